"""The pass-the-screen curtain: two or more humans on one screen at a turn-based table hide their hands between
turns until the next player lifts the curtain with their own select key (or a click, for the mouse's seat)."""

from __future__ import annotations

import pygame

from arcade.client.input import MOUSE
from arcade.client.render.fonts import draw_text, size_to_fit
from arcade.client.render.widgets import GOLD, H, W, WHITE, shade
from arcade.core.i18n import N_, _

__all__ = ["Curtain"]


class Curtain:
    """Lowers and lifts the curtain of a ``Seating`` (its ``curtain_for`` and ``shown_seat``) and draws it.
    ``prompts``: the last line with the mouse and with a key (English ids; Grenade's hides a heart); a game may set
    ``prompt(dev) -> str`` instead (Grit names two keys). ``just_lifted``: the curtain was lifted this tick."""

    def __init__(self, seating, input_map, audio, seat_name) -> None:
        self.seating, self.input, self.audio, self.seat_name = seating, input_map, audio, seat_name
        self.prompts = (N_("Click to see your cards"), N_("Press {key} to see your cards"))
        self.prompt = self.key_prompt
        self.just_lifted = False

    def update(self) -> None:
        """Two or more humans at a turn-based table: the curtain comes down for the next human to act, and goes up
        when that seat presses A (or clicks, if it plays the mouse)."""
        seating = self.seating
        self.just_lifted = False
        if len(seating.humans()) < 2 or not seating.match.turn_based:
            return
        acting = seating.acting_humans()
        if not acting:
            return
        if seating.curtain_for is None and acting[0] != seating.shown_seat:
            seating.curtain_for = acting[0]
        seat = seating.curtain_for
        if seat is not None and (self.input.pressed("A", [seating.device(seat)])
                                 or (seating.mouse_seat() == seat and self.input.clicks)):
            seating.shown_seat, seating.curtain_for = seat, None
            self.just_lifted = True
            self.audio.play("flip")

    def draw(self, surf: pygame.Surface) -> None:
        """The curtain over the whole picture: whose turn, look away, how to lift it."""
        surf.blit(shade(235), (0, 0))
        seat = self.seating.curtain_for
        head = _("{player}'s turn").format(player=self.seat_name(seat))
        draw_text(surf, head, (W // 2, H // 2 - 60), size_to_fit(head, W - 80, 48, bold=True), GOLD, bold=True,
                  anchor="center")
        away = _("Everyone else, look away!")
        draw_text(surf, away, (W // 2, H // 2), size_to_fit(away, W - 80, 26), WHITE, anchor="center")
        prompt = self.prompt(self.seating.device(seat))
        draw_text(surf, prompt, (W // 2, H // 2 + 50), size_to_fit(prompt, W - 80, 26), WHITE, anchor="center")

    def key_prompt(self, dev: str) -> str:
        """The curtain's last line: which of the seat's keys (device ``dev``) shows its hidden cards."""
        click, press = self.prompts
        return _(click) if dev == MOUSE else _(press).format(key=self.input.hint(dev, "A"))
