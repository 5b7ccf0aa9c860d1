"""A LAN or online failure in one clear line, with the way on (rejoin, back to the menu)."""

from __future__ import annotations

import dataclasses

from arcade.core.match import SeatSpec
from arcade.core.i18n import N_, _
from arcade.client.render import fonts
from arcade.client.render.fonts import draw_text, size_to_fit, wrap
from arcade.client.render.widgets import GOLD, W, WHITE, banner, draw_menu, felt, hint_bar, menu_rects, panel
from arcade.client.scenes import Scene, router
from arcade.client.lan import LanError, LanLink
from arcade.client.net.prompts import go_lan_menu
from arcade.client.net.words import Said

__all__ = ["LanMessageScene"]


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
        code = old.status().code if old.online is not None else old.code  # online: the code we met the host by
        old.close()
        if old.online is not None:  # over the internet: meet the host by that code again, then claim
            go_lan_menu(self.app)
            self.app.open("online_wait", code=code, local=[], watch=True, claim=claim, token=old.player_token)
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
        self.app.push(router.make(self.app, "lan_lobby", link))

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
