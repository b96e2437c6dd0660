"""The primary match-ups: play order, each match-up in procedure order, compare (PRI-11), end (PRI-12)."""

from __future__ import annotations

from dataclasses import replace

from .abilities import (
    AttacksCommandCard,
    BlankText,
    DestroyedWhenBeaten,
    DestroysCommandCard,
    DestroysVictorUnlessHeld,
    DestroysWhenBeating,
    Detonates,
    ForbidsBribery,
    ForcedFirstAnswer,
    HandDiscard,
    Indestructible,
    MatchupDestruction,
    Outcome,
    PlayRestriction,
    PullsToMelee,
    PushMargin,
    RangedEffect,
    Razed,
    RazesOnWinning,
    RefusesOpponent,
    Restriction,
    ReturnsToPen,
    RolledDestroys,
    SacrificeOption,
    ShotResult,
    Sides,
    StartsAsPush,
    StealsText,
    SwapsPlaces,
    TextScope,
    WinsHeavyLosses,
    WinsPushes,
    Withdrawal,
    Withdraws,
)
from .cards import CardDefinition
from .command_fights import CommandFights
from .enums import (
    SIDES,
    Fate,
    Role,
    Side,
    StepKind,
    Terrain,
    Timing,
)
from .log import Matchup, chain_text
from .setup import Moment, face_down
from .state import Contribution, Fighter
from .validate import forced_answers, resolve_terrain

# Kinds whose text acts once a match-up is decided, beyond the loser's fate.
_OUTCOME_KINDS = frozenset({MatchupDestruction, DestroysCommandCard, RazesOnWinning, DestroysVictorUnlessHeld})
# Kinds whose text acts as two creatures meet; a combat holding none of them skips that step.
_REVEAL_KINDS = frozenset(
    {RefusesOpponent, HandDiscard, Withdraws, SacrificeOption, Detonates, StealsText, AttacksCommandCard}
)


