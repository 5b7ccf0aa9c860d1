"""The LAN screens: the LAN menu, LAN settings, hosting, browsing, joining by address, the lobby, the network HUD of
a LAN table, the lost-connection prompt, the LAN items of the pause menu and results, and failure messages.

Flow: Title → LAN → Host (game, options, each seat local human / bot / open for a remote player; the join code shown
large) → Lobby; or Browse (hosts heard on the LAN with game, free seats, lobby or playing, and ping, refreshed live)
→ Join; or Join by address (address, code, the players on this machine, or none to watch) → Lobby. In the lobby every
peer sees the seats, who holds them, the ready flags and the settings digest; joiners press Ready, the host presses
Start when all are ready and a 3-second countdown runs on every screen. The match is the game's own table
with a ``NetTable`` part (network HUD, lost-connection prompt, LAN pause and results items); after it, "Back to the lobby" for a rematch.

Text entry (address, join code, name, port): the field of the selected row has focus and keys type in it at once
(letters, the keyboard zones' too, digits, ``.``, ``-``, ``;`` for ``:``; Backspace deletes); only ↑/↓, Tab, Enter
and Esc (and a gamepad) move or leave (``TextField.type_keys``), so a zone's letters never move the menu there.
"""

from __future__ import annotations

import dataclasses

import pygame

from netplay.discovery import DISCOVERY_PORT, Listener, Prober, is_loopback, lan_addresses, listen_address
from netplay.events import FailReason
from netplay.settings import AUTHORITY
from netplay.turnclock import TURN_CLOCKS

_REFUSALS = (FailReason.WRONG_CODE, FailReason.TOO_MANY_TRIES, FailReason.FULL, FailReason.STARTED,
             FailReason.VERSION, FailReason.SETTINGS, FailReason.UNFAIR_DEAL)

from arcade.games import REGISTRY, definition_of
from arcade.client.input import zone_hint
from arcade.client.lan import LAN_TIMEOUT, LanError, LanLink, new_join_code, parse_address
from arcade.client.net.prompts import NetTable, back_item, failure_title, go_lan_menu
from arcade.client.net.script import Script
from arcade.client.net.status import Phase
from arcade.client.net.words import Said, restarts_line
from arcade.client.networds import net_line
from arcade.core.i18n import N_, _, format_number, ngettext
from arcade.core.match import BOT_LEVELS, SeatSpec, options_for_count
from arcade.client.render import fonts
from arcade.client.render.fonts import draw_text, font, size_to_fit, text as text_image, wrap
from arcade.client.render.widgets import (menu_spacing, subtitle_y, DIM, GOLD, GREEN, H, RED, W, WHITE, banner, draw_menu, draw_toast, felt, hint_bar, menu_rects, panel)
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
                  pygame.K_SEMICOLON: ":", pygame.K_COLON: ":", pygame.K_SPACE: " ", pygame.K_SLASH: "/",
                  pygame.K_KP_DIVIDE: "/"})
_LOWER = "abcdefghijklmnopqrstuvwxyz0123456789"
_ALLOWED = {"address": set("0123456789.:"), "code": set("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-"),
            "name": set(_LOWER + " -."), "port": set("0123456789"), "ip": set("0123456789."),
            "words": set(_LOWER + "- "), "url": set(_LOWER + ".:/-_"), "server": set(_LOWER + ".:-"),
            "secret": {chr(c) for c in range(33, 127)}}


FOCUS_KEYS = {pygame.K_UP: "up", pygame.K_DOWN: "down", pygame.K_TAB: "tab", pygame.K_RETURN: "enter",
              pygame.K_KP_ENTER: "enter", pygame.K_ESCAPE: "escape"}
"""The keys that still move or leave a screen while a text field has focus (``TextField.type_keys``), by name."""


def pad_devices(inp) -> list[str]:
    """The gamepads of ``inp``: the devices whose buttons still move a menu while a text field has focus (a
    keyboard zone's keys type there)."""
    return [d for d in inp.devices if d.startswith("pad")]


