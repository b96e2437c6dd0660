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

The secondary-attack default is ``secondary_step.choose_secondaries``; the others need no code:
the procedure simply does nothing where the set-up is silent.
"""
