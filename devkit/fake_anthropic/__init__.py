"""A fake Anthropic Messages API for tests and benchmarks: the real SDK talks to it over HTTP.

In a test: `with FakeAnthropicServer(latency=0.01) as fake: ...` and `base_url=fake.base_url`.
Next to worker processes: `python -m devkit.fake_anthropic --port 8765 --latency 1.5 --failure-rate 0.2`.
"""

from __future__ import annotations

from devkit.fake_anthropic.responders import Reply, default_responder, example_for_schema
from devkit.fake_anthropic.server import FakeAnthropicServer, Fault, RecordedRequest, count_tokens
from devkit.fake_anthropic.validation import schema_problem

__all__ = [
    "FakeAnthropicServer",
    "Fault",
    "RecordedRequest",
    "Reply",
    "count_tokens",
    "default_responder",
    "example_for_schema",
    "schema_problem",
]
