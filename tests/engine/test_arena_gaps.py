"""A duel names every card taking part whose text it does not apply (Arena rule 6.8.1, ARN-39), and the card
pages' duel status (engine.arena.support) says "automated" only for what a duel really applies."""

from __future__ import annotations

import pytest

from engine.arena import ArenaStatus, DuelLog, arena_support, parse_duel, resolve_duel
from engine.cards import CardDefinition
from engine.catalog import default_catalog
from engine.enums import CardType, Fate, Side
from engine.errors import SetupInvalid

CATALOG = default_catalog()


def _resolve(notation: str) -> DuelLog:
    """The duel, with the secondary round opened by whichever side the primary round makes first (6.6.1)."""
    try:
        return resolve_duel(parse_duel(notation + " s=a:pass,d:pass"), CATALOG)
    except SetupInvalid:
        return resolve_duel(parse_duel(notation + " s=d:pass,a:pass"), CATALOG)


# Where each kind of card a duel set-up has a place for takes part from the reveal: the duellist, the terrain card
# of the Duel Zone, a C item on the duellist, the standard bearer and the Guardian beside which it lies. Spells and
# H items are named where they are played (``stock``); the set-up has no place for any other kind.
TAKING_PART = {
    CardType.CREATURE: "a={slug} d=swordsman",
    CardType.TERRAIN: "terrain={slug} a=archer d=swordsman",
    CardType.CREATURE_ITEM: "a=archer a.items={slug} d=swordsman",
    CardType.STANDARD_BEARER: "a=archer a.bearer={slug} d=swordsman",
    CardType.GUARDIAN: "a=archer a.guardian={slug} d=swordsman",
}


def _taking_part(card: CardDefinition) -> str:
    """A duel in which ``card`` takes part from the reveal."""
    return "ruleset=arena " + TAKING_PART[card.type].format(slug=card.slug) + " p=a:pass,d:pass"


NOT_AUTOMATED = sorted(
    (card for card in CATALOG if arena_support(card).status is ArenaStatus.NOT_AUTOMATED),
    key=lambda card: card.slug,
)
# The cards the pages call "not automated in duels" that a duel set-up can hold (the five kinds above).
LEFT_TO_A_PERSON = [card for card in NOT_AUTOMATED if card.type in TAKING_PART]


def test_no_card_a_duel_leaves_to_a_person_is_dropped_silently() -> None:
    named = set()
    silent_cards = []
    for card in LEFT_TO_A_PERSON:
        log = _resolve(_taking_part(card))
        if card.slug in dict(log.result.not_automated):
            named.add(card.slug)
        else:
            silent_cards.append(card.slug)
    assert silent_cards == []
    # Every such card was put in a duel and named there: none is skipped, whatever the count is today, and the
    # set is drawn from the catalog, not written here, so automating a card shrinks it without breaking the test.
    assert named == {card.slug for card in LEFT_TO_A_PERSON}
    # Not vacuous: the catalog has such cards of several kinds (creatures, Guardians, C items, bearers, a terrain).
    assert len({card.type for card in LEFT_TO_A_PERSON}) >= 3


def test_every_card_a_duel_leaves_to_a_person_is_of_a_kind_a_duel_holds_or_says_why() -> None:
    # A card the pages call "not automated in duels" that no duel set-up can hold (an accessory, a stronghold's
    # upgrade or a shield terrain, spells and H items aside) is never named by a duel, so its page's reason says
    # why the duel leaves it out; an accessory's names the missing place (site ruling 6.8.8).
    elsewhere = [
        card
        for card in NOT_AUTOMATED
        if card.type not in TAKING_PART and card.type not in (CardType.SPELL, CardType.HAND_ITEM)
    ]
    assert elsewhere
    for card in elsewhere:
        assert arena_support(card).reason, card.slug
    gift = arena_support(CATALOG.get("gift-of-isis"))
    assert gift.status is ArenaStatus.NOT_AUTOMATED and "no place" in gift.reason and "6.8.8" in gift.reason


def test_a_text_the_duel_does_not_apply_is_a_coded_warning_with_its_reason() -> None:
    log = _resolve("ruleset=arena a=weasly-guy d=swordsman p=a:pass,d:pass")
    [notice] = log.result.notices
    assert (notice.code, notice.rule) == ("card.not_automated", "ARN-39")
    assert notice.values["card"] == "Weasly Guy" and notice.values["side"] == "attacker"
    assert notice.values["reason"].startswith("in a duel, its returns to pen ability")
    [step] = [step for step in log.steps if step.rule == "ARN-39"]
    assert step.card == "weasly-guy" and step.text.startswith("Weasly Guy is not automated: in a duel")
    # A card not automated in a shield combat either gives that reason, as a shield combat's log does.
    imhotep = _resolve("ruleset=arena a=imhotep-visier-of-djoser d=swordsman p=a:pass,d:pass").result
    assert dict(imhotep.not_automated)["imhotep-visier-of-djoser"].endswith(
        CATALOG.get("imhotep-visier-of-djoser").automation_reason.rstrip(". ")
    )


