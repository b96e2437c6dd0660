"""Match-ups played as ordered actions (rule 6.4.4, rulings A-01, A-02 and A-04).

``referee`` reads each ``m<N>`` list of a set-up before the combat starts and checks the order of
play that needs no card in play: whose turn it is, whether the bribery window is open, whether the
match-up has already ended. What it accepts becomes the per-kind decisions the procedure already
knows (bribes, spells, ranged attacks and channelling of that match-up), plus the order in which
the ranged attacks and channelling are taken after the terrain step; what it refuses is reported
with a stable code (``actions.Refusal``) and the rule broken, and the rest of the list goes on.

The turn order:

- **Bribery window (PRI-1, A-01).** The attacker bribes or passes first, then the defender; a bribe
  gives the other player one more chance (a bribe back). The window closes when both have passed in
  succession. A list that opens with anything but a bribe or a pass means both passed the window.
- **Actions (A-04).** After the terrain step the attacker acts first, then the players alternate,
  one action each turn (place a ranged attacker, use one channel source, cast one spell) or a pass.
  Two passes in succession end the match-up; the end of the list ends it too.
- **A-02.** Right after a ranged attacker is placed, its opponent may bribe it (``d:bribe:gold@archer``):
  that short window takes no turn.

Spells and items given as actions take effect at their place. Those given before the first ranged
attack, channel or item of the match-up are cast at the any-time spell point (PRI-2, which allows a
spell before PRI-3), in the order listed, so a list that opens with its spells reads as the
shorthand does. A spell or item given after one of those is cast in its turn, after PRI-8: it sees
the totals the earlier turns left, and the later turns see its effect. A Dispel Magic answers the
opposing spell given just before it.

``turn_state`` reads where a list stands (whose turn, the window, the last action) with the same
walk, so a tool offering the next action (the site's board) agrees with the referee by construction.

The per-kind clauses remain a shorthand, played in this documented order: in the bribery window
every attacker's bribe then every defender's; after the terrain step every ranged attack of the
attacker, then of the defender, then every channel of the attacker, then of the defender.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from typing import TypeAlias

from .actions import Action, ActionKind, MatchupActions, Refusal
from .enums import SIDES, Side
from .log import Notice, coded
from .render import REFUSAL_WHY, Said, action_reason
from .setup import Bribe, CardRef, Channel, CombatSetup, Moment, RangedSupport, SideSetup, SpellPlay


@dataclass(frozen=True)
class ItemUse:
    """An item card used as a turn; what it does is read from the card when its turn comes."""

    moment: Moment
    card: str
    target: str | None = None


@dataclass(frozen=True)
class GuardianUse:
    """The side's Guardian using its own ability as a turn (issue 31); what it does is read from the
    Guardian card's text when its turn comes."""

    moment: Moment
    card: str
    target: str | None = None


# One turn after the terrain step: the side, what it does, and its index in the match-up's list.
Turn: TypeAlias = "tuple[Side, RangedSupport | Channel | SpellPlay | ItemUse | GuardianUse, int]"


@dataclass(frozen=True)
class Refused:
    """An action the order of play does not allow, with its place in the match-up's list."""

    round: int
    index: int
    action: Action
    refusal: Refusal
    why: str
    # Attempted while the bribery window was open (logged there), not in the turns after PRI-8.
    in_window: bool = False
    # Whose turn it was (the value of an out-of-turn refusal's notice).
    turn: str = ""

    @property
    def reason(self) -> Said:
        """The reason as its code's message and values (``why`` is the same in words, for programs)."""
        return action_reason(self.refusal.value, self.turn)


@dataclass
class TurnPlan:
    """What ``referee`` made of a set-up's ordered actions."""

    setup: CombatSetup
    # Per match-up: the ranged attacks, channels, and the spells and items cast in their turn
    # (after the terrain step), in the order taken, each with its index in the match-up's list.
    turns: dict[int, tuple[Turn, ...]] = field(default_factory=dict)
    refused: dict[int, tuple[Refused, ...]] = field(default_factory=dict)
    # Per match-up: the index of each spell action that allows channelling (Power Lunch's kind is
    # read at run time), so a channel listed before it can be refused.
    spells: dict[int, tuple[tuple[Side, str, int], ...]] = field(default_factory=dict)
    notices: list[Notice] = field(default_factory=list)
    # Per match-up: the bribes of the bribery window in the order given, with their index.
    window: dict[int, tuple[tuple[Side, Bribe, int], ...]] = field(default_factory=dict)
    # The spell plays cast in their turn rather than at PRI-2 (by identity: equal plays may differ).
    at_turn: set[int] = field(default_factory=set)
    # Per match-up: the spells written in the bribery window right after an opposing bribe (ENG-19), each with
    # its index in the list and the index of the bribe it answers; the engine checks the card when it comes.
    window_answers: dict[int, tuple[tuple[Side, SpellPlay, int, int], ...]] = field(default_factory=dict)
    # The same plays by identity: never cast at PRI-2 or in a turn.
    in_window: set[int] = field(default_factory=set)


