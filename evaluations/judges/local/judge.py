"""The offline `local` judge: deterministic, no network, no model download.

It is an honest baseline, not a language model. It catches what word and value matching can
catch (wrong amounts, dates, times, phone numbers and ids, content the transcript never mentions,
claims attributed to the wrong speaker, categorical values the conversation's cues contradict,
ignored style rules and missing values) and says so in every justification. It cannot follow an
argument, a paraphrase or a negation the way a model can.
"""

from __future__ import annotations

import re
from collections import Counter
from contextlib import AbstractContextManager
from typing import Any

from evaluations.judges.categorical import categorical_adherence, categorical_point
from evaluations.judges.languages import ENGLISH, LANGUAGES, language_code, language_for
from evaluations.judges.local.decompose import decompose_free_text
from evaluations.judges.local.points import PointChecker
from evaluations.judges.local.rubrics import CheckedPoint, completeness_rubric, judge_adherence
from evaluations.judges.local.transcript import TranscriptIndex
from evaluations.judges.rubrics import adherence_questions, completeness_questions
from evaluations.judges.scoring import assemble_verdict
from evaluations.judges.summarization import DEFAULT_MAX_QUESTIONS, score_summarization
from evaluations.judges.text import (
    Reading,
    content_stems,
    extract_facts,
    fact_matches,
    reading,
    words,
)
from evaluations.judges.types import (
    AccuracyPoint,
    AdherenceRubric,
    CallUsage,
    ClaimVerdict,
    CompletenessRubric,
    Dimension,
    PointToVerify,
    QuestionVerdict,
    Role,
    Score,
    SummarySpec,
    SummaryVerdict,
    Transcript,
    TranscriptTurn,
)

LOCAL_VERSION = "local-lexical-2"


def unsupported_reason(language: str) -> str:
    readable = ", ".join(lang.name for lang in LANGUAGES.values())
    return (
        f"not judged, language {language_code(language)!r} unsupported: the offline judge reads "
        f"{readable}"
    )


def _reading_for(transcript: Transcript) -> AbstractContextManager[Reading]:
    """The reading context of a transcript: its language (one the judge reads) and date."""
    language = language_for(transcript.language) or ENGLISH
    anchor = transcript.started_at.date() if transcript.started_at else None
    return reading(language, anchor)


