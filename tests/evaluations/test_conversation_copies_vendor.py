"""Evaluations migration 0020 refuses a database it has no triggers for, naming it."""

from __future__ import annotations

import importlib
from types import SimpleNamespace

import pytest
from django.core.exceptions import ImproperlyConfigured

copies = importlib.import_module("evaluations.migrations.0020_conversation_copies")


def test_an_unsupported_vendor_is_refused_by_name_before_any_sql() -> None:
    executed: list[str] = []
    schema_editor = SimpleNamespace(
        connection=SimpleNamespace(vendor="mysql"), execute=executed.append
    )

    with pytest.raises(ImproperlyConfigured, match=r"'mysql'.*PostgreSQL and SQLite"):
        copies.copies_forward(None, schema_editor)

    assert executed == []
