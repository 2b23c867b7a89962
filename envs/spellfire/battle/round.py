"""One round of a battle, from choosing the realm to the last card played (seed 000 steps A-F).

A. The attacker attacks a realm (or makes no attack: the battle ends).
B. It presents a champion from its hand or pool (a pool champion brings its attachments).
C. The defender presents a champion, lets the realm defend itself, or declines: the realm is
   razed and the attacker draws spoils (seed 001).
D. The round's cards activate in seed 002's order (:mod:`.activation`); a power that ends the
   round at once does so (:data:`.powers.ACTIVATION_KINDS`).
E. Totals (:mod:`.totals`); ties go to the defender.
F. The losing side plays one card at a time (or passes) until it is winning; after each card
   that leaves it still losing, the winning side may play an event or a play-at-any-time card
   ([decided]: the "back and forth" of step F). Each card resolves through the resolver table
   (:mod:`.resolvers`), stage by stage. When the losing side passes (or cannot play), the round
   is over (:mod:`.judge`).
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core.engine import Event
from ..cards.cards import CardType
from ..cards.effects import EffectKind
from . import defiler
from .activation import activation_key, activation_order
from .aftermath import razer_discarded
from .bribes import attacker_bribed, bribed_by, offered_first
from .context import Context, settle, touch
from .curses import dispel
from .facts import Facts
from .judge import end_battle, end_round, raze, return_to_pool
from .ninjas import turned_card
from .picks import picked_opponent
from .powers import (
    ACTIVATION_KINDS,
    CARD_PLAY_STAGES,
    Moment,
    Play,
    destroy_pool_champions,
    settle_destroyed,
    win_over_total,
)
from .powers_both import cast_discard_draw, play_opposing_top, toll_per_champion
from .powers_fourth_b import blast_holding
from .reactions import answer_ally, answer_event, answer_item, answer_spell
from .resolvers import resolver_of
from .state import SLOTS, SpellfireState
from .strip import strip_attacker
from .totals import negates, powerless, winning_side
from .wear import worn_down
from .windfall import draw_for_defense

MAGIC_SPELLS = (CardType.WIZARD_SPELL, CardType.CLERIC_SPELL)
"""The "magic spells" a carried ``cancel_spell`` power answers (Rod of Dispel Magic)."""

# --- steps A-C: the realm and the champions ----------------------------------------------------


def attack_realm(state: SpellfireState, ctx: Context, slot: int, events: list[Event]) -> None:
    """Seed 000 step A: the attacker attacks the defender's realm in ``slot``."""
    att = state.attacker
    b = state.battle
    b.realm = slot
    realm = state.players[state.defender].realms[slot]
    assert realm is not None
    events.append(Event("attack_declared", f"player_{att} attacks realm {SLOTS[slot]} "
                                           f"({ctx.name(realm)}) of player_{state.defender}",
                        att, {"slot": SLOTS[slot], "realm": state.cards[realm]}))
    b.step = "attacker"


def no_attack(state: SpellfireState, ctx: Context, events: list[Event]) -> None:
    """Seed 000 step A: the attacker makes no attack; or step I: after a won round against a
    realm that must be defeated twice, it ends the attack (the realm stands)."""
    att = state.attacker
    if state.battle.step == "realm":
        events.append(Event("no_attack", f"player_{att} makes no attack", att))
        end_battle(state, ctx, "no_attack", None, events)
    elif attacker_bribed(state):  # Bribery! (c1st3): "select another champion or lose"
        events.append(Event("attack_ended", f"player_{att} ends the attack and loses the "
                                            "battle", att))
        end_battle(state, ctx, "repelled", state.defender, events, spoils=False)
    else:
        events.append(Event("attack_ended", f"player_{att} ends the attack", att))
        end_battle(state, ctx, "attack_ended", None, events)


