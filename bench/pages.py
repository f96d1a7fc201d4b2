"""Server-side time and SQL queries of the analyst's pages at 100k conversations.

    .venv/bin/python bench/scale_data.py            # once: fills summaryqa_bench_scale
    .venv/bin/python bench/pages.py [--requests 40] [--only queue review calibration dashboard]

How, in steps:
1. Point Django at the scale database (`BENCH_SCALE_DATABASE_URL`, filled by scale_data.py) with
   production settings (DEBUG off), migrate it to the current code (its rows are kept), get the
   process ready as `config/wsgi.py` gets a web worker ready (`config.startup.web_process_ready`:
   every view imported, start-up's objects frozen out of the garbage collector's way), and log an
   analyst in.
2. For each page, send one request as a warm-up, then `--requests` more through Django's test
   client, in this process: each time is the whole server side (middleware, session, permission
   checks, queries, template), without a network or a browser.
3. Count the SQL queries of one request (Django's CaptureQueriesContext), for each page at two
   sizes of what it shows: the count must not grow with the rows shown.
4. Print p50, p95 and max per page, with the target; the CPU time per request of this process
   and its PostgreSQL backend together (the page's cost to the server, which other work on a
   shared machine does not inflate as it does the wall time; a parallel query's extra workers are
   not in it); and the query counts.

The machine is shared and has 2 cores: compare figures within one run, and run it when no test
suite is running beside it.
"""

from __future__ import annotations

import argparse
import os
import re
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
    # An HTMX request for this fragment (HX-Target), as a filter swap sends it.
    htmx_target: str = ""

    @property
    def headers(self) -> dict[str, str]:
        if not self.htmx_target:
            return {}
        return {"HX-Request": "true", "HX-Target": self.htmx_target}


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(share * (len(ordered) - 1))))
    return ordered[index]


def queue_pages() -> list[Page]:
    """The queue unfiltered, with three filters, sorted by a score, and searched; each beside a
    view that shows fewer rows (its last page, or a narrower filter), for the query count."""
    import datetime as dt

    from django.db.models import Count
    from django.utils import timezone

    from summaries.models import Conversation

    queue = (
        Conversation.objects.values("queue")
        .annotate(n=Count("id"))
        .order_by("-n")
        .values_list("queue", flat=True)
        .first()
    )
    from summaries.models import Turn

    month_ago = (timezone.localdate() - dt.timedelta(days=30)).isoformat()
    # A rare term, as an analyst searching for one customer's order would type it.
    order = Turn.objects.filter(text__regex=r"order A[0-9]{5}").values_list("text", flat=True)[0]
    order_number = re.search(r"A[0-9]{5}", order)
    assert order_number is not None
    three = f"queue={queue}&date_from={month_ago}&accuracy_max=0.8"
    return [
        Page(
            "queue, unfiltered (newest first, 50 rows)",
            "/conversations/",
            150,
            smaller_url="/conversations/?queue=nothing-here",
            rows_note="50 rows / none",
        ),
        Page(
            "queue, three filters (queue, last 30 days, accuracy ≤ 0.8)",
            f"/conversations/?{three}",
            150,
            smaller_url=f"/conversations/?{three}&channel=chat&agent=ag-0001",
            rows_note="50 rows / + channel and agent: a few",
        ),
        Page(
            "queue, sorted by accuracy (lowest first, N/A last)",
            "/conversations/?sort=accuracy",
            150,
            smaller_url="/conversations/?sort=accuracy&queue=nothing-here",
            rows_note="50 rows / none",
        ),
        Page(
            'queue, "Low accuracy this week" preset',
            f"/conversations/?date_from={(timezone.localdate() - dt.timedelta(days=6))}"
            "&accuracy_max=0.8&sort=accuracy",
            150,
        ),
        Page(
            f"queue, free text, a rare term (order number {order_number[0]})",
            f"/conversations/?q={order_number[0]}",
            150,
        ),
        Page(
            'queue, free text, a common word ("refund")',
            "/conversations/?q=refund",
            150,
            smaller_url="/conversations/?q=refund&queue=nothing-here",
            rows_note="50 rows / none",
        ),
    ]


def review_pages() -> list[Page]:
    """A 150-turn conversation's review page, opened from the queue (next/previous read the
    queue around it), beside a short conversation's for the query count."""
    from django.db.models import Count

    from evaluations.models import SummaryEvaluation

    def latest(turns: int) -> SummaryEvaluation:
        evaluation = (
            SummaryEvaluation.objects.filter(is_latest=True)
            .annotate(turns=Count("summary__conversation__turns"))
            .filter(turns=turns)
            .select_related("summary")
            .order_by("pk")
            .first()
        )
        if evaluation is None:
            raise SystemExit(f"no judged conversation of {turns} turns in {database_name()}")
        return evaluation

    def url(evaluation: SummaryEvaluation, back: str = "") -> str:
        query = {"evaluation": evaluation.pk, **({"back": back} if back else {})}
        return f"/conversations/{evaluation.summary.conversation_id}/?{urlencode(query)}"

    long, short = latest(150), latest(20)
    return [
        Page(
            "review, 150-turn conversation",
            url(long),
            150,
            smaller_url=url(short),
            rows_note="150 turns / 20",
        ),
        Page(
            "review, 150 turns, from the queue sorted by accuracy (next/previous)",
            url(long, "sort=accuracy"),
            150,
            smaller_url=url(short, "sort=accuracy"),
            rows_note="150 turns / 20",
        ),
    ]


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


