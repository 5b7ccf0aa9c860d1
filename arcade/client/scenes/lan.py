"""The LAN screens: the LAN menu, LAN settings, hosting, browsing, joining by address, the lobby, the network HUD of
a LAN table, the lost-connection prompt, the LAN items of the pause menu and results, and failure messages.

Flow: Title → LAN → Host (game, options, each seat local human / bot / open for a remote player; the join code shown
large) → Lobby; or Browse (hosts heard on the LAN with game, free seats, lobby or playing, and ping, refreshed live)
→ Join; or Join by address (address, code, the players on this machine, or none to watch) → Lobby. In the lobby every
peer sees the seats, who holds them, the ready flags and the settings digest; joiners press Ready, the host presses
Start when all are ready and a 3-second countdown runs on every screen. The match is the game's own table
with a ``NetTable`` part (network HUD, lost-connection prompt, LAN pause and results items); after it, "Back to the lobby" for a rematch.

Text entry (address, join code, name, port): A on a field starts typing; the keys type (letters, digits, ``.``,
``-``, ``;`` for ``:``), Backspace deletes, Enter ends, Esc cancels. While typing, keys do not move the menus.
"""

from __future__ import annotations

import dataclasses
from functools import lru_cache

import pygame

from netplay.discovery import DISCOVERY_PORT, Listener, Prober, is_loopback, lan_addresses, listen_address
from netplay.events import EndReason, FailReason
from netplay.session import DEALING, HELLO, LATE, LOBBY, RUNNING

_REFUSALS = (FailReason.WRONG_CODE, FailReason.TOO_MANY_TRIES, FailReason.FULL, FailReason.STARTED,
             FailReason.VERSION, FailReason.SETTINGS, FailReason.UNFAIR_DEAL)

from arcade.games import GAME_IDS, GAME_NAMES, REGISTRY, SPECS
from arcade.client.input import zone_hint
from arcade.client.lan import LAN_TIMEOUT, LanError, LanLink, new_join_code, parse_address
from arcade.core.authority import DEAL_VERIFIED, deal_line
from arcade.core.match import SeatSpec, options_for_count
from arcade.client.render.fonts import draw_text, text as text_image, wrap
from arcade.client.render.widgets import (DIM, GOLD, GREEN, H, RED, W, WHITE, banner, draw_menu, draw_toast, felt, hint_bar, menu_rects, panel,
                              shade)
from arcade.client.scenes import Scene, router
from arcade.client.scenes.menus import (SeatSetupScene,
                    duplicate_device, seat_candidates, seat_label)

__all__ = ["LanMenuScene", "LanSettingsScene", "LanHostScene", "LanBrowseScene", "LanJoinScene", "LanLobbyScene",
           "LanMessageScene", "NetTable", "TextField",
           "start_from_cli"]

OPEN = SeatSpec("remote")
COUNTDOWN = 3.0


# --- text entry ---------------------------------------------------------------------------------------------------

_KEYCHARS: dict[int, str] = {getattr(pygame, f"K_{c}"): c for c in "abcdefghijklmnopqrstuvwxyz0123456789"}
_KEYCHARS.update({getattr(pygame, f"K_KP{d}"): str(d) for d in range(10)})
_KEYCHARS.update({pygame.K_PERIOD: ".", pygame.K_KP_PERIOD: ".", pygame.K_MINUS: "-", pygame.K_KP_MINUS: "-",
                  pygame.K_SEMICOLON: ":", pygame.K_COLON: ":", pygame.K_SPACE: " "})
_ALLOWED = {"address": set("0123456789.:"), "code": set("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-"),
            "name": set("abcdefghijklmnopqrstuvwxyz0123456789 -."), "port": set("0123456789"),
            "ip": set("0123456789.")}


