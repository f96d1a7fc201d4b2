"""Tests of the pure judge engine. Helpers here read the labelled development data into engine
types; tests that use them take the `shared_data` fixture (they skip without the data)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from evaluations.judges.types import (
    AccuracyPoint,
    AdherenceRubric,
    CompletenessItem,
    CompletenessRubric,
    SectionSpec,
    SummarySpec,
    Transcript,
    TranscriptTurn,
)


def cc_definitions(shared_data: Path) -> dict[str, dict[str, Any]]:
    sections = json.loads((shared_data / "cc" / "sections.json").read_text())
    return {section["key"]: section for section in sections}


def cc_rows(shared_data: Path) -> list[dict[str, Any]]:
    path = shared_data / "cc" / "cc_dev.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def section_spec(definition: dict[str, Any], text: str = "") -> SectionSpec:
    return SectionSpec(
        key=definition["key"],
        name=definition["name"],
        text=text,
        origin=definition["origin"],
        value_type=definition["value_type"],
        instructions=definition["instructions"],
        allowed_values=tuple(definition["allowed_values"]),
    )


def row_summary(row: dict[str, Any], definitions: dict[str, dict[str, Any]]) -> SummarySpec:
    return SummarySpec(
        sections=tuple(
            section_spec(definitions[s["key"]], s["text"]) for s in row["summary"]["sections"]
        )
    )


def row_transcript(row: dict[str, Any]) -> Transcript:
    return Transcript(
        turns=tuple(
            TranscriptTurn(index=i, role=turn["role"], text=turn["text"])
            for i, turn in enumerate(row["turns"])
        )
    )


def row_verdicts(
    row: dict[str, Any],
) -> tuple[list[AccuracyPoint], list[AdherenceRubric], list[CompletenessRubric]]:
    labels = row["labels"]
    points = [
        AccuracyPoint(
            section=p["section"], point=p["point"], accuracy=p["why"], is_accurate=p["is_accurate"]
        )
        for p in labels["accuracy"]
    ]
    adherence = [
        AdherenceRubric(
            section=a["section"],
            question=a["question"],
            reasoning=a["why"],
            is_addressed=a["is_addressed"],
        )
        for a in labels["adherence"]
    ]
    completeness = [
        CompletenessRubric(
            section=c["section"],
            instruction=c["instruction"],
            question=f"Does the summary follow '{c['instruction']}'?",
            content_list=tuple(
                CompletenessItem(
                    transcript_content=i["transcript_content"], is_covered=i["is_covered"]
                )
                for i in c["content"]
            ),
        )
        for c in labels["completeness"]
    ]
    return points, adherence, completeness
