"""Hosting a LAN match: the game, its options and who fills each seat (local, bot or open to a remote player)."""

from __future__ import annotations

import pygame

from netplay.discovery import is_loopback, lan_addresses

from arcade.games import REGISTRY, definition_of
from arcade.client.input import zone_hint
from arcade.core.match import SeatSpec
from arcade.core.i18n import N_, _, format_number
from arcade.client.render import fonts
from arcade.client.render.fonts import draw_text, size_to_fit, wrap
from arcade.client.render.widgets import (DIM, GOLD, H, W, WHITE, banner, draw_toast, felt, hint_bar, panel,
                                          subtitle_y, GREEN)
from arcade.client.lan import LanError, LanLink, new_join_code
from arcade.client.scenes.lan_lobby import LanLobbyScene
from arcade.client.scenes.setup import SeatSetupScene, seat_label
from arcade.client.scenes.lan_common import _row, _spec_label, row_bands, row_step

__all__ = ["LanHostScene"]


OPEN = SeatSpec("remote")


class LanHostScene(SeatSetupScene):
    still = False  # players join and leave by the network
    """Choose the game, its options and who fills each seat (a local human, a bot, or open for a remote player):
    the seat setup screen with a game row, open seats and the join code."""

    name = "lan_host"
    WITH_OPEN = True

    def __init__(self, app, game_id: str | None = None) -> None:
        self.games = list(REGISTRY)
        self.code = new_join_code()
        super().__init__(app, game_id or self.games[0])

    def default_seat(self) -> SeatSpec:
        return OPEN

    def rows(self) -> list[str]:
        return (["game", "players"] + [f"seat{i}" for i in range(self.players)]
                + [f"opt{i}" for i in range(len(self.opts))] + ["code", "open"])

    def change(self, r: str, step: int) -> None:
        if r == "game":
            self.set_game(self.games[(self.games.index(self.gid) + step) % len(self.games)])
        elif r == "code":
            self.code = new_join_code()
        else:
            super().change(r, step)

    def activate(self, r: str, start: bool) -> None:
        if r == "code" and not start:
            self.code = new_join_code()
        elif r == "open" or start:
            self.open_lobby()

    def row_rects(self) -> list[pygame.Rect]:
        return row_bands(140, 38, len(self.rows()), 40, 800)

    @staticmethod
    def arrow_step(row: int, x: int) -> int:
        return row_step(x, 40, 800)

    def update(self) -> None:
        k = self.app.input.clicked(self.row_rects())
        if k is not None and self.rows()[k] in ("code", "open"):  # buttons: a click does them
            self.row = k
            self.activate(self.rows()[k], False)
            return
        super().update()

    def open_lobby(self) -> None:
        plan = self.choices[:self.players]
        err = self.problem()
        if err:
            self.app.notice = err
            return
        s = self.app.settings
        try:
            link = LanLink.host(self.app, self.gid, plan, self.options(), code=self.code, port=s.lan_port,
                                name=s.lan_name, broadcast=s.lan_broadcast)
        except LanError as e:
            self.app.notice = str(e)
            self.app.audio.play("back")
            return
        self.app.notice = ""
        self.app.audio.play("start")
        self.app.push(LanLobbyScene(self.app, link))

    TITLE = N_("Host a LAN match")

    def draw(self, surf, alpha) -> None:
        surf.blit(felt(), (0, 0))
        title, tagline = _(self.TITLE), _(definition_of(self.gid).spec.tagline)
        banner(surf, title, "", y=46, size=size_to_fit(title, W - 80, 46, bold=True))
        draw_text(surf, tagline, (W // 2, subtitle_y(46, size_to_fit(title, W - 80, 46, bold=True))),
                  size_to_fit(tagline, W - 60, 22), WHITE, anchor="center", shadow=True)
        rows = self.rows()
        x0, x1 = 40, 800
        panel(surf, (x0, 112, x1 - x0, 40 + 38 * len(rows)), 170)
        y = 140
        for k, r in enumerate(rows):
            sel = k == self.row
            is_open = False
            if r == "game":
                label, value = _("Game"), _(definition_of(self.gid).spec.name)
            elif r == "players":
                label, value = _("Players"), format_number(self.players)
            elif r.startswith("seat"):
                i = int(r[4:])
                label, value = seat_label(self.gid, i), _spec_label(self.choices[i])
                is_open = self.choices[i].kind == "remote"
            elif r.startswith("opt"):
                i = int(r[3:])
                label, value = _(self.opts[i].label), _(self.opts[i].labels[self.opt_idx[i]])
            elif r == "code":
                label, value = _("Join code"), (_("A: a new one") + "  " if sel else "") + self.code
            else:
                label, value = _("OPEN THE LOBBY"), ""
            _row(surf, y, label, value, sel, x0, x1, 22, value_color=(GREEN if is_open and not sel else None))
            y += 38
        self.draw_side(surf)
        draw_toast(surf, self.app.notice, 100)
        hint_bar(surf, [_("↑/↓ row"), _("←/→ or click ◀ ▶ change"), self.enter_hint(), _("Esc back")])

    def enter_hint(self) -> str:
        """What Enter does on the selected row (nothing on a choice: there the START key opens the lobby)."""
        r = self.rows()[min(self.row, len(self.rows()) - 1)]
        if r == "open":
            return _("Enter/E open the lobby")
        if r == "code":
            return _("Enter/E a new code")
        return _("{key} open the lobby").format(key=self.app.input.hint("wasd", "START"))

    SIDE = pygame.Rect(830, 112, 410, 330)  # the side panel: the join code, where to join

    def draw_side(self, surf) -> None:
        """The right of the screen: the join code, large, where to join, and the local players' keys."""
        s = self.app.settings
        side = self.SIDE
        panel(surf, side, 190, border=GOLD)
        cx, width = side.centerx, side.width - 24
        head = _("JOIN CODE")
        draw_text(surf, head, (cx, 150), size_to_fit(head, width, 24, bold=True), DIM, bold=True, anchor="center")
        draw_text(surf, self.code, (cx, 215), 64, GOLD, bold=True, anchor="center", shadow=True)
        line = _("Players joining type this code.")
        draw_text(surf, line, (cx, 272), size_to_fit(line, width, 18), WHITE, anchor="center")
        line = _("UDP port {port}").format(port=s.lan_port)
        draw_text(surf, line, (cx, 320), size_to_fit(line, width, 22), WHITE, anchor="center")
        ips = lan_addresses()
        line = _("friends type {address}").format(address=f"{ips[0]}:{s.lan_port}") if ips and not (
            s.lan_broadcast and is_loopback(s.lan_broadcast)) else _("this machine only")
        draw_text(surf, line, (cx, 352), size_to_fit(line, width, 18), DIM, anchor="center")
        lines = wrap(_("Open seats are filled by players who join from their machines."), 17, width)
        step = max(22 if len(lines) <= 2 else 19, fonts.line_height(17) if fonts.text_scale() > 100 else 0)
        for k, line in enumerate(lines):
            draw_text(surf, line, (cx, 398 + step * k - 10 * (len(lines) > 2)), 17, DIM, anchor="center")
        self.draw_keys(surf, 470 if fonts.text_scale() == 100 else max(470, 398 + step * len(lines) + 8))

    def draw_keys(self, surf, hy: int = 470) -> None:
        """Each local player's keys, under the side panel (two lines for one player when one is not enough)."""
        width = self.SIDE.width
        for i, spec in enumerate(self.choices[:self.players]):
            if spec.kind != "human" or hy >= H - 60:
                continue
            text = _("{seat}: {keys}").format(seat=seat_label(self.gid, i), keys=zone_hint(self.app.input,
                                                                                           spec.device))
            for line in wrap(text, 16, width)[:2]:
                if hy < H - 60:
                    draw_text(surf, line, (self.SIDE.centerx, hy), 16, DIM, anchor="center")
                hy += fonts.pitch(16, 22)
        join = wrap(self.join_note(), 16, width)  # how local players take a seat (SeatSetupScene)
        if hy + fonts.pitch(16, 20) * len(join) > H - 50:
            join = wrap(self.join_note(short=True), 16, width)
        if hy + fonts.pitch(16, 20) * len(join) <= H - 50:
            for line in join:
                draw_text(surf, line, (self.SIDE.centerx, hy), 16, WHITE, anchor="center")
                hy += fonts.pitch(16, 20)
