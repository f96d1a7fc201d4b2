"""How fast a run recovers from a lost worker or a lost broker (issue 15): real worker processes,
Celery beat sending the watchdog's sweeps, PostgreSQL, the tests' own Redis database and the fake
Messages API.

The recovery settings are scaled down from the defaults (conftest.RECOVERY_ENV): a claim is stale
after 6 s (120 s), a sweep every second (15 s), a stall after 4 s without progress (30 s). Redis
hands a dead worker's messages out again only after 900 s, its default, so redelivery cannot be
what recovers a run here: the sweeps must. The targets, scaled the same way:
- a dead or frozen worker's claims are handed out again within the claim timeout plus two sweeps
  (by default: 120 s + 30 s);
- a run whose messages a Redis restart took is handed out again as soon as a worker has
  reconnected, with no quiet period and no wait for beat (by default the run then ends within 2
  minutes of Redis coming back).
Each bound below adds a margin for this shared machine, printed with the figure measured.
"""

from __future__ import annotations

import datetime as dt
import time
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest
import redis
from django.db.models import Sum

from evaluations.models import EvaluationRun, ModelCall
from tests.evaluations.conftest import (
    RECOVERY_ENV,
    WORKER_REDIS_DB,
    WorkerProcess,
    wait_until,
)
from tests.evaluations.runs_under_faults import (
    anthropic_run,
    assert_one_clean_verdict_set_each,
    worker_env,
)

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

CLAIM_TIMEOUT = float(RECOVERY_ENV["EVALUATION_CLAIM_TIMEOUT_SECONDS"])
SWEEP = float(RECOVERY_ENV["EVALUATION_WATCH_SECONDS"])
# Redelivery after a dead worker takes Redis's default visibility timeout: never within a test.
NO_REDELIVERY = {"CELERY_VISIBILITY_TIMEOUT": "900"}
# Room for a loaded 2-core machine: process start-up, polling, a slow sweep.
MARGIN = 8.0


def _claims_held(run: EvaluationRun) -> dict[int, str]:
    """The evaluations claimed right now, with their claim's token."""
    return dict(
        run.evaluations.filter(status="running").values_list("pk", "claim_token").order_by("pk")
    )


def _waiting(run: EvaluationRun) -> dict[int, int]:
    """The evaluations queued right now, with how many times each was claimed."""
    return dict(
        run.evaluations.filter(status="queued").values_list("pk", "attempts").order_by("pk")
    )


@dataclass
class Followed:
    """Seconds from the fault to each change the test waits for, and to the run's end."""

    handed_out: dict[int, float] = field(default_factory=dict)  # a held claim released
    claimed: dict[int, float] = field(default_factory=dict)  # claimed again
    ended: float = 0.0

    def figures(self, seen: dict[int, float]) -> list[float]:
        return sorted(round(seconds, 1) for seconds in seen.values())


def _follow(
    run: EvaluationRun,
    since: float,
    *,
    claims: dict[int, str] | None = None,
    waiting: dict[int, int] | None = None,
    timeout: float,
    log: Callable[[], str],
) -> Followed:
    """Wait for the run to end, noting when each of the `claims` held at the fault was handed
    out again (its claim taken back or over), and when each evaluation `waiting` at the fault
    was claimed again."""
    claims, waiting = claims or {}, waiting or {}
    followed = Followed()
    deadline = since + timeout
    while time.monotonic() < deadline:
        now = time.monotonic() - since
        rows = run.evaluations.filter(pk__in=[*claims, *waiting]).values_list(
            "pk", "claim_token", "attempts"
        )
        for evaluation_id, token, attempts in rows:
            if evaluation_id in claims and token != claims[evaluation_id]:
                followed.handed_out.setdefault(evaluation_id, now)
            if evaluation_id in waiting and attempts > waiting[evaluation_id]:
                followed.claimed.setdefault(evaluation_id, now)
        run.refresh_from_db()
        if run.is_terminal:
            followed.ended = time.monotonic() - since
            return followed
        time.sleep(0.2)
    statuses = list(run.evaluations.values_list("pk", "status", "attempts"))
    pytest.fail(f"run {run.pk} still {run.status} after {timeout} s: {statuses}\n{log()[-6000:]}")


