"""The one mutable state of a combat: fighters, sides, hands, stones, terrain, effects in force and the log.

The procedure's modules (``command_step``, ``primary_step``, ``secondary_step``, ``resolver`` and the
effect modules they call) are functions acting on a ``Combat``; nothing here resolves anything. It
is built from a set-up, validated once unless the caller has already done so.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from .abilities import CommandPlayFirst, OutOfCombat
from .cards import DEFAULT_GUARDIAN, CardDefinition
from .catalog import CardCatalog
from .effects import effects_for
from .enums import SIDES, Phase, Side, Terrain
from .log import CardOutcome, Matchup, Notice, SecondaryOutcome, Step, Why
from .made_up import catalog_for
from .render import STANDARD_WORDS, Words, render_values
from .setup import CombatSetup, SpellPlay, copy_references, face_down, split_reference
from .state import Contribution, Fighter, Shot, SideState
from .turns import Refused, referee
from .validate import check, resolve_terrain


class Combat:
    """Everything one combat changes as it is resolved. Create it from a set-up; the procedure's
    functions read and write it, and ``resolver.run`` turns it into a ``CombatLog``."""

    play_first: tuple[Side, CommandPlayFirst] | None = None
    # A command that makes both sides play from the lowest Vitality up (Wheel of Law), while it stands.
    lowest_first: CardDefinition | None = None
    channellers_penned: tuple[tuple[Side, CardDefinition], ...] = ()
    space_won_by: Side | None = None
    ended_unchallenged: bool = False
    lunched: dict[Side, Fighter]
    spell_decided: str | None = None
    first_bonus_taken: dict[int, Fighter]
    forced_push: Fighter | None = None
    # A partial answer: stop once the command step (0) or primary match-up N is over.
    stop_after: int | None = None
    # False while exploring: only the result's counts are read, so steps are counted but not written (core.log).
    for_reader = True
    effect_shots: tuple[Shot, ...] = ()
    discarded_items: tuple[tuple[Side, str], ...] = ()
    terrain_razed = False
    left_by: Side | None = None
    stayers_doomed: tuple[tuple[Side, CardDefinition], ...] = ()
    # While a bribe of an ordered bribery window is played: the spells written right after it, the only ones that
    # may answer it (ENG-19).
    ordered_window = False
    bribe_answers: tuple[SpellPlay, ...] = ()

    def __init__(self, setup: CombatSetup, catalog: CardCatalog, *, checked: bool = False) -> None:
        # ``checked``: the caller has already validated an equivalent set-up (exploration reuses one check).
        # Ordered match-up actions become the per-kind decisions the procedure plays (turns.py);
        # ``given`` is the set-up as written, which the log prints back.
        self.given = setup
        self.plan = referee(setup)
        setup = self.plan.setup
        if not checked:
            check(setup, catalog)
        catalog = catalog_for(setup, catalog)
        self.setup = setup
        self.notices: list[Notice] = []
        self.catalog = catalog
        self.steps: list[Step] = []
        self.warnings: list[str] = []
        for notice in self.plan.notices:
            self.notify(notice)
        self.not_automated: dict[str, str] = {}
        self.matchups: list[Matchup] = []
        self.phase = Phase.SETUP
        self.moment = ""
        terrain = resolve_terrain(catalog, setup.terrain)
        assert terrain is not None
        self.terrain_card, self.terrain = terrain
        # The space's terrain is a card laid face down (rule 8.2.2b), possibly named by the set-up.
        self.face_down, named = face_down(setup.terrain)
        self.face_down_card = catalog.get(split_reference(named)[0]) if named else None
        # The set-up's terrain of the space the combat is fought on (a command can move the combat).
        self.space_ref = setup.terrain
        self.sides = {side: self.side_state(side) for side in SIDES}
        # The Guardian cards whose text acts in a combat (Siin, Grahzue): read like cards in play (core.active_effects).
        self.guardian_texts: tuple[tuple[Side, CardDefinition], ...] = tuple(
            (side, card)
            for side in SIDES
            if (card := self.sides[side].guardian_card) is not None
            and any(not isinstance(ability, OutOfCombat) for ability in card.abilities)
        )
        self.secondary_side: Side | None = None
        # Most combats hold few kinds of ability; asking for an absent kind should cost nothing.
        self.kinds_present = {
            type(ability)
            for state in self.sides.values()
            for card in [
                *(f.card for f in state.fighters),
                # The creature items carried in the stack (their kinds act on the creatures beside them).
                *(self.catalog.get(split_reference(reference)[0]) for reference in state.setup.items),
                *state.shield_cards,
                *state.earlier_cards,
                *([state.stronghold] if state.stronghold is not None else []),
                *(card for side, card in self.guardian_texts),
            ]
            for ability in card.abilities
        }
        # The effects registered at each point of the procedure whose kinds are present (effects.py).
        self.effects_at: dict[str, list[Callable[..., Any]]] = effects_for(self.kinds_present)
        self.first_bonus_taken: dict[int, Fighter] = {}
        # Creatures that beat a card whose text destroys them unless their side holds the space (RES-3).
        self.doomed_victors: list[tuple[Fighter, Fighter]] = []
        # Ranged attacks and channelling a card has barred for the rest of the combat, and the
        # answering spells waiting in the current match-up for the opposing act they answer.
        self.ranged_barred: dict[Side, CardDefinition] = {}
        # The Guardian card whose ability ended all channelling for the rest of the combat (Siin, ENG-22).
        self.channelling_barred: CardDefinition | None = None
        self.pending_reactions: dict[Side, list[tuple[CardDefinition, SpellPlay]]] = {side: [] for side in SIDES}
        self.waiting_shooters: list[Fighter] = []
        self.live_shooters: list[Fighter] = []
        self.shot_channels: dict[int, Contribution] = {}
        self.secondary_needs: tuple[tuple[str, int], ...] = ()
        # Result data gathered as the procedure goes (the log's sentences are never read back).
        self.secondary_outcomes: list[SecondaryOutcome] = []
        self.card_uses: list[CardOutcome] = []
        self.terrain_after_command: frozenset[Terrain] = frozenset()
        self.defender_in_stronghold = self.sides[Side.DEFENDER].stronghold is not None
        stronghold = self.sides[Side.DEFENDER].stronghold
        if (
            stronghold is not None
            and stronghold.stronghold
            and stronghold.stronghold.counts_as_terrain
            and not self.terrain
            and not self.face_down
        ):
            self.terrain = frozenset({stronghold.stronghold.counts_as_terrain})

        # A reclassed fighter's printed card, kept to restore it; fighters whose change ends with the primaries.
        self.printed_cards: dict[int, CardDefinition] = {}
        self.reclassed_until_primaries: list[Fighter] = []
        self.shared_class_sides: set[Side] = set()
        self.first_creature: dict[Side, Fighter] = {}
        self.swapped: set[int] = set()
        # Spent once per combat: the bribe reactions used (by card identity) and the sides that bribed with an item.
        self.bribe_reactions_spent: set[int] = set()
        self.item_bribes_spent: set[Side] = set()
        # The refused actions of the current match-up not logged yet (core.announce_refusals).
        self.refusals_pending: list[Refused] = []

    def notify(self, notice: Notice) -> None:
        """A warning with a stable code: kept as data and shown among the warnings, code included."""
        self.notices.append(notice)
        self.warnings.append(f"{notice.message} ({notice.code})")

    def warn(self, code: str, rule: str, template: str | None = None, **values: object) -> None:
        """A warning worded by the template ``code`` (or ``template``) names in render.NOTICES, in the
        rule set's words (``words``), kept with its values."""
        self.notify(Notice(code, render_values(template or code, values, self.words()), rule, values))

    def words(self) -> Words:
        """The words of the rule set the combat is fought under, at this point of it: the standard
        ones here; an Arena duel (``arena.duel.DuelCombat``) gives its round's."""
        return STANDARD_WORDS

    def say(self, why: Why) -> str:
        """A reason worded now, in the rule set's words at this point (a refusal, or the reason nested
        in another): its code and values stay as they are."""
        return render_values(why.code, why.values, self.words())

    # ----------------------------------------------------------------- set-up
    def side_state(self, side: Side) -> SideState:
        setup = self.setup.side(side)
        cards = [self.catalog.get(split_reference(reference)[0]) for reference in setup.creatures]
        fighters = [
            Fighter(id=f"{side.letter}{index + 1}", side=side, card=card, reference=reference)
            for index, (card, reference) in enumerate(zip(cards, copy_references([c.slug for c in cards]), strict=True))
        ]
        guardian_card = self.catalog.get(setup.guardian) if setup.guardian else None
        guardian = guardian_card.guardian if guardian_card and guardian_card.guardian else DEFAULT_GUARDIAN
        hand: Counter[str] = Counter()
        for reference in setup.hand:
            hand[self.catalog.get(reference).slug] += 1
        channellers = [(self.catalog.get(split_reference(ref)[0]), ref) for ref in setup.channellers]
        state = SideState(
            side=side,
            setup=setup,
            fighters=fighters,
            guardian=guardian,
            stones=guardian.stones if setup.stones is None else setup.stones,
            hand=hand,
            channellers=channellers,
            shield_cards=[self.catalog.get(ref) for ref in setup.shields],
            stronghold=self.catalog.get(setup.stronghold) if setup.stronghold else None,
            earlier_cards=[self.catalog.get(ref) for ref in setup.earlier],
            guardian_card=guardian_card,
        )
        return state
