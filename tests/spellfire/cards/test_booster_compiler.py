"""The booster sets (issue 13, cboost): the phrase rules of the compiler's booster section, on
real cards (CrossFire data, skipped without it) and on made-up phrases of our own wording (so
that the rules are tested on a fresh machine too).

The effects expected are read off the printed text by hand (quoted beside each card).
"""

from __future__ import annotations

import pytest
from combatzoo.envs.spellfire.cards import crossfire as cf
from combatzoo.envs.spellfire.cards.cards import CardType, Mark, Power
from combatzoo.envs.spellfire.cards.compiler import compile_card, parse_mark
from combatzoo.envs.spellfire.cards.effects import Condition, Effect, EffectKind, When

from .test_compiler import CROSSFIRE, needs_data, record

K = EffectKind
DEFENDING = Condition(when=When.DEFENDING)


@pytest.fixture(scope="module")
def db() -> cf.Database:
    return cf.read_database(CROSSFIRE)


@needs_data
@pytest.mark.parametrize("key, effects", [
    # -- restated types and tags: the card type already says who uses the card
    # Mind Thrust (psionic power): "Psionic power. Usable by psionicist champions."
    ("PO/77", set()),
    # Psionic Blast (psionic power): the same two sentences.
    ("PO/93", set()),
    # -- "limit one avatar per pool": deck building, not combat
    # Lady of Fate, Avatar of Istus: "A cleric must be discarded to bring Lady Fate into play.
    # [Before combat, examine an opponent's hand ...] Limit one avatar per pool."
    ("PO/42", {Effect(K.AVATAR_COST, card_types=(5,), count=1)}),
    # -- a swimmer's reach restated
    # Dragon Turtle (swimmer): "Swimmer; can attack any realm that shows coastline on the card."
    ("AR/71", set()),
    # Kuo Toa (swimmer ally): "Swimmer. May attack any realm with a coastline, regardless of
    # its position."
    ("FR/67", set()),
    # -- an item making its champion a swimmer
    # Gauntlets of Swimming: "Attached champion becomes a swimmer and may attack any realm with
    # a coastline, regardless of its position."
    ("FR/51", {Effect(K.GAIN_MOVEMENT, movement=("swimmer",))}),
    # Flute of Wind Dancing: "The attached champion and all allies become swimmers ..."
    ("DL/124", {Effect(K.GAIN_MOVEMENT, movement=("swimmer",))}),
    # -- realms only movers may attack
    # Isle of Dread: "Can defend itself as a level 7 monster. Can only be attacked by flyers or
    # swimmers."
    ("RR/12", {Effect(K.DEFEND_AS, amount=7, champion_type=10),
               Effect(K.ONLY_ATTACKABLE_BY, movement=("flyer", "swimmer"))}),
    # Shoikan Grove (holding): "Only flyers or earth-walkers can attack the attached realm."
    ("DL/18", {Effect(K.ONLY_ATTACKABLE_BY, movement=("flyer", "earthwalker"))}),
    # -- realms some kinds may not attack
    # Tower of the Sword Mage: "Cannot be attacked by awnsheghlien. Defending champions can cast
    # wizard spells."
    ("BR/11", {Effect(K.NOT_ATTACKABLE_BY, attributes=(2,)),
               Effect(K.MAY_USE, uses=("d19", "o19"), condition=DEFENDING)}),
    # Kartakass: "Werebeast champions and allies cannot attack this realm."
    ("RL/5", {Effect(K.NOT_ATTACKABLE_BY, attributes=(45,))}),
    # -- opposing allies discarded
    # Prismatic Spray (Off/4): "Opposing allies of level 4 or less are immediately discarded."
    ("AR/60", {Effect(K.DESTROY_ALLIES, amount=4)}),
    # Thunder Staff (Off/4): "When this spell is played, all the opponent's allies are
    # discarded."
    ("AR/114", {Effect(K.DESTROY_ALLIES)}),
    # Word of Recall (Off/4): "Pick one opposing ally card and discard it."
    ("RL/37", {Effect(K.DESTROY_ALLIES, count=1)}),
    # Ancient Dracolich (ally): "Undead; flyer; dragon. One opposing ally of this player's
    # choice is instantly discarded."
    ("NS/81", {Effect(K.DESTROY_ALLIES, count=1)}),
    # -- opposing allies lose levels
    # Glyph of Warding (Off/4): "All opposing allies lose 1 level."
    ("RL/38", {Effect(K.OPPOSING_ALLIES_LOSE, amount=1)}),
    # -- the caster's own level doubled
    # Mirror Image (Def/4): "This spell doubles the caster's level."
    ("AR/58", {Effect(K.DOUBLE_LEVEL)}),
    # Backstab (thief skill, Def/4): "Doubles the attached thief's base level for one round."
    ("NS/55", {Effect(K.DOUBLE_LEVEL)}),
    # -- "casts cleric spells", "any type of unarmed combat card"
    # Tiyet: "Undead. Casts cleric spells."
    ("RL/91", {Effect(K.MAY_USE, uses=("d4", "o4"))}),
    # Gauntlets of Combat (Def): "The attached champion can use any type of unarmed combat
    # card."
    ("DR/74", {Effect(K.MAY_USE, uses=("d18", "o18", "d101", "o101", "d102", "o102"))}),
    # -- defeated twice in a row
    # Ochimo (hero 7): "Ochimo gains +4 levels when defending Kozakura. He must be defeated
    # twice in a row before being discarded."
    ("FR/95", {Effect(K.GAIN_LEVELS, amount=4, condition=Condition(
        when=When.DEFENDING, at_realm=("Kozakura",))), Effect(K.DEFEAT_TWICE_CHAMPION)}),
    # -- "becomes a level N hero when fighting a ..."
    # Knights of the Rose (hero 6): "Becomes a level 10 hero when fighting a monster; immune to
    # offensive magical items." 10 - 6 = 4 against monsters.
    ("DL/106", {Effect(K.GAIN_LEVELS, amount=4, condition=Condition(vs_types=(10,))),
                Effect(K.IMMUNE_TO, card_types=(9,), mark="off")}),
    # Knights of the Sword (hero 4): "Becomes a level 9 hero when fighting a wizard; immune to
    # offensive wizard spells." 9 - 4 = 5 against wizards.
    ("DL/105", {Effect(K.GAIN_LEVELS, amount=5, condition=Condition(vs_types=(20,))),
                Effect(K.IMMUNE_TO, card_types=(19,), mark="off")}),
    # -- a weapon with a higher bonus in one case: the difference
    # Sun Sword (+2): "The sword becomes +5 if the opposing champion is undead." 5 - 2 = 3.
    ("RL/59", {Effect(K.GAIN_LEVELS, amount=3, condition=Condition(vs_attributes=(40,)))}),
    # Hammer of Kharas (artifact +5): "The hammer is +7 if wielded by a dwarf." 7 - 5 = 2.
    ("DL/55", {Effect(K.GAIN_LEVELS, amount=2, condition=Condition(self_attributes=(12,)))}),
    # Axe of Brotherhood (+2): "The axe is a +6 weapon if the Sword of Friendship is in play
    # anywhere." 6 - 2 = 4.
    ("DL/102", {Effect(K.GAIN_LEVELS, amount=4, condition=Condition(
        card_in_play=("Sword Of Friendship",)))}),
    # Takhisis's Mirror and Staff: "Plus 2 additional levels if attached to a monster."
    ("DL/111", {Effect(K.GAIN_LEVELS, amount=2, condition=Condition(self_types=(10,)))}),
    # -- defenders barred, walls
    # Ring of Human Influence (Off): "Heroes cannot defend against the attached champion."
    ("BR/30", {Effect(K.DEFENDERS_BARRED, card_types=(7,))}),
    # Ring of Jumping: "The attached champion is not stopped by walls."
    ("FR/54", {Effect(K.NEGATE_WALLS)}),
    # -- gains "if defending X", "if used to defend", "if X is in play"
    # Erixitl: "This champion gains +4 levels if defending Maztica."
    ("FR/85", {Effect(K.GAIN_LEVELS, amount=4, condition=Condition(
        when=When.DEFENDING, at_realm=("Maztica",)))}),
    # Samurai (ally +3): "Gains +4 if defending Shou Lung or Kozakura."
    ("FR/77", {Effect(K.GAIN_LEVELS, amount=4, condition=Condition(
        when=When.DEFENDING, at_realm=("Shou Lung", "Kozakura")))}),
    # Lord Gunthar, Solamnic Knight: "If used to defend a realm, Lord Gunthar gains 2 levels."
    ("DL/24", {Effect(K.GAIN_LEVELS, amount=2, condition=DEFENDING)}),
    # Fzoul Chembryl: "Fzoul gains +4 levels if Cyric is in play."
    ("FR/86", {Effect(K.GAIN_LEVELS, amount=4, condition=Condition(card_in_play=("Cyric",)))}),
    # -- doubled levels
    # Magnify (psionic power, Def/4): "Psionic power. Usable by psionicist champions. A
    # champion using this power doubles his level for the duration of this battle."
    ("PO/94", {Effect(K.DOUBLE_LEVEL)}),
    # Haste Spell (Def/4): "For one round, the champion's original level (printed on the card)
    # is doubled."
    ("DL/123", {Effect(K.DOUBLE_LEVEL)}),
    # Crystal Sphere: "Any psionicist champion defending the Crystal Sphere doubles his level."
    ("PO/101", {Effect(K.DOUBLE_LEVEL, condition=Condition(when=When.DEFENDING,
                                                           self_types=(12,)))}),
    # Tuarhievel: "Double the base level of any defending elves (champions and allies). Any
    # champion defending Tuarhievel can cast wizard spells and use blood abilities."
    ("BR/7", {Effect(K.DOUBLE_LEVEL, condition=Condition(when=When.DEFENDING,
                                                         self_attributes=(14,))),
              Effect(K.DOUBLE_ALLIES, attributes=(14,), condition=DEFENDING),
              Effect(K.MAY_USE, uses=("d19", "o19", "d3", "o3"), condition=DEFENDING)}),
    # -- one opposing ally or item
    # Brine Dragon (ally): "Swimmer. One enemy ally (this player's choice) is swallowed by the
    # brine dragon, instantly defeated."
    ("DL/45", {Effect(K.DESTROY_ALLIES, count=1)}),
    # Deathstream, Black Dragon: "Flyer, swimmer; can attack any realm that shows coastline on
    # the card. One opponent's magical item is discarded. Deathstream can cast wizard spells."
    ("AR/72", {Effect(K.DESTROY_ITEMS, count=1), Effect(K.MAY_USE, uses=("d19", "o19"))}),
    # -- an ally's bonus with a champion of a race; defenders and allies barred
    # Gully Dwarves (+2): "Become +5 if allied with any dwarf champion." 5 - 2 = 3.
    ("DL/41", {Effect(K.GAIN_LEVELS, amount=3, condition=Condition(self_attributes=(12,)))}),
    # The Sword and Helm of Garion (Off): "If the attached champion is attacking, only
    # psionicists, clerics, and heroes can defend against it." Barred: monsters (10), regents
    # (14), thieves (16), wizards (20).
    ("UD/121", {Effect(K.DEFENDERS_BARRED, card_types=(10, 14, 16, 20),
                       condition=Condition(when=When.ATTACKING))}),
    # Banishment (Off/3/4): "Psionic power. Usable by psionicist champions. No allies can be
    # played against a psionicist champion using this power."
    ("PO/96", {Effect(K.ALLIES_BARRED)}),
    # -- items only some champions may carry (usable_only_by)
    # Staff of Magius (artifact): "Usable only by wizards."
    ("DL/52", {Effect(K.USABLE_ONLY_BY, card_types=(20,))}),
    # Rod of Lordly Might (Off): "Can only be attached to heroes. This champion and attached
    # allies are considered flyers. Allies of level 5 and lower cannot be used against this
    # hero."
    ("BR/32", {Effect(K.USABLE_ONLY_BY, card_types=(7,)),
               Effect(K.GAIN_MOVEMENT, movement=("flyer",)), Effect(K.ALLIES_BARRED, amount=5)}),
    # Sirrion's Brooch (Def): "Usable only by clerics. Grants immunity from all offensive
    # spells, offensive magical items, and artifacts."
    ("PO/112", {Effect(K.USABLE_ONLY_BY, card_types=(5,)), Effect(K.IMMUNE_OFFENSIVE_SPELLS),
                Effect(K.IMMUNE_TO, card_types=(9,), mark="off"),
                # "offensive" reads on the whole list (audit 2: "all offensive spells and
                # magical items").
                Effect(K.IMMUNE_TO, card_types=(2,), mark="off")}),
    # Hammer of the Gods (4th Edition, Def): "Usable only by clerics, the attached champion is
    # immune to offensive cleric spells." (The 4th Edition's rule reads it first: carried_only_by,
    # the same for one type.)
    ("4th/184", {Effect(K.CARRIED_ONLY_BY, card_types=(5,)),
                 Effect(K.IMMUNE_TO, card_types=(4,), mark="off")}),
    # The Tomes of Spellfire (AD&D artifact): "Usable by champions of any world. [After a won
    # round: look at cards, not combat.]" An AD&D artifact fits any champion already.
    ("IQ/60", set()),
    # -- any time, cancels, holdings ignored, spells and items ignored, picks
    # Hornung's Guess (Off): "The might of Hornung is such that this spell can be cast at any
    # time. [This player can look at one other player's hand and discard one realm: not
    # combat.]"
    ("UD/37", {Effect(K.PLAY_ANY_TIME)}),
    # Synaptic Static (Off): "Use this power at any time to cancel an offensive psionic power
    # card when it is first played."
    ("DR/71", {Effect(K.PLAY_ANY_TIME), Effect(K.CANCEL_SPELL, card_types=(11,))}),
    # Ankhtepot: "Undead. Casts cleric spells. Ignores the effects of opposing holdings."
    ("RL/84", {Effect(K.MAY_USE, uses=("d4", "o4")), Effect(K.NEGATE_HOLDINGS)}),
    # Flint Fireforge (earthwalker 13): "Dwarf. Flint has the earth-walking ability, letting
    # him strike at any realm." The attribute carries it.
    ("DL/37", set()),
    # Antimagic Barrier (Def/4): "Champion can ignore all spells and magical items used by an
    # opponent for one round of battle."
    ("DL/68", {Effect(K.IMMUNE_TO, card_types=(19, 4)), Effect(K.IMMUNE_TO, card_types=(9,))}),
    # Arijani: "When attacking, picks which champion from his opponent's pool will face him."
    ("RL/89", {Effect(K.PICK_OPPONENT, condition=Condition(when=When.ATTACKING))}),
    # -- realms defending themselves, their defenders' immunities
    # Lake Island: "Can be attacked only by flyers or earthwalkers. Lake Island defends itself
    # as a level 5 monster."
    ("AR/97", {Effect(K.ONLY_ATTACKABLE_BY, movement=("flyer", "earthwalker")),
               Effect(K.DEFEND_AS, amount=5, champion_type=10)}),
    # Isle of the Ape: "Can defend itself as a level 9 monster. Cannot be attacked by heroes or
    # clerics. Defenders are immune to offensive spells and offensive psionic power cards."
    ("RR/1", {Effect(K.DEFEND_AS, amount=9, champion_type=10),
              Effect(K.NOT_ATTACKABLE_BY, card_types=(7, 5)),
              Effect(K.IMMUNE_OFFENSIVE_SPELLS, condition=DEFENDING),
              Effect(K.IMMUNE_TO, card_types=(11,), mark="off", condition=DEFENDING)}),
    # -- spells of monsters; an item's bonus against monsters
    # Knights of the Crown (hero 3): "Becomes a level 8 hero when fighting a monster; immune to
    # offensive spells cast by monsters."
    ("DL/104", {Effect(K.GAIN_LEVELS, amount=5, condition=Condition(vs_types=(10,))),
                Effect(K.IMMUNE_OFFENSIVE_SPELLS, condition=Condition(vs_types=(10,)))}),
    # Shield of Huma (Def): "Plus 2 additional levels when fighting a monster; immune to
    # offensive spells cast by monsters."
    ("DL/107", {Effect(K.GAIN_LEVELS, amount=2, condition=Condition(vs_types=(10,))),
                Effect(K.IMMUNE_OFFENSIVE_SPELLS, condition=Condition(vs_types=(10,)))}),
    # -- events cancelled by spells
    # Limited Wish (Off): "Cancel the effects of one event card. This spell can be cast any
    # time."
    ("FR/43", {Effect(K.CANCEL_EVENT), Effect(K.PLAY_ANY_TIME)}),
    # Intercession (Off): "Can be cast at any time. This spell cancels the effects of any
    # just-played event card."
    ("RR/48", {Effect(K.CANCEL_EVENT), Effect(K.PLAY_ANY_TIME)}),
    # -- champions: any spell, a lower level attacking, untouched by spells, a name in play
    # Dregoth, Undead Dragon-King (10): "Undead flyer. Can cast any spell. Immune to psionics
    # and offensive spells. If Dregoth attacks, his level drops to 6." 6 - 10 = -4.
    ("AR/74", {Effect(K.MAY_USE, uses=("d19", "o19", "d4", "o4")),
               Effect(K.IMMUNE_TO, card_types=(11,)), Effect(K.IMMUNE_OFFENSIVE_SPELLS),
               Effect(K.GAIN_LEVELS, amount=-4, condition=Condition(when=When.ATTACKING))}),
    # Adon: "No spells, magic items or artifacts can be used against this champion. If
    # Midnight is in play, Adon gains +5 levels."
    ("FR/84", {Effect(K.IMMUNE_TO, card_types=(19, 4)), Effect(K.IMMUNE_TO, card_types=(9,)),
               Effect(K.IMMUNE_TO, card_types=(2,)),
               Effect(K.GAIN_LEVELS, amount=5, condition=Condition(card_in_play=("Midnight",)))}),
    # Gith (monster): "Earth-walker. Psionicist; may use psionic power cards."
    ("PO/52", {Effect(K.MAY_USE, uses=("d11", "o11"))}),
    # -- artifacts that let a kind of champion use more
    # The Inverter (AD&D): "Usable by any wizard. This artifact enables wizards to use psionic
    # power cards."
    ("PO/104", {Effect(K.USABLE_ONLY_BY, card_types=(20,)),
                Effect(K.MAY_USE, uses=("d11", "o11"))}),
    # Bando's Whitestone (AD&D): "Usable by any psionicist champion. This artifact enables
    # psionicists to cast wizard spells."
    ("PO/107", {Effect(K.USABLE_ONLY_BY, card_types=(12,)),
                Effect(K.MAY_USE, uses=("d19", "o19"))}),
    # -- realms open to this player's champions; allies barred by a champion
    # UnderAthas: "This realm extends under opponent's Dark Sun realms, allowing them to be
    # attacked by this player's champions and allies, regardless of position or restrictions."
    ("UD/1", {Effect(K.REALMS_ATTACK_ANYWHERE, condition=Condition(realm_worlds=(4,)))}),
    # UnderCerilia: "Underdark. This realm extends under opponents' Birthright realms, ..."
    ("NS/8", {Effect(K.REALMS_ATTACK_ANYWHERE, condition=Condition(realm_worlds=(6,)))}),
    # UnderToril: "... under opponents' Forgotten Realms realms ..."
    ("UD/7", {Effect(K.REALMS_ATTACK_ANYWHERE, condition=Condition(realm_worlds=(1,)))}),
    # Oogly the Half-Orc: "Oogly is so ferocious he scares away all opposing allies of less
    # than +6 (+5 and lower allies cannot be played against him)."
    ("UD/119", {Effect(K.ALLIES_BARRED, amount=5)}),
    # -- harmful events
    # The Gorgon: "Awnshegh. Can use blood abilities and wizard spells. This creature is so
    # horrible that no allies can be played against him. Immune to harmful events."
    ("BR/64", {Effect(K.MAY_USE, uses=("d3", "o3", "d19", "o19")), Effect(K.ALLIES_BARRED),
               Effect(K.IMMUNE_HARMFUL_EVENTS)}),
    # The Marble Orb (Def): "If used by a monster, the attached champion is immune to harmful
    # events."
    ("UD/120", {Effect(K.IMMUNE_HARMFUL_EVENTS, condition=Condition(self_types=(10,)))}),
    # -- unarmed combat usable by any champion, cancelled, giving immunities
    # Evade (Def): "Usable by any champion. Play at any time to cancel the effects of an
    # unarmed combat card."
    ("DR/98", {Effect(K.USABLE_BY_ANY), Effect(K.PLAY_ANY_TIME),
               Effect(K.CANCEL_SPELL, card_types=(18,))}),
    # Block (Def/4): "Unarmed combat card; usable only by heroes. This maneuver counters any
    # just-played offensive unarmed combat card, negating its effect and sending it to the
    # discard pile."
    ("RR/99", {Effect(K.CANCEL_SPELL, card_types=(18,))}),
    # Magic Resistance (undead only, Def/3/4): "Usable only by any undead. Attached champion is
    # immune to offensive spells, magical items, artifacts, and blood abilities until the end
    # of this player's next turn."
    ("NS/98", {Effect(K.IMMUNE_OFFENSIVE_SPELLS), Effect(K.IMMUNE_TO, card_types=(9,), mark="off"),
               Effect(K.IMMUNE_TO, card_types=(2,), mark="off"),
               Effect(K.IMMUNE_TO, card_types=(3,), mark="off")}),
    # -- an item's earthwalking, a bonus lower when attacking, a spell against unarmed combat
    # Wyrm of Earthwalking (Def): "The attached champion and all allies have the earthwalking
    # ability, allowing them to attack any realm."
    ("FR/117", {Effect(K.GAIN_MOVEMENT, movement=("earthwalker",))}),
    # Hero's Chalice (+10): "Usable only by heroes, the attached champion gains 10 levels when
    # defending, but only 5 when attacking." 5 - 10 = -5 attacking.
    ("FR/109", {Effect(K.USABLE_ONLY_BY, card_types=(7,)),
                Effect(K.GAIN_LEVELS, amount=-5, condition=Condition(when=When.ATTACKING))}),
    # Stoneskin: "May be cast at any time to counter any just played unarmed combat card, and
    # makes the champion immune to unarmed combat cards for the duration of that combat round."
    ("IQ/71", {Effect(K.PLAY_ANY_TIME), Effect(K.CANCEL_SPELL, card_types=(18,)),
               Effect(K.IMMUNE_TO, card_types=(18,))}),
    # -- holdings of any world (any_holding), twice defeated with an artifact, swimming allies
    # Hell Furnaces: "The level of any dragon defending the Hell Furnaces is doubled. Any
    # holding can be attached to this realm."
    ("AR/89", {Effect(K.DOUBLE_LEVEL, condition=Condition(when=When.DEFENDING,
                                                          self_attributes=(8,))),
               Effect(K.ANY_HOLDING)}),  # read by the game's phase 2 since audit 4
    # Shining Lands: "The Shining Lands can be attacked only by flyers or earthwalkers. The
    # realm and its defending champions are immune to offensive spells. Any holding can be
    # attached to the Shining Lands."
    ("AR/87", {Effect(K.ONLY_ATTACKABLE_BY, movement=("flyer", "earthwalker")),
               Effect(K.IMMUNE_OFFENSIVE_SPELLS), Effect(K.ANY_HOLDING)}),
    # Shield of Huma (artifact): "The attached champion must be defeated twice when defending
    # before being discarded. Dragon champions lose 3 levels if attacking this champion."
    ("DL/53", {Effect(K.DEFEAT_TWICE_CHAMPION, condition=Condition(when=When.DEFENDING)),
               Effect(K.OPPONENT_LOSES, amount=3, condition=Condition(when=When.DEFENDING,
                                                                       vs_attributes=(8,)))}),
    # The Count of Müden: "Swimmer. Can use blood abilities and psionic power cards. [The Count
    # controls the most powerful navy in Cerilia: flavor.] All attached swimming allies of
    # this champion are doubled in level."
    ("BR/109", {Effect(K.MAY_USE, uses=("d3", "o3", "d11", "o11")),
                Effect(K.DOUBLE_ALLIES, attributes=(37,))}),
    # Axe of the Dwarvish Lords (AD&D, +3): "The Axe can be attached to any champion. In
    # addition to the listed bonus, the Axe also gives the attached champion a +8 ally in
    # combat."
    ("AR/2", {Effect(K.GAIN_LEVELS, amount=8)}),
    # Supernatural Strength (dragon- and undead-only, Off/4): "Usable only by any undead or
    # dragon champion. The base level of this champion is doubled until the end of this round
    # of combat."
    ("DU/78", {Effect(K.DOUBLE_LEVEL)}),
    # Symbol of Hopelessness (Off/4): "Ends the current battle immediately. All allies and
    # spells are discarded, and attacking champion may not attack again this battle."
    ("FR/36", {Effect(K.END_BATTLE)}),
    # Roc (ally): "Flyer. Flying allies cannot be played against the roc. The opponent must
    # discard any already in play."
    ("AR/41", {Effect(K.ALLIES_BARRED, attributes=(16,)),
               Effect(K.DESTROY_ALLIES, attributes=(16,))}),
    # Tomkin Dross: "Halfling. Can use blood abilities. Tomkin and his allies may attack any
    # realm in play, regardless of position or special power."
    ("BR/88", {Effect(K.MAY_USE, uses=("d3", "o3")), Effect(K.ATTACK_ANYWHERE)}),
    # Dragonlance (+3): "Usable only by heroes, the Dragonlance is +7 vs. dragon champions."
    ("DL/51", {Effect(K.USABLE_ONLY_BY, card_types=(7,)),
               Effect(K.GAIN_LEVELS, amount=4, condition=Condition(vs_attributes=(8,)))}),
    # Fiend (ally): "Flyer. Opposing clerics lose 3 levels against this ally."
    ("RL/76", {Effect(K.OPPONENT_LOSES, amount=3, condition=Condition(vs_types=(5,)))}),
    # Tighmaevril Sword (AD&D): "The attached champion can use blood abilities and instantly
    # defeats regent."
    ("BR/46", {Effect(K.MAY_USE, uses=("d3", "o3")),
               Effect(K.DESTROY_CHAMPION, condition=Condition(vs_types=(14,)))}),
    # -- opposing champions at half their printed level, rounded down
    # The Lamia: "Awnshegh. Immune to psionics. Can use blood abilities. Wizards and clerics
    # are at half their base level (rounded down) against the Lamia."
    ("BR/67", {Effect(K.IMMUNE_TO, card_types=(11,)), Effect(K.MAY_USE, uses=("d3", "o3")),
               Effect(K.HALVE_OPPOSING_BASE, condition=Condition(vs_types=(20,))),
               Effect(K.HALVE_OPPOSING_BASE, condition=Condition(vs_types=(5,)))}),
    # Nadia Vasily: "Can use blood abilities and cast cleric spells. Clerics facing Nadia are
    # at half their base level (rounded down)."
    ("BR/95", {Effect(K.MAY_USE, uses=("d3", "o3", "d4", "o4")),
               Effect(K.HALVE_OPPOSING_BASE, condition=Condition(vs_types=(5,)))}),
    # Aging (undead only, Off/4): "Usable only by any undead. Opponent's base level is halved
    # (rounded down)."
    ("NS/91", {Effect(K.HALVE_OPPOSING_BASE)}),
    # Takhisis's Mirror and Sword: "The opponent's unmodified level (printed on the card) is
    # halved and rounded down."
    ("DL/112", {Effect(K.HALVE_OPPOSING_BASE)}),
    # -- a bonus that is an ally, a champion's ally, two gains, a sword for two races
    # High Horn (holding +5): "The garrison of High Horn is a +5 ally."
    ("FR/21", set()),
    # Shades (+4, Def/4): "Casting this spell creates a +4 ally."
    ("RL/47", set()),
    # Conjure Grave Elemental (+8, Off/4): "Casting this spell creates a +8 ally for the
    # duration of the round."
    ("RL/35", set()),
    # Orcish Shaman: "Orc. Can cast wizard spells. This champion's Orc tribe counts as a
    # permanent +5 ally for this champion."
    ("IQ/18", {Effect(K.MAY_USE, uses=("d19", "o19")), Effect(K.GAIN_LEVELS, amount=5)}),
    # Prince Tristan: "Prince Tristan gains +5 levels against giants, and when defending the
    # Moonshaes."
    ("FR/96", {Effect(K.GAIN_LEVELS, amount=5, condition=Condition(vs_attributes=(17,))),
               Effect(K.GAIN_LEVELS, amount=5, condition=Condition(
                   when=When.DEFENDING, at_realm=("Moonshaes",)))}),
    # Kelda Auslawsen: "Kelda gains 5 levels against heroes and/or 3 levels if defending a
    # Birthright realm."
    ("NS/41", {Effect(K.GAIN_LEVELS, amount=5, condition=Condition(vs_types=(7,))),
               Effect(K.GAIN_LEVELS, amount=3, condition=Condition(
                   when=When.DEFENDING, realm_worlds=(6,)))}),
    # Sword of the Black Rose (+3, Off): "Only usable by monster champions. This sword becomes
    # a +7 weapon when used by an undead champion or werebeast."
    ("PO/8", {Effect(K.USABLE_ONLY_BY, card_types=(10,)),
              Effect(K.GAIN_LEVELS, amount=4, condition=Condition(self_attributes=(40, 45)))}),
    # The Underdark: "This realm extends under all opponent's realms that have attached
    # holdings, allowing the realms to be attacked by this player's champions and allies,
    # regardless of position or restrictions."
    ("UD/5", {Effect(K.REALMS_ATTACK_ANYWHERE, condition=Condition(realm_holding=True))}),
    # Pharaoh's Rest (holding): "The power of the ancients subtracts 3 levels from champions
    # attacking the attached realm."
    ("RL/20", {Effect(K.OPPONENT_LOSES, amount=3, condition=DEFENDING)}),
    # Sword of Sharpness (+3, Off): "This weapon easily pierces the strongest armor, instantly
    # defeating champions of base level 3 or less."
    ("DU/64", {Effect(K.DESTROY_CHAMPION, amount=3)}),
])
def test_booster_cards_compile_to_their_printed_powers(db: cf.Database, key: str,
                                                      effects: set[Effect]) -> None:
    got, power = compile_card(db.get(key))
    assert power is Power.MODELLED and set(got) == effects, (key, got)


