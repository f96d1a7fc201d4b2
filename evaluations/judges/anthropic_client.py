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
_T = TypeVar("_T")

REPAIR_TEMPLATE_PATH = Path(__file__).parent / "prompts" / "repair.md"

# Statuses the API documents as transient; 529 is "overloaded_error".
RETRYABLE_STATUSES = frozenset({408, 409, 429, 500, 502, 503, 504, 529})
RETRYABLE_ERROR_TYPES = frozenset({"rate_limit_error", "overloaded_error", "api_error"})
# The TTL of the system prompt's breakpoint in batch requests (see `AnthropicClient.batch_params`).
BATCH_SYSTEM_CACHE_TTL = "1h"
# A prefix shared by at least this many requests of a batch is written for an hour.
ONE_HOUR_TTL_MIN_SHARERS = 3


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
class BatchState:
    """A Message Batch as the API reports it: `status` is in_progress, canceling or ended."""

    batch_id: str
    status: str
    processing: int = 0
    succeeded: int = 0
    errored: int = 0
    canceled: int = 0
    expired: int = 0

    @property
    def total(self) -> int:
        return self.processing + self.succeeded + self.errored + self.canceled + self.expired

    @property
    def ended_requests(self) -> int:
        return self.total - self.processing

    @property
    def is_ended(self) -> bool:
        return self.status == "ended"


