"""Prices of the Claude models, and the cost of one call from its usage.

Prices are USD per million tokens, as published on the Anthropic pricing page
(https://platform.claude.com/docs/en/about-claude/pricing) and on each model's overview page
(https://platform.claude.com/docs/en/models/<model>/overview), checked in November 2026. Rows
whose figures came from a secondary source that quotes the list price say so in `source`.

Cache writes here are the 5-minute (`ephemeral`) writes the judges use. Most models bill a write
at 1.25x and a read at 0.1x the input price; several newer ones read cheaper (Fable 5.1, Opus 5.5,
Sonnet 5.5, Haiku 5.5), so every row carries its own four rates instead of two multipliers.

Message Batches bill every token at 50% of these rates, cache writes and reads included
(https://platform.claude.com/docs/en/build-with-claude/batch-processing: "reducing costs by
50%"; the pricing page lists batch input and output at half the standard rates):
`call_cost_usd(..., batch=True)`. A 1-hour cache write (`"ttl": "1h"`) costs 2x the input price
instead of the 5-minute write's 1.25x (the prompt-caching guide's pricing multipliers):
`cache_write_1h_tokens`.

An unknown model is priced with `UNKNOWN_MODEL_FALLBACK`, the dearest general-availability row,
so an estimate can only err on the high side, and a warning is logged once per model id;
`price_for(model).is_fallback` lets a caller show that the cost is an estimate.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass

logger = logging.getLogger(__name__)

PRICING_SOURCE = "https://platform.claude.com/docs/en/about-claude/pricing"
BATCH_PRICE_FACTOR = 0.5
CACHE_WRITE_1H_INPUT_MULTIPLIER = 2.0


@dataclass(frozen=True)
class ModelPrice:
    """USD per million tokens. `long_prompt` applies to a whole request whose prompt (input plus
    cache reads plus cache writes) exceeds `long_prompt_threshold` tokens (Haiku 5.5)."""

    input: float
    output: float
    cache_write: float
    cache_read: float
    source: str = PRICING_SOURCE
    long_prompt: ModelPrice | None = None
    long_prompt_threshold: int = 0
    is_fallback: bool = False


_OPUS_45_TO_5 = ModelPrice(input=5.0, output=25.0, cache_write=6.25, cache_read=0.50)
_FABLE_51 = ModelPrice(input=10.0, output=50.0, cache_write=12.50, cache_read=0.25)
_FABLE_5 = ModelPrice(input=10.0, output=50.0, cache_write=12.50, cache_read=1.00)
_FABLE_52 = ModelPrice(
    input=8.0,
    output=40.0,
    cache_write=10.0,
    cache_read=0.20,
    source="Anthropic list price for Fable/Mythos 5.2 as quoted by docs.laozhang.ai and "
    "docs.apiyi.com (2026-11-10); Mythos 5.2 shares Fable 5.2's pricing",
)
_SONNET_4X = ModelPrice(input=3.0, output=15.0, cache_write=3.75, cache_read=0.30)

PRICES: dict[str, ModelPrice] = {
    "claude-fable-5-2": _FABLE_52,
    "claude-mythos-5-2": _FABLE_52,
    "claude-fable-5-1": _FABLE_51,
    "claude-mythos-5-1": _FABLE_51,
    "claude-fable-5": _FABLE_5,
    "claude-mythos-5": _FABLE_5,
    "claude-opus-5-5": ModelPrice(
        input=4.0,
        output=20.0,
        cache_write=5.0,
        cache_read=0.20,
        source="https://platform.claude.com/docs/en/models/opus-5-5/overview ($4/$20); cache "
        "rates as re-checked against the pricing page by kurofune/claudit v1.8.2",
    ),
    "claude-opus-5": _OPUS_45_TO_5,
    "claude-opus-4-8": _OPUS_45_TO_5,
    "claude-opus-4-7": _OPUS_45_TO_5,
    "claude-opus-4-6": _OPUS_45_TO_5,
    "claude-opus-4-5": _OPUS_45_TO_5,
    # Cache reads were cut from $0.20 to $0.10 on 2026-10-07.
    "claude-sonnet-5-5": ModelPrice(
        input=2.0,
        output=10.0,
        cache_write=2.50,
        cache_read=0.10,
        source="https://platform.claude.com/docs/en/models/sonnet-5-5/overview; cache-read cut "
        "of 2026-10-07 as recorded by kurofune/claudit v1.9.2",
    ),
    "claude-sonnet-5": ModelPrice(
        input=2.0,
        output=10.0,
        cache_write=2.50,
        cache_read=0.20,
        source="https://platform.claude.com/docs/en/models/sonnet-5/overview",
    ),
    "claude-haiku-5-5": ModelPrice(
        input=0.10,
        output=0.50,
        cache_write=0.125,
        cache_read=0.01,
        source="pricing page, Haiku 5.5 two-band rates as recorded by kurofune/claudit v1.9.2",
        long_prompt=ModelPrice(input=0.50, output=2.50, cache_write=0.625, cache_read=0.05),
        long_prompt_threshold=100_000,
    ),
    "claude-sonnet-4-6": _SONNET_4X,
    "claude-sonnet-4-5": _SONNET_4X,
    "claude-haiku-4-5": ModelPrice(input=1.0, output=5.0, cache_write=1.25, cache_read=0.10),
}

# No published price found for claude-mythos-preview: it falls back like any unknown id.
UNKNOWN_MODEL_FALLBACK = ModelPrice(
    input=10.0,
    output=50.0,
    cache_write=12.50,
    cache_read=1.00,
    source="fallback: the dearest general-availability row (Fable 5), used for unknown models",
    is_fallback=True,
)

_SNAPSHOT_SUFFIX = re.compile(r"-\d{8}$")
_warned_models: set[str] = set()


def canonical_model_id(model: str) -> str:
    """`anthropic/claude-haiku-4-5-20251001` -> `claude-haiku-4-5`: a snapshot bills as its alias."""
    model = model.strip().removeprefix("anthropic/")
    return _SNAPSHOT_SUFFIX.sub("", model)


def price_for(model: str) -> ModelPrice:
    price = PRICES.get(canonical_model_id(model))
    if price is not None:
        return price
    if model not in _warned_models:
        _warned_models.add(model)
        logger.warning(
            "No price on file for model %r: costs are estimated with UNKNOWN_MODEL_FALLBACK "
            "($%s input / $%s output per MTok)",
            model,
            UNKNOWN_MODEL_FALLBACK.input,
            UNKNOWN_MODEL_FALLBACK.output,
        )
    return UNKNOWN_MODEL_FALLBACK


def call_cost_usd(
    model: str,
    *,
    input_tokens: int,
    output_tokens: int,
    cache_write_tokens: int = 0,
    cache_read_tokens: int = 0,
    cache_write_1h_tokens: int = 0,
    batch: bool = False,
) -> float:
    """The cost of one request. `input_tokens` is the uncached part only, as the API reports it;
    `cache_write_tokens` are 5-minute writes, `cache_write_1h_tokens` 1-hour ones. `batch`: the
    request went through the Message Batches API, at half price."""
    price = price_for(model)
    prompt_tokens = input_tokens + cache_write_tokens + cache_read_tokens + cache_write_1h_tokens
    if price.long_prompt is not None and prompt_tokens > price.long_prompt_threshold:
        price = price.long_prompt
    cost = (
        input_tokens * price.input
        + output_tokens * price.output
        + cache_write_tokens * price.cache_write
        + cache_read_tokens * price.cache_read
        + cache_write_1h_tokens * price.input * CACHE_WRITE_1H_INPUT_MULTIPLIER
    ) / 1_000_000
    if batch:
        cost *= BATCH_PRICE_FACTOR
    return round(cost, 8)
