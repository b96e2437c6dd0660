"""Secondary attacks (SEC-1 to SEC-10): targets, partner bonus, several attackers, the kill test."""

from __future__ import annotations

from .abilities import (
    ChannelReaction,
    Destroys,
    Harmless,
    PartnerValueWhenBeaten,
    SecondaryAutoWin,
    SecondaryImmunity,
)
from .defaults import choose_secondaries
from .enums import (
    Fate,
    Role,
    Side,
    StepKind,
)
from .log import Term, chain_text
from .primary_step import PrimaryStep
from .setup import Moment, SecondaryAttack
from .state import Contribution, Fighter


class SecondaryStep(PrimaryStep):
    def partner_value(self, target: Fighter) -> tuple[int, str, str]:
        """What the attacking side adds for damage its primary creature already did to ``target``."""
        partner = target.faced
        # A command creature that fought a match-up (rule ENG-14) has a partner like a primary attacker.
        if target.role not in (Role.PRIMARY, Role.COMMAND) or partner is None:
            return 0, "SEC-5", f"{target.name} fought no primary match-up, so there is no partner bonus"
        if partner.fate is Fate.RETURNED:
            return 0, "ENG-5", f"{partner.name} went back to its Creature Pen, so it adds nothing"
        if partner.fate in (Fate.BRIBED, Fate.DESTROYED):
            return 0, "A-07", f"{partner.name} was {partner.fate.value}, so it adds nothing"
        if partner.turned:
            return 0, "A-07", f"{partner.name} was turned by immunity and did no damage, so it adds nothing"
        special = partner.first_text(PartnerValueWhenBeaten)
        if special is not None and partner.fate is Fate.BEATEN and partner.beaten_by is target:
            return (
                special.value,
                "SEC-5",
                f"{partner.name} was beaten by {target.name}, so its text makes the partner value {special.value}",
            )
        return (
            partner.vitality,
            "SEC-5",
            f"{partner.name} faced {target.name} in the primaries and adds its Vitality {partner.vitality}",
        )

    def needs(self, attacker_side: Side) -> list[tuple[Fighter, int]]:
        """Every legal secondary target with the attack sum needed to beat it (SEC-7)."""
        return [(target, target.vitality + 1 - self.partner_value(target)[0]) for target in self.targets(attacker_side)]

    def targets(self, attacker_side: Side) -> list[Fighter]:
        """The opposing creatures a secondary attack may be made on (SEC-3)."""
        return [f for f in self.sides[attacker_side.other].fighters if f.attackable and self.protection(f) is None]

    def protection(self, target: Fighter) -> tuple[Fighter, SecondaryImmunity] | None:
        """The creature and text that keep every secondary attack off ``target``, if any."""
        for holder in (target, target.faced):
            if holder is None:
                continue
            for rule in holder.text(SecondaryImmunity):
                if rule.from_ is not None or (holder is not target and not rule.matchup):
                    continue
                if rule.after_beating is not None:
                    beaten = holder.faced
                    if beaten is None or beaten.beaten_by is not holder or not rule.after_beating.matches(beaten.card):
                        continue
                return holder, rule
        return None

    def harmless_against(self, attacker: Fighter, target: Fighter) -> bool:
        """Whether ``target``'s text (or the attacker's own: every creature is immune to it) makes this
        secondary attacker add nothing against it."""
        if attacker.first_text(Harmless) is not None:
            return True
        return any(
            rule.from_ is not None and rule.from_.matches(attacker.card) for rule in target.text(SecondaryImmunity)
        )

    def _secondaries(self) -> None:
        side = self.secondary_side
        if side is None:
            return
        state = self.sides[side]
        targets = self.targets(side)
        for shielded in [f for f in self.sides[side.other].fighters if f.attackable and f not in targets]:
            found = self.protection(shielded)
            assert found is not None
            self.log(
                StepKind.IMMUNITY,
                "SEC-3",
                f"{shielded.name} cannot be the target of a secondary attack: {found[1].describe()}",
                side=side.other,
                card=found[0].card,
                subject=shielded,
            )
        self.log(
            StepKind.NOTE,
            "SEC-1",
            f"Secondary attacks: only the {side.value} attacks. Every temporary bonus, immunity and ranged attack from the primaries is gone.",
            side=side,
        )
        self.log(
            StepKind.NOTE,
            "SEC-2",
            "Text boxes of the creatures that fought are blank now, except text about secondary attacks.",
        )
        if not targets:
            self.log(
                StepKind.NOTE,
                "SEC-3",
                f"The {side.other.value} has no creature left on the table to attack.",
                side=side,
            )
            return
        target_needs = self.needs(side)
        self.secondary_needs = tuple((t.id, n) for t, n in target_needs)
        needs = "; ".join(f"{t.name} needs {max(n, 0)}" for t, n in target_needs)
        self.log(
            StepKind.NOTE, "SEC-7", f"What each target needs (its Vitality + 1 - partner bonus): {needs}.", side=side
        )
        plan = state.setup.secondaries
        if plan is None:
            plan = choose_secondaries(self, side)
            if plan:
                self.log(
                    StepKind.NOTE,
                    "ENG-2",
                    "No secondary attacks were given, so the leftovers take the strongest targets they can beat, alone where they can: "
                    + ", ".join(f"{a.attacker} on {a.target}" for a in plan)
                    + ".",
                    side=side,
                )
            else:
                self.log(
                    StepKind.NOTE,
                    "ENG-2",
                    "No secondary attacks were given and no leftover creature, alone or together, can beat a target, so none is made.",
                    side=side,
                )
        self._run_secondaries(side, plan)

    def _run_secondaries(self, side: Side, plan: tuple[SecondaryAttack, ...]) -> None:
        groups: dict[int, list[tuple[int, Fighter]]] = {}
        target_of: dict[int, Fighter] = {}
        for number, attack in enumerate(plan, start=1):
            attacker = self.fighter(side, attack.attacker)
            target = self.fighter(side.other, attack.target)
            assert attacker is not None and target is not None
            if not attacker.in_hand or attacker.fate is not Fate.STANDING:
                self.moment = f"s{number}"
                self.log(
                    StepKind.NOTE,
                    "SEC-10",
                    f"{attacker.name} is not a leftover creature (it has already been played or is gone) and cannot attack.",
                    side=side,
                    subject=attacker,
                )
                self.warnings.append(f"secondary attack {number}: {attacker.name} cannot attack")
                continue
            found = self.protection(target)
            if found is not None:
                self.moment = f"s{number}"
                self.log(
                    StepKind.NOTE,
                    "SEC-3",
                    f"{attacker.name} cannot attack {target.name}: {found[1].describe()} {attacker.name} stays in the hand.",
                    side=side,
                    card=found[0].card,
                    subject=target,
                )
                self.warnings.append(f"secondary attack {number}: {target.name} cannot be attacked")
                continue
            key = id(target)
            target_of[key] = target
            groups.setdefault(key, []).append((number, attacker))
            attacker.in_hand = False
            attacker.role = Role.SECONDARY
        for key, attackers in groups.items():
            self._attack_target(side, target_of[key], attackers)

    def _attack_target(self, side: Side, target: Fighter, attackers: list[tuple[int, Fighter]]) -> None:
        self.moment = f"s{attackers[0][0]}"
        if not target.attackable:
            self.log(
                StepKind.NOTE,
                "SEC-3",
                f"{target.name} is no longer on the table; the attack does nothing.",
                side=side,
                subject=target,
            )
            for _, attacker in attackers:
                attacker.fate_reason = "its secondary attack had no target left"
            return
        partner, partner_rule, partner_text = self.partner_value(target)
        terms: list[Term] = []
        if partner:
            terms.append(Term("partner", partner))
        self.log(
            StepKind.PARTNER,
            partner_rule,
            f"Partner bonus against {target.name}: {partner} ({partner_text}).",
            side=side,
            subject=target,
            delta=partner,
            total=partner,
        )
        live: list[tuple[int, Fighter]] = []
        for number, attacker in attackers:
            self.moment = f"s{number}"
            self.log(
                StepKind.SECONDARY_ATTACK,
                "SEC-3",
                f"Secondary attack {number}: the {side.value}'s {attacker.name} attacks {target.name}, which defends at its bare Vitality {target.vitality}.",
                side=side,
                card=attacker.card,
                subject=target,
            )
            bribes = [b for b in self.sides[side.other].setup.bribes if b.moment == Moment(number, True)]
            if self.item_bribe(attacker, "SEC-9") or any(
                self._bribe(side.other, bribe.icon, attacker, "SEC-9") for bribe in bribes
            ):
                continue
            if self.harmless_against(attacker, target):
                self.log(
                    StepKind.IMMUNITY,
                    "SEC-4",
                    f"{target.name} is immune to {attacker.name}, which adds nothing against it.",
                    side=side.other,
                    card=target.card,
                    subject=attacker,
                )
                attacker.fate_reason = f"attacked {target.name}, which its attack cannot harm"
                continue
            live.append((number, attacker))
        if self._destroyed_by_secondary(side, target, live):
            return
        for position, (number, attacker) in enumerate(live):
            self.moment = f"s{number}"
            last = position == len(live) - 1
            if not last:
                terms.append(Term(attacker.name, attacker.vitality))
                self.log(
                    StepKind.SECONDARY_ATTACK,
                    "SEC-8",
                    f"{attacker.name} is not the last attacker on {target.name}, so it adds only its Vitality {attacker.vitality}.",
                    side=side,
                    card=attacker.card,
                    subject=attacker,
                    delta=attacker.vitality,
                    total=sum(t.amount for t in terms),
                    chain=tuple(terms),
                )
                for channel in self.sides[side].setup.channels:
                    if channel.moment == Moment(number, True):
                        self.log(
                            StepKind.CHANNEL,
                            "SEC-8",
                            f"Channelling to {attacker.name} would be lost: only the last attacker on a target keeps channelling. Not spent.",
                            side=side,
                            subject=attacker,
                        )
                self._ready_channel_answers(side.other, Moment(number, True))
                self._drop_unused_reactions()
                continue
            contribution = Contribution(attacker)
            contribution.terms = list(terms) + contribution.terms
            self.log(
                StepKind.SECONDARY_ATTACK,
                "SEC-4",
                f"{attacker.name} is the last attacker on {target.name}: it adds its Vitality {attacker.vitality} and its own bonuses.",
                side=side,
                card=attacker.card,
                subject=attacker,
                delta=attacker.vitality,
                total=contribution.total,
                chain=tuple(contribution.terms),
            )
            self._log_terms(contribution, self.bonus_terms(side, attacker, target, secondary=True))
            self._ready_channel_answers(side.other, Moment(number, True))
            for channel in self.sides[side].setup.channels:
                if channel.moment == Moment(number, True):
                    self._channel(side, channel, contribution, target)
            self._drop_unused_reactions()
            terms = contribution.terms
        total = sum(t.amount for t in terms)
        self.moment = f"s{attackers[-1][0]}"
        if not live:
            self.log(
                StepKind.KILL_TEST,
                "SEC-9",
                f"No attacker on {target.name} is left that can harm it (bribed away, or its text makes them add nothing); it survives.",
                side=side,
                subject=target,
            )
            return
        closer = live[-1][1]
        auto_win = closer.first_text(SecondaryAutoWin) is not None
        if total > target.vitality or auto_win:
            verdict = (
                f"{closer.name}'s text beats the target whatever the totals"
                if total <= target.vitality
                else "more than its Vitality"
            )
            self.record_fate(
                StepKind.KILL_TEST,
                "SEC-7",
                f"{chain_text(tuple(terms))} against {target.name}'s {target.vitality}: {verdict}, so {target.name} is beaten.",
                subject=target,
                fate=Fate.BEATEN,
                reason=f"beaten by a secondary attack ({total} against {target.vitality})",
                side=side,
                total=total,
                chain=tuple(terms),
            )
            self.creature_beaten(target, closer, "SEC-7", primary=False)
            self.note_victors(target, [attacker for _, attacker in live])
            for _, attacker in live:
                attacker.fate_reason = f"beat {target.name} in a secondary attack"
        else:
            self.log(
                StepKind.KILL_TEST,
                "SEC-10",
                f"{chain_text(tuple(terms))} against {target.name}'s {target.vitality}: not more than its Vitality, so the attack fails and nothing happens.",
                side=side,
                subject=target,
                total=total,
                chain=tuple(terms),
            )
            for _, attacker in live:
                attacker.fate_reason = f"made a failed secondary attack on {target.name}"

    def _ready_channel_answers(self, caster: Side, moment: Moment) -> None:
        """A-04 in a secondary attack: the caster's spells planned for this attack that answer channelling
        wait for it, like in a match-up; the ones that find nothing go back to the hand."""
        state = self.sides[caster]
        for play in state.setup.spells:
            if play.moment != moment:
                continue
            card = self.catalog.get(play.card)
            rule = card.first(ChannelReaction)
            if rule is None or rule.as_ranged or state.hand[card.slug] <= 0:
                continue
            refusal = self.casting_refusal(caster, card)
            if refusal:
                self.log(StepKind.SPELL, "A-04", refusal, side=caster, card=card)
                self.warnings.append(f"{caster.value}: {refusal}")
                continue
            state.hand[card.slug] -= 1
            self._pending_reactions[caster].append((card, play))

    def _destroyed_by_secondary(self, side: Side, target: Fighter, live: list[tuple[int, Fighter]]) -> bool:
        """A secondary attacker whose text destroys such a target does so before any number counts."""
        context = self._defending(target)
        for number, attacker in live:
            for rule in attacker.text(Destroys):
                if rule.when.covers_secondary() and rule.target.matches(target.card, defending_in_stronghold=context):
                    self.moment = f"s{number}"
                    self.record_fate(
                        StepKind.DESTROY,
                        "SEC-4",
                        f"{attacker.name} destroys {target.name} ({rule.target.describe()}) as a secondary attacker; "
                        "it is lost and can never be healed.",
                        subject=target,
                        fate=Fate.DESTROYED,
                        reason=f"destroyed by {attacker.name} in a secondary attack",
                        side=side,
                        card=attacker.card,
                    )
                    for _, member in live:
                        member.fate_reason = f"destroyed {target.name} in a secondary attack"
                    return True
        return False
