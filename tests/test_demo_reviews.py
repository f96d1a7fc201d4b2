"""The demo's reviews: once the demo run has judged every summary, the plan in reviews.json gives
the calibration page numbers where 20 items were reviewed and "too few reviews" elsewhere."""

from __future__ import annotations

import json
from io import StringIO

import pytest
from django.core.management import call_command

from devkit.demo import generate
from devkit.demo.reviews import DEMO_RUN_NAME, demo_reviews_ensure
from evaluations import calibration_selectors
from evaluations.models import EvaluationRun, ReviewKind, SummaryReview, VerdictReview
from evaluations.services import summary_evaluate


def test_the_generator_reproduces_the_committed_review_plan() -> None:
    assert generate.REVIEWS_FILE.read_text(encoding="utf-8") == generate.render_reviews()
    plan = json.loads(generate.REVIEWS_FILE.read_text(encoding="utf-8"))
    ids = {c["id"] for c in generate.build_conversations()}
    assert {entry["conversation"] for entry in plan} <= ids
    assert {(entry["reviewer"], entry["blind"]) for entry in plan} == {
        ("analyst", True),
        ("admin", False),
    }


@pytest.mark.django_db
def test_the_demo_reviews_wait_for_the_run_then_give_calibration_something_to_show(
    settings,
) -> None:
    settings.DEBUG = True  # a development machine: load_demo's published logins are allowed
    output = StringIO()
    call_command("load_demo", stdout=output)
    assert "added once the demo's evaluation run has finished" in output.getvalue()
    assert demo_reviews_ensure().status == "waiting"

    run = EvaluationRun.objects.get(name=DEMO_RUN_NAME)
    for pk in run.evaluations.order_by("pk").values_list("pk", flat=True):
        summary_evaluate(evaluation_id=pk)  # what the demo's worker does
    outcome = demo_reviews_ensure()

    assert outcome.status == "created"
    assert outcome.evaluations == SummaryReview.objects.count() == 26
    assert outcome.reviews == VerdictReview.objects.count() > 100
    reviewed = VerdictReview.objects.filter(is_blind=True)
    assert set(reviewed.values_list("reviewer__username", flat=True)) == {"analyst"}
    [report] = calibration_selectors.calibration_report()
    lines = [line for d in report.dimensions for line in (*d.total, *d.sections)]
    accuracy = report.dimensions[0]
    assert accuracy.kind == ReviewKind.ACCURACY_POINT
    blind, shown = accuracy.total
    # Numbers for accuracy, blind and not; "too few reviews" below 20 items elsewhere.
    assert blind.stats.enough and blind.stats.kappa is not None
    assert shown.stats.enough and shown.stats.agreement is not None
    assert any(0 < line.stats.n < 20 and not line.stats.enough for line in lines)
    # The blind reviewer caught what the offline judge missed or flagged wrongly (the planted
    # errors), so blind agreement is not perfect; the reviewer who saw the judge agrees more.
    assert blind.stats.agreement < 1.0
    assert shown.stats.agreement >= blind.stats.agreement

    again = StringIO()
    call_command("load_demo", stdout=again)
    assert "demo reviews: reviews exist, left unchanged" in again.getvalue()
    assert VerdictReview.objects.count() == outcome.reviews
