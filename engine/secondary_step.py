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
from .channelling import channel_into
from .combat_state import Combat
from .command_step import casting_refusal
from .core import creature_beaten, defending, fighter_named, log, record_fate, refuse, spend_card
from .effects import any_effect
from .enums import (
    SIDES,
    CardUse,
    Fate,
    Role,
    Side,
    StepKind,
)
from .log import SecondaryOutcome, Term, Why
from .matchup_effects import bonus_terms, bribe_creature, drop_unused_reactions, log_terms
from .primary_step import note_victors
from .render import Chain, Named
from .setup import Bribe, Moment, SecondaryAttack
from .state import Contribution, Fighter


def partner_value(combat: Combat, target: Fighter) -> tuple[int, str, str]:
    """What the attacking side adds for damage its primary creature already did to ``target``."""
    partner = target.faced
    # A command creature that fought a match-up (rule ENG-14) has a partner like a primary attacker.
    if target.role not in (Role.PRIMARY, Role.COMMAND) or partner is None:
        return (
            0,
            "SEC-5",
            Named(f"{target.name} fought no primary match-up, so there is no partner bonus", (target.name,)),
        )
    if partner.fate is Fate.RETURNED:
        return 0, "ENG-5", Named(f"{partner.name} went back to its Creature Pen, so it adds nothing", (partner.name,))
    if partner.fate in (Fate.BRIBED, Fate.DESTROYED):
        return 0, "A-07", Named(f"{partner.name} was {partner.fate.value}, so it adds nothing", (partner.name,))
    if partner.turned:
        return (
            0,
            "A-07",
            Named(f"{partner.name} was turned by immunity and did no damage, so it adds nothing", (partner.name,)),
        )
    special = partner.first_text(PartnerValueWhenBeaten)
    if special is not None and partner.fate is Fate.BEATEN and partner.beaten_by is target:
        return (
            special.value,
            "SEC-5",
            Named(
                f"{partner.name} was beaten by {target.name}, so its text makes the partner value {special.value}",
                (partner.name, target.name),
            ),
        )
    return (
        partner.vitality,
        "SEC-5",
        Named(
            f"{partner.name} faced {target.name} in the primaries and adds its Vitality {partner.vitality}",
            (partner.name, target.name),
        ),
    )


def secondary_needs_of(combat: Combat, attacker_side: Side) -> list[tuple[Fighter, int]]:
    """Every legal secondary target with the attack sum needed to beat it (SEC-7)."""
    return [
        (target, target.vitality + 1 - partner_value(combat, target)[0])
        for target in secondary_targets(combat, attacker_side)
    ]


def secondary_targets(combat: Combat, attacker_side: Side) -> list[Fighter]:
    """The opposing creatures a secondary attack may be made on (SEC-3)."""
    return [f for f in combat.sides[attacker_side.other].fighters if f.attackable and protection(combat, f) is None]


def protection(combat: Combat, target: Fighter) -> tuple[Fighter, SecondaryImmunity] | None:
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


def harmless_against(combat: Combat, attacker: Fighter, target: Fighter) -> bool:
    """Whether ``target``'s text (or the attacker's own: every creature is immune to it) makes this
    secondary attacker add nothing against it."""
    if attacker.first_text(Harmless) is not None:
        return True
    return any(rule.from_ is not None and rule.from_.matches(attacker.card) for rule in target.text(SecondaryImmunity))


def secondaries(combat: Combat) -> None:
    refuse_secondary_ranged(combat)
    side = combat.secondary_side
    if side is None:
        return
    state = combat.sides[side]
    targets = secondary_targets(combat, side)
    for shielded in [f for f in combat.sides[side.other].fighters if f.attackable and f not in targets]:
        found = protection(combat, shielded)
        assert found is not None
        log(
            combat,
            StepKind.IMMUNITY,
            "SEC-3",
            "secondaries",
            (shielded.name, found[1].describe()),
            side=side.other,
            card=found[0].card,
            subject=shielded,
        )
    log(
        combat,
        StepKind.NOTE,
        "SEC-1",
        "secondaries.2",
        (side.value,),
        side=side,
    )
    log(
        combat,
        StepKind.NOTE,
        "SEC-2",
        "secondaries.3",
        (),
    )
    if not targets:
        log(
            combat,
            StepKind.NOTE,
            "SEC-3",
            "secondaries.4",
            (side.other.value,),
            side=side,
        )
        return
    target_needs = secondary_needs_of(combat, side)
    combat.secondary_needs = tuple((t.id, n) for t, n in target_needs)
    needs = Named("; ".join(f"{t.name} needs {max(n, 0)}" for t, n in target_needs), (t.name for t, _ in target_needs))
    log(
        combat,
        StepKind.NOTE,
        "SEC-7",
        "secondaries.5",
        (needs,),
        side=side,
    )
    plan = state.setup.secondaries
    if plan is None:
        plan = choose_secondaries(combat, side)
        if plan:
            log(
                combat,
                StepKind.NOTE,
                "ENG-2",
                "secondaries.default_plan",
                (planned_in_words(combat, side, plan),),
                side=side,
            )
        else:
            log(
                combat,
                StepKind.NOTE,
                "ENG-2",
                "secondaries.6",
                (),
                side=side,
            )
    run_secondaries(combat, side, plan)