def test_a_pen_creature_is_named_when_it_enters_not_before() -> None:
    base = "ruleset=arena a=swordsman d=sand-lord d.pen=weasly-guy p=a:pass,d:pass"
    idle = resolve_duel(parse_duel(base + " s=a:pass,d:pass"), CATALOG).result
    assert idle.not_automated == ()
    entered = resolve_duel(parse_duel(base + " s=a:pass,d:creature:weasly-guy,a:pass,d:pass"), CATALOG)
    assert [slug for slug, _ in entered.result.not_automated] == ["weasly-guy"]
    enters = next(i for i, s in enumerate(entered.steps) if s.message == "arena.secondary_enters")
    named = next(i for i, s in enumerate(entered.steps) if s.rule == "ARN-39")
    assert named == enters + 1 and entered.steps[named].phase.value == "secondary"


@pytest.mark.parametrize("slug", ["geldspar-court-magician", "iron-crag-brew-mountain", "ugly-wart-fiend"])
def test_bans_the_duels_shared_steps_apply_are_automated_on_the_card_page(slug: str) -> None:
    assert arena_support(CATALOG.get(slug)).status is ArenaStatus.AUTOMATED


def test_a_terrains_icon_ban_refuses_a_bribe_in_either_round() -> None:
    notation = "ruleset=arena terrain=iron-crag-brew-mountain a=devil-dog d=swordsman d.stock=beer,beer p=a:pass,d:pass"
    primary = resolve_duel(parse_duel(notation.replace("p=a:pass,d:pass", "p=a:pass,d:bribe:beer,a:pass,d:pass")
                                      + " s=a:pass,d:pass"), CATALOG).result  # fmt: skip
    secondary = resolve_duel(parse_duel(notation + " s=a:pass,d:bribe:beer,a:pass,d:pass"), CATALOG).result
    for result in (primary, secondary):
        assert [n.code for n in result.notices] == ["bribe.banned_here"]
        assert result.places_of(Side.DEFENDER)["beer"] == "kept"
        [devil_dog] = [c for c in result.creatures if c.card == "devil-dog"]
        assert devil_dog.fate is not Fate.BRIBED
    # Not bribed away, the Devil Dog loses the primary round 6 against 9 and, with only printed Vitality counted
    # in the secondary round (6 against 6), ties the duel there.
    assert primary.winner is Side.DEFENDER and primary.decided_by_code == "arena.decided.no_secondary"
    assert secondary.winner is None and secondary.secondary is not None
    assert (secondary.secondary.attacker_total, secondary.secondary.defender_total) == (6, 6)


def test_a_fiend_entering_in_the_secondary_round_bans_its_icon_from_then_on() -> None:
    notation = (
        "ruleset=arena a=swordsman a.stock=babes a.pen=ugly-wart-fiend d=baal-a-gog p=a:pass,d:pass "
        "s=a:{first},d:pass,a:{second},d:pass,a:pass"
    )
    before = resolve_duel(
        parse_duel(notation.format(first="bribe:babes", second="creature:ugly-wart-fiend")), CATALOG
    ).result
    after = resolve_duel(parse_duel(notation.format(first="creature:ugly-wart-fiend", second="bribe:babes")), CATALOG)
    # Bribed before the Fiend is revealed, Baal-a-Gog leaves the Duel Zone and the Swordsman wins.
    assert before.winner is Side.ATTACKER and before.decided_by_code == "arena.decided.left_zone"
    # Once the Fiend is in, the attacker's own Babes bribe is refused and Baal-a-Gog stands.
    assert [n.code for n in after.result.notices] == ["action.bribery_locked"]
    assert after.result.places_of(Side.DEFENDER)["baal-a-gog"] != "discard"
    assert any(step.message == "matchup.2" and step.rule == "ARN-32" for step in after.steps)


