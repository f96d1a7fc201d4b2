"""The rubric-question cache: the adherence questions of a section definition version, derived
once and stored, and used by every run of that version.

A run derives them in code when none are stored (`rubric_question_set_get_or_create`). An admin
may instead derive them on demand from the sections pages, offline or with Claude (whose cost is
estimated first), and edit a question, until the version is first used: from then on the
questions are fixed, since verdicts were given against them. Every edit is recorded."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from django.conf import settings
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from evaluations import judging
from evaluations.judges.anthropic_client import AnthropicClient
from evaluations.judges.base import JudgeError
from evaluations.judges.claude import rubric_questions as claude_rubric
from evaluations.judges.pricing import call_cost_usd
from evaluations.judges.rubrics import DERIVATION_VERSION, adherence_questions
from evaluations.models import Judge, RubricQuestionEdit, RubricQuestionSet, SummaryEvaluation
from summaries.models import SectionDefinition

MAX_QUESTION_LENGTH = 500


def rubric_question_set_get_or_create(*, definition: SectionDefinition) -> RubricQuestionSet:
    """The adherence questions of one definition version, derived once and stored, so every
    summary written against that version is judged against the same questions."""
    existing = RubricQuestionSet.objects.filter(definition=definition).first()
    if existing is not None:
        return existing
    questions = adherence_questions(judging.section_spec(definition, ""))
    try:
        with transaction.atomic():
            return RubricQuestionSet.objects.create(
                definition=definition, questions=list(questions), derived_with=DERIVATION_VERSION
            )
    except IntegrityError:  # another worker stored it first: use theirs
        return RubricQuestionSet.objects.get(definition=definition)


def section_definition_is_used(*, definition: SectionDefinition) -> bool:
    """Has a run taken in a summary written against this version? From then on its questions
    are what verdicts were given against."""
    return SummaryEvaluation.objects.filter(summary__sections__definition=definition).exists()


@dataclass(frozen=True)
class DerivationEstimate:
    model: str
    input_tokens: int
    output_tokens: int
    cost_usd: Decimal


def _refuse_unless_derivable(definition: SectionDefinition) -> None:
    if not judging.needs_rubric_questions(definition):
        raise ValidationError(
            {
                "definition": f"{definition} is not a custom free-text section: its adherence "
                "is checked in code, with no derived questions"
            }
        )


def rubric_question_derivation_estimate(
    *, definition: SectionDefinition, model: str | None = None
) -> DerivationEstimate:
    """What deriving this version's questions with Claude is expected to cost (erring high)."""
    _refuse_unless_derivable(definition)
    model = model or settings.JUDGE_MODEL
    input_tokens, output_tokens = claude_rubric.derivation_tokens_expected(
        judging.section_spec(definition, "")
    )
    cost = call_cost_usd(model, input_tokens=input_tokens, output_tokens=output_tokens)
    return DerivationEstimate(
        model=model,
        input_tokens=input_tokens,
        output_tokens=output_tokens,
        cost_usd=Decimal(str(cost)).quantize(Decimal("0.000001")),
    )


def _claude_client(model: str) -> AnthropicClient:
    return AnthropicClient(
        model=model,
        api_key=settings.ANTHROPIC_API_KEY or None,
        base_url=settings.ANTHROPIC_BASE_URL or None,
        timeout=settings.JUDGE_TIMEOUT_SECONDS,
        max_retries=settings.JUDGE_MAX_RETRIES,
    )


def rubric_question_set_derive(
    *,
    definition: SectionDefinition,
    judge: str,
    user: User | None = None,
    model: str | None = None,
) -> RubricQuestionSet:
    """Derive (or derive again) a version's adherence questions with the judge chosen: `local`
    (in code, free) or `anthropic` (one Claude call). Refused once the version is used.

    The Claude call is made outside any transaction (it can take seconds); the result is then
    stored under a lock, after checking again that no run has started to use the version."""
    _refuse_unless_derivable(definition)
    if section_definition_is_used(definition=definition):
        raise _used(definition)
    spec = judging.section_spec(definition, "")
    input_tokens = output_tokens = 0
    cost = Decimal(0)
    if judge == Judge.LOCAL:
        questions = adherence_questions(spec)
        derived_with = DERIVATION_VERSION
    elif judge == Judge.ANTHROPIC:
        if not settings.ANTHROPIC_API_KEY:
            raise ValidationError({"judge": "Claude needs ANTHROPIC_API_KEY in the environment"})
        model = model or settings.JUDGE_MODEL
        client = _claude_client(model)
        try:
            questions, usage = claude_rubric.derive_adherence_questions(client, spec)
        except JudgeError as error:
            raise ValidationError(
                {"judge": f"Claude could not derive the questions: {error}"}
            ) from None
        finally:
            client.close()
        derived_with = f"claude:{model}"[:40]
        input_tokens = usage.input_tokens + usage.cache_write_tokens + usage.cache_read_tokens
        output_tokens = usage.output_tokens
        cost = Decimal(str(usage.cost_usd)).quantize(Decimal("0.000001"))
    else:
        raise ValidationError({"judge": f"{judge!r} is not one of local, anthropic"})
    with transaction.atomic():
        SectionDefinition.objects.select_for_update().get(pk=definition.pk)
        if section_definition_is_used(definition=definition):
            raise _used(definition)
        question_set, _ = RubricQuestionSet.objects.update_or_create(
            definition=definition,
            defaults={
                "questions": list(questions),
                "derived_with": derived_with,
                "derived_by": user,
                "input_tokens": input_tokens,
                "output_tokens": output_tokens,
                "cost_usd": cost,
            },
        )
    return question_set


def _used(definition: SectionDefinition) -> ValidationError:
    return ValidationError(
        {
            "questions": f"{definition.key} v{definition.version} is already used by a run: "
            "its questions are fixed (edit the section to make a new version)"
        }
    )


def rubric_question_edit(
    *, question_set: RubricQuestionSet, position: int, text: str, user: User | None
) -> RubricQuestionEdit | None:
    """Change one derived question before the version is first used, recording who, when and
    the old text. None when the text is unchanged."""
    text = " ".join((text or "").split())
    if not text:
        raise ValidationError({"text": "a question must not be empty"})
    if len(text) > MAX_QUESTION_LENGTH:
        raise ValidationError({"text": f"is longer than {MAX_QUESTION_LENGTH} characters"})
    with transaction.atomic():
        # Locks the definition first, as deriving does, then the set.
        definition = SectionDefinition.objects.select_for_update().get(
            pk=question_set.definition_id
        )
        locked = RubricQuestionSet.objects.select_for_update().get(pk=question_set.pk)
        if section_definition_is_used(definition=definition):
            raise _used(definition)
        if not 0 <= position < len(locked.questions):
            raise ValidationError(
                {
                    "position": f"there is no question {position + 1} (there are {len(locked.questions)})"
                }
            )
        old_text = locked.questions[position]
        if old_text == text:
            return None
        if text.casefold() in (
            question.casefold()
            for index, question in enumerate(locked.questions)
            if index != position
        ):
            raise ValidationError({"text": "the same question is already in the list"})
        locked.questions[position] = text
        locked.save(update_fields=["questions"])
        return RubricQuestionEdit.objects.create(
            question_set=locked, position=position, old_text=old_text, new_text=text, edited_by=user
        )
