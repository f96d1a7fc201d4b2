"""The queue's summarizer and judge-configuration filters, and the dashboard's drill-down links
that carry every dashboard filter into the queue."""

from __future__ import annotations

import datetime as dt
import re
from html import unescape
from urllib.parse import parse_qs, urlsplit

import pytest

from evaluations import judging
from evaluations.calibration_selectors import JudgeVersion
from evaluations.models import SummaryEvaluation
from tests.evaluations.conftest import ScriptedJudge

pytestmark = pytest.mark.django_db

MONDAY = dt.datetime(2026, 3, 2, 10, 0, tzinfo=dt.UTC)


def _evaluation_ids(html: str) -> list[int]:
    return [int(pk) for pk in re.findall(r'class="row-link" href="[^"]*\?evaluation=(\d+)', html)]


@pytest.fixture
def two_configurations(make_summary, judge_now, monkeypatch):
    """Three conversations by two summarizers, judged by the offline judge; then two of them
    again by a scripted judge (another configuration, and the newer run: their latest)."""
    v3 = make_summary("v3-a", started_at=MONDAY)
    v4 = make_summary(
        "v4-a", generator="summarizer-v4", channel="voice", started_at=MONDAY + dt.timedelta(1)
    )
    other = make_summary("v4-b", generator="summarizer-v4", queue="sales", started_at=MONDAY)
    judge_now([v3, v4, other])
    monkeypatch.setattr(judging, "judge_build", lambda **_: ScriptedJudge())
    judge_now([v3, v4])
    local = SummaryEvaluation.objects.filter(summary=v3).order_by("run_id").first()
    assert local is not None
    return {
        "summaries": (v3, v4, other),
        "local": JudgeVersion(local.judge, local.model, local.prompt_version),
        "scripted": JudgeVersion("local", "scripted", "scripted-1"),
    }


def test_the_summarizer_filter_keeps_that_summarizers_conversations(client_as, two_configurations):
    html = client_as("analyst").get("/conversations/?generator=summarizer-v4").content.decode()
    assert "Showing 1–2 of 2 conversations matching the filters." in html
    assert "v4-a" in html and "v4-b" in html and "v3-a" not in html
    assert '<option value="summarizer-v4" selected>' in html


def test_a_configuration_shows_each_summarys_latest_evaluation_under_it(
    client_as, two_configurations
):
    analyst = client_as("analyst")
    v3, v4, other = two_configurations["summaries"]
    latest = _evaluation_ids(analyst.get("/conversations/").content.decode())
    local = two_configurations["local"]
    html = analyst.get("/conversations/", {"config": local.token}).content.decode()
    expected = SummaryEvaluation.objects.filter(model=local.model, summary__in=[v3, v4, other])
    assert sorted(_evaluation_ids(html)) == sorted(expected.values_list("pk", flat=True))
    assert set(_evaluation_ids(html)).isdisjoint(
        SummaryEvaluation.objects.filter(is_latest=True, model="scripted").values_list(
            "pk", flat=True
        )
    )
    assert len(latest) == 3  # without it: each summary's latest, whatever judged it
    scripted = two_configurations["scripted"].token
    html = analyst.get("/conversations/", {"config": scripted}).content.decode()
    assert "Showing 1–2 of 2 conversations matching the filters." in html
    assert f'<option value="{scripted}" selected>' in html


def test_a_configuration_that_is_not_one_is_reported(client_as, two_configurations):
    html = client_as("analyst").get("/conversations/?config=nonsense").content.decode()
    assert "Judge configuration: Give the judge configuration as judge|model|prompt" in html
    assert "Showing 1–3 of 3 conversations." in html  # the other filters still apply


def test_the_weakest_agent_link_carries_every_dashboard_filter_and_the_queue_honours_it(
    client_as, two_configurations
):
    client = client_as("manager")
    local = two_configurations["local"]
    filters = {
        "date_from": "2026-03-01",
        "date_to": "2026-03-08",
        "queue": "billing",
        "channel": "voice",
        "generator": "summarizer-v4",
        "config": local.token,
    }
    html = client.get("/dashboard/", filters).content.decode()
    links = re.findall(r'href="(/conversations/\?[^"]*agent=[^"]*)"', html)
    assert links
    query = parse_qs(urlsplit(unescape(links[0])).query)
    assert {name: query[name][0] for name in filters} == filters
    queue = client.get(unescape(links[0])).content.decode()
    (v4_evaluation,) = SummaryEvaluation.objects.filter(
        summary=two_configurations["summaries"][1], model=local.model
    )
    assert _evaluation_ids(queue) == [v4_evaluation.pk]


def test_a_drill_down_names_the_configuration_the_dashboard_chose(client_as, two_configurations):
    html = client_as("manager").get("/dashboard/").content.decode()
    # The default is the configuration with the most evaluations: the offline judge's.
    token = two_configurations["local"].token
    links = [unescape(link) for link in re.findall(r'href="(/conversations/\?[^"]*)"', html)]
    assert links and all(parse_qs(urlsplit(link).query)["config"] == [token] for link in links)
