from __future__ import annotations

from django.contrib.auth.decorators import login_not_required
from django.contrib.auth.models import AnonymousUser, User
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import NoReverseMatch, reverse

from web import roles


def _url(name: str) -> str | None:
    try:
        return reverse(name)
    except NoReverseMatch:  # a page still to come
        return None


def start_url(user: User | AnonymousUser) -> str | None:
    """Where a user starts: reviewers (analysts, admins) at the queue; readers who have the
    dashboard (managers) there once it exists, the queue until then; None without a role."""
    queue = _url("evaluations:queue") or _url("evaluations:run_list")
    if user.has_perm(roles.REVIEW):
        return queue
    if user.has_perm(roles.VIEW_DASHBOARD) and (dashboard := _url("evaluations:dashboard")):
        return dashboard
    if user.has_perm(roles.VIEW_QUEUE):
        return queue
    return None


def home(request: HttpRequest) -> HttpResponse:
    """`/` sends each role to its start page; an account with no role is told so (403)."""
    url = start_url(request.user)
    if url is None:
        return render(request, "web/no_role.html", status=403)
    return redirect(url)


@login_not_required
def healthz(request: HttpRequest) -> JsonResponse:
    """Liveness for the demo script and container health checks: the database answers."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    return JsonResponse({"status": "ok"})
