"""The set-up notation explained clause by clause for /combat/notation/, each with a working example.

A test resolves every example, and checks that every key the engine's notation reads is explained
here, so the page cannot fall behind the parser.
"""

from __future__ import annotations

from dataclasses import dataclass

from combat.links import permalink


@dataclass(frozen=True)
class Clause:
    key: str  # as written before "=", with a/d shown as "a" when it exists for both sides
    title: str
    syntax: str
    meaning: str
    example: str

    @property
    def anchor(self) -> str:
        return "clause-" + (self.key.replace(".", "-").replace("<", "").replace(">", "") or "shield")

    @property
    def permalink(self) -> str:
        return permalink(self.example)


BASICS = (
    "A set-up is one line of clauses separated by single spaces. Each clause is key=value. "
    "Keys starting a. describe the attacker, keys starting d. the defender; a= and d= alone list "
    "the creatures in each shield. Cards are named by slug: the card's name in lower case, words "
    "joined by hyphens, apostrophes dropped (Sand Lord is sand-lord). A second copy of a card in the "
    "same shield is named with #2 (archer#2). Lists are joined by commas, without spaces.",
    "Match-ups are numbered in the order they are fought: 1 is the first primary match-up. s1, s2 "
    "... are the secondary attacks, in the order they are made. Anything left out takes the "
    "simulator's default (rule 11.4.2), so a set-up only needs the shields.",
)