class LocalJudge:
    """The Judge protocol (`evaluations.judges.base.Judge`) on lexical methods alone."""

    name = "local"
    model = "local"
    prompt_version = LOCAL_VERSION

    def evaluate(
        self,
        transcript: Transcript,
        summary: SummarySpec,
        *,
        dimensions: tuple[Dimension, ...],
        rubric_questions: dict[str, tuple[str, ...]] | None = None,
        max_questions: int = DEFAULT_MAX_QUESTIONS,
    ) -> SummaryVerdict:
        """Judge one summary.

        1. Index the transcript once (stems, values, speakers).
        2. Accuracy: decompose each non-empty section into points (a categorical section is one
           point) and check every point.
        3. Adherence: custom sections only; categorical ones are decided by the allowed-value
           check, free-text ones question by question with the stored questions when given.
        4. Completeness: free-text sections, one rubric per instruction sentence.
        5. Summarization: the local backend's claims and questions, scored in code.
        6. `assemble_verdict` computes every score and applies the N/A rules.

        Everything is read in the conversation's language, with relative dates resolved against
        its start. A language the judge cannot read is not judged (see `_not_judged`).
        """
        if language_for(transcript.language) is None:
            return self._not_judged(transcript, summary, dimensions=dimensions)
        with _reading_for(transcript):
            return self._evaluate(
                transcript,
                summary,
                dimensions=dimensions,
                rubric_questions=rubric_questions,
                max_questions=max_questions,
            )

    def _evaluate(
        self,
        transcript: Transcript,
        summary: SummarySpec,
        *,
        dimensions: tuple[Dimension, ...],
        rubric_questions: dict[str, tuple[str, ...]] | None,
        max_questions: int,
    ) -> SummaryVerdict:
        index = TranscriptIndex(transcript)
        checker = PointChecker(index)
        accuracy_points: list[AccuracyPoint] = []
        adherence: list[AdherenceRubric] = []
        completeness: list[CompletenessRubric] = []
        for section in summary.sections:
            checked: list[AccuracyPoint] = []
            if {"accuracy", "completeness"} & set(dimensions) and section.text.strip():
                points = (
                    [categorical_point(section)]
                    if section.is_categorical
                    else decompose_free_text(section.text)
                )
                checked = [checker.check(section.key, point) for point in points]
            if "accuracy" in dimensions:
                accuracy_points.extend(checked)
            with_errors = [
                CheckedPoint(point, checker.content_errors.get(point.point)) for point in checked
            ]
            if "adherence" in dimensions and section.is_custom:
                if section.is_categorical:
                    adherence.append(categorical_adherence(section))
                else:
                    questions = (rubric_questions or {}).get(section.key) or adherence_questions(
                        section
                    )
                    adherence.extend(judge_adherence(index, section, q) for q in questions)
            if "completeness" in dimensions and not section.is_categorical:
                completeness.extend(
                    completeness_rubric(index, section, instruction, question, with_errors)
                    for instruction, question in completeness_questions(section)
                )
        summarization = None
        if "summarization" in dimensions and summary.text().strip() and transcript.turns:
            summarization = score_summarization(
                LocalSummarizationBackend(),
                source=transcript_text(transcript),
                summary=summary.text(),
                max_questions=max_questions,
            )
        return assemble_verdict(
            judge="local",
            model=self.model,
            prompt_version=self.prompt_version,
            summary=summary,
            dimensions=dimensions,
            accuracy_points=accuracy_points,
            adherence_rubrics=adherence,
            completeness_rubrics=completeness,
            summarization=summarization,
            transcript=transcript,
        )

    def _not_judged(
        self, transcript: Transcript, summary: SummarySpec, *, dimensions: tuple[Dimension, ...]
    ) -> SummaryVerdict:
        """A conversation in a language the judge cannot read: stemming it as English would make
        every correct sentence look invented, a wall of false failures. Only what needs no
        reading is judged (a categorical section holds one allowed value); every other dimension
        is N/A and says why."""
        reason = unsupported_reason(transcript.language)
        adherence = [
            categorical_adherence(section)
            for section in summary.sections
            if "adherence" in dimensions and section.is_custom and section.is_categorical
        ]
        verdict = assemble_verdict(
            judge="local",
            model=self.model,
            prompt_version=self.prompt_version,
            summary=summary,
            dimensions=dimensions,
            accuracy_points=[],
            adherence_rubrics=adherence,
            completeness_rubrics=[],
            summarization=None,
            transcript=transcript,
        )
        updates: dict[str, Any] = {
            dimension: Score.na(reason)
            for dimension in ("accuracy", "adherence", "completeness")
            if dimension in dimensions and getattr(verdict, dimension).is_na
        }
        return verdict.model_copy(update=updates)

    def verify_points(
        self, transcript: Transcript, points: list[PointToVerify]
    ) -> list[AccuracyPoint]:
        """Check given points as they are: no decomposition. In a language the judge cannot read,
        each point says so and is not counted as a failure."""
        if language_for(transcript.language) is None:
            reason = unsupported_reason(transcript.language)
            return [
                AccuracyPoint(
                    section=point.section,
                    point=point.point,
                    accuracy=reason[0].upper() + reason[1:] + ".",
                    is_accurate=True,
                )
                for point in points
            ]
        with _reading_for(transcript):
            checker = PointChecker(TranscriptIndex(transcript))
            return [checker.check(point.section, point.point) for point in points]


# --- summarization backend --------------------------------------------------------------------

_QUESTION_KINDS = ("id", "money", "date", "time", "phone", "email", "weekday")
_KIND_PHRASES = {
    "id": "the reference",
    "money": "the amount",
    "date": "the date",
    "time": "the time",
    "phone": "the phone number",
    "email": "the e-mail address",
    "weekday": "the day",
}


