from __future__ import annotations

import logging
import os

from celery import Celery
from celery.signals import after_setup_logger, after_setup_task_logger

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.base")

app = Celery("summaryqa")
# Every Celery setting lives in Django settings under the CELERY_ prefix.
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
# A worker that reconnects to the broker sends the watchdog a sweep at once: a Redis that came
# back empty lost every message (see evaluations/services/watchdog.py).
app.steps["consumer"].add("evaluations.tasks.SweepOnBrokerReconnect")


@after_setup_logger.connect
@after_setup_task_logger.connect
def _mask_credentials_in_worker_logs(logger: logging.Logger, **kwargs: object) -> None:
    """The worker replaces the settings' log handlers with its own: mask URL passwords there too."""
    from config.reporting import mask_credentials_in_handlers

    mask_credentials_in_handlers(logger)
