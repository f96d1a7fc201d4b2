from __future__ import annotations

from pathlib import Path

from evaluations.judges.evidence import (
    TranscriptIndex,
    best_section,
    content_tokens,
    link_summarization,
    locate_evidence,
    verify_completeness_items,
)
from evaluations.judges.types import (
    ClaimVerdict,
    CompletenessItem,
    CompletenessRubric,
    QuestionVerdict,
    SectionSpec,
    SummarizationResult,
    SummarySpec,
    Transcript,
    TranscriptTurn,
)
from tests.judges import cc_rows, row_transcript

TURNS = [
    ("agent", "Thank you for calling Brightwave Mobile, this is Dana. What can I help you with?"),
    ("customer", "My January bill shows the Unlimited Plus charge of $64.50 twice."),
    ("agent", "I see invoice BW-2026-01-88314, dated January 3, with two identical line items."),
    ("customer", "Will I get the money back? It already came out of my checking account."),
    ("agent", "Yes. I'm issuing a refund of $64.50 back to the checking account on file. "
     "It usually takes 3 to 5 business days to appear."),
    ("agent", "Your February invoice, dated the 3rd of February, will show a single charge."),
]  # fmt: skip
TRANSCRIPT = Transcript(
    turns=tuple(
        TranscriptTurn(index=i, role=role, text=text) for i, (role, text) in enumerate(TURNS)
    )
)


def test_it_verifies_a_paraphrase_of_one_turn_and_links_that_turn_first() -> None:
    verified, turns = locate_evidence(
        TRANSCRIPT, "Agent refunded $64.50 to the checking account on file, 3-5 business days"
    )

    assert verified
    assert turns[0] == 4
    assert len(turns) <= 3


def test_it_verifies_a_paraphrase_that_spans_two_turns() -> None:
    verified, turns = locate_evidence(
        TRANSCRIPT, "Customer was charged twice for Unlimited Plus on invoice BW-2026-01-88314"
    )

    assert verified
    assert set(turns[:2]) == {1, 2}


def test_it_rejects_invented_content() -> None:
    verified, _turns = locate_evidence(
        TRANSCRIPT, "The customer upgraded to a premium tablet plan with free streaming"
    )

    assert not verified


def test_it_rejects_a_paraphrase_whose_amount_the_transcript_never_says() -> None:
    index = TranscriptIndex(TRANSCRIPT)
    match = index.locate("Agent refunded $30 to the checking account on file")

    assert not match.is_verified
    assert match.missing_identifiers == ("30",)
    assert match.turn_indexes[0] == 4  # still linked to the turn it contradicts


def test_it_rejects_a_date_the_transcript_does_not_say() -> None:
    assert locate_evidence(TRANSCRIPT, "The February invoice is dated February 3")[0]
    assert not locate_evidence(TRANSCRIPT, "The February invoice is dated February 13")[0]


def test_it_normalises_amounts_dates_number_words_and_possessives() -> None:
    assert content_tokens("The customer's refund of $64.50 on the 3rd of February, five days") == [
        "refund",
        "64.5",
        "feb#3",
        "5",
        "days",
    ]
    assert content_tokens("1,460 kWh on March 2") == ["1460", "kwh", "mar#2"]
    assert content_tokens("the customer and the agent") == []


def test_it_does_not_verify_text_with_no_content_words() -> None:
    assert locate_evidence(TRANSCRIPT, "the customer and the agent") == (False, ())
    empty = Transcript(turns=())
    assert locate_evidence(empty, "A refund of $64.50") == (False, ())


