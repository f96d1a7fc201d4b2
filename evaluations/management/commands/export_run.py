"""`manage.py export_run RUN_ID --format csv|jsonl [--output FILE]`: every evaluation of a run
with its verdicts.

JSONL: one object per evaluation, its verdicts nested. CSV: one row per verdict (an evaluation with
no verdicts, such as a failed one, still gets one row), the evaluation's columns repeated, so a
spreadsheet can filter and pivot it.
"""

from __future__ import annotations

import csv
import json
import sys
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from evaluations.management.pipes import quiet_on_broken_pipe
from evaluations.models import EvaluationRun, SummaryEvaluation
from evaluations.selectors import evaluations_for_export

if TYPE_CHECKING:
    from _typeshed import SupportsWrite

SCORE_FIELDS = (
    "accuracy",
    "accuracy_na_reason",
    "adherence",
    "adherence_na_reason",
    "completeness",
    "completeness_na_reason",
    "summarization",
    "alignment",
    "coverage",
    "summarization_reason",
)
USAGE_FIELDS = (
    "model_calls",
    "input_tokens",
    "output_tokens",
    "cache_write_tokens",
    "cache_read_tokens",
    "cost_usd",
)
CSV_VERDICT_COLUMNS = (
    "kind",
    "section",
    "position",
    "item_position",
    "text",
    "detail",
    "passed",
    "reason",
    "evidence_verified",
    "turn_indexes",
)


def evaluation_record(evaluation: SummaryEvaluation) -> dict[str, Any]:
    conversation = evaluation.summary.conversation
    record: dict[str, Any] = {
        "run": evaluation.run_id,
        "evaluation": evaluation.pk,
        "summary": evaluation.summary_id,
        "conversation": f"{conversation.source}:{conversation.external_id}",
        "generator": evaluation.summary.generator,
        "status": evaluation.status,
        "error": evaluation.error,
        "judge": evaluation.judge,
        "model": evaluation.model,
        "prompt_version": evaluation.prompt_version,
        "attempts": evaluation.attempts,
    }
    for field in SCORE_FIELDS:
        record[field] = getattr(evaluation, field)
    for field in USAGE_FIELDS:
        record[field] = getattr(evaluation, field)
    record["cost_usd"] = float(evaluation.cost_usd)
    return record


def evaluation_verdicts(evaluation: SummaryEvaluation) -> dict[str, list[dict[str, Any]]]:
    return {
        "section_scores": [
            {
                "section": s.section,
                "accuracy": s.accuracy,
                "accuracy_na_reason": s.accuracy_na_reason,
                "adherence": s.adherence,
                "adherence_na_reason": s.adherence_na_reason,
                "completeness": s.completeness,
                "completeness_na_reason": s.completeness_na_reason,
            }
            for s in evaluation.section_scores.all()
        ],
        "accuracy_points": [
            {
                "section": v.section,
                "point": v.point,
                "accuracy": v.justification,
                "is_accurate": v.is_accurate,
                "turn_indexes": v.turn_indexes,
            }
            for v in evaluation.accuracy_verdicts.all()
        ],
        "adherence_rubrics": [
            {
                "section": v.section,
                "question": v.question,
                "reasoning": v.reasoning,
                "is_addressed": v.is_addressed,
                "decided_by": v.decided_by,
            }
            for v in evaluation.adherence_verdicts.all()
        ],
        "completeness_rubrics": [
            {
                "section": r.section,
                "instruction": r.instruction,
                "question": r.question,
                "is_covered": r.is_covered,
                "reason": r.reason,
                "turn_indexes": r.turn_indexes,
                "content_list": [
                    {
                        "transcript_content": i.transcript_content,
                        "related_content_from_summary": i.related_content_from_summary,
                        "is_covered": i.is_covered,
                        "is_evidence_verified": i.is_evidence_verified,
                        "turn_indexes": i.turn_indexes,
                    }
                    for i in r.items.all()
                ],
            }
            for r in evaluation.completeness_rubrics.all()
        ],
        "summarization_claims": [
            {
                "section": c.section,
                "claim": c.claim,
                "supported": c.supported,
                "reason": c.reason,
                "turn_indexes": c.turn_indexes,
            }
            for c in evaluation.summarization_claims.all()
        ],
        "coverage_questions": [
            {
                "section": q.section,
                "question": q.question,
                "answered": q.answered,
                "reason": q.reason,
                "turn_indexes": q.turn_indexes,
            }
            for q in evaluation.coverage_questions.all()
        ],
        "calls": [
            {
                "purpose": c.purpose,
                "model": c.model,
                "attempts": c.attempts,
                # Billed in an attempt that ended in a judge error: counted in the usage above,
                # but no verdict here came of it.
                "attempt_failed": c.attempt_failed,
                "seconds": c.seconds,
                "input_tokens": c.input_tokens,
                "output_tokens": c.output_tokens,
                "cache_write_tokens": c.cache_write_tokens,
                "cache_read_tokens": c.cache_read_tokens,
                "cost_usd": float(c.cost_usd),
            }
            for c in evaluation.calls.all()
        ],
    }


