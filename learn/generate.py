"""Writes the quiz's data files from the engine: worked combats (``fixtures/examples``), match-ups of printed
cards and legality questions asked of ``engine.options.why_not``. Run by ``manage.py generate_quiz``; the
output is deterministic (no randomness, sorted sources), so a run with unchanged inputs changes no file.

Levels: a newcomer is asked about one creature against another; a player about ranged attacks, bribes,
channelling and what may be played when; a judge about the rulebook's worked examples, which rule a step
applies and what becomes of each creature."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

from combat.glossary import STEP_KIND_TERMS
from engine import parse_setup, resolve
from engine.catalog import CardCatalog
from engine.enums import Side, StepKind
from engine.errors import EngineError
from engine.log import CombatLog
from learn.answers import compute_answer
from learn.questions import QUIZ_DIR, Answer, Ask, Kind, Level, Question
from learn.rule_index import rule_index
from learn.wording import REASONS

EXAMPLES = Path(__file__).resolve().parents[1] / "fixtures" / "examples"
KIND_TERMS = {Kind.WINNER: ("control",), Kind.TOTAL: ("match-up",), Kind.LEGAL: ("match-up",),
              Kind.RULE: (), Kind.FATE: ("beaten", "destroyed"), Kind.CARD: ("total",)}  # fmt: skip
# Steps whose rule is worth asking about: each changes a total.
RULE_STEP_KINDS = (StepKind.OFF_COLOUR, StepKind.TERRAIN, StepKind.RANGED, StepKind.CHANNEL, StepKind.SPELL,
                   StepKind.PARTNER, StepKind.COMPARE)  # fmt: skip
# Steps in which one card's effect changes a total: what "what does this card do here" asks about.
CARD_STEP_KINDS = (StepKind.RANGED, StepKind.CHANNEL, StepKind.OFF_COLOUR, StepKind.BONUS, StepKind.SPELL)
LEGAL_DISTRACTORS = ("action.out_of_turn", "action.bribery_window_open", "bribe.no_icon", "shots.woods",
                     "options.not_held", "channel.cannot_receive")  # fmt: skip

# One creature against another, in a terrain: the newcomer's match-ups (each printed card, no decisions).
DUELS = [
    ("swordsman", "archer", "swamps"), ("axeman", "swordsman", "mountains"), ("sand-lord", "swordsman", "woods"),
    ("rotten-guy", "gnobby-gnomes", "jungle"), ("magma-elemental", "swordsman", "dry-heaps"),
    ("warrior-spirit", "axeman", "spires"), ("zombie", "archer", "swamps"), ("doomwing", "master-gunner", "woods"),
    ("spirit-of-the-forge", "rotten-guy", "mountains"), ("gorgal-skag", "gunner", "rivers-and-lakes"),
    ("annihilator-cloud", "axeman", "jungle"), ("rain-spirit", "varmit-archer", "swamps"),
    ("willo-the-wisp", "gnobby-gnomes", "woods"), ("ice-ogre", "sand-lord", "dry-heaps"),
    ("swordsman", "zombie", "spires"), ("master-gunner", "warrior-spirit", "mountains"),
    ("wraith", "swordsman", "swamps"), ("devil-dog", "archer", "jungle"), ("snogwart", "axeman", "woods"),
    ("ice-spirit", "magma-elemental", "rivers-and-lakes"), ("baal-a-gog", "swordsman", "spires"),
    ("wild-nymph", "rotten-guy", "woods"), ("archer", "gunner", "dry-heaps"), ("axeman", "zombie", "swamps"),
    ("tiny-flying-fungus", "idiot", "mountains"), ("sand-lord", "ice-ogre", "jungle"),
    ("swordsman", "axeman", "woods"), ("rotten-guy", "axeman", "rivers-and-lakes"),
    ("warrior-spirit", "doomwing", "spires"), ("gunner", "varmit-archer", "woods"),
]  # fmt: skip

# A player's combats: two creatures a side with ranged support, bribes and channelling.
PLAYER_SETUPS = [
    "terrain=swamps a=sand-lord,axeman d=swordsman,archer d.ranged=1:archer",
    "terrain=mountains a=swordsman,archer a.ranged=1:archer d=axeman,rotten-guy",
    "terrain=jungle a=axeman,gunner a.ranged=1:gunner d=swordsman,master-gunner d.ranged=1:master-gunner",
    "terrain=spires a=sand-lord,swordsman a.hand=gold a.bribe=2:gold d=archer,axeman",
    "terrain=swamps a=axeman,zombie d=swordsman,rotten-guy d.hand=gold d.bribe=1:gold",
    "terrain=dry-heaps a=swordsman,axeman a.stones=2 a.channel=1:guardian d=rotten-guy,archer",
    "terrain=woods a=baal-a-gog,zombie a.stones=3 a.channel=1:guardian*2 d=swordsman,axeman",
    "terrain=rivers-and-lakes a=wild-nymph,archer a.ranged=1:archer d=gnobby-gnomes,axeman",
    "terrain=mountains a=master-gunner,axeman a.ranged=1:master-gunner d=warrior-spirit,swordsman",
    "terrain=jungle a=ice-ogre,archer a.ranged=1:archer d=sand-lord,gunner d.ranged=1:gunner",
    "terrain=swamps a=swordsman,archer a.hand=gold d=axeman,rotten-guy d.hand=gold a.bribe=1:gold d.bribe=2:gold",
    "terrain=spires a=devil-dog,swordsman d=archer,axeman d.hand=babes,gold d.bribe=2:gold",
    "terrain=woods a=magma-elemental,swordsman d=zombie,axeman d.stones=2 d.channel=2:guardian",
    "terrain=dry-heaps a=gunner,axeman a.ranged=1:gunner d=snogwart,archer d.ranged=1:archer",
    "terrain=mountains a=rotten-guy,gnobby-gnomes d=varmit-archer,swordsman d.ranged=2:varmit-archer",
    "terrain=jungle a=willo-the-wisp,axeman a.stones=2 a.channel=1:guardian d=swordsman,archer",
]  # fmt: skip

# Legality: a combat, its match-up 1's actions so far and the actions to ask about next.
LEGAL_CASES = [
    ("a=sand-lord a.hand=gold d=swordsman,archer d.hand=gold", ["a:bribe:gold", "d:pass", "a:ranged:archer", "d:ranged:archer", "a:pass"]),
    ("a=sand-lord a.hand=gold d=swordsman,archer d.hand=gold m1=a:pass,d:pass", ["a:ranged:archer", "d:ranged:archer", "a:bribe:gold", "a:pass", "d:pass"]),
    ("a=sand-lord a.hand=gold d=swordsman,archer d.hand=gold m1=a:bribe:gold", ["d:pass", "d:bribe-back:gold", "a:pass", "d:ranged:archer"]),
    ("terrain=woods a=swordsman,archer d=axeman,gunner m1=a:pass,d:pass", ["a:ranged:archer", "d:ranged:gunner", "a:pass", "d:pass"]),
    ("terrain=swamps a=swordsman,archer d=axeman,gunner m1=a:pass,d:pass", ["a:ranged:archer", "d:ranged:gunner", "a:channel:guardian"]),
    ("a=swordsman a.hand=babes d=axeman", ["a:bribe:babes", "a:bribe:gold", "d:bribe:babes", "a:pass"]),
    ("a=swordsman a.hand=gold d=warrior-spirit", ["a:bribe:gold", "a:pass", "d:pass"]),
    ("a=baal-a-gog,zombie d=swordsman m1=a:pass,d:pass", ["a:channel:guardian", "d:channel:guardian", "a:pass"]),
    ("a=swordsman,axeman d=archer m1=a:pass,d:pass", ["a:channel:guardian", "d:ranged:archer", "a:pass"]),
    ("a=zombie d=willo-the-wisp,rotten-guy m1=a:pass,d:pass,a:channel:guardian", ["d:channel:guardian", "a:channel:guardian", "d:pass", "a:pass"]),
    ("a=axeman a.hand=gold,beer d=rotten-guy,gnobby-gnomes d.hand=gold", ["a:bribe:gold", "a:bribe:beer", "d:bribe:gold", "d:pass"]),
    ("terrain=jungle a=gunner,master-gunner d=swordsman,archer m1=a:pass,d:pass", ["a:ranged:master-gunner", "d:ranged:archer", "a:ranged:archer", "a:pass"]),
    ("a=swordsman d=axeman m1=a:pass,d:pass,a:pass,d:pass", ["a:pass", "d:pass", "a:channel:guardian"]),
    ("a=axeman a.hand=gold d=gunner d.hand=babes m1=a:bribe:gold", ["d:bribe-back:babes", "d:bribe-back:gold", "d:pass", "a:pass"]),
    ("terrain=woods a=gunner,archer a.hand=gold d=swordsman,axeman m1=a:pass,d:pass", ["a:ranged:gunner", "a:ranged:archer", "a:channel:guardian", "a:bribe:gold"]),
]  # fmt: skip


def _terms(kind: Kind, log: CombatLog | None, steps: list[int]) -> tuple[str, ...]:
    terms = list(KIND_TERMS[kind])
    if log is not None:
        for index in steps:
            terms.extend(STEP_KIND_TERMS.get(log.steps[index].kind, ()))
    glossary = rule_index().glossary
    return tuple(dict.fromkeys(term for term in terms if term.lower() in glossary))


def _chapter(answer: Answer) -> str:
    """The chapter of the most telling fact: the first that is not the comparison itself."""
    rules = [item.rule for item in answer.evidence if item.kind != StepKind.COMPARE.value] or [
        item.rule for item in answer.evidence]  # fmt: skip
    return rule_index().place(rules[0]).chapter


def _question(qid: str, kind: Kind, level: Level, setup: str, ask: Ask, choices: tuple[str, ...],
              source: str, catalog: CardCatalog, log: CombatLog | None) -> Question:  # fmt: skip
    draft = Question(qid, kind, level, "", setup, ask, choices, Answer("", ()), (), source)
    answer = compute_answer(draft, catalog)
    steps = [item.step for item in answer.evidence if item.step is not None]
    return Question(qid, kind, level, _chapter(answer), setup, ask, choices, answer, _terms(kind, log, steps), source)


def _combat_questions(slug: str, setup: str, level: Level, source: str, catalog: CardCatalog, *,
                      totals: int = 2, fates: int = 0, rules: int = 0, cards: int = 0) -> Iterator[Question]:  # fmt: skip
    log = resolve(parse_setup(setup), catalog)
    yield _question(f"{slug}-winner", Kind.WINNER, level, setup, Ask(), ("attacker", "defender"), source, catalog, log)
    asked = 0
    for matchup in log.result.matchups:
        if asked >= totals:
            break
        if matchup.attacker_total is None or matchup.defender_total is None:
            continue
        side = Side.ATTACKER if matchup.round % 2 else Side.DEFENDER  # alternate, so both sides are asked about
        ask = Ask(matchup=matchup.round, side=side.value)
        yield _question(f"{slug}-total-m{matchup.round}-{side.value}", Kind.TOTAL, level, setup, ask, (), source,
                        catalog, log)  # fmt: skip
        asked += 1
    fated = [creature for creature in log.result.creatures if creature.step is not None]
    fated.sort(key=lambda creature: (creature.fate.value == "standing", creature.id))
    for creature in fated[:fates]:
        choices = tuple(dict.fromkeys(("standing", "beaten", "destroyed", "bribed", creature.fate.value)))
        yield _question(f"{slug}-fate-{creature.id}", Kind.FATE, Level.JUDGE, setup, Ask(creature=creature.id),
                        choices, source, catalog, log)  # fmt: skip
    asked_cards: set[tuple[str, str]] = set()
    for step in log.steps:
        if len(asked_cards) >= cards:
            break
        key = (step.card, step.kind.value)
        if step.kind not in CARD_STEP_KINDS or not step.card or step.delta is None or key in asked_cards:
            continue
        asked_cards.add(key)
        ask = Ask(matchup=int(step.moment) if step.moment.isdigit() else 0, step=step.index, card=step.card,
                  effect=step.kind.value)  # fmt: skip
        yield _question(f"{slug}-card-{step.index}", Kind.CARD, level, setup, ask, (), source, catalog, log)
    asked_rules: set[str] = set()
    for step in log.steps:
        if len(asked_rules) >= rules:
            break
        if step.kind not in RULE_STEP_KINDS or step.rule in asked_rules or not rule_index().knows(step.rule):
            continue
        asked_rules.add(step.rule)
        number = rule_index().place(step.rule).number
        others = [
            rule_index().place(other.rule).number
            for other in log.steps
            if rule_index().knows(other.rule) and other.kind in RULE_STEP_KINDS + (StepKind.BRIBE,)
        ]
        pool = ["6.11.1", "6.8.3", "6.9.1", "6.10.2", "6.5.1", "7.1.4"]
        choices = tuple(sorted(dict.fromkeys([number, *[n for n in others + pool if n != number][:3]])))
        yield _question(f"{slug}-rule-{step.index}", Kind.RULE, Level.JUDGE, setup, Ask(step=step.index), choices,
                        source, catalog, log)  # fmt: skip


def _legal_questions(catalog: CardCatalog) -> Iterator[Question]:
    for number, (setup, actions) in enumerate(LEGAL_CASES, start=1):
        for action in actions:
            draft = Question("", Kind.LEGAL, Level.PLAYER, "", setup, Ask(matchup=1, action=action), (),
                             Answer("", ()), (), "generated")  # fmt: skip
            truth = compute_answer(draft, catalog).value
            if truth != "yes" and truth not in REASONS:
                continue  # a reason the quiz has no words for yet
            distractors = [code for code in LEGAL_DISTRACTORS if code != truth][: 3 if truth == "yes" else 2]
            choices = tuple(sorted({"yes", truth, *distractors}, key=lambda code: (code != "yes", code)))
            qid = f"legal-{number}-{action.replace(':', '-')}"
            yield _question(qid, Kind.LEGAL, Level.PLAYER, setup, Ask(matchup=1, action=action), choices,
                            "generated", catalog, None)  # fmt: skip


def generate(catalog: CardCatalog) -> dict[str, list[Question]]:
    """Every question, by data file (one per source)."""
    files: dict[str, list[Question]] = {"newcomer-duels": [], "player-combats": [], "player-legal": [],
                                        "judge-examples": []}  # fmt: skip
    for attacker, defender, terrain in DUELS:
        setup = f"terrain={terrain} a={attacker} d={defender}"
        slug = f"duel-{attacker}-{defender}-{terrain}"
        files["newcomer-duels"].extend(_combat_questions(slug, setup, Level.NEWCOMER, "generated", catalog, totals=1))
    for number, setup in enumerate(PLAYER_SETUPS, start=1):
        files["player-combats"].extend(
            _combat_questions(f"combat-{number}", setup, Level.PLAYER, "generated", catalog, totals=2, fates=1, cards=1)
        )
    files["player-legal"].extend(_legal_questions(catalog))
    for path in sorted(EXAMPLES.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        try:
            questions = list(
                _combat_questions(
                    data["id"],
                    data["notation"],
                    Level.JUDGE,
                    f"example:{data['id']}",
                    catalog,
                    totals=2,
                    fates=2,
                    rules=2,
                    cards=2,
                )
            )
        except EngineError:
            continue  # an example the engine refuses on purpose (it documents a refusal) asks nothing
        files["judge-examples"].extend(questions)
    return files


def write(files: dict[str, list[Question]], directory: Path = QUIZ_DIR) -> list[Path]:
    directory.mkdir(parents=True, exist_ok=True)
    written = []
    for name, questions in files.items():
        path = directory / f"{name}.json"
        path.write_text(json.dumps([q.to_dict() for q in questions], indent=1, ensure_ascii=False) + "\n",
                        encoding="utf-8")  # fmt: skip
        written.append(path)
    return written
