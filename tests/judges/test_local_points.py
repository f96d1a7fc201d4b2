"""The offline judge's point check: values, speakers, grounding and categorical cues."""

from __future__ import annotations

import pytest

from evaluations.judges.local import LocalJudge
from evaluations.judges.local.decompose import decompose_free_text
from evaluations.judges.text import extract_facts
from evaluations.judges.types import PointToVerify, Transcript, TranscriptTurn


def transcript(*turns: tuple[str, str]) -> Transcript:
    return Transcript(
        turns=tuple(
            TranscriptTurn(index=i, role=role, text=text) for i, (role, text) in enumerate(turns)
        )
    )


def verify(conversation: Transcript, point: str, section: str = "action"):
    return LocalJudge().verify_points(conversation, [PointToVerify(section=section, point=point)])[
        0
    ]


LATE_FEE = transcript(
    ("agent", "Thanks for calling Kestrel Card Services. How can I help?"),
    ("customer", "I was charged a late fee of ten dollars on my statement and I have autopay."),
    ("agent", "I see it. Since it's your first late fee, I've waived the ten dollar fee."),
    ("customer", "Great, can you also send me the confirmation to 555-201-4417?"),
    ("agent", "Done. Your reference is KC-88120 and the credit posts on February 3."),
    ("customer", "Perfect, thank you so much."),
)


def test_it_reads_ten_dollars_and_dollar_ten_as_the_same_amount():
    assert extract_facts("ten dollars")[0].value == extract_facts("$10")[0].value == "USD:10.00"
    assert verify(LATE_FEE, "The agent waived the $10 late fee.").is_accurate


def test_it_flags_thirty_dollars_when_the_customer_said_ten():
    verdict = verify(LATE_FEE, "The agent waived the $30 late fee.")
    assert not verdict.is_accurate
    assert "$30" in verdict.accuracy
    assert 2 in verdict.turn_indexes  # the turn that states the real fee


def test_it_matches_february_3_and_feb_3rd_and_flags_february_4():
    assert verify(LATE_FEE, "The credit posts on Feb 3rd.").is_accurate
    assert verify(LATE_FEE, "The credit posts on the 3rd of February.").is_accurate
    wrong = verify(LATE_FEE, "The credit posts on February 4.")
    assert not wrong.is_accurate
    assert "February 4" in wrong.accuracy


def test_it_matches_a_phone_number_in_another_format_and_flags_a_wrong_one():
    assert verify(LATE_FEE, "The confirmation goes to (555) 201-4417.").is_accurate
    wrong = verify(LATE_FEE, "The confirmation goes to 555-201-4471.")
    assert not wrong.is_accurate
    assert "phone number" in wrong.accuracy


def test_it_flags_a_reference_id_with_swapped_digits():
    assert verify(LATE_FEE, "reference: KC-88120", section="entities").is_accurate
    wrong = verify(LATE_FEE, "reference: KC-88210", section="entities")
    assert not wrong.is_accurate
    assert "KC-88210" in wrong.accuracy


def test_it_accepts_an_id_read_out_with_spaces():
    spoken = transcript(("customer", "My order number is L H 300745."), ("agent", "Found it."))
    assert verify(spoken, "order_number: LH-300745", section="entities").is_accurate


def test_it_links_a_supported_point_to_the_turn_that_states_it_and_quotes_it():
    verdict = verify(LATE_FEE, "The agent waived the late fee.")
    assert verdict.is_accurate
    assert 2 in verdict.turn_indexes
    assert "waived" in verdict.accuracy


REFUND = transcript(
    ("agent", "Northpeak Outfitters, this is Priya. How can I help?"),
    ("customer", "The strap on my backpack tore. Can I get a refund for it?"),
    ("agent", "I can send you a replacement strap kit at no cost instead."),
    ("customer", "Okay, a replacement kit works."),
)


def test_it_flags_the_agent_offering_a_refund_that_only_the_customer_mentioned():
    verdict = verify(REFUND, "The agent offered a refund for the backpack.")
    assert not verdict.is_accurate
    assert "customer" in verdict.accuracy and "agent" in verdict.accuracy


def test_it_accepts_the_same_refund_attributed_to_the_customer():
    assert verify(REFUND, "The customer asked for a refund for the backpack.").is_accurate


def test_it_attributes_claims_to_named_speakers_of_a_chat():
    chat = Transcript(
        turns=(
            TranscriptTurn(index=0, role="customer", speaker="Mick", text="I'm gonna go to the club with my friends for Halloween"),
            TranscriptTurn(index=1, role="customer", speaker="Amka", text="I probably won't dress up."),
            TranscriptTurn(index=2, role="customer", speaker="Mick", text="nice, enjoy the quiet night"),
        )
    )  # fmt: skip
    assert verify(chat, "Mick is going to the club with his friends for Halloween.").is_accurate
    wrong = verify(chat, "Amka is going to the club with her friends for Halloween.")
    assert not wrong.is_accurate


