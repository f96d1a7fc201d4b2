"""The fake Messages API refuses what the real API refuses, caches like it, and fails on demand.

Requests go through the real Anthropic SDK; only requests the SDK cannot even express (a body
without max_tokens, no API key) are sent as raw HTTP.
"""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from typing import Any

import anthropic
import pytest

from devkit.fake_anthropic import (
    FakeAnthropicServer,
    Fault,
    Reply,
    example_for_schema,
    schema_problem,
)
from evaluations.judges.anthropic_client import response_schema
from evaluations.judges.claude import SYSTEM_PROMPT, JudgeReply
from tests.conftest import REPO_ROOT

MODEL = "claude-sonnet-5-5"
OBJECT_OK: dict[str, Any] = {
    "type": "object",
    "properties": {"answer": {"type": "string"}},
    "required": ["answer"],
    "additionalProperties": False,
}


def sdk(fake: FakeAnthropicServer, **options: Any) -> anthropic.Anthropic:
    return anthropic.Anthropic(api_key="test-key", base_url=fake.base_url, max_retries=0, **options)


def ask(client: anthropic.Anthropic, schema: dict[str, Any] | None = None, **overrides: Any) -> Any:
    params: dict[str, Any] = {
        "model": MODEL,
        "max_tokens": 256,
        "messages": [{"role": "user", "content": "Hello"}],
    }
    if schema is not None:
        params["output_config"] = {"format": {"type": "json_schema", "schema": schema}}
    params.update(overrides)
    return client.messages.create(**params)


def raw_post(
    fake: FakeAnthropicServer, body: Any, headers: dict[str, str] | None = None
) -> tuple[int, dict[str, Any]]:
    request = urllib.request.Request(
        fake.base_url + "/v1/messages",
        data=json.dumps(body).encode(),
        headers=headers
        if headers is not None
        else {
            "x-api-key": "test-key",
            "anthropic-version": "2023-06-01",
            "content-type": "application/json",
        },
        method="POST",
    )
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def cached_request(text: str, schema: dict[str, Any] = OBJECT_OK) -> dict[str, Any]:
    return {
        "model": MODEL,
        "max_tokens": 256,
        "system": [{"type": "text", "text": SYSTEM_PROMPT}],
        "messages": [
            {
                "role": "user",
                "content": [
                    {"type": "text", "text": text, "cache_control": {"type": "ephemeral"}},
                    {"type": "text", "text": "<task>accuracy</task>"},
                ],
            }
        ],
        "output_config": {"format": {"type": "json_schema", "schema": schema}},
    }


# --- Refusals -----------------------------------------------------------------------------------


def test_it_refuses_a_schema_whose_object_lacks_additional_properties_false(fake_anthropic):
    schema = {
        "type": "object",
        "properties": {"answer": {"type": "string"}},
        "required": ["answer"],
    }
    with pytest.raises(anthropic.BadRequestError) as caught:
        ask(sdk(fake_anthropic), schema)
    assert caught.value.status_code == 400
    assert caught.value.type == "invalid_request_error"
    assert "additionalProperties" in caught.value.api_message
    assert caught.value.body["type"] == "error"


def test_it_refuses_additional_properties_true_in_a_nested_object(fake_anthropic):
    schema = {
        **OBJECT_OK,
        "properties": {"inner": {"type": "object", "properties": {}, "additionalProperties": True}},
        "required": ["inner"],
    }
    with pytest.raises(anthropic.BadRequestError, match="additionalProperties"):
        ask(sdk(fake_anthropic), schema)


def test_it_refuses_min_items_above_one_and_accepts_min_items_one(fake_anthropic):
    client = sdk(fake_anthropic)
    items = {"type": "array", "items": {"type": "string"}}
    with pytest.raises(anthropic.BadRequestError, match="minItems"):
        ask(client, {**OBJECT_OK, "properties": {"answer": {**items, "minItems": 2}}})
    reply = ask(client, {**OBJECT_OK, "properties": {"answer": {**items, "minItems": 1}}})
    assert json.loads(reply.content[0].text) == {"answer": ["example"]}


