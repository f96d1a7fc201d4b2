"""`ClaudeJudge`: plans the calls of one summary, runs them primed, and assembles the verdict.

The tasks themselves (what each call sends and how its reply becomes verdicts) are in
`claude.tasks`; the summarization score's calls in `claude.summarization`.
"""

from __future__ import annotations

from typing import Any

from evaluations.judges.anthropic_client import AnthropicClient
from evaluations.judges.base import JudgeError, crashed
from evaluations.judges.categorical import categorical_adherence
from evaluations.judges.claude import tasks
from evaluations.judges.claude.calls import (
    DEFAULT_MODEL,
    CallerFactory,
    FirstEventHook,
    Job,
    TaskCaller,
    run_primed,
)
from evaluations.judges.claude.summarization import ClaudeSummarizationBackend
from evaluations.judges.claude_prompts import (
    JudgeReply,
    answers_system_prompt,
    prompt_version,
    render_sections,
    render_transcript,
    system_prompt_for,
)
from evaluations.judges.rubrics import adherence_questions, completeness_questions
from evaluations.judges.summarization_score import score_summarization
from evaluations.judges.types import (
    AccuracyPoint,
    AdherenceRubric,
    CallUsage,
    CompletenessRubric,
    Dimension,
    PointToVerify,
    SectionSpec,
    SummarizationResult,
    SummarySpec,
    SummaryVerdict,
    Transcript,
)


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
        self._call = TaskCaller(self.client)
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
        return self.evaluate_with(
            self._online_caller,
            transcript,
            summary,
            dimensions=dimensions,
            rubric_questions=rubric_questions,
            max_questions=max_questions,
        )

    def _online_caller(self, system: str, cache_data: bool) -> TaskCaller:
        return TaskCaller(self.client, system=system, cache_data=cache_data)

    def evaluate_with(
        self,
        make_caller: CallerFactory,
        transcript: Transcript,
        summary: SummarySpec,
        *,
        dimensions: tuple[Dimension, ...],
        rubric_questions: dict[str, tuple[str, ...]] | None = None,
        max_questions: int = 10,
    ) -> SummaryVerdict:
        """`evaluate`, its calls made by the callers `make_caller(system, cache_data)` builds: the
        online ones, or those that answer from Message Batch results (`claude.batch`)."""
        from evaluations.judges.scoring import assemble_verdict

        # The cached prefix every transcript call of this summary shares, after the system prompt.
        prefix = (render_transcript(transcript), render_sections(summary.sections))
        sections = summary.sections
        # One or two dimensions send a lean system prompt with only their tasks; more share the
        # one prompt that describes every task (see claude_prompts.system_prompt_for).
        system = system_prompt_for(dimensions)
        call = make_caller(system, True)
        jobs: list[Job] = []
        adherence_in_code: list[AdherenceRubric] = []
        if "accuracy" in dimensions and any(s.text.strip() for s in sections):
            jobs.append(
                Job(
                    "accuracy",
                    lambda hook: tasks.judge_accuracy(call, transcript, prefix, sections, hook),
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
                jobs.append(
                    Job(
                        "adherence",
                        lambda hook: tasks.judge_adherence(call, prefix, to_model, hook),
                    )
                )
        if "completeness" in dimensions:
            wanted = [
                (section, completeness_questions(section))
                for section in sections
                if not section.is_categorical and completeness_questions(section)
            ]
            if wanted:
                jobs.append(
                    Job(
                        "completeness",
                        lambda hook: tasks.judge_completeness(
                            call, transcript, prefix, wanted, hook
                        ),
                    )
                )
        if "summarization" in dimensions:
            jobs.insert(
                0,  # the longest chain (claims, then answers) starts first
                Job(
                    "summarization",
                    lambda hook: self._summarize(
                        transcript,
                        prefix,
                        summary,
                        max_questions,
                        hook,
                        call,
                        make_caller(answers_system_prompt(dimensions), False),
                    ),
                ),
            )

        # The transcript is cached only when a second call reads it. Without a cached transcript
        # (one call, caching off, or a prefix below the model's minimum cacheable length) there
        # is nothing to wait for: every call starts at once.
        call.cache_data = len(jobs) > 1
        call.sharers = len(jobs)
        prime = (
            call.streams
            and call.cache_data
            and self.client.caches_prefix(system, prefix, JudgeReply)
        )
        results = run_primed(jobs, prime=prime)

        calls: list[CallUsage] = []
        accuracy_points: list[AccuracyPoint] = []
        notes: list[str] = []
        adherence_rubrics: list[AdherenceRubric] = []
        completeness_rubrics: list[CompletenessRubric] = []
        summarization = None
        for job in jobs:
            value, job_calls = results[job.name]
            if job.name != "summarization":
                # The summarization's own calls travel on its result; assemble_verdict adds them.
                calls.extend(job_calls)
            if job.name == "accuracy":
                accuracy_points, notes = value
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
                notes=tuple(notes),
            )
        except JudgeError:
            raise
        except Exception as error:
            # Every call was answered and billed; the bug is ours, and the bill still counts.
            billed = [usage for job in jobs for usage in results[job.name][1]]
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
        return tasks.verify_points(self._call, transcript, points)

    def _summarize(
        self,
        transcript: Transcript,
        prefix: tuple[str, ...],
        summary: SummarySpec,
        max_questions: int,
        on_first_event: FirstEventHook,
        call: TaskCaller,
        answers_call: TaskCaller,
    ) -> tuple[SummarizationResult, list[CallUsage]]:
        backend = self._summarization.bound(
            prefix,
            on_first_event,
            claims_call=call,
            answers_call=answers_call,
        )
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
