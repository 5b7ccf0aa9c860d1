"""Host-authoritative turn games, the game side: the host's full state and the checks of a revealed match.

Issue 12 (attack 2): in a turn game only the host holds the full state. ``TurnAuthority`` is that host side: it
validates each seat's encoded action against ``RULES.legal_actions``, applies it, logs it, and gives each seat's
``view`` (a spectator: the public view) as bytes for the network to carry. netplay stays game-agnostic: it moves
these opaque bytes and action ints.

``ViewDigests`` is what a joiner keeps of the views it received: a 16-byte digest per step, never the views of
other steps, so nothing another seat hides stays in its memory beyond what its own seat was shown.

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

from arcade.games.base import IllegalAction
from arcade.games.codec import encode

__all__ = ["TurnAuthority", "ViewDigests", "DealVerdict", "view_bytes", "view_digest", "replay_log", "verify_views",
           "DEAL_VERIFIED", "DEAL_UNFAIR"]

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
