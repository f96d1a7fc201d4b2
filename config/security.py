"""Who is asking: the client address behind the reverse proxies the deployment trusts."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render


def client_ip_address(request: HttpRequest) -> str | None:
    """The address failed logins are counted against (django-axes' AXES_CLIENT_IP_CALLABLE).

    With TRUSTED_PROXY_COUNT=0 (no proxy) it is the peer address. Behind N proxies, each of which
    appends the address it received the request from to X-Forwarded-For, the client's address is
    the N-th entry from the right: anything further left was written by the client and can be
    forged, so it is never used. A request that came round the proxies (fewer entries) is
    counted against its peer address."""
    remote = request.META.get("REMOTE_ADDR") or None
    proxies = settings.TRUSTED_PROXY_COUNT
    if not proxies:
        return remote
    forwarded = [part.strip() for part in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    forwarded = [part for part in forwarded if part]
    if len(forwarded) < proxies:
        return remote
    return str(forwarded[-proxies])


def login_locked_out(
    request: HttpRequest, original_response: object = None, credentials: object = None
) -> HttpResponse:
    """The page for a login refused because of earlier failures (AXES_LOCKOUT_CALLABLE), for
    /login/ and the admin's login alike: what happened, for how long, and what to do."""
    return render(
        request,
        "registration/locked_out.html",
        {
            "failure_limit": settings.AXES_FAILURE_LIMIT,
            "lockout_minutes": round(settings.AXES_COOLOFF_TIME.total_seconds() / 60),
        },
        status=429,
    )
