"""`manage.py load_demo`: the demo's sections, conversations, logins and first evaluation run.
Safe to run again."""

from __future__ import annotations

import os
from collections import Counter
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from devkit.demo.logins import DemoLogin, demo_logins, password_variable, published_password
from devkit.demo.reviews import demo_reviews_ensure
from devkit.demo.services import (
    DemoDataError,
    demo_data_import,
    demo_evaluation_run_ensure,
    demo_user_ensure,
)


class Command(BaseCommand):
    help = (
        "Import the demo's custom sections and conversations and create the admin, analyst and "
        "manager logins (passwords from DEMO_ADMIN_PASSWORD, DEMO_ANALYST_PASSWORD and "
        "DEMO_MANAGER_PASSWORD, or demo defaults), and queue a first evaluation run with the "
        "offline judge; once that run has finished, add the demo's reviews. Re-running changes "
        "nothing: existing users keep their passwords. With DEBUG off it refuses unless all "
        "three passwords are set, and strong."
    )

    def handle(self, *args: Any, **options: Any) -> None:
        logins = demo_logins()
        deployment = not settings.DEBUG
        if deployment:
            _check_deployment_passwords(logins)
        try:
            imported = demo_data_import()
        except DemoDataError as error:
            raise CommandError(f"The demo data did not import: {error}") from None
        statuses = Counter(entry.status for entry in imported.sections.entries)
        self.stdout.write(
            f"sections {imported.sections.path.name}: {statuses['created']} created, "
            f"{statuses['new_version']} new versions, {statuses['unchanged']} unchanged, "
            f"{statuses['skipped']} predefined skipped"
        )
        conversations = imported.conversations
        self.stdout.write(
            f"conversations {conversations.path.name}: {conversations.status}, "
            f"{conversations.conversations_created} conversations and "
            f"{conversations.summaries_created} summaries added"
        )
        for login in logins:
            if demo_user_ensure(login=login):
                # A deployment's passwords are its own: never in its logs.
                secret = (
                    f" (password from {password_variable(login.username)})"
                    if deployment
                    else f" / {login.password}"
                )
                self.stdout.write(
                    self.style.SUCCESS(f"created login {login.username}{secret} ({login.role})")
                )
            else:
                self.stdout.write(f"login {login.username} exists: left unchanged")
        run_id = demo_evaluation_run_ensure()
        if run_id is not None:
            self.stdout.write(
                f"queued evaluation run {run_id} of every demo summary with the offline judge"
            )
        self.stdout.write(demo_reviews_ensure().message)


def _check_deployment_passwords(logins: list[DemoLogin]) -> None:
    """With DEBUG off, a demo login must not get the password the README publishes: every
    DEMO_*_PASSWORD must be set, to a password the validators accept. Checked before anything is
    written, so a refusal leaves the database as it was."""
    missing = [
        password_variable(login.username)
        for login in logins
        if not os.environ.get(password_variable(login.username))
    ]
    if missing:
        raise CommandError(
            "DEBUG is off, so the published demo passwords are not used: set "
            f"{', '.join(missing)} to passwords of your own (or run with DEBUG=true on a "
            "development machine). Nothing was loaded."
        )
    problems = []
    for login in logins:
        variable = password_variable(login.username)
        if login.password == published_password(login.username):
            problems.append(f"{variable} is the published demo password")
            continue
        try:
            validate_password(login.password, user=User(username=login.username))
        except ValidationError as error:
            problems.append(f"{variable}: {' '.join(error.messages)}")
    if problems:
        raise CommandError(
            f"DEBUG is off and a demo password is weak: {'; '.join(problems)}. Nothing was loaded."
        )
