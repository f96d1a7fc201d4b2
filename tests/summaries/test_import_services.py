from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from summaries.importers.records import (
    ConversationRecord,
    ImportFormatError,
    SectionRecord,
    SummaryRecord,
    TurnRecord,
)
from summaries.models import Agent, Conversation, SectionDefinition, Summary, SummarySection, Turn
from summaries.services import (
    conversation_import,
    conversations_import_content,
    conversations_import_file,
    section_definition_save,
)

pytestmark = pytest.mark.django_db

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "import"


def _record(**overrides: object) -> ConversationRecord:
    fields: dict = {
        "source": "jsonl",
        "external_id": "svc-1",
        "channel": "voice",
        "turns": [
            TurnRecord(role="agent", text="Hello, how can I help?", offset_ms=0),
            TurnRecord(role="customer", text="My card was declined.", offset_ms=2500),
            TurnRecord(role="agent", text="I've lifted the block.", offset_ms=9000),
        ],
        "agent_id": "svc-agent",
        "agent_name": "Jo Park",
        "queue": "billing",
        "summaries": [
            SummaryRecord(
                generator="gen-a",
                sections=[
                    SectionRecord(key="situation", text="The card was declined."),
                    SectionRecord(key="resolution", text="Y"),
                ],
            )
        ],
    }
    fields.update(overrides)
    return ConversationRecord(**fields)


def _row_counts() -> tuple[int, ...]:
    return tuple(
        model.objects.count() for model in (Conversation, Turn, Agent, Summary, SummarySection)
    )


def test_it_stores_the_turns_in_order_with_roles_and_offsets() -> None:
    outcome = conversation_import(record=_record())

    assert outcome.status == "imported"
    assert outcome.conversation_created is True
    turns = list(outcome.conversation.turns.order_by("index"))
    assert [(t.index, t.role, t.text, t.offset_ms) for t in turns] == [
        (0, "agent", "Hello, how can I help?", 0),
        (1, "customer", "My card was declined.", 2500),
        (2, "agent", "I've lifted the block.", 9000),
    ]
    assert outcome.conversation.queue == "billing"
    assert len(outcome.conversation.content_hash) == 64


def test_summary_sections_point_at_the_active_definition_versions() -> None:
    outcome = conversation_import(record=_record())

    [summary] = outcome.conversation.summaries.all()
    sections = list(summary.sections.order_by("position").select_related("definition"))
    assert [(s.definition.key, s.text) for s in sections] == [
        ("situation", "The card was declined."),
        ("resolution", "Y"),
    ]
    assert all(s.definition.is_active for s in sections)
    assert outcome.summaries_created == 1


def test_reimporting_the_same_record_changes_nothing() -> None:
    conversation_import(record=_record())
    before = _row_counts()

    outcome = conversation_import(record=_record())

    assert outcome.status == "unchanged"
    assert outcome.summaries_created == 0
    assert _row_counts() == before


def test_other_turns_under_an_existing_id_are_an_error_and_keep_the_stored_turns() -> None:
    conversation_import(record=_record())
    changed = _record(turns=[TurnRecord(role="agent", text="Something else entirely.")])

    with pytest.raises(
        ImportFormatError, match=r"conversation 'svc-1' \(jsonl\) is already stored"
    ):
        conversation_import(record=changed)

    assert list(Turn.objects.order_by("index").values_list("text", flat=True)) == [
        "Hello, how can I help?",
        "My card was declined.",
        "I've lifted the block.",
    ]


def test_the_same_id_from_another_source_is_another_conversation() -> None:
    conversation_import(record=_record())
    conversation_import(record=_record(source="text"))

    assert Conversation.objects.filter(external_id="svc-1").count() == 2


def test_a_new_summary_for_a_stored_conversation_is_added_beside_the_old_one() -> None:
    conversation_import(record=_record())
    newer = SummaryRecord(generator="gen-a", sections=[SectionRecord(key="resolution", text="P")])

    outcome = conversation_import(record=_record(summaries=[newer]))

    assert outcome.status == "imported"
    assert outcome.conversation_created is False
    assert outcome.summaries_created == 1
    assert outcome.conversation.summaries.count() == 2


def test_an_unknown_section_key_names_the_key_and_the_line() -> None:
    summary = SummaryRecord(
        generator="g",
        sections=[SectionRecord(key="situation", text="x"), SectionRecord(key="mood", text="y")],
    )

    with pytest.raises(
        ImportFormatError, match=r"^line 4: summary\.sections\[1\]\.key: unknown section key 'mood'"
    ):
        conversation_import(record=_record(summaries=[summary], location="line 4"))


def test_a_section_key_twice_in_one_summary_is_an_error() -> None:
    summary = SummaryRecord(
        generator="g",
        sections=[
            SectionRecord(key="situation", text="x"),
            SectionRecord(key="situation", text="y"),
        ],
    )

    with pytest.raises(ImportFormatError, match=r"section 'situation' appears twice"):
        conversation_import(record=_record(summaries=[summary]))


