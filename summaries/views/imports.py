"""/imports/: upload conversation files, follow their import file by file, and the history.
Admins only (`summaries.add_importbatch`)."""

from __future__ import annotations

from typing import cast

from django.contrib import messages
from django.contrib.auth.decorators import permission_required
from django.core.exceptions import ValidationError
from django.core.files.uploadhandler import FileUploadHandler
from django.core.paginator import Paginator
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_GET, require_http_methods

from config.http import SignedInRequest
from summaries import selectors
from summaries.import_forms import ImportUploadForm
from summaries.imports import import_batch_create, over_cap_message
from summaries.limits import conversation_limits
from summaries.models import ImportBatch
from summaries.uploads import FileSizeCapUploadHandler

# Uploading files (managers may hold add_conversation, for the API, without this).
IMPORT_CONVERSATIONS = "summaries.add_importbatch"


@permission_required(IMPORT_CONVERSATIONS, raise_exception=True)
@require_http_methods(["GET", "POST"])
@csrf_exempt  # checked by _import_upload, once the size cap is in place (see summaries/uploads.py)
def import_list(request: SignedInRequest) -> HttpResponse:
    """The upload form and the history of imports; a POST uploads."""
    if request.method == "POST":
        handler = FileSizeCapUploadHandler(request, max_bytes=conversation_limits().max_file_bytes)
        # A list until the body is read (Django makes it immutable then).
        upload_handlers = cast(list[FileUploadHandler], request.upload_handlers)
        upload_handlers.insert(0, handler)
        return _import_upload(request, handler)
    return _import_page(request, ImportUploadForm())


@csrf_protect
def _import_upload(request: SignedInRequest, handler: FileSizeCapUploadHandler) -> HttpResponse:
    form = ImportUploadForm(request.POST, request.FILES)
    if handler.refused:
        # A file over the cap was dropped as it arrived: say so, and save none of the others
        # (an upload is imported whole or not at all, so nobody wonders what got in).
        form.is_valid()
        form.errors.pop("uploads", None)
        for name, _received in handler.refused:
            form.add_error("uploads", over_cap_message(name))
        return _import_page(request, form, status=400)
    if not form.is_valid():
        return _import_page(request, form, status=400)
    try:
        batch = import_batch_create(
            files=form.cleaned_data["uploads"],
            fmt=form.cleaned_data["fmt"],
            default_channel=form.cleaned_data["default_channel"],
            created_by=request.user,
        )
    except ValidationError as error:
        for field, field_messages in error.message_dict.items():
            field = "uploads" if field == "files" else field  # the service's name for them
            for message in field_messages:
                form.add_error(field if field in form.fields else None, message)
        return _import_page(request, form, status=400)
    count = batch.files.count()
    messages.success(
        request, f"{count} file{'s' if count != 1 else ''} uploaded: importing them now."
    )
    return redirect("summaries:import_detail", batch_id=batch.pk)


def _import_page(
    request: SignedInRequest, form: ImportUploadForm, status: int = 200
) -> HttpResponse:
    page = Paginator(selectors.import_batches_recent(), 20).get_page(request.GET.get("page"))
    context = {
        "form": form,
        "page": page,
        "max_file_bytes": conversation_limits().max_file_bytes,
    }
    return render(request, "summaries/import_list.html", context, status=status)


@permission_required(IMPORT_CONVERSATIONS, raise_exception=True)
@require_GET
def import_detail(request: SignedInRequest, batch_id: int) -> HttpResponse:
    """One upload, file by file: waiting, importing, then the importer's outcome. HTMX polls the
    file table (`?fragment=files`) until every file has its outcome."""
    batch = get_object_or_404(ImportBatch.objects.select_related("created_by"), pk=batch_id)
    files, progress = selectors.import_batch_files(batch=batch)
    context = {"batch": batch, "files": files, "progress": progress}
    if request.htmx and request.GET.get("fragment") == "files":
        return render(request, "summaries/_import_files.html", context)
    return render(request, "summaries/import_detail.html", context)
