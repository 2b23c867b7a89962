"""The phrase compiler: CrossFire card text to the effect vocabulary (issue 4, RULES.md §1).

:func:`compile_card` reads one CrossFire record and returns its power as :class:`Effect` values and
how far that power is modelled (:class:`Power`):

1. The (Off)/(Def) mark and its phase digits (``(Off/3/4)``) are taken out of the text (and the
   blueline); the mark becomes :attr:`Card.mark`, the digits :attr:`Card.mark_phases`.
2. The rest is cut into sentences, then into clauses at ``;``. Sentence rules run first (a few
   powers span two clauses), then clause rules. Each rule is a regular expression over the
   lower-cased clause with a small function building the effects.
3. A clause is *modelled* (effects, or a restatement of what the card's facts already say:
   "Flyer.", "Undead.", a spell's "adds 2 levels" that is its bonus), *not combat* (drawing cards,
   looking at hands, rebuilding realms, powers used at the start of a turn: they never change a
   battle), or *not understood*.

The card is ``Power.NONE`` when every clause is not combat (or there is no text: the card plays
with its level or bonus alone), ``Power.MODELLED`` when every clause is modelled or not combat and
at least one is modelled, and ``Power.UNMODELLED`` as soon as one clause is not understood; the
effects of the clauses that were understood are still returned. The compiler never guesses: a
power it cannot read is reported, and ``combatzoo cards coverage`` lists the card.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from . import phrases_c4th5a  # noqa: F401  (issue 13, c4th5a: registers its outside phrases)
from .cards import CHAMPION_TYPES, Card, CardType, LevelField, Mark, Power, World, parse_level
from .crossfire import Record
from .effects import OUTSIDE_KINDS, Condition, Effect, EffectKind, When
from .outside import read_outside

K = EffectKind

_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
            "eight": 8, "nine": 9, "ten": 10, "a": 1, "an": 1}
NUM = r"(\d+|one|two|three|four|five|six|seven|eight|nine|ten)"

#: Words for champion types in card text -> CrossFire type codes.
_TYPE_WORDS: dict[str, int] = {
    "hero": 7, "heroes": 7, "wizard": 20, "wizards": 20, "cleric": 5, "clerics": 5,
    "monster": 10, "monsters": 10, "psionicist": 12, "psionicists": 12, "thief": 16,
    "thieves": 16, "regent": 14, "regents": 14, "spellcaster": 20,
}
#: Words for attributes -> CrossFire attribute ids (RULES.md §1 "Card data").
_ATTRIBUTE_WORDS: dict[str, int] = {
    "dragon": 8, "dragons": 8, "undead": 40, "elf": 14, "elves": 14, "dwarf": 12, "dwarves": 12,
    "flyer": 16, "flyers": 16, "swimmer": 37, "swimmers": 37, "earthwalker": 13,
    "earthwalkers": 13, "vampire": 43, "vampires": 43, "gnome": 18, "gnomes": 18,
    "halfling": 21, "halflings": 21, "orc": 28, "orcs": 28, "giant": 17, "giants": 17,
    "kender": 24, "drow": 10, "draconian": 7, "draconians": 7, "half-elf": 20, "half-elves": 20,
    "golem": 19, "golems": 19, "beholder": 3, "beholders": 3, "were-creature": 45,
    "were-creatures": 45, "werebeast": 45, "werebeasts": 45, "kobold": 25, "kobolds": 25,
    "werecreature": 45, "werecreatures": 45, "awnshegh": 2, "awnsheghs": 2,
    "awnswegh": 2,  # sic, Kaeriaen Whiteheart (BR)
}
_MOVEMENT_WORDS: dict[str, str] = {"flyer": "flyer", "flyers": "flyer", "swimmer": "swimmer",
                                   "swimmers": "swimmer", "earthwalker": "earthwalker",
                                   "earthwalkers": "earthwalker"}
_WORLD_WORDS: dict[str, int] = {
    "forgotten realms": World.FORGOTTEN_REALMS, "greyhawk": World.GREYHAWK,
    "ravenloft": World.RAVENLOFT, "dark sun": World.DARK_SUN, "dragonlance": World.DRAGONLANCE,
    "birthright": World.BIRTHRIGHT, "ad&d": World.ADND,
}
#: Card-kind words -> CrossFire type codes (for immunities).
_CARD_KIND_WORDS: dict[str, tuple[int, ...]] = {
    "spells": (CardType.WIZARD_SPELL, CardType.CLERIC_SPELL),
    "wizard spells": (CardType.WIZARD_SPELL,), "cleric spells": (CardType.CLERIC_SPELL,),
    "events": (CardType.EVENT,), "magical items": (CardType.MAGICAL_ITEM,),
    "artifacts": (CardType.ARTIFACT,), "psionic powers": (CardType.PSIONIC_POWER,),
    "psionics": (CardType.PSIONIC_POWER,), "blood abilities": (CardType.BLOOD_ABILITY,),
    "thief skills": (CardType.THIEF_ABILITY,), "unarmed combat": (CardType.UNARMED_COMBAT,),
    "allies": (CardType.ALLY,),
}
_SPELL_USES: dict[str, tuple[str, ...]] = {
    "wizard": ("d19", "o19"), "cleric": ("d4", "o4"), "psionic": ("d11", "o11"),
}

#: Issue 13 (cboost): the community sets write "(Off 3/4)", with no slash before the first digit.
_MARK_RE = re.compile(r"\(\s*(Off|Def)\s*((?:/?\s*\d\s*)*)\)", re.IGNORECASE)
_SIDE_RE = re.compile(r"\((?:Harmful|Helpful)\)", re.IGNORECASE)
_REALMLIKE = (CardType.REALM, CardType.HOLDING)


def number(word: str) -> int:
    """``"3"`` or ``"three"`` -> 3."""
    return int(word) if word.isdigit() else _NUMBERS[word.lower()]


# --------------------------------------------------------------------------------------------
# Marks


def parse_mark(text: str, blueline: str = "") -> tuple[Mark | None, tuple[int, ...]]:
    """The (Off)/(Def) mark and its phase digits: ``"(Off/3/4)"`` -> ``(Mark.OFF, (3, 4))``."""
    for source in (text, blueline):
        m = _MARK_RE.search(source)
        if m:
            mark = Mark.OFF if m.group(1).lower() == "off" else Mark.DEF
            phases = tuple(int(d) for d in re.findall(r"\d", m.group(2)))
            return mark, phases
    return None, ()


# --------------------------------------------------------------------------------------------
# Rules


@dataclass
class _Ctx:
    """What rules may read about the card besides the clause."""

    record: Record
    level: LevelField

    @property
    def realmlike(self) -> bool:
        return self.record.type in _REALMLIKE

    @property
    def uses(self) -> tuple[str, ...]:
        return self.record.uses


_MODELLED_NO_EFFECT: tuple[Effect, ...] = ()
_PLAYER_WIDE = "player"
"""The mark of a holding's effect acting in every battle of its player (3rd Edition)."""
_NOT_COMBAT = "not combat"

Rule = Callable[[re.Match[str], _Ctx], "tuple[Effect, ...] | str | None"]
_CLAUSE_RULES: list[tuple[re.Pattern[str], Rule]] = []
_SENTENCE_RULES: list[tuple[re.Pattern[str], Rule]] = []


def _rule(pattern: str, *, sentence: bool = False) -> Callable[[Rule], Rule]:
    def deco(fn: Rule) -> Rule:
        table = _SENTENCE_RULES if sentence else _CLAUSE_RULES
        table.append((re.compile(pattern), fn))
        return fn
    return deco


def _words(phrase: str) -> list[str]:
    parts = re.split(r",\s*(?:and |or )?|\s+and/or\s+|\s+or\s+|\s+and\s+", phrase.strip())
    return [re.sub(r"^(?:a|an|the|any|all)\s+", "", p.strip()) for p in parts if p.strip()]


def _targets(phrase: str) -> tuple[tuple[int, ...], tuple[int, ...], tuple[str, ...]] | None:
    """"monsters, undead, or flyers" -> (types, attributes, movements); None if a word is unknown.
    """
    types: list[int] = []
    attrs: list[int] = []
    moves: list[str] = []
    for w in _words(phrase):
        w = re.sub(r"\s+champions?$", "", w)
        if w in _TYPE_WORDS:
            types.append(_TYPE_WORDS[w])
        elif w in _MOVEMENT_WORDS:
            moves.append(_MOVEMENT_WORDS[w])
        elif w in _ATTRIBUTE_WORDS:
            attrs.append(_ATTRIBUTE_WORDS[w])
        else:
            return None
    return tuple(types), tuple(attrs), tuple(moves)


def _vs_conditions(phrase: str, when: When = When.ALWAYS) -> list[Condition] | None:
    """Conditions "against X or Y": one per type group / attribute group (a list is OR)."""
    t = _targets(phrase)
    if t is None:
        return None
    types, attrs, moves = t
    out: list[Condition] = []
    if types:
        out.append(Condition(when=when, vs_types=types))
    if attrs or moves:
        ids = attrs + tuple(_ATTRIBUTE_WORDS[m + "s"] for m in moves)
        out.append(Condition(when=when, vs_attributes=ids))
    return out or None


_TAIL_WHEN = {"attacking": When.ATTACKING, "defending": When.DEFENDING}


def _tail_conditions(tail: str, ctx: _Ctx) -> list[Condition] | None:
    """The condition phrase after a power ("when defending", "when fighting a monster")."""
    tail = tail.strip().strip(",").strip()
    tail = re.sub(r"\s*(?:this round|for one round of battle|in this battle|for this battle|"
                  r"this battle)$", "", tail)
    if tail in ("", "in battle", "in combat"):
        return [Condition()]
    m = re.fullmatch(r"when (?:defending or attacking|attacking or defending) (.+)", tail)
    if m:
        realm = _realm_name(m.group(1))
        return None if realm is None else [Condition(at_realm=(realm,))]
    m = re.fullmatch(r"(?:when|while|if) (attacking|defending)(?: (.+))?", tail)
    if m:
        when = _TAIL_WHEN[m.group(1)]
        place = (m.group(2) or "").strip()
        if place in ("", "a realm", "the attached realm", "this realm", "its realm") or (
                ctx.realmlike and _names_self(place, ctx)):
            return [Condition(when=when)]
        realm = _realm_name(place)
        if realm is None:
            return None
        return [Condition(when=when, at_realm=(realm,))]
    m = re.fullmatch(r"when (?:defending or attacking|attacking or defending) (.+)", tail)
    if m:
        realm = _realm_name(m.group(1))
        return None if realm is None else [Condition(at_realm=(realm,))]
    m = re.fullmatch(r"(?:when fighting|against|vs\.?|when the opposing champion is|"
                     r"if the opposing champion is|when facing) (.+)", tail)
    if m:
        return _vs_conditions(m.group(1))
    return None


def _names_self(place: str, ctx: _Ctx) -> bool:
    name = ctx.record.name.lower()
    place = re.sub(r"^the ", "", place)
    return bool(place) and (place in name or name.endswith(place) or place.split()[0] in name)


def _realm_name(place: str) -> str | None:
    """"the great rift" -> "Great Rift"; an unknown kind of place ("a realm with ...") -> None."""
    place = re.sub(r"^(?:the )", "", place.strip())
    if not place or re.search(r"\b(?:realm|realms|with|any|attached|holding)\b", place):
        return None
    return place.title() if place.islower() else place


def _subject(subj: str, ctx: _Ctx) -> tuple[bool, bool, Condition] | None:
    """Who gains: (champion?, allies?, the condition the subject implies) or None if unknown.

    Realms and holdings speak of their defenders ("any defending monster", "all champions and
    allies who defend Impiltur", "each defender of the attached realm"); other cards of
    themselves ("Bruenor", "the attached champion") or their allies ("all allies of King Azoun").
    """
    s = subj.strip().lower()
    s = re.sub(r"^(?:any|all|each|every|a|an|the|this)\s+", "", s)
    if _unexpressible_subject(s, ctx):
        return None
    champ, allies = True, False
    when = When.ALWAYS
    self_types: tuple[int, ...] = ()
    self_worlds: tuple[int, ...] = ()
    if re.search(r"\ballies\b|\bally\b", s):
        allies = True
        # "this champion's allies": the allies only (audit 2: Prayer raised its champion).
        champ = bool(re.search(r"champions?(?!'s)\b.*\ballies\b|\bchampion and\b|"
                               r"\bchampion or ally\b|"
                               r"\bchampions? and (?:its |his |all )?all", s)) or (
            "and allies" in s or "and ally" in s or "and each of its allies" in s
            or "and all" in s and "allies" in s)
    if re.search(r"\bdefend", s):
        when = When.DEFENDING
    elif re.search(r"\battack", s):
        when = When.ATTACKING
    for word, code in _TYPE_WORDS.items():
        if re.search(rf"\b{word}\b", s) and not re.search(rf"of (?:a|an) \w+ {word}", s):
            self_types = tuple(sorted(set(self_types) | {code}))
    for word, code in _WORLD_WORDS.items():
        if word in s:
            self_worlds = (int(code),)
    own_name = set(re.findall(r"[\w'-]+", ctx.record.name.lower()))
    self_attrs = tuple(sorted({code for word, code in _SUBJECT_ATTRIBUTE_WORDS.items()
                               if re.search(rf"(?<![\w-]){re.escape(word)}(?![\w-])", s)
                               and word not in own_name}))
    if ctx.realmlike:
        when = When.DEFENDING
        if allies and re.search(r"allies of (?:a|an) (?:defending )?(\w+)", s):
            m = re.search(r"allies of (?:a|an) (?:defending )?(\w+)", s)
            assert m is not None
            ally_of = _TYPE_WORDS.get(m.group(1))
            if ally_of is None:
                return None
            self_types = (ally_of,)
    else:
        if self_types and not allies and not re.search(
                r"attached|with th|holds?|carries", s):
            # "Any defending monster" on a champion card would be odd: not this card.
            if ctx.record.type not in (CardType.EVENT, CardType.WIZARD_SPELL,
                                       CardType.CLERIC_SPELL, CardType.MAGICAL_ITEM,
                                       CardType.ARTIFACT):
                self_types = ()
    return champ, allies, Condition(when=when, self_types=self_types, self_worlds=self_worlds,
                                    self_attributes=self_attrs)


#: Issue 13 (audit 3): a subject names a movement by its adjective too ("swimming champions
#: and allies gain 2 levels", Throne of the Seas): the movement's attribute id, which the engine
#: also gives a card that gains the movement in the round (``facts.moving``). Before, the word
#: was not read and every champion and ally gained.
_SUBJECT_ATTRIBUTE_WORDS: dict[str, int] = {
    **_ATTRIBUTE_WORDS, "flying": 16, "swimming": 37, "earthwalking": 13}


def _unexpressible_subject(s: str, ctx: _Ctx) -> bool:
    """A subject the vocabulary cannot name: items gaining levels, "every Dark Sun realm"; and
    (issue 13 audit) "any Greyhawk realm" (the realm's world, not the champion's: Bulwark),
    "champions of this player" on a realm (attacking too; a realm's power acts only in its
    defense: Greyhawk Ruins)."""
    if re.search(r"magical items|artifacts|\brealms? held\b|\bevery .* realm", s):
        return True
    if re.search(r"\bnon-?(?:flying|swimming|earthwalking|flyers?|swimmers?)\b", s):
        return True  # "all non-swimming champions and allies" (audit 3): a negated movement
    if re.search(r"\bplayed after\b", s):
        return True  # only the allies played after the card (Giant Space Hamster; audit 2)
    if any(re.search(rf"{re.escape(word)} realms?\b", s) for word in _WORLD_WORDS):
        return True
    return ctx.realmlike and re.search(r"\bof this player\b", s) is not None


def _merge(a: Condition, b: Condition) -> Condition:
    when = b.when if b.when is not When.ALWAYS else a.when
    return Condition(when=when, vs_types=a.vs_types or b.vs_types,
                     vs_attributes=a.vs_attributes or b.vs_attributes,
                     vs_worlds=a.vs_worlds or b.vs_worlds,
                     self_types=a.self_types or b.self_types,
                     self_worlds=a.self_worlds or b.self_worlds,
                     self_attributes=a.self_attributes or b.self_attributes,
                     at_realm=a.at_realm or b.at_realm)


# ---- restatements of facts ------------------------------------------------------------------

@_rule(r"(?:(?:flyer|undead|dragon|swimmer|earthwalker|flying)\.?\s*)+")
def _attribute_words(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return _MODELLED_NO_EFFECT  # the attributes (flyer 16, undead 40 ...) carry it


#: Race and place tags a card's text opens with ("Dwarf.", "Elf (drow).", "Underdark."): the
#: attribute ids the card carries (RULES.md §1 "Card data"), which the rules read.
_TAG_WORDS: dict[str, int] = {
    "dwarf": 12, "dwarves": 12, "elf": 14, "elves": 14, "gnome": 18, "gnomes": 18, "giant": 17,
    "giants": 17, "halfling": 21, "orc": 28, "half-elf": 20, "kender": 24, "drow": 10,
    "underdark": 42, "undead": 40, "flyer": 16, "swimmer": 37, "earthwalker": 13, "dragon": 8,
    "adventurer": 1, "awnshegh": 2, "werebeast": 45, "vampire": 43,
}


@_rule(r"(?:(?:" + "|".join(_TAG_WORDS) + r")(?: \((?:drow|vampire)\))?[;,]? ?)+")
def _tag_words(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # A restatement only when the card carries every tag as an attribute; else not understood.
    ids = {_TAG_WORDS[w] for w in re.findall(r"[a-z-]+", m.group(0))}
    return _MODELLED_NO_EFFECT if ids <= set(ctx.record.attributes) else None


@_rule(r"(?:this card )?can be played at any time|may be (?:played|cast) at any time")
def _any_time(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.PLAY_ANY_TIME),)


# ---- realms: defend as, barred attackers, hand size -----------------------------------------

@_rule(r"(?:.+? )?can defend (?:itself|themselves) as a level " + NUM +
       r" (hero|wizard|cleric|monster|champion|psionicist|thief|regent)")
def _defend_as(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    kind = m.group(2)
    ctype = _TYPE_WORDS.get(kind)
    return (Effect(K.DEFEND_AS, amount=number(m.group(1)), champion_type=ctype),)


@_rule(r"(?:(?:.+? )?immune to flyers|(?:flyers|no flyers) (?:cannot|can) attack(?: .*)?|"
       r"(?:it |this realm |the attached realm )?cannot be attacked by (?:any )?(.+?)|"
       r"(?:no )?(.+?) (?:cannot |can )?attack (?:this realm|the attached realm|the .+|.+))")
def _not_attackable(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    if not ctx.realmlike:
        return None
    text = m.group(0)
    if "only" in text or "across" in text:
        return None
    if re.search(r"attack (?:this|the attached) realm\b.", text):
        return None  # issue 13 (cboost): "..., and defending swimmers return to their pool"
    if "flyer" in text and not m.group(1) and not m.group(2):
        return (Effect(K.NOT_ATTACKABLE_BY, movement=("flyer",)),)
    who = m.group(1) or m.group(2) or ""
    if m.group(2) and not re.search(r"\bcannot\b|^no ", text):
        return None
    who = re.sub(r"^(?:any )?(?:champion or ally that is an? )", "", who.strip())
    t = _targets(who)
    if t is None:
        return None
    types, attrs, moves = t
    if "any realm" in text:
        return None  # every realm of the player (a holding's reach the gate does not read)
    out = [Effect(K.NOT_ATTACKABLE_BY, movement=moves, card_types=types, attributes=attrs)]
    if re.search(r"attack or defend", text):
        if moves or attrs:
            return None
        out.append(Effect(K.DEFENDERS_BARRED, card_types=types))
    return tuple(out)


@_rule(r"only flyers can attack (?:the attached realm|this realm|across the wall)")
def _only_flyers(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.ONLY_ATTACKABLE_BY, movement=("flyer",)),)


@_rule(r"(?:the player |owner |allows owner to |this player |this players |[\w']+'s player )?"
       r"draws? (one|an|two) extra cards? (?:per|each) turn"
       r"(?: and increases maximum hand size by " + NUM + r")?")
def _extra_draw(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Issue 13 audit 2: the whole game's phase 1 draws more (it was read as "not combat",
    # and dropped on a card counted as modelled: Tyr, Medallion of Faith).
    out: tuple[Effect, ...] = (Effect(K.EXTRA_DRAW, amount=number(m.group(1))),)
    if m.group(2):
        out += (Effect(K.HAND_SIZE, amount=number(m.group(2))),)
    return out


@_rule(r"(?:.+? )?(?:increases? (?:the )?(?:player's |owner's )?(?:maximum )?hand(?: size)? by|"
       r"(?:player's )?maximum hand (?:size )?increases by) " + NUM + r"(?: cards?)?")
def _hand_size(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.HAND_SIZE, amount=number(m.group(1))),)


# ---- may use --------------------------------------------------------------------------------

@_rule(r"(.*?)\b(?:can|may) (?:use|cast|also cast|also use)(?: both)? "
       r"((?:wi+zard|cleric|psionic)(?:,? (?:and|or) (?:wizard|cleric|psionic))*) "
       r"(?:spells|powers)(.*)|(?:allows|enables) the attached champion to (?:cast|use) "
       r"((?:wizard|cleric)(?: and (?:wizard|cleric))?) spells")
def _may_use(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    subj = m.group(1) or ""
    kinds_text = m.group(2) or m.group(4) or ""
    tail = (m.group(3) or "").strip()
    if "cannot" in subj or "without" in tail:
        return None
    if re.search(r"\b(?:becomes?|gains?|loses?)\b", subj):
        return None  # more is said before it ("becomes level 10 and can cast": audit 2)
    kinds = [k.replace("wii", "wi") for k in re.findall(r"wi+zard|cleric|psionic", kinds_text)]
    kinds = ["wizard" if k.startswith("wi") else k for k in kinds]
    if " or " in kinds_text and len(kinds) > 1 and ctx.record.type not in _REALMLIKE:
        # "can use cleric or wizard spells": read as both (the uses codes list both).
        pass
    uses: list[str] = []
    for k in kinds:
        uses.extend(_SPELL_USES[k])
    if ctx.uses:
        from_record = [u for u in ctx.uses if u in uses]
        uses = from_record or uses
    when = When.ALWAYS
    if re.search(r"defend", subj + " " + tail):
        when = When.DEFENDING
    elif re.search(r"\battacking\b", subj):
        when = When.ATTACKING  # "when attacking, he can cast cleric spells"
    tail = re.sub(r"^(?:when|while) defending.*$", "", tail).strip()
    if tail and not re.fullmatch(r"and is immune to offensive magical items", tail):
        return None
    effects = [Effect(K.MAY_USE, uses=tuple(dict.fromkeys(uses)), condition=Condition(when=when))]
    if tail:
        effects.append(Effect(K.IMMUNE_TO, card_types=(int(CardType.MAGICAL_ITEM),), mark="off"))
    return tuple(effects)


# ---- gains and losses of levels -------------------------------------------------------------

@_rule(r"(.+?) adds? " + NUM + r" levels? to (.+)")
def _adds_to(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # A holding whose champion adds levels to every defender of the realm it is attached to.
    if re.search(r"\b(?:fellow|adventurers?)\b", m.group(3)):
        return None  # "all fellow adventurers ...": a kind of card the vocabulary cannot name
    return _gain_effects(m.group(3), number(m.group(2)), "", ctx)


@_rule(r"(?:(.+?) )?(?:gains?|gain an additional|adds?) \+?" + NUM +
       r"(?: additional| extra)?(?: levels?)?(?: (?:and|but) becomes a flyer)?"
       r"(?: (.*))?")
def _gains(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    if ctx.record.type is CardType.RULE:
        return None  # a rule card's gains reach both players (c4th4: rule_world_gain)
    subj, amount, tail = m.group(1) or "", number(m.group(2)), m.group(3) or ""
    out = _gain_effects(subj, amount, tail, ctx)
    if isinstance(out, tuple) and "becomes a flyer" in m.group(0):
        out = (*out, Effect(K.GAIN_MOVEMENT, movement=("flyer",)))
    return out


def _gain_effects(subj: str, amount: int, tail: str, ctx: _Ctx
                  ) -> tuple[Effect, ...] | str | None:
    probe = re.sub(r"if the opposing champion is", "", tail + " " + subj)
    if re.search(r"\bif\b|\bfor each\b|\bper\b|\bwhen the opponent\b|\busing\b|"
                 r"\bin play\b|\buntil\b", probe):
        if not re.fullmatch(r"until the (?:end of the )?(?:current )?player's next turn", tail):
            return None
    tail = re.sub(r"until the (?:end of the )?(?:current )?player's next turn", "", tail)
    if re.fullmatch(r"when attacking, " + NUM + r" when defending", tail.strip()):
        m2 = re.fullmatch(r"when attacking, " + NUM + r" when defending", tail.strip())
        assert m2 is not None
        return (Effect(K.GAIN_LEVELS, amount=amount, condition=Condition(when=When.ATTACKING)),
                Effect(K.GAIN_LEVELS, amount=number(m2.group(1)),
                       condition=Condition(when=When.DEFENDING)))
    who = _subject(subj, ctx)
    conds = _tail_conditions(tail, ctx)
    if who is None or conds is None:
        return None
    champ, allies, scond = who
    if re.search(r"\bopponent|\benemy|\bopposing", subj):
        return None
    if re.search(r"^no |\bmay be played\b", subj):
        return None  # issue 13 (cboost): "no wizard spells may be played ..., and defending
        # wizards gain 3 levels" (Blackstaff Tower): the first part is not a subject
    if ctx.record.type is CardType.EVENT and not re.search(r"this player|player's", subj):
        return None  # "All heroes gain 5 levels": both sides, not expressed
    if _names_race_only(subj, scond, ctx):
        allies = True  # "Elves, gnomes, and halflings gain 3 levels": their allies too
    out: list[Effect] = []
    for c in conds:
        cond = _merge(scond, c)
        if champ:
            out.append(Effect(K.GAIN_LEVELS, amount=amount, condition=cond))
        if allies:
            # Issue 13 audit: "undead allies", "any dwarf (champion or ally)" name the ally's
            # own race, not the champion's (the champion's race gated every ally before).
            out.append(Effect(K.ALLIES_GAIN, amount=amount, attributes=cond.self_attributes,
                              condition=replace(cond, self_attributes=())))
    return tuple(out)


def _names_race_only(subj: str, scond: Condition, ctx: _Ctx) -> bool:
    """A realm's or holding's subject that names races or movement only ("defending undead",
    "elves, gnomes, and halflings"): champions and allies of them both gain (issue 13 audit)."""
    return ctx.realmlike and bool(scond.self_attributes) and not scond.self_types and not (
        re.search(r"\b(?:champions?|all(?:y|ies)|defenders?)\b", subj))


@_rule(r"(.+?) (?:loses?|lose) " + NUM + r" levels?(?: (.*))?")
def _loses(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    subj, amount, tail = m.group(1).lower(), number(m.group(2)), (m.group(3) or "")
    if not ctx.realmlike:
        return None
    if not re.search(r"attack", subj) or re.search(r"\bnon", subj):
        return None
    if tail and not re.fullmatch(r"for fear of .*", tail):
        return None
    cond = Condition(when=When.DEFENDING)
    # Issue 13 audit: "any dwarf (champion or ally) attacking", "any wizard attacking": only
    # attackers of that race or type lose (every attacker lost before).
    kinds = re.sub(r"\((?:champion or ally)\)|\b(?:any|all|each|who|that|attacking|attackers?|"
                   r"attacks?|the attached realm|this realm|champions?|and|allies|ally|the)\b|"
                   + re.escape(re.sub(r"^the ", "", ctx.record.name.lower())), " ", subj)
    kinds = kinds.strip(" ,")
    races: tuple[int, ...] = ()
    if kinds:
        t = _targets(kinds)
        if t is None or t[2]:
            return None
        cond = replace(cond, vs_types=t[0], vs_attributes=t[1])
        races = t[1]
    out = [Effect(K.OPPONENT_LOSES, amount=amount, condition=cond)]
    if "allies" in subj or "ally" in subj or races:
        out.append(Effect(K.OPPOSING_ALLIES_LOSE, amount=amount, attributes=races,
                          condition=Condition(when=When.DEFENDING)))
    return tuple(out)


@_rule(r"(?:the )?(.+?) (?:is|are) level " + NUM + r" (.+)|(?:the )?(.+?)'s level is " + NUM +
       r" (.+)")
def _is_level(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    target = number(m.group(2) or m.group(5))
    tail = m.group(3) or m.group(6) or ""
    base = ctx.level.level
    if base is None or target <= base:
        return None
    conds = _tail_conditions(tail, ctx)
    if conds is None:
        return None
    return tuple(Effect(K.GAIN_LEVELS, amount=target - base, condition=c) for c in conds)


@_rule(r"\+" + NUM + r" vs\.? (.+)|the bonus becomes \+" + NUM +
       r"(?: levels?)? if attached to an? (\w+)")
def _bonus_vs(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    bonus = ctx.level.bonus
    if bonus is None:
        return None
    if m.group(1):
        conds = _vs_conditions(m.group(2))
        if conds is None:
            return None
        return tuple(Effect(K.GAIN_LEVELS, amount=number(m.group(1)) - bonus, condition=c)
                     for c in conds)
    code = _TYPE_WORDS.get(m.group(4))
    if code is None:
        return None
    return (Effect(K.GAIN_LEVELS, amount=number(m.group(3)) - bonus,
                   condition=Condition(self_types=(code,))),)


@_rule(r"(?:cast on (?:an? )?opposing champion to )?reduces? its level by " + NUM +
       r"|adds " + NUM + r" levels? to a single defender")
def _restated_bonus(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    bonus = ctx.level.bonus
    value = number(m.group(1) or m.group(2))
    if bonus is None or abs(bonus) != value:
        return None
    if bonus < 0:
        # Spell of Formless Horror ("-3"): the opposing champion loses the 3 levels, not the
        # caster's side, which a printed bonus goes to (issue 13, first_a: bonus_in_power).
        if not m.group(0).startswith("cast on"):
            return None
        return (Effect(K.OPPONENT_LOSES, amount=value), Effect(K.BONUS_IN_POWER))
    return _MODELLED_NO_EFFECT  # the card's bonus is this number


# ---- doubling --------------------------------------------------------------------------------

@_rule(r"double the level of (?:a|an|the) (defending |attacking )?(.+?) champion")
def _double_the_level(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    when = _TAIL_WHEN.get((m.group(1) or "").strip(), When.ALWAYS)
    if ctx.realmlike:
        when = When.DEFENDING
    what = m.group(2).strip()
    world = _WORLD_WORDS.get(what)
    if world is not None:
        return (Effect(K.DOUBLE_LEVEL, condition=Condition(when=when, self_worlds=(int(world),))),)
    code = _TYPE_WORDS.get(what)
    if code is None:
        return None
    return (Effect(K.DOUBLE_LEVEL, condition=Condition(when=when, self_types=(code,))),)


@_rule(r"[a-z' -]+?'s level is doubled(?: (.+))?")  # a name: a leading condition is not lost
def _level_doubled(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    conds = _tail_conditions(m.group(1) or "", ctx)
    if conds is None:
        return None
    return tuple(Effect(K.DOUBLE_LEVEL, condition=c) for c in conds)


@_rule(r"(?:all )?(undead )?allies of this player are doubled in level(?:, whether attacking "
       r"or defending)?|(when defending, )?the levels of his allies are doubled")
def _allies_doubled(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    attrs = (40,) if m.group(1) else ()
    when = When.DEFENDING if m.group(2) else When.ALWAYS
    # Arms of the Great Kingdom (a holding): "whether attacking or defending" is every battle
    # of its player, not only at its realm (the mark "player", added by the 3rd Edition
    # helper, c3rd; it acted only in defence of the attached realm before).
    wide = _PLAYER_WIDE if ctx.record.type is CardType.HOLDING and "whether" in m.group(0) else ""
    return (Effect(K.DOUBLE_ALLIES, attributes=attrs, condition=Condition(when=when),
                   mark=wide),)


@_rule(r"this player's champion and allies are doubled in levels?(?: for one round of battle)?")
def _all_doubled(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.DOUBLE_LEVEL), Effect(K.DOUBLE_ALLIES))


# ---- immunities -----------------------------------------------------------------------------

_IMMUNE_LIST = (r"((?:(?:all |opponents' |offensive |enemy |any )*(?:wizard and cleric |"
                r"wizard |cleric )?(?:spells|events|magical items|artifacts|psionic powers|"
                r"psionics|blood abilities)(?:,? (?:and |or )?)?)+)")


def _immunities(phrase: str) -> tuple[Effect, ...] | None:
    phrase = phrase.strip().rstrip(",")
    out: list[Effect] = []
    # "all offensive spells and magical items": "offensive" reads on both (audit 2: Adam).
    offensive_all = re.sub(r"^(?:all |any )+", "", phrase).startswith("offensive ")
    for part in _words(phrase):
        part = part.strip()
        offensive = offensive_all or "offensive" in part
        part = re.sub(r"^(?:all |opponents' |offensive |enemy |any )+", "", part)
        if part == "wizard":  # "offensive wizard and cleric spells" split at "and"
            part = "wizard spells"
        if part == "spells" and offensive:
            out.append(Effect(K.IMMUNE_OFFENSIVE_SPELLS))
            continue
        kinds = _CARD_KIND_WORDS.get(part)
        if kinds is None:
            return None
        out.append(Effect(K.IMMUNE_TO, card_types=tuple(int(k) for k in kinds),
                          mark="off" if offensive else ""))
    return tuple(out) or None


@_rule(r"(?:(.+?) )?(?:is |are )?immune to " + _IMMUNE_LIST +
       r"(?: and (?:is |are )?immune to " + _IMMUNE_LIST + r")?")
def _immune(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    prefix = (m.group(1) or "").lower()
    own_name = set(re.findall(r"[\w'-]+", ctx.record.name.lower()))
    words = set(re.findall(r"[\w'-]+", prefix)) - own_name
    if (re.search(r"\b(?:attack\w*|only|can|cannot|gains?|loses?|destroy\w*|friendly|"
                  r"realms|if|when|while|pool|joined)\b|all cards", prefix)
            or words & (set(_ATTRIBUTE_WORDS) | set(_TYPE_WORDS) | {"defend", "who"})):
        return None  # the immunity belongs to someone we cannot name, or more is said
    if ctx.record.type is CardType.ALLY and "champion" not in prefix:
        return None  # the ally's own immunity (issue 13 audit: it made the champion immune)
    out: list[Effect] = []
    for g in (m.group(2), m.group(3)):
        if g:
            eff = _immunities(g)
            if eff is None:
                return None
            out.extend(eff)
    if "player's champions" in prefix:
        # Every champion of the player, wherever the card is in play (issue 13 audit: only
        # the one carrying the artifact was immune; audit 2: champions_immune).
        if re.sub(r"^(?:all of )?this player's champions$", "", prefix.strip()):
            return None
        return tuple(_champions_immune(e) for e in out)
    return tuple(out)


def _champions_immune(e: Effect) -> Effect:
    """``immune_to`` / ``immune_offensive_spells`` as ``champions_immune``."""
    if e.kind is K.IMMUNE_OFFENSIVE_SPELLS:
        return Effect(K.CHAMPIONS_IMMUNE, condition=e.condition)
    return Effect(K.CHAMPIONS_IMMUNE, card_types=e.card_types, mark=e.mark,
                  condition=e.condition)


@_rule(r"(?:.+? )?(?:gives? (?:her|him|it) complete immunity against|"
       r"opponents'|offensive) ?(spells and magical items|magical items and spells|"
       r"magical items|spells) (?:have|has) no (?:effect|affect)(?: against .*)?|"
       r"(?:.+?) complete immunity against (magical items)")
def _no_effect(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    what = m.group(1) or m.group(2) or ""
    offensive = "offensive" in m.group(0)
    out: list[Effect] = []
    if "spells" in what:
        out.append(Effect(K.IMMUNE_OFFENSIVE_SPELLS) if offensive else
                   Effect(K.IMMUNE_TO, card_types=(int(CardType.WIZARD_SPELL),
                                                   int(CardType.CLERIC_SPELL))))
    if "magical items" in what:
        out.append(Effect(K.IMMUNE_TO, card_types=(int(CardType.MAGICAL_ITEM),),
                          mark="off" if offensive else ""))
    return tuple(out)


@_rule(r"(?:this creature is so magic-resistant that )?magical items and spells have no "
       r"effect against it")
def _magic_resistant(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.IMMUNE_TO, card_types=(int(CardType.MAGICAL_ITEM),
                                            int(CardType.WIZARD_SPELL),
                                            int(CardType.CLERIC_SPELL))),)


@_rule(r"only artifacts can hurt it|opponents' magical items have no effect")
def _restated_immunity(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return _MODELLED_NO_EFFECT  # the sentence before says it


# ---- destroying -----------------------------------------------------------------------------

@_rule(r"(?:.+? )?(?:immediately |instantly )?destroys? (?:immediately )?(?:an|one) opposing "
       r"champion of (?:base )?level " + NUM + r" or less")
def _destroy_champion(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.DESTROY_CHAMPION, amount=number(m.group(1))),)


@_rule(r"(?:kills|destroys) any one champion or ally (?:of the caster's choosing )?of level " +
       NUM + r" or less")
def _kill_one(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The caster picks a champion or an ally; modelled as the champion (the stronger use).
    return (Effect(K.DESTROY_CHAMPION, amount=number(m.group(1))),)


@_rule(r"(?:.+? )?(?:destroys?|kills?|eliminates?) (?:immediately )?(?:all|any) "
       r"(?:opposing |enemy )?allies of level " + NUM + r" or less(?: already in play)?|"
       r"(?:.+? )?destroys? (?:immediately )?all opposing allies of level " + NUM +
       r" or less|(?:the illithid )?immediately destroys all opposing allies of level " + NUM +
       r" or less")
def _destroy_allies_upto(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    n = m.group(1) or m.group(2) or m.group(3)
    if "opposing" not in m.group(0) and "enemy" not in m.group(0) and \
            ctx.record.type is CardType.EVENT:
        return None
    return (Effect(K.DESTROY_ALLIES, amount=number(n)),)


@_rule(r"(?:.+? )?(?:eliminates|destroys?) up to " + NUM + r" opposing allies of level "
       r"(?:1 or )?" + NUM + r"(?: or less)?(?:, chosen by the caster)?")
def _destroy_up_to(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.DESTROY_ALLIES, amount=number(m.group(2)), count=number(m.group(1))),)


@_rule(r"(?:.+? )?(?:can )?(?:psionically |instantly )?(?:destroy|destroys|eliminate) "
       r"(?:any )?" + NUM + r" (?:opposing |enemy )?all(?:y|ies)(?: played against it)?"
       r"(?: at any point)?(?: during (?:a|the) round(?: of battle)?| in a round of battle)?"
       r"(?:, chosen by this card's player)?")
def _destroy_n_allies(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    if ctx.record.type is CardType.EVENT:
        return None
    return (Effect(K.DESTROY_ALLIES, count=number(m.group(1))),)


@_rule(r"(?:the )?opponent loses one ally of the caster's choice(?:, chosen immediately)?|"
       r"one opposing ally of level (?:1 or )?" + NUM + r"(?: or less)?, chosen by this player, "
       r"is discarded|the first enemy ally played against the \w+ in each battle is discarded "
       r"immediately")
def _one_ally(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    amount = number(m.group(1)) if m.group(1) else 0
    return (Effect(K.DESTROY_ALLIES, amount=amount, count=1),)


@_rule(r"(?:.+? )?(?:kills|destroys) any opposing (.+?) in the battle automatically|"
       r"destroys one (monster) of the caster's choice")
def _kill_kind(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    conds = _vs_conditions(m.group(1) or m.group(2))
    if conds is None:
        return None
    return tuple(Effect(K.DESTROY_CHAMPION, condition=c) for c in conds)


# ---- allies barred --------------------------------------------------------------------------

@_rule(r"(?:enemy allies cannot be used against (?:this|the) .+|"
       r"the opponent cannot use allies(?: for defense or offense)?|"
       r"this champion's opponent cannot play allies|"
       r"no allies of level " + NUM + r" or less can be played against .+|"
       r"(?:opposing )?allies of level " + NUM + r" or less cannot be played(?: against .+)?|"
       r"allies cannot be (?:used|played) (?:when attacking this realm|to attack .+)|"
       r".+? prevents any (undead) allies from being played against (?:her|him|it)|"
       r"no (flyers) can be played against (?:her|him|it))")
def _allies_barred(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    text = m.group(0)
    if ("attack" in text and "when attacking this realm" not in text
            and "to attack" not in text):
        pass
    if ("when attacking this realm" in text or "to attack" in text) and not ctx.realmlike:
        return None
    n = m.group(1) or m.group(2)
    attr = m.group(3) or m.group(4)
    return (Effect(K.ALLIES_BARRED, amount=number(n) if n else 0,
                   attributes=(_ATTRIBUTE_WORDS[attr],) if attr else ()),)


@_rule(r"no allies can be played to aid (?:him|her|it)|(?:.+? )?but is excessively proud")
def _own_allies_barred(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    if "proud" in m.group(0):
        return _MODELLED_NO_EFFECT
    return (Effect(K.OWN_ALLIES_BARRED),)


# ---- winning and losing outright, twice, again ------------------------------------------------

@_rule(r"(?:.+? )?(?:wins the round automatically if the opposing champion is an? (.+)|"
       r"automatically defeats (?:any |an? )?(.+?)(?: played against (?:him|her|it))?|"
       r"defeats an? (.+?) automatically)")
def _auto_win(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    conds = _vs_conditions(m.group(1) or m.group(2) or m.group(3))
    if conds is None:
        return None
    return tuple(Effect(K.WIN_ROUND, condition=c) for c in conds)


@_rule(r"(?:but )?(?:it )?(?:is )?(?:automatically|instantly) defeated by an? (.+?)(?: champion)?")
def _auto_lose(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    conds = _vs_conditions(m.group(1))
    if conds is None:
        return None
    return tuple(Effect(K.LOSE_ROUND, condition=c) for c in conds)


@_rule(r"an opposing monster returns to its pool; the caster wins this round of battle",
       sentence=True)
def _charm_monster(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Issue 13 audit: as ``win_round`` alone the charmed monster was discarded, not returned to
    # its pool; with ``opponent_escapes`` (added since, for Protection) it returns (3rd Edition
    # helper, c3rd).
    cond = Condition(vs_types=(int(CardType.MONSTER),))
    return (Effect(K.WIN_ROUND, condition=cond), Effect(K.OPPONENT_ESCAPES, condition=cond))


@_rule(r"(when defending, |if defending(?: a realm)?, )?(?:[a-z' -]+? )?(?:regenerate and )?must "
       r"be defeated twice"
       r"(?: in one battle)?( while defending)?"
       r"(?: before (?:he|she|it) is discarded| before being discarded| to be razed| in order "
       r"to be razed| in one turn before being razed)?")
def _twice(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    if ctx.record.type is CardType.REALM:
        return None if m.group(2) else (Effect(K.DEFEAT_TWICE),)
    when = When.DEFENDING if m.group(1) or m.group(2) else When.ALWAYS
    return (Effect(K.DEFEAT_TWICE_CHAMPION, condition=Condition(when=when)),)


@_rule(r"(?:.+? )?can attack twice(?: (?:per|each) turn)?|"
       r"if he wins his first round, he can attack again(?: with new allies)?")
def _attack_again(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.ATTACK_AGAIN),)


# ---- spells that cancel, movement -----------------------------------------------------------

@_rule(r"cancels the effect of any spell|(?:a champion with this rod )?can cancel one "
       r"(?:magic )?spell(?: when attacking or defending)?")
def _cancel(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.CANCEL_SPELL),)


@_rule(r"(?:the )?(?:attached )?champion(?: and all (?:his )?allies)?(?: this round)? "
       r"(?:becomes? (?:a )?flyers?|are treated as flyers|become flyers)(?: for this battle)?|"
       r"one champion or ally becomes a flyer|"
       r"the attached champion and all its allies are all considered flyers|"
       r"the champion and his allies are considered flyers for this round of battle|"
       r"all allies can also fly|"
       r"(?:the )?champion with this chest can fly")
def _fly(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Issue 13 audit 2: "and all allies" makes the side's allies flyers too (an effect for the
    # allies only: ``card_types`` the ally type). "One champion or ally" / "one champion or
    # two allies": [decided] the champion, the one a wall or a barred realm asks about.
    flyer = Effect(K.GAIN_MOVEMENT, movement=("flyer",))
    allies = replace(flyer, card_types=(int(CardType.ALLY),))
    if m.group(0) == "all allies can also fly":
        return (allies,)
    return (flyer, allies) if "allies" in m.group(0) and "or ally" not in m.group(0) \
        else (flyer,)


# ---- allies, items and spells in the round ---------------------------------------------------

@_rule(r"the first ally to attack .+? (?:itself )?each battle is destroyed|"
       r"(?:poisoned water )?destroys one of the attacker's allies as it is played"
       r"(?: \(defender's choice\))?|"
       r"one ally '?forgets'? to attack or defend this turn, discard the ally|"
       r"besides adding " + NUM + r" levels, the scrolls force the largest enemy ally played so "
       r"far to be discarded")
def _one_opposing_ally(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    cond = Condition(when=When.DEFENDING) if ctx.realmlike else Condition()
    return (Effect(K.DESTROY_ALLIES, count=1, condition=cond),)


@_rule(r"opposing allies of level " + NUM + r" or less are discarded and no more can be "
       r"played this round")
def _cloudkill(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    n = number(m.group(1))
    return (Effect(K.DESTROY_ALLIES, amount=n), Effect(K.ALLIES_BARRED, amount=n))


@_rule(r"opposing (undead) allies have no effect on the outcome of this battle")
def _hold_undead(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Issue 13 audit: those played after the spell have no effect either (they counted).
    attrs = (_ATTRIBUTE_WORDS[m.group(1)],)
    return (Effect(K.DESTROY_ALLIES, attributes=attrs), Effect(K.ALLIES_BARRED, attributes=attrs))


@_rule(r"(?:this oasis )?destroys any flyers that attack the attached realm")
def _bitter_well(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    cond = Condition(when=When.DEFENDING, vs_attributes=(16,))
    return (Effect(K.DESTROY_CHAMPION, condition=cond),
            Effect(K.DESTROY_ALLIES, attributes=(16,), condition=Condition(when=When.DEFENDING)))


@_rule(r"destroys any two allies, chosen by this card's player")
def _airship(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.DESTROY_ALLIES, count=2),)


@_rule(r"(?:.+? )?(?:can )?destroys? (one|all) magical items? (?:held by|being used against|"
       r"of) (?:the opposing champion|her|him)(?: at any time during the battle(?: round)?)?|"
       r"the attacking champion must discard (one) magical item chosen by the defender|"
       r"she also destroys (all) magical items held by the opposing champion")
def _destroy_items(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    word = m.group(1) or m.group(2) or m.group(3)
    count = 0 if word == "all" else 1
    cond = Condition(when=When.DEFENDING) if ctx.realmlike else Condition()
    return (Effect(K.DESTROY_ITEMS, count=count, condition=cond),)


@_rule(r"any magic sword or spear used by the opposing champion must be discarded immediately")
def _giant_skeleton(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.DESTROY_ITEMS, attributes=(38, 36)),)


@_rule(r"the affected item is discarded")
def _restated_discard(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return _MODELLED_NO_EFFECT


@_rule(r"(?:once per battle )?.+? can (?:immediately )?shift one opposing ally to (?:his|her|its) "
       r"own side(?: for that round of battle)?|"
       r"one enemy ally, chosen by the shield's owner, is forced to switch sides and fight for "
       r"the shield's owner for one round of battle|"
       r"one ally of this player's choice switches sides for the duration of this round|"
       r"one enemy ally chosen by the shield's owner is forced to switch sides and fight for "
       r"the attached champion for one round of battle")
def _steal_ally(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.STEAL_ALLY, count=1),)


@_rule(r"(?:no spells can be cast when attacking or defending .+)")
def _no_spells(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.NO_SPELLS, condition=Condition(when=When.DEFENDING)),)


@_rule(r"(?:the|an) opposing (?:champion|spellcaster) cannot cast any spells (?:in this battle|"
       r"for the rest of this round)")
def _silence(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.SPELLS_BARRED),)


@_rule(r".+? can only defend, but never attack|.+? can defend but never attack")
def _cannot_attack(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.CANNOT_ATTACK),)


@_rule(r"a champion attacking the attached realm (?:can have only (one|two|three) all(?:y|ies)|"
       r"cannot play more than (one|two|three) allies per round)")
def _allies_limit(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.ALLIES_LIMIT, amount=number(m.group(1) or m.group(2))),)


@_rule(r"destroys one realm of the player's choice; that realm is discarded", sentence=True)
def _cataclysm(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Played on the realm under attack it ends the battle, spoils to the attacker (seed 001);
    # the realm is discarded, not razed (issue 13 audit). The defender discards one of the
    # attacker's realms (powers.discard_realm).
    return (Effect(K.DISCARD_REALM),)


@_rule(r"one champion or two allies can fly for one round of battle|"
       r"the possessor of this scroll \(and allies\) can attack any realm without flying")
def _fly_more(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    if "without flying" in m.group(0):
        # Attacks any realm as an earthwalker does (RULES.md §1 "Table"); "(and allies)".
        walker = Effect(K.GAIN_MOVEMENT, movement=("earthwalker",))
        return (walker, replace(walker, card_types=(int(CardType.ALLY),)))
    return (Effect(K.GAIN_MOVEMENT, movement=("flyer",)),)


@_rule(r"when attacking, psionically negates the power of all enemy holdings for the duration "
       r"of battle")
def _anavias(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.NEGATE_HOLDINGS, condition=Condition(when=When.ATTACKING)),)


@_rule(r"discard after one use")
def _single_use(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.SINGLE_USE),)


@_rule(r"the oasis acts as a permanent \+" + NUM + r" ally to any champion who defends the "
       r"attached realm")
def _graks_pool(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.GAIN_LEVELS, amount=number(m.group(1)),
                   condition=Condition(when=When.DEFENDING)),)


@_rule(r"one ally '?forgets'? to attack or defend this turn; discard the ally", sentence=True)
def _forget(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.DESTROY_ALLIES, count=1),)


@_rule(r"the opponent cannot play flyers this round and all opposing flyers already in the "
       r"battle are discarded")
def _noble_djinni(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.ALLIES_BARRED, attributes=(16,)),
            Effect(K.DESTROY_ALLIES, attributes=(16,)),
            Effect(K.DESTROY_CHAMPION, condition=Condition(vs_attributes=(16,))))


@_rule(r"(heroes|wizards|clerics|monsters) cannot be played in defense of this realm|"
       r"no (monster|hero|wizard|cleric) can defend against .+")
def _defenders_barred(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    word = m.group(1) or m.group(2)
    return (Effect(K.DEFENDERS_BARRED, card_types=(_TYPE_WORDS[word],)),)


@_rule(r"the attached realm cannot be attacked by flyers and spells cannot be used against its "
       r"defenders")
def _waverly(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.NOT_ATTACKABLE_BY, movement=("flyer",)),
            Effect(K.IMMUNE_TO, card_types=(int(CardType.WIZARD_SPELL),
                                            int(CardType.CLERIC_SPELL)), mark="off",
                   condition=Condition(when=When.DEFENDING)))


@_rule(r"all (allies|heroes|wizards|clerics|monsters|champions)(?: and (champions|allies))? "
       r"(?:champions )?(gain|lose) " + NUM + r" levels? until (?:the (?:end of )?"
       r"(?:current |this )?|this )player's next turn")
def _omens(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    if ctx.record.type is not CardType.EVENT:
        return None
    amount = number(m.group(4)) * (1 if m.group(3) == "gain" else -1)
    out: list[Effect] = []
    for word in (m.group(1), m.group(2)):
        if word == "allies":
            out.append(Effect(K.ALL_ALLIES_GAIN, amount=amount))
        elif word == "champions":
            out.append(Effect(K.ALL_CHAMPIONS_GAIN, amount=amount))
        elif word:
            out.append(Effect(K.ALL_CHAMPIONS_GAIN, amount=amount,
                              condition=Condition(self_types=(_TYPE_WORDS[word],))))
    return tuple(out)


_CHAMPION_CODES = tuple(sorted(int(t) for t in (CardType.CLERIC, CardType.HERO,
                                                CardType.MONSTER, CardType.PSIONICIST,
                                                CardType.REGENT, CardType.THIEF,
                                                CardType.WIZARD)))


@_rule(r"all (flyers|undead) in play are destroyed immediately|"
       r"(?:destroys|an anti-?magic storm sweeps across the cosmos, destroying) all magical items "
       r"in play|"
       r"all monsters are bribed to desert; discard all monsters in battle or in pools|"
       r"the avatar instantly destroys all undead champions and/or allies|"
       r"destroys all champions and allies of (?:base )?level " + NUM + r" or less in play "
       r"anywhere|"
       r"all champions of (?:base )?level " + NUM + r" or less die, regardless of whether they "
       r"are in battle or in pools|"
       r"destroys all undead allies on both sides of a battle instantly|"
       r"all players discard all magical items and artifacts", sentence=True)
def _destroy_all(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    text = m.group(0)
    ally = (int(CardType.ALLY),)
    if m.group(1):
        attr = (_ATTRIBUTE_WORDS[m.group(1)],)
        return (Effect(K.DESTROY_ALL, card_types=_CHAMPION_CODES + ally, attributes=attr),)
    if "magical items and artifacts" in text:
        return (Effect(K.DESTROY_ALL, card_types=(int(CardType.MAGICAL_ITEM),
                                                  int(CardType.ARTIFACT))),)
    if "magical items" in text:
        return (Effect(K.DESTROY_ALL, card_types=(int(CardType.MAGICAL_ITEM),)),)
    if "monsters" in text:
        return (Effect(K.DESTROY_ALL, card_types=(int(CardType.MONSTER),)),)
    if "undead champions" in text:
        return (Effect(K.DESTROY_ALL, card_types=_CHAMPION_CODES + ally, attributes=(40,)),)
    if "undead allies" in text:
        return (Effect(K.DESTROY_ALL, card_types=ally, attributes=(40,)),)
    if m.group(2):
        return (Effect(K.DESTROY_ALL, card_types=_CHAMPION_CODES + ally,
                       amount=number(m.group(2))),)
    if m.group(3):
        return (Effect(K.DESTROY_ALL, card_types=_CHAMPION_CODES, amount=number(m.group(3))),)
    return None


@_rule(r"everyone is convinced all artifacts and magical items in play no longer work")
def _fast_talking(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return _MODELLED_NO_EFFECT  # the next sentence discards them


@_rule(r"a battle in progress stops immediately with no victor; allies are discarded|"
       r"this battle ends immediately with no victor or loser; champions return to their pools, "
       r"allies to the players' hands, spells are discarded", sentence=True)
def _end_battle(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    if "allies to the players' hands" in m.group(0):
        return (Effect(K.END_BATTLE, card_types=(int(CardType.ALLY),)),)  # issue 13 audit
    return (Effect(K.END_BATTLE),)


@_rule(r"darkness has no effect against monsters")
def _darkness_monsters(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return _MODELLED_NO_EFFECT  # narrowed in compile_card (see _NARROWINGS)


@_rule(r"the cleric who casts sanctuary loses this round of battle but is not discarded; it "
       r"returns to the pool instead", sentence=True)
def _sanctuary(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.LOSE_ROUND), Effect(K.ESCAPE))


@_rule(r"a champion who is about to lose a round of battle escapes to the player's pool, but "
       r"the battle is still lost")
def _blink(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.ESCAPE),)


@_rule(r"if defeated in battle, the champion returns to its pool, stripped of all attachments")
def _stripped_escape(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Cloak of the Gargoyle (issue 13 audit 2): escape, its attachments discarded.
    return (Effect(K.ESCAPE, card_types=(int(CardType.MAGICAL_ITEM),
                                         int(CardType.ARTIFACT))),)


@_rule(r"a wizard who casts this spell can fight again in the next round of battle, regardless "
       r"of whether he won or lost the previous round")
def _animate_dead(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.ATTACK_AGAIN),)


@_rule(r"(?:a champion with this shield|the champion) gains " + NUM +
       r" levels? for (?:every|each) ally (?:currently opposing him|played against him)|"
       r".+? gains " + NUM + r" extra levels? per friendly ally(?: \(in addition to the ally's "
       r"bonus\))?")
def _per_ally(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    if m.group(1):
        return (Effect(K.GAIN_PER_OPPOSING_ALLY, amount=number(m.group(1))),)
    return (Effect(K.GAIN_PER_OWN_ALLY, amount=number(m.group(2))),)


@_rule(r"is excessively proud")
def _proud(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return _MODELLED_NO_EFFECT  # flavor before "no allies can be played to aid him"


@_rule(r".+? can cause a gust of wind to blow all flyers out of battle")
def _gust(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.DESTROY_ALLIES, attributes=(16,)),
            Effect(K.DESTROY_CHAMPION, condition=Condition(vs_attributes=(16,))))


@_rule(r"no allies can be played until this player's next turn|"
       r"allies in play are discarded immediately")
def _mist_wolf(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    if ctx.record.type is not CardType.EVENT:
        return None
    if m.group(0).startswith("allies"):
        return (Effect(K.DESTROY_ALL, card_types=(int(CardType.ALLY),)),)
    return (Effect(K.ALLIES_BARRED), Effect(K.OWN_ALLIES_BARRED))


@_rule(r"(.+?) (?:if (.+?) is in play anywhere|if anyone has (.+?) in play)")
def _if_in_play(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    name = (m.group(2) or m.group(3)).strip()
    inner = _apply(_CLAUSE_RULES, m.group(1), ctx)
    if not isinstance(inner, tuple) or not inner:
        return None
    return tuple(replace(e, condition=replace(e.condition, card_in_play=(name.title(),)))
                 for e in inner)


@_rule(r"only flyers can attack (?:any realm|this player's realms) until the player's next "
       r"turn")
def _only_flyers_until(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # One attack per turn (RULES.md §1 "Turn phases"): until the next turn is this battle.
    return (Effect(K.ONLY_ATTACKABLE_BY, movement=("flyer",)),)


@_rule(r"all magical items and artifacts defending .+? gain " + NUM + r" levels?")
def _items_gain(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.ITEMS_GAIN, amount=number(m.group(1)), condition=Condition(
        when=When.DEFENDING)),)


@_rule(r"(?:.+? )?no allies of level " + NUM + r" or less can be played on either side|"
       r"the \w+ can only be joined by allies of at least level " + NUM)
def _allies_either_side(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    if m.group(1):
        n = number(m.group(1))
        return (Effect(K.ALLIES_BARRED, amount=n), Effect(K.OWN_ALLIES_BARRED, amount=n))
    return (Effect(K.OWN_ALLIES_BARRED, amount=number(m.group(2)) - 1),)


@_rule(r"(?:.+? )?can cancel the effect of one event card for this player|"
       r"this magical calm undoes the harmful effect of an event, but only for the player of "
       r"this card")
def _cancel_event(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.CANCEL_EVENT),)


@_rule(r"(?:but )?must be discarded afterward")  # only after "can cancel ... one event card"
def _discarded_after(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return _MODELLED_NO_EFFECT  # part of cancel_event (the canceller is discarded after it)


# ---- more printed phrasings (issue 13, coverage by behaviour) --------------------------------


@_rule(r"psionicist champion|avatar")
def _type_tags(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # "Psionicist Champion." / "Avatar." restate the card's type or avatar flag.
    if m.group(0) == "avatar":
        return _MODELLED_NO_EFFECT if ctx.record.avatar else None
    return _MODELLED_NO_EFFECT if ctx.record.type is CardType.PSIONICIST else None


@_rule(r"if attached to ([a-z' ]+?), (.+)")
def _if_attached_to(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # A holding's bonus for one named realm ("if attached to Cormyr, all defenders also gain
    # 4 levels"): the effects hold only when that realm is the one fought over.
    realm = _realm_name(m.group(1))
    if ctx.record.type is not CardType.HOLDING or realm is None:
        return None
    inner = _apply(_CLAUSE_RULES, re.sub(r"\balso\b ", "", m.group(2)), ctx)
    if not isinstance(inner, tuple) or not inner:
        return None
    return tuple(replace(e, condition=replace(e.condition, at_realm=(realm,))) for e in inner)


@_rule(r"(?:this realm|the attached realm|it|[a-z' ]+?) can (?:be attacked only|only be "
       r"attacked) by ([a-z, ]+?)|only ([a-z, ]+?) can attack (?:this realm|the attached realm|"
       r"across the wall)")
def _only_movement(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # "X can be attacked only by flyers or earthwalkers": only champions with one of these
    # movement powers may attack (RULES.md §1 movement). A list naming anything else (clerics,
    # giants) is not a movement power and is not read here.
    if not (ctx.realmlike or "wall" in m.group(0)):
        return None
    t = _targets(m.group(1) or m.group(2))
    if t is None or t[0] or t[1] or not t[2]:
        return None
    return (Effect(K.ONLY_ATTACKABLE_BY, movement=tuple(dict.fromkeys(t[2]))),)


@_rule(r"(?:.+? )?increases? this player's maximum hand size by " + NUM)
def _this_players_hand(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.HAND_SIZE, amount=number(m.group(1))),)


@_rule(r"allies cannot (?:attack [a-z' ]+|be used when attacking [a-z' ]+|attack this realm)")
def _no_attacking_allies(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # On a realm: the attacker may not play allies ("allies_barred" on a realm bars the
    # attacker's allies).
    return (Effect(K.ALLIES_BARRED),) if ctx.realmlike else None


@_rule(r"(?:no )?(flying |swimming )?allies (?:are so terrified they )?cannot be played "
       r"against (?:him|her|it|the attached champion|[a-z']+(?: (?!and\b)[a-z']+)*)"
       r"( and any already in play must be discarded)?|"
       r"(?:this creature is so horrible that )?no allies can be played against (?:him|her|it)|"
       r"enemy allies cannot be used against (?:him|her|it|this [a-z]+)")
def _no_allies_against(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # A champion (or the item it carries) against which the opponent may play no allies.
    if ctx.realmlike or ctx.record.type is CardType.EVENT:
        return None
    move = (m.group(1) or "").strip()
    attrs = (_ATTRIBUTE_WORDS[{"flying": "flyer", "swimming": "swimmer"}[move]],) if move else ()
    if m.group(2):  # "... and any already in play must be discarded"
        return (Effect(K.ALLIES_BARRED, attributes=attrs),
                Effect(K.DESTROY_ALLIES, attributes=attrs))
    return (Effect(K.ALLIES_BARRED, attributes=attrs),)


_USE_WORDS: dict[str, tuple[str, ...]] = {
    "blood abilities": ("d3", "o3"), "psionic power cards": ("d11", "o11"),
    "psionic powers": ("d11", "o11"), "thief skills": ("d17", "o17"),
    "hero unarmed combat cards": ("d18", "o18"),
    "unarmed combat cards usable by heroes": ("d18", "o18"),
    "unarmed combat cards usable by dragons": ("d101", "o101"),
    "unarmed combat cards usable only by dragons": ("d101", "o101"),
    "unarmed combat cards usable by undead": ("d102", "o102"),
    "wizard spells": ("d19", "o19"), "cleric spells": ("d4", "o4"),
    "wizard and cleric spells": ("d19", "o19", "d4", "o4"),
    "any unarmed combat card": ("d18", "o18", "d101", "o101", "d102", "o102"),
    "all unarmed combat cards": ("d18", "o18", "d101", "o101", "d102", "o102"),
}
_USE_LIST = "|".join(re.escape(w) for w in sorted(_USE_WORDS, key=len, reverse=True))


@_rule(r"(?:(?:the attached champion|this champion|[a-z'-]+(?: [a-z'-]+)?|he|she|it) )?"
       r"(?:can|may) (?:also )?(?:use|cast) ((?:(?:use |cast )?(?:" + _USE_LIST +
       r")(?:,? and |, )?)+?)(?: and is immune to (psionics|psionic attacks?))?")
def _may_use_more(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # "Can use blood abilities", "can use psionic power cards and cast wizard spells": the
    # uses codes of those card types (RULES.md §1 "Uses"), for the card's own champion.
    if ctx.realmlike or ctx.record.type in (CardType.EVENT, CardType.ALLY):
        return None  # issue 13 (cboost): an ally plays no cards (Dragonne's "this ally can use")
    uses: list[str] = []
    for w in re.findall(_USE_LIST, m.group(1)):  # the pattern matched a list of these only
        uses.extend(_USE_WORDS[w])
    out = [Effect(K.MAY_USE, uses=tuple(dict.fromkeys(uses)))]
    if m.group(2):  # "... and is immune to psionics" ("psionic attack": the offensive ones)
        out.append(Effect(K.IMMUNE_TO, card_types=(int(CardType.PSIONIC_POWER),),
                          mark="" if m.group(2) == "psionics" else "off"))
    return tuple(out)


@_rule(r"(?:the level of )?(?:any |all )?(" + "|".join(
    w for w in _ATTRIBUTE_WORDS if " " not in w) + r"|allies|heroes|wizards|clerics|monsters) "
       r"defending (?:this realm|the attached realm|[a-z' ]+?) (?:are|is) doubled(?: in base "
       r"level)?|(?:the )?base level of (?:a|any) defending (monster|hero|wizard|cleric) is "
       r"doubled")
def _defenders_doubled(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # A realm under which defenders of one kind fight at twice their level ("giants defending
    # this realm are doubled in base level", "the level of any dragon defending X is doubled").
    if not ctx.realmlike:
        return None
    word = m.group(1) or m.group(2)
    if word == "allies":
        return (Effect(K.DOUBLE_ALLIES, condition=Condition(when=When.DEFENDING)),)
    if word in _TYPE_WORDS:
        cond = Condition(when=When.DEFENDING, self_types=(_TYPE_WORDS[word],))
    else:
        cond = Condition(when=When.DEFENDING, self_attributes=(_ATTRIBUTE_WORDS[word],))
    return (Effect(K.DOUBLE_LEVEL, condition=cond),)


@_rule(r"(?:.+? )?acts? as a (?:permanent )?\+" + NUM + r" ally to (?:any champion|all "
       r"champions|champions|each champion) (?:who defends|defending) (?:the attached realm|"
       r"this realm|[a-z' ]+)|(?:[a-z' ]+ )?(?:are|is) a \+" + NUM + r" ally to (?:all )?"
       r"defending champions")
def _defending_ally(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # A realm or holding that fights beside its defender as a +N ally: the defender gains N.
    if not ctx.realmlike:
        return None
    n = number(m.group(1) or m.group(2))
    if n == ctx.level.bonus:
        return _MODELLED_NO_EFFECT  # the card's +N already adds it to the defender
    return (Effect(K.GAIN_LEVELS, amount=n, condition=Condition(when=When.DEFENDING)),)


@_rule(r"can be cast at any time to cancel the effects of a just-cast spell or to cancel an "
       r"existing spell")
def _dispel_any_time(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.PLAY_ANY_TIME), Effect(K.CANCEL_SPELL))


@_rule(r"(?:[a-z' -]+? )?gains? " + NUM + r" (?:additional )?levels? when the opponent uses "
       r"allies against (?:him|her|it)")
def _gain_vs_allies(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.GAIN_IF_OPPOSING_ALLIES, amount=number(m.group(1))),)


_USING_WORDS = {"an artifact": CardType.ARTIFACT, "a magical item": CardType.MAGICAL_ITEM}


@_rule(r"(?:[a-z' -]+? )?gains? " + NUM + r" (?:additional )?levels? when using (an artifact|"
       r"a magical item)")
def _gain_using(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.GAIN_IF_OWN_CARDS, amount=number(m.group(1)),
                   card_types=(int(_USING_WORDS[m.group(2)]),)),)


@_rule(r"if any allies are played with [a-z' -]+, (?:she|he|it) drops to level " + NUM)
def _drops_with_allies(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    base = ctx.level.level
    target = number(m.group(1))
    if base is None or target >= base:
        return None
    return (Effect(K.GAIN_IF_OWN_CARDS, amount=target - base, card_types=(int(CardType.ALLY),)),)


@_rule(r"all attacking allies are halved \(round(?:ed)? up\)")
def _halve_attacking_allies(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    if not ctx.realmlike:
        return None
    return (Effect(K.HALVE_OPPOSING_ALLIES, condition=Condition(when=When.DEFENDING)),)


@_rule(r"the [a-z' -]+?'s first ally each round is considered a \+" + NUM + r", regardless of "
       r"the ally's actual level")
def _first_ally(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.FIRST_ALLY_BONUS, amount=number(m.group(1))),)


@_rule(r"the level bonus (?:\(number in icon\) )?of any (wizard|cleric) spell cast in defense of "
       r"the attached realm is doubled")
def _spell_bonus_doubled(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    kind = CardType.WIZARD_SPELL if m.group(1) == "wizard" else CardType.CLERIC_SPELL
    return (Effect(K.DOUBLE_CARD_BONUS, card_types=(int(kind),),
                   condition=Condition(when=When.DEFENDING)),)


@_rule(r"only attackers of level " + NUM + r" or higher can cross the wall")
def _wall_level(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.WALL_MIN_LEVEL, amount=number(m.group(1))),)


@_rule(r"(?:(?:she|he|it) is so repulsive, )?allies of (?:\+|level )" + NUM + r" (?:or less|and "
       r"lower) cannot be (?:played|used) against (?:him|her|it|this hero|this champion|the "
       r"attached champion)")
def _weak_allies_barred(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # "Allies of +3 or less cannot be played against him": the opponent's allies of that bonus
    # or less are barred (``allies_barred`` amount).
    if ctx.realmlike or ctx.record.type is CardType.EVENT:
        return None
    return (Effect(K.ALLIES_BARRED, amount=number(m.group(1))),)


@_rule(r"non(flying|swimming) attackers lose " + NUM + r" levels?")
def _nonflying_attackers(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # A realm: "Nonflying attackers lose 2 levels" -- [decided] the attacker is the attacking
    # champion (seed 000 speaks of the attacker and its champion as one), unless it flies.
    if not ctx.realmlike:
        return None
    attr = _ATTRIBUTE_WORDS["flyer" if m.group(1) == "flying" else "swimmer"]
    return (Effect(K.OPPONENT_LOSES, amount=number(m.group(2)), condition=Condition(
        when=When.DEFENDING, vs_not_attributes=(attr,))),)


@_rule(r"destroys any number of opposing allies with levels totaling " + NUM + r" or less, "
       r"selected by the caster")
def _flame_strike(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.DESTROY_ALLIES_TOTAL, amount=number(m.group(1))),)


@_rule(r"discard immediately")
def _discard_now(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # A spell with no bonus that leaves the round at once: nothing of it stays to count.
    if ctx.record.type not in _SPELL_TYPES or ctx.level.bonus:
        return None
    return _MODELLED_NO_EFFECT


@_rule(r"count only magical item and artifact bonuses when determining level")
def _armed_level(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return _MODELLED_NO_EFFECT  # turns the card's destroy_champion into destroy_champion_armed


@_rule(r"(?:an invisible champion|if cast by an? (undead) champion, he|when played in combat, "
       r"this skill allows the attached thief to) can bypass a defending ([a-z, ]+?)"
       r"(?: \(not a [a-z, ]+\))? and (?:automatically )?(?:destroy|raze) the realm")
def _bypass(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The caster's champion slips past a defender of these types and razes the realm: the
    # realm is razed by card play, both champions return to their pools, the attacker draws
    # spoils (seed 001) -- "the defending champion returns to his pool".
    t = _targets(m.group(2))
    if t is None or not t[0] or t[1] or t[2]:
        return None
    self_attrs = (_ATTRIBUTE_WORDS[m.group(1)],) if m.group(1) else ()
    return (Effect(K.RAZE_REALM, condition=Condition(when=When.ATTACKING, vs_types=t[0],
                                                     self_attributes=self_attrs)),)


@_rule(r"the defending (?:hero|champion) returns to (?:the|his) pool")
def _bypassed_returns(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Restates raze_realm's seed 001 outcome, only after a "can bypass" sentence.
    return _MODELLED_NO_EFFECT if "can bypass a defending" in ctx.record.text.lower() else None


@_rule(r"can cast any wizard spell")
def _any_wizard_spell(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # A realm (3rd Edition Cormyr): its defenders may cast wizard spells.
    if not ctx.realmlike:
        return None
    return (Effect(K.MAY_USE, uses=("d19", "o19"), condition=Condition(when=When.DEFENDING)),)


@_rule(r"all champions and allies, other than the event player's, lose " + NUM + r" levels? "
       r"until the player's next turn|"
       r"this player's allies gain " + NUM + r" levels? until his next turn|"
       r"only this player's (heroes|wizards|clerics|monsters) gain " + NUM + r" levels? until "
       r"the end of his next turn")
def _own_side_events(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Events for one side, lasting until the player's next turn: in the battle they are played
    # in, and in the whole game until that turn (``Card.lasting``, issue 13: game/lasting.py).
    if ctx.record.type is not CardType.EVENT:
        return None
    if m.group(1):
        n = number(m.group(1))
        return (Effect(K.OPPONENT_LOSES, amount=n), Effect(K.OPPOSING_ALLIES_LOSE, amount=n))
    if m.group(2):
        return (Effect(K.ALLIES_GAIN, amount=number(m.group(2))),)
    return (Effect(K.GAIN_LEVELS, amount=number(m.group(4)),
                   condition=Condition(self_types=(_TYPE_WORDS[m.group(3)],))),)


@_rule(r"any ([a-z, -]+?) loses " + NUM + r" levels? against the (?:wand|sword|staff|rod)")
def _loses_against_item(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    t = _targets(m.group(1))
    if t is None or t[0] or t[2] or not t[1]:
        return None
    return (Effect(K.OPPONENT_LOSES, amount=number(m.group(2)),
                   condition=Condition(vs_attributes=t[1])),)


@_rule(r"(clerics|heroes|wizards|monsters) refuse to attack (?:the [a-z' ]+|this realm)")
def _refuse_to_attack(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    if not ctx.realmlike:
        return None
    return (Effect(K.NOT_ATTACKABLE_BY, card_types=(_TYPE_WORDS[m.group(1)],)),)


@_rule(r"(clerics|heroes|wizards|monsters) who defend the realm, however, double their base "
       r"level")
def _defenders_double(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    if not ctx.realmlike:
        return None
    return (Effect(K.DOUBLE_LEVEL, condition=Condition(
        when=When.DEFENDING, self_types=(_TYPE_WORDS[m.group(1)],))),)


@_rule(r"(?:the naval fleet of the [a-z ]+ is so powerful that the realm|this realm has coastal "
       r"fortifications and) is immune to (?:all )?swimmers")
def _immune_to_swimmers(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.NOT_ATTACKABLE_BY, movement=("swimmer",)),) if ctx.realmlike else None


@_rule(r"this champion hates (dragonlance|greyhawk|ravenloft|dark sun|forgotten realms) "
       r"(heroes|wizards|clerics|monsters) and automatically wins any battle against them|"
       r"this ranger automatically defeats all (forgotten realms|greyhawk|dragonlance) "
       r"(heroes|wizards|clerics|monsters)")
def _beats_world_type(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    world = _WORLD_WORDS[m.group(1) or m.group(3)]
    kind = _TYPE_WORDS[m.group(2) or m.group(4)]
    return (Effect(K.WIN_ROUND, condition=Condition(vs_types=(kind,),
                                                    vs_worlds=(int(world),))),)


@_rule(r"immune to offensive and defensive (spells|magical items)")
def _immune_both_marks(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    kinds = _CARD_KIND_WORDS[m.group(1)]
    return (Effect(K.IMMUNE_TO, card_types=tuple(int(k) for k in kinds)),)


@_rule(r"(?:(?!this player)[a-z' ]+ )?(?:is )?immune to psionic attacks?|"
       r"allows the attached champion to cast wizard spells and confers immunity to psionic "
       r"powers")
def _immune_psionic_attack(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    out = [Effect(K.IMMUNE_TO, card_types=(int(CardType.PSIONIC_POWER),),
                  mark="" if "confers" in m.group(0) else "off")]
    if m.group(0).startswith("allows"):
        out.insert(0, Effect(K.MAY_USE, uses=("d19", "o19")))
    return tuple(out)


@_rule(r"the [a-z' ]+'s skill with the bow is such that it can kill, instantly, one enemy ally "
       r"of its choice")
def _archer(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.DESTROY_ALLIES, count=1),)


_SPELL_CODES = (int(CardType.WIZARD_SPELL), int(CardType.CLERIC_SPELL))


@_rule(r"all cards friendly to the [a-z' ]+ are immune to ([a-z]+) spells|"
       r"(lightning) cannot harm the caster or his allies(?: in this battle)?|"
       r"the caster and his allies are immune to all spells with the words \"(\w+)\" or \"(\w+)\" "
       r"in the name|"
       r"[a-z' ]+ and all other attached cards are immune to all spells and magical items with "
       r"the words \"(\w+)\" or \"(\w+)\" in their title")
def _immune_named(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The card's side is immune to the other side's cards of these names (issue 13).
    if m.group(1) == "offensive":  # "immune to offensive spells": no name
        return (Effect(K.IMMUNE_OFFENSIVE_SPELLS),)
    names = tuple(g for g in m.groups() if g)
    types: tuple[int, ...] = _SPELL_CODES if not m.group(5) else (
        *_SPELL_CODES, int(CardType.MAGICAL_ITEM))
    if m.group(2):
        types = ()  # "lightning": any card of that name
    return (Effect(K.IMMUNE_TO_NAMED, names=names, card_types=types),)


@_rule(r"all opposing (swimmers|flyers) \(champions and allies\) are discarded immediately; no "
       r"more can be played against it", sentence=True)
def _kank_lancers(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    attr = (_ATTRIBUTE_WORDS[m.group(1)],)
    return (Effect(K.DESTROY_ALLIES, attributes=attr), Effect(K.ALLIES_BARRED, attributes=attr),
            Effect(K.DESTROY_CHAMPION, condition=Condition(vs_attributes=attr)))


@_rule(r"allies of less than \+" + NUM + r" cannot be played against the attached champion, and "
       r"allies of \+1 or \+2 currently in battle are discarded")
def _shield_of_gore(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.ALLIES_BARRED, amount=number(m.group(1)) - 1),
            Effect(K.DESTROY_ALLIES, amount=2))


@_rule(r"negates the ([a-z ]+) spell")
def _negates_named_spell(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # "Negates the Magic Missile spell": the caster's side is immune to that spell.
    if ctx.record.type not in _SPELL_TYPES or "wall" in m.group(1):
        return None
    return (Effect(K.IMMUNE_TO_NAMED, names=(m.group(1),), card_types=_SPELL_CODES),)


@_rule(r"can be cast during any battle, including those between opponents")
def _other_players_battles(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Battles between two other players: none in a two-player game (RULES.md §1).
    return _NOT_COMBAT


@_rule(r"(any champion|(?:elf|dwarf|halfling|gnome) champions) defending (?:the attached realm|"
       r"this realm|[a-z' ]+) (?:can|may) ((?:(?:use |cast )?(?:" + _USE_LIST +
       r")(?:,? and |, )?)+)")
def _defenders_may_use(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # A realm or holding granting its defenders uses ("any champion defending Boeruine can cast
    # wizard spells and use blood abilities"; "elf champions defending the attached realm ...").
    if not ctx.realmlike:
        return None
    uses: list[str] = []
    for w in re.findall(_USE_LIST, m.group(2)):
        uses.extend(_USE_WORDS[w])
    race = m.group(1).split()[0]
    attrs = () if race == "any" else (_ATTRIBUTE_WORDS[race],)
    return (Effect(K.MAY_USE, uses=tuple(dict.fromkeys(uses)), condition=Condition(
        when=When.DEFENDING, self_attributes=attrs)),)


@_rule(r"the attached champion can cast wizard spells and is immune to offensive psionic power "
       r"cards")
def _necklace_4th(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.MAY_USE, uses=("d19", "o19")),
            Effect(K.IMMUNE_TO, card_types=(int(CardType.PSIONIC_POWER),), mark="off"))


@_rule(r"the [a-z' ]+ and all cards in this player's force are immune to offensive spells")
def _force_immune(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.IMMUNE_OFFENSIVE_SPELLS),)


@_rule(r"the elven archer's skill is such that it can instantly kill one enemy ally of its "
       r"choice|one enemy ally already played is swallowed by the [a-z' ]+ \(this player's "
       r"choice\), instantly defeated")
def _kill_one_ally(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.DESTROY_ALLIES, count=1),)


@_rule(r"[a-z' ]+ can attack twice per turn, provided he wins his first round of combat")
def _rikus_4th(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.ATTACK_AGAIN),)


# ---- after the battle (issue 13) ----------------------------------------------------------
# Seed 001: "your opponent is discarded after combat if you play certain cards ... these
# effects occur outside of the battle" (battle/aftermath.py); seed 001: "Avatars can be played
# as spoils, but the cost associated with them must also be met" (battle/avatar.py).

#: The after-battle phrasings the rules below read; the "not combat" pattern for other
#: consequences of a defeat leaves them alone.
_AFTER_BATTLE_PHRASES = (r"forces the champion who (?:killed|defeated) (?:it|him|her) to be "
                         r"discarded|forces one razed enemy realm to be discarded, or razes one "
                         r"realm|are discarded from every player's pool|"
                         r"destroys one of his owner's holdings|"
                         r"the opposing champion is also discarded")  # c4th5b: Death Link


@_rule(r"if (?:the )?[\w' -]+ is defeated(?: in (?:combat|battle))?, (?:it (?:also )?|"
       r"[\w' -]+ )?forces the champion who (?:killed|defeated) (?:it|him|her) to be discarded|"
       r"[\w' -]+ explodes? if defeated, sending the opposing champion to its discard pile")
def _avenge_discard(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Aurak Draconian Lord, Aurak Draconians (seed 001 names them).
    return (Effect(K.AVENGE_DISCARD),)


@_rule(r"if defeated, [\w' -]+ forces one razed enemy realm to be discarded, or razes one realm")
def _avenge_raze(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Iuz the Evil (seed 001 names him).
    return (Effect(K.AVENGE_RAZE),)


@_rule(r"if defeated in battle, all (wizards|clerics|heroes|monsters|thieves|psionicists|"
       r"regents) of base level " + NUM + r" or higher are discarded from every player's pool")
def _avenge_purge(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The King of the Elves (issue 13 audit 2): after the battle (seed 001).
    return (Effect(K.AVENGE_PURGE, amount=number(m.group(2)),
                   card_types=(_TYPE_WORDS[m.group(1)],)),)


@_rule(r"if this card is on the losing side of (?:a|the) battle, (?:all holdings of (the opponent|"
       r"every player) are discarded|it destroys one champion anywhere in play,? chosen by "
       r"(?:the losing|this) player)")
def _avenge_holdings_or_champion(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Mogadisho's Horde (Marches On: "of every player", the mark "every"), Assassins (issue
    # 13, after2): after the lost round (seed 001; battle/aftermath_more.py). Allies only: the
    # card is "on the losing side" as a card played into the round.
    if ctx.record.type is not CardType.ALLY:
        return None
    if m.group(1) is None:
        return (Effect(K.AVENGE_DESTROY),)
    return (Effect(K.AVENGE_HOLDINGS, mark="every" if m.group(1) == "every player" else ""),)


@_rule(r"the defending player can return one ally to his hand after each round of battle|"
       r"resurrect one ally which (just) participated in successful defense of the realm")
def _round_ally_to_hand(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Sword Coast (a realm), Arms of Veluna (a holding; its next sentence, "resurrected card
    # returns to hand", says where: _NOT_COMBAT_PATTERNS) (issue 13, after2): after a round of
    # the battle for that realm (seed 001; battle/aftermath_more.py).
    if ctx.record.type not in (CardType.REALM, CardType.HOLDING):
        return None
    return (Effect(K.ROUND_ALLY_TO_HAND, mark="won" if m.group(1) else ""),)


@_rule(r"if the attached realm is razed, one (?:other opponent's realm of the defender's choice "
       r"is razed also|opponent's realm of this player's choice is also razed)")
def _razed_razes_opponent(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Silver Spring (a holding; the 4th Edition's words name the realm razed too: the
    # opponent's, chosen by the holding's player) (issue 13, after2): after the round that
    # razed its realm (seed 001; battle/aftermath_more.py).
    if ctx.record.type is not CardType.HOLDING:
        return None
    return (Effect(K.RAZED_RAZES_OPPONENT),)


@_rule(r"every time [a-z' -]+ wins a round of battle, the player can return one card from the "
       r"discard pile to his hand")
def _win_round_retrieve(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Halcyon (issue 13, after2): a champion's power after each round it wins (seed 001;
    # battle/aftermath_more.py).
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.WIN_ROUND_RETRIEVE),)


@_rule(r"if [\w' -]+ loses a round of battle, (?:he|she|it) destroys one of (?:his|her|its) "
       r"owner's holdings(?: for revenge)?")
def _avenge_own_holding(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Smolder, Red Dragon (issue 13 audit 2): after the battle (seed 001).
    return (Effect(K.AVENGE_OWN_HOLDING),)


@_rule(r"(?:an|the) opposing champion is discarded at the end of this round of combat, win or "
       r"lose|opposing champions(?: of)? base level " + NUM + r" or less are discarded after "
       r"combat, win or lose")
def _discard_after_round(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Constitution Drain; Nemon Hotep ("base level 5 or less").
    return (Effect(K.DISCARD_AFTER_ROUND, amount=number(m.group(1)) if m.group(1) else 0),)


#: Words of avatar costs besides the champion types: attributes and movement, as adjectives.
_COST_ATTRIBUTES: dict[str, int] = {
    **_ATTRIBUTE_WORDS, "flying": 16, "earthwalking": 13, "swimming": 37}
_COST_COUNT = r"(a|an|one|two|three)"


def _cost_target(desc: str) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int
                                     ] | None:
    """"dark sun cleric of level 12 or higher" -> (types, attributes, worlds, least level);
    None when a word is not known."""
    least = 0
    m = re.search(r"\s*(?:of )?level (\d+) or (?:higher|more)$", desc)
    if m:
        least, desc = int(m.group(1)), desc[:m.start()]
    m = re.match(r"level (\d+)\+ ", desc)
    if m:
        least, desc = int(m.group(1)), desc[m.end():]
    desc = re.sub(r" from any world$", "", desc).replace("(", "").replace(")", "")
    worlds = tuple(int(code) for word, code in _WORLD_WORDS.items() if word in desc)
    for word in _WORLD_WORDS:
        desc = desc.replace(word, " ")
    types: list[int] = []
    attrs: list[int] = []
    for w in desc.split():
        if w in ("champion", "champions"):
            continue
        if w in _TYPE_WORDS and w != "spellcaster":
            types.append(_TYPE_WORDS[w])
        elif w == "psionic":
            types.append(int(CardType.PSIONICIST))
        elif w in _COST_ATTRIBUTES:
            attrs.append(_COST_ATTRIBUTES[w])
        else:
            return None
    return tuple(types), tuple(attrs), worlds, least


def _cost_effect(what: str) -> Effect | None:
    """The ``avatar_cost`` of "two level 9+ wizards", "10+ levels of undead champions", "one
    or more flyers totaling 16 levels or more" ...; None when not readable."""
    total = re.fullmatch(r"(\d+)\+? levels of (.+)", what)
    if total:
        amount, desc, count = int(total.group(1)), total.group(2), 0
    elif total := re.fullmatch(r"(?:one or more )?(.+?) totaling (\d+)(?:\+| levels or more)",
                               what):
        amount, desc, count = int(total.group(2)), total.group(1), 0
    elif each := re.fullmatch(_COST_COUNT + r" (.+)", what):
        count, desc, amount = number(each.group(1)), each.group(2), 0
    else:
        return None
    target = _cost_target(desc)
    if target is None:
        return None
    types, attrs, worlds, least = target
    return Effect(K.AVATAR_COST, count=count, amount=amount if count == 0 else least,
                  card_types=types, attributes=attrs, condition=Condition(self_worlds=worlds))


@_rule(r"(.+?) must be discard(?:ed)? to (?:bring|being) .+ into play|"
       r"discard (.+?) to bring .+ into play")
def _avatar_cost(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Seed 001: "Avatars can be played as spoils, but the cost associated with them must also
    # be met"; each avatar prints its cost.
    if not ctx.record.avatar:
        return None
    cost = _cost_effect((m.group(1) or m.group(2)).strip())
    return None if cost is None else (cost,)
# ---- 1st Edition long tail (issue 13) ----


@_rule(r"allies of level " + NUM + r" or (?:higher|more) cannot be used against the champion "
       r"who carries [a-z' ]+")
def _allies_barred_from(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Ren's Bell of Death: the opponent may play no ally of that level or more.
    return (Effect(K.ALLIES_BARRED_FROM, amount=number(m.group(1))),)


@_rule(r"if [a-z' -]+ attacks and wins a round of battle, the defending realm is razed "
       r"immediately")
def _raze_at_once(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Tithian: razed at the first won round, a realm that must be defeated twice too.
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.RAZE_AT_ONCE, condition=Condition(when=When.ATTACKING)),)


@_rule(r"[a-z' -]+ gains " + NUM + r" levels? when fighting (?:a|an) (\w+) and/or " + NUM +
       r" levels? when defending a realm with an attached holding")
def _rary(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Rary the Traitor: both gains add up when both hold ("and/or").
    vs = _TYPE_WORDS.get(m.group(2))
    if vs is None:
        return None
    return (Effect(K.GAIN_LEVELS, amount=number(m.group(1)), condition=Condition(
                vs_types=(vs,))),
            Effect(K.GAIN_LEVELS, amount=number(m.group(3)), condition=Condition(
                when=When.DEFENDING, realm_holding=True)))


@_rule(r"the opponent cannot use (undead|dragons|flyers) in this battle round; any already "
       r"played as allies are discarded", sentence=True)
def _no_undead_allies(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Protection: the opponent's allies of the kind are barred, those in the round discarded.
    attrs = (_ATTRIBUTE_WORDS[m.group(1)],)
    return (Effect(K.ALLIES_BARRED, attributes=attrs), Effect(K.DESTROY_ALLIES, attributes=attrs))


@_rule(r"an? (undead|dragon) champion loses the battle but returns to the pool")
def _loses_but_returns(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Protection: the opposing champion of the kind loses the round (a defender: its realm falls,
    # the attacker: the battle is over) and goes back to its pool, not to the discard pile.
    cond = Condition(vs_attributes=(_ATTRIBUTE_WORDS[m.group(1)],))
    return (Effect(K.WIN_ROUND, condition=cond), Effect(K.OPPONENT_ESCAPES, condition=cond))


@_rule(r"a champion with this coin can have any number of attached artifacts, and of any world")
def _ego_coin(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.ANY_ARTIFACTS),)


@_rule(r"the [a-z' ]+ and all cards in (?:the|this) player's force are immune to all offensive "
       r"(wizard|cleric) spells except ([a-z' ]+)")
def _immune_except(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Treants of the Grandwood: immune to offensive wizard spells, fireballs excepted.
    kind = CardType.WIZARD_SPELL if m.group(1) == "wizard" else CardType.CLERIC_SPELL
    return (Effect(K.IMMUNE_EXCEPT_NAMED, card_types=(int(kind),), mark="off",
                   names=(m.group(2).strip(),)),)


@_rule(r"makes one champion immune to all offensive spells and prevents him from casting any "
       r"spells himself")
def _anti_magic_shell(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # A (Def) spell: the champion it is cast for is its caster's own.
    return (Effect(K.IMMUNE_OFFENSIVE_SPELLS), Effect(K.OWN_SPELLS_BARRED))


@_rule(r"no ([a-z, -]+?) can attack any realm held by this player")
def _realms_not_attackable(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Black Waters (a holding): every realm of its player, not only the one it is attached to.
    t = _targets(m.group(1))
    if ctx.record.type is not CardType.HOLDING or t is None:
        return None
    return (Effect(K.REALMS_NOT_ATTACKABLE_BY, card_types=t[0], attributes=t[1],
                   movement=t[2]),)


@_rule(r"the level of attacking champions and allies that are not (flyers|swimmers) is halved")
def _halve_attackers(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Malatra, the Living Jungle (a realm): its attackers fight at half level but for flyers.
    if not ctx.realmlike:
        return None
    return (Effect(K.HALVE_OPPOSING, movement=(_MOVEMENT_WORDS[m.group(1)],),
                   condition=Condition(when=When.DEFENDING)),)


@_rule(r"[a-z' -]+ gains " + NUM + r" levels? when attacking realms from outside (?:the )?(" +
       "|".join(_WORLD_WORDS) + r")")
def _gain_abroad(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Cleric of Malar: a gain against any realm not of that world.
    return (Effect(K.GAIN_LEVELS, amount=number(m.group(1)), condition=Condition(
        when=When.ATTACKING, realm_not_worlds=(int(_WORLD_WORDS[m.group(2)]),))),)


@_rule(r"[a-z' -]+ gains? " + NUM + r" levels? if ([a-z' -]+?) is in the player's pool")
def _gain_if_in_pool(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Wolf Nomads: "gain 2 levels if Mika is in the player's pool" (its owner's pool).
    return (Effect(K.GAIN_LEVELS, amount=number(m.group(1)), condition=Condition(
        in_own_pool=(m.group(2).title(),))),)


@_rule(r"[a-z' -]+ can cast wizard and cleric spells, but the player must choose one type "
       r"\(wizard or cleric\) in each battle when this card is used")
def _one_spell_type(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The Harpers: both classes of spells, one of them per battle (the first cast chooses).
    return (Effect(K.MAY_USE, uses=("d19", "o19", "d4", "o4")), Effect(K.ONE_SPELL_TYPE))


@_rule(r"traps a winning champion so a realm is not razed")
def _pit_trap(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    if ctx.record.type is not CardType.EVENT:
        return None
    return (Effect(K.DISCARD_WINNING_ATTACKER),)


@_rule(r"the champion is discarded as if he had lost the battle")
def _as_if_lost(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Pit Trap!'s second sentence: what discard_winning_attacker does (seed 001).
    return _MODELLED_NO_EFFECT if ctx.record.type is CardType.EVENT else None


@_rule(r"when attacking, can (psionically )?destroy " + NUM + r" (monster|hero|wizard|cleric) "
       r"in the defender's pool before battle begins")
def _destroy_in_pool(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Agis: a monster of the defender's pool, before the defender chooses its champion.
    return (Effect(K.DESTROY_POOL_CHAMPIONS, card_types=(_TYPE_WORDS[m.group(3)],),
                   count=number(m.group(2)), mark="psionic" if m.group(1) else "",
                   condition=Condition(when=When.ATTACKING)),)


_WORLD_RE = "|".join(_WORLD_WORDS)


@_rule(r"this player's (" + _WORLD_RE + r") realms and their defenders cannot be attacked by "
       r"([a-z, ]+)")
def _world_realms_barred(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Orb of Dragonkind: every realm of that world of its player.
    t = _targets(m.group(2))
    if ctx.record.type not in (CardType.ARTIFACT, CardType.HOLDING) or t is None:
        return None
    return (Effect(K.REALMS_NOT_ATTACKABLE_BY, card_types=t[0], attributes=t[1], movement=t[2],
                   condition=Condition(realm_worlds=(int(_WORLD_WORDS[m.group(1)]),))),)


@_rule(r"no (" + _WORLD_RE + r") realms with holdings, of any player, can be attacked by "
       r"([a-z, ]+)")
def _any_players_realms_barred(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Arms of Greyhawk: the realms of that world with a holding, on both sides of the table.
    t = _targets(m.group(2))
    if ctx.record.type is not CardType.HOLDING or t is None:
        return None
    return (Effect(K.ALL_REALMS_NOT_ATTACKABLE_BY, card_types=t[0], attributes=t[1],
                   movement=t[2], condition=Condition(
                       realm_worlds=(int(_WORLD_WORDS[m.group(1)]),), realm_holding=True)),)


@_rule(r"allies defending every (" + _WORLD_RE + r") realm held by this player gain " + NUM +
       r" levels?")
def _realms_allies_gain(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Fort Melidor (a holding): the allies of any realm of that world of its player.
    if ctx.record.type is not CardType.HOLDING:
        return None
    return (Effect(K.REALMS_ALLIES_GAIN, amount=number(m.group(2)), condition=Condition(
        when=When.DEFENDING, realm_worlds=(int(_WORLD_WORDS[m.group(1)]),))),)


@_rule(r"offensive (wizard|cleric) spells have their levels \(if any\) halved \(rounding up\) "
       r"when used against this ally")
def _halved_spells(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Map to a Mercenary Army: the other side's offensive spells count half their bonus.
    kind = CardType.WIZARD_SPELL if m.group(1) == "wizard" else CardType.CLERIC_SPELL
    return (Effect(K.HALVE_OPPOSING_CARDS, card_types=(int(kind),), mark="off"),)


@_rule(r"the ally loses " + NUM + r" levels?")
def _switched_ally_loses(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The Mind Flayer: after "shift one opposing ally to its own side", that ally loses levels.
    if "opposing ally to its own side" not in ctx.record.text.lower():
        return None
    return (Effect(K.SWITCHED_ALLIES_LOSE, amount=number(m.group(1))),)


@_rule(r"if only one ([a-z' -]+) is in play, (wizards|clerics) cannot cast spells without "
       r"(?:her|his) permission")
def _spell_veto(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Midnight, Arch-Druid: the card names itself; its owner permits its own side [decided].
    if m.group(1) not in ctx.record.name.lower():
        return None
    return (Effect(K.SPELL_VETO, card_types=(_TYPE_WORDS[m.group(2)],)),)


@_rule(r"can cast wizard and cleric spells and is immune to all spells cast in phase 3")
def _bengoukee_uses(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Bengoukee: the immunity is to spells cast outside combat; as a spell played only in
    # phase 3 has no power in a battle (compile_card: "(Off/3)"), it has nothing to stop there.
    return (Effect(K.MAY_USE, uses=("d19", "o19", "d4", "o4")),)


@_rule(r"phase 4 spells cast by the [a-z' -]+ are at twice the level bonus")
def _spells_doubled(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Bengoukee: the spells of his side are his (allies cast none).
    return (Effect(K.DOUBLE_CARD_BONUS, card_types=_SPELL_CODES),)


@_rule(r"cast on a champion before battle to prevent that card from defending")
def _before_battle(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Paralyze's phase-3 use ("(Off/3/4)"): cast before a battle, outside combat, as a spell
    # marked "(Off/3)" (compile_card); its phase-4 use is the next sentence.
    return _NOT_COMBAT


@_rule(r"cast during a battle to eliminate one ally of the caster's choice")
def _eliminate_one_ally(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Paralyze in phase 4: one opposing ally, the caster's choice (the strongest [decided], as
    # every count-limited power: powers.strongest).
    return (Effect(K.DESTROY_ALLIES, count=1),)


@_rule(r"negates any wall spell")
def _passwall(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.NEGATE_WALLS),)


@_rule(r"[a-z' -]+ and (?:her|his) allies can attack any realm regardless of its position or "
       r"powers")
def _attack_anywhere(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Starshine (allies never attack on their own: the champion's power).
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.ATTACK_ANYWHERE),)


# ---- 1st Edition, the rest (issue 13, c1st) ----


@_rule(r"all (" + "|".join(_WORLD_WORDS) + r") champions of this player gain " + NUM +
       r" levels?")
def _champions_gain(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Greyhawk Ruins: every champion of its player, of the world, in every battle.
    return (Effect(K.CHAMPIONS_GAIN, amount=number(m.group(2)),
                   condition=Condition(self_worlds=(int(_WORLD_WORDS[m.group(1)]),))),)


@_rule(r"hero can 'lend' \+(\d) to a champion in a combat where he is not involved")
def _lend(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Ring of Shooting Stars: [decided] "hero" is the champion carrying the ring (any type);
    # the +1 goes to its player's champion in a battle it is not in.
    if ctx.record.type not in (CardType.MAGICAL_ITEM, CardType.ARTIFACT):
        return None
    return (Effect(K.LEND_FROM_POOL, amount=int(m.group(1))),)


@_rule(r"prevents one dark sun realm or holding from being razed or discarded, or restores "
       r"one razed realm from any world")
def _spirit_of_the_land(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Spirit of the land: [decided] the restoring (see battle/powers_rest.py); the battle it
    # ends ("an attacker gets no spoils of victory and the battle is over") razes nothing.
    return (Effect(K.RESTORE_REALM),)


@_rule(r"an attacker gets no spoils of victory and the battle is over")
def _battle_is_over(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Spirit of the land: the battle ends with no victor and no spoils.
    return (Effect(K.END_BATTLE),)


@_rule(r"razes the first realm of every player, regardless of special powers; if a player's "
       r"first realm is already razed, he ignores this event", sentence=True)
def _siege(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Siege!: slot A of each player, whatever its powers.
    return (Effect(K.RAZE_FIRST_REALMS),)


@_rule(r"immediately destroys one opposing ally of level " + NUM + r" or less, or one magical "
       r"item, of caster's choice")
def _ally_or_item(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Lightning Bolt: [decided] the caster's best of the two (battle/powers_rest.py).
    if ctx.record.type not in _PLAYED_INTO_ROUND:
        return None
    return (Effect(K.DESTROY_ALLY_OR_ITEM, amount=number(m.group(1))),)


_ANCIENT_CURSE = "choose one champion with an attached artifact or magical item to be killed " \
                 "immediately"


@_rule(_ANCIENT_CURSE)
def _armed_champion(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Ancient Curse: [decided] the player's best choice (battle/powers_rest.py).
    return (Effect(K.DISCARD_ARMED_CHAMPION),)


@_rule(r"discard the champion and his possessions")
def _and_possessions(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Ancient Curse: restates how the chosen champion is discarded (with its attachments).
    return _MODELLED_NO_EFFECT if _ANCIENT_CURSE in ctx.record.text.lower() else None


@_rule(r"the attached realm is unaffected by all harmful event cards")
def _unaffected_by_harmful_events(m: re.Match[str], ctx: _Ctx
                                  ) -> tuple[Effect, ...] | str | None:
    # Arms of Furyondy: harmful events neither raze nor discard the realm.
    if ctx.record.type is not CardType.HOLDING:
        return None
    return (Effect(K.REALM_IMMUNE_HARMFUL_EVENTS),)


@_rule(r"the crushing fist adds " + NUM + r" levels or destroys one magical item, at the "
       r"choice of the caster")
def _levels_or_item(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Crushing Fist: its levels are its printed bonus; [decided] the caster's best.
    if ctx.level.bonus != number(m.group(1)):
        return None
    return (Effect(K.LEVELS_OR_ITEM, amount=number(m.group(1))),)


@_rule(r"the caster can ask any player for his largest (undead) ally card and use it in this "
       r"round of battle")
def _take_ally(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Control Undead: [decided] from the opponent's hand first (battle/powers_rest.py).
    return (Effect(K.TAKE_ALLY_FROM_HAND, attributes=(_ATTRIBUTE_WORDS[m.group(1)],)),)


@_rule(r"the ally is discarded afterward")
def _ally_discarded_afterward(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Control Undead: every card used in a round is discarded after it (seed 000 step H).
    return _MODELLED_NO_EFFECT if "largest undead ally" in ctx.record.text.lower() else None


@_rule(r"if [a-z' -]+ is defeated, the victor can draw two spoils of victory cards"
       r"(?: \(the dragon's hoard\))?")
def _hoard(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Ember, the Red Dragon: one more spoils card than the one every victor draws.
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.EXTRA_SPOILS_IF_DEFEATED, amount=1),)


@_rule(r"[a-z' -]+ and his allies can attack any (" + "|".join(_WORLD_WORDS) + r") realm, "
       r"regardless of position or powers, and he gains two spoils of victory if he razes it")
def _prismal(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Prismal the Outrageous: attack_anywhere and one more spoils card, both for realms of the
    # world only (allies never attack on their own: the champion's power).
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    cond = Condition(realm_worlds=(int(_WORLD_WORDS[m.group(1)]),))
    return (Effect(K.ATTACK_ANYWHERE, condition=cond),
            Effect(K.EXTRA_SPOILS_IF_RAZES, amount=1, condition=cond))


@_rule(r"turns a just-cast spell back at its caster, as if the original target had cast it")
def _spell_turning(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Spell Turning (the 1st Edition's wording): the spell fights for the other side.
    return (Effect(K.TURN_SPELL),)


@_rule(r"all spells in play are dispelled, including a just-cast spell, and all holdings and "
       r"rule cards are removed from play")
def _genie_bottle(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The Genie Bottle: the round's spells, every holding and rule card (battle/powers_rest.py).
    return (Effect(K.DISPEL_ALL),)


@_rule(r"can be calmed by individual players but cannot be canceled")
def _not_cancelable(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The Genie Bottle: Calm (a played cancel_event) may; Delsenora's power may not.
    return (Effect(K.NOT_CANCELABLE),)


@_rule(r"when [a-z' -]+ attacks, (?:she|he|it) gets to pick (?:her|his|its) opponent from those "
       r"champions in the defender's pool")
def _pick_opponent(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Stryck: [decided] the attacker's best pick, the weakest (battle/picks.py).
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.PICK_OPPONENT, condition=Condition(when=When.ATTACKING)),)


@_rule(r"one card can be drawn and played immediately in defense of the attached realm|"
       r"the owner can draw one card and play it immediately when the attached realm is "
       r"attacked")
def _draw_and_play(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # North Ledopolus, Lost Oasis: [decided] always used (battle/windfall.py).
    if ctx.record.type is not CardType.HOLDING:
        return None
    return (Effect(K.DRAW_AND_PLAY),)
# ---- 4th Edition (issue 13, c4th) ----
# The 4th Edition's own wordings of powers the vocabulary already has, and its new kinds. Each
# rule names the card it was written for; the card texts stay in the CrossFire data.


@_rule(r"(?:the cleric who casts sanctuary loses the round of battle but is not discarded; it "
       r"returns to the pool instead|a champion who is about to lose a round of battle escapes "
       r"to the player's pool, but the round is still lost)", sentence=True)
def _escape_4th(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Sanctuary and Blink (4th): the 1st Edition's powers, "the round" for "this round" / "the
    # battle" (seed 000 step H: the loser returns to its pool).
    if m.group(0).startswith("the cleric"):
        return (Effect(K.LOSE_ROUND), Effect(K.ESCAPE))
    return (Effect(K.ESCAPE),)


@_rule(r"if (?:he|she|it) is about to lose a battle, (?:he|she|it) can retreat back to "
       r"(?:his|her|its) pool, though the battle is still lost|"
       r"you escape into [a-z' ]+, returning to your pool defeated but not discarded")
def _retreat(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Minerva ("Danger Sense"), Mystic Passage: the losing champion returns to its pool.
    return (Effect(K.ESCAPE),)


@_rule(r"[a-z' -]+ has danger sense|play if about to lose a round of combat")
def _escape_named(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The name of the power (Minerva) or when to play it (Mystic Passage: the losing side is
    # the one that plays cards, seed 000 step F): said by the escape sentence beside it.
    text = ctx.record.text.lower()
    return _MODELLED_NO_EFFECT if ("retreat back to her pool" in text
                                   or "defeated but not discarded" in text) else None


@_rule(r"if defeated by an? ([a-z, ]+?), this champion can flee back to its pool rather than "
       r"being discarded|"
       r"if he is defeated in battle by a (nonflying) champion, he can retreat from combat to "
       r"his pool instead of being discarded")
def _escape_from(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Fleeing Adventurers ("defeated by a psionicist or regent"); Winged Boots ("by a nonflying
    # champion": one without the flyer attribute, as "nonflying attackers", issue 13).
    if m.group(2):
        return (Effect(K.ESCAPE, condition=Condition(vs_not_attributes=(16,))),)
    conds = _vs_conditions(m.group(1))
    if conds is None or any(c.vs_attributes for c in conds):
        return None
    return tuple(Effect(K.ESCAPE, condition=c) for c in conds)


@_rule(r"the fogs of the [a-z' ]+ are particularly dense, allowing a defeated defender to escape "
       r"back to his pool with attachments, rather than being discarded")
def _mistmoor(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The Mistmoor (a realm): its defending champion, losing, returns to its pool.
    if not ctx.realmlike:
        return None
    return (Effect(K.ESCAPE, condition=Condition(when=When.DEFENDING)),)


@_rule(r"(?:the|an) opposing (?:champion|spellcaster) cannot cast spells for this round of "
       r"combat")
def _silence_4th(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Power Word, Silence; Choke Hold ("an opposing spellcaster": a champion casting none is
    # not hindered either way).
    return (Effect(K.SPELLS_BARRED),)


@_rule(r"usable only by (heroes|dragons|undead champions)")
def _unarmed_users(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # An unarmed combat card restating who may use it, as its attributes say (RULES.md §1
    # "Uses" codes: 18 heroes, 101 dragons -- attribute 9 --, 102 undead -- attribute 41).
    if ctx.record.type is not CardType.UNARMED_COMBAT:
        return None
    attrs = set(ctx.record.attributes)
    wanted = {"heroes": set(), "dragons": {9}, "undead champions": {41}}[m.group(1)]
    return _MODELLED_NO_EFFECT if attrs & {9, 41} == wanted else None


#: Card kinds of the 4th Edition's immunity lists -> (card types, mark).
_IMMUNE_KINDS_4TH: dict[str, tuple[tuple[int, ...], str]] = {
    "offensive spells": ((), "off"), "offensive magical items": ((9,), "off"),
    "magical items": ((9,), ""), "offensive psionic power cards": ((11,), "off"),
    "psionic attack": ((11,), "off"), "offensive unarmed combat cards": ((18,), "off"),
    "offensive wizard spells": ((19,), "off"), "offensive cleric spells": ((4,), "off"),
}
_IMMUNE_4TH = "|".join(re.escape(w) for w in sorted(_IMMUNE_KINDS_4TH, key=len, reverse=True))


@_rule(r"(the renowned wizard|this wizard|the attached champion|the ancient sorcerer-king) "
       r"(?:(can use psionic power cards) and )?is immune to ((?:(?:" + _IMMUNE_4TH +
       r")(?:,? and |, )?)+)(?: until the end of this round of battle)?")
def _immune_4th(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Elminster the Mage, Bride of Malice, Kalid-na, Resistance: the champion (the spell's
    # own) is immune to the other side's cards of these kinds (RULES.md §1 "Combat").
    if ctx.realmlike or ctx.record.type in (CardType.ALLY, CardType.EVENT):
        return None
    out: list[Effect] = []
    if m.group(2):
        out.append(Effect(K.MAY_USE, uses=("d11", "o11")))
    for w in re.findall(_IMMUNE_4TH, m.group(3)):
        types, mark = _IMMUNE_KINDS_4TH[w]
        out.append(Effect(K.IMMUNE_OFFENSIVE_SPELLS) if not types else
                   Effect(K.IMMUNE_TO, card_types=types, mark=mark))
    return tuple(dict.fromkeys(out))


@_rule(r"can be cast at any time to cancel the effects of an existing or just-cast spell, blood "
       r"ability, or psionic power card")
def _dispel_4th(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Dispel (4th): the spell, blood ability or psionic power last played by the other side.
    return (Effect(K.PLAY_ANY_TIME), Effect(K.CANCEL_SPELL, card_types=(
        int(CardType.WIZARD_SPELL), int(CardType.CLERIC_SPELL), int(CardType.BLOOD_ABILITY),
        int(CardType.PSIONIC_POWER))))


@_rule(r"if defending an? (" + _WORLD_RE + r") realm, ([a-z' -]+)'s base level is doubled")
def _doubled_at_home(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Neeva: "If defending a Dark Sun realm, Neeva's base level is doubled" (the card itself).
    if not _names_self(m.group(2), ctx):
        return None
    return (Effect(K.DOUBLE_LEVEL, condition=Condition(
        when=When.DEFENDING, realm_worlds=(int(_WORLD_WORDS[m.group(1)]),))),)


DEFENDING = Condition(when=When.DEFENDING)
_ADJ_ATTRIBUTES = {"flying": 16, "swimming": 37, "undead": 40, "earthwalking": 13}


@_rule(r"this [a-z]+ gains an additional " + NUM + r" levels? when fighting (flying|swimming|"
       r"undead|earthwalking) champions")
def _gain_vs_adjective(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Fire Giant: "gains an additional 4 levels when fighting swimming champions".
    return (Effect(K.GAIN_LEVELS, amount=number(m.group(1)), condition=Condition(
        vs_attributes=(_ADJ_ATTRIBUTES[m.group(2)],))),)


@_rule(r"this champion gains " + NUM + r" levels? against all underdark (monsters|heroes|"
       r"wizards|clerics) and can use hero unarmed combat cards")
def _mallin(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Mallin Dimmerswill: an Underdark (attribute 42) monster, both at once.
    return (Effect(K.GAIN_LEVELS, amount=number(m.group(1)), condition=Condition(
                vs_types=(_TYPE_WORDS[m.group(2)],), vs_attributes=(42,))),
            Effect(K.MAY_USE, uses=("d18", "o18")))


@_rule(r"the attached champions? gains? " + NUM + r" levels? when attacking, but only " + NUM +
       r" levels? when defending")
def _split_gain(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Eye and Hand of Vecna (+5/+2): compile_card keeps bonus plus effects at the printed
    # numbers (_without_restated_bonus).
    return (Effect(K.GAIN_LEVELS, amount=number(m.group(1)),
                   condition=Condition(when=When.ATTACKING)),
            Effect(K.GAIN_LEVELS, amount=number(m.group(2)),
                   condition=Condition(when=When.DEFENDING)))


@_rule(r"([a-z' -]+) can be played at any time")
def _named_any_time(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Menzoberranzan: the card naming itself.
    return (Effect(K.PLAY_ANY_TIME),) if m.group(1) == ctx.record.name.lower() else None


@_rule(r"any already in play are discarded")
def _already_in_play(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Net of Entrapment, after "this champion's opponent cannot play allies".
    if "opponent cannot play allies" not in ctx.record.text.lower():
        return None
    return (Effect(K.DESTROY_ALLIES),)


@_rule(r"the [a-z' -]+ is so repulsive that no allies can be played in combat against him|"
       r"no (flying|swimming) allies can be played against this champion|"
       r"the attached champion becomes a (swimmer|flyer), and (swimming|flying) allies cannot "
       r"be played against him")
def _no_allies_4th(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Formorian Giant, The Harpy, Trident of Fish Command.
    if ctx.realmlike or ctx.record.type is CardType.EVENT:
        return None
    adj = m.group(1) or m.group(3)
    attrs = (_ADJ_ATTRIBUTES[adj],) if adj else ()
    out = [Effect(K.ALLIES_BARRED, attributes=attrs)]
    if m.group(2):
        out.insert(0, Effect(K.GAIN_MOVEMENT, movement=(m.group(2),)))
    return tuple(out)


@_rule(r"allies are sympathetic to [a-z' -]+; those played with (?:her|him) gain " + NUM +
       r" levels? and those played against (?:her|him) lose " + NUM + r" levels?", sentence=True)
def _isika(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Isika: her allies gain, the opposing allies lose.
    return (Effect(K.ALLIES_GAIN, amount=number(m.group(1))),
            Effect(K.OPPOSING_ALLIES_LOSE, amount=number(m.group(2))))


@_rule(r"win or lose, the opposing champion is discarded at the end of a round of combat with "
       r"the attached champion")
def _dagger_of_venom(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Dagger of Venom; "Undead champions are immune to this power": an opposing champion
    # without the undead attribute.
    spared = "undead champions are immune to this power" in ctx.record.text.lower()
    return (Effect(K.DISCARD_AFTER_ROUND, condition=Condition(
        vs_not_attributes=(40,) if spared else ())),)


@_rule(r"undead champions are immune to this power")
def _spared_undead(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return _MODELLED_NO_EFFECT if "win or lose" in ctx.record.text.lower() else None


@_rule(r"dwarf \(mul\)")
def _mul(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # A race tag (attributes 12 dwarf, 26 mul) the card carries.
    return _MODELLED_NO_EFFECT if {12, 26} <= set(ctx.record.attributes) else None


@_rule(r"this dwarf's focus is (undead), and her hatred is so intense that she doubles her base "
       r"level whenever in battle with them")
def _beala(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.DOUBLE_LEVEL, condition=Condition(vs_attributes=(40,))),)


@_rule(r"if ([a-z' -]+) is in play, ([a-z' -]+) gains " + NUM + r" levels?")
def _gain_if_in_play(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Adon: "If Midnight is in play, Adon gains 5 levels" (card_in_play: a name beginning so);
    # the card gains, named or "he" / "she" (not "all allies ...").
    if m.group(2) not in ("he", "she", "it") and not _names_self(m.group(2), ctx):
        return None
    return (Effect(K.GAIN_LEVELS, amount=number(m.group(3)), condition=Condition(
        card_in_play=(m.group(1).title(),))),)


@_rule(r"all monster are bribed to desert; discard all monsters in battle or pools",
       sentence=True)
def _treasure_4th(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Treasure (4th): the 1st Edition's event, "pools" for "in pools".
    return (Effect(K.DESTROY_ALL, card_types=(int(CardType.MONSTER),)),)


def _who_only(phrase: str) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """"regents" -> ((14,), ()); "elves (including drow)" -> ((), (14, 10)); "monsters, flyers,
    or swimmers" -> ((10,), (16, 37)); None when a word is not known."""
    phrase = phrase.replace(" (including drow)", " or drow")
    t = _targets(phrase)
    if t is None:
        return None
    types, attrs, moves = t
    return types, attrs + tuple(_ATTRIBUTE_WORDS[mv + "s"] for mv in moves)


@_rule(r"usable only by ([a-z ()]+?), the attached champion is immune to (?:cards that instantly "
       r"kill ([a-z, ]+)|(offensive cleric spells))")
def _usable_only_by(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The instruments (The Harp of Kings, Pan's Pipes ...) and the Hammer of the Gods: who may
    # carry the item, and the immunity it gives its champion.
    users = _who_only(m.group(1))
    if ctx.record.type is not CardType.MAGICAL_ITEM or users is None:
        return None
    out = [Effect(K.CARRIED_ONLY_BY, card_types=users[0], attributes=users[1])]
    if m.group(3):
        out.append(Effect(K.IMMUNE_TO, card_types=(int(CardType.CLERIC_SPELL),), mark="off"))
        return tuple(out)
    slain = _who_only(m.group(2))
    if slain is None:
        return None
    out.append(Effect(K.IMMUNE_TO_SLAYING, card_types=slain[0], attributes=slain[1]))
    return tuple(out)


@_rule(r"this ally (?:instills|strikes) fear in all opposing (heroes|wizards|clerics|monsters|"
       r"champions)(?: \(except (clerics|heroes|wizards|monsters)\))?, reducing their base level "
       r"to 0(?: during that round of combat)?")
def _fear(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The Iron Legion ("all opposing heroes"), Skeletal Lord ("all opposing champions (except
    # clerics)").
    if ctx.record.type is not CardType.ALLY:
        return None
    if m.group(1) == "champions":
        spared = _TYPE_WORDS[m.group(2)] if m.group(2) else None
        types = tuple(t for t in _CHAMPION_CODES if t != spared)
    elif m.group(2):
        return None
    else:
        types = (_TYPE_WORDS[m.group(1)],)
    return (Effect(K.ZERO_OPPOSING_LEVEL, condition=Condition(vs_types=types)),)


@_rule(r"the [a-z' -]+ can be attacked only by (heroes|wizards|clerics|monsters|psionicists|"
       r"thieves|regents)")
def _attacked_only_by_type(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Ruins of Zhentil Keep: "can be attacked only by clerics": every other champion type is
    # barred (the seven types are all the champions there are).
    if not ctx.realmlike:
        return None
    only = _TYPE_WORDS[m.group(1)]
    return (Effect(K.NOT_ATTACKABLE_BY, card_types=tuple(
        t for t in _CHAMPION_CODES if t != only)),)


@_rule(r"this champion gains " + NUM + r" levels? when attacking realms outside (?:the )?(" +
       _WORLD_RE + r")")
def _gain_abroad_4th(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Clerics of Malar (4th): the 1st Edition's "from outside" without "from".
    return (Effect(K.GAIN_LEVELS, amount=number(m.group(1)), condition=Condition(
        when=When.ATTACKING, realm_not_worlds=(int(_WORLD_WORDS[m.group(2)]),))),)


@_rule(r"no ([a-z, -]+?) can attack any realm in this player's formation")
def _formation_not_attackable(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Black Waters (4th): "any realm in this player's formation" for "any realm held by".
    t = _targets(m.group(1))
    if ctx.record.type is not CardType.HOLDING or t is None:
        return None
    return (Effect(K.REALMS_NOT_ATTACKABLE_BY, card_types=t[0], attributes=t[1],
                   movement=t[2]),)


@_rule(r"allies defending any (" + _WORLD_RE + r") realm by this player each gain " + NUM +
       r" levels?")
def _bulwark(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Fortification: Bulwark, as Fort Melidor (1st Edition).
    if ctx.record.type is not CardType.HOLDING:
        return None
    return (Effect(K.REALMS_ALLIES_GAIN, amount=number(m.group(2)), condition=Condition(
        when=When.DEFENDING, realm_worlds=(int(_WORLD_WORDS[m.group(1)]),))),)


@_rule(r"[a-z' -]+'s [a-z ]+ power adds " + NUM + r" to his base level when attacking or "
       r"defending")
def _flesh_armor(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Minervan: always (attacking or defending).
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.GAIN_LEVELS, amount=number(m.group(1))),)


@_rule(r"the [a-z' ]+ can cast either wizard or cleric spells, but at the beginning of each "
       r"battle this champion is in, their player must choose which type will be cast")
def _harpers_4th(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The Harpers (4th): as the 1st Edition's (one_spell_type: the first spell cast chooses).
    return (Effect(K.MAY_USE, uses=("d19", "o19", "d4", "o4")), Effect(K.ONE_SPELL_TYPE))


@_rule(r"(flyers|swimmers|earthwalkers)(?:, (flyers|swimmers|earthwalkers))?,? and "
       r"(flyers|swimmers|earthwalkers) who defend this realm are immune to offensive spells")
def _estwilde(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Estwilde: defenders with one of these movement attributes.
    if not ctx.realmlike:
        return None
    attrs = tuple(_ATTRIBUTE_WORDS[w] for w in m.groups() if w)
    return (Effect(K.IMMUNE_OFFENSIVE_SPELLS, condition=Condition(
        when=When.DEFENDING, self_attributes=attrs)),)


@_rule(r"this [a-z ]+'s defenders are immune to offensive spells, and (swimming|flying) "
       r"defenders are doubled in base level")
def _milborne(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    if not ctx.realmlike:
        return None
    return (Effect(K.IMMUNE_OFFENSIVE_SPELLS, condition=DEFENDING),
            Effect(K.DOUBLE_LEVEL, condition=Condition(
                when=When.DEFENDING, self_attributes=(_ADJ_ATTRIBUTES[m.group(1)],))))


@_rule(r"this bog surrounds the attached realm, reducing all attacking champions and allies to "
       r"half their base levels \(rounded up\)")
def _lhespenbog(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # As Malatra's halving, with no movement spared.
    if not ctx.realmlike:
        return None
    return (Effect(K.HALVE_OPPOSING, condition=DEFENDING),)


@_rule(r"champions defending this realm can use any card types \(spells, psionic power cards, "
       r"unarmed combat cards, blood abilities, etc\)")
def _any_card_types(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The Isle of Beacon Point: the uses its record lists (allies aside).
    uses = tuple(u for u in ctx.uses if u != "1")
    if not ctx.realmlike or not uses:
        return None
    return (Effect(K.MAY_USE, uses=uses, condition=DEFENDING),)


#: What the adventurers of the 4th Edition give each adventurer of their player.
_ADVENTURER_POWERS: tuple[tuple[str, Callable[[re.Match[str]], Effect]], ...] = (
    (r"each adventurer gains (\d+) to his base level|each adventurer gains a \+(\d+) ally "
     r"whether attacking or defending",  # Photed; Vitralis (the ally as its levels)
     lambda m: Effect(K.GAIN_LEVELS, amount=int(m.group(1) or m.group(2)))),
    (r"each adventurer becomes immune to offensive (wizard|cleric) spells",  # Sharla, Migrane
     lambda m: Effect(K.IMMUNE_TO, card_types=(
         int(CardType.WIZARD_SPELL if m.group(1) == "wizard" else CardType.CLERIC_SPELL),),
         mark="off")),
    (r"all adventurers in that pool are immune to offensive magical items",  # Shayla
     lambda m: Effect(K.IMMUNE_TO, card_types=(int(CardType.MAGICAL_ITEM),), mark="off")),
    (r"all phase 4 spells cast by an adventurer are doubled in level",  # Larn
     lambda m: Effect(K.DOUBLE_CARD_BONUS, card_types=_SPELL_CODES)),
    (r"allies cannot be used to defend against an attack by this player's adventurers",
     lambda m: Effect(K.ALLIES_BARRED, condition=Condition(when=When.ATTACKING))),  # Ssilcroth
)


@_rule(r"when [a-z' -]+ is in a pool with (one|two|three|four|five) or more (?:other )?"
       r"adventurers, (.+)")
def _adventurers(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The adventurers (Photed, Sharla ...): with enough other adventurers (attribute 1) among
    # its player's champions in play, each adventurer -- the player's champion in the round,
    # when it is one -- has the power, the card in the pool or in the round.
    if ctx.record.type not in CHAMPION_TYPES or 1 not in ctx.record.attributes:
        return None
    for pattern, build in _ADVENTURER_POWERS:
        found = re.fullmatch(pattern, m.group(2))
        if found:
            e = build(found)
            return (replace(e, condition=replace(
                e.condition, self_attributes=(1,),
                with_own_champions=(1, number(m.group(1))))),)
    return None


@_rule(r"this spell can be cast at any time to negate the effect of any event card")
def _limited_wish(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Limited Wish: as Calm, the event the other side played last into the round.
    if ctx.record.type not in _SPELL_TYPES:
        return None
    return (Effect(K.PLAY_ANY_TIME), Effect(K.CANCEL_EVENT))


@_rule(r"the opposing player cannot play any events for the rest of this round of battle, "
       r"including calm")
def _marilith(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Marilith, Tanar'ri (an ally): the other side's events are barred while it is in the round.
    return (Effect(K.EVENTS_BARRED),)


@_rule(r"this player's allies, whether attacking or defending, cannot be forced to switch sides "
       r"for any reason|this ally and any other (undead) allies played with it cannot be forced "
       r"to switch sides")
def _allies_stay(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Fortification: Rampart (a holding, every battle of its player); Skeletal Minion (itself
    # undead, and the other undead allies).
    if m.group(1):
        if ctx.record.type is not CardType.ALLY or 40 not in ctx.record.attributes:
            return None
        return (Effect(K.ALLIES_STAY, attributes=(40,)),)
    if ctx.record.type is not CardType.HOLDING:
        return None
    return (Effect(K.ALLIES_STAY),)


@_rule(r"the [a-z' -]+ gains " + NUM + r" levels? for each (magical item|artifact) attached to "
       r"(?:him|her|it)")
def _per_item(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The Cyclops: each magical item it carries (attached, or played onto it in the round).
    kind = CardType.MAGICAL_ITEM if m.group(2) == "magical item" else CardType.ARTIFACT
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.GAIN_PER_OWN_CARDS, amount=number(m.group(1)), card_types=(int(kind),)),)


@_rule(r"(?:the level bonus )?increases to \+" + NUM + r" if cast by a level " + NUM + r" or " +
       NUM + r" champion,? (?:and increases to|or to) \+" + NUM + r" if cast by a(?: level " +
       NUM + r" or higher champion| champion of level " + NUM + r" or higher)")
def _bonus_by_caster(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Magic Missile (+3: +5 by a level 7 or 8 caster, +9 from 9), Sticks to Snakes (+4: +6,
    # +8): the spell's bonus grows with its caster's printed level.
    bonus = ctx.level.bonus
    if ctx.record.type not in _SPELL_TYPES or bonus is None:
        return None
    first, lo, hi, second = (number(m.group(i)) for i in (1, 2, 3, 4))
    top = number(m.group(5) or m.group(6))
    if hi != lo + 1 or top != hi + 1:
        return None  # the ranges must meet (7-8, then 9 or higher)
    return (Effect(K.GAIN_LEVELS, amount=first - bonus, condition=Condition(
                self_levels=(lo, hi))),
            Effect(K.GAIN_LEVELS, amount=second - bonus, condition=Condition(
                self_levels=(top, 0))))


@_rule(r"until the end of this champion's next combat, increase the caster's base level by " +
       NUM + r" if cast by a champion level " + NUM + r" or less; by " + NUM + r" if level (\d+)-"
       r"(\d+); or by " + NUM + r" if level (\d+)\+", sentence=True)
def _armor(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Armor: +1 to a caster of level 5 or less, +3 of level 6-9, +5 of 10 or more (cast in the
    # battle: "this champion's next combat" is this one).
    low, most, mid, lo, hi, high, least = (number(m.group(i)) for i in range(1, 8))
    if lo != most + 1 or least != hi + 1:
        return None
    return (Effect(K.GAIN_LEVELS, amount=low, condition=Condition(self_levels=(0, most))),
            Effect(K.GAIN_LEVELS, amount=mid, condition=Condition(self_levels=(lo, hi))),
            Effect(K.GAIN_LEVELS, amount=high, condition=Condition(self_levels=(least, 0))))


@_rule(r"this (?:sword|weapon|item) is \+" + NUM + r" vs\. any champion with a base level of " +
       NUM + r" or higher")
def _holy_avenger(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Holy Avenger (+7): +10 against a champion of printed level 8 or more.
    bonus = ctx.level.bonus
    if bonus is None:
        return None
    return (Effect(K.GAIN_LEVELS, amount=number(m.group(1)) - bonus, condition=Condition(
        vs_levels=(number(m.group(2)), 0))),)


@_rule(r"doubles the level of a defending (" + _WORLD_RE + r") champion as he is sent forward; "
       r"cards subsequently played are not doubled", sentence=True)
def _damara(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Damara: the champion's own level (double_level doubles no card played with it).
    if not ctx.realmlike:
        return None
    return (Effect(K.DOUBLE_LEVEL, condition=Condition(
        when=When.DEFENDING, self_worlds=(int(_WORLD_WORDS[m.group(1)]),))),)


@_rule(r"the [a-z' -]+ rips away allies from the opposing champion, who must discard any already "
       r"played")
def _clay_golem(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Clay Golem: every opposing ally goes; destroy_allies of a card in the round bars the
    # ones played after it too (legal.bars), as the next sentence says.
    return (Effect(K.DESTROY_ALLIES),) if ctx.record.type is CardType.ALLY else None


@_rule(r"the ally continues to rip away any more played")
def _rips_more(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    text = ctx.record.text.lower()
    return _MODELLED_NO_EFFECT if "rips away allies" in text or "rips away magical items" in \
        text else None


@_rule(r"no (drow) can stand against this mighty leader; drow allies are instantly killed, and "
       r"drow champions return to their pools, defeated", sentence=True)
def _arden(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Arden Glimrock: opposing drow allies are destroyed (and barred: legal.bars); a drow
    # champion loses the round and goes back to its pool (as Protection, 1st Edition).
    drow = Condition(vs_attributes=(10,))
    return (Effect(K.DESTROY_ALLIES, attributes=(10,)), Effect(K.WIN_ROUND, condition=drow),
            Effect(K.OPPONENT_ESCAPES, condition=drow))


@_rule(r"([a-z' -]+) gains " + NUM + r" levels? when defending an? (underdark|coastal) realm and "
       r"can use offensive psionic power cards")
def _malleyahl(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Malleyahl: an Underdark realm (attribute 42); the offensive psionic use is in its record.
    if "o11" not in ctx.uses or not _names_self(m.group(1), ctx):
        return None
    attr = 42 if m.group(3) == "underdark" else 5
    return (Effect(K.GAIN_LEVELS, amount=number(m.group(2)), condition=Condition(
        when=When.DEFENDING, realm_attributes=(attr,))), Effect(K.MAY_USE, uses=("o11",)))


@_rule(r"an opposing champion cannot cast any spells or use psionic power cards for the rest of "
       r"this round of battle")
def _mindwipe(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.SPELLS_BARRED), Effect(K.CARDS_BARRED, card_types=(
        int(CardType.PSIONIC_POWER),)))


@_rule(r"discards any unarmed combat cards in play and prevents further unarmed combat cards from "
       r"being used this round")
def _body_weaponry(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Body Weaponry: both sides' unarmed combat cards go, and neither side may play more.
    kind = (int(CardType.UNARMED_COMBAT),)
    return (Effect(K.DESTROY_ALL, card_types=kind), Effect(K.NO_CARDS, card_types=kind))


#: Worlds whose artifacts any champion may carry (as battle/facts.ANY_WORLD: none, AD&D, TSR,
#: no world).
_ANY_WORLD_CODES = (int(World.NONE), int(World.ADND), int(World.TSR), int(World.NO_WORLD))


@_rule(r"the [a-z' -]+ can be attached to any champion")
def _any_champion(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Axe of the Dwarvish Lords: an AD&D artifact, which a champion of any world may carry
    # already (RULES.md §1 "Table"; battle/facts.ANY_WORLD): a restatement.
    if ctx.record.type is not CardType.ARTIFACT or ctx.record.world not in _ANY_WORLD_CODES:
        return None
    return _MODELLED_NO_EFFECT


@_rule(r"in addition to the listed bonus, the [a-z' -]+ also gives the attached champion a \+" +
       NUM + r" ally")
def _extra_ally(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Axe of the Dwarvish Lords: a +8 ally besides its +3 (an ally's levels, as "acts as a
    # permanent +N ally").
    return (Effect(K.GAIN_LEVELS, amount=number(m.group(1))),)


#: Powers that need a third player (one "outside the combat", "not involved in" it): none in
#: a two-player game (RULES.md §1; as "can be cast during any battle, including those between
#: opponents"), read only on a card whose text names such a player.
_THIRD_PLAYER_RE = re.compile(
    r"if the attached realm is attacked, this player may ask help from a player outside the "
    r"combat|"
    r"if that player accepts, he must play one or more allies or magical items on this player's "
    r"side of the battle|"
    r"he is then entitled to a free draw from his card pile|"
    r"win or lose, the card\(s\) played is discarded|"
    r"if the attached realm is attacked, this player can barter with a player outside the combat|"
    r"players swap hands for the battle, and both draw spoils if victorious in the realm's "
    r"defense|"
    r"during a battle he is not involved in, this player can make an attacking player's "
    r"champions and allies swimmers|"
    r"in return, this player gets to draw a card from his draw pile if the attack results in a "
    r"razed or discarded realm|"
    r"the attacker receives no spoils|"
    r"[a-z' ]+ can corrupt a monster in the pool of a player not involved in the current combat "
    r"to act in his stead|"
    r"that player must provide the champion, but this player may only use the cards in his own "
    r"hand|"
    r"if on the losing side of a battle, [a-z' ]+ can rob a victorious player of his spoils of "
    r"victory by allowing a player not involved in the battle to draw spoils instead")


@_rule(_THIRD_PLAYER_RE.pattern)
def _third_player(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Boeruine Trading Guild, Barter, Straits of Aerele Shipping, Malaruat, Stug.
    text = ctx.record.text.lower()
    if not re.search(r"outside the combat|not involved in", text):
        return None
    return _NOT_COMBAT


@_rule(r"offensive spells, offensive magical items, and harmful events have no effect against "
       r"the attached champion")
def _orb_of_power(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.IMMUNE_OFFENSIVE_SPELLS),
            Effect(K.IMMUNE_TO, card_types=(int(CardType.MAGICAL_ITEM),), mark="off"),
            Effect(K.IMMUNE_HARMFUL_EVENTS))


@_rule(r"this wand can be attached to any (undead) (monster) champion")
def _wand_users(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Wand of Orcus (AD&D: any world's champion): an undead monster (both).
    if ctx.record.type is not CardType.ARTIFACT or ctx.record.world not in _ANY_WORLD_CODES:
        return None
    return (Effect(K.CARRIED_ONLY_BY, card_types=(_TYPE_WORDS[m.group(2)],),
                   attributes=(_ATTRIBUTE_WORDS[m.group(1)],)),)


@_rule(r"when the wand is used in battle against an opposing champion of level " + NUM +
       r" or less, the opponent is instantly slain \(discarded\)")
def _wand_slays(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.DESTROY_CHAMPION, amount=number(m.group(1))),)


@_rule(r"any magical item weapons attached to the [a-z' -]+ are doubled in level")
def _weapons_doubled(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Winged Horror: its magical items that are weapons (attribute 44).
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.DOUBLE_CARD_BONUS, card_types=(int(CardType.MAGICAL_ITEM),),
                   attributes=(44,)),)


@_rule(r"[a-z' -]+ can be played at any time to negate an offensive unarmed combat card")
def _tyrol_negates(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Tyrol (an ally): the other side's last offensive unarmed combat card in the round.
    if ctx.record.type is not CardType.ALLY:
        return None
    return (Effect(K.PLAY_ANY_TIME), Effect(K.CANCEL_SPELL, card_types=(
        int(CardType.UNARMED_COMBAT),), mark="off"))


@_rule(r"he gains " + NUM + r" levels? if played with an? (hero|wizard|cleric|monster|regent|"
       r"thief|psionicist)")
def _ally_gain_with(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Tyrol: the ally's levels, with a champion of that type (its side's total either way).
    if ctx.record.type is not CardType.ALLY:
        return None
    return (Effect(K.GAIN_LEVELS, amount=number(m.group(1)), condition=Condition(
        self_types=(_TYPE_WORDS[m.group(2)],))),)


@_rule(r"only offensive spells and magical items that have the word \"(\w+)\" in their title "
       r"have any effect on this (?:monster|champion|hero|wizard|cleric)")
def _roper(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Roper: immune to the other side's offensive spells and magical items but those named so.
    return (Effect(K.IMMUNE_EXCEPT_NAMED, card_types=(*_SPELL_CODES, int(CardType.MAGICAL_ITEM)),
                   mark="off", names=(m.group(1),)),)


#: "allies become flyers": ``gain_movement`` for the ally type (as Flight's "all allies").
_FLY = Effect(K.GAIN_MOVEMENT, movement=("flyer",), card_types=(int(CardType.ALLY),))


@_rule(r"[a-z' -]+'s allies all become flyers|[a-z' -]+ confers the ability to fly on all allies "
       r"played with her|he confers the power to fly on his allies, allowing them to attack with "
       r"him")
def _allies_fly(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Tyrinon, Sysania, Ting Ling: their allies fly (allies are not gated by movement, RULES.md
    # §1 "Table"; their flying counts where an ally's movement is read).
    return (_FLY,) if ctx.record.type in CHAMPION_TYPES else None


@_rule(r"they are strengthened by his presence, and each gains " + NUM + r" levels?",
       sentence=True)
def _strengthened(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Tyrinon: "each" is each of his allies (the clause rules read the champion).
    if "allies all become" not in ctx.record.text.lower():
        return None
    return (Effect(K.ALLIES_GAIN, amount=number(m.group(1))),)


@_rule(r"he can pass through the earth at will, allowing him and his allies to earthwalk|"
       r"the champion and his allies are considered flyers for this round of battle|"
       r"this player's champions and allies put forward in battle become flyers for this turn|"
       r"the attached champion and its allies become swimmers that can attack any realm with a "
       r"coastline, regardless of its position")
def _champion_and_allies_move(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Merik (earthwalk), Wind Walk and Flight (fly), Gauntlets of Swimming (a swimmer attacks
    # any coastal realm whatever its position: RULES.md §1 "Table").
    text = m.group(0)
    move = "earthwalker" if "earth" in text else "swimmer" if "swimmer" in text else "flyer"
    return (Effect(K.GAIN_MOVEMENT, movement=(move,)),
            Effect(K.GAIN_MOVEMENT, movement=(move,), card_types=(int(CardType.ALLY),)))


@_rule(r"the [a-z' -]+ rips away magical items from the opposing champion, who must discard all "
       r"attached magical items")
def _flesh_golem(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Flesh Golem: the opposing champion's magical items go; "the ally continues to rip away
    # any more played": the opponent may play no more (cards_barred).
    if ctx.record.type is not CardType.ALLY:
        return None
    return (Effect(K.DESTROY_ITEMS), Effect(K.CARDS_BARRED, card_types=(
        int(CardType.MAGICAL_ITEM),)))


@_rule(r"all opposing allies of \+" + NUM + r" or less are forced to switch sides")
def _charm_aura(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Charm Aura (a blood ability played into the round): every such ally now in the round.
    if ctx.record.type not in _PLAYED_INTO_ROUND:
        return None
    return (Effect(K.STEAL_ALLY, amount=number(m.group(1))),)


@_rule(r"allies played after this (?:blood ability|spell|card) are unaffected")
def _later_unaffected(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Charm Aura: restates that the power acts as the card enters the round.
    return _MODELLED_NO_EFFECT if "forced to switch sides" in ctx.record.text.lower() else None


@_rule(r"([a-z]+) can (bless all allies played with|magically enhance all magical items held by) "
       r"her or her sisters, ([a-z]+) and ([a-z]+), giving each (?:ally|item) a \+" + NUM +
       r" bonus")
def _sisters(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Pearl (allies), Amber (magical items): for herself and her two sisters, from her pool too.
    if m.group(1) != ctx.record.name.lower() or ctx.record.type not in CHAMPION_TYPES:
        return None
    names = tuple(g.title() for g in (m.group(1), m.group(3), m.group(4)))
    cond = Condition(self_names=names)
    amount = number(m.group(5))
    if m.group(2).startswith("bless"):
        return (Effect(K.ALLIES_GAIN, amount=amount, condition=cond),)
    return (Effect(K.GAIN_PER_OWN_CARDS, amount=amount, card_types=(int(CardType.MAGICAL_ITEM),),
                   condition=cond),)


@_rule(r"only (swimming|flying|undead|earthwalking) allies may be played against this champion")
def _allies_only(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The Death Ship: the opponent's allies must be swimmers.
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.ALLIES_ONLY, attributes=(_ADJ_ATTRIBUTES[m.group(1)],)),)


@_rule(r"the base level of all champions and allies attacking the attached realm is halved "
       r"\(rounded down\)")
def _barricade(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Fortification: Barricade: as Lhespenbog, rounded down.
    if not ctx.realmlike:
        return None
    return (Effect(K.HALVE_OPPOSING, mark="down", condition=DEFENDING),)


#: 4th Edition sentences that never change a battle (drawing, the turn's start or end, rule
#: cards' standing, shuffling, deck building).
_NOT_COMBAT_4TH = re.compile(
    r"at the (?:start|beginning|end) of this player's turn.*|"
    r"any holdings remain attached|"
    r"[a-z']+ player draws one extra card per turn|"
    r"played at the beginning of the player's turn, this card is not discarded|"
    r"it affects all players and remains in effect until any other rule card is played|"
    r"the game cannot end by a player running out of cards|"
    r"any time a player depletes his draw pile, he simply reshuffles his discards to form a new "
    r"draw pile|"
    r"cards in the abyss remain in the abyss|"
    r"razed realms in the a or b position remain in the formation|"
    r"if he guessed correctly, the card is placed in the abyss, otherwise it is discarded|"
    r"no limit per deck|"
    r"during phase 3,? (?:this player may rearrange magical items and artifacts between champions "
    r"in his pool|the attached champion can retrieve one undead ally from the discard pile to "
    r"the player's hand)|"
    r"he can be discarded from his pool to rebuild a razed realm|"
    r"while he is in play, the realm [a-z' ]+ may not be played|"
    r"if the [a-z' ]+ is razed, this player can discard one razed realm from another player's "
    r"formation|"
    r"this realm may be razed to prevent another player from gaining an extra turn|"
    r"each time the attached realm is successfully defended, search the draw pile for the first "
    r"artifact or magical item and place it in pool or hand|"
    r"reshuffle the draw pile|"
    r"if the attached champion is victorious in an attack, all holdings in that player's "
    r"formation are discarded|"
    r"if one of this player's champions or realms is the target of a phase 3 spell, all players "
    r"draw a card, noting its last digit|"
    r"the player with the lowest number becomes the recipient instead, and the caster selects a "
    r"new target if necessary|"
    r"\(if a tie, those players redraw until one is the lowest\.?\)|"
    r"if on the winning side of a battle, this player can choose one magical item, artifact, or "
    r"rule card in play anywhere to be discarded|"
    r"any one player \(including the event player\) is forced to reshuffle his discards into "
    r"his draw pile|"
    r"all elves in all discard piles are brought back to life|"
    r"they are added back to their draw pile, which is reshuffled|"
    r"in a multiplayer game, this event can be played to prevent one player's turn|"
    r"in a two player game, this event can prevent an extra turn gained from another card such "
    r"as the caravan|"
    r"this player's champions are immune to the phase 0 special powers of realms|"
    r"this player's (?:" + _WORLD_RE + r") champions are immune to spells cast in phase 3")


_RULE_CARD_RE = re.compile(r"played at the beginning of the player's turn, this card is not "
                           r"discarded|it affects all players and remains in effect until any "
                           r"other rule card is played")


_LIMBO_AT_TURN_START = (r"at the start of this player's turn, send one champion to limbo until "
                        r"the end of that player's next turn")
"""The Horned Society's power (issue 13, turn2: ``limbo_at_turn_start``)."""


@_rule(_NOT_COMBAT_4TH.pattern)
def _not_combat_4th(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    if _RULE_CARD_RE.fullmatch(m.group(0)) and not _rule_card_not_combat(ctx):
        return None
    if re.fullmatch(_LIMBO_AT_TURN_START, m.group(0)):
        return None  # read by _limbo_at_turn_start (issue 13, turn2)
    return _NOT_COMBAT


def _rule_card_not_combat(ctx: _Ctx) -> bool:
    """A rule card's standing ("played at the beginning of the player's turn ...") is not
    combat only when none of its other sentences is: the battle engine applies no rule card
    (game/plays.py puts it into play), so one with a combat power is not modelled."""
    if ctx.record.type is not CardType.RULE:
        return False
    for sentence in _sentences(ctx.record.text):
        s = _clean(sentence)
        if not s or _RULE_CARD_RE.fullmatch(s):
            continue
        if any(p.fullmatch(s) for p in _NOT_COMBAT_RE):
            continue
        if _apply(_CLAUSE_RULES, s, ctx) != _NOT_COMBAT:
            return False
    return True


# ---- 3rd Edition (issue 13, c3rd) ----
# Printed 3rd Edition phrasings (run ``combatzoo cards coverage --set 3rd``); each rule names
# its card. Cards whose text is shared with a 1st Edition card are left to that edition's rules.


@_rule(_LIMBO_AT_TURN_START)
def _limbo_at_turn_start(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The Horned Society (a realm): at the start of its player's turn, one pool champion goes
    # to Limbo until the end of its owner's next turn (issue 13, turn2: limbo_at_turn_start,
    # game/turn_powers.py).
    if ctx.record.type is not CardType.REALM:
        return None
    return (Effect(K.LIMBO_AT_TURN_START),)


@_rule(r"when first played, [a-z' ]+ can remove one (wizard|hero|cleric|monster) from play "
       r"\(the (?:wizard|hero|cleric|monster) is discarded\)|"
       r"when [a-z' ]+ is first played, this player can send any (regent) to (the abyss)")
def _when_first_played(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Furyondy, Rhuobhe (realms): as the realm is played in phase 2 (or as spoils), one
    # opposing pool champion of the type is discarded or sent to the Abyss (removes_when_played,
    # issue 13 trig: game/triggers.realm_played).
    if ctx.record.type is not CardType.REALM:
        return None
    kind = _TYPE_WORDS[m.group(1) or m.group(2)]
    return (Effect(K.REMOVES_WHEN_PLAYED, card_types=(kind,),
                   mark="abyss" if m.group(3) else ""),)


@_rule(r"if ([a-z' ]+) is played or razed while (?:this realm|the [a-z' ]+) is in play, this "
       r"player draws " + NUM + r" cards?")
def _draws_when_razed(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Duchy of Tenh: the player draws as Menzoberranzan is played or razed (draw_when_realm,
    # issue 13 trig: game/triggers.realm_named).
    n = _NUMBERS.get(m.group(2)) or int(m.group(2))
    return (Effect(K.DRAW_WHEN_REALM, amount=n, names=(m.group(1).title(),)),)


@_rule(r"all players draw " + NUM + r" cards face up|any realms drawn must be discarded "
       r"immediately|all other cards are kept in the hand")
def _storm_at_sea(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Storm at Sea (event): cards drawn, realms among them discarded from the draw: no card of
    # a battle changes.
    return _NOT_COMBAT if ctx.record.type is CardType.EVENT else None


@_rule(r"attach this holding to a razed [a-z' ]+ realm to rebuild it instantly, causing one "
       r"other [a-z' ]+ realm in play to be razed \(chosen by this player\)|"
       r"limit (?:one|\d+) per deck")
def _rebuild_and_deck_limits(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Ancient Arms of the Shield Lands: played on a razed realm in phase 2 (a holding is never
    # played in a battle); "limit one per deck" is a deck-building rule.
    return _NOT_COMBAT


@_rule(r"[a-z' ]+ can be discarded to the abyss during phase 3 to retrieve an? "
       r"(?:magical item|artifact|ally|spell)")
def _phase_3_retrieve(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Powell: phase 3 is outside combat (RULES.md §1 "Turn phases"); in a battle the ally
    # fights with its bonus alone.
    return _NOT_COMBAT


@_rule(r"one champion and/or ally becomes a flyer")
def _fly_and_or(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Fly (3rd): as the 1st Edition's "one champion or ally becomes a flyer" (_fly); allies
    # lend no movement (RULES.md §1 "Table").
    return (Effect(K.GAIN_MOVEMENT, movement=("flyer",)),)


@_rule(r"when defending an? (" + _WORLD_RE + r") realm, (?:her|his|its) level is doubled")
def _doubled_at_world_realm(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Neeva: "When defending a Dark Sun realm, her level is doubled."
    return (Effect(K.DOUBLE_LEVEL, condition=Condition(
        when=When.DEFENDING, realm_worlds=(int(_WORLD_WORDS[m.group(1)]),))),)


@_rule(r"this player's (" + _WORLD_RE + r") realms cannot be attacked by ([a-z, ]+)")
def _world_realms_barred_3rd(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Orb of Dragonkind (3rd): the 1st Edition's text without "and their defenders" (the bar is
    # on attacking the realms either way): _world_realms_barred.
    t = _targets(m.group(2))
    if ctx.record.type not in (CardType.ARTIFACT, CardType.HOLDING) or t is None:
        return None
    return (Effect(K.REALMS_NOT_ATTACKABLE_BY, card_types=t[0], attributes=t[1], movement=t[2],
                   condition=Condition(realm_worlds=(int(_WORLD_WORDS[m.group(1)]),))),)


@_rule(r"[a-z' ]+ has a death wish, and if he dies when defending an? (" + _WORLD_RE +
       r") realm, the opposing champion \(though victorious\) must be discarded too")
def _death_wish(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Herminard: after the round he lost defending a realm of that world, the victor is
    # discarded (seed 001: "occasionally, some cards can even discard a successful attacking
    # champion ... outside of the battle"): avenge_discard.
    return (Effect(K.AVENGE_DISCARD, condition=Condition(
        when=When.DEFENDING, realm_worlds=(int(_WORLD_WORDS[m.group(1)]),))),)


@_rule(r"the mighty hammer of the dwarves slays any (\w+) opposing the attached champion")
def _slays_kind(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Dwarven Hammer: an opposing giant, champion or ally, is slain (discarded): the champion
    # at activation (destroy_champion), allies as they come (destroy_allies; a destroy power
    # already in the round bars them [decided], legal.bars).
    attr = _ATTRIBUTE_WORDS.get(m.group(1))
    if attr is None:
        return None
    return (Effect(K.DESTROY_CHAMPION, condition=Condition(vs_attributes=(attr,))),
            Effect(K.DESTROY_ALLIES, attributes=(attr,)))


@_rule(r"the king has a permanent \+" + NUM + r" magical item \([a-z ]+\) attached to him that "
       r"cannot be removed by any means")
def _permanent_item(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # King Havlor II: the sword is printed on the card, not a card of its own: no power can
    # take it, so it is [decided] +N levels of the champion in every battle.
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.GAIN_LEVELS, amount=number(m.group(1))),)


@_rule(r"when defending, negates all psionic powers for that battle")
def _negates_psionics(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Erellika: the other side's psionic power cards have no effect in the battle (neither
    # bonus nor power: immune_to, totals.affects); her own side casts none (she uses no psionic
    # powers and allies cast nothing).
    if ctx.record.type not in CHAMPION_TYPES or {"d11", "o11"} & set(ctx.uses):
        return None
    return (Effect(K.IMMUNE_TO, card_types=(int(CardType.PSIONIC_POWER),),
                   condition=Condition(when=When.DEFENDING)),)


@_rule(r"when attacking, negates the powers of all enemy holdings for the duration of that "
       r"battle")
def _negates_holdings_3rd(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Erellika: as Anavias's "psionically negates the power of all enemy holdings" (_anavias).
    return (Effect(K.NEGATE_HOLDINGS, condition=Condition(when=When.ATTACKING)),)


@_rule(r"spells are doubled in level")
def _realm_doubles_spells(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # County of Sunndi: "Any champion can use wizard spells when defending the County of
    # Sunndi; spells are doubled in level": the bonus of its defender's spells counts twice (a
    # realm's power acts in its defense, as the 1st Edition's "the level bonus of any wizard
    # spell cast in defense of the attached realm is doubled").
    if ctx.record.type is not CardType.REALM:
        return None
    return (Effect(K.DOUBLE_CARD_BONUS, card_types=_SPELL_CODES,
                   condition=Condition(when=When.DEFENDING)),)


@_rule(r"negates the levels and special powers of all offensive magical items of less than \+" +
       NUM + r" enchantment|the attached champion and all his allies are immune to magical "
       r"items of \+" + NUM + r" or less")
def _immune_to_weak_items(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Grypht the Saurial (a champion): the other side's offensive magical items below +4 have
    # no effect; Hornhead Saurial (an ally): its side is immune to magical items of +3 or less.
    if m.group(1):
        return (Effect(K.IMMUNE_TO_WEAK, card_types=(int(CardType.MAGICAL_ITEM),), mark="off",
                       amount=number(m.group(1)) - 1),)
    return (Effect(K.IMMUNE_TO_WEAK, card_types=(int(CardType.MAGICAL_ITEM),),
                   amount=number(m.group(2))),)


@_rule(r"this ally instills fear in all opposing (heroes|wizards|clerics|monsters), reducing "
       r"their base level to 0 in battle")
def _base_level_zero(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The Iron Legion: an opposing hero fights at base level 0 (its allies and cards count).
    return (Effect(K.ZERO_OPPOSING_LEVEL, condition=Condition(
        vs_types=(_TYPE_WORDS[m.group(1)],))),)


@_rule(r"defending champions gain \+?" + NUM + r" for each magical item they own")
def _gain_per_item(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Calimshan (a realm): its defender gains per magical item it carries.
    if ctx.record.type is not CardType.REALM:
        return None
    return (Effect(K.GAIN_PER_OWN_CARDS, amount=number(m.group(1)),
                   card_types=(int(CardType.MAGICAL_ITEM),),
                   condition=Condition(when=When.DEFENDING)),)


@_rule(r"all non(flying|swimming) allies opposing the [a-z' -]+ lose " + NUM + r" levels?")
def _nonflying_allies_lose(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Cha'thrang: the other side's allies that do not fly lose 4 levels each.
    move = "flyer" if m.group(1) == "flying" else "swimmer"
    return (Effect(K.OPPOSING_ALLIES_LOSE_UNLESS, amount=number(m.group(2)), movement=(move,)),)


@_rule(r"all nonhuman allies \(elves, dwarves, and halflings\) lose " + NUM + r" levels? for "
       r"fear of the [a-z' -]+")
def _nonhumans_fear(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Thri-kreen: every elf, dwarf and halfling ally in the battle, on both sides ("all").
    races = tuple(_ATTRIBUTE_WORDS[w] for w in ("elves", "dwarves", "halflings"))
    return (Effect(K.ALL_ALLIES_GAIN, amount=-number(m.group(1)), attributes=races),)


@_rule(r"(?:this spell's bonus )?increases to \+" + NUM + r" if cast by a (?:champion of level " +
       NUM + r" or higher|level " + NUM + r" or " + NUM + r" champion)(?:, and increases to \+" +
       NUM + r" if cast by a level " + NUM + r" or higher champion)?")
def _bonus_by_caster_level(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Chain Lightning: "+7 if cast by a champion of level 7 or higher"; Sticks to Snakes: "+6
    # if cast by a level 7 or 8 champion, and ... +8 if cast by a level 9 or higher champion":
    # the caster's printed level (self_levels, least to most, 0 for no bound) sets the bonus.
    bonus = ctx.level.bonus
    if bonus is None or ctx.record.type not in _SPELL_TYPES:
        return None
    first = number(m.group(1))
    if m.group(2):  # "of level 7 or higher"
        return (Effect(K.GAIN_LEVELS, amount=first - bonus,
                       condition=Condition(self_levels=(number(m.group(2)), 0))),)
    lo, hi = number(m.group(3)), number(m.group(4))
    if m.group(5) is None or hi != lo + 1 or number(m.group(6)) != hi + 1:
        return None  # the ranges must meet: "level 7 or 8", then "level 9 or higher"
    return (Effect(K.GAIN_LEVELS, amount=first - bonus, condition=Condition(self_levels=(lo, hi))),
            Effect(K.GAIN_LEVELS, amount=number(m.group(5)) - bonus,
                   condition=Condition(self_levels=(hi + 1, 0))))


@_rule(r"if on the losing side of a battle, (?:all magical items in play are shuffled back into "
       r"(the draw pile|their respective draw piles)|[a-z' -]+ (transfers) all non-event cards in "
       r"this player's abyss to his discard pile)")
def _after_a_lost_battle_more(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Silt Stalkers (3rd and 4th Editions: "the draw pile" is each item's owner's, as the 4th
    # says "their respective draw piles"), Mikor (issue 13, after2): after the lost round (seed
    # 001; battle/aftermath_more.py). Allies only: the card is "on the losing side".
    if ctx.record.type is not CardType.ALLY:
        return None
    return (Effect(K.ABYSS_TO_DISCARD if m.group(2) else K.ITEMS_SHUFFLED_BACK),)


@_rule(r"if on the losing side of a battle, (?:he can eliminate one magical item in play|this "
       r"ally destroys one avatar in play anywhere, chosen by this player)")
def _after_a_lost_battle(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Figurine of Wondrous Power, Avatar's Bane: what happens to other
    # cards in play once the battle is lost happens outside of the battle (seed 001), as the
    # 1st Edition's "if it is on the losing side of a battle, it destroys one champion ..."
    # (_NOT_COMBAT_PATTERNS). Where the round's own cards go is not read here.
    return _NOT_COMBAT


@_rule(r"if on the losing side of a battle, [a-z' -]+ can rob a victorious player of his spoils "
       r"of victory by allowing a player not inv(?:ol|lo)ved in the battle to draw spoils "
       r"instead|can be played any time to participate in another player's battle; level rises "
       r"to " + NUM + r"|regardless of the outcome, the mercenaries return to this player, who "
       r"receives no spoils", sentence=True)
def _other_players(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Stug, Nomad Mercenaries: a player not involved in the battle, another player's battle:
    # none in a two-player game (RULES.md §1), as _other_players_battles.
    return _NOT_COMBAT if ctx.record.type is CardType.ALLY else None


@_rule(r"(heroes|wizards|clerics|monsters|champions) of base level " + NUM + r" or less cannot "
       r"attack (?:it|this realm)")
def _weak_attackers_barred(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Vaasa: heroes of printed level 3 or less may not attack it.
    if not ctx.realmlike:
        return None
    types = () if m.group(1) == "champions" else (_TYPE_WORDS[m.group(1)],)
    return (Effect(K.NOT_ATTACKABLE_BY_WEAK, card_types=types, amount=number(m.group(2))),)


@_rule(r"vaasa is populated by fierce roving bands of monsters and barbarians")
def _vaasa_flavor(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Vaasa's first sentence: a line about the realm's people, no power (its game words,
    # "monsters", keep _flavor from seeing it as flavor).
    return _NOT_COMBAT


@_rule(r"can defend itself as a level " + NUM + r" (hero|wizard|cleric|monster), and can only be "
       r"attacked by (heroes|wizards|clerics|monsters)")
def _defends_and_only_types(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Ruins of Zhentil Keep: defends as a level 5 monster; only clerics may attack it: every
    # other champion type is barred (the seven types are all the champions there are; as the
    # 4th Edition's "can be attacked only by clerics").
    if ctx.record.type is not CardType.REALM:
        return None
    only = _TYPE_WORDS[m.group(3)]
    return (Effect(K.DEFEND_AS, amount=number(m.group(1)), champion_type=_TYPE_WORDS[m.group(2)]),
            Effect(K.NOT_ATTACKABLE_BY, card_types=tuple(t for t in _CHAMPION_CODES if t != only)))


@_rule(r"confers the ability to teleport|the attached champion and all allies can attack any "
       r"realm, regardless of powers")
def _teleport(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Falcon Figurine (a magical item): its champion may attack any realm, as Starshine
    # (_attack_anywhere; allies never attack on their own); "confers the ability to teleport"
    # says the same.
    if ctx.record.type not in (CardType.MAGICAL_ITEM, CardType.ARTIFACT):
        return None
    if m.group(0).startswith("confers"):
        return _MODELLED_NO_EFFECT if "can attack any realm" in ctx.record.text.lower() else None
    return (Effect(K.ATTACK_ANYWHERE),)


@_rule(r"if two ([a-z' -]+) are played in the same round of combat, each increases to a \+" + NUM +
       r"|if more than two of this card are involved in one round of combat \(on either side\), "
       r"each [a-z' -]+ receives an additional \+" + NUM + r" for each [a-z' -]+ in play")
def _namesakes(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Gith: two in a round (on either side [decided]) count +7 each; War Party: with three or
    # more in the round, each gains +4 per war party there ("in play" [decided]: in the round).
    if ctx.record.type is not CardType.ALLY:
        return None
    if m.group(2):
        if m.group(1) not in ctx.record.name.lower():
            return None
        return (Effect(K.NAMESAKE_BONUS, amount=number(m.group(2)), count=2),)
    return (Effect(K.NAMESAKE_BONUS, amount=number(m.group(3)), count=3, mark="each"),)


@_rule(r"no limit per deck")
def _no_deck_limit(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return _NOT_COMBAT  # War Party: a deck-building rule


@_rule(r"no magical items with a bonus greater than \+" + NUM + r" can be played after "
       r"[a-z' -]+ joins the battle")
def _strong_items_barred(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Verrasi: neither side may play such an item while the card is in the round.
    return (Effect(K.ITEMS_BARRED_OVER, amount=number(m.group(1))),)


@_rule(r"if the combat level of the attached (hero|wizard|cleric|monster) or (hero|wizard|cleric|"
       r"monster) is greater than (\d+) \(after all modifiers\), the champion automatically "
       r"wins the battle")
def _wins_over_total(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Kevin's Blade of Doom: its hero or monster wins the round once its side's total is above
    # 20 ("wins the battle": the round, as "automatically defeats", _auto_win).
    types = tuple(sorted({_TYPE_WORDS[m.group(1)], _TYPE_WORDS[m.group(2)]}))
    return (Effect(K.WIN_OVER_TOTAL, amount=int(m.group(3)),
                   condition=Condition(self_types=types)),)



@_rule(r"alone of monsters, [a-z' -]+ can stand against the lovely colleen \(perhaps because he "
       r"attacks from behind\)|combat is resolved normally")
def _stands_against_colleen(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Quagmiela the Dragon: Lovely Colleen "wins the round automatically if the opposing
    # champion is a monster"; Quagmiela's side is immune to her card (immune_to_named: its
    # power does not hit, her level still counts), and the round is fought out.
    if "lovely colleen" not in ctx.record.text.lower():
        return None
    if m.group(0).startswith("combat"):
        return _MODELLED_NO_EFFECT
    return (Effect(K.IMMUNE_TO_NAMED, names=("colleen",)),)


@_rule(r"the skeleton multiplies: it gains " + NUM + r" levels for each additional (undead) ally "
       r"played with it")
def _skeleton(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.GAIN_PER_OTHER_ALLY, amount=number(m.group(1)),
                   attributes=(_ATTRIBUTE_WORDS[m.group(2)],)),)


@_rule(r"[a-z' -]+ can use any psionic power")
def _any_psionic_power(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Sadira: she may play psionic power cards (RULES.md §1 "uses" codes d11/o11).
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.MAY_USE, uses=("d11", "o11")),)


@_rule(r"psionicists must ask (?:her|his) permission to use psionic powers, though they can still "
       r"use their stated special abilities")
def _psionics_veto(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Sadira: the other player's psionicists play no psionic power cards while she is in play
    # (her owner refuses, permits its own [decided], as spell_veto); their own powers stay.
    return (Effect(K.PSIONICS_VETO, card_types=(int(CardType.PSIONICIST),)),)


@_rule(r"avatars cannot attack any realm held by this player")
def _avatars_barred(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Mekillot (a holding): every realm of its player, as Black Waters (_realms_not_attackable).
    if ctx.record.type is not CardType.HOLDING:
        return None
    return (Effect(K.REALMS_NOT_ATTACKABLE_BY, mark="avatar"),)


@_rule(r"([a-z' ]+) champions may not attack [a-z' ]+")
def _named_attackers_barred(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Rashemen: "Red Wizard champions may not attack Rashemen" (champions named so: Red Wizard
    # of Thay ...); the realm names itself.
    place = m.group(0).rsplit(" attack ", 1)[1]
    if ctx.record.type is not CardType.REALM or not _names_self(place, ctx):
        return None
    if _targets(m.group(1)) is not None:
        return None  # a type or race ("monster champions"): not a name
    return (Effect(K.NOT_ATTACKABLE_BY_NAMED, names=(m.group(1).strip(),)),)


@_rule(r"all other (wizards|heroes|clerics|monsters) lose " + NUM + r" levels? when attacking")
def _other_attackers_lose(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Rashemen: the wizards that may attack it (the Red Wizards may not) lose 2 levels.
    if ctx.record.type is not CardType.REALM:
        return None
    return (Effect(K.OPPONENT_LOSES, amount=number(m.group(2)), condition=Condition(
        when=When.DEFENDING, vs_types=(_TYPE_WORDS[m.group(1)],))),)


@_rule(r"allies defending any (" + _WORLD_RE + r") realm held by this player are doubled in level")
def _realms_allies_doubled(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Fort Melidor (3rd): as the 1st Edition's gain (_realms_allies_gain), doubled.
    if ctx.record.type is not CardType.HOLDING:
        return None
    return (Effect(K.REALMS_ALLIES_DOUBLED, condition=Condition(
        when=When.DEFENDING, realm_worlds=(int(_WORLD_WORDS[m.group(1)]),))),)


@_rule(r"strip any existing artifact and magical items from an opponent|do not affect any played "
       r"after the mercenaries are in play")
def _strip_items(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Halfling Mercenaries (an ally): the opposing champion's items and artifact, those it has
    # when the ally is played, are discarded (destroy_items with the artifact type); none is
    # barred after ("do not affect any played after": no bar, legal._opposing_bars).
    if ctx.record.type is not CardType.ALLY:
        return None
    if m.group(0).startswith("do not"):
        return _MODELLED_NO_EFFECT if "strip any existing" in ctx.record.text.lower() else None
    return (Effect(K.DESTROY_ITEMS, card_types=(int(CardType.ARTIFACT),)),)


@_rule(r"maximum hand size for all opposing players is reduced by " + NUM)
def _opponents_hand_size(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Perrenland (a realm): the other player's hand limit (phase 5), as hand_size for its own.
    return (Effect(K.OPPONENTS_HAND_SIZE, amount=-number(m.group(1))),)


@_rule(r"after the round of battle is concluded \(win or lose\), this spell and the opposing "
       r"champion are sent to the abyss")
def _horrors_of_the_abyss(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Horrors of the Abyss: as Constitution Drain's "discarded at the end of this round of
    # combat, win or lose" (_discard_after_round), to the Abyss, the spell with it.
    return (Effect(K.DISCARD_AFTER_ROUND, mark="abyss"),)


@_rule(r"all champions and allies who attack the attached realm lose " + NUM + r" levels? - any "
       r"reduced to 0 are discarded immediately")
def _ogo(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Ogo (a holding): every attacking champion and ally loses N levels; one whose printed level
    # or bonus is N or less is reduced to 0 and discarded at once: the champion as the round
    # starts (destroy_champion), an ally as it is played (destroy_allies, a bar [decided]).
    if ctx.record.type is not CardType.HOLDING:
        return None
    n = number(m.group(1))
    cond = Condition(when=When.DEFENDING)
    return (Effect(K.OPPONENT_LOSES, amount=n, condition=cond),
            Effect(K.OPPOSING_ALLIES_LOSE, amount=n, condition=cond),
            Effect(K.DESTROY_CHAMPION, amount=n, condition=cond),
            Effect(K.DESTROY_ALLIES, amount=n, condition=cond))


@_rule(r"negates the special powers \(but not the bonuses\) of all cards played against (?:her|him)"
       r"|negates the power of all \+(\d) or \+(\d) allies played against (?:her|him)|"
       r"attached champion and allies are immune to ally powers for this round of combat")
def _negate_powers(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Shayira: every card the other side plays against her; Ka'Cha: its +1 and +2 allies;
    # Inhuman: its allies' powers ("immune to ally powers": [decided] they have none against
    # this side). Their bonuses still count.
    if m.group(1):
        if (number(m.group(1)), number(m.group(2))) != (1, 2):
            return None  # "+1 or +2": every ally of bonus 2 or less
        return (Effect(K.NEGATE_POWERS, card_types=(int(CardType.ALLY),), amount=2),)
    if m.group(0).startswith("attached"):
        return (Effect(K.NEGATE_POWERS, card_types=(int(CardType.ALLY),)),)
    return (Effect(K.NEGATE_POWERS),)


@_rule(r"any magical item attached to [a-z' -]+ cannot be removed by any means")
def _items_kept(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Mordenkainen: no power destroys his magical items (items_kept).
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.ITEMS_KEPT),)


@_rule(r"the foul air of [a-z' ]+ causes each attacking champion to become ill|all champions, "
       r"even if victorious, are discarded")
def _castle_draw(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Castle Draw (a holding): both champions of a round fought at its realm are discarded when
    # the round is over, win or lose (aftermath); the first sentence says why.
    if ctx.record.type not in _REALMLIKE:
        return None
    if m.group(0).startswith("the foul air"):
        return _MODELLED_NO_EFFECT if "even if victorious" in ctx.record.text.lower() else None
    return (Effect(K.DISCARD_AFTER_ROUND, mark="both"),)


@_rule(r"the attached champion can attack again this round if victorious|if he razes a realm, "
       r"the champion and all attachments are discarded")
def _orb_of_doom(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Orb of Doom (a magical item): its champion may attack again this turn (a defeated one is
    # discarded anyway: "if victorious"), and once it razes a realm it is discarded with all its
    # attachments, after the round (discard_after_razing).
    if ctx.record.type not in (CardType.MAGICAL_ITEM, CardType.ARTIFACT):
        return None
    if m.group(0).startswith("the attached"):
        return (Effect(K.ATTACK_AGAIN),)
    return (Effect(K.DISCARD_AFTER_RAZING, condition=Condition(when=When.ATTACKING)),)


@_rule(r"the [a-z' ]+ are immune to the power of ([a-z' ]+)")
def _realm_immune_to_named(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The Wolf Nomads (a realm): "immune to the power of Iuz the Evil": its side is immune to
    # that card in its battles (immune_to_named), and Iuz's after-battle razing passes it over
    # (aftermath._raze_one).
    if ctx.record.type is not CardType.REALM or not _names_self(
            m.group(0).split(" are immune")[0], ctx):
        return None
    return (Effect(K.IMMUNE_TO_NAMED, names=(m.group(1).strip(),)),)


@_rule(r"but they are fearful of (dragons), and dragons gain " + NUM + r" levels? when attacking "
       r"this realm", sentence=True)  # a sentence rule: _gains would read "dragons gain 1 level"
def _fearful_of(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The Wolf Nomads: an attacking dragon, champion or ally, gains a level (a negative loss of
    # the other side: opponent_loses, opposing_allies_lose).
    if ctx.record.type is not CardType.REALM:
        return None
    attr = (_ATTRIBUTE_WORDS[m.group(1)],)
    n = number(m.group(2))
    return (Effect(K.OPPONENT_LOSES, amount=-n, condition=Condition(
                when=When.DEFENDING, vs_attributes=attr)),
            Effect(K.OPPOSING_ALLIES_LOSE, amount=-n, attributes=attr,
                   condition=Condition(when=When.DEFENDING)))


@_rule(r"[a-z' -]+ may attack with new allies as many times as he wants every turn until he "
       r"razes a realm or is defeated")
def _azhul(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Azhul the Hasty: attack_again (a razed realm ends the battle, a defeated champion is
    # discarded, and allies leave with each round: the rest of the sentence is the rules').
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.ATTACK_AGAIN),)


# The Ancient Arms (3rd Edition holdings) speak of "this player's" champions and allies in every
# battle of the player: their effects carry the mark "player" (battle/totals._player_wide,
# battle/legal.player_moves).

_MOVE_VERBS = {"fly": "flyer", "swim": "swimmer", "earthwalk": "earthwalker"}


@_rule(r"this player's (?:(" + _WORLD_RE + r") )?(monsters|heroes|wizards|clerics) (?:all )?"
       r"have the ability to ((?:fly|swim|earthwalk)(?:,? (?:or |and )?(?:fly|swim|earthwalk))*)"
       r"(?: as needed)?(, as do their allies)?")
def _player_champions_move(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Ancient Arms of the Horned Society ("this player's Greyhawk monsters all have the ability
    # to earthwalk, as do their allies": allies lend no movement, RULES.md §1 "Table"),
    # Ancient Arms of Nyrond ("this player's monsters have the ability to fly, swim, or
    # earthwalk as needed").
    if ctx.record.type is not CardType.HOLDING:
        return None
    moves = tuple(_MOVE_VERBS[v] for v in re.findall(r"fly|swim|earthwalk", m.group(3)))
    worlds = (int(_WORLD_WORDS[m.group(1)]),) if m.group(1) else ()
    return (Effect(K.GAIN_MOVEMENT, movement=moves, mark=_PLAYER_WIDE, condition=Condition(
        self_types=(_TYPE_WORDS[m.group(2)],), self_worlds=worlds)),)


@_rule(r"if ([a-z' ]+) is in play, this player's (undead) are doubled in base level")
def _player_undead_doubled(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Ancient Arms of Greyhawk: the player's undead champions fight at twice their level while
    # Iuz the Evil is in play anywhere.
    if ctx.record.type is not CardType.HOLDING:
        return None
    return (Effect(K.DOUBLE_LEVEL, mark=_PLAYER_WIDE, condition=Condition(
        self_attributes=(_ATTRIBUTE_WORDS[m.group(2)],), card_in_play=(m.group(1).title(),))),)


@_rule(r"all (undead )?allies of this player are tripled in level, when attacking or defending")
def _player_allies_tripled(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Ancient Arms of the Great Kingdom: double_allies counting each bonus three times.
    if ctx.record.type is not CardType.HOLDING:
        return None
    attrs = (_ATTRIBUTE_WORDS["undead"],) if m.group(1) else ()
    return (Effect(K.DOUBLE_ALLIES, amount=3, attributes=attrs, mark=_PLAYER_WIDE),)


@_rule(r"although allies may be played against [a-z' -]+, if successful the [a-z' -]+ eats them|"
       r"\(they are sent to the abyss and not the discard pile\.?\)")
def _eats_allies(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # T'kkyl: when he wins the round, the opposing allies go to the Abyss (opposing_to_abyss);
    # the bracketed sentence says where.
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    if m.group(0).startswith("("):
        return _MODELLED_NO_EFFECT if "eats them" in ctx.record.text.lower() else None
    return (Effect(K.OPPOSING_TO_ABYSS),)


@_rule(r"all champions \(if defeated\) and allies who attack this realm are sent to the abyss at "
       r"the end of battle")
def _dungeon_of_gulg(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Dungeon of Gulg (a holding): the attacker's allies, and its champion when defeated, go to
    # the Abyss after each round fought at the realm.
    if ctx.record.type not in _REALMLIKE:
        return None
    return (Effect(K.OPPOSING_TO_ABYSS, mark="champion", condition=Condition(
        when=When.DEFENDING)),)


@_rule(r"if on the losing side of a battle, the [a-z' -]+ returns to the player's hand instead "
       r"of being discarded")
def _back_to_hand(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Punisher (an ally): after a lost round it goes back to its owner's hand (aftermath).
    if ctx.record.type is not CardType.ALLY:
        return None
    return (Effect(K.BACK_TO_HAND),)


@_rule(r"all allies played in the successful defense of any (" + _WORLD_RE + r") realm held by "
       r"this player are resurrected \(returned to his hand\) instead of discarded")
def _resurrected_allies(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Ancient Arms of Veluna (a holding): every realm of that world of its player (aftermath).
    if ctx.record.type is not CardType.HOLDING:
        return None
    return (Effect(K.BACK_TO_HAND, mark="allies", condition=Condition(
        when=When.DEFENDING, realm_worlds=(int(_WORLD_WORDS[m.group(1)]),))),)



# ---- booster sets (issue 13, cboost) ----
# Phrasings of the booster sets (AR ... UD, IQ, MI, CH, CQ) for powers the vocabulary already has.

#: Opening tags that restate a card's type or a fact its record carries ("Psionic power.",
#: "Usable by psionicist champions.", "Unarmed combat card; usable only by heroes."): the card
#: type, or the attribute id, that makes each a restatement (RULES.md §1 "Card data", "Uses").
_RESTATED_TYPE: dict[str, tuple[CardType, ...]] = {
    "psionic power": (CardType.PSIONIC_POWER,),
    "usable by psionicist champions": (CardType.PSIONIC_POWER,),
    "usable by any psionicist champion": (CardType.PSIONIC_POWER,),
    "usable only by a psionicist champion": (CardType.PSIONIC_POWER,),
    "psionicist champion; can use psionic power cards": (CardType.PSIONICIST,),
    "psionicist": (CardType.PSIONICIST,),
    "blood ability": (CardType.BLOOD_ABILITY,),
    "unarmed combat card": (CardType.UNARMED_COMBAT,),
    "thief skill": (CardType.THIEF_ABILITY,),
    "thief ability": (CardType.THIEF_ABILITY,),
}
#: Unarmed combat cards "usable only by" a kind: the attribute their record carries for it
#: (``facts._use_codes``: 9 dragon-only, 41 undead-only; none: the heroes' own code 18).
_UNARMED_ONLY: dict[str, int | None] = {
    "heroes": None, "undead": 41, "any undead": 41, "undead champions": 41,
    "dragon champions": 9, "dragons": 9, "any dragon champion": 9,
    "any undead or dragon champion": -1,
}


@_rule(r"(" + "|".join(re.escape(w) for w in _RESTATED_TYPE) + r")|usable only by (" +
       "|".join(_UNARMED_ONLY) + r")")
def _restated_type(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The card's type code already says who may use it (battle/facts.py: ``needs``).
    if m.group(1):
        return _MODELLED_NO_EFFECT if ctx.record.type in _RESTATED_TYPE[m.group(1)] else None
    if ctx.record.type is not CardType.UNARMED_COMBAT:
        return None
    attr = _UNARMED_ONLY[m.group(2)]
    special = {9, 41} & set(ctx.record.attributes)
    expected = {9, 41} if attr == -1 else {attr} if attr else set()  # -1: either (101 or 102)
    return _MODELLED_NO_EFFECT if special == expected else None


@_rule(r"limit one avatar per pool|limit one per deck")
def _limit_one(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # How many copies a pool or deck may hold: deck building and playing, never a battle.
    return _NOT_COMBAT


@_rule(r"(?:can|may) attack any realm (?:that shows coastline on the card|with a coastline, "
       r"regardless of its position)")
def _swimmer_restated(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # A swimmer reaches a coastal realm anywhere in the formation (RULES.md §1, legal.passes):
    # the card's swimmer attribute (37) carries it.
    return _MODELLED_NO_EFFECT if 37 in ctx.record.attributes else None


@_rule(r"(?:the )?attached champion (?:becomes a swimmer and may attack any realm with a "
       r"coastline, regardless of it'?s position|and all allies become swimmers able to attack "
       r"any realm with a visible coastline, regardless of the realm's position in the "
       r"formation)")
def _becomes_swimmer(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Gauntlets of Swimming, Flute of Wind Dancing: the swimmer's reach is the rule's; allies
    # lend no movement (RULES.md §1 "Table").
    if ctx.record.type not in (CardType.MAGICAL_ITEM, CardType.ARTIFACT):
        return None
    return (Effect(K.GAIN_MOVEMENT, movement=("swimmer",)),)


@_rule(r"(?:this realm |the [a-z' ]+ )?can (?:only be attacked|be attacked only) by "
       r"(flyers|swimmers|earth-?walkers)(?: or "
       r"(flyers|swimmers|earth-?walkers))?|only (flyers|swimmers|earth-?walkers)(?: or "
       r"(flyers|swimmers|earth-?walkers))? can attack (?:the attached realm|this realm)")
def _only_movers(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    if not ctx.realmlike:
        return None
    words = [w.replace("-", "") for w in m.groups() if w]
    return (Effect(K.ONLY_ATTACKABLE_BY,
                   movement=tuple(_MOVEMENT_WORDS[w] for w in words)),)


@_rule(r"(?:it |this realm )?cannot be attacked by awnsheghlien|(\w+) champions and allies "
       r"cannot attack this realm")
def _barred_kind(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # "Awnsheghlien" is the plural of awnshegh (attribute 2); allies never attack on their own.
    if not ctx.realmlike:
        return None
    if m.group(1) is None:
        return (Effect(K.NOT_ATTACKABLE_BY, attributes=(2,)),)
    attr = _ATTRIBUTE_WORDS.get(m.group(1))
    return None if attr is None else (Effect(K.NOT_ATTACKABLE_BY, attributes=(attr,)),)



@_rule(r"(?:when this spell is played, )?(?:all )?(?:the )?(?:opponent's|opposing) allies"
       r"(?: of level " + NUM + r" or less)? are (?:immediately )?discarded")
def _opposing_allies_discarded(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Played into a round only: a card in the round from its start acts as it enters (see
    # _acts_only_when_played); [decided] allies played after it stay, as for Cloudkill's kin.
    if ctx.record.type not in _PLAYED_INTO_ROUND or ctx.record.type is CardType.EVENT:
        return None
    return (Effect(K.DESTROY_ALLIES, amount=number(m.group(1)) if m.group(1) else 0),)


@_rule(r"one opposing ally of this player's choice is instantly discarded|pick one opposing "
       r"ally card and discard it|playing this ally discards an opposing ally of \+" + NUM +
       r" or less already in play")
def _one_ally_discarded(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The owner chooses which (destroy_allies, count 1).
    if ctx.record.type not in _PLAYED_INTO_ROUND or ctx.record.type is CardType.EVENT:
        return None
    return (Effect(K.DESTROY_ALLIES, amount=number(m.group(1)) if m.group(1) else 0,
                   count=1),)


@_rule(r"all opposing allies lose " + NUM + r" levels?")
def _opposing_allies_lose(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    if ctx.record.type is CardType.EVENT or ctx.realmlike:
        return None
    return (Effect(K.OPPOSING_ALLIES_LOSE, amount=number(m.group(1))),)


@_rule(r"this spell doubles the caster's level|doubles the attached thief's base level for one "
       r"round|a champion using this power doubles his level for the duration of this battle|"
       r"for one round, the champion's original level \(printed on the card\) is doubled|the base "
       r"level of this champion is doubled until the end of this round of combat")
def _doubles_own_level(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The card's own side's champion, in the round it is played (double_level).
    if ctx.record.type not in _SPELL_TYPES:
        return None
    return (Effect(K.DOUBLE_LEVEL),)


@_rule(r"casts (wizard|cleric) spells|the attached champion can use any type of unarmed combat "
       r"card")
def _casts(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # "Casts cleric spells" (a champion); an item letting its champion use every unarmed combat
    # card (RULES.md §1 "Uses": 18, 101 dragon-only, 102 undead-only).
    if m.group(1):
        if ctx.record.type not in CHAMPION_TYPES:
            return None
        return (Effect(K.MAY_USE, uses=_SPELL_USES[m.group(1)]),)
    if ctx.record.type not in (CardType.MAGICAL_ITEM, CardType.ARTIFACT):
        return None
    return (Effect(K.MAY_USE, uses=_USE_WORDS["any unarmed combat card"]),)


@_rule(r"(?:he|she|it|[a-z'-]+) must be defeated twice in a row before being discarded")
def _twice_in_a_row(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Two lost rounds of the same battle (defeat_twice_champion).
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.DEFEAT_TWICE_CHAMPION),)


@_rule(r"becomes a level " + NUM + r" (?:hero|wizard|cleric|monster|champion) when fighting "
       r"(?:a|an) (.+)")
def _becomes_level_vs(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Its own type, a higher level against one kind: the difference as a gain (_is_level).
    base = ctx.level.level
    target = number(m.group(1))
    conds = _vs_conditions(m.group(2))
    if base is None or target <= base or conds is None:
        return None
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return tuple(Effect(K.GAIN_LEVELS, amount=target - base, condition=c) for c in conds)


@_rule(r"the (?:sword|axe|hammer|weapon|blade|spear) (?:becomes|is) (?:a )?\+" + NUM +
       r"(?: weapon)? (?:if the opposing champion is (\w+)|if wielded by (?:a|an) (\w+)|"
       r"if the ([a-z' ]+) is in play anywhere)|plus " + NUM + r" additional levels (?:if "
       r"attached to|when fighting) (?:a|an) (\w+)")
def _weapon_bonus_if(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # A weapon whose bonus is higher in one case: the difference as a gain in that case.
    bonus = ctx.level.bonus
    if bonus is None or ctx.record.type not in (CardType.MAGICAL_ITEM, CardType.ARTIFACT):
        return None
    amount = number(m.group(5)) if m.group(5) else number(m.group(1)) - bonus
    vs, holder, named, attached = m.group(2), m.group(3), m.group(4), m.group(6)
    cond: Condition | None = None
    if vs:
        conds = _vs_conditions(vs)
        cond = conds[0] if conds and len(conds) == 1 else None
    elif attached and "fighting" in m.group(0):
        conds = _vs_conditions(attached)
        cond = conds[0] if conds and len(conds) == 1 else None
    elif holder or attached:
        word = holder or attached
        if word in _TYPE_WORDS:
            cond = Condition(self_types=(_TYPE_WORDS[word],))
        elif word in _ATTRIBUTE_WORDS:
            cond = Condition(self_attributes=(_ATTRIBUTE_WORDS[word],))
    elif named:
        cond = Condition(card_in_play=(named.strip().title(),))
    if cond is None or amount <= 0:
        return None
    return (Effect(K.GAIN_LEVELS, amount=amount, condition=cond),)


@_rule(r"(heroes|wizards|clerics|monsters|thieves|psionicists|regents) cannot defend against "
       r"the attached champion")
def _cannot_defend_against(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # On an item: the attacking champion carrying it bars defenders of the type.
    if ctx.record.type not in (CardType.MAGICAL_ITEM, CardType.ARTIFACT):
        return None
    return (Effect(K.DEFENDERS_BARRED, card_types=(_TYPE_WORDS[m.group(1)],)),)


@_rule(r"the attached champion is not stopped by walls")
def _not_stopped_by_walls(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    return (Effect(K.NEGATE_WALLS),)


@_rule(r"(?:(.+?) )?(?:gains?|becomes) \+?" + NUM + r"(?: levels?)? (?:if|when) (defending|"
       r"attacking) (.+)|if used to (defend|attack) a realm, (.+?) gains? " + NUM + r" levels?")
def _gains_if_role(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # "Gains +4 levels if defending Maztica": _gains stops at "if"; the same reading with "when".
    if m.group(5):
        subj, amount, tail = m.group(6), number(m.group(7)), f"when {m.group(5)}ing"
    else:
        subj, amount = m.group(1) or "", number(m.group(2))
        tail = f"when {m.group(3)} {m.group(4)}"
    if "becomes" in m.group(0):
        if ctx.record.type is not CardType.ALLY or ctx.level.bonus is None:
            return None
        amount -= ctx.level.bonus  # "becomes +7": its bonus raised to 7
        if amount <= 0:
            return None
    tail = re.sub(r" or ([a-z' ]+)$", r" OR \1", tail)
    places = tail.split(" OR ")
    out: list[Effect] = []
    for i, place in enumerate(places):
        full = place if i == 0 else f"when {m.group(3)} {place}"
        res = _gain_effects(subj, amount, full, ctx)
        if not isinstance(res, tuple):
            return None
        out.extend(res)
    if len(places) > 1:  # "if defending Shou Lung or Kozakura": one effect naming both
        names = tuple(n for e in out for n in e.condition.at_realm)
        out = [replace(out[0], condition=replace(out[0].condition, at_realm=names))]
    return tuple(out)


@_rule(r"(.+?) if ([a-z' ]+?) is in play")
def _if_named_in_play(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # As _if_in_play ("... if Zhentil Keep is in play anywhere"), without "anywhere".
    if re.match(r"(?:no|not|any|another|a|an|one)\b", m.group(2)):
        return None  # "if no other Strahd is in play": not a name
    inner = _apply(_CLAUSE_RULES, m.group(1), ctx)
    if not isinstance(inner, tuple) or not inner:
        return None
    names = tuple(n.strip().title() for n in m.group(2).split(" or "))  # "Tiamat or Takhisis"
    return tuple(replace(e, condition=replace(e.condition, card_in_play=names)) for e in inner)



@_rule(r"any (\w+) champion defending (?:the )?[a-z' ]+ doubles his level|double the base level "
       r"of any defending (\w+) \(champions and allies\)")
def _defenders_doubled_booster(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Crystal Sphere (its defending psionicists), Tuarhievel (defending elves, champions and
    # allies): double_level (the printed level) and double_allies of the kind.
    if not ctx.realmlike:
        return None
    word = m.group(1) or m.group(2)
    if m.group(1) and word in _TYPE_WORDS:
        return (Effect(K.DOUBLE_LEVEL, condition=Condition(
            when=When.DEFENDING, self_types=(_TYPE_WORDS[word],))),)
    attr = _ATTRIBUTE_WORDS.get(word)
    if m.group(1) or attr is None:
        return None
    return (Effect(K.DOUBLE_LEVEL, condition=Condition(when=When.DEFENDING,
                                                       self_attributes=(attr,))),
            Effect(K.DOUBLE_ALLIES, attributes=(attr,), condition=Condition(when=When.DEFENDING)))


@_rule(r"one enemy ally \(this player's choice\) is swallowed by the [a-z' ]+, instantly "
       r"defeated")
def _swallowed(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Brine Dragon (an ally): one opposing ally, its owner's choice, as it enters.
    if ctx.record.type not in _PLAYED_INTO_ROUND:
        return None
    return (Effect(K.DESTROY_ALLIES, count=1),)


@_rule(r"one opponent's magical item is discarded")
def _one_item(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Deathstream: one magical item of the opposing champion (destroy_items, count 1).
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.DESTROY_ITEMS, count=1),)


@_rule(r"becomes? \+" + NUM + r" if allied with any (\w+) champion")
def _allied_with(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Gully Dwarves: an ally whose bonus is higher with a champion of one race or type.
    bonus = ctx.level.bonus
    if ctx.record.type is not CardType.ALLY or bonus is None or number(m.group(1)) <= bonus:
        return None
    word = m.group(2)
    if word in _TYPE_WORDS:
        cond = Condition(self_types=(_TYPE_WORDS[word],))
    elif word in _ATTRIBUTE_WORDS:
        cond = Condition(self_attributes=(_ATTRIBUTE_WORDS[word],))
    else:
        return None
    return (Effect(K.GAIN_LEVELS, amount=number(m.group(1)) - bonus, condition=cond),)


_DEFENDER_TYPES = {"heroes": 7, "wizards": 20, "clerics": 5, "monsters": 10, "thieves": 16,
                   "psionicists": 12, "regents": 14}


@_rule(r"if the attached champion is attacking, only ((?:\w+,? )+and \w+) can defend against it")
def _only_defend_against(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The Sword and Helm of Garion: every other champion type is barred from defending.
    if ctx.record.type not in (CardType.MAGICAL_ITEM, CardType.ARTIFACT):
        return None
    named = _words(m.group(1))
    if any(w not in _DEFENDER_TYPES for w in named):
        return None
    barred = tuple(sorted(t for w, t in _DEFENDER_TYPES.items() if w not in named))
    return (Effect(K.DEFENDERS_BARRED, card_types=barred,
                   condition=Condition(when=When.ATTACKING)),)


@_rule(r"no allies can be played against a psionicist champion using this power")
def _banishment(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Banishment: the opponent may play no allies in the round (allies_barred).
    if ctx.record.type is not CardType.PSIONIC_POWER:
        return None
    return (Effect(K.ALLIES_BARRED),)


#: Card kinds a champion may be immune to, as the booster sets write them: the types and
#: whether only the offensive ones (mark "off"); "offensive spells" is its own kind.
_IMMUNE_WORDS: dict[str, tuple[tuple[int, ...], str]] = {
    "psionic power cards": ((11,), ""), "psionic powers": ((11,), ""), "psionics": ((11,), ""),
    "blood abilities": ((3,), ""), "unarmed combat cards": ((18,), ""),
    "thief skills": ((17,), ""), "magical items": ((9,), ""), "magic items": ((9,), ""),
    "artifacts": ((2,), ""), "wizard spells": ((19,), ""), "cleric spells": ((4,), ""),
    "spells": ((19, 4), ""), "events": ((6,), ""), "psionic attacks": ((11,), "off"),
    "harmful events": ((6,), "harmful"),
}
_IMMUNE_ITEM = r"(?:all )?(?:offensive )?(?:" + "|".join(_IMMUNE_WORDS) + r")"


@_rule(r"(?:if used by (?:a|an) (\w+), )?(?:(this champion|the attached champion|the champion|he|"
       r"she|it|[a-z'-]+) )?(?:is a "
       r"(flyer) and )?(?:is )?immune to (" + _IMMUNE_ITEM + r"(?:(?:,|,? and) " + _IMMUNE_ITEM +
       r")*)")
def _immune_booster(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The champion's own immunity (or its carrier's, on an item), in the booster sets' words
    # ("offensive psionic power cards", "thief skills", "unarmed combat cards").
    used_by, who = m.group(1), m.group(2) or ""
    if used_by and (ctx.record.type not in (CardType.MAGICAL_ITEM, CardType.ARTIFACT)
                    or used_by not in _TYPE_WORDS):
        return None
    if ctx.record.type in CHAMPION_TYPES:
        name = ctx.record.name.lower()
        if who not in ("", "this champion", "he", "she", "it") and not name.startswith(who):
            return None
    elif ctx.record.type in (CardType.MAGICAL_ITEM, CardType.ARTIFACT):
        if who not in ("the attached champion", "the champion"):
            return None
    else:
        return None
    out = [] if not m.group(3) else [Effect(K.GAIN_MOVEMENT, movement=("flyer",))]
    found = _immune_booster_list(m.group(4))
    if found is None:
        return None
    if used_by:  # "if used by a monster, the attached champion is immune to ..."
        cond = Condition(self_types=(_TYPE_WORDS[used_by],))
        found = [replace(e, condition=cond) for e in found]
    return (*out, *found)


def _immune_booster_list(phrase: str) -> list[Effect] | None:
    """The immunities of a list in the booster sets' words (see ``_IMMUNE_WORDS``); ``None`` if
    one item is not known."""
    if re.fullmatch(_IMMUNE_ITEM + r"(?:(?:,|,? and) " + _IMMUNE_ITEM + r")*", phrase) is None:
        return None
    out: list[Effect] = []
    offensive_all = re.match(r"(?:all )?offensive ", phrase) is not None  # as _immunities
    for part in _words(phrase):
        offensive = offensive_all or "offensive" in part
        part = re.sub(r"^(?:all )?(?:offensive )?", "", part)
        if part == "spells" and offensive:
            out.append(Effect(K.IMMUNE_OFFENSIVE_SPELLS))
            continue
        types, mark = _IMMUNE_WORDS[part]
        if mark == "harmful":
            out.append(Effect(K.IMMUNE_HARMFUL_EVENTS))
            continue
        out.append(Effect(K.IMMUNE_TO, card_types=types, mark="off" if offensive else mark))
    return out



#: Who an item is "usable only by": champion type codes and attribute ids (RULES.md §1).
_CARRIER_WORDS: dict[str, tuple[tuple[int, ...], tuple[int, ...]]] = {
    "heroes": ((7,), ()), "wizards": ((20,), ()), "a wizard": ((20,), ()),
    "any wizard": ((20,), ()), "clerics": ((5,), ()), "any cleric": ((5,), ()),
    "a psionicist champion": ((12,), ()), "monster champions": ((10,), ()),
    "giants": ((), (17,)), "dwarves": ((), (12,)), "undead": ((), (40,)),
    "any dragon champion": ((), (8,)), "dragon champions": ((), (8,)),
}
_CARRIERS = "|".join(re.escape(w) for w in sorted(_CARRIER_WORDS, key=len, reverse=True))


@_rule(r"(?:usable only by|only usable by|can only be attached to) (" + _CARRIERS + r")"
       r"(?:, (.+))?")
def _usable_only_by_carriers(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # An item or artifact only some champions may carry (usable_only_by); "usable only by
    # heroes, the dragonlance is +7 vs. dragon champions": the rest read as its own clause.
    if ctx.record.type not in (CardType.MAGICAL_ITEM, CardType.ARTIFACT):
        return None
    types, attrs = _CARRIER_WORDS[m.group(1)]
    out: tuple[Effect, ...] = (Effect(K.USABLE_ONLY_BY, card_types=types, attributes=attrs),)
    rest = m.group(2)
    if rest:
        rest = re.sub(r"^who is now ", "the attached champion is ", rest)
        more = _apply(_CLAUSE_RULES, rest, ctx)
        if not isinstance(more, tuple):
            return None
        out += more
    return out


@_rule(r"usable by champions of any world")
def _any_world(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # An artifact of no world, AD&D or TSR already fits a champion of any world (RULES.md §1
    # "Table", facts.ANY_WORLD: 0, 7, 8, 9): a restatement; of a world, not read.
    if ctx.record.type is not CardType.ARTIFACT or ctx.record.world not in (0, 7, 8, 9):
        return None
    return _MODELLED_NO_EFFECT



@_rule(r"grants immunity from (.+)")
def _grants_immunity(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Sirrion's Brooch: an item's "grants immunity from X" is "the attached champion is immune
    # to X" (_immune_booster).
    if ctx.record.type not in (CardType.MAGICAL_ITEM, CardType.ARTIFACT):
        return None
    return _apply(_CLAUSE_RULES, f"the attached champion is immune to {m.group(1)}", ctx)


@_rule(r"this champion and attached allies are considered (flyers)|the attached champion and all "
       r"allies have the (earthwalk)ing ability, allowing them to attack any realm")
def _item_flyers(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Rod of Lordly Might, Wyrm of Earthwalking: its champion flies (walks through the earth);
    # allies lend no movement (RULES.md §1 "Table").
    if ctx.record.type not in (CardType.MAGICAL_ITEM, CardType.ARTIFACT):
        return None
    return (Effect(K.GAIN_MOVEMENT, movement=("flyer" if m.group(1) else "earthwalker",)),)



@_rule(r"(?:the might of [a-z' ]+ is such that )?(?:this spell )?can be cast (?:at )?any time")
def _spell_any_time(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Hornung's Guess: play_any_time, on a spell.
    if ctx.record.type not in (CardType.WIZARD_SPELL, CardType.CLERIC_SPELL):
        return None
    return (Effect(K.PLAY_ANY_TIME),)


@_rule(r"use this power at any time to cancel an offensive psionic power card when it is first "
       r"played")
def _synaptic_static(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Synaptic Static: played at any time, it cancels a psionic power played in the round.
    if ctx.record.type is not CardType.PSIONIC_POWER:
        return None
    return (Effect(K.PLAY_ANY_TIME), Effect(K.CANCEL_SPELL, card_types=(11,)))


@_rule(r"ignores the effects of opposing holdings")
def _ignores_holdings(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Ankhtepot: the opposing holdings have no power in his battles (negate_holdings).
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.NEGATE_HOLDINGS),)


@_rule(r"[a-z' ]+ has the earth-walking ability, letting him strike at any realm")
def _earthwalking(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Flint Fireforge: an earthwalker reaches any realm (RULES.md §1, legal.passes); the
    # earthwalker attribute (13) carries it.
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    if 13 in ctx.record.attributes:
        return _MODELLED_NO_EFFECT
    return (Effect(K.GAIN_MOVEMENT, movement=("earthwalker",)),)


@_rule(r"champion can ignore all spells and magical items used by an opponent for one round of "
       r"battle")
def _antimagic_barrier(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Antimagic Barrier: the opponent's spells and magical items have no effect (immune_to).
    if ctx.record.type not in _SPELL_TYPES:
        return None
    return (Effect(K.IMMUNE_TO, card_types=(int(CardType.WIZARD_SPELL),
                                            int(CardType.CLERIC_SPELL))),
            Effect(K.IMMUNE_TO, card_types=(int(CardType.MAGICAL_ITEM),)))


@_rule(r"when attacking, picks which champion from his opponent's pool will face him")
def _picks_foe(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Arijani: as Stryck (pick_opponent; [decided] the weakest, battle/picks.py).
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.PICK_OPPONENT, condition=Condition(when=When.ATTACKING)),)



@_rule(r"[a-z' ]+ defends itself as a level " + NUM + r" (hero|wizard|cleric|monster|"
       r"psionicist|thief|regent)")
def _defends_itself(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Lake Island: "defends itself as", the same as "can defend itself as" (_defend_as).
    if ctx.record.type is not CardType.REALM:
        return None
    return (Effect(K.DEFEND_AS, amount=number(m.group(1)), champion_type=_TYPE_WORDS[m.group(2)]),)


@_rule(r"earth-walker")
def _restated_earthwalker(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # "Earth-walker.": the earthwalker attribute (13) carries it.
    return _MODELLED_NO_EFFECT if 13 in ctx.record.attributes else None


@_rule(r"psionicist; may use psionic power cards", sentence=True)
def _psionic_monster(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Gith (a monster): "Psionicist; may use psionic power cards" (may_use d11/o11).
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.MAY_USE, uses=("d11", "o11")),)


@_rule(r"immune to offensive spells cast by (monsters|wizards|clerics|heroes|dragons|undead)")
def _immune_spells_of(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Knights of the Crown, Shield of Huma: the opposing champion's spells, when it is one of
    # the kind (immune_offensive_spells against that kind).
    if ctx.record.type not in (*CHAMPION_TYPES, CardType.MAGICAL_ITEM, CardType.ARTIFACT):
        return None
    conds = _vs_conditions(m.group(1))
    if not conds or len(conds) != 1:
        return None
    return (Effect(K.IMMUNE_OFFENSIVE_SPELLS, condition=conds[0]),)


@_rule(r"(?:this spell )?cancels? the effects of (?:one|any just-played) event card")
def _cancels_event(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Limited Wish, Intercession: cancel_event, on a spell.
    if ctx.record.type not in (CardType.WIZARD_SPELL, CardType.CLERIC_SPELL):
        return None
    return (Effect(K.CANCEL_EVENT),)


@_rule(r"(?:(defenders|the realm and its defending champions)|defending (\w+(?: and \w+)?)|"
       r"(\w+) defending this (?:realm|[a-z']+'s lair))(?: gain " +
       NUM + r" levels and| are) (?:are )?immune to (.+)")
def _defenders_immune(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # A realm's defenders (of a type) immune to some cards ("defending clerics are immune to
    # offensive blood abilities"); the immunity, and any gain, while they defend it. "Clerics
    # and wizards": one condition per type (a list is OR). A race ("defending giants") names
    # allies too, whose own immunity the vocabulary cannot give (the side's immunity follows
    # its champion): not read.
    if not ctx.realmlike:
        return None
    words = (m.group(2) or m.group(3) or "").split(" and ")
    conds: list[Condition] = []
    for word in filter(None, words):
        if word not in _TYPE_WORDS:
            return None
        conds.append(Condition(when=When.DEFENDING, self_types=(_TYPE_WORDS[word],)))
    inner = _immune_booster_list(m.group(5))
    if inner is None:
        return None
    out: list[Effect] = []
    for cond in conds or [Condition(when=When.DEFENDING)]:
        if m.group(4):
            out.append(Effect(K.GAIN_LEVELS, amount=number(m.group(4)), condition=cond))
        out += [replace(e, condition=cond) for e in inner]
    return tuple(out)


@_rule(r"can cast any spell")
def _any_spell(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Dregoth: wizard and cleric spells (those its record's uses list).
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.MAY_USE, uses=("d19", "o19", "d4", "o4")),)


@_rule(r"if [a-z' -]+ attacks, his level drops to " + NUM)
def _level_drops(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Dregoth: a lower level when attacking (a negative gain).
    base = ctx.level.level
    if ctx.record.type not in CHAMPION_TYPES or base is None or number(m.group(1)) >= base:
        return None
    return (Effect(K.GAIN_LEVELS, amount=number(m.group(1)) - base,
                   condition=Condition(when=When.ATTACKING)),)


@_rule(r"no spells, magic items or artifacts can be used against this champion")
def _adon(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Adon: the opponent's spells, magical items and artifacts have no effect (immune_to).
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.IMMUNE_TO, card_types=(19, 4)), Effect(K.IMMUNE_TO, card_types=(9,)),
            Effect(K.IMMUNE_TO, card_types=(2,)))


@_rule(r"if ([a-z' ]+?) is in play, (.+)")
def _if_in_play_first(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # "If Midnight is in play, Adon gains +5 levels": as _if_named_in_play, the condition first.
    flipped = re.fullmatch(r"(.+?) if ([a-z' ]+?) is in play",
                           f"{m.group(2)} if {m.group(1)} is in play")
    return None if flipped is None else _if_named_in_play(flipped, ctx)


@_rule(r"usable by any (wizard|psionicist champion)|this artifact enables (wizards|psionicists) "
       r"to (?:use|cast) (psionic power cards|wizard spells)")
def _enabling_artifact(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The Inverter, Bando's Whitestone (artifacts of no world's own: ANY_WORLD): carried by
    # one champion type only; its champion may use one more kind of card.
    if ctx.record.type is not CardType.ARTIFACT or ctx.record.world not in (0, 7, 8, 9):
        return None
    if m.group(1):
        code = 20 if m.group(1) == "wizard" else 12
        return (Effect(K.USABLE_ONLY_BY, card_types=(code,)),)
    return (Effect(K.MAY_USE, uses=_USE_WORDS[m.group(3)]),)



@_rule(r"this realm extends under (?:all )?opponents?'s? (" + _WORLD_RE + r") realms, allowing "
       r"them to be attacked by this player's champions and allies, regardless of position or "
       r"restrictions")
def _extends_under(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The Underdark realms: the other player's realms of one world are open to this player's
    # champions (allies never attack on their own) while this realm stands.
    if ctx.record.type is not CardType.REALM:
        return None
    world = int(_WORLD_WORDS[m.group(1)])
    return (Effect(K.REALMS_ATTACK_ANYWHERE, condition=Condition(realm_worlds=(world,))),)



@_rule(r"[a-z' ]+ is so ferocious he scares away all opposing allies of less than \+(\d+) "
       r"\(\+(\d+) and lower allies cannot be played against him\)")
def _scares_away(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Oogly the Half-Orc: opposing allies of +5 or less barred (allies_barred, amount 5).
    if ctx.record.type not in CHAMPION_TYPES or int(m.group(1)) != int(m.group(2)) + 1:
        return None
    return (Effect(K.ALLIES_BARRED, amount=int(m.group(2))),)



@_rule(r"usable by (?:any|all) champions?")
def _usable_by_any(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Evade (unarmed combat): any champion may play it, not only those of its uses code.
    if ctx.record.type not in (CardType.UNARMED_COMBAT, CardType.THIEF_ABILITY):
        return None
    return (Effect(K.USABLE_BY_ANY),)


@_rule(r"play at any time to cancel the effects of an unarmed combat card|this maneuver counters "
       r"any just-played offensive unarmed combat card, negating its effect and sending it to the "
       r"discard pile")
def _counters_unarmed(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Evade, Block: the other side's last unarmed combat card is cancelled (cancel_spell of
    # type 18); Evade at any time.
    if ctx.record.type is not CardType.UNARMED_COMBAT:
        return None
    out = (Effect(K.CANCEL_SPELL, card_types=(int(CardType.UNARMED_COMBAT),)),)
    return (Effect(K.PLAY_ANY_TIME), *out) if m.group(0).startswith("play") else out


@_rule(r"attached champion is immune to (.+?) until the end of this player's next turn")
def _immune_until(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Magic Resistance (unarmed combat): its champion's immunities; they outlast the battle
    # (its turn), which the battle does not see.
    if ctx.record.type not in _SPELL_TYPES:
        return None
    found = _immune_booster_list(m.group(1))
    return None if found is None else tuple(found)



@_rule(r"the attached champion gains " + NUM + r" levels when defending, but only " + NUM +
       r" when attacking")
def _less_attacking(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Hero's Chalice (+10): its bonus when defending, less when attacking (a negative gain).
    full, less = number(m.group(1)), number(m.group(2))
    if ctx.level.bonus != full or less >= full:
        return None
    return (Effect(K.GAIN_LEVELS, amount=less - full, condition=Condition(when=When.ATTACKING)),)


@_rule(r"may be cast at any time to counter any just played unarmed combat card, and makes the "
       r"champion immune to unarmed combat cards for the duration of that combat round")
def _counter_and_immune(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Stoneskin (a spell): cancels the other side's last unarmed combat card and shields
    # its champion from the rest of the round's.
    if ctx.record.type not in (CardType.WIZARD_SPELL, CardType.CLERIC_SPELL):
        return None
    unarmed = (int(CardType.UNARMED_COMBAT),)
    return (Effect(K.PLAY_ANY_TIME), Effect(K.CANCEL_SPELL, card_types=unarmed),
            Effect(K.IMMUNE_TO, card_types=unarmed))



#: A rule card's own sentences: when it is played and how long it stays (RULES.md §1: rule
#: cards are played in a turn's phase, outside any battle).
_RULE_FRAME = [
    r"played at the beginning of (?:the|this) player's turn, this card is not discarded",
    r"it affects all players and remains in effect until (?:any other|another) rule card is "
    r"played|it affects all players and remains in effect until the end of the game",
]
#: What some rule cards change outside every battle: the draw, the deck, victory, other rule
#: cards (issue 13, cboost: such a rule card has no power in a battle).
_RULE_OUTSIDE = [
    r"instead of drawing three cards at the beginning of a turn, each player draws one card and "
    r"a card for each unrazed birthright realm in his formation",
    r"a minimum of one card is drawn", r"nothing can reduce the draw below one",
    r"a player must have six unrazed realms at the start of his turn in order to win",
    r"further, any player who runs out of cards must shuffle his discard pile and use that as "
    r"his new draw pile",
    r"whenever a player's forgotten realms realm is razed, he may draw a card and add it to his "
    r"hand",
    r"one dark sun holding can be counted as a realm for the purpose of victory conditions",
    r"no new rule card can be played",
    r"at the start of this player's turns, all players draw a card and discard it, except for "
    r"the card with the lowest first digit",
    r"upon drawing his last card, each player shuffles his discards to form a new draw pile",
    r"play at the beginning of your turn to cancel the ultimate rule card",
    r"both cards are sent to the abyss \(taken out of play\)",
    r"limit one per deck",
]
_RULE_FRAME_RE = [re.compile(p) for p in _RULE_FRAME]
_RULE_OUTSIDE_RE = [re.compile(p) for p in _RULE_OUTSIDE]


def _rule_outside_battle(record: Record) -> bool:
    """Whether every clause of a rule card's text is its frame or a change outside battles."""
    clauses = [c.strip() for s in _sentences(_MARK_RE.sub(" ", record.text))
               for c in _clean(s).split(";") if c.strip()]
    return all(any(p.fullmatch(c) for p in (*_RULE_FRAME_RE, *_RULE_OUTSIDE_RE))
               for c in clauses)


@_rule("|".join(f"(?:{p})" for p in (*_RULE_FRAME, *_RULE_OUTSIDE)))
def _rule_card(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # A rule card acts on every battle while in play; its frame is not combat only when all it
    # says is outside battles (Taxation, City States): else the card stays not modelled (its
    # battle powers reach both players, which no effect of one card's side expresses).
    if ctx.record.type is not CardType.RULE or not _rule_outside_battle(ctx.record):
        return None
    return _NOT_COMBAT



@_rule(r"any holding can be attached to (?:this realm|the [a-z' ]+|[a-z' ]+)")
def _any_holding(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # A realm that takes a holding of any world (any_holding, read when a holding is played in
    # phase 2 of the whole game: game/plays.py; issue 13 audit 4: it was read as not combat, so
    # the game never let Euripis take a holding of another world).
    return (Effect(K.ANY_HOLDING),) if ctx.record.type is CardType.REALM else None


_WORLD_NAMES = {"forgotten realms": World.FORGOTTEN_REALMS, "greyhawk": World.GREYHAWK,
                "ravenloft": World.RAVENLOFT, "dark sun": World.DARK_SUN,
                "dragonlance": World.DRAGONLANCE, "birthright": World.BIRTHRIGHT}


@_rule(r"attach this holding to a razed ([a-z ]+) realm to rebuild it instantly")
def _rebuilds_razed_realm(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # A holding that rebuilds the razed realm it is attached to (issue 13, last1st: Arms of the
    # Shield Lands), read only when the named world is the holding's own (the world rule of
    # RULES.md §1 "Table" then names the realms it may go on).
    world = _WORLD_NAMES.get(m.group(1))
    if ctx.record.type is not CardType.HOLDING or world is None \
            or int(world) != int(ctx.record.world):
        return None
    return (Effect(K.REBUILDS_RAZED_REALM),)


@_rule(r"the attached champion must be defeated twice when defending before being discarded")
def _twice_defending(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The Shield of Huma (artifact): as Drizzt's power, for its champion (judge.end_round reads
    # the champion's attachments).
    if ctx.record.type not in (CardType.MAGICAL_ITEM, CardType.ARTIFACT):
        return None
    return (Effect(K.DEFEAT_TWICE_CHAMPION, condition=Condition(when=When.DEFENDING)),)


@_rule(r"(\w+) champions lose " + NUM + r" levels if attacking this champion")
def _attackers_of_kind_lose(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The Shield of Huma: attackers of one kind lose levels against its defending champion.
    conds = _vs_conditions(m.group(1), When.DEFENDING)
    if ctx.record.type not in (CardType.MAGICAL_ITEM, CardType.ARTIFACT, *CHAMPION_TYPES) \
            or not conds or len(conds) != 1:
        return None
    return (Effect(K.OPPONENT_LOSES, amount=number(m.group(2)), condition=conds[0]),)


@_rule(r"all attached swimming allies of this champion are doubled in level")
def _swimming_allies_doubled(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The Count of Müden: its swimming allies count twice (double_allies, swimmer 37).
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.DOUBLE_ALLIES, attributes=(37,)),)


@_rule(r"the axe can be attached to any champion|in addition to the listed bonus, the axe also "
       r"gives the attached champion a \+" + NUM + r" ally in combat")
def _dwarvish_axe(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Axe of the Dwarvish Lords (AD&D: any champion's world already fits, RULES.md §1
    # "Table"); its +8 ally fights beside its champion: the champion's side gains 8.
    if ctx.record.type is not CardType.ARTIFACT or ctx.record.world not in (0, 7, 8, 9):
        return None
    if m.group(1) is None:
        return _MODELLED_NO_EFFECT
    return (Effect(K.GAIN_LEVELS, amount=number(m.group(1))),)



@_rule(r"ends the current battle immediately|all allies and spells are discarded, and attacking "
       r"champion may not attack again this battle")
def _hopelessness(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Symbol of Hopelessness: the battle ends with no victor (end_battle: the round's allies
    # and spells are discarded, the battle is over: no more attacks in it).
    text = ctx.record.text.lower()
    if ctx.record.type not in _PLAYED_INTO_ROUND or "ends the current battle immediately" \
            not in text:
        return None
    if m.group(0).startswith("all allies"):
        return _MODELLED_NO_EFFECT  # what end_battle does with the round's cards
    return (Effect(K.END_BATTLE),)



@_rule(r"the opponent must discard any already in play")
def _discard_those_in_play(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The Roc (ally): "Flying allies cannot be played against the roc. The opponent must
    # discard any already in play": the barred allies already in the round are discarded as
    # it enters (destroy_allies of the same kind).
    before = re.search(r"(flying|undead|dwarf|elf) allies cannot be played against",
                       ctx.record.text.lower())
    if before is None or ctx.record.type not in _PLAYED_INTO_ROUND:
        return None
    word = {"flying": "flyers", "undead": "undead", "dwarf": "dwarf", "elf": "elf"}[before.group(1)]
    return (Effect(K.DESTROY_ALLIES, attributes=(_ATTRIBUTE_WORDS[word],)),)


@_rule(r"[a-z' -]+ and his allies may attack any realm in play, regardless of position or "
       r"special power")
def _attack_any_realm(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Tomkin Dross: as Starshine (attack_anywhere; allies never attack on their own).
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.ATTACK_ANYWHERE),)


@_rule(r"the [a-z' ]+ is \+" + NUM + r" vs\.? (.+)")
def _named_bonus_vs(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # "The Dragonlance is +7 vs. dragon champions": as "+7 vs. dragon champions" (_bonus_vs).
    inner = re.fullmatch(r"\+" + NUM + r" vs\.? (.+)", f"+{m.group(1)} vs. {m.group(2)}")
    return None if inner is None else _bonus_vs(inner, ctx)



@_rule(r"opposing (\w+) lose " + NUM + r" levels? against this ally")
def _ally_weakens_kind(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Fiend (ally): an opposing champion of one kind loses levels while the ally fights.
    conds = _vs_conditions(m.group(1))
    if ctx.record.type is not CardType.ALLY or not conds or len(conds) != 1:
        return None
    return (Effect(K.OPPONENT_LOSES, amount=number(m.group(2)), condition=conds[0]),)


@_rule(r"the attached champion can use blood abilities and instantly defeats (\w+)")
def _tighmaevril(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Tighmaevril Sword: its champion uses blood abilities (may_use d3/o3) and discards an
    # opposing champion of the kind ("regent": destroy_champion against regents).
    word = m.group(1) if m.group(1).endswith("s") else m.group(1) + "s"
    conds = _vs_conditions(word)
    if ctx.record.type not in (CardType.MAGICAL_ITEM, CardType.ARTIFACT) or not conds \
            or len(conds) != 1:
        return None
    return (Effect(K.MAY_USE, uses=("d3", "o3")), Effect(K.DESTROY_CHAMPION, condition=conds[0]))



@_rule(r"(\w+)(?: and (\w+))?(?: facing [a-z' ]+)? are at half their base level \(rounded "
       r"down\)(?: against the [a-z' ]+)?")
def _kinds_at_half(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The Lamia, Nadia Vasiliev: opposing champions of some types at half their printed level,
    # rounded down (halve_opposing_base; a list is OR: one effect per type).
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    words = [w for w in m.groups() if w]
    if any(w not in _TYPE_WORDS for w in words):
        return None
    return tuple(Effect(K.HALVE_OPPOSING_BASE, condition=Condition(vs_types=(_TYPE_WORDS[w],)))
                 for w in words)


@_rule(r"opponent's base level is halved \(rounded down\)|the opponent's unmodified level "
       r"\(printed on the card\) is halved and rounded down|any non(\w+) champions attacking "
       r"this realm are at half their base level \(rounded down\)")
def _opponent_at_half(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Aging, Takhisis's Mirror and Sword (the opposing champion); Dragon's Lair (attackers
    # that are not dragons): halve_opposing_base.
    if m.group(1) is None:
        if ctx.record.type not in (*_SPELL_TYPES, CardType.MAGICAL_ITEM, CardType.ARTIFACT):
            return None
        return (Effect(K.HALVE_OPPOSING_BASE),)
    attr = _ATTRIBUTE_WORDS.get(m.group(1))
    if not ctx.realmlike or attr is None:
        return None
    return (Effect(K.HALVE_OPPOSING_BASE, condition=Condition(when=When.DEFENDING,
                                                              vs_not_attributes=(attr,))),)



@_rule(r"this holding counts as a \+" + NUM + r" ally|the [a-z' ]+ is a \+" + NUM + r" ally|"
       r"casting this spell creates a \+" + NUM + r" ally(?: for the duration of the round)?")
def _bonus_as_ally(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # High Horn, Shades: the card's printed +N is the ally it speaks of (as _defending_ally:
    # its bonus already adds it to its side).
    n = number(next(g for g in m.groups() if g))
    if ctx.level.bonus != n or ctx.record.type not in (CardType.HOLDING, *_SPELL_TYPES):
        return None
    return _MODELLED_NO_EFFECT


@_rule(r"this champion's [a-z]+ tribe counts as a permanent \+" + NUM + r" ally for this "
       r"champion")
def _tribe(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Orcish Shaman: an ally of +5 always beside the champion: its side gains 5.
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.GAIN_LEVELS, amount=number(m.group(1))),)


@_rule(r"[a-z' ]+ gains \+?" + NUM + r" levels against (\w+), and when defending (?:the )?"
       r"([a-z' ]+)|[a-z' ]+ gains " + NUM + r" levels against (\w+) and/or " + NUM +
       r" levels if defending an? (" + _WORLD_RE + r") realm")
def _two_gains(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Prince Tristan (against giants, and defending the Moonshaes), Kelda Auslawsen (against
    # heroes and/or defending a Birthright realm): two gains, each in its case.
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    amount, kind = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(5))
    conds = _vs_conditions(kind)
    if not conds or len(conds) != 1:
        return None
    out = [Effect(K.GAIN_LEVELS, amount=number(amount), condition=conds[0])]
    if m.group(1):
        realm = _realm_name(m.group(3))
        if realm is None:
            return None
        out.append(Effect(K.GAIN_LEVELS, amount=number(amount), condition=Condition(
            when=When.DEFENDING, at_realm=(realm,))))
    else:
        out.append(Effect(K.GAIN_LEVELS, amount=number(m.group(6)), condition=Condition(
            when=When.DEFENDING, realm_worlds=(int(_WORLD_WORDS[m.group(7)]),))))
    return tuple(out)


@_rule(r"this sword becomes a \+" + NUM + r" weapon when used by an? (\w+) champion or (\w+)")
def _sword_for_kinds(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Sword of the Black Rose (+3): +7 in the hands of an undead or a werebeast (the difference
    # as a gain, for a champion with one of the attributes).
    bonus = ctx.level.bonus
    attrs = tuple(_ATTRIBUTE_WORDS.get(w, 0) for w in (m.group(2), m.group(3)))
    if bonus is None or 0 in attrs or number(m.group(1)) <= bonus \
            or ctx.record.type not in (CardType.MAGICAL_ITEM, CardType.ARTIFACT):
        return None
    return (Effect(K.GAIN_LEVELS, amount=number(m.group(1)) - bonus,
                   condition=Condition(self_attributes=attrs)),)



@_rule(r"this realm extends under all opponent's realms that have attached holdings, allowing "
       r"the realms to be attacked by this player's champions and allies, regardless of position "
       r"or restrictions")
def _extends_under_held(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # As _extends_under, for the other player's realms with a holding (realm_holding).
    if ctx.record.type is not CardType.REALM:
        return None
    return (Effect(K.REALMS_ATTACK_ANYWHERE, condition=Condition(realm_holding=True)),)


@_rule(r"this holding can defend the attached realm as a level " + NUM + r" (hero|wizard|cleric|"
       r"monster|psionicist|thief|regent)")
def _holding_defends(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # A holding that defends its realm as a champion (defend_as on a holding, as Arabel's).
    if ctx.record.type is not CardType.HOLDING:
        return None
    return (Effect(K.DEFEND_AS, amount=number(m.group(1)), champion_type=_TYPE_WORDS[m.group(2)]),)


@_rule(r"the power of the ancients subtracts " + NUM + r" levels from champions attacking the "
       r"attached realm")
def _ancients(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # A holding whose realm's attackers lose levels (opponent_loses, when defending).
    if ctx.record.type is not CardType.HOLDING:
        return None
    return (Effect(K.OPPONENT_LOSES, amount=number(m.group(1)),
                   condition=Condition(when=When.DEFENDING)),)



@_rule(r"this weapon easily pierces the strongest armor, instantly defeating champions of base "
       r"level " + NUM + r" or less")
def _piercing_weapon(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # A weapon whose champion defeats an opposing champion of a low printed level at once
    # (destroy_champion, read at activation with the champion's attachments).
    if ctx.record.type not in (CardType.MAGICAL_ITEM, CardType.ARTIFACT):
        return None
    return (Effect(K.DESTROY_CHAMPION, amount=number(m.group(1))),)


# ---- 4th Edition, second pass (issue 13, c4th2) ----
# The 4th Edition's own wordings of powers other sets already print; each rule names its card.


@_rule(r"this champion negates the special powers \(but not the level\) of all cards played "
       r"against (?:her|him)")
def _negate_powers_4th(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Shayira (4th): the 3rd Edition's "(but not the bonuses)" (_negate_powers), "level" for
    # "bonuses": every card the other side plays against her loses its power, its level counts.
    return (Effect(K.NEGATE_POWERS),)


@_rule(r"the attached champion and his allies are immune to offensive magical items of \+" +
       NUM + r" or less")
def _immune_to_weak_items_4th(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Hornhead Saurial (4th, an ally): its side is immune to the other side's (Off) magical
    # items of +3 or less (the 3rd Edition's card says "magical items"; this one "offensive").
    if ctx.record.type is not CardType.ALLY:
        return None
    return (Effect(K.IMMUNE_TO_WEAK, card_types=(int(CardType.MAGICAL_ITEM),), mark="off",
                   amount=number(m.group(1))),)


@_rule(r"this ally strips any existing artifact and magical items from an opponent but has no "
       r"effect on those played after them")
def _strip_items_4th(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Halfling Mercenaries (4th): the 3rd Edition's two sentences in one (_strip_items): the
    # opposing champion's items and artifact, those it has when the ally is played, are
    # discarded; none played after is barred.
    if ctx.record.type is not CardType.ALLY:
        return None
    return (Effect(K.DESTROY_ITEMS, card_types=(int(CardType.ARTIFACT),)),)


@_rule(r"immediately destroys one opposing ally of level " + NUM + r" or less, or one magical "
       r"item, of the caster's choice")
def _ally_or_item_4th(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Lightning Bolt (4th): "the caster's choice" for "caster's choice" (_ally_or_item).
    if ctx.record.type not in _PLAYED_INTO_ROUND:
        return None
    return (Effect(K.DESTROY_ALLY_OR_ITEM, amount=number(m.group(1))),)


@_rule(r"the crushing fist adds " + NUM + r" levels or destroys one magical item, chosen by the "
       r"caster")
def _levels_or_item_4th(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Crushing Fist (4th): "chosen by the caster" for "at the choice of the caster"
    # (_levels_or_item); its levels are its printed bonus.
    if ctx.level.bonus != number(m.group(1)):
        return None
    return (Effect(K.LEVELS_OR_ITEM, amount=number(m.group(1))),)


_COASTAL = 5
"""CrossFire attribute id of a realm showing a coastline (cards.Attribute.COASTAL)."""


@_rule(r"this ally's level is doubled when defending a realm showing a coastline")
def _mermaid(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Mermaid (an ally, +4): doubled, it adds its bonus once more, when its side defends a
    # coastal realm (CrossFire attribute 5; the realm fought over: realm_attributes).
    bonus = ctx.level.bonus
    if ctx.record.type is not CardType.ALLY or not bonus or bonus < 0:
        return None
    return (Effect(K.GAIN_LEVELS, amount=bonus, condition=Condition(
        when=When.DEFENDING, realm_attributes=(_COASTAL,))),)


@_rule(r"all of this player's champions are immune to offensive spells \(including wish\) and "
       r"the attached is also immune to harmful events")
def _winners_cape(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The Winner's Cape (an artifact): every champion of its player is immune to the other
    # side's (Off) spells (Wish among them: champions_immune reads every (Off) spell), and the
    # champion carrying it to harmful events (immune_harmful_events).
    if ctx.record.type is not CardType.ARTIFACT:
        return None
    return (Effect(K.CHAMPIONS_IMMUNE), Effect(K.IMMUNE_HARMFUL_EVENTS))


@_rule(r"this artifact can be used by any champion|"
       r"this mighty artifact is the grand prize in the 1996 world championship at the gencon "
       r"game fair")
def _cape_restated(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The Winner's Cape: a TSR artifact, which a champion of any world may carry already
    # (RULES.md §1 "Table"; battle/facts.ANY_WORLD); and where the card was a prize (no power).
    if ctx.record.type is not CardType.ARTIFACT or ctx.record.world not in _ANY_WORLD_CODES:
        return None
    return _MODELLED_NO_EFFECT


@_rule(r"when this ally is played, the opposing champion can no longer cast spells, and his "
       r"allies' special powers are negated")
def _thought_eater(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Thought Eater (an ally): while it is in the round the other side casts no spells
    # (spells_barred) and its allies have no powers, their bonuses still counting
    # (negate_powers for the ally type, as Inhuman's "immune to ally powers").
    if ctx.record.type is not CardType.ALLY:
        return None
    return (Effect(K.SPELLS_BARRED), Effect(K.NEGATE_POWERS, card_types=(int(CardType.ALLY),)))



@_rule(r"[a-z' ]+ has a pet shark as a \+" + NUM + r" swimming ally that devours \(discards\) "
       r"the first swimming ally played against this champion")
def _neranal(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Neranal (a cleric): the shark's levels are his (as "acts as a permanent +N ally"), and the
    # first swimming ally (attribute 37) the other side plays in the battle is discarded
    # (destroy_allies, once: count 1, answering the play; battle/reactions.answer_ally).
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.GAIN_LEVELS, amount=number(m.group(1))),
            Effect(K.DESTROY_ALLIES, count=1, attributes=(int(_ATTRIBUTE_WORDS["swimmer"]),)))


@_rule(r"this player can draw one card and play it immediately whenever this realm is attacked")
def _draw_and_play_4th(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Lost Oasis (4th, a holding): the 1st Edition's "the owner can draw one card and play it
    # immediately when the attached realm is attacked" (_draw_and_play; [decided] always used).
    if ctx.record.type is not CardType.HOLDING:
        return None
    return (Effect(K.DRAW_AND_PLAY),)


@_rule(r"a master of elemental magical, all spells cast during phase 3 that affect champions "
       r"\"of x level or less\" have that level increased by 2|"
       r"this realm allows the player to trade up to 3 realms and/or champions from his hand for "
       r"an equal number of cards from his draw pile during phase 0|"
       r"the realm is then razed")
def _not_combat_4th_more(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Yumac the Cold: spells cast in phase 3, outside combat (RULES.md §1 "Turn phases"; as
    # Fortification: Bastion). Free and Independent City of Dyvers: a trade in phase 0, after
    # which the realm is razed ("the realm is then razed" only beside that trade).
    if m.group(0).startswith("the realm is then") and "during phase 0" not in \
            ctx.record.text.lower():
        return None
    return _NOT_COMBAT



@_rule(r"psionicists must ask her permission to use psionic power cards")
def _psionics_veto_4th(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Sadira (4th): the 3rd Edition's veto (_psionics_veto), "psionic power cards" for
    # "psionic powers"; the psionicists' own powers are not cards and stay.
    return (Effect(K.PSIONICS_VETO, card_types=(int(CardType.PSIONICIST),)),)


@_rule(r"the attached champion and its allies can attack any realm, regardless of position or "
       r"powers")
def _teleport_4th(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Falcon Figurine (4th): the 3rd Edition's words (_teleport) with "position or powers":
    # its champion may attack any realm (allies never attack on their own).
    if ctx.record.type not in (CardType.MAGICAL_ITEM, CardType.ARTIFACT):
        return None
    return (Effect(K.ATTACK_ANYWHERE),)



@_rule(r"the [a-z' ]+ can be attacked only by flyers or (giants|dwarves)")
def _only_flyers_or_race(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Giant's Run Mountains: only a flyer or a giant (attribute 17) may attack it; read on the
    # realm by legal.gate (only_attackable_by with attributes; RULES.md §1 movement).
    if ctx.record.type is not CardType.REALM:
        return None
    return (Effect(K.ONLY_ATTACKABLE_BY, movement=("flyer",),
                   attributes=(_ATTRIBUTE_WORDS[m.group(1)],)),)


@_rule(r"its defenders are immune to offensive unarmed combat cards")
def _defenders_immune_unarmed(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Giant's Run Mountains: a realm's immunity for the side defending it (the realm is among
    # the defender's cards of the round, battle/totals.round_sides): the other side's (Off)
    # unarmed combat cards have no effect.
    if ctx.record.type is not CardType.REALM:
        return None
    return (Effect(K.IMMUNE_TO, card_types=(int(CardType.UNARMED_COMBAT),), mark="off",
                   condition=Condition(when=When.DEFENDING)),)



@_rule(r"if this player chooses not to attack on his turn, [a-z' ]+ can use his create object "
       r"power to search though the draw pile for any magical item and place it on the top of "
       r"his deck|"
       r"[a-z' ]+ can raise object, lifting a magical item away from a champion in an "
       r"opponent's pool and discarding it during phase 3|"
       r"this spell can be cast to place one champion from any player's discard pile to the "
       r"abyss")
def _outside_battle_4th(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Moraster: on a turn without an attack, a search of the draw pile (as Mithral Hall's, not
    # combat); Jella: during phase 3, outside combat (RULES.md §1 "Turn phases"); Ward of Sleep:
    # a champion moved from a discard pile to the Abyss changes no battle.
    return _NOT_COMBAT


@_rule(r"this item can be used during combat to discard a champion in the pool of a player "
       r"other than the opponent's|the arrow is then placed in the abyss")
def _arrow_of_slaying(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Arrow of Slaying: its power needs a third player (none in a two-player game, as
    # _third_player); "then placed in the Abyss" follows that use only. Its +2 is its bonus.
    if "other than the opponent's" not in ctx.record.text.lower():
        return None
    return _NOT_COMBAT



@_rule(r"all champions of this player are granted the earthwalking ability")
def _earthwalking_for_all(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Elemental Avatar of Earth (a champion): every champion of its player is an earthwalker
    # while the avatar is in play, in its pool or in the round (gain_movement with the mark
    # "player": legal.player_moves, totals._pool_auras; it is an earthwalker itself).
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.GAIN_MOVEMENT, movement=("earthwalker",), mark=_PLAYER_WIDE),)



@_rule(r"she gains " + NUM + r" levels if her younger self is in play any(?:where|shere)")
def _younger_self(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Mature Gold Dragon ("Goldie", sic "anyshere"): [decided] her younger self is the Young
    # Gold Dragon (1st, 2nd, 3rd Edition and reprints), in play anywhere (card_in_play).
    if ctx.record.name != "Mature Gold Dragon":
        return None
    return (Effect(K.GAIN_LEVELS, amount=number(m.group(1)), condition=Condition(
        card_in_play=("Young Gold Dragon",))),)



@_rule(r"absorbs the effects of one offensive spell of this player's choice played against the "
       r"attached champion in combat|"
       r"instantly annihilates one opposing enemy ally of this player's choice played against "
       r"the attached campion in combat")
def _shields_4th(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Shield of Destruction: the other side's (Off) spell is cancelled, once in the battle;
    # Shield of Annihilation (sic "campion"): one opposing ally is discarded, once. As the Rod
    # of Dispel Magic and Dlasva ("can destroy one"), [decided] the first one the other side
    # plays after the shield is in the battle (battle/reactions.py), or, played into the round,
    # the one its power picks there (the last spell; the strongest ally).
    if ctx.record.type is not CardType.MAGICAL_ITEM:
        return None
    if m.group(0).startswith("absorbs"):
        return (Effect(K.CANCEL_SPELL, mark="off", count=1),)
    return (Effect(K.DESTROY_ALLIES, count=1),)


# ---- booster sets, second pass (issue 13, cboost2) ----

def _kinds_of(phrase: str) -> tuple[int, ...] | None:
    """"dwarves, gnomes, and kender" -> their attribute ids; None if a word is not a race or a
    movement."""
    t = _targets(phrase)
    if t is None or t[0] or not (t[1] or t[2]):
        return None
    return t[1] + tuple(_ATTRIBUTE_WORDS[m + "s"] for m in t[2])  # flyers: attribute 16


@_rule(r"(?:all )?([a-z, ]+?) (?:\(champions and allies\)|champions and allies) (gain|lose) " + NUM
       + r" levels?(?: until the end of this player's turn| for this round)?")
def _kinds_everywhere_gain(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Reorx, the Forge, Walks the Land; Fire Rain; Augment Undead: every champion and ally of
    # those kinds in the battle, on both sides (an event lasting this turn acts in this battle:
    # one attack per turn, RULES.md §1 "Turn phases"; a spell acts for its round).
    attrs = _kinds_of(m.group(1))
    if attrs is None or ctx.record.type not in (CardType.EVENT, CardType.WIZARD_SPELL,
                                                CardType.CLERIC_SPELL):
        return None
    amount = number(m.group(3)) * (1 if m.group(2) == "gain" else -1)
    return (Effect(K.ALL_CHAMPIONS_GAIN, amount=amount, attributes=attrs),
            Effect(K.ALL_ALLIES_GAIN, amount=amount, attributes=attrs))


@_rule(r"all (monster|hero|wizard|cleric) champions gain " + NUM + r" levels? until the end of "
       r"this player's next turn")
def _type_champions_gain(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # All Hollow's Eve: every champion of that type in the battle, either side (as _omens).
    if ctx.record.type is not CardType.EVENT:
        return None
    return (Effect(K.ALL_CHAMPIONS_GAIN, amount=number(m.group(2)),
                   condition=Condition(self_types=(_TYPE_WORDS[m.group(1) + "s"],))),)


@_rule(r"(?:[a-z' -]+ )?gains " + NUM + r" levels? when attacking a realm that has a coast")
def _gains_at_coast(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Maquesta Kar-Thon: the realm attacked shows a coastline (CrossFire attribute 5).
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.GAIN_LEVELS, amount=number(m.group(1)), condition=Condition(
        when=When.ATTACKING, realm_attributes=(_COASTAL,))),)


@_rule(r"because attacking champions always underestimate [a-z]+, they lose " + NUM
       + r" levels? if he defends an? (" + _WORLD_RE + r") realm")
def _underestimated(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Phudge, the Great Highbulp: the attacker loses levels when he defends a realm of that world.
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.OPPONENT_LOSES, amount=number(m.group(1)), condition=Condition(
        when=When.DEFENDING, realm_worlds=(int(_WORLD_WORDS[m.group(2)]),))),)


@_rule(r"the ([a-z' -]+) becomes (\+\d+ vs\. .+)")
def _becomes_vs(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Nightmare: "the nightmare becomes +8 vs. clerics or wizards" restates its own name.
    if not _names_self(m.group(1), ctx) or ctx.record.type is not CardType.ALLY:
        return None
    return _apply(_CLAUSE_RULES, m.group(2), ctx)


@_rule(r"([a-z' -]+) is immune to ([a-z ]+(?:, [a-z ]+)+),? and ([a-z ]+)")
def _immune_list(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Icedawn, Avatar of Auril: "X is immune to events, walls, and offensive cleric spells":
    # each part as its own immunity ("walls": a wall spell does not hold it, as Passwall's
    # negate_walls); not understood unless every part is.
    if not _names_self(m.group(1), ctx) or ctx.record.type not in CHAMPION_TYPES:
        return None
    out: list[Effect] = []
    for part in [p.strip() for p in m.group(2).split(",")] + [m.group(3)]:
        res = ((Effect(K.NEGATE_WALLS),) if part == "walls"
               else _apply(_CLAUSE_RULES, f"immune to {part}", ctx))
        if not isinstance(res, tuple):
            return None
        out += [e for e in res if isinstance(e, Effect)]
    return tuple(out)


@_rule(r"the attached champion is immune to the effects of all (artifacts|magical items)")
def _immune_effects_of_all(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Amulet of Protection from Artifacts: "the effects of all artifacts" are the artifacts'
    # (of the other side, as every "immune to" reads: totals.affects).
    return _apply(_CLAUSE_RULES, f"the attached champion is immune to {m.group(1)}", ctx)


@_rule(r"immune to offensive magical items of less than \+" + NUM + r" enchantment")
def _immune_below(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Grimm Graybeard: (Off) magical items of the other side below +N: those of +(N-1) or less.
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.IMMUNE_TO_WEAK, card_types=(int(CardType.MAGICAL_ITEM),), mark="off",
                   amount=number(m.group(1)) - 1),)


@_rule(r"only magical items and artifacts of \+" + NUM + r" or higher enchantment have any "
       r"effect against the ([a-z' -]+)")
def _only_strong_items(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The Demi-Lich Zyenj: the other side's items and artifacts of less than +N do nothing
    # against it (any mark).
    if not _names_self(m.group(2), ctx) or ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.IMMUNE_TO_WEAK, card_types=(int(CardType.MAGICAL_ITEM),
                                                 int(CardType.ARTIFACT)),
                   amount=number(m.group(1)) - 1),)


@_rule(r"defending champions can cast cleric spells and use blood abilities")
def _cleric_and_blood(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Impregnable Heart of Haelyn (a realm): its defenders cast cleric spells (4) and use blood
    # abilities (3), as the realm's uses field lists.
    if not ctx.realmlike:
        return None
    return (Effect(K.MAY_USE, uses=("d4", "o4", "d3", "o3"),
                   condition=Condition(when=When.DEFENDING)),)


@_rule(r"in battle, ([a-z' -]+) can cast (cleric|wizard) spells to aid the attached champion")
def _ally_casts_for(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Kinsle the Druid (an ally): "this ally can cast cleric spells" in other words.
    if not _names_self(m.group(1), ctx) or ctx.record.type is not CardType.ALLY:
        return None
    return _apply(_CLAUSE_RULES, f"this ally can cast {m.group(2)} spells", ctx)


@_rule(r"user becomes immune to offensive psionic powers until the beginning of his next turn")
def _iron_will(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Tower of Iron Will (a psionic power): until his next turn is this battle (one attack per
    # turn, RULES.md §1 "Turn phases").
    return _apply(_CLAUSE_RULES, "immune to offensive psionic powers", ctx)


@_rule(r"doubles the levels of all allies played on this champion")
def _intensify(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Intensify (a psionic power): each ally of its side counts twice (double_allies).
    return (Effect(K.DOUBLE_ALLIES),)


@_rule(r"no (cleric|wizard) spells may be cast during any battle with this champion")
def _no_spell_type(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Psionicist Anklet and Bracelet (magical items): neither side casts spells of that kind
    # in the champion's battle (no_cards, as Body Weaponry's).
    if ctx.record.type not in (CardType.MAGICAL_ITEM, CardType.ARTIFACT):
        return None
    kind = CardType.CLERIC_SPELL if m.group(1) == "cleric" else CardType.WIZARD_SPELL
    return (Effect(K.NO_CARDS, card_types=(int(kind),)),)


@_rule(r"all opposing allies lose their special powers|"
       r"he and any attached cards are immune to the special powers of allies|"
       r"this player's champion and its allies are immune to the special powers of allies for "
       r"this round of combat")
def _ally_powers_negated(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Locathah Champion, Ghostly Piper, Hornung's Baneful Deflector: the other side's allies
    # act with their bonus only (negate_powers of allies, as Inhuman's "immune to ally powers";
    # [decided] there, reused here).
    return (Effect(K.NEGATE_POWERS, card_types=(int(CardType.ALLY),)),)


@_rule(r"all enemy champions and allies \(except undead\) lose " + NUM + r" levels? when "
       r"opposing this ally")
def _spectre(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Spectre (an ally): the opposing champion unless undead, and each opposing ally unless
    # undead (opposing_allies_lose_unless with the attribute spared).
    if ctx.record.type is not CardType.ALLY:
        return None
    n = number(m.group(1))
    return (Effect(K.OPPONENT_LOSES, amount=n, condition=Condition(vs_not_attributes=(40,))),
            Effect(K.OPPOSING_ALLIES_LOSE_UNLESS, amount=n, attributes=(40,)))


# ---- 4th Edition, third pass (issue 13, c4th3b) ----
# The 4th Edition's cards numbered 178 to 386; each rule names its card (and the other sets
# that print the same words).


@_rule(r"(?:he|she) can be discarded from (?:his|her) pool to cancel one event, whether "
       r"helpful or harmful")
def _cancel_any_event(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Helm (4th, a hero): Delsenora's power (cancel_event: a champion in the pool, discarded
    # to cancel one event of the other player; battle/reactions.answer_event) for helpful
    # events too: the mark "any". [decided], as Delsenora's: the first such event played.
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.CANCEL_EVENT, mark="any"),)


@_rule(r"(?:the )?opposing champion is automatically defeated unless he has or can play "
       r"(an ally|a magical item)")
def _defeated_unless_has(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Ki-Rin ("an ally"), Loup-Garou (4th and Ravenloft: "a magical item"), allies: played,
    # the opposing champion loses the round at once unless its side has such a card in the
    # round or may play one now (defeated_unless_has).
    if ctx.record.type is not CardType.ALLY:
        return None
    kind = CardType.ALLY if m.group(1) == "an ally" else CardType.MAGICAL_ITEM
    return (Effect(K.DEFEATED_UNLESS_HAS, card_types=(int(kind),)),)


@_rule(r"the holding of any realm the attached champion attacks is immediately discarded|"
       r"the attached champion immediately discards the holding of any realm it attacks")
def _horn_of_blasting(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Horn of Blasting (4th; Forgotten Realms: the same power in other words), a magical item:
    # the holding of the realm its champion attacks is discarded as the attack begins
    # (discard_attacked_holding).
    if ctx.record.type is not CardType.MAGICAL_ITEM:
        return None
    return (Effect(K.DISCARD_ATTACKED_HOLDING),)


@_rule(r"this ally drains the adjusted level of an opposing champion \(except cleric\) by "
       + NUM + r"; any that drop below 0 are instantly defeated", sentence=True)
def _dreaded_ghost(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The Dreaded Ghost (4th, an ally +9): the opposing champion, unless a cleric, loses 9
    # levels (its total: "adjusted level"), and a side whose total is then below 0 loses the
    # round at once (defeated_below, read as the ghost enters the round [decided]).
    if ctx.record.type is not CardType.ALLY:
        return None
    others = Condition(vs_types=tuple(t for t in _CHAMPION_CODES if t != int(CardType.CLERIC)))
    return (Effect(K.OPPONENT_LOSES, amount=number(m.group(1)), condition=others),
            Effect(K.DEFEATED_BELOW, condition=others))


@_rule(r"when [a-z' -]+ enters (?:combat|battle) as a defender, [a-z' -]+ can destroy one "
       r"magical item in play anywhere")
def _klik(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Klik-Ka'Cha (4th; Arcana as Klik-Ka'cha), a cleric: defending, as he enters the round
    # (activation) one magical item is discarded, [decided] his best: the opposing champion's
    # strongest, else the strongest in the opposing pool (destroy_one_anywhere).
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.DESTROY_ONE_ANYWHERE, card_types=(int(CardType.MAGICAL_ITEM),),
                   condition=Condition(when=When.DEFENDING)),)


@_rule(r"destroys one artifact, chosen by the caster")
def _cone_of_cold(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Cone of Cold (3rd, 4th), a wizard spell: one artifact is discarded, [decided] the
    # caster's best: the opposing champion's, else the strongest in the opposing pool.
    if ctx.record.type not in _SPELL_TYPES:
        return None
    return (Effect(K.DESTROY_ONE_ANYWHERE, card_types=(int(CardType.ARTIFACT),)),)


@_rule(r"if cast during phase 3, the caster does not receive a level bonus")
def _cast_in_phase_3(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Cone of Cold (4th, "(Off/3/4)"): cast in phase 3, outside combat (RULES.md §1 "Turn
    # phases"), it has no bonus; in a battle (phase 4) its +5 counts.
    if ctx.record.type not in _SPELL_TYPES or 3 not in parse_mark(ctx.record.text)[1]:
        return None
    return _NOT_COMBAT


@_rule(r"it automatically defeats a realm champion")
def _apocalypse(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Apocalypse (4th), a monster: attacking a realm that defends itself ("realm champion"),
    # it wins the round at activation (defeats_realm_champion).
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.DEFEATS_REALM_CHAMPION),)


@_rule(r"[a-z' -]+ can send one opposing ally or magical item to the abyss")
def _rowan(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Rowan (4th, an ally): Lightning Bolt's choice (destroy_ally_or_item, [decided] the
    # larger bonus) of an ally of any level (amount 0), to its owner's Abyss (the mark).
    if ctx.record.type is not CardType.ALLY:
        return None
    return (Effect(K.DESTROY_ALLY_OR_ITEM, mark="abyss"),)


@_rule(r"being of two minds, the [a-z' -]+ may have (two|three) ad&d artifacts attached to "
       r"(?:him|her|it)")
def _ettin(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The Ettin (4th, a monster): up to two artifacts, both AD&D ones (adnd_artifacts; the
    # one-artifact rule otherwise, RULES.md §1 "Table").
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.ADND_ARTIFACTS, count=number(m.group(1))),)


@_rule(r"[a-z' -]+ can double the level of one ally played after (?:him|her)"
       r"(?: \(choice need not be immediate\))?")
def _wijon(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Wijon (4th, an ally): one ally of his side played after him counts twice, [decided] the
    # largest (the choice "need not be immediate": the best of the round; double_later_ally).
    if ctx.record.type is not CardType.ALLY:
        return None
    return (Effect(K.DOUBLE_LATER_ALLY),)


@_rule(r"(?:he|she|it) gains " + NUM + r" levels when in combat with nonspellcasting champions")
def _pyre(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Pyre (4th, a hero): +7 while the opposing champion casts no spells (no wizard or cleric
    # spell "uses" code in the round: gain_vs_nonspellcasters).
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.GAIN_VS_NONSPELLCASTERS, amount=number(m.group(1))),)


@_rule(r"all cards used by this player that contain the word \"(\w+)\" are doubled in level")
def _wolf_badge(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Badge of the Wolf Nomads (4th, a magical item): every card of its side named with the
    # word counts twice (double_named; the badge itself is named so).
    if ctx.record.type not in (CardType.MAGICAL_ITEM, CardType.ARTIFACT):
        return None
    return (Effect(K.DOUBLE_NAMED, names=(m.group(1),)),)


@_rule(r"(\w+) champions and allies killed by the [a-z' -]+ are placed in the abyss instead of "
       r"the discard pile")
def _mace_of_disruption(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Mace of Disruption (4th, a magical item): when its side wins the round, the defeated
    # opposing champion and the opposing allies of the round that are undead go to their
    # owner's Abyss (opposing_to_abyss, the mark "champion", read with attributes).
    attribute = _ATTRIBUTE_WORDS.get(m.group(1))
    if ctx.record.type not in (CardType.MAGICAL_ITEM, CardType.ARTIFACT) or attribute is None:
        return None
    return (Effect(K.OPPOSING_TO_ABYSS, mark="champion", attributes=(attribute,)),)


@_rule(r"all other (clerics|wizards) must ask the [a-z' -]+ for permission to cast spells")
def _arch_druid_veto(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Arch-Druid (3rd, 4th), a cleric: the other player's clerics cast no spells while she is
    # in play (spell_veto; [decided] as Midnight's, her own player's are permitted), whether or
    # not another Arch-Druid is in play (the mark "all": "all other clerics").
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.SPELL_VETO, card_types=(_TYPE_WORDS[m.group(1)],), mark="all"),)


@_rule(r"while the [a-z' -]+ is in play, no avatars may be played")
def _no_avatars(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Arch-Druid (3rd, 4th): no avatar may be presented from a hand or played as spoils while
    # she is in play (avatars_barred; battle/legal.py, game/plays.py).
    if not _names_self(m.group(0).split(" is in play")[0].removeprefix("while the "), ctx):
        return None
    return (Effect(K.AVATARS_BARRED),)


@_rule(r"immune to offensive wizard spells, the [a-z' -]+ can also cast any wizard spells "
       r"containing the words ([a-z]+(?:, [a-z]+)*,? or [a-z]+)")
def _elemental_cleric(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Elemental Cleric (4th): immune to the other side's (Off) wizard spells (immune_to), and
    # of the wizard spells (its printed "uses" codes 19) only those named with one of the
    # words (casts_named_only: legal.named_codes).
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    words = tuple(w for w in re.split(r",\s*(?:or\s+)?|\s+or\s+", m.group(1)) if w)
    return (Effect(K.IMMUNE_TO, card_types=(int(CardType.WIZARD_SPELL),), mark="off"),
            Effect(K.CASTS_NAMED_ONLY, uses=_SPELL_USES["wizard"], names=words))


@_rule(r"this nasty monster can use offensive blood abilities and is immune to offensive hero "
       r"unarmed combat cards")
def _drider(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Drider (4th, a monster): (Off) blood abilities (its "uses" code o3, restated as may_use)
    # and immune to the other side's (Off) unarmed combat cards that heroes use (code o18; not
    # the dragons' o101 nor the undead's o102): immune_to_needing.
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.MAY_USE, uses=("o3",)), Effect(K.IMMUNE_TO_NEEDING, uses=("o18",)))


@_rule(r"[a-z' -]+ negates the special powers of all offensive cards attached to an opposing "
       r"champion")
def _ansalong(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Ansalong (4th, a psionicist): the opposing champion's (Off) magical items and artifact
    # lose their powers while he is in the round, their bonuses still counting
    # (negate_powers with the mark "attached": totals.negates).
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.NEGATE_POWERS, mark="attached"),)


_RISES = "rises"
"""The mark of a ``gain_levels`` by which an item's own level rises (c4th3b): not a
restatement of its bonus even when it equals it (:func:`_without_restated_bonus`)."""


@_rule(r"if defending a realm, the item's level rises to (\d+), and the attached champion must "
       r"be defeated twice in one battle before (?:he|she|it) is discarded")
def _scimitar_of_speed(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Scimitar of Speed (4th, a magical item +3): defending, +3 more (its level 6) and its
    # champion must be defeated twice in the battle (defeat_twice_champion, read by
    # judge.survives_first_defeat on the champion's carried cards).
    bonus = ctx.level.bonus
    if ctx.record.type is not CardType.MAGICAL_ITEM or bonus is None \
            or int(m.group(1)) <= bonus:
        return None
    defending = Condition(when=When.DEFENDING)
    return (Effect(K.GAIN_LEVELS, amount=int(m.group(1)) - bonus, condition=defending,
                   mark=_RISES),
            Effect(K.DEFEAT_TWICE_CHAMPION, condition=defending))


@_rule(r"this hideous monster devours points' worth of allies up to its base level, and it is "
       r"immune to offensive psionic power cards")
def _cistern_fiend(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Athasian Cistern Fiend (4th, a monster of level 8): opposing allies whose bonuses total
    # its base level or less are discarded (destroy_allies_total on a champion: answering the
    # allies as they are played, battle/reactions.devour_answer), and it is immune to the other
    # side's (Off) psionic power cards (immune_to).
    level = ctx.level.level
    if ctx.record.type not in CHAMPION_TYPES or not level:
        return None
    return (Effect(K.DESTROY_ALLIES_TOTAL, amount=level),
            Effect(K.IMMUNE_TO, card_types=(int(CardType.PSIONIC_POWER),), mark="off"))


@_rule(r"(?:he|she) can employ (?:his|her) iron will blood ability to resist being removed "
       r"from (?:his|her) pool for any reason")
def _iron_will_pool(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Chernevik (4th, a regent): no other card's power takes him out of his pool
    # (stays_in_pool; [decided] he always employs it: staying is his best).
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.STAYS_IN_POOL),)


@_rule(r"this ally devours all magical items of \+" + NUM + r" or less", sentence=True)
def _rust_monster(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Rust Monster (4th, an ally): the magical items of +3 or less on both champions in the
    # round are discarded, and those put on a champion later (devour_items; [decided] "all":
    # both sides').
    if ctx.record.type is not CardType.ALLY:
        return None
    return (Effect(K.DEVOUR_ITEMS, amount=number(m.group(1))),)


@_rule(r"the items are discarded instantly, and any more such played are also devoured")
def _rust_restated(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Rust Monster: what devour_items does, said again (only beside "devours all magical
    # items").
    if "devours all magical items" not in ctx.record.text.lower():
        return None
    return _MODELLED_NO_EFFECT


# ---- 1st Edition, last cards (issue 13, c1st3) ----

_FORM_TYPES = {"hero": CardType.HERO, "wizard": CardType.WIZARD, "cleric": CardType.CLERIC,
               "monster": CardType.MONSTER}


@_rule(r"[a-z' -]+ can fight as either an? (hero|wizard|cleric|monster) \((\d+)\) or an? "
       r"(hero|wizard|cleric|monster) \((\d+)\); the player must choose at the start of the "
       r"round", sentence=True)
def _fight_as(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Gib Ekim (hero 5/7): the form of its printed type at the level given for it, the other
    # form at its printed (first) level; both numbers must be the card's level field.
    forms = {_FORM_TYPES[m.group(1)]: int(m.group(2)), _FORM_TYPES[m.group(3)]: int(m.group(4))}
    lv = ctx.level
    if ctx.record.type not in forms or lv.level_alt is None or len(forms) != 2:
        return None
    other, = (t for t in forms if t != ctx.record.type)
    if forms[other] != lv.level or forms[ctx.record.type] != lv.level_alt:
        return None
    return (Effect(K.FIGHT_AS, amount=forms[ctx.record.type], champion_type=int(other)),)


@_rule(r"the wearer assumes the level or gains the special power \(but not both\) of any "
       r"champion in play")
def _assume_level(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Johydee's Mask: [decided] the level, the highest in play (battle/forms.py).
    if ctx.record.type not in (CardType.MAGICAL_ITEM, CardType.ARTIFACT):
        return None
    return (Effect(K.ASSUME_LEVEL),)


@_rule(r"wish and limited wish spells cannot be cast")
def _no_wishes(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The Abyssal Vortex (rule card): read from the rule card in play (battle/rule_cards.py).
    if ctx.record.type is not CardType.RULE:
        return None
    return (Effect(K.SPELLS_BARRED_NAMED, names=("wish", "limited wish")),)


@_rule(r"all spells and allies played while this card is in effect are discarded into the "
       r"abyss")
def _played_to_abyss(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The Abyssal Vortex: spells (wizard and cleric) and allies played into a round.
    if ctx.record.type is not CardType.RULE:
        return None
    kinds = (int(CardType.WIZARD_SPELL), int(CardType.CLERIC_SPELL), int(CardType.ALLY))
    return (Effect(K.PLAYED_TO_ABYSS, card_types=kinds),)


@_rule(r"at the end of each player's turn \(after discarding down to maximum hand size\), that "
       r"player must discard a card from his hand or pool, or raze a realm")
def _entropy(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Age of Entropy (rule card): phase 5 of the whole game (game/rule_powers.py).
    if ctx.record.type is not CardType.RULE:
        return None
    return (Effect(K.END_OF_TURN_DISCARD),)


@_rule(r"no battles can be fought until the player's next turn|unearthly fog prevents all "
       r"attacks against all players until this player's next turn")
def _truce(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Mutiny!, Solid Fog (events): no attack until the card's player's next turn (the whole
    # game: game/rules.py; battle/truce.py marks the play).
    if ctx.record.type is not CardType.EVENT:
        return None
    return (Effect(K.TRUCE),)


@_rule(r"this player's champions are immune to the special powers \(but not the levels\) of all "
       r"(" + "|".join(_WORLD_WORDS) + r") champions and allies")
def _world_powers(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Tapestry of the Stag (artifact): the other side's champion and allies of the world lose
    # their powers against this player's champions (battle/totals.py, world_immunity).
    if ctx.record.type not in (CardType.MAGICAL_ITEM, CardType.ARTIFACT):
        return None
    world = int(_WORLD_WORDS[m.group(1)])
    return (Effect(K.IMMUNE_TO_WORLD_POWERS, condition=Condition(vs_worlds=(world,))),)


@_rule(r"the champion with this [a-z]+ can fly, and can function as a hero, wizard, cleric, or "
       r"monster; the player chooses which type of champion before each round", sentence=True)
def _function_as(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Chest of Many Things: a flyer; the four types' cards (wizard and cleric spells, one type
    # a round: one_spell_type reads the round's support); its type each round (battle/forms.py).
    if ctx.record.type not in (CardType.MAGICAL_ITEM, CardType.ARTIFACT):
        return None
    types = tuple(int(t) for t in (CardType.HERO, CardType.WIZARD, CardType.CLERIC,
                                   CardType.MONSTER))
    return (Effect(K.GAIN_MOVEMENT, movement=("flyer",)),
            Effect(K.MAY_USE, uses=("d18", "o18", "d19", "o19", "d4", "o4")),
            Effect(K.ONE_SPELL_TYPE), Effect(K.FUNCTION_AS, card_types=types))


@_rule(r"a champion with this [a-z]+ is never discarded; if defeated, he escapes into the "
       r"labyrinth and returns to the player's pool at the end of the player's next turn",
       sentence=True)
def _labyrinth(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The Labyrinth Map of Shuuc (artifact): Limbo instead of the discard pile, back to the pool
    # at the end of the player's next turn (battle/labyrinth.py, game/rules.py).
    if ctx.record.type not in (CardType.MAGICAL_ITEM, CardType.ARTIFACT):
        return None
    return (Effect(K.ESCAPE_TO_LIMBO),)


@_rule(r"play immediately after champions are selected")
def _bribery_timing(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Bribery!: the round's first card, read with its power (battle/bribes.py).
    return _MODELLED_NO_EFFECT if _BRIBE in ctx.record.text.lower() else None


_BRIBE = ("the bribed champion returns to the owner's pool and that player must select another "
          "champion or lose the battle")


@_rule(_BRIBE)
def _bribe(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Bribery! (event): battle/bribes.py.
    if ctx.record.type is not CardType.EVENT:
        return None
    return (Effect(K.BRIBE),)


#: Effect kinds the engine reads off a rule card in play (battle/rule_cards.py, game/rules.py);
#: a rule card whose other sentences compile to these alone is modelled, its frame included.
_RULE_ZONE_KINDS = frozenset({K.SPELLS_BARRED_NAMED, K.PLAYED_TO_ABYSS,
                              K.END_OF_TURN_DISCARD, K.NO_CARDS,  # c4th4: these four
                              K.OFFENSIVE_WORLD_ONLY, K.COMBAT_LEVEL_CAP, K.RULE_WORLD_GAIN,
                              K.OWN_BASE_HALVED, K.RULE_ALLIES_BARRED})


@_rule("|".join(f"(?:{p})" for p in _RULE_FRAME))
def _rule_frame(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # A rule card's frame (played in phase 0, in play until another rule card: game/plays.py)
    # restates what the game does with every rule card; it is modelled when all the card's
    # other sentences compile to kinds read off the rule card in play (_RULE_ZONE_KINDS).
    if ctx.record.type is not CardType.RULE:
        return None
    for sentence in _sentences(_MARK_RE.sub(" ", ctx.record.text)):
        s = _clean(sentence)
        if not s or any(p.fullmatch(s) for p in _RULE_FRAME_RE):
            continue
        res = _apply(_CLAUSE_RULES, s, ctx)
        if not isinstance(res, tuple) or not res or any(
                not isinstance(e, Effect) or e.kind not in _RULE_ZONE_KINDS for e in res):
            return None
    return _MODELLED_NO_EFFECT


# ---- 4th Edition, third pass (issue 13, c4th3a) ----
# The 4th Edition's cards numbered 1 to 177: their wordings of powers the vocabulary has; each
# rule names its card.

_UNTIL_NEXT_TURN = r"until the end of this player's next turn"
"""Events lasting "until the end of this player's next turn": as _own_side_events and _omens
read them, the event acts while it is in the round of the battle it is played in, and in the
whole game in every battle until the end of that turn (``Card.lasting``, issue 13:
game/lasting.py)."""


@_rule(r"this player draws " + NUM + r" cards|all other players must discard one card")
def _hurricane(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Hurricane! (an event): its player draws, the others discard one card of their choice
    # from the hand; as "all players must discard ..." (the not-combat patterns) neither
    # changes a battle.
    if ctx.record.type is not CardType.EVENT:
        return None
    return _NOT_COMBAT


@_rule(_UNTIL_NEXT_TURN + r", all spells cast by his champions are double in level")
def _assault_of_magic(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Assault of Magic (an event): the bonus of each wizard and cleric spell of its player's
    # side counts twice (double_card_bonus), spells cast before the event included.
    if ctx.record.type is not CardType.EVENT:
        return None
    return (Effect(K.DOUBLE_CARD_BONUS, card_types=(int(CardType.WIZARD_SPELL),
                                                   int(CardType.CLERIC_SPELL))),)


@_rule(r"(?:buoyed by dreams of freedom, )?this player's champions are immune to (.+) " +
       _UNTIL_NEXT_TURN)
def _brave_heart(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Brave Heart (an event): its player's champion is immune to the other side's (Off)
    # spells and (Off) magical items (_immunities: "offensive" reads on both).
    if ctx.record.type is not CardType.EVENT:
        return None
    return _immunities(m.group(1))


@_rule(_UNTIL_NEXT_TURN + r", only his allies retain their special abilities|"
       r"all other allies have only their level bonus")
def _balance_of_power(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Balance of Power (an event): the other side's allies keep their bonus and lose their
    # powers (negate_powers of the ally type, as Inhuman's and Thought Eater's); the second
    # sentence says the same of "all other allies" (read only beside the first).
    if ctx.record.type is not CardType.EVENT or "only his allies retain" not in \
            ctx.record.text.lower():
        return None
    return (Effect(K.NEGATE_POWERS, card_types=(int(CardType.ALLY),)),)


@_rule(r"a \+" + NUM + r" [a-z]+ ally aids each defending champion")
def _aiding_ally(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Arak: "a +4 drow ally aids each defending champion": the realm's printed +4, which the
    # defender adds already (totals: the realm's bonus); another number is not read. (Its
    # first sentence, "all drow defending Arak are immune to ...", is not read: drow allies
    # defend too, and the vocabulary has no immunity of an ally; as The Mist Caves' giants,
    # test_booster_compiler.py.)
    if ctx.record.type is not CardType.REALM or ctx.level.bonus != number(m.group(1)):
        return None
    return _MODELLED_NO_EFFECT


@_rule(r"no offensive (wizard|cleric) spells may be played against champions defending the "
       r"attached realm")
def _offensive_spells_barred(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Blackstaff Tower (a holding): the attacker may play no (Off) wizard spell in a battle
    # for the attached realm (cards_barred with the mark "off": legal._opposing_bars); its
    # (Def) wizard spells stay playable.
    if ctx.record.type is not CardType.HOLDING:
        return None
    kind = CardType.WIZARD_SPELL if m.group(1) == "wizard" else CardType.CLERIC_SPELL
    return (Effect(K.CARDS_BARRED, card_types=(int(kind),), mark="off",
                   condition=Condition(when=When.DEFENDING)),)


@_rule(r"if ([a-z' ]+) is razed( through combat)?, the attacking champion (?:must be discarded|"
       r"is consumed by [a-z ]+ and is discarded)")
def _razer_discarded(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Raurin, The Forest Ridge (realms): when the realm is razed in a battle, the attacking
    # champion is discarded afterwards (discard_after_razing on a realm: battle/aftermath.py,
    # after the spoils, seed 001). Raurin's "if razed" includes a razing by card play in the
    # battle (battle/powers.raze_realm); a razing outside a battle has no attacking champion.
    # The mark "combat" (The Forest Ridge, "razed through combat"): only a round won razes it.
    # Raurin (FR) says "this realm".
    if ctx.record.type is not CardType.REALM or m.group(1) not in (ctx.record.name.lower(),
                                                                    "this realm"):
        return None
    return (Effect(K.DISCARD_AFTER_RAZING, mark="combat" if m.group(2) else ""),)


@_rule(r"(heroes|wizards|clerics|monsters)(?:, (heroes|wizards|clerics|monsters))?,? and "
       r"(heroes|wizards|clerics|monsters) who are not (elves|dwarves|halflings) cannot attack "
       r"the attached realm")
def _barred_unless_race(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Grovnekevic Forest (a holding): "heroes, wizards, and clerics who are not elves cannot
    # attack the attached realm": not_attackable_by those types, sparing a champion with the
    # attribute (the condition's vs_not_attributes, read by legal.gate: Gate.bars_unless).
    if ctx.record.type is not CardType.HOLDING:
        return None
    types = tuple(sorted({_TYPE_WORDS[w] for w in m.group(1, 2, 3) if w}))
    return (Effect(K.NOT_ATTACKABLE_BY, card_types=types, condition=Condition(
        vs_not_attributes=(_ATTRIBUTE_WORDS[m.group(4)],))),)


@_rule(r"negates any mulmaster holding in play")
def _mulmaster_negated(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The Celestial Jewel of Sarimie (a holding): Mulmaster's only power is drawing a card for
    # each spell played (draw_per_card_played, issue 13 trig): while the Jewel is in play,
    # a Mulmaster holding of either player draws none (named_holdings_negated,
    # game/triggers._in_play).
    if ctx.record.type is not CardType.HOLDING:
        return None
    return (Effect(K.NAMED_HOLDINGS_NEGATED, names=("Mulmaster",)),)


@_rule(_UNTIL_NEXT_TURN + r", his heroes may all use psionic power cards and blood abilities")
def _call_to_arms(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Call to Arms (an event): its player's hero may use the card's uses codes (psionic power
    # cards and blood abilities: CrossFire's d11/o11, d3/o3) while the event is in the round
    # (battle/legal.uses_of reads a support event's may_use as an ally's).
    if ctx.record.type is not CardType.EVENT or not ctx.uses:
        return None
    return (Effect(K.MAY_USE, uses=ctx.uses, condition=Condition(
        self_types=(_TYPE_WORDS["heroes"],))),)


@_rule(_UNTIL_NEXT_TURN + r", only (monsters|heroes|wizards|clerics) can attack")
def _only_type_attacks(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Monstrous Intervention (an event): as _only_flyers_until ("only flyers can attack any
    # realm until the player's next turn"), a wall in this battle: an attacking champion not
    # of the type cannot attack, and the battle ends with no victor (battle/powers.wall reads
    # the champion type in card_types).
    if ctx.record.type is not CardType.EVENT:
        return None
    return (Effect(K.ONLY_ATTACKABLE_BY, card_types=(_TYPE_WORDS[m.group(1)],)),)


@_rule(r"avatars who attack this realm are halved in base level")
def _avatars_halved(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Monastery of Perdien the Damned (a realm): an attacking avatar counts half its printed
    # level (halve_opposing_base with the mark "avatar"; rounded down, as the Lamia's: the
    # card does not say, [decided]).
    if ctx.record.type is not CardType.REALM:
        return None
    return (Effect(K.HALVE_OPPOSING_BASE, mark="avatar", condition=Condition(
        when=When.DEFENDING)),)


@_rule(r"(?:because of [a-z' ]+, )?(?:the )?[a-z' ]+ is immune to attack via underdark realms")
def _no_underdark_way(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The Delving (a realm): the other player's Underdark realms, which open realms to its
    # champions (realms_attack_anywhere), do not open this one (not_attackable_via_underdark,
    # read by battle/legal.gate).
    if ctx.record.type is not CardType.REALM:
        return None
    return (Effect(K.NOT_ATTACKABLE_VIA_UNDERDARK),)


@_rule(r"the [a-z]+ instantly destroys all (swimming|flying) allies")
def _destroys_all_movers(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Nagawater (a holding): "the naga instantly destroys all swimming allies", of either side,
    # in a battle for the attached realm: the attacker's would be destroyed on arrival
    # (destroy_allies, a bar: battle/legal._opposing_bars), and the defender may not play its
    # own (own_allies_barred with the attribute).
    if ctx.record.type is not CardType.HOLDING:
        return None
    attribute = (int(_ATTRIBUTE_WORDS["swimmer" if m.group(1) == "swimming" else "flyer"]),)
    return (Effect(K.DESTROY_ALLIES, attributes=attribute),
            Effect(K.OWN_ALLIES_BARRED, attributes=attribute))


_REALM_IMMUNE_SPELLS = {"spells": (int(CardType.WIZARD_SPELL), int(CardType.CLERIC_SPELL)),
                        "wizard spells": (int(CardType.WIZARD_SPELL),),
                        "cleric spells": (int(CardType.CLERIC_SPELL),)}


@_rule(r"(the [a-z' ]+ can be attacked only by flyers or (?:giants|dwarves)) and is immune to "
       r"offensive (spells|wizard spells|cleric spells)")
def _walled_and_immune(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Reorxcrown Mountains (a realm): the gate of Giant's Run Mountains (_only_flyers_or_race),
    # and the realm itself immune to the other side's (Off) wizard spells: they neither raze
    # nor discard it, nor touch it defending itself (realm_immune_offensive, battle/shields).
    if ctx.record.type is not CardType.REALM:
        return None
    gate = _apply(_CLAUSE_RULES, m.group(1), ctx)
    if not isinstance(gate, tuple) or not gate:
        return None
    return (*gate, Effect(K.REALM_IMMUNE_OFFENSIVE, card_types=_REALM_IMMUNE_SPELLS[m.group(2)]))


@_rule(r"this player's (greyhawk|forgotten realms|ravenloft|dark sun|dragonlance|birthright) "
       r"realms are immune to offensive (spells|wizard spells|cleric spells)")
def _world_realms_immune(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Fortification: Parapet (a holding): every realm of its player of that world, wherever
    # the holding is attached, is immune to the other side's (Off) spells (realm_immune_
    # offensive with the mark "player", its condition read on the realm: realm_worlds).
    if ctx.record.type is not CardType.HOLDING:
        return None
    return (Effect(K.REALM_IMMUNE_OFFENSIVE, card_types=_REALM_IMMUNE_SPELLS[m.group(2)],
                   mark=_PLAYER_WIDE, condition=Condition(
                       realm_worlds=(int(_WORLD_WORDS[m.group(1)]),))),)


_RACE_WORDS = (r"(elf|dwarf|halfling|gnome|giant|orc|undead|dragon|beholder|kobold|drow|"
               r"vampire|werebeast)")


@_rule(r"(?:.+? )?can defend (?:itself|themselves) as a level " + NUM + "(?: " + _RACE_WORDS +
       r")? (hero|wizard|cleric|monster|psionicist|thief|regent|champion)(?: \(" +
       _RACE_WORDS + r"\))?")
def _defend_as_race(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Spindrift Isles (a realm): "it can defend itself as a level 8 elf wizard": _defend_as
    # with the race, an attribute the realm has while it defends itself (the other side's
    # conditions read it: battle/facts.realm_defense_attributes); "a level 7 monster (dragon)";
    # Valachan (RL), "a level 5 undead champion (vampire)": any type, both attributes.
    races = tuple(_ATTRIBUTE_WORDS[r] for r in m.group(2, 4) if r)
    if not ctx.realmlike or not races:
        return None
    return (Effect(K.DEFEND_AS, amount=number(m.group(1)), champion_type=_TYPE_WORDS.get(
        m.group(3)), attributes=races),)


@_rule(r"this realm is defended by a (beholder|dragon) of monstrous size")
def _lair_defender(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Lair of the Eye Tyrant (a realm, level 15): its beholder is "the level 15 monster" of the
    # next sentence: the realm defends itself as a level 15 monster with the attribute.
    level = ctx.level.level
    if ctx.record.type is not CardType.REALM or not level:
        return None
    return (Effect(K.DEFEND_AS, amount=level, champion_type=_TYPE_WORDS["monster"],
                   attributes=(_ATTRIBUTE_WORDS[m.group(1)],)),)


@_rule(r"no other champion can defend this realm")
def _only_self_defense(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Lair of the Eye Tyrant: no champion of any type may defend it (defenders_barred on the
    # realm: its own defenders; battle/legal.barred_defenders); it defends itself ("other"
    # than its beholder: read only on a realm that does).
    if ctx.record.type is not CardType.REALM or not ctx.level.level:
        return None
    return (Effect(K.DEFENDERS_BARRED, card_types=_CHAMPION_CODES),)


@_rule(r"this player and his champions are immune to offensive psionic powers", sentence=True)
def _player_immune_psionics(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Ur Draxa (a realm): every champion of its player, in every battle while the realm stands,
    # is immune to the other side's (Off) psionic power cards (champions_immune; the clause
    # rule _immune read it as the realm's defenders only). The player's own immunity touches
    # no battle. (The AR card's "immune to psionic attacks" is left to its own test.)
    if ctx.record.type is not CardType.REALM:
        return None
    return (Effect(K.CHAMPIONS_IMMUNE, card_types=(int(CardType.PSIONIC_POWER),), mark="off"),)


@_rule(r"champions with attached artifacts or magical items cannot attack this realm, "
       r"(?:though|although) they can be added during battle")
def _armed_barred(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Ur Draxa: a champion carrying a magical item or an artifact may not attack it; cards
    # played in the battle are not barred (not_attackable_by_armed, battle/legal.passes).
    if ctx.record.type is not CardType.REALM:
        return None
    return (Effect(K.NOT_ATTACKABLE_BY_ARMED),)


@_rule(r"only champions able to cast spells can attack (?:this realm|[a-z' ]+)")
def _casters_only(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Euripis (a realm): only a champion that may cast wizard or cleric spells (by its type, its
    # own uses or a card it carries) may attack it (only_attackable_by_casters, legal.passes).
    if ctx.record.type is not CardType.REALM:
        return None
    return (Effect(K.ONLY_ATTACKABLE_BY_CASTERS),)


@_rule(r"([a-z' ]+) cannot be attacked by flyers")
def _named_realm_no_flyers(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Bluet Spur (a realm): "Bluet Spur cannot be attacked by flyers": _not_attackable's words
    # with the realm's own name for "it" (another name is not read).
    if ctx.record.type is not CardType.REALM or m.group(1) != ctx.record.name.lower():
        return None
    return (Effect(K.NOT_ATTACKABLE_BY, movement=("flyer",)),)


_SELF_DEFENSE_USES = {
    "cast wizard spells and use psionic power cards": (*_SPELL_USES["wizard"],
                                                      *_SPELL_USES["psionic"]),
    "cast wizard spells": _SPELL_USES["wizard"], "cast cleric spells": _SPELL_USES["cleric"],
    "use blood abilities": ("d3", "o3")}


@_rule(r"(cannot be attacked by flyers and |it |this realm )?can defend itself as a level " +
       NUM + r" (hero|wizard|cleric|monster) (?:that|who|which) can (" +
       "|".join(_SELF_DEFENSE_USES) + ")")
def _defend_as_caster(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Bluet Spur: the realm defends itself as a level 6 monster that casts wizard spells and
    # uses psionic power cards: defend_as with those uses codes, which the realm holds only
    # while it defends itself (battle/facts.realm_defense_uses; may_use on a realm would give
    # them to every defender); so Roesone (BR, "a level 5 hero who can use blood abilities")
    # and Bluet Spur (AR, "cannot be attacked by flyers and can defend itself ...").
    if ctx.record.type is not CardType.REALM:
        return None
    out: tuple[Effect, ...] = (Effect(K.DEFEND_AS, amount=number(m.group(2)),
                                      champion_type=_TYPE_WORDS[m.group(3)],
                                      uses=_SELF_DEFENSE_USES[m.group(4)]),)
    if (m.group(1) or "").startswith("cannot"):
        out += (Effect(K.NOT_ATTACKABLE_BY, movement=("flyer",)),)
    return out


@_rule(r"all (dragon|undead|elf|dwarf|halfling|giant) champions of this player are immune to "
       r"(.+)")
def _race_champions_immune(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Dragon's Crown Mountain (a realm): every champion of its player with the attribute is
    # immune, in every battle while the realm stands (champions_immune with self_attributes);
    # and the realm itself when it defends itself as one ("a level 7 monster (dragon)": its
    # defend_as attributes): [decided] it is then a dragon champion of its player, immune by
    # the same powers read on the realm for its defenders (immune_to with the condition).
    if ctx.record.type not in _REALMLIKE:
        return None
    phrase = m.group(2).replace("psionic power cards", "psionic powers")
    found = _immunities(phrase)
    if found is None:
        return None
    race = Condition(self_attributes=(_ATTRIBUTE_WORDS[m.group(1)],))
    wide = tuple(_champions_immune(replace(e, condition=race)) for e in found)
    if ctx.record.type is not CardType.REALM:
        return wide
    here = replace(race, when=When.DEFENDING)
    return wide + tuple(replace(e, condition=here) for e in found)


@_rule(r"any (halflings|dwarves|elves|giants|gnomes) played in defense of [a-z' ]+ are tripled "
       r"in base level")
def _race_tripled(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The Jagged Cliffs (a realm): a defending champion of the race fights at three times its
    # printed level (double_level with amount 3), a defending ally of the race counts its bonus
    # three times (double_allies with amount 3). [decided] The realm defending itself (a level
    # 3 halfling hero) is not "played": it fights at its printed level.
    if ctx.record.type is not CardType.REALM or ctx.record.name.lower() not in m.group(0):
        return None
    race = (_ATTRIBUTE_WORDS[m.group(1)],)
    return (Effect(K.DOUBLE_LEVEL, amount=3, condition=Condition(when=When.DEFENDING,
                                                                self_attributes=race)),
            Effect(K.DOUBLE_ALLIES, amount=3, attributes=race,
                   condition=Condition(when=When.DEFENDING)))


@_rule(r"if on the losing side of a battle, this event allows this player to lay down enough "
       r"cards to defeat the opposing champion|"
       r"that champion is automatically defeated and is discarded")
def _ambush(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Ambush (an event): played by a losing side, the opposing champion is defeated and
    # discarded by card play (discard_opposing_champion with the mark "losing": no effect from
    # a winning side, e.g. in the winner's window; a realm defending itself loses the round).
    # The second sentence says how, beside the first only.
    if ctx.record.type is not CardType.EVENT or "on the losing side of a battle, this event" \
            not in ctx.record.text.lower():
        return None
    return (Effect(K.DISCARD_OPPOSING_CHAMPION, mark="losing"),)


@_rule(r"negates any arkhold holding in play")
def _arkhold_negated(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Points East Trading Guild (a holding): Arkhold's only power is its extra card per turn
    # ("draw one extra card per turn"), which the whole game reads in phase 1: while the guild
    # is in play, an Arkhold holding of either player gives none (named_holdings_negated,
    # battle/hand.extra_draw).
    if ctx.record.type is not CardType.HOLDING:
        return None
    return (Effect(K.NAMED_HOLDINGS_NEGATED, names=("Arkhold",)),)


@_rule(r"the swamp surrounding the attached realm contains deadly adders, which leech away " +
       NUM + r" levels from attacking champions and allies; any reduced to 0 are discarded "
       r"instantly", sentence=True)
def _adderswamp(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Adderswamp (a holding): Ogo's power in other words (_ogo: the attacking champion and
    # each attacking ally lose N levels; [decided, as Ogo's] a printed level or bonus of N or
    # less is "reduced to 0" and discarded: the champion as the round starts, an ally as it
    # is played, a bar).
    if ctx.record.type is not CardType.HOLDING:
        return None
    n = number(m.group(1))
    cond = Condition(when=When.DEFENDING)
    return (Effect(K.OPPONENT_LOSES, amount=n, condition=cond),
            Effect(K.OPPOSING_ALLIES_LOSE, amount=n, condition=cond),
            Effect(K.DESTROY_CHAMPION, amount=n, condition=cond),
            Effect(K.DESTROY_ALLIES, amount=n, condition=cond))


@_rule(r"an attacking champion loses " + NUM + r" levels? from his base level for each card "
       r"attached to him and for each card he plays in battle|"
       r"if his base level is reduced to 0, he is defeated and discarded")
def _black_spear(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Black Spear Tribes (a realm): the attacking champion loses N of its printed level per
    # card attached to it and per card of its side in the round; used up, it is defeated and
    # discarded (base_loss_per_card: totals, battle/wear.worn_down). The second sentence says
    # the end of the first, beside it only.
    text = ctx.record.text.lower()
    if ctx.record.type is not CardType.REALM or "for each card he plays in battle" not in text:
        return None
    if m.group(1) is None:
        return _MODELLED_NO_EFFECT
    return (Effect(K.BASE_LOSS_PER_CARD, amount=number(m.group(1)),
                   condition=Condition(when=When.DEFENDING)),)


@_rule(r"the attached realm can cast cleric spells and is (?:immune to offensive|unaffected by "
       r"harmful) cleric spells and (?:harmful )?events")
def _moonwell(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Moonwell (4th, FR; a holding): "the attached realm can cast cleric spells" as the Temple's
    # (its defenders may: may_use), and the realm is immune to the other side's (Off) cleric
    # spells (realm_immune_offensive) and to harmful events (realm_immune_harmful_events, as
    # Arms of Furyondy's: neither razes nor discards it, nor touches it defending itself).
    if ctx.record.type is not CardType.HOLDING:
        return None
    return (Effect(K.MAY_USE, uses=_SPELL_USES["cleric"]),
            Effect(K.REALM_IMMUNE_OFFENSIVE, card_types=(int(CardType.CLERIC_SPELL),)),
            Effect(K.REALM_IMMUNE_HARMFUL_EVENTS))


@_rule(r"if something forces the attached realm to be discarded, this holding is discarded "
       r"instead, and the realm remains in play")
def _keep_of_the_dead(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Keep of the Dead (a holding): a card play that would discard the attached realm discards
    # the holding instead (discarded_for_realm, battle/powers.discard_realm: the only power
    # that discards a standing realm; a razed realm has lost its holding already).
    if ctx.record.type is not CardType.HOLDING:
        return None
    return (Effect(K.DISCARDED_FOR_REALM),)


# ---- booster sets, third pass (issue 13, cboost3) ----

@_rule(r"(?:the attached realm |this realm |it )?cannot be attacked by (?:a |any )?champions? of "
       r"base level " + NUM + r" or less|only champions with an unmodified level of " + NUM +
       r" or higher can attack (?:this realm|the attached realm)")
def _weak_barred_any(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Ghost Tower of Iverness (a holding): "cannot be attacked by a champion of base level 6 or
    # less"; Sri Raji (a realm): "only champions with an unmodified level of 6 or higher can
    # attack this realm", i.e. none of printed level 5 or less: not_attackable_by_weak of any
    # champion type (Vaasa's kind).
    if not ctx.realmlike:
        return None
    level = number(m.group(1)) if m.group(1) else number(m.group(2)) - 1
    return (Effect(K.NOT_ATTACKABLE_BY_WEAK, amount=level),)


@_rule(r"only ([a-z-]+) (?:may|can) attack (?:the attached realm|this realm)")
def _only_kind_attacks(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Tower of Spirits (a holding): "Only undead may attack the attached realm": only a
    # champion of that attribute (only_attackable_by with attributes, as legal.passes reads
    # them); a movement word is _only_movers' (a list, a champion type: not read here).
    if not ctx.realmlike or m.group(1) not in _ATTRIBUTE_WORDS or m.group(1) in _MOVEMENT_WORDS:
        return None
    return (Effect(K.ONLY_ATTACKABLE_BY, attributes=(_ATTRIBUTE_WORDS[m.group(1)],)),)


@_rule(r"([a-z' -]+) gains " + NUM + r" levels? if (defending|attacking) an? (" + _WORLD_RE +
       r") realm")
def _gains_at_world_realm(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Tanis Half-Elven: "Tanis gains 3 levels if defending a Dragonlance realm": the champion
    # itself, when the realm fought over is of that world (as Phudge's realm_worlds).
    if not _names_self(m.group(1), ctx) or ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.GAIN_LEVELS, amount=number(m.group(2)), condition=Condition(
        when=_TAIL_WHEN[m.group(3)], realm_worlds=(int(_WORLD_WORDS[m.group(4)]),))),)


@_rule(r"(?:has no effect on|does not affect) (undead) (champions|monsters)")
def _no_effect_on(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Vampiric Touch, Chill Touch (offensive wizard spells, a bonus and this sentence only):
    # against an undead champion (an undead monster) the spell does nothing, neither its
    # bonus nor anything else (boost3_no_effect_on: totals.affects).
    if ctx.record.type not in _SPELL_TYPES:
        return None
    types = () if m.group(2) == "champions" else (int(CardType.MONSTER),)
    return (Effect(K.BOOST3_NO_EFFECT_ON, condition=Condition(
        vs_types=types, vs_attributes=(_ATTRIBUTE_WORDS[m.group(1)],))),)


@_rule(r"these ruins are so forlorn that only (undead) champions and allies will attack this "
       r"realm")
def _forlorn_ruins(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The Ruins of Iolonia (a realm): only an undead champion may attack it (allies never
    # attack on their own: they come with a champion, RULES.md §1 "Combat").
    if not ctx.realmlike:
        return None
    return (Effect(K.ONLY_ATTACKABLE_BY, attributes=(_ATTRIBUTE_WORDS[m.group(1)],)),)


@_rule(r"when defending menzoberranzan or any underdark realm, ([a-z' -]+?)'s level is doubled")
def _doubled_underdark(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Jarlaxle: doubled defending an Underdark realm (CrossFire attribute 42; Menzoberranzan,
    # every printing, has it: one condition covers both).
    if not _names_self(m.group(1), ctx) or ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.DOUBLE_LEVEL, condition=Condition(when=When.DEFENDING,
                                                      realm_attributes=(42,))),)


@_rule(r"gains \+" + NUM + r" for each additional ([a-z]+) allied to the champion")
def _gains_per_kin(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Orcs of Dragonspear, Orcs of the Savage Frontier (allies): +2 for each other orc ally of
    # the side (gain_per_other_ally, as the Skeleton's).
    if ctx.record.type is not CardType.ALLY or m.group(2) not in _ATTRIBUTE_WORDS:
        return None
    return (Effect(K.GAIN_PER_OTHER_ALLY, amount=number(m.group(1)),
                   attributes=(_ATTRIBUTE_WORDS[m.group(2)],)),)


@_rule(r"eliminates (?:the )?first opposing ally of level " + NUM + r" or less")
def _first_weak_ally(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Firbolg (a monster): the first opposing ally of level 4 or less played against it is
    # discarded as it is played (destroy_allies of count 1 answering allies, as "the first
    # enemy ally played against the X in each battle is discarded immediately").
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.DESTROY_ALLIES, amount=number(m.group(1)), count=1),)


@_rule(r"allows the allied champion to cast (wizard|cleric) spells")
def _ally_lets_cast(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Red Wizards (an ally): "this ally can cast wizard spells" in other words (Kinsle's).
    if ctx.record.type is not CardType.ALLY:
        return None
    return _apply(_CLAUSE_RULES, f"this ally can cast {m.group(1)} spells", ctx)


@_rule(r"wild elves")
def _wild_elves(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Kagonesti Elves: the elf attribute (14) the card's facts hold, said again.
    return _MODELLED_NO_EFFECT if 14 in ctx.record.attributes else None


@_rule(r"automatically defeats (undead|dragon|flyer|swimmer) champions and allies")
def _defeats_kind_and_allies(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Life Draining (a psionic power, Off/4): an undead opposing champion is defeated (its side
    # wins the round: win_round, as "automatically defeats undead") and the opposing undead
    # allies in the round are discarded (destroy_allies of that attribute, as it is played).
    if ctx.record.type not in _SPELL_TYPES:
        return None
    attr = _ATTRIBUTE_WORDS[m.group(1)]
    return (Effect(K.WIN_ROUND, condition=Condition(vs_attributes=(attr,))),
            Effect(K.DESTROY_ALLIES, attributes=(attr,)))


@_rule(r"immune to offensive spells except those with the word \"(\w+)\" or \"(\w+)\" in the "
       r"title")
def _immune_but_named(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Nemon Hotep (a cleric): the other side's (Off) wizard and cleric spells have no effect
    # on him unless their name holds one of the words (immune_except_named, as the Treants of
    # the Grandwood's "except fireball").
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.IMMUNE_EXCEPT_NAMED, card_types=_SPELL_CODES, mark="off",
                   names=(m.group(1), m.group(2))),)


@_rule(r"this monster and its allies can attack any (underdark) realm, regardless of position")
def _underdark_reach(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Umber Hulk, Mind Flayer (monsters): any Underdark realm (CrossFire attribute 42) wherever
    # it stands in the formation; its powers still bar ("regardless of position" only:
    # attack_anywhere with the mark "position"; allies never attack on their own).
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.ATTACK_ANYWHERE, mark="position", condition=Condition(
        realm_attributes=(_TAG_WORDS[m.group(1)],))),)


@_rule(r"automatically defeats an? (monster|undead|dragon|hero|wizard|cleric) if attached to an? "
       r"(hero|cleric|wizard|monster)")
def _defeats_if_with(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Mountain Dwarf (an ally): "automatically defeats a monster if attached to a hero": its
    # side wins the round when the opposing champion is of that kind and its own champion of
    # that type (win_round; "attached to": the champion it is played with).
    if ctx.record.type is not CardType.ALLY:
        return None
    vs, own = m.group(1), (_TYPE_WORDS[m.group(2)],)
    cond = (Condition(vs_types=(_TYPE_WORDS[vs],), self_types=own) if vs in _TYPE_WORDS
            else Condition(vs_attributes=(_ATTRIBUTE_WORDS[vs],), self_types=own))
    return (Effect(K.WIN_ROUND, condition=cond),)


#: Sentences saying the card is played outside any battle: its whole power is not combat.
_OUTSIDE_BATTLE_RE = re.compile(r"play only after a battle is completely resolved|"
                                r"play only between two player's turns")

#: Clauses that only say when the card may be played; they narrow the card's other effects.
_DEFENSE_ONLY_RE = re.compile(r"(?:use on defense only|cast only when defending)")


# ---- 4th Edition, third pass (issue 13, c4th3c) ----
# Cards 4th/387 to 4th/520: their wordings mapped onto the vocabulary; each rule names its card.


@_rule(r"the opposing player must reveal the next two cards he plans to play in this combat")
def _precognition(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Precognition (a psionic power, +4): what the opponent means to play is shown, which no
    # rule of the battle reads (as "look at his hand", not combat); [decided] it does not bind
    # him to play those cards. The card plays with its bonus.
    if ctx.record.type is not CardType.PSIONIC_POWER:
        return None
    return _NOT_COMBAT


@_rule(r"this unarmed combat card negates a just-played unarmed combat card")
def _counter_unarmed(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Counter (unarmed combat, Def): the other side's last unarmed combat card is cancelled
    # (cancel_spell of type 18, as Evade's and Block's, _counters_unarmed).
    if ctx.record.type is not CardType.UNARMED_COMBAT:
        return None
    return (Effect(K.CANCEL_SPELL, card_types=(int(CardType.UNARMED_COMBAT),)),)


@_rule(r"opposing allies of level " + NUM + r" or higher lose their special powers")
def _stinking_cloud(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Stinking Cloud (after "all opposing allies of level 3 or less are discarded"): the other
    # side's allies of that level or more keep their bonus, not their powers, while the spell is
    # in the round (negate_powers of allies with the mark "over": of bonus above amount).
    least = number(m.group(1))
    if ctx.record.type not in _PLAYED_INTO_ROUND or least < 1:
        return None
    return (Effect(K.NEGATE_POWERS, card_types=(int(CardType.ALLY),), amount=least - 1,
                   mark="over"),)


@_rule(r"allows the champion to cast cleric and wizard spells, use blood abilities, and use "
       r"unarmed combat cards for this round of battle")
def _mindlink(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Mindlink (a psionic power): while it is in the round its champion uses the cards its
    # record's "uses" codes name (d/o 4 cleric, 19 wizard, 3 blood, 18 unarmed: the text's
    # list), read by legal.uses_of from a psionic power in the round.
    wanted = {"d3", "o3", "d4", "o4", "d18", "o18", "d19", "o19"}
    if ctx.record.type is not CardType.PSIONIC_POWER or set(ctx.uses) != wanted:
        return None
    return (Effect(K.MAY_USE, uses=tuple(sorted(wanted))),)


@_rule(r"all dark sun champions of this player gain a \+" + NUM + r" fire elemental as an ally "
       r"that cannot be forced to switch sides or be discarded through cardplay")
def _fire_elemental(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Elemental Avatar of Fire: an ally no card may take or discard is a permanent +5 of each
    # Dark Sun champion of its player while the avatar is in play (champions_gain with
    # self_worlds; as the 4th Edition's "gains a +3 ally", c4th [decided]).
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.CHAMPIONS_GAIN, amount=number(m.group(1)),
                   condition=Condition(self_worlds=(int(World.DARK_SUN),))),)


@_rule(r"an invisible champion can bypass a defending (wizard or cleric) of base level " + NUM +
       r" or less and raze the realm")
def _superior_invisibility(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Superior Invisibility (a psionic power): played by the attacker against a defending
    # wizard or cleric of printed level 4 or less, the realm is razed by card play (raze_realm:
    # both champions back to their pools, spoils, seed 001); [decided] "can" is always taken.
    if ctx.record.type is not CardType.PSIONIC_POWER:
        return None
    return (Effect(K.RAZE_REALM, condition=Condition(
        when=When.ATTACKING, vs_types=(int(CardType.WIZARD), int(CardType.CLERIC)),
        vs_levels=(0, number(m.group(2))))),)


@_rule(r"while in play, all champions that use wizard spells must ask her permission to cast "
       r"them")
def _midnight_4th(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Midnight, Goddess of Magic (4th, an avatar): while she is in play no champion of the other
    # player casts a wizard spell (spell_veto with the mark "wizard": every champion type, the
    # wizard spells only); her owner permits its own side [decided, as the 1st Edition's].
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.SPELL_VETO, card_types=_CHAMPION_CODES, mark="wizard"),)


@_rule(r"the base level of this champion is subtracted from the base level of the target")
def _phobia_amplification(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Phobia Amplification (a psionic power): the opposing champion loses the printed level of
    # the champion using it (opponent_loses_own_base, battle/totals.py).
    if ctx.record.type not in _PLAYED_INTO_ROUND:
        return None
    return (Effect(K.OPPONENT_LOSES_OWN_BASE),)


@_rule(r"if the opponent is reduced below level 0, he remains in combat at a negative total")
def _negative_total(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Phobia Amplification: the totals are never bounded at 0 (battle/totals.side_totals), so
    # the sentence restates how the subtraction above counts; only beside it.
    if "subtracted from the base level of the target" not in ctx.record.text.lower():
        return None
    return _MODELLED_NO_EFFECT


@_rule(r"all opposing allies whose plus is less than the last digit of the attached champion's "
       r"card number are immediately discarded")
def _fear_card_digit(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Fear (a blood ability): allies_under_card_digit (battle/powers_4th_c.py), the allies of
    # the round when it is played ("immediately").
    if ctx.record.type not in _PLAYED_INTO_ROUND:
        return None
    return (Effect(K.ALLIES_UNDER_CARD_DIGIT),)


@_rule(r"usable only by elf \(drow\) champions")
def _drow_only(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Blind Side! (unarmed combat): any drow champion (attribute 10) may use it, and only one
    # (usable_by_any waives the heroes' code, usable_only_by is read by legal.playable).
    if ctx.record.type is not CardType.UNARMED_COMBAT:
        return None
    return (Effect(K.USABLE_BY_ANY),
            Effect(K.USABLE_ONLY_BY, attributes=(_ATTRIBUTE_WORDS["drow"],)))


@_rule(r"this can be played at any time to discard the highest ally, spell, or psionic power "
       r"card played during this round of combat")
def _blind_side(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Blind Side! (Off): at any time; the other side's ally, wizard or cleric spell or psionic
    # power of the highest bonus in the round is discarded (discard_highest_played).
    if ctx.record.type not in _PLAYED_INTO_ROUND:
        return None
    kinds = (CardType.ALLY, CardType.WIZARD_SPELL, CardType.CLERIC_SPELL, CardType.PSIONIC_POWER)
    return (Effect(K.PLAY_ANY_TIME),
            Effect(K.DISCARD_HIGHEST_PLAYED, card_types=tuple(int(t) for t in kinds)))


@_rule(r"discard any holding of an opponent")
def _shadow_engines(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Shadow Engines (a cleric spell, Off/3/4): in a battle, one holding of the other player
    # is discarded (discard_opposing_holding: [decided] the one of the realm fought over).
    if ctx.record.type not in _PLAYED_INTO_ROUND:
        return None
    return (Effect(K.DISCARD_OPPOSING_HOLDING),)


@_rule(r"any champion defeated by the attached champion is sent to the abyss rather than the "
       r"discard pile")
def _wither_touch(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Wither Touch (a blood ability): the opposing champion its side defeats in the round goes
    # to its owner's Abyss (opposing_to_abyss with the mark "defeated": no ally).
    if ctx.record.type not in _PLAYED_INTO_ROUND:
        return None
    return (Effect(K.OPPOSING_TO_ABYSS, mark="defeated"),)


@_rule(r"([a-z]+) devours all earthwalking allies that oppose any of this player's champions")
def _urdlen(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Urdlen (an avatar): while it is in play (its pool or the round), the other player's
    # earthwalking allies (attribute 13) may not be played against its player's champions:
    # they would be devoured on arrival (destroy_allies with the mark "player", legal.bars).
    if ctx.record.type not in CHAMPION_TYPES or m.group(1) not in ctx.record.name.lower():
        return None
    return (Effect(K.DESTROY_ALLIES, attributes=(_ATTRIBUTE_WORDS["earthwalker"],),
                   mark="player"),)


@_rule(r"this maneuver turns a just-played offensive unarmed combat card back upon its user")
def _reversal(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Reversal (unarmed combat, Def): the other side's last card, an (Off) unarmed combat card,
    # fights for the owner's side for the rest of the round (turn_spell reading card_types, as
    # Spell Turning's "as if the original target had cast it").
    if ctx.record.type is not CardType.UNARMED_COMBAT:
        return None
    return (Effect(K.TURN_SPELL, card_types=(int(CardType.UNARMED_COMBAT),), mark="off"),)


@_rule(r"usable only by an elf champion from any world")
def _elf_throne(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The Emerald Throne (an AD&D artifact: any world's champion may carry it already,
    # battle/facts.ANY_WORLD): only an elf (attribute 14) carries it (carried_only_by).
    if ctx.record.type is not CardType.ARTIFACT or ctx.record.world not in _ANY_WORLD_CODES:
        return None
    return (Effect(K.CARRIED_ONLY_BY, attributes=(_ATTRIBUTE_WORDS["elf"],)),)


@_rule(r"all elves of this player can use unarmed combat, psionic power, and blood ability "
       r"cards")
def _elves_use(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The Emerald Throne: from the champion carrying it, in the pool or the round, every elf
    # champion of its player uses the codes its record names (d/o 3 blood, 11 psionic, 18
    # unarmed: the text's list): may_use with the mark "player" (legal.uses_of).
    wanted = {"d3", "o3", "d11", "o11", "d18", "o18"}
    if ctx.record.type not in (CardType.ARTIFACT, CardType.MAGICAL_ITEM) or \
            set(ctx.uses) != wanted:
        return None
    return (Effect(K.MAY_USE, uses=tuple(sorted(wanted)), mark=_PLAYER_WIDE,
                   condition=Condition(self_attributes=(_ATTRIBUTE_WORDS["elf"],))),)


@_rule(r"the opposing champion must discard one card from the current round of combat")
def _rake(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Rake! (unarmed combat): the other side discards one of its cards of the round, its own
    # choice: [decided] its weakest (opponent_discards_weakest, battle/powers_4th_c.py).
    if ctx.record.type not in _PLAYED_INTO_ROUND:
        return None
    return (Effect(K.OPPONENT_DISCARDS_WEAKEST),)


@_rule(r"the attached hero can discard any single card attached to an opposing champion")
def _heroic_effort_discard(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Heroic Effort (unarmed combat): one magical item or artifact of the opposing champion
    # (the cards attached to a champion) is discarded, [decided: the hero's best] the strongest
    # (destroy_items with the artifact type, count 1).
    if ctx.record.type not in _PLAYED_INTO_ROUND:
        return None
    return (Effect(K.DESTROY_ITEMS, card_types=(int(CardType.ARTIFACT),), count=1),)


@_rule(r"win or lose, the hero is discarded at the end of the battle")
def _heroic_effort_cost(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Heroic Effort: its own champion is discarded once the round is over (discard_after_round
    # with the mark "own"; battle/aftermath.py: a round lost ends the hero's battle, a round
    # won as the attacker razes the realm; [decided] as the aftermath's other powers, at the
    # end of the round it is played in).
    if ctx.record.type not in _PLAYED_INTO_ROUND:
        return None
    return (Effect(K.DISCARD_AFTER_ROUND, mark="own"),)


@_rule(r"a wizard who casts this spell can sacrifice another wizard from his pool to escape "
       r"defeat, but the opponent still gains spoils \(if applicable\)")
def _elminsters_evasion(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Elminster's Evasion (a wizard spell): its wizard, losing the round, returns to its pool
    # when another wizard of its pool is discarded in its place (escape_by_sacrifice,
    # battle/judge.py; [decided] the owner's best: the weakest, and not one stronger than the
    # caster); the other side keeps its spoils.
    if ctx.record.type is not CardType.WIZARD_SPELL:
        return None
    wizard = (int(CardType.WIZARD),)
    return (Effect(K.ESCAPE_BY_SACRIFICE, card_types=wizard,
                   condition=Condition(self_types=wizard)),)


@_rule(r"usable by (?:a|any) champion from any world")
def _any_world_restated(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Throne of the Pharaohs, Nature's Throne (AD&D artifacts): a champion of any world may
    # carry them already (RULES.md §1 "Table"; battle/facts.ANY_WORLD).
    if ctx.record.type is not CardType.ARTIFACT or ctx.record.world not in _ANY_WORLD_CODES:
        return None
    return _MODELLED_NO_EFFECT


@_rule(r"when brought into play, all events in play are negated and no more can be played as "
       r"long as the [a-z' ]+ remains in play")
def _pharaohs(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Throne of the Pharaohs: the events of a round it is played into are discarded, and no
    # player plays an event while it is in play (no_events_in_play; the whole game plays events
    # only in battles).
    if ctx.record.type not in (CardType.ARTIFACT, CardType.MAGICAL_ITEM):
        return None
    return (Effect(K.NO_EVENTS_IN_PLAY),)


@_rule(r"nature's throne strips any special movement requirement \(swimmers, flyers, etc\) from "
       r"any realm that this player's champions attack")
def _natures_throne(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Nature's Throne (an artifact): while its player has it in play, a realm that asks its
    # attackers for a movement power (only_attackable_by) takes any champion of that player
    # (no_movement_required, legal.gate); [decided] a realm's position is the formation's
    # rule, not a requirement of the realm, and stays.
    if ctx.record.type is not CardType.ARTIFACT:
        return None
    return (Effect(K.NO_MOVEMENT_REQUIRED),)


@_rule(r"can be attached to any realm|"
       r"each time a realm or holding is removed from play, this player draws one card")
def _sylvan_pool(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The Sylvan Pool, Caves of Mystery (AD&D holdings): they fit a realm of any world
    # already (the whole game's phase 2, battle/facts.holding_fits), and a card drawn when a realm
    # or holding leaves play changes no battle (as "if Menzoberranzan is played or razed ...,
    # this player draws three cards", c4th): not combat.
    if ctx.record.type is not CardType.HOLDING or ctx.record.world not in _ANY_WORLD_CODES:
        return None
    return _NOT_COMBAT


@_rule(r"these allies can be played in combat regardless of cards that prohibit allies from "
       r"being played")
def _barbaric_allies_bars(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Barbaric Allies (an ally): no bar on allies holds it back (ally_bars_ignored, legal.bars);
    # a power that destroys it on arrival is no bar on playing and still counts.
    if ctx.record.type is not CardType.ALLY:
        return None
    return (Effect(K.ALLY_BARS_IGNORED),)


@_rule(r"if played during a successful defense of a realm, one of the attacker's realms is razed "
       r"\(chosen by the attacker\)")
def _barbaric_allies_raze(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Barbaric Allies: after a defense it was in that repels the attacker (the round won, or
    # the attacking champion discarded by card play), one of the attacker's standing realms is
    # razed; the attacker's choice, [decided] its last one (defense_razes_attacker,
    # battle/aftermath.py).
    if ctx.record.type is not CardType.ALLY:
        return None
    return (Effect(K.DEFENSE_RAZES_ATTACKER),)


@_rule(r"all nonflying opponents lose " + NUM + r" levels")
def _tail_slap_loss(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Tail Slap (unarmed combat): the opposing champion unless a flyer (attribute 16), and each
    # opposing ally without flight, lose the levels while the card is in the round (as the
    # Cha'thrang's "all nonflying allies ... lose 4 levels").
    if ctx.record.type not in _PLAYED_INTO_ROUND:
        return None
    n = number(m.group(1))
    return (Effect(K.OPPONENT_LOSES, amount=n, condition=Condition(vs_not_attributes=(16,))),
            Effect(K.OPPOSING_ALLIES_LOSE_UNLESS, amount=n, movement=("flyer",)))


@_rule(r"if reduced to level 0 or less, they are discarded")
def _tail_slap_discard(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Tail Slap, after "all nonflying opponents lose N levels": an ally of bonus N or less
    # without flight is discarded, and one played after it would be on arrival (destroy_allies
    # sparing flyers, the mark "standing": a bar); the opposing champion of level N or less
    # unless a flyer is discarded by card play ([decided] its printed level, as the other
    # "level N or less" powers read it).
    found = re.search(r"all nonflying opponents lose " + NUM + r" levels", ctx.record.text.lower())
    if ctx.record.type not in _PLAYED_INTO_ROUND or found is None:
        return None
    n = number(found.group(1))
    return (Effect(K.DESTROY_ALLIES, amount=n, movement=("flyer",), mark="standing"),
            Effect(K.DESTROY_CHAMPION, amount=n, condition=Condition(vs_not_attributes=(16,))))


@_rule(r"an opposing wizard, cleric, thief, or regent draws and discards a card, noting its last "
       r"digit")
def _boot_to_the_head_draw(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Boot to the Head (unarmed combat), with "if the digit is a 0 or a 1, the opponent is
    # defeated" (read here: the draw has no other use): draw_digit_defeats, digits 0 and 1.
    if ctx.record.type not in _PLAYED_INTO_ROUND or \
            "if the digit is a 0 or a 1, the opponent is defeated" not in ctx.record.text.lower():
        return None
    kinds = (CardType.WIZARD, CardType.CLERIC, CardType.THIEF, CardType.REGENT)
    return (Effect(K.DRAW_DIGIT_DEFEATS, amount=1, condition=Condition(
        vs_types=tuple(int(t) for t in kinds))),)


@_rule(r"if the digit is a 0 or a 1, the opponent is defeated")
def _boot_to_the_head_defeat(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Boot to the Head: read with the draw before it (_boot_to_the_head_draw).
    if "draws and discards a card, noting its last digit" not in ctx.record.text.lower():
        return None
    return _MODELLED_NO_EFFECT


@_rule(r"attacking champions of base level " + NUM + r" or higher draw and discard a card, noting "
       r"the last digit")
def _caves_draw(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Caves of Mystery (a holding), with "if that number is 3 or less, they ... are discarded":
    # at activation, an attacking champion of printed level 9 or more draws; a low digit
    # discards it by card play (draw_digit_discards_attacker; the defender's spoils, seed 001:
    # "this player draws spoils").
    low = re.search(r"if that number is " + NUM + r" or less, they have underestimated the "
                    r"danger and are discarded", ctx.record.text.lower())
    if ctx.record.type not in _REALMLIKE or low is None:
        return None
    return (Effect(K.DRAW_DIGIT_DISCARDS_ATTACKER, amount=number(low.group(1)),
                   condition=Condition(when=When.DEFENDING,
                                       vs_levels=(number(m.group(1)), 0))),)


@_rule(r"if that number is " + NUM + r" or less, they have underestimated the danger and are "
       r"discarded|this player draws spoils")
def _caves_outcome(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Caves of Mystery: the discard is read with the draw (_caves_draw); the spoils are the
    # defender's when card play discards the attacking champion (seed 001, judge).
    if "noting the last digit" not in ctx.record.text.lower() or ctx.record.type not in \
            _REALMLIKE:
        return None
    return _MODELLED_NO_EFFECT


@_rule(r"attached champion draws and discards a card, noting the last digit of the card number")
def _persuasion_draw(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Persuasion (a blood ability), with "this is the number of opposing allies (chosen by the
    # opponent) which are persuaded not to fight. Allies are sent to the discard pile":
    # draw_digit_allies ([decided] the opponent's choice, its weakest allies).
    text = ctx.record.text.lower()
    if ctx.record.type not in _PLAYED_INTO_ROUND or "persuaded not to fight" not in text:
        return None
    return (Effect(K.DRAW_DIGIT_ALLIES),)


@_rule(r"this is the number of opposing allies \(chosen by the opponent\) which are persuaded "
       r"not to fight|allies are sent to the discard pile")
def _persuasion_outcome(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Persuasion: read with the draw (_persuasion_draw).
    if "noting the last digit of the card number" not in ctx.record.text.lower():
        return None
    return _MODELLED_NO_EFFECT


@_rule(r"if the attached champion is defeated, [a-z' ]+ may be attached to any other (" +
       _WORLD_RE + r") champion in the player's pool")
def _guenhwyvar(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Guenhwyvar (a Forgotten Realms artifact): after its champion's lost round, it goes to
    # another champion of its player's pool of its world (artifact_moves_on_defeat,
    # battle/aftermath.py; [decided] "may" taken, the highest-level one). The world named
    # must be the artifact's own, which the effect reads.
    if ctx.record.type is not CardType.ARTIFACT or \
            int(_WORLD_WORDS[m.group(1)]) != ctx.record.world:
        return None
    return (Effect(K.ARTIFACT_MOVES_ON_DEFEAT),)


# ---- 1st Edition, last cards, second round (issue 13, c1st4) ----


@_rule(r"this card is not flipped face down unless [a-z' -]+ is razed twice in a row")
def _razed_twice_in_a_row(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Nibenay (realm): "flipped face down" is razed (seed 000 step I); "razed twice in a row"
    # is two won rounds of one battle, as its Portuguese printing says ("destruído duas vezes
    # em uma batalha"): defeat_twice, read by judge.must_be_defeated_again.
    if ctx.record.type is not CardType.REALM:
        return None
    return (Effect(K.DEFEAT_TWICE),)


@_rule(r"if on the losing side of a battle, no one gains a spoils of victory, and one opponent "
       r"\(this player's choice\) must discard his hand down to (two|three|one)")
def _starving(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The Starving Artist (ally): battle/starving.py, read by judge and the card-play razes.
    if ctx.record.type is not CardType.ALLY:
        return None
    return (Effect(K.LOSING_SIDE_STARVES, amount=number(m.group(1))),)


# ---- 1st Edition, cards of chance (issue 13, c1st5) ----


@_rule(r"if [a-z' ,-]+ is defeated, shuffle (?:her|him|it) back into the draw deck")
def _shuffled_back(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Lolth, the Spider Queen (cleric): defeated is losing a round; the card goes into its
    # owner's draw pile at a place drawn by the game's chance (battle/chance.py).
    if int(ctx.record.type) not in _CHAMPION_CODES:
        return None
    return (Effect(K.CHANCE_SHUFFLED_BACK),)


@_rule(r"every time [a-z' ,-]+ wins a round of battle, the player randomly draws one card "
       r"from the defeated player's hand and discards it")
def _random_hand_discard(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Shalbaal, Red Dragon (monster): each round won, one card drawn by chance from the loser's
    # hand to its discard pile (battle/chance.py). "The player must laugh": not combat.
    if int(ctx.record.type) not in _CHAMPION_CODES:
        return None
    return (Effect(K.CHANCE_HAND_DISCARD),)


# ---- 4th Edition, 178-520 second round (issue 13, c4th4) ----


@_rule(r"the [a-z' ]+ can charm the opposing champion into discarding one card in its force "
       r"\(chosen by that player\)")
def _selkie(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Selkie (an ally): as Rake!, the other side discards one card of its force, its own
    # choice: [decided] its weakest card of the round (opponent_discards_weakest); "can" is
    # taken (the owner's best: the other side only loses a card).
    if ctx.record.type is not CardType.ALLY:
        return None
    return (Effect(K.OPPONENT_DISCARDS_WEAKEST),)


@_rule(r"during combat, this [a-z]+ goes into a berserk rage and destroys one of the opposing "
       r"player's holdings \(this player's choice\)")
def _madman_enraged(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Madman Enraged (a hero): as Shadow Engines, one holding of the other player is discarded
    # (discard_opposing_holding), here when the champion enters a round (step D, each round
    # of combat it fights). "This player's choice": [decided, the owner's best] the holding of
    # the realm fought over when the other player defends it (its bonus leaves the round),
    # else, no holding of the other player acting in the round, its first, A to F.
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.DISCARD_OPPOSING_HOLDING),)


@_rule(r"the attached champion is protected from (.+)")
def _protected_from(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Dark Haven (a magical item): "protected from" says what "immune to" says (the
    # immunities' own rule reads the list: "all offensive spells, magical items, psionics,
    # unarmed combat cards, and blood abilities").
    if ctx.record.type not in (CardType.MAGICAL_ITEM, CardType.ARTIFACT):
        return None
    return _apply(_CLAUSE_RULES, "the attached champion is immune to " + m.group(1), ctx)


@_rule(r"but his base level is halved \(rounded down\)")
def _own_base_halved(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Dark Haven: its champion fights at half its base level (own_base_halved; the level
    # field "-1/2" is that halving, battle/facts.py).
    if ctx.record.type not in (CardType.MAGICAL_ITEM, CardType.ARTIFACT):
        return None
    return (Effect(K.OWN_BASE_HALVED),)


@_rule(r"when played in battle, the opposing player must immediately discard (one|two|three) "
       r"cards? from his hand")
def _athasian_sloth(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Athasian Sloth (an ally): the other player discards two cards of its hand, its own
    # choice: [decided] its weakest (hand_discards_weakest, battle/powers_4th_d.py).
    if ctx.record.type not in _PLAYED_INTO_ROUND:
        return None
    return (Effect(K.HAND_DISCARDS_WEAKEST, count=number(m.group(1))),)


@_rule(r"an artifact attached to ([a-z]+) also functions for her sisters, ([a-z]+) and "
       r"([a-z]+)")
def _aquamarina(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Aquamarina (a cleric): her artifacts work for Pearl and Amber too, when one of them
    # fights while she is in the pool (shared_artifact, battle/totals.round_sides).
    if ctx.record.type not in CHAMPION_TYPES or m.group(1) != ctx.record.name.lower():
        return None
    return (Effect(K.SHARED_ARTIFACT, names=(m.group(2).title(), m.group(3).title())),)


_RULE_BARS = {
    "allies and psionic power cards": (CardType.ALLY, CardType.PSIONIC_POWER),
    "spells and blood abilities": (CardType.WIZARD_SPELL, CardType.CLERIC_SPELL,
                                   CardType.BLOOD_ABILITY),
}
_RULE_BARS_RE = r"(" + "|".join(_RULE_BARS) + r") cannot be played"


def _rule_bars(text: str) -> tuple[Effect, ...] | None:
    """The ``no_cards`` of a rule card that bars card types (see :func:`_rule_card_bars`)."""
    m = re.search(_RULE_BARS_RE, text.lower())
    if m is None:
        return None
    return (Effect(K.NO_CARDS, card_types=tuple(int(t) for t in _RULE_BARS[m.group(1)])),)


@_rule(_RULE_BARS_RE)
def _rule_card_bars(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Master the Magic, The Master Strategist (rule cards): while the card is in a rule zone
    # nobody plays cards of those types (no_cards read off the rule card in play,
    # battle/rule_cards.barred_types; "spells" are wizard and cleric spells).
    if ctx.record.type is not CardType.RULE:
        return None
    return _rule_bars(m.group(0))


@_rule(r"any such cards already in play are discarded when this rule card is played")
def _rule_card_clears(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The same cards (the bar's sentence names them): a rule card is played in phase 0, outside
    # any battle, and no ally, spell, psionic power or blood ability stays in play outside a
    # battle (round.resolve_card attaches only items and artifacts; the round's other cards
    # leave with it): [decided] there is nothing to discard; the bar is the card's power.
    if ctx.record.type is not CardType.RULE:
        return None
    return _rule_bars(ctx.record.text)


_OFFENSIVE_KINDS = {"wizard spells": CardType.WIZARD_SPELL,
                    "psionic power cards": CardType.PSIONIC_POWER,
                    "unarmed combat cards": CardType.UNARMED_COMBAT,
                    "blood abilities": CardType.BLOOD_ABILITY}


@_rule(r"only (" + _WORLD_RE + r") champions can (?:cast|use) offensive (" +
       "|".join(_OFFENSIVE_KINDS) + r")")
def _forbidden_knowledge(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Forbidden Knowledge (a rule card): each kind of (Off) card is left to the champions of
    # one world, for both players (offensive_world_only, battle/rule_cards.world_barred).
    if ctx.record.type is not CardType.RULE:
        return None
    return (Effect(K.OFFENSIVE_WORLD_ONLY, card_types=(int(_OFFENSIVE_KINDS[m.group(2)]),),
                   condition=Condition(self_worlds=(int(_WORLD_WORDS[m.group(1)]),))),)


@_rule(r"no champion of base level (\d+) or greater \(before magical items and other attached "
       r"modifiers\) may be involved in combat")
def _time_of_troubles_cap(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Time of Troubles (a rule card): no champion of that printed level or more attacks or
    # defends, either player's (combat_level_cap, battle/rule_cards.level_cap).
    if ctx.record.type is not CardType.RULE:
        return None
    return (Effect(K.COMBAT_LEVEL_CAP, amount=int(m.group(1))),)


@_rule(r"all (" + _WORLD_RE + r") champions and allies gain (\d+) levels?")
def _time_of_troubles_gain(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Time of Troubles: each champion and each ally of the world gains, on both sides
    # (rule_world_gain, read off the rule card in play: totals.side_wide).
    if ctx.record.type is not CardType.RULE:
        return None
    return (Effect(K.RULE_WORLD_GAIN, amount=int(m.group(2)),
                   condition=Condition(self_worlds=(int(_WORLD_WORDS[m.group(1)]),))),)


@_rule(r"all champions except clerics battle undead champions at half their base level, and "
       r"allies of less than \+(\d+) cannot be played against undead champions by non-clerics")
def _power_of_faith(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The Power of Faith (a rule card), for both players: a champion other than a cleric
    # facing an undead champion fights at half its base level (own_base_halved) and its side
    # plays no ally below +N (rule_allies_barred, battle/rule_cards.allies_barred_rules).
    if ctx.record.type is not CardType.RULE:
        return None
    cond = Condition(vs_attributes=(_ATTRIBUTE_WORDS["undead"],),
                     self_types=tuple(t for t in _CHAMPION_CODES if t != int(CardType.CLERIC)))
    return (Effect(K.OWN_BASE_HALVED, condition=cond),
            Effect(K.RULE_ALLIES_BARRED, amount=int(m.group(1)) - 1, condition=cond))


# ---- triggered in the whole game outside battles (issue 13, trig: game/triggers.py) ---------

_SPELLS = (int(CardType.WIZARD_SPELL), int(CardType.CLERIC_SPELL))
_PLAYED_KINDS = {"spell card": _SPELLS, "spell": _SPELLS,
                 "cleric spell": (int(CardType.CLERIC_SPELL),),
                 "wizard spell": (int(CardType.WIZARD_SPELL),),
                 "event": (int(CardType.EVENT),)}


@_rule(r"draw (one|two|three|five|\d+) cards?(?: and place it in your hand)? (?:immediately )?"
       r"when (?:this realm|the temple|it) is played( or rebuilt)?")
def _draw_when_played(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Temple of Elemental Evil, Haunted Hall of Eveningstar (realms): the realm's player draws
    # as the realm is played in phase 2 or as spoils, the Hall also when it is rebuilt.
    if ctx.record.type is not CardType.REALM:
        return None
    n = _NUMBERS.get(m.group(1)) or int(m.group(1))
    return (Effect(K.DRAW_WHEN_PLAYED, amount=n, mark="rebuilt" if m.group(2) else ""),)


@_rule(r"draw (?:a|another) card every time (a spell card|a spell|a cleric spell|a wizard "
       r"spell) is (?:played|cast)|draw a card every time (you) play (an event)")
def _draw_per_card_played(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Mulmaster, The Celestial Jewel of Sarimie (either player's spells), Fortification:
    # Breastwork ("you play an event": the holding's player's own events), holdings: one card
    # for each such card played, in a battle or in phase 3.
    if ctx.record.type is not CardType.HOLDING:
        return None
    played = (m.group(1) or m.group(3)).removeprefix("a ").removeprefix("an ")
    return (Effect(K.DRAW_PER_CARD_PLAYED, card_types=_PLAYED_KINDS[played],
                   mark="own" if m.group(2) else ""),)


@_rule(r"when the \w+ (?:are|is) discarded, (?:the|their) player shuffles all discards back "
       r"into (?:the|his) draw (?:deck|pile)")
def _shuffle_discards_back(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Myrmidons (an ally): its owner's discard pile goes back into the draw pile when it lands
    # there (after the round it was played in, or discarded from the hand).
    return (Effect(K.SHUFFLE_DISCARDS_BACK),)


@_rule(r"if [a-z' -]+ is defeated(?: in combat)?, (?:the|his) player can (?:pull|retrieve) one "
       r"(?:other )?champion from his discard(?:s| pile) and return it to his hand")
def _raise_on_defeat(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Amarill (a cleric): when it loses a round and is discarded, its player takes one other
    # champion from its discard pile into its hand.
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.RAISE_ON_DEFEAT),)


@_rule(r"if hettman does not attack, at the end of his turn the player can randomly draw one "
       r"card from another player's hand and discard it|at the end of this player's turn, if "
       r"hettman hasn't attacked, this player can randomly draw one card from another player's "
       r"hand and discard it", sentence=True)
def _idle_hand_discard(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Hettman Tsurin (a hero): at the end of its owner's turn, when it has not attacked, one
    # card drawn by chance from the opponent's hand is discarded (a sentence rule: the 4th
    # Edition's "at the end of this player's turn" is otherwise not combat).
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.IDLE_HAND_DISCARD),)


@_rule(r"(?:once in play, )?(?:must attack|the champion who holds this crystal must attack) on "
       r"(?:the player's|his) turn(?:, every turn,)? or be discarded")
def _must_attack(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Joliet the Rash (a hero), Crystal of the Ebon Flame (a magical item: its holder): a pool
    # champion that did not attack on its owner's turn is discarded as that turn ends.
    if ctx.record.type not in (*CHAMPION_TYPES, CardType.MAGICAL_ITEM):
        return None
    return (Effect(K.MUST_ATTACK),)


# ---- a realm's power at the start of its player's turn (issue 13, turn2) ---------------------


@_rule(r"(?:the )?player can eliminate one champion from any pool at the start of his turn")
def _kill_at_turn_start(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The Scarlet Brotherhood (a realm): at the start of its player's turn, one pool champion
    # is eliminated and the realm is razed (kill_at_turn_start: game/turn_powers.py).
    if ctx.record.type is not CardType.REALM:
        return None
    return (Effect(K.KILL_AT_TURN_START),)


@_rule(r"this realm is then razed")
def _then_razed(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The Scarlet Brotherhood: what kill_at_turn_start already does after the elimination.
    if ctx.record.type is not CardType.REALM:
        return None
    return ()


@_rule(r"the [a-z' ]+ can also be played as an event to destroy one holding")
def _champion_as_event(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Crime Lord (a hero): also played in phase 3 as an event whose power discards the holding
    # of one realm (discard_holding, game/outside.py's play_outside; issue 13, turn2). Its
    # champion play is unchanged.
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.DISCARD_HOLDING),)


@_rule(r"the destroyed holding and the [a-z' ]+ are discarded")
def _restated_champion_as_event(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Crime Lord: what discard_holding and the card's play outside battles already do.
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return ()


_DISCARD_FROM_TOP = (r"at the (?:start|beginning) of (?:the player's|his) turn, (?:he|the owner of "
                     r"[a-z' ]+) can (?:look at|inspect) the top (card|three cards) of any "
                     r"(?:draw pile|deck) and discard (?:it if he wants|one)")
"""Marco Volo's and Ren's Crystal Ball's power (issue 13, turn2: ``discard_from_top``)."""


@_rule(_DISCARD_FROM_TOP)
def _discard_from_top(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Marco Volo (a hero: the top card), Ren's Crystal Ball (an artifact: the top three): at
    # the start of its player's turn, one of the cards looked at is discarded
    # (discard_from_top: game/turn_powers.py).
    if ctx.record.type not in (*CHAMPION_TYPES, CardType.ARTIFACT, CardType.MAGICAL_ITEM):
        return None
    return (Effect(K.DISCARD_FROM_TOP, count=1 if m.group(1) == "card" else 3),)


# ---- the 1st Edition's last battle cards (issue 13, first_a) -----------------------------------

@_rule(r"(?:the )?champion can attack (.+?) with an additional \+" + NUM)
def _attack_with_additional(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Enlarge (a wizard spell "+3", Def): "champion can attack flyers with an additional +3".
    # [decided] (issue 13, first_a) a bonus against those opponents: the champion gains N when
    # the opposing champion is one of them, in either role, and nothing otherwise; the printed
    # "+3" is that number, not a bonus of its own (bonus_in_power: counted once, and only then).
    amount, conds = number(m.group(2)), _vs_conditions(m.group(1))
    if conds is None or ctx.level.bonus != amount:
        return None
    return (*(Effect(K.GAIN_LEVELS, amount=amount, condition=c) for c in conds),
            Effect(K.BONUS_IN_POWER))


@_rule(r"this champion ignores (.+?) opponents")
def _ignores_opponents(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Invisibility to Undead (a cleric spell, Def): "this champion ignores undead opponents"
    # (ignore_opponents: battle/totals.ignored; the [decided] reading is the kind's).
    t = _targets(m.group(1))
    if t is None or t[0] or t[2] or not t[1]:
        return None  # races only: a type or a movement is not an attribute of the card
    return (Effect(K.IGNORE_OPPONENTS, attributes=t[1]),)


@_rule(r"if the ([a-z' -]+) casts one or more spells, one friendly realm is razed or one "
       r"friendly holding is shuffled back into the draw pile")
def _spells_cost_realm(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Defiler (a wizard): the cost of its spells falls when its battle ends (spells_cost_realm:
    # battle/defiler.py, where the [decided] choice between a realm and a holding is written).
    if ctx.record.type not in CHAMPION_TYPES or m.group(1) != ctx.record.name.lower():
        return None
    return (Effect(K.SPELLS_COST_REALM),)


_UNTIL_DISPELLED = re.compile(r"^cast on opposing champion\b.*\bspell remains until dispelled")
"""Spell of Formless Horror's words: the spell stays on the opposing champion it is cast on
(``Card.lasting`` "dispelled"; issue 13, first_a: ``game/lasting.py``)."""


@_rule(r"spell remains until dispelled")
def _until_dispelled(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Spell of Formless Horror: in the whole game the spell stays on the champion it was cast
    # on (Card.lasting "dispelled", set by lasting_of; game/lasting.py ends it when that
    # champion leaves play or a dispelling card is played against it); a battle is the whole
    # of its effect in battle mode.
    if not _UNTIL_DISPELLED.search(_clean(ctx.record.text)):
        return None
    if parse_mark(ctx.record.text, ctx.record.blueline)[1] != (4,):
        return None  # 3rd Edition "(Off/3/4/5)": cast on a pool champion outside battles
    return _MODELLED_NO_EFFECT


# ---- 4th Edition cards reprinted in Artifacts / Forgotten Realms (issue 13, c4th5b) ---------


@_rule(r"if the casting champion is defeated, the opposing champion is also discarded")
def _death_link(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Death Link (a wizard spell, 4th/381, FR/39): the caster's side losing the round takes the
    # victor with it, after the round (seed 001: "some cards can even discard a successful
    # attacking champion ... outside of the battle"): avenge_discard, as Herminard's.
    if ctx.record.type not in _SPELL_TYPES:
        return None
    return (Effect(K.AVENGE_DISCARD),)


@_rule(r"while this (?:card )?is in play, all opponents draw one fewer card (?:then|than) normal "
       r"on their turns \(minimum of one card\)")
def _ring_of_winter(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The Ring of Winter (an artifact, 4th/455, FR/61): in play (attached in its player's
    # pool), each opponent's phase 1 draw is one card less, at least one (battle/hand.py's
    # phase_one_draw, read by game/rules.py).
    if ctx.record.type not in (CardType.ARTIFACT, CardType.MAGICAL_ITEM):
        return None
    return (Effect(K.OPPONENTS_DRAW_FEWER, amount=1),)


@_rule(r"(?:[a-z' ]+ )?cannot be attacked by flyers,? (?:\(except ([a-z]+)\)|except ([a-z]+))")
def _flyers_barred_but(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # New Giustenal (a realm, 4th/31, AR/91): "cannot be attacked by flyers (except Dregoth)":
    # not_attackable_by flyers, sparing a champion whose name holds the word (legal.gate).
    if ctx.record.type is not CardType.REALM:
        return None
    return (Effect(K.NOT_ATTACKABLE_BY, movement=("flyer",), names=(m.group(1) or m.group(2),)),)


@_rule(r"if razed, this realm can be rebuilt by discarding only (one|1) card")
def _rebuilt_by_one(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # New Giustenal: its rebuild in phase 2 costs one card from the hand, not three
    # (rebuild_cost: game/plays.py; RULES.md §1 phase 2).
    if ctx.record.type is not CardType.REALM:
        return None
    return (Effect(K.REBUILD_COST, amount=number(m.group(1))),)


@_rule(r"when in a pool, this champion allows a razed realm to be rebuilt by discarding only "
       r"(one) card, instead of the normal three")
def _builder(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The Builder (a hero, DU/117): while in its player's pool, any razed realm of that player
    # is rebuilt for one card (rebuild_cost, read from the pool: game/plays.py).
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.REBUILD_COST, amount=number(m.group(1))),)


@_rule(r"cancels? the powers of any dragon champions? or all(?:y|ies) opposing "
       r"(?:the attached|this) champion in battle")
def _dragonslayer(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Dragonslayer (a magical item, 4th/177, FR/48): negate_powers reading attributes: the
    # other side's dragon champion and dragon allies lose their powers in the round, their
    # levels kept (battle/totals._negated_by_attribute).
    if ctx.record.type not in (CardType.MAGICAL_ITEM, CardType.ARTIFACT):
        return None
    return (Effect(K.NEGATE_POWERS, attributes=(_ATTRIBUTE_WORDS["dragon"],)),)


@_rule(r"the spellcaster with this item can retain up to (two) spells after winning a round of "
       r"combat to use in another battle")
def _spellbook(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Spellbook (a magical item, 4th/189, AR/30): after a round its side wins, the best two
    # spells that side cast go back to the hand (spells_kept: battle/aftermath_more.kept_spells).
    if ctx.record.type is not CardType.MAGICAL_ITEM:
        return None
    return (Effect(K.SPELLS_KEPT, count=number(m.group(1))),)


@_rule(r"only (?:phase|step) 4 spells can be saved")
def _spellbook_phase(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Spellbook: [decided] a spell cast in a round is one castable in phase 4 (RULES.md §1:
    # the mark's digits list the phases; a round's spells all are): what spells_kept reads.
    if ctx.record.type is not CardType.MAGICAL_ITEM:
        return None
    return ()


@_rule(r"(?:after a round of combat is resolved when using this ally|when the [a-z' ]+ is used "
       r"in combat), the losing player must immediately discard one magical item or artifact "
       r"from (?:his )?pool or hand, or (?:else )?raze one of his (?:own )?realms")
def _flaming_fist(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Flaming Fist (an ally, 4th/238, FR/65): after each round it fights, the round's loser
    # gives up an item or a realm (loser_item_or_realm: battle/aftermath_more.item_or_raze).
    if ctx.record.type is not CardType.ALLY:
        return None
    return (Effect(K.LOSER_ITEM_OR_REALM),)


@_rule(r"champions attacking ([a-z' ]+) must discard all attached magical items or artifacts "
       r"\(attacker's choice\), and cannot add more of the type chosen during battle")
def _celik(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Celik (a realm, 4th/35): attackers_stripped (battle/strip.py), one type of the
    # attacker's choice.
    if ctx.record.type is not CardType.REALM or not _names_self(m.group(1), ctx):
        return None
    return (Effect(K.ATTACKERS_STRIPPED),)


@_rule(r"any champion attacking ([a-z' ]+), must discard all attached magical items or "
       r"artifacts, and cannot add more during battle")
def _celik_ar(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Celik (AR/96): no choice printed: every attached magical item and artifact, and no more
    # of either (attackers_stripped with the mark "all").
    if ctx.record.type is not CardType.REALM or not _names_self(m.group(1), ctx):
        return None
    return (Effect(K.ATTACKERS_STRIPPED, mark="all"),)


@_rule(r"(?:if in a player's pool, the [a-z' ]+ may destroy one enemy ally of level (\d+) or less "
       r"during each round of combat|while in a pool, if not used in combat, each combat round "
       r"the [a-z' ]+ may destroy one enemy ally of level (\d+) or lower in play)")
def _stone_giant(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Stone Giant (a monster, 4th/264, FR/82): from its player's pool, once per round, the
    # first opposing ally of bonus 4 or less is discarded (battle/pool_powers.py).
    if ctx.record.type not in CHAMPION_TYPES:
        return None
    return (Effect(K.POOL_DESTROYS_ALLY, amount=int(m.group(1) or m.group(2))),)


@_rule(r"draw and discard a card each time the wand is used in (?:combat|a battle), noting the "
       r"last digit of the card's number")
def _wand_of_wonder(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Wand of Wonder (a magical item "+?", 4th/180, FR/57): bonus_from_digit (battle/wonder.py).
    if ctx.record.type is not CardType.MAGICAL_ITEM:
        return None
    return (Effect(K.BONUS_FROM_DIGIT),)


@_rule(r"(?:the wand's level bonus is equal to that digit|for that combat, the attached champion "
       r"gains bonus levels equal to that digit)")
def _wand_bonus(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Wand of Wonder: what bonus_from_digit does with the digit.
    if ctx.record.type is not CardType.MAGICAL_ITEM:
        return None
    return ()


@_rule(r"when used in combat, (?:this player can )?draw one card at random from (?:his|the) "
       r"opponent's hand, playing it against the opponent if possible, discarding it otherwise")
def _ninjas(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Ninjas (an ally, 4th/239, FR/70): hand_card_turned (battle/ninjas.py).
    if ctx.record.type is not CardType.ALLY:
        return None
    return (Effect(K.HAND_CARD_TURNED),)


# ---- the 1st Edition's last realm and holding cards (issue 13, first_b) ----------------------

_ALLY_DEFENDS = (r"the attached realm can use any ally "
                 r"(?:as a champion|to defend as a hero champion)")
"""South Ledopolus (1st/230: "as a champion"; its 4th Edition printing, 4th/92: "to defend as
a hero champion")."""


@_rule(_ALLY_DEFENDS)
def _ally_defends(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The defender of the attached realm may present an ally from its hand (ally_defends:
    # battle/legal.py, forms.py, judge.py).
    if ctx.record.type is not CardType.HOLDING:
        return None
    return (Effect(K.ALLY_DEFENDS),)


@_rule(r"the ally is (?:still )?discarded after (?:the )?battle")
def _ally_discarded(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # South Ledopolus's second sentence: ally_defends discards the ally when the battle ends;
    # read only on a card whose first sentence gave it that kind.
    if re.search(_ALLY_DEFENDS, ctx.record.text.lower()) is None:
        return None
    return _MODELLED_NO_EFFECT


_ALLY_TO_CHAMPION = r"attach this item to an ally from your hand"
"""Magical Champion's first sentence (1st/402)."""


@_rule(_ALLY_TO_CHAMPION)
def _ally_to_champion(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Magical Champion: played in phase 3 onto an ally of the hand, which enters the pool as a
    # champion carrying it (ally_to_champion: game/outside_first.py).
    if ctx.record.type is not CardType.MAGICAL_ITEM:
        return None
    return (Effect(K.ALLY_TO_CHAMPION),)


@_rule(r"the ally becomes a champion \(hero\) until discarded for any reason|its level is "
       r"unchanged")
def _ally_stays_champion(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Magical Champion's second and third sentences: ally_to_champion's hero of the ally's own
    # level (its bonus), a champion until it leaves the pool; read only after the first.
    if re.search(_ALLY_TO_CHAMPION, ctx.record.text.lower()) is None:
        return None
    return _MODELLED_NO_EFFECT


@_rule(r"any holding attached to (the great kingdom) also applies to this realm")
def _shares_holdings(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # The Sea Barons: the Great Kingdom's holdings apply to it too (shares_holdings:
    # battle/shared_holdings.py).
    if ctx.record.type is not CardType.REALM:
        return None
    return (Effect(K.SHARES_HOLDINGS, names=("The Great Kingdom",)),)


# ---- the 1st Edition's powers over the turns and the hands (issue 13, first_c) --------------

_CUP_RETURN = (r"if (?:the|this) player discards three cards from his hand (?:at the end of his "
               r"turn|during phase 5), he can return any one card from the discard pile to his "
               r"hand")
"""Cup of Al'Akbar's power (1st/160; 4th/454 "during phase 5"): ``cup_return``."""

_SEE_HAND = (r"(?:allows the owning player, at the beginning of his turn, to look at one "
             r"player's hand|at the beginning of its owner's turn, this helm of telepathy "
             r"\(fashioned from a mummified illithid's head\) allows the player to examine an "
             r"opponent's hand)")
"""Ring of All Seeing's (1st/311) and Annulus's (1st/411) power: ``see_hand``."""


@_rule(_CUP_RETURN)
def _cup_return(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Cup of Al'Akbar (an artifact): three cards discarded in its owner's phase 5 bring one
    # card of the discard pile back to the hand (cup_return: game/between.py).
    if ctx.record.type not in (CardType.ARTIFACT, CardType.MAGICAL_ITEM):
        return None
    return (Effect(K.CUP_RETURN),)


@_rule(_SEE_HAND)
def _see_hand(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Ring of All Seeing (a magical item), Annulus (an artifact): at the start of its owner's
    # turn the owner sees the opponent's hand (see_hand: game/seen.py).
    if ctx.record.type not in (CardType.ARTIFACT, CardType.MAGICAL_ITEM):
        return None
    return (Effect(K.SEE_HAND),)


# ---- not combat -----------------------------------------------------------------------------

_NOT_COMBAT_PATTERNS = [
    r"(?:the player of this card |all players |every player )?draws? (?:one|two|three|five|"
    r"\d+) cards?(?: immediately)?",
    rf"(?!{_DISCARD_FROM_TOP})(?!{_SEE_HAND})"
    r"at the (?:start|beginning|end) of (?:the player's |his |its owner's |each |their )?turn.*",
    # ... but choosing one's spoils among the cards looked at is a decision the game's
    # actions cannot express (issue 13 audit 2: Jana Orel counted as modelled without it).
    rf"(?!{_DISCARD_FROM_TOP})(?!{_SEE_HAND})"
    r"(?!.*\bspoils\b).*\b(?:look at|examine|inspect)\b.*\b(?:hand|cards|deck|draw pile)s?\b.*",
    r"every player can immediately rebuild one razed realm",
    r"all players draw (?:one|two|three|\d+) cards",
    r"the player of this (?:card|event) draws (?:one|two|three|five|\d+) cards immediately",
    r"the player must laugh while doing this",
    r"this card and attached magical items and artifact are kept face down, and revealed only "
    r"in battle",
    r"all players must discard .*",
    r"the next realm played must go into the front position",
    r"one razed realm is rebuilt by a champion from the player's pool; the champion is "
    r"discarded",
    r"no player can play a realm or rebuild a realm until this player's next turn",
    r"resurrected card returns to hand",
    # After-battle consequences: "these effects occur outside of the battle" (seed 001, which
    # names the Aurak Draconians and Iuz the Evil).
    r"if (?:(?:the )?[\w' ]+ )?(?:is )?(?:defeated|loses a round of battle)(?: in battle)?, "
    r"(?!.*spoils)(?!.*\b(?:round|battle)\b)(?!.*(?:" + _AFTER_BATTLE_PHRASES + r"))"
    # ... but where the defeated card goes is the battle's business (issue 13 audit: "returns
    # to its pool", "shuffle her back into the draw deck" left it discarded as modelled).
    r"(?!.*\b(?:returns?|returned) to (?:its|his|her|the|the player's) pool)"
    r"(?!.*\bback into the draw)"
    # ... nor a champion back from the discards (Amarill: raise_on_defeat, issue 13 trig)
    r"(?!.*\bchampion from his discard)"
    r"(?!.*\battached to any other\b).+",
    r"fairy madness affects one champion \(not currently in battle\)",
    r"that champion is turned face down and cannot be used until after its next turn",
    r"every player must discard one champion from his hand or pool",
    r"one razed realm is rebuilt by a champion from the player's pool; the champion is "
    r"discarded",
]
_NOT_COMBAT_RE = [re.compile(p) for p in _NOT_COMBAT_PATTERNS]

#: Sentences the "not combat" patterns above would drop although they change the whole game
#: (issue 13 audit 2: cards counted as modelled without them): a mandatory consequence after
#: the battle, a turn without battles, a power used between battles. The whole game has no
#: rule for them yet, so the card is not modelled.
_GAME_POWERS_RE = [re.compile(p) for p in (
    r"if defeated, she can be placed beneath a realm .+",
    r"at the end of each turn, remnis can fly into this player's discard pile .+",
    r"once per turn, this player can look at the top card of each player's draw pile and "
    r"discard .+",
)]


# --------------------------------------------------------------------------------------------
# Cards printed in both the 3rd and the 4th Edition (issue 13, c4th5a); their outside-battle
# phrases are in ``phrases_c4th5a.py``. Each rule names the cards it reads (checked over the
# CrossFire data: it matches no other card's sentence).


@_rule(r"each time the defiler casts a spell during combat, her player discards one card from "
       r"his hand and draws a replacement(?: card)? from his draw pile")
def _rule_rogue_defiler(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Rogue Defiler of Tyr (3rd/303, 4th/278): battle/powers_both.py
    return (Effect(K.CAST_DISCARD_DRAW),)


@_rule(r"attacking players must discard a card from their hand or pool for each champion sent "
       r"forward")
def _rule_sembia(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Sembia (3rd/6, 4th/3): battle/powers_both.py
    return (Effect(K.TOLL_PER_CHAMPION),) if ctx.record.type == CardType.REALM else None


@_rule(r"can be cast at any time to turn a just-cast (offensive )?spell back (?:at|upon) its "
       r"caster,? as if the original target had cast it")
def _rule_spell_turning(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Spell Turning (3rd/398; 4th/379: "offensive", a spell marked (Off)): the 1st Edition's
    # turn_spell, played at any time.
    turn = Effect(K.TURN_SPELL, mark="off") if m.group(1) else Effect(K.TURN_SPELL)
    return (Effect(K.PLAY_ANY_TIME), turn)


@_rule(r"(?:this ally )?can draw a card from the opposing player's draw pile, playing it on this "
       r"player's side if applicable,? (?:or discarding it otherwise|otherwise discarding it)")
def _rule_galek(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Galek (3rd/274, 4th/227): battle/powers_both.py
    return (Effect(K.PLAY_OPPOSING_TOP),) if ctx.record.type == CardType.ALLY else None


@_rule(r"nenioc may be sacrificed to bring out an avatar, but she is shuffled back into "
       r"(?:her|the) player's draw pile rather than discarded")
def _rule_nenioc(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Nenioc (3rd/187, 4th/284): battle/avatar.py shuffle_back_sacrificed
    return (Effect(K.SACRIFICE_SHUFFLED_BACK),) if ctx.record.type in CHAMPION_TYPES else None


@_rule(r"if played with an? (" + "|".join(_WORLD_WORDS) + r") champion, the gladiators remain "
       r"with that champion until he is defeated or discarded")
def _rule_gladiators(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Gladiators (3rd/257, 4th/223): battle/judge.stay_with_champion
    if ctx.record.type != CardType.ALLY:
        return None
    world = int(_WORLD_WORDS[m.group(1)])
    return (Effect(K.STAYS_WITH_CHAMPION, condition=Condition(self_worlds=(world,))),)


@_rule(r"all allies played with it become undead")
def _rule_allies_become_undead(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Lich Conclave (3rd/155); battle/facts.ally_in_round
    return (Effect(K.ALLIES_BECOME, attributes=(_ATTRIBUTE_WORDS["undead"],)),)


@_rule(r"all allies played after the elf galleon in this battle are also flyers and swimmers")
def _rule_elf_galleon(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Elf Galleon (3rd/110, 4th/214): [decided] the allies of its own side (the battle keeps
    # each side's order of play, and a ship carries its own side's allies); battle/facts.py
    # later_moves.
    return (Effect(K.LATER_ALLIES_MOVE, movement=("flyer", "swimmer")),)


@_rule(r"the conclave (can cast wizard spells), and (all allies played with it become undead)")
def _rule_lich_conclave(m: re.Match[str], ctx: _Ctx) -> tuple[Effect, ...] | str | None:
    # Lich Conclave (4th/265): both clauses as the 3rd Edition's sentences read them.
    parts = [_apply(_CLAUSE_RULES, m.group(i), ctx) for i in (1, 2)]
    if not all(isinstance(p, tuple) for p in parts):
        return None
    return tuple(e for p in parts if isinstance(p, tuple) for e in p)


# --------------------------------------------------------------------------------------------
# The compiler


def _sentences(text: str) -> list[str]:
    text = re.sub(r"\s+", " ", text).strip()
    # Split after . ! ? followed by a space and a capital, a quote or a digit.
    parts = re.split(r"(?<=[.!?])\s+(?=[A-Z'\"(0-9+])", text)
    return [p.strip() for p in parts if p.strip()]


def _clean(clause: str) -> str:
    c = clause.strip().lower()
    c = c.replace("\u2019", "'")
    c = re.sub(r"[.!]+$", "", c).strip()
    c = re.sub(r"\s+", " ", c)
    return c


def _apply(rules: list[tuple[re.Pattern[str], Rule]], clause: str, ctx: _Ctx
           ) -> tuple[Effect, ...] | str | None:
    prefix = re.match(r"when (defending|attacking), (.+), and (.+)", clause)
    if prefix and rules is _CLAUSE_RULES:
        # "When defending, A, and B": both parts under the condition.
        parts = [_apply(rules, prefix.group(i), ctx) for i in (2, 3)]
        if all(isinstance(p, tuple) for p in parts):
            when = _TAIL_WHEN[prefix.group(1)]
            return tuple(replace(e, condition=replace(e.condition, when=when))
                         for p in parts if isinstance(p, tuple) for e in p)
    for pattern, fn in rules:
        m = pattern.fullmatch(clause)
        if m:
            out = fn(m, ctx)
            if out is not None:
                return out
    return None


_SPELL_TYPES = (CardType.WIZARD_SPELL, CardType.CLERIC_SPELL, CardType.PSIONIC_POWER,
                CardType.BLOOD_ABILITY, CardType.THIEF_ABILITY, CardType.UNARMED_COMBAT)
_GAME_WORDS = re.compile(
    r"\b(?:levels?|champions?|all(?:y|ies)|attack\w*|defend\w*|defen[cs]e|spells?|cards?|"
    r"discard\w*|realms?|destroy\w*|immune|immunity|play\w*|rounds?|battles?|combat|draw\w*|"
    r"pools?|hands?|phase|cast\w*|fly|flyers?|wins?|lose\w*|gain\w*|turns?|kill\w*|bonus|"
    r"holdings?|items?|artifacts?|events?|opponents?|raze\w*|spoils|can|cannot|must|"
    r"defeat\w*|doubled?|immediately|automatically|vs|versus|psionic\w*)\b|\+\d")


_ENGLISH_WORDS = re.compile(r"\b(?:the|is|are|by|her|his|its|of|and|to|with|an?|so|also)\b")


def _flavor(clause: str) -> bool:
    """An English sentence that names no game term: flavor (a line about a character's looks or
    history). Text in another language is never flavor (the translated sets' records)."""
    return _GAME_WORDS.search(clause) is None and _ENGLISH_WORDS.search(clause) is not None


_BONUS_CARRIERS = (CardType.MAGICAL_ITEM, CardType.ARTIFACT, CardType.HOLDING)


def _plain(cond: Condition) -> bool:
    return cond == Condition(when=cond.when)


def _without_restated_bonus(effects: list[Effect], ctx: _Ctx) -> list[Effect]:
    """Drop gains that only restate an item's, artifact's or holding's bonus (it is already in
    the level field: "+4 ... any champion defending the attached realm gains 4 levels").

    A split bonus (``+5/+2``: "gains 5 levels when attacking, 2 when defending") keeps the
    difference, so that bonus plus effects add up to the printed numbers.
    """
    bonus = ctx.level.bonus
    if bonus is None or ctx.record.type not in _BONUS_CARRIERS:
        return effects
    out: list[Effect] = []
    for e in effects:
        if e.kind is K.GAIN_LEVELS and _plain(e.condition) and e.mark != _RISES:
            if e.amount == bonus:
                continue
            if ctx.level.bonus_alt:
                out.append(replace(e, amount=e.amount - bonus))
                continue
        out.append(e)
    return out


@dataclass
class _Reading:
    """What the sentences of one card's text compiled to (see :func:`compile_card`)."""

    effects: list[Effect] = field(default_factory=list)
    modelled: bool = False
    understood: bool = True
    defense_only: bool = False
    outside_battle: bool = False
    flavor: int = 0
    substantive: int = 0

    def add(self, res: Any) -> None:
        """Record one clause's result: effects, "not combat", or not understood (``None``)."""
        if res is None:
            self.understood = False
        elif res != _NOT_COMBAT:
            self.modelled = True
            for e in res:
                if isinstance(e, Effect) and e not in self.effects:
                    self.effects.append(e)


def _read_sentence(s: str, ctx: _Ctx, reading: _Reading) -> None:
    """Compile one cleaned sentence into ``reading``: a whole-sentence rule first, else each
    clause on its own."""
    if _DEFENSE_ONLY_RE.fullmatch(s):
        reading.defense_only = True
        return
    if _OUTSIDE_BATTLE_RE.fullmatch(s):
        reading.outside_battle = True
        return
    if any(p.fullmatch(s) for p in _GAME_POWERS_RE):
        reading.substantive += 1
        reading.understood = False
        return
    if any(p.fullmatch(s) for p in _NOT_COMBAT_RE):
        reading.substantive += 1
        return
    if _apply(_CLAUSE_RULES, s, ctx) is None and _flavor(s):
        reading.flavor += 1
        return
    reading.substantive += 1
    out = _apply(_SENTENCE_RULES, s, ctx)
    clauses = [s] if out is not None else [
        c.strip() for c in re.split(r";|,? but (?=is |it |must )", s) if c.strip()]
    for clause in clauses:
        res = out if out is not None else _apply(_CLAUSE_RULES, clause, ctx)
        if res is None and any(p.fullmatch(clause) for p in _NOT_COMBAT_RE):
            res = _NOT_COMBAT
        reading.add(res)


def _read(record: Record, text: str) -> _Reading:
    """Every sentence of ``text`` (the card's, marks taken out) read, until one says the card
    is played only after a battle (``outside_battle``)."""
    ctx = _Ctx(record=record, level=parse_level(record.level))
    reading = _Reading()
    for sentence in _sentences(text):
        s = _clean(sentence)
        if s:
            _read_sentence(s, ctx, reading)
            if reading.outside_battle:
                break
    return reading


def compile_card(record: Record) -> tuple[tuple[Effect, ...], Power]:
    """The card's power as effects, and whether it is modelled (see the module docstring)."""
    text = _MARK_RE.sub(" ", record.text)
    text = _SIDE_RE.sub(" ", text).strip()
    if not text:
        return (), Power.NONE
    _, phases = parse_mark(record.text, record.blueline)
    # Issue 13 (outside): a power acting wholly outside battles (phase 3 of the whole game).
    outside = read_outside(record.type, phases,
                           [c for c in (_clean(s) for s in _sentences(text)) if c])
    if outside is not None:
        return outside, Power.MODELLED
    if record.type in _SPELL_TYPES and phases and 4 not in phases:
        # Played only outside phase 4 (combat): its power never acts in a battle (RULES.md §1,
        # "A digit after the mark lists the phases in which it may be played").
        return (), Power.NONE
    reading = _read(record, text)
    if reading.outside_battle:
        return (), Power.NONE
    effects = reading.effects
    if "darkness has no effect against monsters" in text.lower():
        # "no effect against monsters": every other champion type (a list is OR).
        others = tuple(t for t in _CHAMPION_CODES if t != int(CardType.MONSTER))
        effects = [replace(e, condition=replace(e.condition, vs_types=others)) for e in effects]
    if reading.flavor and not reading.substantive:
        reading.understood = False  # only "flavor": more likely a power in words we do not know
    if "count only magical item and artifact bonuses when determining level" in text.lower():
        if not any(e.kind is K.DESTROY_CHAMPION for e in effects):
            reading.understood = False
        effects = [replace(e, kind=K.DESTROY_CHAMPION_ARMED) if e.kind is K.DESTROY_CHAMPION
                   else e for e in effects]
    effects = _without_restated_bonus(effects, _Ctx(record=record,
                                                    level=parse_level(record.level)))
    if reading.defense_only:
        # "Use on defense only": the attacker may not play the card at all (issue 13: a
        # wall cast by a losing attacker ended the battle with no victor).
        effects = [replace(e, condition=replace(e.condition, when=When.DEFENDING))
                   for e in effects] + [Effect(K.DEFENSE_ONLY)]
    if not reading.understood:
        return tuple(effects), Power.UNMODELLED
    return tuple(effects), (Power.MODELLED if reading.modelled else Power.NONE)


def prints_unapplied_power(record: Record) -> bool:
    """Whether a card that compiles to ``Power.NONE`` prints a power all the same: one acting
    outside battles that the whole game does not apply yet (drawing or discarding cards at some
    moment of the turn, a spell cast only in phase 3 or 5, a power used "after a battle is
    completely resolved"). ``combatzoo cards coverage`` counts such a card as not modelled
    (issue 13: "none" must mean that the card truly has no power to apply)."""
    if compile_card(record)[1] is not Power.NONE:
        return False
    text = _SIDE_RE.sub(" ", _MARK_RE.sub(" ", record.text)).strip()
    if not text:
        return False
    _, phases = parse_mark(record.text, record.blueline)
    if record.type in _SPELL_TYPES and phases and 4 not in phases:
        return True
    reading = _read(record, text)
    return reading.outside_battle or reading.substantive > 0


#: Card types that are played into a round (seed 000 step F); the others (champions, realms,
#: holdings, and items and artifacts carried from the pool) are in the round from its start.
_PLAYED_INTO_ROUND = (CardType.ALLY, CardType.EVENT, *_SPELL_TYPES)


# Issue 13 audit: a power that destroys a number of allies or cancels a spell on a champion,
# realm or carried item ("can destroy one opposing ally during a round", "a champion with this
# rod can cancel one magic spell") was not applied; since audit 2 it answers the other side's
# plays (battle/reactions.py: answer_ally, answer_spell).


_LASTING_RE = re.compile(r"until (the end of |the beginning of )?(this player's|the player's|his|"
                         r"the current player's) next turn")
"""Issue 13 (lasting): the words of a power that outlasts the battle it is played in."""


def lasting_of(record: Record, effects: tuple[Effect, ...], power: Power) -> str:
    """:attr:`Card.lasting` of a modelled card played into a round (an event, a spell...)
    whose power lasts "until (the end of) the player's next turn": ``"turn_end"`` with "the
    end of", ``"current_turn_start"`` for "the current player's" (the player on turn: Berserk
    Fury!), else ``"turn_start"``; ``""`` otherwise. A truce (Mutiny!, Solid Fog) is the
    game's own ``GameState.truce`` (c1st3), not a lasting card."""
    if power is not Power.MODELLED or record.type not in _PLAYED_INTO_ROUND \
            or record.type == CardType.ALLY or not effects \
            or any(e.kind is K.TRUCE or e.kind in OUTSIDE_KINDS for e in effects):
        return ""
    if _UNTIL_DISPELLED.search(record.text.lower()) and any(
            e.kind is K.OPPONENT_LOSES for e in effects):
        return "dispelled"  # on the opposing champion it is cast on (issue 13, first_a)
    m = _LASTING_RE.search(record.text.lower())
    if m is None:
        return ""
    if m.group(1) == "the end of ":
        return "turn_end"
    return "current_turn_start" if m.group(2) == "the current player's" else "turn_start"


def card_from_record(record: Record) -> Card:
    """The :class:`Card` of a CrossFire record: its facts, mark and compiled power (no text)."""
    effects, power = compile_card(record)
    mark, phases = parse_mark(record.text, record.blueline)
    try:
        world = World(record.world)
    except ValueError:
        world = World.NONE
    return Card(
        set_id=record.set_id, number=record.number, name=record.name, type=record.type,
        world=world, level=parse_level(record.level), avatar=record.avatar,
        rarity=record.rarity, attributes=frozenset(record.attributes),
        uses=frozenset(record.uses), mark=mark, mark_phases=phases, effects=effects,
        power=power, lasting=lasting_of(record, effects, power))
