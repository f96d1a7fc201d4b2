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

from django import forms
from django.contrib import admin, messages
from django.core.exceptions import ValidationError
from django.core.paginator import Page, Paginator
from django.db import models, router
from django.db.models.deletion import Collector, ProtectedError, RestrictedError
from django.forms.models import BaseInlineFormSet
from django.http import HttpRequest, HttpResponseRedirect
from django.urls import reverse
from django.utils.text import capfirst

from summaries import sections
from summaries.models import (
    Agent,
    Conversation,
    Origin,
    SectionDefinition,
    Summary,
    SummarySection,
    Turn,
)

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


def allowed_values_text_parse(text: str) -> list[tuple[str, str]]:
    """ "P | partly resolved" lines: one allowed value per line, the label after a "|"."""
    values = []
    for line in text.splitlines():
        if not line.strip():
            continue
        code, _, label = line.partition("|")
        values.append((code.strip(), label.strip()))
    return values


def allowed_values_text(definition: SectionDefinition) -> str:
    return "\n".join(
        f"{value.code} | {value.label}" if value.label else value.code
        for value in sections.section_definition_allowed_values(definition)
    )


class SectionDefinitionAdminForm(forms.ModelForm):
    """The fields an admin may set. The rules are the services': `clean` asks them (so a refusal
    shows on its field) and `SectionDefinitionAdmin.save_model` writes through them."""

    allowed_values_text = forms.CharField(
        label="Allowed values",
        required=False,
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text="Categorical sections: one value per line, its code and then its label after "
        "a '|', e.g. 'P | partly resolved'. At least two.",
    )

    class Meta:
        model = SectionDefinition
        fields = ["key", "name", "value_type", "instructions"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            self.fields["allowed_values_text"].initial = allowed_values_text(self.instance)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        values = {
            "name": cleaned.get("name"),
            "value_type": cleaned.get("value_type"),
            "instructions": cleaned.get("instructions"),
            "allowed_values": allowed_values_text_parse(cleaned.get("allowed_values_text", "")),
        }
        try:
            if self.instance.pk:
                sections.section_definition_validate_edit(key=self.instance.key, **values)
            else:
                sections.section_definition_validate_new(key=cleaned.get("key"), **values)
        except ValidationError as error:
            for field_name, messages in error.message_dict.items():
                target = "allowed_values_text" if field_name == "allowed_values" else field_name
                if target not in self.fields:
                    target = None  # type: ignore[assignment]  # a form-wide error
                for message in messages:
                    if target is None or target in self.errors:
                        self.add_error(None, f"{field_name}: {message}")
                    else:
                        self.add_error(target, message)
        return cleaned


@admin.register(SectionDefinition)
class SectionDefinitionAdmin(admin.ModelAdmin):
    """Section definitions by the same rules as the sections pages (`summaries.sections`):
    saving a change adds the next version, and the page then opens it; the key and the origin
    are never edited; predefined sections and earlier versions are read-only; nothing is deleted
    (summaries point at versions; deactivate a section instead)."""

    form = SectionDefinitionAdminForm
    list_display = ["key", "version", "name", "origin", "value_type", "is_active"]
    list_filter = ["origin", "value_type", "is_active"]
    search_fields = ["key", "name"]
    readonly_fields = ["version", "origin", "is_active", "created_at", "created_by"]

    def get_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        if obj is None:
            return ["key", "name", "value_type", "instructions", "allowed_values_text"]
        if not self.has_change_permission(request, obj):
            return [
                "key",
                "version",
                "name",
                "origin",
                "value_type",
                "instructions",
                "allowed_values",
                "allowed_value_labels",
                "is_active",
                "created_at",
                "created_by",
            ]
        return [
            "key",
            "version",
            "origin",
            "is_active",
            "name",
            "value_type",
            "instructions",
            "allowed_values_text",
            "created_at",
            "created_by",
        ]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        if obj is None:
            return []
        if not self.has_change_permission(request, obj):
            return self.get_fields(request, obj)
        return [*self.readonly_fields, "key"]

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        if obj is not None and (
            obj.origin == Origin.PREDEFINED
            or SectionDefinition.objects.filter(key=obj.key, version__gt=obj.version).exists()
        ):
            return False
        return super().has_change_permission(request, obj)

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        values = {
            "name": form.cleaned_data["name"],
            "value_type": form.cleaned_data["value_type"],
            "instructions": form.cleaned_data["instructions"],
            "allowed_values": allowed_values_text_parse(
                form.cleaned_data.get("allowed_values_text", "")
            ),
            "user": request.user,
        }
        if change:
            saved, status = sections.section_definition_edit(key=obj.key, **values)
        else:
            saved = sections.section_definition_create(key=form.cleaned_data["key"], **values)
            status = "created"
        # The admin goes on with `obj` (its log entry, its redirect): make it the saved version.
        obj.pk = saved.pk
        obj.version = saved.version
        request._section_status = status  # type: ignore[attr-defined]

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        pass  # no relations to save; the services wrote everything

    def response_change(self, request: HttpRequest, obj: Any) -> Any:
        status = getattr(request, "_section_status", "")
        if status == "new_version":
            self.message_user(
                request,
                f"Saved as {obj.key} version {obj.version}; earlier versions are unchanged.",
                messages.SUCCESS,
            )
            return HttpResponseRedirect(
                reverse("admin:summaries_sectiondefinition_change", args=[obj.pk])
            )
        if status == "unchanged":
            self.message_user(request, "Nothing changed; no new version.", messages.INFO)
            return HttpResponseRedirect(
                reverse("admin:summaries_sectiondefinition_change", args=[obj.pk])
            )
        return super().response_change(request, obj)
