"""The judge engine: pure Python, no Django. Judges take typed transcripts and summaries
(`evaluations.judges.types`) and return verdicts whose scores are computed in
`evaluations.judges.scoring`.

The public summarization API mirrors Mastra's (`createSummarizationScorer`, `runEvals`). Importing
this package loads neither the Claude judge nor the local judge: `create_summarization_scorer`
imports the one its `model` names.
"""

from __future__ import annotations

from evaluations.judges.summarization import (
    SummarizationBackend,
    SummarizationScorer,
    create_summarization_scorer,
    run_evals,
    score_summarization,
)

__all__ = [
    "SummarizationBackend",
    "SummarizationScorer",
    "create_summarization_scorer",
    "run_evals",
    "score_summarization",
]
