"""Cost per 1,000 summaries, online and through Message Batches, from measured token counts.

For each model and transcript size (about 1k, 3k and 10k tokens) this judges one summary with all
four dimensions, and scores one with the standalone summarization scorer, against the fake
Messages API in this process, and prices every call's reported usage with `pricing.py`:

- online: the calls as the judge sends them, in steady state (another summary of the same size
  was judged just before, so the system prompt is read from the cache as in a long run; the
  transcript prefix is written by the first call and read by the others, where the model's
  minimum cacheable length allows);
- batch: the same usage at batch prices (50%, cache writes and reads included), its cache
  writes with the 1-hour TTL (2x the input price) that batch requests use for a prefix four
  calls share. Cache hits inside a batch are best effort, so a third column prices the same
  calls with nothing cached at all (every prompt token as input, at batch prices).

    .venv/bin/python bench/cost_table.py [--models M ...] [--sizes N ...] [--markdown]

Token counts are the fake's (characters / 4); the summary is bench.common's five-section one.
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path
from typing import Any, cast

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.common import SUMMARY_TEXTS, transcript_turns
from bench.tokens import summary_spec
from devkit.fake_anthropic import FakeAnthropicServer
from evaluations.judges.caching import minimum_cacheable_tokens
from evaluations.judges.claude import ClaudeJudge, ClaudeSummarizationBackend
from evaluations.judges.pricing import call_cost_usd
from evaluations.judges.summarization import create_summarization_scorer
from evaluations.judges.types import DIMENSIONS, CallUsage, Role, Transcript, TranscriptTurn

DEFAULT_MODELS = ("claude-haiku-4-5", "claude-haiku-5-5", "claude-sonnet-5", "claude-sonnet-5-5")
PER = 1000


def transcript(tokens: int, seed: int) -> Transcript:
    turns = transcript_turns(tokens=tokens, rng=random.Random(seed))
    return Transcript(
        turns=tuple(
            TranscriptTurn(index=i, role=cast(Role, role), text=text)
            for i, (role, text) in enumerate(turns)
        )
    )


def priced(calls: list[CallUsage], model: str, *, batch: bool) -> float:
    """The calls' cost; in a batch their cache writes are 1-hour ones (2x the input price), as
    `claude.batch` sends a prefix that four calls share."""
    return sum(
        call_cost_usd(
            model,
            input_tokens=c.input_tokens,
            output_tokens=c.output_tokens,
            cache_write_tokens=0 if batch else c.cache_write_tokens,
            cache_write_1h_tokens=c.cache_write_tokens if batch else 0,
            cache_read_tokens=c.cache_read_tokens,
            batch=batch,
        )
        for c in calls
    )


def judged_calls(model: str, tokens: int, *, cache: bool) -> list[CallUsage]:
    """The calls of one summary (all four dimensions), after a warm-up summary of the same size."""
    with FakeAnthropicServer() as fake:
        judge = ClaudeJudge(
            model, api_key="sk-bench", base_url=fake.base_url, max_retries=0, cache_prompts=cache
        )
        judge.evaluate(transcript(tokens, seed=tokens + 1), summary_spec(), dimensions=DIMENSIONS)
        verdict = judge.evaluate(
            transcript(tokens, seed=tokens), summary_spec(), dimensions=DIMENSIONS
        )
        judge.close()
    return list(verdict.calls)


def scorer_calls(model: str, tokens: int) -> list[CallUsage]:
    """The two calls of one standalone summarization score (it caches nothing)."""
    source = "\n".join(
        f"{turn.role.capitalize()}: {turn.text}" for turn in transcript(tokens, seed=tokens).turns
    )
    summary = "\n".join(f"{key}: {text}" for key, text in SUMMARY_TEXTS.items())
    with FakeAnthropicServer() as fake:
        backend = ClaudeSummarizationBackend(model, api_key="sk-bench", base_url=fake.base_url)
        result = create_summarization_scorer(model=backend).run(
            input=[{"role": "user", "content": source}],
            output=[{"role": "assistant", "content": summary}],
        )
        backend.client.close()
    return [
        CallUsage(**{k: v for k, v in call.items() if k in CallUsage.model_fields})
        for call in result["calls"]
    ]


def rows_for(models: list[str], sizes: list[int]) -> dict[str, list[dict[str, Any]]]:
    judge_rows, scorer_rows = [], []
    for model in models:
        for tokens in sizes:
            online = judged_calls(model, tokens, cache=True)
            uncached = judged_calls(model, tokens, cache=False)
            judge_rows.append(
                {
                    "model": model,
                    "transcript_tokens": tokens,
                    "calls": len(online),
                    "prompt_tokens": sum(
                        c.input_tokens + c.cache_write_tokens + c.cache_read_tokens for c in online
                    ),
                    "online": PER * priced(online, model, batch=False),
                    "batch": PER * priced(online, model, batch=True),
                    "batch_no_cache": PER * priced(uncached, model, batch=True),
                }
            )
            scored = scorer_calls(model, tokens)
            scorer_rows.append(
                {
                    "model": model,
                    "transcript_tokens": tokens,
                    "calls": len(scored),
                    "prompt_tokens": sum(c.input_tokens for c in scored),
                    "online": PER * priced(scored, model, batch=False),
                    "batch": PER * priced(scored, model, batch=True),
                }
            )
    return {"judge": judge_rows, "scorer": scorer_rows}


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--models", nargs="+", default=list(DEFAULT_MODELS))
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 3000, 10000])
    args = parser.parse_args()
    tables = rows_for(args.models, args.sizes)
    print("All four dimensions, USD per 1,000 summaries (steady state, 5 calls a summary):\n")
    print(
        "| model (minimum cacheable prefix) | transcript | prompt tokens / summary "
        "| online | batch | batch, no cache hit |"
    )
    print("| --- | ---: | ---: | ---: | ---: | ---: |")
    for row in tables["judge"]:
        print(
            f"| {row['model']} ({minimum_cacheable_tokens(row['model'])}) "
            f"| {row['transcript_tokens'] // 1000}k | {row['prompt_tokens']:,} "
            f"| ${row['online']:,.2f} | ${row['batch']:,.2f} | ${row['batch_no_cache']:,.2f} |"
        )
    print("\nStandalone summarization score, USD per 1,000 scores (2 calls, nothing cached):\n")
    print("| model | transcript | prompt tokens / score | online | batch |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for row in tables["scorer"]:
        print(
            f"| {row['model']} | {row['transcript_tokens'] // 1000}k | {row['prompt_tokens']:,} "
            f"| ${row['online']:,.2f} | ${row['batch']:,.2f} |"
        )


if __name__ == "__main__":
    main()