def present(state: SpellfireState, ctx: Context, player: int, zone: str, index: int,
            events: list[Event]) -> None:
    """Seed 000 steps B and C: ``player`` presents the champion in slot ``index`` of its
    ``zone`` (``"hand"`` or ``"pool"``; a pool champion brings its attachments, no card is
    added now). The defender's champion starts the round (step D)."""
    b = state.battle
    side = state.players[player]
    champion = (side.pool if zone == "pool" else side.hand).pop(index)
    b.champion[player] = champion
    if player == state.attacker:
        if champion not in side.attacked:
            side.attacked.append(champion)
        events.append(_presented(state, ctx, player, champion, zone, "attacks with"))
        destroy_pool_champions(state, ctx, player, champion, events)  # before the defence
        toll_per_champion(state, ctx, player, events)  # Sembia (c4th5a)
        blast_holding(state, ctx, player, champion, events)  # Horn of Blasting (c4th3b)
        strip_attacker(state, ctx, player, champion, events)  # Celik (c4th5b)
        b.step = "defender"
        picked = picked_opponent(state, ctx.facts, champion)  # Stryck picks the defender
        if picked is not None:
            events.append(Event("opponent_picked", f"{ctx.name(champion)} picks its "
                                                   "opponent", player))
            present(state, ctx, state.defender, "pool", picked, events)
        return
    events.append(_presented(state, ctx, player, champion, zone, "defends with"))
    activate(state, ctx, events)


def _presented(state: SpellfireState, ctx: Context, p: int, champion: int, where: str,
               verb: str) -> Event:
    attached = [ctx.name(a) for a in state.players[p].attached.get(champion, ())]
    extra = f" carrying {', '.join(attached)}" if attached else ""
    return Event("champion_presented", f"player_{p} {verb} {ctx.name(champion)} from its "
                                       f"{where}{extra}", p,
                 {"card": state.cards[champion], "from": where})


def decline(state: SpellfireState, ctx: Context, events: list[Event]) -> None:
    """Seed 001: "Whenever a defender declines to defend the realm, the realm is razed and the
    battle ends. Victory spoils go to the attacker."""
    dfn = state.defender
    events.append(Event("defense_declined", f"player_{dfn} declines to defend", dfn))
    razer, slot = state.battle.champion[state.attacker], state.battle.realm
    return_to_pool(state, state.attacker)
    raze(state, ctx, events)
    end_battle(state, ctx, "razed", state.attacker, events)
    realm = None if slot is None else state.players[dfn].realms[slot]
    if realm is not None:  # Raurin, The Forest Ridge (4th Edition, c4th3a)
        razer_discarded(state, ctx, realm, razer, events, by_card=False)


def realm_defends(state: SpellfireState, ctx: Context, events: list[Event]) -> None:
    """RULES.md §1 "Combat": a realm that defends as a champion defends itself (step C)."""
    dfn = state.defender
    state.battle.realm_defends = True
    events.append(Event("realm_defends", f"player_{dfn}'s realm defends itself", dfn))
    activate(state, ctx, events)


# --- step D: activation ------------------------------------------------------------------------

def activate(state: SpellfireState, ctx: Context, events: list[Event]) -> None:
    """Seed 002's order; champion powers that end the round at once (seed 000 step D)."""
    b = state.battle
    # Seed 002 note 3: "When moved into combat, champion powers and their attached cards are
    # fully activated": these champions fought in this battle (single_use, judge.end_battle).
    b.fought += [c for c in b.champion if c is not None and c not in b.fought]
    order = _order(state, ctx)
    events.append(Event("activation", "cards activate: " + ", ".join(
        ctx.name(i) for _, i in order), None,
        {"order": [[p, state.cards[i]] for p, i in order]}))
    _activate_cards(state, ctx, events, order)


def _order(state: SpellfireState, ctx: Context) -> list[tuple[int, int]]:
    """Seed 002's order of the round's cards, less a negated holding (``negate_holdings``)."""
    order = activation_order(state, ctx.facts)
    if ctx.sides(state)[1].holding_negated:  # negate_holdings: a holding without power
        order = [(p, i) for p, i in order if ctx.facts[i].type != CardType.HOLDING]
    return order


