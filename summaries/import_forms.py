"""The import upload form (/imports/)."""

from __future__ import annotations

from typing import Any

from django import forms

from summaries.importers.common import CHANNELS, DEFAULT_CHANNEL
from summaries.importers.formats import AUTO, PARSERS

FORMAT_LABELS = {
    AUTO: "Detect each file's format",
    "ccai-upload": "CCAI upload (entries)",
    "ccai-conversation": "CCAI conversation (transcript segments)",
    "connect": "Amazon Connect (Transcript)",
    "text": "Plain text (Agent: ... lines)",
    "jsonl": "JSON Lines (one conversation a line)",
}


class MultipleFileInput(forms.ClearableFileInput):
    allow_multiple_selected = True


class MultipleFileField(forms.FileField):
    """Several files in one input, as Django's documentation shows it."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # An empty file is the importer's to report ("the file is empty"), with the others.
        kwargs.setdefault("allow_empty_file", True)
        kwargs.setdefault(
            "widget", MultipleFileInput(attrs={"accept": ".json,.jsonl,.ndjson,.txt"})
        )
        super().__init__(*args, **kwargs)

    def clean(self, data: Any, initial: Any = None) -> list[Any]:
        single = super().clean
        if isinstance(data, list | tuple):
            return [single(item, initial) for item in data]
        return [single(data, initial)]


class ImportUploadForm(forms.Form):
    """The files and how to read them; the checks beyond a field's own (the size cap) are
    `summaries.imports.import_batch_create`'s."""

    uploads = MultipleFileField(
        label="Files",
        error_messages={"required": "Choose at least one file."},
        help_text="One or more files: .json, .jsonl, .ndjson or .txt.",
    )
    fmt = forms.ChoiceField(
        label="Format",
        choices=[(AUTO, FORMAT_LABELS[AUTO])]
        + [(name, FORMAT_LABELS.get(name, name)) for name in PARSERS],
        initial=AUTO,
    )
    default_channel = forms.ChoiceField(
        label="Channel",
        choices=[(channel, channel.capitalize()) for channel in CHANNELS],
        initial=DEFAULT_CHANNEL,
        help_text="For formats that do not record one (plain text, CCAI upload).",
    )
