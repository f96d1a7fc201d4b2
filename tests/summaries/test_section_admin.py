"""Django's admin holds the sections' rules: saving a change adds a version, the key and the
origin are not editable, predefined sections and earlier versions are read-only, and its
refusals are the services' (the same words as the import command's)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from summaries.models import SectionDefinition
from summaries.sections import section_definition_create

pytestmark = pytest.mark.django_db

ONE_VALUE_REFUSAL = "a categorical section needs at least 2 allowed values (it has 1)"


def _change_url(definition: SectionDefinition) -> str:
    return reverse("admin:summaries_sectiondefinition_change", args=[definition.pk])


@pytest.fixture
def escalated() -> SectionDefinition:
    return section_definition_create(
        key="escalated",
        name="Escalated",
        value_type="categorical",
        instructions="Return Y or N.",
        allowed_values=[("Y", "escalated"), ("N", "not escalated")],
    )


def test_saving_a_change_adds_version_two_and_opens_it(admin_client, escalated) -> None:
    response = admin_client.post(
        _change_url(escalated),
        {
            "name": "Escalated",
            "value_type": "categorical",
            "instructions": "Return Y, P or N.",
            "allowed_values_text": "Y | escalated\nP | partly escalated\nN | not escalated",
        },
    )

    second = SectionDefinition.objects.get(key="escalated", version=2)
    assert response.status_code == 302
    assert response["Location"] == _change_url(second)
    assert second.allowed_values == ["Y", "P", "N"]
    assert second.allowed_value_labels["P"] == "partly escalated"
    escalated.refresh_from_db()
    assert (escalated.instructions, escalated.is_active) == ("Return Y or N.", False)
    page = admin_client.get(response["Location"]).content.decode()
    assert "Saved as escalated version 2; earlier versions are unchanged." in page


def test_the_key_and_the_origin_are_not_editable(admin_client, escalated) -> None:
    page = admin_client.get(_change_url(escalated)).content.decode()

    assert 'name="key"' not in page
    assert 'name="origin"' not in page
    assert 'name="instructions"' in page
    add_page = admin_client.get(reverse("admin:summaries_sectiondefinition_add")).content.decode()
    assert 'name="origin"' not in add_page


def test_a_predefined_section_is_read_only(admin_client) -> None:
    resolution = SectionDefinition.objects.get(key="resolution")
    before = list(SectionDefinition.objects.filter(key="resolution").values())

    page = admin_client.get(_change_url(resolution)).content.decode()
    posted = admin_client.post(
        _change_url(resolution),
        {"name": "Changed", "value_type": "free_text", "instructions": "Anything."},
    )

    assert 'name="instructions"' not in page
    assert 'name="_save"' not in page
    assert posted.status_code == 403
    assert list(SectionDefinition.objects.filter(key="resolution").values()) == before


def test_an_earlier_version_is_read_only(admin_client, escalated) -> None:
    admin_client.post(
        _change_url(escalated),
        {
            "name": "Escalation",
            "value_type": "categorical",
            "instructions": "Return Y or N.",
            "allowed_values_text": "Y | escalated\nN | not escalated",
        },
    )

    page = admin_client.get(_change_url(escalated)).content.decode()

    assert 'name="_save"' not in page
    assert SectionDefinition.objects.filter(key="escalated").count() == 2


def test_nothing_is_deleted_in_the_admin(admin_client, escalated) -> None:
    url = reverse("admin:summaries_sectiondefinition_delete", args=[escalated.pk])

    assert admin_client.post(url, {"post": "yes"}).status_code == 403
    assert SectionDefinition.objects.filter(pk=escalated.pk).exists()


def test_an_add_creates_a_custom_version_one(admin_client) -> None:
    response = admin_client.post(
        reverse("admin:summaries_sectiondefinition_add"),
        {
            "key": "follow_up",
            "name": "Follow-up",
            "value_type": "free_text",
            "instructions": "Say who follows up and when.",
            "allowed_values_text": "",
        },
    )

    assert response.status_code == 302
    created = SectionDefinition.objects.get(key="follow_up")
    assert (created.version, created.origin, created.is_active) == (1, "custom", True)


def _admin_refusal(admin_client) -> str:
    response = admin_client.post(
        reverse("admin:summaries_sectiondefinition_add"),
        {
            "key": "escalated",
            "name": "Escalated",
            "value_type": "categorical",
            "instructions": "Return Y or N.",
            "allowed_values_text": "Y | escalated",
        },
    )
    assert response.status_code == 200  # the form again, with its errors
    return response.context["adminform"].form.errors["allowed_values_text"][0]


def _command_refusal(tmp_path: Path) -> str:
    path = tmp_path / "sections.json"
    entry = {
        "key": "escalated",
        "name": "Escalated",
        "origin": "custom",
        "value_type": "categorical",
        "instructions": "Return Y or N.",
        "allowed_values": ["Y"],
    }
    path.write_text(json.dumps([entry]))
    with pytest.raises(CommandError):
        call_command("import_sections", str(path), stdout=(out := _Lines()))
    return out.text


class _Lines:
    def __init__(self) -> None:
        self.text = ""

    def write(self, text: str) -> None:
        self.text += text

    def flush(self) -> None:
        pass


def test_the_admin_and_the_command_refuse_one_allowed_value_in_the_same_words(
    admin_client, tmp_path
) -> None:
    assert _admin_refusal(admin_client) == ONE_VALUE_REFUSAL
    assert f"allowed_values: {ONE_VALUE_REFUSAL}" in _command_refusal(tmp_path)
    assert not SectionDefinition.objects.filter(key="escalated").exists()
