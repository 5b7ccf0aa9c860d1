"""Title, seat setup, pause, results, settings, key bindings and rules help."""

from __future__ import annotations

import dataclasses
from functools import lru_cache
from typing import Any

import pygame

from arcade.games import REGISTRY, definition_of
from arcade.core.bots import LEVELS
from arcade.client.input import (BUTTONS, DEFAULT_BINDINGS, MOUSE, ZONE_TITLES, ZONES, device_label, key_label,
                                  zone_hint, zone_title)
from arcade.core.match import Match, SeatSpec, SpecError, allowed_counts, options_for_count, seat_teams
from arcade.core.results import join_names
from arcade.core.i18n import (N_, _, LANGUAGES, format_number, format_percent, language, language_name, on_change,
                              set_language)
from arcade.client.render import fonts
from arcade.client.render.fonts import draw_text, font, size_to_fit, wrap
from arcade.client.render.markdown import render_page
from arcade.client.render.tooltip import Tip, draw_tip
from arcade.client.render.widgets import (DIM, GOLD, H, W, WHITE, banner, draw_menu, draw_toast, felt, hint_bar, menu_rects,
                              panel, shade)
from arcade.client.play import attach_recorder, mark_input, start_match, start_tutorial
from arcade.client.settings import GRISBI_PACES, TEXT_SCALES, grisbi_defaults
from arcade.client.scenes import Scene

__all__ = ["TitleScene", "SeatSetupScene", "PauseScene", "ResultsScene", "SettingsScene", "DisplayScene", "RulesScene",
           "LearnScene", "start_match", "attach_recorder"]



def menu_hints(app) -> list[str]:
    """The title's key hints, with the letters of the player's keyboard layout ("Z/S" on AZERTY)."""
    h = app.input.hint
    # TRANSLATORS: {keys}: the up/down keys of the letter zones, "W/S I/K" ("Z/S I/K" on AZERTY)
    return [_("Any keys: ↑/↓ {keys} choose").format(keys=" ".join(f"{h(z, 'UP')}/{h(z, 'DOWN')}"
                                                                 for z in ("wasd", "ijkl"))),
            # TRANSLATORS: {keys}: every keyboard zone's select key, "Enter / E / O / Num0"
            _("{keys} or click: select").format(keys=" / ".join(h(z, "A") for z in ("arrows", "wasd", "ijkl",
                                                                                    "numpad"))),
            _("Esc or right-click: back")]


def backed(inp) -> bool:
    """Esc, any B button or a right-click: leave this screen."""
    return inp.escape_pressed or inp.pressed("B") or inp.right_click


@lru_cache(maxsize=16)
def title_card(gid: str) -> pygame.Surface | None:
    """The game's title-screen card (``GameSpec.title_card`` drawn by its card art) at 150 px high, or None."""
    art = card_art_of(gid)
    img = art(definition_of(gid).spec.title_card) if art else None
    if img is None:
        return None
    return pygame.transform.smoothscale(img, (round(img.get_width() * 150 / img.get_height()), 150))


on_change(lambda _code: title_card.cache_clear())  # a card may carry words: drawn again in the new language


def card_art_of(gid: str):
    """The game's card-art function for its rules page (its definition's ``load_card_art``), or None."""
    load = definition_of(gid).load_card_art
    return load() if load is not None else None


def rules_page_text(gid: str) -> str:
    """The player's rules page of a game (``GameDefinition.rules_text``). Raises OSError if it cannot be read."""
    return definition_of(gid).rules_text()


def menu_step(inp, cur: int, n: int, audio=None) -> int:
    """``cur`` moved by the UP/DOWN menu buttons of every device (with auto-repeat), wrapping in ``0..n-1``;
    ``audio`` given: a "move" sound at each step."""
    for button, d in (("UP", -1), ("DOWN", 1)):
        if inp.menu(button):
            cur = (cur + d) % n
            if audio is not None:
                audio.play("move")
    return cur


