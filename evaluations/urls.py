from __future__ import annotations

from django.urls import path

from evaluations import views

app_name = "evaluations"

urlpatterns = [
    path("runs/table/", views.run_table, name="run_table"),
    path("runs/<int:run_id>/", views.run_detail, name="run_detail"),
    path("runs/<int:run_id>/cancel/", views.run_cancel, name="run_cancel"),
    path("runs/<int:run_id>/retry-failed/", views.run_retry_failed, name="run_retry_failed"),
]
