"""The three demo logins. Plain Python (no Django), so scripts/demo.py can print them too."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass

ANALYSTS_GROUP = "QA analysts"
MANAGERS_GROUP = "Managers"


@dataclass(frozen=True)
class DemoLogin:
    username: str
    password: str
    role: str
    group: str | None = None
    is_staff: bool = False
    is_superuser: bool = False


def password_variable(username: str) -> str:
    """The environment variable that sets a demo login's password."""
    return f"DEMO_{username.upper()}_PASSWORD"


def published_password(username: str) -> str:
    """The password a demo login gets when its variable is not set: printed by `make demo` and
    written in the README, so only ever used with DEBUG on (`load_demo` checks)."""
    return f"{username}-demo-2026"


def demo_logins(environ: Mapping[str, str] | None = None) -> list[DemoLogin]:
    """Passwords come from DEMO_<NAME>_PASSWORD, or the published defaults of a local demo."""
    environ = os.environ if environ is None else environ

    def password(name: str) -> str:
        return environ.get(password_variable(name)) or published_password(name)

    return [
        DemoLogin(
            "admin",
            password("admin"),
            "superuser: everything, including /admin/",
            is_staff=True,
            is_superuser=True,
        ),
        DemoLogin("analyst", password("analyst"), ANALYSTS_GROUP, group=ANALYSTS_GROUP),
        DemoLogin("manager", password("manager"), MANAGERS_GROUP, group=MANAGERS_GROUP),
    ]
