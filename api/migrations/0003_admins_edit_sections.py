"""Admins write section definitions (POST /api/v1/sections; the section editor's permission)."""

from django.contrib.auth.management import create_permissions
from django.db import migrations

PERMISSION = ("summaries", "change_sectiondefinition")


def grant(apps, schema_editor):
    app_config = apps.get_app_config("summaries")
    app_config.models_module = True  # create_permissions skips apps without models
    create_permissions(app_config, apps=apps, verbosity=0)
    app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.get_or_create(name="Admins")
    group.permissions.add(
        Permission.objects.get(content_type__app_label=PERMISSION[0], codename=PERMISSION[1])
    )


def revoke(apps, schema_editor):
    # Left in place: the section editor's own migration may grant the same permission.
    pass


class Migration(migrations.Migration):
    dependencies = [("api", "0002_role_permissions")]

    operations = [migrations.RunPython(grant, revoke)]
