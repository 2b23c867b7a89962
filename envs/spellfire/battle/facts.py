"""What the battle engine reads off a card, computed once per card (RULES.md §1 "Combat").

:class:`Facts` flattens a :class:`~.cards.Card` into the numbers the rules use at every step:
its level or bonus, its effects grouped by kind, and what a champion needs in order to use it
(the CrossFire "uses" codes). :func:`champion_uses` is the other half: what a champion may use,
from its type (``TYPE_USES``), its own "uses" list, its ``may_use`` powers and, when defending,
the grants of the realm and holding it defends.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace

from ..cards.cards import CHAMPION_TYPES, TYPE_USES, Attribute, Card, CardType, Mark, World
from ..cards.effects import ALWAYS, NOT_IN_ROUND_KINDS, Condition, Effect, EffectKind

#: What every champion uses besides its type's codes: allies ("1"), artifacts ("2") and
#: magical items ("d9"/"o9") (RULES.md §1 "Combat": "every champion uses allies, magical items,
#: artifacts").
EVERY_CHAMPION_USES: frozenset[str] = frozenset({"1", "2", "d9", "o9"})

#: Card types played into a round whose use is governed by an (Off)/(Def) "uses" code
#: ``dN``/``oN`` with N the type code (RULES.md §1 "Card data").
MARKED_TYPES: frozenset[CardType] = frozenset({
    CardType.BLOOD_ABILITY, CardType.CLERIC_SPELL, CardType.MAGICAL_ITEM,
    CardType.PSIONIC_POWER, CardType.THIEF_ABILITY, CardType.UNARMED_COMBAT,
    CardType.WIZARD_SPELL})

#: Spells (and spell-like powers) whose (Off) kind "immune to offensive spells" stops.
SPELL_TYPES: frozenset[CardType] = frozenset({
    CardType.CLERIC_SPELL, CardType.WIZARD_SPELL, CardType.PSIONIC_POWER,
    CardType.BLOOD_ABILITY})

#: Support cards that stay in the round's support pile (discarded when the round ends). Magical
#: items and artifacts attach to the champion instead (seed 000 step H).
SUPPORT_TYPES: frozenset[CardType] = frozenset({
    CardType.ALLY, CardType.EVENT, *MARKED_TYPES - {CardType.MAGICAL_ITEM}})

#: Worlds that fit any champion for the one-artifact-per-champion rule ([decided]: a card of no
#: world, or of the generic AD&D / TSR worlds, is of every world).
ANY_WORLD: frozenset[World] = frozenset({World.NONE, World.NO_WORLD, World.ADND, World.TSR})

#: Activation groups of seed 002 step 7 a..h (attached and support cards of a champion).
ACTIVATION_GROUP: dict[CardType, int] = {
    CardType.ARTIFACT: 0, CardType.ALLY: 1, CardType.MAGICAL_ITEM: 2,
    CardType.BLOOD_ABILITY: 3, CardType.THIEF_ABILITY: 4, CardType.UNARMED_COMBAT: 5,
    CardType.PSIONIC_POWER: 6, CardType.CLERIC_SPELL: 7, CardType.WIZARD_SPELL: 7,
    CardType.EVENT: 8}


@dataclass(frozen=True)
class Opponent:
    """What a condition may ask about the opposing champion (RULES.md §1; effects.Condition)."""

    type: int | None
    attributes: frozenset[int]
    world: int | None
    level: int | None = None
    """The printed level (``self_levels``, ``vs_levels``; issue 13); unknown for a realm
    defending itself."""
    name: str = ""
    """The card's name (``self_names``; issue 13); empty for a realm defending itself."""


NO_OPPONENT = Opponent(None, frozenset(), None)


