"""The state of a Spellfire game: zones of card instances, the turn, and the battle sub-state.

Card instances are indices into the game's card list ``state.cards`` (card keys such as
``"1st/94"``); ``state.owner[i]`` is the player who owns instance ``i``. Every instance lies in
exactly one zone (checked by ``SpellfireEngine.check_invariants``):

- a player's ``draw`` pile (index 0 is the top), ``hand``, ``pool`` (champions, each with its
  ``attached`` magical items and artifact), ``realms`` (formation slots A..F, with ``razed`` flags
  and one ``holdings`` card per slot), ``discard``, ``limbo``, ``abyss``, ``void``;
- the battle: each side's ``champion`` in the round and its ``support`` pile (allies, spells,
  events played into the round).

Attachments follow their champion: an item attached to a champion in the round is in the
battle zone, one attached to a pool champion is in the pool. The turn structure of the whole
game (phases 0..5) can wrap this state: ``phase`` is 4 during the battle, ``attacker`` is the
player whose turn it is.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

SLOTS = ("A", "B", "C", "D", "E", "F")
"""Formation slots: A on top, then B C, then D E F (RULES.md §1 "Table")."""
COVERED_BY: tuple[tuple[int, ...], ...] = ((), (0,), (0,), (1,), (1, 2), (2,))
"""Slots that shield each slot: A covers B and C; B covers D and E; C covers E and F."""


def exposed(side: Side, slot: int) -> bool:
    """No standing realm shields ``slot`` of ``side``'s formation (RULES.md §1 "Table": A covers
    B and C, B covers D and E, C covers E and F; razed realms and empty slots shield nothing)."""
    return all(side.realms[s] is None or side.razed[s] for s in COVERED_BY[slot])


def exposed_slots(side: Side) -> tuple[bool, bool, bool, bool, bool, bool]:
    """:func:`exposed` of the six slots at once (the observation reads them at every step)."""
    st = [r is not None and not z for r, z in zip(side.realms, side.razed, strict=True)]
    # COVERED_BY written out: A covers B and C; B covers D and E; C covers E and F.
    return True, not st[0], not st[0], not st[1], not (st[1] or st[2]), not st[2]

STEPS = ("realm", "attacker", "defender", "cards", "over")
"""realm: the attacker picks a realm (seed 000 step A) or makes no attack.
attacker: the attacker presents a champion (step B; again after a round won against a realm
that must be defeated twice, step I, where it may also end the attack).
defender: the defender presents a champion, lets the realm defend itself, or declines (step C).
cards: the losing side plays one card at a time (step F); the winner's window for events and
play-at-any-time cards.
over: the battle has ended (step J done)."""

OUTCOMES = ("razed", "repelled", "no_winner", "no_attack", "attack_ended", "ended")
"""How a battle ended: the realm was razed or discarded (attacker wins); the attacking champion
was defeated or discarded (defender wins); both champions were discarded by card play (seed 001:
no winner); the attacker made no attack; the attacker stopped after a won round against a realm
that must be defeated twice (it still stands); a card ended the battle with no victor
(``end_battle``, or a wall the attacking champion cannot pass)."""


@dataclass
class Side:
    """One player's zones."""

    draw: list[int] = field(default_factory=list)
    hand: list[int] = field(default_factory=list)
    pool: list[int] = field(default_factory=list)
    attached: dict[int, list[int]] = field(default_factory=dict)
    """Champion instance -> its magical items and artifact (pool or battle champions only)."""
    realms: list[int | None] = field(default_factory=lambda: [None] * 6)
    razed: list[bool] = field(default_factory=lambda: [False] * 6)
    holdings: list[int | None] = field(default_factory=lambda: [None] * 6)
    discard: list[int] = field(default_factory=list)
    limbo: list[int] = field(default_factory=list)
    abyss: list[int] = field(default_factory=list)
    void: list[int] = field(default_factory=list)
    attacked: list[int] = field(default_factory=list)
    """Champions that have attacked this turn (seed 000 step I: no second attack)."""
    rule: list[int] = field(default_factory=list)
    """The rule card this player has in play (at most one on the whole table: RULES.md §1
    phase 0; a rule card "remains in effect until any other rule card is played")."""
    lasting: list[int] = field(default_factory=list)
    """The whole game only (issue 13, lasting): cards this player played in an earlier battle
    whose power lasts "until (the end of) the player's next turn" (``Card.lasting``); each
    acts as a card of this player's side in every round until it expires (the game engine
    discards it then: ``game/lasting.py``). Always empty in battle mode."""
    cursing: dict[int, int] = field(default_factory=dict)
    """The whole game only (issue 13, first_a): those of this player's ``lasting`` cards that
    stay on an opposing champion "until dispelled" (Spell of Formless Horror) -> that
    champion's instance; such a card acts only in the rounds that champion fights
    (``battle/totals.py`` round_sides). Always empty in battle mode."""

    def copy(self) -> Side:
        return Side(list(self.draw), list(self.hand), list(self.pool),
                    {k: list(v) for k, v in self.attached.items()}, list(self.realms),
                    list(self.razed), list(self.holdings), list(self.discard), list(self.limbo),
                    list(self.abyss), list(self.void), list(self.attacked), list(self.rule),
                    list(self.lasting), dict(self.cursing))


