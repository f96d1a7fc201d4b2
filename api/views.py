"""The admins' API token page: make a token for a user (shown once), list and revoke tokens."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import permission_required
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_POST

from api.models import ApiToken
from api.tokens import api_token_create, api_token_revoke, api_tokens_all

MANAGE_TOKENS = "api.add_apitoken"


class TokenForm(forms.Form):
    user = forms.ModelChoiceField(
        queryset=User.objects.filter(is_active=True).order_by("username"),
        help_text="The token acts as this user, with this user's role.",
    )
    name = forms.CharField(max_length=100, help_text="What it is for: summarizer-pipeline, bi.")


@permission_required(MANAGE_TOKENS, raise_exception=True)
def token_list(request: HttpRequest) -> HttpResponse:
    issued = None
    if request.method == "POST":
        form = TokenForm(request.POST)
        if form.is_valid():
            try:
                issued = api_token_create(
                    user=form.cleaned_data["user"],
                    name=form.cleaned_data["name"],
                    created_by=request.user if isinstance(request.user, User) else None,
                )
            except ValidationError as error:
                form.add_error(None, error)
            else:
                form = TokenForm()
    else:
        form = TokenForm()
    # A new token is shown in this response only (no redirect): it is never stored readable.
    return render(
        request,
        "api/token_list.html",
        {"form": form, "tokens": api_tokens_all(), "issued": issued},
        status=200 if issued or request.method == "GET" or not form.errors else 400,
    )


@permission_required(MANAGE_TOKENS, raise_exception=True)
@require_POST
def token_revoke(request: HttpRequest, token_id: int) -> HttpResponse:
    token = get_object_or_404(ApiToken, pk=token_id)
    if api_token_revoke(token=token):
        messages.success(request, f"Token {token.name!r} of {token.user} is revoked.")
    else:
        messages.info(request, f"Token {token.name!r} was already revoked.")
    return redirect("api_tokens")