@needs_data
@pytest.mark.parametrize("key", [
    # Dragonne (ally): "This ally can use unarmed combat cards usable only by dragons." An ally
    # plays no cards: its sentence is not modelled, nor is the card.
    "DR/82",
    # Verminaard the Dragonmaster: "... can use any dragon champion in play as an ally" (not
    # read); "He gains 4 levels if Tiamat or Takhisis is in play" is.
    "DR/42",
    # Dragon Mountain: "Infryana the Dragon's base level is doubled when defending this realm."
    "DR/2",
    # The Glacial Rift: "Defending giants gain 2 levels and are immune to offensive spells
    # and offensive magical items." Giants are allies too, whose own immunity the vocabulary
    # cannot give; the same for The Mist Caves' giants, Palanthas' dragons, Rauglothgor's
    # Lair's undead.
    "RR/14", "DR/14", "DR/8", "DR/1",
    # Hollow World: "... regardless of position or movement restrictions": the realms' powers
    # still hold (not the Underdark realms' "restrictions"); not read.
    "IQ/5",
    # Blackstaff Tower: "This holding counts as a +3 ally. No wizard spells may be played
    # against champions defending the attached realm, and defending wizards gain +3 levels."
    # The bar on wizard spells is not read.
    "FR/19",
    # The Mistmarsh: "Flyers cannot attack the attached realm, and defending swimmers return
    # to their pool if defeated. This holding can defend the attached realm as a level 5
    # monster." The swimmers' return is not read.
    "DR/13",
    # Mountain Giant: "Earth-walker. Reflects all psionic powers back to the projector." The
    # second sentence is a power (not flavor) the vocabulary lacks.
    "PO/62",
])
def test_neighbouring_booster_wordings_stay_unmodelled(db: cf.Database, key: str) -> None:
    assert compile_card(db.get(key))[1] is Power.UNMODELLED


