"""The Django side of judging: rows in, pure judge inputs out, and the judge a run asks for.

The judges are imported at module level on purpose: the tasks import this module, so a prefork
worker loads the SDK and the judges once, before it forks, instead of in every child's first task.

`evaluations.judges` knows nothing of Django. This module loads a Summary, its Turns and the
SectionDefinition versions its sections were written against into the engine's typed inputs,
builds the judge a run is configured with, and estimates what a run will cost before it starts.
"""

from __future__ import annotations

import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, partial
from typing import cast

from django.conf import settings
from django.db.models import IntegerField, OuterRef, Subquery, Sum
from django.db.models.functions import Coalesce, Length

from evaluations import ratelimit
from evaluations.judges.anthropic_client import ONE_HOUR_TTL_MIN_SHARERS
from evaluations.judges.base import Judge
from evaluations.judges.caching import is_cacheable
from evaluations.judges.claude import ClaudeJudge
from evaluations.judges.claude_prompts import (
    SYSTEM_PROMPT,
    answers_system_prompt,
    system_prompt_for,
)
from evaluations.judges.local import LocalJudge
from evaluations.judges.pricing import call_cost_usd
from evaluations.judges.types import (
    DIMENSIONS,
    Dimension,
    Role,
    SectionOrigin,
    SectionSpec,
    SectionValueType,
    SummarySpec,
    Transcript,
    TranscriptTurn,
)
from evaluations.models import Judge as JudgeName
from evaluations.models import JudgeSettings, RubricQuestionSet
from summaries.models import Origin, SectionDefinition, Summary, SummarySection, Turn, ValueType

# Rough token arithmetic for estimates and rate limits: English averages about four characters a
# token. Billing always uses the usage the API reports, never this.
CHARS_PER_TOKEN = 4
# The reply schema, counted in every call's prefix (and in the cache key).
SCHEMA_TOKENS = 1000
# The prefix every call shares, cached with the transcript: the system prompt and the reply
# schema. And what each call adds uncached: the task.
SHARED_PREFIX_TOKENS = len(SYSTEM_PROMPT) // CHARS_PER_TOKEN + SCHEMA_TOKENS
PER_CALL_TOKENS = 150
# What the verdicts take to write, per dimension, from typical Claude replies (a conservative
# figure: an estimate that errs high is the useful kind).
EXPECTED_OUTPUT_TOKENS: dict[str, int] = {
    "accuracy": 900,
    "adherence": 400,
    "completeness": 900,
    "summarization": 1100,  # claims and questions, then the answers
}
# Calls per dimension whatever the number of sections; the second summarization call never sees
# the transcript.
CALLS_PER_DIMENSION: dict[str, int] = {
    "accuracy": 1,
    "adherence": 1,
    "completeness": 1,
    "summarization": 2,
}


@dataclass(frozen=True)
class JudgeInputs:
    transcript: Transcript
    summary: SummarySpec
    rubric_questions: dict[str, tuple[str, ...]]
    # Free-text custom definitions with no stored question set yet: the service stores them.
    definitions_without_questions: tuple[SectionDefinition, ...]

    @property
    def transcript_chars(self) -> int:
        return sum(len(turn.text) for turn in self.transcript.turns)

    @property
    def summary_chars(self) -> int:
        return sum(len(section.text) for section in self.summary.sections)


def section_spec(definition: SectionDefinition, text: str) -> SectionSpec:
    return SectionSpec(
        key=definition.key,
        name=definition.name,
        text=text,
        # The columns hold one of their choices; pydantic validates them again here.
        origin=cast(SectionOrigin, definition.origin),
        value_type=cast(SectionValueType, definition.value_type),
        instructions=definition.instructions,
        allowed_values=tuple(definition.allowed_values or ()),
        definition_version=definition.version,
    )


def needs_rubric_questions(definition: SectionDefinition) -> bool:
    return definition.origin == Origin.CUSTOM and definition.value_type == ValueType.FREE_TEXT


