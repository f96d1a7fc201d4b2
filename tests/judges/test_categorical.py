from __future__ import annotations

from pathlib import Path

import pytest

from evaluations.judges.categorical import (
    categorical_adherence,
    categorical_point,
    match_allowed_value,
    value_meanings,
)
from evaluations.judges.rubrics import CATEGORICAL_ADHERENCE_QUESTION
from evaluations.judges.types import SectionSpec
from tests.judges import cc_definitions, cc_rows, section_spec

RESOLUTION_INSTRUCTIONS = (
    "Indicate whether the customer's issues were resolved. Return Y if all issues were resolved, "
    "P if they were partly resolved, N if none were resolved, or N/A if the customer raised no issue."
)


def _escalated(text: str) -> SectionSpec:
    return SectionSpec(
        key="escalated",
        name="Escalated",
        text=text,
        origin="custom",
        value_type="categorical",
        instructions="Indicate whether the conversation was escalated. Return Yes or No.",
        allowed_values=("Yes", "No"),
    )


def _resolution(text: str) -> SectionSpec:
    return SectionSpec(
        key="resolution",
        name="Resolution",
        text=text,
        origin="predefined",
        value_type="categorical",
        instructions=RESOLUTION_INSTRUCTIONS,
        allowed_values=("Y", "P", "N", "N/A"),
    )


@pytest.mark.parametrize("text", ["Yes", "yes", "  YES \n", "Yes.", "yes. "])
def test_it_accepts_exactly_one_allowed_value_ignoring_case_space_and_a_trailing_period(
    text: str,
) -> None:
    rubric = categorical_adherence(_escalated(text))

    assert rubric.is_addressed
    assert rubric.decided_by == "code"
    assert rubric.question == CATEGORICAL_ADHERENCE_QUESTION
    assert "'Yes'" in rubric.reasoning


def test_it_says_which_value_was_found() -> None:
    assert (
        categorical_adherence(_escalated("No")).reasoning
        == "Returns exactly 'No', an allowed value."
    )


def test_it_marks_a_value_with_extra_words_not_adherent_and_quotes_the_extra_text() -> None:
    rubric = categorical_adherence(_escalated("No - handled by the agent without a transfer"))

    assert not rubric.is_addressed
    assert "'No'" in rubric.reasoning
    assert "handled by the agent without a transfer" in rubric.reasoning
    assert "'Yes', 'No'" in rubric.reasoning


@pytest.mark.parametrize(
    "text", ["Yes or No", "Yes!", '"Yes"', "Yes..", "Y", "Nope", "Yes, escalated"]
)
def test_it_is_strict_about_anything_but_one_allowed_value(text: str) -> None:
    rubric = categorical_adherence(_escalated(text))

    assert not rubric.is_addressed
    assert "allowed values: 'Yes', 'No'" in rubric.reasoning


def test_it_marks_categorical_value_not_allowed_and_lists_the_allowed_ones() -> None:
    rubric = categorical_adherence(_escalated("Transferred"))

    assert not rubric.is_addressed
    assert (
        rubric.reasoning
        == "Returns 'Transferred', which is not one of the allowed values: 'Yes', 'No'."
    )


def test_it_marks_an_empty_categorical_section_not_adherent() -> None:
    rubric = categorical_adherence(_escalated("   "))

    assert not rubric.is_addressed
    assert "empty" in rubric.reasoning
    assert "'Yes', 'No'" in rubric.reasoning


def test_it_does_not_take_n_slash_a_for_n() -> None:
    assert match_allowed_value("N/A", ("Y", "P", "N", "N/A")) == "N/A"
    assert match_allowed_value("n", ("Y", "P", "N", "N/A")) == "N"
    assert match_allowed_value("N/A if none", ("Y", "N", "N/A")) is None


def test_it_reads_what_each_value_means_from_the_instructions() -> None:
    assert value_meanings(_resolution("P")) == {
        "Y": "all issues resolved",
        "P": "partly resolved",
        "N": "none resolved",
        "N/A": "the customer raised no issue",
    }


def test_it_writes_a_categorical_value_as_one_point_with_its_meaning() -> None:
    assert categorical_point(_resolution("P")) == "Resolution: P (partly resolved)"
    assert (
        categorical_point(_resolution(" n/a ")) == "Resolution: N/A (the customer raised no issue)"
    )


def test_it_falls_back_to_the_bare_value_when_the_instructions_give_no_meaning() -> None:
    assert categorical_point(_escalated("yes")) == "Escalated: Yes"


def test_it_keeps_the_claim_of_a_value_written_with_an_explanation() -> None:
    section = _escalated("No - handled by the agent without a transfer")

    assert categorical_point(section) == "Escalated: No (handled by the agent without a transfer)"
    assert (
        categorical_point(_escalated("Transferred to billing"))
        == "Escalated: Transferred to billing"
    )


def test_it_decides_every_labelled_categorical_adherence_and_point_like_the_labels(
    shared_data: Path,
) -> None:
    definitions = cc_definitions(shared_data)
    adherence_checked = points_checked = 0
    for row in cc_rows(shared_data):
        for written in row["summary"]["sections"]:
            definition = definitions[written["key"]]
            if definition["value_type"] != "categorical":
                continue
            section = section_spec(definition, written["text"])
            [label] = [p for p in row["labels"]["accuracy"] if p["section"] == section.key]
            if section.text.strip() == label["point"].split(": ", 1)[1].split(" (")[0]:
                assert categorical_point(section) == label["point"], row["id"]
                points_checked += 1
            for labelled in row["labels"]["adherence"]:
                if labelled["section"] == section.key:
                    assert categorical_adherence(section).is_addressed == labelled["is_addressed"]
                    adherence_checked += 1
    assert adherence_checked >= 20
    assert points_checked >= 40
