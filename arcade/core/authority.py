"""Host-authoritative turn games, the game side: the host's full state and the checks of a revealed match.

Issue 12 (attack 2): in a turn game only the host holds the full state. ``TurnAuthority`` is that host side: it
validates each seat's encoded action against ``RULES.legal_actions``, applies it, logs it, and gives each seat's
``view`` (a spectator: the public view) as bytes for the network to carry. netplay stays game-agnostic: it moves
these opaque bytes and action ints.

``ViewDigests`` is what a joiner keeps of the views it received: a 16-byte digest per step, never the views of
other steps, so nothing another seat hides stays in its memory beyond what its own seat was shown.

``ViewSim`` is a joiner's (or spectator's) simulation: it never holds the match's state, only the latest view its
seat was sent and a stand-in full state built from that view (``RULES.state_from_view``), so the table draws from
``sim.state`` as on any other machine. ``public_actions`` is what the host tells every peer of the actions it applied
(for the tables' animations): an action whose content the rules hide is only "seat N acted".

``verify_views`` is the end-of-match check of the fair deal (DESIGN.md "Fair deal"): once the host has revealed the
seed (netplay checks it against the committed nonces) and the full action log, a joiner re-simulates the whole
match from the seed, checks every action was legal and that each view it received is the view its seat had at that
step; it returns the verdict and the checksum of its own end-of-match state (its ``final_checksum``).

Steps count applied actions: step 0 is the deal, step k the state after the k-th logged action.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any, Iterator, Sequence

from arcade.games import REGISTRY
from arcade.games.base import IllegalAction
from arcade.games.codec import decode, encode
from arcade.games.rng import Rng

__all__ = ["TurnAuthority", "ViewDigests", "DealVerdict", "ViewSim", "view_bytes", "view_digest", "replay_log",
           "verify_views", "public_actions", "make_view_sim", "deal_line", "DEAL_VERIFIED", "DEAL_UNFAIR"]

DEAL_VERIFIED = "Deal verified"
DEAL_UNFAIR = "This match was not dealt fairly"
Action = tuple[int, int]
"""One logged action: (seat, encoded action int)."""


def view_bytes(rules: Any, state: Any, seat: int | None) -> bytes:
    """The canonical bytes of ``rules.view(state, seat)`` (``arcade.games.codec``); ``seat`` None: the public
    view a spectator gets."""
    return encode(rules.view(state, seat))


def view_digest(data: bytes) -> bytes:
    """16-byte blake2b digest of a view's bytes (what a joiner keeps of each view it received)."""
    return hashlib.blake2b(data, digest_size=16, person=b"grisbi-view").digest()


class TurnAuthority:
    """The host's side of a host-authoritative turn game: the only full state of the match.

    ``rules``: a ``TurnRules``; ``seed``, ``players`` and ``options`` as for ``rules.initial_state``. ``log`` holds
    every accepted action as (seat, code), in order; ``step`` is its length."""

    def __init__(self, rules: Any, seed: int, players: int, **options: Any) -> None:
        self.rules = rules
        self.state = rules.initial_state(seed, players, **options)
        self.log: list[Action] = []

    @property
    def step(self) -> int:
        return len(self.log)

    def act(self, seat: int, code: int) -> bool:
        """Apply ``seat``'s encoded action if the rules allow it now (``seat`` is to act and the decoded action is
        in ``legal_actions``); False (nothing changes) otherwise, e.g. a joiner's stale or forged action."""
        try:
            action = self.rules.decode_action(code)
        except (IllegalAction, ValueError, TypeError):
            return False
        if seat not in self.rules.to_act(self.state) or action not in self.rules.legal_actions(self.state, seat):
            return False
        self.state = self.rules.apply(self.state, seat, action)
        self.log.append((seat, code))
        return True

    def view(self, seat: int | None) -> bytes:
        """The view bytes to send to ``seat``'s peer now (None: to a spectator)."""
        return view_bytes(self.rules, self.state, seat)

    def is_over(self) -> bool:
        return self.rules.is_over(self.state)

    def checksum(self) -> int:
        return self.rules.checksum(self.state)


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
    auth = TurnAuthority(rules, seed, players, **options)
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


def public_actions(rules: Any, before: Any, applied: Sequence[tuple[int, Any]]) -> list[tuple[int, int]]:
    """What every seat may be told of ``applied``, the actions applied in order from state ``before``: a list of
    (seat, tick input) for the VIEW message, one an action. The tick input is ``encode_action + 1`` (as
    ``TurnSimulation`` takes it) when ``rules.action_is_public(state, seat, action)`` says the action hides nothing,
    else 0: "seat acted" (a card laid face down, a secret choice). A game without that rule shows nothing (all 0).

    ``applied``: (seat, action) pairs; an action is an action value of ``rules`` or its tick input (an int > 0).
    Raises IllegalAction if an action is not legal where it is applied (the host applied them, so never)."""
    rule = getattr(rules, "action_is_public", None)
    out: list[tuple[int, int]] = []
    state = before
    for seat, action in applied:
        if isinstance(action, int):
            action = rules.decode_action(action - 1)
        shown = rule is not None and rule(state, seat, action)
        out.append((seat, rules.encode_action(action) + 1 if shown else 0))
        state = rules.apply(state, seat, action)
    return out


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
        applied = [(int(seat), self.rules.decode_action(n - 1) if n > 0 else None) for seat, n in public]
        try:
            state = self.rules.state_from_view(view, Rng.from_seed(STAND_IN_SEED))
            same = self.rules.view(state, self.seat) == view
        except (TypeError, IndexError, KeyError, AttributeError, RuntimeError) as e:  # a view no deal can give
            raise ValueError(f"a view the rules cannot give: {e}") from e
        if not same:
            raise ValueError("a view the rules cannot give")
        self.step, self.view, self.state, self._data, self.last_applied = step, view, state, bytes(data), applied

    def advance(self, inputs: Sequence[int]) -> None:
        """One tick: counted; nothing is applied here (the host applies every action)."""
        self.tick += 1

    def input_for(self, action: Any) -> int:
        """The tick input that carries ``action`` (as ``TurnSimulation.input_for``)."""
        return self.rules.encode_action(action) + 1

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


def make_view_sim(settings: Any, seat: int | None) -> ViewSim:
    """The ``ViewSim`` of a match's settings (anything with ``game``, ``seats`` and ``options`` as sorted (key,
    value) pairs, e.g. netplay's ``MatchSettings``) for ``seat`` (None: a spectator). Raises KeyError for an unknown
    game."""
    return ViewSim(REGISTRY[settings.game], settings.seats, seat, **dict(settings.options))


def deal_line(deal: Any) -> str | None:
    """What a results screen says of a LAN turn game's deal: ``DEAL_VERIFIED``, ``DEAL_UNFAIR``, or None (no line).
    ``deal``: the ``MatchEnded`` event's ``deal`` field: "verified", "unfair", a ``DealVerdict``, or None (absent:
    a local match, Grisbi, no reveal)."""
    if isinstance(deal, DealVerdict):
        return deal.label
    return {"verified": DEAL_VERIFIED, "unfair": DEAL_UNFAIR}.get(deal) if isinstance(deal, str) else None
