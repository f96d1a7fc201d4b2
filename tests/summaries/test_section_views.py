"""The sections pages as an admin uses them: the list, creating, editing (a new version), the
allowed-values editor without JavaScript, (de)activating, and the diff between versions."""

from __future__ import annotations

import pytest

from summaries.models import SectionDefinition
from summaries.sections import section_definition_create, section_definition_edit

pytestmark = pytest.mark.django_db

ONE_VALUE_REFUSAL = "a categorical section needs at least 2 allowed values (it has 1)"


def _form(values: list[tuple[str, str]] = (), **fields: str) -> dict[str, str]:
    data = {
        "name": "Escalated",
        "value_type": "categorical",
        "instructions": "Return Y or N.",
        "values-TOTAL_FORMS": str(len(values)),
        "values-INITIAL_FORMS": "0",
        **fields,
    }
    for index, (code, label) in enumerate(values):
        data[f"values-{index}-code"] = code
        data[f"values-{index}-label"] = label
        data[f"values-{index}-ORDER"] = str(index + 1)
    return data


@pytest.fixture
def admin(client_as):
    return client_as("admin")


@pytest.fixture
def escalated() -> SectionDefinition:
    return section_definition_create(
        key="escalated",
        name="Escalated",
        value_type="categorical",
        instructions="Return Y or N.",
        allowed_values=[("Y", "escalated"), ("N", "not escalated")],
    )


def test_the_list_shows_each_key_its_versions_and_the_summaries_of_each(
    admin, make_summary, escalated
) -> None:
    make_summary()  # written against next_steps v1 (and the predefined sections)
    section_definition_edit(
        key="next_steps",
        name="Next steps",
        value_type="free_text",
        instructions="List every follow-up. Give its date.",
    )

    page = admin.get("/sections/").content.decode()

    assert "<code>next_steps</code>" in page
    assert "<li>v2: 0</li><li>v1: 1</li>" in page
    assert "<code>escalated</code>" in page
    assert "Predefined" in page and "Custom" in page


def test_creating_a_categorical_section_with_labelled_values(admin) -> None:
    response = admin.post(
        "/sections/new/",
        _form([("Y", "escalated"), ("P", "partly escalated"), ("N", "")], key="escalated"),
    )

    assert response.status_code == 302
    assert response["Location"] == "/sections/escalated/"
    created = SectionDefinition.objects.get(key="escalated")
    assert (created.version, created.origin, created.allowed_values) == (
        1,
        "custom",
        ["Y", "P", "N"],
    )
    assert created.allowed_value_labels == {"Y": "escalated", "P": "partly escalated"}
    page = admin.get(response["Location"]).content.decode()
    assert "partly escalated" in page


def test_the_page_refuses_one_allowed_value_in_the_services_words(admin) -> None:
    response = admin.post("/sections/new/", _form([("Y", "escalated")], key="escalated"))

    assert response.status_code == 400
    assert ONE_VALUE_REFUSAL in response.content.decode()
    assert not SectionDefinition.objects.filter(key="escalated").exists()


def test_a_free_text_section_without_instructions_is_refused_on_its_field(admin) -> None:
    response = admin.post(
        "/sections/new/", _form(key="follow_up", value_type="free_text", instructions=" ")
    )

    assert response.status_code == 400
    assert response.context["form"].errors["instructions"] == [
        "must not be empty: a free-text section is judged against its instructions"
    ]


def test_a_taken_key_is_refused_on_the_key_field(admin, escalated) -> None:
    response = admin.post("/sections/new/", _form([("Y", ""), ("N", "")], key="escalated"))

    assert response.context["form"].errors["key"] == [
        "'escalated' is already taken; edit that section to change it"
    ]


def test_editing_saves_version_two_and_an_old_summary_keeps_version_one(
    admin, make_summary
) -> None:
    summary = make_summary()
    old = summary.sections.get(definition__key="next_steps").definition

    response = admin.post(
        "/sections/next_steps/edit/",
        _form(
            name="Next steps",
            value_type="free_text",
            instructions="List every follow-up. Give the date of each.",
        ),
    )

    assert response.status_code == 302
    page = admin.get("/sections/next_steps/").content.decode()
    assert "Saved next_steps version 2." in page
    new = SectionDefinition.objects.get(key="next_steps", is_active=True)
    assert new.version == 2
    assert summary.sections.get(definition__key="next_steps").definition_id == old.pk
    review = admin.get(f"/conversations/{summary.conversation_id}/").content.decode()
    assert "Custom · v1" in review


def test_the_editor_starts_from_the_current_values_in_order(admin, escalated) -> None:
    page = admin.get("/sections/escalated/edit/").content.decode()

    assert 'value="not escalated"' in page
    assert page.index('value="Y"') < page.index('value="N"')
    assert "Save as version 2" in page
    assert 'name="key"' not in page  # the key never changes


