"""CCAI Insights upload JSON: `conversation_info.categories` and `entries[]`.

The file carries no id, channel, agent or queue: the id is the file name's stem and the channel
is the caller's default (voice unless told otherwise).
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import PurePath
from typing import Any

from summaries.importers.common import (
    DEFAULT_CHANNEL,
    at,
    id_field,
    int_field,
    list_field,
    load_json,
    object_field,
    require_object,
    role_from,
    string_field,
)
from summaries.importers.records import ConversationRecord, ImportFormatError, TurnRecord

SOURCE = "ccai-upload"

ROLES = {
    "AGENT": "agent",
    "HUMAN_AGENT": "agent",
    "AUTOMATED_AGENT": "bot",
    "CUSTOMER": "customer",
    "END_USER": "customer",
}


def looks_like(document: Any) -> bool:
    return isinstance(document, dict) and isinstance(document.get("entries"), list)


def parse(
    content: bytes | str, *, filename: str, default_channel: str = DEFAULT_CHANNEL
) -> list[ConversationRecord]:
    document = require_object(load_json(content), "")
    entries = list_field(document, "entries", "", non_empty=True)

    turns: list[TurnRecord] = []
    first_usec: int | None = None
    for index, raw_entry in enumerate(entries):
        path = at("entries", index)
        entry = require_object(raw_entry, path)
        text = string_field(entry, "text", path)
        role = role_from(string_field(entry, "role", path), at(path, "role"), ROLES)
        usec = int_field(entry, "start_timestamp_usec", path, required=False)
        offset_ms = None
        if usec is not None:
            if first_usec is None:
                first_usec = usec
            if usec < first_usec:
                raise ImportFormatError(
                    f"{at(path, 'start_timestamp_usec')} is earlier than the first entry's"
                )
            offset_ms = (usec - first_usec) // 1000
        turns.append(
            TurnRecord(
                role=role,
                text=text,
                speaker=id_field(entry, "user_id", path, required=False),
                offset_ms=offset_ms,
            )
        )

    info = object_field(document, "conversation_info", "", required=False)
    categories = []
    for index, raw_category in enumerate(
        list_field(info, "categories", "conversation_info", required=False)
    ):
        path = at("conversation_info.categories", index)
        categories.append(string_field(require_object(raw_category, path), "display_name", path))

    metadata: dict[str, Any] = {"channel_assumed": True}
    if categories:
        metadata["categories"] = categories
    # The upload has no start time of its own; the first entry's is the closest we have.
    started_at = None
    if first_usec is not None:
        try:
            started_at = datetime.fromtimestamp(first_usec / 1_000_000, tz=UTC)
        except (OverflowError, ValueError, OSError):
            raise ImportFormatError(
                f"start_timestamp_usec {first_usec} is outside the dates that can be stored "
                "(years 1 to 9999 in UTC)"
            ) from None
    return [
        ConversationRecord(
            source=SOURCE,
            external_id=PurePath(filename).stem,
            channel=default_channel,
            turns=turns,
            started_at=started_at,
            metadata=metadata,
        )
    ]
