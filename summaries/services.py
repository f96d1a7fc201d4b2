"""Imports for the summaries app: conversation files and section-definition files, one transaction per
file, each record validated against the caps of `summaries/limits.py` before anything is written.

The section-definition rules themselves live in `summaries/sections.py`; this module only reads the
file and hands each entry to them.

Why one long module: it is one idea, an import, from the bytes of a file (size cap, special files,
decoding) through each record's validation to the rows it writes; the steps share the per-file
outcome and are read in order.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import DatabaseError, models, transaction

from summaries.importers.common import DEFAULT_CHANNEL, at, load_json
from summaries.importers.formats import AUTO, not_regular_reason, records_parse
from summaries.importers.records import (
    ConversationChangedError,
    ConversationRecord,
    ImportFormatError,
    SummaryRecord,
)
from summaries.limits import MAX_OFFSET_MS, ConversationLimits, conversation_limits
from summaries.models import (
    Agent,
    Channel,
    Conversation,
    Role,
    SectionDefinition,
    Summary,
    SummarySection,
    Turn,
)
from summaries.sections import (
    SectionStatus,
    section_definition_save,
    validation_message,
)
from summaries.selectors import section_definitions_active_by_key

logger = logging.getLogger(__name__)

# --- Conversations -------------------------------------------------------------------------------

ImportStatus = Literal["imported", "unchanged"]
FileStatus = Literal["imported", "unchanged", "failed", "skipped"]


@dataclass(frozen=True)
class ImportOutcome:
    conversation: Conversation
    status: ImportStatus
    conversation_created: bool
    summaries_created: int


@dataclass(frozen=True)
class FileOutcome:
    path: Path
    status: FileStatus
    fmt: str = ""
    conversations: int = 0  # in the file
    conversations_created: int = 0
    summaries_created: int = 0
    error: str = ""  # why it failed, or why it was skipped


def _digest(payload: Any) -> str:
    encoded = json.dumps(payload, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(encoded.encode("utf-8")).hexdigest()


def conversation_content_hash(*, record: ConversationRecord) -> str:
    """SHA-256 of the turns: what a verdict can cite, so what must not change under it."""
    return _digest([[turn.role, turn.speaker, turn.text, turn.offset_ms] for turn in record.turns])


def summary_content_hash(*, summary: SummaryRecord) -> str:
    return _digest([[section.key, section.text] for section in summary.sections])


def _check_length(value: str, model: type[models.Model], field_name: str, label: str) -> None:
    max_length = _max_length(model, field_name)
    if max_length and len(value) > max_length:
        raise ImportFormatError(f"{label} is longer than {max_length} characters")


def _text_problem(value: str) -> str:
    """What keeps a string out of the database, or "". PostgreSQL refuses NUL in text and JSON
    while SQLite stores it, so it is refused before either sees it: one rule everywhere."""
    if "\x00" in value:
        return "contains a NUL character (\\x00)"
    try:
        value.encode("utf-8")
    except UnicodeEncodeError as error:
        # "\ud800" is valid JSON, but half of a UTF-16 pair is not text any database can store.
        surrogate = value[error.start].encode("unicode_escape").decode("ascii")
        return f"contains a lone surrogate ({surrogate}), which is not valid Unicode text"
    return ""


def _record_strings(record: ConversationRecord) -> Iterator[tuple[str, str]]:
    """Every string of a record that is stored, with the name of its field."""
    yield "the id", record.external_id
    yield "language", record.language
    yield "queue", record.queue
    yield "agent.id", record.agent_id
    yield "agent.name", record.agent_name
    for index, turn in enumerate(record.turns):
        path = at("turns", index)
        yield f"{path}.role", turn.role
        yield f"{path}.text", turn.text
        yield f"{path}.speaker", turn.speaker
    for summary_index, summary in enumerate(record.summaries):
        path = _summary_path(record, summary_index)
        yield f"{path}.generator", summary.generator
        for index, section in enumerate(summary.sections):
            section_path = at(at(path, "sections"), index)
            yield f"{section_path}.key", section.key
            yield f"{section_path}.text", section.text
    # Metadata is vendor JSON of any shape: walked without recursion, keys included.
    pending: list[tuple[str, Any]] = [("metadata", record.metadata)]
    while pending:
        path, value = pending.pop()
        if isinstance(value, str):
            yield path, value
        elif isinstance(value, dict):
            for key, item in value.items():
                yield f"{path} key", str(key)
                pending.append((at(path, str(key)), item))
        elif isinstance(value, list):
            pending.extend((at(path, index), item) for index, item in enumerate(value))


def _validate_record(record: ConversationRecord, limits: ConversationLimits) -> None:
    """Check what the database would otherwise reject later, with the field's name, and the
    caps (summaries/limits.py) that keep one conversation from exhausting a page or a judge."""
    if len(record.turns) > limits.max_turns:
        raise ImportFormatError(
            f"the conversation has {len(record.turns):,} turns, more than the cap of "
            f"{limits.max_turns:,} (CONVERSATION_MAX_TURNS)"
        )
    for label, value in _record_strings(record):
        problem = _text_problem(value)
        if problem:
            raise ImportFormatError(f"{label} {problem}")
    if not record.external_id.strip():
        raise ImportFormatError("the conversation has no id")
    if record.channel not in Channel.values:
        raise ImportFormatError(f"channel: unknown channel {record.channel!r}")
    if not record.turns:
        raise ImportFormatError("the conversation has no turns")
    for label, value, model, field_name in (
        ("the id", record.external_id, Conversation, "external_id"),
        ("language", record.language, Conversation, "language"),
        ("queue", record.queue, Conversation, "queue"),
        ("agent.id", record.agent_id, Agent, "external_id"),
        ("agent.name", record.agent_name, Agent, "display_name"),
    ):
        _check_length(value, model, field_name, label)
    for index, turn in enumerate(record.turns):
        path = at("turns", index)
        if turn.role not in Role.values:
            raise ImportFormatError(f"{path}.role: unknown role {turn.role!r}")
        if not turn.text.strip():
            raise ImportFormatError(f"{path}.text is empty")
        if len(turn.text) > limits.max_turn_characters:
            raise ImportFormatError(
                f"{path}.text has {len(turn.text):,} characters, more than the cap of "
                f"{limits.max_turn_characters:,} (TURN_MAX_CHARACTERS)"
            )
        if turn.offset_ms is not None and turn.offset_ms < 0:
            raise ImportFormatError(f"{path}.offset_ms is negative")
        if turn.offset_ms is not None and turn.offset_ms > MAX_OFFSET_MS:
            raise ImportFormatError(
                f"{path}.offset_ms is {turn.offset_ms:,} ms, more than {MAX_OFFSET_MS:,} ms "
                "(366 days) after the start"
            )
        _check_length(turn.speaker, Turn, "speaker", f"{path}.speaker")


def _agent_for(record: ConversationRecord) -> Agent | None:
    # A conversation that no human agent spoke in (a bot-only chat) has no agent, whatever the
    # export says about routing.
    if not record.agent_id or not any(turn.role == Role.AGENT for turn in record.turns):
        return None
    agent, created = Agent.objects.get_or_create(
        external_id=record.agent_id, defaults={"display_name": record.agent_name}
    )
    if not created and not agent.display_name and record.agent_name:
        agent.display_name = record.agent_name
        agent.save(update_fields=["display_name"])
    return agent


def _summary_path(record: ConversationRecord, summary_index: int) -> str:
    return "summary" if len(record.summaries) == 1 else at("summaries", summary_index)


def _summary_definitions(
    *,
    record: ConversationRecord,
    summary_index: int,
    definitions: Mapping[str, SectionDefinition],
) -> list[SectionDefinition]:
    """The active definition for each section of one summary, or an error naming the section."""
    summary = record.summaries[summary_index]
    path = _summary_path(record, summary_index)
    if not summary.generator.strip():
        raise ImportFormatError(f"{path}.generator is empty")
    _check_length(summary.generator, Summary, "generator", f"{path}.generator")
    if not summary.sections:
        raise ImportFormatError(f"{path}.sections is empty")
    resolved: list[SectionDefinition] = []
    seen: set[str] = set()
    for index, section in enumerate(summary.sections):
        section_path = at(at(path, "sections"), index)
        definition = definitions.get(section.key)
        if definition is None:
            raise ImportFormatError(
                f"{section_path}.key: unknown section key {section.key!r} "
                "(load it with import_sections first)"
            )
        if section.key in seen:
            raise ImportFormatError(f"{section_path}.key: section {section.key!r} appears twice")
        seen.add(section.key)
        resolved.append(definition)
    return resolved


def _summary_store(
    *, conversation: Conversation, summary: SummaryRecord, resolved: list[SectionDefinition]
) -> bool:
    """Add one summary unless an identical one is there; True when it was added."""
    content_hash = summary_content_hash(summary=summary)
    if Summary.objects.filter(
        conversation=conversation, generator=summary.generator, content_hash=content_hash
    ).exists():
        return False
    stored = Summary.objects.create(
        conversation=conversation, generator=summary.generator, content_hash=content_hash
    )
    SummarySection.objects.bulk_create(
        SummarySection(summary=stored, definition=definition, position=position, text=section.text)
        for position, (section, definition) in enumerate(
            zip(summary.sections, resolved, strict=True)
        )
    )
    return True


def _conversation_create(*, record: ConversationRecord, content_hash: str) -> Conversation:
    conversation = Conversation.objects.create(
        source=record.source,
        external_id=record.external_id,
        channel=record.channel,
        language=record.language or "en",
        agent=_agent_for(record),
        queue=record.queue,
        started_at=record.started_at,
        metadata=record.metadata,
        content_hash=content_hash,
    )
    Turn.objects.bulk_create(
        Turn(
            conversation=conversation,
            index=index,
            role=turn.role,
            speaker=turn.speaker,
            text=turn.text,
            offset_ms=turn.offset_ms,
        )
        for index, turn in enumerate(record.turns)
    )
    return conversation


def conversation_import(
    *,
    record: ConversationRecord,
    definitions: Mapping[str, SectionDefinition] | None = None,
    limits: ConversationLimits | None = None,
) -> ImportOutcome:
    """Store one conversation and its summaries, or recognise that they are already stored.

    1. Check the record against the caps (`limits`, the settings' by default) and resolve every
       section key to the active definition of that key (`definitions`, the active versions by
       key, can be passed so a file looks them up once).
    2. `(source, external_id)` identifies the conversation. The same turns again change nothing;
       other turns under an existing id are an error, because verdicts may cite the stored ones.
    3. A summary is identified by (conversation, generator, content hash): an identical one is
       left alone, a new one is added beside the old.
    Everything is written in one transaction (a savepoint inside a file's transaction).
    """
    try:
        _validate_record(record, limits or conversation_limits())
        if definitions is None:
            definitions = section_definitions_active_by_key()
        resolved = [
            _summary_definitions(record=record, summary_index=index, definitions=definitions)
            for index in range(len(record.summaries))
        ]
        content_hash = conversation_content_hash(record=record)
        with transaction.atomic():
            conversation = Conversation.objects.filter(
                source=record.source, external_id=record.external_id
            ).first()
            created = conversation is None
            if conversation is None:
                conversation = _conversation_create(record=record, content_hash=content_hash)
            elif conversation.content_hash != content_hash:
                raise ConversationChangedError(
                    f"conversation {record.external_id!r} ({record.source}) is already stored "
                    "with different turns; it is not overwritten because verdicts may cite the "
                    "stored turns"
                )
            summaries_created = sum(
                _summary_store(
                    conversation=conversation, summary=summary, resolved=section_definitions
                )
                for summary, section_definitions in zip(record.summaries, resolved, strict=True)
            )
    except ImportFormatError as error:
        if record.location:
            raise type(error)(f"{record.location}: {error}") from None
        raise
    return ImportOutcome(
        conversation=conversation,
        status="imported" if created or summaries_created else "unchanged",
        conversation_created=created,
        summaries_created=summaries_created,
    )


def _over_byte_cap(size: int, limits: ConversationLimits) -> str:
    if size <= limits.max_file_bytes:
        return ""
    return (
        f"the file is {size:,} bytes, more than the cap of {limits.max_file_bytes:,} "
        "(IMPORT_MAX_FILE_BYTES)"
    )


def conversations_import_content(
    *,
    content: bytes,
    filename: str,
    fmt: str = AUTO,
    default_channel: str = DEFAULT_CHANNEL,
) -> FileOutcome:
    """Parse one file's content and store all its conversations in one transaction, or none.

    For an upload (the web UI) as much as for a file on disk. Never raises for bad content: the
    outcome says what went wrong, so the caller can go on with the next file. `default_channel`
    is the channel for formats that carry none (text, ccai-upload).
    """
    path = Path(filename)
    limits = conversation_limits()
    too_big = _over_byte_cap(len(content), limits)
    if too_big:
        return FileOutcome(path=path, status="failed", fmt=fmt, error=too_big)
    try:
        fmt_used, records = records_parse(
            content, filename=path.name, fmt=fmt, default_channel=default_channel
        )
        with transaction.atomic():
            definitions = section_definitions_active_by_key()
            outcomes = [
                conversation_import(record=record, definitions=definitions, limits=limits)
                for record in records
            ]
    except ImportFormatError as error:
        return FileOutcome(path=path, status="failed", fmt=fmt, error=str(error))
    except DatabaseError as error:
        # E.g. a concurrent import of the same conversation; the transaction is rolled back.
        return FileOutcome(path=path, status="failed", fmt=fmt, error=f"database error: {error}")
    except Exception as error:
        # Whatever else one file provokes (a bug in a parser, memory) fails that file alone, and
        # the caller goes on with the next; the transaction above is rolled back.
        logger.exception("importing %s failed unexpectedly", filename)
        return FileOutcome(
            path=path,
            status="failed",
            fmt=fmt,
            error=f"unexpected error ({type(error).__name__}: {error})",
        )
    conversations_created = sum(outcome.conversation_created for outcome in outcomes)
    summaries_created = sum(outcome.summaries_created for outcome in outcomes)
    return FileOutcome(
        path=path,
        status="imported" if conversations_created or summaries_created else "unchanged",
        fmt=fmt_used,
        conversations=len(outcomes),
        conversations_created=conversations_created,
        summaries_created=summaries_created,
    )


def _file_read(path: Path, limits: ConversationLimits) -> bytes | FileOutcome:
    """The bytes of a regular file within the byte cap, or the outcome that says why not.

    A named pipe (whose open blocks until a writer comes) or a device (/dev/zero never ends) is
    recognised by its status and never opened. The file is then opened without blocking and
    checked again on the open descriptor, in case it was replaced in between.
    """
    try:
        skip_reason = not_regular_reason(os.stat(path).st_mode)
        if skip_reason:
            return FileOutcome(path=path, status="skipped", error=skip_reason)
        descriptor = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        return FileOutcome(path=path, status="failed", error="no such file")
    except OSError as error:
        return FileOutcome(path=path, status="failed", error=error.strerror or str(error))
    with os.fdopen(descriptor, "rb") as handle:
        mode_and_size = os.fstat(descriptor)
        skip_reason = not_regular_reason(mode_and_size.st_mode)
        if skip_reason:
            return FileOutcome(path=path, status="skipped", error=skip_reason)
        too_big = _over_byte_cap(mode_and_size.st_size, limits)
        if too_big:
            return FileOutcome(path=path, status="failed", error=too_big)
        try:
            # One byte more than the cap tells a file that grew since fstat from one that did not.
            content = handle.read(limits.max_file_bytes + 1)
        except OSError as error:
            return FileOutcome(path=path, status="failed", error=error.strerror or str(error))
    too_big = _over_byte_cap(len(content), limits)
    if too_big:
        return FileOutcome(path=path, status="failed", error=too_big)
    return content


def conversations_import_file(
    *, path: str | Path, fmt: str = AUTO, default_channel: str = DEFAULT_CHANNEL
) -> FileOutcome:
    """Import one file from disk (see `conversations_import_content`); never raises for it. A
    path that is not a regular file is skipped, with the reason."""
    path = Path(path)
    content = _file_read(path, conversation_limits())
    if isinstance(content, FileOutcome):
        return replace(content, fmt=fmt)
    return replace(
        conversations_import_content(
            content=content, filename=path.name, fmt=fmt, default_channel=default_channel
        ),
        path=path,
    )


# --- Section definitions -------------------------------------------------------------------------


def _max_length(model: type[models.Model], field_name: str) -> int | None:
    """The max_length of one of the model's fields (None for a field without one)."""
    field = model._meta.get_field(field_name)
    return field.max_length if isinstance(field, models.Field) else None


@dataclass(frozen=True)
class SectionEntryOutcome:
    position: int  # 1-based, as a person counts entries in the file
    key: str
    status: SectionStatus | Literal["failed"]
    version: int | None = None
    error: str = ""


@dataclass(frozen=True)
class SectionsFileOutcome:
    path: Path
    entries: list[SectionEntryOutcome] = field(default_factory=list)
    error: str = ""  # a problem with the file as a whole

    @property
    def failed(self) -> bool:
        return bool(self.error) or any(entry.status == "failed" for entry in self.entries)


SECTION_FIELDS = ("key", "name", "origin", "value_type", "instructions", "allowed_values")


def section_definitions_import_file(
    *, path: str | Path, user: User | None = None
) -> SectionsFileOutcome:
    """Save every definition of a sections JSON file (a list), all of them or, on any failure, none.

    Every entry is still checked after a failure, so one run reports every problem in the file.
    """
    path = Path(path)
    content = _file_read(path, conversation_limits())
    if isinstance(content, FileOutcome):  # not a regular file, missing, unreadable, too big
        return SectionsFileOutcome(path=path, error=content.error)
    try:
        document = load_json(content)
    except ImportFormatError as error:
        return SectionsFileOutcome(path=path, error=str(error))
    if not isinstance(document, list):
        return SectionsFileOutcome(
            path=path, error="the file must be a JSON list of section definitions"
        )

    outcomes: list[SectionEntryOutcome] = []
    first_position: dict[str, int] = {}
    with transaction.atomic():
        for position, entry in enumerate(document, start=1):
            key = entry.get("key") if isinstance(entry, dict) else None
            key_text = key if isinstance(key, str) else ""
            try:
                if not isinstance(entry, dict):
                    raise ValidationError("the entry must be a JSON object")
                missing = [name for name in SECTION_FIELDS[:-1] if name not in entry]
                if missing:
                    raise ValidationError({name: "is missing" for name in missing})
                if key_text in first_position:
                    earlier = first_position[key_text]
                    raise ValidationError({"key": f"{key_text!r} is already in entry {earlier}"})
                first_position[key_text] = position
                # Values straight from the JSON: section_definition_save validates their types.
                fields: dict[str, Any] = {name: entry.get(name) for name in SECTION_FIELDS}
                definition, status = section_definition_save(**fields, user=user)
            except ValidationError as error:
                outcomes.append(
                    SectionEntryOutcome(
                        position=position,
                        key=key_text,
                        status="failed",
                        error=validation_message(error),
                    )
                )
                continue
            outcomes.append(
                SectionEntryOutcome(
                    position=position, key=definition.key, status=status, version=definition.version
                )
            )
        if any(outcome.status == "failed" for outcome in outcomes):
            transaction.set_rollback(True)
    return SectionsFileOutcome(path=path, entries=outcomes)