@needs_data
def test_a_choice_of_two_names_in_play_names_both(db: cf.Database) -> None:
    # Verminaard: "He gains 4 levels if Tiamat or Takhisis is in play."
    got, _ = compile_card(db.get("DR/42"))
    assert Effect(K.GAIN_LEVELS, amount=4, condition=Condition(
        card_in_play=("Tiamat", "Takhisis"))) in got


@pytest.mark.parametrize("text, type_, level, effects", [
    ("Psionic power. Usable by psionicist champions.", CardType.PSIONIC_POWER, "+3", set()),
    # The same tag on a spell restates nothing: not read.
    ("Psionic power.", CardType.WIZARD_SPELL, "+3", None),
    ("Unarmed combat card; usable only by heroes.", CardType.UNARMED_COMBAT, "+2", set()),
    # Undead-only needs the record's undead-only attribute (41): a made-up record has none.
    ("Usable only by any undead.", CardType.UNARMED_COMBAT, "+2", None),
    ("Limit one avatar per pool.", CardType.HERO, "5", set()),
    ("Can attack any realm that shows coastline on the card.", CardType.HERO, "5", None),
    ("Can only be attacked by swimmers or flyers.", CardType.REALM, "",
     {Effect(K.ONLY_ATTACKABLE_BY, movement=("swimmer", "flyer"))}),
    ("Can only be attacked by swimmers or flyers.", CardType.HERO, "5", None),
    ("Dwarf champions and allies cannot attack this realm.", CardType.REALM, "",
     {Effect(K.NOT_ATTACKABLE_BY, attributes=(12,))}),
    ("Opposing allies of level 2 or less are immediately discarded.", CardType.CLERIC_SPELL,
     "", {Effect(K.DESTROY_ALLIES, amount=2)}),
    # On a champion (in the round from its start) the discard is not read.
    ("Opposing allies of level 2 or less are immediately discarded.", CardType.HERO, "5", None),
    ("All opposing allies lose 2 levels.", CardType.WIZARD_SPELL, "",
     {Effect(K.OPPOSING_ALLIES_LOSE, amount=2)}),
    ("Casts wizard spells.", CardType.MONSTER, "6", {Effect(K.MAY_USE, uses=("d19", "o19"))}),
    ("Tester must be defeated twice in a row before being discarded.", CardType.HERO, "5",
     {Effect(K.DEFEAT_TWICE_CHAMPION)}),
    ("Becomes a level 8 hero when fighting a dragon.", CardType.HERO, "5",
     {Effect(K.GAIN_LEVELS, amount=3, condition=Condition(vs_attributes=(8,)))}),
    ("Usable only by giants.", CardType.MAGICAL_ITEM, "+3",
     {Effect(K.USABLE_ONLY_BY, attributes=(17,))}),
    # On an unarmed combat card (played, not carried) or a champion: not read.
    ("Usable only by giants.", CardType.UNARMED_COMBAT, "+3", None),
    ("Can only be attached to a wizard.", CardType.HERO, "5", None),
    # An artifact of a world is not made to fit every champion by the sentence.
    ("Usable by champions of any world.", CardType.ARTIFACT, "+2", None),
    ("Tester has the earth-walking ability, letting him strike at any realm.", CardType.HERO,
     "5", {Effect(K.GAIN_MOVEMENT, movement=("earthwalker",))}),
    ("Ignores the effects of opposing holdings.", CardType.ARTIFACT, "+1", None),
    ("This realm extends under opponent's Greyhawk realms, allowing them to be attacked by "
     "this player's champions and allies, regardless of position or restrictions.",
     CardType.REALM, "", {Effect(K.REALMS_ATTACK_ANYWHERE,
                                 condition=Condition(realm_worlds=(2,)))}),
    ("This realm extends under opponent's Greyhawk realms, allowing them to be attacked by "
     "this player's champions and allies, regardless of position or restrictions.",
     CardType.HOLDING, "", None),
    ("Usable by any champion.", CardType.THIEF_ABILITY, "+1", {Effect(K.USABLE_BY_ANY)}),
    ("Usable by any champion.", CardType.WIZARD_SPELL, "+1", None),
    ("This holding can defend the attached realm as a level 4 hero.", CardType.HOLDING, "",
     {Effect(K.DEFEND_AS, amount=4, champion_type=7)}),
    # Not higher than its own level: not read.
    ("Becomes a level 4 hero when fighting a dragon.", CardType.HERO, "5", None),
    ("The blade is +6 if wielded by a hero.", CardType.MAGICAL_ITEM, "+2",
     {Effect(K.GAIN_LEVELS, amount=4, condition=Condition(self_types=(7,)))}),
    ("Wizards cannot defend against the attached champion.", CardType.ARTIFACT, "+1",
     {Effect(K.DEFENDERS_BARRED, card_types=(20,))}),
    ("Tester gains +3 levels if attacking Waterdeep.", CardType.HERO, "5",
     {Effect(K.GAIN_LEVELS, amount=3, condition=Condition(when=When.ATTACKING,
                                                           at_realm=("Waterdeep",)))}),
    ("Tester gains 2 levels if Old Friend is in play.", CardType.HERO, "5",
     {Effect(K.GAIN_LEVELS, amount=2, condition=Condition(card_in_play=("Old Friend",)))}),
    # "No other X": a negation, not a name.
    ("Tester gains 2 levels if no other Tester is in play.", CardType.HERO, "5", None),
])
def test_made_up_booster_phrases(text: str, type_: CardType, level: str,
                                 effects: set[Effect] | None) -> None:
    got, power = compile_card(record(text, type_=type_, level=level))
    if effects is None:
        assert power is Power.UNMODELLED, got
        return
    assert power in (Power.MODELLED, Power.NONE) and set(got) == effects, got


