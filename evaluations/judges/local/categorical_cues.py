"""Lexical checks of categorical values ("Resolution: Y", "Customer satisfaction: D", "Escalated: No").

A categorical value is a judgement about the whole conversation, which a word-matching judge can
only approximate from cues: words of unfinished business (an escalation, an open investigation),
the customer's closing words (thanks or complaints), mentions of a supervisor or a transfer. When
the cues are silent the value is not contradicted and the justification says so.
"""

from __future__ import annotations

import re
from typing import Literal, get_args

from evaluations.judges.languages import ENGLISH, Language
from evaluations.judges.local.content import clauses
from evaluations.judges.local.decompose import split_sentences
from evaluations.judges.local.transcript import TranscriptIndex, Turn
from evaluations.judges.text import content_stems, current_reading, negation_words, stem, words

# The cue classes of the categorical values, each a field of `Language`.
CueClass = Literal["praise", "complaints", "open_issues", "escalations", "teams", "hand_overs"]
# The English cues count in every language; stemmed in English, once.
_ENGLISH_CUES: dict[CueClass, frozenset[str]] = {
    name: frozenset(stem(w) for w in getattr(ENGLISH, name)) for name in get_args(CueClass)
}
_CUE_CACHE: dict[tuple[Language, CueClass], frozenset[str]] = {}


def _cues(name: CueClass) -> frozenset[str]:
    """A cue class's stems: the English words, and those of the conversation's language."""
    language = current_reading().language
    key = (language, name)
    if key not in _CUE_CACHE:
        words_of: tuple[str, ...] = getattr(language, name)
        # Only a stem that is the word's own beginning: a lemma table may map a word to
        # another ("geweldig" to "wel"), which would match unrelated words.
        _CUE_CACHE[key] = _ENGLISH_CUES[name] | frozenset(
            stem(w) for w in words_of if w.lower().startswith(stem(w)[:4])
        )
    return _CUE_CACHE[key]


def _has_team(stems: set[str]) -> bool:
    """A team word, also as the end of a compound ("schadeafdeling", "Fachabteilung")."""
    teams = _cues("teams")
    return bool(stems & teams) or any(
        len(s) > len(t) + 2 and s.endswith(t) for s in stems for t in teams if len(t) >= 5
    )


_GENERIC_VERBS = frozenset(
    stem(w) for w in ("given", "made", "done", "taken", "offered", "provided", "requested")
)
_TITLES = {
    "resolution": "resolution",
    "customer satisfaction": "customer_satisfaction",
    "satisfaction": "customer_satisfaction",
    "escalated": "escalated",
    "escalation": "escalated",
}
_CATEGORICAL_POINT = re.compile(
    r"^\s*(?P<title>[A-Za-z][A-Za-z _-]{0,40}):\s*(?P<value>[^()]+?)\s*(?:\((?P<gloss>.*)\))?\s*$"
)


def parse_categorical_point(section: str, point: str) -> tuple[str, str] | None:
    """(concept, value) for a point like "Resolution: P (partly resolved)" whose title names its
    own section; None for anything else (entity lines name other keys)."""
    match = _CATEGORICAL_POINT.match(point)
    if not match:
        return None
    title = match.group("title").strip().lower().replace("_", " ")
    section_title = section.lower().replace("_", " ")
    if title != section_title and _TITLES.get(title) != section:
        return None
    return _TITLES.get(title, section), match.group("value").strip()


def check_categorical_point(
    index: TranscriptIndex, section: str, point: str
) -> tuple[bool, str, list[int]] | None:
    """(is_accurate, justification, turns) for a categorical point, or None if it is not one."""
    parsed = parse_categorical_point(section, point)
    if parsed is None:
        return None
    concept, value = parsed
    upper = value.upper()
    if concept == "resolution":
        return _resolution(index, upper)
    if concept == "customer_satisfaction":
        return _satisfaction(index, upper)
    if upper in {"YES", "NO"}:
        cues = (
            _cues("escalations")
            if concept == "escalated"
            # "refund_given": the topic is the noun; "given", "made", "done" say nothing.
            else frozenset(content_stems(section.replace("_", " "))) - _GENERIC_VERBS
        )
        return _yes_no(index, concept, upper == "YES", cues)
    return _grounded_value(index, value)


