"""Judge-versus-human agreement: pure statistics over 2 × 2 tables. No Django import.

Every reviewed verdict item is a pair (the judge's value, the human's value), where True is the
verdict's pass: accurate, addressed, covered, supported, answered. The pairs of one calibration
cell (a dimension, a section, a judge version, blind or not) make a 2 × 2 confusion table, and from
it come the agreement rate and Cohen's kappa with a 95% confidence interval.

The interval (`cohens_kappa`)
------------------------------
Wald interval, kappa ± z·SE, with the large-sample standard error of Fleiss, Cohen and Everitt
(1969), "Large sample standard errors of kappa and weighted kappa", Psychological Bulletin 72(5),
which is the delta-method variance of kappa under multinomial sampling. The same formula is what
R's `psych::cohen.kappa`, SAS `PROC FREQ` and statsmodels' `cohens_kappa` report, so a reader can
check our figures. Two refinements make it behave on the small and lopsided tables a review team
produces:

1. An empty cell makes the plug-in variance collapse: with every item agreed on, or with a judge
   that passed every item, the formula gives SE = 0 and the "interval" is a single point, however
   few the items. When any of the four cells is empty, the variance is computed on the table with
   0.5 added to every cell (the Haldane–Anscombe correction, as for odds ratios), with the real n.
   The point estimate stays the observed kappa; only its uncertainty is estimated from the
   smoothed table.
2. Kappa lies in [−1, 1], and a Wald interval near 1 can pass it; the interval is clipped.

Why not a bootstrap: its percentile interval collapses on exactly the same tables (every resample
of an all-agreeing table agrees), resamples where one value was never given have an undefined
kappa, and it costs thousands of resamples per cell on a page that must answer in well under a
second. The closed form is deterministic and costs nothing.

Kappa is undefined when the expected agreement p_e is 1: the judge and the humans gave the same
single value to every item, so there is no variation to agree on beyond chance. The agreement
rate (1.0) is still reported; kappa is None with that reason.

The interval treats items as independent. Items of one conversation are not quite (one bad
summary fails several points), so with many items per conversation the true interval is somewhat
wider; the review pages show which conversations the items come from.

Below `MIN_REVIEWED_ITEMS` reviewed items, `calibration_cell` gives no statistic at all ("too few
reviews"): an agreement rate over a dozen items means nothing.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from statistics import NormalDist

MIN_REVIEWED_ITEMS = 20
CONFIDENCE = 0.95
HALDANE_CORRECTION = 0.5

# The four cells, named judge first, as they appear in URLs (`?cell=judge_pass_human_fail`).
CELLS = (
    "judge_pass_human_pass",
    "judge_pass_human_fail",
    "judge_fail_human_pass",
    "judge_fail_human_fail",
)


@dataclass(frozen=True)
class ConfusionCounts:
    """How often the judge and the humans gave each pair of values to the same items."""

    judge_pass_human_pass: int = 0
    judge_pass_human_fail: int = 0  # the judge passed what a human failed: a missed failure
    judge_fail_human_pass: int = 0  # the judge failed what a human passed: a false alarm
    judge_fail_human_fail: int = 0

    def __post_init__(self) -> None:
        for cell in CELLS:
            if getattr(self, cell) < 0:
                raise ValueError(f"{cell} is negative: {getattr(self, cell)}")

    @property
    def n(self) -> int:
        return sum(self.as_tuple())

    @property
    def agreements(self) -> int:
        return self.judge_pass_human_pass + self.judge_fail_human_fail

    @property
    def disagreements(self) -> int:
        return self.judge_pass_human_fail + self.judge_fail_human_pass

    def as_tuple(self) -> tuple[int, int, int, int]:
        return (
            self.judge_pass_human_pass,
            self.judge_pass_human_fail,
            self.judge_fail_human_pass,
            self.judge_fail_human_fail,
        )

    def __add__(self, other: ConfusionCounts) -> ConfusionCounts:
        return ConfusionCounts(
            *(a + b for a, b in zip(self.as_tuple(), other.as_tuple(), strict=True))
        )


def cell_name(*, judge_value: bool, human_value: bool) -> str:
    """The confusion cell a (judge, human) pair falls in."""
    return f"judge_{'pass' if judge_value else 'fail'}_human_{'pass' if human_value else 'fail'}"


def confusion_counts(pairs: Iterable[tuple[bool, bool]]) -> ConfusionCounts:
    """Counts from (judge value, human value) pairs."""
    tally = dict.fromkeys(CELLS, 0)
    for judge_value, human_value in pairs:
        tally[cell_name(judge_value=judge_value, human_value=human_value)] += 1
    return ConfusionCounts(**tally)


def agreement_rate(counts: ConfusionCounts) -> float | None:
    """The share of items on which the judge and the human agree; None without items."""
    if counts.n == 0:
        return None
    return counts.agreements / counts.n


@dataclass(frozen=True)
class Kappa:
    """Cohen's kappa and its confidence interval; `value` is None with a reason when undefined."""

    value: float | None
    low: float | None = None
    high: float | None = None
    standard_error: float | None = None
    # True when the variance came from the table with 0.5 added to each cell (an empty cell).
    smoothed: bool = False
    undefined_reason: str = ""


