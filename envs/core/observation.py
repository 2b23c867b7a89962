"""Observation layouts: a fixed-size float32 vector built from named segments.

Every system declares its layout once; the layout gives offsets to the encoder and writes the
index table that the system's docstring shows (Pgx habit: the layout is documented as a table).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Segment:
    """One named part of an observation vector."""

    name: str
    size: int
    doc: str


class ObservationLayout:
    """Named segments laid end to end. ``layout.start[name]`` is a segment's first index."""

    def __init__(self, segments: Sequence[Segment]) -> None:
        self.segments = tuple(segments)
        names = [s.name for s in self.segments]
        if len(set(names)) != len(names):
            raise ValueError(f"segment names must be unique: {names}")
        self.start: dict[str, int] = {}
        offset = 0
        for seg in self.segments:
            if seg.size <= 0:
                raise ValueError(f"segment {seg.name!r} has size {seg.size}")
            self.start[seg.name] = offset
            offset += seg.size
        self.size = offset

    def slice(self, name: str) -> slice:
        """The index range of segment ``name``."""
        start = self.start[name]
        return slice(start, start + self._size(name))

    def _size(self, name: str) -> int:
        for seg in self.segments:
            if seg.name == name:
                return seg.size
        raise KeyError(name)

    def zeros(self) -> np.ndarray:
        """A new zero vector of the right size and dtype."""
        return np.zeros(self.size, dtype=np.float32)

    def split(self, vector: np.ndarray) -> dict[str, np.ndarray]:
        """The vector cut into its named segments (for debugging and tests)."""
        if vector.shape != (self.size,):
            raise ValueError(f"expected shape ({self.size},), got {vector.shape}")
        return {seg.name: vector[self.slice(seg.name)] for seg in self.segments}

    def table(self) -> str:
        """A markdown index table: segment, indices, meaning."""
        rows = ["| indices | segment | meaning |", "|---|---|---|"]
        for seg in self.segments:
            a = self.start[seg.name]
            b = a + seg.size - 1
            span = f"{a}" if a == b else f"{a}-{b}"
            rows.append(f"| {span} | `{seg.name}` | {seg.doc} |")
        return "\n".join(rows)
