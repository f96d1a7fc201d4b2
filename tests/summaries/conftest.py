from __future__ import annotations

# The evaluation tests' row factories, shared (the sections pages count summaries per version).
from tests.evaluations.conftest import (  # noqa: F401
    judge_now,
    make_summary,
    scripted_judge,
    sections,
)
