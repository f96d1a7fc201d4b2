"""The conversation's start, queue and channel copied onto each evaluation, kept by triggers.

The queue filters by the conversation (dates, queue, channel) and by the evaluation (scores, the
latest one of each summary). At 100k conversations, joining evaluation -> summary -> conversation
for every candidate row was most of the filtered queue's time: "billing, last 30 days, accuracy
at most 0.8" looked up 4,000 summaries and 4,000 evaluations to count 1,600 rows. With the copies
and two partial indexes, the same count reads one index range.

A copy is only worth having if it cannot go stale, so the database keeps it, whatever writes the
rows (the ORM, bulk COPY, the admin, SQL by hand):
- an evaluation's copies are set on insert, and again on any update that changes its summary or
  writes other values into them (a save() from a stale instance);
- a change of a conversation's start, queue or channel is copied to its evaluations;
- a summary moved to another conversation takes that conversation's values.
PostgreSQL and SQLite each get their own triggers; the indexes are PostgreSQL's only (SQLite's
demo-sized tables need none; the same choice as summaries 0006).
"""

from django.core.exceptions import ImproperlyConfigured
from django.db import migrations, models

POSTGRESQL_FORWARD = [
    """
    CREATE FUNCTION evaluation_conversation_copy() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
        found_conversation record;
    BEGIN
        IF TG_OP = 'UPDATE'
           AND NEW.summary_id = OLD.summary_id
           AND NEW.conversation_started_at IS NOT DISTINCT FROM OLD.conversation_started_at
           AND NEW.conversation_queue = OLD.conversation_queue
           AND NEW.conversation_channel = OLD.conversation_channel THEN
            RETURN NEW;
        END IF;
        SELECT c.started_at, c.queue, c.channel INTO found_conversation
          FROM summaries_summary s JOIN summaries_conversation c ON c.id = s.conversation_id
         WHERE s.id = NEW.summary_id;
        NEW.conversation_started_at := found_conversation.started_at;
        NEW.conversation_queue := COALESCE(found_conversation.queue, '');
        NEW.conversation_channel := COALESCE(found_conversation.channel, '');
        RETURN NEW;
    END $$
    """,
    """
    CREATE TRIGGER evaluation_conversation_copy
        BEFORE INSERT OR UPDATE ON evaluations_summaryevaluation
        FOR EACH ROW EXECUTE FUNCTION evaluation_conversation_copy()
    """,
    """
    CREATE FUNCTION conversation_copy_to_evaluations() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        UPDATE evaluations_summaryevaluation e
           SET conversation_started_at = NEW.started_at,
               conversation_queue = NEW.queue,
               conversation_channel = NEW.channel
          FROM summaries_summary s
         WHERE s.conversation_id = NEW.id AND e.summary_id = s.id;
        RETURN NULL;
    END $$
    """,
    """
    CREATE TRIGGER conversation_copy_to_evaluations
        AFTER UPDATE OF started_at, queue, channel ON summaries_conversation
        FOR EACH ROW
        WHEN (OLD.started_at IS DISTINCT FROM NEW.started_at
              OR OLD.queue IS DISTINCT FROM NEW.queue
              OR OLD.channel IS DISTINCT FROM NEW.channel)
        EXECUTE FUNCTION conversation_copy_to_evaluations()
    """,
    """
    CREATE FUNCTION summary_copy_to_evaluations() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        UPDATE evaluations_summaryevaluation e
           SET conversation_started_at = c.started_at,
               conversation_queue = c.queue,
               conversation_channel = c.channel
          FROM summaries_conversation c
         WHERE c.id = NEW.conversation_id AND e.summary_id = NEW.id;
        RETURN NULL;
    END $$
    """,
    """
    CREATE TRIGGER summary_copy_to_evaluations
        AFTER UPDATE OF conversation_id ON summaries_summary
        FOR EACH ROW
        WHEN (OLD.conversation_id IS DISTINCT FROM NEW.conversation_id)
        EXECUTE FUNCTION summary_copy_to_evaluations()
    """,
    # The queue's default order (newest first, unknown starts last), and a queue's rows in it;
    # next/previous step through the plain order (ascending, or read backwards descending).
    """
    CREATE INDEX IF NOT EXISTS evaluation_latest_started_idx ON evaluations_summaryevaluation
        (conversation_started_at DESC NULLS LAST, id DESC) WHERE is_latest
    """,
    """
    CREATE INDEX IF NOT EXISTS evaluation_latest_started_asc_idx
        ON evaluations_summaryevaluation (conversation_started_at, id) WHERE is_latest
    """,
    """
    CREATE INDEX IF NOT EXISTS evaluation_latest_queue_idx ON evaluations_summaryevaluation
        (conversation_queue, conversation_started_at DESC NULLS LAST, id DESC) WHERE is_latest
    """,
]
POSTGRESQL_BACKWARD = [
    "DROP INDEX IF EXISTS evaluation_latest_queue_idx",
    "DROP INDEX IF EXISTS evaluation_latest_started_asc_idx",
    "DROP INDEX IF EXISTS evaluation_latest_started_idx",
    "DROP TRIGGER IF EXISTS summary_copy_to_evaluations ON summaries_summary",
    "DROP FUNCTION IF EXISTS summary_copy_to_evaluations()",
    "DROP TRIGGER IF EXISTS conversation_copy_to_evaluations ON summaries_conversation",
    "DROP FUNCTION IF EXISTS conversation_copy_to_evaluations()",
    "DROP TRIGGER IF EXISTS evaluation_conversation_copy ON evaluations_summaryevaluation",
    "DROP FUNCTION IF EXISTS evaluation_conversation_copy()",
]