@dataclass
class Battle:
    """The battle in progress (one attack on one realm, seed 000)."""

    step: str = "realm"
    realm: int | None = None
    """The attacked formation slot of the defender (0..5)."""
    round: int = 0
    """Rounds fought so far (completed)."""
    defeats: int = 0
    """Rounds the attacker has won against this realm (seed 000 step I: defeated twice)."""
    champion: list[int | None] = field(default_factory=lambda: [None, None])
    """Per player: its champion in the current round."""
    realm_defends: bool = False
    """The realm defends itself as a champion (RULES.md §1 "Combat")."""
    support: list[list[int]] = field(default_factory=lambda: [[], []])
    """Per player: allies, spells, events... played into the current round."""
    to_play: int | None = None
    """step ``cards``: the player who plays or passes now."""
    window: bool = False
    """step ``cards``: ``to_play`` is winning and may play only events and any-time cards."""
    outcome: str | None = None
    winner: int | None = None
    """Who won the battle (``None``: nobody)."""
    spoils: list[int | None] = field(default_factory=lambda: [None, None])
    """Per player: the spoils card drawn at the end of the battle (step J)."""
    defeated: list[int] = field(default_factory=list)
    """Champions defeated once in this battle that must be defeated twice before they are
    discarded (``defeat_twice_champion``)."""
    fought: list[int] = field(default_factory=list)
    """Champions that fought a round of this battle (their cards activated, seed 002 note 3):
    their single-use cards are spent when the battle ends (``single_use``)."""
    threat: int | None = None
    """Step ``cards`` during activation (step D): the card whose power would end the round at
    once; ``to_play``, the side about to lose that way, may play one card first (RULES.md §1
    "Combat")."""
    spent: list[int] = field(default_factory=list)
    """Cards whose power answers the other side's plays a number of times per battle (a
    champion that destroys one opposing ally or magical item, a rod that cancels one spell:
    ``.reactions``), once per use."""
    bribed: list[int] = field(default_factory=list)
    """Champions bribed in this battle (``bribe``, c1st3: Bribery!): they may not be presented
    again in it."""
    digits: dict[int, int] = field(default_factory=dict)
    """Card -> the last digit it drew for this round (``bonus_from_digit``, issue 13, c4th5b:
    Wand of Wonder, "the wand's level bonus is equal to that digit"); emptied as a round
    ends."""

    def copy(self) -> Battle:
        return Battle(self.step, self.realm, self.round, self.defeats, list(self.champion),
                      self.realm_defends, [list(s) for s in self.support], self.to_play,
                      self.window, self.outcome, self.winner, list(self.spoils),
                      list(self.defeated), list(self.fought), self.threat, list(self.spent),
                      list(self.bribed), dict(self.digits))


@dataclass
class SpellfireState:
    """A Spellfire game, from the attacker's phase 4 (battle mode)."""

    cards: list[str]
    owner: list[int]
    players: list[Side]
    attacker: int
    battle: Battle
    phase: int = 4
    turn: int = 1
    luck: int = 0
    """The seed of the game's chance after the deal (issue 13, c1st5: a card shuffled back into
    a draw pile, a card drawn at random from a hand): drawn from the deal's generator; hidden
    from both players (no view or observation shows it). ``battle.luck.draw_luck`` reads it."""
    luck_used: int = 0
    """How many draws of chance were taken from ``luck`` so far."""
    cache: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)
    """Derived values (legal actions, totals, observations); cleared on every change, never
    copied or saved."""

    @property
    def defender(self) -> int:
        return 1 - self.attacker

    def copy(self) -> SpellfireState:
        return SpellfireState(list(self.cards), list(self.owner),
                              [s.copy() for s in self.players], self.attacker, self.battle.copy(),
                              self.phase, self.turn, self.luck, self.luck_used)
