from __future__ import annotations

import pytest
from django.db import IntegrityError

from summaries.models import SectionDefinition

pytestmark = pytest.mark.django_db


def test_the_migration_seeds_the_predefined_sections() -> None:
    seeded = {
        s.key: s for s in SectionDefinition.objects.filter(origin="predefined", is_active=True)
    }
    assert set(seeded) >= {
        "situation",
        "action",
        "resolution",
        "customer_satisfaction",
        "reason_for_cancellation",
        "entities",
        "post_contact_summary",
    }
    assert seeded["resolution"].allowed_values == ["Y", "P", "N", "N/A"]
    assert seeded["customer_satisfaction"].allowed_values == ["D", "N"]
    assert seeded["situation"].value_type == "free_text"


def test_only_one_version_of_a_key_can_be_active() -> None:
    with pytest.raises(IntegrityError):
        SectionDefinition.objects.create(
            key="situation",
            version=2,
            name="Situation",
            origin="predefined",
            value_type="free_text",
            instructions="x",
            is_active=True,
        )
