"""Admins edit section definitions on the sections pages (issue 10)."""

from django.db import migrations

from config.role_grants import role_grants

EDIT_SECTIONS = [
    ("summaries", "add_sectiondefinition"),
    ("summaries", "change_sectiondefinition"),
]


grant, revoke = role_grants({"Admins": EDIT_SECTIONS})


class Migration(migrations.Migration):
    dependencies = [
        ("web", "0003_dashboard_permission"),
        ("summaries", "0005_section_allowed_value_labels"),
    ]

    operations = [migrations.RunPython(grant, revoke)]
