"""`load_demo` on a deployment (DEBUG off) never creates a login with a published password: it
refuses unless every DEMO_*_PASSWORD is set to a password the validators accept, and then it
does not print them."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.core.management.base import CommandError

from summaries.models import Conversation

pytestmark = pytest.mark.django_db

VARIABLES = ("DEMO_ADMIN_PASSWORD", "DEMO_ANALYST_PASSWORD", "DEMO_MANAGER_PASSWORD")
STRONG = {
    "DEMO_ADMIN_PASSWORD": "harbour-lantern-quiet-71",
    "DEMO_ANALYST_PASSWORD": "copper-meadow-signal-38",
    "DEMO_MANAGER_PASSWORD": "velvet-canyon-ledger-94",
}


@pytest.fixture
def deployment(settings, monkeypatch):
    settings.DEBUG = False
    for name in VARIABLES:
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_without_debug_and_passwords_it_refuses_and_writes_nothing(deployment) -> None:
    with pytest.raises(CommandError) as caught:
        call_command("load_demo", stdout=StringIO())

    message = str(caught.value)
    assert "DEBUG is off" in message
    for name in VARIABLES:
        assert name in message
    assert not User.objects.exists()
    assert not Conversation.objects.exists()


def test_one_password_missing_is_named(deployment) -> None:
    deployment.setenv("DEMO_ADMIN_PASSWORD", STRONG["DEMO_ADMIN_PASSWORD"])
    deployment.setenv("DEMO_ANALYST_PASSWORD", STRONG["DEMO_ANALYST_PASSWORD"])

    with pytest.raises(CommandError, match="set DEMO_MANAGER_PASSWORD") as caught:
        call_command("load_demo", stdout=StringIO())

    assert "DEMO_ADMIN_PASSWORD" not in str(caught.value)
    assert not User.objects.exists()


@pytest.mark.parametrize(
    ("weak", "reason"),
    [("manager-demo-2026", "the published demo password"), ("password1", "too common")],
)
def test_a_weak_or_published_password_is_refused(deployment, weak, reason) -> None:
    for name, value in STRONG.items():
        deployment.setenv(name, value)
    deployment.setenv("DEMO_MANAGER_PASSWORD", weak)

    with pytest.raises(CommandError, match="DEMO_MANAGER_PASSWORD") as caught:
        call_command("load_demo", stdout=StringIO())

    assert reason in str(caught.value)
    assert not User.objects.exists()


def test_with_every_password_set_it_creates_the_logins_without_printing_them(
    deployment,
) -> None:
    for name, value in STRONG.items():
        deployment.setenv(name, value)
    output = StringIO()

    call_command("load_demo", stdout=output)

    assert User.objects.get(username="admin").check_password(STRONG["DEMO_ADMIN_PASSWORD"])
    assert "created login admin (password from DEMO_ADMIN_PASSWORD)" in output.getvalue()
    assert not any(value in output.getvalue() for value in STRONG.values())


def test_with_debug_on_the_published_passwords_are_used_and_printed(settings, monkeypatch):
    settings.DEBUG = True
    for name in VARIABLES:
        monkeypatch.delenv(name, raising=False)
    output = StringIO()

    call_command("load_demo", stdout=output)

    assert User.objects.get(username="analyst").check_password("analyst-demo-2026")
    assert "created login analyst / analyst-demo-2026" in output.getvalue()
