"""Forms that validate what the evaluation pages read from a request."""

from __future__ import annotations

from typing import Any

from django import forms

from evaluations.calibration import CELLS
from evaluations.calibration_selectors import ALL_SECTIONS, CellKey, JudgeVersion
from evaluations.models import ReviewKind

_CELL_LABELS = {
    "judge_pass_human_pass": "judge ✓, analyst ✓",
    "judge_pass_human_fail": "judge ✓, analyst ✗",
    "judge_fail_human_pass": "judge ✗, analyst ✓",
    "judge_fail_human_fail": "judge ✗, analyst ✗",
}


class CalibrationFilterForm(forms.Form):
    """The calibration page's filter: one judge version, or all of them."""

    version = forms.ChoiceField(required=False, label="Judge version")

    def __init__(self, *args: Any, versions: list[JudgeVersion], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["version"].choices = [("", "Every judge version")] + [
            (version.token, version.label) for version in versions
        ]

    def selected_version(self) -> JudgeVersion | None:
        if not self.is_valid() or not self.cleaned_data["version"]:
            return None
        return JudgeVersion.from_token(self.cleaned_data["version"])


class CalibrationItemsForm(forms.Form):
    """Which reviews the items page lists: one calibration cell (a judge version, a kind, a
    section or all, blind or not) and optionally one of its confusion cells."""

    version = forms.CharField()
    kind = forms.ChoiceField(choices=ReviewKind.choices)
    section = forms.CharField(required=False, max_length=80)
    mode = forms.ChoiceField(choices=[("blind", "Blind"), ("open", "Judge shown")])
    cell = forms.ChoiceField(
        required=False, choices=[("", "All")] + [(cell, _CELL_LABELS[cell]) for cell in CELLS]
    )

    def clean_version(self) -> JudgeVersion:
        version = JudgeVersion.from_token(self.cleaned_data["version"])
        if version is None:
            raise forms.ValidationError("Give the judge version as judge|model|prompt version.")
        return version

    def cell_key(self) -> CellKey:
        data = self.cleaned_data
        return CellKey(
            version=data["version"],
            kind=data["kind"],
            section=data["section"] or ALL_SECTIONS,
            is_blind=data["mode"] == "blind",
        )

    @staticmethod
    def cell_label(cell: str) -> str:
        return _CELL_LABELS.get(cell, "all")
