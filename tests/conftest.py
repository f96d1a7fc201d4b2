from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from devkit.fake_anthropic import FakeAnthropicServer
from devkit.fake_anthropic.responders import default_responder
from evaluations.services import dispatch

REPO_ROOT = Path(__file__).resolve().parent.parent
SHARED_DATA = REPO_ROOT.parent / "shared" / "data"


@pytest.fixture
def shared_data() -> Path:
    """The labelled development data beside the repository; tests that need it skip without it."""
    if not SHARED_DATA.is_dir():
        pytest.skip(
            f"{SHARED_DATA} is absent: the labelled development data is not on this machine"
        )
    return SHARED_DATA


@pytest.fixture
def held_messages() -> Iterator[dispatch.HeldMessages]:
    """Every Celery message the services would send, kept instead of sent (no broker needed);
    the test reads them from the fixture."""
    with dispatch.held() as held:
        yield held


# The Claude path: one fake Messages API server per test session, reset per test.
@pytest.fixture(scope="session")
def fake_anthropic_server() -> Iterator[FakeAnthropicServer]:
    with FakeAnthropicServer() as server:
        yield server


@pytest.fixture
def fake_anthropic(fake_anthropic_server: FakeAnthropicServer) -> Iterator[FakeAnthropicServer]:
    """The session's fake server, emptied and back to its defaults: no latency, no faults, the
    default responder, the per-model minimum cacheable length."""
    server = fake_anthropic_server
    server.reset()
    server.latency = 0.0
    server.ttft = None
    server.failure_rate = 0.0
    server.retry_after = 1.0
    server.timeout_sleep = 30.0
    server.min_cacheable_tokens = None
    server.responder = default_responder
    yield server
    server.reset()


# --- The cast: one user per role, and a stranger with an account but no role --------------------

CAST_PASSWORD = "pw-cast-1"


@pytest.fixture
def cast(db) -> dict:
    """`stranger` (logged in, no role), `analyst`, `manager` and `admin` (the Admins group, not
    a superuser). The role groups are put back first: a transactional test's flush empties them."""
    from django.contrib.auth.models import User

    from web import roles

    groups = roles.role_groups_ensure()
    users = {"stranger": User.objects.create_user("stranger", password=CAST_PASSWORD)}
    for name, group in (
        ("analyst", roles.ANALYSTS),
        ("manager", roles.MANAGERS),
        ("admin", roles.ADMINS),
    ):
        user = User.objects.create_user(name, password=CAST_PASSWORD)
        user.groups.add(groups[group])
        users[name] = user
    return users


@pytest.fixture
def client_as(cast, client):
    """`client_as("analyst")`: the test client logged in as that member of the cast (None: out)."""

    def log_in(role: str | None):
        client.logout()
        if role is not None:
            client.force_login(cast[role])
        return client

    return log_in