class TextField:
    """A one-line text field typed with the keyboard (raw keys of the tick, see the module docstring).

    ``kind``: "address", "code" (upper case), "name", "port" or "ip"; ``maxlen`` characters."""

    def __init__(self, value: str, kind: str, maxlen: int = 24) -> None:
        self.value = value
        self.kind = kind
        self.maxlen = maxlen
        self.editing = False
        self._before = value

    def start(self) -> None:
        self.editing = True
        self._before = self.value

    def feed(self, keys: list[int]) -> str | None:
        """Apply this tick's keys; returns "done" (Enter) or "cancel" (Esc) when editing ends."""
        for k in keys:
            if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.editing = False
                return "done"
            if k == pygame.K_ESCAPE:
                self.value = self._before
                self.editing = False
                return "cancel"
            if k == pygame.K_BACKSPACE:
                self.value = self.value[:-1]
                continue
            if k == pygame.K_DELETE:
                self.value = ""
                continue
            ch = _KEYCHARS.get(k)
            if ch is None:
                continue
            if self.kind == "code":
                ch = ch.upper()
            elif self.kind == "name" and (not self.value or self.value.endswith(" ")):
                ch = ch.upper()
            if (ch in _ALLOWED[self.kind] or (self.kind == "name" and ch.isupper())) and len(self.value) < self.maxlen:
                self.value += ch
        return None

    def shown(self, ticks: int) -> str:
        return self.value + ("▌" if self.editing and ticks // 20 % 2 == 0 else (" " if self.editing else ""))


# --- small drawing helpers -------------------------------------------------------------------------------------------


def _row(surf: pygame.Surface, y: int, label: str, value: str, sel: bool, x0: int = W // 2 - 400,
         x1: int = W // 2 + 400, size: int = 24, value_color=None, arrows: bool = True) -> None:
    color = GOLD if sel else WHITE
    if sel:
        pygame.draw.rect(surf, (80, 60, 10), (x0 + 10, y - 17, x1 - x0 - 20, 36), border_radius=8)
    if not value:
        draw_text(surf, label, ((x0 + x1) // 2, y), size + 2, color, bold=True, anchor="center")
        return
    draw_text(surf, label, (x0 + 30, y), size, color, anchor="midleft")
    arrows = arrows and sel
    if arrows:  # at fixed places, for the mouse (``row_step``)
        draw_text(surf, "◀", ((x0 + x1) // 2 + 45, y), size, color, anchor="center")
        draw_text(surf, "▶", (x1 - 30, y), size, color, anchor="center")
    draw_text(surf, value, (x1 - (60 if arrows else 30), y), size, value_color or color, bold=sel,
              anchor="midright")


def row_bands(y0: int, step: int, n: int, x0: int = W // 2 - 400, x1: int = W // 2 + 400) -> list[pygame.Rect]:
    """The bands of ``n`` rows drawn by ``_row`` from ``y0`` every ``step`` px (for the mouse)."""
    return [pygame.Rect(x0 + 10, y0 + k * step - step // 2, x1 - x0 - 20, step) for k in range(n)]


def row_step(x: int, x0: int = W // 2 - 400, x1: int = W // 2 + 400) -> int:
    """A click on a ``_row`` at ``x``: its ◀ goes back, anywhere else forward."""
    return -1 if (x0 + x1) // 2 + 10 <= x < (x0 + x1) // 2 + 80 else 1


@lru_cache(maxsize=8)
def _warning_icon(size: int) -> pygame.Surface:
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.polygon(s, (250, 190, 40), [(size // 2, 1), (size - 1, size - 2), (1, size - 2)])
    pygame.draw.polygon(s, (40, 20, 0), [(size // 2, 1), (size - 1, size - 2), (1, size - 2)], 2)
    pygame.draw.rect(s, (40, 20, 0), (size // 2 - 2, size // 3, 4, size // 3))
    pygame.draw.rect(s, (40, 20, 0), (size // 2 - 2, size - size // 4 - 2, 4, 4))
    return s



def _spec_label(spec: SeatSpec) -> str:
    return "Open: remote player" if spec.kind == "remote" else spec.label




def go_lan_menu(app, notice: str = "") -> None:
    """Back to the LAN menu (under it, the title), closing nothing (the caller closes its link)."""
    while len(app.stack) > 1 and app.stack[-1].name not in ("lan", "title"):
        app.pop()
    if not app.stack or app.stack[-1].name != "lan":
        app.push(LanMenuScene(app))
    app.notice = notice


def describe_settings(st) -> str:
    """The lobby's line about the match: game, seats, mode, options in the setup screen's words."""
    parts = [GAME_NAMES.get(st.game, st.game), f"{st.seats} seats"]
    parts.append("turn by turn" if st.mode in ("lockstep", "authority") else "real time")
    opts = st.option_dict()
    for o in SPECS[st.game].options if st.game in SPECS else ():
        if o.key in opts and opts[o.key] in o.values:
            parts.append(f"{o.label}: {o.labels[o.values.index(opts[o.key])]}")
    if st.tick_rate != 60:
        parts.append(f"{st.tick_rate} Hz")
    return " · ".join(parts)


# --- the LAN menu and its settings --------------------------------------------------------------------------------


class LanMenuScene(Scene):
    """Host a match, browse the LAN, join by address, LAN settings."""

    still = True
    name = "lan"
    ITEMS = ("Host a match", "Browse the LAN", "Join by address", "LAN settings", "Back")

    def __init__(self, app) -> None:
        super().__init__(app)
        self.sel = 0

    def update(self) -> None:
        inp = self.app.input
        if inp.escape_pressed or inp.pressed("B") or inp.right_click:
            self.app.notice = ""
            self.app.pop()
            return
        if inp.menu("UP"):
            self.sel = (self.sel - 1) % len(self.ITEMS)
            self.app.audio.play("move")
        if inp.menu("DOWN"):
            self.sel = (self.sel + 1) % len(self.ITEMS)
            self.app.audio.play("move")
        self.sel, clicked = inp.pointed(menu_rects(len(self.ITEMS), (W // 2, 360), 58), self.sel)
        if inp.pressed("A") or inp.pressed("START") or clicked:
            self.app.audio.play("select")
            self.app.notice = ""
            item = self.ITEMS[self.sel]
            if item == "Host a match":
                self.app.push(LanHostScene(self.app))
            elif item == "Browse the LAN":
                self.app.push(LanBrowseScene(self.app))
            elif item == "Join by address":
                self.app.push(LanJoinScene(self.app))
            elif item == "LAN settings":
                self.app.push(LanSettingsScene(self.app))
            else:
                self.app.pop()

    def draw(self, surf, alpha) -> None:
        surf.blit(felt(), (0, 0))
        s = self.app.settings
        where = "this machine only" if s.lan_broadcast and is_loopback(s.lan_broadcast) else (
            f"announced to {s.lan_broadcast}" if s.lan_broadcast else "your local network")
        banner(surf, "LAN play", f"You are {s.lan_name} · {where} · game port {s.lan_port}", y=70)
        draw_menu(surf, self.ITEMS, self.sel, (W // 2, 360), size=32, spacing=58)
        lines = ["Nothing is sent on the network until you host or browse.",
                 "Host: open UDP port %d (and %d for discovery) in your firewall." % (s.lan_port, DISCOVERY_PORT)]
        if s.lan_broadcast and is_loopback(s.lan_broadcast):
            lines.append("Only this machine sees your matches (LAN settings: clear the broadcast address for "
                         "your network).")
        for k, ln in enumerate(lines):
            draw_text(surf, ln, (W // 2, 560 + 28 * k), 18, DIM, anchor="center")
        draw_toast(surf, self.app.notice, 170)
        hint_bar(surf, ["↑/↓ choose", "Enter/E or click: select", "Esc or right-click: back"])


class LanSettingsScene(Scene):
    """Player name, LAN broadcast address, host game port (saved with the other settings)."""

    still = True
    name = "lan_settings"

    def __init__(self, app) -> None:
        super().__init__(app)
        s = app.settings
        self.fields = [("Your name", TextField(s.lan_name, "name", 24)),
                       ("LAN broadcast address", TextField(s.lan_broadcast, "ip", 15)),
                       ("Game port (UDP) when hosting", TextField(str(s.lan_port), "port", 5))]
        self.sel = 0
        self.error = ""

    def update(self) -> None:
        inp = self.app.input
        rows = len(self.fields) + 1
        f = self.fields[self.sel][1] if self.sel < len(self.fields) else None
        if f is not None and f.editing:
            f.feed(inp.key_events)
            return
        if inp.escape_pressed or inp.pressed("B") or inp.right_click:
            self.app.pop()
            return
        if inp.menu("UP"):
            self.sel = (self.sel - 1) % rows
        if inp.menu("DOWN"):
            self.sel = (self.sel + 1) % rows
        self.sel, clicked = inp.pointed(row_bands(190, 60, rows, W // 2 - 420, W // 2 + 420), self.sel)
        f = self.fields[self.sel][1] if self.sel < len(self.fields) else None
        if inp.pressed("A") or clicked:
            if f is not None:
                f.start()
            else:
                self.save()

    def save(self) -> None:
        name, bcast, port = (f.value.strip() for _, f in self.fields)
        parts = bcast.split(".")
        if bcast and (len(parts) != 4 or not all(p.isdigit() and 0 <= int(p) <= 255 for p in parts)):
            self.error = ("The broadcast address is empty (every network of this machine) or four numbers 0-255 "
                          "with dots, e.g. 192.168.1.255.")
            return
        if not port.isdigit() or not 1024 <= int(port) <= 65535:
            self.error = "The game port is a number from 1024 to 65535."
            return
        s = self.app.settings
        s.lan_name, s.lan_broadcast, s.lan_port = name or "Player", bcast, int(port)
        self.app.save_settings()
        self.app.pop()

    def draw(self, surf, alpha) -> None:
        surf.blit(felt(), (0, 0))
        banner(surf, "LAN settings", "Saved with your settings", y=60)
        panel(surf, (W // 2 - 420, 150, 840, 60 * (len(self.fields) + 1) + 30), 170)
        for i, (label, f) in enumerate(self.fields):
            empty = "every network (automatic)" if f.kind == "ip" else " "
            _row(surf, 190 + 60 * i, label, f.shown(self.ticks) or empty, i == self.sel, W // 2 - 420, W // 2 + 420,
                 arrows=False)
        _row(surf, 190 + 60 * len(self.fields), "Save and back", "", self.sel == len(self.fields),
             W // 2 - 420, W // 2 + 420)
        notes = ["Broadcast address: leave it empty to find and announce matches on every network of this",
                 "machine; 127.255.255.255 keeps everything on this machine. To host, open the game port",
                 f"and the discovery port {DISCOVERY_PORT} (UDP) in your firewall."]
        for k, ln in enumerate(notes):
            draw_text(surf, ln, (W // 2, 460 + 26 * k), 18, DIM, anchor="center")
        draw_toast(surf, self.error, 570)
        hint_bar(surf, ["↑/↓ choose", "Enter/E or click: edit (Enter ends)", "Esc back"])


# --- hosting ---------------------------------------------------------------------------------------------------------


class LanHostScene(SeatSetupScene):
    still = False  # players join and leave by the network
    """Choose the game, its options and who fills each seat (a local human, a bot, or open for a remote player):
    the seat setup screen with a game row, open seats and the join code."""

    name = "lan_host"
    WITH_OPEN = True

    def __init__(self, app, game_id: str | None = None) -> None:
        self.games = [g for g in GAME_IDS if g in REGISTRY]
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

    def draw(self, surf, alpha) -> None:
        surf.blit(felt(), (0, 0))
        banner(surf, "Host a LAN match", SPECS[self.gid].tagline, y=46, size=46)
        rows = self.rows()
        x0, x1 = 40, 800
        panel(surf, (x0, 112, x1 - x0, 40 + 38 * len(rows)), 170)
        y = 140
        for k, r in enumerate(rows):
            sel = k == self.row
            if r == "game":
                label, value = "Game", GAME_NAMES[self.gid]
            elif r == "players":
                label, value = "Players", str(self.players)
            elif r.startswith("seat"):
                i = int(r[4:])
                label, value = seat_label(self.gid, i), _spec_label(self.choices[i])
            elif r.startswith("opt"):
                i = int(r[3:])
                label, value = self.opts[i].label, self.opts[i].labels[self.opt_idx[i]]
            elif r == "code":
                label, value = "Join code", ("A: a new one  " if sel else "") + self.code
            else:
                label, value = "OPEN THE LOBBY", ""
            _row(surf, y, label, value, sel, x0, x1, 22,
                 value_color=(GREEN if value.startswith("Open:") and not sel else None))
            y += 38
        # the join code, large, and where to join
        s = self.app.settings
        panel(surf, (830, 112, 410, 330), 190, border=GOLD)
        draw_text(surf, "JOIN CODE", (1035, 150), 24, DIM, bold=True, anchor="center")
        draw_text(surf, self.code, (1035, 215), 64, GOLD, bold=True, anchor="center", shadow=True)
        draw_text(surf, "Players joining type this code.", (1035, 272), 18, WHITE, anchor="center")
        draw_text(surf, f"UDP port {s.lan_port}", (1035, 320), 22, WHITE, anchor="center")
        ips = lan_addresses()
        draw_text(surf, f"friends type {ips[0]}:{s.lan_port}" if ips and not (s.lan_broadcast and is_loopback(
            s.lan_broadcast)) else "this machine only", (1035, 352), 18, DIM, anchor="center")
        draw_text(surf, "Open seats are filled by players", (1035, 396), 18, DIM, anchor="center")
        draw_text(surf, "who join from their machines.", (1035, 418), 18, DIM, anchor="center")
        hy = 470
        for i, spec in enumerate(self.choices[:self.players]):
            if spec.kind == "human" and hy < H - 60:
                draw_text(surf, f"{seat_label(self.gid, i)}: {zone_hint(self.app.input, spec.device)}",
                          (1035, hy), 16, DIM, anchor="center")
                hy += 22
        draw_toast(surf, self.app.notice, 100)
        hint_bar(surf, ["↑/↓ row", "←/→ or click ◀ ▶ change", "Enter/E open the lobby", "Esc back"])


# --- browsing --------------------------------------------------------------------------------------------------------


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
            self.error = f"Cannot listen for matches on UDP port {DISCOVERY_PORT}: {e.strerror or e}."

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
                    self.app.notice = "Version mismatch: that host runs another version of Grisbi Arcade."
                    return
                pong = self.prober.results.get(a.address)
                playing = pong.playing if pong is not None else a.playing
                self.close()
                self.app.replace(LanJoinScene(self.app, address=f"{a.address[0]}:{a.address[1]}",
                                              watch=playing or a.free_seats == 0, digest=a.digest))

    def draw(self, surf, alpha) -> None:
        surf.blit(felt(), (0, 0))
        bcast = self.app.settings.lan_broadcast
        where = "this machine only" if bcast and is_loopback(bcast) else "your local network"
        banner(surf, "Browse the LAN", f"Matches hosted on {where}", y=60)
        panel(surf, (80, 130, W - 160, 470), 170)
        heads = [("Host", 110), ("Game", 380), ("Seats", 590), ("State", 740), ("Ping", 900), ("Address", 1000)]
        for t, x in heads:
            draw_text(surf, t, (x, 150), 18, DIM, bold=True)
        if self.error:
            draw_text(surf, self.error, (W // 2, 360), 20, RED, anchor="center")
        elif not self.found:
            draw_text(surf, "Looking for matches…", (W // 2, 330), 26, WHITE, anchor="center")
            draw_text(surf, "Hosts announce themselves every second. Not listed? Join by address.",
                      (W // 2, 370), 18, DIM, anchor="center")
        for i, a in enumerate(self.found[:10]):
            y = 200 + 40 * i
            sel = i == self.sel
            if sel:
                pygame.draw.rect(surf, (80, 60, 10), (90, y - 16, W - 180, 34), border_radius=8)
            col = GOLD if sel else WHITE
            pong = self.prober.results.get(a.address) if self.prober else None
            playing = pong.playing if pong is not None else a.playing
            free = pong.free_seats if pong is not None else a.free_seats
            state = "playing: watch" if playing else ("lobby" if free else "lobby (full)")
            if not a.compatible:
                state = f"version {a.protocol_version}"
            ping = f"{pong.rtt * 1000:.0f} ms" if pong is not None else "…"
            draw_text(surf, a.name[:22], (110, y), 20, col, bold=sel, anchor="midleft")
            draw_text(surf, GAME_NAMES.get(a.game, a.game), (380, y), 20, col, anchor="midleft")
            draw_text(surf, f"{free} free of {a.seats}", (590, y), 20, col, anchor="midleft")
            draw_text(surf, state, (740, y), 20, RED if not a.compatible else (DIM if playing else GREEN),
                      anchor="midleft")
            draw_text(surf, ping, (900, y), 20, col, anchor="midleft")
            draw_text(surf, f"{a.address[0]}:{a.address[1]}", (1000, y), 17, DIM, anchor="midleft")
        draw_text(surf, "Hosts announce their matches every second; a host not heard for 3 s leaves the list.",
                  (W // 2, 620), 17, DIM, anchor="center")
        draw_toast(surf, self.app.notice, 650)
        hint_bar(surf, ["↑/↓ choose", "Enter/E or click: join (or watch a match in play)", "Esc back"])


# --- joining ---------------------------------------------------------------------------------------------------------


def default_join_address(settings) -> str:
    """What the join screen's address starts as: this machine's network part (e.g. "192.168.1.", the player types
    the host's last number; the port is the default one unless typed), or 127.0.0.1 and the port when this machine
    is on no network or keeps to itself (loopback broadcast address)."""
    ips = [] if settings.lan_broadcast and is_loopback(settings.lan_broadcast) else lan_addresses()
    if ips:
        return ".".join(ips[0].split(".")[:3]) + "."
    return f"127.0.0.1:{settings.lan_port}"


class LanJoinScene(Scene):
    """The host's address and the join code, who plays on this machine (no one: watch), then Join."""

    name = "lan_join"

    def __init__(self, app, address: str = "", watch: bool = False, digest: bytes = b"") -> None:
        super().__init__(app)
        self.address = TextField(address or default_join_address(app.settings), "address", 21)
        self.code = TextField("", "code", 11)
        self.count = 0 if watch else 1
        self.players = [SeatSpec("human", "wasd"), SeatSpec("human", "arrows"), SeatSpec("human", "ijkl"),
                        SeatSpec("human", "numpad")]
        self.digest = digest
        self.row = 1 if address else 0

    def rows(self) -> list[str]:
        return ["address", "code", "count"] + [f"p{i}" for i in range(self.count)] + ["go"]

    def update(self) -> None:
        inp = self.app.input
        rows = self.rows()
        r = rows[min(self.row, len(rows) - 1)]
        field = {"address": self.address, "code": self.code}.get(r)
        if field is not None and field.editing:
            if field.feed(inp.key_events) == "done":
                self.row = min(self.row + 1, len(rows) - 1)
            return
        if inp.escape_pressed or inp.pressed("B") or inp.right_click:
            self.app.notice = ""
            self.app.pop()
            return
        if inp.menu("UP"):
            self.row = (self.row - 1) % len(rows)
        if inp.menu("DOWN"):
            self.row = (self.row + 1) % len(rows)
        self.row, clicked = inp.pointed(row_bands(160, 44, len(rows), W // 2 - 420, W // 2 + 420), self.row)
        r = rows[self.row]
        field = {"address": self.address, "code": self.code}.get(r)
        step = (1 if inp.menu("RIGHT") else 0) - (1 if inp.menu("LEFT") else 0)
        if clicked and (r == "count" or r.startswith("p")):
            step = row_step(inp.click()[0], W // 2 - 420, W // 2 + 420)
        if step:
            if r == "count":
                self.count = (self.count + step) % 5
            elif r.startswith("p"):
                i = int(r[1:])
                cands = seat_candidates(self.app, False)
                k = cands.index(self.players[i]) if self.players[i] in cands else 0
                self.players[i] = cands[(k + step) % len(cands)]
        if inp.pressed("A") or (clicked and (field is not None or r == "go")):
            if field is not None:
                field.start()
            elif r == "go":
                self.join()

    def join(self) -> None:
        s = self.app.settings
        try:
            address = parse_address(self.address.value, s.lan_port)
            local = self.players[:self.count]
            err = duplicate_device(local)
            if err:
                raise LanError(err)
            link = LanLink.join(self.app, address, self.code.value, local, name=s.lan_name,
                                broadcast=s.lan_broadcast, watch=self.count == 0)
        except LanError as e:
            self.app.notice = str(e)
            self.app.audio.play("back")
            return
        self.app.notice = ""
        self.app.audio.play("select")
        self.app.push(LanLobbyScene(self.app, link))

    def draw(self, surf, alpha) -> None:
        surf.blit(felt(), (0, 0))
        banner(surf, "Join a LAN match", "The host's screen shows its address and join code", y=60)
        rows = self.rows()
        panel(surf, (W // 2 - 420, 130, 840, 40 + 44 * len(rows)), 170)
        y = 160
        for k, r in enumerate(rows):
            sel = k == self.row
            if r == "address":
                label, value = "Host address", self.address.shown(self.ticks) or " "
            elif r == "code":
                label, value = "Join code", self.code.shown(self.ticks) or "(type it)"
            elif r == "count":
                label, value = "Players on this machine", str(self.count) if self.count else "none: watch"
            elif r.startswith("p"):
                i = int(r[1:])
                label, value = f"Player {i + 1} here", self.players[i].label
            else:
                label, value = ("WATCH" if self.count == 0 else "JOIN"), ""
            _row(surf, y, label, value, sel, W // 2 - 420, W // 2 + 420, arrows=r not in ("address", "code"))
            y += 44
        draw_text(surf, "A match already in play can be watched (players here: none); a player who lost their "
                        "seat can take it back from there.", (W // 2, y + 24), 17, DIM, anchor="center")
        draw_toast(surf, self.app.notice, 110)
        hint_bar(surf, ["↑/↓ row", "Enter/E or click: type (Enter ends)", "←/→ or click ◀ ▶ change", "Esc back"])


# --- the lobby -------------------------------------------------------------------------------------------------------


def host_addresses(link: LanLink) -> tuple[str, list[str]]:
    """(heading, addresses) of what friends type to join this host: ``"IP:PORT"`` for each non-loopback IPv4
    address of this machine the game port is bound on; when there is none, "this machine only" and 127.0.0.1."""
    bound, port = link.transport.address
    ips = [] if is_loopback(bound) else [ip for ip in lan_addresses() if bound in ("0.0.0.0", ip)]
    if ips:
        return "Friends type this address to join", [f"{ip}:{port}" for ip in ips]
    if is_loopback(bound):
        return "This machine only (see LAN settings)", [f"127.0.0.1:{port}"]
    return "This machine only: no network found", [f"127.0.0.1:{port}"]


class LanLobbyScene(Scene):
    """The peers, their seats, ready flags and the settings digest; Ready (joiners), Start (host), the countdown."""

    name = "lan_lobby"

    def __init__(self, app, link: LanLink) -> None:
        super().__init__(app)
        self.link = link
        self.sel = 0
        self.table = None
        self.counting = False

    # rows: host: one per seat, then Start, Leave; joiner: Ready, Leave
    def items(self) -> list[str]:
        s = self.link.session
        if self.link.role == "host":
            return [f"seat{i}" for i in range(len(s.owners))] + ["start", "leave"]
        if self.link.watch:
            return ["leave"]
        return ["ready", "leave"]

    def enter(self) -> None:
        if self.table is not None and self.link.match is not None and self.link.match is self.table.match \
                and self.link.session.done:
            self.table = None  # back from a match without a rematch request: stay on the last lobby

    def update(self) -> None:
        link, inp = self.link, self.app.input
        link.pump()
        s = link.session
        if link.failure:
            failure = link.failure
            rejoin = link.can_rejoin
            title = "Cannot join" if s.settings is None or link.failure_kind in _REFUSALS else \
                "Connection lost"
            self.app.replace(LanMessageScene(self.app, title, failure, link if rejoin else None))
            if not rejoin:
                link.close()
            return
        if inp.escape_pressed:
            self.leave_lobby()
            return
        runs = s.driver is not None or (s.auth is not None and link.match is not None and link.match.ready)
        if s.phase in (RUNNING, LATE) or (s.phase != LOBBY and link.match is not None and runs):
            if link.match is not None and runs and (self.table is None or self.table.match is not link.match):
                self.table = router.table(link.match.game_id)(self.app, link.match, net=NetTable(link))
                self.app.push(self.table)
            return
        if link.auto:
            return  # scripted (--lan-auto): ready and Start need no key (a script's keys are for the match)
        items = self.items()
        self.sel = min(self.sel, len(items) - 1)
        if inp.menu("UP"):
            self.sel = (self.sel - 1) % len(items)
        if inp.menu("DOWN"):
            self.sel = (self.sel + 1) % len(items)
        self.sel, clicked = inp.pointed(self.item_rects(), self.sel)
        it = items[self.sel]
        a = inp.pressed("A") or clicked
        if link.role == "host":
            self.host_update(it, a)
        elif a and s.phase in (LOBBY, DEALING):
            if it == "ready":
                s.set_ready(not s.ready_flag)
                self.app.audio.play("select")
            elif it == "leave":
                self.leave_lobby()
        elif a and it == "leave":
            self.leave_lobby()

    def item_rects(self) -> list[pygame.Rect]:
        """Each item on screen (px), in ``items`` order: the host's seat rows, then the menu under them."""
        items = self.items()
        n = len(self.link.session.owners)
        seats = [pygame.Rect(48, 195 + 40 * i - 20, 764, 40) for i in range(n)] if self.link.role == "host" else []
        m = len(items) - len(seats)
        return seats + menu_rects(m, (430, 215 + 40 * n + 30 * m), 46)

    def host_update(self, it: str, a: bool | None = None) -> None:
        s, inp = self.link.session, self.app.input
        a = inp.pressed("A") if a is None else a
        if s.phase != LOBBY:
            return
        left = s.countdown_left()
        if left is not None:
            if s.start_problem():
                s.set_countdown(None)
                self.app.notice = "Countdown stopped: " + s.start_problem()
            elif left <= 0:
                s.start()
            elif a or inp.pressed("B"):
                s.set_countdown(None)  # the host changed their mind
            return
        step = inp.menu("RIGHT") or inp.menu("LEFT") or (a and it.startswith("seat"))
        if step and it.startswith("seat"):
            i = int(it[4:])
            o = s.owners[i]
            if o in (None, 0) and i not in [k for k, sp in enumerate(self.link.plan) if sp.kind != "remote"]:
                s.set_open(i, o == 0)
                self.app.audio.play("move")
            elif o not in (None, 0):
                self.app.notice = f"{self.link.peer_name(o)} holds this seat (the back button removes them)."
        if it.startswith("seat") and inp.pressed("B"):
            o = s.owners[int(it[4:])]
            if o not in (None, 0):
                name = self.link.peer_name(o)
                if s.kick(o):  # the seat is open again; the player is told they were removed
                    self.app.notice = f"{name} was removed from the lobby."
                    self.app.audio.play("back")
        if a and it == "start":
            problem = s.start_problem()
            if problem:
                self.app.notice = "Cannot start yet: " + problem + "."
                self.app.audio.play("back")
            else:
                self.app.notice = ""
                s.set_countdown(COUNTDOWN)
                self.app.audio.play("start")
        elif a and it == "leave":
            self.leave_lobby()

    def leave_lobby(self) -> None:
        self.link.close("left the lobby")
        self.app.audio.play("back")
        go_lan_menu(self.app)

    def seat_holder(self, i: int) -> tuple[str, str, bool | None]:
        """(who, how, ready) of a seat as this peer knows it."""
        link, s = self.link, self.link.session
        owners = s.owners if s.owners else []
        o = owners[i] if i < len(owners) else None
        peers = {p.peer: p for p in s.peers()}
        if o is None:
            return "open", "waiting for a player", None
        mine = (link.role == "host" and o == 0) or (link.role != "host" and o == s.index)
        if mine:
            spec = link.spec_for(i) if link.role == "host" else (
                link.local[sorted(s.my_seats).index(i)] if i in s.my_seats and
                sorted(s.my_seats).index(i) < len(link.local) else SeatSpec("bot"))
            p = peers.get(o)
            if spec.kind == "bot":  # a bot is never shown under a player's name
                return f"Bot ({spec.level})", "on this machine", (p.ready if p else True)
            return f"{link.name} (here)", _spec_label(spec), (p.ready if p else True)
        p = peers.get(o)
        level = dict(p.bots).get(i) if p else None
        if level:  # the host's bot: shown as a bot on every peer, as the host shows it
            return f"Bot ({level})", "on the host", p.ready
        return (p.name if p and p.name else ("host" if o == 0 else f"peer {o}")), (
            "on the host" if o == 0 else "on their machine"), (p.ready if p else None)

    def draw(self, surf, alpha) -> None:
        surf.blit(felt(), (0, 0))
        link, s = self.link, self.link.session
        st = s.settings or link.settings
        gid = st.game if st else link.game_id
        title = f"Lobby · {GAME_NAMES.get(gid, gid)}" if gid else "Lobby"
        if link.role != "host" and (s.phase == LATE or (s.phase == RUNNING and self.table is None)):
            banner(surf, "Joining the match in play…" if s.late else "Starting the match…",
                   f"at {link.address[0]}:{link.address[1]}", y=60)
            if s.auth is not None:  # a turn game: the host's first view of our seats is on its way
                text = "Waiting for the host's table"
            else:
                text = f"Receiving the state of the table ({len(s.snap_parts)}/{max(1, s.snap_total)})"
            draw_text(surf, text, (W // 2, 300), 24, WHITE, anchor="center")
            hint_bar(surf, ["Esc cancel"])
            return
        if s.phase == HELLO:
            banner(surf, "Connecting…", f"to {link.address[0]}:{link.address[1]}", y=60)
            wait = ("Waiting for the host to open a new lobby (Back to the lobby on the host's screen)…"
                    if link.matches else "Waiting for the host to answer.")
            draw_text(surf, wait, (W // 2, 300), 24, WHITE, anchor="center")
            draw_toast(surf, self.app.notice, 120)
            hint_bar(surf, ["Esc cancel"])
            return
        banner(surf, title, describe_settings(st) if st else "", y=44, size=44)
        # seats
        x0, x1 = 40, 820
        n = len(s.owners)
        panel(surf, (x0, 135, x1 - x0, 60 + 40 * n), 170)
        for t, x in (("Seat", x0 + 24), ("Player", x0 + 250), ("Plays with", x0 + 480), ("Ready", x1 - 110)):
            draw_text(surf, t, (x, 150), 17, DIM, bold=True)
        items = self.items()
        for i in range(n):
            y = 195 + 40 * i
            sel = link.role == "host" and items[self.sel] == f"seat{i}"
            if sel:
                pygame.draw.rect(surf, (80, 60, 10), (x0 + 8, y - 17, x1 - x0 - 16, 36), border_radius=8)
            who, how, ready = self.seat_holder(i)
            col = GOLD if sel else WHITE
            draw_text(surf, seat_label(gid, i), (x0 + 24, y), 20, col, anchor="midleft")
            draw_text(surf, who, (x0 + 250, y), 20, GREEN if who == "open" else col, bold=sel, anchor="midleft")
            draw_text(surf, how, (x0 + 480, y), 18, DIM if who == "open" else col, anchor="midleft")
            mark = "" if ready is None else ("✔ ready" if ready else "not yet")
            draw_text(surf, mark, (x1 - 110, y), 18, GREEN if ready else DIM, anchor="midleft")
        # menu
        y = 215 + 40 * n
        labels = []
        for it in items:
            if it == "start":
                labels.append("START")
            elif it == "ready":
                labels.append("I'm not ready" if s.ready_flag else "READY")
            elif it == "leave":
                labels.append("Leave the lobby")
        if labels:
            k = self.sel - (len(items) - len(labels))
            draw_menu(surf, labels, k if k >= 0 else -1, ((x0 + x1) // 2, y + 30 * len(labels)), size=26,
                      spacing=46)
        # the code and the peers
        panel(surf, (850, 120, 390, 245), 190, border=GOLD)
        draw_text(surf, "JOIN CODE", (1045, 142), 20, DIM, bold=True, anchor="center")
        draw_text(surf, link.code, (1045, 194), 68, GOLD, bold=True, anchor="center", shadow=True)
        if link.role == "host":
            head, addrs = host_addresses(link)
            draw_text(surf, head, (1045, 246), 17, DIM, anchor="center")
            for k, a in enumerate(addrs[:3]):
                draw_text(surf, a, (1045, 272 + 26 * k), 24 if k == 0 else 20, WHITE, bold=k == 0, anchor="center")
        else:
            draw_text(surf, "Host", (1045, 246), 17, DIM, anchor="center")
            draw_text(surf, f"{link.address[0]}:{link.address[1]}", (1045, 272), 24, WHITE, bold=True,
                      anchor="center")
        panel(surf, (850, 380, 390, 40 + 30 * max(1, len(s.peers()))), 170)
        draw_text(surf, "Connected", (870, 392), 18, DIM, bold=True)
        for k, p in enumerate(s.peers()):
            rtt = s.stats.links.get(p.peer if link.role == "host" else 0)
            ping = f"{rtt.rtt * 1000:.0f} ms" if (rtt and rtt.rtt_samples and p.peer != s.index) else (
                "you" if (p.peer == s.index or (link.role == "host" and p.peer == 0)) else "connected")
            role = "host" if p.peer == 0 else ("watching" if not p.seats else f"{len(p.seats)} seat(s)")
            draw_text(surf, f"{p.name or '?'} · {role}", (870, 428 + 30 * k), 18,
                      WHITE if p.status == "connected" else RED, anchor="midleft")
            draw_text(surf, ping, (1225, 428 + 30 * k), 16, DIM, anchor="midright")
        left = s.countdown_left()
        if left is not None and s.phase in (LOBBY, DEALING):
            surf.blit(shade(120), (0, 0))
            draw_text(surf, str(max(1, int(left + 0.999))), (W // 2, H // 2 - 20), 160, GOLD, bold=True,
                      anchor="center", shadow=True)
            draw_text(surf, "The match starts…", (W // 2, H // 2 + 90), 28, WHITE, anchor="center", shadow=True)
        elif s.phase == DEALING:
            draw_text(surf, "Dealing (every machine adds its share of the shuffle)…", (W // 2, H - 70), 20, GOLD,
                      anchor="center")
        draw_toast(surf, self.app.notice, 660)
        if link.role == "host":
            hint_bar(surf, ["↑/↓ choose", "←/→ seat open / bot", "Enter/E start when all are ready", "Esc leave"])
        else:
            hint_bar(surf, ["↑/↓ choose", "Enter/E ready", "Esc leave"])


# --- the LAN table ----------------------------------------------------------------------------------------------------


class NetTable:
    """What a LAN connection adds to a game's own table (``TableScene(app, match, net=NetTable(link))``): the session
    drives the match and never pauses (the pause menu and the rules page keep it running); the network HUD and
    notices; the lost-connection prompt; a spectator's catch-up and seat claims; the pause and results menus' LAN
    items ("End the match for everyone", "Back to the lobby"). Local, LAN, attract and replay tables are the same
    class: only this part and the seats' controllers differ."""

    ESC_HINT = "Esc LAN menu (the match goes on)"
    PAUSE_TITLE = "LAN MATCH"
    PAUSE_NOTE = "The match goes on while this menu is open."
    RESULT_ESC = "leave"
    goes_on = True  # the match goes on under the pause menu and the rules page

    def __init__(self, link: LanLink) -> None:
        self.link = link
        self.prompt_sel = 0
        self.dismissed: set[int] = set()

    # --- the table's loop
    def before_update(self, table) -> bool:
        """Run before the table's own update; True when this tick is handled here (failure, lost-connection prompt)."""
        link, m = self.link, table.match
        if link.failure and m.ended is None:
            link.pump()
            rejoin = link.can_rejoin
            table.app.push(LanMessageScene(table.app, "Connection lost", link.failure, link if rejoin else None))
            if not rejoin:
                link.close()
            return True
        prompt = None if m.is_over() else self.lost_prompt()
        if prompt is not None:
            self.prompt_update(table, *prompt)
            link.pump()
            table.after_tick()
            return True
        if not m.is_over():
            self.claim_update(table)
        m.remote.pumped = False
        return False

    def after_update(self, table) -> None:
        """The session is pumped every tick, whether the table advanced the match or held it."""
        if not table.match.remote.pumped and not self.link.transport.closed:
            self.link.pump()

    def keep_alive(self) -> None:
        """A screen over the table (pause menu, rules page) keeps the session running."""
        if not self.link.transport.closed:
            self.link.pump()

    def lost_prompt(self) -> tuple[int, list[str]] | None:
        """The silent peer whose seats wait (or the host), and the choices offered here; None if none."""
        link = self.link
        for peer in sorted(link.hud()["silent"]):
            if peer in self.dismissed:
                continue
            if link.role == "host":
                return peer, ["Keep waiting", "Let a bot take the seat", "End the match"]
            return peer, ["Keep waiting", "Leave the match"]
        return None

    def prompt_update(self, table, peer: int, items: list[str]) -> None:
        inp = table.app.input
        if inp.menu("UP"):
            self.prompt_sel = (self.prompt_sel - 1) % len(items)
        if inp.menu("DOWN"):
            self.prompt_sel = (self.prompt_sel + 1) % len(items)
        self.prompt_sel %= len(items)
        if inp.pressed("A"):
            choice = items[self.prompt_sel]
            self.prompt_sel = 0
            s = self.link.session
            if choice == "Keep waiting":
                self.dismissed.add(peer)
            elif choice == "Let a bot take the seat":
                s.drop_peer(peer)
            elif choice == "End the match":
                s.drop_peer(peer)  # its inputs will never come: the host fills its seats up to the end
                s.end_match()
                self.dismissed.add(peer)
            elif choice == "Leave the match":
                self.link.close("left the match")
                go_lan_menu(table.app, "You left the match.")

    def claim_update(self, table) -> None:
        """A spectator may take over a seat the host's bot plays since its player was lost: A on any device."""
        s, m, inp = self.link.session, table.match, table.app.input
        seats = self.claimable()
        if not seats or s.claim_pending:
            return
        for dev in list(inp.devices):
            if inp.pressed("A", [dev]) and m.seat_of_device(dev) is None:
                seat = seats[0]
                self.link.claim_specs[seat] = SeatSpec("human", dev)
                s.request_seats([seat])
                table.app.audio.play("select")
                return

    def claimable(self) -> list[int]:
        s = self.link.session
        if self.link.role == "host" or s.catching_up or not s.running:
            return []
        return sorted(k for k in s.dropped if s.owners[k] != s.index)

    # --- drawing (over the table, under any overlay)
    def draw(self, table, surf: pygame.Surface) -> None:
        self.draw_net_hud(surf)
        s = self.link.session
        if s.catching_up:
            panel(surf, (W // 2 - 260, H // 2 - 40, 520, 80), 220, border=GOLD)
            draw_text(surf, f"Catching up… tick {s.driver.frame if s.driver else 0} of ~{s.remote_frame}",
                      (W // 2, H // 2), 26, GOLD, bold=True, anchor="center")
        seats = self.claimable()
        if seats and not table.match.human_seats():
            msg = (f"{table.seat_name(seats[0])}'s seat is played by a bot since its player left: press your select "
                   f"key (E, Enter, O, Num0 or pad A) to take it")
            if s.claim_pending:
                msg = f"Asking the host for {table.seat_name(seats[0])}'s seat…"
            panel(surf, (40, H - 96, W - 80, 36), 220, (60, 45, 10), GOLD, 10)
            draw_text(surf, msg, (W // 2, H - 78), 18, WHITE, anchor="center")
        if not table.match.is_over():
            prompt = self.lost_prompt()
            if prompt is not None:
                self.draw_prompt(table, surf, *prompt)
            self.draw_notices(surf)

    def draw_notices(self, surf: pygame.Surface) -> None:
        """The last LAN notices (who joined, lost connection, is back...), under the network HUD, each wrapped in
        at most two lines of 16 px in the top right corner (``NOTICE_WIDTH`` px)."""
        now = self.link.clock()
        y = 32
        for t, text in self.link.notices[-2:]:
            if now - t > 5.0:
                continue
            lines = wrap(text, 16, self.NOTICE_WIDTH)
            if len(lines) > 2:
                lines = [lines[0], wrap(" ".join(lines[1:]), 16, self.NOTICE_WIDTH - 20)[0] + "…"]
            for line in lines:
                r = draw_text(surf, line, (W - 10, y), 16, GOLD, anchor="topright", shadow=True)
                y = r.bottom + 1
            y += 3

    NOTICE_WIDTH = 520  # px: the top right corner, clear of the table's title and the turn line

    def draw_net_hud(self, surf: pygame.Surface) -> None:
        h = self.link.hud()
        s = self.link.session
        text = ("watching · " if not s.local_seats else "") + f"ping {h['ping_ms']} ms"  # details: the log
        img_w = text_image(text, 13, WHITE).get_width()
        r = pygame.Rect(0, 0, img_w + 12 + (20 if h["silent"] else 0), 22)
        r.topright = (W - 4, 4)
        panel(surf, r, 190, (0, 0, 0), GOLD if h["silent"] else None, 8)
        x = r.x + 6
        if h["silent"]:
            surf.blit(_warning_icon(16), (x, r.y + 3))
            x += 20
        draw_text(surf, text, (x, r.centery), 13, GOLD if h["silent"] else WHITE, anchor="midleft")

    def draw_prompt(self, table, surf: pygame.Surface, peer: int, items: list[str]) -> None:
        link = self.link
        seats = link.seats_of(peer)
        since = link.silent.get(peer, link.clock())
        waited = max(0.0, link.clock() - since)
        name = link.peer_name(peer)
        if peer == 0 and link.role != "host":
            title = "The host lost connection — waiting…"
        else:
            seat_names = [table.seat_name(k) for k in seats]
            # the seats in brackets only when they are not named after the player ("Cy", "Cy 2"): no "Cy (Cy)"
            if all(n == name or n.startswith(name + " ") for n in seat_names):
                title = f"{name} lost connection — waiting…"
            else:
                title = f"{', '.join(seat_names)} ({name}) lost connection — waiting…"
        r = pygame.Rect(0, 0, 760, 120 + 44 * len(items))
        r.center = (W // 2, H // 2)
        panel(surf, r, 235, (20, 14, 8), GOLD, 14)
        surf.blit(_warning_icon(34), (r.x + 24, r.y + 22))
        draw_text(surf, title, (r.centerx + 20, r.y + 38), 24, GOLD, bold=True, anchor="center")
        left = max(0.0, link.timeout - 0.5 - waited)
        sub = (f"A bot takes the seat in {left:.0f} s unless the connection comes back."
               if link.role == "host" else f"The host decides; the match waits ({waited:.0f} s).")
        draw_text(surf, sub, (r.centerx, r.y + 74), 18, WHITE, anchor="center")
        draw_menu(surf, items, self.prompt_sel, (r.centerx, r.y + 100 + 22 * len(items)), size=22, spacing=44)

    # --- the pause menu (``arcade.client.scenes.menus.PauseScene``): the match goes on underneath
    def pause_items(self) -> list[str]:
        if self.link.role == "host":
            return ["Resume", "How to play", "End the match for everyone", "Leave (the match ends)"]
        return ["Resume", "How to play", "Leave the match"]

    PAUSE_CONFIRM = {"End the match for everyone": "End the match for everyone now?",
                     "Leave (the match ends)": "Leave? The match ends for everyone.",
                     "Leave the match": "Leave the match? A bot takes your seat."}

    def pause_closes(self, table) -> bool:
        """The pause menu closes by itself when the match ends or the connection fails."""
        return table.match.is_over() or bool(self.link.failure)

    def pause_do(self, item: str, pause) -> None:
        """A LAN pause item other than Resume and How to play."""
        if item == "End the match for everyone":
            self.link.session.end_match()
            pause.app.pop()
        else:
            self.link.close("left the match")
            go_lan_menu(pause.app, "You left the match.")

    # --- the results (``arcade.client.scenes.menus.ResultsScene``): back to the lobby for a rematch, or leave
    RESULT_ITEMS = ("Back to the lobby", "Leave")

    def result_title(self, table, title: str) -> str:
        ev = table.match.ended
        return "Match ended by the host" if ev is not None and ev.kind != EndReason.GAME_OVER else title

    def result_record(self, table) -> dict:
        ev = table.match.ended
        return {"lan": True, "frame": ev.frame if ev else None, "deal": self.result_deal(table)}

    def result_deal(self, table) -> str | None:
        """The results screen's line on the deal of a host-authoritative turn game, from the ``MatchEnded`` event's
        ``deal`` field (``arcade.core.authority.deal_line``): "Deal verified", "This match was not dealt fairly", or
        None (no line: Grisbi, no reveal, the match not over)."""
        ev = table.match.ended
        return deal_line(getattr(ev, "deal", None)) if ev is not None else None

    def draw_deal(self, surf, line: str, center: tuple[int, int]) -> None:
        """The deal's line under the results' title: green with a tick when verified, red with a cross when not."""
        ok = line == DEAL_VERIFIED
        draw_text(surf, ("✓ " if ok else "✗ ") + line, center, 21, GREEN if ok else RED, bold=True, anchor="center")

    def results_update(self, scene) -> bool:
        """Every results tick: the session goes on (the others may still be finishing); a scripted run exits once
        every peer has stopped. True when the run ends here."""
        self.keep_alive()
        scene.waited = getattr(scene, "waited", 0) + 1
        if scene.app.opts.exit_on_results and (self.link.session.done or scene.waited > 300):
            scene.app.quit(0)
            return True
        return False

    def results_do(self, item: str, scene) -> None:
        app, link = scene.app, self.link
        if item == "Back to the lobby":
            link.rematch()
            while app.stack and app.top.name != "lan_lobby" and len(app.stack) > 1:
                app.pop()
            if app.top.name != "lan_lobby":
                app.push(LanLobbyScene(app, link))
            else:
                app.top.table = None
        else:
            link.close("left")
            go_lan_menu(app)


class LanMessageScene(Scene):
    """A failure in one clear line (wrong code, full, version, host gone, port in use...), and what can be done."""

    name = "lan_message"

    def __init__(self, app, title: str, text: str, rejoin_link: LanLink | None = None) -> None:
        super().__init__(app)
        self.title = title
        self.text = text
        self.rejoin_link = rejoin_link
        self.sel = 0

    def items(self) -> list[str]:
        return (["Rejoin my seat"] if self.rejoin_link is not None else []) + ["Back"]

    def update(self) -> None:
        inp = self.app.input
        if self.app.opts.exit_on_results:  # scripted runs: a failure ends the run with status 1
            print(f"lan: error: {self.text}", flush=True)
            self.app.quit(1)
            return
        items = self.items()
        if inp.menu("UP") or inp.menu("DOWN"):
            self.sel = (self.sel + 1) % len(items)
        self.sel, clicked = inp.pointed(menu_rects(len(items), (W // 2, 470)), self.sel)
        chosen = inp.pressed("A") or clicked
        if inp.escape_pressed or inp.pressed("B") or inp.right_click or (chosen and items[self.sel] == "Back"):
            if self.rejoin_link is not None:
                self.rejoin_link.close()
            go_lan_menu(self.app)
        elif chosen:
            self.rejoin()

    def rejoin(self) -> None:
        """Join the match again as a spectator and claim back the seats this machine played."""
        old = self.rejoin_link
        s = old.session
        claim = {seat: (dataclasses.replace(old.match.seats[seat], name="") if old.match is not None
                        else SeatSpec("bot")) for seat in s.my_seats}  # the name comes back from the new link
        old.close()
        try:
            link = LanLink.join(self.app, old.address, old.code, [], name=old.name, broadcast=old.broadcast,
                                watch=True, claim=claim, timeout=old.timeout)
        except LanError as e:
            self.text = str(e)
            self.rejoin_link = None
            return
        link.player_token = link.session.token = old.player_token  # the seats go back to the player who lost them
        go_lan_menu(self.app)
        self.app.push(LanLobbyScene(self.app, link))

    def draw(self, surf, alpha) -> None:
        surf.blit(felt(), (0, 0))
        banner(surf, self.title, "", y=150)
        panel(surf, (W // 2 - 520, 240, 1040, 110), 200, (60, 20, 14), GOLD)
        lines = wrap(self.text, 22, 980)[:3]
        for k, ln in enumerate(lines):
            draw_text(surf, ln, (W // 2, 295 - 15 * (len(lines) - 1) + 30 * k), 22, WHITE, anchor="center")
        draw_menu(surf, self.items(), self.sel, (W // 2, 470))
        hint_bar(surf, ["↑/↓ choose", "Enter/E or click: select", "Esc back"])


# --- the command line's scripted flows (tests, screenshots) --------------------------------------------------------


def start_from_cli(app, mode: str, *, game: str | None, seats: list[SeatSpec] | None, address: str | None,
                   code: str | None, name: str | None, claim: list[int], auto: bool, countdown: float,
                   summary: str | None, end_after_rounds: int | None, tick_rate: int, timeout: float | None,
                   nonce: int | None, end_when_file: str | None = None) -> str | None:
    """Open a LAN screen or flow from the command line (``--lan MODE``); returns an error line or None.

    ``menu``, ``browse``, ``host-setup``: the screens. ``host``: a lobby for ``game`` with ``seats`` (``remote`` =
    open). ``join``: ask ``address`` for ``seats``. ``watch``: spectate ``address`` (``claim``: seat numbers, 1-based,
    to take back once caught up, played here by ``seats`` in order). ``auto``: joiners ready at once and the host
    starts after ``countdown`` seconds when all are ready (no key needed). The host ends the match (for everyone)
    once the state's ``round`` reaches ``end_after_rounds`` (and ``end_when_file`` exists, if given)."""
    s = app.settings
    name = name or s.lan_name
    app.push(LanMenuScene(app))
    if mode == "menu":
        return None
    if mode == "browse":
        app.push(LanBrowseScene(app))
        return None
    if mode == "host-setup":
        setup = LanHostScene(app, game)
        if code:  # a known code (tests, screenshots); the player can still draw a new one
            setup.code = code
        app.push(setup)
        return None
    try:
        if mode == "host":
            if not game or not seats:
                return "--lan host needs --game and --seats (with at least one 'remote' seat)"
            link = LanLink.host(app, game, seats, options_for_count(game, len(seats)), code=code or new_join_code(),
                                port=s.lan_port, name=name, broadcast=s.lan_broadcast, tick_rate=tick_rate,
                                timeout=timeout or LAN_TIMEOUT, nonce=nonce)
        elif mode in ("join", "watch"):
            if not address or not code:
                return f"--lan {mode} needs --lan-address HOST:PORT and --lan-code CODE"
            addr = parse_address(address, s.lan_port)
            local = list(seats or [])
            claims = {}
            if mode == "watch":
                for k, seat in enumerate(claim):
                    claims[seat - 1] = local[k] if k < len(local) else SeatSpec("bot", level=s.bot_level)
                local = []
            elif not local:
                local = [SeatSpec("human", "wasd")]
            link = LanLink.join(app, addr, code, local, name=name, broadcast=s.lan_broadcast, watch=mode == "watch",
                                claim=claims, timeout=timeout or LAN_TIMEOUT, nonce=nonce)
        else:
            return f"unknown --lan mode {mode!r} (menu, browse, host-setup, host, join, watch)"
    except LanError as e:
        return str(e)
    link.auto = auto
    link.auto_countdown = countdown
    link.summary_path = summary
    link.end_after_rounds = end_after_rounds
    link.end_when_file = end_when_file
    app.push(LanLobbyScene(app, link))
    return None
