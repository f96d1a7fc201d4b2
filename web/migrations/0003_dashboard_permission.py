"""The managers' dashboard's permission, granted to the three roles: managers and admins use it,
and analysts read it too (the dashboard only reads; nothing on it writes).

The permission row is created here, as 0001 does, because Django creates permissions only after
the whole migrate.
"""

from django.contrib.auth.management import create_permissions
from django.db import migrations

PERMISSION = ("evaluations", "view_dashboard")
GROUPS = ("QA analysts", "Managers", "Admins")


def grant(apps, schema_editor):
    app_config = apps.get_app_config("evaluations")
    app_config.models_module = True  # create_permissions skips apps without models
    create_permissions(app_config, apps=apps, verbosity=0)
    app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    permission = Permission.objects.get(
        content_type__app_label=PERMISSION[0], codename=PERMISSION[1]
    )
    for name in GROUPS:
        group, _ = Group.objects.get_or_create(name=name)
        group.permissions.add(permission)


def revoke(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    permissions = Permission.objects.filter(
        content_type__app_label=PERMISSION[0], codename=PERMISSION[1]
    )
    for group in Group.objects.filter(name__in=GROUPS):
        group.permissions.remove(*permissions)


class Migration(migrations.Migration):
    dependencies = [
        ("web", "0002_admin_run_permissions"),
        ("evaluations", "0013_dashboard_permission"),
    ]

    operations = [migrations.RunPython(grant, revoke)]
