"""Celery tasks of the summaries app. Tasks only orchestrate; the work lives in services."""

from __future__ import annotations

import json
import os
import socket
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from celery import Task, shared_task
from django.conf import settings


def worker_heartbeat_path() -> Path:
    return Path(settings.VAR_DIR) / "worker" / "heartbeat.json"


def worker_heartbeat_read() -> dict | None:
    """The last heartbeat a worker wrote, or None when no worker has answered a ping yet."""
    try:
        heartbeat: dict[str, Any] = json.loads(worker_heartbeat_path().read_text(encoding="utf-8"))
        return heartbeat
    except (FileNotFoundError, json.JSONDecodeError):
        return None


@shared_task(bind=True, name="summaries.tasks.ping")
def ping(self: Task[Any, Any], token: str) -> str:
    """Prove that a worker consumes the queue: write `token` where the enqueuer can read it back.

    The file is replaced atomically, so a reader never sees half a heartbeat.
    """
    path = worker_heartbeat_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    heartbeat = {
        "token": token,
        "worker": self.request.hostname or socket.gethostname(),
        "pid": os.getpid(),
        "at": datetime.now(UTC).isoformat(),
    }
    partial = path.with_suffix(f".{os.getpid()}.tmp")
    partial.write_text(json.dumps(heartbeat), encoding="utf-8")
    os.replace(partial, path)
    return token


@shared_task(name="summaries.tasks.import_batch_task")
def import_batch_task(batch_id: int) -> None:
    """Import an uploaded batch's files (summaries.imports.import_batch_run). Each file ends in
    its own outcome, failed included, so there is nothing to retry here; a message redelivered
    after a lost worker takes up the files not yet done."""
    from summaries.imports import import_batch_run

    import_batch_run(batch_id=batch_id)


@shared_task(name="summaries.tasks.import_batches_watch_task")
def import_batches_watch_task() -> list[int]:
    """One sweep over unfinished uploads, sent by Celery beat every IMPORT_WATCH_SECONDS: hands
    out again those whose message was lost (summaries.imports.import_batches_watch)."""
    from summaries.imports import import_batches_watch

    return import_batches_watch()
