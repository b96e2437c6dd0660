"""Decisions the engine makes when the set-up leaves them out, so a newcomer always gets a result.

Documented defaults (the rules reference lists them under ENG-2):
- No command card, no Dispel Magic, no bribes, no spells, no ranged support, no channelling.
- Primary play order: the order given, then the rest of the shield in the order listed.
- Secondary attacks: first each target, strongest first, is given the weakest leftover that beats
  it alone (its Vitality, own secondary text, off-colour and terrain bonus plus the partner bonus).
  Then the leftovers still free gang up, strongest target first: they join one target, weakest
  first, only if together they beat it (earlier attackers add their bare Vitality, SEC-8). A
  leftover that helps beat nothing does not attack.
- The loser retreats rather than destroying its own shield.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .enums import Side
from .setup import SecondaryAttack

if TYPE_CHECKING:
    from .secondary_step import SecondaryStep
    from .state import Fighter


def lone_attack_value(resolver: SecondaryStep, attacker: Fighter, target: Fighter) -> int:
    """What ``attacker`` adds on its own against ``target`` in a secondary attack, before the partner
    bonus: the same terms the secondary attack itself will log (SEC-4)."""
    if resolver.harmless_against(attacker, target):
        return 0
    terms = resolver.bonus_terms(attacker.side, attacker, target, secondary=True)
    return attacker.vitality + sum(term.amount for term in terms)


def choose_secondaries(resolver: SecondaryStep, side: Side) -> tuple[SecondaryAttack, ...]:
    attackers = sorted(resolver.sides[side].holding(), key=lambda f: (f.vitality, f.id))
    targets = sorted(
        resolver.targets(side),
        key=lambda t: (-t.vitality, t.id),
    )
    plan: list[SecondaryAttack] = []
    free = list(attackers)
    beaten: set[str] = set()
    for target in targets:
        partner = resolver.partner_value(target)[0]
        for attacker in free:
            if lone_attack_value(resolver, attacker, target) + partner > target.vitality:
                plan.append(SecondaryAttack(attacker.reference, target.reference))
                free.remove(attacker)
                beaten.add(target.id)
                break
    for target in targets:
        if target.id in beaten or len(free) < 2:
            continue
        partner = resolver.partner_value(target)[0]
        group: list[Fighter] = []
        for attacker in free:
            group.append(attacker)
            earlier = sum(member.vitality for member in group[:-1])
            if len(group) > 1 and partner + earlier + lone_attack_value(resolver, attacker, target) > target.vitality:
                plan.extend(SecondaryAttack(member.reference, target.reference) for member in group)
                free = [f for f in free if f not in group]
                break
    return tuple(plan)
