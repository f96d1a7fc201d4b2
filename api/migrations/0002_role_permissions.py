"""The API's grants: admins manage tokens; managers and admins ingest conversations.

Reading through the API needs the read permissions the roles already have (web's 0001), and
starting or cancelling runs the `manage_run` they already have.
"""

from django.db import migrations

from config.role_grants import role_grants

GRANTS = {
    "Admins": [("api", "add_apitoken"), ("summaries", "add_conversation")],
    "Managers": [("summaries", "add_conversation")],
}


grant, revoke = role_grants(GRANTS)


class Migration(migrations.Migration):
    dependencies = [
        ("api", "0001_initial"),
        ("web", "0001_role_permissions"),
        ("summaries", "0001_initial"),
    ]

    operations = [migrations.RunPython(grant, revoke)]
