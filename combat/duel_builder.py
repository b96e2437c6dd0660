"""The duel form's action builder: each round's actions picked from lists, written into the notation fields.

A round's actions live in the form's plain text field (``p``, ``s``: the notation's clause values), so the
form works without JavaScript and a duel read back (a reload, a permalink, "Change this duel") fills the
same field, and the builder is drawn from it. The builder offers only what is legal at the end of the list
as written: the side whose turn it is (Arena rules 6.3.2 and 6.6.1), the kinds of action the round allows,
and the cards that side's duel set-up still holds (a Stock card played once is gone, across both rounds;
a pen card is played once; a stronghold's creature shoots or channels once), and whom each may be aimed
at as the engine's check allows it (``engine.arena.validate``: an opposing creature in the battle for a bribe
or a shield, the opposing duellist for a ranged attack, the side's own duellist or shot for a channel).

Its buttons are submit buttons named ``act`` (``p-add``, ``s-2-remove`` ...): ``edited`` applies one to the
form data on the server, for the page without JavaScript and for the script's redraw alike, as the shield
combat's order of actions does (``combat.board_actions``). With JavaScript the add control is four selects
(who, does, which card, aimed at) redrawn by the server as each changes; without it, one select of every
action that may come next, which needs no redraw to be right.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from combat.duels import made_up_clauses, set_up_clauses
from combat.picks import Option, Pick
from engine.abilities import RangedChannelling
from engine.actions import Action, ActionKind
from engine.arena import ArenaSetup, parse_duel, resolve_duel
from engine.arena.duel import with_made_up
from engine.arena.notation import round_action
from engine.arena.setup import ArenaPlay, PlayKind, RoundAction, is_pass
from engine.cards import DEFAULT_GUARDIAN
from engine.catalog import CardCatalog
from engine.enums import BriberyIcon, CardType, Side
from engine.errors import EngineError, NotationError
from engine.setup import split_reference

ROUNDS = {"p": "primary", "s": "secondary"}
ROUND_TITLES = {"p": "Primary round", "s": "Secondary round"}
SIDE_LETTERS = {Side.ATTACKER: "a", Side.DEFENDER: "d"}
LETTER_SIDES = {letter: side for side, letter in SIDE_LETTERS.items()}
SIDE_WORDS = {"a": "Attacker", "d": "Defender"}
# The kinds in the order the builder offers them, each in plain words.
KIND_WORDS = {
    "spell": "Cast a spell from the Stock",
    "item": "Use an H item from the Stock",
    "bribe": "Bribe an opposing creature",
    "bribe-back": "Bribe back (answer the bribe just made)",
    "ranged": "Ranged attack by a creature under a stronghold",
    "channel": "Channel Power Stones or a channeller",
    "creature": "Send a creature from the Creature Pen in as a secondary attacker",
    "shield": "Play a shield from the Creature Pen",
    "pass": "Pass",
}
PRIMARY_ONLY = frozenset({"ranged", "channel"})
SECONDARY_ONLY = frozenset({"creature", "shield"})
_ACT = re.compile(
    r"^(?P<round>[ps])-(?:(?P<add>add)|(?P<chosen>add-chosen)|(?P<clear>clear)"
    r"|(?P<index>[0-9]{1,2})-(?P<edit>up|down|remove))$"
)
ADD_PARTS = ("side", "kind", "what", "target", "action")
# The form's fields the builder reads: the set-up's and the rounds'; its own selects are named "<round>-add-*".
MAX_ACTIONS = 40


@dataclass(frozen=True)
class LegalAction:
    """One action the builder offers next: its parts as the notation writes them, and in words."""

    letter: str
    kind: str
    what: str
    what_label: str
    target: str
    target_label: str
    words: str

    @property
    def text(self) -> str:
        head = f"{self.letter}:{self.kind}"
        if self.kind == "pass":
            return head
        return f"{head}:{self.what}" + (f"@{self.target}" if self.target else "")


@dataclass(frozen=True)
class ListedAction:
    index: int
    text: str
    words: str
    problem: str = ""


@dataclass
class RoundBuilder:
    key: str
    title: str
    text: str
    items: list[ListedAction] = field(default_factory=list)
    picks: list[Pick] = field(default_factory=list)
    menu: list[tuple[str, list[Option]]] = field(default_factory=list)
    chosen: str = ""
    # Why nothing can be added, said when the round is over or has not its turn order yet.
    closed: str = ""
    turn_note: str = ""

    @property
    def name(self) -> str:
        return self.key

    @property
    def has_problem(self) -> bool:
        return any(item.problem for item in self.items)


def picks_of(data: Mapping[str, Any]) -> dict[str, str]:
    """The builder's own selects among submitted data (``p-add-kind``, ``s-add-action`` ...)."""
    return {
        name: str(data.get(name) or "")
        for name in data
        if any(name == f"{key}-add-{part}" for key in ROUNDS for part in ADD_PARTS)
    }


