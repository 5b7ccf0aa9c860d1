"""Settings (sound, Grisbi's setup defaults, bots, language) and its Display sub-screen."""

from __future__ import annotations

import pygame

from arcade.core.bots import LEVELS
from arcade.core.i18n import N_, _, LANGUAGES, format_number, format_percent, language, language_name, set_language
from arcade.client.render import fonts
from arcade.client.render.fonts import draw_text, font, size_to_fit, wrap
from arcade.client.render.widgets import DIM, GOLD, W, WHITE, banner, draw_toast, felt, hint_bar, panel
from arcade.client.settings import GRISBI_PACES, TEXT_SCALES, grisbi_defaults
from arcade.client.scenes import Scene
from arcade.client.scenes.bindings import BindingsScene
from arcade.client.scenes.common import backed, menu_step

__all__ = ["SettingsScene", "DisplayScene"]


LEVEL_NAMES = {"easy": N_("Easy"), "normal": N_("Normal"), "hard": N_("Hard")}
"""A bot level as Settings names it (translated when drawn)."""
PACE_NAMES = {"relaxed": N_("Relaxed"), "standard": N_("Standard"), "fast": N_("Fast")}
"""Grisbi's bot pace as Settings names it (translated when drawn)."""


class SettingsScene(Scene):
    """Settings: sound, Grisbi's setup defaults, bots, language; the window, text size and flashing on the
    "Display…" sub-screen (``DisplayScene``), keys and online servers on theirs. Saved on the way back."""

    still = True
    name = "settings"
    TITLE, SUBTITLE = N_("Settings"), N_("Saved in your config folder")

    def __init__(self, app) -> None:
        super().__init__(app)
        self.sel = 0

    ROWS = ("volume", "music", "grisbi_pace", "grisbi_assist", "bot_level", "language", "display", "bindings",
            "online", "back")
    STEPPED = ("volume", "music", "scale", "attract", "grisbi_pace", "bot_level", "language", "text_size")
    TOGGLED = ("fullscreen", "grisbi_assist", "reduce_flashing")  # changed by A or a click too
    ROW_H = 38  # px between rows at 100 % text (they grow with the text size: ``row_h``)

    @property
    def row_h(self) -> int:
        """Px between rows: ``ROW_H``, or more when the text size makes a row's text taller."""
        return max(self.ROW_H, font(24).get_linesize())

    def rows(self) -> list[tuple[str, str]]:
        s = self.app.settings
        pace, assist, _gentle = grisbi_defaults(s)
        on = {True: _("On"), False: _("Off")}
        def gauge(v: int) -> str:
            return "█" * v + "·" * (10 - v) + "  " + format_percent(v * 10)

        values = {"volume": (_("Effects volume"), gauge(s.volume)),
                  "music": (_("Music volume"), gauge(s.music_volume)),
                  "scale": (_("Window scale"), f"{format_number(s.window_scale)}×"),
                  "fullscreen": (_("Fullscreen"), on[s.fullscreen]),
                  "text_size": (_("Text size"), format_percent(s.text_scale)),
                  "reduce_flashing": (_("Reduce flashing (steady highlights)"), on[s.reduce_flashing]),
                  "attract": (_("Attract mode after"), _("{seconds} s idle").format(seconds=s.attract_idle_seconds)),
                  "grisbi_pace": (_("Grisbi pace in setup"), _(PACE_NAMES.get(pace, pace))),
                  "grisbi_assist": (_("Grisbi assist in setup (glow fitting cards)"), on[assist]),
                  "bot_level": (_("Default bot level"), _(LEVEL_NAMES.get(s.bot_level, s.bot_level))),
                  "language": (_("Language"), language_name(language())),
                  "display": (_("Display…"), ""),
                  "bindings": (_("Key bindings…"), ""),
                  "online": (_("Online servers…"), ""),
                  "back": (_("Save and back"), "")}
        return [values[k] for k in self.ROWS]

    def update(self) -> None:
        inp, s = self.app.input, self.app.settings
        n = len(self.ROWS)
        if backed(inp):
            self.app.save_settings()
            self.app.pop()
            return
        self.sel = menu_step(inp, self.sel, n)
        step = (1 if inp.menu("RIGHT") else 0) - (1 if inp.menu("LEFT") else 0)
        self.sel, clicked = inp.pointed(self.row_rects(), self.sel)
        row = self.ROWS[self.sel]
        if clicked and row in self.STEPPED:
            step = -1 if inp.click()[0] < W // 2 + 200 and inp.click()[0] >= W // 2 else 1
        if (inp.pressed("A") or clicked) and row in self.TOGGLED or inp.pressed("A") and row == "language":
            step = 1
        if step and row in self.STEPPED + self.TOGGLED:
            self.app.audio.play("move")
            self.change(row, step)
        if inp.pressed("A") or clicked:
            if row == "display":
                self.app.push(DisplayScene(self.app))
            elif row == "bindings":
                self.app.push(BindingsScene(self.app))
            elif row == "online":
                self.app.open("online_settings")
            elif row == "back":
                self.app.save_settings()
                self.app.pop()

    def change(self, row: str, step: int) -> None:
        """←/→ (``step`` -1 or 1) on ``row``; a toggle flips whatever the step."""
        s = self.app.settings
        if row == "volume":
            s.volume = max(0, min(10, s.volume + step))
            self.app.audio.set_volume(s.volume)
            self.app.audio.play("select")
        elif row == "music":
            s.music_volume = max(0, min(10, s.music_volume + step))
            self.app.audio.set_music_volume(s.music_volume)
        elif row == "scale":
            scales = self.app.scale_choices()  # only the window sizes that fit the desktop
            i = scales.index(s.window_scale) if s.window_scale in scales else len(scales) - 1
            s.window_scale = scales[max(0, min(len(scales) - 1, i + step))]
            self.app.apply_window_scale()
        elif row == "fullscreen":
            self.app.set_fullscreen(not s.fullscreen)
        elif row == "text_size":  # every screen shows the new size from its next frame
            i = TEXT_SCALES.index(s.text_scale) if s.text_scale in TEXT_SCALES else 0
            s.text_scale = TEXT_SCALES[max(0, min(len(TEXT_SCALES) - 1, i + step))]
            fonts.set_text_scale(s.text_scale)
        elif row == "reduce_flashing":
            s.reduce_flashing = not s.reduce_flashing
        elif row == "attract":
            s.attract_idle_seconds = max(5, min(600, s.attract_idle_seconds + 5 * step))
        elif row in ("grisbi_pace", "grisbi_assist"):  # chosen here: the first match is no longer gentle
            pace, assist, _gentle = grisbi_defaults(s)
            s.grisbi_pace, s.grisbi_assist, s.grisbi_set = pace, assist, True
            if row == "grisbi_pace":
                s.grisbi_pace = GRISBI_PACES[max(0, min(len(GRISBI_PACES) - 1, GRISBI_PACES.index(pace) + step))]
            else:
                s.grisbi_assist = not assist
        elif row == "bot_level":
            i = LEVELS.index(s.bot_level)
            s.bot_level = LEVELS[(i + step) % len(LEVELS)]
        elif row == "language":  # the title and every screen show the new language from their next frame
            codes = list(LANGUAGES)
            i = codes.index(language()) if language() in codes else -step
            s.language = codes[(i + step) % len(codes)]
            set_language(s.language)

    TOP = 175  # px: the first row's centre line

    def row_rects(self) -> list[pygame.Rect]:
        """Each row's band on screen (px), for the mouse."""
        h = self.row_h
        return [pygame.Rect(W // 2 - 410, self.TOP + i * h - h // 2, 820, h) for i in range(len(self.rows()))]

    def note(self) -> str:
        """A line under the rows ("" for none)."""
        if grisbi_defaults(self.app.settings)[2]:  # a new player: say why Grisbi's rows read relaxed and on
            return _("A new player's first Grisbi match starts gentle, as above, until one is finished or you "
                     "choose here.")
        return ""

    def draw(self, surf, alpha) -> None:
        surf.blit(felt(), (0, 0))
        banner(surf, _(self.TITLE), _(self.SUBTITLE), y=60)
        rows, h = self.rows(), self.row_h
        panel(surf, (W // 2 - 420, self.TOP - 35, 840, h * len(rows) + 20), 170)
        for i, (label, value) in enumerate(rows):
            y = self.TOP + i * h
            col = GOLD if i == self.sel else WHITE
            if i == self.sel:
                pygame.draw.rect(surf, (80, 60, 10), (W // 2 - 410, y - h // 2 + 2, 820, h - 4), border_radius=8)
            # the label shrinks (down to 16 px) rather than run under its value or arrows
            stepped = self.ROWS[i] in self.STEPPED
            right = W // 2 + 10 if stepped else W // 2 + 370 - font(24).size(value)[0]
            room = right - (W // 2 - 390)
            draw_text(surf, label, (W // 2 - 390, y), size_to_fit(label, room, 24), col, anchor="midleft")
            if stepped:  # fixed arrows the mouse can click
                draw_text(surf, value, (W // 2 + 360, y), size_to_fit(value, 300, 24), col, anchor="midright")
                draw_text(surf, "◀", (W // 2 + 30, y), 22, col if i == self.sel else DIM, anchor="center")
                draw_text(surf, "▶", (W // 2 + 390, y), 22, col if i == self.sel else DIM, anchor="center")
            else:
                draw_text(surf, value, (W // 2 + 390, y), 24, col, anchor="midright")
        note, size = self.note(), 18
        width = 820 if fonts.text_scale() == 100 else W - 80  # larger text: wider lines, at most two, above the
        lines = wrap(note, size, width) if note else []  # hint bar
        while fonts.text_scale() > 100 and len(lines) > 2 and fonts.scaled(size - 1) >= 16:
            size -= 1
            lines = wrap(note, size, width)
        pitch = fonts.pitch(size, 22)
        for k, line in enumerate(lines):
            top = self.TOP - 35 + h * len(rows) + 20 + max(16, pitch // 2 + 4)  # under the rows' panel
            draw_text(surf, line, (W // 2, top + pitch * k), size, GOLD, anchor="center")
        draw_toast(surf, self.app.notice, 118)
        hint_bar(surf, [_("↑/↓ choose"), _("←/→ or click ◀ ▶ change"), _("Enter/E or click: select"),
                        _("Esc save and back")])


class DisplayScene(SettingsScene):
    """Settings → Display…: window scale, fullscreen, text size (100/125/150 %, every screen grows), reduce
    flashing (Grisbi's flashes and shakes become a steady highlight), attract mode's idle time."""

    name = "display"
    TITLE, SUBTITLE = N_("Display"), N_("Window, text size and flashing")
    ROWS = ("scale", "fullscreen", "text_size", "reduce_flashing", "attract", "back")

    def rows(self) -> list[tuple[str, str]]:
        rows = super().rows()
        rows[-1] = (_("Back"), "")
        return rows

    def note(self) -> str:
        return _("Text size makes every text on every screen larger.")
