"""Writes for section definitions: every rule about creating, versioning and (de)activating them.

The sections pages, the `import_sections` command and Django's admin all call these functions, so
a rule is written once. Each refusal is a `ValidationError` keyed by the field it is about.

Versions. A definition is a row per version; summaries point at the version they were written
against (`SummarySection.definition`). An edit therefore never changes a row: it adds the next
version, which takes over the key's active flag, and the old version stays as it was. At most one
version of a key is active (a unique constraint); a deactivated key has none.

Predefined sections come from the seed migration and are read-only everywhere.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.validators import validate_slug
from django.db import IntegrityError, models, transaction

from summaries.models import Origin, SectionDefinition, ValueType

SectionStatus = Literal["created", "new_version", "unchanged", "skipped"]

MIN_ALLOWED_VALUES = 2
MAX_CODE_LENGTH = 80
MAX_LABEL_LENGTH = 200
# Keys the section pages use as address parts (/sections/new/), so no section may take them.
RESERVED_KEYS = frozenset({"new"})

# What makes two versions differ (the key and origin never change).
VERSIONED_FIELDS = ("name", "value_type", "instructions", "allowed_values", "allowed_value_labels")
PREDEFINED_READ_ONLY = "predefined sections are read-only"


@dataclass(frozen=True)
class AllowedValue:
    code: str
    label: str = ""


def _max_length(model: type[models.Model], field_name: str) -> int | None:
    """The max_length of one of the model's fields (None for a field without one)."""
    field = model._meta.get_field(field_name)
    return field.max_length if isinstance(field, models.Field) else None


def _allowed_values_parse(raw: Any) -> list[AllowedValue] | str:
    """The allowed values as (code, label) pairs, in order, or why they cannot be read.

    Accepted: a list of strings (codes without labels, as older section files have them), of
    `{"code": ..., "label": ...}` objects, of (code, label) pairs, or of `AllowedValue`s."""
    if raw is None:
        return []
    if not isinstance(raw, list | tuple):
        return "must be a list of values (a code, and optionally a label)"
    values: list[AllowedValue] = []
    for position, item in enumerate(raw, start=1):
        code: Any
        label: Any
        if isinstance(item, AllowedValue):
            code, label = item.code, item.label
        elif isinstance(item, str):
            code, label = item, ""
        elif isinstance(item, Mapping):
            code, label = item.get("code"), item.get("label", "")
        elif isinstance(item, list | tuple) and len(item) == 2:
            code, label = item
        else:
            return f"value {position} must be a code or a {{code, label}} object"
        if not isinstance(code, str) or not code.strip():
            return f"value {position} needs a code (non-empty text)"
        if label is None:
            label = ""
        if not isinstance(label, str):
            return f"value {position}: the label must be text"
        values.append(AllowedValue(code.strip(), " ".join(label.split())))
    return values


def section_definition_clean(
    *,
    key: Any,
    name: Any,
    origin: Any,
    value_type: Any,
    instructions: Any,
    allowed_values: Any,
) -> dict[str, Any]:
    """Validated, normalised field values, or one ValidationError naming every wrong field.

    Rules: the key is a slug; the name is required; a free-text section needs instructions and
    has no allowed values; a categorical section needs instructions and at least two allowed
    values, each a distinct code (ignoring case) with an optional label.
    """
    errors: dict[str, str] = {}
    max_key = _max_length(SectionDefinition, "key")
    if not isinstance(key, str) or not key.strip():
        errors["key"] = "is required"
    else:
        key = key.strip()
        try:
            validate_slug(key)
        except ValidationError:
            errors["key"] = f"{key!r} is not a slug (letters, digits, '_' and '-')"
        else:
            if max_key is not None and len(key) > max_key:
                errors["key"] = f"is longer than {max_key} characters"
            elif key in RESERVED_KEYS:
                errors["key"] = f"{key!r} is reserved: the section pages use it in their addresses"
    if origin not in Origin.values:
        errors["origin"] = f"{origin!r} is not one of {', '.join(Origin.values)}"
    if value_type not in ValueType.values:
        errors["value_type"] = f"{value_type!r} is not one of {', '.join(ValueType.values)}"
    max_name = _max_length(SectionDefinition, "name")
    if not isinstance(name, str) or not name.strip():
        errors["name"] = "is required"
    elif max_name is not None and len(name.strip()) > max_name:
        errors["name"] = f"is longer than {max_name} characters"
    if not isinstance(instructions, str) or not instructions.strip():
        errors["instructions"] = (
            "must not be empty: a free-text section is judged against its instructions"
            if value_type == ValueType.FREE_TEXT
            else "must not be empty"
        )

    values = _allowed_values_parse(allowed_values)
    if isinstance(values, str):
        errors["allowed_values"] = values
        values = []
    else:
        codes = [value.code for value in values]
        folded = [code.casefold() for code in codes]
        duplicates = sorted({code for code in codes if folded.count(code.casefold()) > 1})
        too_long = [value for value in values if len(value.code) > MAX_CODE_LENGTH]
        long_label = [value for value in values if len(value.label) > MAX_LABEL_LENGTH]
        if value_type == ValueType.CATEGORICAL and len(values) < MIN_ALLOWED_VALUES:
            errors["allowed_values"] = (
                f"a categorical section needs at least {MIN_ALLOWED_VALUES} allowed values "
                f"(it has {len(values)})"
            )
        elif value_type == ValueType.FREE_TEXT and values:
            errors["allowed_values"] = "a free-text section has no allowed values"
        elif duplicates:
            errors["allowed_values"] = (
                f"{', '.join(map(repr, duplicates))} appears more than once (ignoring case)"
            )
        elif too_long:
            errors["allowed_values"] = (
                f"the code {too_long[0].code[:20]!r}... is longer than {MAX_CODE_LENGTH} characters"
            )
        elif long_label:
            errors["allowed_values"] = (
                f"the label of {long_label[0].code!r} is longer than {MAX_LABEL_LENGTH} characters"
            )
    if errors:
        raise ValidationError(errors)
    return {
        "key": key,
        "name": name.strip(),
        "origin": origin,
        "value_type": value_type,
        "instructions": instructions.strip(),
        "allowed_values": [value.code for value in values],
        "allowed_value_labels": {value.code: value.label for value in values if value.label},
    }


