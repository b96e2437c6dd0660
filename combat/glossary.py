"""The game's words the combat screens use, linked to the rules glossary, for a player who does not know them yet.

A step is given its words from its fields (its phase, its match-up, its kind), never from its sentence. A word
links only when the glossary has it (the anchors come from the rules data of the current revision); otherwise
it stays plain text.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine.enums import Phase, StepKind
from engine.log import Step
from rulings.linking import TextLinker

# Each kind of step and the glossary terms a reader may not know yet, in the order they help.
STEP_KIND_TERMS: dict[StepKind, tuple[str, ...]] = {
    StepKind.DECLARE: ("command card",),
    StepKind.REVEAL: ("command card",),
    StepKind.CONTRADICTION: ("contradiction",),
    StepKind.DISPEL: ("dispel",),
    StepKind.COMMAND_EFFECT: ("command ability",),
    StepKind.AOE: ("aoe",),
    StepKind.BRIBE: ("bribery window", "bribery card"),
    StepKind.SPELL: ("spell",),
    StepKind.DESTROY: ("destroyed",),
    StepKind.IMMUNITY: ("immunity",),
    StepKind.OFF_COLOUR: ("off-colour bonus",),
    StepKind.TERRAIN: ("terrain bonus",),
    StepKind.RANGED: ("ranged attack",),
    StepKind.CHANNEL: ("channelling", "power stone"),
    StepKind.COMPARE: ("winner (match-up)",),
    StepKind.PARTNER: ("partner bonus",),
    StepKind.SECONDARY_ATTACK: ("secondary attack",),
    StepKind.KILL_TEST: ("partner bonus",),
    StepKind.COUNT: ("control", "printed vitality"),
    StepKind.RESULT: ("control",),
    StepKind.RETREAT: ("retreat",),
    StepKind.HEAL: ("healing",),
    StepKind.STONES: ("power stone",),
}
# The set-up's steps are notes told apart by their rule: entering the space, then each side picking up its hand.
RULE_TERMS: dict[str, tuple[str, ...]] = {
    "CMB-1": ("terrain", "disputed land"),
    "CMB-2": ("combat hand", "stacking limit", "cmp", "power stone"),
}
PHASE_TERMS: dict[Phase, str] = {
    Phase.COMMAND: "command step",
    Phase.SECONDARY: "secondary attack",
    Phase.RESOLUTION: "resolution",
}


# How a term reads in the list when its glossary entry's name is not plain words.
WORDS = {
    "winner (match-up)": "winning a match-up",
    "aoe": "AOE (area of effect)",
    "printed vitality": "printed Vitality",
    "cmp": "CMP",
    "power stone": "Power Stone",
}


@dataclass(frozen=True)
class GlossaryLink:
    word: str
    url: str


def glossary_urls() -> dict[str, str]:
    """Lower-case glossary term or alias -> its anchor on the glossary page."""
    return TextLinker.from_database().term_urls


def link(term: str, urls: dict[str, str] | None = None, word: str = "") -> GlossaryLink | None:
    """The glossary link for ``term``, read as ``word`` (the term itself by default); None if the glossary lacks it."""
    url = (glossary_urls() if urls is None else urls).get(term.lower())
    return GlossaryLink(word or WORDS.get(term, term), url) if url else None


def step_words(step: Step, urls: dict[str, str] | None = None) -> list[GlossaryLink]:
    """The glossary words for one step: its part of the combat (a match-up, the command step ...), then its rule's
    and its kind's."""
    urls = glossary_urls() if urls is None else urls
    terms: list[str] = []
    if step.moment.startswith("s"):
        terms.append("secondary attack")
    elif step.moment:
        terms.append("match-up")
    elif step.phase in PHASE_TERMS:
        terms.append(PHASE_TERMS[step.phase])
    terms += RULE_TERMS.get(step.rule, ())
    terms += STEP_KIND_TERMS.get(step.kind, ())
    found: list[GlossaryLink] = []
    for term in terms:
        linked = link(term, urls)
        if linked is not None and all(linked.url != other.url for other in found):
            found.append(linked)
    return found
