from __future__ import annotations

import json
from pathlib import Path

import pytest

from summaries.importers.formats import format_detect, import_files_find, records_parse
from summaries.importers.records import ImportFormatError

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "import"


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("two_calls.jsonl", "jsonl"),
        ("chat-100.ccai_conversation.json", "ccai-conversation"),
        ("call-200.connect_voice.json", "connect"),
        ("chat-300.connect_chat.json", "connect"),
        ("call-400.ccai_upload.json", "ccai-upload"),
        ("call-500.txt", "text"),
    ],
)
def test_auto_detection_recognises_every_format(name: str, expected: str) -> None:
    path = FIXTURES / "good" / name

    assert format_detect(path.read_bytes(), filename=name) == expected


def test_content_decides_when_the_extension_does_not() -> None:
    jsonl_content = (FIXTURES / "good" / "two_calls.jsonl").read_bytes()
    text_content = (FIXTURES / "good" / "call-500.txt").read_bytes()

    assert format_detect(jsonl_content, filename="export.log") == "jsonl"
    assert format_detect(text_content, filename="transcript") == "text"


def test_a_json_file_that_is_no_known_format_fails_detection() -> None:
    with pytest.raises(
        ImportFormatError, match=r"could not detect the format: .*found rows, total"
    ):
        format_detect(b'{"rows": [], "total": 0}', filename="report.json")
    with pytest.raises(ImportFormatError, match=r"could not detect the format"):
        format_detect(b"Dear customer,\nthanks", filename="letter.json")


def test_detection_reports_truncated_json() -> None:
    path = FIXTURES / "broken" / "truncated.json"

    with pytest.raises(ImportFormatError, match=r"^truncated JSON"):
        records_parse(path.read_bytes(), filename=path.name)


def test_an_explicit_format_is_used_as_given() -> None:
    path = FIXTURES / "good" / "call-400.ccai_upload.json"

    with pytest.raises(ImportFormatError, match=r"^Transcript is missing$"):
        records_parse(path.read_bytes(), filename=path.name, fmt="connect")


def test_a_directory_walk_is_sorted_skips_hidden_files_and_flags_non_import_files() -> None:
    found = [(c.path.name, c.skip_reason) for c in import_files_find([FIXTURES / "good"])]

    assert found == [
        ("bot-600.ccai_conversation.json", ""),
        ("call-200.connect_voice.json", ""),
        ("call-400.ccai_upload.json", ""),
        ("call-500.txt", ""),
        ("chat-100.ccai_conversation.json", ""),
        ("chat-300.connect_chat.json", ""),
        ("notes.md", "not an import file"),
        ("two_calls.jsonl", ""),
    ]


def test_a_file_named_explicitly_is_always_tried() -> None:
    notes = FIXTURES / "good" / "notes.md"
    missing = FIXTURES / "no-such-file.json"

    assert [c.skip_reason for c in import_files_find([notes, missing])] == ["", ""]


SECTION_DEFINITIONS = json.dumps(
    [
        {
            "key": "follow_up",
            "name": "Follow-up",
            "origin": "custom",
            "value_type": "free_text",
            "instructions": "List any follow-up the agent promised.",
            "allowed_values": [],
        },
        {
            "key": "escalated",
            "name": "Escalated",
            "origin": "custom",
            "value_type": "categorical",
            "instructions": "Return Yes or No.",
            "allowed_values": ["Yes", "No"],
        },
    ],
    indent=2,
)


def test_detection_names_a_section_definitions_file_and_points_to_import_sections() -> None:
    with pytest.raises(
        ImportFormatError,
        match=r"^could not detect the format: this is a section definitions file, not "
        r"conversations; load it with import_sections$",
    ):
        format_detect(SECTION_DEFINITIONS.encode(), filename="sections.json")


def test_a_forced_format_on_a_section_definitions_file_says_what_the_file_is() -> None:
    for fmt in ("jsonl", "connect", "ccai-upload", "text"):
        with pytest.raises(
            ImportFormatError,
            match=rf"^this is a section definitions file, not conversations in the {fmt} "
            r"format; load it with import_sections$",
        ):
            records_parse(SECTION_DEFINITIONS, filename="sections.json", fmt=fmt)


def test_a_json_list_of_other_objects_is_not_taken_for_section_definitions() -> None:
    with pytest.raises(ImportFormatError, match=r"found a JSON list$"):
        format_detect(b'[{"key": "follow_up", "text": "Call back"}]', filename="keys.json")
    with pytest.raises(ImportFormatError, match=r"found a JSON list$"):
        format_detect(b"[]", filename="empty.json")


def test_a_directory_walk_skips_a_section_definitions_file(tmp_path: Path) -> None:
    (tmp_path / "sections.json").write_text("\ufeff" + SECTION_DEFINITIONS, encoding="utf-8")
    (tmp_path / "keys.json").write_text('[{"key": "follow_up"}]', encoding="utf-8")
    (tmp_path / "calls.jsonl").write_bytes((FIXTURES / "good" / "two_calls.jsonl").read_bytes())

    found = [(c.path.name, c.skip_reason) for c in import_files_find([tmp_path])]

    assert found == [
        ("calls.jsonl", ""),
        ("keys.json", ""),  # not definitions: the import tries it and says why it fails
        ("sections.json", "a section definitions file; load it with import_sections"),
    ]
    # Named explicitly, it is still tried, and fails with the reason above.
    assert [c.skip_reason for c in import_files_find([tmp_path / "sections.json"])] == [""]
