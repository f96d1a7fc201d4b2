"""The rubric preview of a section definition version (admins): the adherence questions derived
from its instructions, derived on demand with the local judge or with Claude (whose estimated
cost is shown, and confirmed, before the call), and edited one by one until the version is first
used. The rules are the services' (`evaluations.services.rubrics`)."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import permission_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from evaluations import judging
from evaluations.judges.rubrics import CATEGORICAL_ADHERENCE_QUESTION, adherence_questions
from evaluations.models import Judge, RubricQuestionEdit, RubricQuestionSet
from evaluations.services import rubrics
from summaries.models import SectionDefinition
from summaries.sections import validation_message

EDIT_SECTIONS = "summaries.change_sectiondefinition"


def _definition(key: str, version: int) -> SectionDefinition:
    return get_object_or_404(SectionDefinition, key=key, version=version)


def _rubric_url(definition: SectionDefinition) -> str:
    return reverse("evaluations:section_rubric", args=[definition.key, definition.version])


@permission_required(EDIT_SECTIONS, raise_exception=True)
def section_rubric(request: HttpRequest, key: str, version: int) -> HttpResponse:
    """The page. `?judge=anthropic` shows the estimated cost of deriving with Claude and asks to
    confirm; nothing is called before that."""
    definition = _definition(key, version)
    derivable = judging.needs_rubric_questions(definition)
    question_set = RubricQuestionSet.objects.filter(definition=definition).first()
    is_used = rubrics.section_definition_is_used(definition=definition)
    estimate = None
    wants_claude = request.GET.get("judge") == Judge.ANTHROPIC
    if derivable and wants_claude and not is_used:
        estimate = rubrics.rubric_question_derivation_estimate(definition=definition)
    context = {
        "definition": definition,
        "derivable": derivable,
        "question_set": question_set,
        "is_used": is_used,
        "estimate": estimate,
        "claude_configured": bool(settings.ANTHROPIC_API_KEY),
        "claude_model": settings.JUDGE_MODEL,
        "categorical_question": CATEGORICAL_ADHERENCE_QUESTION,
        # Not stored yet: what the offline derivation would store (a run stores it on first use).
        "local_preview": (
            adherence_questions(judging.section_spec(definition, ""))
            if derivable and question_set is None
            else ()
        ),
        "edits": (
            RubricQuestionEdit.objects.filter(question_set=question_set).select_related("edited_by")
            if question_set
            else []
        ),
    }
    return render(request, "evaluations/section_rubric.html", context)


@permission_required(EDIT_SECTIONS, raise_exception=True)
@require_POST
def section_rubric_derive(request: HttpRequest, key: str, version: int) -> HttpResponse:
    definition = _definition(key, version)
    judge = request.POST.get("judge", "")
    if judge == Judge.ANTHROPIC and not request.POST.get("confirm"):
        # The cost is shown first: back to the page, which shows it and asks to confirm.
        return redirect(f"{_rubric_url(definition)}?judge={Judge.ANTHROPIC}")
    try:
        question_set = rubrics.rubric_question_set_derive(
            definition=definition,
            judge=judge,
            user=request.user,  # type: ignore[arg-type]  # logged in: the permission says so
        )
    except ValidationError as error:
        messages.error(request, validation_message(error))
    else:
        how = "offline" if judge == Judge.LOCAL else f"with Claude (${question_set.cost_usd})"
        messages.success(
            request,
            f"Derived {len(question_set.questions)} questions {how}; runs of "
            f"{definition.key} v{definition.version} will use them.",
        )
    return redirect(_rubric_url(definition))


@permission_required(EDIT_SECTIONS, raise_exception=True)
@require_POST
def section_rubric_question_edit(
    request: HttpRequest, key: str, version: int, position: int
) -> HttpResponse:
    definition = _definition(key, version)
    question_set = get_object_or_404(RubricQuestionSet, definition=definition)
    try:
        edit = rubrics.rubric_question_edit(
            question_set=question_set,
            position=position - 1,  # the page counts from 1
            text=request.POST.get("text", ""),
            user=request.user,  # type: ignore[arg-type]
        )
    except ValidationError as error:
        messages.error(request, f"Question {position}: {validation_message(error)}")
    else:
        messages.success(
            request, f"Question {position} saved." if edit else f"Question {position} unchanged."
        )
    return redirect(_rubric_url(definition))
