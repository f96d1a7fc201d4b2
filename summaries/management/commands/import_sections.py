"""`manage.py import_sections FILE.json`: load (and version) custom section definitions."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from summaries.services import SectionEntryOutcome, section_definitions_import_file


def _entry_line(entry: SectionEntryOutcome) -> str:
    if entry.status == "created":
        return f"created {entry.key} v{entry.version}"
    if entry.status == "new_version":
        return f"new version {entry.key} v{entry.version}"
    if entry.status == "unchanged":
        return f"unchanged {entry.key} v{entry.version}"
    if entry.status == "skipped":
        return f"skipped {entry.key}: predefined sections are never changed by an import"
    label = f"entry {entry.position}" + (f" ({entry.key})" if entry.key else "")
    return f"failed {label}: {entry.error}"


class Command(BaseCommand):
    help = (
        "Load section definitions from a JSON list of {key, name, origin, value_type, "
        "instructions, allowed_values}. A changed custom definition becomes a new version; "
        "predefined ones are skipped. All or nothing: one bad entry and nothing is written."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", metavar="FILE.json")

    def handle(self, *args: Any, path: str, **options: Any) -> None:
        outcome = section_definitions_import_file(path=path)
        if outcome.error:
            raise CommandError(f"failed {path}: {outcome.error}")
        for entry in outcome.entries:
            line = _entry_line(entry)
            self.stdout.write(self.style.ERROR(line) if entry.status == "failed" else line)
        counts = {
            status: sum(entry.status == status for entry in outcome.entries)
            for status in ("created", "new_version", "unchanged", "skipped", "failed")
        }
        self.stdout.write(
            f"total: {len(outcome.entries)} entries ({counts['created']} created, "
            f"{counts['new_version']} new versions, {counts['unchanged']} unchanged, "
            f"{counts['skipped']} skipped, {counts['failed']} failed)"
        )
        if outcome.failed:
            raise CommandError(f"{counts['failed']} entries of {path} failed; nothing was written")
