"""The 4th Edition (issue 13): the phrase rules of the compiler's 4th Edition section, on the real
cards (CrossFire data, skipped without it) and on made-up phrases of our own wording (so that the
rules are tested on a fresh machine too).

The effects expected are read off the printed text by hand (quoted, in part, beside each card).
"""

from __future__ import annotations

import pytest
from combatzoo.envs.spellfire.cards import crossfire as cf
from combatzoo.envs.spellfire.cards.cards import CardType, Power
from combatzoo.envs.spellfire.cards.compiler import compile_card
from combatzoo.envs.spellfire.cards.effects import Condition, Effect, EffectKind, When

from .test_compiler import CROSSFIRE, needs_data, record

ALLY = (int(CardType.ALLY),)
"""``card_types`` of an effect for the side's allies ("allies become flyers")."""

K = EffectKind
DEF = Condition(when=When.DEFENDING)
ATT = Condition(when=When.ATTACKING)
OFF_PSIONIC = Effect(K.IMMUNE_TO, card_types=(11,), mark="off")


@pytest.fixture(scope="module")
def db() -> cf.Database:
    return cf.read_database(CROSSFIRE)


@needs_data
@pytest.mark.parametrize("key, effects", [
    # --- escape ---
    # Blink: "... escapes to the player's pool, but the round is still lost."
    ("4th/373", {Effect(K.ESCAPE)}),
    # Sanctuary: "... loses the round of battle but is not discarded; it returns to the pool"
    ("4th/398", {Effect(K.LOSE_ROUND), Effect(K.ESCAPE)}),
    # Minerva: "Flyer. Minerva has Danger Sense. If she is about to lose a battle, she can
    # retreat back to her pool, though the battle is still lost."
    ("4th/333", {Effect(K.ESCAPE)}),
    # Mystic Passage: "Play if about to lose a round of combat. You escape ..., returning to
    # your pool defeated but not discarded."
    ("4th/517", {Effect(K.ESCAPE)}),
    # Fleeing Adventurers: "If defeated by a psionicist or regent, this champion can flee ..."
    ("4th/359", {Effect(K.ESCAPE, condition=Condition(vs_types=(12, 14)))}),
    # Winged Boots: "becomes a flyer. If he is defeated in battle by a nonflying champion, he
    # can retreat ... to his pool"
    ("4th/186", {Effect(K.GAIN_MOVEMENT, movement=("flyer",)),
                 Effect(K.ESCAPE, condition=Condition(vs_not_attributes=(16,)))}),
    # The Mistmoor (realm): "allowing a defeated defender to escape back to his pool"
    ("4th/44", {Effect(K.ESCAPE, condition=DEF)}),
    # --- spells barred ---
    # Power Word, Silence: "The opposing champion cannot cast spells for this round of combat."
    ("4th/380", {Effect(K.SPELLS_BARRED)}),
    # Choke Hold: "Usable only by heroes [a hero unarmed combat card]. An opposing spellcaster
    # cannot cast spells for this round of combat."
    ("4th/436", {Effect(K.SPELLS_BARRED)}),
    # --- immunities ---
    # Elminster the Mage: "immune to offensive spells and offensive psionic power cards."
    ("4th/271", {Effect(K.IMMUNE_OFFENSIVE_SPELLS), OFF_PSIONIC}),
    # Bride of Malice: "immune to psionic attack and offensive unarmed combat cards. She can use
    # blood abilities and unarmed combat cards usable by dragons."
    ("4th/357", {OFF_PSIONIC, Effect(K.IMMUNE_TO, card_types=(18,), mark="off"),
                 Effect(K.MAY_USE, uses=("d3", "o3", "d101", "o101"))}),
    # Kalid-na: "can use psionic power cards and is immune to psionic attack. While he is in
    # play, the realm Ancient Kalidnay may not be played [not combat]."
    ("4th/279", {Effect(K.MAY_USE, uses=("d11", "o11")), OFF_PSIONIC}),
    # Resistance: "immune to offensive magical items until the end of this round of battle."
    ("4th/445", {Effect(K.IMMUNE_TO, card_types=(9,), mark="off")}),
    # --- carried_only_by, immune_to_slaying ---
    # The Harp of Kings: "Usable only by regents, ... immune to cards that instantly kill
    # regents."
    ("4th/194", {Effect(K.CARRIED_ONLY_BY, card_types=(14,)),
                 Effect(K.IMMUNE_TO_SLAYING, card_types=(14,))}),
    # Pan's Pipes: "Usable only by monsters, ... kill monsters, flyers, or swimmers."
    ("4th/190", {Effect(K.CARRIED_ONLY_BY, card_types=(10,)),
                 Effect(K.IMMUNE_TO_SLAYING, card_types=(10,), attributes=(16, 37))}),
    # Lyre of Arvanaith: "Usable only by elves (including drow), ... kill elves or drow."
    ("4th/193", {Effect(K.CARRIED_ONLY_BY, attributes=(14, 10)),
                 Effect(K.IMMUNE_TO_SLAYING, attributes=(14, 10))}),
    # The Leviathan Horn: giants (an attribute, 17).
    ("4th/195", {Effect(K.CARRIED_ONLY_BY, attributes=(17,)),
                 Effect(K.IMMUNE_TO_SLAYING, attributes=(17,))}),
    # Hammer of the Gods: "Usable only by clerics, ... immune to offensive cleric spells."
    ("4th/184", {Effect(K.CARRIED_ONLY_BY, card_types=(5,)),
                 Effect(K.IMMUNE_TO, card_types=(4,), mark="off")}),
    # --- gains, doubling ---
    # Neeva: "Flyer. If defending a Dark Sun realm, Neeva's base level is doubled."
    ("4th/261", {Effect(K.DOUBLE_LEVEL, condition=Condition(when=When.DEFENDING,
                                                             realm_worlds=(4,)))}),
    # Fire Giant: "gains an additional 4 levels when fighting swimming champions."
    ("4th/310", {Effect(K.GAIN_LEVELS, amount=4, condition=Condition(vs_attributes=(37,)))}),
    # Mallin Dimmerswill: "Dwarf. ... gains 3 levels against all Underdark monsters and can use
    # hero unarmed combat cards."
    ("4th/317", {Effect(K.GAIN_LEVELS, amount=3, condition=Condition(vs_types=(10,),
                                                                     vs_attributes=(42,))),
                 Effect(K.MAY_USE, uses=("d18", "o18"))}),
    # Eye and Hand of Vecna (+5/+2): "gains 5 levels when attacking, but only 2 levels when
    # defending": the +5 icon, less 3 when defending.
    ("4th/453", {Effect(K.GAIN_LEVELS, amount=-3, condition=DEF)}),
    # Beala: "Dwarf (mul). ... she doubles her base level whenever in battle with them
    # [undead]."
    ("4th/332", {Effect(K.DOUBLE_LEVEL, condition=Condition(vs_attributes=(40,)))}),
    # Adon: "immune to offensive spells, offensive magical items, and artifacts. If Midnight is
    # in play, Adon gains 5 levels."
    ("4th/282", {Effect(K.IMMUNE_OFFENSIVE_SPELLS),
                 Effect(K.IMMUNE_TO, card_types=(9,), mark="off"),
                 Effect(K.IMMUNE_TO, card_types=(2,), mark="off"),
                 Effect(K.GAIN_LEVELS, amount=5, condition=Condition(card_in_play=("Midnight",)))}),
    # Isika: "those played with her gain 2 levels and those played against her lose 2 levels."
    ("4th/325", {Effect(K.ALLIES_GAIN, amount=2), Effect(K.OPPOSING_ALLIES_LOSE, amount=2)}),
    # --- allies barred ---
    # Net of Entrapment: "This champion's opponent cannot play allies. Any already in play are
    # discarded."
    ("4th/169", {Effect(K.ALLIES_BARRED), Effect(K.DESTROY_ALLIES)}),
    # Formorian Giant: "no allies can be played in combat against him."
    ("4th/309", {Effect(K.ALLIES_BARRED)}),
    # The Harpy: "can cast wizard spells. No flying allies can be played against this champion."
    ("4th/344", {Effect(K.MAY_USE, uses=("d19", "o19")),
                 Effect(K.ALLIES_BARRED, attributes=(16,))}),
    # Trident of Fish Command: "becomes a swimmer, and swimming allies cannot be played against
    # him."
    ("4th/206", {Effect(K.GAIN_MOVEMENT, movement=("swimmer",)),
                 Effect(K.ALLIES_BARRED, attributes=(37,))}),
    # --- others ---
    # Dagger of Venom: "Win or lose, the opposing champion is discarded at the end of a round of
    # combat with the attached champion. Undead champions are immune to this power."
    ("4th/202", {Effect(K.DISCARD_AFTER_ROUND, condition=Condition(vs_not_attributes=(40,)))}),
    # Dispel: "cancel the effects of an existing or just-cast spell, blood ability, or psionic
    # power card."
    ("4th/400", {Effect(K.PLAY_ANY_TIME), Effect(K.CANCEL_SPELL, card_types=(19, 4, 3, 11))}),
    # Treasure: "All monster are bribed to desert; discard all monsters in battle or pools."
    ("4th/130", {Effect(K.DESTROY_ALL, card_types=(10,))}),
    # Menzoberranzan: "Menzoberranzan can be played at any time. The realm is immune to flyers."
    ("4th/1", {Effect(K.PLAY_ANY_TIME), Effect(K.NOT_ATTACKABLE_BY, movement=("flyer",))}),
    # Tyr: "Tyr's player draws one extra card per turn [the whole game's phase 1: extra_draw].
    # This realm can defend itself as a level 5 hero."
    ("4th/28", {Effect(K.EXTRA_DRAW, amount=1), Effect(K.DEFEND_AS, amount=5, champion_type=7)}),
    # Stonefist Hold: "Any hero defending Stonefist Hold gains 4 levels. This realm may be razed
    # to prevent another player from gaining an extra turn [not combat]."
    ("4th/24", {Effect(K.GAIN_LEVELS, amount=4, condition=Condition(when=When.DEFENDING,
                                                                    self_types=(7,)))}),
    # Annam (avatar): "A giant of level 14 or higher must be discarded ... At the start of this
    # player's turn, Annam can discard one card at random ... [not combat]."
    ("4th/480", {Effect(K.AVATAR_COST, count=1, amount=14, attributes=(17,))}),
    # --- batch 2 ---
    # The Iron Legion: "instills fear in all opposing heroes, reducing their base level to 0"
    ("4th/209", {Effect(K.ZERO_OPPOSING_LEVEL, condition=Condition(vs_types=(7,)))}),
    # Skeletal Lord: "Undead. ... all opposing champions (except clerics) ..."
    ("4th/217", {Effect(K.ZERO_OPPOSING_LEVEL, condition=Condition(
        vs_types=(7, 10, 12, 14, 16, 20)))}),
    # Ruins of Zhentil Keep: "can be attacked only by clerics. It can defend itself as a level
    # 5 monster."
    ("4th/2", {Effect(K.NOT_ATTACKABLE_BY, card_types=(7, 10, 12, 14, 16, 20)),
               Effect(K.DEFEND_AS, amount=5, champion_type=10)}),
    # Clerics of Malar: "gains 2 levels when attacking realms outside the Forgotten Realms.
    # They can use unarmed combat cards usable by heroes."
    ("4th/281", {Effect(K.GAIN_LEVELS, amount=2, condition=Condition(
        when=When.ATTACKING, realm_not_worlds=(1,))), Effect(K.MAY_USE, uses=("d18", "o18"))}),
    # Black Waters: "No werecreature or monster can attack any realm in this player's formation."
    ("4th/98", {Effect(K.REALMS_NOT_ATTACKABLE_BY, card_types=(10,), attributes=(45,))}),
    # Fortification: Bulwark: "Allies defending any Greyhawk realm by this player each gain 3"
    ("4th/88", {Effect(K.REALMS_ALLIES_GAIN, amount=3, condition=Condition(
        when=When.DEFENDING, realm_worlds=(2,)))}),
    # Minervan: "Flyer. Minervan's Flesh Armor power adds 4 to his base level when attacking
    # or defending."
    ("4th/342", {Effect(K.GAIN_LEVELS, amount=4)}),
    # The Harpers: "can cast either wizard or cleric spells, but ... must choose which type"
    ("4th/254", {Effect(K.MAY_USE, uses=("d19", "o19", "d4", "o4")),
                 Effect(K.ONE_SPELL_TYPE)}),
    # Estwilde: "Flyers, swimmers, and earthwalkers who defend this realm are immune to
    # offensive spells."
    ("4th/56", {Effect(K.IMMUNE_OFFENSIVE_SPELLS, condition=Condition(
        when=When.DEFENDING, self_attributes=(16, 37, 13)))}),
    # Milborne: "defenders are immune to offensive spells, and swimming defenders are doubled"
    ("4th/66", {Effect(K.IMMUNE_OFFENSIVE_SPELLS, condition=DEF),
                Effect(K.DOUBLE_LEVEL, condition=Condition(when=When.DEFENDING,
                                                           self_attributes=(37,)))}),
    # Lhespenbog: "reducing all attacking champions and allies to half their base levels
    # (rounded up)"
    ("4th/80", {Effect(K.HALVE_OPPOSING, condition=DEF)}),
    # The Isle of Beacon Point: "Champions defending this realm can use any card types"
    ("4th/67", {Effect(K.MAY_USE, uses=("d3", "o3", "d4", "o4", "d11", "o11", "d17", "o17",
                                        "d18", "o18", "d19", "o19"), condition=DEF)}),
    # Realm of the White Witch: "Monsters and wizards gain 3 levels when defending this realm.
    # This player's champions are immune to the phase 0 special powers of realms [not combat]."
    ("4th/40", {Effect(K.GAIN_LEVELS, amount=3, condition=Condition(when=When.DEFENDING,
                                                                    self_types=(10, 20)))}),
    # --- the adventurers (with_own_champions) ---
    # Photed: "Orc; adventurer. When Photed is in a pool with one or more other adventurers,
    # each adventurer gains 1 to his base level."
    ("4th/289", {Effect(K.GAIN_LEVELS, amount=1, condition=Condition(
        self_attributes=(1,), with_own_champions=(1, 1)))}),
    # Sharla: "... three or more other adventurers, ... immune to offensive wizard spells."
    ("4th/290", {Effect(K.IMMUNE_TO, card_types=(19,), mark="off", condition=Condition(
        self_attributes=(1,), with_own_champions=(1, 3)))}),
    # Migrane: "... three or more adventurers, ... immune to offensive cleric spells."
    ("4th/291", {Effect(K.IMMUNE_TO, card_types=(4,), mark="off", condition=Condition(
        self_attributes=(1,), with_own_champions=(1, 3)))}),
    # Vitralis: "... two or more other adventurers, each adventurer gains a +3 ally ..."
    ("4th/292", {Effect(K.GAIN_LEVELS, amount=3, condition=Condition(
        self_attributes=(1,), with_own_champions=(1, 2)))}),
    # Larn: "... all phase 4 spells cast by an adventurer are doubled in level."
    ("4th/293", {Effect(K.DOUBLE_CARD_BONUS, card_types=(19, 4), condition=Condition(
        self_attributes=(1,), with_own_champions=(1, 2)))}),
    # Shayla: "... four or more adventurers, all adventurers in that pool are immune to
    # offensive magical items."
    ("4th/295", {Effect(K.IMMUNE_TO, card_types=(9,), mark="off", condition=Condition(
        self_attributes=(1,), with_own_champions=(1, 4)))}),
    # Ssilcroth: "... allies cannot be used to defend against an attack by this player's
    # adventurers."
    ("4th/296", {Effect(K.ALLIES_BARRED, condition=Condition(
        when=When.ATTACKING, self_attributes=(1,), with_own_champions=(1, 4)))}),
    # --- events_barred, allies_stay, gain_per_own_cards, cancel_event ---
    # Marilith, Tanar'ri: "The opposing player cannot play any events for the rest of this
    # round of battle, including Calm."
    ("4th/242", {Effect(K.EVENTS_BARRED)}),
    # Fortification: Rampart: "This player's allies, whether attacking or defending, cannot be
    # forced to switch sides for any reason."
    ("4th/82", {Effect(K.ALLIES_STAY)}),
    # Skeletal Minion: "Undead. This ally and any other undead allies played with it cannot be
    # forced to switch sides."
    ("4th/218", {Effect(K.ALLIES_STAY, attributes=(40,))}),
    # Cyclops: "Giant. The cyclops gains 2 levels for each magical item attached to him."
    ("4th/307", {Effect(K.GAIN_PER_OWN_CARDS, amount=2, card_types=(9,))}),
    # Limited Wish: "This spell can be cast at any time to negate the effect of any event card."
    ("4th/382", {Effect(K.PLAY_ANY_TIME), Effect(K.CANCEL_EVENT)}),
    # --- self_levels, vs_levels ---
    # Magic Missile (+3): "increases to +5 if cast by a level 7 or 8 champion or to +9 if cast
    # by a champion of level 9 or higher."
    ("4th/365", {Effect(K.GAIN_LEVELS, amount=2, condition=Condition(self_levels=(7, 8))),
                 Effect(K.GAIN_LEVELS, amount=6, condition=Condition(self_levels=(9, 0)))}),
    # Sticks to Snakes (+4): "Increases to +6 if cast by a level 7 or 8 champion, and increases
    # to +8 if cast by a level 9 or higher champion."
    ("4th/397", {Effect(K.GAIN_LEVELS, amount=2, condition=Condition(self_levels=(7, 8))),
                 Effect(K.GAIN_LEVELS, amount=4, condition=Condition(self_levels=(9, 0)))}),
    # Armor: "by 1 if cast by a champion level 5 or less; by 3 if level 6-9; or by 5 if level
    # 10+."
    ("4th/396", {Effect(K.GAIN_LEVELS, amount=1, condition=Condition(self_levels=(0, 5))),
                 Effect(K.GAIN_LEVELS, amount=3, condition=Condition(self_levels=(6, 9))),
                 Effect(K.GAIN_LEVELS, amount=5, condition=Condition(self_levels=(10, 0)))}),
    # Holy Avenger (+7): "+10 vs. any champion with a base level of 8 or higher."
    ("4th/207", {Effect(K.GAIN_LEVELS, amount=3, condition=Condition(vs_levels=(8, 0)))}),
    # Damara: "Doubles the level of a defending Forgotten Realms champion as he is sent
    # forward; cards subsequently played are not doubled."
    ("4th/6", {Effect(K.DOUBLE_LEVEL, condition=Condition(when=When.DEFENDING,
                                                           self_worlds=(1,)))}),
    # Clay Golem: "rips away allies from the opposing champion, who must discard any already
    # played. The ally continues to rip away any more played."
    ("4th/247", {Effect(K.DESTROY_ALLIES)}),
    # Arden Glimrock: "drow allies are instantly killed, and drow champions return to their
    # pools, defeated."
    ("4th/318", {Effect(K.DESTROY_ALLIES, attributes=(10,)),
                 Effect(K.WIN_ROUND, condition=Condition(vs_attributes=(10,))),
                 Effect(K.OPPONENT_ESCAPES, condition=Condition(vs_attributes=(10,)))}),
    # Malleyahl: "gains 3 levels when defending an Underdark realm and can use offensive
    # psionic power cards."
    ("4th/322", {Effect(K.GAIN_LEVELS, amount=3, condition=Condition(
        when=When.DEFENDING, realm_attributes=(42,))), Effect(K.MAY_USE, uses=("o11",))}),
    # Mindwipe: "cannot cast any spells or use psionic power cards for the rest of this round"
    ("4th/432", {Effect(K.SPELLS_BARRED), Effect(K.CARDS_BARRED, card_types=(11,))}),
    # Body Weaponry: "Discards any unarmed combat cards in play and prevents further unarmed
    # combat cards from being used this round."
    ("4th/429", {Effect(K.DESTROY_ALL, card_types=(18,)), Effect(K.NO_CARDS, card_types=(18,))}),
    # Axe of the Dwarvish Lords (AD&D, +3): "can be attached to any champion [restated]. ...
    # also gives the attached champion a +8 ally."
    ("4th/457", {Effect(K.GAIN_LEVELS, amount=8)}),
    # Stug ("Elf."), Malaruat ("Elf (drow)."): a third player's part (none in two-player).
    ("4th/226", set()),
    ("4th/323", set()),
    # Orb of Power: "Offensive spells, offensive magical items, and harmful events have no
    # effect against the attached champion."
    ("4th/170", {Effect(K.IMMUNE_OFFENSIVE_SPELLS), Effect(K.IMMUNE_TO, card_types=(9,),
                                                           mark="off"),
                 Effect(K.IMMUNE_HARMFUL_EVENTS)}),
    # Wand of Orcus (AD&D): "can be attached to any undead monster champion. ... against an
    # opposing champion of level 8 or less, the opponent is instantly slain (discarded)."
    ("4th/456", {Effect(K.CARRIED_ONLY_BY, card_types=(10,), attributes=(40,)),
                 Effect(K.DESTROY_CHAMPION, amount=8)}),
    # Winged Horror: "Dragon; undead; flyer. Any magical item weapons attached to the Horror
    # are doubled in level. This monster can use unarmed combat cards usable by dragons."
    ("4th/266", {Effect(K.DOUBLE_CARD_BONUS, card_types=(9,), attributes=(44,)),
                 Effect(K.MAY_USE, uses=("d101", "o101"))}),
    # Tyrol: "can be played at any time to negate an offensive unarmed combat card. He gains 2
    # levels if played with a regent."
    ("4th/215", {Effect(K.PLAY_ANY_TIME), Effect(K.CANCEL_SPELL, card_types=(18,), mark="off"),
                 Effect(K.GAIN_LEVELS, amount=2, condition=Condition(self_types=(14,)))}),
    # Roper: "Underdark. Only offensive spells and magical items that have the word "fire" in
    # their title have any effect on this monster. It is immune to psionic attack."
    ("4th/321", {Effect(K.IMMUNE_EXCEPT_NAMED, card_types=(19, 4, 9), mark="off",
                        names=("fire",)), OFF_PSIONIC}),
    # --- allies gain a movement (gain_movement for the ally type) ---
    # Tyrinon: "Flyer. Tyrinon's allies all become flyers. They are strengthened by his
    # presence, and each gains 2 levels." (each ally: before this work, read as Tyrinon's gain)
    ("4th/258", {Effect(K.GAIN_MOVEMENT, movement=("flyer",), card_types=ALLY),
                 Effect(K.ALLIES_GAIN, amount=2)}),
    # Sysania: "confers the ability to fly on all allies played with her. She can use unarmed
    # combat cards usable by dragons."
    ("4th/283", {Effect(K.GAIN_MOVEMENT, movement=("flyer",), card_types=ALLY),
                 Effect(K.MAY_USE, uses=("d101", "o101"))}),
    # Ting Ling: "can use blood abilities. He confers the power to fly on his allies ..."
    ("4th/354", {Effect(K.GAIN_MOVEMENT, movement=("flyer",), card_types=ALLY),
                 Effect(K.MAY_USE, uses=("d3", "o3"))}),
    # Merik: "can cast cleric spells. He can pass through the earth at will, allowing him and
    # his allies to earthwalk."
    ("4th/335", {Effect(K.GAIN_MOVEMENT, movement=("earthwalker",)),
                 Effect(K.GAIN_MOVEMENT, movement=("earthwalker",), card_types=ALLY),
                 Effect(K.MAY_USE, uses=("d4", "o4"))}),
    # Wind Walk: "The champion and his allies are considered flyers for this round of battle."
    ("4th/399", {Effect(K.GAIN_MOVEMENT, movement=("flyer",)),
                 Effect(K.GAIN_MOVEMENT, movement=("flyer",), card_types=ALLY)}),
    # Flight: "This player's champions and allies put forward in battle become flyers for this
    # turn."
    ("4th/361", {Effect(K.GAIN_MOVEMENT, movement=("flyer",)),
                 Effect(K.GAIN_MOVEMENT, movement=("flyer",), card_types=ALLY)}),
    # Gauntlets of Swimming: "The attached champion and its allies become swimmers that can
    # attack any realm with a coastline, regardless of its position."
    ("4th/178", {Effect(K.GAIN_MOVEMENT, movement=("swimmer",)),
                 Effect(K.GAIN_MOVEMENT, movement=("swimmer",), card_types=ALLY)}),
    # Flesh Golem: "rips away magical items from the opposing champion, who must discard all
    # attached magical items. The ally continues to rip away any more played."
    ("4th/235", {Effect(K.DESTROY_ITEMS), Effect(K.CARDS_BARRED, card_types=(9,))}),
    # Charm Aura: "All opposing allies of +5 or less are forced to switch sides. Allies played
    # after this blood ability are unaffected."
    ("4th/447", {Effect(K.STEAL_ALLY, amount=5)}),
    # Pearl: "Pearl can bless all allies played with her or her sisters, Amber and Aquamarina,
    # giving each ally a +2 bonus." Amber: "... all magical items held by her or her sisters,
    # Pearl and Aquamarina, giving each item a +2 bonus."
    ("4th/304", {Effect(K.ALLIES_GAIN, amount=2, condition=Condition(
        self_names=("Pearl", "Amber", "Aquamarina")))}),
    ("4th/305", {Effect(K.GAIN_PER_OWN_CARDS, amount=2, card_types=(9,), condition=Condition(
        self_names=("Amber", "Pearl", "Aquamarina")))}),
    # The Death Ship: "Undead; swimmer. This inanimate object is the home of evil spirits [no
    # game term: flavor]. Only swimming allies may be played against this champion."
    ("4th/355", {Effect(K.ALLIES_ONLY, attributes=(37,))}),
    # Fortification: Barricade: "The base level of all champions and allies attacking the
    # attached realm is halved (rounded down)."
    ("4th/89", {Effect(K.HALVE_OPPOSING, mark="down", condition=DEF)}),
    # Night Runners: "Elves." and what happens after the battle (not combat).
    ("4th/229", set()),
    # Silt Stalkers: "Elves. If on the losing side of a battle, all magical items in play are
    # shuffled back into their respective draw piles." (issue 13, after2: test_after_round.py)
    ("4th/228", {Effect(K.ITEMS_SHUFFLED_BACK)}),
])
def test_fourth_edition_phrasings(db: cf.Database, key: str, effects: set[Effect]) -> None:
    got, power = compile_card(db.get(key))
    assert power is Power.MODELLED and set(got) == effects, (key, got)


