from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from evaluations import judging
from evaluations.views import run_table_context
from summaries import selectors as summary_selectors


@login_required
def home(request: HttpRequest) -> HttpResponse:
    """The overview: what is stored, the judge runs use, and the recent runs."""
    context = {
        "overview": summary_selectors.platform_overview(),
        "judge": judging.judge_default(),
        **run_table_context(request),
    }
    return render(request, "web/home.html", context)


def healthz(request: HttpRequest) -> JsonResponse:
    """Liveness for the demo script and container health checks: the database answers."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return JsonResponse({"status": "ok"})
