"""The judges take a conversation with no human agent as it is: imported from a vendor file that
says `"agent": {"id": null, "name": null}`, judged by the local judge and by Claude (the real SDK
against the fake Messages API server), with verdicts that cite the virtual agent's turns."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from devkit.fake_anthropic.responders import request_text
from evaluations.models import AccuracyVerdict, SummaryEvaluation
from evaluations.services import evaluation_run_create, summary_evaluate
from summaries.models import Conversation, Summary

pytestmark = pytest.mark.django_db

BOT_CHAT = {
    "id": "bot-chat-1",
    "channel": "chat",
    "queue": "billing",
    "agent": {"id": None, "name": None},
    "turns": [
        {"role": "system", "text": "Chat started with the virtual assistant."},
        {"role": "bot", "text": "Hi! What can I help you with today?"},
        {"role": "customer", "text": "What is the balance on account 4471?"},
        {"role": "bot", "text": "Account 4471 has a balance of $12.40 in credit."},
        {"role": "customer", "text": "Thanks, that's all."},
    ],
    "summary": {
        "generator": "summarizer-v3",
        "sections": [
            {
                "key": "situation",
                "text": "The customer asked for the balance of account 4471.",
            },
            {
                "key": "action",
                "text": "The virtual assistant said the balance was $12.40 in credit.",
            },
            {"key": "resolution", "text": "Y"},
        ],
    },
}


@pytest.fixture
def bot_summary(tmp_path: Path) -> Summary:
    path = tmp_path / "bot-chat.jsonl"
    path.write_text(json.dumps(BOT_CHAT) + "\n", encoding="utf-8")
    call_command("import_conversations", str(path), stdout=StringIO())
    conversation = Conversation.objects.get(external_id="bot-chat-1")
    assert conversation.agent is None
    return conversation.summaries.get()


def _evaluate(summary: Summary, **options) -> SummaryEvaluation:
    run = evaluation_run_create(summary_ids=[summary.pk], **options)
    evaluation = run.evaluations.get()
    summary_evaluate(evaluation_id=evaluation.pk)
    evaluation.refresh_from_db()
    return evaluation


def test_the_local_judge_judges_a_bot_only_conversation(bot_summary: Summary) -> None:
    evaluation = _evaluate(
        bot_summary, judge="local", dimensions=["accuracy", "completeness", "summarization"]
    )

    assert (evaluation.status, evaluation.error) == ("succeeded", "")
    points = list(AccuracyVerdict.objects.filter(evaluation=evaluation))
    assert points and all(point.is_accurate for point in points), [
        (p.point, p.justification) for p in points
    ]
    # The balance the virtual assistant gave is found in the assistant's own turn.
    [balance] = [p for p in points if "$12.40" in p.point]
    assert 3 in balance.turn_indexes
    assert evaluation.accuracy == 1.0


def test_the_claude_judge_judges_a_bot_only_conversation(
    bot_summary: Summary, settings, fake_anthropic
) -> None:
    settings.ANTHROPIC_API_KEY = "sk-test"
    settings.ANTHROPIC_BASE_URL = fake_anthropic.base_url
    settings.JUDGE_REQUESTS_PER_MINUTE = settings.JUDGE_INPUT_TOKENS_PER_MINUTE = 0

    evaluation = _evaluate(
        bot_summary,
        judge="anthropic",
        model="claude-sonnet-5",
        dimensions=["accuracy", "completeness", "summarization"],
    )

    assert (evaluation.status, evaluation.error) == ("succeeded", "")
    assert AccuracyVerdict.objects.filter(evaluation=evaluation).exists()
    requests = fake_anthropic.message_requests()
    assert requests
    transcript = request_text(requests[0].body)
    # The transcript goes to the model as it is: the virtual agent's turns under their role, no
    # human agent invented.
    assert "[1] bot: Hi! What can I help you with today?" in transcript
    assert "[3] bot: Account 4471 has a balance of $12.40 in credit." in transcript
    assert "] agent:" not in transcript
