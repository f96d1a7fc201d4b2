from __future__ import annotations

import os
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from summaries.models import Conversation, Summary, Turn

pytestmark = pytest.mark.django_db

REPO_ROOT = Path(__file__).resolve().parent.parent.parent
FIXTURES = REPO_ROOT / "tests" / "fixtures" / "import"
GOOD = FIXTURES / "good"
BROKEN = FIXTURES / "broken"


def _run(*args: str) -> list[str]:
    out = StringIO()
    call_command("import_conversations", *args, stdout=out)
    return out.getvalue().splitlines()


def _run_failing(*args: str) -> tuple[list[str], str]:
    out = StringIO()
    with pytest.raises(CommandError) as caught:
        call_command("import_conversations", *args, stdout=out)
    return out.getvalue().splitlines(), str(caught.value)


def test_it_prints_one_line_per_file_and_the_totals() -> None:
    lines = _run(str(GOOD))

    assert lines == [
        f"imported {GOOD}/bot-600.ccai_conversation.json: 1 conversations, 0 summaries",
        f"imported {GOOD}/call-200.connect_voice.json: 1 conversations, 1 summaries",
        f"imported {GOOD}/call-400.ccai_upload.json: 1 conversations, 0 summaries",
        f"imported {GOOD}/call-500.txt: 1 conversations, 0 summaries",
        f"imported {GOOD}/chat-100.ccai_conversation.json: 1 conversations, 0 summaries",
        f"imported {GOOD}/chat-300.connect_chat.json: 1 conversations, 0 summaries",
        f"skipped {GOOD}/notes.md: not an import file",
        f"imported {GOOD}/two_calls.jsonl: 2 conversations, 2 summaries",
        "total: 8 files (7 imported, 0 unchanged, 0 failed, 1 skipped); "
        "8 conversations and 3 summaries imported",
    ]
    assert Conversation.objects.count() == 8


def test_a_second_run_reports_every_file_unchanged_and_writes_nothing() -> None:
    _run(str(GOOD))
    counts = (Conversation.objects.count(), Turn.objects.count(), Summary.objects.count())

    lines = _run(str(GOOD))

    assert lines[0] == f"unchanged {GOOD}/bot-600.ccai_conversation.json"
    assert lines[-1] == (
        "total: 8 files (0 imported, 7 unchanged, 0 failed, 1 skipped); "
        "0 conversations and 0 summaries imported"
    )
    assert (Conversation.objects.count(), Turn.objects.count(), Summary.objects.count()) == counts


def test_broken_files_fail_with_file_and_reason_and_the_others_still_import() -> None:
    lines, error = _run_failing(str(BROKEN), str(GOOD / "two_calls.jsonl"))

    assert lines == [
        f"failed {BROKEN}/bad_line_3.jsonl: line 3: turns[1].text is missing",
        f"failed {BROKEN}/empty.txt: the file is empty",
        f"failed {BROKEN}/missing_text.ccai_upload.json: entries[2].text is missing",
        f"failed {BROKEN}/truncated.json: truncated JSON: the string that starts at "
        "line 9 column 15 never ends",
        f"failed {BROKEN}/unknown_role.txt: line 7: unknown speaker 'Supervisor' "
        "(expected Agent, Customer, System or Bot)",
        f"failed {BROKEN}/unknown_section.jsonl: line 2: summary.sections[1].key: "
        "unknown section key 'mood_ring' (load it with import_sections first)",
        f"imported {GOOD}/two_calls.jsonl: 2 conversations, 2 summaries",
        "total: 7 files (1 imported, 0 unchanged, 6 failed, 0 skipped); "
        "2 conversations and 2 summaries imported",
    ]
    assert error == "6 of 7 files failed to import"
    # Nothing from the broken files is left behind: only the good file's two conversations.
    assert sorted(Conversation.objects.values_list("external_id", flat=True)) == [
        "fx-101",
        "fx-102",
    ]


def test_a_forced_format_that_does_not_fit_the_file_fails_it() -> None:
    lines, _ = _run_failing("--format", "connect", str(GOOD / "call-400.ccai_upload.json"))

    assert lines[0] == f"failed {GOOD}/call-400.ccai_upload.json: Transcript is missing"


def test_the_channel_option_sets_the_channel_of_formats_without_one() -> None:
    _run("--channel", "chat", str(GOOD / "call-500.txt"))

    assert Conversation.objects.get(source="text").channel == "chat"


