"""/runs: create or estimate, read, evaluations page by page, cancel, retry-failed."""

from __future__ import annotations

import pytest

from evaluations.models import EvaluationRun, SummaryEvaluation
from tests.api.conftest import API

pytestmark = pytest.mark.django_db

ROLES = ("none", "revoked", "stranger", "analyst", "manager", "admin")
REFUSED = {"none": 401, "revoked": 401, "stranger": 403}


def _statuses(allowed: int, *, analyst: int | None = None) -> dict[str, int]:
    return {**REFUSED, "analyst": analyst or allowed, "manager": allowed, "admin": allowed}


def _post(client, path, body=None):
    return client.post(f"{API}{path}", body or {}, content_type="application/json")


@pytest.mark.parametrize("role", ROLES)
def test_who_may_create_a_run(api_client, make_summary, held_messages, role) -> None:
    make_summary()
    expected = {**_statuses(201, analyst=403), "manager": 403}[role]
    response = _post(api_client(role), "/runs", {"judge": "local", "queues": ["billing"]})
    assert response.status_code == expected, response.content
    assert EvaluationRun.objects.count() == (1 if expected == 201 else 0)


def test_a_run_goes_through_the_same_scope_and_is_enqueued(
    api_client, make_summary, held_messages
) -> None:
    make_summary(queue="billing")
    make_summary(queue="sales")
    response = _post(
        api_client("admin"), "/runs", {"judge": "local", "queues": ["billing"], "name": "api"}
    )
    body = response.json()
    assert body["total"] == 1 and body["scope"] == "queue billing" and body["status"] == "queued"
    assert body["progress"]["queued"] == 1
    run = EvaluationRun.objects.get(pk=body["id"])
    assert run.created_by.username == "admin" and run.queues == ["billing"]
    assert held_messages  # the fan-out was sent once the transaction committed


def test_estimate_only_prices_the_run_and_creates_nothing(api_client, make_summary) -> None:
    make_summary()
    make_summary()
    response = _post(
        api_client("admin"), "/runs", {"judge": "local", "estimate_only": True, "sample_size": 1}
    )
    assert response.status_code == 200
    body = response.json()
    assert (body["id"], body["status"], body["total"]) == (None, "estimate", 1)
    assert body["sample_seed"] is not None
    assert not EvaluationRun.objects.exists()


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"judge": "oracle"}, "judge"),
        ({"judge": "local", "sample_seed": 4}, "sample_seed"),  # a seed without a sample
        ({"judge": "local", "sample_size": 0}, "sample_size"),
        ({"judge": "local", "summary_ids": [10**30]}, "summary_ids"),
        ({"judge": "local", "date_from": "yesterday"}, "date_from"),
        ({"judge": "local", "dimensions": ["taste"]}, None),
        ({"judge": "local", "queues": ["nowhere"]}, None),  # matches no summary
    ],
)
def test_a_bad_run_is_a_400_naming_the_field(api_client, make_summary, body, field) -> None:
    make_summary()
    response = _post(api_client("admin"), "/runs", body)
    assert response.status_code == 400, response.content
    assert response.json()["field"] == field
    assert not EvaluationRun.objects.exists()


@pytest.mark.parametrize("role", ROLES)
def test_who_may_read_a_run_and_its_evaluations(api_client, make_summary, judge_now, role):
    run = judge_now([make_summary()])
    expected = _statuses(200)[role]
    assert api_client(role).get(f"{API}/runs/{run.pk}").status_code == expected
    assert api_client(role).get(f"{API}/runs/{run.pk}/evaluations").status_code == expected


def test_a_finished_run_reads_with_totals_and_costs(api_client, make_summary, judge_now) -> None:
    run = judge_now([make_summary(), make_summary()])
    body = api_client("analyst").get(f"{API}/runs/{run.pk}").json()
    assert body["status"] == "finished"
    assert (body["total"], body["evaluated"], body["progress"]["succeeded"]) == (2, 2, 2)
    assert body["estimated_cost_usd"] == 0 and body["cost_usd"] == 0  # the offline judge
    assert api_client("analyst").get(f"{API}/runs/999999").status_code == 404


