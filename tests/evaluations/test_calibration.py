"""The calibration statistics, without a database.

Reference values come from two places besides the code under test: hand computation (the fractions
in the comments), and statsmodels 0.15 `statsmodels.stats.inter_rater.cohens_kappa`, run once in a
scratch environment (it is not a dependency of the project), whose `std_kappa` is the same
Fleiss–Cohen–Everitt standard error. For smoothed tables, statsmodels was given the table with 0.5
added to each cell and its standard error rescaled to the real n: se × sqrt((n + 2) / n).
A third, independent check derives the variance numerically by the delta method.
"""

from __future__ import annotations

import json
import math
import os
import random
import subprocess
import sys

import pytest

from evaluations.calibration import (
    CELLS,
    MIN_REVIEWED_ITEMS,
    ConfusionCounts,
    agreement_rate,
    calibration_cell,
    cell_name,
    cohens_kappa,
    confusion_counts,
    expected_agreement,
    kappa_strength,
)
from tests.conftest import REPO_ROOT


def table(pass_pass: int, pass_fail: int, fail_pass: int, fail_fail: int) -> ConfusionCounts:
    """Judge in rows, human in columns: [[pass/pass, pass/fail], [fail/pass, fail/fail]]."""
    return ConfusionCounts(pass_pass, pass_fail, fail_pass, fail_fail)


# --- confusion counts and agreement -----------------------------------------------------------


def test_it_counts_each_pair_in_its_cell() -> None:
    pairs = [(True, True)] * 3 + [(True, False)] * 2 + [(False, True)] + [(False, False)] * 4

    counts = confusion_counts(pairs)

    assert counts == table(3, 2, 1, 4)
    assert (counts.n, counts.agreements, counts.disagreements) == (10, 7, 3)


def test_it_names_the_cell_judge_first() -> None:
    assert cell_name(judge_value=True, human_value=False) == "judge_pass_human_fail"
    assert cell_name(judge_value=False, human_value=True) == "judge_fail_human_pass"
    assert set(CELLS) == {
        cell_name(judge_value=j, human_value=h) for j in (True, False) for h in (True, False)
    }


def test_counts_add_cell_by_cell_so_sections_sum_to_their_dimension() -> None:
    assert table(1, 2, 3, 4) + table(10, 20, 30, 40) == table(11, 22, 33, 44)
    assert sum((table(1, 0, 0, 1), table(0, 1, 1, 0)), ConfusionCounts()) == table(1, 1, 1, 1)


def test_it_refuses_a_negative_count() -> None:
    with pytest.raises(ValueError, match="judge_fail_human_pass is negative"):
        table(1, 1, -1, 1)


def test_the_agreement_rate_is_the_share_of_agreeing_items() -> None:
    assert agreement_rate(table(20, 5, 10, 15)) == pytest.approx(0.7)  # 35 / 50
    assert agreement_rate(table(0, 0, 0, 0)) is None
    assert agreement_rate(table(0, 3, 4, 0)) == 0.0


def test_expected_agreement_comes_from_the_marginals() -> None:
    # judge passes 25 of 50, humans 30 of 50: 0.5 × 0.6 + 0.5 × 0.4
    assert expected_agreement(table(20, 5, 10, 15)) == pytest.approx(0.5)
    # 48 × 47 + 7 × 8 over 55²
    assert expected_agreement(table(45, 3, 2, 5)) == pytest.approx(2312 / 3025)
    assert expected_agreement(ConfusionCounts()) is None


# --- kappa against textbook and reference values ----------------------------------------------


