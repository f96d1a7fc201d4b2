"""Every URL and partial, and each POST, for each role: who gets what status.

A client can request any URL directly, so each view checks its permission itself; this table
proves it does. Roles: `anonymous` (not logged in), `stranger` (logged in, no role), `analyst`,
`manager`, `admin` (the Admins group). A page another issue adds puts its rows here.

`{run}`, `{conversation}`, `{evaluation}` and the other placeholders are filled from `world`.
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest

pytestmark = pytest.mark.django_db

ROLES = ("anonymous", "stranger", "analyst", "manager", "admin")
LOGIN = 302  # a visitor is sent to the login page


@dataclass(frozen=True)
class Row:
    method: str
    url: str
    statuses: dict[str, int]  # by role
    htmx: bool = False
    data: tuple[tuple[str, str], ...] = ()
    target: str = ""  # the HX-Target of an htmx request (the fragment it asks for)

    def __str__(self) -> str:
        htmx = f" (htmx{' #' + self.target if self.target else ''})" if self.htmx else ""
        return f"{self.method} {self.url}{htmx}"


def readers(status: int = 200) -> dict[str, int]:
    """A page every role reads."""
    return {
        "anonymous": LOGIN,
        "stranger": 403,
        "analyst": status,
        "manager": status,
        "admin": status,
    }


def reviewers(status: int = 302) -> dict[str, int]:
    """An action for reviewers (analysts and admins); managers only read."""
    return {"anonymous": LOGIN, "stranger": 403, "analyst": status, "manager": 403, "admin": status}


def managers(status: int = 302) -> dict[str, int]:
    """An action for run managers (managers and admins)."""
    return {"anonymous": LOGIN, "stranger": 403, "analyst": 403, "manager": status, "admin": status}


def admins(status: int = 200) -> dict[str, int]:
    """An admin's page or action (issue 10): managers and analysts get 403."""
    return {"anonymous": LOGIN, "stranger": 403, "analyst": 403, "manager": 403, "admin": status}


def api_readers(status: int = 200) -> dict[str, int]:
    """The HTTP API with a browser session: 401 (JSON, no redirect) without one."""
    return {
        "anonymous": 401,
        "stranger": 403,
        "analyst": status,
        "manager": status,
        "admin": status,
    }


SECTION_FORM = (
    ("name", "Next steps"),
    ("value_type", "free_text"),
    ("instructions", "List every follow-up the agent promised."),
    ("values-TOTAL_FORMS", "0"),
    ("values-INITIAL_FORMS", "0"),
)


def everyone(status: int) -> dict[str, int]:
    return dict.fromkeys(ROLES, status)


