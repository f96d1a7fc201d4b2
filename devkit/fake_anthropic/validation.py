"""What the fake refuses, as the real Messages API does: a request it would reject with 400/401/404.

Sources for the structured-outputs limits: the "JSON Schema limitations" section of
https://platform.claude.com/docs/en/build-with-claude/structured-outputs (every object needs
`additionalProperties: false`; no numeric bounds, string length bounds, `maxItems`, `minItems`
other than 0 or 1, `minProperties`/`maxProperties`, recursive or external `$ref`, complex enum
values, unsupported string formats, regex backreferences, lookaround or word boundaries) and the
error texts users reported (e.g. "output_format.schema: For 'object' type, 'additionalProperties'
must be explicitly set to false").
"""

from __future__ import annotations

import importlib.util
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

# The SDK's own lists, read from its source files rather than imported: importing the SDK takes
# seconds, and the fake often runs as its own short-lived process next to workers.
_SDK_DIR = Path(importlib.util.find_spec("anthropic").origin).parent  # type: ignore[arg-type, union-attr]


def _sdk_known_models() -> frozenset[str]:
    source = (_SDK_DIR / "types" / "model.py").read_text(encoding="utf-8")
    return frozenset(re.findall(r'"(claude-[a-z0-9.-]+)"', source))


def _sdk_request_fields() -> set[str]:
    source = (_SDK_DIR / "types" / "message_create_params.py").read_text(encoding="utf-8")
    body = source.split("class MessageCreateParamsBase(", 1)[1].split("\nclass ", 1)[0]
    return set(re.findall(r"^    (\w+): ", body, flags=re.M))


# Every model id the SDK knows; anything else is a 404 not_found_error, as the API answers.
KNOWN_MODELS = _sdk_known_models()

# Body fields the API accepts: the SDK's own list, minus the two it sends as headers.
ACCEPTED_FIELDS = (_sdk_request_fields() - {"user_profile_id", "workspace_id"}) | {
    "stream",
    "output_format",  # deprecated alias of output_config.format
    "temperature",
    "top_p",
    "top_k",
}

MAX_CACHE_BREAKPOINTS = 4
SUPPORTED_STRING_FORMATS = frozenset(
    {"date-time", "time", "date", "duration", "email", "hostname", "uri", "ipv4", "ipv6", "uuid"}
)
UNSUPPORTED_KEYWORDS = (
    "minimum",
    "maximum",
    "exclusiveMinimum",
    "exclusiveMaximum",
    "multipleOf",
    "minLength",
    "maxLength",
    "maxItems",
    "minProperties",
    "maxProperties",
)
UNSUPPORTED_PATTERN = re.compile(r"\\[1-9]|\\k<|\(\?[=!]|\(\?<[=!]|\\[bB]")


@dataclass(frozen=True)
class Refusal:
    status: int
    error_type: str
    message: str


def _bad(message: str) -> Refusal:
    return Refusal(400, "invalid_request_error", message)


def check_headers(headers: Any) -> Refusal | None:
    if not headers.get("x-api-key") and not headers.get("authorization"):
        return Refusal(401, "authentication_error", "x-api-key header is required")
    if not headers.get("anthropic-version"):
        return _bad("anthropic-version: header is required")
    return None


