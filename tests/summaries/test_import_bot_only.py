"""A conversation that no human agent took part in (a virtual agent handled it end to end) is
normal, in every format: it imports with no agent, and its turns as they are."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from summaries.models import Agent, Conversation

pytestmark = pytest.mark.django_db

BOT_TURNS = [
    {"role": "bot", "text": "Hi, I'm the virtual assistant. What can I do for you?"},
    {"role": "customer", "text": "What is my balance?"},
    {"role": "bot", "text": "Your balance is 12 pounds in credit."},
]


def _jsonl(**agent_field: object) -> str:
    document: dict = {"id": "bot-chat", "channel": "chat", "turns": BOT_TURNS, **agent_field}
    return json.dumps(document) + "\n"


CCAI_CONVERSATION = {
    "name": "projects/p/locations/eu/conversations/bot-chat",
    "medium": "CHAT",
    "agentId": None,
    "transcript": {
        "transcriptSegments": [
            {"text": t["text"], "segmentParticipant": {"role": r}}
            for t, r in zip(
                BOT_TURNS, ["AUTOMATED_AGENT", "END_USER", "AUTOMATED_AGENT"], strict=True
            )
        ]
    },
}
CCAI_UPLOAD = {
    "entries": [
        {"text": t["text"], "role": r, "start_timestamp_usec": 1762508400000000 + i * 10**6}
        for i, (t, r) in enumerate(
            zip(BOT_TURNS, ["AUTOMATED_AGENT", "END_USER", "AUTOMATED_AGENT"], strict=True)
        )
    ]
}
CONNECT_CHAT = {
    "Version": "1.1.0",
    "Channel": "CHAT",
    "CustomerMetadata": {"ContactId": "bot-chat"},
    "Participants": [
        {"ParticipantId": "c-1", "ParticipantRole": "CUSTOMER", "DisplayName": "Lee"},
        {"ParticipantId": "b-1", "ParticipantRole": "CUSTOM_BOT", "DisplayName": None},
    ],
    "Transcript": [
        {
            "AbsoluteTime": f"2025-11-07T12:00:0{i}.000Z",
            "Content": t["text"],
            "ContentType": "text/plain",
            "ParticipantId": p,
            "Type": "MESSAGE",
        }
        for i, (t, p) in enumerate(zip(BOT_TURNS, ["b-1", "c-1", "b-1"], strict=True))
    ],
}
TEXT = "".join(f"{'Bot' if t['role'] == 'bot' else 'Customer'}: {t['text']}\n" for t in BOT_TURNS)


@pytest.mark.parametrize(
    ("name", "content"),
    [
        ("null-id-and-name.jsonl", _jsonl(agent={"id": None, "name": None})),
        ("empty-object.jsonl", _jsonl(agent={})),
        ("empty-strings.jsonl", _jsonl(agent={"id": "", "name": ""})),
        ("name-only.jsonl", _jsonl(agent={"id": None, "name": "Virtual assistant"})),
        ("null-agent.jsonl", _jsonl(agent=None)),
        ("no-agent.jsonl", _jsonl()),
        ("bot-chat.ccai_conversation.json", json.dumps(CCAI_CONVERSATION)),
        ("bot-chat.ccai_upload.json", json.dumps(CCAI_UPLOAD)),
        ("bot-chat.connect.json", json.dumps(CONNECT_CHAT)),
        ("bot-chat.txt", TEXT),
    ],
)
def test_a_bot_only_conversation_imports_with_no_agent(
    tmp_path: Path, name: str, content: str
) -> None:
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    out = StringIO()

    call_command("import_conversations", str(path), stdout=out)

    assert out.getvalue().splitlines()[0] == f"imported {path}: 1 conversations, 0 summaries"
    conversation = Conversation.objects.get()
    assert conversation.agent is None
    assert [turn.role for turn in conversation.turns.all()] == ["bot", "customer", "bot"]
    assert not Agent.objects.exists()


def test_a_name_without_an_id_is_kept_with_the_conversation(tmp_path: Path) -> None:
    path = tmp_path / "named.jsonl"
    path.write_text(_jsonl(agent={"id": None, "name": "Virtual assistant"}), encoding="utf-8")

    call_command("import_conversations", str(path), stdout=StringIO())

    assert Conversation.objects.get().metadata["agent_display_name"] == "Virtual assistant"


def test_an_agent_id_without_a_human_turn_still_makes_no_agent(tmp_path: Path) -> None:
    """The routing said an agent; nobody but the bot spoke."""
    path = tmp_path / "routed.jsonl"
    path.write_text(_jsonl(agent={"id": "ag-7", "name": "Sam"}), encoding="utf-8")

    call_command("import_conversations", str(path), stdout=StringIO())

    assert Conversation.objects.get().agent is None


def test_an_agent_with_an_id_is_still_required_to_be_a_string_or_number(tmp_path: Path) -> None:
    path = tmp_path / "odd.jsonl"
    path.write_text(_jsonl(agent={"id": ["ag-7"]}), encoding="utf-8")
    out = StringIO()

    with pytest.raises(Exception, match="1 of 1 files failed"):
        call_command("import_conversations", str(path), stdout=out)

    assert "line 1: agent.id must be a string, not a list" in out.getvalue()
