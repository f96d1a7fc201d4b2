"""Run downloads: does the memory a streamed export holds stay flat as the run grows?

1. A scratch database of its own (`summaryqa_bench_export`; `BENCH_DATABASE_URL` to change it),
   `--summaries` synthetic conversations judged in this process by the offline judge on every
   dimension, so each evaluation carries its real verdict rows.
2. For each size in `--rows`, the run page's download (`/evaluations/runs/<id>/export.csv` and
   `.jsonl`, through Django's test client, so the view, the StreamingHttpResponse and the selector
   are the real ones) is read for that many evaluations, each chunk dropped as a client would,
   under `tracemalloc`: the peak of Python memory allocated while streaming, and the bytes sent.
3. For contrast, the same number of evaluations joined into one string, as a view that built the
   file before sending it would hold it.

    .venv/bin/python bench/export_stream.py [--summaries 3000] [--rows 250 1000 3000]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import tracemalloc
from collections.abc import Iterator
from pathlib import Path
from typing import cast

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault(
    "BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/summaryqa_bench_export"
)
os.environ.setdefault("ALLOWED_HOSTS", "testserver")

from django.http import StreamingHttpResponse
from django.test import Client

from bench import common


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--summaries", type=int, default=3000)
    parser.add_argument("--rows", type=int, nargs="+", default=[250, 1000, 3000])
    parser.add_argument("--tokens", type=int, default=300, help="transcript tokens per summary")
    options = parser.parse_args()
    common.django_setup()

    from django.contrib.auth.models import User

    from evaluations.services import dispatch, evaluation_run_create, summary_evaluate

    started = time.perf_counter()
    summary_ids = common.generate_summaries(
        count=options.summaries, transcript_tokens=options.tokens, seed=7
    )
    with dispatch.held():
        run = evaluation_run_create(judge="local", summary_ids=summary_ids, name="Export bench")
        for evaluation_id in run.evaluations.order_by("pk").values_list("pk", flat=True):
            summary_evaluate(evaluation_id=evaluation_id)
    print(
        f"{options.summaries} summaries judged (offline judge, every dimension) "
        f"in {time.perf_counter() - started:.0f} s"
    )

    admin = User.objects.create_superuser("bench-export", password="bench-export-2026")
    client = Client()
    client.force_login(admin)
    print(
        f"{'format':<6} {'rows':>6} {'MB sent':>8} {'streamed peak MB':>17} {'whole body MB':>14}"
    )
    for fmt in ("csv", "jsonl"):
        for rows in options.rows:
            sent, peak = _stream(client, run.pk, fmt, rows)
            whole = _whole(client, run.pk, fmt, rows)
            print(f"{fmt:<6} {rows:>6} {sent / 1e6:>8.1f} {peak / 1e6:>17.2f} {whole / 1e6:>14.2f}")


def _stream(client: Client, run_id: int, fmt: str, rows: int) -> tuple[int, int]:
    """Bytes sent and the peak traced memory while the first `rows` chunks are read and dropped."""
    tracemalloc.start()
    response = client.get(f"/evaluations/runs/{run_id}/export.{fmt}")
    sent = 0
    for count, chunk in enumerate(_chunks(response), start=1):
        sent += len(chunk)
        if count == rows:
            break
    _current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    response.close()
    return sent, peak


def _whole(client: Client, run_id: int, fmt: str, rows: int) -> int:
    """The peak traced memory of holding those `rows` chunks joined into one body."""
    tracemalloc.start()
    response = client.get(f"/evaluations/runs/{run_id}/export.{fmt}")
    chunks = []
    for count, chunk in enumerate(_chunks(response), start=1):
        chunks.append(chunk)
        if count == rows:
            break
    body = b"".join(chunks)
    _current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    response.close()
    del body, chunks
    return peak


def _chunks(response: object) -> Iterator[bytes]:
    return iter(cast(StreamingHttpResponse, response).streaming_content)  # type: ignore[arg-type]


if __name__ == "__main__":
    main()
