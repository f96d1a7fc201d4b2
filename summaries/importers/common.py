"""Helpers every parser shares: decoding, JSON with readable errors, typed field access, roles, times.

Every error is an `ImportFormatError` whose message names the field by its path in the file
(`entries[3].text is missing`) or the line (`line 7: ...`), so a user can find it in an editor.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from summaries.importers.records import ImportFormatError
from summaries.limits import MAX_JSON_INTEGER_DIGITS

# What a file without a channel of its own is assumed to be. Most contact-center volume is calls,
# and nothing in a plain transcript or a CCAI upload says otherwise; callers can pass another one.
DEFAULT_CHANNEL = "voice"
CHANNELS = ("voice", "chat")


def decode_text(content: bytes | str) -> str:
    """The file's text, without a byte-order mark. Empty (or blank) files are an error."""
    if isinstance(content, bytes):
        try:
            text = content.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            raise ImportFormatError(
                f"the file is not UTF-8 text (byte {error.start} is {content[error.start]:#04x})"
            ) from None
    else:
        text = content.removeprefix("\ufeff")
    if not text.strip():
        raise ImportFormatError("the file is empty")
    return text


def json_error_message(error: json.JSONDecodeError, *, unit: str = "file") -> str:
    """Say where the JSON breaks; `unit="line"` for one line of a JSONL file (column only)."""
    # A document that stops in the middle of a value is the common case (an interrupted copy or
    # download), so it gets its own wording; everything else is reported as invalid JSON.
    position = (
        f"column {error.colno}" if unit == "line" else f"line {error.lineno} column {error.colno}"
    )
    if error.msg.startswith("Unterminated string"):
        return f"truncated JSON: the string that starts at {position} never ends"
    if error.pos >= len(error.doc.rstrip()):
        return f"truncated JSON at {position}: the {unit} ends inside a value"
    return f"invalid JSON at {position}: {error.msg}"


def _bounded_int(digits: str) -> int:
    count = len(digits.lstrip("-"))
    if count > MAX_JSON_INTEGER_DIGITS:
        raise ImportFormatError(
            f"a number in the file has {count} digits (at most {MAX_JSON_INTEGER_DIGITS})"
        )
    return int(digits)


def _not_json(constant: str) -> Any:
    raise ImportFormatError(f"{constant} is not valid JSON")


def json_loads(text: str) -> Any:
    """`json.loads`, minus what would crash a caller instead of failing the file: integers too
    long to convert, NaN and Infinity (not JSON), and nesting deeper than the decoder's
    recursion limit. Those are ImportFormatError; broken JSON is still JSONDecodeError."""
    try:
        return json.loads(text, parse_int=_bounded_int, parse_constant=_not_json)
    except RecursionError:
        raise ImportFormatError("the JSON is nested too deeply") from None


def load_json(content: bytes | str) -> Any:
    text = decode_text(content)
    try:
        return json_loads(text)
    except json.JSONDecodeError as error:
        raise ImportFormatError(json_error_message(error)) from None


def at(path: str, name: str | int) -> str:
    """`at("entries", 3)` is `entries[3]`; `at("entries[3]", "text")` is `entries[3].text`."""
    if isinstance(name, int):
        return f"{path}[{name}]"
    return f"{path}.{name}" if path else name


def json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


_MISSING = object()


