"""Evaluation runs, one evaluation per (run, summary), and every verdict the judges return.

Verdicts are relational rows, not only a JSON blob, so pages and charts can query them. Each row has
its section, its text, its boolean, its reason and the transcript turns it cites. A (parent, position)
unique constraint on every verdict table means a redelivered task cannot write a second set.

Why one long module: it is one schema (runs, evaluations, their verdict tables, reviews), whose
foreign keys and constraints are read together; Django finds an app's models here.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models

from evaluations.scope import RunScope
from summaries.models import SectionDefinition, Summary


class Judge(models.TextChoices):
    LOCAL = "local", "Local (offline baseline)"
    ANTHROPIC = "anthropic", "Claude (Anthropic)"


class RubricQuestionSet(models.Model):
    """Adherence questions derived once per section definition version, so every summary written
    against that version is judged against the same questions."""

    definition = models.OneToOneField(
        SectionDefinition, on_delete=models.CASCADE, related_name="rubric_question_set"
    )
    questions = models.JSONField(default=list)
    derived_with = models.CharField(max_length=40, help_text="The derivation's version.")
    created_at = models.DateTimeField(auto_now_add=True)
    # Set when an admin derived the set from the sections pages (a run's derivation leaves it
    # empty), with what that model call cost when it was Claude.
    derived_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    input_tokens = models.PositiveIntegerField(default=0)
    output_tokens = models.PositiveIntegerField(default=0)
    cost_usd = models.DecimalField(max_digits=10, decimal_places=6, default=0)

    def __str__(self) -> str:
        return f"questions for {self.definition}"


class RubricQuestionEdit(models.Model):
    """An admin's edit of one derived question, before the version was first used: who, when,
    and the text before and after."""

    question_set = models.ForeignKey(
        RubricQuestionSet, on_delete=models.CASCADE, related_name="edits"
    )
    position = models.PositiveSmallIntegerField(help_text="0-based index in the questions.")
    old_text = models.TextField()
    new_text = models.TextField()
    edited_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL, related_name="+"
    )
    edited_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-edited_at", "-id"]

    def __str__(self) -> str:
        return f"{self.question_set} #{self.position + 1} edited"


class UsageFields(models.Model):
    """Token and cost totals, kept on runs, evaluations and single model calls alike."""

    model_calls = models.PositiveIntegerField(default=0)
    input_tokens = models.PositiveBigIntegerField(default=0)
    output_tokens = models.PositiveBigIntegerField(default=0)
    cache_write_tokens = models.PositiveBigIntegerField(default=0)
    cache_read_tokens = models.PositiveBigIntegerField(default=0)
    cost_usd = models.DecimalField(max_digits=14, decimal_places=6, default=0)

    class Meta:
        abstract = True


class EvaluationRun(UsageFields):
    class Status(models.TextChoices):
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        FINISHED = "finished", "Finished"
        FINISHED_WITH_FAILURES = "finished_with_failures", "Finished with failures"
        CANCELLED = "cancelled", "Cancelled"

    TERMINAL = (Status.FINISHED, Status.FINISHED_WITH_FAILURES, Status.CANCELLED)

    name = models.CharField(max_length=200, blank=True)
    # Scope, as the user asked for it. The summaries it resolved to are the SummaryEvaluation rows.
    date_from = models.DateField(null=True, blank=True)
    date_to = models.DateField(null=True, blank=True)
    queues = models.JSONField(default=list, blank=True)
    agent_ids = models.JSONField(default=list, blank=True)
    channel = models.CharField(max_length=10, blank=True)
    generator = models.CharField(max_length=100, blank=True)
    sample_size = models.PositiveIntegerField(null=True, blank=True)
    sample_seed = models.BigIntegerField(null=True, blank=True)
    explicit_summaries = models.BooleanField(default=False)
    # Configuration
    judge = models.CharField(max_length=20, choices=Judge.choices)
    model = models.CharField(max_length=100)
    dimensions = models.JSONField(default=list)
    max_questions = models.PositiveSmallIntegerField(default=10)
    prompt_version = models.CharField(max_length=40, blank=True)
    # Judged through Message Batches (issue 13): half price, results within 24 hours.
    batch = models.BooleanField(default=False)
    # Progress
    status = models.CharField(max_length=24, choices=Status.choices, default=Status.QUEUED)
    total = models.PositiveIntegerField(default=0)
    evaluated = models.PositiveIntegerField(default=0)
    failed = models.PositiveIntegerField(default=0)
    estimated_cost_usd = models.DecimalField(max_digits=14, decimal_places=6, default=0)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # The watchdog (evaluations/services/watchdog.py): the progress its sweeps saw last (evaluations
    # ended and claims taken), since when it has not changed (or since the run was last handed
    # out again), and when a sweep last looked.
    watch_progress = models.CharField(max_length=60, blank=True)
    progress_at = models.DateTimeField(null=True, blank=True)
    watched_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["status", "created_at"], name="run_status_created_idx")]
        # Starting a run is Django's own `add_evaluationrun`; `manage_run` acts on one that
        # exists, and `export_run` downloads its results (every verdict, with conversation ids).
        permissions = [
            ("manage_run", "Can cancel and retry evaluation runs"),
            ("export_run", "Can download a run's results as CSV or JSON Lines"),
        ]

    def __str__(self) -> str:
        return self.name or f"Run {self.pk}"

    @property
    def is_terminal(self) -> bool:
        return self.status in self.TERMINAL

    @property
    def failures_can_be_retried(self) -> bool:
        """Finished with failures: "retry failed" puts them back in the queue."""
        return self.status == self.Status.FINISHED_WITH_FAILURES

    @property
    def uses_local_judge(self) -> bool:
        return self.judge == Judge.LOCAL

    @property
    def scope(self) -> RunScope:
        """The scope it was asked for, to describe it (`run.scope.description`)."""
        return RunScope.of_run(self)


class SummaryEvaluation(UsageFields):
    class Status(models.TextChoices):
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        SUCCEEDED = "succeeded", "Succeeded"
        FAILED = "failed", "Failed"
        CANCELLED = "cancelled", "Cancelled"

    TERMINAL = (Status.SUCCEEDED, Status.FAILED, Status.CANCELLED)

    run = models.ForeignKey(EvaluationRun, on_delete=models.CASCADE, related_name="evaluations")
    # An evaluation, its verdicts and its billed calls are the record of what was decided and
    # paid: deleting the summary (or its conversation) must not take them away.
    summary = models.ForeignKey(Summary, on_delete=models.PROTECT, related_name="evaluations")
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.QUEUED)
    attempts = models.PositiveSmallIntegerField(
        default=0, help_text="How many times it was claimed."
    )
    # Transient judge errors so far. Kept in the row rather than in the Celery message, so that a
    # redelivered or re-enqueued task cannot reset the retry budget.
    transient_errors = models.PositiveSmallIntegerField(default=0)
    claimed_at = models.DateTimeField(null=True, blank=True)
    # The token of the current claim, or of the last one once its attempt has ended (a replayed
    # write recognises its own outcome by it).
    claim_token = models.CharField(max_length=40, blank=True)
    # Not to be claimed before this (a retry's backoff, a rate-limit deferral): kept in the row so
    # that a duplicate or re-enqueued message cannot skip the wait.
    retry_at = models.DateTimeField(null=True, blank=True)
    error = models.TextField(blank=True)
    # What the judge left out of a stored verdict, and why, one note a line (a point citing a
    # section that was not under judgment).
    notes = models.TextField(blank=True)
    # A batch run's evaluation waits QUEUED in `judge_batch` until its results are in; the results
    # gathered so far (custom_id -> BatchResult fields) stay here, so a lost worker loses nothing.
    judge_batch = models.ForeignKey(
        "JudgeBatch", null=True, blank=True, on_delete=models.SET_NULL, related_name="evaluations"
    )
    batch_results = models.JSONField(default=dict, blank=True)
    # Scores: null means N/A, and the reason says why. Never a 0 for N/A.
    accuracy = models.FloatField(null=True, blank=True)
    accuracy_na_reason = models.CharField(max_length=300, blank=True)
    adherence = models.FloatField(null=True, blank=True)
    adherence_na_reason = models.CharField(max_length=300, blank=True)
    completeness = models.FloatField(null=True, blank=True)
    completeness_na_reason = models.CharField(max_length=300, blank=True)
    summarization = models.FloatField(null=True, blank=True)
    summarization_reason = models.TextField(blank=True)
    alignment = models.FloatField(null=True, blank=True)
    coverage = models.FloatField(null=True, blank=True)
    judge = models.CharField(max_length=20, blank=True)
    model = models.CharField(max_length=100, blank=True)
    prompt_version = models.CharField(max_length=40, blank=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    # What the queue filters and sorts on without reading the verdict tables, set with the
    # verdicts (services/verdicts.py): the verdict items the judge failed (every reviewable kind:
    # inaccurate points, unaddressed adherence questions, uncovered completeness items,
    # unsupported claims, unanswered coverage questions), whether a requested dimension is N/A,
    # and whether this is the latest succeeded evaluation of its summary (the newest run's).
    failing_points = models.PositiveIntegerField(default=0)
    has_na = models.BooleanField(default=False)
    is_latest = models.BooleanField(default=False)
    # Copies of the conversation's start, queue and channel, so the queue filters and sorts on
    # this one table (at 100k conversations, a join to every candidate conversation cost more
    # than the rest of the page). Kept by the database, whatever writes the rows: triggers set
    # them on every insert and follow a conversation's (or a summary's) change (migration 0020).
    conversation_started_at = models.DateTimeField(null=True, blank=True, editable=False)
    conversation_queue = models.CharField(max_length=100, blank=True, editable=False)
    conversation_channel = models.CharField(max_length=10, blank=True, editable=False)

    class Meta:
        ordering = ["run", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["run", "summary"], name="evaluation_unique_run_summary"
            ),
            models.UniqueConstraint(
                fields=["summary"],
                condition=models.Q(is_latest=True),
                name="evaluation_one_latest_per_summary",
            ),
        ]
        indexes = [
            models.Index(fields=["run", "status"], name="evaluation_run_status_idx"),
            models.Index(fields=["status", "claimed_at"], name="evaluation_status_claimed_idx"),
            # The queue's score sorts, lowest first (the analyst's usual question), over the
            # latest evaluations only.
            *(
                models.Index(
                    fields=[dimension, "id"],
                    condition=models.Q(is_latest=True),
                    name=f"evaluation_latest_{dimension[:5]}_idx",
                )
                for dimension in ("accuracy", "adherence", "completeness", "summarization")
            ),
            models.Index(
                fields=["-failing_points", "id"],
                condition=models.Q(is_latest=True),
                name="evaluation_latest_failing_idx",
            ),
        ]
        permissions = [("view_dashboard", "Can view the managers' dashboard")]

    def __str__(self) -> str:
        return f"run {self.run_id} summary {self.summary_id}"

    @property
    def is_succeeded(self) -> bool:
        """Judged: its scores and verdicts are stored."""
        return self.status == self.Status.SUCCEEDED

    @classmethod
    def protected_records_describe(cls, pks: list[int]) -> list[str]:
        """One line per run for the evaluations among `pks` that stop a delete (summaries/admin.py
        asks): the admin names the runs, not thousands of rows."""
        rows = (
            cls.objects.filter(pk__in=pks)
            .values("run_id", "run__name", "run__status")
            .annotate(evaluations=models.Count("id"))
            .order_by("run_id")
        )
        statuses = dict(EvaluationRun.Status.choices)
        lines = []
        for row in rows:
            name = row["run__name"] or f"Run {row['run_id']}"
            count = row["evaluations"]
            lines.append(
                f"Evaluation run {row['run_id']} “{name}” "
                f"({statuses.get(row['run__status'], row['run__status']).lower()}): "
                f"{count} evaluation{'' if count == 1 else 's'}, with their verdicts and "
                "billed model calls"
            )
        return lines


class JudgeBatch(models.Model):
    """One Message Batch a batch run submitted: its id at the API and what polling last saw."""

    class Status(models.TextChoices):
        SUBMITTED = "submitted", "Submitted"
        ENDED = "ended", "Ended"  # its results are stored on its evaluations
        CANCELLED = "cancelled", "Cancelled"

    run = models.ForeignKey(EvaluationRun, on_delete=models.CASCADE, related_name="judge_batches")
    anthropic_id = models.CharField(max_length=100, unique=True)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.SUBMITTED)
    requests = models.PositiveIntegerField(default=0)
    ended_requests = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    polled_at = models.DateTimeField(null=True, blank=True)
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return self.anthropic_id


class ModelCall(UsageFields):
    """One call to a model, for the audit trail and the cost accounting.

    An evaluation's calls include those billed in attempts that ended in a judge error
    (`attempt_failed`): no verdict was kept from them, but they were paid for, so the
    evaluation's and the run's usage count them."""

    evaluation = models.ForeignKey(
        SummaryEvaluation, on_delete=models.CASCADE, related_name="calls"
    )
    position = models.PositiveSmallIntegerField()
    purpose = models.CharField(max_length=40)
    model = models.CharField(max_length=100)
    attempts = models.PositiveSmallIntegerField(default=1)
    seconds = models.FloatField(default=0)
    attempt_failed = models.BooleanField(
        default=False,
        help_text="Billed in an attempt that ended in a judge error; no verdict came of it.",
    )

    class Meta:
        ordering = ["evaluation", "position"]
        constraints = [
            models.UniqueConstraint(fields=["evaluation", "position"], name="call_unique_position"),
        ]

    def __str__(self) -> str:
        return f"{self.purpose} call {self.position} of evaluation {self.evaluation_id}"


class SectionScore(models.Model):
    """Per-section scores of one evaluation (null with a reason when N/A)."""

    evaluation = models.ForeignKey(
        SummaryEvaluation, on_delete=models.CASCADE, related_name="section_scores"
    )
    section = models.CharField(max_length=80)
    accuracy = models.FloatField(null=True, blank=True)
    accuracy_na_reason = models.CharField(max_length=300, blank=True)
    adherence = models.FloatField(null=True, blank=True)
    adherence_na_reason = models.CharField(max_length=300, blank=True)
    completeness = models.FloatField(null=True, blank=True)
    completeness_na_reason = models.CharField(max_length=300, blank=True)

    class Meta:
        ordering = ["evaluation", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["evaluation", "section"], name="section_score_unique_section"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.section} scores of evaluation {self.evaluation_id}"


class VerdictBase(models.Model):
    evaluation = models.ForeignKey(SummaryEvaluation, on_delete=models.CASCADE, related_name="+")
    position = models.PositiveIntegerField()
    section = models.CharField(max_length=80)
    turn_indexes = models.JSONField(default=list, blank=True)

    class Meta:
        abstract = True
        ordering = ["evaluation", "position"]


class AccuracyVerdict(VerdictBase):
    evaluation = models.ForeignKey(
        SummaryEvaluation, on_delete=models.CASCADE, related_name="accuracy_verdicts"
    )
    point = models.TextField()
    justification = models.TextField()
    is_accurate = models.BooleanField()

    class Meta(VerdictBase.Meta):
        constraints = [
            models.UniqueConstraint(
                fields=["evaluation", "position"], name="accuracy_unique_position"
            ),
        ]
        indexes = [models.Index(fields=["section", "is_accurate"], name="accuracy_section_idx")]

    def __str__(self) -> str:
        return f"{self.section}: {self.point[:60]}"


class AdherenceVerdict(VerdictBase):
    evaluation = models.ForeignKey(
        SummaryEvaluation, on_delete=models.CASCADE, related_name="adherence_verdicts"
    )
    question = models.TextField()
    reasoning = models.TextField()
    is_addressed = models.BooleanField()
    decided_by = models.CharField(max_length=10, default="model")

    class Meta(VerdictBase.Meta):
        constraints = [
            models.UniqueConstraint(
                fields=["evaluation", "position"], name="adherence_unique_position"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.section}: {self.question[:60]}"


class CompletenessRubricVerdict(VerdictBase):
    evaluation = models.ForeignKey(
        SummaryEvaluation, on_delete=models.CASCADE, related_name="completeness_rubrics"
    )
    instruction = models.TextField()
    question = models.TextField()
    # Every item it asks for covered, or none to ask for (not penalised); the reason says which.
    is_covered = models.BooleanField(default=True)
    reason = models.TextField(blank=True)

    class Meta(VerdictBase.Meta):
        constraints = [
            models.UniqueConstraint(
                fields=["evaluation", "position"], name="completeness_unique_position"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.section}: {self.question[:60]}"


class CompletenessItemVerdict(models.Model):
    rubric = models.ForeignKey(
        CompletenessRubricVerdict, on_delete=models.CASCADE, related_name="items"
    )
    position = models.PositiveIntegerField()
    transcript_content = models.TextField()
    related_content_from_summary = models.TextField(blank=True)
    is_covered = models.BooleanField()
    is_evidence_verified = models.BooleanField(default=True)
    turn_indexes = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["rubric", "position"]
        constraints = [
            models.UniqueConstraint(fields=["rubric", "position"], name="item_unique_position"),
        ]

    def __str__(self) -> str:
        return self.transcript_content[:60]


class SummarizationClaim(models.Model):
    evaluation = models.ForeignKey(
        SummaryEvaluation, on_delete=models.CASCADE, related_name="summarization_claims"
    )
    position = models.PositiveIntegerField()
    section = models.CharField(max_length=80, blank=True, help_text="Where the claim comes from.")
    claim = models.TextField()
    supported = models.BooleanField()
    reason = models.TextField()
    turn_indexes = models.JSONField(default=list, blank=True)

    class Meta:
        ordering = ["evaluation", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["evaluation", "position"], name="claim_unique_position"
            ),
        ]

    def __str__(self) -> str:
        return self.claim[:60]


class CoverageQuestion(models.Model):
    evaluation = models.ForeignKey(
        SummaryEvaluation, on_delete=models.CASCADE, related_name="coverage_questions"
    )
    position = models.PositiveIntegerField()
    section = models.CharField(
        max_length=80, blank=True, help_text="The section that should answer it."
    )
    question = models.TextField()
    answered = models.BooleanField()
    reason = models.TextField()
    turn_indexes = models.JSONField(
        default=list, blank=True, help_text="The transcript turns it was drawn from."
    )

    class Meta:
        ordering = ["evaluation", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["evaluation", "position"], name="question_unique_position"
            ),
        ]

    def __str__(self) -> str:
        return self.question[:60]


class ReviewKind(models.TextChoices):
    """The verdict items an analyst reviews one by one (`evaluations.verdict_kinds` maps each to
    its row and to the engine's verdict)."""

    ACCURACY_POINT = "accuracy_point", "Accuracy point"
    ADHERENCE_RUBRIC = "adherence_rubric", "Adherence question"
    COMPLETENESS_ITEM = "completeness_item", "Completeness item"
    SUMMARIZATION_CLAIM = "summarization_claim", "Summarization claim"
    COVERAGE_QUESTION = "coverage_question", "Coverage question"


class VerdictReview(models.Model):
    """One analyst's verdict on one verdict item, stored beside the judge's, never over it.

    A second analyst makes a second row; the same analyst changing their mind updates theirs.
    `judge_value` is the judge's verdict copied when the review was made (judge rows never
    change); whether the human agrees is derived, `human_value == judge_value`.
    """

    kind = models.CharField(max_length=24, choices=ReviewKind.choices)
    item_id = models.BigIntegerField(help_text="The row id in the kind's verdict table.")
    evaluation = models.ForeignKey(
        SummaryEvaluation, on_delete=models.PROTECT, related_name="verdict_reviews"
    )
    section = models.CharField(max_length=80, blank=True)
    reviewer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="verdict_reviews"
    )
    judge_value = models.BooleanField()
    # What produced the judge's verdict, copied from the evaluation with `judge_value`: the
    # calibration page groups and filters reviews by judge version without joining every
    # review to its evaluation (a join that dominated the page at 100k evaluations).
    judge = models.CharField(max_length=20)
    model = models.CharField(max_length=100)
    prompt_version = models.CharField(max_length=40, blank=True)
    human_value = models.BooleanField()
    comment = models.TextField(blank=True)
    # Made without seeing the judge's verdict. Changed after the reveal, it is no longer blind.
    is_blind = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["evaluation", "kind", "item_id", "created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["kind", "item_id", "reviewer"], name="verdict_review_unique_reviewer"
            ),
            models.CheckConstraint(
                condition=models.Q(kind__in=ReviewKind.values), name="verdict_review_kind_valid"
            ),
            # Only a judged evaluation is reviewed, and it names its model: a review saved
            # without the judge version copied is refused, not counted under a blank version.
            models.CheckConstraint(
                condition=~models.Q(model=""), name="verdict_review_judge_version_copied"
            ),
        ]
        indexes = [
            models.Index(fields=["evaluation", "reviewer"], name="review_evaluation_idx"),
            # The calibration items page: one judge version's reviews of one kind and mode,
            # newest first.
            models.Index(
                fields=["model", "prompt_version", "kind", "is_blind", "-updated_at", "-id"],
                name="review_calibration_idx",
            ),
        ]
        permissions = [("review_verdict", "Can review and override verdicts")]

    def __str__(self) -> str:
        return f"{self.kind} {self.item_id} by {self.reviewer_id}"

    @property
    def agrees(self) -> bool:
        return self.human_value == self.judge_value


