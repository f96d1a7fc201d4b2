from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import permission_required
from django.contrib.auth.models import AnonymousUser, User
from django.core.exceptions import ValidationError
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse, QueryDict, StreamingHttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_POST

from config.http import HtmxHttpRequest, SignedInRequest
from evaluations import judging, selectors, services
from evaluations.exports import ExportFormat, export_chunks
from evaluations.forms import RunForm
from evaluations.judges.types import DIMENSIONS
from evaluations.models import EvaluationRun, SummaryEvaluation
from summaries import selectors as summary_selectors

VIEW_RUNS = "evaluations.view_evaluationrun"
# Cancelling a run or retrying its failures spends (or stops spending) the model budget.
MANAGE_RUNS = "evaluations.manage_run"
# Starting a run from the browser spends the model budget: admins only.
START_RUNS = "evaluations.add_evaluationrun"
# Every verdict of a run, with conversation ids: admins only unless a deployment grants it.
EXPORT_RUNS = "evaluations.export_run"


@permission_required(VIEW_RUNS, raise_exception=True)
def run_list(request: HttpRequest) -> HttpResponse:
    """The runs page: the recent runs with live progress, the judge runs use, what is stored
    per queue, and the active section definitions."""
    context = {
        "overview": summary_selectors.platform_overview(),
        "judge": judging.judge_default(),
        "can_start_runs": request.user.has_perm(START_RUNS),
        **run_table_context(request),
    }
    return render(request, "evaluations/run_list.html", context)


@permission_required(VIEW_RUNS, raise_exception=True)
def run_table(request: HttpRequest) -> HttpResponse:
    """The recent runs with live progress: the overview includes it, and HTMX polls it while a
    run is still going."""
    return render(request, "evaluations/_run_table.html", run_table_context(request))


def run_table_context(request: HttpRequest) -> dict:
    runs = selectors.evaluation_runs_recent(limit=10)
    for run in runs:
        run.mean_scores = [  # type: ignore[attr-defined]
            (dimension.capitalize(), getattr(run, f"mean_{dimension}"), dimension in run.dimensions)
            for dimension in DIMENSIONS
        ]
    return {
        "runs": runs,
        # `progress` is set on each run by the selector.
        "runs_active": any(run.progress.in_flight for run in runs),  # type: ignore[attr-defined]
        "can_manage_runs": user_can_manage_runs(request.user),
    }


@permission_required(VIEW_RUNS, raise_exception=True)
def run_detail(request: HtmxHttpRequest, run_id: int) -> HttpResponse:
    """One run: where it stands (polled while it goes on), its scope and configuration, scores,
    the failures with their messages, and every evaluation, a page at a time."""
    run = get_object_or_404(EvaluationRun.objects.select_related("created_by"), pk=run_id)
    context = {
        "run": run,
        "progress": selectors.evaluation_run_progress(run=run),
        "batch_progress": selectors.evaluation_run_batch_progress(run_id=run.pk)
        if run.batch
        else None,
        "duration": _duration(run),
        "usage": selectors.evaluation_run_totals(run_id=run.pk),
        "can_manage_runs": user_can_manage_runs(request.user),
        "can_export_runs": request.user.has_perm(EXPORT_RUNS),
    }
    if request.htmx and request.GET.get("fragment") == "status":
        return render(request, "evaluations/_run_status.html", context)
    status = request.GET.get("status", "")
    if status not in SummaryEvaluation.Status.values:
        status = ""
    page = Paginator(selectors.evaluations_of_run(run=run, status=status), 50).get_page(
        request.GET.get("page")
    )
    for evaluation in page:
        # Read by run_detail.html beside each row.
        evaluation.dimension_scores = [  # type: ignore[attr-defined]
            (
                dimension.capitalize(),
                getattr(evaluation, dimension),
                getattr(evaluation, f"{dimension}_na_reason", ""),
            )
            for dimension in run.dimensions
        ]
    context |= {
        "scores": selectors.evaluation_run_scores(run=run),
        "failures": selectors.evaluations_of_run(run=run, status=SummaryEvaluation.Status.FAILED)[
            :20
        ],
        "webhook": selectors.run_webhook_of(run=run),
        "status_filter": status,
        "statuses": SummaryEvaluation.Status.choices,
        "page": page,
    }
    return render(request, "evaluations/run_detail.html", context)


def _duration(run: EvaluationRun) -> str:
    """How long the run took, start to finish, as "3 s", "4 min 05 s" or "2 h 07 min"."""
    if run.started_at is None or run.finished_at is None:
        return ""
    seconds = max(0, round((run.finished_at - run.started_at).total_seconds()))
    if seconds < 60:
        return f"{seconds} s"
    if seconds < 3600:
        return f"{seconds // 60} min {seconds % 60:02d} s"
    return f"{seconds // 3600} h {seconds % 3600 // 60:02d} min"


def user_can_manage_runs(user: User | AnonymousUser) -> bool:
    return user.has_perm(MANAGE_RUNS)


@permission_required(MANAGE_RUNS, raise_exception=True)
@require_POST
def run_cancel(request: HtmxHttpRequest, run_id: int) -> HttpResponse:
    run = _get_run_for_manager(request, run_id)
    if services.evaluation_run_cancel(run=run):
        message = f"{run}: cancelled. Summaries being judged now finish; no others start."
    else:
        message = f"{run}: nothing to cancel, it is {run.get_status_display().lower()}."
    return _after_run_action(request, message)


