"""A fake Anthropic Messages API: stdlib HTTP in a thread, or a process (`python -m devkit.fake_anthropic`).

It behaves like the real API where the platform depends on it:
- POST /v1/messages, JSON or a server-sent-event stream (`"stream": true`), with the same event
  sequence the SDK parses (message_start, content_block_start, ping, content_block_delta...,
  content_block_stop, message_delta, message_stop); POST /v1/messages/count_tokens.
- It refuses what the API refuses (see `validation.py`) with the API's error JSON
  `{"type": "error", "error": {"type", "message"}, "request_id"}` and its status.
- Prompt caching: the prefix up to each `cache_control` block (with the system prompt and the
  output format, which the API counts in the cache key) is hashed; a request whose prefix is in the
  cache READS it, otherwise it WRITES it. An entry becomes readable only once the response that
  wrote it has begun (its first streamed event, or the equivalent moment of a plain response),
  and expires after its ttl. Prefixes shorter than the model's minimum cacheable length are not
  cached. Tokens are counted as ceil(characters / 4).
- An enforced per-model request limit (`requests_per_minute`), answered 429 with `retry-after`.
- Faults, scripted per request (`script(...)`) or at random (`failure_rate`): 429 with
  `retry-after`, 529 overloaded, 500, a timeout (the server sleeps past the client's timeout),
  malformed JSON text, a reply cut at `max_tokens`, a schema-breaking reply, an error event in the
  middle of a stream. A fixed `latency` per call; `ttft` is when the first event is sent.
- Every request is recorded (`requests`), with its body, status, usage and cache outcome.
- The Message Batches endpoints (create, retrieve, results as JSONL, cancel, expiry): `batches.py`.
- Test control over HTTP, for a server in another process: GET /_fake/requests, GET /_fake/stats,
  POST /_fake/faults (a JSON list of faults), POST /_fake/reset.

One module past 400 lines on purpose: the server's state (cache, limits, faults, the record) and
the handler that reads and writes it under one lock are one idea, and split they would only pass
that state back and forth. The request rules live apart (`validation.py`), as do replies
(`responders.py`).
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import math
import random
import threading
import time
import uuid
from dataclasses import asdict, dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Literal

from devkit.fake_anthropic.batches import BATCH_PATH, BatchStore
from devkit.fake_anthropic.responders import Reply, Responder, default_responder, judge_task
from devkit.fake_anthropic.validation import check_headers, check_request, output_format_of

# The per-model minimum cacheable prefix, with its sources: the engine's table, so the fake and
# the judges apply the same figures (shorter prefixes are silently not cached, nothing billed).
from evaluations.judges.caching import minimum_cacheable_tokens

FaultKind = Literal[
    "rate_limit",
    "overloaded",
    "server_error",
    "timeout",
    "malformed_json",
    "max_tokens",
    "schema_violation",
    "stream_overloaded",
    "expired",  # a Message Batches request that expired (see batches.py)
]
RANDOM_FAULT_KINDS: tuple[FaultKind, ...] = ("rate_limit", "overloaded", "server_error", "timeout")


@dataclass
class Fault:
    """One scripted failure. It applies to the next `times` requests whose body contains `match`
    (any request when `match` is empty); `task` narrows it to one judge task."""

    kind: FaultKind
    times: int = 1
    match: str = ""
    task: str = ""
    retry_after: float = 1.0
    sleep: float = 30.0  # for "timeout": longer than the client waits

    def applies_to(self, raw_body: str, body: Any) -> bool:
        if self.times <= 0 or (self.match and self.match not in raw_body):
            return False
        return not self.task or (isinstance(body, dict) and _safe_task(body) == self.task)


@dataclass
class RecordedRequest:
    path: str
    body: Any
    headers: dict[str, str]
    started: float
    status: int = 0
    ended: float = 0.0
    fault: str = ""
    error_type: str = ""
    stream: bool = False
    task: str | None = None
    usage: dict[str, int] = field(default_factory=dict)
    reply_text: str = ""

    @property
    def cache_write_tokens(self) -> int:
        return self.usage.get("cache_creation_input_tokens", 0)

    @property
    def cache_read_tokens(self) -> int:
        return self.usage.get("cache_read_input_tokens", 0)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class _CacheEntry:
    readable: bool
    expires_at: float


def count_tokens(text: str) -> int:
    return math.ceil(len(text) / 4)


def api_usage(usage: dict[str, int]) -> dict[str, Any]:
    """The usage object the API sends, from the fake's counts: writes split by TTL."""
    one_hour = usage.get("cache_creation_1h_input_tokens", 0)
    shown: dict[str, Any] = {
        key: value for key, value in usage.items() if key != "cache_creation_1h_input_tokens"
    }
    shown["cache_creation"] = {
        "ephemeral_5m_input_tokens": usage["cache_creation_input_tokens"] - one_hour,
        "ephemeral_1h_input_tokens": one_hour,
    }
    return shown


