from __future__ import annotations

from typing import Any

import pytest

from evaluations.judges import create_summarization_scorer, run_evals
from evaluations.judges.summarization import (
    SummarizationBackend,
    first_user_text,
    last_assistant_text,
    score_summarization,
)
from evaluations.judges.types import CallUsage, ClaimVerdict, QuestionVerdict

SOURCE = "Customer: I was billed $64.50 twice. Agent: I refunded $64.50; it takes 3 to 5 days."
SUMMARY = "The customer was billed twice and the agent refunded $64.50."


class ScriptedBackend:
    """A fake backend that returns what the test scripted and records what it was shown."""

    model = "scripted"

    def __init__(
        self,
        claims: list[tuple[str, bool]],
        questions: list[str],
        answers: list[tuple[str, bool]] | None = None,
    ):
        self.claims = [
            ClaimVerdict(claim=c, supported=s, reason=f"reason for {c}") for c, s in claims
        ]
        self.questions = questions
        self.answers = [
            QuestionVerdict(question=q, answered=a, reason=f"because {q}")
            for q, a in (answers or [])
        ]
        self.extract_calls: list[tuple[str, str, int]] = []
        self.answer_calls: list[tuple[str, list[str]]] = []

    def extract(self, source: str, summary: str, max_questions: int):
        self.extract_calls.append((source, summary, max_questions))
        usage = CallUsage(purpose="summarization_claims", model="scripted", input_tokens=7)
        return list(self.claims), list(self.questions), [usage]

    def answer(self, summary: str, questions: list[str]):
        self.answer_calls.append((summary, list(questions)))
        usage = CallUsage(purpose="summarization_answers", model="scripted", input_tokens=3)
        return list(self.answers), [usage]


def _score(backend: ScriptedBackend, **kwargs: Any):
    return score_summarization(backend, source=SOURCE, summary=SUMMARY, **kwargs)


def test_the_scripted_backend_fulfils_the_backend_protocol() -> None:
    assert isinstance(ScriptedBackend([], []), SummarizationBackend)


def test_alignment_is_supported_claims_over_claims_and_the_score_the_weaker_dimension() -> None:
    backend = ScriptedBackend(
        claims=[
            ("billed twice", True),
            ("refund $64.50", True),
            ("refund $30", False),
            ("x", True),
        ],
        questions=["Was the customer billed twice?", "Was a refund issued?"],
        answers=[("Was the customer billed twice?", True), ("Was a refund issued?", True)],
    )

    result = _score(backend)

    assert result.alignment == 0.75
    assert result.coverage == 1.0
    assert result.score == 0.75
    assert [c.claim for c in result.claims] == ["billed twice", "refund $64.50", "refund $30", "x"]


def test_the_second_call_sees_the_summary_and_questions_but_never_the_source() -> None:
    backend = ScriptedBackend([("a", True)], ["Q1?", "Q2?"], [("Q1?", True)])

    _score(backend, max_questions=5)

    assert backend.extract_calls == [(SOURCE, SUMMARY, 5)]
    [(summary, questions)] = backend.answer_calls
    assert summary == SUMMARY
    assert questions == ["Q1?", "Q2?"]
    assert all(SOURCE not in q for q in questions)


def test_verdicts_are_matched_to_questions_by_text_not_position() -> None:
    backend = ScriptedBackend(
        claims=[("a", True)],
        questions=[
            "Was a refund issued?",
            "Was the customer billed twice?",
            "Did it take 3-5 days?",
        ],
        # Reversed order, different case and spacing, one missing, one extra.
        answers=[
            ("was the customer  billed twice", True),
            ("Was a refund issued?", False),
            ("Is the sky blue?", True),
        ],
    )

    result = _score(backend)

    assert [(a.question, a.answered) for a in result.answers] == [
        ("Was a refund issued?", False),
        ("Was the customer billed twice?", True),
        ("Did it take 3-5 days?", False),
    ]
    assert result.coverage == pytest.approx(1 / 3)
    assert "No verdict was returned" in result.answers[2].reason
    assert result.score == 0.33


def test_questions_beyond_max_questions_are_cut_before_the_second_call() -> None:
    questions = [f"Question {i}?" for i in range(6)]
    backend = ScriptedBackend([("a", True)], questions, [(q, True) for q in questions])

    result = _score(backend, max_questions=4)

    assert result.questions == tuple(questions[:4])
    assert backend.answer_calls[0][1] == questions[:4]
    assert result.coverage == 1.0


def test_duplicate_questions_are_asked_once() -> None:
    backend = ScriptedBackend([("a", True)], ["Refund?", "refund ?", "Date?"], [("Refund?", True)])

    result = _score(backend)

    assert result.questions == ("Refund?", "Date?")
    assert result.coverage == 0.5


