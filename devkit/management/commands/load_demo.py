"""`manage.py load_demo`: the demo's sections, conversations, logins and first evaluation run.
Safe to run again."""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.core.management.base import BaseCommand, CommandError

from devkit.demo.logins import demo_logins
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
        "nothing: existing users keep their passwords."
    )

    def handle(self, *args: Any, **options: Any) -> None:
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
        for login in demo_logins():
            if demo_user_ensure(login=login):
                self.stdout.write(
                    self.style.SUCCESS(
                        f"created login {login.username} / {login.password} ({login.role})"
                    )
                )
            else:
                self.stdout.write(f"login {login.username} exists: left unchanged")
        run_id = demo_evaluation_run_ensure()
        if run_id is not None:
            self.stdout.write(
                f"queued evaluation run {run_id} of every demo summary with the offline judge"
            )
        self.stdout.write(demo_reviews_ensure().message)