def section_definition_allowed_values(definition: SectionDefinition) -> list[AllowedValue]:
    """A version's allowed values with their labels, in order."""
    labels = definition.allowed_value_labels or {}
    return [AllowedValue(code, labels.get(code, "")) for code in definition.allowed_values]


def _refuse_predefined(key: str) -> None:
    if SectionDefinition.objects.filter(key=key, origin=Origin.PREDEFINED).exists():
        raise ValidationError({"origin": f"{key!r}: {PREDEFINED_READ_ONLY}"})


def _locked_versions(key: str) -> list[SectionDefinition]:
    """Every version of a key, locked, so two saves cannot both add the next version."""
    return list(SectionDefinition.objects.select_for_update().filter(key=key).order_by("version"))


def _version_add(
    *, versions: list[SectionDefinition], cleaned: dict[str, Any], active: bool, user: User | None
) -> SectionDefinition:
    """The key's next version (inside the caller's transaction and lock). It takes over the
    active flag when `active`; the previous versions keep their content."""
    if active:
        for version in versions:
            if version.is_active:
                version.is_active = False
                version.save(update_fields=["is_active"])
    return SectionDefinition.objects.create(
        **cleaned,
        version=max((version.version for version in versions), default=0) + 1,
        is_active=active,
        created_by=user,
    )


def _same_content(version: SectionDefinition, cleaned: Mapping[str, Any]) -> bool:
    return all(getattr(version, attribute) == cleaned[attribute] for attribute in VERSIONED_FIELDS)


def _concurrent_save(key: str) -> ValidationError:
    return ValidationError(
        {"key": f"{key!r} was saved by someone else at the same moment; try again"}
    )


def section_definition_validate_new(
    *, key: Any, name: Any, value_type: Any, instructions: Any, allowed_values: Any
) -> dict[str, Any]:
    """The checks of `section_definition_create`, without writing (for forms)."""
    cleaned = section_definition_clean(
        key=key,
        name=name,
        origin=Origin.CUSTOM,
        value_type=value_type,
        instructions=instructions,
        allowed_values=allowed_values,
    )
    if SectionDefinition.objects.filter(key=cleaned["key"], origin=Origin.PREDEFINED).exists():
        raise ValidationError(
            {
                "key": f"{cleaned['key']!r} is a predefined section ({PREDEFINED_READ_ONLY}); "
                "a custom section needs another key"
            }
        )
    if SectionDefinition.objects.filter(key=cleaned["key"]).exists():
        raise ValidationError(
            {"key": f"{cleaned['key']!r} is already taken; edit that section to change it"}
        )
    return cleaned


def section_definition_create(
    *,
    key: str,
    name: str,
    value_type: str,
    instructions: str,
    allowed_values: Sequence[Any] | None = None,
    user: User | None = None,
) -> SectionDefinition:
    """A new custom section: version 1 of a key nobody uses, active."""
    cleaned = section_definition_validate_new(
        key=key,
        name=name,
        value_type=value_type,
        instructions=instructions,
        allowed_values=list(allowed_values or []),
    )
    try:
        with transaction.atomic():
            return _version_add(
                versions=_locked_versions(cleaned["key"]), cleaned=cleaned, active=True, user=user
            )
    except IntegrityError:
        raise _concurrent_save(cleaned["key"]) from None


def _current(key: str) -> SectionDefinition:
    """The version an edit starts from: the active one, else the latest."""
    definition = (
        SectionDefinition.objects.filter(key=key).order_by("-is_active", "-version").first()
    )
    if definition is None:
        raise ValidationError({"key": f"there is no section {key!r}"})
    return definition


