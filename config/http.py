"""Typing for the request the views receive.

django-htmx's middleware sets `request.htmx`, which Django's `HttpRequest` does not declare. Views
that read it annotate their request as `HtmxHttpRequest`, the pattern django-htmx documents; it
exists for the type checker only (every request is still Django's own class).
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    htmx: HtmxDetails


class SignedInRequest(HtmxHttpRequest):
    """A request that LoginRequiredMiddleware (and the view's permission check) let through: its
    user is a signed-in `User`, never the anonymous one. For the type checker only, as above."""

    user: User
