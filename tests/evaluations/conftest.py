"""Rows, a scripted in-process judge, and real worker processes for the evaluation-run tests."""

from __future__ import annotations

import datetime as dt
import json
import os
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import redis
from django.db import connection

from devkit.fake_anthropic import FakeAnthropicServer
from evaluations import judging
from evaluations.judges.base import JudgeError
from evaluations.judges.scoring import assemble_verdict
from evaluations.judges.types import (
    AccuracyPoint,
    AdherenceRubric,
    CallUsage,
    CompletenessItem,
    CompletenessRubric,
    SummarySpec,
    SummaryVerdict,
    Transcript,
)
from evaluations.models import EvaluationRun, SummaryEvaluation
from summaries.models import Agent, Conversation, SectionDefinition, Summary, SummarySection, Turn

REPO_ROOT = Path(__file__).resolve().parents[2]
PYTHON = REPO_ROOT / ".venv" / "bin" / "python"
# The worker tests' own Redis database, so they never read another suite's messages.
# TEST_WORKER_REDIS_DB moves it, so that two suites can run side by side on one Redis.
WORKER_REDIS_DB = int(os.environ.get("TEST_WORKER_REDIS_DB", "13"))
WORKER_BROKER_URL = f"redis://127.0.0.1:6379/{WORKER_REDIS_DB}"

NEXT_STEPS_INSTRUCTIONS = (
    "List every follow-up the agent promised. Include the date of each follow-up."
)


# --- Rows ----------------------------------------------------------------------------------------


@pytest.fixture
def sections(db) -> dict[str, SectionDefinition]:
    """The seeded predefined sections used here, and one free-text custom section."""
    situation, _ = SectionDefinition.objects.get_or_create(
        key="situation",
        version=1,
        defaults={
            "name": "Situation",
            "origin": "predefined",
            "value_type": "free_text",
            "instructions": "Describe the customer's issue. Name the product involved.",
        },
    )
    resolution, _ = SectionDefinition.objects.get_or_create(
        key="resolution",
        version=1,
        defaults={
            "name": "Resolution",
            "origin": "predefined",
            "value_type": "categorical",
            "instructions": "Y, P, N or N/A.",
            "allowed_values": ["Y", "P", "N", "N/A"],
        },
    )
    next_steps, _ = SectionDefinition.objects.get_or_create(
        key="next_steps",
        version=1,
        defaults={
            "name": "Next steps",
            "origin": "custom",
            "value_type": "free_text",
            "instructions": NEXT_STEPS_INSTRUCTIONS,
        },
    )
    return {"situation": situation, "resolution": resolution, "next_steps": next_steps}


@dataclass
class SummaryFactory:
    sections: dict[str, SectionDefinition]
    created: list[Summary] = field(default_factory=list)

    def __call__(
        self,
        external_id: str | None = None,
        *,
        queue: str = "billing",
        agent: str | None = "agent-1",
        channel: str = "chat",
        generator: str = "summarizer-v3",
        started_at: dt.datetime | None = None,
        amount: str = "$10",
        summary_amount: str | None = None,
        marker: str = "",
        extra_turns: int = 0,
    ) -> Summary:
        """A short refund conversation and its summary. `marker` lands in the first turn, for the
        scripted judge and the fake server's scripted faults to recognise the summary by.
        `agent=None` makes a conversation no human agent handled; `extra_turns` pads the
        transcript with small talk before its last turn."""
        number = len(self.created) + 1
        external_id = external_id or f"conv-{number:04d}"
        agent_row = None
        if agent is not None:
            agent_row, _ = Agent.objects.get_or_create(
                external_id=agent, defaults={"display_name": agent.title()}
            )
        conversation = Conversation.objects.create(
            source="jsonl",
            external_id=external_id,
            channel=channel,
            agent=agent_row,
            queue=queue,
            started_at=started_at or dt.datetime(2026, 3, 2, 10, 0, tzinfo=dt.UTC),
            content_hash=f"hash-{external_id}",
        )
        turns = [
            ("customer", f"Hi, I was charged {amount} twice for my Acme router. {marker}".strip()),
            ("agent", f"Sorry about that. I have refunded the extra {amount} now."),
            ("agent", "I will email you the confirmation by March 5."),
            *(
                ("customer" if i % 2 else "agent", f"Small talk number {i}.")
                for i in range(extra_turns)
            ),
            ("customer", "Great, thanks."),
        ]
        Turn.objects.bulk_create(
            Turn(conversation=conversation, index=i, role=role, text=text)
            for i, (role, text) in enumerate(turns)
        )
        summary = Summary.objects.create(
            conversation=conversation, generator=generator, content_hash=f"s-{external_id}"
        )
        said = summary_amount or amount
        texts = {
            "situation": f"The customer was charged {said} twice for an Acme router.",
            "resolution": "Y",
            "next_steps": "The agent will email the refund confirmation by March 5.",
        }
        SummarySection.objects.bulk_create(
            SummarySection(summary=summary, definition=self.sections[key], position=i, text=text)
            for i, (key, text) in enumerate(texts.items())
        )
        self.created.append(summary)
        return summary


