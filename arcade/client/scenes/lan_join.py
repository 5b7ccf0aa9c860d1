"""Joining by address: the host's address and the join code, and who plays on this machine."""

from __future__ import annotations

from netplay.discovery import is_loopback, lan_addresses

from arcade.core.match import SeatSpec
from arcade.core.i18n import N_, _, format_number
from arcade.client.render import fonts
from arcade.client.render.fonts import draw_text, wrap
from arcade.client.render.widgets import DIM, W, banner, draw_toast, felt, hint_bar, panel, subtitle_y
from arcade.client.scenes import Scene
from arcade.client.lan import LanError, LanLink, parse_address
from arcade.client.scenes.lan_lobby import LanLobbyScene
from arcade.client.scenes.textfield import TextField, pad_devices
from arcade.client.scenes.lan_common import _row, draw_subtitle, row_bands, row_step
from arcade.client.scenes.setup import duplicate_device, seat_candidates

__all__ = ["LanJoinScene"]


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
