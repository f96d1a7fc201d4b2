"""The one seam to the Anthropic SDK. Everything else in the engine calls `AnthropicClient.complete`.

One call, end to end:
1. Send the request as a stream (`messages.stream`), with the reply's JSON schema in
   `output_config.format` (transformed by the SDK's `transform_schema` into the accepted subset)
   and cache breakpoints on the system prompt and on the data blocks the caller shares.
   Streaming lets the caller learn when the response has begun (`on_first_event`): from then on
   the prompt prefix it wrote to the cache can be read by other requests.
2. Transient failures (429, 5xx, 529 overloaded, timeouts, dropped connections) are retried here,
   not by the SDK (`max_retries=0` on the SDK client), so that every attempt is counted and the
   backoff can be tuned: exponential with jitter, or exactly the server's `retry-after`.
   After the last retry: `JudgeError(retryable=True, retry_after=...)`.
3. The reply is validated against the pydantic model, then by the caller's `check`. A reply that
   stopped at `max_tokens`, is not JSON, breaks the schema or fails the check gets ONE repair
   attempt: the broken reply goes back as the assistant turn with a message naming the problem.
   If the repaired reply is still wrong: `JudgeError(retryable=False)` naming both problems.
4. Usage (input, output, cache-write and cache-read tokens), cost, attempts and seconds are
   summed over every request the call made, into one `CallUsage`. When the call ends in a
   `JudgeError` after a reply was billed (a broken reply and its failed repair, a refusal), that
   `CallUsage` travels on the error (`JudgeError.calls`), so the cost is not lost with the verdict.

Why one long module: it is the one seam to the SDK, one call end to end (request, schema check,
repair, retry classification, usage); the steps share the call's tally and are read in order.
"""

from __future__ import annotations

import copy
import email.utils
import functools
import html
import json
import logging
import os
import random
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import anthropic
import httpx2
from anthropic.types import MessageParam, TextBlockParam
from pydantic import BaseModel, ValidationError

from evaluations.judges.base import JudgeError, crashed
from evaluations.judges.caching import approx_tokens, is_cacheable
from evaluations.judges.pricing import call_cost_usd
from evaluations.judges.types import CallUsage

logger = logging.getLogger(__name__)

ReplyT = TypeVar("ReplyT", bound=BaseModel)

REPAIR_TEMPLATE_PATH = Path(__file__).parent / "prompts" / "repair.md"

# Statuses the API documents as transient; 529 is "overloaded_error".
RETRYABLE_STATUSES = frozenset({408, 409, 429, 500, 502, 503, 504, 529})
RETRYABLE_ERROR_TYPES = frozenset({"rate_limit_error", "overloaded_error", "api_error"})


class ReplyProblem(Exception):
    """Raised by a caller's `check` when a schema-valid reply still cannot be used (a missing
    answer, the wrong task). It triggers the repair attempt like a schema violation does.

    `message` is the platform's own sentence. `quoted` are the strings it quotes from the reply or
    the data (a section name the model made up, a question it wrote): people read them as a
    Python list after the message; the repair message shows each one escaped inside a `<quoted>`
    element, which the system prompt declares data, so text the model wrote can never pass for the
    platform's words. `for_model` overrides the repair wording whole (already escaped)."""

    def __init__(
        self, message: str, quoted: Iterable[str] = (), *, for_model: str | None = None
    ) -> None:
        self.message = message
        self.quoted = tuple(quoted)
        self._for_model = for_model
        super().__init__(f"{message}: {list(self.quoted)!r}" if self.quoted else message)

    def for_model(self) -> str:
        if self._for_model is not None:
            return self._for_model
        if not self.quoted:
            return self.message
        return f"{self.message}: " + ", ".join(quote_for_model(value) for value in self.quoted)


def quote_for_model(value: str) -> str:
    """Text from the reply or the data, as the repair message quotes it: escaped like the data
    blocks (`<`, `>`, `&`) inside a `<quoted>` element."""
    return f"<quoted>{html.escape(value, quote=False)}</quoted>"


