"""The sections pages in a real browser, as an admin uses them: editing a custom section saves
version 2 while an old summary's review page still shows version 1; the allowed-values editor
without JavaScript; every page at phone and desktop width."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import expect

from evaluations.services import evaluation_run_create, summary_evaluate
from summaries.models import Conversation, SectionDefinition, Summary, SummarySection, Turn
from summaries.sections import section_definition_create, section_definition_edit
from tests.browser.conftest import log_in
from tests.conftest import CAST_PASSWORD

pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

REPO_ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = Path(os.environ.get("SCREENSHOT_DIR", REPO_ROOT / "var" / "screenshots"))


def test_an_admin_edits_a_custom_section_and_an_old_summary_keeps_version_one(
    page, cast, make_summary
) -> None:
    summary = make_summary()  # written against next_steps v1
    log_in(page, "admin", CAST_PASSWORD)

    page.goto("/sections/")
    page.click("a:has-text('next_steps')")
    page.click("a:has-text('Edit (saves version 2)')")
    page.fill("textarea[name=instructions]", "List every follow-up. Give the date of each.")
    page.click("button:has-text('Save as version 2')")

    expect(page.locator("[role=status]")).to_contain_text("Saved next_steps version 2.")
    expect(page.locator("h2").first).to_have_text("Version 2")
    page.goto("/sections/")
    row = page.locator("tr", has=page.locator("code", has_text="next_steps"))
    expect(row.locator("td[data-label='Active version']")).to_have_text("v2")
    expect(row.locator("td[data-label='Summaries per version']")).to_have_text("v2: 0v1: 1")

    page.goto(f"/conversations/{summary.conversation_id}/")
    expect(
        page.locator("article.section-block", has=page.locator("h3", has_text="Next steps"))
    ).to_contain_text("v1")
    assert SectionDefinition.objects.get(key="next_steps", version=2).is_active


def test_the_allowed_values_editor_adds_reorders_and_removes_without_javascript(
    chromium, live_server, cast, sections
) -> None:
    context = chromium.new_context(base_url=live_server.url, java_script_enabled=False)
    page = context.new_page()
    log_in(page, "admin", CAST_PASSWORD)
    page.goto("/sections/new/")
    page.fill("input[name=key]", "escalated")
    page.fill("input[name=name]", "Escalated")
    page.check("input[name=value_type][value=categorical]")
    page.fill("textarea[name=instructions]", "Return Y, P or N.")
    page.fill("input[name=values-0-code]", "Y")
    page.fill("input[name=values-0-label]", "escalated")
    page.click("button:has-text('Add a row')")
    page.fill("input[name=values-1-code]", "N")
    page.fill("input[name=values-1-label]", "not escalated")
    page.click("button:has-text('Add a row')")
    page.fill("input[name=values-2-code]", "P")
    page.fill("input[name=values-2-label]", "partly escalated")
    page.fill("input[name=values-2-ORDER]", "2")
    page.fill("input[name=values-1-ORDER]", "3")
    page.click("button:has-text('Create section')")

    expect(page.locator("[role=status]")).to_contain_text("Created escalated version 1.")
    codes = page.locator("table.allowed-values td[data-label=Code]").all_inner_texts()
    assert codes == ["Y", "P", "N"]

    page.click("a:has-text('Edit (saves version 2)')")
    page.check("input[name=values-1-DELETE]")  # P
    page.check("input[name=values-2-DELETE]")  # N: one value left is refused
    page.click("button:has-text('Save as version 2')")

    expect(page.locator("#values-error")).to_have_text(
        "a categorical section needs at least 2 allowed values (it has 1)"
    )
    assert SectionDefinition.objects.filter(key="escalated").count() == 1
    context.close()


def _summary_against_active(key: str, text: str) -> Summary:
    """A summary imported now: its section points at the key's active version."""
    conversation = Conversation.objects.create(
        source="jsonl", external_id="after-edit", channel="chat", content_hash="h-after-edit"
    )
    Turn.objects.create(
        conversation=conversation, index=0, role="customer", text="I want a manager."
    )
    Turn.objects.create(
        conversation=conversation, index=1, role="agent", text="A supervisor listened in."
    )
    summary = Summary.objects.create(conversation=conversation, generator="gen-2", content_hash="s")
    SummarySection.objects.create(
        summary=summary,
        definition=SectionDefinition.objects.get(key=key, is_active=True),
        position=0,
        text=text,
    )
    return summary


