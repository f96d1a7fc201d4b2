"""Credentials never reach a page or a log: every `scheme://user:password@host` is masked.

Settings such as CELERY_BROKER_URL, DATABASE_URL and JUDGE_RATE_LIMIT_STORAGE_URL carry their
password inside the URL, where Django's own filter (which hides settings by *name*: KEY, PASS,
TOKEN ...) does not look. Three places could show one:
- Django's error pages and error e-mails (settings, request.META, which holds the environment
  under runserver, frame variables, the exception message): `CredentialsMaskingExceptionReporter`
  and `CredentialsMaskingReporterFilter`;
- log records, messages and tracebacks alike: `MaskCredentialsLogFilter`, on the console handler
  and on the Celery worker's handlers (config/celery_app.py).
"""

from __future__ import annotations

import logging
import re
from collections.abc import ItemsView
from typing import Any

from django.utils.safestring import SafeString, mark_safe
from django.views.debug import ExceptionReporter, SafeExceptionReporterFilter

MASK = "********"
# The password runs to the last "@" before the host (an unencoded "@" in it included).
_URL_PASSWORD = re.compile(
    r"(?P<prefix>\b[a-z][a-z0-9+.\-]*://[^:@/\s'\"<>]*):(?P<password>[^/\s'\"<>]*)@",
    re.IGNORECASE,
)


def mask_url_credentials(text: str) -> str:
    """`redis://:s3cret@host/0` -> `redis://:********@host/0`; the user name stays readable."""
    return _URL_PASSWORD.sub(lambda match: f"{match['prefix']}:{MASK}@", text)


def _masked(value: Any) -> Any:
    if isinstance(value, str):  # lazy strings too (they pass for str)
        return mask_url_credentials(str(value))
    if isinstance(value, dict):
        return {key: _masked(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(_masked(item) for item in value)
    return value


class CredentialsMaskingReporterFilter(SafeExceptionReporterFilter):
    """Django's filter (settings and META by name), plus passwords inside URLs wherever they are:
    settings, request.META and the variables of every traceback frame."""

    def cleanse_setting(self, key: Any, value: Any) -> Any:
        # Django recurses into dicts and lists through this same method.
        cleansed = super().cleanse_setting(key, value)
        # isinstance, not type(): a lazy string (django-axes sets one) passes for str.
        return mask_url_credentials(str(cleansed)) if isinstance(cleansed, str) else cleansed

    def get_traceback_frame_variables(self, request: Any, tb_frame: Any) -> ItemsView[str, Any]:
        variables = super().get_traceback_frame_variables(request, tb_frame)
        return {name: _masked(value) for name, value in variables}.items()


class CredentialsMaskingExceptionReporter(ExceptionReporter):
    """The error page and e-mail, masked once more as a whole: an exception message or a repr
    can quote a URL too."""

    # The masked text is as safe as Django's: the mask adds no markup.
    def get_traceback_html(self) -> SafeString:
        return mark_safe(mask_url_credentials(str(super().get_traceback_html())))

    def get_traceback_text(self) -> SafeString:
        return mark_safe(mask_url_credentials(str(super().get_traceback_text())))


class MaskCredentialsLogFilter(logging.Filter):
    """Masks URL passwords in a record's message and traceback before any handler formats it."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except Exception:  # a broken format string: leave the record to the handler's report
            return True
        masked = mask_url_credentials(message)
        if masked != message:
            record.msg, record.args = masked, None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = mask_url_credentials(record.exc_text)
        if record.stack_info:
            record.stack_info = mask_url_credentials(record.stack_info)
        return True


def mask_credentials_in_handlers(logger: logging.Logger) -> None:
    """Add the filter to every handler of `logger` that lacks it (Celery installs its own)."""
    for handler in logger.handlers:
        if not any(isinstance(f, MaskCredentialsLogFilter) for f in handler.filters):
            handler.addFilter(MaskCredentialsLogFilter())
