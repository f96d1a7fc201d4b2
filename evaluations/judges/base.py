"""The contract every judge (local, Claude) fulfils, and the one error type the engine raises."""

from __future__ import annotations

from typing import Protocol

from evaluations.judges.types import (
    AccuracyPoint,
    Dimension,
    PointToVerify,
    SummarySpec,
    SummaryVerdict,
    Transcript,
)


class JudgeError(Exception):
    """A judge could not produce a valid verdict. `retryable` says whether trying again can help:
    True for rate limits, overload, 5xx and timeouts; False for a reply that broke its schema even
    after the repair attempt, a refused request, or bad input."""

    def __init__(self, message: str, *, retryable: bool, retry_after: float | None = None):
        super().__init__(message)
        self.retryable = retryable
        self.retry_after = retry_after


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
