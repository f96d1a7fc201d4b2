"""How long a run takes to recover from a lost worker or a lost broker, with the default settings.

    .venv/bin/python bench/recovery.py [--scenario kill freeze redis] [--summaries 23]

Each scenario runs a real Celery worker and Celery beat on a private Redis (a `redis-server` this
script starts on a free port, so it can be killed and restarted empty without touching anyone
else's) and the fake Messages API failing a share of the calls at random, then:
- kill: SIGKILLs the only worker a few seconds in and starts another at once;
- freeze: SIGSTOPs the only worker a few seconds in and starts a second one;
- redis: kills Redis a few seconds in and, after `--outage` seconds, starts it again empty.
It prints when the claims held at the fault were handed out again (their claim released or taken
over), when a run whose messages were lost was handed out again, and when the run ended, from its
start and from the fault. The settings are the defaults (claim timeout 120 s, a sweep every 15 s, a
stall after 30 s) unless given in the environment. See the README, "Recovery".
"""

from __future__ import annotations

import argparse
import os
import signal
import socket
import subprocess
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from bench import common

LOG_DIR = common.REPO_ROOT / "var" / "bench-recovery"


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


@dataclass
class Redis:
    """A private, empty, non-persistent redis-server."""

    port: int
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
             "--appendonly", "no"],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )  # fmt: skip
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=1).close()
                return
            except OSError:
                if time.monotonic() > deadline:
                    raise RuntimeError("redis-server did not start") from None
                time.sleep(0.05)

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait()


@dataclass
class Celery:
    """`celery -A config worker|beat` on the benchmark's database and private Redis."""

    name: str
    process: subprocess.Popen[bytes]
    log: Path

    @classmethod
    def start(cls, name: str, arguments: list[str]) -> Celery:
        log = LOG_DIR / f"{name}.log"
        with open(log, "w") as output:
            process = subprocess.Popen(
                [common.PYTHON, "-m", "celery", "-A", "config", *arguments, "--loglevel=INFO"],
                cwd=common.REPO_ROOT,
                env={**os.environ, **common.BENCH_ENV, "LOG_LEVEL": "INFO"},
                stdout=output,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        return cls(name, process, log)

    def signal(self, number: int) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, number)

    def stop(self) -> None:
        self.signal(signal.SIGCONT)
        self.signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.signal(signal.SIGKILL)
            self.process.wait()


def worker(name: str) -> Celery:
    return Celery.start(
        name, ["worker", "--concurrency=4", "-n", f"{name}-{uuid.uuid4().hex[:6]}@%h"]
    )


@contextmanager
def processes() -> Iterator[list[Celery]]:
    started: list[Celery] = []
    try:
        yield started
    finally:
        for process in started:
            process.stop()


