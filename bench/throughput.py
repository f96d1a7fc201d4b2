"""Throughput: evaluations per minute at worker concurrency 1, 4 and 16, against the fake Messages
API at a fixed latency per call, as a fraction of the ideal bound.

The ideal bound is concurrency ÷ the critical path of one summary: with the summarization scorer
the longest chain is two calls in a row (claims, then answers), so 2 × latency; without it, one
call (the others start once the first has begun streaming: + its time to first token).

    .venv/bin/python bench/throughput.py --latency 1.5 --concurrency 1 4 16

Each concurrency judges `rounds × concurrency` summaries (about 1k-token transcripts) in one run.
Two figures per concurrency:
- whole run: evaluations ÷ the time from the run's creation (enqueue) to its end, fan-out and
  database writes included. A short run pays its start-up in full: the fan-out task holds one of
  the worker's slots while it enqueues the run, and the first `concurrency` summaries start together
  on a 2-core machine, so one slot starts late and every slot does exactly `rounds` summaries;
- steady state: the completions after the first `concurrency` ÷ the time between the
  `concurrency`-th completion and the last. It does not depend on when each slot started, and is
  the rate a run of thousands of summaries keeps.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import common


def critical_path_seconds(dimensions: list[str], latency: float, ttft: float) -> float:
    if "summarization" in dimensions:
        return 2 * latency
    return ttft + latency


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--latency", type=float, default=1.5)
    parser.add_argument("--concurrency", type=int, nargs="+", default=[1, 4, 16])
    parser.add_argument("--rounds", type=int, default=6, help="summaries per worker slot")
    parser.add_argument("--tokens", type=int, default=1000, help="transcript size")
    parser.add_argument(
        "--dimensions",
        nargs="+",
        default=["accuracy", "adherence", "completeness", "summarization"],
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    common.django_setup()
    from evaluations.models import EvaluationRun
    from evaluations.services import evaluation_run_create

    ttft = args.latency * 0.1  # the fake server's default time to first token
    critical = critical_path_seconds(args.dimensions, args.latency, ttft)
    results = []
    with common.fake_server(latency=args.latency) as base_url:
        os.environ["ANTHROPIC_BASE_URL"] = base_url
        for concurrency in args.concurrency:
            count = args.rounds * concurrency
            summary_ids = common.generate_summaries(
                count=count, transcript_tokens=args.tokens, seed=concurrency
            )
            with common.worker(concurrency=concurrency, ANTHROPIC_BASE_URL=base_url):
                run = evaluation_run_create(
                    judge="anthropic",
                    model="claude-sonnet-5",
                    dimensions=args.dimensions,
                    summary_ids=summary_ids,
                )
                common.wait_for_run(run.pk, timeout=60 + 10 * args.rounds * critical)
            run = EvaluationRun.objects.get(pk=run.pk)
            seconds = common.seconds_between(run.created_at, run.finished_at)
            evaluations = list(run.evaluations.only("started_at", "finished_at"))
            durations = sorted(
                common.seconds_between(e.started_at, e.finished_at) for e in evaluations
            )
            median = durations[len(durations) // 2]
            ends = sorted(
                common.seconds_between(run.created_at, e.finished_at) for e in evaluations
            )
            first_wave_started = sorted(
                common.seconds_between(run.created_at, e.started_at) for e in evaluations
            )[concurrency - 1]
            per_minute = run.evaluated * 60 / seconds
            steady_per_minute = (
                (count - concurrency) * 60 / (ends[-1] - ends[concurrency - 1])
                if count > concurrency
                else per_minute
            )
            ideal = concurrency * 60 / critical
            results.append(
                {
                    "concurrency": concurrency,
                    "summaries": count,
                    "evaluated": run.evaluated,
                    "failed": run.failed,
                    "seconds": round(seconds, 2),
                    "evaluations_per_minute": round(per_minute, 1),
                    "ideal_per_minute": round(ideal, 1),
                    "fraction_of_ideal": round(per_minute / ideal, 3),
                    "steady_per_minute": round(steady_per_minute, 1),
                    "steady_fraction_of_ideal": round(steady_per_minute / ideal, 3),
                    # When the last of the first `concurrency` summaries was claimed.
                    "first_wave_started_seconds": round(first_wave_started, 2),
                    # One summary, claim to write: how far above the critical path it runs.
                    "median_summary_seconds": round(median, 2),
                }
            )
            if not args.json:
                row = results[-1]
                print(
                    f"concurrency {concurrency:>2}: {row['evaluated']}/{count} in {row['seconds']:.1f} s = "
                    f"{row['evaluations_per_minute']:.1f}/min; ideal {row['ideal_per_minute']:.1f}/min "
                    f"(critical path {critical:.2f} s); {row['fraction_of_ideal']:.2f} of the bound; "
                    f"steady state {row['steady_per_minute']:.1f}/min = "
                    f"{row['steady_fraction_of_ideal']:.2f} of the bound; first wave all started "
                    f"after {first_wave_started:.2f} s; median summary {median:.2f} s claim to write",
                    flush=True,
                )
    if args.json:
        print(
            json.dumps(
                {"latency": args.latency, "critical_path_seconds": critical, "runs": results}
            )
        )


if __name__ == "__main__":
    main()
