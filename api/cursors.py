"""Cursor pagination by keyset: a page starts after the last row of the one before, found by
its sort value and id, never by OFFSET (which walks every skipped row, slower at each page).

The cursor is opaque to clients: base64 of `[sort, value, id]`. Rows are ordered by one column
(N/A last, whichever direction) and then the id in the same direction, as the queue orders them.
"""

from __future__ import annotations

import base64
import binascii
import datetime as dt
import json
from typing import Any, TypeVar

from django.db.models import F, Model, Q, QuerySet

from api.errors import ApiError

M = TypeVar("M", bound=Model)


def cursor_encode(sort: str, value: Any, pk: int) -> str:
    if isinstance(value, dt.datetime):
        value = {"t": value.isoformat()}
    raw = json.dumps([sort, value, pk], separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


def cursor_decode(cursor: str, sort: str) -> tuple[Any, int]:
    """(value, id) of a cursor made for this `sort`; a 400 for anything else."""
    invalid = ApiError(
        400, "invalid_cursor", "The cursor is not one this list gave.", field="cursor"
    )
    try:
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4))
        cursor_sort, value, pk = json.loads(raw)
    except (binascii.Error, ValueError, TypeError, RecursionError):
        raise invalid from None
    if cursor_sort != sort or not isinstance(pk, int) or isinstance(pk, bool):
        raise invalid
    if not 0 < pk < 2**63:
        raise invalid
    if isinstance(value, dict):
        try:
            value = dt.datetime.fromisoformat(value["t"])
        except (KeyError, TypeError, ValueError):
            raise invalid from None
    elif value is not None and (
        isinstance(value, bool) or not isinstance(value, int | float) or abs(value) > 2**53
    ):
        raise invalid
    return value, pk


def keyset_after(
    rows: QuerySet[M], *, column: str, descending: bool, value: Any, pk: int
) -> QuerySet[M]:
    """The rows after (value, pk) in the order (column N/A last, pk), both `descending` or not."""
    further = "lt" if descending else "gt"
    if value is None:  # among the N/A rows, at the end
        return rows.filter(**{f"{column}__isnull": True, f"pk__{further}": pk})
    return rows.filter(
        Q(**{column: value, f"pk__{further}": pk})
        | Q(**{f"{column}__{further}": value})
        | Q(**{f"{column}__isnull": True})
    )


def ordered(rows: QuerySet[M], *, column: str, descending: bool) -> QuerySet[M]:
    if descending:
        return rows.order_by(F(column).desc(nulls_last=True), F("pk").desc())
    return rows.order_by(F(column).asc(nulls_last=True), F("pk").asc())
