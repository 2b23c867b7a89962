"""Card powers of the rest of the 1st Edition that act when a card enters the round (issue 13,
seed 000 step F, seed 001); each is ``fn(play, effect)`` as in :mod:`.powers`, found through
the resolver table and resolved in the stage :data:`.powers.CARD_PLAY_STAGES` gives its kind.

- ``restore_realm`` (Spirit of the land: "... or restores one razed realm from any world"):
  the owner's first razed realm, A to F, stands again [decided: of the card's two choices,
  protecting a Dark Sun realm from being razed or restoring a razed one, the restoring is the
  owner's best in a battle, which the card also ends with no victor: the realm fought over is
  not razed either way].
- ``raze_first_realms`` (Siege!): the realm in slot A of each player is razed, whatever its
  powers; the attacked realm razed so ends the battle as ``raze_realm`` does (seed 001).
- ``destroy_ally_or_item`` (Lightning Bolt: "one opposing ally of level 4 or less, or one
  magical item, of caster's choice"): [decided] the caster's best, the card with the larger
  bonus (the ally on a tie).
- ``discard_armed_champion`` (Ancient Curse): the opposing champion in the round if it carries
  a magical item or artifact (card play discards it, seed 001) and is not immune to the card,
  else the highest-level such champion of the opposing pool, discarded with its possessions
  [decided: the player's best choice of "one champion with an attached artifact or magical
  item"].
- ``levels_or_item`` (Crushing Fist: "adds 4 levels or destroys one magical item, at the choice
  of the caster"): [decided] the caster's best: the opposing champion's strongest magical item
  when its bonus is larger than the card's levels (the card then leaves the round for its
  owner's discard pile: its levels are not added), else the card stays and adds them.
- ``take_ally_from_hand`` (Control Undead: "the caster can ask any player for his largest
  undead ally card and use it in this round of battle. The ally is discarded afterward"):
  the ally of the highest bonus with the attributes from the opponent's hand, else from the
  caster's own [decided: the caster's best, as it also leaves the opponent's hand], fights for
  the caster's side for the round, then goes to its owner's discard pile (seed 000 step H).
  It acts on a hand, not on the opposing champion: an immunity of that champion does not stop
  it [decided].
- ``turn_spell`` (Spell Turning: "turns a just-cast spell back at its caster, as if the original
  target had cast it"): the other side's last card in the round, when it is a wizard or cleric
  spell, fights for the owner's side for the rest of the round, then goes to its owner's
  discard pile; what it did when it was played stays done [decided, as ``cancel_spell``].
- ``dispel_all`` (The Genie Bottle): the wizard and cleric spells of the round, every holding
  and every rule card in play go to their owners' discard piles.
"""

from __future__ import annotations

from ...core.engine import Event
from ..cards.cards import CardType
from ..cards.effects import Effect
from .context import touch
from .facts import stays_in_pool
from .powers import Play, raze_realm, strongest, strongest_champions
from .shields import realm_shielded
from .state import SLOTS

CARRIED = (CardType.MAGICAL_ITEM, CardType.ARTIFACT)


def restore_realm(play: Play, e: Effect) -> None:
    """``restore_realm``: the owner's first razed realm (A to F) is no longer razed."""
    if not play.holds(e):
        return
    side = play.state.players[play.player]
    razed = [s for s in range(len(SLOTS)) if side.realms[s] is not None and side.razed[s]]
    if not razed:
        return
    side.razed[razed[0]] = False
    play.events.append(Event("realm_restored", f"{play.card.name} restores realm "
                                               f"{SLOTS[razed[0]]} of player_{play.player}",
                             play.player, {"card": play.card.key, "slot": SLOTS[razed[0]]}))
    touch(play.state)


def raze_first_realms(play: Play, e: Effect) -> None:
    """``raze_first_realms``: slot A of every player is razed (the attacker's first, then the
    defender's); a razed or empty slot A "ignores this event"."""
    if not play.holds(e):
        return
    state = play.state
    for owner in (state.attacker, state.defender):
        side = state.players[owner]
        if side.realms[0] is None or side.razed[0]:
            continue
        if owner == state.defender and state.battle.realm == 0:
            raze_realm(play, e)  # the realm fought over: the battle ends (seed 001)
            return
        if not realm_shielded(state, play.ctx.facts, owner, 0, play.card):
            _raze_slot(play, owner)


def _raze_slot(play: Play, owner: int) -> None:
    """The realm in slot A of ``owner`` is razed; [decided, as ``judge.raze``] its holding is
    discarded with it."""
    side = play.state.players[owner]
    side.razed[0] = True
    holding, side.holdings[0] = side.holdings[0], None
    if holding is not None:
        side.discard.append(holding)
    realm = side.realms[0]
    assert realm is not None
    play.events.append(Event("realm_razed", f"{play.card.name} razes realm A "
                                            f"({play.ctx.name(realm)}) of player_{owner}",
                             owner, {"slot": "A", "card": play.card.key}))
    touch(play.state)


