"""A joiner's (or spectator's) side of a host-authoritative turn game: the views it is sent, and the end-of-match
check of the deal.

``ViewSim`` is a joiner's (or spectator's) simulation of one seat: it never holds the match's state, only the latest
view its seat was sent and a stand-in full state built from that view (``RULES.state_from_view``), so the table draws
from ``sim.state`` as on any other machine. ``PeerViewSim`` is a joiner's whole store: one ``ViewSim`` per own seat
(a spectator: the public view), a digest of each view kept (``ViewDigests``), and at the end ``verify(seed, log)``.
It is the joiner shape ``netplay.authority`` documents in its module docstring (``receive_view``, ``advance``,
``tick``, ``is_over``, ``checksum``, ``verify``), plus ``state``, ``state_for(seat)`` and ``ready`` for ``Match`` and
the tables.

``ViewDigests`` is what a joiner keeps of the views it received: a 16-byte digest per step, never the views of
other steps, so nothing another seat hides stays in its memory beyond what its own seat was shown.

``verify_views`` is the end-of-match check of the fair deal (DESIGN.md "Fair deal"): once the host has revealed the
seed (netplay checks it against the committed nonces) and the full action log, a joiner re-simulates the whole
match from the seed with the referee (``arcade.core.referee.HostTurnSim``), checks every action was legal and that
each view it received is the view its seat had at that step; it returns the verdict and the checksum of its own
end-of-match state (its ``final_checksum``).

Steps count applied actions: step 0 is the deal, step k the state after the k-th logged action.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any, Iterator, Sequence

from .codec import decode
from .protocols import IllegalAction
from .referee import Action, HostTurnSim, view_bytes
from .registry import definition_of
from .rng import Rng
from .simulation import action_input, input_action

__all__ = ["ViewSim", "PeerViewSim", "ViewDigests", "DealVerdict", "view_digest", "replay_log", "verify_views",
           "make_view_sim", "authority_sim", "deal_line", "DEAL_VERIFIED", "DEAL_UNFAIR", "STAND_IN_SEED"]

DEAL_VERIFIED = "Deal verified"
DEAL_UNFAIR = "This match was not dealt fairly"


def view_digest(data: bytes) -> bytes:
    """16-byte blake2b digest of a view's bytes (what a joiner keeps of each view it received)."""
    return hashlib.blake2b(data, digest_size=16, person=b"grisbi-view").digest()


class ViewDigests:
    """A joiner's record of the views it received for ``seat`` (None: a spectator): step -> digest, nothing more.

    ``receive`` keeps the first digest of a step; a second, different view for the same step is itself proof of a
    lying host and is kept in ``conflicts``."""

    def __init__(self, seat: int | None) -> None:
        self.seat = seat
        self.digests: dict[int, bytes] = {}
        self.conflicts: list[int] = []

    def receive(self, step: int, data: bytes) -> None:
        d = view_digest(data)
        old = self.digests.setdefault(step, d)
        if old != d:
            self.conflicts.append(step)


@dataclass(frozen=True)
class DealVerdict:
    """The end-of-match check: ``fair`` True when every received view matched the re-simulation; ``reason`` says
    what did not (empty when fair); ``checksum``: the re-simulated end state's checksum (None if it could not be
    re-simulated); ``label``: what the results screen shows."""

    fair: bool
    reason: str
    checksum: int | None

    @property
    def label(self) -> str:
        return DEAL_VERIFIED if self.fair else DEAL_UNFAIR


def replay_log(rules: Any, seed: int, players: int, log: Sequence[Action],
               **options: Any) -> Iterator[tuple[int, Any]]:
    """Re-simulate a revealed match: yields (step, state) from step 0 (the deal) to the end of ``log``. Raises
    IllegalAction at the first action that was not legal at its step (the message names the step)."""
    auth = HostTurnSim(rules, seed, players, **options)
    yield 0, auth.state
    for k, (seat, code) in enumerate(log, 1):
        if not auth.act(seat, code):
            raise IllegalAction(f"action {k} (seat {seat + 1}, code {code}) was not legal")
        yield k, auth.state


