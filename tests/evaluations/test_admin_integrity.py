"""Django's admin never deletes what was paid for and decided: a conversation or summary that
has evaluations cannot be deleted there (the page names the runs), and runs and evaluations have
no delete at all. Everything is driven through the admin's own pages, as an admin would."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse

from evaluations.models import AccuracyVerdict, EvaluationRun, ModelCall, SummaryEvaluation
from evaluations.services import evaluation_run_create, summary_evaluate
from summaries.models import Conversation, Summary, Turn

pytestmark = pytest.mark.django_db


@pytest.fixture
def judged(make_summary) -> Summary:
    """A summary judged in a finished run, with verdicts and a billed model call."""
    summary = make_summary()
    run = evaluation_run_create(judge="local", summary_ids=[summary.pk], name="March billing audit")
    evaluation = run.evaluations.get()
    summary_evaluate(evaluation_id=evaluation.pk)
    ModelCall.objects.create(
        evaluation=evaluation,
        position=99,
        purpose="accuracy",
        model="claude-sonnet-5",
        input_tokens=900,
        cost_usd=Decimal("0.0123"),
    )
    run.refresh_from_db()
    assert run.status == "finished"
    assert AccuracyVerdict.objects.filter(evaluation=evaluation).exists()
    return summary


def _record_counts() -> tuple[int, int, int, int]:
    return (
        EvaluationRun.objects.count(),
        SummaryEvaluation.objects.count(),
        AccuracyVerdict.objects.count(),
        ModelCall.objects.count(),
    )


def test_deleting_a_judged_conversation_is_refused_naming_the_run(admin_client, judged) -> None:
    conversation = judged.conversation
    run = EvaluationRun.objects.get()
    url = reverse("admin:summaries_conversation_delete", args=[conversation.pk])
    before = _record_counts()

    page = admin_client.get(url)
    posted = admin_client.post(url, {"post": "yes"})

    text = page.content.decode()
    assert "Cannot delete conversation" in text
    assert f"Evaluation run {run.pk} “March billing audit” (finished): 1 evaluation" in text
    assert posted.status_code == 200  # the same refusal, not a redirect after deleting
    assert Conversation.objects.filter(pk=conversation.pk).exists()
    assert _record_counts() == before
    assert SummaryEvaluation.objects.get().model_calls >= 0


def test_the_bulk_delete_action_refuses_judged_conversations(admin_client, judged) -> None:
    other = Conversation.objects.create(
        source="jsonl", external_id="never-judged", channel="chat", content_hash="x"
    )
    url = reverse("admin:summaries_conversation_changelist")
    before = _record_counts()

    response = admin_client.post(
        url,
        {
            "action": "delete_selected",
            "_selected_action": [judged.conversation.pk, other.pk],
            "post": "yes",
        },
    )

    text = response.content.decode()
    assert "Cannot delete conversations" in text
    assert "“March billing audit”" in text
    assert Conversation.objects.count() == 2
    assert _record_counts() == before


def test_deleting_a_judged_summary_is_refused(admin_client, judged) -> None:
    url = reverse("admin:summaries_summary_delete", args=[judged.pk])

    admin_client.post(url, {"post": "yes"})
    page = admin_client.get(url)

    assert "Cannot delete summary" in page.content.decode()
    assert Summary.objects.filter(pk=judged.pk).exists()


def test_deleting_a_summary_in_code_is_refused_too(judged) -> None:
    from django.db.models import ProtectedError

    with pytest.raises(ProtectedError):
        judged.conversation.delete()

    assert SummaryEvaluation.objects.count() == 1


def test_runs_and_evaluations_cannot_be_deleted_in_the_admin(admin_client, judged) -> None:
    run = EvaluationRun.objects.get()
    evaluation = SummaryEvaluation.objects.get()
    before = _record_counts()

    run_page = admin_client.post(
        reverse("admin:evaluations_evaluationrun_delete", args=[run.pk]), {"post": "yes"}
    )
    evaluation_page = admin_client.post(
        reverse("admin:evaluations_summaryevaluation_delete", args=[evaluation.pk]),
        {"post": "yes"},
    )
    changelist = admin_client.get(reverse("admin:evaluations_evaluationrun_changelist"))

    assert (run_page.status_code, evaluation_page.status_code) == (403, 403)
    assert "delete_selected" not in changelist.content.decode()
    assert _record_counts() == before


def test_a_conversation_without_evaluations_can_still_be_deleted(
    admin_client, make_summary
) -> None:
    conversation = make_summary().conversation
    url = reverse("admin:summaries_conversation_delete", args=[conversation.pk])

    page = admin_client.get(url)
    response = admin_client.post(url, {"post": "yes"})

    assert "Are you sure" in page.content.decode()
    assert response.status_code == 302
    assert not Conversation.objects.exists()
    assert not Turn.objects.exists()
