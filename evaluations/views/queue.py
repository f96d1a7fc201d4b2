"""The conversation queue: `/conversations/`."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.contrib.auth.decorators import permission_required
from django.http import HttpResponse
from django.shortcuts import render
from django.utils import timezone
from django.utils.cache import patch_vary_headers
from django_htmx.http import push_url

from config.http import SignedInRequest
from evaluations.forms import QueueFilterForm
from evaluations.models import SummaryEvaluation
from evaluations.queue import QueueFilters, queue_choices, queue_page

VIEW_QUEUE = "evaluations.view_summaryevaluation"
RESULTS_ID = "queue-results"


@dataclass(frozen=True)
class Column:
    label: str
    sort: str  # the sort key, "" when the column does not sort
    url: str = ""
    direction: str = ""  # "ascending" or "descending" when the queue is sorted by it
    numeric: bool = False


# Lowest scores first is the analyst's question; the newest conversations and the most failing
# items first for the others.
_FIRST_DIRECTION = {"started": "-", "failing": "-"}


SCORE_KEYS = {"accuracy", "adherence", "completeness", "summarization", "failing"}


def _columns(filters: QueueFilters) -> list[Column]:
    """The table's columns with their sort links; a blind queue shows no judge's score."""
    columns = []
    for label, key, numeric in (
        ("Conversation", "", False),
        ("Started", "started", False),
        ("Queue · agent", "", False),
        ("Accuracy", "accuracy", True),
        ("Adherence", "adherence", True),
        ("Completeness", "completeness", True),
        ("Summarization", "summarization", True),
        ("Failing items", "failing", True),
        ("Reviewed", "", False),
    ):
        if filters.blind and key in SCORE_KEYS:
            continue
        if not key:
            columns.append(Column(label, ""))
            continue
        current = filters.sort_key == key
        if current:
            sort = key if filters.descending else f"-{key}"
        else:
            sort = f"{_FIRST_DIRECTION.get(key, '')}{key}"
        direction = ("descending" if filters.descending else "ascending") if current else ""
        columns.append(Column(label, key, f"?{filters.query(sort=sort)}", direction, numeric))
    return columns


def sort_options(filters: QueueFilters) -> list[tuple[str, str]]:
    """The "Sort by" choices (the column headers do the same, but a phone shows none); a blind
    queue sorts by date only, since an order by score would give the judge away."""
    options = [("-started", "Newest first"), ("started", "Oldest first")]
    if not filters.blind:
        for dimension in ("accuracy", "adherence", "completeness", "summarization"):
            label = dimension.capitalize()
            options += [
                (dimension, f"{label}, lowest first"),
                (f"-{dimension}", f"{label}, highest first"),
            ]
        options += [("-failing", "Most failing items"), ("failing", "Fewest failing items")]
    return options


@dataclass(frozen=True)
class Preset:
    label: str
    url: str
    is_current: bool


def presets(filters: QueueFilters, today: dt.date) -> list[Preset]:
    """One-click views; "Low accuracy this week" is two clicks from anywhere (Queue, then it)."""
    week_ago = today - dt.timedelta(days=6)
    views = [
        ("All conversations", QueueFilters()),
        (
            "Low accuracy this week",
            QueueFilters(date_from=week_ago, accuracy_max=0.8, sort="accuracy"),
        ),
        ("Failing, not reviewed", QueueFilters(failing=True, reviewed="no", sort="-failing")),
        ("With an N/A", QueueFilters(has_na=True)),
        ("Reviewed by me", QueueFilters(reviewed="mine")),
    ]
    return [
        Preset(label, f"?{preset.query()}" if preset.query() else "?", preset == filters)
        for label, preset in views
    ]


@permission_required(VIEW_QUEUE, raise_exception=True)
def queue(request: SignedInRequest) -> HttpResponse:
    """Conversations with their summary and its latest evaluation, filtered, sorted and paged;
    everything in the URL. HTMX swaps only the results when the filters change."""
    form = QueueFilterForm(request.GET)
    form.is_valid()
    filters = form.filters()
    try:
        number = int(request.GET.get("page", "1"))
    except ValueError:
        number = 1
    page = queue_page(filters=filters, user=request.user, number=number)
    for row in page.rows:
        # Read by _queue_results.html, one cell per dimension.
        row.queue_scores = [] if filters.blind else _scores(row)  # type: ignore[attr-defined]
    context = {
        "form": form,
        "errors": form.error_list(),
        "filters": filters,
        "page": page,
        "columns": _columns(filters),
        "sort_options": sort_options(filters),
        "back": filters.query(),
        "previous_url": f"?{_with_page(filters, page.number - 1)}",
        "next_url": f"?{_with_page(filters, page.number + 1)}",
    }
    if (
        request.htmx
        and request.htmx.target == RESULTS_ID
        and not request.htmx.history_restore_request
    ):
        response = render(request, "evaluations/_queue_response.html", context)
        # The address bar shows the view without the empty fields a form sends.
        push_url(response, f"{request.path}?{_with_page(filters, page.number)}")
    else:
        context |= {
            "choices": queue_choices(),
            "presets": presets(filters, timezone.localdate()),
        }
        response = render(request, "evaluations/queue.html", context)
    patch_vary_headers(response, ["HX-Request", "HX-Target"])
    return response


def _scores(row: SummaryEvaluation) -> list[tuple[str, float | None, str]]:
    """A row's four scores with their N/A reasons, in the columns' order."""
    asked = row.run.dimensions or []
    scores = []
    for dimension in ("accuracy", "adherence", "completeness", "summarization"):
        value = getattr(row, dimension)
        if dimension not in asked:
            reason = "not asked for in this run"
        elif dimension == "summarization":
            reason = ""
        else:
            reason = getattr(row, f"{dimension}_na_reason")
        scores.append((dimension.capitalize(), value, reason))
    return scores


def _with_page(filters: QueueFilters, number: int) -> str:
    query = filters.query()
    if number <= 1:
        return query
    return f"{query}&page={number}" if query else f"page={number}"