def refuse_secondary_ranged(combat: Combat) -> None:
    """Ranged attacks written for a secondary attack (``ranged=s1:archer``) are refused (issue 31, SEC-1: every
    ranged attack belongs to the primary match-ups): a step and a notice each, and the creature stays as it was."""
    for side in SIDES:
        for support in combat.sides[side].setup.secondary_ranged:
            shooter = fighter_named(combat, side, support.creature)
            name = shooter.name if shooter is not None else support.creature
            log(
                combat,
                StepKind.RANGED,
                "SEC-1",
                "refuse_secondary_ranged",
                (side.value, name, support.round),
                side=side,
                card=shooter.card if shooter is not None else None,
                subject=shooter,
            )
            combat.warn("ranged.in_secondary", "SEC-1", side=side.value, shooter=name, number=support.round)


def planned_in_words(combat: Combat, side: Side, plan: tuple[SecondaryAttack, ...]) -> Named:
    """The plan as card names ("Wood Nymph on Archer"): its attacks hold the set-up's references (slugs)."""
    pairs = []
    for attack in plan:
        attacker = fighter_named(combat, side, attack.attacker)
        target = fighter_named(combat, side.other, attack.target)
        assert attacker is not None and target is not None
        pairs.append((attacker.name, target.name))
    return Named(", ".join(f"{a} on {t}" for a, t in pairs), (name for pair in pairs for name in pair))


def run_secondaries(combat: Combat, side: Side, plan: tuple[SecondaryAttack, ...]) -> None:
    groups: dict[int, list[tuple[int, Fighter]]] = {}
    target_of: dict[int, Fighter] = {}
    for number, attack in enumerate(plan, start=1):
        attacker = fighter_named(combat, side, attack.attacker)
        target = fighter_named(combat, side.other, attack.target)
        assert attacker is not None and target is not None
        if not attacker.in_hand or attacker.fate is not Fate.STANDING:
            combat.moment = f"s{number}"
            log(
                combat,
                StepKind.NOTE,
                "SEC-10",
                "run_secondaries",
                (attacker.name,),
                side=side,
                subject=attacker,
            )
            combat.warn("secondary.cannot_attack", "SEC-10", number=number, attacker=attacker.name, id=attacker.id)
            continue
        if not target.attackable and not combat.setup.readings.answers_as_1_2:
            # Refused before it is made, so it does not use up the attacker's one attack (issue 31): a later
            # attack the plan gives the same creature is still made.
            combat.moment = f"s{number}"
            log(combat, StepKind.NOTE, "SEC-3", "attack_target", (target.name,), side=side, subject=target)
            combat.warn("secondary.target_gone", "SEC-3", number=number, target=target.name, id=target.id)
            continue
        found = protection(combat, target)
        if found is not None:
            combat.moment = f"s{number}"
            log(
                combat,
                StepKind.NOTE,
                "SEC-3",
                "run_secondaries.2",
                (attacker.name, target.name, found[1].describe()),
                side=side,
                card=found[0].card,
                subject=target,
            )
            combat.warn("secondary.protected", "SEC-3", number=number, target=target.name, id=target.id)
            continue
        key = id(target)
        target_of[key] = target
        groups.setdefault(key, []).append((number, attacker))
        attacker.in_hand = False
        attacker.role = Role.SECONDARY
    for key, attackers in groups.items():
        attack_target(combat, side, target_of[key], attackers)


def aimed_bribes(combat: Combat, side: Side, number: int, attacker: Fighter) -> list[Bribe]:
    """The opposing bribes written for secondary attack ``number`` that may land on its attacker. A bribe that
    names another creature (``s1:gold@archer`` when attack 1 is made by another) never lands on this one: it is
    not played, and a step and a notice say so (issue 31)."""
    found: list[Bribe] = []
    for bribe in combat.sides[side.other].setup.bribes:
        if bribe.moment != Moment(number, True):
            continue
        if (
            bribe.target is not None
            and not combat.setup.readings.answers_as_1_2
            and fighter_named(combat, side, bribe.target) is not attacker
        ):
            named = fighter_named(combat, side, bribe.target)
            name = named.name if named is not None else bribe.target
            log(
                combat,
                StepKind.BRIBE,
                "SEC-9",
                "aimed_bribes.elsewhere",
                (side.other.value, bribe.icon.value.capitalize(), name, number, attacker.name),
                side=side.other,
                subject=attacker,
            )
            combat.warn(
                "bribe.aimed_elsewhere",
                "SEC-9",
                side=side.other.value,
                icon=bribe.icon.value.capitalize(),
                target=name,
                number=number,
                attacker=attacker.name,
            )
            continue
        found.append(bribe)
    return found


