"""Fault injection: the steps of an evaluation's life where a deployment can lose its database
mid-way, named, so tests make them fail through one public seam instead of patching private
functions.

Each point is one step of the services. `injected()` runs an action as the step starts (`before`)
or right after it has completed (`after`: the step's COMMIT went through, but its caller never
hears of it). An action is an exception to raise, or a callable to run. When nothing is injected a
point costs one dictionary lookup.

    with faults.injected(faults.Point.VERDICT_WRITE, after=OperationalError("gone"), times=1):
        summary_evaluate(evaluation_id=evaluation.pk)  # stored, then raises OutcomeNotStored
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from enum import StrEnum
from typing import ParamSpec, TypeVar

P = ParamSpec("P")
R = TypeVar("R")

Action = BaseException | Callable[[], object] | None


class Point(StrEnum):
    # services/verdicts.py: an attempt's verdict rows, calls and scores, in one transaction.
    VERDICT_WRITE = "verdict_write"
    # services/claims.py: a claim given back to the queue (a transient error, a deferral).
    RELEASE = "release"
    # services/usage.py: the model calls an attempt was billed for, inside its transaction.
    CALLS_RECORD = "calls_record"
    # services/runs.py: closing a run, under its row lock, before its totals are summed.
    RUN_CLOSE = "run_close"


@dataclass
class Injection:
    point: Point
    before: Action = None
    after: Action = None
    times: int | None = None  # None: every time the point is reached
    fired: int = 0  # how many times it acted


_injections: dict[Point, list[Injection]] = {}


@contextmanager
def injected(
    point: Point, *, before: Action = None, after: Action = None, times: int | None = None
) -> Iterator[Injection]:
    """Act at `point` while the block runs: the first `times` times it is reached, or always."""
    injection = Injection(point=point, before=before, after=after, times=times)
    _injections.setdefault(point, []).append(injection)
    try:
        yield injection
    finally:
        _injections[point].remove(injection)


def reached(point: Point, *, stage: str = "before") -> None:
    """The services call this where a step starts (or ends, with stage="after")."""
    for injection in _injections.get(point, ()):
        if injection.times is not None and injection.fired >= injection.times:
            continue
        action = injection.before if stage == "before" else injection.after
        if action is None:
            continue
        injection.fired += 1
        if isinstance(action, BaseException):
            raise action
        action()


def step(point: Point) -> Callable[[Callable[P, R]], Callable[P, R]]:
    """Make a whole function an injection point: `before` as it starts, `after` once it has
    returned."""

    def decorate(function: Callable[P, R]) -> Callable[P, R]:
        @functools.wraps(function)
        def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
            reached(point)
            result = function(*args, **kwargs)
            reached(point, stage="after")
            return result

        return wrapper

    return decorate
