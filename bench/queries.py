"""Conversation list queries at scale: do the UI's filters stay fast on a 100k-conversation queue?

Issue 2 asks for indexes on the filters the UI uses (date, queue, agent, channel) and says a queue
with 100k conversations must stay fast. This script checks it on PostgreSQL:
1. Create a scratch database (`summaryqa_bench_queries`; `BENCH_QUERIES_DATABASE_URL` to change
   it) and migrate it, so the indexes are the migrations' own.
2. Insert 100k conversations in one queue and 100k more spread over 19 other queues, with 200
   agents, two channels (70 % voice) and `started_at` spread over 2025. No turns: the list
   queries never read them. Then ANALYZE, as autovacuum would after a bulk import.
3. For each typical UI query, built with the ORM as a view would build it: time it (`ms`, the
   median of `--runs` runs after one warm-up, ORM round trip included), then EXPLAIN ANALYZE the
   very statement the ORM sent: the scan of `summaries_conversation` and the server's execution
   time (`db ms`, planning excluded).
4. Drop the database (unless `--keep`).

A sequential scan is not always a missing index: a count over the whole table reads every row
whatever the indexes, and a deep OFFSET page reads every row before it (the keyset row shows the
same page without OFFSET).

    .venv/bin/python bench/queries.py [--big-queue 100000] [--other 100000] [--runs 7]
                                      [--vacuum] [--keep]
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO_ROOT = Path(__file__).resolve().parent.parent
DATABASE_URL = os.environ.get(
    "BENCH_QUERIES_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/summaryqa_bench_queries"
)
TABLE = "summaries_conversation"
BIG_QUEUE = "billing"
OTHER_QUEUES = [f"queue-{n:02d}" for n in range(1, 20)]
AGENTS = 200
YEAR_START = dt.datetime(2025, 1, 1, tzinfo=dt.UTC)
SECONDS_IN_YEAR = 365 * 24 * 3600
# The date range the UI filters by: one month of the year (about 8 % of the rows).
RANGE_START = dt.datetime(2025, 6, 1, tzinfo=dt.UTC)
RANGE_END = dt.datetime(2025, 7, 1, tzinfo=dt.UTC)
PAGE = 50
INDEX_NODES = {"Index Scan", "Index Only Scan", "Bitmap Index Scan"}


# --- the database ---------------------------------------------------------------------------


def _admin_execute(statement: str) -> None:
    import psycopg

    base, _ = DATABASE_URL.rsplit("/", 1)
    with psycopg.connect(f"{base}/postgres", autocommit=True) as connection:
        connection.execute(statement)


def _database_name() -> str:
    return DATABASE_URL.rsplit("/", 1)[1]


def database_create_and_migrate() -> None:
    name = _database_name()
    _admin_execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
    _admin_execute(f'CREATE DATABASE "{name}"')
    os.environ.update(
        {
            "DJANGO_SETTINGS_MODULE": "config.settings.base",
            "DATABASE_URL": DATABASE_URL,
            "DEBUG": "0",
            "SECRET_KEY": "bench-queries-only-secret-key-not-for-any-real-use",
            "LOG_LEVEL": "WARNING",
        }
    )
    sys.path.insert(0, str(REPO_ROOT))
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


def database_drop() -> None:
    from django.db import connections

    connections.close_all()
    _admin_execute(f'DROP DATABASE IF EXISTS "{_database_name()}" WITH (FORCE)')


# --- the data -------------------------------------------------------------------------------


def _rows(*, big_queue: int, other: int, agent_ids: list[int], seed: int) -> Iterator[tuple]:
    """(source, external_id, channel, language, agent_id, queue, started_at, metadata,
    content_hash, imported_at) for every conversation, in a shuffled order so that the table is
    not already sorted by queue or date (an import arrives interleaved)."""
    rng = random.Random(seed)
    queues = [BIG_QUEUE] * big_queue + [rng.choice(OTHER_QUEUES) for _ in range(other)]
    rng.shuffle(queues)
    imported_at = dt.datetime.now(dt.UTC)
    for number, queue in enumerate(queues):
        yield (
            "bench",
            f"conv-{number:07d}",
            "voice" if rng.random() < 0.7 else "chat",
            "en",
            rng.choice(agent_ids),
            queue,
            YEAR_START + dt.timedelta(seconds=rng.randrange(SECONDS_IN_YEAR)),
            "{}",
            f"{number:064x}",
            imported_at,
        )


def data_insert(*, big_queue: int, other: int, vacuum: bool, seed: int = 7) -> float:
    """Insert the agents with the ORM and the conversations with COPY, then ANALYZE (or VACUUM
    ANALYZE); return the seconds."""
    from django.db import connection

    from summaries.models import Agent

    started = time.perf_counter()
    agents = Agent.objects.bulk_create(
        Agent(external_id=f"ag-{n:03d}", display_name=f"Agent {n}") for n in range(AGENTS)
    )
    columns = (
        "source, external_id, channel, language, agent_id, queue, started_at, metadata, "
        "content_hash, imported_at"
    )
    with connection.cursor() as cursor:
        # The psycopg cursor under Django's wrapper: COPY is the bulk path PostgreSQL offers.
        with cursor.cursor.copy(f"COPY {TABLE} ({columns}) FROM STDIN") as copy:
            for row in _rows(
                big_queue=big_queue, other=other, agent_ids=[a.pk for a in agents], seed=seed
            ):
                copy.write_row(row)
        cursor.execute(f"{'VACUUM ANALYZE' if vacuum else 'ANALYZE'} {TABLE}")
    return time.perf_counter() - started


# --- the queries ----------------------------------------------------------------------------


@dataclass(frozen=True)
class UiQuery:
    name: str
    run: Callable[[], Any]  # runs the query as a view would (a list, or a count)
    note: str = ""


def ui_queries(*, big_queue: int) -> list[UiQuery]:
    """The list and filter queries a conversations page and the overview make. The lists keep
    the model's default ordering (-started_at, -id), as a view that does not override it."""
    from django.db.models import Count

    from summaries.models import Agent, Conversation

    in_range = {"started_at__gte": RANGE_START, "started_at__lt": RANGE_END}
    agent = Agent.objects.get(external_id="ag-042")
    conversations = Conversation.objects
    last_page = max(big_queue - PAGE, 1)
    # The row before the last page: a keyset page starts after it, as a "next" link would carry
    # it. (Ties on started_at would need (started_at, id) in the cursor; the data has none.)
    keyset_cursor = conversations.filter(queue=BIG_QUEUE).values_list("started_at", flat=True)[
        last_page - 1
    ]
    return [
        UiQuery(
            "queue + month, page 1 (50)",
            lambda: list(conversations.filter(queue=BIG_QUEUE, **in_range)[:PAGE]),
        ),
        UiQuery(
            "queue + month, count",
            lambda: conversations.filter(queue=BIG_QUEUE, **in_range).count(),
            note="what a paginator counts",
        ),
        UiQuery(
            "queue, last page (50)",
            lambda: list(conversations.filter(queue=BIG_QUEUE)[last_page : last_page + PAGE]),
            note=f"OFFSET {last_page}",
        ),
        UiQuery(
            "queue, last page by keyset (50)",
            lambda: list(
                conversations.filter(queue=BIG_QUEUE, started_at__lt=keyset_cursor)[:PAGE]
            ),
            note="started_at < the row before it: the same rows, no OFFSET",
        ),
        UiQuery(
            "count per queue (all)",
            # As in summaries.selectors.platform_overview.
            lambda: list(
                conversations.values("queue").annotate(conversations=Count("id")).order_by("queue")
            ),
        ),
        UiQuery(
            "count per queue, month",
            lambda: list(
                conversations.filter(**in_range)
                .values("queue")
                .annotate(conversations=Count("id"))
                .order_by("queue")
            ),
        ),
        UiQuery(
            "agent + month, page 1 (50)",
            lambda: list(conversations.filter(agent=agent, **in_range)[:PAGE]),
        ),
        UiQuery(
            "channel + month, page 1 (50)",
            lambda: list(conversations.filter(channel="chat", **in_range)[:PAGE]),
        ),
        UiQuery(
            "queue + channel + month, page 1",
            lambda: list(conversations.filter(queue=BIG_QUEUE, channel="chat", **in_range)[:PAGE]),
        ),
    ]


