"""Reading settings from the environment, with errors that name the variable and the bad value."""

from __future__ import annotations

import math
import os
from urllib.parse import urlsplit

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str, *, required: bool = False) -> str:
    value = os.environ.get(name, default)
    if required and not value.strip():
        raise ImproperlyConfigured(f"{name} is set but empty: give it a value or unset it.")
    return value


def env_choice(name: str, default: str, choices: tuple[str, ...]) -> str:
    raw = os.environ.get(name, default)
    value = raw.strip().upper()
    if value not in choices:
        raise ImproperlyConfigured(f"{name}={raw!r} is not one of {', '.join(choices)}.")
    return value


def env_url(
    name: str, default: str, *, schemes: tuple[str, ...], hostless: tuple[str, ...] = ()
) -> str:
    """Empty, or a URL with one of `schemes` and a host, or one of the `hostless` schemes
    (`memory://`)."""
    raw = os.environ.get(name, default)
    if not raw:
        return raw
    parts = urlsplit(raw)
    if parts.scheme in hostless:
        return raw
    if parts.scheme not in schemes or not parts.netloc:
        expected = f"{' or '.join(schemes)}://host[:port]"
        expected += "".join(f", or {scheme}://" for scheme in hostless)
        raise ImproperlyConfigured(f"{name}={raw!r} is not a URL: expected {expected}.")
    return raw


def env_bool(name: str, default: bool) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(
        f"{name}={raw!r} is not a boolean: use one of 1/0, true/false, yes/no, on/off."
    )


def env_int(name: str, default: int, *, minimum: int | None = None) -> int:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not a whole number.") from None
    if minimum is not None and value < minimum:
        raise ImproperlyConfigured(f"{name}={raw!r} must be at least {minimum}.")
    return value


def env_float(name: str, default: float, *, minimum: float | None = None) -> float:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ImproperlyConfigured(f"{name}={raw!r} is not a number.") from None
    if not math.isfinite(value):
        raise ImproperlyConfigured(f"{name}={raw!r} must be a finite number.")
    if minimum is not None and value < minimum:
        raise ImproperlyConfigured(f"{name}={raw!r} must be at least {minimum}.")
    return value


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return default
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_rate_limits(name: str) -> dict[str, tuple[int, int]]:
    """Per-model budgets: `model=requests/input_tokens` pairs, comma-separated, e.g.
    `claude-haiku-4-5=4000/400000,claude-opus-4-1=50/20000`; 0 turns that limit off."""
    raw = os.environ.get(name, "")
    limits: dict[str, tuple[int, int]] = {}
    for entry in (part.strip() for part in raw.split(",")):
        if not entry:
            continue
        model, equals, budgets = entry.partition("=")
        requests, slash, tokens = budgets.partition("/")
        model = model.strip()
        if not equals or not slash or not model:
            raise ImproperlyConfigured(
                f"{name}: {entry!r} is not model=requests/input_tokens "
                "(e.g. claude-haiku-4-5=4000/400000)."
            )
        try:
            budget = (int(requests), int(tokens))
        except ValueError:
            raise ImproperlyConfigured(
                f"{name}: {entry!r}: the budgets must be whole numbers."
            ) from None
        if min(budget) < 0:
            raise ImproperlyConfigured(f"{name}: {entry!r}: a budget cannot be negative.")
        if model in limits:
            raise ImproperlyConfigured(f"{name}: {model!r} is given twice.")
        limits[model] = budget
    return limits