@needs_data
@pytest.mark.parametrize("key", [
    "MI/40",  # Magic Font: "... (Off 3)": played outside combat only
    "MI/86",  # Control Weather: the same mark, "(Def 3)" style
    "CH/28",  # Know What You Are Hiding!!!: "(Off 3)"
])
def test_a_mark_without_a_slash_still_names_its_phases(db: cf.Database, key: str) -> None:
    # The community sets write "(Off 3)" for "(Off/3)": a spell of phase 3 only never acts in
    # a battle (RULES.md §1: the digits after the mark are the phases it may be played in).
    assert compile_card(db.get(key)) == ((), Power.NONE)


def test_parse_mark_reads_digits_with_or_without_a_slash() -> None:
    assert parse_mark("Lasts until dispelled. (Off 3/4)") == (Mark.OFF, (3, 4))
    assert parse_mark("(Def 3)") == (Mark.DEF, (3,))
    assert parse_mark("(Off/4)") == (Mark.OFF, (4,))
    assert parse_mark("(Def)") == (Mark.DEF, ())


@pytest.mark.parametrize("text, type_, effects", [
    ("Tester is immune to offensive thief skills and unarmed combat cards.", CardType.HERO,
     {Effect(K.IMMUNE_TO, card_types=(17,), mark="off"),
      Effect(K.IMMUNE_TO, card_types=(18,), mark="off")}),
    ("This champion is immune to psionic power cards.", CardType.WIZARD,
     {Effect(K.IMMUNE_TO, card_types=(11,))}),
    ("The attached champion is a flyer and is immune to offensive spells.", CardType.ARTIFACT,
     {Effect(K.GAIN_MOVEMENT, movement=("flyer",)), Effect(K.IMMUNE_OFFENSIVE_SPELLS)}),
    # An ally's own immunity: not read (the vocabulary makes champions immune). A realm's is
    # its defenders', as "Immune to offensive spells." on a realm reads (audit 2 reads blood
    # abilities in immunity lists).
    ("Immune to offensive blood abilities.", CardType.ALLY, None),
    ("If used by a wizard, the attached champion is immune to harmful events.",
     CardType.MAGICAL_ITEM, {Effect(K.IMMUNE_HARMFUL_EVENTS,
                                    condition=Condition(self_types=(20,)))}),
    ("If used by a wizard, Tester is immune to harmful events.", CardType.HERO, None),
    # Someone else named: not read.
    ("Rary is immune to thief skills.", CardType.HERO, None),
])
def test_immunities_in_the_booster_words(text: str, type_: CardType,
                                         effects: set[Effect] | None) -> None:
    level = "+2" if type_ in (CardType.ARTIFACT, CardType.ALLY) else "" if \
        type_ is CardType.REALM else "5"
    got, power = compile_card(record(text, type_=type_, level=level))
    if effects is None:
        assert power is Power.UNMODELLED, got
        return
    assert power is Power.MODELLED and set(got) == effects, got


