"""Django's admin for conversations and summaries.

Two rules keep it safe on real data:
- A conversation page shows its turns a page at a time: a conversation can have thousands.
- Deleting never takes away what was paid for and decided. Evaluations protect the summaries they
  judged (`on_delete=PROTECT`), so the delete pages refuse and name the records in the way; and
  what a delete would remove is counted per kind, not listed row by row.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from django.contrib import admin
from django.core.paginator import Page, Paginator
from django.db import models, router
from django.db.models.deletion import Collector, ProtectedError, RestrictedError
from django.forms.models import BaseInlineFormSet
from django.http import HttpRequest
from django.utils.text import capfirst

from summaries.models import Agent, Conversation, SectionDefinition, Summary, SummarySection, Turn

TURNS_PER_ADMIN_PAGE = 100
TURNS_PAGE_PARAMETER = "turns_page"


class TurnPageFormSet(BaseInlineFormSet):
    """The turns of one page (`?turns_page=N`), never all of a conversation's."""

    turns_page_number: str | None = None
    _turns_page: Page[Turn]

    def get_queryset(self) -> models.QuerySet[Turn]:
        return self.turns_page.object_list  # type: ignore[return-value]  # a sliced QuerySet

    @property
    def turns_page(self) -> Page[Turn]:
        if not hasattr(self, "_turns_page"):
            paginator = Paginator(super().get_queryset().order_by("index"), TURNS_PER_ADMIN_PAGE)
            self._turns_page = paginator.get_page(self.turns_page_number)
        return self._turns_page


class TurnInline(admin.TabularInline):
    model = Turn
    formset = TurnPageFormSet
    template = "admin/summaries/conversation/turn_inline.html"
    extra = 0
    fields = ("index", "role", "speaker", "offset_ms", "text")
    readonly_fields = fields
    can_delete = False

    def get_formset(self, request: HttpRequest, obj: Any = None, **kwargs: Any) -> Any:
        formset = super().get_formset(request, obj, **kwargs)
        formset.turns_page_number = request.GET.get(TURNS_PAGE_PARAMETER)  # type: ignore[attr-defined]
        return formset

    # Turns are what verdicts cite: the admin shows them, it does not edit them.
    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class SummarySectionInline(admin.TabularInline):
    model = SummarySection
    extra = 0
    fields = ("position", "definition", "text")
    readonly_fields = fields
    can_delete = False


def _protected_descriptions(blockers: Iterable[models.Model]) -> list[str]:
    """One line per group of records that stop a delete. A model may describe its own rows in
    bulk with a `protected_records_describe(pks)` classmethod (evaluations name their runs);
    otherwise each row is listed by its name."""
    by_model: dict[type[models.Model], list[Any]] = {}
    for blocker in blockers:
        model = type(blocker)._meta.concrete_model or type(blocker)
        by_model.setdefault(model, []).append(blocker)
    lines: list[str] = []
    for model, rows in by_model.items():
        describe = getattr(model, "protected_records_describe", None)
        if describe is not None:
            lines.extend(describe([row.pk for row in rows]))
        else:
            lines.extend(f"{capfirst(model._meta.verbose_name)}: {row}" for row in rows)
    return lines


class DeletesCountedOrRefusedMixin:
    """`get_deleted_objects` on Django's own deletion collector (not the admin's, which loads and
    lists every related row): a protected record refuses the delete and is named; otherwise the
    page lists the objects chosen and counts what goes with them."""

    admin_site: admin.AdminSite
    model: type[models.Model]

    def get_deleted_objects(
        self, objs: Any, request: HttpRequest
    ) -> tuple[list[Any], dict[Any, int], set[Any], list[str]]:
        # `objs` is a QuerySet (the "delete selected" action) or a one-object list (the page).
        chosen = list(objs)
        if not chosen:
            return [], {}, set(), []
        collector = Collector(using=router.db_for_write(self.model), origin=objs)
        try:
            collector.collect(chosen)
        except ProtectedError as error:
            return [], {}, set(), _protected_descriptions(error.protected_objects)
        except RestrictedError as error:
            return [], {}, set(), _protected_descriptions(error.restricted_objects)
        counts: Counter[type[models.Model]] = Counter()
        for model, instances in collector.data.items():
            counts[model] += len(instances)
        for queryset in collector.fast_deletes:
            counts[queryset.model] += queryset.count()
        perms_needed = {
            model._meta.verbose_name
            for model in counts
            if self.admin_site.is_registered(model)
            and not self.admin_site.get_model_admin(model).has_delete_permission(request)
        }
        to_delete: list[Any] = [f"{capfirst(obj._meta.verbose_name)}: {obj}" for obj in chosen]
        to_delete += [
            f"{capfirst(model._meta.verbose_name_plural)}: {count:,}"
            for model, count in counts.items()
            if model is not self.model and count
        ]
        model_count = {
            model._meta.verbose_name_plural: count for model, count in counts.items() if count
        }
        return to_delete, model_count, perms_needed, []


@admin.register(Agent)
class AgentAdmin(admin.ModelAdmin):
    list_display = ["external_id", "display_name"]
    search_fields = ["external_id", "display_name"]


@admin.register(Conversation)
class ConversationAdmin(DeletesCountedOrRefusedMixin, admin.ModelAdmin):
    list_display = ["external_id", "source", "channel", "queue", "agent", "started_at"]
    list_filter = ["channel", "queue", "source"]
    search_fields = ["external_id", "agent__display_name"]
    date_hierarchy = "started_at"
    list_select_related = ["agent"]
    inlines = [TurnInline]


@admin.register(Summary)
class SummaryAdmin(DeletesCountedOrRefusedMixin, admin.ModelAdmin):
    list_display = ["conversation", "generator", "created_at"]
    list_filter = ["generator"]
    list_select_related = ["conversation"]
    inlines = [SummarySectionInline]


@admin.register(SectionDefinition)
class SectionDefinitionAdmin(admin.ModelAdmin):
    list_display = ["key", "version", "name", "origin", "value_type", "is_active"]
    list_filter = ["origin", "value_type", "is_active"]
    search_fields = ["key", "name"]
