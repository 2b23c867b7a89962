"""Spellfire: Master the Magic battles (issue 4) and whole games (issue 5).

The card layer: ``cards.py`` (card facts), ``effects.py`` (card powers as data).
"""