def test_a_fiend_duellists_ban_binds_its_own_side_in_the_primary_round() -> None:
    # Baal-a-Gog (12) shows only Babes. Bribed, it would leave the Duel Zone and the Fiend (1) would win; the
    # Fiend's ban names no side (standard 6.5.5, site ruling A-12), so its own player's Babes bribe is refused.
    log = _resolve("ruleset=arena a=ugly-wart-fiend a.stock=babes d=baal-a-gog p=a:bribe:babes,d:pass,a:pass")
    result = log.result
    assert [(n.code, n.rule) for n in result.notices] == [("action.bribery_locked", "ARN-32")]
    assert result.primary is not None and (result.primary.attacker_total, result.primary.defender_total) == (1, 12)
    assert result.winner is Side.DEFENDER
    assert result.places_of(Side.ATTACKER) == {"ugly-wart-fiend": "discard", "babes": "kept"}
    assert result.places_of(Side.DEFENDER) == {"baal-a-gog": "victorious"}


def _duel(notation: str) -> DuelLog:
    return resolve_duel(parse_duel(notation), CATALOG)


def test_a_margin_on_its_terrain_makes_a_small_primary_lead_a_push() -> None:
    # Bulbous Clamjack (5) can be beaten only by a lead of 5 or more, and only in Swamps; the Swordsman leads by 1.
    swamps = _duel("ruleset=arena terrain=swamps a=bulbous-clamjack d=swordsman p=a:pass,d:pass s=a:pass,d:pass")
    assert [(s.rule, s.args) for s in swamps.steps if s.message == "arena.short_margin"] == [
        ("ARN-44", ("Swordsman", 1, "Bulbous Clamjack", 5))
    ]
    assert swamps.result.primary is not None and swamps.result.primary.won_by is None
    assert swamps.result.upper_hand is None and swamps.result.winner is None
    assert swamps.result.places_of(Side.ATTACKER) == {"bulbous-clamjack": "pen"}
    elsewhere = _duel("ruleset=arena a=bulbous-clamjack d=swordsman p=a:pass,d:pass s=a:pass,d:pass").result
    assert elsewhere.upper_hand is Side.DEFENDER and elsewhere.winner is Side.DEFENDER


def test_a_card_that_wins_pushes_wins_an_equal_primary_round() -> None:
    bearer = "standard-bearer-warholas-snakes-06"
    plain = _duel("ruleset=arena a=swordsman d=swordsman p=a:pass,d:pass s=a:pass,d:pass").result
    assert plain.upper_hand is None and plain.winner is None
    log = _duel(f"ruleset=arena a=swordsman a.bearer={bearer} d=swordsman p=a:pass,d:pass s=d:pass,a:pass")
    assert [(s.rule, s.side) for s in log.steps if s.message == "arena.push_won"] == [("ARN-44", Side.ATTACKER)]
    result = log.result
    assert result.primary is not None and (result.primary.attacker_total, result.primary.defender_total) == (6, 6)
    assert result.upper_hand is Side.ATTACKER and result.winner is Side.ATTACKER
    assert arena_support(CATALOG.get(bearer)).status is ArenaStatus.AUTOMATED


def test_a_margin_does_not_reach_the_secondary_round() -> None:
    # Primary: Cyclops 12 against Slackback Chak 10, a lead of 2, so a push. Secondary: 12 against 10 + 1 (the
    # Fiend): a lead of 1 wins there, since the secondary round is no primary match-up.
    log = _duel(
        "ruleset=arena a=cyclops d=slackback-chak d.pen=ugly-wart-fiend p=a:pass,d:pass "
        "s=a:pass,d:creature:ugly-wart-fiend,a:pass,d:pass"
    )
    result = log.result
    assert result.upper_hand is None
    assert result.secondary is not None and (result.secondary.attacker_total, result.secondary.defender_total) == (
        12,
        11,
    )
    assert result.winner is Side.ATTACKER
    assert [s.phase.value for s in log.steps if s.rule == "ARN-44"] == ["primary"]


def test_a_margin_that_works_only_as_a_command_is_still_named_in_a_duel() -> None:
    urufa = CATALOG.get("urufa-queen-of-goblins")
    assert arena_support(urufa).status is ArenaStatus.NOT_AUTOMATED
    log = _resolve("ruleset=arena a=urufa-queen-of-goblins d=swordsman p=a:pass,d:pass")
    assert "urufa-queen-of-goblins" in dict(log.result.not_automated)


@pytest.mark.parametrize("slug", ["orella-of-the-mist", "vikia-tsoshanlu", "knife-of-shadow"])
def test_a_roll_or_count_for_text_a_duel_does_not_apply_is_not_asked_for(slug: str) -> None:
    # Standard combat reads their roll or count; a duel names their text as not automated and never reads it, so
    # a duel without it is no longer refused (setup.roll_missing, setup.count_missing).
    log = _resolve(f"ruleset=arena a={slug} d=swordsman p=a:pass,d:pass")
    assert slug in dict(log.result.not_automated)
    assert not any(step.message.startswith(("rolled", "roll")) for step in log.steps)


