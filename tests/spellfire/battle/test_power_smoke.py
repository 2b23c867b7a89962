"""Smoke test of every modelled card of the built-in pack (issue 13): each one is played, and its
compiled effects must leave a trace.

For a card ``X`` the test plays the same scripted battles twice: once with ``X`` as compiled, once
with a twin of ``X`` that has the same key, name, type and level but no effects. The *trace* of a
battle is its events (kind, text, data), the legal actions offered at each decision (the gates:
what may be attacked, presented or played) and where every card ended. ``X``'s effects left a
trace when some battle's trace differs between the two. Battles vary who holds ``X`` (attacker,
defender), the holder's champion type, the opposing champion (one of each champion type, undead,
dragon, and what ``X``'s conditions name; allies and items with the attributes ``X`` names), the
moment (from step A; in step F with the other side's cards played, or still in its hand) and
where ``X`` is: a champion presented from the hand; a realm attacked, defended by a champion or
by itself (with a holding: on it); an item or artifact carried from the pool or played from the
hand; any other card played from the hand. The holder plays ``X`` as soon as it may; the other
side plays its first card. A card whose only power acts in the whole game (``hand_size``) is
checked in a game at phase 5 (the ``hand_limit`` event and the discards asked).

The cards listed in :data:`KNOWN_NO_TRACE` leave no trace, each for the reason given there; the
test fails if one of them starts to leave a trace (remove it from the list) or if any other card
leaves none.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from typing import Any

import pytest
from combatzoo.envs.spellfire.battle.config import SpellfireConfig
from combatzoo.envs.spellfire.battle.facts import facts_of
from combatzoo.envs.spellfire.battle.rules import SpellfireEngine
from combatzoo.envs.spellfire.cards.cards import Attribute, Card, CardType, Power, World
from combatzoo.envs.spellfire.cards.effects import (
    FIRST_C_KINDS,
    OUTSIDE_KINDS,
    TRIGGER_KINDS,
    TURN_START_KINDS,
    EffectKind,
)
from combatzoo.envs.spellfire.cards.pack import load_builtin_pack

from .battle_helpers import card

CHAMPIONS = (CardType.HERO, CardType.WIZARD, CardType.CLERIC, CardType.PSIONICIST,
             CardType.THIEF, CardType.REGENT, CardType.MONSTER)
CODE_TYPE = {"18": CardType.HERO, "19": CardType.WIZARD, "4": CardType.CLERIC,
             "11": CardType.PSIONICIST, "17": CardType.THIEF, "3": CardType.REGENT}
"""The champion type that holds a "uses" code's number."""
OPPONENT_HAND = ("PR/30", "PR/31", "PR/62", "PR/50", "PR/51", "PR/40")
"""Militia, Giant, Rally (event), Bolt (wizard spell), Blessing (cleric spell), Sword (item)."""
SPELLS = ("PR/50", "PR/51", "PR/70", "PR/71")
"""A wizard spell, a cleric spell, unarmed combat and a psionic power in the holder's hand
(what ``may_use`` grants, or a realm defending as a champion type, shows in the mask)."""
ITEMS = {"PR/40"}

_RESTATED_USES = "its may_use restates the card's printed uses codes: nothing to change"
_SPELL_MOVEMENT = ("gain_movement of a spell played in step F shows only against a wall cast "
                   "after it or a power that reads flyers; the smoke battles' opponents have "
                   "none (behaviour tests: test_audit2_powers::test_fly_cast_before_the_wall_"
                   "carries_the_attacker_across_it, test_thorvid_gains_against_a_champion_"
                   "that_cast_wind_walk)")

