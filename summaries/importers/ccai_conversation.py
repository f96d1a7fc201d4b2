"""CCAI Insights Conversation resource JSON (`transcript.transcriptSegments[]`)."""

from __future__ import annotations

from pathlib import PurePath
from typing import Any

from summaries.importers.common import (
    DEFAULT_CHANNEL,
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
from summaries.importers.records import ConversationRecord, ImportFormatError, TurnRecord

SOURCE = "ccai-conversation"

ROLES = {
    "HUMAN_AGENT": "agent",
    "ANY_AGENT": "agent",
    "AUTOMATED_AGENT": "bot",
    "END_USER": "customer",
}
# CCAI's "no role given"; the channel tag decides then.
UNSPECIFIED_ROLES = {"", "ROLE_UNSPECIFIED"}

MEDIUMS = {"PHONE_CALL": "voice", "CHAT": "chat"}


def looks_like(document: Any) -> bool:
    return (
        isinstance(document, dict)
        and isinstance(document.get("transcript"), dict)
        and "transcriptSegments" in document["transcript"]
    )


def _channel(document: dict[str, Any], default_channel: str) -> tuple[str, bool]:
    medium = string_field(document, "medium", "", required=False)
    if not medium or medium == "MEDIUM_UNSPECIFIED":
        return default_channel, True
    channel = MEDIUMS.get(medium.upper())
    if channel is None:
        raise ImportFormatError(f"medium: unknown medium {medium!r} (expected PHONE_CALL or CHAT)")
    return channel, False


def parse(
    content: bytes | str, *, filename: str, default_channel: str = DEFAULT_CHANNEL
) -> list[ConversationRecord]:
    document = require_object(load_json(content), "")
    transcript = object_field(document, "transcript", "")
    segments = list_field(transcript, "transcriptSegments", "transcript", non_empty=True)

    call_metadata = object_field(document, "callMetadata", "", required=False)
    roles_by_channel_tag = {}
    for name, role in (("agentChannel", "agent"), ("customerChannel", "customer")):
        tag = int_field(call_metadata, name, "callMetadata", required=False)
        if tag is not None:
            roles_by_channel_tag[tag] = role

    started_at = timestamp_field(document, "startTime", "", required=False)
    start_name = "startTime"
    turns: list[TurnRecord] = []
    for index, raw_segment in enumerate(segments):
        path = at("transcript.transcriptSegments", index)
        segment = require_object(raw_segment, path)
        text = string_field(segment, "text", path)
        participant = object_field(segment, "segmentParticipant", path, required=False)
        participant_path = at(path, "segmentParticipant")
        vendor_role = string_field(participant, "role", participant_path, required=False)
        if vendor_role.strip().upper() not in UNSPECIFIED_ROLES:
            role = role_from(vendor_role, at(participant_path, "role"), ROLES)
        else:
            tag = int_field(segment, "channelTag", path, required=False)
            if tag is None or tag not in roles_by_channel_tag:
                raise ImportFormatError(
                    f"{path} has no segmentParticipant.role, and its channelTag ({tag}) is neither "
                    f"callMetadata.agentChannel nor callMetadata.customerChannel"
                )
            role = roles_by_channel_tag[tag]

        offset_ms = None
        message_time = timestamp_field(segment, "messageTime", path, required=False)
        if message_time is not None:
            if started_at is None:
                # Without a startTime the first timed segment is the start.
                started_at, start_name = message_time, "the first messageTime"
            offset_ms = milliseconds_between(
                started_at, message_time, at(path, "messageTime"), start_name
            )
        turns.append(
            TurnRecord(
                role=role,
                text=text,
                speaker=id_field(participant, "userId", participant_path, required=False),
                offset_ms=offset_ms,
            )
        )

    name = string_field(document, "name", "", required=False)
    channel, channel_assumed = _channel(document, default_channel)
    metadata: dict[str, Any] = {}
    if name:
        metadata["ccai_name"] = name
    if channel_assumed:
        metadata["channel_assumed"] = True
    language = string_field(document, "languageCode", "", required=False)
    # `duration` and `turnCount` are derived by CCAI; an unknown or odd value is no reason to fail.
    if isinstance(field_value(document, "duration", "", required=False), str):
        metadata["duration"] = document["duration"]
    return [
        ConversationRecord(
            source=SOURCE,
            external_id=name.rstrip("/").rsplit("/", 1)[-1] if name else PurePath(filename).stem,
            channel=channel,
            turns=turns,
            language=language or "en",
            agent_id=id_field(document, "agentId", "", required=False),
            started_at=started_at,
            metadata=metadata,
        )
    ]