def require_object(value: Any, path: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        where = path or "the file"
        raise ImportFormatError(f"{where} must be a JSON object, not {json_type(value)}")
    return value


def field_value(obj: Mapping[str, Any], name: str, path: str, *, required: bool = True) -> Any:
    """The raw value of `obj[name]`; None when optional and absent (or null)."""
    value = obj.get(name, _MISSING)
    if value is _MISSING or value is None:
        if required:
            state = "is missing" if value is _MISSING else "is null"
            raise ImportFormatError(f"{at(path, name)} {state}")
        return None
    return value


def string_field(
    obj: Mapping[str, Any],
    name: str,
    path: str,
    *,
    required: bool = True,
    allow_blank: bool = False,
) -> str:
    """A string field. Optional fields that are absent come back as ""."""
    value = field_value(obj, name, path, required=required)
    if value is None:
        return ""
    if not isinstance(value, str):
        raise ImportFormatError(f"{at(path, name)} must be a string, not {json_type(value)}")
    if not allow_blank and not value.strip():
        if required:
            raise ImportFormatError(f"{at(path, name)} is empty")
        return ""
    return value


def id_field(obj: Mapping[str, Any], name: str, path: str, *, required: bool = True) -> str:
    """An identifier, which exports write as a string or a number."""
    value = field_value(obj, name, path, required=required)
    if value is None:
        return ""
    if isinstance(value, bool) or not isinstance(value, str | int):
        raise ImportFormatError(f"{at(path, name)} must be a string, not {json_type(value)}")
    text = str(value).strip()
    if not text and required:
        raise ImportFormatError(f"{at(path, name)} is empty")
    return text


def int_field(
    obj: Mapping[str, Any], name: str, path: str, *, required: bool = True, minimum: int = 0
) -> int | None:
    value = field_value(obj, name, path, required=required)
    if value is None:
        return None
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ImportFormatError(f"{at(path, name)} must be a whole number, not {json_type(value)}")
    if value < minimum:
        raise ImportFormatError(f"{at(path, name)} must be at least {minimum}, not {value}")
    return value


def list_field(
    obj: Mapping[str, Any], name: str, path: str, *, required: bool = True, non_empty: bool = False
) -> list[Any]:
    value = field_value(obj, name, path, required=required)
    if value is None:
        return []
    if not isinstance(value, list):
        raise ImportFormatError(f"{at(path, name)} must be a list, not {json_type(value)}")
    if non_empty and not value:
        raise ImportFormatError(f"{at(path, name)} is empty: a conversation needs turns")
    return value


def object_field(
    obj: Mapping[str, Any], name: str, path: str, *, required: bool = True
) -> dict[str, Any]:
    value = field_value(obj, name, path, required=required)
    if value is None:
        return {}
    return require_object(value, at(path, name))


def role_from(value: str, path: str, roles: Mapping[str, str]) -> str:
    """Map a vendor role (compared case-insensitively) to ours, or name the field and the choices."""
    role = roles.get(value.strip().upper())
    if role is None:
        expected = ", ".join(sorted(roles))
        raise ImportFormatError(f"{path}: unknown role {value!r} (expected one of {expected})")
    return role


def timestamp_field(
    obj: Mapping[str, Any], name: str, path: str, *, required: bool = True
) -> datetime | None:
    """An ISO 8601 timestamp. One without a zone is taken as UTC, like the vendors' exports."""
    text = string_field(obj, name, path, required=required)
    if not text:
        return None
    try:
        moment = datetime.fromisoformat(text.strip())
    except ValueError:
        raise ImportFormatError(
            f"{at(path, name)}: {text!r} is not an ISO 8601 timestamp"
        ) from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    try:
        # The database stores UTC: year 1 at +14:00 is in year 0 there, which cannot be held.
        moment.astimezone(UTC)
    except OverflowError:
        raise ImportFormatError(
            f"{at(path, name)}: {text!r} is outside the dates that can be stored "
            "(years 1 to 9999 in UTC)"
        ) from None
    return moment


def channel_from(value: str, path: str) -> str:
    channel = value.strip().lower()
    if channel not in CHANNELS:
        raise ImportFormatError(f"{path}: unknown channel {value!r} (expected voice or chat)")
    return channel


def milliseconds_between(start: datetime, moment: datetime, path: str, start_name: str) -> int:
    offset = round((moment - start).total_seconds() * 1000)
    if offset < 0:
        raise ImportFormatError(f"{path} is {-offset} ms before {start_name}")
    return offset
