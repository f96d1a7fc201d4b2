"""Tokens and sessions: who gets in, the error shape, CSRF, the body cap and the rate limit."""

from __future__ import annotations

import io

import pytest
from django.core.management import call_command
from django.test import Client

from api.models import ApiToken
from api.tokens import TokenRefused, api_token_authenticate
from tests.api.conftest import API, conversation_document

pytestmark = pytest.mark.django_db


def test_create_api_token_prints_a_token_once_and_stores_only_its_hash(cast) -> None:
    out, err = io.StringIO(), io.StringIO()
    call_command("create_api_token", "manager", "--name", "pipeline", stdout=out, stderr=err)
    secret = out.getvalue().strip()
    token = ApiToken.objects.get(name="pipeline")
    assert secret.startswith(f"sqa_{token.prefix}_")
    assert secret not in token.token_hash and len(token.token_hash) == 64
    assert "cannot be shown again" in err.getvalue()
    assert api_token_authenticate(presented=secret).user == cast["manager"]
    assert ApiToken.objects.get(pk=token.pk).last_used_at is not None


def test_create_api_token_refuses_an_unknown_user(db) -> None:
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="no user named 'nobody'"):
        call_command("create_api_token", "nobody")


def test_a_tampered_token_is_unknown(tokens) -> None:
    with pytest.raises(TokenRefused, match="unknown"):
        api_token_authenticate(presented=tokens["admin"][:-2] + "xx")


@pytest.mark.parametrize(
    ("header", "code"),
    [
        ("", "not_authenticated"),
        ("Bearer", "invalid_token"),
        ("Basic dXNlcjpwdw==", "invalid_token"),
        ("Bearer sqa_nope_nope", "invalid_token"),
        ("Bearer not-even-shaped", "invalid_token"),
    ],
)
def test_a_request_without_a_valid_token_is_401_in_the_error_shape(db, header, code) -> None:
    extra = {"HTTP_AUTHORIZATION": header} if header else {}
    response = Client().get(f"{API}/conversations", **extra)
    assert response.status_code == 401
    assert response.json()["code"] == code
    assert set(response.json()) == {"code", "message", "field"}


def test_a_revoked_token_is_refused_as_revoked(api_client) -> None:
    response = api_client("revoked").get(f"{API}/conversations")
    assert response.status_code == 401
    assert response.json()["code"] == "revoked_token"


def test_a_session_reads_and_its_writes_need_the_csrf_token(cast, sections_seeded=None) -> None:
    client = Client(enforce_csrf_checks=True)
    client.force_login(cast["manager"])
    assert client.get(f"{API}/conversations").status_code == 200
    response = client.post(
        f"{API}/conversations", conversation_document(), content_type="application/json"
    )
    assert response.status_code == 403
    assert response.json()["code"] == "csrf_failed"
    client.get("/runs/")  # any page sets the CSRF cookie
    csrf = client.cookies["csrftoken"].value
    response = client.post(
        f"{API}/conversations",
        conversation_document(),
        content_type="application/json",
        HTTP_X_CSRFTOKEN=csrf,
    )
    assert response.status_code == 201, response.content


def test_a_bearer_write_needs_no_csrf_token(api_client) -> None:
    client = api_client("manager")
    client.handler.enforce_csrf_checks = True
    response = client.post(
        f"{API}/conversations", conversation_document(), content_type="application/json"
    )
    assert response.status_code == 201


@pytest.mark.parametrize(
    ("body", "code"),
    [
        (b"\xff\xfe{}", "invalid_utf8"),
        (b'{"id": "x", "turns": [', "invalid_json"),
        (b'{"id": ' + b"9" * 500 + b"}", "invalid_json"),
        (b"[" * 100_000 + b"]" * 100_000, "invalid_json"),
        (b'{"id": "\\ud800", "turns": []}', "invalid_text"),
        (b"NaN", "invalid_json"),
        (b'"just a string"', "invalid"),
        (b"[1, 2]", "invalid"),
    ],
)
def test_a_body_that_is_not_good_json_is_a_400_never_a_500(api_client, body, code) -> None:
    response = api_client("admin").post(
        f"{API}/conversations", body, content_type="application/json"
    )
    assert response.status_code == 400, response.content
    assert response.json()["code"] == code


def test_a_lone_surrogate_names_its_field(api_client) -> None:
    response = api_client("admin").post(
        f"{API}/conversations",
        b'{"id": "a", "turns": [{"role": "agent", "text": "hi \\udc00"}]}',
        content_type="application/json",
    )
    assert response.status_code == 400
    assert response.json()["field"] == "turns[0].text"


def test_a_body_over_the_cap_is_413(api_client, settings) -> None:
    settings.API_MAX_BODY_BYTES = 1000
    response = api_client("admin").post(
        f"{API}/conversations",
        conversation_document(pad="x" * 2000),
        content_type="application/json",
    )
    assert response.status_code == 413
    assert response.json()["code"] == "body_too_large"


def test_the_rate_limit_answers_429_with_retry_after(api_client, settings) -> None:
    settings.API_RATE_LIMIT = "3/minute"
    client = api_client("analyst")
    statuses = [client.get(f"{API}/conversations").status_code for _ in range(4)]
    assert statuses == [200, 200, 200, 429]
    response = client.get(f"{API}/conversations")
    assert response.json()["code"] == "rate_limited"
    assert 1 <= int(response["Retry-After"]) <= 60


def test_the_schema_and_the_docs_are_served_and_the_docs_need_no_cdn(db) -> None:
    schema = Client().get(f"{API}/openapi.json").json()
    assert schema["openapi"].startswith("3.")
    assert "/api/v1/conversations:batch" in schema["paths"]
    docs = Client().get(f"{API}/docs")
    assert docs.status_code == 200
    html = docs.content.decode()
    assert "/static/ninja/swagger-ui-bundle.js" in html
    assert "cdn" not in html.lower()
    assert "script-src 'self'" in docs["Content-Security-Policy"]


def test_the_schema_says_every_operation_needs_a_bearer_token(db) -> None:
    schema = Client().get(f"{API}/openapi.json").json()

    scheme = schema["components"]["securitySchemes"]["BearerToken"]
    operations = [
        (path, method, operation)
        for path, methods in schema["paths"].items()
        for method, operation in methods.items()
    ]
    assert (scheme["type"], scheme["scheme"]) == ("http", "bearer")
    assert len(operations) > 10
    unmarked = [(p, m) for p, m, op in operations if op.get("security") != [{"BearerToken": []}]]
    assert unmarked == []
