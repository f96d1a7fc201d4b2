#!/usr/bin/env python
"""`make demo`: migrate, load the demo data, then run a Celery worker, Celery beat and the web server.

    .venv/bin/python scripts/demo.py

No services needed: by default SQLite at var/db.sqlite3 and the file-system Celery broker under
var/celery/ (VAR_DIR moves var/; DATABASE_URL and CELERY_BROKER_URL, when set, are respected).
The web server listens on 127.0.0.1:${DEMO_PORT:-8000}. The script enqueues a ping task and waits
for the worker to run it, so "worker ready" means the queue is really consumed.

Beat sends the watchdog's sweep (evaluations/services/watchdog.py) every EVALUATION_WATCH_SECONDS:
it brings back work whose worker or message was lost (the file-system broker forgets what a killed
worker had taken).

Ctrl-C (SIGINT) or SIGTERM stops every process and exits 0. If one of them dies, the others are
stopped and the script exits 1.

The web server is Django's runserver (--noreload, one process): with DEBUG on it serves the static
files itself, so the demo needs no collectstatic step. The Docker image runs gunicorn instead.
"""

from __future__ import annotations

import contextlib
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
import uuid
from pathlib import Path
from types import FrameType

REPO = Path(__file__).resolve().parent.parent
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

STARTUP_TIMEOUT_SECONDS = 60.0
STOP_TIMEOUT_SECONDS = 20.0
POLL_SECONDS = 0.2

_output_lock = threading.Lock()
_stop_signal: int | None = None


def say(message: str) -> None:
    with _output_lock:
        sys.stdout.write(message + "\n")
        sys.stdout.flush()


def _request_stop(signum: int, frame: FrameType | None) -> None:
    global _stop_signal
    _stop_signal = signum


class DemoError(Exception):
    """Something went wrong before or while the demo ran; the message says what."""


class Child:
    """A child process in its own session, its output prefixed with its name.

    Its own session (so its own process group) keeps the terminal's Ctrl-C away from it: this
    script decides the order of the shutdown, and can kill the whole group at the end, which
    includes Celery's pool processes.
    """

    def __init__(self, name: str, argv: list[str], env: dict[str, str]) -> None:
        self.name = name
        self.process = subprocess.Popen(
            argv,
            cwd=REPO,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            errors="replace",
            bufsize=1,
            start_new_session=True,
        )
        self._pump = threading.Thread(target=self._forward_output, daemon=True)
        self._pump.start()

    @property
    def pid(self) -> int:
        return self.process.pid

    def _forward_output(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            say(f"{self.name:>7} | {line.rstrip()}")

    def exit_code(self) -> int | None:
        return self.process.poll()

    def stop(self) -> None:
        """SIGTERM (a warm shutdown for Celery), wait, then SIGKILL whatever is left in the group."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(timeout=STOP_TIMEOUT_SECONDS)
            except subprocess.TimeoutExpired:
                say(f"{self.name} did not stop within {STOP_TIMEOUT_SECONDS:.0f} s; killing it.")
        # Even after a clean exit a pool process may linger: the group must end empty.
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.wait()
        self._pump.join(timeout=5)


def _check_stop() -> None:
    if _stop_signal is not None:
        raise KeyboardInterrupt


def run_step(name: str, argv: list[str], env: dict[str, str]) -> None:
    """Run one set-up command to completion; Ctrl-C stops it too."""
    say(f"==> {name}: {' '.join(argv[1:])}")
    child = Child(name, argv, env)
    try:
        while (code := child.exit_code()) is None:
            _check_stop()
            time.sleep(POLL_SECONDS)
    finally:
        child.stop()
    if code != 0:
        raise DemoError(f"{name} failed with exit code {code}; see its output above.")


def _check_port_free(host: str, port: int) -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        try:
            probe.bind((host, port))
        except OSError as error:
            raise DemoError(
                f"{host}:{port} is not free ({error.strerror}). Stop what uses it, or pick "
                "another port: DEMO_PORT=8001 make demo"
            ) from None


def _check_alive(children: list[Child]) -> None:
    for child in children:
        code = child.exit_code()
        if code is not None:
            raise DemoError(f"The {child.name} process exited unexpectedly (exit code {code}).")


def wait_for_http(url: str, children: list[Child]) -> None:
    deadline = time.monotonic() + STARTUP_TIMEOUT_SECONDS
    while True:
        _check_stop()
        _check_alive(children)
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        if time.monotonic() > deadline:
            raise DemoError(f"{url} did not answer within {STARTUP_TIMEOUT_SECONDS:.0f} s.")
        time.sleep(POLL_SECONDS)


def wait_for_worker(children: list[Child]) -> str:
    """Enqueue summaries.tasks.ping and wait until a worker has run it; return the report."""
    from summaries.tasks import ping, worker_heartbeat_read

    token = uuid.uuid4().hex
    started = time.monotonic()
    try:
        ping.delay(token)
    except Exception as error:  # the broker's own exception types vary by transport
        raise DemoError(f"Could not enqueue the ping task on the broker: {error}") from None
    while True:
        _check_stop()
        _check_alive(children)
        heartbeat = worker_heartbeat_read()
        if heartbeat and heartbeat.get("token") == token:
            elapsed = time.monotonic() - started
            return f"worker ready: ping {token} ran on {heartbeat['worker']} after {elapsed:.1f} s"
        if time.monotonic() - started > STARTUP_TIMEOUT_SECONDS:
            raise DemoError(
                f"The worker did not run the ping task within {STARTUP_TIMEOUT_SECONDS:.0f} s: "
                "it is not consuming the queue. See the worker output above."
            )
        time.sleep(POLL_SECONDS)


def _configure() -> tuple[str, str]:
    """Load the same settings the children will use; return (database, broker) descriptions."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.base")
    # A local demo: error pages with tracebacks, runserver serving static files, and the
    # published demo logins. DEBUG is off unless set, so the demo turns it on (the children
    # inherit it); DEBUG=false make demo is honoured, and then needs SECRET_KEY and the
    # DEMO_*_PASSWORD variables like any deployment.
    os.environ.setdefault("DEBUG", "true")
    import django
    from django.conf import settings
    from django.core.exceptions import ImproperlyConfigured

    try:
        django.setup()
    except ImproperlyConfigured as error:
        raise DemoError(f"Bad configuration: {error}") from None
    # The settings create the file-system broker's folders (kombu does not).
    options = getattr(settings, "CELERY_BROKER_TRANSPORT_OPTIONS", {})
    database = settings.DATABASES["default"]
    if database["ENGINE"].endswith("sqlite3"):
        database_text = f"SQLite {database['NAME']}"
    else:
        database_text = f"{database['ENGINE'].rsplit('.', 1)[-1]} {database.get('NAME', '')}"
    broker = settings.CELERY_BROKER_URL
    broker_text = (
        f"file-system queue {options.get('data_folder_in')}"
        if broker.startswith("filesystem://")
        else broker.split("@")[-1]  # never print a password from the URL
    )
    return database_text, broker_text


