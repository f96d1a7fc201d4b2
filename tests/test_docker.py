"""docker/: no Docker engine runs here, so these tests read the files and check them against the project.

They parse compose.yml and the Dockerfile, check that every command names something that exists,
rebuild the image's file tree in a temporary folder (the Dockerfile's COPY lines) and run the
entry point's `web` and `worker` commands from it, the way the containers would.
"""

from __future__ import annotations

import ast
import fnmatch
import json
import os
import re
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
import yaml
from celery import Celery
from django.core.management import get_commands
from django.urls import resolve

from devkit.demo.logins import demo_logins

REPO = Path(__file__).resolve().parent.parent
DOCKER = REPO / "docker"
APP_SERVICES = ("web", "worker")
WORKDIR = "/app"


def _compose() -> dict:
    return yaml.safe_load((DOCKER / "compose.yml").read_text(encoding="utf-8"))


def _dockerfile_instructions() -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) pairs, with continuation lines joined and comments dropped."""
    instructions, pending = [], ""
    for raw in (DOCKER / "Dockerfile").read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if line.endswith("\\"):
            pending += line[:-1] + " "
            continue
        keyword, _, arguments = (pending + line).partition(" ")
        instructions.append((keyword.upper(), arguments.strip()))
        pending = ""
    return instructions


def _exec_form(arguments: str) -> list[str]:
    return json.loads(arguments) if arguments.startswith("[") else shlex.split(arguments)


def _copies() -> list[tuple[list[str], str]]:
    copies = []
    for keyword, arguments in _dockerfile_instructions():
        if keyword in ("COPY", "ADD"):
            words = [w for w in _exec_form(arguments) if not w.startswith("--")]
            copies.append((words[:-1], words[-1]))
    return copies


def _build_context() -> Path:
    return (DOCKER / _compose()["services"]["web"]["build"]["context"]).resolve()


def _entrypoint() -> Path:
    [entrypoint] = [_exec_form(a) for k, a in _dockerfile_instructions() if k == "ENTRYPOINT"]
    return REPO / entrypoint[0]


def _entrypoint_subcommands() -> set[str]:
    text = _entrypoint().read_text(encoding="utf-8")
    return set(re.findall(r"^\s{2}(\w+)\)", text, flags=re.MULTILINE))


def _settings_variables() -> set[str]:
    names = set()
    for path in (REPO / "config" / "settings").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        names |= set(
            re.findall(
                r"env_(?:str|bool|int|float|list|url|choice|rate_limits)\(\s*\"([A-Z0-9_]+)\"", text
            )
        )
        names |= set(re.findall(r"os\.environ\.get\(\s*\"([A-Z0-9_]+)\"", text))
    return names


def _env_example_variables() -> set[str]:
    """Names set (NAME=...) or documented commented-out (# NAME=...) in .env.example."""
    text = (DOCKER / ".env.example").read_text(encoding="utf-8")
    return set(re.findall(r"^(?:# )?([A-Z][A-Z0-9_]*)=", text, flags=re.MULTILINE))


# --- compose.yml ----------------------------------------------------------------------------------


def test_compose_defines_web_worker_postgres_and_redis_with_health_checks() -> None:
    services = _compose()["services"]
    assert set(services) == {"web", "worker", "postgres", "redis"}
    assert services["postgres"]["image"].split(":")[1] in {"16", "17"}
    assert services["redis"]["image"].split(":")[1].startswith("7")
    for name, service in services.items():
        assert service["healthcheck"]["test"][0] in {"CMD", "CMD-SHELL"}, name


def test_compose_services_wait_for_healthy_dependencies() -> None:
    services = _compose()["services"]
    for name in APP_SERVICES:
        depends_on = services[name]["depends_on"]
        assert {"postgres", "redis"} <= set(depends_on), name
        for dependency, rule in depends_on.items():
            assert rule["condition"] == "service_healthy", (name, dependency)
            assert "healthcheck" in services[dependency]


def test_web_and_worker_run_one_image_built_from_the_dockerfile() -> None:
    services = _compose()["services"]
    builds = [services[name]["build"] for name in APP_SERVICES]
    assert builds[0] == builds[1]
    assert services["web"]["image"] == services["worker"]["image"]
    assert (_build_context() / builds[0]["dockerfile"]).resolve() == DOCKER / "Dockerfile"
    for name in APP_SERVICES:
        assert (DOCKER / services[name]["env_file"]).name == ".env"


def test_compose_commands_are_entry_point_subcommands_that_exist() -> None:
    services = _compose()["services"]
    subcommands = _entrypoint_subcommands()
    assert {"web", "worker"} <= subcommands
    for name in APP_SERVICES:
        assert services[name]["command"][0] in subcommands, name
    [cmd] = [_exec_form(a) for k, a in _dockerfile_instructions() if k == "CMD"]
    assert cmd[0] in subcommands


def test_the_entry_point_is_copied_into_the_image_and_executable() -> None:
    entrypoint = _entrypoint()
    assert entrypoint.is_file()
    assert os.access(entrypoint, os.X_OK)
    relative = entrypoint.relative_to(REPO).as_posix()
    assert any(relative in sources for sources, _ in _copies())


def test_every_manage_py_command_the_containers_run_exists() -> None:
    text = _entrypoint().read_text(encoding="utf-8") + (DOCKER / "Dockerfile").read_text("utf-8")
    text += (DOCKER / "compose.yml").read_text(encoding="utf-8")
    used = set(re.findall(r"manage\.py (\w+)", text))
    assert {"migrate", "collectstatic"} <= used
    assert used <= set(get_commands()), used - set(get_commands())


def test_celery_and_gunicorn_targets_are_importable() -> None:
    text = _entrypoint().read_text(encoding="utf-8") + (DOCKER / "compose.yml").read_text("utf-8")
    for app_module in set(re.findall(r"celery -A (\w+)", text)):
        module = __import__(app_module)
        assert isinstance(module.celery_app, Celery)
    [(module_name, attribute)] = re.findall(r"gunicorn ([\w.]+):(\w+)", text)
    module = __import__(module_name, fromlist=[attribute])
    assert callable(getattr(module, attribute))
    assert shutil.which("gunicorn", path=str(Path(sys.executable).parent))


def test_the_web_health_check_requests_the_health_url() -> None:
    test = " ".join(_compose()["services"]["web"]["healthcheck"]["test"])
    [path] = re.findall(r"http://127\.0\.0\.1:8000(/\S*?)'", test)
    assert resolve(path).url_name == "healthz"


# --- Dockerfile -----------------------------------------------------------------------------------


def test_the_dockerfile_builds_on_python_3_11_slim_and_runs_as_a_non_root_user() -> None:
    instructions = _dockerfile_instructions()
    assert [a for k, a in instructions if k == "FROM"] == ["python:3.11-slim"]
    users = [a for k, a in instructions if k == "USER"]
    assert users and users[-1] not in {"root", "0"}
    assert [a for k, a in instructions if k == "WORKDIR"] == [WORKDIR]


def test_every_file_the_dockerfile_copies_exists_and_is_not_docker_ignored() -> None:
    context = _build_context()
    ignored = [
        line.strip()
        for line in (DOCKER / "Dockerfile.dockerignore").read_text("utf-8").splitlines()
        if line.strip() and not line.startswith("#")
    ]
    sources = [source for sources, _ in _copies() for source in sources]
    assert "pyproject.toml" in sources
    for source in sources:
        assert (context / source).exists(), source
        assert not any(fnmatch.fnmatch(source, pattern) for pattern in ignored), source


# --- .env.example ---------------------------------------------------------------------------------


def _compose_variables() -> set[str]:
    return set(re.findall(r"\$\{(\w+)", (DOCKER / "compose.yml").read_text(encoding="utf-8")))


def _entrypoint_variables() -> set[str]:
    return set(re.findall(r"\$\{(\w+)", _entrypoint().read_text(encoding="utf-8")))


def test_env_example_names_only_variables_something_reads() -> None:
    demo_passwords = {f"DEMO_{login.username.upper()}_PASSWORD" for login in demo_logins({})}
    known = _settings_variables() | _compose_variables() | _entrypoint_variables() | demo_passwords
    assert _env_example_variables() - known == set()


def test_env_example_documents_every_variable_the_settings_read() -> None:
    missing = _settings_variables() - _env_example_variables()
    assert missing == set(), f"document these in docker/.env.example: {sorted(missing)}"
    assert {"DATABASE_URL", "CELERY_BROKER_URL", "ANTHROPIC_API_KEY", "SECRET_KEY"} <= {
        name
        for name in _env_example_variables()
        if re.search(rf"^{name}=", (DOCKER / ".env.example").read_text("utf-8"), re.MULTILINE)
    }


def test_the_readme_documents_every_variable_the_settings_read() -> None:
    readme = (REPO / "README.md").read_text(encoding="utf-8")
    missing = {name for name in _settings_variables() if f"`{name}`" not in readme}
    assert missing == set(), (
        f"document these in the README's configuration table: {sorted(missing)}"
    )


def _env_example_commented_values() -> dict[str, str]:
    """`# NAME=value` lines: a variable left at its default, with the value it documents."""
    text = (DOCKER / ".env.example").read_text(encoding="utf-8")
    return dict(re.findall(r"^# ([A-Z][A-Z0-9_]*)=(.*)$", text, flags=re.MULTILINE))


def _settings_defaults() -> dict[str, object]:
    """The default of every `env_*("NAME", default, ...)` call in config/settings/base.py that is
    a plain literal; one built at run time (a path under BASE_DIR, a constant's name) is left out."""
    tree = ast.parse((REPO / "config" / "settings" / "base.py").read_text(encoding="utf-8"))
    defaults: dict[str, object] = {}
    for node in ast.walk(tree):
        if not (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id.startswith("env_")
            and len(node.args) >= 2
            and isinstance(node.args[0], ast.Constant)
        ):
            continue
        try:
            defaults[node.args[0].value] = ast.literal_eval(node.args[1])
        except ValueError:
            continue
    return defaults


def _as_default_type(value: str, default: object) -> object:
    """Read a documented value the way config/settings/env.py reads that kind of setting."""
    if isinstance(default, bool):
        return value.strip().lower() in {"1", "true", "yes", "on"}
    if isinstance(default, int):
        return int(value)
    if isinstance(default, float):
        return float(value)
    if isinstance(default, list):
        return [item.strip() for item in value.split(",") if item.strip()]
    return value


def test_env_example_commented_values_are_the_settings_defaults() -> None:
    defaults = _settings_defaults()
    documented = {
        name: value for name, value in _env_example_commented_values().items() if name in defaults
    }
    wrong = {
        name: f"{value!r} in .env.example, {defaults[name]!r} in config/settings/base.py"
        for name, value in documented.items()
        if _as_default_type(value, defaults[name]) != defaults[name]
    }

    assert wrong == {}
    # Enough of them are compared that the test means something (there are 15 today).
    assert len(documented) >= 10, documented


def test_env_example_commented_values_are_the_entry_point_and_compose_defaults() -> None:
    text = _entrypoint().read_text(encoding="utf-8") + (DOCKER / "compose.yml").read_text("utf-8")
    defaults = dict(re.findall(r"\$\{(\w+):-([^}]*)\}", text))
    documented = {
        name: value for name, value in _env_example_commented_values().items() if name in defaults
    }

    assert {name: value for name, value in documented.items() if value != defaults[name]} == {}
    assert {"WEB_CONCURRENCY", "WORKER_CONCURRENCY", "WEB_PORT"} <= set(documented)


def test_env_example_gives_values_for_every_compose_substitution_without_a_default() -> None:
    text = (DOCKER / "compose.yml").read_text(encoding="utf-8")
    required = set(re.findall(r"\$\{(\w+)(?::?\?|\})", text))
    assert required <= _env_example_variables()


# --- The image's file tree, run without Docker --------------------------------------------------


def _image_tree(root: Path) -> Path:
    """Lay out WORKDIR the way the Dockerfile's COPY lines do, from the repository."""
    app = root / "app"
    app.mkdir()
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc")
    for sources, destination in _copies():
        target = app / destination
        for source in sources:
            path = REPO / source
            if path.is_dir():
                shutil.copytree(path, target, ignore=ignore)
            elif destination.endswith("/") or len(sources) > 1:
                target.mkdir(parents=True, exist_ok=True)
                shutil.copy2(path, target / path.name)
            else:
                target.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(path, target)
    return app


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _stop(process: subprocess.Popen[str]) -> str:
    process.send_signal(signal.SIGTERM)
    try:
        output, _ = process.communicate(timeout=30)
    except subprocess.TimeoutExpired:
        process.kill()
        output, _ = process.communicate()
        raise AssertionError(f"it did not stop on SIGTERM:\n{output}") from None
    return output


@pytest.mark.slow
def test_the_image_tree_collects_static_files_serves_with_gunicorn_and_runs_the_worker(
    tmp_path: Path,
) -> None:
    app = _image_tree(tmp_path)
    var_dir = tmp_path / "var"
    env = {
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
        "HOME": str(tmp_path),
        "VAR_DIR": str(var_dir),
        "PYTHONUNBUFFERED": "1",
    }

    # 1. The build steps: the copied tree alone is a working project.
    where = subprocess.run(
        [sys.executable, "-c", "import config, summaries, evaluations, web, devkit; "
         "print(config.__file__, summaries.__file__, evaluations.__file__, web.__file__, "
         "devkit.__file__)"],
        cwd=app, env=env, capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert all(Path(p).is_relative_to(app) for p in where.stdout.split())
    # As the Dockerfile runs it: DEBUG on for this step only (no SECRET_KEY at build time).
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput"],
        cwd=app, env={**env, "DEBUG": "true"}, capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert (var_dir / "static" / "admin" / "css" / "base.css").is_file()

    # 2. `web`, as in production: DEBUG off, migrate, gunicorn; WhiteNoise serves static files.
    port = _free_port()
    production = {**env, "DEBUG": "false", "SECRET_KEY": "test-" + "x" * 50, "PORT": str(port)}
    production |= {"ALLOWED_HOSTS": "127.0.0.1", "WEB_CONCURRENCY": "1"}
    web = subprocess.Popen(
        [str(app / "docker" / "entrypoint.sh"), "web"],
        cwd=app, env=production, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 90
        while True:
            assert web.poll() is None, web.communicate()[0]
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2) as r:
                    assert json.loads(r.read())["status"] == "ok"
                    break
            except OSError:
                assert time.monotonic() < deadline, "gunicorn never answered /healthz"
                time.sleep(0.3)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/login/", timeout=5) as response:
            assert 'name="csrfmiddlewaretoken"' in response.read().decode()
        static_url = f"http://127.0.0.1:{port}/static/admin/css/base.css"
        with urllib.request.urlopen(static_url, timeout=5) as response:
            assert response.status == 200
            assert "css" in response.headers["Content-Type"]
    finally:
        web_output = _stop(web)
    assert "Booting worker" in web_output
    assert web.returncode == 0, web_output

    # 3. `worker`: a Celery worker that consumes the queue (here the file-system broker).
    (var_dir / "celery" / "queue").mkdir(parents=True, exist_ok=True)
    worker = subprocess.Popen(
        [str(app / "docker" / "entrypoint.sh"), "worker"],
        cwd=app, env={**production, "WORKER_CONCURRENCY": "1"},
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    try:
        enqueue = (
            "import django; django.setup(); from summaries.tasks import ping; ping.delay('image')"
        )
        subprocess.run(
            [sys.executable, "-c", enqueue],
            cwd=app, env={**production, "DJANGO_SETTINGS_MODULE": "config.settings.base"},
            check=True,
        )  # fmt: skip
        heartbeat = var_dir / "worker" / "heartbeat.json"
        deadline = time.monotonic() + 60
        while not (heartbeat.exists() and json.loads(heartbeat.read_text())["token"] == "image"):
            assert worker.poll() is None, worker.communicate()[0]
            assert time.monotonic() < deadline, "the worker did not run the ping task"
            time.sleep(0.3)
    finally:
        worker_output = _stop(worker)
    assert "summaries.tasks.ping" in worker_output
    assert worker.returncode == 0, worker_output
