"""A run's webhook: one signed POST to the caller's URL when the run ends, retried with backoff.

1. `run_webhook_attach` checks the URL (http or https; a host whose every address is public, see
   `webhook_url_check`) and stores it with a random signing secret, handed back once.
2. When the run ends (finished, or cancelled), `run_webhook_due` enqueues the delivery once the
   transaction commits (services/dispatch.py).
3. `run_webhook_deliver` (the Celery task's one service) checks the URL again (DNS may have
   changed) and connects to the very address it checked (`webhook_address`: no second lookup a
   rebinding name could answer differently), signs the body, POSTs it without following
   redirects, and records the attempt. A
   2xx delivers it; anything else is retried after a growing delay, up to WEBHOOK_MAX_ATTEMPTS.

The signature: header `X-SummaryQA-Signature: t=<unix seconds>,v1=<hex>`, where hex is
HMAC-SHA256(secret, f"{t}." + raw body). The receiver recomputes it over the raw bytes it got and
rejects an old `t` (README "Webhooks" has the code).
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import json
import secrets
import socket
import time
from dataclasses import dataclass
from urllib.parse import urlsplit, urlunsplit

import httpx2
from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone

from evaluations.models import EvaluationRun, RunWebhook
from evaluations.services import dispatch

SIGNATURE_HEADER = "X-SummaryQA-Signature"
TIMEOUT_SECONDS = 10.0


def webhook_url_check(url: str) -> str:
    """The URL, if the platform may post to it; else a ValidationError saying why.

    Only http and https, with a host. Every address the host resolves to must be public: a
    loopback, private, link-local, reserved or multicast address is refused (so the platform
    cannot be made to probe its own network) unless WEBHOOK_ALLOW_PRIVATE_ADDRESSES is on.
    """
    webhook_address(url)
    return url


@dataclass(frozen=True)
class PinnedTarget:
    """Where a delivery connects: the URL with its host replaced by one vetted address, the Host
    header and TLS name of the original host. Connecting to the address that was checked, not
    resolving the name again, closes the DNS-rebinding gap (a name that answers with a public
    address for the check and a private one for the connection)."""

    url: str
    host_header: str
    tls_name: str | None


def webhook_address(url: str) -> PinnedTarget:
    """Check `url` (see `webhook_url_check`) and pin it to the first address its host resolved
    to; a ValidationError saying why when it may not be posted to."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise ValidationError("The webhook URL is not a valid URL.") from None
    if parts.scheme not in ("http", "https"):
        raise ValidationError("The webhook URL must be http or https.")
    host = parts.hostname
    if not host:
        raise ValidationError("The webhook URL has no host.")
    if parts.username or parts.password:
        raise ValidationError("The webhook URL must not carry credentials.")
    if len(url) > RunWebhook._meta.get_field("url").max_length:  # type: ignore[operator]
        raise ValidationError("The webhook URL is too long.")
    default_port = 443 if parts.scheme == "https" else 80
    try:
        infos = socket.getaddrinfo(host, port or default_port, proto=socket.IPPROTO_TCP)
    except (socket.gaierror, UnicodeError, OSError):
        raise ValidationError(f"The webhook host {host!r} does not resolve.") from None
    addresses = []
    for info in infos:
        address = ipaddress.ip_address(str(info[4][0]).split("%")[0])
        if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped:
            address = address.ipv4_mapped  # ::ffff:127.0.0.1 is 127.0.0.1
        if not settings.WEBHOOK_ALLOW_PRIVATE_ADDRESSES and (
            not address.is_global or address.is_multicast
        ):
            raise ValidationError(
                f"The webhook host {host!r} resolves to {address}, a loopback, private or "
                "link-local address; those are refused (WEBHOOK_ALLOW_PRIVATE_ADDRESSES)."
            )
        addresses.append(address)
    if not addresses:
        raise ValidationError(f"The webhook host {host!r} does not resolve.")
    pinned = addresses[0]
    literal = f"[{pinned}]" if pinned.version == 6 else str(pinned)
    netloc = literal if port is None else f"{literal}:{port}"
    return PinnedTarget(
        url=urlunsplit(parts._replace(netloc=netloc)),
        host_header=parts.netloc,
        tls_name=host if parts.scheme == "https" else None,
    )


