"""The demo: its generated data, `manage.py load_demo`, and `make demo` end to end.

The end-to-end test starts the demo the way `make demo` does (scripts/demo.py on the project's
Python) with a clean environment: config/settings/test.py puts PostgreSQL and Redis URLs into this
process's os.environ, and the demo must not need either.
"""

from __future__ import annotations

import json
import os
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date
from http.cookiejar import CookieJar
from io import StringIO
from pathlib import Path

import pytest
from django.contrib.auth.models import Group, User
from django.core.management import call_command

from devkit.demo import generate
from devkit.demo.logins import ANALYSTS_GROUP, MANAGERS_GROUP, demo_logins
from evaluations.models import EvaluationRun
from summaries.models import Conversation, SectionDefinition, Summary, SummarySection, Turn

REPO = Path(__file__).resolve().parent.parent
STARTUP_TIMEOUT_SECONDS = 240.0  # a fresh SQLite database: every migration runs
ANALYST_PASSWORD = "analyst-password-from-env"


PREDEFINED_KEYS = {
    "situation",
    "action",
    "resolution",
    "customer_satisfaction",
    "reason_for_cancellation",
    "entities",
}
CATEGORICAL_KEYS = {"resolution", "customer_satisfaction", "contact_reason", "escalated"}


def _demo_conversations() -> list[dict]:
    lines = generate.CONVERSATIONS_FILE.read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines]


# --- The data -------------------------------------------------------------------------------------


def test_the_generator_reproduces_the_committed_demo_files_byte_for_byte() -> None:
    assert generate.SECTIONS_FILE.read_text(encoding="utf-8") == generate.render_sections()
    assert generate.CONVERSATIONS_FILE.read_text(encoding="utf-8") == (
        generate.render_conversations()
    )


def test_the_demo_spans_six_weeks_of_queues_agents_and_channels() -> None:
    conversations = _demo_conversations()
    assert len(conversations) >= 36
    assert {c["queue"] for c in conversations} == {
        "billing",
        "tech-support",
        "retention",
        "returns",
        "scheduling",
    }
    assert 6 <= len({c["agent"]["id"] for c in conversations if c["agent"]}) <= 8
    assert {c["channel"] for c in conversations} == {"voice", "chat"}
    days = sorted(c["started_at"][:10] for c in conversations)
    assert (date.fromisoformat(days[-1]) - date.fromisoformat(days[0])).days >= 42
    assert "2026-11-16" <= days[-1] <= "2026-11-30"
    assert all(8 <= len(c["turns"]) <= 20 for c in conversations)
    bot_only = [c for c in conversations if c["agent"] is None]
    assert len(bot_only) == 1
    assert {t["role"] for t in bot_only[0]["turns"]} <= {"bot", "customer", "system"}
    assert "bot" in {t["role"] for t in bot_only[0]["turns"]}


def test_the_demo_summaries_mix_predefined_custom_and_categorical_sections() -> None:
    conversations = _demo_conversations()
    custom = {s["key"]: s for s in json.loads(generate.SECTIONS_FILE.read_text("utf-8"))}
    assert {s["value_type"] for s in custom.values()} == {"free_text", "categorical"}
    assert all(s["origin"] == "custom" for s in custom.values())
    key_sets = [{s["key"] for s in c["summary"]["sections"]} for c in conversations]
    assert set().union(*key_sets) <= PREDEFINED_KEYS | set(custom)
    predefined_only = [keys for keys in key_sets if keys <= PREDEFINED_KEYS]
    custom_only = [keys for keys in key_sets if not keys & PREDEFINED_KEYS]
    categorical_only = [keys for keys in key_sets if keys <= CATEGORICAL_KEYS]
    mixed = [keys for keys in key_sets if keys & PREDEFINED_KEYS and keys - PREDEFINED_KEYS]
    assert len(predefined_only) >= 3
    assert len(custom_only) >= 3
    assert len(categorical_only) == 1
    assert len(mixed) > len(conversations) / 2
    assert {c["summary"]["generator"] for c in conversations} == {"summarizer-v3", "summarizer-v4"}


