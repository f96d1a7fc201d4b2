from __future__ import annotations

from pathlib import Path

import pytest

from evaluations.judges.rubrics import CATEGORICAL_ADHERENCE_QUESTION
from evaluations.judges.scoring import (
    NA_CATEGORICAL,
    NA_EMPTY_SECTION,
    NA_NO_CONTENT,
    NA_NOT_REQUESTED,
    NA_PREDEFINED,
    NA_SUMMARY_CATEGORICAL_ONLY,
    NA_SUMMARY_PREDEFINED_ONLY,
    assemble_verdict,
    recompute,
    score_mismatches,
    section_accuracy,
    section_adherence,
    section_completeness,
)
from evaluations.judges.types import (
    CCAI_DIMENSIONS,
    AccuracyPoint,
    AdherenceRubric,
    CallUsage,
    CompletenessItem,
    CompletenessRubric,
    SectionSpec,
    SummarizationResult,
    SummarySpec,
    SummaryVerdict,
    Transcript,
    TranscriptTurn,
)
from tests.judges import cc_definitions, cc_rows, row_summary, row_verdicts

SITUATION = SectionSpec(
    key="situation",
    text="The customer was billed twice.",
    origin="predefined",
    value_type="free_text",
    instructions="Describe what the customer contacted the company about.",
)
ACTION = SectionSpec(
    key="action",
    text="The agent refunded $64.50.",
    origin="predefined",
    value_type="free_text",
    instructions="Describe the actions the agent took.",
)
RESOLUTION = SectionSpec(
    key="resolution",
    text="Y",
    origin="predefined",
    value_type="categorical",
    instructions="Return Y if all issues were resolved, or N if none were resolved.",
    allowed_values=("Y", "N"),
)
FOLLOW_UP = SectionSpec(
    key="follow_up",
    text="The representative will call on March 3.",
    origin="custom",
    value_type="free_text",
    instructions="List any follow-up the agent promised, with its date. Use 'representative' in place of 'agent'.",
)
ESCALATED = SectionSpec(
    key="escalated",
    text="No",
    origin="custom",
    value_type="categorical",
    instructions="Return Yes or No.",
    allowed_values=("Yes", "No"),
)


def _point(section: str, is_accurate: bool) -> AccuracyPoint:
    return AccuracyPoint(section=section, point="p", accuracy="why", is_accurate=is_accurate)


def _question(section: str, is_addressed: bool, question: str = "q?") -> AdherenceRubric:
    return AdherenceRubric(
        section=section, question=question, reasoning="why", is_addressed=is_addressed
    )


def _rubric(section: str, *covered: bool, verified: bool = True) -> CompletenessRubric:
    return CompletenessRubric(
        section=section,
        instruction="Do it.",
        question="Does the summary follow 'Do it.'?",
        content_list=tuple(
            CompletenessItem(
                transcript_content=f"fact {i}", is_covered=c, is_evidence_verified=verified
            )
            for i, c in enumerate(covered)
        ),
    )


def _verdict(summary: SummarySpec, **verdicts: object) -> SummaryVerdict:
    fields = {"dimensions": CCAI_DIMENSIONS, **verdicts}
    return assemble_verdict(
        judge="local", model="local", prompt_version="test", summary=summary, **fields
    )


# --- Section formulas --------------------------------------------------------------------------


def test_section_accuracy_is_accurate_points_over_points() -> None:
    score = section_accuracy([_point("action", True), _point("action", False)] * 2, section=ACTION)

    assert score.value == 0.5


def test_an_empty_section_is_na_for_accuracy_whatever_points_are_given() -> None:
    empty = ACTION.model_copy(update={"text": "  "})

    score = section_accuracy([_point("action", True)], section=empty)

    assert score.value is None
    assert score.na_reason == NA_EMPTY_SECTION


def test_a_section_with_no_points_is_na_not_zero() -> None:
    score = section_accuracy([], section=ACTION)

    assert score.is_na and score.value is None and score.na_reason


def test_adherence_is_na_for_a_predefined_section() -> None:
    score = section_adherence([_question("situation", True)], section=SITUATION)

    assert score.value is None
    assert score.na_reason == NA_PREDEFINED


def test_section_adherence_is_addressed_questions_over_questions() -> None:
    rubrics = [
        _question("follow_up", True),
        _question("follow_up", False),
        _question("follow_up", True),
    ]

    assert section_adherence(rubrics, section=FOLLOW_UP).value == pytest.approx(2 / 3)


def test_completeness_is_na_for_a_categorical_section() -> None:
    score = section_completeness([_rubric("resolution", True)], section=RESOLUTION)

    assert score.value is None
    assert score.na_reason == NA_CATEGORICAL


