"""The Admins group, and the permissions of the three roles granted to their groups.

The permission rows are created here (Django otherwise creates them after the whole migrate, too
late for a data migration). The grants are frozen in this file: later issues grant their own
permissions in migrations of their own, and `web.roles.ROLE_PERMISSIONS` says where things stand.
"""

from django.db import migrations

from config.role_grants import role_grants

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


grant, revoke_grants = role_grants(GRANTS)


def revoke(apps, schema_editor):
    revoke_grants(apps, schema_editor)
    # This migration made the Admins group (summaries' 0003 made the other two): take it away
    # again, unless it still holds some permission.
    Group = apps.get_model("auth", "Group")
    Group.objects.filter(name="Admins", permissions=None).delete()


class Migration(migrations.Migration):
    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("contenttypes", "0002_remove_content_type_name"),
        ("summaries", "0003_user_roles"),
        ("evaluations", "0008_fill_queue_columns"),
    ]

    operations = [migrations.RunPython(grant, revoke)]
