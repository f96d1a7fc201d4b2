from __future__ import annotations

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


def test_the_start_page_asks_a_visitor_to_log_in(client: Client) -> None:
    response = client.get("/")

    assert response.status_code == 302
    assert response["Location"].startswith("/login/")


@pytest.mark.parametrize(
    ("role", "start"),
    [("analyst", "/conversations/"), ("admin", "/conversations/"), ("manager", "/dashboard/")],
)
def test_each_role_starts_on_its_page(client_as, role: str, start: str) -> None:
    response = client_as(role).get("/")

    assert response.status_code == 302
    assert response["Location"] == start


def test_an_account_without_a_role_is_told_to_ask_for_one(client_as) -> None:
    response = client_as("stranger").get("/")

    assert response.status_code == 403
    assert "Your account has no role yet" in response.content.decode()


def test_the_health_check_answers_without_a_login(client: Client) -> None:
    assert client.get("/healthz").json() == {"status": "ok"}
