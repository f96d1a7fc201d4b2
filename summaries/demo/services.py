"""Loading the demo: its sections and conversations through the importers, and its logins."""

from __future__ import annotations

from typing import IO

from django.contrib.auth.models import Group, User
from django.core.management import call_command
from django.db import transaction

from summaries.demo.generate import CONVERSATIONS_FILE, SECTIONS_FILE
from summaries.demo.logins import DemoLogin


def demo_data_import(*, stdout: IO[str]) -> None:
    """Import the committed demo files. The importers make a second run change nothing."""
    call_command("import_sections", str(SECTIONS_FILE), stdout=stdout)
    call_command("import_conversations", str(CONVERSATIONS_FILE), format="jsonl", stdout=stdout)


@transaction.atomic
def demo_user_ensure(*, login: DemoLogin) -> bool:
    """Create the login if it does not exist; return whether it did.

    An existing user is left exactly as it is (password, flags and groups): re-running the demo
    must not undo what someone changed.
    """
    if User.objects.filter(username=login.username).exists():
        return False
    user = User(
        username=login.username,
        is_staff=login.is_staff,
        is_superuser=login.is_superuser,
    )
    user.set_password(login.password)
    user.save()
    if login.group:
        # Migration 0003 creates the groups; get_or_create keeps a hand-deleted group from failing.
        group, _ = Group.objects.get_or_create(name=login.group)
        user.groups.add(group)
    return True


def demo_evaluation_run_ensure() -> int | None:
    """Start one evaluation of every demo summary with the offline judge, the first time only, so
    the demo shows verdicts without an API key (and without spending on one). The worker picks it
    up once it starts. Returns the new run's id, or None when a run already exists."""
    from evaluations.models import EvaluationRun, Judge
    from evaluations.services import evaluation_run_create

    if EvaluationRun.objects.exists():
        return None
    manager = User.objects.filter(username="manager").first()  # the demo's manager login
    run = evaluation_run_create(
        judge=Judge.LOCAL, name="Demo: every summary, offline judge", created_by=manager
    )
    return run.pk
