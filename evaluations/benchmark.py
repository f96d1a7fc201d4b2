"""Measure a judge against human labels: dataset readers, agreement metrics and the runner.

Pure Python (no Django), so `judge_benchmark` is a thin command over `run_benchmark` and the
metrics are testable against hand-computed values.

Two file formats, detected per file:

- *conversations* (`cc_dev.jsonl`): a transcript, a summary, per-point accuracy labels, per-question
  adherence labels, per-fact completeness labels and the expected summary scores. Section
  definitions come from the row or from `sections.json` beside the file.
- *claims* (`diasumfact_dev.jsonl`, `faceval_dev.jsonl`): a transcript of `speaker: text` lines, a
  `claim` and its `label` (1 = no factual error). Only accuracy is measured.

The failing class (inaccurate, not addressed, not covered) is the positive class of the metrics:
a judge is useful when it finds failures, and the classes are unbalanced.

Every verdict compared with a label is kept as an `ItemResult` (the item, its label, the judge's
verdict and reason), so a run can be read item by item (`judge_benchmark --items FILE`). Balanced
accuracy comes with a bootstrap 95% interval that resamples *units* (conversations, or the
dialogues of a claims file), not items: the items of one conversation share its transcript and
its summary, so they are not independent, and with a dozen failing items in a set a point
estimate alone says little.
"""

from __future__ import annotations

import hashlib
import json
import random
import re
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any, Literal, cast

from rapidfuzz import fuzz

from evaluations.judges.base import Judge
from evaluations.judges.types import (
    CCAI_DIMENSIONS,
    AccuracyPoint,
    PointToVerify,
    Role,
    SectionSpec,
    SummarySpec,
    SummaryVerdict,
    Transcript,
    TranscriptTurn,
)

FileFormat = Literal["conversations", "claims"]
BENCHMARK_DIMENSIONS = ("accuracy", "adherence", "completeness")
# What a labelled item the judge gave no verdict for counts as.
_FAILING = {"adherence": "not addressed", "completeness": "not covered"}
_ROLES = {"agent", "customer", "system", "bot"}


# --- metrics ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class AgreementMetrics:
    n: int
    balanced_accuracy: float | None
    precision_fail: float | None
    recall_fail: float | None
    kappa: float | None

    def as_dict(self, score_mae: float | None) -> dict[str, Any]:
        return {
            "n": self.n,
            "balanced_accuracy": _round(self.balanced_accuracy),
            "precision_fail": _round(self.precision_fail),
            "recall_fail": _round(self.recall_fail),
            "kappa": _round(self.kappa),
            "score_mae": _round(score_mae),
        }


def agreement(labels: Sequence[bool], predictions: Sequence[bool]) -> AgreementMetrics:
    """Agreement of a judge's pass/fail verdicts with the human labels (True = passes).

    The failing class is the positive one: tp = both fail, fp = judge fails a passing item.
    - balanced accuracy: mean recall over the classes present in the labels;
    - precision and recall of the failing class (None when undefined: nothing predicted or
      labelled failing);
    - Cohen's kappa: (p_o - p_e) / (1 - p_e), None when p_e = 1 (one class everywhere).
    """
    if len(labels) != len(predictions):
        raise ValueError("labels and predictions differ in length")
    n = len(labels)
    tp = sum(1 for y, p in zip(labels, predictions, strict=True) if not y and not p)
    fn = sum(1 for y, p in zip(labels, predictions, strict=True) if not y and p)
    fp = sum(1 for y, p in zip(labels, predictions, strict=True) if y and not p)
    tn = n - tp - fn - fp
    if n == 0:
        return AgreementMetrics(0, None, None, None, None)
    recall_fail = tp / (tp + fn) if tp + fn else None
    recall_pass = tn / (tn + fp) if tn + fp else None
    recalls = [r for r in (recall_fail, recall_pass) if r is not None]
    precision_fail = tp / (tp + fp) if tp + fp else None
    observed = (tp + tn) / n
    expected = ((tp + fp) * (tp + fn) + (fn + tn) * (fp + tn)) / (n * n)
    kappa = (observed - expected) / (1 - expected) if expected < 1 else None
    return AgreementMetrics(
        n=n,
        balanced_accuracy=sum(recalls) / len(recalls),
        precision_fail=precision_fail,
        recall_fail=recall_fail,
        kappa=kappa,
    )


