"""The online screens: Title → Play online → Host online, Join online, Online servers.

How it works, for the player: the host's machine asks a meeting server (the Magic Wormhole mailbox server) for a short
code such as ``7-tiger-lamp``; friends type it; each pair of machines then finds a way to each other over the
internet (ICE: directly, or through a TURN relay when home routers block that), and the LAN match runs over that
connection, encrypted with a key made from the code (``netplay.online``, ``arcade.client.lan``).

- **Host online** is the LAN host's seat setup (game, options, who sits where, seats open for friends) without a
  port or a code of its own: *Open the lobby* asks for a code (``OnlineWaitScene``), then the LAN lobby runs over
  the ICE transport (``LanLink.host(..., online=...)``) and shows the code large, read out word by word, copyable
  (C, or a click: the clipboard through pygame's ``scrap``). The code stays open for the next friend while seats
  are free (and for a few spectators).
- **Join online**: the code and who plays on this machine (none: watch) → the waiting screen (meeting the host,
  finding a route, each step a line with its seconds; Esc cancels) → the LAN lobby over that connection.
- **Online servers** (also from Settings): the rendezvous URL, the STUN server, a TURN relay with its user and
  password.

Failures are one line each with what to do (``failure_line``): a malformed, wrong or unknown code, a full match,
servers unreachable, no route. Nothing waits longer than ``netplay.ice.MAX_TOTAL_TIMEOUT`` (20 s).
"""

from __future__ import annotations

import time
from typing import Any

import pygame

from netplay.ice import MAX_TOTAL_TIMEOUT
from netplay.online import (DEFAULT_STUN, SPECTATORS, Connected, Failed, OnlineHost, OnlineJoin, OnlineSettings,
                            online_settings)
from netplay.rendezvous import PUBLIC_MAILBOX, warm_up
from netplay.wire import PROTOCOL_VERSION

from arcade.client.lan import LanError, LanLink
from arcade.client.networds import net_line
from arcade.client.render.fonts import draw_text, fit, size_to_fit, wrap
from arcade.client.render.widgets import (DIM, GOLD, W, WHITE, banner, draw_menu, draw_toast, felt, hint_bar,
                                          panel)
from arcade.client.scenes import Scene
from arcade.client.scenes.lan import (LanHostScene, LanJoinScene, LanLobbyScene, LanMenuScene, LanMessageScene,
                                      TextField, _row, row_bands)
from arcade.client.scenes.menus import duplicate_device
from arcade.core.i18n import N_, _, format_number
from arcade.core.match import SeatSpec, options_for_count

__all__ = ["OnlineMenuScene", "OnlineHostScene", "OnlineJoinScene", "OnlineWaitScene", "OnlineSettingsScene",
           "servers_of", "failure_line", "go_online", "start_online_from_cli"]


def servers_of(settings: Any) -> OnlineSettings:
    """The servers of the player's settings (``Settings.online_*``). Raises ValueError with a line to show."""
    return online_settings(settings.online_rendezvous or None, settings.online_stun or None,
                           settings.online_turn or None, settings.online_turn_user or None,
                           settings.online_turn_password or None, getattr(settings, "online_turn_secret", "") or None,
                           bool(getattr(settings, "online_relay_only", False)))


def describe_servers(settings: Any) -> str:
    """One line: which servers are used (in the player's language)."""
    meet = settings.online_rendezvous or PUBLIC_MAILBOX
    stun = settings.online_stun or f"{DEFAULT_STUN[0]}:{DEFAULT_STUN[1]}"
    if settings.online_turn:
        return _("meeting server {meeting} · STUN {stun} · relay {relay}").format(meeting=meet, stun=stun,
                                                                                 relay=settings.online_turn)
    return _("meeting server {meeting} · STUN {stun} · no relay of your own").format(meeting=meet, stun=stun)


_ADVICE = {  # what to do, for the reasons whose own line does not say it (English ids)
    "bad-code": N_("Type it as the host's screen shows it."),
    "server-error": N_("Try again in a moment, or use another rendezvous server (Settings → Online servers)."),
    "unreachable": N_("(Settings → Online servers.)"),
    "timeout": N_("Check both internet connections and try again."),
    "no-route": N_("A TURN relay on either side (Settings → Online servers) carries the match through such routers."),
    "no-address": N_("Check this machine's network connection."),
    "peer-failed": N_("Try again; if it happens again, set a TURN relay (Settings → Online servers)."),
    "bad-signal": N_("Both machines need the same version of Grisbi Arcade."),
}