@dataclass
class _Tally:
    attempts: int = 0
    billed: int = 0  # requests whose final message (and so its usage) arrived
    input_tokens: int = 0
    output_tokens: int = 0
    cache_write_tokens: int = 0
    cache_read_tokens: int = 0
    cost_usd: float = 0.0


@dataclass(frozen=True)
class _Reply:
    text: str
    stop_reason: str | None


def response_schema(model: type[BaseModel]) -> dict[str, Any]:
    """The JSON schema sent for `model`, in the subset structured outputs accept."""
    return copy.deepcopy(_cached_schema(model))


@functools.cache
def _cached_schema(model: type[BaseModel]) -> dict[str, Any]:
    # Generating a schema costs ~20 ms; a judge sends the same one on every call.
    return anthropic.transform_schema(model)


def resolve_api_key(api_key: str | None) -> str:
    key = api_key or os.environ.get("ANTHROPIC_API_KEY")
    if not key:
        raise JudgeError(
            "No Anthropic API key: pass api_key or set ANTHROPIC_API_KEY", retryable=False
        )
    return key


class AnthropicClient:
    """A structured-output client for one model.

    `base_url` points tests at the fake Messages API server (default: ANTHROPIC_BASE_URL, then the
    SDK's default). `timeout` is per request, in seconds. `max_retries` counts transient retries
    per request; `backoff_base` and `backoff_max` shape the exponential backoff. A `retry-after`
    longer than `max_retry_after` is not slept on: the error goes to the caller (for instance a
    Celery task) with `retry_after` set, so a worker thread is not held for minutes.
    `cache_prompts=False` sends no cache breakpoint at all (to measure what caching saves). With
    it on, a breakpoint is sent only where the prefix up to it reaches the model's minimum
    cacheable length (`caching.py`): below it the marker would do nothing.
    """

    def __init__(
        self,
        *,
        model: str,
        api_key: str | None = None,
        base_url: str | None = None,
        timeout: float = 120.0,
        max_retries: int = 4,
        backoff_base: float = 1.0,
        backoff_max: float = 30.0,
        max_retry_after: float = 60.0,
        max_tokens: int = 8192,
        cache_prompts: bool = True,
        sleep: Callable[[float], None] = time.sleep,
        on_retry_after: Callable[[float], None] | None = None,
    ) -> None:
        self.model = model
        # Told every retry-after the API sends, so the platform can pause all its workers for
        # that model, not only the one that was told.
        self.on_retry_after = on_retry_after
        self.timeout = timeout
        self.max_retries = max_retries
        self.backoff_base = backoff_base
        self.backoff_max = backoff_max
        self.max_retry_after = max_retry_after
        self.max_tokens = max_tokens
        self.cache_prompts = cache_prompts
        self._sleep = sleep
        self._sdk = anthropic.Anthropic(
            api_key=resolve_api_key(api_key),
            base_url=base_url or os.environ.get("ANTHROPIC_BASE_URL") or None,
            timeout=timeout,
            max_retries=0,
        )
        self._repair_template = REPAIR_TEMPLATE_PATH.read_text(encoding="utf-8")

    def close(self) -> None:
        self._sdk.close()

    # --- The call ---------------------------------------------------------------------------

    def complete(
        self,
        *,
        purpose: str,
        system: str,
        cached_blocks: Sequence[str],
        text: str,
        response_model: type[ReplyT],
        check: Callable[[ReplyT], None] | None = None,
        on_first_event: Callable[[], None] | None = None,
        cache_blocks: bool = True,
    ) -> tuple[ReplyT, CallUsage]:
        """One structured call.

        The system prompt is cache-controlled: it is the same for every summary, so after the
        first call in a cache lifetime every call reads it. `cached_blocks` (the transcript first,
        then data shared by the calls of one summary) open the user message, each marked as a
        cache breakpoint; `text` (the task and its own data) follows. At most 1 + 3 breakpoints:
        the API allows 4. `cache_blocks=False` sends the blocks in the same place unmarked: for a
        prefix no later call reads, a cache write would only cost its premium.
        """
        if len(cached_blocks) > 3:
            raise ValueError("at most 3 cached blocks: the API allows 4 cache breakpoints")
        started = time.monotonic()
        tally = _Tally()
        schema = response_schema(response_model)
        marks = self.breakpoints(system, cached_blocks, schema)
        if not cache_blocks:
            marks[1:] = [False] * len(cached_blocks)
        system_blocks = [self._text_block(system, cache=marks[0])]
        content = [
            self._text_block(block, cache=mark)
            for block, mark in zip(cached_blocks, marks[1:], strict=True)
        ]
        content.append({"type": "text", "text": text})
        messages: list[MessageParam] = [{"role": "user", "content": content}]

        try:
            reply = self._send_with_retries(
                purpose, system_blocks, messages, schema, self.max_tokens, tally, on_first_event
            )
            parsed, first_problem = self._parse(reply, response_model, check)
            if parsed is None:
                logger.info("%s: repairing a broken reply (%s)", purpose, first_problem)
                repair_messages: list[MessageParam] = [
                    *messages,
                    {"role": "assistant", "content": reply.text.strip() or "(empty reply)"},
                    {
                        "role": "user",
                        "content": self._repair_template.format(problem=first_problem.for_model()),
                    },
                ]
                # A reply cut at max_tokens needs room to be written whole the second time.
                budget = (
                    self.max_tokens * 2 if reply.stop_reason == "max_tokens" else self.max_tokens
                )
                reply = self._send_with_retries(
                    purpose, system_blocks, repair_messages, schema, budget, tally, None
                )
                parsed, second_problem = self._parse(reply, response_model, check)
                if parsed is None:
                    raise JudgeError(
                        f"{purpose}: the model's reply was unusable twice. First reply: "
                        f"{first_problem}. After the repair attempt: {second_problem}.",
                        retryable=False,
                    )
        except JudgeError as error:
            # The broken reply (and a broken repair, or a refusal) was billed even though no
            # verdict comes of it. Requests that never got a final message are not in the tally.
            if tally.billed:
                error.add_billed_calls([self._usage(purpose, tally, started)])
            raise
        except Exception as error:
            # Anything else (a bug in `check`, a hook that failed): a reply billed before it
            # still counts, so it travels on the error like a JudgeError's bill.
            if not tally.billed:
                raise
            raise crashed(error, [self._usage(purpose, tally, started)]) from error
        return parsed, self._usage(purpose, tally, started)

    def _usage(self, purpose: str, tally: _Tally, started: float) -> CallUsage:
        return CallUsage(
            purpose=purpose,
            model=self.model,
            input_tokens=tally.input_tokens,
            output_tokens=tally.output_tokens,
            cache_write_tokens=tally.cache_write_tokens,
            cache_read_tokens=tally.cache_read_tokens,
            cost_usd=round(tally.cost_usd, 8),
            attempts=tally.attempts,
            seconds=round(time.monotonic() - started, 3),
        )

    def breakpoints(
        self, system: str, cached_blocks: Sequence[str], schema: dict[str, Any] | None = None
    ) -> list[bool]:
        """Which of the system prompt and `cached_blocks` carry a cache breakpoint: those whose
        prefix (the output format, the system prompt, the blocks up to and including it) reaches
        the model's minimum cacheable length. Below it the API ignores the marker, so it is left
        out; nothing is marked when caching is off."""
        if not self.cache_prompts:
            return [False] * (1 + len(cached_blocks))
        output_format = {"type": "json_schema", "schema": schema or {}}
        tokens = approx_tokens(json.dumps(output_format)) if schema is not None else 0
        marks = []
        for text in (system, *cached_blocks):
            tokens += approx_tokens(text)
            marks.append(is_cacheable(self.model, tokens))
        return marks

    def caches_prefix(
        self, system: str, cached_blocks: Sequence[str], response_model: type[BaseModel]
    ) -> bool:
        """Whether the last of `cached_blocks` would be written to the cache: whether calls that
        share this prefix gain anything from waiting for the first one to begin."""
        return (
            bool(cached_blocks)
            and self.breakpoints(system, cached_blocks, response_schema(response_model))[-1]
        )

    def _text_block(self, text: str, *, cache: bool) -> TextBlockParam:
        block: TextBlockParam = {"type": "text", "text": text}
        if cache:
            block["cache_control"] = {"type": "ephemeral"}
        return block

    def _parse(
        self,
        reply: _Reply,
        response_model: type[ReplyT],
        check: Callable[[ReplyT], None] | None,
    ) -> tuple[ReplyT | None, ReplyProblem]:
        """The validated reply, or None and the problem that makes it unusable."""
        if reply.stop_reason == "max_tokens":
            return None, ReplyProblem(
                f"the reply stopped at the max_tokens limit ({len(reply.text)} characters) "
                "before its JSON was complete"
            )
        try:
            parsed = response_model.model_validate_json(reply.text)
        except ValidationError as error:
            return None, _describe_validation_error(error)
        if check is not None:
            try:
                check(parsed)
            except ReplyProblem as problem:
                return None, problem
        return parsed, ReplyProblem("")

    # --- Transport: one request, with retries ------------------------------------------------

    def _send_with_retries(
        self,
        purpose: str,
        system: list[TextBlockParam],
        messages: list[MessageParam],
        schema: dict[str, Any],
        max_tokens: int,
        tally: _Tally,
        on_first_event: Callable[[], None] | None,
    ) -> _Reply:
        last_retry_after: float | None = None
        for attempt in range(1, self.max_retries + 2):
            tally.attempts += 1
            try:
                return self._send_once(system, messages, schema, max_tokens, tally, on_first_event)
            except (
                anthropic.APIStatusError,
                anthropic.APIConnectionError,
                httpx2.TransportError,
            ) as err:
                retryable, description = _classify(err)
                if not retryable:
                    raise JudgeError(f"{purpose}: {description}", retryable=False) from err
                retry_after = _retry_after_seconds(err)
                last_retry_after = retry_after if retry_after is not None else last_retry_after
                if retry_after is not None:
                    self._report_retry_after(purpose, retry_after)
                if attempt > self.max_retries:
                    raise JudgeError(
                        f"{purpose}: {description}; gave up after {attempt} attempts",
                        retryable=True,
                        retry_after=last_retry_after,
                    ) from err
                if retry_after is not None and retry_after > self.max_retry_after:
                    raise JudgeError(
                        f"{purpose}: {description}; the server asks to wait {retry_after:g}s",
                        retryable=True,
                        retry_after=retry_after,
                    ) from err
                delay = retry_after if retry_after is not None else self._backoff(attempt)
                logger.info(
                    "%s: %s; retry %d/%d in %.2fs",
                    purpose,
                    description,
                    attempt,
                    self.max_retries,
                    delay,
                )
                self._sleep(delay)
        raise AssertionError("unreachable: the loop returns or raises")

    def _report_retry_after(self, purpose: str, seconds: float) -> None:
        """Tell `on_retry_after`, if set. The pause it shares (in Redis) paces the other
        workers; this call waits out `retry-after` itself in any case, so a hook that fails (Redis
        is away) must not fail the call."""
        if self.on_retry_after is None:
            return
        try:
            self.on_retry_after(seconds)
        except Exception:
            logger.warning(
                "%s: could not share a retry-after of %gs", purpose, seconds, exc_info=True
            )

    def _backoff(self, attempt: int) -> float:
        # "Equal jitter": half the exponential delay is fixed, half random, so concurrent
        # callers that failed together do not retry together.
        delay = min(self.backoff_max, self.backoff_base * 2.0 ** (attempt - 1))
        return delay / 2 + random.uniform(0, delay / 2)

    def _send_once(
        self,
        system: list[TextBlockParam],
        messages: list[MessageParam],
        schema: dict[str, Any],
        max_tokens: int,
        tally: _Tally,
        on_first_event: Callable[[], None] | None,
    ) -> _Reply:
        with self._sdk.messages.stream(
            model=self.model,
            max_tokens=max_tokens,
            system=system,
            messages=messages,
            output_config={"format": {"type": "json_schema", "schema": schema}},
        ) as stream:
            for _event in stream:
                if on_first_event is not None:
                    on_first_event()
                    on_first_event = None
            message = stream.get_final_message()
        # Only a request whose final message arrived is counted as billed. A 429, 5xx or 529
        # answer carries no usage and costs nothing; a timeout or a stream cut by an error event
        # leaves no usage to record either. Such a request counts in `attempts` only.
        tally.billed += 1
        usage = message.usage
        input_tokens = usage.input_tokens or 0
        output_tokens = usage.output_tokens or 0
        cache_write = usage.cache_creation_input_tokens or 0
        cache_read = usage.cache_read_input_tokens or 0
        tally.input_tokens += input_tokens
        tally.output_tokens += output_tokens
        tally.cache_write_tokens += cache_write
        tally.cache_read_tokens += cache_read
        tally.cost_usd += call_cost_usd(
            self.model,
            input_tokens=input_tokens,
            output_tokens=output_tokens,
            cache_write_tokens=cache_write,
            cache_read_tokens=cache_read,
        )
        if message.stop_reason == "refusal":
            raise JudgeError("the model refused to answer (stop_reason=refusal)", retryable=False)
        text = "".join(block.text for block in message.content if block.type == "text")
        return _Reply(text=text, stop_reason=message.stop_reason)


