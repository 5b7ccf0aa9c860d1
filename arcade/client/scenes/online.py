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
from arcade.client.render.fonts import draw_text, fit, wrap
from arcade.client.render.widgets import (DIM, GOLD, W, WHITE, banner, draw_menu, draw_toast, felt, hint_bar,
                                          panel)
from arcade.client.scenes import Scene
from arcade.client.scenes.lan import (LanHostScene, LanJoinScene, LanLobbyScene, LanMenuScene, LanMessageScene,
                                      TextField, _row, row_bands)
from arcade.client.scenes.menus import duplicate_device
from arcade.core.match import SeatSpec, options_for_count

__all__ = ["OnlineMenuScene", "OnlineHostScene", "OnlineJoinScene", "OnlineWaitScene", "OnlineSettingsScene",
           "servers_of", "failure_line", "go_online", "start_online_from_cli"]


def servers_of(settings: Any) -> OnlineSettings:
    """The servers of the player's settings (``Settings.online_*``). Raises ValueError with a line to show."""
    return online_settings(settings.online_rendezvous or None, settings.online_stun or None,
                           settings.online_turn or None, settings.online_turn_user or None,
                           settings.online_turn_password or None)


def describe_servers(settings: Any) -> str:
    """One line: which servers are used."""
    meet = settings.online_rendezvous or PUBLIC_MAILBOX
    stun = settings.online_stun or f"{DEFAULT_STUN[0]}:{DEFAULT_STUN[1]}"
    turn = f"relay {settings.online_turn}" if settings.online_turn else "no relay of your own"
    return f"meeting server {meet} · STUN {stun} · {turn}"


_ADVICE = {  # what to do, for the reasons whose own line does not say it
    "bad-code": "Type it as the host's screen shows it.",
    "server-error": "Try again in a moment, or use another rendezvous server (Settings → Online servers).",
    "unreachable": "(Settings → Online servers.)",
    "timeout": "Check both internet connections and try again.",
    "no-route": "A TURN relay on either side (Settings → Online servers) carries the match through such routers.",
    "no-address": "Check this machine's network connection.",
    "peer-failed": "Try again; if it happens again, set a TURN relay (Settings → Online servers).",
    "bad-signal": "Both machines need the same version of Grisbi Arcade.",
}


def failure_line(reason: str, line: str) -> str:
    """One line for the player: what happened (``line``, from ``netplay.online``) and what to do (by ``reason``)."""
    text = line[:1].upper() + line[1:]
    text = text if text.endswith(".") else text + "."
    advice = "" if reason == "timeout" and "relay" in line else _ADVICE.get(reason, "")
    return f"{text} {advice}".strip()


