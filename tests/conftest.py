from __future__ import annotations

from pathlib import Path

import pytest

REPO_ROOT = Path(__file__).resolve().parent.parent
SHARED_DATA = REPO_ROOT.parent / "shared" / "data"


@pytest.fixture
def shared_data() -> Path:
    """The labelled development data beside the repository; tests that need it skip without it."""
    if not SHARED_DATA.is_dir():
        pytest.skip(
            f"{SHARED_DATA} is absent: the labelled development data is not on this machine"
        )
    return SHARED_DATA