KNOWN_NO_TRACE: dict[str, str] = {
    "1st/303": ("spells_cost_realm shows only when the Defiler casts a spell; the scripted "
                "holder plays the card itself and nothing else (behaviour tests: "
                "test_first_edition_jar::test_the_defiler_casting_spells_shuffles_back_one_"
                "holding_when_the_battle_ends; issue 13, first_a)"),
    "1st/15": "defend_as restates the printed level 5; a monster's type grants no uses",
    "1st/114": "defend_as restates the printed level 1 and names no champion type",
    # Lolth (1st/166) leaves a trace since issue 13 c1st5 (shuffled back into the draw pile).
    "1st/53": _RESTATED_USES, "1st/164": _RESTATED_USES,
    "1st/188": _RESTATED_USES, "1st/304": _RESTATED_USES, "1st/305": _RESTATED_USES,
    "1st/211": _SPELL_MOVEMENT, "1st/343": _SPELL_MOVEMENT, "1st/361": _SPELL_MOVEMENT,
    "1st/20": ("the smoke battles' attacker carries no magical item for the realm to destroy "
               "(behaviour test: test_card_powers::test_icewind_dale_makes_the_attacker_"
               "discard_a_magical_item)"),
    "1st/258": ("attack_again shows only in a second attack of the turn; the smoke battles are "
                "one attack each (behaviour test: test_battle_steps, no second attack)"),
    "1st/385": ("spells_barred shows when the other side, losing after it, still has a spell "
                "to cast; the scripted players never reach that (behaviour test: "
                "test_battle_kinds::test_own_allies_barred_spells_barred_and_allies_limit)"),
    "1st/368": ("immune_to_named shows only against an opposing card with 'lightning' in its "
                "name; the smoke battles have none (behaviour test: test_card_powers_more::"
                "test_immunities_to_cards_of_a_name)"),
    "1st/249": ("double_card_bonus doubles the defender's wizard spell; the smoke battles' "
                "holder of a holding plays no spell (behaviour test: test_card_powers_more::"
                "test_ziggurat_doubles_the_defender_s_wizard_spell)"),
    "1st/181": ("in_own_pool: the Wolf Nomads gain only with Mika in their player's pool; the "
                "smoke battles' pools hold no Mika (behaviour test: test_first_edition_powers::"
                "test_wolf_nomads_gain_with_mika_in_their_players_pool)"),
    "1st/301": ("raze_at_once differs from a plain won round only against a realm (or a "
                "defender) that must be defeated twice; the smoke battles' realms need one "
                "defeat (behaviour test: test_first_edition_powers::test_tithian_razes_a_realm_"
                "that_must_be_defeated_twice_at_once)"),
    "1st/261": ("destroy_pool_champions needs a monster in the defender's pool when Agis "
                "attacks; the smoke battles' pools hold none (behaviour test: "
                "test_first_edition_powers::test_agis_destroys_the_strongest_monster_of_the_"
                "defenders_pool)"),
    "1st/247": ("realms_allies_gain holds at a Dark Sun realm only; the smoke battles' realms "
                "are of no world (behaviour test: test_first_edition_powers::test_fort_melidor_"
                "helps_allies_defending_any_dark_sun_realm_of_its_player)"),
    "1st/251": ("avenge_holdings shows only when the opposing player has a holding; the smoke "
                "battles' formations hold none beside the card itself (behaviour test: "
                "game/test_after_round::test_mogadishos_horde_on_the_losing_side_discards_the_"
                "opponents_holdings)"),
    "1st/209": ("round_ally_to_hand with the mark won shows only when the holding's defender "
                "wins a round with an ally; in the smoke battles it plays none but the card, "
                "or loses (behaviour test: game/test_after_round::test_arms_of_veluna_"
                "resurrect_an_ally_only_after_a_successful_defense)"),
    "1st/388": ("negate_walls shows only against a wall spell the other side casts after it; "
                "the smoke battles' opponents cast none (behaviour test: "
                "test_first_edition_powers::test_passwall_negates_the_defenders_wall_spell)"),
    "1st/146": ("realm_immune_harmful_events shows only against a harmful event that razes or "
                "discards the realm; the smoke battles' opponents play none (behaviour test: "
                "test_first_edition_rest::test_arms_of_furyondy_shield_their_realm_from_"
                "harmful_events)"),
    "1st/344": ("levels_or_item destroys an item only when its bonus is above the card's 4 "
                "levels; the smoke battles' items are +2, so the card adds its printed levels, "
                "as its twin does (behaviour test: test_first_edition_rest::test_crushing_fist_"
                "adds_its_levels_or_crushes_a_stronger_item)"),
    "1st/216": ("rebuilds_razed_realm acts when the holding is played in the whole game's "
                "phase 2, never in a battle (behaviour test: test_first_edition_last1st::"
                "test_arms_of_the_shield_lands_rebuild_their_realm_for_free)"),
    "1st/277": ("restore_killed acts only after a battle with a champion killed in it; the "
                "outside scene starts with no battle fought (behaviour test: "
                "test_first_edition_last1st::test_silver_hands_restore_both_players_killed_"
                "champions)"),
    "1st/133": ("shares_holdings acts only with the Great Kingdom and a holding on it in the "
                "same formation; the smoke battles hold no Great Kingdom (behaviour test: "
                "test_first_edition_realms::test_the_sea_barons_defend_with_the_great_"
                "kingdoms_holding)"),
}
"""Cards of the built-in pack whose compiled effects leave no trace in the smoke battles, with
the reason: an engine gap that issue 13 lists, a power that restates printed facts, or a
situation the scripted players do not reach (then a behaviour test covers the kind)."""