def go_online(app, problem: str, sound: str, make) -> None:
    """Open the waiting screen ``make()`` with ``sound``, unless there is a ``problem`` (or the servers set cannot
    be used): then the problem as the notice, and nothing else."""
    if not problem:
        try:
            servers_of(app.settings)
        except ValueError as e:
            problem = f"Online servers: {e}."
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
    ITEMS = ("Host online", "Join online", "Online servers", "Back")
    CENTER = (W // 2, 330)

    def __init__(self, app) -> None:
        super().__init__(app)
        warm_up()  # the meeting's libraries load in the background while the player chooses (nothing is sent)

    def draw(self, surf, alpha) -> None:
        surf.blit(felt(), (0, 0))
        banner(surf, "Play online", "With friends anywhere: one short code, such as 7-tiger-lamp", y=70)
        draw_menu(surf, self.ITEMS, self.sel, self.CENTER, size=32, spacing=58)
        lines = ["The host gets a code from a meeting server and reads it out; friends type it.",
                 "The machines then find a way to each other: directly, or through a relay when routers block it.",
                 "Everything is encrypted with a key made from the code: the servers see only ciphertext."]
        for k, ln in enumerate(lines):
            draw_text(surf, ln, (W // 2, 520 + 28 * k), 19, WHITE, anchor="center")
        draw_text(surf, describe_servers(self.app.settings), (W // 2, 620), 16, DIM, anchor="center")
        draw_toast(surf, self.app.notice, 170)
        hint_bar(surf, ["↑/↓ choose", "Enter/E or click: select", "Esc or right-click: back"])


# --- hosting ---------------------------------------------------------------------------------------------------------


class OnlineHostScene(LanHostScene):
    """The LAN host's seat setup, online: no port, and the code comes from the meeting server when the lobby opens."""

    name = "online_host"
    TITLE = "Host online"

    def rows(self) -> list[str]:
        return [r for r in super().rows() if r != "code"]

    def open_lobby(self) -> None:
        plan = self.choices[:self.players]
        err = self.problem() or ("" if any(p.kind == "remote" for p in plan) else
                                 "Open at least one seat for a friend (a seat set to 'Open: remote player').")
        go_online(self.app, err, "start", lambda: OnlineWaitScene(self.app, host=(self.gid, plan, self.options())))

    def draw_side(self, surf) -> None:
        panel(surf, (830, 112, 410, 330), 190, border=GOLD)
        draw_text(surf, "INTERNET CODE", (1035, 150), 24, DIM, bold=True, anchor="center")
        draw_text(surf, "7-word-word", (1035, 205), 40, (120, 110, 80), bold=True, anchor="center")
        notes = ["Open the lobby: a meeting server gives a", "code like this one. Read it out to your",
                 "friends: they choose Join online and type it.", "",
                 "Open seats are filled by the friends who", "join; the code stays open while seats are free."]
        for k, ln in enumerate(notes):
            draw_text(surf, ln, (1035, 250 + 24 * k), 17, WHITE, anchor="center")
        for k, ln in enumerate(wrap(describe_servers(self.app.settings), 14, 390)[:3]):
            draw_text(surf, ln, (1035, 462 + 18 * k), 14, DIM, anchor="center")
        self.draw_keys(surf, 530)


# --- joining ---------------------------------------------------------------------------------------------------------


class OnlineJoinScene(LanJoinScene):
    """The host's code and who plays on this machine (none: watch), then Join: the LAN join screen, code only."""

    name = "online_join"
    FIELDS = ("code",)
    TITLE, SUBTITLE = "Join online", "Type the code your host reads out (a number, then words)"
    CODE_LABEL, CODE_HINT = "Code", "(e.g. 7-tiger-lamp)"

    def __init__(self, app, code: str = "", watch: bool = False) -> None:
        super().__init__(app, watch=watch)
        self.code = TextField(code, "words", 48)
        self.row = 0

    def join(self) -> None:
        local = self.players[:self.count]
        err = duplicate_device(local) or ("" if self.code.value.strip() else
                                          "Type the code shown on the host's screen (e.g. 7-tiger-lamp).")
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
            self.problem = f"Online servers: {e}"
            return
        if host is not None:
            remote = sum(p.kind == "remote" for p in host[1])
            self.online = OnlineHost(servers, joiners=min(7, remote + SPECTATORS),
                                     info={"game": host[0], "seats": len(host[1]), "protocol": PROTOCOL_VERSION})
        else:
            seats = 0 if watch else len(self.local)
            self.online = OnlineJoin(code or "", servers, info={"seats": seats, "protocol": PROTOCOL_VERSION})

    @property
    def title(self) -> str:
        if self.host is not None:
            return "Hosting online…"
        return "Rejoining your seat…" if self.claim else ("Joining to watch…" if self.watch else "Joining online…")

    def fail(self, reason: str, line: str) -> None:
        if self.online is not None:
            self.online.close()
        self.done = True
        title = "Cannot host online" if self.host is not None else "Cannot join"
        self.app.audio.play("back")
        self.app.replace(LanMessageScene(self.app, title, failure_line(reason, line)))

    def update(self) -> None:
        if self.done:
            return
        if self.problem:
            self.fail("bad-settings", self.problem)
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
                link = LanLink.host(self.app, gid, plan, options, code=online.code, port=0, name=s.lan_name,
                                    broadcast=s.lan_broadcast, online=online)
            else:
                link = LanLink.join(self.app, online.host_address, online.rendezvous.code, self.local,
                                    name=s.lan_name, broadcast=s.lan_broadcast, watch=self.watch, claim=self.claim,
                                    online=online)
                if self.token is not None:  # the seats go back to the player who lost them
                    link.player_token = link.session.token = self.token
        except LanError as e:
            self.fail("settings", str(e))
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
        sub = "asking the meeting server for a code" if self.host is not None else f"code {code}"
        banner(surf, self.title, sub, y=80)
        elapsed = max(0.0, self.clock() - self.started)
        line = self.online.line if self.online is not None else ""
        panel(surf, (W // 2 - 430, 230, 860, 190), 190, border=GOLD)
        for k, ln in enumerate(wrap(line[:1].upper() + line[1:], 26, 800)[:2]):
            draw_text(surf, ln, (W // 2, 285 + 36 * k), 26, WHITE, anchor="center")
        bar = pygame.Rect(W // 2 - 360, 360, 720, 14)
        pygame.draw.rect(surf, (40, 50, 44), bar, border_radius=7)
        done = bar.copy()
        done.width = int(bar.width * min(1.0, elapsed / MAX_TOTAL_TIMEOUT))
        pygame.draw.rect(surf, GOLD, done, border_radius=7)
        draw_text(surf, f"{elapsed:.0f} s (at most {MAX_TOTAL_TIMEOUT:.0f} s)", (W // 2, 395), 17, DIM,
                  anchor="center")
        notes = ["A direct route is tried first; through home routers that block it, the relay takes a few seconds more."]
        for k, ln in enumerate(notes):
            draw_text(surf, ln, (W // 2, 470 + 26 * k), 18, DIM, anchor="center")
        hint_bar(surf, ["Esc cancel"])


# --- the servers -----------------------------------------------------------------------------------------------------


class OnlineSettingsScene(Scene):
    """The rendezvous server, the STUN server and a TURN relay with its user and password (saved with the other
    settings; checked by ``netplay.online.online_settings`` before saving)."""

    still = True
    name = "online_settings"
    KEYS = ("online_rendezvous", "online_stun", "online_turn", "online_turn_user", "online_turn_password")
    EMPTY = {"online_rendezvous": "public (relay.magic-wormhole.io)", "online_stun": f"public ({DEFAULT_STUN[0]})",
             "online_turn": "none", "online_turn_user": " ", "online_turn_password": " "}

    def __init__(self, app) -> None:
        super().__init__(app)
        s = app.settings
        kinds = ("url", "server", "server", "secret", "secret")
        labels = ("Rendezvous server", "STUN server", "TURN relay", "TURN user", "TURN password")
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
                for _, _, field in self.fields:
                    field.value = ""
                self.error = "The public servers (not saved yet)."
            else:
                self.save()

    def save(self) -> None:
        values = {key: f.value.strip() for _, key, f in self.fields}
        try:
            online_settings(values["online_rendezvous"] or None, values["online_stun"] or None,
                            values["online_turn"] or None, values["online_turn_user"] or None,
                            values["online_turn_password"] or None)
        except ValueError as e:
            self.error = str(e)[:1].upper() + str(e)[1:] + "."
            return
        for key, value in values.items():
            setattr(self.app.settings, key, value)
        self.app.save_settings()
        self.app.pop()

    def draw(self, surf, alpha) -> None:
        surf.blit(felt(), (0, 0))
        banner(surf, "Online servers", "Saved with your settings", y=60)
        x0, x1 = W // 2 - 460, W // 2 + 460
        panel(surf, (x0, 138, x1 - x0, 54 * self.rows() + 10), 170)
        for i, (label, key, f) in enumerate(self.fields):
            shown = f.shown(self.ticks)
            if key == "online_turn_password" and f.value:
                shown = "•" * len(f.value) + shown[len(f.value):]
            value = fit(shown, 22, 560, bold=i == self.sel) if shown else self.EMPTY[key]
            _row(surf, 170 + 54 * i, label, value, i == self.sel, x0, x1, size=22, arrows=False,
                 value_color=None if shown else DIM)
        _row(surf, 170 + 54 * len(self.fields), "Use the public servers", "", self.sel == len(self.fields), x0, x1)
        _row(surf, 170 + 54 * (len(self.fields) + 1), "Save and back", "", self.sel == len(self.fields) + 1, x0, x1)
        notes = ["Friends meet on the rendezvous server and learn their public address from the STUN server. A TURN",
                 "relay carries the match when two home routers block a direct route; the host lends its relay to",
                 "the friends who join. Run your own: README, “Play online”. Typing: ; gives : (or type it as is)."]
        for k, ln in enumerate(notes):
            draw_text(surf, ln, (W // 2, 585 + 24 * k), 17, DIM, anchor="center")
        draw_toast(surf, self.error, 120)
        hint_bar(surf, ["↑/↓ choose", "Enter/E or click: edit (Enter ends)", "Esc back"])


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
