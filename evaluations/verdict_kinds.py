"""The one registry of verdict kinds: each kind of verdict item the judges return, from the
engine's typed verdict to its database row, its export rows and its prefetch, and back from the
rows to the engine's verdict.

Writing (services/verdicts.py), reading (the selectors' prefetches) and exporting (exports.py)
iterate `VERDICT_KINDS`, in this order; a page that lists or overrides verdicts reads a kind's rows
with `kind.rows_of(evaluation)`. A new kind of verdict is one entry here (and its model).

What an analyst reviews one by one are the `REVIEWABLE_KINDS`: the same kinds, except that a
completeness rubric is reviewed item by item. `summary_verdict_of` rebuilds the engine's
`SummaryVerdict` from the rows with the analysts' values in place of the judge's, so the adjusted
scores come from the judges' own `scoring.recompute`, never from a second formula.

Section scores and model calls are stored and exported beside the verdicts, but they are not
verdict items: nobody reviews or overrides them one by one.

Why one long module: it is the registry, one idea by design. Each kind's columns, record, CSV row and
item sit together so a kind reads top to bottom; spreading the kinds over files would bring back
the restated lists this registry replaced.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import models
from django.db.models import Prefetch

from evaluations.judges.scoring import recompute, rubric_outcome
from evaluations.judges.types import (
    AccuracyPoint,
    AdherenceRubric,
    ClaimVerdict,
    CompletenessItem,
    CompletenessRubric,
    QuestionVerdict,
    Score,
    SummarizationResult,
    SummarySpec,
    SummaryVerdict,
)
from evaluations.models import (
    AccuracyVerdict,
    AdherenceVerdict,
    CompletenessItemVerdict,
    CompletenessRubricVerdict,
    CoverageQuestion,
    ReviewKind,
    SummarizationClaim,
    SummaryEvaluation,
)

Row = dict[str, Any]
# A human's value per reviewed item: (reviewable kind name, row id) -> pass or fail.
HumanValues = Mapping[tuple[str, int], bool]


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
    # One stored row (nested rows prefetched) as the engine's item, a human's value in place of
    # the judge's where `HumanValues` has one.
    engine_item: Callable[[Any, HumanValues], Any]
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


def _accuracy_item(v: AccuracyVerdict, human: HumanValues) -> AccuracyPoint:
    return AccuracyPoint(
        section=v.section,
        point=v.point,
        accuracy=v.justification,
        is_accurate=human.get((ReviewKind.ACCURACY_POINT, v.pk), v.is_accurate),
        turn_indexes=tuple(v.turn_indexes),
    )


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


def _adherence_item(v: AdherenceVerdict, human: HumanValues) -> AdherenceRubric:
    return AdherenceRubric(
        section=v.section,
        question=v.question,
        reasoning=v.reasoning,
        is_addressed=human.get((ReviewKind.ADHERENCE_RUBRIC, v.pk), v.is_addressed),
        decided_by="code" if v.decided_by == "code" else "model",
    )


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


def _completeness_item(r: CompletenessRubricVerdict, human: HumanValues) -> CompletenessRubric:
    return CompletenessRubric(
        section=r.section,
        instruction=r.instruction,
        question=r.question,
        content_list=tuple(
            CompletenessItem(
                transcript_content=i.transcript_content,
                related_content_from_summary=i.related_content_from_summary,
                is_covered=human.get((ReviewKind.COMPLETENESS_ITEM, i.pk), i.is_covered),
                is_evidence_verified=i.is_evidence_verified,
                turn_indexes=tuple(i.turn_indexes),
            )
            for i in r.items.all()
        ),
    )


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


def _claim_item(c: SummarizationClaim, human: HumanValues) -> ClaimVerdict:
    return ClaimVerdict(
        claim=c.claim,
        supported=human.get((ReviewKind.SUMMARIZATION_CLAIM, c.pk), c.supported),
        reason=c.reason,
        section=c.section,
        turn_indexes=tuple(c.turn_indexes),
    )


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


def _question_item(q: CoverageQuestion, human: HumanValues) -> QuestionVerdict:
    """The stored question as its answer (a question stored without one is unanswered)."""
    return QuestionVerdict(
        question=q.question,
        answered=human.get((ReviewKind.COVERAGE_QUESTION, q.pk), q.answered),
        reason=q.reason,
        section=q.section,
        turn_indexes=tuple(q.turn_indexes),
    )


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
    engine_item=_accuracy_item,
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
    engine_item=_adherence_item,
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
    engine_item=_completeness_item,
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
    engine_item=_claim_item,
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
    engine_item=_question_item,
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


# --- What analysts review, one item at a time --------------------------------------------------


@dataclass(frozen=True)
class ReviewableKind:
    """A kind of verdict item an analyst agrees or disagrees with, item by item. Its judge's value
    is a boolean column where True is the item's pass."""

    name: str  # a ReviewKind value: VerdictReview.kind
    model: type[models.Model]
    value_field: str  # the judge's verdict: is_accurate, is_addressed, is_covered, ...
    evaluation_path: str  # from a row to its evaluation: "evaluation" or "rubric__evaluation"
    dimension: str
    pass_label: str
    fail_label: str

    def judge_value(self, row: Any) -> bool:
        return bool(getattr(row, self.value_field))

    def row(self, item_id: int) -> Any:
        """The row with its evaluation (and the run), or the model's DoesNotExist."""
        manager = self.model._default_manager
        return manager.select_related(f"{self.evaluation_path}__run").get(pk=item_id)

    def section_of(self, row: Any) -> str:
        """The summary section the item belongs to ("" for a claim or question linked to none)."""
        section = row.rubric.section if self.evaluation_path.startswith("rubric") else row.section
        return str(section)

    def evaluation_of(self, row: Any) -> SummaryEvaluation:
        target = row
        for step in self.evaluation_path.split("__"):
            target = getattr(target, step)
        if not isinstance(target, SummaryEvaluation):
            raise TypeError(f"{self.evaluation_path} of a {self.name} is not an evaluation")
        return target