@permission_required(MANAGE_RUNS, raise_exception=True)
@require_POST
def run_retry_failed(request: HtmxHttpRequest, run_id: int) -> HttpResponse:
    run = _get_run_for_manager(request, run_id)
    retried = services.evaluation_run_retry_failed(run=run)
    if retried:
        message = f"{run}: {retried} failed summar{'y' if retried == 1 else 'ies'} queued again."
    else:
        message = f"{run}: no failed summaries to retry."
    return _after_run_action(request, message)


def _get_run_for_manager(request: HttpRequest, run_id: int) -> EvaluationRun:
    return get_object_or_404(EvaluationRun, pk=run_id)


def _after_run_action(request: HtmxHttpRequest, message: str) -> HttpResponse:
    """The run table again for HTMX, with the outcome beside it; otherwise a redirect to the
    page the form came from (`next`, if it is one of ours), or the overview."""
    if request.htmx:
        context = {**run_table_context(request), "run_message": message}
        response = render(request, "evaluations/_run_table.html", context)
        response["HX-Trigger"] = "runChanged"
        return response
    messages.info(request, message)
    back = request.POST.get("next", "")
    if url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return redirect(back)
    return redirect("evaluations:run_list")


@permission_required(EXPORT_RUNS, raise_exception=True)
@require_GET
def run_export(request: HttpRequest, run_id: int, fmt: str) -> StreamingHttpResponse:
    """The run's results as a download, streamed one evaluation at a time (evaluations.exports,
    as `export_run` writes them): a 100k-row run is never held in memory, here or in the
    selector, which reads the evaluations in batches."""
    try:
        export_format = ExportFormat(fmt)
    except ValueError:
        raise Http404(f"No export format {fmt!r}.") from None
    run = get_object_or_404(EvaluationRun, pk=run_id)
    response = StreamingHttpResponse(
        export_chunks(run=run, fmt=export_format), content_type=export_format.content_type
    )
    response["Content-Disposition"] = f'attachment; filename="run-{run.pk}.{export_format}"'
    return response


# --- A new run: the form, its estimate, then the confirmation -----------------------------------


@permission_required(START_RUNS, raise_exception=True)
def run_new(request: SignedInRequest) -> HttpResponse:
    """/runs/new/: the run's scope and configuration (the fields `run_evaluation` takes).

    "Estimate" resolves the scope and prices it, storing nothing (`evaluation_run_plan`); the
    estimate comes with a confirmation form that holds exactly what was estimated, with the
    sample's seed as drawn, so the run started is the run priced. "Start" creates it through
    `evaluation_run_create` (which enqueues it) and opens its page. HTMX swaps the form and its
    estimate in place; without it, the same POSTs render the page."""
    plan = duplicate = None
    if request.method == "POST":
        form = RunForm(request.POST)
        if form.is_valid():
            options = form.run_options()
            try:
                if request.POST.get("action") == "start":
                    run = services.evaluation_run_create(
                        created_by=request.user,
                        allow_duplicate=form.cleaned_data["force"],
                        expected_total=_int_or_none(request.POST.get("expected_total")),
                        **options,
                    )
                    messages.success(request, f"{run}: started, {run.total} summaries queued.")
                    if request.htmx:
                        response = HttpResponse(status=204)
                        response["HX-Redirect"] = run_detail_url(run)
                        return response
                    return redirect("evaluations:run_detail", run_id=run.pk)
                plan = services.evaluation_run_plan(**options)
            except services.DuplicateRun as error:
                # Started twice (or someone else started it meanwhile): say which run, and offer
                # the same estimate again with "Start anyway".
                duplicate = error.run
                plan = _plan_or_none(options)
            except ValidationError as error:
                for message in error.messages:
                    form.add_error(None, message)
                if getattr(error, "code", None) == "estimate_changed":
                    # Show the new figures beside the refusal, ready to confirm.
                    plan = _plan_or_none(options)
            if plan is not None and duplicate is None:
                duplicate = services.evaluation_run_duplicate(plan=plan)
    else:
        form = RunForm(initial=run_form_initial())
    context = {
        "form": form,
        "plan": plan,
        "duplicate": duplicate,
        "confirm_fields": _confirm_fields(request.POST, form, plan, force=duplicate is not None),
    }
    template = "evaluations/_run_form.html" if request.htmx else "evaluations/run_new.html"
    return render(request, template, context)


def run_form_initial() -> dict:
    """The form's starting values: the judge settings (/settings/judge/), or the environment's
    defaults until an admin saves them."""
    default = judging.judge_default()
    return {
        "judge": default.judge,
        "model": "" if default.is_local else default.claude_model,
        "dimensions": list(default.dimensions),
    }


def run_detail_url(run: EvaluationRun) -> str:
    return reverse("evaluations:run_detail", args=[run.pk])


def _plan_or_none(options: dict) -> services.RunPlan | None:
    try:
        return services.evaluation_run_plan(**options)
    except ValidationError:
        return None


def _int_or_none(value: str | None) -> int | None:
    try:
        return int(value) if value not in (None, "") else None
    except ValueError:
        return None


def _confirm_fields(
    posted: QueryDict, form: RunForm, plan: services.RunPlan | None, *, force: bool
) -> list[tuple[str, str]]:
    """The estimated form as hidden (name, value) pairs: what "Start" posts. The seed is the one
    the estimate drew, and the summary count the one it showed. `force` when the person was shown
    the active run that already judges this scope: "Start anyway" starts a second one."""
    if plan is None:
        return []
    fields: list[tuple[str, str]] = [("force", "on")] if force else []
    for name in form.fields:
        if name in ("sample_seed", "force"):
            continue
        fields.extend((name, value) for value in posted.getlist(name) if value != "")
    if plan.run.sample_seed is not None:
        fields.append(("sample_seed", str(plan.run.sample_seed)))
    fields.append(("expected_total", str(plan.run.total)))
    return fields