class SummaryReview(models.Model):
    """An analyst marked an evaluation of a summary reviewed: who, when, and whether blind."""

    evaluation = models.ForeignKey(
        SummaryEvaluation, on_delete=models.PROTECT, related_name="summary_reviews"
    )
    summary = models.ForeignKey(Summary, on_delete=models.PROTECT, related_name="reviews")
    reviewer = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="summary_reviews"
    )
    is_blind = models.BooleanField(default=False)
    reviewed_at = models.DateTimeField()

    class Meta:
        ordering = ["evaluation", "reviewed_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["evaluation", "reviewer"], name="summary_review_unique_reviewer"
            ),
        ]

    def __str__(self) -> str:
        return f"evaluation {self.evaluation_id} reviewed by {self.reviewer_id}"


class JudgeSettings(models.Model):
    """The judge, model and dimensions a new run starts from (/settings/judge/): one row, or
    none until an admin saves the page (then the environment's defaults apply). The API key is
    not here, nor anywhere in the database: it comes from ANTHROPIC_API_KEY only."""

    SINGLETON_ID = 1

    id = models.PositiveSmallIntegerField(primary_key=True, default=SINGLETON_ID, editable=False)
    judge = models.CharField(max_length=20, choices=Judge.choices)
    model = models.CharField(
        max_length=100, blank=True, help_text="Claude's model id; blank: JUDGE_MODEL."
    )
    dimensions = models.JSONField(default=list)
    updated_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = "judge settings"
        verbose_name_plural = "judge settings"
        constraints = [
            models.CheckConstraint(condition=models.Q(id=1), name="judge_settings_singleton"),
        ]

    def __str__(self) -> str:
        return "judge settings"


