"""Guardians Arena duels in the simulator: the duel form, its notation, and the duel's step-through.

A duel is resolved by the engine's Arena procedure (engine/arena); its permalink is the same
``/combat/?s=<notation>`` as a combat's, the notation starting with ``ruleset=arena``.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from typing import Any

from django.urls import reverse

from combat import reading
from combat.card_links import CardNames
from combat.examples import arena_examples
from combat.links import link_query, permalink
from combat.reading import Picture
from combat.rule_refs import RuleRef, rule_refs
from engine.actions import Action
from engine.arena import ArenaSetup, DuelLog, DuelResult, Place, format_duel, parse_duel
from engine.catalog import CardCatalog
from engine.enums import CardType, Terrain
from engine.errors import NotationError, Problem
from engine.log import Notice
from engine.made_up import clause_key, clause_value, parse_clause
from engine.render import render_values
from engine.rulesets import ARENA, EXPLORE_REFUSAL, EXPLORE_REFUSAL_CODE, any_to_dict
from engine.setup import split_reference

PLACE_LABELS = {
    Place.VICTORIOUS: "victorious, under its Guardian",
    Place.CAPTURED: "captured under the enemy Prison-Shield",
    Place.PRISON_SHIELD: "becomes a Prison-Shield",
    Place.PEN: "back to the Creature Pen",
    Place.DISCARD: "discard pile",
    Place.DECK_BOTTOM: "bottom of the deck",
    Place.KEPT: "stays where it was",
}

# Form field -> (notation key, help); "a"/"d" fields are per side.
SIDE_FIELDS: tuple[tuple[str, str, str], ...] = (
    ("duellist", "", "The creature this player moves into the Duel Zone (one only)."),
    ("guardian", "guardian", "Guardian (optional)."),
    ("stones", "stones", "Power Stones left (optional)."),
    ("items", "items", "C items on the duellist."),
    ("stock", "stock", "Stock: spells, bribery cards, H items."),
    ("pen", "pen", "Creature Pen: creatures, shields, terrain, C items."),
    ("under", "under", "Channellers and ranged attackers under the strongholds."),
    ("bearer", "bearer", "Standard bearer beside the Guardian."),
    ("victorious", "victorious", "Victorious creatures already under the Guardian."),
    ("capture", "capture", "Unopposed shield in the raid that captures the enemy winner."),
    ("rolls", "rolls", "Die rolls this player's cards need, as card:result (mendu-sada-the-havoc:4)."),
    ("counts", "counts", "Counts the duel cannot see, as card:number (woodland-troll:2)."),
    ("choices", "choices", "Choices a card offers, as card:option (female-titan:small)."),
)
# The duel fields whose help names a game word, and the glossary entries (term, as read) that explain it.
DUEL_FIELD_GLOSSARY: dict[str, tuple[tuple[str, str], ...]] = {
    "guardian": (("guardian", "Guardian"),),
    "stones": (("power stone", "Power Stone"),),
    "items": (("c item", "C item"),),
    "stock": (("stock", "Stock"), ("h item", "H item"), ("bribery card", "bribery card")),
    "pen": (("creature pen", "Creature Pen"),),
    "under": (("channeller", "channeller"), ("ranged attack", "ranged attack"), ("stronghold", "stronghold")),
    "bearer": (("standard bearer", "standard bearer"),),
    "victorious": (("victorious creature", "victorious creature"),),
    "capture": (("prison-shield", "Prison-Shield"),),
}
# Fields written as card:value pairs, passed on as written (a card name's commas would split them).
DECISION_FIELDS = frozenset({"rolls", "counts", "choices"})


@dataclass(frozen=True)
class DuelField:
    name: str
    label: str
    value: str
    help: str

    @property
    def glossary_terms(self) -> tuple[tuple[str, str], ...]:
        return DUEL_FIELD_GLOSSARY.get(self.name.split("_", 1)[1], ())


SIDE_TITLES = (("a", "attacker", "Player with Initiative (attacker)"), ("d", "defender", "Other player (defender)"))


def form_fields(setup: ArenaSetup | None, catalog: CardCatalog | None = None) -> dict[str, Any]:
    """The form's fields filled from a set-up (or empty), one group per side plus the shared ones; with the
    catalog, cards are shown by name ("Change this duel" gives back what was typed, not the notation's slugs)."""
    data = any_to_dict(setup) if setup is not None else {"attacker": {}, "defender": {}, "primary": [], "secondary": []}

    def shown(slug: str) -> str:
        """A card's name, when the form reads that name back as the same card; the slug otherwise."""
        card = catalog.find(slug) if catalog is not None else None
        return card.name if card is not None and card_slug(catalog, card.name) == slug else slug

    sides = []
    for letter, key, title in SIDE_TITLES:
        values = data[key]
        fields = []
        for name, _, help_text in SIDE_FIELDS:
            raw = values.get("duellists" if name == "duellist" else name, "")
            items = [str(item) for item in raw] if isinstance(raw, list) else ([] if raw in (None, "") else [str(raw)])
            if name not in DECISION_FIELDS and name not in ("stones", "victorious"):
                items = [shown(item) for item in items]
            fields.append(DuelField(f"{letter}_{name}", name.capitalize(), ", ".join(items), help_text))
        sides.append({"title": title, "fields": fields})
    terrain = str(data.get("terrain") or "")
    return {
        "duel_sides": sides,
        "duel_terrain": {t.slug: t.value for t in Terrain}.get(terrain) or (shown(terrain) if terrain else ""),
        "duel_primary": ", ".join(data["primary"]),
        "duel_secondary": ", ".join(data["secondary"]),
        "duel_made_up": "\n".join(
            f"{clause_key(text)}={clause_value(text)}" for text in (setup.made_up if setup is not None else ())
        ),
        # A duel opened to change keeps the readings it was read under (an old link's included, now written).
        "duel_readings": reading_fields(setup.readings.named() if setup is not None else {}),
    }


def reading_fields(chosen: Mapping[str, Any]) -> list[dict[str, Any]]:
    """One select per open rule of the Arena (engine.arena.readings), set to the reading chosen, else today's."""
    return [
        {
            "name": f"reading.{rule.key}",
            "key": rule.key,
            "question": rule.question,
            "number": rule.number,
            "choices": [(choice.name, choice.summary) for choice in rule.choices],
            "value": str(chosen.get(rule.key) or rule.default),
            "default": rule.default,
        }
        for rule in ARENA.readings
    ]


def reading_clauses(data: Mapping[str, Any]) -> list[str]:
    """The form's readings as notation clauses: a duel made here always names them (today's by default)."""
    chosen = {rule.key: data.get(f"reading.{rule.key}") for rule in ARENA.readings}
    return [f"{field['name']}={field['value']}" for field in reading_fields(chosen)]


def submitted_fields(data: Mapping[str, Any]) -> dict[str, Any]:
    """The form's fields as the visitor sent them, to show again beside what is wrong: nothing typed is lost."""
    sides = [
        {
            "title": title,
            "fields": [
                DuelField(f"{letter}_{name}", name.capitalize(), str(data.get(f"{letter}_{name}") or ""), help_text)
                for name, _, help_text in SIDE_FIELDS
            ],
        }
        for letter, _, title in SIDE_TITLES
    ]
    return {
        "duel_sides": sides,
        "duel_terrain": str(data.get("terrain") or ""),
        "duel_primary": str(data.get("p") or ""),
        "duel_secondary": str(data.get("s") or ""),
        "duel_made_up": str(data.get("made_up") or ""),
        "duel_readings": reading_fields({rule.key: data.get(f"reading.{rule.key}") for rule in ARENA.readings}),
    }


def field_values(fields: Mapping[str, Any]) -> dict[str, str]:
    """The form's fields (``form_fields``, ``submitted_fields``) as the values a submitted form holds, by
    field name: what the action builder is drawn from, whichever way the form was filled."""
    values = {field.name: field.value for side in fields["duel_sides"] for field in side["fields"]}
    values.update(
        terrain=fields["duel_terrain"],
        p=fields["duel_primary"],
        s=fields["duel_secondary"],
        made_up=fields["duel_made_up"],
    )
    values.update({field["name"]: field["value"] for field in fields.get("duel_readings", ())})
    return values


# The duel form's words for the notation's clauses, so a problem says which field to fix.
_SHARED_FIELD_LABELS = {
    "terrain": "Terrain",
    "p": "Primary round actions",
    "s": "Secondary round actions",
    "primary": "Primary round actions",
    "secondary": "Secondary round actions",
    "made-up": "Made-up cards",
}
_DUEL_CLAUSE = re.compile(r"^(?P<side>[ad])(?:\.(?P<key>[a-z-]+))?$")


def problem_field_label(problem: Problem) -> str:
    """The duel form's name for the field a problem is about ("Attacker, Stones"), '' when it names none."""
    clause = problem.values.get("clause") or problem.field
    if clause in _SHARED_FIELD_LABELS:
        return _SHARED_FIELD_LABELS[clause]
    found = _DUEL_CLAUSE.match(clause)
    if found is None:
        return ""
    labels = {key: name for name, key, _ in SIDE_FIELDS}
    name = labels.get(found["key"] or "")
    if name is None:
        return ""
    return f"{'Attacker' if found['side'] == 'a' else 'Defender'}, {name.capitalize()}"


# A card's slug standing as a word of a sentence; one inside written notation (a:spell:power-lunch@archer) stays.
_SLUG_WORD = re.compile(r"(?<![\w:@*-])[a-z0-9]+(?:-[a-z0-9]+)*(?:#[1-9][0-9]*)?(?![\w:@*#-])")


def plain_duel_problem(problem: Problem, catalog: CardCatalog, named: Collection[str] = ()) -> str:
    """A duel problem said in the form's words: the field it is about, then what is wrong with it; an
    unknown card gets the nearest cards, as the shield combat's form says them. The cards of the round
    actions (``named``: their slugs, as the engine's message writes them) are given by their names."""
    from combat.setup_form import unknown_card_detail

    clause = problem.values.get("clause") or problem.field
    message = problem.message
    for opening in (f"{clause}: ", f"{clause} "):
        if clause and message.startswith(opening):
            message = message[len(opening) :]
            break
    message = unknown_card_detail(problem, catalog) or message
    if named:
        message = _SLUG_WORD.sub(lambda found: _named(found[0], catalog, named), message)
    label = problem_field_label(problem)
    message = message[:1].upper() + message[1:]
    return f"{label}: {message}" if label else message


def _named(word: str, catalog: CardCatalog, named: Collection[str]) -> str:
    """A slug the set-up's actions name, as its card's name ("power-lunch" -> "Power Lunch", "archer#2" ->
    "Archer (copy 2)"); any other word as it is."""
    if word not in named:
        return word
    slug, _, copy = word.partition("#")
    card = catalog.find(slug)
    if card is None or card.slug != slug:
        return word
    return f"{card.name} (copy {copy})" if copy else card.name


def named_slugs(setup: ArenaSetup) -> set[str]:
    """The cards the set-up names, as written (``power-lunch``, ``archer#2``, ``gold``): the words of the
    engine's problems that stand for cards."""
    slugs: set[str] = set()
    for side in (setup.attacker, setup.defender):
        slugs.update(str(reference) for reference in (*side.duellists, *side.stock, *side.pen, *side.under))
    for action in (*setup.primary, *setup.secondary):
        for reference in (action.card, action.target):
            if reference is not None:
                slugs.add(str(reference))
        if isinstance(action, Action) and action.icon is not None:
            slugs.add(action.icon.value)
    return slugs


def card_slug(catalog: CardCatalog | None, text: str) -> str:
    """The slug a name typed in the duel form becomes (as ``_slugs`` reads it)."""
    card = catalog.find(text) if catalog is not None else None
    return card.slug if card is not None else text.lower().replace(" ", "-")


def _slugs(text: str, catalog: CardCatalog) -> str:
    """Card names or slugs, comma-separated, as the notation's slugs (unknown names are left for the engine)."""
    out = []
    for item in (part.strip() for part in text.split(",")):
        if not item:
            continue
        out.append(card_slug(catalog, item))
    return ",".join(out)


def terrain_names(catalog: CardCatalog) -> list[str]:
    """What the terrain field suggests: the terrain types, then the terrain cards, by name."""
    cards = sorted(card.name for card in catalog if card.type is CardType.TERRAIN)
    return [terrain.value for terrain in Terrain] + cards


def _terrain_slug(text: str, catalog: CardCatalog) -> str:
    """A terrain typed as a type's name (Rivers and Lakes) or a terrain card's name, as the notation's slug."""
    typed = {terrain.value.lower(): terrain.slug for terrain in Terrain}
    if text.lower() in typed:
        return typed[text.lower()]
    card = catalog.find(text)
    return card.slug if card is not None else text.lower().replace(" ", "-")


def notation_from_form(data: Mapping[str, Any], catalog: CardCatalog) -> str:
    """The duel's canonical notation from the form; raises NotationError naming the clause at fault."""
    clauses = ["ruleset=arena", *reading_clauses(data), *set_up_clauses(data, catalog)]
    clauses[1:1] = made_up_clauses(str(data.get("made_up", "") or ""))
    for key in ("p", "s"):
        value = ",".join(part.strip() for part in str(data.get(key, "") or "").split(",") if part.strip())
        if value:
            clauses.append(f"{key}={value}")
    return format_duel(parse_duel(" ".join(clauses)))


def set_up_clauses(data: Mapping[str, Any], catalog: CardCatalog) -> list[str]:
    """The form's terrain and side fields as notation clauses (not the made-up cards, not the rounds)."""
    clauses = []
    terrain = str(data.get("terrain", "") or "").strip()
    if terrain:
        clauses.append(f"terrain={_terrain_slug(terrain, catalog)}")
    for letter in ("a", "d"):
        for name, key, _ in SIDE_FIELDS:
            value = str(data.get(f"{letter}_{name}", "") or "").strip()
            if not value:
                continue
            if name in DECISION_FIELDS:
                value = ",".join(part.strip().lower().replace(" ", "-") for part in value.split(",") if part.strip())
            elif name not in ("stones", "victorious"):
                value = _slugs(value, catalog)
            clauses.append(f"{letter}{'.' + key if key else ''}={value}")
    return clauses


def made_up_clauses(text: str) -> list[str]:
    """The form's made-up cards, one ``made-up.<slug>={...}`` a line (spaces allowed: each line is one
    card), as the notation's clauses."""
    found = []
    for line in (line.strip() for line in text.splitlines()):
        if not line:
            continue
        key, _, value = line.partition("=")
        if not key.startswith("made-up.") or not value:
            raise NotationError(
                f'made-up cards: {line[:40]!r} should look like made-up.test-giant={{"vitality": 9}}',
                code="notation.bad_made_up",
            )
        card = parse_clause(key, value.strip(), -1)
        found.append(f"{clause_key(card)}={clause_value(card)}")
    return found


def card_names(log: DuelLog, setup: ArenaSetup, catalog: CardCatalog) -> dict[str, str]:
    """Every printed card of the duel by its name, for linking the cards the steps' values name (as
    ``reading.card_names`` does for a shield combat); a made-up card has no page, so it is never linked."""
    slugs = {creature.card for creature in log.result.creatures} | {place.card for place in log.result.places}
    slugs |= {step.card for step in log.steps if step.card}
    for side in (setup.attacker, setup.defender):
        references = [*side.duellists, *side.items, *side.stock, *side.pen, *side.under]
        references += [reference for reference in (side.guardian, side.bearer, side.capture) if reference]
        slugs |= {split_reference(reference)[0] for reference in references}
    if setup.terrain:
        # The Duel Zone's terrain is a card too (Woods): a step naming it links it.
        slugs.add(setup.terrain)
    for action in (*setup.primary, *setup.secondary):
        slugs |= {split_reference(reference)[0] for reference in (action.card, action.target) if reference}
    return reading.linkable_names(slugs - set(log.result.made_up), log.result.creatures, catalog)


def warning_items(result: DuelResult) -> list[tuple[Notice | None, str]]:
    """The duel's warnings in order, each with its coded notice where it has one (its cards are linked from
    the notice's values); a warning without a code is shown as it is."""
    coded = {f"{notice.message} ({notice.code})": notice for notice in result.notices}
    return [(coded.get(warning), warning) for warning in result.warnings]


def leaves_to_a_person(notice: Notice) -> bool:
    """Whether a warning leaves a card to be applied by hand: its code ends in ``not_automated`` (a Stock card,
    a command, a winning Summon Entropy Storm roll a duel does not apply) or says the card is only partly applied."""
    return notice.code.endswith("not_automated") or notice.code == "card.partly_automated"


@dataclass(frozen=True)
class NotAutomatedItem:
    """One card of the duel's "Not automated" list: its printed name, its slug when it has a card page
    ("" for a made-up card), and the coded warning that says why (None if the engine gave none)."""

    name: str
    slug: str
    notice: Notice | None
    reason: str


def not_automated_items(result: DuelResult, names: CardNames) -> list[NotAutomatedItem]:
    """The cards a person must apply by hand, each by its name (never its slug), with the warning whose
    values name it: the page writes that warning with the card linked where its sentence names it."""
    name_of = {creature.card: creature.name for creature in result.creatures}
    name_of.update({slug: name for name, slug in names.items()})
    notices = [notice for notice in result.notices if leaves_to_a_person(notice)]
    items = []
    for slug, reason in result.not_automated:
        name = name_of.get(slug, slug)
        notice = next((notice for notice in notices if notice.values.get("card") == name), None)
        linkable = slug not in result.made_up and names.get(name) == slug
        items.append(NotAutomatedItem(name, slug if linkable else "", notice, reason))
    return items


def duel_context(log: DuelLog, current: int, names: CardNames | None = None) -> dict[str, Any]:
    """What the duel's step-through shows: the steps so far, the current one, and the result at the end."""
    count = len(log.steps)
    current = max(0, min(current, count))
    link = permalink(log.notation)
    # Each card by its name, never its slug: a made-up card by the name the set-up gave it.
    card_name = {slug: name for name, slug in (names or {}).items()}
    card_name.update({creature.card: creature.name for creature in log.result.creatures if creature.made_up})
    rule_ids = [*(step.rule for step in log.steps), *(place.rule for place in log.result.places)]
    rules = rule_refs([*rule_ids, log.result.decided_by_values.get("rule", "")])
    return {
        "log": log,
        "result": log.result,
        "shown": log.steps[: current + 1] if current < count else log.steps,
        "current": current,
        "count": count,
        "at_end": current >= count,
        "permalink": link,
        "previous": f"{link}&step={current - 1}" if current > 0 else "",
        "next": f"{link}&step={current + 1}" if current + 1 < count else f"{link}&step=end",
        "examples": arena_examples(),
        "picture_url": picture_url(log, current),
        "picture_title": ". ".join(picture_words(log, current)),
        "explore_refusal": EXPLORE_REFUSAL,
        "explore_refusal_code": EXPLORE_REFUSAL_CODE,
        "notices": log.result.notices,
        "warning_items": warning_items(log.result),
        "card_names": names or {},
        # "Arena rule 5.1.2" for each step's and each card's rule id (ARN-1), which stays in the links.
        "rules": rules,
        "not_automated_items": not_automated_items(log.result, names or {}),
        "upper_hand": log.result.upper_hand.value if log.result.upper_hand else "",
        "winner": log.result.winner.value if log.result.winner else "",
        # What decided the duel, worded from its code and values (never read out of result.decided_by).
        "decided_by_code": log.result.decided_by_code,
        "decided_by": render_values(log.result.decided_by_code, _rules_in_words(log.result.decided_by_values, rules)),
        "places": [
            {
                "side": place.side.value,
                "card": place.card,
                "name": card_name.get(place.card, place.card),
                "label": PLACE_LABELS[place.place],
                "rule": place.rule,
                # A made-up card has no page: it is named, not linked.
                "made_up": place.card in log.result.made_up,
            }
            for place in log.result.places
        ],
    }


def _rules_in_words(values: Mapping[str, str], rules: Mapping[str, RuleRef]) -> dict[str, str]:
    """A notice's values with its rule id (ARN-14) given as the rule's label (Arena rule 6.3.9), for the page."""
    rule = values.get("rule", "")
    return {**values, "rule": rules[rule].label} if rule in rules else dict(values)


def picture(log: DuelLog, current: int) -> Picture:
    """The duel at one step, drawn by the same code as a shield combat (combat.reading, combat.picture_svg)."""
    return reading.picture_of(log.steps, log.result.creatures, (), current, secondary_totals=True)


def picture_words(log: DuelLog, current: int) -> tuple[str, str]:
    """The picture's title (the duel's outcome) and caption (what the step did)."""
    result = log.result
    totals = result.secondary or result.primary
    score = f", {totals.attacker_total} against {totals.defender_total}" if totals is not None else ""
    title = f"Arena duel: the {result.winner.value} wins{score}" if result.winner else f"Arena duel: a tie{score}"
    return title, reading.step_caption(log.steps, current)


def picture_url(log: DuelLog, current: int) -> str:
    step = "end" if current >= len(log.steps) else str(current)
    return reverse("combat:picture") + "?" + link_query(log.notation, step=step)


def read_duel_or_none(notation: str) -> ArenaSetup | None:
    try:
        return parse_duel(notation)
    except NotationError:
        return None
