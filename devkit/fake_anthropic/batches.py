"""The fake's Message Batches API: create, retrieve, results as JSONL, cancel, and expiry.

As the real API (https://platform.claude.com/docs/en/build-with-claude/batch-processing and the
SDK's `MessageBatch` types): POST /v1/messages/batches takes `{"requests": [{"custom_id",
"params"}]}` (custom ids unique, 1-64 of `[A-Za-z0-9_-]`; at most 100,000 requests; each `params`
a Messages body the API would accept, without `stream`); a batch is `in_progress` until it ends,
and its `request_counts` keep every request under `processing` until then; once `ended` it has a
`results_url` whose JSONL lines are `{"custom_id", "result": {"type": "succeeded", "message"} |
{"type": "errored", "error": {"type": "error", "error": {...}}} | {"type": "canceled"} |
{"type": "expired"}}`, in no promised order. Cancelling an unfinished batch cancels every
request not yet processed. A batch not ended within its expiry ends with its open requests
expired.

For tests: `processing_seconds` is how long a batch stays in progress (0: it ends at once);
a scripted `Fault` applies to a batch request as to a single one: `server_error` or
`overloaded` give an `errored` result, `expired` an `expired` one (the other kinds shape the
reply as usual); `expire(batch_id)` ends a batch now with its open requests expired.
"""

from __future__ import annotations

import datetime as dt
import json
import re
import threading
import time
import uuid
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from devkit.fake_anthropic.validation import Refusal, check_request

if TYPE_CHECKING:
    from devkit.fake_anthropic.server import FakeAnthropicServer


def api_usage(usage: dict[str, int]) -> dict[str, Any]:
    from devkit.fake_anthropic.server import api_usage as shown

    return shown(usage)


MAX_BATCH_REQUESTS = 100_000
CUSTOM_ID = re.compile(r"^[a-zA-Z0-9_-]{1,64}$")
BATCH_PATH = re.compile(r"^/v1/messages/batches/(msgbatch_[0-9a-f]+)(/results|/cancel)?$")


@dataclass
class FakeBatch:
    id: str
    created: float
    expires: float
    requests: list[dict[str, Any]]
    # custom_id -> result, computed at creation; shown only once the batch has ended.
    results: dict[str, dict[str, Any]] = field(default_factory=dict)
    ended: float | None = None
    cancel_initiated: float | None = None
    forced: str = ""  # "expired" or "canceled": how the open requests end

    def status(self, now: float) -> str:
        if self.ended is not None and self.ended <= now:
            return "ended"
        return "canceling" if self.cancel_initiated is not None else "in_progress"


def _iso(seconds: float) -> str:
    return dt.datetime.fromtimestamp(seconds, dt.UTC).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


