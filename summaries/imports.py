"""Imports from the browser (/imports/): an upload of one or more files becomes an `ImportBatch`,
its files are saved under IMPORT_UPLOAD_DIR, and a worker imports them one at a time, each in
its own transaction, with the same service as `manage.py import_conversations`
(`conversations_import_file`), so a file imports alike from the page and the command line.

1. `import_batch_create` checks the upload (format, channel, at least one file, each within
   IMPORT_MAX_FILE_BYTES), saves each file as <batch>/<position>/<its name>, writes the rows, and
   enqueues the batch once they have committed.
2. `import_batch_run` (the task's service) imports each file still waiting, in order, and records
   the importer's outcome on its row: imported, unchanged, skipped or failed with the reason.
   A message delivered again (a worker lost mid-file) takes up the files not yet done; a file
   whose transaction was lost with its worker is imported again, which is safe: the importer
   recognises what it already stored. One worker at a time imports a batch: it holds the
   batch's lock (`import_batch_lock`) while it runs, and a second message for the same batch
   finds the lock taken and leaves.
3. `import_batches_watch` (Celery beat, every IMPORT_WATCH_SECONDS) hands out again a batch whose
   message was lost: files still waiting, nothing moved for IMPORT_STALL_SECONDS, and no worker
   holding its lock (a worker killed mid-file, a Redis that came back empty). Without it, such
   an upload would wait forever for a message that no longer exists. The same sweep deletes the
   saved files of batches finished more than IMPORT_KEEP_DAYS ago (customer text is not kept
   longer than it is needed; the rows, with every outcome, stay).
"""

from __future__ import annotations

import datetime as dt
import fcntl
import logging
import shutil
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import connection, transaction
from django.db.models import Max
from django.db.models.functions import Coalesce, Greatest
from django.utils import timezone
from django.utils.text import get_valid_filename

from summaries.importers.common import CHANNELS
from summaries.importers.formats import FORMAT_CHOICES
from summaries.limits import conversation_limits
from summaries.models import ImportBatch, ImportBatchStatus, ImportFile, ImportFileStatus
from summaries.services import conversations_import_file

if TYPE_CHECKING:
    from django.contrib.auth.models import User

logger = logging.getLogger(__name__)

WAITING = (ImportFileStatus.QUEUED, ImportFileStatus.RUNNING)


class Upload(Protocol):
    """An uploaded file as Django hands it over (`UploadedFile`): a name, a size, its chunks."""

    name: str | None
    size: int | None

    def chunks(self, chunk_size: int | None = None) -> object: ...


def import_upload_dir() -> Path:
    return Path(settings.IMPORT_UPLOAD_DIR)


def over_cap_message(name: str) -> str:
    """The refusal of a file over IMPORT_MAX_FILE_BYTES, as the page shows it."""
    cap = conversation_limits().max_file_bytes
    return (
        f"{name} is larger than {cap:,} bytes, the cap on one file (IMPORT_MAX_FILE_BYTES). "
        "Nothing was uploaded: split the file, or leave it out."
    )


def _stored_name(name: str) -> str:
    """The uploader's file name, made safe to store (no folders, no odd characters); its
    extension is kept, since format detection reads it."""
    base = Path(name.replace("\\", "/")).name
    try:
        safe = get_valid_filename(base)
    except Exception:  # Django refuses names such as "." and ".."
        safe = "upload"
    if len(safe) > 120:
        suffix = Path(safe).suffix[:20]
        safe = safe[: 120 - len(suffix)] + suffix
    return safe


