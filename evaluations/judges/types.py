"""Typed inputs and verdicts of the judge engine. Pure Python: nothing here imports Django.

Inputs are the transcript (ordered turns) and the summary's sections with their definitions.
Outputs are verdicts that carry their reason and evidence, and scores that can be recomputed from
the verdicts (see `evaluations.judges.scoring`). Everything serialises with `.model_dump(mode="json")`.
"""

from __future__ import annotations

from datetime import datetime
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

Dimension = Literal["accuracy", "adherence", "completeness", "summarization"]
DIMENSIONS: tuple[Dimension, ...] = ("accuracy", "adherence", "completeness", "summarization")
CCAI_DIMENSIONS: tuple[Dimension, ...] = ("accuracy", "adherence", "completeness")
Role = Literal["agent", "customer", "system", "bot"]
SectionOrigin = Literal["predefined", "custom"]
SectionValueType = Literal["categorical", "free_text"]


class _Frozen(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


# --- Inputs ------------------------------------------------------------------------------------


class TranscriptTurn(_Frozen):
    index: int  # 0-based position; verdicts cite turns by this index
    role: Role
    text: str
    speaker: str = ""


class Transcript(_Frozen):
    turns: tuple[TranscriptTurn, ...]
    # The conversation's language (a BCP 47 tag such as "en" or "es-MX") and when it started:
    # the offline judge reads the text in that language and resolves "tomorrow" against the date.
    language: str = "en"
    started_at: datetime | None = None

    def turn(self, index: int) -> TranscriptTurn | None:
        return self.turns[index] if 0 <= index < len(self.turns) else None


class SectionSpec(_Frozen):
    """One section of a summary together with the definition version it was written against."""

    key: str
    name: str = ""
    text: str
    origin: SectionOrigin
    value_type: SectionValueType
    instructions: str = ""
    allowed_values: tuple[str, ...] = ()
    definition_version: int = 1

    @property
    def is_categorical(self) -> bool:
        return self.value_type == "categorical"

    @property
    def is_custom(self) -> bool:
        return self.origin == "custom"

    @property
    def title(self) -> str:
        return self.name or self.key.replace("_", " ").capitalize()


class SummarySpec(_Frozen):
    sections: tuple[SectionSpec, ...]

    def text(self) -> str:
        """The summary as one text, section by section, for the summarization scorer."""
        return "\n".join(f"{s.title}: {s.text}" for s in self.sections if s.text.strip())


class PointToVerify(_Frozen):
    """A point supplied from outside (a benchmark row, an analyst's edit): only the check runs."""

    section: str
    point: str


# --- Scores -------------------------------------------------------------------------------------


class Score(_Frozen):
    """A score in [0, 1], or N/A: `value` is None and `na_reason` says why. An N/A is never a 0."""

    value: float | None
    na_reason: str | None = None

    @classmethod
    def na(cls, reason: str) -> Score:
        return cls(value=None, na_reason=reason)

    @property
    def is_na(self) -> bool:
        return self.value is None


# --- Verdicts -----------------------------------------------------------------------------------


class AccuracyPoint(_Frozen):
    section: str
    point: str
    accuracy: str  # the justification
    is_accurate: bool
    turn_indexes: tuple[int, ...] = ()  # transcript turns that support or contradict the point


class AdherenceRubric(_Frozen):
    section: str
    question: str
    reasoning: str
    is_addressed: bool
    decided_by: Literal["code", "model"] = "model"


class CompletenessItem(_Frozen):
    transcript_content: str
    related_content_from_summary: str = ""
    is_covered: bool
    turn_indexes: tuple[int, ...] = ()
    # False when the transcript_content matches nothing the transcript says (checked in code):
    # the item is flagged as unverified evidence instead of being trusted silently.
    is_evidence_verified: bool = True


class CompletenessRubric(_Frozen):
    section: str
    instruction: str
    question: str
    content_list: tuple[CompletenessItem, ...] = ()


class SectionScores(_Frozen):
    section: str
    accuracy: Score
    adherence: Score
    completeness: Score


class ClaimVerdict(_Frozen):
    claim: str
    supported: bool
    reason: str
    # Linked in code (evidence.link_summarization): the summary section the claim comes from, and
    # the transcript turns that say it.
    section: str = ""
    turn_indexes: tuple[int, ...] = ()


class QuestionVerdict(_Frozen):
    question: str
    answered: bool
    reason: str
    # Linked in code: the section that should answer it, and the turns it was drawn from.
    section: str = ""
    turn_indexes: tuple[int, ...] = ()


class SummarizationResult(_Frozen):
    score: float
    reason: str
    alignment: float
    coverage: float
    claims: tuple[ClaimVerdict, ...]
    questions: tuple[str, ...]
    answers: tuple[QuestionVerdict, ...]  # one per question, in question order
    calls: tuple[CallUsage, ...] = ()  # the backend's model calls (claims, then answers)


# --- Usage and the whole verdict ---------------------------------------------------------------


class CallUsage(_Frozen):
    """One model call: what it was for and what it cost."""

    purpose: str  # accuracy, adherence, completeness, summarization_claims, summarization_answers
    model: str
    input_tokens: int = 0
    output_tokens: int = 0
    cache_write_tokens: int = 0
    cache_read_tokens: int = 0
    cost_usd: float = 0.0
    attempts: int = 1
    seconds: float = 0.0


class Usage(_Frozen):
    model_calls: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    cache_write_tokens: int = 0
    cache_read_tokens: int = 0
    cost_usd: float = 0.0

    @classmethod
    def total(cls, calls: list[CallUsage] | tuple[CallUsage, ...]) -> Usage:
        return cls(
            model_calls=len(calls),
            input_tokens=sum(c.input_tokens for c in calls),
            output_tokens=sum(c.output_tokens for c in calls),
            cache_write_tokens=sum(c.cache_write_tokens for c in calls),
            cache_read_tokens=sum(c.cache_read_tokens for c in calls),
            cost_usd=round(sum(c.cost_usd for c in calls), 6),
        )


class SummaryVerdict(_Frozen):
    """Everything the judges said about one summary, and the scores computed from it."""

    judge: Literal["local", "anthropic"]
    model: str
    prompt_version: str
    dimensions: tuple[Dimension, ...]
    accuracy_points: tuple[AccuracyPoint, ...] = ()
    adherence_rubrics: tuple[AdherenceRubric, ...] = ()
    completeness_rubrics: tuple[CompletenessRubric, ...] = ()
    section_scores: tuple[SectionScores, ...] = ()
    accuracy: Score = Field(default_factory=lambda: Score.na("accuracy was not run"))
    adherence: Score = Field(default_factory=lambda: Score.na("adherence was not run"))
    completeness: Score = Field(default_factory=lambda: Score.na("completeness was not run"))
    summarization: SummarizationResult | None = None
    calls: tuple[CallUsage, ...] = ()
    # The summary as judged, so the scores can be recomputed from the verdict alone
    # (`evaluations.judges.scoring.recompute`) even after the summary or its definitions change.
    summary: SummarySpec | None = None
    # What the judge left out of the verdicts, and why (a point citing a section that was not
    # under judgment): stored with the evaluation, for people to read.
    notes: tuple[str, ...] = ()

    @property
    def usage(self) -> Usage:
        return Usage.total(self.calls)