TABLE: list[Row] = [
    Row("GET", "/login/", everyone(200)),
    Row("GET", "/healthz", everyone(200)),
    Row("POST", "/logout/", everyone(302)),
    Row("GET", "/logout/", {**everyone(405), "anonymous": LOGIN}),
    Row(
        "GET",
        "/",
        {"anonymous": LOGIN, "stranger": 403, "analyst": 302, "manager": 302, "admin": 302},
    ),
    Row("GET", "/admin/", everyone(302)),  # nobody in the cast is staff
    # Runs
    Row("GET", "/runs/", readers()),
    Row("GET", "/evaluations/runs/table/", readers(), htmx=True),
    Row("GET", "/evaluations/runs/{run}/", readers()),
    Row("GET", "/evaluations/runs/{run}/?fragment=status", readers(), htmx=True),
    Row("GET", "/evaluations/runs/{run}/?status=failed&page=2", readers()),
    Row("GET", "/evaluations/runs/999999/", readers(404)),
    Row("POST", "/evaluations/runs/{run}/cancel/", managers()),
    Row("POST", "/evaluations/runs/{run}/cancel/", managers(200), htmx=True),
    Row("GET", "/evaluations/runs/{run}/cancel/", managers(405)),
    Row("POST", "/evaluations/runs/{run}/retry-failed/", managers()),
    Row("POST", "/evaluations/runs/{run}/retry-failed/", managers(200), htmx=True),
    Row("GET", "/runs/new/", admins()),
    Row(
        "POST",
        "/runs/new/",
        admins(),
        data=(("judge", "local"), ("dimensions", "accuracy"), ("action", "estimate")),
    ),
    Row(
        "POST",
        "/runs/new/",
        admins(),
        htmx=True,
        data=(("judge", "local"), ("dimensions", "accuracy"), ("action", "estimate")),
    ),
    Row(
        "POST",
        "/runs/new/",
        admins(302),
        data=(("judge", "local"), ("dimensions", "accuracy"), ("action", "start")),
    ),
    Row(
        "POST",
        "/runs/new/",
        admins(204),
        htmx=True,
        data=(("judge", "local"), ("dimensions", "accuracy"), ("action", "start")),
    ),
    Row("GET", "/evaluations/runs/{run}/export.csv", admins()),
    # Judge settings
    Row("GET", "/settings/judge/", admins()),
    Row(
        "POST",
        "/settings/judge/",
        admins(302),
        data=(("judge", "local"), ("model", ""), ("dimensions", "accuracy")),
    ),
    Row("POST", "/settings/judge/", admins(200), data=(("judge", "gpt"),)),
    Row("GET", "/evaluations/runs/{run}/export.jsonl", admins()),
    Row("GET", "/evaluations/runs/{run}/export.xlsx", admins(404)),
    Row("GET", "/evaluations/runs/999999/export.csv", admins(404)),
    Row("POST", "/evaluations/runs/{run}/export.csv", admins(405)),
    # Imports
    Row("GET", "/imports/", admins()),
    Row("GET", "/imports/?page=2", admins()),
    Row("POST", "/imports/", admins(400), data=(("fmt", "auto"), ("default_channel", "voice"))),
    Row("GET", "/imports/{import_batch}/", admins()),
    Row("GET", "/imports/{import_batch}/?fragment=files", admins(), htmx=True),
    Row("GET", "/imports/999999/", admins(404)),
    Row("POST", "/imports/{import_batch}/", admins(405)),
    # The queue
    Row("GET", "/conversations/", readers()),
    Row("GET", "/conversations/?queue=billing&sort=accuracy&accuracy_max=0.5&q=refund", readers()),
    Row("GET", "/conversations/?blind=1&page=3&accuracy_max=oops", readers()),
    Row("GET", "/conversations/?reviewed=mine", readers(), htmx=True),
    # The review page, its overrides and the reviewed mark
    Row("GET", "/conversations/{conversation}/", readers()),
    Row("GET", "/conversations/{conversation}/?evaluation={evaluation}&turns=1", readers()),
    Row("GET", "/conversations/{conversation}/?evaluation={evaluation}&blind=1", readers()),
    Row("GET", "/conversations/{conversation}/?back=sort%3Daccuracy", readers()),
    Row("GET", "/conversations/999999/", readers(404)),
    *(
        Row(
            "POST",
            f"/verdicts/{kind}/{{{kind}}}/review/",
            reviewers(),
            data=(("human_value", "false"),),
        )
        for kind in (
            "accuracy_point",
            "adherence_rubric",
            "completeness_item",
            "summarization_claim",
            "coverage_question",
        )
    ),
    *(
        Row(
            "POST",
            f"/verdicts/{kind}/{{{kind}}}/review/",
            reviewers(200),
            htmx=True,  # the row comes back, with the score panel out of band
            data=(("human_value", "true"), ("comment", "Checked"), ("blind", "on")),
        )
        for kind in (
            "accuracy_point",
            "adherence_rubric",
            "completeness_item",
            "summarization_claim",
            "coverage_question",
        )
    ),
    Row(
        "POST",
        "/verdicts/accuracy_point/{accuracy_point}/review/",
        reviewers(),
        data=(("human_value", ""),),
    ),
    Row(
        "POST",
        "/verdicts/accuracy_point/999999/review/",
        reviewers(404),
        data=(("human_value", "true"),),
    ),
    Row("POST", "/verdicts/nonsense/1/review/", reviewers(404), data=(("human_value", "true"),)),
    Row("GET", "/verdicts/accuracy_point/{accuracy_point}/review/", reviewers(405)),
    Row(
        "POST",
        "/conversations/{conversation}/reviewed/",
        reviewers(),
        data=(("evaluation", "{evaluation}"),),
    ),
    Row(
        "POST",
        "/conversations/{conversation}/reviewed/",
        reviewers(),
        data=(("evaluation", "{evaluation}"), ("blind", "1")),
    ),
    Row(
        "POST",
        "/conversations/{conversation}/reviewed/",
        reviewers(),
        data=(("evaluation", "{evaluation}"), ("action", "unmark")),
    ),
    Row("GET", "/conversations/{conversation}/reviewed/", reviewers(405)),
    # Calibration (every number links to the items page; a bad items request is a 400)
    Row("GET", "/calibration/", readers()),
    Row("GET", "/calibration/?version=local|local|local-lexical-1", readers()),
    Row("GET", "/calibration/", readers(), htmx=True),
    Row(
        "GET",
        "/calibration/items/?version=local|local|local-lexical-1&kind=accuracy_point"
        "&section=&mode=blind&cell=judge_pass_human_fail&page=2",
        readers(),
    ),
    Row("GET", "/calibration/items/?kind=accuracy_point", readers(400)),
    Row("POST", "/calibration/", {**everyone(405), "anonymous": LOGIN}),
    Row("POST", "/calibration/items/", {**everyone(405), "anonymous": LOGIN}),
    # The dashboard (every role reads it; nothing on it writes), its fragment and its CSV
    Row("GET", "/dashboard/", readers()),
    Row(
        "GET",
        "/dashboard/?date_from=2020-01-01&date_to=2030-12-31&queue=billing&agent=none"
        "&channel=voice&generator=summarizer-v3&breakdown=section&rank=failing",
        readers(),
    ),
    Row("GET", "/dashboard/?config=local|local|local-lexical-1&date_from=oops", readers()),
    Row("GET", "/dashboard/?breakdown=agent", readers(), htmx=True, target="dashboard-results"),
    Row("GET", "/dashboard/", readers(), htmx=True),
    Row("GET", "/dashboard/export/?part=aggregates&queue=billing", readers()),
    Row("GET", "/dashboard/export/?part=evaluations&agent=none", readers()),
    Row("GET", "/dashboard/export/?part=everything", readers(400)),
    Row("POST", "/dashboard/", {**everyone(405), "anonymous": LOGIN}),
    Row("POST", "/dashboard/export/", {**everyone(405), "anonymous": LOGIN}),
    # API tokens (admins), and the HTTP API as a browser session sees it
    Row("GET", "/settings/tokens/", admins()),
    Row("POST", "/settings/tokens/", admins(400), data=(("name", "no user chosen"),)),
    Row("POST", "/settings/tokens/999999/revoke/", admins(404)),
    Row("GET", "/settings/tokens/999999/revoke/", admins(405)),
    Row("GET", "/api/v1/openapi.json", everyone(200)),
    Row("GET", "/api/v1/docs", everyone(200)),
    Row("GET", "/api/v1/conversations", api_readers()),
    Row("GET", "/api/v1/conversations?sort=accuracy&accuracy_max=0.5", api_readers()),
    Row("GET", "/api/v1/conversations/{conversation}", api_readers()),
    Row("GET", "/api/v1/conversations/999999", api_readers(404)),
    Row("GET", "/api/v1/runs/{run}", api_readers()),
    Row("GET", "/api/v1/runs/{run}/evaluations?limit=1", api_readers()),
    Row("GET", "/api/v1/sections", api_readers()),
    # Writes with a session (the test client sends no CSRF check); permission before the body.
    Row("POST", "/api/v1/runs/{run}:cancel", {**api_readers(200), "analyst": 403}),
    Row("POST", "/api/v1/runs", {**api_readers(400), "analyst": 403, "manager": 403}),
    Row("POST", "/api/v1/conversations", {**api_readers(400), "analyst": 403}),
    Row(
        "POST",
        "/api/v1/sections",
        {"anonymous": 401, "stranger": 403, "analyst": 403, "manager": 403, "admin": 400},
    ),
    # Section definitions (admins)
    Row("GET", "/sections/", admins()),
    Row("GET", "/sections/new/", admins()),
    Row("POST", "/sections/new/", admins(302), data=(("key", "follow_up"), *SECTION_FORM)),
    Row("POST", "/sections/new/", admins(400), data=(("key", "not a slug"), *SECTION_FORM)),
    Row(
        "POST",
        "/sections/new/",
        admins(),
        data=(("add_value", "1"), ("key", "x"), *SECTION_FORM),
    ),
    Row("GET", "/sections/next_steps/", admins()),
    Row("GET", "/sections/resolution/", admins()),
    Row("GET", "/sections/nope/", admins(404)),
    Row("GET", "/sections/next_steps/edit/", admins()),
    Row("POST", "/sections/next_steps/edit/", admins(302), data=SECTION_FORM),
    Row("GET", "/sections/resolution/edit/", admins(302)),  # read-only: back
    Row("POST", "/sections/resolution/edit/", admins(302), data=SECTION_FORM),
    Row("GET", "/sections/nope/edit/", admins(404)),
    Row("GET", "/sections/next_steps/diff/", admins()),
    Row("GET", "/sections/next_steps/diff/?from=1&to=oops", admins()),
    Row("GET", "/sections/nope/diff/", admins(404)),
    Row("POST", "/sections/next_steps/deactivate/", admins(302)),
    Row("GET", "/sections/next_steps/deactivate/", admins(405)),
    Row("POST", "/sections/next_steps/reactivate/", admins(302)),
    Row("POST", "/sections/resolution/deactivate/", admins(302)),
    Row("POST", "/sections/nope/reactivate/", admins(404)),
    # The rubric preview of a section version (admins)
    Row("GET", "/sections/next_steps/v1/rubric/", admins()),
    Row("GET", "/sections/next_steps/v1/rubric/?judge=anthropic", admins()),
    Row("GET", "/sections/resolution/v1/rubric/", admins()),
    Row("GET", "/sections/next_steps/v9/rubric/", admins(404)),
    Row(
        "POST",
        "/sections/next_steps/v1/rubric/derive/",
        admins(302),
        data=(("judge", "local"),),
    ),
    Row(
        "POST",
        "/sections/next_steps/v1/rubric/derive/",
        admins(302),
        data=(("judge", "anthropic"),),
    ),
    Row("GET", "/sections/next_steps/v1/rubric/derive/", admins(405)),
    Row(
        "POST",
        "/sections/next_steps/v1/rubric/questions/1/",
        admins(302),  # the world's runs use v1: refused, back to the page
        data=(("text", "Is it right?"),),
    ),
    Row("GET", "/sections/next_steps/v1/rubric/questions/1/", admins(405)),
]


