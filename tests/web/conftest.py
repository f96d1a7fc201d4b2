from __future__ import annotations

# The evaluation tests' row factories, shared.
from tests.evaluations.conftest import make_summary, scripted_judge, sections  # noqa: F401
