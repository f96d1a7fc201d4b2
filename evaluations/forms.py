"""Forms of the evaluations app. `RunScopeForm` validates a run's scope (`evaluations.scope`):
`run_evaluation` and the run form page (`RunForm`, the scope and the configuration) use it. `QueueFilterForm` reads the
queue's filters from its URL; `VerdictReviewForm` is an analyst's verdict on one item. The
calibration forms read the calibration pages' GET parameters."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import fields as dataclass_fields
from typing import Any

from django import forms
from django.core.exceptions import ValidationError

from evaluations.calibration import CELLS
from evaluations.calibration_selectors import ALL_SECTIONS, CellKey, JudgeVersion
from evaluations.dashboard import BREAKDOWNS, RANKS, DashboardFilters
from evaluations.judges.pricing import PRICES
from evaluations.judges.types import DIMENSIONS as JUDGE_DIMENSIONS
from evaluations.models import Judge, ReviewKind
from evaluations.queue import (
    DEFAULT_SORT,
    DIMENSIONS,
    REVIEWED_CHOICES,
    SORT_COLUMNS,
    QueueFilters,
)
from evaluations.scope import NONE, RunScope
from evaluations.services import MAX_QUESTIONS_LIMIT
from summaries.models import Channel


def _items(value: Any) -> list[str]:
    """A list given as text ("billing, sales") or as values (each may hold commas itself)."""
    if value in (None, ""):
        return []
    values: Iterable[Any] = [value] if isinstance(value, str) else value
    return [part.strip() for item in values for part in str(item).split(",") if part.strip()]


class NamesField(forms.Field):
    """Names separated by commas, or a list of them; blank (or not given): no filter.

    A value given but holding no name (`--queue ''`, `--queue ' , '`, a text of commas) is
    refused: read as "no filter" it would widen the scope to everything, which is how an unset
    shell variable ends up judging the whole database. `NONE` ("none") selects conversations
    with no value (no queue, no human agent)."""

    def __init__(self, *, noun: str, **kwargs: Any) -> None:
        self.noun = noun
        super().__init__(**kwargs)

    def to_python(self, value: Any) -> list[str]:
        if value is None or (isinstance(value, str) and not value.strip()):
            return []
        values = [value] if isinstance(value, str) else list(value)
        if not values or any(not _items(item) for item in values):
            raise ValidationError(
                f"An empty {self.noun} was given. Leave the {self.noun} out to take every one, "
                f"or give {NONE!r} for conversations with no {self.noun}.",
                code="empty",
            )
        return _items(values)


class SummaryIdsField(forms.Field):
    """Summary ids separated by commas or spaces, or a list of them. Blank means none given (the
    filters decide); given but empty ("," or an empty list) is refused, not read as "every
    summary"."""

    def to_python(self, value: Any) -> list[int] | None:
        if value is None or value == "":
            return None
        items = _items(re.split(r"\s+", value) if isinstance(value, str) else value)
        ids = []
        for item in items:
            try:
                ids.append(int(item))
            except ValueError:
                raise ValidationError(f"{item!r} is not a summary id", code="invalid") from None
        if not ids:
            raise ValidationError("No summary ids given.", code="required")
        return ids


class RunScopeForm(forms.Form):
    date_from = forms.DateField(required=False, help_text="The first conversation day.")
    date_to = forms.DateField(required=False, help_text="The last conversation day.")
    queues = NamesField(
        noun="queue",
        required=False,
        help_text=f"Queues, comma-separated; {NONE!r} for conversations with no queue.",
    )
    agents = NamesField(
        noun="agent",
        required=False,
        help_text=f"Agent external ids, comma-separated; {NONE!r} for conversations no human "
        "agent handled.",
    )
    channel = forms.ChoiceField(choices=[("", "Any channel"), *Channel.choices], required=False)
    generator = forms.CharField(required=False, help_text="The summaries' generator.")
    summary_ids = SummaryIdsField(
        required=False, help_text="Judge exactly these summaries instead of filtering."
    )
    sample_size = forms.IntegerField(
        required=False,
        min_value=1,
        error_messages={"min_value": "The sample size must be at least 1."},
        help_text="Judge at most this many, drawn at random.",
    )
    sample_seed = forms.IntegerField(required=False, help_text="The sample's seed.")
    batch = forms.BooleanField(
        required=False,
        help_text="Send the calls through Message Batches: half price, results within 24 hours.",
    )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if cleaned.get("sample_seed") is not None and cleaned.get("sample_size") is None:
            self.add_error("sample_seed", "A seed is the seed of a sample: give a sample size.")
        if not self.errors:
            for field, message in self.scope().problems().items():
                self.add_error(field, message)
        return cleaned

    def scope(self) -> RunScope:
        """The validated scope (call after `is_valid()`)."""
        return RunScope(**{name: self.cleaned_data[name] for name in RunScope.field_names()})

    def error_text(self) -> str:
        """Every error in one line, as a command prints it."""
        return "; ".join(str(message) for messages in self.errors.values() for message in messages)


