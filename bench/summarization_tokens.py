"""Prompt tokens of the standalone summarization scorer, counted the way the peers are counted.

Runs `create_summarization_scorer(model=...).run(...)` over the conversations of `cc_dev.jsonl`,
one evaluation at a time, against the fake Messages API in this process, and counts what each
evaluation sends: prompt tokens as characters / 4 of the system prompt and the messages (the reply
schema is not counted, as it is not for the peers), divided by the transcript's tokens (characters
/ 4 of the source text). The cost-weighted figure bills the cache-written share of each request at
1.25x and the cache-read share at 0.1x, from the usage the fake reports.

    .venv/bin/python bench/summarization_tokens.py [--data ../shared/data/cc/cc_dev.jsonl]

Peers, measured the same way in issue 13: Mastra `createSummarizationScorer` 1.10.2 8.8 (3 calls,
2 transcript sends), DeepEval `SummarizationMetric` 4.3.1 10.5 (7 calls, 3 sends). Target: at most
4.4 with this scorer's two calls. Skips (exit 0) when the data folder is absent.
"""

from __future__ import annotations

import argparse
import html
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from devkit.fake_anthropic import FakeAnthropicServer
from devkit.fake_anthropic.server import RecordedRequest

DEFAULT_DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "data" / "cc"
WRITE_WEIGHT = 1.25
READ_WEIGHT = 0.1


def chars_to_tokens(chars: int) -> float:
    return chars / 4


def prompt_chars(body: dict[str, Any]) -> int:
    """Characters of the system prompt and of every message, as sent."""
    system = body.get("system") or []
    blocks = [{"text": system}] if isinstance(system, str) else list(system)
    for message in body["messages"]:
        content = message["content"]
        blocks.extend([{"text": content}] if isinstance(content, str) else content)
    return sum(len(block.get("text", "")) for block in blocks)


def message_text(body: dict[str, Any]) -> str:
    parts = []
    for message in body["messages"]:
        content = message["content"]
        parts.extend(
            [content] if isinstance(content, str) else [b.get("text", "") for b in content]
        )
    return "\n".join(parts)


def conversation_texts(row: dict[str, Any]) -> tuple[str, str]:
    """The source (one `Role: text` line a turn) and the summary (one `key: text` line a section)."""
    source = "\n".join(f"{t['role'].capitalize()}: {t['text']}" for t in row["turns"])
    summary = "\n".join(
        f"{s['key']}: {s['text']}" for s in row["summary"]["sections"] if s["text"].strip()
    )
    return source, summary


def weighted_share(request: RecordedRequest) -> float:
    """The request's prompt billed in input-token equivalents, as a share of its prompt tokens."""
    usage = request.usage
    total = (
        usage.get("input_tokens", 0) + request.cache_write_tokens + request.cache_read_tokens
    ) or 1
    return (
        usage.get("input_tokens", 0)
        + WRITE_WEIGHT * request.cache_write_tokens
        + READ_WEIGHT * request.cache_read_tokens
    ) / total


def measure(rows: list[dict[str, Any]], model: str) -> dict[str, Any]:
    from evaluations.judges import create_summarization_scorer
    from evaluations.judges.claude import ClaudeSummarizationBackend

    per_conversation = []
    with FakeAnthropicServer() as fake:
        # The backend `create_summarization_scorer(model=...)` builds, pointed at the fake.
        backend = ClaudeSummarizationBackend(model, api_key="sk-bench", base_url=fake.base_url)
        scorer = create_summarization_scorer(model=backend)
        for row in rows:
            source, summary = conversation_texts(row)
            fake.reset()
            scorer.run(
                input=[{"role": "user", "content": source}],
                output=[{"role": "assistant", "content": summary}],
            )
            requests = fake.message_requests()
            prompt = sum(chars_to_tokens(prompt_chars(r.body)) for r in requests)
            weighted = sum(
                chars_to_tokens(prompt_chars(r.body)) * weighted_share(r) for r in requests
            )
            transcript = chars_to_tokens(len(source))
            marker = html.escape(row["turns"][0]["text"][:60], quote=False)
            sends = sum(1 for r in requests if marker in message_text(r.body))
            per_conversation.append(
                {
                    "id": row["id"],
                    "calls": len(requests),
                    "transcript_sends": sends,
                    "transcript_tokens": transcript,
                    "prompt_tokens": prompt,
                    "weighted_tokens": weighted,
                    "cache_write_tokens": sum(r.cache_write_tokens for r in requests),
                }
            )
    n = len(per_conversation)
    transcript_total = sum(c["transcript_tokens"] for c in per_conversation)
    return {
        "model": model,
        "conversations": n,
        "calls_per_eval": sum(c["calls"] for c in per_conversation) / n,
        "transcript_sends_per_eval": sum(c["transcript_sends"] for c in per_conversation) / n,
        "ratio": sum(c["prompt_tokens"] for c in per_conversation) / transcript_total,
        "weighted_ratio": sum(c["weighted_tokens"] for c in per_conversation) / transcript_total,
        "mean_of_ratios": sum(c["prompt_tokens"] / c["transcript_tokens"] for c in per_conversation)
        / n,
        "cache_write_tokens": sum(c["cache_write_tokens"] for c in per_conversation),
        "rows": per_conversation,
    }


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA / "cc_dev.jsonl")
    parser.add_argument("--model", default="claude-sonnet-5")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    if not args.data.is_file():
        print(f"skipped: {args.data} is absent (the shared development data is not here)")
        return
    rows = [json.loads(line) for line in args.data.read_text("utf-8").splitlines() if line.strip()]
    result = measure(rows, args.model)
    if args.json:
        print(json.dumps(result))
        return
    print(
        f"{result['conversations']} conversations, {args.model}: "
        f"{result['calls_per_eval']:.0f} calls / eval, "
        f"{result['transcript_sends_per_eval']:.0f} transcript send(s) / eval; "
        f"prompt tokens / transcript tokens {result['ratio']:.2f} "
        f"(mean of per-conversation ratios {result['mean_of_ratios']:.2f}); "
        f"cost-weighted (writes 1.25x, reads 0.1x) {result['weighted_ratio']:.2f}; "
        f"cache-write tokens {result['cache_write_tokens']}. "
        "Peers: Mastra 8.8, DeepEval 10.5; target <= 4.4."
    )


if __name__ == "__main__":
    main()