@dataclass(frozen=True)
class TurnState:
    """Where one match-up's list stands after the actions the referee accepted (a refused one changes
    nothing, as in play): whose turn comes next, whether the bribery window is still open, the last
    action taken, the sides that passed in the window, and whether both passed in succession after it."""

    turn: Side = Side.ATTACKER
    window_open: bool = True
    last: Action | None = None
    passed: frozenset[Side] = frozenset()
    ended: bool = False

    def answers(self, side: Side) -> bool:
        """Whether ``side`` would answer the opponent's bribe just made (a bribe back, A-01)."""
        return self.last is not None and self.last.side is not side and self.last.kind.in_bribery_window

    def may_bribe(self, side: Side) -> bool:
        """Whether ``side`` may bribe in the window now: one who passed only to answer a bribe (A-01)."""
        return self.window_open and (side not in self.passed or self.answers(side))

    def shooter_to_bribe(self, side: Side) -> CardRef | None:
        """The ranged attacker the opponent has just placed, which ``side`` may bribe at once (A-02)."""
        last = self.last
        if self.window_open or last is None or last.kind is not ActionKind.RANGED or last.side is side:
            return None
        return last.card


def turn_state(actions: MatchupActions | Iterable[Action]) -> TurnState:
    """Where a match-up's list of actions stands, as ``referee`` plays it (the one reading of the turn order)."""
    matchup = actions if isinstance(actions, MatchupActions) else MatchupActions(1, tuple(actions))
    walk = _Referee(matchup)
    walk.run()
    return walk.state


def refusal_sentence(refusal: Refusal, **values: str) -> str:
    return REFUSAL_WHY[refusal.value].format_map(values)


class _Referee:
    """Walks one match-up's list, keeping whose turn it is and which window is open."""

    def __init__(self, matchup: MatchupActions, *, answers_as_1_2: bool = False) -> None:
        self.matchup = matchup
        # The reading rules-1.2 (engine.standard_readings): a spell in the window is no answer taken there.
        self.answers_as_1_2 = answers_as_1_2
        self.moment = Moment(matchup.round)
        self.phase = "window"
        self.window_used = False
        self.window_passed: set[Side] = set()
        self.turn = Side.ATTACKER
        self.last: Action | None = None
        self.refused: list[Refused] = []
        self.bribes: dict[Side, list[Bribe]] = {side: [] for side in SIDES}
        self.window: list[tuple[Side, Bribe, int]] = []
        self.spells: dict[Side, list[SpellPlay]] = {side: [] for side in SIDES}
        self.turns: list[Turn] = []
        self.lunch_candidates: list[tuple[Side, str, int]] = []
        # A ranged attack, channel or item has been taken: later spells are cast in their turn.
        self.acted = False
        self.at_turn: list[SpellPlay] = []
        self.window_answers: list[tuple[Side, SpellPlay, int, int]] = []

    @property
    def state(self) -> TurnState:
        return TurnState(
            self.turn, self.phase == "window", self.last, frozenset(self.window_passed), self.phase == "ended"
        )

    def refuse(self, index: int, action: Action, refusal: Refusal) -> None:
        why = refusal_sentence(refusal, turn=self.turn.value)
        turn = self.turn.value if refusal is Refusal.OUT_OF_TURN else ""
        self.refused.append(Refused(self.matchup.round, index, action, refusal, why, self.phase == "window", turn))

    def run(self) -> None:
        for index, action in enumerate(self.matchup.actions):
            if self.phase == "ended":
                self.refuse(index, action, Refusal.MATCHUP_ENDED)
            elif self.phase == "window":
                self.in_window(index, action)
            else:
                self.in_turns(index, action)

    def in_window(self, index: int, action: Action) -> None:
        if (
            action.kind is ActionKind.SPELL
            and self.state.answers(action.side)
            and self.window
            and not self.answers_as_1_2
        ):
            # A spell right after the opposing bribe answers it (ENG-19: Shadow Bank Job). Like a bribe of a shooter
            # just placed it takes no turn: the player still answers the bribe with a bribe back or a pass.
            # The engine refuses it there if its card answers no bribe (the window is open).
            assert action.card is not None
            play = SpellPlay(self.moment, action.card, action.target)
            self.spells[action.side].append(play)
            self.window_answers.append((action.side, play, index, self.window[-1][2]))
            return
        if not action.kind.in_bribery_window and action.kind is not ActionKind.PASS:
            if self.window_used:
                self.refuse(index, action, Refusal.WINDOW_OPEN)
                return
            # A list that opens with an action: both players passed the bribery window.
            self.phase = "turns"
            self.in_turns(index, action)
            return
        self.window_used = True
        if action.side is not self.turn:
            self.refuse(index, action, Refusal.OUT_OF_TURN)
            return
        if action.kind is ActionKind.PASS:
            self.window_passed.add(action.side)
            if self.last is not None and self.last.kind is ActionKind.PASS and self.last.side is not action.side:
                self.phase, self.turn, self.last = "turns", Side.ATTACKER, None
                return
            self.turn, self.last = action.side.other, action
            return
        state = self.state
        if action.kind is ActionKind.BRIBE_BACK and not state.answers(action.side):
            self.refuse(index, action, Refusal.NOTHING_TO_BRIBE_BACK)
            return
        if not state.may_bribe(action.side):
            self.refuse(index, action, Refusal.WINDOW_CLOSED)
            return
        assert action.icon is not None
        bribe = Bribe(self.moment, action.icon, action.target)
        self.bribes[action.side].append(bribe)
        self.window.append((action.side, bribe, index))
        self.window_passed.discard(action.side.other)
        self.turn, self.last = action.side.other, action

    def in_turns(self, index: int, action: Action) -> None:
        if action.kind.in_bribery_window:
            shooter = self.state.shooter_to_bribe(action.side)
            shooter_just_placed = shooter is not None and action.target == shooter and action.kind is ActionKind.BRIBE
            if not shooter_just_placed:
                self.refuse(index, action, Refusal.WINDOW_CLOSED)
                return
            assert action.icon is not None
            # the short window of a creature that arrived after PRI-1 takes no turn.
            self.bribes[action.side].append(Bribe(self.moment, action.icon, action.target))
            return
        if action.side is not self.turn:
            self.refuse(index, action, Refusal.OUT_OF_TURN)
            return
        previous, self.last, self.turn = self.last, action, action.side.other
        if action.kind is ActionKind.PASS:
            if previous is not None and previous.kind is ActionKind.PASS:
                self.phase = "ended"
            return
        assert action.card is not None
        if action.kind is ActionKind.RANGED:
            self.turns.append((action.side, RangedSupport(self.matchup.round, action.card), index))
        elif action.kind is ActionKind.CHANNEL:
            self.turns.append((action.side, Channel(self.moment, action.card, action.amount, action.target), index))
        elif action.kind is ActionKind.SPELL:
            play = SpellPlay(self.moment, action.card, action.target)
            self.spells[action.side].append(play)
            self.lunch_candidates.append((action.side, str(action.card), index))
            if self.acted:
                self.turns.append((action.side, play, index))
                self.at_turn.append(play)
            return
        elif action.kind is ActionKind.GUARDIAN:
            self.turns.append((action.side, GuardianUse(self.moment, action.card, action.target), index))
        else:
            self.turns.append((action.side, ItemUse(self.moment, action.card, action.target), index))
        self.acted = True


