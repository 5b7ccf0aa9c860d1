"""The table scene shared by every game: the match loop, seats' controls, the curtain, the HUD, pause and results.

A game's own table subclasses ``TableScene`` and overrides ``draw_table`` (and, if it wants richer controls than the
generic action list, ``human_controls``). ``table_for(game_id)`` returns the class to use.

Whose cards are shown: in a demo or with no human, the spectator view (``view(state, None)``); with one human, that
seat's view; with two or more humans on one screen, the acting human's view, behind a pass-the-screen curtain that
the next player lifts with their own select key.

A table draws from views, never from the match's true state: ``views()`` hands it a ``TableViews`` (the public view,
the views of the seats shown on this screen and which of them are face up now), chosen by the one hidden-hand
policy (``arcade.core.visibility``) and answered by whoever holds the state (``Match.views``). ``draw_table`` and a
game's layout read only that; the controls of the seats this screen plays ask the match for their legal actions.
"""

from __future__ import annotations

import dataclasses

from dataclasses import dataclass
from typing import Any

import pygame

from arcade.core.i18n import N_, _, format_number
from arcade.games import definition_of
from arcade.client.input import MOUSE, zone_hint
from arcade.client.render.fonts import draw_text, font, size_to_fit, wrap
from arcade.client.render.tooltip import Tip, draw_tip, place_beside
from arcade.client.render.tween import SpriteBoard
from arcade.client.render.widgets import GOLD, H, W, WHITE, felt, hint_bar, panel, shade
from arcade.core.visibility import HandPolicy, TableViews, table_views
from arcade.client.scenes import Scene

__all__ = ["TableScene", "SeatMenu", "table_for", "level_word"]


@dataclass
class SeatMenu:
    """One human seat's place in a table's menus: ``sel`` the chosen hand slot, ``open`` whether that slot's popup
    menu is open, ``cur`` the cursor in it."""

    sel: int = 0
    open: bool = False
    cur: int = 0


HINT = (255, 190, 120)  # a coach's hint after a wrong action: warm, bold, first in the panel

LEVEL_WORDS = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}
"""A bot's level as a table's small print says it ("normal bot"), English ids."""


def level_word(level: str) -> str:
    """A bot's level in the player's language ("easy" -> "facile"); an unknown level as it is."""
    return _(LEVEL_WORDS[level]) if level in LEVEL_WORDS else level


def table_for(game_id: str) -> type["TableScene"]:
    """The table scene class of a game (its ``GameDefinition.load_table``)."""
    return definition_of(game_id).load_table()


