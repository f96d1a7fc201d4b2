"""Conversations in through the API: the importers' parsers and `summaries.services`, nothing
of their rules repeated here.

A document is what one file of a format holds (a JSONL line's object, a CCAI or Connect JSON
document), with an optional `format` key (any `--format` of import_conversations; `auto` by
default, detected as the command detects it). It must hold exactly one conversation.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from django.db import DatabaseError, transaction

from api.errors import ApiError
from summaries.importers.formats import AUTO, FORMAT_CHOICES, records_parse
from summaries.importers.records import ConversationChangedError, ImportFormatError
from summaries.limits import conversation_limits
from summaries.models import Conversation, SectionDefinition
from summaries.selectors import section_definitions_active_by_key
from summaries.services import conversation_import

IngestStatus = Literal["created", "unchanged", "summary_added"]
# Every format but plain text, which is not JSON (it has no place in a JSON body).
API_FORMATS = tuple(name for name in FORMAT_CHOICES if name != "text")

# An importer's message starts with the path of the field at fault ("turns[3].text is empty",
# "summary.sections[0].key: unknown section key"), after the line it came from ("line 1: ").
_LOCATION = re.compile(r"^line \d+: ")
_FIELD = re.compile(r"^(the id|[A-Za-z_][\w]*(?:\[\d+\])?(?:\.[A-Za-z_][\w]*(?:\[\d+\])?)*)(?=:| )")
_NOT_FIELDS = {
    "the", "a", "an", "conversation", "could", "unknown", "invalid", "truncated", "this",
    "expected", "several", "more", "no",
}  # fmt: skip


@dataclass(frozen=True)
class Ingested:
    conversation: Conversation
    status: IngestStatus


def error_field(message: str) -> str | None:
    """The field an importer's message names, or None when it names none."""
    match = _FIELD.match(_LOCATION.sub("", message))
    if match is None:
        return None
    name = match.group(1)
    if name == "the id":
        return "id"
    if name.split(".")[0].split("[")[0] in _NOT_FIELDS:
        return None
    return name


def _message(message: str) -> str:
    return _LOCATION.sub("", message)


def _document_content(document: Any, default_format: str) -> tuple[str, str]:
    """(format, JSON text) of one document, its own `format` key taken out."""
    if not isinstance(document, dict):
        raise ApiError(400, "invalid", "A conversation must be a JSON object.")
    fmt = document.get("format", default_format)
    if fmt not in API_FORMATS:
        raise ApiError(
            400,
            "invalid",
            f"Unknown format {fmt!r}: use one of {', '.join(API_FORMATS)}.",
            field="format",
        )
    body = {key: value for key, value in document.items() if key != "format"}
    try:
        return fmt, json.dumps(body, ensure_ascii=False)
    except RecursionError:
        raise ApiError(400, "invalid", "The document is nested too deeply.") from None


def conversation_ingest(
    *,
    document: Any,
    default_format: str = AUTO,
    definitions: Mapping[str, SectionDefinition] | None = None,
) -> Ingested:
    """Parse and store one conversation document, or raise ApiError (400, or 409 when the
    conversation is stored with other turns)."""
    fmt, content = _document_content(document, default_format)
    try:
        _fmt_used, records = records_parse(content, filename="conversation.json", fmt=fmt)
        if len(records) != 1:
            raise ApiError(
                400,
                "invalid",
                f"The document holds {len(records)} conversations; send one per item.",
            )
        outcome = conversation_import(
            record=records[0], definitions=definitions, limits=conversation_limits()
        )
    except ConversationChangedError as error:
        raise ApiError(409, "conflict", _message(str(error)), field="turns") from None
    except ImportFormatError as error:
        raise ApiError(
            400, "invalid", _message(str(error)), field=error_field(str(error))
        ) from None
    except DatabaseError as error:
        # A concurrent import of the same conversation, say; the savepoint was rolled back.
        raise ApiError(409, "conflict", f"The database refused the write: {error}") from None
    if outcome.conversation_created:
        status: IngestStatus = "created"
    elif outcome.summaries_created:
        status = "summary_added"
    else:
        status = "unchanged"
    return Ingested(conversation=outcome.conversation, status=status)


@dataclass(frozen=True)
class BatchItemResult:
    index: int
    ingested: Ingested | None = None
    error: ApiError | None = None


def conversations_ingest_batch(
    *, documents: Sequence[Any], default_format: str = AUTO
) -> list[BatchItemResult]:
    """Every document on its own: a bad one is reported (with its index) and the others stored.
    One transaction for the batch, a savepoint per conversation (as a file import does)."""
    results = []
    with transaction.atomic():
        definitions = section_definitions_active_by_key()
        for index, document in enumerate(documents):
            try:
                ingested = conversation_ingest(
                    document=document, default_format=default_format, definitions=definitions
                )
            except ApiError as error:
                results.append(BatchItemResult(index=index, error=error))
                continue
            results.append(BatchItemResult(index=index, ingested=ingested))
    return results
