"""The judge settings new runs start from (/settings/judge/, `JudgeSettings`): one row, saved
by an admin. The page, Django's admin and any later caller save through here, so the checks are
written once. There is no API key among them: it comes from ANTHROPIC_API_KEY only."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

from django.core.exceptions import ValidationError

from evaluations.judges.types import DIMENSIONS
from evaluations.models import Judge, JudgeSettings

if TYPE_CHECKING:
    from django.contrib.auth.models import User

# What Anthropic's model ids look like ("claude-sonnet-5", "claude-haiku-4-5-20251001").
MODEL_ID = re.compile(r"[a-z0-9][a-z0-9._-]*")


def judge_settings_update(
    *, judge: str, model: str, dimensions: Sequence[str], updated_by: User | None
) -> JudgeSettings:
    """Save the defaults of new runs (the one row, created on the first save). Refuses, naming
    the field: an unknown judge, a model id that cannot be one, no dimension or an unknown one."""
    model = model.strip()
    errors: dict[str, str] = {}
    if judge not in Judge.values:
        errors["judge"] = f"Unknown judge {judge!r}: use one of {', '.join(Judge.values)}."
    max_length = JudgeSettings._meta.get_field("model").max_length or 100
    if model and (len(model) > max_length or not MODEL_ID.fullmatch(model)):
        errors["model"] = (
            f"{model[:40]!r} is not a model id: lower-case letters, digits, '.', '-' and '_', "
            f"at most {max_length} characters (blank: JUDGE_MODEL)."
        )
    chosen = list(dict.fromkeys(dimensions))
    unknown = [d for d in chosen if d not in DIMENSIONS]
    if unknown or not chosen:
        errors["dimensions"] = (
            f"Choose some of {', '.join(DIMENSIONS)}; got {', '.join(unknown) or 'none'}."
        )
    if errors:
        raise ValidationError(errors)
    # In the order the judge reports them, whatever the order given.
    ordered = [d for d in DIMENSIONS if d in chosen]
    stored, _ = JudgeSettings.objects.update_or_create(
        pk=JudgeSettings.SINGLETON_ID,
        defaults={"judge": judge, "model": model, "dimensions": ordered, "updated_by": updated_by},
    )
    return stored
