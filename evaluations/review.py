"""The review page's reads: one conversation, one evaluation of one of its summaries, its
verdict items grouped under the summary's sections, the reviews beside them, the judge's and the
human-adjusted scores, and a window of the transcript.

A fixed number of queries whatever the size of the conversation or of the verdict (the tests count
them); the transcript is read a window of `TURN_WINDOW` turns at a time, so a conversation of
thousands of turns costs no more than one of two hundred.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import User
from django.db.models import Prefetch, prefetch_related_objects

from evaluations import judging
from evaluations.judges.types import Score, SectionScores, SummarySpec, SummaryVerdict
from evaluations.models import SectionScore, SummaryEvaluation, SummaryReview, VerdictReview
from evaluations.verdict_kinds import (
    ACCURACY_POINT,
    ADHERENCE_RUBRIC,
    COMPLETENESS_RUBRIC,
    COVERAGE_QUESTION,
    REVIEWABLE_KINDS,
    SUMMARIZATION_CLAIM,
    VERDICT_KINDS,
    ReviewableKind,
    adjusted,
)
from summaries.models import Conversation, Origin, SummarySection, Turn, ValueType

TURN_WINDOW = 200
DIMENSION_LABELS = {
    "accuracy": "Accuracy",
    "adherence": "Adherence",
    "completeness": "Completeness",
    "summarization": "Summarization",
}
WHOLE_SUMMARY = ""  # the block of claims and questions linked to no section


@dataclass
class VerdictItem:
    """One reviewable verdict item with the reviews of it."""

    kind: ReviewableKind
    row: Any
    text: str
    reason: str
    turn_indexes: list[int]
    mine: VerdictReview | None = None
    others: list[VerdictReview] = field(default_factory=list)
    evidence: str = ""  # a completeness item's summary evidence
    note: str = ""  # e.g. "decided in code", "evidence not found in the transcript"

    @property
    def key(self) -> str:
        return f"{self.kind.name}-{self.row.pk}"

    @property
    def judge_value(self) -> bool:
        return self.kind.judge_value(self.row)

    @property
    def judge_label(self) -> str:
        return self.kind.pass_label if self.judge_value else self.kind.fail_label

    @property
    def human_label(self) -> str:
        if self.mine is None:
            return ""
        return self.kind.pass_label if self.mine.human_value else self.kind.fail_label

    @property
    def agree_value(self) -> str:
        """The value "agree" posts, and "disagree" the other."""
        return "true" if self.judge_value else "false"

    @property
    def disagree_value(self) -> str:
        return "false" if self.judge_value else "true"


@dataclass
class RubricBlock:
    """A completeness rubric (one instruction) and its content items."""

    row: Any
    items: list[VerdictItem]

    @property
    def counts(self) -> bool:
        """A rubric with no content in the transcript does not count: it is no failure."""
        return bool(self.items)


@dataclass
class ScoreCell:
    judge: Score
    adjusted: Score

    @property
    def changed(self) -> bool:
        return self.judge.value != self.adjusted.value or self.judge.is_na != self.adjusted.is_na


@dataclass
class SectionBlock:
    key: str
    title: str
    text: str
    origin: str
    value_type: str
    version: int
    accuracy: list[VerdictItem] = field(default_factory=list)
    adherence: list[VerdictItem] = field(default_factory=list)
    completeness: list[RubricBlock] = field(default_factory=list)
    claims: list[VerdictItem] = field(default_factory=list)
    questions: list[VerdictItem] = field(default_factory=list)
    scores: dict[str, ScoreCell] = field(default_factory=dict)

    @property
    def origin_label(self) -> str:
        return Origin(self.origin).label if self.origin else ""

    @property
    def value_type_label(self) -> str:
        return ValueType(self.value_type).label if self.value_type else ""

    @property
    def items(self) -> list[VerdictItem]:
        rubric_items = [item for rubric in self.completeness for item in rubric.items]
        return [*self.accuracy, *self.adherence, *rubric_items, *self.claims, *self.questions]

    @property
    def has_verdicts(self) -> bool:
        return bool(self.items or self.completeness)


@dataclass
class ReviewProgress:
    reviewed: int
    total: int
    disagreements: int

    @property
    def done(self) -> bool:
        return self.total > 0 and self.reviewed == self.total


@dataclass
class TurnWindow:
    turns: list[Turn]
    page: int  # 0-based window number
    total: int  # turns in the conversation

    @property
    def pages(self) -> int:
        return max(1, -(-self.total // TURN_WINDOW))

    @property
    def first(self) -> int:
        return self.page * TURN_WINDOW

    @property
    def last(self) -> int:
        return min(self.total, self.first + TURN_WINDOW) - 1

    @property
    def is_partial(self) -> bool:
        return self.total > TURN_WINDOW


@dataclass
class ReviewData:
    evaluation: SummaryEvaluation
    sections: list[SectionBlock]
    scores: dict[str, ScoreCell]  # summary level, per dimension the run asked for
    progress: ReviewProgress
    my_mark: SummaryReview | None
    marks: list[SummaryReview]
    adjusted_verdict: SummaryVerdict

    @property
    def items(self) -> list[VerdictItem]:
        return [item for section in self.sections for item in section.items]

    @property
    def other_marks(self) -> list[SummaryReview]:
        return [mark for mark in self.marks if mark is not self.my_mark]


def conversation_get(*, conversation_id: int) -> Conversation:
    return Conversation.objects.select_related("agent").get(pk=conversation_id)


def conversation_evaluations(*, conversation: Conversation) -> list[SummaryEvaluation]:
    """The succeeded evaluations of the conversation's summaries, newest run first: the run
    selector's choices."""
    return list(
        SummaryEvaluation.objects.filter(
            summary__conversation=conversation, status=SummaryEvaluation.Status.SUCCEEDED
        )
        .select_related("run", "summary")
        .order_by("-run_id", "summary_id")
    )


