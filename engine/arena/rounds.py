"""A round's actions taken in the order written (Arena rules 6.3.2 and 6.6.1), one turn at a time.

The standard match-up plays its actions through ``engine.turns`` and ``channelling.play_turns``;
a duel's round differs in one way that matters: bribery is one action among the others (6.3.3), not
a window before them. So each turn here calls the same shared step a standard turn calls (a bribe:
``bribe_creature``; a spell or H item: ``cast``; a ranged attack: ``shoot``; a channel:
``channel_once``, refused with ``action.needs_spell_first`` before the spell that allows it) at its
place in the list, and what one turn does is seen by the turns after it: a duellist bribed away
ends the round (ARN-15) and the actions written after it are not taken; a Dispel Magic cancels the
opposing spell or item played before it; an answer to a ranged attack or a channel waits for it.

Points are counted where 6.4.1 and 6.7.1 count them: ranged attacks and channelling add at their
turn; the modifiers that depend on the state of the battle (text, including a text that destroys
the opponent, off-colour bonus, terrain, immunity, an H item in play) are summed at the end of the
round, after every action has changed that state (the site's ruling, Arena rule 6.3.4). Two things a Stock card can do exist only in the primary round (ranged attacks and
channelling, 6.6.1), so a card that acts only on them has no effect in the secondary round; that is
said with the code ``arena.no_effect_in_secondary``. A card kind the duel does not apply is named
with ``arena.not_automated`` and left out of the totals (``stock.stock_fate`` is the table).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..abilities import (
    AllowChannelling,
    Dispel,
    ForbidsCasting,
    LastingAttackBonus,
    RolledOutcome,
)
from ..abilities.base import Castable
from ..actions import Action, ActionKind
from ..bribery_effects import reactions_spent
from ..cards import CardDefinition
from ..catalog import CardCatalog
from ..channelling import (
    Volley,
    channel_once,
    finish_ranged,
    needs_lunch_first,
    refuse_channel,
    shoot,
    start_ranged,
)
from ..combat_state import Combat
from ..command_step import casting_refuser
from ..core import action_said, card_name, fighter_named, log, spend_card
from ..effects import effects_for, run_effects
from ..enums import SIDES, AutomationStatus, CardType, CardUse, Fate, Side, StepKind
from ..log import Notice
from ..matchup_effects import (
    add,
    bribe_creature,
    cast,
    cast_refused,
    drop_unused_reactions,
    storm_destroys,
    storm_roll,
)
from ..render import Named, Said, args_of, notice_step, render_values
from ..setup import Channel, Moment, RangedSupport, SpellPlay, split_reference
from ..state import Contribution, Fighter
from .allowances import credit_terrain
from .setup import ArenaPlay, PlayKind, RoundAction
from .stock import StockFate, shared_code_reads, stock_fate, stock_reason
from .validate import OffTarget


@dataclass(frozen=True)
class Cancel:
    """A Dispel Magic (at ``by``) and the opposing spell or item it cancels (at ``victim``; -1 if none)."""

    by: int
    victim: int


def dispels(actions: Sequence[RoundAction], combat: Combat) -> list[Cancel]:
    """Each Dispel Magic cancels the latest opposing spell or item written before it that is not yet
    cancelled: a dispel answers a card already played, never one still to come."""
    cancels: list[Cancel] = []
    taken: set[int] = set()
    for index, action in enumerate(actions):
        card = stock_card(combat, action)
        if card is None or card.first(Dispel) is None:
            continue
        victim = -1
        for earlier in range(index - 1, -1, -1):
            other = actions[earlier]
            other_card = stock_card(combat, other)
            if (
                other.side is not action.side
                and other_card is not None
                and other_card.first(Dispel) is None
                and earlier not in taken
            ):
                victim = earlier
                break
        taken.add(victim)
        cancels.append(Cancel(index, victim))
    return cancels


def entering_ban(
    entered: Sequence[tuple[Side, CardDefinition]], side: Side, card: CardDefinition
) -> CardDefinition | None:
    """The secondary attacker written earlier in the round whose text forbids ``side`` to play ``card``: the ban
    ``command_step.casting_refuser`` will find once that creature is in play."""
    wanted = {CardType.SPELL: Castable.SPELL, CardType.HAND_ITEM: Castable.HAND_ITEM}.get(card.type)
    for owner, creature in entered:
        for rule in creature.abilities_of(ForbidsCasting):
            if (
                not rule.command_only
                and rule.casting is wanted
                and rule.sides.reaches(owner is side)
                and (rule.only is None or rule.only.matches(card))
            ):
                return creature
    return None


def stock_card(combat: Combat, action: RoundAction) -> CardDefinition | None:
    """The spell or H item an action plays, if it plays one."""
    if not isinstance(action, Action) or action.kind not in (ActionKind.SPELL, ActionKind.ITEM):
        return None
    assert action.card is not None
    return combat.catalog.get(split_reference(action.card)[0])


class RoundPlay:
    """What the turns of one round share: the spells of each side in set-up order, the cancels and
    the H items put in play."""

    def __init__(
        self,
        combat: Combat,
        actions: Sequence[RoundAction],
        secondary: bool,
        forbids: Sequence[tuple[Side, CardDefinition, ForbidsCasting]] = (),
    ) -> None:
        self.combat = combat
        self.forbids = forbids
        self.actions = actions
        self.secondary = secondary
        # A card that may not be played cancels nothing and is nothing to cancel: a duellist's command (Pharaoh
        # Djoser), a card only a command card may be, or a ban of a card in play when the round opens (a terrain
        # card such as the Maitz Hotel, a standard bearer, a duellist's own text), which ``cast_refused`` will
        # refuse at its turn. Dispels are matched here, before any turn, so a ban that enters during the round is
        # read here too: the one way a ban can enter mid-round is a creature whose text forbids casting played as
        # a secondary attacker (Geldspar, Court Magician: no H item for its opponent). Terrain and standard bearers
        # are laid in Phase I and commands work from the reveal, so nothing else brings one in; ranged attackers
        # and channellers, which enter in the primary round, carry no such text (test_arena_secondary_bans).
        entered: list[tuple[Side, CardDefinition]] = []
        allowed: list[RoundAction] = []
        for action in actions:
            if isinstance(action, ArenaPlay) and action.kind is PlayKind.CREATURE:
                creature = combat.catalog.find(split_reference(action.card)[0])
                if creature is not None and creature.first(ForbidsCasting) is not None:
                    entered.append((action.side, creature))
            card = stock_card(combat, action)
            playable = card is None or (
                self.forbidder(action.side, card) is None
                and stock_fate(card) is not StockFate.COMMAND_ONLY
                and casting_refuser(combat, action.side, card) is None
                and entering_ban(entered, action.side, card) is None
            )
            allowed.append(action if playable else Action(action.side, ActionKind.PASS))
        cancels = dispels(allowed, combat)
        # Cards refused at their turn; a Dispel matched to one (a ban not foreseen above: a made-up H item that bans
        # casting, put in play during the round) cancels nothing rather than a card that was never played. The reading above assumes a secondary attacker written before a card is in
        # play at its turn: one an AOE took out of the hand first, or one bribed away before the card's turn, is
        # still counted as banning it, so a Dispel written after that card is not matched to it.
        self.refused: set[int] = set()
        self.cancelled = {cancel.victim for cancel in cancels if cancel.victim >= 0}
        self.cancel_of = {cancel.by: cancel.victim for cancel in cancels}
        self.cancelled_by = {cancel.victim: cancel.by for cancel in cancels if cancel.victim >= 0}
        # The n-th spell action of a side is the n-th SpellPlay of its derived set-up for this round,
        # so the shared code that counts casts (rolls, choices) sees the same objects.
        moment_plays = {
            side: [p for p in combat.sides[side].setup.spells if p.moment.secondary is secondary] for side in SIDES
        }
        self.play_at: dict[int, SpellPlay] = {}
        for side in SIDES:
            mine = [
                i
                for i, a in enumerate(actions)
                if a.side is side and (card := stock_card(combat, a)) is not None and shared_code_reads(card, secondary)
            ]
            self.play_at.update(zip(mine, moment_plays[side], strict=False))
        self.in_play: list[tuple[Side, CardDefinition]] = []
        # The side whose spell decided the primary round by its roll, and the spell (arena rule 6.8.5).
        self.decided: tuple[Side, CardDefinition] | None = None

    def left_zone(self, pair: dict[Side, Fighter]) -> bool:
        return any(fighter.fate is not Fate.STANDING for fighter in pair.values())

    def not_taken(self, index: int, action: RoundAction) -> None:
        log(
            self.combat,
            StepKind.NOTE,
            "ARN-15",
            "arena.not_taken",
            (index + 1, action.side.value, play_said(self.combat.catalog, action)),
            side=action.side,
        )

    def not_taken_decided(self, index: int, action: RoundAction) -> None:
        """An action written after a winning roll: the card allows no further change to the round (6.8.5)."""
        assert self.decided is not None
        log(
            self.combat,
            StepKind.NOTE,
            "ARN-43",
            "arena.not_taken_decided",
            (index + 1, action.side.value, play_said(self.combat.catalog, action), self.decided[1].name),
            side=action.side,
        )

    def play_stock_card(self, index: int, action: Action, pair: dict[Side, Fighter]) -> None:
        """A spell or H item from the Stock, at its turn.

        This stays apart from ``turn_casts.cast_in_turn`` (a spell at its turn in a standard ordered
        match-up) because the two rule sets count at different times, not by oversight; both call the
        one shared ``matchup_effects.cast`` for what the spell does. A standard match-up has already
        counted terrain and text at PRI-8 when a turn's spell lands, so ``cast_in_turn`` takes back the
        terrain terms a Hammer of Doom removes and notes that a late class change missed the text step;
        a duel counts those modifiers when the round ends (ruling 6.3.4), so here a removed terrain
        simply is not counted and a new class counts for the whole round: running ``cast_in_turn``
        would subtract terrain a duel never added. The duel also has what a match-up has not: Stock
        fates (command cards that cannot be played, H items put in play, cards that act only in the
        primary round, cards not automated in a duel), a command that forbids casting (Pharaoh Djoser),
        and Dispel Magic pairs worked out over the whole round (``dispels``) rather than given by the
        caller as ``dispelled``/``cancels``.
        """
        combat, side = self.combat, action.side
        card = stock_card(combat, action)
        assert card is not None
        if self.forbidden(side, card) or cast_refused(combat, side, card):
            self.refused.add(index)
            return
        if stock_fate(card) is StockFate.COMMAND_ONLY:
            announce(combat, "arena.command_card_only", "ARN-2", side=side, card=card)
            return
        if index in self.cancelled:
            spend_card(combat, side, card.slug, CardUse.DISPELLED)
            dispel = stock_card(combat, self.actions[self.cancelled_by[index]])
            assert dispel is not None
            log(
                combat,
                StepKind.SPELL,
                "ARN-31" if self.secondary else "ARN-3",
                "arena.played_then_cancelled",
                (side.value, card.name, dispel.name),
                side=side,
                card=card,
            )
            return
        fate = stock_fate(card)
        if fate is StockFate.ANSWERS_BRIBE:
            self.bribe_answer_at_turn(index, action, card)
            return
        spend_card(combat, side, card.slug, CardUse.CAST)
        rule = "ARN-31" if self.secondary else "ARN-3"
        if fate is StockFate.CANCELS:
            victim = self.cancel_of.get(index, -1)
            if victim >= 0 and victim not in self.refused:
                cancelled = stock_card(combat, self.actions[victim])
                assert cancelled is not None
                args: tuple[object, ...] = (side.value, card.name, side.other.value, cancelled.name)
                log(combat, StepKind.DISPEL, rule, "any_time_spells", args, side=side, card=card)
            else:
                log(combat, StepKind.SPELL, rule, "any_time_spells.2", (side.value, card.name), side=side, card=card)
        elif fate is StockFate.IN_PLAY:
            self.put_in_play(side, card, rule)
        elif fate is StockFate.DECIDES_PRIMARY and not self.secondary:
            self.decide_by_roll(index, side, card, pair, rule)
        elif fate is StockFate.DECIDES_PRIMARY:
            announce(combat, "arena.primary_matchup_only", rule, side=side, card=card, kind=StepKind.SPELL)
        elif fate is StockFate.CAST or (fate is StockFate.PRIMARY_ONLY and not self.secondary):
            cast(combat, side, card, self.play_at[index], pair)
        elif fate is StockFate.PRIMARY_ONLY:
            announce(combat, "arena.no_effect_in_secondary", rule, side=side, card=card, kind=StepKind.SPELL)
        else:
            reason = stock_reason(card)
            if card.automation is AutomationStatus.NOT_AUTOMATED and card.automation_reason:
                # Not modelled in a shield combat either: the reason that gives says what is missing.
                reason = card.automation_reason
            message = announce(
                combat,
                f"arena.{fate.value}",
                rule,
                side=side,
                card=card,
                reason=f"{reason[0].lower()}{reason[1:]}".removesuffix("."),
            )
            if fate is StockFate.NOT_AUTOMATED:
                combat.not_automated[card.slug] = message + "."

    def decide_by_roll(
        self, index: int, side: Side, card: CardDefinition, pair: dict[Side, Fighter], rule: str
    ) -> None:
        """A spell whose roll decides a primary match-up (Summon Entropy Storm), cast on the side's duellist.
        A roll that destroys the duellist is the shared step's: the duellist leaves the Duel Zone and the
        actions after it are not taken (6.4.3). A winning roll wins the primary round, the duel's one primary
        match-up: the duellist takes the upper hand, nothing more changes the round, and the secondary round
        is played as usual (site ruling 6.8.5)."""
        combat = self.combat
        decides = card.first(RolledOutcome)
        assert decides is not None
        storm = storm_roll(combat, side, card, decides, self.play_at[index], pair)
        if storm is None:
            return
        if not storm.wins:
            storm_destroys(combat, side, card, decides, storm, pair)
            return
        fighter = pair[side]
        log(
            combat,
            StepKind.SPELL,
            "ARN-43",
            "arena.roll_wins",
            (side.value, card.name, fighter.name, storm.shown, decides.wins_from),
            side=side,
            card=card,
            subject=fighter,
        )
        self.decided = (side, card)

    def bribe_answer_at_turn(self, index: int, action: Action, card: CardDefinition) -> None:
        """An answer to a bribe acts when the bribe lands (``bribe_creature``); at its own turn it is
        either already spent, or there was no bribe to answer before it and it does nothing."""
        if id(self.play_at[index]) in reactions_spent(self.combat):
            return
        spend_card(self.combat, action.side, card.slug, CardUse.CAST)
        announce(
            self.combat,
            "arena.nothing_to_answer",
            "ARN-31" if self.secondary else "ARN-3",
            side=action.side,
            card=card,
        )

    def forbidder(self, side: Side, card: CardDefinition) -> CardDefinition | None:
        """The duellist whose command forbids ``side`` to play ``card`` (revealed, so from the first turn)."""
        wanted = {CardType.SPELL: Castable.SPELL, CardType.HAND_ITEM: Castable.HAND_ITEM}.get(card.type)
        for owner, source, rule in self.forbids:
            if rule.casting is wanted and rule.sides.reaches(owner is side):
                return source
        return None

    def forbidden(self, side: Side, card: CardDefinition) -> bool:
        source = self.forbidder(side, card)
        if source is None:
            return False
        announce(self.combat, "arena.casting_forbidden", "ARN-2", side=side, card=card, by=source, source=source.name)
        return True

    def put_in_play(self, side: Side, card: CardDefinition, rule: str) -> None:
        """An H item whose bonus lasts (Anvil of Heaviness) stays in play for the rest of this round:
        its bonus is one of the modifiers counted at the round's end (6.4.1, 6.7.1)."""
        combat = self.combat
        combat.sides[side].earlier_cards.append(card)
        # Every kind of its text is now in play, not only the bonus: a made-up item (site ruling 6.8.4) may also ban
        # casting, which the shared checks read only for kinds the combat holds.
        kinds = {type(ability) for ability in card.abilities} | {LastingAttackBonus}
        if not kinds <= combat.kinds_present:
            combat.kinds_present |= kinds
            combat.effects_at = effects_for(combat.kinds_present)
        self.in_play.append((side, card))
        log(combat, StepKind.SPELL, rule, "arena.item_in_play", (side.value, card.name), side=side, card=card)

    def take_out_of_play(self) -> None:
        """Every modifier of the primary round is ignored in the secondary one (6.7.1)."""
        for side, card in self.in_play:
            self.combat.sides[side].earlier_cards.remove(card)
        self.in_play = []


