"""The role groups' grant migrations (web's and api's, on `config.role_grants`) run backwards to
before the first grant and forwards again, on the test database as migrated."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import Group, Permission
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from web import roles

pytestmark = pytest.mark.django_db

# web 0001 is the first grant; api's grants depend on it, so unapplying web's reverses them too.
BEFORE_THE_GRANTS = [("web", None), ("api", "0001_initial")]


def _granted() -> dict[str, set[str]]:
    return {
        group.name: {
            f"{app_label}.{codename}"
            for app_label, codename in group.permissions.values_list(
                "content_type__app_label", "codename"
            )
        }
        for group in Group.objects.all()
    }


def _migrate(targets: list[tuple[str, str | None]]) -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(targets)


def _latest_migrations() -> list[tuple[str, str | None]]:
    graph = MigrationExecutor(connection).loader.graph
    return [node for node in graph.leaf_nodes() if node[0] in {"web", "api"}]


def test_the_grants_reverse_to_bare_groups_and_come_back_the_same() -> None:
    migrated = _granted()
    assert migrated == {name: set(names) for name, names in roles.ROLE_PERMISSIONS.items()}
    latest = _latest_migrations()

    _migrate(BEFORE_THE_GRANTS)

    # summaries' 0003 made these two; web's 0001 made Admins and takes it away again.
    assert _granted() == {roles.ANALYSTS: set(), roles.MANAGERS: set()}

    _migrate(latest)

    assert _granted() == migrated


def test_reversing_the_grants_takes_back_only_what_they_granted() -> None:
    delete_summary = Permission.objects.get(
        content_type__app_label="summaries", codename="delete_summary"
    )
    for name in (roles.MANAGERS, roles.ADMINS):
        Group.objects.get(name=name).permissions.add(delete_summary)
    latest = _latest_migrations()

    _migrate(BEFORE_THE_GRANTS)

    # Admins keeps the permission granted by hand, so web's 0001 leaves the group in place.
    assert _granted() == {
        roles.ANALYSTS: set(),
        roles.MANAGERS: {"summaries.delete_summary"},
        roles.ADMINS: {"summaries.delete_summary"},
    }

    _migrate(latest)

    assert _granted()[roles.ADMINS] == {
        *roles.ROLE_PERMISSIONS[roles.ADMINS],
        "summaries.delete_summary",
    }
