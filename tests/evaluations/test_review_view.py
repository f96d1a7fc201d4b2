"""The review page, `/conversations/<id>/`, its overrides and the reviewed mark."""

from __future__ import annotations

import re

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils.html import escape

from evaluations.models import AccuracyVerdict, SummaryReview, VerdictReview
from evaluations.review import TURN_WINDOW
from summaries.models import Turn

pytestmark = pytest.mark.django_db


@pytest.fixture
def judged(make_summary, judge_now):
    """One conversation whose summary says $30 where the customer was charged $10, judged by
    the offline judge on every dimension."""
    summary = make_summary("conv-review", amount="$10", summary_amount="$30")
    run = judge_now([summary], name="Weekly <check>")
    return run.evaluations.get()


def _url(evaluation, **params) -> str:
    query = "&".join(f"{k}={v}" for k, v in {"evaluation": evaluation.pk, **params}.items())
    return f"/conversations/{evaluation.summary.conversation_id}/?{query}"


def _inaccurate_point(evaluation) -> AccuracyVerdict:
    return AccuracyVerdict.objects.filter(evaluation=evaluation, is_accurate=False).first()


def test_the_review_page_shows_the_transcript_beside_the_sections_and_their_verdicts(
    client_as, judged
) -> None:
    Turn.objects.filter(conversation=judged.summary.conversation, index=1).update(
        speaker="Sam", offset_ms=65_000
    )
    html = client_as("analyst").get(_url(judged)).content.decode()

    assert '<li id="turn-1" class="turn role-agent"' in html
    assert '<span class="turn-speaker">Sam</span>' in html and ">1:05</time>" in html
    for heading in ("Situation", "Resolution", "Next steps"):
        assert f"<h3>{heading}</h3>" in html
    for block in ("Accuracy points", "Adherence questions", "Completeness", "Summarization claims"):
        assert f"<h4>{block}</h4>" in html, block
    point = _inaccurate_point(judged)
    assert f'id="verdict-accuracy_point-{point.pk}"' in html
    assert "✗ Inaccurate" in html and "✓ Accurate" not in html.split("Adherence questions")[0][:0]
    assert 'data-score="judge-accuracy"' in html and 'data-score="adjusted-accuracy"' in html
    # Which judge, model, prompt and run.
    assert "the offline local judge" in html and judged.prompt_version in html
    assert "Weekly &lt;check&gt;" in html


def test_the_judges_notes_on_what_it_left_out_are_shown_escaped(client_as, judged) -> None:
    judged.notes = "Left out 1 accuracy point the model gave for section '<b>x</b>': no such."
    judged.save(update_fields=["notes"])

    html = client_as("analyst").get(_url(judged)).content.decode()

    assert escape(judged.notes) in html and "<b>x</b>" not in html


def test_na_is_shown_with_its_reason_never_as_zero(client_as, judged) -> None:
    html = client_as("analyst").get(_url(judged)).content.decode()

    resolution = html.split("<h3>Resolution</h3>", 1)[1].split("</article>", 1)[0]
    assert "categorical section: completeness applies to free-text sections only" in resolution
    assert re.search(r"Completeness</dt>\s*<dd><span class=\"badge na\">N/A</span>", resolution)
    situation = html.split("<h3>Situation</h3>", 1)[1].split("</article>", 1)[0]
    assert "adherence applies to custom sections only" in situation


def test_a_rubric_with_nothing_to_ask_for_is_not_counted_rather_than_failed(
    client_as, judged
) -> None:
    rubric = judged.completeness_rubrics.first()
    rubric.items.all().delete()

    html = client_as("analyst").get(_url(judged)).content.decode()

    assert "Not counted" in html
    assert "so it is not counted (not a failure)" in html


def test_a_selector_switches_between_the_runs_that_judged_the_summary(
    client_as, judged, judge_now
) -> None:
    second = judge_now([judged.summary], dimensions=("accuracy",), name="Second look")
    newest = second.evaluations.get()
    client = client_as("analyst")

    default = client.get(f"/conversations/{judged.summary.conversation_id}/").content.decode()
    older = client.get(_url(judged)).content.decode()

    assert re.search(rf'<option value="{newest.pk}" selected>Second look', default)
    assert "Summarization claims" not in default  # that run did accuracy only
    assert re.search(rf'<option value="{judged.pk}" selected>Weekly', older)
    assert "Summarization claims" in older


