"""The one registry of verdict kinds: each kind of verdict item the judges return, from the
engine's typed verdict to its database row, its export rows and its prefetch.

Writing (services/verdicts.py), reading (the selectors' prefetches) and exporting (exports.py)
iterate `VERDICT_KINDS`, in this order; a page that lists or overrides verdicts reads a kind's rows
with `kind.rows_of(evaluation)`. A new kind of verdict is one entry here (and its model).

Section scores and model calls are stored and exported beside the verdicts, but they are not
verdict items: nobody reviews or overrides them one by one.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import models
from django.db.models import Prefetch

from evaluations.judges.scoring import rubric_outcome
from evaluations.judges.types import (
    AccuracyPoint,
    AdherenceRubric,
    ClaimVerdict,
    CompletenessRubric,
    QuestionVerdict,
    SummaryVerdict,
)
from evaluations.models import (
    AccuracyVerdict,
    AdherenceVerdict,
    CompletenessItemVerdict,
    CompletenessRubricVerdict,
    CoverageQuestion,
    SummarizationClaim,
    SummaryEvaluation,
)

Row = dict[str, Any]


@dataclass(frozen=True)
class VerdictKind:
    name: str  # the CSV export's `kind` column: "accuracy_point"
    export_key: str  # its list in a JSONL record (the engine's name for it): "accuracy_points"
    model: type[models.Model]
    related_name: str  # SummaryEvaluation -> its rows of this kind
    # The engine's items of this kind in one verdict, in order (their position).
    items: Callable[[SummaryVerdict], Sequence[Any]]
    # One engine item as its row's columns (but `evaluation` and `position`).
    columns: Callable[[Any], Row]
    # One stored row as its object in a JSONL record, and as its CSV rows.
    record: Callable[[Any], Row]
    csv_rows: Callable[[Any], Iterator[Row]]
    # Rows that hang under a kind's rows (a completeness rubric's items): stored after them, and
    # read with them (`prefetch`) through this queryset.
    children_create: Callable[[list[Any], Sequence[Any]], None] | None = None
    children_queryset: models.QuerySet | None = None

    @property
    def prefetch(self) -> str | Prefetch:
        """What the export and the pages prefetch to read the rows, nested ones included."""
        if self.children_queryset is None:
            return self.related_name
        return Prefetch(self.related_name, queryset=self.children_queryset)

    def rows_create(self, *, evaluation: SummaryEvaluation, verdict: SummaryVerdict) -> None:
        """Store this kind's items of one verdict; bulk_create makes no query for none."""
        items = self.items(verdict)
        rows = self.model._default_manager.bulk_create(
            self.model(evaluation=evaluation, position=position, **self.columns(item))
            for position, item in enumerate(items)
        )
        if self.children_create is not None:
            self.children_create(rows, items)

    def rows_of(self, evaluation: SummaryEvaluation) -> Iterable[Any]:
        """The evaluation's rows of this kind, from the prefetch cache when there is one."""
        rows: Iterable[Any] = getattr(evaluation, self.related_name).all()
        return rows


def _turns(indexes: Iterable[int]) -> str:
    """Turn indexes as one CSV cell: "3 4 7"."""
    return " ".join(str(i) for i in indexes)


# --- Accuracy points -----------------------------------------------------------------------------


def _accuracy_columns(point: AccuracyPoint) -> Row:
    return {
        "section": point.section,
        "point": point.point,
        "justification": point.accuracy,
        "is_accurate": point.is_accurate,
        "turn_indexes": list(point.turn_indexes),
    }


def _accuracy_record(v: AccuracyVerdict) -> Row:
    return {
        "section": v.section,
        "point": v.point,
        "accuracy": v.justification,
        "is_accurate": v.is_accurate,
        "turn_indexes": v.turn_indexes,
    }


def _accuracy_csv(v: AccuracyVerdict) -> Iterator[Row]:
    yield {
        "kind": "accuracy_point",
        "section": v.section,
        "position": v.position,
        "text": v.point,
        "passed": v.is_accurate,
        "reason": v.justification,
        "turn_indexes": _turns(v.turn_indexes),
    }


