"""The importer formats by name, `--format auto` detection, and which files a directory offers."""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path, PurePath

from summaries.importers import ccai_conversation, ccai_upload, connect, jsonl, text
from summaries.importers.common import (
    DEFAULT_CHANNEL,
    decode_text,
    json_error_message,
    json_loads,
)
from summaries.importers.records import ConversationRecord, ImportFormatError

Parser = Callable[..., list[ConversationRecord]]

AUTO = "auto"
PARSERS: dict[str, Parser] = {
    ccai_upload.SOURCE: ccai_upload.parse,
    ccai_conversation.SOURCE: ccai_conversation.parse,
    connect.SOURCE: connect.parse,
    text.SOURCE: text.parse,
    jsonl.SOURCE: jsonl.parse,
}
FORMAT_CHOICES = [AUTO, *PARSERS]

# What a directory walk considers; anything else there (README.md, images) is skipped, not failed.
IMPORT_SUFFIXES = {".json", ".jsonl", ".ndjson", ".txt"}

# The fields every entry of a section definitions file has (what `import_sections` loads). A data
# folder often keeps one beside its conversations, as ../shared/data/cc/sections.json does.
SECTION_DEFINITION_FIELDS = frozenset({"key", "value_type", "instructions"})
SECTION_DEFINITIONS_SKIP = "a section definitions file; load it with import_sections"


def looks_like_section_definitions(document: object) -> bool:
    """A non-empty JSON list of objects that each carry a definition's key, value type and
    instructions. No conversation format is a top-level list, so this cannot hide one."""
    return (
        isinstance(document, list)
        and bool(document)
        and all(
            isinstance(entry, dict) and entry.keys() >= SECTION_DEFINITION_FIELDS
            for entry in document
        )
    )


def _section_definitions_content(content: bytes | str) -> bool:
    """Whether a file's content is a section definitions file. Only a document that starts as a
    JSON list is parsed, so conversation files cost one `lstrip` here."""
    try:
        document_text = decode_text(content)
    except ImportFormatError:
        return False
    if not document_text.lstrip().startswith("["):
        return False
    try:
        return looks_like_section_definitions(json_loads(document_text))
    except (json.JSONDecodeError, ImportFormatError):
        return False


def section_definitions_file(path: Path, *, max_bytes: int | None = None) -> bool:
    """Whether a regular file met in a directory walk is a section definitions file (always a
    .json file). Only a file that starts as a JSON list, and is within `max_bytes`, is read
    whole; an unreadable or oversized one is left for the import to report."""
    if path.suffix.lower() != ".json":
        return False
    try:
        with path.open("rb") as handle:
            if not handle.read(4096).lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"["):
                return False
            if max_bytes is not None and os.fstat(handle.fileno()).st_size > max_bytes:
                return False
            handle.seek(0)
            return _section_definitions_content(handle.read())
    except OSError:
        return False