def mean_absolute_error(pairs: Iterable[tuple[float | None, float | None]]) -> float | None:
    """MAE over the pairs where both values exist; None when there is no such pair."""
    errors = [abs(a - b) for a, b in pairs if a is not None and b is not None]
    return sum(errors) / len(errors) if errors else None


def _round(value: float | None) -> float | None:
    return None if value is None else round(value, 4)


DEFAULT_RESAMPLES = 2000
DEFAULT_SEED = 12


def _confusion(pairs: Iterable[tuple[bool, bool]]) -> tuple[int, int, int, int]:
    """(tp, fn, fp, tn) of (label, prediction) pairs, the failing class positive."""
    tp = fn = fp = tn = 0
    for label, predicted in pairs:
        if not label:
            tp, fn = (tp + 1, fn) if not predicted else (tp, fn + 1)
        else:
            fp, tn = (fp + 1, tn) if not predicted else (fp, tn + 1)
    return tp, fn, fp, tn


def _balanced_accuracy(tp: int, fn: int, fp: int, tn: int) -> float | None:
    recalls = [hits / total for hits, total in ((tp, tp + fn), (tn, tn + fp)) if total]
    return sum(recalls) / len(recalls) if recalls else None


def bootstrap_balanced_accuracy(
    units: Sequence[Sequence[tuple[bool, bool]]],
    *,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = DEFAULT_SEED,
) -> tuple[float, float] | None:
    """A percentile bootstrap 95% interval for balanced accuracy, resampling units.

    1. Each unit (a conversation) is reduced to its confusion counts.
    2. `resamples` times, as many units as there are are drawn with replacement and their counts
       summed; the balanced accuracy of the sum is one replicate.
    3. The 2.5th and 97.5th percentiles of the replicates bound the interval.

    Seeded, so the same run prints the same interval. None when there is nothing to resample.
    """
    counts = [_confusion(unit) for unit in units if unit]
    if not counts or resamples < 1:
        return None
    rng = random.Random(seed)
    replicates: list[float] = []
    for _ in range(resamples):
        tp = fn = fp = tn = 0
        for unit in rng.choices(counts, k=len(counts)):
            tp, fn, fp, tn = tp + unit[0], fn + unit[1], fp + unit[2], tn + unit[3]
        value = _balanced_accuracy(tp, fn, fp, tn)
        if value is not None:
            replicates.append(value)
    if not replicates:
        return None
    replicates.sort()
    last = len(replicates) - 1
    return replicates[round(0.025 * last)], replicates[round(0.975 * last)]


# --- readers ----------------------------------------------------------------------------------


@dataclass
class ConversationCase:
    id: str
    transcript: Transcript
    summary: SummarySpec
    accuracy: list[tuple[PointToVerify, bool]]
    adherence: list[tuple[str, str, bool]]  # (section, question, is_addressed)
    completeness: list[tuple[str, str, str, bool]]  # (section, instruction, content, is_covered)
    expected: dict[str, float | None]


@dataclass
class ClaimCase:
    transcript: Transcript
    claim: str
    label: bool
    source: str = ""
    dialog_id: str = ""


def read_jsonl(path: Path) -> list[dict[str, Any]]:
    rows = []
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if line.strip():
                try:
                    rows.append(json.loads(line))
                except json.JSONDecodeError as error:
                    raise ValueError(f"{path}:{number}: not JSON ({error.msg})") from error
    return rows


def detect_format(rows: Sequence[dict[str, Any]]) -> FileFormat:
    if not rows:
        raise ValueError("the file has no rows")
    first = rows[0]
    if "turns" in first and "summary" in first and "labels" in first:
        return "conversations"
    if "transcript" in first and "claim" in first and "label" in first:
        return "claims"
    raise ValueError(
        "unknown format: expected labelled conversations (turns, summary, labels) or "
        f"sentence-level claims (transcript, claim, label); the first row has {sorted(first)}"
    )


def load_definitions(path: Path) -> dict[str, dict[str, Any]]:
    """Section definitions by key from `sections.json` beside the data file, if there is one."""
    candidate = path.parent / "sections.json"
    if not candidate.is_file():
        return {}
    return {d["key"]: d for d in json.loads(candidate.read_text(encoding="utf-8"))}


