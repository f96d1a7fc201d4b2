"""/api/v1/ (the API) and /settings/tokens/ (the admins' token page)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_not_required
from django.urls import URLPattern, URLResolver, path

from api import views
from api.api import api


def _public(patterns: list[URLPattern | URLResolver]) -> list[URLPattern | URLResolver]:
    """The API authenticates each request itself (a token or the session) and answers 401 in its
    own error shape: LoginRequiredMiddleware must not redirect its callers to the login page."""
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            _public(pattern.url_patterns)
        else:
            login_not_required(pattern.callback)
    return patterns


# Not `app_name, namespace = ...`: a module-level `app_name` would namespace this whole module.
_api_patterns, _api_app_name, _api_namespace = api.urls
urlpatterns = [
    path("api/v1/", (_public(list(_api_patterns)), _api_app_name, _api_namespace)),
    path("settings/tokens/", views.token_list, name="api_tokens"),
    path("settings/tokens/<int:token_id>/revoke/", views.token_revoke, name="api_token_revoke"),
]