__all__ = [
    "AccuracyVerdict",
    "AdherenceVerdict",
    "CompletenessItemVerdict",
    "CompletenessRubricVerdict",
    "CoverageQuestion",
    "DashboardDay",
    "DashboardFact",
    "DashboardSectionDay",
    "DashboardSectionFact",
    "EvaluationRun",
    "Judge",
    "JudgeSettings",
    "ModelCall",
    "ReviewKind",
    "RubricQuestionEdit",
    "RubricQuestionSet",
    "SectionScore",
    "SummarizationClaim",
    "SummaryEvaluation",
    "SummaryReview",
    "VerdictReview",
]


class RunWebhook(models.Model):
    """A URL to POST to once when the run ends (set through the API), with its signing secret."""

    class Status(models.TextChoices):
        PENDING = "pending", "Pending"
        DELIVERED = "delivered", "Delivered"
        FAILED = "failed", "Failed"

    run = models.OneToOneField(EvaluationRun, on_delete=models.CASCADE, related_name="webhook")
    url = models.URLField(max_length=2000)
    # HMAC-SHA256 key of the signature header; shown to the caller once, when the run is made.
    secret = models.CharField(max_length=64)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    delivered_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"webhook of run {self.run_id}: {self.status}"


class WebhookAttempt(models.Model):
    """One POST of a run's webhook: what the receiver answered, or why it could not be reached."""

    webhook = models.ForeignKey(RunWebhook, on_delete=models.CASCADE, related_name="attempts_made")
    number = models.PositiveSmallIntegerField()
    attempted_at = models.DateTimeField(auto_now_add=True)
    status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    error = models.TextField(blank=True)
    seconds = models.FloatField(default=0)

    class Meta:
        ordering = ["webhook", "number"]
        constraints = [
            models.UniqueConstraint(fields=["webhook", "number"], name="webhook_attempt_unique"),
        ]

    def __str__(self) -> str:
        return f"attempt {self.number} of {self.webhook}"


