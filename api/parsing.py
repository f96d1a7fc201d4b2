"""The request body as JSON, refused with a 4xx (never a 500) whatever it holds.

The JSON reader is the importers' (`summaries.importers.common.json_loads`): the same bounds on
integer length, NaN and nesting depth. On top of it: the bytes must be UTF-8, and no string may
hold half of a UTF-16 surrogate pair (valid JSON, but text no database can store).
"""

from __future__ import annotations

import json
from typing import Any

from django.http import HttpRequest
from ninja.parser import Parser

from api.errors import ApiError
from summaries.importers.common import json_error_message, json_loads
from summaries.importers.records import ImportFormatError


def _path(parent: str, key: str | int) -> str:
    if isinstance(key, int):
        return f"{parent}[{key}]"
    return f"{parent}.{key}" if parent else key


def _lone_surrogate(value: Any) -> str | None:
    """The path of the first string (or key) holding a lone surrogate ("" for the body itself),
    walked without recursion; None when there is none."""
    pending: list[tuple[str, Any]] = [("", value)]
    while pending:
        path, item = pending.pop()
        if isinstance(item, str):
            try:
                item.encode("utf-8")
            except UnicodeEncodeError:
                return path
        elif isinstance(item, dict):
            for key, child in item.items():
                pending.append((_path(path, str(key)), key))
                pending.append((_path(path, str(key)), child))
        elif isinstance(item, list):
            pending.extend((_path(path, index), child) for index, child in enumerate(item))
    return None


def json_body(raw: bytes) -> Any:
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as error:
        raise ApiError(
            400, "invalid_utf8", f"The body is not UTF-8 (byte {error.start} is invalid)."
        ) from None
    try:
        document = json_loads(text)
    except json.JSONDecodeError as error:
        raise ApiError(400, "invalid_json", json_error_message(error, unit="body")) from None
    except ImportFormatError as error:
        raise ApiError(400, "invalid_json", str(error)) from None
    surrogate = _lone_surrogate(document)
    if surrogate is not None:
        raise ApiError(
            400,
            "invalid_text",
            "A string holds a lone surrogate (\\ud800-\\udfff), which is not Unicode text.",
            field=surrogate or None,
        )
    return document


class StrictJsonParser(Parser):
    def parse_body(self, request: HttpRequest) -> Any:
        return json_body(request.body)