def test_a_missing_path_fails_and_an_empty_directory_is_an_error(tmp_path: Path) -> None:
    lines, _ = _run_failing(str(tmp_path / "missing.jsonl"))
    assert lines[0] == f"failed {tmp_path}/missing.jsonl: no such file"

    _, error = _run_failing(str(tmp_path))
    assert error == f"no files to import in {tmp_path}"


@pytest.mark.slow
def test_the_command_exits_with_status_one_when_a_file_fails(tmp_path: Path) -> None:
    # A real process on a scratch SQLite database: the exit status is what shell scripts see.
    env = {**os.environ, "VAR_DIR": str(tmp_path), "DJANGO_SETTINGS_MODULE": "config.settings.base"}
    env.pop("DATABASE_URL", None)
    manage = [sys.executable, str(REPO_ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "-v0"], env=env, check=True, cwd=REPO_ROOT)

    failed = subprocess.run(
        [*manage, "import_conversations", str(BROKEN / "empty.txt"), str(GOOD / "call-500.txt")],
        env=env,
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
    )
    succeeded = subprocess.run(
        [*manage, "import_conversations", str(GOOD / "call-500.txt")],
        env=env,
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
    )

    assert failed.returncode == 1
    assert f"failed {BROKEN}/empty.txt: the file is empty" in failed.stdout
    assert "1 of 2 files failed to import" in failed.stderr
    assert (succeeded.returncode, succeeded.stdout.splitlines()[0]) == (
        0,
        f"unchanged {GOOD}/call-500.txt",
    )


SECTION_DEFINITIONS = (
    '[{"key": "follow_up", "name": "Follow-up", "origin": "custom", "value_type": "free_text",'
    ' "instructions": "List any follow-up the agent promised.", "allowed_values": []}]'
)


def test_a_section_definitions_file_in_a_directory_is_skipped_not_failed(tmp_path: Path) -> None:
    (tmp_path / "sections.json").write_text(SECTION_DEFINITIONS, encoding="utf-8")
    (tmp_path / "two_calls.jsonl").write_bytes((GOOD / "two_calls.jsonl").read_bytes())

    lines = _run(str(tmp_path))

    assert lines == [
        f"skipped {tmp_path}/sections.json: a section definitions file; "
        "load it with import_sections",
        f"imported {tmp_path}/two_calls.jsonl: 2 conversations, 2 summaries",
        "total: 2 files (1 imported, 0 unchanged, 0 failed, 1 skipped); "
        "2 conversations and 2 summaries imported",
    ]


def test_a_section_definitions_file_named_explicitly_fails_with_the_reason(tmp_path: Path) -> None:
    sections = tmp_path / "sections.json"
    sections.write_text(SECTION_DEFINITIONS, encoding="utf-8")

    lines, error = _run_failing("--format", "jsonl", str(sections))

    assert lines[0] == (
        f"failed {sections}: this is a section definitions file, not conversations in the "
        "jsonl format; load it with import_sections"
    )
    assert error == "1 of 1 files failed to import"


def test_the_total_counts_skipped_files_so_it_equals_the_sum_of_its_parts(tmp_path: Path) -> None:
    (tmp_path / "notes.md").write_text("not a conversation", encoding="utf-8")
    (tmp_path / "empty.txt").write_bytes((BROKEN / "empty.txt").read_bytes())
    (tmp_path / "call-500.txt").write_bytes((GOOD / "call-500.txt").read_bytes())

    lines, error = _run_failing(str(tmp_path))

    assert lines[-1] == (
        "total: 3 files (1 imported, 0 unchanged, 1 failed, 1 skipped); "
        "1 conversations and 0 summaries imported"
    )
    assert error == "1 of 3 files failed to import"


def test_a_directory_with_only_skipped_files_has_nothing_to_import(tmp_path: Path) -> None:
    (tmp_path / "notes.md").write_text("not a conversation", encoding="utf-8")

    lines, error = _run_failing(str(tmp_path))

    assert lines == [
        f"skipped {tmp_path}/notes.md: not an import file",
        "total: 1 files (0 imported, 0 unchanged, 0 failed, 1 skipped); "
        "0 conversations and 0 summaries imported",
    ]
    assert error == f"no files to import in {tmp_path}"
