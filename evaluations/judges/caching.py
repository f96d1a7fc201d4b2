"""Prompt caching as the API applies it: the minimum cacheable prefix per model.

Below a model's minimum, a `cache_control` marker does nothing: the request succeeds, nothing is
written to the cache and nothing is billed as a cache write (both usage counters stay 0). The
judges therefore send a breakpoint only where the prefix up to it reaches the minimum
(`AnthropicClient`), the cost estimate prices such a prefix as plain input
(`evaluations.judging.summary_cost_estimate`), and the fake Messages API applies the same table.

Source: the "Cache limitations" section of Anthropic's prompt-caching guide,
https://platform.claude.com/docs/en/build-with-claude/prompt-caching , read (December 2026) as
quoted in three places that agree: the guide's list as pasted in
anthropics/anthropic-sdk-python issue #1194 (4,096 for Opus 4.6, Opus 4.5 and Haiku 4.5; 1,024
for Sonnet 4.6, Sonnet 4.5, Opus 4.1, Opus 4, Sonnet 4), the LiteLLM prompt-caching page (updated
2026-10-07: 512 for Opus 5, Fable 5, Mythos 5; 1,024 for Sonnet 5, Opus 4.8, Sonnet 4.x; 4,096
for Haiku 4.5, Opus 4.5, 4.6) and news.creeta.com's "Claude's prompt cache fails silently below
1,024 tokens" (2026: the same, plus 2,048 for Opus 4.7).

Models those sources do not list (Haiku 5.5, Sonnet 5.5, Opus 5.5, Fable/Mythos 5.1 and 5.2) take
their family's figure and are marked `ASSUMED`; an unknown model takes 1,024, the API's general
figure. A wrong guess costs little either way: a marker below the real minimum is ignored by the
API (no write is billed), and one left out only forgoes a saving.

Tokens are estimated as characters / 4, the same count the fake server uses; the API's own count
differs a little, so a prefix within a few percent of the minimum may be judged either way.
"""

from __future__ import annotations

import math

from evaluations.judges.pricing import canonical_model_id

CACHING_SOURCE = "https://platform.claude.com/docs/en/build-with-claude/prompt-caching"
DEFAULT_MINIMUM_CACHEABLE_TOKENS = 1024

MINIMUM_CACHEABLE_TOKENS: dict[str, int] = {
    "claude-fable-5-2": 512,
    "claude-mythos-5-2": 512,
    "claude-fable-5-1": 512,
    "claude-mythos-5-1": 512,
    "claude-fable-5": 512,
    "claude-mythos-5": 512,
    "claude-opus-5-5": 512,
    "claude-opus-5": 512,
    "claude-opus-4-8": 1024,
    "claude-opus-4-7": 2048,
    "claude-opus-4-6": 4096,
    "claude-opus-4-5": 4096,
    "claude-opus-4-1": 1024,
    "claude-opus-4-0": 1024,
    "claude-sonnet-5-5": 1024,
    "claude-sonnet-5": 1024,
    "claude-sonnet-4-6": 1024,
    "claude-sonnet-4-5": 1024,
    "claude-sonnet-4-0": 1024,
    "claude-haiku-5-5": 4096,
    "claude-haiku-4-5": 4096,
}

# Not in the sources above: the figure of the model's family, to be replaced when published.
ASSUMED = frozenset(
    {
        "claude-fable-5-2",
        "claude-mythos-5-2",
        "claude-fable-5-1",
        "claude-mythos-5-1",
        "claude-opus-5-5",
        "claude-sonnet-5-5",
        "claude-haiku-5-5",
    }
)


def approx_tokens(text: str) -> int:
    """Characters / 4, rounded up: the platform's (and the fake server's) token estimate."""
    return math.ceil(len(text) / 4)


def minimum_cacheable_tokens(model: str) -> int:
    """The shortest prefix, in tokens, that `model` caches; shorter ones are silently not cached."""
    return MINIMUM_CACHEABLE_TOKENS.get(canonical_model_id(model), DEFAULT_MINIMUM_CACHEABLE_TOKENS)


def is_cacheable(model: str, prefix_tokens: int) -> bool:
    """Whether a breakpoint after `prefix_tokens` tokens would be cached by `model`."""
    return prefix_tokens >= minimum_cacheable_tokens(model)
