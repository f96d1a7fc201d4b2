"""Per-model request and input-token budgets, shared through Redis, and how a summary waits."""

from __future__ import annotations

import uuid

import pytest

from evaluations import ratelimit
from evaluations.judges.types import CallUsage
from evaluations.models import AccuracyVerdict
from evaluations.ratelimit import rate_limit_acquire, rate_limit_try_acquire
from evaluations.services import evaluate, evaluation_run_create, summary_evaluate
from tests.evaluations.conftest import WORKER_BROKER_URL as REDIS_URL


@pytest.fixture
def limits(settings):
    settings.JUDGE_RATE_LIMIT_STORAGE_URL = REDIS_URL
    settings.JUDGE_REQUESTS_PER_MINUTE = 10
    settings.JUDGE_INPUT_TOKENS_PER_MINUTE = 10_000
    return settings


def _model() -> str:
    # A fresh model id per test: the windows in Redis are per model and outlive a test.
    return f"claude-test-{uuid.uuid4().hex[:8]}"


def test_requests_beyond_the_per_minute_budget_are_refused_with_a_wait(limits) -> None:
    model = _model()
    granted = [
        rate_limit_try_acquire(model=model, requests=3, input_tokens=100).granted for _ in range(4)
    ]
    refused = rate_limit_try_acquire(model=model, requests=3, input_tokens=100)

    assert granted == [True, True, True, False]
    assert not refused.granted
    # The sliding window counter holds a window's count until it ends, then lets it fade.
    assert 0 < refused.wait_seconds <= 120


def test_input_tokens_have_their_own_budget(limits) -> None:
    model = _model()
    assert rate_limit_try_acquire(model=model, requests=1, input_tokens=9_000).granted
    refused = rate_limit_try_acquire(model=model, requests=1, input_tokens=2_000)
    assert not refused.granted
    # A refusal spends nothing: a small request still fits both budgets.
    assert rate_limit_try_acquire(model=model, requests=1, input_tokens=1_000).granted


def test_the_budget_is_per_model_and_shared_by_every_client_of_the_store(limits) -> None:
    model = _model()
    for _ in range(10):
        assert rate_limit_try_acquire(model=model, requests=1, input_tokens=1).granted
    assert not rate_limit_try_acquire(model=model, requests=1, input_tokens=1).granted
    # Another process sees the same window: simulate it with a fresh limiter on the same store.
    ratelimit._limiter.cache_clear()
    assert not rate_limit_try_acquire(model=model, requests=1, input_tokens=1).granted
    assert rate_limit_try_acquire(model=_model(), requests=1, input_tokens=1).granted


def test_a_summary_larger_than_a_minute_of_tokens_still_passes_alone(limits) -> None:
    assert rate_limit_try_acquire(model=_model(), requests=1, input_tokens=50_000).granted


def test_zero_turns_a_limit_off(limits) -> None:
    limits.JUDGE_REQUESTS_PER_MINUTE = 0
    limits.JUDGE_INPUT_TOKENS_PER_MINUTE = 0
    model = _model()
    assert all(
        rate_limit_try_acquire(model=model, requests=100, input_tokens=10**6).granted
        for _ in range(5)
    )


def test_without_redis_the_window_is_kept_in_memory(settings) -> None:
    settings.JUDGE_RATE_LIMIT_STORAGE_URL = ""
    settings.CELERY_BROKER_URL = "filesystem://"
    assert ratelimit.storage_url() == "memory://"
    settings.CELERY_BROKER_URL = REDIS_URL
    assert ratelimit.storage_url() == REDIS_URL


def test_acquire_hands_a_long_wait_back_instead_of_sleeping(limits) -> None:
    model = _model()
    rate_limit_try_acquire(model=model, requests=10, input_tokens=1)
    permit = rate_limit_acquire(model=model, requests=1, input_tokens=1, max_wait_seconds=0.5)
    assert not permit.granted and permit.wait_seconds > 0.5


@pytest.mark.django_db
def test_a_summary_over_budget_goes_back_to_the_queue_without_spending_a_retry(
    limits, make_summary, scripted_judge, monkeypatch
) -> None:
    limits.ANTHROPIC_API_KEY = "sk-test"
    model = _model()
    monkeypatch.setattr(evaluate, "RATE_LIMIT_MAX_WAIT_SECONDS", 0.1)
    run = evaluation_run_create(
        judge="anthropic", model=model, summary_ids=[make_summary().pk], dimensions=["accuracy"]
    )
    evaluation = run.evaluations.get()
    rate_limit_try_acquire(model=model, requests=10, input_tokens=1)  # the minute is spent

    outcome = summary_evaluate(evaluation_id=evaluation.pk)

    evaluation.refresh_from_db()
    assert outcome.outcome == "deferred" and outcome.retry_in > 1
    assert (evaluation.status, evaluation.transient_errors, evaluation.claimed_at) == (
        "queued",
        0,
        None,
    )
    assert not AccuracyVerdict.objects.filter(evaluation=evaluation).exists()
    assert scripted_judge.seen_rubric_questions == []


