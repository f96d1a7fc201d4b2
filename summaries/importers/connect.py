"""Amazon Connect Contact Lens analysis JSON, for a voice call or a chat.

Voice items carry `ParticipantId` (resolved through `Participants[]`) and `BeginOffsetMillis`; chat
items carry `ParticipantRole` and `AbsoluteTime`, and chat `EVENT` items (joined, left, ended) are
not turns. `PostContactSummary.Content`, when Connect wrote one, becomes a summary with a single
`post_contact_summary` section.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import PurePath
from typing import Any

from summaries.importers.common import (
    CHANNELS,
    at,
    field_value,
    id_field,
    int_field,
    list_field,
    load_json,
    milliseconds_between,
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

SOURCE = "connect"
SUMMARY_GENERATOR = "amazon-connect"
SUMMARY_SECTION = "post_contact_summary"

ROLES = {
    "AGENT": "agent",
    # A supervisor who barges in speaks for the company, as the agent does.
    "SUPERVISOR": "agent",
    "CUSTOMER": "customer",
    "SYSTEM": "system",
    "CUSTOM_BOT": "bot",
}
# Chat messages with another content type (attachments, interactive cards) have no readable text.
TEXT_CONTENT_TYPES = {"text/plain", "text/markdown"}


def looks_like(document: Any) -> bool:
    return isinstance(document, dict) and isinstance(document.get("Transcript"), list)


def _participants(document: dict[str, Any]) -> dict[str, dict[str, str]]:
    participants: dict[str, dict[str, str]] = {}
    for index, raw in enumerate(list_field(document, "Participants", "", required=False)):
        path = at("Participants", index)
        participant = require_object(raw, path)
        participants[id_field(participant, "ParticipantId", path)] = {
            "role": string_field(participant, "ParticipantRole", path),
            "role_path": at(path, "ParticipantRole"),
            "name": string_field(participant, "DisplayName", path, required=False),
        }
    return participants


def _channel(document: dict[str, Any], items: list[Any]) -> str:
    channel = string_field(document, "Channel", "", required=False).lower()
    if channel in CHANNELS:
        return channel
    if channel:
        raise ImportFormatError(
            f"Channel: unknown channel {channel.upper()!r} (expected VOICE or CHAT)"
        )
    # Older voice exports have no Channel; a voice item is timed by offset, a chat item by clock.
    first = items[0] if items and isinstance(items[0], dict) else {}
    return "chat" if "AbsoluteTime" in first else "voice"


def _summary(document: dict[str, Any]) -> list[SummaryRecord]:
    characteristics = object_field(document, "ConversationCharacteristics", "", required=False)
    contact_summary = object_field(
        characteristics, "ContactSummary", "ConversationCharacteristics", required=False
    )
    post_contact = object_field(
        contact_summary,
        "PostContactSummary",
        "ConversationCharacteristics.ContactSummary",
        required=False,
    )
    # Connect leaves Content out when it could not write a summary (Status FAILED).
    content = string_field(
        post_contact,
        "Content",
        "ConversationCharacteristics.ContactSummary.PostContactSummary",
        required=False,
    )
    if not content.strip():
        return []
    return [
        SummaryRecord(
            generator=SUMMARY_GENERATOR,
            sections=[SectionRecord(key=SUMMARY_SECTION, text=content.strip())],
        )
    ]


def parse(
    content: bytes | str, *, filename: str, default_channel: str = "voice"
) -> list[ConversationRecord]:
    # default_channel is unused: a Contact Lens file always says or shows its channel.
    document = require_object(load_json(content), "")
    items = list_field(document, "Transcript", "", non_empty=True)
    participants = _participants(document)
    channel = _channel(document, items)

    turns: list[TurnRecord] = []
    first_time: datetime | None = None
    skipped_non_text = 0
    for index, raw_item in enumerate(items):
        path = at("Transcript", index)
        item = require_object(raw_item, path)
        moment = None
        if channel == "chat":
            moment = timestamp_field(item, "AbsoluteTime", path, required=False)
            if first_time is None and moment is not None:
                first_time = moment
        item_type = string_field(item, "Type", path, required=False).upper()
        if item_type and item_type != "MESSAGE":
            continue
        content_type = string_field(item, "ContentType", path, required=False)
        if content_type and content_type.split(";")[0].strip().lower() not in TEXT_CONTENT_TYPES:
            skipped_non_text += 1
            continue

        participant_id = id_field(item, "ParticipantId", path, required=False)
        participant = participants.get(participant_id, {})
        if field_value(item, "ParticipantRole", path, required=False) is not None:
            vendor_role, role_path = (
                string_field(item, "ParticipantRole", path),
                at(path, "ParticipantRole"),
            )
        elif participant:
            vendor_role, role_path = participant["role"], participant["role_path"]
        elif participant_id.upper() in ROLES:
            # Voice analyses often use the role itself as the participant id.
            vendor_role, role_path = participant_id, at(path, "ParticipantId")
        elif participant_id:
            raise ImportFormatError(
                f"{at(path, 'ParticipantId')}: {participant_id!r} is not one of Participants[]"
            )
        else:
            raise ImportFormatError(f"{path} has neither ParticipantRole nor ParticipantId")
        role = role_from(vendor_role, role_path, ROLES)

        if channel == "chat":
            offset_ms = (
                milliseconds_between(first_time, moment, at(path, "AbsoluteTime"), "the first item")
                if moment is not None and first_time is not None
                else None
            )
        else:
            offset_ms = int_field(item, "BeginOffsetMillis", path, required=False)
        speaker = (
            string_field(item, "DisplayName", path, required=False)
            or participant.get("name", "")
            or vendor_role
        )
        turns.append(
            TurnRecord(
                role=role,
                text=string_field(item, "Content", path),
                speaker=speaker,
                offset_ms=offset_ms,
            )
        )
    if not turns:
        raise ImportFormatError("Transcript has no MESSAGE items with text")

    customer_metadata = object_field(document, "CustomerMetadata", "", required=False)
    contact_id = id_field(customer_metadata, "ContactId", "CustomerMetadata", required=False)
    metadata: dict[str, Any] = {}
    instance_id = id_field(customer_metadata, "InstanceId", "CustomerMetadata", required=False)
    if instance_id:
        metadata["instance_id"] = instance_id
    # Contact Lens knows the agent's display name, not their agent id: no Agent row can be made.
    agent_names = [
        p["name"] for p in participants.values() if p["role"].upper() == "AGENT" and p["name"]
    ]
    if agent_names:
        metadata["agent_display_name"] = agent_names[0]
    categories = object_field(document, "Categories", "", required=False)
    matched = list_field(categories, "MatchedCategories", "Categories", required=False)
    if matched:
        metadata["categories"] = [str(category) for category in matched]
    if skipped_non_text:
        metadata["skipped_non_text_messages"] = skipped_non_text

    return [
        ConversationRecord(
            source=SOURCE,
            external_id=contact_id or PurePath(filename).stem,
            channel=channel,
            turns=turns,
            language=string_field(document, "LanguageCode", "", required=False) or "en",
            started_at=first_time,
            metadata=metadata,
            summaries=_summary(document),
        )
    ]
