"""Spellfire battles as a PettingZoo environment (see ``DOC`` for the full page).

``env()`` (AEC), ``parallel_env()``, ``raw_env``, ``single_env()`` (Gymnasium view for SB3).
The card model (``cards``, ``effects``) and the card packs load without the env.
"""


def __getattr__(name: str) -> object:
    # The env (and its default engine) is built only when asked for, so that importing the card
    # model or a pack does not need the env's pack data.
    if name in ("DOC", "SPEC", "env", "make_engine", "parallel_env", "raw_env", "single_env"):
        from . import env as _env

        return getattr(_env, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["DOC", "SPEC", "env", "make_engine", "parallel_env", "raw_env", "single_env"]
