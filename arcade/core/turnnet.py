"""The simulations a host-authoritative turn game runs on each peer (``netplay.authority`` drives them).

- ``HostTurnSim``: the host's, the only full state of the match (``TurnAuthority``) as a tick simulation: each tick,
  each seat's input ``n > 0`` is the action ``decode_action(n - 1)``, applied if legal then (the ``TurnSimulation``
  rule, seats in order); it logs every applied action, gives each seat's view as bytes and the public actions.
- ``PeerViewSim``: a joiner's (or spectator's): one ``ViewSim`` per own seat (a spectator: the public view) fed with
  the views the host sends, a digest of each kept (``ViewDigests``), and at the end ``verify(seed, log)``: the
  re-simulation of the revealed deal (``verify_views``) for every own seat.

Neither knows the network: ``netplay`` moves the bytes and ints. Both are the shape netplay's authority mode asks
for (see ``netplay.authority``'s docstring) plus what the table reads (``state``, ``last_applied``, ``tick``).
"""

from __future__ import annotations

from typing import Any, Sequence

from arcade.games.base import IllegalAction

from .authority import TurnAuthority, ViewDigests, ViewSim, public_actions, verify_views

__all__ = ["HostTurnSim", "PeerViewSim", "authority_sim"]

class HostTurnSim:
    """The host's simulation of a turn game in authority mode. ``rules``: a ``TurnRules``; ``seed``, ``players``,
    ``options`` as for ``initial_state``. ``log``: every applied action as (seat, encoded action)."""

    def __init__(self, rules: Any, seed: int, players: int, **options: Any) -> None:
        self.rules = rules
        self.players = players
        self.auth = TurnAuthority(rules, seed, players, **options)
        self.tick = 0
        self.last_applied: list[tuple[int, Any]] = []
        self._acted = [0] * players
        self.log_ticks: list[int] = []  # the tick each logged action was applied on (replays)
        self._public: list[tuple[int, int, int]] = []  # (step, seat, action) as every seat may know it

    @property
    def state(self) -> Any:
        return self.auth.state

    @property
    def step(self) -> int:
        return self.auth.step

    @property
    def log(self) -> list[tuple[int, int]]:
        return self.auth.log

    def input_for(self, action: Any) -> int:
        return self.rules.encode_action(action) + 1

    def legal(self, seat: int, n: int) -> bool:
        """Whether tick input ``n`` is a legal action of ``seat`` now."""
        rules, s = self.rules, self.auth.state
        if not 0 <= seat < self.players or n <= 0 or rules.is_over(s) or seat not in rules.to_act(s):
            return False
        try:
            return rules.decode_action(n - 1) in rules.legal_actions(s, seat)
        except (IllegalAction, ValueError, KeyError, IndexError, TypeError):
            return False

    def last_acted(self, seat: int) -> int:
        """The step after ``seat``'s last applied action (0: none yet)."""
        return self._acted[seat]

    def advance(self, inputs: Sequence[int]) -> None:
        applied = []
        for seat, n in enumerate(inputs):
            if n > 0 and self.legal(seat, n):
                before = self.auth.state
                self.auth.act(seat, n - 1)
                self._acted[seat] = self.auth.step
                self.log_ticks.append(self.tick)
                applied.append((seat, self.rules.decode_action(n - 1)))
                self._public.extend((self.auth.step, p, a) for p, a in public_actions(self.rules, before, [(seat, n)]))
        self.last_applied = applied
        self.tick += 1

    def view(self, seat: int | None) -> bytes:
        return self.auth.view(seat)

    def public(self, since: int) -> list[tuple[int, int, int]]:
        """(step, seat, action) of the public actions after step ``since``."""
        out = []
        for e in reversed(self._public):
            if e[0] <= since:
                break
            out.append(e)
        return out[::-1]

    def is_over(self) -> bool:
        return self.auth.is_over()

    def checksum(self) -> int:
        return self.auth.checksum()

    def save(self) -> Any:
        return (self.tick, self.auth.state)

    def load(self, saved: Any) -> None:  # the host never rolls back; kept for the Simulation shape
        self.tick = saved[0]


