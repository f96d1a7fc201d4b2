from __future__ import annotations

from django.urls import path

from evaluations.views import calibration, dashboard, judge_settings, queue, review, rubrics, runs

app_name = "evaluations"

urlpatterns = [
    path("conversations/", queue.queue, name="queue"),
    path("conversations/<int:conversation_id>/", review.review, name="review"),
    path("conversations/<int:conversation_id>/reviewed/", review.review_mark, name="review_mark"),
    path(
        "verdicts/<str:kind>/<int:item_id>/review/",
        review.verdict_review,
        name="verdict_review",
    ),
    path("calibration/", calibration.calibration, name="calibration"),
    path("calibration/items/", calibration.calibration_items, name="calibration_items"),
    path("dashboard/", dashboard.dashboard_page, name="dashboard"),
    path("dashboard/export/", dashboard.dashboard_export, name="dashboard_export"),
    path("runs/", runs.run_list, name="run_list"),
    path("runs/new/", runs.run_new, name="run_new"),
    path("settings/judge/", judge_settings.judge_settings, name="judge_settings"),
    # The rubric preview of a section version (the sections pages are the summaries app's).
    path(
        "sections/<slug:key>/v<int:version>/rubric/",
        rubrics.section_rubric,
        name="section_rubric",
    ),
    path(
        "sections/<slug:key>/v<int:version>/rubric/derive/",
        rubrics.section_rubric_derive,
        name="section_rubric_derive",
    ),
    path(
        "sections/<slug:key>/v<int:version>/rubric/questions/<int:position>/",
        rubrics.section_rubric_question_edit,
        name="section_rubric_question_edit",
    ),
    path("evaluations/runs/table/", runs.run_table, name="run_table"),
    path("evaluations/runs/<int:run_id>/", runs.run_detail, name="run_detail"),
    path("evaluations/runs/<int:run_id>/cancel/", runs.run_cancel, name="run_cancel"),
    path("evaluations/runs/<int:run_id>/export.<str:fmt>", runs.run_export, name="run_export"),
    path(
        "evaluations/runs/<int:run_id>/retry-failed/",
        runs.run_retry_failed,
        name="run_retry_failed",
    ),
]
