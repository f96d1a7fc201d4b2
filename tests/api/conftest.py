"""The API's cast: a bearer token for each role, a revoked one, and conversation documents."""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client

from api.tokens import api_token_create, api_token_revoke

API = "/api/v1"
TOKEN_ROLES = ("analyst", "manager", "admin")


@pytest.fixture
def tokens(cast) -> dict[str, str]:
    """Bearer tokens by role; `revoked` is the admin's revoked one, `none` no token at all."""
    made = {
        role: api_token_create(user=cast[role], name=f"{role}-test").secret for role in TOKEN_ROLES
    }
    revoked = api_token_create(user=cast["admin"], name="old")
    api_token_revoke(token=revoked.token)
    made["revoked"] = revoked.secret
    made["stranger"] = api_token_create(user=cast["stranger"], name="stranger").secret
    return made


@pytest.fixture
def api_client(tokens) -> Callable[[str], Client]:
    """`api_client("manager")`: a client that sends that role's token (`"none"`: no token)."""

    def make(role: str) -> Client:
        if role == "none":
            return Client()
        return Client(HTTP_AUTHORIZATION=f"Bearer {tokens[role]}")

    return make


def conversation_document(external_id: str = "api-1", **overrides: Any) -> dict[str, Any]:
    """A JSONL line's object: 3 turns and a 2-section summary."""
    document: dict[str, Any] = {
        "id": external_id,
        "channel": "voice",
        "queue": "billing",
        "started_at": "2026-11-02T09:30:00Z",
        "agent": {"id": "agent-7", "name": "Jo Park"},
        "turns": [
            {"role": "agent", "text": "Hello, how can I help?", "offset_ms": 0},
            {"role": "customer", "text": "My card was declined.", "offset_ms": 2500},
            {"role": "agent", "text": "I've lifted the block.", "offset_ms": 9000},
        ],
        "summary": {
            "generator": "summarizer-v3",
            "sections": [
                {"key": "situation", "text": "The customer's card was declined."},
                {"key": "resolution", "text": "Y"},
            ],
        },
    }
    document.update(copy.deepcopy(overrides))
    return document
