from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client, override_settings

pytestmark = pytest.mark.django_db


@pytest.fixture
def analyst_client(client: Client) -> Client:
    client.force_login(User.objects.create_user("analyst-home", password="x"))
    return client


def test_the_overview_asks_a_visitor_to_log_in(client: Client) -> None:
    response = client.get("/")

    assert response.status_code == 302
    assert response["Location"].startswith("/login/")


@override_settings(JUDGE_DEFAULT="local", JUDGE_MODEL="claude-sonnet-5")
def test_the_overview_says_the_local_judge_is_an_offline_baseline(analyst_client: Client) -> None:
    response = analyst_client.get("/")

    assert response.status_code == 200
    assert b"offline local judge" in response.content
    assert b"baseline" in response.content


@override_settings(JUDGE_DEFAULT="anthropic", JUDGE_MODEL="claude-sonnet-5")
def test_the_overview_names_the_claude_model_when_a_key_is_set(analyst_client: Client) -> None:
    response = analyst_client.get("/")

    assert b"offline local judge" not in response.content
    assert b"claude-sonnet-5" in response.content


def test_the_health_check_answers_without_a_login(client: Client) -> None:
    assert client.get("/healthz").json() == {"status": "ok"}
