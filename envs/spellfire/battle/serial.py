"""The Spellfire state as JSON, and back (the format is documented in ``docs/spellfire.md``).

Written form (``state_to_json``): ``cards`` lists the card key of every instance, ``owner`` its
owner, and every zone lists instance indices. Hand-written states may instead put card keys
(strings) straight into the zones: each string is a new instance owned by the zone's player,
appended to ``cards`` in reading order (players in order; within a player: draw, hand, pool,
formation, discard, limbo, abyss, void; then the battle).

Reading needs two questions about cards, passed in by the engine: whether a key names a known
card, and a card's facts (a realm that defends itself must have a level).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ...core.errors import StateError
from ...core.jsonio import check_keys, get, get_choice, get_int
from ...core.schema import validate
from .facts import Facts, realm_defense
from .schema import MAX_CARDS, BattleStateModel
from .shared_holdings import holdings_at
from .state import OUTCOMES, SLOTS, STEPS, Battle, Side, SpellfireState

NAME = "spellfire"
PILES = ("draw", "hand", "discard", "limbo", "abyss", "void")


def state_to_json(state: SpellfireState, version: int) -> dict[str, Any]:
    """The full state (both players' secrets included)."""
    b = state.battle

    def side_json(p: int, side: Side) -> dict[str, Any]:
        out: dict[str, Any] = {k: list(getattr(side, k)) for k in PILES}
        out["pool"] = [{"champion": c, "attached": list(side.attached.get(c, []))}
                       for c in side.pool]
        out["formation"] = [None if side.realms[s] is None else
                            {"realm": side.realms[s], "razed": side.razed[s],
                             "holding": side.holdings[s]} for s in range(6)]
        out["attacked"] = list(side.attacked)
        if side.rule:  # written only when a rule card is in play (RULES.md §1 phase 0)
            out["rule"] = list(side.rule)
        if side.lasting:  # the whole game's lasting cards (issue 13, lasting)
            out["lasting"] = list(side.lasting)
        if side.cursing:  # those on an opposing champion (issue 13, first_a)
            out["cursing"] = {str(i): c for i, c in side.cursing.items()}
        return out

    champions = []
    for p in (0, 1):
        c = b.champion[p]
        champions.append(None if c is None else
                         {"champion": c, "attached": list(state.players[p].attached.get(c, []))})
    battle: dict[str, Any] = {
        "step": b.step, "realm": None if b.realm is None else SLOTS[b.realm],
        "round": b.round, "defeats": b.defeats, "champions": champions,
        "realm_defends": b.realm_defends, "support": [list(s) for s in b.support],
        "to_play": b.to_play, "window": b.window, "outcome": b.outcome,
        "winner": b.winner, "spoils": list(b.spoils),
    }
    if b.defeated:  # written only when a champion must be defeated twice (issue 13)
        battle["defeated"] = list(b.defeated)
    if b.fought:  # written only once a round began (single_use, issue 13)
        battle["fought"] = list(b.fought)
    if b.threat is not None:  # written only while a win-at-once power waits (RULES.md §1)
        battle["threat"] = b.threat
    if b.spent:  # written only once a power answered a play (issue 13 audit 2)
        battle["spent"] = list(b.spent)
    if b.bribed:  # written only once a champion was bribed (Bribery!, issue 13 c1st3)
        battle["bribed"] = list(b.bribed)
    if b.digits:  # written only while a card's drawn digit counts (Wand of Wonder, c4th5b)
        battle["digits"] = [[c, d] for c, d in sorted(b.digits.items())]
    return {
        "system": NAME, "version": version, "mode": "battle",
        "cards": list(state.cards), "owner": list(state.owner),
        "attacker": state.attacker, "phase": state.phase, "turn": state.turn,
        # The seed of the game's chance and its draws so far (issue 13, c1st5): hidden, in the
        # full state only.
        "luck": state.luck, "luck_used": state.luck_used,
        "players": [side_json(p, s) for p, s in enumerate(state.players)],
        "battle": battle,
    }


class _Reader:
    """Reads instance entries (ints or card keys) and builds the card table."""

    def __init__(self, cards: list[str], owner: list[int | None]) -> None:
        self.cards = cards
        self.owner = owner

    def entry(self, value: Any, player: int, path: str) -> int:
        if isinstance(value, bool):
            raise StateError(path, "expected a card instance index or a card key")
        if isinstance(value, int):
            if not 0 <= value < len(self.cards):
                raise StateError(path, f"no card instance {value} (cards has {len(self.cards)})")
            if self.owner[value] is None:
                self.owner[value] = player
            return value
        if isinstance(value, str):  # a known key (the schema checked it)
            self.cards.append(value)
            self.owner.append(player)
            return len(self.cards) - 1
        raise StateError(path, f"expected a card instance index or a card key, got "
                               f"{type(value).__name__}")

    def entries(self, data: Mapping[str, Any], key: str, player: int, path: str) -> list[int]:
        raw = get(data, key, list, path, [])
        return [self.entry(v, player, f"{path}.{key}[{i}]") for i, v in enumerate(raw)]


def state_from_json(data: Mapping[str, Any], knows: Callable[[str], bool],
                    facts: Callable[[str], Facts], schema: bool = True) -> SpellfireState:
    """Read a state; only ``players`` is required (the battle defaults to step ``realm``).
    ``knows(key)``: whether a card key is known; ``facts(key)``: the facts of a known card.
    ``schema=False`` skips the schema, for a state this package built itself (the search's
    sampler; its tests read every sample with the schema)."""
    # Issue 16: types, ranges, sizes and known card keys by the schema (docs/state_schema.md);
    # what ties fields together is checked below.
    if schema:
        validate(BattleStateModel, data, {"card": knows})
    system = get(data, "system", str, "state", NAME)
    if system != NAME:
        raise StateError("state.system", f"this is a {system!r} state, not {NAME!r}")
    get_choice(data, "mode", "state", ("battle",), "battle")
    cards = list(get(data, "cards", list, "state", []))  # known keys: by the schema
    raw_owner = get(data, "owner", list, "state", [None] * len(cards))
    if len(raw_owner) != len(cards) or any(o not in (0, 1, None) or isinstance(o, bool)
                                           for o in raw_owner):
        raise StateError("state.owner", "expected 0 or 1 for every card instance")
    owner: list[int | None] = list(raw_owner)
    reader = _Reader(cards, owner)
    raw_players = get(data, "players", list, "state")
    if len(raw_players) != 2:
        raise StateError("state.players", f"expected 2 players, got {len(raw_players)}")
    players = [_side(reader, raw, p, f"state.players[{p}]")
               for p, raw in enumerate(raw_players)]
    attacker = get_int(data, "attacker", "state", 0, 1, 0)
    battle = _battle(reader, get(data, "battle", dict, "state", {}), players)
    if len(cards) > MAX_CARDS:
        # Issue 16: card keys written into the zones add instances; still two decks at most.
        raise StateError("state.cards", f"{len(cards)} card instances; at most {MAX_CARDS} "
                                        "(two decks)")
    if any(o is None for o in owner):
        missing = [i for i, o in enumerate(owner) if o is None]
        raise StateError("state.cards", f"card instances {missing} are in no zone")
    for p, side in enumerate(players):  # issue 13 (first_a): on an opposing champion
        for i, c in side.cursing.items():
            if c >= len(cards) or owner[c] != 1 - p:
                raise StateError(f"state.players[{p}].cursing.{i}",
                                 f"{c} is not a card instance of player_{1 - p}")
    state = SpellfireState(cards=cards, owner=[int(o) for o in owner],  # type: ignore[arg-type]
                           players=players, attacker=attacker, battle=battle,
                           phase=get_int(data, "phase", "state", 0, 5, 4),
                           turn=get_int(data, "turn", "state", 1, None, 1),
                           luck=get_int(data, "luck", "state", 0, None, 0),
                           luck_used=get_int(data, "luck_used", "state", 0, None, 0))
    _check_battle(state, facts)
    return state


def _side(reader: _Reader, raw: Any, p: int, path: str) -> Side:
    check_keys(raw, {*PILES, "pool", "formation", "attacked", "rule", "lasting", "cursing"},
               path)
    side = Side()
    side.draw = reader.entries(raw, "draw", p, path)
    side.hand = reader.entries(raw, "hand", p, path)
    # [decided] A hand or pool may hold more cards than the codec has slots (spoils after a
    # battle, champions back from a round): only the first hand_slots / pool_slots can be
    # played or presented, and the observation shows those. States the engine reaches always
    # read back.
    for j, entry in enumerate(get(raw, "pool", list, path, [])):
        where = f"{path}.pool[{j}]"
        if isinstance(entry, (int, str)) and not isinstance(entry, bool):
            entry = {"champion": entry}
        check_keys(entry, {"champion", "attached"}, where)
        c = reader.entry(get(entry, "champion", (int, str), where), p, f"{where}.champion")
        side.pool.append(c)
        attached = reader.entries(entry, "attached", p, where)
        if attached:
            side.attached[c] = attached
    formation = get(raw, "formation", list, path, [])
    if len(formation) > 6:
        raise StateError(f"{path}.formation", "at most 6 slots (A..F)")
    for s, entry in enumerate(formation):
        where = f"{path}.formation[{s}]"
        if entry is None:
            continue
        if isinstance(entry, (int, str)) and not isinstance(entry, bool):
            entry = {"realm": entry}
        check_keys(entry, {"realm", "razed", "holding"}, where)
        side.realms[s] = reader.entry(get(entry, "realm", (int, str), where), p, f"{where}.realm")
        side.razed[s] = bool(get(entry, "razed", bool, where, False))
        holding = get(entry, "holding", (int, str, type(None)), where, None)
        if holding is not None:
            side.holdings[s] = reader.entry(holding, p, f"{where}.holding")
    for key in ("discard", "limbo", "abyss", "void"):
        setattr(side, key, reader.entries(raw, key, p, path))
    side.attacked = list(get(raw, "attacked", list, path, []))
    side.rule = reader.entries(raw, "rule", p, path)
    side.lasting = reader.entries(raw, "lasting", p, path)
    side.cursing = _cursing(raw, side, path)
    return side


def _cursing(raw: Mapping[str, Any], side: Side, path: str) -> dict[int, int]:
    """``cursing`` (issue 13, first_a): lasting card instance (as text) -> the instance of the
    opposing champion it is on; every key one of the side's ``lasting`` cards."""
    out: dict[int, int] = {}
    for key, champion in get(raw, "cursing", dict, path, {}).items():
        if not str(key).isdigit() or int(key) not in side.lasting:
            raise StateError(f"{path}.cursing", f"{key!r} is not one of this player's "
                                                "lasting cards")
        if not isinstance(champion, int) or isinstance(champion, bool) or champion < 0:
            raise StateError(f"{path}.cursing.{key}", "expected a champion's card instance")
        out[int(key)] = champion
    return out


def _digits(raw: list[Any], cards: int, path: str) -> dict[int, int]:
    """``Battle.digits`` from its JSON pairs ``[card instance, digit 0..9]`` (c4th5b)."""
    if any(not isinstance(x, list) or len(x) != 2
           or any(not isinstance(v, int) or isinstance(v, bool) for v in x)
           or not 0 <= x[0] < cards or not 0 <= x[1] <= 9 for x in raw):
        raise StateError(f"{path}.digits", "expected [card instance, digit 0..9] pairs "
                                           "(the digits drawn this round)")
    return {c: d for c, d in raw}


def _battle(reader: _Reader, raw: Mapping[str, Any], players: list[Side]) -> Battle:
    path = "state.battle"
    check_keys(raw, {"step", "realm", "round", "defeats", "champions", "realm_defends",
                     "support", "to_play", "window", "outcome", "winner", "spoils",
                     "defeated", "fought", "threat", "spent", "bribed", "digits"}, path)
    b = Battle()
    b.step = get_choice(raw, "step", path, STEPS, "realm")
    realm = get(raw, "realm", (str, type(None)), path, None)
    if realm is not None:
        if realm not in SLOTS:
            raise StateError(f"{path}.realm", f"expected one of {list(SLOTS)} or null")
        b.realm = SLOTS.index(realm)
    b.round = get_int(raw, "round", path, 0, None, 0)
    b.defeats = get_int(raw, "defeats", path, 0, 2, 0)
    champions = get(raw, "champions", list, path, [None, None])
    if len(champions) != 2:
        raise StateError(f"{path}.champions", "expected one entry per player (two)")
    for p, entry in enumerate(champions):
        where = f"{path}.champions[{p}]"
        if entry is None:
            continue
        if isinstance(entry, (int, str)) and not isinstance(entry, bool):
            entry = {"champion": entry}
        check_keys(entry, {"champion", "attached"}, where)
        c = reader.entry(get(entry, "champion", (int, str), where), p, f"{where}.champion")
        b.champion[p] = c
        attached = reader.entries(entry, "attached", p, where)
        if attached:
            players[p].attached[c] = attached
    b.realm_defends = bool(get(raw, "realm_defends", bool, path, False))
    support = get(raw, "support", list, path, [[], []])
    if len(support) != 2 or not all(isinstance(s, list) for s in support):
        raise StateError(f"{path}.support", "expected two lists")
    b.support = [[reader.entry(v, p, f"{path}.support[{p}][{i}]") for i, v in enumerate(s)]
                 for p, s in enumerate(support)]
    to_play = get(raw, "to_play", (int, type(None)), path, None)
    if to_play not in (0, 1, None):
        raise StateError(f"{path}.to_play", "expected 0, 1 or null")
    b.to_play = to_play
    b.window = bool(get(raw, "window", bool, path, False))
    outcome = get(raw, "outcome", (str, type(None)), path, None)
    if outcome is not None and outcome not in OUTCOMES:
        raise StateError(f"{path}.outcome", f"expected one of {list(OUTCOMES)} or null")
    b.outcome = outcome
    winner = get(raw, "winner", (int, type(None)), path, None)
    if winner not in (0, 1, None):
        raise StateError(f"{path}.winner", "expected 0, 1 or null")
    b.winner = winner
    spoils = get(raw, "spoils", list, path, [None, None])
    if len(spoils) != 2 or any(s is not None and (not isinstance(s, int) or isinstance(s, bool)
                                                  or not 0 <= s < len(reader.cards))
                               for s in spoils):
        raise StateError(f"{path}.spoils", "expected two card instances or nulls")
    b.spoils = list(spoils)
    _waiting(reader, raw, b, path)
    return b


def _waiting(reader: _Reader, raw: Mapping[str, Any], b: Battle, path: str) -> None:
    """What a battle remembers between steps: champions defeated once and champions that
    fought (issue 13), the card whose win-at-once power waits for an answer (RULES.md §1)."""
    defeated = get(raw, "defeated", list, path, [])
    if any(not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < len(reader.cards)
           for c in defeated):
        raise StateError(f"{path}.defeated", "expected card instances (champions defeated once)")
    b.defeated = list(defeated)
    # A state written at step "cards" had its activation (seed 002 note 3): its champions
    # fought, unless the state says which did.
    fighting = [c for c in b.champion if c is not None] if b.step == "cards" else []
    fought = get(raw, "fought", list, path, fighting)
    if any(not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < len(reader.cards)
           for c in fought):
        raise StateError(f"{path}.fought", "expected card instances (champions that fought)")
    b.fought = list(fought)
    spent = get(raw, "spent", list, path, [])
    if any(not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < len(reader.cards)
           for c in spent):
        raise StateError(f"{path}.spent", "expected card instances (powers used)")
    b.spent = list(spent)
    bribed = get(raw, "bribed", list, path, [])
    if any(not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < len(reader.cards)
           for c in bribed):
        raise StateError(f"{path}.bribed", "expected card instances (champions bribed)")
    b.bribed = list(bribed)
    b.digits = _digits(get(raw, "digits", list, path, []), len(reader.cards), path)
    threat = get(raw, "threat", (int, type(None)), path, None)
    if threat is not None and (isinstance(threat, bool) or not 0 <= threat < len(reader.cards)
                               or b.step != "cards"):
        raise StateError(f"{path}.threat", "expected a card instance, in step 'cards' only")
    b.threat = threat


def _check_battle(state: SpellfireState, facts: Callable[[str], Facts]) -> None:
    """A hand-written battle must be one the rules could reach in its step."""
    _check_attacked(state)
    _check_realm(state)
    _check_champions(state)
    _check_card_play(state, facts)
    _check_outcome(state)
    if state.battle.step != "cards" and any(state.battle.support):
        raise StateError("state.battle.support", "support cards exist only during card play")


def _check_attacked(state: SpellfireState) -> None:
    """``attacked`` lists card instances."""
    for p, side in enumerate(state.players):
        for i, c in enumerate(side.attacked):
            if not isinstance(c, int) or isinstance(c, bool) or not 0 <= c < len(state.cards):
                raise StateError(f"state.players[{p}].attacked[{i}]", "expected a card instance")


def _check_realm(state: SpellfireState) -> None:
    """Past step ``realm`` (and in a finished battle that named one) the attacked realm is a
    realm of the defender, not razed before the battle ends."""
    b = state.battle
    path = "state.battle"
    dfn = state.defender
    if b.step == "realm" or (b.step == "over" and b.realm is None):
        return
    if b.realm is None:
        raise StateError(f"{path}.realm", f"step {b.step!r} needs the attacked realm")
    home = state.players[dfn]
    if home.realms[b.realm] is None:
        raise StateError(f"{path}.realm", f"player_{dfn} has no realm in slot "
                                          f"{SLOTS[b.realm]}")
    if home.razed[b.realm] and b.step != "over":
        raise StateError(f"{path}.realm", "the attacked realm is razed")


def _check_champions(state: SpellfireState) -> None:
    """The champions in the round that each step has (seed 000 steps A-C)."""
    b = state.battle
    path = "state.battle"
    att, dfn = state.attacker, state.defender
    if b.step == "realm" and (b.realm is not None or any(c is not None for c in b.champion)):
        raise StateError(f"{path}.step", "step 'realm' has no realm or champions chosen yet")
    if b.step == "attacker" and any(c is not None for c in b.champion):
        raise StateError(f"{path}.champions", "step 'attacker' has no champion in the round")
    if b.step == "defender" and (b.champion[att] is None or b.champion[dfn] is not None):
        raise StateError(f"{path}.champions", "step 'defender': only the attacker's champion "
                                              "is in the round")


def _check_card_play(state: SpellfireState, facts: Callable[[str], Facts]) -> None:
    """Step ``cards`` (seed 000 step F) has both sides in the round and a player to play; a
    realm defends itself only then, and only if it has a level (RULES.md §1). (Support cards
    outside card play are checked last, after the outcome.)"""
    b = state.battle
    path = "state.battle"
    dfn = state.defender
    if b.step != "cards":
        if b.to_play is not None or b.window:
            raise StateError(f"{path}.to_play", "only step 'cards' has a player to play")
        if b.realm_defends:
            raise StateError(f"{path}.realm_defends", "only during card play")
        return
    if b.champion[state.attacker] is None or (b.champion[dfn] is None) != b.realm_defends:
        raise StateError(f"{path}.champions", "step 'cards' needs the attacker's champion "
                                              "and a defending champion or realm")
    if b.to_play is None:
        raise StateError(f"{path}.to_play", "step 'cards' needs the player to play")
    if b.realm_defends:
        realm = state.players[dfn].realms[b.realm]  # type: ignore[index]
        fx = [facts(k) for k in state.cards]
        # Its own level or one of its holdings' (realm_defense; those it shares too: The Sea
        # Barons, first_b); a negated holding is the rules' to weigh, not the format's.
        held = [] if realm is None else [fx[h] for h in holdings_at(
            state.players[dfn], fx, b.realm)]  # type: ignore[arg-type]
        if realm is None or max(realm_defense(fx[realm], h)[0]
                                for h in (None, *held)) <= 0:
            raise StateError(f"{path}.realm_defends", "this realm cannot defend itself")


def _check_outcome(state: SpellfireState) -> None:
    """Only a finished battle has an outcome, and it has one."""
    b = state.battle
    path = "state.battle"
    if b.step == "over":
        if b.outcome is None:
            raise StateError(f"{path}.outcome", "a finished battle has an outcome")
    elif b.outcome is not None or b.winner is not None:
        raise StateError(f"{path}.outcome", "only a finished battle has an outcome")