@needs_data
@pytest.mark.parametrize("key", [
    "BR/118",  # Taxation: how many cards each player draws
    "FR/125",  # Zhentarim Intrigue: a card drawn when a Forgotten Realms realm is razed
    "RL/30",   # City States: a holding counted as a realm for victory
    "PO/118",  # The Ultimate Rule: no new rule card
    "PO/119",  # Cosmic Intervention: cancels The Ultimate Rule, at the start of a turn
    "PO/68",   # Wheel of Fate: draws and discards at the start of turns, the deck reshuffled
])
def test_rule_cards_that_change_nothing_in_a_battle_have_no_power(db: cf.Database,
                                                                  key: str) -> None:
    # "Played at the beginning of the player's turn, this card is not discarded. It affects
    # all players and remains in effect until any other rule card is played." and the rest
    # outside every battle: no combat power.
    assert compile_card(db.get(key)) == ((), Power.NONE), key


@needs_data
@pytest.mark.parametrize("key", [
    "DL/119",  # Tower of High Sorcery: "All wizards gain 4 levels." (both players' wizards)
    "DR/100",  # The Battle Must Go On!: "It is immune to spells and events." (the rule card)
    "AR/33",   # Dark Lords: defeated Ravenloft champions return to their pools
])
def test_rule_cards_with_a_say_in_battles_stay_unmodelled(db: cf.Database, key: str) -> None:
    assert compile_card(db.get(key))[1] is Power.UNMODELLED, key


def test_the_rule_frame_on_another_card_type_is_not_read() -> None:
    text = ("Played at the beginning of the player's turn, this card is not discarded. No new "
            "rule card can be played.")
    assert compile_card(record(text, type_=CardType.RULE, level=""))[1] is Power.NONE
    assert compile_card(record(text, type_=CardType.EVENT, level=""))[1] is Power.UNMODELLED