def test_add_a_row_shows_one_more_empty_row_and_saves_nothing(admin, escalated) -> None:
    response = admin.post(
        "/sections/escalated/edit/",
        {**_form([("Y", "escalated"), ("N", "not escalated")]), "add_value": "1"},
    )

    assert response.status_code == 200
    assert response.context["formset"].total_form_count() == 3
    assert SectionDefinition.objects.filter(key="escalated").count() == 1


def test_values_are_reordered_and_removed_by_the_plain_form(admin, escalated) -> None:
    data = _form([("Y", "escalated"), ("N", "not escalated"), ("P", "partly")])
    data["values-0-ORDER"] = "3"  # Y last
    data["values-2-ORDER"] = "1"  # P first
    data["values-1-DELETE"] = "on"  # drop N

    admin.post("/sections/escalated/edit/", data)

    # Two values left: P, then Y.
    new = SectionDefinition.objects.get(key="escalated", version=2)
    assert new.allowed_values == ["P", "Y"]
    assert new.allowed_value_labels == {"P": "partly", "Y": "escalated"}


def test_removing_down_to_one_value_is_refused(admin, escalated) -> None:
    data = _form([("Y", "escalated"), ("N", "not escalated")])
    data["values-1-DELETE"] = "on"

    response = admin.post("/sections/escalated/edit/", data)

    assert ONE_VALUE_REFUSAL in response.content.decode()
    assert SectionDefinition.objects.filter(key="escalated").count() == 1


def test_an_unchanged_save_adds_no_version(admin, escalated) -> None:
    admin.post("/sections/escalated/edit/", _form([("Y", "escalated"), ("N", "not escalated")]))

    assert SectionDefinition.objects.filter(key="escalated").count() == 1


def test_a_predefined_section_has_no_edit_and_its_post_changes_nothing(admin) -> None:
    before = list(SectionDefinition.objects.filter(key="resolution").values())

    detail = admin.get("/sections/resolution/").content.decode()
    posted = admin.post("/sections/resolution/edit/", _form([("Y", ""), ("N", "")]), follow=True)

    assert "read-only" in detail and "/sections/resolution/edit/" not in detail
    assert "predefined sections are read-only" in posted.content.decode()
    assert list(SectionDefinition.objects.filter(key="resolution").values()) == before


def test_deactivate_and_reactivate(admin, escalated) -> None:
    page = admin.post("/sections/escalated/deactivate/", follow=True).content.decode()

    assert "Deactivated escalated (version 1)." in page
    assert not SectionDefinition.objects.filter(key="escalated", is_active=True).exists()
    listing = admin.get("/sections/").content.decode()
    assert "inactive" in listing

    page = admin.post("/sections/escalated/reactivate/", follow=True).content.decode()

    assert "Reactivated escalated (version 1)." in page
    assert SectionDefinition.objects.get(key="escalated").is_active


def test_a_predefined_section_cannot_be_deactivated(admin) -> None:
    page = admin.post("/sections/resolution/deactivate/", follow=True).content.decode()

    assert "origin: &#x27;resolution&#x27;: predefined sections are read-only" in page
    assert SectionDefinition.objects.get(key="resolution").is_active


def test_the_diff_shows_what_changed_between_two_versions(admin, escalated) -> None:
    section_definition_edit(
        key="escalated",
        name="Escalated",
        value_type="categorical",
        instructions="Return Y or N. Use P when a supervisor joined.",
        allowed_values=[("Y", "escalated"), ("P", "partly"), ("N", "not escalated")],
    )

    response = admin.get("/sections/escalated/diff/?from=1&to=2")

    diff = {field.label: field for field in response.context["diff"]}
    assert not diff["Title"].changed
    assert [(line.kind, line.text) for line in diff["Allowed values"].lines] == [
        ("same", "Y | escalated"),
        ("added", "P | partly"),
        ("same", "N | not escalated"),
    ]
    assert ("added", "Use P when a supervisor joined.") in [
        (line.kind, line.text) for line in diff["Instructions"].lines
    ]
    assert "version 1 → version 2" in response.content.decode()


def test_instructions_are_escaped_on_every_page(admin) -> None:
    section_definition_create(
        key="x",
        name="<b>X</b>",
        value_type="free_text",
        instructions="<script>alert(1)</script> Say it.",
    )
    section_definition_edit(
        key="x", name="<b>X</b>", value_type="free_text", instructions="<script>no</script>"
    )

    for url in ("/sections/", "/sections/x/", "/sections/x/edit/", "/sections/x/diff/"):
        page = admin.get(url).content.decode()
        assert "<script>alert" not in page and "<script>no" not in page and "<b>X</b>" not in page
