"""Read-only queries for the summaries app."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import connection
from django.db.models import Count, Field, Func, Q, QuerySet, Sum

from summaries.models import (
    Agent,
    Conversation,
    ImportBatch,
    ImportFile,
    ImportFileStatus,
    SectionDefinition,
    Summary,
    Turn,
)


@dataclass(frozen=True)
class PlatformOverview:
    conversations: int
    summaries: int
    queues: list[dict]
    active_sections: list[SectionDefinition]


def section_definitions_active() -> QuerySet[SectionDefinition]:
    return SectionDefinition.objects.filter(is_active=True).order_by("origin", "key")


def platform_overview() -> PlatformOverview:
    queues = list(
        Conversation.objects.values("queue").annotate(conversations=Count("id")).order_by("queue")
    )
    return PlatformOverview(
        conversations=Conversation.objects.count(),
        summaries=Summary.objects.count(),
        queues=queues,
        active_sections=list(section_definitions_active()),
    )


def section_definitions_active_by_key() -> dict[str, SectionDefinition]:
    """The active version of every section key; importers resolve section keys through it once."""
    return {
        definition.key: definition
        for definition in SectionDefinition.objects.filter(is_active=True)
    }


def section_definition_versions(*, key: str) -> QuerySet[SectionDefinition]:
    """Every version of one section key, newest first."""
    return SectionDefinition.objects.filter(key=key).order_by("-version")


def conversations_matching_text(text: str) -> QuerySet[Turn, Any]:
    """The ids of conversations with a turn that matches `text` (a subquery, to filter with
    `conversation_id__in`).

    On PostgreSQL, full-text search (English stemming; `websearch_to_tsquery` syntax: words
    must all be in one turn, "quoted phrases", `or`, `-word`), served by the GIN index of
    migration 0004, whose expression `TurnSearchVector` repeats exactly. Elsewhere (SQLite, the
    demo), a case-insensitive substring match.
    """
    if connection.vendor == "postgresql":
        from django.contrib.postgres.search import SearchQuery

        return (
            Turn.objects.annotate(document=TurnSearchVector("text"))
            .filter(document=SearchQuery(text, config="english", search_type="websearch"))
            .values("conversation_id")
        )
    return Turn.objects.filter(text__icontains=text).values("conversation_id")


class TurnSearchVector(Func):
    """`to_tsvector('english'::regconfig, text)`: the very expression of the GIN index (Django's
    SearchVector wraps the column in COALESCE, which the index would not match)."""

    template = "to_tsvector('english'::regconfig, %(expressions)s)"

    @property
    def output_field(self) -> Field:
        from django.contrib.postgres.search import SearchVectorField

        return SearchVectorField()


def conversation_queues() -> list[str]:
    """Every queue name in use, sorted. A loose index scan (one probe of conv_queue_started_idx
    per queue) instead of DISTINCT over every conversation: the queue page asks on each load."""
    table = Conversation._meta.db_table
    with connection.cursor() as cursor:
        cursor.execute(
            f"""
            WITH RECURSIVE queues(queue) AS (
                SELECT (SELECT queue FROM {table} ORDER BY queue LIMIT 1)
                UNION ALL
                SELECT (SELECT queue FROM {table} WHERE queue > queues.queue
                        ORDER BY queue LIMIT 1)
                FROM queues WHERE queues.queue IS NOT NULL
            )
            SELECT queue FROM queues WHERE queue IS NOT NULL AND queue <> ''
            """
        )
        return [row[0] for row in cursor.fetchall()]


def agents_all() -> QuerySet[Agent]:
    return Agent.objects.order_by("display_name", "external_id")


# --- Imports from the browser ---------------------------------------------------------------------


def _file_count(status: str | None = None) -> Count:
    return Count("files", filter=Q(files__status=status) if status else None)


def import_batches_recent() -> QuerySet[ImportBatch]:
    """The import history, newest first: who, when, how many files and how each ended, and what
    was created."""
    return (
        ImportBatch.objects.select_related("created_by")
        .annotate(
            file_count=_file_count(),
            files_imported=_file_count(ImportFileStatus.IMPORTED),
            files_unchanged=_file_count(ImportFileStatus.UNCHANGED),
            files_skipped=_file_count(ImportFileStatus.SKIPPED),
            files_failed=_file_count(ImportFileStatus.FAILED),
            conversations_created=Sum("files__conversations_created"),
            summaries_created=Sum("files__summaries_created"),
        )
        .order_by("-created_at", "-id")
    )


@dataclass(frozen=True)
class ImportProgress:
    total: int
    done: int

    @property
    def percent(self) -> int:
        return self.done * 100 // self.total if self.total else 100


def import_batch_files(*, batch: ImportBatch) -> tuple[list[ImportFile], ImportProgress]:
    files = list(batch.files.order_by("position"))
    done = sum(1 for import_file in files if import_file.is_done)
    return files, ImportProgress(total=len(files), done=done)
