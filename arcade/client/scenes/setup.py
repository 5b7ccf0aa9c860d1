"""Seat setup before a local match: the game, its options, and who fills each seat (a device or a bot)."""

from __future__ import annotations

import dataclasses
from typing import Any

import pygame

from arcade.games import REGISTRY, definition_of
from arcade.core.bots import LEVELS
from arcade.client.input import MOUSE, ZONES, device_label, zone_hint
from arcade.core.match import SeatSpec, SpecError, allowed_counts, options_for_count, seat_teams
from arcade.core.results import join_names
from arcade.core.i18n import N_, _, format_number
from arcade.client.render import fonts
from arcade.client.render.fonts import draw_text, size_to_fit, wrap
from arcade.client.render.widgets import DIM, GOLD, H, W, WHITE, banner, draw_toast, felt, hint_bar, panel
from arcade.client.play import start_match
from arcade.client.settings import grisbi_defaults
from arcade.client.scenes import Scene
from arcade.client.scenes.rules import RulesScene
from arcade.client.scenes.common import backed, menu_step

__all__ = ["SeatSetupScene"]


def seat_label(gid: str, i: int, team: str = "") -> str:
    """How seat ``i`` is named in seat setup: in a game whose teams are chosen at the table (``GameSpec.teams_chosen``:
    Grisbi) seats show their team (``team``, default alternating, the first team first)."""
    spec = definition_of(gid).spec
    if spec.teams_chosen:
        names = {t.lower(): t for t in spec.teams}
        chosen = team or spec.teams[i % len(spec.teams)].lower()
        return _("Seat {n} ({team})").format(n=i + 1, team=_(names.get(chosen, chosen.title())))
    return _("Player {n}").format(n=i + 1)


def seat_candidates(app, with_open: bool = False) -> list[SeatSpec]:
    """What a seat can be: every keyboard zone, every connected gamepad, a bot of each level (and, for a LAN host,
    a seat left open for a remote player)."""
    out = [SeatSpec("human", z) for z in ZONES] + [SeatSpec("human", MOUSE)]
    out += [SeatSpec("human", p) for p in app.input.pads()]
    out += [SeatSpec("bot", level=lv) for lv in LEVELS]
    if with_open:
        out.append(SeatSpec("remote"))
    return out


def duplicate_device(specs: list[SeatSpec], inp=None) -> str:
    """A one-line problem if one keyboard zone or gamepad is given to two seats, else "". ``inp`` (the
    ``InputMap``): zones named as the player's keyboard prints them ("ZQSD keys")."""
    seen: set[str] = set()
    for s in specs:
        if s.kind == "human":
            if s.device in seen:
                return _("{device} is given to two seats.").format(
                    device=device_label(inp, s) if inp is not None else s.label)
            seen.add(s.device)
    return ""


