"""What a web process does once, after Django is set up and before its first request."""

from __future__ import annotations

import gc

from django.urls import get_resolver


def web_process_ready() -> None:
    """Import every view now, then freeze what start-up made out of the garbage collector's way.

    Importing the URLconf loads the views and through them plotly and the Anthropic SDK: some
    260k objects that live as long as the process. Left in the collector's oldest generation, each
    full collection walks all of them, a 150-200 ms pause in whichever request triggers it (about
    one in every few dozen on the review page). `gc.freeze()` moves them to a permanent generation
    the collector never scans; what requests allocate is collected as before.
    """
    get_resolver().url_patterns  # noqa: B018 (imported for its side effect: every view module)
    gc.collect()
    gc.freeze()
