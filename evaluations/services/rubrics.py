"""The rubric-question cache: the adherence questions of a section definition version, derived
once and stored."""

from __future__ import annotations

from django.db import IntegrityError, transaction

from evaluations import judging
from evaluations.judges.rubrics import DERIVATION_VERSION, adherence_questions
from evaluations.models import RubricQuestionSet
from summaries.models import SectionDefinition


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
