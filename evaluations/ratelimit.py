"""Requests per minute and input tokens per minute per model, shared by every worker.

Each model has its own budgets (JUDGE_RATE_LIMITS, or the defaults for every other model). A
summary takes its expected calls and input tokens before its first call; when the API reports more
input tokens than that, the difference is charged to the window afterwards.

The counters live in Redis (a sliding window counter from the `limits` library: two counters per
model and budget, not an entry per token as a moving window would keep), so ten workers pace
themselves as one client would, instead of each sending its own share and triggering 429 storms.
Without Redis (the file-system broker of the demo) the window falls back to process memory: the
demo runs one worker, and the local judge, which calls no model, is never limited at all. A model
whose two limits are both 0 is not limited either: nothing here touches Redis for it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from functools import cache
from typing import cast

import redis
from django.conf import settings
from limits import RateLimitItemPerMinute, storage, strategies


@dataclass(frozen=True)
class Permit:
    """The outcome of asking for capacity: granted, or how long to wait before asking again."""

    granted: bool
    wait_seconds: float = 0.0


@cache
def _limiter(url: str) -> strategies.SlidingWindowCounterRateLimiter:
    return strategies.SlidingWindowCounterRateLimiter(storage.storage_from_string(url))


def storage_url() -> str:
    configured = settings.JUDGE_RATE_LIMIT_STORAGE_URL
    if configured:
        return configured
    broker = settings.CELERY_BROKER_URL
    return broker if broker.startswith(("redis://", "rediss://")) else "memory://"


def rate_limits_of(model: str) -> tuple[int, int]:
    """The model's requests and input tokens per minute: its own from JUDGE_RATE_LIMITS, else
    JUDGE_REQUESTS_PER_MINUTE and JUDGE_INPUT_TOKENS_PER_MINUTE. 0 means no limit."""
    return settings.JUDGE_RATE_LIMITS.get(
        model, (settings.JUDGE_REQUESTS_PER_MINUTE, settings.JUDGE_INPUT_TOKENS_PER_MINUTE)
    )


def _items(model: str) -> tuple[RateLimitItemPerMinute | None, RateLimitItemPerMinute | None]:
    requests, tokens = rate_limits_of(model)
    return (
        RateLimitItemPerMinute(requests, namespace="judge-requests") if requests else None,
        RateLimitItemPerMinute(tokens, namespace="judge-input-tokens") if tokens else None,
    )


_PAUSE_KEY = "summaryqa:judge-pause:{model}"
_memory_pauses: dict[str, float] = {}


@cache
def _redis(url: str) -> redis.Redis:
    return redis.Redis.from_url(url)


def _pttl_ms(client: redis.Redis, key: str) -> int:
    # redis-py types every reply `Awaitable | Any` (its sync and async clients share the
    # signatures); a sync client's PTTL is an int: ms left, -1 without expiry, -2 without key.
    return cast(int, client.pttl(key))


def rate_limited(model: str) -> bool:
    """Whether the model has a budget at all. With both at 0 nothing is paced, and nothing here
    touches the store: an outage of Redis cannot reach a summary through the limiter."""
    return any(rate_limits_of(model))


def rate_limit_pause(model: str, seconds: float) -> None:
    """The API answered with `retry-after`: every worker holds back requests to that model for
    that long, not only the one that was told. A shorter pause never cuts a longer one. Without
    a budget (both limits 0) there is no shared pacing to hold back: the worker that was told
    waits on its own."""
    if seconds <= 0 or not rate_limited(model):
        return
    url = storage_url()
    until = time.time() + seconds
    if url.startswith(("redis://", "rediss://")):
        client = _redis(url)
        key = _PAUSE_KEY.format(model=model)
        if _pttl_ms(client, key) < seconds * 1000:
            client.set(key, until, px=max(1, int(seconds * 1000)))
    else:
        _memory_pauses[model] = max(_memory_pauses.get(model, 0.0), until)


def _paused_seconds(model: str) -> float:
    url = storage_url()
    if url.startswith(("redis://", "rediss://")):
        remaining_ms = _pttl_ms(_redis(url), _PAUSE_KEY.format(model=model))
        return max(0.0, remaining_ms / 1000)
    return max(0.0, _memory_pauses.get(model, 0.0) - time.time())


def rate_limit_try_acquire(*, model: str, requests: int, input_tokens: int) -> Permit:
    """Take `requests` and `input_tokens` from the model's per-minute budgets, or say how long to
    wait. Both budgets are tested before either is spent, so a refusal costs nothing. While the
    API's last `retry-after` for the model runs, nothing is granted."""
    if not rate_limited(model):
        return Permit(granted=True)
    paused = _paused_seconds(model)
    if paused > 0:
        return Permit(granted=False, wait_seconds=paused)
    request_item, token_item = _items(model)
    wanted = [
        # A single summary larger than a whole minute's budget could never pass: cap its cost.
        (item, min(cost, item.amount))
        for item, cost in ((request_item, requests), (token_item, input_tokens))
        if item is not None and cost > 0
    ]
    if not wanted:
        return Permit(granted=True)
    limiter = _limiter(storage_url())
    waits = []
    for item, cost in wanted:
        if not limiter.test(item, model, cost=cost):
            waits.append(_seconds_until_room(limiter, item, model, cost))
    if waits:
        return Permit(granted=False, wait_seconds=max(waits))
    for item, cost in wanted:
        # Another worker may have taken the capacity between test and hit: then report a short
        # wait. The budget it consumed is at most one summary's worth, which the window absorbs.
        if not limiter.hit(item, model, cost=cost):
            return Permit(granted=False, wait_seconds=1.0)
    return Permit(granted=True)


