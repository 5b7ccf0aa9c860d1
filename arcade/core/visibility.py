"""The one hidden-hand policy, and what a table is handed to draw: the views of the seats shown on its screen.

A table never reads the match's true state for hidden information. It is handed a ``TableViews``: the public view
(``RULES.view(state, None)``, what the rules show a spectator) and the views of the seats this screen shows
(``RULES.view(state, seat)``), chosen by ``HandPolicy.shown_seats``, with the seats whose hidden cards are face up
now (``HandPolicy.shows``). ``table_views`` builds it from any view source (``Match.views``: whoever holds the state
answers, the rules on a local state or a LAN joiner's received views), so local and LAN tables are the same: a card
no shown seat may see is in no view the table holds. No table decides any of it on its own. The rules
(../shared/DESIGN.md, "Hidden hands on a shared screen"):

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

The seats shown on a screen (whose views the table gets): a replay's chosen seat; nobody in a demo or behind the
curtain; every local human in a race, or the one human at this screen; else the seat that lifted the curtain. A
shown seat's hidden cards may still be drawn face down (a race before its start, Grit's hand until its owner peeks,
a shared screen while its owner is not deciding). The table is laid out around ``viewer`` (its bottom seat), whose
view it draws when that seat is shown, else the public view.

Pure: no pygame; the table passes what it knows (curtain, acting seats, held keys).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Collection, Iterable, Mapping

__all__ = ["HandPolicy", "AUTO", "TableViews", "table_views"]

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

    def shown_seats(self, *, curtain: bool = False, shown_seat: int | None = None) -> tuple[int, ...]:
        """The seats whose views this screen is handed, ascending (see the module docstring): a replay's chosen seat,
        nobody in a demo or behind the curtain, every local human in a race or when only one sits here, else the
        seat that lifted the curtain (``shown_seat``: the only one ``shows`` may show; whose turn it is never shows
        a seat before its player has lifted the curtain)."""
        if self.forced != AUTO:
            return () if self.forced is None else (self.forced,)  # type: ignore[return-value]
        if self.demo or not self.humans:
            return ()
        if self.real_time or len(self.humans) == 1:
            return self.humans
        if curtain or shown_seat not in self.humans:
            return ()
        return (shown_seat,)


@dataclass(frozen=True)
class TableViews:
    """What one screen may draw now. ``public``: the rules' public view (``view(state, None)``). ``seats``: the
    views of the seats shown on this screen, seat -> ``view(state, seat)`` (``HandPolicy.shown_seats``).
    ``face_up``: the shown seats whose hidden cards are drawn face up now (``HandPolicy.shows``). ``viewer``: the
    seat the table is turned to (its bottom seat; None: a spectator's layout), shown or not."""

    public: Any
    seats: Mapping[int, Any] = field(default_factory=dict)
    face_up: frozenset[int] = frozenset()
    viewer: int | None = None

    @property
    def main(self) -> Any:
        """The view the table is drawn around: the viewer's when it is shown, else the public view."""
        return self.seats.get(self.viewer, self.public) if self.viewer is not None else self.public

    def of(self, seat: int) -> Any | None:
        """``seat``'s view when this screen shows it, else None (draw its hidden cards as backs, from ``public``)."""
        return self.seats.get(seat)

    def up(self, seat: int) -> bool:
        """Whether ``seat``'s hidden cards are drawn face up now."""
        return seat in self.face_up


def table_views(policy: HandPolicy, views: Callable[[Iterable[int | None]], Mapping[int | None, Any]], *,
                curtain: bool = False, shown_seat: int | None = None, acting: Collection[int] = (),
                peeking: Collection[int] = (), started: bool = True) -> TableViews:
    """The ``TableViews`` of a screen under ``policy``. ``views(seats)``: the source that holds the state, seat (None:
    public) -> view (``Match.views``); it is asked for the public view and the shown seats' only. ``curtain``,
    ``shown_seat``, ``acting``, ``started`` as for ``HandPolicy.shows``; ``peeking``: the seats whose owners hold
    their peek key now."""
    shown = policy.shown_seats(curtain=curtain, shown_seat=shown_seat)
    got = views((None, *shown))
    up = frozenset(s for s in shown if policy.shows(s, curtain=curtain, shown_seat=shown_seat, acting=acting,
                                                   peek=s in peeking, started=started))
    return TableViews(got[None], {s: got[s] for s in shown}, up, policy.viewer(acting=acting, shown_seat=shown_seat))