@needs_data
@pytest.mark.parametrize("key", [
    "4th/490",  # Nobody Wins! (rule card): a guess at the start of the turn
    "4th/495",  # Circle of Life (rule card): the game's end, reshuffles, the Abyss
    "4th/498",  # The Backwaters (rule card): razed realms at the end of the turn
    "4th/12",   # The Vilhon Reach: after it is razed, a razed realm elsewhere discarded
    "4th/69",   # Dancing Hut of Baba Yaga: at the beginning of the turn; holdings stay
    "4th/76",   # Mithral Hall: after a successful defense, search the draw pile
    # (4th/97 Silver Spring acts after the round that razes its realm since issue 13, after2:
    # tests/spellfire/game/test_after_round.py)
    "4th/106",  # Taeghan Outfitters: during phase 3
    "4th/168",  # Ghost Crystal: during phase 3
    "4th/234",  # Shaqat Beetles: after a defeat; "no limit per deck"
    # (4th/454, Cup of Al'Akbar, is modelled since issue 13, first_c: cup_return,
    # tests/spellfire/game/test_first_edition_turns.py)
    # (4th/455, The Ring of Winter, is modelled since c4th5b: opponents_draw_fewer,
    # test_fourth_edition_reprinted_game.py)
    "4th/83",   # Fortification: Bastion: immune to spells cast in phase 3 (outside combat)
    "4th/138",  # Temporal Stasis: turns
    "4th/185",  # Gauntlets of Golem Strength: holdings discarded after a won attack
    "4th/104",  # Sarimie's Temple of Fortune: phase 3 spells (outside combat)
    # A third player (none in a two-player game):
    "4th/105",  # Boeruine Trading Guild: "help from a player outside the combat"
    "4th/107",  # Straits of Aerele Shipping: "during a battle he is not involved in"
    "4th/111",  # Barter: "barter with a player outside the combat"
])
def test_fourth_edition_cards_with_nothing_for_combat(db: cf.Database, key: str) -> None:
    got, power = compile_card(db.get(key))
    assert power is Power.NONE and got == (), key


