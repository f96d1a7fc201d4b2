"""What the API sends and takes, as typed schemas (the OpenAPI schema is derived from them)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from ninja import Schema
from pydantic import Field

# Ids are PostgreSQL bigints; a larger number is a 400, never a database error.
MAX_ID = 2**63 - 1


class TurnOut(Schema):
    index: int
    role: str
    speaker: str
    text: str
    offset_ms: int | None


class SectionOut(Schema):
    key: str
    version: int
    text: str


class SummaryOut(Schema):
    id: int
    generator: str
    created_at: dt.datetime
    sections: list[SectionOut]
    # The latest succeeded evaluation: its scores, usage and every verdict by kind
    # (the same record `export_run --format jsonl` writes).
    latest_evaluation: dict[str, Any] | None


class ConversationOut(Schema):
    id: int
    source: str
    external_id: str
    channel: str
    language: str
    queue: str
    agent: str | None
    started_at: dt.datetime | None
    imported_at: dt.datetime


class ConversationCreated(ConversationOut):
    status: str = Field(description="created, summary_added or unchanged (a replay)")


class ConversationDetail(ConversationOut):
    metadata: dict[str, Any]
    turns: list[TurnOut]
    summaries: list[SummaryOut]


class BatchIn(Schema):
    format: str = Field("auto", description="The default format of the items.")
    items: list[Any] = Field(description="Conversation documents; each may name its own `format`.")


class ItemError(Schema):
    code: str
    message: str
    field: str | None


class BatchItemOut(Schema):
    index: int
    status: str = Field(description="created, summary_added, unchanged or error")
    id: int | None = None
    error: ItemError | None = None


class BatchOut(Schema):
    created: int
    unchanged: int
    summary_added: int
    failed: int
    items: list[BatchItemOut]


class QueueRowOut(Schema):
    conversation: ConversationOut
    summary_id: int
    generator: str
    evaluation_id: int
    run_id: int
    accuracy: float | None
    adherence: float | None
    completeness: float | None
    summarization: float | None
    failing_points: int
    has_na: bool
    is_reviewed: bool


class QueuePageOut(Schema):
    items: list[QueueRowOut]
    next_cursor: str | None = Field(
        description="Pass as `cursor` for the next page; null at the end."
    )
