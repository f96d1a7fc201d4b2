"""Every conversation file of the labelled development data imports, and agrees with the JSONL."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from summaries.importers.formats import records_parse
from summaries.models import Agent, Conversation, SectionDefinition, Summary, SummarySection, Turn

pytestmark = pytest.mark.django_db


@dataclass(frozen=True)
class DevData:
    jsonl_path: Path
    formats_dir: Path
    rows: dict[str, dict]  # the JSONL conversations by id
    first_run: list[str]


def _import(*paths: Path) -> list[str]:
    out = StringIO()
    call_command("import_conversations", *map(str, paths), stdout=out)
    return out.getvalue().splitlines()


@pytest.fixture
def dev_data(shared_data: Path) -> DevData:
    cc = shared_data / "cc"
    # The custom sections the summaries use must exist before the conversations come in.
    call_command("import_sections", str(cc / "sections.json"), stdout=StringIO())
    jsonl_path, formats_dir = cc / "cc_dev.jsonl", cc / "formats" / "dev"
    rows = {}
    for line in jsonl_path.read_text().splitlines():
        if line.strip():
            row = json.loads(line)
            rows[row["id"]] = row
    return DevData(jsonl_path, formats_dir, rows, _import(jsonl_path, formats_dir))


def _turns(conversation: Conversation) -> list[tuple[str, str, int | None]]:
    return [(t.role, t.text, t.offset_ms) for t in conversation.turns.order_by("index")]


def test_every_file_imports(dev_data: DevData) -> None:
    vendor_files = sorted(p for p in dev_data.formats_dir.iterdir() if not p.name.startswith("."))

    assert dev_data.first_run[0] == (
        f"imported {dev_data.jsonl_path}: {len(dev_data.rows)} conversations, "
        f"{len(dev_data.rows)} summaries"
    )
    assert [line.split(":")[0] for line in dev_data.first_run[1:-1]] == [
        f"imported {path}" for path in vendor_files
    ]
    assert " 0 failed" in dev_data.first_run[-1]
    assert Conversation.objects.count() == len(dev_data.rows) + len(vendor_files)


def test_every_jsonl_conversation_keeps_its_turns_agent_queue_and_fields(
    dev_data: DevData,
) -> None:
    assert len(dev_data.rows) == 24
    assert Turn.objects.filter(conversation__source="jsonl").count() == 404
    for external_id, row in dev_data.rows.items():
        conversation = Conversation.objects.select_related("agent").get(
            source="jsonl", external_id=external_id
        )
        assert _turns(conversation) == [
            (t["role"], t["text"], t["offset_ms"]) for t in row["turns"]
        ]
        assert conversation.agent is not None
        assert (conversation.agent.external_id, conversation.agent.display_name) == (
            row["agent"]["id"],
            row["agent"]["name"],
        )
        assert conversation.queue == row["queue"]
        assert (conversation.channel, conversation.language) == (row["channel"], row["language"])
        assert conversation.started_at == datetime.fromisoformat(row["started_at"])
    assert Agent.objects.count() == len({row["agent"]["id"] for row in dev_data.rows.values()})


def test_every_jsonl_summary_keeps_its_sections_in_order_on_the_active_versions(
    dev_data: DevData,
) -> None:
    active = {d.key: d.pk for d in SectionDefinition.objects.filter(is_active=True)}
    for external_id, row in dev_data.rows.items():
        [summary] = Summary.objects.filter(
            conversation__source="jsonl", conversation__external_id=external_id
        )
        sections = list(summary.sections.order_by("position").select_related("definition"))
        assert summary.generator == row["summary"]["generator"]
        assert [(s.definition.key, s.text) for s in sections] == [
            (s["key"], s["text"]) for s in row["summary"]["sections"]
        ]
        assert [s.definition_id for s in sections] == [active[s.definition.key] for s in sections]
    custom = SummarySection.objects.filter(definition__origin="custom")
    assert custom.exists(), "the dev data mixes in custom sections"


@pytest.mark.parametrize(
    "suffix",
    [
        ".ccai_upload.json",
        ".ccai_conversation.json",
        ".connect_voice.json",
        ".connect_chat.json",
        ".txt",
    ],
)
def test_every_vendor_file_has_the_roles_and_texts_of_the_jsonl_conversation(
    dev_data: DevData, suffix: str
) -> None:
    paths = sorted(dev_data.formats_dir.glob(f"*{suffix}"))
    assert paths, f"no {suffix} files"
    for path in paths:
        row = dev_data.rows[path.name.split(".")[0]]
        expected_offsets = [t["offset_ms"] for t in row["turns"]]
        [record] = records_parse(path.read_bytes(), filename=path.name)[1]
        conversation = Conversation.objects.select_related("agent").get(
            source=record.source, external_id=record.external_id
        )
        turns = _turns(conversation)

        assert [(role, text) for role, text, _ in turns] == [
            (t["role"], t["text"]) for t in row["turns"]
        ], path.name
        offsets = [offset for _, _, offset in turns]
        if record.source in {"ccai-conversation", "connect"}:
            assert conversation.channel == row["channel"], path.name
            assert offsets == expected_offsets, path.name
        if record.source == "ccai-upload":
            assert offsets == [o - expected_offsets[0] for o in expected_offsets], path.name
            assert conversation.metadata["categories"], path.name
        if record.source == "ccai-conversation":
            assert conversation.agent is not None
            assert conversation.agent.external_id == row["agent"]["id"]
            assert conversation.started_at == datetime.fromisoformat(row["started_at"])
        else:
            # Upload, Contact Lens and plain-text files name no agent id.
            assert conversation.agent is None, path.name


def test_connect_post_contact_summaries_use_the_predefined_section(dev_data: DevData) -> None:
    summaries = Summary.objects.filter(conversation__source="connect")

    assert summaries.count() == len(list(dev_data.formats_dir.glob("*.connect_*.json")))
    for summary in summaries:
        [section] = summary.sections.select_related("definition")
        assert summary.generator == "amazon-connect"
        assert (section.definition.key, section.definition.origin) == (
            "post_contact_summary",
            "predefined",
        )
        assert section.definition.is_active
        assert len(section.text) > 100


def test_reimporting_the_same_files_changes_nothing(dev_data: DevData) -> None:
    models = (Agent, Conversation, Turn, Summary, SummarySection, SectionDefinition)
    before = [model.objects.count() for model in models]

    second_run = _import(dev_data.jsonl_path, dev_data.formats_dir)

    assert all(line.startswith("unchanged ") for line in second_run[:-1])
    assert second_run[-1].startswith(f"total: {len(second_run) - 1} files (0 imported, ")
    assert [model.objects.count() for model in models] == before
