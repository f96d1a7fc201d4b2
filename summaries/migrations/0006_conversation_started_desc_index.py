"""An index for the queue's default order, on PostgreSQL only.

The queue lists the newest conversations first with unknown start times last (`started_at DESC
NULLS LAST`). `conv_started_idx` read backwards gives NULLS FIRST, so PostgreSQL sorted every
conversation to show 50 (190 ms at 100k); this index serves the order as it is. SQLite cannot
index NULLS LAST and the demo's few rows need no index, so it gets none (like 0004's).
"""

from django.db import migrations

INDEX = "conv_started_desc_idx"


def create_index(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(
            f"CREATE INDEX IF NOT EXISTS {INDEX} ON summaries_conversation "
            "(started_at DESC NULLS LAST)"
        )


def drop_index(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f"DROP INDEX IF EXISTS {INDEX}")


class Migration(migrations.Migration):
    dependencies = [
        ("summaries", "0005_section_allowed_value_labels"),
    ]

    operations = [migrations.RunPython(create_index, drop_index)]