def test_it_flags_an_action_the_transcript_never_mentions():
    verdict = verify(LATE_FEE, "The agent scheduled a technician visit to inspect the card reader.")
    assert not verdict.is_accurate
    assert "technician" in verdict.accuracy


def test_it_contradicts_a_dissatisfied_rating_after_a_warm_goodbye():
    verdict = verify(
        LATE_FEE, "Customer satisfaction: D (dissatisfied)", section="customer_satisfaction"
    )
    assert not verdict.is_accurate
    assert verify(
        LATE_FEE, "Customer satisfaction: N (neutral or positive)", section="customer_satisfaction"
    ).is_accurate


def test_it_contradicts_all_resolved_when_the_issue_was_escalated():
    escalated = transcript(
        ("customer", "My internet is still slow after the reboot."),
        ("agent", "I'm escalating this to our network team as ticket NW-1; they will call you."),
        ("customer", "All right."),
    )
    assert not verify(
        escalated, "Resolution: Y (all issues resolved)", section="resolution"
    ).is_accurate
    assert verify(escalated, "Resolution: P (partially resolved)", section="resolution").is_accurate


def test_it_splits_coordinated_actions_and_keeps_entity_lines_whole():
    points = decompose_free_text(
        "The agent verified the account, removed the duplicate charge, and sent a confirmation "
        "email with reference RF-552901. The refund takes 3-5 business days.\n"
    )
    assert points == [
        "The agent verified the account.",
        "The agent removed the duplicate charge.",
        "The agent sent a confirmation email with reference RF-552901.",
        "The refund takes 3-5 business days.",
    ]
    assert decompose_free_text("order_number: NP-1\nrefund_amount: $64.50") == [
        "order_number: NP-1",
        "refund_amount: $64.50",
    ]


@pytest.mark.parametrize(
    ("text", "kind", "value"),
    [
        ("3-5 business days", "number", "3"),
        ("at 3:30 PM", "time", "15:30"),
        ("twenty five dollars and fifty cents", "money", "USD:25.50"),
        ("model LW-8200", "id", "LW8200"),
        ("aisha.k@example.org", "email", "aisha.k@example.org"),
    ],
)
def test_it_canonicalises_values(text: str, kind: str, value: str):
    fact = extract_facts(text)[0]
    assert (fact.kind, fact.value) == (kind, value)


DOUBLE_BILL = transcript(
    ("agent", "Harbor Telecom billing, this is Ines. What can I do for you?"),
    ("customer", "My latest bill is $84.00, but my Stream 200 plan is $42.00 a month. You charged me twice."),
    ("agent", "Let me look. Invoice INV-5512, dated March 3, shows the Stream 200 charge of $42.00 twice."),
    ("agent", "The renewal ran twice that day. I'm reversing the duplicate charge now."),
    ("customer", "I also want to send back the old modem."),
    ("agent", "What's the order number?"),
    ("customer", "It's ORD-7731."),
    ("agent", "I've opened return RMA-4410 for the old modem."),
    ("customer", "I have an install visit on April 9, noon to 2 pm, but I can't be home then. Can we move it?"),
    ("agent", "Of course. I have April 14, 8 am to 10 am. Would that work?"),
    ("customer", "Yes, and what is my balance after all this?"),
    ("agent", "Your balance is $30.00."),
)  # fmt: skip


@pytest.mark.parametrize(
    "point",
    [
        "The customer's latest bill was $84.00.",
        # The amount comes from the customer's turn, the invoice and its date from the agent's.
        "The customer's latest bill of $84.00 on invoice INV-5512 dated March 3 was twice the "
        "$42.00 monthly price of the Stream 200 plan.",
        "The customer was billed $84.00 on invoice INV-5512 dated March 3, twice the $42.00 "
        "monthly price of the Stream 200 plan.",
        # Two ids, each said in its own turn; the order id only in an answer to "the order number?".
        "The agent opened return RMA-4410 for the old modem on order ORD-7731.",
        # The old date is said in one turn, the new date and times in another.
        "The install visit moved from April 9 to April 14, 8 am to 10 am.",
    ],
)
def test_it_accepts_a_claim_that_combines_values_said_in_different_turns(point: str):
    verdict = verify(DOUBLE_BILL, point)
    assert verdict.is_accurate, verdict.accuracy
    assert "not in the transcript" not in verdict.accuracy


def test_a_value_said_only_about_something_else_is_flagged_as_said_elsewhere():
    verdict = verify(DOUBLE_BILL, "The customer's Stream 200 plan costs $30.00 a month.")
    assert not verdict.is_accurate
    # $30.00 is said (the balance), so the judge must not claim it is absent.
    assert "not in the transcript" not in verdict.accuracy
    assert "'$30.00' is said in turn 11, but not in the turns this claim is about" in (
        verdict.accuracy
    )
    assert "'$42.00'" in verdict.accuracy
    assert {1, 11} <= set(verdict.turn_indexes)
