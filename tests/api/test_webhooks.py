"""Run webhooks: the URL rules, the signature a receiver can verify, retries after a failing
receiver, the attempts on the run page."""

from __future__ import annotations

import hashlib
import hmac
import json
import socket
import threading
import time
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.core.exceptions import ValidationError

from evaluations.models import EvaluationRun, RunWebhook
from evaluations.services import dispatch, evaluation_run_cancel, evaluation_run_create
from evaluations.services.webhooks import (
    SIGNATURE_HEADER,
    run_webhook_attach,
    run_webhook_deliver,
    webhook_address,
    webhook_url_check,
)
from evaluations.tasks import run_webhook_deliver_task
from tests.api.conftest import API

pytestmark = pytest.mark.django_db


class Receiver:
    """A local HTTP server that answers each POST with the next status of `answers` (the last
    one repeats) and keeps what it got."""

    def __init__(self, answers: list[int]) -> None:
        self.answers = answers
        self.received: list[tuple[dict[str, str], bytes]] = []
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                receiver.received.append((dict(self.headers), body))
                index = min(len(receiver.received), len(receiver.answers)) - 1
                self.send_response(receiver.answers[index])
                self.end_headers()

            def log_message(self, *args: object) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hooks/run"

    def __enter__(self) -> Receiver:
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def receivers(settings) -> Iterator[type[Receiver]]:
    settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = True  # the receiver is on this machine
    settings.WEBHOOK_RETRY_BASE_SECONDS = 0.0
    yield Receiver


def verify(secret: str, header: str, body: bytes, *, tolerance: int = 300) -> bool:
    """The README's verification snippet, as a receiver would run it."""
    fields = dict(part.split("=", 1) for part in header.split(","))
    timestamp = int(fields["t"])
    if abs(time.time() - timestamp) > tolerance:
        return False
    expected = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256)
    return hmac.compare_digest(expected.hexdigest(), fields["v1"])


@pytest.mark.parametrize(
    "url",
    [
        "http://127.0.0.1/hook",
        "http://localhost:8000/hook",
        "http://10.1.2.3/hook",
        "http://192.168.0.5/hook",
        "http://172.16.0.1/hook",
        "http://169.254.169.254/latest/meta-data",
        "http://[::1]/hook",
        "http://[::ffff:127.0.0.1]/hook",
        "http://0.0.0.0/hook",
        "ftp://example.com/hook",
        "file:///etc/passwd",
        "http:///no-host",
        "http://user:pw@203.0.113.9/hook",
    ],
)
def test_private_addresses_and_other_schemes_are_refused(settings, url) -> None:
    settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = False
    with pytest.raises(ValidationError):
        webhook_url_check(url)


def test_a_setting_allows_private_addresses(settings) -> None:
    settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = True
    assert webhook_url_check("http://127.0.0.1:9/hook") == "http://127.0.0.1:9/hook"


def test_the_api_refuses_a_private_webhook_url(api_client, make_summary, settings) -> None:
    settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES = False
    make_summary()
    response = api_client("admin").post(
        f"{API}/runs",
        {"judge": "local", "webhook_url": "http://169.254.169.254/"},
        content_type="application/json",
    )
    assert response.status_code == 400
    assert response.json()["field"] == "webhook_url"
    assert not EvaluationRun.objects.exists()


def test_the_run_ends_and_its_webhook_is_posted_once_signed(
    api_client, make_summary, receivers, django_capture_on_commit_callbacks
) -> None:
    from evaluations.services import summary_evaluate

    summary = make_summary()
    with receivers([204]) as receiver, dispatch.held() as held:
        response = api_client("admin").post(
            f"{API}/runs",
            {"judge": "local", "summary_ids": [summary.pk], "webhook_url": receiver.url},
            content_type="application/json",
        )
        assert response.status_code == 201
        secret = response.json()["webhook"]["secret"]
        run_id = response.json()["id"]
        with django_capture_on_commit_callbacks(execute=True):
            for evaluation_id in EvaluationRun.objects.get(pk=run_id).evaluations.values_list(
                "pk", flat=True
            ):
                summary_evaluate(evaluation_id=evaluation_id)
        assert held.args(dispatch.Message.WEBHOOK) == [(run_id,)]
        run_webhook_deliver(run_id=run_id)
        run_webhook_deliver(run_id=run_id)  # a redelivered message posts nothing more
    assert len(receiver.received) == 1
    headers, body = receiver.received[0]
    assert verify(secret, headers[SIGNATURE_HEADER], body)
    assert not verify(secret, headers[SIGNATURE_HEADER], body.replace(b"finished", b"failed"))
    assert json.loads(body)["run"] | {"finished_at": None} == {
        "id": run_id,
        "name": "",
        "status": "finished",
        "total": 1,
        "evaluated": 1,
        "failed": 0,
        "estimated_cost_usd": 0.0,
        "cost_usd": 0.0,
        "finished_at": None,
    }
    webhook = RunWebhook.objects.get(run_id=run_id)
    assert (webhook.status, webhook.attempts) == ("delivered", 1)
    later = api_client("analyst").get(f"{API}/runs/{run_id}").json()["webhook"]
    assert later == {"url": receiver.url, "status": "delivered", "attempts": 1, "secret": None}


