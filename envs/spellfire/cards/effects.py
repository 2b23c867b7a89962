"""The effect vocabulary: card powers as data (issue 4, RULES.md §1).

A card's combat-relevant power is a tuple of :class:`Effect` values. The battle engine interprets
them; the phrase compiler (``compiler.py``) produces them from CrossFire card text; the built-in
pack (``data/pack.json``) stores them as JSON. Card text itself is never stored in the project.

Each effect is ``kind`` + numbers + an optional :class:`Condition` saying when it applies. New kinds
may be added as cards need them; existing kinds keep their meaning (pack files depend on them).
Every kind has exactly one entry in the battle's resolver table (``battle/resolvers.py``): the
function that applies it, where, the rule and its behaviour tests -- or, for a kind the engine
does not apply yet, an entry saying so (a card that compiles to it is not counted as modelled).
A new kind needs its entry there, or a test fails.

Kinds (fields each reads in brackets):

- ``gain_levels``: the card's champion (or the realm's defender) gains ``amount`` levels [amount,
  condition]
- ``allies_gain``: each ally on the owner's side (with one of ``attributes`` if given: the
  ally's own, e.g. "any undead allies gain 2 levels") gains ``amount`` levels [amount,
  attributes, condition]
- ``opponent_loses``: the opposing champion loses ``amount`` levels [amount, condition]
- ``defend_as``: a realm with no defending champion defends as a level ``amount`` champion of
  ``champion_type`` [amount, champion_type]
- ``immune_offensive_spells``: (Off) spells have no effect on this champion [condition]
- ``immune_to``: cards of ``card_types`` have no effect on this champion [card_types, condition]
- ``champions_immune``: every champion of the owner is immune, wherever the card is in play
  (an artifact in the pool, a realm or holding in the formation): to the other side's cards
  of ``card_types`` (with the ``mark`` if given), or with no ``card_types`` to (Off) spells as
  ``immune_offensive_spells`` ("all of this player's champions are immune to offensive
  magical items and spells", Codex of the Infinite Planes) [card_types, mark, condition]
- ``not_attackable_by``: a realm that ``movement`` champions / ``card_types`` champions /
  champions with one of ``attributes`` cannot attack [movement, card_types, attributes]
- ``double_level``: the champion's level is doubled [condition]
- ``destroy_champion``: the opposing champion is discarded when its level is ``amount`` or less (0
  = any) [amount, condition]
- ``discard_allies``: all opposing allies in the round are discarded [condition]
- ``may_use``: the champion (or, on a realm/holding, any defender) may use the ``uses`` codes
  [uses, condition]
- ``attack_again``: the champion may attack more than once per turn
- ``defeat_twice``: the realm must be defeated twice to be razed
- ``raze_realm``: the attacked realm is razed (mid-combat: battle ends, seed 001)
- ``discard_opposing_champion``: card play discards the opposing champion now (seed 001)
  [condition]
- ``discard_own_champion``: card play discards its own side's champion (both may end discarded)
- ``play_any_time``: the card may be played at any time (spoils rule, winner's plays)
- ``win_round``: the owner's side wins the round outright [condition]
- ``hand_size``: the owner's maximum hand size changes by ``amount`` (whole game) [amount]
- ``extra_draw``: the owner draws ``amount`` more cards in phase 1 of each of its turns
  (whole game: "owner draws one extra card per turn", Tyr) [amount]

Added for the CrossFire phrase compiler (``compiler.py``); the same reading rules apply:

- ``destroy_allies``: opposing allies of level ``amount`` or less (0 = any level), with one of
  ``attributes`` if given, are discarded; at most ``count`` of them (0 = all), the owner choosing
  [amount, count, attributes, condition]
- ``allies_barred``: the opponent may not play allies of level ``amount`` or less (0 = any), or
  with one of ``attributes`` if given, in a round this card is in (on a realm or holding: the
  attacker may not) [amount, attributes, condition]
- ``own_allies_barred``: no allies (of level ``amount`` or less, when ``amount`` > 0) may be
  played on this champion's own side [amount, condition]
- ``opposing_allies_lose``: each opposing ally (with one of ``attributes`` if given) loses
  ``amount`` levels [amount, attributes, condition]
- ``double_allies``: the level bonus of each ally on the owner's side (with one of
  ``attributes`` if given) is doubled [attributes, condition]
- ``only_attackable_by``: the realm (or the battle, for a wall spell) can be attacked only by
  champions with one of the ``movement`` powers (on a realm, or one of ``attributes``: 4th
  Edition, second pass) [movement, attributes]
- ``lose_round``: the owner's side loses the round outright [condition]
- ``defeat_twice_champion``: this champion must be defeated twice in one battle before it is
  discarded [condition]
- ``cancel_spell``: cancels the effect of one spell already played in the round (of
  ``card_types`` if given; with the ``mark`` if given: issue 13, 4th Edition, "negate an
  offensive unarmed combat card") [card_types, mark, condition]
- ``gain_movement``: the champion gains the ``movement`` powers for the battle; with the ally
  type in ``card_types``, the side's allies gain them instead ("champion and all allies become
  flyers" is one effect of each). Given by a spell played in the round, it acts from then on
  for what the round reads (walls cast after it, "when fighting flyers", halving), never for
  the realm attacked (seed 000 steps A-B: no card is added before step F) [movement,
  card_types]
- ``spells_barred``: the opposing champion may not cast spells this round [condition]
- ``no_spells``: no spells may be cast by either side in this battle [condition]
- ``cannot_attack``: this champion may defend but never attack
- ``allies_limit``: the opponent may play at most ``amount`` allies per round (on a realm or
  holding: the attacker) [amount]
- ``destroy_items``: magical items of the opposing champion (with one of ``attributes`` if given)
  are discarded; at most ``count`` (0 = all) [count, attributes, condition]
- ``steal_ally``: ``count`` opposing allies (0: all; issue 13, 4th Edition: of bonus ``amount``
  or less when ``amount`` > 0) switch to the owner's side for the round [count, amount]
- ``negate_holdings``: the opposing side's holdings have no power in this battle [condition]
- ``single_use``: the card is discarded after the battle it is used in (not kept in the pool)
- ``defenders_barred``: champions of ``card_types`` may not defend (on a realm or holding: its
  own defenders; on a champion: the opposing defender) [card_types]
- ``all_allies_gain``: every ally in the battle, on both sides, gains ``amount`` levels
  (negative: loses) [amount]
- ``all_champions_gain``: every champion in the battle, on both sides (of
  ``condition.self_types`` if given), gains ``amount`` levels [amount, condition]
- ``destroy_all``: every card in play on both sides (the battle and the pools) of
  ``card_types`` (champion types count as champions), with one of ``attributes`` if given, and
  of level ``amount`` or less if ``amount`` > 0, is discarded [card_types, attributes, amount]
- ``end_battle``: the battle ends at once with no victor; champions return to their pools, no
  spoils; the round's cards of ``card_types`` (if given) go back to their owners' hands, the
  others to the discard piles ("allies to the players' hands") [card_types, condition]
- ``escape``: the owner's champion, losing the round, returns to its pool instead of being
  discarded; its attached cards of ``card_types`` (if given) are discarded ("stripped of all
  attachments", Cloak of the Gargoyle) [card_types, condition]
- ``gain_per_opposing_ally``: the champion gains ``amount`` levels for each opposing ally in the
  round [amount]
- ``gain_per_own_ally``: the champion gains ``amount`` levels for each of its own allies in the
  round (besides the allies' bonuses) [amount]
- ``items_gain``: each magical item and artifact on the owner's side gains ``amount`` levels
  [amount, condition]
- ``cancel_event``: cancels the effect of one event card for the owner's side; the card that
  cancels is discarded after it does [condition]
- ``defense_only``: the card may be played only by the defending side ("use on defense only",
  "cast only when defending"); its other effects carry ``when: defending`` too

Added for issue 13 (coverage by behaviour):

- ``gain_if_own_cards``: the champion gains ``amount`` levels (negative: loses) while its own
  side has at least one card of ``card_types`` in the round ("gains 3 levels when using an
  artifact"; "if any allies are played with her, she drops to level 7") [amount, card_types,
  condition]
- ``gain_if_opposing_allies``: the champion gains ``amount`` levels while the opposing side
  has at least one ally in the round ("when the opponent uses allies against him") [amount,
  condition]
- ``halve_opposing_allies``: each opposing ally counts half its bonus, rounded up ("all
  attacking allies are halved (round up)" on a realm) [condition]
- ``first_ally_bonus``: the first ally of the owner's side in the round counts as a +``amount``
  ally whatever its printed bonus [amount, condition]
- ``double_card_bonus``: the bonus of each card of ``card_types`` on the owner's side (with one
  of ``attributes`` if given: issue 13, 4th Edition, "magical item weapons") counts twice ("the
  level bonus of any wizard spell cast in defense of the attached realm is doubled")
  [card_types, attributes, condition]
- ``destroy_champion_armed``: as ``destroy_champion``, but the opposing champion's level counts
  its printed level plus the bonuses of its magical items and artifacts ("count only magical
  item and artifact bonuses when determining level") [amount, condition]
- ``destroy_allies_total``: opposing allies whose bonuses total ``amount`` or less are discarded,
  the owner choosing them [decided: the choice that removes the most levels] [amount,
  condition]
- ``immune_to_named``: the owner's side (its champion and its cards) is immune to the other
  side's cards (not marked (Def): those help their own side) whose name contains one of
  ``names`` (case-insensitive), of ``card_types`` if given ("immune to fireball spells",
  "lightning cannot harm the caster or his allies") [names, card_types, condition]
- ``wall_min_level``: a wall: an attacking champion of level below ``amount`` cannot reach the
  realm, and the battle ends with no victor, as ``only_attackable_by`` ("only attackers of level
  3 or higher can cross the wall") [amount]

Added by the issue 13 audit:

- ``discard_realm``: played by the attacker, the attacked realm is discarded, with its
  holding, leaving its slot empty (mid-combat: the battle ends as for ``raze_realm``, seed
  001: "a realm is razed or discarded during combat due to card play (such as ...
  Cataclysm!)"); played by the defender, one of the attacker's realms is discarded [decided:
  its first standing one, A to F] and the battle goes on [condition]

Condition fields added with them: ``self_types`` / ``self_worlds`` / ``self_attributes`` (what
the owner's own champion must be, e.g. "any defending monster gains 4 levels") and ``at_realm``
(the realm fought over must have a name containing one of these strings, case-insensitive, e.g.
"gains 3 levels when defending Chult"), and ``card_in_play`` (a card whose name begins with one of
these strings, a whole word, is in play anywhere, e.g. "if Zhentil Keep is in play anywhere";
issue 13 audit: "Iuz" names Iuz the Evil, not The Lands of Iuz), and
``vs_not_attributes`` (issue 13: the opposing champion is known and has none of these
attribute ids, e.g. "nonflying attackers lose 2 levels").

Added for issue 13, after the battle (seed 001: "your opponent is discarded after combat ...
these effects occur outside of the battle and do not affect the spoils of victory"; the seed
names Iuz the Evil and the Aurak Draconians). They act when the round that sets them off is
over, after its winner, its razing and its spoils are settled (``battle/aftermath.py``):

- ``avenge_discard``: when the owner's side loses a round this card is in, the champion that
  defeated it is discarded ("forces the champion who killed it to be discarded"; an ally's
  "explode if defeated, sending the opposing champion to its discard pile") [condition]
- ``avenge_raze``: when the owner's side loses a round this card is in, one standing realm of
  the opposing player is razed, or when none stands one of its razed realms is discarded
  ("forces one razed enemy realm to be discarded, or razes one realm") [condition]
- ``avenge_purge``: when the owner's side loses a round this card is in, every champion of
  ``card_types`` of printed level ``amount`` or more in every player's pool is discarded after
  the battle ("if defeated in battle, all wizards of base level 7 or higher are discarded from
  every player's pool", The King of the Elves) [amount, card_types, condition]
- ``avenge_own_holding``: when the owner's side loses a round this card is in, one holding
  of the owner is discarded after the battle ("if Smolder loses a round of battle, he destroys
  one of his owner's holdings for revenge") [condition]
- ``discard_after_round``: win or lose, the opposing champion of the round, of printed level
  ``amount`` or less when ``amount`` > 0, is discarded when the round is over ("win or lose,
  the opposing champion is discarded at the end of a round of combat") [amount, condition]
- ``avenge_holdings``: when the owner's side loses a round this card is in, every holding of
  the opposing player is discarded ("if this card is on the losing side of a battle, all
  holdings of the opponent are discarded", Mogadisho's Horde; issue 13, after2:
  ``battle/aftermath_more.py``)
- ``avenge_destroy``: when the owner's side loses a round this card is in, one champion of the
  opposing player's pool is discarded ("it destroys one champion anywhere in play chosen by the
  losing player", Assassins)
- ``win_round_retrieve``: when this champion's side wins a round, one card of its player's
  discard pile returns to that player's hand ("every time Halcyon wins a round of battle, the
  player can return one card from the discard pile to his hand", Halcyon)
- ``round_ally_to_hand``: on the attacked realm or its holding: when a round of the battle for
  that realm is over, one of the defender's allies of the round goes back to its hand from the
  discard pile ("the defending player can return one ally to his hand after each round of
  battle", Sword Coast); with the ``mark`` "won", only when the defender won the round
  ("resurrect one ally which just participated in successful defense of the realm", Arms of
  Veluna)
- ``items_shuffled_back``: when the owner's side loses a round this card is in, every magical
  item in play (carried by a pool champion) goes into its owner's draw pile at a place drawn
  by chance ("all magical items in play are shuffled back into the draw pile", Silt Stalkers)
- ``abyss_to_discard``: when the owner's side loses a round this card is in, every card but
  the events in its owner's Abyss goes to that player's discard pile ("Mikor transfers all
  non-event cards in this player's Abyss to his discard pile", Mikor)
- ``razed_razes_opponent``: on a holding: when a round of the battle for its realm ends with
  that realm razed, one standing realm of the attacking player is razed too ("if the attached
  realm is razed, one other opponent's realm of the defender's choice is razed also", Silver
  Spring)

Added for issue 13, avatars (seed 000 step J, seed 001: "Avatars can be played as spoils, but
the cost associated with them must also be met"):

- ``avatar_cost``: to bring this avatar into play its owner discards champions from its pool:
  ``count`` of them, each of level ``amount`` or more; or, when ``count`` is 0, champions whose
  levels total ``amount`` or more. Each must be of one of ``card_types`` and carry one of
  ``attributes`` when given, and be of one of ``condition.self_worlds`` when given (the only
  condition field it reads) [count, amount, card_types, attributes, condition]

Added for the 1st Edition long tail (issue 13):

- ``allies_barred_from``: the opponent may not play allies of level ``amount`` or more
  against this champion ("allies of level 4 or higher cannot be used against the champion who
  carries ...") [amount, condition]
- ``raze_at_once``: when the owner's champion wins a round as the attacker, the realm is razed
  at once, even one that must be defeated twice ("if X attacks and wins a round of battle, the
  defending realm is razed immediately") [condition]
- ``opponent_escapes``: the opposing champion, losing the round, returns to its pool instead
  of being discarded ("an undead champion loses the battle but returns to the pool")
  [condition]
- ``any_artifacts``: the champion carrying this card may carry any number of artifacts, of
  any world (the one-artifact rule, RULES.md §1 "Table", does not apply to it)
- ``immune_except_named``: as ``immune_to`` (cards of ``card_types``, with the ``mark`` if
  given), except the other side's cards whose name contains one of ``names`` ("immune to all
  offensive wizard spells except fireball") [card_types, mark, names, condition]
- ``own_spells_barred``: the owner's side may cast no spells in the round ("prevents him from
  casting any spells himself") [condition]
- ``realms_not_attackable_by``: on a holding, every realm of its owner is not attackable by
  champions of ``card_types`` or with one of ``attributes`` ("no were-creature or monsters can
  attack any realm held by this player") [card_types, attributes]
- ``halve_opposing``: the opposing champion's printed level and each opposing ally's bonus
  count half, rounded up (rounded down with the ``mark`` "down": issue 13, 4th Edition,
  Fortification: Barricade), unless it has one of the ``movement`` powers (a champion's own or
  given by its cards in the round) ("the level of attacking champions and allies that are not
  flyers is halved") [movement, mark, condition]
- ``one_spell_type``: the owner's side casts spells of one type only (wizard or cleric) in a
  battle: the first it casts bars the other ("the player must choose one type (wizard or
  cleric) in each battle")
- ``discard_winning_attacker``: played by the defender while the attacking champion is
  winning, card play discards that champion (seed 001: the battle is over, the realm stands)
  ("traps a winning champion so a realm is not razed") [condition]
- ``destroy_pool_champions``: when the owner's champion is presented, up to ``count``
  champions of ``card_types`` in the opposing pool (0 = all), strongest first, are discarded
  with their attachments; one immune to psionic powers is spared when the effect has the
  ``mark`` "psionic" ("when attacking, can psionically destroy one monster in the defender's
  pool before battle begins"; [decided] it always acts) [card_types, count, mark, condition]
- ``all_realms_not_attackable_by``: on a holding, the realms of both players that meet the
  condition (``realm_worlds``, ``realm_holding``) are not attackable by champions of
  ``card_types``, with one of ``attributes`` or one of the ``movement`` powers ("no Greyhawk
  realms with holdings, of any player, can be attacked by monsters or flyers") [card_types,
  attributes, movement, condition]
- ``realms_allies_gain``: on a holding, each ally defending any realm of its player (the
  condition read on the attacked realm, e.g. ``realm_worlds``) gains ``amount`` levels, the
  holding attached to that realm or not ("allies defending every Dark Sun realm held by this
  player gain 1 level"); on another card, as ``allies_gain`` [amount, condition]
- ``halve_opposing_cards``: the bonus of each card of the other side of ``card_types`` (with
  the ``mark`` if given) counts half, rounded up ("offensive wizard spells have their levels
  (if any) halved (rounding up) when used against this ally") [card_types, mark, condition]
- ``switched_allies_lose``: each ally of the other player fighting for the owner's side (it
  switched sides: ``steal_ally``) loses ``amount`` levels ("the ally loses 1 level") [amount]
- ``spell_veto``: while this card is the only one of its name in play (anywhere), the other
  player's champions of ``card_types`` cast no spells (its owner's are permitted: [decided]
  "cannot cast spells without her permission" is given to one's own side only) [card_types]
- ``negate_walls``: the other side's wall spells (spells with ``only_attackable_by`` or
  ``wall_min_level``) have no effect on the owner's side, their bonus included ("negates any
  wall spell") [condition]
- ``attack_anywhere``: the champion may attack any realm, whatever its position in the
  formation and its (or its holdings') powers that bar attackers ("can attack any realm
  regardless of its position or powers")

Condition fields added with them: ``realm_worlds`` (the realm fought over, or attacked, is of
one of these worlds), ``realm_not_worlds`` (the realm fought over is known and of
none of these worlds: "when attacking realms from outside the Forgotten Realms") and
``in_own_pool`` (a card whose name contains one of these strings is in the owner's pool: "if
Mika is in the player's pool"), and ``realm_holding`` (true: the realm fought over has a
holding attached, e.g. "when defending a realm with an attached holding").

Added for the rest of the 1st Edition (issue 13):

- ``champions_gain``: while this card is in play for its owner (a standing realm of its
  formation, a holding on one, a card in its pool or in the round), each champion of its owner
  (with ``condition.self_worlds`` etc. if given) gains ``amount`` levels in every battle ("all
  Greyhawk champions of this player gain 2 levels") [amount, condition]
- ``lend_from_pool``: while this card is attached to a champion in its owner's pool (a
  champion not in the round), the owner's champion in the round gains ``amount`` levels
  ("hero can 'lend' +1 to a champion in a combat where he is not involved") [amount]
- ``restore_realm``: card play restores one razed realm of the owner's formation ([decided]
  its first razed one, A to F; "restores one razed realm from any world") [condition]
- ``raze_first_realms``: card play razes the first realm (slot A) of every player, whatever
  its powers; a razed or empty slot A is left alone; the attacked realm razed so ends the
  battle (seed 001, as ``raze_realm``) ("razes the first realm of every player, regardless of
  special powers") [condition]
- ``destroy_ally_or_item``: card play destroys one opposing ally of level ``amount`` or less
  or one magical item of the opposing champion, [decided] whichever has the larger bonus (the
  ally on a tie): "of caster's choice", made as the caster's best [amount, condition]
- ``discard_armed_champion``: card play discards one opposing champion that carries a magical
  item or an artifact, with its possessions: [decided] the opposing champion in the round when
  it carries one (seed 001), else the highest-level such champion of the opposing pool ("choose
  one champion with an attached artifact or magical item to be killed immediately")
  [condition]
- ``realm_immune_harmful_events``: on a holding, harmful events have no effect on the attached
  realm: they neither raze nor discard it ("the attached realm is unaffected by all harmful
  event cards")
- ``levels_or_item``: card play destroys the opposing champion's strongest magical item when
  its bonus is larger than ``amount`` [decided: the caster's best], and the card then leaves
  the round (its own levels are not added); else the card stays and adds its levels ("adds 4
  levels or destroys one magical item, at the choice of the caster") [amount, condition]
- ``take_ally_from_hand``: card play takes the largest ally (with one of ``attributes``) from
  the opponent's hand, else from the owner's own, into the owner's side for the round; it
  goes to its owner's discard pile after the round ("the caster can ask any player for his
  largest undead ally card and use it in this round of battle") [attributes, condition]
- ``extra_spoils_if_defeated``: when this champion fought in a battle and was discarded, the
  battle's winner draws ``amount`` more spoils cards ("if Ember is defeated, the victor can
  draw two spoils of victory cards") [amount]
- ``extra_spoils_if_razes``: when this champion fought for the attacker in a battle that
  razed the realm (its condition read on that realm), the attacker draws ``amount`` more
  spoils cards ("he gains two spoils of victory if he razes it") [amount, condition]
- ``turn_spell``: card play turns the spell the other side played last into the round (when
  its last card is a wizard or cleric spell, with the ``mark`` if given) to the owner's side:
  for the rest of the round its bonus and its powers on the totals count for the owner, "as if
  the original target had cast it"; what it did when it was played stays done [decided, as
  ``cancel_spell``] ("turns a just-cast spell back at its caster") [mark, condition]
- ``dispel_all``: card play dispels every wizard and cleric spell in the round (both sides:
  to their owners' discard piles) and removes every holding and rule card in play from the
  table (to their owners' discard piles [decided]) ("all spells in play are dispelled,
  including a just-cast spell, and all holdings and rule cards are removed from play")
  [condition]
- ``not_cancelable``: an event that a power cancelling events of a champion in the pool
  (Delsenora's ``cancel_event``) cannot cancel; a played Calm still can ("can be Calmed by
  individual players but cannot be canceled")
- ``pick_opponent``: when this champion attacks, its player picks the defending champion
  from the defender's pool (step C is not the defender's) [decided: the attacker's best, the
  weakest: lowest level plus carried bonuses] ("when Stryck attacks, she gets to pick her
  opponent from those champions in the defender's pool") [condition]
- ``draw_and_play``: on a holding, once per battle fought over the attached realm, its owner
  draws a card as the first round's card play begins and plays it at once if it may [decided:
  always; else it stays in the hand] ("one card can be drawn and played immediately in
  defense of the attached realm")
- ``attack_anywhere`` (above) now reads its condition on the attacked realm
  (``realm_worlds``: "can attack any Forgotten Realms realm, regardless of position or
  powers")

Added for the 4th Edition (issue 13):

- ``carried_only_by``: a magical item or artifact that only a champion of one of
  ``card_types`` (when given) and with one of ``attributes`` (when given) may carry ("usable
  only by clerics", "usable only by elves (including drow)", "can be attached to any undead
  monster champion") [card_types, attributes]
- ``immune_to_slaying``: the champion (carrying this card) is immune to the powers that
  instantly kill a champion because it is of one of ``card_types`` or has one of
  ``attributes``: a ``destroy_champion`` whose condition names such a type or attribute, a
  ``destroy_all`` or ``destroy_pool_champions`` aimed at them ("immune to cards that instantly
  kill monsters, flyers, or swimmers") [card_types, attributes]
- ``zero_opposing_level``: the opposing champion (or the realm defending itself), when the
  condition holds of it, fights at base level 0 in the round; its cards still count ("this
  ally instills fear in all opposing heroes, reducing their base level to 0 during that round
  of combat") [condition]
- ``events_barred``: the opponent may play no event in a round this card is in ("the opposing
  player cannot play any events for the rest of this round of battle") [condition]
- ``allies_stay``: the owner's allies (with one of ``attributes`` if given) cannot be made to
  switch sides (``steal_ally``); on a holding, in every battle of its player ("this player's
  allies, whether attacking or defending, cannot be forced to switch sides for any reason")
  [attributes]
- ``gain_per_own_cards``: the champion gains ``amount`` levels for each card of
  ``card_types`` on its side in the round ("the cyclops gains 2 levels for each magical item
  attached to him") [amount, card_types, condition]
- ``cards_barred``: the opponent may play no card of ``card_types`` in a round this card is in
  ("an opposing champion cannot ... use psionic power cards for the rest of this round")
  [card_types, condition]
- ``no_cards``: neither side may play a card of ``card_types`` in a round this card is in
  ("prevents further unarmed combat cards from being used this round") [card_types]
- ``allies_only``: the opponent may play only allies with one of ``attributes`` in a round this
  card is in ("only swimming allies may be played against this champion") [attributes,
  condition]
- ``immune_harmful_events``: the champion is immune to the other side's harmful events
  (attribute 22) ("offensive spells, offensive magical items, and harmful events have no
  effect against the attached champion") [condition]

Condition field added with them: ``with_own_champions`` (attribute id, least number): the
owner's champions in play (its pool and its champion in the round) include at least that many
besides the card itself with the attribute, e.g. (1, 3) "when Sharla is in a pool with three
or more other adventurers"; its effects then reach the owner's champion in the round from the
pool too (``battle/totals.py``, ``round_sides``); ``self_levels`` / ``vs_levels`` (least,
most; 0 = no bound): the printed level of the owner's champion / of the opposing champion is in
that range ("increases to +5 if cast by a level 7 or 8 champion": (7, 8); "+10 vs. any
champion with a base level of 8 or higher": (8, 0)); ``realm_attributes``: the realm fought
over has one of these attribute ids ("when defending an Underdark realm": 42);
``self_names``: the owner's champion's name begins with one of these (a whole word; "her or her
sisters, Amber and Aquamarina"); like ``with_own_champions``, such a card's effects reach the
owner's champion in the round from the pool.

Added for the 3rd Edition (issue 13; ``zero_opposing_level`` and ``gain_per_own_cards``, above,
read its wordings too: "reducing their base level to 0 in battle", "defending champions gain +1
for each magical item they own"):

- ``immune_to_weak``: the owner's side (its champion and its cards) is immune to the other
  side's cards of ``card_types`` (with the ``mark`` if given) whose bonus is ``amount`` or
  less ("immune to magical items of +3 or less"; "negates the levels and special powers of
  all offensive magical items of less than +4") [card_types, mark, amount, condition]
- ``opposing_allies_lose_unless``: each opposing ally without one of the ``movement`` powers
  loses ``amount`` levels ("all nonflying allies opposing the Cha'thrang lose 4 levels")
  [amount, movement, condition]
- ``not_attackable_by_weak``: a realm that champions (of ``card_types`` if given) of printed
  level ``amount`` or less cannot attack ("heroes of base level 3 or less cannot attack it")
  [card_types, amount]
- ``namesake_bonus``: while ``count`` or more cards carrying this effect (copies of the card)
  are in the round, on either side, each of them counts as a +``amount`` ("if two gith are
  played in the same round of combat, each increases to a +7"); with the ``mark`` "each",
  each of them gains ``amount`` levels for every one of them ("if more than two of this card
  are involved in one round of combat (on either side), each war party receives an
  additional +4 for each war party in play") [amount, count, mark]
- ``items_barred_over``: while this card is in the round, neither side may play a magical
  item with a bonus above ``amount`` ("no magical items with a bonus greater than +3 can be
  played after Verrasi joins the battle") [amount]
- ``win_over_total``: the owner's side wins the round outright once its total is above
  ``amount`` ("if the combat level of the attached hero or monster is greater than 20 (after
  all modifiers), the champion automatically wins the battle") [amount, condition]
- ``gain_per_other_ally``: the card gains ``amount`` levels for each other ally of its side
  with one of ``attributes`` ("the skeleton multiplies: it gains 4 levels for each additional
  undead ally played with it") [amount, attributes]
- ``psionics_veto``: while this card is in play, the other player's champions of
  ``card_types`` play no psionic power cards (its owner's are permitted: [decided], as
  ``spell_veto``: "psionicists must ask her permission to use psionic powers") [card_types]
- ``not_attackable_by_named``: a realm that champions whose name contains one of ``names``
  cannot attack ("Red Wizard champions may not attack Rashemen") [names]
- ``realms_allies_doubled``: as ``realms_allies_gain``, the bonus of each such ally counting
  twice instead ("allies defending any Dark Sun realm held by this player are doubled in
  level") [condition]
- ``opponents_hand_size``: the maximum hand size of the owner's opponents changes by
  ``amount`` (whole game, as ``hand_size``: "maximum hand size for all opposing players is
  reduced by one") [amount]
- ``negate_powers``: the cards the other side plays into the round (allies, spells, events
  and the other support cards), of ``card_types`` if given and of bonus ``amount`` or less if
  ``amount`` > 0, lose their powers while this card is in the round; their bonuses still
  count ("negates the special powers (but not the bonuses) of all cards played against
  her"; "negates the power of all +1 or +2 allies played against him") [card_types, amount,
  condition]
- ``items_kept``: the magical items attached to this champion are never destroyed
  (``destroy_items``, ``destroy_all``); they go only where the champion goes ("any magical
  item attached to Mordenkainen cannot be removed by any means")
- ``discard_after_razing``: when a round in which the owner's champion attacks ends with the
  realm razed, that champion is discarded with its attachments, after the round (seed 001:
  outside of the battle, spoils already drawn) ("if he razes a realm, the champion and all
  attachments are discarded") [condition]
- ``opposing_to_abyss``: when the round is over, the other side's allies of the round go to
  their owner's Abyss instead of the discard pile; on a champion only when its side won the
  round ("if successful the thri-kreen eats them. (They are sent to the Abyss and not the
  discard pile.)"); with the ``mark`` "champion", the other side's champion too when it lost
  the round ("all champions (if defeated) and allies who attack this realm are sent to the
  Abyss at the end of battle") [mark, condition]
- ``back_to_hand``: when the owner's side loses a round this card is in, the card goes back
  to its owner's hand instead of the discard pile ("if on the losing side of a battle, the
  punisher returns to the player's hand instead of being discarded"); with the ``mark``
  "allies", on a holding: when its player wins a round defending any of its realms (the
  condition read on that realm), that side's allies of the round go back to the hand ("all
  allies played in the successful defense of any Greyhawk realm held by this player are
  resurrected (returned to his hand) instead of discarded") [mark, condition]

``all_allies_gain`` reads ``attributes`` too (only allies with one of them gain or lose:
"all nonhuman allies (elves, dwarves, and halflings) lose 2 levels"), and so does
``double_card_bonus`` ("any magical item weapons attached to the horror are doubled in
level"); ``realms_not_attackable_by`` reads the ``mark`` "avatar" (avatars may not attack:
"avatars cannot attack any realm held by this player"); ``discard_after_round`` reads the
``mark`` "abyss" (the champion and the card itself go to the Abyss: "after the round of battle
is concluded (win or lose), this spell and the opposing champion are sent to the Abyss"), and
on a realm or holding the mark "both" (both champions of a round fought there: "all
champions, even if victorious, are discarded");
``destroy_items`` reads ``card_types`` (artifacts too: "strip any existing artifact and
magical items from an opponent"); ``double_allies`` reads ``amount`` (the bonus counts that
many times, 0 for twice: "tripled in level"). On a holding, the ``mark`` "player" makes an
effect act in every battle of its player, attacking or defending, not only at the realm it is
attached to, for the champions its condition names (``gain_movement``, ``double_level``,
``double_allies``: the Ancient Arms, "this player's monsters have the ability to fly, swim, or
earthwalk as needed"; ``battle/totals._player_wide``, ``battle/legal.player_moves``).

The 4th Edition's ``self_levels`` condition reads its wordings too ("this spell's bonus
increases to +7 if cast by a champion of level 7 or higher": (7, 0)).

Added for the booster sets (issue 13, cboost; they read ``immune_harmful_events``, above, too):

- ``usable_only_by``: on a magical item or artifact, only a champion of one of ``card_types``
  or with one of ``attributes`` may carry it (attach it in the pool or play it in a round)
  ("usable only by wizards", "can only be attached to heroes") [card_types, attributes]
- ``realms_attack_anywhere``: on a realm, while it stands, its player's champions may attack
  any realm of the other player that meets the condition (``realm_worlds``), regardless of
  its position or powers ("this realm extends under opponent's Dark Sun realms, allowing them
  to be attacked by this player's champions and allies, regardless of position or
  restrictions") [condition]
- ``usable_by_any``: on a card of a marked type (an unarmed combat card, a thief skill), any
  champion may play it: it needs no "uses" code ("usable by any champion")
- ``halve_opposing_base``: the opposing champion's printed (base) level counts half, rounded
  down ("wizards and clerics are at half their base level (rounded down) against the lamia")
  [condition]

Added for the 4th Edition, second pass (issue 13):

No new kind or condition field: the second pass maps 4th Edition wordings onto the kinds
above. One kind reads a field anew: ``only_attackable_by`` on a realm reads ``attributes``
too (a champion with one of them may attack it as well as one with a ``movement`` power:
"can be attacked only by flyers or giants", Giant's Run Mountains; ``battle/legal.gate``).

Added for the 4th Edition, third pass (issue 13, c4th3b):

- ``defeated_unless_has``: card play: the opposing champion (the condition holding of it) loses
  the round at once unless its side has a card of ``card_types`` in the round (an ally in its
  support, a magical item on its champion) or may play one from its hand now ("the opposing
  champion is automatically defeated unless he has or can play an ally", Ki-Rin) [card_types,
  condition]
- ``discard_attacked_holding``: when the champion with this card attacks, the holding attached
  to the realm it attacks goes to its owner's discard pile: as the champion is presented, or
  as the card is played into the round ("the holding of any realm the attached champion
  attacks is immediately discarded", Horn of Blasting) [condition]
- ``defeated_below``: card play: when the opposing side's total is below ``amount`` after the
  card has entered the round (the condition holding of the opposing champion), the card's side
  wins the round at once ("drains the adjusted level of an opposing champion (except cleric) by
  9; any that drop below 0 are instantly defeated", The Dreaded Ghost: 0) [amount, condition]

- ``destroy_one_anywhere``: one card of ``card_types`` in play anywhere is discarded, the
  owner choosing: [decided] its best, the strongest such card on the opposing champion in the
  round (not one kept by ``items_kept``), else the strongest on a champion of the opposing pool;
  a card played into the round acts as it enters, a champion's power at activation ("when Klik
  enters combat as a defender, he can destroy one magical item in play anywhere"; Cone of Cold:
  "destroys one artifact, chosen by the caster") [card_types, condition]
- ``defeats_realm_champion``: at activation, the champion attacking a realm that defends itself
  (a "realm champion", RULES.md §1 "Combat") wins the round at once, the defender first offered
  one card to change that as against the other powers that end a round at once ("it
  automatically defeats a realm champion", Apocalypse) [condition]

- ``adnd_artifacts``: this champion may carry up to ``count`` artifacts when every one of them
  is an AD&D one (world 7) ("being of two minds, the ettin may have two AD&D artifacts attached
  to him") [count]
- ``double_later_ally``: the bonus of one ally of the owner's side played after this card
  counts twice: [decided] the owner's best, the largest ("Wijon can double the level of one
  ally played after him (choice need not be immediate)")
- ``gain_vs_nonspellcasters``: the champion gains ``amount`` levels while the opposing champion
  (or the realm defending itself) cannot cast spells: it holds no wizard or cleric spell
  "uses" code in the round ("he gains 7 levels when in combat with nonspellcasting champions",
  Pyre) [amount]
- ``double_named``: every card of the owner's side in the round whose name holds one of
  ``names`` as a word counts its bonus twice, and such a champion its printed level ("all cards
  used by this player that contain the word 'wolf' are doubled in level", Badge of the Wolf
  Nomads) [names]

- ``avatars_barred``: while this card is in play (either player's), no avatar may be played:
  presented from the hand in a battle, or played as spoils ("while the Arch-druid is in play,
  no avatars may be played")

- ``casts_named_only``: the champion uses the cards needing one of ``uses`` only when the
  card's name holds one of ``names`` at the start of a word: its own printed "uses" codes among
  ``uses`` open no other card ("the elemental cleric can also cast any wizard spells containing
  the words earth, air, fire, or water") [uses, names]

- ``immune_to_needing``: the champion is immune to the other side's cards that need one of
  the ``uses`` codes ("o18": "immune to offensive hero unarmed combat cards", the Drider; the
  dragons' and the undead's unarmed combat need "o101", "o102") [uses, condition]

The compiler keeps a ``gain_levels`` with the mark "rises" even when it equals the item's
printed bonus (an item's own level rising: "if defending a realm, the item's level rises to
6", Scimitar of Speed, +3); the totals read it as any ``gain_levels``.

``destroy_allies_total`` on a champion answers the other side's allies as they are played:
each is discarded while the bonuses so discarded in the battle stay within ``amount`` ("this
hideous monster devours points' worth of allies up to its base level", Athasian Cistern Fiend;
``battle/reactions.devour_answer``); an ally of bonus 0 is devoured for 0 points (audit 4).

- ``stays_in_pool``: no other card's power takes this champion out of its pool: it is spared
  by ``destroy_pool_champions``, ``destroy_all``, ``discard_armed_champion`` and
  ``avenge_purge``, and ``pick_opponent`` does not pick it ("he can employ his Iron Will blood
  ability to resist being removed from his pool for any reason", Chernevik; [decided] always
  employed)

- ``devour_items``: while this card is in the round, the magical items of bonus ``amount`` or
  less on either champion in the round are discarded: those there as it enters, and each put
  on a champion after ("this ally devours all magical items of +3 or less. The items are
  discarded instantly, and any more such played are also devoured", Rust Monster; [decided]
  "all": both sides') [amount]

Fields read anew: ``negate_powers`` reads the ``mark`` "attached": it takes the powers of
the other side's (Off) magical items and artifact instead of the cards it plays into the round
("negates the special powers of all offensive cards attached to an opposing champion",
Ansalong); ``spell_veto`` reads the ``mark`` "all": the veto holds even when another
card of its name is in play ("all other clerics must ask the Arch-Druid for permission to cast
spells"; Midnight's needs her to be the only one); ``cancel_event`` reads the ``mark``
"any": a pool champion with it cancels the other player's events whether helpful or harmful,
not only harmful ones ("he can be discarded from his pool to cancel one event, whether helpful
or harmful", Helm);
``destroy_ally_or_item`` reads ``amount`` 0 as an ally of any level and the ``mark`` "abyss"
(the card goes to its owner's Abyss, not the discard pile: "Rowan can send one opposing ally or
magical item to the Abyss"); ``opposing_to_abyss`` reads ``attributes`` (only the cards with
one of them go to the Abyss: "undead champions and allies killed by the mace are placed in the
Abyss instead of the discard pile", Mace of Disruption).

Added for the 4th Edition, third pass (issue 13, c4th3c):

- ``opponent_loses_own_base``: the opposing champion (or the realm defending itself) loses as
  many levels as the owner's champion's printed level; its total may fall below 0 ("the base
  level of this champion is subtracted from the base level of the target. If the opponent is
  reduced below level 0, he remains in combat at a negative total", Phobia Amplification)
  [condition]
- ``allies_under_card_digit``: card play discards each opposing ally whose bonus is less than
  the last digit of the owner's champion's card number ("all opposing allies whose plus is
  less than the last digit of the attached champion's card number are immediately
  discarded", Fear) [condition]
- ``discard_highest_played``: card play discards the other side's card of the round of
  ``card_types`` with the highest bonus ("discard the highest ally, spell, or psionic power
  card played during this round of combat", Blind Side!) [card_types, condition]
- ``discard_opposing_holding``: card play discards one holding of the other player ("discard
  any holding of an opponent", Shadow Engines) [condition]
- ``opponent_discards_weakest``: card play makes the other side discard one of its cards in
  the round (its support, its champion's attachments), [decided: the choice is the other
  side's, its best] the one of the lowest bonus ("the opposing champion must discard one card
  from the current round of combat", Rake!) [condition]
- ``escape_by_sacrifice``: the owner's champion, losing the round, returns to its pool
  instead of being discarded when its player discards another champion of ``card_types``
  from its pool, [decided: the owner's best] the lowest-level one, and only one of level at
  most the escaping champion's; the other side still draws its spoils ("a wizard who casts
  this spell can sacrifice another wizard from his pool to escape defeat, but the opponent
  still gains spoils (if applicable)", Elminster's Evasion) [card_types, condition]
- ``no_events_in_play``: while this card is in play (a pool, the round), neither player may
  play an event; played into a round, it discards the events already there, both sides'
  ("when brought into play, all events in play are negated and no more can be played as long
  as the Throne of the Pharaohs remains in play")
- ``no_movement_required``: while this card is in play for its player (its pool, the round),
  the realms its champions attack ask for no movement power: a realm that only champions with
  some movement may attack (``only_attackable_by`` on the realm or its holding) takes any
  attacker; a realm's bars and its position still count ("Nature's Throne strips any special
  movement requirement (swimmers, flyers, etc) from any realm that this player's champions
  attack")
- ``ally_bars_ignored``: on an ally, the cards that forbid allies to be played
  (``allies_barred``, ``own_allies_barred``, ``allies_limit``, ``allies_barred_from``,
  ``allies_only``) do not forbid this one; a power that would destroy it on arrival
  (``destroy_allies``) still bars it ("these allies can be played in combat regardless of
  cards that prohibit allies from being played", Barbaric Allies)
- ``defense_razes_attacker``: when the owner's side defends a realm successfully with this card
  in the round (it wins the round, or the attacking champion is discarded by card play), one
  standing realm of the attacker is razed after the battle, [decided: the attacker's choice,
  its best] its last one, F to A ("if played during a successful defense of a realm, one of
  the attacker's realms is razed (chosen by the attacker)", Barbaric Allies) [condition]

- ``artifact_moves_on_defeat``: on an artifact, when its champion loses a round and is
  discarded, the artifact goes from the discard pile to another champion of its player's pool
  of the artifact's world that may carry it, [decided: "may", the owner's best] the highest
  level one ("if the attached champion is defeated, Guenhwyvar may be attached to any other
  Forgotten Realms champion in the player's pool")

"Draws and discards a card, noting its last digit": the top card of the draw pile goes to
the discard pile and the last digit of its number in its set is read (4th/283: 3; an empty
draw pile draws nothing and the power does nothing [decided]):

- ``draw_digit_defeats``: card play: the opposing player draws; a digit of ``amount`` or less
  defeats the opposing champion (the owner's side wins the round) ("an opposing wizard,
  cleric, thief, or regent draws and discards a card, noting its last digit. If the digit is a
  0 or a 1, the opponent is defeated", Boot to the Head) [amount, condition]
- ``draw_digit_discards_attacker``: at activation, on a realm or holding: the attacking player
  draws; a digit of ``amount`` or less discards the attacking champion (card play: the
  battle is over, the defender draws spoils, seed 001) ("attacking champions of base level 9
  or higher draw and discard a card, noting the last digit. If that number is 3 or less, they
  ... are discarded. This player draws spoils", Caves of Mystery) [amount, condition]
- ``draw_digit_allies``: card play: the owner draws; that many opposing allies of the round
  are discarded, [decided: the opponent chooses, its best] the weakest ("attached champion
  draws and discards a card, noting the last digit of the card number. This is the number of
  opposing allies (chosen by the opponent) which are persuaded not to fight", Persuasion)
  [condition]

Fields read anew: ``negate_powers`` reads the ``mark`` "over" (the cards of bonus above
``amount`` lose their powers, not those of ``amount`` or less: Stinking Cloud, "opposing allies
of level 4 or higher lose their special powers"); ``spell_veto`` reads the ``mark`` "wizard"
(the other player's champions of ``card_types`` cast no wizard spell, their other spells
stay: Midnight, Goddess of Magic, "all champions that use wizard spells must ask her
permission to cast them"); ``opposing_to_abyss`` reads the ``mark`` "defeated" (only the
opposing champion the owner's side defeated goes to the Abyss, no ally: Wither Touch, "any
champion defeated by the attached champion is sent to the Abyss rather than the discard
pile"); ``destroy_allies`` reads the ``mark`` "player" (from its player's pool too, as a bar
on the other side's allies in every battle of that player: Urdlen, "devours all earthwalking
allies that oppose any of this player's champions"); ``discard_after_round`` reads the
``mark`` "own" (the card's own champion, win or lose: Heroic Effort, "win or lose, the hero is
discarded at the end of the battle"); ``turn_spell`` reads ``card_types`` (Reversal, "turns a
just-played offensive unarmed combat card back upon its user"); ``may_use`` with the ``mark``
"player" on an item or artifact reaches every champion of its player its condition names
(The Emerald Throne, "all elves of this player can use unarmed combat, psionic power, and
blood ability cards"); ``destroy_allies`` reads ``movement`` (allies with one of these
powers are spared) and the ``mark`` "standing" (on a card played into the round, a bar on the
allies played after it as on a champion's: Tail Slap, "all nonflying opponents lose two
levels. If reduced to level 0 or less, they are discarded"); ``usable_only_by`` is read on a
card played into the round too (Blind Side!, "usable only by elf (drow) champions");
``may_use`` acts from a psionic power in the round as from an ally (Mindlink, "allows the
champion to cast cleric and wizard spells ... for this round of battle").

Added for the last 1st Edition cards (issue 13, c1st3):

- ``fight_as``: the champion fights either as its printed type at level ``amount`` or as a
  ``champion_type`` at its printed level (the first of ``5/7``); [decided] the owner's choice
  at the start of the round is read from its plays: a ``champion_type`` in a round in which its
  side casts a spell of that type (a hero: plays an unarmed combat card), else its printed
  type; once a card only one form may use is played, the other form's cards are barred for the
  round (``battle/legal._one_form``; audit 4) ("Gib can fight as either a wizard (5) or a hero
  (7); the player must choose at the start of the round") [amount, champion_type]
- ``assume_level``: the champion carrying this card fights at the printed level of any
  champion in play, both pools and the round; [decided] the highest, when higher than its own
  (the owner's best of "the level or the special power (but not both)": the level) ("the
  wearer assumes the level or gains the special power (but not both) of any champion in
  play")
- ``spells_barred_named``: while this card is in play (a rule card), no player may cast a spell
  whose name is one of ``names`` (case-insensitive, the whole name) ("Wish and Limited Wish
  spells cannot be cast") [names]
- ``played_to_abyss``: while this card is in play (a rule card), the cards of ``card_types``
  played into a round go to their owner's Abyss when the round is over, not to the discard
  pile ("all spells and allies played while this card is in effect are discarded into the
  Abyss") [card_types]
- ``end_of_turn_discard``: while this card is in play (a rule card), at the end of each turn,
  after the discards down to the hand limit, the player on turn discards one more card:
  [decided] one of its hand, its choice, while it holds one; else its weakest pool champion;
  else its first standing realm is razed ("at the end of each player's turn ... that player
  must discard a card from his hand or pool, or raze a realm"; whole game:
  ``game/rule_powers.py``)
- ``truce``: card play: no attack may be made, by any player, until the turn of the card's
  player begins again (whole game: ``GameState.truce``; in a battle it marks the play with a
  ``truce`` event, and the battle in progress goes on unless another effect ends it: Mutiny!'s
  ``end_battle``); [decided] a Calm played later does not lift it (its power has acted, as
  ``cancel_spell``'s "what it did stays done") ("no battles can be fought until the player's
  next turn"; "prevents all attacks against all players until this player's next turn")
- ``immune_to_world_powers``: while this card is in play for its owner (in its pool, on a
  champion of its pool or in the round), the owner's champion in the round is immune to the
  special powers, not the levels, of the other side's champion and allies of one of the
  worlds ``condition.vs_worlds`` (read of each such card, not only of the opposing champion):
  their powers are taken away for the round, as ``negate_powers`` takes them ([decided]: their
  powers on their own side's total go too), but their own immunities, which act on no champion
  of the owner, stay (audit 4: Adam) ("this player's champions are immune to the
  special powers (but not the levels) of all Ravenloft champions and allies") [condition]
- ``function_as``: the champion carrying this card functions, in each round, as one of the
  champion types ``card_types``, its owner's choice before the round: [decided] read from its
  plays as ``fight_as``: a wizard in a round in which its side casts a wizard spell, a cleric
  in one with a cleric spell (the card's ``one_spell_type`` bars the other type once one is
  cast in the round), a hero in one with an unarmed combat card (the form locked for the round
  as ``fight_as``'s), else its printed type when it is one of them, else the first of them
  ("can function as a hero, wizard, cleric, or monster; the player chooses which type of
  champion before each round") [card_types]
- ``escape_to_limbo``: the champion carrying this card is never discarded: wherever it would
  go to the discard pile it goes, with its attachments, to its owner's Limbo; in the whole
  game it returns to its pool at the end of its player's next turn (``battle/labyrinth.py``,
  ``GameState.returning``) ("a champion with this map is never discarded; if defeated, he
  escapes into the labyrinth and returns to the player's pool at the end of the player's next
  turn")
- ``bribe``: card play, as the round's first card (either side: a winning side holding it is
  offered it first): the opposing champion returns to its pool and may not be presented again
  in this battle (``Battle.bribed``); its player presents another champion or loses the
  battle (the defender: declines, the realm razed; the attacker: ends the attack, the battle
  lost, no spoils); [decided] a bribed attacker's opponent takes its champion back too and
  chooses again after the attacker (seed 000 steps B-C come in that order); a realm
  defending itself is no champion to bribe ("play immediately after champions are selected.
  The bribed champion returns to the owner's pool and that player must select another
  champion or lose the battle")

Added for the 4th Edition, third pass (issue 13, c4th3a):

Existing kinds read more (no new field): ``cards_barred`` reads the ``mark`` (only the
other side's cards of those types with that mark are barred: "no offensive wizard spells may
be played against champions defending the attached realm", Blackstaff Tower;
``battle/legal._opposing_bars``); ``not_attackable_by`` reads ``condition.vs_not_attributes``
(the champions of ``card_types`` with none of those attributes may not attack: "heroes,
wizards, and clerics who are not elves cannot attack the attached realm", Grovnekevic Forest;
``battle/legal.gate``, ``Gate.bars_unless``); ``discard_after_razing`` on a realm: when the
realm is razed in a battle, by a round won, a declined defence or card play, the attacking
champion is discarded after the battle (the spoils drawn first); with the ``mark``
"combat", not when card play razes it ("if Raurin is razed, the attacking champion must be
discarded"; "if the Forest Ridge is razed through combat"; ``battle/aftermath.py``);
``only_attackable_by`` played into the round (a wall) reads ``card_types``: an attacking
champion of one of them passes ("only monsters can attack", Monstrous Intervention;
``battle/powers.wall``); ``halve_opposing_base`` reads the ``mark`` "avatar" (only an avatar
is halved: "avatars who attack this realm are halved in base level", Monastery of Perdien the
Damned); ``may_use`` acts from an event in the round as from an ally ("his heroes may all use
psionic power cards and blood abilities", Call to Arms; ``battle/legal.uses_of``);
``own_allies_barred`` reads ``attributes`` (only the owner's allies with one of them are
barred: "the naga instantly destroys all swimming allies", Nagawater); ``defend_as`` reads
``attributes``: a realm defending itself has them for the other side's conditions ("it can
defend itself as a level 8 elf wizard", Spindrift Isles; "this realm is defended by a
beholder", Lair of the Eye Tyrant; ``battle/facts.realm_defense_attributes``), and ``uses``:
the realm holds those codes while it defends itself ("a level 6 monster that can cast wizard
spells and use psionic power cards", Bluet Spur; ``battle/facts.realm_defense_uses``);
``double_level`` reads ``amount`` (the printed level counts that many times, 0 for twice: "any
halflings played in defense of the Jagged Cliffs are tripled in base level";
``battle/totals.base_level``); ``discard_opposing_champion`` reads the ``mark`` "losing" (only
a side losing as it plays the card discards; a realm defending itself is defeated, losing the
round: "if on the losing side of a battle ... that champion is automatically defeated and is
discarded", Ambush); ``realm_immune_harmful_events`` also keeps harmful events off the realm
when it defends itself ("the attached realm ... is immune to ... harmful events", Moonwell;
``battle/shields.realm_guards``).

- ``not_attackable_via_underdark``: on a realm, the other player's Underdark realms
  (``realms_attack_anywhere``) do not open it: it is attacked only as its position and powers
  allow ("because of the dwarves, the Delving is immune to attack via Underdark realms")
- ``realm_immune_offensive``: on a realm, that realm; on a holding, its attached realm, or with
  the ``mark`` "player" every standing realm of its player of whom the condition holds
  (``realm_worlds``): the other side's (Off) cards of ``card_types`` neither raze nor discard
  it (``battle/shields.realm_shielded``), and when it defends itself they have no effect on
  it, as ``immune_to`` ("the Reorxcrown Mountains ... is immune to offensive wizard spells";
  "this player's Greyhawk realms are immune to offensive spells", Fortification: Parapet)
  [card_types, mark, condition]
- ``not_attackable_by_armed``: on a realm, a champion carrying a magical item or an artifact
  may not attack it; cards played in the battle are not barred ("champions with attached
  artifacts or magical items cannot attack this realm, though they can be added during
  battle", Ur Draxa; ``battle/legal.passes``)
- ``only_attackable_by_casters``: on a realm, only a champion that may cast wizard or cleric
  spells (by its type, its own uses or a card it carries) may attack it ("only champions able
  to cast spells can attack Euripis"; ``battle/legal.casts_spells``)
- ``named_holdings_negated``: while this card is in play, a holding in play (of either player)
  whose name begins with one of ``names`` gives no extra card in phase 1 (``extra_draw``: the
  only power of Arkhold, the holding it is compiled for: "negates any Arkhold holding in play",
  Points East Trading Guild; ``battle/hand.extra_draw``, read by ``game/rules.py``) [names]
- ``base_loss_per_card``: on a realm, the opposing (attacking) champion loses ``amount`` of its
  printed level for each card attached to it and each card on its side of the round, down to
  0; used up, it is defeated and discarded by card play ("an attacking champion loses 1 level
  from his base level for each card attached to him and for each card he plays in battle. If
  his base level is reduced to 0, he is defeated and discarded", Black Spear Tribes;
  ``battle/totals.base_loss_per_card``, ``battle/wear.worn_down``) [amount, condition]
- ``discarded_for_realm``: on a holding (not negated in the battle), when card play would
  discard the attached realm, the holding is discarded instead and the realm stays, standing
  or razed as it was; the battle goes on ("if something forces the attached realm to be
  discarded, this holding is discarded instead, and the realm remains in play", Keep of the
  Dead; ``battle/powers.discard_realm``)

Added for the booster sets, third pass (issue 13, cboost3):

- ``boost3_no_effect_on``: the card has no effect on an opposing champion the condition holds
  of: neither its bonus nor its other effects count (``battle/totals.affects``; "has no effect
  on undead champions", Vampiric Touch; "does not affect undead monsters", Chill Touch)
  [condition]

Fields read anew: ``attack_anywhere`` reads the condition's ``realm_attributes`` (the realm
attacked has one of them: "any Underdark realm", 42) and the ``mark`` "position": the realm's
position is waived, not its powers ("this monster and its allies can attack any Underdark
realm, regardless of position", the Umber Hulk; ``battle/legal.passes``).

Added for the last 1st Edition cards, second round (issue 13, c1st4):

- ``losing_side_starves``: when this card is in the round that ends the battle, on the side
  that loses the battle (a round lost, the attacking champion discarded by card play, the
  attacked realm razed or discarded by card play), no one draws spoils of victory, and the
  battle's winner (the only opponent: "this player's choice") discards its hand down to
  ``amount`` cards, [decided: its own choice, its best] keeping the cards of the highest printed
  level (champions) or bonus (the others), the first in hand order on a tie
  (``battle/starving.py``); a round that leaves the battle going on (a realm that must be
  defeated twice) loses no battle ("if on the losing side of a battle, no one gains a spoils of
  victory, and one opponent (this player's choice) must discard his hand down to two")
  [amount]

Read anew: ``defeat_twice`` on a realm that "is not flipped face down unless [it] is razed twice
in a row" (Nibenay; its Portuguese printing: "unless the realm is destroyed twice in one
battle": two won rounds of the same battle, the attacker presenting another champion after the
first, seed 000 step I).

Added for audit 4 (issue 13):

- ``any_holding``: on a realm, a holding of any world may be attached to it (the whole game's
  phase 2 and spoils: ``battle/facts.holding_fits``, read by ``game/plays.py``; "any holding
  can be attached to Euripis")

Added for the last 1st Edition cards (issue 13, last1st):

- ``rebuilds_razed_realm``: on a holding, it is attached only to a razed realm of its own world
  (with no holding), and attaching it rebuilds that realm at once, at no cost (the whole game's
  phase 2 and spoils: ``game/plays.holding_slots``, ``game/turn.rebuild_by_holding``; "attach
  this holding to a razed Greyhawk realm to rebuild it instantly", Arms of the Shield Lands)
- ``restore_killed``: outside battles (phase 3), every champion killed in the last battle (one
  that fought a round of it and is in its owner's discard pile) goes back to its owner's pool;
  played only when there is one ("all champions killed in the last battle are restored to the
  players' pools. play only after a battle is completely resolved", Silver Hands)

Added for the 1st Edition's last realm and holding cards (issue 13, first_b):

- ``ally_defends``: on a holding, the defender of the attached realm may present an ally from
  its hand as its defending champion (step C: the "champion from hand" action on the ally's
  slot); the ally fights as a hero [decided: the 4th Edition's wording, "to defend as a hero
  champion"] whose level is the ally's printed bonus, and goes to its owner's discard pile when
  the battle ends, whatever its outcome ("the attached realm can use any ally as a champion.
  the ally is still discarded after the battle", South Ledopolus; ``legal._defender_choices``,
  ``forms.in_form``, ``judge.discard_ally_champions``)
- ``ally_to_champion``: on a magical item, outside battles (phase 3: ``play_outside`` on the
  item), the strongest ally in the player's hand [decided: the largest bonus, then the first in
  the hand; the actions cannot name a hand card] goes into the pool as a champion, a hero
  whose level is its bonus (``battle/forms.as_champion``), carrying the item; it leaves the
  pool as a champion does ("attach this item to an ally from your hand. the ally becomes a
  champion (hero) until discarded for any reason. its level is unchanged", Magical Champion;
  ``game/outside_first.py``)
- ``shares_holdings``: on a realm, the holdings attached to its player's standing realms named
  in ``names`` apply to it too, as if attached to it (their bonus, walls, powers and
  activation; they stay where they are: ``battle/shared_holdings.py``) ("any holding attached
  to the great kingdom also applies to this realm", The Sea Barons)

Added for the cards of chance (issue 13, c1st5; the game's seeded, hidden chance:
``battle/luck.py``):

- ``chance_shuffled_back``: when the card's side loses a round, the card goes from its owner's
  discard pile (where the lost round sent it) into its owner's draw pile at a position drawn
  by chance ("if Lolth is defeated, shuffle her back into the draw deck"; ``battle/chance.py``)
- ``chance_hand_discard``: each round the card's side wins, one card drawn by chance from the
  losing player's hand goes to that player's discard pile ("every time Shalbaal wins a round of
  battle, the player randomly draws one card from the defeated player's hand and discards it";
  ``battle/chance.py``)

Added for the 4th Edition, third pass (issue 13, c4th4):

- ``own_base_halved``: the owner's champion (the card's own, or the champion carrying it; on
  a rule card in play, each side's champion of which the condition holds: The Power of Faith,
  ``totals.side_wide``) fights at half its printed (base) level, rounded down, before a
  ``double_level`` doubles it
  (``totals.base_level``; the printed level stays what the other powers read); on a card whose
  level field reads ``-1/2`` (Dark Haven's, the only one) that field is the halving, not a -1
  bonus, and the card's bonus is 0 (``facts.facts_of``) ("but his base level is halved
  (rounded down)")
- ``hand_discards_weakest``: card play: the other player discards ``count`` cards of its hand,
  its own choice: [decided] its weakest, those of the lowest level or bonus (the first in its
  hand on a tie), as ``opponent_discards_weakest`` ("when played in battle, the opposing
  player must immediately discard two cards from his hand") [count, condition]
- ``shared_artifact``: on a champion in its owner's pool, the artifacts attached to it also
  function for the owner's champion in the round when that champion's name is one of
  ``names``: their bonus and powers are among that side's cards of the round
  (``totals.round_sides``; they stay attached where they are) ("an artifact attached to
  Aquamarina also functions for her sisters, Pearl and Amber") [names]
- ``offensive_world_only``: on a rule card in play, for both players: a champion of none of
  the worlds ``condition.self_worlds`` may not play (Off) cards of ``card_types``
  (``battle/rule_cards.world_barred``, read by ``legal.bars``; a realm defending itself has
  no world of a champion) ("only Ravenloft champions can cast offensive wizard spells")
  [card_types, condition]
- ``combat_level_cap``: on a rule card in play: no champion of printed level ``amount`` or
  more attacks or defends, either player's (``legal.available``, ``legal._defender_choices``)
  ("no champion of base level 7 or greater (before magical items and other attached
  modifiers) may be involved in combat") [amount]
- ``rule_world_gain``: on a rule card in play (or a card in the round), for both sides: each
  side's champion and each of its allies of one of the worlds ``condition.self_worlds`` gains
  ``amount`` levels (``totals.side_wide``, ``totals.rule_world_gain``) ("all Forgotten Realms
  champions and allies gain 1 level") [amount, condition]
- ``rule_allies_barred``: on a rule card in play, for both players: a side of whose champion
  the condition holds (read as the side's own: ``self_types``, the opposing champion's
  ``vs_attributes``) may not play allies of bonus ``amount`` or less (``legal.bars``) ("allies
  of less than +4 cannot be played against undead champions by non-clerics") [amount,
  condition]

Fields read anew: a champion's ``discard_opposing_holding`` acts at activation (step D), as it
enters each round it fights (Madman Enraged, "during combat, this ghoul ... destroys one of
the opposing player's holdings"); ``no_cards`` is read off a rule card in play, for both
players (``battle/rule_cards.barred_types``: Master the Magic, "allies and psionic power cards
cannot be played").

Powers acting outside battles, in phase 3 of the whole game (``game/outside.py``; issue 13,
outside): an event (or a spell whose mark lists phase 3, cast by a pool champion that may use
it) played by the player on turn in phase 3, its power applied at once. In battle mode these
cards are not played (their power never acts in a round). The player chooses the target a
kind names (``game/outside.py`` ``TARGETS``):

- ``draw_now``: the player draws ``amount`` cards at once; with the mark ``"all"`` every
  player does (Good Fortune, Treasure Fleet) [amount, mark]
- ``new_hands``: every player discards its hand and draws ``amount`` cards (Transformation!)
  [amount]
- ``kill_in_pool``: in one player's pool (the target), every champion of level ``amount`` or
  less (0 = any) with one of ``attributes`` (none = any) is discarded (Sunray, "kills all
  undead in one player's pool") [amount, attributes]
- ``truce_now``: no attack against any player until the player's next turn (Wall of Fog; the
  game's ``GameState.truce``)
- ``no_realm_plays``: no player may play or rebuild a realm until the player's next turn (Map of
  Life; ``GameState.realm_bar``)
- ``destroy_realm``: one realm in play (the target, any position) is discarded with its
  holding (Disintegrate)
- ``no_attack_this_turn``: the player makes no attack this turn (Disintegrate, Estate
  Transference; ``GameState.no_attack``)
- ``raise_dead``: a champion from the player's discard pile returns to its hand (Raise Dead)
- ``rebuild_each``: every player rebuilds one razed realm, for free (Safe Harbor!)
- ``each_discards_champion``: every player discards one champion from its pool (Enslaved!)
- ``bench_champion``: one champion in a pool (the target) can neither attack nor defend until
  the end of its owner's next turn (Geas; ``GameState.benched``)

Powers triggered in the whole game outside battles, by a realm, holding, champion, ally or item
(``game/triggers.py``; issue 13, trig). The card is played as before (a realm in phase 2, an ally
in a round...); its power acts when the game engine sees the moment it names. In battle mode
they change nothing. Not :data:`OUTSIDE_KINDS`: the card is never played in phase 3 for them.

- ``draw_when_played``: when the realm is played (with the mark ``"rebuilt"``: or rebuilt), its
  player draws ``amount`` cards (Temple of Elemental Evil, Haunted Hall of Eveningstar)
  [amount, mark]
- ``draw_per_card_played``: while the card is in play (a standing realm's holding), its player
  draws one card every time a card of ``card_types`` is played, by either player, or with the
  mark ``"own"`` by the player only (Mulmaster, "every time a spell card is played";
  Fortification: Breastwork, "every time you play an event") [card_types, mark]
- ``shuffle_discards_back``: when the card is discarded, its owner shuffles its whole discard
  pile back into its draw pile (Myrmidons)
- ``must_attack``: the champion (or the champion carrying the card) must attack on its owner's
  turn, or it is discarded when that turn ends (Joliet the Rash, Crystal of the Ebon Flame)
- ``idle_hand_discard``: when its owner's turn ends and the champion (in the pool) has not
  attacked that turn, one card drawn by chance from the opponent's hand is discarded (Hettman
  Tsurin)
- ``removes_when_played``: when the realm is first played (not rebuilt), one opposing pool
  champion of ``card_types`` is discarded (Furyondy, "remove one wizard from play"), or with
  the mark ``"abyss"`` sent to its owner's Abyss (Rhuobhe, "send any regent to the Abyss")
  [card_types, mark]
- ``raise_on_defeat``: when the champion loses a round and goes to the discard pile, its
  player takes one other champion from its discard pile into its hand (Amarill)
- ``draw_when_realm``: while the card is in play, its player draws ``amount`` cards whenever a
  realm named one of ``names`` is played or razed, either player's (Duchy of Tenh,
  Menzoberranzan) [amount, names]
Added for the 4th Edition and the booster sets, outside battles (issue 13, out4th:
``game/outside_4th.py``; the [decided] choices are documented at each resolver):

- ``others_discard``: every other player discards ``amount`` cards of its hand, its weakest
  (Hurricane!, "all other players must discard one card") [amount]
- ``reshuffle_discards``: one player's (the target's) discard pile goes into its draw pile,
  which is shuffled (Provocation)
- ``discards_back``: the cards of ``card_types`` / with one of ``attributes`` in the player's
  discard pile (every player's with the mark ``"all"``) go back into their owners' draw piles,
  which are shuffled (Elven Rebirth, Recall) [card_types, attributes, mark]
- ``bench_pool``: every champion in one player's pool (the target) can neither attack nor
  defend until the end of that player's next turn (Enthrall; ``GameState.benched``)
- ``bench_for_good``: one champion in the other player's pool (the target) can neither attack
  nor defend while it stays there ("until the fear is dispelled": Fear, Otto's Irresistible
  Dance; ``GameState.benched``)
- ``raze_bare_realm``: one standing realm with no holding (the target) is razed (Creeping
  Doom)
- ``discard_razed_realm``: one razed realm (the target) is discarded with its holding
  (Dissolution)
- ``champion_to_abyss``: one champion in a pool (the target) goes to its owner's Abyss
  (Takhisis's Abyssal Gateway)
- ``discard_to_abyss``: one champion of a player's discard pile (the target's) goes to its
  Abyss (Ward of Sleep)
- ``item_to_top``: a card of ``card_types`` of the player's draw pile goes on top of it (Locate
  Object) [card_types]
- ``rebuild_by_champion``: the player rebuilds one razed realm and discards a champion of its
  pool (Labor of Legend)
- ``hand_down_to``: the other player discards its hand down to ``amount`` cards (Cold Cup of
  Calamity) [amount]
- ``retrieve_card``: a champion or an ally of the player's discard pile returns to its hand
  (Heal)
- ``destroy_pool_item``: a magical item or artifact on a pool champion (the target) is
  discarded (Transmute Metal to Wood); with the mark ``"any"``, any card attached to it,
  whatever its powers (Sacred Flame) [mark]
- ``stack_opponent_draw``: ``count`` cards of the other player go on top of its draw pile,
  from its discard pile with the mark ``"discard"`` (Deja Vu), else from its draw pile
  (Espionage!) [count, mark]
- ``arrange_top``: the player arranges the top ``count`` cards of its draw pile (Rengarth
  Oracle) [count]
- ``self_to_abyss``: the card played goes to its owner's Abyss, not its discard pile
  (Rengarth Oracle, "when finished, send this card to the Abyss")
- ``discard_champion_over``: one pool champion (the target) of printed level ``amount`` or more
  is discarded (Death Field) [amount]
- ``pool_items_unless_digit``: one player (the target) draws and discards a card, noting its
  last digit; above ``amount``, every magical item and artifact in its pool is discarded
  (Mordenkainen's Disjunction) [amount]
- ``bar_pool_attacks``: the champions in one player's pool (the target: Death Fog's, after its
  ``kill_in_pool``, the survivors) may defend but not attack until the end of that player's
  next turn (``GameState.attack_barred``)
- ``discard_one_in_pool``: one champion of adjusted level ``amount`` or less (printed level
  plus its cards' bonuses) in one player's pool (the target) is discarded (Drain Will)
  [amount]
- ``discard_drawn_realms``: the realms among the cards each player just drew (the card's
  ``draw_now``) are discarded (Storm at Sea; issue 13, out1: ``game/outside_more.py``)
- ``each_discards_front_realm``: every player discards the realm of its front rank (Siege)
- ``each_discards_realm``: every player discards one realm, from its hand or its formation
  (Barbarian Raiders!)
- ``each_discards_any_champion``: every player discards one champion from its hand or pool
  (Dragon Rage!)
- ``discard_from_hands``: the player sees the other player's hand and discards ``count`` of its
  cards (Discovery of Spellfire) [count]
- ``realm_to_abyss``: one realm (the target, any position) and its holding go to their owner's
  Abyss (Estate Transference)
- ``cast_only_by``: only a pool champion of printed level ``amount`` or more (when given) and
  with one of ``attributes`` (when given) may cast the card ("cast only by level 13+
  champions", Breath of Death; "castable only by dragons", Firetrail; of one of
  ``condition.self_worlds`` when given: "castable only by dragonlance champions", Spectral
  Dragon) [amount, attributes, condition]
- ``discard_holding``: the holding on one realm (the target) is discarded (Firetrail)
- ``target_only``: the card's target champion must be of one of ``card_types`` ("cast only on
  a hero", Maximillian's Earthen Grasp) [card_types]
- ``kill_opposing_pool``: every champion of printed level ``amount`` or less in the other
  player's pool is discarded (Spectral Dragon) [amount]

Powers of a card in play acting at the start of its player's turn, outside battles (issue 13,
turn2: ``game/turn_powers.py``, called by the game engine as a turn begins at phase 0). The card
is played as before (a realm in phase 2, a champion in phase 3...); in battle mode these powers
change nothing.

- ``kill_at_turn_start``: while the realm stands, at the start of its player's turn one
  champion of any pool is discarded, and then the realm is razed ("player can eliminate one
  champion from any pool at the start of his turn. This realm is then razed.": The Scarlet
  Brotherhood)
- ``limbo_at_turn_start``: while the realm stands, at the start of its player's turn one pool
  champion goes with its attachments to its owner's Limbo, and returns to its pool at the end
  of that owner's next turn ("at the start of this player's turn, send one champion to Limbo
  until the end of that player's next turn": The Horned Society, 3rd Edition)
- ``discard_from_top``: while the card is in play (a pool champion or what it carries), at the
  start of its player's turn the player looks at the top ``count`` cards of a draw pile and
  discards one ("he can look at the top card of any draw pile and discard it if he wants":
  Marco Volo; "can inspect the top three cards of any deck and discard one": Ren's Crystal
  Ball) [count]

The 1st Edition's last battle cards (issue 13, first_a):

- ``bonus_in_power``: the card's printed bonus is the number its power states, not a bonus of
  its own side: the card's bonus counts 0 (``battle/facts.facts_of``) and its other effects
  carry the number (Enlarge, "+3": "champion can attack flyers with an additional +3", a
  ``gain_levels`` against flyers only; Spell of Formless Horror, "-3": "reduce its level by
  3", an ``opponent_loses``)
- ``ignore_opponents``: the owner's champion ignores opposing cards with one of ``attributes``
  ("this champion ignores undead opponents": Invisibility to Undead): [decided] such an
  opposing champion counts base level 0 and its powers count for nothing against it, and such
  opposing allies and other cards neither add their bonus nor act on it (``battle/totals``)
  [attributes, condition]
- ``spells_cost_realm``: when a battle in which this champion cast one or more spells ends,
  its owner loses [decided] its last holding (shuffled back into its draw pile), else its last
  standing realm (razed) (Defiler: "if the defiler casts one or more spells, one friendly realm
  is razed or one friendly holding is shuffled back into the draw pile"; ``battle/defiler.py``)

Added for the 4th Edition cards reprinted in Artifacts and Forgotten Realms (issue 13, c4th5b;
the [decided] choices are documented at each resolver):

- ``each_digit_discards_champions``: outside battles (``game/outside_reprinted.py``), each
  player in turn draws and discards a card, noting its last digit, and every champion in its
  own pool of printed (base) level above that digit goes with its attachments to its discard
  pile ("each player must draw and discard a card, noting the last digit of the card number.
  Discard all champions in play whose base level is greater than this number", Black Bess)
- ``opponents_draw_fewer``: while the card is in play, each opponent of its player draws
  ``amount`` fewer cards in its phase 1, but at least one ("all opponents draw one fewer card
  than normal on their turns (minimum of one card)", The Ring of Winter; ``battle/hand.py``,
  read by ``game/rules.py``) [amount]
- ``rebuild_cost``: on a realm, rebuilding it (phase 2) costs ``amount`` cards from the hand
  instead of three ("if razed, this realm can be rebuilt by discarding only one card", New
  Giustenal); on a champion in its player's pool, so does rebuilding any of that player's
  razed realms ("when in a pool, this champion allows a razed realm to be rebuilt by
  discarding only one card", The Builder) (``game/plays.rebuild_cost``) [amount]

- ``spells_kept``: on a magical item, when its champion's side wins a round, up to ``count``
  of the wizard and cleric spells that side cast in the round go back to its player's hand
  instead of the discard pile ("the spellcaster with this item can retain up to two spells
  after winning a round of combat to use in another battle. Only phase 4 spells can be
  saved", Spellbook; ``battle/aftermath``) [count]

- ``loser_item_or_realm``: on an ally, when a round it is in is over, the player who lost it
  discards one magical item or artifact from its pool or hand, or else razes one of its
  realms ("after a round of combat is resolved when using this ally, the losing player must
  immediately discard one magical item or artifact from his pool or hand, or raze one of his
  realms", Flaming Fist; ``battle/aftermath_more.item_or_raze``)

- ``attackers_stripped``: on a realm, each champion attacking it discards the magical items
  or the artifacts it carries, and may not add more of that type in the battle ("champions
  attacking Celik must discard all attached magical items or artifacts (attacker's choice),
  and cannot add more of the type chosen during battle", Celik; ``battle/strip.py``)

- ``pool_destroys_ally``: on a champion in its player's pool (not in the round), once in each
  round of its player's battles, the first opposing ally of bonus ``amount`` or less played
  into the round is discarded ("if in a player's pool, the stone giant may destroy one enemy
  ally of level 4 or less during each round of combat", Stone Giant;
  ``battle/pool_powers.py``) [amount]

- ``bonus_from_digit``: each round the card is in (carried into it, or played), its player
  draws and discards a card; the last digit of that card's number is the card's bonus for the
  round ("draw and discard a card each time the wand is used in combat, noting the last digit
  of the card's number. The wand's level bonus is equal to that digit", Wand of Wonder;
  ``battle/wonder.py``, ``Battle.digits``)

- ``hand_card_turned``: as the card is played into a round, one card drawn at random from the
  opponent's hand is played on the card's side if it may be, else discarded ("when used in
  combat, this player can draw one card at random from his opponent's hand, playing it
  against the opponent if possible, discarding it otherwise", Ninjas; ``battle/ninjas.py``)

``not_attackable_by`` reads ``names`` (c4th5b): a champion whose name holds one of them is not
barred by it ("New Giustenal cannot be attacked by flyers (except Dregoth)"; ``battle/legal``).

Cards printed in both the 3rd and the 4th Edition (issue 13, c4th5a); outside battles in
``game/outside_both.py``:

- ``discard_opposing_pool_champion``: one champion of the other player's pool (the target,
  chosen by the card's player) is discarded with its attachments ("all opposing players must
  discard one champion from their pool (chosen by this player)": Slave Revolt!)
- ``each_wide_discards_realm``: every player with ``amount`` or more unrazed realms in its
  formation discards a realm from its formation or two realms from its hand (The Barbarian's
  Revenge!) [amount]

In battles (``battle/powers_both.py``):

- ``cast_discard_draw``: each time the side of this champion casts a wizard or cleric spell in
  a round, its player discards one card of its hand and draws one from its draw pile (Rogue
  Defiler of Tyr)
- ``allies_become``: each ally fighting on the owner's side in the round has the
  ``attributes`` too, for the conditions and filters that read attributes ("all allies
  played with it become undead": Lich Conclave) [attributes]
- ``later_allies_move``: each ally its side plays into the round after this card has the
  ``movement`` powers too ("all allies played after the elf galleon in this battle are also
  flyers and swimmers": Elf Galleon) [movement]
- ``toll_per_champion``: on a realm, the attacking player discards a card of its hand or pool
  for each champion it sends forward against the realm (Sembia)
- ``play_opposing_top``: on an ally, when it enters the round its player draws the top card of
  the other player's draw pile and plays it at once when it may, else discards it (Galek)
- ``sacrifice_shuffled_back``: on a champion, discarded from its pool to pay an avatar's cost
  (``avatar_cost``), it is shuffled into its owner's draw pile instead (Nenioc; the whole
  game: ``game/turn.py``)
- ``stays_with_champion``: on an ally, played with a champion of whom the condition holds (of
  one of ``condition.self_worlds``), it stays attached to that champion when the champion
  leaves the round alive, until the champion is discarded (Gladiators) [condition]

The 1st Edition's powers over the turns and the hands (issue 13, first_c: ``game/between.py``,
``game/seen.py``); in battle mode they change nothing:

- ``extra_turn``: an event played between two turns (after phase 5 of one, before phase 0 of
  the next) by either player: it takes a whole turn at once, then the turn that was due
  follows ("Play only between two player's turns. The player of this event can take a turn
  immediately. Afterward, play resumes where it left off.": The Caravan). Never played in a
  round nor in phase 3.
- ``cup_return``: while the card is attached to a pool champion, its owner may discard three
  cards from the hand in its phase 5; one card of its discard pile then returns to its hand
  ("If the player discards three cards from his hand at the end of his turn, he can return any
  one card from the discard pile to his hand.": Cup of Al'Akbar)
- ``see_hand``: while the card is in play (a pool champion or what it carries), at the start of
  its owner's turn the owner sees the opponent's hand (Ring of All Seeing: "to look at one
  player's hand"; Annulus: "to examine an opponent's hand"); the whole game's observation shows
  the cards seen (``game/seen.py``)
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import Enum
from typing import Any


class EffectKind(str, Enum):
    """What an effect does (see the module table)."""

    GAIN_LEVELS = "gain_levels"
    ALLIES_GAIN = "allies_gain"
    OPPONENT_LOSES = "opponent_loses"
    DEFEND_AS = "defend_as"
    IMMUNE_OFFENSIVE_SPELLS = "immune_offensive_spells"
    IMMUNE_TO = "immune_to"
    CHAMPIONS_IMMUNE = "champions_immune"
    NOT_ATTACKABLE_BY = "not_attackable_by"
    DOUBLE_LEVEL = "double_level"
    DESTROY_CHAMPION = "destroy_champion"
    DISCARD_ALLIES = "discard_allies"
    MAY_USE = "may_use"
    ATTACK_AGAIN = "attack_again"
    DEFEAT_TWICE = "defeat_twice"
    RAZE_REALM = "raze_realm"
    DISCARD_OPPOSING_CHAMPION = "discard_opposing_champion"
    DISCARD_OWN_CHAMPION = "discard_own_champion"
    PLAY_ANY_TIME = "play_any_time"
    WIN_ROUND = "win_round"
    HAND_SIZE = "hand_size"
    EXTRA_DRAW = "extra_draw"
    DESTROY_ALLIES = "destroy_allies"
    ALLIES_BARRED = "allies_barred"
    OWN_ALLIES_BARRED = "own_allies_barred"
    OPPOSING_ALLIES_LOSE = "opposing_allies_lose"
    DOUBLE_ALLIES = "double_allies"
    ONLY_ATTACKABLE_BY = "only_attackable_by"
    LOSE_ROUND = "lose_round"
    DEFEAT_TWICE_CHAMPION = "defeat_twice_champion"
    CANCEL_SPELL = "cancel_spell"
    GAIN_MOVEMENT = "gain_movement"
    SPELLS_BARRED = "spells_barred"
    NO_SPELLS = "no_spells"
    CANNOT_ATTACK = "cannot_attack"
    ALLIES_LIMIT = "allies_limit"
    DESTROY_ITEMS = "destroy_items"
    STEAL_ALLY = "steal_ally"
    NEGATE_HOLDINGS = "negate_holdings"
    SINGLE_USE = "single_use"
    DEFENDERS_BARRED = "defenders_barred"
    ALL_ALLIES_GAIN = "all_allies_gain"
    ALL_CHAMPIONS_GAIN = "all_champions_gain"
    DESTROY_ALL = "destroy_all"
    END_BATTLE = "end_battle"
    ESCAPE = "escape"
    GAIN_PER_OPPOSING_ALLY = "gain_per_opposing_ally"
    GAIN_PER_OWN_ALLY = "gain_per_own_ally"
    ITEMS_GAIN = "items_gain"
    CANCEL_EVENT = "cancel_event"
    DEFENSE_ONLY = "defense_only"
    GAIN_IF_OWN_CARDS = "gain_if_own_cards"
    GAIN_IF_OPPOSING_ALLIES = "gain_if_opposing_allies"
    HALVE_OPPOSING_ALLIES = "halve_opposing_allies"
    FIRST_ALLY_BONUS = "first_ally_bonus"
    DOUBLE_CARD_BONUS = "double_card_bonus"
    WALL_MIN_LEVEL = "wall_min_level"
    DESTROY_CHAMPION_ARMED = "destroy_champion_armed"
    DESTROY_ALLIES_TOTAL = "destroy_allies_total"
    IMMUNE_TO_NAMED = "immune_to_named"
    AVENGE_DISCARD = "avenge_discard"
    AVENGE_RAZE = "avenge_raze"
    AVENGE_PURGE = "avenge_purge"
    AVENGE_OWN_HOLDING = "avenge_own_holding"
    DISCARD_AFTER_ROUND = "discard_after_round"
    AVATAR_COST = "avatar_cost"
    ALLIES_BARRED_FROM = "allies_barred_from"
    RAZE_AT_ONCE = "raze_at_once"
    OPPONENT_ESCAPES = "opponent_escapes"
    ANY_ARTIFACTS = "any_artifacts"
    IMMUNE_EXCEPT_NAMED = "immune_except_named"
    OWN_SPELLS_BARRED = "own_spells_barred"
    REALMS_NOT_ATTACKABLE_BY = "realms_not_attackable_by"
    HALVE_OPPOSING = "halve_opposing"
    ONE_SPELL_TYPE = "one_spell_type"
    DISCARD_WINNING_ATTACKER = "discard_winning_attacker"
    DESTROY_POOL_CHAMPIONS = "destroy_pool_champions"
    ALL_REALMS_NOT_ATTACKABLE_BY = "all_realms_not_attackable_by"
    REALMS_ALLIES_GAIN = "realms_allies_gain"
    HALVE_OPPOSING_CARDS = "halve_opposing_cards"
    SWITCHED_ALLIES_LOSE = "switched_allies_lose"
    SPELL_VETO = "spell_veto"
    NEGATE_WALLS = "negate_walls"
    ATTACK_ANYWHERE = "attack_anywhere"
    DISCARD_REALM = "discard_realm"
    CHAMPIONS_GAIN = "champions_gain"
    LEND_FROM_POOL = "lend_from_pool"
    RESTORE_REALM = "restore_realm"
    RAZE_FIRST_REALMS = "raze_first_realms"
    DESTROY_ALLY_OR_ITEM = "destroy_ally_or_item"
    DISCARD_ARMED_CHAMPION = "discard_armed_champion"
    REALM_IMMUNE_HARMFUL_EVENTS = "realm_immune_harmful_events"
    LEVELS_OR_ITEM = "levels_or_item"
    TAKE_ALLY_FROM_HAND = "take_ally_from_hand"
    EXTRA_SPOILS_IF_DEFEATED = "extra_spoils_if_defeated"
    EXTRA_SPOILS_IF_RAZES = "extra_spoils_if_razes"
    TURN_SPELL = "turn_spell"
    DISPEL_ALL = "dispel_all"
    NOT_CANCELABLE = "not_cancelable"
    PICK_OPPONENT = "pick_opponent"
    DRAW_AND_PLAY = "draw_and_play"
    CARRIED_ONLY_BY = "carried_only_by"
    IMMUNE_TO_SLAYING = "immune_to_slaying"
    ZERO_OPPOSING_LEVEL = "zero_opposing_level"
    EVENTS_BARRED = "events_barred"
    ALLIES_STAY = "allies_stay"
    GAIN_PER_OWN_CARDS = "gain_per_own_cards"
    CARDS_BARRED = "cards_barred"
    NO_CARDS = "no_cards"
    IMMUNE_HARMFUL_EVENTS = "immune_harmful_events"
    ALLIES_ONLY = "allies_only"
    IMMUNE_TO_WEAK = "immune_to_weak"
    OPPOSING_ALLIES_LOSE_UNLESS = "opposing_allies_lose_unless"
    NOT_ATTACKABLE_BY_WEAK = "not_attackable_by_weak"
    NAMESAKE_BONUS = "namesake_bonus"
    ITEMS_BARRED_OVER = "items_barred_over"
    WIN_OVER_TOTAL = "win_over_total"
    GAIN_PER_OTHER_ALLY = "gain_per_other_ally"
    PSIONICS_VETO = "psionics_veto"
    NOT_ATTACKABLE_BY_NAMED = "not_attackable_by_named"
    REALMS_ALLIES_DOUBLED = "realms_allies_doubled"
    OPPONENTS_HAND_SIZE = "opponents_hand_size"
    NEGATE_POWERS = "negate_powers"
    ITEMS_KEPT = "items_kept"
    DISCARD_AFTER_RAZING = "discard_after_razing"
    OPPOSING_TO_ABYSS = "opposing_to_abyss"
    BACK_TO_HAND = "back_to_hand"
    USABLE_ONLY_BY = "usable_only_by"
    REALMS_ATTACK_ANYWHERE = "realms_attack_anywhere"
    USABLE_BY_ANY = "usable_by_any"
    HALVE_OPPOSING_BASE = "halve_opposing_base"
    # 4th Edition, third pass (issue 13, c4th3b)
    DEFEATED_UNLESS_HAS = "defeated_unless_has"
    DISCARD_ATTACKED_HOLDING = "discard_attacked_holding"
    DEFEATED_BELOW = "defeated_below"
    DESTROY_ONE_ANYWHERE = "destroy_one_anywhere"
    DEFEATS_REALM_CHAMPION = "defeats_realm_champion"
    ADND_ARTIFACTS = "adnd_artifacts"
    DOUBLE_LATER_ALLY = "double_later_ally"
    GAIN_VS_NONSPELLCASTERS = "gain_vs_nonspellcasters"
    DOUBLE_NAMED = "double_named"
    AVATARS_BARRED = "avatars_barred"
    CASTS_NAMED_ONLY = "casts_named_only"
    IMMUNE_TO_NEEDING = "immune_to_needing"
    STAYS_IN_POOL = "stays_in_pool"
    DEVOUR_ITEMS = "devour_items"
    # 4th Edition, third pass (issue 13, c4th3c)
    OPPONENT_LOSES_OWN_BASE = "opponent_loses_own_base"
    ALLIES_UNDER_CARD_DIGIT = "allies_under_card_digit"
    DISCARD_HIGHEST_PLAYED = "discard_highest_played"
    DISCARD_OPPOSING_HOLDING = "discard_opposing_holding"
    OPPONENT_DISCARDS_WEAKEST = "opponent_discards_weakest"
    ESCAPE_BY_SACRIFICE = "escape_by_sacrifice"
    NO_EVENTS_IN_PLAY = "no_events_in_play"
    NO_MOVEMENT_REQUIRED = "no_movement_required"
    ALLY_BARS_IGNORED = "ally_bars_ignored"
    DEFENSE_RAZES_ATTACKER = "defense_razes_attacker"
    DRAW_DIGIT_DEFEATS = "draw_digit_defeats"
    DRAW_DIGIT_DISCARDS_ATTACKER = "draw_digit_discards_attacker"
    DRAW_DIGIT_ALLIES = "draw_digit_allies"
    ARTIFACT_MOVES_ON_DEFEAT = "artifact_moves_on_defeat"
    # Added for the last 1st Edition cards (issue 13, c1st3)
    FIGHT_AS = "fight_as"
    ASSUME_LEVEL = "assume_level"
    SPELLS_BARRED_NAMED = "spells_barred_named"
    PLAYED_TO_ABYSS = "played_to_abyss"
    END_OF_TURN_DISCARD = "end_of_turn_discard"
    TRUCE = "truce"
    IMMUNE_TO_WORLD_POWERS = "immune_to_world_powers"
    FUNCTION_AS = "function_as"
    ESCAPE_TO_LIMBO = "escape_to_limbo"
    BRIBE = "bribe"
    # Added for the 4th Edition, third pass (issue 13, c4th3a)
    NOT_ATTACKABLE_VIA_UNDERDARK = "not_attackable_via_underdark"
    REALM_IMMUNE_OFFENSIVE = "realm_immune_offensive"
    NOT_ATTACKABLE_BY_ARMED = "not_attackable_by_armed"
    ONLY_ATTACKABLE_BY_CASTERS = "only_attackable_by_casters"
    NAMED_HOLDINGS_NEGATED = "named_holdings_negated"
    BASE_LOSS_PER_CARD = "base_loss_per_card"
    DISCARDED_FOR_REALM = "discarded_for_realm"
    # Added for the booster sets, third pass (issue 13, cboost3):
    BOOST3_NO_EFFECT_ON = "boost3_no_effect_on"
    # Added for the last 1st Edition cards, second round (issue 13, c1st4)
    LOSING_SIDE_STARVES = "losing_side_starves"
    # Added for audit 4 (issue 13)
    ANY_HOLDING = "any_holding"
    # Added for the cards of chance (issue 13, c1st5)
    CHANCE_SHUFFLED_BACK = "chance_shuffled_back"
    # Added for the last 1st Edition cards (issue 13, last1st)
    REBUILDS_RAZED_REALM = "rebuilds_razed_realm"
    RESTORE_KILLED = "restore_killed"
    # Added for the 1st Edition's last realm and holding cards (issue 13, first_b)
    ALLY_DEFENDS = "ally_defends"
    ALLY_TO_CHAMPION = "ally_to_champion"
    SHARES_HOLDINGS = "shares_holdings"
    CHANCE_HAND_DISCARD = "chance_hand_discard"
    # Added for the 4th Edition, third pass (issue 13, c4th4)
    OWN_BASE_HALVED = "own_base_halved"
    HAND_DISCARDS_WEAKEST = "hand_discards_weakest"
    SHARED_ARTIFACT = "shared_artifact"
    OFFENSIVE_WORLD_ONLY = "offensive_world_only"
    COMBAT_LEVEL_CAP = "combat_level_cap"
    RULE_WORLD_GAIN = "rule_world_gain"
    RULE_ALLIES_BARRED = "rule_allies_barred"
    # Outside battles, phase 3 of the whole game (issue 13, outside: game/outside.py).
    DRAW_NOW = "draw_now"
    NEW_HANDS = "new_hands"
    KILL_IN_POOL = "kill_in_pool"
    TRUCE_NOW = "truce_now"
    NO_REALM_PLAYS = "no_realm_plays"
    DESTROY_REALM = "destroy_realm"
    NO_ATTACK_THIS_TURN = "no_attack_this_turn"
    RAISE_DEAD = "raise_dead"
    REBUILD_EACH = "rebuild_each"
    EACH_DISCARDS_CHAMPION = "each_discards_champion"
    BENCH_CHAMPION = "bench_champion"
    # Triggered in the whole game outside battles (issue 13, trig: game/triggers.py).
    DRAW_WHEN_PLAYED = "draw_when_played"
    DRAW_PER_CARD_PLAYED = "draw_per_card_played"
    SHUFFLE_DISCARDS_BACK = "shuffle_discards_back"
    MUST_ATTACK = "must_attack"
    IDLE_HAND_DISCARD = "idle_hand_discard"
    REMOVES_WHEN_PLAYED = "removes_when_played"
    DRAW_WHEN_REALM = "draw_when_realm"
    RAISE_ON_DEFEAT = "raise_on_defeat"
    # Outside battles: the 4th Edition and the booster sets (issue 13, out4th:
    # game/outside_4th.py).
    OTHERS_DISCARD = "others_discard"
    RESHUFFLE_DISCARDS = "reshuffle_discards"
    DISCARDS_BACK = "discards_back"
    BENCH_POOL = "bench_pool"
    BENCH_FOR_GOOD = "bench_for_good"
    RAZE_BARE_REALM = "raze_bare_realm"
    DISCARD_RAZED_REALM = "discard_razed_realm"
    CHAMPION_TO_ABYSS = "champion_to_abyss"
    DISCARD_TO_ABYSS = "discard_to_abyss"
    ITEM_TO_TOP = "item_to_top"
    REBUILD_BY_CHAMPION = "rebuild_by_champion"
    HAND_DOWN_TO = "hand_down_to"
    RETRIEVE_CARD = "retrieve_card"
    DESTROY_POOL_ITEM = "destroy_pool_item"
    STACK_OPPONENT_DRAW = "stack_opponent_draw"
    ARRANGE_TOP = "arrange_top"
    SELF_TO_ABYSS = "self_to_abyss"
    BAR_POOL_ATTACKS = "bar_pool_attacks"
    DISCARD_ONE_IN_POOL = "discard_one_in_pool"
    CAST_ONLY_BY = "cast_only_by"
    DISCARD_HOLDING = "discard_holding"
    TARGET_ONLY = "target_only"
    KILL_OPPOSING_POOL = "kill_opposing_pool"
    DISCARD_CHAMPION_OVER = "discard_champion_over"
    # the 1st-3rd Editions, outside battles (issue 13, out1: game/outside_more.py)
    DISCARD_DRAWN_REALMS = "discard_drawn_realms"
    EACH_DISCARDS_FRONT_REALM = "each_discards_front_realm"
    EACH_DISCARDS_REALM = "each_discards_realm"
    EACH_DISCARDS_ANY_CHAMPION = "each_discards_any_champion"
    DISCARD_FROM_HANDS = "discard_from_hands"
    REALM_TO_ABYSS = "realm_to_abyss"
    POOL_ITEMS_UNLESS_DIGIT = "pool_items_unless_digit"
    # after a round, more (issue 13, after2: battle/aftermath_more.py)
    AVENGE_HOLDINGS = "avenge_holdings"
    AVENGE_DESTROY = "avenge_destroy"
    WIN_ROUND_RETRIEVE = "win_round_retrieve"
    ROUND_ALLY_TO_HAND = "round_ally_to_hand"
    ITEMS_SHUFFLED_BACK = "items_shuffled_back"
    ABYSS_TO_DISCARD = "abyss_to_discard"
    RAZED_RAZES_OPPONENT = "razed_razes_opponent"
    # a realm's power at the start of its player's turn (issue 13, turn2: game/turn_powers.py)
    KILL_AT_TURN_START = "kill_at_turn_start"
    LIMBO_AT_TURN_START = "limbo_at_turn_start"
    DISCARD_FROM_TOP = "discard_from_top"
    # the 1st Edition's last battle cards (issue 13, first_a)
    BONUS_IN_POWER = "bonus_in_power"
    IGNORE_OPPONENTS = "ignore_opponents"
    SPELLS_COST_REALM = "spells_cost_realm"
    # the 4th Edition reprinted in Artifacts / Forgotten Realms (issue 13, c4th5b)
    EACH_DIGIT_DISCARDS_CHAMPIONS = "each_digit_discards_champions"
    OPPONENTS_DRAW_FEWER = "opponents_draw_fewer"
    REBUILD_COST = "rebuild_cost"
    SPELLS_KEPT = "spells_kept"
    LOSER_ITEM_OR_REALM = "loser_item_or_realm"
    ATTACKERS_STRIPPED = "attackers_stripped"
    POOL_DESTROYS_ALLY = "pool_destroys_ally"
    BONUS_FROM_DIGIT = "bonus_from_digit"
    HAND_CARD_TURNED = "hand_card_turned"
    # printed in both the 3rd and the 4th Edition (issue 13, c4th5a)
    DISCARD_OPPOSING_POOL_CHAMPION = "discard_opposing_pool_champion"
    EACH_WIDE_DISCARDS_REALM = "each_wide_discards_realm"
    CAST_DISCARD_DRAW = "cast_discard_draw"
    ALLIES_BECOME = "allies_become"
    LATER_ALLIES_MOVE = "later_allies_move"
    TOLL_PER_CHAMPION = "toll_per_champion"
    PLAY_OPPOSING_TOP = "play_opposing_top"
    SACRIFICE_SHUFFLED_BACK = "sacrifice_shuffled_back"
    STAYS_WITH_CHAMPION = "stays_with_champion"
    # the 1st Edition's powers over the turns and the hands (issue 13, first_c)
    EXTRA_TURN = "extra_turn"
    CUP_RETURN = "cup_return"
    SEE_HAND = "see_hand"


class When(str, Enum):
    """The side of the battle on which an effect applies."""

    ALWAYS = "always"
    ATTACKING = "attacking"
    DEFENDING = "defending"


@dataclass(frozen=True, slots=True)
class Condition:
    """When an effect applies: the owner's role and what the opposing champion is.

    ``vs_types`` are CrossFire type codes (``CardType`` values) of the opposing champion,
    ``vs_attributes`` CrossFire attribute ids (e.g. 8 dragon, 40 undead), ``vs_worlds`` world codes.
    An empty tuple means "any". ``self_types`` / ``self_worlds`` / ``self_attributes`` say the same
    of the owner's own champion; ``at_realm`` holds strings one of which the name of the realm
    fought over must contain (case-insensitive).
    """

    when: When = When.ALWAYS
    vs_types: tuple[int, ...] = ()
    vs_attributes: tuple[int, ...] = ()
    vs_worlds: tuple[int, ...] = ()
    self_types: tuple[int, ...] = ()
    self_worlds: tuple[int, ...] = ()
    self_attributes: tuple[int, ...] = ()
    at_realm: tuple[str, ...] = ()
    card_in_play: tuple[str, ...] = ()
    vs_not_attributes: tuple[int, ...] = ()
    realm_not_worlds: tuple[int, ...] = ()
    in_own_pool: tuple[str, ...] = ()
    realm_holding: bool = False
    realm_worlds: tuple[int, ...] = ()
    with_own_champions: tuple[int, ...] = ()
    self_levels: tuple[int, ...] = ()
    vs_levels: tuple[int, ...] = ()
    realm_attributes: tuple[int, ...] = ()
    self_names: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.when is not When.ALWAYS:
            out["when"] = self.when.value
        if self.realm_holding:
            out["realm_holding"] = True
        for name in _CONDITION_TUPLES:
            value = getattr(self, name)
            if value:
                out[name] = list(value)
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Condition:
        unknown = set(data) - {"when", "realm_holding", *_CONDITION_TUPLES}
        if unknown:
            raise ValueError(f"condition: unknown field(s) {sorted(unknown)}")
        try:
            when = When(data.get("when", "always"))
        except ValueError:
            raise ValueError(
                f"condition.when: {data.get('when')!r} is not one of {[w.value for w in When]}"
            ) from None
        return cls(
            when=when,
            vs_types=tuple(int(x) for x in data.get("vs_types", ())),
            vs_attributes=tuple(int(x) for x in data.get("vs_attributes", ())),
            vs_worlds=tuple(int(x) for x in data.get("vs_worlds", ())),
            self_types=tuple(int(x) for x in data.get("self_types", ())),
            self_worlds=tuple(int(x) for x in data.get("self_worlds", ())),
            self_attributes=tuple(int(x) for x in data.get("self_attributes", ())),
            at_realm=tuple(str(x) for x in data.get("at_realm", ())),
            card_in_play=tuple(str(x) for x in data.get("card_in_play", ())),
            vs_not_attributes=tuple(int(x) for x in data.get("vs_not_attributes", ())),
            realm_not_worlds=tuple(int(x) for x in data.get("realm_not_worlds", ())),
            in_own_pool=tuple(str(x) for x in data.get("in_own_pool", ())),
            realm_holding=bool(data.get("realm_holding", False)),
            realm_worlds=tuple(int(x) for x in data.get("realm_worlds", ())),
            with_own_champions=tuple(int(x) for x in data.get("with_own_champions", ())),
            self_levels=tuple(int(x) for x in data.get("self_levels", ())),
            vs_levels=tuple(int(x) for x in data.get("vs_levels", ())),
            realm_attributes=tuple(int(x) for x in data.get("realm_attributes", ())),
            self_names=tuple(str(x) for x in data.get("self_names", ())),
        )

    def holds(self, *, attacking: bool, vs_type: int | None = None,
              vs_attributes: Iterable[int] = (), vs_world: int | None = None,
              self_type: int | None = None, self_attributes: Iterable[int] = (),
              self_world: int | None = None, realm_name: str = "",
              names_in_play: Iterable[str] = (), realm_world: int | None = None,
              own_pool: Iterable[str] = (), realm_holding: bool | None = None,
              own_champions: Iterable[frozenset[int]] = (), self_level: int | None = None,
              vs_level: int | None = None, realm_attributes: Iterable[int] = (),
              self_name: str = "") -> bool:
        """Whether the condition holds for a card of the side that is ``attacking`` (or not).

        ``vs_*`` describe the opposing champion, ``self_*`` the owner's champion (for a realm
        defending itself: the champion type it defends as), ``realm_name`` the realm fought over,
        ``names_in_play`` the names of the cards in play anywhere, ``realm_world`` the world of
        the realm fought over, ``own_pool`` the names of the cards in the owner's pool,
        ``realm_holding`` whether that realm has a holding attached, ``own_champions`` the
        attribute sets of the owner's champions in play, ``self_level`` / ``vs_level`` the
        printed levels of the owner's and of the opposing champion, ``realm_attributes`` those
        of the realm fought over, ``self_name`` the owner's champion's name. A field the
        condition does not
        set is not read; a field it sets but the caller leaves unknown (``None`` / empty) fails,
        so an engine that cannot tell never applies a narrower effect by mistake.
        """
        if self.when is When.ATTACKING and not attacking:
            return False
        if self.when is When.DEFENDING and attacking:
            return False
        if self.vs_types and vs_type not in self.vs_types:
            return False
        if self.vs_attributes and not set(self.vs_attributes).intersection(vs_attributes):
            return False
        if self.vs_not_attributes and (vs_type is None or set(
                self.vs_not_attributes).intersection(vs_attributes)):
            return False  # an opposing champion without these ("nonflying attackers")
        if self.vs_worlds and vs_world not in self.vs_worlds:
            return False
        if self.self_types and self_type not in self.self_types:
            return False
        if self.self_attributes and not set(self.self_attributes).intersection(self_attributes):
            return False
        if self.self_worlds and self_world not in self.self_worlds:
            return False
        if self.at_realm and not any(r.lower() in realm_name.lower() for r in self.at_realm):
            return False
        if self.card_in_play:
            # The name begins with the wanted one ("Iuz" is Iuz the Evil; issue 13 audit: "The
            # Lands of Iuz", the realm itself, satisfied its own "if anyone has Iuz in play").
            names = [n.lower() for n in names_in_play]
            if not any(re.match(rf"{re.escape(want.lower())}\b", n)
                       for want in self.card_in_play for n in names):
                return False
        if self.realm_attributes and not set(self.realm_attributes).intersection(
                realm_attributes):
            return False  # "when defending an Underdark realm" (issue 13, 4th Edition)
        if self.self_names and not any(re.match(rf"{re.escape(want.lower())}\b",
                                                self_name.lower()) for want in self.self_names):
            return False  # "her or her sisters, Amber and Aquamarina" (issue 13, 4th Edition)
        return self._holds_more(realm_world, own_pool, realm_holding) and self._holds_4th(
            own_champions, self_level, vs_level)

    def _holds_4th(self, own_champions: Iterable[frozenset[int]], self_level: int | None,
                   vs_level: int | None) -> bool:
        """The fields added for the 4th Edition (issue 13): ``with_own_champions``,
        ``self_levels``, ``vs_levels``."""
        if not (_in_range(self.self_levels, self_level) and _in_range(self.vs_levels, vs_level)):
            return False
        if not self.with_own_champions:
            return True
        attribute, least = self.with_own_champions
        # The card itself is one of them (it carries the attribute: "other adventurers").
        return sum(1 for attrs in own_champions if attribute in attrs) >= least + 1

    def _holds_more(self, realm_world: int | None, own_pool: Iterable[str],
                    realm_holding: bool | None) -> bool:
        """The fields added for the 1st Edition long tail (issue 13)."""
        if self.realm_holding and not realm_holding:
            return False  # "a realm with an attached holding"
        if self.realm_worlds and realm_world not in self.realm_worlds:
            return False  # "Greyhawk realms"
        if self.realm_not_worlds and (realm_world is None
                                      or realm_world in self.realm_not_worlds):
            return False  # "realms from outside the Forgotten Realms": a known realm
        if self.in_own_pool:
            names = [n.lower() for n in own_pool]
            if not any(want.lower() in n for want in self.in_own_pool for n in names):
                return False
        return True

    @property
    def reads(self) -> frozenset[str]:
        """The context fields :meth:`holds` reads for this condition (engines can check that
        they supply them all)."""
        out = {"attacking"} if self.when is not When.ALWAYS else set()
        if self.realm_holding:
            out.add("realm_holding")
        for name, needs in (("vs_types", "vs_type"), ("vs_attributes", "vs_attributes"),
                            ("vs_not_attributes", "vs_attributes"),
                            ("vs_worlds", "vs_world"), ("self_types", "self_type"),
                            ("self_attributes", "self_attributes"),
                            ("self_worlds", "self_world"), ("at_realm", "realm_name"),
                            ("card_in_play", "names_in_play"),
                            ("realm_not_worlds", "realm_world"), ("in_own_pool", "own_pool"),
                            ("realm_worlds", "realm_world"),
                            ("with_own_champions", "own_champions"),
                            ("self_levels", "self_level"), ("vs_levels", "vs_level"),
                            ("realm_attributes", "realm_attributes"),
                            ("self_names", "self_name")):
            if getattr(self, name):
                out.add(needs)
        return frozenset(out)


def _in_range(bounds: tuple[int, ...], level: int | None) -> bool:
    """``level`` within (least, most) (0: no bound); an empty range holds; an unknown level
    fails."""
    if not bounds:
        return True
    if level is None:
        return False
    least, most = bounds
    return level >= least and (most == 0 or level <= most)


_CONDITION_TUPLES = ("vs_types", "vs_attributes", "vs_worlds", "self_types", "self_worlds",
                     "self_attributes", "at_realm", "card_in_play", "vs_not_attributes",
                     "realm_not_worlds", "in_own_pool", "realm_worlds", "with_own_champions",
                     "self_levels", "vs_levels", "realm_attributes", "self_names")

ALWAYS = Condition()

OUTSIDE_KINDS = frozenset({
    EffectKind.DRAW_NOW, EffectKind.NEW_HANDS, EffectKind.KILL_IN_POOL, EffectKind.TRUCE_NOW,
    EffectKind.NO_REALM_PLAYS, EffectKind.DESTROY_REALM, EffectKind.NO_ATTACK_THIS_TURN,
    EffectKind.RAISE_DEAD, EffectKind.REBUILD_EACH, EffectKind.EACH_DISCARDS_CHAMPION,
    EffectKind.BENCH_CHAMPION,
    # the 4th Edition and the booster sets (issue 13, out4th: game/outside_4th.py)
    EffectKind.OTHERS_DISCARD, EffectKind.RESHUFFLE_DISCARDS, EffectKind.DISCARDS_BACK,
    EffectKind.BENCH_POOL, EffectKind.BENCH_FOR_GOOD, EffectKind.RAZE_BARE_REALM,
    EffectKind.DISCARD_RAZED_REALM, EffectKind.CHAMPION_TO_ABYSS, EffectKind.DISCARD_TO_ABYSS,
    EffectKind.ITEM_TO_TOP, EffectKind.REBUILD_BY_CHAMPION, EffectKind.HAND_DOWN_TO,
    EffectKind.RETRIEVE_CARD, EffectKind.DESTROY_POOL_ITEM, EffectKind.STACK_OPPONENT_DRAW,
    EffectKind.ARRANGE_TOP, EffectKind.SELF_TO_ABYSS, EffectKind.DISCARD_CHAMPION_OVER,
    EffectKind.POOL_ITEMS_UNLESS_DIGIT, EffectKind.BAR_POOL_ATTACKS,
    EffectKind.DISCARD_ONE_IN_POOL, EffectKind.CAST_ONLY_BY, EffectKind.DISCARD_HOLDING,
    EffectKind.TARGET_ONLY, EffectKind.KILL_OPPOSING_POOL,
    # the 1st-3rd Editions (issue 13, out1: game/outside_more.py)
    EffectKind.DISCARD_DRAWN_REALMS, EffectKind.EACH_DISCARDS_FRONT_REALM,
    EffectKind.EACH_DISCARDS_REALM, EffectKind.EACH_DISCARDS_ANY_CHAMPION,
    EffectKind.DISCARD_FROM_HANDS, EffectKind.REALM_TO_ABYSS,
    # the last 1st Edition cards (issue 13, last1st: game/outside_more.py)
    EffectKind.RESTORE_KILLED,
    # the 4th Edition reprinted in AR / FR (issue 13, c4th5b: game/outside_reprinted.py)
    EffectKind.EACH_DIGIT_DISCARDS_CHAMPIONS,
    # the 1st Edition's last realm and holding cards (issue 13, first_b: game/outside_first.py)
    EffectKind.ALLY_TO_CHAMPION,
    # printed in both the 3rd and the 4th Edition (issue 13, c4th5a: game/outside_both.py)
    EffectKind.DISCARD_OPPOSING_POOL_CHAMPION, EffectKind.EACH_WIDE_DISCARDS_REALM})
"""The kinds acting outside battles, in phase 3 of the whole game (``game/outside.py``); a card
whose every effect is one of them is not played into a round."""

TRIGGER_KINDS = frozenset({
    EffectKind.DRAW_WHEN_PLAYED, EffectKind.DRAW_PER_CARD_PLAYED,
    EffectKind.SHUFFLE_DISCARDS_BACK, EffectKind.MUST_ATTACK, EffectKind.IDLE_HAND_DISCARD,
    EffectKind.REMOVES_WHEN_PLAYED, EffectKind.DRAW_WHEN_REALM, EffectKind.RAISE_ON_DEFEAT})
"""The kinds triggered in the whole game outside battles (``game/triggers.py``; issue 13,
trig): they never act in a battle, and their cards are played as their type says."""

TURN_START_KINDS = frozenset({EffectKind.KILL_AT_TURN_START, EffectKind.LIMBO_AT_TURN_START,
                              EffectKind.DISCARD_FROM_TOP})
"""The kinds of a card in play acting at the start of its player's turn
(``game/turn_powers.py``; issue 13, turn2): they never act in a battle, and their cards are
played as their type says."""

FIRST_C_KINDS = frozenset({EffectKind.EXTRA_TURN, EffectKind.CUP_RETURN,
                           EffectKind.SEE_HAND})
"""The kinds acting over the turns and the hands of the whole game (issue 13, first_c:
``game/between.py``, ``game/seen.py``): they never act in a battle."""

NOT_IN_ROUND_KINDS = OUTSIDE_KINDS | {EffectKind.EXTRA_TURN}
"""The kinds of a card never played into a round when they are its whole power: the phase-3
powers, and an event played only between two turns (The Caravan)."""


@dataclass(frozen=True, slots=True)
class Effect:
    """One piece of a card's power (see the module table for which fields each kind reads).

    ``count`` caps how many cards an effect hits (0 = all); ``attributes`` restricts the cards it
    acts on to those with one of these attribute ids; ``mark`` (``"off"`` / ``"def"``) restricts
    ``immune_to`` to cards with that mark.
    """

    kind: EffectKind
    amount: int = 0
    condition: Condition = field(default=ALWAYS)
    champion_type: int | None = None
    card_types: tuple[int, ...] = ()
    uses: tuple[str, ...] = ()
    movement: tuple[str, ...] = ()
    count: int = 0
    attributes: tuple[int, ...] = ()
    mark: str = ""
    names: tuple[str, ...] = ()
    """(``immune_to_named``) lower-case strings a card's name may contain."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind.value}
        if self.amount:
            out["amount"] = self.amount
        cond = self.condition.to_json()
        if cond:
            out["condition"] = cond
        if self.champion_type is not None:
            out["champion_type"] = self.champion_type
        for name in ("card_types", "uses", "movement"):
            value = getattr(self, name)
            if value:
                out[name] = list(value)
        if self.count:
            out["count"] = self.count
        if self.attributes:
            out["attributes"] = list(self.attributes)
        if self.mark:
            out["mark"] = self.mark
        if self.names:
            out["names"] = list(self.names)
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Effect:
        allowed = {"kind", "amount", "condition", "champion_type", "card_types", "uses", "movement",
                   "count", "attributes", "mark", "names"}
        unknown = set(data) - allowed
        if unknown:
            raise ValueError(f"effect: unknown field(s) {sorted(unknown)}")
        try:
            kind = EffectKind(data["kind"])
        except KeyError:
            raise ValueError("effect: missing field 'kind'") from None
        except ValueError:
            raise ValueError(
                f"effect.kind: {data['kind']!r} is not one of {[k.value for k in EffectKind]}"
            ) from None
        ct = data.get("champion_type")
        return cls(
            kind=kind,
            amount=int(data.get("amount", 0)),
            condition=Condition.from_json(data.get("condition", {})),
            champion_type=None if ct is None else int(ct),
            card_types=tuple(int(x) for x in data.get("card_types", ())),
            uses=tuple(str(x) for x in data.get("uses", ())),
            movement=tuple(str(x) for x in data.get("movement", ())),
            count=int(data.get("count", 0)),
            attributes=tuple(int(x) for x in data.get("attributes", ())),
            mark=str(data.get("mark", "")),
            names=tuple(str(x) for x in data.get("names", ())),
        )