def test_about_a_third_of_the_demo_summaries_differ_from_a_faithful_summary() -> None:
    planted = generate.build_conversations()
    faithful = generate.build_conversations(plant_errors=False)
    assert [c["turns"] for c in planted] == [c["turns"] for c in faithful]
    with_errors = [
        p for p, f in zip(planted, faithful, strict=True) if p["summary"] != f["summary"]
    ]
    assert len(with_errors) == len(planted) // 3


def test_the_demo_ships_no_answer_keys_and_no_shared_dialogue(shared_data: Path) -> None:
    conversations = _demo_conversations()
    assert all(
        set(c) <= {"id", "channel", "language", "agent", "queue", "started_at", "turns", "summary"}
        for c in conversations
    )
    demo_texts = {t["text"] for c in conversations for t in c["turns"]}
    shared_texts = set()
    for line in (shared_data / "cc" / "cc_dev.jsonl").read_text("utf-8").splitlines():
        shared_texts |= {t["text"] for t in json.loads(line)["turns"]}
    for name in ("diasumfact_dev.jsonl", "faceval_dev.jsonl"):
        for line in (shared_data / "benchmarks" / name).read_text("utf-8").splitlines():
            shared_texts |= {
                u.split(": ", 1)[-1] for u in json.loads(line)["transcript"].splitlines()
            }
    # Stock phrases ("thanks") may coincide; a demo sentence of real length must be our own.
    assert {t for t in demo_texts & shared_texts if len(t) > 30} == set()


# --- load_demo ------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_migrations_create_the_analyst_and_manager_groups() -> None:
    assert set(Group.objects.values_list("name", flat=True)) >= {ANALYSTS_GROUP, MANAGERS_GROUP}


@pytest.mark.django_db
def test_load_demo_imports_the_demo_and_creates_the_three_logins(settings) -> None:
    settings.DEBUG = True  # a development machine: the published demo passwords are allowed
    call_command("load_demo", stdout=StringIO())

    assert Conversation.objects.count() == len(_demo_conversations())
    assert Summary.objects.count() == Conversation.objects.count()
    assert Conversation.objects.filter(agent=None).count() == 1
    assert SectionDefinition.objects.filter(origin="custom", is_active=True).count() == 4
    assert SummarySection.objects.filter(definition__origin="custom").exists()
    admin, analyst, manager = (
        User.objects.get(username=u) for u in ("admin", "analyst", "manager")
    )
    assert admin.is_superuser and admin.is_staff
    assert not analyst.is_staff and not analyst.is_superuser
    assert list(analyst.groups.values_list("name", flat=True)) == [ANALYSTS_GROUP]
    assert list(manager.groups.values_list("name", flat=True)) == [MANAGERS_GROUP]
    assert analyst.check_password("analyst-demo-2026")


@pytest.mark.django_db
def test_load_demo_run_twice_duplicates_nothing_and_keeps_changed_passwords(settings) -> None:
    settings.DEBUG = True  # a development machine: the published demo passwords are allowed
    call_command("load_demo", stdout=StringIO())
    analyst = User.objects.get(username="analyst")
    analyst.set_password("changed-by-the-analyst")
    analyst.save()
    models = (Conversation, Turn, Summary, SummarySection, SectionDefinition, User, EvaluationRun)

    def counts() -> list[int]:
        return [model.objects.count() for model in models]

    before = counts()
    output = StringIO()
    call_command("load_demo", stdout=output)

    assert counts() == before
    assert User.objects.get(username="analyst").check_password("changed-by-the-analyst")
    assert "login analyst exists: left unchanged" in output.getvalue()
    run = EvaluationRun.objects.get()
    assert (run.judge, run.total) == ("local", Summary.objects.count())


@pytest.mark.django_db
def test_load_demo_takes_passwords_from_the_environment(
    monkeypatch: pytest.MonkeyPatch, settings
) -> None:
    settings.DEBUG = True
    monkeypatch.setenv("DEMO_MANAGER_PASSWORD", "manager-from-env")
    call_command("load_demo", stdout=StringIO())
    assert User.objects.get(username="manager").check_password("manager-from-env")