def dashboard_pages() -> list[Page]:
    """The managers' dashboard over the whole 26 weeks: unfiltered, with two filters, and the
    HTMX fragment a filter change asks for."""
    two_filters = "/dashboard/?queue=billing&channel=voice"
    return [
        Page("dashboard, 26 weeks, unfiltered", "/dashboard/", 500),
        Page("dashboard, 26 weeks, two filters (queue, channel)", two_filters, 500),
        Page(
            "dashboard filter swap (HTMX fragment), two filters",
            two_filters,
            300,
            htmx_target="dashboard-results",
        ),
        Page(
            "dashboard filter swap (HTMX fragment), one agent",
            "/dashboard/?agent=ag-0017",
            300,
            htmx_target="dashboard-results",
        ),
    ]


PAGE_GROUPS: dict[str, Callable[[], list[Page]]] = {
    "queue": queue_pages,
    "review": review_pages,
    "calibration": calibration_pages,
    "dashboard": dashboard_pages,
}


def _time(
    client: Client, url: str, requests: int, headers: dict[str, str] | None = None
) -> tuple[list[float], float]:
    """Wall milliseconds of each request, and the mean CPU milliseconds per request of this
    process and its database backend together (what the page costs the server, whatever else
    the machine is doing)."""
    headers = headers or {}
    response = client.get(url, headers=headers)
    if response.status_code != 200:
        raise SystemExit(f"{url} answered {response.status_code}")
    backend = _backend_pid()
    cpu_before = time.process_time() + _cpu_seconds(backend)
    times = []
    for _ in range(requests):
        started = time.perf_counter()
        response = client.get(url, headers=headers)
        times.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200
    cpu = (time.process_time() + _cpu_seconds(backend) - cpu_before) * 1000 / requests
    return times, cpu


def _backend_pid() -> int:
    """The PostgreSQL server process that runs this process's queries."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        row = cursor.fetchone()
    assert row is not None
    return int(row[0])


def _renice(niceness: int) -> None:
    """This process and the PostgreSQL backend serving its queries, at `niceness`: a shared
    machine's other work (test suites) then waits for the pages, as it would not exist."""
    for pid in (os.getpid(), _backend_pid()):
        os.setpriority(os.PRIO_PROCESS, pid, niceness)


def _cpu_seconds(pid: int) -> float:
    """User and system CPU time a process has used (Linux /proc), in seconds."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _queries(client: Client, url: str, headers: dict[str, str] | None = None) -> int:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        client.get(url, headers=headers or {})
    return len(captured)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=40, help="timed requests per page")
    parser.add_argument("--only", nargs="*", choices=list(PAGE_GROUPS), help="page groups")
    parser.add_argument(
        "--nice",
        type=int,
        default=None,
        help="run this process and its PostgreSQL backend at this niceness (negative: ahead of "
        "other work; needs root), to measure the pages as on a quiet machine",
    )
    options = parser.parse_args(argv)
    configure_django()
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.test import Client

    from summaries.models import Conversation

    conversations = Conversation.objects.count()
    if not conversations:
        raise SystemExit(f"{database_name()} is empty: run bench/scale_data.py first")
    call_command("migrate", verbosity=0)
    from config.startup import web_process_ready

    web_process_ready()
    if options.nice is not None:
        _renice(options.nice)
    client = Client()
    client.force_login(User.objects.get(username="analyst1"))
    print(
        f"database {database_name()}: {conversations:,} conversations; "
        f"{options.requests} requests per page after one warm-up; load average "
        f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
        + (f"; at niceness {options.nice}" if options.nice is not None else "")
    )
    print(
        "| page | p50 ms | p95 ms | max ms | target p95 | server CPU ms per request "
        "| SQL queries (fewer rows shown) |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for group in options.only or list(PAGE_GROUPS):
        for page in PAGE_GROUPS[group]():
            times, cpu = _time(client, page.url, options.requests, page.headers)
            queries = _queries(client, page.url, page.headers)
            smaller = _queries(client, page.smaller_url) if page.smaller_url else None
            p95 = _percentile(times, 0.95)
            verdict = "met" if p95 < page.target_ms else "MISSED"
            counts = f"{queries}" + (
                f" ({smaller}: {page.rows_note})" if smaller is not None else ""
            )
            print(
                f"| {page.name} | {statistics.median(times):.1f} | {p95:.1f} | "
                f"{max(times):.1f} | < {page.target_ms:.0f} ms: {verdict} | {cpu:.1f} | {counts} |"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
