"""`manage.py judge_benchmark FILE.jsonl --judge local|anthropic [--model M] [--limit N]
[--ids IDS.txt] [--items ITEMS.jsonl] [--resamples N] [--seed S] [--json]`

Measures a judge against human labels: per dimension, the number of items, balanced accuracy with
a bootstrap 95% interval (resampling conversations), precision and recall of the failing class,
Cohen's kappa and the MAE of the summary scores against `expected`. `--ids` keeps the listed
conversations (a half of the development set); `--items` writes every compared item with its
label, the judge's verdict and reason. The work is in `evaluations.benchmark`; this command builds
the judge and prints.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

from evaluations.benchmark import (
    DEFAULT_RESAMPLES,
    DEFAULT_SEED,
    format_table,
    read_ids,
    run_benchmark,
    write_items,
)
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
        parser.add_argument(
            "--ids", type=Path, default=None, help="only the conversations listed (one id a line)"
        )
        parser.add_argument(
            "--items", type=Path, default=None, help="write every compared item here (JSONL)"
        )
        parser.add_argument(
            "--resamples",
            type=int,
            default=DEFAULT_RESAMPLES,
            help="bootstrap resamples for the 95%% intervals (0: none)",
        )
        parser.add_argument("--seed", type=int, default=DEFAULT_SEED, help="bootstrap seed")
        parser.add_argument("--json", action="store_true", help="print one JSON object")

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["file"]
        if not path.is_file():
            raise CommandError(f"{path} is not a file")
        if options["limit"] is not None and options["limit"] < 1:
            raise CommandError("--limit must be at least 1")
        if options["resamples"] < 0:
            raise CommandError("--resamples must be 0 or more")
        items_path: Path | None = options["items"]
        if items_path is not None and not items_path.parent.is_dir():
            raise CommandError(f"--items: {items_path.parent} is not a directory")
        judge = build_judge(options["judge"], options["model"])
        try:
            ids = read_ids(options["ids"]) if options["ids"] is not None else None
            result = run_benchmark(
                judge,
                path,
                limit=options["limit"],
                ids=ids,
                resamples=options["resamples"],
                seed=options["seed"],
            )
        except OSError as error:
            raise CommandError(f"--ids: {error}") from error
        except ValueError as error:
            raise CommandError(str(error)) from error
        except JudgeError as error:
            raise CommandError(f"the {judge.name} judge failed: {error}") from error
        if items_path is not None:
            write_items(result, items_path)
        if options["json"]:
            self.stdout.write(json.dumps(result.as_dict()))
        else:
            self.stdout.write(format_table(result))