def _customer_turns(index: TranscriptIndex) -> list[Turn]:
    customers = [t for t in index.turns if t.speaker in index.aliases.get(stem("customer"), set())]
    return customers or [t for t in index.turns if t.speaker != index.turns[0].speaker]


def _closing_mood(index: TranscriptIndex) -> tuple[int, int, list[int]]:
    """(positive cues, negative cues, turns) in the customer's last three turns."""
    closing = _customer_turns(index)[-3:]
    positive = negative = 0
    for turn in closing:
        stems = {stem(w) for w in words(turn.text)}
        positive += len(stems & _cues("praise"))
        negative += len(stems & _cues("complaints"))
    return positive, negative, [t.index for t in closing]


def _satisfaction(index: TranscriptIndex, value: str) -> tuple[bool, str, list[int]]:
    positive, negative, turns = _closing_mood(index)
    mood = f"the customer's closing turns have {positive} positive and {negative} negative cue(s)"
    if value.startswith("D"):
        if positive > negative:
            return (
                False,
                f"Contradicted: {mood}, which reads neutral or positive, not dissatisfied.",
                turns,
            )
        return True, f"Consistent: {mood}.", turns
    if negative > positive:
        return False, f"Contradicted: {mood}, which reads dissatisfied.", turns
    return True, f"Consistent: {mood}.", turns


def _resolution(index: TranscriptIndex, value: str) -> tuple[bool, str, list[int]]:
    # The problem is stated early; what is still open shows after the first third.
    third = len(index.turns) // 3
    open_turns = [t.index for t in index.turns[third:] if t.stems & _cues("open_issues")]
    if value.startswith("Y"):
        # "Das kann ich Ihnen leider nicht sagen", "I'm afraid we can't refund that": a request
        # the agent regrets refusing is an issue left unresolved.
        agents = index.aliases.get(stem("agent"), set())
        regrets = current_reading().language.regrets | ENGLISH.regrets
        refused = [
            t.index
            for t in index.turns[third:]
            if (t.speaker in agents or not agents)
            and set(words(t.text)) & regrets
            and _negated(t.text)
        ]
        if refused and not open_turns:
            return (
                False,
                f"Contradicted: the agent regrets a refusal in turn {refused[0]}, so not every "
                "issue was resolved.",
                refused[:3],
            )
        if open_turns:
            return (
                False,
                "Contradicted: the conversation ends with an issue still open "
                f"(escalation, investigation or pending work in turn {open_turns[0]}), so not every "
                "issue was resolved.",
                open_turns[:3],
            )
        return (
            True,
            "Consistent: nothing after the first third of the conversation is left open (lexical check).",
            [],
        )
    if value.startswith(("P", "N")) and value != "N/A":
        positive, negative, turns = _closing_mood(index)
        # A polite "thanks" closes partly resolved calls too, so nothing lexical tells P from Y:
        # P is not contradicted. N (nothing resolved) is, by a positive close when nothing after
        # the first third sounds like a limit ("I can't", "no longer") or stays open.
        agents = index.aliases.get(stem("agent"), set())
        limits = [
            t.index
            for t in index.turns[third:]
            if (t.speaker in agents or not agents) and _negated(t.text)
        ]
        if (
            value.startswith("N")
            and not open_turns
            and not limits
            and positive > 0
            and negative == 0
        ):
            return (
                False,
                "Contradicted: no issue is left open and the customer closes positively, "
                "which reads as resolved.",
                turns,
            )
        return (
            True,
            "Consistent: the conversation ends with an open issue or an unhappy customer.",
            open_turns[:3],
        )
    return (
        True,
        "Not contradicted: the offline judge cannot tell lexically whether an issue was raised.",
        [],
    )


