"""What a session asks its caller to do with the simulation (GGRS's requests): save a state, load one, advance a tick.

The session never holds the game: in rollback and lockstep modes ``Session.update(now)`` returns a list of requests,
and the caller fulfils every one of them, in order, before its next ``update`` (``fulfil`` is the reference handler):

- ``SaveState(tick, cell)``: save the state as it is now (tick ``tick``: ticks simulated so far) into ``cell``
  with its checksum and whether the game is over there (``StateCell.save``);
- ``LoadState(tick, cell)``: load the state ``cell`` holds (a rollback to ``tick``, a late joiner's snapshot, the
  confirmed end tick);
- ``AdvanceTick(tick, inputs)``: simulate tick ``tick`` with ``inputs`` (one small int per seat, 0 = nothing).

A rollback is a ``LoadState`` followed by ``AdvanceTick``/``SaveState`` pairs up to the current tick, never more
than the prediction window. The session reads checksums and "game over" from the cells once they are filled: a
tick whose cell is still empty is confirmed at a later update.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Iterable, Union

__all__ = ["StateCell", "SaveState", "LoadState", "AdvanceTick", "Request", "fulfil"]


class StateCell:
    """One saved state of tick ``tick``, filled by the caller: ``saved`` (whatever the simulation's ``save()``
    returns), ``checksum`` (int), ``over`` (the game is over in that state); ``filled`` once ``save`` was called."""

    __slots__ = ("tick", "saved", "checksum", "over", "filled")

    def __init__(self, tick: int, saved: Any = None) -> None:
        self.tick = tick
        self.saved = saved
        self.checksum = 0
        self.over = False
        self.filled = False

    def save(self, saved: Any, checksum: int, over: bool = False) -> None:
        self.saved, self.checksum, self.over, self.filled = saved, checksum, bool(over), True

    def __repr__(self) -> str:
        return f"StateCell(tick={self.tick}, checksum={self.checksum:#x}, over={self.over}, filled={self.filled})"


@dataclass(frozen=True, slots=True)
class SaveState:
    """Save the current state (of tick ``tick``) into ``cell``."""

    tick: int
    cell: StateCell


@dataclass(frozen=True, slots=True)
class LoadState:
    """Load the state held by ``cell`` (of tick ``tick``)."""

    tick: int
    cell: StateCell


@dataclass(frozen=True, slots=True)
class AdvanceTick:
    """Simulate tick ``tick`` with ``inputs`` (one per seat)."""

    tick: int
    inputs: tuple[int, ...]


Request = Union[SaveState, LoadState, AdvanceTick]


def fulfil(sim: Any, requests: Iterable[Request], stats: Any = None) -> float:
    """Carry out ``requests`` in order on ``sim`` (``save() / load(saved) / advance(inputs) / checksum()`` and
    optionally ``is_over()``). Returns the seconds spent; with ``stats`` (a ``NetStats``), the seconds spent
    re-simulating after a ``LoadState`` are added to ``stats.resim_seconds``."""
    t0 = time.perf_counter()
    resim_from = None
    is_over = getattr(sim, "is_over", None)
    for r in requests:
        if type(r) is AdvanceTick:
            sim.advance(r.inputs)
        elif type(r) is SaveState:
            r.cell.save(sim.save(), sim.checksum(), bool(is_over()) if is_over is not None else False)
        elif type(r) is LoadState:
            sim.load(r.cell.saved)
            if resim_from is None:
                resim_from = time.perf_counter()
        else:
            raise TypeError(f"not a netplay request: {r!r}")
    t1 = time.perf_counter()
    if stats is not None and resim_from is not None:
        stats.resim_seconds += t1 - resim_from
    return t1 - t0
