"""One error shape for every API response that is not a success: `{code, message, field}`.

`code` is stable (clients branch on it), `message` is for people, `field` is the path of the
value at fault (`items[3].turns[2].text`), or null. Every failure the API foresees raises
`ApiError`; the handlers below turn the framework's own errors (validation, authentication,
unparseable bodies, 404) into the same shape, so no client ever sees another.
"""

from __future__ import annotations

import logging
import math
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from ninja import NinjaAPI, Schema
from ninja.errors import AuthenticationError, HttpError
from ninja.errors import ValidationError as NinjaValidationError

logger = logging.getLogger(__name__)


class ErrorOut(Schema):
    code: str
    message: str
    field: str | None = None


class ApiError(Exception):
    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        *,
        field: str | None = None,
        retry_after: float | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.field = field
        self.retry_after = retry_after


def error_response(status: int, code: str, message: str, field: str | None = None) -> JsonResponse:
    return JsonResponse({"code": code, "message": message, "field": field}, status=status)


def _api_error(request: HttpRequest, exc: ApiError) -> HttpResponse:
    response = error_response(exc.status, exc.code, exc.message, exc.field)
    if exc.retry_after is not None:
        response["Retry-After"] = str(max(1, math.ceil(exc.retry_after)))
    return response


def field_path(loc: tuple[Any, ...] | list[Any]) -> str | None:
    """A pydantic location as a path: ("body", "payload", "items", 3, "text") -> items[3].text.
    The leading parts name where the value came from and the handler's parameter, not a field."""
    parts = list(loc)
    if parts and parts[0] in ("body", "query", "path", "header", "cookie"):
        source = parts.pop(0)
        if (source == "body" and parts and parts[0] == "payload") or (
            source != "body" and parts and parts[0] == "filters"
        ):
            parts.pop(0)
    path = ""
    for part in parts:
        if isinstance(part, int):
            path += f"[{part}]"
        else:
            path += f".{part}" if path else str(part)
    return path or None


def _validation_error(request: HttpRequest, exc: NinjaValidationError) -> HttpResponse:
    first: dict[str, Any] = exc.errors[0] if exc.errors else {}
    field = field_path(first.get("loc", ()))
    message = str(first.get("msg", "invalid value"))
    if len(exc.errors) > 1:
        message += f" (and {len(exc.errors) - 1} more problem{'s' * (len(exc.errors) > 2)})"
    return error_response(400, "invalid", message, field)


def _http_error(request: HttpRequest, exc: HttpError) -> HttpResponse:
    # An unparseable body: the framework wraps the parser's ApiError in an HttpError(400).
    if isinstance(exc.__cause__, ApiError):
        return _api_error(request, exc.__cause__)
    codes = {400: "bad_request", 403: "forbidden", 404: "not_found", 405: "method_not_allowed"}
    return error_response(exc.status_code, codes.get(exc.status_code, "error"), str(exc))


def _authentication_error(request: HttpRequest, exc: AuthenticationError) -> HttpResponse:
    return error_response(
        401, "not_authenticated", "Send `Authorization: Bearer <token>` or sign in."
    )


def _not_found(request: HttpRequest, exc: Http404) -> HttpResponse:
    return error_response(404, "not_found", str(exc) or "Not found.")


def _unexpected(request: HttpRequest, exc: Exception) -> HttpResponse:
    logger.exception("API request %s %s failed", request.method, request.path, exc_info=exc)
    return error_response(500, "internal_error", "The server failed; the error is logged.")


def install_error_handlers(api: NinjaAPI) -> None:
    # django-ninja types a handler's exception as "the exception or its class"; it only ever
    # passes instances, which the handlers above take.
    handlers: list[tuple[type[Exception], Any]] = [
        (ApiError, _api_error),
        (NinjaValidationError, _validation_error),
        (HttpError, _http_error),
        (AuthenticationError, _authentication_error),
        (Http404, _not_found),
        (Exception, _unexpected),
    ]
    for exc_class, handler in handlers:
        api.add_exception_handler(exc_class, handler)
