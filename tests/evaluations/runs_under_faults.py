"""What the real-worker tests share (test_faults.py, test_recovery.py): a run judged by Claude on
the fake Messages API in this process (the `fake_server` and `anthropic_settings` fixtures are in
conftest.py), and the check that every summary was evaluated exactly once."""

from __future__ import annotations

from collections import Counter

from django.db.models import Count, Sum

from devkit.fake_anthropic import FakeAnthropicServer
from evaluations.models import (
    AccuracyVerdict,
    AdherenceVerdict,
    CompletenessItemVerdict,
    CompletenessRubricVerdict,
    CoverageQuestion,
    EvaluationRun,
    ModelCall,
    SectionScore,
    SummarizationClaim,
)
from evaluations.services import evaluation_run_create

DIMENSIONS = ["accuracy", "adherence", "completeness", "summarization"]
CALLS_PER_SUMMARY = 5  # accuracy, adherence, completeness, summarization claims and answers
VERDICT_TABLES = {
    "accuracy": (AccuracyVerdict, "evaluation"),
    "adherence": (AdherenceVerdict, "evaluation"),
    "completeness": (CompletenessRubricVerdict, "evaluation"),
    "items": (CompletenessItemVerdict, "rubric__evaluation"),
    "claims": (SummarizationClaim, "evaluation"),
    "questions": (CoverageQuestion, "evaluation"),
    "section_scores": (SectionScore, "evaluation"),
    "calls": (ModelCall, "evaluation"),
}


def worker_env(fake: FakeAnthropicServer, **extra: str) -> dict[str, str]:
    return {
        "ANTHROPIC_API_KEY": "sk-test",
        "ANTHROPIC_BASE_URL": fake.base_url,
        "JUDGE_TIMEOUT_SECONDS": "2",
        **extra,
    }


def anthropic_run(summaries) -> EvaluationRun:
    return evaluation_run_create(
        judge="anthropic",
        model="claude-sonnet-5",
        dimensions=DIMENSIONS,
        summary_ids=[s.pk for s in summaries],
    )


def verdict_counts(run: EvaluationRun) -> dict[int, dict[str, int]]:
    """Per evaluation, how many rows each verdict table holds."""
    counts: dict[int, dict[str, int]] = {
        pk: {} for pk in run.evaluations.values_list("pk", flat=True)
    }
    for name, (model, path) in VERDICT_TABLES.items():
        rows = model.objects.filter(**{f"{path}__run": run})
        if model is ModelCall:
            # Calls billed in attempts that failed and were retried are recorded too, by design;
            # a verdict set's own calls are the others.
            rows = rows.filter(attempt_failed=False)
        rows = rows.values(path).annotate(n=Count("pk")).values_list(path, "n")
        for evaluation_id, n in rows:
            counts[evaluation_id][name] = n
    return counts


def assert_one_clean_verdict_set_each(run: EvaluationRun, summaries) -> None:
    """Every summary has exactly one evaluation, succeeded, and the same verdict rows as every
    other summary (they are built alike, and the fake answers deterministically): a second
    set written by a redelivery would double some of them."""
    assert run.evaluations.count() == len(summaries)
    assert set(run.evaluations.values_list("summary_id", flat=True)) == {s.pk for s in summaries}
    errors = list(run.evaluations.exclude(error="").values_list("status", "error")[:3])
    assert Counter(run.evaluations.values_list("status", flat=True)) == {
        "succeeded": len(summaries)
    }, errors
    counts = verdict_counts(run)
    shapes = Counter(tuple(sorted(c.items())) for c in counts.values())
    assert len(shapes) == 1, shapes
    shape = dict(next(iter(shapes)))
    assert shape["calls"] == CALLS_PER_SUMMARY
    assert shape["accuracy"] >= 1 and shape["claims"] >= 1 and shape["questions"] >= 1
    run.refresh_from_db()
    assert run.status == EvaluationRun.Status.FINISHED
    assert (run.evaluated, run.failed) == (len(summaries), 0)
    calls = ModelCall.objects.filter(evaluation__run=run)
    wasted = calls.filter(attempt_failed=True).count()
    assert run.model_calls == calls.count() == CALLS_PER_SUMMARY * len(summaries) + wasted
    assert run.cost_usd == calls.aggregate(total=Sum("cost_usd"))["total"]