@pytest.mark.parametrize(
    ("property_schema", "named"),
    [
        ({"type": "integer", "minimum": 0}, "minimum"),
        ({"type": "number", "maximum": 1}, "maximum"),
        ({"type": "number", "exclusiveMinimum": 0}, "exclusiveMinimum"),
        ({"type": "integer", "multipleOf": 5}, "multipleOf"),
        ({"type": "string", "minLength": 1}, "minLength"),
        ({"type": "string", "maxLength": 10}, "maxLength"),
        ({"type": "array", "items": {"type": "string"}, "maxItems": 3}, "maxItems"),
        ({"type": "string", "format": "credit-card"}, "credit-card"),
        ({"type": "string", "pattern": r"(a)\1"}, "backreferences"),
        ({"type": "string", "pattern": r"(?=x)y"}, "lookaround"),
        ({"type": "string", "enum": [{"a": 1}]}, "enum"),
    ],
)
def test_it_refuses_the_schema_keywords_structured_outputs_do_not_support(
    fake_anthropic, property_schema, named
):
    with pytest.raises(anthropic.BadRequestError) as caught:
        ask(sdk(fake_anthropic), {**OBJECT_OK, "properties": {"answer": property_schema}})
    assert named in caught.value.api_message
    assert caught.value.api_message.startswith("output_config.format.schema:")


def test_it_refuses_recursive_and_external_refs():
    recursive = {
        "$defs": {
            "Node": {
                "type": "object",
                "properties": {"children": {"type": "array", "items": {"$ref": "#/$defs/Node"}}},
                "required": ["children"],
                "additionalProperties": False,
            }
        },
        "$ref": "#/$defs/Node",
    }
    assert "Recursive" in schema_problem(recursive)
    assert "External" in schema_problem({"$ref": "https://example.com/schema.json"})


def test_the_judges_reply_schema_is_accepted(fake_anthropic):
    schema = response_schema(JudgeReply)
    assert schema_problem(schema) is None
    reply = ask(sdk(fake_anthropic), schema)
    parsed = JudgeReply.model_validate_json(reply.content[0].text)
    assert parsed == JudgeReply.model_validate(example_for_schema(schema))


def test_it_answers_an_unknown_model_with_not_found(fake_anthropic):
    with pytest.raises(anthropic.NotFoundError) as caught:
        ask(sdk(fake_anthropic), model="claude-imaginary-9")
    assert caught.value.type == "not_found_error"
    assert "claude-imaginary-9" in caught.value.api_message


@pytest.mark.parametrize(
    ("messages", "message_part"),
    [
        ([], "at least one message"),
        ([{"role": "system", "content": "You are a judge"}], "system"),
        ([{"role": "robot", "content": "Hi"}], "'user' or 'assistant'"),
        ([{"role": "assistant", "content": "Hi"}], "first message"),
        ([{"role": "user", "content": [{"type": "text", "text": ""}]}], "non-empty"),
    ],
)
def test_it_refuses_malformed_messages(fake_anthropic, messages, message_part):
    with pytest.raises(anthropic.BadRequestError) as caught:
        ask(sdk(fake_anthropic), messages=messages)
    assert message_part in caught.value.api_message


def test_it_refuses_more_than_four_cache_breakpoints(fake_anthropic):
    blocks = [
        {"type": "text", "text": f"block {n}", "cache_control": {"type": "ephemeral"}}
        for n in range(5)
    ]
    with pytest.raises(anthropic.BadRequestError, match="maximum of 4 blocks with cache_control"):
        ask(sdk(fake_anthropic), messages=[{"role": "user", "content": blocks}])
    reply = ask(sdk(fake_anthropic), messages=[{"role": "user", "content": blocks[:4]}])
    assert reply.stop_reason == "end_turn"