class Cast:
    """Hand-made cards of one smoke battle (set ``T``), numbered as they are made."""

    def __init__(self) -> None:
        self.cards: list[Card] = []
        self.items: set[str] = set()

    def champion(self, type_: CardType, level: int, attributes: tuple[int, ...] = (),
                 world: World = World.FORGOTTEN_REALMS, name: str = "") -> str:
        n = len(self.cards) + 1
        self.cards.append(card(n, name or f"T {type_.name.title()} {n}", type_, level=level,
                               attributes=attributes, world=world))
        return f"T/{n}"

    def targets(self, x: Card) -> list[str]:
        """An ally and a magical item with the attributes ``x``'s effects name (what it
        destroys or bars), for the other side."""
        attrs = tuple(sorted({a for e in x.effects for a in e.attributes}))
        if not attrs:
            return []
        n = len(self.cards) + 1
        self.cards.append(card(n, f"T Ally {n}", CardType.ALLY, bonus=3, attributes=attrs))
        self.cards.append(card(n + 1, f"T Item {n + 1}", CardType.MAGICAL_ITEM, bonus=1,
                               attributes=attrs))
        self.items.add(f"T/{n + 1}")
        return [f"T/{n}", f"T/{n + 1}"]

    def realm(self, name: str) -> str:
        n = len(self.cards) + 1
        self.cards.append(card(n, name, CardType.REALM, world=World.NO_WORLD))
        return f"T/{n}"


def _conditions(x: Card) -> Iterator[Any]:
    for e in x.effects:
        yield e.condition


def _opponents(cast: Cast, x: Card, level: int) -> list[str]:
    """One opposing champion of each type, undead and dragon ones, and those ``x``'s
    conditions ask for, of ``level``."""
    out = [cast.champion(t, level) for t in CHAMPIONS]
    out.append(cast.champion(CardType.MONSTER, level, (int(Attribute.UNDEAD),), World.RAVENLOFT))
    out.append(cast.champion(CardType.MONSTER, level,
                             (int(Attribute.DRAGON), int(Attribute.FLYER)), World.DRAGONLANCE))
    for c in _conditions(x):
        for t in c.vs_types:
            if CardType(t) in CHAMPIONS:
                out.append(cast.champion(CardType(t), level, c.vs_attributes))
        for w in c.vs_worlds:
            out.append(cast.champion(CardType.HERO, level, c.vs_attributes, World(w)))
        if c.vs_attributes and not c.vs_types:
            out.append(cast.champion(CardType.MONSTER, level, c.vs_attributes))
    return out


def _own(cast: Cast, x: Card, default: CardType = CardType.HERO) -> str:
    """A champion that may use ``x`` (of the type its "uses" code or its conditions name)."""
    types = [CardType(t) for c in _conditions(x) for t in c.self_types if CardType(t) in CHAMPIONS]
    if not types:
        f = facts_of(x)
        codes = sorted(c[1:] for c in (f.needs or ()) if c[:1] in "od")
        types = [CODE_TYPE.get(code, default) for code in codes] or [default]
    attrs = next((c.self_attributes for c in _conditions(x) if c.self_attributes), ())
    return cast.champion(types[0], 3, attrs, _world(x))


