from __future__ import annotations

import json
from pathlib import Path

import pytest

from summaries.importers import ccai_conversation
from summaries.importers.records import ImportFormatError

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "import"


def _parse(document: dict, filename: str = "conv.json"):
    return ccai_conversation.parse(json.dumps(document).encode(), filename=filename)


def _conversation(*segments: dict, **fields: object) -> dict:
    return {
        "name": "projects/p/locations/l/conversations/abc-1",
        "startTime": "2026-03-01T10:00:00Z",
        "callMetadata": {"customerChannel": 1, "agentChannel": 2},
        "transcript": {"transcriptSegments": list(segments)},
        **fields,
    }


def test_it_maps_participant_roles_and_falls_back_to_channel_tags() -> None:
    path = FIXTURES / "good" / "chat-100.ccai_conversation.json"
    [record] = ccai_conversation.parse(path.read_bytes(), filename=path.name)

    assert [turn.role for turn in record.turns] == ["bot", "customer", "agent", "customer"]
    assert record.turns[2].text == "Hi, this is Ade. I can change the debit date for you."
    assert record.turns[2].speaker == "fx-ag-3"


def test_it_reads_id_channel_agent_language_start_and_offsets() -> None:
    path = FIXTURES / "good" / "chat-100.ccai_conversation.json"
    [record] = ccai_conversation.parse(path.read_bytes(), filename=path.name)

    assert record.source == "ccai-conversation"
    assert record.external_id == "chat-100"
    assert record.channel == "chat"
    assert record.agent_id == "fx-ag-3"
    assert record.language == "en-GB"
    assert record.started_at is not None
    assert record.started_at.isoformat() == "2025-11-05T10:00:00+00:00"
    assert [turn.offset_ms for turn in record.turns] == [1000, 9500, 60000, 80000]


def test_a_phone_call_is_voice_and_a_missing_medium_is_assumed() -> None:
    segment = {"text": "Hello", "segmentParticipant": {"role": "HUMAN_AGENT"}}

    [call] = _parse(_conversation(segment, medium="PHONE_CALL"))
    [unknown] = _parse(_conversation(segment))

    assert call.channel == "voice"
    assert "channel_assumed" not in call.metadata
    assert unknown.channel == "voice"
    assert unknown.metadata["channel_assumed"] is True


def test_any_agent_is_an_agent() -> None:
    [record] = _parse(_conversation({"text": "Hi", "segmentParticipant": {"role": "ANY_AGENT"}}))

    assert record.turns[0].role == "agent"


def test_it_fails_when_a_segment_has_neither_role_nor_a_known_channel_tag() -> None:
    document = _conversation(
        {"text": "Hi", "segmentParticipant": {"role": "HUMAN_AGENT"}},
        {"text": "Who am I?", "channelTag": 7},
    )

    with pytest.raises(
        ImportFormatError,
        match=r"^transcript\.transcriptSegments\[1\] has no segmentParticipant\.role, and its channelTag \(7\)",
    ):
        _parse(document)


def test_it_names_an_unknown_participant_role() -> None:
    document = _conversation({"text": "Hi", "segmentParticipant": {"role": "SUPERVISOR"}})

    with pytest.raises(
        ImportFormatError,
        match=r"^transcript\.transcriptSegments\[0\]\.segmentParticipant\.role: unknown role 'SUPERVISOR'",
    ):
        _parse(document)


def test_it_names_a_segment_without_text() -> None:
    document = _conversation({"segmentParticipant": {"role": "END_USER"}})

    with pytest.raises(
        ImportFormatError, match=r"^transcript\.transcriptSegments\[0\]\.text is missing$"
    ):
        _parse(document)


def test_it_rejects_an_unknown_medium() -> None:
    document = _conversation({"text": "Hi", "channelTag": 1}, medium="CARRIER_PIGEON")

    with pytest.raises(ImportFormatError, match=r"^medium: unknown medium 'CARRIER_PIGEON'"):
        _parse(document)


def test_a_message_before_the_start_time_is_an_error() -> None:
    document = _conversation(
        {"text": "Hi", "channelTag": 2, "messageTime": "2026-03-01T09:59:59Z"},
    )

    with pytest.raises(
        ImportFormatError,
        match=r"^transcript\.transcriptSegments\[0\]\.messageTime is 1000 ms before startTime$",
    ):
        _parse(document)


def test_without_a_name_the_file_name_stem_is_the_id() -> None:
    document = _conversation({"text": "Hi", "channelTag": 2})
    del document["name"]

    [record] = _parse(document, filename="exported-42.json")

    assert record.external_id == "exported-42"
