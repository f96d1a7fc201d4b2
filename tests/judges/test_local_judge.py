"""The offline judge end to end: evaluate() over every dimension, and its summarization backend."""

from __future__ import annotations

import socket

import pytest

from evaluations.judges import create_summarization_scorer
from evaluations.judges.local import LocalJudge, LocalSummarizationBackend
from evaluations.judges.types import (
    DIMENSIONS,
    SectionSpec,
    SummarySpec,
    Transcript,
    TranscriptTurn,
)

TRANSCRIPT = Transcript(
    turns=tuple(
        TranscriptTurn(index=i, role=role, text=text)
        for i, (role, text) in enumerate(
            [
                ("agent", "Harborview Dental, this is Lena. How can I help?"),
                ("customer", "I need to move my cleaning on February 18, I have a work trip."),
                ("agent", "I've moved your cleaning to Wednesday, February 25 at 10:30 AM."),
                ("customer", "Perfect. Will I get a reminder?"),
                (
                    "agent",
                    "Yes, I'll send a text reminder on February 23. Your confirmation number is HD-77612.",
                ),
                ("customer", "Great, thanks Lena!"),
            ]
        )
    )
)


def section(key: str, text: str, **definition) -> SectionSpec:
    return SectionSpec(key=key, text=text, **definition)


ACTION = section(
    "action",
    "The agent moved the cleaning to February 25 at 10:30 AM, and sent a confirmation number HD-77612.",
    origin="predefined",
    value_type="free_text",
    instructions="Describe the actions the agent took to address the customer's needs.",
)
FOLLOW_UP = section(
    "follow_up",
    "The agent promised a text reminder on February 23.",
    origin="custom",
    value_type="free_text",
    instructions="List any follow-up the agent promised, with its date. Use 'representative' in place of 'agent'.",
)
CUSTOM_ACTIONS = section(
    "custom_actions",
    "Rescheduled from February 18 to February 25.",
    origin="custom",
    value_type="free_text",
    instructions="Identify any dates explicitly mentioned by the agent or the customer. Extract the customer's order number and include it in the summary.",
)
CALL_DRIVER = section(
    "call_driver",
    "Appointment - customer wants to reschedule",
    origin="custom",
    value_type="categorical",
    instructions="Classify the primary reason the customer contacted us.",
    allowed_values=("Billing", "Appointment", "Other"),
)
SATISFACTION = section(
    "customer_satisfaction",
    "D",
    name="Customer satisfaction",
    origin="predefined",
    value_type="categorical",
    instructions="Return D if the customer was dissatisfied, or N if the customer was neutral or positive.",
    allowed_values=("D", "N"),
)
SUMMARY = SummarySpec(sections=(ACTION, FOLLOW_UP, CUSTOM_ACTIONS, CALL_DRIVER, SATISFACTION))


@pytest.fixture
def verdict():
    return LocalJudge().evaluate(TRANSCRIPT, SUMMARY, dimensions=DIMENSIONS)


def test_it_decomposes_sections_into_points_and_checks_each(verdict):
    action_points = [p.point for p in verdict.accuracy_points if p.section == "action"]
    assert action_points == [
        "The agent moved the cleaning to February 25 at 10:30 AM.",
        "The agent sent a confirmation number HD-77612.",
    ]
    assert all(p.turn_indexes for p in verdict.accuracy_points if p.section == "action")


def test_a_categorical_section_is_one_point_and_its_cues_are_checked(verdict):
    [point] = [p for p in verdict.accuracy_points if p.section == "customer_satisfaction"]
    assert point.point == "Customer satisfaction: D (dissatisfied)"
    assert not point.is_accurate  # "Perfect", "Great, thanks" close the call


def test_it_checks_the_style_rule_literally_and_the_dates_by_value(verdict):
    rubrics = {(r.section, r.question): r for r in verdict.adherence_rubrics}
    style = rubrics[
        (
            "follow_up",
            "Does the summary follow the instruction 'Use 'representative' in place of 'agent'.'?",
        )
    ]
    assert not style.is_addressed and "agent" in style.reasoning
    dates = rubrics[
        (
            "follow_up",
            "Does the summary follow the instruction 'List any follow-up the agent promised, with its date.'?",
        )
    ]
    assert dates.is_addressed
    order = rubrics[
        (
            "custom_actions",
            "Does the summary follow the instruction 'Extract the customer's order number and include it in the summary.'?",
        )
    ]
    # A booking confirmation counts as an order number, and this section leaves it out.
    assert not order.is_addressed and "HD-77612" in order.reasoning
    categorical = next(r for r in verdict.adherence_rubrics if r.section == "call_driver")
    assert not categorical.is_addressed  # extra text after the allowed value
    assert verdict.adherence.value == pytest.approx(2 / 5)
    predefined = [r for r in verdict.adherence_rubrics if r.section == "action"]
    assert predefined == []


def test_it_finds_the_dates_a_dates_instruction_calls_for(verdict):
    [rubric] = [
        r
        for r in verdict.completeness_rubrics
        if r.section == "custom_actions" and r.instruction.startswith("Identify any dates")
    ]
    covered = {item.transcript_content: item.is_covered for item in rubric.content_list}
    assert len(covered) == 3  # February 18, 25 and 23
    assert sum(covered.values()) == 2  # February 23 is not in this section
    assert all(item.turn_indexes for item in rubric.content_list)
    style_rubric = [r for r in verdict.completeness_rubrics if "representative" in r.instruction]
    assert style_rubric[0].content_list == ()  # a style rule calls for no content


def test_it_scores_summarization_from_claims_and_value_questions(verdict):
    result = verdict.summarization
    assert result is not None
    assert 0 < result.score <= 1
    assert result.claims and result.questions
    assert any("HD-77612" in q for q in result.questions)
    assert result.calls == ()


def test_it_is_deterministic_and_never_touches_the_network(monkeypatch: pytest.MonkeyPatch):
    def no_network(*args, **kwargs):
        raise AssertionError("the local judge opened a connection")

    monkeypatch.setattr(socket.socket, "connect", no_network)
    first = LocalJudge().evaluate(TRANSCRIPT, SUMMARY, dimensions=DIMENSIONS)
    second = LocalJudge().evaluate(TRANSCRIPT, SUMMARY, dimensions=DIMENSIONS)
    assert first.model_dump(mode="json") == second.model_dump(mode="json")
    assert (first.judge, first.model, first.usage.model_calls) == ("local", "local", 0)


def test_a_predefined_only_summary_is_not_applicable_for_adherence():
    verdict = LocalJudge().evaluate(
        TRANSCRIPT, SummarySpec(sections=(ACTION,)), dimensions=("accuracy", "adherence")
    )
    assert verdict.adherence.is_na
    assert verdict.accuracy.value == 1.0


def test_the_local_backend_answers_from_the_summary_alone():
    backend = LocalSummarizationBackend()
    answers, calls = backend.answer(
        "The refund of $64.50 was issued.",
        [
            "Does the conversation mention the amount $64.50 (agent)?",
            "Does the conversation mention the reference RF-552901 (agent)?",
        ],
    )
    assert [a.answered for a in answers] == [True, False]
    assert calls == []


def test_the_mastra_style_scorer_runs_on_the_local_model():
    scorer = create_summarization_scorer(model="local")
    result = scorer.run(
        input=[
            {
                "role": "user",
                "content": "Customer: I was charged $64.50 twice.\nAgent: I refunded $64.50, reference RF-552901.",
            }
        ],
        output=[
            {"role": "assistant", "content": "The agent refunded $64.50 with reference RF-552901."}
        ],
    )
    assert result["score"] == 1.0
