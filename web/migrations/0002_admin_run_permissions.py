"""Admins start runs from the browser (`add_evaluationrun`) and download their results
(`export_run`); managers and analysts get neither (issue 10)."""

from django.db import migrations

from config.role_grants import role_grants

GRANTS = {"Admins": [("evaluations", "add_evaluationrun"), ("evaluations", "export_run")]}


grant, revoke = role_grants(GRANTS)


class Migration(migrations.Migration):
    dependencies = [
        ("web", "0001_role_permissions"),
        ("evaluations", "0012_run_export_permission"),
    ]

    operations = [migrations.RunPython(grant, revoke)]
