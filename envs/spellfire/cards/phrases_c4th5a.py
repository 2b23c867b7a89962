"""Phrases of cards printed in both the 3rd and the 4th Edition whose powers act outside
battles (issue 13, c4th5a): registered with ``outside.py``'s reader (``outside._phrase``) when
``compiler.py`` imports this module. Their kinds act in ``game/outside_both.py``; each phrase
names the cards it reads (checked over the CrossFire data: it matches no other card's
sentence)."""

from __future__ import annotations

import re

from .effects import Effect, EffectKind
from .outside import NUM, _n, _phrase

K = EffectKind


@_phrase(r"all opposing players must discard one champion from their pool \(chosen by this "
         r"player\)")
def _slave_revolt(m: re.Match[str]) -> tuple[Effect, ...]:
    # Slave Revolt! (3rd/202, 4th/126)
    return (Effect(K.DISCARD_OPPOSING_POOL_CHAMPION),)


@_phrase(r"all players who have " + NUM + r" or more unrazed realms in play must discard a "
         r"realm from their formation or two realms from their hand")
def _barbarians_revenge(m: re.Match[str]) -> tuple[Effect, ...]:
    # The Barbarian's Revenge! (3rd/213, 4th/129)
    return (Effect(K.EACH_WIDE_DISCARDS_REALM, amount=_n(m.group(1))),)


@_phrase(r"this event is immune to limited wish")
def _immune_to_limited_wish(m: re.Match[str]) -> tuple[Effect, ...]:
    # The Barbarian's Revenge!: [decided] nothing cancels it: no card answers a card played
    # outside battles (the game asks no player to answer a phase-3 play, as for Estate
    # Transference's "if spell-turned"), Limited Wish included.
    return ()
