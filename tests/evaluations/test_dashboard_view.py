"""/dashboard/ as a manager sees it: the configuration it shows, the charts' data, the drill-down
links into the queue, the HTMX fragment and the CSV export."""

from __future__ import annotations

import csv
import io
import json
import re
from html import unescape
from urllib.parse import quote

import pytest

from evaluations.models import SummaryEvaluation

pytestmark = pytest.mark.django_db


def _shown_config() -> str:
    """The configuration the page shows (the only one that judged), as its links quote it."""
    evaluation = SummaryEvaluation.objects.filter(status="succeeded").first()
    assert evaluation is not None
    return quote(f"{evaluation.judge}|{evaluation.model}|{evaluation.prompt_version}")


@pytest.fixture
def judged(make_summary, judge_now):
    summaries = [make_summary(), make_summary(summary_amount="$30", channel="voice")]
    judge_now(summaries)
    return summaries


def test_the_page_says_which_judge_configuration_it_shows(client_as, judged):
    html = client_as("manager").get("/dashboard/").content.decode()
    assert "Judge configuration:" in html
    assert "local · prompt local-lexical" in html
    assert "2 summaries, each counted once" in html


def test_each_chart_hands_its_figure_to_the_page_as_json_data(client_as, judged):
    html = client_as("manager").get("/dashboard/").content.decode()
    figures = dict(
        re.findall(r'<div class="chart" id="(chart-[a-z]+)" data-figure="([^"]*)"', html)
    )
    assert set(figures) >= {"chart-trend", "chart-breakdown", "chart-distribution"}
    figure = json.loads(unescape(figures["chart-trend"]))
    assert {"data", "layout"} <= set(figure)
    assert "<script>" not in html  # nothing inline runs


def test_an_empty_period_says_no_data(client_as, judged):
    html = (
        client_as("manager")
        .get("/dashboard/?date_from=1990-01-01&date_to=1990-01-31")
        .content.decode()
    )
    assert "No data for these filters." in html
    assert "data-figure=" not in html


def test_a_weakest_agent_links_to_the_queue_filtered_to_their_conversations(client_as, judged):
    agent = judged[0].conversation.agent
    html = client_as("manager").get("/dashboard/?queue=billing").content.decode()
    # With the configuration the page shows, so the queue opens the evaluations it counted.
    assert (
        f'href="/conversations/?queue=billing&amp;agent={agent.external_id}'
        f'&amp;config={_shown_config()}&amp;sort=accuracy"'
    ) in html


def test_the_htmx_fragment_is_the_results_only_and_pushes_the_url(client_as, judged):
    response = client_as("manager").get(
        "/dashboard/?breakdown=agent&queue=",
        headers={"HX-Request": "true", "HX-Target": "dashboard-results"},
    )
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="dashboard-results"')
    assert "<html" not in html
    assert response["HX-Push-Url"] == "/dashboard/?breakdown=agent"


def test_the_csv_has_the_aggregates_and_the_evaluations_the_filters_select(client_as, judged):
    client = client_as("manager")
    response = client.get("/dashboard/export/?part=evaluations")
    rows = list(csv.reader(io.StringIO(b"".join(response.streaming_content).decode())))
    assert rows[0][:3] == ["evaluation_id", "run_id", "summary_id"]
    assert len(rows) == 3
    response = client.get("/dashboard/export/?part=evaluations&channel=chat")
    rows = list(csv.reader(io.StringIO(b"".join(response.streaming_content).decode())))
    assert len(rows) == 2  # the header and the chat conversation
    response = client.get("/dashboard/export/?part=aggregates")
    assert response["Content-Disposition"] == 'attachment; filename="dashboard-aggregates.csv"'
    rows = list(csv.reader(io.StringIO(b"".join(response.streaming_content).decode())))
    assert rows[0][:4] == ["breakdown", "group", "week", "evaluations"]
    assert {r[0] for r in rows[1:]} == {"all", "queue"}
    assert sum(int(r[3]) for r in rows[1:] if r[0] == "all") == 2


def test_a_bad_filter_is_reported_and_the_others_still_apply(client_as, judged):
    html = client_as("manager").get("/dashboard/?date_from=oops&queue=billing").content.decode()
    assert "From: Enter a valid date." in html


def test_a_weakest_section_links_to_the_queue_of_summaries_with_that_section(client_as, judged):
    client = client_as("manager")
    html = client.get("/dashboard/").content.decode()
    config = _shown_config()
    assert f'href="/conversations/?config={config}&amp;section=situation&amp;sort=-failing"' in html
    with_section = client.get("/conversations/?section=situation").content.decode()
    without = client.get("/conversations/?section=contact_reason").content.decode()
    assert "of 2 conversations matching the filters" in with_section
    assert "No conversation matches these filters" in without
