"""`manage.py judge_benchmark FILE.jsonl --judge local|anthropic [--model M] [--limit N] [--json]`

Measures a judge against human labels: per dimension, the number of items, balanced accuracy,
precision and recall of the failing class, Cohen's kappa and the MAE of the summary scores
against `expected`. The work is in `evaluations.benchmark`; this command builds the judge and
prints.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from evaluations.benchmark import format_table, run_benchmark
from evaluations.judges.base import Judge, JudgeError
from evaluations.judging import judge_build, judge_default_model


def build_judge(name: str, model: str | None) -> Judge:
    """The judge a benchmark runs, configured exactly as evaluation runs configure it: the offline
    one, or Claude (JUDGE_MODEL unless --model, with the API key, base URL, timeout and retries from
    settings)."""
    if name == "anthropic" and not settings.ANTHROPIC_API_KEY:
        raise CommandError(
            "--judge anthropic needs an Anthropic API key: set ANTHROPIC_API_KEY in the "
            "environment (or run the offline baseline with --judge local)."
        )
    return judge_build(judge=name, model=model or judge_default_model(name))


class Command(BaseCommand):
    help = "Measure a judge's agreement with the labels of a JSONL benchmark file."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", type=Path, help="labelled conversations or claims (.jsonl)")
        parser.add_argument("--judge", choices=("local", "anthropic"), default="local")
        parser.add_argument("--model", default=None, help="the Claude model (default: JUDGE_MODEL)")
        parser.add_argument("--limit", type=int, default=None, help="only the first N rows")
        parser.add_argument("--json", action="store_true", help="print one JSON object")

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["file"]
        if not path.is_file():
            raise CommandError(f"{path} is not a file")
        if options["limit"] is not None and options["limit"] < 1:
            raise CommandError("--limit must be at least 1")
        judge = build_judge(options["judge"], options["model"])
        try:
            result = run_benchmark(judge, path, limit=options["limit"])
        except ValueError as error:
            raise CommandError(str(error)) from error
        except JudgeError as error:
            raise CommandError(f"the {judge.name} judge failed: {error}") from error
        if options["json"]:
            self.stdout.write(json.dumps(result.as_dict()))
        else:
            self.stdout.write(format_table(result))
