"""The queue page, `/conversations/`, as an analyst uses it (the selector has its own tests)."""

from __future__ import annotations

import datetime as dt
import re

import pytest
from django.utils import timezone

from evaluations.models import SummaryEvaluation

pytestmark = pytest.mark.django_db


@pytest.fixture
def judged(make_summary, judge_now, scripted_judge):
    right = make_summary("right-1", started_at=timezone.now() - dt.timedelta(days=2))
    wrong = make_summary(
        "wrong-1", summary_amount="$30", started_at=timezone.now() - dt.timedelta(days=1)
    )
    bot = make_summary("bot-1", agent=None, started_at=timezone.now() - dt.timedelta(days=20))
    run = judge_now([right, wrong, bot], dimensions=("accuracy", "adherence", "completeness"))
    SummaryEvaluation.objects.filter(summary=bot).update(
        adherence=None,
        adherence_na_reason="the summary only uses predefined sections",
        has_na=True,
    )
    return run


def test_the_queue_lists_conversations_with_scores_and_na_with_its_reason(
    client_as, judged
) -> None:
    html = client_as("analyst").get("/conversations/").content.decode()

    assert [m for m in re.findall(r'class="row-link"[^>]*>([^<]+)<', html)] == [
        "wrong-1",
        "right-1",
        "bot-1",
    ]
    assert "No agent (bot only)" in html
    assert 'N/A<span class="visually-hidden">: the summary only uses predefined sections' in html
    assert 'title="the summary only uses predefined sections"' in html
    assert "Showing 1–3 of 3 conversations." in html
    # A row opens the review page with the evaluation and the queue it came from.
    assert re.search(r'href="/conversations/\d+/\?evaluation=\d+"', html)


def test_a_search_says_it_is_not_counted(client_as, judged) -> None:
    analyst = client_as("analyst")
    html = analyst.get("/conversations/?q=charged").content.decode()
    beyond = analyst.get("/conversations/?q=charged&page=5").content.decode()

    assert "Showing conversations 1–3 matching the search." in html
    assert "A search is not counted" in html
    assert "No more conversations match" in beyond and 'href="?q=charged"' in beyond


def test_low_accuracy_this_week_is_one_click_from_the_queue(client_as, judged) -> None:
    client = client_as("analyst")
    start = client.get("/")  # the analyst's start page is the queue: one click to get there
    assert start.url == "/conversations/"
    html = client.get(start.url).content.decode()
    link = re.search(r'<a href="(\?[^"]+)"[^>]*>Low accuracy this week</a>', html).group(1)

    page = client.get("/conversations/" + link.replace("&amp;", "&")).content.decode()

    assert re.findall(r'class="row-link"[^>]*>([^<]+)<', page) == ["wrong-1"]
    assert 'aria-current="true">Low accuracy this week' in page
    assert 'aria-sort="ascending"' in page  # sorted by accuracy, lowest first


def test_filters_and_sort_live_in_the_url_and_htmx_swaps_only_the_results(
    client_as, judged
) -> None:
    client = client_as("analyst")
    response = client.get(
        "/conversations/?q=&queue=billing&agent=&channel=&sort=-accuracy&failing=",
        headers={"HX-Request": "true", "HX-Target": "queue-results"},
    )
    html = response.content.decode()

    assert html.lstrip().startswith('<div id="queue-results"')
    assert "<header" not in html  # no page around it
    assert response["HX-Push-Url"] == "/conversations/?queue=billing&sort=-accuracy"
    assert 'id="queue-sort" hx-swap-oob="true"' in html
    assert "HX-Request" in response["Vary"]
    # Going back in history asks for the whole page.
    restore = client.get(
        "/conversations/?queue=billing",
        headers={"HX-Request": "true", "HX-History-Restore-Request": "true"},
    )
    assert "<header" in restore.content.decode()


def test_a_bad_filter_is_reported_and_the_rest_applies(client_as, judged) -> None:
    html = client_as("analyst").get("/conversations/?accuracy_max=7&agent=none").content.decode()

    assert "Left out:" in html
    assert re.findall(r'class="row-link"[^>]*>([^<]+)<', html) == ["bot-1"]


def test_the_blind_queue_hides_the_judges_scores_and_opens_reviews_blind(client_as, judged) -> None:
    html = client_as("analyst").get("/conversations/?blind=1").content.decode()

    assert "Accuracy</a>" not in html and "Failing items" not in html
    assert re.search(
        r'href="/conversations/\d+/\?evaluation=\d+&amp;blind=1&amp;back=blind%3D1"', html
    )


def test_an_empty_queue_says_why(client_as, cast) -> None:
    html = client_as("analyst").get("/conversations/").content.decode()

    assert "No evaluated conversation yet." in html


def test_the_queue_page_costs_the_same_queries_for_3_rows_or_15(
    client_as, judged, make_summary, judge_now, django_assert_max_num_queries
) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client = client_as("analyst")
    with CaptureQueriesContext(connection) as few:
        client.get("/conversations/")
    judge_now([make_summary() for _ in range(12)], dimensions=("accuracy",))
    with CaptureQueriesContext(connection) as many:
        client.get("/conversations/")

    assert len(many.captured_queries) == len(few.captured_queries)
    with django_assert_max_num_queries(12):
        client.get("/conversations/?q=router&sort=accuracy&queue=billing")
