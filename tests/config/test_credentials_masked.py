"""Passwords inside URL settings never reach a page or a log (config/reporting.py)."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from io import StringIO

import pytest
from django.test import RequestFactory
from django.views.debug import get_exception_reporter_class

from config.reporting import MaskCredentialsLogFilter, mask_url_credentials
from tests.conftest import REPO_ROOT

BROKER = "redis://:broker-s3cret@10.0.0.5:6379/0"
DATABASE = "postgres://summaryqa:db-s3cret@db.internal:5432/summaryqa"


@pytest.mark.parametrize(
    ("text", "masked"),
    [
        (BROKER, "redis://:********@10.0.0.5:6379/0"),
        (DATABASE, "postgres://summaryqa:********@db.internal:5432/summaryqa"),
        ("rediss://default:p@ss@cache:6380/1", "rediss://default:********@cache:6380/1"),
        ("amqp://guest:guest@mq//", "amqp://guest:********@mq//"),
        (
            "see 'redis://:x@h' and http://u:v@example.com/",
            "see 'redis://:********@h' and http://u:********@example.com/",
        ),
        ("postgres://postgres@127.0.0.1:5432/db", "postgres://postgres@127.0.0.1:5432/db"),
        ("filesystem://localhost/", "filesystem://localhost/"),
        ("10:30 ratio 3:1 user@example.com", "10:30 ratio 3:1 user@example.com"),
    ],
)
def test_a_url_password_is_masked_and_nothing_else(text, masked) -> None:
    assert mask_url_credentials(text) == masked


@pytest.mark.django_db
def test_the_debug_page_for_a_bad_host_shows_no_url_password(client, settings) -> None:
    """The failure that was seen: with DEBUG on, a bad Host header's debug page listed the broker
    URL with its password, in the settings and in the environment (request.META)."""
    settings.DEBUG = True
    settings.CELERY_BROKER_URL = BROKER
    settings.JUDGE_RATE_LIMIT_STORAGE_URL = BROKER

    response = client.get("/", HTTP_HOST="evil.example.com", DATABASE_URL=DATABASE)

    text = response.content.decode()
    assert response.status_code == 400
    assert "DisallowedHost" in text
    assert "s3cret" not in text
    assert "redis://:********@10.0.0.5:6379/0" in text
    assert "postgres://summaryqa:********@db.internal:5432/summaryqa" in text


def test_an_error_page_masks_urls_in_the_message_and_the_frame_variables(settings) -> None:
    settings.DEBUG = True
    request = RequestFactory().get("/")

    def connect():
        broker_url = BROKER  # a frame variable the page lists
        raise ConnectionError(f"cannot reach {broker_url}")

    try:
        connect()
    except ConnectionError:
        reporter = get_exception_reporter_class(request)(request, *sys.exc_info())

    html, text = reporter.get_traceback_html(), reporter.get_traceback_text()
    # (The page also quotes this test's source lines, so look for the URL, not the word.)
    assert BROKER not in html and BROKER not in text
    assert "redis://:********@10.0.0.5:6379/0" in text


def test_log_records_are_masked_in_messages_and_tracebacks() -> None:
    stream = StringIO()
    handler = logging.StreamHandler(stream)
    handler.addFilter(MaskCredentialsLogFilter())
    logger = logging.getLogger("tests.masking")
    logger.addHandler(handler)
    try:
        logger.warning("connecting to %s", BROKER)
        try:
            raise ConnectionError(f"refused: {DATABASE}")
        except ConnectionError:
            logger.exception("the database is away")
    finally:
        logger.removeHandler(handler)

    output = stream.getvalue()
    assert "s3cret" not in output
    assert "connecting to redis://:********@10.0.0.5:6379/0" in output
    assert "refused: postgres://summaryqa:********@db.internal" in output


def test_the_settings_mask_what_the_console_log_prints(tmp_path) -> None:
    """The real settings' logging, in a fresh process: a record quoting the broker URL."""
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("DJANGO_SETTINGS_MODULE", "DATABASE_URL", "CELERY_BROKER_URL")
    }
    env.update(VAR_DIR=str(tmp_path / "var"), DEBUG="true")
    code = (
        "import logging, django; django.setup(); "
        f"logging.getLogger('summaries').warning('broker at %s', {BROKER!r})"
    )

    result = subprocess.run(
        [sys.executable, "-c", code],
        cwd=REPO_ROOT,
        env={**env, "DJANGO_SETTINGS_MODULE": "config.settings.base"},
        capture_output=True,
        text=True,
        timeout=120,
    )

    assert result.returncode == 0, result.stderr
    assert "broker at redis://:********@10.0.0.5:6379/0" in result.stderr
    assert "s3cret" not in result.stderr


def test_the_celery_worker_masks_its_log_handlers_too() -> None:
    from celery.signals import after_setup_logger

    import config.celery_app  # noqa: F401  (connects the signal)

    logger = logging.getLogger("tests.worker")
    handler = logging.StreamHandler(StringIO())
    logger.addHandler(handler)
    try:
        after_setup_logger.send(sender=None, logger=logger, loglevel=logging.INFO)
        assert any(isinstance(f, MaskCredentialsLogFilter) for f in handler.filters)
    finally:
        logger.removeHandler(handler)
