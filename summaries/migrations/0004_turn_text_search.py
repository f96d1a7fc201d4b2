"""The full-text index the conversation queue searches turns with, on PostgreSQL only.

A GIN index on `to_tsvector('english'::regconfig, text)`; the search
(`summaries.selectors.conversations_matching_text`) uses the very same expression, or PostgreSQL
would not use the index. SQLite has no such index: the search falls
back to a case-insensitive substring match there (the demo's few thousand turns need no index).
"""

from django.db import migrations

INDEX = "turn_text_search_idx"


def create_index(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(
            f"CREATE INDEX IF NOT EXISTS {INDEX} ON summaries_turn "
            "USING gin (to_tsvector('english'::regconfig, text))"
        )


def drop_index(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f"DROP INDEX IF EXISTS {INDEX}")


class Migration(migrations.Migration):
    dependencies = [
        ("summaries", "0003_user_roles"),
    ]

    operations = [migrations.RunPython(create_index, drop_index)]