def test_section_completeness_is_the_mean_of_rubric_shares_not_of_pooled_items() -> None:
    rubrics = [_rubric("action", True), _rubric("action", True, False, False)]

    # (1/1 + 1/3) / 2, not 2 covered / 4 items
    assert section_completeness(rubrics, section=ACTION).value == pytest.approx(2 / 3)


def test_a_rubric_with_an_empty_content_list_does_not_count() -> None:
    rubrics = [_rubric("action", True, False), _rubric("action")]

    assert section_completeness(rubrics, section=ACTION).value == 0.5


def test_completeness_is_na_when_no_instruction_calls_for_content() -> None:
    score = section_completeness([_rubric("action"), _rubric("action")], section=ACTION)

    assert score.value is None
    assert score.na_reason == NA_NO_CONTENT


def test_unverified_evidence_items_still_count() -> None:
    rubrics = [_rubric("action", False, verified=False), _rubric("action", True)]

    assert section_completeness(rubrics, section=ACTION).value == 0.5


# --- Summary level -----------------------------------------------------------------------------


def test_summary_accuracy_pools_points_across_sections() -> None:
    summary = SummarySpec(sections=(SITUATION, ACTION))
    points = (
        [_point("situation", True)] * 2 + [_point("action", True)] + [_point("action", False)] * 3
    )

    verdict = _verdict(summary, accuracy_points=points)

    # 3 accurate of 6 points, not the mean of the section scores (1.0 and 0.25)
    assert verdict.accuracy.value == 0.5
    assert [s.accuracy.value for s in verdict.section_scores] == [1.0, 0.25]


def test_summary_adherence_pools_questions_across_custom_sections() -> None:
    summary = SummarySpec(sections=(SITUATION, FOLLOW_UP, ESCALATED))
    rubrics = [
        _question("follow_up", True, "a?"),
        _question("follow_up", False, "b?"),
    ]

    verdict = _verdict(summary, adherence_rubrics=rubrics)

    # follow_up 1 of 2, escalated ("No") 1 of 1 decided in code: 2 of 3
    assert verdict.adherence.value == pytest.approx(2 / 3)
    by_section = {s.section: s for s in verdict.section_scores}
    assert by_section["situation"].adherence.na_reason == NA_PREDEFINED
    assert by_section["escalated"].adherence.value == 1.0


def test_summary_completeness_is_the_mean_over_every_counting_rubric_of_the_summary() -> None:
    summary = SummarySpec(sections=(SITUATION, ACTION, RESOLUTION))
    rubrics = [
        _rubric("situation", True),
        _rubric("action", True, False),
        _rubric("action", False),
        _rubric("action"),
    ]

    verdict = _verdict(summary, completeness_rubrics=rubrics)

    assert verdict.completeness.value == pytest.approx((1 + 0.5 + 0) / 3)
    assert verdict.section_scores[2].completeness.na_reason == NA_CATEGORICAL


def test_a_summary_of_predefined_sections_only_is_na_for_adherence_with_the_ccai_reason() -> None:
    verdict = _verdict(SummarySpec(sections=(SITUATION, RESOLUTION)))

    assert verdict.adherence.value is None
    assert verdict.adherence.na_reason == NA_SUMMARY_PREDEFINED_ONLY
    assert "predefined" in NA_SUMMARY_PREDEFINED_ONLY and "custom" in NA_SUMMARY_PREDEFINED_ONLY


def test_a_summary_of_categorical_values_only_is_na_for_completeness_with_the_ccai_reason() -> None:
    verdict = _verdict(SummarySpec(sections=(RESOLUTION, ESCALATED)))

    assert verdict.completeness.value is None
    assert verdict.completeness.na_reason == NA_SUMMARY_CATEGORICAL_ONLY
    assert verdict.adherence.value == 1.0  # escalated is custom, decided in code


def test_a_mixed_summary_gets_per_section_na_and_a_summary_score() -> None:
    summary = SummarySpec(sections=(SITUATION, RESOLUTION, FOLLOW_UP))
    verdict = _verdict(
        summary,
        accuracy_points=[
            _point("situation", True),
            _point("resolution", False),
            _point("follow_up", True),
        ],
        adherence_rubrics=[_question("follow_up", True, "a?"), _question("follow_up", True, "b?")],
        completeness_rubrics=[_rubric("situation", True, False), _rubric("follow_up", True)],
    )

    by_section = {s.section: s for s in verdict.section_scores}
    assert by_section["resolution"].completeness.is_na
    assert by_section["situation"].adherence.is_na
    assert verdict.accuracy.value == pytest.approx(2 / 3)
    assert verdict.adherence.value == 1.0
    assert verdict.completeness.value == pytest.approx(0.75)