def turn_window(*, conversation: Conversation, page: int) -> TurnWindow:
    """One window of the transcript: one query, the turns, when the first window holds the
    whole conversation (most do); otherwise a count too, and the window again when `page` was
    past the end."""
    turns = Turn.objects.filter(conversation=conversation)

    def read(page: int) -> list[Turn]:
        start = page * TURN_WINDOW
        return list(turns.filter(index__gte=start, index__lt=start + TURN_WINDOW).order_by("index"))

    page = max(0, page)
    window = read(page)
    if page == 0 and len(window) < TURN_WINDOW:
        return TurnWindow(turns=window, page=0, total=len(window))
    total = turns.count()
    last_page = max(0, (total - 1) // TURN_WINDOW)
    if page > last_page:
        page = last_page
        window = read(page)
    return TurnWindow(turns=window, page=page, total=total)


def review_data(*, evaluation: SummaryEvaluation, user: User) -> ReviewData:
    """Everything the review page shows of one evaluation but the transcript.

    1. The summary's sections with their definition versions, the section scores, the verdict
       rows of every kind (prefetched through the registry) and every review of them.
    2. The items, grouped by section in the summary's order (claims and questions linked to no
       section go to a last "whole summary" block).
    3. The adjusted scores: the engine's verdict rebuilt from the rows with the latest human value
       of each reviewed item, rescored by the judges' `scoring.recompute`.
    """
    verdict_rows = (
        Prefetch("section_scores", queryset=SectionScore.objects.order_by("id")),
        *(kind.prefetch for kind in VERDICT_KINDS),
    )
    if SummaryEvaluation.run.is_cached(evaluation) and SummaryEvaluation.summary.is_cached(
        evaluation
    ):
        # The review page's evaluation comes with its run and summary: prefetch onto it.
        prefetch_related_objects([evaluation], *verdict_rows)
    else:
        evaluation = (
            SummaryEvaluation.objects.select_related("run", "summary")
            .prefetch_related(*verdict_rows)
            .get(pk=evaluation.pk)
        )
    summary_sections = list(
        SummarySection.objects.filter(summary_id=evaluation.summary_id)
        .select_related("definition")
        .order_by("position")
    )
    spec = SummarySpec(
        sections=tuple(judging.section_spec(s.definition, s.text) for s in summary_sections)
    )
    reviews = list(
        VerdictReview.objects.filter(evaluation=evaluation)
        .select_related("reviewer")
        .order_by("updated_at", "pk")
    )
    marks = list(
        SummaryReview.objects.filter(evaluation=evaluation)
        .select_related("reviewer")
        .order_by("reviewed_at")
    )
    by_item: dict[tuple[str, int], list[VerdictReview]] = defaultdict(list)
    latest: dict[tuple[str, int], bool] = {}
    for review in reviews:  # oldest first: the last one wins
        by_item[(review.kind, review.item_id)].append(review)
        latest[(review.kind, review.item_id)] = review.human_value

    def item(
        kind_name: str, row: Any, text: str, reason: str, turns: list[int], **extra: str
    ) -> VerdictItem:
        found = by_item.get((kind_name, row.pk), [])
        mine = next((r for r in found if r.reviewer_id == user.pk), None)
        return VerdictItem(
            kind=REVIEWABLE_KINDS[kind_name],
            row=row,
            text=text,
            reason=reason,
            turn_indexes=sorted(set(turns or [])),
            mine=mine,
            others=[r for r in found if r.reviewer_id != user.pk],
            **extra,
        )

    blocks = {
        s.definition.key: SectionBlock(
            key=s.definition.key,
            title=s.definition.name or s.definition.key,
            text=s.text,
            origin=s.definition.origin,
            value_type=s.definition.value_type,
            version=s.definition.version,
        )
        for s in summary_sections
    }

    def block(section: str) -> SectionBlock:
        if section not in blocks:
            blocks[section] = SectionBlock(
                key=section,
                title=section or "The whole summary",
                text="",
                origin="",
                value_type="",
                version=0,
            )
        return blocks[section]

    for row in ACCURACY_POINT.rows_of(evaluation):
        block(row.section).accuracy.append(
            item("accuracy_point", row, row.point, row.justification, row.turn_indexes)
        )
    for row in ADHERENCE_RUBRIC.rows_of(evaluation):
        note = "decided in code (a categorical value)" if row.decided_by == "code" else ""
        block(row.section).adherence.append(
            item("adherence_rubric", row, row.question, row.reasoning, [], note=note)
        )
    for row in COMPLETENESS_RUBRIC.rows_of(evaluation):
        items = [
            item(
                "completeness_item",
                content,
                content.transcript_content,
                "",
                content.turn_indexes,
                evidence=content.related_content_from_summary,
                note=""
                if content.is_evidence_verified
                else "the transcript does not say this: evidence to check",
            )
            for content in row.items.all()
        ]
        block(row.section).completeness.append(RubricBlock(row=row, items=items))
    for row in SUMMARIZATION_CLAIM.rows_of(evaluation):
        block(row.section or WHOLE_SUMMARY).claims.append(
            item("summarization_claim", row, row.claim, row.reason, row.turn_indexes)
        )
    for row in COVERAGE_QUESTION.rows_of(evaluation):
        block(row.section or WHOLE_SUMMARY).questions.append(
            item("coverage_question", row, row.question, row.reason, row.turn_indexes)
        )

    verdict = adjusted(evaluation, summary=spec, human=latest)
    dimensions = [d for d in DIMENSION_LABELS if d in (evaluation.run.dimensions or [])]
    scores = {
        dimension: ScoreCell(
            judge=_stored(evaluation, dimension), adjusted=_engine(verdict, dimension)
        )
        for dimension in dimensions
    }
    stored_sections = {s.section: s for s in evaluation.section_scores.all()}
    fresh_sections = {s.section: s for s in verdict.section_scores}
    for key, section in blocks.items():
        if key in stored_sections and key in fresh_sections:
            section.scores = {
                dimension: ScoreCell(
                    judge=_stored(stored_sections[key], dimension),
                    adjusted=_section_score(fresh_sections[key], dimension),
                )
                for dimension in dimensions
                if dimension != "summarization"
            }
    ordered = [blocks[s.definition.key] for s in summary_sections]
    ordered += [b for key, b in blocks.items() if key not in {s.key for s in ordered}]
    all_items = [i for section in ordered for i in section.items]
    mine = [i for i in all_items if i.mine is not None]
    return ReviewData(
        evaluation=evaluation,
        sections=ordered,
        scores=scores,
        progress=ReviewProgress(
            reviewed=len(mine),
            total=len(all_items),
            disagreements=sum(i.mine.human_value != i.judge_value for i in mine if i.mine),
        ),
        my_mark=next((m for m in marks if m.reviewer_id == user.pk), None),
        marks=marks,
        adjusted_verdict=verdict,
    )


def _stored(row: Any, dimension: str) -> Score:
    """A stored score (an evaluation's or a section's): null is N/A with its reason."""
    value = getattr(row, dimension)
    if dimension == "summarization":
        return Score(value=value) if value is not None else Score.na("not run")
    if value is None:
        return Score.na(getattr(row, f"{dimension}_na_reason") or "N/A")
    return Score(value=value)


def _engine(verdict: SummaryVerdict, dimension: str) -> Score:
    if dimension == "summarization":
        result = verdict.summarization
        return Score(value=result.score) if result is not None else Score.na("not run")
    score: Score = getattr(verdict, dimension)
    return score


def _section_score(scores: SectionScores, dimension: str) -> Score:
    score: Score = getattr(scores, dimension)
    return score
