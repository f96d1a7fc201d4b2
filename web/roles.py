"""The three roles, as Django groups and the permissions granted to them.

Views check permissions (`@permission_required`), never group names: a deployment can make other
groups, or grant one person a permission directly. The groups and their grants are created by
the data migrations in `web/migrations/`; `ROLE_PERMISSIONS` is the current whole picture, which
the tests' cast and the demo use to put a database flushed by a test back as migrated.

- QA analysts review and override verdicts, and read everything the analyst's pages show.
- Managers read everything, cancel and retry runs, and do not write verdicts; they start at the
  dashboard.
- Admins do both, start runs from the browser, download their results, edit section
  definitions, change the judge settings and upload conversation files.
"""

from __future__ import annotations

from django.contrib.auth.models import Group, Permission
from django.db.models import Q

ANALYSTS = "QA analysts"
MANAGERS = "Managers"
ADMINS = "Admins"

# Reading the product's pages: the queue, a review, runs, calibration.
READ = (
    "evaluations.view_evaluationrun",
    "evaluations.view_summaryevaluation",
    "evaluations.view_verdictreview",
    "evaluations.view_summaryreview",
    "summaries.view_conversation",
    "summaries.view_summary",
    "summaries.view_sectiondefinition",
)
REVIEW = "evaluations.review_verdict"
MANAGE_RUNS = "evaluations.manage_run"
VIEW_QUEUE = "evaluations.view_summaryevaluation"
VIEW_RUNS = "evaluations.view_evaluationrun"
START_RUNS = "evaluations.add_evaluationrun"
EXPORT_RUNS = "evaluations.export_run"
CHANGE_JUDGE_SETTINGS = "evaluations.change_judgesettings"
# /imports/: uploading files for a worker to import (the API's INGEST is another permission).
IMPORT_UPLOADS = "summaries.add_importbatch"
# The managers' dashboard: every role reads it (it has nothing to write).
VIEW_DASHBOARD = "evaluations.view_dashboard"
# The HTTP API (api/): storing conversations, and the admins' token page.
INGEST = "summaries.add_conversation"
MANAGE_API_TOKENS = "api.add_apitoken"
# Creating and editing section definitions on the sections pages.
EDIT_SECTIONS = ("summaries.add_sectiondefinition", "summaries.change_sectiondefinition")

ROLE_PERMISSIONS: dict[str, tuple[str, ...]] = {
    ANALYSTS: (*READ, REVIEW, VIEW_DASHBOARD),
    MANAGERS: (*READ, MANAGE_RUNS, INGEST, VIEW_DASHBOARD),
    ADMINS: (
        *READ,
        REVIEW,
        MANAGE_RUNS,
        START_RUNS,
        EXPORT_RUNS,
        CHANGE_JUDGE_SETTINGS,
        IMPORT_UPLOADS,
        INGEST,
        MANAGE_API_TOKENS,
        VIEW_DASHBOARD,
        *EDIT_SECTIONS,
    ),
}


def permissions_named(names: tuple[str, ...]) -> list[Permission]:
    """The Permission rows of "app_label.codename" names; a name with no row is an error."""
    query = Q()
    for name in names:
        app_label, codename = name.split(".", 1)
        query |= Q(content_type__app_label=app_label, codename=codename)
    found = list(Permission.objects.filter(query).select_related("content_type"))
    missing = set(names) - {f"{p.content_type.app_label}.{p.codename}" for p in found}
    if missing:
        raise LookupError(f"no such permissions (migrate first?): {', '.join(sorted(missing))}")
    return found


def role_groups_ensure() -> dict[str, Group]:
    """Every role group with (at least) its permissions; idempotent. For a database a test
    flushed, and for the demo; a migrated database already has them."""
    groups = {}
    for name, names in ROLE_PERMISSIONS.items():
        group, _ = Group.objects.get_or_create(name=name)
        group.permissions.add(*permissions_named(names))
        groups[name] = group
    return groups
