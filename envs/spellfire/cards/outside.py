"""The phrases of powers acting outside battles (issue 13, outside): card text to the kinds the
whole game applies in phase 3 (``game/outside.py``).

:func:`read_outside` reads a card whose every sentence is one of these phrases (or restates
what another one says), for an event or for a spell (or psionic power...) whose mark lists phase
3. Anything else is left to the battle's compiler (``compiler.py``), which reads such sentences
as "not combat". A card read here is modelled: the whole game plays it in phase 3.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .cards import CardType
from .effects import Condition, Effect, EffectKind

K = EffectKind
NUM = r"(one|two|three|four|five|six|\d+)"
_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}
_UNDEAD = 40
"""The CrossFire attribute id of undead (RULES.md §1 "Card data")."""

Reader = Callable[[re.Match[str]], tuple[Effect, ...]]
_PHRASES: list[tuple[re.Pattern[str], Reader]] = []


def _phrase(pattern: str) -> Callable[[Reader], Reader]:
    def deco(fn: Reader) -> Reader:
        _PHRASES.append((re.compile(pattern), fn))
        return fn
    return deco


def _n(word: str) -> int:
    return _NUMBERS[word] if word in _NUMBERS else int(word)


@_phrase(r"(?:the player of this (?:card|event)|this player) draws " + NUM +
         r" cards(?: immediately)?")
def _draws(m: re.Match[str]) -> tuple[Effect, ...]:
    # Good Fortune, Hurricane!
    return (Effect(K.DRAW_NOW, amount=_n(m.group(1))),)


@_phrase(r"all players draw " + NUM + r" cards")
def _all_draw(m: re.Match[str]) -> tuple[Effect, ...]:
    # Treasure Fleet
    return (Effect(K.DRAW_NOW, amount=_n(m.group(1)), mark="all"),)


@_phrase(r"all players must discard their hands immediately and draw " + NUM + r" cards")
def _new_hands(m: re.Match[str]) -> tuple[Effect, ...]:
    # Transformation!
    return (Effect(K.NEW_HANDS, amount=_n(m.group(1))),)


@_phrase(r"the sunray kills all undead in one player's pool")
def _sunray(m: re.Match[str]) -> tuple[Effect, ...]:
    return (Effect(K.KILL_IN_POOL, attributes=(_UNDEAD,)),)


@_phrase(r"no attacks are allowed against any player until the caster's next turn")
def _wall_of_fog(m: re.Match[str]) -> tuple[Effect, ...]:
    return (Effect(K.TRUCE_NOW),)


@_phrase(r"no player can play a realm or rebuild a realm until this player's next turn")
def _map_of_life(m: re.Match[str]) -> tuple[Effect, ...]:
    return (Effect(K.NO_REALM_PLAYS),)


@_phrase(r"destroy'?s one realm, regardless of position")
def _disintegrate(m: re.Match[str]) -> tuple[Effect, ...]:
    return (Effect(K.DESTROY_REALM),)


@_phrase(r"the destroyed realm must be discarded")
def _restated_discard(m: re.Match[str]) -> tuple[Effect, ...]:
    # Disintegrate: what ``destroy_realm`` already does.
    return ()


@_phrase(r"this player can make no attacks this turn")
def _no_attack(m: re.Match[str]) -> tuple[Effect, ...]:
    return (Effect(K.NO_ATTACK_THIS_TURN),)


@_phrase(r"any one defeated champion can be selected from the player's discard pile and "
         r"placed back in his hand")
def _raise_dead(m: re.Match[str]) -> tuple[Effect, ...]:
    return (Effect(K.RAISE_DEAD),)


@_phrase(r"all champions killed in the last battle are restored to the players' pools")
def _silver_hands(m: re.Match[str]) -> tuple[Effect, ...]:
    return (Effect(K.RESTORE_KILLED),)


@_phrase(r"play only after a battle is completely resolved")
def _after_a_battle(m: re.Match[str]) -> tuple[Effect, ...]:
    # Silver Hands: ``restore_killed`` is playable only with a battle resolved before it
    # (``game/outside._acts``): what this sentence says.
    return ()


@_phrase(r"every player can immediately rebuild one razed realm")
def _safe_harbor(m: re.Match[str]) -> tuple[Effect, ...]:
    return (Effect(K.REBUILD_EACH),)


@_phrase(r"all players must discard one champion from their pool")
def _enslaved(m: re.Match[str]) -> tuple[Effect, ...]:
    return (Effect(K.EACH_DISCARDS_CHAMPION),)


@_phrase(r"the affected champion can neither attack nor defend until after the owner's next "
         r"turn")
def _geas(m: re.Match[str]) -> tuple[Effect, ...]:
    return (Effect(K.BENCH_CHAMPION),)


# --- More phrases: events and phase-3 spells of the 1st-3rd Editions (issue 13, out1) --------
# Their kinds act in ``game/outside_more.py``; each phrase names the cards it reads.


@_phrase(r"all players draw " + NUM + r" cards face up")
def _all_draw_face_up(m: re.Match[str]) -> tuple[Effect, ...]:
    # Storm at Sea (3rd): a draw as Treasure Fleet's; the cards are seen (not modelled: the
    # game keeps no record of which cards in a hand were shown).
    return (Effect(K.DRAW_NOW, amount=_n(m.group(1)), mark="all"),)


@_phrase(r"any realms drawn must be discarded immediately")
def _storm_at_sea(m: re.Match[str]) -> tuple[Effect, ...]:
    return (Effect(K.DISCARD_DRAWN_REALMS),)


@_phrase(r"all other cards are kept in the hand")
def _restated_storm(m: re.Match[str]) -> tuple[Effect, ...]:
    return ()  # Storm at Sea: what ``draw_now`` does with them


@_phrase(r"all players must discard one realm from their front rank")
def _siege(m: re.Match[str]) -> tuple[Effect, ...]:
    return (Effect(K.EACH_DISCARDS_FRONT_REALM),)


@_phrase(r"the next realm played must go into the front position")
def _restated_siege(m: re.Match[str]) -> tuple[Effect, ...]:
    # Siege: a realm always goes into the first empty slot, A to F (``turn.play_realm``), and
    # the front one is the first empty after ``each_discards_front_realm``.
    return ()


@_phrase(r"all players must discard one realm, either from their hand or from the table")
def _barbarian_raiders(m: re.Match[str]) -> tuple[Effect, ...]:
    return (Effect(K.EACH_DISCARDS_REALM),)


@_phrase(r"all creatures fear the dragon rage")
def _dragon_rage_words(m: re.Match[str]) -> tuple[Effect, ...]:
    return ()  # Dragon Rage!: flavour, the next sentence says what it does


@_phrase(r"every player must discard one champion from his hand or pool")
def _dragon_rage(m: re.Match[str]) -> tuple[Effect, ...]:
    return (Effect(K.EACH_DISCARDS_ANY_CHAMPION),)


@_phrase(r"the user can examine all other player's hands and discard one card from each")
def _discovery_of_spellfire(m: re.Match[str]) -> tuple[Effect, ...]:
    return (Effect(K.DISCARD_FROM_HANDS, count=1),)


@_phrase(r"this spell places a realm and any attached holding in the abyss")
def _estate_transference(m: re.Match[str]) -> tuple[Effect, ...]:
    return (Effect(K.REALM_TO_ABYSS),)


@_phrase(r"if spell-turned or reflected, the caster of this spell is placed in the abyss")
def _if_turned(m: re.Match[str]) -> tuple[Effect, ...]:
    # Estate Transference: [decided] no card turns or reflects a spell played in phase 3 (the
    # game asks no player to answer a card played outside battles), so this never happens.
    return ()


@_phrase(r"limit one per deck")
def _limit_one_per_deck(m: re.Match[str]) -> tuple[Effect, ...]:
    # A deck-building rule (Estate Transference): nothing in play.
    return ()


# --- The 1st Edition's turn powers (issue 13, first_c: game/between.py) -----------------------


@_phrase(r"play only between two player's turns")
def _between_turns(m: re.Match[str]) -> tuple[Effect, ...]:
    # The Caravan (1st/319, 3rd/319, 4th/131): when ``extra_turn`` is played (game/between.py).
    return ()


@_phrase(r"the player of this event can take a turn immediately")
def _caravan(m: re.Match[str]) -> tuple[Effect, ...]:
    return (Effect(K.EXTRA_TURN),)


@_phrase(r"afterward, play (?:resumes|continues) where it left off")
def _restated_caravan(m: re.Match[str]) -> tuple[Effect, ...]:
    # The Caravan: the turn that was due follows the extra one (what ``extra_turn`` does).
    return ()


_PLAYED = (CardType.EVENT, CardType.WIZARD_SPELL, CardType.CLERIC_SPELL, CardType.PSIONIC_POWER,
           CardType.BLOOD_ABILITY, CardType.THIEF_ABILITY, CardType.UNARMED_COMBAT)
"""The card types played from the hand whose power may act outside battles."""


def read_outside(card_type: CardType, phases: tuple[int, ...],
                 sentences: list[str]) -> tuple[Effect, ...] | None:
    """The effects of a card whose every (cleaned, lower-case) sentence is a phrase of this
    module, in the order printed; ``None`` when one is not, or the card is not an event or a
    card played in phase 3 (its mark's digits)."""
    if card_type not in _PLAYED or (card_type != CardType.EVENT and 3 not in phases):
        return None
    if card_type == CardType.EVENT and phases and 3 not in phases:
        return None
    out: list[Effect] = []
    for s in sentences:
        found = next((fn(m) for p, fn in _PHRASES if (m := p.fullmatch(s))), None)
        if found is None:
            return None
        out += [e for e in found if e not in out]
    return tuple(out) if out else None


# --- 4th Edition and the booster sets (issue 13, out4th: game/outside_4th.py) ---------------
# New wordings of the kinds above, then the kinds added for these cards. Each phrase names
# the cards it reads (checked over the CrossFire data: it matches no other card's sentence).

_SPELLS = (int(CardType.WIZARD_SPELL), int(CardType.CLERIC_SPELL))
_ITEMS = (int(CardType.MAGICAL_ITEM), int(CardType.ARTIFACT))
_ELF = 14
"""The CrossFire attribute id of elves."""


@_phrase(r"all players must discard their hands immediately and draw " + NUM + r" new cards")
def _new_hands_4th(m: re.Match[str]) -> tuple[Effect, ...]:
    # Transformation! (4th/125)
    return (Effect(K.NEW_HANDS, amount=_n(m.group(1))),)


@_phrase(r"no attacks are allowed against any player until this player's next turn")
def _wall_of_fog_4th(m: re.Match[str]) -> tuple[Effect, ...]:
    # Wall of Fog (4th/371)
    return (Effect(K.TRUCE_NOW),)


@_phrase(r"any one defeated champion can be selected from this player's discard pile and "
         r"placed back in his hand")
def _raise_dead_4th(m: re.Match[str]) -> tuple[Effect, ...]:
    # Raise Dead (4th/401)
    return (Effect(K.RAISE_DEAD),)


@_phrase(r"cannot be used in a deck containing [a-z' ]+ \(\d+/\w+\)")
def _deck_rule(m: re.Match[str]) -> tuple[Effect, ...]:
    # Psionic Disintegration (DU/73): a rule of deck building, not of play.
    return ()


@_phrase(r"all other players must discard " + NUM + r" cards?")
def _others_discard(m: re.Match[str]) -> tuple[Effect, ...]:
    # Hurricane! (4th/140)
    return (Effect(K.OTHERS_DISCARD, amount=_n(m.group(1))),)


@_phrase(r"any one player \(including the event player\) is forced to reshuffle his discards "
         r"into his draw pile")
def _provocation(m: re.Match[str]) -> tuple[Effect, ...]:
    return (Effect(K.RESHUFFLE_DISCARDS),)


@_phrase(r"all elves in all discard piles are brought back to life")
def _elven_rebirth(m: re.Match[str]) -> tuple[Effect, ...]:
    return (Effect(K.DISCARDS_BACK, attributes=(_ELF,), mark="all"),)


@_phrase(r"they are added back to their draw pile, which is reshuffled")
def _restated_rebirth(m: re.Match[str]) -> tuple[Effect, ...]:
    # Elven Rebirth: what ``discards_back`` already does.
    return ()


@_phrase(r"all spells in this player's discard pile are returned to his deck and reshuffled")
def _recall(m: re.Match[str]) -> tuple[Effect, ...]:
    # Recall (DL/74)
    return (Effect(K.DISCARDS_BACK, card_types=_SPELLS),)


@_phrase(r"prevents all champions in one player's pool from attacking or defending until "
         r"after that player's next turn")
def _enthrall(m: re.Match[str]) -> tuple[Effect, ...]:
    return (Effect(K.BENCH_POOL),)


@_phrase(r"(?:attach to|cast on) any enemy champion in a pool; (?:that champion|that card|he) "
         r"cannot attack or defend until the (?:fear|dance) is dispelled")
def _fear(m: re.Match[str]) -> tuple[Effect, ...]:
    # Fear (4th/372, NO/348), Otto's Irresistible Dance (BR/61)
    return (Effect(K.BENCH_FOR_GOOD),)


@_phrase(r"immediately razes one realm with no holding")
def _creeping_doom(m: re.Match[str]) -> tuple[Effect, ...]:
    # Creeping Doom (4th/402, FR/28)
    return (Effect(K.RAZE_BARE_REALM),)


@_phrase(r"one razed realm \(this player's choice\) is discarded")
def _dissolution(m: re.Match[str]) -> tuple[Effect, ...]:
    # Dissolution (DU/104)
    return (Effect(K.DISCARD_RAZED_REALM),)


@_phrase(r"forces any one champion in a pool to the abyss \(champion is removed from game\)")
def _abyssal_gateway(m: re.Match[str]) -> tuple[Effect, ...]:
    # Takhisis's Abyssal Gateway (DL/113)
    return (Effect(K.CHAMPION_TO_ABYSS),)


@_phrase(r"this spell can be cast to place one champion from any player's discard pile to the "
         r"abyss")
def _ward_of_sleep(m: re.Match[str]) -> tuple[Effect, ...]:
    return (Effect(K.DISCARD_TO_ABYSS),)


@_phrase(r"allows this player to search his draw pile for any magical item or artifact and "
         r"place it on the top of his draw pile")
def _locate_object(m: re.Match[str]) -> tuple[Effect, ...]:
    return (Effect(K.ITEM_TO_TOP, card_types=_ITEMS),)


@_phrase(r"one razed realm is rebuilt by a champion from the player's pool; the champion is "
         r"discarded")
def _labor_of_legend(m: re.Match[str]) -> tuple[Effect, ...]:
    # Labor of Legend (4th/122, NO/108)
    return (Effect(K.REBUILD_BY_CHAMPION),)


@_phrase(r"this player may examine one other player's hand and discard it down to " + NUM +
         r" cards")
def _cold_cup(m: re.Match[str]) -> tuple[Effect, ...]:
    # Cold Cup of Calamity (FR/102)
    return (Effect(K.HAND_DOWN_TO, amount=_n(m.group(1))),)


@_phrase(r"player may retrieve any champion or ally from his discard pile and return to his "
         r"hand")
def _heal(m: re.Match[str]) -> tuple[Effect, ...]:
    # Heal (RL/45)
    return (Effect(K.RETRIEVE_CARD),)


@_phrase(r"destroy one magical item or artifact in any player's pool")
def _transmute(m: re.Match[str]) -> tuple[Effect, ...]:
    # Transmute Metal to Wood (BR/54)
    return (Effect(K.DESTROY_POOL_ITEM),)


@_phrase(r"take any " + NUM + r" cards from an opponent's discard pile and place them on top "
         r"of his draw pile")
def _deja_vu(m: re.Match[str]) -> tuple[Effect, ...]:
    # Deja Vu (AR/100)
    return (Effect(K.STACK_OPPONENT_DRAW, count=_n(m.group(1)), mark="discard"),)


@_phrase(r"examine another player's draw pile and place " + NUM + r" cards of your choice on "
         r"the top")
def _espionage(m: re.Match[str]) -> tuple[Effect, ...]:
    # Espionage! (BR/18)
    return (Effect(K.STACK_OPPONENT_DRAW, count=_n(m.group(1))),)


@_phrase(r"look at the top " + NUM + r" cards of your draw pile and arrange the cards in any "
         r"order")
def _rengarth_oracle(m: re.Match[str]) -> tuple[Effect, ...]:
    return (Effect(K.ARRANGE_TOP, count=_n(m.group(1))),)


@_phrase(r"when finished, send this card to the abyss")
def _oracle_to_abyss(m: re.Match[str]) -> tuple[Effect, ...]:
    # Rengarth Oracle: the card leaves for the Abyss once the pile is arranged.
    return (Effect(K.SELF_TO_ABYSS),)


@_phrase(r"one champion of base level " + NUM + r" or higher is discarded")
def _death_field(m: re.Match[str]) -> tuple[Effect, ...]:
    # Death Field (DU/81)
    return (Effect(K.DISCARD_CHAMPION_OVER, amount=_n(m.group(1))),)


@_phrase(r"destroys all magical items and artifacts in one pool unless the affected player can "
         r"draw a card with a last digit of " + NUM + r" or less \(drawn card is discarded\)")
def _disjunction(m: re.Match[str]) -> tuple[Effect, ...]:
    # Mordenkainen's Disjunction (RR/46)
    return (Effect(K.POOL_ITEMS_UNLESS_DIGIT, amount=_n(m.group(1))),)


@_phrase(r"the cleansing power of the fire allows this player to remove any card currently "
         r"attached to any champion, regardless of special powers")
def _sacred_flame(m: re.Match[str]) -> tuple[Effect, ...]:
    # Sacred Flame (MI/37)
    return (Effect(K.DESTROY_POOL_ITEM, mark="any"),)


@_phrase(r"fairy madness affects one champion \(not currently in battle\)")
def _fairy_madness(m: re.Match[str]) -> tuple[Effect, ...]:
    # Fairy Madness (NO/186): the target, a pool champion; the next sentence says what.
    return ()


@_phrase(r"that champion is turned face down and cannot be used until after its next turn")
def _face_down(m: re.Match[str]) -> tuple[Effect, ...]:
    # Fairy Madness: as Geas, until after its owner's next turn.
    return (Effect(K.BENCH_CHAMPION),)


@_phrase(r"kills all champions of level " + NUM + r" or less in one (?:player's )?pool and "
         r"prevents survivors from attacking until after that player's next turn")
def _death_fog(m: re.Match[str]) -> tuple[Effect, ...]:
    # Death Fog (4th/376, NO/391; the 1st Edition's 391), Breath of Death (UD/63)
    return (Effect(K.KILL_IN_POOL, amount=_n(m.group(1))), Effect(K.BAR_POOL_ATTACKS))


@_phrase(r"discards one champion of adjusted level " + NUM + r" or less in one pool")
def _drain_will(m: re.Match[str]) -> tuple[Effect, ...]:
    # Drain Will (DU/75)
    return (Effect(K.DISCARD_ONE_IN_POOL, amount=_n(m.group(1))),)


@_phrase(r"no champions in that pool may attack until after that player's next turn")
def _drain_will_bar(m: re.Match[str]) -> tuple[Effect, ...]:
    # Drain Will: Death Fog's bar on the pool.
    return (Effect(K.BAR_POOL_ATTACKS),)


@_phrase(r"cast only by level (\d+)\+ champions")
def _cast_only_by_level(m: re.Match[str]) -> tuple[Effect, ...]:
    # Breath of Death (UD/63)
    return (Effect(K.CAST_ONLY_BY, amount=int(m.group(1))),)


@_phrase(r"castable only by dragons, this spell destroys any one holding in play")
def _firetrail(m: re.Match[str]) -> tuple[Effect, ...]:
    # Firetrail (DR/50); dragon: attribute 8
    return (Effect(K.CAST_ONLY_BY, attributes=(8,)), Effect(K.DISCARD_HOLDING))


@_phrase(r"castable only by dragonlance champions")
def _dragonlance_only(m: re.Match[str]) -> tuple[Effect, ...]:
    # Spectral Dragon (DU/93); Dragonlance: world 5
    return (Effect(K.CAST_ONLY_BY, condition=Condition(self_worlds=(5,))),)


@_phrase(r"this spell creates a monstrous illusory dragon that sweeps through all opposing "
         r"player's pools, sending all champions of base level " + NUM + r" or less to the "
         r"discard pile")
def _spectral_dragon(m: re.Match[str]) -> tuple[Effect, ...]:
    return (Effect(K.KILL_OPPOSING_POOL, amount=_n(m.group(1))),)


@_phrase(r"cast only on an? (hero|wizard|cleric|monster|thief)")
def _target_only(m: re.Match[str]) -> tuple[Effect, ...]:
    # Maximillian's Earthen Grasp (UD/39): "cast only on a hero"
    kind = {"hero": CardType.HERO, "wizard": CardType.WIZARD, "cleric": CardType.CLERIC,
            "monster": CardType.MONSTER, "thief": CardType.THIEF}[m.group(1)]
    return (Effect(K.TARGET_ONLY, card_types=(int(kind),)),)


@_phrase(r"the affected champion cannot attack or defend until the end of its owner's next "
         r"turn")
def _earthen_grasp(m: re.Match[str]) -> tuple[Effect, ...]:
    # Maximillian's Earthen Grasp (UD/39): Geas's kind
    return (Effect(K.BENCH_CHAMPION),)


# --- 4th Edition reprinted in Artifacts / Forgotten Realms (issue 13, c4th5b) -----------------


@_phrase(r"each player must draw and discard a card, (?:noting the last digit of the card "
         r"number|checking the last digit of its number)")
def _black_bess(m: re.Match[str]) -> tuple[Effect, ...]:
    # Black Bess (4th/135, FR/2): the next sentence says what the digit does.
    return (Effect(K.EACH_DIGIT_DISCARDS_CHAMPIONS),)


@_phrase(r"discard all (?:the player's )?champions in play whose (?:base|unadjusted) level is "
         r"greater than this number")
def _black_bess_discards(m: re.Match[str]) -> tuple[Effect, ...]:
    # Black Bess: what ``each_digit_discards_champions`` does with each player's digit.
    return ()