def test_kappa_of_the_textbook_example() -> None:
    # The worked example of Wikipedia's "Cohen's kappa": 50 grant proposals, 20 yes/yes, 5 yes/no,
    # 10 no/yes, 15 no/no. p_o = 0.7, p_e = 0.5, kappa = 0.4.
    kappa = cohens_kappa(table(20, 5, 10, 15))

    assert kappa.value == pytest.approx(0.4)
    assert kappa.standard_error == pytest.approx(0.12699606293110033)  # statsmodels std_kappa
    assert (kappa.low, kappa.high) == (
        pytest.approx(0.151092290476661),
        pytest.approx(0.6489077095233389),
    )
    assert kappa.smoothed is False


@pytest.mark.parametrize(
    ("counts", "exact_kappa", "standard_error", "low", "high"),
    [
        # p_o = 50/55, p_e = 2312/3025: kappa = (2750 - 2312) / (3025 - 2312) = 438/713
        (table(45, 3, 2, 5), 438 / 713, 0.1569726297177646, 0.3066450495452706, 0.9219664511559915),
        # p_o = 18/25, p_e = 330/625: kappa = (450 - 330) / (625 - 330) = 24/59
        (table(12, 4, 3, 6), 24 / 59, 0.18699205683509743, 0.04028196422509117, 0.773277357808807),
    ],
)
def test_kappa_and_its_interval_match_the_reference(
    counts: ConfusionCounts, exact_kappa: float, standard_error: float, low: float, high: float
) -> None:
    kappa = cohens_kappa(counts)

    assert kappa.value == pytest.approx(exact_kappa, abs=1e-12)
    assert kappa.standard_error == pytest.approx(standard_error, rel=1e-9)
    assert kappa.low == pytest.approx(low, rel=1e-9)
    assert kappa.high == pytest.approx(high, rel=1e-9)


def _delta_method_variance(counts: ConfusionCounts) -> float:
    """Var(kappa) by the delta method, numerically: the gradient of kappa with respect to the
    four cell proportions, g, and the multinomial covariance diag(p) - p pᵀ, as gᵀ Σ g / n."""

    def kappa_of(cells: list[float]) -> float:
        total = sum(cells)
        p = [c / total for c in cells]
        observed = p[0] + p[3]
        expected = (p[0] + p[1]) * (p[0] + p[2]) + (p[2] + p[3]) * (p[1] + p[3])
        return (observed - expected) / (1 - expected)

    n = counts.n
    p = [c / n for c in counts.as_tuple()]
    step = 1e-6
    gradient = []
    for index in range(4):
        up, down = list(p), list(p)
        up[index] += step
        down[index] -= step
        # Unnormalised on purpose: kappa_of renormalises, the covariance keeps the sum fixed.
        gradient.append((kappa_of(up) - kappa_of(down)) / (2 * step))
    covariance = [[(p[i] if i == j else 0.0) - p[i] * p[j] for j in range(4)] for i in range(4)]
    quadratic = sum(
        gradient[i] * covariance[i][j] * gradient[j] for i in range(4) for j in range(4)
    )
    return quadratic / n


def test_the_standard_error_is_the_delta_method_variance_of_kappa() -> None:
    rng = random.Random(9)
    for _ in range(40):
        counts = table(*(rng.randint(1, 60) for _ in range(4)))

        kappa = cohens_kappa(counts)

        assert kappa.standard_error == pytest.approx(
            math.sqrt(_delta_method_variance(counts)), rel=1e-5
        ), counts


def test_a_wider_confidence_gives_a_wider_interval() -> None:
    counts = table(30, 6, 4, 12)
    at_95, at_99 = cohens_kappa(counts), cohens_kappa(counts, confidence=0.99)

    assert at_99.low < at_95.low < at_95.value < at_95.high < at_99.high
    # 1.959964 and 2.575829 standard errors either side
    assert at_95.high - at_95.value == pytest.approx(1.959963985 * at_95.standard_error)
    assert at_99.high - at_99.value == pytest.approx(2.575829304 * at_99.standard_error)
    with pytest.raises(ValueError, match="confidence"):
        cohens_kappa(counts, confidence=1.0)


# --- degenerate tables ------------------------------------------------------------------------