def test_it_refuses_a_body_without_max_tokens_and_a_request_without_a_key(fake_anthropic):
    status, body = raw_post(
        fake_anthropic, {"model": MODEL, "messages": [{"role": "user", "content": "Hi"}]}
    )
    assert (status, body["error"]["type"]) == (400, "invalid_request_error")
    assert body["error"]["message"] == "max_tokens: Field required"
    status, body = raw_post(
        fake_anthropic,
        {"model": MODEL, "max_tokens": 5, "messages": [{"role": "user", "content": "Hi"}]},
        headers={"anthropic-version": "2023-06-01"},
    )
    assert (status, body["error"]["type"]) == (401, "authentication_error")


def test_it_refuses_unknown_body_fields(fake_anthropic):
    status, body = raw_post(
        fake_anthropic,
        {
            "model": MODEL,
            "max_tokens": 5,
            "messages": [{"role": "user", "content": "Hi"}],
            "foo": 1,
        },
    )
    assert status == 400
    assert body["error"]["message"] == "foo: Extra inputs are not permitted"


# --- Replies, streaming and usage ---------------------------------------------------------------


def test_it_streams_the_events_the_sdk_assembles_into_a_message(fake_anthropic):
    client = sdk(fake_anthropic)
    with client.messages.stream(
        model=MODEL,
        max_tokens=256,
        messages=[{"role": "user", "content": "Hello"}],
        output_config={"format": {"type": "json_schema", "schema": OBJECT_OK}},
    ) as stream:
        event_types = [event.type for event in stream]
        message = stream.get_final_message()
    assert event_types[0] == "message_start"
    assert "content_block_delta" in event_types
    assert json.loads(message.content[0].text) == {"answer": "example"}
    assert message.stop_reason == "end_turn"
    assert message.usage.output_tokens == fake_anthropic.requests[0].usage["output_tokens"]
    assert fake_anthropic.requests[0].stream is True


def test_a_scripted_responder_chooses_the_reply_and_it_is_recorded(fake_anthropic):
    fake_anthropic.responder = lambda body: Reply('{"answer": "scripted"}')
    reply = ask(sdk(fake_anthropic), OBJECT_OK)
    assert reply.content[0].text == '{"answer": "scripted"}'
    recorded = fake_anthropic.requests[-1]
    assert recorded.body["messages"][0]["content"] == "Hello"
    assert recorded.reply_text == '{"answer": "scripted"}'
    assert recorded.headers["authorization"] == "Bearer test-key"


def test_tokens_are_counted_as_a_quarter_of_the_characters(fake_anthropic):
    fake_anthropic.responder = lambda body: "x" * 40
    reply = ask(sdk(fake_anthropic), messages=[{"role": "user", "content": "y" * 400}])
    assert reply.usage.input_tokens == 100
    assert reply.usage.output_tokens == 10
    assert reply.usage.cache_creation_input_tokens == 0


def test_count_tokens_counts_the_prompt(fake_anthropic):
    counted = sdk(fake_anthropic).messages.count_tokens(
        model=MODEL, messages=[{"role": "user", "content": "y" * 400}]
    )
    assert counted.input_tokens == 100


# --- Prompt caching -----------------------------------------------------------------------------


def test_a_cached_prefix_is_written_once_then_read(fake_anthropic):
    client = sdk(fake_anthropic)
    first = client.messages.create(
        **cached_request("<transcript>\n[0] customer: hi\n</transcript>")
    )
    second = client.messages.create(
        **cached_request("<transcript>\n[0] customer: hi\n</transcript>")
    )
    assert first.usage.cache_creation_input_tokens > 1024
    assert first.usage.cache_read_input_tokens == 0
    assert second.usage.cache_read_input_tokens == first.usage.cache_creation_input_tokens
    assert second.usage.cache_creation_input_tokens == 0
    # The uncached remainder is the task block after the breakpoint.
    assert second.usage.input_tokens == first.usage.input_tokens
    assert fake_anthropic.stats()["cache_writes"] == 1