def conversation_case(
    row: dict[str, Any], definitions: dict[str, dict[str, Any]]
) -> ConversationCase:
    turns = tuple(
        TranscriptTurn(
            index=i,
            role=turn["role"] if turn["role"] in _ROLES else "customer",
            text=turn["text"],
            speaker=turn.get("speaker", ""),
        )
        for i, turn in enumerate(row["turns"])
    )
    inline = {d["key"]: d for d in row.get("sections", []) if isinstance(d, dict) and "origin" in d}
    sections = []
    for section in row["summary"]["sections"]:
        definition = inline.get(section["key"]) or definitions.get(section["key"]) or {}
        sections.append(
            SectionSpec(
                key=section["key"],
                name=definition.get("name", ""),
                text=section.get("text", ""),
                origin=definition.get("origin", "predefined"),
                value_type=definition.get("value_type", "free_text"),
                instructions=definition.get("instructions", ""),
                allowed_values=tuple(definition.get("allowed_values", ())),
            )
        )
    labels = row.get("labels", {})
    return ConversationCase(
        id=str(row.get("id", "")),
        transcript=Transcript(
            turns=turns,
            language=str(row.get("language") or "en"),
            started_at=_started_at(row.get("started_at")),
        ),
        summary=SummarySpec(sections=tuple(sections)),
        accuracy=[
            (PointToVerify(section=p["section"], point=p["point"]), bool(p["is_accurate"]))
            for p in labels.get("accuracy", [])
        ],
        adherence=[
            (a["section"], a["question"], bool(a["is_addressed"]))
            for a in labels.get("adherence", [])
        ],
        completeness=[
            (c["section"], c["instruction"], item["transcript_content"], bool(item["is_covered"]))
            for c in labels.get("completeness", [])
            for item in c.get("content", [])
        ],
        expected=dict(row.get("expected") or {}),
    )


def _started_at(value: Any) -> datetime | None:
    """The conversation's start (ISO 8601), or None when absent; a malformed one is an error."""
    if not value:
        return None
    try:
        return datetime.fromisoformat(str(value).replace("Z", "+00:00"))
    except ValueError as error:
        raise ValueError(f"started_at {value!r} is not an ISO 8601 date-time") from error


def parse_speaker_lines(text: str) -> Transcript:
    """A transcript from `speaker: text` lines (the benchmark format)."""
    turns: list[TranscriptTurn] = []
    for line in text.splitlines():
        if not line.strip():
            continue
        speaker, separator, said = line.partition(":")
        if not separator:
            speaker, said = "", line
        role = speaker.strip().lower()
        turns.append(
            TranscriptTurn(
                index=len(turns),
                role=cast(Role, role) if role in _ROLES else "customer",
                speaker="" if role in _ROLES else speaker.strip(),
                text=said.strip(),
            )
        )
    return Transcript(turns=tuple(turns))


def claim_case(row: dict[str, Any]) -> ClaimCase:
    return ClaimCase(
        transcript=parse_speaker_lines(row["transcript"]),
        claim=row["claim"],
        label=bool(int(row["label"])),
        source=row.get("source", ""),
        dialog_id=str(row.get("dialog_id") or ""),
    )


# --- the runner -------------------------------------------------------------------------------


@dataclass(frozen=True)
class ItemResult:
    """One labelled item and the judge's verdict on it. `unit` is what the bootstrap resamples:
    the conversation id, or the dialogue of a claim."""

    unit: str
    dimension: str
    section: str
    item: str
    label: bool
    verdict: bool
    reason: str

    def as_dict(self) -> dict[str, Any]:
        return {
            "unit": self.unit,
            "dimension": self.dimension,
            "section": self.section,
            "item": self.item,
            "label": self.label,
            "verdict": self.verdict,
            "agrees": self.label == self.verdict,
            "reason": self.reason,
        }


