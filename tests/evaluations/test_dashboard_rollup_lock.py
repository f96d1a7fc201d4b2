"""Two writes that change the same day of the dashboard's rollup take turns: the second waits
for the first's commit before it sums the facts again, so neither change is lost."""

from __future__ import annotations

import threading
import time

import psycopg
import pytest
from django.db import connection, connections

from evaluations.models import DASHBOARD_DAY_KEY, DashboardDay, DashboardFact
from evaluations.services.dashboard_rollup import dashboard_day_lock_name

pytestmark = pytest.mark.django_db(transaction=True)


def _conninfo() -> str:
    settings = connection.settings_dict
    return psycopg.conninfo.make_conninfo(
        dbname=settings["NAME"],
        user=settings["USER"] or None,
        password=settings["PASSWORD"] or None,
        host=settings["HOST"] or None,
        port=settings["PORT"] or None,
    )


def test_a_verdict_write_waits_for_the_day_lock_and_then_counts_every_fact(
    make_summary, judge_now
) -> None:
    first, second = make_summary(), make_summary()
    judge_now([first, second])
    fact = DashboardFact.objects.get(summary=first)
    key = tuple(getattr(fact, column) for column in DASHBOARD_DAY_KEY)
    finished: list[str] = []

    def judge_again() -> None:
        try:
            judge_now([first])
            finished.append("judged")
        finally:
            connections.close_all()

    with psycopg.connect(_conninfo()) as other:
        # Another transaction holds the day's lock, as a concurrent write would.
        other.execute("SELECT pg_advisory_xact_lock(hashtext(%s))", [dashboard_day_lock_name(key)])
        writer = threading.Thread(target=judge_again)
        writer.start()
        time.sleep(1.5)
        assert writer.is_alive() and not finished, "the write did not wait for the day's lock"
        other.commit()  # the lock goes with the transaction
        writer.join(timeout=60)
    assert finished == ["judged"]
    (day,) = DashboardDay.objects.filter(model=fact.model)
    assert (day.facts, day.evaluations) == (2, 3)
