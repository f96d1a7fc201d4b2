"""Hostile and oversized import files: each fails alone, with its reason, and the import goes on.

Every case here once stopped a whole `import_conversations` run (a traceback, a hang or memory
exhausted) or was stored differently on SQLite and PostgreSQL.
"""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from summaries.limits import conversation_limits
from summaries.models import Conversation, Turn
from summaries.services import conversations_import_content

pytestmark = pytest.mark.django_db

GOOD_LINE = {
    "id": "good-1",
    "channel": "chat",
    "agent": {"id": "ag-1", "name": "Sam"},
    "turns": [
        {"role": "agent", "text": "Hello, how can I help?", "offset_ms": 0},
        {"role": "customer", "text": "Where is my parcel?", "offset_ms": 4000},
    ],
}


def _line(**changes: object) -> str:
    document = json.loads(json.dumps(GOOD_LINE))
    document.update(changes)
    return json.dumps(document)


def _turns(*texts: str) -> list[dict]:
    return [
        {"role": "customer" if i % 2 else "agent", "text": t, "offset_ms": i * 1000}
        for i, t in enumerate(texts)
    ]


@contextmanager
def _no_hang(seconds: int = 60) -> Iterator[None]:
    """Fail the test instead of hanging it (a FIFO that blocks on open, /dev/zero read whole)."""

    def _timeout(signum, frame):
        raise AssertionError(f"the import did not finish within {seconds} s")

    previous = signal.signal(signal.SIGALRM, _timeout)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _run(*paths: Path) -> tuple[list[str], str]:
    """The command's lines and its error ("" when every file imported or was skipped)."""
    out = StringIO()
    error = ""
    with _no_hang():
        try:
            call_command("import_conversations", *map(str, paths), stdout=out)
        except CommandError as caught:
            error = str(caught)
    return out.getvalue().splitlines(), error


def _write_good(folder: Path) -> Path:
    good = folder / "zz-good.jsonl"
    good.write_text(json.dumps(GOOD_LINE) + "\n", encoding="utf-8")
    return good


# --- Every exception in one file is that file's failure ------------------------------------------

HOSTILE_FILES = {
    # A document nested 100,000 deep: RecursionError in the JSON decoder.
    "deep.json": '{"turns": ' + "[" * 100_000 + "]" * 100_000 + "}",
    # "\ud800" is valid JSON but not Unicode text: no database can store it.
    "surrogate.jsonl": _line(turns=_turns("Hello", "caf\\ud800")).replace("\\\\ud800", "\\ud800"),
    # Python refuses to convert integers of more than 4,300 digits (ValueError).
    "digits.jsonl": _line().replace('"offset_ms": 4000', '"offset_ms": ' + "9" * 5000),
    # 1e23 is a whole number, and far beyond a 64-bit integer column.
    "offset.jsonl": _line().replace('"offset_ms": 4000', '"offset_ms": 1e23'),
    # Year 1 at +14:00 is in year 0 in UTC, which datetime cannot hold.
    "year-one.jsonl": _line(started_at="0001-01-01T00:00:00+14:00"),
}


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("deep.json", "the JSON is nested too deeply"),
        (
            "surrogate.jsonl",
            "line 1: turns[1].text contains a lone surrogate (\\ud800), which is not valid "
            "Unicode text",
        ),
        ("digits.jsonl", "line 1: a number in the file has 5000 digits (at most 100)"),
        (
            "offset.jsonl",
            # 1e23 as the whole number the float holds.
            "line 1: turns[1].offset_ms is 99,999,999,999,999,991,611,392 ms, more than "
            "31,622,400,000 ms (366 days) after the start",
        ),
        (
            "year-one.jsonl",
            "line 1: started_at: '0001-01-01T00:00:00+14:00' is outside the dates that can be "
            "stored (years 1 to 9999 in UTC)",
        ),
    ],
)
def test_a_hostile_file_fails_with_its_reason_and_the_next_file_still_imports(
    tmp_path: Path, name: str, reason: str
) -> None:
    (tmp_path / name).write_text(HOSTILE_FILES[name], encoding="utf-8")
    good = _write_good(tmp_path)

    lines, error = _run(tmp_path)

    assert lines[0] == f"failed {tmp_path / name}: {reason}"
    assert lines[1] == f"imported {good}: 1 conversations, 0 summaries"
    assert error == "1 of 2 files failed to import"
    assert list(Conversation.objects.values_list("external_id", flat=True)) == ["good-1"]


