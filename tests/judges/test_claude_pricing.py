"""The price table: the cost of a call from its usage, per model."""

from __future__ import annotations

import logging

import pytest

from devkit.fake_anthropic.validation import KNOWN_MODELS
from evaluations.judges.pricing import (
    PRICES,
    UNKNOWN_MODEL_FALLBACK,
    call_cost_usd,
    canonical_model_id,
    price_for,
)


def test_it_prices_input_output_cache_writes_and_reads_per_million_tokens():
    cost = call_cost_usd(
        "claude-sonnet-4-6",
        input_tokens=1_000_000,
        output_tokens=1_000_000,
        cache_write_tokens=1_000_000,
        cache_read_tokens=1_000_000,
    )
    assert cost == pytest.approx(3.0 + 15.0 + 3.75 + 0.30)


def test_cache_writes_cost_a_quarter_more_than_input_and_reads_a_tenth_on_standard_rows():
    for model in ("claude-opus-4-8", "claude-sonnet-4-5", "claude-haiku-4-5", "claude-opus-5"):
        price = price_for(model)
        assert price.cache_write == pytest.approx(price.input * 1.25)
        assert price.cache_read == pytest.approx(price.input * 0.1)


def test_a_snapshot_id_or_a_provider_prefix_bills_as_its_model():
    assert canonical_model_id("anthropic/claude-haiku-4-5-20251001") == "claude-haiku-4-5"
    assert price_for("claude-opus-4-5-20251101") is PRICES["claude-opus-4-5"]


def test_haiku_5_5_bills_a_long_prompt_at_its_higher_rates():
    short = call_cost_usd("claude-haiku-5-5", input_tokens=100_000, output_tokens=0)
    long = call_cost_usd(
        "claude-haiku-5-5", input_tokens=50_000, cache_read_tokens=60_000, output_tokens=0
    )
    assert short == pytest.approx(0.01)
    assert long == pytest.approx(50_000 * 0.50 / 1e6 + 60_000 * 0.05 / 1e6)


def test_an_unknown_model_is_priced_with_the_named_fallback_and_a_warning(caplog):
    with caplog.at_level(logging.WARNING, logger="evaluations.judges.pricing"):
        price = price_for("claude-unreleased-9")
    assert price is UNKNOWN_MODEL_FALLBACK and price.is_fallback
    assert "UNKNOWN_MODEL_FALLBACK" in caplog.text
    assert call_cost_usd("claude-unreleased-9", input_tokens=1_000_000, output_tokens=0) == 10.0


def test_every_model_the_sdk_lists_has_a_price_except_the_unpriced_preview():
    unpriced = {model for model in KNOWN_MODELS if price_for(model).is_fallback}
    assert unpriced == {"claude-mythos-preview"}


def test_batch_requests_cost_half_cache_included_and_a_one_hour_write_costs_twice_the_input():
    from evaluations.judges.pricing import call_cost_usd as cost

    usage = {
        "input_tokens": 1_000,
        "output_tokens": 500,
        "cache_write_tokens": 4_000,
        "cache_read_tokens": 8_000,
    }
    assert cost("claude-sonnet-5", **usage, batch=True) == pytest.approx(
        cost("claude-sonnet-5", **usage) / 2
    )
    # Sonnet 5: $2 input, so a 1-hour write is $4 per million.
    assert (
        cost("claude-sonnet-5", input_tokens=0, output_tokens=0, cache_write_1h_tokens=10**6) == 4.0
    )
