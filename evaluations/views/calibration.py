"""The calibration page (judge against analysts) and the list of the items behind each number."""

from __future__ import annotations

from dataclasses import dataclass
from urllib.parse import urlencode

from django.contrib.auth.decorators import permission_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.http import require_safe

from config.http import HtmxHttpRequest
from evaluations import calibration_selectors as selectors
from evaluations.calibration import CELLS, MIN_REVIEWED_ITEMS
from evaluations.forms import CalibrationFilterForm, CalibrationItemsForm
from evaluations.models import VerdictReview

# Everyone who reads the product's pages reads calibration: the permission on the reviews.
VIEW_CALIBRATION = "evaluations.view_verdictreview"
ITEMS_PER_PAGE = 50


@dataclass(frozen=True)
class LineLinks:
    """One row of the calibration table with the links of its numbers: `items` for the count,
    the agreement and kappa, and one per confusion cell. A section with too few reviews in both
    modes is one row (`shown` is then its judge-shown line, `line` its blind one)."""

    line: selectors.CalibrationLine
    is_total: bool
    items: str
    cells: dict[str, str]
    shown: selectors.CalibrationLine | None = None
    shown_items: str = ""


def _rows(lines: list[selectors.CalibrationLine], *, is_total: bool, base: str) -> list[LineLinks]:
    """The rows of some lines, with their links; reverse() was called once, by the caller."""

    def url(line: selectors.CalibrationLine, cell: str = "") -> str:
        return f"{base}?{urlencode(line.key.query(cell))}"

    rows = []
    index = 0
    while index < len(lines):
        line = lines[index]
        after = lines[index + 1] if index + 1 < len(lines) else None
        if (
            not is_total
            and after is not None
            and after.key.section == line.key.section
            and not line.stats.enough
            and not after.stats.enough
        ):
            rows.append(
                LineLinks(line, is_total, url(line), {}, shown=after, shown_items=url(after))
            )
            index += 2
            continue
        cells = {cell: url(line, cell) for cell in CELLS} if line.stats.enough else {}
        rows.append(LineLinks(line, is_total, url(line), cells))
        index += 1
    return rows


def _links(reports: list[selectors.VersionReport]) -> dict[int, list[list[LineLinks]]]:
    """Every row of every report, by report and dimension."""
    base = reverse("evaluations:calibration_items")
    return {
        id(report): [
            _rows(dimension.total, is_total=True, base=base)
            + _rows(dimension.sections, is_total=False, base=base)
            for dimension in report.dimensions
        ]
        for report in reports
    }


@require_safe
@permission_required(VIEW_CALIBRATION, raise_exception=True)
def calibration(request: HtmxHttpRequest) -> HttpResponse:
    """Agreement, Cohen's kappa and confusion counts per judge version, dimension and section,
    blind and not blind apart; HTMX swaps the report when the filter changes."""
    reports = selectors.calibration_report()
    form = CalibrationFilterForm(request.GET or None, versions=[r.version for r in reports])
    selected = form.selected_version()
    shown = [r for r in reports if selected is None or r.version == selected]
    links = _links(shown)
    context = {
        "form": form,
        "reports": [
            (report, zip(report.dimensions, links[id(report)], strict=True)) for report in shown
        ],
        "minimum": MIN_REVIEWED_ITEMS,
        "has_reviews": bool(reports),
    }
    if request.htmx:
        return render(request, "evaluations/_calibration_report.html", context)
    return render(request, "evaluations/calibration.html", context)


@dataclass(frozen=True)
class ItemRow:
    """One reviewed item of the items page: the review, the item's text and its section's name."""

    review: VerdictReview
    text: str
    section_label: str


@require_safe
@permission_required(VIEW_CALIBRATION, raise_exception=True)
def calibration_items(request: HttpRequest) -> HttpResponse:
    """The reviews behind one number of the calibration page, 50 a page: each item's text, the
    judge's and the analyst's verdicts, who reviewed it and a link to its review page."""
    form = CalibrationItemsForm(request.GET)
    if not form.is_valid():
        return render(request, "evaluations/calibration_items.html", {"form": form}, status=400)
    key = form.cell_key()
    cell = form.cleaned_data["cell"]
    page = Paginator(selectors.calibration_reviews(key=key, cell=cell), ITEMS_PER_PAGE).get_page(
        request.GET.get("page")
    )
    reviews = selectors.reviews_with_conversations(list(page.object_list))
    texts = selectors.verdict_item_texts(reviews)
    sections = selectors.section_names(review.section for review in reviews)
    rows = [
        ItemRow(
            review=review,
            text=texts.get((review.kind, review.item_id), ""),
            section_label=sections.get(review.section, review.section) or "–",
        )
        for review in reviews
    ]
    context = {
        "form": form,
        "key": key,
        "cell": cell,
        "cell_label": form.cell_label(cell),
        "kind_label": selectors.KIND_LABELS[key.kind],
        "section_label": selectors.section_label(key.section),
        "cells": [(c, form.cell_label(c)) for c in ("", *CELLS)],
        "page": page,
        "rows": rows,
    }
    return render(request, "evaluations/calibration_items.html", context)
