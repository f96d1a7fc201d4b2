"""The registry of verdict kinds covers every verdict table, and the pages read rows through it."""

from __future__ import annotations

import pytest
from django.apps import apps

from evaluations.models import SummaryEvaluation
from evaluations.services import evaluation_run_create, summary_evaluate
from evaluations.verdict_kinds import VERDICT_KINDS, verdict_kind

# Stored beside the verdicts: calls and section scores (never reviewed), and the human reviews.
NOT_VERDICT_ITEMS = {"ModelCall", "SectionScore", "VerdictReview", "SummaryReview"}


def test_every_table_of_verdict_items_is_one_kind_of_the_registry() -> None:
    tables = {
        model
        for model in apps.get_app_config("evaluations").get_models()
        for field in model._meta.get_fields()
        if field.many_to_one
        and field.related_model is SummaryEvaluation
        and model.__name__ not in NOT_VERDICT_ITEMS
    }

    assert tables == {kind.model for kind in VERDICT_KINDS}
    assert len({kind.name for kind in VERDICT_KINDS}) == len(VERDICT_KINDS)
    assert verdict_kind("coverage_question").export_key == "coverage_questions"


@pytest.mark.django_db
def test_each_kind_reads_back_the_rows_a_verdict_wrote(make_summary) -> None:
    run = evaluation_run_create(judge="local", summary_ids=[make_summary().pk])
    evaluation = run.evaluations.get()
    assert summary_evaluate(evaluation_id=evaluation.pk).outcome == "succeeded"

    for kind in VERDICT_KINDS:
        stored = kind.model.objects.filter(evaluation=evaluation).order_by("position")
        assert list(kind.rows_of(evaluation)) == list(stored), kind.name
        assert stored.exists(), kind.name  # the local judge returns every kind