def _yes_no(
    index: TranscriptIndex, concept: str, claimed_yes: bool, cues: frozenset[str]
) -> tuple[bool, str, list[int]]:
    """Whether the thing a Yes/No section asks about happened ("Escalated", "Refund given").

    A mention is not an event: "I can escalate this if you like" or "no refund, thanks" do not
    make it a Yes. The sentences naming the topic are read as *done* (stated, not asked, offered
    or negated) or not; No is contradicted by a done mention, Yes by mentions none of which is
    done. With no mention at all, No is consistent and Yes is not supported."""
    if concept == "escalated":
        return _mentioned(index, concept, claimed_yes, cues)
    done: list[int] = []
    other: list[int] = []
    for position, turn in enumerate(index.turns):
        reply = index.turns[position + 1] if position + 1 < len(index.turns) else None
        # Clause by clause: "there's no refund fee, so I've refunded the full 64 euros" negates
        # the fee, not the refund.
        for sentence in split_sentences(turn.text) or [turn.text]:
            for clause in clauses(sentence):
                if not set(content_stems(clause)) & cues:
                    continue
                question = sentence.rstrip().endswith("?")
                if not question and (_states_event(clause) or _accepted(clause, turn, reply)):
                    done.append(turn.index)
                else:
                    other.append(turn.index)
    topic = concept.replace("_", " ")
    if claimed_yes:
        if done:
            return True, f"Supported: turn {done[0]} states {topic}.", done[:3]
        if other:
            return (
                False,
                f"Contradicted: {topic} is only asked about, offered or negated (turn {other[0]}).",
                other[:3],
            )
        # The topic may happen in other words ("I've reversed the $15 fine" is a refund): with
        # no mention at all, the offline judge cannot tell, and does not refute it.
        return (
            True,
            f"Not judged: no turn names {topic}; the offline judge cannot tell whether it "
            "happened in other words.",
            [],
        )
    if done:
        return False, f"Contradicted: turn {done[0]} states {topic}.", done[:3]
    if other:
        return (
            True,
            f"Consistent: {topic} is only asked about, offered or negated (turn {other[0]}).",
            other[:3],
        )
    return True, f"Consistent: nothing in the transcript mentions {topic}.", []


def _mentioned(
    index: TranscriptIndex, concept: str, claimed_yes: bool, cues: frozenset[str]
) -> tuple[bool, str, list[int]]:
    """Escalation: a transfer or a supervisor is rarely offered without happening, and reading
    it as an event cost half B a false alarm, so any mention counts."""
    turns = [t.index for t in index.turns if t.stems & cues or _handed_over(t.stems)]
    topic = concept.replace("_", " ")
    if claimed_yes and not turns:
        return False, f"Not supported: nothing in the transcript mentions {topic}.", []
    if not claimed_yes and turns:
        return False, f"Contradicted: turn {turns[0]} mentions {topic}.", turns[:3]
    if turns:
        return True, f"Supported: turn {turns[0]} mentions {topic}.", turns[:3]
    return True, f"Consistent: nothing in the transcript mentions {topic}.", []


def _handed_over(stems: set[str]) -> bool:
    """A turn that hands the matter to a team or department ("escalated to another team")."""
    return _has_team(stems) and bool(stems & _cues("hand_overs"))


def _accepted(clause: str, turn: Turn, reply: Turn | None) -> bool:
    """An offer of one thing, not negated ("I'll refund the $38, if that helps"), that the other
    party's next turn opens by accepting ("Yes, that's fair"): agreed, so done."""
    language = current_reading().language
    if reply is None or reply.speaker == turn.speaker or _negated(clause):
        return False
    if set(words(clause)) & set(language.option_words or ("or",)):
        return False
    opening = words(reply.text)[:1]
    return bool(opening) and opening[0] in {w.lower() for w in language.acceptances}


def _states_event(sentence: str) -> bool:
    """A sentence that states something happened: not a question, no offer or possibility
    word, no negation."""
    if sentence.rstrip().endswith("?") or _negated(sentence):
        return False
    irrealis = set(current_reading().language.irrealis)
    return not set(words(sentence)) & irrealis


def _grounded_value(index: TranscriptIndex, value: str) -> tuple[bool, str, list[int]]:
    """A category ("Billing") names a kind of conversation, which transcripts rarely say in so
    many words: the offline judge does not refute it, and says whether any turn uses its words."""
    stems = set(content_stems(value))
    turns = [t.index for t in index.turns if t.stems & stems]
    if turns:
        return (
            True,
            f"Not contradicted: turn {turns[0]} uses the words of '{value}' (lexical check only).",
            turns[:3],
        )
    return (
        True,
        f"Not judged: the offline judge cannot classify the conversation as '{value}' from its words.",
        [],
    )


def _negated(text: str) -> bool:
    tokens = set(words(text))
    return bool(tokens & negation_words()) or any(t.endswith("n't") for t in tokens)
