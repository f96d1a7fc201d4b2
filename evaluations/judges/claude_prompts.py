"""The Claude judge's prompts and reply schema: the files under `prompts/`, the one JSON schema
every task answers with, the data blocks (transcript, summary) rendered as untrusted, escaped text,
and `prompt_version`, the hash that ties every result to the exact prompts and schema it came from.
"""

from __future__ import annotations

import functools
import hashlib
import html
import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from evaluations.judges.anthropic_client import response_schema
from evaluations.judges.types import SectionSpec, Transcript

PROMPTS_DIR = Path(__file__).parent / "prompts"
SYSTEM_PROMPT = (PROMPTS_DIR / "system.md").read_text(encoding="utf-8")
# The lean system prompt's own text: a short preamble, then (after the marker) what only calls
# that see a transcript need. Its tasks are the shared prompt's own task sections, word for word.
LEAN_PROMPT = (PROMPTS_DIR / "lean.md").read_text(encoding="utf-8")
_LEAN_TRANSCRIPT_MARKER = "<!-- transcript -->"

Task = Literal[
    "accuracy",
    "verify_points",
    "adherence",
    "completeness",
    "summarization_claims",
    "summarization_answers",
]


# The tasks each dimension's calls perform.
DIMENSION_TASKS: dict[str, tuple[Task, ...]] = {
    "accuracy": ("accuracy",),
    "adherence": ("adherence",),
    "completeness": ("completeness",),
    "summarization": ("summarization_claims", "summarization_answers"),
}
# From this many dimensions on, a summary's calls send the shared system prompt (every task), whose
# cached prefix five calls share. Fewer dimensions send a lean prompt with only their tasks.
SHARED_PROMPT_MIN_DIMENSIONS = 3


# --- The system prompts: the shared one, and lean ones ---------------------------------------


def task_instructions(task: Task) -> str:
    """The task's own section of the shared system prompt (`## task` up to the next section)."""
    head = f"\n## {task}\n"
    start = SYSTEM_PROMPT.index(head) + 1
    end = SYSTEM_PROMPT.find("\n## ", start + len(head) - 1)
    return SYSTEM_PROMPT[start : end if end != -1 else len(SYSTEM_PROMPT)].strip()


@functools.cache
def lean_system_prompt(tasks: tuple[Task, ...], *, transcript: bool) -> str:
    """A system prompt for `tasks` only: the lean preamble (with the transcript rules when a call
    sees a transcript), then each task's instructions exactly as the shared prompt words them."""
    preamble, transcript_rules = (
        part.strip() for part in LEAN_PROMPT.split(_LEAN_TRANSCRIPT_MARKER, 1)
    )
    parts = [preamble, *([transcript_rules] if transcript else []), "# Tasks"]
    parts.extend(task_instructions(task) for task in tasks)
    return "\n\n".join(parts) + "\n"


def system_prompt_for(dimensions: Sequence[str]) -> str:
    """The system prompt of a summary's transcript calls: the shared one from
    `SHARED_PROMPT_MIN_DIMENSIONS` dimensions on, else a lean one with only their tasks."""
    if len(dimensions) >= SHARED_PROMPT_MIN_DIMENSIONS:
        return SYSTEM_PROMPT
    tasks = tuple(task for dimension in dimensions for task in DIMENSION_TASKS[dimension])
    return lean_system_prompt(tasks, transcript=True)


def answers_system_prompt(dimensions: Sequence[str]) -> str:
    """The system prompt of the summarization answers call, which never sees the transcript: the
    shared one (read from the cache) in a shared-prompt run, else the answers task alone."""
    if len(dimensions) >= SHARED_PROMPT_MIN_DIMENSIONS:
        return SYSTEM_PROMPT
    return lean_system_prompt(("summarization_answers",), transcript=False)


# --- The reply schema: one envelope for every task ------------------------------------------


class _ReplyPart(BaseModel):
    model_config = ConfigDict(extra="forbid")


class PointVerdictReply(_ReplyPart):
    section: str
    point: str
    turn_indexes: list[int]
    accuracy: str
    is_accurate: bool


class AdherenceAnswerReply(_ReplyPart):
    question_id: str
    reasoning: str
    is_addressed: bool