@dataclass
class BenchmarkResult:
    path: str
    file_format: FileFormat
    judge: str
    rows: int
    seconds: float
    dimensions: dict[str, dict[str, Any]]
    notes: list[str] = field(default_factory=list)
    items: list[ItemResult] = field(default_factory=list)
    # Mean wall time of the judge per conversation (or per dialogue of a claims file).
    ms_per_unit: float | None = None

    def as_dict(self) -> dict[str, Any]:
        return {
            "file": self.path,
            "format": self.file_format,
            "judge": self.judge,
            "rows": self.rows,
            "seconds": round(self.seconds, 2),
            "ms_per_unit": None if self.ms_per_unit is None else round(self.ms_per_unit, 1),
            "dimensions": self.dimensions,
            "notes": self.notes,
        }


def read_ids(path: Path) -> list[str]:
    """Ids from a text file, one per line; blank lines and `#` comments are skipped."""
    ids = []
    for line in path.read_text(encoding="utf-8").splitlines():
        value = line.split("#", 1)[0].strip()
        if value:
            ids.append(value)
    if not ids:
        raise ValueError(f"{path} lists no ids")
    return ids


def run_benchmark(
    judge: Judge,
    path: Path,
    *,
    limit: int | None = None,
    ids: Sequence[str] | None = None,
    resamples: int = DEFAULT_RESAMPLES,
    seed: int = DEFAULT_SEED,
) -> BenchmarkResult:
    """Run a judge over a labelled file and measure its agreement with the labels.

    `ids` keeps only the conversations with those ids (a half of the development set); an id
    the file does not have is an error, so a typo cannot silently shrink the set."""
    started = time.perf_counter()
    rows = read_jsonl(path)
    if ids is not None:
        wanted = set(ids)
        unknown = sorted(wanted - {str(row.get("id", "")) for row in rows})
        if unknown:
            raise ValueError(f"{path} has no conversation with id {', '.join(unknown[:5])}")
        rows = [row for row in rows if str(row.get("id", "")) in wanted]
    if limit is not None:
        rows = rows[:limit]
    file_format = detect_format(rows)
    if file_format == "conversations":
        run = _run_conversations(judge, rows, load_definitions(path))
    else:
        run = _run_claims(judge, rows)
    for dimension, figures in run.dimensions.items():
        by_unit: dict[str, list[tuple[bool, bool]]] = {}
        for item in run.items:
            if item.dimension == dimension:
                by_unit.setdefault(item.unit, []).append((item.label, item.verdict))
        interval = bootstrap_balanced_accuracy(
            list(by_unit.values()), resamples=resamples, seed=seed
        )
        figures["units"] = len(by_unit)
        figures["balanced_accuracy_ci95"] = (
            None if interval is None else [_round(interval[0]), _round(interval[1])]
        )
    return BenchmarkResult(
        path=str(path),
        file_format=file_format,
        judge=judge.name,
        rows=len(rows),
        seconds=time.perf_counter() - started,
        dimensions=run.dimensions,
        notes=run.notes,
        items=run.items,
        ms_per_unit=1000 * run.judge_seconds / run.units if run.units else None,
    )


@dataclass
class _Run:
    dimensions: dict[str, dict[str, Any]]
    notes: list[str]
    items: list[ItemResult]
    judge_seconds: float
    units: int


def _claim_unit(case: ClaimCase) -> str:
    """The dialogue a claim is about: its source and dialogue id, or a digest of its transcript."""
    if case.dialog_id:
        return f"{case.source}:{case.dialog_id}" if case.source else case.dialog_id
    text = "\n".join(f"{t.speaker or t.role}: {t.text}" for t in case.transcript.turns)
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:12]