def _seconds_until_room(
    limiter: strategies.SlidingWindowCounterRateLimiter,
    item: RateLimitItemPerMinute,
    model: str,
    cost: int,
) -> float:
    """How long until the window has room for `cost`, if nobody else takes any. The counter
    weighs the previous window by the share of it still inside the last minute:
    previous × previous_expires_in / 60 + current. (The library's own reset time is when one
    unit frees up, a few milliseconds for a token budget: waiting on it would poll Redis hot.)"""
    window_storage = limiter.storage
    # The limiter's constructor refuses a storage without sliding-window support.
    assert isinstance(window_storage, storage.SlidingWindowCounterSupport)
    previous, previous_expires_in, current, current_expires_in = window_storage.get_sliding_window(
        item.key_for(model), item.get_expiry()
    )
    expiry = item.get_expiry()
    room = item.amount - cost
    if current <= room:
        # The previous window's weight must fall far enough.
        wait = previous_expires_in - (room - current) * expiry / previous if previous else 0.0
    else:
        # The current window must end (its key outlives it by one window, to serve as the
        # previous one), and then its weight, as the previous window, fall.
        ends_in = max(0.0, current_expires_in - expiry)
        wait = ends_in + expiry * (1 - room / current)
    return max(0.05, wait)


def rate_limit_charge(*, model: str, input_tokens: int) -> None:
    """Spend input tokens a summary used beyond what it took up front (the estimate was low),
    so the window reflects what the API counted and the next summaries wait for it. What no
    longer fits the window becomes a pause for the model, as long as the budget needs to earn
    it back."""
    _request_item, token_item = _items(model)
    if token_item is None or input_tokens <= 0:
        return
    limiter = _limiter(storage_url())
    _reset, remaining = limiter.get_window_stats(token_item, model)
    fits = min(input_tokens, remaining)
    if fits > 0 and not limiter.hit(token_item, model, cost=fits):
        fits = 0  # taken meanwhile by another worker
    over = input_tokens - fits
    if over > 0:
        rate_limit_pause(model, over / token_item.amount * token_item.get_expiry())


def rate_limit_acquire(
    *, model: str, requests: int, input_tokens: int, max_wait_seconds: float
) -> Permit:
    """Wait in place for capacity up to `max_wait_seconds`; past that, hand the wait back to the
    caller (the task re-enqueues itself rather than holding a worker slot for minutes)."""
    deadline = time.monotonic() + max_wait_seconds
    while True:
        permit = rate_limit_try_acquire(model=model, requests=requests, input_tokens=input_tokens)
        if permit.granted:
            return permit
        remaining = deadline - time.monotonic()
        if permit.wait_seconds > remaining:
            return permit
        time.sleep(permit.wait_seconds)
