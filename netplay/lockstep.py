"""Lockstep mode: no prediction. A tick is simulated only once every seat's input for it is known.

A peer's own inputs are sent ``input_delay`` ticks ahead of the tick they apply to, so it may run ahead of the other
peers' confirmed inputs by that delay and no more; nothing is ever re-simulated. This is the mode of the turn-based
games, where a short wait is invisible and a misprediction would be (a card shown, then taken back).
"""

from __future__ import annotations

from typing import Any

from .rollback import TickDriver

__all__ = ["LockstepDriver"]


class LockstepDriver(TickDriver):
    """``TickDriver`` with a prediction window of 0: ``can_advance()`` only when the next tick is confirmed."""

    def __init__(self, seats: int, input_delay: int, window: int = 0, **kw: Any) -> None:
        if window != 0:
            raise ValueError("lockstep never predicts (window 0)")
        super().__init__(seats, input_delay, 0, **kw)
