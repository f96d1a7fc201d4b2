"""What the fake answers: a deterministic reply that fits the request's JSON schema.

`default_responder` answers the platform's judge prompts (it reads the `<task>` and the data
blocks of the first user message) with plausible, schema-valid replies: every point accurate,
every question addressed, every claim supported, so long runs and benchmarks get usable verdicts.
Any other request gets `example_for_schema(schema)`, or plain text without a schema.

A test can register its own responder: a callable that gets the request body and returns the
reply text, or a `Reply` to choose the stop reason.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from devkit.fake_anthropic.validation import output_format_of


@dataclass(frozen=True)
class Reply:
    text: str
    stop_reason: str = "end_turn"


Responder = Callable[[dict[str, Any]], "str | Reply"]


def example_for_schema(schema: dict[str, Any]) -> Any:
    """A deterministic value valid for `schema` (one item per array, the first enum value)."""
    definitions = {**schema.get("$defs", {}), **schema.get("definitions", {})}

    def build(node: dict[str, Any]) -> Any:
        if "$ref" in node:
            return build(definitions[node["$ref"].rsplit("/", 1)[-1]])
        if "const" in node:
            return node["const"]
        if "enum" in node:
            return node["enum"][0]
        for keyword in ("anyOf", "oneOf"):
            if keyword in node:
                return build(node[keyword][0])
        if "allOf" in node:
            merged: dict[str, Any] = {}
            for part in node["allOf"]:
                value = build(part)
                if isinstance(value, dict):
                    merged.update(value)
            return merged
        kind = node.get("type")
        if isinstance(kind, list):
            kind = next((k for k in kind if k != "null"), "null")
        if kind == "object":
            return {name: build(prop) for name, prop in (node.get("properties") or {}).items()}
        if kind == "array":
            return [build(node["items"])] if "items" in node else []
        if kind == "string":
            return {"date-time": "2026-01-01T00:00:00Z", "date": "2026-01-01"}.get(
                node.get("format", ""), "example"
            )
        if kind == "integer":
            return 0
        if kind == "number":
            return 0.0
        if kind == "boolean":
            return True
        return None

    return build(schema)


# --- The judge prompts --------------------------------------------------------------------------

_TASK = re.compile(r"<task>(\w+)</task>")
_SECTION = re.compile(r'<section key="([^"]*)"([^>]*)>\n(.*?)\n</section>', re.S)
_POINT = re.compile(r'<point id="([^"]*)" section="([^"]*)">(.*?)</point>', re.S)
_QUESTION = re.compile(r'<question id="([^"]*)"[^>]*>(.*?)</question>', re.S)
_INSTRUCTION = re.compile(r'<instruction id="([^"]*)">(.*?)</instruction>', re.S)
_TURN = re.compile(r"^\[(\d+)\] \w+: (.*)$", re.M)
_MAX_QUESTIONS = re.compile(r"<max_questions>(\d+)</max_questions>")
_SUMMARY = re.compile(r"<summary>\n(.*?)\n</summary>", re.S)
_SOURCE = re.compile(r"<source>\n(.*?)\n</source>", re.S)
_SENTENCE_END = re.compile(r"(?<=[.!?;])\s+")


def _sentences(text: str) -> list[str]:
    return [part.strip() for part in _SENTENCE_END.split(text) if part.strip()]


def request_text(body: dict[str, Any], message_index: int = 0) -> str:
    content = body["messages"][message_index]["content"]
    if isinstance(content, str):
        return content
    return "\n".join(block.get("text", "") for block in content)


def judge_task(body: dict[str, Any]) -> str | None:
    match = _TASK.search(request_text(body))
    return match.group(1) if match else None


def default_responder(body: dict[str, Any]) -> str | Reply:
    task = judge_task(body)
    output_format = output_format_of(body) or body.get("output_format")
    if task is None:
        if output_format:
            return json.dumps(example_for_schema(output_format["schema"]))
        return "OK"
    return json.dumps(judge_reply(task, request_text(body)))


def judge_reply(task: str, text: str) -> dict[str, Any]:
    reply: dict[str, Any] = {
        "task": task,
        "accuracy_points": [],
        "adherence_answers": [],
        "completeness_rubrics": [],
        "claims": [],
        "questions": [],
        "answers": [],
    }
    turns = [(int(index), html.unescape(body)) for index, body in _TURN.findall(text)]
    first_turn = turns[0] if turns else (0, "")
    if task in ("accuracy", "verify_points"):
        if task == "accuracy":
            for key, attributes, section_text in _SECTION.findall(text):
                if 'value_type="categorical"' in attributes:
                    continue  # judged as the given point in <points>
                for sentence in _sentences(html.unescape(section_text)):
                    reply["accuracy_points"].append(_point(key, sentence, first_turn[0]))
        for _pid, key, point in _POINT.findall(text):
            reply["accuracy_points"].append(_point(key, html.unescape(point), first_turn[0]))
    elif task == "adherence":
        reply["adherence_answers"] = [
            {
                "question_id": qid,
                "reasoning": "The section follows the instruction.",
                "is_addressed": True,
            }
            for qid, _question in _QUESTION.findall(text)
        ]
    elif task == "completeness":
        reply["completeness_rubrics"] = [
            {
                "instruction_id": iid,
                "content_list": [
                    {
                        "transcript_content": first_turn[1][:120],
                        "turn_indexes": [first_turn[0]],
                        "related_content_from_summary": "",
                        "is_covered": True,
                    }
                ]
                if first_turn[1]
                else [],
            }
            for iid, _instruction in _INSTRUCTION.findall(text)
        ]
    elif task == "summarization_claims":
        sections = _SECTION.findall(text)
        if sections:  # the judge sends the summary as sections
            claims = [c for _key, _attrs, body in sections for c in _sentences(html.unescape(body))]
        else:
            summary = _SUMMARY.search(text)
            claims = _sentences(html.unescape(summary.group(1))) if summary else []
        reply["claims"] = [
            {"claim": claim, "reason": "The source states it.", "supported": True}
            for claim in claims
        ]
        limit_tag = _MAX_QUESTIONS.search(text)
        limit = int(limit_tag.group(1)) if limit_tag else 10
        # A plain-text `<source>` (the standalone scorer) has no numbered turns: its lines are.
        source = _SOURCE.search(text)
        lines = turns or [
            (n, html.unescape(line))
            for n, line in enumerate(source.group(1).splitlines() if source else [])
            if line.strip()
        ]
        reply["questions"] = [
            f"Does the source say: {' '.join(body.split()[:8])}?" for _index, body in lines[:limit]
        ] or ["Does the source exist?"]
    elif task == "summarization_answers":
        reply["answers"] = [
            {
                "question": html.unescape(question),
                "reason": "The summary says so.",
                "answered": True,
            }
            for _qid, question in _QUESTION.findall(text)
        ]
    return reply


def _point(section: str, point: str, turn: int) -> dict[str, Any]:
    return {
        "section": section,
        "point": point,
        "turn_indexes": [turn],
        "accuracy": "The transcript supports this point.",
        "is_accurate": True,
    }
