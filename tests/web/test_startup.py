from __future__ import annotations

import gc
import sys

from config.startup import web_process_ready


def test_a_web_process_imports_every_view_and_freezes_what_start_up_made() -> None:
    try:
        web_process_ready()

        assert gc.get_freeze_count() > 0
        assert "evaluations.views.review" in sys.modules
    finally:
        gc.unfreeze()  # the rest of the suite collects as before