def play_primary(
    combat: Combat,
    actions: Sequence[RoundAction],
    pair: dict[Side, Fighter],
    contributions: dict[Side, Contribution],
    forbids: Sequence[tuple[Side, CardDefinition, ForbidsCasting]] = (),
    off_target: Mapping[int, OffTarget] | None = None,
) -> RoundPlay:
    """The primary round's actions in the order written (6.3.2); ``off_target`` holds, by place, the actions
    whose target they cannot reach (``validate.off_targets``), each said as a warning at its turn."""
    turns = RoundPlay(combat, actions, secondary=False, forbids=forbids)
    combat.lunched = {}
    combat.spell_decided = None
    drop_unused_reactions(combat)
    volley = start_ranged(combat, 1, pair)
    combat.live_shooters = []
    combat.shot_channels = {}
    lunches = [
        (action.side, index)
        for index, action in enumerate(actions)
        if (card := stock_card(combat, action)) is not None and card.first(AllowChannelling) is not None
    ]
    for index, action in enumerate(actions):
        if not isinstance(action, Action) or action.kind is ActionKind.PASS:
            continue
        if turns.decided is not None:
            turns.not_taken_decided(index, action)
            continue
        if turns.left_zone(pair):
            turns.not_taken(index, action)
            continue
        side = action.side
        if off_target and index in off_target:
            say_off_target(combat, off_target[index])
        if action.icon is not None:
            bribe_in_turn(combat, action, pair, contributions, volley)
        elif action.kind in (ActionKind.SPELL, ActionKind.ITEM):
            turns.play_stock_card(index, action, pair)
            for target in combat.lunched.values():
                if target in pair.values():
                    contributions[target.side].channel_allowed = True
        elif action.kind is ActionKind.RANGED:
            assert action.card is not None
            before = contributions[side].total
            shoot(combat, 1, side, RangedSupport(1, action.card), pair, contributions, volley)
            combat.live_shooters = [shot.shooter for shot in volley.shots if not shot.cancelled]
            credit_terrain(combat, action, pair[side], contributions[side], before)
        else:
            assert action.card is not None
            channel = Channel(Moment(1), action.card, action.amount, action.target)
            if needs_lunch_first(combat, side, pair[side], channel, index, lunches):
                refuse_channel(combat, 1, side, channel)
            else:
                before = contributions[side].total
                channel_once(combat, side, channel, pair, contributions)
                credit_terrain(combat, action, pair[side], contributions[side], before)
    for side in SIDES:
        run_effects(combat, "PRI-9 side", side, 1, pair, contributions, volley.shots)
    finish_ranged(combat, 1, contributions, volley)
    drop_unused_reactions(combat)
    return turns