def attack_target(combat: Combat, side: Side, target: Fighter, attackers: list[tuple[int, Fighter]]) -> None:
    combat.moment = f"s{attackers[0][0]}"
    if not target.attackable:
        log(
            combat,
            StepKind.NOTE,
            "SEC-3",
            "attack_target",
            (target.name,),
            side=side,
            subject=target,
        )
        for _, attacker in attackers:
            attacker.fate_why = Why("fate.no_target_left")
        return
    partner, partner_rule, partner_text = partner_value(combat, target)
    terms: list[Term] = []
    if partner:
        terms.append(Term("partner", partner))
    log(
        combat,
        StepKind.PARTNER,
        partner_rule,
        "attack_target.2",
        (target.name, partner, partner_text),
        side=side,
        subject=target,
        delta=partner,
        total=partner,
    )
    live: list[tuple[int, Fighter]] = []
    for number, attacker in attackers:
        combat.moment = f"s{number}"
        log(
            combat,
            StepKind.SECONDARY_ATTACK,
            "SEC-3",
            "attack_target.3",
            (number, side.value, attacker.name, target.name, target.vitality),
            side=side,
            card=attacker.card,
            subject=target,
        )
        bribes = aimed_bribes(combat, side, number, attacker)
        if any_effect(combat, "PRI-1 item", attacker, "SEC-9") or any(
            bribe_creature(combat, side.other, bribe.icon, attacker, "SEC-9") for bribe in bribes
        ):
            continue
        if harmless_against(combat, attacker, target):
            log(
                combat,
                StepKind.IMMUNITY,
                "SEC-4",
                "attack_target.4",
                (target.name, attacker.name),
                side=side.other,
                card=target.card,
                subject=attacker,
            )
            attacker.fate_why = Why("fate.attacked_unharmed", {"target": target.name})
            continue
        live.append((number, attacker))
    if destroyed_by_secondary(combat, side, target, live):
        return
    for position, (number, attacker) in enumerate(live):
        combat.moment = f"s{number}"
        last = position == len(live) - 1
        if not last:
            terms.append(Term(attacker.name, attacker.vitality))
            log(
                combat,
                StepKind.SECONDARY_ATTACK,
                "SEC-8",
                "attack_target.5",
                (attacker.name, target.name, attacker.vitality),
                side=side,
                card=attacker.card,
                subject=attacker,
                delta=attacker.vitality,
                total=sum(t.amount for t in terms),
                chain=tuple(terms),
            )
            for channel in combat.sides[side].setup.channels:
                if channel.moment == Moment(number, True):
                    log(
                        combat,
                        StepKind.CHANNEL,
                        "SEC-8",
                        "attack_target.6",
                        (attacker.name,),
                        side=side,
                        subject=attacker,
                    )
            ready_channel_answers(combat, side.other, Moment(number, True))
            drop_unused_reactions(combat)
            continue
        contribution = Contribution(attacker)
        contribution.terms = list(terms) + contribution.terms
        log(
            combat,
            StepKind.SECONDARY_ATTACK,
            "SEC-4",
            "attack_target.7",
            (attacker.name, target.name, attacker.vitality),
            side=side,
            card=attacker.card,
            subject=attacker,
            delta=attacker.vitality,
            total=contribution.total,
            chain=tuple(contribution.terms),
        )
        log_terms(combat, contribution, bonus_terms(combat, side, attacker, target, secondary=True))
        ready_channel_answers(combat, side.other, Moment(number, True))
        for channel in combat.sides[side].setup.channels:
            if channel.moment == Moment(number, True):
                channel_into(combat, side, channel, contribution, target)
        drop_unused_reactions(combat)
        terms = contribution.terms
    total = sum(t.amount for t in terms)
    combat.moment = f"s{attackers[-1][0]}"
    if not live:
        log(
            combat,
            StepKind.KILL_TEST,
            "SEC-9",
            "attack_target.8",
            (target.name,),
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
        record_fate(
            combat,
            StepKind.KILL_TEST,
            "SEC-7",
            "attack_target.9",
            (Chain(tuple(terms)), target.name, target.vitality, verdict),
            subject=target,
            fate=Fate.BEATEN,
            reason=Why("fate.beaten_in_secondary", {"total": total, "vitality": target.vitality}),
            side=side,
            total=total,
            chain=tuple(terms),
        )
        record_secondary(combat, target, live, total, beaten=True)
        creature_beaten(combat, target, closer, "SEC-7", primary=False)
        note_victors(combat, target, [attacker for _, attacker in live])
        for _, attacker in live:
            attacker.fate_why = Why("fate.beat_in_secondary", {"target": target.name})
    else:
        log(
            combat,
            StepKind.KILL_TEST,
            "SEC-10",
            "attack_target.10",
            (Chain(tuple(terms)), target.name, target.vitality),
            side=side,
            subject=target,
            total=total,
            chain=tuple(terms),
        )
        record_secondary(combat, target, live, total, beaten=False)
        for _, attacker in live:
            attacker.fate_why = Why("fate.failed_secondary", {"target": target.name})


def record_secondary(
    combat: Combat, target: Fighter, live: list[tuple[int, Fighter]], total: int, *, beaten: bool
) -> None:
    """The attack as result data: the kill test just logged is its step."""
    combat.secondary_outcomes.append(
        SecondaryOutcome(
            target=target.id,
            attackers=tuple(attacker.id for _, attacker in live),
            total=total,
            target_vitality=target.vitality,
            beaten=beaten,
            step=len(combat.steps) - 1,
        )
    )


def ready_channel_answers(combat: Combat, caster: Side, moment: Moment) -> None:
    """A-04 in a secondary attack: the caster's spells planned for this attack that answer channelling
    wait for it, like in a match-up; the ones that find nothing go back to the hand."""
    state = combat.sides[caster]
    for play in state.setup.spells:
        if play.moment != moment:
            continue
        card = combat.catalog.get(play.card)
        rule = card.first(ChannelReaction)
        if rule is None or rule.as_ranged or state.hand[card.slug] <= 0:
            continue
        refusal = casting_refusal(combat, caster, card)
        if refusal:
            refuse(combat, StepKind.SPELL, "A-04", refusal, side=caster, card=card)
            continue
        spend_card(combat, caster, card.slug, CardUse.CAST)
        combat.pending_reactions[caster].append((card, play))


def destroyed_by_secondary(combat: Combat, side: Side, target: Fighter, live: list[tuple[int, Fighter]]) -> bool:
    """A secondary attacker whose text destroys such a target does so before any number counts."""
    context = defending(combat, target)
    for number, attacker in live:
        for rule in attacker.text(Destroys):
            if rule.when.covers_secondary() and rule.target.matches(target.card, defending_in_stronghold=context):
                combat.moment = f"s{number}"
                record_fate(
                    combat,
                    StepKind.DESTROY,
                    "SEC-4",
                    "destroyed_by_secondary",
                    (attacker.name, target.name, rule.target.describe()),
                    subject=target,
                    fate=Fate.DESTROYED,
                    reason=Why("fate.destroyed_in_secondary", {"attacker": attacker.name}),
                    side=side,
                    card=attacker.card,
                )
                for _, member in live:
                    member.fate_why = Why("fate.destroyed_target", {"target": target.name})
                return True
    return False


# ENG-2: the documented default plan of secondary attacks (see defaults.py).
def lone_attack_value(combat: Combat, attacker: Fighter, target: Fighter) -> int:
    """What ``attacker`` adds on its own against ``target`` in a secondary attack, before the partner
    bonus: the same terms the secondary attack itself will log (SEC-4)."""
    if harmless_against(combat, attacker, target):
        return 0
    terms = bonus_terms(combat, attacker.side, attacker, target, secondary=True)
    return attacker.vitality + sum(term.amount for term in terms)


def choose_secondaries(combat: Combat, side: Side) -> tuple[SecondaryAttack, ...]:
    attackers = sorted(combat.sides[side].holding(), key=lambda f: (f.vitality, f.id))
    targets = sorted(
        secondary_targets(combat, side),
        key=lambda t: (-t.vitality, t.id),
    )
    plan: list[SecondaryAttack] = []
    free = list(attackers)
    beaten: set[str] = set()
    for target in targets:
        partner = partner_value(combat, target)[0]
        for attacker in free:
            if lone_attack_value(combat, attacker, target) + partner > target.vitality:
                plan.append(SecondaryAttack(attacker.reference, target.reference))
                free.remove(attacker)
                beaten.add(target.id)
                break
    for target in targets:
        if target.id in beaten or len(free) < 2:
            continue
        partner = partner_value(combat, target)[0]
        group: list[Fighter] = []
        for attacker in free:
            group.append(attacker)
            earlier = sum(member.vitality for member in group[:-1])
            if len(group) > 1 and partner + earlier + lone_attack_value(combat, attacker, target) > target.vitality:
                plan.extend(SecondaryAttack(member.reference, target.reference) for member in group)
                free = [f for f in free if f not in group]
                break
    return tuple(plan)