def judge_inputs_load(*, summary_id: int) -> JudgeInputs:
    """The transcript, the summary's sections with their definition versions, and the stored
    adherence questions of its free-text custom sections."""
    summary = (
        Summary.objects.select_related("conversation")
        .only("id", "conversation_id", "conversation__language", "conversation__started_at")
        .get(pk=summary_id)
    )
    turns = Turn.objects.filter(conversation_id=summary.conversation_id).order_by("index")
    transcript = Transcript(
        turns=tuple(
            TranscriptTurn(
                index=turn.index, role=cast(Role, turn.role), text=turn.text, speaker=turn.speaker
            )
            for turn in turns
        ),
        language=summary.conversation.language or "en",
        started_at=summary.conversation.started_at,
    )
    sections = list(
        SummarySection.objects.filter(summary_id=summary_id)
        .select_related("definition")
        .order_by("position")
    )
    spec = SummarySpec(sections=tuple(section_spec(s.definition, s.text) for s in sections))
    custom = [s.definition for s in sections if needs_rubric_questions(s.definition)]
    stored = {
        question_set.definition_id: tuple(question_set.questions)
        for question_set in RubricQuestionSet.objects.filter(definition__in=custom)
    }
    return JudgeInputs(
        transcript=transcript,
        summary=spec,
        rubric_questions={d.key: stored[d.pk] for d in custom if d.pk in stored},
        definitions_without_questions=tuple(d for d in custom if d.pk not in stored),
    )


# --- Judges ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class JudgeDefault:
    """What a new run uses unless it says otherwise: the judge settings an admin saved on
    /settings/judge/ (`JudgeSettings`) or, until then, the environment's: JUDGE_DEFAULT (Claude
    when an API key is set), JUDGE_MODEL and every dimension. `claude_model` is the Claude model
    a run that names none gets."""

    judge: str
    claude_model: str
    dimensions: tuple[str, ...] = DIMENSIONS
    stored: bool = False  # saved by an admin, not the environment's

    @property
    def is_local(self) -> bool:
        return self.judge == JudgeName.LOCAL


def judge_default() -> JudgeDefault:
    stored = JudgeSettings.objects.filter(pk=JudgeSettings.SINGLETON_ID).first()
    if stored is None:
        return JudgeDefault(judge=settings.JUDGE_DEFAULT, claude_model=settings.JUDGE_MODEL)
    return JudgeDefault(
        judge=stored.judge,
        claude_model=stored.model or settings.JUDGE_MODEL,
        dimensions=tuple(stored.dimensions) or DIMENSIONS,
        stored=True,
    )


def judge_default_model(judge: str) -> str:
    """The environment's model for a judge (JUDGE_MODEL for Claude). Reads no database, so the
    judge benchmark and the workers can ask it anywhere; a new run asks `run_default_model`."""
    return "local" if judge == JudgeName.LOCAL else settings.JUDGE_MODEL


def run_default_model(judge: str) -> str:
    """The model a new run that names none gets: the judge settings' Claude model, else
    JUDGE_MODEL."""
    return "local" if judge == JudgeName.LOCAL else judge_default().claude_model


_judges_lock = threading.Lock()


@cache
def _judge(
    judge: str, model: str, api_key: str, base_url: str, timeout: float, max_retries: int
) -> Judge:
    if judge == JudgeName.LOCAL:
        return LocalJudge()
    if judge == JudgeName.ANTHROPIC:
        return ClaudeJudge(
            model=model,
            api_key=api_key or None,
            base_url=base_url or None,
            timeout=timeout,
            max_retries=max_retries,
            on_retry_after=partial(ratelimit.rate_limit_pause, model),
        )
    raise ValueError(f"unknown judge {judge!r}: use local or anthropic")


def judge_build(*, judge: str, model: str) -> Judge:
    """The judge for a run, configured from settings. One instance per configuration and process:
    the Claude judge keeps its HTTP connections open between summaries."""
    with _judges_lock:
        return _judge(
            judge,
            model,
            settings.ANTHROPIC_API_KEY,
            settings.ANTHROPIC_BASE_URL,
            settings.JUDGE_TIMEOUT_SECONDS,
            settings.JUDGE_MAX_RETRIES,
        )