_FILE_KINDS = (
    (stat.S_ISDIR, "a directory"),
    (stat.S_ISFIFO, "a named pipe"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def not_regular_reason(mode: int) -> str:
    """Why a file of this `st_mode` is not imported ("" for a regular file). Reading a named
    pipe blocks until someone writes to it, and a device such as /dev/zero never ends, so only
    regular files are ever opened for reading."""
    if stat.S_ISREG(mode):
        return ""
    kind = next((name for test, name in _FILE_KINDS if test(mode)), "a special file")
    return f"not a regular file ({kind})"


def format_detect(content: bytes | str, *, filename: str) -> str:
    """Name the format of a file from its extension (.txt, .jsonl) or else its content."""
    suffix = PurePath(filename).suffix.lower()
    if suffix in {".jsonl", ".ndjson"}:
        return jsonl.SOURCE
    if suffix == ".txt":
        return text.SOURCE

    document_text = decode_text(content)
    if not document_text.lstrip().startswith(("{", "[")):
        if suffix != ".json" and text.looks_like(document_text):
            return text.SOURCE
        raise ImportFormatError(
            "could not detect the format: the file is neither JSON nor 'Agent: ...' lines"
        )
    try:
        document = json_loads(document_text)
    except json.JSONDecodeError as error:
        # Several JSON objects, one per line, is JSONL even under another name.
        if suffix != ".json" and jsonl.looks_like(document_text):
            return jsonl.SOURCE
        # "[00:01] Agent: ..." starts like a JSON list.
        if suffix != ".json" and text.looks_like(document_text):
            return text.SOURCE
        raise ImportFormatError(json_error_message(error)) from None
    for module in (ccai_upload, ccai_conversation, connect):
        if module.looks_like(document):
            source: str = module.SOURCE
            return source
    if isinstance(document, dict) and "turns" in document:
        return jsonl.SOURCE
    if looks_like_section_definitions(document):
        raise ImportFormatError(
            "could not detect the format: this is a section definitions file, not "
            "conversations; load it with import_sections"
        )
    found = ", ".join(sorted(document)[:8]) if isinstance(document, dict) else "a JSON list"
    raise ImportFormatError(
        "could not detect the format: expected `entries` (ccai-upload), "
        "`transcript.transcriptSegments` (ccai-conversation), `Transcript` (connect) or "
        f"`turns` (jsonl), found {found or 'an empty object'}"
    )


def records_parse(
    content: bytes | str,
    *,
    filename: str,
    fmt: str = AUTO,
    default_channel: str = DEFAULT_CHANNEL,
) -> tuple[str, list[ConversationRecord]]:
    """Parse one file's content in the given (or detected) format; return the format too."""
    if fmt == AUTO:
        fmt = format_detect(content, filename=filename)
    parser = PARSERS.get(fmt)
    if parser is None:
        raise ImportFormatError(
            f"unknown format {fmt!r} (expected one of {', '.join(FORMAT_CHOICES)})"
        )
    try:
        return fmt, parser(content, filename=filename, default_channel=default_channel)
    except ImportFormatError as error:
        # A forced format's own complaint ("the file must be a JSON object") hides what the file
        # is; say it, once the parse has failed, so a good file pays nothing for the check.
        if _section_definitions_content(content):
            raise ImportFormatError(
                f"this is a section definitions file, not conversations in the {fmt} format; "
                "load it with import_sections"
            ) from error
        raise


@dataclass(frozen=True)
class FileCandidate:
    path: Path
    skip_reason: str = ""


def import_files_find(
    paths: Iterable[str | Path], *, max_file_bytes: int | None = None
) -> Iterator[FileCandidate]:
    """Every file to import, in a deterministic order.

    A file named on the command line is always tried (and fails if it is missing; the import
    skips it if it is not a regular file). A directory is walked recursively in sorted order;
    hidden files and folders are left out, and files whose extension is not an import format,
    that are not regular files (named pipes, devices, links to them), or that hold section
    definitions are reported as skipped.
    """
    for raw_path in paths:
        path = Path(raw_path)
        if not path.is_dir():
            yield FileCandidate(path)
            continue
        for folder, subfolders, files in os.walk(path):
            subfolders[:] = sorted(name for name in subfolders if not name.startswith("."))
            for name in sorted(files):
                if name.startswith("."):
                    continue
                file_path = Path(folder) / name
                if file_path.suffix.lower() not in IMPORT_SUFFIXES:
                    yield FileCandidate(file_path, skip_reason="not an import file")
                    continue
                try:
                    # stat, not lstat: a link is judged by what it points at.
                    reason = not_regular_reason(file_path.stat().st_mode)
                except OSError:
                    reason = ""  # a broken link: the import reports it
                if reason:
                    yield FileCandidate(file_path, skip_reason=reason)
                elif section_definitions_file(file_path, max_bytes=max_file_bytes):
                    yield FileCandidate(file_path, skip_reason=SECTION_DEFINITIONS_SKIP)
                else:
                    yield FileCandidate(file_path)
