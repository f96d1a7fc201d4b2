"""The project's own bulk format: one conversation per line (see README "Importers").

`{id, channel, language, agent {id, name}, queue, started_at, turns [{role, text, offset_ms}],
summary {generator, sections [{key, text}]}}`. Unknown top-level keys (labels, expected, ...) are
ignored, so labelled data sets import as they are. Every error starts with the line number.
"""

from __future__ import annotations

import json
from typing import Any

from summaries.importers.common import (
    DEFAULT_CHANNEL,
    at,
    channel_from,
    decode_text,
    id_field,
    int_field,
    json_error_message,
    json_loads,
    json_type,
    list_field,
    object_field,
    require_object,
    role_from,
    string_field,
    timestamp_field,
)
from summaries.importers.records import (
    ConversationRecord,
    ImportFormatError,
    SectionRecord,
    SummaryRecord,
    TurnRecord,
)

SOURCE = "jsonl"

ROLES = {"AGENT": "agent", "CUSTOMER": "customer", "SYSTEM": "system", "BOT": "bot"}


def looks_like(text: str) -> bool:
    first = next((line for line in text.splitlines() if line.strip()), "")
    try:
        document = json_loads(first)
    except (json.JSONDecodeError, ImportFormatError):
        return False
    return isinstance(document, dict) and "turns" in document


def _summary(raw: Any) -> SummaryRecord:
    summary = require_object(raw, "summary")
    sections = []
    for index, raw_section in enumerate(list_field(summary, "sections", "summary")):
        path = at("summary.sections", index)
        section = require_object(raw_section, path)
        sections.append(
            SectionRecord(
                key=string_field(section, "key", path).strip(),
                # An empty section is legitimate (the summarizer wrote nothing there).
                text=string_field(section, "text", path, allow_blank=True),
            )
        )
    return SummaryRecord(
        generator=string_field(summary, "generator", "summary").strip(), sections=sections
    )


def conversation_from(
    document: Any, *, default_channel: str = DEFAULT_CHANNEL, location: str = ""
) -> ConversationRecord:
    """One line's object as a record; errors name the field, the caller adds the line."""
    conversation = require_object(document, "the line")
    external_id = id_field(conversation, "id", "")
    turns = []
    for index, raw_turn in enumerate(list_field(conversation, "turns", "", non_empty=True)):
        path = at("turns", index)
        turn = require_object(raw_turn, path)
        turns.append(
            TurnRecord(
                role=role_from(string_field(turn, "role", path), at(path, "role"), ROLES),
                text=string_field(turn, "text", path),
                speaker=string_field(turn, "speaker", path, required=False),
                offset_ms=int_field(turn, "offset_ms", path, required=False),
            )
        )

    # A conversation handled end to end by a virtual agent has no human agent: `agent` is null,
    # absent, or has a null or empty id. A name without an id makes no agent (an agent is known by
    # its id); it is kept with the conversation.
    agent = object_field(conversation, "agent", "", required=False)
    agent_id = id_field(agent, "id", "agent", required=False)
    agent_name = string_field(agent, "name", "agent", required=False).strip()
    channel = string_field(conversation, "channel", "", required=False)
    metadata: dict[str, Any] = {} if channel else {"channel_assumed": True}
    if agent_name and not agent_id:
        metadata["agent_display_name"] = agent_name
    summary = conversation.get("summary")
    return ConversationRecord(
        source=SOURCE,
        external_id=external_id,
        channel=channel_from(channel, "channel") if channel else default_channel,
        turns=turns,
        language=string_field(conversation, "language", "", required=False) or "en",
        agent_id=agent_id,
        agent_name=agent_name if agent_id else "",
        queue=string_field(conversation, "queue", "", required=False).strip(),
        started_at=timestamp_field(conversation, "started_at", "", required=False),
        metadata=metadata,
        summaries=[_summary(summary)] if summary is not None else [],
        location=location,
    )


def parse(
    content: bytes | str, *, filename: str, default_channel: str = DEFAULT_CHANNEL
) -> list[ConversationRecord]:
    text = decode_text(content)
    records = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            document = json_loads(line)
        except json.JSONDecodeError as error:
            raise ImportFormatError(
                f"line {number}: {json_error_message(error, unit='line')}"
            ) from None
        except ImportFormatError as error:
            raise ImportFormatError(f"line {number}: {error}") from None
        if not isinstance(document, dict):
            raise ImportFormatError(
                f"line {number}: expected a JSON object, not {json_type(document)}"
            )
        try:
            record = conversation_from(
                document, default_channel=default_channel, location=f"line {number}"
            )
        except ImportFormatError as error:
            raise ImportFormatError(f"line {number}: {error}") from None
        records.append(record)
    return records