@pytest.fixture
def world(make_summary, judge_now, held_messages) -> dict[str, int]:
    """One run of two summaries, still running, and a conversation the offline judge judged on
    every dimension (an item of every reviewable kind): the ids the URLs need."""
    from evaluations.models import EvaluationRun
    from evaluations.services import evaluation_run_create
    from evaluations.verdict_kinds import REVIEWABLE_KINDS

    run = evaluation_run_create(
        judge="local", summary_ids=[make_summary().pk, make_summary().pk], name="Table run"
    )
    EvaluationRun.objects.filter(pk=run.pk).update(status=EvaluationRun.Status.RUNNING)
    evaluation = judge_now([make_summary(summary_amount="$30")]).evaluations.get()
    items = {
        name: kind.model.objects.filter(**{kind.evaluation_path: evaluation}).first().pk
        for name, kind in REVIEWABLE_KINDS.items()
    }
    from summaries.models import ImportBatch

    import_batch = ImportBatch.objects.create(fmt="auto", default_channel="voice")
    return {
        "run": run.pk,
        "import_batch": import_batch.pk,
        "evaluation": evaluation.pk,
        "conversation": evaluation.summary.conversation_id,
        **items,
    }


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("row", TABLE, ids=str)
def test_each_role_gets_the_status_the_table_says(client_as, world, row: Row, role: str) -> None:
    client = client_as(None if role == "anonymous" else role)
    url = row.url.format(**world)
    headers = {"HX-Request": "true"} if row.htmx else {}
    if row.target:
        headers["HX-Target"] = row.target

    if row.method == "POST":
        data = {name: value.format(**world) for name, value in row.data}
        response = client.post(url, data, headers=headers)
    else:
        response = client.get(url, headers=headers)

    assert response.status_code == row.statuses[role], f"{row} as {role}"
    if (
        row.statuses[role] == LOGIN
        and role == "anonymous"
        and row.url not in ("/logout/", "/admin/")
    ):
        assert response["Location"].startswith("/login/?next=")
