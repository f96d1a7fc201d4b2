"""The sections pages' forms. They only read input: every rule is checked by the services
(`summaries.sections`), whose refusals the views put back on the fields they name."""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import ValidationError

from summaries.models import ValueType
from summaries.sections import AllowedValue


class SectionForm(forms.Form):
    # Nothing is required here: the services name every missing or wrong field at once.
    key = forms.CharField(
        required=False,
        max_length=80,
        help_text="Letters, digits, '_' and '-'. It names the section in summaries and files, "
        "and never changes.",
    )
    name = forms.CharField(label="Title", max_length=200, required=False)
    value_type = forms.ChoiceField(
        label="Type", choices=ValueType.choices, widget=forms.RadioSelect, required=False
    )
    instructions = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 6}),
        required=False,
        help_text="What the summary generator is told to write. Free-text sections are judged "
        "against each sentence.",
    )

    def __init__(self, *args: Any, editing: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if editing:  # the key never changes: it is shown, not asked
            del self.fields["key"]


class AllowedValueForm(forms.Form):
    code = forms.CharField(max_length=80, required=False)
    label = forms.CharField(max_length=200, required=False)


class BaseAllowedValueFormSet(forms.BaseFormSet):
    def values(self) -> list[AllowedValue]:
        """The rows kept, in the order asked for (ORDER, then position), blank rows dropped."""
        rows = []
        for position, form in enumerate(self.forms):
            data = form.cleaned_data
            if not data or data.get("DELETE"):
                continue
            code, label = data.get("code", "").strip(), data.get("label", "").strip()
            if not code and not label:
                continue  # an empty extra row
            order = data.get("ORDER")
            rows.append((order if order is not None else position + 1, position, code, label))
        return [AllowedValue(code, label) for _, _, code, label in sorted(rows)]


AllowedValueFormSet = forms.formset_factory(
    AllowedValueForm,
    formset=BaseAllowedValueFormSet,
    extra=1,
    can_delete=True,
    can_order=True,
    max_num=100,
    absolute_max=200,
)


def refusal_to_forms(error: ValidationError, form: forms.Form) -> str:
    """Put a service's refusal on the form fields it names; return the allowed values' part
    (shown above the values editor) or ""."""
    values_error = ""
    for field_name, messages in error.message_dict.items():
        for message in messages:
            if field_name == "allowed_values":
                values_error = message
            elif field_name in form.fields:
                form.add_error(field_name, message)
            else:
                form.add_error(None, f"{field_name}: {message}")
    return values_error
