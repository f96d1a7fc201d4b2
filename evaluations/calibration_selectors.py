"""Reads for the calibration pages: analysts' reviews against the judge's verdicts.

The counting runs in SQL (one GROUP BY over the reviews, whose judge version is copied from their
evaluation, whatever the number of reviews); the statistics are the pure functions of
`evaluations.calibration`.

Which reviews count: every review of a verdict item made blind or not, one per item and mode.
When two analysts reviewed the same item the same way (both blind, or both after seeing the
judge), the later review counts, so a cell's n is a number of distinct items, which is what the
"too few reviews" rule is about; a blind and a non-blind review of one item count once each, in
their own mode.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.db.models import Count, Exists, Model, OuterRef, Q, QuerySet

from evaluations.calibration import (
    CELLS,
    MIN_REVIEWED_ITEMS,
    CalibrationCell,
    ConfusionCounts,
    calibration_cell,
    cell_name,
)
from evaluations.models import (
    AccuracyVerdict,
    AdherenceVerdict,
    CompletenessItemVerdict,
    CoverageQuestion,
    ReviewKind,
    SummarizationClaim,
    SummaryEvaluation,
    VerdictReview,
)
from summaries.models import SectionDefinition

# What each kind of reviewed item is, as the calibration page names it, in the page's order.
KIND_LABELS: dict[str, str] = {
    ReviewKind.ACCURACY_POINT: "Accuracy: points",
    ReviewKind.ADHERENCE_RUBRIC: "Adherence: questions",
    ReviewKind.COMPLETENESS_ITEM: "Completeness: content items",
    ReviewKind.SUMMARIZATION_CLAIM: "Summarization: claims (alignment)",
    ReviewKind.COVERAGE_QUESTION: "Summarization: coverage questions",
}


@dataclass(frozen=True)
class _ReviewedTable:
    """Where a kind of reviewed item lives: its verdict table, text, verdict, and the path from
    it to its evaluation and section."""

    model: type[Model]
    text: str
    value: str
    evaluation: str = "evaluation"
    section: str = "section"


_TABLES: dict[str, _ReviewedTable] = {
    ReviewKind.ACCURACY_POINT: _ReviewedTable(AccuracyVerdict, "point", "is_accurate"),
    ReviewKind.ADHERENCE_RUBRIC: _ReviewedTable(AdherenceVerdict, "question", "is_addressed"),
    ReviewKind.COMPLETENESS_ITEM: _ReviewedTable(
        CompletenessItemVerdict,
        "transcript_content",
        "is_covered",
        evaluation="rubric__evaluation",
        section="rubric__section",
    ),
    ReviewKind.SUMMARIZATION_CLAIM: _ReviewedTable(SummarizationClaim, "claim", "supported"),
    ReviewKind.COVERAGE_QUESTION: _ReviewedTable(CoverageQuestion, "question", "answered"),
}
ALL_SECTIONS = ""


@dataclass(frozen=True, order=True)
class JudgeVersion:
    """What produced a verdict: the judge, its model and its prompt version."""

    judge: str
    model: str
    prompt_version: str

    @property
    def label(self) -> str:
        prompt = f"prompt {self.prompt_version}" if self.prompt_version else "no prompt version"
        return f"{self.model} · {prompt}"

    @property
    def token(self) -> str:
        """One value for a form's select: judge|model|prompt version."""
        return f"{self.judge}|{self.model}|{self.prompt_version}"

    @classmethod
    def from_token(cls, token: str) -> JudgeVersion | None:
        parts = token.split("|")
        if len(parts) != 3 or not all(parts[:2]):
            return None
        return cls(*parts)


