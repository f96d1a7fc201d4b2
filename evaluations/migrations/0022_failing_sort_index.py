"""An index for the queue's "most failing items first" order, on PostgreSQL only.

That order is `failing_points DESC NULLS LAST, id DESC` (the "Failing items" column's first
click, the "Failing, not reviewed" preset). `evaluation_latest_failing_idx` holds
`failing_points DESC, id ASC`, which matches it in neither direction, so PostgreSQL sorted every
latest evaluation with a failing item to show 50 (60k rows, an external merge sort on disk:
105-160 ms at 100k conversations). This index serves the order as it is; SQLite gets none, as in
summaries 0006.
"""

from django.db import migrations

INDEX = "evaluation_latest_failing_desc_idx"


def create_index(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(
            f"CREATE INDEX IF NOT EXISTS {INDEX} ON evaluations_summaryevaluation "
            "(failing_points DESC NULLS LAST, id DESC) WHERE is_latest"
        )


def drop_index(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f"DROP INDEX IF EXISTS {INDEX}")


class Migration(migrations.Migration):
    dependencies = [
        ("evaluations", "0021_dashboard_day_rollup"),
    ]

    operations = [migrations.RunPython(create_index, drop_index)]