class RunForm(RunScopeForm):
    """/runs/new/: a run's scope (the fields `run_evaluation` reads through `RunScopeForm`) and
    its configuration. Checks beyond a field's own (an unknown judge, Claude without a key, a
    scope that matches nothing) are the services' (`evaluation_run_plan`), as for the command."""

    judge = forms.ChoiceField(choices=Judge.choices)
    model = forms.CharField(
        required=False,
        max_length=100,
        help_text="Claude's model id; blank: the default. The offline judge has none.",
        widget=forms.TextInput(attrs={"list": "known-models", "autocomplete": "off"}),
    )
    dimensions = forms.MultipleChoiceField(
        choices=[(d, d.capitalize()) for d in JUDGE_DIMENSIONS],
        widget=forms.CheckboxSelectMultiple,
        error_messages={"required": "Choose at least one dimension."},
    )
    max_questions = forms.IntegerField(
        required=False,
        min_value=1,
        max_value=MAX_QUESTIONS_LIMIT,
        initial=10,
        label="Coverage questions",
        help_text="The most coverage questions the summarization score asks per summary; "
        "blank: 10.",
    )
    name = forms.CharField(required=False, max_length=200, help_text="Shown in the run list.")
    force = forms.BooleanField(
        required=False,
        widget=forms.HiddenInput,
        help_text="Start even though an active run already judges the same scope.",
    )

    known_models = sorted(PRICES)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name in ("date_from", "date_to"):
            self.fields[name].widget = forms.DateInput(format="%Y-%m-%d", attrs={"type": "date"})

    def run_options(self) -> dict[str, Any]:
        """The keyword arguments of `evaluation_run_plan` and `evaluation_run_create` (call after
        `is_valid()`)."""
        data = self.cleaned_data
        options = {
            "scope": self.scope(),
            "judge": data["judge"],
            "model": data["model"].strip(),
            "dimensions": list(data["dimensions"]),
            "name": data["name"].strip(),
        }
        if data["max_questions"] is not None:
            options["max_questions"] = data["max_questions"]
        return options


class JudgeSettingsForm(forms.Form):
    """/settings/judge/: what new runs start from. No API key field: the key comes from the
    environment only. The checks are `judge_settings_update`'s."""

    judge = forms.ChoiceField(choices=Judge.choices)
    model = forms.CharField(
        required=False,
        max_length=100,
        label="Claude model",
        help_text="The model a Claude run uses unless it names one; blank: JUDGE_MODEL.",
        widget=forms.TextInput(attrs={"list": "known-models", "autocomplete": "off"}),
    )
    dimensions = forms.MultipleChoiceField(
        choices=[(d, d.capitalize()) for d in JUDGE_DIMENSIONS],
        widget=forms.CheckboxSelectMultiple,
        error_messages={"required": "Choose at least one dimension."},
    )

    known_models = sorted(PRICES)


# --- The conversation queue's filters (GET) -----------------------------------------------------

_YES_NO = [("", "Any"), ("yes", "Yes"), ("no", "No")]


class ScoreField(forms.FloatField):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(required=False, min_value=0, max_value=1, **kwargs)


