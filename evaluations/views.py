from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from evaluations import selectors, services
from evaluations.models import EvaluationRun

# Who may cancel a run or retry its failures, besides staff: it spends the model budget.
RUN_MANAGERS_GROUP = "Managers"


@login_required
def run_table(request: HttpRequest) -> HttpResponse:
    """The recent runs with live progress: the overview includes it, and HTMX polls it while a
    run is still going."""
    return render(request, "evaluations/_run_table.html", run_table_context(request))


def run_table_context(request: HttpRequest) -> dict:
    runs = selectors.evaluation_runs_recent(limit=10)
    return {
        "runs": runs,
        "runs_active": any(not run.is_terminal for run in runs),
        "can_manage_runs": user_can_manage_runs(request.user),
    }


def user_can_manage_runs(user) -> bool:
    return user.is_authenticated and (
        user.is_staff or user.groups.filter(name=RUN_MANAGERS_GROUP).exists()
    )


@login_required
@require_POST
def run_cancel(request: HttpRequest, run_id: int) -> HttpResponse:
    run = _get_run_for_manager(request, run_id)
    if services.evaluation_run_cancel(run=run):
        message = f"{run}: cancelled. Summaries being judged now finish; no others start."
    else:
        message = f"{run}: nothing to cancel, it is {run.get_status_display().lower()}."
    return _after_run_action(request, message)


@login_required
@require_POST
def run_retry_failed(request: HttpRequest, run_id: int) -> HttpResponse:
    run = _get_run_for_manager(request, run_id)
    retried = services.evaluation_run_retry_failed(run=run)
    if retried:
        message = f"{run}: {retried} failed summar{'y' if retried == 1 else 'ies'} queued again."
    else:
        message = f"{run}: no failed summaries to retry."
    return _after_run_action(request, message)


def _get_run_for_manager(request: HttpRequest, run_id: int) -> EvaluationRun:
    if not user_can_manage_runs(request.user):
        raise PermissionDenied("Only managers and admins can cancel or retry runs.")
    return get_object_or_404(EvaluationRun, pk=run_id)


def _after_run_action(request: HttpRequest, message: str) -> HttpResponse:
    """The run table again for HTMX, with the outcome beside it; a redirect to the overview
    otherwise."""
    if request.htmx:
        context = {**run_table_context(request), "run_message": message}
        response = render(request, "evaluations/_run_table.html", context)
        response["HX-Trigger"] = "runChanged"
        return response
    messages.info(request, message)
    return redirect("home")
