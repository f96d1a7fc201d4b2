"""`manage.py export_run RUN_ID --format csv|jsonl [--output FILE]`: every evaluation of a run
with its verdicts, as `evaluations.exports` writes them (see there for the formats)."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from evaluations.exports import ExportFormat, export_chunks
from evaluations.management.pipes import quiet_on_broken_pipe
from evaluations.models import EvaluationRun

if TYPE_CHECKING:
    from _typeshed import SupportsWrite


class Command(BaseCommand):
    help = "Write every evaluation of a run with its verdicts, as CSV or JSON Lines."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("run_id", type=int, metavar="RUN_ID")
        parser.add_argument(
            "--format",
            choices=[fmt.value for fmt in ExportFormat],
            default=ExportFormat.JSONL.value,
        )
        parser.add_argument("--output", "-o", default="-", help="file to write (default: stdout)")

    def handle(self, *args: Any, run_id: int, **options: Any) -> None:
        run = EvaluationRun.objects.filter(pk=run_id).first()
        if run is None:
            raise CommandError(f"No evaluation run {run_id}.")
        fmt = ExportFormat(options["format"])
        if options["output"] == "-":
            with quiet_on_broken_pipe():
                count = _write(export_chunks(run=run, fmt=fmt), self.stdout)
                self.stdout.flush()
        else:
            with open(options["output"], "w", encoding="utf-8", newline="") as out:
                count = _write(export_chunks(run=run, fmt=fmt), out)
        # The count goes to stderr so stdout stays a clean CSV or JSONL stream.
        sys.stderr.write(f"Exported {count} evaluations of run {run.pk}.\n")


def _write(chunks: Iterable[str], out: SupportsWrite[str]) -> int:
    """Write the export, one chunk per evaluation; returns how many evaluations."""
    count = 0
    for chunk in chunks:
        out.write(chunk)
        count += 1
    return count
