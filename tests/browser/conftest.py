"""Debian's Chromium, driven by Playwright, against Django's live server.

`make test` installs the browser (scripts/ensure-browser.sh); nothing here downloads one. The
flags keep Chromium off the network this machine does not have, and let it run as root.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

# The evaluation tests' row factories and real Celery workers, shared.
from tests.evaluations.conftest import (  # noqa: F401
    celery_processes,
    judge_now,
    make_summary,
    sections,
    start_worker,
    worker_broker,
)

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

# Playwright's sync API keeps an event loop running in this thread, and Django refuses ORM calls
# from a thread with a running loop unless told this is safe (it is: the loop is Playwright's).
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")


@pytest.fixture(scope="session")
def chromium() -> Iterator:
    if not CHROMIUM.exists():
        pytest.fail(
            f"{CHROMIUM} is missing: run `make test`, or scripts/ensure-browser.sh as root."
        )
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield browser
        browser.close()


@pytest.fixture
def page(chromium, live_server) -> Iterator:
    context = chromium.new_context(base_url=live_server.url)
    context.set_default_timeout(10_000)
    page = context.new_page()
    yield page
    context.close()


def log_in(page, username: str, password: str = "pw-browser-1") -> None:
    page.goto("/login/")
    page.fill("input[name=username]", username)
    page.fill("input[name=password]", password)
    page.click("button[type=submit]")
    page.wait_for_url("**/")
