"""`manage.py import_conversations PATH [PATH ...] [--format ...]`: import conversation files."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from summaries.importers.common import CHANNELS, DEFAULT_CHANNEL
from summaries.importers.formats import AUTO, FORMAT_CHOICES, import_files_find
from summaries.limits import conversation_limits
from summaries.services import conversations_import_file


def _printable(value: object) -> str:
    """Text the terminal can take: a file name that is not UTF-8 (a surrogate escape on Linux)
    or an error quoting broken text must not stop the command in the middle of its report."""
    return str(value).encode("utf-8", "backslashreplace").decode("utf-8")


class Command(BaseCommand):
    help = (
        "Import conversations (and their summaries) from files or directories, each file in one "
        "transaction. Prints one line per file and the totals; exits 1 if any file failed."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("paths", nargs="+", metavar="PATH", help="files or directories")
        parser.add_argument(
            "--format",
            dest="fmt",
            choices=FORMAT_CHOICES,
            default=AUTO,
            help="the files' format; auto (the default) detects it per file",
        )
        parser.add_argument(
            "--channel",
            choices=CHANNELS,
            default=DEFAULT_CHANNEL,
            help="the channel for formats that do not record one (text, ccai-upload); "
            f"default {DEFAULT_CHANNEL}",
        )

    def handle(self, *args: Any, paths: list[str], fmt: str, channel: str, **options: Any) -> None:
        counts = {"imported": 0, "unchanged": 0, "failed": 0, "skipped": 0}
        conversations = summaries = 0
        max_file_bytes = conversation_limits().max_file_bytes
        for candidate in import_files_find(paths, max_file_bytes=max_file_bytes):
            where = _printable(candidate.path)
            if candidate.skip_reason:
                counts["skipped"] += 1
                self.stdout.write(f"skipped {where}: {candidate.skip_reason}")
                continue
            outcome = conversations_import_file(
                path=candidate.path, fmt=fmt, default_channel=channel
            )
            counts[outcome.status] += 1
            if outcome.status == "failed":
                self.stdout.write(self.style.ERROR(f"failed {where}: {_printable(outcome.error)}"))
            elif outcome.status == "skipped":
                self.stdout.write(f"skipped {where}: {outcome.error}")
            elif outcome.status == "unchanged":
                self.stdout.write(f"unchanged {where}")
            else:
                conversations += outcome.conversations_created
                summaries += outcome.summaries_created
                self.stdout.write(
                    self.style.SUCCESS(
                        f"imported {where}: {outcome.conversations_created} conversations, "
                        f"{outcome.summaries_created} summaries"
                    )
                )
        # The total counts every file listed above, skipped ones too, so it equals its parts.
        files = sum(counts.values())
        self.stdout.write(
            f"total: {files} files ({counts['imported']} imported, {counts['unchanged']} unchanged, "
            f"{counts['failed']} failed, {counts['skipped']} skipped); "
            f"{conversations} conversations and {summaries} summaries imported"
        )
        if counts["failed"]:
            raise CommandError(f"{counts['failed']} of {files} files failed to import")
        if files == counts["skipped"]:
            raise CommandError("no files to import in " + ", ".join(map(_printable, paths)))
