"""Admins change the judge settings new runs start from (`change_judgesettings`); managers and
analysts do not (issue 10)."""

from django.db import migrations

from config.role_grants import role_grants

GRANTS = {"Admins": [("evaluations", "change_judgesettings")]}


grant, revoke = role_grants(GRANTS)


class Migration(migrations.Migration):
    dependencies = [
        ("web", "0004_section_editing_permissions"),
        ("evaluations", "0017_judge_settings"),
    ]

    operations = [migrations.RunPython(grant, revoke)]