def destroy_ally_or_item(play: Play, e: Effect) -> None:
    """``destroy_ally_or_item``: the strongest opposing ally of level ``amount`` or less (any
    level when ``amount`` is 0: Rowan, issue 13 c4th3b), or the strongest magical item of the
    opposing champion, whichever has the larger bonus (the ally on a tie), goes to its owner's
    discard pile (its Abyss with the ``mark`` "abyss": Rowan, "send ... to the Abyss")."""
    if not (play.hits and play.holds(e)):
        return
    state, fx, q = play.state, play.ctx.facts, play.opponent
    support = state.battle.support[q]
    allies = strongest(fx, [i for i in support if fx[i].type == CardType.ALLY
                            and (not e.amount or fx[i].bonus <= e.amount)], 1)
    champion = state.battle.champion[q]
    attached = [] if champion is None else state.players[q].attached.get(champion, [])
    items = strongest(fx, [i for i in attached if fx[i].type == CardType.MAGICAL_ITEM], 1)
    if items and (not allies or fx[items[0]].bonus > fx[allies[0]].bonus):
        gone, attached_to = items[0], attached
    elif allies:
        gone, attached_to = allies[0], support
    else:
        return
    attached_to.remove(gone)
    owner = state.players[state.owner[gone]]
    (owner.abyss if e.mark == "abyss" else owner.discard).append(gone)
    play.gone.append(gone)


def discard_armed_champion(play: Play, e: Effect) -> None:
    """``discard_armed_champion``: the opposing champion in the round if it carries a magical
    item or artifact (discarded by card play, settled with the stage), else the highest-level
    armed champion of the opposing pool, with its attachments."""
    if not play.holds(e):
        return
    state, fx, q = play.state, play.ctx.facts, play.opponent
    other = state.players[q]

    def armed(c: int) -> bool:
        return any(fx[i].type in CARRIED for i in other.attached.get(c, ()))

    fighting = state.battle.champion[q]
    if fighting is not None and armed(fighting) and play.hits:
        play.discarded[q] = True
        return  # else (none, or immune to the card) the best of the pool
    victims = strongest_champions(fx, [c for c in other.pool if armed(c)
                                       and not stays_in_pool(fx[c])], 1)
    for c in victims:
        other.pool.remove(c)
        other.discard.append(c)
        other.discard += other.attached.pop(c, [])
        play.events.append(Event("champion_discarded", f"{play.card.name}: player_{q}'s "
                                                       f"{fx[c].name} is discarded", q,
                                 {"card": state.cards[c]}))
        touch(state)


def levels_or_item(play: Play, e: Effect) -> None:
    """``levels_or_item``: the opposing champion's strongest magical item is destroyed when its
    bonus is larger than ``amount``, and the card leaves the round; else nothing happens here
    (the card's bonus is its levels)."""
    if not (play.hits and play.holds(e)):
        return
    state, fx, q = play.state, play.ctx.facts, play.opponent
    champion = state.battle.champion[q]
    attached = [] if champion is None else state.players[q].attached.get(champion, [])
    items = strongest(fx, [i for i in attached if fx[i].type == CardType.MAGICAL_ITEM], 1)
    if not items or fx[items[0]].bonus <= e.amount:
        return
    attached.remove(items[0])
    state.players[q].discard.append(items[0])
    play.gone.append(items[0])
    spell = next((i for i in reversed(state.battle.support[play.player])
                  if state.cards[i] == play.card.key), None)
    if spell is not None:
        state.battle.support[play.player].remove(spell)
        state.players[state.owner[spell]].discard.append(spell)


def take_ally_from_hand(play: Play, e: Effect) -> None:
    """``take_ally_from_hand``: the largest ally with one of ``attributes`` in the opponent's
    hand (else in the owner's) joins the owner's side for the round."""
    if not play.holds(e):
        return
    state, fx = play.state, play.ctx.facts
    for p in (play.opponent, play.player):
        hand = state.players[p].hand
        found = strongest(fx, [i for i in hand if fx[i].type == CardType.ALLY and (
            not e.attributes or fx[i].card.attributes.intersection(e.attributes))], 1)
        if found:
            hand.remove(found[0])
            state.battle.support[play.player].append(found[0])
            play.events.append(Event("ally_taken", f"{play.card.name}: {fx[found[0]].name} "
                                                   f"from player_{p}'s hand fights for "
                                                   f"player_{play.player}", play.player,
                                     {"card": play.card.key, "ally": fx[found[0]].key}))
            touch(state)
            return


def turn_spell(play: Play, e: Effect) -> None:
    """``turn_spell``: the other side's last card in the round, a wizard or cleric spell (of
    ``card_types`` if given: 4th Edition, c4th3c, Reversal, "turns a just-played offensive
    unarmed combat card back upon its user"; of the ``mark`` if given), switches to the
    owner's side."""
    if not play.holds(e):
        return
    state, fx = play.state, play.ctx.facts
    support = state.battle.support[play.opponent]
    if not support:
        return
    spell = fx[support[-1]]
    kinds = set(e.card_types) or {int(CardType.WIZARD_SPELL), int(CardType.CLERIC_SPELL)}
    if int(spell.type) not in kinds or (
            e.mark and (spell.card.mark is None or spell.card.mark.value != e.mark)):
        return
    state.battle.support[play.player].append(support.pop())
    play.events.append(Event("spell_turned", f"{play.card.name} turns {spell.name} back on "
                                             f"player_{play.opponent}", play.player,
                             {"card": play.card.key, "turned": spell.key}))
    touch(state)


def dispel_all(play: Play, e: Effect) -> None:
    """``dispel_all``: spells in the round, holdings and rule cards in play are discarded."""
    if not play.holds(e):
        return
    state, fx = play.state, play.ctx.facts
    spells = (CardType.WIZARD_SPELL, CardType.CLERIC_SPELL)
    for support in state.battle.support:
        for i in [i for i in support if fx[i].type in spells]:
            support.remove(i)
            state.players[state.owner[i]].discard.append(i)
            play.gone.append(i)
    for side in state.players:
        for s, h in enumerate(side.holdings):
            if h is not None:
                side.holdings[s] = None
                side.discard.append(h)
                play.gone.append(h)
        play.gone += side.rule
        side.discard += side.rule
        side.rule.clear()