# --- Adherence rubrics ---------------------------------------------------------------------------


def _adherence_columns(rubric: AdherenceRubric) -> Row:
    return {
        "section": rubric.section,
        "question": rubric.question,
        "reasoning": rubric.reasoning,
        "is_addressed": rubric.is_addressed,
        "decided_by": rubric.decided_by,
    }


def _adherence_record(v: AdherenceVerdict) -> Row:
    return {
        "section": v.section,
        "question": v.question,
        "reasoning": v.reasoning,
        "is_addressed": v.is_addressed,
        "decided_by": v.decided_by,
    }


def _adherence_csv(v: AdherenceVerdict) -> Iterator[Row]:
    # Adherence judges the summary against its instructions: it cites no transcript turn.
    yield {
        "kind": "adherence_rubric",
        "section": v.section,
        "position": v.position,
        "text": v.question,
        "detail": v.decided_by,
        "passed": v.is_addressed,
        "reason": v.reasoning,
    }


# --- Completeness rubrics and their items --------------------------------------------------------


def _completeness_columns(rubric: CompletenessRubric) -> Row:
    is_covered, reason = rubric_outcome(rubric)
    return {
        "section": rubric.section,
        "instruction": rubric.instruction,
        "question": rubric.question,
        "is_covered": is_covered,
        "reason": reason,
        "turn_indexes": sorted({i for item in rubric.content_list for i in item.turn_indexes}),
    }


def _completeness_items_create(
    rows: list[CompletenessRubricVerdict], rubrics: Sequence[CompletenessRubric]
) -> None:
    CompletenessItemVerdict.objects.bulk_create(
        CompletenessItemVerdict(
            rubric=row,
            position=position,
            transcript_content=item.transcript_content,
            related_content_from_summary=item.related_content_from_summary,
            is_covered=item.is_covered,
            is_evidence_verified=item.is_evidence_verified,
            turn_indexes=list(item.turn_indexes),
        )
        for row, rubric in zip(rows, rubrics, strict=True)
        for position, item in enumerate(rubric.content_list)
    )


def _completeness_record(r: CompletenessRubricVerdict) -> Row:
    return {
        "section": r.section,
        "instruction": r.instruction,
        "question": r.question,
        "is_covered": r.is_covered,
        "reason": r.reason,
        "turn_indexes": r.turn_indexes,
        "content_list": [
            {
                "transcript_content": i.transcript_content,
                "related_content_from_summary": i.related_content_from_summary,
                "is_covered": i.is_covered,
                "is_evidence_verified": i.is_evidence_verified,
                "turn_indexes": i.turn_indexes,
            }
            for i in r.items.all()
        ],
    }


def _completeness_csv(r: CompletenessRubricVerdict) -> Iterator[Row]:
    yield {
        "kind": "completeness_rubric",
        "section": r.section,
        "position": r.position,
        "text": r.question,
        "detail": r.instruction,
        "passed": r.is_covered,
        "reason": r.reason,
        "turn_indexes": _turns(r.turn_indexes),
    }
    for i in r.items.all():
        yield {
            "kind": "completeness_item",
            "section": r.section,
            "position": r.position,
            "item_position": i.position,
            "text": i.transcript_content,
            "detail": i.related_content_from_summary,
            "passed": i.is_covered,
            "evidence_verified": i.is_evidence_verified,
            "turn_indexes": _turns(i.turn_indexes),
        }


# --- Summarization claims and coverage questions -------------------------------------------------


def _claims(verdict: SummaryVerdict) -> Sequence[ClaimVerdict]:
    return verdict.summarization.claims if verdict.summarization else ()


def _claim_columns(claim: ClaimVerdict) -> Row:
    return {
        "section": claim.section,
        "claim": claim.claim,
        "supported": claim.supported,
        "reason": claim.reason,
        "turn_indexes": list(claim.turn_indexes),
    }


def _claim_record(c: SummarizationClaim) -> Row:
    return {
        "section": c.section,
        "claim": c.claim,
        "supported": c.supported,
        "reason": c.reason,
        "turn_indexes": c.turn_indexes,
    }