def test_evaluations_come_page_by_page_with_every_verdict(
    api_client, make_summary, judge_now
) -> None:
    run = judge_now([make_summary() for _ in range(3)])
    client = api_client("analyst")
    first = client.get(f"{API}/runs/{run.pk}/evaluations?limit=2").json()
    assert len(first["items"]) == 2 and first["next_cursor"]
    assert {"accuracy_points", "adherence_rubrics", "section_scores"} <= set(first["items"][0])
    second = client.get(f"{API}/runs/{run.pk}/evaluations?limit=2&cursor={first['next_cursor']}")
    items = second.json()["items"]
    assert len(items) == 1 and second.json()["next_cursor"] is None
    ids = [item["evaluation"] for item in first["items"] + items]
    assert ids == sorted(SummaryEvaluation.objects.filter(run=run).values_list("pk", flat=True))


def test_the_conversation_shows_its_latest_evaluation_with_verdicts(
    api_client, make_summary, judge_now
) -> None:
    summary = make_summary()
    judge_now([summary])
    body = api_client("analyst").get(f"{API}/conversations/{summary.conversation_id}").json()
    evaluation = body["summaries"][0]["latest_evaluation"]
    assert evaluation["status"] == "succeeded"
    assert evaluation["accuracy_points"]


def test_the_queue_lists_page_by_page_without_repeats(api_client, make_summary, judge_now):
    judge_now([make_summary() for _ in range(5)])
    client = api_client("analyst")
    for sort in ("-started", "accuracy", "-failing"):
        seen, cursor = [], ""
        while True:
            url = f"{API}/conversations?limit=2&sort={sort}" + (
                f"&cursor={cursor}" if cursor else ""
            )
            page = client.get(url).json()
            seen += [row["evaluation_id"] for row in page["items"]]
            cursor = page["next_cursor"]
            if not cursor:
                break
        assert len(seen) == len(set(seen)) == 5, sort


@pytest.mark.parametrize("action", [":cancel", ":retry-failed"])
@pytest.mark.parametrize("role", ROLES)
def test_who_may_cancel_or_retry(api_client, make_summary, held_messages, action, role) -> None:
    from evaluations.services import evaluation_run_create

    run = evaluation_run_create(judge="local", summary_ids=[make_summary().pk])
    response = _post(api_client(role), f"/runs/{run.pk}{action}")
    assert response.status_code == _statuses(200, analyst=403)[role]


def test_cancel_stops_a_queued_run(api_client, make_summary, held_messages) -> None:
    from evaluations.services import evaluation_run_create

    run = evaluation_run_create(judge="local", summary_ids=[make_summary().pk])
    body = _post(api_client("manager"), f"/runs/{run.pk}:cancel").json()
    assert body["status"] == "cancelled" and body["progress"]["cancelled"] == 1


def test_retry_failed_queues_the_failures_again(api_client, make_summary, judge_now) -> None:
    run = judge_now([make_summary()])
    SummaryEvaluation.objects.filter(run=run).update(status="failed", error="boom")
    EvaluationRun.objects.filter(pk=run.pk).update(status="finished_with_failures", failed=1)
    body = _post(api_client("admin"), f"/runs/{run.pk}:retry-failed").json()
    assert body["retried"] == 1 and body["run"]["status"] == "running"


def test_an_unknown_path_or_method_is_json(api_client) -> None:
    client = api_client("admin")
    response = client.get(f"{API}/nothing-here")
    assert (response.status_code, response.json()["code"]) == (404, "not_found")
    response = client.delete(f"{API}/runs")
    assert (response.status_code, response.json()["code"]) == (405, "method_not_allowed")


def test_a_run_posted_twice_is_a_409_naming_the_active_run_unless_forced(
    api_client, make_summary, held_messages
) -> None:
    make_summary(queue="billing")
    client = api_client("admin")
    body = {"judge": "local", "queues": ["billing"]}
    first = _post(client, "/runs", body)

    again = _post(client, "/runs", body)
    forced = _post(client, "/runs", {**body, "force": True})

    run_id = first.json()["id"]
    assert again.status_code == 409
    assert again.json()["code"] == "duplicate_run"
    assert f"/api/v1/runs/{run_id}" in again.json()["message"]
    assert forced.status_code == 201
    assert EvaluationRun.objects.count() == 2


def test_a_batch_run_is_refused_for_the_offline_judge(api_client, make_summary) -> None:
    make_summary()
    response = _post(api_client("admin"), "/runs", {"judge": "local", "batch": True})
    assert response.status_code == 400
    assert "Message Batches" in response.json()["message"]