def test_the_interval_stays_within_minus_one_and_one() -> None:
    # No empty cell, so no smoothing; statsmodels' Wald interval reaches 1.0701500096737668.
    kappa = cohens_kappa(table(18, 1, 1, 5))

    assert kappa.value == pytest.approx(0.780701754385965)
    assert kappa.low == pytest.approx(0.49125349909816324)
    assert kappa.high == 1.0


def test_all_agreeing_items_get_kappa_one_and_an_interval_that_reflects_n() -> None:
    # The plug-in variance is 0 here (statsmodels: std_kappa 0.0, interval [1, 1]). Smoothed:
    # statsmodels on [[15.5, 0.5], [0.5, 5.5]], its se rescaled from n = 22 to n = 20.
    kappa = cohens_kappa(table(15, 0, 0, 5))

    assert kappa.value == 1.0
    assert kappa.smoothed is True
    assert kappa.standard_error == pytest.approx(0.1172460238783113)
    assert kappa.high == 1.0
    assert kappa.low == pytest.approx(1 - 1.959963985 * 0.1172460238783113)
    assert 0.7 < kappa.low < 0.8


def test_more_agreeing_items_narrow_the_interval() -> None:
    lows = [cohens_kappa(table(3 * k, 0, 0, k)).low for k in (5, 20, 80)]

    assert lows[0] < lows[1] < lows[2] < 1.0


def test_a_judge_that_passes_everything_has_kappa_zero_with_a_real_interval() -> None:
    # The judge never fails an item, the humans fail five of twenty: p_o = p_e = 0.75, kappa 0.
    # Unsmoothed the variance is exactly 0 (statsmodels: interval [0, 0]). Smoothed:
    # statsmodels on [[15.5, 5.5], [0.5, 0.5]], its se rescaled from n = 22 to n = 20.
    kappa = cohens_kappa(table(15, 5, 0, 0))

    assert kappa.value == pytest.approx(0.0, abs=1e-12)
    assert kappa.smoothed is True
    assert kappa.standard_error == pytest.approx(0.16968317816649026)
    assert kappa.low < 0 < kappa.high


def test_an_empty_cell_smooths_only_the_variance_not_the_estimate() -> None:
    # One disagreement in 25: kappa = (24/25 - p_e) / (1 - p_e), p_e = (19·18 + 6·7) / 625 = 384/625
    kappa = cohens_kappa(table(18, 1, 0, 6))

    assert kappa.value == pytest.approx((600 - 384) / (625 - 384))
    assert kappa.smoothed is True
    # statsmodels on [[18.5, 1.5], [0.5, 6.5]], its se rescaled from n = 27 to n = 25
    assert kappa.standard_error == pytest.approx(0.1294118773914786)


def test_perfect_disagreement_is_kappa_minus_one() -> None:
    kappa = cohens_kappa(table(0, 10, 10, 0))

    assert kappa.value == pytest.approx(-1.0)
    assert kappa.low == -1.0
    assert -1.0 < kappa.high < -0.5


def test_opposite_constant_raters_have_kappa_zero() -> None:
    # The judge passes all twenty, the humans fail all twenty: p_o = 0, p_e = 1·0 + 0·1 = 0.
    kappa = cohens_kappa(table(0, 20, 0, 0))

    assert kappa.value == pytest.approx(0.0)
    assert kappa.low is not None and kappa.high is not None
    assert kappa.low < 0 < kappa.high


@pytest.mark.parametrize(
    ("counts", "value"), [(table(20, 0, 0, 0), "passed"), (table(0, 0, 0, 20), "failed")]
)
def test_kappa_is_undefined_when_chance_agreement_is_certain(
    counts: ConfusionCounts, value: str
) -> None:
    # Both raters gave one and the same value to every item: p_e = 1, kappa = 0 / 0.
    kappa = cohens_kappa(counts)

    assert kappa.value is None and kappa.low is None and kappa.high is None
    assert kappa.undefined_reason == f"undefined: both {value} every item"
    assert expected_agreement(counts) == 1.0
    assert agreement_rate(counts) == 1.0


