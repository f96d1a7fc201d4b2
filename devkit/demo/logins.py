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


def demo_logins(environ: Mapping[str, str] | None = None) -> list[DemoLogin]:
    """Passwords come from DEMO_<NAME>_PASSWORD, or fixed defaults: this is a local demo."""
    environ = os.environ if environ is None else environ

    def password(name: str) -> str:
        return environ.get(f"DEMO_{name.upper()}_PASSWORD") or f"{name}-demo-2026"

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