def _classify(err: Exception) -> tuple[bool, str]:
    """(retryable, description) for a transport or API error."""
    if isinstance(err, anthropic.APITimeoutError | httpx2.TimeoutException):
        return True, "the request timed out"
    if isinstance(err, anthropic.APIConnectionError | httpx2.TransportError):
        return True, f"connection error ({type(err).__name__})"
    assert isinstance(err, anthropic.APIStatusError)
    error_type = err.type or ""
    message = err.api_message or str(err)
    description = f"HTTP {err.status_code} {error_type}: {message}".replace("  ", " ")
    should_retry = err.response.headers.get("x-should-retry")
    if should_retry in ("true", "false"):
        return should_retry == "true", description
    # A mid-stream `error` event arrives on a 200 response: its type says what happened.
    retryable = err.status_code in RETRYABLE_STATUSES or error_type in RETRYABLE_ERROR_TYPES
    return retryable, description


def _retry_after_seconds(err: Exception) -> float | None:
    response = getattr(err, "response", None)
    if response is None:
        return None
    headers = response.headers
    try:
        return float(headers["retry-after-ms"]) / 1000
    except (KeyError, TypeError, ValueError):
        pass
    value = headers.get("retry-after")
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:  # an HTTP date
        return max(0.0, email.utils.parsedate_to_datetime(value).timestamp() - time.time())
    except (TypeError, ValueError):
        return None


def _describe_validation_error(error: ValidationError) -> ReplyProblem:
    """Where the reply breaks the schema and how. A location can hold a key the model invented,
    so the repair message quotes every part that is not a plain field name or index."""
    for_people, for_model = [], []
    for item in error.errors()[:5]:
        parts = [str(part) for part in item["loc"]]
        where = ".".join(parts) or "(the whole reply)"
        where_for_model = ".".join(
            part if part.isidentifier() or part.isdigit() else quote_for_model(part)
            for part in parts
        )
        for_people.append(f"{where}: {item['msg']}")
        for_model.append(f"{where_for_model or '(the whole reply)'}: {item['msg']}")
    more = f" (and {error.error_count() - 5} more)" if error.error_count() > 5 else ""
    prefix = "the reply does not fit the JSON schema: "
    return ReplyProblem(
        prefix + "; ".join(for_people) + more, for_model=prefix + "; ".join(for_model) + more
    )