def _activate_cards(state: SpellfireState, ctx: Context, events: list[Event],
                    cards: Sequence[tuple[int, int]]) -> None:
    """Activate ``cards`` in turn, then card play begins (step E); stops where a power ends
    the round, or where the side about to lose to one may answer it first (RULES.md §1)."""
    for p, inst in cards:
        play = _play(state, ctx, p, inst, events)
        ended = _resolve(play, ACTIVATION_KINDS[:-len(WIN_AT_ONCE)])
        settle_destroyed(play)
        if ended:
            return
        if _offer_answer(state, ctx, p, inst, events):
            return
        if _resolve(_play(state, ctx, p, inst, events), WIN_AT_ONCE):
            return
    start_cards(state, ctx, events)


def _play(state: SpellfireState, ctx: Context, p: int, inst: int,
          events: list[Event]) -> Play:
    sides = {s.player: s for s in ctx.sides(state)}
    f = ctx.facts[inst]
    if negates(sides[1 - p], f):
        # Ansalong's negate_powers of attached (Off) cards (c4th3b); Tapestry of the Stag
        # (c1st3): a champion's powers at activation
        f = powerless(f)
    return Play(state, ctx, p, f, sides[p], sides[1 - p], events, Moment.ACTIVATION, inst)


# --- step D: the one card against a win-at-once power (RULES.md §1 "Combat") ----------------

WIN_AT_ONCE: tuple[EffectKind, ...] = (EffectKind.DEFEATS_REALM_CHAMPION,
                                       EffectKind.WIN_ROUND,
                                       EffectKind.DESTROY_CHAMPION)
"""The activation powers that end the round at once (the last of
:data:`.powers.ACTIVATION_KINDS`, in its order)."""
assert ACTIVATION_KINDS[-len(WIN_AT_ONCE):] == WIN_AT_ONCE


def _offer_answer(state: SpellfireState, ctx: Context, p: int, inst: int,
                  events: list[Event]) -> bool:
    """RULES.md §1 "Combat" [src]: "Several champion powers end a round at once ... The player
    about to lose that way may play one card to change the condition." When card ``inst``'s
    power would end the round against the other side now (tried on a copy of the state) and
    that side holds a card it may play, the round waits (step ``cards``, ``threat``) for that
    one card or a pass; True then."""
    if not any(ctx.facts[inst].get(k) for k in WIN_AT_ONCE):
        return False
    q = 1 - p
    if not ctx.playable(state, q, False):
        return False
    if not _resolve(_play(state.copy(), ctx, p, inst, []), WIN_AT_ONCE):
        return False
    b = state.battle
    b.step, b.threat, b.to_play, b.window = "cards", inst, q, False
    events.append(Event("answer_offered", f"{ctx.name(inst)} would end the round at once: "
                                          f"player_{q} may play one card to change that", q,
                        {"card": state.cards[inst]}))
    touch(state)
    return True


def _answered(state: SpellfireState, ctx: Context, owner: int, threat: int,
              answer: int | None, events: list[Event]) -> None:
    """The one card has been played (``answer``) or not (``None``) against ``owner``'s card
    ``threat``: its power acts if its condition still holds, then the cards after it activate
    (RULES.md §1; seed 002)."""
    rank = _rank(state, ctx, owner, threat)
    order = _order(state, ctx)
    if (owner, threat) in order and _resolve(_play(state, ctx, owner, threat, events),
                                             WIN_AT_ONCE):
        return
    later = [(p, i) for p, i in order
             if i not in (answer, threat) and _rank(state, ctx, p, i) > rank]
    _activate_cards(state, ctx, events, later)


def _rank(state: SpellfireState, ctx: Context, p: int,
          inst: int) -> tuple[int, tuple[int, int, str, int]]:
    """Where card ``inst`` of player ``p`` stands in seed 002's order: the realm, its holding,
    the attacking champion and its cards (note 4's order), the defending champion and its
    cards. A card destroyed since keeps its place."""
    f = ctx.facts[inst]
    if f.type == CardType.REALM:
        return 0, (0, 0, "", 0)
    if f.type == CardType.HOLDING:
        return 1, (0, 0, "", 0)
    major = 2 if p == state.attacker else 3
    if inst == state.battle.champion[p]:
        return major, (-1, 0, "", 0)
    return major, activation_key(f)