CLAUSES: tuple[Clause, ...] = (
    Clause(
        "a",
        "Shields",
        "a=card,card,... and d=card,card,...",
        "The creatures in the attacker's and the defender's shield, in the order they are stacked, "
        "which is also the order they are played unless an order is given.",
        "a=sand-lord d=swordsman,archer",
    ),
    Clause(
        "terrain",
        "Terrain",
        "terrain=type, terrain=card, terrain=face-down or terrain=face-down:card",
        "The terrain of the space fought over: a terrain type (woods, swamp ...), a terrain card, or a "
        "card laid face down, which gives no terrain type. face-down:card names the hidden card for "
        "the few cards that need to know it.",
        "terrain=swamp a=sand-lord d=swordsman",
    ),
    Clause(
        "a.guardian",
        "Guardian",
        "a.guardian=card",
        "The side's Guardian, whose CMP and Power Stones channelling uses. Without one the side plays "
        "with Rak Nam's numbers: CMP 9 and 7 stones.",
        "a=sand-lord a.guardian=rak-nam-leader-of-the-mighty a.channel=1:guardian d=swordsman",
    ),
    Clause(
        "a.stones",
        "Power Stones",
        "a.stones=number",
        "How many Power Stones the Guardian still has. Left out, the Guardian's own number.",
        "a=sand-lord a.stones=3 a.channel=1:guardian*2 d=swordsman",
    ),
    Clause(
        "d.stronghold",
        "Stronghold",
        "d.stronghold=card",
        "The stronghold the defending shield stands in; only the defender can have one.",
        "a=sand-lord d=swordsman d.stronghold=khnumian-stronghold-center",
    ),
    Clause(
        "a.shield",
        "Shield card",
        "a.shield=card",
        "The shield card (or Standard Bearer) the stack stands under, when its text matters.",
        "a=sand-lord d=swordsman d.shield=shield-broms-angelic-08",
    ),
    Clause(
        "a.items",
        "Creature items",
        "a.items=card,card,...",
        "Creature magic items, each on the creature in the same place of the shield: the first item "
        "on the first creature, and so on. One that is a command card (a Tweezle, Disc of Siin) may be "
        "named in a.command.",
        "a=sand-lord a.items=amulet-of-flying d=swordsman",
    ),
    Clause(
        "a.hand",
        "Storage hand",
        "a.hand=card,card,...",
        "The double-bordered cards the side takes into the combat: spells, hand items and bribery "
        "cards (gold, babes, beer).",
        "a=sand-lord a.hand=gold,power-lunch d=archer",
    ),
    Clause(
        "a.channellers",
        "Channellers",
        "a.channellers=card,...",
        "Creatures with a CMP placed under the side's strongholds, which can channel into a match-up.",
        "a=sand-lord d=swordsman d.stronghold=khnumian-stronghold-center d.channellers=valkyrie-spirit "
        "d.channel=1:valkyrie-spirit",
    ),
    Clause(
        "a.command",
        "Command card",
        "a.command=card",
        "The command card the side plays in the command step: a creature of its shield or a card of its "
        "hand. A creature played this way fights no primary match-up.",
        "a=sand-lord a.hand=vitales-dark-cloud a.command=vitales-dark-cloud d=swordsman",
    ),
    Clause(
        "a.dispel",
        "Dispel Magic in the command step",
        "a.dispel=number",
        "How many Dispel Magic cards from the hand the side spends against the opposing command card.",
        "a=sand-lord a.hand=vitales-dark-cloud a.command=vitales-dark-cloud d=swordsman d.hand=dispel-magic d.dispel=1",
    ),
    Clause(
        "a.order",
        "Play order",
        "a.order=card,card,...",
        "The order the side lays its creatures down, one per primary match-up. Creatures left out "
        "follow in shield order.",
        "a=sand-lord d=swordsman,archer d.order=archer,swordsman",
    ),
    Clause(
        "a.ranged",
        "Ranged support",
        "a.ranged=match-up:creature,...",
        "A creature with a ranged attack set aside from the match-ups to shoot in one of them: first the "
        "number of the match-up, then the creature.",
        "a=sand-lord,archer a.ranged=1:archer d=swordsman",
    ),
    Clause(
        "a.bribe",
        "Bribes",
        "a.bribe=match-up:card, match-up:card@creature, or s1:card",
        "A bribery card from the hand (gold, babes or beer) played in a match-up against the creature "
        "facing the side's own; @creature bribes a named opposing creature; s1 bribes the first "
        "secondary attacker.",
        "a=sand-lord a.hand=gold a.bribe=1:gold d=archer",
    ),
    Clause(
        "a.spell",
        "Spells",
        "a.spell=match-up:spell or match-up:spell@creature",
        "A spell from the hand cast in a match-up (or a secondary attack, s1), optionally aimed at a named creature.",
        "a=sand-lord a.hand=power-lunch a.spell=1:power-lunch d=swordsman",
    ),
    Clause(
        "a.channel",
        "Channelling",
        "a.channel=match-up:guardian*stones or match-up:channeller",
        "Power channelled into a match-up: the Guardian spending a number of stones (CMP for each), or a "
        "channeller under a stronghold. *1 can be left out.",
        "a=sand-lord a.channel=1:guardian*2 d=swordsman",
    ),
    Clause(
        "a.secondary",
        "Secondary attacks",
        "a.secondary=attacker>target,... or a.secondary=none",
        "Which of the side's left-over creatures attacks which opposing creature once the primary "
        "attacks are over; none makes no secondary attack. Left out, the simulator picks attacks that "
        "win.",
        "a=sand-lord,archer,axeman d=swordsman a.secondary=axeman>swordsman",
    ),
    Clause(
        "a.destroy-shield",
        "Destroy the shield",
        "a.destroy-shield=yes",
        "If the side loses, it destroys its shield instead of retreating.",
        "a=sand-lord d=swordsman,archer d.destroy-shield=yes",
    ),
    Clause(
        "a.rolls",
        "Dice rolls",
        "a.rolls=card:result,...",
        "The number rolled for each card of the side that rolls dice. A roll is always given, so the "
        "same set-up always gives the same result. A spell's n-th cast is card#n.",
        "a=mendu-sada-the-havoc d=swordsman a.rolls=mendu-sada-the-havoc:4",
    ),
    Clause(
        "a.counts",
        "Counts",
        "a.counts=card:number,...",
        "A number the combat cannot see for a card that counts something outside it, such as Nymphs in "
        "play; each card's page says what it counts.",
        "a=woodland-troll a.counts=woodland-troll:2 d=swordsman",
    ),
    Clause(
        "a.choices",
        "Choices",
        "a.choices=card:option,...",
        "The option taken for a card that offers a choice, written beside that card whoever makes it: a "
        "size, a class, a creature, a guess per match-up joined by hyphens. Left out, the card's default.",
        "a=female-titan a.choices=female-titan:small d=sand-lord",
    ),
    Clause(
        "a.earlier",
        "Played earlier",
        "a.earlier=card,...",
        "Cards the side played before the combat whose effect lasts into it (Channeling Flux, for "
        "example), and cards lying in play whose reach covers the combat: an accessory beside the Guardian, a "
        "stronghold upgrade or downgrade (Wizard's Tower, Sewage Backup), a Monolith of Power within one space. "
        "Only such cards are accepted.",
        "a=sand-lord a.earlier=channeling-flux d=swordsman",
    ),
    Clause(
        "m<N>",
        "Turns of a match-up",
        "m1=a:kind:what,d:kind:what,...",
        "Match-up N played turn by turn (rule 6.4.4): each entry is a side (a or d), an action (ranged, "
        "spell, channel, bribe, bribe-back, item or pass) and what it uses, written as in the clauses "
        "above (guardian*2, djinn, gold@archer). Bribes and passes come first, in the bribery window; "
        "then the attacker acts first and the players alternate until both pass. An action out of turn "
        "or in a closed window is refused with its code, shown where it was tried. Spells written before "
        "the first ranged attack, channel or item are cast before the destruction step; later spells and "
        "items act in their own turn (rule 6.4.4d to f). Given, it replaces that match-up's ranged, "
        "bribe, spell and channel clauses. In the simulator's form, the 'Order of actions' under each "
        "match-up row builds this list one turn at a time, offering only what that row allows.",
        "terrain=mountains a=light-elemental d=kikijub,djinn m1=a:channel:guardian,d:ranged:djinn",
    ),
    Clause(
        "made-up.<slug>",
        "Made-up cards",
        'made-up.slug={"type":"creature","vitality":3,...}',
        "A card that does not exist, for a what-if question: its record as JSON (the fields of the card "
        "data, abilities in the engine's vocabulary), with a space written %20. It is played like any "
        "card and shown as made-up.",
        'made-up.test-giant={"border":"mortal","name":"Test%20Giant","type":"creature","vitality":9} '
        "a=test-giant d=swordsman",
    ),
    Clause(
        "reading-turn-answers",
        "Reading of answers",
        "reading.turn-answers=just-before or rules-1.2",
        "Which action an answer answers, and what lands or is used up in the bribery window and the secondary "
        "attacks (rulings 11.4.19 to 11.4.21): just-before, today's rules and the default, answers the opposing "
        "action of the turn just before; rules-1.2 is how the simulator read them until rules 1.2. Printed last, "
        "for every set-up made here with an order of actions, a spell or a secondary plan; such a link without it "
        "predates it and is read under rules-1.2.",
        "a=axeman a.hand=energy-eater d=giant-shaman d.stones=3 "
        "m1=a:pass,d:pass,a:pass,d:channel:guardian,a:spell:energy-eater,d:pass,a:pass reading.turn-answers=rules-1.2",
    ),
)