def _logs(*processes: WorkerProcess) -> Callable[[], str]:
    return lambda: "\n".join(process.log()[-3000:] for process in processes)


def test_a_killed_workers_claims_are_handed_out_again_within_the_claim_timeout(
    make_summary, anthropic_settings, fake_server, start_worker, start_beat
) -> None:
    # The run: 23 summaries against an API failing a fifth of the calls, and the only
    # worker SIGKILLed mid-run and restarted at once.
    fake_server.latency = 0.3
    fake_server.failure_rate = 0.2
    fake_server.retry_after = 0.2
    fake_server.timeout_sleep = 2.5  # longer than the worker's 2 s client timeout
    summaries = [make_summary() for _ in range(23)]
    env = worker_env(
        fake_server, JUDGE_MAX_RETRIES="1", EVALUATION_MAX_RETRIES="12", **NO_REDELIVERY
    )
    beat = start_beat(**env)
    first = start_worker(concurrency=4, **env)

    run = anthropic_run(summaries)
    started = time.monotonic()
    wait_until(
        lambda: (
            run.evaluations.filter(status="succeeded").count() >= 3 and len(_claims_held(run)) >= 2
        ),
        timeout=90,
        message=f"the first worker did not get going:\n{first.log()[-4000:]}",
    )
    first.kill()
    killed = time.monotonic()
    # Read once the worker is dead: a claim read before the kill may have been released by an
    # attempt that ended in between, and then nothing is left to hand out again.
    held = _claims_held(run)
    assert held, "the kill must land with claims held"
    second = start_worker(concurrency=4, **env)
    wait_until(second.is_ready, timeout=60, message=f"no second worker:\n{second.log()}")
    # Nothing could take the claims over before there was a worker again.
    ready = time.monotonic() - killed

    followed = _follow(run, killed, claims=held, timeout=120, log=_logs(second, beat))

    assert_one_clean_verdict_set_each(run, summaries)
    print(
        f"killed {killed - started:.1f} s in with {len(held)} claims held; a worker was back "
        f"after {ready:.1f} s; the claims were handed out again after "
        f"{followed.figures(followed.handed_out)} s; the run ended {followed.ended:.1f} s "
        "after the kill"
    )
    assert set(followed.handed_out) == set(held)
    assert max(followed.handed_out.values()) <= max(CLAIM_TIMEOUT, ready) + 2 * SWEEP + MARGIN
    assert "had a stale claim" in second.log()


def test_a_frozen_workers_claims_are_taken_over_and_its_late_bill_is_recorded(
    make_summary, anthropic_settings, fake_server, start_worker, start_beat
) -> None:
    fake_server.latency = 0.5
    summaries = [make_summary() for _ in range(12)]
    env = worker_env(fake_server, **NO_REDELIVERY)
    beat = start_beat(**env)
    frozen = start_worker(concurrency=2, **env)

    run = anthropic_run(summaries)
    wait_until(
        lambda: (
            run.evaluations.filter(status="succeeded").count() >= 2 and len(_claims_held(run)) >= 1
        ),
        timeout=90,
        message=f"the worker did not get going:\n{frozen.log()[-4000:]}",
    )
    frozen.freeze()
    tasks_before = frozen.log().count("succeeded in")
    frozen_at = time.monotonic()
    # Read once the worker is frozen: a claim read before could have been released in between.
    held = _claims_held(run)
    assert held, "the freeze must land with claims held"
    second = start_worker(concurrency=2, **env)
    wait_until(second.is_ready, timeout=60, message=f"no second worker:\n{second.log()}")
    ready = time.monotonic() - frozen_at

    followed = _follow(run, frozen_at, claims=held, timeout=120, log=_logs(second, beat))

    print(
        f"froze with {len(held)} claims held; a second worker was ready after {ready:.1f} s; "
        f"the claims were taken over after {followed.figures(followed.handed_out)} s; "
        f"the run ended {followed.ended:.1f} s after the freeze"
    )
    assert set(followed.handed_out) == set(held)
    assert max(followed.handed_out.values()) <= max(CLAIM_TIMEOUT, ready) + 2 * SWEEP + MARGIN
    # The frozen worker wakes up, finishes the attempts it had started and finds their claims
    # gone: it keeps no verdict, and what the API billed it for is recorded.
    frozen.thaw()
    wait_until(
        lambda: frozen.log().count("succeeded in") > tasks_before and "'lost'" in frozen.log(),
        timeout=60,
        message=f"the woken worker did not end its attempts:\n{frozen.log()[-4000:]}",
    )
    wait_until(
        lambda: _billed_tokens(run) == _served_tokens(fake_server),
        timeout=60,
        message=f"the woken worker's calls were not recorded:\n{frozen.log()[-4000:]}",
    )
    assert_one_clean_verdict_set_each(run, summaries)
    assert ModelCall.objects.filter(evaluation__run=run, attempt_failed=True).exists()