RESTRICTING_KINDS: frozenset[EffectKind] = frozenset({
    EffectKind.ALLIES_BARRED, EffectKind.DESTROY_ALLIES, EffectKind.SPELLS_BARRED,
    EffectKind.ALLIES_LIMIT, EffectKind.NO_SPELLS, EffectKind.OWN_ALLIES_BARRED,
    EffectKind.ALLIES_BARRED_FROM, EffectKind.OWN_SPELLS_BARRED, EffectKind.ONE_SPELL_TYPE,
    EffectKind.DESTROY_ITEMS, EffectKind.EVENTS_BARRED, EffectKind.CARDS_BARRED,
    EffectKind.NO_CARDS, EffectKind.ALLIES_ONLY, EffectKind.ITEMS_BARRED_OVER})
"""Effect kinds that forbid card plays in a round (``rules._bars``)."""

TOTAL_KINDS: frozenset[EffectKind] = frozenset({
    EffectKind.GAIN_LEVELS, EffectKind.ALLIES_GAIN, EffectKind.OPPONENT_LOSES,
    EffectKind.DOUBLE_LEVEL, EffectKind.OPPOSING_ALLIES_LOSE, EffectKind.ALL_ALLIES_GAIN,
    EffectKind.ALL_CHAMPIONS_GAIN, EffectKind.DOUBLE_ALLIES, EffectKind.GAIN_PER_OPPOSING_ALLY,
    EffectKind.GAIN_PER_OWN_ALLY, EffectKind.ITEMS_GAIN, EffectKind.GAIN_IF_OWN_CARDS,
    EffectKind.GAIN_IF_OPPOSING_ALLIES, EffectKind.HALVE_OPPOSING_ALLIES,
    EffectKind.FIRST_ALLY_BONUS, EffectKind.DOUBLE_CARD_BONUS, EffectKind.HALVE_OPPOSING,
    EffectKind.REALMS_ALLIES_GAIN, EffectKind.HALVE_OPPOSING_CARDS,
    EffectKind.SWITCHED_ALLIES_LOSE, EffectKind.CHAMPIONS_GAIN, EffectKind.ZERO_OPPOSING_LEVEL,
    EffectKind.GAIN_PER_OWN_CARDS, EffectKind.OPPOSING_ALLIES_LOSE_UNLESS,
    EffectKind.NAMESAKE_BONUS, EffectKind.GAIN_PER_OTHER_ALLY, EffectKind.REALMS_ALLIES_DOUBLED,
    EffectKind.HALVE_OPPOSING_BASE,
    # 4th Edition, third pass (issue 13, c4th3b)
    EffectKind.DOUBLE_LATER_ALLY, EffectKind.GAIN_VS_NONSPELLCASTERS, EffectKind.DOUBLE_NAMED,
    # 4th Edition, third pass (issue 13, c4th3c)
    EffectKind.OPPONENT_LOSES_OWN_BASE,
    # 4th Edition, third pass (issue 13, c4th3a)
    EffectKind.BASE_LOSS_PER_CARD,

    # 4th Edition, 178-520 second round (issue 13, c4th4)
    EffectKind.OWN_BASE_HALVED, EffectKind.RULE_WORLD_GAIN})
"""Effect kinds the level totals read."""


@dataclass(frozen=True)
class Facts:
    """The rules' reading of one card (shared by every copy of it)."""

    card: Card
    key: str
    name: str
    number: int
    type: CardType
    is_champion: bool
    level: int
    """Champions: the printed level (first of ``5/7``; ``?`` counts 0 [decided]). Realms: the
    level at which the realm defends itself (0: it cannot)."""
    bonus: int
    """The icon's signed bonus (allies, items, spells); realms ``+N`` give the defender +N."""
    effects: dict[EffectKind, tuple[Effect, ...]]
    needs: frozenset[str] | None
    """Codes of which a champion must hold one to use the card in a round; empty: anyone
    (events); ``None``: not played into a round (champions, realms, holdings, rules, dungeons)."""
    offensive: bool
    any_time: bool
    playable_in_battle_phase: bool
    """False when the mark lists phases (``(Off/3)``) and phase 4 is not among them."""
    self_defense_type: int | None
    """Realms: the champion type it defends as (``defend_as``), else ``None``."""
    moves: frozenset[str]
    """Movement kinds (``"flyer"``, ``"swimmer"``, ``"earthwalker"``) of the card itself."""
    cannot_attack: bool
    """A champion that may defend but never attack (``cannot_attack``)."""
    defense_only: bool
    """A card only the defending side may play (``defense_only``)."""
    plain: bool
    """No power that changes level totals (the totals add its bonus and nothing else)."""
    restricts: bool
    """Some power forbids card plays in a round."""
    as_opponent: Opponent
    """What a condition of the other side reads of this card as a champion."""

    def has(self, kind: EffectKind) -> bool:
        return kind in self.effects

    def get(self, kind: EffectKind) -> tuple[Effect, ...]:
        return self.effects.get(kind, ())


