"""Dragon-only and undead-only unarmed combat with real cards (issue 13; RULES.md §1 "Uses"
codes: ``d101/o101`` dragon-only, ``d102/o102`` undead-only unarmed combat; seed 000 step F: the
losing side plays the cards its champion may use).

Cards from the CrossFire data (skipped without it): Young Gold Dragon (1st/188, monster 4,
uses o101), Skeletal Horde (1st/155, undead monster 5, uses o102), Tail Slap (4th/439, unarmed
combat +2 (Off), usable only by dragons: attribute 9), Rake! (4th/438, unarmed combat +3 (Off),
usable only by undead: attribute 41). Practice: Knight hero 5 (heroes use unarmed combat), Punch
unarmed combat +2, Griffon monster 6.
"""

from __future__ import annotations

from .battle_helpers import make_engine
from .test_battle_cards import _playable, start
from .test_card_powers import real

DRAGON, HORDE, TAIL_SLAP, RAKE = "1st/188", "1st/155", "4th/439", "4th/438"


def test_real_dragon_only_and_undead_only_unarmed_combat():
    e = make_engine(*real(DRAGON, HORDE, TAIL_SLAP, RAKE))
    hand = [TAIL_SLAP, RAKE, "Punch"]
    # Each champion is offered only the unarmed combat it may use, losing to the Griffon's 6.
    dragon = start(e, [DRAGON, *hand], ["Griffon"], attacker="Young Gold Dragon")
    assert _playable(dragon) == ["Tail Slap"]
    horde = start(e, [HORDE, *hand], ["Griffon"], attacker="Skeletal Horde")
    assert _playable(horde) == ["Rake!"]
    knight = start(e, ["Knight", *hand], ["Griffon"])
    assert _playable(knight) == ["Practice Punch"]
    # Skeletal Horde 5 + Rake! 3 = 8 against the Griffon's 6.
    horde.play(0, "Rake!")
    assert horde.totals() == [8, 6]
