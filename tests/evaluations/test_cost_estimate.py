"""The cost estimate applies the API's caching rules: below a model's minimum cacheable prefix
nothing is written to the cache, so nothing is billed at the write premium."""

from __future__ import annotations

import pytest

from evaluations import judging
from evaluations.judges.caching import minimum_cacheable_tokens
from evaluations.judges.pricing import call_cost_usd
from evaluations.judges.types import DIMENSIONS

TRANSCRIPT_CHARS = 4_000  # about 1,000 tokens
SUMMARY_CHARS = 800


def plain_input_cost(model: str) -> float:
    """Every call of the four dimensions, its whole prompt billed as input."""
    prefix = judging.SHARED_PREFIX_TOKENS + TRANSCRIPT_CHARS // judging.CHARS_PER_TOKEN
    own = judging.PER_CALL_TOKENS + SUMMARY_CHARS // judging.CHARS_PER_TOKEN
    cost = 0.0
    for dimension in DIMENSIONS:
        calls = judging.CALLS_PER_DIMENSION[dimension]
        output = judging.EXPECTED_OUTPUT_TOKENS[dimension] // calls
        for call in range(calls):
            answers = dimension == "summarization" and call == 1
            prompt = judging.SHARED_PREFIX_TOKENS + own if answers else prefix + own
            cost += call_cost_usd(model, input_tokens=prompt, output_tokens=output)
    return cost


def estimate(model: str) -> float:
    return judging.summary_cost_estimate(
        model=model,
        transcript_chars=TRANSCRIPT_CHARS,
        summary_chars=SUMMARY_CHARS,
        dimensions=DIMENSIONS,
    )


def test_a_prefix_below_the_models_minimum_is_estimated_as_plain_input():
    prefix = judging.SHARED_PREFIX_TOKENS + TRANSCRIPT_CHARS // judging.CHARS_PER_TOKEN
    assert prefix < minimum_cacheable_tokens("claude-haiku-4-5")
    assert estimate("claude-haiku-4-5") == pytest.approx(plain_input_cost("claude-haiku-4-5"))


def test_a_prefix_above_the_minimum_is_written_once_and_read_after():
    prefix = judging.SHARED_PREFIX_TOKENS + TRANSCRIPT_CHARS // judging.CHARS_PER_TOKEN
    assert prefix >= minimum_cacheable_tokens("claude-sonnet-5")
    # One write at 1.25x and three reads at 0.1x instead of four full reads: well under.
    assert estimate("claude-sonnet-5") < 0.75 * plain_input_cost("claude-sonnet-5")


def test_one_dimension_is_estimated_with_its_lean_prompt_and_no_cache_write():
    from evaluations.judges.claude_prompts import system_prompt_for

    one = judging.summary_cost_estimate(
        model="claude-sonnet-5",
        transcript_chars=TRANSCRIPT_CHARS,
        summary_chars=SUMMARY_CHARS,
        dimensions=("accuracy",),
    )
    prompt = (
        len(system_prompt_for(("accuracy",))) // judging.CHARS_PER_TOKEN
        + judging.SCHEMA_TOKENS
        + TRANSCRIPT_CHARS // judging.CHARS_PER_TOKEN
        + judging.PER_CALL_TOKENS
        + SUMMARY_CHARS // judging.CHARS_PER_TOKEN
    )
    expected = call_cost_usd(
        "claude-sonnet-5",
        input_tokens=prompt,
        output_tokens=judging.EXPECTED_OUTPUT_TOKENS["accuracy"],
    )
    assert one == pytest.approx(expected)
