"""Every term the simulator shows (issue #32, item 5): step words, board labels, the action editor's and the duel
builder's kinds, fates and chapters each have a glossary entry, by name or alias. The labels are collected from
the modules that show them, so a new label without a glossary entry fails here.

A label that is a phrase ("Place a ranged supporter") names its term in ``TERM_OF``; a label that is a term
itself needs no line there."""

from __future__ import annotations

from pathlib import Path

import pytest

from combat import board, board_actions, duel_builder, glossary, stepping
from rulings.corpus import _parse_glossary

ROOT = Path(__file__).resolve().parents[2]

# The glossary term each phrase of the simulator stands on.
TERM_OF = {
    "place a ranged supporter": "ranged attack",
    "ranged support": "ranged attack",
    "cast a spell": "spell",
    "cast a spell from the stock": "spell",
    "use an item": "h item",
    "use an h item from the stock": "h item",
    "bribe an opposing creature": "bribery",
    "bribe back (answer the bribe just made)": "bribe back",
    "ranged attack by a creature under a stronghold": "ranged attack",
    "channel power stones or a channeller": "channelling",
    "send a creature from the creature pen in as a secondary attacker": "secondary attack",
    "play a shield from the creature pen": "creature pen",
    "bribed: left the combat": "bribery",
    "discarded by an aoe": "aoe",
    "set-up": "combat",
    "primary attacks": "primary attacker",
    "end of the primary attacks": "primary attacker",
    "secondary attacks": "secondary attack",
    "use the guardian's own ability": "guardian's ability",
}


def glossary_words() -> set[str]:
    terms = _parse_glossary(ROOT / "rules" / "glossary.md", ROOT)
    return {word.lower() for term in terms for word in (term.term, *term.aliases)}


def simulator_labels() -> set[str]:
    """The words the simulator's pages show as labels, read from the modules that show them."""
    labels = {
        *board_actions.KIND_WORDS.values(),
        *duel_builder.KIND_WORDS.values(),
        *duel_builder.ROUND_TITLES.values(),
        *board._KIND_NOUNS.values(),
        *stepping.FATE_LABELS.values(),
        *stepping.PHASE_NAMES.values(),
        *stepping.PHASE_LABELS.values(),
    }
    return {label.lower() for label in labels}


def simulator_terms() -> set[str]:
    """The glossary terms the step pages link by name (combat.glossary)."""
    return {
        *(term for terms in glossary.STEP_KIND_TERMS.values() for term in terms),
        *(term for terms in glossary.RULE_TERMS.values() for term in terms),
        *glossary.PHASE_TERMS.values(),
    }


def test_the_labels_are_collected_from_the_simulator() -> None:
    labels = simulator_labels()
    assert {"bribe back", "pass", "standing", "beaten", "secondary round", "channelling"} <= labels
    assert len(labels) >= 25


def test_every_simulator_label_has_a_glossary_entry() -> None:
    words = glossary_words()
    missing = sorted(label for label in simulator_labels() if TERM_OF.get(label, label) not in words)
    assert missing == []


def test_every_term_a_step_links_is_in_the_glossary() -> None:
    words = glossary_words()
    assert sorted(term for term in simulator_terms() if term not in words) == []


def test_no_phrase_names_a_term_the_simulator_does_not_show() -> None:
    assert set(TERM_OF) <= simulator_labels()


@pytest.mark.django_db
@pytest.mark.parametrize("term", ["Bribe back", "Pass", "Standing", "Partner bonus", "Push", "Channelling cap"])
def test_the_rules_search_ranks_the_glossary_term_above_stray_word_matches(term: str) -> None:
    """Typed as the simulator shows it, a term finds its glossary entry before the rules and rulings that merely
    use its words ("pass" occurs in dozens of rules); only a heading named exactly so may come first."""
    from rulings.search import search_rules

    found = search_rules(term.lower(), size=50)
    assert found.total > 1, "the words occur elsewhere too, or the test shows nothing"
    first_glossary = next(index for index, hit in enumerate(found.hits) if hit.kind == "glossary")
    ahead = found.hits[:first_glossary]
    assert all(hit.kind in ("standard", "arena") and hit.title.lower() == term.lower() for hit in ahead), \
        [(hit.kind, hit.title) for hit in ahead]  # fmt: skip
    assert found.hits[first_glossary].title.lower().split(" (")[0] == term.lower()
