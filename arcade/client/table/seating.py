"""Who sits at this screen and what it may show: the seats' views chosen by the one hidden-hand policy.

A table draws from views, never from the match's true state: ``views()`` hands it a ``TableViews`` (the public view,
the views of the seats shown on this screen and which of them are face up now), chosen by the hidden-hand policy
(``arcade.core.visibility``) and answered by whoever holds the state (``Match.views``). The controls of the seats
this screen plays ask the match for their legal actions (``legal``).

Whose cards are shown: in a demo or with no human, the spectator view (``view(state, None)``); with one human, that
seat's view; with two or more humans on one screen, the acting human's view, behind a pass-the-screen curtain
(``curtain_for``, lifted by the seat it waits for: ``shown_seat``).
"""

from __future__ import annotations

from typing import Any, Callable

from arcade.client.input import MOUSE
from arcade.core.visibility import HandPolicy, TableViews, table_views

__all__ = ["Seating"]


class Seating:
    """The seats of one screen and its visibility state: ``curtain_for`` (the seat the pass-the-screen curtain waits
    for, or None), ``shown_seat`` (the seat that lifted it last), ``forced_view`` (a replay's seat shown, None:
    nobody, "auto": the policy's choice). Hooks a game's table may set: ``mouse_peek(seat) -> bool`` (a "Show my
    cards" button held), ``started(public) -> bool`` (a race's start signal given), ``show_while_acting``."""

    def __init__(self, match, input_map, demo: bool) -> None:
        self.match = match
        self.input = input_map
        self.demo = demo
        self.curtain_for: int | None = None
        self.shown_seat: int | None = None
        self.forced_view: int | None | str = "auto"
        self.show_while_acting = True  # False where a hand shows only while its owner peeks (Grit)
        self.mouse_peek: Callable[[int], bool] = lambda seat: False
        self.started: Callable[[Any], bool] = lambda public: True
        self.cache: tuple[Any, dict] = (None, {})  # (state, what was worked out of it: views, who acts...)

    def device(self, seat: int) -> str:
        """The input device of ``seat`` ("kb1", "pad0", "mouse"...)."""
        return self.match.seats[seat].device

    def humans(self) -> list[int]:
        """The human seats at this screen."""
        return self.match.human_seats()

    def now(self) -> dict:
        """What was worked out of the state now (its views, who acts): worked out again once the state changes."""
        state = self.match.state  # compared by identity only: a new state asks everything again
        if self.cache[0] is not state:
            self.cache = (state, {})
        return self.cache[1]

    def acting_humans(self) -> list[int]:
        """The human seats at this screen whose decision it is now (a race: those that may lay a card)."""
        humans, now = self.humans(), self.now()
        key = ("acting", tuple(humans))
        if key not in now:
            if self.match.turn_based:
                acting = self.to_act()
                now[key] = [s for s in humans if s in acting]
            else:
                now[key] = [s for s in humans if self.legal(s)]
        return list(now[key])

    def to_act(self) -> frozenset[int]:
        """The seats that may act now (public: every player sees whose turn it is)."""
        now = self.now()
        if "to_act" not in now:
            now["to_act"] = (frozenset(self.match.rules.to_act(self.match.state)) if self.match.turn_based
                             else frozenset())
        return now["to_act"]

    def legal(self, seat: int) -> list:
        """The legal actions of a seat this screen plays, as the match's rules give them now."""
        return list(self.match.rules.legal_actions(self.match.state, seat))

    def seat_view(self, seat: int) -> Any:
        """The view of a seat this screen plays, for its own controls; what is drawn comes from ``views``."""
        return self.match.views((seat,))[seat]

    def acting_shown(self) -> list[int]:
        """Acting human seats whose controls are live on this screen: none in a demo or behind the curtain; with
        several humans on one screen, only the seat shown now."""
        if self.demo or self.curtain_for is not None:
            return []
        many = len(self.humans()) > 1
        return [s for s in self.acting_humans() if not many or s == self.shown_seat]

    def mouse_seat(self) -> int | None:
        """The seat the mouse plays: the one given the mouse in seat setup, else the only human at this screen;
        None with several keyboard humans and no mouse seat, or in a demo."""
        if self.demo:
            return None
        humans = self.humans()
        for seat in humans:
            if self.device(seat) == MOUSE:
                return seat
        return humans[0] if len(humans) == 1 else None

    def policy(self) -> HandPolicy:
        """This screen's hidden-hand policy (``arcade.core.visibility.HandPolicy``)."""
        return HandPolicy(tuple(self.humans()), self.demo, self.forced_view, not self.match.turn_based,
                          self.show_while_acting)

    def viewer(self) -> int | None:
        """The seat whose view is drawn (None: spectator), as the hidden-hand policy says."""
        return self.policy().viewer(acting=self.acting_humans(), shown_seat=self.shown_seat)

    def peeking(self, seat: int) -> bool:
        """Whether ``seat``'s hidden cards are drawn face up now, as the hidden-hand policy says."""
        policy = self.policy()
        if seat not in policy.humans and policy.forced == "auto":
            return False
        return policy.shows(seat, curtain=self.curtain_for is not None, shown_seat=self.shown_seat,
                            acting=self.acting_humans(), peek=self.peek_held(seat),
                            started=self.started(self.public_view()))

    def peek_held(self, seat: int) -> bool:
        """Whether ``seat``'s player holds their peek key (B) or the table's "Show my cards" button now."""
        return seat in self.humans() and (self.input.held("B", [self.device(seat)]) or self.mouse_peek(seat))

    def views(self) -> TableViews:
        """What this screen may draw now (``TableViews``): the public view and the views of the seats it shows."""
        humans = tuple(self.humans())
        peeking = tuple(s for s in humans if self.peek_held(s))
        now = self.now()
        key = ("views", humans, peeking, self.curtain_for, self.shown_seat, self.forced_view, self.demo)
        if key not in now:
            now[key] = table_views(self.policy(), self.source, curtain=self.curtain_for is not None,
                                   shown_seat=self.shown_seat, acting=self.acting_humans(), peeking=peeking,
                                   started=self.started(self.public_view()))
        return now[key]

    def public_view(self) -> Any:
        """The public view now (``view(state, None)``: what the rules show everyone)."""
        return self.source((None,))[None]

    def source(self, seats) -> dict:
        """``Match.views`` remembering the views of the state now: {seat: view} for ``seats`` (None: public)."""
        seats, known = tuple(seats), self.now().setdefault("seat views", {})
        missing = [s for s in seats if s not in known]
        if missing:
            known.update(self.match.views(missing))
        return {s: known[s] for s in seats}