class DashboardFact(models.Model):
    """The dashboard's rollup: per summary and judge configuration, the evaluation that counts
    (its latest succeeded one under that configuration, the newest run's), with what the charts
    group and filter by copied beside its scores, so that every chart is one GROUP BY over this
    table instead of a search for the latest evaluation among a million verdict rows.

    Kept in the transaction that changes what counts (services/dashboard_rollup.py: a verdict
    written, a review saved or taken back); `manage.py rebuild_dashboard_rollup` rebuilds it
    from the rows. Conversations do not change once imported, so their columns stay true."""

    summary = models.ForeignKey(Summary, on_delete=models.CASCADE, related_name="+")
    evaluation = models.OneToOneField(
        SummaryEvaluation, on_delete=models.CASCADE, related_name="dashboard_fact"
    )
    judge = models.CharField(max_length=20)
    model = models.CharField(max_length=100)
    prompt_version = models.CharField(max_length=40, blank=True)
    # Succeeded evaluations of the summary under this configuration (the default configuration
    # is the one with the most).
    evaluations = models.PositiveIntegerField(default=1)
    # The conversation's and the summary's, as the filters read them.
    started_at = models.DateTimeField(null=True, blank=True)
    day = models.DateField(null=True, blank=True)  # of started_at, in UTC
    week = models.DateField(null=True, blank=True)
    queue = models.CharField(max_length=100, blank=True)
    channel = models.CharField(max_length=10, blank=True)
    agent = models.ForeignKey(
        "summaries.Agent", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    generator = models.CharField(max_length=100, blank=True)
    # Scores (null: N/A when *_na, else not asked for), and the failing verdict items.
    accuracy = models.FloatField(null=True, blank=True)
    accuracy_na = models.BooleanField(default=False)
    adherence = models.FloatField(null=True, blank=True)
    adherence_na = models.BooleanField(default=False)
    completeness = models.FloatField(null=True, blank=True)
    completeness_na = models.BooleanField(default=False)
    summarization = models.FloatField(null=True, blank=True)
    failing_points = models.PositiveIntegerField(default=0)
    # Analysts' reviews of this evaluation's verdict items: judge value × human value.
    reviews_pass_pass = models.PositiveIntegerField(default=0)
    reviews_pass_fail = models.PositiveIntegerField(default=0)
    reviews_fail_pass = models.PositiveIntegerField(default=0)
    reviews_fail_fail = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["summary", "judge", "model", "prompt_version"],
                name="dashboard_fact_unique_config",
            ),
        ]
        indexes = [
            models.Index(
                fields=["model", "prompt_version", "judge", "started_at"],
                name="dashboard_fact_config_idx",
            ),
            models.Index(fields=["queue", "started_at"], name="dashboard_fact_queue_idx"),
            models.Index(fields=["agent", "started_at"], name="dashboard_fact_agent_idx"),
        ]

    def __str__(self) -> str:
        return f"summary {self.summary_id} under {self.model} {self.prompt_version}"


