"""The online servers: meeting (rendezvous), STUN and TURN, checked as typed."""

from __future__ import annotations

import re

import pygame

from netplay.online import DEFAULT_STUN, online_settings

from arcade.core.i18n import N_, _
from arcade.client.render import fonts
from arcade.client.render.fonts import draw_text, wrap, fit
from arcade.client.render.widgets import DIM, H, W, banner, draw_toast, felt, hint_bar, panel
from arcade.client.scenes import Scene
from arcade.client.networds import net_line
from arcade.client.scenes.textfield import TextField, pad_devices
from arcade.client.scenes.lan_common import _row, row_bands

__all__ = ["OnlineSettingsScene"]


# --- the servers -----------------------------------------------------------------------------------------------------


SERVER_EXAMPLES = {"online_rendezvous": "ws://relay.example.org:4000/v1", "online_stun": "stun.example.org:3478",
                   "online_turn": "turn.example.org:3478"}
"""How each server field is typed (shown in its line when what was typed cannot be used)."""
_HOST = re.compile(r"^([a-z0-9]([a-z0-9-]*[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$")
_PORT = re.compile(r"^[0-9]{1,5}$")


def server_field_problem(key: str, text: str) -> str:
    """Why ``text`` cannot be the server setting ``key`` (one line in the player's language), or "": the meeting
    server (``online_rendezvous``) is ``ws://host:port/v1`` (or ``wss://``), STUN and TURN (``online_stun``,
    ``online_turn``) are ``host:port`` (STUN may also be "none"); empty is the default (the public server, or no
    relay). A host is a name of letters, digits, dots and dashes, or an IPv4 address; a port is 1 to 65535."""
    text = text.strip()
    example = SERVER_EXAMPLES[key]
    if not text or (key == "online_stun" and text.lower() == "none"):
        return ""
    if key == "online_rendezvous":
        what = _("Rendezvous server")
        scheme, sep, rest = text.partition("://")
        if not sep or scheme.lower() not in ("ws", "wss"):
            return _("{what}: it starts with ws:// (or wss://), e.g. {example}.").format(what=what, example=example)
        where, slash, path = rest.partition("/")
        if path.rstrip("/") != "v1":
            return _("{what}: it ends with /v1, e.g. {example}.").format(what=what, example=example)
    else:
        what = _("STUN server") if key == "online_stun" else _("TURN relay")
        where = text
    host, colon, port = where.rpartition(":")
    if not colon:
        host, port = where, ""
    if not _HOST.match(host.lower()):
        return _("{what}: “{host}” is not a server name, e.g. {example}.").format(what=what, host=host or where,
                                                                                 example=example)
    if not port:
        return _("{what}: the port is missing after the name and a colon, e.g. {example}.").format(
            what=what, example=example)
    if not _PORT.match(port) or not 1 <= int(port) <= 65535:
        return _("{what}: the port “{port}” is not a number from 1 to 65535, e.g. {example}.").format(
            what=what, port=port, example=example)
    return ""


