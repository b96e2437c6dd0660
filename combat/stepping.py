"""Turn a resolved combat into what the step-through page shows at one step.

The engine's log is a flat list of steps. Here it is grouped into chapters (the set-up, the command
step, each match-up, each secondary attack, the resolution) so a reader can jump to a match-up,
and each creature of the current chapter gets a tile with its running total and the chain of terms
that explains it. Nothing is computed twice: totals, chains and fates all come from the log.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from engine.catalog import CardCatalog
from engine.enums import Phase, StepKind
from engine.log import CombatLog, CreatureOutcome, Step, Term, chain_text

PHASE_LABELS = {
    Phase.SETUP: "Set-up",
    Phase.COMMAND: "Command step",
    Phase.PRIMARY: "End of the primary attacks",
    Phase.SECONDARY: "Secondary attacks",
    Phase.RESOLUTION: "Resolution",
}
PHASE_NAMES = {
    Phase.SETUP: "Set-up",
    Phase.COMMAND: "Command step",
    Phase.PRIMARY: "Primary attacks",
    Phase.SECONDARY: "Secondary attacks",
    Phase.RESOLUTION: "Resolution",
}
FATE_LABELS = {
    "standing": "Standing",
    "beaten": "Beaten",
    "destroyed": "Destroyed",
    "bribed": "Bribed: left the combat",
    "discarded_by_aoe": "Discarded by an AOE",
    "out_of_play": "Out of play",
}
# Steps whose number is a change to one creature's total (as opposed to a count or an attack sum).
MODIFIER_KINDS = frozenset(
    {StepKind.BONUS, StepKind.OFF_COLOUR, StepKind.TERRAIN, StepKind.RANGED, StepKind.CHANNEL, StepKind.SPELL}
)


def step_number(raw: str | None, count: int) -> int:
    """The step a link's ``step`` asks for: "end" is the result, anything unreadable the first step."""
    if raw == "end":
        return count
    try:
        return max(0, min(int(raw or 0), count))
    except ValueError:
        return 0


def rule_url(rule: str) -> str:
    return f"/rules/id/{rule}/"


def chapter_key(step: Step) -> str:
    return step.moment or step.phase.value


def chapter_label(step: Step) -> str:
    if step.moment.startswith("s"):
        return f"Secondary attack {step.moment[1:]}"
    if step.moment:
        return f"Match-up {step.moment}"
    return PHASE_LABELS[step.phase]


@dataclass(frozen=True)
class Chapter:
    key: str
    label: str
    first: int
    last: int

    def holds(self, index: int) -> bool:
        return self.first <= index <= self.last


def chapters_of(steps: tuple[Step, ...]) -> list[Chapter]:
    chapters: list[Chapter] = []
    for step in steps:
        key = chapter_key(step)
        if chapters and chapters[-1].key == key:
            last = chapters[-1]
            chapters[-1] = Chapter(last.key, last.label, last.first, step.index)
        else:
            chapters.append(Chapter(key, chapter_label(step), step.index, step.index))
    return chapters


@dataclass(frozen=True)
class StepView:
    step: Step
    phase_label: str
    chapter_label: str
    # The step's card is made up in the set-up: it is named, not linked to a card page.
    card_made_up: bool = False

    @property
    def rule_url(self) -> str:
        return rule_url(self.step.rule)

    @property
    def signed_delta(self) -> str:
        delta = self.step.delta
        if delta is None:
            return ""
        return f"+{delta}" if delta >= 0 else str(delta)

    @property
    def is_modifier(self) -> bool:
        return self.step.kind in MODIFIER_KINDS and self.step.delta is not None


@dataclass(frozen=True)
class CreatureTile:
    id: str
    side: str
    slug: str
    name: str
    border: str
    printed: int
    total: int
    chain: tuple[Term, ...]
    fate: str
    fate_label: str
    turned: bool
    bribery: tuple[str, ...] = ()
    flying: bool = False
    ranged: int | None = None
    command: bool = False
    made_up: bool = False

    @property
    def chain_text(self) -> str:
        return chain_text(self.chain) if len(self.chain) > 1 else ""

    @property
    def changed(self) -> bool:
        return self.total != self.printed

    @property
    def card_url(self) -> str:
        """The card's page; '' for a made-up card, which has none."""
        return "" if self.made_up else f"/cards/{self.slug}/"


