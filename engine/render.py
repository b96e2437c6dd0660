"""The one place the engine's events become English.

Each step of a combat names its sentence here (``Step.message``) and carries the values that fill
it in (``Step.args``, in the order the template first names them). The procedure's modules never
build a sentence for the log; they record events, and ``render`` writes them out when someone reads
``Step.text``. Exploring thousands of orders therefore never formats a sentence; a refusal's step
(``refusal_step``) and a warning said as a step (``notice_step``) are written from their code's template.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from string import Formatter
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .log import Term

MESSAGES: dict[str, str] = {
    "made_up": "{name} ({slug}) is a made-up card defined in this set-up, not a printed one.",
    # An action of an ordered match-up that the order of play refuses: {action} is the action in words
    # (``action_step``), {why} the refusal's reason (``action_reason_step``), each a message with its values.
    "action.refused": "{words.Matchup_n:{round}}: the {side}'s {action} is refused ({code}): {why}.",
    # One action in words, with the cards it names as values (core.action_said); {source} is "the Guardian" or a
    # channeller's name.
    "action.ranged": "ranged attack by {shooter}",
    "action.ranged.at": "ranged attack by {shooter} for {target}",
    "action.spell": "{card}",
    "action.spell.at": "{card} on {target}",
    "action.item": "{card}",
    "action.item.at": "{card} on {target}",
    "action.guardian": "{card}'s own ability",
    "action.guardian.at": "{card}'s own ability on {target}",
    "action.channel": "channel from {source}",
    "action.channel.at": "channel from {source} into {target}",
    "action.channel.stones": "channel of {amount} stones from {source}",
    "action.channel.stones.at": "channel of {amount} stones from {source} into {target}",
    "action.bribe": "bribe with {card}",
    "action.bribe.at": "bribe with {card} on {target}",
    "action.bribe-back": "bribe back with {card}",
    "action.bribe-back.at": "bribe back with {card} on {target}",
    "action.pass": "pass",
    # A duel's secondary-round plays (arena.rounds.play_said).
    "action.creature": "{card} as a secondary attacker",
    "action.creature.at": "{card} as a secondary attacker against {target}",
    "action.shield": "{card}",
    "action.shield.at": "{card} on {target}",
    "use_item.not_applied": "The {side}'s item action {card} is not applied: {why}.",
    "cast_in_turn.class_late": "{card} changes {fighter}'s class after the text-box step: the bonuses counted there stand, and the new class counts for the turns after it and for the rest of the combat.",
    "turn.decided": "The {side}'s {action} is not made: a spell has already decided this {words.matchup}.",
    # Guardians Arena duels (engine/arena): one sentence per event, ids ARN-1 to ARN-27.
    "arena.reveal": "Both duellists are revealed in the Duel Zone: {attacker} ({av}) for the player with Initiative, {defender} ({dv}) for the other player.",
    "arena.terrain": "The terrain in the Duel Zone gives it the types: {types}.",
    "arena.bearer": "{card} stands beside the {side}'s Guardian: its text for creatures under it applies while it is in play.",
    "arena.sacrifice": "In Phase I the {side} sacrificed {own} to destroy {other}: both are in their discard piles and neither applies in the duel.",
    "arena.command": "{fighter}'s command takes effect on being revealed: {amount:+d} Vitality, for both rounds.",
    "arena.flying": "{flier} flies and {opponent} does not: {opponent}'s total of {total} counts as 0 against it in the primary round.",
    "arena.red": "{fighter}'s red number {red} minus its Vitality {black} gives the {side} {change:+d}: now {total}.",
    "arena.primary_won": "End of the primary round: {at} against {dt}. {winner} wins the round: the {side} holds the upper hand for now.",
    "arena.primary_tie": "End of the primary round: {at} against {dt}, equal totals. Neither creature has the upper hand.",
    "arena.left_zone": "{gone} left the Duel Zone in the {round} round: the duel has no comparison, the creature left stands alone.",
    "arena.secondary_first": "Secondary round: the Creature Pen joins each hand; the {side} acts first.",
    "arena.no_secondary": "Both players pass at once in the secondary round: under the reading {reading} of rule 6.7.5 the primary result stands.",
    "arena.passes_compared": "Both players pass at once in the secondary round: under the reading {reading} of rule 6.7.5 (the Arena rules' step 6 as published) the two sides are compared again, every primary-round modifier dropped but command abilities.",
    "arena.secondary_attacker": "At the end of the round, the {side}'s secondary attacker {fighter} brings {total} against {opponent}.",
    "arena.shield": "The {side} plays {shield}: {target}'s Vitality no longer counts in this battle.",
    "arena.secondary_won": "End of the secondary round: {at} against {dt}. {winner} wins the duel for the {side}.",
    "arena.secondary_tie": "End of the secondary round: {at} against {dt}, equal totals. There is no winner.",
    "arena.deck_bottom": "{fighter}, a secondary attacker, goes face down to the bottom of the {side}'s deck.",
    "arena.tie": "No winner: {attacker} and {defender} go back to their owners' Creature Pens.",
    "arena.victorious": "{winner} stays in the Duel Zone and {loser} goes to the discard pile; {winner} leaves the arena victorious under the {side}'s Guardian ({count} victorious).",
    "arena.captured": "{winner} beats {loser}, but the {side}'s unopposed {shield} captures it in the raid: it becomes a Prison-Shield with {winner} beneath it.",
    "arena.not_taken": "Action {number} ({side}: {action}) is not taken: a duellist has already left the Duel Zone.",
    "arena.played_then_cancelled": "The {side} plays {card}; the opposing {dispel} that answers it cancels it.",
    "arena.item_in_play": "The {side} puts {card} in play: its bonus counts among the modifiers at the end of this round.",
    "arena.command_terrain": "{fighter}'s command makes the Duel Zone count as {terrain} for this battle.",
    "arena.command_forbids": "{fighter}'s command forbids casting for this battle.",
    "arena.command_for_secondary": "{fighter}'s command works for the {side}'s secondary attackers: {what}.",
    "arena.secondary_enters": "The {side} plays {fighter} as a secondary attacker against {opponent}.",
    # Summon Entropy Storm's winning roll in a duel (arena rule 6.8.5, ARN-43).
    "arena.roll_wins": "The {side} casts {card} on {fighter} and rolls {roll}: {wins_from} or more, so {fighter} wins the primary round. Nothing more may change this round (site ruling).",
    "arena.primary_by_roll": "End of the primary round: {card} has decided it, so no totals are compared. {winner} wins the round: the {side} holds the upper hand for now.",
    # Text that settles a close primary match-up, in the primary round (arena rule 6.8.6, ARN-44).
    "arena.short_margin": "{high} leads by only {lead}, and {low} can be beaten only by a lead of {needed} or more: the primary round is a push.",
    "arena.push_won": "The totals are equal, and {winner}'s side wins every push: {winner} wins the primary round over {opponent}.",
    "arena.primary_push": "End of the primary round: {at} against {dt}, a push. Neither creature has the upper hand.",
    # A terrain card's rule that lets an action count on its space (site ruling 6.8.8, ARN-46): the card named with the
    # points the action added, which count only because of it.
    "arena.terrain_allows_ranged": "{card} lets {shooter}'s ranged attack count on this space, which counts as Woods: {fighter} has {delta:+d} from it, now {total}.",
    "arena.terrain_allows_channel": "{card} lets {fighter} receive channelling on this space, which its red bar forbids elsewhere: {delta:+d} from it, now {total}.",
    "arena.not_taken_decided": "Action {number} ({side}: {action}) is not taken: {card} has already decided the primary round.",
    # Sentences with several forms, one message per form.
    "compare.no_comparison": "no comparison: {gone}",
    "compare.both_turned": "both are turned, so neither can beat the other: both survive",
    "compare.push": "equal totals: a push, both survive and neither is beaten",
    "compare.push_won": "equal totals, but {winner}'s side wins pushes: it beats {faced}",
    "compare.turned": "{high} has more but was turned, so it cannot beat {low}: both survive",
    "compare.short_margin": "{high} leads by only {margin}; {low} can be beaten only by {needed} or more, so it is a push",
    "compare.beats": "{high} beats {low}",
    "compare.reversed": "{high} leads by {margin}, but {source}'s command makes its side win a {words.matchup} lost by more than {limit}: {low} beats {high}",
    "compare.withdrawn": "{outcome}; {winner} goes back to the hand instead",
    "ranged.places": "The {side} places {shooter} beside {fighter} as a ranged attacker.",
    "ranged.command_fires": "{shooter}, the {side}'s command, fires into the {words.matchup} beside {fighter}.",
    "check_drawn_ranged.broken": "{drawer} draws every ranged attack the {other} can make, but {fighter}, still in his hand, is not planned to fire in {words.matchup_n:{round}}: the set-up breaks this rule.",
    "shot_effect.helps_only": "{shooter}'s ranged attack helps only {supported}; {fighter} is not one, so it has no effect.",
    "shot_effect.push": "{shooter}'s ranged attack makes the {words.matchup} a push at {total} each: neither side may change it any further.",
    "shot_effect.destroys_on_win": "{shooter}'s ranged attack adds no points, but if {fighter} wins this {words.matchup}, {opponent} is destroyed rather than beaten.",
    "shot_effect.no_ocb": "{shooter}'s ranged attack would give {fighter} its off-colour bonus, but it has none.",
    "shot_effect.has_ocb": "{fighter} already has its off-colour bonus: {shooter}'s ranged attack adds nothing.",
    "shot_effect.ocb_suppressed": "{shooter}'s ranged attack would give {fighter} its off-colour bonus, but {suppressor}'s text takes it away.",
    "bribery_shots.refused": "{source}'s command: the {side}'s {wanted} {card} card(s) are not fired in {words.matchup_n:{round}}: {refusal}.",
    "dispel_magic_chains.casts": "The {caster} casts {card} on {target}.",
    "dispel_magic_chains.answers": "The {caster} answers with {card}, cancelling the Dispel Magic aimed at {target}.",
    "apply_command.lasting": "{card} is in play as the command card: {abilities}",
    "stone_bid.raised": "{card}: the players bid Power Stones for the space{given}; the {side} bids {bid}, the {other} bids {other_bid}. The {winner} outbids the other and holds the space.",
    "stone_bid.not_raised": "{card}: the players bid Power Stones for the space{given}; the {side} bids {bid}, the {other} does not raise. The {winner} outbids the other and holds the space.",
    "sideline_picked.drawn": "{card}: the card drawn from the {other}'s combat hand is {drawn}.",
    "sideline_picked.drawn.unnamed": "{card}: the card drawn from the {other}'s combat hand is {drawn} (the set-up names no card, so the first one held).",
    "sideline_picked.empty": "{card}: the card drawn from the {other}'s combat hand is none (the hand is empty).",
    "sideline_picked.empty.unnamed": "{card}: the card drawn from the {other}'s combat hand is none (the hand is empty) (the set-up names no card, so the first one held).",
    "pen_channellers.both": "{card}{paid}: {what} still in the combat on either side are set aside ({hit}).",
    "pen_channellers.hand": "{card}{paid}: {what} still in the {other}'s combat hand or command are set aside ({hit}).",
    "discard_from_hands.one": "{card}: the {side} discards one of its {what} still in the combat hand ({held}).",
    "discard_from_hands.every": "{card}: the {side} discards every one of its {what} still in the combat hand ({held}).",
    "back_to_hand.next": "{fighter} goes back to the {side}'s combat hand ({why}); it will be played again in the next match-up.",
    "back_to_hand.later": "{fighter} goes back to the {side}'s combat hand ({why}); it will be played again later.",
    "drop_unused_reactions.secondary": "The {side}'s {card} found nothing to answer in secondary attack {moment}: it stays in the hand.",
    "guardian_turn.cancels": "The {side}'s Guardian {card} answers at once: the {other}'s channel from {source} is cancelled and adds nothing.",
    "guardian_turn.bars": "{card}: from now on nobody may channel for the rest of this combat.",
    "guardian_turn.cannot_pay": "The {side}'s Guardian {card} would need {cost} Power Stone(s) and has {stones}: it does nothing.",
    "guardian_turn.not_guardian": "The {side}'s Guardian turn names {card}, which is not the {side}'s Guardian: nothing happens.",
    "guardian_turn.no_ability": "The {side}'s Guardian {card} has no ability taken as a turn in a match-up: nothing happens.",
    "between.refused": "After {words.matchup_n:{round}}: the {side}'s {action} is refused ({code}): {why}.",
    "between.returns_ranged": "After {words.matchup_n:{round}}, the {side} plays {card}: back in the {side}'s combat hand, to be used again: {fighters}.",
    "between.returns_nothing": "After {words.matchup_n:{round}}, the {side} plays {card}: no creature of the {side} has made a ranged attack still in the combat, so nothing comes back.",
    "between.not_applied": "After {words.matchup_n:{round}}: the {side}'s {card} does nothing here ({why}).",
    "turn_answer.missed.guardian": "The {side}'s Guardian {card} has nothing to answer: the turn just before it is no {other} {kind} (an answer answers only the action taken just before it). Nothing happens.",
    "turn_answer.missed.bribe": "The {side}'s {card} does not answer the {other}'s bribe just played (it answers another kind of bribe, or none here): it stays in the hand.",
    "turn_answer.unpaired_bribe": "The {side}'s {card} is not written right after a bribe of the {other} in the bribery window, so it answers none: it stays in the hand.",
    "turn_answer.missed.spell": "The {side}'s {card} has nothing to answer: the turn just before it is no {other} {kind} (an answer answers only the action taken just before it). It stays in the hand.",
    "turn_answer.missed.ranged": "The {side}'s {card} is placed but answers nothing: the turn just before it is no {other} {kind} (an answer answers only the action taken just before it). Its shot adds nothing.",
    "drop_unused_reactions": "The {side}'s {card} found nothing to answer in {words.matchup_n:{moment}}: it stays in the hand.",
    "guesses.pays": "{card}'s command: the {guesser} {said} for the {what} of the {other}'s hidden {hidden} ({shown}): {helped} gets {amount:+d}.",
    "guesses.no_bonus": "{card}'s command: the {guesser} {said} for the {what} of the {other}'s hidden {hidden} ({shown}): no bonus.",
    "detonated": "{command}'s command: {fighter} is blown up and destroyed.",
    "detonated.taking": "{command}'s command: {fighter} is blown up, taking {victim} with it: destroyed.",
    "rolled_destruction.hit": "{fighter} rolls {rolled}: it destroys {border}s, and {opponent} is one: it is destroyed.",
    "rolled_destruction.hit.frozen": "{fighter} rolls {rolled}: it destroys {border}s, and {opponent} is one: it is destroyed. Nothing may change this match-up any more.",
    "rolled_destruction.miss": "{fighter} rolls {rolled}: it destroys {border}s, and {opponent} is {opponent_border}, so it survives.",
    "rolled_destruction.miss.frozen": "{fighter} rolls {rolled}: it destroys {border}s, and {opponent} is {opponent_border}, so it survives. Nothing may change this match-up any more.",
    "copy_hand_text.blank": "{fighter} gains {laid}'s text box for the rest of the combat (it is blank, so nothing is gained).",
    "copy_hand_text.gains": "{fighter} gains {laid}'s text box for the rest of the combat.",
    "secondaries.default_plan": "No secondary attacks were given, so the leftovers take the strongest targets they can beat, alone where they can: {plan}.",
    # core.py
    "roll": "{source_name} is in play and unbeaten: {card_name}'s roll of {rolled} on {dice} counts as {fixed}.",
    "change_stones": "{card_name}: {why}, so the {player_value} {verb} Power Stone(s){short}: {state_stones} left.",
    "burn_stones": "{card_name}: the {player_value} burns {amount} Power Stone(s) {why}: {state_stones} left.",
    "indestructible": "{by} would destroy {fighter_name}, but {fighter_name} cannot be destroyed.",
    "announce_setup": "The attacker's shield has entered a space held by the defender; the fight is in {terrain}.",
    "announce_setup.2": "The {side_value} picks up {names} (stacking {stack}); Guardian CMP {state_guardian_cmp}, {state_stones} stone(s).",
    "announce_setup.3": "{warning} ({role}). {ignored}",
    "announce_setup.out_of_scope": "{card_name} ({role}) acts outside one combat: {reason}. Nothing of it changes this combat, so there is nothing to check by hand.",
    "played_earlier": "The {side_value} played {card_name} before this combat; its effect lasts into it.",
    "played_earlier.3": "{card_name} is in play beside the {side_value}'s Guardian: its CMP changes by {amount}, to {cmp}.",
    "played_earlier.2": "{card_name}: the {side_value}'s Guardian channels with CMP {rule_value} this turn (printed {before}).",
    "fire_aoe": "{card_name}'s AOE grows by {aoe_per_count} x {counted} ({aoe_counting}): {points} points.",
    "fire_aoe.2": "{card_name} rolls {rolled} on {aoe_dice}: its AOE has no effect.",
    "fire_aoe.3": "{card_name} rolls {rolled} on {aoe_dice}: a {points}-point {label}AOE.",
    "fire_aoe.4": "{source_name} is in play: {card_name}'s {label}AOE is {boost_amount:+d} stronger, {points} points.",
    "fire_aoe.5": "{fighter_name} is {immune} and ignores {card_name}'s {label}AOE.",
    "fire_aoe.6": "{card_name} fires a {points}-point {label}AOE into {reach}: it hits creatures of Vitality {points} or less still in the hand ({x1}).",
    "fire_aoe.7": "{fighter_name} (Vitality {fighter_vitality}) is set aside by methane: it cannot fight or count, but it can be attacked.",
    "fire_aoe.8": "{fighter_name} (Vitality {fighter_vitality}) is hit and discarded.",
    # hand_effects.py
    "reclass": "{fighter_name} counts as {x1} {why}.",
    "restore_classes": "{fighter_name} counts as its printed class(es) again: {why}.",
    "command_class_choice": "{card_name}: no class is named in the set-up, so no creature changes class.",
    "command_class_choice.2": "{card_name}: no creature it reaches is left.",
    "discard_from_hands": "{card_name}: the {target_side_value} discards every double-bordered card in its combat hand ({names}); it has no bribe, spell or hand item left for this combat.",
    "discard_from_hands.2": "{fighter_name} is discarded from the combat hand: it will not fight or count.",
    "send_duplicates_to_melee": "{card_name}: creatures the {side_other_value} holds more than once go into the melee unchallenged ({x1}).",
    "leave_unchallenged": "{fighter_name} stays in the melee as an unchallenged card ({why}): unbeaten, it counts for control and may be attacked.",
    "trade_places": "{card_name}'s text: {stepping_in_name} takes {going_out_name}'s place in the melee and counts as the {result}creature of that match-up.",
    # command_step.py
    "command_step": "{x1} allows no command cards: the {side_value}'s command is not played.",
    "command_step.2": "The {side_value} declares no command card.",
    "command_step.3": "The {side_value} declares that a command card will be played.",
    "command_step.4": "Command cards revealed together: {revealed}.",
    "command_step.5": "{x1} lies on the table as a command card: out of reach of AOEs, never a primary attacker, a possible secondary target.",
    "contradiction_test": "{a_name} and {d_name} can both be carried out: no contradiction, both stand.",
    "contradiction_test.2": "{a_name} and {d_name} contradict ({reason}); equal Up numbers ({a_up}), so both are dispelled.",
    "contradiction_test.3": "{a_name} and {d_name} contradict ({reason}); {low_name} has the lower Up number ({low_up} against {high_up}) and is dispelled.",
    "dispel_magic_chains": "{target_name} is dispelled and has no effect.",
    "command_dispellers": "{x1}'s command dispels {target_command_card_name}, whatever its Up number.",
    "apply_command": "{card_name}: the space counts as {terrain_terrain_value} for the rest of the combat.",
    "apply_command.2": "{card_name} ({side_value}'s command): {x1}",
    "apply_command.3": "{card_name}: every primary attacker of the {side_value} will count as the class of its first match-up creature.",
    "apply_command.4": "{card_name} is in play as the command card: {x1}",
    "apply_command.5": "{card_name}: every creature's text box is blank for the rest of the combat; only printed stats count.",
    "apply_command.shields_first": "{card_name} rolls {rolled}: the {side_other_value} may not channel in {count} of the {side_value}'s primary match-ups.",
    "destroy_upgrade": "The {side_value} casts {card_name}: the {side_other_value}'s {upgrade_name} is destroyed and does nothing more in this combat.",
    "destroy_upgrade.none": "The {side_value} casts {card_name}, but the {side_other_value} has no stronghold upgrade in play here: it does nothing.",
    "strike_attacking_shield.own": "{card_name} lies on the attacker's own stronghold card: it strikes only an enemy shield attacking its space, so it does nothing here.",
    "apply_command.first_terrain": "{card_name}: while the {side_value}'s first primary creature stands, its other creatures fight with that creature's terrain modifier instead of their own.",
    "richer_hand_discards": "{card_name}: the {side_value}'s combat hand holds {own} Vitality of creatures, the {side_other_value}'s {theirs}; the richer {side_other_value} discards at least {at_least} Vitality ({lost}; the smallest loss reaching it, the site's reading).",
    "richer_hand_discards.none": "{card_name}: the {side_value}'s combat hand holds {own} Vitality of creatures, the {side_other_value}'s {theirs}, no more: nothing is discarded.",
    "apply_command.zero_base_vitality": "{card_name}: every creature but a Guardian has base Vitality 0 for the rest of the combat (was: {changed}).",
    "apply_command.lowest_first": "{card_name}: both players play their creatures from the lowest Vitality up.",
    "build_queues.lowest_first": "{card_name}: the {side_value} plays from the lowest Vitality up: {names}.",
    "apply_command.6": "{card_name}: the {side_other_value} must {announcement_announce}; the play order given in the set-up already reflects it.",
    "apply_command.7": "{card_name}: the {side_other_value} must play {x1} before any other creature.",
    "apply_command.8": "{card_name} is destroyed by its own command text and will not count for control.",
    "apply_command.9": "{card_name}'s command has no effect the engine models.",
    "pen_channellers": "{card_name}: the {side_other_value} moves the creatures under his Stronghold cards and Upgrades to his Creature Pen ({x1}); they cannot channel in this combat.",
    "pay_for_command": "{card_name} costs {cost} Power Stone(s) and the {side_value} has {x1}: it does nothing.",
    "relocate_combat": "{card_name}: the combat moves to the space the attacker came from; its terrain is {where}{default}.",
    "relocate_combat.2": "The defender no longer fights on {stronghold_name}: its creatures get no defence bonus from it.",
    "join_from_terrain": "{card_name}: the {side_value} leaves {creature_name} lying face down as the terrain.",
    "join_from_terrain.2": "{card_name}'s command does nothing: the space's terrain is not a creature laid face down.",
    "join_from_terrain.3": "{card_name}: the {side_value} picks up {creature_name}, the face-down terrain card that was once his creature, and takes it into his combat hand; the space has no terrain card for the rest of the combat.",
    "stone_bid": "{card_name} is discarded after the bidding and will not count for control.",
    "stone_bid.2": "The combat is cancelled: no match-up is fought and the {winner_value} holds the space.",
    "undispellable": "{by} cannot touch {card_name}: its command cannot be dispelled.",
    "banned_command_cards": "{refusal} Its command has no effect.",
    "sideline_picked": "{fighter_name} is set aside: {words.set_aside}.",
    "sideline_creature": "{fighter_name} is set aside: {words.set_aside}.",
    # bribery_effects.py
    "up_card_duel": "{card_name}: no card of the {side_other_value}'s combat hand is picked (the set-up names none, as when the Up card is not a creature), so nothing happens.",
    "up_card_duel.2": "{card_name}: the {side_other_value}'s Up card (Vitality {up}) is not lower than the picked {picked_name} ({picked_vitality}), so {picked_name} stays.",
    "up_card_duel.3": "{card_name}: the {side_other_value}'s Up card (Vitality {up}) is lower than the picked {picked_name} ({picked_vitality}), so {picked_name} is destroyed in the combat hand.",
    "forced_bribe": "{card_name}: the {side_other_value} shows the creatures in its combat hand that a {name} card could bribe ({x1}).",
    "forced_bribe.2": "{x1} allows no {name} bribes, so {card_name} cannot count any of them as bribed.",
    "forced_bribe.3": "{card_name}: the {side_value} picks {picked_name}{how}, which counts as bribed: it leaves the combat and {words.not_counted}.",
    "item_bribe": "{card_name}'s command cannot bribe {target_name}: it shows no bribery icon, so it can never be bribed.",
    "item_bribe.2": "{card_name}'s command: the {owner_value} discards an Item from its storage hand in place of a bribery card and bribes {target_name} away: it leaves the combat and {words.not_counted}.",
    "countered": "The {caster_value} answers the {side_value}'s {name} bribe on {target_name} with {card_name}: the bribe fails and the {caster_value} keeps the {name} card to bribe with later in this combat.",
    "decoy_takes": "The {side_value}'s {what} aims at {target_name}, but the {target_side_value} sends {decoy_name} from its combat hand to the Creature Pen instead: {target_name} is not bribed, and {decoy_name} leaves the combat without counting.",
    "bribe_to_melee": "The {side_value} plays {x1} and bribes {target_name}.",
    "bribe_to_melee.2": "The {target_side_value} answers with {card_name}: {target_name} does not leave the combat; the {words.matchup} ends with both creatures unchallenged.",
    "strip": "{fighter_name} survived its match-up: the {side_other_value} shows the double-bordered cards it holds ({x1}) and discards its {lost} {name} card(s); it has no {name} bribe left.",
    "ranged_discard": "{shooter_name} is used as a ranged attack, but the {side_other_value} holds no double-bordered card to discard.",
    "ranged_discard.2": "{shooter_name} is used as a ranged attack: the {side_other_value} discards {thrown_name}{how} from its hand.",
    # matchup_effects.py
    "bribery_window": "Bribery window: both players pass.",
    "bribe_creature": "The {side_value}'s {name} bribe finds {target_name} already gone.",
    "bribe_creature.2": "The {side_value} cannot bribe {target_name} with {name}: its bribery icons are {icons}.",
    "bribe_creature.3": "The {side_value} cannot bribe {target_name} with {name}: {x1} allows no {name} bribes.",
    "bribe_creature.shield": "The {side_value} cannot bribe {target_name} with {name}: {guard_name} keeps every creature of the {target_side_value} from being bribed.",
    "bribe_creature.4": "The {side_value} cannot bribe {target_name} with {name}: {lock_name} forbids {name} bribes on its side.",
    "bribe_creature.5": "The {side_value} has no {name} card left to bribe {target_name}.",
    "bribe_creature.6": "{waiver_name}'s command lets the {side_value}'s {name} card work on {target_name}, which shows no {name} icon.",
    "bribe_creature.7": "The {side_value} plays {name} and bribes {target_name} away: it leaves the combat and {words.not_counted}.",
    "bribe_creature.8": "{target_name} was bribed, so its ban on {name} bribes is lifted.",
    "any_time_spells": "The {side_value} casts {card_name}, cancelling the {side_other_value}'s {x1}.",
    "any_time_spells.2": "The {side_value} casts {card_name}, but there is no opposing spell to cancel.",
    "any_time_spells.3": "The {side_value}'s creature was bribed, so {card_name} cannot be cast in this {words.matchup} (only a bribe is still allowed).",
    "any_time_spells.4": "The {side_value}'s {card_name} is not cast: this {words.matchup} is decided and can no longer change.",
    "cast": "{card_name} changes nothing: no class is named in the set-up.",
    "cast.2": "{card_name} needs {unmet}, so it does nothing.",
    "cast.3": "{card_name}: {fighter_name} is destroyed.",
    "cast.4": "The {side_value} casts {card_name}: {target_name} may receive channelling in this {words.matchup}.",
    "cast.5": "The {side_value} plays {card_name}: the terrain ({before}) is destroyed, so from now on no terrain bonus or penalty applies and ranged attacks are allowed.",
    "cast.6": "{card_name} is cast, but its effect is not modelled by the engine.",
    "cast_rolled_outcome": "{card_name} must be cast on the {side_value}'s creature fighting this {words.matchup}, with both still standing: it does nothing.",
    "cast_rolled_outcome.2": "The {side_value} casts {card_name} on {own_name} and rolls {shown}: {rule_wins_from} or more, so {own_name} beats {opposing_name}. Nothing more may change this {words.matchup}.",
    "cast_rolled_outcome.3": "The {side_value} casts {card_name} on {own_name} and rolls {shown}: below {rule_wins_from}, so {own_name} is destroyed. Nothing more may change this {words.matchup}.",
    "cast_rolled_outcome.4": "{card_name}: {own_name} is destroyed.",
    "cast_ends_matchup": "{card_name} needs the {side_value}'s creature in this {words.matchup} to be {needs}, still standing: it does nothing.",
    "cast_ends_matchup.2": "The {side_value} casts {card_name} on {own_name}: the {words.matchup} ends.",
    "destruction": "{destroyer_name} destroys {victim_name} ({x1}) before any other effect; it is lost and can never be healed.",
    "primary_aoes": "{fighter_name}'s AOE does not fire: {suppressor_name}'s text takes it away.",
    "immunity": "Every creature is immune to {opponent_name}, {fighter_name} included: {opponent_name} is turned and does no damage in this {words.matchup}.",
    "immunity.2": "{fighter_name} is immune to {what}: {opponent_name} is turned and does no damage in this {words.matchup}.",
    "log_class_bar": "{fighter_name} gets no bonus from {why}: it depends on a creature class, and {bar} is in play on the other side.",
    "text_box": "{fighter_name} gets no defence bonus from {stronghold_name}: {suppressor_name}'s text takes it away.",
    "items_grant_flying": "{fighter_name} flies for this combat: {item_name} ({how}).",
    "discard_opposing_items": "{fighter_name} is revealed: the {side_value} discards {item_name}, a creature item of its stack.",
    "discard_opposing_items.grounded": "{fighter_name} flies no more: the item that let it fly is gone.",
    "blow_up_commands": "{source_name} goes up with the opposing command card: {fighter_name} is destroyed and counts for nothing.",
    "blow_up_commands.2": "{source_name} goes up with the opposing command card {named}: both are gone.",
    "items_lend_commands": "{item_name} is played with the command creature {fighter_name}: {how}",
    "cast_destroys_command": "{card_name} does nothing: {unmet}.",
    "cast_destroys_command.2": "{card_name} destroys the {side_value}'s command creature {command_name}: it is lost and counts for nothing.{ends}",
    "text_box.3": "{fighter_name} gets no defence bonus from {stronghold_name}: {downgrade_name} lies on it.",
    "text_box.2": "{stronghold_name}'s defence bonus depends on a die roll the set-up does not give; none is applied.",
    "add": "{contribution_fighter_name} {sign}{amount} from {why}: now {contribution_total}.",
    "off_colour": "{fighter_name} gets no off-colour bonus against {opponent_name}: {suppressor_name}'s text takes it away.",
    # channelling.py
    "ranged": "The {side_value}'s planned ranged support by {support_creature} is not placed: the {words.matchup} is over.",
    "ranged.2": "The {side_value}'s {support_creature} is no longer in the hand and cannot give ranged support.",
    "ranged.3": "No ranged attacks in {woods}: {shooter_name} stays in the {side_value}'s hand.",
    "ranged.4": "{shooter_name} adds no points: it waits for the {side_other_value} to channel.",
    "ranged.5": "{target_name} is immune to ranged attacks: {shooter_name}'s attack adds nothing.",
    "discard_item": "{shooter_name} is used as a ranged attack, but the {other_value} has no creature magic item on the space to discard.",
    "discard_item.2": "{shooter_name} is used as a ranged attack: the {other_value} discards its creature magic item {thrown_name}{how}.",
    "frozen_by_push": "{forced_push_name}'s ranged attack has made the {words.matchup} a push that nobody may change: {what}.",
    "bribery_shots": "The {side_value} has no {card_name} card left to fire through {source_name}'s command.",
    "bribery_shots.2": "{target_name} is immune to ranged attacks: the {card_name} card fired by {source_name}'s command adds nothing.",
    "ranged_modifiers": "{shooter_name}'s text: having fired, it is beaten itself.",
    "pay_for_shot": "The {side_value} pays {rule_cost} Power Stone(s) for {shooter_name}'s shot: {state_stones} left.",
    "answer_shot": "The {caster_value} casts {card_name} on {shot_shooter_name}'s ranged attack, which had added nothing.",
    "answer_shot.2": "{card_name}: the {shot_side_value} may make no more ranged attacks in this combat.",
    "take_over": "{target_name} is immune to ranged attacks: the turned shot adds nothing for the {caster_value}.",
    "cancel_shots": "{canceller_name} finds no opposing ranged attack to cancel in this {words.matchup}.",
    "gamble": "{card_name}: the {side_value} does not roll after {shooter_name}'s ranged attack.",
    "gamble.2": "{card_name}: the {side_value} rolls {rolled} on {rule_die} after {shooter_name}'s ranged attack; below {rule_succeeds_from}, nothing happens.",
    "gamble.3": "{card_name}: the {side_value} rolls {rolled} on {rule_die} after {shooter_name}'s ranged attack: {shooter_name} and {opponent_name} are destroyed.",
    "gamble.4": "{card_name}: {victim_name} is destroyed.",
    "channelling": "The {side_value} can only channel to its creature in the {words.matchup}, {target_name}; {channel_target} is not fighting.",
    "channel_to_shot": "{shooter_name}'s ranged attack no longer counts, so the {side_value} does not channel to it.",
    "channel_into": "Nobody may channel against {opponent_name}: the channelling to {target_name} is not allowed.",
    "channel_into.2": "The {side_value}'s Guardian has no stones left to channel.",
    "channel_into.3": "{source_card_name} was sent to the Creature Pen by {penned_name}'s command: it cannot channel.",
    "channel_into.4": "{source_card_name} has already channelled this turn.",
    "channel_into.5": "{source_card_name} channels only to {x1}; {target_name} is not one.",
    "channel_into.6": "{target_name} has a red bar and nothing lets it receive channelling; {source_name} cannot channel to it.",
    "channel_into.7": "{answer_name} answers at once: {source_card_name} has just channelled, so it is destroyed and its channelling to {target_name} is cancelled.",
    "channel_into.8": "The {side_other_value} answers with {eaten_name}: the Guardian's {per_use} is taken off {target_name} instead of added: now {contribution_total}.",
    "aoe_cancelled": "The {side_value} pays {cost} Power Stone(s) for {shield_name}: {card_name}'s AOE is cancelled and hits nothing ({stones} left).",
    "paid_dispels": "{shield_name}: its owner's stone cancels the opposing command card {command_name}.",
    "paid_dispels.pays": "The {side_value} pays {cost} Power Stone(s) for {shield_name}: {stones} left.",
    "paid_dispels.nothing": "{shield_name}: no opposing command stands, so no stone is paid.",
    "first_announcement": "{source_name}: before the first match-up the {side_value} announced the {what} of his first creature, {shown_name}: {said}.",
    "channel_into.modified": "{source_name} makes that channel into {target_name} {change}{capped}: now {contribution_total}.",
    "channel_into.9": "{source_name} spends {spent} to channel {per_use} to {target_name}{note}: now {contribution_total}.{immune_note}",
    # command_fights.py
    "command_fight": "{fighter_name}'s command finds nothing to fight: {what}.",
    "fight_commands": "{fighter_name}'s command: before either command takes effect it fights the {side_other_value}'s command creature {target_name} (Vitality {target_vitality}).",
    "fight_commands.2": "{me_name} is immune to {them_name}: {them_name} is turned and cannot beat it.",
    "fight_commands.3": "{fighter_name} {mine} against {target_name} {theirs} ({chains}): {outcome}.",
    "fight_commands.4": "{target_name} lost to {fighter_name}: the {side_other_value}'s command does not take effect.",
    "steal_command": "{card_name}'s command takes over only a Spell or Item command: {what}, so nothing happens.",
    "steal_command.2": "{target_name} is already dispelled: {card_name} has no command ability to take over.",
    "steal_command.3": "{card_name}'s command dispels the {side_other_value}'s {target_name}, whatever its Up number, and its command ability now works for the {side_value}.",
    "attack_command_instead": "{fighter_name} cannot leave {abandoned_name} for the {side_other_value}'s command card: {why}.",
    "attack_command_instead.2": "{fighter_name} ignores {abandoned_name} and attacks the {side_other_value}'s command creature {target_name} (Vitality {target_vitality}) instead: they fight this match-up.",
    "attack_command_instead.3": "{abandoned_name} was left first, so it can no longer go after the {side_value}'s command card.",
    "command_creatures_after": "{command_name} is {x1} in match-up {round_number}: the {side_value}'s command ends here; what it already did stands.",
    # primary_step.py
    "build_queues": "{x1} must be the {side_value}'s first primary creature, so it is played first.",
    "build_queues.2": "The {side_value}'s play order is changed to put {x1} first, as the command requires.",
    "force_first_answer": "{lead}, but {answer_name} must be the {side_other_value}'s first primary creature, so it answers.",
    "force_first_answer.2": "{lead}; the {side_other_value} holds no creature of lower base Vitality, so it answers freely.",
    "force_first_answer.3": "{lead}; the {side_other_value} answers with {answer_name} (Vitality {answer_vitality}), its highest base Vitality that the shown creature can beat, as the command requires.",
    "force_first_answer.4": "{lead}; the {side_other_value} must answer with {forced_name} (Vitality {forced_vitality}), its highest base Vitality that the shown creature can beat, so its play order is changed to put it first.",
    "next_primary": "The {side_value} still holds {fighter_name}, so it must be played as a primary attacker even though it was set aside for a ranged attack.",
    "primaries": "Both players ran out of creatures in the same match-up: there are no secondary attacks.",
    "primaries.2": "The {side_other_value} has run out of creatures; primary attacks end. The {side_value} still holds {left}.",
    "matchup": "Match-up {round_number}: the attacker's {attacker_name} (Vitality {attacker_vitality}) meets the defender's {defender_name} (Vitality {defender_vitality}).",
    "matchup.2": "{fighter_name} is revealed: no {x1} bribe may be aimed at the {fighter_side_value}'s creatures for the rest of the combat unless {fighter_name} is bribed first.",
    "matchup.3": "A bribed or destroyed creature takes no part in the comparison; the match-up ends.",
    "matchup.4": "The {side_value}'s planned ranged support is not placed: the match-up is over.",
    "matchup.5": "The planned ranged attacks and channelling of this match-up are not made: it can no longer change.",
    "on_reveal": "The {side_value} has {fighter_name} destroyed, as its text allows: the match-up ends.",
    "steal_text": "{fighter_name} rolls {rolled}: less than {rule_succeeds_from}, so it keeps its own text.",
    "steal_text.2": "{fighter_name} rolls {rolled}: it takes over {opponent_name}'s text box, which goes blank for the rest of the combat.",
    "copy_hand_text": "The {side_value} lays no card from the combat hand for {fighter_name}; it keeps its own text box.",
    "pull_after_win": "{fighter_name} {why}: nothing is pulled.",
    "pull_after_win.2": "{fighter_name} rolls {rolled}: its owner pulls {drawn_name}, drawn at random, out of the {side_other_value}'s hand.",
    "refuse_opponent": "{fighter_name} turns down {refused_name}; {drawn_name} (Vitality {drawn_vitality}), drawn at random from the {side_other_value}'s combat hand, faces it instead.",
    "blank_opponents": "{x1} blanks {victim_name}'s text box: its printed abilities stop working for the rest of the combat (its stats still count).",
    "blank_chosen": "{card_name}'s command blanks {victim_name}'s text box for the rest of the combat (its stats still count; ranged attacks in the match-up are not touched).",
    "sent_back": "{fighter_name}'s text sends {opponent_name} back to its Creature Pen at once: it leaves the combat, neither beaten nor counted.",
    "sent_back.2": "{source_name} is in play: {opponent_name} meets {fighter_name}{both}, so it goes back to its Creature Pen at once, neither beaten nor counted.",
    "compare": "A destroyed creature takes no part in the comparison; the match-up ends.",
    "compare.2": "Compare {ta} against {td} ({chains}): {outcome}.",
    "compare.3": "{loser_name}'s text: it lost by {x1}, so it goes back to its Creature Pen instead of being beaten.",
    # What makes the creature a match-up's winner beats destroyed rather than beaten (primary_step.destroys_on_beating).
    "destroyed_on_beaten.winner_text": "{winner}'s text: the creature it beats, {loser}, is destroyed rather than beaten.",
    "destroyed_on_beaten.loser_text": "{loser}'s text: beaten by {winner}, it is destroyed rather than beaten.",
    "destroyed_on_beaten.aura": "{source}'s text: {winner} won, so {loser} is destroyed rather than beaten.",
    "destroyed_on_beaten.aura_lead": "{source}'s text: {winner} won by {margin}, less than {lead_below}, so {loser} is destroyed rather than beaten.",
    "destroyed_on_beaten.shot": "{shooter}'s ranged attack: {winner} won, so {loser} is destroyed rather than beaten.",
    "after_outcome": "{source_name}'s text: {winner_name} won by only {margin}, so it is destroyed as well.",
    "destroy_victors": "{beaten_name}'s text: {victor_name} beat it and its side does not hold the space, so it is destroyed.",
    "destroy_command": "{fighter_name}'s text would destroy {whose}, but it is not a creature, so it stays.",
    "destroy_command.2": "{fighter_name} won by {margin}, not more than the {card_up} of {whose}, which stays.",
    "destroy_command.3": "{fighter_name}'s text destroys {whose}{lead}.{ends}",
    "raze": "{winner_name}'s text: it won against the defender in {stronghold_name}, which is rubbled at once: no defence bonus from it for the rest of the combat.",
    "raze.2": "{winner_name}'s text: it won on the defender's terrain space, so the terrain card ({before}) is discarded at once; its terrain effects stop for the rest of the combat.",
    # secondary_step.py
    "secondaries": "{shielded_name} cannot be the target of a secondary attack: {x1}",
    "secondaries.2": "Secondary attacks: only the {side_value} attacks. Every temporary bonus, immunity and ranged attack from the primaries is gone.",
    "secondaries.3": "Text boxes of the creatures that fought are blank now, except text about secondary attacks.",
    "secondaries.4": "The {side_other_value} has no creature left on the table to attack.",
    "secondaries.5": "What each target needs (its Vitality + 1 - partner bonus): {needs}.",
    "secondaries.6": "No secondary attacks were given and no leftover creature, alone or together, can beat a target, so none is made.",
    "run_secondaries": "{attacker_name} is not a leftover creature (it has already been played or is gone) and cannot attack.",
    "run_secondaries.2": "{attacker_name} cannot attack {target_name}: {x1} {attacker_name} stays in the hand.",
    "attack_target": "{target_name} is no longer on the table; the attack does nothing.",
    "refuse_secondary_ranged": "The {side}'s ranged attack by {shooter} written for secondary attack {number} is refused (ranged.in_secondary): ranged attacks are made only in the primary match-ups.",
    "aimed_bribes.elsewhere": "The {side}'s {icon} bribe is aimed at {target}, but secondary attack {number} is made by {attacker}: the bribe is not played and lands on no one.",
    "attack_target.2": "Partner bonus against {target_name}: {partner} ({partner_text}).",
    "attack_target.3": "Secondary attack {number}: the {side_value}'s {attacker_name} attacks {target_name}, which defends at its bare Vitality {target_vitality}.",
    "attack_target.4": "{target_name} is immune to {attacker_name}, which adds nothing against it.",
    "attack_target.5": "{attacker_name} is not the last attacker on {target_name}, so it adds only its Vitality {attacker_vitality}.",
    "attack_target.6": "Channelling to {attacker_name} would be lost: only the last attacker on a target keeps channelling. Not spent.",
    "attack_target.7": "{attacker_name} is the last attacker on {target_name}: it adds its Vitality {attacker_vitality} and its own bonuses.",
    "attack_target.8": "No attacker on {target_name} is left that can harm it (bribed away, or its text makes them add nothing); it survives.",
    "attack_target.9": "{x1} against {target_name}'s {target_vitality}: {verdict}, so {target_name} is beaten.",
    "attack_target.10": "{x1} against {target_name}'s {target_vitality}: not more than its Vitality, so the attack fails and nothing happens.",
    "destroyed_by_secondary": "{attacker_name} destroys {target_name} ({x1}) as a secondary attacker; it is lost and can never be healed.",
    # leaving.py
    "pays": "The {leaver_value} pays {rule_or_pay_stones} Power Stone(s) to stay despite {card_name}: {state_stones} left.",
    "stays": "The {leaver_value} does not retreat on {card_name}'s offer{cost}; the combat goes on.",
    "retreat_now": "{holder_name} is discarded, the price of retreating.",
    "retreat_now.2": "The {leaver_value} takes {card_name}'s offer and retreats: the combat ends here and the {leaver_other_value} holds the space.",
    "destroy_stayers": "{card_name}: the {owner_other_value} stayed and lost, so {fighter_name} is destroyed.",
    # resolver.py
    "control_bonus_terms": "{fighter_name}'s bonus for control depends on a creature class, and {bar_name} is still in play on the other side: the {side_value} gets none.",
    "stones_for_control": "The {side_value} spends {spent} Power Stone(s) on {source_name}: {amount} more for control{short}.",
    "control_bonus_terms.side": "{source_name} changes the {side_value}'s count for control by {amount}: now {counted}.",
    "control_bonus_terms.gains": "{name} is alive after the combat: {gains} for control (one such card per side).",
    "control_bonus_terms.none": "{name} is alive after the combat: no surviving creature of its side qualifies for control (one such card per side).",
    "count_for_control": "The {side} counts its remaining creatures at printed Vitality: {chain}.",
    "count_for_control.excluded": "The {side} counts its remaining creatures at printed Vitality: {chain}; not counted: {excluded}.",
    "decide_space.bid": "The {winner} won the bidding for the space, so it holds the space whatever the count.",
    "decide_space.left": "The {leaver} retreated by choice, so the {winner} holds the space whatever the count.",
    "decide_space.attacker": "{attacker_total} against {defender_total}: the attacker has strictly more and takes the space.",
    "decide_space.tie": "{attacker_total} against {defender_total}: a tie, so the defender keeps the space.",
    "decide_space.defender": "{attacker_total} against {defender_total}: the defender keeps the space.",
    "leave_the_space.empty": "The {side}'s shield has no creature left: it is destroyed and counts towards the opponent's five.",
    "leave_the_space.empty_shield": "The {loser}'s shield is destroyed (no creature left).",
    "leave_the_space.destroy": "The {loser} chooses to destroy its shield and every creature in it instead of retreating.",
    "leave_the_space.destroy_logged": "The {loser} chooses to destroy its shield and every creature in it instead of retreating. It counts towards the opponent's five.",
    "leave_the_space.defender": "The defender's shield retreats one space (orthogonally) onto a space it controls, even if already turned.",
    "leave_the_space.attacker": "The attacker's shield goes back one space the way it came.",
    "healing": "Only the winner, the {side}, may heal creatures; healed creatures do not count for control.",
}


# Why an ordered match-up's action is refused, by refusal code (engine.actions.Refusal).
REFUSAL_WHY: dict[str, str] = {
    "action.out_of_turn": "it is the {turn}'s turn",
    "action.bribery_window_open": "the bribery window is still open, and nothing but a bribe or a pass may happen in it",
    "action.bribery_window_closed": "the bribery window has closed: a player who passed, or a window both passed, takes no more bribes",
    "action.nothing_to_bribe_back": "the opponent has not just bribed, so there is nothing to bribe back",
    "action.matchup_ended": "both players have passed in succession, so the match-up is over",
    "action.needs_spell_first": "the spell that lets this creature receive channelling comes later in the list",
    "action.bribery_locked": "a lock in play forbids this kind of bribery to both players",
    "action.not_between_matchups": "between two match-ups only a card whose text acts at that moment may be played",
}

# The warnings and reasons of a combat, by code: a notice (log.Notice) or a reason (log.Why) carries
# the code and its values by name; the site and API clients read those, these sentences are for people.
NOTICES: dict[str, str] = {
    # {action} stays the action as the notation writes it (a value for programs); {attempt} says it in words.
    **{code: "{words.label_n:{round}}: {side}'s {attempt} is refused: " + why for code, why in REFUSAL_WHY.items()},
    "action.shorthand_ignored": "{side}'s {clause} is ignored: match-up {round} is given as ordered actions",
    # {item} stays the card as the set-up names it (a value for programs); {card} is its name.
    "action.not_applied": "{words.label_n:{round}}: the {side}'s item action {card} is not applied: {why}",
    "bribe.no_icon": "{side}'s {icon} bribe on {target} is not allowed (no {icon} icon)",
    "bribe.banned_here": "{side}'s {icon} bribe on {target} is forbidden by {card}",
    "bribe.side_unbribeable": "{side}'s {icon} bribe on {target} is not allowed: {card} keeps that side's creatures from being bribed",
    "bribe.locked": "{side}'s {icon} bribe on {target} is forbidden by {card}",
    "bribe.not_bribeable": "{side}: {target} cannot be bribed, even by {card}",
    "card.not_automated": "{card} is not automated: {reason}",
    "card.partly_automated": "{card} is only partly automated: {reason}",
    "cast.forbidden": "{source} is in play: the {player} may not play {card}.",
    "cast.not_in_hand": "{side}: {card} is no longer in the hand when it is wanted",
    "channel.no_stones": "{source}'s text: no Power Stone may be spent on channelling, so the {player}'s Guardian cannot channel.",
    "channel.forbidden": "{source} is in play: the {player} may not channel.",
    "channel.barred_for_combat": "{source} cancelled a channel earlier in this combat: nobody may channel any more, so the {player} may not.",
    "channel.forbidden_channeller": "{source} is in play: the {player}'s {channeller} may not channel.",
    "channel.guardians_only": "{source}: only a Guardian may channel here, so the {player}'s channeller {channeller} may not.",
    "channel.only_from": "{target} accepts channelling only from {sources}.",
    "channel.only_from_channeller": "{target} accepts channelling only from {sources}, not from {channeller}.",
    "channel.against_forbidden": "{side}: channelling against {opponent} is not allowed",
    "channel.first_shielded": "{source}'s command: the {player} may not channel against {opponent}, one of the first attackers its roll shields.",
    "channel.too_few_stones": "{side}: {planned} stones planned but only {left} left",
    "channel.once_each": "{source} channels into each creature only once in a combat: the {player}'s Guardian already channelled into {target}.",
    "channel.once_each_stones": "{side}: {source} channels into {target} once in a combat, so only 1 of the {planned} stones planned is spent",
    "channel.cannot_receive": "{side}: {target} cannot receive channelling",
    "choice.not_in_opposing_hand": "{side}: {named} is not in the opposing combat hand; the first card there is drawn instead",
    "choice.not_an_item_there": "{side}: {named} is not among the {other}'s creature items when {shooter} fires; the default is used",
    "choice.not_in_hand_there": "{side}: {named} is not in the {other}'s hand when {shooter} fires; the default is used",
    "choice.not_discardable": "{side}: the choice {named} names no card this discard can reach; the default is used",
    "choice.pick_not_in_hand": "{side}: {card} cannot pick {named}: it is not in the opposing combat hand",
    "choice.pick_not_bribeable": "{side}: {card} cannot pick {named} (not a {icon}-bribeable creature in the {other}'s combat hand); the default pick is used",
    "choice.cannot_lay": "{side}: {fighter} cannot lay {named}: it is not in the {side}'s combat hand now",
    "choice.cannot_face": "{side}: {fighter} cannot face {named}: it is not in the {other}'s combat hand now",
    "class_change.totals_stand": "{card} changed {fighter}'s class after the text-box step: the bonuses counted there stand",
    "command.banned_here": "{side}: no command card may be played on {card}",
    "command.bid_too_high": "{side}: cannot bid {bid} Power Stone(s) for {card} with {held}; the bid is {held}",
    "command.cannot_detonate": "{side}: {fighter} cannot be blown up by {card}",
    "decision.no_secondary_step": "{side}: {planned} planned for secondary attacks, but the {side} makes none",
    "decision.order_entry_skipped": "{side}: the play order names {fighter}, which is {fate} before its turn came, so the next creature is played",
    "decision.matchup_not_played.ranged": "{side}: ranged support planned for match-up {round}, but only {played} took place",
    "decision.matchup_not_played.decision": "{side}: the {kind} planned for match-up {round} is not made: only {played} took place",
    "decision.matchup_not_played.actions": "the actions given for match-up {round} are not played: only {played} took place",
    "item.no_such_card": "no card is called {reference}",
    "item.not_a_hand_item": "{card} is a {kind}, not a hand item: only a hand item is used as a turn",
    "item.not_in_hand": "{card} is not in the {player}'s combat hand",
    "item.not_between": "{card} has no text that acts between two match-ups",
    "item.command_card": "{card} acts as a command card, played in the command step (command=)",
    "item.played_earlier": "{card} is played before the combat and named as such (earlier=)",
    "item.out_of_combat": "{card} has no effect in a combat: {reason}",
    "item.not_modelled": "what {card} does is not modelled by the engine ({reason})",
    "ranged.woods": "{side}: {shooter}'s ranged attack in {words.matchup_n:{round}} is not allowed in Woods",
    "ranged.drawer_not_fed": "{side}: " + MESSAGES["check_drawn_ranged.broken"],
    "ranged.barred": "{source} has barred the {player}'s ranged attacks for the rest of the combat: no shot for {shooter}.",
    "ranged.command_only": "{shooter} fires only as its side's working command card.",
    "ranged.forbidden": "{source} is in play: no ranged attack for {shooter}.",
    "ranged.wrong_target": "{shooter} may fire only against {kind}; {fighter} is not one.",
    "ranged.wrong_partner": "{shooter} may support only {kind}; {fighter} is not one.",
    "ranged.wrong_terrain": "{shooter} may fire only in {terrain}.",
    "secondary.cannot_attack": "secondary attack {number}: {attacker} cannot attack",
    "secondary.protected": "secondary attack {number}: {target} cannot be attacked",
    "between.not_reached": "the plays written after match-up {after} are not made: only {played} primary match-up(s) were fought",
    "ranged.in_secondary": "the {side}'s ranged attack by {shooter} written for secondary attack {number} is refused: ranged attacks are made only in the primary match-ups",
    "secondary.target_gone": "secondary attack {number}: {target} is no longer on the table, so the attack is not made",
    "bribe.aimed_elsewhere": "the {side}'s {icon} bribe aimed at {target} is not played: secondary attack {number} is made by {attacker}",
    "shots.matchup_over": "the {words.matchup} is over",
    "shots.push_forced": "the {words.matchup} is a push that nobody may change",
    "shots.woods": "no ranged attacks in Woods",
    "shots.not_one_of": "{fighter} is not one of {kind}",
    "shots.refused": "{side}: " + MESSAGES["bribery_shots.refused"],
    "stones.cannot_burn": "{side}: cannot burn {stones} Power Stone(s) for {fighter} with {held}",
    "stones.cannot_pay": "{side}: cannot pay {stones} Power Stone(s) for {card} with {held}",
    "stones.cannot_blank": "{side}: {card} cannot blank {victim}: {cost} Power Stone(s) needed, {held} left",
    # Why a creature's fate is what it is (CreatureOutcome.reason_code).
    "fate.in_shield": "never played; still in the shield",
    "fate.fought": "fought match-up {round}",
    "fate.won": "won match-up {round}",
    "fate.survived": "survived match-up {round}",
    "fate.survived_turned": "survived match-up {round} (turned by immunity)",
    "fate.beaten": "beaten by {winner} in match-up {round} ({total} against {against})",
    "fate.beaten_through": "beaten by {winner} through {card} in {words.matchup_n:{round}}",
    "fate.won_through": "won {words.matchup_n:{round}} through {card}",
    "fate.bribed": "bribed with {icon}",
    "fate.bribed_by_command": "bribed through {card}'s command",
    "fate.counted_bribed": "counted as bribed by {card}",
    "fate.decoy": "went to the Creature Pen in place of the bribed {target}",
    "fate.ranged_support": "gave ranged support in {words.matchup_n:{round}}",
    "fate.own_text_after_shot": "beaten by its own text after its ranged attack",
    "fate.command_card": "played as the command card; stays on the table",
    "fate.command_destroyed": "command card destroyed by {fighter}'s text",
    "fate.own_command_text": "destroyed by its own command text",
    "fate.bid_discarded": "discarded after its bidding for the space",
    "fate.aoe_discarded": "discarded by {card}'s AOE",
    "fate.set_aside_by_command": "set aside by {card}'s command",
    "fate.set_aside_by_methane": "set aside by {card}'s methane",
    "fate.discarded_from_hand": "discarded from the combat hand by {card}",
    "fate.destroyed_in_hand_by_command": "destroyed in the combat hand by {card}'s command",
    "fate.destroyed_by": "destroyed by {card}",
    "fate.destroyed_by_roll": "destroyed by {card}'s roll",
    "fate.destroyed_by_own_spell": "destroyed by its own side's {card} in {words.matchup_n:{round}}",
    "fate.destroyed_by_owner": "destroyed by its owner's choice in match-up {round}",
    "fate.detonated": "destroyed when {card} blew up {fighter}",
    "fate.destroyed_on_beaten": "destroyed on being beaten by {winner} in match-up {round}",
    "fate.destroyed_by_text_after": "destroyed by {card}'s text after match-up {round}",
    "fate.destroyed_space_lost": "destroyed by {card}'s text: its side lost the space",
    "fate.destroyed_after_staying": "destroyed by {card} after its side stayed and lost",
    "fate.sent_back": "sent back to the Creature Pen by {card}",
    "fate.pen_after_loss": "went back to the Creature Pen after losing match-up {round}",
    "fate.retreat_discard": "discarded to retreat",
    "fate.beaten_in_command_fight": "beaten by {winner} in {fighter}'s command fight",
    "fate.no_target_left": "its secondary attack had no target left",
    "fate.attacked_unharmed": "attacked {target}, which its attack cannot harm",
    "fate.beaten_in_secondary": "beaten by a secondary attack ({total} against {vitality})",
    "fate.beat_in_secondary": "beat {target} in a secondary attack",
    "fate.failed_secondary": "made a failed secondary attack on {target}",
    "fate.destroyed_in_secondary": "destroyed by {attacker} in a secondary attack",
    "fate.destroyed_target": "destroyed {target} in a secondary attack",
    "fate.unchallenged": "unchallenged card in the melee ({why})",
    "fate.back_in_hand": "back in the combat hand ({why})",
    "fate.in_place_of": "{reason}, in place of {name}",
    # What left a creature unchallenged or sent it back to the hand (the {why} of the two above).
    "why.sent_into_melee": "sent into the melee by {card}",
    "why.answered_bribe": "{card} answered the bribe on {target}",
    "why.matchup_ended_by": "{card} ended its {words.matchup}",
    "why.left_for_command_fight": "{fighter} left it to attack {target}",
    "why.returned_between": "{card} returned it to the hand after match-up {round}",
    "why.opponent_back_in_hand": "{fighter} went back to the hand",
    "why.opponent_destroyed_by_owner": "{fighter} was destroyed by its owner's choice",
    "why.laid_by": "laid from the combat hand by {fighter}'s text",
    "why.pulled_out_by": "pulled out of the hand by {fighter}",
    "why.winner_withdrew": "{winner} won match-up {round} and went back to the hand",
    "why.replaced_by": "{name} took its place",
    "why.own_text_on_meeting": "its text, on meeting {opponent}",
    "why.turned_down_by": "{fighter} turned it down",
    "why.own_text_after_win": "its text, after winning match-up {round}",
    # Why a creature's fate is what it is in a Guardians Arena duel, where it differs from a shield combat.
    "arena.took_part": "took part in the duel",
    "arena.not_in_hand": "it is not in the hand",
    "arena.lost_duel": "lost the duel to {winner}",
    "arena.destroyed_on_beaten": "destroyed on losing the primary round to {winner}",
    # A duel's own warnings (engine/arena, announce): each is also a step of the duel's log.
    "arena.command_card_only": "the {side}'s {card} is played only as a command card, and a duel has none: it stays in the Stock",
    "arena.no_effect_in_secondary": "the {side}'s {card} acts only on ranged attacks or channelling, which the secondary round does not have: it is played and discarded with no effect",
    # A Stock card a duel does not apply (arena.stock.StockFate), with the card page's reason.
    **{
        f"arena.{fate}": "{card} played in a duel: {reason}"
        for fate in ("no_target", "no_combat_effect", "not_automated")
    },
    "arena.primary_matchup_only": "the {side}'s {card} is cast on a creature in a primary match-up, and the secondary round is not one: it is played and discarded with no effect",
    "arena.winning_roll_not_automated": "the {side}'s {card} rolls {roll} for {fighter}: {wins_from} or more wins the match-up, and the Arena rules do not say whether that is the primary round or the whole duel, so the roll is not automated and changes nothing here: apply it by hand",
    "arena.nothing_to_answer": "the {side}'s {card} has no bribe to answer at this point of the round: it does nothing",
    "arena.casting_forbidden": "{source}'s command forbids the {side} to play {card}: it stays in the Stock",
    "arena.command_no_effect": "{fighter}'s command has no effect in a duel: {why}",
    "arena.command_not_automated": "{fighter}'s command is not applied: {why}",
    "arena.commands_contradict": "{first} and {second} each make the Duel Zone count as a different terrain, so the commands contradict: {lost} (the lower Up number, or both when equal) is dispelled",
    # A secondary round written for the other player acting first (the primary result changed under 6.8.5-6.8.8).
    "arena.action_not_possible": "the {side}'s secondary action {number} ({action}) is not taken: it was written for the {written_first} to act first, but the primary round's result now puts the {first} first (Arena rule 6.6.1); results recorded before 2026-11-26 may differ under rulings 6.8.5-6.8.8",
    # A target a duel cannot reach, kept as the duel has always played it (permalinks), said rather than silent.
    **{
        f"arena.target_{use}": "the {side}'s {round_name} action {number} ({action}) names {target_name}, which is not {whom} (Arena rule {rule_number}): "
        + outcome
        for use, outcome in (
            ("ignored", "the target is ignored: the action is aimed at {usual}, as with no target"),
            ("channel_lost", "the channel adds nothing"),
            ("unknown", "no card of the duel has that name, so the card reaches no one by it"),
            ("out_of_battle", "the bribe is still aimed at it"),
        )
    },
    "arena.creature_gone": "the {side}'s {card} cannot be played as a secondary attacker: {why}",
    # What decided a duel (arena.result.DuelResult.decided_by_code).
    "arena.decided.left_zone": "a duellist left the Duel Zone in the {round} round ({rule})",
    "arena.decided.no_secondary": "nobody played in the secondary round, so the primary result stands ({rule})",
    "arena.decided.secondary_round": "the secondary round ({rule})",
    "arena.decided.secondary_tie": "equal secondary totals: no winner ({rule})",
}


def notice_step(code: str) -> str:
    """The message of the step that says the warning ``code`` in the log (``arena.rounds.announce``): the
    warning's template as a sentence, so the step carries the warning's values, not its words."""
    return f"said.{code}"


# Each warning's template as a step's sentence: capitalised and closed with a full stop, as the log writes it.
MESSAGES.update({notice_step(code): template[:1].upper() + template[1:] + "." for code, template in NOTICES.items()})


def refusal_step(code: str) -> str:
    """The message of the step that logs a refusal (``core.refuse``) whose reason has the code ``code``: the
    reason's template word for word, as the log has always written it, with the reason's values as the step's."""
    return f"refused.{code}"


