"""The demo's reviews, so that `make demo` shows calibration: once the demo's first run has judged
every summary, its reviewers go through the conversations of `reviews.json` (written by
`devkit.demo.generate`, so `--check` covers it).

How a demo reviewer decides, deterministically (the same verdicts on every machine):
1. An accuracy point: the reviewer knows what the summary should have said, the generator's
   faithful version of it (`build_conversations(plant_errors=False)`, computed here, never
   written to a file). A point of a section the planted error left alone is accurate; in the
   section it changed, a point is accurate when the faithful text says the same.
2. Blind, that is what they answer. With the judge's verdict shown, they go along with the judge
   unless they catch its mistake, which they do three times in five.
3. Other kinds (adherence questions, completeness items, claims): the reviewer takes the judge's
   verdict, except for a few items picked by a hash (one in ten blind, one in twenty-five shown).

The reviews are stored as the review pages store them: one VerdictReview per item with the
judge's value and version copied, and a SummaryReview marking the evaluation reviewed.
"""

from __future__ import annotations

import json
import re
import zlib
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from devkit.demo.generate import REVIEWS_FILE, build_conversations
from evaluations.calibration_selectors import reviewable_items
from evaluations.models import (
    EvaluationRun,
    ReviewKind,
    SummaryEvaluation,
    SummaryReview,
    VerdictReview,
)
from evaluations.services.dashboard_rollup import dashboard_rollup_refresh

DEMO_RUN_NAME = "Demo: every summary, offline judge"


@dataclass(frozen=True)
class DemoReviewsOutcome:
    status: str  # "created", "exists", "waiting" (the demo run has not finished)
    reviews: int = 0
    evaluations: int = 0

    @property
    def message(self) -> str:
        """One line for load_demo and scripts/demo.py."""
        if self.status == "created":
            return (
                f"demo reviews: {self.reviews} verdict items of {self.evaluations} evaluations "
                "reviewed, blind and not (see /calibration/)"
            )
        if self.status == "exists":
            return "demo reviews: reviews exist, left unchanged"
        return "demo reviews: added once the demo's evaluation run has finished"


def _normal(text: str) -> str:
    return re.sub(r"\s+", " ", text.lower()).strip(" .")


def _picked(*parts: object, per_hundred: int) -> bool:
    """A fixed pseudo-random choice for this item: the same on every run of the demo."""
    return zlib.crc32(":".join(map(str, parts)).encode()) % 100 < per_hundred


def _faithful_sections() -> dict[str, dict[str, str]]:
    """conversation id -> section key -> the text a faithful summary has."""
    return {
        c["id"]: {s["key"]: s["text"] for s in c["summary"]["sections"]}
        for c in build_conversations(plant_errors=False)
    }


def _human_value(
    *,
    kind: str,
    judge_value: bool,
    text: str,
    section: str,
    stored: dict[str, str],
    faithful: dict[str, str],
    blind: bool,
    key: tuple[object, ...],
) -> bool:
    if kind == ReviewKind.ACCURACY_POINT:
        clean = faithful.get(section)
        if clean is None or stored.get(section) == clean:
            truth = True
        else:
            truth = _normal(text) in _normal(clean)
        if blind or truth == judge_value:
            return truth
        return truth if _picked(*key, "caught", per_hundred=60) else judge_value
    flipped = _picked(*key, "flip", per_hundred=10 if blind else 4)
    return not judge_value if flipped else judge_value


def demo_reviews_ensure() -> DemoReviewsOutcome:
    """Apply the review plan once the demo run has finished; nothing when reviews exist (a demo
    someone has been reviewing in is left alone) or the run is still going."""
    if VerdictReview.objects.exists():
        return DemoReviewsOutcome("exists")
    run = EvaluationRun.objects.filter(name=DEMO_RUN_NAME).order_by("pk").first()
    if run is None or not run.is_terminal:
        return DemoReviewsOutcome("waiting")
    plan = json.loads(REVIEWS_FILE.read_text(encoding="utf-8"))
    reviewers = {
        u.username: u for u in User.objects.filter(username__in={p["reviewer"] for p in plan})
    }
    evaluations = {
        e.summary.conversation.external_id: e
        for e in SummaryEvaluation.objects.filter(
            run=run,
            status=SummaryEvaluation.Status.SUCCEEDED,
            summary__conversation__source="jsonl",
        ).select_related("summary__conversation")
    }
    faithful = _faithful_sections()
    now = timezone.now()
    reviews: list[VerdictReview] = []
    marks: list[SummaryReview] = []
    for entry in plan:
        evaluation = evaluations.get(entry["conversation"])
        reviewer = reviewers.get(entry["reviewer"])
        if evaluation is None or reviewer is None:
            continue  # a conversation the run could not judge, or a login someone deleted
        stored = {
            s.definition.key: s.text
            for s in evaluation.summary.sections.select_related("definition")
        }
        for item in reviewable_items(evaluation):
            key = (entry["conversation"], item.kind, item.section, item.position, reviewer.username)
            reviews.append(
                VerdictReview(
                    kind=item.kind,
                    item_id=item.item_id,
                    evaluation=evaluation,
                    section=item.section,
                    reviewer=reviewer,
                    judge_value=item.judge_value,
                    judge=evaluation.judge,
                    model=evaluation.model,
                    prompt_version=evaluation.prompt_version,
                    human_value=_human_value(
                        kind=item.kind,
                        judge_value=item.judge_value,
                        text=item.text,
                        section=item.section,
                        stored=stored,
                        faithful=faithful.get(entry["conversation"], {}),
                        blind=entry["blind"],
                        key=key,
                    ),
                    is_blind=entry["blind"],
                )
            )
        marks.append(
            SummaryReview(
                evaluation=evaluation,
                summary=evaluation.summary,
                reviewer=reviewer,
                is_blind=entry["blind"],
                reviewed_at=now,
            )
        )
    with transaction.atomic():
        VerdictReview.objects.bulk_create(reviews)
        SummaryReview.objects.bulk_create(marks)
        # The dashboard's agreement chart reads the reviews from its rollup.
        dashboard_rollup_refresh(summary_ids={mark.summary_id for mark in marks})
    return DemoReviewsOutcome("created", reviews=len(reviews), evaluations=len(marks))
