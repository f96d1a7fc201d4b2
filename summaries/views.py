from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from evaluations.views import run_table_context
from summaries import selectors


@login_required
def home(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "summaries/home.html",
        {"overview": selectors.platform_overview(), **run_table_context(request)},
    )


def healthz(request: HttpRequest) -> JsonResponse:
    """Liveness for the demo script and container health checks: the database answers."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return JsonResponse({"status": "ok"})
