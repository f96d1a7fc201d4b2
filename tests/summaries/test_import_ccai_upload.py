from __future__ import annotations

import json
from pathlib import Path

import pytest

from summaries.importers import ccai_upload
from summaries.importers.records import ImportFormatError

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "import"


def _parse(document: object, filename: str = "call-1.json", **kwargs: str):
    return ccai_upload.parse(json.dumps(document).encode(), filename=filename, **kwargs)


def test_it_reads_roles_texts_and_offsets_from_the_first_entry() -> None:
    path = FIXTURES / "good" / "call-400.ccai_upload.json"
    [record] = ccai_upload.parse(path.read_bytes(), filename=path.name)

    assert [(turn.role, turn.text) for turn in record.turns] == [
        ("bot", "Welcome to Lumen. Say 'moving' or 'billing'."),
        ("customer", "Moving."),
        ("agent", "Hi, Sam here, when is your moving date?"),
        ("customer", "The 1st of December."),
    ]
    assert [turn.offset_ms for turn in record.turns] == [0, 4000, 12500, 18000]
    assert record.started_at is not None
    assert record.started_at.isoformat() == "2025-11-07T09:40:00+00:00"


def test_it_keeps_the_categories_in_metadata() -> None:
    path = FIXTURES / "good" / "call-400.ccai_upload.json"
    [record] = ccai_upload.parse(path.read_bytes(), filename=path.name)

    assert record.metadata["categories"] == ["Moving home"]


def test_it_takes_the_file_name_stem_as_id_and_assumes_a_voice_call() -> None:
    document = {"entries": [{"text": "Hello.", "role": "AGENT"}]}

    [record] = _parse(document, filename="call-77.json")
    [chat] = _parse(document, filename="call-77.json", default_channel="chat")

    assert record.source == "ccai-upload"
    assert record.external_id == "call-77"
    assert record.channel == "voice"
    assert record.metadata["channel_assumed"] is True
    assert chat.channel == "chat"
    assert record.agent_id == ""


def test_it_names_the_entry_whose_text_is_missing() -> None:
    path = FIXTURES / "broken" / "missing_text.ccai_upload.json"

    with pytest.raises(ImportFormatError, match=r"^entries\[2\]\.text is missing$"):
        ccai_upload.parse(path.read_bytes(), filename=path.name)


def test_it_names_the_entry_with_an_unknown_role() -> None:
    document = {"entries": [{"text": "Hi", "role": "AGENT"}, {"text": "Hey", "role": "SUPERVISOR"}]}

    with pytest.raises(ImportFormatError, match=r"^entries\[1\]\.role: unknown role 'SUPERVISOR'"):
        _parse(document)


def test_it_rejects_an_entry_earlier_than_the_first() -> None:
    document = {
        "entries": [
            {"text": "Hi", "role": "AGENT", "start_timestamp_usec": 2_000_000},
            {"text": "Hey", "role": "CUSTOMER", "start_timestamp_usec": 1_000_000},
        ]
    }

    with pytest.raises(ImportFormatError, match=r"entries\[1\]\.start_timestamp_usec is earlier"):
        _parse(document)


def test_it_reports_truncated_json_with_its_line_and_column() -> None:
    path = FIXTURES / "broken" / "truncated.json"

    with pytest.raises(ImportFormatError, match=r"^truncated JSON: .* line 9 column 15"):
        ccai_upload.parse(path.read_bytes(), filename=path.name)


def test_it_reports_an_empty_file_and_an_empty_entry_list() -> None:
    with pytest.raises(ImportFormatError, match=r"^the file is empty$"):
        ccai_upload.parse(b"  \n", filename="x.json")
    with pytest.raises(ImportFormatError, match=r"^entries is empty"):
        _parse({"entries": []})
