"""/imports/: an admin uploads files, a worker imports them one by one (eagerly here; the
browser test uses a real worker), and the page reports each file's outcome."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from summaries.imports import import_batch_run
from summaries.models import Conversation, ImportBatch, ImportFile

pytestmark = pytest.mark.django_db

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "import"


@pytest.fixture(autouse=True)
def upload_dir(settings, tmp_path) -> Path:
    settings.IMPORT_UPLOAD_DIR = tmp_path / "imports"
    return settings.IMPORT_UPLOAD_DIR


@pytest.fixture
def eager_tasks():
    """Celery runs the import task in this process when it is enqueued."""
    from config.celery_app import app

    previous = app.conf.task_always_eager
    app.conf.task_always_eager = True
    yield
    app.conf.task_always_eager = previous


def _fixture(relative: str, name: str | None = None) -> SimpleUploadedFile:
    path = FIXTURES / relative
    return SimpleUploadedFile(name or path.name, path.read_bytes())


def test_two_files_one_broken_are_reported_each_on_its_own(
    client_as, cast, eager_tasks, django_capture_on_commit_callbacks, upload_dir
) -> None:
    admin = client_as("admin")
    with django_capture_on_commit_callbacks(execute=True):
        response = admin.post(
            "/imports/",
            {
                "uploads": [
                    _fixture("good/two_calls.jsonl"),
                    _fixture("broken/bad_line_3.jsonl"),
                ],
                "fmt": "auto",
                "default_channel": "voice",
            },
        )

    batch = ImportBatch.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/imports/{batch.pk}/"
    good, broken = batch.files.order_by("position")
    assert (good.status, good.fmt, good.conversations_created) == ("imported", "jsonl", 2)
    assert (broken.status, broken.error) == ("failed", "line 3: turns[1].text is missing")
    # One transaction per file: the broken file changed nothing, the good one is stored.
    assert Conversation.objects.count() == 2
    assert (batch.status, batch.created_by) == ("finished", cast["admin"])
    assert (upload_dir / good.stored_path).read_bytes() == (
        FIXTURES / "good/two_calls.jsonl"
    ).read_bytes()

    page = admin.get(response["Location"]).content.decode()
    assert "2 files uploaded: importing them now." in page
    assert "line 3: turns[1].text is missing" in page
    assert "100%" in page and "hx-trigger" not in page  # done: no more polling


def test_the_history_shows_who_when_the_files_and_the_counts(
    client_as, eager_tasks, django_capture_on_commit_callbacks
) -> None:
    admin = client_as("admin")
    with django_capture_on_commit_callbacks(execute=True):
        admin.post(
            "/imports/",
            {
                "uploads": [
                    _fixture("good/call-500.txt"),
                    _fixture("good/call-500.txt"),  # the same again: unchanged
                    _fixture("broken/empty.txt"),
                ],
                "fmt": "text",
                "default_channel": "chat",
            },
        )

    page = admin.get("/imports/").content.decode()
    row = page[page.index("<tbody>", page.index("History")) :]
    batch = ImportBatch.objects.get()
    assert f'href="/imports/{batch.pk}/"' in row
    assert ">admin<" in row and ">3<" in row
    assert "1 imported" in row and "1 unchanged" in row and "1 failed" in row
    assert Conversation.objects.get().channel == "chat"


def test_a_file_over_the_cap_is_refused_with_a_clear_message_and_nothing_is_saved(
    client_as, settings, upload_dir, django_capture_on_commit_callbacks
) -> None:
    settings.IMPORT_MAX_FILE_BYTES = 1000
    admin = client_as("admin")

    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        response = admin.post(
            "/imports/",
            {
                "uploads": [
                    SimpleUploadedFile("small.txt", b"Agent: Hello.\nCustomer: Hi.\n"),
                    SimpleUploadedFile("huge.jsonl", b"x" * 5000),
                ],
                "fmt": "auto",
                "default_channel": "voice",
            },
        )

    page = response.content.decode()
    assert response.status_code == 400
    assert (
        "huge.jsonl is larger than 1,000 bytes, the cap on one file (IMPORT_MAX_FILE_BYTES). "
        "Nothing was uploaded" in page
    )
    assert not ImportBatch.objects.exists() and callbacks == []
    assert not upload_dir.exists() or not any(upload_dir.rglob("*"))


def test_the_service_refuses_an_unknown_format_naming_the_field(client_as) -> None:
    response = client_as("admin").post(
        "/imports/",
        {
            "uploads": [SimpleUploadedFile("a.txt", b"Agent: Hi.")],
            "fmt": "xml",
            "default_channel": "voice",
        },
    )

    assert response.status_code == 400
    assert "Select a valid choice. xml is not one of the available choices." in (
        response.content.decode()
    )
    assert not ImportBatch.objects.exists()


def test_the_file_table_is_polled_until_every_file_has_its_outcome(
    client_as, django_capture_on_commit_callbacks
) -> None:
    admin = client_as("admin")
    # No worker: the batch waits.
    response = admin.post(
        "/imports/",
        {"uploads": [_fixture("good/call-500.txt")], "fmt": "auto", "default_channel": "voice"},
    )
    batch = ImportBatch.objects.get()
    url = f"/imports/{batch.pk}/?fragment=files"

    waiting = admin.get(url, headers={"HX-Request": "true"}).content.decode()
    import_batch_run(batch_id=batch.pk)  # what the worker does
    done = admin.get(url, headers={"HX-Request": "true"}).content.decode()

    assert response.status_code == 302
    assert 'hx-trigger="every 1s"' in waiting and "Waiting" in waiting and "0%" in waiting
    assert "hx-trigger" not in done and "Imported" in done and "100%" in done


def test_a_batch_run_again_leaves_the_files_already_done(client_as) -> None:
    admin = client_as("admin")
    admin.post(
        "/imports/",
        {
            "uploads": [_fixture("good/call-500.txt"), _fixture("good/two_calls.jsonl")],
            "fmt": "auto",
            "default_channel": "voice",
        },
    )
    batch = ImportBatch.objects.get()
    import_batch_run(batch_id=batch.pk)
    first = list(batch.files.order_by("position").values_list("status", "finished_at"))

    import_batch_run(batch_id=batch.pk)  # a redelivered message

    assert list(batch.files.order_by("position").values_list("status", "finished_at")) == first
    assert [status for status, _ in first] == ["imported", "imported"]
    assert ImportFile.objects.count() == 2
