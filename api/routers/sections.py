"""/sections: section definitions with every version; writing through summaries/sections.py,
the services the section editor, `import_sections` and Django's admin call."""

from __future__ import annotations

import datetime as dt
from itertools import groupby
from typing import Any, Literal

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.http import HttpRequest
from ninja import Router, Schema, Status
from ninja.responses import codes_4xx
from pydantic import Field

from api.auth import permitted
from api.errors import ApiError, ErrorOut
from summaries.models import SectionDefinition
from summaries.sections import (
    section_definition_allowed_values,
    section_definition_create,
    section_definition_edit,
)

router = Router(tags=["sections"])

READ_SECTIONS = "summaries.view_sectiondefinition"
EDIT_SECTIONS = "summaries.change_sectiondefinition"


class AllowedValueOut(Schema):
    code: str
    label: str


class VersionOut(Schema):
    version: int
    is_active: bool
    name: str
    value_type: str
    instructions: str
    allowed_values: list[AllowedValueOut]
    created_at: dt.datetime


class SectionOut(Schema):
    key: str
    origin: str
    active_version: int | None = Field(description="null when the section is deactivated")
    versions: list[VersionOut] = Field(description="Newest first.")


class SectionsOut(Schema):
    items: list[SectionOut]


class AllowedValueIn(Schema):
    code: str = Field(max_length=200)
    label: str = Field("", max_length=500)


class SectionIn(Schema):
    """A new custom section (version 1), or, for a key that exists, an edit saved as its next
    version (nothing changes when it is the same as the current version)."""

    key: str = Field(max_length=200)
    name: str = Field(max_length=500)
    value_type: Literal["categorical", "free_text"]
    instructions: str = Field(max_length=20_000)
    allowed_values: list[str | AllowedValueIn] = Field(default_factory=list, max_length=200)


class SectionSaved(SectionOut):
    status: str = Field(description="created, new_version or unchanged")


def _version_out(definition: SectionDefinition) -> VersionOut:
    return VersionOut(
        version=definition.version,
        is_active=definition.is_active,
        name=definition.name,
        value_type=definition.value_type,
        instructions=definition.instructions,
        allowed_values=[
            AllowedValueOut(code=value.code, label=value.label)
            for value in section_definition_allowed_values(definition)
        ],
        created_at=definition.created_at,
    )


def _section_out(versions: list[SectionDefinition]) -> dict[str, Any]:
    versions = sorted(versions, key=lambda definition: -definition.version)
    active = next((definition for definition in versions if definition.is_active), None)
    return {
        "key": versions[0].key,
        "origin": versions[0].origin,
        "active_version": active.version if active else None,
        "versions": [_version_out(definition) for definition in versions],
    }


def _sections(keys: list[str] | None = None) -> list[dict[str, Any]]:
    rows = SectionDefinition.objects.order_by("key", "-version")
    if keys is not None:
        rows = rows.filter(key__in=keys)
    return [_section_out(list(versions)) for _key, versions in groupby(rows, key=lambda d: d.key)]


@router.get(
    "/sections",
    response={200: SectionsOut, codes_4xx: ErrorOut},
    summary="Every section definition with all its versions",
    auth=permitted(READ_SECTIONS),
)
def section_list(request: HttpRequest) -> dict[str, Any]:
    return {"items": _sections()}


@router.post(
    "/sections",
    response={200: SectionSaved, 201: SectionSaved, codes_4xx: ErrorOut},
    summary="Create a custom section, or save an edit as its next version (admins)",
    auth=permitted(EDIT_SECTIONS),
)
def section_save(request: HttpRequest, payload: SectionIn) -> Status[dict[str, Any]]:
    user: User = request.auth  # type: ignore[attr-defined]  # set by permitted()
    values: list[Any] = [
        value if isinstance(value, str) else value.dict() for value in payload.allowed_values
    ]
    fields: dict[str, Any] = {
        "key": payload.key.strip(),
        "name": payload.name,
        "value_type": payload.value_type,
        "instructions": payload.instructions,
        "allowed_values": values,
        "user": user,
    }
    try:
        if SectionDefinition.objects.filter(key=fields["key"]).exists():
            definition, status = section_definition_edit(**fields)
        else:
            definition, status = section_definition_create(**fields), "created"
    except ValidationError as error:
        if hasattr(error, "error_dict"):
            field, messages = next(iter(error.message_dict.items()))
            raise ApiError(400, "invalid", f"{field}: {messages[0]}", field=field) from None
        raise ApiError(400, "invalid", "; ".join(error.messages)) from None
    (section,) = _sections([definition.key])
    return Status(201 if status == "created" else 200, section | {"status": status})
