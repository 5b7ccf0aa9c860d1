"""The mouse at a table: where the seat it plays clicked, a hand card pressed, dragged and let go.

Dragging a card from the hand (``drag_card``) and letting it go is clicking the card, then where it was let go; the
dragged card is drawn under the pointer above everything (``follow``), and eases back to its place when let go.
"""

from __future__ import annotations

import dataclasses

from typing import Callable

__all__ = ["Pointer"]


class Pointer:
    """The mouse of one screen. ``seating``: who plays the mouse (``mouse_seat``); ``input_map``: the
    ``InputMap``; ``drag_card``: (seat, index in hand) pressed by the mouse, maybe dragged, or None. A game's table
    sets ``hand_key(seat, index)``: the sprite key of that hand card (None: the table places a dragged card
    itself)."""

    def __init__(self, seating, input_map) -> None:
        self.seating, self.input = seating, input_map
        self.drag_card: tuple[int, int] | None = None
        self.hand_key: Callable[[int, int], object] = lambda seat, index: None

    def mouse_click(self, seat: int) -> tuple[int, int] | None:
        """Where the mouse clicked this tick (picture px) if it plays ``seat``, else None; a dragged hand card let
        go counts as a click where it was let go."""
        if self.seating.mouse_seat() != seat:
            return None
        inp = self.input
        if inp.click() is not None:
            return inp.click()
        if self.drag_card is not None and self.drag_card[0] == seat and inp.drops:
            self.drag_card = None
            return inp.drops[-1][1]
        return None

    def let_go(self, seat: int) -> tuple[int, tuple[int, int], bool] | None:
        """The hand card ``seat`` pressed (``drag_card``) let go this tick: (index in hand, where it was let go in
        picture px, whether it was dragged there rather than clicked), or None."""
        if self.drag_card is None or self.drag_card[0] != seat or not self.input.releases:
            return None
        index, self.drag_card = self.drag_card[1], None
        _start, end, moved = self.input.releases[-1]
        return index, end, moved

    def dragged(self, seat: int) -> tuple[int, tuple[int, int]] | None:
        """The hand card ``seat`` is dragging now and where the pointer is: (index in hand, (x, y) px), or None."""
        inp = self.input
        if self.drag_card is None or self.drag_card[0] != seat or inp.dragging is None or inp.mouse_pos is None:
            return None
        return self.drag_card[1], inp.mouse_pos

    def follow(self, board) -> None:
        """Each tick: the dragged hand card's sprite (on ``board``, a ``SpriteBoard``) is put under the pointer."""
        if self.drag_card is None:
            return
        seat = self.drag_card[0]
        d = self.dragged(seat)
        key = self.hand_key(seat, d[0]) if d is not None else None
        e = board.entries.get(key) if key is not None else None
        if e is None:
            return
        e.placed = dataclasses.replace(board.current(key), x=d[1][0], y=d[1][1], lift=0, z=10_000)
        e.tween = None

    def mouse_list(self, seat: int, ui, rects: list) -> int | None:
        """Pointing at a line of ``seat``'s open list moves ``ui.cur`` there; returns the line clicked (or None)."""
        if self.input.mouse_moved and self.input.hover(rects) is not None:
            ui.cur = self.input.hover(rects)
        return self.input.clicked(rects)
