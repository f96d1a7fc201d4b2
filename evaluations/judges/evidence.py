"""Is a text supported by something the transcript says, and by which turns? Checked in code.

Judges (a model, or the local baseline) write completeness items as paraphrases of the transcript
("Agent refunded $64.50 to the checking account on file, 3-5 business days"). An item that paraphrases
nothing the transcript says is invented evidence: it is flagged (`is_evidence_verified=False`), not
trusted silently. The same matching links accuracy points to the turns they are about.

The method is lexical and deterministic:

1. Normalise both sides into content tokens: lower case, stop words and speaker-role words
   ("customer", "agent") dropped, possessives and ordinals stripped, money and numbers canonical
   ("$64.50" -> "64.5", "1,460" -> "1460", "five" -> "5"), a month and its day fused into one date
   token ("February 3" and "3rd of February" -> "feb#3").
2. A text token matches a turn when the turn has the same token, the same Snowball stem
   ("refunded"/"refund"), or, for words of 5+ letters, a close spelling (RapidFuzz ratio >= 85,
   "cancelled"/"canceled"). Tokens holding a digit (amounts, dates, ids) only match exactly.
3. Pick turns greedily, each adding the most not-yet-matched token weight (identifiers weigh 2, other
   words 1), up to 3 turns: those are the `turn_indexes`, best first.
4. The text is verified when its first two turns (a paraphrase of one or two turns) match at least
   `VERIFY_THRESHOLD` of its token weight, and every identifier token it contains.

Calibration on the labelled development data (cc_dev.jsonl, see the tests): all 197 labelled
`transcript_content` items verify against their own transcript; 2.8% (126) of the 4,531 (item, other
conversation) pairs verify against the wrong transcript, almost all of them two-word generic items
("Customer wants a refund", "Both email addresses").
"""

from __future__ import annotations

import re
import threading
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import TypeVar

import snowballstemmer
from rapidfuzz import fuzz, process

from evaluations.judges.types import (
    ClaimVerdict,
    CompletenessItem,
    CompletenessRubric,
    QuestionVerdict,
    SummarizationResult,
    SummarySpec,
    Transcript,
)

VERIFY_THRESHOLD = 0.5
MAX_TURNS = 3
_FUZZY_MIN_LENGTH = 5
_FUZZY_MIN_RATIO = 85
_IDENTIFIER_WEIGHT = 2.0

_Linked = TypeVar("_Linked", ClaimVerdict, QuestionVerdict)

_STOP_WORDS = frozenset(
    # One string is easier to read and extend than a list of 150 quoted words.
    """
    a an the and or but if of to in on at by for with from into onto about as is are was were be
    been being am it its this that these those he she his her him hers they them their theirs we us
    our ours you your yours i me my mine so than then there here what which who whom whose when
    where why how all any both each few more most other some such no nor not only own same too very
    can will just should would could may might must shall do does did done doing has have had having
    also up down out over under again further once per via within without after before during until
    while through s t ok okay yes yeah sure please thank thanks hi hello let get got go going
    customer customers agent agents representative representatives caller rep client
    """.split()  # noqa: SIM905
)
_NUMBER_WORDS = {
    "zero": "0", "one": "1", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6",
    "seven": "7", "eight": "8", "nine": "9", "ten": "10", "eleven": "11", "twelve": "12",
    "thirteen": "13", "fourteen": "14", "fifteen": "15", "sixteen": "16", "seventeen": "17",
    "eighteen": "18", "nineteen": "19", "twenty": "20", "thirty": "30", "forty": "40",
    "fifty": "50", "hundred": "100", "twice": "2", "double": "2",
}  # fmt: skip
_MONTHS = {
    "january": "jan", "february": "feb", "march": "mar", "april": "apr", "may": "may",
    "june": "jun", "july": "jul", "august": "aug", "september": "sep", "october": "oct",
    "november": "nov", "december": "dec", "jan": "jan", "feb": "feb", "mar": "mar", "apr": "apr",
    "jun": "jun", "jul": "jul", "aug": "aug", "sep": "sep", "sept": "sep", "oct": "oct",
    "nov": "nov", "dec": "dec",
}  # fmt: skip
_TOKEN = re.compile(r"[a-z0-9]+(?:,\d{3})*(?:\.\d+)?")
# Snowball stemmers keep state between calls and are not thread-safe (the Claude judge and a
# threads pool call this concurrently): one per thread.
_stemmers = threading.local()


