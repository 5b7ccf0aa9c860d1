"""The tick driver: the input log, prediction, snapshots and rollback re-simulation of one match.

``TickDriver`` keeps the match's input log: one small int per seat per tick (0 = nothing). It knows, per seat, the
highest tick up to which that seat's inputs are all known (``known``); the *confirmed tick* is one past the lowest
of them: every tick before it has every seat's real input.

It never touches the simulation: it queues requests (``netplay.requests``: ``AdvanceTick``, ``SaveState`` into a
``StateCell``, ``LoadState``) that the session hands to its caller (``take_requests``), who fulfils them in order.
Checksums and "game over" are read from the cells once the caller filled them.

``RollbackDriver`` (rollback mode) simulates up to ``window`` ticks past the confirmed tick, predicting "no action"
(0) for inputs not yet known, and asks for a snapshot after every tick. When a real input turns out to differ from
the prediction used, ``sync()`` asks to load the snapshot before that tick and to re-simulate to the current tick
with the best inputs known: never more than ``window`` ticks, because it never predicts further. Beyond the window
it stalls (``can_advance()`` is False). ``LockstepDriver`` (``netplay.lockstep``) is the same with a window of 0.

The driver never reads a clock or the network: the session feeds it inputs and asks it to advance.
"""

from __future__ import annotations

from typing import Any, Iterator

from .requests import AdvanceTick, LoadState, Request, SaveState, StateCell
from .stats import NetStats

__all__ = ["TickDriver", "RollbackDriver"]