def test_a_dimension_na_in_every_section_for_different_reasons_lists_them() -> None:
    summary = SummarySpec(sections=(RESOLUTION, ACTION))
    verdict = _verdict(summary, completeness_rubrics=[_rubric("action")])

    assert verdict.completeness.value is None
    assert NA_CATEGORICAL in verdict.completeness.na_reason
    assert NA_NO_CONTENT in verdict.completeness.na_reason
    assert len(verdict.completeness.na_reason) <= 300


def test_a_summary_whose_sections_are_all_empty_is_na_for_accuracy() -> None:
    empty = SITUATION.model_copy(update={"text": ""})

    verdict = _verdict(SummarySpec(sections=(empty,)))

    assert verdict.accuracy.value is None
    assert "empty" in verdict.accuracy.na_reason


def test_a_dimension_not_requested_is_na_everywhere() -> None:
    summary = SummarySpec(sections=(SITUATION, FOLLOW_UP))
    verdict = assemble_verdict(
        judge="local",
        model="local",
        prompt_version="test",
        summary=summary,
        dimensions=("accuracy",),
        accuracy_points=[_point("situation", True)],
        summarization=_summarization(),
    )

    assert verdict.accuracy.value == 1.0
    for score in (verdict.adherence, verdict.completeness):
        assert score.value is None and score.na_reason == NA_NOT_REQUESTED
    assert all(s.adherence.na_reason == NA_NOT_REQUESTED for s in verdict.section_scores)
    assert verdict.summarization is None


# --- assemble_verdict's rules ------------------------------------------------------------------


def test_it_decides_a_missing_categorical_adherence_rubric_in_code() -> None:
    summary = SummarySpec(sections=(ESCALATED.model_copy(update={"text": "No - not needed"}),))

    verdict = _verdict(summary)

    [rubric] = verdict.adherence_rubrics
    assert rubric.question == CATEGORICAL_ADHERENCE_QUESTION
    assert rubric.decided_by == "code"
    assert not rubric.is_addressed
    assert verdict.adherence.value == 0.0


def test_an_empty_free_text_custom_section_fails_every_adherence_question() -> None:
    empty = FOLLOW_UP.model_copy(update={"text": ""})
    summary = SummarySpec(sections=(SITUATION, empty))

    derived = _verdict(summary)
    judged = _verdict(summary, adherence_rubrics=[_question("follow_up", True, "a?")])

    assert [r.is_addressed for r in derived.adherence_rubrics] == [False, False]
    assert derived.adherence_rubrics[0].question.startswith(
        "Does the summary follow the instruction"
    )
    assert derived.adherence.value == 0.0
    assert [r.is_addressed for r in judged.adherence_rubrics] == [False]
    assert "empty" in judged.adherence_rubrics[0].reasoning
    assert judged.adherence.value == 0.0
    assert derived.accuracy.value is None  # and accuracy stays N/A for the empty section


def test_an_empty_section_covers_no_completeness_item() -> None:
    empty = ACTION.model_copy(update={"text": ""})
    rubric = _rubric("action", True, True)

    verdict = _verdict(SummarySpec(sections=(empty,)), completeness_rubrics=[rubric])

    assert [i.is_covered for i in verdict.completeness_rubrics[0].content_list] == [False, False]
    assert verdict.completeness.value == 0.0


def test_it_checks_completeness_evidence_when_given_the_transcript() -> None:
    transcript = Transcript(
        turns=(
            TranscriptTurn(index=0, role="customer", text="I was billed $64.50 twice this month."),
            TranscriptTurn(index=1, role="agent", text="I've refunded the duplicate $64.50."),
        )
    )
    rubric = CompletenessRubric(
        section="action",
        instruction="Describe the actions the agent took.",
        question="Does the summary follow 'Describe the actions the agent took.'?",
        content_list=(
            CompletenessItem(transcript_content="Refunded the duplicate $64.50", is_covered=True),
            CompletenessItem(transcript_content="Shipped a new router overnight", is_covered=False),
        ),
    )

    verdict = _verdict(
        SummarySpec(sections=(ACTION,)), completeness_rubrics=[rubric], transcript=transcript
    )

    first, second = verdict.completeness_rubrics[0].content_list
    assert first.is_evidence_verified and first.turn_indexes[0] == 1
    assert not second.is_evidence_verified
    assert verdict.completeness.value == 0.5  # the unverified item still counts


def test_it_rejects_a_verdict_for_a_section_the_summary_does_not_have() -> None:
    with pytest.raises(ValueError, match="'nope'"):
        _verdict(SummarySpec(sections=(SITUATION,)), accuracy_points=[_point("nope", True)])