class QueueFilterForm(forms.Form):
    """The queue's filters and sort, as the URL holds them (so a view can be bookmarked and
    shared). A bad value is reported and left out; the others still apply."""

    q = forms.CharField(required=False, max_length=200, strip=True)
    date_from = forms.DateField(required=False)
    date_to = forms.DateField(required=False)
    queue = forms.CharField(required=False, max_length=100)
    agent = forms.CharField(required=False, max_length=128)
    channel = forms.ChoiceField(choices=[("", "Any channel"), *Channel.choices], required=False)
    generator = forms.CharField(required=False, max_length=100, label="Summarizer")
    config = forms.CharField(required=False, max_length=300, label="Judge configuration")
    run = forms.IntegerField(required=False, min_value=1)
    accuracy_min = ScoreField()
    accuracy_max = ScoreField()
    adherence_min = ScoreField()
    adherence_max = ScoreField()
    completeness_min = ScoreField()
    completeness_max = ScoreField()
    summarization_min = ScoreField()
    summarization_max = ScoreField()
    has_na = forms.ChoiceField(choices=_YES_NO, required=False)
    failing = forms.ChoiceField(choices=_YES_NO, required=False)
    reviewed = forms.ChoiceField(choices=[("", "Any"), *REVIEWED_CHOICES.items()], required=False)
    section = forms.SlugField(required=False, max_length=80)
    sort = forms.ChoiceField(
        choices=[(s, s) for key in SORT_COLUMNS for s in (key, f"-{key}")], required=False
    )
    blind = forms.BooleanField(required=False)

    def clean_config(self) -> str:
        token = self.cleaned_data["config"]
        if token and JudgeVersion.from_token(token) is None:
            raise ValidationError("Give the judge configuration as judge|model|prompt version.")
        return str(token)

    def filters(self) -> QueueFilters:
        """The valid filters (call `is_valid()` first); an invalid field is left out."""
        data = {name: value for name, value in self.cleaned_data.items() if name not in self.errors}
        yes_no = {"yes": True, "no": False}
        values: dict[str, Any] = {
            "text": data.get("q") or "",
            "has_na": yes_no.get(data.get("has_na") or ""),
            "failing": yes_no.get(data.get("failing") or ""),
            "sort": data.get("sort") or DEFAULT_SORT,
            "blind": bool(data.get("blind")),
        }
        for name in (
            "date_from",
            "date_to",
            "queue",
            "agent",
            "channel",
            "generator",
            "config",
            "run",
            "reviewed",
            "section",
            *(f"{d}_{end}" for d in DIMENSIONS for end in ("min", "max")),
        ):
            if data.get(name) not in (None, ""):
                values[name] = data[name]
        return QueueFilters(**values)

    @property
    def bands(self) -> list[tuple[str, Any, Any]]:
        """(dimension, min as typed, max as typed) for the score band inputs."""
        return [(d, self[f"{d}_min"].value(), self[f"{d}_max"].value()) for d in DIMENSIONS]

    @property
    def has_band(self) -> bool:
        return any(low not in (None, "") or high not in (None, "") for _, low, high in self.bands)

    def error_list(self) -> list[str]:
        return [
            f"{self.fields[name].label or name.replace('_', ' ')}: {message}"
            for name, messages in self.errors.items()
            for message in messages
        ]


class VerdictReviewForm(forms.Form):
    """An analyst's verdict on one item: pass ("true"), fail ("false"), or take it back ("")."""

    human_value = forms.ChoiceField(
        choices=[("true", "Pass"), ("false", "Fail"), ("", "Clear")], required=False
    )
    comment = forms.CharField(required=False, max_length=4000)
    blind = forms.BooleanField(required=False)


# --- Calibration ---------------------------------------------------------------------------------

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
        field = self.fields["version"]
        assert isinstance(field, forms.ChoiceField)
        field.choices = [("", "Every judge version")] + [
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
        required=False,
        choices=[("", "All items")] + [(cell, _CELL_LABELS[cell]) for cell in CELLS],
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
        return _CELL_LABELS.get(cell, "all items")


# --- The managers' dashboard (GET) ---------------------------------------------------------------


class DashboardFilterForm(forms.Form):
    """The dashboard's filters, as the URL holds them; the conversation filters carry the queue's
    parameter names. A bad value is reported and left out; the others still apply."""

    date_from = forms.DateField(required=False, label="From")
    date_to = forms.DateField(required=False, label="To")
    queue = forms.CharField(required=False, max_length=100)
    agent = forms.CharField(required=False, max_length=128)
    channel = forms.ChoiceField(choices=[("", "Any channel"), *Channel.choices], required=False)
    generator = forms.CharField(required=False, max_length=100, label="Summarizer")
    config = forms.CharField(required=False, max_length=300, label="Judge configuration")
    breakdown = forms.ChoiceField(choices=list(BREAKDOWNS.items()), required=False)
    rank = forms.ChoiceField(choices=list(RANKS.items()), required=False)

    def clean_config(self) -> str:
        token = self.cleaned_data["config"]
        if token and JudgeVersion.from_token(token) is None:
            raise ValidationError("Give the judge configuration as judge|model|prompt version.")
        return str(token)

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        start, end = cleaned.get("date_from"), cleaned.get("date_to")
        if start and end and start > end:
            self.add_error("date_to", "The end date is before the start date.")
        return cleaned

    def filters(self) -> DashboardFilters:
        """The valid filters (call `is_valid()` first); an invalid field is left out."""
        data = {name: value for name, value in self.cleaned_data.items() if name not in self.errors}
        values = {
            name: data[name]
            for name in (f.name for f in dataclass_fields(DashboardFilters))
            if data.get(name) not in (None, "")
        }
        return DashboardFilters(**values)

    def error_list(self) -> list[str]:
        return [
            f"{self.fields[name].label or name.replace('_', ' ')}: {message}"
            for name, messages in self.errors.items()
            for message in messages
        ]
