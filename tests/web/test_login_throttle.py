"""Failed logins are throttled per username and per address, on /login/ and the admin's login,
with a page that says what happened (django-axes, config/security.py)."""

from __future__ import annotations

import datetime as dt

import pytest
from axes.models import AccessAttempt
from django.contrib.auth.models import User
from django.test import Client

pytestmark = pytest.mark.django_db

PASSWORD = "tidal-ledger-orchid-58"
LOCKED = "Too many failed logins"


@pytest.fixture(autouse=True)
def _limits(settings) -> None:
    settings.AXES_FAILURE_LIMIT = 5


@pytest.fixture
def people() -> dict[str, User]:
    return {
        name: User.objects.create_user(name, password=PASSWORD, is_staff=name == "admin")
        for name in ("analyst", "manager", "admin")
    }


def _login(username: str, password: str, *, address: str = "198.51.100.7", url="/login/", **kw):
    client = Client(REMOTE_ADDR=address, **kw)
    response = client.post(url, {"username": username, "password": password})
    return client, response


def _logged_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


def test_five_wrong_passwords_lock_the_account_even_against_the_right_one(people) -> None:
    for _ in range(5):
        _login("analyst", "wrong")

    client, response = _login("analyst", PASSWORD)

    assert response.status_code == 429
    text = response.content.decode()
    assert LOCKED in text
    assert "after 5 wrong passwords" in text and "15 minutes" in text
    assert not _logged_in(client)


def test_failures_below_the_limit_do_not_lock(people) -> None:
    for _ in range(4):
        _login("analyst", "wrong")

    client, response = _login("analyst", PASSWORD)

    assert response.status_code == 302
    assert _logged_in(client)


def test_one_address_guessing_many_usernames_is_locked_out(people) -> None:
    for name in ("u1", "u2", "u3", "u4", "u5"):
        _login(name, "wrong", address="203.0.113.9")

    locked_client, locked = _login("manager", PASSWORD, address="203.0.113.9")
    other_client, other = _login("manager", PASSWORD, address="192.0.2.44")

    assert locked.status_code == 429 and not _logged_in(locked_client)
    assert other.status_code == 302 and _logged_in(other_client)


def test_one_username_guessed_from_many_addresses_is_locked_out(people) -> None:
    for n in range(5):
        _login("manager", "wrong", address=f"192.0.2.{n + 1}")

    client, response = _login("manager", PASSWORD, address="192.0.2.200")

    assert response.status_code == 429 and not _logged_in(client)


def test_the_admin_login_is_throttled_too(people) -> None:
    for _ in range(5):
        _login("admin", "wrong", url="/admin/login/")

    client, response = _login("admin", PASSWORD, url="/admin/login/")

    assert response.status_code == 429
    assert LOCKED in response.content.decode()
    assert not _logged_in(client)


def test_the_lock_lifts_after_the_lockout_period(people, settings) -> None:
    for _ in range(5):
        _login("analyst", "wrong")
    AccessAttempt.objects.update(
        attempt_time=dt.datetime.now(dt.UTC) - settings.AXES_COOLOFF_TIME - dt.timedelta(seconds=1)
    )

    client, response = _login("analyst", PASSWORD)

    assert response.status_code == 302 and _logged_in(client)


def test_behind_a_proxy_the_forwarded_address_is_counted_and_forged_ones_ignored(
    people, settings
) -> None:
    settings.TRUSTED_PROXY_COUNT = 1
    proxy = "10.0.0.2"
    # The attacker changes the forged left part each time; the proxy appends the real address.
    for n in range(5):
        _login(f"u{n}", "wrong", address=proxy, HTTP_X_FORWARDED_FOR=f"1.2.3.{n}, 203.0.113.9")

    attacker, locked = _login(
        "manager", PASSWORD, address=proxy, HTTP_X_FORWARDED_FOR="9.9.9.9, 203.0.113.9"
    )
    colleague, allowed = _login(
        "manager", PASSWORD, address=proxy, HTTP_X_FORWARDED_FOR="192.0.2.4"
    )

    assert locked.status_code == 429 and not _logged_in(attacker)
    assert allowed.status_code == 302 and _logged_in(colleague)
