"""A reason the engine words inside a step or a warning (``WordedWhy``: a creature going back to the hand, a duel
creature that can no longer be played) is written on the site from its code and values, in the words the
engine used, with its cards linked where the sentence names them: never read back from the engine's text."""

from __future__ import annotations

import copy
import pickle

from combat.card_links import notice_html, step_html
from engine.arena.wording import duel_words
from engine.enums import Phase
from engine.log import Notice, Step, Why, WordedWhy

NAMES = {"Sand Lord": "sand-lord", "Swordsman": "swordsman", "Djinn": "djinn"}
BEATEN = Why("fate.beaten_through", {"winner": "Sand Lord", "card": "Swordsman", "round": 1})


def _back_to_hand(reason: WordedWhy) -> Step:
    return Step.record(
        index=0, phase=None, kind=None, rule="ENG-10", message="back_to_hand.later",
        args=("Djinn", "attacker", reason), moment="", side=None, card="", card_name="", subject="",
        subject_name="", delta=None, total=None, chain=(),
    )  # fmt: skip


def test_a_reason_worded_in_a_duels_words_links_its_cards_inside_the_sentence() -> None:
    # The Arena says "the secondary round" where the standard rules say "match-up 1": the site writes the reason
    # in the words it was worded in, so its cards are linked where it names them, not listed after it.
    reason = WordedWhy(BEATEN, duel_words(Phase.SECONDARY))
    assert reason == "beaten by Sand Lord through Swordsman in the secondary round"
    html = str(step_html(_back_to_hand(reason), NAMES))
    assert html == (
        '<a href="/cards/djinn/">Djinn</a> goes back to the attacker&#x27;s combat hand (beaten by '
        '<a href="/cards/sand-lord/">Sand Lord</a> through <a href="/cards/swordsman/">Swordsman</a> in the '
        "secondary round); it will be played again later."
    )
    notice = Notice(
        "arena.creature_gone",
        "the attacker's Djinn cannot be played as a secondary attacker: " + reason,
        "ARN-9",
        {"side": "attacker", "card": "Djinn", "why": reason, "why_code": BEATEN.code, "why_values": {}},
    )
    assert "(cards:" not in str(notice_html(notice, NAMES, duel_words(Phase.SECONDARY)))


def test_the_site_writes_the_reason_from_its_values_not_its_text() -> None:
    reason = WordedWhy(BEATEN)
    # A copy keeps the reason and its words; the text is never what the site reads.
    for copied in (copy.deepcopy(reason), pickle.loads(pickle.dumps(reason))):
        assert copied == reason and copied.why == BEATEN and copied.words.name == reason.words.name
    reworded = str.__new__(WordedWhy, "Zork quux")
    reworded.why, reworded.words = BEATEN, reason.words
    html = str(step_html(_back_to_hand(reworded), NAMES))
    assert "Zork" not in html and "in match-up 1" in html and 'href="/cards/swordsman/"' in html