class DashboardSectionFact(models.Model):
    """One section of a `DashboardFact`'s evaluation: its section scores (when it has them) and
    its verdict items, failed or not, with the fact's filter columns copied again so that the
    section charts need no join."""

    fact = models.ForeignKey(DashboardFact, on_delete=models.CASCADE, related_name="sections")
    section = models.CharField(max_length=80)
    judge = models.CharField(max_length=20)
    model = models.CharField(max_length=100)
    prompt_version = models.CharField(max_length=40, blank=True)
    started_at = models.DateTimeField(null=True, blank=True)
    day = models.DateField(null=True, blank=True)
    week = models.DateField(null=True, blank=True)
    queue = models.CharField(max_length=100, blank=True)
    channel = models.CharField(max_length=10, blank=True)
    agent = models.ForeignKey(
        "summaries.Agent", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    generator = models.CharField(max_length=100, blank=True)
    # The summary's section definition version for this key (null: not among its sections);
    # the section-version markers read it.
    version = models.PositiveIntegerField(null=True, blank=True)
    is_scored = models.BooleanField(default=False)  # a SectionScore row exists
    accuracy = models.FloatField(null=True, blank=True)
    accuracy_na = models.BooleanField(default=False)
    adherence = models.FloatField(null=True, blank=True)
    adherence_na = models.BooleanField(default=False)
    completeness = models.FloatField(null=True, blank=True)
    completeness_na = models.BooleanField(default=False)
    items = models.PositiveIntegerField(default=0)
    failing = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["fact", "section"], name="dashboard_section_fact_unique"
            ),
        ]
        indexes = [
            models.Index(
                fields=["model", "prompt_version", "judge", "started_at"],
                name="dashboard_section_config_idx",
            ),
            models.Index(fields=["queue", "started_at"], name="dashboard_section_queue_idx"),
            models.Index(fields=["agent", "started_at"], name="dashboard_section_agent_idx"),
        ]

    def __str__(self) -> str:
        return f"{self.section} of {self.fact}"


