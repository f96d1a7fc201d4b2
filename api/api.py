"""The API under /api/v1/: one NinjaAPI, its routers, authentication and error handlers.

The OpenAPI 3 schema is served at /api/v1/openapi.json and Swagger UI at /api/v1/docs, from the
copy of Swagger UI inside the django-ninja package (static files, no CDN), so the docs page runs
under the site's Content-Security-Policy unchanged.
"""

from __future__ import annotations

from ninja import NinjaAPI

from api.auth import BearerToken
from api.errors import install_error_handlers
from api.parsing import StrictJsonParser
from api.routers import conversations, runs, sections

api = NinjaAPI(
    title="Summary QA API",
    version="1",
    description=(
        "Ingest conversations and summaries, start evaluation runs, read scores and verdicts. "
        "Authenticate with `Authorization: Bearer <token>` (manage.py create_api_token, or the "
        "Settings → API tokens page). Errors are `{code, message, field}`."
    ),
    urls_namespace="api",
    auth=BearerToken(),
    parser=StrictJsonParser(),
    docs_url="/docs",
    openapi_url="/openapi.json",
)
install_error_handlers(api)
api.add_router("", conversations.router)
api.add_router("", runs.router)
api.add_router("", sections.router)
