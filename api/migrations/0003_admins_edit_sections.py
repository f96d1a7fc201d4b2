"""Admins write section definitions (POST /api/v1/sections; the section editor's permission)."""

from django.db import migrations

from config.role_grants import role_grants

PERMISSION = ("summaries", "change_sectiondefinition")


grant, _ = role_grants({"Admins": [PERMISSION]})


class Migration(migrations.Migration):
    dependencies = [("api", "0002_role_permissions")]

    # Not taken back on reverse: the section editor's own migration may grant the same permission.
    operations = [migrations.RunPython(grant, migrations.RunPython.noop)]
