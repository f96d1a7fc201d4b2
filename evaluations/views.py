from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from evaluations import selectors


@login_required
def run_table(request: HttpRequest) -> HttpResponse:
    """The recent runs with live progress: the overview includes it, and HTMX polls it while a
    run is still going."""
    return render(request, "evaluations/_run_table.html", run_table_context())


def run_table_context() -> dict:
    runs = selectors.evaluation_runs_recent(limit=10)
    return {"runs": runs, "runs_active": any(not run.is_terminal for run in runs)}