def _run_claims(judge: Judge, rows: list[dict[str, Any]]) -> _Run:
    """One `verify_points` call per transcript with all its claims. The claim is the point, as
    labelled: a whole-summary claim (FacEval) is not split, so the judge sees what was labelled."""
    cases = [claim_case(row) for row in rows]
    by_transcript: dict[Transcript, list[int]] = {}
    for position, case in enumerate(cases):
        by_transcript.setdefault(case.transcript, []).append(position)
    verdicts_by_position: dict[int, AccuracyPoint] = {}
    judge_seconds = 0.0
    for transcript, positions in by_transcript.items():
        points = [PointToVerify(section="claim", point=cases[p].claim) for p in positions]
        started = time.perf_counter()
        verdicts = judge.verify_points(transcript, points)
        judge_seconds += time.perf_counter() - started
        for position, verdict in zip(positions, verdicts, strict=True):
            verdicts_by_position[position] = verdict
    items = [
        ItemResult(
            unit=_claim_unit(case),
            dimension="accuracy",
            section=case.source,
            item=case.claim,
            label=case.label,
            verdict=verdicts_by_position[position].is_accurate,
            reason=verdicts_by_position[position].accuracy,
        )
        for position, case in enumerate(cases)
    ]
    labels = [item.label for item in items]
    predicted = [item.verdict for item in items]
    empty = AgreementMetrics(0, None, None, None, None)
    return _Run(
        dimensions={
            "accuracy": agreement(labels, predicted).as_dict(None),
            "adherence": empty.as_dict(None),
            "completeness": empty.as_dict(None),
        },
        notes=["sentence-level claims: only accuracy is labelled; no expected scores"],
        items=items,
        judge_seconds=judge_seconds,
        units=len(by_transcript),
    )


def _run_conversations(
    judge: Judge, rows: list[dict[str, Any]], definitions: dict[str, dict[str, Any]]
) -> _Run:
    """Per conversation: `verify_points` on the labelled points (accuracy per point), one
    `evaluate` with the labelled adherence questions as the stored questions (adherence per
    question, completeness per labelled fact, and the summary scores for the MAE).

    A labelled item the judge gave no matching verdict for counts as a failing prediction (not
    addressed, not covered) rather than being left out: that is what the missing item means for
    the judge's score, and leaving it out would flatter the figures. The notes say how many.

    The time per conversation is that of `evaluate`, what a run spends on one summary for the
    three CCAI dimensions (the extra `verify_points` call exists only to score labelled points)."""
    items: list[ItemResult] = []
    score_pairs: dict[str, list[tuple[float | None, float | None]]] = {
        d: [] for d in BENCHMARK_DIMENSIONS
    }
    has_expected = False
    judge_seconds = 0.0
    for row in rows:
        case = conversation_case(row, definitions)
        if case.accuracy:
            verdicts = judge.verify_points(case.transcript, [point for point, _ in case.accuracy])
            for (point, label), checked in zip(case.accuracy, verdicts, strict=True):
                items.append(
                    ItemResult(
                        unit=case.id,
                        dimension="accuracy",
                        section=point.section,
                        item=point.point,
                        label=label,
                        verdict=checked.is_accurate,
                        reason=checked.accuracy,
                    )
                )
        stored = _stored_questions(case)
        started = time.perf_counter()
        verdict = judge.evaluate(
            case.transcript,
            case.summary,
            dimensions=CCAI_DIMENSIONS,
            rubric_questions=stored or None,
        )
        judge_seconds += time.perf_counter() - started
        items += _compare_adherence(case, verdict)
        items += _compare_completeness(case, verdict)
        for dimension in BENCHMARK_DIMENSIONS:
            expected = case.expected.get(dimension)
            has_expected = has_expected or dimension in case.expected
            score_pairs[dimension].append((getattr(verdict, dimension).value, expected))
    dimensions = {}
    for dimension in BENCHMARK_DIMENSIONS:
        mine = [item for item in items if item.dimension == dimension]
        mae = mean_absolute_error(score_pairs[dimension]) if has_expected else None
        dimensions[dimension] = agreement(
            [item.label for item in mine], [item.verdict for item in mine]
        ).as_dict(mae)
    notes = []
    for dimension in ("adherence", "completeness"):
        labels = [
            item.label
            for item in items
            if item.dimension == dimension and item.reason == _UNMATCHED
        ]
        if labels:
            notes.append(
                f"{len(labels)} labelled {dimension} item(s) had no matching verdict and count as "
                f"{_FAILING[dimension]} ({sum(labels)} labelled passing, "
                f"{len(labels) - sum(labels)} labelled failing)"
            )
    return _Run(dimensions, notes, items, judge_seconds, len(rows))


_UNMATCHED = "no matching verdict from the judge"