def test_an_unexpected_error_inside_one_file_fails_that_file_only(tmp_path: Path, monkeypatch):
    """Whatever a parser raises (here a bug), the file fails with the error and the rest go on."""
    from summaries.importers import formats, text

    def broken_parser(content, *, filename, default_channel):
        raise KeyError("a bug in a parser")

    monkeypatch.setitem(formats.PARSERS, text.SOURCE, broken_parser)
    (tmp_path / "a-call.txt").write_text("Agent: Hello\nCustomer: Hi\n", encoding="utf-8")
    good = _write_good(tmp_path)

    lines, _ = _run(tmp_path)

    assert lines[0] == (
        f"failed {tmp_path / 'a-call.txt'}: unexpected error (KeyError: 'a bug in a parser')"
    )
    assert lines[1] == f"imported {good}: 1 conversations, 0 summaries"


def test_a_file_name_that_is_not_utf8_is_printed_without_stopping_the_command(
    tmp_path: Path,
) -> None:
    bad_name = os.fsdecode(b"call-\xff.txt")  # a surrogate escape on a UTF-8 file system
    (tmp_path / bad_name).write_text("Agent: Hello\n\nSupervisor: hi\n", encoding="utf-8")
    good = _write_good(tmp_path)

    lines, _ = _run(tmp_path)

    assert lines[0] == f"failed {tmp_path}/call-\\udcff.txt: line 3: unknown speaker " + (
        "'Supervisor' (expected Agent, Customer, System or Bot)"
    )
    assert lines[1] == f"imported {good}: 1 conversations, 0 summaries"


def test_nan_and_infinity_are_not_json(tmp_path: Path) -> None:
    (tmp_path / "nan.jsonl").write_text(
        _line().replace('"offset_ms": 4000', '"offset_ms": NaN'), encoding="utf-8"
    )

    lines, _ = _run(tmp_path / "nan.jsonl")

    assert lines[0] == f"failed {tmp_path / 'nan.jsonl'}: line 1: NaN is not valid JSON"


# --- NUL characters: one rule on every database ----------------------------------------------------


@pytest.mark.parametrize(
    ("content", "name", "reason"),
    [
        (_line(turns=_turns("Hello", "a\\u0000b")), "nul.jsonl", "line 1: turns[1].text"),
        (_line(queue="bill\\u0000ing"), "nul-queue.jsonl", "line 1: queue"),
        ("Agent: Hello\nCustomer: a\x00b\n", "nul.txt", "turns[1].text"),
    ],
)
def test_a_nul_character_refuses_the_file_naming_the_field(
    tmp_path: Path, content: str, name: str, reason: str
) -> None:
    (tmp_path / name).write_text(content.replace("\\\\u0000", "\\u0000"), encoding="utf-8")

    lines, _ = _run(tmp_path / name)

    assert lines[0] == f"failed {tmp_path / name}: {reason} contains a NUL character (\\x00)"
    assert not Turn.objects.exists()


# --- Caps on size -------------------------------------------------------------------------------


def test_the_caps_have_sane_defaults(settings) -> None:
    limits = conversation_limits()

    assert limits.max_turns == settings.CONVERSATION_MAX_TURNS == 5_000
    assert limits.max_turn_characters == settings.TURN_MAX_CHARACTERS == 20_000
    assert limits.max_file_bytes == settings.IMPORT_MAX_FILE_BYTES == 50_000_000