def test_a_different_output_schema_misses_the_cache(fake_anthropic):
    client = sdk(fake_anthropic)
    client.messages.create(**cached_request("<transcript>same</transcript>"))
    other_schema = {**OBJECT_OK, "properties": {"answer": {"type": "boolean"}}}
    second = client.messages.create(**cached_request("<transcript>same</transcript>", other_schema))
    assert second.usage.cache_read_input_tokens == 0
    assert second.usage.cache_creation_input_tokens > 0


def test_a_prefix_below_the_models_minimum_is_not_cached(fake_anthropic):
    request = cached_request("short")
    request["system"] = "Be brief."
    reply = sdk(fake_anthropic).messages.create(**request)
    assert reply.usage.cache_creation_input_tokens == 0
    assert reply.usage.cache_read_input_tokens == 0


@pytest.mark.parametrize(
    ("model", "prefix_tokens", "cached"),
    [
        ("claude-opus-5", 600, True),  # minimum 512
        ("claude-sonnet-5", 600, False),  # minimum 1,024
        ("claude-sonnet-5", 1_500, True),
        ("claude-haiku-4-5", 3_000, False),  # minimum 4,096
        ("claude-haiku-4-5", 4_500, True),
    ],
)
def test_each_model_caches_from_its_own_minimum_and_bills_no_write_below_it(
    fake_anthropic, model, prefix_tokens, cached
):
    request = cached_request("x" * (4 * prefix_tokens))
    request["model"] = model
    request["system"] = "Be brief."
    request.pop("output_config")
    reply = sdk(fake_anthropic).messages.create(**request)
    assert (reply.usage.cache_creation_input_tokens > 0) is cached
    assert reply.usage.cache_read_input_tokens == 0
    if not cached:
        assert reply.usage.input_tokens > prefix_tokens


def test_a_cache_entry_is_readable_only_once_the_response_that_wrote_it_has_begun(fake_anthropic):
    fake_anthropic.latency = 0.6
    fake_anthropic.ttft = 0.3
    client = sdk(fake_anthropic)
    request = cached_request("<transcript>shared</transcript>")
    usages: dict[str, Any] = {}

    def call(name: str) -> None:
        usages[name] = client.messages.create(**request).usage

    writer = threading.Thread(target=call, args=("writer",))
    writer.start()
    time.sleep(0.1)  # the writer has not begun its response yet
    too_early = threading.Thread(target=call, args=("too_early",))
    too_early.start()
    time.sleep(0.35)  # now the writer's response has begun
    in_time = threading.Thread(target=call, args=("in_time",))
    in_time.start()
    for thread in (writer, too_early, in_time):
        thread.join()
    assert usages["writer"].cache_creation_input_tokens > 0
    assert usages["too_early"].cache_creation_input_tokens > 0  # paid a second write
    assert usages["in_time"].cache_read_input_tokens == usages["writer"].cache_creation_input_tokens


# --- Faults and latency -------------------------------------------------------------------------


def test_scripted_faults_have_the_real_apis_statuses_and_headers(fake_anthropic):
    client = sdk(fake_anthropic)
    fake_anthropic.script(
        Fault("rate_limit", retry_after=7), Fault("overloaded"), Fault("server_error")
    )
    with pytest.raises(anthropic.RateLimitError) as rate_limited:
        ask(client)
    assert rate_limited.value.response.headers["retry-after"] == "7"
    assert rate_limited.value.type == "rate_limit_error"
    with pytest.raises(anthropic.APIStatusError) as overloaded:
        ask(client)
    assert (overloaded.value.status_code, overloaded.value.type) == (529, "overloaded_error")
    with pytest.raises(anthropic.InternalServerError) as server_error:
        ask(client)
    assert (server_error.value.status_code, server_error.value.type) == (500, "api_error")
    assert ask(client).stop_reason == "end_turn"


def test_a_timeout_fault_outlasts_the_client(fake_anthropic):
    fake_anthropic.script(Fault("timeout", sleep=2.0))
    started = time.monotonic()
    with pytest.raises(anthropic.APITimeoutError):
        ask(sdk(fake_anthropic, timeout=0.3))
    assert time.monotonic() - started < 1.5


