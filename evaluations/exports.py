"""A run's evaluations with their verdicts, as CSV or JSON Lines, streamed.

JSONL: one object per evaluation, its verdicts nested. CSV: one row per verdict item (an evaluation
with no verdicts, such as a failed one, still gets one row), the evaluation's columns repeated, so a
spreadsheet can filter and pivot it.

`export_chunks` yields one piece of text per evaluation (the CSV header comes with the first), read
from the database in batches: `export_run` writes them to a file or stdout, and a download view can
hand them to a `StreamingHttpResponse`, neither holding the run in memory.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterator
from enum import StrEnum
from typing import Any

from evaluations.judges.types import CCAI_DIMENSIONS
from evaluations.models import EvaluationRun, SummaryEvaluation
from evaluations.selectors import evaluations_for_export
from evaluations.verdict_kinds import VERDICT_KINDS


class ExportFormat(StrEnum):
    CSV = "csv"
    JSONL = "jsonl"

    @property
    def content_type(self) -> str:
        return "text/csv; charset=utf-8" if self is ExportFormat.CSV else "application/jsonl"


# Each CCAI score, then why it is N/A (empty when it is not).
CCAI_SCORE_FIELDS = tuple(
    field for dimension in CCAI_DIMENSIONS for field in (dimension, f"{dimension}_na_reason")
)
SCORE_FIELDS = (
    *CCAI_SCORE_FIELDS,
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
SECTION_SCORE_FIELDS = ("section", *CCAI_SCORE_FIELDS)
CALL_FIELDS = (
    "purpose",
    "model",
    "attempts",
    # Billed in an attempt that ended in a judge error: counted in the usage above, but no
    # verdict here came of it.
    "attempt_failed",
    "seconds",
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
    """The evaluation's own columns: what was judged, how it ended, its scores and its usage."""
    conversation = evaluation.summary.conversation
    record: dict[str, Any] = {
        "run": evaluation.run_id,
        "evaluation": evaluation.pk,
        "summary": evaluation.summary_id,
        "conversation": f"{conversation.source}:{conversation.external_id}",
        "generator": evaluation.summary.generator,
        "status": evaluation.status,
        "error": evaluation.error,
        "notes": evaluation.notes,
        "judge": evaluation.judge,
        "model": evaluation.model,
        "prompt_version": evaluation.prompt_version,
        "attempts": evaluation.attempts,
    }
    for field in (*SCORE_FIELDS, *USAGE_FIELDS):
        record[field] = getattr(evaluation, field)
    record["cost_usd"] = float(evaluation.cost_usd)
    return record


def evaluation_verdicts(evaluation: SummaryEvaluation) -> dict[str, list[dict[str, Any]]]:
    """Its section scores, every verdict item by kind, and its model calls."""
    calls = [
        {field: getattr(call, field) for field in CALL_FIELDS} | {"cost_usd": float(call.cost_usd)}
        for call in evaluation.calls.all()
    ]
    return {
        "section_scores": [
            {field: getattr(scores, field) for field in SECTION_SCORE_FIELDS}
            for scores in evaluation.section_scores.all()
        ],
        **{
            kind.export_key: [kind.record(row) for row in kind.rows_of(evaluation)]
            for kind in VERDICT_KINDS
        },
        "calls": calls,
    }


def jsonl_chunks(*, run: EvaluationRun) -> Iterator[str]:
    for evaluation in evaluations_for_export(run=run):
        record = evaluation_record(evaluation) | evaluation_verdicts(evaluation)
        yield json.dumps(record, ensure_ascii=False) + "\n"


class _Echo:
    """A file whose `write` hands the text back, so csv.writer formats a row without storing it
    (the pattern of Django's streaming CSV how-to)."""

    def write(self, text: str) -> str:
        return text


def csv_chunks(*, run: EvaluationRun) -> Iterator[str]:
    writer: csv.DictWriter | None = None
    for evaluation in evaluations_for_export(run=run):
        record = evaluation_record(evaluation)
        header = ""
        if writer is None:
            fieldnames = [*record, *CSV_VERDICT_COLUMNS]
            writer = csv.DictWriter(_Echo(), fieldnames=fieldnames, restval="")
            header = writer.writeheader()
        rows = [
            row
            for kind in VERDICT_KINDS
            for v in kind.rows_of(evaluation)
            for row in kind.csv_rows(v)
        ]
        yield header + "".join(
            writer.writerow(
                {key: _spreadsheet_safe(value) for key, value in (record | row).items()}
            )
            for row in rows or [{}]
        )


def export_chunks(*, run: EvaluationRun, fmt: ExportFormat) -> Iterator[str]:
    """The run in `fmt`, one piece of text per evaluation, in evaluation order."""
    return csv_chunks(run=run) if fmt == ExportFormat.CSV else jsonl_chunks(run=run)


# A spreadsheet runs a cell that starts with one of these as a formula. Transcripts and summaries
# are customer-written, so their text is defused with a leading apostrophe (OWASP's advice for CSV
# injection); numbers are left alone.
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _spreadsheet_safe(value: object) -> object:
    if isinstance(value, str) and value.startswith(_FORMULA_STARTS):
        return "'" + value
    return value