def test_a_retry_after_from_the_api_pauses_every_worker_for_that_model(limits) -> None:
    model = _model()
    assert rate_limit_try_acquire(model=model, requests=1, input_tokens=1).granted

    ratelimit.rate_limit_pause(model, 2.5)
    ratelimit.rate_limit_pause(model, 0.5)  # a shorter pause does not cut the longer one
    # Another worker process: nothing cached in memory, only the shared store.
    ratelimit._redis.cache_clear()
    refused = rate_limit_try_acquire(model=model, requests=1, input_tokens=1)

    assert not refused.granted
    assert 2.0 < refused.wait_seconds <= 2.5
    assert rate_limit_try_acquire(model=_model(), requests=1, input_tokens=1).granted


def test_the_claude_judge_reports_each_retry_after_to_the_shared_pause(
    limits, settings, fake_anthropic, monkeypatch
) -> None:
    from devkit.fake_anthropic.server import Fault
    from evaluations import judging
    from evaluations.judges.types import PointToVerify, Transcript, TranscriptTurn

    settings.ANTHROPIC_API_KEY = "test-key"
    settings.ANTHROPIC_BASE_URL = fake_anthropic.base_url
    settings.JUDGE_MAX_RETRIES = 2
    pauses: list[tuple[str, float]] = []
    pause = ratelimit.rate_limit_pause

    def recorded_pause(model: str, seconds: float) -> None:
        pauses.append((model, seconds))
        pause(model, seconds)

    monkeypatch.setattr(ratelimit, "rate_limit_pause", recorded_pause)
    judging._judge.cache_clear()
    fake_anthropic.script(Fault("rate_limit", retry_after=0.3))

    judge = judging.judge_build(judge="anthropic", model="claude-haiku-4-5")
    transcript = Transcript(turns=(TranscriptTurn(index=0, role="customer", text="I paid $10."),))
    judge.verify_points(transcript, [PointToVerify(section="situation", point="Paid $10.")])

    statuses = [request.status for request in fake_anthropic.message_requests()]
    assert statuses == [429, 200]
    assert pauses == [("claude-haiku-4-5", 0.3)]
    judging._judge.cache_clear()


def test_a_model_with_its_own_budgets_uses_them_and_the_others_the_defaults(limits) -> None:
    own, other = _model(), _model()
    limits.JUDGE_RATE_LIMITS = {own: (2, 0)}  # two requests a minute, tokens unlimited

    assert ratelimit.rate_limits_of(own) == (2, 0)
    assert ratelimit.rate_limits_of(other) == (10, 10_000)
    assert rate_limit_try_acquire(model=own, requests=2, input_tokens=10**6).granted
    assert not rate_limit_try_acquire(model=own, requests=1, input_tokens=1).granted
    assert rate_limit_try_acquire(model=other, requests=5, input_tokens=100).granted


def test_tokens_used_beyond_the_estimate_are_charged_to_the_window(limits) -> None:
    model = _model()
    assert rate_limit_try_acquire(model=model, requests=1, input_tokens=1_000).granted

    ratelimit.rate_limit_charge(model=model, input_tokens=8_000)

    assert not rate_limit_try_acquire(model=model, requests=1, input_tokens=2_000).granted
    assert rate_limit_try_acquire(model=model, requests=1, input_tokens=1_000).granted


@pytest.mark.django_db
def test_a_summary_that_used_more_input_tokens_than_expected_is_charged_for_them(
    limits, make_summary, scripted_judge, monkeypatch
) -> None:
    # The API counts uncached input and cache writes toward the limit, not cache reads.
    limits.ANTHROPIC_API_KEY = "sk-test"
    model = _model()
    evaluate = scripted_judge.evaluate

    def heavy_evaluate(*args, **kwargs):
        verdict = evaluate(*args, **kwargs)
        heavy = CallUsage(
            purpose="accuracy",
            model=model,
            input_tokens=5_000,
            cache_write_tokens=3_000,
            cache_read_tokens=50_000,
        )
        return verdict.model_copy(update={"calls": (heavy,)})

    monkeypatch.setattr(scripted_judge, "evaluate", heavy_evaluate)
    run = evaluation_run_create(
        judge="anthropic", model=model, summary_ids=[make_summary().pk], dimensions=["accuracy"]
    )

    assert summary_evaluate(evaluation_id=run.evaluations.get().pk).outcome == "succeeded"

    # 8,000 of the 10,000 are spent (the estimate was far lower): 2,500 more no longer fit.
    assert not rate_limit_try_acquire(model=model, requests=1, input_tokens=2_500).granted
    assert rate_limit_try_acquire(model=model, requests=1, input_tokens=1_500).granted


def test_the_wait_is_until_the_window_has_room_not_until_one_token_frees_up(limits) -> None:
    model = _model()
    assert rate_limit_try_acquire(model=model, requests=1, input_tokens=10_000).granted

    refused = rate_limit_try_acquire(model=model, requests=1, input_tokens=5_000)

    # Half the budget must leave the window: at least a few seconds, at most two windows.
    assert not refused.granted
    assert 5 < refused.wait_seconds <= 120


def test_tokens_beyond_what_the_window_holds_pause_the_model(limits) -> None:
    model = _model()
    assert rate_limit_try_acquire(model=model, requests=1, input_tokens=8_000).granted

    ratelimit.rate_limit_charge(model=model, input_tokens=5_000)  # 2,000 fit, 3,000 do not

    paused = rate_limit_try_acquire(model=model, requests=1, input_tokens=1)
    assert not paused.granted
    assert 15 < paused.wait_seconds <= 18  # 3,000 of a 10,000-a-minute budget: 18 s
