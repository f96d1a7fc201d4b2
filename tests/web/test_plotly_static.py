"""plotly.js from the plotly package, served as a static file, and what keeps it inside the CSP."""

from __future__ import annotations

import subprocess
import sys

from django.contrib.staticfiles import finders

from config.staticfiles import plotly_inline_style_ids, plotly_js_path
from tests.conftest import REPO_ROOT


def test_plotly_js_is_found_as_a_static_file_from_the_package():
    found = finders.find("vendor/plotly/plotly.min.js")
    assert found == str(plotly_js_path())


def test_the_committed_plotly_css_matches_the_installed_plotly():
    result = subprocess.run(
        [sys.executable, "scripts/plotly_css.py", "--check"],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stderr


def test_the_styles_plotly_would_inject_on_load_are_known():
    # maplibre's stylesheet: the page puts an element with its id in <head>, so none is added.
    assert len(plotly_inline_style_ids()) >= 1
