"""A question's words, written from its fields when shown (the data files hold no sentences): the prompt, the
label of each choice, the side and creature names. The engine's own words are used for actions and steps."""

from __future__ import annotations

from engine import parse_setup
from engine.actions import action_from_text
from engine.catalog import CardCatalog
from engine.core import action_said
from learn.questions import Kind, Question

SIDES = {"attacker": "the attacker", "defender": "the defender"}
FATES = {
    "standing": "It is still standing at the end",
    "beaten": "It is beaten (lost its fight)",
    "destroyed": "It is destroyed",
    "bribed": "It is bribed away",
    "discarded_by_aoe": "An area attack discards it",
    "out_of_play": "It is set aside, out of play",
}
# Why an action is refused, in the site's words, per stable reason code of engine.options.why_not.
REASONS = {
    "action.out_of_turn": "No: it is the other player's turn",
    "action.bribery_window_open": "No: bribes may still be played, so only bribes or passes come first",
    "action.bribery_window_closed": "No: both players have passed the bribery window",
    "action.nothing_to_bribe_back": "No: there is no bribe to answer",
    "action.needs_spell_first": "No: that channel needs a spell cast first",
    "action.matchup_ended": "No: both players have passed, so the match-up is over",
    "bribe.no_icon": "No: the creature has no icon matching that bribery card",
    "channel.cannot_receive": "No: the creature cannot receive channelling",
    "ranged.woods": "No: ranged attacks are not allowed in Woods",
    "shots.woods": "No: ranged attacks are not allowed in Woods",
    "options.not_held": "No: the player does not hold that card",
    "options.no_channel_source": "No: the player has nothing to channel with",
    "options.adds_nothing": "No: it would add nothing",
}
YES = "Yes, it is legal now"


def choice_label(question: Question, choice: str) -> str:
    if question.kind is Kind.WINNER:
        return SIDES.get(choice, choice).capitalize()
    if question.kind is Kind.FATE:
        return FATES.get(choice, choice)
    if question.kind is Kind.LEGAL:
        return YES if choice == "yes" else REASONS.get(choice, choice)
    if question.kind is Kind.RULE:
        return f"Rule {choice}"
    return choice


def creature_name(question: Question, catalog: CardCatalog) -> str:
    """The name of the creature a fate question asks about (a1 is the attacker's first creature)."""
    setup = parse_setup(question.setup)
    creature = question.ask.creature
    side = setup.attacker if creature.startswith("a") else setup.defender
    index = int(creature[1:]) - 1
    reference = side.creatures[index]
    card = catalog.find(str(reference).split("#")[0])
    return card.name if card is not None else str(reference)


def prompt(question: Question, catalog: CardCatalog, step_text: str = "") -> str:
    ask = question.ask
    if question.kind is Kind.WINNER:
        return "Who holds the space when this combat is over?"
    if question.kind is Kind.TOTAL:
        return f"What is {SIDES[ask.side]}'s total in match-up {ask.matchup} when the two totals are compared?"
    if question.kind is Kind.FATE:
        owner = SIDES["attacker" if ask.creature.startswith("a") else "defender"]
        return f"What becomes of {creature_name(question, catalog)} ({owner}'s creature) in this combat?"
    if question.kind is Kind.LEGAL:
        action = action_from_text(ask.action)
        words = str(action_said(catalog, action))
        who = SIDES[action.side.value]
        return f"In match-up {ask.matchup}, after the actions already listed, may {who} play this next: {words}? If not, why not?"
    if question.kind is Kind.CARD:
        return (
            f"In match-up {ask.matchup}, how many points does {card_words(question, catalog)} add to the total "
            "it changes (a negative number for points taken away)?"
        )
    return f"Which rule does this step apply? \u201c{step_text}\u201d"


# What a card does, by the kind of step its effect is: the words name the card and the effect, never the amount.
CARD_EFFECTS = {
    "ranged": "{card}'s ranged attack",
    "channel": "channelling from {card}",
    "off_colour": "{card}'s off-colour bonus",
    "bonus": "{card}'s own text",
    "spell": "{card}",
}


def card_words(question: Question, catalog: CardCatalog) -> str:
    card = catalog.find(question.ask.card.split("#")[0])
    name = card.name if card is not None else question.ask.card
    return CARD_EFFECTS.get(question.ask.effect, "{card}'s effect").format(card=name)