def run_scenario(scenario: str, *, summaries: int, fault_after: float, outage: float,
                 redis: Redis) -> None:  # fmt: skip
    from evaluations.models import EvaluationRun, SummaryEvaluation
    from evaluations.services import evaluation_run_create

    ids = common.generate_summaries(count=summaries, transcript_tokens=1500)
    with processes() as started:
        started.append(Celery.start("beat", ["beat", f"--schedule={LOG_DIR / 'beat-schedule'}"]))
        first = worker(f"{scenario}-first")
        started.append(first)
        _wait_ready(first)
        run = evaluation_run_create(
            judge="anthropic", model="claude-sonnet-5", summary_ids=ids, name=f"recovery {scenario}"
        )
        created = time.monotonic()
        time.sleep(fault_after)
        held = dict(
            SummaryEvaluation.objects.filter(run=run, status="running").values_list(
                "pk", "claim_token"
            )
        )
        done_at_fault = SummaryEvaluation.objects.filter(
            run=run, status__in=SummaryEvaluation.TERMINAL
        ).count()
        fault = time.monotonic()
        back_wall = 0.0
        if scenario == "kill":
            first.signal(signal.SIGKILL)
            started.append(worker(f"{scenario}-second"))
        elif scenario == "freeze":
            first.signal(signal.SIGSTOP)
            started.append(worker(f"{scenario}-second"))
        else:
            redis.kill()
            time.sleep(outage)
            back_wall = time.time()  # (for the workers' log lines: stamped from Redis's launch)
            redis.start()
            fault = time.monotonic()  # measured from Redis coming back
        handed_out: dict[int, float] = {}
        while True:
            tokens = dict(
                SummaryEvaluation.objects.filter(pk__in=held).values_list("pk", "claim_token")
            )
            for pk, token in tokens.items():
                if token != held[pk]:
                    handed_out.setdefault(pk, time.monotonic() - fault)
            run.refresh_from_db()
            if run.status in EvaluationRun.TERMINAL:
                break
            if time.monotonic() - created > 900:
                raise RuntimeError(f"run {run.pk} did not end within 15 minutes")
            time.sleep(0.5)
        ended = time.monotonic()
        figures = sorted(round(seconds) for seconds in handed_out.values())
        what = {"kill": "the kill", "freeze": "the freeze", "redis": "Redis came back"}[scenario]
        print(
            f"{scenario}: {summaries} summaries, {done_at_fault} done and {len(held)} claimed at "
            f"the fault ({fault_after:g} s in); claims handed out again {figures} s after; the run "
            f"ended {ended - created:.0f} s after its start, {ended - fault:.0f} s after {what} "
            f"({run.status}, {run.evaluated} evaluated, {run.failed} failed)"
        )
        logs = "".join(process.log.read_text(errors="replace") for process in started)
        lost = logs.count("its messages were lost, so it is handed out again")
        emptied = logs.count("The broker lost its messages")
        stale = logs.count("had a stale claim")
        print(
            f"    sweeps that re-enqueued stale claims: {stale}; runs handed out again after a "
            f"stall: {lost}; sweeps that found the broker emptied: {emptied}"
        )
        if scenario == "redis":
            reconnected = _logged_after(logs, "Connected to redis", back_wall)
            run_handed_out = _logged_after(logs, "handed out again", back_wall)
            print(
                f"    after Redis came back: a worker reconnected after {_seconds(reconnected)}; "
                f"the run was handed out again after {_seconds(run_handed_out)}"
            )


def _logged_after(log: str, text: str, since: float) -> float | None:
    """Seconds from `since` (a time.time()) to the earliest Celery log line containing `text`
    written after it, in any of the processes' logs (Celery stamps its lines in local time)."""
    seen = []
    for line in log.splitlines():
        if text in line and line.startswith("["):
            stamp = line[1:].split(": ", 1)[0]
            try:
                at = datetime.strptime(stamp, "%Y-%m-%d %H:%M:%S,%f").timestamp()
            except ValueError:
                continue
            if at >= since:
                seen.append(at - since)
    return min(seen, default=None)


def _seconds(figure: float | None) -> str:
    return "(not seen)" if figure is None else f"{figure:.1f} s"


def _wait_ready(process: Celery) -> None:
    deadline = time.monotonic() + 120
    while " ready." not in process.log.read_text(errors="replace"):
        if time.monotonic() > deadline or process.process.poll() is not None:
            raise RuntimeError(f"{process.name} did not start: see {process.log}")
        time.sleep(0.2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--scenario", nargs="+", choices=("kill", "freeze", "redis"),
        default=["kill", "freeze", "redis"],
    )  # fmt: skip
    parser.add_argument("--summaries", type=int, default=23)
    parser.add_argument("--latency", type=float, default=1.0, help="seconds per fake API call")
    parser.add_argument("--failure-rate", type=float, default=0.2)
    parser.add_argument("--fault-after", type=float, default=6.0, help="seconds into the run")
    parser.add_argument("--outage", type=float, default=20.0, help="seconds Redis stays down")
    args = parser.parse_args()
    LOG_DIR.mkdir(parents=True, exist_ok=True)
    redis = Redis(port=_free_port())
    redis.start()
    # Everything on the private Redis; the rest of the settings are their defaults.
    common.BENCH_ENV.update(CELERY_BROKER_URL=redis.url, CELERY_VISIBILITY_TIMEOUT="900")
    try:
        with common.fake_server(
            latency=args.latency, failure_rate=args.failure_rate, retry_after=0.5
        ) as base_url:
            common.BENCH_ENV["ANTHROPIC_BASE_URL"] = base_url
            common.django_setup()
            for scenario in args.scenario:
                run_scenario(
                    scenario,
                    summaries=args.summaries,
                    fault_after=args.fault_after,
                    outage=args.outage,
                    redis=redis,
                )
    finally:
        redis.kill()


if __name__ == "__main__":
    main()
