"""What the compiled core (``combatzoo.compiled``, issue 14) needs said in the source.

mypyc compiles a class into a C type that Python code cannot subclass unless the class says it
may: ``@mypyc_attr(allow_interpreted_subclasses=True)`` on the engines keeps
``class MyRules(LandAirSeaEngine)`` working (variant rules; the defect tests of
``combatzoo.envs.core.checks``). It is mypy's own marker, read by mypyc at build time; where
mypy is not installed (a user of the wheel) a stand-in that does nothing takes its place, as the
marker does nothing in pure Python anyway.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

T = TypeVar("T")

if TYPE_CHECKING:
    from mypy_extensions import mypyc_attr
else:
    try:
        from mypy_extensions import mypyc_attr
    except ImportError:  # no mypy here: nothing was compiled with it

        def mypyc_attr(*attrs: str, **kwattrs: Any) -> Callable[[T], T]:
            return lambda cls: cls

__all__ = ["mypyc_attr"]
