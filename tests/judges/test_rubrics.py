from __future__ import annotations

from pathlib import Path

import pytest

from evaluations.judges.rubrics import (
    CATEGORICAL_ADHERENCE_QUESTION,
    adherence_questions,
    completeness_questions,
    split_instructions,
)
from evaluations.judges.types import SectionSpec
from tests.judges import cc_definitions, cc_rows, section_spec


def _section(instructions: str, **fields: object) -> SectionSpec:
    values = {
        "key": "notes",
        "text": "Some text.",
        "origin": "custom",
        "value_type": "free_text",
        "instructions": instructions,
        **fields,
    }
    return SectionSpec(**values)


@pytest.mark.parametrize(
    ("instructions", "expected"),
    [
        (
            "Describe the actions. List the dates.",
            ("Describe the actions.", "List the dates."),
        ),
        (
            "Name the product, e.g. a phone or a router. Include its model.",
            ("Name the product, e.g. a phone or a router.", "Include its model."),
        ),
        (
            'State the reason; otherwise return "N/A". Keep it short.',
            ('State the reason; otherwise return "N/A".', "Keep it short."),
        ),
        (
            "List entities (for example names. Also amounts) as lines. Be brief.",
            ("List entities (for example names. Also amounts) as lines.", "Be brief."),
        ),
        (
            'Write lines such as "order_number: 48213. Paid." Then stop.',
            ('Write lines such as "order_number: 48213. Paid."', "Then stop."),
        ),
        (
            "Use 'representative' in place of 'agent'. State the customer's order number.",
            ("Use 'representative' in place of 'agent'.", "State the customer's order number."),
        ),
        ("Round to 2.5 hours. Return Yes or No.", ("Round to 2.5 hours.", "Return Yes or No.")),
        ("Quote clause No. 5 exactly. Be brief.", ("Quote clause No. 5 exactly.", "Be brief.")),
        (
            "- Describe the issue\n- List the dates\n* Name the agent",
            ("Describe the issue", "List the dates", "Name the agent"),
        ),
        (
            "Include the following:\n1. the order number\n2. the refund amount\n\nBe brief.",
            (
                "Include the following: the order number",
                "Include the following: the refund amount",
                "Be brief.",
            ),
        ),
        ("1) Describe the issue. 2) List the dates.", ("Describe the issue.", "List the dates.")),
        (
            "Describe the actions\nthe agent took. List the dates.",
            ("Describe the actions the agent took.", "List the dates."),
        ),
        ("Say hi. Say hi.", ("Say hi.",)),
        ('An "unbalanced quote. Next one.', ('An "unbalanced quote.', "Next one.")),
        ("", ()),
        ("  \n  ", ()),
    ],
)
def test_it_splits_instructions_into_sentences(instructions: str, expected: tuple) -> None:
    assert split_instructions(instructions) == expected


def test_it_splits_every_shared_definition_into_the_labelled_instruction_sentences(
    shared_data: Path,
) -> None:
    definitions = cc_definitions(shared_data)
    labelled: dict[str, list[str]] = {}
    for row in cc_rows(shared_data):
        for rubric in row["labels"]["completeness"]:
            sentences = labelled.setdefault(rubric["section"], [])
            if rubric["instruction"] not in sentences:
                sentences.append(rubric["instruction"])
    free_text = [key for key, d in definitions.items() if d["value_type"] == "free_text"]
    assert set(labelled) == set(free_text)
    for key in free_text:
        split = split_instructions(definitions[key]["instructions"])
        assert set(split) == set(labelled[key]), key
        # Every sentence of the definition, in the definition's order, and nothing else.
        assert " ".join(split) == " ".join(definitions[key]["instructions"].split()), key
    assert len(split_instructions(definitions["resolution"]["instructions"])) == 2
    assert len(split_instructions(definitions["call_driver"]["instructions"])) == 2


def test_it_derives_the_labelled_adherence_questions_of_free_text_custom_sections(
    shared_data: Path,
) -> None:
    definitions = cc_definitions(shared_data)
    checked = 0
    for row in cc_rows(shared_data):
        for key in {s["key"] for s in row["summary"]["sections"]}:
            definition = definitions[key]
            labelled = [a["question"] for a in row["labels"]["adherence"] if a["section"] == key]
            derived = adherence_questions(section_spec(definition, "text"))
            if definition["origin"] == "custom" and definition["value_type"] == "free_text":
                assert list(derived) == labelled, (row["id"], key)
                checked += 1
            else:
                assert derived == ()
    assert checked >= 20


def test_it_asks_one_adherence_question_per_instruction_in_the_ccai_form() -> None:
    section = _section(
        "List any follow-up, with its date. Use 'representative' in place of 'agent'."
    )

    assert adherence_questions(section) == (
        "Does the summary follow the instruction 'List any follow-up, with its date.'?",
        "Does the summary follow the instruction 'Use 'representative' in place of 'agent'.'?",
    )


def test_it_asks_no_free_text_adherence_question_of_predefined_or_categorical_sections() -> None:
    predefined = _section("Describe the issue.", origin="predefined")
    categorical = _section(
        "Return Yes or No.", value_type="categorical", allowed_values=("Yes", "No")
    )

    assert adherence_questions(predefined) == ()
    assert adherence_questions(categorical) == ()
    assert "only one of the allowed categorical values" in CATEGORICAL_ADHERENCE_QUESTION


def test_it_pairs_each_instruction_with_its_completeness_question_for_free_text_sections() -> None:
    predefined = _section("Describe the issue. Name the product.", origin="predefined")
    categorical = _section("Return Y or N.", value_type="categorical", allowed_values=("Y", "N"))

    assert completeness_questions(predefined) == (
        ("Describe the issue.", "Does the summary follow 'Describe the issue.'?"),
        ("Name the product.", "Does the summary follow 'Name the product.'?"),
    )
    assert completeness_questions(categorical) == ()


def test_it_derives_the_same_questions_whatever_the_summary_text() -> None:
    instructions = "Describe the issue. Name the product."

    assert adherence_questions(_section(instructions, text="")) == adherence_questions(
        _section(instructions, text="A long and different summary.")
    )
