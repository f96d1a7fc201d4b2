"""An upload whose Celery message was lost (a worker killed mid-file, a Redis that came back
empty) is handed out again by the import sweep; one worker at a time imports a batch."""

from __future__ import annotations

import datetime as dt
import fcntl
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import SimpleNamespace

import psycopg
import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.utils import timezone

from config.celery_app import app
from summaries import imports
from summaries.imports import (
    IMPORT_LOCK_CLASS,
    import_batch_create,
    import_batch_lock,
    import_batch_run,
    import_batches_watch,
)
from summaries.models import ImportBatch, ImportFile

pytestmark = pytest.mark.django_db

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "import"


@pytest.fixture(autouse=True)
def upload_dir(settings, tmp_path) -> Path:
    settings.IMPORT_UPLOAD_DIR = tmp_path / "imports"
    settings.IMPORT_STALL_SECONDS = 60
    return settings.IMPORT_UPLOAD_DIR


@pytest.fixture
def sent(monkeypatch) -> list[int]:
    """The batches handed to the workers, kept instead of sent."""
    batches: list[int] = []
    monkeypatch.setattr(
        imports, "import_batch_enqueue", lambda *, batch_id: batches.append(batch_id)
    )
    return batches


def _batch(*names: str) -> ImportBatch:
    """An upload whose message never reached a worker (the commit hook does not run here)."""
    files = [SimpleUploadedFile(n, (FIXTURES / "good" / n).read_bytes()) for n in names]
    return import_batch_create(files=files, fmt="auto", default_channel="voice", created_by=None)


def _later(seconds: float) -> dt.datetime:
    return timezone.now() + dt.timedelta(seconds=seconds)


