"""Loading the demo: its sections and conversations through the import services, its logins,
and its first evaluation run."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import Group, User
from django.db import transaction

from devkit.demo.generate import CONVERSATIONS_FILE, SECTIONS_FILE
from devkit.demo.logins import DemoLogin
from evaluations.models import EvaluationRun, Judge
from evaluations.services import evaluation_run_create
from summaries.services import (
    FileOutcome,
    SectionsFileOutcome,
    conversations_import_file,
    section_definitions_import_file,
)


class DemoDataError(Exception):
    """A committed demo file failed to import: the demo's files and its importers disagree."""


@dataclass(frozen=True)
class DemoImport:
    sections: SectionsFileOutcome
    conversations: FileOutcome


def demo_data_import() -> DemoImport:
    """Import the committed demo files. The importers make a second run change nothing."""
    sections = section_definitions_import_file(path=SECTIONS_FILE)
    if sections.failed:
        problems = [sections.error] + [
            f"entry {entry.position}: {entry.error}"
            for entry in sections.entries
            if entry.status == "failed"
        ]
        raise DemoDataError(f"{SECTIONS_FILE}: {'; '.join(p for p in problems if p)}")
    conversations = conversations_import_file(path=CONVERSATIONS_FILE, fmt="jsonl")
    if conversations.status == "failed":
        raise DemoDataError(f"{CONVERSATIONS_FILE}: {conversations.error}")
    return DemoImport(sections=sections, conversations=conversations)


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
    if EvaluationRun.objects.exists():
        return None
    manager = User.objects.filter(username="manager").first()  # the demo's manager login
    run = evaluation_run_create(
        judge=Judge.LOCAL, name="Demo: every summary, offline judge", created_by=manager
    )
    return run.pk