def import_batch_create(
    *,
    files: Sequence[Upload],
    fmt: str,
    default_channel: str,
    created_by: User | None,
) -> ImportBatch:
    """Save the upload and queue its import. Refuses, naming the field: an unknown format or
    channel, no file, a file over IMPORT_MAX_FILE_BYTES (then nothing is saved)."""
    errors: dict[str, list[str]] = {}
    if fmt not in FORMAT_CHOICES:
        errors["fmt"] = [f"Unknown format {fmt!r}: use one of {', '.join(FORMAT_CHOICES)}."]
    if default_channel not in CHANNELS:
        errors["default_channel"] = [
            f"Unknown channel {default_channel!r}: use one of {', '.join(CHANNELS)}."
        ]
    if not files:
        errors["files"] = ["Choose at least one file."]
    cap = conversation_limits().max_file_bytes
    too_big = [
        over_cap_message(upload.name or "a file") for upload in files if (upload.size or 0) > cap
    ]
    if too_big:
        errors.setdefault("files", []).extend(too_big)
    if errors:
        raise ValidationError(errors)

    saved: list[Path] = []
    try:
        with transaction.atomic():
            batch = ImportBatch.objects.create(
                fmt=fmt, default_channel=default_channel, created_by=created_by
            )
            for position, upload in enumerate(files, start=1):
                name = upload.name or f"file-{position}"
                relative = Path(str(batch.pk), str(position), _stored_name(name))
                target = import_upload_dir() / relative
                target.parent.mkdir(parents=True, exist_ok=True)
                saved.append(target)
                size = 0
                with open(target, "wb") as out:
                    for chunk in upload.chunks():  # type: ignore[attr-defined]
                        size += len(chunk)
                        out.write(chunk)
                ImportFile.objects.create(
                    batch=batch,
                    position=position,
                    name=name[:255],
                    stored_path=str(relative),
                    size=size,
                )
            batch_id = batch.pk
            transaction.on_commit(lambda: import_batch_enqueue(batch_id=batch_id))
    except BaseException:
        # Nothing half-written: the rows are rolled back, and so are the files.
        for path in saved:
            shutil.rmtree(path.parent, ignore_errors=True)
        raise
    return batch


def import_batch_enqueue(*, batch_id: int) -> None:
    """The one place that sends an import batch to the workers (after its rows committed)."""
    from summaries.tasks import import_batch_task

    import_batch_task.delay(batch_id)


# The advisory lock's first key: this application's import batches (the second is the batch).
IMPORT_LOCK_CLASS = 7_215_002


@contextmanager
def import_batch_lock(batch_id: int) -> Iterator[bool]:
    """Try to take the batch's lock for the block: yields whether it was taken (never waits).

    On PostgreSQL a session advisory lock, which the server releases when the holder's
    connection ends, so a killed worker leaves no lock behind. On SQLite (one machine) an
    exclusive `flock` on a file beside the batch's uploads, which the kernel releases when the
    holder's process ends."""
    if connection.vendor == "postgresql":
        key = (IMPORT_LOCK_CLASS, batch_id % 2**31)
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_try_advisory_lock(%s, %s)", key)
            taken = bool(cursor.fetchone()[0])
        try:
            yield taken
        finally:
            if taken:
                with connection.cursor() as cursor:
                    cursor.execute("SELECT pg_advisory_unlock(%s, %s)", key)
        return
    path = import_upload_dir() / str(batch_id) / ".lock"
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "a") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            yield False
            return
        try:
            yield True
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def import_batch_run(*, batch_id: int) -> ImportBatch | None:
    """Import every file of the batch still waiting, in order, one transaction each, and close
    the batch, holding the batch's lock. Returns None for a batch that no longer exists, or
    that another worker is importing now (its lock is taken)."""
    with import_batch_lock(batch_id) as taken:
        if not taken:
            logger.info("import %s: another worker holds it", batch_id)
            return None
        return _import_batch_run(batch_id=batch_id)


