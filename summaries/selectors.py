"""Read-only queries for the summaries app."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Count, QuerySet

from summaries.models import Conversation, SectionDefinition, Summary


@dataclass(frozen=True)
class PlatformOverview:
    conversations: int
    summaries: int
    queues: list[dict]
    active_sections: list[SectionDefinition]


def section_definitions_active() -> QuerySet[SectionDefinition]:
    return SectionDefinition.objects.filter(is_active=True).order_by("origin", "key")


def platform_overview() -> PlatformOverview:
    queues = list(
        Conversation.objects.values("queue").annotate(conversations=Count("id")).order_by("queue")
    )
    return PlatformOverview(
        conversations=Conversation.objects.count(),
        summaries=Summary.objects.count(),
        queues=queues,
        active_sections=list(section_definitions_active()),
    )


def section_definitions_active_by_key() -> dict[str, SectionDefinition]:
    """The active version of every section key; importers resolve section keys through it once."""
    return {
        definition.key: definition
        for definition in SectionDefinition.objects.filter(is_active=True)
    }


def section_definition_versions(*, key: str) -> QuerySet[SectionDefinition]:
    """Every version of one section key, newest first."""
    return SectionDefinition.objects.filter(key=key).order_by("-version")
