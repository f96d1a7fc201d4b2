from __future__ import annotations

from django.apps import AppConfig


class SummariesConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "summaries"
    verbose_name = "Conversations and summaries"