@pytest.fixture
def make_summary(sections) -> SummaryFactory:
    return SummaryFactory(sections=sections)


ALL_DIMENSIONS = ("accuracy", "adherence", "completeness", "summarization")


@pytest.fixture
def judge_now(db) -> Callable[..., EvaluationRun]:
    """`judge_now(summaries)`: a run of the offline judge over them, judged here and now (no
    worker; its Celery messages are held), every dimension unless told."""
    from evaluations.services import dispatch, evaluation_run_create, summary_evaluate

    def judge(summaries, *, dimensions=ALL_DIMENSIONS, name: str = "Test run") -> EvaluationRun:
        with dispatch.held():
            run = evaluation_run_create(
                judge="local",
                dimensions=list(dimensions),
                summary_ids=[s.pk for s in summaries],
                name=name,
            )
            for pk in run.evaluations.order_by("pk").values_list("pk", flat=True):
                summary_evaluate(evaluation_id=pk)
        run.refresh_from_db()
        return run

    return judge


# --- A scripted judge, for service tests that run in this process -----------------------------


class ScriptedJudge:
    """Judges like a tiny deterministic model, and fails on cue: a first turn containing
    `PERMANENT` raises a permanent JudgeError; `TRANSIENTxN` raises N transient ones first."""

    name = "local"
    model = "scripted"
    prompt_version = "scripted-1"

    def __init__(self) -> None:
        self.transient_raised: dict[str, int] = {}
        self.seen_rubric_questions: list[dict[str, tuple[str, ...]] | None] = []

    def evaluate(
        self,
        transcript: Transcript,
        summary: SummarySpec,
        *,
        dimensions,
        rubric_questions=None,
        max_questions: int = 10,
    ) -> SummaryVerdict:
        self.seen_rubric_questions.append(rubric_questions)
        first = transcript.turns[0].text
        if "PERMANENT" in first:
            raise JudgeError(
                "The reply broke its schema twice: 'points' is missing", retryable=False
            )
        for word in first.split():
            if word.startswith("TRANSIENTx"):
                wanted = int(word.removeprefix("TRANSIENTx"))
                raised = self.transient_raised.get(first, 0)
                if raised < wanted:
                    self.transient_raised[first] = raised + 1
                    raise JudgeError("529 overloaded", retryable=True, retry_after=0.0)
        said = {s.key: s.text for s in summary.sections}
        accurate = all(
            token in " ".join(t.text for t in transcript.turns)
            for token in said["situation"].split()
            if token.startswith("$")
        )
        return assemble_verdict(
            judge="local",
            model=self.model,
            prompt_version=self.prompt_version,
            summary=summary,
            dimensions=dimensions,
            accuracy_points=(
                AccuracyPoint(
                    section="situation",
                    point=said["situation"],
                    accuracy="The amount matches turn 0." if accurate else "Turn 0 says otherwise.",
                    is_accurate=accurate,
                    turn_indexes=(0,),
                ),
            ),
            adherence_rubrics=tuple(
                AdherenceRubric(
                    section=key,
                    question=question,
                    reasoning="The summary does what the instruction asks.",
                    is_addressed=True,
                )
                for key, questions in (rubric_questions or {}).items()
                for question in questions
            ),
            completeness_rubrics=(
                CompletenessRubric(
                    section="next_steps",
                    instruction="List every follow-up the agent promised.",
                    question="Does the summary follow 'List every follow-up the agent promised.'?",
                    content_list=(
                        CompletenessItem(
                            transcript_content="I will email you the confirmation by March 5.",
                            related_content_from_summary=said["next_steps"],
                            is_covered=True,
                            turn_indexes=(2,),
                        ),
                    ),
                ),
            ),
            calls=(
                CallUsage(
                    purpose="accuracy",
                    model=self.model,
                    input_tokens=100,
                    output_tokens=20,
                    cache_write_tokens=300,
                    cost_usd=0.001,
                ),
                CallUsage(
                    purpose="completeness",
                    model=self.model,
                    input_tokens=100,
                    output_tokens=30,
                    cache_read_tokens=300,
                    cost_usd=0.0005,
                ),
            ),
            transcript=transcript,
        )

    def verify_points(self, transcript, points):  # pragma: no cover - not used by runs
        return []


