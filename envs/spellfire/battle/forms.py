"""The form a champion fights in for the round (issue 13, c1st3; seed 000 step E).

Two printed powers give a champion a level (and a type) other than its printed one, a choice
of its owner that the engine makes [decided] as described in ``cards/effects.py``:

- ``fight_as`` (Gib Ekim: "Gib can fight as either a wizard (5) or a hero (7); the player must
  choose at the start of the round"): the owner's choice is read from its plays, so the player
  still makes it: in a round in which its side casts a spell of the other type (a wizard spell
  for a wizard; an unarmed combat card for a hero), the champion fights as that type at its
  printed level; else as its printed type at the level the text gives that form. Once the
  side has played a card only one form may use, the other forms' cards are barred for the
  round (``legal.bars``; issue 13, audit 4: one form a round, not a Bolt then a Punch).
- ``function_as`` (Chest of Many Things: "can function as a hero, wizard, cleric, or monster;
  the player chooses which type of champion before each round"): read from the plays as
  ``fight_as``: the form of the cards its side plays in the round (its spells, a hero's
  unarmed combat), else its printed type (or a hero, when its printed type is none of the
  four); locked for the round as ``fight_as``.
- ``assume_level`` (Johydee's Mask: "the wearer assumes the level or gains the special power
  (but not both) of any champion in play"): the wearer fights at the highest printed level of
  the champions in play (both pools, both champions in the round) when it is higher than its
  own; the special power is not taken (the owner's best for the totals).
- an ally in a champion's place (``ally_defends``, issue 13, first_b: :func:`as_champion`)
  fights as a hero whose level is its printed bonus.

:func:`in_form` is called by :func:`.totals.round_sides`; what it returns is what the round
reads of the champion: the totals' base level and the other side's conditions.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..cards.cards import CardType
from ..cards.effects import EffectKind
from .facts import Facts
from .state import SpellfireState

#: The spell type a champion type casts ("wizard (5)": a wizard casts wizard spells).
SPELL_OF: dict[int, CardType] = {int(CardType.WIZARD): CardType.WIZARD_SPELL,
                                 int(CardType.CLERIC): CardType.CLERIC_SPELL}

#: The cards only one form may use, by the form (champion type) they show: a wizard's spells,
#: a cleric's, a hero's unarmed combat ("uses" code 18; issue 13, audit 4).
FORM_CARDS: dict[int, CardType] = {**SPELL_OF, int(CardType.HERO): CardType.UNARMED_COMBAT}


def form_of(card: Facts) -> int | None:
    """The form (champion type) ``card`` shows: one of :data:`FORM_CARDS` that needs that
    form's "uses" code (a card "usable by any champion", or by dragons only, shows none)."""
    for form, kind in FORM_CARDS.items():
        code = str(int(kind))
        if card.type == kind and card.needs and card.needs & {"d" + code, "o" + code}:
            return form
    return None


def played_forms(state: SpellfireState, facts: Sequence[Facts], p: int,
                 forms: Sequence[int]) -> list[int]:
    """The forms among ``forms`` whose cards (:func:`form_of`) ``p``'s side has played into
    the round, its own (a turned spell is not its play), in the order of ``forms``."""
    own = {form_of(facts[i]) for i in state.battle.support[p] if state.owner[i] == p}
    return [t for t in forms if t in own]


def champion_forms(state: SpellfireState, facts: Sequence[Facts], p: int) -> list[int]:
    """The forms ``p``'s champion in the round may take (``fight_as``: its printed type and
    the other; ``function_as`` of a card it carries: the types named), none without either."""
    held = state.battle.champion[p]
    if held is None:
        return []
    out = [t for e in facts[held].get(EffectKind.FIGHT_AS) if e.champion_type is not None
           for t in (int(facts[held].type), e.champion_type)]
    out += [t for i in state.players[p].attached.get(held, ())
            for e in facts[i].get(EffectKind.FUNCTION_AS) for t in e.card_types]
    return list(dict.fromkeys(out))


def in_form(state: SpellfireState, facts: Sequence[Facts], p: int,
            champion: Facts | None) -> Facts | None:
    """``p``'s champion in the round as it fights: ``fight_as``, then ``assume_level`` of a
    card it carries (``champion`` itself when neither applies)."""
    if champion is None:
        return None
    champion = as_champion(champion)
    for e in champion.get(EffectKind.FIGHT_AS):
        champion = fight_as(state, facts, p, champion, e.amount, e.champion_type)
    held = state.battle.champion[p]
    carried = state.players[p].attached.get(held, ()) if held is not None else ()
    for i in carried:
        for e in facts[i].get(EffectKind.FUNCTION_AS):
            champion = function_as(state, facts, p, champion, e.card_types)
    if any(facts[i].has(EffectKind.ASSUME_LEVEL) for i in carried):
        champion = assume_level(state, facts, champion)
    return champion


def as_champion(f: Facts) -> Facts:
    """An ally in a champion's place (``ally_defends``, South Ledopolus: "the attached realm can
    use any ally as a champion"; issue 13, first_b) fights as a hero [decided: the 4th Edition
    printing's "to defend as a hero champion"] whose level is the ally's printed bonus (the
    level field of an ally is its bonus); any other card is itself."""
    if f.type != CardType.ALLY:
        return f
    return replace(f, type=CardType.HERO, is_champion=True, level=f.bonus, bonus=0,
                   as_opponent=replace(f.as_opponent, type=int(CardType.HERO), level=f.bonus))


def function_as(state: SpellfireState, facts: Sequence[Facts], p: int, champion: Facts,
                types: Sequence[int]) -> Facts:
    """``function_as``: the form of the cards ``p``'s side plays in the round (its own: its
    spells, a hero's unarmed combat), when one of ``types``; else the printed type when one of
    them; else the first of them. The form is locked once shown (``legal.bars``)."""
    cast = played_forms(state, facts, p, types)
    kind = cast[0] if cast else int(champion.type) if int(champion.type) in types else types[0]
    if kind == int(champion.type):
        return champion
    return replace(champion, type=CardType(kind),
                   as_opponent=replace(champion.as_opponent, type=kind))


def fight_as(state: SpellfireState, facts: Sequence[Facts], p: int, champion: Facts,
             level: int, other_type: int | None) -> Facts:
    """``fight_as``: the other type at the printed level in a round in which ``p``'s side
    plays a card of that form (a spell of its type, a hero's unarmed combat; one of its own:
    a turned spell is not its cast), else the printed type at ``level``: an unarmed combat
    card shows the hero form. The form is locked once shown (``legal.bars``)."""
    if other_type is not None and played_forms(state, facts, p, (other_type,)):
        return replace(champion, type=CardType(other_type),
                       as_opponent=replace(champion.as_opponent, type=other_type))
    return _at_level(champion, level)


def assume_level(state: SpellfireState, facts: Sequence[Facts], champion: Facts) -> Facts:
    """``assume_level``: the highest printed level of the champions in play, when higher than
    the wearer's own."""
    best = max((facts[c].level for c in _champions_in_play(state)), default=0)
    return _at_level(champion, best) if best > champion.level else champion


def _champions_in_play(state: SpellfireState) -> list[int]:
    """Both pools' champions and both champions in the round."""
    held = [c for c in state.battle.champion if c is not None]
    return [*held, *(c for side in state.players for c in side.pool)]


def _at_level(champion: Facts, level: int) -> Facts:
    if level == champion.level:
        return champion
    return replace(champion, level=level, as_opponent=replace(champion.as_opponent,
                                                              level=level))