@dataclass(frozen=True)
class EvidenceMatch:
    is_verified: bool
    turn_indexes: tuple[int, ...]  # best first, at most MAX_TURNS
    coverage: float  # share of the text's token weight matched by its first two turns
    missing_identifiers: tuple[str, ...]  # numbers, dates and ids the two turns do not contain


def content_tokens(text: str) -> list[str]:
    """The text's content tokens, normalised as in step 1 of the module docstring."""
    raw = _raw_tokens(text)
    tokens: list[str] = []
    index = 0
    while index < len(raw):
        word = raw[index]
        following = raw[index + 1] if index + 1 < len(raw) else ""
        if word in _MONTHS and _is_day(following):
            tokens.append(f"{_MONTHS[word]}#{int(following)}")
            index += 2
            continue
        if _is_day(word) and following == "of" and raw[index + 2 : index + 3]:
            month = raw[index + 2]
            if month in _MONTHS:
                tokens.append(f"{_MONTHS[month]}#{int(word)}")
                index += 3
                continue
        index += 1
        if word in _STOP_WORDS or (len(word) < 2 and not word.isdigit()):
            continue
        if re.fullmatch(r"0+", word):  # the ":00" of "9:00" says nothing
            continue
        tokens.append(_MONTHS.get(word, word))
    return tokens


def is_identifier(token: str) -> bool:
    """Amounts, dates, times and ids: tokens that hold a digit and must match exactly."""
    return any(char.isdigit() for char in token)


class TranscriptIndex:
    """The transcript's turns as token sets, built once and reused for every text checked."""

    def __init__(self, transcript: Transcript):
        self.transcript = transcript
        self._turn_tokens: list[set[str]] = [set(content_tokens(t.text)) for t in transcript.turns]
        self._turn_stems: list[set[str]] = [
            {_stem(token) for token in tokens if not is_identifier(token)}
            for tokens in self._turn_tokens
        ]
        self._vocabulary = sorted(
            {token for tokens in self._turn_tokens for token in tokens if not is_identifier(token)}
        )

    def locate(self, text: str) -> EvidenceMatch:
        """Steps 2 to 4 of the module docstring for one text."""
        tokens = content_tokens(text)
        if not tokens or not self._turn_tokens:
            return EvidenceMatch(False, (), 0.0, ())
        weights = [_IDENTIFIER_WEIGHT if is_identifier(t) else 1.0 for t in tokens]
        total = sum(weights)
        # matches[turn][k]: does turn `turn` contain text token k?
        matchers = [self._matcher(token) for token in tokens]
        matches = [
            [matcher(turn) for matcher in matchers] for turn in range(len(self._turn_tokens))
        ]
        chosen: list[int] = []
        covered = [False] * len(tokens)
        coverage_of_two = 0.0
        while len(chosen) < MAX_TURNS:
            best_turn, best_gain = None, 0.0
            for turn, row in enumerate(matches):
                if turn in chosen:
                    continue
                gain = sum(
                    w
                    for w, hit, done in zip(weights, row, covered, strict=True)
                    if hit and not done
                )
                if gain > best_gain:
                    best_turn, best_gain = turn, gain
            if best_turn is None:
                break
            chosen.append(best_turn)
            covered = [done or hit for done, hit in zip(covered, matches[best_turn], strict=True)]
            if len(chosen) <= 2:
                coverage_of_two = (
                    sum(w for w, done in zip(weights, covered, strict=True) if done) / total
                )
        window = chosen[:2]
        missing = tuple(
            token
            for k, token in enumerate(tokens)
            if is_identifier(token) and not any(matches[turn][k] for turn in window)
        )
        verified = coverage_of_two >= VERIFY_THRESHOLD and not missing
        return EvidenceMatch(verified, tuple(chosen), round(coverage_of_two, 4), missing)

    def _matcher(self, token: str) -> Callable[[int], bool]:
        if is_identifier(token):
            return lambda turn: token in self._turn_tokens[turn]
        stem = _stem(token)
        close = set()
        if len(token) >= _FUZZY_MIN_LENGTH:
            close = {
                word
                for word, _score, _index in process.extract(
                    token,
                    self._vocabulary,
                    scorer=fuzz.ratio,
                    score_cutoff=_FUZZY_MIN_RATIO,
                    limit=None,
                )
            }
        return lambda turn: (
            token in self._turn_tokens[turn]
            or stem in self._turn_stems[turn]
            or bool(close & self._turn_tokens[turn])
        )


