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
shared screen, a real-time race: no curtain); a spectator (demo, no human) sees card backs only; a replay shows the
hand of the seat chosen with Tab in a hand area of its own (README: "Tab whose cards"). Cards laid on the same tick
fly together and land in the rules' stacking order, each a fan step apart.

Drawn from views (``Seating.views``): the strip, the pile, the reveal and the bots' counted backs from the public
view; a hand area's cards from its seat's view (the seats this screen shows: its humans, or a replay's chosen seat).

The reveal (``RoundScore`` of the state, during its ``reveal_ticks``): the pile spreads into rows in play order; the
Stop is judged first; the closing team's cards are judged one by one (correct ones lifted with a green frame and
their points counted up against the target, wrong ones veiled with a red cross, cancelled ones crossed in orange),
the other team's cards are veiled; then the winner is announced and the Location card flies to the winner's tally.
A wrong Stop is shown first and no count runs (rule 1: the other team wins whatever the points). A round ended
without a Stop judges both teams and counts both totals. The timeline is scaled to the state's ``reveal_ticks``.
"""

from __future__ import annotations

from typing import Any

import pygame

from arcade.core.i18n import N_, _, language, ngettext
from arcade.core.results import join_names
from arcade.games.grisbi import CARDS, COUNTDOWN, OVER, PLAY, REVEAL, TEAMS
from arcade.games.grisbi.cards import ACTION, KIND, LOCATION, MAIN, POINTS, STOP, TEAM, describe_card, lay_input
from arcade.games.grisbi.scoring import is_correct, team_total
from arcade.games.grisbi.table import cards as gc
from arcade.games.grisbi.terms import term
from arcade.client.render import palette as pal
from arcade.client.render.fonts import draw_text, size_to_fit
from arcade.client.render.tooltip import Tip
from arcade.client.render.tween import Placed
from arcade.client.render.widgets import GOLD, W, WHITE, felt, hint_bar, panel
from arcade.client.table import TableScene
from arcade.client.table.coach import Coach
# every name of the table module before it was split (art.py now), still importable from here
from arcade.games.grisbi.table.art import (  # noqa: F401
    _backs, _backs_cache, _badge, _band, _cross, _fit_text, _fits, _pace_word, _sort_key, _team_cards, _team_word,
    Area, BACK_SCALE, BOT_W,
    BOTTOM_BAND, card_art, CENTRE, CHIP, DEMO_BOXES, DENY, FAN, FAN_ANGLES, FAN_SCALE, FAN_STEP, FAN_X, FH, font,
    FW, HAND_SCALE, HAND_TOP, HH, HW, PH, PLATE_H, PW, PX, PY, ROW_CLASSES, ROWS_MID, seat_areas, SEL_LIFT,
    SIDE_BOXES, SORT_NAMES, START_TICKS, STRIP, start_sign_size, text, TOP_BAND)
from arcade.games.grisbi.table.panels import TablePanels

__all__ = ["Table", "seat_areas", "Area", "card_art"]


class Table(TableScene):
    """Grisbi's table scene (see the module docstring). Sprites: ``("card", id)`` for a card in a human hand or on
    the pile (the same key, so a laid card flies from the hand to the pile), ``("loc", id)`` for a Location (on the
    pile, in the reveal's row, then in its team's tally). Bots' hands are drawn as fans of backs, not sprites."""

    RESULT_FIGURE = N_("Locations won")
    END_DELAY = 210

    # --- set-up -----------------------------------------------------------------------------------------------------
    def wire(self) -> None:
        """The game's hooks and settings given to the table's components."""
        self.panels = TablePanels(self)
        self.coach.widths = Coach.WIDTHS + (1000,)  # the reveal's long lines: the whole top band, over the bots
        self.hud.mouse_hint = N_("click a card to lay it, or drag it onto the pile")
        c, t = self.coach, self.tooltips  # the coach's and the tooltips' hooks
        c.about, c.panels, c.layout = self.coach_about, self.coach_panels, self.layout_rects
        c.notices = self.notice_rects
        t.sources, t.key_tip, t.avoid = self.tips, self.key_tip, self.tip_avoid
        self.pointer.hand_key = self.hand_key
        self.choices.panel = self.draw_action_panel
        self.seating.started = self.started

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
        self.hand_seats: list[int] = []
        self.seat_hands(self.seating.views())
        self.layout()
        self.background()

    def seat_hands(self, views) -> None:
        """Give a hand area to each seat this screen shows (``views.seats``: its humans, or a replay's chosen seat),
        the others boxes of counted backs; the areas are placed again when those seats change (a replay's Tab)."""
        seats = sorted(views.seats)
        if seats != self.hand_seats or not hasattr(self, "areas"):
            self.hand_seats = seats
            self.areas = seat_areas(len(self.match.seats), seats, self.demo)

    def assist(self) -> bool:
        """The match's assist option (off in standard play, on in practice; ``GrisbiState.assist``)."""
        return bool(self.seating.public_view().assist)

    def practice(self) -> bool:
        return bool(self.seating.public_view().practice)

    def stop_wins(self, seat: int, card: int, view=None) -> bool:
        """What the assist says of a Stop in ``seat``'s hand: it fits the top card and the team's total has reached
        its target, i.e. laying it now would win the round (``view``: any view; default the public one)."""
        view = view or self.seating.public_view()
        team = self.team_of(seat)
        return (KIND[card] == STOP and is_correct(card, view.pile_cards[-1])
                and self.team_totals(view)[team] >= view.targets[team])

    def started(self, public) -> bool:
        """Hands are face down until START ("Corrections": players look at their cards at the start signal)."""
        return public.phase != COUNTDOWN

    def awake(self) -> bool:
        """Whether the hands' cursor, sort and assist work: only once play has started (not during the countdown)."""
        return self.seating.public_view().phase == PLAY

    def team_of(self, seat: int) -> int:
        """The seat's team, 0 robbers or 1 police (public)."""
        return TEAMS.index(self.seating.public_view().teams[seat])

    # --- practice: a pause after each round ------------------------------------------------------------------------
    def practice_pause(self) -> bool:
        """Practice mode: the table holds the match on the reveal's last tick until a player presses A (the round's
        cards stay laid out with their verdicts, and a panel says which counted and why)."""
        st = self.seating.public_view()
        return (st.practice and not self.demo and bool(self.hand_seats) and st.phase == REVEAL
                and st.reveal_left <= 1 and self.continued_round != st.round)

    def update(self) -> None:
        if not self.practice_pause():
            super().update()
            return
        inp = self.app.input
        devs = [self.match.seats[s].device for s in self.hand_seats]
        if self.coach.active and inp.escape_pressed:
            self.coach.leave()
            return
        if inp.escape_pressed or any(inp.pressed("START", [d]) for d in devs):
            self.app.open("pause", self)
            return
        if any(inp.pressed("A", [d]) for d in devs):
            self.continued_round = self.seating.public_view().round
            self.app.audio.play("select")
        self.after_tick()
        self.tooltips.follow()

    def practice_lines(self) -> list[str]:
        """Why the round went the way it did, in a few lines (practice pause): which cards counted and why."""
        st = self.seating.public_view()
        res = st.result
        if res is None:
            return []
        pile = st.pile_cards
        v = res.verdicts
        closing = res.closing_team
        count = {k: sum(1 for x in v if x == k) for k in ("correct", "wrong", "cancelled")}
        pts = sum(POINTS[c] for c, x in zip(pile, v) if x == "correct" and KIND[c] == ACTION)
        lines = []
        loc = describe_card(pile[0])
        won = (_("The Robbers win this Location: {location}.") if res.winner == "robbers" else
               _("The Police win this Location: {location}.")).format(location=loc)
        if closing is None:
            lines.append(_("No Stop: both teams' cards were judged; the higher total won (Robbers on a tie)."))
        else:
            t = TEAMS.index(closing)
            who = self.seat_name(st.pile_seats[-1])
            if v[-1] == "stop wrong":
                wrong = (_("{player}'s Stop did not fit the card under it (none of its two objects is a hook in the "
                           "Robbers row), so the other team wins whatever the points.") if closing == "robbers" else
                         _("{player}'s Stop did not fit the card under it (none of its two objects is a hook in the "
                           "Police row), so the other team wins whatever the points."))
                lines.append(wrong.format(player=who))
            else:
                lines.append(_("{player} ({team}) laid a fitting Stop: only {cards} are judged.").format(
                    player=who, team=_team_word(closing), cards=_team_cards(closing)))
            counted = ngettext("Counted: {n} card, {points} points — each one's main object is a hook of the card "
                               "right under it, in its team's row.",
                               "Counted: {n} cards, {points} points — each one's main object is a hook of the card "
                               "right under it, in its team's row.", count["correct"])
            lines.append(counted.format(n=count["correct"], points=pts))
            lines.append(_("Not counted: {wrong} wrong (no such hook under them), {cancelled} cancelled (the other "
                           "team laid a Deny of the same object on them).").format(wrong=count["wrong"],
                                                                                  cancelled=count["cancelled"]))
            goal = st.targets[t]
            if v[-1] != "stop wrong":
                reach = (_("Target {target}: {points} reaches it.") if pts >= goal
                         else _("Target {target}: {points} does not reach it.")).format(target=goal, points=pts)
                lines.append(_("{count} {won}").format(count=reach, won=won))
            else:
                lines.append(won)
        return lines

    def draw_practice(self, surf) -> None:
        r = pygame.Rect(W // 2 - 500, TOP_BAND.y + 2, 1000, TOP_BAND.height - 4)  # over the bots, clear of the rows
        panel(surf, r, 255, (12, 26, 19), GOLD, 12)
        y = r.y + 10
        for line in self.practice_lines():
            _fit_text(surf, line, (r.centerx, y + 8), r.width - 24, 16, WHITE)
            y += 25
        keys = " / ".join(sorted({self.app.input.hint(self.match.seats[s].device, "A") for s in self.hand_seats}))
        line = _("Practice pause — {keys}: next round").format(keys=keys)
        draw_text(surf, line, (r.centerx, r.bottom - 16), size_to_fit(line, r.width - 24, 17, bold=True), GOLD,
                  bold=True, anchor="center")

    # --- hands: order, cursor ---------------------------------------------------------------------------------------
    def hand_order(self, seat: int, view=None) -> list[int]:
        """The seat's hand in the table's display order (its own sort mode), from ``view`` (the seat's view that
        ``views`` hands the table; default: the seat's own view, for its controls)."""
        view = view or self.seating.seat_view(seat)
        return sorted(view.hand, key=_sort_key(self.sort_mode.get(seat, 0)))

    def cursor_of(self, seat: int, n: int) -> int:
        return max(0, min(self.sel.get(seat, 0), n - 1)) if n else 0

    def human_controls(self) -> None:
        inp = self.app.input
        st = self.seating.public_view()
        top = st.pile_cards[-1]
        if st.phase == COUNTDOWN:  # the cards are face down: nothing to move, sort or lay yet
            for seat in self.hand_seats:
                if inp.pressed("A", [self.match.seats[seat].device]):
                    self.notes[seat] = (_("wait for START!"), st.tick + 60)
            return
        for seat in self.hand_seats:
            dev = [self.match.seats[seat].device]
            if "B" in inp.device(dev[0]).released and self.tooltips.holds.get(seat, 0) < self.tooltips.TIP_HOLD:
                # a tap of B sorts the hand; held, B explains the card under the cursor (``key_tip``)
                self.sort_mode[seat] = mode = 1 - self.sort_mode.get(seat, 0)
                self.notes[seat] = (_(SORT_NAMES[mode]), st.tick + 60)
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
                    self.notes[seat] = (_("Stop selected: {key} again to lay it").format(
                        key=self.app.input.hint(dev[0], "A")), st.tick + 120)
                    self.app.audio.play("flip")
                elif self.coach.allows(seat, lay_input(card)):
                    self.match.submit(seat, lay_input(card))

    # --- the mouse: point at a card of your hand to choose it, click to lay it ------------------------------------

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
        if self.seating.mouse_seat() != seat:
            return False
        inp, st = self.app.input, self.seating.public_view()
        rects = self.hand_rects(seat, len(order))[::-1]  # the topmost card first
        if inp.right_click:
            self.sort_mode[seat] = mode = 1 - self.sort_mode.get(seat, 0)
            self.notes[seat] = (_(SORT_NAMES[mode]), st.tick + 60)
            return True
        k = inp.clicked(rects)
        if k is not None:  # pressed: laid when let go, here (a click) or over the pile (dragged there)
            self.sel[seat] = len(order) - 1 - k
            self.pointer.drag_card = (seat, self.sel[seat])
        elif inp.clicks:
            self.pointer.drag_card = None
        done = self.pointer.let_go(seat)
        if done is None:
            if k is None and inp.mouse_moved and inp.hover(rects) is not None and inp.dragging is None:
                self.sel[seat] = len(order) - 1 - inp.hover(rects)
            return k is not None
        j, end, dragged = done
        if j >= len(order) or (dragged and not self.pile_rect().collidepoint(end)):
            return True  # let go away from the pile: the card goes back to the hand
        if st.phase == PLAY:
            if self.coach.allows(seat, lay_input(order[j])):
                self.match.submit(seat, lay_input(order[j]))
        elif st.phase == COUNTDOWN:
            self.notes[seat] = (_("wait for START!"), st.tick + 60)
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
        wants = self.coach.wants(seat)
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
        self.seat_hands(self.seating.views())
        self.layout()
        self.board.update()
        if self.warm:  # build the big faces ahead of need, one a tick (the countdown is long enough)
            gc.card_face(self.warm.pop(), PW, PH)

    def layout(self) -> None:
        """Every sprite's place from the views: the pile and the tallies from the public view, a hand area's cards
        from its seat's view (face up once ``views.face_up`` says so)."""
        views = self.seating.views()
        st = view = views.public
        targets: dict[Any, Placed] = {}
        content: dict[Any, tuple] = {}
        new_round = view.round != self.round_seen
        if new_round:
            self.round_seen = view.round
        if st.phase == COUNTDOWN or (st.events and any(e[0] == "start" for e in st.events)):
            self.start_tick = st.tick + st.countdown if st.phase == COUNTDOWN else st.tick
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
            order = self.hand_order(seat, views.of(seat))
            k = len(order)
            team = self.team_of(seat)
            i_sel = self.cursor_of(seat, k)
            avail = area.width - 20 - HW
            step = min(HW + 6, avail / max(1, k - 1))
            x0 = area.x + 10 + HW / 2 + max(0, (avail - step * (k - 1)) / 2)
            y = area.y + HAND_TOP + HH // 2
            up = views.up(seat)
            wants = self.coach.wants(seat)
            for j, c in enumerate(order):
                key = ("card", c)
                sel = j == i_sel and up and not self.demo  # a replay's hand has no cursor: nobody plays it here
                targets[key] = Placed(round(x0 + j * step), y, up, 600 if sel else 300 + j, HAND_SCALE,
                                      SEL_LIFT if sel else 0, "hand")
                glow = None
                if wants is not None:  # a tutorial's lesson: only what the coach asks for glows
                    glow = (pal.FIT_STOP if KIND[c] == STOP else pal.FIT) if c in wants else None
                elif assist and not reveal and _fits(c, top, team):
                    if KIND[c] != STOP:
                        glow = pal.FIT
                    elif self.team_totals(view)[team] >= view.targets[team]:
                        glow = pal.FIT_STOP
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
        """Ticks since the round ended (large once the game is over: everything shown); ``st``: a view."""
        if st.phase == OVER:
            return 10 ** 6
        return st.reveal_ticks - st.reveal_left

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
        keys = [self.app.input.hint(self.match.seats[s].device, "B") for s in self.hand_seats
                if self.match.seats[s].device != "mouse"]
        explain = [_("hold {key}: explain a card").format(key=" / ".join(sorted(set(keys))))] if keys else []
        pause = _("{keys} pause").format(keys=" / ".join([_("Esc"), *starts]))
        table = (_("assist on · {pace} pace") if self.assist() else _("assist off · {pace} pace")).format(
            pace=_pace_word(self.seating.public_view().pace))
        if self.practice():
            table = _("practice · {settings}").format(settings=table)
        hint_bar(surf, [pause, *explain, table])
        if self.hud.message_ticks and self.hud.message:
            r = self.notice_rects()[0]
            panel(surf, r, 255, (60, 20, 10), GOLD, 10)
            msg = self.hud.message
            draw_text(surf, msg, r.center, size_to_fit(msg, r.w - 16, 18), WHITE, anchor="center")

    def draw(self, surf: pygame.Surface, alpha: float) -> None:
        """The whole table over its cached background (felt, strip, seat panels, hints), then the HUD. The public
        view, and each shown seat's hand from its own view in its own area (``views``)."""
        surf.blit(self.background(), (0, 0))
        self.draw_table(surf, self.seating.views(), alpha)
        paused = self.practice_pause()
        coached = self.coach.active and not self.coach_finished()
        if paused and not coached:
            self.draw_practice(surf)
        self.draw_hud(surf)
        if coached or not paused:  # a tutorial's coach says what the practice panel would (they share the place)
            self.draw_guide(surf)
        self.tooltips.draw(surf)

    def coach_finished(self) -> bool:
        return self.coach.done is not None and self.coach.done(self.seating.public_view())

    # --- the tutorial's coach: beside what its step names, never over it --------------------------------------------
    @staticmethod
    def sprite_rect(p: Placed) -> pygame.Rect:
        """Where a sprite placed at ``p`` lies (px), as ``draw_sprites`` draws it at rest."""
        if p.tag == "chip":
            w, h = CHIP
        elif p.tag == "hand":
            w, h = HW, HH
        elif p.tag in ROW_CLASSES:
            w, h = ROW_CLASSES[p.tag][0]
        elif p.tag == "fan":
            w, h = FW + 12, FH + 12
        else:
            w, h = int(PW * p.scale), int(PH * p.scale)
        r = pygame.Rect(0, 0, w, h)
        r.center = (int(p.x), int(p.y - p.lift))
        return r

    def pile_area(self) -> pygame.Rect:
        """The pile: its top card, the cards fanned beneath it on the left (as many as lie there, up to ``FAN``), its
        labels and the START sign over it (px)."""
        st = self.seating.public_view()
        fanned = min(FAN, len(st.pile_cards) - 1)
        word = _("START!")
        start = font(start_sign_size(word), True).size(word)[0] // 2 + 16
        left = FAN_X - (fanned - 1) * FAN_STEP - FW // 2 - 12 if fanned > 0 else PX - PW // 2 - 12
        if st.phase in (COUNTDOWN, PLAY) and st.tick - self.start_tick < START_TICKS:  # the sign shows
            left = min(left, PX - start)
        return pygame.Rect(left, PY - PH // 2 - 40, max(PX + PW // 2 + 70, PX + start) - left, PH + 84)

    def reveal_parts(self) -> list[pygame.Rect]:
        """During the reveal: its header and counter, and the rows of judged cards (px)."""
        rows = [self.sprite_rect(e.placed) for k, e in self.board.entries.items()
                if e.placed.tag in ROW_CLASSES]
        out = [pygame.Rect(CENTRE.x + 8, CENTRE.y + 4, CENTRE.w - 16, 66)]
        if rows:
            out.append(rows[0].unionall(rows[1:]).inflate(24, 30))
        return out

    def coach_about(self) -> list[pygame.Rect]:
        """The reveal's rows and header once the round is over; else the pile and the learner's hand."""
        humans = self.seating.humans()
        if not humans or humans[0] not in self.areas:
            return []
        if self.seating.public_view().phase in (REVEAL, OVER) and self.reveal_info:
            return self.reveal_parts()
        return [self.pile_area(), self.areas[humans[0]].rect]

    def coach_panels(self) -> list[pygame.Rect]:
        return [self.areas[s].rect for s in self.seating.humans()[:1] if s in self.areas]

    def notice_rects(self) -> list[pygame.Rect]:
        if not (self.hud.message_ticks and self.hud.message):
            return []
        r = pygame.Rect(0, 0, 520, 36)
        r.center = (PX, PY - PH // 2 - 24)
        return [r]

    def strip_parts(self) -> list[pygame.Rect]:
        """The team strip in three parts (px): the Robbers' name and target left of their chips, the chips and the
        round line, the Police's name and target right of theirs (the coach covers a label whole or not at all)."""
        left = self.chip_pos(0, 0)[0] - CHIP[0] // 2 - 6
        right = self.chip_pos(1, 0)[0] + CHIP[0] // 2 + 6
        return [pygame.Rect(8, STRIP.y, left - 8, STRIP.h), pygame.Rect(left, STRIP.y, right - left, STRIP.h),
                pygame.Rect(right, STRIP.y, W - 8 - right, STRIP.h)]  # the labels: 14 px in from the edges

    def layout_rects(self) -> list[pygame.Rect]:
        """The strip, the seats' areas and the pile; during the reveal the bots' boxes are left out (nobody plays:
        the coach may sit over them, where the practice pause's panel goes) and the reveal's rows come in."""
        out = [self.hud.name_rect()] + self.strip_parts()
        if self.seating.public_view().phase in (REVEAL, OVER) and self.reveal_info:
            return out + [a.rect for a in self.areas.values() if a.kind == "hand"] + self.reveal_parts()
        return out + [a.rect for a in self.areas.values()] + [self.pile_area()]

    # --- tooltips: the cards (Action, Deny, Stop, Location) and the hooks explained where they are ----------------
    def card_tip(self, rect, card: int, on_top: bool = False) -> Tip:
        """The tooltip of ``card`` lying at ``rect``: its kind; the top card of the pile: its hooks."""
        kind = KIND[card]
        key = "hooks" if on_top else ("action", "deny", "stop", "location")[kind]
        head, body = term(key)
        name = describe_card(card)
        if not on_top and kind != LOCATION:  # "Robbers' keys Action (3)", "Police Stop (...)" say it already
            return Tip(tuple(rect), name, body)
        return Tip(tuple(rect), _("{card} · {term}").format(card=name, term=head), body)

    def tips(self) -> list[Tip]:
        """Every card face up on the table: the hands shown here, the pile (its top card by its hooks), the
        reveal's rows and the won Locations."""
        pile = self.seating.public_view().pile_cards
        out = []
        for key, e in sorted(self.board.entries.items(), key=lambda ke: ke[1].placed.z):
            p = e.placed
            if not p.face_up:
                continue
            out.append(self.card_tip(self.sprite_rect(p), key[1], on_top=p.tag == "pile" and key[1] == pile[-1]
                                     and len(pile) > 0))
        return out

    def tip_avoid(self) -> list[pygame.Rect]:
        """What a tooltip never covers (px): the round line (the status strip) and every seat's box (a bot's cards
        and count, a LAN player's)."""
        return [STRIP] + [a.rect for a in self.areas.values() if a.kind == "box"]

    def key_tip(self, seat: int) -> Tip | None:
        """The card under ``seat``'s cursor (its hand shown here, play under way)."""
        if seat not in self.hand_seats or not self.seating.views().up(seat) or not self.awake():
            return None
        order = self.hand_order(seat)
        if not order:
            return None
        i = self.cursor_of(seat, len(order))
        return self.card_tip(self.hand_rects(seat, len(order))[i], order[i])

    def background(self) -> pygame.Surface:
        """Felt, status strip, seat panels with their fixed labels and key hints, the pile's place: built once per
        layout, assist setting and seat names (a LAN seat a bot takes over mid-match is renamed)."""
        key = (self.assist(), language(), tuple(sorted((s, tuple(a.rect), a.kind, self.seat_name(s),
                                                        self.match.seats[s]) for s, a in self.areas.items())))
        if self._bg is None or self._bg[0] != key:
            bg = felt().copy()
            view = self.seating.public_view()
            self.panels.draw_strip_base(bg, view)
            for seat, area in self.areas.items():
                self.panels.draw_area_base(bg, seat, area, view)
            self.panels.draw_pile_base(bg, view)
            self._bg = (key, bg.convert())
        return self._bg[1]

    def draw_table(self, surf: pygame.Surface, views, alpha: float) -> None:
        st = view = views.public
        reveal = bool(self.reveal_info)
        self.panels.draw_strip(surf, view)
        for seat, area in self.areas.items():
            if area.kind == "box":
                self.panels.draw_box(surf, seat, area.rect, view)
        if reveal:
            r = CENTRE.inflate(-8, 0)
            pygame.draw.rect(surf, (12, 26, 19), r, border_radius=16)
            pygame.draw.rect(surf, GOLD, r, 2, border_radius=16)
            self.panels.draw_reveal_header(surf, view, st)
        self.panels.draw_sprites(surf, alpha)
        for seat, area in self.areas.items():
            if area.kind == "hand":
                self.panels.draw_hand_labels(surf, seat, area.rect, view)
        if not reveal:
            self.panels.draw_pile_labels(surf, view, st)
        if st.phase == COUNTDOWN:
            self.panels.draw_countdown(surf, view)
        elif st.phase == PLAY and st.tick - self.start_tick < START_TICKS:
            self.panels.draw_start(surf, st.tick - self.start_tick)

    # --- results ----------------------------------------------------------------------------------------------------
    def result_lines(self) -> list[str]:
        st = self.match.state
        won = st.locations_won
        if self.rules.is_over(st):
            w = 0 if len(won[0]) >= len(won[1]) else 1
            lines = [_("The Robbers win the game!") if w == 0 else _("The Police win the game!")]
        else:
            lines = [_("Game not finished")]
        for t in (0, 1):
            names = join_names([describe_card(c) for c in won[t]]) or _("none")
            n = len(won[t])
            line = (ngettext("Robbers: {n} Location — {names}", "Robbers: {n} Locations — {names}", n) if t == 0
                    else ngettext("Police: {n} Location — {names}", "Police: {n} Locations — {names}", n))
            lines.append(line.format(n=n, names=names))
        for t in (0, 1):
            seats = ", ".join(self.seat_name(s) for s in range(len(st.teams)) if st.teams[s] == t)
            line = _("Robbers team: {players}") if t == 0 else _("Police team: {players}")
            lines.append(line.format(players=seats))
        return lines
