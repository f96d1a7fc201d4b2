"""`make demo` end to end: a fresh SQLite demo, a real worker, pages over HTTP, a clean Ctrl-C.

The demo is started the way `make demo` starts it (scripts/demo.py on the project's Python) with a
clean environment: config/settings/test.py puts PostgreSQL and Redis URLs into this process's
os.environ, and the demo must not need either.
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
from http.cookiejar import CookieJar
from pathlib import Path

import pytest

from summaries.demo.logins import demo_logins

pytestmark = pytest.mark.slow

REPO = Path(__file__).resolve().parent.parent
STARTUP_TIMEOUT_SECONDS = 240.0  # a fresh SQLite database: every migration runs
ANALYST_PASSWORD = "analyst-password-from-env"


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


def test_the_demo_serves_pages_runs_the_worker_and_stops_cleanly_on_ctrl_c(
    demo: RunningDemo,
) -> None:
    # 1. It starts, and prints the URL, the logins and proof that the worker consumed the queue.
    url = demo.wait_for(r"running at (http://127\.0\.0\.1:\d+/)", STARTUP_TIMEOUT_SECONDS).group(1)
    ready = demo.wait_for(r"worker ready: ping (\w+) ran on (\S+)", 5)
    pids = demo.wait_for(r"processes: web pid (\d+), worker pid (\d+)", 5)
    web_pid, worker_pid = int(pids.group(1)), int(pids.group(2))
    for login in demo_logins({"DEMO_ANALYST_PASSWORD": ANALYST_PASSWORD}):
        demo.wait_for(rf"^\s+{login.username}\s+{re.escape(login.password)}\s", 5)

    # 2. Pages over HTTP: health, the login page, and the overview as the analyst.
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
    assert urllib.parse.urlparse(final_url).path == "/", "the login did not go through"
    counts = [int(n) for n in re.findall(r"(\d+)\s+conversations", body)]
    assert counts, "the overview page shows no conversation count"
    assert max(counts) >= 36

    # 3. The worker ran the start-up ping, and keeps consuming: a second ping, enqueued from
    #    another process on the same embedded configuration, runs too.
    heartbeat_file = demo.var_dir / "worker" / "heartbeat.json"
    assert json.loads(heartbeat_file.read_text())["token"] == ready.group(1)
    enqueue = (
        "import os, django; os.environ.setdefault('DJANGO_SETTINGS_MODULE', 'config.settings.base'); "
        "django.setup(); from summaries.tasks import ping; ping.delay('second-ping')"
    )
    subprocess.run([sys.executable, "-c", enqueue], cwd=REPO, env=demo.env, check=True)
    deadline = time.monotonic() + 60
    while json.loads(heartbeat_file.read_text())["token"] != "second-ping":
        assert time.monotonic() < deadline, "the worker did not run a ping enqueued after start-up"
        time.sleep(0.2)

    # 4. Ctrl-C: both processes (and Celery's pool processes) are gone, and the exit code is 0.
    demo.process.send_signal(signal.SIGINT)
    assert demo.process.wait(timeout=60) == 0, demo.output()
    assert "Stopped the web server and the worker." in demo.output()
    assert not _process_group_exists(web_pid)
    assert not _process_group_exists(worker_pid)
    with pytest.raises(ConnectionRefusedError):
        socket.create_connection(("127.0.0.1", urllib.parse.urlparse(url).port), timeout=2).close()
