from __future__ import annotations

from django.contrib import admin

from summaries.models import Agent, Conversation, SectionDefinition, Summary, SummarySection, Turn


class TurnInline(admin.TabularInline):
    model = Turn
    extra = 0
    fields = ("index", "role", "speaker", "offset_ms", "text")
    readonly_fields = fields
    can_delete = False


class SummarySectionInline(admin.TabularInline):
    model = SummarySection
    extra = 0
    fields = ("position", "definition", "text")
    readonly_fields = fields
    can_delete = False


@admin.register(Agent)
class AgentAdmin(admin.ModelAdmin):
    list_display = ["external_id", "display_name"]
    search_fields = ["external_id", "display_name"]


@admin.register(Conversation)
class ConversationAdmin(admin.ModelAdmin):
    list_display = ["external_id", "source", "channel", "queue", "agent", "started_at"]
    list_filter = ["channel", "queue", "source"]
    search_fields = ["external_id", "agent__display_name"]
    date_hierarchy = "started_at"
    list_select_related = ["agent"]
    inlines = [TurnInline]


@admin.register(Summary)
class SummaryAdmin(admin.ModelAdmin):
    list_display = ["conversation", "generator", "created_at"]
    list_filter = ["generator"]
    list_select_related = ["conversation"]
    inlines = [SummarySectionInline]


@admin.register(SectionDefinition)
class SectionDefinitionAdmin(admin.ModelAdmin):
    list_display = ["key", "version", "name", "origin", "value_type", "is_active"]
    list_filter = ["origin", "value_type", "is_active"]
    search_fields = ["key", "name"]
