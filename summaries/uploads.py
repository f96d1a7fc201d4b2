"""An upload handler that drops a file over IMPORT_MAX_FILE_BYTES as it arrives, instead of
writing it whole to a temporary file first: a wrong 5 GB file must not fill the disk before the
page can say it is too big. The view reads `refused` to say which files, and how big they got.

Django lets a view change its upload handlers only before the body is read, so the view that
installs it is `csrf_exempt` outside and `csrf_protect` inside (the pattern of Django's "Upload
Handlers" documentation): the CSRF check itself reads the body.
"""

from __future__ import annotations

from typing import Any

from django.core.files.uploadhandler import FileUploadHandler, SkipFile


class FileSizeCapUploadHandler(FileUploadHandler):
    def __init__(self, request: Any = None, *, max_bytes: int) -> None:
        super().__init__(request)
        self.max_bytes = max_bytes
        self.refused: list[tuple[str, int]] = []  # (file name, bytes received when dropped)
        self._received = 0

    def new_file(self, *args: Any, **kwargs: Any) -> None:
        super().new_file(*args, **kwargs)
        self._received = 0
        # The browser's Content-Length of the whole request is no guide to one file's size,
        # so each file is counted as it comes.

    def receive_data_chunk(self, raw_data: bytes, start: int) -> bytes | None:
        self._received += len(raw_data)
        if self._received > self.max_bytes:
            self.refused.append((self.file_name or "a file", self._received))
            raise SkipFile()
        return raw_data

    def file_complete(self, file_size: int) -> None:
        return None  # the next handler (memory or temporary file) builds the file
