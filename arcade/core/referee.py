"""The referee of a host-authoritative turn game: the host's simulation, the only full state of the match.

Issue 12 (attack 2): in a turn game only the host holds the full state. ``HostTurnSim`` is that host side, a tick
simulation like any other: each tick it runs the turn tick simulation (``arcade.core.simulation.TurnSimulation``:
each seat's tick input, in seat order, is applied if it carries an action legal for that seat then) and keeps what
the network needs of it: the log of applied actions (``(seat, code)``, ``code`` the rules' ``encode_action``), the
tick each was applied on, each seat's view as bytes (``view_bytes``) and what every seat may know of the actions
(``public_actions``). It is the host shape ``netplay.authority`` documents in its module docstring: ``advance``,
``tick``, ``step``, ``legal``, ``to_act``, ``last_acted``, ``view``, ``public``, ``log``, ``log_ticks``, ``is_over``,
``checksum``; plus ``state`` and ``last_applied`` for the host's own table. netplay moves the bytes and ints and
knows no game.

Steps count applied actions: step 0 is the deal, step k the state after the k-th logged action. A joiner's side (the
views it is sent, the end-of-match check) is ``arcade.core.peerviews``.
"""

from __future__ import annotations

from typing import Any, Sequence

from .codec import encode
from .protocols import IllegalAction
from .simulation import TurnSimulation, action_input, code_input, input_action, input_code

__all__ = ["HostTurnSim", "Action", "view_bytes", "public_actions"]

Action = tuple[int, int]
"""One logged action: (seat, encoded action int)."""


def view_bytes(rules: Any, state: Any, seat: int | None) -> bytes:
    """The canonical bytes of ``rules.view(state, seat)`` (``arcade.core.codec``); ``seat`` None: the public
    view a spectator gets."""
    return encode(rules.view(state, seat))


def public_actions(rules: Any, before: Any, applied: Sequence[tuple[int, Any]]) -> list[tuple[int, int]]:
    """What every seat may be told of ``applied``, the actions applied in order from state ``before``: a list of
    (seat, tick input) for the VIEW message, one an action. The tick input is the action's (``action_input``) when
    ``rules.action_is_public(state, seat, action)`` says the action hides nothing, else 0: "seat acted" (a card laid
    face down, a secret choice). A game without that rule shows nothing (all 0).

    ``applied``: (seat, action) pairs; an action is an action value of ``rules`` or its tick input (an int > 0).
    Raises IllegalAction if an action is not legal where it is applied (the host applied them, so never)."""
    rule = getattr(rules, "action_is_public", None)
    out: list[tuple[int, int]] = []
    state = before
    for seat, action in applied:
        if isinstance(action, int):
            action = input_action(rules, action)
        shown = rule is not None and rule(state, seat, action)
        out.append((seat, action_input(rules, action) if shown else 0))
        state = rules.apply(state, seat, action)
    return out


class HostTurnSim:
    """The host's simulation of a turn game in authority mode: the referee.

    ``rules``: a ``TurnRules``; ``seed``, ``players``, ``options`` as for ``rules.initial_state``. ``log``: every
    applied action as (seat, code), in order; ``log_ticks``: the tick each was applied on (replays); ``step``: the
    number of applied actions; ``last_applied``: the (seat, action) pairs of the last tick."""

    def __init__(self, rules: Any, seed: int, players: int, **options: Any) -> None:
        self.rules = rules
        self.players = players
        self.sim = TurnSimulation(rules, rules.initial_state(seed, players, **options), players)
        self.log: list[Action] = []
        self.log_ticks: list[int] = []
        self._acted = [0] * players
        self._public: list[tuple[int, int, int]] = []  # (step, seat, action) as every seat may know it

    @property
    def state(self) -> Any:
        """The match's full state (only the host holds it)."""
        return self.sim.state

    def state_for(self, seat: int | None) -> Any:
        """What the host's bot at ``seat`` decides from: the whole state (the bot takes its seat's view)."""
        return self.sim.state

    def seat_view(self, seat: int | None) -> Any:
        """What ``seat`` may see now (None: the public view), as the host's table draws it."""
        return self.rules.view(self.sim.state, seat)

    @property
    def tick(self) -> int:
        return self.sim.tick

    @property
    def step(self) -> int:
        """Actions applied so far."""
        return len(self.log)

    @property
    def last_applied(self) -> list[tuple[int, Any]]:
        return self.sim.last_applied

    def input_for(self, action: Any) -> int:
        """The tick input that carries ``action`` (``action_input``)."""
        return action_input(self.rules, action)

    def legal(self, seat: int, n: int) -> bool:
        """Whether tick input ``n`` is a legal action of ``seat`` now (what ``advance`` would apply for it)."""
        rules, s = self.rules, self.sim.state
        if not 0 <= seat < self.players or rules.is_over(s) or seat not in rules.to_act(s):
            return False
        try:
            return input_action(rules, n) in rules.legal_actions(s, seat)
        except (IllegalAction, ValueError, KeyError, IndexError, TypeError):
            return False

    def to_act(self) -> tuple[int, ...]:
        """The seats that must act now (``rules.to_act``; none once over): what the host's turn clocks time."""
        s = self.sim.state
        return () if self.rules.is_over(s) else tuple(sorted(self.rules.to_act(s)))

    def last_acted(self, seat: int) -> int:
        """The step after ``seat``'s last applied action (0: none yet)."""
        return self._acted[seat]

    def advance(self, inputs: Sequence[int]) -> None:
        """One tick of the turn tick simulation (``TurnSimulation.advance``), each applied action logged with its
        tick and what every seat may know of it."""
        before, tick = self.sim.state, self.sim.tick
        self.sim.advance(inputs)
        applied = self.sim.last_applied
        if not applied:
            return
        first = self.step + 1
        for seat, _ in applied:
            self.log.append((seat, input_code(inputs[seat])))
            self._acted[seat] = self.step
            self.log_ticks.append(tick)
        self._public.extend((first + k, p, a) for k, (p, a) in enumerate(public_actions(self.rules, before, applied)))

    def act(self, seat: int, code: int) -> bool:
        """Apply ``seat``'s encoded action ``code`` on a tick of its own if the rules allow it now (``seat`` is to
        act and the action is legal); False (nothing changes but the tick) otherwise, e.g. a stale or forged action.
        What re-simulating a revealed log does (``arcade.core.peerviews.replay_log``)."""
        if not (isinstance(seat, int) and isinstance(code, int) and 0 <= seat < self.players):
            return False
        inputs = [0] * self.players
        inputs[seat] = code_input(code)
        done = self.step
        self.advance(inputs)
        return self.step > done

    def view(self, seat: int | None) -> bytes:
        """The view bytes to send to ``seat``'s peer now (None: to a spectator)."""
        return view_bytes(self.rules, self.sim.state, seat)

    def public(self, since: int) -> list[tuple[int, int, int]]:
        """(step, seat, action) of the public actions after step ``since``."""
        out = []
        for e in reversed(self._public):
            if e[0] <= since:
                break
            out.append(e)
        return out[::-1]

    def is_over(self) -> bool:
        return self.sim.is_over()

    def checksum(self) -> int:
        return self.sim.checksum()

    def save(self) -> Any:
        return (self.sim.tick, self.sim.state)

    def load(self, saved: Any) -> None:  # the host never rolls back; kept for the Simulation shape
        self.sim.tick = saved[0]
