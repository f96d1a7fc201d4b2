"""The section-definition services the pages and Django's admin use: create, edit as a new
version, deactivate and reactivate, allowed values with labels, predefined sections read-only."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError

from summaries.models import Conversation, SectionDefinition, Summary, SummarySection
from summaries.sections import (
    AllowedValue,
    section_definition_allowed_values,
    section_definition_create,
    section_definition_deactivate,
    section_definition_edit,
    section_definition_reactivate,
)

pytestmark = pytest.mark.django_db

ESCALATED = {
    "key": "escalated",
    "name": "Escalated",
    "value_type": "categorical",
    "instructions": "Was the contact escalated? Return Y or N.",
    "allowed_values": [("Y", "escalated"), ("N", "not escalated")],
}


def _refusal(call, **fields) -> dict[str, list[str]]:
    with pytest.raises(ValidationError) as caught:
        call(**fields)
    return caught.value.message_dict


def _summary_on(definition: SectionDefinition, text: str) -> Summary:
    conversation = Conversation.objects.create(
        source="jsonl", external_id=f"c-{definition.pk}-{text}", channel="chat", content_hash="h"
    )
    summary = Summary.objects.create(conversation=conversation, generator="g", content_hash=text)
    SummarySection.objects.create(summary=summary, definition=definition, position=0, text=text)
    return summary


def test_a_created_section_is_version_one_active_with_its_labelled_values_in_order() -> None:
    user = User.objects.create_user("ada")

    definition = section_definition_create(**ESCALATED, user=user)

    assert (definition.version, definition.is_active, definition.origin) == (1, True, "custom")
    assert definition.allowed_values == ["Y", "N"]
    assert section_definition_allowed_values(definition) == [
        AllowedValue("Y", "escalated"),
        AllowedValue("N", "not escalated"),
    ]
    assert definition.created_by == user


def test_a_taken_key_is_refused_on_create() -> None:
    section_definition_create(**ESCALATED)

    errors = _refusal(section_definition_create, **ESCALATED)

    assert errors == {"key": ["'escalated' is already taken; edit that section to change it"]}


def test_a_key_the_pages_use_in_their_addresses_is_refused() -> None:
    # /sections/new/ is the create page, so a section keyed "new" could never be opened.
    errors = _refusal(section_definition_create, **{**ESCALATED, "key": "new"})

    assert errors == {"key": ["'new' is reserved: the section pages use it in their addresses"]}
    assert not SectionDefinition.objects.filter(key="new").exists()


def test_an_edit_is_saved_as_a_new_version_and_summaries_keep_theirs() -> None:
    first = section_definition_create(**ESCALATED)
    summary = _summary_on(first, "Y")

    second, status = section_definition_edit(
        key="escalated",
        name="Escalated?",
        value_type="categorical",
        instructions="Was the contact passed on? Return Y, P or N.",
        allowed_values=[("Y", "escalated"), ("P", "partly"), ("N", "not escalated")],
    )

    assert (status, second.version, second.is_active) == ("new_version", 2, True)
    first.refresh_from_db()
    assert (first.version, first.is_active, first.name) == (1, False, "Escalated")
    assert first.allowed_values == ["Y", "N"]
    assert summary.sections.get().definition_id == first.pk
    assert SectionDefinition.objects.filter(key="escalated").count() == 2


def test_an_edit_that_changes_nothing_adds_no_version() -> None:
    section_definition_create(**ESCALATED)
    fields = {name: value for name, value in ESCALATED.items() if name != "key"}

    same, status = section_definition_edit(key="escalated", **fields)

    assert (status, same.version) == ("unchanged", 1)


def test_a_new_label_alone_is_a_new_version() -> None:
    section_definition_create(**ESCALATED)
    fields = {name: value for name, value in ESCALATED.items() if name != "key"}
    fields["allowed_values"] = [("Y", "escalated to a supervisor"), ("N", "not escalated")]

    edited, status = section_definition_edit(key="escalated", **fields)

    assert (status, edited.version) == ("new_version", 2)
    assert edited.allowed_value_labels == {"Y": "escalated to a supervisor", "N": "not escalated"}


def test_reordering_the_values_is_a_new_version_in_the_new_order() -> None:
    section_definition_create(**ESCALATED)
    fields = {name: value for name, value in ESCALATED.items() if name != "key"}
    fields["allowed_values"] = [("N", "not escalated"), ("Y", "escalated")]

    edited, _ = section_definition_edit(key="escalated", **fields)

    assert edited.allowed_values == ["N", "Y"]


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ([("Y", "escalated")], "needs at least 2 allowed values (it has 1)"),
        ([], "needs at least 2 allowed values (it has 0)"),
        ([("Y", "a"), ("y", "b")], "'Y', 'y' appears more than once (ignoring case)"),
        ([("Y", "a"), ("", "b")], "value 2 needs a code"),
    ],
)
def test_allowed_value_rules_refuse_naming_the_field(values, message) -> None:
    section_definition_create(**ESCALATED)
    fields = {name: value for name, value in ESCALATED.items() if name != "key"}

    errors = _refusal(
        section_definition_edit, key="escalated", **{**fields, "allowed_values": values}
    )

    assert message in errors["allowed_values"][0]
    assert SectionDefinition.objects.filter(key="escalated").count() == 1


def test_a_free_text_section_needs_instructions() -> None:
    errors = _refusal(
        section_definition_create,
        key="next_call",
        name="Next call",
        value_type="free_text",
        instructions="  ",
    )

    assert errors == {
        "instructions": [
            "must not be empty: a free-text section is judged against its instructions"
        ]
    }


def test_the_key_is_a_slug() -> None:
    errors = _refusal(section_definition_create, **{**ESCALATED, "key": "was escalated?"})

    assert "is not a slug" in errors["key"][0]


@pytest.mark.parametrize(
    "call",
    [
        lambda: section_definition_edit(
            key="resolution",
            name="Resolution",
            value_type="categorical",
            instructions="Y or N.",
            allowed_values=["Y", "N"],
        ),
        lambda: section_definition_deactivate(key="resolution"),
        lambda: section_definition_reactivate(key="resolution"),
    ],
    ids=["edit", "deactivate", "reactivate"],
)
def test_predefined_sections_are_read_only(call) -> None:
    before = list(SectionDefinition.objects.filter(key="resolution").values())

    with pytest.raises(ValidationError) as caught:
        call()

    assert caught.value.message_dict == {
        "origin": ["'resolution': predefined sections are read-only"]
    }
    assert list(SectionDefinition.objects.filter(key="resolution").values()) == before


def test_deactivate_then_reactivate_keeps_every_version() -> None:
    section_definition_create(**ESCALATED)
    section_definition_edit(**{**ESCALATED, "name": "Escalation"})

    section_definition_deactivate(key="escalated")

    assert not SectionDefinition.objects.filter(key="escalated", is_active=True).exists()
    assert _refusal(section_definition_deactivate, key="escalated") == {
        "is_active": ["'escalated' is already inactive"]
    }

    reactivated = section_definition_reactivate(key="escalated")

    assert (reactivated.version, reactivated.is_active) == (2, True)
    assert SectionDefinition.objects.filter(key="escalated").count() == 2


def test_an_edit_of_a_deactivated_section_adds_an_inactive_version() -> None:
    section_definition_create(**ESCALATED)
    section_definition_deactivate(key="escalated")

    edited, status = section_definition_edit(**{**ESCALATED, "name": "Escalation"})

    assert (status, edited.version, edited.is_active) == ("new_version", 2, False)
    assert section_definition_reactivate(key="escalated").version == 2


def test_an_edit_of_an_unknown_key_is_refused() -> None:
    assert _refusal(section_definition_edit, **{**ESCALATED, "key": "nope"}) == {
        "key": ["there is no section 'nope'"]
    }


def test_a_predefined_key_is_refused_on_create_naming_why() -> None:
    errors = _refusal(section_definition_create, **{**ESCALATED, "key": "resolution"})

    assert errors == {
        "key": [
            "'resolution' is a predefined section (predefined sections are read-only); "
            "a custom section needs another key"
        ]
    }