# SQLite's triggers cannot change the row being written, so they update it just after; with
# recursive triggers off (SQLite's default) that update does not fire its own trigger again.
_SQLITE_COPY = """
    UPDATE evaluations_summaryevaluation SET
        conversation_started_at = (
            SELECT c.started_at FROM summaries_summary s
            JOIN summaries_conversation c ON c.id = s.conversation_id WHERE s.id = NEW.summary_id),
        conversation_queue = COALESCE((
            SELECT c.queue FROM summaries_summary s
            JOIN summaries_conversation c ON c.id = s.conversation_id WHERE s.id = NEW.summary_id
        ), ''),
        conversation_channel = COALESCE((
            SELECT c.channel FROM summaries_summary s
            JOIN summaries_conversation c ON c.id = s.conversation_id WHERE s.id = NEW.summary_id
        ), '')
    WHERE id = NEW.id;
"""
SQLITE_FORWARD = [
    f"""
    CREATE TRIGGER evaluation_conversation_copy_insert
        AFTER INSERT ON evaluations_summaryevaluation
    BEGIN {_SQLITE_COPY} END
    """,
    f"""
    CREATE TRIGGER evaluation_conversation_copy_update
        AFTER UPDATE OF summary_id, conversation_started_at, conversation_queue,
            conversation_channel ON evaluations_summaryevaluation
    BEGIN {_SQLITE_COPY} END
    """,
    """
    CREATE TRIGGER conversation_copy_to_evaluations
        AFTER UPDATE OF started_at, queue, channel ON summaries_conversation
    BEGIN
        UPDATE evaluations_summaryevaluation SET
            conversation_started_at = NEW.started_at,
            conversation_queue = NEW.queue,
            conversation_channel = NEW.channel
        WHERE summary_id IN (SELECT id FROM summaries_summary WHERE conversation_id = NEW.id);
    END
    """,
    """
    CREATE TRIGGER summary_copy_to_evaluations
        AFTER UPDATE OF conversation_id ON summaries_summary
    BEGIN
        UPDATE evaluations_summaryevaluation SET
            conversation_started_at = (
                SELECT started_at FROM summaries_conversation WHERE id = NEW.conversation_id),
            conversation_queue = (
                SELECT queue FROM summaries_conversation WHERE id = NEW.conversation_id),
            conversation_channel = (
                SELECT channel FROM summaries_conversation WHERE id = NEW.conversation_id)
        WHERE summary_id = NEW.id;
    END
    """,
]
SQLITE_BACKWARD = [
    "DROP TRIGGER IF EXISTS summary_copy_to_evaluations",
    "DROP TRIGGER IF EXISTS conversation_copy_to_evaluations",
    "DROP TRIGGER IF EXISTS evaluation_conversation_copy_update",
    "DROP TRIGGER IF EXISTS evaluation_conversation_copy_insert",
]

BACKFILL = """
    UPDATE evaluations_summaryevaluation SET
        conversation_started_at = (
            SELECT c.started_at FROM summaries_summary s
            JOIN summaries_conversation c ON c.id = s.conversation_id
            WHERE s.id = evaluations_summaryevaluation.summary_id),
        conversation_queue = COALESCE((
            SELECT c.queue FROM summaries_summary s
            JOIN summaries_conversation c ON c.id = s.conversation_id
            WHERE s.id = evaluations_summaryevaluation.summary_id), ''),
        conversation_channel = COALESCE((
            SELECT c.channel FROM summaries_summary s
            JOIN summaries_conversation c ON c.id = s.conversation_id
            WHERE s.id = evaluations_summaryevaluation.summary_id), '')
"""


def copies_forward(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    if vendor not in ("postgresql", "sqlite"):
        raise ImproperlyConfigured(
            f"Database vendor {vendor!r} is not supported: this project supports PostgreSQL and "
            "SQLite only, because the queue's copied conversation columns are kept by triggers "
            "written for those two."
        )
    schema_editor.execute(BACKFILL)
    for statement in POSTGRESQL_FORWARD if vendor == "postgresql" else SQLITE_FORWARD:
        schema_editor.execute(statement)


def copies_backward(apps, schema_editor):
    vendor = schema_editor.connection.vendor
    for statement in POSTGRESQL_BACKWARD if vendor == "postgresql" else SQLITE_BACKWARD:
        schema_editor.execute(statement)


class Migration(migrations.Migration):
    dependencies = [
        ("evaluations", "0019_dashboard_rollup"),
    ]

    operations = [
        migrations.AddField(
            model_name="summaryevaluation",
            name="conversation_channel",
            field=models.CharField(blank=True, editable=False, max_length=10),
        ),
        migrations.AddField(
            model_name="summaryevaluation",
            name="conversation_queue",
            field=models.CharField(blank=True, editable=False, max_length=100),
        ),
        migrations.AddField(
            model_name="summaryevaluation",
            name="conversation_started_at",
            field=models.DateTimeField(blank=True, editable=False, null=True),
        ),
        migrations.RunPython(copies_forward, copies_backward),
    ]