def _use_codes(card: Card) -> tuple[str, ...]:
    """The "uses" code(s) a champion needs for a card of a marked type: its type's, except
    dragon-only and undead-only unarmed combat (RULES.md §1 "Uses" codes: 101 and 102)."""
    if card.type == CardType.UNARMED_COMBAT:
        only = tuple(code for attr, code in ((Attribute.DRAGON_COMBAT, "101"),
                                            (Attribute.UNDEAD_COMBAT, "102"))
                     if attr in card.attributes)
        if only:
            return only
    return (str(int(card.type)),)


def facts_of(card: Card) -> Facts:
    """Compute the :class:`Facts` of ``card``."""
    effects: dict[EffectKind, list[Effect]] = {}
    for e in card.effects:
        effects.setdefault(e.kind, []).append(e)
    grouped = {k: tuple(v) for k, v in effects.items()}
    t = card.type
    level = card.level.level or 0
    bonus = card.level.bonus or 0
    if EffectKind.OWN_BASE_HALVED in grouped and card.level.bonus_alt == (2,):
        bonus = 0  # the field "-1/2" is the halving its text states (c4th4: Dark Haven)
    if EffectKind.BONUS_IN_POWER in grouped:
        bonus = 0  # the printed number is the power's own (issue 13, first_a: Enlarge)
    self_type = None
    if t == CardType.REALM:
        level, self_type = defends_as(grouped.get(EffectKind.DEFEND_AS, ()), level)
    needs: frozenset[str] | None
    if t == CardType.ALLY:
        needs = frozenset({"1"})
    elif t == CardType.ARTIFACT:
        needs = frozenset({"2"})
    elif t == CardType.EVENT:
        needs = frozenset()
    elif t in MARKED_TYPES:
        # Off needs the offensive use, Def the defensive one; [decided] an unmarked card of a
        # marked type: either kind will do.
        prefixes = "o" if card.mark is Mark.OFF else "d" if card.mark is Mark.DEF else "od"
        needs = frozenset(p + code for code in _use_codes(card) for p in prefixes)
        if EffectKind.USABLE_BY_ANY in grouped:
            needs = frozenset()  # "usable by any champion" (issue 13, cboost)
    else:
        needs = None
    offensive = card.mark is Mark.OFF
    return Facts(
        card=card, key=card.key, name=card.name, number=card.number, type=t,
        is_champion=t in CHAMPION_TYPES, level=level, bonus=bonus, effects=grouped,
        needs=needs, offensive=offensive,
        any_time=EffectKind.PLAY_ANY_TIME in grouped or t == CardType.EVENT,
        # Issue 13 (outside): a power acting wholly outside battles is played in phase 3
        # (first_c: The Caravan between two turns).
        playable_in_battle_phase=(not card.mark_phases or 4 in card.mark_phases) and not (
            grouped and NOT_IN_ROUND_KINDS.issuperset(grouped)),
        self_defense_type=self_type,
        moves=frozenset(m.value for m in card.movement),
        cannot_attack=EffectKind.CANNOT_ATTACK in grouped,
        defense_only=EffectKind.DEFENSE_ONLY in grouped,
        plain=not TOTAL_KINDS.intersection(grouped),
        restricts=bool(RESTRICTING_KINDS.intersection(grouped)),
        as_opponent=Opponent(int(t), card.attributes, int(card.world),
                             level if t in CHAMPION_TYPES else None, card.name))



