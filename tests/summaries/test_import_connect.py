from __future__ import annotations

import json
from pathlib import Path

import pytest

from summaries.importers import connect
from summaries.importers.records import ImportFormatError

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "import"


def _parse_fixture(name: str):
    path = FIXTURES / "good" / name
    [record] = connect.parse(path.read_bytes(), filename=path.name)
    return record


def _parse(document: dict):
    [record] = connect.parse(json.dumps(document).encode(), filename="contact.json")
    return record


def test_voice_participant_ids_resolve_through_participants() -> None:
    record = _parse_fixture("call-200.connect_voice.json")

    assert record.source == "connect"
    assert record.external_id == "0f9c2a7e-1111-4a4b-9c1d-000000000200"
    assert record.channel == "voice"
    assert record.language == "en-GB"
    assert [(turn.role, turn.offset_ms) for turn in record.turns] == [
        ("agent", 1200),
        ("customer", 3500),
        ("agent", 7600),
    ]
    assert record.turns[1].text == "I need to move my boiler service to later in the week."


def test_the_post_contact_summary_becomes_one_section() -> None:
    record = _parse_fixture("call-200.connect_voice.json")

    [summary] = record.summaries
    assert summary.generator == "amazon-connect"
    assert [(section.key, section.text) for section in summary.sections] == [
        (
            "post_contact_summary",
            "The customer asked to move a boiler service visit; the agent rebooked it for Friday.",
        )
    ]


def test_chat_skips_events_and_attachments_and_times_turns_from_the_first_item() -> None:
    record = _parse_fixture("chat-300.connect_chat.json")

    assert record.channel == "chat"
    assert [(turn.role, turn.speaker, turn.offset_ms) for turn in record.turns] == [
        ("customer", "Lee", 2500),
        ("system", "SYSTEM_MESSAGE", 3000),
        ("agent", "Morgan", 20250),
    ]
    assert record.started_at is not None
    assert record.started_at.isoformat() == "2025-11-07T12:00:00+00:00"
    assert record.metadata["agent_display_name"] == "Morgan"
    assert record.summaries == []


def test_literal_role_participant_ids_need_no_participants_list() -> None:
    record = _parse(
        {
            "Channel": "VOICE",
            "CustomerMetadata": {"ContactId": "c-1"},
            "Transcript": [
                {"ParticipantId": "AGENT", "BeginOffsetMillis": 10, "Content": "Hello"},
                {"ParticipantId": "CUSTOMER", "BeginOffsetMillis": 900, "Content": "Hi"},
            ],
        }
    )

    assert [turn.role for turn in record.turns] == ["agent", "customer"]


def test_an_unknown_participant_id_is_named() -> None:
    with pytest.raises(
        ImportFormatError,
        match=r"^Transcript\[0\]\.ParticipantId: 'ghost' is not one of Participants",
    ):
        _parse({"Transcript": [{"ParticipantId": "ghost", "Content": "Boo"}]})


def test_an_unknown_participant_role_is_named() -> None:
    with pytest.raises(
        ImportFormatError, match=r"^Transcript\[1\]\.ParticipantRole: unknown role 'MANAGER'"
    ):
        _parse(
            {
                "Channel": "CHAT",
                "Transcript": [
                    {"ParticipantRole": "CUSTOMER", "Content": "Hi", "Type": "MESSAGE"},
                    {"ParticipantRole": "MANAGER", "Content": "Hello", "Type": "MESSAGE"},
                ],
            }
        )


def test_a_message_without_content_is_named() -> None:
    with pytest.raises(ImportFormatError, match=r"^Transcript\[0\]\.Content is missing$"):
        _parse({"Channel": "VOICE", "Transcript": [{"ParticipantId": "AGENT"}]})


def test_a_transcript_of_only_events_is_an_error() -> None:
    with pytest.raises(ImportFormatError, match="no MESSAGE items"):
        _parse({"Channel": "CHAT", "Transcript": [{"Type": "EVENT", "ParticipantRole": "SYSTEM"}]})
