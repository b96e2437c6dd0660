"""The command step (CMD-1 to CMD-5): declaration, contradiction, dispels, command effects."""

from __future__ import annotations

from .abilities import (
    AllowsChannellingTo,
    BlankText,
    CommandAnnouncement,
    CommandBonus,
    CommandPlayFirst,
    CommandSideline,
    CommandTerrain,
    DestroyedWhenCommanding,
    Dispel,
    DispelsOpposingCommand,
    ForbidsChannelling,
    ForbidsCommands,
    ForbidsRanged,
    RangedModifier,
    SideBonus,
    StoneEvent,
    Stones,
    Suppresses,
    TextScope,
    WinsPushes,
)
from .cards import CardDefinition
from .core import CombatState
from .enums import (
    SIDES,
    Fate,
    Role,
    Side,
    StepKind,
)
from .setup import split_reference

# Kinds that work for as long as their creature is in play, a command creature included.
LASTING_KINDS = (
    SideBonus,
    ForbidsRanged,
    ForbidsChannelling,
    AllowsChannellingTo,
    WinsPushes,
    Suppresses,
    RangedModifier,
)


class CommandStep(CombatState):
    def _command_step(self) -> None:
        for side in SIDES:
            state = self.sides[side]
            reference = state.setup.command
            banned = self.terrain_rule(ForbidsCommands)
            if reference is not None and banned is not None:
                self.log(
                    StepKind.DECLARE,
                    "CMD-1",
                    f"{banned[0].name} allows no command cards: the {side.value}'s command is not played.",
                    side=side,
                    card=banned[0],
                )
                self.warnings.append(f"{side.value}: no command card may be played on {banned[0].name}")
                continue
            if reference is None:
                self.log(StepKind.DECLARE, "CMD-1", f"The {side.value} declares no command card.", side=side)
                continue
            self.log(
                StepKind.DECLARE, "CMD-1", f"The {side.value} declares that a command card will be played.", side=side
            )
            card = self.catalog.get(split_reference(reference)[0])
            state.command_card = card
            state.command_active = True
            if card.is_creature:
                fighter = self.fighter(side, reference)
                assert fighter is not None
                fighter.in_hand = False
                fighter.role = Role.COMMAND
                fighter.fate_reason = "played as the command card; stays on the table"
                state.command_fighter = fighter
            else:
                state.hand[card.slug] -= 1
        commands: dict[Side, CardDefinition] = {}
        for side in SIDES:
            command_card = self.sides[side].command_card
            if command_card is not None:
                commands[side] = command_card
        if not commands:
            return
        revealed = " and ".join(f"{side.value}: {card.name} (Up {card.up})" for side, card in commands.items())
        self.log(StepKind.REVEAL, "CMD-1", f"Command cards revealed together: {revealed}.")
        for side in commands:
            if self.sides[side].command_fighter is not None:
                self.log(
                    StepKind.NOTE,
                    "CMD-5",
                    f"{commands[side].name} lies on the table as a command card: out of reach of AOEs, never a primary attacker, a possible secondary target.",
                    side=side,
                    card=commands[side],
                )
        if len(commands) == 2:
            self._contradiction_test()
        self._dispel_magic_chains()
        self._command_dispellers()
        for side in SIDES:
            if self.sides[side].command_active:
                self._apply_command(side)

    def _conflicts(self, first: CardDefinition, second: CardDefinition) -> str:
        terrain_a, terrain_b = first.first(CommandTerrain), second.first(CommandTerrain)
        if terrain_a and terrain_b and terrain_a.terrain != terrain_b.terrain:
            return "both change the terrain type of the space"
        announce_a, announce_b = first.first(CommandAnnouncement), second.first(CommandAnnouncement)
        if announce_a and announce_b and announce_a.conflict and announce_a.conflict == announce_b.conflict:
            return "each makes the other player declare first, which cannot both be done"
        return ""

    def _contradiction_test(self) -> None:
        a = self.sides[Side.ATTACKER].command_card
        d = self.sides[Side.DEFENDER].command_card
        assert a is not None and d is not None
        reason = self._conflicts(a, d)
        if not reason:
            self.log(
                StepKind.CONTRADICTION,
                "CMD-2",
                f"{a.name} and {d.name} can both be carried out: no contradiction, both stand.",
            )
            return
        if a.up == d.up:
            for side in SIDES:
                self.sides[side].command_active = False
            self.log(
                StepKind.CONTRADICTION,
                "CMD-2",
                f"{a.name} and {d.name} contradict ({reason}); equal Up numbers ({a.up}), so both are dispelled.",
            )
            return
        loser = Side.ATTACKER if a.up < d.up else Side.DEFENDER
        self.sides[loser].command_active = False
        low, high = (a, d) if loser is Side.ATTACKER else (d, a)
        self.log(
            StepKind.CONTRADICTION,
            "CMD-2",
            f"{a.name} and {d.name} contradict ({reason}); {low.name} has the lower Up number ({low.up} against {high.up}) and is dispelled.",
            side=loser,
            card=low,
        )

    def _spend_dispel(self, side: Side) -> CardDefinition | None:
        state = self.sides[side]
        for slug, count in state.hand.items():
            card = self.catalog.get(slug)
            if count > 0 and card.first(Dispel) is not None:
                state.hand[slug] -= 1
                return card
        return None

    def _dispel_magic_chains(self) -> None:
        budgets = {side: self.sides[side].setup.dispel for side in SIDES}
        for owner in SIDES:
            state = self.sides[owner]
            if not state.command_active or state.command_card is None:
                continue
            target_name = state.command_card.name
            caster = owner.other
            standing = True
            while budgets[caster] > 0:
                card = self._spend_dispel(caster)
                if card is None:
                    break
                budgets[caster] -= 1
                standing = not standing
                if not standing:
                    text = f"The {caster.value} casts {card.name} on {target_name}."
                else:
                    text = f"The {caster.value} answers with {card.name}, cancelling the Dispel Magic aimed at {target_name}."
                self.log(StepKind.DISPEL, "CMD-3", text, side=caster, card=card)
                caster = caster.other
            if not standing:
                state.command_active = False
                self.log(
                    StepKind.DISPEL,
                    "CMD-3",
                    f"{target_name} is dispelled and has no effect.",
                    side=owner,
                    card=state.command_card,
                )

    def _command_dispellers(self) -> None:
        dispellers = [
            side
            for side in SIDES
            if self.sides[side].command_active
            and self.sides[side].command_card is not None
            and self.sides[side].command_card.first(DispelsOpposingCommand) is not None  # type: ignore[union-attr]
        ]
        for side in dispellers:
            target = self.sides[side.other]
            source = self.sides[side].command_card
            if target.command_card is None:
                continue
            if target.command_active or side.other in dispellers:
                target.command_active = False
                self.log(
                    StepKind.DISPEL,
                    "A-14",
                    f"{source.name if source else ''}'s command dispels {target.command_card.name}, whatever its Up number.",
                    side=side,
                    card=source,
                )

    def _apply_command(self, side: Side) -> None:
        state = self.sides[side]
        card = state.command_card
        assert card is not None
        applied = False
        aoe = card.command_aoe()
        if aoe is not None:
            self._fire_aoe(side, card, aoe, "AOE-1", state.command_fighter.reference if state.command_fighter else None)
            applied = True
        terrain = card.first(CommandTerrain)
        if terrain is not None:
            self.terrain = frozenset({terrain.terrain})
            self.log(
                StepKind.COMMAND_EFFECT,
                "CMD-4",
                f"{card.name}: the space counts as {terrain.terrain.value} for the rest of the combat.",
                side=side,
                card=card,
            )
            applied = True
        for bonus in card.abilities_of(CommandBonus):
            state.bonuses.append((bonus, card))
            self.log(
                StepKind.COMMAND_EFFECT,
                "CMD-4",
                f"{card.name} ({side.value}'s command): {bonus.describe().removeprefix('Command: ')}",
                side=side,
                card=card,
            )
            applied = True
        for sideline in card.abilities_of(CommandSideline):
            self._sideline(side, card, sideline)
            applied = True
        for blank in card.abilities_of(BlankText):
            if blank.scope is TextScope.ALL:
                for fighter in (f for s in SIDES for f in self.sides[s].fighters):
                    if fighter is not state.command_fighter:
                        fighter.blank = True
                self.log(
                    StepKind.COMMAND_EFFECT,
                    "CMD-4",
                    f"{card.name}: every creature's text box is blank for the rest of the combat; only printed stats count.",
                    side=side,
                    card=card,
                )
                applied = True
        for stones in card.abilities_of(Stones):
            if stones.on is StoneEvent.COMMAND:
                self.change_stones(side, stones, card, "CMD-4", "its command takes effect")
                applied = True
        for announcement in card.abilities_of(CommandAnnouncement):
            self.log(
                StepKind.COMMAND_EFFECT,
                "CMD-4",
                f"{card.name}: the {side.other.value} must {announcement.announce}; the play order given in the set-up already reflects it.",
                side=side,
                card=card,
            )
            applied = True
        first = card.first(CommandPlayFirst)
        if first is not None:
            self.log(
                StepKind.COMMAND_EFFECT,
                "CMD-4",
                f"{card.name}: the {side.other.value} must play {first.target.describe()} before any other creature.",
                side=side,
                card=card,
            )
            self._play_first = (side.other, first)
            applied = True
        if card.first(DispelsOpposingCommand) is not None:
            applied = True
        if card.first(DestroyedWhenCommanding) is not None and state.command_fighter is not None:
            step = self.log(
                StepKind.DESTROY,
                "CMD-5",
                f"{card.name} is destroyed by its own command text and will not count for control.",
                side=side,
                card=card,
                subject=state.command_fighter,
            )
            self.settle(state.command_fighter, Fate.DESTROYED, "destroyed by its own command text", step)
        lasting = [a for a in card.abilities if isinstance(a, LASTING_KINDS)]
        if lasting and state.command_fighter is not None:
            applied = True
            self.log(
                StepKind.COMMAND_EFFECT,
                "CMD-4",
                f"{card.name} is in play as the command card: " + " ".join(ability.describe() for ability in lasting),
                side=side,
                card=card,
            )
        if not applied and card.slug not in self.not_automated:
            self.log(
                StepKind.NOTE, "ENG-1", f"{card.name}'s command has no effect the engine models.", side=side, card=card
            )

    _play_first: tuple[Side, CommandPlayFirst] | None = None

    def _sideline(self, side: Side, card: CardDefinition, rule: CommandSideline) -> None:
        state = self.sides[side]
        if rule.cost:
            if state.stones < rule.cost:
                self.log(
                    StepKind.COMMAND_EFFECT,
                    "CMD-4",
                    f"{card.name} costs {rule.cost} Power Stone(s) and the {side.value} has {state.stones}: it does nothing.",
                    side=side,
                    card=card,
                )
                return
            state.stones -= rule.cost
        hands = (side.other, side) if rule.both_sides else (side.other,)
        # Command creatures already on the table are in the combat too; the card never sets itself aside.
        hit = [
            f
            for s in hands
            for f in self.sides[s].fighters
            if (f.in_hand or f.role is Role.COMMAND)
            and f.fate is Fate.STANDING
            and f is not state.command_fighter
            and rule.target.matches(f.card)
        ]
        paid = f" (paying {rule.cost} Power Stone(s))" if rule.cost else ""
        self.log(
            StepKind.COMMAND_EFFECT,
            "CMD-4",
            f"{card.name}{paid}: {rule.target.describe()} still in "
            + ("the combat on either side" if rule.both_sides else f"the {side.other.value}'s combat hand or command")
            + f" are set aside ({', '.join(f.name for f in hit) or 'none'}).",
            side=side,
            card=card,
        )
        for fighter in hit:
            self.set_aside(
                fighter,
                card,
                StepKind.COMMAND_EFFECT,
                f"{fighter.name} is set aside: it cannot fight or count for control, but it can be attacked.",
                f"set aside by {card.name}'s command",
            )
