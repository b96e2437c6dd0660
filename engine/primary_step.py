"""The primary match-ups: play order, each match-up in procedure order, compare (PRI-11), end (PRI-12)."""

from __future__ import annotations

from .abilities import (
    BlankText,
    DestroyedWhenBeaten,
    DestroysWhenBeating,
    ForbidsBribery,
    Indestructible,
    PlayRestriction,
    PushMargin,
    Restriction,
    ReturnsToPen,
    Sides,
    StartsAsPush,
    TextScope,
    WinsPushes,
)
from .channelling import Channelling
from .enums import (
    SIDES,
    Fate,
    Role,
    Side,
    StepKind,
)
from .log import Matchup, chain_text
from .setup import Moment
from .state import Contribution, Fighter


class PrimaryStep(Channelling):
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
        self._blank_opponents(pair)
        moment = Moment(round_number)
        bribed_sides = self._bribery_window(moment, pair)
        self._any_time_spells(moment, pair, bribed_sides)
        self._destruction(pair)
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
        self._ranged(round_number, pair, contributions)
        self._channelling(moment, pair, contributions)
        self._compare(round_number, pair, contributions)

    def _blank_opponents(self, pair: dict[Side, Fighter]) -> None:
        """PRI-6: a creature whose text blanks its match-up opponent does so as they meet."""
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

    def _sent_back(self, pair: dict[Side, Fighter]) -> None:
        """A creature whose text sends its match-up opponent back to the Creature Pen (PRI-3 timing)."""
        for side in SIDES:
            fighter, opponent = pair[side], pair[side.other]
            if fighter.fate is not Fate.STANDING or opponent.fate is not Fate.STANDING:
                continue
            for rule in fighter.text(ReturnsToPen):
                if rule.who is Sides.OPPONENT and (rule.opponent is None or rule.opponent.matches(opponent.card)):
                    step = self.log(
                        StepKind.NOTE,
                        "PRI-3",
                        f"{fighter.name}'s text sends {opponent.name} back to its Creature Pen at once: it leaves the combat, neither beaten nor counted.",
                        side=side,
                        card=fighter.card,
                        subject=opponent,
                    )
                    self.settle(opponent, Fate.RETURNED, f"sent back to the Creature Pen by {fighter.name}", step)
                    break

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
        step = self.log(StepKind.COMPARE, rule, f"Compare {ta} against {td} ({chains}): {outcome}.", chain=())
        if winner is not None:
            loser = winner.faced
            assert loser is not None
            loser.beaten_by = winner
            destroyer = self._destroys_on_beating(winner, loser)
            if destroyer:
                step = self.log(
                    StepKind.DESTROY, "PRI-11", destroyer, side=winner.side, card=winner.card, subject=loser
                )
                self.settle(
                    loser,
                    Fate.DESTROYED,
                    f"destroyed on being beaten by {winner.name} in match-up {round_number}",
                    step,
                )
            elif self._returns_instead(loser, abs(ta - td)):
                step = self.log(
                    StepKind.NOTE,
                    "PRI-11",
                    f"{loser.name}'s text: it lost by {abs(ta - td)}, so it goes back to its Creature Pen instead of being beaten.",
                    side=loser.side,
                    card=loser.card,
                    subject=loser,
                )
                self.settle(
                    loser, Fate.RETURNED, f"went back to the Creature Pen after losing match-up {round_number}", step
                )
            else:
                self.settle(
                    loser,
                    Fate.BEATEN,
                    f"beaten by {winner.name} in match-up {round_number} ({max(ta, td)} against {min(ta, td)})",
                    step,
                )
        if winner is not None and winner.faced is not None:
            self.creature_beaten(winner.faced, winner, "PRI-11", primary=True)
        for fighter in pair.values():
            if fighter.fate is Fate.STANDING:
                fighter.fate_reason = {
                    True: f"won match-up {round_number}",
                    False: f"survived match-up {round_number}" + (" (turned by immunity)" if fighter.turned else ""),
                }[fighter is winner]
        self._record_matchup(round_number, pair, (ta, td), outcome)

    def _returns_instead(self, loser: Fighter, margin: int) -> bool:
        return any(
            rule.who is Sides.OWN and rule.losing_by_more_than is not None and margin > rule.losing_by_more_than
            for rule in loser.text(ReturnsToPen)
        )

    def _margin_needed(self, loser: Fighter) -> int:
        for rule in loser.text(PushMargin):
            if rule.terrain is None or rule.terrain in self.terrain:
                return rule.margin
        return 1

    def _push_winner(self, pair: dict[Side, Fighter]) -> Fighter | None:
        sides = {owner for owner, _, _, _ in self.active_effects(WinsPushes)}
        if len(sides) != 1:
            return None
        fighter = pair[next(iter(sides))]
        return None if fighter.turned else fighter

    def _destroys_on_beating(self, winner: Fighter, loser: Fighter) -> str:
        """Text for a destruction that replaces 'beaten', or '' when the loser is simply beaten."""
        if loser.first_text(Indestructible) is not None:
            return ""
        for rule in winner.text(DestroysWhenBeating):
            if rule.against is None or rule.against.matches(loser.card):
                return f"{winner.name}'s text: the creature it beats, {loser.name}, is destroyed rather than beaten."
        for self_rule in loser.text(DestroyedWhenBeaten):
            if self_rule.by is None or self_rule.by.matches(winner.card):
                return f"{loser.name}'s text: beaten by {winner.name}, it is destroyed rather than beaten."
        return ""

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