def test_it_fills_evidence_flags_and_turns_on_copies_of_completeness_items() -> None:
    rubric = CompletenessRubric(
        section="action",
        instruction="Describe the actions the agent took.",
        question="Does the summary follow 'Describe the actions the agent took.'?",
        content_list=(
            CompletenessItem(transcript_content="Refund of $64.50 to checking", is_covered=True),
            CompletenessItem(transcript_content="Agent sent a free phone", is_covered=False),
            CompletenessItem(
                transcript_content="Invoice BW-2026-01-88314", is_covered=True, turn_indexes=(2,)
            ),
        ),
    )

    [checked] = verify_completeness_items(TRANSCRIPT, [rubric])

    first, second, third = checked.content_list
    assert first.is_evidence_verified and first.turn_indexes[0] == 4
    assert not second.is_evidence_verified
    assert third.is_evidence_verified and third.turn_indexes == (2,)
    assert [item.is_covered for item in checked.content_list] == [True, False, True]
    assert rubric.content_list[1].is_evidence_verified  # the input is left as it was


def test_it_verifies_nearly_all_labelled_items_and_few_items_of_other_conversations(
    shared_data: Path,
) -> None:
    """Calibration on the development data: every labelled `transcript_content` paraphrases its own
    transcript; checked against each of the 23 other transcripts, almost none should verify."""
    rows = cc_rows(shared_data)
    items = [
        (row["id"], item["transcript_content"])
        for row in rows
        for rubric in row["labels"]["completeness"]
        for item in rubric["content"]
    ]
    own = own_verified = other = other_verified = 0
    for row in rows:
        transcript = row_transcript(row)
        for item_row, text in items:
            verified, turns = locate_evidence(transcript, text)
            assert len(turns) <= 3
            if item_row == row["id"]:
                own += 1
                own_verified += verified
            else:
                other += 1
                other_verified += verified

    assert own == 197
    assert own_verified / own >= 0.97
    assert other_verified / other <= 0.05


# --- Summarization claims and questions, linked to sections and turns ---------------------------


SUMMARY = SummarySpec(
    sections=(
        SectionSpec(
            key="situation",
            text="The customer was charged $64.50 twice for Unlimited Plus in January.",
            origin="predefined",
            value_type="free_text",
        ),
        SectionSpec(
            key="resolution",
            text="The agent refunded $64.50 to the checking account; it takes 3 to 5 days.",
            origin="predefined",
            value_type="free_text",
        ),
    )
)


def test_a_claim_is_linked_to_the_section_it_comes_from_and_the_turns_that_say_it() -> None:
    result = SummarizationResult(
        score=1.0,
        reason="",
        alignment=1.0,
        coverage=1.0,
        claims=(
            ClaimVerdict(
                claim="The refund of $64.50 goes to the checking account.",
                supported=True,
                reason="r",
            ),
            ClaimVerdict(
                claim="The Unlimited Plus charge appeared twice in January.",
                supported=True,
                reason="r",
            ),
            ClaimVerdict(claim="Zebras.", supported=False, reason="r"),
        ),
        questions=("Which invoice number shows the duplicate line items?",),
        answers=(
            QuestionVerdict(
                question="Which invoice number shows the duplicate line items?",
                answered=False,
                reason="r",
            ),
        ),
    )

    linked = link_summarization(TRANSCRIPT, SUMMARY, result)

    refund, charge, unrelated = linked.claims
    assert (refund.section, refund.turn_indexes[0]) == ("resolution", 4)
    assert (charge.section, charge.turn_indexes[0]) == ("situation", 1)
    assert (unrelated.section, unrelated.turn_indexes) == ("", ())
    (question,) = linked.answers
    assert question.turn_indexes[0] == 2  # the invoice turn it was drawn from
    # What a judge already linked is kept.
    given = result.model_copy(
        update={
            "claims": (
                result.claims[0].model_copy(update={"section": "situation", "turn_indexes": (0,)}),
            )
        }
    )
    assert link_summarization(TRANSCRIPT, SUMMARY, given).claims[0].turn_indexes == (0,)
    assert best_section(SUMMARY, "nothing in common") == ""
    assert best_section(SUMMARY, "Resolution: refunded") == "resolution"  # by its title
