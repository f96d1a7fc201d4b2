"""Read-only queries for the summaries app."""

from __future__ import annotations

import difflib
import re
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


@dataclass(frozen=True)
class SectionVersionRow:
    definition: SectionDefinition
    summaries: int  # summaries written against this version


@dataclass(frozen=True)
class SectionOverviewRow:
    """One section key on the sections page: its latest version and every version's use."""

    latest: SectionDefinition
    active_version: int | None
    versions: list[SectionVersionRow]

    @property
    def key(self) -> str:
        return self.latest.key

    @property
    def is_predefined(self) -> bool:
        return self.latest.origin == "predefined"


def section_versions_with_use(*, key: str | None = None) -> list[SectionVersionRow]:
    """Versions (of one key, or all) with how many summaries were written against each, newest
    version first. One grouped count over the summary sections' definition index."""
    versions = SectionDefinition.objects.select_related("created_by").annotate(
        summary_count=Count("summary_sections")
    )
    if key is not None:
        versions = versions.filter(key=key)
    return [
        SectionVersionRow(definition=definition, summaries=definition.summary_count)
        for definition in versions.order_by("key", "-version")
    ]


def section_definitions_overview() -> list[SectionOverviewRow]:
    """Every section key, predefined ones first, then by key."""
    by_key: dict[str, list[SectionVersionRow]] = {}
    for row in section_versions_with_use():
        by_key.setdefault(row.definition.key, []).append(row)
    rows = [
        SectionOverviewRow(
            latest=versions[0].definition,
            active_version=next(
                (row.definition.version for row in versions if row.definition.is_active), None
            ),
            versions=versions,
        )
        for versions in by_key.values()
    ]
    return sorted(rows, key=lambda row: (not row.is_predefined, row.key))


@dataclass(frozen=True)
class DiffLine:
    kind: str  # "same", "added" or "removed"
    text: str


@dataclass(frozen=True)
class FieldDiff:
    label: str
    changed: bool
    lines: list[DiffLine]


_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def _diff_lines(text: str, *, by_sentence: bool = False) -> list[str]:
    lines = text.splitlines()
    if by_sentence:  # a paragraph of instructions diffs better a sentence per line
        lines = [part for line in lines for part in _SENTENCE_END.split(line) if part.strip()]
    return lines


def _allowed_values_lines(definition: SectionDefinition) -> list[str]:
    labels = definition.allowed_value_labels or {}
    return [
        f"{code} | {labels[code]}" if labels.get(code) else code
        for code in definition.allowed_values
    ]


def section_versions_diff(*, old: SectionDefinition, new: SectionDefinition) -> list[FieldDiff]:
    """What changed from one version to another, field by field: unchanged, removed and added
    lines in order (difflib's comparison; instructions compared a sentence at a time)."""
    fields = [
        ("Title", [old.name], [new.name]),
        ("Type", [old.get_value_type_display()], [new.get_value_type_display()]),
        (
            "Instructions",
            _diff_lines(old.instructions, by_sentence=True),
            _diff_lines(new.instructions, by_sentence=True),
        ),
        ("Allowed values", _allowed_values_lines(old), _allowed_values_lines(new)),
    ]
    diffs = []
    for label, before, after in fields:
        lines = []
        for entry in difflib.ndiff(before, after):
            tag, text = entry[:2], entry[2:]
            if tag == "  ":
                lines.append(DiffLine("same", text))
            elif tag == "- ":
                lines.append(DiffLine("removed", text))
            elif tag == "+ ":
                lines.append(DiffLine("added", text))
            # "? " lines are difflib's intraline hints: not shown
        diffs.append(FieldDiff(label, before != after, lines))
    return diffs


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
