"""How the Claude judge calls the model: one structured call on the shared prefix
(`TaskCaller`), and the primed run of a summary's calls (`run_primed`: the primer alone until its
response begins, then the rest at once; the package docstring says why).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from evaluations.judges.anthropic_client import AnthropicClient, ReplyProblem
from evaluations.judges.base import JudgeError, crashed
from evaluations.judges.claude_prompts import SYSTEM_PROMPT, JudgeReply, Task, unescape_reply
from evaluations.judges.types import CallUsage, Transcript

# The same default as settings.JUDGE_MODEL: a current model with an official list price.
DEFAULT_MODEL = "claude-sonnet-5"

# What a job hands back: its value, and the calls it was billed for.
JobResult = tuple[Any, list[CallUsage]]
# Called once when a streamed response begins: from then on its cached prefix can be read.
FirstEventHook = Callable[[], None] | None


class TaskCaller:
    """Runs one task on the client: its system prompt, the task check, unescaping.

    `system` is the shared prompt unless a lean one is given; `cache_data=False` sends the data
    blocks without cache breakpoints (when no other call of the summary reads them). `streams`:
    the call streams, so a primer's first event can open the gate for the others."""

    streams = True

    def __init__(
        self, client: AnthropicClient, *, system: str = SYSTEM_PROMPT, cache_data: bool = True
    ):
        self.client = client
        self.system = system
        self.cache_data = cache_data
        # How many calls of the summary share its data blocks (set by the judge once planned).
        self.sharers = 1

    def __call__(
        self,
        *,
        purpose: str,
        task: Task,
        cached_blocks: tuple[str, ...],
        task_text: str,
        check: Callable[[JudgeReply], None] | None = None,
        on_first_event: FirstEventHook = None,
    ) -> tuple[JudgeReply, CallUsage]:
        def full_check(reply: JudgeReply) -> None:
            if reply.task != task:
                raise ReplyProblem(f"the reply answers task '{reply.task}', not '{task}'")
            if check is not None:
                check(unescape_reply(reply))

        reply, usage = self.client.complete(
            purpose=purpose,
            system=self.system,
            cached_blocks=cached_blocks,
            text=task_text,
            response_model=JudgeReply,
            check=full_check,
            on_first_event=on_first_event,
            cache_blocks=self.cache_data,
        )
        return unescape_reply(reply), usage


def valid_turns(indexes: list[int], transcript: Transcript | None) -> tuple[int, ...]:
    """The turn indexes a reply cites, de-duplicated, without those the transcript lacks."""
    if transcript is None:
        return tuple(dict.fromkeys(indexes))
    return tuple(i for i in dict.fromkeys(indexes) if transcript.turn(i) is not None)


@dataclass
class Job:
    """One task of a summary: `run` takes the hook to call on the response's first event (the
    primer's) or None, and returns a `JobResult`."""

    name: str
    run: Callable[[FirstEventHook], JobResult]


def run_primed(jobs: list[Job], *, prime: bool = True) -> dict[str, JobResult]:
    """Run the first job alone until its response begins (or it ends), then the rest at once
    (all at once when `prime` is False). Each job returns (value, the calls it was billed for).

    Errors: every job runs to its end; then the first permanent JudgeError is raised, else the
    first retryable one, so a caller never retries what cannot succeed. The raised error carries
    every call billed meanwhile, in job order: those of the jobs that succeeded and those the
    failed jobs' errors carry (a broken reply is billed too). Any other exception (a bug) becomes
    a permanent JudgeError that carries them as well.
    """
    if not jobs:
        return {}
    gate = threading.Event()
    if not prime:
        gate.set()

    def primer() -> JobResult:
        try:
            return jobs[0].run(gate.set)
        finally:
            gate.set()

    futures: dict[str, Future[JobResult]] = {}
    with ThreadPoolExecutor(max_workers=len(jobs), thread_name_prefix="claude-judge") as pool:
        futures[jobs[0].name] = pool.submit(primer)
        gate.wait()
        for job in jobs[1:]:
            futures[job.name] = pool.submit(job.run, None)
    errors: list[BaseException] = []
    results: dict[str, JobResult] = {}
    billed: list[CallUsage] = []
    for name, future in futures.items():
        error = future.exception()
        if error is None:
            results[name] = future.result()
            billed.extend(results[name][1])
        else:
            errors.append(error)
            if isinstance(error, JudgeError):
                billed.extend(error.calls)
    if errors:
        judge_errors = [e for e in errors if isinstance(e, JudgeError)]
        if len(judge_errors) < len(errors):
            crash = next(e for e in errors if not isinstance(e, JudgeError))
            raise crashed(crash, billed) from crash
        permanent = [e for e in judge_errors if not e.retryable]
        chosen = (permanent or judge_errors)[0]
        chosen.calls = tuple(billed)
        raise chosen
    return results


# Builds the caller of a summary's calls from (system prompt, cache_data).
CallerFactory = Callable[[str, bool], TaskCaller]
