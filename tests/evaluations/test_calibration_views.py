"""The calibration page and its items list, as a manager or an analyst reads them."""

from __future__ import annotations

import importlib
import re
from html import unescape
from urllib.parse import parse_qs, urlsplit

import pytest
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext

from evaluations import calibration_selectors as selectors
from evaluations.calibration import ConfusionCounts, cohens_kappa
from evaluations.models import ReviewKind, VerdictReview
from tests.evaluations.calibration_factories import CLAUDE, LOCAL, ReviewFactory, table

pytestmark = pytest.mark.django_db


@pytest.fixture
def reviews(make_summary) -> ReviewFactory:
    return ReviewFactory(make_summary=make_summary)


def rows_of(html: str) -> list[str]:
    """The calibration table's rows, as text without tags."""
    return [
        re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", row))).strip()
        for row in re.findall(r"<tr class=\"(?:total|section)-row[^\"]*\">(.*?)</tr>", html, re.S)
    ]


def item_rows(html: str) -> int:
    """How many items the items page lists."""
    body = html.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    return len(re.findall(r"<tr[ >]", body)) - body.count('class="empty"')


def links_in(html: str) -> list[tuple[str, str]]:
    return [
        (unescape(href), re.sub(r"<[^>]+>", "", text).strip())
        for href, text in re.findall(r'<a href="([^"]+)"[^>]*>(.*?)</a>', html, re.S)
    ]


def test_a_cell_with_twenty_items_shows_its_numbers_and_a_smaller_one_says_too_few(
    client_as, reviews
) -> None:
    reviews(table(15, 2, 1, 4), section="situation")  # 22 items, judge shown
    reviews(table(4, 1, 0, 1), section="situation", blind=True, reviewer="analyst-b")  # 6

    response = client_as("manager").get("/calibration/")

    assert response.status_code == 200
    html = response.content.decode()
    kappa = cohens_kappa(ConfusionCounts(15, 2, 1, 4))  # 0.64: (19/22 - 302/484) / (1 - 302/484)
    rows = rows_of(html)
    # Blind first, then judge shown; the dimension's total and its one section.
    assert rows[0] == "All sections Blind 6 Too few reviews: 6 of the 20 needed"
    assert rows[1] == (
        f"All sections Judge shown 22 86.4% {kappa.value:.2f} "
        f"({kappa.low:.2f} to {kappa.high:.2f}) substantial 15 2 1 4"
    )
    assert rows[2] == "Situation Blind 6 Too few reviews: 6 of the 20 needed"
    assert len(rows) == 4
    assert rows[3].startswith("Situation Judge shown 22 86.4%")
    assert "claude-sonnet-5" in html and "prompt p-1" in html
    assert "28 reviewed items, 6 of them blind." in html


def test_sections_add_up_to_their_dimension_and_kinds_stay_apart(client_as, reviews) -> None:
    reviews(table(10, 0, 2, 0), section="situation")
    reviews(table(8, 1, 0, 1), section="next_steps")
    reviews(table(20, 0, 0, 5), kind=ReviewKind.ADHERENCE_RUBRIC, section="next_steps")

    [report] = selectors.calibration_report()

    accuracy, adherence = report.dimensions
    assert accuracy.kind == ReviewKind.ACCURACY_POINT
    judge_shown = accuracy.total[1]
    assert judge_shown.stats.counts == ConfusionCounts(18, 1, 2, 1)
    # A section shows the modes it has reviews in; the total shows both.
    assert [
        (line.section_label, line.key.is_blind, line.stats.n) for line in accuracy.sections
    ] == [("Next steps", False, 10), ("Situation", False, 12)]
    assert [line.stats.n for line in accuracy.total] == [0, 22]
    assert adherence.total[1].stats.agreement == 1.0
    assert adherence.total[1].stats.kappa.value == pytest.approx(1.0)


def test_judge_versions_are_reported_apart_and_can_be_chosen(client_as, reviews) -> None:
    reviews(table(20, 0, 0, 0), version=CLAUDE)
    reviews(table(10, 5, 5, 5), version=LOCAL)

    client = client_as("analyst")
    everything = client.get("/calibration/").content.decode()
    only_local = client.get("/calibration/", {"version": "local|local|local-lexical-1"})

    assert everything.count('class="calibration-version"') == 2
    html = only_local.content.decode()
    assert html.count('class="calibration-version"') == 1
    assert "local-lexical-1" in html and "<h2" in html
    assert "claude-sonnet-5 ·" in html  # still offered in the select
    assert "60.0%" in html  # 15 of 25


