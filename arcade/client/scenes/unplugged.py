"""A gamepad unplugged during a local match: the match waits for it.

``watch_pads(app)`` runs each tick a pad was plugged or unplugged (``InputMap.pad_events``). When a pad holding a
seat of a match played on this machine alone goes, ``PadUnpluggedScene`` is pushed over the table, like the pause
menu: the match stops underneath and the screen says "Gamepad 2 unplugged — plug it back in or press a key to give
the seat to a bot". The same pad plugged back (the input map gives it its old name: same GUID) takes its seat again
and the match goes on; a key (or a click, or another pad's button) gives the seat to a bot of the Settings' level
instead (``Match.drop_to_bot``). A LAN match goes on without waiting (its table has its own part, ``table.net``).
"""

from __future__ import annotations

import pygame

from arcade.core.i18n import _
from arcade.client.render.fonts import draw_text, size_to_fit
from arcade.client.render.widgets import GOLD, H, W, WHITE, hint_bar, panel, shade
from arcade.client.scenes import Scene

__all__ = ["PadUnpluggedScene", "watch_pads", "unplugged_message"]


def unplugged_message(device: str) -> str:
    """What the screen says while ``device`` ("pad1") is away, in the player's language."""
    return _("Gamepad {n} unplugged — plug it back in or press a key to give the seat to a bot").format(
        n=int(device[3:]) + 1)


def _local_table(app, device: str):
    """The topmost scene of the stack holding a local match in which ``device`` plays a seat, or None."""
    for scene in reversed(app.stack):
        match = getattr(scene, "match", None)
        if match is None or getattr(scene, "net", None) is not None or getattr(scene, "demo", True):
            continue  # not a table (a replay's playback holds a match too), a LAN table or a demo
        if match.seat_of_device(device) is not None and not match.is_over():
            return scene
        return None  # the match on top is not this pad's
    return None


def watch_pads(app) -> None:
    """This tick's unplugged pads that play a seat of a local match pause it (``PadUnpluggedScene``)."""
    for what, device in app.input.pad_events:
        if what != "unplugged":
            continue
        if any(isinstance(s, PadUnpluggedScene) and s.device == device for s in app.stack):
            continue
        table = _local_table(app, device)
        if table is not None:
            app.push(PadUnpluggedScene(app, table, device))


class PadUnpluggedScene(Scene):
    """The match waits for an unplugged pad (module docstring)."""

    still = True
    transparent = True
    name = "unplugged"

    def __init__(self, app, table, device: str) -> None:
        super().__init__(app)
        self.table = table
        self.device = device

    def log_state(self) -> str:
        return self.device

    def seats(self) -> list[int]:
        """The seats of the match the pad plays."""
        return [i for i, s in enumerate(self.table.match.seats) if s.kind == "human" and s.device == self.device]

    def update(self) -> None:
        inp = self.app.input
        if self.device in inp.pads():  # plugged back: its seat again
            self.app.audio.play("select")
            self.app.pop()
            return
        if inp.any_pressed or inp.clicks or inp.right_click:
            level = self.app.settings.bot_level
            for seat in self.seats():
                self.table.match.drop_to_bot(seat, level)
            inp.forget_pad(self.device)
            self.app.audio.play("back")
            self.app.pop()

    def draw(self, surf, alpha) -> None:
        surf.blit(shade(170), (0, 0))
        box = pygame.Rect(0, 0, 1180, 200)
        box.center = (W // 2, H // 2 - 10)
        panel(surf, box, 255, (16, 24, 20), GOLD, 16)
        title = _("Gamepad unplugged")
        draw_text(surf, title, (W // 2, box.y + 52), size_to_fit(title, box.width - 40, 40, bold=True), GOLD,
                  bold=True, anchor="center")
        line = unplugged_message(self.device)  # one line: the whole sentence, read at a glance
        draw_text(surf, line, (W // 2, box.y + 130), size_to_fit(line, box.width - 50, 24), WHITE, anchor="center")
        hint_bar(surf, [_("plug the pad back in: play on"), _("any key: a bot takes the seat")])