def test_disagreeing_inline_swaps_the_row_and_the_scores_out_of_band(client_as, judged) -> None:
    point = _inaccurate_point(judged)
    client = client_as("analyst")

    response = client.post(
        f"/verdicts/accuracy_point/{point.pk}/review/",
        {"human_value": "true", "comment": "The summary is right: see turn 1."},
        headers={"HX-Request": "true"},
    )
    html = response.content.decode()

    assert response.status_code == 200 and response["HX-Trigger"] == "verdictReviewed"
    assert html.lstrip().startswith(
        f'<li class="verdict judge-fail reviewed disagreed" id="verdict-accuracy_point-{point.pk}"'
    )
    assert "You: Accurate" in html and "disagrees with the judge" in html
    assert (
        '<aside id="score-panel" class="score-panel" aria-label="Scores and progress" hx-swap-oob="true">'
        in html
    )
    assert 'id="section-scores-situation" class="section-scores" hx-swap-oob="true"' in html
    judge_cell = re.search(r'data-score="judge-accuracy">.*?(\d\.\d\d)', html, re.S).group(1)
    adjusted = re.search(r'data-score="adjusted-accuracy">.*?(\d\.\d\d)', html, re.S).group(1)
    assert float(adjusted) > float(judge_cell)
    review = VerdictReview.objects.get()
    assert (review.human_value, review.judge_value, review.is_blind) == (True, False, False)
    point.refresh_from_db()
    assert point.is_accurate is False  # the judge's verdict is never changed


def test_without_javascript_an_override_redirects_back_to_the_row(client_as, judged) -> None:
    point = _inaccurate_point(judged)
    page = _url(judged)

    response = client_as("analyst").post(
        f"/verdicts/accuracy_point/{point.pk}/review/",
        {"human_value": "false", "next": page},
    )

    assert response.status_code == 302
    assert response["Location"] == f"{page}#verdict-accuracy_point-{point.pk}"
    elsewhere = client_as("analyst").post(
        f"/verdicts/accuracy_point/{point.pk}/review/",
        {"human_value": "false", "next": "https://evil.example.com/"},
    )
    assert elsewhere["Location"].startswith(f"/conversations/{judged.summary.conversation_id}/")


def test_bad_overrides_are_refused(client_as, judged) -> None:
    point = _inaccurate_point(judged)
    client = client_as("analyst")

    assert client.post("/verdicts/opinion/1/review/", {"human_value": "true"}).status_code == 404
    assert (
        client.post("/verdicts/accuracy_point/999999/review/", {"human_value": "true"}).status_code
        == 404
    )
    assert (
        client.post(
            f"/verdicts/accuracy_point/{point.pk}/review/", {"human_value": "maybe"}
        ).status_code
        == 400
    )
    assert client.get(f"/verdicts/accuracy_point/{point.pk}/review/").status_code == 405
    assert (
        client_as("manager")
        .post(f"/verdicts/accuracy_point/{point.pk}/review/", {"human_value": "true"})
        .status_code
        == 403
    )
    assert not VerdictReview.objects.exists()


def test_a_blind_review_hides_the_judge_then_the_reveal_shows_both(client_as, judged) -> None:
    point = _inaccurate_point(judged)
    client = client_as("analyst")

    blind = client.get(_url(judged, blind=1)).content.decode()
    assert "Blind review" in blind
    assert 'class="verdict-mark' not in blind and escape(point.justification) not in blind
    assert 'data-score="judge-accuracy"' not in blind
    assert "Reveal the judge's verdicts" in blind
    saved = client.post(
        f"/verdicts/accuracy_point/{point.pk}/review/",
        {"human_value": "false", "blind": "on"},
        headers={"HX-Request": "true"},
    ).content.decode()
    assert "✗ Inaccurate" in saved  # the analyst's own choice, pressed
    assert 'data-score="judge-accuracy"' not in saved and escape(point.justification) not in saved

    revealed = client.post(
        f"/conversations/{judged.summary.conversation_id}/reviewed/",
        {"evaluation": judged.pk, "blind": "1"},
        follow=True,
    ).content.decode()

    assert "Revealed: the judge&#x27;s verdicts are beside yours." in revealed
    assert escape(point.justification) in revealed and "You: Inaccurate" in revealed
    assert "judged blind" in revealed
    mark = SummaryReview.objects.get()
    assert mark.is_blind and VerdictReview.objects.get().is_blind
    # Seen now: it cannot be reviewed blind again.
    again = client.get(_url(judged, blind=1))
    assert again.status_code == 302 and "blind" not in again["Location"]


def test_marking_reviewed_records_it_and_the_mark_can_be_taken_back(client_as, judged) -> None:
    client = client_as("analyst")
    url = f"/conversations/{judged.summary.conversation_id}/reviewed/"

    page = client.post(url, {"evaluation": judged.pk}, follow=True).content.decode()
    assert "✓ Reviewed</span> by you" in page
    assert SummaryReview.objects.filter(reviewer__username="analyst", is_blind=False).exists()

    client.post(url, {"evaluation": judged.pk, "action": "unmark"})
    assert not SummaryReview.objects.exists()
    assert client.post(url, {"evaluation": 999999}).status_code == 404


def test_managers_read_the_page_without_any_way_to_review(client_as, judged) -> None:
    html = client_as("manager").get(_url(judged)).content.decode()

    assert "Accuracy points" in html
    assert 'data-key="d"' not in html and "Mark reviewed" not in html
    assert "Disagree with the judge" not in html  # nor in the list of keys
    blind = client_as("manager").get(_url(judged, blind=1)).content.decode()
    assert "Blind review" not in blind  # nothing to review blind