class BatchStore:
    """The batches of one fake server. Times are wall-clock seconds (they are shown as dates)."""

    def __init__(self, fake: FakeAnthropicServer) -> None:
        self.fake = fake
        self.batches: dict[str, FakeBatch] = {}
        self.processing_seconds = 0.0
        self.expiry_seconds = 24 * 3600.0
        self._lock = threading.Lock()

    def reset(self) -> None:
        with self._lock:
            self.batches.clear()
        self.processing_seconds = 0.0
        self.expiry_seconds = 24 * 3600.0

    # --- Routes ---

    def create(self, body: Any) -> tuple[int, Any]:
        refusal = self._check(body)
        if refusal is not None:
            return refusal.status, _error(refusal.error_type, refusal.message)
        now = time.time()
        batch = FakeBatch(
            id=f"msgbatch_{uuid.uuid4().hex[:24]}",
            created=now,
            expires=now + self.expiry_seconds,
            requests=body["requests"],
        )
        for request in batch.requests:
            batch.results[request["custom_id"]] = self._process(request["params"])
        batch.ended = now + self.processing_seconds
        with self._lock:
            self.batches[batch.id] = batch
        return 200, self.describe(batch)

    def retrieve(self, batch_id: str) -> tuple[int, Any]:
        batch = self.batches.get(batch_id)
        if batch is None:
            return 404, _error("not_found_error", f"No batch {batch_id}")
        return 200, self.describe(batch)

    def cancel(self, batch_id: str) -> tuple[int, Any]:
        batch = self.batches.get(batch_id)
        if batch is None:
            return 404, _error("not_found_error", f"No batch {batch_id}")
        now = time.time()
        with self._lock:
            if batch.status(now) != "ended":
                batch.cancel_initiated = now
                batch.forced = "canceled"
                batch.ended = now
        return 200, self.describe(batch)

    def expire(self, batch_id: str) -> None:
        """End the batch now, its unfinished requests expired (as at its 24-hour expiry)."""
        batch = self.batches[batch_id]
        with self._lock:
            if batch.status(time.time()) != "ended":
                batch.forced = "expired"
                batch.ended = time.time()

    def results_jsonl(self, batch_id: str) -> tuple[int, Any]:
        batch = self.batches.get(batch_id)
        if batch is None:
            return 404, _error("not_found_error", f"No batch {batch_id}")
        if batch.status(time.time()) != "ended":
            return 400, _error("invalid_request_error", "The batch has not ended yet")
        lines = [
            json.dumps({"custom_id": custom_id, "result": result})
            for custom_id, result in self._final_results(batch).items()
        ]
        return 200, "\n".join(reversed(lines)) + "\n"  # results come in no promised order

    # --- State ---

    def describe(self, batch: FakeBatch) -> dict[str, Any]:
        now = time.time()
        if batch.ended is None and now >= batch.expires:
            self.expire(batch.id)
        status = batch.status(now)
        counts = {"processing": 0, "succeeded": 0, "errored": 0, "canceled": 0, "expired": 0}
        if status == "ended":
            for result in self._final_results(batch).values():
                counts[result["type"]] += 1
        else:
            counts["processing"] = len(batch.requests)
        base = self.fake.base_url
        return {
            "id": batch.id,
            "type": "message_batch",
            "processing_status": status,
            "request_counts": counts,
            "created_at": _iso(batch.created),
            "expires_at": _iso(batch.expires),
            "ended_at": _iso(batch.ended) if status == "ended" and batch.ended else None,
            "cancel_initiated_at": _iso(batch.cancel_initiated) if batch.cancel_initiated else None,
            "archived_at": None,
            "results_url": f"{base}/v1/messages/batches/{batch.id}/results"
            if status == "ended"
            else None,
        }

    def _final_results(self, batch: FakeBatch) -> dict[str, dict[str, Any]]:
        if not batch.forced:
            return batch.results
        # Cancelled or expired before its time: the requests it had not processed end so.
        return {custom_id: {"type": batch.forced} for custom_id in batch.results}

    def _check(self, body: Any) -> Refusal | None:
        bad = "invalid_request_error"
        if not isinstance(body, dict) or not isinstance(body.get("requests"), list):
            return Refusal(400, bad, "requests: Field required")
        requests = body["requests"]
        if not requests:
            return Refusal(400, bad, "requests: at least one request is required")
        if len(requests) > MAX_BATCH_REQUESTS:
            return Refusal(400, bad, f"requests: at most {MAX_BATCH_REQUESTS} requests")
        seen: set[str] = set()
        for index, request in enumerate(requests):
            custom_id = request.get("custom_id") if isinstance(request, dict) else None
            if not isinstance(custom_id, str) or not CUSTOM_ID.match(custom_id):
                return Refusal(
                    400, bad, f"requests.{index}.custom_id: 1-64 letters, digits, - or _"
                )
            if custom_id in seen:
                return Refusal(400, bad, f"requests.{index}.custom_id: {custom_id} is not unique")
            seen.add(custom_id)
            params = request.get("params")
            if isinstance(params, dict) and params.get("stream"):
                return Refusal(400, bad, f"requests.{index}.params.stream: not allowed in a batch")
            refusal = check_request(params)
            if refusal is not None:
                return Refusal(
                    refusal.status, refusal.error_type, f"requests.{index}.params.{refusal.message}"
                )
        return None

    def _process(self, params: dict[str, Any]) -> dict[str, Any]:
        """One request's result, as the Messages API would have answered it."""
        fake = self.fake
        raw = json.dumps(params)
        fault = fake._take_fault(raw, params)
        if fault is not None and fault.kind == "expired":
            return {"type": "expired"}
        if fault is not None and fault.kind in ("server_error", "overloaded", "rate_limit"):
            error_type = "overloaded_error" if fault.kind == "overloaded" else "api_error"
            return {
                "type": "errored",
                "error": {
                    "type": "error",
                    "error": {"type": error_type, "message": "Internal server error"},
                    "request_id": f"req_{uuid.uuid4().hex[:24]}",
                },
            }
        usage, written_keys = fake._plan_cache(params)
        fake._mark_readable(written_keys)
        reply = fake._reply_for(params, fault)
        usage["output_tokens"] = max(1, -(-len(reply.text) // 4))
        message = {
            "id": f"msg_{uuid.uuid4().hex[:24]}",
            "type": "message",
            "role": "assistant",
            "model": params["model"],
            "content": [{"type": "text", "text": reply.text}],
            "stop_reason": reply.stop_reason,
            "stop_sequence": None,
            "usage": {**api_usage(usage), "service_tier": "batch"},
        }
        fake.record_batch_request(params, usage, reply.text)
        return {"type": "succeeded", "message": message}


def _error(error_type: str, message: str) -> dict[str, Any]:
    return {
        "type": "error",
        "error": {"type": error_type, "message": message},
        "request_id": f"req_{uuid.uuid4().hex[:24]}",
    }
