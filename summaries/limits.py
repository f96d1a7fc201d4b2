"""The caps on what one import may hold, in one place: the importers, the import command and the
(future) import API all read them here.

The three configurable caps are settings (see README "Configuration"); the fixed bounds below them
keep values inside what Python, the database and a person reading a transcript can handle.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings

# A turn's offset from the start of its conversation. Chats can stay open for days, but not for
# more than a year; this also keeps the value far inside a 64-bit column.
MAX_OFFSET_MS = 366 * 24 * 60 * 60 * 1000
# Digits of one JSON integer. Python refuses to convert more than 4,300 (ValueError), and no
# field of any format needs more than a 64-bit id.
MAX_JSON_INTEGER_DIGITS = 100


@dataclass(frozen=True)
class ConversationLimits:
    max_turns: int  # per conversation
    max_turn_characters: int  # per turn
    max_file_bytes: int  # per imported file (or upload)


def conversation_limits() -> ConversationLimits:
    """The caps in force, read from settings each time so a test or a deployment can change them."""
    return ConversationLimits(
        max_turns=settings.CONVERSATION_MAX_TURNS,
        max_turn_characters=settings.TURN_MAX_CHARACTERS,
        max_file_bytes=settings.IMPORT_MAX_FILE_BYTES,
    )