def test_a_conversation_over_the_turn_cap_fails_its_file(tmp_path: Path, settings) -> None:
    settings.CONVERSATION_MAX_TURNS = 3
    (tmp_path / "long.jsonl").write_text(
        _line(turns=_turns("a", "b", "c", "d")) + "\n", encoding="utf-8"
    )
    good = _write_good(tmp_path)

    lines, _ = _run(tmp_path)

    assert lines[0] == (
        f"failed {tmp_path / 'long.jsonl'}: line 1: the conversation has 4 turns, more than "
        "the cap of 3 (CONVERSATION_MAX_TURNS)"
    )
    assert lines[1].startswith(f"imported {good}")


def test_a_turn_over_the_character_cap_fails_its_file(tmp_path: Path, settings) -> None:
    settings.TURN_MAX_CHARACTERS = 10
    (tmp_path / "wordy.txt").write_text("Agent: Hello\nCustomer: " + "x" * 11 + "\n", "utf-8")

    lines, _ = _run(tmp_path / "wordy.txt")

    assert lines[0] == (
        f"failed {tmp_path / 'wordy.txt'}: turns[1].text has 11 characters, more than the cap "
        "of 10 (TURN_MAX_CHARACTERS)"
    )


def test_a_file_over_the_byte_cap_fails_before_it_is_read(tmp_path: Path, settings) -> None:
    settings.IMPORT_MAX_FILE_BYTES = 100
    big = tmp_path / "big.jsonl"
    big.write_text(json.dumps(GOOD_LINE) + "\n", encoding="utf-8")
    size = big.stat().st_size

    lines, _ = _run(big)

    assert lines[0] == (
        f"failed {big}: the file is {size:,} bytes, more than the cap of 100 "
        "(IMPORT_MAX_FILE_BYTES)"
    )


def test_uploaded_content_over_the_byte_cap_fails(settings) -> None:
    settings.IMPORT_MAX_FILE_BYTES = 10

    outcome = conversations_import_content(content=b"Agent: Hello there\n", filename="a.txt")

    assert (outcome.status, outcome.error) == (
        "failed",
        "the file is 19 bytes, more than the cap of 10 (IMPORT_MAX_FILE_BYTES)",
    )


# --- Only regular files -------------------------------------------------------------------------


def test_a_named_pipe_in_a_directory_is_skipped_without_opening_it(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe.json")  # opening it to read would block until a writer comes
    good = _write_good(tmp_path)

    lines, error = _run(tmp_path)

    assert lines[:2] == [
        f"skipped {tmp_path / 'pipe.json'}: not a regular file (a named pipe)",
        f"imported {good}: 1 conversations, 0 summaries",
    ]
    assert error == ""


def test_a_device_named_on_the_command_line_is_skipped_never_opened(
    tmp_path: Path, monkeypatch
) -> None:
    good = _write_good(tmp_path)
    opened: list[str] = []
    real_open = os.open
    monkeypatch.setattr(
        os, "open", lambda path, *a, **k: opened.append(str(path)) or real_open(path, *a, **k)
    )

    lines, error = _run(Path("/dev/zero"), good)

    assert "/dev/zero" not in opened and str(good) in opened

    assert lines[:2] == [
        "skipped /dev/zero: not a regular file (a character device)",
        f"imported {good}: 1 conversations, 0 summaries",
    ]
    assert error == ""


def test_import_sections_skips_what_is_not_a_regular_file(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "sections.json")
    out = StringIO()

    with _no_hang(), pytest.raises(CommandError) as caught:
        call_command("import_sections", str(tmp_path / "sections.json"), stdout=out)

    assert str(caught.value).endswith("sections.json: not a regular file (a named pipe)")


def test_a_link_to_a_device_in_a_directory_is_skipped(tmp_path: Path) -> None:
    (tmp_path / "zero.json").symlink_to("/dev/zero")
    good = _write_good(tmp_path)

    lines, _ = _run(tmp_path)

    assert lines[:2] == [
        f"skipped {tmp_path / 'zero.json'}: not a regular file (a character device)",
        f"imported {good}: 1 conversations, 0 summaries",
    ]
