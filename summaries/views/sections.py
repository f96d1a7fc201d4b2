"""The sections pages (admins): every section definition, creating and editing custom ones (an
edit saves a new version), (de)activating them, and the diff between two versions.

The rules are the services' (`summaries.sections`); a view reads the forms, calls a service and
shows its refusals on the fields they name."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import permission_required
from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from summaries import sections, selectors
from summaries.forms import (
    AllowedValueFormSet,
    BaseAllowedValueFormSet,
    SectionForm,
    refusal_to_forms,
)
from summaries.models import SectionDefinition, ValueType
from summaries.sections import AllowedValue

EDIT_SECTIONS = "summaries.change_sectiondefinition"
VALUES_PREFIX = "values"


@permission_required(EDIT_SECTIONS, raise_exception=True)
def section_list(request: HttpRequest) -> HttpResponse:
    return render(
        request, "summaries/section_list.html", {"rows": selectors.section_definitions_overview()}
    )


@permission_required(EDIT_SECTIONS, raise_exception=True)
def section_detail(request: HttpRequest, key: str) -> HttpResponse:
    versions = selectors.section_versions_with_use(key=key)
    if not versions:
        return _not_found(key)
    latest = versions[0].definition
    return render(
        request,
        "summaries/section_detail.html",
        {
            "section": latest,
            "versions": versions,
            "is_active": any(row.definition.is_active for row in versions),
            "allowed_values": sections.section_definition_allowed_values(latest),
            "read_only": latest.origin == "predefined",
        },
    )


def _not_found(key: str) -> HttpResponse:
    raise Http404(f"No section {key!r}")


def _values_formset(request: HttpRequest, initial: list[dict[str, Any]] | None = None) -> Any:
    """The allowed-values editor, bound on a POST. "Add a row" posts the form back with one
    more row and saves nothing, so the editor works without JavaScript."""
    if request.method != "POST":
        return AllowedValueFormSet(prefix=VALUES_PREFIX, initial=initial)
    data = request.POST.copy()
    if "add_value" in data:
        total = f"{VALUES_PREFIX}-TOTAL_FORMS"
        data[total] = str(int(data.get(total) or 0) + 1)
    return AllowedValueFormSet(data, prefix=VALUES_PREFIX)


def _section_form_page(
    request: HttpRequest,
    *,
    form: SectionForm,
    formset: Any,
    section: SectionDefinition | None,
    values_error: str = "",
    status: int = 200,
) -> HttpResponse:
    return render(
        request,
        "summaries/section_form.html",
        {
            "form": form,
            "formset": formset,
            "section": section,
            "values_error": values_error,
        },
        status=status,
    )


@permission_required(EDIT_SECTIONS, raise_exception=True)
def section_create(request: HttpRequest) -> HttpResponse:
    form = SectionForm(request.POST or None, initial={"value_type": ValueType.FREE_TEXT})
    formset = _values_formset(request, initial=[{}])  # two rows to start: two values at least
    if request.method != "POST" or "add_value" in request.POST:
        return _section_form_page(request, form=form, formset=formset, section=None)
    values_error = ""
    if form.is_valid() and formset.is_valid():
        try:
            definition = sections.section_definition_create(
                key=form.cleaned_data["key"],
                name=form.cleaned_data["name"],
                value_type=form.cleaned_data["value_type"],
                instructions=form.cleaned_data["instructions"],
                allowed_values=_values_for(form, formset),
                user=request.user,  # type: ignore[arg-type]  # logged in: the permission says so
            )
        except ValidationError as error:
            values_error = refusal_to_forms(error, form)
        else:
            messages.success(request, f"Created {definition.key} version 1.")
            return redirect("summaries:section_detail", key=definition.key)
    return _section_form_page(
        request, form=form, formset=formset, section=None, values_error=values_error, status=400
    )


def _values_for(form: SectionForm, formset: BaseAllowedValueFormSet) -> list[AllowedValue]:
    # A free-text section has no values: rows left in the editor are not a reason to refuse it.
    if form.cleaned_data.get("value_type") == ValueType.FREE_TEXT:
        return []
    return formset.values()


@permission_required(EDIT_SECTIONS, raise_exception=True)
def section_edit(request: HttpRequest, key: str) -> HttpResponse:
    versions = selectors.section_versions_with_use(key=key)
    if not versions:
        return _not_found(key)
    current = next((row.definition for row in versions if row.definition.is_active), None)
    current = current or versions[0].definition
    if current.origin == "predefined":
        messages.error(
            request, f"{key} is a predefined section: predefined sections are read-only."
        )
        return redirect("summaries:section_detail", key=key)
    initial = {
        "name": current.name,
        "value_type": current.value_type,
        "instructions": current.instructions,
    }
    form = SectionForm(request.POST or None, initial=initial, editing=True)
    formset = _values_formset(
        request,
        initial=[
            {"code": value.code, "label": value.label, "ORDER": position}
            for position, value in enumerate(
                sections.section_definition_allowed_values(current), start=1
            )
        ],
    )
    if request.method != "POST" or "add_value" in request.POST:
        return _section_form_page(request, form=form, formset=formset, section=current)
    values_error = ""
    if form.is_valid() and formset.is_valid():
        try:
            definition, status = sections.section_definition_edit(
                key=key,
                name=form.cleaned_data["name"],
                value_type=form.cleaned_data["value_type"],
                instructions=form.cleaned_data["instructions"],
                allowed_values=_values_for(form, formset),
                user=request.user,  # type: ignore[arg-type]
            )
        except ValidationError as error:
            values_error = refusal_to_forms(error, form)
        else:
            if status == "unchanged":
                messages.info(request, "Nothing changed: no new version was saved.")
            else:
                messages.success(
                    request,
                    f"Saved {key} version {definition.version}. Summaries written against "
                    "earlier versions keep them.",
                )
            return redirect("summaries:section_detail", key=key)
    return _section_form_page(
        request,
        form=form,
        formset=formset,
        section=current,
        values_error=values_error,
        status=400,
    )


@permission_required(EDIT_SECTIONS, raise_exception=True)
@require_POST
def section_deactivate(request: HttpRequest, key: str) -> HttpResponse:
    return _toggle(request, key, sections.section_definition_deactivate, "Deactivated")


@permission_required(EDIT_SECTIONS, raise_exception=True)
@require_POST
def section_reactivate(request: HttpRequest, key: str) -> HttpResponse:
    return _toggle(request, key, sections.section_definition_reactivate, "Reactivated")


def _toggle(request: HttpRequest, key: str, service: Any, done: str) -> HttpResponse:
    if not SectionDefinition.objects.filter(key=key).exists():
        return _not_found(key)
    try:
        definition = service(key=key)
    except ValidationError as error:
        messages.error(request, sections.validation_message(error))
    else:
        messages.success(request, f"{done} {key} (version {definition.version}).")
    return redirect("summaries:section_detail", key=key)


@permission_required(EDIT_SECTIONS, raise_exception=True)
def section_diff(request: HttpRequest, key: str) -> HttpResponse:
    """Two versions side by side: `?from=1&to=3`; by default the latest against the one
    before it."""
    versions = list(SectionDefinition.objects.filter(key=key).order_by("version"))
    if not versions:
        return _not_found(key)
    by_number = {definition.version: definition for definition in versions}
    new = by_number.get(_int(request.GET.get("to")) or 0, versions[-1])
    default_old = versions[-2] if len(versions) > 1 and new == versions[-1] else versions[0]
    old = by_number.get(_int(request.GET.get("from")) or 0, default_old)
    return render(
        request,
        "summaries/section_diff.html",
        {
            "key": key,
            "old": old,
            "new": new,
            "versions": versions,
            "diff": selectors.section_versions_diff(old=old, new=new),
        },
    )


def _int(value: str | None) -> int | None:
    try:
        return int(value) if value is not None else None
    except ValueError:
        return None
