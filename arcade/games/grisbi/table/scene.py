"""Grisbi's table: the common pile in the middle, every seat's hand around it, the START countdown, the reveal.

Layout (1280×720; rules/grisbi.md):

- a status strip across the screen (y 150-190): each team's Location tally (three slots, won Locations as gold
  plates) and target, and in the middle the round, the Location played for and the time left;
- the common pile in the middle: the top card large (180×252, hooks in 54 px boxes of their row's colour) and flat,
  the four cards beneath it smaller (72×100, 2.5 times smaller) in a row to its left, slightly turned, so a race can
  be followed; "laid by" under it, "same instant!" when the two top cards were laid on the same tick;
- seat areas around it: human hands (face down during the START countdown, face up from START with a cursor and
  key hints; the cursor, sort keys and assist wake at START) in the bottom band (and the top band for a third
  and fourth human); bots' hands as card backs with a count, in the top band, the bottom band's end or the side
  columns (up to 8 seats). Each area is framed in its team colour (Robbers orange, Police blue) and named.

Controls of a human seat (each seat alone, all at once: real time, no turns, no curtain): LEFT/RIGHT move the cursor
along the hand, A lays the selected card, UP/DOWN jump to the next/previous card that would be correct on the top
card now (assist on) or to the next/previous object (assist off), B switches the hand's order (by object / by
points). The cursor, the order and the assist are the table's, not the rules state's.

Assist (``app.settings.grisbi_assist``, on by default): in each human hand the cards that would be correct on the top
card now glow green, and the area shows the seat's team total as if it closed now. Decisions: a Deny glows only when
it would cancel (the top card is an opponents' Action card with the same main object); a Stop glows (gold) only when
it fits *and* the team's total has reached its target, i.e. when laying it now would win the round.

Decisions of the table where the brief is silent: with two or more humans every human hand is shown face up (one
shared screen, a real-time race: no curtain); a spectator (demo, no human) sees card backs only. Cards laid on the
same tick fly together and land in the rules' stacking order, each a fan step apart.

The reveal (``RoundScore`` of the state, during its ``reveal_ticks``): the pile spreads into rows in play order; the
Stop is judged first; the closing team's cards are judged one by one (correct ones lifted with a green frame and
their points counted up against the target, wrong ones veiled with a red cross, cancelled ones crossed in orange),
the other team's cards are veiled; then the winner is announced and the Location card flies to the winner's tally.
A wrong Stop is shown first and no count runs (rule 1: the other team wins whatever the points). A round ended
without a Stop judges both teams and counts both totals. The timeline is scaled to the state's ``reveal_ticks``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import pygame

from arcade.games.grisbi import CARDS, COUNTDOWN, OVER, PLAY, REVEAL, TEAMS
from arcade.games.grisbi.cards import ACTION, DENY, KIND, MAIN, POINTS, STOP, TEAM
from arcade.games.grisbi.scoring import is_correct, team_total
from arcade.games.grisbi.table import cards as gc
from arcade.client.render.fonts import draw_text, font, text
from arcade.client.render.tween import Placed
from arcade.client.render.widgets import DIM, GOLD, GREEN, RED, W, WHITE, felt, hint_bar, panel
from arcade.client.scenes.table import TableScene

__all__ = ["Table", "seat_areas", "Area"]

PW, PH = gc.PILE_SIZE
HW, HH = gc.HAND_SIZE
FW, FH = gc.FAN_SIZE
PX, PY = 700, 360            # centre of the top card of the pile
FAN = 4                      # cards shown beneath the top card, smaller, beside it on the left
FAN_STEP = 76                # from one of them to the next (the nearest first): side by side
FAN_X = PX - PW // 2 - 14 - FW // 2  # centre of the card right under the top card
FAN_ANGLES = (5, -4, 3, -6, 4, -3, 6, -5)
FAN_SCALE = FW / PW
STRIP = pygame.Rect(0, 150, W, 40)
CENTRE = pygame.Rect(0, 192, W, 336)
TOP_BAND = pygame.Rect(0, 2, W, 146)
BOTTOM_BAND = pygame.Rect(0, 532, W, 146)
SIDE_BOXES = (pygame.Rect(6, 196, 236, 160), pygame.Rect(W - 242, 196, 236, 160),
              pygame.Rect(6, 364, 236, 160), pygame.Rect(W - 242, 364, 236, 160))
DEMO_BOXES = (pygame.Rect(6, BOTTOM_BAND.y + 4, 236, BOTTOM_BAND.height - 8),
              pygame.Rect(W - 242, BOTTOM_BAND.y + 4, 236, BOTTOM_BAND.height - 8))  # beside the DEMO sign
BOT_W = 236
PLATE_H = 20                 # a human area's name plate (from 2 px below the area's top)
HAND_TOP = 30                # a human's hand: the cards' top below the area's top (clear of the plate)
SEL_LIFT = 6                 # the selected card is raised this much: still clear of the plate and of the keys line
CHIP = (104, 28)
HAND_SCALE = HW / PW
BACK_SCALE = gc.BACK_SMALL[0] / PW
ROW_CLASSES = {"row": (gc.ROW_SIZE, 60, 20, 96), "rowsm": (gc.ROW_SMALL_SIZE, 45, 27, 64)}
"""Reveal row sizes: (card size, step, cards a row, row pitch); "rowsm" for piles of more than 40 cards."""
ROWS_MID = 396               # vertical middle of the reveal's rows
SORT_NAMES = ("by object", "by points")
START_TICKS = 36             # how long "START!" stays up


@dataclass(frozen=True)
class Area:
    """A seat's screen area: ``rect``, ``kind`` "hand" (a human's face-up hand) or "box" (a bot's backs)."""

    rect: pygame.Rect
    kind: str


def _band(band: pygame.Rect, humans: list[int], bots: list[int], out: dict[int, Area]) -> None:
    """Humans share what the bots (fixed-width boxes at the band's right end) leave of a band."""
    if not humans and not bots:
        return
    gap = 6
    if not humans:
        total = len(bots) * BOT_W + (len(bots) - 1) * gap
        x = band.centerx - total // 2
    else:
        free = band.width - len(bots) * (BOT_W + gap) - gap
        hw = (free - gap * (len(humans) - 1)) // len(humans)
        x = gap
        for s in humans:
            out[s] = Area(pygame.Rect(x, band.y, hw, band.height), "hand")
            x += hw + gap
    for s in bots:
        out[s] = Area(pygame.Rect(x, band.y + 4, BOT_W, band.height - 8), "box")
        x += BOT_W + gap


def seat_areas(n: int, humans: list[int], demo: bool = False) -> dict[int, Area]:
    """Where each of ``n`` seats sits on the screen. ``humans``: seats whose hands are shown face up.

    No human: half the seats at the top, the rest at the bottom (in a demo at the bottom corners, then the sides,
    clear of the DEMO sign).
    Humans: the bottom band holds the first two (or half of them from five on), the top band the others; bots fill
    the top band (up to five beside no human, two beside one), then the bottom band's end (two beside one human),
    then the four side boxes.
    """
    bots = [s for s in range(n) if s not in humans]
    out: dict[int, Area] = {}
    if not humans:
        k = min(4, (n + 1) // 2)
        _band(TOP_BAND, [], bots[:k], out)
        if demo:
            for s, r in zip(bots[k:], DEMO_BOXES + SIDE_BOXES):
                out[s] = Area(r, "box")
        else:
            _band(BOTTOM_BAND, [], bots[k:], out)
        return out
    h = len(humans)
    bh = min(h, 2) if h <= 4 else (h + 1) // 2
    bottom_h, top_h = humans[:bh], humans[bh:]
    top_cap = {0: 5, 1: 2}.get(len(top_h), 0)
    bottom_cap = 2 if len(bottom_h) == 1 else 0
    top_b, rest = bots[:top_cap], bots[top_cap:]
    bottom_b, rest = rest[:bottom_cap], rest[bottom_cap:]
    _band(TOP_BAND, top_h, top_b, out)
    _band(BOTTOM_BAND, bottom_h, bottom_b, out)
    for s, r in zip(rest, SIDE_BOXES):
        out[s] = Area(r, "box")
    return out


def _fits(card: int, top: int, team: int) -> bool:
    """Whether ``card`` would be a correct (and, for a Deny, a cancelling) play on ``top`` now."""
    kind = KIND[card]
    if kind == DENY:
        return KIND[top] == ACTION and TEAM[top] == 1 - team and MAIN[card] == MAIN[top]
    return is_correct(card, top)


def _sort_key(mode: int):
    if mode == 1:
        return lambda c: (KIND[c] == STOP, -POINTS[c], KIND[c], MAIN[c], c)
    return lambda c: (KIND[c], MAIN[c], -POINTS[c], c)


class Table(TableScene):
    """Grisbi's table scene (see the module docstring). Sprites: ``("card", id)`` for a card in a human hand or on
    the pile (the same key, so a laid card flies from the hand to the pile), ``("loc", id)`` for a Location (on the
    pile, in the reveal's row, then in its team's tally). Bots' hands are drawn as fans of backs, not sprites."""

    RESULT_FIGURE = "Locations won"
    END_DELAY = 210
    COACH_AT = (912, 196, 360)  # the tutorial coach's free corner

    # --- set-up -----------------------------------------------------------------------------------------------------
    def setup(self) -> None:
        self.board.move_ticks = 12
        self.board.stagger = 0
        self.sel: dict[int, int] = {}
        self.chosen: dict[int, int] = {}  # seat -> the card its player moved the cursor onto by hand (LEFT/RIGHT)
        self.continued_round = -1  # practice: the last round whose pause a player ended
        self.sort_mode: dict[int, int] = {}
        self.notes: dict[int, tuple[str, int]] = {}  # seat -> (short message in its area, until tick)
        self.content: dict[Any, tuple] = {}
        self.round_seen = -1
        self.pile_seen = 0
        self.start_tick = -1000
        self.totals_cache: tuple[Any, tuple[int, int]] = (None, (0, 0))
        self.reveal_info: dict[str, Any] = {}
        self._bg: tuple[Any, pygame.Surface] | None = None
        self.warm: list[int] = list(range(len(CARDS)))  # pile faces still to build (one a tick)
        self.hand_seats = [] if self.demo else [s for s in self.humans()]
        self.areas = seat_areas(len(self.match.seats), self.hand_seats, self.demo)
        self.layout()
        self.background()

    def assist(self) -> bool:
        """The match's assist option (off in standard play, on in practice; ``GrisbiState.assist``)."""
        return bool(getattr(self.match.state, "assist", False))

    def practice(self) -> bool:
        return bool(getattr(self.match.state, "practice", False))

    def stop_wins(self, seat: int, card: int, view=None) -> bool:
        """What the assist says of a Stop in ``seat``'s hand: it fits the top card and the team's total has reached
        its target, i.e. laying it now would win the round."""
        view = view or self.rules.view(self.match.state, None)
        team = self.team_of(seat)
        return (KIND[card] == STOP and is_correct(card, view.pile_cards[-1])
                and self.team_totals(view)[team] >= view.targets[team])

    def started(self) -> bool:
        """Hands are face down until START ("Corrections": players look at their cards at the start signal)."""
        return self.match.state.phase != COUNTDOWN

    def awake(self) -> bool:
        """Whether the hands' cursor, sort and assist work: only once play has started (not during the countdown)."""
        return self.match.state.phase == PLAY

    def team_of(self, seat: int) -> int:
        return self.match.state.teams[seat]

    # --- practice: a pause after each round ------------------------------------------------------------------------
    def practice_pause(self) -> bool:
        """Practice mode: the table holds the match on the reveal's last tick until a player presses A (the round's
        cards stay laid out with their verdicts, and a panel says which counted and why)."""
        st = self.match.state
        return (self.practice() and not self.demo and bool(self.hand_seats) and st.phase == REVEAL
                and st.phase_end - st.tick <= 1 and self.continued_round != st.round)

    def update(self) -> None:
        if not self.practice_pause():
            super().update()
            return
        inp = self.app.input
        devs = [self.match.seats[s].device for s in self.hand_seats]
        if self.coach is not None and inp.escape_pressed:
            self.leave_tutorial()
            return
        if inp.escape_pressed or any(inp.pressed("START", [d]) for d in devs):
            self.app.open("pause", self)
            return
        if any(inp.pressed("A", [d]) for d in devs):
            self.continued_round = self.match.state.round
            self.app.audio.play("select")
        self.after_tick()

    def practice_lines(self) -> list[str]:
        """Why the round went the way it did, in a few lines (practice pause): which cards counted and why."""
        st = self.match.state
        res = st.result
        if res is None:
            return []
        pile = st.pile_cards
        v = res.verdicts
        closing = res.closing_team
        count = {k: sum(1 for x in v if x == k) for k in ("correct", "wrong", "cancelled")}
        pts = sum(POINTS[c] for c, x in zip(pile, v) if x == "correct" and KIND[c] == ACTION)
        lines = []
        if closing is None:
            lines.append("No Stop: both teams' cards were judged; the higher total won (Robbers on a tie).")
        else:
            t = TEAMS.index(closing)
            who = self.seat_name(st.pile_seats[-1])
            if v[-1] == "stop wrong":
                lines.append(f"{who}'s Stop did not fit the card under it (none of its two objects is a hook in the "
                             f"{closing.title()} row), so the other team wins whatever the points.")
            else:
                lines.append(f"{who} ({closing.title()}) laid a fitting Stop: only {_team_cards(closing)} are judged.")
            lines.append(f"Counted: {count['correct']} cards, {pts} points — each one's main object is a hook of "
                         f"the card right under it, in its team's row.")
            lines.append(f"Not counted: {count['wrong']} wrong (no such hook under them), {count['cancelled']} "
                         f"cancelled (the other team laid a Deny of the same object on them).")
            goal = self.rules.view(st, None).targets[t]
            lines.append(f"Target {goal}: {pts} {'reaches' if pts >= goal else 'does not reach'} it — the "
                         f"{res.winner.title()} win the {CARDS[pile[0]].name}." if v[-1] != "stop wrong" else
                         f"The {res.winner.title()} win the {CARDS[pile[0]].name}.")
        return lines

    def draw_practice(self, surf) -> None:
        r = pygame.Rect(W // 2 - 500, TOP_BAND.y + 2, 1000, TOP_BAND.height - 4)  # over the bots, clear of the rows
        panel(surf, r, 255, (12, 26, 19), GOLD, 12)
        y = r.y + 10
        for line in self.practice_lines():
            _fit_text(surf, line, (r.centerx, y + 8), r.width - 24, 16, WHITE)
            y += 25
        keys = " / ".join(sorted({self.app.input.hint(self.match.seats[s].device, "A") for s in self.hand_seats}))
        draw_text(surf, f"Practice pause — {keys}: next round", (r.centerx, r.bottom - 16), 17, GOLD, bold=True,
                  anchor="center")

    # --- hands: order, cursor ---------------------------------------------------------------------------------------
    def hand_order(self, seat: int) -> list[int]:
        """The seat's hand in the table's display order (its own sort mode)."""
        return sorted(self.match.state.hands[seat], key=_sort_key(self.sort_mode.get(seat, 0)))

    def cursor_of(self, seat: int, n: int) -> int:
        return max(0, min(self.sel.get(seat, 0), n - 1)) if n else 0

    def human_controls(self) -> None:
        inp = self.app.input
        st = self.match.state
        top = st.pile_cards[-1]
        if st.phase == COUNTDOWN:  # the cards are face down: nothing to move, sort or lay yet
            for seat in self.hand_seats:
                if inp.pressed("A", [self.match.seats[seat].device]):
                    self.notes[seat] = ("wait for START!", st.tick + 60)
            return
        for seat in self.hand_seats:
            dev = [self.match.seats[seat].device]
            if inp.pressed("B", dev):
                self.sort_mode[seat] = mode = 1 - self.sort_mode.get(seat, 0)
                self.notes[seat] = (f"sorted {SORT_NAMES[mode]}", st.tick + 60)
                self.app.audio.play("flip")
            order = self.hand_order(seat)
            n = len(order)
            if not n:
                continue
            if self.mouse_controls(seat, order):
                continue
            i = self.cursor_of(seat, n)
            for button, step in (("LEFT", -1), ("RIGHT", 1)):
                if inp.menu(button, dev):
                    i = (i + step) % n
                    self.chosen[seat] = order[i]  # moved onto by hand: a Stop there is the player's choice
                    self.app.audio.play("move")
            for button, step in (("DOWN", 1), ("UP", -1)):
                if inp.menu(button, dev):
                    j = self.jump(seat, order, i, step, top)
                    if j != i:
                        i = j
                        self.chosen[seat] = order[i] if KIND[order[i]] == STOP else -1
                        self.app.audio.play("move")
            self.sel[seat] = i
            if inp.pressed("A", dev) and st.phase == PLAY:
                card = order[i]
                if KIND[card] == STOP and self.chosen.get(seat) != card:
                    # the cursor came to this Stop by itself (the hand shrank under it): a Stop ends the round, so it
                    # is laid only by a deliberate key: this press chooses it, the next one lays it
                    self.chosen[seat] = card
                    self.notes[seat] = (f"Stop selected: {self.app.input.hint(dev[0], 'A')} again to lay it",
                                        st.tick + 120)
                    self.app.audio.play("flip")
                elif self.coach_allows(seat, card + 1):
                    self.match.submit(seat, card + 1)

    # --- the mouse: point at a card of your hand to choose it, click to lay it ------------------------------------
    MOUSE_HINT = "click a card to lay it, or drag it onto the pile"

    def hand_rects(self, seat: int, n: int) -> list[pygame.Rect]:
        """Where the seat's ``n`` hand cards lie (px), as ``layout`` places them (later cards overlap earlier)."""
        area = self.areas[seat].rect
        avail = area.width - 20 - HW
        step = min(HW + 6, avail / max(1, n - 1))
        x0 = area.x + 10 + HW / 2 + max(0, (avail - step * (n - 1)) / 2)
        y = area.y + HAND_TOP + HH // 2
        top = y - HH // 2 - SEL_LIFT
        return [pygame.Rect(round(x0 + j * step) - HW // 2, top, HW, HH + SEL_LIFT) for j in range(n)]

    def mouse_controls(self, seat: int, order: list[int]) -> bool:
        """The mouse's seat: pointing at a card moves the cursor there, a click lays it (a race: no second click),
        a right-click switches the hand's order. True when the mouse acted this tick."""
        if self.mouse_seat() != seat:
            return False
        inp, st = self.app.input, self.match.state
        rects = self.hand_rects(seat, len(order))[::-1]  # the topmost card first
        if inp.right_click:
            self.sort_mode[seat] = mode = 1 - self.sort_mode.get(seat, 0)
            self.notes[seat] = (f"sorted {SORT_NAMES[mode]}", st.tick + 60)
            return True
        k = inp.clicked(rects)
        if k is not None:  # pressed: laid when let go, here (a click) or over the pile (dragged there)
            self.sel[seat] = len(order) - 1 - k
            self.drag_card = (seat, self.sel[seat])
        elif inp.clicks:
            self.drag_card = None
        done = self.let_go(seat)
        if done is None:
            if k is None and inp.mouse_moved and inp.hover(rects) is not None and inp.dragging is None:
                self.sel[seat] = len(order) - 1 - inp.hover(rects)
            return k is not None
        j, end, dragged = done
        if j >= len(order) or (dragged and not self.pile_rect().collidepoint(end)):
            return True  # let go away from the pile: the card goes back to the hand
        if st.phase == PLAY:
            if self.coach_allows(seat, order[j] + 1):
                self.match.submit(seat, order[j] + 1)
        elif st.phase == COUNTDOWN:
            self.notes[seat] = ("wait for START!", st.tick + 60)
        return True

    def pile_rect(self) -> pygame.Rect:
        """Where a dragged card may be let go to lay it: the pile, with a margin (px)."""
        r = pygame.Rect(0, 0, PW + 60, PH + 60)
        r.center = (PX, PY)
        return r

    def hand_key(self, seat: int, index: int):
        order = self.hand_order(seat)
        return ("card", order[index]) if 0 <= index < len(order) else None

    def jump(self, seat: int, order: list[int], i: int, step: int, top: int) -> int:
        """The next index (``step`` ±1) whose card fits the top card (assist on) or shows another object (assist
        off). "Next fit" never lands on a Stop unless the assist says that Stop wins now (it glows gold); with the
        assist off it never lands on a Stop (issue #16: a Stop is laid only by an explicit choice). In a tutorial's
        lesson it goes to the cards the coach asks for (``coach_wants``), and only to them."""
        n = len(order)
        team = self.team_of(seat)
        assist = self.assist()
        wants = self.coach_wants(seat)
        for k in range(1, n):
            j = (i + step * k) % n
            c = order[j]
            if wants is not None:  # a tutorial's lesson: the card it asks for
                if c in wants:
                    return j
                continue
            if KIND[c] == STOP:
                if assist and self.stop_wins(seat, c):
                    return j
                continue
            if assist:
                if _fits(c, top, team):
                    return j
            elif (KIND[c], MAIN[c]) != (KIND[order[i]], MAIN[order[i]]):
                return j
        return i

    # --- layout: where every sprite should be ----------------------------------------------------------------------
    def after_tick(self) -> None:
        self.layout()
        self.board.update()
        if self.warm:  # build the big faces ahead of need, one a tick (the countdown is long enough)
            gc.card_face(self.warm.pop(), PW, PH)

    def layout(self) -> None:
        st = self.match.state
        view = self.rules.view(st, None)
        targets: dict[Any, Placed] = {}
        content: dict[Any, tuple] = {}
        new_round = view.round != self.round_seen
        if new_round:
            self.round_seen = view.round
        if st.phase == COUNTDOWN or (st.events and any(e[0] == "start" for e in st.events)):
            self.start_tick = st.phase_end if st.phase == COUNTDOWN else st.tick
        pile = view.pile_cards
        n = len(pile)
        reveal = st.phase in (REVEAL, OVER) and st.result is not None
        top = pile[-1]
        # tallies
        for team in (0, 1):
            for j, loc in enumerate(view.locations_won[team]):
                targets[("loc", loc)] = Placed(*self.chip_pos(team, j), True, 5, 0.3, 0, "chip")
        # the pile
        if reveal:
            self.layout_reveal(view, st, targets, content)
        else:
            self.reveal_info = {}
            if n != self.pile_seen:  # build what the newest cards will need: turned in the fan, small in the reveal
                for i in range(max(1, min(self.pile_seen, n)), n):
                    gc.rotated(pile[i], FW, FH, FAN_ANGLES[i % len(FAN_ANGLES)])
                    gc.card_face(pile[i], *gc.ROW_SIZE)
                self.pile_seen = n
            for i in range(max(0, n - 1 - FAN), n):
                d = n - 1 - i
                key = ("loc", pile[i]) if i == 0 else ("card", pile[i])
                if d == 0:
                    targets[key] = Placed(PX, PY, True, 200 + i, 1.0, 0, "pile", 0)
                else:
                    x, y, ang = FAN_X - (d - 1) * FAN_STEP, PY + 40 - 6 * d, FAN_ANGLES[i % len(FAN_ANGLES)]
                    targets[key] = Placed(x, y, True, 200 + i, FAN_SCALE, 0, "fan", ang)
                content[key] = (view.pile_seats[i],)
        # human hands
        assist = self.assist() and self.awake()
        for seat in self.hand_seats:
            area = self.areas[seat].rect
            order = self.hand_order(seat)
            k = len(order)
            team = self.team_of(seat)
            i_sel = self.cursor_of(seat, k)
            avail = area.width - 20 - HW
            step = min(HW + 6, avail / max(1, k - 1))
            x0 = area.x + 10 + HW / 2 + max(0, (avail - step * (k - 1)) / 2)
            y = area.y + HAND_TOP + HH // 2
            up = self.peeking(seat)
            wants = self.coach_wants(seat)
            for j, c in enumerate(order):
                key = ("card", c)
                sel = j == i_sel and up
                targets[key] = Placed(round(x0 + j * step), y, up, 600 if sel else 300 + j, HAND_SCALE,
                                      SEL_LIFT if sel else 0, "hand")
                glow = None
                if wants is not None:  # a tutorial's lesson: only what the coach asks for glows
                    glow = (GOLD if KIND[c] == STOP else GREEN) if c in wants else None
                elif assist and not reveal and _fits(c, top, team):
                    if KIND[c] != STOP:
                        glow = GREEN
                    elif self.team_totals(view)[team] >= view.targets[team]:
                        glow = GOLD
                content[key] = (seat, glow, sel)

        def origin(key):
            if key[0] == "loc":
                if reveal or key[1] != pile[0]:
                    return Placed(FAN_X - (FAN - 1) * FAN_STEP, PY, True, 150, FAN_SCALE, 0, "fan")
                return Placed(PX, 40, False, 900, 1.0, 0, "pile")
            c = key[1]
            if reveal:  # a card that was hidden deep in the pile
                return Placed(FAN_X - (FAN - 1) * FAN_STEP, PY, True, 150, FAN_SCALE, 0, "fan")
            idx = pile.index(c) if c in pile else -1
            if idx >= 0:
                seat = view.pile_seats[idx]
                area = self.areas.get(seat)
                if area is not None:
                    cx, cy = area.rect.center
                    return Placed(cx - 20, cy + 8, True, 900, BACK_SCALE, 0, "pile")
                return Placed(PX, PY, True, 900, 1.0, 0, "pile")
            return Placed(PX, PY, False, 100, HAND_SCALE, 0, "hand")  # dealt

        self.board.stagger = 1 if new_round else 0
        self.board.set_targets(targets, origin)
        self.board.stagger = 0
        self.content = content

    def chip_pos(self, team: int, j: int) -> tuple[int, int]:
        cw = CHIP[0] + 6
        if team == 0:
            return 128 + j * cw + CHIP[0] // 2, STRIP.centery
        return W - 128 - j * cw - CHIP[0] // 2, STRIP.centery

    def team_totals(self, view) -> tuple[int, int]:
        """Each team's correct total on the pile as if it closed now (cached per pile)."""
        key = (view.round, len(view.pile_cards))
        if self.totals_cache[0] != key:
            self.totals_cache = (key, (team_total(view.pile_cards, 0), team_total(view.pile_cards, 1)))
        return self.totals_cache[1]

    # --- the reveal: timeline and rows ------------------------------------------------------------------------------
    def reveal_time(self, st) -> int:
        """Ticks since the round ended (large once the game is over: everything shown)."""
        if st.phase == OVER:
            return 10 ** 6
        return st.reveal_ticks - (st.phase_end - st.tick)

    def layout_reveal(self, view, st, targets, content) -> None:
        res = st.result
        pile = view.pile_cards
        n = len(pile)
        R = st.reveal_ticks
        rt = self.reveal_time(st)
        cls = "row" if n <= 40 else "rowsm"
        (rw, rh), step, per_row, pitch = ROW_CLASSES[cls]
        scale = rw / PW
        closing = res.closing_team
        judged = [i for i in range(1, n) if res.verdicts[i] not in ("opponent's", "location")
                  and not res.verdicts[i].startswith("stop")]
        spread = max(1, min(40, R * 12 // 100))
        stop_first = closing is not None
        stop_wrong = res.verdicts[-1] == "stop wrong"
        k = 0 if stop_wrong else max(1, min(8, R * 45 // 100 // max(1, len(judged))))
        t_stop = spread
        t0 = spread + (R // 8 if stop_wrong else max(1, k * 3) if stop_first else 0)
        when = {i: t0 + j * k for j, i in enumerate(judged)}
        counted_end = t0 + len(judged) * k + (R // 8 if stop_wrong else 0)
        fly = max(counted_end + 2, min(counted_end + R // 8, R - 24))
        shown = {}
        counts = [0, 0]
        for i in range(n):
            v = res.verdicts[i]
            if v in ("opponent's", "location"):
                show = rt >= spread
            elif v.startswith("stop"):
                show = rt >= t_stop
            else:
                show = rt >= when[i]
            shown[i] = v if show else None
            if show and v == "correct" and KIND[pile[i]] == ACTION:
                counts[TEAM[pile[i]]] += POINTS[pile[i]]
        rows = (n + per_row - 1) // per_row
        winner = TEAMS.index(res.winner)
        for i, c in enumerate(pile):
            r, col = divmod(i, per_row)
            in_row = min(per_row, n - r * per_row)
            x = W // 2 - (in_row - 1) * step / 2 + col * step
            y = ROWS_MID - (rows - 1) * pitch // 2 + r * pitch
            v = shown[i]
            lift = (10 if cls == "row" else 6) if v in ("correct", "stop correct") else 0
            key = ("loc", c) if i == 0 else ("card", c)
            if i == 0 and rt >= fly:
                won = view.locations_won[winner]
                j = won.index(c) if c in won else len(won)
                targets[key] = Placed(*self.chip_pos(winner, j), True, 950, 0.3, 0, "chip")
                continue
            targets[key] = Placed(round(x), y, True, 200 + i, scale, lift, cls)
            content[key] = (view.pile_seats[i], v)
        self.reveal_info = {"rt": rt, "counts": tuple(counts), "done": rt >= counted_end, "stop_shown": rt >= t_stop,
                            "cls": cls, "fly": rt >= fly}

    # --- events -----------------------------------------------------------------------------------------------------
    def on_events(self, events: tuple) -> None:
        tick = self.match.tick_count
        for ev in events:
            sound = {"lay": "slap", "start": "start", "round_end": "stop", "location": "coin", "deal": "deal"}.get(
                ev[0])
            if sound:
                self.app.audio.play(sound, tick)

    # --- drawing ----------------------------------------------------------------------------------------------------
    def draw_action_panel(self, surf) -> None:
        """Grisbi draws each human's controls in that seat's area."""

    def draw_hud(self, surf) -> None:
        if self.demo:
            return
        starts = sorted({self.app.input.hint(self.match.seats[s].device, "START") for s in self.hand_seats})
        if self.app.top is not self:  # an overlay shows its own hint bar
            return
        hint_bar(surf, ["Esc" + (" / " + " / ".join(starts) if starts else "") + " pause",
                        ("practice · " if self.practice() else "") + "assist " + ("on" if self.assist() else "off")
                        + f" · {self.match.state.pace} pace"])
        if self.message_ticks and self.message:
            r = pygame.Rect(0, 0, 520, 36)
            r.center = (PX, PY - PH // 2 - 24)
            panel(surf, r, 220, (60, 20, 10), GOLD, 10)
            draw_text(surf, self.message, r.center, 18, WHITE, anchor="center")

    def draw(self, surf: pygame.Surface, alpha: float) -> None:
        """The whole table over its cached background (felt, strip, seat panels, hints), then the HUD. A spectator's
        view: the human hands are read seat by seat from the state, each face up in its own area."""
        surf.blit(self.background(), (0, 0))
        self.draw_table(surf, self.rules.view(self.match.state, None), alpha)
        paused = self.practice_pause()
        coached = self.coach is not None and not self.coach_finished()
        if paused and not coached:
            self.draw_practice(surf)
        self.draw_hud(surf)
        if coached or not paused:  # a tutorial's coach says what the practice panel would (they share the place)
            self.draw_coach(surf)

    def coach_finished(self) -> bool:
        return self.coach_done is not None and self.coach_done(self.rules.view(self.match.state, None))

    def coach_at(self) -> tuple[int, int, int, int]:
        """The coach's free corner: right of the pile (and of the START sign) in play; the whole top band (over the
        bots) during the reveal, whose rows and counter fill the middle."""
        if self.match.state.phase in (REVEAL, OVER):
            return W // 2 - 500, TOP_BAND.y + 2, 1000, TOP_BAND.height - 4
        return (*self.COACH_AT, 0)

    def background(self) -> pygame.Surface:
        """Felt, status strip, seat panels with their fixed labels and key hints, the pile's place: built once per
        layout and assist setting."""
        key = (self.assist(), tuple(sorted((s, tuple(a.rect), a.kind) for s, a in self.areas.items())))
        if self._bg is None or self._bg[0] != key:
            bg = felt().copy()
            view = self.rules.view(self.match.state, None)
            self.draw_strip_base(bg, view)
            for seat, area in self.areas.items():
                self.draw_area_base(bg, seat, area, view)
            self.draw_pile_base(bg, view)
            self._bg = (key, bg.convert())
        return self._bg[1]

    def draw_table(self, surf: pygame.Surface, view, alpha: float) -> None:
        st = self.match.state
        reveal = bool(self.reveal_info)
        self.draw_strip(surf, view)
        for seat, area in self.areas.items():
            if area.kind == "box":
                self.draw_box(surf, seat, area.rect, view)
        if reveal:
            r = CENTRE.inflate(-8, 0)
            pygame.draw.rect(surf, (12, 26, 19), r, border_radius=16)
            pygame.draw.rect(surf, GOLD, r, 2, border_radius=16)
            self.draw_reveal_header(surf, view, st)
        self.draw_sprites(surf, alpha)
        for seat, area in self.areas.items():
            if area.kind == "hand":
                self.draw_hand_labels(surf, seat, area.rect, view)
        if not reveal:
            self.draw_pile_labels(surf, view, st)
        if st.phase == COUNTDOWN:
            self.draw_countdown(surf, view)
        elif st.phase == PLAY and st.tick - self.start_tick < START_TICKS:
            self.draw_start(surf, st.tick - self.start_tick)

    def draw_strip_base(self, surf, view) -> None:
        panel(surf, STRIP, 200, (8, 16, 12), radius=0)
        for team in (0, 1):
            col = gc.TEAM_COLOURS[TEAMS[team]]
            for j in range(3):
                r = pygame.Rect(0, 0, *CHIP)
                r.center = self.chip_pos(team, j)
                panel(surf, r, 120, (30, 40, 34), (90, 110, 96), CHIP[1] // 3)
            if team == 0:
                draw_text(surf, "ROBBERS", (14, STRIP.centery - 10), 20, col, bold=True, anchor="midleft")
                draw_text(surf, f"target {view.targets[0]}", (14, STRIP.centery + 11), 16, DIM, anchor="midleft")
            else:
                draw_text(surf, "POLICE", (W - 14, STRIP.centery - 10), 20, col, bold=True, anchor="midright")
                draw_text(surf, f"target {view.targets[1]}", (W - 14, STRIP.centery + 11), 16, DIM,
                          anchor="midright")

    def draw_strip(self, surf, view) -> None:
        loc = CARDS[view.location].name
        msg = f"Round {view.round + 1} · {loc}"
        if view.time_left is not None:
            secs = (view.time_left + 59) // 60
            msg += f" · {secs // 60}:{secs % 60:02d}"
        _fit_text(surf, msg, (W // 2, STRIP.centery), 2 * (self.chip_pos(1, 2)[0] - CHIP[0] // 2 - W // 2) - 12,
                  18, GOLD, bold=True)

    def draw_area_base(self, surf, seat: int, area: Area, view) -> None:
        """A seat's panel in its team colour, with what never changes: a bot's name, a human's key hints."""
        rect = area.rect
        team = view.teams[seat]
        col = gc.TEAM_COLOURS[team]
        if area.kind == "hand":
            panel(surf, rect, 150, (10, 20, 16), col, 12)
            dev = self.match.seats[seat].device
            h = self.app.input.hint
            hint = (f"{h(dev, 'LEFT')}/{h(dev, 'RIGHT')} card · {h(dev, 'UP')}/{h(dev, 'DOWN')} "
                    f"{'next fit' if self.assist() else 'next object'} · {h(dev, 'A')} LAY · {h(dev, 'B')} sort")
            if dev == "mouse":
                hint = "point at a card · click to LAY it · right-click sort"
            elif self.mouse_seat() == seat:
                hint += " · or click a card"
            _fit_text(surf, hint, (rect.centerx, rect.bottom - 9), rect.width - 16, 16, WHITE)
            return
        panel(surf, rect, 170, (10, 20, 16), col, 12)
        spec = self.match.seats[seat]
        draw_text(surf, self.seat_name(seat), (rect.x + 10, rect.y + 5), 18, WHITE, bold=True)
        draw_text(surf, team.upper(), (rect.right - 10, rect.y + 7), 16, col, bold=True, anchor="topright")
        if spec.kind == "bot":
            draw_text(surf, f"{spec.level} bot · {self.match.state.pace} pace", (rect.x + 10, rect.y + 27), 16, DIM)
        draw_text(surf, "cards", (rect.right - 30, rect.bottom - 16), 16, DIM, anchor="center")

    def draw_box(self, surf, seat: int, rect: pygame.Rect, view) -> None:
        team = view.teams[seat]
        if self.laid_recently(view, seat):
            pygame.draw.rect(surf, GOLD, rect, 4, border_radius=12)
        count = view.hand_counts[seat]
        surf.blit(_backs(team, min(count, 10)), (rect.x + 10, rect.bottom - 12 - gc.BACK_SMALL[1]))
        draw_text(surf, str(count), (rect.right - 30, rect.bottom - 44), 30, WHITE, bold=True, anchor="center")

    @staticmethod
    def laid_recently(view, seat: int, ticks: int = 24) -> bool:
        for i in range(len(view.pile_seats) - 1, max(0, len(view.pile_seats) - 12), -1):
            if view.tick - view.pile_ticks[i] > ticks:
                return False
            if view.pile_seats[i] == seat:
                return True
        return False

    def draw_hand_labels(self, surf, seat: int, rect: pygame.Rect, view) -> None:
        """A human area's name, team, counts and key hints (drawn over the hand's cards)."""
        team = view.teams[seat]
        col = gc.TEAM_COLOURS[team]
        nx = rect.x + 16 + text(self.seat_name(seat), 16, WHITE, True).get_width()
        tw = text(team.upper(), 16, col, True).get_width()
        panel(surf, (rect.x + 4, rect.y + 2, nx + tw + 6 - rect.x - 4, PLATE_H), 220, (10, 20, 16), None, 6)
        draw_text(surf, self.seat_name(seat), (rect.x + 10, rect.y + 3), 16, WHITE, bold=True, shadow=True)
        draw_text(surf, team.upper(), (nx, rect.y + 4), 16, col, bold=True, shadow=True)
        right = self.hand_status(seat, view)
        draw_text(surf, right, (rect.right - 10, rect.y + 4), 16, DIM, anchor="topright", shadow=True)
        note = self.notes.get(seat)
        if note and note[1] > self.match.state.tick:
            draw_text(surf, note[0], (rect.centerx, rect.y + 4), 16, GOLD, bold=True, anchor="midtop", shadow=True)

    def hand_status(self, seat: int, view) -> str:
        """The line at the top right of a human's area: the cards held and, assist on, the seat's own team's total
        against its target (never the other team's: "it's very difficult to be sure" of what they have)."""
        right = f"{len(self.match.state.hands[seat])} cards"
        if self.assist() and self.awake():
            t = self.team_of(seat)
            right = f"team {self.team_totals(view)[t]}/{view.targets[t]} · " + right
        return right

    def draw_pile_base(self, surf, view) -> None:
        r = pygame.Rect(0, 0, PW + 16, PH + 16)
        r.center = (PX, PY)
        pygame.draw.rect(surf, (14, 70, 45), r, border_radius=14)
        pygame.draw.rect(surf, (40, 120, 80), r, width=2, border_radius=14)

    def draw_pile_labels(self, surf, view, st) -> None:
        pile = view.pile_cards
        n = len(pile)
        if n <= 1:
            draw_text(surf, "The Location opens the pile", (PX, PY + PH // 2 + 20), 16, DIM, anchor="center")
            return
        seat = view.pile_seats[-1]
        team = view.teams[seat]
        msg = f"laid by {self.seat_name(seat)}"
        y = PY + PH // 2 + 15
        plate = pygame.Rect((0, 0), font(17, True).size(msg)).inflate(16, 4)
        plate.center = (PX, y)
        panel(surf, plate, 220, (10, 20, 16), None, 8)  # the team colour reads on it (WCAG AA), not on the felt
        draw_text(surf, msg, (PX, y), 17, gc.TEAM_COLOURS[team], bold=True, anchor="center", shadow=True)
        if n >= 3 and view.pile_ticks[-1] == view.pile_ticks[-2] and view.tick - view.pile_ticks[-1] < 90:
            draw_text(surf, f"same instant as {self.seat_name(view.pile_seats[-2])}!", (PX, y + 19), 16, GOLD,
                      bold=True, anchor="center", shadow=True)
        count = f"pile: {n - 1}"
        plate = pygame.Rect((0, 0), font(16).size(count)).inflate(10, 4)
        plate.midleft = (PX + PW // 2 + 9, PY + PH // 2 - 10)
        panel(surf, plate, 200, (10, 20, 16), None, 6)  # readable over a long pile's fanned cards
        draw_text(surf, count, (PX + PW // 2 + 14, PY + PH // 2 - 10), 16, DIM, anchor="midleft")

    def draw_sprites(self, surf, alpha: float) -> None:
        content = self.content
        for key, p, width, moving in self.board.frames(alpha):
            card = key[1]
            info = content.get(key, ())
            tag = p.tag
            if tag == "chip" and not moving:
                img = gc.location_chip(card, *CHIP)
                surf.blit(img, img.get_rect(center=(int(p.x), int(p.y))))
                continue
            team = CARDS[card].team
            if not moving and p.scale == HAND_SCALE and tag == "hand":
                img = gc.card_face(card, HW, HH) if p.face_up else gc.card_back(team, HW, HH)
            elif not moving and tag in ROW_CLASSES:
                w, h = ROW_CLASSES[tag][0]
                img = gc.card_face(card, w, h)
            elif not moving and tag == "pile" and p.scale == 1.0:
                img = gc.rotated(card, PW, PH, p.angle) if p.face_up else gc.card_back(team, PW, PH)
            elif not moving and tag == "fan" and p.face_up:
                img = gc.rotated(card, FW, FH, p.angle)
            else:
                w = max(4, int(PW * p.scale * width))
                h = max(4, int(PH * p.scale))
                if p.face_up:
                    src = gc.card_face(card, PW, PH) if p.scale > 0.5 else gc.card_face(card, HW, HH)
                else:
                    src = gc.card_back(team, HW, HH)
                img = gc.scaled(src, w, h)
            r = img.get_rect(center=(int(p.x), int(p.y - p.lift)))
            if moving:
                sh = gc.dimmer(r.width, r.height, 80)
                surf.blit(sh, r.move(5, 7))
            if tag == "hand" and len(info) == 3:
                seat, glow, sel = info
                if glow is not None and not moving:
                    o = gc.outline(r.width, r.height, glow, 3)
                    surf.blit(o, o.get_rect(center=r.center))
                surf.blit(img, r)
                if sel and not moving:
                    self.draw_cursor(surf, r)
                continue
            verdict = info[1] if tag in ROW_CLASSES and len(info) == 2 and not moving else None
            if verdict in ("correct", "stop correct", "location"):
                o = gc.outline(r.width, r.height, GOLD if verdict == "location" else GREEN, 3)
                surf.blit(o, o.get_rect(center=r.center))
            surf.blit(img, r)
            if verdict is not None:
                self.draw_verdict(surf, r, verdict, card)

    def draw_cursor(self, surf, r: pygame.Rect) -> None:
        o = gc.outline(r.width, r.height, WHITE, 3)
        surf.blit(o, o.get_rect(center=r.center))
        pygame.draw.polygon(surf, GOLD, [(r.centerx - 9, r.bottom + 2), (r.centerx + 9, r.bottom + 2),
                                         (r.centerx, r.bottom - 8)])

    def draw_verdict(self, surf, r: pygame.Rect, v: str | None, card: int) -> None:
        if v is None:
            return
        by = r.top - 10 if r.height >= 70 else r.top + 7  # badges sit above a card, on a small one's top edge
        if v in ("opponent's",):
            surf.blit(gc.dimmer(r.width, r.height, 150), r)
        elif v == "correct" and KIND[card] == ACTION:
                _badge(surf, f"+{POINTS[card]}", (r.centerx, by), GREEN)
        elif v in ("wrong", "stop wrong"):
            surf.blit(gc.dimmer(r.width, r.height, 110), r)
            _cross(surf, r, RED)
        elif v == "cancelled":
            surf.blit(gc.dimmer(r.width, r.height, 80), r)
            _cross(surf, r, (245, 150, 30))
            _badge(surf, "denied", (r.centerx, by), (245, 150, 30))

    def draw_reveal_header(self, surf, view, st) -> None:
        res = st.result
        info = self.reveal_info
        closing = res.closing_team
        counts = info["counts"]
        x0 = CENTRE.x + 26
        if info["done"]:
            w = res.winner
            loc = CARDS[view.pile_cards[0]].name
            msg = f"THE {w.upper()} WIN THE GAME!" if st.phase == OVER else f"THE {w.upper()} WIN THE {loc.upper()}!"
            draw_text(surf, msg, (x0, CENTRE.y + 8), 30, gc.TEAM_COLOURS[w], bold=True, shadow=True)
        else:
            draw_text(surf, "Round over — judging the pile", (x0, CENTRE.y + 10), 26, GOLD, bold=True)
        if closing is not None:
            seat = view.pile_seats[-1]
            ok = res.verdicts[-1] == "stop correct"
            sub = f"{self.seat_name(seat)} ({closing.title()}) laid a Stop"
            if info["stop_shown"]:
                sub += f" — correct: count the {_team_cards(closing)}" if ok else " — WRONG: it does not fit!"
            draw_text(surf, sub, (x0, CENTRE.y + 44), 16, WHITE if ok else (255, 140, 120))
            t = TEAMS.index(closing)
            if ok or not info["stop_shown"]:
                self.draw_counter(surf, closing, counts[t], view.targets[t], (W - 40, CENTRE.y + 10))
            else:  # rule 1: a wrong Stop loses the round whatever the count
                draw_text(surf, "WRONG STOP", (W - 40, CENTRE.y + 10), 30, (255, 110, 90), bold=True,
                          anchor="topright", shadow=True)
                draw_text(surf, f"({counts[t]} points do not count)", (W - 40, CENTRE.y + 44), 16, DIM,
                          anchor="topright")
        else:
            reason = {"time": "Time is up", "empty": "Every hand is empty"}.get(self.round_reason(st), "Round over")
            draw_text(surf, f"{reason}: both teams' cards count, the higher total wins (Robbers on a tie)",
                      (x0, CENTRE.y + 44), 16, WHITE)
            self.draw_counter(surf, "robbers", counts[0], None, (W - 260, CENTRE.y + 10))
            self.draw_counter(surf, "police", counts[1], None, (W - 40, CENTRE.y + 10))

    def round_reason(self, st) -> str:
        for ev in st.events:
            if ev[0] == "round_end":
                return ev[3]
        return "time" if st.time_limit is not None else "empty"

    def draw_counter(self, surf, team: str, value: int, target: int | None, topright) -> None:
        col = gc.TEAM_COLOURS[team]
        label = f"{value} / {target}" if target is not None else str(value)
        r = draw_text(surf, label, topright, 30, col, bold=True, anchor="topright", shadow=True)
        p = gc.pip(team, 30)
        surf.blit(p, p.get_rect(midright=(r.left - 6, r.centery)))
        if target is not None:
            bar = pygame.Rect(topright[0] - 300, topright[1] + 40, 300, 10)
            pygame.draw.rect(surf, (40, 50, 44), bar, border_radius=5)
            fill = bar.copy()
            fill.width = max(0, min(bar.width, bar.width * value // max(1, target)))
            pygame.draw.rect(surf, GREEN if value >= target else col, fill, border_radius=5)
            pygame.draw.rect(surf, WHITE, bar, 1, border_radius=5)

    def draw_countdown(self, surf, view) -> None:
        secs = (view.countdown + 59) // 60
        draw_text(surf, "Get ready!", (PX, PY - PH // 2 - 26), 24, WHITE, bold=True, anchor="center", shadow=True)
        pygame.draw.circle(surf, (20, 20, 20), (PX, PY), 52)
        pygame.draw.circle(surf, GOLD, (PX, PY), 52, 4)
        frac = (view.countdown % 60) / 60
        if frac:
            pygame.draw.arc(surf, WHITE, pygame.Rect(PX - 47, PY - 47, 94, 94), math.pi / 2,
                            math.pi / 2 + 2 * math.pi * frac, 4)
        draw_text(surf, str(secs), (PX, PY), 64, GOLD, bold=True, anchor="center")

    def draw_start(self, surf, age: int) -> None:
        size = 92 if age < 6 else 84
        plate = pygame.Rect((0, 0), font(size, True).size("START!")).inflate(24, 6)
        plate.center = (PX, PY)
        panel(surf, plate, 240, (40, 12, 8), None, 12)  # the signal stays readable over the pile's cards
        r = draw_text(surf, "START!", (PX, PY), size, (255, 80, 60), bold=True, anchor="center", shadow=True)
        pygame.draw.rect(surf, GOLD, r.inflate(24, 6), 4, border_radius=12)

    # --- results ----------------------------------------------------------------------------------------------------
    def result_lines(self) -> list[str]:
        st = self.match.state
        won = st.locations_won
        if self.rules.is_over(st):
            w = 0 if len(won[0]) >= len(won[1]) else 1
            lines = [f"The {TEAMS[w].title()} win the game!"]
        else:
            lines = ["Game not finished"]
        for t in (0, 1):
            names = ", ".join(CARDS[c].name for c in won[t]) or "none"
            lines.append(f"{TEAMS[t].title()}: {len(won[t])} Location{'s' if len(won[t]) != 1 else ''} — {names}")
        for t in (0, 1):
            seats = [self.seat_name(s) for s in range(len(st.teams)) if st.teams[s] == t]
            lines.append(f"{TEAMS[t].title()} team: " + ", ".join(seats))
        return lines


# --- small cached pictures ------------------------------------------------------------------------------------------

_backs_cache: dict[tuple[str, int], pygame.Surface] = {}


def _backs(team: str, n: int) -> pygame.Surface:
    """``n`` small card backs fanned (a bot's hand), built once per (team, n)."""
    key = (team, n)
    s = _backs_cache.get(key)
    if s is None:
        bw, bh = gc.BACK_SMALL
        s = pygame.Surface((bw + max(0, n - 1) * 11, bh), pygame.SRCALPHA)
        for i in range(n):
            s.blit(gc.card_back(team, bw, bh), (i * 11, 0))
        _backs_cache[key] = s
    return s


def _team_cards(team: str) -> str:
    return "Robbers' cards" if team == "robbers" else "Police cards"


def _badge(surf, msg: str, center, col) -> None:
    img = text(msg, 14, (15, 15, 15), True)
    r = img.get_rect(center=center).inflate(10, 2)
    panel(surf, r, 235, col, radius=8)
    surf.blit(img, img.get_rect(center=r.center))


def _cross(surf, r: pygame.Rect, col) -> None:
    a = r.inflate(-r.width // 3, -r.height // 3)
    pygame.draw.line(surf, col, a.topleft, a.bottomright, 5)
    pygame.draw.line(surf, col, a.topright, a.bottomleft, 5)


def _fit_text(surf, msg: str, center, max_w: int, size: int, col, bold: bool = False) -> None:
    """Centred text, shrunk (down to 9 px) until it is at most ``max_w`` wide."""
    while size > 9 and font(size, bold).size(msg)[0] > max_w:
        size -= 1
    draw_text(surf, msg, center, size, col, bold=bold, anchor="center")


def card_art(ref: str) -> pygame.Surface | None:
    """A card for the rules page: "TEAM-KIND[-POINTS]" ("robbers-action-3", "police-deny", "robbers-stop",
    "location"): the first such card of the deck; None if there is none."""
    team, _, rest = ref.partition("-")
    kind, _, points = rest.partition("-")
    for c in CARDS:
        if ref == "location" and c.kind == "location" or (c.team == team and c.kind == kind and (
                not points or c.points == int(points))):
            return gc.card_face(c.id, HW * 2, HH * 2)
    return None