def defends_as(effects: Iterable[Effect], level: int) -> tuple[int, int | None]:
    """``defend_as``: the level at which a realm defends itself (0: it cannot) and the champion
    type it defends as (RULES.md §1 "Combat": realms that defend as a champion)."""
    self_type = None
    for e in effects:
        level = e.amount or level
        self_type = e.champion_type
    return level, self_type


def realm_defense(realm: Facts, holding: Facts | None) -> tuple[int, int | None]:
    """The level and champion type at which an attacked realm defends itself (RULES.md §1: a
    realm that "can defend itself as a level N champion"): its own, or its holding's ("the
    attached realm can defend itself as a level 4 monster", issue 13) where that is higher
    [decided]; level 0: it cannot. ``holding``: None when it has none or it is negated."""
    best = (realm.level, realm.self_defense_type)
    if holding is not None and EffectKind.DEFEND_AS in holding.effects:
        level, kind = defends_as(holding.get(EffectKind.DEFEND_AS), holding.level)
        if level > best[0]:
            best = (level, kind)
    return best


def _defense_source(realm: Facts, holding: Facts | None) -> Facts:
    """The card whose ``defend_as`` an attacked realm defends itself by: the realm, or its
    holding where that is higher (:func:`realm_defense`)."""
    if holding is not None and EffectKind.DEFEND_AS in holding.effects:
        level, _ = defends_as(holding.get(EffectKind.DEFEND_AS), holding.level)
        if level > realm.level:
            return holding
    return realm


def realm_defense_attributes(realm: Facts, holding: Facts | None) -> frozenset[int]:
    """The attributes of an attacked realm defending itself: those its ``defend_as`` names
    (issue 13, c4th3a: Spindrift Isles, "a level 8 elf wizard")."""
    source = _defense_source(realm, holding)
    return frozenset(a for e in source.get(EffectKind.DEFEND_AS) for a in e.attributes)


def realm_defense_uses(realm: Facts, holding: Facts | None) -> frozenset[str]:
    """The "uses" codes an attacked realm defending itself holds besides its type's: those its
    ``defend_as`` names (issue 13, c4th3a: Bluet Spur, "a level 6 monster that can cast wizard
    spells and use psionic power cards")."""
    source = _defense_source(realm, holding)
    return frozenset(u for e in source.get(EffectKind.DEFEND_AS) for u in e.uses)


#: Attribute ids of the movement kinds (RULES.md §1 "Card data": 16 Flyer, 37 Swimmer,
#: 13 Earthwalker): a champion or ally that gains a movement in the round is one for the
#: conditions and filters that read attributes ("+3 when fighting flyers", "destroys flyers").
MOVEMENT_ATTRIBUTES: dict[str, int] = {"flyer": int(Attribute.FLYER), "swimmer": 37,
                                       "earthwalker": 13}


def moves_with(champion: Facts, attached: Iterable[Facts]) -> frozenset[str]:
    """Movement kinds of a champion: its own and those its attachments give, or (in a round)
    the cards of its side: its attachments and the spells played for it (``gain_movement``;
    RULES.md §1 movement powers). An effect for the side's allies only (``card_types`` holds
    the ally type: "all allies can also fly") gives the champion nothing; a player-wide one
    (the mark "player") only when its condition holds of the champion."""
    moves = champion.moves
    for a in attached:
        for e in a.get(EffectKind.GAIN_MOVEMENT):
            if int(CardType.ALLY) not in e.card_types and applies_to(e, champion):
                moves = moves | frozenset(e.movement)
    return moves