def test_a_failing_receiver_is_retried_by_the_task_until_it_answers(
    make_summary, receivers, held_messages, client_as
) -> None:
    run = evaluation_run_create(judge="local", summary_ids=[make_summary().pk])
    with receivers([500, 503, 200]) as receiver:
        run_webhook_attach(run=run, url=receiver.url)
        evaluation_run_cancel(run=run)  # the run ends: cancelled
        # Run in this process: Celery's eager apply runs each retry at once (no countdown).
        result = run_webhook_deliver_task.apply(args=(run.pk,))
    assert result.get() == "delivered"
    assert len(receiver.received) == 3
    webhook = RunWebhook.objects.get(run=run)
    assert [(a.number, a.status_code) for a in webhook.attempts_made.all()] == [
        (1, 500),
        (2, 503),
        (3, 200),
    ]
    page = client_as("manager").get(f"/evaluations/runs/{run.pk}/").content.decode()
    assert "Webhook" in page and "the receiver answered 503" in page and "delivered" in page


def test_delivery_gives_up_after_the_last_attempt(make_summary, receivers, settings) -> None:
    settings.WEBHOOK_MAX_ATTEMPTS = 2
    with dispatch.held():
        run = evaluation_run_create(judge="local", summary_ids=[make_summary().pk])
    with receivers([500]) as receiver:
        run_webhook_attach(run=run, url=receiver.url)
        first = run_webhook_deliver(run_id=run.pk)
        second = run_webhook_deliver(run_id=run.pk)
    assert (first.status, first.retry_in) == ("pending", 0.0)
    assert (second.status, second.retry_in) == ("failed", None)


def test_delivery_connects_to_the_address_it_checked_not_a_rebound_one(
    make_summary, receivers, monkeypatch
) -> None:
    """DNS rebinding: the name answers with the receiver's address for the check, then with an
    address nothing listens on. The delivery connects to the address it checked, and still
    names the host in its Host header."""
    real_getaddrinfo = socket.getaddrinfo
    answers = iter(["127.0.0.1"])

    def rebinding(host, port, *args, **kwargs):
        if host != "hooks.rebind.test":
            return real_getaddrinfo(host, port, *args, **kwargs)
        address = next(answers, "127.0.0.2")  # the second lookup and later: nobody there
        return [(socket.AF_INET, socket.SOCK_STREAM, socket.IPPROTO_TCP, "", (address, port))]

    with dispatch.held():
        run = evaluation_run_create(judge="local", summary_ids=[make_summary().pk])
    with receivers([200]) as receiver:
        port = receiver.server.server_address[1]
        webhook = RunWebhook.objects.create(
            run=run, url=f"http://hooks.rebind.test:{port}/hooks/run", secret="s"
        )
        monkeypatch.setattr(socket, "getaddrinfo", rebinding)
        outcome = run_webhook_deliver(run_id=run.pk)

    assert outcome.status == "delivered", RunWebhook.objects.get(pk=webhook.pk).last_error
    ((headers, _body),) = receiver.received
    assert headers["Host"] == f"hooks.rebind.test:{port}"


@pytest.mark.parametrize(
    ("url", "resolved", "pinned", "host", "tls_name"),
    [
        (
            "https://hooks.example.com/x?a=1",
            "93.184.216.34",
            "https://93.184.216.34/x?a=1",
            "hooks.example.com",
            "hooks.example.com",
        ),
        (
            "http://hooks.example.com:8080/x",
            "2606:2800:220:1::1",
            "http://[2606:2800:220:1::1]:8080/x",
            "hooks.example.com:8080",
            None,
        ),
    ],
)
def test_a_webhook_is_pinned_to_its_checked_address_with_the_hosts_name(
    monkeypatch, url, resolved, pinned, host, tls_name
) -> None:
    family = socket.AF_INET6 if ":" in resolved else socket.AF_INET
    monkeypatch.setattr(
        socket,
        "getaddrinfo",
        lambda *args, **kwargs: [(family, socket.SOCK_STREAM, 6, "", (resolved, 0))],
    )

    target = webhook_address(url)

    assert (target.url, target.host_header, target.tls_name) == (pinned, host, tls_name)
