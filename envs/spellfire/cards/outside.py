"""The phrases of powers acting outside battles (issue 13, outside): card text to the kinds the
whole game applies in phase 3 (``game/outside.py``).

:func:`read_outside` reads a card whose every sentence is one of these phrases (or restates
what another one says), for an event or for a spell (or psionic power...) whose mark lists phase
3. Anything else is left to the battle's compiler (``compiler.py``), which reads such sentences
as "not combat". A card read here is modelled: the whole game plays it in phase 3.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .cards import CardType
from .effects import Effect, EffectKind

K = EffectKind
NUM = r"(one|two|three|four|five|six|\d+)"
_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_UNDEAD = 40
"""The CrossFire attribute id of undead (RULES.md §1 "Card data")."""

Reader = Callable[[re.Match[str]], tuple[Effect, ...]]
_PHRASES: list[tuple[re.Pattern[str], Reader]] = []


def _phrase(pattern: str) -> Callable[[Reader], Reader]:
    def deco(fn: Reader) -> Reader:
        _PHRASES.append((re.compile(pattern), fn))
        return fn
    return deco


def _n(word: str) -> int:
    return _NUMBERS[word] if word in _NUMBERS else int(word)


@_phrase(r"(?:the player of this (?:card|event)|this player) draws " + NUM +
         r" cards(?: immediately)?")
def _draws(m: re.Match[str]) -> tuple[Effect, ...]:
    # Good Fortune, Hurricane!
    return (Effect(K.DRAW_NOW, amount=_n(m.group(1))),)


@_phrase(r"all players draw " + NUM + r" cards")
def _all_draw(m: re.Match[str]) -> tuple[Effect, ...]:
    # Treasure Fleet
    return (Effect(K.DRAW_NOW, amount=_n(m.group(1)), mark="all"),)


@_phrase(r"all players must discard their hands immediately and draw " + NUM + r" cards")
def _new_hands(m: re.Match[str]) -> tuple[Effect, ...]:
    # Transformation!
    return (Effect(K.NEW_HANDS, amount=_n(m.group(1))),)


@_phrase(r"the sunray kills all undead in one player's pool")
def _sunray(m: re.Match[str]) -> tuple[Effect, ...]:
    return (Effect(K.KILL_IN_POOL, attributes=(_UNDEAD,)),)


@_phrase(r"no attacks are allowed against any player until the caster's next turn")
def _wall_of_fog(m: re.Match[str]) -> tuple[Effect, ...]:
    return (Effect(K.TRUCE_NOW),)


@_phrase(r"no player can play a realm or rebuild a realm until this player's next turn")
def _map_of_life(m: re.Match[str]) -> tuple[Effect, ...]:
    return (Effect(K.NO_REALM_PLAYS),)


@_phrase(r"destroy'?s one realm, regardless of position")
def _disintegrate(m: re.Match[str]) -> tuple[Effect, ...]:
    return (Effect(K.DESTROY_REALM),)


@_phrase(r"the destroyed realm must be discarded")
def _restated_discard(m: re.Match[str]) -> tuple[Effect, ...]:
    # Disintegrate: what ``destroy_realm`` already does.
    return ()


@_phrase(r"this player can make no attacks this turn")
def _no_attack(m: re.Match[str]) -> tuple[Effect, ...]:
    return (Effect(K.NO_ATTACK_THIS_TURN),)


@_phrase(r"any one defeated champion can be selected from the player's discard pile and "
         r"placed back in his hand")
def _raise_dead(m: re.Match[str]) -> tuple[Effect, ...]:
    return (Effect(K.RAISE_DEAD),)


@_phrase(r"every player can immediately rebuild one razed realm")
def _safe_harbor(m: re.Match[str]) -> tuple[Effect, ...]:
    return (Effect(K.REBUILD_EACH),)


@_phrase(r"all players must discard one champion from their pool")
def _enslaved(m: re.Match[str]) -> tuple[Effect, ...]:
    return (Effect(K.EACH_DISCARDS_CHAMPION),)


@_phrase(r"the affected champion can neither attack nor defend until after the owner's next "
         r"turn")
def _geas(m: re.Match[str]) -> tuple[Effect, ...]:
    return (Effect(K.BENCH_CHAMPION),)


_PLAYED = (CardType.EVENT, CardType.WIZARD_SPELL, CardType.CLERIC_SPELL, CardType.PSIONIC_POWER,
           CardType.BLOOD_ABILITY, CardType.THIEF_ABILITY, CardType.UNARMED_COMBAT)
"""The card types played from the hand whose power may act outside battles."""


def read_outside(card_type: CardType, phases: tuple[int, ...],
                 sentences: list[str]) -> tuple[Effect, ...] | None:
    """The effects of a card whose every (cleaned, lower-case) sentence is a phrase of this
    module, in the order printed; ``None`` when one is not, or the card is not an event or a
    card played in phase 3 (its mark's digits)."""
    if card_type not in _PLAYED or (card_type != CardType.EVENT and 3 not in phases):
        return None
    if card_type == CardType.EVENT and phases and 3 not in phases:
        return None
    out: list[Effect] = []
    for s in sentences:
        found = next((fn(m) for p, fn in _PHRASES if (m := p.fullmatch(s))), None)
        if found is None:
            return None
        out += [e for e in found if e not in out]
    return tuple(out) if out else None
