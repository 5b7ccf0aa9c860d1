"""A table's heads-up display: the game's name, the hint bar (each human's keys, the mouse's way, how to pause),
the notice of why an action was not taken (``flash``) and the status line at the top."""

from __future__ import annotations

from typing import Callable

import pygame

from arcade.client.input import MOUSE, zone_hint
from arcade.client.render import fonts
from arcade.client.render.fonts import draw_text, font, pitch, size_to_fit, wrap
from arcade.client.render.widgets import GOLD, W, WHITE, draw_toast, hint_bar
from arcade.core.i18n import N_, _

__all__ = ["Hud"]


class Hud:
    """The HUD of one screen. Inputs: ``seating`` (the humans here, whose turn, the curtain), the ``InputMap``,
    ``seat_name(seat)``, ``title`` (the game's name in English, translated when drawn), ``turn_based``. Settings a game's table may
    change: ``mouse_hint`` (an English id: what to click), ``esc_hint``, ``notice_y`` (the notice's centre line,
    px), ``hints() -> [str]`` (the hint bar's entries). State: ``message`` and ``message_ticks`` (the notice and
    how many ticks it still shows)."""

    def __init__(self, seating, input_map, seat_name: Callable[[int], str], title: str, turn_based: bool) -> None:
        self.seating, self.input, self.seat_name, self.title = seating, input_map, seat_name, title
        self.turn_based = turn_based
        self.mouse_hint = N_("click a card, then where it goes")
        self.esc_hint = N_("Esc pause")
        self.notice_y = 66
        self.hints: Callable[[], list[str]] = self.key_hints
        self.message, self.message_ticks = "", 0

    def flash(self, msg: str, ticks: int = 120) -> None:
        """Show ``msg`` as a notice for ``ticks`` ticks (why an action was not taken)."""
        self.message, self.message_ticks = msg, ticks

    def tick(self) -> None:
        """One tick of the notice's life."""
        if self.message_ticks:
            self.message_ticks -= 1

    def name_rect(self) -> pygame.Rect:
        """Where the game's name lies in the top-left corner (px)."""
        return pygame.Rect(14, 8, font(26, True).size(_(self.title))[0] + 16, 36)

    def notice_rects(self) -> list[pygame.Rect]:
        """The notice on the table now, if any (px)."""
        if not (self.message_ticks and self.message):
            return []
        r = pygame.Rect(0, 0, min(W - 40, 14 + 10 * len(self.message)), 40)
        r.center = (W // 2, self.notice_y)
        return [r]

    def draw(self, surf: pygame.Surface, on_top: bool) -> None:
        """The game's name; outside a demo the hint bar (only when no overlay, ``on_top``, shows its own) and the
        notice."""
        draw_text(surf, _(self.title), (20, 14), 26, GOLD, bold=True, shadow=True)
        if self.seating.demo:
            return
        hints = self.hints()
        if on_top:  # an overlay (pause, results) shows its own hint bar: one at a time
            hint_bar(surf, hints[-3:])
        if self.message_ticks and self.message:
            draw_toast(surf, self.message, self.notice_y)

    def key_hints(self) -> list[str]:
        """The hint bar's entries (the last three are shown): the keys of the humans here (with several humans at a
        turn-based table, those of the one whose turn it is, named), the mouse's way, then how to pause."""
        hints = []
        humans = self.seating.humans()
        for seat in self.hinted_seats():
            dev = self.seating.device(seat)
            keys = zone_hint(self.input, dev)
            if dev != MOUSE:  # holding B on a card explains it (a tooltip)
                keys = _("{keys} · hold {key}: explain").format(keys=keys, key=self.input.hint(dev, "B"))
            hints.append(_("{seat}: {keys}").format(seat=self.seat_name(seat), keys=keys) if len(humans) > 1 else keys)
        mouse = self.seating.mouse_seat()
        if mouse is not None and self.seating.device(mouse) != MOUSE:
            hints.append(_("mouse: {hint}").format(hint=_(self.mouse_hint)))
        hints.append(_(self.esc_hint))
        return hints

    def hinted_seats(self) -> list[int]:
        """The human seats whose keys the hint bar shows: every human here, but at a turn-based table shared by
        several, only the one whose turn it is (behind the curtain: the one it waits for)."""
        seating = self.seating
        humans = seating.humans()
        if len(humans) < 2 or not self.turn_based:
            return humans
        if seating.curtain_for is not None:
            return [seating.curtain_for]
        now = [s for s in seating.acting_humans() if s == seating.shown_seat]
        return now or ([seating.shown_seat] if seating.shown_seat in humans else humans)

    def status_width(self) -> int:
        """The status line's width at the top, centred and clear of the game's name in the corner (px); at a larger
        text size also clear of a network match's ping in the other corner (its box grows with the text)."""
        side = self.name_rect().right
        if fonts.text_scale() > 100:
            side = max(side, font(16).size(_("ping {ms} ms").format(ms=999))[0] + 16)
        return W - 2 * (side + 10)

    def status_rows(self, text: str) -> tuple[list[str], int]:
        """The status line at the top (``text``) as drawn: its rows (one, or two when it does not fit one at 16 px
        as drawn) and their font size."""
        width = self.status_width()
        size = size_to_fit(text, width, 19)
        if font(size).size(text)[0] <= width:
            return [text], size
        return wrap(text, size, width), size

    def status_line_rect(self, text: str, y: int = 22) -> pygame.Rect:
        """Where the status line lies (px), centred on ``y``."""
        rows, size = self.status_rows(text)
        r = pygame.Rect(0, 0, max(font(size).size(row)[0] for row in rows) + 8, 6 + pitch(size, 19) * len(rows))
        r.center = (W // 2, y)
        return r

    def draw_status(self, surf: pygame.Surface, text: str, y: int = 22) -> None:
        """The status line centred at the top (``y``: its centre), shrunk to fit, on two rows if it must."""
        rows, size = self.status_rows(text)
        step = pitch(size, 19)  # at a larger text size: a line of the font
        for k, row in enumerate(rows):
            draw_text(surf, row, (W // 2, y + step * k - step * (len(rows) - 1) // 2), size, WHITE, anchor="center",
                      shadow=True)
