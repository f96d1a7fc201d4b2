"""Plain-text transcripts: one `Agent: ...` / `Customer: ...` line per turn.

Also understood: `System:` and `Bot:` (and a few common synonyms), an optional name in brackets
(`Agent (Dana): ...`), an optional `[mm:ss]` or `[hh:mm:ss]` time in front, and continuation lines
(indented, or without a `Label:` prefix) that belong to the turn above. A line that starts like a
label we do not know (`Supervisor: ...`) is an error, because guessing its role would put words in
the wrong mouth.
"""

from __future__ import annotations

import re
from pathlib import PurePath

from summaries.importers.common import DEFAULT_CHANNEL, decode_text
from summaries.importers.records import ConversationRecord, ImportFormatError, TurnRecord

SOURCE = "text"

ROLES = {
    "agent": "agent",
    "representative": "agent",
    "rep": "agent",
    "advisor": "agent",
    "customer": "customer",
    "caller": "customer",
    "client": "customer",
    "system": "system",
    "bot": "bot",
    "chatbot": "bot",
    "virtual agent": "bot",
    "automated agent": "bot",
    "ivr": "bot",
}

# A label is one to three words at the start of the line, then a colon and a space (or the end).
# "http://..." and "10:30" do not qualify, so they stay inside the text.
LINE = re.compile(
    r"""^
    (?:\[(?P<time>(?:\d{1,2}:)?\d{1,2}:\d{2}(?:\.\d{1,3})?)\]\s*)?
    (?P<label>[^\W\d_][\w'.-]*(?:\ [\w'.-]+){0,2}?)
    \s*(?:\((?P<name>[^()]*)\))?
    \s*:(?:\s+|$)
    (?P<text>.*)$""",
    re.VERBOSE,
)


def looks_like(text: str) -> bool:
    first = next((line for line in text.splitlines() if line.strip()), "")
    match = LINE.match(first)
    return bool(match and match["label"].casefold() in ROLES)


def _milliseconds(clock: str) -> int:
    seconds = 0.0
    for part in clock.split(":"):
        seconds = seconds * 60 + float(part)
    return round(seconds * 1000)


def parse(
    content: bytes | str, *, filename: str, default_channel: str = DEFAULT_CHANNEL
) -> list[ConversationRecord]:
    text = decode_text(content)
    # Each turn as [role, speaker, lines, offset, line number]; joined once at the end.
    turns: list[tuple[str, str, list[str], int | None, int]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        match = None if line[:1].isspace() else LINE.match(line)
        if match:
            label = match["label"]
            role = ROLES.get(label.casefold())
            if role is None:
                raise ImportFormatError(
                    f"line {number}: unknown speaker {label!r} "
                    "(expected Agent, Customer, System or Bot)"
                )
            speaker = (match["name"] or "").strip() or label
            offset = _milliseconds(match["time"]) if match["time"] else None
            turns.append((role, speaker, [match["text"].strip()], offset, number))
        elif turns:
            turns[-1][2].append(line.strip())
        else:
            raise ImportFormatError(
                f"line {number}: expected a speaker label such as 'Agent:' or 'Customer:'"
            )

    records: list[TurnRecord] = []
    for role, speaker, lines, offset, number in turns:
        turn_text = "\n".join(part for part in lines if part)
        if not turn_text:
            raise ImportFormatError(f"line {number}: the {speaker} turn has no text")
        records.append(TurnRecord(role=role, text=turn_text, speaker=speaker, offset_ms=offset))
    return [
        ConversationRecord(
            source=SOURCE,
            external_id=PurePath(filename).stem,
            channel=default_channel,
            turns=records,
            metadata={"channel_assumed": True},
        )
    ]