def _world(x: Card) -> World:
    """A world an artifact ``x`` fits (one artifact per champion, of its world)."""
    return x.world if x.type == CardType.ARTIFACT and x.world != World.NONE \
        else World.FORGOTTEN_REALMS


def _scenarios(x: Card) -> Iterator[tuple[Cast, dict[str, Any], int, bool]]:
    """The battles ``x`` is tried in: a cast of hand-made cards, the table (a realm or a
    holding is the defender's) and whether the holder lets its realm defend itself; from step
    A, and from the middle of a round with the other side's cards played or still in hand."""
    realm = x.type in (CardType.REALM, CardType.HOLDING)
    for own in (None, *CHAMPIONS):
        for moment in ("start", "played", "in hand"):
            for holder in (1,) if realm else (0, 1):
                for zone in _zones(x):
                    for itself in (False, True) if realm and moment == "start" else (False,):
                        for k in range(64):
                            cast = Cast()
                            opponents = _opponents(cast, x, 1 if moment == "in hand" else 4)
                            if k >= len(opponents) or (own is not None and k > 1):
                                break
                            table = _table(cast, x, holder, zone, opponents[k], own)
                            if moment != "start":
                                table = _mid_round(cast, table, holder, moment == "played")
                            yield cast, table, holder, itself


def _mid_round(cast: Cast, table: dict[str, Any], holder: int, played: bool
               ) -> dict[str, Any]:
    """The same table in step F: both champions presented (the first of each hand, or of the
    pool when it carries something; the holder's with a Practice Shield), and either the other
    side's cards already played (its item on its champion), the holder to play, or the other
    side to play from its hand."""
    players = table["players"]
    champions: list[Any] = [None, None]
    support: list[list[str]] = [[], []]
    for p, side in enumerate(players):
        carrying = [c for c in side["pool"] if c.get("attached")]
        if carrying:
            champions[p] = carrying[0]
            side["pool"].remove(carrying[0])
        else:
            champions[p] = {"champion": side["hand"].pop(0), "attached": []}
        if p == holder:
            champions[p]["attached"].append("PR/41")
            support[p] = ["PR/32"]  # a Squire already played: allies count
        elif played:
            items = ITEMS | cast.items
            support[p] = [c for c in side["hand"] if c not in items]
            champions[p]["attached"] += [c for c in side["hand"] if c in items]
            side["hand"] = []
    table["battle"] = {"step": "cards", "realm": "A", "to_play": holder if played else 1 - holder,
                       "champions": champions, "support": support}
    return table


def _zones(x: Card) -> tuple[str, ...]:
    if x.type in (CardType.MAGICAL_ITEM, CardType.ARTIFACT):
        return ("carried", "hand")
    return ("hand",)


def _realm_name(x: Card) -> str:
    return next((c.at_realm[0] for c in _conditions(x) if c.at_realm), "T Plain Realm")


def _table(cast: Cast, x: Card, holder: int, zone: str, opponent: str,
           own_type: CardType | None) -> dict[str, Any]:
    """The table: ``holder`` holds ``x``; the attacker is player_0. The holder's champion (when
    ``x`` is not one) is of ``own_type``, or one that may use ``x``."""
    realm = cast.realm(_realm_name(x))
    named = [cast.champion(CardType.HERO, 1, name=n) for c in _conditions(x)
             for n in c.card_in_play]
    mine: dict[str, Any] = {"hand": [*SPELLS, "PR/32"], "pool": [{"champion": p} for p in named]}
    theirs: dict[str, Any] = {"hand": [opponent, *OPPONENT_HAND, *cast.targets(x)], "pool": []}
    formation: list[Any] = [{"realm": realm}]
    if x.is_champion:
        mine["hand"].insert(0, x.key)
    elif x.type in (CardType.REALM, CardType.HOLDING):
        mine["hand"].insert(0, _own(cast, x, CardType.WIZARD) if own_type is None
                            else cast.champion(own_type, 3))
        formation = [{"realm": x.key} if x.type == CardType.REALM
                     else {"realm": realm, "holding": x.key}]
    else:
        own = _own(cast, x) if own_type is None else cast.champion(own_type, 3,
                                                                   world=_world(x))
        if zone == "carried":
            mine["pool"].append({"champion": own, "attached": [x.key]})
        else:
            mine["hand"] = [own, x.key, *SPELLS, "PR/32"]
    formation.append({"realm": cast.realm("T Second Realm")})  # covered by A: movement shows
    sides = [mine, theirs] if holder == 0 else [theirs, mine]
    defender = sides[1]
    defender["formation"] = formation
    sides[0]["formation"] = [{"realm": cast.realm("T Home")}]
    for s in sides:
        s["draw"] = ["PR/32"]
    return {"players": sides, "attacker": 0}