class OnlineSettingsScene(Scene):
    """The rendezvous server, the STUN server, a TURN relay with its user and password or its shared secret
    (coturn's ``static-auth-secret``), and "Always use the relay (hide my address)"; saved with the other settings
    after each server field is checked (``server_field_problem``, then ``netplay.online.online_settings``), the
    first problem said in one line.

    The selected text field has focus: keys type in it at once (the zones' letters too); ↑/↓, Tab and Enter move
    from row to row; Esc leaves without saving."""

    still = True
    name = "online_settings"
    KEYS = ("online_rendezvous", "online_stun", "online_turn", "online_turn_user", "online_turn_password",
            "online_turn_secret")
    MASKED = ("online_turn_password", "online_turn_secret")
    EMPTY = {"online_rendezvous": N_("public ({server})"), "online_stun": N_("public ({server})"),
             "online_turn": N_("none"), "online_turn_user": " ", "online_turn_password": " ",
             "online_turn_secret": N_("none (or a user and password)")}
    """What an empty field means (English ids; ``{server}``: the public server used)."""
    PUBLIC = {"online_rendezvous": "relay.magic-wormhole.io", "online_stun": DEFAULT_STUN[0]}
    Y0, STEP = 160, 44  # px: the first row's centre, between rows

    def __init__(self, app) -> None:
        super().__init__(app)
        s = app.settings
        kinds = ("url", "server", "server", "secret", "secret", "secret")
        labels = (N_("Rendezvous server"), N_("STUN server"), N_("TURN relay"), N_("TURN user"), N_("TURN password"),
                  N_("TURN shared secret"))
        self.fields = [(label, key, TextField(getattr(s, key, ""), kind, 120))
                       for label, key, kind in zip(labels, self.KEYS, kinds)]
        self.relay_only = bool(getattr(s, "online_relay_only", False))
        self.sel = 0
        self.error = ""

    RELAY, PUBLIC_ROW, SAVE = 6, 7, 8  # the rows after the fields

    def rows(self) -> int:
        return len(self.fields) + 3  # the fields, the relay toggle, "Public servers", "Save and back"

    def bands(self) -> list[pygame.Rect]:
        return row_bands(self.Y0, self.STEP, self.rows(), W // 2 - 460, W // 2 + 460)

    def update(self) -> None:
        inp = self.app.input
        f = self.fields[self.sel][2] if self.sel < len(self.fields) else None
        for _label, _key, g in self.fields:
            g.editing = g is f  # the selected field has focus: keys type in it at once
        if f is not None and inp.clicked(self.bands()) in (None, self.sel):
            nav = f.type_keys(inp.key_events, inp.key_chars)
            pads = pad_devices(inp)
            if nav == "escape" or inp.pressed("B", pads) or inp.right_click:
                self.app.pop()
            elif nav == "up" or inp.menu("UP", pads):
                self.sel = (self.sel - 1) % self.rows()
            elif nav in ("down", "tab", "enter") or inp.menu("DOWN", pads) or inp.pressed("A", pads):
                self.sel = (self.sel + 1) % self.rows()
            if nav is not None:
                self.error = ""
            return
        if inp.escape_pressed or inp.pressed("B") or inp.right_click:
            self.app.pop()
            return
        if inp.menu("UP"):
            self.sel = (self.sel - 1) % self.rows()
        if inp.menu("DOWN"):
            self.sel = (self.sel + 1) % self.rows()
        self.sel, clicked = inp.pointed(self.bands(), self.sel)
        flip = inp.menu("LEFT") or inp.menu("RIGHT")
        if self.sel == self.RELAY and (inp.pressed("A") or clicked or flip):
            self.relay_only = not self.relay_only
            self.app.audio.play("move")
        elif inp.pressed("A") or clicked:
            if self.sel == self.PUBLIC_ROW:
                for _label, _key, field in self.fields:
                    field.value = ""
                self.error = _("The public servers (not saved yet).")
            elif self.sel == self.SAVE:
                self.save()

    def problem(self, values: dict[str, str]) -> str:
        """The first thing wrong with ``values`` (the fields by key, stripped), in one line, or ""."""
        for key in ("online_rendezvous", "online_stun", "online_turn"):
            problem = server_field_problem(key, values[key])
            if problem:
                return problem
        login = values["online_turn_user"] and values["online_turn_password"]
        if values["online_turn"] and not (login or values["online_turn_secret"]):
            return _("The TURN relay needs its user name and password, or its shared secret.")
        if bool(values["online_turn_user"]) != bool(values["online_turn_password"]):
            return _("The TURN user name and password go together: type both, or neither.")
        if not values["online_turn_secret"]:  # the rest of netplay's own checks
            try:
                online_settings(values["online_rendezvous"] or None, values["online_stun"] or None,
                                values["online_turn"] or None, values["online_turn_user"] or None,
                                values["online_turn_password"] or None)
            except ValueError as e:
                said = net_line(str(e))
                return said[:1].upper() + said[1:] + "."
        return ""

    def save(self) -> None:
        values = {key: f.value.strip() for _, key, f in self.fields}
        self.error = self.problem(values)
        if self.error:
            self.app.audio.play("back")
            return
        for key, value in values.items():
            setattr(self.app.settings, key, value)
        self.app.settings.online_relay_only = self.relay_only
        self.app.save_settings()
        self.app.pop()

    def draw(self, surf, alpha) -> None:
        surf.blit(felt(), (0, 0))
        banner(surf, _("Online servers"), _("Saved with your settings"), y=60)
        x0, x1 = W // 2 - 460, W // 2 + 460
        panel(surf, (x0, self.Y0 - 32, x1 - x0, self.STEP * self.rows() + 20), 170)
        for i, (label, key, f) in enumerate(self.fields):
            shown = f.shown(self.ticks) if i == self.sel else f.value
            if key in self.MASKED and f.value:
                shown = "•" * len(f.value) + shown[len(f.value):]
            empty = self.EMPTY[key]
            meaning = (_(empty) if empty.strip() else "").format(server=self.PUBLIC.get(key, ""))
            if f.value:
                value = fit(shown, 22, 560, bold=i == self.sel)
            else:  # what empty means, after the cursor when the field has focus
                value = (shown[:1] + " " if f.editing and i == self.sel else "") + meaning or " "
            _row(surf, self.Y0 + self.STEP * i, _(label), value, i == self.sel, x0, x1, size=22, arrows=False,
                 value_color=None if f.value else DIM)
        y = self.Y0 + self.STEP * self.RELAY
        _row(surf, y, _("Always use the relay (hide my address)"), _("Yes") if self.relay_only else _("No"),
             self.sel == self.RELAY, x0, x1, size=22)
        _row(surf, y + self.STEP, _("Use the public servers"), "", self.sel == self.PUBLIC_ROW, x0, x1)
        _row(surf, y + 2 * self.STEP, _("Save and back"), "", self.sel == self.SAVE, x0, x1)
        texts = (_("Friends meet on the rendezvous server and learn their public address from the STUN server."),
                 _("A TURN relay carries the match when two home routers block a direct route. With its shared "
                   "secret, the host gives each friend a login that expires in minutes."),
                 _("Run your own: README, “Play online”. Typing: ; gives : (or type it as is)."))
        top, size = self.Y0 + self.STEP * self.rows() + 8, 17
        notes = [ln for note in texts for ln in wrap(note, size, W - 100)]
        while top + fonts.pitch(size, 21) * (len(notes) - 1) + 12 > H - 40 and fonts.scaled(size - 1) >= 16:
            size -= 1  # a larger text size: smaller notes (never under 16 px as drawn) above the hint bar
            notes = [ln for note in texts for ln in wrap(note, size, W - 100)]
        for k, ln in enumerate(notes):
            draw_text(surf, ln, (W // 2, top + fonts.pitch(size, 21) * k), size, DIM, anchor="center")
        draw_toast(surf, self.error, 120)
        hint_bar(surf, self.hints())

    def hints(self) -> list[str]:
        """The hint bar for the selected row: what Enter does there."""
        if self.sel < len(self.fields):
            return [_("type"), _("↑/↓ or Enter: next row"), _("Esc back without saving")]
        enter = {self.RELAY: _("Enter/E or ←/→: switch"), self.PUBLIC_ROW: _("Enter/E: public servers"),
                 self.SAVE: _("Enter/E: save")}[self.sel]
        return [_("↑/↓ choose"), enter, _("Esc back without saving")]
