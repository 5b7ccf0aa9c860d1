"""The pause menu over a match, what its items do for a match played on this machine (``LocalPlay``), and going back to
the title."""

from __future__ import annotations

import pygame

from arcade.core.i18n import N_, _
from arcade.client.render.fonts import draw_text, size_to_fit
from arcade.client.render.widgets import GOLD, H, W, WHITE, draw_menu, hint_bar, menu_rects, panel, shade
from arcade.client.play import mark_input
from arcade.client.scenes import Scene
from arcade.client.scenes.rules import RulesScene
from arcade.client.scenes.title import TitleScene
from arcade.client.scenes.common import backed, menu_step

__all__ = ["PauseScene"]


class LocalPlay:
    """What the pause and results menus do for a match played on this machine alone (local, tutorial, attract): the
    same interface as a LAN table's part (``arcade.client.net.prompts.NetTable``), so the menus never ask which kind
    of match they are over. The match stops while paused; Restart and Quit ask first; Quit keeps the match resumable
    (offered as "Resume" on the title), like closing the window; the results offer Play again / Back to title."""

    PAUSE_TITLE = N_("PAUSED")
    PAUSE_NOTE = ""
    PAUSE_ITEMS = (N_("Resume"), N_("Restart"), N_("How to play"), N_("Quit to title"))
    RESULT_ITEMS = (N_("Play again"), N_("Back to title"))
    # TRANSLATORS: what Esc does on the results screen: "Esc title" (back to the title screen)
    RESULT_ESC = N_("title")
    goes_on = False  # the match stops under the pause menu

    def __init__(self, table) -> None:
        self.table = table

    def pause_items(self) -> list[str]:
        return list(self.PAUSE_ITEMS)

    @property
    def PAUSE_CONFIRM(self) -> dict[str, str]:
        """Item -> its yes/no question (English ids: the pause menu translates what it shows)."""
        if self.table.coach.active:  # a tutorial is not recorded: nothing to resume
            return {"Restart": N_("Start the tutorial again?"),
                    "Quit to title": N_("Leave the tutorial for the title?")}
        return {"Restart": N_("Restart this match from the deal?"),
                "Quit to title": N_("Leave for the title? You can resume this match from there.")}

    def keep_alive(self) -> None:
        """Nothing runs underneath a local pause."""

    def pause_closes(self, table) -> bool:
        return False

    def pause_do(self, item: str, pause) -> None:
        if item == "Restart":
            pause.app.pop()
            self.table.restart()
            mark_input(pause.app, self.table)
        else:
            go_title(pause.app, keep_resumable=True)

    def result_title(self, table, title: str) -> str:
        return title

    def result_record(self, table) -> dict:
        return {}

    def result_deal(self, table) -> str | None:
        return None  # only a LAN turn game's deal is verified

    def results_update(self, scene) -> bool:
        return False

    def results_do(self, item: str, scene) -> None:
        if item == "Play again":
            scene.app.pop()
            self.table.restart(new_seed=True)
            mark_input(scene.app, self.table)
        else:
            go_title(scene.app)


def play_mode(table):
    """The table's LAN part (``table.net``), or ``LocalPlay`` for a match on this machine alone."""
    return getattr(table, "net", None) or LocalPlay(table)