def _without_round(side: SideSetup, round_number: int) -> tuple[SideSetup, list[str]]:
    """The side's per-kind decisions with those of one match-up taken out, and the clauses dropped."""
    moment = Moment(round_number)
    dropped = [f"ranged {s.round}:{s.creature}" for s in side.ranged if s.round == round_number]
    dropped += [f"bribe {b.moment}:{b.icon.value}" for b in side.bribes if b.moment == moment]
    dropped += [f"spell {p.moment}:{p.card}" for p in side.spells if p.moment == moment]
    dropped += [f"channel {c.moment}:{c.source}" for c in side.channels if c.moment == moment]
    kept = replace(
        side,
        ranged=tuple(s for s in side.ranged if s.round != round_number),
        bribes=tuple(b for b in side.bribes if b.moment != moment),
        spells=tuple(p for p in side.spells if p.moment != moment),
        channels=tuple(c for c in side.channels if c.moment != moment),
    )
    return kept, dropped


def referee(setup: CombatSetup) -> TurnPlan:
    """The set-up the procedure plays (each ordered match-up turned into its per-kind decisions),
    with the order of the turns and every refusal."""
    if not setup.actions:
        return TurnPlan(setup)
    plan = TurnPlan(setup)
    sides = {Side.ATTACKER: setup.attacker, Side.DEFENDER: setup.defender}
    for matchup in setup.actions:
        referee_ = _Referee(matchup, answers_as_1_2=setup.readings.answers_as_1_2)
        referee_.run()
        for side in SIDES:
            kept, dropped = _without_round(sides[side], matchup.round)
            for clause in dropped:
                plan.notices.append(
                    coded("action.shorthand_ignored", "A-04", side=side.value, clause=clause, round=matchup.round)
                )
            sides[side] = replace(
                kept,
                ranged=kept.ranged
                + tuple(t for s, t, _ in referee_.turns if s is side and isinstance(t, RangedSupport)),
                channels=kept.channels + tuple(t for s, t, _ in referee_.turns if s is side and isinstance(t, Channel)),
                bribes=kept.bribes + tuple(referee_.bribes[side]),
                spells=kept.spells + tuple(referee_.spells[side]),
            )
        plan.turns[matchup.round] = tuple(referee_.turns)
        plan.refused[matchup.round] = tuple(referee_.refused)
        plan.spells[matchup.round] = tuple(referee_.lunch_candidates)
        plan.window[matchup.round] = tuple(referee_.window)
        plan.at_turn.update(id(play) for play in referee_.at_turn)
        if referee_.window_answers:
            plan.window_answers[matchup.round] = tuple(referee_.window_answers)
            plan.in_window.update(id(play) for _, play, _, _ in referee_.window_answers)
    plan.setup = replace(setup, attacker=sides[Side.ATTACKER], defender=sides[Side.DEFENDER])
    return plan
