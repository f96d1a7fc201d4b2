"""`manage.py rebuild_dashboard_rollup`: compute the dashboard's rollup again from the rows.

The rollup is kept current by the code that writes verdicts and reviews; this is for a database
filled another way (a bulk load, a restore, a database from before the rollup existed). It runs
in one transaction: the dashboard shows the old rollup until the new one is committed."""

from __future__ import annotations

import time
from typing import Any

from django.core.management.base import BaseCommand

from evaluations.services.dashboard_rollup import dashboard_rollup_rebuild


class Command(BaseCommand):
    help = "Rebuild the dashboard's rollup (DashboardFact, DashboardSectionFact) from the rows."

    def handle(self, *args: Any, **options: Any) -> None:
        started = time.perf_counter()
        written = dashboard_rollup_rebuild()
        seconds = time.perf_counter() - started
        self.stdout.write(f"Dashboard rollup: {written} facts from the rows in {seconds:.1f} s.")