class TextField:
    """A one-line text field typed with the keyboard (raw keys of the tick, see the module docstring).

    ``kind``: "address", "code" (upper case), "name", "port", "ip", "words" (an internet code: lower case, digits,
    dashes, spaces), "url", "server" (host:port) or "secret" (any printable character, shown masked by its
    screen); ``maxlen`` characters. ``feed`` may also get each key's typed character (``InputMap.key_chars``): it
    is used when the field allows it (upper case, punctuation), else the key's own character is."""

    def __init__(self, value: str, kind: str, maxlen: int = 24) -> None:
        self.value = value
        self.kind = kind
        self.maxlen = maxlen
        self.editing = False
        self._before = value

    def start(self) -> None:
        self.editing = True
        self._before = self.value

    def feed(self, keys: list[int], chars: list[str] | None = None) -> str | None:
        """Apply this tick's keys (and the characters they typed, if known); returns "done" (Enter) or "cancel"
        (Esc) when editing ends."""
        for n, k in enumerate(keys):
            if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.editing = False
                return "done"
            if k == pygame.K_ESCAPE:
                self.value = self._before
                self.editing = False
                return "cancel"
            self.type_key(k, chars[n] if chars is not None and n < len(chars) else "")
        return None

    def type_keys(self, keys: list[int], chars: list[str] | None = None) -> str | None:
        """The field has focus (its row is the selected one: no key is needed to start typing): this tick's keys
        type into it, as ``feed`` does, up to the first key of ``FOCUS_KEYS``, whose name is returned ("up",
        "down", "tab", "enter", "escape"; the scene moves or leaves; the keys after it are dropped). Letters of
        the keyboard zones (W A S D E Q I J K L O U) are letters here, never menu moves."""
        self.editing = True
        for n, k in enumerate(keys):
            if k in FOCUS_KEYS:
                return FOCUS_KEYS[k]
            self.type_key(k, chars[n] if chars is not None and n < len(chars) else "")
        return None

    def type_key(self, k: int, typed: str = "") -> None:
        """One key typed (``typed``: the character it typed, "" if unknown). Backspace deletes the last character,
        Delete clears; in a "words" field a space or a dash is the code's dash (never two in a row, none first)."""
        if k == pygame.K_BACKSPACE:
            self.value = self.value[:-1]
            return
        if k == pygame.K_DELETE:
            self.value = ""
            return
        ch = typed if len(typed) == 1 and typed in _ALLOWED[self.kind] else _KEYCHARS.get(k)
        if ch is None:
            return
        if self.kind == "code":
            ch = ch.upper()
        elif self.kind == "name" and (not self.value or self.value.endswith(" ")):
            ch = ch.upper()
        elif self.kind == "words":
            ch = ch.lower()
            if ch in " -":
                if not self.value or self.value.endswith("-"):
                    return
                ch = "-"
        if (ch in _ALLOWED[self.kind] or (self.kind == "name" and ch.isupper())) and len(self.value) < self.maxlen:
            self.value += ch

    def shown(self, ticks: int) -> str:
        return self.value + ("▌" if self.editing and ticks // 20 % 2 == 0 else (" " if self.editing else ""))


# --- small drawing helpers -------------------------------------------------------------------------------------------


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


def centred_lines(surf: pygame.Surface, text: str, center: tuple[int, int], width: int, size: int, color,
                  bold: bool = False, pitch: int = 0) -> int:
    """``text`` centred on ``center`` (px), at most ``width`` px wide: a little smaller if that is enough (never
    under 16 px), else broken into lines ``pitch`` px apart (default: the size + 3) from ``center``'s height down.
    Returns how many lines it took."""
    fitted = size_to_fit(text, width, size, bold=bold)
    lines = [text] if text_image(text, fitted, color, bold).get_width() <= width else wrap(text, 16, width, bold)
    size = fitted if len(lines) == 1 else 16
    step = pitch or size + 3
    if fonts.text_scale() > 100:  # taller rows at a larger text size
        step = max(step, fonts.line_height(size, bold))
    for k, line in enumerate(lines):
        draw_text(surf, line, (center[0], center[1] + step * k), size, color, bold=bold, anchor="center")
    return len(lines)


def code_lines(code: str, width: int, height: int) -> tuple[list[str], int, int]:
    """An internet code drawn as large as it fits in ``width``×``height`` px: one line from 56 px down to 30, else
    two lines broken after the dash that best balances them ("123-stethoscope-" / "watchword-performance"), at the
    largest size whose two lines fit side by side and one above the other (never under 16). Returns (lines, size in
    px, the distance between the lines' centres in px)."""
    def img(s: str, size: int) -> pygame.Surface:
        return text_image(s, size, GOLD, True)

    for size in range(56, 29, -2):
        if img(code, size).get_width() <= width:
            return [code], size, 0
    dashes = [i for i, ch in enumerate(code) if ch == "-"]
    if not dashes:
        return [code], size_to_fit(code, width, 30, bold=True), 0
    cut = min(dashes, key=lambda i: abs(img(code[:i + 1], 20).get_width() - img(code[i + 1:], 20).get_width()))
    lines = [code[:cut + 1], code[cut + 1:]]
    size = 40
    while size > 16 and (max(img(s, size).get_width() for s in lines) > width
                         or 2 * img(lines[0], size).get_height() > height):
        size -= 1
    return lines, size, img(lines[0], size).get_height()


def row_bands(y0: int, step: int, n: int, x0: int = W // 2 - 400, x1: int = W // 2 + 400) -> list[pygame.Rect]:
    """The bands of ``n`` rows drawn by ``_row`` from ``y0`` every ``step`` px (for the mouse)."""
    return [pygame.Rect(x0 + 10, y0 + k * step - step // 2, x1 - x0 - 20, step) for k in range(n)]


def row_step(x: int, x0: int = W // 2 - 400, x1: int = W // 2 + 400) -> int:
    """A click on a ``_row`` at ``x``: its ◀ goes back, anywhere else forward."""
    return -1 if (x0 + x1) // 2 + 10 <= x < (x0 + x1) // 2 + 80 else 1


def _spec_label(spec: SeatSpec) -> str:
    """Who fills a seat, in the player's language; an open seat: "Open: remote player"."""
    return _("Open: remote player") if spec.kind == "remote" else spec.label




def describe_settings(st) -> str:
    """The lobby's line about the match: game, seats, mode, options in the setup screen's words (the player's
    language)."""
    parts = [_(definition_of(st.game).spec.name) if st.game in REGISTRY else st.game,
             ngettext("{n} seat", "{n} seats", st.seats).format(n=format_number(st.seats))]
    parts.append(_("turn by turn") if st.mode in ("lockstep", "authority") else _("real time"))
    opts = st.option_dict()
    for o in definition_of(st.game).spec.options if st.game in REGISTRY else ():
        if o.key in opts and opts[o.key] in o.values:
            parts.append(_("{option}: {value}").format(option=_(o.label),
                                                      value=_(o.labels[o.values.index(opts[o.key])])))
    if st.tick_rate != 60:
        parts.append(_("{rate} Hz").format(rate=format_number(st.tick_rate)))
    return " · ".join(parts)


# --- the LAN menu and its settings --------------------------------------------------------------------------------


class LanMenuScene(Scene):
    """Host a match, browse the LAN, join by address, LAN settings."""

    still = True
    name = "lan"
    ITEMS = (N_("Host a match"), N_("Browse the LAN"), N_("Join by address"), N_("LAN settings"), N_("Back"))
    CENTER = (W // 2, 360)  # the menu's centre (px)
    NEXT: dict = {}  # item -> the scene class it opens (filled below, once the classes exist); others: back

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
        self.sel, clicked = inp.pointed(menu_rects(len(self.ITEMS), self.CENTER, 58), self.sel)
        if inp.pressed("A") or inp.pressed("START") or clicked:
            self.app.audio.play("select")
            self.app.notice = ""
            scene = self.NEXT.get(self.ITEMS[self.sel])
            if scene is None:
                self.app.pop()
            elif not self.app.settings.lan_name_asked and scene is not LanSettingsScene:
                self.app.push(LanNameScene(self.app, scene))  # the first time: the name the others will see
            else:
                self.app.push(scene(self.app))

    def draw(self, surf, alpha) -> None:
        surf.blit(felt(), (0, 0))
        s = self.app.settings
        where = _("this machine only") if s.lan_broadcast and is_loopback(s.lan_broadcast) else (
            _("announced to {address}").format(address=s.lan_broadcast) if s.lan_broadcast else
            _("your local network"))
        sub = _("You are {name} · {where} · game port {port}").format(name=s.lan_name, where=where, port=s.lan_port)
        banner(surf, _("LAN play"), "", y=70)
        draw_subtitle(surf, sub, subtitle_y(70), size=22)
        labels = [_(i) for i in self.ITEMS]
        draw_menu(surf, labels, self.sel, self.CENTER, size=size_to_fit(labels, 560, 32, bold=True), spacing=58)
        lines = [_("Nothing is sent on the network until you host or browse."),
                 _("Host: open UDP port {port} (and {discovery} for discovery) in your firewall.").format(
                     port=s.lan_port, discovery=DISCOVERY_PORT)]
        if s.lan_broadcast and is_loopback(s.lan_broadcast):
            lines.append(_("Only this machine sees your matches (LAN settings: clear the broadcast address for "
                           "your network)."))
        for k, ln in enumerate(lines):
            draw_text(surf, ln, (W // 2, 560 + 28 * k), size_to_fit(ln, W - 60, 18), DIM, anchor="center")
        draw_toast(surf, self.app.notice, 170)
        hint_bar(surf, [_("↑/↓ choose"), _("Enter/E or click: select"), _("Esc or right-click: back")])


class LanNameScene(Scene):
    """The first time a player goes to play with other machines: the name the other players will see, prefilled with
    the one this computer knows them by (two machines logged in as the same user would both show "root"). Enter
    keeps it (saved with the settings) and goes on to ``then``; Esc goes back to the menu, asking again next time."""

    still = True
    name = "lan_name"

    def __init__(self, app, then) -> None:
        super().__init__(app)
        self.then = then
        self.field = TextField(app.settings.lan_name, "name", 24)
        self.field.start()

    def update(self) -> None:
        inp = self.app.input
        if self.field.editing:
            done = self.field.feed(inp.key_events, inp.key_chars)
            if done == "cancel" or (done is None and inp.right_click):
                self.app.pop()
            elif done == "done" or (done is None and inp.click() is not None):  # Enter, or a click (mouse only)
                self.confirm()
            return
        if inp.escape_pressed or inp.pressed("B") or inp.right_click:
            self.app.pop()
            return
        if inp.pressed("A") or inp.pressed("START") or inp.click() is not None:
            self.confirm()

    def confirm(self) -> None:
        s = self.app.settings
        s.lan_name = self.field.value.strip()[:24] or s.lan_name
        s.lan_name_asked = True
        self.app.save_settings()
        self.app.pop()
        self.app.push(self.then(self.app))

    def draw(self, surf, alpha) -> None:
        surf.blit(felt(), (0, 0))
        banner(surf, _("Your name"), "", y=110)
        box = pygame.Rect(W // 2 - 500, 250, 1000, 190)
        lines = wrap(_("The other players see you under this name. Type it, or keep the one this computer knows "
                       "you by; you can change it later in LAN settings."), 20, box.width - 60)
        if fonts.text_scale() > 100:  # room for the taller lines and name
            box.height = max(190, 34 + fonts.pitch(20, 26) * len(lines) + font(36, True).get_height() + 30)
        panel(surf, box, 200)
        for k, ln in enumerate(lines):
            draw_text(surf, ln, (W // 2, box.y + 34 + fonts.pitch(20, 26) * k), 20, WHITE, anchor="center")
        value = self.field.shown(self.ticks) if self.field.editing else self.field.value
        draw_text(surf, value, (W // 2, box.bottom - 50), size_to_fit(value, box.width - 60, 36, bold=True), GOLD,
                  bold=True, anchor="center")
        hint_bar(surf, [_("type your name"), _("Enter or click: OK"), _("Esc or right-click: back")])


class LanSettingsScene(Scene):
    """Player name, LAN broadcast address, host game port (saved with the other settings)."""

    still = True
    name = "lan_settings"

    def __init__(self, app) -> None:
        super().__init__(app)
        s = app.settings
        self.fields = [(N_("Your name"), TextField(s.lan_name, "name", 24)),
                       (N_("LAN broadcast address"), TextField(s.lan_broadcast, "ip", 15)),
                       (N_("Game port (UDP) when hosting"), TextField(str(s.lan_port), "port", 5))]
        self.sel = 0
        self.error = ""

    def update(self) -> None:
        inp = self.app.input
        rows = len(self.fields) + 1
        bands = row_bands(190, 60, rows, W // 2 - 420, W // 2 + 420)
        f = self.fields[self.sel][1] if self.sel < len(self.fields) else None
        for _label, g in self.fields:
            g.editing = g is f  # the selected field has focus: keys type in it at once
        if f is not None and inp.clicked(bands) in (None, self.sel):
            nav = f.type_keys(inp.key_events, inp.key_chars)
            pads = pad_devices(inp)
            if nav == "escape" or inp.pressed("B", pads) or inp.right_click:
                self.app.pop()
            elif nav == "up" or inp.menu("UP", pads):
                self.sel = (self.sel - 1) % rows
            elif nav in ("down", "tab", "enter") or inp.menu("DOWN", pads) or inp.pressed("A", pads):
                self.sel = (self.sel + 1) % rows
            return
        if inp.escape_pressed or inp.pressed("B") or inp.right_click:
            self.app.pop()
            return
        if inp.menu("UP"):
            self.sel = (self.sel - 1) % rows
        if inp.menu("DOWN"):
            self.sel = (self.sel + 1) % rows
        self.sel, clicked = inp.pointed(bands, self.sel)
        if self.sel == len(self.fields) and (inp.pressed("A") or clicked):
            self.save()

    def save(self) -> None:
        name, bcast, port = (f.value.strip() for _, f in self.fields)
        parts = bcast.split(".")
        if bcast and (len(parts) != 4 or not all(p.isdigit() and 0 <= int(p) <= 255 for p in parts)):
            self.error = _("The broadcast address is empty (every network of this machine) or four numbers 0-255 "
                           "with dots, e.g. 192.168.1.255.")
            return
        if not port.isdigit() or not 1024 <= int(port) <= 65535:
            self.error = _("The game port is a number from 1024 to 65535.")
            return
        s = self.app.settings
        s.lan_name, s.lan_broadcast, s.lan_port = name or "Player", bcast, int(port)
        s.lan_name_asked = True
        self.app.save_settings()
        self.app.pop()

    def draw(self, surf, alpha) -> None:
        surf.blit(felt(), (0, 0))
        banner(surf, _("LAN settings"), _("Saved with your settings"), y=60)
        panel(surf, (W // 2 - 420, 150, 840, 60 * (len(self.fields) + 1) + 30), 170)
        for i, (label, f) in enumerate(self.fields):
            empty = _("every network (automatic)") if f.kind == "ip" else " "
            value = f.shown(self.ticks) if f.value or not empty.strip() else (
                f.shown(self.ticks)[:1] + " " if f.editing else "") + empty  # what empty means, after the cursor
            _row(surf, 190 + 60 * i, _(label), value, i == self.sel, W // 2 - 420,
                 W // 2 + 420, arrows=False)
        _row(surf, 190 + 60 * len(self.fields), _("Save and back"), "", self.sel == len(self.fields),
             W // 2 - 420, W // 2 + 420)
        notes = [ln for note in (_("Broadcast address: leave it empty to find and announce matches on every network "
                                   "of this machine; 127.255.255.255 keeps everything on this machine."),
                                 _("To host, open the game port and the discovery port {port} (UDP) in your "
                                   "firewall.").format(port=DISCOVERY_PORT)) for ln in wrap(note, 18, 880)]
        for k, ln in enumerate(notes):
            draw_text(surf, ln, (W // 2, 460 + fonts.pitch(18, 24) * k), 18, DIM, anchor="center")
        draw_toast(surf, self.error, 580)
        hint_bar(surf, [_("type"), _("↑/↓ or Enter: next row"), _("Esc back")] if self.sel < len(self.fields)
                 else [_("↑/↓ choose"), _("Enter/E: save"), _("Esc back")])


# --- hosting ---------------------------------------------------------------------------------------------------------


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
    """The host's address and the join code, who plays on this machine (no one: watch), then Join. (The online join
    screen is this one with the code alone: ``FIELDS``, ``TITLE``, ``CODE_LABEL``, ``join``.)"""

    name = "lan_join"
    FIELDS = ("address", "code")
    TITLE, SUBTITLE = N_("Join a LAN match"), N_("The host's screen shows its address and join code")
    CODE_LABEL, CODE_HINT = N_("Join code"), N_("(type it)")
    TOAST_Y = 110  # px: the centre of a refusal's line

    def __init__(self, app, address: str = "", watch: bool = False, digest: bytes = b"") -> None:
        super().__init__(app)
        self.address = TextField(address or default_join_address(app.settings), "address", 21)
        self.code = TextField("", "code", 11)
        self.count = 0 if watch else 1
        self.players = [SeatSpec("human", "wasd"), SeatSpec("human", "arrows"), SeatSpec("human", "ijkl"),
                        SeatSpec("human", "numpad")]
        self.digest = digest
        self.row = 1 if address else 0
        (self.code if address else self.address).editing = True  # the selected row's field has focus

    def rows(self) -> list[str]:
        return list(self.FIELDS) + ["count"] + [f"p{i}" for i in range(self.count)] + ["go"]

    def field_of(self, r: str) -> TextField | None:
        """The text field of row ``r``, or None."""
        return {"address": self.address, "code": self.code}.get(r)

    def complete(self, field: TextField) -> bool:
        """Tab in ``field``: complete what is typed (True), or nothing to complete (False: Tab goes to the next
        row). Here: nothing (the online join screen completes the code's words)."""
        return False

    def update(self) -> None:
        inp = self.app.input
        rows = self.rows()
        self.row = min(self.row, len(rows) - 1)
        focus = self.field_of(rows[self.row])
        for r in self.FIELDS:  # the field of the selected row has focus (its cursor shows); the others not
            self.field_of(r).editing = self.field_of(r) is focus
        bands = row_bands(160, 44, len(rows), W // 2 - 420, W // 2 + 420)
        if focus is not None and inp.clicked(bands) in (None, self.row):
            # typing: every letter is the field's; ↑/↓ (and a pad) move, Tab completes or moves, Enter goes on
            nav = focus.type_keys(inp.key_events, inp.key_chars)
            pads = pad_devices(inp)
            if nav == "escape" or inp.pressed("B", pads) or inp.right_click:
                self.app.notice = ""
                self.app.pop()
            elif nav == "up" or inp.menu("UP", pads):
                self.row = (self.row - 1) % len(rows)
            elif nav == "down" or inp.menu("DOWN", pads) or (nav == "tab" and not self.complete(focus)):
                self.row = (self.row + 1) % len(rows)
            elif nav == "enter" or inp.pressed("A", pads):  # the next field, or (the last one) Join
                if self.field_of(rows[(self.row + 1) % len(rows)]) is not None:
                    self.row += 1
                else:
                    self.join()
            return
        if inp.escape_pressed or inp.pressed("B") or inp.right_click:
            self.app.notice = ""
            self.app.pop()
            return
        if inp.menu("UP"):
            self.row = (self.row - 1) % len(rows)
        if inp.menu("DOWN"):
            self.row = (self.row + 1) % len(rows)
        self.row, clicked = inp.pointed(bands, self.row)
        r = rows[self.row]
        field = self.field_of(r)
        step = (1 if inp.menu("RIGHT") else 0) - (1 if inp.menu("LEFT") else 0)
        if clicked and (r == "count" or r.startswith("p")):
            step = row_step(inp.click()[0], W // 2 - 420, W // 2 + 420)
        if step and field is None:
            if r == "count":
                self.count = (self.count + step) % 5
            elif r.startswith("p"):
                i = int(r[1:])
                cands = seat_candidates(self.app, False)
                k = cands.index(self.players[i]) if self.players[i] in cands else 0
                self.players[i] = cands[(k + step) % len(cands)]
        if field is not None:
            field.editing = True  # moved onto a field: it has focus from the next key on
        elif (inp.pressed("A") or clicked) and r == "go":
            self.join()

    def code_hint(self) -> str:
        """What the empty code row shows."""
        return _(self.CODE_HINT)

    def enter_hint(self) -> str:
        """What Enter does on the selected row, for the hint bar."""
        r = self.rows()[min(self.row, len(self.rows()) - 1)]
        if self.field_of(r) is not None:
            nxt = self.rows()[(self.rows().index(r) + 1) % len(self.rows())]
            return _("Enter: next field") if self.field_of(nxt) is not None else (
                _("Enter: watch") if self.count == 0 else _("Enter: join"))
        if r == "go":
            return _("Enter/E: watch") if self.count == 0 else _("Enter/E: join")
        return _("←/→ or click ◀ ▶ change")

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
        sub = _(self.SUBTITLE)
        banner(surf, _(self.TITLE), "", y=60)
        draw_subtitle(surf, sub, subtitle_y(60), size=22)
        rows = self.rows()
        panel(surf, (W // 2 - 420, 130, 840, 40 + 44 * len(rows)), 170)
        y = 160
        for k, r in enumerate(rows):
            sel = k == self.row
            if r == "address":
                label, value = _("Host address"), self.address.shown(self.ticks) or " "
            elif r == "code":
                label, value = _(self.CODE_LABEL), self.code.shown(self.ticks) if self.code.value else self.code_hint()
            elif r == "count":
                label, value = _("Players on this machine"), (format_number(self.count) if self.count else
                                                              _("none: watch"))
            elif r.startswith("p"):
                i = int(r[1:])
                label, value = _("Player {n} here").format(n=i + 1), self.players[i].label
            else:
                label, value = (_("WATCH") if self.count == 0 else _("JOIN")), ""
            _row(surf, y, label, value, sel, W // 2 - 420, W // 2 + 420, arrows=r not in ("address", "code"))
            y += 44
        note = wrap(_("A match already in play can be watched (players here: none); a player who lost their seat "
                      "can take it back from there."), 17, W - 120)
        for k, line in enumerate(note[:2]):
            draw_text(surf, line, (W // 2, y + 24 + fonts.pitch(17, 22) * k), 17, DIM, anchor="center")
        draw_toast(surf, self.app.notice, self.TOAST_Y)
        hint_bar(surf, self.hints())

    def hints(self) -> list[str]:
        """The hint bar: on a field, typing (keys type, the zones' letters too); elsewhere, the menu's keys."""
        r = self.rows()[min(self.row, len(self.rows()) - 1)]
        if self.field_of(r) is not None:
            return [_("type"), _("↑/↓ row"), self.enter_hint(), _("Esc back")]
        return [_("↑/↓ row"), self.enter_hint(), _("Esc back")]


LanMenuScene.NEXT = {"Host a match": LanHostScene, "Browse the LAN": LanBrowseScene, "Join by address": LanJoinScene,
                     "LAN settings": LanSettingsScene}


# --- the lobby -------------------------------------------------------------------------------------------------------


def host_addresses(link: LanLink) -> tuple[str, list[str]]:
    """(heading, addresses) of what friends type to join this host: ``"IP:PORT"`` for each non-loopback IPv4
    address of this machine the game port is bound on; when there is none, "this machine only" and 127.0.0.1."""
    bound, port = link.transport.address
    ips = [] if is_loopback(bound) else [ip for ip in lan_addresses() if bound in ("0.0.0.0", ip)]
    if ips:
        return _("Friends type this address to join"), [f"{ip}:{port}" for ip in ips]
    if is_loopback(bound):
        return _("This machine only (see LAN settings)"), [f"127.0.0.1:{port}"]
    return _("This machine only: no network found"), [f"127.0.0.1:{port}"]


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
            clock = ["clock"] if self.link.settings is not None and self.link.settings.mode == AUTHORITY else []
            return [f"seat{i}" for i in range(len(s.owners))] + clock + ["start", "leave"]
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
        s, st = link.session, link.status()
        if link.failure_said is not None:
            failure = link.failure_said
            rejoin = link.can_rejoin
            title = N_("Cannot join") if s.settings is None or link.failure_kind in _REFUSALS else \
                N_("Connection lost")
            title = failure_title(link) if s.settings is not None and link.failure_kind not in _REFUSALS else title
            self.app.replace(LanMessageScene(self.app, title, failure, link if rejoin else None,
                                             back=back_item(link)))
            if not rejoin:
                link.close()
            return
        if inp.escape_pressed:
            self.leave_lobby()
            return
        if link.online is not None and (pygame.K_c in inp.key_events or inp.clicked([self.CODE_RECT]) is not None):
            self.copy_code()
        copied = getattr(self, "copied", None)
        if copied is not None and (link.clock() - copied[0] > self.COPIED_S or copied[1] != st.code):
            if self.app.notice == copied[2]:  # "Copied CODE" goes after a while, at once if the code changed
                self.app.notice = ""
            self.copied = None
        if st.in_match:
            if st.table_ready and (self.table is None or self.table.match is not link.match):
                self.table = router.table(link.match.game_id)(self.app, link.match, net=NetTable(link))
                self.app.push(self.table)
            return
        if st.scripted:
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
        elif a and st.in_lobby:
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
        return seats + menu_rects(m, (430, self.menu_centre(215 + 40 * n, m, 26)), 46, size=26)

    @staticmethod
    def menu_centre(y: int, m: int, size: int) -> int:
        """The centre line (px) of the lobby's menu of ``m`` items of ``size`` px under the status line at ``y``:
        ``y + 30 * m``, lower when a larger text size makes the status line and the items taller."""
        centre = y + 30 * m
        if fonts.text_scale() > 100:
            first = y - 3 + font(19).get_height() // 2 + font(size, True).get_height() // 2 + 10
            centre = max(centre, first + (m - 1) * menu_spacing(size, 46) // 2)
        return centre

    def host_update(self, it: str, a: bool | None = None) -> None:
        s, inp = self.link.session, self.app.input
        a = inp.pressed("A") if a is None else a
        if self.link.status().phase != Phase.LOBBY:
            return
        left = s.countdown_left()
        if left is not None:
            if s.start_problem():
                s.set_countdown(None)
                self.app.notice = _("Countdown stopped: {problem}").format(problem=net_line(s.start_problem()))
            elif left <= 0:
                s.start()
            elif a or inp.pressed("B"):
                s.set_countdown(None)  # the host changed their mind
            return
        local = [k for k, sp in enumerate(self.link.plan) if sp.kind != "remote"]  # seats this machine plays
        if it == "clock" and (inp.menu("RIGHT") or inp.menu("LEFT") or a):
            k = TURN_CLOCKS.index(self.link.turn_clock) if self.link.turn_clock in TURN_CLOCKS else 2
            self.link.set_turn_clock(TURN_CLOCKS[(k + (-1 if inp.menu("LEFT") else 1)) % len(TURN_CLOCKS)])
            self.app.audio.play("move")
            return
        if a and it.startswith("seat") and int(it[4:]) in local:
            it = "start"  # Enter on one's own seat: nothing to change there, so it starts (as the hint bar says)
        step = inp.menu("RIGHT") or inp.menu("LEFT") or (a and it.startswith("seat"))
        if step and it.startswith("seat"):
            i = int(it[4:])
            o = s.owners[i]
            if o in (None, 0) and i not in local:
                s.set_open(i, o == 0)
                self.app.audio.play("move")
            elif o not in (None, 0):
                self.app.notice = _("{name} holds this seat (the back button removes them).").format(
                    name=self.link.peer_name(o))
        if it.startswith("seat") and inp.pressed("B"):
            o = s.owners[int(it[4:])]
            if o not in (None, 0):
                name = self.link.peer_name(o)
                if s.kick(o):  # the seat is open again; the player is told they were removed
                    self.app.notice = _("{name} was removed from the lobby.").format(name=name)
                    self.app.audio.play("back")
        if a and it == "start":
            problem = s.start_problem()
            if problem:
                self.app.notice = _("Cannot start yet: {problem}.").format(problem=net_line(problem))
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

    CODE_RECT = pygame.Rect(860, 160, 370, 72)  # the online code, large: a click copies it
    COPIED_S = 4.0  # s: how long "Copied CODE" stays (gone at once when the code changes: it would name the old one)

    def draw_online_code(self, surf: pygame.Surface) -> None:
        """The internet code as large as fits (copyable: C or a click), read out word by word, and how the code's
        meetings are going (host); the route to the host (joiner)."""
        link = self.link
        width = self.CODE_RECT.width
        head = _("INTERNET CODE")
        draw_text(surf, head, (1045, 142), size_to_fit(head, width, 20, bold=True), DIM, bold=True, anchor="center")
        code = link.status().code
        lines, size, pitch = code_lines(code, width, self.CODE_RECT.height)
        cx, cy = self.CODE_RECT.center
        for k, part in enumerate(lines):
            draw_text(surf, part, (cx, cy + (k - (len(lines) - 1) / 2) * pitch), size, GOLD, bold=True,
                      anchor="center", shadow=True)
        line = _("say: {words}").format(words=" · ".join(code.split("-")))
        draw_text(surf, line, (1045, 240), size_to_fit(line, width, 18), WHITE, anchor="center")
        if link.role == "host":  # how friends join (how the code's meetings go: ``draw_online_line``)
            y = 266
            if link.status().code_note:  # the code changed: why, in one line ("someone else held the code: ...")
                y += 21 * centred_lines(surf, net_line(link.status().code_note), (1045, y), width, 17, GOLD, pitch=19)
            for text in (_("Friends: Play online → Join online, type it"), _("C or click the code: copy it")):
                y += fonts.pitch(17, 21) * centred_lines(surf, text, (1045, y), width, 17, DIM, pitch=19)
        else:
            draw_text(surf, _("Host"), (1045, 272), 17, DIM, anchor="center")
            draw_text(surf, link.where, (1045, 298), size_to_fit(link.where, width, 18), WHITE, anchor="center")

    def draw_online_line(self, surf: pygame.Surface, y: int) -> None:
        """Host online: how the code's meetings and a friend's connection go (``netplay.online``'s line, worded),
        from ``y`` (px) down, under the list of who is connected; once every seat is filled, nothing (its "waiting
        for players" would be stale: the status line under the seats says where the seats stand)."""
        if all(o is not None for o in self.link.session.owners):
            return
        failed = self.link.join_failed  # a friend who could not connect, and why: it stays until someone connects
        lines = [(ln, WHITE) for ln in wrap(failed.text(), 16, 390)[:3]] if failed is not None else []
        lines += [(ln, GOLD) for ln in wrap(net_line(self.link.online.line), 16, 390)[:4]]
        for k, (line, color) in enumerate(lines):
            draw_text(surf, line, (1045, y + fonts.pitch(16, 20) * k), 16, color, anchor="center")

    def copy_code(self) -> None:
        """The code to the clipboard (pygame's scrap), or a line saying it could not be."""
        code = self.link.status().code
        try:
            pygame.scrap.put_text(code)  # pygame-ce: SDL's clipboard, no init needed
            self.app.notice = _("Copied {code}: paste it to your friends.").format(code=code)
            self.copied = (self.link.clock(), code, self.app.notice)
        except (pygame.error, AttributeError, NotImplementedError) as e:
            self.app.notice = _("Could not copy ({error}): read the code out instead.").format(error=e)

    def seat_holder(self, i: int) -> tuple[str, str, bool | None]:
        """(who, how, ready) of a seat as this peer knows it, in the player's language ("Bot (hard)", "on the
        host"); an open seat: ("open", "waiting for a player", None)."""
        link, s = self.link, self.link.session
        owners = s.owners if s.owners else []
        o = owners[i] if i < len(owners) else None
        peers = {p.peer: p for p in s.peers()}
        if o is None:
            return _("open"), _("waiting for a player"), None
        mine = (link.role == "host" and o == 0) or (link.role != "host" and o == s.index)
        if mine:
            spec = link.spec_for(i) if link.role == "host" else (
                link.local[sorted(s.my_seats).index(i)] if i in s.my_seats and
                sorted(s.my_seats).index(i) < len(link.local) else SeatSpec("bot"))
            p = peers.get(o)
            if spec.kind == "bot":  # a bot is never shown under a player's name
                return _bot(spec.level), _("on this machine"), (p.ready if p else True)
            return _("{name} (here)").format(name=link.shown_name), _spec_label(spec), (p.ready if p else True)
        p = peers.get(o)
        level = dict(p.bots).get(i) if p else None
        if level:  # the host's bot: shown as a bot on every peer, as the host shows it
            return _bot(level), _("on the host"), p.ready
        return (p.name if p and p.name else (_("host") if o == 0 else _("peer {n}").format(n=o))), (
            _("on the host") if o == 0 else _("on their machine")), (p.ready if p else None)

    def draw(self, surf, alpha) -> None:
        surf.blit(felt(), (0, 0))
        link, s, ns = self.link, self.link.session, self.link.status()
        st = s.settings or link.settings
        gid = st.game if st else link.game_id
        game = _(definition_of(gid).spec.name) if gid in REGISTRY else gid
        title = _("Lobby · {game}").format(game=game) if gid else _("Lobby")
        if link.role != "host" and (ns.phase == Phase.JOINING or (ns.phase == Phase.PLAYING and self.table is None)):
            banner(surf, _("Joining the match in play…") if ns.late else _("Starting the match…"),
                   _("at {where}").format(where=link.where) if link.online is None else link.where, y=60)
            if ns.refereed:  # a turn game: the host's first view of our seats is on its way
                text = _("Waiting for the host's table")
            else:
                text = _("Receiving the state of the table ({done}/{total})").format(
                    done=format_number(ns.snapshot[0]), total=format_number(ns.snapshot[1]))
            draw_text(surf, text, (W // 2, 300), 24, WHITE, anchor="center")
            hint_bar(surf, [_("Esc cancel")])
            return
        if ns.phase == Phase.CONNECTING:
            banner(surf, _("Connecting…"), _("to {where}").format(where=link.where) if link.online is None else
                   link.where, y=60)
            wait = (_("Waiting for the host to open a new lobby (Back to the lobby on the host's screen)…")
                    if link.matches else _("Waiting for the host to answer."))
            for k, line in enumerate(wrap(wait, 24, W - 120)[:2]):
                draw_text(surf, line, (W // 2, 300 + 34 * k), 24, WHITE, anchor="center")
            draw_toast(surf, self.app.notice, 120)
            hint_bar(surf, [_("Esc cancel")])
            return
        banner(surf, title, "", y=44, size=size_to_fit(title, W - 80, 44, bold=True))
        draw_subtitle(surf, describe_settings(st) if st else "", 92)
        # seats
        x0, x1 = 40, 820
        n = len(s.owners)
        panel(surf, (x0, 135, x1 - x0, 60 + 40 * n), 170)
        for t, x, room in ((_("Seat"), x0 + 24, 196), (_("Player"), x0 + 230, 200), (_("Plays with"), x0 + 440, 220),
                           (_("Ready"), x1 - 110, 100)):
            draw_text(surf, t, (x, 150), size_to_fit(t, room, 17, bold=True), DIM, bold=True)
        items = self.items()
        for i in range(n):
            y = 195 + 40 * i
            sel = link.role == "host" and items[self.sel] == f"seat{i}"
            if sel:
                pygame.draw.rect(surf, (80, 60, 10), (x0 + 8, y - 17, x1 - x0 - 16, 36), border_radius=8)
            who, how, ready = self.seat_holder(i)
            is_open = s.owners[i] is None
            col = GOLD if sel else WHITE
            label = seat_label(gid, i)
            draw_text(surf, label, (x0 + 24, y), size_to_fit(label, 196, 20), col, anchor="midleft")
            draw_text(surf, who, (x0 + 230, y), size_to_fit(who, 200, 20, bold=sel), GREEN if is_open else col,
                      bold=sel, anchor="midleft")
            draw_text(surf, how, (x0 + 440, y), size_to_fit(how, 220, 18), DIM if is_open else col, anchor="midleft")
            mark = "" if ready is None else (_("✔ ready") if ready else _("not yet"))
            draw_text(surf, mark, (x1 - 110, y), size_to_fit(mark, 100, 18), GREEN if ready else DIM,
                      anchor="midleft")
        # menu, under the status line that follows the seats
        y = 215 + 40 * n
        status = self.seat_status()
        draw_text(surf, status, ((x0 + x1) // 2, y - 3), size_to_fit(status, x1 - x0 - 40, 19), GOLD, anchor="center")
        labels = []
        counting = ns.countdown is not None
        for it in items:
            if it == "start":
                labels.append(_("Stop the countdown") if counting else _("START"))
            elif it == "ready":
                labels.append(_("I'm not ready") if s.ready_flag else _("READY"))
            elif it == "leave":
                labels.append(_("Leave the lobby"))
            elif it == "clock":
                labels.append(clock_label(self.link.turn_clock))
        if labels:
            k = self.sel - (len(items) - len(labels))
            size = size_to_fit(labels, x1 - x0 - 80, 26, bold=True)
            draw_menu(surf, labels, k if k >= 0 else -1, ((x0 + x1) // 2, self.menu_centre(y, len(labels), size)),
                      size=size, spacing=46)
        # the code and the peers
        panel(surf, (850, 120, 390, 245), 190, border=GOLD)
        if link.online is not None:
            self.draw_online_code(surf)
        elif link.role == "host":
            draw_text(surf, _("JOIN CODE"), (1045, 142), 20, DIM, bold=True, anchor="center")
            draw_text(surf, link.code, (1045, 194), 68, GOLD, bold=True, anchor="center", shadow=True)
            head, addrs = host_addresses(link)
            below = fonts.pitch(16, 19) * (centred_lines(surf, head, (1045, 246), 370, 17, DIM) - 1)
            for k, a in enumerate(addrs[:3]):
                y = 246 + below + fonts.pitch(24, 26, True) + fonts.pitch(20, 26) * k
                draw_text(surf, a, (1045, y), 24 if k == 0 else 20, WHITE, bold=k == 0, anchor="center")
        else:
            draw_text(surf, _("JOIN CODE"), (1045, 142), 20, DIM, bold=True, anchor="center")
            draw_text(surf, link.code, (1045, 194), 68, GOLD, bold=True, anchor="center", shadow=True)
            draw_text(surf, _("Host"), (1045, 246), 17, DIM, anchor="center")
            draw_text(surf, f"{link.address[0]}:{link.address[1]}", (1045, 272), 24, WHITE, bold=True,
                      anchor="center")
        panel(surf, (850, 380, 390, 40 + 30 * max(1, len(ns.peers))), 170)
        draw_text(surf, _("Connected"), (870, 392), 18, DIM, bold=True)
        first = 392 + max(36, font(18, True).get_linesize() + font(18).get_linesize() // 2 + 2)  # row 0's centre
        for k, p in enumerate(ns.peers):
            ms = ns.pings.get(p.peer if link.role == "host" else 0)
            ping = _("{ms} ms").format(ms=format_number(ms)) if (ms is not None and p.peer != s.index) else (
                _("you") if (p.peer == s.index or (link.role == "host" and p.peer == 0)) else _("connected"))
            role = _("host") if p.peer == 0 else (_("watching") if not p.seats else ngettext(
                "{n} seat", "{n} seats", len(p.seats)).format(n=format_number(len(p.seats))))
            ping_w = text_image(ping, 16, DIM).get_width()
            line = _("{name} · {role}").format(name=p.name or "?", role=role)
            draw_text(surf, line, (870, first + fonts.pitch(18, 30) * k),
                      size_to_fit(line, 1225 - ping_w - 12 - 870, 18), WHITE if p.status == "connected" else RED,
                      anchor="midleft")
            draw_text(surf, ping, (1225, first + fonts.pitch(18, 30) * k), 16, DIM, anchor="midright")
        if link.online is not None and link.role == "host":
            self.draw_online_line(surf, 380 + 40 + 30 * max(1, len(ns.peers)) + 22)
        if ns.countdown is not None:
            self.draw_countdown(surf, ns.countdown)
        elif ns.phase == Phase.DEALING:
            line = _("Dealing (every machine adds its share of the shuffle)…")
            draw_text(surf, line, (W // 2, H - 70), size_to_fit(line, W - 60, 20), GOLD, anchor="center")
        restarts = restarts_line(ns.deal_restarts)
        if restarts:  # a deal given up because a player left after it began: every player sees it
            draw_text(surf, restarts, (W // 2, H - 98), size_to_fit(restarts, W - 60, 18), GOLD, anchor="center")
        details = [] if ns.phase == Phase.DEALING else \
            [trust_line(link)] + ([relayed_line(link)] if link.relayed else [])
        for k, line in enumerate(reversed(details)):  # the details: what a host can still see, who is relayed
            draw_text(surf, line, (W // 2, H - 54 - 20 * k), size_to_fit(line, W - 60, 16), DIM, anchor="center")
        draw_toast(surf, self.app.notice, 660)
        if link.role == "host":
            hint_bar(surf, [_("↑/↓ choose"), _("←/→ seat open / bot"), self.enter_hint(), _("Esc leave")])
        else:
            hint_bar(surf, [_("↑/↓ choose"), self.enter_hint(), _("Esc leave")])

    def enter_hint(self) -> str:
        """What Enter does on the selected row (``host_update``), for the hint bar."""
        s, items = self.link.session, self.items()
        it = items[min(self.sel, len(items) - 1)]
        if it == "leave":
            return _("Enter/E leave")
        if it == "ready":
            return _("Enter/E not ready") if s.ready_flag else _("Enter/E ready")
        if s.countdown_left() is not None:
            return _("Enter/E stop the countdown")
        if it.startswith("seat") and self.link.plan[int(it[4:])].kind == "remote":
            o = s.owners[int(it[4:])]
            if o not in (None, 0):
                return _("{key} remove {name}").format(key=self.app.input.hint("wasd", "B"),
                                                        name=self.link.peer_name(o))
            return _("Enter/E a bot here") if o is None else _("Enter/E open the seat")
        return _("Enter/E start") if s.start_problem() is None else _("Enter/E start when all are ready")

    def seat_status(self) -> str:
        """The lobby's status line, following the seats: "2 of 3 seats filled", "all seats filled: waiting for Bob
        to be ready", "all ready: Start" (the countdown: nothing)."""
        s = self.link.session
        owners = list(s.owners)
        filled = sum(o is not None for o in owners)
        if s.countdown_left() is not None or not owners:
            return ""
        if filled < len(owners):
            return ngettext("{n} of {total} seat filled", "{n} of {total} seats filled", len(owners)).format(
                n=format_number(filled), total=format_number(len(owners)))
        problem = s.start_problem() if self.link.role == "host" else None
        if problem:
            return _("All seats filled: {problem}").format(problem=net_line(problem))
        if self.link.role == "host":
            return _("All ready: Start")
        if not self.link.watch and not s.ready_flag:
            return _("All seats filled: press Ready")
        return _("All seats filled: the host starts")

    COUNTDOWN_BOX = pygame.Rect(850, 120, 390, 245)  # over the join code: the seats and the menu stay in view

    def draw_countdown(self, surf, left: float) -> None:
        """The seconds before the match starts, large, in the join code's box (nobody needs the code any more):
        the seats and the START button (now "Stop the countdown") stay uncovered."""
        box = self.COUNTDOWN_BOX
        panel(surf, box, 255, (16, 24, 20), GOLD, 16)
        draw_text(surf, format_number(max(1, int(left + 0.999))), (box.centerx, box.y + 105), 150, GOLD, bold=True,
                  anchor="center", shadow=True)
        line = _("The match starts…")
        draw_text(surf, line, (box.centerx, box.bottom - 34), size_to_fit(line, box.width - 20, 26), WHITE,
                  anchor="center")


def clock_label(seconds: float) -> str:
    """The host lobby's turn clock row: "Turn clock: 60 s a move" or "Turn clock: off"."""
    if not seconds:
        return _("Turn clock: off")
    return _("Turn clock: {seconds} s a move").format(seconds=format_number(round(seconds)))


def _bot(level: str) -> str:
    """A bot of ``level`` as the lobby names it: "Bot (hard)", in the player's language."""
    return _(BOT_LEVELS[level]) if level in BOT_LEVELS else _("Bot ({level})").format(level=level)


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


def trust_line(link: LanLink) -> str:
    """One short line for the players on what the host (or any machine) can still see, whatever the defences
    (``docs/netplay.md``)."""
    st = (link.session.settings if link.session is not None else None) or link.settings
    if st is not None and st.mode == "authority":
        return _("The host's machine holds every hand (it deals and referees): host with someone you trust.")
    return _("Every machine holds every hand (a real-time game): play with people you trust.")


def relayed_line(link: LanLink) -> str:
    """Which players' inputs the host relays because their machines cannot reach each other (the last match's)."""
    names = ", ".join(link.peer_name(p) for p in link.relayed)
    return _("Relayed by the host: {names} (their machines cannot reach each other)").format(names=names)


# --- the LAN table ----------------------------------------------------------------------------------------------------


class LanMessageScene(Scene):
    """A failure in one clear line (wrong code, full, version, host gone, port in use...), and what can be done.
    ``title``: an English message id ("Cannot join", "Connection lost"), shown translated; ``text``: the line, a
    ``Said`` (worded when drawn; its code and English go to the log of a scripted run) or a line already in the
    player's language."""

    name = "lan_message"

    def __init__(self, app, title: str, text: str | Said, rejoin_link: LanLink | None = None,
                 back: str = N_("Back")) -> None:
        super().__init__(app)
        self.back = back  # the way out's English message id: "Back", or "Leave" (the host still holds the match)
        self.title = title
        self.message = text
        self.rejoin_link = rejoin_link
        self.sel = 0

    @property
    def text(self) -> str:
        """The line, in the player's language."""
        return str(self.message)

    def items(self) -> list[str]:
        return ([N_("Rejoin my seat")] if self.rejoin_link is not None else []) + [self.back]

    def update(self) -> None:
        inp = self.app.input
        if self.app.opts.exit_on_results:  # scripted runs: a failure ends the run with status 1
            print(f"lan: error: {self.message.log() if isinstance(self.message, Said) else self.message}", flush=True)
            self.app.quit(1)
            return
        items = self.items()
        if inp.menu("UP") or inp.menu("DOWN"):
            self.sel = (self.sel + 1) % len(items)
        self.sel, clicked = inp.pointed(menu_rects(len(items), (W // 2, 470)), self.sel)
        chosen = inp.pressed("A") or clicked
        if inp.escape_pressed or inp.pressed("B") or inp.right_click or (chosen and items[self.sel] == self.back):
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
        if old.online is not None:  # over the internet: meet the host by the same code again, then claim
            go_lan_menu(self.app)
            self.app.open("online_wait", code=old.code, local=[], watch=True, claim=claim, token=old.player_token)
            return
        try:
            link = LanLink.join(self.app, old.address, old.code, [], name=old.name, broadcast=old.broadcast,
                                watch=True, claim=claim, timeout=old.timeout)
        except LanError as e:
            self.message = str(e)
            self.rejoin_link = None
            return
        link.player_token = link.session.token = old.player_token  # the seats go back to the player who lost them
        go_lan_menu(self.app)
        self.app.push(LanLobbyScene(self.app, link))

    def draw(self, surf, alpha) -> None:
        surf.blit(felt(), (0, 0))
        title = _(self.title)
        banner(surf, title, "", y=150, size=size_to_fit(title, W - 80, 54, bold=True))
        lines = wrap(self.text, 22, 980)[:4]
        step = fonts.pitch(22, 30)
        panel(surf, (W // 2 - 520, 240, 1040, max(110, step * len(lines) + 30)), 200, (60, 20, 14), GOLD)
        top = 295 - step // 2 * (len(lines) - 1) if len(lines) <= 3 else 270
        for k, ln in enumerate(lines):
            draw_text(surf, ln, (W // 2, top + step * k), 22, WHITE, anchor="center")
        draw_menu(surf, [_(i) for i in self.items()], self.sel, (W // 2, 470))
        hint_bar(surf, [_("↑/↓ choose"), _("Enter/E or click: select"), _("Esc back")])


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
    if auto or summary or end_after_rounds is not None:
        link.script = Script(auto=auto, countdown=countdown, summary=summary, end_after_rounds=end_after_rounds,
                             end_when_file=end_when_file)
    app.push(LanLobbyScene(app, link))
    return None
