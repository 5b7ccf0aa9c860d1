"""Tooltips at a table: a card or a term explained where it appears, after a player holds B on the card their keys
are on (``TIP_HOLD`` ticks) or rests the pointer on it (``TIP_REST`` ticks). A pointer's tooltip goes after
``TIP_LAST`` ticks of reading, or as soon as what it explains changes under the still pointer (a card laid, the hand
moved up), and comes back only when the pointer moves: a pointer left resting does not keep one up all match. A
tooltip never covers what the table's ``avoid`` hook names (its status line, the seats' boxes)."""

from __future__ import annotations

from typing import Callable

import pygame

from arcade.client.render.tooltip import Tip, draw_tip

__all__ = ["Tooltips"]


def _no_tips() -> list[Tip]:
    return []


class Tooltips:
    """The tooltips of one screen. Inputs: ``seating`` (the humans here, their devices, the curtain), the
    ``InputMap``, ``on_top() -> bool`` (no overlay covers the table). Hooks a game's table sets: ``sources() ->
    [Tip]`` (the cards and terms a pointer may rest on now, topmost last) and ``key_tip(seat) -> Tip | None`` (the
    card ``seat``'s keys are on), ``avoid() -> [rect]`` (what a tooltip must never cover, px). State: ``holds``
    {seat: ticks B held}, ``rest`` (the tip under the pointer, ticks it has rested there), ``spent`` (the pointer's
    tooltip has had its time or its subject changed: none until the pointer moves)."""

    TIP_HOLD = 12  # ticks a player holds B on a focused card before its tooltip shows (a tap keeps B's own use)
    TIP_REST = 18  # ticks the pointer rests on a card or term before its tooltip shows
    TIP_LAST = 300  # ticks a pointer's tooltip stays up (5 s of reading) before it goes until the pointer moves

    def __init__(self, seating, input_map, on_top: Callable[[], bool]) -> None:
        self.seating, self.input, self.on_top = seating, input_map, on_top
        self.sources: Callable[[], list[Tip]] = _no_tips
        self.key_tip: Callable[[int], Tip | None] = lambda seat: None
        self.holds: dict[int, int] = {}
        self.avoid: Callable[[], list] = list
        self.rest: tuple[Tip | None, int] = (None, 0)
        self.spent = False
        self._pos: tuple[int, int] | None = None

    def follow(self) -> None:
        """Each tick: how long each human here has held B, and how long the pointer has rested on the same tip."""
        inp = self.input
        self.holds = {s: self.holds.get(s, 0) + 1 for s in self.seating.humans()
                      if inp.held("B", [self.seating.device(s)])}
        over = None
        if inp.mouse_pos is not None and not inp.mouse_held and not self.seating.demo:
            over = next((t for t in reversed(self.sources()) if pygame.Rect(t.target).collidepoint(inp.mouse_pos)),
                        None)
        moved, self._pos = inp.mouse_pos != self._pos, inp.mouse_pos
        if moved:
            self.spent = False
        elif self.rest[0] is not None and over != self.rest[0] and self.rest[1] >= self.TIP_REST:
            self.spent = True  # what the tooltip explained changed under the still pointer
        rest = self.rest[1] + 1 if over is not None and self.rest[0] == over else 0
        if rest >= self.TIP_REST + self.TIP_LAST:
            self.spent = True
        self.rest = (over, rest)

    def now(self) -> Tip | None:
        """The tooltip shown now: the card a player here holds B on (after ``TIP_HOLD`` ticks), else the card or
        term the pointer rests on (after ``TIP_REST`` ticks); None in a demo, behind the curtain or under an
        overlay."""
        if self.seating.demo or self.seating.curtain_for is not None or not self.on_top():
            return None
        for seat, ticks in sorted(self.holds.items()):
            if ticks >= self.TIP_HOLD:
                tip = self.key_tip(seat)
                if tip is not None:
                    return tip
        over, rest = self.rest
        if over is not None and rest >= self.TIP_REST and not self.spent:
            return next((t for t in self.sources() if t.target == over.target), None)
        return None

    def draw(self, surf: pygame.Surface) -> None:
        """The tooltip of ``now`` beside its target, over everything else but ``avoid``'s rectangles."""
        tip = self.now()
        if tip is not None:
            draw_tip(surf, tip, avoid=self.avoid())