def listed(values: Mapping[str, Any], key: str) -> list[str]:
    """A round's actions as written, one string each."""
    text = re.sub(r"\s+", "", str(values.get(key, "") or ""))
    return [item for item in text.split(",") if item]


# ---------------------------------------------------------------- the set-up as far as it reads


def draft(values: Mapping[str, Any], catalog: CardCatalog) -> ArenaSetup:
    """The duel as the form holds it, each field read on its own: a field that cannot be read is left out, so
    one typing slip does not empty the builder's lists (the form's check names that field)."""
    readable = []
    try:
        readable += made_up_clauses(str(values.get("made_up", "") or ""))
    except NotationError:
        pass
    for clause in set_up_clauses(values, catalog):
        try:
            parse_duel("ruleset=arena " + clause)
        except NotationError:
            continue
        readable.append(clause)
    try:
        setup = parse_duel(" ".join(["ruleset=arena", *readable]))
    except NotationError:
        setup = ArenaSetup()
    return replace(setup, primary=_readable(listed(values, "p"), "p"), secondary=_readable(listed(values, "s"), "s"))


def _readable(items: Iterable[str], key: str) -> tuple[RoundAction, ...]:
    found = []
    for item in items:
        try:
            found.append(round_action(item, key))
        except NotationError:
            continue
    return tuple(found)


def card_catalog(setup: ArenaSetup, catalog: CardCatalog) -> CardCatalog:
    try:
        return with_made_up(setup, catalog)
    except EngineError:
        return catalog


# ---------------------------------------------------------------- words


def card_words(catalog: CardCatalog, reference: str) -> str:
    """A card reference by the card's name (``archer#2`` -> "Archer (copy 2)"); the reference if unknown."""
    try:
        slug, copy = split_reference(str(reference))
    except ValueError:
        return str(reference)
    card = catalog.find(slug)
    name = card.name if card is not None else slug
    return f"{name} (copy {copy})" if copy > 1 else name


def stones_words(amount: int) -> str:
    return f"{amount} Power Stone{'s' if amount != 1 else ''}"


def bribery_words(catalog: CardCatalog, icon: BriberyIcon) -> str:
    card = catalog.find(icon.value)
    return card.name if card is not None else icon.value.capitalize()


def action_words(action: RoundAction, catalog: CardCatalog) -> str:
    """One round action in plain words, from its fields (who does what with which card, aimed at whom)."""
    who = "The attacker" if action.side is Side.ATTACKER else "The defender"
    target = f" {card_words(catalog, action.target)}" if action.target is not None else ""
    if isinstance(action, ArenaPlay):
        card = card_words(catalog, action.card)
        if action.kind is PlayKind.CREATURE:
            against = f", against{target}" if target else ""
            return f"{who} sends {card} from the Creature Pen in as a secondary attacker{against}"
        return f"{who} plays the shield {card} against{target or ' the opposing duellist'}"
    if action.kind is ActionKind.PASS:
        return f"{who} passes"
    if action.icon is not None:
        back = " back" if action.kind is ActionKind.BRIBE_BACK else ""
        aimed = target or " the opposing duellist"
        return f"{who} bribes{back}{aimed} with {bribery_words(catalog, action.icon)}"
    assert action.card is not None
    card = card_words(catalog, action.card)
    aimed = f" on{target}" if target else ""
    if action.kind is ActionKind.SPELL:
        return f"{who} casts {card}{aimed}"
    if action.kind is ActionKind.ITEM:
        return f"{who} uses the item {card}{aimed}"
    if action.kind is ActionKind.RANGED:
        return f"{who}'s {card} makes a ranged attack from under a stronghold" + (f" at{target}" if target else "")
    into = f" into{target}" if target else ""
    if str(action.card) == "guardian":
        return f"{who}'s Guardian channels {stones_words(action.amount)}{into}"
    return f"{who} channels through {card}{into}"


