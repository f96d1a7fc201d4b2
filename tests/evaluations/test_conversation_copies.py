"""The conversation's start, queue and channel copied onto each evaluation (for the queue), kept
by the database's triggers (evaluations migration 0020) whatever writes the rows."""

from __future__ import annotations

import datetime as dt

import pytest

from evaluations.models import AccuracyVerdict, SummaryEvaluation
from evaluations.queue import QueueFilters, queue_rows
from evaluations.services.reviews import verdict_review_save
from summaries.models import Conversation, Summary

pytestmark = pytest.mark.django_db

MARCH_2 = dt.datetime(2026, 3, 2, 10, 0, tzinfo=dt.UTC)
MARCH_9 = dt.datetime(2026, 3, 9, 10, 0, tzinfo=dt.UTC)


def _copies(evaluation: SummaryEvaluation) -> tuple[dt.datetime | None, str, str]:
    evaluation.refresh_from_db()
    return (
        evaluation.conversation_started_at,
        evaluation.conversation_queue,
        evaluation.conversation_channel,
    )


def _queue(cast, **filters) -> list[str]:
    rows = queue_rows(filters=QueueFilters(**filters), user=cast["analyst"])
    return [row.summary.conversation.external_id for row in rows]


def test_a_new_run_copies_its_conversations_start_queue_and_channel(
    make_summary, judge_now
) -> None:
    summary = make_summary("a", queue="sales", channel="voice", started_at=MARCH_2)
    unknown_start = make_summary("b", queue="")
    Conversation.objects.filter(pk=unknown_start.conversation_id).update(started_at=None)

    run = judge_now([summary, unknown_start], dimensions=("accuracy",))

    by_id = {e.summary.conversation.external_id: e for e in run.evaluations.all()}
    assert _copies(by_id["a"]) == (MARCH_2, "sales", "voice")
    assert _copies(by_id["b"]) == (None, "", "chat")


def test_a_second_run_and_an_override_leave_the_copies_right(make_summary, judge_now, cast) -> None:
    summary = make_summary("a", queue="sales", started_at=MARCH_2)
    first = judge_now([summary], dimensions=("accuracy",)).evaluations.get()
    second = judge_now([summary], dimensions=("accuracy",), name="Again").evaluations.get()
    point = AccuracyVerdict.objects.filter(evaluation=second).first()
    assert point is not None

    verdict_review_save(
        user=cast["analyst"], kind="accuracy_point", item_id=point.pk, human_value=False
    )

    assert _copies(first) == _copies(second) == (MARCH_2, "sales", "chat")
    assert _queue(cast, queue="sales", date_from=dt.date(2026, 3, 2)) == ["a"]


def test_editing_a_conversation_moves_its_evaluations_in_the_queue(
    make_summary, judge_now, cast
) -> None:
    summary = make_summary("a", queue="billing", channel="chat", started_at=MARCH_2)
    evaluation = judge_now([summary], dimensions=("accuracy",)).evaluations.get()
    conversation = Conversation.objects.get(pk=summary.conversation_id)

    conversation.queue = "retention"
    conversation.channel = "voice"
    conversation.started_at = MARCH_9
    conversation.save()  # as the admin saves it: every column

    assert _copies(evaluation) == (MARCH_9, "retention", "voice")
    assert _queue(cast, queue="billing") == []
    assert _queue(cast, queue="retention", channel="voice", date_from=dt.date(2026, 3, 9)) == ["a"]


def test_a_save_from_a_stale_instance_does_not_overwrite_the_copies(
    make_summary, judge_now
) -> None:
    summary = make_summary("a", queue="billing", started_at=MARCH_2)
    evaluation = judge_now([summary], dimensions=("accuracy",)).evaluations.get()
    stale = SummaryEvaluation.objects.get(pk=evaluation.pk)
    Conversation.objects.filter(pk=summary.conversation_id).update(queue="sales")

    stale.notes = "checked"
    stale.save()  # writes its old conversation_queue, "billing"

    assert _copies(evaluation) == (MARCH_2, "sales", "chat")


def test_a_summary_moved_to_another_conversation_takes_its_values(make_summary, judge_now) -> None:
    summary = make_summary("a", queue="billing", started_at=MARCH_2)
    other = make_summary("b", queue="claims", channel="voice", started_at=MARCH_9)
    evaluation = judge_now([summary], dimensions=("accuracy",)).evaluations.get()

    Summary.objects.filter(pk=summary.pk).update(conversation_id=other.conversation_id)

    assert _copies(evaluation) == (MARCH_9, "claims", "voice")