def _csv_verdict_rows(evaluation: SummaryEvaluation) -> Iterator[dict[str, Any]]:
    def turns(indexes: list[int]) -> str:
        return " ".join(str(i) for i in indexes)

    for v in evaluation.accuracy_verdicts.all():
        yield {
            "kind": "accuracy_point",
            "section": v.section,
            "position": v.position,
            "text": v.point,
            "passed": v.is_accurate,
            "reason": v.justification,
            "turn_indexes": turns(v.turn_indexes),
        }
    for rubric in evaluation.adherence_verdicts.all():
        yield {
            "kind": "adherence_rubric",
            "section": rubric.section,
            "position": rubric.position,
            "text": rubric.question,
            "detail": rubric.decided_by,
            "passed": rubric.is_addressed,
            "reason": rubric.reasoning,
        }
    for r in evaluation.completeness_rubrics.all():
        items = list(r.items.all())
        yield {
            "kind": "completeness_rubric",
            "section": r.section,
            "position": r.position,
            "text": r.question,
            "detail": r.instruction,
            "passed": r.is_covered,
            "reason": r.reason,
            "turn_indexes": turns(r.turn_indexes),
        }
        for i in items:
            yield {
                "kind": "completeness_item",
                "section": r.section,
                "position": r.position,
                "item_position": i.position,
                "text": i.transcript_content,
                "detail": i.related_content_from_summary,
                "passed": i.is_covered,
                "evidence_verified": i.is_evidence_verified,
                "turn_indexes": turns(i.turn_indexes),
            }
    for c in evaluation.summarization_claims.all():
        yield {
            "kind": "summarization_claim",
            "section": c.section,
            "position": c.position,
            "text": c.claim,
            "passed": c.supported,
            "reason": c.reason,
            "turn_indexes": turns(c.turn_indexes),
        }
    for q in evaluation.coverage_questions.all():
        yield {
            "kind": "coverage_question",
            "section": q.section,
            "position": q.position,
            "text": q.question,
            "passed": q.answered,
            "reason": q.reason,
            "turn_indexes": turns(q.turn_indexes),
        }


def export_jsonl(run: EvaluationRun, out: SupportsWrite[str]) -> int:
    count = 0
    for evaluation in evaluations_for_export(run=run):
        record = evaluation_record(evaluation) | evaluation_verdicts(evaluation)
        out.write(json.dumps(record, ensure_ascii=False) + "\n")
        count += 1
    return count


def export_csv(run: EvaluationRun, out: SupportsWrite[str]) -> int:
    writer: csv.DictWriter | None = None
    count = 0
    for evaluation in evaluations_for_export(run=run):
        record = evaluation_record(evaluation)
        if writer is None:
            writer = csv.DictWriter(out, fieldnames=[*record, *CSV_VERDICT_COLUMNS], restval="")
            writer.writeheader()
        rows = list(_csv_verdict_rows(evaluation)) or [{}]
        for row in rows:
            writer.writerow(
                {key: _spreadsheet_safe(value) for key, value in (record | row).items()}
            )
        count += 1
    return count


# A spreadsheet runs a cell that starts with one of these as a formula. Transcripts and summaries
# are customer-written, so their text is defused with a leading apostrophe (OWASP's advice for CSV
# injection); numbers are left alone.
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _spreadsheet_safe(value: object) -> object:
    if isinstance(value, str) and value.startswith(_FORMULA_STARTS):
        return "'" + value
    return value


class Command(BaseCommand):
    help = "Write every evaluation of a run with its verdicts, as CSV or JSON Lines."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("run_id", type=int, metavar="RUN_ID")
        parser.add_argument("--format", choices=["csv", "jsonl"], default="jsonl")
        parser.add_argument("--output", "-o", default="-", help="file to write (default: stdout)")

    def handle(self, *args: Any, run_id: int, **options: Any) -> None:
        run = EvaluationRun.objects.filter(pk=run_id).first()
        if run is None:
            raise CommandError(f"No evaluation run {run_id}.")
        export = export_csv if options["format"] == "csv" else export_jsonl
        if options["output"] == "-":
            with quiet_on_broken_pipe():
                count = export(run, self.stdout)
                self.stdout.flush()
        else:
            with open(options["output"], "w", encoding="utf-8", newline="") as out:
                count = export(run, out)
        # The count goes to stderr so stdout stays a clean CSV or JSONL stream.
        sys.stderr.write(f"Exported {count} evaluations of run {run.pk}.\n")