def run_webhook_attach(*, run: EvaluationRun, url: str) -> RunWebhook:
    webhook_url_check(url)
    return RunWebhook.objects.create(run=run, url=url, secret=secrets.token_urlsafe(32))


def run_webhook_due(*, run_id: int) -> None:
    """The run has ended: send its webhook (if it has one not yet sent) after the commit."""
    if RunWebhook.objects.filter(run_id=run_id, status=RunWebhook.Status.PENDING).exists():
        transaction.on_commit(lambda: dispatch.run_webhook_enqueue(run_id=run_id))


def webhook_signature(*, secret: str, timestamp: int, body: bytes) -> str:
    digest = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256)
    return f"t={timestamp},v1={digest.hexdigest()}"


def webhook_body(run: EvaluationRun) -> bytes:
    payload = {
        "event": "run.ended",
        "run": {
            "id": run.pk,
            "name": run.name,
            "status": run.status,
            "total": run.total,
            "evaluated": run.evaluated,
            "failed": run.failed,
            "estimated_cost_usd": float(run.estimated_cost_usd),
            "cost_usd": float(run.cost_usd),
            "finished_at": run.finished_at.isoformat() if run.finished_at else None,
        },
    }
    return json.dumps(payload, separators=(",", ":")).encode()


def retry_delay(attempts: int) -> float:
    """Seconds before the next attempt after `attempts` failed ones: doubling, capped."""
    base = settings.WEBHOOK_RETRY_BASE_SECONDS
    return float(min(settings.WEBHOOK_RETRY_MAX_SECONDS, base * 2 ** (attempts - 1)))


@dataclass(frozen=True)
class DeliveryOutcome:
    status: str  # the webhook's status after this attempt
    retry_in: float | None = None  # seconds until the next attempt, when there is one


def run_webhook_deliver(*, run_id: int) -> DeliveryOutcome:
    webhook = RunWebhook.objects.select_related("run").filter(run_id=run_id).first()
    if webhook is None or webhook.status != RunWebhook.Status.PENDING:
        return DeliveryOutcome(status=webhook.status if webhook else "none")
    body = webhook_body(webhook.run)
    timestamp = int(time.time())
    started = time.monotonic()
    status_code: int | None = None
    error = ""
    try:
        target = webhook_address(webhook.url)
        with httpx2.Client(timeout=TIMEOUT_SECONDS, follow_redirects=False) as client:
            response = client.post(
                target.url,
                content=body,
                headers={
                    "Host": target.host_header,
                    "Content-Type": "application/json",
                    "User-Agent": "SummaryQA-Webhook/1",
                    SIGNATURE_HEADER: webhook_signature(
                        secret=webhook.secret, timestamp=timestamp, body=body
                    ),
                },
                # The certificate is checked against the host's name, not the pinned address.
                extensions={"sni_hostname": target.tls_name} if target.tls_name else None,
            )
        status_code = response.status_code
        if not 200 <= status_code < 300:
            error = f"the receiver answered {status_code}"
    except ValidationError as refused:
        error = "; ".join(refused.messages)
    except httpx2.HTTPError as failure:
        error = f"{type(failure).__name__}: {failure}"[:500]
    seconds = time.monotonic() - started
    with transaction.atomic():
        locked = RunWebhook.objects.select_for_update().get(pk=webhook.pk)
        attempts = locked.attempts + 1
        locked.attempts_made.create(
            number=attempts, status_code=status_code, error=error, seconds=seconds
        )
        locked.attempts = attempts
        locked.last_error = error
        retry_in = None
        if not error:
            locked.status = RunWebhook.Status.DELIVERED
            locked.delivered_at = timezone.now()
        elif attempts >= settings.WEBHOOK_MAX_ATTEMPTS:
            locked.status = RunWebhook.Status.FAILED
        else:
            retry_in = retry_delay(attempts)
        locked.save(update_fields=["attempts", "last_error", "status", "delivered_at"])
    return DeliveryOutcome(status=locked.status, retry_in=retry_in)