def action_item_problem(text: str, key: str) -> str:
    """Why one written action cannot be read, '' when it can."""
    try:
        round_action(text, key)
    except NotationError as exc:
        return exc.reason or exc.message
    return ""


# ---------------------------------------------------------------- what may come next


def _first(setup: ArenaSetup, key: str, catalog: CardCatalog) -> tuple[Side | None, str]:
    """Who acts first in the round, and why: the attacker in the primary; in the secondary the player beaten
    in the primary (after a tie, the attacker); None when the primary round cannot be played yet."""
    if key == "p":
        return Side.ATTACKER, "The attacker acts first; then the players take turns until both pass in succession."
    unknown = (
        "The player beaten in the primary round acts first (after a tie, the attacker). The primary round "
        "cannot be played yet, so both players are offered."
    )
    try:
        result = resolve_duel(replace(setup, secondary=()), catalog).result
    except (EngineError, AssertionError, KeyError, ValueError):
        return None, unknown
    primary = result.primary
    if primary is None and result.decided_by_code == "arena.decided.left_zone":
        return None, (
            "A duellist leaves the Duel Zone in the primary round, which ends the duel: actions written here are "
            "not taken."
        )
    if primary is None:
        return None, unknown
    if primary.won_by is None:
        return Side.ATTACKER, "The primary round was a tie, so the attacker acts first."
    beaten = primary.won_by.other
    return beaten, f"The {beaten.value} was beaten in the primary round, so acts first."


def _turn(actions: tuple[RoundAction, ...], first: Side | None) -> tuple[Side | None, bool]:
    """Whose turn is next after the actions (None: either player, the order is not known yet), and whether
    both players have passed in succession, which ends the round."""
    passes = 0
    side = first
    for action in actions:
        passes = passes + 1 if is_pass(action) else 0
        side = action.side.other
    return side, passes >= 2


class _Uses:
    """What each side's actions before the next one have used up, across both rounds (Arena rule 6.3.2b)."""

    def __init__(self, setup: ArenaSetup, key: str, catalog: CardCatalog) -> None:
        self.stock: dict[Side, Counter[str]] = {side: Counter() for side in Side}
        self.pen: dict[Side, Counter[str]] = {side: Counter() for side in Side}
        self.under: dict[Side, Counter[str]] = {side: Counter() for side in Side}
        self.stones: Counter[Side] = Counter()
        self.shields: Counter[Side] = Counter()
        earlier = list(setup.primary) + (list(setup.secondary) if key == "s" else [])
        for action in earlier:
            side = action.side
            if isinstance(action, ArenaPlay):
                self.pen[side][split_reference(action.card)[0]] += 1
                self.shields[side] += action.kind is PlayKind.SHIELD
            elif action.icon is not None:
                self.stock[side][action.icon.value] += 1
            elif action.kind in (ActionKind.SPELL, ActionKind.ITEM) and action.card is not None:
                card = catalog.find(split_reference(action.card)[0])
                self.stock[side][card.slug if card else action.card.slug] += 1
            elif action.kind is ActionKind.CHANNEL and str(action.card) == "guardian":
                self.stones[side] += action.amount
            elif action.kind in (ActionKind.RANGED, ActionKind.CHANNEL) and action.card is not None:
                self.under[side][str(action.card)] += 1