def captured_sql(run: Callable[[], Any]) -> tuple[str, Any]:
    """The last statement (with its parameters) that running the query sends to the database, so
    that EXPLAIN sees exactly what the ORM runs, counts included."""
    from django.db import connection

    statements: list[tuple[str, Any]] = []

    def capture(
        execute: Callable[..., Any], sql: str, params: Any, many: bool, context: dict[str, Any]
    ) -> Any:
        statements.append((sql, params))
        return execute(sql, params, many, context)

    with connection.execute_wrapper(capture):
        run()
    return statements[-1]


def _plan_nodes(plan: dict[str, Any]) -> Iterator[dict[str, Any]]:
    yield plan
    for child in plan.get("Plans", []):
        yield from _plan_nodes(child)


def explain(sql: str, params: Any) -> tuple[str, bool, float]:
    """EXPLAIN ANALYZE the statement: the scans of `summaries_conversation` (e.g. "Index Scan
    Backward conv_queue_started_idx"), whether any of them reads an index rather than the whole
    table, and the server's execution time in milliseconds."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(f"EXPLAIN (ANALYZE, FORMAT JSON) {sql}", params)
        raw = cursor.fetchone()[0]
    document = json.loads(raw) if isinstance(raw, str) else raw
    root = document[0]["Plan"]
    scans = []
    uses_index = False
    for node in _plan_nodes(root):
        node_type = node["Node Type"]
        on_table = node.get("Relation Name") == TABLE or node.get("Index Name", "").startswith(
            "conv_"
        )
        # A Bitmap Heap Scan's child, the Bitmap Index Scan, names the index.
        if not node_type.endswith("Scan") or not on_table or node_type == "Bitmap Heap Scan":
            continue
        direction = " Backward" if node.get("Scan Direction") == "Backward" else ""
        index = f" {node['Index Name']}" if "Index Name" in node else ""
        scans.append(f"{node_type}{direction}{index}")
        uses_index = uses_index or node_type in INDEX_NODES
    steps = [n["Node Type"] for n in _plan_nodes(root) if not n["Node Type"].endswith("Scan")]
    shape = " > ".join(dict.fromkeys(steps))  # the steps above the scans, once each
    plan = " + ".join(scans) or "?"
    return (f"{plan} [{shape}]" if shape else plan), uses_index, document[0]["Execution Time"]


def time_query(run: Callable[[], Any], *, runs: int) -> float:
    """Median milliseconds of running the query through the ORM, after one warm-up run."""
    timings = []
    for attempt in range(runs + 1):
        started = time.perf_counter()
        run()
        if attempt:  # the first run warms the caches
            timings.append((time.perf_counter() - started) * 1000)
    return statistics.median(timings)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--big-queue", type=int, default=100_000, help="conversations in one queue")
    parser.add_argument("--other", type=int, default=100_000, help="conversations elsewhere")
    parser.add_argument("--runs", type=int, default=7, help="timed runs per query (median)")
    parser.add_argument("--keep", action="store_true", help="keep the scratch database")
    parser.add_argument(
        "--vacuum",
        action="store_true",
        help="VACUUM ANALYZE after the insert, as autovacuum eventually does: it sets the "
        "visibility map, which index-only scans need",
    )
    options = parser.parse_args()

    database_create_and_migrate()
    try:
        seconds = data_insert(
            big_queue=options.big_queue, other=options.other, vacuum=options.vacuum
        )
        from django.db import connection

        with connection.cursor() as cursor:
            cursor.execute("SHOW server_version")
            version = cursor.fetchone()[0]
        analysed = "VACUUM ANALYZE" if options.vacuum else "ANALYZE"
        print(
            f"PostgreSQL {version}, database {_database_name()}: "
            f"{options.big_queue + options.other} conversations ({options.big_queue} in "
            f"{BIG_QUEUE!r}, {options.other} over {len(OTHER_QUEUES)} other queues), {AGENTS} "
            f"agents, inserted + {analysed} in {seconds:.1f} s; month = "
            f"{RANGE_START:%Y-%m-%d}..{RANGE_END:%Y-%m-%d}; median of {options.runs} runs"
        )
        print(f"{'query':<33}{'ms':>8}{'db ms':>8}  {'index?':<7} scan of {TABLE} [plan]")
        seq_scans = []
        for query in ui_queries(big_queue=options.big_queue):
            milliseconds = time_query(query.run, runs=options.runs)
            plan, uses_index, db_milliseconds = explain(*captured_sql(query.run))
            note = f"  ({query.note})" if query.note else ""
            print(
                f"{query.name:<33}{milliseconds:>8.2f}{db_milliseconds:>8.2f}  "
                f"{'yes' if uses_index else 'NO':<7} {plan}{note}"
            )
            if not uses_index:
                seq_scans.append(query.name)
        if seq_scans:
            print("sequential scans: " + "; ".join(seq_scans))
    finally:
        if options.keep:
            print(f"kept {DATABASE_URL}")
        else:
            database_drop()


if __name__ == "__main__":
    main()
