"""Server-side time and SQL queries of the analyst's pages at 100k conversations.

    .venv/bin/python bench/scale_data.py            # once: fills summaryqa_bench_scale
    .venv/bin/python bench/pages.py [--requests 40] [--only calibration]

How, in steps:
1. Point Django at the scale database (`BENCH_SCALE_DATABASE_URL`, filled by scale_data.py; it is
   read, never changed) with production settings (DEBUG off), and log an analyst in.
2. For each page, send one request as a warm-up, then `--requests` more through Django's test
   client, in this process: each time is the whole server side (middleware, session, permission
   checks, queries, template), without a network or a browser.
3. Count the SQL queries of one request (Django's CaptureQueriesContext), for each page at two
   sizes of what it shows: the count must not grow with the rows shown.
4. Print p50, p95 and max per page, with the target, and the query counts.

The machine is shared and has 2 cores: compare figures within one run, and run it when no test
suite is running beside it.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.scale_data import configure_django, database_name

if TYPE_CHECKING:
    from django.test import Client


@dataclass(frozen=True)
class Page:
    name: str
    url: str
    target_ms: float
    # The same page showing fewer rows, for the query count (None: the count is its own).
    smaller_url: str | None = None
    rows_note: str = ""


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))
    return ordered[index]


def calibration_pages() -> list[Page]:
    from evaluations import calibration_selectors as selectors

    reports = selectors.calibration_report()
    one_version = min(reports, key=lambda r: r.reviews)
    biggest = max(
        (line for report in reports for d in report.dimensions for line in d.total),
        key=lambda line: line.stats.n,
    )
    items = "/calibration/items/?" + urlencode(biggest.key.query())
    last_page = -(-biggest.stats.n // 50)
    return [
        Page(
            "calibration, every judge version",
            "/calibration/",
            300,
            smaller_url="/calibration/?" + urlencode({"version": one_version.version.token}),
            rows_note="every version's rows / one version's",
        ),
        Page(
            f"calibration items, page 1 of {last_page} (50 rows)",
            items,
            300,
            smaller_url=f"{items}&page={last_page}",
            rows_note=f"50 rows / the last page's {biggest.stats.n - 50 * (last_page - 1)}",
        ),
    ]


PAGE_GROUPS: dict[str, Callable[[], list[Page]]] = {
    "calibration": calibration_pages,
}


def _time(client: Client, url: str, requests: int) -> list[float]:
    response = client.get(url)
    if response.status_code != 200:
        raise SystemExit(f"{url} answered {response.status_code}")
    times = []
    for _ in range(requests):
        started = time.perf_counter()
        response = client.get(url)
        times.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200
    return times


def _queries(client: Client, url: str) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        client.get(url)
    return len(captured)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=40, help="timed requests per page")
    parser.add_argument("--only", nargs="*", choices=list(PAGE_GROUPS), help="page groups")
    options = parser.parse_args(argv)
    configure_django()
    from django.contrib.auth.models import User
    from django.test import Client

    from summaries.models import Conversation

    conversations = Conversation.objects.count()
    if not conversations:
        raise SystemExit(f"{database_name()} is empty: run bench/scale_data.py first")
    client = Client()
    client.force_login(User.objects.get(username="analyst1"))
    print(
        f"database {database_name()}: {conversations:,} conversations; "
        f"{options.requests} requests per page after one warm-up"
    )
    print("| page | p50 ms | p95 ms | max ms | target p95 | SQL queries (fewer rows shown) |")
    print("| --- | --- | --- | --- | --- | --- |")
    for group in options.only or list(PAGE_GROUPS):
        for page in PAGE_GROUPS[group]():
            times = _time(client, page.url, options.requests)
            queries = _queries(client, page.url)
            smaller = _queries(client, page.smaller_url) if page.smaller_url else None
            p95 = _percentile(times, 0.95)
            verdict = "met" if p95 < page.target_ms else "MISSED"
            counts = f"{queries}" + (
                f" ({smaller}: {page.rows_note})" if smaller is not None else ""
            )
            print(
                f"| {page.name} | {statistics.median(times):.1f} | {p95:.1f} | "
                f"{max(times):.1f} | < {page.target_ms:.0f} ms: {verdict} | {counts} |"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