@contextmanager
def held_by_another_worker(batch_id: int) -> Iterator[None]:
    """The batch's lock, taken the way another worker process would: its own connection (or,
    on SQLite, its own open file)."""
    if imports.connection.vendor == "postgresql":
        config = connection.settings_dict
        with psycopg.connect(
            dbname=config["NAME"],
            user=config["USER"],
            password=config["PASSWORD"] or None,
            host=config["HOST"],
            port=config["PORT"] or 5432,
            autocommit=True,
        ) as other:
            other.execute("SELECT pg_advisory_lock(%s, %s)", (IMPORT_LOCK_CLASS, batch_id))
            yield
        return
    path = Path(settings.IMPORT_UPLOAD_DIR) / str(batch_id) / ".lock"
    with open(path, "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        yield


@pytest.fixture(params=["postgresql", "sqlite"])
def lock_kind(request, monkeypatch) -> str:
    """Both ways of locking: the advisory lock, and the file lock the demo's SQLite uses."""
    if request.param == "sqlite":
        # The lock's own branch only; the queries stay PostgreSQL's.
        monkeypatch.setattr(imports, "connection", SimpleNamespace(vendor="sqlite"))
    return request.param


def test_a_batch_whose_message_was_lost_is_handed_out_once_it_has_been_quiet(sent) -> None:
    batch = _batch("call-500.txt")

    soon = import_batches_watch(now=_later(30))
    later = import_batches_watch(now=_later(61))
    again = import_batches_watch(now=_later(90))  # handed out 29 s ago: not yet again
    much_later = import_batches_watch(now=_later(125))

    assert (soon, later, again, much_later) == ([], [batch.pk], [], [batch.pk])
    assert ImportBatch.objects.get().handed_out_at is not None


def test_a_worker_killed_mid_file_leaves_it_to_the_next_one(sent) -> None:
    batch = _batch("call-500.txt", "two_calls.jsonl")
    first = batch.files.order_by("position").first()
    # The dead worker's marks: the batch running, its first file started long ago.
    long_ago = timezone.now() - dt.timedelta(minutes=5)
    ImportBatch.objects.filter(pk=batch.pk).update(
        status="running", started_at=long_ago, created_at=long_ago
    )
    ImportFile.objects.filter(pk=first.pk).update(status="running", started_at=long_ago)

    assert import_batches_watch() == [batch.pk]
    import_batch_run(batch_id=batch.pk)  # what the next worker does with the message

    batch.refresh_from_db()
    assert batch.status == "finished"
    assert list(batch.files.order_by("position").values_list("status", flat=True)) == [
        "imported",
        "imported",
    ]


def test_a_batch_a_worker_holds_is_neither_handed_out_nor_imported_twice(sent, lock_kind) -> None:
    batch = _batch("call-500.txt")

    with held_by_another_worker(batch.pk):
        swept = import_batches_watch(now=_later(3600))  # a large file takes its time
        second_message = import_batch_run(batch_id=batch.pk)
    after = import_batches_watch(now=_later(3600))

    assert (swept, second_message) == ([], None)
    assert ImportFile.objects.get().status == "queued"  # left to the worker holding it
    assert after == [batch.pk]  # that worker died: its lock went with it


def test_the_lock_is_taken_once_and_given_back(lock_kind) -> None:
    batch = _batch("call-500.txt")

    with import_batch_lock(batch.pk) as first, held_by_another_worker_nowait(batch.pk) as second:
        pass
    with held_by_another_worker_nowait(batch.pk) as after:
        pass

    assert (first, second, after) == (True, False, True)


@contextmanager
def held_by_another_worker_nowait(batch_id: int) -> Iterator[bool]:
    """Whether another worker could take the lock now (it does not wait)."""
    if imports.connection.vendor == "postgresql":
        config = connection.settings_dict
        with psycopg.connect(
            dbname=config["NAME"],
            user=config["USER"],
            password=config["PASSWORD"] or None,
            host=config["HOST"],
            port=config["PORT"] or 5432,
            autocommit=True,
        ) as other:
            taken = other.execute(
                "SELECT pg_try_advisory_lock(%s, %s)", (IMPORT_LOCK_CLASS, batch_id)
            ).fetchone()[0]
            yield bool(taken)
        return
    path = Path(settings.IMPORT_UPLOAD_DIR) / str(batch_id) / ".lock"
    with open(path, "a") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            yield False
            return
        yield True


def test_a_batch_lost_after_its_last_file_is_closed(sent) -> None:
    batch = _batch("call-500.txt")
    import_batch_run(batch_id=batch.pk)
    ImportBatch.objects.filter(pk=batch.pk).update(status="running", finished_at=None)

    assert import_batches_watch() == []

    batch.refresh_from_db()
    assert batch.status == "finished" and batch.finished_at is not None


def test_beat_sends_the_sweep_on_the_task_queue_where_no_evaluation_sweep_drops_it() -> None:
    entry = settings.CELERY_BEAT_SCHEDULE["import-batches-watch"]
    assert entry["task"] == "summaries.tasks.import_batches_watch_task"
    assert entry["schedule"] == float(settings.IMPORT_WATCH_SECONDS)
    route = app.amqp.router.route({}, entry["task"])
    assert route["queue"].name == settings.CELERY_TASK_DEFAULT_QUEUE


def test_the_sweep_deletes_an_uploads_files_days_after_it_finished(settings, client_as) -> None:
    settings.IMPORT_KEEP_DAYS = 7
    old, recent = _batch("call-500.txt"), _batch("two_calls.jsonl")
    for batch in (old, recent):
        import_batch_run(batch_id=batch.pk)
    ImportBatch.objects.filter(pk=old.pk).update(finished_at=timezone.now() - dt.timedelta(days=8))
    upload_dir = Path(settings.IMPORT_UPLOAD_DIR)

    import_batches_watch()
    import_batches_watch()  # nothing more to do

    assert not (upload_dir / str(old.pk)).exists()
    assert (upload_dir / recent.files.get().stored_path).is_file()
    old.refresh_from_db()
    assert old.uploads_purged_at is not None and old.files.get().status == "imported"
    page = client_as("admin").get(f"/imports/{old.pk}/").content.decode()
    assert "The uploaded files were deleted" in page and "Imported" in page
