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
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from evaluations.judges.anthropic_client import AnthropicClient, ReplyProblem
from evaluations.judges.base import JudgeError
from evaluations.judges.categorical import categorical_adherence, categorical_point
from evaluations.judges.claude_prompts import (
    PROMPTS_DIR,
    SYSTEM_PROMPT,
    JudgeReply,
    Task,
    attr,
    escape_data,
    prompt_version,
    render_sections,
    render_source,
    render_summary_text,
    render_transcript,
    task_block,
    unescape_reply,
)
from evaluations.judges.rubrics import adherence_questions, completeness_questions
from evaluations.judges.summarization import normalise_question, score_summarization
from evaluations.judges.types import (
    AccuracyPoint,
    AdherenceRubric,
    CallUsage,
    ClaimVerdict,
    CompletenessItem,
    CompletenessRubric,
    Dimension,
    PointToVerify,
    QuestionVerdict,
    SectionSpec,
    SummarizationResult,
    SummarySpec,
    SummaryVerdict,
    Transcript,
)

__all__ = [
    "DEFAULT_MODEL",
    "PROMPTS_DIR",
    "SYSTEM_PROMPT",
    "ClaudeJudge",
    "ClaudeSummarizationBackend",
    "JudgeReply",
    "prompt_version",
]

# The same default as settings.JUDGE_MODEL: a current model with an official list price.
DEFAULT_MODEL = "claude-sonnet-5"


# --- One structured call on the shared prefix ---------------------------------------------------


class _Caller:
    """Runs one task on the client: the shared system prompt, the task check, unescaping."""

    def __init__(self, client: AnthropicClient):
        self.client = client

    def __call__(
        self,
        *,
        purpose: str,
        task: Task,
        cached_blocks: tuple[str, ...],
        task_text: str,
        check: Callable[[JudgeReply], None] | None = None,
        on_first_event: Callable[[], None] | None = None,
    ) -> tuple[JudgeReply, CallUsage]:
        def full_check(reply: JudgeReply) -> None:
            if reply.task != task:
                raise ReplyProblem(f"the reply answers task '{reply.task}', not '{task}'")
            if check is not None:
                check(unescape_reply(reply))

        reply, usage = self.client.complete(
            purpose=purpose,
            system=SYSTEM_PROMPT,
            cached_blocks=cached_blocks,
            text=task_text,
            response_model=JudgeReply,
            check=full_check,
            on_first_event=on_first_event,
        )
        return unescape_reply(reply), usage


def _valid_turns(indexes: list[int], transcript: Transcript | None) -> tuple[int, ...]:
    if transcript is None:
        return tuple(dict.fromkeys(indexes))
    return tuple(i for i in dict.fromkeys(indexes) if transcript.turn(i) is not None)


