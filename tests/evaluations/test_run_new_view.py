"""/runs/new/: an admin fills in the scope and configuration, sees the estimate, then starts the
run it showed."""

from __future__ import annotations

import io
import re
from decimal import Decimal

import pytest
from django.core.management import call_command

from evaluations.models import EvaluationRun
from evaluations.services import dispatch, evaluation_run_plan
from evaluations.services.dispatch import HeldMessages

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_broker(held_messages) -> HeldMessages:
    return held_messages


@pytest.fixture
def admin(client_as):
    return client_as("admin")


def _confirm_fields(page: str) -> dict[str, list[str]]:
    """The hidden fields of the estimate's "Start" form, as the browser would post them."""
    form = page[page.index('id="run-estimate"') :]
    fields: dict[str, list[str]] = {}
    for name, value in re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', form):
        if name != "csrfmiddlewaretoken":
            fields.setdefault(name, []).append(value)
    return fields


def test_the_form_starts_from_the_default_judge_and_every_dimension(admin) -> None:
    page = admin.get("/runs/new/").content.decode()

    assert '<option value="local" selected>' in page
    for dimension in ("accuracy", "adherence", "completeness", "summarization"):
        assert re.search(
            rf'<input type="checkbox" name="dimensions" value="{dimension}"[^>]*checked', page
        )
    assert "Estimate" in page and 'id="run-estimate"' not in page


def test_the_estimate_shows_the_figures_and_creates_nothing(admin, make_summary, settings) -> None:
    settings.ANTHROPIC_API_KEY = "sk-test-estimate"
    for _ in range(3):
        make_summary(queue="billing")
    make_summary(queue="sales")
    data = {
        "queues": "billing",
        "judge": "anthropic",
        "model": "claude-sonnet-5",
        "dimensions": ["accuracy", "summarization"],
    }

    page = admin.post("/runs/new/", {**data, "action": "estimate"}).content.decode()

    plan = evaluation_run_plan(
        judge="anthropic",
        model="claude-sonnet-5",
        dimensions=["accuracy", "summarization"],
        queues=["billing"],
    )
    estimate = page[page.index('id="run-estimate"') :]
    assert "<th>Summaries</th><td>3" in estimate
    assert f"about {plan.estimate.calls}" in estimate and plan.estimate.calls == 3 * 3
    assert f"about {plan.estimate.prompt_tokens} prompt" in estimate
    assert f"{plan.estimate.output_tokens} output" in estimate
    assert f"${plan.run.estimated_cost_usd:.4f}" in estimate
    assert plan.run.estimated_cost_usd > 0
    assert EvaluationRun.objects.count() == 0


def test_starting_the_estimated_run_creates_it_enqueues_it_and_opens_its_page(
    admin, make_summary, held_messages, cast, django_capture_on_commit_callbacks
) -> None:
    summaries = [make_summary() for _ in range(5)]
    data = {
        "judge": "local",
        "dimensions": ["accuracy", "completeness"],
        "sample_size": "3",
        "name": "Weekly sample",
    }
    page = admin.post("/runs/new/", {**data, "action": "estimate"}).content.decode()
    confirm = _confirm_fields(page)
    seed = int(confirm["sample_seed"][0])  # drawn by the estimate, carried to the start

    with django_capture_on_commit_callbacks(execute=True):
        response = admin.post("/runs/new/", {**confirm, "action": "start"})

    run = EvaluationRun.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/evaluations/runs/{run.pk}/"
    assert (run.name, run.total, run.sample_seed, run.created_by) == (
        "Weekly sample",
        3,
        seed,
        cast["admin"],
    )
    assert run.dimensions == ["accuracy", "completeness"]
    planned = evaluation_run_plan(
        judge="local", summary_ids=None, sample_size=3, sample_seed=seed
    ).summary_ids
    assert sorted(run.evaluations.values_list("summary_id", flat=True)) == planned
    assert len(summaries) == 5
    assert held_messages.fanned_out == [run.pk]  # through dispatch, the one enqueuer
    page = admin.get(response["Location"]).content.decode()
    assert "Weekly sample: started, 3 summaries queued." in page
    assert "<progress" in page


def test_a_scope_that_grew_since_the_estimate_is_shown_again_not_started(
    admin, make_summary
) -> None:
    make_summary()
    page = admin.post(
        "/runs/new/", {"judge": "local", "dimensions": ["accuracy"], "action": "estimate"}
    ).content.decode()
    confirm = _confirm_fields(page)
    make_summary()  # an import in between

    page = admin.post("/runs/new/", {**confirm, "action": "start"}).content.decode()

    assert "The scope now matches 2 summaries, not the 1 estimated" in page
    assert "<th>Summaries</th><td>2" in page
    assert _confirm_fields(page)["expected_total"] == ["2"]
    assert EvaluationRun.objects.count() == 0


def test_refusals_name_what_is_wrong(admin, make_summary, settings) -> None:
    settings.ANTHROPIC_API_KEY = ""
    make_summary(queue="billing")

    nothing = admin.post(
        "/runs/new/",
        {"queues": "nowhere", "judge": "local", "dimensions": ["accuracy"], "action": "estimate"},
    ).content.decode()
    no_key = admin.post(
        "/runs/new/", {"judge": "anthropic", "dimensions": ["accuracy"], "action": "estimate"}
    ).content.decode()
    bad_fields = admin.post(
        "/runs/new/", {"judge": "local", "sample_seed": "4", "action": "estimate"}
    ).content.decode()

    assert "No summary matches this scope: queue nowhere." in nothing
    assert "The anthropic judge needs ANTHROPIC_API_KEY" in no_key
    assert "A seed is the seed of a sample: give a sample size." in bad_fields
    assert "Choose at least one dimension." in bad_fields
    assert 'id="run-estimate"' not in nothing + no_key + bad_fields
    assert EvaluationRun.objects.count() == 0