@dataclass(frozen=True)
class BatchResult:
    """One request's result in an ended batch; `kind` is succeeded, errored, canceled or expired."""

    custom_id: str
    kind: str
    text: str = ""
    stop_reason: str | None = None
    input_tokens: int = 0
    output_tokens: int = 0
    cache_write_tokens: int = 0
    cache_read_tokens: int = 0
    cache_write_1h_tokens: int = 0  # of cache_write_tokens, those written with the 1-hour TTL
    error: str = ""
    retryable: bool = False


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

    # --- Message Batches ---------------------------------------------------------------------

    def batch_params(
        self,
        *,
        system: str,
        cached_blocks: Sequence[str],
        text: str,
        response_model: type[BaseModel],
        cache_blocks: bool = True,
        blocks_ttl: str = "5m",
    ) -> dict[str, Any]:
        """The Messages body of one call, as a batch request's `params`: the same system prompt,
        blocks, breakpoints and reply schema as `complete` sends, without streaming.

        The requests of a batch that share a prefix may be processed far apart, past a 5-minute
        entry's life. A 1-hour write costs 2x the input price instead of 1.25x, so for a prefix
        that n requests share it costs 2 + 0.1 (n - 1) input-price units against n uncached: it
        pays from n = 3 on. The system prompt (every summary of the batch shares it) is always
        written for an hour; the data blocks when `blocks_ttl="1h"` (the caller knows how many
        calls share them). The 1-hour breakpoint comes first, as the API requires of mixed TTLs."""
        schema = response_schema(response_model)
        marks = self.breakpoints(system, cached_blocks, schema)
        if not cache_blocks:
            marks[1:] = [False] * len(cached_blocks)
        content: list[TextBlockParam] = [
            self._text_block(block, cache=mark, ttl=blocks_ttl)
            for block, mark in zip(cached_blocks, marks[1:], strict=True)
        ]
        content.append({"type": "text", "text": text})
        return {
            "model": self.model,
            "max_tokens": self.max_tokens,
            "system": [self._text_block(system, cache=marks[0], ttl=BATCH_SYSTEM_CACHE_TTL)],
            "messages": [{"role": "user", "content": content}],
            "output_config": {"format": {"type": "json_schema", "schema": schema}},
        }

    def batch_create(self, requests: Sequence[tuple[str, dict[str, Any]]]) -> str:
        """Submit (custom_id, params) pairs as one Message Batch; its id."""
        # The params are built by `batch_params` as plain JSON (the Messages body).
        batch_requests: Any = [{"custom_id": cid, "params": params} for cid, params in requests]
        batch = self._batch_api(
            "creating a batch",
            lambda: self._sdk.messages.batches.create(requests=batch_requests),
        )
        return str(batch.id)

    def batch_retrieve(self, batch_id: str) -> BatchState:
        batch = self._batch_api(
            "polling a batch", lambda: self._sdk.messages.batches.retrieve(batch_id)
        )
        counts = batch.request_counts
        return BatchState(
            batch_id=batch_id,
            status=batch.processing_status,
            processing=counts.processing,
            succeeded=counts.succeeded,
            errored=counts.errored,
            canceled=counts.canceled,
            expired=counts.expired,
        )

    def batch_cancel(self, batch_id: str) -> BatchState:
        self._batch_api("cancelling a batch", lambda: self._sdk.messages.batches.cancel(batch_id))
        return self.batch_retrieve(batch_id)

    def batch_results(self, batch_id: str) -> list[BatchResult]:
        """Every request's result of an ended batch, with its usage at batch prices."""
        decoded = self._batch_api(
            "reading batch results", lambda: list(self._sdk.messages.batches.results(batch_id))
        )
        results = []
        for item in decoded:
            result = item.result
            if result.type == "succeeded":
                message = result.message
                usage = message.usage
                text = "".join(b.text for b in message.content if b.type == "text")
                detail = usage.cache_creation
                write_1h = (detail.ephemeral_1h_input_tokens or 0) if detail is not None else 0
                results.append(
                    BatchResult(
                        custom_id=item.custom_id,
                        kind="succeeded",
                        text=text,
                        stop_reason=message.stop_reason,
                        input_tokens=usage.input_tokens or 0,
                        output_tokens=usage.output_tokens or 0,
                        cache_write_tokens=usage.cache_creation_input_tokens or 0,
                        cache_read_tokens=usage.cache_read_input_tokens or 0,
                        cache_write_1h_tokens=write_1h,
                    )
                )
            elif result.type == "errored":
                error = result.error.error
                results.append(
                    BatchResult(
                        custom_id=item.custom_id,
                        kind="errored",
                        error=f"{error.type}: {error.message}",
                        # A request the API refused will be refused again; the rest may pass.
                        retryable=error.type != "invalid_request_error",
                    )
                )
            else:
                results.append(
                    BatchResult(custom_id=item.custom_id, kind=result.type, retryable=True)
                )
        return results

    def batch_reply(
        self,
        purpose: str,
        result: BatchResult,
        response_model: type[ReplyT],
        check: Callable[[ReplyT], None] | None = None,
    ) -> tuple[ReplyT, CallUsage]:
        """A batch result as `complete` returns a reply: validated against the schema and the
        caller's check, its usage priced at batch prices. A request that did not succeed, or a
        reply that cannot be used, is a `JudgeError` (retryable: a later batch may do better;
        the billed reply travels on it)."""
        if result.kind != "succeeded":
            reason = result.error or f"the request {result.kind}"
            raise JudgeError(f"{purpose}: in batch: {reason}", retryable=result.retryable)
        cost = call_cost_usd(
            self.model,
            input_tokens=result.input_tokens,
            output_tokens=result.output_tokens,
            cache_write_tokens=result.cache_write_tokens - result.cache_write_1h_tokens,
            cache_write_1h_tokens=result.cache_write_1h_tokens,
            cache_read_tokens=result.cache_read_tokens,
            batch=True,
        )
        usage = CallUsage(
            purpose=purpose,
            model=self.model,
            input_tokens=result.input_tokens,
            output_tokens=result.output_tokens,
            cache_write_tokens=result.cache_write_tokens,
            cache_read_tokens=result.cache_read_tokens,
            cost_usd=cost,
        )
        if result.stop_reason == "refusal":
            raise JudgeError(
                f"{purpose}: the model refused to answer", retryable=False, calls=[usage]
            )
        parsed, problem = self._parse(
            _Reply(text=result.text, stop_reason=result.stop_reason), response_model, check
        )
        if parsed is None:
            raise JudgeError(
                f"{purpose}: the batch reply was unusable: {problem}", retryable=True, calls=[usage]
            )
        return parsed, usage

    def _batch_api(self, doing: str, action: Callable[[], _T]) -> _T:
        """One Message Batches request; its failures become `JudgeError` like a call's."""
        try:
            return action()
        except (
            anthropic.APIStatusError,
            anthropic.APIConnectionError,
            httpx2.TransportError,
        ) as err:
            retryable, description = _classify(err)
            raise JudgeError(
                f"{doing}: {description}",
                retryable=retryable,
                retry_after=_retry_after_seconds(err),
            ) from err

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

    def _text_block(self, text: str, *, cache: bool, ttl: str = "5m") -> TextBlockParam:
        block: TextBlockParam = {"type": "text", "text": text}
        if cache:
            block["cache_control"] = (
                {"type": "ephemeral", "ttl": "1h"} if ttl == "1h" else {"type": "ephemeral"}
            )
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