@pytest.mark.parametrize(("scale", "expected"), [(1, 0.67), (10, 6.67), (100, 66.67)])
def test_the_score_is_rounded_to_two_decimals_after_scaling(scale: float, expected: float) -> None:
    backend = ScriptedBackend([("a", True), ("b", True), ("c", False)], ["Q?"], [("Q?", True)])

    assert _score(backend, scale=scale).score == expected


def test_the_score_is_zero_without_claims_or_without_questions() -> None:
    no_claims = _score(ScriptedBackend([], ["Q?"], [("Q?", True)]))
    no_questions = ScriptedBackend([("a", True)], [])
    without_questions = _score(no_questions)

    assert no_claims.score == 0 and no_claims.coverage == 1.0
    assert "no claim" in no_claims.reason
    assert without_questions.score == 0 and without_questions.alignment == 1.0
    assert "no question" in without_questions.reason
    assert no_questions.answer_calls == []  # nothing to ask


def test_an_empty_summary_scores_zero_without_calling_the_model() -> None:
    backend = ScriptedBackend([("a", True)], ["Q?"])

    result = score_summarization(backend, source=SOURCE, summary="  ")

    assert result.score == 0 and "empty" in result.reason
    assert backend.extract_calls == []


@pytest.mark.parametrize("max_questions", [0, -1])
def test_max_questions_below_one_is_an_error(max_questions: int) -> None:
    with pytest.raises(ValueError, match="max_questions"):
        _score(ScriptedBackend([], []), max_questions=max_questions)
    with pytest.raises(ValueError, match="max_questions"):
        create_summarization_scorer(model=ScriptedBackend([], []), max_questions=max_questions)


def test_an_empty_source_is_an_error() -> None:
    with pytest.raises(ValueError, match="source"):
        score_summarization(ScriptedBackend([], []), source="", summary=SUMMARY)


def test_the_reason_names_the_weaker_dimension_and_lists_its_failures() -> None:
    backend = ScriptedBackend(
        claims=[("refund $30", False), ("billed twice", True)],
        questions=["Was a refund issued?", "Did it take 3-5 days?"],
        answers=[("Was a refund issued?", True), ("Did it take 3-5 days?", True)],
    )

    result = _score(backend)

    assert result.reason.startswith("Score 0.5: alignment is the weaker dimension")
    assert "alignment 0.50, coverage 1.00" in result.reason
    assert 'Unsupported claims (1 of 2): "refund $30" (reason for refund $30)' in result.reason
    assert "Unanswered" not in result.reason


def test_the_reason_lists_unanswered_questions_when_coverage_is_weaker() -> None:
    backend = ScriptedBackend(
        claims=[("billed twice", True)],
        questions=["Was a refund issued?", "Did it take 3-5 days?"],
        answers=[("Was a refund issued?", True), ("Did it take 3-5 days?", False)],
    )

    result = _score(backend)

    assert result.reason.startswith("Score 0.5: coverage is the weaker dimension")
    assert 'Unanswered questions (1 of 2): "Did it take 3-5 days?"' in result.reason


def test_a_perfect_score_says_so() -> None:
    result = _score(ScriptedBackend([("a", True)], ["Q?"], [("Q?", True)]))

    assert result.score == 1.0
    assert "every claim" in result.reason and "every question" in result.reason


def test_the_result_carries_both_calls_usage() -> None:
    result = _score(ScriptedBackend([("a", True)], ["Q?"], [("Q?", True)]))

    assert [c.purpose for c in result.calls] == ["summarization_claims", "summarization_answers"]


# --- The Mastra-shaped API ---------------------------------------------------------------------


def _scorer(backend: ScriptedBackend | None = None, **kwargs: Any):
    backend = backend or ScriptedBackend(
        [("a", True), ("b", False)], ["Q1?", "Q2?"], [("Q1?", True), ("Q2?", True)]
    )
    return create_summarization_scorer(model=backend, **kwargs), backend


def test_run_returns_the_mastra_shaped_result() -> None:
    scorer, _backend = _scorer()

    result = scorer.run(
        input=[{"role": "user", "content": SOURCE}],
        output=[{"role": "assistant", "content": SUMMARY}],
    )

    assert result["score"] == 0.5
    assert result["reason"].startswith("Score 0.5: alignment")
    assert result["preprocess_step_result"]["alignment"] == 0.5
    assert result["preprocess_step_result"]["questions"] == ["Q1?", "Q2?"]
    assert result["preprocess_step_result"]["claims"][1] == {
        "claim": "b",
        "supported": False,
        "reason": "reason for b",
    }
    assert result["analyze_step_result"]["coverage"] == 1.0
    assert [a["answered"] for a in result["analyze_step_result"]["answers"]] == [True, True]
    assert len(result["calls"]) == 2


