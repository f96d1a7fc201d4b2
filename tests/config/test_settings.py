"""Settings come from the environment; a bad value stops start-up with an error naming it."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.conftest import REPO_ROOT

_INHERITED = ("DATABASE_URL", "CELERY_BROKER_URL", "DJANGO_SETTINGS_MODULE", "SECRET_KEY", "DEBUG")


def _check(tmp_path, **env: str) -> subprocess.CompletedProcess[str]:
    """Run `manage.py check` in a fresh interpreter with the embedded defaults plus `env`."""
    child_env = {k: v for k, v in os.environ.items() if k not in _INHERITED}
    # A development machine unless the case says otherwise (DEBUG is off unless set).
    child_env.update({"VAR_DIR": str(tmp_path / "var"), "DEBUG": "true", **env})
    return subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=REPO_ROOT,
        env=child_env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_the_embedded_defaults_pass_the_system_check(tmp_path) -> None:
    result = _check(tmp_path)

    assert result.returncode == 0, result.stderr
    assert (tmp_path / "var").is_dir()


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"DEBUG": "maybe"}, "DEBUG='maybe' is not a boolean"),
        ({"DEBUG": "0"}, "SECRET_KEY must be set to a long random value"),
        ({"DEBUG": "0", "SECRET_KEY": ""}, "SECRET_KEY must be set to a long random value"),
        (
            {"DEBUG": "0", "SECRET_KEY": "replace-me-with-a-long-random-string"},
            "SECRET_KEY must be set to a long random value",
        ),
        (
            {"DATABASE_URL": "mysqlx://nowhere"},
            "DATABASE_URL='mysqlx://nowhere' is not a database URL",
        ),
        ({"CELERY_BROKER_URL": "kafka://x"}, "CELERY_BROKER_URL='kafka://x'"),
        ({"JUDGE_MAX_RETRIES": "many"}, "JUDGE_MAX_RETRIES='many' is not a whole number"),
        ({"JUDGE_MAX_RETRIES": "-1"}, "JUDGE_MAX_RETRIES='-1' must be at least 0"),
        ({"JUDGE_TIMEOUT_SECONDS": "nan"}, "JUDGE_TIMEOUT_SECONDS='nan' must be a finite number"),
        ({"JUDGE_TIMEOUT_SECONDS": "0.5"}, "JUDGE_TIMEOUT_SECONDS='0.5' must be at least 1.0"),
        ({"JUDGE_MODEL": " "}, "JUDGE_MODEL is set but empty"),
        (
            {"ANTHROPIC_BASE_URL": "localhost:9000"},
            "ANTHROPIC_BASE_URL='localhost:9000' is not a URL",
        ),
        ({"LOG_LEVEL": "LOUD"}, "LOG_LEVEL='LOUD' is not one of DEBUG, INFO"),
        (
            {"JUDGE_RATE_LIMIT_STORAGE_URL": "garbage"},
            "JUDGE_RATE_LIMIT_STORAGE_URL='garbage' is not a URL: "
            "expected redis or rediss://host[:port], or memory://.",
        ),
        (
            # A `limits` storage, but the retry-after pauses are shared through Redis only.
            {"JUDGE_RATE_LIMIT_STORAGE_URL": "memcached://127.0.0.1:11211"},
            "JUDGE_RATE_LIMIT_STORAGE_URL='memcached://127.0.0.1:11211' is not a URL",
        ),
        ({"CELERY_TASK_DEFAULT_QUEUE": ""}, "CELERY_TASK_DEFAULT_QUEUE is set but empty"),
        ({"CELERY_TASK_DEFAULT_QUEUE": "  "}, "CELERY_TASK_DEFAULT_QUEUE is set but empty"),
        (
            {"EVALUATION_RETRY_BASE_SECONDS": "10", "EVALUATION_RETRY_MAX_SECONDS": "5"},
            "EVALUATION_RETRY_MAX_SECONDS=5 is below EVALUATION_RETRY_BASE_SECONDS=10",
        ),
        (
            {"EVALUATION_RETRY_MAX_SECONDS": "1.5"},
            "EVALUATION_RETRY_MAX_SECONDS=1.5 is below EVALUATION_RETRY_BASE_SECONDS=2",
        ),
        (
            {"EVALUATION_WATCH_SECONDS": "300"},
            "EVALUATION_WATCH_SECONDS=300 must be above both EVALUATION_CLAIM_TIMEOUT_SECONDS=120 "
            "and EVALUATION_RETRY_MAX_SECONDS=300",
        ),
        (
            {"EVALUATION_WATCH_SECONDS": "100"},
            "EVALUATION_WATCH_SECONDS=100 must be above both EVALUATION_CLAIM_TIMEOUT_SECONDS=120",
        ),
        ({"EVALUATION_WATCH_SECONDS": "0"}, "EVALUATION_WATCH_SECONDS"),
        (
            {"JUDGE_RATE_LIMITS": "claude-haiku-4-5=4000"},
            "JUDGE_RATE_LIMITS: 'claude-haiku-4-5=4000' is not model=requests/input_tokens",
        ),
        (
            {"JUDGE_RATE_LIMITS": "=50/30000"},
            "JUDGE_RATE_LIMITS: '=50/30000' is not model=requests/input_tokens",
        ),
        (
            {"JUDGE_RATE_LIMITS": "claude-haiku-4-5=lots/400000"},
            "JUDGE_RATE_LIMITS: 'claude-haiku-4-5=lots/400000': the budgets must be whole numbers",
        ),
        (
            {"JUDGE_RATE_LIMITS": "claude-haiku-4-5=-1/400000"},
            "JUDGE_RATE_LIMITS: 'claude-haiku-4-5=-1/400000': a budget cannot be negative",
        ),
        (
            {"JUDGE_RATE_LIMITS": "m=1/2,m=3/4"},
            "JUDGE_RATE_LIMITS: 'm' is given twice",
        ),
    ],
)
def test_a_bad_value_stops_start_up_with_an_error_naming_it(tmp_path, env, message) -> None:
    result = _check(tmp_path, **env)

    assert result.returncode != 0
    assert "ImproperlyConfigured" in result.stderr
    assert message in result.stderr


def test_production_values_are_accepted(tmp_path) -> None:
    result = _check(
        tmp_path,
        DEBUG="off",
        SECRET_KEY="k" * 50,
        ALLOWED_HOSTS="qa.example.com",
        ANTHROPIC_BASE_URL="https://api.example.com",
        LOG_LEVEL="warning",
    )

    assert result.returncode == 0, result.stderr


@pytest.mark.parametrize(
    "env",
    [
        {"JUDGE_RATE_LIMIT_STORAGE_URL": ""},
        {"JUDGE_RATE_LIMIT_STORAGE_URL": "memory://"},
        {"JUDGE_RATE_LIMIT_STORAGE_URL": "redis://127.0.0.1:6379/3"},
        {"JUDGE_RATE_LIMIT_STORAGE_URL": "rediss://cache.example.com:6380/0"},
        {"CELERY_TASK_DEFAULT_QUEUE": "qa-staging"},
        {"EVALUATION_RETRY_BASE_SECONDS": "5", "EVALUATION_RETRY_MAX_SECONDS": "5"},
        {"EVALUATION_WATCH_SECONDS": "301"},
        {"JUDGE_RATE_LIMITS": " claude-haiku-4-5=4000/400000, claude-opus-4-1=0/20000 ,"},
        {"EVALUATION_CLAIM_TIMEOUT_SECONDS": "3", "EVALUATION_WATCH_SECONDS": "301"},
    ],
)
def test_good_values_of_the_checked_run_settings_are_accepted(tmp_path, env) -> None:
    result = _check(tmp_path, **env)

    assert result.returncode == 0, result.stderr


def test_a_task_can_be_queued_on_the_file_system_broker_before_any_worker_ran(tmp_path) -> None:
    enqueue = (
        "import django; django.setup(); "
        "from summaries.tasks import ping; ping.delay('before-any-worker')"
    )
    child_env = {k: v for k, v in os.environ.items() if k not in _INHERITED}
    child_env.update(
        VAR_DIR=str(tmp_path / "var"), DJANGO_SETTINGS_MODULE="config.settings.base", DEBUG="true"
    )

    result = subprocess.run(
        [sys.executable, "-c", enqueue],
        cwd=REPO_ROOT,
        env=child_env,
        capture_output=True,
        text=True,
        timeout=120,
    )

    assert result.returncode == 0, result.stderr
    assert "No hostname was supplied" not in result.stderr
    queued = list((tmp_path / "var" / "celery" / "queue").iterdir())
    assert len(queued) == 1
    assert "before-any-worker" in queued[0].read_text()


def test_per_model_rate_limits_are_read_as_request_and_token_budgets(monkeypatch) -> None:
    from config.settings.env import env_rate_limits

    monkeypatch.setenv(
        "JUDGE_RATE_LIMITS", " claude-haiku-4-5=4000/400000, claude-opus-4-1=0/20000 ,"
    )

    assert env_rate_limits("JUDGE_RATE_LIMITS") == {
        "claude-haiku-4-5": (4000, 400_000),
        "claude-opus-4-1": (0, 20_000),
    }
    monkeypatch.delenv("JUDGE_RATE_LIMITS")
    assert env_rate_limits("JUDGE_RATE_LIMITS") == {}
