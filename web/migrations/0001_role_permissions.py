"""The Admins group, and the permissions of the three roles granted to their groups.

The permission rows are created here (Django otherwise creates them after the whole migrate, too
late for a data migration). The grants are frozen in this file: later issues grant their own
permissions in migrations of their own, and `web.roles.ROLE_PERMISSIONS` says where things stand.
"""

from django.contrib.auth.management import create_permissions
from django.db import migrations

READ = [
    ("evaluations", "view_evaluationrun"),
    ("evaluations", "view_summaryevaluation"),
    ("evaluations", "view_verdictreview"),
    ("evaluations", "view_summaryreview"),
    ("summaries", "view_conversation"),
    ("summaries", "view_summary"),
    ("summaries", "view_sectiondefinition"),
]
REVIEW = ("evaluations", "review_verdict")
MANAGE_RUNS = ("evaluations", "manage_run")
GRANTS = {
    "QA analysts": [*READ, REVIEW],
    "Managers": [*READ, MANAGE_RUNS],
    "Admins": [*READ, REVIEW, MANAGE_RUNS],
}


def grant(apps, schema_editor):
    for app_label in ("evaluations", "summaries"):
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
    Group.objects.filter(name="Admins", permissions=None).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("summaries", "0003_user_roles"),
        ("evaluations", "0008_fill_queue_columns"),
    ]

    operations = [migrations.RunPython(grant, revoke)]
