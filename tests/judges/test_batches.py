"""Message Batches (issue 13): the fake's batch endpoints driven by the real SDK, the client's
batch seam, and one summary judged through batches with the same verdict as online."""

from __future__ import annotations

import time

import anthropic
import pytest

from devkit.fake_anthropic import Fault
from evaluations.judges.anthropic_client import AnthropicClient
from evaluations.judges.base import JudgeError
from evaluations.judges.claude import ClaudeJudge, JudgeReply
from evaluations.judges.claude.batch import evaluate_batched
from tests.judges.test_claude_judge import ALL_DIMENSIONS, MIXED, TRANSCRIPT

MODEL = "claude-sonnet-5"


def sdk(fake) -> anthropic.Anthropic:
    return anthropic.Anthropic(api_key="test-key", base_url=fake.base_url, max_retries=0)


def params(text: str = "<task>accuracy</task>") -> dict:
    client = AnthropicClient(model=MODEL, api_key="k")
    return client.batch_params(
        system="You judge summaries.", cached_blocks=(), text=text, response_model=JudgeReply
    )


# --- The fake's endpoints, through the real SDK -------------------------------------------------


def test_a_batch_is_processing_until_it_ends_then_its_results_come_as_jsonl(fake_anthropic):
    fake_anthropic.batches.processing_seconds = 0.6
    client = sdk(fake_anthropic)
    batch = client.messages.batches.create(
        requests=[
            {"custom_id": "e1-accuracy", "params": params()},
            {"custom_id": "e2-accuracy", "params": params()},
        ]
    )
    assert batch.processing_status == "in_progress"
    assert batch.request_counts.processing == 2 and batch.results_url is None
    with pytest.raises(anthropic.AnthropicError, match="results_url"):
        list(client.messages.batches.results(batch.id))
    time.sleep(0.7)
    ended = client.messages.batches.retrieve(batch.id)
    assert ended.processing_status == "ended" and ended.request_counts.succeeded == 2
    results = {r.custom_id: r.result for r in client.messages.batches.results(batch.id)}
    assert set(results) == {"e1-accuracy", "e2-accuracy"}
    assert all(r.type == "succeeded" and r.message.usage.input_tokens > 0 for r in results.values())


def test_errored_and_expired_requests_are_reported_per_request(fake_anthropic):
    fake_anthropic.script(Fault("server_error", match="second"), Fault("expired", match="third"))
    client = sdk(fake_anthropic)
    batch = client.messages.batches.create(
        requests=[
            {"custom_id": "a", "params": params("first <task>accuracy</task>")},
            {"custom_id": "b", "params": params("second <task>accuracy</task>")},
            {"custom_id": "c", "params": params("third <task>accuracy</task>")},
        ]
    )
    counts = client.messages.batches.retrieve(batch.id).request_counts
    assert (counts.succeeded, counts.errored, counts.expired) == (1, 1, 1)
    results = {r.custom_id: r.result for r in client.messages.batches.results(batch.id)}
    assert results["b"].type == "errored" and results["b"].error.error.type == "api_error"
    assert results["c"].type == "expired"


def test_cancel_and_expiry_end_the_unprocessed_requests(fake_anthropic):
    fake_anthropic.batches.processing_seconds = 60
    client = sdk(fake_anthropic)
    cancelled = client.messages.batches.create(requests=[{"custom_id": "a", "params": params()}])
    expiring = client.messages.batches.create(requests=[{"custom_id": "b", "params": params()}])
    assert client.messages.batches.cancel(cancelled.id).processing_status == "ended"
    fake_anthropic.batches.expire(expiring.id)
    assert client.messages.batches.retrieve(cancelled.id).request_counts.canceled == 1
    assert client.messages.batches.retrieve(expiring.id).request_counts.expired == 1
    (result,) = client.messages.batches.results(expiring.id)
    assert result.result.type == "expired"


@pytest.mark.parametrize(
    ("requests", "message"),
    [
        ([], "at least one request"),
        ([{"custom_id": "a b", "params": params()}], "custom_id"),
        (
            [{"custom_id": "a", "params": params()}, {"custom_id": "a", "params": params()}],
            "not unique",
        ),
        ([{"custom_id": "a", "params": {**params(), "stream": True}}], "stream"),
        ([{"custom_id": "a", "params": {**params(), "model": "claude-nope"}}], "claude-nope"),
    ],
)
def test_it_refuses_what_the_batches_api_refuses(fake_anthropic, requests, message):
    with pytest.raises(anthropic.APIStatusError, match=message):
        sdk(fake_anthropic).messages.batches.create(requests=requests)


# --- One summary through batches ----------------------------------------------------------------


