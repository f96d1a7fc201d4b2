"""The managers' dashboard's permission, granted to the three roles: managers and admins use it,
and analysts read it too (the dashboard only reads; nothing on it writes).

The permission row is created here, as 0001 does, because Django creates permissions only after
the whole migrate.
"""

from django.db import migrations

from config.role_grants import role_grants

PERMISSION = ("evaluations", "view_dashboard")
GROUPS = ("QA analysts", "Managers", "Admins")

grant, revoke = role_grants({name: [PERMISSION] for name in GROUPS})


class Migration(migrations.Migration):
    dependencies = [
        ("web", "0002_admin_run_permissions"),
        ("evaluations", "0013_dashboard_permission"),
    ]

    operations = [migrations.RunPython(grant, revoke)]