def _stored_questions(case: ConversationCase) -> dict[str, tuple[str, ...]]:
    """The labelled free-text adherence questions per section, passed to the judge as the
    definition's stored questions so that its verdicts answer exactly the labelled questions."""
    free_text = {s.key for s in case.summary.sections if not s.is_categorical}
    stored: dict[str, list[str]] = {}
    for section, question, _ in case.adherence:
        if section in free_text:
            stored.setdefault(section, []).append(question)
    return {key: tuple(questions) for key, questions in stored.items()}


def _normalise(text: str) -> str:
    return " ".join(re.sub(r"[^\w\s]", " ", text.lower()).split())


def _compare_adherence(case: ConversationCase, verdict: SummaryVerdict) -> list[ItemResult]:
    """Match each labelled question to the judge's rubric: same section and same question (a
    categorical section has one question, matched by section). An unmatched question counts as
    not addressed."""
    categorical = {s.key for s in case.summary.sections if s.is_categorical}
    results = []
    for section, question, label in case.adherence:
        rubrics = [r for r in verdict.adherence_rubrics if r.section == section]
        if section not in categorical:
            rubrics = [r for r in rubrics if _normalise(r.question) == _normalise(question)]
        matched, reason = (
            (rubrics[0].is_addressed, rubrics[0].reasoning) if rubrics else (False, _UNMATCHED)
        )
        results.append(ItemResult(case.id, "adherence", section, question, label, matched, reason))
    return results


def _compare_completeness(case: ConversationCase, verdict: SummaryVerdict) -> list[ItemResult]:
    """Match each labelled fact to the judge's item in the same section whose transcript content
    is most alike (fuzzy token overlap >= 60): the judges word their items their own way. A fact
    no judge item matches counts as not covered: the judge never credited the summary with it."""
    results = []
    for section, _, content, label in case.completeness:
        items = [
            item
            for rubric in verdict.completeness_rubrics
            if rubric.section == section
            for item in rubric.content_list
        ]
        scored = [
            (fuzz.token_set_ratio(_normalise(content), _normalise(i.transcript_content)), i)
            for i in items
        ]
        scored = [pair for pair in scored if pair[0] >= 60]
        if scored:
            best = max(scored, key=lambda pair: pair[0])[1]
            covered = best.is_covered
            reason = (
                f"matched '{best.transcript_content}'; summary: "
                f"'{best.related_content_from_summary}'"
                if covered
                else f"matched '{best.transcript_content}'; not covered by the summary"
            )
        else:
            covered, reason = False, _UNMATCHED
        results.append(
            ItemResult(case.id, "completeness", section, content, label, covered, reason)
        )
    return results


def write_items(result: BenchmarkResult, path: Path) -> None:
    """Every compared item as one JSON object per line: unit, dimension, section, item, label,
    verdict, whether they agree, and the judge's reason."""
    with path.open("w", encoding="utf-8") as handle:
        for item in result.items:
            handle.write(json.dumps(item.as_dict(), ensure_ascii=False) + "\n")


def format_table(result: BenchmarkResult) -> str:
    """The figures as a plain-text table, one line per dimension."""
    speed = (
        f", {result.ms_per_unit:.1f} ms per conversation"
        if result.ms_per_unit is not None and result.file_format == "conversations"
        else ""
    )
    lines = [
        f"{result.path}: {result.file_format}, {result.rows} rows, judge {result.judge}, "
        f"{result.seconds:.1f} s{speed}",
        f"{'dimension':<13}{'n':>6}{'bal_acc':>10}{'95% CI':>16}{'prec_fail':>11}{'rec_fail':>10}"
        f"{'kappa':>8}{'score_mae':>11}",
    ]
    for dimension, figures in result.dimensions.items():
        interval = figures.get("balanced_accuracy_ci95")
        ci = "-" if not interval else f"{interval[0]:.3f}-{interval[1]:.3f}"
        lines.append(
            f"{dimension:<13}{figures['n']:>6}"
            f"{_cell(figures['balanced_accuracy']):>10}{ci:>16}{_cell(figures['precision_fail']):>11}"
            f"{_cell(figures['recall_fail']):>10}{_cell(figures['kappa']):>8}"
            f"{_cell(figures['score_mae']):>11}"
        )
    lines.extend(f"note: {note}" for note in result.notes)
    return "\n".join(lines)


def _cell(value: float | None) -> str:
    return "-" if value is None else f"{value:.3f}"