def allies_moves(cards: Iterable[Facts | None]) -> frozenset[str]:
    """Movement kinds the champion and cards of a side give each of its allies in the round
    ("champion and all allies become flyers", Flight; "Tyrinon's allies all become flyers";
    ``gain_movement`` with the ally type in ``card_types``)."""
    moves: frozenset[str] = frozenset()
    for a in cards:
        if a is None:
            continue
        for e in a.get(EffectKind.GAIN_MOVEMENT):
            if int(CardType.ALLY) in e.card_types:
                moves = moves | frozenset(e.movement)
    return moves


def allies_attributes(cards: Iterable[Facts | None]) -> frozenset[int]:
    """Attribute ids the champion and cards of a side give each of its allies in the round
    (``allies_become``: "all allies played with it become undead", Lich Conclave; issue 13,
    c4th5a)."""
    found: frozenset[int] = frozenset()
    for a in cards:
        if a is not None:
            for e in a.get(EffectKind.ALLIES_BECOME):
                found = found | frozenset(e.attributes)
    return found


def becoming(x: Facts, attrs: frozenset[int]) -> Facts:
    """``x`` with the attribute ids ``attrs`` gained in the round (``x`` itself when it gains
    nothing new): for the conditions and filters that read attributes."""
    if attrs <= x.card.attributes:
        return x
    return replace(x, card=replace(x.card, attributes=x.card.attributes | attrs),
                   as_opponent=replace(x.as_opponent,
                                       attributes=x.as_opponent.attributes | attrs))


def later_moves(fx: Sequence[Facts], support: Sequence[int], ally: int) -> frozenset[str]:
    """Movement kinds the cards played into a side's round before ``ally`` give it
    (``later_allies_move``: "all allies played after the elf galleon in this battle are also
    flyers and swimmers"; issue 13, c4th5a); ``ally`` -1: one not played yet (all of
    ``support`` came before it)."""
    found: frozenset[str] = frozenset()
    for j in support:
        if j == ally:
            break
        for e in fx[j].get(EffectKind.LATER_ALLIES_MOVE):
            found = found | frozenset(e.movement)
    return found


def ally_in_round(x: Facts, cards: Iterable[Facts | None],
                  later: frozenset[str] = frozenset()) -> Facts:
    """Ally ``x`` as it fights for the side of ``cards`` (its champion and cards): with the
    movement (:func:`allies_moves`, and ``later``: :func:`later_moves`) and the attributes
    (:func:`allies_attributes`) they give its allies."""
    cards = tuple(cards)
    return becoming(moving(x, allies_moves(cards) | later), allies_attributes(cards))


def moving(x: Facts, moves: frozenset[str]) -> Facts:
    """``x`` with the movement ``moves`` gained in the round: its movement kinds and the
    matching attribute ids (``x`` itself when it gains nothing new)."""
    if moves <= x.moves:
        return x
    attrs = x.card.attributes | {MOVEMENT_ATTRIBUTES[m] for m in moves}
    return replace(x, moves=x.moves | moves, card=replace(x.card, attributes=attrs),
                   as_opponent=replace(x.as_opponent, attributes=x.as_opponent.attributes
                                       | {MOVEMENT_ATTRIBUTES[m] for m in moves}))


PLAYER_WIDE = "player"
"""The mark of a holding's effect that acts in every battle of its player, attacking or
defending, not only at the realm it is attached to (3rd Edition, the Ancient Arms: "this
player's monsters have the ability to fly, swim, or earthwalk as needed")."""


def applies_to(e: Effect, champion: Facts) -> bool:
    """Whether ``e`` reaches ``champion``: always, unless it is player-wide (the mark
    "player"), whose condition names the champions it reaches ("this player's Greyhawk
    monsters")."""
    return e.mark != PLAYER_WIDE or holds(e.condition, True, Ctx(NO_OPPONENT,
                                                                   champion.as_opponent))


