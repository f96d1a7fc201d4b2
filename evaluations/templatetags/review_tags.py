"""Small template helpers of the queue and the review page: scores (N/A never as 0), turn
offsets, and review-page links that keep the page's own parameters."""

from __future__ import annotations

from decimal import Decimal
from urllib.parse import urlencode

from django import template
from django.template.defaultfilters import linebreaksbr
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

from evaluations.judges.types import Score
from evaluations.review import TURN_WINDOW
from summaries.models import Role, Turn

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
