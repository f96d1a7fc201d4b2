"""Agreement metrics and dataset readers of `evaluations.benchmark`, against hand-computed values."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from evaluations.benchmark import (
    agreement,
    bootstrap_balanced_accuracy,
    conversation_case,
    detect_format,
    mean_absolute_error,
    parse_speaker_lines,
)

# True = the item passes (accurate / addressed / covered). Failing is the positive class.
LABELS = [True, True, True, True, False, False, False, True, True, True]
PREDICTIONS = [True, True, False, True, False, False, True, True, True, True]
# tp = 2 (items 4, 5), fn = 1 (item 6), fp = 1 (item 2), tn = 6.


def test_it_computes_balanced_accuracy_as_the_mean_of_both_recalls():
    assert agreement(LABELS, PREDICTIONS).balanced_accuracy == pytest.approx((2 / 3 + 6 / 7) / 2)


def test_it_computes_precision_and_recall_of_the_failing_class():
    metrics = agreement(LABELS, PREDICTIONS)
    assert metrics.precision_fail == pytest.approx(2 / 3)
    assert metrics.recall_fail == pytest.approx(2 / 3)
    assert metrics.n == 10


def test_it_computes_cohens_kappa():
    # p_o = 8/10; p_e = (3*3 + 7*7) / 100 = 0.58; kappa = (0.8 - 0.58) / 0.42
    assert agreement(LABELS, PREDICTIONS).kappa == pytest.approx(0.22 / 0.42)


def test_a_judge_that_agrees_perfectly_scores_one_everywhere():
    metrics = agreement(LABELS, LABELS)
    assert (
        metrics.balanced_accuracy,
        metrics.precision_fail,
        metrics.recall_fail,
        metrics.kappa,
    ) == (
        1.0,
        1.0,
        1.0,
        1.0,
    )


def test_it_leaves_undefined_metrics_empty_rather_than_zero():
    metrics = agreement([True, True], [True, True])
    assert metrics.balanced_accuracy == 1.0  # the one class present is recalled
    assert metrics.precision_fail is None  # nothing predicted failing
    assert metrics.recall_fail is None  # nothing labelled failing
    assert metrics.kappa is None  # chance agreement is 1
    assert agreement([], []).as_dict(None) == {
        "n": 0,
        "balanced_accuracy": None,
        "precision_fail": None,
        "recall_fail": None,
        "kappa": None,
        "score_mae": None,
    }


def test_it_computes_the_mae_over_pairs_where_both_scores_exist():
    pairs = [(0.5, 1.0), (None, 0.3), (1.0, None), (0.8, 0.6)]
    assert mean_absolute_error(pairs) == pytest.approx((0.5 + 0.2) / 2)
    assert mean_absolute_error([(None, 1.0)]) is None


def test_it_rejects_labels_and_predictions_of_different_lengths():
    with pytest.raises(ValueError):
        agreement([True], [True, False])


def test_it_detects_both_file_formats_and_rejects_others():
    assert detect_format([{"turns": [], "summary": {}, "labels": {}}]) == "conversations"
    assert detect_format([{"transcript": "", "claim": "", "label": 1}]) == "claims"
    with pytest.raises(ValueError, match="unknown format"):
        detect_format([{"text": "hello"}])


def test_it_reads_speaker_lines_into_turns_with_speakers_and_roles():
    transcript = parse_speaker_lines("Emma: How was it?\nJosh: nice: quiet\nAgent: Hello")
    assert [(t.speaker, t.role, t.text) for t in transcript.turns] == [
        ("Emma", "customer", "How was it?"),
        ("Josh", "customer", "nice: quiet"),
        ("", "agent", "Hello"),
    ]


def test_it_reads_a_labelled_conversation_with_its_section_definitions(shared_data: Path):
    definitions = {
        d["key"]: d for d in json.loads((shared_data / "cc" / "sections.json").read_text())
    }
    row = json.loads((shared_data / "cc" / "cc_dev.jsonl").read_text().splitlines()[1])
    case = conversation_case(row, definitions)
    assert len(case.transcript.turns) == len(row["turns"])
    assert {s.key: s.value_type for s in case.summary.sections}["call_driver"] == "categorical"
    assert len(case.accuracy) == len(row["labels"]["accuracy"])
    assert len(case.adherence) == len(row["labels"]["adherence"])
    assert case.expected == row["expected"]


# --- bootstrap intervals ----------------------------------------------------------------------

CAUGHT = [(False, False)] * 5 + [(True, True)] * 5  # a conversation whose failures are all found
MISSED = [(False, True)] * 5 + [(True, True)] * 5  # one whose failures are all missed


def test_the_interval_of_one_conversation_is_its_balanced_accuracy():
    assert bootstrap_balanced_accuracy([CAUGHT + MISSED]) == (0.75, 0.75)


def test_it_resamples_conversations_not_items():
    """Pooled, the 20 items give 0.75. Resampling the two conversations draws both CAUGHT (1.0),
    both MISSED (0.5) or one of each (0.75): the interval spans 0.5 to 1.0, much wider than
    resampling 20 independent items would say."""
    low, high = bootstrap_balanced_accuracy([CAUGHT, MISSED], resamples=400, seed=1)
    assert (low, high) == (0.5, 1.0)


def test_the_interval_holds_the_point_estimate_and_is_reproducible():
    units = [CAUGHT, MISSED, CAUGHT[:6], MISSED[3:], [(True, False), (True, True)]]
    pooled = [pair for unit in units for pair in unit]
    point = agreement([label for label, _ in pooled], [p for _, p in pooled]).balanced_accuracy
    low, high = bootstrap_balanced_accuracy(units, seed=7)
    assert low < point < high
    assert bootstrap_balanced_accuracy(units, seed=7) == (low, high)


def test_there_is_no_interval_without_items_or_resamples():
    assert bootstrap_balanced_accuracy([]) is None
    assert bootstrap_balanced_accuracy([CAUGHT], resamples=0) is None