def test_it_adds_the_summarization_calls_once() -> None:
    summarization = _summarization()
    judge_call = CallUsage(purpose="accuracy", model="m", input_tokens=100)

    separate = _verdict(
        SummarySpec(sections=(SITUATION,)),
        dimensions=(*CCAI_DIMENSIONS, "summarization"),
        summarization=summarization,
        calls=[judge_call],
    )
    already_merged = _verdict(
        SummarySpec(sections=(SITUATION,)),
        dimensions=(*CCAI_DIMENSIONS, "summarization"),
        summarization=summarization,
        calls=[judge_call, *summarization.calls],
    )

    assert separate.usage.model_calls == 3
    assert already_merged.usage.model_calls == 3
    assert separate.usage.input_tokens == 100 + 10 + 20


def _summarization() -> SummarizationResult:
    return SummarizationResult(
        score=1.0,
        reason="fine",
        alignment=1.0,
        coverage=1.0,
        claims=(),
        questions=(),
        answers=(),
        calls=(
            CallUsage(purpose="summarization_claims", model="m", input_tokens=10),
            CallUsage(purpose="summarization_answers", model="m", input_tokens=20),
        ),
    )


# --- Recomputation -----------------------------------------------------------------------------


def test_recomputing_a_verdict_gives_the_same_scores_even_after_a_json_round_trip() -> None:
    summary = SummarySpec(sections=(SITUATION, RESOLUTION, FOLLOW_UP))
    verdict = _verdict(
        summary,
        accuracy_points=[_point("situation", True), _point("resolution", False)],
        adherence_rubrics=[_question("follow_up", False, "a?")],
        completeness_rubrics=[_rubric("situation", True, False)],
    )
    stored = SummaryVerdict.model_validate_json(verdict.model_dump_json())

    assert recompute(stored) == verdict
    assert score_mismatches(stored) == []


def test_recomputing_after_an_analyst_override_changes_the_scores() -> None:
    summary = SummarySpec(sections=(SITUATION, ACTION))
    verdict = _verdict(
        summary, accuracy_points=[_point("situation", True), _point("action", False)]
    )
    overridden = verdict.model_copy(
        update={"accuracy_points": (_point("situation", True), _point("action", True))}
    )

    assert score_mismatches(overridden) == [
        "summary accuracy: stored 0.5 != recomputed 1.0",
        "section action accuracy: stored 0.0 != recomputed 1.0",
    ]
    assert recompute(overridden).accuracy.value == 1.0
    assert score_mismatches(recompute(overridden)) == []


def test_recompute_needs_the_summary() -> None:
    bare = SummaryVerdict(judge="local", model="m", prompt_version="p", dimensions=("accuracy",))

    with pytest.raises(ValueError, match="summary"):
        recompute(bare)
    assert recompute(bare, SummarySpec(sections=(SITUATION,))).accuracy.is_na


# --- The labelled development data ----------------------------------------------------------


def test_it_recomputes_every_expected_score_of_the_labelled_data(shared_data: Path) -> None:
    definitions = cc_definitions(shared_data)
    rows = cc_rows(shared_data)
    matched = 0
    for row in rows:
        points, adherence, completeness = row_verdicts(row)
        verdict = _verdict(
            row_summary(row, definitions),
            accuracy_points=points,
            adherence_rubrics=adherence,
            completeness_rubrics=completeness,
        )
        got = {
            d: None if getattr(verdict, d).value is None else round(getattr(verdict, d).value, 4)
            for d in CCAI_DIMENSIONS
        }
        assert got == row["expected"], row["id"]
        assert score_mismatches(verdict) == []
        matched += 1
    assert matched == len(rows) == 24


def test_the_labelled_na_summaries_get_the_ccai_reasons(shared_data: Path) -> None:
    definitions = cc_definitions(shared_data)
    reasons = {}
    for row in cc_rows(shared_data):
        verdict = _verdict(row_summary(row, definitions))
        reasons[row["id"]] = (verdict.adherence.na_reason, verdict.completeness.na_reason)

    assert reasons["dev-001"][0] == NA_SUMMARY_PREDEFINED_ONLY
    assert reasons["dev-007"][1] == NA_SUMMARY_CATEGORICAL_ONLY


def test_a_completeness_rubric_is_a_boolean_with_a_reason() -> None:
    from evaluations.judges.scoring import rubric_outcome

    def rubric(*covered: bool) -> CompletenessRubric:
        return CompletenessRubric(
            section="next_steps",
            instruction="List every follow-up.",
            question="Does it list every follow-up?",
            content_list=tuple(
                CompletenessItem(transcript_content=f"follow-up {i}", is_covered=c)
                for i, c in enumerate(covered)
            ),
        )

    assert rubric_outcome(rubric()) == (
        True,
        "The transcript holds nothing this instruction asks for: not penalised.",
    )
    assert rubric_outcome(rubric(True, True)) == (
        True,
        "All 2 of the items the instruction asks for are covered.",
    )
    assert rubric_outcome(rubric(True, False, False, False, False)) == (
        False,
        "1 of 5 items covered. Missing: follow-up 1; follow-up 2; follow-up 3 and 1 more.",
    )