@pytest.fixture
def scripted_judge(monkeypatch) -> ScriptedJudge:
    judge = ScriptedJudge()
    monkeypatch.setattr(judging, "judge_build", lambda **_: judge)
    return judge


# --- Real worker processes ------------------------------------------------------------------------


@pytest.fixture
def fake_server() -> Iterator[FakeAnthropicServer]:
    with FakeAnthropicServer(latency=0.02) as fake:
        yield fake


@pytest.fixture
def anthropic_settings(settings, fake_server):
    settings.ANTHROPIC_API_KEY = "sk-test"
    settings.ANTHROPIC_BASE_URL = fake_server.base_url
    return settings


def test_database_url() -> str:
    """The test database this process uses, for a worker in another process to use too."""
    settings_dict = connection.settings_dict
    return (
        f"postgres://{settings_dict['USER']}@{settings_dict['HOST']}:{settings_dict['PORT']}"
        f"/{settings_dict['NAME']}"
    )


test_database_url.__test__ = False  # type: ignore[attr-defined]


@dataclass(frozen=True)
class WorkerBroker:
    url: str
    queue: str

    @property
    def watchdog_queue(self) -> str:
        return f"{self.queue}-watchdog"  # as config/settings/base.py names it

    def drained(self) -> bool:
        """Nothing waiting in the task queue, and nothing of it taken but not yet acknowledged
        (the watchdog's sweeps have a queue of their own)."""
        broker = redis.Redis.from_url(self.url)
        if broker.llen(self.queue):
            return False
        for raw in broker.hvals("unacked"):
            _message, _exchange, routing_key = json.loads(raw)
            if routing_key == self.queue:
                return False
        return True


@pytest.fixture
def worker_broker(settings) -> Iterator[WorkerBroker]:
    """Point this process's Celery producer at a queue of this test's own on the worker tests'
    Redis database: suites running at the same time on one machine never take each other's
    messages."""
    from config.celery_app import app

    broker = WorkerBroker(url=WORKER_BROKER_URL, queue=f"evaluations-test-{uuid.uuid4().hex[:12]}")
    previous = (app.conf.broker_url, app.conf.task_default_queue)
    with pytest.MonkeyPatch.context() as patch:
        # Celery reads CELERY_BROKER_URL from the environment before its configuration.
        patch.setenv("CELERY_BROKER_URL", broker.url)
        _use_broker(app, broker.url, broker.queue)
        settings.CELERY_BROKER_URL = broker.url
        yield broker
    _use_broker(app, *previous)
    redis.Redis.from_url(broker.url).delete(broker.queue, broker.watchdog_queue)


def _use_broker(app, url: str, queue: str) -> None:
    app.conf.broker_url = url
    app.conf.task_default_queue = queue
    # Forget what Celery picked for the previous URL and queue: pools, queues and the router.
    # (The pools themselves are kombu's, shared per URL: they stay open for their next user.)
    app._pool = None
    app.amqp._producer_pool = None
    for cached in ("default_queue", "queues", "router"):
        app.amqp.__dict__.pop(cached, None)


