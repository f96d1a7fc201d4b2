"""The project package (the design's "platform": named config/ so it does not shadow stdlib `platform`)."""

from config.celery_app import app as celery_app

__all__ = ("celery_app",)
