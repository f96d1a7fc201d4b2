"""API tokens: named, tied to a user (so to the user's role), stored hashed, revocable."""

from __future__ import annotations

from django.conf import settings
from django.db import models


class ApiToken(models.Model):
    """One bearer token. Only its prefix (to find the row) and the SHA-256 of the whole token are
    stored: the token itself is shown once, when it is made, and cannot be read back."""

    name = models.CharField(max_length=100)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens"
    )
    prefix = models.CharField(max_length=16, unique=True)
    token_hash = models.CharField(max_length=64)
    created_at = models.DateTimeField(auto_now_add=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"{self.name} ({self.user})"

    @property
    def is_revoked(self) -> bool:
        return self.revoked_at is not None