class PauseScene(Scene):
    """The pause overlay: a panel over the dimmed table, the items of the table's play mode (``play_mode``: local
    Resume / Restart / How to play / Quit, or the LAN ones, with the match going on underneath)."""

    still = True
    transparent = True
    name = "pause"

    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table
        self.mode = play_mode(table)
        self.sel = 0
        self.asking: str | None = None  # the item waiting for a yes/no
        self.yes = False

    @property
    def items(self) -> list[str]:
        return self.mode.pause_items()

    @property
    def confirm(self) -> dict[str, str]:
        return self.mode.PAUSE_CONFIRM

    def update(self) -> None:
        inp = self.app.input
        self.mode.keep_alive()
        if self.mode.pause_closes(self.table):
            self.app.pop()
            return
        if self.asking:
            if backed(inp):
                self.asking = None
                return
            if inp.menu("LEFT") or inp.menu("RIGHT") or inp.menu("UP") or inp.menu("DOWN"):
                self.yes = not self.yes
            k, clicked = inp.pointed(menu_rects(2, (W // 2, self.ASK_Y), 40, size=26), 0 if self.yes else 1)
            self.yes = k == 0
            if inp.pressed("A") or inp.pressed("START") or clicked:
                item, self.asking = self.asking, None
                if self.yes:
                    self.do(item)
            return
        if backed(inp):
            self.app.pop()
            return
        items = self.items
        self.sel = menu_step(inp, self.sel, len(items))
        self.sel, clicked = inp.pointed(menu_rects(len(items), (W // 2, self.menu_y()), 60, 420), self.sel)
        if inp.pressed("A") or inp.pressed("START") or clicked:
            item = items[self.sel]
            self.app.audio.play("select")
            if item in self.confirm:
                self.asking, self.yes = item, False
            else:
                self.do(item)

    def do(self, item: str) -> None:
        if item == "Resume":
            self.app.pop()
        elif item == "How to play":
            self.app.push(RulesScene(self.app, self.table.match.game_id,
                                     keep_alive=self.mode.keep_alive if self.mode.goes_on else None))
        else:
            self.mode.pause_do(item, self)

    BOX_Y = H // 2 - 10 - 200  # the panel's top (px)
    ASK_Y = H // 2 + 20 - 85 + 118  # the yes/no menu's centre

    def menu_y(self) -> int:
        """The menu's centre (px); a little lower under a note (LAN)."""
        return self.BOX_Y + 230 + (10 if self.mode.PAUSE_NOTE else 0)

    def in_motion(self) -> bool:
        return self.mode.goes_on  # a LAN match goes on underneath

    def draw(self, surf, alpha) -> None:
        surf.blit(shade(170), (0, 0))
        items = self.items
        box = pygame.Rect(0, 0, 600 if self.mode.PAUSE_NOTE else 520, 400)
        box.center = (W // 2, H // 2 - 10)
        panel(surf, box, 255, (16, 24, 20), GOLD, 16)
        title = _(self.mode.PAUSE_TITLE)
        draw_text(surf, title, (W // 2, box.y + 52), size_to_fit(title, box.width - 40, 48, bold=True), GOLD,
                  bold=True, anchor="center")
        if self.mode.PAUSE_NOTE:
            note = _(self.mode.PAUSE_NOTE)
            draw_text(surf, note, (W // 2, box.y + 100), size_to_fit(note, box.width - 30, 19), WHITE,
                      anchor="center")
        if not self.asking:
            labels = [_(i) for i in items]
            draw_menu(surf, labels, self.sel, (W // 2, self.menu_y()),
                      size=size_to_fit(labels, box.width - 40, 30, bold=True), spacing=60)
            hint_bar(surf, [_("↑/↓ choose"), _("Enter/E or click: select"), _("Esc resume")])
        else:
            q = pygame.Rect(0, 0, 760, 170)
            q.center = (W // 2, H // 2 + 20)
            panel(surf, q, 255, (40, 28, 10), GOLD, 14)
            ask = _(self.confirm[self.asking])
            draw_text(surf, ask, (W // 2, q.y + 48), size_to_fit(ask, q.width - 40, 22), WHITE, anchor="center")
            draw_menu(surf, [_("Yes"), _("No")], 0 if self.yes else 1, (W // 2, self.ASK_Y), size=26, spacing=40)
            hint_bar(surf, [_("↑/↓ choose"), _("Enter/E or click: confirm"), _("Esc cancel")])


def go_title(app, keep_resumable: bool = False) -> None:
    """Back to the title. A match left unfinished is marked abandoned in its replay, unless ``keep_resumable`` (then
    the title offers to resume it, as after a closed window)."""
    for scene in app.stack:
        m = getattr(scene, "match", None)
        if m is not None and getattr(m, "recorder", None) is not None:
            m.close_recording(abandoned=not keep_resumable)
    while len(app.stack) > 1 and app.stack[-1].name != "title":
        app.pop()
    if not app.stack or app.stack[-1].name != "title":
        app.reset_to(TitleScene(app))
