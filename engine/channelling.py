"""Ranged support (PRI-9) and channelling (PRI-10), in primaries and secondaries."""

from __future__ import annotations

from .abilities import (
    AllowsChannellingTo,
    AllowsRanged,
    ChannelCap,
    ChannelsOnlyTo,
    ForbidsChannelling,
    ForbidsRanged,
    Immunity,
    NoChannellingAgainst,
    RangedLimit,
    RangedModifier,
    ReceivesChannellingOnlyFrom,
    StoneEvent,
    Stones,
)
from .cards import CardDefinition
from .enums import (
    SIDES,
    Fate,
    Role,
    Side,
    StepKind,
    Terrain,
)
from .matchup_effects import MatchupEffects
from .setup import Channel, Moment, split_reference
from .state import Contribution, Fighter
from .validate import find_creature


class Channelling(MatchupEffects):
    # PRI-9
    def _ranged(self, round_number: int, pair: dict[Side, Fighter], contributions: dict[Side, Contribution]) -> None:
        placed: list[Fighter] = []
        for side in SIDES:
            supports = [s for s in self.sides[side].setup.ranged if s.round == round_number]
            for index, support in enumerate(supports):
                shooter = self.fighter(side, support.creature)
                if shooter is None or not shooter.in_hand or shooter.fate is not Fate.STANDING:
                    self.log(
                        StepKind.RANGED,
                        "PRI-9",
                        f"The {side.value}'s {support.creature} is no longer in the hand and cannot give ranged support.",
                        side=side,
                    )
                    continue
                if Terrain.WOODS in self.terrain and self.terrain_rule(AllowsRanged) is None:
                    self.log(
                        StepKind.RANGED,
                        "PRI-9",
                        f"No ranged attacks in Woods: {shooter.name} stays in the {side.value}'s hand.",
                        side=side,
                        card=shooter.card,
                    )
                    self.warnings.append(
                        f"{side.value}: {shooter.name}'s ranged attack in match-up {round_number} is not allowed in Woods"
                    )
                    continue
                refusal = self._ranged_refusal(side, shooter, pair)
                if refusal:
                    self.log(StepKind.RANGED, "PRI-9", refusal, side=side, card=shooter.card)
                    self.warnings.append(f"{side.value}: {refusal}")
                    continue
                shooter.in_hand = False
                shooter.role = Role.RANGED
                shooter.round = round_number
                shooter.fate_reason = f"gave ranged support in match-up {round_number}"
                self.log(
                    StepKind.RANGED,
                    "PRI-9" if index == 0 else "A-23",
                    f"The {side.value} places {shooter.name} beside {pair[side].name} as a ranged attacker.",
                    side=side,
                    card=shooter.card,
                    subject=shooter,
                )
                bribes = [
                    b
                    for b in self.sides[side.other].setup.bribes
                    if b.moment == Moment(round_number)
                    and b.target is not None
                    and self.fighter(side, b.target) is shooter
                ]
                if any(self._bribe(side.other, bribe.icon, shooter, "A-02") for bribe in bribes):
                    continue
                target = pair[side.other]
                if any(immunity.ranged for immunity in target.text(Immunity)):
                    self.log(
                        StepKind.RANGED,
                        "PRI-5",
                        f"{target.name} is immune to ranged attacks: {shooter.name}'s attack adds nothing.",
                        side=side,
                        card=target.card,
                        subject=shooter,
                    )
                    continue
                self._add(
                    contributions[side],
                    f"{shooter.name} ranged",
                    shooter.card.ranged_attack or 0,
                    "PRI-9",
                    shooter.card,
                    f"{shooter.name}'s ranged attack",
                    StepKind.RANGED,
                )
                self._ranged_modifiers(side, shooter, placed, contributions[side])
                placed.append(shooter)

    def _ranged_modifiers(
        self, side: Side, shooter: Fighter, placed: list[Fighter], contribution: Contribution
    ) -> None:
        for rule in shooter.text(RangedModifier):
            if rule.to_side:
                continue
            if rule.amount:
                self._add(
                    contribution,
                    f"{shooter.name} text",
                    rule.amount,
                    "PRI-9",
                    shooter.card,
                    f"{shooter.name}'s text on its ranged attack",
                    StepKind.RANGED,
                )
            if rule.adds_other_ranged and placed:
                others = sum(other.card.ranged_attack or 0 for other in placed)
                self._add(
                    contribution,
                    f"{shooter.name} text",
                    others,
                    "A-23",
                    shooter.card,
                    f"the printed values of the ranged attacks already placed ({', '.join(o.name for o in placed)})",
                    StepKind.RANGED,
                )
        for owner, source, aura, _ in self.active_effects(RangedModifier):
            if aura.to_side and aura.amount and owner is side:
                self._add(
                    contribution,
                    source.name,
                    aura.amount,
                    "PRI-9",
                    source,
                    f"{source.name} being in play",
                    StepKind.RANGED,
                )
        if any(rule.beaten_after for rule in shooter.text(RangedModifier)):
            step = self.log(
                StepKind.RANGED,
                "PRI-9",
                f"{shooter.name}'s text: having fired, it is beaten itself.",
                side=side,
                card=shooter.card,
                subject=shooter,
            )
            self.settle(shooter, Fate.BEATEN, "beaten by its own text after its ranged attack", step)

    def _ranged_refusal(self, side: Side, shooter: Fighter, pair: dict[Side, Fighter]) -> str:
        """Why a ranged attack may not be placed here, or '' when it may."""
        for owner, source, rule, _ in self.active_effects(ForbidsRanged):
            if rule.sides.reaches(owner is side):
                return f"{source.name} is in play: no ranged attack for {shooter.name}."
        limit = shooter.first_text(RangedLimit)
        if limit is not None:
            opponent, own = pair[side.other], pair[side]
            if limit.against is not None and not limit.against.matches(opponent.card):
                return f"{shooter.name} may fire only against {limit.against.describe()}; {opponent.name} is not one."
            if limit.supports is not None and not limit.supports.matches(own.card):
                return f"{shooter.name} may support only {limit.supports.describe()}; {own.name} is not one."
            if limit.terrain is not None and limit.terrain not in self.terrain:
                return f"{shooter.name} may fire only in {limit.terrain.value}."
        return ""

    def _channelling_refusal(self, side: Side, target: Fighter, source_card: CardDefinition | None) -> str:
        for owner, source, rule, _ in self.active_effects(ForbidsChannelling):
            if rule.sides.reaches(owner is side):
                return f"{source.name} is in play: the {side.value} may not channel."
        only = target.first_text(ReceivesChannellingOnlyFrom)
        if only is not None:
            allowed = (source_card is None and only.guardian) or (
                source_card is not None and only.channellers is not None and only.channellers.matches(source_card)
            )
            if not allowed:
                return (
                    f"{target.name} accepts channelling only from {only.describe().split(' from ', 1)[1].rstrip('.')}."
                )
        return ""

    # PRI-10
    def _channelling(self, moment: Moment, pair: dict[Side, Fighter], contributions: dict[Side, Contribution]) -> None:
        for side in SIDES:
            for channel in self.sides[side].setup.channels:
                if channel.moment != moment:
                    continue
                target = pair[side]
                if channel.target is not None:
                    named = self.fighter(side, channel.target)
                    if named is not target:
                        self.log(
                            StepKind.CHANNEL,
                            "PRI-10",
                            f"The {side.value} can only channel to its creature in the match-up, {target.name}; {channel.target} is not fighting.",
                            side=side,
                        )
                        continue
                self._channel(side, channel, contributions[side], pair[side.other])

    def _channel(self, side: Side, channel: Channel, contribution: Contribution, opponent: Fighter | None) -> None:
        state = self.sides[side]
        target = contribution.fighter
        if opponent is not None and opponent.first_text(NoChannellingAgainst) is not None:
            self.log(
                StepKind.CHANNEL,
                "PRI-10",
                f"Nobody may channel against {opponent.name}: the channelling to {target.name} is not allowed.",
                side=side,
                card=opponent.card,
                subject=target,
            )
            self.warnings.append(f"{side.value}: channelling against {opponent.name} is not allowed")
            return
        if channel.source == "guardian":
            source_name, per_use, uses = "The Guardian", state.guardian.cmp, channel.amount
            restriction = None
            index = -1
            if state.stones <= 0:
                self.log(
                    StepKind.CHANNEL,
                    "PRI-10",
                    f"The {side.value}'s Guardian has no stones left to channel.",
                    side=side,
                    subject=target,
                )
                return
            if uses > state.stones:
                self.warnings.append(f"{side.value}: {uses} stones planned but only {state.stones} left")
                uses = state.stones
            source_card = None
        else:
            found = find_creature(
                self.catalog, tuple(split_reference(ref)[0] for _, ref in state.channellers), channel.source
            )
            assert found is not None
            index = found
            source_card = state.channellers[index][0]
            if index in state.used_channellers:
                self.log(
                    StepKind.CHANNEL,
                    "PRI-10",
                    f"{source_card.name} has already channelled this turn.",
                    side=side,
                    card=source_card,
                    subject=target,
                )
                return
            source_name, per_use, uses = source_card.name, source_card.cmp or 0, 1
            restriction = source_card.first(ChannelsOnlyTo)
            if restriction is not None and not restriction.target.matches(target.card):
                self.log(
                    StepKind.CHANNEL,
                    "PRI-10",
                    f"{source_card.name} channels only to {restriction.target.describe()}; {target.name} is not one.",
                    side=side,
                    card=source_card,
                    subject=target,
                )
                return
        refusal = self._channelling_refusal(side, target, source_card)
        if refusal:
            self.log(StepKind.CHANNEL, "PRI-10", refusal, side=side, card=source_card, subject=target)
            self.warnings.append(f"{side.value}: {refusal}")
            return
        may_receive = (
            target.card.receives_channeling
            or contribution.channel_allowed
            or (restriction is not None and restriction.overrides_red_bar)
            or any(
                owner is side and allowance.target.matches(target.card)
                for owner, _, allowance, _ in self.active_effects(AllowsChannellingTo)
            )
            or ((space := self.terrain_rule(AllowsChannellingTo)) is not None and space[1].target.matches(target.card))
        )
        if not may_receive:
            self.log(
                StepKind.CHANNEL,
                "PRI-10",
                f"{target.name} has a red bar and nothing lets it receive channelling; {source_name} cannot channel to it.",
                side=side,
                card=source_card,
                subject=target,
            )
            self.warnings.append(f"{side.value}: {target.name} cannot receive channelling")
            return
        cap_rule = target.first_text(ChannelCap)
        cap = target.vitality if cap_rule is None else (cap_rule.maximum if cap_rule.maximum is not None else 10**6)
        for _ in range(uses):
            room = max(cap - contribution.channelled, 0)
            applied = min(per_use, room)
            if channel.source == "guardian":
                state.stones -= 1
            else:
                state.used_channellers.add(index)
            spent = "a stone" if channel.source == "guardian" else "its once-a-turn channel"
            if applied < per_use:
                rule = "A-05"
                note = f" (only {applied} fits under {target.name}'s cap of {cap}; the rest is lost)"
            else:
                rule = "PRI-10"
                note = ""
            contribution.channelled += applied
            if applied:
                contribution.add(f"channel ({source_name})", applied)
                target.channelled = True
            immune_note = (
                " It raises the total but the creature is turned and still does no damage." if target.turned else ""
            )
            self.log(
                StepKind.CHANNEL,
                rule if not target.turned or rule == "A-05" else "A-10",
                f"{source_name} spends {spent} to channel {per_use} to {target.name}{note}: now {contribution.total}.{immune_note}",
                side=side,
                card=source_card,
                subject=target,
                delta=applied,
                total=contribution.total,
                chain=tuple(contribution.terms),
            )
        for owner, card, stones, holder in self.active_effects(Stones):
            if (
                stones.on is StoneEvent.OPPONENT_CHANNELS
                and owner is side.other
                and (holder is None or holder.fate is Fate.STANDING)
            ):
                self.change_stones(owner, stones, card, "PRI-10", f"the {side.value} channelled while it is in play")
