"""Admins change the judge settings new runs start from (`change_judgesettings`); managers and
analysts do not (issue 10)."""

from django.contrib.auth.management import create_permissions
from django.db import migrations

GRANTS = {"Admins": [("evaluations", "change_judgesettings")]}


def grant(apps, schema_editor):
    app_config = apps.get_app_config("evaluations")
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
        ("web", "0004_section_editing_permissions"),
        ("evaluations", "0017_judge_settings"),
    ]

    operations = [migrations.RunPython(grant, revoke)]
