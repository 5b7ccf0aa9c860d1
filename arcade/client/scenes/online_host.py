"""Hosting online: the LAN host's seat setup, with the code coming from the meeting server."""

from __future__ import annotations

from arcade.core.i18n import N_, _
from arcade.client.render import fonts
from arcade.client.render.fonts import draw_text, size_to_fit, wrap
from arcade.client.render.widgets import DIM, GOLD, H, WHITE, panel
from arcade.client.scenes.lan_host import LanHostScene
from arcade.client.scenes.online_wait import OnlineWaitScene
from arcade.client.scenes.online_common import describe_servers, go_online

__all__ = ["OnlineHostScene"]


class OnlineHostScene(LanHostScene):
    """The LAN host's seat setup, online: no port, and the code comes from the meeting server when the lobby opens."""

    name = "online_host"
    TITLE = N_("Host online")

    def rows(self) -> list[str]:
        return [r for r in super().rows() if r != "code"]

    def open_lobby(self) -> None:
        plan = self.choices[:self.players]
        err = self.problem() or ("" if any(p.kind == "remote" for p in plan) else
                                 _("Open at least one seat for a friend (a seat set to “{open}”).").format(
                                     open=_("Open: remote player")))
        go_online(self.app, err, "start", lambda: OnlineWaitScene(self.app, host=(self.gid, plan, self.options())))

    def draw_side(self, surf) -> None:
        """The right of the screen: what the code will look like, how friends join, the servers, the local players'
        keys; the panel as tall as its notes need."""
        notes = [ln for note in (_("Open the lobby: a meeting server gives a code like this one."),
                                 _("Read it out to your friends: they choose Join online and type it."), "",
                                 _("Open seats are filled by the friends who join."),
                                 _("The code stays open while seats are free.")) for ln in wrap(note, 17, 386)]
        side = self.SIDE.copy()
        side.height = max(side.height, 250 + fonts.pitch(17, 22) * len(notes) - side.y)
        panel(surf, side, 190, border=GOLD)
        cx, width = side.centerx, side.width - 24
        head = _("INTERNET CODE")
        draw_text(surf, head, (cx, 150), size_to_fit(head, width, 24, bold=True), DIM, bold=True, anchor="center")
        sample = _("7-word-word-word")
        draw_text(surf, sample, (cx, 205), size_to_fit(sample, width, 40, bold=True), (150, 140, 105), bold=True,
                  anchor="center")
        pitch = fonts.pitch(17, 24 if side.bottom == self.SIDE.bottom else 22)
        for k, ln in enumerate(notes):
            draw_text(surf, ln, (cx, 250 + pitch * k), 17, WHITE, anchor="center")
        text, ssize = describe_servers(self.app.settings), 16
        while ssize > fonts.smallest_readable() and any(fonts.font(ssize).size(w)[0] > side.width
                                                         for w in text.split(" ")):
            ssize -= 1  # a server's address is one long word: smaller type (never under 16 px as drawn)
        servers = wrap(text, ssize, side.width)
        if side.bottom + 20 + fonts.pitch(16, 20) * len(servers) > H - 50:
            servers = []  # a larger text size leaves no room: the online menu shows them too
        for k, ln in enumerate(servers):
            draw_text(surf, ln, (cx, side.bottom + 20 + fonts.pitch(16, 20) * k), ssize, DIM, anchor="center")
        self.draw_keys(surf, side.bottom + 28 + fonts.pitch(16, 20) * len(servers))