@dataclass
class WorkerProcess:
    process: subprocess.Popen
    log_path: Path

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def is_ready(self) -> bool:
        """A worker that consumes its queues (Celery logs "ready." once it does)."""
        return " ready." in self.log()

    def kill(self) -> None:
        """SIGKILL the whole worker: the main process and its pool children."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGKILL)
            self.process.wait(timeout=10)

    def freeze(self) -> None:
        """SIGSTOP the whole worker: alive, holding its claims and messages, doing nothing."""
        os.killpg(self.process.pid, signal.SIGSTOP)

    def thaw(self) -> None:
        os.killpg(self.process.pid, signal.SIGCONT)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.thaw()  # a frozen process would hold SIGTERM until it is woken
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.kill()


# The recovery settings of the worker tests, scaled down from the defaults: a dead worker's claim
# is stale after 6 s (120 s by default), the watchdog sweeps every second (15 s) and a run with no
# progress for 4 s lost its messages (30 s). Redis redelivers a dead worker's messages after 30 s.
RECOVERY_ENV = {
    "CELERY_VISIBILITY_TIMEOUT": "30",
    "EVALUATION_CLAIM_TIMEOUT_SECONDS": "6",
    "EVALUATION_WATCH_SECONDS": "1",
    "EVALUATION_STALL_SECONDS": "4",
}


@dataclass
class CeleryProcesses:
    """Start `celery -A config worker` and `celery -A config beat` processes on the test database
    and the tests' broker; each is stopped at the end of the test."""

    broker: WorkerBroker
    folder: Path
    started: list[WorkerProcess] = field(default_factory=list)

    def environment(self, **env: str) -> dict[str, str]:
        return {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "config.settings.test",
            "DATABASE_URL": test_database_url(),
            "CELERY_BROKER_URL": self.broker.url,
            "CELERY_TASK_DEFAULT_QUEUE": self.broker.queue,
            **RECOVERY_ENV,
            "EVALUATION_RETRY_BASE_SECONDS": "0.2",
            "EVALUATION_RETRY_MAX_SECONDS": "1",
            "JUDGE_REQUESTS_PER_MINUTE": "0",
            "JUDGE_INPUT_TOKENS_PER_MINUTE": "0",
            "PYTHONUNBUFFERED": "1",
            **env,
        }

    def spawn(self, name: str, arguments: list[str], **env: str) -> WorkerProcess:
        log_path = self.folder / f"{name}-{len(self.started)}.log"
        with open(log_path, "w") as log:
            process = subprocess.Popen(
                [
                    str(PYTHON if PYTHON.exists() else sys.executable),
                    "-m",
                    "celery",
                    "-A",
                    "config",
                    *arguments,
                ],
                cwd=REPO_ROOT,
                env=self.environment(**env),
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        started = WorkerProcess(process=process, log_path=log_path)
        self.started.append(started)
        return started

    def worker(self, *, concurrency: int = 2, **env: str) -> WorkerProcess:
        return self.spawn(
            "worker",
            [
                "worker",
                "--loglevel=INFO",
                f"--concurrency={concurrency}",
                "--without-gossip",
                "--without-mingle",
                "--without-heartbeat",
                "-n",
                f"test-{os.getpid()}-{len(self.started)}@%h",
            ],
            **env,
        )

    def beat(self, **env: str) -> WorkerProcess:
        """Beat sends the watchdog's sweep every EVALUATION_WATCH_SECONDS (see RECOVERY_ENV)."""
        schedule = self.folder / f"beat-schedule-{len(self.started)}"
        return self.spawn("beat", ["beat", "--loglevel=INFO", f"--schedule={schedule}"], **env)

    def stop_all(self) -> None:
        for started in self.started:
            started.stop()


@pytest.fixture
def celery_processes(worker_broker, tmp_path) -> Iterator[CeleryProcesses]:
    processes = CeleryProcesses(broker=worker_broker, folder=tmp_path)
    yield processes
    processes.stop_all()


@pytest.fixture
def start_worker(celery_processes) -> Callable[..., WorkerProcess]:
    """Start a worker: `start_worker(concurrency=4, SOME_SETTING="1")`."""
    return celery_processes.worker


@pytest.fixture
def start_beat(celery_processes) -> Callable[..., WorkerProcess]:
    """Start Celery beat, which sends the watchdog's sweeps: `start_beat(SOME_SETTING="1")`."""
    return celery_processes.beat


def wait_for_run(
    run: EvaluationRun, *, timeout: float, worker: WorkerProcess | None = None
) -> None:
    """Wait until the run is terminal, or fail with the worker's log."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        run.refresh_from_db()
        if run.is_terminal:
            return
        time.sleep(0.3)
    statuses = list(
        SummaryEvaluation.objects.filter(run=run).values_list("status", flat=True).distinct()
    )
    log = worker.log()[-6000:] if worker else ""
    pytest.fail(f"run {run.pk} still {run.status} after {timeout} s ({statuses})\n{log}")


def wait_until(condition: Callable[[], bool], *, timeout: float, message: str) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.1)
    pytest.fail(message)
