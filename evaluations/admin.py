"""Read-mostly admin pages for runs and evaluations; runs are created by services, not here.

Runs and evaluations are never deleted here: with their verdicts and billed model calls they are
the record of what was decided and paid for."""

from __future__ import annotations

from django.contrib import admin
from django.db.models import Model
from django.http import HttpRequest

from evaluations.models import (
    AccuracyVerdict,
    AdherenceVerdict,
    CompletenessRubricVerdict,
    CoverageQuestion,
    EvaluationRun,
    ModelCall,
    RubricQuestionEdit,
    RubricQuestionSet,
    SectionScore,
    SummarizationClaim,
    SummaryEvaluation,
)


class _ReadOnlyInline(admin.TabularInline):
    extra = 0
    can_delete = False
    show_change_link = False

    def has_add_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False


class SectionScoreInline(_ReadOnlyInline):
    model = SectionScore


class AccuracyVerdictInline(_ReadOnlyInline):
    model = AccuracyVerdict


class AdherenceVerdictInline(_ReadOnlyInline):
    model = AdherenceVerdict


class CompletenessRubricInline(_ReadOnlyInline):
    model = CompletenessRubricVerdict


class SummarizationClaimInline(_ReadOnlyInline):
    model = SummarizationClaim


class CoverageQuestionInline(_ReadOnlyInline):
    model = CoverageQuestion


class ModelCallInline(_ReadOnlyInline):
    model = ModelCall


@admin.register(EvaluationRun)
class EvaluationRunAdmin(admin.ModelAdmin):
    list_display = [
        "id",
        "name",
        "status",
        "judge",
        "model",
        "total",
        "evaluated",
        "failed",
        "estimated_cost_usd",
        "cost_usd",
        "created_at",
    ]
    list_filter = ["status", "judge"]
    search_fields = ["name", "model"]
    readonly_fields = [field.name for field in EvaluationRun._meta.fields]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


@admin.register(SummaryEvaluation)
class SummaryEvaluationAdmin(admin.ModelAdmin):
    list_display = [
        "id",
        "run",
        "summary",
        "status",
        "accuracy",
        "adherence",
        "completeness",
        "summarization",
        "attempts",
        "cost_usd",
    ]
    list_filter = ["status", "run"]
    search_fields = ["error"]
    readonly_fields = [field.name for field in SummaryEvaluation._meta.fields]
    list_select_related = ["run", "summary"]
    inlines = [
        SectionScoreInline,
        AccuracyVerdictInline,
        AdherenceVerdictInline,
        CompletenessRubricInline,
        SummarizationClaimInline,
        CoverageQuestionInline,
        ModelCallInline,
    ]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False


class RubricQuestionEditInline(_ReadOnlyInline):
    model = RubricQuestionEdit
    fields = ["position", "old_text", "new_text", "edited_by", "edited_at"]
    readonly_fields = ["position", "old_text", "new_text", "edited_by", "edited_at"]


@admin.register(RubricQuestionSet)
class RubricQuestionSetAdmin(admin.ModelAdmin):
    """Read-only: a set is derived from its definition version by the services (on a run's
    first use, or a rubric preview on the sections pages), and edited only there, where the edit
    is recorded."""

    list_display = ["definition", "derived_with", "cost_usd", "created_at"]
    readonly_fields = [
        "definition",
        "questions",
        "derived_with",
        "derived_by",
        "input_tokens",
        "output_tokens",
        "cost_usd",
        "created_at",
    ]
    inlines = [RubricQuestionEditInline]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: object = None) -> bool:
        return False