# --- make demo --------------------------------------------------------------------------------------


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _clean_env(var_dir: Path, port: int) -> dict[str, str]:
    """Only what any shell has, plus the demo's own knobs: no DATABASE_URL, broker or settings."""
    env = {key: os.environ[key] for key in ("PATH", "HOME", "LANG", "TMPDIR") if key in os.environ}
    env.update(
        VAR_DIR=str(var_dir),
        DEMO_PORT=str(port),
        DEMO_ANALYST_PASSWORD=ANALYST_PASSWORD,
        PYTHONUNBUFFERED="1",
    )
    return env


@dataclass
class RunningDemo:
    process: subprocess.Popen[str]
    var_dir: Path
    env: dict[str, str]
    lines: queue.Queue[str] = field(default_factory=queue.Queue)
    seen: list[str] = field(default_factory=list)

    def wait_for(self, pattern: str, timeout: float) -> re.Match[str]:
        """The first output line (already seen or still to come) that matches `pattern`."""
        compiled = re.compile(pattern)
        for line in self.seen:
            if match := compiled.search(line):
                return match
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                line = self.lines.get(timeout=0.5)
            except queue.Empty:
                if self.process.poll() is not None and self.lines.empty():
                    break
                continue
            self.seen.append(line)
            if match := compiled.search(line):
                return match
        output = "".join(self.seen[-60:])
        raise AssertionError(f"the demo never printed /{pattern}/; its last output:\n{output}")

    def output(self) -> str:
        while not self.lines.empty():
            self.seen.append(self.lines.get())
        return "".join(self.seen)


