"""Admins import conversations from the browser (/imports/, `summaries.add_importbatch`);
managers and analysts do not (issue 10)."""

from django.db import migrations

from config.role_grants import role_grants

GRANTS = {"Admins": [("summaries", "add_importbatch")]}


grant, revoke = role_grants(GRANTS)


class Migration(migrations.Migration):
    dependencies = [
        ("web", "0005_admin_judge_settings_permission"),
        ("summaries", "0007_import_batches"),
    ]

    operations = [migrations.RunPython(grant, revoke)]