def test_all_agreeing_on_one_value_says_why_kappa_is_undefined(client_as, reviews) -> None:
    reviews(table(20, 0, 0, 0))

    html = client_as("manager").get("/calibration/").content.decode()

    assert "100.0%" in html
    assert "undefined: both passed every item" in html


def test_two_analysts_on_one_item_count_once_per_mode(client_as, reviews) -> None:
    first = reviews(table(20, 0, 0, 0), reviewer="analyst-a")
    # A second analyst disagrees with the same items, later and in the same mode: theirs counts.
    reviews.again(first[:5], reviewer="analyst-b", blind=False, human_value=False)
    # A third reviewed five of them blind: those count in the blind row.
    reviews.again(first[:5], reviewer="analyst-c", blind=True)

    [report] = selectors.calibration_report()

    blind, judge_shown = report.dimensions[0].total
    assert judge_shown.stats.counts == ConfusionCounts(15, 5, 0, 0)
    assert blind.stats.counts == ConfusionCounts(5, 0, 0, 0)


def test_every_number_links_to_the_items_behind_it(client_as, reviews) -> None:
    reviews(table(15, 2, 1, 4), text="Agreed point {n}")
    client = client_as("manager")
    html = client.get("/calibration/").content.decode()

    # Row 1 (judge shown, all sections): items, agreement, kappa and the four cells are links.
    numbers = [
        (href, text)
        for href, text in links_in(html)
        if href.startswith("/calibration/items/") and "mode=open" in href and "section=&" in href
    ]
    assert [text for _, text in numbers] == ["22", "86.4%", numbers[2][1], "15", "2", "1", "4"]
    for href, text in numbers:
        listed = client.get(href)
        assert listed.status_code == 200
        expected = int(text) if text.isdigit() else 22
        assert item_rows(listed.content.decode()) == expected, href
        assert f"{expected} item" in listed.content.decode()


def test_the_items_list_shows_each_item_with_both_verdicts_and_its_conversation(
    client_as, reviews
) -> None:
    [missed] = reviews(table(0, 1, 0, 0), text="Refund of $40 <b>promised</b>")
    reviews(table(3, 0, 0, 0))

    response = client_as("analyst").get(
        "/calibration/items/",
        {
            "version": "anthropic|claude-sonnet-5|p-1",
            "kind": "accuracy_point",
            "section": "situation",
            "mode": "open",
            "cell": "judge_pass_human_fail",
        },
    )

    html = response.content.decode()
    assert response.status_code == 200
    assert item_rows(html) == 1
    assert '<tr class="disagreement">' in html
    assert "Refund of $40 &lt;b&gt;promised&lt;/b&gt;" in html  # customer-derived text escaped
    assert '<span class="badge pass">✓ pass</span>' in html
    assert '<span class="badge fail">✗ fail</span>' in html
    conversation = missed.evaluation.summary.conversation
    assert f'href="/conversations/{conversation.pk}/?run={missed.evaluation.run_id}"' in html
    assert conversation.external_id in html
    assert "analyst-a" in html and "comment" in html


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"kind": "accuracy_point", "mode": "open"}, "version"),
        ({"version": "nonsense", "kind": "accuracy_point", "mode": "open"}, "judge|model|prompt"),
        ({"version": "a|b|c", "kind": "opinion", "mode": "open"}, "kind"),
        ({"version": "a|b|c", "kind": "accuracy_point", "mode": "open", "cell": "x"}, "cell"),
    ],
)
def test_the_items_list_refuses_a_bad_request_saying_what_is_wrong(
    client_as, params: dict, message: str
) -> None:
    response = client_as("manager").get("/calibration/items/", params)

    assert response.status_code == 400
    assert message in unescape(response.content.decode())