MESSAGES.update({refusal_step(code): template for code, template in NOTICES.items()})


def action_reason_step(code: str) -> str:
    """The message of the reason an ordered match-up's action is refused (``Refusal``, code ``code``), with its
    values (``turn`` for an action out of turn): the {why} of the step ``action.refused``."""
    return f"reason.{code}"


MESSAGES.update({action_reason_step(code): why for code, why in REFUSAL_WHY.items()})


def action_reason(code: str, turn: str = "") -> Said:
    """Why an ordered match-up's action is refused, as a value: the message of refusal code ``code`` with its
    values (whose ``turn`` it was, for an action out of turn). The step ``action.refused`` and the site's board
    both write it from this, never from a finished sentence."""
    message = action_reason_step(code)
    return Said(message, args_of(message, {"turn": turn}))


def chain_text(terms: tuple[Term, ...]) -> str:
    """``6 base + 3 OCB + 3 ranged = 12``."""
    if not terms:
        return "0"
    parts = [f"{terms[0].amount} {terms[0].label}"]
    for term in terms[1:]:
        sign = "+" if term.amount >= 0 else "-"
        parts.append(f"{sign} {abs(term.amount)} {term.label}")
    return " ".join(parts) + f" = {sum(t.amount for t in terms)}"


class Chain:
    """A chain of terms as an event value: written out as ``chain_text`` only when the sentence is."""

    __slots__ = ("terms",)

    def __init__(self, terms: tuple[Term, ...]) -> None:
        self.terms = terms

    def __format__(self, spec: str) -> str:
        return format(chain_text(self.terms), spec)

    def __str__(self) -> str:
        return chain_text(self.terms)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Chain) and other.terms == self.terms

    def __hash__(self) -> int:
        return hash(self.terms)


