"""`run_benchmark` counts a labelled item the judge gave no verdict for as a failing prediction,
rather than leaving it out of the figures, and says how many there were."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

from evaluations.benchmark import run_benchmark
from evaluations.judges.local import LocalJudge
from evaluations.judges.types import (
    AccuracyPoint,
    Dimension,
    PointToVerify,
    SummarySpec,
    SummaryVerdict,
    Transcript,
)
from tests.evaluations.test_benchmark_command import CONVERSATION, SECTIONS


class SilentRubricsJudge:
    """The local judge with its adherence and completeness rubrics taken away: every labelled
    question and fact is then unmatched."""

    name = "local"

    def __init__(self) -> None:
        self._judge = LocalJudge()

    def evaluate(
        self,
        transcript: Transcript,
        summary: SummarySpec,
        *,
        dimensions: tuple[Dimension, ...],
        rubric_questions: dict[str, tuple[str, ...]] | None = None,
        max_questions: int = 10,
    ) -> SummaryVerdict:
        verdict = self._judge.evaluate(
            transcript,
            summary,
            dimensions=dimensions,
            rubric_questions=rubric_questions,
            max_questions=max_questions,
        )
        return verdict.model_copy(update={"adherence_rubrics": (), "completeness_rubrics": ()})

    def verify_points(
        self, transcript: Transcript, points: Sequence[PointToVerify]
    ) -> list[AccuracyPoint]:
        return self._judge.verify_points(transcript, points)


def _conversation_file(tmp_path: Path) -> Path:
    (tmp_path / "sections.json").write_text(json.dumps(SECTIONS), encoding="utf-8")
    path = tmp_path / "conversations.jsonl"
    path.write_text(json.dumps(CONVERSATION) + "\n", encoding="utf-8")
    return path


def test_an_unmatched_completeness_fact_counts_as_not_covered(tmp_path: Path):
    result = run_benchmark(SilentRubricsJudge(), _conversation_file(tmp_path))
    completeness = result.dimensions["completeness"]
    # The one labelled fact is covered; the judge said nothing about it, so it is a false alarm.
    assert completeness["n"] == 1
    assert completeness["balanced_accuracy"] == 0.0
    assert completeness["precision_fail"] == 0.0
    assert (
        "1 labelled completeness item(s) had no matching verdict and count as not covered "
        "(1 labelled passing, 0 labelled failing)" in result.notes
    )


def test_an_unmatched_adherence_question_counts_as_not_addressed(tmp_path: Path):
    result = run_benchmark(SilentRubricsJudge(), _conversation_file(tmp_path))
    adherence = result.dimensions["adherence"]
    # Three labelled questions, one failing: all predicted failing.
    assert adherence["n"] == 3
    assert adherence["recall_fail"] == 1.0
    assert adherence["precision_fail"] == round(1 / 3, 4)
    assert (
        "3 labelled adherence item(s) had no matching verdict and count as not addressed "
        "(2 labelled passing, 1 labelled failing)" in result.notes
    )


def test_it_adds_no_note_when_every_labelled_item_is_matched(tmp_path: Path):
    result = run_benchmark(LocalJudge(), _conversation_file(tmp_path))
    assert result.dimensions["completeness"]["n"] == 1
    assert not any("no matching verdict" in note for note in result.notes)
