"""The online screens: Title → Play online → Host online, Join online, Online servers.

How it works, for the player: the host's machine asks a meeting server (the Magic Wormhole mailbox server) for a short
code such as ``7-crossover-tiger-guitarist``; friends type it; each pair of machines then finds a way to each other over the
internet (ICE: directly, or through a TURN relay when home routers block that), and the LAN match runs over that
connection, encrypted with a key made from the code (``netplay.online``, ``arcade.client.lan``).

- **Host online** is the LAN host's seat setup (game, options, who sits where, seats open for friends) without a
  port or a code of its own: *Open the lobby* asks for a code (``OnlineWaitScene``), then the LAN lobby runs over
  the ICE transport (``LanLink.host(..., online=...)``) and shows the code large, read out word by word, copyable
  (C, or a click: the clipboard through pygame's ``scrap``). The code stays open for the next friend while seats
  are free (and for a few spectators).
- **Join online**: the code (typed at once, its words completed from Magic Wormhole's list, refused before any
  network when it cannot be one: ``code_problem``) and who plays on this machine (none: watch) → the waiting screen (meeting the host,
  finding a route, each step a line with its seconds; Esc cancels) → the LAN lobby over that connection.
- **Online servers** (also from Settings): the rendezvous URL, the STUN server, a TURN relay with its user and
  password or its shared secret, and "Always use the relay (hide my address)"; each field checked before saving
  (``server_field_problem``).

Failures are one line each with what to do (``failure_line``): a malformed, wrong or unknown code, a full match,
servers unreachable, no route. Nothing waits longer than ``netplay.ice.MAX_TOTAL_TIMEOUT`` (20 s).
"""

from __future__ import annotations

from netplay.rendezvous import warm_up

from arcade.core.match import SeatSpec, options_for_count
from arcade.core.i18n import N_, _
from arcade.client.render import fonts
from arcade.client.render.fonts import draw_text, size_to_fit, wrap
from arcade.client.render.widgets import DIM, W, WHITE, banner, draw_menu, draw_toast, felt, hint_bar, subtitle_y
from arcade.client.net.script import Script
from arcade.client.scenes.lan_menu import LanMenuScene
from arcade.client.scenes.online_host import OnlineHostScene
from arcade.client.scenes.online_join import OnlineJoinScene
from arcade.client.scenes.online_settings import OnlineSettingsScene
from arcade.client.scenes.online_wait import OnlineWaitScene
from arcade.client.scenes.online_common import describe_servers, servers_of

__all__ = ["OnlineMenuScene", "start_online_from_cli"]


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
        sub = _("With friends anywhere: one short code, such as 7-crossover-tiger-guitarist")  # CODE_EXAMPLE
        banner(surf, _("Play online"), "", y=70)
        draw_text(surf, sub, (W // 2, subtitle_y(70)), size_to_fit(sub, W - 60, 22), WHITE, anchor="center",
                  shadow=True)
        labels = [_(i) for i in self.ITEMS]
        draw_menu(surf, labels, self.sel, self.CENTER, size=size_to_fit(labels, 560, 32, bold=True), spacing=58)
        lines = [_("The host gets a code from a meeting server and reads it out; friends type it."),
                 _("The machines then find a way to each other: directly, or through a relay when routers block it."),
                 _("Everything is encrypted with a key made from the code: the servers see only ciphertext.")]
        for k, ln in enumerate(lines):
            draw_text(surf, ln, (W // 2, 520 + fonts.pitch(19, 28) * k - (fonts.pitch(19, 28) - 28) * 2),
                      size_to_fit(ln, W - 60, 19), WHITE, anchor="center")
        line = describe_servers(self.app.settings)
        rows = [line] if fonts.font(16).size(line)[0] <= W - 40 else wrap(line, 16, W - 40)
        for k, ln in enumerate(rows):  # one line at 100 % text
            y = 620 + (fonts.pitch(19, 28) - 28) - (fonts.pitch(16, 20) // 2) * (len(rows) - 1)
            draw_text(surf, ln, (W // 2, y + fonts.pitch(16, 20) * k), 16, DIM, anchor="center")
        draw_toast(surf, self.app.notice, 170)
        hint_bar(surf, [_("↑/↓ choose"), _("Enter/E or click: select"), _("Esc or right-click: back")])


OnlineMenuScene.NEXT = {"Host online": OnlineHostScene, "Join online": OnlineJoinScene,
                        "Online servers": OnlineSettingsScene}


# --- the command line's flows (tests, screenshots) -----------------------------------------------------------------


def start_online_from_cli(app, mode: str, *, game: str | None, seats: list[SeatSpec] | None, code: str | None,
                          script: Script | None = None) -> str | None:
    """Open an online screen or flow from the command line (``--online MODE``); returns an error line or None.

    ``menu``, ``host-setup``, ``join-setup``, ``settings``: the screens (``join-setup`` with ``code`` typed in).
    ``host``: a code for ``game`` with ``seats`` (``remote`` = open), then its lobby; ``join``: meet the host by
    ``code`` with ``seats`` (the players here; none: watch). ``script``: the command line's scripted run
    (``arcade.client.net.script.Script``: ``--lan-auto``...)."""
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
        app.push(OnlineWaitScene(app, host=(game, seats, options_for_count(game, len(seats))), script=script))
        return None
    if mode == "join":
        if not code:
            return "--online join needs --online-code CODE"
        app.push(OnlineWaitScene(app, code=code, local=list(seats or []), watch=not seats, script=script))
        return None
    return f"unknown --online mode {mode!r} (menu, host-setup, join-setup, settings, host, join)"