def check_request(body: Any) -> Refusal | None:
    """The first reason the API would refuse this /v1/messages body, or None."""
    if not isinstance(body, dict):
        return _bad("The request body is not valid JSON.")
    for field in body:
        if field not in ACCEPTED_FIELDS:
            return _bad(f"{field}: Extra inputs are not permitted")
    for field in ("model", "max_tokens", "messages"):
        if field not in body:
            return _bad(f"{field}: Field required")
    model = body["model"]
    if not isinstance(model, str):
        return _bad("model: Input should be a valid string")
    if model not in KNOWN_MODELS:
        return Refusal(404, "not_found_error", f"model: {model}")
    max_tokens = body["max_tokens"]
    if not isinstance(max_tokens, int) or isinstance(max_tokens, bool) or max_tokens < 1:
        return _bad("max_tokens: Input should be greater than or equal to 1")
    for name, low, high in (("temperature", 0, 1), ("top_p", 0, 1)):
        value = body.get(name)
        if value is not None and not (
            isinstance(value, int | float) and not isinstance(value, bool) and low <= value <= high
        ):
            return _bad(f"{name}: Input should be between {low} and {high}")
    refusal = _check_system(body.get("system")) or _check_messages(body["messages"])
    if refusal:
        return refusal
    breakpoints = count_cache_breakpoints(body)
    if breakpoints > MAX_CACHE_BREAKPOINTS:
        return _bad(
            f"A maximum of {MAX_CACHE_BREAKPOINTS} blocks with cache_control may be provided. "
            f"Found {breakpoints}."
        )
    return _check_output_format(body)


def _check_cache_control(block: dict[str, Any], where: str) -> Refusal | None:
    control = block.get("cache_control")
    if control is None:
        return None
    if not isinstance(control, dict) or control.get("type") != "ephemeral":
        return _bad(f"{where}.cache_control.type: Input should be 'ephemeral'")
    if control.get("ttl", "5m") not in ("5m", "1h"):
        return _bad(f"{where}.cache_control.ttl: Input should be '5m' or '1h'")
    return None


def _check_text_block(block: Any, where: str) -> Refusal | None:
    if not isinstance(block, dict) or "type" not in block:
        return _bad(f"{where}: Input should be a valid content block")
    if block["type"] != "text":
        # The fake only speaks text; the judges send nothing else.
        return _bad(f"{where}.type: the fake server only accepts text blocks")
    text = block.get("text")
    if not isinstance(text, str):
        return _bad(f"{where}.text: Field required")
    if not text:
        return _bad("messages: text content blocks must be non-empty")
    return _check_cache_control(block, where)


def _check_system(system: Any) -> Refusal | None:
    if system is None or isinstance(system, str):
        return None
    if not isinstance(system, list):
        return _bad("system: Input should be a valid string or list of text blocks")
    for index, block in enumerate(system):
        refusal = _check_text_block(block, f"system.{index}")
        if refusal:
            return refusal
    return None


def _check_messages(messages: Any) -> Refusal | None:
    if not isinstance(messages, list):
        return _bad("messages: Input should be a valid list")
    if not messages:
        return _bad("messages: at least one message is required")
    for index, message in enumerate(messages):
        where = f"messages.{index}"
        if not isinstance(message, dict):
            return _bad(f"{where}: Input should be a valid dictionary")
        role = message.get("role")
        if role == "system":
            return _bad(
                f'{where}.role: Unexpected role "system". The Messages API accepts a top-level '
                '`system` parameter, not "system" as an input message role.'
            )
        if role not in ("user", "assistant"):
            return _bad(f"{where}.role: Input should be 'user' or 'assistant'")
        content = message.get("content")
        if isinstance(content, str):
            if not content and not (role == "assistant" and index == len(messages) - 1):
                return _bad("messages: text content blocks must be non-empty")
        elif isinstance(content, list):
            if not content:
                return _bad(f"{where}.content: all messages must have non-empty content")
            for block_index, block in enumerate(content):
                refusal = _check_text_block(block, f"{where}.content.{block_index}")
                if refusal:
                    return refusal
        else:
            return _bad(f"{where}.content: Field required")
    if messages[0].get("role") != "user":
        return _bad('messages: first message must use the "user" role')
    last = messages[-1]
    if last.get("role") == "assistant":
        text = last["content"] if isinstance(last["content"], str) else last["content"][-1]["text"]
        if text != text.rstrip():
            return _bad("messages: final assistant content cannot end with trailing whitespace")
    return None


def count_cache_breakpoints(body: dict[str, Any]) -> int:
    count = 0
    blocks: list[Any] = (
        list(body.get("system") or []) if isinstance(body.get("system"), list) else []
    )
    for message in body.get("messages") or []:
        if isinstance(message, dict) and isinstance(message.get("content"), list):
            blocks.extend(message["content"])
    blocks.extend(body.get("tools") or [])
    for block in blocks:
        if isinstance(block, dict) and block.get("cache_control") is not None:
            count += 1
    return count


