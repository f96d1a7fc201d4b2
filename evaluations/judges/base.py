"""The contract every judge (local, Claude) fulfils, and the one error type the engine raises."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from evaluations.judges.types import (
    AccuracyPoint,
    CallUsage,
    Dimension,
    PointToVerify,
    SummarySpec,
    SummaryVerdict,
    Transcript,
)


class JudgeError(Exception):
    """A judge could not produce a valid verdict. `retryable` says whether trying again can help:
    True for rate limits, overload, 5xx and timeouts; False for a reply that broke its schema even
    after the repair attempt, a refused request, or bad input.

    `calls` are the model calls that were billed before the judge gave up: the calls of one
    summary that succeeded while another failed, and replies that came back broken. No verdict
    is kept from them, but they were paid for, so a run's actual cost must count them."""

    def __init__(
        self,
        message: str,
        *,
        retryable: bool,
        retry_after: float | None = None,
        calls: Sequence[CallUsage] = (),
    ):
        super().__init__(message)
        self.retryable = retryable
        self.retry_after = retry_after
        self.calls: tuple[CallUsage, ...] = tuple(calls)

    def add_billed_calls(self, earlier: Sequence[CallUsage]) -> JudgeError:
        """Put the calls billed before this error was raised in front of its own, for a caller
        that re-raises it; returns the error itself so the traceback is kept."""
        self.calls = (*earlier, *self.calls)
        return self


def crashed(error: BaseException, billed: Sequence[CallUsage]) -> JudgeError:
    """A permanent JudgeError for an exception that is not one, carrying the calls billed
    before it, so the run's cost still counts them. Raise it `from error`: the caller can tell a
    bug in the judge from an outage of what the judge relies on (Redis, the database) by the
    cause, and retry the latter."""
    return JudgeError(
        f"The judge crashed: {type(error).__name__}: {error}", retryable=False, calls=billed
    )


class Judge(Protocol):
    name: str  # "local" or "anthropic"
    model: str
    prompt_version: str

    def evaluate(
        self,
        transcript: Transcript,
        summary: SummarySpec,
        *,
        dimensions: tuple[Dimension, ...],
        rubric_questions: dict[str, tuple[str, ...]] | None = None,
        max_questions: int = 10,
    ) -> SummaryVerdict:
        """Judge one summary. `rubric_questions` maps a free-text custom section key to the
        adherence questions stored for its definition version; missing keys are derived."""
        ...

    def verify_points(
        self, transcript: Transcript, points: list[PointToVerify]
    ) -> list[AccuracyPoint]:
        """Check given points against the transcript, without decomposing anything."""
        ...
