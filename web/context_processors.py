from __future__ import annotations

from django.http import HttpRequest

from web.nav import nav_links


def navigation(request: HttpRequest) -> dict:
    """The top navigation of base.html, built lazily: a fragment never renders it."""
    return {"nav_links": lambda: nav_links(request.user, request.path)}