class CompletenessItemReply(_ReplyPart):
    transcript_content: str
    turn_indexes: list[int]
    related_content_from_summary: str
    is_covered: bool


class CompletenessRubricReply(_ReplyPart):
    instruction_id: str
    content_list: list[CompletenessItemReply]


class ClaimReply(_ReplyPart):
    claim: str
    reason: str
    supported: bool


class AnswerReply(_ReplyPart):
    question: str
    reason: str
    answered: bool


class JudgeReply(_ReplyPart):
    """Every task answers with this object and fills only its own list: one schema for all the
    calls of a summary keeps their cached prefix identical."""

    task: Task
    accuracy_points: list[PointVerdictReply]
    adherence_answers: list[AdherenceAnswerReply]
    completeness_rubrics: list[CompletenessRubricReply]
    claims: list[ClaimReply]
    questions: list[str]
    answers: list[AnswerReply]


def prompt_version() -> str:
    """A short hash of the prompt templates and the reply schema, recorded on every result."""
    digest = hashlib.sha256()
    for path in sorted(PROMPTS_DIR.glob("*.md")):
        if path.name == "README.md":
            continue
        digest.update(path.name.encode())
        digest.update(path.read_bytes())
    digest.update(json.dumps(response_schema(JudgeReply), sort_keys=True).encode())
    return digest.hexdigest()[:12]


# --- Rendering the data blocks ------------------------------------------------------------------

_LINE_BREAKS = re.compile(r"\s*[\r\n\u2028\u2029]+\s*")


def escape_data(text: str) -> str:
    """Untrusted text inside a data block: `<`, `>` and `&` escaped, so a customer typing
    `</transcript>` cannot close the block."""
    return html.escape(text, quote=False)


def attr(value: str) -> str:
    return html.escape(value, quote=True)


# A number in brackets, ASCII or fullwidth: inside a turn's text, "[3] agent: I refunded $400"
# would read like another turn on the customer's line.
_TURN_MARKER = re.compile(r"[\[\uff3b](\s*\d+\s*)[\]\uff3d]")


def _neutralise_turn_markers(text: str) -> str:
    """Brackets around a number become character references (`&#91;3&#93;`), like the other
    escapes of the data blocks: only the marker at the start of a line begins a turn."""
    return _TURN_MARKER.sub(
        lambda match: f"&#{ord(match[0][0])};{match[1]}&#{ord(match[0][-1])};", text
    )


def render_transcript(transcript: Transcript) -> str:
    """`<transcript>` with one line per turn, `[index] role: text`. Line breaks inside a turn
    become spaces, so no text can start a line that looks like another turn, and a turn marker
    inside the text has its brackets escaped, so it cannot read like one either."""
    lines = [
        f"[{turn.index}] {turn.role}: "
        + _neutralise_turn_markers(_LINE_BREAKS.sub(" ", escape_data(turn.text)).strip())
        for turn in transcript.turns
    ]
    return "<transcript>\n" + "\n".join(lines) + "\n</transcript>"


def render_source(source: str) -> str:
    return f"<source>\n{escape_data(source.strip())}\n</source>"


def render_sections(sections: list[SectionSpec] | tuple[SectionSpec, ...]) -> str:
    parts = ["<summary>"]
    for section in sections:
        parts.append(
            f'<section key="{attr(section.key)}" title="{attr(section.title)}" '
            f'origin="{section.origin}" value_type="{section.value_type}">\n'
            f"{escape_data(section.text.strip())}\n</section>"
        )
    parts.append("</summary>")
    return "\n".join(parts)


def render_summary_text(summary: str) -> str:
    return f"<summary>\n{escape_data(summary.strip())}\n</summary>"


def task_block(task: Task, *blocks: str) -> str:
    return "\n".join([f"<task>{task}</task>", *blocks])


def unescape_reply(reply: JudgeReply) -> JudgeReply:
    """The model may quote escaped data back; give verdicts the text as it was written."""

    def walk(value: Any) -> Any:
        if isinstance(value, str):
            return html.unescape(value)
        if isinstance(value, list):
            return [walk(item) for item in value]
        if isinstance(value, dict):
            return {key: walk(item) for key, item in value.items()}
        return value

    return JudgeReply.model_validate(walk(reply.model_dump()))
