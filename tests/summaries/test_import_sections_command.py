from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from summaries.models import SectionDefinition

pytestmark = pytest.mark.django_db


def _write(tmp_path: Path, entries: object, name: str = "sections.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(entries))
    return path


def _entry(**overrides: object) -> dict:
    entry = {
        "key": "call_driver",
        "name": "Call driver",
        "origin": "custom",
        "value_type": "categorical",
        "instructions": "Classify the main reason for the contact.",
        "allowed_values": ["Billing", "Other"],
    }
    entry.update(overrides)
    return entry


def _run(path: Path) -> list[str]:
    out = StringIO()
    call_command("import_sections", str(path), stdout=out)
    return out.getvalue().splitlines()


def _run_failing(path: Path) -> tuple[list[str], str]:
    out = StringIO()
    with pytest.raises(CommandError) as caught:
        call_command("import_sections", str(path), stdout=out)
    return out.getvalue().splitlines(), str(caught.value)


def test_the_shared_sections_file_creates_the_custom_ones_and_skips_the_predefined(
    shared_data: Path,
) -> None:
    lines = _run(shared_data / "cc" / "sections.json")

    skipped = "predefined sections are never changed by an import"
    assert lines == [
        f"skipped situation: {skipped}",
        f"skipped action: {skipped}",
        f"skipped resolution: {skipped}",
        f"skipped customer_satisfaction: {skipped}",
        f"skipped reason_for_cancellation: {skipped}",
        f"skipped entities: {skipped}",
        "created custom_actions v1",
        "created returned_product v1",
        "created call_driver v1",
        "created follow_up v1",
        "created escalated v1",
        "total: 11 entries (5 created, 0 new versions, 0 unchanged, 6 skipped, 0 failed)",
    ]
    assert SectionDefinition.objects.get(key="call_driver").allowed_values == [
        "Billing",
        "Technical support",
        "Cancellation",
        "Returns",
        "Appointment",
        "Other",
    ]


def test_loading_the_shared_sections_twice_changes_nothing(shared_data: Path) -> None:
    _run(shared_data / "cc" / "sections.json")
    before = list(SectionDefinition.objects.values_list("pk", "key", "version", "is_active"))

    lines = _run(shared_data / "cc" / "sections.json")

    assert "unchanged escalated v1" in lines
    assert lines[-1].startswith("total: 11 entries (0 created, 0 new versions, 5 unchanged")
    after = list(SectionDefinition.objects.values_list("pk", "key", "version", "is_active"))
    assert after == before


def test_a_changed_definition_is_reported_as_a_new_version(tmp_path: Path) -> None:
    _run(_write(tmp_path, [_entry()]))

    lines = _run(_write(tmp_path, [_entry(allowed_values=["Billing", "Returns", "Other"])]))

    assert lines[0] == "new version call_driver v2"
    assert list(
        SectionDefinition.objects.filter(key="call_driver").values_list("version", "is_active")
    ) == [(2, True), (1, False)]


def test_one_bad_entry_fails_the_file_and_nothing_is_written(tmp_path: Path) -> None:
    path = _write(
        tmp_path,
        [
            _entry(),
            _entry(key="follow_up", value_type="free_text"),
            _entry(key="escalated", instructions=""),
            "not an object",
        ],
    )

    lines, error = _run_failing(path)

    assert lines == [
        "created call_driver v1",
        "failed entry 2 (follow_up): allowed_values: a free-text section has no allowed values",
        "failed entry 3 (escalated): instructions: must not be empty",
        "failed entry 4: the entry must be a JSON object",
        "total: 4 entries (1 created, 0 new versions, 0 unchanged, 0 skipped, 3 failed)",
    ]
    assert error == f"3 entries of {path} failed; nothing was written"
    assert not SectionDefinition.objects.filter(origin="custom").exists()


def test_missing_fields_and_repeated_keys_are_named(tmp_path: Path) -> None:
    incomplete = _entry(key="escalated")
    del incomplete["instructions"]
    path = _write(tmp_path, [_entry(), _entry(name="Driver"), incomplete])

    lines, _ = _run_failing(path)

    assert lines[1] == "failed entry 2 (call_driver): key: 'call_driver' is already in entry 1"
    assert lines[2] == "failed entry 3 (escalated): instructions: is missing"


def test_a_predefined_claim_on_an_unknown_key_fails(tmp_path: Path) -> None:
    lines, _ = _run_failing(_write(tmp_path, [_entry(origin="predefined")]))

    assert lines[0] == (
        "failed entry 1 (call_driver): origin: 'call_driver' is not a predefined section; "
        "use origin 'custom' to add it"
    )


def test_malformed_json_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "sections.json"
    path.write_text('[\n  {"key": "call_driver",\n  "name": ')

    _, error = _run_failing(path)

    assert (
        error == f"failed {path}: truncated JSON at line 3 column 11: the file ends inside a value"
    )


def test_a_file_that_is_not_a_list_is_a_clear_error(tmp_path: Path) -> None:
    path = _write(tmp_path, _entry())

    _, error = _run_failing(path)

    assert error == f"failed {path}: the file must be a JSON list of section definitions"
