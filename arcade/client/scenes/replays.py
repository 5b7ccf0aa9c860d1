"""The Replays screen (list of recorded matches), replay playback, and resuming an interrupted match.

Playback controls: A pause/resume · ←/→ seek 10 s (paused: step one tick) · B next turn (paused) · ↑/↓ speed
×0.25 to ×8 · Start/Tab whose hidden cards are shown · Esc back. Seeking back re-simulates from the nearest snapshot
(one every ``SNAPSHOT_EVERY`` ticks).
"""

from __future__ import annotations

import datetime as _dt
from pathlib import Path

import pygame

from arcade.games import REGISTRY, definition_of
from arcade.core.i18n import N_, _, format_datetime, format_number, ngettext
from arcade.core.match import Match, SpecError, allowed_counts, parse_seats
from arcade.core.results import PLAYER_WON, seat_name_words, shown_label
from arcade.client.render import fonts
from arcade.client.render.fonts import draw_text, size_to_fit, wrap
from arcade.client.render.widgets import DIM, GOLD, H, W, WHITE, banner, draw_toast, felt, hint_bar, panel
from arcade.core.replay import Replay, ReplayWriter, list_replays, read_replay
from arcade.client.scenes import Scene
from arcade.client.scenes.router import table as table_for

__all__ = ["ReplaysScene", "PlaybackScene", "resume_match", "SPEEDS"]

SPEEDS = (0.25, 0.5, 1.0, 2.0, 4.0, 8.0)
SNAPSHOT_EVERY = 600


def replay_match(rep: Replay) -> Match:
    """A Match with the replay's game, seed, options and seats (so seats keep their names: "Bot 2", "Player 1"); the
    playback advances its simulation with the recorded inputs, so no seat is ever asked to act."""
    rules = REGISTRY[rep.game]
    n = len(rep.header["seats"])
    try:
        seats = parse_seats(",".join(rep.header["seats"]), 1, max(rules.max_players, n))
    except SpecError:  # an unusual seat list (e.g. two seats on one zone): name them plainly
        seats = parse_seats(",".join("remote" for _ in rep.header["seats"]), 1, max(rules.max_players, n))
    return Match(rep.game, seats, rep.header["seed"], **rep.header["options"])


def describe(rep: Replay) -> tuple[str, str]:
    """(title line, detail line) for the list, in the player's language (the result a replay keeps in English is
    worded again: ``arcade.core.results.shown_label``)."""
    try:
        date = format_datetime(_dt.datetime.fromisoformat(rep.header.get("date", "")).astimezone())
    except (ValueError, TypeError):
        date = "?"
    secs = rep.ticks // 60
    length = f"{secs // 60}:{secs % 60:02d}"
    kinds = [("bot" if s.startswith("bot") else ("remote" if s == "remote" else "human")) for s in rep.header["seats"]]
    who = ", ".join(_(SEAT_KINDS[k]) for k in kinds)
    if rep.finished:
        scores = rep.end[2]
        best = max(scores)
        winners = [i for i, s in enumerate(scores) if s == best]
        spec = definition_of(rep.game).spec
        if rep.result:
            result = shown_label(rep.result, spec.teams, spec.team_won)
        else:
            result = _("draw") if len(winners) > 1 else _(PLAYER_WON).format(
                player=seat_name_words("human", winners[0]))
    else:
        result = _("left early") if rep.abandoned else _("unfinished")
    n = rep.header["players"]
    players = ngettext("{n} player ({who})", "{n} players ({who})", n).format(n=n, who=who)
    return f"{_(definition_of(rep.game).spec.name)} · {date}", f"{players} · {length} · {result}"


SEAT_KINDS = {"bot": N_("bot"), "remote": N_("remote"), "human": N_("human")}
"""Who played a seat, as the replays list says it (translated when shown)."""


