"""Deck legality for whole games from a CrossFire folder (RULES.md §1 "Card data": ``.cff``
formats). A game is played with legal decks only: each sample deck is checked by
``crossfire.check_deck`` against the format its file names."""

from __future__ import annotations

from pathlib import Path


def crossfire_deck_problems(folder: str | Path | None) -> dict[str, list[str]]:
    """Every sample deck of the folder by its pack title (the titles ``load_crossfire_pack``
    gives: a repeated title gets its format id, then ``#n``), with the ways it breaks its
    format (empty: legal; a deck whose format file is missing is illegal)."""
    from . import crossfire

    db = crossfire.read_database(folder)
    decks = crossfire.read_decks(db.folder)
    formats = crossfire.read_formats(db.folder)
    titles = [d.title.strip() for d in decks]
    out: dict[str, list[str]] = {}
    for deck, title in zip(decks, titles, strict=True):
        if titles.count(title) > 1:
            title = f"{title} ({deck.format_id})"
        n = 2
        base = title
        while title in out:
            title = f"{base} #{n}"
            n += 1
        fmt = formats.get(deck.format_id)
        out[title] = (crossfire.check_deck(deck, fmt, db.records) if fmt is not None
                      else [f"no format file {deck.format_id!r}"])
    return out
