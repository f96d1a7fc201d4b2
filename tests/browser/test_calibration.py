"""The calibration page in a real browser: a manager reads the agreement, narrows it to one judge
version (HTMX swaps the report and the URL follows), and opens the items behind a number; under
the Content-Security-Policy, with no console error."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User

from evaluations.models import ReviewKind
from tests.browser.conftest import log_in
from tests.evaluations.calibration_factories import CLAUDE, LOCAL, ReviewFactory, table
from web.roles import role_groups_ensure

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

PASSWORD = "pw-browser-1"


def _user(username: str, group: str) -> User:
    user = User.objects.create_user(username, password=PASSWORD)
    user.groups.add(role_groups_ensure()[group])  # a flushed database has none
    return user


def _console_errors(page) -> list[str]:
    errors: list[str] = []
    page.on(
        "console",
        lambda message: (
            errors.append(f"{message.text} {message.location}") if message.type == "error" else None
        ),
    )
    page.on("pageerror", lambda error: errors.append(str(error)))
    return errors


def test_a_manager_reads_calibration_and_opens_the_items_behind_a_number(
    page, make_summary
) -> None:
    _user("manager-c", "Managers")
    reviews = ReviewFactory(make_summary=make_summary)
    reviews(table(15, 2, 1, 4), version=CLAUDE, text="Claude point {n}")
    reviews(table(3, 1, 0, 1), version=CLAUDE, blind=True, reviewer="analyst-b")
    reviews(
        table(9, 4, 3, 8),
        version=LOCAL,
        kind=ReviewKind.COMPLETENESS_ITEM,
        section="next_steps",
        text="Local item {n} <img src=x onerror=alert(1)>",
    )
    errors = _console_errors(page)
    log_in(page, "manager-c", PASSWORD)

    page.click("nav >> text=Calibration")
    page.wait_for_url("**/calibration/")
    assert page.locator(".calibration-version").count() == 2
    text = page.inner_text("#calibration-report")
    assert "Too few reviews: 5 of the 20 needed" in text
    assert "86.4%" in text  # Claude, judge shown: 19 of 22

    # One judge version: HTMX swaps the report in place, and the URL can be bookmarked.
    page.select_option("select[name=version]", "local|local|local-lexical-1")
    with page.expect_response("**/calibration/?version=*"):
        page.click(".filter-bar button[type=submit]")
    page.wait_for_function("document.querySelectorAll('.calibration-version').length === 1")
    assert "version=local" in page.url
    assert "Completeness: content items" in page.inner_text("#calibration-report")
    assert page.locator("text=How to read these numbers").count() == 1  # not a full reload

    # The "judge ✓ · analyst ✗" count of the local judge's total row opens those four items.
    total_row = page.locator("#calibration-report tr.total-row", has_text="Judge shown").first
    total_row.locator("td[data-label='Judge ✓ · analyst ✗'] a").click()
    page.wait_for_url("**/calibration/items/**")
    assert "cell=judge_pass_human_fail" in page.url
    assert page.locator(".items-table tbody tr").count() == 4
    first_item = page.inner_text(".items-table tbody tr >> nth=0")
    assert "<img src=x onerror=alert(1)>" in first_item  # customer-derived text stays text
    assert page.locator(".items-table img").count() == 0

    # Back to the report through its own link.
    page.click("text=← Calibration")
    page.wait_for_url("**/calibration/?version=*")
    assert errors == [], "\n".join(errors)
