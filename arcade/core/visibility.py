"""The one hidden-hand policy: which seats' hidden cards this screen may draw face up.

Every table asks ``HandPolicy.shows(seat, ...)`` (and ``viewer(...)`` for whose ``view`` to draw); no table decides it
on its own. The rules (../shared/DESIGN.md, "Hidden hands on a shared screen"):

- A replay or a spectator chooses: ``forced`` is the seat whose cards are shown, or None for nobody.
- A demo (attract mode) shows nobody's hidden cards.
- Only seats played at this screen (``humans``: local keyboard/pad/mouse seats; on a LAN, this machine's seats) may
  ever be shown; bots' and remote players' never.
- One human at this screen: their own cards are always shown.
- Two or more humans on one turn-based table (pass-the-screen): nothing is shown while the curtain is down; after
  a player lifts it (``shown_seat``) only that player's cards are shown, while it is their decision
  (``show_while_acting``) or while they hold their peek key (``peek``). Grit's placement is simultaneous, so there
  a hand shows only while its owner holds the peek key.
- A real-time race (Grisbi) has no curtain: every local human's hand is shown once play has started (``started``);
  before the start signal every hand is face down.

Pure: no pygame; the table passes what it knows (curtain, acting seats, held keys).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Collection

__all__ = ["HandPolicy", "AUTO"]

AUTO = "auto"
"""``forced`` value meaning "no replay/spectator choice: apply the policy"."""


@dataclass(frozen=True)
class HandPolicy:
    """Who sits at this screen. ``humans``: seats played here, ascending. ``forced``: ``AUTO``, a seat, or None.
    ``real_time``: a race with no curtain. ``show_while_acting``: False where hands show only on peek (Grit)."""

    humans: tuple[int, ...]
    demo: bool = False
    forced: int | None | str = AUTO
    real_time: bool = False
    show_while_acting: bool = True

    def shows(self, seat: int, *, curtain: bool = False, shown_seat: int | None = None,
              acting: Collection[int] = (), peek: bool = False, started: bool = True) -> bool:
        """Whether ``seat``'s hidden cards may be drawn face up now.

        ``curtain``: the pass-the-screen curtain is down. ``shown_seat``: the seat that last lifted it. ``acting``: the
        local seats whose decision it is. ``peek``: ``seat``'s owner holds their peek key. ``started``: the real-time
        game's start signal has been given."""
        if self.forced != AUTO:
            return seat == self.forced
        if self.demo or seat not in self.humans:
            return False
        if self.real_time:
            return started
        if curtain:
            return False
        if len(self.humans) == 1:
            return True
        if seat != shown_seat:
            return False
        return peek or (self.show_while_acting and seat in acting)

    def viewer(self, *, acting: Collection[int] = (), shown_seat: int | None = None) -> int | None:
        """The seat whose ``view`` the table draws (None: the spectator's view, which hides every hand)."""
        if self.forced != AUTO:
            return self.forced  # type: ignore[return-value]
        if self.demo or not self.humans:
            return None
        if len(self.humans) == 1:
            return self.humans[0]
        if self.real_time:
            return None
        local_acting = [s for s in self.humans if s in acting]
        return local_acting[0] if local_acting else shown_seat
