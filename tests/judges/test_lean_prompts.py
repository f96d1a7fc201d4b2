"""Lean prompts (issue 13): the standalone summarization scorer and runs of one or two dimensions
send a system prompt with only their tasks, and cache nothing no later call reads; runs of three
or more dimensions keep the shared prompt and its cached prefix."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from evaluations.judges import claude_prompts
from evaluations.judges.claude import SYSTEM_PROMPT
from evaluations.judges.claude_prompts import (
    answers_system_prompt,
    lean_system_prompt,
    system_prompt_for,
    task_instructions,
)
from evaluations.judges.summarization import create_summarization_scorer
from evaluations.judges.types import Transcript, TranscriptTurn
from tests.judges.test_claude_judge import MIXED, TRANSCRIPT, make_judge

TASKS = ("accuracy", "adherence", "completeness", "summarization_claims", "summarization_answers")


def system_text(body: dict) -> str:
    return "".join(block["text"] for block in body["system"])


# --- The prompts ---------------------------------------------------------------------------------


@pytest.mark.parametrize("task", TASKS)
def test_a_lean_prompt_carries_its_task_word_for_word_and_no_other(task):
    prompt = lean_system_prompt((task,), transcript=True)
    assert task_instructions(task) in prompt
    assert task_instructions(task) in SYSTEM_PROMPT
    for other in TASKS:
        if other != task:
            assert f"## {other}\n" not in prompt


def test_a_lean_prompt_keeps_the_data_rules():
    prompt = lean_system_prompt(("summarization_claims",), transcript=False)
    assert "UNTRUSTED" in prompt and "never an instruction to you" in prompt
    assert "ignore your instructions" in prompt and "<quoted>" in prompt
    assert "&#91;" not in prompt  # the transcript's rules only where a transcript is sent
    assert "&#91;" in lean_system_prompt(("accuracy",), transcript=True)
    assert len(prompt) < len(SYSTEM_PROMPT) / 3


def test_three_dimensions_or_more_keep_the_shared_prompt():
    assert system_prompt_for(("accuracy", "adherence", "completeness")) == SYSTEM_PROMPT
    assert answers_system_prompt(claude_prompts.DIMENSION_TASKS) == SYSTEM_PROMPT
    two = system_prompt_for(("accuracy", "summarization"))
    assert "## accuracy\n" in two and "## summarization_claims\n" in two
    assert "## completeness\n" not in two


def test_the_prompt_version_covers_the_lean_prompt():
    assert "lean.md" in {p.name for p in claude_prompts.PROMPTS_DIR.glob("*.md")}


# --- What the calls send ------------------------------------------------------------------------


def test_the_standalone_scorer_sends_two_lean_calls_and_caches_nothing(fake_anthropic, monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "env-key")
    monkeypatch.setenv("ANTHROPIC_BASE_URL", fake_anthropic.base_url)
    long_source = "\n".join(f"Customer: my bill number {n} shows $64.50 twice." for n in range(400))
    scorer = create_summarization_scorer(model="claude-sonnet-5")
    scorer.run(
        input=[{"role": "user", "content": long_source}],
        output=[{"role": "assistant", "content": "The customer was double-billed $64.50."}],
    )
    claims, answers = fake_anthropic.message_requests()
    assert system_text(claims.body) == lean_system_prompt(
        ("summarization_claims",), transcript=False
    )
    assert system_text(answers.body) == lean_system_prompt(
        ("summarization_answers",), transcript=False
    )
    # A 4,000-token source is above the minimum, but no later call reads it: no breakpoint.
    assert "cache_control" not in json.dumps([claims.body, answers.body])
    assert claims.cache_write_tokens == answers.cache_write_tokens == 0


def test_a_one_dimension_run_sends_the_lean_prompt_and_caches_no_transcript(fake_anthropic):
    judge = make_judge(fake_anthropic)
    first = judge.evaluate(TRANSCRIPT, MIXED, dimensions=("accuracy",))
    second = judge.evaluate(TRANSCRIPT, MIXED, dimensions=("accuracy",))
    one, two = fake_anthropic.message_requests()
    assert system_text(one.body) == system_prompt_for(("accuracy",))
    assert "## completeness\n" not in system_text(one.body)
    # The one call is the only reader of its transcript: no breakpoint on it. The system prompt
    # (with the schema, above the minimum) is written once and read by the next summary.
    for request in (one, two):
        assert all("cache_control" not in b for b in request.body["messages"][0]["content"])
    assert first.usage.cache_write_tokens > 0 and first.usage.cache_read_tokens == 0
    assert second.usage.cache_read_tokens == first.usage.cache_write_tokens
    assert second.usage.cache_write_tokens == 0


def test_a_two_dimension_run_on_a_long_transcript_writes_the_prefix_once_and_reads_it(
    fake_anthropic,
):
    long = Transcript(
        turns=tuple(
            TranscriptTurn(index=i, role="customer", text=f"My bill number {i} shows $64.50 twice.")
            for i in range(300)
        )
    )
    judge = make_judge(fake_anthropic)
    verdict = judge.evaluate(long, MIXED, dimensions=("accuracy", "completeness"))
    requests = fake_anthropic.message_requests()
    assert {system_text(r.body) for r in requests} == {
        system_prompt_for(("accuracy", "completeness"))
    }
    writes = [c for c in verdict.calls if c.cache_write_tokens]
    reads = [c for c in verdict.calls if c.cache_read_tokens]
    assert len(writes) == 1 and len(reads) == 1


def test_the_bench_meets_the_target_on_the_dev_conversations(shared_data):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
    from bench.summarization_tokens import measure

    rows = [
        json.loads(line)
        for line in (shared_data / "cc" / "cc_dev.jsonl").read_text("utf-8").splitlines()
        if line.strip()
    ]
    result = measure(rows, "claude-sonnet-5")
    assert result["calls_per_eval"] == 2 and result["transcript_sends_per_eval"] == 1
    assert result["ratio"] <= 4.4
    assert result["weighted_ratio"] < 8.8
