"""`manage.py run_evaluation [filters] [--judge local|anthropic] [--dimensions ...] [--sample N --seed S] [--estimate] [--wait]`

Also `--cancel RUN_ID`, `--retry-failed RUN_ID` and `--resume RUN_ID` for an existing run.

Creates a run and enqueues it for the workers. With `--wait` it prints progress until the run
ends, then its scores. The last line is always one JSON object with the run's figures.

`--queue none` and `--agent none` select conversations with no queue, or no human agent; an empty
value (`--queue ''`, an unset shell variable) is refused rather than read as "every queue". A run
over the same scope and configuration as an active one is refused unless `--force`. `--wait`
keeps polling through a database outage.

Why one long module: one command's arguments and modes (create, estimate, wait, cancel, retry,
resume); every rule it applies lives in evaluations/scope.py, forms.py and the services.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import shlex
import time
from collections.abc import Callable
from typing import Any, TypeVar

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import InterfaceError, OperationalError, close_old_connections, connection

from evaluations import judging
from evaluations.forms import RunScopeForm
from evaluations.judges.types import DIMENSIONS
from evaluations.management.pipes import quiet_on_broken_pipe
from evaluations.models import EvaluationRun, Judge
from evaluations.scope import NONE, RunScope
from evaluations.selectors import (
    evaluation_run_progress,
    evaluation_run_scores,
    evaluation_run_totals,
)
from evaluations.services import (
    evaluation_run_cancel,
    evaluation_run_create,
    evaluation_run_enqueue,
    evaluation_run_plan,
    evaluation_run_retry_failed,
)
from evaluations.services.runs import (
    DuplicateRun,
    evaluation_run_duplicate,
    sample_larger_than_scope,
)

T = TypeVar("T")

JSON_KEYS = (
    "run",
    "status",
    "summaries",
    "evaluated",
    "failed",
    "model_calls",
    "input_tokens",
    "cache_read_tokens",
    "cache_write_tokens",
    "output_tokens",
    "cost_usd",
)


# With --wait, how long a run may sit unclaimed before the command suggests starting a worker.
NO_WORKER_HINT_AFTER_SECONDS = 10.0
NO_WORKER_HINT = (
    "no worker has picked the run up yet: is a worker running? "
    "Start one with: .venv/bin/python -m celery -A config worker -l INFO"
)


def _date(value: str) -> dt.date:
    # An argparse `type=` must raise ArgumentTypeError: argparse then reports a usage error (exit 2
    # from the shell, CommandError from call_command); any other exception escapes as a traceback.
    try:
        return dt.date.fromisoformat(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{value!r} is not a date (YYYY-MM-DD)") from None


def _summary_ids(value: str) -> list[int]:
    """One --summary value: an id or comma-separated ids."""
    ids = []
    for item in value.split(","):
        if not item.strip():
            continue
        try:
            ids.append(int(item))
        except ValueError:
            raise argparse.ArgumentTypeError(f"{item.strip()!r} is not a summary id") from None
    return ids


def _comma_list(values: list[str] | None) -> list[str]:
    return [item.strip() for value in values or () for item in value.split(",") if item.strip()]


def run_figures(run: EvaluationRun) -> dict[str, Any]:
    """The JSON line: counters and usage summed from the evaluation rows, exact at any moment."""
    totals = evaluation_run_totals(run_id=run.pk)
    return {
        "run": run.pk,
        "status": run.status,
        "summaries": totals["total"],
        "evaluated": totals["evaluated"],
        "failed": totals["failed"],
        "model_calls": totals["model_calls"],
        "input_tokens": totals["input_tokens"],
        "cache_read_tokens": totals["cache_read_tokens"],
        "cache_write_tokens": totals["cache_write_tokens"],
        "output_tokens": totals["output_tokens"],
        "cost_usd": float(totals["cost_usd"]),
    }


# What acts on an existing run, and what only a new run takes.
ACTIONS = ("cancel", "retry_failed", "resume")
NEW_RUN_OPTIONS = (
    "date_from",
    "date_to",
    "queue",
    "agent",
    "channel",
    "generator",
    "summary",
    "sample",
    "seed",
    "judge",
    "model",
    "dimensions",
    "name",
    "user",
    "force",
    "batch",
)


class Command(BaseCommand):
    help = "Create an evaluation run over a scope of summaries and enqueue it for the workers."

    def add_arguments(self, parser: CommandParser) -> None:
        scope = parser.add_argument_group("scope (every filter given must match)")
        scope.add_argument(
            "--date-from", type=_date, metavar="YYYY-MM-DD", help="first conversation day"
        )
        scope.add_argument(
            "--date-to", type=_date, metavar="YYYY-MM-DD", help="last conversation day"
        )
        scope.add_argument(
            "--queue",
            action="append",
            help=f"queue (repeat or comma-separate); {NONE!r}: conversations with no queue",
        )
        scope.add_argument(
            "--agent",
            action="append",
            help=f"agent external id (repeatable); {NONE!r}: conversations no human agent handled",
        )
        scope.add_argument("--channel", choices=["voice", "chat"], default="")
        scope.add_argument("--generator", default="", help="summary generator, e.g. summarizer-v3")
        scope.add_argument(
            "--summary",
            type=_summary_ids,
            nargs="+",
            action="extend",
            metavar="ID",
            help="explicit summary ids instead of the filters (space- or comma-separated, "
            "repeatable)",
        )
        scope.add_argument("--sample", type=int, help="judge at most N summaries, drawn at random")
        scope.add_argument("--seed", type=int, help="the sample's seed (recorded on the run)")
        config = parser.add_argument_group("configuration")
        config.add_argument(
            "--judge",
            choices=Judge.values,
            default=None,
            help="default: the judge settings (/settings/judge/), else JUDGE_DEFAULT",
        )
        config.add_argument(
            "--model", default="", help="model id (default: the judge settings, else JUDGE_MODEL)"
        )
        config.add_argument(
            "--dimensions",
            nargs="+",
            default=None,
            help=f"some of {', '.join(DIMENSIONS)} (default: the judge settings, else all)",
        )
        config.add_argument(
            "--max-questions",
            type=int,
            default=10,
            help="coverage questions the summarization score asks per summary (1 to 100)",
        )
        config.add_argument(
            "--batch",
            action="store_true",
            help="send the calls through Message Batches (half price, results within 24 hours)",
        )
        config.add_argument("--name", default="")
        config.add_argument(
            "--user",
            default="",
            metavar="USERNAME",
            help="the platform user who starts the run (recorded as its creator)",
        )
        parser.add_argument(
            "--resume",
            type=int,
            metavar="RUN_ID",
            help="enqueue an existing run again (after a broker loss): its queued evaluations, "
            "and running ones whose claim went stale; ended ones are left alone",
        )
        parser.add_argument(
            "--force",
            action="store_true",
            help="start the run even if an active run already judges the same scope with the "
            "same configuration",
        )
        parser.add_argument(
            "--estimate",
            action="store_true",
            help="resolve the scope and print the summary count and estimated cost; create nothing",
        )
        parser.add_argument(
            "--cancel", type=int, metavar="RUN_ID", help="stop handing out a run's work"
        )
        parser.add_argument(
            "--retry-failed",
            type=int,
            metavar="RUN_ID",
            help="put a finished run's failed summaries back in the queue",
        )
        parser.add_argument("--wait", action="store_true", help="print progress until it ends")
        parser.add_argument("--poll", type=float, default=1.0, help="seconds between checks")
        parser.add_argument(
            "--timeout", type=float, default=None, help="with --wait: give up after N seconds"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        with quiet_on_broken_pipe():
            self._handle(options)

    def _handle(self, options: dict[str, Any]) -> None:
        self._check_options(options)
        if options["estimate"]:
            self._estimate(options)
            return
        if options["cancel"] is not None:
            run = self._existing_run(options["cancel"])
            cancelled = evaluation_run_cancel(run=run)
            self.stdout.write(
                f"Run {run.pk}: cancelled; evaluations in flight end normally."
                if cancelled
                else f"Run {run.pk}: nothing to cancel ({run.status})."
            )
        elif options["retry_failed"] is not None:
            run = self._existing_run(options["retry_failed"])
            retried = evaluation_run_retry_failed(run=run)
            self.stdout.write(f"Run {run.pk}: {retried} failed summaries queued again.")
        elif options["resume"] is not None:
            run = self._existing_run(options["resume"])
            try:
                evaluation_run_enqueue(run=run)
            except ValidationError as error:
                again = new_run_command_line(run)
                raise CommandError(f"{'; '.join(error.messages)} For example: {again}") from None
            self.stdout.write(f"Run {run.pk}: enqueued again ({run.status}).")
        else:
            run = self._create(options)
        timed_out = False
        if options["wait"]:
            timed_out = not self._wait(run, poll=options["poll"], timeout=options["timeout"])
            run, figures = self._through_outages(lambda: self._final(run))
            self._print_scores(run, figures)
        else:
            figures = run_figures(run)
        self.stdout.write(json.dumps(figures))
        if timed_out:
            raise SystemExit(1)

    @staticmethod
    def _final(run: EvaluationRun) -> tuple[EvaluationRun, dict[str, Any]]:
        run.refresh_from_db()
        return run, run_figures(run)

    def _through_outages(
        self, read: Callable[[], T], *, poll: float = 1.0, deadline: float | None = None
    ) -> T:
        """`read()`, again and again while the database is away (a restart, a failover), with a
        one-line notice when it goes and when it is back. Gives up (CommandError) only past
        `deadline`."""
        away = False
        while True:
            try:
                value = read()
            except (OperationalError, InterfaceError) as error:
                # A broken connection is closed, so the next read opens a new one (never inside
                # a transaction: there is none in this command, and one would be lost anyway).
                if not connection.in_atomic_block:
                    close_old_connections()
                if not away:
                    first_line = str(error).strip().splitlines()[0] if str(error).strip() else ""
                    self.stderr.write(
                        f"The database is unreachable ({type(error).__name__}: {first_line}); "
                        "still waiting."
                    )
                    away = True
                if deadline is not None and time.monotonic() > deadline:
                    raise CommandError(
                        "Gave up waiting: the database is still unreachable."
                    ) from None
                time.sleep(poll)
                continue
            if away:
                self.stderr.write("The database is back.")
            return value

    def _check_options(self, options: dict[str, Any]) -> None:
        """Refuse what would otherwise be silently ignored or misread."""
        actions = [f"--{name.replace('_', '-')}" for name in ACTIONS if options[name] is not None]
        if options["estimate"]:
            actions.append("--estimate")
        if len(actions) > 1:
            raise CommandError(f"Give one of {', '.join(actions)}, not several.")
        if actions and actions[0] != "--estimate":
            given = [f"--{name.replace('_', '-')}" for name in NEW_RUN_OPTIONS if options[name]]
            if given:
                raise CommandError(
                    f"{actions[0]} acts on an existing run: {', '.join(given)} would be ignored."
                )
        if options["force"] and actions:
            raise CommandError("--force is for starting a run; it does nothing here.")
        if options["seed"] is not None and options["sample"] is None:
            raise CommandError("--seed is the seed of a --sample: give --sample N too.")
        if options["dimensions"] is not None and not _comma_list(options["dimensions"]):
            raise CommandError(f"--dimensions: name some of {', '.join(DIMENSIONS)}.")
        if options["poll"] <= 0:
            raise CommandError(f"--poll {options['poll']:g}: the seconds must be above 0.")
        if options["timeout"] is not None and options["timeout"] <= 0:
            raise CommandError(f"--timeout {options['timeout']:g}: the seconds must be above 0.")

    def _existing_run(self, run_id: int) -> EvaluationRun:
        run = EvaluationRun.objects.filter(pk=run_id).first()
        if run is None:
            raise CommandError(f"No evaluation run {run_id}.")
        return run

    def _estimate(self, options: dict[str, Any]) -> None:
        """The same scope resolution and estimate as a real run; nothing is stored or enqueued."""
        run = self._create(options, plan_only=True)
        sample = (
            f", sample of {run.sample_size} with seed {run.sample_seed}" if run.sample_size else ""
        )
        self.stdout.write(
            f"Estimate: {run.total} summaries{sample}; judge {run.judge} ({run.model}); "
            f"dimensions {', '.join(run.dimensions)}; estimated cost ${run.estimated_cost_usd:.4f}. "
            "Nothing was created."
        )

    def _scope(self, options: dict[str, Any]) -> RunScope:
        # Each value parsed to a list of ids (`--summary 1,2 3` gives [[1, 2], [3]]): flatten. A
        # flag given with no id (`--summary ,`) stays an empty list, refused, not "every summary".
        given = options["summary"]
        form = RunScopeForm(
            data={
                "date_from": options["date_from"],
                "date_to": options["date_to"],
                "queues": options["queue"],
                "agents": options["agent"],
                "channel": options["channel"],
                "generator": options["generator"],
                "summary_ids": None if given is None else [i for ids in given for i in ids],
                "sample_size": options["sample"],
                "sample_seed": options["seed"],
                "batch": options["batch"],
            }
        )
        if not form.is_valid():
            raise CommandError(form.error_text())
        return form.scope()

    def _create(self, options: dict[str, Any], *, plan_only: bool = False) -> EvaluationRun:
        default = judging.judge_default()  # the judge settings, or the environment's
        judge = options["judge"] or default.judge
        scope = self._scope(options)
        created_by = None
        if options["user"]:
            created_by = get_user_model().objects.filter(username=options["user"]).first()
            if created_by is None:
                raise CommandError(f"No user {options['user']!r} (see --user).")
        try:
            options_of_run = dict(
                judge=judge,
                model=options["model"],
                dimensions=_comma_list(options["dimensions"]) or list(default.dimensions),
                max_questions=options["max_questions"],
                scope=scope,
                name=options["name"],
            )
            if plan_only:
                plan = evaluation_run_plan(**options_of_run)
                for note in plan.notes:
                    self.stderr.write(note)
                duplicate = evaluation_run_duplicate(plan=plan)
                if duplicate is not None:
                    self.stderr.write(
                        f"Run {duplicate.pk} ({duplicate.status}) already judges the same scope "
                        "with the same configuration: starting this one needs --force."
                    )
                return plan.run
            run = evaluation_run_create(
                created_by=created_by, allow_duplicate=options["force"], **options_of_run
            )
        except DuplicateRun as error:
            progress = evaluation_run_progress(run=error.run)
            raise CommandError(
                f"{error.message} It has {progress.done}/{progress.total} done; follow it with "
                f"--resume {error.run.pk} --wait, or give --force to start another anyway."
            ) from None
        except (ValidationError, ValueError) as error:
            message = "; ".join(error.messages) if isinstance(error, ValidationError) else error
            raise CommandError(str(message)) from None
        sample = (
            f", sample of {run.sample_size} with seed {run.sample_seed}" if run.sample_size else ""
        )
        asked = options["sample"]
        if asked is not None and run.sample_size is not None and asked > run.sample_size:
            self.stderr.write(sample_larger_than_scope(asked=asked, drawn=run.sample_size))
        self.stdout.write(
            f"Run {run.pk}: {run.total} summaries{sample}; judge {run.judge} ({run.model}); "
            f"dimensions {', '.join(run.dimensions)}; estimated cost ${run.estimated_cost_usd:.4f}"
        )
        return run

    def _wait(self, run: EvaluationRun, *, poll: float, timeout: float | None) -> bool:
        started = time.monotonic()
        deadline = None if timeout is None else started + timeout
        last_line = ""
        hinted = False
        while True:
            progress = self._through_outages(
                lambda: self._progress(run), poll=poll, deadline=deadline
            )
            line = (
                f"{run.status}: {progress.done}/{progress.total} done, "
                f"{progress.succeeded} evaluated, {progress.failed} failed, "
                f"{progress.running} running, {progress.cancelled} cancelled"
            )
            if line != last_line:
                self.stdout.write(line)
                self.stdout.flush()
                last_line = line
            if run.is_terminal:
                return True
            # The first fan-out task moves the run to running: still queued means no worker has
            # taken anything, and without one the command would wait in silence.
            unclaimed = run.status == EvaluationRun.Status.QUEUED
            if (
                unclaimed
                and not hinted
                and time.monotonic() - started >= NO_WORKER_HINT_AFTER_SECONDS
            ):
                self.stderr.write(NO_WORKER_HINT)
                hinted = True
            if deadline is not None and time.monotonic() > deadline:
                gave_up = f"Gave up waiting for run {run.pk} after {timeout:g} s"
                self.stderr.write(f"{gave_up}; {NO_WORKER_HINT}" if unclaimed else f"{gave_up}.")
                return False
            time.sleep(poll)

    @staticmethod
    def _progress(run: EvaluationRun) -> Any:
        run.refresh_from_db(fields=["status"])
        return evaluation_run_progress(run=run)

    def _print_scores(self, run: EvaluationRun, figures: dict[str, Any]) -> None:
        scores = self._through_outages(lambda: evaluation_run_scores(run=run))
        for score in scores:
            mean = "N/A" if score.mean is None else f"{score.mean:.3f}"
            self.stdout.write(
                f"{score.dimension}: {mean} over {score.scored} summaries"
                f" ({score.not_applicable} N/A)"
            )
        # The same figure as the JSON line's cost_usd: summed from the evaluations' calls.
        self.stdout.write(
            f"cost: ${figures['cost_usd']:.4f} actual, ${run.estimated_cost_usd:.4f} estimated"
        )


def new_run_command_line(run: EvaluationRun) -> str:
    """The command that starts a new run over `run`'s scope with its configuration (a cancelled
    run is not resumed: this is what to type instead)."""
    words = ["manage.py", "run_evaluation"]
    if run.explicit_summaries:
        ids = sorted(run.evaluations.values_list("summary_id", flat=True))
        words += ["--summary", ",".join(map(str, ids))]
    else:
        if run.date_from:
            words += ["--date-from", run.date_from.isoformat()]
        if run.date_to:
            words += ["--date-to", run.date_to.isoformat()]
        for flag, values in (("--queue", run.queues), ("--agent", run.agent_ids)):
            if values:
                words += [flag, ",".join(values)]
        if run.channel:
            words += ["--channel", run.channel]
        if run.generator:
            words += ["--generator", run.generator]
    if run.sample_size is not None:
        words += ["--sample", str(run.sample_size), "--seed", str(run.sample_seed)]
    words += ["--judge", run.judge, "--model", run.model, "--dimensions", *run.dimensions]
    if run.max_questions != 10:
        words += ["--max-questions", str(run.max_questions)]
    if run.batch:
        words.append("--batch")
    return shlex.join(words)