class SeatSetupScene(Scene):
    """Choose the number of players, who fills each seat, the game's options; then start.

    Players take seats themselves ("press A to join"): A or Start on a gamepad that has no seat, or the select key
    of a keyboard zone that has none (on any row but the action rows: there it starts, as the hint bar says), takes
    the first seat no person holds (more players when every seat is taken and the game allows more); that device's
    back button gives its seat back (``default_seat``: a bot), unless it is the last person's (then it leaves the
    screen, as Esc). A pad unplugged here gives its seat back.

    The LAN host screen is this scene with a game row, open seats and a join code (``arcade.client.scenes.lan_host``);
    the hooks are ``default_seat``, ``candidates``, ``rows``, ``change`` and ``activate``.
    """

    still = True
    name = "setup"
    WITH_OPEN = False

    def __init__(self, app, game_id: str) -> None:
        super().__init__(app)
        self.set_game(game_id)
        self.row = len(self.rows()) - 1  # start on "Start"

    def set_game(self, game_id: str) -> None:
        self.gid = game_id
        self.rules = REGISTRY[game_id]
        self.counts = allowed_counts(game_id)
        self.players = min(c for c in self.counts if c >= min(4, max(self.counts)))
        self.choices: list[SeatSpec] = [SeatSpec("human", "wasd")] + [
            self.default_seat() for _ in range(max(self.counts) - 1)]
        spec = definition_of(game_id).spec
        self.opts = spec.options
        self.opt_idx = [0] * len(self.opts)
        # teams chosen at the table (Grisbi): each seat picks its team (A on the seat's row switches it); default
        # alternating, the first team first
        self.team_names = tuple(t.lower() for t in spec.teams) if spec.teams_chosen else ()
        self.seat_team = [self.team_names[i % len(self.team_names)] for i in range(max(self.counts))] \
            if self.team_names else []
        for i, o in enumerate(self.opts):  # an option a player setting starts (Grisbi's assist; off by default)
            if o.setting and getattr(self.app.settings, o.setting, False):
                self.opt_idx[i] = o.values.index(True)
        self.gentle: dict[str, Any] = {}  # a new player's first Grisbi match: the options it starts gentle at
        if any(o.setting == "grisbi_assist" for o in self.opts):  # pace and assist as Settings say, gentle at first
            pace, assist, gentle = grisbi_defaults(self.app.settings)
            self.set_option("pace", pace)
            self.set_option("assist", assist)
            if gentle:
                self.gentle = {"pace": pace, "assist": assist}

    GENTLE_NOTE = N_("First match: relaxed pace, assist on — change in Settings")

    def set_option(self, key: str, value: Any) -> None:
        """Choose ``value`` for the option ``key`` (nothing if the game has no such option or value)."""
        for i, o in enumerate(self.opts):
            if o.key == key and value in o.values:
                self.opt_idx[i] = o.values.index(value)

    def gentle_note(self) -> str:
        """The note saying a new player's first Grisbi match starts gentle, while its options still are."""
        chosen = self.options()
        if self.gentle and all(chosen.get(k) == v for k, v in self.gentle.items()):
            return _(self.GENTLE_NOTE)
        return ""

    def default_seat(self) -> SeatSpec:
        return SeatSpec("bot", level=self.app.settings.bot_level)

    def candidates(self) -> list[SeatSpec]:
        return seat_candidates(self.app, self.WITH_OPEN)

    def rows(self) -> list[str]:
        return ["players"] + [f"seat{i}" for i in range(self.players)] + [f"opt{i}" for i in range(len(self.opts))] + [
            "rules", "start"]

    def seat_label(self, i: int) -> str:
        return seat_label(self.gid, i, self.seat_team[i] if self.seat_team else "")

    def seats(self) -> list[SeatSpec]:
        """The chosen seats, each with its chosen team (Grisbi)."""
        out = list(self.choices[:self.players])
        if self.seat_team:
            out = [dataclasses.replace(s, team=self.seat_team[i]) for i, s in enumerate(out)]
        return out

    def options(self) -> dict[str, Any]:
        """The chosen game options (with what the player count implies)."""
        out = {o.key: o.values[self.opt_idx[i]] for i, o in enumerate(self.opts)}
        out.update(options_for_count(self.gid, self.players))
        return out

    def change(self, r: str, step: int) -> None:
        """←/→ on row ``r``."""
        if r == "players":
            i = self.counts.index(self.players) if self.players in self.counts else 0
            self.players = self.counts[(i + step) % len(self.counts)]
        elif r.startswith("seat"):
            i = int(r[4:])
            cands = self.candidates()
            cur = self.choices[i]
            k = cands.index(cur) if cur in cands else 0
            self.choices[i] = cands[(k + step) % len(cands)]
        elif r.startswith("opt"):
            i = int(r[3:])
            self.opt_idx[i] = (self.opt_idx[i] + step) % len(self.opts[i].values)

    def activate(self, r: str, start: bool) -> None:
        """A on row ``r`` (``start``: the START button, which starts from any row). A on a seat of a game whose teams
        are chosen at the table (Grisbi) switches its team."""
        if r.startswith("seat") and not start and self.seat_team:
            i = int(r[4:])
            names = self.team_names
            self.seat_team[i] = names[(names.index(self.seat_team[i]) + 1) % len(names)]
            self.app.audio.play("flip")
        elif r == "rules" and not start:
            self.app.push(RulesScene(self.app, self.gid))
        elif r == "start" or start:
            self.start()

    ACTION_ROWS = ("start", "rules", "open", "code")
    """Rows where a keyboard zone's select key does the row's job rather than join."""
    # TRANSLATORS: {keys}: each keyboard zone's select key, "E, Enter, O, Num0"
    JOIN_NOTE = N_("Press A on a gamepad or your select key ({keys}) to join · your back key leaves the seat")

    JOIN_SHORT = N_("Pad A or your select key: join · back key: leave")

    def join_note(self, short: bool = False) -> str:
        """How players take a seat, with each keyboard zone's select key as the player's keyboard shows it
        (``short``: in few words, for a side panel)."""
        if short:
            return _(self.JOIN_SHORT)
        return _(self.JOIN_NOTE).format(keys=", ".join(self.app.input.hint(z, "A") for z in ZONES))

    def seat_of(self, device: str) -> int | None:
        """The seat (0-based, among the players) ``device`` holds, or None."""
        for i, s in enumerate(self.choices[:self.players]):
            if s.kind == "human" and s.device == device:
                return i
        return None

    def join(self, device: str) -> int | None:
        """``device`` takes the first seat no person holds (the player count grows to the next allowed one when all
        are held); returns the seat, None when the table is full."""
        for i, s in enumerate(self.choices[:self.players]):
            if s.kind != "human":
                self.choices[i] = SeatSpec("human", device)
                return i
        more = [c for c in self.counts if c > self.players]
        if not more:
            return None
        i = self.players
        self.players = min(more)
        self.choices[i] = SeatSpec("human", device)
        return i

    def give_up(self, device: str) -> int | None:
        """``device`` gives its seat back (``default_seat``); returns the seat, None if it held none."""
        i = self.seat_of(device)
        if i is not None:
            self.choices[i] = self.default_seat()
        return i

    def take_seats(self, inp) -> bool:
        """This tick's joins and leaves (the class docstring); True when one happened (the press does nothing
        else)."""
        rows = self.rows()
        on_action = self.row < len(rows) and rows[self.row] in self.ACTION_ROWS
        acted = False
        for what, dev in inp.pad_events:  # a pad unplugged here gives its seat back
            if what == "unplugged" and self.give_up(dev) is not None:
                inp.forget_pad(dev)
                acted = True
        humans = sum(1 for s in self.choices[:self.players] if s.kind == "human")
        for dev in [*ZONES, *inp.pads()]:
            pad = dev.startswith("pad")
            seat = self.seat_of(dev)
            if seat is None and (inp.pressed("A", [dev]) or (pad and inp.pressed("START", [dev]))) and (
                    pad or not on_action):
                if self.join(dev) is not None:
                    self.app.audio.play("select")
                    acted = True
            elif seat is not None and inp.pressed("B", [dev]) and humans > 1:
                self.give_up(dev)
                humans -= 1
                self.app.audio.play("back")
                acted = True
        if acted:
            self.row = min(self.row, len(self.rows()) - 1)
        return acted

    def update(self) -> None:
        inp = self.app.input
        if self.take_seats(inp):
            return
        rows = self.rows()
        self.forget_fixed_problem()
        if backed(inp):
            self.app.notice = ""
            self.app.audio.play("back")
            self.app.pop()
            return
        self.row = menu_step(inp, self.row, len(rows))
        self.row = min(self.row, len(rows) - 1)
        step = (1 if inp.menu("RIGHT") else 0) - (1 if inp.menu("LEFT") else 0)
        self.row, clicked = inp.pointed(self.row_rects(), self.row)
        r = rows[self.row]
        if clicked and r not in ("start", "rules"):
            step = self.arrow_step(self.row, inp.click()[0])
        if step:
            self.app.audio.play("move")
            self.change(r, step)
        if inp.pressed("A") or inp.pressed("START") or (clicked and r in ("start", "rules")):
            self.activate(r, inp.pressed("START"))

    _problem_shown = ""  # the seat problem as it stood on the last tick

    def forget_fixed_problem(self) -> None:
        """A warning about the seats ("WASD keys is given to two seats.") shown after START goes as soon as the
        seats no longer have that problem (or says the one they have now)."""
        now = self.problem()
        if self.app.notice and self.app.notice == self._problem_shown and now != self._problem_shown:
            self.app.notice = now
        self._problem_shown = now

    ROW_Y = 160  # the first row's centre (px)
    NOTE_STEP = 22  # px between the lines under the rows (the gentle note, key hints)
    NOTE_GAP = 6  # px between the rows' panel and the first of those lines
    BOTTOM = H - 44  # nothing of the setup goes lower: the hint bar's top, less a margin

    def hint_columns(self) -> int:
        """Key hints go in two columns when two or more human seats have them."""
        return 2 if sum(1 for s in self.choices[:self.players] if s.kind == "human") >= 2 else 1

    def note_lines(self) -> int:
        """Lines kept under the rows: the gentle note, then an option's help or the human seats' key hints."""
        humans = sum(1 for s in self.choices[:self.players] if s.kind == "human")
        hints = -(-humans // self.hint_columns())
        return (1 if self.gentle else 0) + len(self.join_rows()[0]) + max(1, hints, self.help_lines())

    def note_step(self) -> int:
        """Px between the lines under the rows: ``NOTE_STEP`` at 100 %, a line of their 18 px font at a larger text
        size."""
        return max(fonts.pitch(18, self.NOTE_STEP), fonts.pitch(18, self.NOTE_STEP, bold=True))

    def join_rows(self) -> tuple[list[str], int]:
        """How to take a seat (``join_note``): its rows (one; two when it does not fit one at 16 px as drawn) and
        their font size."""
        join = self.join_note()
        size = size_to_fit(join, 1200, 18)
        return ([join] if fonts.font(size).size(join)[0] <= 1200 else wrap(join, size, 1200)), size

    HELP_WIDTH = 1160  # px: an option's help line wraps at this width

    def help_lines(self) -> int:
        """Lines the longest of the options' help takes in the player's language (kept for whichever is shown)."""
        return max((len(wrap(_(o.help), 18, self.HELP_WIDTH)) for o in self.opts if o.help), default=1)

    def row_size(self, size: int, bold: bool = False) -> int:
        """A row's font size: ``size`` px, smaller at a larger text size when its line is taller than the rows'
        spacing (never drawn under 16 px)."""
        return fonts.size_for_height(size, self.pitch() - 2, bold)

    def pitch(self) -> int:
        """The rows' spacing (px): 40, closer when many seats and options must fit above the lines under them
        (``note_lines``) and the hint bar."""
        room = self.BOTTOM - (self.ROW_Y + 10) - self.NOTE_GAP - self.note_step() * self.note_lines()
        least = fonts.font(fonts.smallest_readable(16)).get_height() + 2  # 22 at 100 %
        return max(least, 22, min(40, room // len(self.rows())))

    def row_rects(self) -> list[pygame.Rect]:
        """Each row's band on screen (px), for the mouse."""
        pitch = self.pitch()
        return [pygame.Rect(W // 2 - 390, self.ROW_Y + k * pitch - pitch // 2 + 2, 780, pitch)
                for k in range(len(self.rows()))]

    @staticmethod
    def arrow_step(row: int, x: int) -> int:
        """A click on an option row at ``x``: the ◀ half of the value goes back, anywhere else forward."""
        return -1 if W // 2 + 20 <= x < W // 2 + 205 else 1

    def problem(self) -> str:
        """Why the match cannot start with these seats (one line, in the player's language), or ""."""
        err = duplicate_device(self.choices[:self.players], self.app.input)
        if not err and self.seat_team:
            try:
                seat_teams(self.gid, self.seats())
            except SpecError:  # teams chosen here are known ones: only their sizes can be wrong
                sizes = [self.seat_team[:self.players].count(t) for t in self.team_names]
                err = _("Teams of {sizes}: one team may have one player more, no more.").format(
                    sizes=join_names([str(n) for n in sizes]))
        return err

    def start(self) -> None:
        err = self.problem()
        if err:
            self.app.notice = err
            self.app.audio.play("back")
            return
        self.app.notice = ""
        self.app.audio.play("start")
        seed = self.app.opts.seed if self.app.opts.seed is not None else (pygame.time.get_ticks() * 7919
                                                                           + self.app.ticks)
        start_match(self.app, self.gid, self.seats(), seed, self.options())

    def draw(self, surf, alpha) -> None:
        surf.blit(felt(), (0, 0))
        banner(surf, _(definition_of(self.gid).spec.name), _(definition_of(self.gid).spec.tagline), y=56)
        rows = self.rows()
        pitch = self.pitch()  # many seats and options: rows a little closer
        panel(surf, (W // 2 - 400, 130, 800, 40 + pitch * len(rows)), 170)
        y = self.ROW_Y
        for k, r in enumerate(rows):
            sel = k == self.row
            color = GOLD if sel else WHITE
            if r == "players":
                label, value = _("Players"), format_number(self.players)
            elif r.startswith("seat"):
                i = int(r[4:])
                label, value = self.seat_label(i), device_label(self.app.input, self.choices[i])
            elif r.startswith("opt"):
                i = int(r[3:])
                label, value = _(self.opts[i].label), _(self.opts[i].labels[self.opt_idx[i]])
            elif r == "rules":
                label, value = _("How to play"), ""
            else:
                label, value = _("START"), ""
            if sel:
                pygame.draw.rect(surf, (80, 60, 10), (W // 2 - 390, y - pitch // 2 + 3, 780, pitch - 4),
                                 border_radius=8)
            if r in ("start", "rules"):
                draw_text(surf, label, (W // 2, y), self.row_size(26, True), color, bold=True, anchor="center")
            else:
                size = self.row_size(24 if pitch >= 36 else 20)
                # the label and the value each keep to their half (a long French label shrinks a little)
                draw_text(surf, label, (W // 2 - 370, y), size_to_fit(label, 400, size), color, anchor="midleft")
                draw_text(surf, value, (W // 2 + 205, y), size_to_fit(value, 290, size, bold=sel), color, bold=sel,
                          anchor="center")
                if sel:  # the arrows stay put whatever the value's width: the mouse clicks them
                    draw_text(surf, "◀", (W // 2 + 40, y), size, color, anchor="center")
                    draw_text(surf, "▶", (W // 2 + 370, y), size, color, anchor="center")
            y += pitch
        # the gentle note of a first Grisbi match; the chosen option's help line, else every human seat's keys
        step = self.note_step()
        hy = y + 10 + self.NOTE_GAP + step // 2  # y + 10: the panel's bottom
        note = self.gentle_note()
        if note:
            draw_text(surf, note, (W // 2, hy), size_to_fit(note, 1200, 18, bold=True), GOLD, bold=True,
                      anchor="center")
            hy += step
        join, size = self.join_rows()
        for row in join:
            draw_text(surf, row, (W // 2, hy), size, WHITE, anchor="center")
            hy += step
        r = rows[self.row] if self.row < len(rows) else ""
        help_text = _(self.opts[int(r[3:])].help) if r.startswith("opt") else ""
        if help_text:
            room = max(1, self.note_lines() - (1 if note else 0) - len(join))  # lines kept under the rows
            for k, line in enumerate(wrap(help_text, 18, self.HELP_WIDTH)[:room]):
                draw_text(surf, line, (W // 2, hy + k * step), 18, WHITE, anchor="center")
        else:
            self.draw_key_hints(surf, hy)
        draw_toast(surf, self.app.notice, 110)
        keys = self.app.input.hint("wasd", "A")
        hint_bar(surf, [_("↑/↓ row"), _("←/→ or click ◀ ▶ change")]
                 + ([_("{key} on a seat: switch team").format(key=keys)] if self.seat_team else [])
                 + [_("Enter/{key} or click: start").format(key=keys), _("Esc back")])


    def draw_key_hints(self, surf, y: int) -> None:
        """Each human seat's keys from ``y`` (px) down, in two columns when two or more seats have them."""
        hints = [_("{seat}: {keys}").format(seat=self.seat_label(i), keys=zone_hint(self.app.input, s.device))
                 for i, s in enumerate(self.choices[:self.players]) if s.kind == "human"]
        cols = self.hint_columns()
        width = 1200 // cols - 10
        for k, text in enumerate(hints):
            x = W // 2 if cols == 1 else W // 2 - 300 + (k % cols) * 600
            size = size_to_fit(text, width, 18 if cols == 1 else 16)
            draw_text(surf, text, (x, y + (k // cols) * self.note_step()), size, DIM, anchor="center")
