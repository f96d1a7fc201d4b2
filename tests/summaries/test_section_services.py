from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError

from summaries.models import SectionDefinition
from summaries.services import section_definition_save, validation_message

pytestmark = pytest.mark.django_db


def _save(**overrides: object):
    fields: dict = {
        "key": "escalated",
        "name": "Escalated",
        "origin": "custom",
        "value_type": "categorical",
        "instructions": "Was the conversation escalated? Return Yes or No.",
        "allowed_values": ["Yes", "No"],
    }
    fields.update(overrides)
    return section_definition_save(**fields)


def _errors(**overrides: object) -> dict[str, list[str]]:
    with pytest.raises(ValidationError) as caught:
        _save(**overrides)
    return caught.value.message_dict


def test_a_new_key_becomes_version_one() -> None:
    definition, status = _save()

    assert status == "created"
    assert (definition.version, definition.is_active) == (1, True)
    assert definition.allowed_values == ["Yes", "No"]


def test_the_same_definition_again_is_unchanged() -> None:
    first, _ = _save()

    again, status = _save(instructions="  Was the conversation escalated? Return Yes or No. ")

    assert status == "unchanged"
    assert again.pk == first.pk
    assert SectionDefinition.objects.filter(key="escalated").count() == 1


def test_a_changed_custom_definition_becomes_version_two_and_version_one_stays() -> None:
    first, _ = _save()

    second, status = _save(allowed_values=["Yes", "No", "Partly"])

    assert status == "new_version"
    assert second.version == 2
    first.refresh_from_db()
    assert first.is_active is False
    assert first.allowed_values == ["Yes", "No"]
    assert list(
        SectionDefinition.objects.filter(key="escalated", is_active=True).values_list(
            "version", flat=True
        )
    ) == [2]


def test_a_third_change_becomes_version_three() -> None:
    _save()
    _save(name="Escalated?")
    third, status = _save(name="Escalation")

    assert (third.version, status) == (3, "new_version")
    assert SectionDefinition.objects.filter(key="escalated", is_active=True).count() == 1


def test_the_user_who_saved_a_version_is_recorded() -> None:
    admin = User.objects.create_user("ada")

    definition, _ = _save(user=admin)

    assert definition.created_by == admin


def test_a_predefined_entry_is_skipped_and_the_seeded_definition_is_untouched() -> None:
    seeded = SectionDefinition.objects.get(key="situation", is_active=True)

    definition, status = _save(
        key="situation",
        name="Situation",
        origin="predefined",
        value_type="free_text",
        instructions="Something different from the seeded text.",
        allowed_values=[],
    )

    assert status == "skipped"
    assert definition.pk == seeded.pk
    seeded.refresh_from_db()
    assert seeded.instructions != "Something different from the seeded text."
    assert SectionDefinition.objects.filter(key="situation").count() == 1


def test_claiming_to_be_predefined_needs_a_seeded_predefined_key() -> None:
    errors = _errors(origin="predefined")

    assert errors == {
        "origin": ["'escalated' is not a predefined section; use origin 'custom' to add it"]
    }
    assert not SectionDefinition.objects.filter(key="escalated").exists()


def test_a_custom_section_cannot_take_a_predefined_key() -> None:
    errors = _errors(key="resolution")

    assert "is a predefined section" in errors["key"][0]


@pytest.mark.parametrize(
    ("overrides", "field", "message"),
    [
        ({"allowed_values": []}, "allowed_values", "at least 2 allowed values (it has 0)"),
        ({"allowed_values": ["Yes"]}, "allowed_values", "at least 2 allowed values (it has 1)"),
        (
            {"allowed_values": ["Yes", "yes "]},
            "allowed_values",
            "'Yes', 'yes' appears more than once",
        ),
        ({"allowed_values": ["Yes", ""]}, "allowed_values", "value 2 needs a code"),
        ({"allowed_values": "Yes,No"}, "allowed_values", "must be a list of values"),
        (
            {"allowed_values": [{"code": "Y", "label": 3}, "N"]},
            "allowed_values",
            "value 1: the label must be text",
        ),
        (
            {"value_type": "free_text"},
            "allowed_values",
            "a free-text section has no allowed values",
        ),
        ({"instructions": "   "}, "instructions", "must not be empty"),
        ({"key": "Escalated now!"}, "key", "is not a slug"),
        ({"key": ""}, "key", "is required"),
        ({"origin": "vendor"}, "origin", "'vendor' is not one of predefined, custom"),
        ({"value_type": "number"}, "value_type", "'number' is not one of categorical, free_text"),
        ({"name": ""}, "name", "is required"),
    ],
)
def test_invalid_definitions_are_rejected_with_the_field_named(
    overrides: dict, field: str, message: str
) -> None:
    errors = _errors(**overrides)

    assert message in " ".join(errors[field])
    assert not SectionDefinition.objects.filter(origin="custom").exists()


def test_validation_messages_read_as_one_line() -> None:
    with pytest.raises(ValidationError) as caught:
        _save(instructions="", allowed_values=[])

    assert validation_message(caught.value) == (
        "instructions: must not be empty; "
        "allowed_values: a categorical section needs at least 2 allowed values (it has 0)"
    )
