"""plotly.js as a static file, from the copy inside the `plotly` Python package.

The dashboard loads `vendor/plotly/plotly.min.js`; this finder serves it in development (runserver
with DEBUG, and the tests' live server) and hands it to `collectstatic` for production, so the
version always matches the Python package's and nothing comes from a CDN.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import plotly  # type: ignore[import-untyped]
from django.contrib.staticfiles.finders import BaseFinder
from django.core.files.storage import FileSystemStorage

PREFIX = "vendor/plotly"
FILE = "plotly.min.js"


def plotly_js_path() -> Path:
    return Path(plotly.__file__).resolve().parent / "package_data" / FILE


class PlotlyFinder(BaseFinder):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.storage = FileSystemStorage(location=str(plotly_js_path().parent))
        self.storage.prefix = PREFIX  # type: ignore[attr-defined]

    def check(self, **kwargs: Any) -> list[Any]:
        return []

    def find(self, path: str, find_all: bool = False, **kwargs: Any) -> Any:
        if path == f"{PREFIX}/{FILE}" and plotly_js_path().is_file():
            found = str(plotly_js_path())
            return [found] if find_all else found
        return [] if find_all else None

    def list(self, ignore_patterns: Any) -> Iterator[tuple[str, FileSystemStorage]]:
        if plotly_js_path().is_file():
            yield FILE, self.storage


@functools.cache
def plotly_inline_style_ids() -> tuple[str, ...]:
    """The ids of the <style> elements plotly.js adds when it loads unless an element with that
    id exists (maplibre's stylesheet, for map traces the dashboard does not draw). The dashboard
    puts an empty element with each id in its <head>, so nothing inline is refused by the CSP."""
    source = plotly_js_path().read_text(encoding="utf-8")
    return tuple(
        dict.fromkeys(
            re.findall(
                r'if\(!document\.getElementById\("([^"]+)"\)\)\{var \w+=document\.createElement\("style"\)',
                source,
            )
        )
    )