def section_definition_validate_edit(
    *, key: str, name: Any, value_type: Any, instructions: Any, allowed_values: Any
) -> dict[str, Any]:
    """The checks of `section_definition_edit`, without writing (for forms)."""
    _refuse_predefined(key)
    current = _current(key)
    return section_definition_clean(
        key=current.key,
        name=name,
        origin=current.origin,
        value_type=value_type,
        instructions=instructions,
        allowed_values=allowed_values,
    )


def section_definition_edit(
    *,
    key: str,
    name: str,
    value_type: str,
    instructions: str,
    allowed_values: Sequence[Any] | None = None,
    user: User | None = None,
) -> tuple[SectionDefinition, SectionStatus]:
    """Save an edit of a custom section as its next version ("new_version"), or change nothing
    when nothing differs from the current version ("unchanged"). The key never changes; the new
    version is active if the section was. Summaries keep the version they were written against."""
    cleaned = section_definition_validate_edit(
        key=key,
        name=name,
        value_type=value_type,
        instructions=instructions,
        allowed_values=list(allowed_values or []),
    )
    try:
        with transaction.atomic():
            versions = _locked_versions(cleaned["key"])
            active = next((version for version in versions if version.is_active), None)
            current = active or versions[-1]
            if _same_content(current, cleaned):
                return current, "unchanged"
            definition = _version_add(
                versions=versions, cleaned=cleaned, active=active is not None, user=user
            )
    except IntegrityError:
        raise _concurrent_save(cleaned["key"]) from None
    return definition, "new_version"


def section_definition_deactivate(*, key: str) -> SectionDefinition:
    """Stop using a custom section for new summaries and runs; its versions all stay."""
    _refuse_predefined(key)
    with transaction.atomic():
        versions = _locked_versions(key)
        if not versions:
            raise ValidationError({"key": f"there is no section {key!r}"})
        active = next((version for version in versions if version.is_active), None)
        if active is None:
            raise ValidationError({"is_active": f"{key!r} is already inactive"})
        active.is_active = False
        active.save(update_fields=["is_active"])
        return active


def section_definition_reactivate(*, key: str) -> SectionDefinition:
    """Make the latest version of a deactivated custom section active again."""
    _refuse_predefined(key)
    with transaction.atomic():
        versions = _locked_versions(key)
        if not versions:
            raise ValidationError({"key": f"there is no section {key!r}"})
        if any(version.is_active for version in versions):
            raise ValidationError({"is_active": f"{key!r} is already active"})
        latest = versions[-1]
        latest.is_active = True
        latest.save(update_fields=["is_active"])
        return latest


def section_definition_save(
    *,
    key: str,
    name: str,
    origin: str,
    value_type: str,
    instructions: str,
    allowed_values: Sequence[Any] | None,
    user: User | None = None,
) -> tuple[SectionDefinition, SectionStatus]:
    """Create or version a section definition from an import; return the version and what
    happened. The same rules as the pages:

    - A new custom key becomes version 1 ("created").
    - The same definition again changes nothing ("unchanged").
    - A changed custom definition becomes the next version and the only active one; the old
      version stays, since summaries point at it ("new_version"). An import of a deactivated
      section makes it active again.
    - A predefined entry must name a seeded predefined key and is never changed ("skipped").
    Raises ValidationError with one message per field that is wrong.
    """
    if isinstance(allowed_values, tuple):
        allowed_values = list(allowed_values)
    cleaned = section_definition_clean(
        key=key,
        name=name,
        origin=origin,
        value_type=value_type,
        instructions=instructions,
        allowed_values=allowed_values,
    )
    key = cleaned["key"]
    predefined = SectionDefinition.objects.filter(key=key, origin=Origin.PREDEFINED)
    if cleaned["origin"] == Origin.PREDEFINED:
        active = predefined.filter(is_active=True).first()
        if active is None:
            raise ValidationError(
                {"origin": f"{key!r} is not a predefined section; use origin 'custom' to add it"}
            )
        return active, "skipped"
    if predefined.exists():
        raise ValidationError(
            {
                "key": f"{key!r} is a predefined section ({PREDEFINED_READ_ONLY}); "
                "a custom section needs another key"
            }
        )
    try:
        with transaction.atomic():
            versions = _locked_versions(key)
            active = next((version for version in versions if version.is_active), None)
            if active is not None and _same_content(active, cleaned):
                return active, "unchanged"
            definition = _version_add(versions=versions, cleaned=cleaned, active=True, user=user)
    except IntegrityError:
        raise _concurrent_save(key) from None
    return definition, "created" if definition.version == 1 else "new_version"


def validation_message(error: ValidationError) -> str:
    """One line for a ValidationError: `field: message; field: message`."""
    if hasattr(error, "error_dict"):
        return "; ".join(
            f"{field_name}: {message}"
            for field_name, messages in error.message_dict.items()
            for message in messages
        )
    return "; ".join(error.messages)