@dataclass(frozen=True)
class Ctx:
    """What a condition may ask about the round, from one side's point of view: the opposing
    champion (``vs_*``), the side's own champion (``self_*``; for a realm defending itself, the
    champion type it defends as), the realm fought over (``at_realm``) and the names of the
    cards in play anywhere (``card_in_play``, computed only when a condition asks), the world
    of the realm fought over (``realm_not_worlds``) and whether it has a holding
    (``realm_holding``), and the names of the cards in the side's own pool (``in_own_pool``,
    computed only when a condition asks)."""

    vs: Opponent
    own: Opponent = field(default_factory=lambda: NO_OPPONENT)
    realm_name: str = ""
    names_in_play: Callable[[], tuple[str, ...]] | None = None
    realm_world: int | None = None
    own_pool: Callable[[], tuple[str, ...]] | None = None
    realm_holding: bool | None = None
    own_champions: Callable[[], tuple[frozenset[int], ...]] | None = None
    """(``with_own_champions``, issue 13) the attribute sets of the side's champions in play,
    computed only when a condition asks."""
    realm_attributes: frozenset[int] = frozenset()
    """(``realm_attributes``, issue 13) the attribute ids of the realm fought over."""


def holds(cond: Condition, attacking: bool, ctx: Ctx | Opponent) -> bool:
    """Whether ``cond`` holds for a card of the side that is ``attacking`` (or defending).

    An :class:`Opponent` alone is a context that knows only the opposing champion: a condition
    on anything else then fails (``Condition.holds``: what the engine cannot tell never
    applies a narrower effect)."""
    if cond is ALWAYS or cond == ALWAYS:
        return True
    if isinstance(ctx, Opponent):
        ctx = Ctx(ctx)
    vs, own = ctx.vs, ctx.own
    names: tuple[str, ...] = ()
    if cond.card_in_play and ctx.names_in_play is not None:
        names = ctx.names_in_play()
    pool: tuple[str, ...] = ()
    if cond.in_own_pool and ctx.own_pool is not None:
        pool = ctx.own_pool()
    champions: tuple[frozenset[int], ...] = ()
    if cond.with_own_champions and ctx.own_champions is not None:
        champions = ctx.own_champions()
    return cond.holds(attacking=attacking, vs_type=vs.type, vs_attributes=vs.attributes,
                      vs_world=vs.world, self_type=own.type, self_attributes=own.attributes,
                      self_world=own.world, realm_name=ctx.realm_name, names_in_play=names,
                      realm_world=ctx.realm_world, own_pool=pool,
                      realm_holding=ctx.realm_holding, own_champions=champions,
                      self_level=own.level, vs_level=vs.level,
                      realm_attributes=ctx.realm_attributes, self_name=own.name)


def champion_uses(champion: Facts | None, self_defense_type: int | None, attacking: bool,
                  grants: Iterable[Facts], opponent: Ctx | Opponent,
                  carried: Iterable[Facts] = ()) -> frozenset[str]:
    """The "uses" codes of a side's champion (RULES.md §1 "Combat").

    ``champion`` is ``None`` for a realm defending itself: it takes allies (and the codes of the
    champion type it defends as, [decided]) but no items or artifacts. ``grants`` are the
    realm and holding of a defender ("any champion can use wizard spells when defending");
    ``carried`` the champion's magical items and artifact ("any champion with the item can cast
    wizard spells", issue 13).
    """
    codes: set[str] = set()
    if champion is None:
        codes.add("1")
        if self_defense_type is not None:
            codes |= TYPE_USES.get(CardType(self_defense_type), frozenset())
    else:
        codes |= EVERY_CHAMPION_USES
        codes |= TYPE_USES.get(champion.type, frozenset())
        # casts_named_only (Elemental Cleric, c4th3b): those printed codes open named cards
        # only (legal.named_codes).
        codes |= champion.card.uses - {u for e in champion.get(EffectKind.CASTS_NAMED_ONLY)
                                       for u in e.uses}
        for f in (champion, *carried):
            for e in f.get(EffectKind.MAY_USE):
                if holds(e.condition, attacking, opponent):
                    codes.update(e.uses)
    if not attacking:
        for g in grants:
            for e in g.get(EffectKind.MAY_USE):
                if holds(e.condition, attacking, opponent):
                    codes.update(e.uses)
    return frozenset(codes)