class TableScene(Scene):
    name = "table"
    END_DELAY = 150  # ticks the finished table stays visible before the results
    CURTAIN_PROMPTS = (N_("Click to see your cards"), N_("Press {key} to see your cards"))
    """The curtain's last line, with the mouse and with a key (Grenade's hides a heart)."""
    ESC_HINT = N_("Esc pause")
    NOTICE_Y = 66  # the centre line of a notice (``flash``), px
    SHOW_WHILE_ACTING = True  # hidden-hand policy: False where a hand shows only while its owner peeks (Grit)

    def __init__(self, app, match, demo: bool = False, net: Any = None) -> None:
        super().__init__(app)
        self.net = net  # a LAN match's part of the table (``arcade.client.scenes.lan.NetTable``); None for a local one
        self.coach = None  # a tutorial's coach(view, seat, legal) -> lines (``play.start_tutorial``)
        self.coach_done = None  # and its done(view) -> bool, when the tutorial ends before the match
        self.coach_wanted = None  # and its wanted(view) -> the cards its lesson asks for (None: any)
        self.coach_refuse = None  # and its refuse(view, seat, input) -> a hint when that input is not sent
        self.coach_hint: tuple[str, int, list[str]] = ("", 0, [])  # the last hint, until which scene tick it shows,
        # and what the coach said then (the hint goes as soon as the coach says something else)
        self.match = match
        self.rules = match.rules
        self.definition = definition_of(match.game_id)
        self.demo = demo
        self.board = SpriteBoard()
        self.cursor: dict[int, int] = {}
        self.curtain_for: int | None = None
        self.drag_card: tuple[int, int] | None = None  # (seat, index in hand) pressed by the mouse, maybe dragged
        self.shown_seat: int | None = None
        self.over_ticks = 0
        self.message = ""
        self.message_ticks = 0
        self.forced_view: int | None | str = "auto"  # replays: the seat whose hidden cards are shown (None: nobody)
        self.ui: dict[int, SeatMenu] = {}
        self.changed_tick = 0  # this scene's tick when the match state last changed (a window's frame pacing)
        self._views: tuple[Any, dict] | None = None  # (state, what was worked out of it: views, who acts...)
        self.setup()

    # --- hooks for a game's own table ---------------------------------------------------------------------------
    def setup(self) -> None:
        """Called at creation and on restart."""

    def draw_table(self, surf: pygame.Surface, views: TableViews, alpha: float) -> None:
        """Paint the game from ``views`` (``TableViews``: the public view and the shown seats'; never the match's
        state). The generic table prints the fields of the view it is drawn around (``views.main``)."""
        panel(surf, (40, 80, W - 480, H - 170), 150)
        y = 96
        view = views.main
        fields = getattr(view, "__dataclass_fields__", {})
        for name in fields:
            val = getattr(view, name)
            s = f"{name}: {val}"
            if len(s) > 110:
                s = s[:107] + "…"
            draw_text(surf, s, (60, y), 16, WHITE)
            y += 22
            if y > H - 110:
                break

    def on_events(self, events: tuple) -> None:
        """Sounds and effects for the events of the tick just simulated (``state.events``)."""
        for ev in events:
            name = ev[0] if isinstance(ev, tuple) and ev and isinstance(ev[0], str) else str(ev)
            sound = {"deal": "deal", "lay": "slap", "play": "slide", "flip": "flip", "reveal": "flip",
                     "roll": "dice", "explode": "explosion", "explosion": "explosion", "pay": "coin",
                     "steal": "coin", "stop": "stop", "draw": "deal", "discard": "slide"}.get(name)
            if sound:
                self.app.audio.play(sound, self.match.tick_count)

    def result_lines(self) -> list[str]:
        """Title and lines of the results screen."""
        scores = self.rules.scores(self.match.state)
        best = max(scores)
        winners = [i for i, s in enumerate(scores) if s == best]
        lines = [_("Draw") if len(winners) > 1 else _("{player} wins!").format(player=self.seat_name(winners[0]))]
        for i, sc in enumerate(scores):
            lines.append(_("{player} ({who}): {score}").format(player=self.seat_name(i), who=self.match.seats[i].label,
                                                               score=format_number(sc)))
        return lines

    RESULT_FIGURE = N_("Score")  # the results table's last column (an English id: the results translate it)

    def result_rows(self) -> list[tuple[int, str]]:
        """The results table: (seat, final figure) best first. Default: the rules' scores."""
        scores = self.rules.scores(self.match.state)
        return [(s, format_number(scores[s])) for s in sorted(range(len(scores)), key=lambda s: (-scores[s], s))]

    def result_notes(self) -> list[str]:
        """The match's key numbers under the table (rounds won, hands played...)."""
        names = [self.seat_name(s) for s in range(len(self.match.seats))]
        return [ln for ln in self.result_lines()[1:] if not any(ln.startswith(n) for n in names)][:4]

    def seat_name(self, seat: int) -> str:
        """The seat's name (``Match.seat_name``: the one way a seat is named everywhere)."""
        return self.match.seat_name(seat)

    # --- the loop -----------------------------------------------------------------------------------------------
    def restart(self, new_seed: bool = False) -> None:
        if new_seed:
            self.match.seed = (self.match.seed * 6364136223846793005 + 1442695040888963407) % (1 << 63)
        recorded = self.match.recorder is not None
        self.match.restart()
        if recorded:
            from arcade.client.play import attach_recorder

            attach_recorder(self.app, self.match)
        self.board = SpriteBoard()
        self.cursor.clear()
        self.ui.clear()
        self.curtain_for = None
        self.over_ticks = 0
        self.setup()

    def humans(self) -> list[int]:
        return self.match.human_seats()

    def acting_humans(self) -> list[int]:
        """The human seats at this screen whose decision it is now (a race: those that may lay a card)."""
        humans = self.humans()
        now = self._now()
        key = ("acting", tuple(humans))
        if key not in now:
            if self.match.turn_based:
                acting = self.to_act()
                now[key] = [s for s in humans if s in acting]
            else:
                now[key] = [s for s in humans if self.legal(s)]
        return list(now[key])

    def to_act(self) -> frozenset[int]:
        """The seats that may act now (public: every player sees whose turn it is)."""
        now = self._now()
        if "to_act" not in now:
            now["to_act"] = frozenset(self.rules.to_act(self.match.state)) if self.match.turn_based else frozenset()
        return now["to_act"]

    def legal(self, seat: int) -> list:
        """The legal actions of a seat this screen plays, as the match's rules give them now (that seat's own
        choices: what its menus and prompts offer)."""
        return list(self.rules.legal_actions(self.match.state, seat))

    def seat_view(self, seat: int) -> Any:
        """The view of a seat this screen plays, for its own controls (its menus list its own cards); what is drawn
        comes from ``views``."""
        return self.match.views((seat,))[seat]

    def acting_shown(self) -> list[int]:
        """Acting human seats whose controls are live on this screen: none in a demo or behind the curtain; with
        several humans on one screen, only the seat shown now."""
        if self.demo or self.curtain_for is not None:
            return []
        many = len(self.humans()) > 1
        return [s for s in self.acting_humans() if not many or s == self.shown_seat]

    def hand_policy(self):
        """This screen's hidden-hand policy (``arcade.core.visibility.HandPolicy``): who sits here and how hands show."""
        return HandPolicy(tuple(self.humans()), self.demo, self.forced_view, not self.match.turn_based,
                          self.SHOW_WHILE_ACTING)

    def viewer(self) -> int | None:
        """The seat whose view is drawn (None: spectator), as the hidden-hand policy says."""
        return self.hand_policy().viewer(acting=self.acting_humans(), shown_seat=self.shown_seat)

    def peeking(self, seat: int) -> bool:
        """Whether ``seat``'s hidden cards are drawn face up now, as the hidden-hand policy says (every table asks
        this; none decides it alone)."""
        policy = self.hand_policy()
        if seat not in policy.humans and policy.forced == "auto":
            return False
        return policy.shows(seat, curtain=self.curtain_for is not None, shown_seat=self.shown_seat,
                            acting=self.acting_humans(), peek=self.peek_held(seat),
                            started=self.started(self.public_view()))

    def peek_held(self, seat: int) -> bool:
        """Whether ``seat``'s player (at this screen) holds their peek key (B) or the table's "Show my cards"
        button now."""
        return seat in self.humans() and (self.app.input.held("B", [self.match.seats[seat].device])
                                          or self.mouse_peek(seat))

    def views(self) -> TableViews:
        """What this screen may draw now (``arcade.core.visibility.TableViews``): the public view and the views of
        the seats it shows, as the hidden-hand policy chooses them, from whoever holds the state (``Match.views``)."""
        humans = tuple(self.humans())
        peeking = tuple(s for s in humans if self.peek_held(s))
        now = self._now()
        key = ("views", humans, peeking, self.curtain_for, self.shown_seat, self.forced_view, self.demo)
        if key not in now:
            source = self._view_source()
            now[key] = table_views(self.hand_policy(), source, curtain=self.curtain_for is not None,
                                   shown_seat=self.shown_seat, acting=self.acting_humans(), peeking=peeking,
                                   started=self.started(source((None,))[None]))
        return now[key]

    def public_view(self) -> Any:
        """The public view now (``view(state, None)``: what the rules show everyone)."""
        return self._view_source()((None,))[None]

    def _now(self) -> dict:
        """What was worked out of the state now (its views, who acts): worked out again once the state changes."""
        state = self.match.state  # compared by identity only: a new state asks everything again
        if self._views is None or self._views[0] is not state:
            self._views = (state, {})
        return self._views[1]

    def _view_source(self):
        """``Match.views`` remembering the views of the state now."""
        known = self._now().setdefault("seat views", {})

        def source(seats):
            seats = tuple(seats)
            missing = [s for s in seats if s not in known]
            if missing:
                known.update(self.match.views(missing))
            return {s: known[s] for s in seats}

        return source

    def mouse_peek(self, seat: int) -> bool:
        """Whether the mouse holds this table's "Show my cards" button for ``seat`` (tables with such a button
        override it; the policy still shows only the seat that lifted the curtain)."""
        return False

    def started(self, public: Any) -> bool:
        """A real-time game: whether the start signal has been given, from the ``public`` view (hands stay face
        down before it)."""
        return True

    def update(self) -> None:
        """One tick of the table: a LAN table's network part first (``net``), then the game's ``step``."""
        net = self.net
        if net is None:
            self.step()
        elif not net.before_update(self):
            self.step()
            net.after_update(self)
        self.follow_pointer()
        self.follow_tips()

    def step(self) -> None:
        """The table's own tick (a game's table may extend it): pause, animations held, the end, the humans'
        controls and the match's tick."""
        inp = self.app.input
        if self.coach is not None and inp.escape_pressed:
            self.leave_tutorial()
            return
        if not self.demo and (inp.escape_pressed or any(
                inp.pressed("START", [self.match.seats[s].device]) for s in self.humans())):
            self.app.open("pause", self)
            return
        if self.holding:
            self.while_held()
            self.match.idle_tick()
            self.after_tick()
            return
        if self.match.is_over():
            self.over_ticks += 1
            self.after_tick()
            if self.over_ticks == self.END_DELAY and not self.demo:
                self.app.audio.play("win")
                self.app.open("results", self)
            return
        if not self.demo:
            was_curtained = self.curtain_for is not None
            self.update_curtain()
            if self.curtain_for is None and not was_curtained:  # the A that lifts the curtain chooses nothing
                self.human_controls()
        before = self.match.state
        self.match.tick()
        if self.match.state is not before:  # (compared by identity only)
            self.changed_tick = self.ticks
            self.on_events(getattr(self.public_view(), "events", ()))
        self.after_tick()
        if self.message_ticks:
            self.message_ticks -= 1

    @property
    def holding(self) -> bool:
        """True while the table holds the match for an animation (a grenade hopping, coins flying): its ticks pass
        with nobody acting (``Match.idle_tick``, recorded, so a replay keeps the picture's pace) and bots are not
        asked, so their thinking starts once the picture has caught up. A LAN match is never held."""
        return False

    def while_held(self) -> None:
        """Bookkeeping for each held tick (e.g. a countdown a player may cut short)."""

    STILL_AFTER = 45  # ticks after the last change of a turn-based match before the table counts as still

    def log_state(self) -> str:
        """``--scene-log``: the human seats to act now."""
        return f"acting={self.acting_humans()}".replace(" ", "")

    def in_motion(self) -> bool:
        """A covered table (pause, rules) is still; an uncovered one moves while the match runs in real time, the
        match is held for an animation, sprites fly, a message shows, or its state changed in the last
        ``STILL_AFTER`` ticks (effects of a play); a turn-based table waiting for a human is still."""
        if self.app.top is not self:
            return self.board.busy
        return (not self.match.turn_based or self.holding or self.board.busy or bool(self.message_ticks)
                or self.ticks - self.changed_tick < self.STILL_AFTER or self.match.is_over())

    def after_tick(self) -> None:
        """Point sprites at their new places (override in a game's table) and advance tweens."""
        self.board.update()

    def update_curtain(self) -> None:
        """Two or more humans on one screen: hide hands between their turns until the next player lifts the curtain."""
        humans = self.humans()
        if len(humans) < 2 or not self.match.turn_based:
            return
        acting = self.acting_humans()
        if not acting:
            return
        seat = acting[0]
        if self.curtain_for is None and seat != self.shown_seat:
            self.curtain_for = seat
        if self.curtain_for is not None:
            dev = self.match.seats[self.curtain_for].device
            if self.app.input.pressed("A", [dev]) or (self.mouse_seat() == self.curtain_for and self.app.input.clicks):
                self.shown_seat = self.curtain_for
                self.curtain_for = None
                self.app.audio.play("flip")

    def human_controls(self) -> None:
        """Generic controls: each acting human seat moves a cursor over its legal actions and selects one."""
        inp = self.app.input
        for seat in self.acting_humans():
            if len(self.humans()) > 1 and self.match.turn_based and seat != self.shown_seat:
                continue
            dev = [self.match.seats[seat].device]
            legal = self.legal(seat)
            if not legal:
                continue
            c = self.cursor.get(seat, 0) % len(legal)
            if inp.menu("UP", dev) or inp.menu("LEFT", dev):
                c = (c - 1) % len(legal)
                self.app.audio.play("move")
            if inp.menu("DOWN", dev) or inp.menu("RIGHT", dev):
                c = (c + 1) % len(legal)
                self.app.audio.play("move")
            self.cursor[seat] = c
            if inp.pressed("A", dev):
                if self.match.turn_based:
                    self.match.submit_action(seat, legal[c])
                else:
                    self.match.submit(seat, legal[c])
                self.cursor[seat] = 0
                self.app.audio.play("select")

    # --- the mouse ------------------------------------------------------------------------------------------------
    MOUSE_HINT = N_("click a card, then where it goes")  # the hint bar's line for the mouse (tables say what to
    # click): an English id, translated where shown

    def mouse_seat(self) -> int | None:
        """The seat the mouse plays: the one given the mouse in seat setup (SPEC ``mouse``), else the only human
        at this screen; None with several keyboard humans and no mouse seat, or in a demo."""
        if self.demo:
            return None
        humans = self.humans()
        for seat in humans:
            if self.match.seats[seat].device == MOUSE:
                return seat
        return humans[0] if len(humans) == 1 else None

    def mouse_click(self, seat: int) -> tuple[int, int] | None:
        """Where the mouse clicked this tick (picture px) if it plays ``seat``, else None. Dragging a card from
        the hand (``drag_card``) and letting go is clicking the card, then where it was let go."""
        if self.mouse_seat() != seat:
            return None
        inp = self.app.input
        if inp.click() is not None:
            return inp.click()
        if self.drag_card is not None and self.drag_card[0] == seat and inp.drops:
            self.drag_card = None
            return inp.drops[-1][1]
        return None

    def let_go(self, seat: int) -> tuple[int, tuple[int, int], bool] | None:
        """The hand card ``seat`` pressed with the mouse (``drag_card``) let go this tick: (index in hand, where
        it was let go in picture px, whether it was dragged there rather than clicked), or None."""
        inp = self.app.input
        if self.drag_card is None or self.drag_card[0] != seat or not inp.releases:
            return None
        index, self.drag_card = self.drag_card[1], None
        _start, end, moved = inp.releases[-1]
        return index, end, moved

    def hand_key(self, seat: int, index: int):
        """The sprite key (``self.board``) of ``seat``'s hand card at ``index``, for ``follow_pointer``; None in a
        table that places a dragged card itself."""
        return None

    def follow_pointer(self) -> None:
        """A hand card being dragged is drawn under the pointer, above everything (its sprite is moved there each
        tick; let go, it eases back to where the table places it)."""
        if self.drag_card is None:
            return
        seat = self.drag_card[0]
        d = self.dragged(seat)
        key = self.hand_key(seat, d[0]) if d is not None else None
        e = self.board.entries.get(key) if key is not None else None
        if e is None:
            return
        e.placed = dataclasses.replace(self.board.current(key), x=d[1][0], y=d[1][1], lift=0, z=10_000)
        e.tween = None

    def dragged(self, seat: int) -> tuple[int, tuple[int, int]] | None:
        """The hand card ``seat`` is dragging now and where the pointer is: (index in hand, (x, y) picture px),
        or None (tables draw that card under the pointer)."""
        inp = self.app.input
        if self.drag_card is None or self.drag_card[0] != seat or inp.dragging is None or inp.mouse_pos is None:
            return None
        return self.drag_card[1], inp.mouse_pos

    @staticmethod
    def list_rects(x: int, y: int, w: int, n: int, rows: int, cur: int, title_size: int = 19
                   ) -> list[pygame.Rect | None]:
        """Where ``draw_list``'s ``n`` lines lie (px) with the cursor on ``cur`` (None: scrolled out of view)."""
        if n <= 0:
            return []
        top = max(0, min(cur % n - rows // 2, n - rows))
        first = y + title_size + 11
        return [pygame.Rect(x - 8, first + (i - top) * 28 - 3, w, 28) if top <= i < top + rows else None
                for i in range(n)]

    def mouse_list(self, seat: int, ui: SeatMenu, rects: list) -> int | None:
        """Pointing at a line of an open list moves ``ui.cur`` there; returns the line clicked (or None)."""
        inp = self.app.input
        if inp.mouse_moved and inp.hover(rects) is not None:
            ui.cur = inp.hover(rects)
        return inp.clicked(rects)

    # --- menus shared by the tables that pick a hand card, then what to do with it --------------------------------
    MENU_CLASS = SeatMenu

    def seat_ui(self, seat: int) -> SeatMenu:
        """The menu state of a human seat (made on first use)."""
        ui = self.ui.get(seat)
        if ui is None:
            ui = self.ui[seat] = self.MENU_CLASS()
        return ui

    def move_cursor(self, dev: list[str], cur: int, n: int, back: str = "UP", fwd: str = "DOWN") -> int:
        """``cur`` moved by the seat's ``back``/``fwd`` buttons (with menu auto-repeat), wrapping in ``0..n-1``."""
        if n <= 0:
            return 0
        inp = self.app.input
        cur %= n
        if inp.menu(back, dev):
            cur = (cur - 1) % n
            self.app.audio.play("move")
        if inp.menu(fwd, dev):
            cur = (cur + 1) % n
            self.app.audio.play("move")
        return cur

    def submit_choice(self, seat: int, action: Any) -> None:
        """Send a seat's chosen action and close its menus."""
        self.match.submit_action(seat, action)
        ui = self.seat_ui(seat)
        ui.open, ui.cur = False, 0
        self.app.audio.play("select")

    def popup_step(self, seat: int, dev: list[str], items: list[tuple[str, Any]]) -> None:
        """One tick of an open popup menu of (label, action): up/down move, B closes it, A sends the action."""
        ui = self.seat_ui(seat)
        if not items:
            ui.open = False
            return
        ui.cur = self.move_cursor(dev, ui.cur, len(items))
        if self.app.input.pressed("B", dev):
            ui.open = False
            self.app.audio.play("back")
        elif self.app.input.pressed("A", dev):
            self.submit_choice(seat, items[ui.cur][1])

    def draw_list(self, surf: pygame.Surface, title: str, labels: list[str], cur: int, x: int, y: int, w: int,
                  rows: int, title_size: int = 19, color_of=None) -> None:
        """A titled menu list of ``labels`` with the cursor on ``cur``, scrolled to show ``rows`` lines, "more"
        marks above and below; ``color_of(label)`` may colour unselected lines (e.g. a costly answer)."""
        from arcade.client.render.widgets import DIM

        draw_text(surf, title, (x, y), title_size, GOLD, bold=True)
        if not labels:
            return
        cur %= len(labels)
        top = max(0, min(cur - rows // 2, len(labels) - rows))
        first = y + title_size + 11
        for i, lab in enumerate(labels[top:top + rows]):
            sel = top + i == cur
            yy = first + i * 28
            if sel:
                panel(surf, (x - 8, yy - 3, w, 26), 200, (70, 55, 15), None, 6)
            col = GOLD if sel else (color_of(lab) if color_of else WHITE)
            draw_text(surf, ("▶ " if sel else "   ") + lab, (x, yy), 17, col, bold=sel)
        if top > 0:
            more = _("▲ more")
            draw_text(surf, more, (x + w - 12 - font(16).size(more)[0], y + 2), 16, DIM)
        if top + rows < len(labels):
            more = _("▼ more")
            draw_text(surf, more, (x + w - 12 - font(16).size(more)[0], first + rows * 28), 16, DIM)

    # --- drawing --------------------------------------------------------------------------------------------------
    def draw(self, surf: pygame.Surface, alpha: float) -> None:
        surf.blit(felt(), (0, 0))
        self.draw_table(surf, self.views(), alpha)  # behind the curtain: the public view only
        if self.curtain_for is not None:
            self.draw_curtain(surf)
        elif not self.demo:
            self.draw_action_panel(surf)
        self.draw_hud(surf)
        self.draw_coach(surf)
        self.draw_tips(surf)

    def draw_curtain(self, surf: pygame.Surface) -> None:
        surf.blit(shade(235), (0, 0))
        seat = self.curtain_for
        dev = self.match.seats[seat].device
        head = _("{player}'s turn").format(player=self.seat_name(seat))
        draw_text(surf, head, (W // 2, H // 2 - 60), size_to_fit(head, W - 80, 48, bold=True), GOLD, bold=True,
                  anchor="center")
        away = _("Everyone else, look away!")
        draw_text(surf, away, (W // 2, H // 2), size_to_fit(away, W - 80, 26), WHITE, anchor="center")
        prompt = self.curtain_prompt(dev)
        draw_text(surf, prompt, (W // 2, H // 2 + 50), size_to_fit(prompt, W - 80, 26), WHITE, anchor="center")

    def curtain_prompt(self, dev: str) -> str:
        """The curtain's last line: which of the seat's keys (device ``dev``) shows its hidden cards."""
        click, press = self.CURTAIN_PROMPTS
        return _(click) if dev == MOUSE else _(press).format(key=self.app.input.hint(dev, "A"))

    def draw_action_panel(self, surf: pygame.Surface) -> None:
        """The generic list of legal actions for the acting human(s)."""
        x0 = W - 430
        for seat in self.acting_humans()[:2]:
            if len(self.humans()) > 1 and self.match.turn_based and seat != self.shown_seat:
                continue
            legal = self.legal(seat)
            c = self.cursor.get(seat, 0) % max(1, len(legal))
            top = max(0, min(c - 5, len(legal) - 12))
            shown = legal[top:top + 12]
            panel(surf, (x0, 80, 410, 60 + 30 * len(shown)), 200, border=GOLD)
            draw_text(surf, _("{player} — choose:").format(player=self.seat_name(seat)), (x0 + 16, 92), 20, GOLD,
                      bold=True)
            for k, a in enumerate(shown):
                sel = top + k == c
                label = self.definition.describe_action(a) if self.match.turn_based else self.describe_input(a)
                draw_text(surf, ("▶ " if sel else "   ") + label, (x0 + 16, 124 + 30 * k), 19,
                          GOLD if sel else WHITE, bold=sel)

    def describe_input(self, n: int) -> str:
        return self.definition.describe_action(n)

    # --- a tutorial's coach ---------------------------------------------------------------------------------------
    def leave_tutorial(self) -> None:
        """Esc in a tutorial: straight back to the title (a tutorial is never recorded: nothing to resume)."""
        from arcade.client.scenes import router

        app = self.app
        while len(app.stack) > 1 and app.stack[-1].name != "title":
            app.pop()
        if app.stack[-1].name != "title":
            app.reset_to(router.make(app, "title"))

    def coach_lines(self) -> list[str]:
        """What the tutorial's coach says now (empty outside a tutorial), the learner's keys filled in (``{A}``,
        ``{DOWN}``... in the coach's text)."""
        if self.coach is None:
            return []
        humans = self.humans()
        if not humans:
            return []
        seat = humans[0]
        view = self.coach_view(seat)
        if self.coach_done is not None and self.coach_done(view):
            return [_("Tutorial complete! You know the basics now."), _("Press Esc for the title, or keep playing.")]
        legal = self.legal(seat)
        dev = self.match.seats[seat].device
        lines = []
        for ln in list(self.coach(view, seat, legal))[:3]:
            for button in ("A", "B", "UP", "DOWN", "LEFT", "RIGHT", "START"):
                if "{" + button + "}" in ln:
                    ln = ln.replace("{" + button + "}", self.app.input.hint(dev, button))
            lines.append(ln)
        return lines

    def coach_view(self, seat: int) -> Any:
        """The learner's view the coach speaks from: the seat's own view (a table that holds the match while a move
        plays shows that moment instead: ``Grenade``)."""
        return self.seat_view(seat)

    def coach_wants(self, seat: int) -> tuple[int, ...] | None:
        """In a tutorial's lesson, the inputs' cards the coach asks ``seat`` for now (a table makes them glow);
        None when any may be played."""
        if self.coach_wanted is None or seat not in self.humans()[:1]:
            return None
        return self.coach_wanted(self.seat_view(seat))

    def coach_allows(self, seat: int, action: int) -> bool:
        """Whether ``seat``'s ``action`` may be sent now: always, but in a tutorial's lesson that asks for another
        one; then the coach's hint shows for 4 s (``coach_hint``) and nothing is sent."""
        if self.coach_refuse is None or seat not in self.humans()[:1]:
            return True
        hint = self.coach_refuse(self.seat_view(seat), seat, action)
        if not hint:
            return True
        self.coach_hint = (hint, self.ticks + 240, self.coach_lines())
        self.app.audio.play("back")
        return False

    def hint_shown(self, lines: list[str] | None = None) -> str:
        """The coach's hint after a refused action while it shows (4 s, and only while the coach says what it said
        then), else ""."""
        msg, until, said = self.coach_hint
        if lines is None:
            lines = self.coach_lines()
        return msg if self.ticks < until and lines == said else ""

    # --- where the coach sits: beside what its step names, never over it ------------------------------------------
    COACH_WIDTHS = (440, 380, 320, 300)  # the coach panel's widths, the first preferred (px)
    COACH_HEADER = N_("COACH · Esc leaves the tutorial")
    COACH_BOUNDS = pygame.Rect(6, 6, W - 12, H - 6 - 44)  # where it may lie: the picture above the hint bar (px)

    def coach_about(self) -> list[pygame.Rect]:
        """The elements the coach's words name now (px), the one it points at first: it sits beside that one and
        never over any of them. A game's table says which (its hand, a pile, the player whose turn it is...); none
        by default."""
        return []

    def coach_panels(self) -> list[pygame.Rect]:
        """The panel of the player whose turn it is and the learner's own (px): never under the coach."""
        return []

    def open_prompts(self) -> list[pygame.Rect]:
        """The prompts, menus, dialogs and controls boxes open on the table now (px): never under the coach."""
        return []

    def layout_rects(self) -> list[pygame.Rect]:
        """Everything else the table shows now (px: seats' areas, piles, labels): the coach sits on free felt when
        there is room, else over the least of these. By default the game's name in the corner."""
        return [pygame.Rect(14, 8, font(26, True).size(_(definition_of(self.match.game_id).spec.name))[0] + 16, 36)]

    def notice_rects(self) -> list[pygame.Rect]:
        """The notice on the table now (``flash``: why an action was not taken), if any (px)."""
        if not (self.message_ticks and self.message):
            return []
        r = pygame.Rect(0, 0, min(W - 40, 14 + 10 * len(self.message)), 40)
        r.center = (W // 2, self.NOTICE_Y)
        return [r]

    def status_rects(self) -> list[pygame.Rect]:
        """The status line at the top as drawn now (px; none by default): what is happening, never under the
        coach."""
        return []

    def coach_clear(self) -> list[pygame.Rect]:
        """What the coach must never cover now: the elements its step names (``coach_about``), the current player's
        and the learner's panels (``coach_panels``), every open prompt or menu (``open_prompts``), the notice and the
        status line (``status_rects``)."""
        return [pygame.Rect(r) for r in (*self.coach_about(), *self.coach_panels(), *self.open_prompts(),
                                         *self.notice_rects(), *self.status_rects())]

    def coach_header(self, width: int) -> list[str]:
        """The coach panel's header at ``width`` px, on two rows in a narrow panel."""
        return wrap(_(self.COACH_HEADER), 16, width - 28, bold=True)

    def coach_rows(self, lines: list[str], hint: str, width: int) -> list[tuple[str, tuple[int, int, int]]]:
        """The coach panel's rows at ``width`` px: the hint after a refused action (warm, bold), then the lines."""
        rows = [(row, HINT) for row in wrap(hint, 17, width - 28, bold=True)] if hint else []
        return rows + [(row, WHITE) for ln in lines for row in wrap(ln, 17, width - 28)]

    def coach_rect(self, lines: list[str] | None = None) -> pygame.Rect | None:
        """Where the coach panel is drawn now (px; None: no coach): beside what its step names (``coach_about``;
        else the panels), covering nothing of ``coach_clear`` and, where it finds room, nothing of
        ``layout_rects`` (``render.tooltip.place_beside``). It stays where it is while it says the same and its
        place stays clear."""
        if lines is None:
            lines = self.coach_lines()
        if not lines:
            return None
        hint = self.hint_shown(lines)
        clear = self.coach_clear()
        rather = [pygame.Rect(r) for r in self.layout_rects()]
        about = [pygame.Rect(r) for r in self.coach_about()] or [pygame.Rect(r) for r in self.coach_panels()]
        focus = about[0] if about else None  # the first element named: the coach sits nearest it
        key = (tuple(lines), hint, tuple(map(tuple, clear)), tuple(map(tuple, rather)),
               tuple(focus) if focus else None)
        last = getattr(self, "_coach_place", None)
        if last is not None and last[0] == key:
            return last[1]
        # a word wider than a panel's rows (the pseudo-locale's long tails) widens the panel rather than being cut
        longest = max([font(17, True).size(word)[0] for word in hint.split(" ")] +
                      [font(17).size(word)[0] for ln in lines for word in ln.split(" ")] +
                      [font(16, True).size(word)[0] for word in _(self.COACH_HEADER).split(" ")])
        widths = [w for w in self.COACH_WIDTHS if w - 28 >= longest] or [min(self.COACH_BOUNDS.w, longest + 28)]
        sizes = [(w, 40 + 21 * (len(self.coach_rows(lines, hint, w)) + len(self.coach_header(w)) - 1))
                 for w in widths]
        if last is not None and last[0][:2] == key[:2]:  # the same words: stay unless the place is taken now
            r = last[1]
            pad = [x.inflate(20, 20) for x in clear + rather]
            if r.collidelist(pad) == -1 and self.COACH_BOUNDS.contains(r):
                self._coach_place = (key, r)
                return r
        r = place_beside(sizes, focus, self.COACH_BOUNDS, avoid=clear, rather=rather)
        self._coach_place = (key, r)
        return r

    def draw_coach(self, surf: pygame.Surface) -> None:
        """The last layer of every table's frame: a LAN match's network part (``NetTable.draw``: ping, notices, the
        lost-connection prompt), or a tutorial's coach panel beside what its step names (``coach_rect``), its
        lines wrapped to fit, with a pointer towards it (a tutorial is never a LAN match)."""
        if self.net is not None:
            self.net.draw(self, surf)
            return
        lines = self.coach_lines()
        r = self.coach_rect(lines)
        if r is None:
            return
        rows = self.coach_rows(lines, self.hint_shown(lines), r.w)
        panel(surf, r, 255, (24, 34, 60), GOLD, 12)  # opaque: nothing of the table shows through the words
        head = self.coach_header(r.w)
        for k, row in enumerate(head):
            draw_text(surf, row, (r.x + 14, r.y + 7 + 21 * k), 16, GOLD, bold=True)
        top = r.y + 30 + 21 * (len(head) - 1)
        for k, (row, col) in enumerate(rows):
            draw_text(surf, row, (r.x + 14, top + 21 * k), 17, col, bold=col == HINT)
        about = self.coach_about()
        if about:
            self.draw_pointer(surf, r, pygame.Rect(about[0]))

    @staticmethod
    def draw_pointer(surf: pygame.Surface, r: pygame.Rect, focus: pygame.Rect) -> None:
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

    # --- tooltips: a card or a term explained where it appears ----------------------------------------------------
    TIP_HOLD = 12  # ticks a player holds B on a focused card before its tooltip shows (a tap keeps B's own use)
    TIP_REST = 18  # ticks the pointer rests on a card or term before its tooltip shows

    def tips(self) -> list[Tip]:
        """The cards and terms on the table now that a pointer may rest on for a tooltip (``Tip``: their rectangle,
        title and body from the game's glossary), the topmost last. None by default."""
        return []

    def key_tip(self, seat: int) -> Tip | None:
        """The tooltip of the card ``seat``'s keys are on now (shown while its player holds B), or None."""
        return None

    def follow_tips(self) -> None:
        """Each tick: how long each human here has held B, and how long the pointer has rested on the same tip."""
        inp = self.app.input
        holds = getattr(self, "_tip_holds", {})
        self._tip_holds = {s: holds.get(s, 0) + 1 for s in self.humans()
                           if inp.held("B", [self.match.seats[s].device])}
        over = None
        if inp.mouse_pos is not None and not inp.mouse_held and not self.demo:
            over = next((t for t in reversed(self.tips()) if pygame.Rect(t.target).collidepoint(inp.mouse_pos)),
                        None)
        last = getattr(self, "_tip_rest", (None, 0))
        self._tip_rest = (over, last[1] + 1 if over is not None and last[0] == over else 0)

    def tip_now(self) -> Tip | None:
        """The tooltip shown now: the card a player here holds B on (``key_tip``, after ``TIP_HOLD`` ticks), else
        the card or term the pointer rests on (``tips``, after ``TIP_REST`` ticks); None in a demo, behind the
        curtain or under an overlay."""
        if self.demo or self.curtain_for is not None or self.app.top is not self:
            return None
        for seat, ticks in sorted(getattr(self, "_tip_holds", {}).items()):
            if ticks >= self.TIP_HOLD:
                tip = self.key_tip(seat)
                if tip is not None:
                    return tip
        over, rest = getattr(self, "_tip_rest", (None, 0))
        if over is not None and rest >= self.TIP_REST:
            current = next((t for t in self.tips() if t.target == over.target), None)
            return current
        return None

    def draw_tips(self, surf: pygame.Surface) -> None:
        """The tooltip of ``tip_now`` beside its target, over everything else."""
        tip = self.tip_now()
        if tip is not None:
            draw_tip(surf, tip)

    def draw_hud(self, surf: pygame.Surface) -> None:
        draw_text(surf, _(definition_of(self.match.game_id).spec.name), (20, 14), 26, GOLD, bold=True, shadow=True)
        if self.demo:
            return
        hints = self.hud_hints()
        if self.app.top is self:  # an overlay (pause, results) shows its own hint bar: one at a time
            hint_bar(surf, hints[-3:])
        if self.message_ticks and self.message:
            from arcade.client.render.widgets import draw_toast

            draw_toast(surf, self.message, self.NOTICE_Y)

    def hud_hints(self) -> list[str]:
        """The hint bar's entries (the last three are shown): the keys of the humans here (with several humans at a
        turn-based table, those of the one whose turn it is, named), the mouse's way, then how to pause."""
        hints = []
        humans = self.humans()
        for seat in self.hinted_seats():
            dev = self.match.seats[seat].device
            keys = zone_hint(self.app.input, dev)
            if dev != MOUSE:  # holding B on a card explains it (``key_tip``)
                keys = _("{keys} · hold {key}: explain").format(keys=keys, key=self.app.input.hint(dev, "B"))
            hints.append(_("{seat}: {keys}").format(seat=self.seat_name(seat), keys=keys) if len(humans) > 1 else keys)
        mouse = self.mouse_seat()
        if mouse is not None and self.match.seats[mouse].device != MOUSE:
            hints.append(_("mouse: {hint}").format(hint=_(self.MOUSE_HINT)))
        hints.append(_(self.ESC_HINT if self.net is None else self.net.ESC_HINT))
        return hints

    def hinted_seats(self) -> list[int]:
        """The human seats whose keys the hint bar shows: every human here, but at a turn-based table shared by
        several, only the one whose turn it is (behind the curtain: the one it waits for)."""
        humans = self.humans()
        if len(humans) < 2 or not self.match.turn_based:
            return humans
        if self.curtain_for is not None:
            return [self.curtain_for]
        now = [s for s in self.acting_humans() if s == self.shown_seat]
        return now or ([self.shown_seat] if self.shown_seat in humans else humans)

    def status_width(self) -> int:
        """The status line's width at the top, centred and clear of the game's name in the corner (px)."""
        return W - 2 * (TableScene.layout_rects(self)[0].right + 10)

    def status_rows(self, text: str) -> tuple[list[str], int]:
        """The status line at the top (``text``) as drawn: its rows (one, or two when it does not fit one at 16 px)
        and their font size."""
        width = self.status_width()
        size = size_to_fit(text, width, 19)
        if font(size).size(text)[0] <= width:
            return [text], size
        return wrap(text, 16, width), 16

    def status_line_rect(self, text: str, y: int = 22) -> pygame.Rect:
        """Where the status line lies (px), centred on ``y``."""
        rows, size = self.status_rows(text)
        r = pygame.Rect(0, 0, max(font(size).size(row)[0] for row in rows) + 8, 6 + 19 * len(rows))
        r.center = (W // 2, y)
        return r

    def draw_status(self, surf: pygame.Surface, text: str, y: int = 22) -> None:
        """The status line centred at the top (``y``: its centre), shrunk to fit, on two rows if it must."""
        rows, size = self.status_rows(text)
        for k, row in enumerate(rows):
            draw_text(surf, row, (W // 2, y + 19 * k - 19 * (len(rows) - 1) // 2), size, WHITE, anchor="center",
                      shadow=True)

    def flash(self, msg: str, ticks: int = 120) -> None:
        self.message, self.message_ticks = msg, ticks
