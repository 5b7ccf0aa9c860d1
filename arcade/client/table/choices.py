"""A seat's choices at a table: its hand-card menus (a slot chosen, a popup of what to do with it) and the generic
action panel (the legal actions listed, a cursor over them) of tables that have nothing richer."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable

import pygame

from arcade.client.render import fonts
from arcade.client.render.fonts import draw_text, font
from arcade.client.render.widgets import DIM, GOLD, W, WHITE, panel
from arcade.core.i18n import _

__all__ = ["Choices", "SeatMenu"]


@dataclass
class SeatMenu:
    """One human seat's place in a table's menus: ``sel`` the chosen hand slot, ``open`` whether that slot's popup
    menu is open, ``cur`` the cursor in it."""

    sel: int = 0
    open: bool = False
    cur: int = 0


class Choices:
    """The menus of the human seats of one screen. ``seating``: who acts and their legal actions; ``match``: where
    a choice is sent (``submit_action``, or ``submit`` in a race); ``describe(action) -> str``: an action's words.
    ``menu_class``: the per-seat menu record (``SeatMenu`` or a game's richer one); ``ui``: {seat: that record};
    ``cursor``: {seat: line} of the generic panel. A game's table may set ``panel(surf)``, its own action panel,
    and ``on_submit(seat, action)``, called before a choice is sent."""

    def __init__(self, seating, match, input_map, audio, seat_name, describe: Callable[[Any], str]) -> None:
        self.seating, self.match, self.input, self.audio = seating, match, input_map, audio
        self.seat_name, self.describe = seat_name, describe
        self.menu_class: type = SeatMenu
        self.ui: dict[int, Any] = {}
        self.cursor: dict[int, int] = {}
        self.panel: Callable[[pygame.Surface], None] = self.draw_generic
        self.on_submit: Callable[[int, Any], None] = lambda seat, action: None

    def clear(self) -> None:
        """Every seat's menus closed and cursors home (a restart)."""
        self.ui.clear()
        self.cursor.clear()

    def seat_ui(self, seat: int):
        """The menu record of a human seat (``menu_class``; made when the seat first has one)."""
        if seat not in self.ui:
            self.ui[seat] = self.menu_class()
        return self.ui[seat]

    def move_cursor(self, dev: list[str], cur: int, n: int, back: str = "UP", fwd: str = "DOWN") -> int:
        """``cur`` moved by the seat's ``back``/``fwd`` buttons (with menu auto-repeat), wrapping in ``0..n-1``."""
        if n <= 0:
            return 0
        cur %= n
        if self.input.menu(back, dev):
            cur = (cur - 1) % n
            self.audio.play("move")
        if self.input.menu(fwd, dev):
            cur = (cur + 1) % n
            self.audio.play("move")
        return cur

    def submit_choice(self, seat: int, action: Any) -> None:
        """Send a seat's chosen action and close its menus."""
        self.on_submit(seat, action)
        self.match.submit_action(seat, action)
        ui = self.seat_ui(seat)
        ui.open, ui.cur = False, 0
        self.audio.play("select")

    def popup_step(self, seat: int, dev: list[str], items: list[tuple[str, Any]]) -> None:
        """One tick of an open popup menu of (label, action): up/down move, B closes it, A sends the action."""
        ui = self.seat_ui(seat)
        if not items:
            ui.open = False
            return
        ui.cur = self.move_cursor(dev, ui.cur, len(items))
        if self.input.pressed("B", dev):
            ui.open = False
            self.audio.play("back")
        elif self.input.pressed("A", dev):
            self.submit_choice(seat, items[ui.cur][1])

    @staticmethod
    def list_rects(x: int, y: int, w: int, n: int, rows: int, cur: int, title_size: int = 19
                   ) -> list[pygame.Rect | None]:
        """Where ``draw_list``'s ``n`` lines lie (px) with the cursor on ``cur`` (None: scrolled out of view)."""
        if n <= 0:
            return []
        top = max(0, min(cur % n - rows // 2, n - rows))
        first = y + Choices.title_gap(title_size)
        step = Choices.row_pitch()
        return [pygame.Rect(x - 8, first + (i - top) * step - 3, w, step) if top <= i < top + rows else None
                for i in range(n)]

    @staticmethod
    def row_pitch() -> int:
        """Px from one line of a menu list to the next: 28 at 100 %, a line of its 17 px bold font (and the
        selected line's plate) at a larger text size."""
        return fonts.pitch(17, 28, bold=True) + (0 if fonts.text_scale() == 100 else 2)

    @staticmethod
    def title_gap(title_size: int = 19) -> int:
        """Px from a menu list's title to its first line: ``title_size`` + 11 at 100 %, the title's line and a
        margin at a larger text size."""
        return max(title_size + 11, fonts.font(title_size, True).get_linesize() + 6)

    @staticmethod
    def list_height(rows: int, title_size: int = 19) -> int:
        """The height (px) of a list of ``rows`` lines under its title (``title_gap`` + ``rows`` lines)."""
        return Choices.title_gap(title_size) + rows * Choices.row_pitch()

    @staticmethod
    def draw_list(surf: pygame.Surface, title: str, labels: list[str], cur: int, x: int, y: int, w: int,
                  rows: int, title_size: int = 19, color_of=None) -> None:
        """A titled menu list of ``labels`` with the cursor on ``cur``, scrolled to show ``rows`` lines, "more"
        marks above and below; ``color_of(label)`` may colour unselected lines (e.g. a costly answer)."""
        draw_text(surf, title, (x, y), title_size, GOLD, bold=True)
        if not labels:
            return
        cur %= len(labels)
        top = max(0, min(cur - rows // 2, len(labels) - rows))
        first = y + Choices.title_gap(title_size)
        step = Choices.row_pitch()
        for i, lab in enumerate(labels[top:top + rows]):
            sel = top + i == cur
            yy = first + i * step
            if sel:
                panel(surf, (x - 8, yy - 3, w, step - 2), 200, (70, 55, 15), None, 6)
            col = GOLD if sel else (color_of(lab) if color_of else WHITE)
            draw_text(surf, ("▶ " if sel else "   ") + lab, (x, yy), 17, col, bold=sel)
        if top > 0:
            more = _("▲ more")
            draw_text(surf, more, (x + w - 12 - font(16).size(more)[0], y + 2), 16, DIM)
        if top + rows < len(labels):
            more = _("▼ more")
            draw_text(surf, more, (x + w - 12 - font(16).size(more)[0], first + rows * step), 16, DIM)

    def shown_acting(self) -> list[int]:
        """The acting humans whose generic panel is live: with several humans at a turn-based table, the shown one."""
        seating = self.seating
        many = len(seating.humans()) > 1 and self.match.turn_based
        return [s for s in seating.acting_humans() if not many or s == seating.shown_seat]

    def controls(self) -> None:
        """Generic controls: each acting human seat moves a cursor over its legal actions and selects one."""
        for seat in self.shown_acting():
            dev = [self.seating.device(seat)]
            legal = self.seating.legal(seat)
            if not legal:
                continue
            c = self.cursor.get(seat, 0) % len(legal)
            if self.input.menu("UP", dev) or self.input.menu("LEFT", dev):
                c = (c - 1) % len(legal)
                self.audio.play("move")
            if self.input.menu("DOWN", dev) or self.input.menu("RIGHT", dev):
                c = (c + 1) % len(legal)
                self.audio.play("move")
            self.cursor[seat] = c
            if self.input.pressed("A", dev):
                (self.match.submit_action if self.match.turn_based else self.match.submit)(seat, legal[c])
                self.cursor[seat] = 0
                self.audio.play("select")

    def draw_generic(self, surf: pygame.Surface) -> None:
        """The generic list of legal actions for the acting human(s)."""
        x0 = W - 430
        for seat in self.shown_acting()[:2]:
            legal = self.seating.legal(seat)
            c = self.cursor.get(seat, 0) % max(1, len(legal))
            top = max(0, min(c - 5, len(legal) - 12))
            shown = legal[top:top + 12]
            panel(surf, (x0, 80, 410, 60 + 30 * len(shown)), 200, border=GOLD)
            draw_text(surf, _("{player} — choose:").format(player=self.seat_name(seat)), (x0 + 16, 92), 20, GOLD,
                      bold=True)
            for k, a in enumerate(shown):
                sel = top + k == c
                draw_text(surf, ("▶ " if sel else "   ") + self.describe(a), (x0 + 16, 124 + 30 * k), 19,
                          GOLD if sel else WHITE, bold=sel)
