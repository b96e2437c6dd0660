"""A duel's own warnings (``arena.*``, written by ``announce``) carry their values by name and are worded by
their template in render.NOTICES, so a client reads the fields and never cuts up the sentence. The
sentences are the ones the duel wrote before the warnings had templates."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.arena import parse_duel, resolve_duel
from engine.arena.stock import StockFate
from engine.catalog import default_catalog
from engine.render import MESSAGES, NOTICES, args_of, notice_step, render_values

ARENA = "ruleset=arena "
CASES = [
    (
        "a=swordsman a.stock=pulse-wave d=sand-lord p=a:spell:pulse-wave,d:pass,a:pass",
        "arena.command_card_only",
        "the attacker's Pulse Wave is played only as a command card, and a duel has none: it stays in the Stock",
        {"side": "attacker", "card": "Pulse Wave"},
    ),
    (
        "a=swordsman a.stock=anvil-of-heaviness d=sand-lord p=a:item:anvil-of-heaviness,d:pass,a:pass",
        "arena.no_target",
        "Anvil of Heaviness played in a duel: its bonus is against creatures defending a stronghold, and nobody "
        "defends one in the Duel Zone: played in a duel it does nothing",
        {"side": "attacker", "card": "Anvil of Heaviness"},
    ),
    (
        "a=swordsman a.stock=holy-grail d=sand-lord p=a:item:holy-grail,d:pass,a:pass",
        "arena.no_combat_effect",
        "Holy Grail played in a duel: it acts outside combat, so it changes no duel",
        {"side": "attacker", "card": "Holy Grail", "reason": "it acts outside combat, so it changes no duel"},
    ),
    (
        "a=swordsman a.stock=shadow-bank-job d=sand-lord p=a:spell:shadow-bank-job,d:pass,a:pass",
        "arena.nothing_to_answer",
        "the attacker's Shadow Bank Job has no bribe to answer at this point of the round: it does nothing",
        {"side": "attacker", "card": "Shadow Bank Job"},
    ),
    (
        "a=swordsman a.stock=power-lunch d=pharaoh-djoser p=a:spell:power-lunch,d:pass,a:channel:guardian,d:pass,a:pass",
        "arena.casting_forbidden",
        "Pharaoh Djoser's command forbids the attacker to play Power Lunch: it stays in the Stock",
        {"side": "attacker", "card": "Power Lunch", "source": "Pharaoh Djoser"},
    ),
    (
        "a=swordsman a.stock=power-lunch d=sand-lord p=a:pass,d:pass s=a:spell:power-lunch,d:pass,a:pass",
        "arena.no_effect_in_secondary",
        "the attacker's Power Lunch acts only on ranged attacks or channelling, which the secondary round does not "
        "have: it is played and discarded with no effect",
        {"side": "attacker", "card": "Power Lunch"},
    ),
    (
        "a=darkness-elemental d=swordsman p=a:pass,d:pass s=d:pass,a:pass",
        "arena.command_no_effect",
        "Darkness Elemental's command has no effect in a duel: it makes the opponent declare or show something "
        "before creatures are picked or laid, and a duel has no picks: both duellists enter face down before any "
        "command acts",
        {"side": "attacker", "fighter": "Darkness Elemental", "ability": "command_announcement"},
    ),
    (
        "a=sphinx d=swordsman p=a:pass,d:pass s=a:pass,d:pass",
        "arena.command_not_automated",
        "Sphinx's command is not applied: its command guess ability could change a duel, but the engine does not "
        "apply it in duels yet; apply it by hand",
        {"side": "attacker", "fighter": "Sphinx", "ability": "command_guess"},
    ),
    (
        "a=rey-overlord-of-trees d=gnorg-overlord-of-swamps p=a:pass,d:pass s=a:pass,d:pass",
        "arena.commands_contradict",
        "Rey, Overlord of Trees and Gnorg, Overlord of Swamps each make the Duel Zone count as a different terrain, "
        "so the commands contradict: Rey, Overlord of Trees (the lower Up number, or both when equal) is dispelled",
        {
            "first": "Rey, Overlord of Trees",
            "second": "Gnorg, Overlord of Swamps",
            "dispelled": ["Rey, Overlord of Trees"],
        },
    ),
    (
        "a=stinking-spirit a.pen=devil-dog d=swordsman d.pen=gnobby-gnomes "
        "s=a:pass,d:creature:gnobby-gnomes,a:creature:devil-dog,d:pass,a:pass",
        "arena.creature_gone",
        "the defender's Gn'Obby Gnomes cannot be played as a secondary attacker: set aside by Stinking Spirit's command",
        {
            "side": "defender",
            "card": "Gn'Obby Gnomes",
            "why_code": "fate.set_aside_by_command",
            "why_values": {"card": "Stinking Spirit"},
        },
    ),
]


@pytest.mark.parametrize(("notation", "code", "message", "values"), CASES, ids=[case[1] for case in CASES])
def test_a_duel_warning_carries_its_values_and_its_template_words_it(
    notation: str, code: str, message: str, values: dict[str, object]
) -> None:
    log = resolve_duel(parse_duel(ARENA + notation), default_catalog())
    (notice,) = [notice for notice in log.result.notices if notice.code.startswith("arena.")]
    assert (notice.code, notice.message) == (code, message)
    assert code in NOTICES
    assert values.items() <= notice.values.items()
    assert render_values(code, notice.values) == message
    # The same warning is a step of the duel's log: its sentence, written from the warning's template and values.
    (step,) = [step for step in log.steps if step.message == notice_step(code)]
    assert step.text == message[0].upper() + message[1:] + "."
    assert step.args == args_of(notice_step(code), notice.values)


def test_every_duel_warning_code_the_arena_writes_has_a_template() -> None:
    # Every code written in the duel's modules, and every Stock fate the duel announces as a warning of its own.
    written: set[str] = set()
    for path in (Path(__file__).resolve().parents[2] / "engine" / "arena").glob("*.py"):
        written |= set(re.findall(r'"(arena\.[a-z_]+)"', path.read_text(encoding="utf-8")))
    written |= {
        f"arena.{fate.value}" for fate in (StockFate.NO_TARGET, StockFate.NO_COMBAT_EFFECT, StockFate.NOT_AUTOMATED)
    }
    assert {case[1] for case in CASES} <= written
    assert not {code for code in written if code not in NOTICES and code not in MESSAGES}
