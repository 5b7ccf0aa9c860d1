"""Small drawing helpers the LAN and online screens share: a form's rows, a seat's filler, a subtitle."""

from __future__ import annotations

import pygame

from arcade.core.match import SeatSpec
from arcade.core.i18n import _
from arcade.client.render import fonts
from arcade.client.render.fonts import draw_text, size_to_fit, wrap
from arcade.client.render.widgets import GOLD, W, WHITE

__all__ = ["row_bands", "row_step", "draw_subtitle"]


def _row(surf: pygame.Surface, y: int, label: str, value: str, sel: bool, x0: int = W // 2 - 400,
         x1: int = W // 2 + 400, size: int = 24, value_color=None, arrows: bool = True) -> None:
    """A row of a LAN form: ``label`` on the left, ``value`` on the right (with ◀ ▶ when selected and ``arrows``),
    or a button (``label`` centred, no ``value``). The label keeps to the left half (up to the ◀); the value to the
    right of the ◀, or (no arrows) of the label: a longer one (French) is drawn a little smaller, never under its
    neighbour."""
    color = GOLD if sel else WHITE
    if sel:
        pygame.draw.rect(surf, (80, 60, 10), (x0 + 10, y - 17, x1 - x0 - 20, 36), border_radius=8)
    if not value:
        draw_text(surf, label, ((x0 + x1) // 2, y), size_to_fit(label, x1 - x0 - 60, size + 2, bold=True), color,
                  bold=True, anchor="center")
        return
    mid = (x0 + x1) // 2
    label_size = size_to_fit(label, mid - x0, size)
    label_end = draw_text(surf, label, (x0 + 30, y), label_size, color, anchor="midleft").right
    arrows = arrows and sel
    if arrows:  # at fixed places, for the mouse (``row_step``)
        draw_text(surf, "◀", (mid + 45, y), size, color, anchor="center")
        draw_text(surf, "▶", (x1 - 30, y), size, color, anchor="center")
    right = x1 - (60 if arrows else 30)
    room = right - (mid + 70 if arrows else max(label_end + 30, x0 + 30))
    draw_text(surf, value, (right, y), size_to_fit(value, room, size, bold=sel), value_color or color, bold=sel,
              anchor="midright")


def row_bands(y0: int, step: int, n: int, x0: int = W // 2 - 400, x1: int = W // 2 + 400) -> list[pygame.Rect]:
    """The bands of ``n`` rows drawn by ``_row`` from ``y0`` every ``step`` px (for the mouse)."""
    return [pygame.Rect(x0 + 10, y0 + k * step - step // 2, x1 - x0 - 20, step) for k in range(n)]


def row_step(x: int, x0: int = W // 2 - 400, x1: int = W // 2 + 400) -> int:
    """A click on a ``_row`` at ``x``: its ◀ goes back, anywhere else forward."""
    return -1 if (x0 + x1) // 2 + 10 <= x < (x0 + x1) // 2 + 80 else 1


def _spec_label(spec: SeatSpec) -> str:
    """Who fills a seat, in the player's language; an open seat: "Open: remote player"."""
    return _("Open: remote player") if spec.kind == "remote" else spec.label


def draw_subtitle(surf, line: str, y: int, width: int = W - 80, size: int = 20) -> None:
    """A screen's subtitle centred at ``y`` (px), broken into lines of at most ``width`` px (two at most; smaller
    type if two are not enough), so a long one never runs off the screen."""
    while True:
        lines = wrap(line, size, width)
        if len(lines) <= 2 or size <= 14:
            break
        size -= 1
    step = size + 4
    if fonts.text_scale() > 100:  # taller rows, hanging from ``y`` rather than centred on it
        step = max(step, fonts.line_height(size))
        y += (len(lines[:2]) - 1) * step // 2
    top = y - (len(lines[:2]) - 1) * step // 2
    for k, ln in enumerate(lines[:2]):
        draw_text(surf, ln, (W // 2, top + k * step), size, WHITE, anchor="center", shadow=True)
