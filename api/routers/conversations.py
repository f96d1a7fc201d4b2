"""/conversations: ingest one or a batch, read one with its verdicts, list the queue's rows."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from ninja import Body, Path, Query, Router, Schema, Status
from ninja.responses import codes_4xx
from pydantic import Field

from api.auth import require_permission
from api.cursors import cursor_decode, cursor_encode, keyset_after, ordered
from api.errors import ApiError, ErrorOut
from api.ingest import conversation_ingest, conversations_ingest_batch
from api.schemas import (
    MAX_ID,
    BatchIn,
    BatchItemOut,
    BatchOut,
    ConversationCreated,
    ConversationDetail,
    ConversationOut,
    ItemError,
    QueuePageOut,
    QueueRowOut,
    SectionOut,
    SummaryOut,
    TurnOut,
)
from evaluations.exports import evaluation_record, evaluation_verdicts
from evaluations.forms import QueueFilterForm
from evaluations.models import SummaryEvaluation
from evaluations.queue import SORT_COLUMNS, queue_rows
from evaluations.verdict_kinds import VERDICT_KINDS
from summaries.models import Conversation

router = Router(tags=["conversations"])

INGEST = "summaries.add_conversation"
READ_CONVERSATIONS = "summaries.view_conversation"
READ_QUEUE = "evaluations.view_summaryevaluation"


def conversation_out(conversation: Conversation) -> dict[str, Any]:
    return {
        "id": conversation.pk,
        "source": conversation.source,
        "external_id": conversation.external_id,
        "channel": conversation.channel,
        "language": conversation.language,
        "queue": conversation.queue,
        "agent": conversation.agent.external_id if conversation.agent else None,
        "started_at": conversation.started_at,
        "imported_at": conversation.imported_at,
    }


@router.post(
    "/conversations",
    response={200: ConversationCreated, 201: ConversationCreated, codes_4xx: ErrorOut},
    summary="Store one conversation (idempotent on source and id)",
)
def conversation_create(
    request: HttpRequest,
    payload: dict[str, Any] = Body(
        ...,
        description="A JSONL line's object or a vendor document the importers read, with an "
        "optional `format` key (auto-detected by default).",
    ),
) -> Status[dict[str, Any]]:
    """201 when the conversation is new; 200 when it was stored already with the same turns
    (a replay, or a new summary of it); 409 when it was stored with other turns."""
    require_permission(request, INGEST)
    ingested = conversation_ingest(document=payload)
    status = 201 if ingested.status == "created" else 200
    return Status(status, conversation_out(ingested.conversation) | {"status": ingested.status})


@router.post(
    "/conversations:batch",
    response={200: BatchOut, codes_4xx: ErrorOut},
    summary="Store up to API_BATCH_MAX_ITEMS conversations, each on its own",
)
def conversation_batch(request: HttpRequest, payload: BatchIn) -> dict[str, Any]:
    """Every item succeeds or fails on its own; a failed item's error names its index and the
    field (`items[3].turns[2].text`)."""
    require_permission(request, INGEST)
    limit = settings.API_BATCH_MAX_ITEMS
    if len(payload.items) > limit:
        raise ApiError(
            400,
            "batch_too_large",
            f"{len(payload.items):,} items, more than {limit:,} (API_BATCH_MAX_ITEMS).",
            field="items",
        )
    results = conversations_ingest_batch(documents=payload.items, default_format=payload.format)
    items = []
    counts = {"created": 0, "unchanged": 0, "summary_added": 0, "failed": 0}
    for result in results:
        if result.error is not None:
            counts["failed"] += 1
            prefix = f"items[{result.index}]"
            field = result.error.field
            items.append(
                BatchItemOut(
                    index=result.index,
                    status="error",
                    error=ItemError(
                        code=result.error.code,
                        message=result.error.message,
                        field=f"{prefix}.{field}" if field else prefix,
                    ),
                )
            )
        else:
            assert result.ingested is not None
            counts[result.ingested.status] += 1
            items.append(
                BatchItemOut(
                    index=result.index,
                    status=result.ingested.status,
                    id=result.ingested.conversation.pk,
                )
            )
    return {**counts, "items": items}


@router.get(
    "/conversations/{conversation_id}",
    response={200: ConversationDetail, codes_4xx: ErrorOut},
    summary="One conversation: turns, summaries, the latest evaluation of each with its verdicts",
)
def conversation_detail(
    request: HttpRequest, conversation_id: int = Path(..., ge=1, le=MAX_ID)
) -> dict[str, Any]:
    require_permission(request, READ_CONVERSATIONS)
    conversation = get_object_or_404(
        Conversation.objects.select_related("agent").prefetch_related(
            "turns", "summaries__sections__definition"
        ),
        pk=conversation_id,
    )
    latest = {
        evaluation.summary_id: evaluation
        for evaluation in SummaryEvaluation.objects.filter(
            summary__conversation=conversation, is_latest=True
        )
        .select_related("summary__conversation")
        .prefetch_related("section_scores", *(kind.prefetch for kind in VERDICT_KINDS), "calls")
    }
    summaries = []
    for summary in conversation.summaries.all():
        evaluation = latest.get(summary.pk)
        summaries.append(
            SummaryOut(
                id=summary.pk,
                generator=summary.generator,
                created_at=summary.created_at,
                sections=[
                    SectionOut(
                        key=section.definition.key,
                        version=section.definition.version,
                        text=section.text,
                    )
                    for section in summary.sections.all()
                ],
                latest_evaluation=(
                    evaluation_record(evaluation) | evaluation_verdicts(evaluation)
                    if evaluation is not None
                    else None
                ),
            )
        )
    return conversation_out(conversation) | {
        "metadata": conversation.metadata,
        "turns": [
            TurnOut(
                index=turn.index,
                role=turn.role,
                speaker=turn.speaker,
                text=turn.text,
                offset_ms=turn.offset_ms,
            )
            for turn in conversation.turns.all()
        ],
        "summaries": summaries,
    }


class QueueQuery(Schema):
    """The analyst queue's filters (evaluations/queue.py), as its page's URL takes them."""

    q: str | None = Field(None, max_length=200, description="Words in the transcript.")
    date_from: str | None = Field(None, description="YYYY-MM-DD, inclusive (UTC).")
    date_to: str | None = Field(None, description="YYYY-MM-DD, inclusive (UTC).")
    queue: str | None = Field(None, max_length=100)
    agent: str | None = Field(None, max_length=128, description="An agent id, or `none`.")
    channel: str | None = Field(None, description="voice or chat")
    run: int | None = Field(None, ge=1, le=MAX_ID, description="That run's evaluations.")
    accuracy_min: float | None = Field(None, ge=0, le=1)
    accuracy_max: float | None = Field(None, ge=0, le=1)
    adherence_min: float | None = Field(None, ge=0, le=1)
    adherence_max: float | None = Field(None, ge=0, le=1)
    completeness_min: float | None = Field(None, ge=0, le=1)
    completeness_max: float | None = Field(None, ge=0, le=1)
    summarization_min: float | None = Field(None, ge=0, le=1)
    summarization_max: float | None = Field(None, ge=0, le=1)
    has_na: str | None = Field(None, description="yes or no")
    failing: str | None = Field(None, description="yes or no")
    reviewed: str | None = Field(None, description="yes, no, mine or not_mine")
    sort: str | None = Field(None, description="A column, `-` first for descending: -started.")
    cursor: str | None = Field(None, max_length=500)
    limit: int = Field(50, ge=1, le=200)


@router.get(
    "/conversations",
    response={200: QueuePageOut, codes_4xx: ErrorOut},
    summary="The queue's rows (latest evaluation of each summary), filtered, cursor-paginated",
)
def conversation_list(request: HttpRequest, filters: QueueQuery = Query(...)) -> dict[str, Any]:
    user = require_permission(request, READ_QUEUE)
    form = QueueFilterForm(
        {
            name: value
            for name, value in filters.dict().items()
            if value is not None and name not in ("cursor", "limit")
        }
    )
    if not form.is_valid():
        field, messages = next(iter(form.errors.items()))
        raise ApiError(400, "invalid", str(messages[0]), field=field)
    queue_filters = form.filters()
    column = SORT_COLUMNS.get(queue_filters.sort_key, SORT_COLUMNS["started"])
    rows = queue_rows(filters=queue_filters, user=user)
    if filters.cursor:
        value, pk = cursor_decode(filters.cursor, queue_filters.sort)
        rows = keyset_after(
            rows, column=column, descending=queue_filters.descending, value=value, pk=pk
        )
    rows = ordered(rows, column=column, descending=queue_filters.descending)
    page = list(rows[: filters.limit + 1])
    next_cursor = None
    if len(page) > filters.limit:
        page = page[: filters.limit]
        last = page[-1]
        value = last
        for part in column.split("__"):
            value = getattr(value, part)
        next_cursor = cursor_encode(queue_filters.sort, value, last.pk)
    return {
        "items": [
            QueueRowOut(
                conversation=ConversationOut(**conversation_out(row.summary.conversation)),
                summary_id=row.summary_id,
                generator=row.summary.generator,
                evaluation_id=row.pk,
                run_id=row.run_id,
                accuracy=row.accuracy,
                adherence=row.adherence,
                completeness=row.completeness,
                summarization=row.summarization,
                failing_points=row.failing_points,
                has_na=row.has_na,
                is_reviewed=row.is_reviewed,  # type: ignore[attr-defined]
            )
            for row in page
        ],
        "next_cursor": next_cursor,
    }
