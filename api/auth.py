"""Who is calling: a bearer token, or the browser session (CSRF enforced on writes); then the
caller's rate limit; then, per endpoint, a Django permission of the caller's role.

Authentication runs before the handler on every endpoint (`NinjaAPI(auth=BearerToken())`).
The rate limit is counted per token (per user for a session) in Redis with the `limits` library,
as the judges' limits are (evaluations/ratelimit.py shares its storage choice).
"""

from __future__ import annotations

import time
from functools import cache

from django.conf import settings
from django.contrib.auth.models import User
from django.http import HttpRequest
from limits import RateLimitItem, parse, storage, strategies
from ninja.utils import check_csrf

from api.errors import ApiError
from api.tokens import TokenRefused, api_token_authenticate
from evaluations.ratelimit import storage_url

SAFE_METHODS = ("GET", "HEAD", "OPTIONS")


@cache
def _limiter(url: str) -> strategies.MovingWindowRateLimiter:
    return strategies.MovingWindowRateLimiter(storage.storage_from_string(url))


@cache
def _rate(text: str) -> RateLimitItem:
    return parse(text)


def _rate_limit(key: str) -> None:
    """Count one request for `key`; over the limit, a 429 that says when to come back."""
    if not settings.API_RATE_LIMIT:
        return
    item = _rate(settings.API_RATE_LIMIT)
    limiter = _limiter(storage_url())
    if limiter.hit(item, "api", key):
        return
    reset_at, _remaining = limiter.get_window_stats(item, "api", key)
    raise ApiError(
        429,
        "rate_limited",
        f"More than {settings.API_RATE_LIMIT} requests; wait before the next.",
        retry_after=max(1.0, reset_at - time.time()),
    )


def api_authenticate(request: HttpRequest) -> User:
    header = request.headers.get("Authorization", "")
    if header:
        scheme, _, presented = header.partition(" ")
        if scheme.lower() != "bearer" or not presented.strip():
            raise ApiError(
                401, "invalid_token", "The Authorization header must read `Bearer <token>`."
            )
        try:
            token = api_token_authenticate(presented=presented.strip())
        except TokenRefused as refused:
            code = "revoked_token" if refused.reason == "revoked" else "invalid_token"
            raise ApiError(401, code, f"The token is {refused.reason}.") from None
        request.api_token = token  # type: ignore[attr-defined]
        _rate_limit(f"token-{token.prefix}")
        return token.user
    user = request.user
    if isinstance(user, User) and user.is_authenticated and user.is_active:
        # A session rides on a cookie the browser sends by itself: a write needs the CSRF token.
        if request.method not in SAFE_METHODS and check_csrf(request) is not None:
            raise ApiError(
                403, "csrf_failed", "A session-authenticated write needs the X-CSRFToken header."
            )
        _rate_limit(f"user-{user.pk}")
        return user
    raise ApiError(401, "not_authenticated", "Send `Authorization: Bearer <token>` or sign in.")


class BearerToken:
    """An endpoint's `auth=`: the caller (`api_authenticate`), and with a `permission`, only a
    caller whose role holds it. Checked before the body is parsed, so a caller without the
    permission learns nothing about what the endpoint would accept.

    A class, not a function, for the OpenAPI schema: django-ninja lists an auth callable's
    `openapi_security_schema` under `components.securitySchemes` (named after the class) and
    marks each operation with it, so clients and Swagger UI's "Authorize" know how to call."""

    openapi_security_schema = {
        "type": "http",
        "scheme": "bearer",
        "description": "An API token (manage.py create_api_token, or Settings → API tokens). "
        "A signed-in browser session works too; its writes need the X-CSRFToken header.",
    }

    def __init__(self, permission: str | None = None) -> None:
        self.permission = permission

    def __call__(self, request: HttpRequest) -> User:
        user = api_authenticate(request)
        if self.permission is not None and not user.has_perm(self.permission):
            raise ApiError(403, "forbidden", f"Your role does not allow this ({self.permission}).")
        return user


def permitted(permission: str) -> BearerToken:
    """The caller, authenticated and holding `permission` through their role."""
    return BearerToken(permission)