class ReplaysScene(Scene):
    still = True
    name = "replays"

    def __init__(self, app) -> None:
        super().__init__(app)
        self.replays, self.bad = list_replays(app.data_dir)
        self.sel = 0
        if self.bad:
            n = len(self.bad)
            app.notice = ngettext("{n} replay file could not be read: {first}",
                                  "{n} replay files could not be read: {first}", n).format(n=n, first=self.bad[0])

    def update(self) -> None:
        inp = self.app.input
        if inp.escape_pressed or inp.pressed("B") or inp.right_click:
            self.app.pop()
            return
        n = len(self.replays)
        if n:
            if inp.menu("UP") or inp.wheel > 0:
                self.sel = (self.sel - 1) % n
            if inp.menu("DOWN") or inp.wheel < 0:
                self.sel = (self.sel + 1) % n
            top = self.first_shown()
            k, clicked = inp.pointed(self.row_rects(), self.sel - top)
            self.sel = top + k
            if inp.pressed("A") or clicked:
                self.app.push(PlaybackScene(self.app, self.replays[self.sel]))

    @staticmethod
    def pitch() -> int:
        """Px from one replay's row to the next: 58, more at a larger text size (its two lines and a gap)."""
        return max(58, fonts.line_height(22) + fonts.line_height(17) + 6)

    def page(self) -> int:
        """How many replays a page shows: 9 at 100 % text, fewer when the rows are taller (down to the hint bar)."""
        return min(9, (H - 40 - 150) // self.pitch())

    def first_shown(self) -> int:
        """The first replay in the visible page."""
        n = self.page()
        return max(0, min(self.sel - n // 2, len(self.replays) - n))

    def row_rects(self) -> list[pygame.Rect]:
        """The visible rows (px), for the mouse."""
        shown = min(self.page(), len(self.replays) - self.first_shown())
        p = self.pitch()
        return [pygame.Rect(W // 2 - 420, 150 + k * p - 4, 840, p - 2) for k in range(shown)]

    def draw(self, surf, alpha) -> None:
        surf.blit(felt(), (0, 0))
        banner(surf, _("Replays"), _("Every match you play is recorded"), y=56)
        if not self.replays:
            draw_text(surf, _("No replays yet: play a match!"), (W // 2, H // 2), 28, WHITE, anchor="center")
        top = self.first_shown()
        p = self.pitch()
        for k, rep in enumerate(self.replays[top:top + self.page()]):
            i = top + k
            y = 150 + k * p
            sel = i == self.sel
            panel(surf, (W // 2 - 420, y - 4, 840, p - 6), 200 if sel else 120, border=GOLD if sel else None)
            a, b = describe(rep)
            draw_text(surf, a, (W // 2 - 400, y), size_to_fit(a, 800, 22, bold=sel), GOLD if sel else WHITE, bold=sel)
            draw_text(surf, b, (W // 2 - 400, y + p - 32), size_to_fit(b, 800, 17, smallest=16), DIM)
        draw_toast(surf, self.app.notice, 118)
        hint_bar(surf, [_("↑/↓ or wheel choose"), _("Enter/E or click: watch"), _("Esc or right-click: back")])


class PlaybackScene(Scene):
    name = "playback"
    music = "play"

    def __init__(self, app, rep: Replay) -> None:
        super().__init__(app)
        self.rep = rep
        self.inputs = list(rep.inputs())
        self.match = replay_match(rep)
        self.table = table_for(rep.game)(app, self.match, demo=True)
        self.table.seating.forced_view = None
        self.snapshots = {0: self.match.sim.save()}
        self.paused = False
        self.speed = 2  # index into SPEEDS: ×1
        self.acc = 0.0
        self.view_choice = -1  # -1: spectator, else a seat
        self.canvas: pygame.Surface | None = None  # the table is drawn here, then shrunk above the controls

    @property
    def pos(self) -> int:
        return self.match.sim.tick

    def _step(self, events: bool = True) -> bool:
        t = self.pos
        if t >= len(self.inputs):
            return False
        before = self.match.state
        self.match.sim.advance(self.inputs[t])
        if self.match.sim.tick % SNAPSHOT_EVERY == 0:
            self.snapshots[self.match.sim.tick] = self.match.sim.save()
        if events and self.match.state is not before:
            self.table.on_events(getattr(self.table.seating.public_view(), "events", ()))
        return True

    def seek(self, target: int) -> None:
        target = max(0, min(len(self.inputs), target))
        if target < self.pos:
            base = max(k for k in self.snapshots if k <= target)
            self.match.sim.load(self.snapshots[base])
        while self.pos < target:
            self._step(events=False)

    def next_turn(self) -> None:
        while self._step():
            if any(self.inputs[self.pos - 1]):
                break

    def update(self) -> None:
        inp = self.app.input
        if inp.escape_pressed or (inp.pressed("B") and not self.paused) or inp.right_click:
            self.app.pop()
            return
        pos = inp.click()
        if pos is not None and self.seek_bar().inflate(0, 20).collidepoint(pos):
            bar = self.seek_bar()
            self.seek(len(self.inputs) * (pos[0] - bar.x) // bar.width)
        elif pos is not None and pos[1] < H - self.BAR:
            self.paused = not self.paused  # a click on the table: pause / play
        if inp.pressed("A"):
            self.paused = not self.paused
        if inp.menu("UP") or inp.wheel > 0:
            self.speed = min(len(SPEEDS) - 1, self.speed + 1)
        if inp.menu("DOWN") or inp.wheel < 0:
            self.speed = max(0, self.speed - 1)
        if inp.pressed("START") or inp.key_events and pygame.K_TAB in inp.key_events:
            n = self.rep.header["players"]
            self.view_choice = (self.view_choice + 2) % (n + 1) - 1
            self.table.seating.forced_view = None if self.view_choice < 0 else self.view_choice
        if self.paused:
            if inp.menu("RIGHT"):
                self._step()
            if inp.menu("LEFT"):
                self.seek(self.pos - 1)
            if inp.pressed("B"):
                self.next_turn()
        else:
            if inp.menu("RIGHT"):
                self.seek(self.pos + 600)
            if inp.menu("LEFT"):
                self.seek(self.pos - 600)
            self.acc += SPEEDS[self.speed]
            while self.acc >= 1.0:
                self.acc -= 1.0
                self._step()
        self.table.after_tick()

    BAR_LINE = 20  # px a second line of key hints adds to the bar (a language whose hints do not fit on one)

    @property
    def BAR(self) -> int:
        """The controls' bar under the table picture (px): 58, and 20 more a line when the key hints need more than
        one."""
        return 58 + fonts.pitch(16, self.BAR_LINE) * (len(self.key_lines()) - 1) + (fonts.pitch(16, 20) - 20)

    def key_lines(self) -> list[str]:
        """The key hints under the progress bar, in the player's language: one line, or more when they do not fit."""
        if self.paused:
            # TRANSLATORS: {a} and {b}: the WASD zone's select and back keys as the player's keyboard prints them
            keys = _("{a} / Enter / click pause · ←/→ step, click the bar: seek · {b} next turn · ↑/↓ or wheel speed · "
                     "Tab whose cards · Esc back")
        else:
            # TRANSLATORS: {a} and {b}: the WASD zone's select and back keys as the player's keyboard prints them
            keys = _("{a} / Enter / click pause · ←/→ seek, click the bar: seek · {b} next turn · ↑/↓ or wheel speed · "
                     "Tab whose cards · Esc back")
        inp = self.app.input
        return wrap(keys.format(a=inp.hint("wasd", "A"), b=inp.hint("wasd", "B")), 16, W - 60)

    def seek_bar(self) -> pygame.Rect:
        """The progress bar (px): a click on it seeks there."""
        return pygame.Rect(30, H - self.BAR + 13, W - 470 - 30, 10)

    def draw(self, surf, alpha) -> None:
        """The table shrunk into the space above the controls' bar, so the controls never cover a hand."""
        if self.canvas is None:
            self.canvas = pygame.Surface((W, H))
        self.table.draw(self.canvas, 1.0 if self.paused else alpha)
        h = H - self.BAR
        w = W * h // H
        surf.fill((8, 14, 12))
        surf.blit(pygame.transform.smoothscale(self.canvas, (w, h)), ((W - w) // 2, 0))
        total = max(1, len(self.inputs))
        panel(surf, (0, H - self.BAR, W, self.BAR), 255, (10, 16, 14), GOLD, 0)
        x0, x1 = 30, W - 470
        y = H - self.BAR + 18
        pygame.draw.rect(surf, (60, 60, 60), (x0, y - 5, x1 - x0, 10), border_radius=5)
        pygame.draw.rect(surf, GOLD, (x0, y - 5, int((x1 - x0) * self.pos / total), 10), border_radius=5)
        t, T = self.pos // 60, total // 60
        status = _("❚❚ paused") if self.paused else f"▶ ×{format_number(SPEEDS[self.speed])}"
        if self.view_choice < 0:
            seat = _("showing public cards")
        else:
            seat = _("showing {player}'s cards").format(player=self.table.seat_name(self.view_choice))
        line = f"{status}   {t // 60}:{t % 60:02d} / {T // 60}:{T % 60:02d}   {seat}"
        draw_text(surf, line, (x1 + 20, y), size_to_fit(line, W - x1 - 30, 17, smallest=16), WHITE, anchor="midleft")
        for k, keys in enumerate(self.key_lines()):
            draw_text(surf, keys, (x0, y + 22 + (fonts.pitch(16, 20) - 20) // 2 + fonts.pitch(16, self.BAR_LINE) * k),
                      16, (210, 210, 200), anchor="midleft")


def open_replay_file(path: str | Path) -> Replay:
    """Read a replay for the command line; raises ReplayError with a one-line message."""
    return read_replay(path)