# The day rollup's key: what the charts filter on, except the agent (an agent's facts are few
# enough to read as they are; the agent breakdown and table read the facts).
DASHBOARD_DAY_KEY = ("day", "judge", "model", "prompt_version", "queue", "channel", "generator")
HISTOGRAM_DIMENSIONS = ("accuracy", "adherence", "completeness", "summarization")
HISTOGRAM_BINS = 10


class DashboardDay(models.Model):
    """The rollup's second level: the facts of one day × judge configuration × queue × channel
    × summarizer, as sums and counts (a mean is a sum over a count, never a mean of means), a
    few thousand rows for a hundred thousand facts. Recomputed from the facts of its key in the
    transaction that changes them (services/dashboard_rollup.py)."""

    day = models.DateField(null=True, blank=True)
    week = models.DateField(null=True, blank=True)
    judge = models.CharField(max_length=20)
    model = models.CharField(max_length=100)
    prompt_version = models.CharField(max_length=40, blank=True)
    queue = models.CharField(max_length=100, blank=True)
    channel = models.CharField(max_length=10, blank=True)
    generator = models.CharField(max_length=100, blank=True)
    facts = models.PositiveIntegerField(default=0)  # summaries counted
    evaluations = models.PositiveIntegerField(default=0)  # their succeeded evaluations
    first_started = models.DateTimeField(null=True, blank=True)
    accuracy_sum = models.FloatField(default=0)
    accuracy_scored = models.PositiveIntegerField(default=0)
    accuracy_na = models.PositiveIntegerField(default=0)
    adherence_sum = models.FloatField(default=0)
    adherence_scored = models.PositiveIntegerField(default=0)
    adherence_na = models.PositiveIntegerField(default=0)
    completeness_sum = models.FloatField(default=0)
    completeness_scored = models.PositiveIntegerField(default=0)
    completeness_na = models.PositiveIntegerField(default=0)
    summarization_sum = models.FloatField(default=0)
    summarization_scored = models.PositiveIntegerField(default=0)
    reviews_pass_pass = models.PositiveIntegerField(default=0)
    reviews_pass_fail = models.PositiveIntegerField(default=0)
    reviews_fail_pass = models.PositiveIntegerField(default=0)
    reviews_fail_fail = models.PositiveIntegerField(default=0)
    # The score distributions: `accuracy_bin0` counts scores in [0, 0.1), ..., `_bin9` [0.9, 1].
    # Forty columns written out by a loop: the class body's namespace takes them as fields.
    locals().update(
        {
            f"{dimension}_bin{index}": models.PositiveIntegerField(default=0)
            for dimension in HISTOGRAM_DIMENSIONS
            for index in range(HISTOGRAM_BINS)
        }
    )

    class Meta:
        # One row per key, kept by the service (delete and insert under the key's lock) rather
        # than by a unique constraint: the key's day is null for a conversation without a start,
        # and NULLS NOT DISTINCT is PostgreSQL's alone (the demo runs on SQLite).
        indexes = [
            models.Index(
                fields=["model", "prompt_version", "judge", "day"], name="dashboard_day_config_idx"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.day} {self.queue} {self.channel} {self.generator} under {self.model}"


class DashboardSectionDay(models.Model):
    """The section facts of one day rollup key and one section, as sums and counts."""

    day = models.DateField(null=True, blank=True)
    week = models.DateField(null=True, blank=True)
    judge = models.CharField(max_length=20)
    model = models.CharField(max_length=100)
    prompt_version = models.CharField(max_length=40, blank=True)
    queue = models.CharField(max_length=100, blank=True)
    channel = models.CharField(max_length=10, blank=True)
    generator = models.CharField(max_length=100, blank=True)
    section = models.CharField(max_length=80)
    version = models.PositiveIntegerField(null=True, blank=True)
    scored = models.PositiveIntegerField(default=0)  # section facts with section scores
    accuracy_sum = models.FloatField(default=0)
    accuracy_scored = models.PositiveIntegerField(default=0)
    accuracy_na = models.PositiveIntegerField(default=0)
    adherence_sum = models.FloatField(default=0)
    adherence_scored = models.PositiveIntegerField(default=0)
    adherence_na = models.PositiveIntegerField(default=0)
    completeness_sum = models.FloatField(default=0)
    completeness_scored = models.PositiveIntegerField(default=0)
    completeness_na = models.PositiveIntegerField(default=0)
    items = models.PositiveIntegerField(default=0)
    failing = models.PositiveIntegerField(default=0)

    class Meta:
        indexes = [
            models.Index(
                fields=["model", "prompt_version", "judge", "day"],
                name="dashboard_section_day_idx",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.section} on {self.day} under {self.model}"