def _resolve(play: Play, kinds: Sequence[EffectKind]) -> bool:
    """Resolve the card's effects of ``kinds`` in this order, each by its resolver; True once
    one of them ended the round or the battle."""
    for kind in kinds:
        effects = play.card.get(kind)
        if not effects:
            continue
        power = resolver_of(kind).function
        assert power is not None, f"{kind.value} has no resolver function"
        for e in effects:
            power(play, e)
            if play.over:
                return True
    return False


# --- step F: card play -------------------------------------------------------------------------

def start_cards(state: SpellfireState, ctx: Context, events: list[Event]) -> None:
    """Seed 000 steps E-F: the totals are announced; the losing side plays first."""
    b = state.battle
    b.step = "cards"
    touch(state)  # activation may have changed the round
    drawn = draw_for_defense(state, ctx, events)  # North Ledopolus, Lost Oasis
    if drawn is not None and resolve_card(state, ctx, state.defender, drawn, events):
        return
    totals = ctx.totals(state)
    events.append(totals_event(state, totals))
    if win_over_total(state, ctx, events):
        return  # a side above its card's total wins at once (3rd Edition: Kevin's Blade)
    if worn_down(state, ctx, events):
        return  # Black Spear Tribes: the attacker's base level used up (c4th3a)
    b.window = False
    b.to_play = 1 - winning_side(state, totals)
    if offered_first(state, ctx, 1 - b.to_play):  # Bribery! (c1st3): "immediately"
        b.to_play, b.window = 1 - b.to_play, True
    settle_turn(state, ctx, events)


def totals_event(state: SpellfireState, totals: Sequence[int]) -> Event:
    """The ``totals`` event: both totals and who is winning (ties to the defender)."""
    w = winning_side(state, totals)
    return Event("totals", f"totals: player_0 {totals[0]}, player_1 {totals[1]}; "
                           f"player_{w} is winning", w, {"totals": list(totals)})


def settle_turn(state: SpellfireState, ctx: Context, events: list[Event]) -> None:
    """A loser with no card to play ends the round (seed 000 step F: "cannot ... play");
    a winner's window with nothing to play is skipped. The callers have just worked out the
    round as it stands (totals, who is winning) and changed only whose turn it is
    (``to_play``, ``window``), which no derived value reads: those values still hold (issue 14:
    no second clearing of them)."""
    b = state.battle
    p = b.to_play
    assert p is not None
    if ctx.playable(state, p, b.window):
        settle(state)  # the round goes on: the step ends here
        return
    if b.window:
        b.window = False
        b.to_play = 1 - p
        if ctx.playable(state, 1 - p, False):
            settle(state)
            return
    end_round(state, ctx, winning_side(state, ctx.totals(state)), events)


def pass_turn(state: SpellfireState, ctx: Context, player: int, events: list[Event]) -> None:
    """Seed 000 step F: the winner ends its window, or the loser passes and the round is
    over."""
    b = state.battle
    if b.threat is not None:
        threat, b.threat = b.threat, None
        events.append(Event("pass", f"player_{player} plays no card against "
                                    f"{ctx.name(threat)}", player))
        _answered(state, ctx, 1 - player, threat, None, events)
        return
    if b.window:
        events.append(Event("pass", f"player_{player} plays nothing more for now", player))
        b.window = False
        b.to_play = 1 - player
        settle_turn(state, ctx, events)
        return
    events.append(Event("pass", f"player_{player} passes: the round is over", player))
    end_round(state, ctx, winning_side(state, ctx.totals(state)), events)


