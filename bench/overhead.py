"""Overhead: the platform's own time per summary outside the model calls.

Two measurements, each with the `local` judge and with the Claude judge against the fake Messages
API at zero latency:
1. In this process, one summary after another through `summary_evaluate` (claim, load the rows,
   judge, write the verdicts in one transaction, close the run): milliseconds per summary, split
   into the judge's time and the platform's, with the SQL statements per summary and the share of
   the dashboard rollup kept in the verdicts' transaction (`dashboard_rollup_refresh`).
2. End to end through Redis and a real worker at concurrency 2 (one per core on this machine):
   summaries per second from the run's creation to its end.

    .venv/bin/python bench/overhead.py --summaries 200
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import common
from evaluations.judges.base import Judge
from evaluations.judges.types import AccuracyPoint, PointToVerify, SummaryVerdict, Transcript


class TimedJudge:
    """Wraps a judge to add up the time spent inside `evaluate`."""

    def __init__(self, judge: Judge) -> None:
        self.judge = judge
        self.name = judge.name
        self.model = judge.model
        self.prompt_version = judge.prompt_version
        self.seconds = 0.0

    def evaluate(self, *args: Any, **kwargs: Any) -> SummaryVerdict:
        started = time.perf_counter()
        try:
            return self.judge.evaluate(*args, **kwargs)
        finally:
            self.seconds += time.perf_counter() - started

    def verify_points(
        self, transcript: Transcript, points: list[PointToVerify]
    ) -> list[AccuracyPoint]:
        return self.judge.verify_points(transcript, points)


class StatementCounter:
    """Counts the SQL statements run, and those run (and the time spent) inside the rollup."""

    def __init__(self) -> None:
        self.statements = 0
        self.rollup_statements = 0
        self.rollup_seconds = 0.0
        self.in_rollup = False

    def __call__(self, execute: Callable, sql: str, params: Any, many: bool, context: Any) -> Any:
        self.statements += 1
        self.rollup_statements += self.in_rollup
        return execute(sql, params, many, context)

    def timed_rollup(self, refresh: Callable[..., int]) -> Callable[..., int]:
        def timed(**kwargs: Any) -> int:
            self.in_rollup = True
            started = time.perf_counter()
            try:
                return refresh(**kwargs)
            finally:
                self.rollup_seconds += time.perf_counter() - started
                self.in_rollup = False

        return timed


@contextmanager
def counted() -> Iterator[StatementCounter]:
    """Count the statements of this process's connection and time `dashboard_rollup_refresh` as
    the verdict write calls it."""
    from django.db import connection

    from evaluations.services.dashboard_rollup import dashboard_rollup_refresh

    counter = StatementCounter()
    timed = counter.timed_rollup(dashboard_rollup_refresh)
    # Where the verdict write looks the function up (it imports the name).
    with (
        mock.patch("evaluations.services.verdicts.dashboard_rollup_refresh", timed),
        connection.execute_wrapper(counter),
    ):
        yield counter


def in_process(*, judge: str, count: int, tokens: int) -> dict:
    from evaluations import judging
    from evaluations.services import evaluation_run_create, summary_evaluate

    summary_ids = common.generate_summaries(count=count, transcript_tokens=tokens, seed=count)
    timed = TimedJudge(
        judging.judge_build(judge=judge, model="claude-sonnet-5" if judge == "anthropic" else "")
    )
    original = judging.judge_build
    judging.judge_build = lambda **_: timed
    try:
        # Warm up (first call, first connection) outside the measurement.
        warm = evaluation_run_create(judge=judge, summary_ids=summary_ids[:1], model=timed.model)
        summary_evaluate(evaluation_id=warm.evaluations.get().pk)
        timed.seconds = 0.0
        run = evaluation_run_create(judge=judge, summary_ids=summary_ids, model=timed.model)
        evaluation_ids = list(run.evaluations.order_by("pk").values_list("pk", flat=True))
        with counted() as counter:
            started = time.perf_counter()
            outcomes = [summary_evaluate(evaluation_id=pk).outcome for pk in evaluation_ids]
            total = time.perf_counter() - started
    finally:
        judging.judge_build = original
    assert set(outcomes) == {"succeeded"}, set(outcomes)
    return {
        "judge": judge,
        "summaries": count,
        "ms_per_summary": round(1000 * total / count, 1),
        "judge_ms_per_summary": round(1000 * timed.seconds / count, 1),
        "platform_ms_per_summary": round(1000 * (total - timed.seconds) / count, 1),
        "statements_per_summary": round(counter.statements / count, 1),
        "rollup_ms_per_summary": round(1000 * counter.rollup_seconds / count, 1),
        "rollup_statements_per_summary": round(counter.rollup_statements / count, 1),
    }


def end_to_end(*, judge: str, count: int, tokens: int, concurrency: int) -> dict:
    from evaluations.models import EvaluationRun
    from evaluations.services import evaluation_run_create

    summary_ids = common.generate_summaries(count=count, transcript_tokens=tokens, seed=count + 1)
    with common.worker(
        concurrency=concurrency, ANTHROPIC_BASE_URL=os.environ["ANTHROPIC_BASE_URL"]
    ):
        run = evaluation_run_create(judge=judge, summary_ids=summary_ids)
        common.wait_for_run(run.pk, timeout=600)
    run = EvaluationRun.objects.get(pk=run.pk)
    seconds = common.seconds_between(run.created_at, run.finished_at)
    return {
        "judge": judge,
        "summaries": count,
        "concurrency": concurrency,
        "evaluated": run.evaluated,
        "seconds": round(seconds, 2),
        "summaries_per_second": round(run.evaluated / seconds, 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--summaries", type=int, default=200)
    parser.add_argument("--tokens", type=int, default=1000, help="transcript size")
    parser.add_argument("--concurrency", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    common.django_setup()
    results: dict[str, list] = {"in_process": [], "end_to_end": []}
    with common.fake_server(latency=0.0) as base_url:
        os.environ["ANTHROPIC_BASE_URL"] = base_url
        from django.conf import settings

        settings.ANTHROPIC_BASE_URL = base_url
        for judge in ("local", "anthropic"):
            row = in_process(judge=judge, count=args.summaries, tokens=args.tokens)
            results["in_process"].append(row)
            if not args.json:
                print(
                    f"in process, {judge:>9} judge: {row['ms_per_summary']:.1f} ms per summary = "
                    f"judge {row['judge_ms_per_summary']:.1f} ms + platform {row['platform_ms_per_summary']:.1f} ms "
                    f"({row['statements_per_summary']:.1f} SQL statements); of the platform's, "
                    f"the dashboard rollup {row['rollup_ms_per_summary']:.1f} ms "
                    f"({row['rollup_statements_per_summary']:.1f} statements)",
                    flush=True,
                )
        for judge in ("local", "anthropic"):
            row = end_to_end(
                judge=judge, count=args.summaries, tokens=args.tokens, concurrency=args.concurrency
            )
            results["end_to_end"].append(row)
            if not args.json:
                print(
                    f"worker concurrency {row['concurrency']}, {judge:>9} judge: {row['evaluated']} summaries in "
                    f"{row['seconds']:.1f} s = {row['summaries_per_second']:.1f} summaries/s",
                    flush=True,
                )
    if args.json:
        print(json.dumps(results))


if __name__ == "__main__":
    main()
