"""Making, checking and revoking API tokens (the services every caller uses: the command, the
token page and the API's authentication).

A token reads `sqa_<prefix>_<secret>`: the prefix finds the row, and the SHA-256 of the whole
token must match the stored hash (compared in constant time). A random 256-bit secret needs no
slow password hash: nobody can guess it, so there is nothing to slow down.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import secrets
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db.models import Q
from django.utils import timezone

from api.models import ApiToken

TOKEN_START = "sqa_"
# last_used_at is written at most this often per token, not on every request.
LAST_USED_RESOLUTION = dt.timedelta(seconds=60)


@dataclass(frozen=True)
class IssuedToken:
    token: ApiToken
    secret: str  # the whole token, shown once


class TokenRefused(Exception):
    """The token is malformed, unknown, revoked, or its user is inactive; `reason` says which."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def api_token_create(*, user: User, name: str, created_by: User | None = None) -> IssuedToken:
    name = name.strip()
    if not name:
        raise ValidationError({"name": "A token needs a name."})
    max_name = ApiToken._meta.get_field("name").max_length or 100
    if len(name) > max_name:
        raise ValidationError({"name": f"The name is longer than {max_name} characters."})
    prefix = secrets.token_hex(6)
    whole = f"{TOKEN_START}{prefix}_{secrets.token_urlsafe(32)}"
    token = ApiToken.objects.create(
        name=name, user=user, prefix=prefix, token_hash=_digest(whole), created_by=created_by
    )
    return IssuedToken(token=token, secret=whole)


def api_token_authenticate(*, presented: str) -> ApiToken:
    """The token row for a presented bearer token, its last use recorded; or TokenRefused."""
    start, _, rest = presented.partition(TOKEN_START)
    prefix, _, secret = rest.partition("_")
    if start or not prefix or not secret:
        raise TokenRefused("malformed")
    token = ApiToken.objects.select_related("user").filter(prefix=prefix).first()
    if token is None or not hmac.compare_digest(token.token_hash, _digest(presented)):
        raise TokenRefused("unknown")
    if token.revoked_at is not None:
        raise TokenRefused("revoked")
    if not token.user.is_active:
        raise TokenRefused("inactive user")
    now = timezone.now()
    if token.last_used_at is None or now - token.last_used_at >= LAST_USED_RESOLUTION:
        ApiToken.objects.filter(pk=token.pk).filter(
            Q(last_used_at__isnull=True) | Q(last_used_at__lt=now - LAST_USED_RESOLUTION)
        ).update(last_used_at=now)
        token.last_used_at = now
    return token


def api_token_revoke(*, token: ApiToken) -> bool:
    """Revoke a token; False when it was already revoked."""
    revoked = ApiToken.objects.filter(pk=token.pk, revoked_at__isnull=True).update(
        revoked_at=timezone.now()
    )
    token.refresh_from_db()
    return bool(revoked)


def api_tokens_all() -> list[ApiToken]:
    return list(ApiToken.objects.select_related("user", "created_by").order_by("-created_at"))
