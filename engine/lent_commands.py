"""Which creature items a side plays together with its command creature (Heels of Speed, Bagpipes of Fear).

Read from the set-up alone, so the set-up check and the combat agree on it: an item of the stack with a
``lends_command`` ability goes with the side's command card when that card is a creature and the side's choice
for the item is ``use``; with no choice, it is used unless the creature has a command of its own."""

from __future__ import annotations

from .abilities import LendsCommand
from .cards import CardDefinition
from .catalog import CardCatalog
from .setup import SideSetup, split_reference


def lent_commands(catalog: CardCatalog, setup: SideSetup) -> list[tuple[CardDefinition, LendsCommand]]:
    """The items played with the side's command creature and their rules; none when the command is no creature."""
    if setup.command is None:
        return []
    commander = catalog.find(split_reference(setup.command)[0])
    if commander is None or not commander.is_creature:
        return []
    found = []
    for reference in dict.fromkeys(split_reference(reference)[0] for reference in setup.items):
        item = catalog.find(reference)
        rule = item.first(LendsCommand) if item is not None else None
        if item is None or rule is None:
            continue
        chosen = next((made.option for made in setup.choices if split_reference(made.card)[0] == item.slug), None)
        if chosen == "use" or (chosen is None and not commander.command):
            found.append((item, rule))
    return found