def test_over_htmx_the_form_and_its_estimate_are_swapped_in_place(admin, make_summary) -> None:
    make_summary()

    response = admin.post(
        "/runs/new/",
        {"judge": "local", "dimensions": ["accuracy"], "action": "estimate"},
        headers={"HX-Request": "true"},
    )

    fragment = response.content.decode()
    assert fragment.lstrip().startswith('<div id="run-form">')
    assert "<html" not in fragment
    assert "none: the offline judge calls no model" in fragment


def test_the_page_and_the_command_estimate_the_same_scope_alike(
    admin, make_summary, settings
) -> None:
    settings.ANTHROPIC_API_KEY = "sk-test-same"
    for queue in ("billing", "billing", "sales"):
        make_summary(queue=queue, agent="agent-7")
    out = io.StringIO()
    call_command(
        "run_evaluation",
        "--estimate",
        "--queue",
        "billing",
        "--agent",
        "agent-7",
        "--judge",
        "anthropic",
        "--dimensions",
        "accuracy",
        stdout=out,
    )
    page = admin.post(
        "/runs/new/",
        {
            "queues": "billing",
            "agents": "agent-7",
            "judge": "anthropic",
            "dimensions": ["accuracy"],
            "action": "estimate",
        },
    ).content.decode()

    cost = re.search(r"estimated cost \$([0-9]+\.[0-9]{4})", out.getvalue()).group(1)
    assert "Estimate: 2 summaries" in out.getvalue()
    assert "<th>Summaries</th><td>2" in page
    assert Decimal(cost) > 0
    assert f"${cost}</strong>" in page


def test_the_run_list_offers_a_new_run_to_admins_only(client_as) -> None:
    assert 'href="/runs/new/"' in client_as("admin").get("/runs/").content.decode()
    assert 'href="/runs/new/"' not in client_as("manager").get("/runs/").content.decode()


def test_the_run_page_shows_how_far_the_run_is_in_percent(admin, make_summary) -> None:
    with dispatch.held():
        from evaluations.services import evaluation_run_create

        run = evaluation_run_create(
            judge="local", summary_ids=[make_summary().pk for _ in range(4)]
        )
    run.evaluations.filter(pk=run.evaluations.order_by("pk").first().pk).update(status="succeeded")

    fragment = admin.get(
        f"/evaluations/runs/{run.pk}/?fragment=status", headers={"HX-Request": "true"}
    ).content.decode()

    assert '<progress max="4" value="1"' in fragment
    assert "25%" in fragment
    assert 'hx-trigger="every 2s"' in fragment  # polled while the run goes on


def test_the_form_sets_the_coverage_questions_and_batch_delivery(
    admin, make_summary, settings, django_capture_on_commit_callbacks
) -> None:
    settings.ANTHROPIC_API_KEY = "sk-test-batch"
    make_summary()
    data = {
        "judge": "anthropic",
        "dimensions": ["summarization"],
        "max_questions": "4",
        "batch": "on",
        "action": "estimate",
    }

    page = admin.post("/runs/new/", data).content.decode()
    with django_capture_on_commit_callbacks(execute=True):
        admin.post("/runs/new/", {**_confirm_fields(page), "action": "start"})

    estimate = page[page.index('id="run-estimate"') :]
    assert "at most 4 coverage questions" in estimate
    assert "Message Batches: half price" in estimate
    run = EvaluationRun.objects.get()
    assert (run.max_questions, run.batch) == (4, True)


def test_too_many_coverage_questions_are_refused_on_the_field(admin, make_summary) -> None:
    make_summary()

    page = admin.post(
        "/runs/new/",
        {"judge": "local", "dimensions": ["summarization"], "max_questions": "100000"},
    ).content.decode()

    assert "Ensure this value is less than or equal to 100." in page
    assert 'id="run-estimate"' not in page


def test_a_scope_an_active_run_already_judges_is_shown_with_that_run(
    admin, make_summary, django_capture_on_commit_callbacks
) -> None:
    make_summary(queue="billing")
    data = {"queues": "billing", "judge": "local", "dimensions": ["accuracy"]}
    first = admin.post("/runs/new/", {**data, "action": "estimate"}).content.decode()
    assert "already judges this scope" not in first
    with django_capture_on_commit_callbacks(execute=True):
        admin.post("/runs/new/", {**_confirm_fields(first), "action": "start"})
    active = EvaluationRun.objects.get()

    # The same estimate again: the warning names the active run, and only "anyway" starts.
    second = admin.post("/runs/new/", {**data, "action": "estimate"}).content.decode()
    anyway = _confirm_fields(second)
    with django_capture_on_commit_callbacks(execute=True):
        admin.post("/runs/new/", {**anyway, "action": "start"})

    assert f'href="/evaluations/runs/{active.pk}/"' in second
    assert "already judges this scope with the same configuration" in second
    assert "Start another run anyway (1 summary)" in second
    assert anyway["force"] == ["on"]
    assert EvaluationRun.objects.count() == 2


def test_a_start_posted_twice_starts_one_run(
    admin, make_summary, django_capture_on_commit_callbacks
) -> None:
    make_summary()
    page = admin.post(
        "/runs/new/", {"judge": "local", "dimensions": ["accuracy"], "action": "estimate"}
    ).content.decode()
    confirm = _confirm_fields(page)
    with django_capture_on_commit_callbacks(execute=True):
        admin.post("/runs/new/", {**confirm, "action": "start"})

    again = admin.post("/runs/new/", {**confirm, "action": "start"}).content.decode()

    run = EvaluationRun.objects.get()
    assert f'href="/evaluations/runs/{run.pk}/"' in again
    assert "Start another run anyway" in again