def _choose(labels: list[str], x_name: str, holder_acts: bool, itself: bool) -> int:
    """The scripted player: attack realm A; present a champion (the first offered, the one
    carrying ``x`` first), or (``itself``) let the holder's realm defend itself; never
    decline; in card play, ``x``'s holder plays ``x`` as soon as it may and passes otherwise,
    the other side plays its first card."""
    def first(prefix: str) -> int | None:
        return next((i for i, label in enumerate(labels) if label.startswith(prefix)), None)

    prefixes = ("Attack realm A", "Champion from pool", "Champion from hand")
    if itself and holder_acts:
        prefixes = ("Let the realm defend itself", *prefixes)
    for prefix in prefixes:
        found = first(prefix)
        if found is not None:
            return found
    plays = [i for i, label in enumerate(labels) if label.startswith("Play hand")]
    if holder_acts:
        return next((i for i in plays if labels[i].endswith(x_name)), len(labels) - 1)
    others = [i for i in plays if not labels[i].endswith(x_name)]
    return others[0] if others else len(labels) - 1


def _engine(cards: tuple[Card, ...]) -> SpellfireEngine:
    return SpellfireEngine(SpellfireConfig(pack="practice", extra_cards=cards))


def _trace(x: Card, cast: Cast, table: dict[str, Any], holder: int, itself: bool
           ) -> list[Any]:
    engine = _engine((x, *cast.cards))
    state = engine.from_json(table)
    out: list[Any] = []
    for _ in range(200):
        acting = engine.to_act(state)
        if not acting:
            break
        (p,) = acting
        legal = engine.legal_actions(state, p)
        labels = [engine.action_label(a, state, p) for a in legal]
        out.append(labels)
        pick = _choose(labels, x.name, p == holder, itself)
        out += [(e.kind, e.text, e.data) for e in engine.apply(state, {p: legal[pick]})]
    out.append(engine.to_json(state))  # where every card ended (single_use has no event)
    return out


def leaves_a_trace(x: Card) -> bool:
    """Whether ``x``'s effects change some smoke battle (or, for ``hand_size``, a game)."""
    if x.effects and all(e.kind is EffectKind.HAND_SIZE for e in x.effects):
        return _hand_size_trace(x)
    if x.effects and all(e.kind in OUTSIDE_KINDS for e in x.effects):
        return _outside_trace(x)
    if x.effects and x.effects[0].kind in TRIGGER_KINDS:  # issue 13 (trig): a game scene
        from ..game.test_triggers import trigger_trace
        return trigger_trace(x)
    if x.effects and x.effects[0].kind in FIRST_C_KINDS:  # issue 13 (first_c): The Caravan
        from ..game.test_first_edition_turns import first_c_trace
        return first_c_trace(x)
    if x.effects and x.effects[0].kind in TURN_START_KINDS:  # issue 13 (turn2): a turn starts
        from ..game.test_turn_powers import turn_power_trace
        return turn_power_trace(x)
    plain = replace(x, effects=())
    for cast, table, holder, itself in _scenarios(x):
        if _trace(x, cast, table, holder, itself) != _trace(plain, cast, table, holder, itself):
            return True
    return False


