"""/settings/judge/: the defaults of new runs, saved by admins; the API key stays in the
environment, and no response, log line or row ever holds it."""

from __future__ import annotations

import io
import logging

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command

from evaluations.models import EvaluationRun, JudgeSettings
from evaluations.services import judge_settings_update

pytestmark = pytest.mark.django_db

SECRET_KEY = "sk-ant-api03-SECRET-do-not-show-4f7c2a"


@pytest.fixture(autouse=True)
def no_broker(held_messages) -> None:
    pass


@pytest.fixture
def admin(client_as):
    return client_as("admin")


def test_without_a_key_the_page_says_so_and_offers_the_environment_defaults(
    admin, settings
) -> None:
    settings.ANTHROPIC_API_KEY = ""

    page = admin.get("/settings/judge/").content.decode()

    assert "Not configured." in page
    assert "Not saved yet: the environment" in page
    assert '<option value="local" selected>' in page
    assert 'name="api_key"' not in page and "password" not in page.lower()


def test_an_admin_saves_the_defaults_and_new_runs_start_from_them(
    admin, cast, make_summary
) -> None:
    response = admin.post(
        "/settings/judge/",
        {"judge": "local", "model": "claude-opus-5", "dimensions": ["completeness", "accuracy"]},
    )

    stored = JudgeSettings.objects.get()
    assert response.status_code == 302
    assert (stored.judge, stored.model, stored.dimensions, stored.updated_by) == (
        "local",
        "claude-opus-5",
        ["accuracy", "completeness"],  # in the judge's order
        cast["admin"],
    )
    page = admin.get("/settings/judge/").content.decode()
    assert "Judge settings saved" in page and "by admin" in page
    form = admin.get("/runs/new/").content.decode()
    assert 'value="accuracy" id="id_dimensions_0" checked' in form
    assert 'value="adherence" id="id_dimensions_1" checked' not in form
    # The command takes the same defaults when it is not told otherwise.
    make_summary()
    out = io.StringIO()
    call_command("run_evaluation", "--estimate", stdout=out)
    assert "judge local (local); dimensions accuracy, completeness" in out.getvalue()


def test_a_claude_default_model_is_what_a_run_that_names_none_gets(
    admin, make_summary, settings
) -> None:
    settings.ANTHROPIC_API_KEY = "sk-test-model"
    make_summary()
    judge_settings_update(
        judge="anthropic", model="claude-haiku-4-5", dimensions=["accuracy"], updated_by=None
    )

    form = admin.get("/runs/new/").content.decode()
    out = io.StringIO()
    call_command("run_evaluation", "--estimate", stdout=out)
    judge_settings_update(judge="anthropic", model="", dimensions=["accuracy"], updated_by=None)
    blank = io.StringIO()
    call_command("run_evaluation", "--estimate", stdout=blank)

    assert '<option value="anthropic" selected>' in form
    assert 'value="claude-haiku-4-5"' in form
    assert "judge anthropic (claude-haiku-4-5); dimensions accuracy" in out.getvalue()
    assert f"judge anthropic ({settings.JUDGE_MODEL})" in blank.getvalue()


@pytest.mark.parametrize(
    ("values", "field", "message"),
    [
        ({"judge": "gpt"}, "judge", "Unknown judge 'gpt'"),
        ({"model": "Claude Sonnet!"}, "model", "is not a model id"),
        ({"dimensions": []}, "dimensions", "got none"),
        ({"dimensions": ["accuracy", "tone"]}, "dimensions", "got tone"),
    ],
)
def test_the_service_refuses_naming_the_field(values, field: str, message: str) -> None:
    arguments = {"judge": "local", "model": "", "dimensions": ["accuracy"], **values}

    with pytest.raises(ValidationError) as refused:
        judge_settings_update(updated_by=None, **arguments)

    assert message in " ".join(refused.value.message_dict[field])
    assert not JudgeSettings.objects.exists()


def test_the_page_shows_refusals_beside_their_field(admin) -> None:
    page = admin.post(
        "/settings/judge/", {"judge": "local", "model": "Not A Model", "dimensions": []}
    ).content.decode()

    assert "Choose at least one dimension." in page
    assert not JudgeSettings.objects.exists()


def test_the_api_key_never_appears_in_a_response_a_log_line_or_the_database(
    admin, make_summary, settings, caplog, judge_now, django_capture_on_commit_callbacks
) -> None:
    settings.ANTHROPIC_API_KEY = SECRET_KEY
    caplog.set_level(logging.DEBUG)
    summary = make_summary()
    judged = judge_now([summary])
    run_data = {"judge": "anthropic", "dimensions": ["accuracy"]}

    responses = [
        admin.get("/settings/judge/"),
        admin.post(
            "/settings/judge/", {"judge": "anthropic", "model": "", "dimensions": ["accuracy"]}
        ),
        admin.post("/settings/judge/", {"judge": "nope", "dimensions": ["accuracy"]}),
        admin.get("/settings/judge/"),
        admin.get("/runs/new/"),
        admin.post("/runs/new/", {**run_data, "action": "estimate"}),
        admin.post(
            "/runs/new/", {**run_data, "action": "estimate"}, headers={"HX-Request": "true"}
        ),
        admin.get("/runs/"),
        admin.get(f"/evaluations/runs/{judged.pk}/"),
        admin.get(f"/evaluations/runs/{judged.pk}/export.jsonl"),
    ]
    with django_capture_on_commit_callbacks(execute=True):
        responses.append(admin.post("/runs/new/", {**run_data, "action": "start"}))
    started = EvaluationRun.objects.exclude(pk=judged.pk).get()
    responses.append(admin.get(f"/evaluations/runs/{started.pk}/"))

    assert "<strong>Configured</strong>" in responses[0].content.decode()
    for response in responses:
        body = (
            b"".join(response.streaming_content) if response.streaming else response.content
        ).decode()
        headers = str(response.headers)
        assert SECRET_KEY not in body and SECRET_KEY not in headers, response.request["PATH_INFO"]
        assert SECRET_KEY[:16] not in body and SECRET_KEY[-8:] not in body
    assert SECRET_KEY not in caplog.text
    dump = io.StringIO()
    call_command("dumpdata", stdout=dump)
    assert SECRET_KEY not in dump.getvalue()