def stays_in_pool(champion: Facts) -> bool:
    """``stays_in_pool`` (Chernevik: "he can employ his Iron Will blood ability to resist being
    removed from his pool for any reason"; issue 13, c4th3b): no other card's power takes the
    champion out of its pool (read where powers discard pool champions or pick one to fight)."""
    return champion.has(EffectKind.STAYS_IN_POOL)


def holding_fits(holding: Facts, realm: Facts) -> bool:
    """A holding goes on a realm of its world, or either of no world, AD&D or TSR (RULES.md §1
    "Table"); a realm with ``any_holding`` ("any holding can be attached to Euripis"; issue 13
    audit 4) takes a holding of any world."""
    hw, rw = holding.card.world, realm.card.world
    return hw in ANY_WORLD or rw in ANY_WORLD or hw == rw or realm.has(EffectKind.ANY_HOLDING)


def artifact_fits(artifact: Facts, champion: Facts, attached: Iterable[Facts]) -> bool:
    """One artifact per champion, of the champion's world (RULES.md §1 "Table": pool); a
    champion carrying an ``any_artifacts`` card (Ego Coin: "can have any number of attached
    artifacts, and of any world") takes any artifact; one with ``adnd_artifacts`` (the Ettin)
    up to its ``count``, all of them AD&D artifacts."""
    attached = list(attached)
    if any(a.has(EffectKind.ANY_ARTIFACTS) for a in attached):
        return True
    carried = [a for a in attached if a.type == CardType.ARTIFACT]
    if carried:
        # adnd_artifacts (the Ettin: "may have two AD&D artifacts attached to him"; c4th3b)
        return all(a.card.world == World.ADND for a in (artifact, *carried)) and any(
            e.count > len(carried) for e in champion.get(EffectKind.ADND_ARTIFACTS))
    aw, cw = artifact.card.world, champion.card.world
    return aw in ANY_WORLD or cw in ANY_WORLD or aw == cw


def carries(item: Facts, champion: Facts, attached: Iterable[Facts]) -> bool:
    """Whether ``champion`` (carrying ``attached``) may take the magical item or artifact
    ``item``: ``carried_only_by`` ("usable only by clerics": a champion of those types or with
    one of those attributes; issue 13, 4th Edition), ``usable_only_by`` (a champion of those
    types or with one of those attributes: "usable only by wizards"; issue 13, the booster
    sets), and for an artifact :func:`artifact_fits`."""
    for e in item.get(EffectKind.CARRIED_ONLY_BY):
        if e.card_types and int(champion.type) not in e.card_types:
            return False
        if e.attributes and not champion.card.attributes.intersection(e.attributes):
            return False
    for e in item.get(EffectKind.USABLE_ONLY_BY):  # either one (issue 13, booster sets)
        if int(champion.type) not in e.card_types and not (
                champion.card.attributes & set(e.attributes)):
            return False
    return item.type != CardType.ARTIFACT or artifact_fits(item, champion, attached)


def opponent_of(champion: Facts | None, self_defense_type: int | None,
                self_defense_attributes: frozenset[int] = frozenset()) -> Opponent:
    """The :class:`Opponent` facts a condition of the other side reads (a realm defending
    itself: the type and attributes it defends as)."""
    if champion is None:
        if self_defense_type is None and not self_defense_attributes:
            return NO_OPPONENT
        # Valachan (RL): "a level 5 undead champion (vampire)": of no type, with attributes.
        return Opponent(self_defense_type, self_defense_attributes, None)
    return champion.as_opponent

