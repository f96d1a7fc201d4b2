"""The offline `local` judge: deterministic, no network, no model download. An honest baseline."""

from __future__ import annotations

from evaluations.judges.local.judge import LocalJudge, LocalSummarizationBackend

__all__ = ["LocalJudge", "LocalSummarizationBackend"]