def _claim_csv(c: SummarizationClaim) -> Iterator[Row]:
    yield {
        "kind": "summarization_claim",
        "section": c.section,
        "position": c.position,
        "text": c.claim,
        "passed": c.supported,
        "reason": c.reason,
        "turn_indexes": _turns(c.turn_indexes),
    }


def _questions(verdict: SummaryVerdict) -> Sequence[tuple[str, QuestionVerdict | None]]:
    """Each coverage question with its answer, matched by question, not position: a question
    the summary-only call did not answer counts as unanswered."""
    summarization = verdict.summarization
    if summarization is None:
        return ()
    answers = {answer.question: answer for answer in summarization.answers}
    return [(question, answers.get(question)) for question in summarization.questions]


def _question_columns(question_and_answer: tuple[str, QuestionVerdict | None]) -> Row:
    question, answer = question_and_answer
    return {
        "question": question,
        "answered": bool(answer and answer.answered),
        "reason": answer.reason if answer else "No answer given.",
        "section": answer.section if answer else "",
        "turn_indexes": list(answer.turn_indexes) if answer else [],
    }


def _question_record(q: CoverageQuestion) -> Row:
    return {
        "section": q.section,
        "question": q.question,
        "answered": q.answered,
        "reason": q.reason,
        "turn_indexes": q.turn_indexes,
    }


def _question_csv(q: CoverageQuestion) -> Iterator[Row]:
    yield {
        "kind": "coverage_question",
        "section": q.section,
        "position": q.position,
        "text": q.question,
        "passed": q.answered,
        "reason": q.reason,
        "turn_indexes": _turns(q.turn_indexes),
    }


# --- The registry --------------------------------------------------------------------------------

ACCURACY_POINT = VerdictKind(
    name="accuracy_point",
    export_key="accuracy_points",
    model=AccuracyVerdict,
    related_name="accuracy_verdicts",
    items=lambda verdict: verdict.accuracy_points,
    columns=_accuracy_columns,
    record=_accuracy_record,
    csv_rows=_accuracy_csv,
)
ADHERENCE_RUBRIC = VerdictKind(
    name="adherence_rubric",
    export_key="adherence_rubrics",
    model=AdherenceVerdict,
    related_name="adherence_verdicts",
    items=lambda verdict: verdict.adherence_rubrics,
    columns=_adherence_columns,
    record=_adherence_record,
    csv_rows=_adherence_csv,
)
COMPLETENESS_RUBRIC = VerdictKind(
    name="completeness_rubric",
    export_key="completeness_rubrics",
    model=CompletenessRubricVerdict,
    related_name="completeness_rubrics",
    items=lambda verdict: verdict.completeness_rubrics,
    columns=_completeness_columns,
    record=_completeness_record,
    csv_rows=_completeness_csv,
    children_create=_completeness_items_create,
    children_queryset=CompletenessRubricVerdict.objects.prefetch_related("items"),
)
SUMMARIZATION_CLAIM = VerdictKind(
    name="summarization_claim",
    export_key="summarization_claims",
    model=SummarizationClaim,
    related_name="summarization_claims",
    items=_claims,
    columns=_claim_columns,
    record=_claim_record,
    csv_rows=_claim_csv,
)
COVERAGE_QUESTION = VerdictKind(
    name="coverage_question",
    export_key="coverage_questions",
    model=CoverageQuestion,
    related_name="coverage_questions",
    items=_questions,
    columns=_question_columns,
    record=_question_record,
    csv_rows=_question_csv,
)

VERDICT_KINDS: tuple[VerdictKind, ...] = (
    ACCURACY_POINT,
    ADHERENCE_RUBRIC,
    COMPLETENESS_RUBRIC,
    SUMMARIZATION_CLAIM,
    COVERAGE_QUESTION,
)


def verdict_kind(name: str) -> VerdictKind:
    """The kind of this name ("accuracy_point"); KeyError for another."""
    return {kind.name: kind for kind in VERDICT_KINDS}[name]
