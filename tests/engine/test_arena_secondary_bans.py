"""A casting ban that enters during the secondary round (a secondary attacker whose text forbids casting) and the
Dispel Magic matched to an opposing card when the round opens (engine/arena/rounds.py, ``RoundPlay``)."""

from __future__ import annotations

from engine import abilities
from engine.arena import DuelLog, parse_duel, resolve_duel
from engine.catalog import default_catalog
from engine.enums import CardType

CATALOG = default_catalog()
# Geldspar, Court Magician forbids its opponent H items while it is in play; it enters as a secondary attacker.
DUEL = (
    "ruleset=arena terrain=dry-heaps a=swordsman a.stock={stock} d=devil-dog d.stock=dispel-magic "
    "d.pen=sand-lord,geldspar-court-magician s={secondary}"
)


def _duel(stock: str, secondary: str) -> DuelLog:
    return resolve_duel(parse_duel(DUEL.format(stock=stock, secondary=secondary)), CATALOG)


def _secondary(log: DuelLog) -> list[tuple[str, str]]:
    return [
        (step.card, step.message) for step in log.steps if step.phase.value == "secondary" and step.rule == "ARN-31"
    ]


def test_a_dispel_does_not_cancel_an_item_the_ban_refused() -> None:
    log = _duel(
        "hammer-of-doom",
        "d:creature:geldspar-court-magician,a:item:hammer-of-doom,d:spell:dispel-magic,a:pass,d:pass",
    )
    assert _secondary(log) == [
        # The refusal step names the card responsible, Geldspar; the refused Hammer is among its values.
        ("geldspar-court-magician", "refused.cast.forbidden"),
        # Nothing the attacker played is left to cancel: the Hammer never came into play.
        ("dispel-magic", "any_time_spells.2"),
    ]


def test_a_dispel_answers_the_card_played_before_the_ban_not_the_one_it_refused() -> None:
    # The first Hammer of Doom is played before Geldspar enters, the second after it and is refused: the Dispel
    # answers the latest card actually played, the first Hammer, so the Dry Heaps stay and the Sand Lord keeps its
    # +6 (11 + 6 = 17; with Geldspar's 4 + 1 off-colour and the Devil Dog's printed 6: 28 against 6).
    log = _duel(
        "hammer-of-doom,hammer-of-doom",
        "d:creature:sand-lord,a:item:hammer-of-doom,d:creature:geldspar-court-magician,a:item:hammer-of-doom,"
        "d:spell:dispel-magic,a:pass,d:pass",
    )
    assert _secondary(log) == [
        ("hammer-of-doom", "arena.played_then_cancelled"),
        ("geldspar-court-magician", "refused.cast.forbidden"),
        ("dispel-magic", "any_time_spells"),
    ]
    assert log.result.secondary is not None
    assert (log.result.secondary.attacker_total, log.result.secondary.defender_total) == (6, 28)


def test_only_a_secondary_attacker_brings_a_casting_ban_in_during_a_round() -> None:
    # The matching reads bans in play when the round opens, and a secondary attacker's as it is written. A ban on a
    # terrain card, a bearer or a command is there from the reveal; a creature entering in the primary round is a
    # ranged attacker or a channeller, and no creature with such a ban has a ranged attack or a CMP.
    bans = [card for card in CATALOG if card.first(abilities.ForbidsCasting) is not None]
    assert {card.slug for card in bans} >= {"geldspar-court-magician", "the-maitz-hotel", "pharaoh-djoser"}
    lasting = [
        card
        for card in bans
        if card.type is CardType.CREATURE
        and any(not ban.command_only for ban in card.abilities_of(abilities.ForbidsCasting))
    ]
    assert [card.slug for card in lasting] == ["geldspar-court-magician"]
    assert all(card.ranged_attack is None and not card.cmp for card in lasting)


def test_a_dispel_matched_to_a_card_a_ban_put_in_play_refuses_cancels_nothing() -> None:
    # No printed H item both stays in play and bans casting; a made-up one (site ruling 6.8.4) does, and its ban
    # is not foreseen when the round opens. The defender's Hammer of Doom is refused at its turn, so the Dispel
    # Magic paired with it cancels nothing.
    made_up = (
        'made-up.test-ban={"type":"hand_item","name":"Test%20Ban","abilities":[{"kind":"lasting_attack_bonus",'
        '"amount":1,"against":{}},{"kind":"forbids_casting","casting":"hand_item","sides":"opponent"}]}'
    )
    log = resolve_duel(
        parse_duel(
            f"ruleset=arena {made_up} terrain=dry-heaps a=swordsman a.stock=test-ban,dispel-magic d=swordsman "
            "d.stock=hammer-of-doom p=a:pass,d:pass "
            "s=a:item:test-ban,d:item:hammer-of-doom,a:spell:dispel-magic,d:pass,a:pass"
        ),
        CATALOG,
    )
    assert _secondary(log) == [
        ("test-ban", "arena.item_in_play"),
        ("test-ban", "refused.cast.forbidden"),
        ("dispel-magic", "any_time_spells.2"),
    ]
