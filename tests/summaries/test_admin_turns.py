"""The admin's conversation page shows turns a page at a time, so a conversation with thousands
of turns cannot take the server down (it once used 5 GB for a million)."""

from __future__ import annotations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from summaries.models import Conversation, Turn

pytestmark = pytest.mark.django_db


@pytest.fixture
def long_conversation() -> Conversation:
    conversation = Conversation.objects.create(
        source="jsonl", external_id="long-1", channel="chat", content_hash="x"
    )
    Turn.objects.bulk_create(
        Turn(conversation=conversation, index=i, role="customer", text=f"turn number {i} said")
        for i in range(250)
    )
    return conversation


def _url(conversation: Conversation) -> str:
    return reverse("admin:summaries_conversation_change", args=[conversation.pk])


def test_the_first_page_shows_a_hundred_turns_and_says_how_many_there_are(
    admin_client, long_conversation
) -> None:
    response = admin_client.get(_url(long_conversation))

    text = response.content.decode()
    assert response.status_code == 200
    assert "Turns 1–100 of 250" in text
    assert "turn number 99 said" in text
    assert "turn number 100 said" not in text
    assert "?turns_page=2#turns-group" in text


def test_a_later_page_shows_its_own_turns(admin_client, long_conversation) -> None:
    response = admin_client.get(_url(long_conversation) + "?turns_page=3")

    text = response.content.decode()
    assert "Turns 201–250 of 250" in text
    assert "turn number 200 said" in text and "turn number 249 said" in text
    assert "turn number 199 said" not in text


def test_the_page_loads_one_page_of_turns_whatever_the_length(
    admin_client, long_conversation
) -> None:
    with CaptureQueriesContext(connection) as queries:
        admin_client.get(_url(long_conversation))

    turn_selects = [q["sql"] for q in queries if 'FROM "summaries_turn"' in q["sql"]]
    assert turn_selects and all("LIMIT 100" in sql or "COUNT(" in sql for sql in turn_selects), (
        turn_selects
    )


def test_saving_the_conversation_leaves_its_turns_alone(admin_client, long_conversation) -> None:
    page = admin_client.get(_url(long_conversation))
    form = page.context["adminform"].form
    data = {name: form[name].value() or "" for name in form.fields}
    data |= {"queue": "billing", "metadata": "{}"}
    formset = page.context["inline_admin_formsets"][0].formset
    data |= {
        f"{formset.prefix}-TOTAL_FORMS": "100",
        f"{formset.prefix}-INITIAL_FORMS": "100",
    }

    response = admin_client.post(_url(long_conversation), data)

    assert response.status_code == 302, response.content.decode()[:2000]
    long_conversation.refresh_from_db()
    assert long_conversation.queue == "billing"
    assert Turn.objects.filter(conversation=long_conversation).count() == 250


def test_the_delete_page_counts_turns_instead_of_listing_them(
    admin_client, long_conversation
) -> None:
    url = reverse("admin:summaries_conversation_delete", args=[long_conversation.pk])

    text = admin_client.get(url).content.decode()

    assert "Turns: 250" in text
    assert "turn number" not in text
