"""An outage of Redis or the database during a judge attempt fails nothing and loses no bill.

In this process, with the real Claude judge (the real SDK) against the fake Messages API server,
and the rate limiter pointed at a Redis that is not there (a closed port), as during the fault
pass's 60-second Redis stop.
"""

from __future__ import annotations

import socket

import pytest
import redis
from django.db import OperationalError
from django.db.models import Sum

from devkit.fake_anthropic import Fault
from evaluations import judging, ratelimit
from evaluations.judges.claude import ClaudeJudge, ClaudeSummarizationBackend
from evaluations.models import AccuracyVerdict, ModelCall
from evaluations.services import evaluation_run_create, summary_evaluate
from evaluations.services.claims import evaluation_claim
from tests.evaluations.conftest import WORKER_BROKER_URL

pytestmark = pytest.mark.django_db

MODEL = "claude-sonnet-5"
DIMENSIONS = ["accuracy", "adherence", "completeness", "summarization"]
TOKENS = ("input_tokens", "output_tokens", "cache_write_tokens", "cache_read_tokens")


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture
def redis_away(settings):
    """The limiter's Redis URL points at a port nothing listens on."""
    settings.JUDGE_RATE_LIMIT_STORAGE_URL = f"redis://127.0.0.1:{_closed_port()}/0"
    yield settings
    ratelimit._limiter.cache_clear()
    ratelimit._redis.cache_clear()


@pytest.fixture
def claude(settings, fake_anthropic):
    settings.ANTHROPIC_API_KEY = "sk-test"
    settings.ANTHROPIC_BASE_URL = fake_anthropic.base_url
    settings.JUDGE_MAX_RETRIES = 2
    settings.JUDGE_TIMEOUT_SECONDS = 5.0
    settings.EVALUATION_RETRY_BASE_SECONDS = settings.EVALUATION_RETRY_MAX_SECONDS = 0
    judging._judge.cache_clear()  # the judge's retry-after hook is bound when it is built
    yield fake_anthropic
    judging._judge.cache_clear()


def _limits(settings, requests: int, tokens: int) -> None:
    settings.JUDGE_REQUESTS_PER_MINUTE = requests
    settings.JUDGE_INPUT_TOKENS_PER_MINUTE = tokens
    settings.JUDGE_RATE_LIMITS = {}


def _evaluation(make_summary):
    run = evaluation_run_create(
        judge="anthropic",
        model=MODEL,
        dimensions=DIMENSIONS,
        summary_ids=[make_summary().pk],
    )
    return run.evaluations.get()


def _recorded(evaluation) -> dict:
    totals = ModelCall.objects.filter(evaluation=evaluation).aggregate(
        **{f: Sum(f) for f in TOKENS}
    )
    return {f: totals[f] or 0 for f in TOKENS}


def _billed_by_the_server(fake) -> dict:
    stats = fake.stats()
    return {f: stats[f] for f in TOKENS}


# --- The limiter with both limits at 0 never asks Redis ------------------------------------------


def test_with_both_limits_at_zero_the_limiter_does_not_touch_redis(redis_away) -> None:
    _limits(redis_away, 0, 0)

    assert ratelimit.rate_limit_try_acquire(model=MODEL, requests=5, input_tokens=10**5).granted
    ratelimit.rate_limit_pause(MODEL, 2.0)  # a 429's retry-after: nothing to share
    ratelimit.rate_limit_charge(model=MODEL, input_tokens=10**5)
    assert ratelimit.rate_limit_acquire(
        model=MODEL, requests=1, input_tokens=1, max_wait_seconds=0
    ).granted


def test_a_summary_with_limits_off_is_judged_while_redis_is_away_even_through_a_429(
    redis_away, claude, make_summary
) -> None:
    _limits(redis_away, 0, 0)
    claude.script(Fault("rate_limit", task="summarization_answers", retry_after=0.05))
    evaluation = _evaluation(make_summary)

    outcome = summary_evaluate(evaluation_id=evaluation.pk)

    evaluation.refresh_from_db()
    assert (outcome.outcome, evaluation.status, evaluation.error) == ("succeeded", "succeeded", "")
    assert [r.status for r in claude.message_requests()].count(429) == 1
    assert _recorded(evaluation) == _billed_by_the_server(claude)


# --- Redis goes away with limits on ----------------------------------------------------------------


def test_redis_away_at_the_limiter_puts_the_summary_back_without_spending_a_retry(
    redis_away, claude, make_summary
) -> None:
    _limits(redis_away, 50, 30_000)
    redis_away.EVALUATION_MAX_RETRIES = 0  # an outage must not fail it even with no retry left
    evaluation = _evaluation(make_summary)

    outcome = summary_evaluate(evaluation_id=evaluation.pk)

    evaluation.refresh_from_db()
    assert outcome.outcome == "retry"
    assert (evaluation.status, evaluation.transient_errors) == ("queued", 0)
    assert evaluation.error.startswith("Redis was unavailable (ConnectionError")
    assert claude.message_requests() == []  # nothing was sent, nothing billed

    redis_away.JUDGE_RATE_LIMIT_STORAGE_URL = WORKER_BROKER_URL  # Redis is back
    redis_away.JUDGE_RATE_LIMITS = {MODEL: (0, 0)}  # (a window of this suite's own is not needed)

    assert summary_evaluate(evaluation_id=evaluation.pk).outcome == "succeeded"
    evaluation.refresh_from_db()
    assert (evaluation.status, evaluation.error) == ("succeeded", "")


