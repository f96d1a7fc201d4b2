"""The managers' dashboard: `/dashboard/`, and its CSV export."""

from __future__ import annotations

import csv
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.decorators import permission_required
from django.http import HttpResponse, StreamingHttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_safe
from django_htmx.http import push_url

from config.http import SignedInRequest
from config.staticfiles import plotly_inline_style_ids
from evaluations import charts, dashboard
from evaluations.forms import DashboardFilterForm
from evaluations.queue import QueueFilters
from summaries.models import Summary
from summaries.selectors import agents_all, conversation_queues

VIEW_DASHBOARD = "evaluations.view_dashboard"
RESULTS_ID = "dashboard-results"
EXPORT_PARTS = {"aggregates", "evaluations"}


def _filters(request: SignedInRequest) -> tuple[DashboardFilterForm, dashboard.DashboardFilters]:
    form = DashboardFilterForm(request.GET)
    form.is_valid()
    return form, form.filters()


def _generators() -> list[str]:
    """Every summarizer that wrote a summary (a scan of summary_generator_idx)."""
    return list(
        Summary.objects.order_by("generator").values_list("generator", flat=True).distinct()
    )


@require_safe
@permission_required(VIEW_DASHBOARD, raise_exception=True)
def dashboard_page(request: SignedInRequest) -> HttpResponse:
    """Weekly trends, breakdowns, distributions, agreement and the weakest agents and sections
    for the filtered conversations; everything in the URL. HTMX swaps only the results when a
    filter changes, and the address bar follows."""
    form, filters = _filters(request)
    report = dashboard.dashboard_report(filters)
    context: dict[str, Any] = {
        "form": form,
        "errors": form.error_list(),
        "filters": filters,
        "report": report,
        "query": filters.query(),
        **_results_context(filters, report),
    }
    if (
        request.htmx
        and request.htmx.target == RESULTS_ID
        and not request.htmx.history_restore_request
    ):
        response = render(request, "evaluations/_dashboard_results.html", context)
        query = filters.query()
        push_url(response, f"{request.path}?{query}" if query else request.path)
    else:
        context |= {
            "queues": conversation_queues(),
            "agents": list(agents_all()),
            "generators": _generators(),
            "breakdowns": dashboard.BREAKDOWNS,
            "ranks": dashboard.RANKS,
            "plotly_style_ids": plotly_inline_style_ids(),
        }
        response = render(request, "evaluations/dashboard.html", context)
    patch_vary_headers(response, ["HX-Request", "HX-Target"])
    return response


@dataclass(frozen=True)
class Kpi:
    label: str
    mean: str
    note: str


@dataclass(frozen=True)
class Switch:
    label: str
    query: str
    is_current: bool


@dataclass(frozen=True)
class WeakItem:
    row: dashboard.WeakRow
    score: str
    accuracy: str
    failing: str
    url: str


def _results_context(
    filters: dashboard.DashboardFilters, report: dashboard.DashboardReport
) -> dict[str, Any]:
    """What the results fragment shows, formatted: the period's means, the switches, and the
    weakest agents and sections with their drill-down links into the queue."""
    kpis = []
    for dimension, stat in report.overall.items():
        if stat.judged:
            note = f"{stat.scored} scored · N/A {charts.percent(stat.na_rate)}"
        else:
            note = "not judged by this configuration"
        kpis.append(Kpi(dimension.capitalize(), charts.score(stat.mean), note))
    queue = reverse("evaluations:queue")
    # The drill-down opens the evaluations the dashboard counted: those of the configuration it
    # shows, named even when the URL left it to the default.
    config = report.version.token if report.version else ""

    def weak(row: dashboard.WeakRow, queue_filters: QueueFilters) -> WeakItem:
        accuracy = row.stats.get("accuracy")
        failing = f"{charts.percent(row.failing_rate)} of {row.items}" if row.items else "–"
        return WeakItem(
            row=row,
            score=charts.score(row.score),
            accuracy=charts.score(accuracy.mean if accuracy else None),
            failing=failing,
            url=f"{queue}?{queue_filters.query()}",
        )

    return {
        "kpis": kpis,
        "breakdown_links": [
            Switch(label, filters.query(breakdown=key), key == filters.breakdown)
            for key, label in dashboard.BREAKDOWNS.items()
        ],
        "rank_links": [
            Switch(label, filters.query(rank=key), key == filters.rank)
            for key, label in dashboard.RANKS.items()
        ],
        "agent_rows": [
            weak(row, filters.queue_filters(agent=row.key, sort="accuracy", config=config))
            for row in report.weakest_agents
        ],
        "section_rows": [
            weak(row, filters.queue_filters(section=row.key, sort="-failing", config=config))
            for row in report.weakest_sections
        ],
    }


class _Echo:
    """A file-like object whose write returns the line: csv.writer then yields rows to stream."""

    def write(self, value: str) -> str:
        return value


def _csv_lines(header: Iterable[str], rows: Iterable[Iterable[Any]]) -> Iterator[str]:
    writer = csv.writer(_Echo())
    yield writer.writerow(header)
    for row in rows:
        yield writer.writerow(["" if value is None else value for value in row])


@require_safe
@permission_required(VIEW_DASHBOARD, raise_exception=True)
def dashboard_export(request: SignedInRequest) -> HttpResponse | StreamingHttpResponse:
    """Exactly what the filters select, as CSV: `part=aggregates` (the weekly numbers the charts
    draw) or `part=evaluations` (the evaluations behind them, one row each), streamed."""
    form, filters = _filters(request)
    part = request.GET.get("part", "aggregates")
    if part not in EXPORT_PARTS or form.errors:
        problems = form.error_list() or [f"part: choose one of {', '.join(sorted(EXPORT_PARTS))}"]
        return HttpResponse("; ".join(problems), status=400, content_type="text/plain")
    if part == "aggregates":
        lines = _csv_lines(dashboard.AGGREGATE_COLUMNS, dashboard.export_aggregate_rows(filters))
    else:
        uses = dashboard.config_uses(filters)
        version = dashboard.config_chosen(filters, uses)
        rows: Iterable[Iterable[Any]] = (
            dashboard.export_evaluation_rows(dashboard.counted_evaluations(filters, version))
            if version is not None
            else []
        )
        lines = _csv_lines(dashboard.EXPORT_COLUMNS, rows)
    response = StreamingHttpResponse(lines, content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="dashboard-{part}.csv"'
    return response