def test_a_value_removed_from_the_allowed_list_is_not_adhering_in_the_next_run(
    page, cast, sections, held_messages
) -> None:
    section_definition_create(
        key="escalated",
        name="Escalated",
        value_type="categorical",
        instructions="Was the contact escalated? Return Y, P or N.",
        allowed_values=[("Y", "escalated"), ("P", "partly"), ("N", "not escalated")],
    )
    log_in(page, "admin", CAST_PASSWORD)
    page.goto("/sections/escalated/edit/")
    page.fill("textarea[name=instructions]", "Was the contact escalated? Return Y or N.")
    page.check("input[name=values-1-DELETE]")  # P is no longer allowed
    page.click("button:has-text('Save as version 2')")
    expect(page.locator("[role=status]")).to_contain_text("Saved escalated version 2.")

    summary = _summary_against_active("escalated", "P")
    run = evaluation_run_create(judge="local", summary_ids=[summary.pk], name="After the edit")
    summary_evaluate(evaluation_id=run.evaluations.get().pk)

    page.goto(f"/conversations/{summary.conversation_id}/")
    block = page.locator("article.section-block", has=page.locator("h3", has_text="Escalated"))
    expect(block.locator(".section-tags")).to_contain_text("v2")
    verdict = block.locator("h4:has-text('Adherence questions') + ul.verdicts li.verdict").first
    expect(verdict.locator(".verdict-mark")).to_have_text("✗ Not addressed")
    expect(verdict).to_contain_text("'Y', 'N'")


@pytest.mark.parametrize("width", [390, 1280])
def test_every_sections_page_at_phone_and_desktop_width(
    page, cast, make_summary, width: int
) -> None:
    """Screenshots (SCREENSHOT_DIR, var/screenshots by default) to look at, and no page wider
    than the window."""
    make_summary()
    section_definition_create(
        key="escalated",
        name="Escalated",
        value_type="categorical",
        instructions="Was the contact passed to another team? Return Y, P or N.",
        allowed_values=[("Y", "escalated"), ("P", "partly escalated"), ("N", "not escalated")],
    )
    section_definition_edit(
        key="escalated",
        name="Escalated",
        value_type="categorical",
        instructions="Was the contact passed to another team or a supervisor? Return Y, P or N. "
        "Use P when a supervisor only listened in.",
        allowed_values=[("Y", "escalated"), ("P", "supervisor listened"), ("N", "not escalated")],
    )
    page.set_viewport_size({"width": width, "height": 900})
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    log_in(page, "admin", CAST_PASSWORD)

    def shoot(name: str) -> None:
        page.wait_for_load_state("networkidle")
        scroll, client = page.evaluate(
            "[document.documentElement.scrollWidth, document.documentElement.clientWidth]"
        )
        assert scroll <= client, f"{name} at {width}px scrolls sideways ({scroll} > {client})"
        page.screenshot(path=SCREENSHOTS / f"{name}-{width}.png", full_page=True)

    page.goto("/sections/")
    shoot("sections")
    page.goto("/sections/escalated/")
    shoot("section-detail")
    page.goto("/sections/resolution/")
    shoot("section-predefined")
    page.goto("/sections/escalated/edit/")
    shoot("section-edit")
    page.goto("/sections/new/")
    page.check("input[name=value_type][value=categorical]")
    page.click("button:has-text('Create section')")
    shoot("section-create-refused")
    page.goto("/sections/escalated/diff/?from=1&to=2")
    shoot("section-diff")
    page.goto("/sections/next_steps/v1/rubric/")
    shoot("section-rubric-preview")
    page.click("button:has-text('Derive and store')")
    page.locator("#question-1").fill("Does the section list every promised follow-up?")
    page.locator("form.question-edit", has=page.locator("#question-1")).locator("button").click()
    shoot("section-rubric-edited")
    page.goto("/sections/escalated/v2/rubric/")
    shoot("section-rubric-categorical")
