"""Settings for the test suite: PostgreSQL and Redis, as in production (see `make test`)."""

from __future__ import annotations

import os

os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/summaryqa")
os.environ.setdefault("CELERY_BROKER_URL", "redis://127.0.0.1:6379/15")
os.environ.setdefault("ANTHROPIC_API_KEY", "")
# DEBUG is off unless set (and then a SECRET_KEY is required): the suite turns it on, as a
# development machine does; pytest-django still runs each test with DEBUG off.
os.environ.setdefault("DEBUG", "true")

from config.settings.base import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
LOGGING = {"version": 1, "disable_existing_loggers": False}
