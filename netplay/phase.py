"""A session's phase and its one owner (GGRS: a session's ``SessionState`` changes in one place).

``Phases`` holds where a peer is (``netplay.protocol``'s HELLO, LOBBY, DEALING, LATE, RUNNING, FINISHING, DONE,
FAILED) and changes it only through ``enter``, along the steps of ``PHASE_STEPS``; a part that asks for another step
has a bug, and ``IllegalPhase`` says which. ``netplay.session.Session`` owns one and reads it as ``phase``; every part
changes it with ``session.enter(phase)``. Nothing else in netplay assigns a phase (``tests/test_netplay_owners.py``).
"""

from __future__ import annotations

from .protocol import DEALING, DONE, FAILED, FINISHING, HELLO, LATE, LOBBY, RUNNING

__all__ = ["PHASE_STEPS", "IllegalPhase", "Phases"]

PHASE_STEPS: dict[str, frozenset[str]] = {
    HELLO: frozenset({LOBBY, LATE, DONE, FAILED}),  # the host opens its lobby at once; a joiner is welcomed
    LOBBY: frozenset({DEALING, LATE, RUNNING, DONE, FAILED}),
    DEALING: frozenset({DEALING, LOBBY, RUNNING, DONE, FAILED}),  # again: COMMITS repeated; LOBBY: dealt over
    LATE: frozenset({LATE, RUNNING, DONE, FAILED}),  # LATE again: each chunk of the host's snapshot
    RUNNING: frozenset({FINISHING, DONE, FAILED}),
    FINISHING: frozenset({DONE, FAILED}),
    DONE: frozenset({FAILED}),  # ``Session.request_failed``: it says goodbye, then fails
    FAILED: frozenset(),
}
"""The steps a session may take: phase -> the phases it may enter next (a phase listed in its own set may be entered
again, changing nothing)."""


class IllegalPhase(RuntimeError):
    """A part asked for a step between phases that ``PHASE_STEPS`` does not allow."""


class Phases:
    """The phase of one session, ``phase`` (a ``netplay.protocol`` phase name), changed by ``enter`` alone."""

    def __init__(self, who: str, phase: str = HELLO) -> None:
        self.who = who  # for the error: "host", "join"
        self.phase = phase

    def enter(self, phase: str) -> None:
        """Go to ``phase``. Raises ``IllegalPhase`` if ``PHASE_STEPS`` has no such step from the current phase."""
        if phase not in PHASE_STEPS.get(self.phase, frozenset()):
            raise IllegalPhase(f"{self.who or 'peer'}: {self.phase} -> {phase} is not a step of a session")
        self.phase = phase