def bribe_in_turn(
    combat: Combat,
    action: Action,
    pair: dict[Side, Fighter],
    contributions: dict[Side, Contribution],
    volley: Volley,
) -> None:
    """A bribe at its turn: on the opposing duellist, or on the ranged attacker it names; a shooter
    bribed after its shot takes its points back with it."""
    assert action.icon is not None
    side = action.side
    target = pair[side.other]
    if action.target is not None:
        target = fighter_named(combat, side.other, action.target) or target
    if not bribe_creature(combat, side, action.icon, target, "ARN-3"):
        return
    for shot in volley.shots:
        if shot.shooter is target and not shot.cancelled and shot.amount:
            shot.cancelled = True
            add(
                combat,
                contributions[side.other],
                Named(f"{target.name} bribed", (target.name,)),
                -shot.amount,
                "ARN-3",
                target.card,
                Named(f"{target.name} leaving the battle, bribed", (target.name,)),
                StepKind.BRIBE,
            )


def announce(
    combat: Combat,
    code: str,
    rule: str,
    *,
    side: Side | None = None,
    card: CardDefinition | None = None,
    kind: StepKind = StepKind.NOTE,
    card_name: str = "",
    by: CardDefinition | None = None,
    **values: object,
) -> str:
    """A coded warning (``Notice``) that is also a step of the log, worded once for both by the template
    ``code`` names in render.NOTICES; its values (the side and card given, and ``values``) go with it by
    name, so a reader never needs the sentence. ``card_name`` names a card the catalog does not know.
    Returns the sentence."""
    # ``by``: the card responsible, when it is not the card the warning is about (a ban names the banning card in
    # the step's ``card``, as a refusal does; the refused card stays among the values).
    name = card.name if card is not None else card_name
    named: dict[str, object] = {
        **({"side": side.value} if side is not None else {}),
        **({"card": name} if name else {}),
        **values,
    }
    words = combat.words()
    message = render_values(code, named, words)
    combat.notify(Notice(code, message, rule, named))
    # The step keeps the warning's values (a reader links the cards they name where the sentence names them). A
    # value that opens the sentence is written as it is given, as every step writes a name: a made-up card named
    # in lower case ("little pharaoh") is not renamed with a capital.
    said = notice_step(code)
    log(combat, kind, rule, said, args_of(said, named), side=side, card=by or card)
    return message


def say_off_target(combat: Combat, off: OffTarget) -> None:
    """An action's target the duel cannot reach, said as a coded warning at its turn; the action is then taken as
    the duel has always taken it, so a shared permalink keeps its result."""
    code, said = off.warning()
    values: dict[str, Any] = dict(said)  # text values only: none is the card or kind announce takes by keyword
    announce(combat, code, off.arn, side=off.side, **values)


def play_said(catalog: CardCatalog, action: RoundAction) -> Said:
    """A round's action in words with the cards it names as values: a match-up action as ``core.action_said``
    says it, a creature played as a secondary attacker or a shield by its card."""
    if isinstance(action, Action):
        return action_said(catalog, action)
    target = (card_name(catalog, action.target),) if action.target is not None else ()
    return Said(f"action.{action.kind.value}{'.at' if target else ''}", (card_name(catalog, action.card), *target))
