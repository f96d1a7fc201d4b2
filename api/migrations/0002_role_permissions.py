"""The API's grants: admins manage tokens; managers and admins ingest conversations.

Reading through the API needs the read permissions the roles already have (web's 0001), and
starting or cancelling runs the `manage_run` they already have.
"""

from django.contrib.auth.management import create_permissions
from django.db import migrations

GRANTS = {
    "Admins": [("api", "add_apitoken"), ("summaries", "add_conversation")],
    "Managers": [("summaries", "add_conversation")],
}


def grant(apps, schema_editor):
    for app_label in ("api", "summaries"):
        app_config = apps.get_app_config(app_label)
        app_config.models_module = True  # create_permissions skips apps without models
        create_permissions(app_config, apps=apps, verbosity=0)
        app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    for name, permissions in GRANTS.items():
        group, _ = Group.objects.get_or_create(name=name)
        for app_label, codename in permissions:
            group.permissions.add(
                Permission.objects.get(content_type__app_label=app_label, codename=codename)
            )


def revoke(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    for name, permissions in GRANTS.items():
        group = Group.objects.filter(name=name).first()
        if group is None:
            continue
        for app_label, codename in permissions:
            group.permissions.remove(
                *Permission.objects.filter(content_type__app_label=app_label, codename=codename)
            )


class Migration(migrations.Migration):
    dependencies = [
        ("api", "0001_initial"),
        ("web", "0001_role_permissions"),
        ("summaries", "0001_initial"),
    ]

    operations = [migrations.RunPython(grant, revoke)]
