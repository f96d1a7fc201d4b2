"""The summarization score's two model calls on Claude (`ClaudeSummarizationBackend`).

`extract` sees the source and the summary; `answer` sees the summary and the questions, never the
source. Inside `ClaudeJudge`, the backend is bound to the judge's rendered transcript and summary
blocks and to its callers, so its claims call shares the cached prefix (and system prompt) of the
accuracy, adherence and completeness calls.

On its own (`create_summarization_scorer(model="claude-...")`) it is lean (issue 13): each call
sends a system prompt with its own task only (`lean_system_prompt`), and nothing is cached: the
claims call is the only one that sees the source, so a cache write there would only cost its
1.25x premium, and the lean prompts are below every model's minimum cacheable length.
"""

from __future__ import annotations

from typing import Any

from evaluations.judges.anthropic_client import AnthropicClient, ReplyProblem
from evaluations.judges.claude.calls import DEFAULT_MODEL, FirstEventHook, TaskCaller
from evaluations.judges.claude_prompts import (
    JudgeReply,
    escape_data,
    lean_system_prompt,
    prompt_version,
    render_source,
    render_summary_text,
    task_block,
)
from evaluations.judges.summarization_score import normalise_question
from evaluations.judges.types import CallUsage, ClaimVerdict, QuestionVerdict


class ClaudeSummarizationBackend:
    """`SummarizationBackend` on Claude. `extract` sees the source and the summary; `answer`
    sees the summary and the questions, never the source."""

    def __init__(
        self,
        model: str = DEFAULT_MODEL,
        *,
        api_key: str | None = None,
        base_url: str | None = None,
        client: AnthropicClient | None = None,
        **client_options: Any,
    ) -> None:
        self.model = model.removeprefix("anthropic/")
        # On its own the scorer caches nothing (see the module docstring); a client handed in
        # (the judge's) keeps its own setting.
        client_options.setdefault("cache_prompts", False)
        self.client = client or AnthropicClient(
            model=self.model, api_key=api_key, base_url=base_url, **client_options
        )
        self.prompt_version = prompt_version()
        self._claims_call = TaskCaller(
            self.client,
            system=lean_system_prompt(("summarization_claims",), transcript=False),
            cache_data=False,
        )
        self._answers_call = TaskCaller(
            self.client,
            system=lean_system_prompt(("summarization_answers",), transcript=False),
            cache_data=False,
        )
        # Set by ClaudeJudge: its rendered transcript and summary blocks replace the plain-text
        # source and summary, so the claims call shares the cached prefix of the CCAI calls;
        # the hook opens the gate for them.
        self._shared_prefix: tuple[str, ...] = ()
        self._on_first_event: FirstEventHook = None

    def bound(
        self,
        shared_prefix: tuple[str, ...],
        on_first_event: FirstEventHook,
        *,
        claims_call: TaskCaller,
        answers_call: TaskCaller,
    ) -> ClaudeSummarizationBackend:
        """A copy of this backend whose claims call sends `shared_prefix` (the judge's cached
        transcript and summary blocks) through `claims_call` (the judge's system prompt and
        caching) and calls `on_first_event` when its response begins; its answers call goes
        through `answers_call`."""
        bound = ClaudeSummarizationBackend.__new__(ClaudeSummarizationBackend)
        bound.__dict__.update(self.__dict__)
        bound._shared_prefix = shared_prefix
        bound._on_first_event = on_first_event
        bound._claims_call = claims_call
        bound._answers_call = answers_call
        return bound

    def extract(
        self, source: str, summary: str, max_questions: int
    ) -> tuple[list[ClaimVerdict], list[str], list[CallUsage]]:
        # No claims or no questions is a valid reply (a summary that says nothing checkable):
        # score_summarization scores it 0 and says why.
        limit = f"<max_questions>{max_questions}</max_questions>"
        if self._shared_prefix:
            cached_blocks = self._shared_prefix
            task_text = task_block("summarization_claims", limit)
        else:
            cached_blocks = (render_source(source),)
            task_text = task_block("summarization_claims", render_summary_text(summary), limit)
        reply, usage = self._claims_call(
            purpose="summarization_claims",
            task="summarization_claims",
            cached_blocks=cached_blocks,
            task_text=task_text,
            on_first_event=self._on_first_event,
        )
        claims = [
            ClaimVerdict(claim=c.claim, supported=c.supported, reason=c.reason)
            for c in reply.claims
        ]
        questions = list(dict.fromkeys(q.strip() for q in reply.questions if q.strip()))
        return claims, questions[:max_questions], [usage]

    def answer(
        self, summary: str, questions: list[str]
    ) -> tuple[list[QuestionVerdict], list[CallUsage]]:
        if not questions:
            return [], []
        wanted = {normalise_question(q): q for q in questions}

        def check(reply: JudgeReply) -> None:
            answered = {normalise_question(a.question) for a in reply.answers}
            missing = [q for key, q in wanted.items() if key not in answered]
            if missing:
                raise ReplyProblem(
                    f"{len(missing)} question(s) got no answer (repeat each question's text "
                    "exactly), the first of them",
                    [missing[0]],
                )

        question_lines = "\n".join(
            f'<question id="q{n}">{escape_data(q)}</question>' for n, q in enumerate(questions, 1)
        )
        reply, usage = self._answers_call(
            purpose="summarization_answers",
            task="summarization_answers",
            cached_blocks=(),
            task_text=task_block(
                "summarization_answers",
                render_summary_text(summary),
                f"<questions>\n{question_lines}\n</questions>",
            ),
            check=check,
        )
        verdicts: dict[str, QuestionVerdict] = {}
        for answer in reply.answers:
            key = normalise_question(answer.question)
            if key in wanted and key not in verdicts:
                verdicts[key] = QuestionVerdict(
                    question=wanted[key], answered=answer.answered, reason=answer.reason
                )
        return [verdicts[key] for key in wanted if key in verdicts], [usage]
