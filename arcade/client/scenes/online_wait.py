"""Waiting online: asking for a code (host), or the meeting and the route (joiner)."""

from __future__ import annotations

from typing import Any
import time

import pygame

from netplay.ice import MAX_TOTAL_TIMEOUT
from netplay.online import SPECTATORS, Connected, Failed, OnlineHost, OnlineJoin
from netplay.wire import PROTOCOL_VERSION

from arcade.core.match import SeatSpec
from arcade.core.i18n import N_, _, format_number
from arcade.client.render import fonts
from arcade.client.render.fonts import draw_text, size_to_fit, wrap
from arcade.client.render.widgets import DIM, GOLD, W, WHITE, banner, felt, hint_bar, panel, subtitle_y
from arcade.client.scenes import Scene
from arcade.client.lan import LanError, LanLink
from arcade.client.net.script import Script
from arcade.client.net.words import Said
from arcade.client.networds import net_line
from arcade.client.scenes.lan_lobby import LanLobbyScene
from arcade.client.scenes.lan_message import LanMessageScene
from arcade.client.scenes.online_common import failure_line, servers_of

__all__ = ["OnlineWaitScene"]


# --- waiting: a code (host), or the meeting and the route (joiner) --------------------------------------------------


class OnlineWaitScene(Scene):
    """Asking for a code (``host``: ``(game id, seat plan, options)``), or meeting the host by ``code`` and finding
    a route (``local``: the players here; ``watch``; ``claim`` / ``token``: a player coming back to a dropped seat).
    One line says what is happening, with its seconds, and a bar fills towards the 20 s limit; Esc cancels. Then
    the LAN lobby over that connection, or the failure in one line. ``script``: the command line's scripted run,
    given to the link (``arcade.client.net.script.Script``)."""

    name = "online_wait"
    LIMIT = MAX_TOTAL_TIMEOUT + 2.0  # seconds: past the online part's own limits, never reached in practice

    def __init__(self, app, *, code: str | None = None, local: list[SeatSpec] | None = None, watch: bool = False,
                 claim: dict[int, SeatSpec] | None = None, token: bytes | None = None,
                 host: tuple[str, list[SeatSpec], dict[str, Any]] | None = None,
                 script: Script | None = None) -> None:
        super().__init__(app)
        self.host, self.code = host, code
        self.local, self.watch, self.claim, self.token = list(local or []), watch, dict(claim or {}), token
        self.script = script
        self.clock = app.opts.time_source or time.monotonic
        self.started = self.clock()
        self.online: OnlineHost | OnlineJoin | None = None
        self.done = False
        self.problem = ""  # a setting that cannot be used: said at the first update (this scene is not shown yet)
        try:
            servers = servers_of(app.settings)
        except ValueError as e:
            self.problem = str(e)  # said at the first update
            return
        if host is not None:
            remote = sum(p.kind == "remote" for p in host[1])
            self.online = OnlineHost(servers, joiners=min(7, remote + SPECTATORS),
                                     info={"game": host[0], "seats": len(host[1]), "protocol": PROTOCOL_VERSION})
        else:
            seats = 0 if watch else len(self.local)
            self.online = OnlineJoin(code or "", servers, info={"seats": seats, "protocol": PROTOCOL_VERSION,
                                                                "name": app.settings.lan_name})

    @property
    def title(self) -> str:
        """What is being done, in the player's language."""
        if self.host is not None:
            return _("Hosting online…")
        return _("Rejoining your seat…") if self.claim else (_("Joining to watch…") if self.watch else
                                                              _("Joining online…"))

    def fail(self, reason: str, line: str, shown: str = "") -> None:
        """Stop, and say why: ``line`` (English, netplay's) worded by ``failure_line``, or ``shown``."""
        if self.online is not None:
            self.online.close()
        self.done = True
        title = N_("Cannot host online") if self.host is not None else N_("Cannot join")
        said = shown or failure_line(reason, line)
        if self.claim and reason in self.HOST_GONE:  # a rejoin after the host was lost: nobody met at its code
            title = N_("Cannot rejoin")
            said = Said("host-gone", N_("Could not rejoin: nothing answers the host's code {code} any more (the host "
                                        "is gone)."), (("code", self.code),))
        self.app.audio.play("back")
        self.app.replace(LanMessageScene(self.app, title, said))

    HOST_GONE = ("busy", "no-host", "timeout", "wrong-code")
    """The meeting's failures that, on a rejoin (the same code as before: no typo), mean the host is gone: its code
    held by what it left on the mailbox server (busy), by nobody (no-host), a stale side that never answers
    (timeout), or someone else's match on its nameplate now (wrong-code)."""

    def update(self) -> None:
        if self.done:
            return
        if self.problem:
            self.fail("bad-settings", f"Online servers: {self.problem}",
                      _("Online servers: {problem}.").format(problem=net_line(self.problem)))
            return
        inp = self.app.input
        if inp.escape_pressed or inp.pressed("B") or inp.right_click:
            self.online.close()
            self.done = True
            self.app.audio.play("back")
            self.app.pop()
            return
        for ev in self.online.poll():
            if isinstance(ev, Failed) and (self.host is None or self.online.code is None):
                self.fail(ev.reason, ev.line)
                return
            if isinstance(ev, Connected) and self.host is None:
                self.open_lobby()
                return
        if self.host is not None and self.online.code is not None:
            self.open_lobby()
        elif self.clock() - self.started > self.LIMIT:
            self.fail("timeout", f"nothing happened within {MAX_TOTAL_TIMEOUT:g} s")

    def open_lobby(self) -> None:
        s, online = self.app.settings, self.online
        try:
            if self.host is not None:
                gid, plan, options = self.host
                link = LanLink.host(self.app, gid, plan, options, code=online.session_code, port=0, name=s.lan_name,
                                    broadcast=s.lan_broadcast, online=online)
            else:
                link = LanLink.join(self.app, online.host_address, online.session_code, self.local,
                                    name=s.lan_name, broadcast=s.lan_broadcast, watch=self.watch, claim=self.claim,
                                    online=online)
                if self.token is not None:  # the seats go back to the player who lost them
                    link.player_token = link.session.token = self.token
        except LanError as e:
            self.fail("settings", str(e))  # already in the player's language (net_line leaves it as it is)
            return
        link.script = self.script
        if self.host is not None:
            link.log(f"internet code: {online.code}")
        else:
            result = online.result
            link.log(f"online: connected {'directly' if result.route == 'direct' else 'through the relay'} in "
                     f"{result.connect_s:.1f} s")
        self.done = True
        self.app.audio.play("select")
        self.app.replace(LanLobbyScene(self.app, link))

    def draw(self, surf, alpha) -> None:
        surf.blit(felt(), (0, 0))
        code = getattr(getattr(self.online, "rendezvous", None), "code", None) or self.code  # as the host shows it
        sub = _("asking the meeting server for a code") if self.host is not None else _("code {code}").format(
            code=code)
        title = self.title
        banner(surf, title, "", y=80, size=size_to_fit(title, W - 80, 54, bold=True))
        draw_text(surf, sub, (W // 2, subtitle_y(80, size_to_fit(title, W - 80, 54, bold=True))), size_to_fit(sub, W - 60, 22), WHITE, anchor="center",
                  shadow=True)
        elapsed = max(0.0, self.clock() - self.started)
        line = net_line(self.online.line) if self.online is not None else ""
        panel(surf, (W // 2 - 430, 230, 860, 190), 190, border=GOLD)
        size = 26 if len(wrap(line, 26, 800)) <= 2 else 22
        for k, ln in enumerate(wrap(line[:1].upper() + line[1:], size, 800)[:2]):
            draw_text(surf, ln, (W // 2, 285 + 36 * k), size, WHITE, anchor="center")
        bar = pygame.Rect(W // 2 - 360, 360, 720, 14)
        pygame.draw.rect(surf, (40, 50, 44), bar, border_radius=7)
        done = bar.copy()
        done.width = int(bar.width * min(1.0, elapsed / MAX_TOTAL_TIMEOUT))
        pygame.draw.rect(surf, GOLD, done, border_radius=7)
        draw_text(surf, _("{seconds} s (at most {limit} s)").format(seconds=format_number(round(elapsed)),
                                                                  limit=format_number(round(MAX_TOTAL_TIMEOUT))),
                  (W // 2, 395), 17, DIM, anchor="center")
        notes = wrap(_("A direct route is tried first; through home routers that block it, the relay takes a few "
                       "seconds more."), 18, W - 120)
        for k, ln in enumerate(notes[:2]):
            draw_text(surf, ln, (W // 2, 470 + fonts.pitch(18, 26) * k), 18, DIM, anchor="center")
        hint_bar(surf, [_("Esc cancel")])
