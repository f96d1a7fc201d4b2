"""The analyst's workspace in a real browser (Debian's Chromium) under the real CSP: the queue,
the review page, overrides without a reload, the keys, blind review, customer text as text, a
phone's width, and screenshots of every page at 390 and 1280 pixels."""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

import pytest
from django.utils import timezone
from playwright.sync_api import expect

from evaluations.models import AccuracyVerdict, SummaryReview, VerdictReview
from summaries.models import Turn
from tests.browser.conftest import log_in
from tests.conftest import CAST_PASSWORD, REPO_ROOT

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

SCREENSHOTS = Path(os.environ.get("SCREENSHOT_DIR", REPO_ROOT / "var" / "screenshots"))

# Registered before any page script runs (through the DevTools protocol, which the page's CSP
# does not govern): every CSP violation the page meets is kept for the test to read.
WATCH_CSP = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolations.push(event.violatedDirective + " " + event.blockedURI);
});
"""


@pytest.fixture(autouse=True)
def no_broker(held_messages) -> None:
    """Runs are judged in this process; no Celery message leaves it."""


@pytest.fixture
def watched(page):
    """The page, with its console errors and CSP violations collected; `clean()` asserts there
    were none, on every page it visited."""
    errors: list[str] = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.add_init_script(WATCH_CSP)

    def clean() -> None:
        violations = page.evaluate("window.__cspViolations || []")
        assert violations == [], violations
        assert errors == [], errors

    page.clean = clean
    return page


@pytest.fixture
def conversations(make_summary, judge_now):
    """Three conversations the offline judge judged on every dimension: `wrong` says $30 where
    the customer was charged $10 (an inaccurate point), in the sales queue."""
    now = timezone.now()
    right = make_summary("right-1", started_at=now - dt.timedelta(days=3))
    wrong = make_summary(
        "wrong-1",
        queue="sales",
        summary_amount="$30",
        started_at=now - dt.timedelta(days=2),
    )
    other = make_summary("other-1", started_at=now - dt.timedelta(days=1))
    run = judge_now([right, wrong, other], name="Nightly")
    return {e.summary.conversation.external_id: e for e in run.evaluations.all()}


def _accuracy(page, which: str) -> float:
    return float(page.inner_text(f'#score-panel td[data-score="{which}-accuracy"] .score'))


def _inaccurate(evaluation) -> AccuracyVerdict:
    return AccuracyVerdict.objects.filter(evaluation=evaluation, is_accurate=False).first()


def test_an_analyst_filters_opens_a_review_sees_the_turns_and_disagrees_without_a_reload(
    watched, cast, conversations
) -> None:
    page = watched
    log_in(page, "analyst", CAST_PASSWORD)
    assert page.evaluate("location.pathname") == "/conversations/"
    expect(page.locator(".row-link")).to_have_count(3)

    # "Low accuracy this week": the second click from anywhere (Queue in the nav, then it).
    page.click("nav >> text=Queue")
    page.click(".presets >> text=Low accuracy this week")
    page.wait_for_url("**accuracy_max=0.8**")
    expect(page.locator(".row-link")).to_have_count(1)
    expect(page.locator(".row-link")).to_have_text("wrong-1")
    page.click(".presets >> text=All conversations")
    expect(page.locator(".row-link")).to_have_count(3)

    page.select_option("select[name=queue]", "sales")  # HTMX swaps the results

    expect(page.locator(".row-link")).to_have_count(1)
    assert page.evaluate("location.search") == "?queue=sales"  # the view is in the address
    page.click(".row-link:has-text('wrong-1')")
    page.wait_for_url("**/conversations/*/**")
    point = _inaccurate(conversations["wrong-1"])
    row = page.locator(f"#verdict-accuracy_point-{point.pk}")
    expect(row).to_contain_text("Inaccurate")

    row.locator(".turn-link").click()

    for index in point.turn_indexes:
        expect(page.locator(f"#turn-{index}")).to_have_class("turn role-customer is-cited")
    expect(page.locator(f"#turn-{point.turn_indexes[0]}")).to_be_in_viewport()
    page.evaluate("window.__sameDocument = true")
    judge, adjusted = _accuracy(page, "judge"), _accuracy(page, "adjusted")
    assert judge == adjusted

    row.locator("button:has-text('Disagree')").click()

    expect(page.locator(f"#verdict-accuracy_point-{point.pk}")).to_contain_text(
        "disagrees with the judge"
    )
    expect(page.locator('#score-panel td[data-score="adjusted-accuracy"] .score')).not_to_have_text(
        f"{adjusted:.2f}"
    )
    assert _accuracy(page, "adjusted") > adjusted and _accuracy(page, "judge") == judge
    assert page.evaluate("window.__sameDocument") is True  # no reload
    review = VerdictReview.objects.get()
    assert (review.reviewer.username, review.human_value, review.judge_value) == (
        "analyst",
        True,
        False,
    )
    page.clean()


def test_the_keys_move_between_items_agree_disagree_and_go_to_the_next_conversation(
    watched, cast, conversations
) -> None:
    page = watched
    log_in(page, "analyst", CAST_PASSWORD)
    page.goto("/conversations/?sort=started")
    page.click(".row-link:has-text('right-1')")
    page.wait_for_url("**/conversations/*/**")
    items = page.locator("[data-verdict]")
    first_id, second_id = items.nth(0).get_attribute("id"), items.nth(1).get_attribute("id")

    page.keyboard.press("j")
    expect(page.locator(f"#{first_id}")).to_have_attribute("aria-current", "true")
    page.keyboard.press("j")
    expect(page.locator(f"#{second_id}")).to_have_attribute("aria-current", "true")
    page.keyboard.press("k")
    expect(page.locator(f"#{first_id}")).to_have_attribute("aria-current", "true")

    page.keyboard.press("d")  # disagree with the first, and move on to the second
    expect(page.locator(f"#{first_id}")).to_contain_text("disagrees with the judge")
    expect(page.locator(f"#{second_id}")).to_have_attribute("aria-current", "true")
    page.keyboard.press("a")
    expect(page.locator(f"#{second_id}")).to_contain_text("agrees with the judge")
    assert VerdictReview.objects.count() == 2

    page.keyboard.press("?")
    expect(page.locator("#shortcuts")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#shortcuts")).to_be_hidden()

    page.keyboard.press("n")  # the next conversation of the queue, oldest first
    page.wait_for_url(f"**evaluation={conversations['wrong-1'].pk}**")
    expect(page.locator("h1")).to_contain_text("wrong-1")
    page.keyboard.press("p")
    page.wait_for_url(f"**evaluation={conversations['right-1'].pk}**")
    page.clean()


def test_a_blind_review_then_the_reveal(watched, cast, conversations) -> None:
    page = watched
    log_in(page, "analyst", CAST_PASSWORD)
    page.goto("/conversations/?blind=1")
    expect(page.locator("th:has-text('Accuracy')")).to_have_count(0)  # no judge's score
    page.click(".row-link:has-text('wrong-1')")
    page.wait_for_url("**blind=1**")
    point = _inaccurate(conversations["wrong-1"])
    row = page.locator(f"#verdict-accuracy_point-{point.pk}")
    expect(page.locator(".verdict-mark")).to_have_count(0)
    expect(page.locator("#score-panel table")).to_have_count(0)
    expect(row).not_to_contain_text(point.justification)

    row.locator("button:has-text('Inaccurate')").click()
    expect(row.locator("button:has-text('Inaccurate')")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#score-panel")).to_contain_text("You reviewed 1 of")
    page.click("button:has-text('Reveal the judge')")

    page.wait_for_url(lambda url: "blind=1" not in url)
    expect(page.locator("[role=status]").first).to_contain_text("Revealed")
    expect(row).to_contain_text(point.justification)
    expect(row).to_contain_text("You: Inaccurate")
    expect(row).to_contain_text("agrees with the judge")
    expect(row).to_contain_text("judged blind")
    assert VerdictReview.objects.get().is_blind and SummaryReview.objects.get().is_blind
    page.clean()


def test_customer_text_with_script_and_img_onerror_shows_as_text_and_nothing_runs(
    watched, cast, conversations
) -> None:
    evaluation = conversations["right-1"]
    hostile = 'I pasted <script>window.__ran = 1</script><img src=x onerror="window.__ran = 2">'
    Turn.objects.filter(conversation=evaluation.summary.conversation, index=0).update(
        text=hostile, speaker="<b>Mallory</b>"
    )
    page = watched
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    log_in(page, "analyst", CAST_PASSWORD)

    page.goto(f"/conversations/{evaluation.summary.conversation_id}/?q=x")

    expect(page.locator("#turn-0 .turn-text")).to_have_text(hostile)
    expect(page.locator("#turn-0 .turn-speaker")).to_have_text("<b>Mallory</b>")
    assert page.locator("main img, main script, main b").count() == 0
    assert page.evaluate("window.__ran === undefined")
    page.goto("/conversations/?q=pasted")
    expect(page.locator(".row-link")).to_have_count(1)
    assert page.evaluate("window.__ran === undefined")
    assert dialogs == []
    page.clean()


@pytest.mark.parametrize("width", [390, 1280])
def test_every_page_at_phone_and_desktop_width_without_sideways_scroll(
    watched, cast, conversations, width: int
) -> None:
    """Screenshots of each page (SCREENSHOT_DIR, var/screenshots by default) to look at, and no
    page wider than the window."""
    page = watched
    page.set_viewport_size({"width": width, "height": 900})
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    wrong = conversations["wrong-1"]
    review = f"/conversations/{wrong.summary.conversation_id}/?evaluation={wrong.pk}"
    point = _inaccurate(wrong)
    log_in(page, "analyst", CAST_PASSWORD)

    def shoot(name: str) -> None:
        page.wait_for_load_state("networkidle")
        scroll, client = page.evaluate(
            "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
        )
        assert scroll <= client, f"{name} at {width}px scrolls sideways ({scroll} > {client})"
        page.screenshot(path=SCREENSHOTS / f"{name}-{width}.png", full_page=True)
        page.screenshot(path=SCREENSHOTS / f"{name}-{width}-first-screen.png")

    page.goto("/conversations/")
    shoot("queue")
    page.goto("/conversations/?q=nothing-matches-this")
    shoot("queue-empty")
    page.goto(review + "&blind=1")
    page.locator(f"#verdict-accuracy_point-{point.pk} button:has-text('Inaccurate')").click()
    expect(page.locator("#score-panel")).to_contain_text("You reviewed 1 of")
    shoot("review-blind")
    page.click("button:has-text('Reveal the judge')")
    page.wait_for_url(lambda url: "blind=1" not in url)
    shoot("review-revealed")
    other = conversations["other-1"]
    page.goto(f"/conversations/{other.summary.conversation_id}/?evaluation={other.pk}")
    shoot("review")
    if width == 390:  # a phone: the turns are below the verdicts; the way back is one tap
        page.locator("[data-verdict] .turn-link").first.click()
        expect(page.locator(".turn.is-cited").first).to_be_in_viewport()
        expect(page.locator(".jump-back")).to_be_visible()
        page.click(".jump-back")
        expect(page.locator("[data-verdict][aria-current=true]")).to_be_in_viewport()
    # The sort is a field of the form too: a phone shows no column headers to click.
    page.goto("/conversations/")
    page.select_option("select[name=sort]", "accuracy")
    page.wait_for_url("**sort=accuracy**")
    expect(page.locator(".row-link").first).to_have_text("wrong-1")
    page.goto("/calibration/")
    shoot("calibration")
    page.locator("#calibration-report td a").first.click()
    page.wait_for_url("**/calibration/items/**")
    shoot("calibration-items")
    page.goto("/runs/")
    shoot("runs")
    page.goto(f"/evaluations/runs/{wrong.run_id}/")
    shoot("run")
    page.clean()