class PeerViewSim:
    """A joiner's simulation in authority mode: the views of its ``seats`` (empty: a spectator, the public view).
    ``state`` / ``view`` / ``last_applied`` are those of the first seat's; ``state_for(seat)`` any own seat's."""

    def __init__(self, rules: Any, players: int, seats: Sequence[int], **options: Any) -> None:
        self.rules, self.players, self.options = rules, players, options
        self.keys: tuple[int | None, ...] = tuple(seats) or (None,)
        self.views = {k: ViewSim(rules, players, k, **options) for k in self.keys}
        self.digests = {k: ViewDigests(k) for k in self.keys}
        self.tick = 0

    def _main(self) -> Any:
        return self.views[self.keys[0]]

    def add_seat(self, seat: int) -> None:
        """A seat taken over (a dropped seat claimed back): its views from now on."""
        if seat not in self.views:
            self.keys = tuple(k for k in self.keys if k is not None) + (seat,)
            self.views[seat] = ViewSim(self.rules, self.players, seat, **self.options)
            self.digests[seat] = ViewDigests(seat)

    def receive_view(self, seat: int | None, step: int, data: bytes, public: list[tuple[int, int, int]]) -> None:
        """A VIEW for ``seat`` at ``step``; ``public``: (step, seat, tick input or 0) of the public actions since the
        last. Raises ValueError for a view or public action this game cannot have (``ViewSim.receive``)."""
        if seat not in self.views:
            self.add_seat(seat)
        self.views[seat].receive(step, data, [(p, a) for _, p, a in public])
        self.digests[seat].receive(step, data)

    @property
    def state(self) -> Any:
        return self._main().state

    def state_for(self, seat: int | None) -> Any:
        """The stand-in state of an own seat's latest view; None before its first view (a bot must not act on the
        placeholder table)."""
        v = self.views.get(seat)
        return v.state if v is not None and v.ready else None

    def seat_view(self, seat: int | None) -> Any:
        """What ``seat`` may see now (``Match.views``): an own seat's latest view (equal to its stand-in state's
        view, ``ViewSim.receive`` checks it); None: the public view of the first own seat's stand-in (what every
        seat sees). Raises KeyError for another machine's seat: its views never come here."""
        if seat is None:
            return self.rules.view(self._main().state, None)
        return self.rules.view(self.views[seat].state, seat)

    @property
    def ready(self) -> bool:
        """Every own seat has had its first view (the table can be shown)."""
        return all(v.ready for v in self.views.values())

    @property
    def view(self) -> Any:
        return self._main().view

    @property
    def step(self) -> int:
        return self._main().step

    @property
    def last_applied(self) -> list[tuple[int, int]]:
        return self._main().last_applied

    def input_for(self, action: Any) -> int:
        return self.rules.encode_action(action) + 1

    def advance(self, inputs: Sequence[int]) -> None:
        for v in self.views.values():
            v.advance(inputs)
        self.tick += 1

    def is_over(self) -> bool:
        return self._main().is_over()

    def checksum(self) -> int:
        return self._main().checksum()

    def save(self) -> Any:
        return self.tick

    def load(self, saved: Any) -> None:
        self.tick = saved

    def verify(self, seed: int, log: list[tuple[int, int]]) -> tuple[bool, str, int | None]:
        """The end-of-match check for every own seat (``verify_views``): (fair, why not, re-simulated checksum)."""
        checksum = None
        for k in self.keys:
            verdict = verify_views(self.rules, seed, self.players, log, self.digests[k], **self.options)
            if not verdict.fair:
                return False, verdict.reason, None
            checksum = verdict.checksum
        return True, "", checksum


def authority_sim(rules: Any, players: int, seed: int | None, seats: Sequence[int], **options: Any) -> Any:
    """A session's ``make_sim`` in authority mode: the host knows the seed (``HostTurnSim``), a joiner does not
    (``PeerViewSim`` of its ``seats``; none: a spectator)."""
    if seed is not None:
        return HostTurnSim(rules, seed, players, **options)
    return PeerViewSim(rules, players, seats, **options)
