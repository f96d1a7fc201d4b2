"""A batch run through real worker processes (issue 13): the submit and poll tasks, and a worker
killed while its batch is processing, which loses nothing."""

from __future__ import annotations

import pytest

from evaluations.models import JudgeBatch, ModelCall
from evaluations.services import evaluation_run_create
from tests.evaluations.conftest import wait_for_run, wait_until

MODEL = "claude-sonnet-5"


@pytest.mark.slow
@pytest.mark.django_db(transaction=True)
def test_a_batch_run_survives_a_worker_killed_while_its_batch_is_processing(
    make_summary, anthropic_settings, fake_server, start_worker, start_beat
) -> None:
    fake_server.batches.processing_seconds = 3
    summaries = [make_summary() for _ in range(3)]
    env = {
        "ANTHROPIC_API_KEY": "sk-test",
        "ANTHROPIC_BASE_URL": fake_server.base_url,
        "JUDGE_BATCH_POLL_SECONDS": "0.5",
        "JUDGE_MAX_RETRIES": "0",
    }
    worker = start_worker(concurrency=2, **env)
    run = evaluation_run_create(
        judge="anthropic", model=MODEL, summary_ids=[s.pk for s in summaries], batch=True
    )
    wait_until(
        lambda: JudgeBatch.objects.filter(run=run, polled_at__isnull=False).exists(),
        timeout=60,
        message=f"no batch was submitted and polled:\n{worker.log()[-3000:]}",
    )
    worker.kill()  # its scheduled poll dies with it

    start_beat(**env)  # the watchdog hands the stalled run out again: submit and poll
    second = start_worker(concurrency=2, **env)
    wait_for_run(run, timeout=120, worker=second)

    assert run.status == "finished", second.log()[-3000:]
    assert run.evaluated == 3
    # Every summary stored once: five calls each, in two batches (claims, then answers).
    assert ModelCall.objects.filter(evaluation__run=run).count() == 15
    assert list(JudgeBatch.objects.filter(run=run).values_list("requests", flat=True)) == [12, 3]
    assert fake_server.message_requests() == []