def failure_line(reason: str, line: str, english: bool = False) -> str:
    """One line for the player: what happened (``line``, from ``netplay.online``, worded by ``net_line``) and what
    to do (by ``reason``), in the player's language (``english``: in English, for the log)."""
    said = line if english else net_line(line)
    text = said[:1].upper() + said[1:]
    text = text if text.endswith(".") else text + "."
    advice = "" if reason == "timeout" and "relay" in line else _ADVICE.get(reason, "")
    return f"{text} {advice if english or not advice else _(advice)}".strip()


def go_online(app, problem: str, sound: str, make) -> None:
    """Open the waiting screen ``make()`` with ``sound``, unless there is a ``problem`` (or the servers set cannot
    be used): then the problem as the notice, and nothing else."""
    if not problem:
        try:
            servers_of(app.settings)
        except ValueError as e:
            problem = _("Online servers: {problem}.").format(problem=net_line(str(e)))
    if problem:
        app.notice = problem
        app.audio.play("back")
        return
    app.notice = ""
    app.audio.play(sound)
    app.push(make())


# --- the online menu -------------------------------------------------------------------------------------------------


class OnlineMenuScene(LanMenuScene):
    """Host online, join online, the servers (the LAN menu's behaviour, its own items)."""

    name = "online"
    ITEMS = (N_("Host online"), N_("Join online"), N_("Online servers"), N_("Back"))
    CENTER = (W // 2, 330)

    def __init__(self, app) -> None:
        super().__init__(app)
        warm_up()  # the meeting's libraries load in the background while the player chooses (nothing is sent)

    def draw(self, surf, alpha) -> None:
        surf.blit(felt(), (0, 0))
        sub = _("With friends anywhere: one short code, such as 7-tiger-lamp")
        banner(surf, _("Play online"), "", y=70)
        draw_text(surf, sub, (W // 2, 70 + 27 + 22), size_to_fit(sub, W - 60, 22), WHITE, anchor="center",
                  shadow=True)
        labels = [_(i) for i in self.ITEMS]
        draw_menu(surf, labels, self.sel, self.CENTER, size=size_to_fit(labels, 560, 32, bold=True), spacing=58)
        lines = [_("The host gets a code from a meeting server and reads it out; friends type it."),
                 _("The machines then find a way to each other: directly, or through a relay when routers block it."),
                 _("Everything is encrypted with a key made from the code: the servers see only ciphertext.")]
        for k, ln in enumerate(lines):
            draw_text(surf, ln, (W // 2, 520 + 28 * k), size_to_fit(ln, W - 60, 19), WHITE, anchor="center")
        line = describe_servers(self.app.settings)
        draw_text(surf, line, (W // 2, 620), size_to_fit(line, W - 40, 16), DIM, anchor="center")
        draw_toast(surf, self.app.notice, 170)
        hint_bar(surf, [_("↑/↓ choose"), _("Enter/E or click: select"), _("Esc or right-click: back")])


# --- hosting ---------------------------------------------------------------------------------------------------------


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
        side.height = max(side.height, 250 + 22 * len(notes) - side.y)
        panel(surf, side, 190, border=GOLD)
        cx, width = side.centerx, side.width - 24
        head = _("INTERNET CODE")
        draw_text(surf, head, (cx, 150), size_to_fit(head, width, 24, bold=True), DIM, bold=True, anchor="center")
        sample = _("7-word-word")
        draw_text(surf, sample, (cx, 205), size_to_fit(sample, width, 40, bold=True), (150, 140, 105), bold=True,
                  anchor="center")
        pitch = 24 if side.bottom == self.SIDE.bottom else 22
        for k, ln in enumerate(notes):
            draw_text(surf, ln, (cx, 250 + pitch * k), 17, WHITE, anchor="center")
        servers = wrap(describe_servers(self.app.settings), 16, side.width)
        for k, ln in enumerate(servers):
            draw_text(surf, ln, (cx, side.bottom + 20 + 20 * k), 16, DIM, anchor="center")
        self.draw_keys(surf, side.bottom + 28 + 20 * len(servers))


# --- joining ---------------------------------------------------------------------------------------------------------


class OnlineJoinScene(LanJoinScene):
    """The host's code and who plays on this machine (none: watch), then Join: the LAN join screen, code only."""

    name = "online_join"
    FIELDS = ("code",)
    TITLE, SUBTITLE = N_("Join online"), N_("Type the code your host reads out (a number, then words)")
    CODE_LABEL, CODE_HINT = N_("Code"), N_("(e.g. 7-tiger-lamp)")

    def __init__(self, app, code: str = "", watch: bool = False) -> None:
        super().__init__(app, watch=watch)
        self.code = TextField(code, "words", 48)
        self.row = 0

    def join(self) -> None:
        local = self.players[:self.count]
        err = duplicate_device(local) or ("" if self.code.value.strip() else
                                          _("Type the code shown on the host's screen (e.g. 7-tiger-lamp)."))
        go_online(self.app, err, "select",
                  lambda: OnlineWaitScene(self.app, code=self.code.value, local=local, watch=self.count == 0))


# --- waiting: a code (host), or the meeting and the route (joiner) --------------------------------------------------


class OnlineWaitScene(Scene):
    """Asking for a code (``host``: ``(game id, seat plan, options)``), or meeting the host by ``code`` and finding
    a route (``local``: the players here; ``watch``; ``claim`` / ``token``: a player coming back to a dropped seat).
    One line says what is happening, with its seconds, and a bar fills towards the 20 s limit; Esc cancels. Then
    the LAN lobby over that connection, or the failure in one line. ``hooks``: test hooks set on the link
    (``auto``, ``auto_countdown``, ``summary_path``, ``end_after_rounds``)."""

    name = "online_wait"
    LIMIT = MAX_TOTAL_TIMEOUT + 2.0  # seconds: past the online part's own limits, never reached in practice

    def __init__(self, app, *, code: str | None = None, local: list[SeatSpec] | None = None, watch: bool = False,
                 claim: dict[int, SeatSpec] | None = None, token: bytes | None = None,
                 host: tuple[str, list[SeatSpec], dict[str, Any]] | None = None,
                 hooks: dict[str, Any] | None = None) -> None:
        super().__init__(app)
        self.host, self.code = host, code
        self.local, self.watch, self.claim, self.token = list(local or []), watch, dict(claim or {}), token
        self.hooks = dict(hooks or {})
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
        self.app.audio.play("back")
        self.app.replace(LanMessageScene(self.app, title, shown or failure_line(reason, line),
                                         log=failure_line(reason, line, english=True)))

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
        for key, value in self.hooks.items():
            setattr(link, key, value)
        if self.host is not None:
            link.say(f"internet code: {online.code}")
        else:
            result = online.result
            link.say(f"online: connected {'directly' if result.route == 'direct' else 'through the relay'} in "
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
        draw_text(surf, sub, (W // 2, 80 + 27 + 22), size_to_fit(sub, W - 60, 22), WHITE, anchor="center",
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
            draw_text(surf, ln, (W // 2, 470 + 26 * k), 18, DIM, anchor="center")
        hint_bar(surf, [_("Esc cancel")])


# --- the servers -----------------------------------------------------------------------------------------------------


class OnlineSettingsScene(Scene):
    """The rendezvous server, the STUN server and a TURN relay with its user and password (saved with the other
    settings; checked by ``netplay.online.online_settings`` before saving)."""

    still = True
    name = "online_settings"
    KEYS = ("online_rendezvous", "online_stun", "online_turn", "online_turn_user", "online_turn_password")
    EMPTY = {"online_rendezvous": N_("public ({server})"), "online_stun": N_("public ({server})"),
             "online_turn": N_("none"), "online_turn_user": " ", "online_turn_password": " "}
    """What an empty field means (English ids; ``{server}``: the public server used)."""
    PUBLIC = {"online_rendezvous": "relay.magic-wormhole.io", "online_stun": DEFAULT_STUN[0]}

    def __init__(self, app) -> None:
        super().__init__(app)
        s = app.settings
        kinds = ("url", "server", "server", "secret", "secret")
        labels = (N_("Rendezvous server"), N_("STUN server"), N_("TURN relay"), N_("TURN user"), N_("TURN password"))
        self.fields = [(label, key, TextField(getattr(s, key), kind, 120))
                       for label, key, kind in zip(labels, self.KEYS, kinds)]
        self.sel = 0
        self.error = ""

    def rows(self) -> int:
        return len(self.fields) + 2  # the fields, "Public servers", "Save and back"

    def update(self) -> None:
        inp = self.app.input
        f = self.fields[self.sel][2] if self.sel < len(self.fields) else None
        if f is not None and f.editing:
            f.feed(inp.key_events, inp.key_chars)
            return
        if inp.escape_pressed or inp.pressed("B") or inp.right_click:
            self.app.pop()
            return
        if inp.menu("UP"):
            self.sel = (self.sel - 1) % self.rows()
        if inp.menu("DOWN"):
            self.sel = (self.sel + 1) % self.rows()
        self.sel, clicked = inp.pointed(row_bands(170, 54, self.rows(), W // 2 - 460, W // 2 + 460), self.sel)
        if inp.pressed("A") or clicked:
            if f is not None:
                f.start()
            elif self.sel == len(self.fields):
                for _label, _key, field in self.fields:
                    field.value = ""
                self.error = _("The public servers (not saved yet).")
            else:
                self.save()

    def save(self) -> None:
        values = {key: f.value.strip() for _, key, f in self.fields}
        try:
            online_settings(values["online_rendezvous"] or None, values["online_stun"] or None,
                            values["online_turn"] or None, values["online_turn_user"] or None,
                            values["online_turn_password"] or None)
        except ValueError as e:
            said = net_line(str(e))
            self.error = said[:1].upper() + said[1:] + "."
            return
        for key, value in values.items():
            setattr(self.app.settings, key, value)
        self.app.save_settings()
        self.app.pop()

    def draw(self, surf, alpha) -> None:
        surf.blit(felt(), (0, 0))
        banner(surf, _("Online servers"), _("Saved with your settings"), y=60)
        x0, x1 = W // 2 - 460, W // 2 + 460
        panel(surf, (x0, 138, x1 - x0, 54 * self.rows() + 10), 170)
        for i, (label, key, f) in enumerate(self.fields):
            shown = f.shown(self.ticks)
            if key == "online_turn_password" and f.value:
                shown = "•" * len(f.value) + shown[len(f.value):]
            empty = self.EMPTY[key]
            value = fit(shown, 22, 560, bold=i == self.sel) if shown else (_(empty) if empty.strip() else empty).format(
                server=self.PUBLIC.get(key, ""))
            _row(surf, 170 + 54 * i, _(label), value, i == self.sel, x0, x1, size=22, arrows=False,
                 value_color=None if shown else DIM)
        _row(surf, 170 + 54 * len(self.fields), _("Use the public servers"), "", self.sel == len(self.fields), x0, x1)
        _row(surf, 170 + 54 * (len(self.fields) + 1), _("Save and back"), "", self.sel == len(self.fields) + 1, x0, x1)
        notes = [ln for note in (_("Friends meet on the rendezvous server and learn their public address from the STUN "
                                   "server."),
                                 _("A TURN relay carries the match when two home routers block a direct route; the "
                                   "host lends its relay to the friends who join."),
                                 _("Run your own: README, “Play online”. Typing: ; gives : (or type it as is)."))
                 for ln in wrap(note, 17, W - 100)]
        for k, ln in enumerate(notes):
            draw_text(surf, ln, (W // 2, 580 + 22 * k), 17, DIM, anchor="center")
        draw_toast(surf, self.error, 120)
        hint_bar(surf, [_("↑/↓ choose"), _("Enter/E or click: edit (Enter ends)"), _("Esc back")])


OnlineMenuScene.NEXT = {"Host online": OnlineHostScene, "Join online": OnlineJoinScene,
                        "Online servers": OnlineSettingsScene}


# --- the command line's flows (tests, screenshots) -----------------------------------------------------------------


def start_online_from_cli(app, mode: str, *, game: str | None, seats: list[SeatSpec] | None, code: str | None,
                          hooks: dict[str, Any]) -> str | None:
    """Open an online screen or flow from the command line (``--online MODE``); returns an error line or None.

    ``menu``, ``host-setup``, ``join-setup``, ``settings``: the screens (``join-setup`` with ``code`` typed in).
    ``host``: a code for ``game`` with ``seats`` (``remote`` = open), then its lobby; ``join``: meet the host by
    ``code`` with ``seats`` (the players here; none: watch). ``hooks``: ``LanLink`` test hooks (``auto``...)."""
    app.push(OnlineMenuScene(app))
    if mode == "menu":
        return None
    if mode == "settings":
        app.push(OnlineSettingsScene(app))
        return None
    if mode == "host-setup":
        app.push(OnlineHostScene(app, game))
        return None
    if mode == "join-setup":
        app.push(OnlineJoinScene(app, code or ""))
        return None
    try:
        servers_of(app.settings)
    except ValueError as e:
        return f"online servers: {e}"
    if mode == "host":
        if not game or not seats or not any(s.kind == "remote" for s in seats):
            return "--online host needs --game and --seats (with at least one 'remote' seat)"
        app.push(OnlineWaitScene(app, host=(game, seats, options_for_count(game, len(seats))), hooks=hooks))
        return None
    if mode == "join":
        if not code:
            return "--online join needs --online-code CODE"
        app.push(OnlineWaitScene(app, code=code, local=list(seats or []), watch=not seats, hooks=hooks))
        return None
    return f"unknown --online mode {mode!r} (menu, host-setup, join-setup, settings, host, join)"