# Guardians Arena duels: the same one-line form, starting with ruleset=arena (engine/arena/notation.py).
DUEL_EXAMPLE = "ruleset=arena terrain=woods a=swordsman a.under=archer d=sand-lord d.pen=devil-dog"
DUEL_CLAUSES: tuple[Clause, ...] = (
    Clause(
        "ruleset",
        "Ruleset",
        "ruleset=arena",
        "Makes the set-up a Guardians Arena duel. It comes first; a set-up without it is a standard combat, so older links read as before.",
        "ruleset=arena a=swordsman d=sand-lord",
    ),
    Clause(
        "reading",
        "Readings of open rules",
        "reading.secondary-passes=step-6 or primary-stands",
        "How a secondary round of passes ends (Arena rule 6.7.5): step-6, the published rule and the default, "
        "compares the sides again without the primary round's modifiers; primary-stands keeps the primary result. "
        "Every duel made here prints it; a link without it predates it and is read under primary-stands.",
        "ruleset=arena reading.secondary-passes=primary-stands a=swordsman d=sand-lord p=a:pass,d:pass s=a:pass,d:pass",
    ),
    Clause(
        "duel-a",
        "Duellists",
        "a=card and d=card",
        "The one creature each player moves into the Duel Zone; a is the player with Initiative, who attacks.",
        "ruleset=arena a=rain-spirit d=magma-elemental",
    ),
    Clause(
        "a.stock",
        "Stock",
        "a.stock=card,...",
        "The player's spells, bribery cards and H items: his hand in the primary round.",
        "ruleset=arena a=swordsman a.stock=power-lunch d=sand-lord p=a:spell:power-lunch,d:pass,a:pass",
    ),
    Clause(
        "a.pen",
        "Creature Pen",
        "a.pen=card,...",
        "Creatures, shields, terrain and C items, which join the hand in the secondary round.",
        DUEL_EXAMPLE + " s=d:creature:devil-dog,a:pass,d:pass",
    ),
    Clause(
        "a.under",
        "Under the strongholds",
        "a.under=card,...",
        "Channellers and ranged attackers lying under the player's strongholds, the only place they act from.",
        DUEL_EXAMPLE + " p=a:ranged:archer,d:pass,a:pass",
    ),
    Clause(
        "a.bearer",
        "Standard bearer",
        "a.bearer=card and a.sacrifice=yes",
        "The standard bearer beside the Guardian; sacrifice=yes says the player traded it in Phase I for the opponent's.",
        "ruleset=arena a=swordsman a.bearer=standard-bearer-broms-angelic-13 d=rain-spirit",
    ),
    Clause(
        "a.capture",
        "Capture in the raid",
        "a.capture=shield",
        "An unopposed shield in the raid after the duel, capturing the enemy creature left in the Duel Zone.",
        "ruleset=arena a=sand-lord d=swordsman d.capture=shield-broms-goblin-08",
    ),
    Clause(
        "a.victorious",
        "Victorious so far",
        "a.victorious=number, a.up=number",
        "Victorious creatures already under the Guardian, and the Up number that gave Initiative (checked: a's must be higher).",
        "ruleset=arena a=swordsman a.victorious=2 a.up=9 d=sand-lord d.up=4",
    ),
    Clause(
        "a.rolls",
        "Rolls, counts and choices",
        "a.rolls=card:n, a.counts=card:n, a.choices=card:option",
        "What a card of this side needs and the duel cannot see: a die's result, a number it counts, a choice it offers. The same clauses as in a standard set-up (Arena rule 6.8.2).",
        "ruleset=arena a=woodland-troll a.counts=woodland-troll:2 d=swordsman p=a:pass,d:pass s=d:pass,a:pass",
    ),
    Clause(
        "p",
        "Round actions",
        "p=a:kind:card,... and s=...",
        "Each round's actions in turn order: the attacker first in the primary round, the primary loser (after a tie, the attacker) first in the secondary one, until both pass. Kinds: ranged, spell, channel, bribe, item and pass; in the secondary round also creature and shield (shield:card@target). Each takes effect at its place in the list: a bribe that takes a duellist away ends the round, and a Dispel Magic cancels the opposing card played just before it. Ranged attacks and channelling belong to the primary round only, the Guardian's channel included (refused when the secondary round reaches it). A target (@card) should name a creature the action can reach when it is taken: a bribe or a shield an opposing creature in the battle, a ranged attack or a secondary attacker the opposing duellist, a channel its own duellist or its own shot that takes channelling (guardian*2@grim-skull), a spell or item any card of the duel. Any other target is ignored with a warning (arena.target_ignored: the action goes to its usual creature; arena.target_channel_lost: the channel adds nothing; arena.target_unknown, arena.target_out_of_battle), so a duel shared before keeps its result; only a secondary-round bribe or shield aimed elsewhere is refused (arena.bad_target).",
        DUEL_EXAMPLE + " p=a:ranged:archer,d:pass,a:pass s=d:creature:devil-dog,a:pass,d:pass",
    ),
)
