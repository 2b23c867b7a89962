"""Rule cards in play that act on every battle (issue 13, c1st3; RULES.md §1 phase 0).

A rule card is played in phase 0 of the whole game (``game/plays.py``) into its player's
``rule`` zone, and "affects all players and remains in effect until any other rule card is
played". The battle reads eight of its powers while it is there, for both players alike:

- ``spells_barred_named`` (The Abyssal Vortex: "Wish and Limited Wish spells cannot be cast"):
  a spell whose whole name is one of the effect's ``names`` may not be played
  (:func:`named_bars`, read by :func:`.legal.bars`);
- ``no_cards`` (Master the Magic, The Master Strategist; issue 13, c4th4): cards of the
  effect's types may not be played (:func:`barred_types`, read by :func:`.legal.bars`);
- ``offensive_world_only`` (Forbidden Knowledge; c4th4): a champion of none of the effect's
  worlds may not play (Off) cards of its types (:func:`world_barred`);
- ``combat_level_cap`` (Time of Troubles; c4th4): no champion of printed level ``amount``
  or more attacks or defends (:func:`level_cap`, read by :func:`.legal.available` and the
  defender's choices); its ``rule_world_gain`` is read by the totals (``totals.side_wide``);
- ``rule_allies_barred`` and ``own_base_halved`` (The Power of Faith; c4th4): allies of bonus
  ``amount`` or less barred for a side of whose champion the condition holds
  (:func:`allies_barred_rules`); the halving is read by the totals (``totals.side_wide``);
- ``played_to_abyss`` (The Abyssal Vortex: "all spells and allies played while this card is in
  effect are discarded into the Abyss"): a card of the effect's types played into a round goes
  to its owner's Abyss where it would go to the discard pile, when the round is over or when a
  power discards it earlier (:func:`to_the_abyss`, called after every step by the engine).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ...core.engine import Event
from ..cards.cards import CardType
from ..cards.effects import Effect, EffectKind
from .facts import Facts
from .labyrinth import carries_escape
from .state import SpellfireState


def rule_effects(state: SpellfireState, facts: Sequence[Facts],
                 kind: EffectKind) -> list[Effect]:
    """The effects of ``kind`` of the rule cards in play (either player's)."""
    return [e for side in state.players for i in side.rule for e in facts[i].get(kind)]


def barred_types(state: SpellfireState, facts: Sequence[Facts]) -> frozenset[int]:
    """``no_cards`` on a rule card in play (issue 13, c4th4: Master the Magic, "allies and
    psionic power cards cannot be played"; The Master Strategist, "spells and blood abilities
    cannot be played"): the card types nobody may play (read by :func:`.legal.bars`)."""
    if not any(side.rule for side in state.players):
        return frozenset()
    return frozenset(t for e in rule_effects(state, facts, EffectKind.NO_CARDS)
                     for t in e.card_types)


def world_barred(state: SpellfireState, facts: Sequence[Facts],
                 champion: Facts | None) -> frozenset[int]:
    """``offensive_world_only`` on a rule card in play (issue 13, c4th4: Forbidden Knowledge,
    "only Ravenloft champions can cast offensive wizard spells"): the card types whose (Off)
    cards ``champion`` (``None``: a realm defending itself) may not play."""
    if not any(side.rule for side in state.players):
        return frozenset()
    world = None if champion is None else int(champion.card.world)
    return frozenset(t for e in rule_effects(state, facts, EffectKind.OFFENSIVE_WORLD_ONLY)
                     if world not in e.condition.self_worlds for t in e.card_types)


def level_cap(state: SpellfireState, facts: Sequence[Facts]) -> int | None:
    """``combat_level_cap`` on a rule card in play (issue 13, c4th4: Time of Troubles, "no
    champion of base level 7 or greater ... may be involved in combat"): the printed level
    from which no champion attacks or defends; ``None``: no cap."""
    if not any(side.rule for side in state.players):
        return None
    caps = [e.amount for e in rule_effects(state, facts, EffectKind.COMBAT_LEVEL_CAP)]
    return min(caps) if caps else None


def allies_barred_rules(state: SpellfireState, facts: Sequence[Facts]) -> list[Effect]:
    """``rule_allies_barred`` on a rule card in play (issue 13, c4th4: The Power of Faith,
    "allies of less than +4 cannot be played against undead champions by non-clerics"): the
    effects, whose conditions :func:`.legal.bars` reads for each side."""
    if not any(side.rule for side in state.players):
        return []
    return rule_effects(state, facts, EffectKind.RULE_ALLIES_BARRED)


def barred_names(state: SpellfireState, facts: Sequence[Facts]) -> frozenset[str]:
    """``spells_barred_named``: the (lower-case) names of the spells nobody may cast."""
    if not any(side.rule for side in state.players):
        return frozenset()
    return frozenset(n.lower() for e in rule_effects(state, facts,
                                                     EffectKind.SPELLS_BARRED_NAMED)
                     for n in e.names)


def named_barred(f: Facts, names: frozenset[str]) -> bool:
    """Whether the card ``f`` is a spell barred by name."""
    return f.type in (CardType.WIZARD_SPELL, CardType.CLERIC_SPELL) and f.name.lower() in names


def in_round(state: SpellfireState) -> list[int]:
    """The cards played into the round now (both sides' support piles)."""
    return [i for pile in state.battle.support for i in pile]


def to_the_abyss(state: SpellfireState, facts: Sequence[Facts], played: Iterable[int],
                 events: list[Event]) -> bool:
    """``played_to_abyss``: of the cards ``played`` into a round (before the step, or in it),
    those of the effect's types now in their owner's discard pile go to the Abyss; True if
    one did."""
    if not any(side.rule for side in state.players):
        return False
    types = {t for e in rule_effects(state, facts, EffectKind.PLAYED_TO_ABYSS)
             for t in e.card_types}
    moved = False
    for i in played:
        side = state.players[state.owner[i]]
        if int(facts[i].type) in types and i in side.discard:
            side.discard.remove(i)
            side.abyss.append(i)
            moved = True
            events.append(Event("to_the_abyss", f"{facts[i].name} goes to the Abyss (a rule "
                                                "card in play)", state.owner[i]))
    return moved


def end_of_turn_discard_due(state: SpellfireState, facts: Sequence[Facts]) -> bool:
    """``end_of_turn_discard`` (Age of Entropy): a rule card in play makes the player on turn
    discard one more card at the end of its turn (read by phase 5 of ``game/rules.py``)."""
    return any(facts[r].has(EffectKind.END_OF_TURN_DISCARD) for s in state.players
               for r in s.rule)


def pay_without_hand(state: SpellfireState, facts: Sequence[Facts], p: int,
                     events: list[Event]) -> None:
    """``end_of_turn_discard`` when ``p``'s hand is empty ("discard a card from his hand or
    pool, or raze a realm"): [decided] its weakest pool champion (the lowest printed level,
    then the first) with its attachments; with none, its first standing realm (A to F) is
    razed, its holding discarded as in a battle's razing (``judge.raze``); else nothing."""
    side = state.players[p]
    # A champion that is never discarded (the Labyrinth Map of Shuuc) cannot pay.
    able = [c for c in side.pool if not carries_escape(facts, side.attached.get(c, ()))]
    if able:
        c = min(able, key=lambda i: facts[i].level)
        side.pool.remove(c)
        side.discard += [c, *side.attached.pop(c, [])]
        events.append(Event("rule_discard", f"player_{p} discards {facts[c].name} from its "
                                            "pool (a rule card in play)", p,
                            {"card": state.cards[c]}))
        return
    for slot, realm in enumerate(side.realms):
        if realm is not None and not side.razed[slot]:
            side.razed[slot] = True
            holding = side.holdings[slot]
            if holding is not None:
                side.holdings[slot] = None
                side.discard.append(holding)
            events.append(Event("rule_raze", f"player_{p} razes its realm {facts[realm].name} "
                                             "(a rule card in play)", p, {"slot": slot}))
            return
