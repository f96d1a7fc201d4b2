"""A conversation's review page, `/conversations/<id>/`, and what an analyst does there: agree or
disagree with a verdict item (inline, HTMX swaps the row and the scores out of band), mark the
conversation reviewed, and review blind, then reveal."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth.decorators import permission_required
from django.core.exceptions import ObjectDoesNotExist, ValidationError
from django.http import Http404, HttpResponse, HttpResponseBadRequest, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from config.http import SignedInRequest
from evaluations.forms import QueueFilterForm, VerdictReviewForm
from evaluations.models import SummaryEvaluation
from evaluations.queue import queue_neighbours
from evaluations.review import (
    TURN_WINDOW,
    conversation_evaluations,
    review_data,
    turn_window,
)
from evaluations.services.reviews import (
    summary_review_mark,
    summary_review_unmark,
    verdict_review_clear,
    verdict_review_save,
)
from evaluations.verdict_kinds import REVIEWABLE_KINDS
from summaries.models import Conversation, SummarySection

VIEW_QUEUE = "evaluations.view_summaryevaluation"
REVIEW = "evaluations.review_verdict"


def _int(value: str | None, default: int = 0) -> int:
    try:
        return int(value or default)
    except ValueError:
        return default


def _review_url(conversation_id: int, **params: object) -> str:
    query = urlencode({k: v for k, v in params.items() if v not in (None, "", False, 0)})
    url = reverse("evaluations:review", args=[conversation_id])
    return f"{url}?{query}" if query else url


@permission_required(VIEW_QUEUE, raise_exception=True)
def review(request: SignedInRequest, conversation_id: int) -> HttpResponse:
    """The transcript beside the summary's sections, each with its verdicts; the judge's and the
    adjusted scores; the run selector; next and previous in the queue the analyst came from."""
    conversation = get_object_or_404(
        Conversation.objects.select_related("agent"), pk=conversation_id
    )
    evaluations = conversation_evaluations(conversation=conversation)
    wanted = _int(request.GET.get("evaluation"))
    evaluation = next((e for e in evaluations if e.pk == wanted), None)
    if evaluation is None:
        evaluation = next((e for e in evaluations if e.is_latest), None) or next(
            iter(evaluations), None
        )
    can_review = request.user.has_perm(REVIEW)
    back = request.GET.get("back", "")
    data = review_data(evaluation=evaluation, user=request.user) if evaluation else None
    blind = request.GET.get("blind") == "1" and can_review and data is not None
    if blind and data is not None and data.my_mark is not None:
        messages.info(
            request,
            "You have already seen the judge's verdicts on this conversation, so it can no "
            "longer be reviewed blind.",
        )
        return redirect(_review_url(conversation.pk, evaluation=data.evaluation.pk, back=back))
    window = turn_window(conversation=conversation, page=_int(request.GET.get("turns")))
    preceding = following = None
    form = QueueFilterForm(QueryDict(back))
    form.is_valid()
    queue_filters = form.filters()
    if evaluation is not None:
        preceding, following = queue_neighbours(
            filters=queue_filters, user=request.user, evaluation=evaluation
        )
    # From a blind queue, the next conversation opens blind too (after this one's reveal).
    neighbours_blind = (blind or queue_filters.blind) and can_review
    sections = None
    if evaluation is None:
        sections = list(
            SummarySection.objects.filter(summary__conversation=conversation)
            .select_related("definition", "summary")
            .order_by("summary_id", "position")
        )
    context = {
        "conversation": conversation,
        "evaluations": evaluations,
        "evaluation": evaluation,
        "data": data,
        "plain_sections": sections,
        "window": window,
        "turn_window_size": TURN_WINDOW,
        "blind": blind,
        "can_review": can_review,
        "back": back,
        "queue_url": reverse("evaluations:queue") + (f"?{back}" if back else ""),
        "previous_url": _neighbour_url(preceding, back, neighbours_blind),
        "next_url": _neighbour_url(following, back, neighbours_blind),
        "page_query": {
            "evaluation": evaluation.pk if evaluation else "",
            "back": back,
            "blind": "1" if blind else "",
        },
    }
    return render(request, "evaluations/review.html", context)


def _neighbour_url(evaluation: SummaryEvaluation | None, back: str, blind: bool) -> str:
    if evaluation is None:
        return ""
    return _review_url(
        evaluation.summary.conversation_id,
        evaluation=evaluation.pk,
        back=back,
        blind="1" if blind else "",
    )


@permission_required(REVIEW, raise_exception=True)
@require_POST
def verdict_review(request: SignedInRequest, kind: str, item_id: int) -> HttpResponse:
    """Agree or disagree with one verdict item (or take the review back). HTMX gets the row again
    and the scores out of band; without JavaScript, a redirect back to the page."""
    reviewable = REVIEWABLE_KINDS.get(kind)
    if reviewable is None:
        raise Http404(f"no such kind of verdict: {kind}")
    form = VerdictReviewForm(request.POST)
    if not form.is_valid():
        return HttpResponseBadRequest("; ".join(str(m) for ms in form.errors.values() for m in ms))
    try:
        row = reviewable.row(item_id)
    except ObjectDoesNotExist:
        raise Http404(f"no {kind} {item_id}") from None
    evaluation = reviewable.evaluation_of(row)
    blind = form.cleaned_data["blind"]
    value = form.cleaned_data["human_value"]
    try:
        if value == "":
            verdict_review_clear(user=request.user, kind=kind, item_id=item_id)
        else:
            verdict_review_save(
                user=request.user,
                kind=kind,
                item_id=item_id,
                human_value=value == "true",
                comment=form.cleaned_data["comment"],
                is_blind=blind,
            )
    except ValidationError as error:
        return HttpResponseBadRequest(" ".join(error.messages))
    if request.htmx:
        data = review_data(evaluation=evaluation, user=request.user)
        item = next(i for i in data.items if i.kind.name == kind and i.row.pk == item_id)
        context = {
            "item": item,
            "data": data,
            "evaluation": data.evaluation,
            "conversation": data.evaluation.summary.conversation,
            "blind": blind,
            "can_review": True,
            "page_query": {
                "evaluation": evaluation.pk,
                "back": request.POST.get("back", ""),
                "blind": "1" if blind else "",
            },
            "turn_window_size": TURN_WINDOW,
            "oob": True,
        }
        response = render(request, "evaluations/_verdict_saved.html", context)
        response["HX-Trigger"] = "verdictReviewed"
        return response
    return _back(request, evaluation, anchor=f"verdict-{kind}-{item_id}")


@permission_required(REVIEW, raise_exception=True)
@require_POST
def review_mark(request: SignedInRequest, conversation_id: int) -> HttpResponse:
    """Mark the evaluation reviewed (who, when; blind when it comes from a blind review, which
    then shows the judge's verdicts beside the analyst's), or take the mark back."""
    evaluation = get_object_or_404(
        SummaryEvaluation.objects.select_related("summary"),
        pk=_int(request.POST.get("evaluation")),
        summary__conversation_id=conversation_id,
    )
    try:
        if request.POST.get("action") == "unmark":
            summary_review_unmark(user=request.user, evaluation=evaluation)
            messages.info(request, "The reviewed mark is taken back.")
        else:
            blind = request.POST.get("blind") == "1"
            summary_review_mark(user=request.user, evaluation=evaluation, is_blind=blind)
            messages.info(
                request,
                "Revealed: the judge's verdicts are beside yours. Marked reviewed (blind)."
                if blind
                else "Marked reviewed.",
            )
    except ValidationError as error:
        return HttpResponseBadRequest(" ".join(error.messages))
    return redirect(
        _review_url(conversation_id, evaluation=evaluation.pk, back=request.POST.get("back", ""))
    )


def _back(request: SignedInRequest, evaluation: SummaryEvaluation, *, anchor: str) -> HttpResponse:
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(
        back, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        back = _review_url(evaluation.summary.conversation_id, evaluation=evaluation.pk)
    return redirect(f"{back.split('#', 1)[0]}#{anchor}")