def _left(catalog: CardCatalog, references: Iterable[str], used: Counter[str]) -> list[str]:
    """The cards of a list not yet used, each slug once, in the list's order (a copy counts as its card)."""
    held: Counter[str] = Counter()
    order: list[str] = []
    for reference in references:
        card = catalog.find(split_reference(reference)[0])
        if card is None:
            continue
        held[card.slug] += 1
        if card.slug not in order:
            order.append(card.slug)
    return [slug for slug in order if held[slug] > used[slug]]


def _stones(side_setup: Any, catalog: CardCatalog) -> int:
    if side_setup.stones is not None:
        return int(side_setup.stones)
    guardian = catalog.find(side_setup.guardian) if side_setup.guardian else None
    stats = guardian.guardian if guardian is not None and guardian.guardian is not None else DEFAULT_GUARDIAN
    return stats.stones


def legal_next(setup: ArenaSetup, key: str, catalog: CardCatalog, side: Side) -> list[LegalAction]:
    """Every action ``side`` may write next in round ``key``, the cards drawn from its duel set-up."""
    letter = SIDE_LETTERS[side]
    mine, theirs = setup.side(side), setup.side(side.other)
    uses = _Uses(setup, key, catalog)
    written = setup.primary if key == "p" else setup.secondary
    names = {slug: card_words(catalog, slug) for slug in _every_slug(setup, catalog)}
    other_duellist = card_words(catalog, theirs.duellists[0]) if theirs.duellists else "the opposing duellist"
    own_duellist = card_words(catalog, mine.duellists[0]) if mine.duellists else "the duellist"
    # The opposing creatures a bribe or a shield may aim at besides the duellist: the ranged attackers the
    # opponent placed in the primary round, the secondary attackers he sent in the secondary.
    joined = {
        s: [
            str(a.card)
            for a in written
            if a.side is s
            and (
                (isinstance(a, ArenaPlay) and a.kind is PlayKind.CREATURE)
                or (isinstance(a, Action) and a.kind is ActionKind.RANGED)
            )
        ]
        for s in Side
    }
    aimed_at_them = [("", f"{other_duellist}, the opposing duellist")] + [
        (ref, card_words(catalog, ref)) for ref in dict.fromkeys(joined[side.other])
    ]
    anyone = [("", "No creature named: the card's usual one")]
    anyone += [(str(ref), f"{card_words(catalog, ref)} (yours)") for ref in mine.duellists[:1]]
    anyone += [(str(ref), f"{card_words(catalog, ref)} (the opponent's)") for ref in theirs.duellists[:1]]
    anyone += [(ref, f"{card_words(catalog, ref)} (yours)") for ref in dict.fromkeys(joined[side])]
    anyone += [(ref, f"{card_words(catalog, ref)} (the opponent's)") for ref in dict.fromkeys(joined[side.other])]
    found: list[LegalAction] = []

    def offer(kind: str, what: str, what_label: str, targets: list[tuple[str, str]] | None = None) -> None:
        for target, target_label in targets or [("", "")]:
            text = f"{letter}:{kind}" + (f":{what}" if kind != "pass" else "") + (f"@{target}" if target else "")
            words = action_words(round_action(text, key), catalog)
            found.append(LegalAction(letter, kind, what, what_label, target, target_label, words))

    stock_left = _left(catalog, mine.stock, uses.stock[side])
    for slug in stock_left:
        card = catalog.get(slug)
        if card.type is CardType.SPELL:
            offer("spell", slug, names.get(slug, card.name), anyone)
    for slug in stock_left:
        card = catalog.get(slug)
        if card.type is CardType.HAND_ITEM:
            offer("item", slug, names.get(slug, card.name), anyone)
    icons = [BriberyIcon(slug) for slug in stock_left if slug in {icon.value for icon in BriberyIcon}]
    for icon in icons:
        offer("bribe", icon.value, bribery_words(catalog, icon), aimed_at_them)
    last = written[-1] if written else None
    if last is not None and isinstance(last, Action) and last.side is side.other and last.icon is not None:
        for icon in icons:
            offer("bribe-back", icon.value, bribery_words(catalog, icon))
    if key == "p":
        # A ranged attack backs the side's duellist and fires at the opposing one (Arena rule 2.6.1): the
        # one creature it may be aimed at, said so rather than left to the notation.
        fires_at = [("", f"{other_duellist}, the opposing duellist (the only creature a ranged attack fires at)")]
        for slug in _left(catalog, mine.under, uses.under[side]):
            card = catalog.get(slug)
            if card.ranged_attack:
                offer("ranged", slug, f"{card.name} (ranged attack {card.ranged_attack})", fires_at)
        # Channelling goes into the side's own duellist, or into a shot of its own placed earlier in the
        # round whose text lets it take channelling (6.3.7); the engine's check refuses any other target.
        into = [("", f"{own_duellist}, your duellist")] + [
            (ref, f"{card_words(catalog, ref)}'s ranged attack (yours: its shot takes channelling)")
            for ref in dict.fromkeys(joined[side])
            if (card := catalog.find(split_reference(ref)[0])) is not None and card.first(RangedChannelling)
        ]
        stones = _stones(mine, catalog) - uses.stones[side]
        for amount in range(1, max(0, stones) + 1):
            label = f"The Guardian: {stones_words(amount)} (of {stones} left)"
            offer("channel", "guardian" + (f"*{amount}" if amount > 1 else ""), label, into)
        for slug in _left(catalog, mine.under, uses.under[side]):
            card = catalog.get(slug)
            if card.cmp:
                offer("channel", slug, f"{card.name}, a channeller under a stronghold (channels {card.cmp})", into)
    else:
        pen_left = _left(catalog, mine.pen, uses.pen[side])
        for slug in pen_left:
            card = catalog.get(slug)
            if card.type is CardType.CREATURE:
                offer("creature", slug, card.name, [("", f"{other_duellist}, the opposing duellist")])
        if not uses.shields[side]:
            for slug in pen_left:
                card = catalog.get(slug)
                if card.type is CardType.SHIELD:
                    offer("shield", slug, card.name, aimed_at_them)
    offer("pass", "", "")
    return found


