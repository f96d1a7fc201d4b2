from __future__ import annotations

from django.urls import path

from summaries import views

app_name = "summaries"

urlpatterns = [
    path("imports/", views.import_list, name="import_list"),
    path("imports/<int:batch_id>/", views.import_detail, name="import_detail"),
]