class Chains:
    """Several named chains, ``Sand Lord: 11 Sand Lord + 6 Dry Heaps = 17; Ice Spirit: 5 Ice Spirit = 5``."""

    __slots__ = ("named",)

    def __init__(self, named: tuple[tuple[str, tuple[Term, ...]], ...]) -> None:
        self.named = named

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __str__(self) -> str:
        return "; ".join(f"{name}: {chain_text(terms)}" for name, terms in self.named)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Chains) and other.named == self.named

    def __hash__(self) -> int:
        return hash(self.named)


class Named(str):
    """Words made from card names (``Sand Lord, Swordsman``, ``its off-colour bonus against the external Black
    Lung``) that keep those names as data in ``names``. A str, so sentences, equality, hashing and JSON answers
    are what they were; a reader that links cards reads ``names`` rather than looking for them in the words."""

    names: tuple[str, ...]

    def __new__(cls, text: str, names: Iterable[str] = ()) -> Named:
        made = super().__new__(cls, text)
        # Made on every bonus while exploring too (about 6,000 per 5,040 orders): kept to one tuple.
        made.names = names if type(names) is tuple else tuple(names)
        return made

    @classmethod
    def joined(cls, names: Iterable[str], separator: str = ", ") -> Named:
        """Names joined into one value: ``Sand Lord, Swordsman``."""
        listed = tuple(names)
        return cls(separator.join(listed), listed)