def test_kappa_of_no_items_is_undefined() -> None:
    kappa = cohens_kappa(ConfusionCounts())

    assert kappa.value is None
    assert kappa.undefined_reason == "no reviewed items"


def test_every_small_table_gives_a_finite_interval_inside_bounds() -> None:
    for counts in (
        table(a, b, c, d)
        for a in range(4)
        for b in range(4)
        for c in range(4)
        for d in range(4)
        if a + b + c + d
    ):
        kappa = cohens_kappa(counts)
        if kappa.value is None:
            assert counts.disagreements == 0 and 0 in (
                counts.judge_pass_human_pass,
                counts.judge_fail_human_fail,
            )
            continue
        assert kappa.low is not None and kappa.high is not None
        assert -1.0 <= kappa.low <= kappa.value <= kappa.high <= 1.0, counts
        assert math.isfinite(kappa.standard_error or 0.0) and (kappa.standard_error or 0) > 0, (
            counts
        )


# --- the "too few reviews" rule -----------------------------------------------------------------


def test_below_twenty_reviewed_items_a_cell_shows_no_number() -> None:
    cell = calibration_cell(table(10, 2, 3, 4))  # 19 items

    assert MIN_REVIEWED_ITEMS == 20
    assert cell.n == 19 and not cell.enough
    assert cell.agreement is None and cell.kappa is None
    assert cell.note == "too few reviews (19 of the 20 needed)"


def test_at_twenty_reviewed_items_a_cell_shows_its_numbers() -> None:
    cell = calibration_cell(table(10, 2, 3, 5))  # 20 items

    assert cell.enough and cell.note == ""
    assert cell.agreement == pytest.approx(15 / 20)
    assert cell.kappa is not None and cell.kappa.value is not None
    assert cell.counts == table(10, 2, 3, 5)


def test_the_minimum_can_be_set_but_not_below_one() -> None:
    assert calibration_cell(table(1, 1, 1, 1), minimum=4).enough
    with pytest.raises(ValueError, match="minimum"):
        calibration_cell(table(1, 1, 1, 1), minimum=0)


def test_a_cell_with_enough_items_can_still_have_an_undefined_kappa() -> None:
    cell = calibration_cell(table(25, 0, 0, 0))

    assert cell.enough and cell.agreement == 1.0
    assert cell.kappa is not None and cell.kappa.value is None
    assert cell.kappa.undefined_reason == "undefined: both passed every item"


def test_the_statistics_import_without_django() -> None:
    environment = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    completed = subprocess.run(
        [
            sys.executable,
            "-c",
            "import json, sys\n"
            "from evaluations.calibration import calibration_cell, ConfusionCounts\n"
            "cell = calibration_cell(ConfusionCounts(20, 5, 10, 15))\n"
            "print(json.dumps({'kappa': cell.kappa.value,"
            " 'django': any(m.split('.')[0] == 'django' for m in sys.modules)}))\n",
        ],
        cwd=REPO_ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )

    assert completed.returncode == 0, completed.stderr
    result = json.loads(completed.stdout)
    assert result["django"] is False
    assert result["kappa"] == pytest.approx(0.4)


@pytest.mark.parametrize(
    ("value", "word"),
    [
        (-0.3, "poor"),
        (0.0, "slight"),
        (0.2, "slight"),
        (0.21, "fair"),
        (0.4, "fair"),
        (0.55, "moderate"),
        (0.61, "substantial"),
        (0.8, "substantial"),
        (0.81, "almost perfect"),
        (1.0, "almost perfect"),
    ],
)
def test_kappa_gets_the_landis_koch_word(value: float, word: str) -> None:
    assert kappa_strength(value) == word