def import_batches_watch(*, now: dt.datetime | None = None) -> list[int]:
    """Hand out again each batch whose message was lost: files still waiting, nothing moved
    (created, handed out, a file started or finished) for IMPORT_STALL_SECONDS, and no worker
    holding its lock. Returns the batches sent. A batch merely waiting behind a long queue may
    be sent twice, at most once per stall period; the lock makes the second message a no-op."""
    now = now or timezone.now()
    # A worker lost between its last file and closing the batch: nothing waits, so it is done.
    ImportBatch.objects.exclude(status=ImportBatchStatus.FINISHED).exclude(
        files__status__in=WAITING
    ).update(status=ImportBatchStatus.FINISHED, finished_at=now)
    import_uploads_purge(now=now)
    quiet_since = now - dt.timedelta(seconds=settings.IMPORT_STALL_SECONDS)
    stalled = (
        ImportBatch.objects.exclude(status=ImportBatchStatus.FINISHED)
        .filter(files__status__in=WAITING)
        .annotate(
            last_move=Greatest(
                "created_at",
                Coalesce("handed_out_at", "created_at"),
                Coalesce(Max("files__started_at"), "created_at"),
                Coalesce(Max("files__finished_at"), "created_at"),
            )
        )
        .filter(last_move__lt=quiet_since)
        .order_by("pk")
        .values_list("pk", flat=True)
    )
    sent = []
    for batch_id in stalled:
        with import_batch_lock(batch_id) as taken:
            if not taken:
                continue  # a worker is importing it (a large file takes its time)
        ImportBatch.objects.filter(pk=batch_id).update(handed_out_at=now)
        import_batch_enqueue(batch_id=batch_id)
        logger.warning("import %s: its message was lost; handed out again", batch_id)
        sent.append(batch_id)
    return sent


def import_uploads_purge(*, now: dt.datetime | None = None) -> list[int]:
    """Delete the saved files of the batches finished more than IMPORT_KEEP_DAYS ago, and mark
    them purged; returns those batches. The rows and outcomes stay (the history page)."""
    now = now or timezone.now()
    finished_before = now - dt.timedelta(days=settings.IMPORT_KEEP_DAYS)
    batches = list(
        ImportBatch.objects.filter(
            status=ImportBatchStatus.FINISHED,
            finished_at__lt=finished_before,
            uploads_purged_at__isnull=True,
        ).values_list("pk", flat=True)
    )
    for batch_id in batches:
        shutil.rmtree(import_upload_dir() / str(batch_id), ignore_errors=True)
        ImportBatch.objects.filter(pk=batch_id).update(uploads_purged_at=now)
    return batches


def _import_batch_run(*, batch_id: int) -> ImportBatch | None:
    now = timezone.now()
    ImportBatch.objects.filter(pk=batch_id, status=ImportBatchStatus.QUEUED).update(
        status=ImportBatchStatus.RUNNING, started_at=now
    )
    batch = ImportBatch.objects.filter(pk=batch_id).first()
    if batch is None:
        return None
    for import_file in batch.files.filter(status__in=WAITING).order_by("position"):
        ImportFile.objects.filter(pk=import_file.pk).update(
            status=ImportFileStatus.RUNNING, started_at=timezone.now()
        )
        outcome = conversations_import_file(
            path=import_upload_dir() / import_file.stored_path,
            fmt=batch.fmt,
            default_channel=batch.default_channel,
        )
        ImportFile.objects.filter(pk=import_file.pk).update(
            status=outcome.status,
            fmt=outcome.fmt if outcome.fmt != "auto" else "",
            conversations=outcome.conversations,
            conversations_created=outcome.conversations_created,
            summaries_created=outcome.summaries_created,
            error=outcome.error,
            finished_at=timezone.now(),
        )
        # The reason stays on the row: it may quote the file, which is customer text.
        logger.info("import %s: file %s %s", batch_id, import_file.position, outcome.status)
    ImportBatch.objects.filter(pk=batch_id).exclude(status=ImportBatchStatus.FINISHED).update(
        status=ImportBatchStatus.FINISHED, finished_at=timezone.now()
    )
    batch.refresh_from_db()
    return batch
