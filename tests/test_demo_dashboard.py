"""`make demo` shows a dashboard worth opening: once the demo run has judged every summary, seven
weeks of data, the summarizer's change drawn as a marker, and the analysts' agreement."""

from __future__ import annotations

from io import StringIO

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command

from devkit.demo.reviews import DEMO_RUN_NAME, demo_reviews_ensure
from evaluations import dashboard
from evaluations.models import EvaluationRun
from evaluations.services import summary_evaluate


@pytest.mark.django_db
def test_the_demo_dashboard_has_seven_weeks_and_a_marker(settings, client) -> None:
    settings.DEBUG = True  # a development machine: load_demo's published logins are allowed
    call_command("load_demo", stdout=StringIO())
    run = EvaluationRun.objects.get(name=DEMO_RUN_NAME)
    for pk in run.evaluations.order_by("pk").values_list("pk", flat=True):
        summary_evaluate(evaluation_id=pk)  # what the demo's worker does
    demo_reviews_ensure()

    report = dashboard.dashboard_report(dashboard.DashboardFilters())
    assert len(report.trend.table.rows) == 7
    assert report.trend.has_data and report.agreement.has_data
    assert [(m.kind, m.label) for m in report.trend.markers] == [("summarizer", "summarizer-v4")]

    client.force_login(User.objects.get(username="manager"))
    response = client.get("/", follow=True)
    assert response.redirect_chain[-1][0] == "/dashboard/"  # the manager starts there
    html = response.content.decode()
    assert "Summarizer: summarizer-v4" in html
