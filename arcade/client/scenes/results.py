"""The results screen at the end of a match, and who played each seat."""

from __future__ import annotations

import pygame

from arcade.client.input import MOUSE
from arcade.core.i18n import N_, _
from arcade.client.render import fonts
from arcade.client.render.fonts import draw_text, font, size_to_fit
from arcade.client.render.tooltip import Tip, draw_tip
from arcade.client.render.widgets import DIM, GOLD, H, W, WHITE, hint_bar, panel, shade
from arcade.client.scenes import Scene
from arcade.client.scenes.pause import play_mode

__all__ = ["ResultsScene"]


DEAL_HELP = {
    "Deal verified": (N_("Deal verified"), N_(
        "At the end the host revealed the deal's random numbers and every move. This machine dealt the cards again "
        "from them and replayed the match: it is exactly what you were shown, so nobody chose or changed the cards.")),
    "This match was not dealt fairly": (N_("This match was not dealt fairly"), N_(
        "At the end the host revealed the deal's random numbers and every move, but dealing and replaying them here "
        "does not give what you were shown during the match.")),
}
"""What the deal's line of a LAN results screen means (its tooltip): the line (``core.peerviews.deal_line``) ->
(title, explanation), English message ids."""


class ResultsScene(Scene):
    """The end of a match over the dimmed table: the winner (team or player) large, each seat's name, who played it
    and final figure in a table, the match's key numbers, and Play again / Back to title."""

    still = True
    name = "results"

    def __init__(self, app, table) -> None:
        super().__init__(app)
        self.table = table
        self.match = table.match
        self.mode = play_mode(table)  # local: Play again / Back to title; LAN: back to the lobby, or leave
        self.ITEMS = self.mode.RESULT_ITEMS
        self.sel = 0
        self.waited = 0
        self.title = self.mode.result_title(table, self.match.result_label())
        self.rows = table.result_rows()
        self.notes = table.result_notes()
        self.deal = self.mode.result_deal(table)  # a LAN turn game's fair deal, else None
        self.played = [self.played_by(seat) for seat in range(len(self.match.seats))]  # before the menu's keys
        self.count_finished()
        app.results.append({"game": self.match.game_id, "scores": list(self.match.rules.scores(self.match.state)),
                            "checksum": self.match.checksum(), "ticks": self.match.tick_count,
                            "title": self.title, **self.mode.result_record(table)})

    def enter(self) -> None:
        if self.app.opts.exit_on_results and not self.mode.goes_on:
            self.app.quit(0)

    def update(self) -> None:
        inp = self.app.input
        if self.mode.results_update(self):
            return
        if inp.menu("UP") or inp.menu("DOWN") or inp.menu("LEFT") or inp.menu("RIGHT"):
            self.sel = 1 - self.sel
        self.sel, clicked = inp.pointed(self.button_rects(), self.sel)
        if inp.escape_pressed:
            self.choose(len(self.ITEMS) - 1)
        elif inp.pressed("A") or inp.pressed("START") or clicked:
            self.choose(self.sel)

    def choose(self, k: int) -> None:
        self.mode.results_do(self.ITEMS[k], self)

    def draw(self, surf, alpha) -> None:
        self.table.draw(surf, alpha)
        surf.blit(shade(185), (0, 0))
        box = pygame.Rect(120, 40, W - 240, H - 110)
        panel(surf, box, 255, (16, 24, 20), GOLD, 16)
        draw_text(surf, self.title, (W // 2, box.y + 50), size_to_fit(self.title, box.width - 60, 46, bold=True), GOLD,
                  bold=True, anchor="center", shadow=True)
        if self.deal is not None:
            self.mode.draw_deal(surf, self.deal, (W // 2, box.y + 98))
        head_y = box.y + 124 if self.deal is not None else box.y + 110
        cols = (box.x + 50, box.x + 360, box.right - 50)
        draw_text(surf, _("Player"), (cols[0], head_y), 18, DIM, bold=True)
        draw_text(surf, _("Played by"), (cols[1], head_y), 18, DIM, bold=True)
        self.draw_table_words(surf, _(self.table.RESULT_FIGURE), (cols[2], head_y), 18, DIM, anchor="topright")
        # rows 40 px apart (closer for many players), at a larger text size a line of their font and a margin
        step = min(max(40, font(22, True).get_height() + 8), 300 // max(1, len(self.rows)))
        big, small = fonts.size_for_height(22, step - 4, bold=True), fonts.size_for_height(20, step - 4)
        y = head_y + max(32, font(18, True).get_height() + 10)
        for seat, figure in self.rows:
            pygame.draw.line(surf, (70, 70, 60), (box.x + 40, y - 6), (box.right - 40, y - 6))
            draw_text(surf, self.match.seat_name(seat), (cols[0], y), big, WHITE, bold=True)
            draw_text(surf, self.played[seat], (cols[1], y), small, (200, 200, 190))
            self.draw_table_words(surf, figure, (cols[2], y), big, GOLD, anchor="topright")
            y += step
        secs = self.match.tick_count // 60
        mine = _("Match time {time}").format(time=f"{secs // 60}:{secs % 60:02d}")
        notes = (self.notes + [mine])[:5]
        y, step, size = self.notes_place(y, len(notes))
        for ln in notes:
            line = ln[:1].upper() + ln[1:]
            if ln == mine:
                draw_text(surf, line, (W // 2, y), size, (220, 220, 210), anchor="center")
            else:
                self.draw_table_words(surf, line, (W // 2, y), size, (220, 220, 210), anchor="center", bold=False)
            y += step
        for k, (item, r) in enumerate(zip(self.ITEMS, self.button_rects())):
            panel(surf, r, 220 if k == self.sel else 120, (60, 45, 10) if k == self.sel else (20, 30, 26),
                  GOLD if k == self.sel else None, 12)
            label = _(item)
            draw_text(surf, label, r.center, size_to_fit(label, r.width - 16, 24, bold=k == self.sel),
                      GOLD if k == self.sel else WHITE, bold=k == self.sel, anchor="center")
        hint_bar(surf, [_("←/→ ↑/↓ choose"), _("Enter/E or click: select"),
                        _("Esc {action}").format(action=_(self.mode.RESULT_ESC))])
        self.draw_deal_tip(surf, box)

    def draw_deal_tip(self, surf, box: pygame.Rect) -> None:
        """The deal's line explained (a tooltip) while the pointer is on it or a player holds their back key."""
        if self.deal not in DEAL_HELP:
            return
        line = pygame.Rect(0, 0, font(21, True).size("✓ " + self.deal)[0], 30)
        line.center = (W // 2, box.y + 98)
        inp = self.app.input
        if inp.held("B") or (inp.mouse_pos is not None and line.collidepoint(inp.mouse_pos)):
            title, body = DEAL_HELP[self.deal]
            head = pygame.Rect((0, 0), font(46, True).size(self.title))
            head.center = (W // 2, box.y + 50)  # the winner's line stays in view
            draw_tip(surf, Tip(tuple(line), _(title), _(body)), avoid=[head])

    @staticmethod
    def draw_table_words(surf, text: str, pos: tuple[int, int], size: int, color, anchor: str,
                         bold: bool = True) -> None:
        """Words the game's table gives the results (its column's title, each seat's figure, its notes): the table
        words them in the player's language (``TableScene.result_rows``, ``result_notes``, ``RESULT_FIGURE``)."""
        draw_text(surf, text, pos, size, color, bold=bold, anchor=anchor)

    def count_finished(self) -> None:
        """A Grisbi match played to its end (not a demo, not the tutorial) is counted in the settings: the next
        seat setup starts from the player's own pace and assist, no longer a first match's gentle ones."""
        table = self.table
        if self.match.game_id == "grisbi" and self.match.is_over() and not getattr(table, "demo", False) \
                and not table.coach.active:
            self.app.settings.grisbi_finished += 1
            self.app.save_settings()

    def notes_place(self, below: int, n: int) -> tuple[int, int, int]:
        """Where the ``n`` note lines go under the rows ending at ``below`` (px): (first line's centre y, line
        step, font size), every line above the buttons (closer and smaller when many)."""
        top = self.button_rects()[0].top - 14  # the last line's centre stays this far above the buttons
        y = max(below + 6, 460)
        step = max(21, min(26, (top - y) // max(1, n - 1) if n > 1 else 26))
        if fonts.text_scale() > 100:  # taller lines: from 19 px down to 16 px as drawn, the largest that fits
            sizes = [s for s in range(19, 8, -1) if fonts.scaled(s) >= 16]
            size = next((s for s in sizes if (n - 1) * font(s).get_height() <= top - y), sizes[-1])
            step = font(size).get_height()
            return min(y, top - (n - 1) * step), step, size
        y = min(y, top - (n - 1) * step)
        return y, step, 19 if step >= 24 else 17

    def played_by(self, seat: int) -> str:
        """What played ``seat`` in this match (``played_by``): the devices used since the match began."""
        used = self.app.input.used_since(getattr(self.table, "input_mark", None))
        mouse_seat = self.table.seating.mouse_seat()
        return played_by(self.match.seats[seat], used, mouse_seat == seat)

    def button_rects(self) -> list[pygame.Rect]:
        """The two buttons (Play again / Back to title, or the LAN ones), side by side under the table (px)."""
        out = []
        for k in range(len(self.ITEMS)):
            r = pygame.Rect(0, 0, 280, 48)
            r.center = (W // 2 + (k * 2 - 1) * 160, H - 70 - 44)
            out.append(r)
        return out


def played_by(spec, used: set[str] | None = None, mouse: bool = False) -> str:
    """Who played a seat, in a player's words: "WASD keys", "Gamepad 1", "Mouse", "WASD keys and mouse", "Bot,
    normal", "On another machine" (LAN or online). ``used``: the devices pressed or clicked during the match (``InputMap.used_since``; None:
    unknown, the seat's device is named); ``mouse``: the mouse played this seat (``Seating.mouse_seat``)."""
    if spec.kind == "bot":
        return _(PLAYED_BY_BOT.get(spec.level, spec.level))
    if spec.kind == "remote":
        return _("On another machine")
    if used is None or spec.device == MOUSE:
        return spec.label
    keys, clicked = spec.device in used, mouse and MOUSE in used
    if clicked and keys:
        return _("{device} and mouse").format(device=spec.label)
    return _("Mouse") if clicked else spec.label


PLAYED_BY_BOT = {"easy": N_("Bot, easy"), "normal": N_("Bot, normal"), "hard": N_("Bot, hard")}
"""What played a bot's seat, by level, as the results say it (translated when shown)."""