def output_format_of(body: dict[str, Any]) -> dict[str, Any] | None:
    config = body.get("output_config") or {}
    return config.get("format") if isinstance(config, dict) else None


def _check_output_format(body: dict[str, Any]) -> Refusal | None:
    config = body.get("output_config")
    if config is not None and not isinstance(config, dict):
        return _bad("output_config: Input should be a valid dictionary")
    legacy = body.get("output_format")
    current = output_format_of(body)
    if legacy is not None and current is not None:
        return _bad(
            "Both output_format and output_config.format were provided; use only output_config.format."
        )
    output_format = current if current is not None else legacy
    where = "output_config.format" if current is not None else "output_format"
    if output_format is None:
        return None
    if not isinstance(output_format, dict) or output_format.get("type") != "json_schema":
        return _bad(f"{where}.type: Input should be 'json_schema'")
    schema = output_format.get("schema")
    if not isinstance(schema, dict):
        return _bad(f"{where}.schema: Field required")
    problem = schema_problem(schema)
    return _bad(f"{where}.schema: {problem}") if problem else None


def schema_problem(schema: dict[str, Any]) -> str | None:
    """Why structured outputs would refuse this JSON schema, or None if they accept it."""
    definitions = {**schema.get("$defs", {}), **schema.get("definitions", {})}
    return _schema_problem(schema, definitions, resolving=())


def _schema_problem(
    schema: Any, definitions: dict[str, Any], *, resolving: tuple[str, ...]
) -> str | None:
    if isinstance(schema, bool):
        return None
    if not isinstance(schema, dict):
        return "JSON schema is invalid: a schema must be an object"
    ref = schema.get("$ref")
    if ref is not None:
        if not isinstance(ref, str) or not ref.startswith("#/"):
            return f"External $ref '{ref}' is not supported"
        name = ref.rsplit("/", 1)[-1]
        if name in resolving:
            return "Recursive schemas are not supported"
        if name not in definitions:
            return f"$ref '{ref}' does not resolve to a definition"
        return _schema_problem(definitions[name], definitions, resolving=(*resolving, name))
    for keyword in UNSUPPORTED_KEYWORDS:
        if keyword in schema:
            return f"The '{keyword}' keyword is not supported by structured outputs"
    min_items = schema.get("minItems")
    if min_items is not None and min_items not in (0, 1):
        return f"minItems values other than 0 or 1 are not supported (got {min_items})"
    types = schema.get("type")
    type_list = types if isinstance(types, list) else [types]
    if "object" in type_list or "properties" in schema:
        additional = schema.get("additionalProperties")
        if additional is None:
            return "For 'object' type, 'additionalProperties' must be explicitly set to false"
        if additional is not False:
            return (
                "For 'object' type, 'additionalProperties: true' is not supported. "
                "Please set 'additionalProperties' to false"
            )
    string_format = schema.get("format")
    if string_format is not None and string_format not in SUPPORTED_STRING_FORMATS:
        return f"String format '{string_format}' is not supported"
    pattern = schema.get("pattern")
    if isinstance(pattern, str) and UNSUPPORTED_PATTERN.search(pattern):
        return "Regex backreferences, lookaround assertions and word boundaries are not supported in 'pattern'"
    enum = schema.get("enum")
    if enum is not None and any(isinstance(value, dict | list) for value in enum):
        return "Complex types in 'enum' are not supported"
    children: list[Any] = list((schema.get("properties") or {}).values())
    if isinstance(schema.get("items"), dict):
        children.append(schema["items"])
    for keyword in ("anyOf", "allOf", "oneOf", "prefixItems"):
        children.extend(schema.get(keyword) or [])
    for child in children:
        problem = _schema_problem(child, definitions, resolving=resolving)
        if problem:
            return problem
    return None
