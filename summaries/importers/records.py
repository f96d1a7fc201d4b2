"""Plain records that every importer parses its format into, before anything touches the database."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime


class ImportFormatError(ValueError):
    """A file or line that cannot be imported. The message names the field or line that is wrong."""


class ConversationChangedError(ImportFormatError):
    """The conversation is stored already, with other turns: it is never overwritten (verdicts may
    cite the stored turns). The API answers 409 for it, where other import errors are a 400."""


@dataclass(frozen=True)
class TurnRecord:
    role: str  # one of summaries.models.Role: agent, customer, system, bot
    text: str
    speaker: str = ""
    offset_ms: int | None = None


@dataclass(frozen=True)
class SectionRecord:
    key: str  # refers to the active SectionDefinition of that key
    text: str


@dataclass(frozen=True)
class SummaryRecord:
    generator: str
    sections: list[SectionRecord]


@dataclass(frozen=True)
class ConversationRecord:
    source: str  # the format: jsonl, ccai-upload, ccai-conversation, connect, text
    external_id: str
    channel: str  # voice or chat
    turns: list[TurnRecord]
    language: str = "en"
    agent_id: str = ""
    agent_name: str = ""
    queue: str = ""
    started_at: datetime | None = None
    metadata: dict = field(default_factory=dict)
    summaries: list[SummaryRecord] = field(default_factory=list)
    # Where the record came from inside its file (e.g. "line 3" of a JSONL file), so that an error
    # found later, in the database step, can still point at the line.
    location: str = ""