def _every_slug(setup: ArenaSetup, catalog: CardCatalog) -> set[str]:
    slugs: set[str] = set()
    for side in (setup.attacker, setup.defender):
        for reference in (*side.duellists, *side.stock, *side.pen, *side.under):
            slugs.add(split_reference(reference)[0])
    return {slug for slug in slugs if catalog.find(slug) is not None}


# ---------------------------------------------------------------- the builder as drawn


def _pick_value(values: Mapping[str, Any], name: str, options: tuple[Option, ...]) -> str:
    wanted = str(values.get(name, "") or "")
    return wanted if any(option.value == wanted for option in options) else (options[0].value if options else "")


def round_builder(
    values: Mapping[str, Any], key: str, setup: ArenaSetup, catalog: CardCatalog, printed: CardCatalog
) -> RoundBuilder:
    """One round's list in words and the controls that add to it; ``catalog`` knows the duel's made-up cards,
    ``printed`` is the site's catalog the duel engine adds them to."""
    written = listed(values, key)
    # The field keeps what was typed, spaces and all: the form loses nothing it was sent.
    builder = RoundBuilder(key, ROUND_TITLES[key], str(values.get(key, "") or ""))
    for index, text in enumerate(written):
        problem = action_item_problem(text, key)
        words = "" if problem else action_words(round_action(text, key), catalog)
        builder.items.append(ListedAction(index, text, words or text, problem))
    actions = setup.primary if key == "p" else setup.secondary
    if len(actions) != len(written):
        builder.closed = "An action above cannot be read: correct it in the text field or remove it to add more."
        return builder
    first, builder.turn_note = _first(setup, key, printed)
    turn, over = _turn(actions, first)
    if over:
        builder.closed = "Both players have passed in succession, so the round is over. Remove a pass to add more."
        return builder
    if len(written) >= MAX_ACTIONS:
        builder.closed = f"A round of {MAX_ACTIONS} actions is as long as the builder goes."
        return builder
    sides = [turn] if turn is not None else [Side.ATTACKER, Side.DEFENDER]
    legal = {side: legal_next(setup, key, catalog, side) for side in sides}
    builder.menu = [
        (f"{SIDE_WORDS[SIDE_LETTERS[side]]}'s turn", [Option(item.text, item.words) for item in legal[side]])
        for side in sides
    ]
    builder.chosen = str(values.get(f"{key}-add-action", "") or "")
    prefix = f"{key}-add-"
    side_options = tuple(Option(SIDE_LETTERS[side], f"The {side.value}") for side in sides)
    letter = _pick_value(values, prefix + "side", side_options)
    offered = legal[LETTER_SIDES[letter]]
    kinds = tuple(Option(kind, words) for kind, words in KIND_WORDS.items() if any(i.kind == kind for i in offered))
    kind = _pick_value(values, prefix + "kind", kinds)
    builder.picks = [
        Pick(prefix + "side", "Who acts", letter, side_options),
        Pick(prefix + "kind", "Does", kind, kinds),
    ]
    of_kind = [item for item in offered if item.kind == kind]
    whats = tuple(Option(what, label) for what, label in dict.fromkeys((i.what, i.what_label) for i in of_kind) if what)
    if whats:
        what = _pick_value(values, prefix + "what", whats)
        builder.picks.append(Pick(prefix + "what", "Which card", what, whats))
        targets = tuple(Option(i.target, i.target_label) for i in of_kind if i.what == what and i.target_label)
        # Shown even with one choice: who the action reaches is worth saying (the opposing duellist a shot
        # fires at, the own duellist a channel feeds), and the select is where a second choice would appear.
        if targets:
            target = _pick_value(values, prefix + "target", targets)
            builder.picks.append(Pick(prefix + "target", "Aimed at", target, targets))
    return builder


