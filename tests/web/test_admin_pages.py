"""Every page of Django's admin opens without a server error: for each registered model, its
list, its "Add" page (shown and posted empty), and the change page of a stored row (shown and
posted empty). The rows come from one judged summary, so every model has one."""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.urls import reverse

from evaluations.services import evaluation_run_create, summary_evaluate

pytestmark = pytest.mark.django_db


@pytest.fixture
def stored(make_summary, admin_user) -> None:
    summary = make_summary()
    run = evaluation_run_create(judge="local", summary_ids=[summary.pk], name="Walk")
    summary_evaluate(evaluation_id=run.evaluations.get().pk)
    # django-axes' records of logins (a lockout's bookkeeping).
    from axes.models import AccessAttempt, AccessFailureLog, AccessLog

    who = {"username": "mallory", "ip_address": "10.0.0.9", "user_agent": "test"}
    AccessAttempt.objects.create(**who, failures_since_start=1)
    AccessFailureLog.objects.create(**who)
    AccessLog.objects.create(**who)


def _admin_pages() -> list[tuple[str, str]]:
    return [
        (model._meta.app_label, model._meta.model_name)
        for model in admin.site._registry  # every model the project and Django register
    ]


def test_the_walk_covers_the_project_models() -> None:
    names = {f"{app}.{model}" for app, model in _admin_pages()}

    assert {
        "summaries.sectiondefinition",
        "evaluations.rubricquestionset",
        "evaluations.evaluationrun",
        "auth.user",
    } <= names


@pytest.mark.parametrize(("app_label", "model_name"), _admin_pages())
def test_no_admin_page_of_a_model_is_a_server_error(
    admin_client, stored, app_label: str, model_name: str
) -> None:
    model = admin.site._registry and next(
        m
        for m in admin.site._registry
        if (m._meta.app_label, m._meta.model_name) == (app_label, model_name)
    )
    prefix = f"admin:{app_label}_{model_name}"
    visited: list[tuple[str, int]] = []

    def visit(method: str, url: str) -> None:
        response = admin_client.post(url, {}) if method == "POST" else admin_client.get(url)
        visited.append((f"{method} {url}", response.status_code))

    visit("GET", reverse(f"{prefix}_changelist"))
    visit("GET", reverse(f"{prefix}_add"))
    visit("POST", reverse(f"{prefix}_add"))
    row = model._default_manager.order_by("pk").first()
    assert row is not None, f"no stored {model_name} to open"
    visit("GET", reverse(f"{prefix}_change", args=[row.pk]))
    visit("POST", reverse(f"{prefix}_change", args=[row.pk]))

    assert [page for page in visited if page[1] >= 500] == []
    assert all(status in (200, 302, 403) for _, status in visited), visited