class Said:
    """A message as a value inside another one (a match-up's outcome inside the comparison), written out
    only when the outer sentence is, in the outer sentence's words (``render`` passes them on);
    ``str()`` gives it at once where a result needs the words."""

    __slots__ = ("message", "args", "words")

    def __init__(self, message: str, args: tuple[object, ...], words: Words | None = None) -> None:
        self.message = message
        self.args = args
        # None: the standard words (Words is defined below, so it cannot be the default itself).
        self.words = words

    def worded(self, words: Words) -> Said:
        """The same message, to be written in ``words``."""
        return Said(self.message, self.args, words)

    def __format__(self, spec: str) -> str:
        return format(str(self), spec)

    def __str__(self) -> str:
        return render(self.message, self.args, self.words or STANDARD_WORDS)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Said) and (other.message, other.args) == (self.message, self.args)

    def __hash__(self) -> int:
        return hash((self.message, self.args))


class Words:
    """The words a rule set gives the sentences both rule sets share. A template names one as
    ``{words.matchup}``, or with the field of its number as ``{words.matchup_n:{round}}``: the entry
    writes that field where it says ``{n}`` (an Arena duel is one battle in two rounds, so its entries
    name the round and leave the number out). Templates are filled in once per set of words and kept."""

    __slots__ = ("name", "entries", "_messages", "_notices")

    def __init__(self, name: str, entries: Mapping[str, str]) -> None:
        self.name = name
        self.entries = entries
        self._messages: dict[str, tuple[str, int]] = {}
        self._notices: dict[str, str] = {}

    def expand(self, template: str) -> str:
        """The template with its word slots filled in."""

        def word(slot: re.Match[str]) -> str:
            entry = self.entries[slot["name"]]
            return entry.replace("{n}", "{" + slot["number"] + "}") if slot["number"] else entry

        return _WORD_SLOT.sub(word, template)

    def message(self, message: str) -> tuple[str, int]:
        """The event's template, numbered as the standard wording numbers its values, and their count."""
        found = self._messages.get(message)
        if found is None:
            found = self._messages[message] = _positional(self.expand(MESSAGES[message]), _names(message))
        return found

    def notice(self, code: str) -> str:
        found = self._notices.get(code)
        if found is None:
            found = self._notices[code] = self.expand(NOTICES[code])
        return found

    def __repr__(self) -> str:
        return f"Words({self.name!r})"


