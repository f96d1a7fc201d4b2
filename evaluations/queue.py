"""The conversation queue (reads only): conversations with their summary and its latest
evaluation, filtered, sorted and a page at a time; and the neighbours of one row, for the review
page's next/previous.

Built for 100k conversations:

- A row is a `SummaryEvaluation`: the latest succeeded one of each summary (`is_latest`, a partial
  unique index), or with a run chosen, that run's succeeded ones. Its denormalised columns
  (`failing_points`, `has_na`) filter without reading the verdict tables.
- The conversation's start, queue and channel are copied onto the evaluation (kept by the
  database's triggers, evaluations migration 0020), so filters on them and on the scores read one
  table: the join through the summary to every candidate conversation cost more than the page.
- Score sorts read the partial indexes `evaluation_latest_<dimension>_idx`; the default (newest
  conversation first) walks `evaluation_latest_started_idx`, or `evaluation_latest_queue_idx`
  within one queue.
- The count stops at `COUNT_CAP` (the page says "10,000+"): an exact count of a large filtered
  join costs more than the page it heads. A free-text search is not counted at all: a common
  word is in most conversations, and finding 10,000 of them reads some 200k turns (seconds at
  100k conversations), while the page itself stops at the first 51.
- Free text searches turns with PostgreSQL full-text search (`summaries.selectors`), a
  substring match on SQLite.
- Every page is a fixed number of queries whatever it shows (the tests count them).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field, fields, replace
from typing import Any

from django.contrib.auth.models import User
from django.db.models import Exists, F, OuterRef, Q, QuerySet
from django.http import QueryDict

from evaluations.calibration_selectors import JudgeVersion
from evaluations.models import DashboardDay, EvaluationRun, SummaryEvaluation, SummaryReview
from summaries.models import Agent, Summary, SummarySection
from summaries.selectors import agents_all, conversation_queues, conversations_matching_text

PAGE_SIZE = 50
COUNT_CAP = 10_000
DIMENSIONS = ("accuracy", "adherence", "completeness", "summarization")
NO_AGENT = "none"  # the agent filter's value for conversations no human agent handled

# The sorts the queue offers: the URL's value -> the column (ascending); "-x" is descending.
SORT_COLUMNS = {
    "started": "conversation_started_at",
    "accuracy": "accuracy",
    "adherence": "adherence",
    "completeness": "completeness",
    "summarization": "summarization",
    "failing": "failing_points",
}
DEFAULT_SORT = "-started"
REVIEWED_CHOICES = {
    "yes": "Reviewed",
    "no": "Not reviewed",
    "mine": "Reviewed by me",
    "not_mine": "Not reviewed by me",
}


@dataclass(frozen=True)
class QueueFilters:
    """What the queue shows, as the URL says it (see `evaluations.forms.QueueFilterForm`)."""

    date_from: dt.date | None = None
    date_to: dt.date | None = None
    queue: str = ""
    agent: str = ""  # an agent's external id, or NO_AGENT
    channel: str = ""
    generator: str = ""  # the summarizer
    # A judge configuration (a JudgeVersion token): each summary's latest evaluation under it,
    # the one the dashboard counts, instead of its latest under any.
    config: str = ""
    run: int | None = None
    accuracy_min: float | None = None
    accuracy_max: float | None = None
    adherence_min: float | None = None
    adherence_max: float | None = None
    completeness_min: float | None = None
    completeness_max: float | None = None
    summarization_min: float | None = None
    summarization_max: float | None = None
    has_na: bool | None = None
    failing: bool | None = None
    reviewed: str = ""  # a key of REVIEWED_CHOICES
    text: str = ""
    section: str = ""  # a section key: summaries with that section (the dashboard's drill-down)
    sort: str = DEFAULT_SORT
    # Not a filter: the queue hides the judge's scores and opens conversations for a blind review.
    blind: bool = False
    extra: dict[str, Any] = field(default_factory=dict, compare=False, repr=False)

    @property
    def sort_key(self) -> str:
        return self.sort.removeprefix("-")

    @property
    def descending(self) -> bool:
        return self.sort.startswith("-")

    @property
    def is_filtered(self) -> bool:
        defaults = QueueFilters()
        return any(
            getattr(self, f.name) != getattr(defaults, f.name)
            for f in fields(self)
            if f.name not in ("sort", "extra", "blind")
        )

    def query(self, **changes: Any) -> str:
        """These filters (with `changes`) as a URL query string, defaults left out."""
        filters = replace(self, **changes)
        params = QueryDict(mutable=True)
        defaults = QueueFilters()
        for f in fields(filters):
            value = getattr(filters, f.name)
            if f.name == "extra" or value == getattr(defaults, f.name) or value is None:
                continue
            if f.name == "text":
                params["q"] = value
            elif f.name == "blind":
                params["blind"] = "1"
            elif isinstance(value, bool):
                params[f.name] = "yes" if value else "no"
            elif isinstance(value, dt.date):
                params[f.name] = value.isoformat()
            elif isinstance(value, float):
                params[f.name] = f"{value:g}"
            else:
                params[f.name] = str(value)
        return params.urlencode()


def _day_start(day: dt.date) -> dt.datetime:
    return dt.datetime.combine(day, dt.time.min, tzinfo=dt.UTC)


def queue_rows(
    *, filters: QueueFilters, user: User, for_display: bool = True
) -> QuerySet[SummaryEvaluation]:
    """The queue's rows, filtered and sorted (not yet sliced): succeeded evaluations with their
    summary, conversation, agent and run, and whether anyone (`is_reviewed`) or this user
    (`is_reviewed_by_me`) marked them reviewed. Not `for_display` (next/previous only need the
    rows' ids), the review marks are only filtered on and nothing is joined for showing."""
    rows = SummaryEvaluation.objects.filter(status=SummaryEvaluation.Status.SUCCEEDED)
    version = JudgeVersion.from_token(filters.config) if filters.config else None
    if filters.run:
        rows = rows.filter(run_id=filters.run)
        if version is not None:
            rows = rows.filter(
                judge=version.judge, model=version.model, prompt_version=version.prompt_version
            )
    elif version is not None:
        # The dashboard's rollup names each summary's latest evaluation under a configuration.
        rows = rows.filter(
            dashboard_fact__judge=version.judge,
            dashboard_fact__model=version.model,
            dashboard_fact__prompt_version=version.prompt_version,
        )
    else:
        rows = rows.filter(is_latest=True)
    # The conversation's start, queue and channel are read from the evaluation's copies (see
    # the module's docstring).
    if filters.date_from:
        rows = rows.filter(conversation_started_at__gte=_day_start(filters.date_from))
    if filters.date_to:
        rows = rows.filter(
            conversation_started_at__lt=_day_start(filters.date_to + dt.timedelta(1))
        )
    if filters.queue:
        rows = rows.filter(conversation_queue=filters.queue)
    conversation = "summary__conversation__"
    if filters.agent == NO_AGENT:
        rows = rows.filter(**{f"{conversation}agent__isnull": True})
    elif filters.agent:
        rows = rows.filter(**{f"{conversation}agent__external_id": filters.agent})
    if filters.channel:
        rows = rows.filter(conversation_channel=filters.channel)
    if filters.generator:
        rows = rows.filter(summary__generator=filters.generator)
    for dimension in DIMENSIONS:
        low = getattr(filters, f"{dimension}_min")
        high = getattr(filters, f"{dimension}_max")
        # A band leaves N/A out: an N/A is no score, not a low one.
        if low is not None:
            rows = rows.filter(**{f"{dimension}__gte": low})
        if high is not None:
            rows = rows.filter(**{f"{dimension}__lte": high})
    if filters.has_na is not None:
        rows = rows.filter(has_na=filters.has_na)
    if filters.failing is not None:
        rows = (
            rows.filter(failing_points__gt=0) if filters.failing else rows.filter(failing_points=0)
        )
    reviews = SummaryReview.objects.filter(evaluation=OuterRef("pk"))
    reviewed = Exists(reviews)
    reviewed_by_me = Exists(reviews.filter(reviewer=user.pk))
    if for_display:
        rows = rows.annotate(is_reviewed=reviewed, is_reviewed_by_me=reviewed_by_me)
    if filters.reviewed == "yes":
        rows = rows.filter(reviewed)
    elif filters.reviewed == "no":
        rows = rows.filter(~reviewed)
    elif filters.reviewed == "mine":
        rows = rows.filter(reviewed_by_me)
    elif filters.reviewed == "not_mine":
        rows = rows.filter(~reviewed_by_me)
    if filters.section:
        rows = rows.filter(
            Exists(
                SummarySection.objects.filter(
                    summary_id=OuterRef("summary_id"), definition__key=filters.section
                )
            )
        )
    if filters.text.strip():
        rows = rows.filter(
            summary__conversation_id__in=conversations_matching_text(filters.text.strip())
        )
    if for_display:
        rows = rows.select_related("summary__conversation__agent", "run")
    return rows.order_by(*_ordering(filters))


def _ordering(filters: QueueFilters) -> list:
    column = F(SORT_COLUMNS.get(filters.sort_key, SORT_COLUMNS["started"]))
    if filters.descending:
        return [column.desc(nulls_last=True), F("pk").desc()]
    return [column.asc(nulls_last=True), F("pk").asc()]


@dataclass(frozen=True)
class QueuePage:
    rows: list[SummaryEvaluation]
    number: int
    count: int | None  # capped at COUNT_CAP + 1; None when not counted (a free-text search)
    has_next: bool

    @property
    def is_counted(self) -> bool:
        return self.count is not None

    @property
    def count_is_capped(self) -> bool:
        return self.count is not None and self.count > COUNT_CAP

    @property
    def shown_count(self) -> int | None:
        return None if self.count is None else min(self.count, COUNT_CAP)

    @property
    def pages(self) -> int | None:
        """How many pages there are; None when the count is capped or not taken."""
        if self.count is None or self.count_is_capped:
            return None
        return max(1, -(-self.count // PAGE_SIZE))

    @property
    def first_index(self) -> int:
        return (self.number - 1) * PAGE_SIZE + 1 if self.rows else 0

    @property
    def last_index(self) -> int:
        return (self.number - 1) * PAGE_SIZE + len(self.rows)

    @property
    def has_previous(self) -> bool:
        return self.number > 1


def queue_page(*, filters: QueueFilters, user: User, number: int = 1) -> QueuePage:
    """One page of the queue: two queries, the capped count and the rows; one, the rows, for
    a free-text search, which is not counted (see the module's docstring)."""
    rows = queue_rows(filters=filters, user=user)
    count: int | None = None
    if filters.text.strip():
        number = max(1, min(number, COUNT_CAP // PAGE_SIZE))
    else:
        count = rows.order_by().values("pk")[: COUNT_CAP + 1].count()
        last_page = max(1, -(-min(count, COUNT_CAP) // PAGE_SIZE))
        number = max(1, min(number, last_page))
    start = (number - 1) * PAGE_SIZE
    page_rows = list(rows[start : start + PAGE_SIZE + 1])
    return QueuePage(
        rows=page_rows[:PAGE_SIZE],
        number=number,
        count=count,
        has_next=len(page_rows) > PAGE_SIZE,
    )


def queue_neighbours(
    *, filters: QueueFilters, user: User, evaluation: SummaryEvaluation
) -> tuple[SummaryEvaluation | None, SummaryEvaluation | None]:
    """The rows before and after `evaluation` in the queue as filtered and sorted, or None at
    either end; for an evaluation the filters leave out, the rows around where it would be.

    Keyset, no OFFSET, and no OR: each step is one range of one index (the sort column's), so
    PostgreSQL starts at the row instead of walking the queue to it. In the queue's order (the
    column in its direction, N/A last, then the id in the same direction), the row after
    (value, id) is the first of: the same value with a further id; a further value; the N/A rows
    (by id). Before it, mirrored. One to three queries each way; usually two. The rows come
    with their summary's conversation id only (what a link to them needs)."""
    rows = (
        queue_rows(filters=filters, user=user, for_display=False)
        .select_related("summary")
        .only("pk", "summary__conversation_id")
    )
    column = SORT_COLUMNS.get(filters.sort_key, SORT_COLUMNS["started"])
    value = (
        SummaryEvaluation.objects.filter(pk=evaluation.pk).values_list(column, flat=True).first()
    )
    back = _step(rows, column, value, evaluation.pk, not filters.descending, filters.descending)
    on = _step(rows, column, value, evaluation.pk, filters.descending, filters.descending)
    return back, on


def _step(
    rows: QuerySet[SummaryEvaluation],
    column: str,
    value: Any,
    pk: int,
    descending: bool,
    queue_descending: bool,
) -> SummaryEvaluation | None:
    """The first row from (value, pk) walking (column, pk) both descending or both ascending.
    The N/A rows (null) are at the queue's end: after every value when the walk goes the queue's
    way, before every value when it walks back."""
    further = "lt" if descending else "gt"
    by_pk = F("pk").desc() if descending else F("pk").asc()
    by_column = F(column).desc() if descending else F(column).asc()
    nulls = Q(**{f"{column}__isnull": True})
    # Walking the queue's own way, the N/A rows come after every value; walking back, before.
    nulls_after = descending == queue_descending
    if value is None:
        found = rows.filter(nulls, **{f"pk__{further}": pk}).order_by(by_pk).first()
        if found is not None or nulls_after:
            return found
        return rows.exclude(nulls).order_by(by_column, by_pk).first()
    found = rows.filter(**{column: value, f"pk__{further}": pk}).order_by(by_pk).first()
    if found is None:
        found = rows.filter(**{f"{column}__{further}": value}).order_by(by_column, by_pk).first()
    if found is None and nulls_after:
        found = rows.filter(nulls).order_by(by_pk).first()
    return found


@dataclass(frozen=True)
class QueueChoices:
    """The filter form's options (five queries)."""

    queues: list[str]
    agents: list[Agent]
    runs: list[EvaluationRun]
    generators: list[str] = field(default_factory=list)
    configs: list[JudgeVersion] = field(default_factory=list)


def queue_choices() -> QueueChoices:
    configs = (
        DashboardDay.objects.values_list("judge", "model", "prompt_version")
        .distinct()
        .order_by("model", "prompt_version", "judge")
    )
    return QueueChoices(
        queues=conversation_queues(),
        agents=list(agents_all()),
        runs=list(EvaluationRun.objects.order_by("-created_at", "-id")[:50]),
        # A scan of summary_generator_idx; the configurations from the dashboard's day rollup
        # (a few thousand rows), not from every evaluation.
        generators=list(
            Summary.objects.order_by("generator").values_list("generator", flat=True).distinct()
        ),
        configs=[JudgeVersion(*config) for config in configs],
    )