@dataclass(frozen=True)
class CommandCard:
    side: str
    slug: str
    name: str
    dispelled: bool


@dataclass(frozen=True)
class AttackSum:
    """The running sum of a secondary attack against one target."""

    total: int
    chain: str


@dataclass
class StepThrough:
    log: CombatLog
    catalog: CardCatalog
    current: int
    chapters: list[Chapter]
    views: list[StepView]
    tiles: list[CreatureTile] = field(default_factory=list)
    commands: list[CommandCard] = field(default_factory=list)
    attack_sum: AttackSum | None = None

    @property
    def notation(self) -> str:
        return self.log.notation

    @property
    def count(self) -> int:
        return len(self.views)

    @property
    def at_end(self) -> bool:
        return self.current >= self.count

    @property
    def end_index(self) -> int:
        return self.count

    @property
    def step(self) -> StepView | None:
        return None if self.at_end else self.views[self.current]

    @property
    def chapter(self) -> Chapter | None:
        return next((chapter for chapter in self.chapters if chapter.holds(self.current)), None)

    @property
    def chapter_steps(self) -> list[StepView]:
        """The steps of the current chapter so far: every modifier as it has applied."""
        chapter = self.chapter
        if chapter is None:
            return []
        return self.views[chapter.first : self.current + 1]

    @property
    def previous_index(self) -> int | None:
        return self.current - 1 if self.current > 0 else None

    @property
    def next_index(self) -> int | None:
        return self.current + 1 if self.current < self.count else None

    @property
    def position(self) -> int:
        return min(self.current, self.count - 1) + 1

    @property
    def primary_chapters(self) -> list[Chapter]:
        return [chapter for chapter in self.chapters if chapter.key.isdigit()]

    @property
    def result(self) -> ResultView:
        return ResultView(self.log, self.catalog)


def step_through(log: CombatLog, catalog: CardCatalog, current: int) -> StepThrough:
    current = max(0, min(current, len(log.steps)))
    chapters = chapters_of(log.steps)
    made_up = set(log.result.made_up)
    views = [StepView(step, PHASE_NAMES[step.phase], chapter_label(step), step.card in made_up) for step in log.steps]
    view = StepThrough(log=log, catalog=catalog, current=current, chapters=chapters, views=views)
    chapter = view.chapter
    if chapter is None:
        return view
    chapter_steps = log.steps[chapter.first : current + 1]
    view.tiles = _tiles(log, catalog, chapter, chapter_steps, current)
    if chapter.key == Phase.COMMAND.value:
        view.commands = _commands(log, current)
    if chapter.key.startswith("s"):
        sums = [step for step in chapter_steps if step.total is not None]
        if sums:
            view.attack_sum = AttackSum(sums[-1].total or 0, sums[-1].chain_text)
    return view


def _tile_ids(log: CombatLog, chapter: Chapter) -> list[str]:
    ids: list[str] = []
    if chapter.key.isdigit():
        for matchup in log.result.matchups:
            if matchup.round == int(chapter.key):
                ids += [matchup.attacker, matchup.defender]
    if chapter.key.isdigit() or chapter.key.startswith("s"):
        for step in log.steps[chapter.first : chapter.last + 1]:
            if step.subject and step.subject not in ids:
                ids.append(step.subject)
    known = {creature.id for creature in log.result.creatures}
    # Attackers on the left, defenders on the right, each side in the order they appeared.
    return sorted((id_ for id_ in ids if id_ in known), key=lambda id_: (not id_.startswith("a"), ids.index(id_)))


def _tiles(
    log: CombatLog, catalog: CardCatalog, chapter: Chapter, so_far: tuple[Step, ...], current: int
) -> list[CreatureTile]:
    outcomes = {creature.id: creature for creature in log.result.creatures}
    in_primary = chapter.key.isdigit()
    tiles = []
    for id_ in _tile_ids(log, chapter):
        outcome = outcomes[id_]
        total, chain = outcome.vitality, (Term(outcome.name, outcome.vitality),)
        if in_primary:
            for step in so_far:
                if step.subject == id_ and step.total is not None:
                    total, chain = step.total, step.chain or chain
        turned = any(step.kind is StepKind.IMMUNITY and step.subject == id_ for step in so_far)
        tiles.append(_tile(catalog, outcome, total, chain, turned, current))
    return tiles


