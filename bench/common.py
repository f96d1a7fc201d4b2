"""What the benchmarks share: a database of their own, generated data, the fake Messages API and
Celery workers as subprocesses.

Benchmarks are scripts that print figures (see bench/README.md), not tests. They need the same
services as the test suite: PostgreSQL at 127.0.0.1:5432 and Redis at 127.0.0.1:6379.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
PYTHON = (
    str(REPO_ROOT / ".venv" / "bin" / "python")
    if (REPO_ROOT / ".venv").exists()
    else sys.executable
)
BENCH_DATABASE = os.environ.get(
    "BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/summaryqa_bench"
)
BENCH_BROKER = os.environ.get("BENCH_BROKER_URL", "redis://127.0.0.1:6379/12")
BENCH_QUEUE = f"bench-{uuid.uuid4().hex[:10]}"

# Everything the benchmark process and its workers share. Rate limits are off: the benchmarks
# measure the platform, not a budget.
BENCH_ENV = {
    "DJANGO_SETTINGS_MODULE": "config.settings.base",
    "DEBUG": "0",
    "SECRET_KEY": "bench-only-secret-key-not-for-production-use-0123456789",
    "DATABASE_URL": BENCH_DATABASE,
    "CELERY_BROKER_URL": BENCH_BROKER,
    "CELERY_TASK_DEFAULT_QUEUE": BENCH_QUEUE,
    "ANTHROPIC_API_KEY": "sk-bench",
    "JUDGE_REQUESTS_PER_MINUTE": "0",
    "JUDGE_INPUT_TOKENS_PER_MINUTE": "0",
    "LOG_LEVEL": "WARNING",
}


def django_setup(*, fresh_database: bool = True) -> None:
    """Point this process at the benchmark database (recreated when `fresh_database`) and start
    Django."""
    os.environ.update(BENCH_ENV)
    sys.path.insert(0, str(REPO_ROOT))
    if fresh_database:
        _recreate_database(BENCH_DATABASE)
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def _recreate_database(url: str) -> None:
    import psycopg

    base, name = url.rsplit("/", 1)
    with psycopg.connect(f"{base}/postgres", autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        connection.execute(f'CREATE DATABASE "{name}"')


# --- Data ----------------------------------------------------------------------------------------

_CUSTOMER_LINES = [
    "I was charged {amount} twice on my {product} bill this month.",
    "My order {order} still has not arrived and it has been {days} days.",
    "The {product} keeps dropping the connection every evening around {time}.",
    "Can you tell me why my plan went up to {amount} a month?",
    "I already called on {date} and nobody called me back.",
    "I would like to cancel the {product} add-on if it cannot be fixed.",
]
_AGENT_LINES = [
    "I am sorry about that. Let me pull up the account ending in {digits}.",
    "I can see the duplicate charge of {amount} from {date}; I have refunded it now.",
    "I have opened ticket {ticket} and escalated it to the network team.",
    "The replacement {product} will ship today and arrive by {date}.",
    "I have applied a credit of {amount} to your next bill.",
    "Is there anything else I can help you with today?",
]
_PRODUCTS = ["router", "fibre plan", "mobile plan", "set-top box", "mesh extender"]


def _fill(template: str, rng: random.Random) -> str:
    return template.format(
        amount=f"${rng.randint(5, 120)}.{rng.randint(0, 99):02d}",
        product=rng.choice(_PRODUCTS),
        order=f"A{rng.randint(10000, 99999)}",
        ticket=f"INC-{rng.randint(100000, 999999)}",
        days=rng.randint(3, 14),
        time=f"{rng.randint(6, 10)} pm",
        date=f"March {rng.randint(1, 28)}",
        digits=rng.randint(1000, 9999),
    )


def transcript_turns(*, tokens: int, rng: random.Random) -> list[tuple[str, str]]:
    """Alternating customer and agent turns until the transcript holds about `tokens` tokens
    (counted as the fake server counts them: characters / 4)."""
    turns: list[tuple[str, str]] = []
    chars = 0
    while chars < tokens * 4:
        role = "customer" if len(turns) % 2 == 0 else "agent"
        lines = _CUSTOMER_LINES if role == "customer" else _AGENT_LINES
        text = " ".join(_fill(rng.choice(lines), rng) for _ in range(rng.randint(1, 3)))
        turns.append((role, text))
        chars += len(text) + 12
    return turns


SUMMARY_TEXTS = {
    "situation": "The customer was double charged on the router bill and asked for a refund.",
    "action": "The agent refunded the duplicate charge and opened a ticket for the connection.",
    "resolution": "P",
    "customer_satisfaction": "N",
    "next_steps": "The agent will call back by March 5 with the ticket outcome.",
}


def generate_summaries(*, count: int, transcript_tokens: int, seed: int = 1) -> list[int]:
    """`count` conversations of about `transcript_tokens` tokens, each with a summary that uses
    predefined free-text and categorical sections and one free-text custom section."""
    from summaries.models import (
        Agent,
        Conversation,
        SectionDefinition,
        Summary,
        SummarySection,
        Turn,
    )

    rng = random.Random(seed)
    definitions = {d.key: d for d in SectionDefinition.objects.filter(is_active=True)}
    if "next_steps" not in definitions:
        definitions["next_steps"] = SectionDefinition.objects.create(
            key="next_steps",
            name="Next steps",
            origin="custom",
            value_type="free_text",
            instructions=(
                "List every follow-up the agent promised. Include the date of each follow-up. "
                "Say who owns each follow-up."
            ),
        )
    agent, _ = Agent.objects.get_or_create(
        external_id="bench-agent", defaults={"display_name": "Bench"}
    )
    batch = uuid.uuid4().hex[:8]
    conversations = Conversation.objects.bulk_create(
        Conversation(
            source="bench",
            external_id=f"{batch}-{i}",
            channel="chat",
            agent=agent,
            queue="bench",
            content_hash=f"{batch}-{i}",
        )
        for i in range(count)
    )
    Turn.objects.bulk_create(
        (
            Turn(conversation=conversation, index=index, role=role, text=text)
            for conversation in conversations
            for index, (role, text) in enumerate(
                transcript_turns(tokens=transcript_tokens, rng=rng)
            )
        ),
        batch_size=2000,
    )
    summaries = Summary.objects.bulk_create(
        Summary(conversation=c, generator="bench", content_hash=c.external_id)
        for c in conversations
    )
    SummarySection.objects.bulk_create(
        SummarySection(summary=s, definition=definitions[key], position=position, text=text)
        for s in summaries
        for position, (key, text) in enumerate(SUMMARY_TEXTS.items())
    )
    return [s.pk for s in summaries]


# --- Processes -----------------------------------------------------------------------------------


@contextmanager
def fake_server(*, latency: float, ttft: float | None = None) -> Iterator[str]:
    """The fake Messages API in its own process; yields its base URL."""
    command = [PYTHON, "-m", "devkit.fake_anthropic", "--latency", str(latency)]
    if ttft is not None:
        command += ["--ttft", str(ttft)]
    process = subprocess.Popen(
        command, cwd=REPO_ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    try:
        line = process.stdout.readline() if process.stdout else ""
        if "listening on" not in line:
            raise RuntimeError(f"the fake server did not start: {line!r}")
        yield line.rsplit(" ", 1)[-1].strip()
    finally:
        process.terminate()
        process.wait(timeout=10)


@contextmanager
def worker(*, concurrency: int, **env: str) -> Iterator[subprocess.Popen]:
    """A prefork Celery worker on the benchmark database and queue, ready when this yields.
    (Not the threads pool: the judges keep module-level stemmers that are not thread-safe.)"""
    (REPO_ROOT / "var").mkdir(exist_ok=True)
    log = open(REPO_ROOT / "var" / f"bench-worker-{concurrency}.log", "w")  # noqa: SIM115
    process = subprocess.Popen(
        [
            PYTHON,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            f"--concurrency={concurrency}",
            "--loglevel=INFO",
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
            "-n",
            f"bench-{uuid.uuid4().hex[:6]}@%h",
        ],
        cwd=REPO_ROOT,
        env={**os.environ, **BENCH_ENV, **env},
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )
    try:
        deadline = time.monotonic() + 60
        while "ready." not in (REPO_ROOT / "var" / f"bench-worker-{concurrency}.log").read_text():
            if time.monotonic() > deadline or process.poll() is not None:
                raise RuntimeError(f"the worker did not start (see {log.name})")
            time.sleep(0.2)
        yield process
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
        log.close()


def seconds_between(start: datetime | None, end: datetime | None) -> float:
    """Seconds from `start` to `end`, two timestamps a finished run or evaluation has set."""
    if start is None or end is None:
        raise RuntimeError("a finished run or evaluation is missing its timestamps")
    return (end - start).total_seconds()


def wait_for_run(run_id: int, *, timeout: float) -> None:
    from evaluations.models import EvaluationRun

    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        run = EvaluationRun.objects.get(pk=run_id)
        if run.is_terminal:
            return
        time.sleep(0.1)
    raise RuntimeError(f"run {run_id} did not finish within {timeout} s")
