"""Calls that were billed before the Claude judge gave up travel on its JudgeError, so a run can
count them. The real SDK, over HTTP, against the fake Messages API server."""

from __future__ import annotations

import pytest

from devkit.fake_anthropic import Fault
from evaluations.judges.base import JudgeError
from evaluations.judges.claude import tasks
from evaluations.judges.pricing import call_cost_usd
from evaluations.judges.types import CallUsage, Usage
from tests.judges.test_claude_client import GOOD_REPLY, complete, make_client
from tests.judges.test_claude_judge import (
    ALL_DIMENSIONS,
    CCAI,
    MIXED,
    MODEL,
    TRANSCRIPT,
    make_judge,
)


def _billed_by_the_server(fake) -> Usage:
    """What the fake server reported as usage, over every request that got an answer."""
    stats = fake.stats()
    return Usage(
        model_calls=0,
        input_tokens=stats["input_tokens"],
        output_tokens=stats["output_tokens"],
        cache_write_tokens=stats["cache_write_tokens"],
        cache_read_tokens=stats["cache_read_tokens"],
    )


def _tokens(usage: Usage) -> tuple[int, int, int, int]:
    return (
        usage.input_tokens,
        usage.output_tokens,
        usage.cache_write_tokens,
        usage.cache_read_tokens,
    )


def _priced(call: CallUsage) -> float:
    return call_cost_usd(
        MODEL,
        input_tokens=call.input_tokens,
        output_tokens=call.output_tokens,
        cache_write_tokens=call.cache_write_tokens,
        cache_read_tokens=call.cache_read_tokens,
    )


# --- The client: one call -------------------------------------------------------------------------


def test_a_call_that_only_got_overloaded_answers_carries_no_usage(fake_anthropic):
    fake_anthropic.script(Fault("overloaded", times=10))
    with pytest.raises(JudgeError) as caught:
        complete(make_client(fake_anthropic, max_retries=1))
    assert caught.value.retryable is True
    assert len(fake_anthropic.message_requests()) == 2
    assert caught.value.calls == ()


def test_two_broken_replies_are_billed_on_the_permanent_error(fake_anthropic):
    fake_anthropic.responder = lambda body: GOOD_REPLY
    fake_anthropic.script(Fault("malformed_json"), Fault("schema_violation"))
    with pytest.raises(JudgeError) as caught:
        complete(make_client(fake_anthropic))
    assert caught.value.retryable is False
    (call,) = caught.value.calls
    assert (call.purpose, call.model, call.attempts) == ("accuracy", MODEL, 2)
    assert _tokens(Usage.total([call])) == _tokens(_billed_by_the_server(fake_anthropic))
    assert call.output_tokens > 0
    assert call.cost_usd == pytest.approx(_priced(call))


def test_a_broken_reply_whose_repair_is_overloaded_is_still_billed(fake_anthropic):
    fake_anthropic.responder = lambda body: GOOD_REPLY
    fake_anthropic.script(Fault("malformed_json"), Fault("overloaded", times=10))
    with pytest.raises(JudgeError) as caught:
        complete(make_client(fake_anthropic, max_retries=1))
    assert caught.value.retryable is True
    (call,) = caught.value.calls
    # One answered (broken) request, then the repair twice overloaded: three attempts, one bill.
    assert call.attempts == 3
    answered = [r for r in fake_anthropic.message_requests() if r.usage]
    assert len(answered) == 1
    assert call.input_tokens == answered[0].usage["input_tokens"]
    assert call.output_tokens == answered[0].usage["output_tokens"] > 0


# --- The judge: one summary -----------------------------------------------------------------------


def test_a_permanent_failure_carries_the_usage_of_every_call_that_was_billed(fake_anthropic):
    fake_anthropic.script(Fault("malformed_json", task="completeness", times=2))
    with pytest.raises(JudgeError) as caught:
        make_judge(fake_anthropic).evaluate(TRANSCRIPT, MIXED, dimensions=ALL_DIMENSIONS)
    error = caught.value
    assert error.retryable is False
    # Four calls succeeded; the completeness call's two broken replies were billed too.
    assert sorted(c.purpose for c in error.calls) == [
        "accuracy",
        "adherence",
        "completeness",
        "summarization_answers",
        "summarization_claims",
    ]
    assert {c.purpose: c.attempts for c in error.calls}["completeness"] == 2
    assert _tokens(Usage.total(error.calls)) == _tokens(_billed_by_the_server(fake_anthropic))
    for call in error.calls:
        assert call.cost_usd == pytest.approx(_priced(call)) and call.cost_usd > 0