def _safe_task(body: dict[str, Any]) -> str | None:
    try:
        return judge_task(body)
    except (KeyError, IndexError, TypeError, AttributeError):
        return None


def _strip_cache_control(block: Any) -> Any:
    if isinstance(block, dict):
        return {key: value for key, value in block.items() if key != "cache_control"}
    return block


class FakeAnthropicServer:
    """Start with `start()` (or as a context manager); point the SDK at `base_url`."""

    def __init__(
        self,
        *,
        host: str = "127.0.0.1",
        port: int = 0,
        latency: float = 0.0,
        ttft: float | None = None,
        failure_rate: float = 0.0,
        failure_kinds: tuple[FaultKind, ...] = RANDOM_FAULT_KINDS,
        retry_after: float = 1.0,
        timeout_sleep: float = 30.0,
        seed: int = 0,
        min_cacheable_tokens: int | None = None,
        responder: Responder | None = None,
        requests_per_minute: int = 0,
    ) -> None:
        self.host = host
        # Enforced like the API's own limit: a request beyond it in the last 60 s, per model, is
        # answered 429 with a retry-after (0 turns it off).
        self.requests_per_minute = requests_per_minute
        self._admitted: dict[str, list[float]] = {}
        self.port = port
        self.latency = latency
        self.ttft = ttft
        self.failure_rate = failure_rate
        self.failure_kinds = failure_kinds
        self.retry_after = retry_after
        self.timeout_sleep = timeout_sleep
        self.min_cacheable_tokens = min_cacheable_tokens
        self.responder: Responder = responder or default_responder
        self.requests: list[RecordedRequest] = []
        self._faults: list[Fault] = []
        self._cache: dict[str, _CacheEntry] = {}
        self._lock = threading.Lock()
        self.seed = seed
        self._random = random.Random(seed)
        self._stopping = threading.Event()
        self._httpd: _HTTPServer | None = None
        self._thread: threading.Thread | None = None
        self.batches = BatchStore(self)

    # --- Lifecycle ---

    def start(self) -> FakeAnthropicServer:
        handler = type("Handler", (_Handler,), {"fake": self})
        self._httpd = _HTTPServer((self.host, self.port), handler)
        self.port = self._httpd.server_address[1]
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, name="fake-anthropic", daemon=True
        )
        self._thread.start()
        return self

    def serve_forever(self) -> None:
        """Block until `stop()` (or Ctrl-C), starting the server first if needed."""
        if self._thread is None:
            self.start()
        assert self._thread is not None
        try:
            while self._thread.is_alive():
                self._thread.join(timeout=0.5)
        except KeyboardInterrupt:
            self.stop()

    def stop(self) -> None:
        self._stopping.set()
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()

    def __enter__(self) -> FakeAnthropicServer:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}"

    # --- Test controls ---

    def script(self, *faults: Fault) -> None:
        with self._lock:
            self._faults.extend(faults)

    def reset(self) -> None:
        with self._lock:
            self.requests.clear()
            self._faults.clear()
            self._cache.clear()
            self._random = random.Random(self.seed)  # the same random faults after every reset
            self.responder = default_responder
        self.batches.reset()

    def message_requests(self) -> list[RecordedRequest]:
        return [r for r in self.requests if r.path == "/v1/messages"]

    def batch_requests(self) -> list[RecordedRequest]:
        """The requests processed inside batches, one record each (path `/v1/messages/batches`)."""
        return [r for r in self.requests if r.path == "/v1/messages/batches" and r.task != "-"]

    def record_batch_request(
        self, params: dict[str, Any], usage: dict[str, int], text: str
    ) -> None:
        now = time.monotonic()
        record = RecordedRequest(
            path="/v1/messages/batches",
            body=params,
            headers={},
            started=now,
            status=200,
            ended=now,
            task=_safe_task(params),
            usage=usage,
            reply_text=text,
        )
        with self._lock:
            self.requests.append(record)

    def stats(self) -> dict[str, int]:
        requests = self.message_requests()
        return {
            "requests": len(requests),
            "succeeded": sum(1 for r in requests if r.status == 200 and not r.error_type),
            "faults": sum(1 for r in requests if r.fault),
            "rate_limited": sum(1 for r in requests if r.status == 429),
            "refused": sum(1 for r in requests if r.status in (400, 401, 404) and not r.fault),
            "cache_writes": sum(1 for r in requests if r.cache_write_tokens),
            "cache_reads": sum(1 for r in requests if r.cache_read_tokens),
            "input_tokens": sum(r.usage.get("input_tokens", 0) for r in requests),
            "output_tokens": sum(r.usage.get("output_tokens", 0) for r in requests),
            "cache_write_tokens": sum(r.cache_write_tokens for r in requests),
            "cache_read_tokens": sum(r.cache_read_tokens for r in requests),
        }

    # --- Request handling (called by the handler thread) ---

    def _over_rate_limit(self, body: Any) -> float | None:
        """Seconds until the model's request budget has room again, or None (admitted)."""
        if not self.requests_per_minute or not isinstance(body, dict):
            return None
        now = time.monotonic()
        with self._lock:
            admitted = self._admitted.setdefault(str(body.get("model")), [])
            admitted[:] = [t for t in admitted if t > now - 60.0]
            if len(admitted) >= self.requests_per_minute:
                return admitted[0] + 60.0 - now
            admitted.append(now)
        return None

    def _take_fault(self, raw_body: str, body: Any) -> Fault | None:
        with self._lock:
            for fault in self._faults:
                if fault.applies_to(raw_body, body):
                    fault.times -= 1
                    return fault
            if self.failure_rate and self._random.random() < self.failure_rate:
                kind = self._random.choice(self.failure_kinds)
                return Fault(kind, retry_after=self.retry_after, sleep=self.timeout_sleep)
        return None

    def _prompt_tokens(self, body: dict[str, Any]) -> tuple[int, list[tuple[int, str, float]]]:
        """The prompt's token count, and (prefix tokens, cache key) for each breakpoint.

        The prefix of a breakpoint is: the model, the output format, the system blocks, then the
        message blocks in order up to and including the block carrying `cache_control`.
        """
        output_format = output_format_of(body) or body.get("output_format")
        system = body.get("system")
        system_blocks = (
            [{"type": "text", "text": system}] if isinstance(system, str) else list(system or [])
        )
        tokens_so_far = count_tokens(json.dumps(output_format)) if output_format else 0
        breakpoints: list[tuple[int, str, float]] = []
        blocks: list[tuple[str, dict[str, Any]]] = [("system", b) for b in system_blocks]
        for message in body["messages"]:
            content = message["content"]
            if isinstance(content, str):
                content = [{"type": "text", "text": content}]
            blocks.extend((message["role"], block) for block in content)
        head = {"model": body["model"], "format": output_format}
        digest = hashlib.sha256(json.dumps(head, sort_keys=True).encode())
        for role, block in blocks:
            digest.update(json.dumps([role, _strip_cache_control(block)], sort_keys=True).encode())
            tokens_so_far += count_tokens(block.get("text", ""))
            if block.get("cache_control") is not None:
                ttl = 3600.0 if block["cache_control"].get("ttl") == "1h" else 300.0
                breakpoints.append((tokens_so_far, digest.copy().hexdigest(), ttl))
        return tokens_so_far, breakpoints

    def _plan_cache(self, body: dict[str, Any]) -> tuple[dict[str, int], list[str]]:
        """Usage for this request's prompt, and the cache keys it writes (to mark readable later)."""
        model = body["model"]
        total, breakpoints = self._prompt_tokens(body)
        minimum = (
            self.min_cacheable_tokens
            if self.min_cacheable_tokens is not None
            else minimum_cacheable_tokens(model)
        )
        now = time.monotonic()
        read_tokens = 0
        to_write: list[tuple[int, str, float]] = []
        with self._lock:
            for tokens, key, ttl in breakpoints:
                if tokens < minimum:
                    continue
                entry = self._cache.get(key)
                if entry is not None and entry.readable and entry.expires_at > now:
                    read_tokens = tokens
                    to_write.clear()  # a longer cached prefix supersedes shorter writes
                    entry.expires_at = now + ttl  # a hit refreshes the ttl
                else:
                    to_write.append((tokens, key, ttl))
            written_keys = []
            for _tokens, key, ttl in to_write:
                entry = self._cache.get(key)
                if entry is None or entry.expires_at <= now:
                    self._cache[key] = _CacheEntry(readable=False, expires_at=now + ttl)
                written_keys.append(key)
        # Each stretch written is billed at the TTL of the breakpoint that ends it.
        write_tokens = write_1h = 0
        start = read_tokens
        for tokens, _key, ttl in sorted(to_write):
            write_tokens += tokens - start
            write_1h += tokens - start if ttl > 300 else 0
            start = tokens
        usage = {
            "input_tokens": total - read_tokens - write_tokens,
            "cache_creation_input_tokens": write_tokens,
            "cache_read_input_tokens": read_tokens,
            # Not a field of the API's usage: `cache_creation` below is built from it.
            "cache_creation_1h_input_tokens": write_1h,
        }
        return usage, written_keys

    def _mark_readable(self, keys: list[str]) -> None:
        with self._lock:
            for key in keys:
                entry = self._cache.get(key)
                if entry is not None:
                    entry.readable = True

    def _reply_for(self, body: dict[str, Any], fault: Fault | None) -> Reply:
        if fault is not None and fault.kind == "malformed_json":
            return Reply('{"task": "accuracy", "accuracy_points": [{"section": "reason", "point": ')
        if fault is not None and fault.kind == "schema_violation":
            return Reply(json.dumps({"verdict": "everything is fine"}))
        produced = self.responder(body)
        reply = produced if isinstance(produced, Reply) else Reply(produced)
        if fault is not None and fault.kind == "max_tokens":
            return Reply(reply.text[: max(1, len(reply.text) // 2)], stop_reason="max_tokens")
        return reply

    def wait(self, seconds: float) -> None:
        if seconds > 0:
            self._stopping.wait(seconds)


class _HTTPServer(ThreadingHTTPServer):
    daemon_threads = True
    # Dozens of worker threads connect at once in the benchmarks; the default backlog of 5
    # would drop their connections and add a second of SYN retry to some calls.
    request_queue_size = 512


class _Handler(BaseHTTPRequestHandler):
    fake: FakeAnthropicServer
    protocol_version = "HTTP/1.0"  # one request per connection; a stream ends when it closes

    def log_message(self, format: str, *args: Any) -> None:
        pass

    # --- Plumbing ---

    def _send_json(self, status: int, payload: Any, headers: dict[str, str] | None = None) -> None:
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(data)))
        self.send_header("request-id", f"req_{uuid.uuid4().hex[:24]}")
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(data)

    def _send_error(
        self,
        record: RecordedRequest | None,
        status: int,
        error_type: str,
        message: str,
        headers: dict[str, str] | None = None,
    ) -> None:
        request_id = f"req_{uuid.uuid4().hex[:24]}"
        payload = {
            "type": "error",
            "error": {"type": error_type, "message": message},
            "request_id": request_id,
        }
        if record is not None:
            record.status = status
            record.error_type = error_type
            record.ended = time.monotonic()
        self._send_json(status, payload, headers)

    def _read_body(self) -> str:
        length = int(self.headers.get("content-length") or 0)
        return self.rfile.read(length).decode("utf-8", errors="replace")

    # --- Routes ---

    def _batch_route(self, method: str, raw_body: str) -> bool:
        """The Message Batches endpoints (batches.py); False when the path is not one of them."""
        path = self.path.split("?", 1)[0]
        match = BATCH_PATH.match(path)
        if not (path == "/v1/messages/batches" and method == "POST") and match is None:
            return False
        refusal = check_headers(self.headers)
        if refusal is not None:
            self._send_error(None, refusal.status, refusal.error_type, refusal.message)
            return True
        store = self.fake.batches
        if match is None:
            try:
                body: Any = json.loads(raw_body)
            except json.JSONDecodeError:
                body = None
            status, payload = store.create(body)
        elif match.group(2) == "/cancel" and method == "POST":
            status, payload = store.cancel(match.group(1))
        elif match.group(2) == "/results" and method == "GET":
            status, payload = store.results_jsonl(match.group(1))
            if status == 200:
                data = payload.encode()
                self.send_response(200)
                self.send_header("content-type", "application/binary")
                self.send_header("content-length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
                return True
        elif match.group(2) is None and method == "GET":
            status, payload = store.retrieve(match.group(1))
        else:
            status, payload = (
                405,
                {
                    "type": "error",
                    "error": {"type": "invalid_request_error", "message": "Method not allowed"},
                },
            )
        self._send_json(status, payload)
        return True

    def do_GET(self) -> None:
        fake = self.fake
        if self._batch_route("GET", ""):
            return
        if self.path == "/_fake/requests":
            self._send_json(200, [r.to_json() for r in list(fake.requests)])
        elif self.path == "/_fake/stats":
            self._send_json(200, fake.stats())
        else:
            self._send_error(None, 404, "not_found_error", f"Not found: {self.path}")

    def do_POST(self) -> None:
        fake = self.fake
        raw_body = self._read_body()
        if self.path == "/_fake/faults":
            fake.script(*(Fault(**item) for item in json.loads(raw_body)))
            self._send_json(200, {"ok": True})
            return
        if self.path == "/_fake/reset":
            fake.reset()
            self._send_json(200, {"ok": True})
            return
        if self._batch_route("POST", raw_body):
            return
        path = self.path.split("?", 1)[0]
        if path not in ("/v1/messages", "/v1/messages/count_tokens"):
            self._send_error(None, 404, "not_found_error", f"Not found: {path}")
            return
        try:
            body: Any = json.loads(raw_body)
        except json.JSONDecodeError:
            body = None
        record = RecordedRequest(
            path=path,
            body=body,
            headers={key.lower(): value for key, value in self.headers.items()},
            started=time.monotonic(),
            stream=bool(isinstance(body, dict) and body.get("stream")),
            task=_safe_task(body) if isinstance(body, dict) else None,
        )
        with fake._lock:
            fake.requests.append(record)
        refusal = check_headers(self.headers)
        if refusal is None and path == "/v1/messages/count_tokens" and isinstance(body, dict):
            # count_tokens takes the same body without max_tokens.
            refusal = check_request({"max_tokens": 1, **body})
        elif refusal is None:
            refusal = check_request(body)
        if refusal is not None:
            self._send_error(record, refusal.status, refusal.error_type, refusal.message)
            return
        if path == "/v1/messages/count_tokens":
            total, _breakpoints = fake._prompt_tokens(body)
            record.status = 200
            self._send_json(200, {"input_tokens": total})
            return
        wait = fake._over_rate_limit(body)
        if wait is not None:
            record.fault = "rate_limit_enforced"
            self._send_fault(record, Fault("rate_limit", retry_after=math.ceil(wait)))
            return
        fault = fake._take_fault(raw_body, body)
        if fault is not None:
            record.fault = fault.kind
            if self._send_fault(record, fault):
                return
        self._answer(record, body, fault)

    def _send_fault(self, record: RecordedRequest, fault: Fault) -> bool:
        """Send a transport-level fault; False for the faults that shape the reply instead."""
        fake = self.fake
        if fault.kind == "rate_limit":
            fake.wait(min(fake.latency, 0.05))
            reset = time.strftime(
                "%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() + fault.retry_after)
            )
            self._send_error(
                record,
                429,
                "rate_limit_error",
                "This request would exceed the rate limit for your organization of 50 requests "
                "per minute. Please retry after the time in the retry-after header.",
                {
                    "retry-after": f"{fault.retry_after:g}",
                    "x-should-retry": "true",
                    "anthropic-ratelimit-requests-limit": "50",
                    "anthropic-ratelimit-requests-remaining": "0",
                    "anthropic-ratelimit-requests-reset": reset,
                },
            )
            return True
        if fault.kind == "overloaded":
            self._send_error(
                record, 529, "overloaded_error", "Overloaded", {"x-should-retry": "true"}
            )
            return True
        if fault.kind == "server_error":
            self._send_error(
                record, 500, "api_error", "Internal server error", {"x-should-retry": "true"}
            )
            return True
        if fault.kind == "timeout":
            fake.wait(fault.sleep)
            record.status = 0
            record.ended = time.monotonic()
            # The client gave up long ago; answering is only for a very patient one.
            with contextlib.suppress(OSError):
                self._send_error(record, 504, "timeout_error", "Request timed out")
            return True
        return False

    def _answer(self, record: RecordedRequest, body: dict[str, Any], fault: Fault | None) -> None:
        fake = self.fake
        usage, written_keys = fake._plan_cache(body)
        reply = fake._reply_for(body, fault)
        usage["output_tokens"] = max(1, count_tokens(reply.text))
        record.usage = usage
        record.reply_text = reply.text
        message_id = f"msg_{uuid.uuid4().hex[:24]}"
        ttft = fake.ttft if fake.ttft is not None else fake.latency * 0.1
        ttft = min(ttft, fake.latency) if fake.latency else ttft
        message = {
            "id": message_id,
            "type": "message",
            "role": "assistant",
            "model": body["model"],
            "content": [{"type": "text", "text": reply.text}],
            "stop_reason": reply.stop_reason,
            "stop_sequence": None,
            "usage": {**api_usage(usage), "service_tier": "standard"},
        }
        try:
            if body.get("stream"):
                self._stream(record, message, usage, written_keys, ttft, fault)
            else:
                fake.wait(ttft)
                fake._mark_readable(written_keys)  # the response has begun, server-side
                fake.wait(fake.latency - ttft)
                record.status = 200
                record.ended = time.monotonic()
                self._send_json(200, message)
        except (BrokenPipeError, ConnectionResetError):
            record.ended = time.monotonic()

    def _stream(
        self,
        record: RecordedRequest,
        message: dict[str, Any],
        usage: dict[str, int],
        written_keys: list[str],
        ttft: float,
        fault: Fault | None,
    ) -> None:
        fake = self.fake
        fake.wait(ttft)
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.send_header("cache-control", "no-cache")
        self.send_header("request-id", f"req_{uuid.uuid4().hex[:24]}")
        self.end_headers()
        record.status = 200

        def event(name: str, payload: dict[str, Any]) -> None:
            self.wfile.write(f"event: {name}\ndata: {json.dumps(payload)}\n\n".encode())
            self.wfile.flush()

        start = {
            **message,
            "content": [],
            "stop_reason": None,
            "usage": {**message["usage"], "output_tokens": 1},
        }
        event("message_start", {"type": "message_start", "message": start})
        fake._mark_readable(written_keys)
        if fault is not None and fault.kind == "stream_overloaded":
            record.error_type = "overloaded_error"
            record.ended = time.monotonic()
            event(
                "error",
                {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}},
            )
            return
        event(
            "content_block_start",
            {
                "type": "content_block_start",
                "index": 0,
                "content_block": {"type": "text", "text": ""},
            },
        )
        event("ping", {"type": "ping"})
        fake.wait(fake.latency - ttft)
        text = message["content"][0]["text"]
        chunk = max(1, math.ceil(len(text) / 3))
        for offset in range(0, len(text), chunk):
            event(
                "content_block_delta",
                {
                    "type": "content_block_delta",
                    "index": 0,
                    "delta": {"type": "text_delta", "text": text[offset : offset + chunk]},
                },
            )
        event("content_block_stop", {"type": "content_block_stop", "index": 0})
        event(
            "message_delta",
            {
                "type": "message_delta",
                "delta": {"stop_reason": message["stop_reason"], "stop_sequence": None},
                "usage": {"output_tokens": usage["output_tokens"]},
            },
        )
        event("message_stop", {"type": "message_stop"})
        record.ended = time.monotonic()
