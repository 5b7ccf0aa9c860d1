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

from netplay.discovery import DISCOVERY_PORT, is_loopback

from arcade.core.match import SeatSpec, options_for_count
from arcade.core.i18n import N_, _
from arcade.client.render.fonts import draw_text, size_to_fit
from arcade.client.render.widgets import DIM, W, banner, draw_menu, draw_toast, felt, hint_bar, menu_rects, subtitle_y
from arcade.client.scenes import Scene
from arcade.client.lan import LAN_TIMEOUT, LanError, LanLink, new_join_code, parse_address
from arcade.client.net.script import Script
from arcade.client.scenes.lan_browse import LanBrowseScene
from arcade.client.scenes.lan_host import LanHostScene
from arcade.client.scenes.lan_join import LanJoinScene
from arcade.client.scenes.lan_lobby import LanLobbyScene
from arcade.client.scenes.lan_name import LanNameScene
from arcade.client.scenes.lan_settings import LanSettingsScene
from arcade.client.scenes.lan_common import draw_subtitle

__all__ = ["LanMenuScene", "start_from_cli"]


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


LanMenuScene.NEXT = {"Host a match": LanHostScene, "Browse the LAN": LanBrowseScene, "Join by address": LanJoinScene,
                     "LAN settings": LanSettingsScene}


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
