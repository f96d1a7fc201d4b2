"""/sections: every role reads; admins write, through the section editor's services."""

from __future__ import annotations

import pytest

from summaries.models import SectionDefinition
from tests.api.conftest import API

pytestmark = pytest.mark.django_db

NEW_SECTION = {
    "key": "refund_reason",
    "name": "Refund reason",
    "value_type": "categorical",
    "instructions": "Why the customer asked for a refund.",
    "allowed_values": ["damaged", {"code": "late", "label": "Arrived late"}],
}


def _post(client, body):
    return client.post(f"{API}/sections", body, content_type="application/json")


@pytest.mark.parametrize(
    ("role", "status"),
    [
        ("none", 401),
        ("revoked", 401),
        ("stranger", 403),
        ("analyst", 200),
        ("manager", 200),
        ("admin", 200),
    ],
)
def test_who_may_read_sections(api_client, role, status) -> None:
    assert api_client(role).get(f"{API}/sections").status_code == status


@pytest.mark.parametrize(
    ("role", "status"),
    [
        ("none", 401),
        ("revoked", 401),
        ("stranger", 403),
        ("analyst", 403),
        ("manager", 403),
        ("admin", 201),
    ],
)
def test_who_may_write_sections(api_client, role, status) -> None:
    assert _post(api_client(role), NEW_SECTION).status_code == status


def test_an_edit_becomes_the_next_version_and_the_list_shows_both(api_client) -> None:
    client = api_client("admin")
    created = _post(client, NEW_SECTION).json()
    assert (created["status"], created["active_version"]) == ("created", 1)
    assert created["versions"][0]["allowed_values"][1] == {"code": "late", "label": "Arrived late"}
    same = _post(client, NEW_SECTION).json()
    assert (same["status"], same["active_version"]) == ("unchanged", 1)
    edited = _post(client, NEW_SECTION | {"instructions": "Why a refund was asked for."}).json()
    assert (edited["status"], edited["active_version"]) == ("new_version", 2)
    listing = api_client("analyst").get(f"{API}/sections").json()["items"]
    refund = next(section for section in listing if section["key"] == "refund_reason")
    assert [v["version"] for v in refund["versions"]] == [2, 1]
    assert [v["is_active"] for v in refund["versions"]] == [True, False]
    assert SectionDefinition.objects.get(key="refund_reason", version=2).created_by.username == (
        "admin"
    )


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"key": "not a slug"}, "key"),
        ({"allowed_values": ["only-one"]}, "allowed_values"),
        ({"key": "situation"}, "origin"),  # predefined sections are read-only
        ({"value_type": "poem"}, "value_type"),
    ],
)
def test_the_editors_rules_refuse_a_bad_section(api_client, change, field) -> None:
    response = _post(api_client("admin"), NEW_SECTION | change)
    assert response.status_code == 400, response.content
    assert response.json()["field"] == field
