"""The API's request body limit: over API_MAX_BODY_BYTES is a 413, in the API's error shape.

Django's own limit (DATA_UPLOAD_MAX_MEMORY_SIZE, 2.5 MB) fits forms, not a batch of 500
conversations, and it answers with a generic 400. Under /api/ this middleware reads the body
itself, at most one byte past the cap (so a body without a Content-Length, or one longer than
its header says, is caught too), and hands it to Django as the request's body.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest
from django.http.response import HttpResponseBase

from api.errors import error_response

API_PREFIX = "/api/"


class ApiBodyLimitMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        if request.path_info.startswith(API_PREFIX):
            limit = settings.API_MAX_BODY_BYTES
            try:
                declared = int(request.META.get("CONTENT_LENGTH") or 0)
            except ValueError:
                declared = 0
            too_big = error_response(
                413,
                "body_too_large",
                f"The body is larger than {limit:,} bytes (API_MAX_BODY_BYTES).",
            )
            if declared > limit:
                return too_big
            body = request.read(limit + 1)
            if len(body) > limit:
                return too_big
            request._body = body
        return self.get_response(request)
