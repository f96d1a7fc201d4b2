"""The offline judge on the labelled contact-center development conversations (../shared/data/cc).

The summaries there carry planted errors: wrong amounts, dates and model numbers. The judge must
flag each planted value error whose wrong value the transcript never says, and must accept the
same point once the value is corrected from the label's explanation.
"""

from __future__ import annotations

import json
from pathlib import Path

from evaluations.judges.local import LocalJudge
from evaluations.judges.text import extract_facts
from evaluations.judges.types import PointToVerify, Transcript, TranscriptTurn

VALUE_KINDS = {"money", "date", "time", "number", "id", "phone"}


def _conversations(shared_data: Path) -> list[dict]:
    path = shared_data / "cc" / "cc_dev.jsonl"
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def _transcript(row: dict) -> Transcript:
    return Transcript(
        turns=tuple(
            TranscriptTurn(index=i, role=turn["role"], text=turn["text"])
            for i, turn in enumerate(row["turns"])
        )
    )


def _planted_value_errors(shared_data: Path) -> list[tuple[dict, dict, str, str]]:
    """(row, labelled point, wrong value, corrected point) for every inaccurate point whose
    explanation reads "... X, not Y" with Y a value in the point that the transcript never says.
    (A wrong value said elsewhere in the transcript, e.g. the old firmware version, is a
    contradiction a word matcher cannot place, and is left out here.)"""
    planted = []
    for row in _conversations(shared_data):
        said = " ".join(turn["text"] for turn in row["turns"])
        for label in row["labels"]["accuracy"]:
            if label["is_accurate"]:
                continue
            # "The agent said 'arriving by March 13', not March 11.": right value, then wrong one.
            stated, negation, denied = label["why"].rpartition(" not ")
            if not negation:
                continue
            denied_values = {f.value for f in extract_facts(denied)}
            wrong = [
                f
                for f in extract_facts(label["point"])
                if f.kind in VALUE_KINDS and f.value in denied_values
            ]
            right = [
                f
                for f in extract_facts(stated)
                if f.kind in VALUE_KINDS and f.kind == (wrong[0].kind if wrong else None)
            ]
            if not wrong or not right:
                continue
            value = wrong[0]
            if value.surface in said:
                continue
            corrected = label["point"].replace(value.surface, right[0].surface)
            planted.append((row, label, value.surface, corrected))
    return planted


def test_it_flags_every_planted_number_and_date_error(shared_data: Path):
    planted = _planted_value_errors(shared_data)
    assert len(planted) >= 7, "the development data should hold the planted value errors"
    judge = LocalJudge()
    for row, label, wrong_value, _ in planted:
        verdict = judge.verify_points(
            _transcript(row), [PointToVerify(section=label["section"], point=label["point"])]
        )[0]
        assert not verdict.is_accurate, f"{row['id']}: {label['point']} -> {verdict.accuracy}"
        assert wrong_value in verdict.accuracy
        assert verdict.turn_indexes, "a flagged value is linked to the turns about it"


def test_it_accepts_the_corrected_versions_of_the_planted_errors(shared_data: Path):
    judge = LocalJudge()
    for row, label, _, corrected in _planted_value_errors(shared_data):
        verdict = judge.verify_points(
            _transcript(row), [PointToVerify(section=label["section"], point=corrected)]
        )[0]
        assert verdict.is_accurate, f"{row['id']}: {corrected} -> {verdict.accuracy}"


def test_it_accepts_the_labelled_accurate_points_that_state_values(shared_data: Path):
    """Accurate points with amounts, dates and ids: at most a handful of false alarms."""
    judge = LocalJudge()
    checked = flagged = 0
    for row in _conversations(shared_data):
        points = [
            label
            for label in row["labels"]["accuracy"]
            if label["is_accurate"]
            and any(f.kind in VALUE_KINDS - {"number"} for f in extract_facts(label["point"]))
        ]
        verdicts = judge.verify_points(
            _transcript(row),
            [PointToVerify(section=p["section"], point=p["point"]) for p in points],
        )
        checked += len(verdicts)
        flagged += sum(not v.is_accurate for v in verdicts)
    assert checked >= 50
    assert flagged / checked <= 0.05