def test_reply_faults_break_the_json_or_stop_at_max_tokens(fake_anthropic):
    client = sdk(fake_anthropic)
    fake_anthropic.script(Fault("malformed_json"), Fault("max_tokens"), Fault("schema_violation"))
    malformed = ask(client, OBJECT_OK)
    with pytest.raises(json.JSONDecodeError):
        json.loads(malformed.content[0].text)
    truncated = ask(client, OBJECT_OK)
    assert truncated.stop_reason == "max_tokens"
    violating = json.loads(ask(client, OBJECT_OK).content[0].text)
    assert "answer" not in violating


def test_a_fault_can_target_one_task_or_one_text(fake_anthropic):
    client = sdk(fake_anthropic)
    fake_anthropic.script(Fault("overloaded", task="completeness", times=5))
    assert (
        client.messages.create(**cached_request("<transcript>x</transcript>")).stop_reason
        == "end_turn"
    )
    fake_anthropic.script(Fault("overloaded", match="dev-007"))
    with pytest.raises(anthropic.APIStatusError):
        ask(client, messages=[{"role": "user", "content": "summary dev-007"}])


def test_the_failure_rate_fails_about_that_share_of_calls(fake_anthropic):
    fake_anthropic.failure_rate = 0.3
    fake_anthropic.failure_kinds = ("overloaded", "server_error", "rate_limit")
    client = sdk(fake_anthropic)
    failures = 0
    for _ in range(100):
        try:
            ask(client)
        except anthropic.APIStatusError:
            failures += 1
    fake_anthropic.failure_kinds = ("rate_limit", "overloaded", "server_error", "timeout")
    assert 15 <= failures <= 45
    assert fake_anthropic.stats()["faults"] == failures


def test_latency_holds_every_call(fake_anthropic):
    fake_anthropic.latency = 0.3
    started = time.monotonic()
    ask(sdk(fake_anthropic))
    assert time.monotonic() - started >= 0.3


def test_it_runs_as_a_process_controlled_over_http(tmp_path):
    process = subprocess.Popen(
        [sys.executable, "-m", "devkit.fake_anthropic", "--port", "0", "--latency", "0.01"],
        cwd=REPO_ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        line = process.stdout.readline()
        assert line.startswith("fake-anthropic listening on http://127.0.0.1:")
        base_url = line.rsplit(" ", 1)[-1].strip()
        faults = json.dumps([{"kind": "overloaded", "times": 1}]).encode()
        urllib.request.urlopen(
            urllib.request.Request(base_url + "/_fake/faults", data=faults), timeout=5
        )
        client = anthropic.Anthropic(api_key="k", base_url=base_url, max_retries=0)
        with pytest.raises(anthropic.APIStatusError):
            ask(client)
        assert ask(client).stop_reason == "end_turn"
        with urllib.request.urlopen(base_url + "/_fake/stats", timeout=5) as response:
            stats = json.loads(response.read())
        assert (stats["requests"], stats["faults"], stats["succeeded"]) == (2, 1, 1)
    finally:
        process.terminate()
        process.wait(timeout=5)


def test_an_enforced_request_limit_answers_429_with_a_retry_after() -> None:
    import anthropic

    from devkit.fake_anthropic import FakeAnthropicServer

    with FakeAnthropicServer(requests_per_minute=2) as fake:
        client = anthropic.Anthropic(api_key="sk-test", base_url=fake.base_url, max_retries=0)
        ask = {
            "model": "claude-sonnet-5",
            "max_tokens": 16,
            "messages": [{"role": "user", "content": "hi"}],
        }
        client.messages.create(**ask)
        client.messages.create(**ask)
        with pytest.raises(anthropic.RateLimitError) as caught:
            client.messages.create(**ask)
        client.messages.create(**{**ask, "model": "claude-haiku-4-5"})  # its own budget

    assert 55 <= int(caught.value.response.headers["retry-after"]) <= 60
    assert fake.stats()["rate_limited"] == 1