def builders(values: Mapping[str, Any], catalog: CardCatalog) -> list[RoundBuilder]:
    setup = draft(values, catalog)
    cards = card_catalog(setup, catalog)
    return [round_builder(values, key, setup, cards, catalog) for key in ROUNDS]


# ---------------------------------------------------------------- the buttons


def added(values: Mapping[str, Any], act: str, catalog: CardCatalog) -> str:
    """The action an add button adds, as the notation writes it, if the builder as drawn offers it; ''
    otherwise (a stale page, a forged address): nothing is added that the lists would not have offered."""
    found = _ACT.match(act)
    if found is None or not (found["add"] or found["chosen"]):
        return ""
    key = found["round"]
    builder = builders(values, catalog)[list(ROUNDS).index(key)]
    offered = {option.value for _, options in builder.menu for option in options}
    if found["chosen"]:
        text = str(values.get(f"{key}-add-action", "") or "")
    else:
        picks = {pick.name.rsplit("-", 1)[1]: pick.value for pick in builder.picks}
        kind = picks.get("kind", "")
        text = f"{picks.get('side', '')}:{kind}"
        if kind != "pass":
            text += f":{picks.get('what', '')}" + (f"@{picks['target']}" if picks.get("target") else "")
    return text if text in offered else ""


def edited(values: Mapping[str, Any], act: str, catalog: CardCatalog) -> dict[str, Any]:
    """The form data after one press of a builder button."""
    changed = {name: values.get(name) for name in values}
    changed.pop("act", None)
    found = _ACT.match(act)
    if found is None:
        return changed
    key = found["round"]
    items = listed(values, key)
    if found["clear"]:
        items = []
    elif found["add"] or found["chosen"]:
        text = added(values, act, catalog)
        if text:
            items.append(text)
    else:
        index = int(found["index"])
        if 0 <= index < len(items):
            if found["edit"] == "remove":
                del items[index]
            else:
                other = index + (-1 if found["edit"] == "up" else 1)
                if 0 <= other < len(items):
                    items[index], items[other] = items[other], items[index]
    changed[key] = ",".join(items)
    for part in ADD_PARTS:
        if found["add"] or found["chosen"] or part == "action":
            changed.pop(f"{key}-add-{part}", None)  # the add control starts again from whose turn it is
    return changed