def _tile(
    catalog: CardCatalog, outcome: CreatureOutcome, total: int, chain: tuple[Term, ...], turned: bool, current: int
) -> CreatureTile:
    card = catalog.find(outcome.card)
    decided = outcome.step is not None and outcome.step <= current
    fate = outcome.fate.value if decided else "in_play"
    return CreatureTile(
        id=outcome.id,
        side=outcome.side.value,
        slug=outcome.card,
        name=outcome.name,
        border=card.border.value if card and card.border else "",
        printed=outcome.vitality,
        total=total,
        chain=chain,
        fate=fate,
        fate_label=FATE_LABELS.get(fate, "In play"),
        turned=turned,
        bribery=tuple(sorted(icon.value for icon in card.bribery)) if card else (),
        flying=bool(card and card.flying),
        ranged=card.ranged_attack if card else None,
        command=bool(card and card.command),
        made_up=outcome.made_up,
    )


def _commands(log: CombatLog, current: int) -> list[CommandCard]:
    """The command cards played, each shown dispelled once the step that dispelled it is reached."""
    return [
        CommandCard(
            command.side.value,
            command.card,
            command.name,
            command.dispelled and command.step is not None and command.step <= current,
        )
        for command in log.result.commands
    ]


@dataclass(frozen=True)
class MatchupRow:
    round: int
    first_step: int
    attacker: str
    defender: str
    attacker_total: int | None
    defender_total: int | None
    outcome: str


@dataclass(frozen=True)
class ResultView:
    """The final screen: every creature's fate, the totals for control, the space and the retreat."""

    log: CombatLog
    catalog: CardCatalog

    @property
    def winner(self) -> str:
        return self.log.result.winner.value

    def creatures_of(self, side: str) -> list[CreatureOutcome]:
        return [creature for creature in self.log.result.creatures if creature.side.value == side]

    @property
    def attacker_creatures(self) -> list[CreatureOutcome]:
        return self.creatures_of("attacker")

    @property
    def defender_creatures(self) -> list[CreatureOutcome]:
        return self.creatures_of("defender")

    @property
    def attacker_chain(self) -> str:
        return chain_text(self.log.result.attacker_chain)

    @property
    def defender_chain(self) -> str:
        return chain_text(self.log.result.defender_chain)

    @property
    def is_tie(self) -> bool:
        return self.log.result.attacker_total == self.log.result.defender_total

    @property
    def not_automated(self) -> list[tuple[str, str, str]]:
        """(name, slug, reason) of every card whose effect the engine left for a person to apply."""
        rows = []
        made_up = set(self.log.result.made_up)
        for slug, reason in self.log.result.not_automated:
            card = self.catalog.find(slug)
            # A made-up card has no page: its slug is left out, so it is named without a link.
            rows.append((card.name if card else slug, "" if slug in made_up else slug, reason))
        return rows

    @property
    def matchups(self) -> list[MatchupRow]:
        names = {creature.id: creature.name for creature in self.log.result.creatures}
        firsts = {chapter.key: chapter.first for chapter in chapters_of(self.log.steps)}
        return [
            MatchupRow(
                round=matchup.round,
                first_step=firsts.get(str(matchup.round), 0),
                attacker=names.get(matchup.attacker, matchup.attacker),
                defender=names.get(matchup.defender, matchup.defender),
                attacker_total=matchup.attacker_total,
                defender_total=matchup.defender_total,
                outcome=matchup.outcome,
            )
            for matchup in self.log.result.matchups
        ]

    @property
    def needs(self) -> list[tuple[str, int]]:
        names = {creature.id: creature.name for creature in self.log.result.creatures}
        return [(names.get(id_, id_), max(need, 0)) for id_, need in self.log.result.needs]


def fate_label(fate: str) -> str:
    return FATE_LABELS.get(fate, fate.replace("_", " "))