def _billed_tokens(run: EvaluationRun) -> tuple[int, int]:
    totals = ModelCall.objects.filter(evaluation__run=run).aggregate(
        input=Sum("input_tokens"), output=Sum("output_tokens")
    )
    return totals["input"] or 0, totals["output"] or 0


def _served_tokens(fake) -> tuple[int, int]:
    stats = fake.stats()
    return stats["input_tokens"], stats["output_tokens"]


def _redis_restarted_empty(url: str) -> None:
    """What the workers see when Redis restarts with nothing: every key of the tests' own
    database gone (never another database's) and every connection to it dropped."""
    broker = redis.Redis.from_url(url)
    broker.flushdb()
    mine = broker.client_id()
    for client in broker.client_list():
        if int(client["db"]) == WORKER_REDIS_DB and int(client["id"]) != mine:
            broker.client_kill_filter(_id=client["id"])


def test_a_run_whose_messages_a_redis_restart_took_is_handed_out_when_the_worker_reconnects(
    make_summary, anthropic_settings, fake_server, start_worker, start_beat, worker_broker
) -> None:
    # Some calls fail, so that retries wait in their backoff (as countdown messages, which a
    # worker drops when its broker connection drops) when Redis comes back empty.
    fake_server.latency = 0.3
    fake_server.failure_rate = 0.15
    fake_server.retry_after = 0.2
    summaries = [make_summary() for _ in range(20)]
    env = worker_env(
        fake_server,
        JUDGE_MAX_RETRIES="0",
        EVALUATION_MAX_RETRIES="12",
        EVALUATION_RETRY_BASE_SECONDS="1",
        EVALUATION_RETRY_MAX_SECONDS="3",
        # Beat's sweeps and the stall period far beyond the bound: only the sweep the worker
        # sends when it reconnects, finding the broker's mark gone, can recover the run in time.
        EVALUATION_WATCH_SECONDS="120",
        EVALUATION_STALL_SECONDS="120",
        **NO_REDELIVERY,
    )
    beat = start_beat(**env)
    worker = start_worker(concurrency=2, **env)

    run = anthropic_run(summaries)
    wait_until(
        lambda: run.evaluations.filter(status="succeeded").count() >= 4,
        timeout=90,
        message=f"the worker did not get going:\n{worker.log()[-4000:]}",
    )
    waiting = _waiting(run)
    _redis_restarted_empty(worker_broker.url)
    back, back_at = time.monotonic(), dt.datetime.now()

    followed = _follow(run, back, waiting=waiting, timeout=150, log=_logs(worker, beat))

    handed_out = _logged_at(worker.log(), "The broker lost its messages")
    assert handed_out is not None, worker.log()[-6000:]
    recovered = (handed_out - back_at).total_seconds()
    print(
        f"Redis came back empty with {len(waiting)} summaries queued, their messages gone; "
        f"the run was handed out again after {recovered:.1f} s and ended {followed.ended:.1f} s "
        "after"
    )
    assert_one_clean_verdict_set_each(run, summaries)
    assert waiting and set(followed.claimed) == set(waiting)
    # The worker reconnects at once (Redis is up again when its connection drops).
    assert recovered <= MARGIN


def _logged_at(log: str, text: str) -> dt.datetime | None:
    """When a Celery log line containing `text` was written (its local time stamp)."""
    for line in log.splitlines():
        if text in line:
            stamp = line.removeprefix("[").split(": ", 1)[0]
            return dt.datetime.strptime(stamp, "%Y-%m-%d %H:%M:%S,%f")
    return None