def run_batches(judge: ClaudeJudge, fake, *, dimensions=ALL_DIMENSIONS):
    """Submit each step's requests as a batch until the verdict (or an error); the batches."""
    results: dict = {}
    submitted: list[list[str]] = []
    for _ in range(5):
        step = evaluate_batched(
            judge, TRANSCRIPT, MIXED, dimensions=dimensions, key="e7", results=results
        )
        if step.verdict is not None or step.error is not None:
            return step, submitted
        submitted.append(sorted(step.requests))
        batch_id = judge.client.batch_create(list(step.requests.items()))
        assert judge.client.batch_retrieve(batch_id).is_ended
        results.update({r.custom_id: r for r in judge.client.batch_results(batch_id)})
    raise AssertionError("no verdict after five batches")


def test_the_answers_go_in_a_later_batch_than_the_claims_and_the_verdict_matches_online(
    fake_anthropic,
):
    judge = ClaudeJudge(MODEL, api_key="k", base_url=fake_anthropic.base_url)
    step, submitted = run_batches(judge, fake_anthropic)
    assert submitted == [
        ["e7-accuracy", "e7-adherence", "e7-completeness", "e7-summarization_claims"],
        ["e7-summarization_answers"],
    ]
    online = judge.evaluate(TRANSCRIPT, MIXED, dimensions=ALL_DIMENSIONS)
    batched = step.verdict
    assert batched.accuracy_points == online.accuracy_points
    assert batched.summarization.score == online.summarization.score
    assert [c.purpose for c in batched.calls] == [c.purpose for c in online.calls]
    # Batch prices: half of what the same usage costs online.
    # Batch prices: half, with every write here a 1-hour one (shared by four calls, or the
    # system prompt).
    from evaluations.judges.pricing import call_cost_usd

    for call in batched.calls:
        assert call.cost_usd == pytest.approx(
            call_cost_usd(
                MODEL,
                input_tokens=call.input_tokens,
                output_tokens=call.output_tokens,
                cache_read_tokens=call.cache_read_tokens,
                cache_write_1h_tokens=call.cache_write_tokens,
                batch=True,
            )
        )


def test_an_expired_request_is_asked_again_and_the_others_are_replayed(fake_anthropic):
    judge = ClaudeJudge(MODEL, api_key="k", base_url=fake_anthropic.base_url)
    fake_anthropic.script(Fault("expired", task="completeness"))
    step, _ = run_batches(judge, fake_anthropic)
    assert isinstance(step.error, JudgeError) and step.error.retryable
    assert step.failed_ids == ("e7-completeness",)
    assert "expired" in str(step.error)


def test_a_refused_request_is_a_permanent_error(fake_anthropic):
    client = AnthropicClient(model=MODEL, api_key="k", base_url=fake_anthropic.base_url)
    from evaluations.judges.anthropic_client import BatchResult

    refused = BatchResult(
        custom_id="e1-accuracy", kind="errored", error="invalid_request_error: bad", retryable=False
    )
    with pytest.raises(JudgeError) as caught:
        client.batch_reply("accuracy", refused, JudgeReply)
    assert caught.value.retryable is False


def test_batch_requests_write_shared_prefixes_for_an_hour_and_pay_twice_the_input_for_it(
    fake_anthropic,
):
    from evaluations.judges.pricing import call_cost_usd

    judge = ClaudeJudge(MODEL, api_key="k", base_url=fake_anthropic.base_url)
    step = evaluate_batched(
        judge, TRANSCRIPT, MIXED, dimensions=ALL_DIMENSIONS, key="e8", results={}
    )
    accuracy = step.requests["e8-accuracy"]
    assert accuracy["system"][0]["cache_control"] == {"type": "ephemeral", "ttl": "1h"}
    # Four calls share the transcript: written for an hour too.
    transcript_block = accuracy["messages"][0]["content"][0]
    assert transcript_block["cache_control"] == {"type": "ephemeral", "ttl": "1h"}

    batch_id = judge.client.batch_create(list(step.requests.items()))
    results = judge.client.batch_results(batch_id)
    written = [r for r in results if r.cache_write_tokens]
    assert written and all(r.cache_write_1h_tokens == r.cache_write_tokens for r in written)
    result = written[0]
    _reply, usage = judge.client.batch_reply(result.custom_id.split("-", 1)[1], result, JudgeReply)
    assert usage.cost_usd == pytest.approx(
        call_cost_usd(
            MODEL,
            input_tokens=result.input_tokens,
            output_tokens=result.output_tokens,
            cache_read_tokens=result.cache_read_tokens,
            cache_write_1h_tokens=result.cache_write_1h_tokens,
            batch=True,
        )
    )


def test_a_transcript_only_two_calls_share_keeps_the_five_minute_ttl(fake_anthropic):
    judge = ClaudeJudge(MODEL, api_key="k", base_url=fake_anthropic.base_url)
    step = evaluate_batched(
        judge, TRANSCRIPT, MIXED, dimensions=("accuracy", "completeness"), key="e9", results={}
    )
    for params in step.requests.values():
        for block in params["messages"][0]["content"]:
            assert block.get("cache_control") in (None, {"type": "ephemeral"})