def _kappa_and_variance(
    pass_pass: float, pass_fail: float, fail_pass: float, fail_fail: float
) -> tuple[float, float]:
    """Kappa of a 2 × 2 table of (possibly fractional) counts, judge in rows, human in columns,
    and the Fleiss–Cohen–Everitt variance of kappa per observation (divide by n). The table's
    p_e must be below 1."""
    total = pass_pass + pass_fail + fail_pass + fail_fail
    p11, p12, p21, p22 = (cell / total for cell in (pass_pass, pass_fail, fail_pass, fail_fail))
    judge_pass, judge_fail = p11 + p12, p21 + p22  # row marginals p_i.
    human_pass, human_fail = p11 + p21, p12 + p22  # column marginals p_.j
    observed = p11 + p22
    expected = judge_pass * human_pass + judge_fail * human_fail
    kappa = (observed - expected) / (1 - expected)
    # 1. Diagonal: sum_i p_ii [1 - (p_i. + p_.i)(1 - kappa)]^2
    diagonal = (
        p11 * (1 - (judge_pass + human_pass) * (1 - kappa)) ** 2
        + p22 * (1 - (judge_fail + human_fail) * (1 - kappa)) ** 2
    )
    # 2. Off-diagonal: (1 - kappa)^2 sum_{i != j} p_ij (p_.i + p_j.)^2
    off_diagonal = (1 - kappa) ** 2 * (
        p12 * (human_pass + judge_fail) ** 2 + p21 * (human_fail + judge_pass) ** 2
    )
    # 3. Minus [kappa - p_e (1 - kappa)]^2, all over (1 - p_e)^2.
    correction = (kappa - expected * (1 - kappa)) ** 2
    variance = (diagonal + off_diagonal - correction) / (1 - expected) ** 2
    # Rounding can leave a variance that is zero in exact arithmetic a hair below it.
    return kappa, max(variance, 0.0)


def expected_agreement(counts: ConfusionCounts) -> float | None:
    """p_e: the agreement expected by chance from the two raters' marginals; None without items."""
    n = counts.n
    if n == 0:
        return None
    judge_pass = counts.judge_pass_human_pass + counts.judge_pass_human_fail
    human_pass = counts.judge_pass_human_pass + counts.judge_fail_human_pass
    return (judge_pass * human_pass + (n - judge_pass) * (n - human_pass)) / (n * n)


def cohens_kappa(counts: ConfusionCounts, *, confidence: float = CONFIDENCE) -> Kappa:
    """Cohen's kappa with a Wald interval (see the module docstring for the estimator and why)."""
    if not 0 < confidence < 1:
        raise ValueError(f"confidence must be between 0 and 1, not {confidence}")
    n = counts.n
    if n == 0:
        return Kappa(value=None, undefined_reason="no reviewed items")
    # Exact integer test: p_e = 1 only when both raters gave one and the same value throughout.
    if counts.agreements == n and (
        counts.judge_pass_human_pass == n or counts.judge_fail_human_fail == n
    ):
        value = "passed" if counts.judge_pass_human_pass == n else "failed"
        return Kappa(value=None, undefined_reason=f"undefined: both {value} every item")
    table = counts.as_tuple()
    kappa, variance_per_item = _kappa_and_variance(*table)
    smoothed = min(table) == 0
    if smoothed:
        _, variance_per_item = _kappa_and_variance(*(c + HALDANE_CORRECTION for c in table))
    standard_error = math.sqrt(variance_per_item / n)
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    return Kappa(
        value=kappa,
        low=max(-1.0, kappa - z * standard_error),
        high=min(1.0, kappa + z * standard_error),
        standard_error=standard_error,
        smoothed=smoothed,
    )


@dataclass(frozen=True)
class CalibrationCell:
    """What one cell of the calibration page shows. Without enough items, only the count."""

    counts: ConfusionCounts
    minimum: int
    agreement: float | None = None
    kappa: Kappa | None = None

    @property
    def n(self) -> int:
        return self.counts.n

    @property
    def enough(self) -> bool:
        return self.counts.n >= self.minimum

    @property
    def note(self) -> str:
        if self.enough:
            return ""
        return f"too few reviews ({self.counts.n} of the {self.minimum} needed)"


def calibration_cell(
    counts: ConfusionCounts,
    *,
    minimum: int = MIN_REVIEWED_ITEMS,
    confidence: float = CONFIDENCE,
) -> CalibrationCell:
    """The agreement rate and kappa of a cell, or neither below `minimum` reviewed items."""
    if minimum < 1:
        raise ValueError(f"minimum must be at least 1, not {minimum}")
    if counts.n < minimum:
        return CalibrationCell(counts=counts, minimum=minimum)
    return CalibrationCell(
        counts=counts,
        minimum=minimum,
        agreement=agreement_rate(counts),
        kappa=cohens_kappa(counts, confidence=confidence),
    )


# Landis and Koch (1977), "The measurement of observer agreement for categorical data",
# Biometrics 33(1): the usual words for kappa's ranges. Arbitrary, as they said themselves, but
# shared, so a reader can place a figure without knowing the statistic.
_KAPPA_STRENGTH = ((0.8, "almost perfect"), (0.6, "substantial"), (0.4, "moderate"), (0.2, "fair"))


def kappa_strength(value: float) -> str:
    """The Landis–Koch word for a kappa: "poor" below 0, "slight" up to 0.2, then "fair",
    "moderate", "substantial" and "almost perfect" above 0.8 (each bound in the lower range)."""
    for bound, word in _KAPPA_STRENGTH:
        if value > bound:
            return word
    return "slight" if value >= 0 else "poor"
