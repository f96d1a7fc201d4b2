"""Formatting and links for the calibration pages."""

from __future__ import annotations

from urllib.parse import urlencode

from django import template
from django.urls import reverse

from evaluations.calibration import kappa_strength
from evaluations.calibration_selectors import CellKey
from evaluations.models import VerdictReview

register = template.Library()


@register.simple_tag
def calibration_items_url(key: CellKey, cell: str = "") -> str:
    """The items page of one calibration cell, or of one of its confusion cells."""
    return f"{reverse('evaluations:calibration_items')}?{urlencode(key.query(cell))}"


@register.filter
def percent(value: float | None) -> str:
    """0.925 -> "92.5%"; None -> "–"."""
    return "–" if value is None else f"{value * 100:.1f}%"


@register.filter
def kappa(value: float | None) -> str:
    """Two decimals with a real minus sign; None -> "–"."""
    return "–" if value is None else f"{value:.2f}".replace("-", "−")


@register.filter
def strength(value: float | None) -> str:
    return "" if value is None else kappa_strength(value)


@register.simple_tag
def review_url(review: VerdictReview) -> str:
    """The review page of the reviewed item's conversation, on the run that judged it."""
    evaluation = review.evaluation
    return f"/conversations/{evaluation.summary.conversation_id}/?run={evaluation.run_id}"