def _hand_size_trace(x: Card) -> bool:
    """A game at phase 5 with ``x`` in play and eleven cards in hand: one discard, then the
    turn ends with a raised limit (or more discards without it)."""
    from combatzoo.envs.spellfire.game.config import GameConfig
    from combatzoo.envs.spellfire.game.rules import SpellfireGameEngine

    traces = []
    for c in (x, replace(x, effects=())):
        engine = SpellfireGameEngine(GameConfig(pack="practice", extra_cards=(c,)))
        realm = {"realm": x.key} if x.type == CardType.REALM else {"realm": "PR/1",
                                                                      "holding": x.key}
        mine = {"formation": [realm], "hand": ["PR/32"] * 11, "draw": ["PR/32"] * 6}
        theirs = {"formation": [{"realm": "PR/2"}], "draw": ["PR/32"] * 6}
        state = engine.from_json({"system": "spellfire", "mode": "game", "attacker": 0,
                                  "phase": 5, "players": [mine, theirs],
                                  "battle": {"step": "over", "outcome": "no_attack"}})
        (p,) = engine.to_act(state)
        legal = engine.legal_actions(state, p)
        events = engine.apply(state, {p: legal[0]})
        traces.append((len(legal), [(e.kind, e.data) for e in events]))
    return traces[0] != traces[1]


def _outside_trace(x: Card) -> bool:
    """A game at phase 3 with ``x`` in hand (issue 13, outside): a cleric and a wizard in the
    pool to cast it, a champion in the discard pile, razed realms on both sides, an undead
    champion and a thief in the opponent's pool, a holding on its standing realm. ``x`` is
    offered, and playing it (on its first target) reports more than the card's own play."""
    from combatzoo.envs.spellfire.game.config import GameConfig
    from combatzoo.envs.spellfire.game.rules import SpellfireGameEngine

    pack = load_builtin_pack()
    undead = next(c.key for c in pack.cards.values() if c.type == CardType.MONSTER
                  and 40 in c.attributes and c.power is Power.MODELLED)
    engine = SpellfireGameEngine(GameConfig(pack="practice", extra_cards=(
        x, pack.cards[undead])))
    mine = {"formation": [{"realm": "PR/1"}, {"realm": "PR/3", "razed": True}],
            "hand": [x.key, "PR/20"], "pool": [{"champion": "PR/22"}, {"champion": "PR/21"}],
            "discard": ["PR/20"], "draw": ["PR/32"] * 10}
    # (a holding on its standing realm: Crime Lord played as an event destroys one, turn2)
    theirs = {"formation": [{"realm": "PR/2", "holding": "PR/10"},
                            {"realm": "PR/6", "razed": True}],
              "hand": ["PR/32"] * 2, "pool": [{"champion": undead}, {"champion": "PR/24"}],
              "draw": ["PR/32"] * 10}
    state = engine.from_json({"system": "spellfire", "mode": "game", "attacker": 0,
                              "phase": 3, "players": [mine, theirs]})
    events = []
    for _ in range(2):  # the card, then its target when it names one
        plays = [a for a in engine.legal_actions(state, 0) if engine.action_label(a).startswith(
            ("Play event or spell", "Target"))]
        if not plays:
            break
        events += engine.apply(state, {0: plays[0]})
    return bool({e.kind for e in events} - {"outside_played", "outside_chosen"})


def modelled_cards() -> list[Card]:
    """The built-in pack's cards whose power is modelled and has effects."""
    pack = load_builtin_pack()
    return [c for c in pack.cards.values() if c.power is Power.MODELLED and c.effects]


@pytest.mark.parametrize("x", modelled_cards(), ids=lambda c: f"{c.key} {c.name}")
def test_every_modelled_card_leaves_a_trace(x: Card):
    traced = leaves_a_trace(x)
    if x.key in KNOWN_NO_TRACE:
        assert not traced, f"{x.key} {x.name} leaves a trace now: drop it from KNOWN_NO_TRACE"
        pytest.skip(f"{x.name}: {KNOWN_NO_TRACE[x.key]}")
    assert traced, f"{x.key} {x.name}: its effects {[e.to_json() for e in x.effects]} leave " \
                   "no trace in any smoke battle"