_WORD_SLOT = re.compile(r"\{words\.(?P<name>\w+)(?::\{(?P<number>\w+)\})?\}")

STANDARD_WORDS = Words(
    "standard",
    {
        "matchup": "match-up",
        "matchup_n": "match-up {n}",
        "Matchup_n": "Match-up {n}",
        # The match-up a warning is about, at its start.
        "label_n": "match-up {n}",
        "not_counted": "will not count for control",
        "set_aside": "it cannot fight or count for control, but it can be attacked",
    },
)
# A duel has no match-ups and no count for control: the shared steps run in one of its two rounds.
ARENA_PRIMARY_WORDS = Words(
    "arena, primary round",
    {
        "matchup": "round",
        "matchup_n": "the primary round",
        "Matchup_n": "Primary round",
        "label_n": "primary round",
        "not_counted": "adds nothing to its side's total",
        "set_aside": "it cannot enter the battle",
    },
)
ARENA_SECONDARY_WORDS = Words(
    "arena, secondary round",
    {
        **ARENA_PRIMARY_WORDS.entries,
        "matchup_n": "the secondary round",
        "Matchup_n": "Secondary round",
        "label_n": "secondary round",
    },
)


def _names(message: str) -> list[str]:
    """The value names of an event in the order its standard wording first names them: the order of its values."""
    names: list[str] = []
    for _, name, _, _ in Formatter().parse(STANDARD_WORDS.expand(MESSAGES[message])):
        if name is not None and name not in names:
            names.append(name)
    return names