def test_redis_lost_during_a_429_pause_does_not_fail_the_summary(
    redis_away, claude, make_summary, monkeypatch
) -> None:
    # The limiter granted the summary (Redis was up); then Redis went away, and the API answered
    # the second summarization call 429 with a retry-after, which the judge shares through Redis.
    _limits(redis_away, 50, 30_000)
    monkeypatch.setattr(ratelimit, "rate_limit_acquire", lambda **_: ratelimit.Permit(granted=True))
    claude.script(Fault("rate_limit", task="summarization_answers", retry_after=0.05))
    evaluation = _evaluation(make_summary)

    outcome = summary_evaluate(evaluation_id=evaluation.pk)

    evaluation.refresh_from_db()
    assert (outcome.outcome, evaluation.status) == ("succeeded", "succeeded")
    assert AccuracyVerdict.objects.filter(evaluation=evaluation).exists()
    assert _recorded(evaluation) == _billed_by_the_server(claude)


# --- An outage behind a judge's "crash", and the bill of the attempt it ended -------------------


def test_redis_failing_between_the_two_summarization_calls_is_transient_and_billed(
    claude, make_summary, settings, monkeypatch
) -> None:
    _limits(settings, 0, 0)
    settings.EVALUATION_MAX_RETRIES = 0

    def answer_with_redis_away(self, summary, questions):
        raise redis.ConnectionError("Error 111 connecting to 127.0.0.1:6391. Connection refused.")

    monkeypatch.setattr(ClaudeSummarizationBackend, "answer", answer_with_redis_away)
    evaluation = _evaluation(make_summary)

    outcome = summary_evaluate(evaluation_id=evaluation.pk)

    evaluation.refresh_from_db()
    assert outcome.outcome == "retry"
    assert (evaluation.status, evaluation.transient_errors) == ("queued", 0)
    assert "Redis was unavailable" in evaluation.error and "crashed" not in evaluation.error
    # Every call the server answered is recorded, the claims call of the unfinished job too.
    purposes = sorted(
        ModelCall.objects.filter(evaluation=evaluation).values_list("purpose", flat=True)
    )
    assert purposes == ["accuracy", "adherence", "completeness", "summarization_claims"]
    assert _recorded(evaluation) == _billed_by_the_server(claude)


def test_a_real_crash_between_the_two_summarization_calls_fails_but_keeps_the_claims_call(
    claude, make_summary, settings, monkeypatch
) -> None:
    _limits(settings, 0, 0)

    def answer_with_a_bug(self, summary, questions):
        raise KeyError("questions")

    monkeypatch.setattr(ClaudeSummarizationBackend, "answer", answer_with_a_bug)
    evaluation = _evaluation(make_summary)

    assert summary_evaluate(evaluation_id=evaluation.pk).outcome == "failed"

    evaluation.refresh_from_db()
    assert evaluation.error == "The judge crashed: KeyError: 'questions'"
    assert ModelCall.objects.filter(evaluation=evaluation, purpose="summarization_claims").exists()
    assert _recorded(evaluation) == _billed_by_the_server(claude)


def test_the_database_failing_inside_the_judge_is_transient_not_a_crash(
    claude, make_summary, settings, monkeypatch
) -> None:
    _limits(settings, 0, 0)
    settings.EVALUATION_MAX_RETRIES = 0

    def evaluate_with_the_database_away(self, *args, **kwargs):
        raise OperationalError("terminating connection due to administrator command")

    monkeypatch.setattr(ClaudeJudge, "evaluate", evaluate_with_the_database_away)
    evaluation = _evaluation(make_summary)

    outcome = summary_evaluate(evaluation_id=evaluation.pk)

    evaluation.refresh_from_db()
    assert outcome.outcome == "retry"
    assert (evaluation.status, evaluation.transient_errors) == ("queued", 0)
    assert evaluation.error.startswith("The database was unavailable (OperationalError")


def test_an_outage_stored_late_still_spends_no_retry(claude, make_summary, settings) -> None:
    # The database was away when the outage's retry was to be stored (OutcomeNotStored): the
    # task comes back with it as JSON, and it is stored as an outage, not a judge error.
    settings.EVALUATION_MAX_RETRIES = 0
    evaluation = _evaluation(make_summary)
    token = "a" * 32
    assert evaluation_claim(evaluation_id=evaluation.pk, token=token) is not None
    pending = {
        "judge_error": {
            "message": "Redis was unavailable (ConnectionError: refused)",
            "retryable": True,
            "retry_after": None,
            "calls": [],
            "infrastructure": True,
        }
    }

    outcome = summary_evaluate(evaluation_id=evaluation.pk, claim_token=token, pending=pending)

    evaluation.refresh_from_db()
    assert outcome.outcome == "retry"
    assert (evaluation.status, evaluation.transient_errors) == ("queued", 0)
