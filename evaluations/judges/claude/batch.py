"""One summary judged through Message Batches: the same plan, tasks and verdict as online.

`evaluate_batched` runs `ClaudeJudge.evaluate_with` with callers that answer from the batch
results gathered so far (by `custom_id`) instead of calling the model:

1. A call whose result is there gets it, checked and unescaped exactly as an online reply
   (`AnthropicClient.batch_reply`), with its usage at batch prices.
2. A call whose result is not there yet records its request (`AnthropicClient.batch_params`, the
   body `complete` would send, without streaming) and is deferred.
3. When every call has its result, the verdict is assembled as online. Otherwise the step hands
   back the deferred requests, to go in the next batch: the first pass gives accuracy,
   adherence, completeness and the summarization claims; the answers call depends on the claims
   reply, so it is deferred until that reply is in, and goes in a later batch.
4. A result that failed (errored, expired, canceled, or a reply that cannot be used) makes the
   step an error: retryable unless the API refused the request or the model refused to answer.
   Its `failed_ids` are the results to drop: the next step then asks for those requests again
   (a follow-up batch), while the others are replayed from their stored results.

Caching: the system prompt's breakpoint carries the 1-hour TTL (every summary of a batch shares
it), and so do the transcript blocks when three calls or more of the summary share them (see
`AnthropicClient.batch_params` for the arithmetic); a 5-minute entry could expire between
requests a batch processes far apart.

Custom ids are `<key>-<purpose>`: the caller's key (an evaluation and its attempt) makes them
unique within a batch and across follow-ups.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from evaluations.judges.anthropic_client import (
    ONE_HOUR_TTL_MIN_SHARERS,
    AnthropicClient,
    BatchResult,
)
from evaluations.judges.base import JudgeError
from evaluations.judges.claude.calls import FirstEventHook, TaskCaller
from evaluations.judges.claude.judge import ClaudeJudge
from evaluations.judges.claude_prompts import JudgeReply, Task, unescape_reply
from evaluations.judges.types import Dimension, SummarySpec, SummaryVerdict, Transcript


class Deferred(JudgeError):
    """A call whose batch result is not there yet: its request waits for the next batch."""

    def __init__(self, custom_id: str) -> None:
        super().__init__(f"{custom_id}: waiting for its batch result", retryable=True)
        self.custom_id = custom_id


@dataclass
class BatchStep:
    """What one pass over the results gives: the verdict, or the requests to submit next
    (custom_id -> Messages params), or an error with the results it could not use."""

    verdict: SummaryVerdict | None = None
    requests: dict[str, dict[str, Any]] = field(default_factory=dict)
    error: JudgeError | None = None
    failed_ids: tuple[str, ...] = ()


class _Replay:
    """The state the callers of one pass share."""

    def __init__(self, key: str, results: Mapping[str, BatchResult]) -> None:
        self.key = key
        self.results = results
        self.requests: dict[str, dict[str, Any]] = {}
        self.failures: list[tuple[str, JudgeError]] = []
        self.lock = threading.Lock()


class ReplayCaller(TaskCaller):
    """A `TaskCaller` that answers from batch results, or records the request and defers."""

    streams = False

    def __init__(
        self, client: AnthropicClient, replay: _Replay, *, system: str, cache_data: bool
    ) -> None:
        super().__init__(client, system=system, cache_data=cache_data)
        self.replay = replay

    def __call__(
        self,
        *,
        purpose: str,
        task: Task,
        cached_blocks: tuple[str, ...],
        task_text: str,
        check: Callable[[JudgeReply], None] | None = None,
        on_first_event: FirstEventHook = None,
    ) -> tuple[JudgeReply, Any]:
        custom_id = f"{self.replay.key}-{purpose}"
        result = self.replay.results.get(custom_id)
        if result is None:
            params = self.client.batch_params(
                system=self.system,
                cached_blocks=cached_blocks,
                text=task_text,
                response_model=JudgeReply,
                cache_blocks=self.cache_data,
                blocks_ttl="1h" if self.sharers >= ONE_HOUR_TTL_MIN_SHARERS else "5m",
            )
            with self.replay.lock:
                self.replay.requests[custom_id] = params
            raise Deferred(custom_id)

        def full_check(reply: JudgeReply) -> None:
            from evaluations.judges.anthropic_client import ReplyProblem

            if reply.task != task:
                raise ReplyProblem(f"the reply answers task '{reply.task}', not '{task}'")
            if check is not None:
                check(unescape_reply(reply))

        try:
            reply, usage = self.client.batch_reply(purpose, result, JudgeReply, full_check)
        except JudgeError as error:
            with self.replay.lock:
                self.replay.failures.append((custom_id, error))
            raise
        return unescape_reply(reply), usage


def evaluate_batched(
    judge: ClaudeJudge,
    transcript: Transcript,
    summary: SummarySpec,
    *,
    dimensions: tuple[Dimension, ...],
    key: str,
    results: Mapping[str, BatchResult],
    rubric_questions: dict[str, tuple[str, ...]] | None = None,
    max_questions: int = 10,
) -> BatchStep:
    """One pass of a summary over its batch results so far (see the module docstring)."""
    replay = _Replay(key, results)

    def make_caller(system: str, cache_data: bool) -> TaskCaller:
        return ReplayCaller(judge.client, replay, system=system, cache_data=cache_data)

    try:
        verdict = judge.evaluate_with(
            make_caller,
            transcript,
            summary,
            dimensions=dimensions,
            rubric_questions=rubric_questions,
            max_questions=max_questions,
        )
    except JudgeError as error:
        if replay.failures:
            permanent = [e for _cid, e in replay.failures if not e.retryable]
            chosen = (permanent or [e for _cid, e in replay.failures])[0]
            chosen.calls = error.calls
            return BatchStep(error=chosen, failed_ids=tuple(c for c, _e in replay.failures))
        if isinstance(error, Deferred) and replay.requests:
            return BatchStep(requests=dict(replay.requests))
        return BatchStep(error=error)
    return BatchStep(verdict=verdict)