@dataclass(frozen=True)
class CellKey:
    """Which reviews a calibration cell counts; the items page filters on the same."""

    version: JudgeVersion
    kind: str
    section: str  # ALL_SECTIONS for the dimension's total
    is_blind: bool

    def query(self, cell: str = "") -> dict[str, str]:
        """The items page's GET parameters for this cell (and one confusion cell of it)."""
        params = {
            "version": self.version.token,
            "kind": self.kind,
            "section": self.section,
            "mode": "blind" if self.is_blind else "open",
        }
        if cell:
            params["cell"] = cell
        return params


@dataclass(frozen=True)
class CalibrationLine:
    key: CellKey
    section_label: str
    stats: CalibrationCell


@dataclass(frozen=True)
class DimensionBlock:
    kind: str
    label: str
    total: list[CalibrationLine]  # every section: blind, then not blind
    sections: list[CalibrationLine]  # each section, blind then not blind


@dataclass(frozen=True)
class VersionReport:
    version: JudgeVersion
    reviews: int
    blind_reviews: int
    dimensions: list[DimensionBlock]


def counted_reviews() -> QuerySet[VerdictReview]:
    """Every review that counts in calibration (see the module docstring): none of the same
    item, in the same mode, is later."""
    later = VerdictReview.objects.filter(
        kind=OuterRef("kind"), item_id=OuterRef("item_id"), is_blind=OuterRef("is_blind")
    ).filter(
        Q(updated_at__gt=OuterRef("updated_at"))
        | Q(updated_at=OuterRef("updated_at"), pk__gt=OuterRef("pk"))
    )
    return VerdictReview.objects.filter(~Exists(later))


def _cell_filter(cell: str) -> Q:
    judge, human = cell.removeprefix("judge_").split("_human_")
    return Q(judge_value=judge == "pass", human_value=human == "pass")


def calibration_counts() -> dict[tuple[JudgeVersion, str, str, bool], ConfusionCounts]:
    """Confusion counts per (judge version, kind, section, blind), in one query: a GROUP BY that
    includes the two verdicts (cheaper than four filtered counts), folded into tables here."""
    rows = (
        counted_reviews()
        .values(
            "judge",
            "model",
            "prompt_version",
            "kind",
            "section",
            "is_blind",
            "judge_value",
            "human_value",
        )
        .annotate(reviews=Count("pk"))
        .order_by()
    )
    tallies: dict[tuple[JudgeVersion, str, str, bool], dict[str, int]] = defaultdict(
        lambda: dict.fromkeys(CELLS, 0)
    )
    for row in rows:
        key = (
            JudgeVersion(row["judge"], row["model"], row["prompt_version"]),
            row["kind"],
            row["section"],
            row["is_blind"],
        )
        cell = cell_name(judge_value=row["judge_value"], human_value=row["human_value"])
        tallies[key][cell] += row["reviews"]
    return {key: ConfusionCounts(**tally) for key, tally in tallies.items()}


def section_names(keys: Iterable[str]) -> dict[str, str]:
    """Section keys to their names (the latest version's), for the page's labels."""
    names: dict[str, str] = {}
    for key, name in (
        SectionDefinition.objects.filter(key__in=set(keys))
        .order_by("key", "version")
        .values_list("key", "name")
    ):
        names[key] = name  # the later version wins
    return names


def section_label(section: str) -> str:
    """What the pages call a section key (or every section)."""
    if section == ALL_SECTIONS:
        return "All sections"
    return section_names([section]).get(section, section)


