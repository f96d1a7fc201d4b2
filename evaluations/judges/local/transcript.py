"""The transcript as the offline judge reads it: per-turn stems, facts and who is speaking to whom.

Pronouns are resolved to speakers, so a summary's third-person claim can be matched to what a
speaker said in the first person: in "Josh: we had wine at my place", "my" is Josh; in a two-party
conversation "you" is the other party. Summaries say "the agent" and "the customer"; benchmark
dialogues have named speakers ("Emma") or role labels ("professor c"): all become aliases.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from dataclasses import dataclass, field

from evaluations.judges.text import (
    FIRST_PERSON,
    FIRST_PERSON_PLURAL,
    SECOND_PERSON,
    Fact,
    Vocabulary,
    content_stems,
    current_reading,
    dates_relative_to,
    digits_for_numbers,
    extract_facts,
    fact_matches,
    stem,
    words,
)
from evaluations.judges.types import Transcript

# How summaries name the two sides of a contact-center conversation.
ROLE_ALIASES: dict[str, frozenset[str]] = {
    "agent": frozenset(
        {"agent", "representative", "rep", "advisor", "adviser", "associate", "specialist",
         "operator", "consultant"}
    ),
    "customer": frozenset(
        {"customer", "caller", "client", "member", "subscriber", "policyholder",
         "patient", "guest", "buyer", "account holder"}
    ),
    "bot": frozenset({"bot", "assistant", "virtual assistant"}),
    "system": frozenset({"system"}),
}  # fmt: skip


def _role_aliases(role: str) -> frozenset[str]:
    """The words for a side: the English ones, which any summary may use, and those of the
    language being read ("Kunde", "cliente")."""
    language = current_reading().language
    own = {"agent": language.agents, "customer": language.customers}.get(role, ())
    return ROLE_ALIASES.get(role, frozenset()) | frozenset(own)


_LABEL_NOISE = frozenset({"a", "b", "c", "d", "e", "f", "g", "the"})


@dataclass
class Turn:
    index: int
    speaker: str  # the label the turn is attributed to ("agent", "Emma", "professor c")
    text: str
    stems: set[str]
    stem_counts: Counter[str]
    facts: list[Fact]
    compact: str  # upper-case letters and digits only, for ids said with spaces or dashes
    addressees: set[str] = field(default_factory=set)
    mentions: set[str] = field(default_factory=set)  # speakers named in this turn


class TranscriptIndex:
    """Stems, facts, weights and speakers of one transcript, computed once per transcript."""

    def __init__(self, transcript: Transcript):
        self.turns: list[Turn] = []
        for turn in transcript.turns:
            speaker = (turn.speaker or turn.role).strip()
            stems = content_stems(turn.text)
            self.turns.append(
                Turn(
                    index=turn.index,
                    speaker=speaker,
                    text=turn.text,
                    stems=set(stems),
                    stem_counts=Counter(stems),
                    facts=extract_facts(turn.text),
                    compact=re.sub(r"[^A-Z0-9]", "", digits_for_numbers(turn.text).upper()),
                )
            )
        self.speakers: list[str] = list(dict.fromkeys(t.speaker for t in self.turns))
        self.aliases: dict[str, set[str]] = self._speaker_aliases(transcript)
        self._resolve_addressees()
        documents = len(self.turns) or 1
        frequency = Counter(s for t in self.turns for s in t.stems)
        # Inverse turn frequency: a word said in every turn says little about which turn is meant.
        self.idf = {s: math.log(1 + documents / n) for s, n in frequency.items()}
        self.unseen_weight = math.log(1 + documents)
        self.vocabulary = Vocabulary(set(frequency), {w for t in self.turns for w in words(t.text)})
        self._resolve_dates_relative_to_dates()
        self.facts = [(fact, t.index) for t in self.turns for fact in t.facts]
        self.compact_text = " ".join(t.compact for t in self.turns)

    def _resolve_dates_relative_to_dates(self) -> None:
        """ "The Monday before", "the day after": against the last date said before them."""
        last: str | None = None
        for turn in self.turns:
            extra = dates_relative_to(turn.text, last)
            turn.facts = turn.facts + extra
            dates = [f for f in turn.facts if f.kind == "date" and not f.relative]
            # A day word ("après-demain") names one date too; a bare weekday may name two.
            relative: dict[str, set[str]] = {}
            for f in turn.facts:
                if f.kind == "date" and f.relative and f not in extra:
                    relative.setdefault(f.surface.lower(), set()).add(f.value)
            single = [next(iter(v)) for v in relative.values() if len(v) == 1]
            if dates:
                last = dates[-1].value
            elif single:
                last = single[-1]

    # --- speakers ------------------------------------------------------------------------------

    def _speaker_aliases(self, transcript: Transcript) -> dict[str, set[str]]:
        """alias word -> speaker labels it can mean. A shared alias ("phd") means several."""
        aliases: dict[str, set[str]] = {}
        roles = {(t.speaker or t.role).strip(): t.role for t in transcript.turns}
        for speaker in self.speakers:
            names = {speaker.lower()}
            tokens = [w for w in words(speaker) if w not in _LABEL_NOISE]
            names.update(tokens)
            if not transcript.turns or speaker == roles.get(speaker):
                names.update(_role_aliases(speaker))
            elif speaker != roles.get(speaker):
                # A named speaker in a contact-center transcript is still "the agent"/"the customer".
                role = roles.get(speaker, "")
                if role in {"agent", "customer"} and self._has_roles(transcript):
                    names.update(_role_aliases(role))
            for name in names:
                aliases.setdefault(stem(name) if " " not in name else name, set()).add(speaker)
        return aliases

    @staticmethod
    def _has_roles(transcript: Transcript) -> bool:
        roles = {t.role for t in transcript.turns}
        return {"agent", "customer"} <= roles

    def alias_stems(self) -> set[str]:
        return {a for a in self.aliases if " " not in a}

    def _resolve_addressees(self) -> None:
        """Who "you" is in each turn: a speaker named in the turn, the other party of a
        two-party conversation, or else the previous different speaker."""
        name_to_speaker = {a: s for a, speakers in self.aliases.items() for s in sorted(speakers)}
        previous: str | None = None
        for turn in self.turns:
            turn.mentions = {
                name_to_speaker[s]
                for s in (stem(w) for w in words(turn.text))
                if s in name_to_speaker and name_to_speaker[s] != turn.speaker
            }
            others = [s for s in self.speakers if s != turn.speaker]
            if turn.mentions:
                turn.addressees = set(turn.mentions)
            elif len(others) == 1:
                turn.addressees = {others[0]}
            elif previous and previous != turn.speaker:
                turn.addressees = {previous}
            if previous != turn.speaker:
                previous = turn.speaker

    def is_about(self, turn: Turn, speakers: set[str]) -> bool:
        """Whether a turn speaks as, or to, one of `speakers` (first or second person)."""
        tokens = set(words(turn.text))
        if turn.speaker in speakers:
            return True
        speaks_to = bool(tokens & SECOND_PERSON) and bool(turn.addressees & speakers)
        return speaks_to or bool(turn.mentions & speakers)

    @staticmethod
    def speaks_in_first_person(turn: Turn) -> bool:
        return bool(set(words(turn.text)) & (FIRST_PERSON | FIRST_PERSON_PLURAL))

    # --- lookup --------------------------------------------------------------------------------

    def weight(self, word_stem: str) -> float:
        return self.idf.get(word_stem, self.unseen_weight)

    def find_fact(self, claimed: Fact) -> list[int]:
        """Turns that state the claimed value, by canonical value or, for ids, letter for letter."""
        turns = [index for fact, index in self.facts if fact_matches(claimed, fact)]
        if not turns and claimed.kind in {"id", "phone", "email"}:
            needle = re.sub(r"[^A-Z0-9]", "", claimed.value.upper())
            if len(needle) >= 3:
                turns = [t.index for t in self.turns if needle in t.compact]
        return sorted(set(turns))

    def same_kind_facts(self, claimed: Fact, turn_indexes: list[int]) -> list[Fact]:
        """Values of the claimed kind said in the given turns: the likely contradicting values."""
        kinds = {claimed.kind} | ({"number"} if claimed.kind == "money" else set())
        wanted = set(turn_indexes)
        return [fact for fact, index in self.facts if index in wanted and fact.kind in kinds]