def test_customer_text_is_escaped(client_as, judged) -> None:
    Turn.objects.filter(conversation=judged.summary.conversation, index=0).update(
        text="<script>alert(1)</script><img src=x onerror=alert(2)>"
    )
    html = client_as("analyst").get(_url(judged)).content.decode()

    assert "&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;" in html
    assert "<img src=x" not in html


def test_a_huge_conversation_is_shown_a_window_of_turns_at_a_time(
    client_as, make_summary, judge_now, scripted_judge
) -> None:
    summary = make_summary("long-call", extra_turns=2 * TURN_WINDOW + 50)
    evaluation = judge_now([summary], dimensions=("accuracy",)).evaluations.get()
    client = client_as("analyst")

    first = client.get(_url(evaluation)).content.decode()
    last = client.get(_url(evaluation, turns=2)).content.decode()

    assert first.count('class="turn role-') == TURN_WINDOW
    assert f"Turns 0–{TURN_WINDOW - 1} of {2 * TURN_WINDOW + 54}" in first
    assert 'id="turn-0"' in first and f'id="turn-{TURN_WINDOW}"' not in first
    assert f'id="turn-{2 * TURN_WINDOW + 53}"' in last and 'id="turn-0"' not in last


def test_a_window_past_the_end_shows_the_last_one(
    client_as, make_summary, judge_now, scripted_judge
) -> None:
    summary = make_summary("long-call", extra_turns=TURN_WINDOW + 10)
    evaluation = judge_now([summary], dimensions=("accuracy",)).evaluations.get()
    client = client_as("analyst")

    past = client.get(_url(evaluation, turns=9)).content.decode()
    short = judge_now([make_summary("short")], dimensions=("accuracy",)).evaluations.get()
    beyond_short = client.get(_url(short, turns=3)).content.decode()

    assert f"Turns {TURN_WINDOW}–{TURN_WINDOW + 13} of {TURN_WINDOW + 14}" in past
    assert f'id="turn-{TURN_WINDOW + 13}"' in past and 'id="turn-0"' not in past
    assert 'id="turn-0"' in beyond_short and "Transcript pages" not in beyond_short


def test_a_turn_shows_its_index_role_speaker_and_time(client_as, judged) -> None:
    Turn.objects.filter(conversation=judged.summary.conversation, index=1).update(
        speaker="Ana <b>", offset_ms=3_725_000, text="First line\nsecond & last"
    )
    html = client_as("analyst").get(_url(judged)).content.decode()

    assert '<li id="turn-1" class="turn role-' in html
    assert '<span class="turn-index">#1</span>' in html
    assert '<span class="turn-speaker">Ana &lt;b&gt;</span>' in html
    assert (
        '<time class="turn-time" title="From the start of the conversation">1:02:05</time>' in html
    )
    assert '<p class="turn-text">First line<br>second &amp; last</p>' in html


def test_the_page_costs_the_same_queries_however_long_the_conversation_or_verdict(
    client_as, make_summary, judge_now
) -> None:
    client = client_as("analyst")
    short = judge_now([make_summary("short")]).evaluations.get()
    long = judge_now([make_summary("long", extra_turns=120)]).evaluations.get()
    counts = []
    for evaluation in (short, long):
        with CaptureQueriesContext(connection) as queries:
            assert client.get(_url(evaluation)).status_code == 200
        counts.append(len(queries.captured_queries))

    # Next/previous take one to three queries each (a tie on the sort value, then further values);
    # nothing grows with the turns or the verdict items.
    assert abs(counts[0] - counts[1]) <= 2, counts
    assert max(counts) <= 28


def test_a_conversation_not_yet_judged_shows_its_summary_and_says_so(
    client_as, make_summary
) -> None:
    summary = make_summary("not-yet")

    html = client_as("analyst").get(f"/conversations/{summary.conversation_id}/").content.decode()

    assert "No evaluation of this conversation has succeeded yet" in html
    assert "The customer was charged $10 twice" in html


def test_next_and_previous_follow_the_queue_the_analyst_came_from(
    client_as, make_summary, judge_now, scripted_judge
) -> None:
    summaries = [make_summary(f"q-{i}") for i in range(3)]
    run = judge_now(summaries, dimensions=("accuracy",))
    first, middle, last = sorted(run.evaluations.all(), key=lambda e: e.pk)
    back = "sort%3Dstarted"  # oldest first: by start time, then by id

    html = client_as("analyst").get(_url(middle, back=back)).content.decode()

    previous = re.search(r'<a href="([^"]+)" rel="prev" data-key="p">', html).group(1)
    following = re.search(r'<a href="([^"]+)" rel="next" data-key="n">', html).group(1)
    assert f"evaluation={first.pk}" in previous and f"evaluation={last.pk}" in following
    assert "back=sort%3Dstarted" in following
    assert '<a href="/conversations/?sort=started">← Queue</a>' in html
