"""The per-language tables of the offline judge: every supported language fills the word lists
the rules read, and the rules read them from the conversation's `Language`."""

from __future__ import annotations

from dataclasses import replace

import pytest

from evaluations.judges.languages import GERMAN, LANGUAGES
from evaluations.judges.local import LocalJudge
from evaluations.judges.types import PointToVerify, Transcript, TranscriptTurn

# The word lists that the event and categorical rules read from the language.
RULE_WORD_LISTS = (
    "option_words",
    "and_words",
    "conditionals",
    "regrets",
    "praise",
    "complaints",
    "open_issues",
    "escalations",
    "teams",
    "hand_overs",
)


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_every_language_fills_each_word_list_the_rules_read(code):
    empty = [name for name in RULE_WORD_LISTS if not getattr(LANGUAGES[code], name)]
    assert empty == []


def test_a_regret_word_of_the_language_turns_an_offer_down(monkeypatch):
    refund = Transcript(
        turns=(
            TranscriptTurn(index=0, role="customer", text="Können Sie mir den Versand erstatten?"),
            TranscriptTurn(
                index=1,
                role="agent",
                text="Bedauerlicherweise ist das bei Sonderangeboten ausgeschlossen.",
            ),
        ),
        language="de",
    )
    point = PointToVerify(section="action", point="Der Mitarbeiter hat den Versand erstattet.")

    assert LocalJudge().verify_points(refund, [point])[0].is_accurate

    regretful = replace(GERMAN, regrets=GERMAN.regrets | {"bedauerlicherweise"})
    monkeypatch.setitem(LANGUAGES, "de", regretful)
    verdict = LocalJudge().verify_points(refund, [point])[0]
    assert not verdict.is_accurate
    assert "turns it down" in verdict.accuracy
