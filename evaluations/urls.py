from __future__ import annotations

from django.urls import path

from evaluations import views

app_name = "evaluations"

urlpatterns = [
    path("runs/table/", views.run_table, name="run_table"),
]
