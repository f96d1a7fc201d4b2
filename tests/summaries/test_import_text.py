from __future__ import annotations

from pathlib import Path

import pytest

from summaries.importers import text
from summaries.importers.records import ImportFormatError

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "import"


def _parse(content: str, filename: str = "call.txt"):
    [record] = text.parse(content.encode(), filename=filename)
    return record


def test_it_reads_agent_customer_system_and_bot_lines() -> None:
    path = FIXTURES / "good" / "call-500.txt"
    [record] = text.parse(path.read_bytes(), filename=path.name)

    assert [turn.role for turn in record.turns] == [
        "system",
        "bot",
        "agent",
        "customer",
        "agent",
        "customer",
    ]
    assert record.source == "text"
    assert record.external_id == "call-500"
    assert record.channel == "voice"


def test_continuation_lines_join_the_turn_above() -> None:
    path = FIXTURES / "good" / "call-500.txt"
    [record] = text.parse(path.read_bytes(), filename=path.name)

    assert record.turns[3].text == "I'd like to close my account,\nI'm moving abroad next month."
    assert record.turns[4].text == (
        "I'm sorry to see you go. I've scheduled the closure for 30 November.\n"
        "See https://example.invalid/close for the final bill: it arrives by post."
    )


def test_a_bracketed_name_is_the_speaker_and_a_leading_time_the_offset() -> None:
    path = FIXTURES / "good" / "call-500.txt"
    [record] = text.parse(path.read_bytes(), filename=path.name)

    assert (record.turns[2].speaker, record.turns[2].offset_ms) == ("Sam", 9000)
    assert (record.turns[4].speaker, record.turns[4].offset_ms) == ("Agent", None)


def test_labels_are_case_insensitive_and_times_stay_in_the_text() -> None:
    record = _parse("AGENT: We open at 10:30.\ncustomer: OK\n")

    assert [(turn.role, turn.text) for turn in record.turns] == [
        ("agent", "We open at 10:30."),
        ("customer", "OK"),
    ]


def test_an_unknown_speaker_names_the_line() -> None:
    path = FIXTURES / "broken" / "unknown_role.txt"

    with pytest.raises(ImportFormatError, match=r"^line 7: unknown speaker 'Supervisor'"):
        text.parse(path.read_bytes(), filename=path.name)


def test_text_before_any_speaker_names_the_line() -> None:
    with pytest.raises(ImportFormatError, match=r"^line 2: expected a speaker label"):
        _parse("\nHello there\nAgent: Hi\n")


def test_a_turn_without_text_names_its_line() -> None:
    with pytest.raises(ImportFormatError, match=r"^line 2: the Customer turn has no text$"):
        _parse("Agent: Hi\nCustomer:\n")


def test_an_empty_file_is_an_error() -> None:
    path = FIXTURES / "broken" / "empty.txt"

    with pytest.raises(ImportFormatError, match=r"^the file is empty$"):
        text.parse(path.read_bytes(), filename=path.name)


def test_a_file_that_is_not_utf8_is_an_error() -> None:
    with pytest.raises(ImportFormatError, match="not UTF-8"):
        text.parse("Agent: Grüß Gott\n".encode("latin-1"), filename="x.txt")
