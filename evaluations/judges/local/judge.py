"""The LocalJudge (provisional: verify_points only)."""

from __future__ import annotations

from evaluations.judges.local.points import PointChecker
from evaluations.judges.local.transcript import TranscriptIndex
from evaluations.judges.types import AccuracyPoint, PointToVerify, Transcript


class LocalJudge:
    name = "local"
    model = "local"
    prompt_version = "local-1"

    def verify_points(self, transcript: Transcript, points: list[PointToVerify]) -> list[AccuracyPoint]:
        checker = PointChecker(TranscriptIndex(transcript))
        return [checker.check(p.section, p.point) for p in points]


class LocalSummarizationBackend:
    pass