def verify_views(rules: Any, seed: int, players: int, log: Sequence[Action], received: ViewDigests,
                 **options: Any) -> DealVerdict:
    """Re-simulate the revealed match (``seed``, ``log``) and compare each view ``received`` with the view its seat
    had at that step. Unfair when: an action was illegal, a received view differs, a step was received that the
    log never reached, or the host sent two views for one step. (A log that stops before the game's end is fair: the
    host may end a match early.)"""
    if received.conflicts:
        return DealVerdict(False, f"two different views were sent for step {received.conflicts[0]}", None)
    last = max(received.digests, default=0)
    state = None
    try:
        for step, state in replay_log(rules, seed, players, log, **options):
            want = received.digests.get(step)
            if want is not None and want != view_digest(view_bytes(rules, state, received.seat)):
                return DealVerdict(False, f"the view shown at step {step} is not the revealed deal's", None)
    except IllegalAction as e:
        return DealVerdict(False, str(e), None)
    if last > len(log):
        return DealVerdict(False, f"a view for step {last} was sent but the revealed log has {len(log)} actions",
                           None)
    return DealVerdict(True, "", rules.checksum(state))


STAND_IN_SEED = 0x5649_4557
"""The fixed seed of the generator that deals a stand-in state's hidden cards (``ViewSim``): the same view always
gives the same stand-in, so nothing but the view decides what it holds."""


