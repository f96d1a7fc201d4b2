"""The HTTPS switches do what they say, and health checks still answer over plain HTTP."""

from __future__ import annotations

import pytest
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError

pytestmark = pytest.mark.django_db


def test_ssl_redirect_sends_pages_to_https_but_not_the_health_check(client, settings) -> None:
    settings.SECURE_SSL_REDIRECT = True

    page = client.get("/login/")
    health = client.get("/healthz")

    assert (page.status_code, page["Location"]) == (301, "https://testserver/login/")
    assert health.status_code == 200


def test_hsts_and_secure_cookies_are_sent_when_switched_on(client, settings) -> None:
    settings.SECURE_HSTS_SECONDS = 31536000
    settings.SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    settings.CSRF_COOKIE_SECURE = True

    response = client.get("/login/", secure=True)

    assert response["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains"
    assert response.cookies["csrftoken"]["secure"]


def test_the_csrf_cookie_is_http_only(client) -> None:
    response = client.get("/login/")

    assert response.cookies["csrftoken"]["httponly"]


def test_behind_a_trusted_proxy_its_forwarded_protocol_counts(client, settings) -> None:
    settings.SECURE_SSL_REDIRECT = True
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

    response = client.get("/login/", headers={"X-Forwarded-Proto": "https"})

    assert response.status_code == 200


@pytest.mark.parametrize(
    ("password", "message"),
    [
        ("password1234", "This password is too common."),
        ("qwertyuiop", "This password is too common."),
        ("4815162342108", "This password is entirely numeric."),
    ],
)
def test_common_and_numeric_passwords_are_refused(password, message) -> None:
    with pytest.raises(ValidationError) as caught:
        validate_password(password)

    assert message in caught.value.messages


def test_a_reasonable_password_passes_the_validators() -> None:
    validate_password("tidal-ledger-orchid-58")