def judges_warm_up() -> None:
    """Build the judges a worker process will most likely need, before its first task: the
    offline judge, and Claude with the default model when a key is configured (its HTTP client,
    TLS context and lazily imported transport modules)."""
    judge_build(judge=JudgeName.LOCAL, model=judge_default_model(JudgeName.LOCAL))
    if settings.ANTHROPIC_API_KEY:
        judge_build(judge=JudgeName.ANTHROPIC, model=settings.JUDGE_MODEL)


def judge_calls_expected(dimensions: Iterable[str]) -> int:
    return sum(CALLS_PER_DIMENSION[d] for d in dimensions)


def judge_input_tokens_expected(
    *, transcript_chars: int, summary_chars: int, dimensions: Sequence[str]
) -> int:
    """Input tokens one summary is expected to take from a tokens-per-minute budget: the
    transcript once (later calls read it from the cache), the summary and prompt on every call."""
    calls = judge_calls_expected(dimensions)
    per_call = summary_chars // CHARS_PER_TOKEN + PER_CALL_TOKENS
    return SHARED_PREFIX_TOKENS + transcript_chars // CHARS_PER_TOKEN + calls * per_call


# --- Cost estimate -----------------------------------------------------------------------------


@dataclass(frozen=True)
class UsageEstimate:
    """What judging is expected to take: model calls, tokens by kind, and their cost. The
    offline judge makes no model calls, so its estimate is all zeros."""

    summaries: int = 0
    calls: int = 0
    input_tokens: int = 0
    cache_write_tokens: int = 0  # 5-minute and 1-hour writes alike
    cache_read_tokens: int = 0
    output_tokens: int = 0
    cost_usd: float = 0.0

    @property
    def prompt_tokens(self) -> int:
        """Every token the prompts hold, cached or not."""
        return self.input_tokens + self.cache_write_tokens + self.cache_read_tokens

    def __add__(self, other: UsageEstimate) -> UsageEstimate:
        return UsageEstimate(
            summaries=self.summaries + other.summaries,
            calls=self.calls + other.calls,
            input_tokens=self.input_tokens + other.input_tokens,
            cache_write_tokens=self.cache_write_tokens + other.cache_write_tokens,
            cache_read_tokens=self.cache_read_tokens + other.cache_read_tokens,
            output_tokens=self.output_tokens + other.output_tokens,
            cost_usd=self.cost_usd + other.cost_usd,
        )


def summary_usage_estimate(
    *,
    model: str,
    transcript_chars: int,
    summary_chars: int,
    dimensions: Sequence[Dimension],
    batch: bool = False,
) -> UsageEstimate:
    """The expected calls, tokens and cost of judging one summary: per dimension, its calls ×
    (expected input and output tokens) × the model's price, each call priced on its own (batch
    prices with `batch`, where a prefix that three calls or more share is written with the
    1-hour TTL, as `claude.batch` sends it).

    1. The system prompt is the shared one from three dimensions on, else a lean one with only
       the run's tasks (`claude_prompts.system_prompt_for`).
    2. The calls that see the transcript share one prefix (schema, system prompt, transcript).
       It is cached only when at least two calls read it and it reaches the model's minimum
       cacheable length: then the first call writes it and the others read it. Otherwise every
       call pays it as plain input, and no write premium.
    3. The second summarization call sees only the summary and its questions: it pays its own
       system prompt (the answers task alone, in a lean run) as plain input.
    """
    system_tokens = len(system_prompt_for(dimensions)) // CHARS_PER_TOKEN + SCHEMA_TOKENS
    answers_tokens = len(answers_system_prompt(dimensions)) // CHARS_PER_TOKEN + SCHEMA_TOKENS
    prefix_tokens = system_tokens + transcript_chars // CHARS_PER_TOKEN
    own_tokens = PER_CALL_TOKENS + summary_chars // CHARS_PER_TOKEN
    transcript_calls = sum(
        CALLS_PER_DIMENSION[d] - (1 if d == "summarization" else 0) for d in dimensions
    )
    cacheable = transcript_calls > 1 and is_cacheable(model, prefix_tokens)
    one_hour = batch and transcript_calls >= ONE_HOUR_TTL_MIN_SHARERS
    total = UsageEstimate(summaries=1)
    prefix_cached = False
    for dimension in dimensions:
        output_tokens = EXPECTED_OUTPUT_TOKENS[dimension] // CALLS_PER_DIMENSION[dimension]
        for call in range(CALLS_PER_DIMENSION[dimension]):
            written = read = 0
            if dimension == "summarization" and call == 1:
                input_tokens = answers_tokens + own_tokens
            elif not cacheable:
                input_tokens = prefix_tokens + own_tokens
            else:
                input_tokens = own_tokens
                written, read = (0, prefix_tokens) if prefix_cached else (prefix_tokens, 0)
                prefix_cached = True
            total += UsageEstimate(
                calls=1,
                input_tokens=input_tokens,
                cache_write_tokens=written,
                cache_read_tokens=read,
                output_tokens=output_tokens,
                cost_usd=call_cost_usd(
                    model,
                    input_tokens=input_tokens,
                    output_tokens=output_tokens,
                    cache_write_tokens=0 if one_hour else written,
                    cache_write_1h_tokens=written if one_hour else 0,
                    cache_read_tokens=read,
                    batch=batch,
                ),
            )
    return total


