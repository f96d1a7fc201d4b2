"""The rubric preview of a section version: questions derived on demand (offline, or by Claude
after its estimated cost is shown), stored with the version and used by its runs; an edit before
the first use is recorded; from the first use on the questions are fixed."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

from evaluations.models import AdherenceVerdict, RubricQuestionEdit, RubricQuestionSet
from evaluations.services import evaluation_run_create, summary_evaluate
from summaries.models import SectionDefinition

pytestmark = pytest.mark.django_db

URL = "/sections/next_steps/v1/rubric/"


@pytest.fixture
def admin(client_as, sections):
    return client_as("admin")


@pytest.fixture
def claude(settings, fake_anthropic):
    settings.ANTHROPIC_API_KEY = "sk-test"
    settings.ANTHROPIC_BASE_URL = fake_anthropic.base_url
    settings.JUDGE_MODEL = "claude-sonnet-5"
    fake_anthropic.responder = lambda body: json.dumps(
        {
            "questions": [
                "Does the section list every follow-up the agent promised?",
                "Does the section give the date of each follow-up?",
            ]
        }
    )
    return fake_anthropic


def test_before_any_derivation_the_page_previews_the_offline_questions(admin) -> None:
    page = admin.get(URL).content.decode()

    assert "Not derived yet" in page
    assert "Does the summary follow the instruction" in page
    assert not RubricQuestionSet.objects.exists()


def test_the_local_judge_derives_and_stores_the_questions(admin, cast) -> None:
    response = admin.post(URL + "derive/", {"judge": "local"}, follow=True)

    question_set = RubricQuestionSet.objects.get(definition__key="next_steps")
    assert len(question_set.questions) == 2
    assert (question_set.derived_with, question_set.derived_by) == ("sentences-v1", cast["admin"])
    assert "Derived 2 questions offline" in response.content.decode()


def test_claude_shows_the_estimated_cost_before_any_call(admin, claude) -> None:
    redirected = admin.post(URL + "derive/", {"judge": "anthropic"})
    page = admin.get(URL + "?judge=anthropic").content.decode()

    assert redirected["Location"] == URL + "?judge=anthropic"
    assert "is estimated to cost $0.00" in page
    assert "Derive with Claude (est. $" in page
    assert claude.message_requests() == []
    assert not RubricQuestionSet.objects.exists()


def test_claude_derives_after_the_confirmation_and_the_cost_is_kept(admin, claude) -> None:
    page = admin.post(URL + "derive/", {"judge": "anthropic", "confirm": "1"}, follow=True)

    assert "Derived 2 questions with Claude ($0.0" in page.content.decode()

    question_set = RubricQuestionSet.objects.get(definition__key="next_steps")
    assert question_set.questions[1] == "Does the section give the date of each follow-up?"
    assert question_set.derived_with == "claude:claude-sonnet-5"
    assert question_set.cost_usd > Decimal(0)
    assert len(claude.message_requests()) == 1
    request = claude.message_requests()[0].body
    assert "List every follow-up the agent promised." in json.dumps(request)


def test_claude_is_not_offered_without_an_api_key(admin, settings) -> None:
    settings.ANTHROPIC_API_KEY = ""

    page = admin.get(URL).content.decode()
    posted = admin.post(URL + "derive/", {"judge": "anthropic", "confirm": "1"}, follow=True)

    assert "no ANTHROPIC_API_KEY configured" in page
    assert "judge: Claude needs ANTHROPIC_API_KEY in the environment" in posted.content.decode()


def test_an_edit_before_first_use_is_recorded_and_the_run_uses_it(
    admin, cast, make_summary
) -> None:
    admin.post(URL + "derive/", {"judge": "local"})
    question_set = RubricQuestionSet.objects.get()
    old = question_set.questions[0]

    admin.post(URL + "questions/1/", {"text": "Does it name every promised follow-up?"})

    question_set.refresh_from_db()
    assert question_set.questions[0] == "Does it name every promised follow-up?"
    edit = RubricQuestionEdit.objects.get()
    assert (edit.position, edit.old_text, edit.edited_by) == (0, old, cast["admin"])
    page = admin.get(URL).content.decode()
    assert "Does it name every promised follow-up?" in page and "Edits" in page

    summary = make_summary()
    run = evaluation_run_create(judge="local", summary_ids=[summary.pk], name="Uses edit")
    summary_evaluate(evaluation_id=run.evaluations.get().pk)

    asked = AdherenceVerdict.objects.filter(section="next_steps").values_list("question", flat=True)
    assert "Does it name every promised follow-up?" in list(asked)


def test_once_a_run_uses_the_version_its_questions_are_fixed(admin, make_summary) -> None:
    admin.post(URL + "derive/", {"judge": "local"})
    evaluation_run_create(judge="local", summary_ids=[make_summary().pk], name="First use")
    before = RubricQuestionSet.objects.get().questions

    edited = admin.post(URL + "questions/1/", {"text": "Anything else?"}, follow=True)
    derived = admin.post(URL + "derive/", {"judge": "local"}, follow=True)

    refusal = "next_steps v1 is already used by a run: its questions are fixed"
    assert refusal in edited.content.decode()
    assert refusal in derived.content.decode()
    assert RubricQuestionSet.objects.get().questions == before
    assert not RubricQuestionEdit.objects.exists()
    assert 'name="text"' not in admin.get(URL).content.decode()


def test_an_empty_question_is_refused(admin) -> None:
    admin.post(URL + "derive/", {"judge": "local"})

    page = admin.post(URL + "questions/2/", {"text": "  "}, follow=True).content.decode()

    assert "Question 2: text: a question must not be empty" in page


def test_a_categorical_section_shows_its_one_question_decided_in_code(admin) -> None:
    assert SectionDefinition.objects.filter(key="resolution").exists()

    page = admin.get("/sections/resolution/v1/rubric/").content.decode()

    assert "Does the summary follow the instruction and return only one of the allowed" in page
    assert 'name="judge"' not in page
