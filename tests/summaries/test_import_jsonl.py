from __future__ import annotations

import json
from pathlib import Path

import pytest

from summaries.importers import jsonl
from summaries.importers.records import ImportFormatError

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "import"


def _line(**fields: object) -> str:
    conversation = {"id": "c-1", "channel": "chat", "turns": [{"role": "agent", "text": "Hi"}]}
    return json.dumps({**conversation, **fields})


def _parse(*lines: str):
    return jsonl.parse("\n".join(lines).encode(), filename="bulk.jsonl")


def test_it_reads_every_field_of_each_line() -> None:
    path = FIXTURES / "good" / "two_calls.jsonl"
    first, second = jsonl.parse(path.read_bytes(), filename=path.name)

    assert (first.source, first.external_id, first.channel, first.language) == (
        "jsonl",
        "fx-101",
        "voice",
        "en",
    )
    assert (first.agent_id, first.agent_name, first.queue) == ("fx-ag-1", "Robin Hale", "billing")
    assert first.started_at is not None
    assert first.started_at.isoformat() == "2025-11-03T09:15:00+00:00"
    assert [(turn.role, turn.offset_ms) for turn in first.turns][:2] == [
        ("agent", 800),
        ("customer", 4200),
    ]
    assert [turn.role for turn in second.turns] == ["system", "customer", "agent"]
    assert first.location == "line 1"
    assert second.location == "line 2"


def test_the_summary_sections_keep_their_order() -> None:
    path = FIXTURES / "good" / "two_calls.jsonl"
    first, _ = jsonl.parse(path.read_bytes(), filename=path.name)

    [summary] = first.summaries
    assert summary.generator == "fixture-gen"
    assert [section.key for section in summary.sections] == ["situation", "resolution"]
    assert summary.sections[1].text == "Y"


def test_unknown_top_level_keys_are_ignored_and_a_missing_summary_is_none() -> None:
    [record] = _parse(_line(labels={"accuracy": []}, expected={"accuracy": 1.0}))

    assert record.summaries == []
    assert record.agent_id == ""


def test_blank_lines_are_skipped_but_still_counted() -> None:
    with pytest.raises(ImportFormatError, match=r"^line 3: id is missing$"):
        _parse(_line(), "", json.dumps({"channel": "chat", "turns": []}))


def test_a_bad_third_line_names_the_line_and_the_field() -> None:
    path = FIXTURES / "broken" / "bad_line_3.jsonl"

    with pytest.raises(ImportFormatError, match=r"^line 3: turns\[1\]\.text is missing$"):
        jsonl.parse(path.read_bytes(), filename=path.name)


def test_an_unknown_role_names_the_line_and_the_turn() -> None:
    bad = _line(turns=[{"role": "agent", "text": "Hi"}, {"role": "supervisor", "text": "Hello"}])

    with pytest.raises(
        ImportFormatError, match=r"^line 2: turns\[1\]\.role: unknown role 'supervisor'"
    ):
        _parse(_line(), bad)


def test_broken_json_on_a_line_names_the_line() -> None:
    with pytest.raises(ImportFormatError, match=r"^line 2: truncated JSON at column \d+"):
        _parse(_line(), '{"id": "c-2", "turns": [')
    with pytest.raises(ImportFormatError, match=r"^line 1: expected a JSON object, not a list$"):
        _parse("[1, 2]")


def test_an_unknown_channel_and_a_bad_timestamp_are_named() -> None:
    with pytest.raises(ImportFormatError, match=r"^line 1: channel: unknown channel 'fax'"):
        _parse(_line(channel="fax"))
    with pytest.raises(ImportFormatError, match=r"^line 1: started_at: 'yesterday' is not"):
        _parse(_line(started_at="yesterday"))


def test_a_summary_section_without_a_key_is_named() -> None:
    bad = _line(summary={"generator": "g", "sections": [{"text": "x"}]})

    with pytest.raises(
        ImportFormatError, match=r"^line 1: summary\.sections\[0\]\.key is missing$"
    ):
        _parse(bad)
