"""Admins edit section definitions on the sections pages (issue 10)."""

from django.contrib.auth.management import create_permissions
from django.db import migrations

EDIT_SECTIONS = [
    ("summaries", "add_sectiondefinition"),
    ("summaries", "change_sectiondefinition"),
]


def grant(apps, schema_editor):
    app_config = apps.get_app_config("summaries")
    app_config.models_module = True  # create_permissions skips apps without models
    create_permissions(app_config, apps=apps, verbosity=0)
    app_config.models_module = None
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group, _ = Group.objects.get_or_create(name="Admins")
    for app_label, codename in EDIT_SECTIONS:
        group.permissions.add(
            Permission.objects.get(content_type__app_label=app_label, codename=codename)
        )


def revoke(apps, schema_editor):
    Group = apps.get_model("auth", "Group")
    Permission = apps.get_model("auth", "Permission")
    group = Group.objects.filter(name="Admins").first()
    if group is None:
        return
    for app_label, codename in EDIT_SECTIONS:
        group.permissions.remove(
            *Permission.objects.filter(content_type__app_label=app_label, codename=codename)
        )


class Migration(migrations.Migration):
    dependencies = [
        ("web", "0003_dashboard_permission"),
        ("summaries", "0005_section_allowed_value_labels"),
    ]

    operations = [migrations.RunPython(grant, revoke)]
