"""The table in the browser (issue 18): the static page at ``/play`` and the one public
endpoint it needs beyond the bot API, ``GET /v1/{system}/cards``.

The page (``play/``: plain ES modules, no build step, no network) is a reference client of the
documented API: it plays through ``/v1/{system}/new``, ``legal``, ``act`` and ``step`` only, and
asks ``/v1/{system}/cards`` for the facts of the Spellfire cards a state names by key.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from fastapi import FastAPI, Query
from fastapi.responses import RedirectResponse
from fastapi.staticfiles import StaticFiles

from .engines import Engines
from .errors import ServiceError

PLAY_DIR = Path(__file__).parent / "play"
"""The page's files (index.html, play.js, the drawing modules, play.css)."""

MAX_CARD_KEYS = 500
"""Keys one ``/cards`` request may name (a whole game's deck list is about 110)."""


def add_play_page(app: FastAPI, engines: Engines) -> None:
    """``/play/`` (the page), ``/`` and ``/play`` redirecting to it, and ``/v1/{system}/cards``."""

    @app.get("/v1/{system}/cards", summary="the facts of cards named by key (Spellfire)")
    async def cards(system: str, keys: str = Query(description="card keys, comma-separated"),
                    mode: str | None = None) -> dict[str, Any]:
        return {"cards": card_facts(engines.for_mode(system, mode), keys)}

    @app.get("/play", include_in_schema=False)
    async def play() -> RedirectResponse:
        return RedirectResponse("/play/")

    if not any(getattr(r, "path", None) == "/" for r in app.routes):
        @app.get("/", include_in_schema=False)
        async def root() -> RedirectResponse:
            return RedirectResponse("/play/")

    app.mount("/play/", StaticFiles(directory=PLAY_DIR, html=True), name="play")


def card_facts(engine: Any, keys: str) -> list[dict[str, Any]]:
    """``/cards``: name, type, world, level and power of each key, in the order asked, read from
    the pack ``engine`` plays with (the built-in pack, or CrossFire where it was configured).
    A system without cards is 404; an unknown key 422 naming it."""
    if not hasattr(engine, "facts"):
        raise ServiceError(404, f"{engine.spec.name} has no cards", "system")
    wanted = [k.strip() for k in keys.split(",") if k.strip()]
    if not wanted:
        raise ServiceError(422, "keys: name at least one card key, e.g. 1st/94", "keys")
    if len(wanted) > MAX_CARD_KEYS:
        raise ServiceError(422, f"keys: at most {MAX_CARD_KEYS} keys, got {len(wanted)}", "keys")
    out = []
    for key in wanted:
        try:
            facts = engine.facts(key)
        except KeyError:
            raise ServiceError(422, f"keys: unknown card {key!r}", "keys") from None
        out.append(_card_json(facts))
    return out


def _card_json(facts: Any) -> dict[str, Any]:
    """One card's facts: what a player reads off the card, with its power in words (the project
    ships the effects a power compiles to, never card text: RULES.md §1 "Card data")."""
    from ...envs.spellfire.cards.cards import format_level

    card = facts.card
    return {"key": card.key, "name": card.name,
            "type": card.type.name.replace("_", " ").lower(),
            "world": card.world.name.replace("_", " ").lower(),
            "level": format_level(card.level), "champion": card.is_champion,
            "power": power_text(card.effects, card.power.value)}


def power_text(effects: Any, modelled: str) -> str:
    """A card's power in words, one clause per effect (``""``: none)."""
    if modelled == "unmodelled" and not effects:
        return "(power not modelled)"
    return "; ".join(_effect_words(e.to_json()) for e in effects)


def _effect_words(effect: dict[str, Any]) -> str:
    words = [str(effect["kind"]).replace("_", " ")]
    if effect.get("amount"):
        words.append(f"{effect['amount']:+d}")
    when = effect.get("condition", {}).get("when")
    if when and when != "always":
        words.append(f"when {when}")
    for name, word in (("card_types", _type_name), ("uses", _uses_name),
                       ("movement", str), ("attributes", _attribute_name)):
        if effect.get(name):
            words.append(" / ".join(word(x) for x in effect[name]))
    if effect.get("count"):
        words.append(f"(up to {effect['count']})")
    return " ".join(words)


def _type_name(code: Any) -> str:
    """A CrossFire type code in words (``19`` -> ``wizard spells``)."""
    from ...envs.spellfire.cards.cards import CardType

    try:
        return CardType(int(code)).name.replace("_", " ").lower() + "s"
    except ValueError:
        return f"type {code}"


def _uses_name(code: Any) -> str:
    """A CrossFire "uses" code in words (``"d19"`` -> ``defensive wizard spells``; ``"1"``
    allies, ``"2"`` artifacts: cards.py)."""
    text = str(code)
    if text in ("1", "2"):
        return {"1": "allies", "2": "artifacts"}[text]
    side = {"d": "defensive ", "o": "offensive "}.get(text[:1], "")
    return side + (_type_name(text[1:]) if side and text[1:].isdigit() else text)


def _attribute_name(code: Any) -> str:
    """A CrossFire attribute id in words (``40`` -> ``undead``)."""
    from ...envs.spellfire.cards.cards import Attribute

    try:
        return Attribute(int(code)).name.replace("_", " ").lower()
    except ValueError:
        return f"attribute {code}"