class ViewSim:
    """A joiner's or spectator's simulation of a host-authoritative turn game (DESIGN.md "Netplay"): the tick
    simulation interface (``state``, ``tick``, ``players``, ``save``/``load``/``advance``/``checksum``/``is_over``,
    ``input_for``) over the views the host sends, never over the match's state.

    ``rules``: a ``TurnRules`` with ``state_from_view``; ``players``: seats in the match; ``seat``: the seat whose
    views arrive (None: a spectator, who gets the public view); ``options``: the match's game options (only for the
    placeholder before the first view).

    ``receive`` takes a VIEW message; the latest step wins. ``view`` is the latest view (None before the first);
    ``state`` the stand-in full state built from it by ``rules.state_from_view`` with a generator of fixed seed
    (``STAND_IN_SEED``): its view for ``seat`` is ``view``; what the view hides (other seats' hands, the stack) is
    dealt at random from the unseen cards, never taken from the match. Before the first view (``ready`` False),
    ``state`` is a stand-in of the public view of a fixed-seed deal, not the match's: a session shows its table once
    ``ready``. ``step`` is the host's step of ``view`` (-1 before the first). ``last_applied``: (seat, action or
    None for a hidden one) of the last VIEW's public list, for the table's animations. ``advance`` only counts
    ticks: the host applies actions (a local seat's nonzero tick input goes to the host as an ACTION)."""

    def __init__(self, rules: Any, players: int, seat: int | None, **options: Any) -> None:
        self.rules = rules
        self.players = players
        self.seat = seat
        self.tick = 0
        self.step = -1
        self.view: Any = None
        self.last_applied: list[tuple[int, Any]] = []
        self._data = b""
        deal = rules.initial_state(STAND_IN_SEED, players, **options)
        self._view_type = type(decode(view_bytes(rules, deal, seat)))  # (the decoder's first use is slow: now)
        self.state = rules.state_from_view(rules.view(deal, None), Rng.from_seed(STAND_IN_SEED))

    @property
    def ready(self) -> bool:
        """True once a view has arrived."""
        return self.view is not None

    def receive(self, step: int, data: bytes, public: Sequence[tuple[int, int]] = ()) -> None:
        """A VIEW message: the host's ``step``, the view's bytes (``view_bytes``), the public actions applied since
        the host's previous VIEW ((seat, tick input or 0), ``public_actions``). A step not newer than ``step`` is
        ignored. Raises ValueError (``CodecError``) for bytes that are not a view of this game for this seat, a
        view no state of the game gives (its stand-in would not show it), or public actions that are not this
        game's; nothing changes then."""
        if step <= self.step:
            return
        view = decode(data)
        if type(view) is not self._view_type or view.seat != self.seat:
            raise ValueError(f"not a {self._view_type.__name__} for seat {self.seat}")
        applied = [(int(seat), input_action(self.rules, n) if n > 0 else None) for seat, n in public]
        try:
            state = self.rules.state_from_view(view, Rng.from_seed(STAND_IN_SEED))
            same = self.rules.view(state, self.seat) == view
        except (TypeError, IndexError, KeyError, AttributeError, RuntimeError) as e:  # a view no deal can give
            raise ValueError(f"a view the rules cannot give: {e}") from e
        if not same:
            raise ValueError("a view the rules cannot give")
        self.step, self.view, self.state, self._data, self.last_applied = step, view, state, bytes(data), applied

    def state_for(self, seat: int | None) -> Any:
        """The stand-in state, for this view's seat; None before the first view."""
        return self.state if self.ready else None

    def seat_view(self, seat: int | None) -> Any:
        """What ``seat`` may see now (``Match.views``): this view's seat, or the public view (None). Raises KeyError
        for another seat: its views never come here."""
        if seat is not None and seat != self.seat:
            raise KeyError(seat)
        return self.rules.view(self.state, seat)

    def advance(self, inputs: Sequence[int]) -> None:
        """One tick: counted; nothing is applied here (the host applies every action)."""
        self.tick += 1

    def input_for(self, action: Any) -> int:
        """The tick input that carries ``action`` (``action_input``)."""
        return action_input(self.rules, action)

    def is_over(self) -> bool:
        return self.ready and self.rules.is_over(self.state)

    def checksum(self) -> int:
        """64-bit checksum of the latest view's bytes (0 before the first): equal on two peers shown the same view."""
        if not self._data:
            return 0
        return int.from_bytes(hashlib.blake2b(self._data, digest_size=8).digest(), "big")

    def save(self) -> tuple:
        """A snapshot (references only: views and states are immutable)."""
        return (self.tick, self.step, self.view, self.state, self._data, tuple(self.last_applied))

    def load(self, saved: tuple) -> None:
        """Restore a snapshot returned by ``save``."""
        self.tick, self.step, self.view, self.state, self._data, applied = saved
        self.last_applied = list(applied)


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
        """The tick input that carries ``action`` (``action_input``)."""
        return action_input(self.rules, action)

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


def make_view_sim(settings: Any, seat: int | None) -> ViewSim:
    """The ``ViewSim`` of a match's settings (anything with ``game``, ``seats`` and ``options`` as sorted (key,
    value) pairs, e.g. netplay's ``MatchSettings``) for ``seat`` (None: a spectator). Raises KeyError for an unknown
    game."""
    return ViewSim(definition_of(settings.game).rules, settings.seats, seat, **dict(settings.options))


def deal_line(deal: Any) -> str | None:
    """What a results screen says of a LAN turn game's deal: ``DEAL_VERIFIED``, ``DEAL_UNFAIR``, or None (no line).
    ``deal``: the ``MatchEnded`` event's ``deal`` field: "verified", "unfair", a ``DealVerdict``, or None (absent:
    a local match, Grisbi, no reveal)."""
    if isinstance(deal, DealVerdict):
        return deal.label
    return {"verified": DEAL_VERIFIED, "unfair": DEAL_UNFAIR}.get(deal) if isinstance(deal, str) else None


def authority_sim(rules: Any, players: int, seed: int | None, seats: Sequence[int], **options: Any) -> Any:
    """A session's ``make_sim`` in authority mode: the host knows the seed (``HostTurnSim``), a joiner does not
    (``PeerViewSim`` of its ``seats``; none: a spectator)."""
    if seed is not None:
        return HostTurnSim(rules, seed, players, **options)
    return PeerViewSim(rules, players, seats, **options)
