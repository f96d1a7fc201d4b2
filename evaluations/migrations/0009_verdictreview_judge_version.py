"""Copy each review's judge version (judge, model, prompt version) from its evaluation, so that
calibration groups and filters reviews without joining them to their evaluations."""

from django.db import migrations, models
from django.db.models import OuterRef, Subquery


def copy_judge_version(apps, schema_editor):
    Review = apps.get_model("evaluations", "VerdictReview")
    Evaluation = apps.get_model("evaluations", "SummaryEvaluation")
    evaluation = Evaluation.objects.filter(pk=OuterRef("evaluation_id"))
    Review.objects.update(
        judge=Subquery(evaluation.values("judge")[:1]),
        model=Subquery(evaluation.values("model")[:1]),
        prompt_version=Subquery(evaluation.values("prompt_version")[:1]),
    )


class Migration(migrations.Migration):
    dependencies = [("evaluations", "0008_fill_queue_columns")]

    operations = [
        migrations.AddField(
            model_name="verdictreview",
            name="judge",
            field=models.CharField(default="", max_length=20),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="verdictreview",
            name="model",
            field=models.CharField(default="", max_length=100),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="verdictreview",
            name="prompt_version",
            field=models.CharField(blank=True, max_length=40),
        ),
        migrations.RunPython(copy_judge_version, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="verdictreview",
            constraint=models.CheckConstraint(
                condition=models.Q(("model", ""), _negated=True),
                name="verdict_review_judge_version_copied",
            ),
        ),
        migrations.AddIndex(
            model_name="verdictreview",
            index=models.Index(
                fields=["model", "prompt_version", "kind", "is_blind", "-updated_at", "-id"],
                name="review_calibration_idx",
            ),
        ),
    ]