REVIEWABLE_KINDS: dict[str, ReviewableKind] = {
    kind.name: kind
    for kind in (
        ReviewableKind(
            ReviewKind.ACCURACY_POINT,
            AccuracyVerdict,
            "is_accurate",
            "evaluation",
            "accuracy",
            "Accurate",
            "Inaccurate",
        ),
        ReviewableKind(
            ReviewKind.ADHERENCE_RUBRIC,
            AdherenceVerdict,
            "is_addressed",
            "evaluation",
            "adherence",
            "Addressed",
            "Not addressed",
        ),
        ReviewableKind(
            ReviewKind.COMPLETENESS_ITEM,
            CompletenessItemVerdict,
            "is_covered",
            "rubric__evaluation",
            "completeness",
            "Covered",
            "Not covered",
        ),
        ReviewableKind(
            ReviewKind.SUMMARIZATION_CLAIM,
            SummarizationClaim,
            "supported",
            "evaluation",
            "summarization",
            "Supported",
            "Not supported",
        ),
        ReviewableKind(
            ReviewKind.COVERAGE_QUESTION,
            CoverageQuestion,
            "answered",
            "evaluation",
            "summarization",
            "Answered",
            "Not answered",
        ),
    )
}


def _stored_score(evaluation: SummaryEvaluation, dimension: str) -> Score:
    value = getattr(evaluation, dimension)
    if value is None:
        return Score.na(getattr(evaluation, f"{dimension}_na_reason") or "N/A")
    return Score(value=value)


def summary_verdict_of(
    evaluation: SummaryEvaluation, *, summary: SummarySpec, human: HumanValues | None = None
) -> SummaryVerdict:
    """The engine's verdict of a succeeded evaluation, rebuilt from its rows (read through
    `rows_of`, so prefetch `VERDICT_KINDS`), with `human` values in place of the judge's.

    The summary-level scores are the stored ones: pass the result to `adjusted` (or
    `scoring.recompute`) for scores that follow the values."""
    human = human or {}
    dimensions = tuple(evaluation.run.dimensions)
    items = {
        kind.name: [kind.engine_item(row, human) for row in kind.rows_of(evaluation)]
        for kind in VERDICT_KINDS
    }
    summarization = None
    if "summarization" in dimensions and evaluation.summarization is not None:
        answers = items[COVERAGE_QUESTION.name]
        summarization = SummarizationResult(
            score=evaluation.summarization,
            reason=evaluation.summarization_reason,
            alignment=evaluation.alignment or 0.0,
            coverage=evaluation.coverage or 0.0,
            claims=tuple(items[SUMMARIZATION_CLAIM.name]),
            questions=tuple(answer.question for answer in answers),
            answers=tuple(answers),
        )
    return SummaryVerdict(
        judge="anthropic" if evaluation.judge == "anthropic" else "local",
        model=evaluation.model,
        prompt_version=evaluation.prompt_version,
        dimensions=dimensions,
        accuracy_points=tuple(items[ACCURACY_POINT.name]),
        adherence_rubrics=tuple(items[ADHERENCE_RUBRIC.name]),
        completeness_rubrics=tuple(items[COMPLETENESS_RUBRIC.name]),
        accuracy=_stored_score(evaluation, "accuracy"),
        adherence=_stored_score(evaluation, "adherence"),
        completeness=_stored_score(evaluation, "completeness"),
        summarization=summarization,
        summary=summary,
    )


def adjusted(
    evaluation: SummaryEvaluation, *, summary: SummarySpec, human: HumanValues
) -> SummaryVerdict:
    """The verdict with the humans' values in place and every score recomputed by the judges'
    own scoring (`scoring.recompute`)."""
    return recompute(summary_verdict_of(evaluation, summary=summary, human=human))