def locate_evidence(transcript: Transcript, text: str) -> tuple[bool, tuple[int, ...]]:
    """Is `text` supported by something the transcript says, and its best-matching turns (<= 3)."""
    match = _index_for(transcript).locate(text)
    return match.is_verified, match.turn_indexes


def verify_completeness_items(
    transcript: Transcript, rubrics: tuple[CompletenessRubric, ...] | list[CompletenessRubric]
) -> tuple[CompletenessRubric, ...]:
    """Copies of the rubrics with every item's `is_evidence_verified` and `turn_indexes` set from
    the transcript. Turn indexes a judge already gave are kept; the check itself always runs."""
    index = _index_for(transcript)
    checked: list[CompletenessRubric] = []
    for rubric in rubrics:
        items: list[CompletenessItem] = []
        for item in rubric.content_list:
            match = index.locate(item.transcript_content)
            items.append(
                item.model_copy(
                    update={
                        "is_evidence_verified": match.is_verified,
                        "turn_indexes": item.turn_indexes or match.turn_indexes,
                    }
                )
            )
        checked.append(rubric.model_copy(update={"content_list": tuple(items)}))
    return tuple(checked)


def best_section(summary: SummarySpec, text: str) -> str:
    """The key of the summary section `text` comes from: the one whose title it starts with
    ("Resolution: Y", as the summary's text renders a section), else the one that shares the most
    content words with it, or "" when none shares any (ties go to the earlier section)."""
    lowered = text.strip().lower()
    for section in summary.sections:
        if lowered.startswith(f"{section.title.lower()}:"):
            return section.key
    wanted = {_stem(token) for token in content_tokens(text)}
    best, best_overlap = "", 0
    for section in summary.sections:
        overlap = len(wanted & {_stem(token) for token in content_tokens(section.text)})
        if overlap > best_overlap:
            best, best_overlap = section.key, overlap
    return best


def link_summarization(
    transcript: Transcript, summary: SummarySpec, result: SummarizationResult
) -> SummarizationResult:
    """A copy of the summarization result with every claim and answered question linked: its
    section (where the claim comes from; which section should answer the question) and its
    evidence turns in the transcript. Links a judge already gave are kept."""
    index = _index_for(transcript)

    def linked(verdict: _Linked, text: str) -> _Linked:
        return verdict.model_copy(
            update={
                "section": verdict.section or best_section(summary, text),
                "turn_indexes": verdict.turn_indexes or index.locate(text).turn_indexes,
            }
        )

    claims = tuple(linked(claim, claim.claim) for claim in result.claims)
    answers = tuple(linked(answer, answer.question) for answer in result.answers)
    return result.model_copy(update={"claims": claims, "answers": answers})


@lru_cache(maxsize=64)
def _index_for(transcript: Transcript) -> TranscriptIndex:
    return TranscriptIndex(transcript)


def _raw_tokens(text: str) -> list[str]:
    text = unicodedata.normalize("NFKC", text).lower().replace("’", "'").replace("‘", "'")
    text = re.sub(r"(\w)'s\b", r"\1", text)
    text = re.sub(r"\b(\d+)(?:st|nd|rd|th)\b", r"\1", text)
    tokens: list[str] = []
    for token in _TOKEN.findall(text):
        if token[0].isdigit() and re.fullmatch(r"[\d,.]+", token):
            token = token.replace(",", "")
            if "." in token:  # "$64.50" and "64.5" are the same amount; "$64.00" is "64"
                token = token.rstrip("0").rstrip(".")
        tokens.append(_NUMBER_WORDS.get(token, token))
    return tokens


def _is_day(token: str) -> bool:
    return token.isdigit() and 1 <= int(token) <= 31 and len(token) <= 2


@lru_cache(maxsize=50_000)
def _stem(word: str) -> str:
    """A word's English stem; cached, since the same words recur across turns, claims and
    summaries (the stemmer itself keeps no cache)."""
    return _stemmer().stemWord(word)


def _stemmer() -> snowballstemmer.stemmer:
    stemmer = getattr(_stemmers, "english", None)
    if stemmer is None:
        stemmer = _stemmers.english = snowballstemmer.stemmer("english")
    return stemmer