@pytest.fixture
def demo(tmp_path: Path) -> Iterator[RunningDemo]:
    var_dir = tmp_path / "var"
    env = _clean_env(var_dir, _free_port())
    process = subprocess.Popen(
        [sys.executable, str(REPO / "scripts" / "demo.py")],
        cwd=REPO,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    running = RunningDemo(process, var_dir, env)

    def pump() -> None:
        assert process.stdout is not None
        for line in process.stdout:
            running.lines.put(line)

    threading.Thread(target=pump, daemon=True).start()
    try:
        yield running
    finally:
        if process.poll() is None:  # the test failed before it stopped the demo
            process.send_signal(signal.SIGINT)
            try:
                process.wait(timeout=60)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def _fetch(opener: urllib.request.OpenerDirector, url: str, data: dict | None = None) -> tuple:
    body = urllib.parse.urlencode(data).encode() if data is not None else None
    with opener.open(url, data=body, timeout=10) as response:
        return response.status, response.geturl(), response.read().decode("utf-8")


def _process_group_exists(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


@pytest.mark.slow
def test_the_demo_serves_pages_runs_the_worker_and_stops_cleanly_on_ctrl_c(
    demo: RunningDemo,
) -> None:
    # 1. It starts, and prints the URL, the logins and proof that the worker consumed the queue.
    url = demo.wait_for(r"running at (http://127\.0\.0\.1:\d+/)", STARTUP_TIMEOUT_SECONDS).group(1)
    ready = demo.wait_for(r"worker ready: ping (\w+) ran on (\S+)", 5)
    pids = demo.wait_for(r"processes: web pid (\d+), worker pid (\d+), beat pid (\d+)", 5)
    web_pid, worker_pid, beat_pid = (int(pid) for pid in pids.groups())
    for login in demo_logins({"DEMO_ANALYST_PASSWORD": ANALYST_PASSWORD}):
        demo.wait_for(rf"^\s+{login.username}\s+{re.escape(login.password)}\s", 5)

    # 2. Pages over HTTP: health, the login page, the queue (the analyst's start) and runs.
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar := CookieJar()))
    status, _, body = _fetch(opener, url + "healthz")
    assert status == 200
    assert json.loads(body)["status"] == "ok"
    status, _, body = _fetch(opener, url + "login/")
    assert status == 200
    assert 'name="csrfmiddlewaretoken"' in body
    csrf = next(cookie.value for cookie in jar if cookie.name == "csrftoken")
    status, final_url, body = _fetch(
        opener,
        url + "login/",
        {"username": "analyst", "password": ANALYST_PASSWORD, "csrfmiddlewaretoken": csrf},
    )
    assert status == 200
    # The analyst starts on the queue.
    assert urllib.parse.urlparse(final_url).path == "/conversations/", (
        "the login did not go through"
    )
    assert "Conversation queue" in body
    _, _, body = _fetch(opener, url + "runs/")
    counts = [int(n) for n in re.findall(r"(\d+)\s+conversations", body)]
    assert counts, "the runs page shows no conversation count"
    assert max(counts) >= 36

    # 3. The worker ran the start-up ping, and keeps consuming: a second ping, enqueued from
    #    another process on the same embedded configuration, runs too.
    heartbeat_file = demo.var_dir / "worker" / "heartbeat.json"
    assert json.loads(heartbeat_file.read_text())["token"] == ready.group(1)
    enqueue = (
        "import os, django; os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'config.settings.base'); "
        "django.setup(); from summaries.tasks import ping; ping.delay('second-ping')"
    )
    # DEBUG as scripts/demo.py sets it for its own processes (it is off unless set).
    enqueue_env = {**demo.env, "DEBUG": "true"}
    subprocess.run([sys.executable, "-c", enqueue], cwd=REPO, env=enqueue_env, check=True)
    deadline = time.monotonic() + 60
    while json.loads(heartbeat_file.read_text())["token"] != "second-ping":
        assert time.monotonic() < deadline, "the worker did not run a ping enqueued after start-up"
        time.sleep(0.2)

    # 4. The worker judges the demo's first evaluation run (every summary, offline judge), and
    #    the overview shows it finished.
    deadline = time.monotonic() + 180
    while True:
        _, _, body = _fetch(opener, url + "evaluations/runs/table/")
        if "Demo: every summary" in body and re.search(r"\bFinished\b", body):
            break
        assert time.monotonic() < deadline, f"the demo's evaluation run did not finish:\n{body}"
        time.sleep(1)
    done, total = map(int, re.search(r"(\d+) / (\d+)", body).groups())
    assert done == total >= 36
    assert "by manager" in body  # the demo's run is the manager login's
    run_id = re.search(r'href="/evaluations/runs/(\d+)/"', body).group(1)
    _, _, page = _fetch(opener, url + f"evaluations/runs/{run_id}/")
    assert f"{total} / {total} done" in page and "Scores" in page

    # 5. The queue lists every judged conversation, and a review page shows one's transcript
    #    beside its summary with the verdicts and the scores.
    _, _, queue = _fetch(opener, url + "conversations/")
    assert re.search(rf"Showing 1–{total} of {total} conversations", queue), queue[-3000:]
    review_path = re.search(r'class="row-link" href="([^"]+)"', queue).group(1)
    _, _, review = _fetch(opener, url + review_path.replace("&amp;", "&").lstrip("/"))
    assert "Transcript" in review and "Accuracy points" in review
    assert re.search(r'data-score="judge-accuracy">.*?\d\.\d\d', review, re.S)
    assert "Agree" in review and "Disagree" in review  # the analyst can override
    # 6. Then the demo's reviews arrive: calibration shows numbers where 20 items were reviewed,
    #    and "too few reviews" elsewhere.
    deadline = time.monotonic() + 60
    while True:
        _, _, page = _fetch(opener, url + "calibration/")
        if re.search(r"\d+\.\d%", page) and "Too few reviews" in page:
            break
        assert time.monotonic() < deadline, f"no calibration numbers after the run:\n{page}"
        time.sleep(1)
    assert "demo reviews: " in demo.output()

    # 7. Beat sends the watchdog's sweep, and the worker runs it.
    demo.wait_for(r"beat \| .*Sending due task evaluation-runs-watch", 60)
    demo.wait_for(r"worker \| .*evaluation_runs_watch_task\[.*\] succeeded", 60)

    # 8. Ctrl-C: every process (and Celery's pool processes) is gone, and the exit code is 0.
    demo.process.send_signal(signal.SIGINT)
    assert demo.process.wait(timeout=60) == 0, demo.output()
    assert "Stopped the web server, beat and the worker." in demo.output()
    for pid in (web_pid, worker_pid, beat_pid):
        assert not _process_group_exists(pid)
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.1", urllib.parse.urlparse(url).port), timeout=2).close()