class TickDriver:
    """Input log, snapshots and (for ``window`` > 0) prediction and rollback; see the module docstring.

    ``seats``: seats in the match; ``input_delay``: ticks (ticks 0..delay-1 get "nothing" from every seat);
    ``end_tick``: the last tick to simulate (0 = no limit); ``retain``: confirmed ticks kept for desync reports.
    """

    def __init__(self, seats: int, input_delay: int, window: int, *, stats: NetStats | None = None,
                 end_tick: int = 0, retain: int = 160) -> None:
        self.requests: list[Request] = []
        self.seats = seats
        self.delay = input_delay
        self.window = window
        self.stats = stats or NetStats()
        self.end_tick = end_tick
        self.retain = retain
        self.tick = 0
        self.inputs: list[list[int]] = [[0] * seats for _ in range(input_delay)]
        self.known: list[int] = [input_delay - 1] * seats
        self.used: dict[int, tuple[int, ...]] = {}
        self.snaps: dict[int, StateCell] = {0: self._save(0)}
        self.first_incorrect: int | None = None
        self.processed = 0   # highest tick handed out by confirm()
        self.base = 0        # first tick this driver simulated (a late joiner starts from a snapshot)
        self._lowest = 0     # lowest tick still in snaps
        self._used_low = 0
        self.conflicts = 0   # inputs that contradicted an already known one (ignored)

    # --- inputs ---

    @property
    def confirmed_tick(self) -> int:
        """Every tick before this one has every seat's real input."""
        return min(self.known) + 1

    def add_input(self, seat: int, tick: int, value: int) -> bool:
        """Store ``seat``'s input for ``tick`` if it is the next one expected. True if stored.

        An input for an already known tick is ignored (a different value is counted in ``conflicts``); one beyond
        the next expected tick is ignored (inputs always arrive in order, resent until acknowledged)."""
        k = self.known[seat]
        if tick <= k:
            if tick >= 0 and tick < len(self.inputs) and self.inputs[tick][seat] != value:
                self.conflicts += 1
            return False
        if tick != k + 1:
            return False
        inputs = self.inputs
        while len(inputs) <= tick:
            inputs.append([0] * self.seats)
        inputs[tick][seat] = value
        self.known[seat] = tick
        if tick < self.tick:
            used = self.used.get(tick)
            if used is not None and used[seat] != value:
                if self.first_incorrect is None or tick < self.first_incorrect:
                    self.first_incorrect = tick
        return True

    def add_run(self, seat: int, start: int, values: list[int]) -> int:
        """Store a run of ``seat``'s inputs for ticks ``start, start+1, ...``; returns how many were new."""
        k = self.known[seat]
        if start > k + 1:
            return 0
        n = 0
        for i in range(k + 1 - start, len(values)):
            n += self.add_input(seat, start + i, values[i])
        return n

    def fill(self, seat: int, upto: int, value: int = 0) -> None:
        """Give ``seat`` the input ``value`` for every tick after its last known one up to ``upto``."""
        for t in range(self.known[seat] + 1, upto + 1):
            self.add_input(seat, t, value)

    def inputs_for(self, tick: int) -> tuple[int, ...]:
        """The best inputs known for ``tick``: real ones where known, 0 ("no action") predicted elsewhere."""
        if tick < len(self.inputs):
            return tuple(self.inputs[tick])
        return (0,) * self.seats

    def run(self, seat: int, start: int, limit: int) -> list[int]:
        """Up to ``limit`` known inputs of ``seat`` from ``start``."""
        end = min(self.known[seat], start + limit - 1)
        return [self.inputs[t][seat] for t in range(start, end + 1)]

    def input_log(self, upto: int | None = None) -> list[tuple[int, ...]]:
        """The confirmed inputs, tick ``base`` (0 unless started from a snapshot) .. ``upto`` - 1 (default: up to the
        confirmed tick)."""
        n = self.confirmed_tick if upto is None else min(upto, self.confirmed_tick)
        return [tuple(v) for v in self.inputs[self.base:n]]

    def start_at(self, tick: int, saved: Any) -> None:
        """Start from a snapshot of confirmed ``tick`` (a late joiner): asks to load ``saved`` (and to save it
        again, for its checksum); every seat's inputs are expected from tick ``tick`` on. Call before any other use
        of the driver."""
        self.requests = [LoadState(tick, StateCell(tick, saved))]
        self.base = tick
        self.tick = self.processed = self._lowest = self._used_low = tick
        self.inputs = [[0] * self.seats for _ in range(tick)]
        self.known = [tick - 1] * self.seats
        self.used = {}
        self.first_incorrect = None
        self.snaps = {tick: self._save(tick)}

    # --- simulation (requests for the caller) ---

    def take_requests(self) -> list[Request]:
        """The requests queued since the last call, oldest first: the caller fulfils them all, in order, before the
        driver is used again (``netplay.requests.fulfil``)."""
        out, self.requests = self.requests, []
        return out

    def _save(self, tick: int) -> StateCell:
        cell = StateCell(tick)
        self.requests.append(SaveState(tick, cell))
        return cell

    def _step(self, tick: int) -> None:
        vec = self.inputs_for(tick)
        self.used[tick] = vec
        self.requests.append(AdvanceTick(tick, vec))
        self.snaps[tick + 1] = self._save(tick + 1)

    def can_advance(self) -> bool:
        """True if the next tick may be simulated now (inputs within the window, end not reached)."""
        if self.end_tick and self.tick >= self.end_tick:
            return False
        return self.tick < self.confirmed_tick + self.window

    def sync(self) -> int:
        """Roll back and re-simulate if a prediction was wrong; returns the depth (ticks re-simulated, 0 if none)."""
        t = self.first_incorrect
        if t is None:
            return 0
        self.first_incorrect = None
        depth = self.tick - t
        self.requests.append(LoadState(t, self.snaps[t]))
        for tick in range(t, self.tick):
            self._step(tick)
        self.stats.rollback(depth, 0.0)  # the seconds: the caller's (``fulfil(..., stats)``)
        return depth

    def advance(self) -> bool:
        """Simulate one tick if allowed (after ``sync``). False when stalled."""
        if self.first_incorrect is not None:
            self.sync()
        if not self.can_advance():
            return False
        self._step(self.tick)
        self.tick += 1
        return True

    def confirm(self) -> Iterator[tuple[int, StateCell]]:
        """Ticks newly confirmed (simulated, and their snapshot filled by the caller) since the last call, oldest
        first, with their snapshots. A tick whose snapshot is not filled yet waits for a later call."""
        if self.first_incorrect is not None:
            self.sync()
        upto = min(self.confirmed_tick, self.tick)
        while self.processed < upto and self.snaps[self.processed + 1].filled:
            self.processed += 1
            yield self.processed, self.snaps[self.processed]
        self._prune()

    def confirmable(self) -> bool:
        """A confirmed tick's snapshot was filled since the last ``confirm``: the next ``confirm`` yields it."""
        n = self.processed
        if n >= min(self.confirmed_tick, self.tick):
            return False
        cell = self.snaps.get(n + 1)
        return cell is not None and cell.filled

    def _prune(self) -> None:
        keep_from = self.processed - self.retain
        while self._lowest < keep_from:
            self.snaps.pop(self._lowest, None)
            self._lowest += 1
        while self._used_low < self.processed:  # a confirmed tick can never have been mispredicted
            self.used.pop(self._used_low, None)
            self._used_low += 1

    def snapshot(self, tick: int) -> StateCell | None:
        """The snapshot of ``tick`` if still kept (``saved``, ``checksum``, ``over`` once ``filled``)."""
        return self.snaps.get(tick)

    def restore(self, tick: int) -> None:
        """Ask to load the snapshot of ``tick`` (a confirmed tick at the end of a match) and stop there."""
        self.requests.append(LoadState(tick, self.snaps[tick]))
        self.tick = tick
        self.end_tick = tick
        self.first_incorrect = None


class RollbackDriver(TickDriver):
    """Rollback mode: prediction up to ``window`` ticks (1..8), re-simulation on a wrong guess."""

    def __init__(self, seats: int, input_delay: int, window: int = 8, **kw: Any) -> None:
        if window < 1:
            raise ValueError("a rollback window is at least 1 tick")
        super().__init__(seats, input_delay, window, **kw)