def play_card(state: SpellfireState, ctx: Context, player: int, slot: int,
              events: list[Event]) -> None:
    """Seed 000 step F: ``player`` plays hand card ``slot``; then whoever is losing plays on,
    after the winner's window. Against a waiting win-at-once power it is the one card
    allowed, and activation goes on (RULES.md §1)."""
    b = state.battle
    threat, answer = b.threat, state.players[player].hand[slot]
    b.threat = None
    if resolve_card(state, ctx, player, slot, events):
        return
    if bribed_by(state, ctx, player, answer, events):
        return  # Bribery! (c1st3): the bribed side chooses again
    if threat is not None:
        _answered(state, ctx, 1 - player, threat, answer, events)
        return
    if win_over_total(state, ctx, events) or worn_down(state, ctx, events):
        return
    loser = 1 - winning_side(state, ctx.totals(state))
    if loser == player:
        # Still losing (or the winner's card turned the round): the other side may answer
        # with an event or play-at-any-time card first, then the loser goes on.
        b.to_play, b.window = 1 - player, True
        if not ctx.playable(state, 1 - player, True):
            b.to_play, b.window = player, False
    else:
        b.to_play, b.window = loser, False
    settle_turn(state, ctx, events)


def resolve_card(state: SpellfireState, ctx: Context, player: int, slot: int,
                 events: list[Event]) -> bool:
    """Play hand card ``slot`` into the round and resolve what it does, stage by stage
    (:data:`.powers.CARD_PLAY_STAGES`); True if that ended the round or the battle."""
    b = state.battle
    side = state.players[player]
    inst = side.hand.pop(slot)
    f = ctx.facts[inst]
    champion = b.champion[player]
    if f.type in (CardType.MAGICAL_ITEM, CardType.ARTIFACT) and champion is not None:
        side.attached.setdefault(champion, []).append(inst)  # seed 000 step H: it stays on
    else:
        b.support[player].append(inst)
    events.append(Event("card_played", f"player_{player} plays {f.name}", player,
                        {"card": f.key}))
    if f.type in MAGIC_SPELLS:
        defiler.cast(state, ctx.facts, player)  # its cost falls when the battle ends
    dispel(state, ctx.facts, player, f, events)  # a spell staying on a champion (first_a)
    touch(state)
    cast_discard_draw(state, ctx, player, inst, events)  # Rogue Defiler of Tyr (c4th5a)
    if f.type == CardType.EVENT and answer_event(state, ctx, player, inst, events) \
            or f.type in MAGIC_SPELLS and answer_spell(state, ctx, player, inst, events):
        events.append(totals_event(state, ctx.totals(state)))
        return False  # cancelled before it acts (cancel_event, cancel_spell: .reactions)
    sides = {s.player: s for s in ctx.sides(state)}
    if negates(sides[1 - player], f):
        f = powerless(f)  # negate_powers (3rd Edition: "negates the special powers ...")
    play = Play(state, ctx, player, f, sides[player], sides[1 - player], events, inst=inst)
    for stage in CARD_PLAY_STAGES:
        if _resolve(play, stage.kinds):
            return True
        stage.settle(play)
        if play.over:
            return True
    if f.type == CardType.ALLY:
        answer_ally(state, ctx, player, inst, events)  # steal_ally, destroy_allies
        drawn = play_opposing_top(state, ctx, player, inst, events)  # Galek (c4th5a)
        if drawn is not None and resolve_card(state, ctx, player, drawn, events):
            return True
    elif f.type == CardType.MAGICAL_ITEM:
        answer_item(state, ctx, player, inst, events)  # destroy_items of the other side
    if _turned(state, ctx, player, f, events):
        return True
    touch(state)
    events.append(totals_event(state, ctx.totals(state)))
    return False


def _turned(state: SpellfireState, ctx: Context, player: int, f: Facts,
            events: list[Event]) -> bool:
    """``hand_card_turned`` (c4th5b: Ninjas): the card taken from the opponent's hand, played
    on ``player``'s side when it may be (:func:`.ninjas.turned_card`); True if that ended the
    round or the battle."""
    turned = turned_card(state, ctx, player, f, events)
    return turned is not None and resolve_card(state, ctx, player, turned, events)
