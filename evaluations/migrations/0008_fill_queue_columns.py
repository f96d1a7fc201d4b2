"""Fill the queue's columns for evaluations stored before them: failing_points, has_na, is_latest.

The same rules as `evaluations.services.verdicts.verdict_write`: failing items of every reviewable
kind; N/A in a requested dimension other than summarization (which is never N/A once run); the
latest succeeded evaluation of a summary is the one of its newest run.
"""

from django.db import migrations
from django.db.models import Count, Q

BATCH = 1000
SCORED_DIMENSIONS = ("accuracy", "adherence", "completeness")


def fill(apps, schema_editor):
    Evaluation = apps.get_model("evaluations", "SummaryEvaluation")
    Item = apps.get_model("evaluations", "CompletenessItemVerdict")
    succeeded = Evaluation.objects.filter(status="succeeded")
    failing_counts = (
        succeeded.annotate(
            accuracy_failed=Count(
                "accuracy_verdicts", filter=Q(accuracy_verdicts__is_accurate=False), distinct=True
            ),
            adherence_failed=Count(
                "adherence_verdicts",
                filter=Q(adherence_verdicts__is_addressed=False),
                distinct=True,
            ),
            claims_failed=Count(
                "summarization_claims",
                filter=Q(summarization_claims__supported=False),
                distinct=True,
            ),
            questions_failed=Count(
                "coverage_questions", filter=Q(coverage_questions__answered=False), distinct=True
            ),
        )
        .select_related("run")
        .order_by("pk")
    )
    items_failed = dict(
        Item.objects.filter(is_covered=False, rubric__evaluation__status="succeeded")
        .values_list("rubric__evaluation_id")
        .annotate(n=Count("id"))
        .values_list("rubric__evaluation_id", "n")
    )
    last_pk = 0
    while True:
        batch = list(failing_counts.filter(pk__gt=last_pk)[:BATCH])
        if not batch:
            break
        for evaluation in batch:
            evaluation.failing_points = (
                evaluation.accuracy_failed
                + evaluation.adherence_failed
                + evaluation.claims_failed
                + evaluation.questions_failed
                + items_failed.get(evaluation.pk, 0)
            )
            evaluation.has_na = any(
                getattr(evaluation, dimension) is None
                for dimension in SCORED_DIMENSIONS
                if dimension in (evaluation.run.dimensions or [])
            )
        Evaluation.objects.bulk_update(batch, ["failing_points", "has_na"])
        last_pk = batch[-1].pk

    latest: dict[int, int] = {}
    for pk, summary_id in succeeded.order_by("run_id", "pk").values_list("pk", "summary_id"):
        latest[summary_id] = pk  # the newest run's comes last
    ids = list(latest.values())
    for start in range(0, len(ids), BATCH):
        Evaluation.objects.filter(pk__in=ids[start : start + BATCH]).update(is_latest=True)


class Migration(migrations.Migration):
    dependencies = [
        ("evaluations", "0007_review_and_queue_columns"),
    ]

    operations = [migrations.RunPython(fill, migrations.RunPython.noop)]