def summary_cost_estimate(
    *,
    model: str,
    transcript_chars: int,
    summary_chars: int,
    dimensions: Sequence[Dimension],
    batch: bool = False,
) -> float:
    """The expected cost of judging one summary (see `summary_usage_estimate`)."""
    return summary_usage_estimate(
        model=model,
        transcript_chars=transcript_chars,
        summary_chars=summary_chars,
        dimensions=dimensions,
        batch=batch,
    ).cost_usd


def run_usage_estimate(
    *,
    judge: str,
    model: str,
    summary_ids: Sequence[int],
    dimensions: Sequence[Dimension],
    batch: bool = False,
) -> UsageEstimate:
    """summaries × expected calls and tokens per dimension × price, from each summary's real
    transcript and summary lengths (measured in SQL). The local judge makes no model calls; a
    batch run pays batch prices (cache writes and reads included)."""
    if judge == JudgeName.LOCAL or not summary_ids:
        return UsageEstimate(summaries=len(summary_ids))
    transcript_chars = (
        Turn.objects.filter(conversation_id=OuterRef("conversation_id"))
        .values("conversation_id")
        .annotate(chars=Sum(Length("text")))
        .values("chars")
    )
    summary_chars = (
        SummarySection.objects.filter(summary_id=OuterRef("pk"))
        .values("summary_id")
        .annotate(chars=Sum(Length("text")))
        .values("chars")
    )
    total = UsageEstimate()
    for start in range(0, len(summary_ids), 2000):
        rows = (
            Summary.objects.filter(pk__in=summary_ids[start : start + 2000])
            .annotate(
                transcript_chars=Coalesce(
                    Subquery(transcript_chars, output_field=IntegerField()), 0
                ),
                summary_chars=Coalesce(Subquery(summary_chars, output_field=IntegerField()), 0),
            )
            .values_list("transcript_chars", "summary_chars")
        )
        for transcript, summary in rows:
            total += summary_usage_estimate(
                model=model,
                transcript_chars=transcript,
                summary_chars=summary,
                dimensions=dimensions,
                batch=batch,
            )
    return total


def run_cost_estimate(
    *,
    judge: str,
    model: str,
    summary_ids: Sequence[int],
    dimensions: Sequence[Dimension],
    batch: bool = False,
) -> float:
    """The expected cost of a run (see `run_usage_estimate`), in USD to six places."""
    estimate = run_usage_estimate(
        judge=judge, model=model, summary_ids=summary_ids, dimensions=dimensions, batch=batch
    )
    return round(estimate.cost_usd, 6)