def _banner(url: str, web: Child, worker: Child, beat: Child, worker_report: str) -> str:
    from devkit.demo.logins import demo_logins

    rows = "\n".join(
        f"  {login.username:<9} {login.password:<20} {login.role}" for login in demo_logins()
    )
    rule = "=" * 78
    return (
        f"{rule}\n"
        f"Summary QA demo is running at {url}\n"
        f"  {'login':<9} {'password':<20} role\n{rows}\n"
        "  (a login that already existed keeps the password it had)\n"
        f"{worker_report}\n"
        f"processes: web pid {web.pid}, worker pid {worker.pid}, beat pid {beat.pid}\n"
        f"Press Ctrl-C to stop.\n{rule}"
    )


def _demo_reviews() -> bool:
    """Add the demo's reviews once the worker has finished the demo's first run (load_demo ran
    before it could); return whether still waiting."""
    from devkit.demo.reviews import demo_reviews_ensure

    outcome = demo_reviews_ensure()
    if outcome.status == "waiting":
        return True
    if outcome.status == "created":
        say(outcome.message)
    return False


def main() -> int:
    signal.signal(signal.SIGINT, _request_stop)
    signal.signal(signal.SIGTERM, _request_stop)
    host, port_text = "127.0.0.1", os.environ.get("DEMO_PORT", "8000")
    python = sys.executable
    children: list[Child] = []
    try:
        if not port_text.isdigit():
            raise DemoError(f"DEMO_PORT={port_text!r} is not a port number.")
        port = int(port_text)
        database, broker = _configure()
        say(f"Database: {database}\nBroker: {broker}")
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        run_step("migrate", [python, "manage.py", "migrate", "--noinput"], env)
        run_step("load_demo", [python, "manage.py", "load_demo"], env)
        # The dashboard's rollup, for evaluations a database kept from before it existed.
        run_step("dashboard rollup", [python, "manage.py", "rebuild_dashboard_rollup"], env)
        _check_port_free(host, port)

        worker_argv = [python, "-m", "celery", "-A", "config", "worker", "-l", "INFO"]
        children.append(Child("worker", [*worker_argv, "--concurrency", "2"], env))
        # Its schedule file is CELERY_BEAT_SCHEDULE_FILENAME, under VAR_DIR.
        children.append(
            Child("beat", [python, "-m", "celery", "-A", "config", "beat", "-l", "INFO"], env)
        )
        web_argv = [python, "manage.py", "runserver", f"{host}:{port}", "--noreload"]
        children.append(Child("web", web_argv, env))
        worker, beat, web = children

        url = f"http://{host}:{port}/"
        wait_for_http(url + "healthz", children)
        worker_report = wait_for_worker(children)
        say(_banner(url, web, worker, beat, worker_report))
        reviews_pending, next_look = True, 0.0
        while True:
            _check_stop()
            _check_alive(children)
            if reviews_pending and time.monotonic() >= next_look:
                reviews_pending, next_look = _demo_reviews(), time.monotonic() + 2
            time.sleep(POLL_SECONDS)
    except KeyboardInterrupt:
        name = signal.Signals(_stop_signal).name if _stop_signal else "SIGINT"
        say(f"Got {name}: stopping.")
        code = 0
    except DemoError as error:
        say(f"ERROR: {error}")
        code = 1
    # Web first, so nothing enqueues new work while the worker finishes what it has; beat next.
    for child in reversed(children):
        say(f"Stopping {child.name} (pid {child.pid})...")
        child.stop()
    if children:
        say("Stopped the web server, beat and the worker.")
    return code


if __name__ == "__main__":
    sys.exit(main())