def test_agents_are_shared_by_external_id_and_an_empty_name_is_filled_in() -> None:
    conversation_import(record=_record(source="ccai-conversation", agent_name=""))
    assert Agent.objects.get(external_id="svc-agent").display_name == ""

    conversation_import(record=_record(external_id="svc-2"))
    conversation_import(record=_record(external_id="svc-3", agent_name="Somebody Else"))

    agent = Agent.objects.get(external_id="svc-agent")
    assert agent.display_name == "Jo Park"
    assert agent.conversations.count() == 3


def test_a_bot_only_conversation_has_no_agent() -> None:
    record = _record(
        turns=[TurnRecord(role="bot", text="Balance: 12"), TurnRecord(role="customer", text="Ta")]
    )

    outcome = conversation_import(record=record)

    assert outcome.conversation.agent is None
    assert not Agent.objects.exists()


def test_a_file_is_imported_in_one_transaction_and_a_bad_line_leaves_nothing() -> None:
    outcome = conversations_import_file(path=FIXTURES / "broken" / "bad_line_3.jsonl")

    assert outcome.status == "failed"
    assert outcome.error == "line 3: turns[1].text is missing"
    assert _row_counts() == (0, 0, 0, 0, 0)


def test_an_unknown_section_key_on_line_two_rolls_back_line_one() -> None:
    outcome = conversations_import_file(path=FIXTURES / "broken" / "unknown_section.jsonl")

    assert outcome.status == "failed"
    assert outcome.error.startswith(
        "line 2: summary.sections[1].key: unknown section key 'mood_ring'"
    )
    assert _row_counts() == (0, 0, 0, 0, 0)


def test_a_missing_file_is_a_failed_outcome_not_an_exception(tmp_path: Path) -> None:
    outcome = conversations_import_file(path=tmp_path / "nope.json")

    assert (outcome.status, outcome.error) == ("failed", "no such file")


def test_a_good_file_reports_what_it_created_and_then_unchanged() -> None:
    path = FIXTURES / "good" / "two_calls.jsonl"

    first = conversations_import_file(path=path)
    second = conversations_import_file(path=path)

    assert (first.status, first.fmt, first.conversations_created, first.summaries_created) == (
        "imported",
        "jsonl",
        2,
        2,
    )
    assert (second.status, second.conversations_created, second.summaries_created) == (
        "unchanged",
        0,
        0,
    )


def test_a_file_reads_the_section_definitions_once(tmp_path: Path) -> None:
    line = (FIXTURES / "good" / "two_calls.jsonl").read_text().splitlines()[0]
    many = tmp_path / "many.jsonl"
    many.write_text("\n".join(line.replace('"fx-101"', f'"fx-{n}"') for n in range(10)) + "\n")

    with CaptureQueriesContext(connection) as queries:
        outcome = conversations_import_file(path=many)

    assert outcome.conversations_created == 10
    definition_reads = [
        q["sql"]
        for q in queries.captured_queries
        if 'FROM "summaries_sectiondefinition"' in q["sql"]
    ]
    assert len(definition_reads) == 1


def test_a_new_definition_version_is_used_by_later_imports_only() -> None:
    section_definition_save(
        key="call_reason",
        name="Call reason",
        origin="custom",
        value_type="free_text",
        instructions="Say why they called.",
        allowed_values=[],
    )
    summary = SummaryRecord(generator="g", sections=[SectionRecord(key="call_reason", text="x")])
    conversation_import(record=_record(summaries=[summary]))
    section_definition_save(
        key="call_reason",
        name="Call reason",
        origin="custom",
        value_type="free_text",
        instructions="Say why they called, in one sentence.",
        allowed_values=[],
    )
    later = SummaryRecord(generator="g", sections=[SectionRecord(key="call_reason", text="y")])

    conversation_import(record=replace(_record(), summaries=[later]))

    versions = list(
        SummarySection.objects.order_by("summary__id").values_list("definition__version", flat=True)
    )
    assert versions == [1, 2]
    assert SectionDefinition.objects.filter(key="call_reason").count() == 2


def test_uploaded_content_imports_like_a_file() -> None:
    content = (FIXTURES / "good" / "call-500.txt").read_bytes()

    outcome = conversations_import_content(
        content=content, filename="upload-9.txt", default_channel="chat"
    )

    assert (outcome.status, outcome.fmt, outcome.conversations_created) == ("imported", "text", 1)
    conversation = Conversation.objects.get(source="text", external_id="upload-9")
    assert conversation.channel == "chat"
    assert conversation.turns.count() == 6


def test_a_file_that_changes_a_stored_conversation_fails_naming_the_line_and_id(
    tmp_path: Path,
) -> None:
    good = FIXTURES / "good" / "two_calls.jsonl"
    conversations_import_file(path=good)
    changed = tmp_path / "changed.jsonl"
    changed.write_text(good.read_text().replace("far too high", "a bit high"))

    outcome = conversations_import_file(path=changed)

    assert outcome.status == "failed"
    assert outcome.error.startswith(
        "line 1: conversation 'fx-101' (jsonl) is already stored with different turns"
    )
    assert Turn.objects.filter(text__contains="far too high").exists()
    assert not Turn.objects.filter(text__contains="a bit high").exists()