def test_the_items_list_pages_by_fifty_with_links_that_keep_the_filter(client_as, reviews) -> None:
    reviews(table(60, 0, 0, 0))
    client = client_as("manager")
    first = client.get(
        "/calibration/items/",
        {"version": "anthropic|claude-sonnet-5|p-1", "kind": "accuracy_point", "mode": "open"},
    ).content.decode()

    assert item_rows(first) == 50
    [older] = [href for href, text in links_in(first) if text.startswith("Older")]
    second = client.get(older).content.decode()
    assert item_rows(second) == 10
    assert parse_qs(urlsplit(older).query)["kind"] == ["accuracy_point"]


def test_htmx_gets_only_the_report(client_as, reviews) -> None:
    reviews(table(20, 1, 1, 2))

    response = client_as("manager").get("/calibration/", headers={"HX-Request": "true"})

    html = response.content.decode()
    assert 'class="calibration-version"' in html
    assert "<html" not in html and "How to read these numbers" not in html


def test_no_reviews_yet_says_so(client_as) -> None:
    html = client_as("manager").get("/calibration/").content.decode()

    assert "No reviews yet." in html


def _queries(client, url: str, params: dict | None = None) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url, params or {}).status_code == 200
    return len(captured)


def test_the_query_count_does_not_grow_with_reviews_or_rows_shown(client_as, reviews) -> None:
    client = client_as("manager")
    items = {"version": "anthropic|claude-sonnet-5|p-1", "kind": "accuracy_point", "mode": "open"}
    reviews(table(1, 0, 0, 0), section="situation")
    page_small, items_small = (
        _queries(client, "/calibration/"),
        _queries(client, "/calibration/items/", items),
    )

    for section in ("situation", "next_steps", "resolution"):
        reviews(table(12, 3, 3, 12), section=section)
    reviews(table(20, 2, 2, 6), kind=ReviewKind.COVERAGE_QUESTION, version=LOCAL)

    assert _queries(client, "/calibration/") == page_small
    assert _queries(client, "/calibration/items/", items) == items_small


def test_the_migration_copies_each_reviews_judge_version_from_its_evaluation(
    reviews,
) -> None:
    from django.apps import apps

    claude = reviews(table(2, 0, 0, 0), version=CLAUDE)
    local = reviews(table(0, 1, 0, 0), version=LOCAL)
    # As stored before the columns: blank (the constraint is a later step of the migration).
    with connection.cursor() as cursor:
        cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")  # no pending trigger blocks the ALTER
        cursor.execute(
            "ALTER TABLE evaluations_verdictreview "
            "DROP CONSTRAINT verdict_review_judge_version_copied"
        )
    VerdictReview.objects.update(judge="", model="", prompt_version="")

    migration = importlib.import_module("evaluations.migrations.0009_verdictreview_judge_version")
    migration.copy_judge_version(apps, None)

    stored = dict(VerdictReview.objects.values_list("pk", "model"))
    assert {stored[r.pk] for r in claude} == {"claude-sonnet-5"}
    assert {stored[r.pk] for r in local} == {"local"}
    assert set(VerdictReview.objects.values_list("judge", "prompt_version")) == {
        ("anthropic", "p-1"),
        ("local", "local-lexical-1"),
    }


def test_a_review_without_its_judge_version_is_refused(reviews) -> None:
    [review] = reviews(table(1, 0, 0, 0))

    with pytest.raises(IntegrityError), transaction.atomic():
        VerdictReview.objects.filter(pk=review.pk).update(model="")


def test_a_section_with_too_few_reviews_either_way_is_one_row_linking_both(
    client_as, reviews
) -> None:
    reviews(table(20, 1, 1, 2), section="situation")
    reviews(table(2, 1, 0, 0), section="next_steps", blind=True, reviewer="analyst-b")
    reviews(table(4, 0, 0, 0), section="next_steps")

    html = client_as("manager").get("/calibration/").content.decode()

    rows = [row for row in rows_of(html) if row.startswith("Next steps")]
    assert rows == [
        "Next steps Blind Judge shown 3 · 4 "
        "Too few reviews: 3 blind and 4 with the judge shown, of the 20 needed"
    ]
    next_steps = [href for href, _ in links_in(html) if "section=next_steps" in href]
    assert len(next_steps) == 2
    assert {parse_qs(urlsplit(href).query)["mode"][0] for href in next_steps} == {"blind", "open"}
