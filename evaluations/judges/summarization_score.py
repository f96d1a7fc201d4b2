"""The summarization score: alignment and coverage, from two model calls.

Two model calls, through a `SummarizationBackend` (Claude, or the offline local baseline):

1. `extract` sees the source and the summary. It returns the summary's atomic claims, each
   `supported` or not with a reason, and at most `max_questions` closed questions, most important
   first, whose answer from the source is "yes".
2. `answer` sees the summary and the questions, never the source, and says for each question
   whether the summary answers it.

Everything after that is code (`score_summarization`): the two dimension scores, the score, and the
reason, which is built from the verdicts so the score and its explanation can never disagree.
The Mastra-shaped public API over it is in `evaluations.judges.summarization`.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from typing import Protocol, runtime_checkable

from evaluations.judges.base import JudgeError, crashed
from evaluations.judges.types import (
    CallUsage,
    ClaimVerdict,
    QuestionVerdict,
    SummarizationResult,
)

DEFAULT_MAX_QUESTIONS = 10
_MISSING_VERDICT_REASON = "No verdict was returned for this question, so it counts as unanswered."


@runtime_checkable
class SummarizationBackend(Protocol):
    """The two model calls of the summarization score. Implementations: Claude, local, test fakes."""

    def extract(
        self, source: str, summary: str, max_questions: int
    ) -> tuple[list[ClaimVerdict], list[str], list[CallUsage]]:
        """Call 1 (sees source and summary): the summary's atomic claims with `supported` and
        `reason`, and at most `max_questions` closed yes-questions from the source, most
        important first."""
        ...

    def answer(
        self, summary: str, questions: list[str]
    ) -> tuple[list[QuestionVerdict], list[CallUsage]]:
        """Call 2 (sees the summary and the questions ONLY, never the source): one verdict per
        question, `answered` when the summary answers it."""
        ...


# --- The score -------------------------------------------------------------------------------


def score_summarization(
    backend: SummarizationBackend,
    *,
    source: str,
    summary: str,
    max_questions: int = DEFAULT_MAX_QUESTIONS,
    scale: float = 1,
) -> SummarizationResult:
    """Alignment, coverage and the summarization score of `summary` against `source`.

    1. Reject `max_questions < 1` and an empty source (ValueError). An empty summary scores 0
       without any model call: it claims nothing and answers nothing.
    2. Call 1 (`backend.extract`): claims and questions. Questions are de-duplicated (by
       normalised text) and cut to `max_questions` if the backend returned more.
    3. Call 2 (`backend.answer`) with those questions, unless there are none.
    4. alignment = supported claims / claims; coverage = answered / questions asked. Verdicts are
       matched to questions by normalised question text, not position: a missing verdict counts
       as unanswered, extra verdicts are ignored. `answers` holds one verdict per question, in
       question order.
    5. score = round(min(alignment, coverage) * scale, 2); 0 when there are no claims or no
       questions.
    6. The reason is built from the verdicts (`summarization_reason`).
    """
    if max_questions < 1:
        raise ValueError(f"max_questions must be at least 1, got {max_questions}")
    if not source or not source.strip():
        raise ValueError("the source to check the summary against is empty")
    if not summary or not summary.strip():
        return SummarizationResult(
            score=0.0,
            reason="Score 0: the summary is empty, so it makes no claim and answers no question.",
            alignment=0.0,
            coverage=0.0,
            claims=(),
            questions=(),
            answers=(),
        )

    claims, drafted, calls = backend.extract(source, summary, max_questions)
    calls = list(calls)
    questions = _unique_questions(drafted)[:max_questions]
    verdicts: list[QuestionVerdict] = []
    if questions:
        try:
            verdicts, answer_calls = backend.answer(summary, list(questions))
        except JudgeError as error:
            error.add_billed_calls(calls)  # the claims call was billed all the same
            raise
        except Exception as error:
            # Not a judge error (a bug, or an outage of something the backend relies on): the
            # claims call was billed all the same, so the error must carry it.
            raise crashed(error, calls) from error
        calls.extend(answer_calls)

    answers = _match_answers(questions, verdicts)
    return summarization_scored(
        claims=claims, questions=questions, answers=answers, calls=calls, scale=scale
    )


def summarization_scored(
    *,
    claims: Sequence[ClaimVerdict],
    questions: Sequence[str],
    answers: Sequence[QuestionVerdict],
    calls: Sequence[CallUsage] = (),
    scale: float = 1,
) -> SummarizationResult:
    """Steps 4 to 6 of `score_summarization`, from the verdicts alone: `answers` holds one
    verdict per question, in question order. `scoring.recompute` calls it again after an analyst
    overrides a claim or an answer, so the adjusted score comes from this same formula."""
    alignment = sum(c.supported for c in claims) / len(claims) if claims else 0.0
    coverage = sum(a.answered for a in answers) / len(answers) if answers else 0.0
    score = round(min(alignment, coverage) * scale, 2) if claims and questions else 0.0
    return SummarizationResult(
        score=score,
        reason=summarization_reason(
            score=score, alignment=alignment, coverage=coverage, claims=claims, answers=answers
        ),
        alignment=alignment,
        coverage=coverage,
        claims=tuple(claims),
        questions=tuple(questions),
        answers=tuple(answers),
        calls=tuple(calls),
    )


def summarization_reason(
    *,
    score: float,
    alignment: float,
    coverage: float,
    claims: Sequence[ClaimVerdict],
    answers: Sequence[QuestionVerdict],
) -> str:
    """The explanation of a summarization score, from its verdicts only.

    Names the weaker dimension (the one the score is), shows both dimension scores, and lists the
    unsupported claims or unanswered questions that pulled it down.
    """
    figures = f"alignment {alignment:.2f}, coverage {coverage:.2f}"
    shown = f"{score:g}"
    if not claims:
        return f"Score {shown}: the summary makes no claim that could be checked ({figures})."
    if not answers:
        return f"Score {shown}: no question could be drafted from the source ({figures})."
    unsupported = [c for c in claims if not c.supported]
    unanswered = [a for a in answers if not a.answered]
    if not unsupported and not unanswered:
        return (
            f"Score {shown}: every claim in the summary is supported by the source and the summary "
            f"answers every question drawn from the source ({figures})."
        )
    if math.isclose(alignment, coverage):
        head = f"Score {shown}: alignment and coverage are equally weak ({figures})."
    elif alignment < coverage:
        head = f"Score {shown}: alignment is the weaker dimension ({figures})."
    else:
        head = f"Score {shown}: coverage is the weaker dimension ({figures})."
    parts = [head]
    # The weaker dimension's failures first: they are what the score is.
    failures = [
        ("Unsupported claims", [(c.claim, c.reason) for c in unsupported], len(claims)),
        ("Unanswered questions", [(a.question, a.reason) for a in unanswered], len(answers)),
    ]
    if coverage < alignment:
        failures.reverse()
    for label, items, total in failures:
        if items:
            listed = "; ".join(
                f'"{text}"' + (f" ({reason.strip().rstrip('.')})" if reason.strip() else "")
                for text, reason in items
            )
            parts.append(f"{label} ({len(items)} of {total}): {listed}.")
    return " ".join(parts)


# --- Matching questions and verdicts ----------------------------------------------------------


def normalise_question(question: str) -> str:
    """Question text for matching: case, white space, quotes and end punctuation ignored."""
    text = question.casefold().replace("’", "'").replace("“", '"').replace("”", '"')
    text = re.sub(r"\s+", " ", text).strip()
    return text.strip(" \"'").rstrip("?.! ").strip()


def _unique_questions(questions: Iterable[str]) -> list[str]:
    seen: set[str] = set()
    unique: list[str] = []
    for question in questions:
        key = normalise_question(question)
        if key and key not in seen:
            seen.add(key)
            unique.append(question.strip())
    return unique


def _match_answers(
    questions: Sequence[str], verdicts: Sequence[QuestionVerdict]
) -> list[QuestionVerdict]:
    by_question: dict[str, QuestionVerdict] = {}
    for verdict in verdicts:
        by_question.setdefault(normalise_question(verdict.question), verdict)
    answers = []
    for question in questions:
        found = by_question.get(normalise_question(question))
        if found is None:
            found = QuestionVerdict(
                question=question, answered=False, reason=_MISSING_VERDICT_REASON
            )
        elif found.question != question:
            found = found.model_copy(update={"question": question})
        answers.append(found)
    return answers