def test_the_source_comes_from_the_extractor_then_the_source_then_the_first_user_message() -> None:
    messages_in = [
        {"role": "system", "content": "be nice"},
        {"role": "user", "content": [{"type": "text", "text": "first user text"}]},
        {"role": "user", "content": "second user text"},
    ]
    out = {"role": "assistant", "content": SUMMARY}

    extractor, extracted = _scorer(source="given", source_extractor=lambda i, o: "extracted")
    extractor.run(input=messages_in, output=out)
    given, given_backend = _scorer(source="given", source_extractor=lambda i, o: None)
    given.run(input=messages_in, output=out)
    from_messages, message_backend = _scorer()
    from_messages.run(input=messages_in, output=out)

    assert extracted.extract_calls[0][0] == "extracted"
    assert given_backend.extract_calls[0][0] == "given"
    assert message_backend.extract_calls[0][0] == "first user text"


def test_the_summary_is_the_last_assistant_message_with_text() -> None:
    output = [
        {"role": "assistant", "content": "an early draft"},
        {
            "role": "assistant",
            "content": [{"type": "text", "text": "the "}, {"type": "text", "text": "final"}],
        },
        {"role": "assistant", "content": [{"type": "tool-call", "toolName": "x"}]},
        {"role": "user", "content": "thanks"},
    ]

    assert last_assistant_text(output) == "the \nfinal"
    assert last_assistant_text({"role": "assistant", "content": "single"}) == "single"
    assert last_assistant_text("plain string") == "plain string"
    assert first_user_text({"role": "user", "content": "one message"}) == "one message"
    assert (
        first_user_text({"inputMessages": [{"role": "user", "content": "agent run"}]})
        == "agent run"
    )


def test_run_explains_a_missing_source_or_summary() -> None:
    scorer, _backend = _scorer()

    with pytest.raises(ValueError, match="no source"):
        scorer.run(
            input=[{"role": "system", "content": "x"}],
            output={"role": "assistant", "content": SUMMARY},
        )
    with pytest.raises(ValueError, match="no summary"):
        scorer.run(
            input={"role": "user", "content": SOURCE}, output=[{"role": "user", "content": "hi"}]
        )


@pytest.mark.parametrize("model", ["gpt-4o", "openai/gpt-4o", "", "anthropic/", "Claude"])
def test_an_unknown_model_is_an_error_listing_the_accepted_forms(model: str) -> None:
    with pytest.raises(ValueError) as error:
        create_summarization_scorer(model=model)

    assert "'local'" in str(error.value)
    assert "anthropic/<model id>" in str(error.value)
    assert "claude-" in str(error.value)


def test_a_bad_scale_is_an_error() -> None:
    with pytest.raises(ValueError, match="scale"):
        create_summarization_scorer(model=ScriptedBackend([], []), scale=0)


def test_run_evals_runs_the_target_scores_every_item_and_averages_per_scorer() -> None:
    perfect = ScriptedBackend([("a", True)], ["Q?"], [("Q?", True)])
    half = ScriptedBackend([("a", True), ("b", False)], ["Q?"], [("Q?", True)])
    scorers = [create_summarization_scorer(model=perfect), create_summarization_scorer(model=half)]
    completed: list[dict[str, Any]] = []

    def target(messages: list[dict[str, str]]) -> list[dict[str, str]]:
        return [{"role": "assistant", "content": f"summary of {messages[0]['content']}"}]

    result = run_evals(
        target=target,
        scorers=scorers,
        data=[
            {"input": [{"role": "user", "content": "call one"}]},
            {"input": [{"role": "user", "content": "call two"}]},
        ],
        on_item_complete=lambda **kwargs: completed.append(kwargs),
    )

    assert result["scores"] == {"summarization": 1.0, "summarization#2": 0.5}
    assert result["summary"] == {"total_items": 2}
    assert [c["target_result"][0]["content"] for c in completed] == [
        "summary of call one",
        "summary of call two",
    ]
    assert set(completed[0]) == {"item", "target_result", "scorer_results"}
    assert completed[0]["scorer_results"]["summarization"]["score"] == 1.0
    assert [s for s, _summary, _n in perfect.extract_calls] == ["call one", "call two"]
    assert len(result["items"]) == 2


def test_run_evals_keeps_data_order_with_concurrency() -> None:
    backend = ScriptedBackend([("a", True)], ["Q?"], [("Q?", True)])
    order: list[str] = []

    run_evals(
        target=lambda text: text.upper(),
        scorers=[create_summarization_scorer(model=backend)],
        data=[{"input": f"item {i}"} for i in range(8)],
        on_item_complete=lambda **kwargs: order.append(kwargs["target_result"]),
        concurrency=4,
    )

    assert order == [f"ITEM {i}" for i in range(8)]


def test_run_evals_rejects_empty_data_and_items_without_input() -> None:
    scorer, _backend = _scorer()

    with pytest.raises(ValueError, match="data is empty"):
        run_evals(target=str, scorers=[scorer], data=[])
    with pytest.raises(ValueError, match="input"):
        run_evals(target=str, scorers=[scorer], data=[{"prompt": "x"}])
    with pytest.raises(ValueError, match="scorers"):
        run_evals(target=str, scorers=[], data=[{"input": "x"}])