@needs_data
@pytest.mark.parametrize("key", [
    "AR/33",    # Dark Lords (rule card): a defeated champion returns to the pool later
    "DL/119",   # Tower of High Sorcery (rule card): "All wizards gain 4 levels" (no rule card
                # acts in a battle: the engine applies none)
    # (4th/492, Time of Troubles, is modelled since c4th4: combat_level_cap and rule_world_gain
    # read off the rule card in play, test_fourth_edition_fourth_compiler.py)
    # (4th/487, Midnight: "all champions that use wizard spells must ask her ..." is read since
    # c4th3c, spell_veto of the wizard spells: test_fourth_edition_third_c_compiler.py)
    # (Scimitar of Speed, "the item's level rises to 6", is modelled since c4th3b.)
])
def test_neighbouring_wordings_stay_unmodelled(db: cf.Database, key: str) -> None:
    assert compile_card(db.get(key))[1] is Power.UNMODELLED, key


@pytest.mark.parametrize("text, type_, effects", [
    ("Usable only by wizards, the attached champion is immune to cards that instantly kill "
     "undead or dragons.", CardType.MAGICAL_ITEM,
     {Effect(K.CARRIED_ONLY_BY, card_types=(20,)),
      Effect(K.IMMUNE_TO_SLAYING, attributes=(40, 8))}),
    ("Usable only by wizards, the attached champion is immune to cards that instantly kill "
     "wizards.", CardType.ARTIFACT, None),  # an item's power only (a magical item)
    ("If defeated by a monster, this champion can flee back to its pool rather than being "
     "discarded.", CardType.HERO, {Effect(K.ESCAPE, condition=Condition(vs_types=(10,)))}),
    ("If defeated by a flyer, this champion can flee back to its pool rather than being "
     "discarded.", CardType.HERO, None),  # "a flyer": read by the champion's movement, not here
    ("If defending a Greyhawk realm, Tester's base level is doubled.", CardType.HERO,
     {Effect(K.DOUBLE_LEVEL, condition=Condition(when=When.DEFENDING, realm_worlds=(2,)))}),
    ("This hero gains an additional 2 levels when fighting undead champions.", CardType.HERO,
     {Effect(K.GAIN_LEVELS, amount=2, condition=Condition(vs_attributes=(40,)))}),
    ("If Old Friend is in play, Tester gains 2 levels.", CardType.HERO,
     {Effect(K.GAIN_LEVELS, amount=2, condition=Condition(card_in_play=("Old Friend",)))}),
    # "all allies" on a champion: its side's allies, as "All allies gain 2 levels." reads.
    ("If Old Friend is in play, all allies gains 2 levels.", CardType.HERO,
     {Effect(K.ALLIES_GAIN, amount=2, condition=Condition(card_in_play=("Old Friend",)))}),
    ("Tester can be played at any time.", CardType.HERO, {Effect(K.PLAY_ANY_TIME)}),
    ("Someone Else can be played at any time.", CardType.HERO, None),
    ("The attached champion gains 4 levels when attacking, but only 2 levels when defending.",
     CardType.ARTIFACT, {Effect(K.GAIN_LEVELS, amount=4, condition=ATT),
                         Effect(K.GAIN_LEVELS, amount=2, condition=DEF)}),
    ("The opposing champion cannot cast spells for this round of combat.", CardType.WIZARD_SPELL,
     {Effect(K.SPELLS_BARRED)}),
    ("This wizard is immune to offensive wizard spells and offensive magical items.",
     CardType.WIZARD, {Effect(K.IMMUNE_TO, card_types=(19,), mark="off"),
                       Effect(K.IMMUNE_TO, card_types=(9,), mark="off")}),
    ("No swimming allies can be played against this champion.", CardType.HERO,
     {Effect(K.ALLIES_BARRED, attributes=(37,))}),
    # A type, not a movement: every other champion type is barred (formerly a near miss).
    ("The Tester can be attacked only by clerics.", CardType.REALM,
     {Effect(K.NOT_ATTACKABLE_BY, card_types=(7, 10, 12, 14, 16, 20))}),
    ("The Tester can be attacked only by clerics.", CardType.HERO, None),
    ("This player's allies, whether attacking or defending, cannot be forced to switch sides "
     "for any reason.", CardType.HERO, None),  # a holding's power only
    ("The giant gains 1 level for each artifact attached to him.", CardType.MONSTER,
     {Effect(K.GAIN_PER_OWN_CARDS, amount=1, card_types=(2,))}),
    # A Forgotten Realms artifact (the record's world, 1) is not "any champion's" by itself.
    ("The Sceptre can be attached to any champion.", CardType.ARTIFACT, None),
    # "The attacker receives no spoils" is not combat only beside a third player's power.
    ("The attacker receives no spoils.", CardType.HOLDING, None),
    ("Usable only by heroes.", CardType.UNARMED_COMBAT, set()),
    ("Usable only by dragons.", CardType.UNARMED_COMBAT, None),  # no dragon attribute (9)
])
def test_made_up_phrases(text: str, type_: CardType, effects: set[Effect] | None) -> None:
    level = "+1" if type_ in (CardType.ARTIFACT, CardType.MAGICAL_ITEM) else (
        "" if type_ in (CardType.WIZARD_SPELL, CardType.UNARMED_COMBAT) else "5")
    got, power = compile_card(record(text, type_=type_, level=level))
    if effects is None:
        assert power is Power.UNMODELLED
        return
    if not effects:
        assert power is Power.MODELLED and got == ()
        return
    assert power is Power.MODELLED and set(got) == effects


