"""The served OpenAPI schema, fuzzed: schemathesis generates requests for every operation (valid
and invalid by the schema) and checks that none ends in a 500 and that every response matches the
schema (status code documented, body of the documented shape, JSON content type).

Bounded so CI stays fast: a few examples per operation (SCHEMATHESIS_MAX_EXAMPLES, 12 by
default), no shrinking deadline. Each example runs as the admin's token, against the test database
with a little data in it (a judged conversation, so reads return something)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from tests.api.conftest import API

MAX_EXAMPLES = int(os.environ.get("SCHEMATHESIS_MAX_EXAMPLES", "12"))


@pytest.fixture
def api_schema(db, settings_for_fuzzing, make_summary, judge_now) -> Iterator[Any]:
    """The schema as served, its requests sent to the WSGI application in this process. Like
    Django's test client, the request signals leave the test's database connection open (it
    holds the test's transaction)."""
    from django.core import signals
    from django.core.wsgi import get_wsgi_application
    from django.db import close_old_connections
    from django.test import Client

    judge_now([make_summary()])
    document = Client().get(f"{API}/openapi.json").json()
    schema = schemathesis.openapi.from_dict(document)
    schema.app = get_wsgi_application()
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        yield schema
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)


@pytest.fixture
def settings_for_fuzzing(settings, held_messages) -> None:
    settings.API_RATE_LIMIT = ""  # the fuzzer's hundreds of requests are not a client's
    settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = False


# One test that walks the operations (schemathesis' lazy `from_fixture` needs a pytest internal
# that pytest 9 no longer has), each fuzzed by hypothesis on its own.
@pytest.mark.django_db
def test_the_api_never_fails_and_keeps_to_its_schema(api_schema, tokens) -> None:
    headers = {"Authorization": f"Bearer {tokens['admin']}"}
    checks = [
        not_a_server_error,
        status_code_conformance,
        content_type_conformance,
        response_schema_conformance,
    ]
    operations = [result.ok() for result in api_schema.get_all_operations()]
    statuses: dict[int, int] = {}
    assert len(operations) >= 8
    for operation in operations:

        @given(case=operation.as_strategy())
        @settings(
            max_examples=MAX_EXAMPLES,
            deadline=None,
            derandomize=True,
            database=None,
            suppress_health_check=list(HealthCheck),
        )
        def fuzz(case: Any) -> None:
            response = case.call_and_validate(headers=headers, checks=checks)
            statuses[response.status_code] = statuses.get(response.status_code, 0) + 1

        fuzz()
    # The fuzzer reached the handlers: some requests succeeded, some were refused.
    print("schemathesis responses by status:", dict(sorted(statuses.items())))
    assert sum(statuses.values()) >= len(operations) * 2
    assert any(200 <= status < 300 for status in statuses)
    assert any(400 <= status < 500 for status in statuses)
