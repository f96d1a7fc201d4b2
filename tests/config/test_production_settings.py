"""Production defaults: DEBUG is off unless turned on, and `manage.py check --deploy` with the
README's production settings has nothing to warn about."""

from __future__ import annotations

import os
import re
import secrets
import subprocess
import sys

from tests.conftest import REPO_ROOT

# Only what any shell has: nothing of this test session's own environment (its database, its
# broker, DJANGO_ALLOW_ASYNC_UNSAFE set by the browser tests) may reach the checked settings.
_SHELL = ("PATH", "HOME", "LANG", "LC_ALL", "TMPDIR")


def _manage(tmp_path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """`manage.py ARGS` in a fresh interpreter: the embedded defaults plus `env` only."""
    child_env = {k: v for k, v in os.environ.items() if k in _SHELL}
    child_env.update({"VAR_DIR": str(tmp_path / "var"), **env})
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=REPO_ROOT,
        env=child_env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def _printed_debug(tmp_path, **env: str) -> str:
    result = _manage(
        tmp_path, "shell", "-c", "from django.conf import settings; print(settings.DEBUG)", **env
    )
    assert result.returncode == 0, result.stderr
    return result.stdout.strip().splitlines()[-1]  # after the shell's auto-import note


def test_debug_is_off_unless_it_is_turned_on(tmp_path) -> None:
    assert _printed_debug(tmp_path, SECRET_KEY=secrets.token_urlsafe(50)) == "False"
    assert _printed_debug(tmp_path, DEBUG="true") == "True"


def test_without_debug_a_missing_secret_key_stops_start_up_saying_what_to_set(tmp_path) -> None:
    result = _manage(tmp_path, "check")

    assert result.returncode != 0
    assert "SECRET_KEY must be set to a long random value" in result.stderr
    assert "DEBUG=true" in result.stderr


def production_settings() -> dict[str, str]:
    """The variables of the README's "Production settings" block, with a real secret key."""
    readme = (REPO_ROOT / "README.md").read_text(encoding="utf-8")
    [block] = re.findall(r"<!-- production-settings -->\n```sh\n(.*?)```", readme, re.S)
    settings = dict(re.findall(r"^([A-Z][A-Z0-9_]*)=(\S*)", block, re.M))
    assert settings["SECRET_KEY"].startswith("<"), "the README must not publish a key"
    settings["SECRET_KEY"] = secrets.token_urlsafe(50)
    return settings


def test_check_deploy_with_the_documented_production_settings_prints_no_warning(
    tmp_path,
) -> None:
    settings = production_settings()

    result = _manage(tmp_path, "check", "--deploy", "--fail-level", "WARNING", **settings)

    assert result.returncode == 0, result.stderr
    assert "System check identified no issues" in result.stdout
    assert "WARNINGS" not in result.stderr + result.stdout
    assert {
        "DEBUG",
        "SECURE_SSL_REDIRECT",
        "SECURE_HSTS_SECONDS",
        "SESSION_COOKIE_SECURE",
        "CSRF_COOKIE_SECURE",
    } <= set(settings)


def test_check_deploy_with_the_defaults_warns(tmp_path) -> None:
    """The switches are what silences it: without them the same check complains."""
    result = _manage(
        tmp_path, "check", "--deploy", SECRET_KEY=secrets.token_urlsafe(50), ALLOWED_HOSTS="x.io"
    )

    assert "security.W004" in result.stderr  # HSTS
    assert "security.W008" in result.stderr  # SECURE_SSL_REDIRECT
    assert "security.W012" in result.stderr  # SESSION_COOKIE_SECURE
    assert "security.W016" in result.stderr  # CSRF_COOKIE_SECURE