def test_a_transient_failure_carries_the_calls_that_succeeded_but_not_the_overloaded_one(
    fake_anthropic,
):
    fake_anthropic.script(Fault("overloaded", task="adherence", times=10))
    with pytest.raises(JudgeError) as caught:
        make_judge(fake_anthropic, max_retries=1).evaluate(TRANSCRIPT, MIXED, dimensions=CCAI)
    error = caught.value
    assert error.retryable is True
    assert sorted(c.purpose for c in error.calls) == ["accuracy", "completeness"]
    assert _tokens(Usage.total(error.calls)) == _tokens(_billed_by_the_server(fake_anthropic))


def test_the_claims_call_is_billed_when_the_answers_call_fails(fake_anthropic):
    fake_anthropic.script(Fault("overloaded", task="summarization_answers", times=10))
    with pytest.raises(JudgeError) as caught:
        make_judge(fake_anthropic, max_retries=1).evaluate(
            TRANSCRIPT, MIXED, dimensions=("summarization",)
        )
    assert [c.purpose for c in caught.value.calls] == ["summarization_claims"]
    assert _tokens(Usage.total(caught.value.calls)) == _tokens(
        _billed_by_the_server(fake_anthropic)
    )


def test_when_every_call_fails_before_an_answer_nothing_is_billed(fake_anthropic):
    fake_anthropic.script(Fault("rate_limit", retry_after=0.01, times=100))
    with pytest.raises(JudgeError) as caught:
        make_judge(fake_anthropic, max_retries=1).evaluate(TRANSCRIPT, MIXED, dimensions=CCAI)
    assert caught.value.retryable is True
    assert caught.value.calls == ()


def test_a_bug_in_one_dimension_fails_for_good_with_the_calls_of_the_others(
    fake_anthropic, monkeypatch
):
    judge = make_judge(fake_anthropic)
    monkeypatch.setattr(
        tasks, "judge_adherence", lambda *args: (_ for _ in ()).throw(KeyError("questions"))
    )
    with pytest.raises(JudgeError) as caught:
        judge.evaluate(TRANSCRIPT, MIXED, dimensions=CCAI)
    error = caught.value
    assert error.retryable is False
    assert str(error) == "The judge crashed: KeyError: 'questions'"
    assert sorted(c.purpose for c in error.calls) == ["accuracy", "completeness"]
    assert _tokens(Usage.total(error.calls)) == _tokens(_billed_by_the_server(fake_anthropic))


def test_a_bug_after_every_call_was_answered_still_carries_them_all(fake_anthropic, monkeypatch):
    def broken_assembly(**_kwargs):
        raise ValueError("no such section")

    monkeypatch.setattr("evaluations.judges.scoring.assemble_verdict", broken_assembly)
    with pytest.raises(JudgeError) as caught:
        make_judge(fake_anthropic).evaluate(TRANSCRIPT, MIXED, dimensions=ALL_DIMENSIONS)
    error = caught.value
    assert (error.retryable, str(error)) == (
        False,
        "The judge crashed: ValueError: no such section",
    )
    assert len(error.calls) == len(fake_anthropic.message_requests()) == 5
    assert _tokens(Usage.total(error.calls)) == _tokens(_billed_by_the_server(fake_anthropic))


def test_a_bug_in_a_check_after_the_reply_was_billed_carries_the_call(fake_anthropic):
    def broken_check(_reply):
        raise KeyError("section")

    fake_anthropic.responder = lambda _body: GOOD_REPLY
    with pytest.raises(JudgeError) as caught:
        complete(make_client(fake_anthropic), check=broken_check)
    error = caught.value
    assert (error.retryable, str(error)) == (False, "The judge crashed: KeyError: 'section'")
    assert isinstance(error.__cause__, KeyError)  # the cause tells a bug from an outage
    assert [c.purpose for c in error.calls] == ["accuracy"]
    assert _tokens(Usage.total(error.calls)) == _tokens(_billed_by_the_server(fake_anthropic))


def test_a_retry_after_hook_that_fails_does_not_fail_the_call(fake_anthropic):
    def pause_with_redis_away(_seconds):
        raise ConnectionError("Redis is away")

    fake_anthropic.responder = lambda _body: GOOD_REPLY
    fake_anthropic.script(Fault("rate_limit", retry_after=0.01))
    client = make_client(fake_anthropic, on_retry_after=pause_with_redis_away)
    reply, usage = complete(client)
    assert reply.is_accurate is True
    assert usage.attempts == 2
