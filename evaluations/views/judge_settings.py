"""/settings/judge/: the judge, model and dimensions new runs start from, for admins."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import permission_required
from django.core.exceptions import ValidationError
from django.http import HttpResponse
from django.shortcuts import redirect, render

from config.http import SignedInRequest
from evaluations import judging, services
from evaluations.forms import JudgeSettingsForm
from evaluations.models import JudgeSettings

CHANGE_JUDGE_SETTINGS = "evaluations.change_judgesettings"


@permission_required(CHANGE_JUDGE_SETTINGS, raise_exception=True)
def judge_settings(request: SignedInRequest) -> HttpResponse:
    """The form, and whether an API key is configured: only whether, never any of it."""
    default = judging.judge_default()
    stored = (
        JudgeSettings.objects.select_related("updated_by")
        .filter(pk=JudgeSettings.SINGLETON_ID)
        .first()
    )
    if request.method == "POST":
        form = JudgeSettingsForm(request.POST)
        if form.is_valid():
            try:
                services.judge_settings_update(
                    judge=form.cleaned_data["judge"],
                    model=form.cleaned_data["model"],
                    dimensions=form.cleaned_data["dimensions"],
                    updated_by=request.user,
                )
            except ValidationError as error:
                for field, field_messages in error.message_dict.items():
                    for message in field_messages:
                        form.add_error(field if field in form.fields else None, message)
            else:
                messages.success(request, "Judge settings saved: new runs start from them.")
                return redirect("evaluations:judge_settings")
    else:
        form = JudgeSettingsForm(
            initial={
                "judge": default.judge,
                "model": stored.model if stored else "",
                "dimensions": list(default.dimensions),
            }
        )
    context = {
        "form": form,
        "stored": stored,
        "default": default,
        "api_key_configured": bool(settings.ANTHROPIC_API_KEY),
        "environment_model": settings.JUDGE_MODEL,
    }
    return render(request, "evaluations/judge_settings.html", context)
