"""Tokens billed per summary, with and without the cached transcript prefix.

The Claude judge puts the transcript first, as a cache-controlled block: the first call writes it
to the cache, and the calls that start once that call has begun streaming read it. This prices one
summary's prompt tokens in input-token equivalents (a cache write costs 1.25x an input token, a read
0.1x) and compares it with the same calls when nothing is cached (the fake server run with caching
off, so every prompt token is billed as input). Transcripts of about 1k, 3k and 10k tokens.

    .venv/bin/python bench/tokens.py

Target (issue 4): for the three CCAI dimensions on a 3k-token transcript, at most 0.5x uncached.
The fake applies each model's minimum cacheable prefix (`evaluations/judges/caching.py`, issue 13),
and so does the judge, which sends no breakpoint below it: with `--model claude-haiku-4-5`
(minimum 4,096 tokens) a 1k transcript is not cached at all and costs what uncached does.
Needs no database: it calls the judge directly against the fake Messages API in this process.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import cast

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import SUMMARY_TEXTS, transcript_turns
from devkit.fake_anthropic import FakeAnthropicServer
from evaluations.judges.caching import minimum_cacheable_tokens
from evaluations.judges.claude import ClaudeJudge
from evaluations.judges.types import (
    CCAI_DIMENSIONS,
    DIMENSIONS,
    Role,
    SectionOrigin,
    SectionSpec,
    SectionValueType,
    SummarySpec,
    Transcript,
    TranscriptTurn,
)

WRITE_WEIGHT = 1.25
READ_WEIGHT = 0.1
SECTIONS: dict[str, tuple[SectionOrigin, SectionValueType, str, tuple[str, ...]]] = {
    "situation": (
        "predefined",
        "free_text",
        "Describe the customer's issue. Name the product.",
        (),
    ),
    "action": ("predefined", "free_text", "Describe what the agent did to help.", ()),
    "resolution": ("predefined", "categorical", "Y, P, N or N/A.", ("Y", "P", "N", "N/A")),
    "customer_satisfaction": ("predefined", "categorical", "D or N.", ("D", "N")),
    "next_steps": (
        "custom",
        "free_text",
        "List every follow-up the agent promised. Include the date of each follow-up.",
        (),
    ),
}


def summary_spec() -> SummarySpec:
    return SummarySpec(
        sections=tuple(
            SectionSpec(
                key=key,
                text=SUMMARY_TEXTS[key],
                origin=origin,
                value_type=value_type,
                instructions=instructions,
                allowed_values=allowed,
            )
            for key, (origin, value_type, instructions, allowed) in SECTIONS.items()
        )
    )


def transcript(tokens: int) -> Transcript:
    turns = transcript_turns(tokens=tokens, rng=random.Random(tokens))
    return Transcript(
        turns=tuple(
            TranscriptTurn(index=i, role=cast(Role, role), text=text)
            for i, (role, text) in enumerate(turns)
        )
    )


def billed(*, tokens: int, dimensions: tuple, cache: bool, model: str) -> dict:
    # Caching off = a minimum cacheable length no prompt reaches.
    with FakeAnthropicServer(latency=0.05, min_cacheable_tokens=None if cache else 10**9) as fake:
        judge = ClaudeJudge(model, api_key="sk-bench", base_url=fake.base_url, max_retries=0)
        verdict = judge.evaluate(transcript(tokens), summary_spec(), dimensions=dimensions)
        judge.close()
    usage = verdict.usage
    return {
        "calls": usage.model_calls,
        "input": usage.input_tokens,
        "cache_write": usage.cache_write_tokens,
        "cache_read": usage.cache_read_tokens,
        "output": usage.output_tokens,
        "input_equivalents": usage.input_tokens
        + WRITE_WEIGHT * usage.cache_write_tokens
        + READ_WEIGHT * usage.cache_read_tokens,
        "cost_usd": usage.cost_usd,
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 3000, 10000])
    parser.add_argument("--model", default="claude-sonnet-5")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    minimum = minimum_cacheable_tokens(args.model)
    if not args.json:
        print(f"{args.model}: minimum cacheable prefix {minimum} tokens", flush=True)
    rows = []
    for name, dimensions in (("ccai", CCAI_DIMENSIONS), ("all", DIMENSIONS)):
        for size in args.sizes:
            cached = billed(tokens=size, dimensions=dimensions, cache=True, model=args.model)
            uncached = billed(tokens=size, dimensions=dimensions, cache=False, model=args.model)
            ratio = cached["input_equivalents"] / uncached["input_equivalents"]
            rows.append(
                {
                    "dimensions": name,
                    "transcript_tokens": size,
                    "cached": cached,
                    "uncached": uncached,
                    "ratio": round(ratio, 3),
                }
            )
            if not args.json:
                print(
                    f"{name:>4} dimensions, {size:>5}-token transcript: {cached['calls']} calls; "
                    f"cached {cached['input_equivalents']:>8.0f} input-token equivalents "
                    f"(input {cached['input']}, write {cached['cache_write']}, read {cached['cache_read']}) "
                    f"vs uncached {uncached['input_equivalents']:>8.0f} = {ratio:.2f}x; "
                    f"output {cached['output']} tokens; ${cached['cost_usd']:.4f} vs ${uncached['cost_usd']:.4f}",
                    flush=True,
                )
    if args.json:
        print(json.dumps({"model": args.model, "minimum_cacheable_tokens": minimum, "rows": rows}))


if __name__ == "__main__":
    main()