def test_a_roll_a_duel_applies_is_still_asked_for() -> None:
    with pytest.raises(SetupInvalid) as refused:
        _duel("ruleset=arena a=mendu-sada-the-havoc d=swordsman p=a:pass,d:pass s=a:pass,d:pass")
    assert [problem.code for problem in refused.value.problems] == ["setup.roll_missing"]


def test_text_that_destroys_on_beating_ends_the_duel_in_the_primary_round() -> None:
    # Schneeble (5) loses the primary round to the Sand Lord (11 + 3) and is destroyed by its own text.
    log = _duel(
        "ruleset=arena a=schneeble a.pen=cyclops d=sand-lord p=a:pass,d:pass s=a:creature:cyclops,d:pass,a:pass"
    )
    result = log.result
    assert [(s.rule, s.message) for s in log.steps if s.rule == "ARN-45"] == [
        ("ARN-45", "destroyed_on_beaten.loser_text")
    ]
    [schneeble] = [c for c in result.creatures if c.card == "schneeble"]
    assert schneeble.fate is Fate.DESTROYED and schneeble.reason_code == "arena.destroyed_on_beaten"
    assert schneeble.reason_values == {"winner": "Sand Lord"}
    assert result.winner is Side.DEFENDER and result.secondary is None
    assert result.decided_by_code == "arena.decided.left_zone"
    # The Cyclops written for the secondary round is said not to be taken, and stays in the pen.
    [skipped] = [s for s in log.steps if s.message == "arena.not_taken"]
    assert skipped.phase.value == "secondary" and result.places_of(Side.ATTACKER)["cyclops"] == "kept"


def test_text_that_destroys_on_beating_needs_its_condition() -> None:
    # Crook-End Snoot is destroyed only when an external or an elemental beats it: a mortal merely beats it.
    by_mortal = _duel("ruleset=arena a=crook-end-snoot d=axeman p=a:pass,d:pass s=a:pass,d:pass").result
    assert by_mortal.winner is Side.DEFENDER and by_mortal.decided_by_code == "arena.decided.no_secondary"
    by_elemental = _duel("ruleset=arena a=crook-end-snoot d=sand-lord p=a:pass,d:pass").result
    assert by_elemental.winner is Side.DEFENDER and by_elemental.decided_by_code == "arena.decided.left_zone"


def test_text_that_destroys_first_comes_before_destruction_on_beating() -> None:
    # The Golden Fleecer destroys a creature with a destroy-on-beating text at the round's end (6.4.4a), before
    # any comparison, so the Sleeping Spirit never gets to beat it.
    log = _duel("ruleset=arena a=sleeping-spirit d=golden-fleecer p=a:pass,d:pass s=a:pass,d:pass")
    assert [s.rule for s in log.steps if s.rule in ("ARN-34", "ARN-45")] == ["ARN-34"]
    assert log.result.primary is None and log.result.winner is Side.DEFENDER


def test_an_h_item_not_modelled_in_standard_combat_is_named_where_it_is_played() -> None:
    # Monolith of Power is laid on the board before a fight (a shield combat names it as played earlier), but a duel
    # has no board around it, so its page says "not automated in duels"; the duel it is played in names it with
    # that reason rather than calling it harmless.
    monolith = CATALOG.get("monolith-of-power")
    assert arena_support(monolith).status is ArenaStatus.NOT_AUTOMATED
    log = _resolve(
        "ruleset=arena a=swordsman a.stock=monolith-of-power d=axeman p=a:item:monolith-of-power,d:pass,a:pass"
    )
    assert [notice.code for notice in log.result.notices] == ["arena.not_automated"]
    reason = dict(log.result.not_automated)["monolith-of-power"]
    assert "within one space" in reason
    assert log.result.primary is not None and (
        log.result.primary.attacker_total,
        log.result.primary.defender_total,
    ) == (
        6,
        7,
    )


def test_a_terrain_whose_text_acts_only_on_the_board_is_not_called_automated_in_duels() -> None:
    # The Spires' text (no shield flies over the space) declares no combat step, which read as "applied"; only its
    # terrain type counts in a duel: the Razor Shiefa (7, +1 off-colour against the mortal Axeman) gets +4 there.
    spires = CATALOG.get("spires")
    assert arena_support(spires).status is ArenaStatus.NO_COMBAT_EFFECT
    log = _resolve("ruleset=arena terrain=spires a=razor-shiefa d=axeman p=a:pass,d:pass")
    assert log.result.primary is not None and log.result.primary.attacker_total == 7 + 1 + 4
    assert log.result.not_automated == ()
