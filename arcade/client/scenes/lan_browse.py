"""Browsing the LAN: matches heard (game, free seats, lobby or playing, ping), refreshed live."""

from __future__ import annotations

import pygame

from netplay.discovery import DISCOVERY_PORT, Listener, Prober, is_loopback, listen_address

from arcade.games import REGISTRY, definition_of
from arcade.core.i18n import N_, _, format_number, ngettext
from arcade.client.render.fonts import draw_text, size_to_fit, wrap
from arcade.client.render.widgets import DIM, GOLD, W, WHITE, banner, draw_toast, felt, hint_bar, panel, GREEN, RED
from arcade.client.scenes import Scene
from arcade.client.scenes.lan_join import LanJoinScene

__all__ = ["LanBrowseScene"]


class LanBrowseScene(Scene):
    """Matches heard on the LAN (game, free seats, lobby or playing, ping), refreshed live."""

    name = "lan_browse"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.sel = 0
        self.found: list = []
        self.error = ""
        self.clock = app.opts.time_source or __import__("time").monotonic
        s = app.settings
        bcast = s.lan_broadcast
        self.listener = self.prober = None
        try:
            self.listener = Listener(bind=listen_address(bcast), discovery_port=DISCOVERY_PORT, expire=3.5)
            self.prober = Prober(bind="127.0.0.1" if bcast and is_loopback(bcast) else "0.0.0.0")
        except OSError as e:
            self.error = _("Cannot listen for matches on UDP port {port}: {error}.").format(port=DISCOVERY_PORT,
                                                                                            error=e.strerror or e)

    def close(self) -> None:
        for x in (self.listener, self.prober):
            if x is not None:
                x.close()
        self.listener = self.prober = None

    def update(self) -> None:
        inp = self.app.input
        if inp.escape_pressed or inp.pressed("B") or inp.right_click:
            self.close()
            self.app.pop()
            return
        now = self.clock()
        if self.listener is not None:
            self.found = self.listener.update(now)
            self.prober.update(now, self.found)
        n = len(self.found)
        if n:
            if inp.menu("UP"):
                self.sel = (self.sel - 1) % n
            if inp.menu("DOWN"):
                self.sel = (self.sel + 1) % n
            self.sel = min(self.sel, n - 1)
            self.sel, clicked = inp.pointed([pygame.Rect(90, 200 + 40 * i - 18, W - 180, 40)
                                             for i in range(min(n, 10))], self.sel)
            if inp.pressed("A") or clicked:
                a = self.found[self.sel]
                if not a.compatible:
                    self.app.notice = _("Version mismatch: that host runs another version of Grisbi Arcade.")
                    return
                pong = self.prober.results.get(a.address)
                playing = pong.playing if pong is not None else a.playing
                self.close()
                self.app.replace(LanJoinScene(self.app, address=f"{a.address[0]}:{a.address[1]}",
                                              watch=playing or a.free_seats == 0, digest=a.digest))

    def draw(self, surf, alpha) -> None:
        surf.blit(felt(), (0, 0))
        bcast = self.app.settings.lan_broadcast
        sub = _("Matches hosted on this machine only") if bcast and is_loopback(bcast) else _(
            "Matches hosted on your local network")
        banner(surf, _("Browse the LAN"), sub, y=60)
        panel(surf, (80, 130, W - 160, 470), 170)
        for (head, x), right in zip(self.COLUMNS, [x for _h, x in self.COLUMNS[1:]] + [W - 90]):
            head = _(head)
            draw_text(surf, head, (x, 150), size_to_fit(head, right - x - 12, 18, bold=True), DIM, bold=True)
        if self.error:
            for k, line in enumerate(wrap(self.error, 20, W - 200)[:3]):
                draw_text(surf, line, (W // 2, 360 + 28 * k), 20, RED, anchor="center")
        elif not self.found:
            draw_text(surf, _("Looking for matches…"), (W // 2, 330), 26, WHITE, anchor="center")
            line = _("Hosts announce themselves every second. Not listed? Join by address.")
            draw_text(surf, line, (W // 2, 370), size_to_fit(line, W - 200, 18), DIM, anchor="center")
        for i, a in enumerate(self.found[:10]):
            y = 200 + 40 * i
            sel = i == self.sel
            if sel:
                pygame.draw.rect(surf, (80, 60, 10), (90, y - 16, W - 180, 34), border_radius=8)
            col = GOLD if sel else WHITE
            pong = self.prober.results.get(a.address) if self.prober else None
            playing = pong.playing if pong is not None else a.playing
            free = pong.free_seats if pong is not None else a.free_seats
            state = _("playing: watch") if playing else (_("lobby") if free else _("lobby (full)"))
            if not a.compatible:
                state = _("version {n}").format(n=a.protocol_version)
            ping = _("{ms} ms").format(ms=format_number(round(pong.rtt * 1000))) if pong is not None else "…"
            game = _(definition_of(a.game).spec.name) if a.game in REGISTRY else a.game
            cells = [(a.name[:22], col, sel, 20), (game, col, False, 20),
                     (ngettext("{free} free of {seats}", "{free} free of {seats}", free).format(
                         free=format_number(free), seats=format_number(a.seats)), col, False, 20),
                     (state, RED if not a.compatible else (DIM if playing else GREEN), False, 20),
                     (ping, col, False, 20),
                     (f"{a.address[0]}:{a.address[1]}", DIM, False, 17)]
            for (text, color, bold, size), (_h, x), right in zip(cells, self.COLUMNS,
                                                               [x for _h, x in self.COLUMNS[1:]] + [W - 90]):
                draw_text(surf, text, (x, y), size_to_fit(text, right - x - 12, size, bold=bold), color, bold=bold,
                          anchor="midleft")
        line = _("Hosts announce their matches every second; a host not heard for 3 s leaves the list.")
        draw_text(surf, line, (W // 2, 620), size_to_fit(line, W - 60, 17), DIM, anchor="center")
        draw_toast(surf, self.app.notice, 650)
        hint_bar(surf, [_("↑/↓ choose"), _("Enter/E or click: join (or watch a match in play)"), _("Esc back")])

    COLUMNS = ((N_("Host"), 110), (N_("Game"), 380), (N_("Seats"), 590), (N_("State"), 740), (N_("Ping"), 900),
               (N_("Address"), 1000))
    """The list's columns: heading (English id) and left edge (px); each ends where the next begins."""
