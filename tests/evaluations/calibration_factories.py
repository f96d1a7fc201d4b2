"""Rows for the calibration tests: judged verdict items of every kind and analysts' reviews of
them, written directly (what the review services would store), so that a test states its
confusion table and nothing else."""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass, field

from django.contrib.auth.models import User

from evaluations.models import (
    AccuracyVerdict,
    AdherenceVerdict,
    CompletenessItemVerdict,
    CompletenessRubricVerdict,
    CoverageQuestion,
    EvaluationRun,
    ReviewKind,
    SummarizationClaim,
    SummaryEvaluation,
    VerdictReview,
)
from summaries.models import Summary

CLAUDE = ("anthropic", "claude-sonnet-5", "p-1")
LOCAL = ("local", "local", "local-lexical-1")


def _item(
    kind: str, evaluation: SummaryEvaluation, position: int, section: str, text: str, value: bool
) -> int:
    """One judged verdict item of `kind`; returns its id (the review's item_id)."""
    common = {"evaluation": evaluation, "position": position}
    if kind == ReviewKind.ACCURACY_POINT:
        row = AccuracyVerdict.objects.create(
            **common, section=section, point=text, justification="cited", is_accurate=value
        )
    elif kind == ReviewKind.ADHERENCE_RUBRIC:
        row = AdherenceVerdict.objects.create(
            **common, section=section, question=text, reasoning="because", is_addressed=value
        )
    elif kind == ReviewKind.COMPLETENESS_ITEM:
        rubric = CompletenessRubricVerdict.objects.create(
            **common, section=section, instruction="List it.", question="What?", is_covered=value
        )
        row = CompletenessItemVerdict.objects.create(
            rubric=rubric, position=0, transcript_content=text, is_covered=value
        )
    elif kind == ReviewKind.SUMMARIZATION_CLAIM:
        row = SummarizationClaim.objects.create(
            **common, section=section, claim=text, supported=value, reason="r"
        )
    else:
        row = CoverageQuestion.objects.create(
            **common, section=section, question=text, answered=value, reason="r"
        )
    return row.pk


@dataclass
class ReviewFactory:
    """`reviews(pairs, ...)`: one judged item and one review per (judge value, human value)."""

    make_summary: object
    reviewers: dict[str, User] = field(default_factory=dict)
    runs: dict[tuple[str, str, str], EvaluationRun] = field(default_factory=dict)
    counter: itertools.count = field(default_factory=itertools.count)

    def reviewer(self, username: str) -> User:
        if username not in self.reviewers:
            self.reviewers[username] = User.objects.get_or_create(username=username)[0]
        return self.reviewers[username]

    def evaluation(
        self, version: tuple[str, str, str], summary: Summary | None = None
    ) -> SummaryEvaluation:
        judge, model, prompt_version = version
        if version not in self.runs:
            self.runs[version] = EvaluationRun.objects.create(
                judge=judge, model=model, prompt_version=prompt_version, status="finished"
            )
        summary = summary or self.make_summary()  # type: ignore[operator]
        return SummaryEvaluation.objects.create(
            run=self.runs[version],
            summary=summary,
            status="succeeded",
            judge=judge,
            model=model,
            prompt_version=prompt_version,
            is_latest=True,
        )

    def __call__(
        self,
        pairs: Sequence[tuple[bool, bool]],
        *,
        kind: str = ReviewKind.ACCURACY_POINT,
        section: str = "situation",
        blind: bool = False,
        reviewer: str = "analyst-a",
        version: tuple[str, str, str] = CLAUDE,
        text: str = "Point {n}",
        evaluation: SummaryEvaluation | None = None,
    ) -> list[VerdictReview]:
        evaluation = evaluation or self.evaluation(version)
        reviews = []
        for judge_value, human_value in pairs:
            n = next(self.counter)
            item_id = _item(kind, evaluation, n, section, text.format(n=n), judge_value)
            reviews.append(
                VerdictReview.objects.create(
                    kind=kind,
                    item_id=item_id,
                    evaluation=evaluation,
                    section=section,
                    reviewer=self.reviewer(reviewer),
                    judge_value=judge_value,
                    judge=evaluation.judge,
                    model=evaluation.model,
                    prompt_version=evaluation.prompt_version,
                    human_value=human_value,
                    is_blind=blind,
                    comment=f"comment {n}",
                )
            )
        return reviews

    def again(
        self,
        reviews: Sequence[VerdictReview],
        *,
        reviewer: str,
        blind: bool,
        human_value: bool | None = None,
    ) -> list[VerdictReview]:
        """A second analyst reviews the same items (`human_value` or the first one's)."""
        return [
            VerdictReview.objects.create(
                kind=r.kind,
                item_id=r.item_id,
                evaluation=r.evaluation,
                section=r.section,
                reviewer=self.reviewer(reviewer),
                judge_value=r.judge_value,
                judge=r.judge,
                model=r.model,
                prompt_version=r.prompt_version,
                human_value=r.human_value if human_value is None else human_value,
                is_blind=blind,
            )
            for r in reviews
        ]


def table(
    pass_pass: int, pass_fail: int, fail_pass: int, fail_fail: int
) -> list[tuple[bool, bool]]:
    """(judge, human) pairs for a confusion table."""
    return (
        [(True, True)] * pass_pass
        + [(True, False)] * pass_fail
        + [(False, True)] * fail_pass
        + [(False, False)] * fail_fail
    )
