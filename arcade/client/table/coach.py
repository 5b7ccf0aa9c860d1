"""A tutorial's coach at a table: what it says now, the hint after a refused action, and where its panel sits:
beside what its step names, never over it (``render.tooltip.place_beside``)."""

from __future__ import annotations

from typing import Any, Callable

import pygame

from arcade.client.render.fonts import draw_text, font, pitch, scaled, wrap
from arcade.client.render.tooltip import place_beside
from arcade.client.render.widgets import GOLD, H, W, WHITE, panel
from arcade.core.i18n import N_, _

__all__ = ["Coach"]

HINT = (255, 190, 120)  # a coach's hint after a wrong action: warm, bold, first in the panel
BUTTONS = ("A", "B", "UP", "DOWN", "LEFT", "RIGHT", "START")


def _none() -> list[pygame.Rect]:
    return []


class Coach:
    """The coach of one screen. The lesson (``play.start_tutorial`` sets it; all None outside a tutorial):
    ``say(view, seat, legal) -> lines``, ``done(view) -> bool``, ``wanted(view) -> cards asked for (None: any)``,
    ``refuse(view, seat, input) -> a hint when that input is not sent``. Inputs: ``seating`` (the learner's seat,
    view and legal actions), the ``InputMap``, the audio, ``clock() -> the scene's tick``, ``leave()`` (Esc: back
    to the title). Hooks a game's table sets, each returning px rectangles: ``about`` (what its step names, the one
    it points at first), ``panels`` (the current player's and the learner's), ``prompts`` (open menus and
    dialogs), ``notices``, ``status`` (the status line), ``layout`` (everything else: the coach prefers free felt);
    and ``view(seat)``, the learner's view it speaks from."""

    WIDTHS = (440, 380, 320, 300)  # the coach panel's widths, the first preferred (px)
    HEADER = N_("COACH · Esc leaves the tutorial")
    BOUNDS = pygame.Rect(6, 6, W - 12, H - 6 - 44)  # where it may lie: the picture above the hint bar (px)

    def __init__(self, seating, input_map, audio, clock: Callable[[], int], leave: Callable[[], None]) -> None:
        self.seating, self.input, self.audio, self.clock, self.leave = seating, input_map, audio, clock, leave
        self.say = self.done = self.wanted = self.refuse = None
        self.hint: tuple[str, int, list[str]] = ("", 0, [])  # the last hint, until which tick, what was said then
        self.widths = self.WIDTHS
        self.about = self.panels = self.prompts = self.notices = self.status = _none
        self.layout: Callable[[], list[pygame.Rect]] = _none
        self.view: Callable[[int], Any] = seating.seat_view
        self.place: tuple | None = None  # (what it was placed for, where)

    @property
    def active(self) -> bool:
        """Whether this is a tutorial (a coach speaks)."""
        return self.say is not None

    def lines(self) -> list[str]:
        """What the coach says now (empty outside a tutorial), the learner's keys filled in (``{A}``...)."""
        humans = self.seating.humans()
        if self.say is None or not humans:
            return []
        seat = humans[0]
        view = self.view(seat)
        if self.done is not None and self.done(view):
            return [_("Tutorial complete! You know the basics now."), _("Press Esc for the title, or keep playing.")]
        dev = self.seating.device(seat)
        lines = []
        for ln in list(self.say(view, seat, self.seating.legal(seat)))[:3]:
            for button in BUTTONS:
                ln = ln.replace("{" + button + "}", self.input.hint(dev, button)) if "{" + button + "}" in ln else ln
            lines.append(ln)
        return lines

    def wants(self, seat: int) -> tuple[int, ...] | None:
        """In a lesson, the inputs' cards the coach asks ``seat`` for now (a table makes them glow); None: any."""
        if self.wanted is None or seat not in self.seating.humans()[:1]:
            return None
        return self.wanted(self.seating.seat_view(seat))

    def allows(self, seat: int, action: int) -> bool:
        """Whether ``seat``'s ``action`` may be sent now: always, but in a lesson that asks for another one; then
        the coach's hint shows for 4 s (240 ticks) and nothing is sent."""
        if self.refuse is None or seat not in self.seating.humans()[:1]:
            return True
        hint = self.refuse(self.seating.seat_view(seat), seat, action)
        if not hint:
            return True
        self.hint = (hint, self.clock() + 240, self.lines())
        self.audio.play("back")
        return False

    def hint_shown(self, lines: list[str] | None = None) -> str:
        """The hint after a refused action while it shows (4 s, while the coach says what it said then), else ""."""
        msg, until, said = self.hint
        return msg if self.clock() < until and (self.lines() if lines is None else lines) == said else ""

    def clear(self) -> list[pygame.Rect]:
        """What the coach must never cover now: ``about``, ``panels``, ``prompts``, ``notices`` and ``status``."""
        return [pygame.Rect(r) for r in (*self.about(), *self.panels(), *self.prompts(), *self.notices(),
                                         *self.status())]

    def header(self, width: int) -> list[str]:
        """The panel's header at ``width`` px, on two rows in a narrow panel."""
        return wrap(_(self.HEADER), 16, width - 28, bold=True)

    def rows(self, lines: list[str], hint: str, width: int) -> list[tuple[str, tuple[int, int, int]]]:
        """The panel's rows at ``width`` px: the hint after a refused action (warm, bold), then the lines."""
        rows = [(row, HINT) for row in wrap(hint, 17, width - 28, bold=True)] if hint else []
        return rows + [(row, WHITE) for ln in lines for row in wrap(ln, 17, width - 28)]

    def scaled_widths(self) -> list[int]:
        """The panel's widths to try (px), the first preferred: ``widths`` as laid out at 100 %, each widened as
        much as the text grows at a larger text size (never wider than ``BOUNDS``), so the panel holds as many
        words a row and grows no taller than it must; then, at a larger text size, ``widths`` themselves (a tall
        column where no wide panel finds room)."""
        grow = scaled(17) / 17
        wide = [min(self.BOUNDS.w, round(w * grow)) for w in self.widths]
        return list(dict.fromkeys(wide + list(self.widths)))  # then the narrow ones: a column beside the table

    @staticmethod
    def pitches() -> tuple[int, int, int]:
        """Px from one header row to the next, from the header's first row to the first line, and between lines:
        21, 23 and 21 as laid out at 100 %, the fonts' line heights at a larger text size."""
        head = pitch(16, 21, bold=True)
        return head, max(23, head + 2), max(pitch(17, 21), pitch(17, 21, bold=True))

    def height(self, header_rows: int, rows: int) -> int:
        """The panel's height (px) for ``header_rows`` rows of header and ``rows`` rows of lines: 7 px above the
        header, 10 below the last line (40 + 21 px a row beyond the first at 100 %)."""
        head, gap, line = self.pitches()
        return 7 + head * (header_rows - 1) + gap + line * rows + 10

    def rect(self, lines: list[str] | None = None) -> pygame.Rect | None:
        """Where the panel is drawn now (px; None: no coach): beside ``about`` (else the panels), covering nothing
        of ``clear`` and, where it finds room, nothing of ``layout``. It stays put while it says the same and its
        place stays clear."""
        lines = self.lines() if lines is None else lines
        if not lines:
            return None
        hint = self.hint_shown(lines)
        clear = self.clear()
        rather = [pygame.Rect(r) for r in self.layout()]
        about = [pygame.Rect(r) for r in self.about()] or [pygame.Rect(r) for r in self.panels()]
        focus = about[0] if about else None  # the first element named: the coach sits nearest it
        key = (tuple(lines), hint, tuple(map(tuple, clear)), tuple(map(tuple, rather)),
               tuple(focus) if focus else None)
        last = self.place
        if last is not None and last[0] == key:
            return last[1]
        # a word wider than a panel's rows (the pseudo-locale's long tails) widens the panel rather than being cut
        longest = max([font(17, True).size(word)[0] for word in hint.split(" ")] +
                      [font(17).size(word)[0] for ln in lines for word in ln.split(" ")] +
                      [font(16, True).size(word)[0] for word in _(self.HEADER).split(" ")])
        widths = [w for w in self.scaled_widths() if w - 28 >= longest] or [min(self.BOUNDS.w, longest + 28)]
        sizes = [(w, self.height(len(self.header(w)), len(self.rows(lines, hint, w)))) for w in widths]
        if last is not None and last[0][:2] == key[:2]:  # the same words: stay unless the place is taken now
            r = last[1]
            if r.collidelist([x.inflate(20, 20) for x in clear + rather]) == -1 and self.BOUNDS.contains(r):
                self.place = (key, r)
                return r
        r = self.whole(place_beside(sizes, focus, self.BOUNDS, avoid=clear, rather=rather), clear, rather)
        self.place = (key, r)
        return r

    def whole(self, r: pygame.Rect, clear: list[pygame.Rect], rather: list[pygame.Rect]) -> pygame.Rect:
        """``r`` moved sideways to an edge of ``BOUNDS`` when it lies partly over some of ``rather`` and the move
        leaves fewer of them partly covered (still clear of ``clear``): where the panel must cover something (a
        larger text size, no free felt), it hides a label whole rather than half of it."""
        def partial(x: pygame.Rect) -> int:
            return sum(1 for o in rather if x.colliderect(o) and not x.contains(o))
        best, least = r, partial(r)
        if not least:
            return r
        for moved in (r.move(self.BOUNDS.left - r.left, 0), r.move(self.BOUNDS.right - r.right, 0)):
            if moved.collidelist([c.inflate(20, 20) for c in clear]) == -1 and partial(moved) < least:
                best, least = moved, partial(moved)
        return best

    def draw(self, surf: pygame.Surface) -> None:
        """The coach's panel beside what its step names (``rect``), its lines wrapped, a pointer towards it."""
        lines = self.lines()
        r = self.rect(lines)
        if r is None:
            return
        rows = self.rows(lines, self.hint_shown(lines), r.w)
        panel(surf, r, 255, (24, 34, 60), GOLD, 12)  # opaque: nothing of the table shows through the words
        head = self.header(r.w)
        hp, gap, lp = self.pitches()
        for k, row in enumerate(head):
            draw_text(surf, row, (r.x + 14, r.y + 7 + hp * k), 16, GOLD, bold=True)
        top = r.y + 7 + gap + hp * (len(head) - 1)
        for k, (row, col) in enumerate(rows):
            draw_text(surf, row, (r.x + 14, top + lp * k), 17, col, bold=col == HINT)
        about = self.about()
        if about:
            draw_arrow(surf, r, pygame.Rect(about[0]))


def draw_arrow(surf: pygame.Surface, r: pygame.Rect, focus: pygame.Rect) -> None:
    """A small gold arrowhead on the coach panel's edge (``r``) facing ``focus``, when it sits right beside it."""
    if focus.left >= r.right and focus.left - r.right <= 40:
        y = min(max(focus.centery, r.top + 18), r.bottom - 18)
        pts = [(r.right, y - 9), (r.right + 9, y), (r.right, y + 9)]
    elif focus.right <= r.left and r.left - focus.right <= 40:
        y = min(max(focus.centery, r.top + 18), r.bottom - 18)
        pts = [(r.left, y - 9), (r.left - 9, y), (r.left, y + 9)]
    elif focus.top >= r.bottom and focus.top - r.bottom <= 40:
        x = min(max(focus.centerx, r.left + 18), r.right - 18)
        pts = [(x - 9, r.bottom), (x, r.bottom + 9), (x + 9, r.bottom)]
    elif focus.bottom <= r.top and r.top - focus.bottom <= 40:
        x = min(max(focus.centerx, r.left + 18), r.right - 18)
        pts = [(x - 9, r.top), (x, r.top - 9), (x + 9, r.top)]
    else:
        return
    pygame.draw.polygon(surf, GOLD, pts)
