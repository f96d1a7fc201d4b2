"""The Claude judge: accuracy, adherence, completeness and the summarization scorer on Claude.

Calls per summary, whatever the number of sections: accuracy 1 (0 if every section is empty),
adherence at most 1 (0 without a non-empty free-text custom section), completeness 1 (0 without a
free-text section with instructions), summarization 2 (claims, then answers).

Caching. The calls of one summary that see the transcript send the same prefix: the one system
prompt (it describes every task), the one reply schema, then the transcript and the rendered
summary as the first two, cache-controlled blocks of the user message; the task and its own data
come after them. The reply schema is shared too because the API counts `output_config.format` in
the cache key: a schema per task would split the cache. The system prompt carries its own
breakpoint, so across summaries it is read from the cache, not written again.

A cache entry can only be read once the response that wrote it has begun, so the first call (the
"primer") is started alone and streamed; the others start as soon as its first event arrives.
One cache write per summary, and the calls still run in parallel.

Where each part lives:
- `judge`: `ClaudeJudge`, which plans a summary's calls, runs them and assembles the verdict;
- `tasks`: each task's request and how its reply becomes verdicts;
- `summarization`: `ClaudeSummarizationBackend`, the summarization score's two calls;
- `calls`: one structured call on the shared prefix, and the primed run of several;
- `batch`: one summary judged through Message Batches, replaying `judge` over the results;
- `evaluations.judges.claude_prompts`: the prompts, the reply schema and the rendered data blocks.
"""

from __future__ import annotations

from evaluations.judges.claude.calls import DEFAULT_MODEL
from evaluations.judges.claude.judge import ClaudeJudge
from evaluations.judges.claude.summarization import ClaudeSummarizationBackend
from evaluations.judges.claude_prompts import PROMPTS_DIR, SYSTEM_PROMPT, JudgeReply, prompt_version

__all__ = [
    "DEFAULT_MODEL",
    "PROMPTS_DIR",
    "SYSTEM_PROMPT",
    "ClaudeJudge",
    "ClaudeSummarizationBackend",
    "JudgeReply",
    "prompt_version",
]
