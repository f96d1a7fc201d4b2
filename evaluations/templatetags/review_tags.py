"""Small template helpers of the queue and the review page: scores (N/A never as 0), turn
offsets, and review-page links that keep the page's own parameters; and the two long loops of
those pages, the queue's rows and the transcript's turns, built in Python (see each)."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING
from urllib.parse import quote, urlencode

from django import template
from django.template.defaultfilters import date as date_filter
from django.template.defaultfilters import linebreaksbr
from django.urls import reverse
from django.utils.formats import localize
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.timezone import localtime

from evaluations.judges.types import Score
from evaluations.review import TURN_WINDOW
from summaries.models import Channel, Role, Turn

if TYPE_CHECKING:
    from evaluations.models import SummaryEvaluation
    from evaluations.queue import QueueFilters

register = template.Library()


def _number(value: Score | float | Decimal | None) -> float | None:
    """A score as a number: an engine Score's value, or a stored float; None when N/A."""
    if isinstance(value, Score):
        return value.value
    return None if value is None else float(value)


@register.filter
def score(value: Score | float | Decimal | None) -> str:
    """A score in [0, 1] with two decimals; N/A as "N/A", never as 0."""
    number = _number(value)
    return "N/A" if number is None else f"{number:.2f}"


@register.filter
def score_band(value: Score | float | Decimal | None) -> str:
    """A CSS class for a score: low, mid, high, or na."""
    number = _number(value)
    if number is None:
        return "na"
    value = number
    if value < 0.6:
        return "low"
    if value < 0.9:
        return "mid"
    return "high"


@register.filter
def offset(milliseconds: int | None) -> str:
    """Milliseconds from the start as m:ss, or h:mm:ss past an hour."""
    if milliseconds is None:
        return ""
    seconds = int(milliseconds) // 1000
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"


@register.filter
def turn_page(index: int) -> int:
    return int(index) // TURN_WINDOW


@register.simple_tag
def review_url(conversation_id: int, page_query: dict, **changes: object) -> str:
    """The review page's URL with its parameters (evaluation, back, blind), `changes` applied;
    empty values left out."""
    params = {**page_query, **changes}
    query = urlencode({k: v for k, v in params.items() if v not in (None, "", False)})
    url = reverse("evaluations:review", args=[conversation_id])
    return f"{url}?{query}" if query else url


@register.simple_tag
def turn_url(conversation_id: int, page_query: dict, index: int) -> str:
    """Where a cited turn is: its window of the transcript, scrolled to it."""
    page = int(index) // TURN_WINDOW
    url = review_url(conversation_id, page_query, turns=page or None)
    return f"{url}#turn-{index}"


_ROLE_LABELS = dict(Role.choices)
_TURN = (
    '\n    <li id="turn-{index}" class="turn role-{role}" value="{index}">\n'
    '      <div class="turn-meta">\n'
    '        <span class="turn-index">#{index}</span>\n'
    '        <span class="turn-role">{role_label}</span>\n'
    "        {speaker}\n"
    "        {time}\n"
    "      </div>\n"
    '      <p class="turn-text">{text}</p>\n'
    "    </li>\n  "
)


@register.simple_tag
def transcript_turns(turns: list[Turn]) -> SafeString:
    """The transcript's turns as `<li>` items (see _transcript.html).

    Built here rather than in a template loop: a turn took a dozen variable lookups, and at 150
    turns they were a fifth of the review page's time. `format_html` escapes every value (the
    text is customer-written); `linebreaksbr` escapes the text before adding its `<br>`s."""
    return format_html_join(
        "",
        _TURN,
        (
            {
                "index": turn.index,
                "role": turn.role,
                "role_label": _ROLE_LABELS.get(turn.role, turn.role),
                "speaker": format_html('<span class="turn-speaker">{}</span>', turn.speaker)
                if turn.speaker
                else "",
                "time": format_html(
                    '<time class="turn-time" title="From the start of the conversation">{}</time>',
                    offset(turn.offset_ms),
                )
                if turn.offset_ms is not None
                else "",
                "text": linebreaksbr(turn.text, autoescape=True),
            }
            for turn in turns
        ),
    )


_CHANNEL_LABELS = dict(Channel.choices)


@register.simple_tag
def queue_table_rows(rows: list[SummaryEvaluation], filters: QueueFilters, back: str) -> SafeString:
    """The queue table's `<tr>`s (see _queue_results.html), one per evaluation.

    Built here for the reason `transcript_turns` is: 50 rows of some 25 template nodes each were
    a third of the queue page's time. Every value goes through `format_html`, so it is escaped.
    Each row carries `queue_scores` (the view's: label, value, N/A reason per dimension)."""
    review_link = "?evaluation={}" + ("&amp;blind=1" if filters.blind else "")
    if back:
        review_link += f"&amp;back={quote(back, safe='')}"
    return mark_safe("".join(_queue_row(row, filters, review_link) for row in rows))


def _queue_row(row: SummaryEvaluation, filters: QueueFilters, review_link: str) -> str:
    conversation = row.summary.conversation
    if conversation.started_at:
        started = localtime(conversation.started_at)  # as the template's |date shows it
        started_cell = format_html(
            '<time datetime="{}">{}</time>',
            date_filter(started, "c"),
            date_filter(started, "Y-m-d H:i"),
        )
    else:
        started_cell = mark_safe('<span class="muted">unknown</span>')
    scores = "".join(
        format_html(
            '\n      <td data-label="{}" class="num score-cell">{}</td>\n      ',
            label,
            format_html(
                '<span class="badge na" title="{}">N/A<span class="visually-hidden">: {}</span>'
                "</span>",
                reason,
                reason,
            )
            if value is None
            else format_html('<span class="score {}">{}</span>', score_band(value), score(value)),
        )
        for label, value, reason in row.queue_scores  # type: ignore[attr-defined]
    )
    failing = ""
    if not filters.blind:
        failing = format_html(
            '<td data-label="Failing items" class="num span-2">{}</td>',
            format_html('<span class="badge fail">{}</span>', localize(row.failing_points))
            if row.failing_points
            else mark_safe('<span class="muted">0</span>'),
        )
    if row.is_reviewed_by_me:  # type: ignore[attr-defined]
        reviewed = '<span class="badge pass">Yes, by you</span>'
    elif row.is_reviewed:  # type: ignore[attr-defined]
        reviewed = '<span class="badge pass">Yes</span>'
    else:
        reviewed = '<span class="muted">Not yet</span>'
    return format_html(
        "\n    \n    <tr>\n"
        '      <td data-label="Conversation" class="span-all">\n'
        '        <a class="row-link" href="{}{}">{}</a>\n'
        '        <span class="badge">{}</span>\n'
        "      </td>\n"
        '      <td data-label="Started" class="span-2">{}</td>\n'
        '      <td data-label="Queue · agent" class="span-2">{}<br>'
        '<span class="muted small">{}</span></td>\n'
        "      {}\n"
        "      {}\n"
        '      <td data-label="Reviewed" class="span-2">{}</td>\n'
        "    </tr>\n    \n  ",
        reverse("evaluations:review", args=[conversation.pk]),
        format_html(review_link, row.pk),
        conversation.external_id,
        _CHANNEL_LABELS.get(conversation.channel, conversation.channel),
        started_cell,
        conversation.queue or "(no queue)",
        str(conversation.agent) if conversation.agent else "No agent (bot only)",
        mark_safe(scores),
        failing,
        mark_safe(reviewed),
    )