class PrimaryStep(CommandFights):
    def _build_queues(self) -> None:
        for side in SIDES:
            state = self.sides[side]
            reserved = {id(self.fighter(side, s.creature)) for s in state.setup.ranged}
            ordered: list[Fighter] = []
            for reference in state.setup.order:
                fighter = self.fighter(side, reference)
                if fighter is not None and fighter not in ordered:
                    ordered.append(fighter)
            for fighter in state.fighters:
                if fighter not in ordered and id(fighter) not in reserved:
                    ordered.append(fighter)
            state.queue = [f for f in ordered if f.role is Role.UNPLAYED]
            leaders = [
                f for f in state.queue if any(r.must is Restriction.FIRST_PRIMARY for r in f.text(PlayRestriction))
            ]
            if leaders and state.queue[0] is not leaders[0]:
                state.queue.remove(leaders[0])
                state.queue.insert(0, leaders[0])
                self.log(
                    StepKind.NOTE,
                    "PRI-0",
                    f"{leaders[0].name} must be the {side.value}'s first primary creature, so it is played first.",
                    side=side,
                    card=leaders[0].card,
                    subject=leaders[0],
                )
        if self._play_first is not None:
            side, rule = self._play_first
            state = self.sides[side]
            first = [f for f in state.queue if rule.target.matches(f.card)]
            if first and state.queue[: len(first)] != first:
                state.queue = first + [f for f in state.queue if f not in first]
                self.log(
                    StepKind.NOTE,
                    "CMD-4",
                    f"The {side.value}'s play order is changed to put {', '.join(f.name for f in first)} first, as the command requires.",
                    side=side,
                )
        if ForcedFirstAnswer in self._kinds_present:
            self._force_first_answer()

    def _upcoming(self, side: Side) -> Fighter | None:
        """The creature the side will lay in the next match-up, as _next_primary will pick it."""
        state = self.sides[side]
        queued = [f for f in state.queue if f.in_hand and f.fate is Fate.STANDING]
        held = state.holding()
        return queued[0] if queued else held[0] if held else None

    def _force_first_answer(self) -> None:
        """ENG-15: a command like the Goose's shows its side's first creature and dictates the answer."""
        for side in SIDES:
            state = self.sides[side]
            card = state.command_card
            if card is None or not state.command_active or card.first(ForcedFirstAnswer) is None:
                continue
            other = self.sides[side.other]
            shown, answer = self._upcoming(side), self._upcoming(side.other)
            if shown is None or answer is None:
                return
            lead = f"{card.name}: the {side.value} shows {shown.name} (Vitality {shown.vitality}) first"
            if any(rule.must is Restriction.FIRST_PRIMARY for rule in answer.text(PlayRestriction)):
                self.log(
                    StepKind.NOTE,
                    "ENG-15",
                    f"{lead}, but {answer.name} must be the {side.other.value}'s first primary creature, so it answers.",
                    side=side,
                    card=card,
                )
                return
            held = other.holding()
            allowed = [held[i] for i in forced_answers(shown.card, [(i, f.card) for i, f in enumerate(held)])]
            if not allowed:
                self.log(
                    StepKind.NOTE,
                    "ENG-15",
                    f"{lead}; the {side.other.value} holds no creature of lower base Vitality, so it answers freely.",
                    side=side,
                    card=card,
                )
                return
            if answer in allowed:
                self.log(
                    StepKind.NOTE,
                    "ENG-15",
                    f"{lead}; the {side.other.value} answers with {answer.name} (Vitality {answer.vitality}), its "
                    "highest base Vitality that the shown creature can beat, as the command requires.",
                    side=side,
                    card=card,
                )
                return
            forced = next((f for f in other.queue if f in allowed), allowed[0])
            if forced in other.queue:
                other.queue.remove(forced)
            other.queue.insert(0, forced)
            self.log(
                StepKind.NOTE,
                "ENG-15",
                f"{lead}; the {side.other.value} must answer with {forced.name} (Vitality {forced.vitality}), its "
                "highest base Vitality that the shown creature can beat, so its play order is changed to put it first.",
                side=side.other,
                card=card,
                subject=forced,
            )

    def _next_primary(self, side: Side) -> Fighter | None:
        state = self.sides[side]
        while state.queue:
            fighter = state.queue.pop(0)
            if fighter.in_hand and fighter.fate is Fate.STANDING:
                return fighter
        held = state.holding()
        if held:
            fighter = held[0]
            self.log(
                StepKind.NOTE,
                "A-11",
                f"The {side.value} still holds {fighter.name}, so it must be played as a primary attacker even though it was set aside for a ranged attack.",
                side=side,
                subject=fighter,
            )
            return fighter
        return None

    def _primaries(self) -> None:
        self._build_queues()
        round_number = 0
        while self.sides[Side.ATTACKER].holding() and self.sides[Side.DEFENDER].holding():
            attacker = self._next_primary(Side.ATTACKER)
            defender = self._next_primary(Side.DEFENDER)
            if attacker is None or defender is None:
                for fighter in (attacker, defender):
                    if fighter is not None:
                        self.sides[fighter.side].queue.insert(0, fighter)
                break
            round_number += 1
            self.moment = str(round_number)
            self._matchup(round_number, attacker, defender)
            self.strip_bribes_after(round_number)
            self._command_creatures_after(round_number)
        self.moment = ""
        holders = [side for side in SIDES if self.sides[side].holding()]
        if not holders:
            self.log(
                StepKind.NOTE,
                "PRI-12",
                "Both players ran out of creatures in the same match-up: there are no secondary attacks.",
            )
        else:
            side = holders[0]
            self.secondary_side = side
            left = ", ".join(f.name for f in self.sides[side].holding())
            self.log(
                StepKind.NOTE,
                "PRI-12",
                f"The {side.other.value} has run out of creatures; primary attacks end. The {side.value} still holds {left}.",
                side=side,
            )
        for side in SIDES:
            for support in self.sides[side].setup.ranged:
                if support.round > round_number:
                    self.warnings.append(
                        f"{side.value}: ranged support planned for match-up {support.round}, but only {round_number} took place"
                    )

    def _matchup(self, round_number: int, attacker: Fighter, defender: Fighter) -> None:
        pair = {Side.ATTACKER: attacker, Side.DEFENDER: defender}
        for fighter in pair.values():
            fighter.in_hand = False
            fighter.role = Role.PRIMARY
            fighter.round = round_number
            fighter.fate_reason = f"fought match-up {round_number}"
        attacker.faced, defender.faced = defender, attacker
        self.log(
            StepKind.REVEAL,
            "PRI-0",
            f"Match-up {round_number}: the attacker's {attacker.name} (Vitality {attacker.vitality}) meets the defender's {defender.name} (Vitality {defender.vitality}).",
        )
        for fighter in pair.values():
            lock = fighter.first_text(ForbidsBribery)
            if lock is not None and lock.icon not in self.sides[fighter.side].bribery_locks:
                self.sides[fighter.side].bribery_locks[lock.icon] = fighter
                self.log(
                    StepKind.NOTE,
                    "A-12",
                    f"{fighter.name} is revealed: no {lock.icon.value.capitalize()} bribe may be aimed at the {fighter.side.value}'s creatures for the rest of the combat unless {fighter.name} is bribed first.",
                    side=fighter.side,
                    card=fighter.card,
                )
        self._ended_unchallenged = False
        if self._on_reveal(round_number, pair):
            return
        attacker, defender = pair[Side.ATTACKER], pair[Side.DEFENDER]
        self._blank_opponents(pair)
        moment = Moment(round_number)
        bribed_sides = self._bribery_window(moment, pair)
        self._any_time_spells(moment, pair, bribed_sides)
        if self._ended_unchallenged:
            self._record_matchup(round_number, pair, None, "no comparison: both creatures left unchallenged")
            return
        if self._spell_decided is not None:
            self._drop_unused_reactions()
            self._record_matchup(round_number, pair, None, self._spell_decided)
            return
        self._destruction(pair)
        frozen = RolledDestroys in self._kinds_present and self._rolled_destruction(pair)
        self._sent_back(pair)
        self._primary_aoes(pair)
        if any(f.fate is not Fate.STANDING for f in pair.values()):
            self._record_matchup(
                round_number,
                pair,
                None,
                "no comparison: "
                + "; ".join(
                    f"{f.name} {f.fate.value.replace('_', ' ')}" for f in pair.values() if f.fate is not Fate.STANDING
                ),
            )
            self.log(
                StepKind.NOTE,
                "PRI-11",
                "A bribed or destroyed creature takes no part in the comparison; the match-up ends.",
            )
            for side in SIDES:
                for support in self.sides[side].setup.ranged:
                    if support.round == round_number:
                        self.log(
                            StepKind.NOTE,
                            "PRI-9",
                            f"The {side.value}'s planned ranged support is not placed: the match-up is over.",
                            side=side,
                        )
            return
        contributions = {side: Contribution(pair[side]) for side in SIDES}
        for spell_target in self._lunched.values():
            if spell_target in (attacker, defender):
                contributions[spell_target.side].channel_allowed = True
        self._immunity(pair)
        self._text_box(pair, contributions)
        self._off_colour(pair, contributions)
        self._terrain_step(pair, contributions)
        self._push_start(pair, contributions)
        if not frozen:
            self._ranged(round_number, pair, contributions)
            self._channelling(moment, pair, contributions)
        elif any(s.round == round_number for side in SIDES for s in self.sides[side].setup.ranged) or any(
            c.moment == moment for side in SIDES for c in self.sides[side].setup.channels
        ):
            self.log(
                StepKind.NOTE,
                "PRI-3",
                "The planned ranged attacks and channelling of this match-up are not made: it can no longer change.",
            )
        self._compare(round_number, pair, contributions)
        if SwapsPlaces in self._kinds_present:
            self.swaps_after_matchup(pair)
        if PullsToMelee in self._kinds_present:
            self._pull_after_win(pair)

    def _on_reveal(self, round_number: int, pair: dict[Side, Fighter]) -> bool:
        """Texts that act as the two creatures meet, before any bribe; True when the match-up is over."""
        if not self._kinds_present & _REVEAL_KINDS and not self._shared_class_sides:
            return False
        for side in SIDES:
            self._take_shared_class(side, pair[side])
        for side in SIDES:
            self._attack_command_instead(round_number, pair, side)
        for side in SIDES:
            self._refuse_opponent(round_number, pair, side)
        for side in SIDES:
            self._steal_text(pair[side], pair[side.other])
        for side in SIDES:
            for rule in pair[side].text(HandDiscard):
                if rule.timing is Timing.PRIMARY:
                    self.discard_from_hands(side, pair[side].card, rule, pair[side].reference)
        for side in SIDES:
            fighter, opponent = pair[side], pair[side.other]
            for withdrawal in fighter.text(Withdraws):
                if withdrawal.trigger is Withdrawal.MEETS and (
                    withdrawal.against is None or withdrawal.against.matches(opponent.card)
                ):
                    self.back_to_hand(fighter, f"its text, on meeting {opponent.name}")
                    self.leave_unchallenged(opponent, f"{fighter.name} went back to the hand")
                    self._record_matchup(
                        round_number, pair, None, f"no comparison: {fighter.name} went back to the hand"
                    )
                    return True
            if self._detonated(round_number, side, pair):
                return True
            if fighter.first_text(SacrificeOption) is not None and self.choice(side, fighter.reference) == "sacrifice":
                self.record_fate(
                    StepKind.DESTROY,
                    "PRI-6",
                    f"The {side.value} has {fighter.name} destroyed, as its text allows: the match-up ends.",
                    subject=fighter,
                    fate=Fate.DESTROYED,
                    reason=f"destroyed by its owner's choice in match-up {round_number}",
                    side=side,
                    card=fighter.card,
                )
                self.leave_unchallenged(opponent, f"{fighter.name} was destroyed by its owner's choice")
                self._record_matchup(round_number, pair, None, f"no comparison: {fighter.name} destroyed by choice")
                return True
        return False

    def _detonated(self, round_number: int, side: Side, pair: dict[Side, Fighter]) -> bool:
        """The side's command may blow up the creature the set-up names as it meets its opponent."""
        state = self.sides[side]
        command = state.command_card
        rule = command.first(Detonates) if command is not None and state.command_active else None
        if rule is None or command is None:
            return False
        fighter, opponent = pair[side], pair[side.other]
        named = self.choice(side, self._command_reference(side))
        if named is None or self.fighter(side, named) is not fighter:
            return False
        if rule.target is not None and not rule.target.matches(fighter.card):
            self.warnings.append(f"{side.value}: {fighter.name} cannot be blown up by {command.name}")
            return False
        for victim in (fighter, opponent):
            if self._indestructible(victim, command.name):
                continue
            self.record_fate(
                StepKind.DESTROY,
                "CMD-4",
                f"{command.name}'s command: {fighter.name} is blown up"
                + (" and destroyed." if victim is fighter else f", taking {victim.name} with it: destroyed."),
                subject=victim,
                fate=Fate.DESTROYED,
                reason=f"destroyed when {command.name} blew up {fighter.name}",
                side=side,
                card=command,
            )
        self._record_matchup(round_number, pair, None, f"no comparison: {command.name} blew up {fighter.name}")
        return True

    def _rolled_destruction(self, pair: dict[Side, Fighter]) -> bool:
        """PRI-3 for a creature whose roll picks the border it destroys; True when the match-up is frozen."""
        frozen = False
        for side in SIDES:
            fighter, opponent = pair[side], pair[side.other]
            rule = fighter.first_text(RolledDestroys)
            if rule is None or fighter.fate is not Fate.STANDING or opponent.fate is not Fate.STANDING:
                continue
            rolled = self.roll(side, fighter.reference)
            border = rule.targets[min(max(rolled, 1), len(rule.targets)) - 1]
            frozen = frozen or rule.freezes
            hit = opponent.card.border is border and not self._indestructible(opponent, fighter.name)
            step = self.log(
                StepKind.DESTROY if hit else StepKind.NOTE,
                "PRI-3",
                f"{fighter.name} rolls {rolled}: it destroys {border.value}s, and {opponent.name} is "
                + (
                    "one: it is destroyed."
                    if hit
                    else f"{opponent.card.border.value if opponent.card.border else 'no border'}, so it survives."
                )
                + (" Nothing may change this match-up any more." if rule.freezes else ""),
                side=side,
                card=fighter.card,
                subject=opponent,
            )
            if hit:
                self.settle(opponent, Fate.DESTROYED, f"destroyed by {fighter.name}'s roll", step)
        return frozen

    def _steal_text(self, fighter: Fighter, opponent: Fighter) -> None:
        rule = fighter.first_text(StealsText)
        if rule is None:
            return
        if rule.from_hand:
            self._copy_hand_text(fighter, rule)
            return
        rolled = self.roll(fighter.side, fighter.reference)
        if rolled < rule.succeeds_from:
            self.log(
                StepKind.NOTE,
                "PRI-6",
                f"{fighter.name} rolls {rolled}: less than {rule.succeeds_from}, so it keeps its own text.",
                side=fighter.side,
                card=fighter.card,
            )
            return
        taken = () if opponent.blank else opponent.card.abilities
        fighter.card = replace(fighter.card, abilities=taken, _by_kind={})
        opponent.blank = True
        self.log(
            StepKind.NOTE,
            "PRI-6",
            f"{fighter.name} rolls {rolled}: it takes over {opponent.name}'s text box, which goes blank for the rest of the combat.",
            side=fighter.side,
            card=fighter.card,
            subject=opponent,
        )

    def _copy_hand_text(self, fighter: Fighter, rule: StealsText) -> None:
        """Its owner may lay a creature of his combat hand in the melee; it then gains that creature's text box."""
        side = fighter.side
        named = self.choice(side, fighter.reference)
        laid = self.fighter(side, named) if named is not None else None
        if laid is None or laid is fighter or laid not in self.sides[side].holding():
            if named is not None:
                self.warnings.append(
                    f"{side.value}: {fighter.name} cannot lay {named}: it is not in the {side.value}'s combat hand now"
                )
            self.log(
                StepKind.NOTE,
                "PRI-6",
                f"The {side.value} lays no card from the combat hand for {fighter.name}; it keeps its own text box.",
                side=side,
                card=fighter.card,
            )
            return
        if laid in self.sides[side].queue:
            self.sides[side].queue.remove(laid)
        self.leave_unchallenged(laid, f"laid from the combat hand by {fighter.name}'s text")
        # The spent offer is dropped so the gained text box is the one that works from now on.
        gained = () if laid.blank else laid.card.abilities
        kept = tuple(ability for ability in fighter.card.abilities if ability is not rule)
        fighter.card = replace(fighter.card, abilities=kept + gained, _by_kind={})
        self.log(
            StepKind.NOTE,
            "PRI-6",
            f"{fighter.name} gains {laid.name}'s text box for the rest of the combat"
            + (" (it is blank, so nothing is gained)." if laid.blank or not gained else "."),
            side=side,
            card=fighter.card,
            subject=laid,
        )

    def _pull_after_win(self, pair: dict[Side, Fighter]) -> None:
        """A winner whose text lets its owner pull a random opposing card into the melee after a good roll."""
        for side in SIDES:
            fighter, beaten = pair[side], pair[side].faced
            rule = fighter.first_text(PullsToMelee)
            if rule is None or beaten is None or beaten.beaten_by is not fighter:
                continue
            rolled = self.roll(side, fighter.reference)
            named = self.choice(side, fighter.reference)
            drawn = self.fighter(side.other, named) if named is not None else None
            if rolled < rule.succeeds_from or drawn is None or not (drawn.in_hand and drawn.fate is Fate.STANDING):
                why = (
                    f"rolls {rolled}, less than {rule.succeeds_from}"
                    if rolled < rule.succeeds_from
                    else f"rolls {rolled}, but no card still in the {side.other.value}'s hand is named"
                )
                self.log(
                    StepKind.NOTE, "ENG-10", f"{fighter.name} {why}: nothing is pulled.", side=side, card=fighter.card
                )
                continue
            if drawn in self.sides[side.other].queue:
                self.sides[side.other].queue.remove(drawn)
            self.log(
                StepKind.NOTE,
                "ENG-10",
                f"{fighter.name} rolls {rolled}: its owner pulls {drawn.name}, drawn at random, out of the {side.other.value}'s hand.",
                side=side,
                card=fighter.card,
                subject=drawn,
            )
            self.leave_unchallenged(drawn, f"pulled out of the hand by {fighter.name}")

    def _take_shared_class(self, side: Side, fighter: Fighter) -> None:
        if side not in self._shared_class_sides:
            return
        first = self._first_creature.setdefault(side, fighter)
        if first is not fighter and fighter.card.classes != first.card.classes:
            command = self.sides[side].command_card
            assert command is not None
            self.reclass(fighter, first.card.classes or ("no class",), command, f"like {first.name} ({command.name})")

    def _refuse_opponent(self, round_number: int, pair: dict[Side, Fighter], side: Side) -> None:
        """A creature that may turn down its first opponent for one drawn at random from the opposing hand."""
        fighter, refused = pair[side], pair[side.other]
        if fighter.first_text(RefusesOpponent) is None:
            return
        named = self.choice(side, fighter.reference)
        if named is None:
            return
        drawn = self.fighter(side.other, named)
        if drawn is None or not (drawn.in_hand and drawn.fate is Fate.STANDING):
            self.warnings.append(
                f"{side.value}: {fighter.name} cannot face {named}: it is not in the {side.other.value}'s combat hand now"
            )
            return
        if drawn in self.sides[side.other].queue:
            self.sides[side.other].queue.remove(drawn)
        drawn.in_hand = False
        drawn.role = Role.PRIMARY
        drawn.round = round_number
        drawn.fate_reason = f"fought match-up {round_number}"
        fighter.faced, drawn.faced = drawn, fighter
        pair[side.other] = drawn
        self.log(
            StepKind.REVEAL,
            "PRI-0",
            f"{fighter.name} turns down {refused.name}; {drawn.name} (Vitality {drawn.vitality}), drawn at random from the "
            f"{side.other.value}'s combat hand, faces it instead.",
            side=side,
            card=fighter.card,
            subject=drawn,
        )
        self.back_to_hand(refused, f"{fighter.name} turned it down", next_up=True)

    def _blank_opponents(self, pair: dict[Side, Fighter]) -> None:
        """PRI-6: a creature whose text blanks its match-up opponent does so as they meet."""
        for owner, card, chosen, holder in self.active_effects(BlankText):
            if chosen.scope is TextScope.CHOSEN and (holder is None or holder.role is Role.COMMAND):
                self._blank_chosen(owner, card, chosen, holder, pair[owner.other])
        blanking = [side for side in SIDES if any(r.scope is TextScope.OPPONENT for r in pair[side].text(BlankText))]
        for side in blanking:
            victim = pair[side.other]
            victim.blank = True
            self.log(
                StepKind.NOTE,
                "PRI-6",
                f"{pair[side].name} blanks {victim.name}'s text box: its printed abilities stop working for the rest of the combat (its stats still count).",
                side=side,
                card=pair[side].card,
                subject=victim,
            )

    def _blank_chosen(
        self, owner: Side, card: CardDefinition, rule: BlankText, holder: Fighter | None, victim: Fighter
    ) -> None:
        """A command that blanks the opposing creature its owner names, in that creature's match-up, for a price."""
        named = self.choice(owner, holder.reference if holder is not None else card.slug)
        if named is None or self.fighter(owner.other, named) is not victim or victim.blank:
            return
        if not self.burn_stones(owner, rule.cost, card, "PRI-6", f"to blank {victim.name}'s text box"):
            self.warnings.append(
                f"{owner.value}: {card.name} cannot blank {victim.name}: {rule.cost} Power Stone(s) needed, "
                f"{self.sides[owner].stones} left"
            )
            return
        victim.blank = True
        self.log(
            StepKind.NOTE,
            "PRI-6",
            f"{card.name}'s command blanks {victim.name}'s text box for the rest of the combat (its stats still "
            "count; ranged attacks in the match-up are not touched).",
            side=owner,
            card=card,
            subject=victim,
        )

    def _sent_back(self, pair: dict[Side, Fighter]) -> None:
        """A creature whose text sends its match-up opponent back to the Creature Pen (PRI-3 timing)."""
        for side in SIDES:
            fighter, opponent = pair[side], pair[side.other]
            if fighter.fate is not Fate.STANDING or opponent.fate is not Fate.STANDING:
                continue
            for rule in fighter.text(ReturnsToPen):
                if (
                    rule.who is Sides.OPPONENT
                    and not rule.side_wide
                    and (rule.opponent is None or rule.opponent.matches(opponent.card))
                    and (not rule.same_class or _shared_classes(fighter, opponent))
                ):
                    self.record_fate(
                        StepKind.NOTE,
                        "PRI-3",
                        f"{fighter.name}'s text sends {opponent.name} back to its Creature Pen at once: it leaves the combat, neither beaten nor counted.",
                        subject=opponent,
                        fate=Fate.RETURNED,
                        reason=f"sent back to the Creature Pen by {fighter.name}",
                        side=side,
                        card=fighter.card,
                    )
                    break
        for owner, source, rule, _ in self.active_effects(ReturnsToPen):
            fighter, opponent = pair[owner], pair[owner.other]
            shared = _shared_classes(fighter, opponent)
            if (
                not rule.side_wide
                or fighter.fate is not Fate.STANDING
                or opponent.fate is not Fate.STANDING
                or (rule.opponent is not None and not rule.opponent.matches(opponent.card))
                or (rule.same_class and not shared)
            ):
                continue
            both = f" (both are {' / '.join(shared)})" if rule.same_class else ""
            self.record_fate(
                StepKind.NOTE,
                "PRI-3",
                f"{source.name} is in play: {opponent.name} meets {fighter.name}{both}, so it goes back to its "
                "Creature Pen at once, neither beaten nor counted.",
                subject=opponent,
                fate=Fate.RETURNED,
                reason=f"sent back to the Creature Pen by {source.name}",
                side=owner,
                card=source,
            )

    def _push_start(self, pair: dict[Side, Fighter], contributions: dict[Side, Contribution]) -> None:
        """PRI-6 text that makes the match-up start as a push before ranged attacks and channelling."""
        for side in SIDES:
            fighter, opponent = pair[side], pair[side.other]
            rule = fighter.first_text(StartsAsPush)
            if rule is None or (rule.against is not None and not rule.against.matches(opponent.card)):
                continue
            mine, theirs = contributions[side], contributions[side.other]
            gap = mine.total - theirs.total
            if gap == 0:
                continue
            lower = theirs if gap > 0 else mine
            self._add(
                lower,
                "push",
                abs(gap),
                "ENG-5",
                fighter.card,
                f"{fighter.name}'s text making the match-up start as a push",
            )
            return

    # PRI-11
    def _compare(self, round_number: int, pair: dict[Side, Fighter], contributions: dict[Side, Contribution]) -> None:
        gone = [f for f in pair.values() if f.fate is not Fate.STANDING]
        if gone:
            # Text that destroys a creature after the ranged step (a command's roll) ends the match-up there.
            outcome = "no comparison: " + "; ".join(f"{f.name} {f.fate.value.replace('_', ' ')}" for f in gone)
            self.log(
                StepKind.NOTE, "PRI-11", "A destroyed creature takes no part in the comparison; the match-up ends."
            )
            self._record_matchup(round_number, pair, None, outcome)
            return
        a, d = pair[Side.ATTACKER], pair[Side.DEFENDER]
        ta, td = contributions[Side.ATTACKER].total, contributions[Side.DEFENDER].total
        chains = f"{a.name}: {chain_text(tuple(contributions[Side.ATTACKER].terms))}; {d.name}: {chain_text(tuple(contributions[Side.DEFENDER].terms))}"
        winner: Fighter | None = None
        rule = "PRI-11"
        if a.turned and d.turned:
            outcome = "both are turned, so neither can beat the other: both survive"
        elif ta == td:
            outcome = "equal totals: a push, both survive and neither is beaten"
            rule = "A-29"
            tie_breaker = self._push_winner(pair)
            if tie_breaker is not None:
                winner = tie_breaker
                outcome = f"equal totals, but {tie_breaker.name}'s side wins pushes: it beats {tie_breaker.faced.name if tie_breaker.faced else ''}"
                rule = "PRI-11"
        else:
            high, low = (a, d) if ta > td else (d, a)
            margin = abs(ta - td)
            needed = self._margin_needed(low)
            if high.turned:
                outcome = f"{high.name} has more but was turned, so it cannot beat {low.name}: both survive"
                rule = "A-06"
            elif margin < needed:
                outcome = f"{high.name} leads by only {margin}; {low.name} can be beaten only by {needed} or more, so it is a push"
            else:
                winner = high
                outcome = f"{high.name} beats {low.name}"
                reversal = self._heavy_loss_reversal(low, margin)
                if reversal is not None:
                    winner = low
                    outcome = (
                        f"{high.name} leads by {margin}, but {reversal[0]}'s command makes its side win a match-up "
                        f"lost by more than {reversal[1]}: {low.name} beats {high.name}"
                    )
        step = self.log(StepKind.COMPARE, rule, f"Compare {ta} against {td} ({chains}): {outcome}.", chain=())
        totals = {Side.ATTACKER: ta, Side.DEFENDER: td}
        if winner is not None and self._withdraws_after_win(winner, round_number):
            self._record_matchup(
                round_number, pair, (ta, td), outcome + f"; {winner.name} goes back to the hand instead"
            )
            return
        if winner is not None:
            loser = winner.faced
            assert loser is not None
            loser.beaten_by = winner
            destroyer = self._destroys_on_beating(winner, loser, abs(ta - td))
            if destroyer:
                self.record_fate(
                    StepKind.DESTROY,
                    "PRI-11",
                    destroyer,
                    subject=loser,
                    fate=Fate.DESTROYED,
                    reason=f"destroyed on being beaten by {winner.name} in match-up {round_number}",
                    side=winner.side,
                    card=winner.card,
                )
            elif self._returns_instead(loser, abs(ta - td)):
                self.record_fate(
                    StepKind.NOTE,
                    "PRI-11",
                    f"{loser.name}'s text: it lost by {abs(ta - td)}, so it goes back to its Creature Pen instead of being beaten.",
                    subject=loser,
                    fate=Fate.RETURNED,
                    reason=f"went back to the Creature Pen after losing match-up {round_number}",
                    side=loser.side,
                    card=loser.card,
                )
            else:
                self.settle(
                    loser,
                    Fate.BEATEN,
                    f"beaten by {winner.name} in match-up {round_number} ({totals[winner.side]} against {totals[loser.side]})",
                    step,
                )
        if winner is not None and winner.faced is not None:
            self.creature_beaten(winner.faced, winner, "PRI-11", primary=True)
            if self._kinds_present & _OUTCOME_KINDS:
                self._after_outcome(round_number, winner, winner.faced, abs(ta - td))
        for fighter in pair.values():
            if fighter.fate is Fate.STANDING:
                fighter.fate_reason = {
                    True: f"won match-up {round_number}",
                    False: f"survived match-up {round_number}" + (" (turned by immunity)" if fighter.turned else ""),
                }[fighter is winner]
        self._record_matchup(round_number, pair, (ta, td), outcome)

    def _withdraws_after_win(self, winner: Fighter, round_number: int) -> bool:
        """A winner whose text sends it back to the hand leaves its opponent unbeaten and unchallenged."""
        if Withdraws not in self._kinds_present:
            return False
        if not any(rule.trigger is Withdrawal.WINS for rule in winner.text(Withdraws)):
            return False
        loser = winner.faced
        assert loser is not None
        self.leave_unchallenged(loser, f"{winner.name} won match-up {round_number} and went back to the hand")
        self.back_to_hand(winner, f"its text, after winning match-up {round_number}")
        return True

    def _returns_instead(self, loser: Fighter, margin: int) -> bool:
        return any(
            rule.who is Sides.OWN and rule.losing_by_more_than is not None and margin > rule.losing_by_more_than
            for rule in loser.text(ReturnsToPen)
        )

    def _margin_needed(self, loser: Fighter) -> int:
        needed = 1
        for rule in loser.text(PushMargin):
            if rule.to is None and (rule.terrain is None or rule.terrain in self.terrain):
                needed = rule.margin
                break
        for owner, _, aura, _ in self.active_effects(PushMargin):
            if (
                aura.to is not None
                and owner is loser.side
                and aura.to.matches(loser.card)
                and (aura.terrain is None or aura.terrain in self.terrain)
            ):
                needed = max(needed, aura.margin)
        return needed

    def _heavy_loss_reversal(self, low: Fighter, margin: int) -> tuple[str, int] | None:
        """The card that makes ``low`` win a match-up it loses by more than its margin, and that margin."""
        if low.turned:
            return None
        for owner, source, rule, _ in self.active_effects(WinsHeavyLosses):
            if owner is low.side and margin > rule.margin:
                return source.name, rule.margin
        return None

    def _push_winner(self, pair: dict[Side, Fighter]) -> Fighter | None:
        if self.push_forced(pair[Side.ATTACKER].round or 0):
            return None
        sides = {owner for owner, _, _, _ in self.active_effects(WinsPushes)}
        if len(sides) != 1:
            return None
        fighter = pair[next(iter(sides))]
        return None if fighter.turned else fighter

    def _destroys_on_beating(self, winner: Fighter, loser: Fighter, margin: int = 1) -> str:
        """Text for a destruction that replaces 'beaten', or '' when the loser is simply beaten."""
        if loser.first_text(Indestructible) is not None:
            return ""
        for rule in winner.text(DestroysWhenBeating):
            if rule.against is None or rule.against.matches(loser.card):
                return f"{winner.name}'s text: the creature it beats, {loser.name}, is destroyed rather than beaten."
        for self_rule in loser.text(DestroyedWhenBeaten):
            if self_rule.by is None or self_rule.by.matches(winner.card):
                return f"{loser.name}'s text: beaten by {winner.name}, it is destroyed rather than beaten."
        for source, aura in self._matchup_destruction(winner, margin):
            lead = f" by {margin}, less than {aura.lead_below}" if aura.lead_below is not None else ""
            return f"{source.name}'s text: {winner.name} won{lead}, so {loser.name} is destroyed rather than beaten."
        for shot in self._effect_shots:
            effect = shot.shooter.first_text(RangedEffect)
            if (
                shot.side is winner.side
                and not shot.cancelled
                and shot.shooter.round == winner.round
                and effect is not None
                and effect.result is ShotResult.DESTROYS_ON_WIN
            ):
                return f"{shot.shooter.name}'s ranged attack: {winner.name} won, so {loser.name} is destroyed rather than beaten."
        return ""

    def _matchup_destruction(self, winner: Fighter, margin: int) -> list[tuple[CardDefinition, MatchupDestruction]]:
        return [
            (source, aura)
            for owner, source, aura, _ in self.active_effects(MatchupDestruction)
            if aura.winners.reaches(owner is winner.side) and (aura.lead_below is None or margin < aura.lead_below)
        ]

    def _after_outcome(self, round_number: int, winner: Fighter, loser: Fighter, margin: int) -> None:
        """What a decided match-up sets off beyond the loser's fate: the winner's own destruction, a command
        card destroyed, a stronghold or terrain card wrecked."""
        for source, aura in self._matchup_destruction(winner, margin):
            if aura.winner_too and winner.fate is Fate.STANDING and not self._indestructible(winner, source.name):
                self.record_fate(
                    StepKind.DESTROY,
                    "PRI-11",
                    f"{source.name}'s text: {winner.name} won by only {margin}, so it is destroyed as well.",
                    subject=winner,
                    fate=Fate.DESTROYED,
                    reason=f"destroyed by {source.name}'s text after match-up {round_number}",
                    side=winner.side,
                    card=source,
                )
                break
        for fighter, outcome in ((winner, Outcome.BEATS), (loser, Outcome.BEATEN)):
            for rule in fighter.text(DestroysCommandCard):
                if rule.outcome is outcome:
                    owner = fighter.side if rule.who is Sides.OWN else fighter.side.other
                    self._destroy_command(owner, fighter, rule, margin)
        if winner.side is Side.ATTACKER:
            for razing in winner.text(RazesOnWinning):
                self._raze(winner, razing.razes)
        self.note_victors(loser, [winner])

    def note_victors(self, beaten: Fighter, victors: list[Fighter]) -> None:
        """Remember who beat a card whose text dooms them unless their side holds the space."""
        if DestroysVictorUnlessHeld in self._kinds_present and beaten.first_text(DestroysVictorUnlessHeld) is not None:
            self.doomed_victors.extend((victor, beaten) for victor in victors)

    def destroy_victors(self, loser: Side) -> None:
        """RES-3: the losing side's creatures that beat such a card are destroyed instead of retreating."""
        for victor, beaten in self.doomed_victors:
            if victor.side is not loser or victor.fate is not Fate.STANDING:
                continue
            if self._indestructible(victor, beaten.name):
                continue
            self.record_fate(
                StepKind.DESTROY,
                "RES-3",
                f"{beaten.name}'s text: {victor.name} beat it and its side does not hold the space, so it is destroyed.",
                subject=victor,
                fate=Fate.DESTROYED,
                reason=f"destroyed by {beaten.name}'s text: its side lost the space",
                side=victor.side,
                card=beaten.card,
            )

    def _destroy_command(self, owner: Side, fighter: Fighter, rule: DestroysCommandCard, margin: int) -> None:
        """ENG-7: a destroyed command card's ongoing effects end; a command creature is lost and not counted."""
        state = self.sides[owner]
        card = state.command_card
        command = state.command_fighter
        if card is None or (command is not None and command.fate is not Fate.STANDING):
            return
        whose = f"the {owner.value}'s command card {card.name}"
        if rule.creature_only and command is None:
            self.log(
                StepKind.NOTE,
                "ENG-7",
                f"{fighter.name}'s text would destroy {whose}, but it is not a creature, so it stays.",
                side=fighter.side,
                card=fighter.card,
            )
            return
        if rule.lead_over_vitality and margin <= card.up:
            self.log(
                StepKind.NOTE,
                "ENG-7",
                f"{fighter.name} won by {margin}, not more than the {card.up} of {whose}, which stays.",
                side=fighter.side,
                card=fighter.card,
            )
            return
        if command is not None and self._indestructible(command, fighter.name):
            return
        ends = " Its lasting command effects end here." if state.command_active else ""
        state.command_active = False
        state.bonuses.clear()
        lead = f" (it won by {margin}, more than {card.up})" if rule.lead_over_vitality else ""
        step = self.log(
            StepKind.DESTROY,
            "ENG-7",
            f"{fighter.name}'s text destroys {whose}{lead}.{ends}",
            side=fighter.side,
            card=fighter.card,
            subject=command,
        )
        if command is not None:
            self.settle(command, Fate.DESTROYED, f"command card destroyed by {fighter.name}'s text", step)

    def _raze(self, winner: Fighter, razes: Razed) -> None:
        """The attacker's winner wrecks the defender's stronghold (ENG-3) or terrain card (A-24) for the rest of the combat."""
        if razes is Razed.STRONGHOLD:
            stronghold = self.sides[Side.DEFENDER].stronghold
            if not self.defender_in_stronghold or stronghold is None:
                return
            self.defender_in_stronghold = False
            stats = stronghold.stronghold
            if (
                self.space_ref is None
                and stats is not None
                and stats.counts_as_terrain is not None
                and self.terrain == frozenset({stats.counts_as_terrain})
            ):
                self.terrain = frozenset()
            self.log(
                StepKind.NOTE,
                "ENG-3",
                f"{winner.name}'s text: it won against the defender in {stronghold.name}, which is rubbled at once: "
                "no defence bonus from it for the rest of the combat.",
                side=winner.side,
                card=winner.card,
            )
            return
        if self.space_ref is None or self._terrain_razed or self._terrain_gone():
            return
        self._terrain_razed = True
        before = " and ".join(sorted(t.value for t in self.terrain)) or "no terrain type"
        self.face_down = False
        if self.terrain == self._space_terrain():
            self.terrain = frozenset()
        self.terrain_card = None
        self.log(
            StepKind.NOTE,
            "A-24",
            f"{winner.name}'s text: it won on the defender's terrain space, so the terrain card ({before}) is "
            "discarded at once; its terrain effects stop for the rest of the combat.",
            side=winner.side,
            card=winner.card,
        )

    _terrain_razed = False

    def _space_terrain(self) -> frozenset[Terrain]:
        found = resolve_terrain(self.catalog, self.space_ref)
        return found[1] if found is not None else frozenset()

    def _terrain_gone(self) -> bool:
        """A spell has already destroyed the space's terrain card (the set-up named a card, now gone)."""
        found = resolve_terrain(self.catalog, self.space_ref)
        if face_down(self.space_ref)[0]:
            return not self.face_down
        return found is not None and found[0] is not None and self.terrain_card is None

    def _record_matchup(
        self, round_number: int, pair: dict[Side, Fighter], totals: tuple[int, int] | None, outcome: str
    ) -> None:
        self.matchups.append(
            Matchup(
                round=round_number,
                attacker=pair[Side.ATTACKER].id,
                defender=pair[Side.DEFENDER].id,
                attacker_total=totals[0] if totals else None,
                defender_total=totals[1] if totals else None,
                outcome=outcome,
            )
        )


def _shared_classes(fighter: Fighter, opponent: Fighter) -> list[str]:
    """The creature classes the two have in common (as they count now, after any class change)."""
    theirs = {c.lower() for c in opponent.card.classes}
    return [c for c in fighter.card.classes if c.lower() in theirs]