class TitleScene(Scene):
    name = "title"
    music = "title"

    def in_motion(self) -> bool:
        return bool(self.app.notice)  # only a notice fades; the menu changes with input

    NOTICE_TICKS = 300  # a notice shows 5 s (fading over the last second), then goes

    def __init__(self, app) -> None:
        super().__init__(app)
        self.sel = 0
        self.idle = 0
        self.resumable = None
        self.notice_seen = ""
        self.notice_tick = 0
        self.build_items()

    def build_items(self) -> None:
        from arcade.core.replay import find_resumable

        try:
            self.resumable = find_resumable(self.app.data_dir)
        except OSError:
            self.resumable = None
        self.items: list[tuple[str, Any]] = []  # (English label, what): translated when drawn (``label``)
        if self.resumable is not None:
            self.items.append((N_("Resume {game}"), "resume"))
        self.items += [(g, g) for g in REGISTRY]
        self.items += [(N_("Learn to play"), "learn"), (N_("LAN"), "lan"), (N_("Play online"), "online"),
                       (N_("Replays"), "replays"),
                       (N_("Settings"), "settings"), (N_("How to play"), "rules"), (N_("Quit"), "quit")]
        self.sel = min(self.sel, len(self.items) - 1)

    def enter(self) -> None:
        self.idle = 0
        self.build_items()

    def update(self) -> None:
        inp = self.app.input
        if self.app.notice != self.notice_seen:
            self.notice_seen, self.notice_tick = self.app.notice, self.ticks
        elif self.app.notice and self.ticks - self.notice_tick >= self.NOTICE_TICKS:
            self.app.notice = self.notice_seen = ""
        if inp.any_pressed:
            self.idle = 0
        else:
            self.idle += 1
        if self.idle >= self.app.settings.attract_idle_seconds * 60 and not self.app.opts.frames == -1:
            self.app.open("attract")
            return
        self.sel = menu_step(inp, self.sel, len(self.items), self.app.audio)
        if inp.escape_pressed:
            self.sel = len(self.items) - 1
        self.sel, clicked = inp.pointed(self.item_rects(), self.sel)
        if inp.pressed("A") or inp.pressed("START") or clicked:
            self.app.audio.play("select")
            what = self.items[self.sel][1]
            if what == "quit":
                self.app.quit(0)
            elif what == "resume":
                from arcade.client.play import resume_match

                resume_match(self.app, self.resumable)
            elif what == "replays":
                self.app.open("replays")
            elif what in ("lan", "online"):
                self.app.open(what)
            elif what == "settings":
                self.app.push(SettingsScene(self.app))
            elif what == "rules":
                self.app.push(RulesScene(self.app, None))
            elif what == "learn":
                self.app.push(LearnScene(self.app))
            else:
                self.app.push(SeatSetupScene(self.app, what))

    MENU_WIDTH = 680  # px: the widest item, left of the card fan

    MENU_TOP, MENU_BOTTOM = 150, 676  # px: the room for the menu at a larger text size (title line to hint bar)

    def menu_place(self) -> tuple[tuple[int, int], int]:
        """The menu's centre and spacing (px); at a larger text size the items take the room down to the hint bar."""
        spacing = min(50, 470 // len(self.items))
        if fonts.text_scale() > 100:
            spacing = (self.MENU_BOTTOM - self.MENU_TOP) // len(self.items)
            return (370, self.MENU_TOP + spacing // 2 + (len(self.items) - 1) * spacing // 2), spacing
        return (370, 160 + (len(self.items) * spacing) // 2 + 6), spacing

    def menu_size(self, labels: list[str], spacing: int) -> int:
        """The items' font size (px as laid out at 100 %): as large as the width and, at a larger text size, the
        ``spacing`` allow (the text and its plate: height + 12 px)."""
        size = size_to_fit(labels, self.MENU_WIDTH, min(28, spacing * 60 // 100), bold=True)
        while size > 12 and font(size, True).get_height() + 12 > spacing and fonts.text_scale() > 100:
            size -= 1
        return size

    def item_rects(self) -> list[pygame.Rect]:
        center, spacing = self.menu_place()
        labels = [self.label(label, what) for label, what in self.items]
        return menu_rects(len(self.items), center, spacing, 520, size=self.menu_size(labels, spacing))

    def label(self, label: str, what: str) -> str:
        """A menu item as shown, in the current language."""
        if what in REGISTRY:
            return f"{_(definition_of(what).spec.name)}  ·  {definition_of(what).spec.player_range()}"
        if what == "resume":
            return _(label).format(game=_(definition_of(self.resumable.game).spec.name))
        return _(label)

    def draw(self, surf, alpha) -> None:
        surf.blit(felt(), (0, 0))
        draw_text(surf, _("GRISBI ARCADE"), (W // 2, 70), 64, GOLD, bold=True, anchor="center", shadow=True)
        sub_y = 118 if fonts.text_scale() == 100 else 70 + (font(64, True).get_ascent() + font(22).get_height()) // 2
        draw_text(surf, _("card games of cops, robbers and outlaws"), (W // 2, sub_y), 22, WHITE, anchor="center")
        labels = [self.label(label, what) for label, what in self.items]
        center, spacing = self.menu_place()
        draw_menu(surf, labels, self.sel, center, size=self.menu_size(labels, spacing), spacing=spacing)
        self.draw_card_fan(surf)
        age = self.ticks - self.notice_tick
        if self.app.notice and age < self.NOTICE_TICKS:
            fade = min(255, (self.NOTICE_TICKS - age) * 255 // 60)
            draw_toast(surf, self.app.notice, 644, alpha=fade, x=930, width=600)
        hint_bar(surf, menu_hints(self.app)[:2] + [_("Esc on title: Quit")])

    def draw_card_fan(self, surf) -> None:
        """The five games' own cards in a fan on the right; the chosen game's card rises, with its tagline."""
        games = [g for g in REGISTRY if definition_of(g).spec.title_card and definition_of(g).load_card_art]
        what = self.items[self.sel][1]
        cx, cy = 930, 400
        for k, g in enumerate(games):
            img = title_card(g)
            if img is None:
                continue
            angle = (len(games) - 1) / 2 * 9 - k * 9
            lift = 46 if g == what else 0
            rot = pygame.transform.rotozoom(img, angle, 1.0)
            r = rot.get_rect(center=(cx + (k - (len(games) - 1) / 2) * 92, cy - lift + abs(angle) * 2))
            surf.blit(rot, r)
        if what in REGISTRY:
            spec = definition_of(what).spec
            draw_text(surf, _(spec.name), (cx, 552), 30, GOLD, bold=True, anchor="center", shadow=True)
            pitch = fonts.line_height(19)
            for k, line in enumerate(wrap(_(spec.tagline), 19, 540)[:2]):
                draw_text(surf, line, (cx, 588 + 24 * k + (pitch - 24) * (k + 1) // 2), 19, WHITE, anchor="center")


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

    The LAN host screen is this scene with a game row, open seats and a join code (``arcade.client.scenes.lan``); the hooks
    are ``default_seat``, ``candidates``, ``rows``, ``change`` and ``activate``.
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
        return (1 if self.gentle else 0) + 1 + max(1, hints, self.help_lines())  # + 1: how to join

    HELP_WIDTH = 1160  # px: an option's help line wraps at this width

    def help_lines(self) -> int:
        """Lines the longest of the options' help takes in the player's language (kept for whichever is shown)."""
        return max((len(wrap(_(o.help), 18, self.HELP_WIDTH)) for o in self.opts if o.help), default=1)

    def pitch(self) -> int:
        """The rows' spacing (px): 40, closer when many seats and options must fit above the lines under them
        (``note_lines``) and the hint bar."""
        room = self.BOTTOM - (self.ROW_Y + 10) - self.NOTE_GAP - self.NOTE_STEP * self.note_lines()
        return max(22, min(40, room // len(self.rows())))

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
                draw_text(surf, label, (W // 2, y), 26, color, bold=True, anchor="center")
            else:
                size = 24 if pitch >= 36 else 20
                # the label and the value each keep to their half (a long French label shrinks a little)
                draw_text(surf, label, (W // 2 - 370, y), size_to_fit(label, 400, size), color, anchor="midleft")
                draw_text(surf, value, (W // 2 + 205, y), size_to_fit(value, 290, size, bold=sel), color, bold=sel,
                          anchor="center")
                if sel:  # the arrows stay put whatever the value's width: the mouse clicks them
                    draw_text(surf, "◀", (W // 2 + 40, y), size, color, anchor="center")
                    draw_text(surf, "▶", (W // 2 + 370, y), size, color, anchor="center")
            y += pitch
        # the gentle note of a first Grisbi match; the chosen option's help line, else every human seat's keys
        hy = y + 10 + self.NOTE_GAP + self.NOTE_STEP // 2  # y + 10: the panel's bottom
        note = self.gentle_note()
        if note:
            draw_text(surf, note, (W // 2, hy), 18, GOLD, bold=True, anchor="center")
            hy += self.NOTE_STEP
        join = self.join_note()
        draw_text(surf, join, (W // 2, hy), size_to_fit(join, 1200, 18), WHITE, anchor="center")
        hy += self.NOTE_STEP
        r = rows[self.row] if self.row < len(rows) else ""
        help_text = _(self.opts[int(r[3:])].help) if r.startswith("opt") else ""
        if help_text:
            room = max(1, self.note_lines() - (1 if note else 0) - 1)  # lines kept under the rows
            for k, line in enumerate(wrap(help_text, 18, self.HELP_WIDTH)[:room]):
                draw_text(surf, line, (W // 2, hy + k * self.NOTE_STEP), 18, WHITE, anchor="center")
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
            size = 18 if cols == 1 else 16
            while size > 12 and fonts.font(size).size(text)[0] > width:
                size -= 1
            draw_text(surf, text, (x, y + (k // cols) * self.NOTE_STEP), size, DIM, anchor="center")


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
        step = min(40, 300 // max(1, len(self.rows)))
        y = head_y + 32
        for seat, figure in self.rows:
            pygame.draw.line(surf, (70, 70, 60), (box.x + 40, y - 6), (box.right - 40, y - 6))
            draw_text(surf, self.match.seat_name(seat), (cols[0], y), 22, WHITE, bold=True)
            draw_text(surf, self.played[seat], (cols[1], y), 20, (200, 200, 190))
            self.draw_table_words(surf, figure, (cols[2], y), 22, GOLD, anchor="topright")
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


LOCK_KEYS = ("numlock", "caps lock", "scroll lock")


def binding_problem(bindings: dict, zone: str, button: str, key: str, inp=None) -> str | None:
    """Why the key position ``key`` (a binding name, ``arcade.client.input.position_of``) may not be bound to
    ``button`` of ``zone`` (None if it may): Escape is always pause, lock keys change state when pressed, and one key
    cannot belong to two players' zones. ``inp`` (the ``InputMap``): keys and zones named as the player's keyboard
    shows them ("Z" on AZERTY)."""
    label = inp.key_label if inp is not None else key_label
    if key == "escape":
        return _("Esc is always pause: choose another key")
    if key in LOCK_KEYS:
        return _("{key} locks the keyboard: choose another key").format(key=label(key))
    for other, buttons in bindings.items():
        if other == zone:
            continue
        for b, keys in buttons.items():
            if key in keys:
                return _("{key} is already the {zone} zone's {button} key").format(
                    key=label(key), zone=zone_title(inp, other) if inp is not None else _(ZONE_TITLES[other]),
                    button=_(BUTTON_NAMES[b]))
    return None


BUTTON_NAMES = {"UP": N_("Up"), "DOWN": N_("Down"), "LEFT": N_("Left"), "RIGHT": N_("Right"), "A": N_("Select / lay"),
                "B": N_("Back / peek"), "START": N_("Pause")}
"""A logical button as the key bindings name it (translated when shown)."""


class BindingsScene(Scene):
    """Rebind each zone's logical buttons: select a row, press A, then press the new key. A key already used by
    another zone, a lock key or Esc is refused with the reason; the last row restores the default keys. Keys are
    bound by position (the pressed key's scancode) and shown with the letter of the player's layout."""

    still = True
    name = "bindings"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.zone = 0
        self.sel = 0
        self.waiting = False
        self.message = ""

    @property
    def rows(self) -> int:
        return len(BUTTONS) + 1  # the buttons, then "Restore default keys"

    def update(self) -> None:
        inp = self.app.input
        zone = ZONES[self.zone]
        if self.waiting:
            keys = [p for k, p in zip(inp.key_events, inp.key_positions) if k != pygame.K_ESCAPE]
            if inp.escape_pressed:
                self.waiting = False
            elif keys:
                name = keys[0]
                problem = binding_problem(inp.bindings, zone, BUTTONS[self.sel], name, inp)
                self.waiting = False
                if problem:
                    self.message = problem
                    self.app.audio.play("back")
                    return
                b = dict(inp.bindings)
                b[zone] = dict(b[zone])
                b[zone][BUTTONS[self.sel]] = [name]
                inp.set_bindings(b)
                self.message = ""
                self.app.audio.play("select")
            return
        if inp.escape_pressed or inp.pressed("B") or inp.right_click:
            self.app.pop()
            return
        self.sel = menu_step(inp, self.sel, self.rows)
        zone_click = inp.clicked(self.ZONE_ARROWS)
        if inp.menu("LEFT") or zone_click == 0:
            self.zone = (self.zone - 1) % len(ZONES)
        if inp.menu("RIGHT") or zone_click == 1:
            self.zone = (self.zone + 1) % len(ZONES)
        self.sel, clicked = inp.pointed(
            [pygame.Rect(W // 2 - 310, 175 + i * 46 - 23, 620, 46) for i in range(self.rows)], self.sel)
        if inp.pressed("A") or clicked:
            if self.sel == len(BUTTONS):
                b = dict(inp.bindings)
                b[zone] = {k: list(v) for k, v in DEFAULT_BINDINGS[zone].items()}
                inp.set_bindings(b)
                self.message = _("{zone} keys restored").format(zone=zone_title(inp, zone))
                self.app.audio.play("select")
            else:
                self.waiting = True
                self.message = ""

    def draw(self, surf, alpha) -> None:
        surf.blit(felt(), (0, 0))
        zone = ZONES[self.zone]
        banner(surf, _("Key bindings"), _("◀ {zone} zone ▶").format(zone=zone_title(self.app.input, zone)), y=60)
        panel(surf, (W // 2 - 320, 140, 640, 46 * self.rows + 24), 170)
        for i in range(self.rows):
            y = 175 + i * 46
            sel = i == self.sel
            if sel:
                panel(surf, (W // 2 - 310, y - 20, 620, 40), 140, (60, 45, 10), GOLD, 10)
            col = GOLD if sel else WHITE
            if i == len(BUTTONS):
                draw_text(surf, _("Restore default keys"), (W // 2, y), 22, col, bold=sel, anchor="center")
                continue
            b = BUTTONS[i]
            keys = ", ".join(self.app.input.key_label(k) for k in self.app.input.bindings[zone][b])
            if sel and self.waiting:
                keys = _("press a key…")
            draw_text(surf, _(BUTTON_NAMES[b]), (W // 2 - 290, y), 22, col, bold=sel, anchor="midleft")
            draw_text(surf, keys, (W // 2 + 290, y), 22, col, bold=sel, anchor="midright")
        if self.message:
            draw_toast(surf, self.message, 140 + 46 * self.rows + 60)
        note = _("A key is kept by its place on the keyboard, and named as your keyboard prints it.")
        draw_text(surf, note, (W // 2, H - 70), size_to_fit(note, W - 80, 18), DIM, anchor="center")
        hint_bar(surf, [_("←/→ or click ◀ ▶ zone"), _("↑/↓ button"), _("Enter/E or click: rebind"),
                        _("Esc back (Esc is always pause)")])

    ZONE_ARROWS = (pygame.Rect(W // 2 - 200, 92, 200, 36), pygame.Rect(W // 2, 92, 200, 36))  # ◀ / ▶ of the zone


class LearnScene(Scene):
    """"Learn to play": choose a game, then play its tutorial (a short seeded match against slow bots with a coach
    explaining each step); Esc leaves it at any time."""

    still = True
    name = "learn"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.games = [g for g in REGISTRY if definition_of(g).tutorial]
        self.sel = 0

    def update(self) -> None:
        inp = self.app.input
        if backed(inp):
            self.app.pop()
            return
        self.sel = menu_step(inp, self.sel, len(self.games))
        self.sel, clicked = inp.pointed(menu_rects(len(self.games), (W // 2, 380)), self.sel)
        if inp.pressed("A") or inp.pressed("START") or clicked:
            start_tutorial(self.app, self.games[self.sel])

    def draw(self, surf, alpha) -> None:
        surf.blit(felt(), (0, 0))
        banner(surf, _("Learn to play"), _("A short match against slow bots, with a coach"), y=70)
        draw_menu(surf, [_(definition_of(g).spec.name) for g in self.games], self.sel, (W // 2, 380))
        hint_bar(surf, [_("↑/↓ choose"), _("Enter/E or click: start"), _("Esc back (also leaves a tutorial)")])


class RulesScene(Scene):
    """How to play one game (or a chooser when ``game_id`` is None): the game's player page (``GameSpec.rules_page``,
    Markdown) drawn by ``render.markdown`` with the game's own card pictures; ↑/↓ (and the wheel) scroll, ←/→ and
    PgUp/PgDn a page, Home/End the top and the bottom, a scrollbar shows where you are."""

    still = True
    name = "rules"
    VIEW = pygame.Rect(70, 92, W - 160, H - 92 - 64)  # where the page shows (px)

    def __init__(self, app, game_id: str | None, keep_alive=None) -> None:
        super().__init__(app)
        self.gid = game_id
        self.keep_alive = keep_alive  # called every tick (a LAN match goes on while its rules are read)
        self.sel = 0
        self.scroll = 0
        self.page: pygame.Surface | None = None
        if game_id:
            try:
                text = rules_page_text(game_id)
            except OSError:
                text = _("The rules page of this game is missing from the installation.")
            self.page = render_page(text, self.VIEW.width - 30, card_art_of(game_id))

    @property
    def max_scroll(self) -> int:
        return max(0, self.page.get_height() - self.VIEW.height) if self.page is not None else 0

    def scroll_by(self, dy: int) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll + dy))

    def update(self) -> None:
        inp = self.app.input
        if self.keep_alive is not None:
            self.keep_alive()
        if backed(inp):
            self.app.pop()
            return
        if self.gid is None:
            games = list(REGISTRY)
            self.sel = menu_step(inp, self.sel, len(games))
            self.sel, clicked = inp.pointed(menu_rects(len(games), (W // 2, 380)), self.sel)
            if inp.pressed("A") or clicked:
                self.app.push(RulesScene(self.app, games[self.sel]))
            return
        if inp.menu("DOWN"):
            self.scroll_by(48)
        if inp.menu("UP"):
            self.scroll_by(-48)
        if inp.menu("RIGHT"):
            self.scroll_by(self.VIEW.height - 60)
        if inp.menu("LEFT"):
            self.scroll_by(-(self.VIEW.height - 60))
        for key in inp.key_events:  # the keyboard's own page keys, whatever zone the keys are bound to
            if key == pygame.K_PAGEDOWN:
                self.scroll_by(self.VIEW.height - 60)
            elif key == pygame.K_PAGEUP:
                self.scroll_by(-(self.VIEW.height - 60))
            elif key == pygame.K_HOME:
                self.scroll = 0
            elif key == pygame.K_END:
                self.scroll = self.max_scroll
        wheel = getattr(inp, "wheel", 0)
        if wheel:
            self.scroll_by(-60 * wheel)

    def draw(self, surf, alpha) -> None:
        surf.blit(felt((20, 60, 50)), (0, 0))
        if self.gid is None:
            banner(surf, _("How to play"), _("Choose a game"), y=70)
            games = list(REGISTRY)
            draw_menu(surf, [_(definition_of(g).spec.name) for g in games], self.sel, (W // 2, 380))
            hint_bar(surf, [_("↑/↓ choose"), _("Enter/E or click: read"), _("Esc or right-click: back")])
            return
        title = _("How to play {game}").format(game=_(definition_of(self.gid).spec.name))
        draw_text(surf, title, (W // 2, 46), size_to_fit(title, W - 80, 34, bold=True), GOLD, bold=True,
                  anchor="center", shadow=True)
        v = self.VIEW
        panel(surf, v.inflate(24, 16), 210)
        surf.blit(self.page, v.topleft, pygame.Rect(0, self.scroll, v.width - 30, v.height))
        if self.max_scroll:
            track = pygame.Rect(v.right - 12, v.y, 8, v.height)
            pygame.draw.rect(surf, (60, 60, 60), track, border_radius=4)
            h = max(30, v.height * v.height // self.page.get_height())
            y = v.y + (v.height - h) * self.scroll // self.max_scroll
            pygame.draw.rect(surf, GOLD, (track.x, y, track.width, h), border_radius=4)
        at_end = self.scroll >= self.max_scroll
        scroll = _("↑/↓ or wheel scroll") if at_end else _("↑/↓ or wheel scroll · more below")
        hint_bar(surf, [scroll, _("←/→ or PgUp/PgDn: a page"), _("Home/End: top/bottom"),
                        _("Esc or right-click: back")])

