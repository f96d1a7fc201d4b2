from __future__ import annotations

from django.urls import path

from summaries.views import imports, sections

app_name = "summaries"

urlpatterns = [
    path("sections/", sections.section_list, name="section_list"),
    path("sections/new/", sections.section_create, name="section_create"),
    path("sections/<slug:key>/", sections.section_detail, name="section_detail"),
    path("sections/<slug:key>/edit/", sections.section_edit, name="section_edit"),
    path("sections/<slug:key>/diff/", sections.section_diff, name="section_diff"),
    path("sections/<slug:key>/deactivate/", sections.section_deactivate, name="section_deactivate"),
    path("sections/<slug:key>/reactivate/", sections.section_reactivate, name="section_reactivate"),
    path("imports/", imports.import_list, name="import_list"),
    path("imports/<int:batch_id>/", imports.import_detail, name="import_detail"),
]
