"""django-htmx's `request.htmx`, plus `Vary: HX-Request` on every response that depended on it.

A view that answers an HTMX request with a fragment and a plain one with the whole page sends two
bodies from one URL. Without `Vary: HX-Request` a browser or proxy cache may hand the fragment to a
full-page load (a page without its layout), or the reverse. django-htmx has no helper for this
(its docs suggest `vary_on_headers` per view), so the header is added where `request.htmx` was
consulted, by the view or its template, and only there.
"""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest
from django.http.response import HttpResponseBase
from django.utils.cache import patch_vary_headers
from django_htmx.middleware import HtmxDetails, HtmxMiddleware


class _ConsultedHtmxDetails(HtmxDetails):
    consulted = False

    def __bool__(self) -> bool:
        self.consulted = True
        return super().__bool__()


class VaryOnHtmxMiddleware(HtmxMiddleware):
    """Replaces django_htmx.middleware.HtmxMiddleware in MIDDLEWARE (synchronous only: the
    project is served over WSGI)."""

    async_capable = False
    get_response: Callable[[HttpRequest], HttpResponseBase]  # synchronous: see above

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        details = _ConsultedHtmxDetails(request)
        request.htmx = details  # type: ignore[attr-defined]
        response = self.get_response(request)
        if details.consulted:
            patch_vary_headers(response, ("HX-Request",))
        return response