# --- The summarization backend ------------------------------------------------------------------


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
        self.client = client or AnthropicClient(
            model=self.model, api_key=api_key, base_url=base_url, **client_options
        )
        self.prompt_version = prompt_version()
        self._call = _Caller(self.client)
        # Set by ClaudeJudge: its rendered transcript and summary blocks replace the plain-text
        # source and summary, so the claims call shares the cached prefix of the CCAI calls;
        # the hook opens the gate for them.
        self._shared_prefix: tuple[str, ...] = ()
        self._on_first_event: Callable[[], None] | None = None

    def _bound(
        self, shared_prefix: tuple[str, ...], on_first_event: Callable[[], None] | None
    ) -> ClaudeSummarizationBackend:
        bound = ClaudeSummarizationBackend.__new__(ClaudeSummarizationBackend)
        bound.__dict__.update(self.__dict__)
        bound._shared_prefix = shared_prefix
        bound._on_first_event = on_first_event
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
        reply, usage = self._call(
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
                    f"{len(missing)} question(s) got no answer, e.g. {missing[0]!r}; repeat "
                    "each question's text exactly"
                )

        question_lines = "\n".join(
            f'<question id="q{n}">{escape_data(q)}</question>' for n, q in enumerate(questions, 1)
        )
        reply, usage = self._call(
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


# --- The judge ----------------------------------------------------------------------------------


@dataclass
class _Job:
    name: str
    run: Callable[[Callable[[], None] | None], Any]


class ClaudeJudge:
    """The `Judge` protocol on Claude (name "anthropic"). Keyword options after `model` go to
    `AnthropicClient` (timeout, max_retries, backoff_base, max_tokens...)."""

    name = "anthropic"

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
        self.client = client or AnthropicClient(
            model=self.model, api_key=api_key, base_url=base_url, **client_options
        )
        self.prompt_version = prompt_version()
        self._call = _Caller(self.client)
        self._summarization = ClaudeSummarizationBackend(self.model, client=self.client)

    def close(self) -> None:
        self.client.close()

    # --- Judge protocol ---

    def evaluate(
        self,
        transcript: Transcript,
        summary: SummarySpec,
        *,
        dimensions: tuple[Dimension, ...],
        rubric_questions: dict[str, tuple[str, ...]] | None = None,
        max_questions: int = 10,
    ) -> SummaryVerdict:
        """Judge one summary.

        1. Plan the calls: one per dimension that has something for the model to judge.
        2. Run them: the primer alone until its first streamed event, then the rest at once.
        3. Decide in code what needs no model (categorical adherence, empty sections) and
           assemble the verdict, which checks the completeness evidence against the transcript.
        """
        from evaluations.judges.scoring import assemble_verdict

        # The cached prefix every transcript call of this summary shares, after the system prompt.
        prefix = (render_transcript(transcript), render_sections(summary.sections))
        sections = summary.sections
        jobs: list[_Job] = []
        adherence_in_code: list[AdherenceRubric] = []
        if "accuracy" in dimensions and any(s.text.strip() for s in sections):
            jobs.append(
                _Job(
                    "accuracy",
                    lambda hook: self._accuracy(transcript, prefix, sections, hook),
                )
            )
        if "adherence" in dimensions:
            to_model: list[tuple[SectionSpec, tuple[str, ...]]] = []
            for section in sections:
                if not section.is_custom:
                    continue
                if section.is_categorical:
                    adherence_in_code.append(categorical_adherence(section))
                    continue
                questions = (rubric_questions or {}).get(section.key) or adherence_questions(
                    section
                )
                if not section.text.strip():
                    adherence_in_code.extend(
                        AdherenceRubric(
                            section=section.key,
                            question=question,
                            reasoning="The section is empty, so it follows no instruction.",
                            is_addressed=False,
                            decided_by="code",
                        )
                        for question in questions
                    )
                elif questions:
                    to_model.append((section, tuple(questions)))
            if to_model:
                jobs.append(_Job("adherence", lambda hook: self._adherence(prefix, to_model, hook)))
        if "completeness" in dimensions:
            wanted = [
                (section, completeness_questions(section))
                for section in sections
                if not section.is_categorical and completeness_questions(section)
            ]
            if wanted:
                jobs.append(
                    _Job(
                        "completeness",
                        lambda hook: self._completeness(transcript, prefix, wanted, hook),
                    )
                )
        if "summarization" in dimensions:
            jobs.insert(
                0,  # the longest chain (claims, then answers) starts first
                _Job(
                    "summarization",
                    lambda hook: self._summarize(transcript, prefix, summary, max_questions, hook),
                ),
            )

        # Without caching there is nothing to wait for: every call starts at once.
        results = _run_primed(jobs, prime=self.client.cache_prompts)

        calls: list[CallUsage] = []
        accuracy_points: list[AccuracyPoint] = []
        adherence_rubrics: list[AdherenceRubric] = []
        completeness_rubrics: list[CompletenessRubric] = []
        summarization = None
        for job in jobs:
            value, job_calls = results[job.name]
            if job.name != "summarization":
                # The summarization's own calls travel on its result; assemble_verdict adds them.
                calls.extend(job_calls)
            if job.name == "accuracy":
                accuracy_points = value
            elif job.name == "adherence":
                adherence_rubrics = value
            elif job.name == "completeness":
                completeness_rubrics = value
            else:
                summarization = value
        by_section = {s.key: i for i, s in enumerate(sections)}
        adherence_rubrics = sorted(
            [*adherence_rubrics, *adherence_in_code], key=lambda r: by_section.get(r.section, 0)
        )
        try:
            return assemble_verdict(
                judge="anthropic",
                model=self.model,
                prompt_version=self.prompt_version,
                summary=summary,
                dimensions=dimensions,
                accuracy_points=tuple(accuracy_points),
                adherence_rubrics=tuple(adherence_rubrics),
                completeness_rubrics=tuple(completeness_rubrics),
                summarization=summarization,
                calls=tuple(calls),
                transcript=transcript,  # completeness evidence is checked against it, in code
            )
        except JudgeError:
            raise
        except Exception as error:
            # Every call was answered and billed; the bug is ours, and the bill still counts.
            billed = [call for job in jobs for call in results[job.name][1]]
            raise crashed(error, billed) from error

    def verify_points(
        self, transcript: Transcript, points: list[PointToVerify]
    ) -> list[AccuracyPoint]:
        if not points:
            return []
        return self.verify_points_with_usage(transcript, points)[0]

    def verify_points_with_usage(
        self, transcript: Transcript, points: list[PointToVerify]
    ) -> tuple[list[AccuracyPoint], CallUsage]:
        """`verify_points`, and the usage of its one call."""

        def check(reply: JudgeReply) -> None:
            if len(reply.accuracy_points) != len(points):
                raise ReplyProblem(
                    f"{len(points)} points were given but {len(reply.accuracy_points)} were judged"
                )

        point_lines = "\n".join(
            f'<point id="p{n}" section="{attr(p.section)}">{escape_data(p.point)}</point>'
            for n, p in enumerate(points, 1)
        )
        reply, usage = self._call(
            purpose="verify_points",
            task="verify_points",
            cached_blocks=(render_transcript(transcript),),
            task_text=task_block("verify_points", f"<points>\n{point_lines}\n</points>"),
            check=check,
        )
        verdicts = [
            AccuracyPoint(
                section=given.section,
                point=given.point,
                accuracy=judged.accuracy,
                is_accurate=judged.is_accurate,
                turn_indexes=_valid_turns(judged.turn_indexes, transcript),
            )
            for given, judged in zip(points, reply.accuracy_points, strict=True)
        ]
        return verdicts, usage

    # --- One task each ---

    def _accuracy(
        self,
        transcript: Transcript,
        prefix: tuple[str, ...],
        sections: tuple[SectionSpec, ...],
        on_first_event: Callable[[], None] | None,
    ) -> tuple[list[AccuracyPoint], list[CallUsage]]:
        free_text = [s for s in sections if s.text.strip() and not s.is_categorical]
        categorical = [s for s in sections if s.text.strip() and s.is_categorical]
        free_keys = {s.key for s in free_text}
        categorical_keys = {s.key for s in categorical}

        def check(reply: JudgeReply) -> None:
            judged = {p.section for p in reply.accuracy_points}
            unknown = judged - free_keys - categorical_keys
            if unknown:
                raise ReplyProblem(f"points name sections that were not given: {sorted(unknown)}")
            missing = (free_keys | categorical_keys) - judged
            if missing:
                raise ReplyProblem(f"sections without any point: {sorted(missing)}")

        blocks = []
        if categorical:
            point_lines = "\n".join(
                f'<point id="p{n}" section="{attr(s.key)}">{escape_data(categorical_point(s))}</point>'
                for n, s in enumerate(categorical, 1)
            )
            blocks.append(f"<points>\n{point_lines}\n</points>")
        reply, usage = self._call(
            purpose="accuracy",
            task="accuracy",
            cached_blocks=prefix,
            task_text=task_block("accuracy", *blocks),
            check=check,
            on_first_event=on_first_event,
        )
        points: list[AccuracyPoint] = []
        categorical_done: set[str] = set()
        for judged in reply.accuracy_points:
            if judged.section in categorical_keys:
                # A categorical value is exactly one point, worded in code.
                if judged.section in categorical_done:
                    continue
                categorical_done.add(judged.section)
                section = next(s for s in categorical if s.key == judged.section)
                text = categorical_point(section)
            else:
                text = judged.point.strip()
                if not text:
                    continue
            points.append(
                AccuracyPoint(
                    section=judged.section,
                    point=text,
                    accuracy=judged.accuracy,
                    is_accurate=judged.is_accurate,
                    turn_indexes=_valid_turns(judged.turn_indexes, transcript),
                )
            )
        order = {s.key: i for i, s in enumerate(sections)}
        points.sort(key=lambda p: order[p.section])  # stable: keeps the model's order per section
        return points, [usage]

    def _adherence(
        self,
        prefix: tuple[str, ...],
        to_model: list[tuple[SectionSpec, tuple[str, ...]]],
        on_first_event: Callable[[], None] | None,
    ) -> tuple[list[AdherenceRubric], list[CallUsage]]:
        questions: dict[str, tuple[SectionSpec, str]] = {}
        for section, section_questions in to_model:
            for question in section_questions:
                questions[f"q{len(questions) + 1}"] = (section, question)

        def check(reply: JudgeReply) -> None:
            answered = {a.question_id for a in reply.adherence_answers}
            missing = [qid for qid in questions if qid not in answered]
            if missing:
                raise ReplyProblem(f"questions without an answer: {missing}")

        question_lines = "\n".join(
            f'<question id="{qid}" section="{attr(section.key)}">{escape_data(question)}</question>'
            for qid, (section, question) in questions.items()
        )
        reply, usage = self._call(
            purpose="adherence",
            task="adherence",
            cached_blocks=prefix,
            task_text=task_block("adherence", f"<questions>\n{question_lines}\n</questions>"),
            check=check,
            on_first_event=on_first_event,
        )
        answers = {}
        for answer in reply.adherence_answers:
            answers.setdefault(answer.question_id, answer)
        rubrics = [
            AdherenceRubric(
                section=section.key,
                question=question,
                reasoning=answers[qid].reasoning,
                is_addressed=answers[qid].is_addressed,
                decided_by="model",
            )
            for qid, (section, question) in questions.items()
        ]
        return rubrics, [usage]

    def _completeness(
        self,
        transcript: Transcript,
        prefix: tuple[str, ...],
        wanted: list[tuple[SectionSpec, tuple[tuple[str, str], ...]]],
        on_first_event: Callable[[], None] | None,
    ) -> tuple[list[CompletenessRubric], list[CallUsage]]:
        instructions: dict[str, tuple[SectionSpec, str, str]] = {}
        for section, pairs in wanted:
            for instruction, question in pairs:
                instructions[f"i{len(instructions) + 1}"] = (section, instruction, question)

        def check(reply: JudgeReply) -> None:
            judged = {r.instruction_id for r in reply.completeness_rubrics}
            missing = [iid for iid in instructions if iid not in judged]
            if missing:
                raise ReplyProblem(f"instructions without a rubric: {missing}")

        groups = []
        for section, _ in wanted:
            lines = "\n".join(
                f'<instruction id="{iid}">{escape_data(instruction)}</instruction>'
                for iid, (owner, instruction, _q) in instructions.items()
                if owner.key == section.key
            )
            groups.append(
                f'<section_instructions section="{attr(section.key)}">\n{lines}\n</section_instructions>'
            )
        reply, usage = self._call(
            purpose="completeness",
            task="completeness",
            cached_blocks=prefix,
            task_text=task_block(
                "completeness", "<instructions>\n" + "\n".join(groups) + "\n</instructions>"
            ),
            check=check,
            on_first_event=on_first_event,
        )
        judged_rubrics = {}
        for rubric in reply.completeness_rubrics:
            judged_rubrics.setdefault(rubric.instruction_id, rubric)
        rubrics = []
        for iid, (section, instruction, question) in instructions.items():
            is_empty = not section.text.strip()
            items = tuple(
                CompletenessItem(
                    transcript_content=item.transcript_content.strip(),
                    # An empty section covers nothing, whatever the reply says.
                    related_content_from_summary=""
                    if is_empty
                    else item.related_content_from_summary,
                    is_covered=False if is_empty else item.is_covered,
                    turn_indexes=_valid_turns(item.turn_indexes, transcript),
                )
                for item in judged_rubrics[iid].content_list
                if item.transcript_content.strip()
            )
            rubrics.append(
                CompletenessRubric(
                    section=section.key,
                    instruction=instruction,
                    question=question,
                    content_list=items,
                )
            )
        return rubrics, [usage]

    def _summarize(
        self,
        transcript: Transcript,
        prefix: tuple[str, ...],
        summary: SummarySpec,
        max_questions: int,
        on_first_event: Callable[[], None] | None,
    ) -> tuple[SummarizationResult, list[CallUsage]]:
        backend = self._summarization._bound(prefix, on_first_event)
        source = "\n".join(f"{turn.role}: {turn.text}" for turn in transcript.turns)
        try:
            result = score_summarization(
                backend, source=source, summary=summary.text(), max_questions=max_questions
            )
        except ValueError as error:  # an empty transcript, max_questions < 1
            raise JudgeError(f"summarization: {error}", retryable=False) from error
        # Returned beside the result too, so that a failure elsewhere in the summary can count
        # them as billed (evaluate leaves them to assemble_verdict).
        return result, list(result.calls)


def crashed(error: BaseException, billed: Sequence[CallUsage]) -> JudgeError:
    """A permanent JudgeError for an exception that is not one (a bug in the judge), carrying
    the calls billed before it, so the run's cost still counts them."""
    return JudgeError(
        f"The judge crashed: {type(error).__name__}: {error}", retryable=False, calls=billed
    )


def _run_primed(jobs: list[_Job], *, prime: bool = True) -> dict[str, tuple[Any, list[CallUsage]]]:
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

    def primer() -> Any:
        try:
            return jobs[0].run(gate.set)
        finally:
            gate.set()

    futures: dict[str, Future[Any]] = {}
    with ThreadPoolExecutor(max_workers=len(jobs), thread_name_prefix="claude-judge") as pool:
        futures[jobs[0].name] = pool.submit(primer)
        gate.wait()
        for job in jobs[1:]:
            futures[job.name] = pool.submit(job.run, None)
    errors: list[BaseException] = []
    results: dict[str, tuple[Any, list[CallUsage]]] = {}
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