def test_with_own_champions_counts_the_others_and_round_trips() -> None:
    cond = Condition(self_attributes=(1,), with_own_champions=(1, 2))
    assert Condition.from_json(cond.to_json()) == cond
    assert cond.reads == {"self_attributes", "own_champions"}
    adventurer, other = frozenset({1, 14}), frozenset({14})
    # The card itself and two other adventurers: three with the attribute.
    assert cond.holds(attacking=True, self_attributes=(1,),
                      own_champions=(adventurer, adventurer, adventurer))
    assert not cond.holds(attacking=True, self_attributes=(1,),
                          own_champions=(adventurer, adventurer, other))
    assert not cond.holds(attacking=True, self_attributes=(1,))  # not known: it fails


def test_level_ranges_hold_only_for_a_known_level_in_range() -> None:
    cond = Condition(self_levels=(7, 8), vs_levels=(8, 0))
    assert Condition.from_json(cond.to_json()) == cond
    assert cond.reads == {"self_level", "vs_level"}
    assert cond.holds(attacking=True, self_level=7, vs_level=8)
    assert cond.holds(attacking=True, self_level=8, vs_level=20)
    for mine, theirs in ((6, 8), (9, 8), (7, 7), (None, 8), (7, None)):
        assert not cond.holds(attacking=True, self_level=mine, vs_level=theirs), (mine, theirs)
    # Ranges that do not meet are not read ("7 or 8", then "10 or higher").
    assert compile_card(record("The level bonus increases to +5 if cast by a level 7 or 8 "
                               "champion or to +9 if cast by a champion of level 10 or higher.",
                               type_=CardType.WIZARD_SPELL, level="+3"))[1] is Power.UNMODELLED


def test_realm_attributes_hold_for_the_realm_fought_over() -> None:
    cond = Condition(when=When.DEFENDING, realm_attributes=(42,))
    assert Condition.from_json(cond.to_json()) == cond
    assert cond.reads == {"attacking", "realm_attributes"}
    assert cond.holds(attacking=False, realm_attributes=(31, 42))
    assert not cond.holds(attacking=False, realm_attributes=(31,))
    assert not cond.holds(attacking=False)


def test_self_names_match_a_name_beginning_with_a_whole_word() -> None:
    cond = Condition(self_names=("Amber",))
    assert Condition.from_json(cond.to_json()) == cond
    assert cond.reads == {"self_name"}
    assert cond.holds(attacking=True, self_name="Amber")
    assert not cond.holds(attacking=True, self_name="Ambergris")
    assert not cond.holds(attacking=True)
