"""Commands whose output is piped (`export_run 3 | head`) stop quietly when the reader leaves."""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def quiet_on_broken_pipe() -> Iterator[None]:
    """Exit with status 1 and no traceback when stdout's reader has gone, as a Unix filter does.

    Python flushes stdout again at exit, which would raise once more, so the descriptor is pointed
    at devnull first (the recipe in the `signal` module's documentation).
    """
    try:
        yield
        sys.stdout.flush()
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        raise SystemExit(1) from None