def _positional(template: str, names: list[str]) -> tuple[str, int]:
    """The template with its named fields numbered by their place in ``names``, and how many names there are."""
    parts: list[str] = []
    for literal, name, spec, conversion in Formatter().parse(template):
        parts.append(literal.replace("{", "{{").replace("}", "}}"))
        if name is None:
            continue
        field = str(names.index(name)) + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "")
        parts.append("{" + field + "}")
    return "".join(parts), len(names)


_COMPILED: dict[str, tuple[str, int]] = {key: STANDARD_WORDS.message(key) for key in MESSAGES}


def render_values(code: str, values: Mapping[str, object], words: Words = STANDARD_WORDS) -> str:
    """The sentence of a notice or a reason, from its values by name."""
    return words.notice(code).format_map(values)


def args_of(message: str, values: Mapping[str, object]) -> tuple[object, ...]:
    """A step's values (``Step.args``) for ``message`` from values by name: in the order its template numbers them."""
    return tuple(values[name] for name in _names(message))


def render(message: str, args: tuple[object, ...], words: Words = STANDARD_WORDS) -> str:
    """The sentence of one event, in the given rule set's words; a message inside it (``Said``) is
    written in the same words."""
    if words is STANDARD_WORDS:
        template, count = _COMPILED[message]
    else:
        template, count = words.message(message)
        args = tuple(arg.worded(words) if isinstance(arg, Said) else arg for arg in args)
    if count != len(args):
        raise ValueError(f"message {message!r} takes {count} value(s), got {len(args)}")
    return template.format(*args)