def calibration_report(*, minimum: int = MIN_REVIEWED_ITEMS) -> list[VersionReport]:
    """The report of every judge version that has reviews: per kind, the total over sections
    and each section, blind and not blind apart. Two queries, whatever the number of reviews."""
    counts = calibration_counts()
    names = section_names(key[2] for key in counts)
    reports = []
    for judge_version in sorted({key[0] for key in counts}):
        mine = {key[1:]: value for key, value in counts.items() if key[0] == judge_version}
        dimensions = []
        for kind, label in KIND_LABELS.items():
            sections = sorted({section for k, section, _ in mine if k == kind})
            if not sections:
                continue
            by_mode: dict[bool, ConfusionCounts] = defaultdict(ConfusionCounts)
            section_lines = []
            for section in sections:
                for is_blind in (True, False):
                    section_counts = mine.get((kind, section, is_blind), ConfusionCounts())
                    by_mode[is_blind] += section_counts
                    if not section_counts.n:
                        continue  # the dimension's total still shows this mode
                    section_lines.append(
                        CalibrationLine(
                            CellKey(judge_version, kind, section, is_blind),
                            names.get(section, section) or "(no section)",
                            calibration_cell(section_counts, minimum=minimum),
                        )
                    )
            total = [
                CalibrationLine(
                    CellKey(judge_version, kind, ALL_SECTIONS, is_blind),
                    "All sections",
                    calibration_cell(by_mode[is_blind], minimum=minimum),
                )
                for is_blind in (True, False)
            ]
            dimensions.append(DimensionBlock(kind, label, total, section_lines))
        reports.append(
            VersionReport(
                version=judge_version,
                reviews=sum(c.n for c in mine.values()),
                blind_reviews=sum(c.n for key, c in mine.items() if key[2]),
                dimensions=dimensions,
            )
        )
    return reports


def calibration_reviews(*, key: CellKey, cell: str = "") -> QuerySet[VerdictReview]:
    """The reviews behind one cell of the calibration page (one confusion cell with `cell`),
    newest first. Only the reviews' own table: a page of them gets its conversations with
    `reviews_with_conversations`, rather than joining every review of the cell to them."""
    if cell and cell not in CELLS:
        raise ValueError(f"unknown confusion cell {cell!r}")
    reviews = counted_reviews().filter(
        judge=key.version.judge,
        model=key.version.model,
        prompt_version=key.version.prompt_version,
        kind=key.kind,
        is_blind=key.is_blind,
    )
    if key.section != ALL_SECTIONS:
        reviews = reviews.filter(section=key.section)
    if cell:
        reviews = reviews.filter(_cell_filter(cell))
    return reviews.order_by("-updated_at", "-pk")


def reviews_with_conversations(reviews: Sequence[VerdictReview]) -> list[VerdictReview]:
    """The same reviews (a page of them), in the same order, with their reviewer, evaluation,
    summary and conversation: one query by primary key."""
    loaded = VerdictReview.objects.select_related(
        "reviewer", "evaluation__summary__conversation"
    ).in_bulk([review.pk for review in reviews])
    return [loaded[review.pk] for review in reviews]


def verdict_item_texts(reviews: Sequence[VerdictReview]) -> dict[tuple[str, int], str]:
    """The text of each reviewed item (the point, question, content, claim): one query per kind
    on the page, however many reviews."""
    wanted: dict[str, set[int]] = defaultdict(set)
    for review in reviews:
        wanted[review.kind].add(review.item_id)
    texts: dict[tuple[str, int], str] = {}
    for kind, ids in wanted.items():
        table = _TABLES[kind]
        for pk, text in table.model._default_manager.filter(pk__in=ids).values_list(
            "pk", table.text
        ):
            texts[(kind, pk)] = text
    return texts


@dataclass(frozen=True)
class ReviewableItem:
    kind: str
    item_id: int
    section: str
    position: int  # its place among the evaluation's items of its kind
    judge_value: bool
    text: str


def reviewable_items(evaluation: SummaryEvaluation) -> list[ReviewableItem]:
    """Every verdict item of an evaluation that an analyst can review, kind by kind, in order:
    one query per kind."""
    items = []
    for kind, table in _TABLES.items():
        rows = (
            table.model._default_manager.filter(**{table.evaluation: evaluation})
            .order_by("pk")
            .values_list("pk", table.section, table.value, table.text)
        )
        items += [
            ReviewableItem(kind, pk, section, position, value, text)
            for position, (pk, section, value, text) in enumerate(rows)
        ]
    return items
