"""Who won a round and what follows: razing, the end of the battle, spoils (seed 000 steps G-J,
seed 001).

G.-H. The higher total wins the round (ties to the defender). The winner's champion returns to
its pool with its attachments (magical items and artifacts played in the round included); its
allies, spells and events are discarded. The loser discards everything it used -- unless its
champion escapes (``escape``): then it returns to its pool and the defender draws no spoils.
I. If the attacker won, the realm is razed -- unless it must be defeated twice (``defeat_twice``)
and this was the first defeat: then the attacker may present another champion for the same realm
(or end the attack). If the attacker lost, the battle is over.
J. Spoils: the attacker draws if the realm was razed or discarded by any means; the defender
draws if the attacking champion was defeated and discarded. Both champions discarded: no spoils.
A spoils card is played at once where allowed, else it goes to the hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.engine import Event
from ..cards.cards import CardType
from ..cards.effects import EffectKind
from . import aftermath, defiler
from .context import Context, touch
from .facts import Facts, carries, holds
from .hoard import extra_spoils
from .pool_uses import new_round
from .starving import artists, starve
from .state import SLOTS, Side, SpellfireState
from .totals import RoundSide


def end_round(state: SpellfireState, ctx: Context, winner: int, events: list[Event]) -> None:
    """Seed 000 steps G-I: ``winner`` wins the round; both sides leave it; the battle goes on
    or ends. Then the round's after-battle powers act (seed 001: outside of the battle, the
    spoils already drawn; :mod:`.aftermath`)."""
    found = aftermath.triggers(state, ctx, winner)  # read while the cards are in the round
    starving = artists(state, ctx, 1 - winner)  # The Starving Artist (c1st4): no spoils
    _close_round(state, ctx, winner, events, spoils=not starving)
    aftermath.settle(state, ctx, found, events)
    starve(state, ctx, 1 - winner, starving, events)


def _close_round(state: SpellfireState, ctx: Context, winner: int, events: list[Event],
                 spoils: bool = True) -> None:
    """Steps G-I of :func:`end_round` (``spoils``: False when a power bars them, c1st4)."""
    b = state.battle
    loser = 1 - winner
    totals = list(ctx.totals(state))
    events.append(Event("round_won", f"player_{winner} wins round {b.round + 1} "
                                     f"({totals[winner]} to {totals[loser]})", winner,
                        {"totals": totals, "round": b.round + 1}))
    escaped = escapes(ctx.sides(state), loser)
    sacrificed = not escaped and sacrifice_to_escape(state, ctx, loser, events)
    escaped = escaped or sacrificed
    at_once = winner == state.attacker and razes_at_once(ctx.sides(state))
    survived = not escaped and survives_first_defeat(state, ctx, loser, events)
    return_to_pool(state, winner, ctx.facts)
    if escaped:
        events.append(Event("champion_escapes", f"player_{loser}'s champion escapes to its "
                                                "pool", loser))
        _strip(state, ctx, loser)
        return_to_pool(state, loser, ctx.facts)
    elif survived:
        return_to_pool(state, loser, ctx.facts)
    else:
        discard_side(state, loser)
    touch(state)
    b.round += 1
    new_round(state, ctx)  # c4th5b: the Stone Giant's use "during each round of combat"
    if winner != state.attacker:
        # Seed 001: the defender earns spoils when the attacking champion was discarded;
        # "in the case of champions returning to their pool, the rule doesn't apply".
        end_battle(state, ctx, "repelled", winner, events,
                   spoils=spoils and (sacrificed or not (escaped or survived)))
        return
    b.defeats += 1
    if not at_once and (survived or must_be_defeated_again(state, ctx.facts)):
        _attack_again(state, ctx, events, realm_defeated=not survived)
        return
    raze(state, ctx, events)
    end_battle(state, ctx, "razed", state.attacker, events, spoils=spoils)


def escapes(sides: Sequence[RoundSide], loser: int) -> bool:
    """``escape``: the losing side's champion (or one of its cards) lets it return to its pool
    instead of being discarded (seed 000 step H)."""
    lost, won = (sides[0], sides[1]) if sides[0].player == loser else (sides[1], sides[0])
    return lost.champion is not None and (any(
        holds(e.condition, lost.attacking, lost.opponent)
        for c in (lost.champion, *lost.cards) for e in c.get(EffectKind.ESCAPE))
        or opponent_escapes(won))


def sacrifice_to_escape(state: SpellfireState, ctx: Context, loser: int,
                        events: list[Event]) -> bool:
    """``escape_by_sacrifice`` (4th Edition, c4th3c: Elminster's Evasion, "a wizard who casts
    this spell can sacrifice another wizard from his pool to escape defeat, but the opponent
    still gains spoils (if applicable)"): the losing side's card, its condition holding, and
    another champion of its ``card_types`` in the loser's pool of printed level at most the
    escaping champion's: [decided: the owner's best] the lowest-level such one goes to the
    discard pile with its attachments, and the champion escapes (True). Seed 000 step H."""
    sides = ctx.sides(state)
    lost = sides[0] if sides[0].player == loser else sides[1]
    if lost.champion is None:
        return False
    fx, side = ctx.facts, state.players[loser]
    for e in (e for c in lost.cards for e in c.get(EffectKind.ESCAPE_BY_SACRIFICE)):
        if not holds(e.condition, lost.attacking, lost.opponent):
            continue
        found = sorted((fx[c].level, i, c) for i, c in enumerate(side.pool)
                       if int(fx[c].type) in e.card_types and fx[c].level <= lost.champion.level)
        if found:
            victim = found[0][2]
            side.pool.remove(victim)
            side.discard += [victim, *side.attached.pop(victim, [])]
            events.append(Event("champion_sacrificed", f"player_{loser} sacrifices "
                                f"{ctx.name(victim)} so that its champion escapes", loser,
                                {"card": state.cards[victim]}))
            return True
    return False


def _strip(state: SpellfireState, ctx: Context, loser: int) -> None:
    """An escaping champion's attached cards of the ``card_types`` its ``escape`` names go to
    the discard pile (Cloak of the Gargoyle: "returns to its pool, stripped of all
    attachments"; issue 13 audit 2)."""
    champion = state.battle.champion[loser]
    side = state.players[loser]
    attached = side.attached.get(champion, []) if champion is not None else []
    fx = ctx.facts
    types = {t for i in (champion, *attached) if i is not None
             for e in fx[i].get(EffectKind.ESCAPE) for t in e.card_types}
    for i in [i for i in attached if int(fx[i].type) in types]:
        attached.remove(i)
        side.discard.append(i)


def opponent_escapes(won: RoundSide) -> bool:
    """``opponent_escapes``: a card of the winning side sends the losing champion back to its
    pool instead of the discard pile (Protection: "an undead champion loses the battle but
    returns to the pool"; seed 000 step H, and no spoils, as ``escape``)."""
    return any(holds(e.condition, won.attacking, won.opponent)
               for c in (won.champion, *won.cards) if c is not None
               for e in c.get(EffectKind.OPPONENT_ESCAPES))


def razes_at_once(sides: Sequence[RoundSide]) -> bool:
    """``raze_at_once``: the attacker's champion (or one of its cards) razes the realm as soon
    as it wins a round, past ``defeat_twice`` and a defender that must be defeated twice
    (Tithian: "if Tithian attacks and wins a round of battle, the defending realm is razed
    immediately"; seed 000 step I)."""
    att = sides[0]
    return any(holds(e.condition, att.attacking, att.opponent)
               for c in (att.champion, *att.cards) if c is not None
               for e in c.get(EffectKind.RAZE_AT_ONCE))


def survives_first_defeat(state: SpellfireState, ctx: Context, loser: int,
                          events: list[Event]) -> bool:
    """``defeat_twice_champion``: the losing champion (its power, or a carried card's, holding)
    must be defeated twice in one battle before it is discarded (Drizzt Do' Urden, "when
    defending"). At its first defeat it is not discarded: it returns to its pool, is noted in
    ``battle.defeated``, and the battle goes on as after a first defeat of a realm that must be
    defeated twice (seed 000 step I: the attacker may present another champion; the defender
    chooses again, the same champion included). True at that first defeat."""
    b = state.battle
    c = b.champion[loser]
    if c is None or c in b.defeated:
        return False
    sides = ctx.sides(state)
    lost = sides[0] if sides[0].player == loser else sides[1]
    carried = [ctx.facts[i] for i in state.players[loser].attached.get(c, ())]
    if not any(holds(e.condition, lost.attacking, lost.opponent)
               for card in (lost.champion or ctx.facts[c], *carried)  # as the round reads it
               for e in card.get(EffectKind.DEFEAT_TWICE_CHAMPION)):
        return False
    b.defeated.append(c)
    events.append(Event("champion_defeated_once", f"player_{loser}'s {ctx.name(c)} is defeated "
                                                  "once; it must be defeated twice in one "
                                                  "battle before it is discarded", loser,
                        {"card": state.cards[c]}))
    return True


def must_be_defeated_again(state: SpellfireState, facts: Sequence[Facts]) -> bool:
    """``defeat_twice``: the attacked realm has been defeated once only and must be defeated
    twice to be razed (seed 000 step I)."""
    b = state.battle
    assert b.realm is not None
    realm = state.players[state.defender].realms[b.realm]
    assert realm is not None
    return facts[realm].has(EffectKind.DEFEAT_TWICE) and b.defeats < 2


def _attack_again(state: SpellfireState, ctx: Context, events: list[Event],
                  realm_defeated: bool = True) -> None:
    """Seed 000 step I: the realm stands after its first defeat (or its defending champion's
    that must be defeated twice); the attacker presents another champion for it, or the
    attack ends when it has none."""
    b = state.battle
    att = state.attacker
    assert b.realm is not None
    realm = state.players[state.defender].realms[b.realm]
    assert realm is not None
    if realm_defeated:
        events.append(Event("realm_defeated", f"{ctx.name(realm)} is defeated once; it must "
                                              "be defeated twice", att))
    b.realm_defends = False
    b.to_play, b.window = None, False
    b.step = "attacker"
    if not ctx.may_attack(state, b.realm):
        events.append(Event("attack_ended", f"player_{att} has no champion left to attack "
                                            "again", att))
        end_battle(state, ctx, "attack_ended", None, events)


def return_to_pool(state: SpellfireState, p: int, facts: Sequence[Facts] | None = None) -> None:
    """The side's champion goes to its pool with its attachments; its support cards are
    discarded (seed 000 step H), but for the allies that stay with it (with ``facts``:
    :func:`stay_with_champion`)."""
    b = state.battle
    side = state.players[p]
    c = b.champion[p]
    if c is not None:
        if facts is not None:
            stay_with_champion(state, facts, p, c)
        side.pool.append(c)
        b.champion[p] = None
    discard_support(state, p)


def stay_with_champion(state: SpellfireState, facts: Sequence[Facts], p: int,
                       champion: int) -> None:
    """``stays_with_champion`` (Gladiators: "if played with a Dark Sun champion, the
    gladiators remain with that champion until he is defeated or discarded"; issue 13,
    c4th5a): as ``p``'s champion, not defeated, leaves the round for its pool, its own allies
    with the power whose condition holds of it (its world) become cards attached to it; they
    go with it (its attachments) when it is discarded, and count in its later rounds as its
    attached cards do. [decided] Only at the end of a round its champion leaves alive (a
    round won, an escape, a battle ended with no victor): a defeated champion takes them to
    the discard pile."""
    support = state.battle.support[p]
    world = int(facts[champion].card.world)
    kept = [i for i in support if state.owner[i] == p and any(
        not e.condition.self_worlds or world in e.condition.self_worlds
        for e in facts[i].get(EffectKind.STAYS_WITH_CHAMPION))]
    for i in kept:
        support.remove(i)
        state.players[p].attached.setdefault(champion, []).append(i)


def discard_support(state: SpellfireState, p: int) -> None:
    """The side's support cards go to their owners' discard piles (an ally that switched sides,
    ``steal_ally``, goes back to its owner's pile: seed 000 step H discards what was used)."""
    b = state.battle
    for i in b.support[p]:
        state.players[state.owner[i]].discard.append(i)
    b.support[p] = []


def spend_single_use(state: SpellfireState, facts: Sequence[Facts]) -> None:
    """When the battle ends, however it ends (a round won, an escape, a card that razes the
    realm or ends the battle...): every champion that fought in it and is back in its pool
    loses its single-use cards (``single_use``: "discard after one use", after the battle it
    served in; seed 000 step H keeps the other items)."""
    for c in state.battle.fought:
        p = state.owner[c]
        if c in state.players[p].pool:
            single_use(state, facts, p, c)


def discard_ally_champions(state: SpellfireState, ctx: Context, events: list[Event]) -> None:
    """``ally_defends`` (South Ledopolus, issue 13 first_b: "the ally is still discarded after
    the battle"): when the battle ends, however it ends, an ally that fought as a champion and
    is back in its owner's pool goes to the discard pile with what it carries."""
    for c in state.battle.fought:
        p = state.owner[c]
        side = state.players[p]
        if ctx.facts[c].type == CardType.ALLY and c in side.pool and not any(
                ctx.facts[i].has(EffectKind.ALLY_TO_CHAMPION) for i in side.attached.get(c, ())):
            # (Magical Champion's ally, ally_to_champion, stays: a champion until discarded.)
            side.pool.remove(c)
            side.discard += [c, *side.attached.pop(c, [])]
            events.append(Event("champion_discarded", f"player_{p}'s {ctx.name(c)} (an ally "
                                "fighting as a champion) is discarded after the battle", p,
                                {"card": state.cards[c]}))


def single_use(state: SpellfireState, facts: Sequence[Facts], p: int, champion: int) -> None:
    """``single_use``: attached cards so marked are discarded after the battle they served in
    (seed 000 step H: the winner keeps its other items)."""
    side = state.players[p]
    attached = side.attached.get(champion)
    if not attached:
        return
    spent = [i for i in attached if facts[i].has(EffectKind.SINGLE_USE)]
    for i in spent:
        attached.remove(i)
        side.discard.append(i)
    if not attached:
        side.attached.pop(champion, None)


def discard_side(state: SpellfireState, p: int) -> None:
    """The loser discards its champion, its attachments and its support (seed 000 step H)."""
    b = state.battle
    side = state.players[p]
    c = b.champion[p]
    if c is not None:
        side.discard.append(c)
        side.discard += side.attached.pop(c, [])
        b.champion[p] = None
    discard_support(state, p)


def raze(state: SpellfireState, ctx: Context, events: list[Event]) -> None:
    """The attacked realm is razed (seed 000 step I; seed 001)."""
    b = state.battle
    home = state.players[state.defender]
    assert b.realm is not None
    home.razed[b.realm] = True
    realm = home.realms[b.realm]
    assert realm is not None
    events.append(Event("realm_razed", f"realm {SLOTS[b.realm]} ({ctx.name(realm)}) is razed",
                        state.defender, {"slot": SLOTS[b.realm]}))
    holding = home.holdings[b.realm]
    if holding is not None:
        # [decided] a holding does not outlive its realm: it is discarded with the razing.
        home.holdings[b.realm] = None
        home.discard.append(holding)


def end_battle(state: SpellfireState, ctx: Context, outcome: str, winner: int | None,
               events: list[Event], spoils: bool = True) -> None:
    """The battle is over (``outcome`` from ``state.OUTCOMES``); the winner draws spoils when
    the realm was razed or the attack repelled (seed 000 step J, seed 001)."""
    b = state.battle
    for p in (0, 1):  # leftovers (a battle ended before any round): back where they belong
        return_to_pool(state, p, ctx.facts)
    spend_single_use(state, ctx.facts)
    discard_ally_champions(state, ctx, events)
    b.step = "over"
    b.outcome = outcome
    b.winner = winner
    b.to_play = None
    b.window = False
    b.realm_defends = False
    if winner is not None and spoils and outcome in ("razed", "repelled"):
        for _ in range(1 + extra_spoils(state, ctx.facts, winner, outcome)):  # Ember, Prismal
            draw_spoils(state, ctx.facts, winner, events, ctx.spoils_at_once, ctx.hand_slots)
    defiler.pay(state, ctx.facts, events)  # spells_cost_realm (issue 13, first_a: Defiler)
    events.append(Event("battle_over", f"the battle is over: {outcome}"
                                       + ("" if winner is None else f", player_{winner} wins"),
                        winner, {"outcome": outcome, "winner": winner}))


def champions_discarded(state: SpellfireState, ctx: Context, discarded: Sequence[bool],
                        events: list[Event]) -> None:
    """Seed 001: champions discarded by card play."""
    att, dfn = state.attacker, state.defender
    b = state.battle
    for p in (0, 1):
        if discarded[p]:
            c = b.champion[p]
            assert c is not None
            events.append(Event("champion_discarded", f"player_{p}'s {ctx.name(c)} is "
                                                      "discarded", p,
                                {"card": state.cards[c]}))
    if discarded[att] and discarded[dfn]:
        # "If card play causes both champions to be discarded. No winner or loser emerges.
        # No spoils are drawn."
        for p in (att, dfn):
            discard_side(state, p)
        end_battle(state, ctx, "no_winner", None, events, spoils=False)
    elif discarded[att]:
        # "If an attacking champion is discarded due to card play, the battle is over. The
        # defender gets the spoils."
        found = aftermath.repelled(state, ctx)  # c4th3c: Barbaric Allies
        starving = artists(state, ctx, att)  # The Starving Artist (c1st4)
        discard_side(state, att)
        return_to_pool(state, dfn, ctx.facts)
        end_battle(state, ctx, "repelled", dfn, events, spoils=not starving)
        aftermath.settle(state, ctx, found, events)
        starve(state, ctx, att, starving, events)
    else:
        end_round(state, ctx, att, events)  # [decided] the defender lost the round


def draw_spoils(state: SpellfireState, facts: Sequence[Facts], p: int,
                events: list[Event], at_once: bool = True,
                hand_slots: int | None = None) -> None:
    """Seed 000 step J / seed 001: one card from the draw pile, played at once where allowed
    (``at_once``), else to the hand. The whole game passes ``at_once=False``: seed 001 says
    the spoils card "is available for play immediately or kept for later", and the game asks
    its owner (``game/spoils.py``). [decided] A spoils card bound for a hand that already
    fills its ``hand_slots`` stays on the draw pile: no spoils (issue 13 audit 2: with
    ``hand_size`` powers a hand could outgrow the slots, where its cards could be neither seen
    nor played)."""
    side = state.players[p]
    if not side.draw:
        events.append(Event("spoils_none", f"player_{p}'s draw pile is empty: no spoils", p))
        return
    inst = side.draw[0]
    where = _play_spoils(side, facts, inst) if at_once else None
    if where is None and hand_slots is not None and len(side.hand) >= hand_slots:
        events.append(Event("spoils_none", f"player_{p}'s hand is full ({hand_slots} cards): "
                                           "no spoils", p, {"hand_full": True}))
        return
    side.draw.pop(0)
    state.battle.spoils[p] = inst
    f = facts[inst]
    if where is None:
        side.hand.append(inst)
        then = "keeps the card in hand" if at_once else "takes the card in hand"
        events.append(Event("spoils_drawn", f"player_{p} draws spoils and {then}", p,
                            {"played": False}))
    else:
        events.append(Event("spoils_drawn", f"player_{p} draws spoils: {f.name}, played "
                                            f"{where}", p, {"played": True, "card": f.key}))


def _play_spoils(side: Side, facts: Sequence[Facts], inst: int) -> str | None:
    """Play a spoils card at once where allowed (seed 001): a champion into the pool, a realm
    into an empty formation slot, a holding onto a standing realm, an item or artifact onto a
    pool champion. Where it went, or ``None`` (it goes to the hand)."""
    f = facts[inst]
    if f.is_champion and not f.card.avatar:
        side.pool.append(inst)
        return "into the pool"
    if f.type == CardType.REALM and None in side.realms:
        slot = side.realms.index(None)
        side.realms[slot] = inst
        side.razed[slot] = False
        return f"into formation slot {SLOTS[slot]}"
    if f.type == CardType.HOLDING:
        free = next((s for s in range(6) if side.realms[s] is not None
                     and not side.razed[s] and side.holdings[s] is None), None)
        if free is not None:
            side.holdings[free] = inst
            return f"onto realm {SLOTS[free]}"
    elif f.type in (CardType.MAGICAL_ITEM, CardType.ARTIFACT):
        home = next((c for c in side.pool
                     if carries(f, facts[c], [facts[a] for a in side.attached.get(c, ())])),
                    None)
        if home is not None:
            side.attached.setdefault(home, []).append(inst)
            return f"onto {facts[home].name}"
    return None