class LocalSummarizationBackend:
    """The two steps of the summarization score, done lexically.

    extract: the summary's claims are its decomposed points, checked like accuracy points; the
    questions are closed yes-questions about the source's most informative values (ids, amounts,
    dates, times, phone numbers) and then its most repeated distinctive words.
    answer: sees only the summary and the questions; a question is answered when the summary
    states the value (or word) the question asks about.
    """

    model = "local"

    def extract(
        self, source: str, summary: str, max_questions: int
    ) -> tuple[list[ClaimVerdict], list[str], list[CallUsage]]:
        transcript = parse_transcript_text(source)
        index = TranscriptIndex(transcript)
        checker = PointChecker(index)
        claims = []
        for point in decompose_free_text(_without_titles(summary)):
            checked = checker.check("summary", point)
            claims.append(
                ClaimVerdict(claim=point, supported=checked.is_accurate, reason=checked.accuracy)
            )
        return claims, _questions(index, max_questions), []

    def answer(
        self, summary: str, questions: list[str]
    ) -> tuple[list[QuestionVerdict], list[CallUsage]]:
        summary_facts = extract_facts(summary)
        summary_words = {w.lower() for w in words(summary)}
        verdicts = []
        for question in questions:
            asked = [f for f in extract_facts(question) if f.kind != "number"]
            quoted = re.findall(r"'([^']+)'", question)
            if asked:
                missing = [f for f in asked if not any(fact_matches(f, s) for s in summary_facts)]
                answered = not missing
                reason = (
                    f"The summary states {', '.join(f.surface for f in asked)}."
                    if answered
                    else f"The summary does not state {', '.join(f.surface for f in missing)}."
                )
            elif quoted:
                wanted = {w.lower() for q in quoted for w in words(q)}
                answered = wanted <= summary_words
                reason = (
                    f"The summary mentions '{quoted[0]}'."
                    if answered
                    else f"The summary does not mention '{quoted[0]}'."
                )
            else:
                answered, reason = (
                    False,
                    "The offline judge cannot answer this question from the summary.",
                )
            verdicts.append(QuestionVerdict(question=question, answered=answered, reason=reason))
        return verdicts, []


def _questions(index: TranscriptIndex, max_questions: int) -> list[str]:
    """Closed questions whose answer from the source is "yes", most informative first:
    values (ids, then amounts, dates...), then the most repeated distinctive words."""
    questions: list[str] = []
    seen: set[str] = set()
    for kind in _QUESTION_KINDS:
        for fact, turn_index in index.facts:
            if fact.kind != kind or fact.value in seen:
                continue
            seen.add(fact.value)
            speaker = index.turns[turn_index].speaker
            questions.append(
                f"Does the conversation mention {_KIND_PHRASES[kind]} {fact.surface} ({speaker})?"
            )
    counts: Counter[str] = Counter()
    surface: dict[str, str] = {}
    for turn in index.turns:
        for word in words(turn.text):
            if len(word) < 5 or not word.isalpha():
                continue
            for word_stem in content_stems(word):
                counts[word_stem] += 1
                surface.setdefault(word_stem, word)
    aliases = index.alias_stems()
    for word_stem, count in counts.most_common():
        if count < 2 or word_stem in aliases:
            continue
        questions.append(f"Does the conversation discuss '{surface[word_stem]}'?")
    return questions[:max_questions]


def _without_titles(summary: str) -> str:
    """`SummarySpec.text()` prefixes each section with its title ("Action: ..."): drop them so the
    claims are the sections' own sentences."""
    return "\n".join(
        re.sub(r"^[A-Z][\w /-]{0,40}:\s+(?=\S.*[.!?]\s*$)", "", line)
        for line in summary.splitlines()
    )


def transcript_text(transcript: Transcript) -> str:
    """The transcript as `speaker: text` lines, the source format of the summarization score."""
    return "\n".join(f"{(t.speaker or t.role).strip()}: {t.text}" for t in transcript.turns)


_ROLES: dict[str, Role] = {
    "agent": "agent",
    "customer": "customer",
    "system": "system",
    "bot": "bot",
}


def parse_transcript_text(source: str) -> Transcript:
    """A transcript from `speaker: text` lines; lines without a speaker continue the previous turn,
    and a source with no speaker labels at all is one turn."""
    turns: list[TranscriptTurn] = []
    for line in source.splitlines():
        if not line.strip():
            continue
        match = re.match(r"^\s*([^:\n]{1,40}):\s*(.*)$", line)
        if match and not re.search(r"\d", match.group(1)):
            label = match.group(1).strip()
            role = _ROLES.get(label.lower(), "customer")
            speaker = "" if label.lower() in _ROLES else label
            turns.append(
                TranscriptTurn(
                    index=len(turns), role=role, speaker=speaker, text=match.group(2).strip()
                )
            )
        elif turns:
            last = turns[-1]
            turns[-1] = last.model_copy(update={"text": f"{last.text} {line.strip()}"})
        else:
            turns.append(
                TranscriptTurn(index=0, role="customer", speaker="source", text=line.strip())
            )
    return Transcript(turns=tuple(turns))
