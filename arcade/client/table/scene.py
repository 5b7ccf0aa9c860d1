"""The table scene shared by every game: the match loop, the hooks a game's table fills, and its components.

A game's own table subclasses ``TableScene``, paints the game from views in ``draw_table`` and may give richer
controls than the generic action list in ``human_controls``; it connects its hooks to the components in ``wire``.
The components, each its own object (none knows the table or another component; each gets narrow inputs):

- ``seating`` (``Seating``): the humans at this screen, who acts, their legal actions and what may be drawn
  (``views()``, chosen by the one hidden-hand policy, ``arcade.core.visibility``);
- ``curtain`` (``Curtain``): the pass-the-screen curtain between two humans' turns;
- ``pointer`` (``Pointer``): the mouse's clicks, a hand card pressed, dragged and let go;
- ``choices`` (``Choices``): the seats' hand-card menus and the generic action panel;
- ``coach`` (``Coach``): a tutorial's coach, beside what its step names;
- ``tooltips`` (``Tooltips``): a card or term explained where it appears;
- ``hud`` (``Hud``): the game's name, the hint bar, the notice (``flash``) and the status line.

A LAN match's part of the table (``net``: ``arcade.client.net.prompts.NetTable``) goes before the game's ``step``
and draws where a tutorial's coach would (a tutorial is never a LAN match). Draw order: felt, ``draw_table``, the
curtain or the action panel, the HUD, the coach (or ``net``), the tooltip.
"""

from __future__ import annotations

from typing import Any

import pygame

from arcade.client.render.tween import SpriteBoard
from arcade.client.render.fonts import draw_text
from arcade.client.render.widgets import H, W, WHITE, felt, panel
from arcade.client.scenes import Scene
from arcade.client.table.choices import Choices
from arcade.client.table.coach import Coach
from arcade.client.table.curtain import Curtain
from arcade.client.table.hud import Hud
from arcade.client.table.pointer import Pointer
from arcade.client.table.seating import Seating
from arcade.client.table.tooltips import Tooltips
from arcade.core.i18n import N_, _, format_number
from arcade.games import definition_of
from arcade.client.audio import results_sting
from arcade.core.results import winners

__all__ = ["TableScene", "table_for", "level_word", "leave_to_title"]

LEVEL_WORDS = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}
"""A bot's level as a table's small print says it ("normal bot"), English ids."""

SOUNDS = {"deal": "deal", "lay": "slap", "play": "slide", "flip": "flip", "reveal": "flip", "roll": "dice",
          "explode": "explosion", "explosion": "explosion", "pay": "coin", "steal": "coin", "stop": "stop",
          "draw": "deal", "discard": "slide"}
"""The sound of an event's name (``state.events``)."""


def level_word(level: str) -> str:
    """A bot's level in the player's language ("easy" -> "facile"); an unknown level as it is."""
    return _(LEVEL_WORDS[level]) if level in LEVEL_WORDS else level


def table_for(game_id: str) -> type["TableScene"]:
    """The table scene class of a game (its ``GameDefinition.load_table``)."""
    return definition_of(game_id).load_table()


def leave_to_title(app) -> None:
    """Esc in a tutorial: straight back to the title (a tutorial is never recorded: nothing to resume)."""
    from arcade.client.scenes import router

    while len(app.stack) > 1 and app.stack[-1].name != "title":
        app.pop()
    if app.stack[-1].name != "title":
        app.reset_to(router.make(app, "title"))


class TableScene(Scene):
    """The table of one match (``match``: a ``Match``), ``demo`` for attract mode, ``net`` a LAN match's part."""

    name = "table"
    music = "play"
    END_DELAY = 150  # ticks the finished table stays visible before the results
    STILL_AFTER = 45  # ticks after the last change of a turn-based match before the table counts as still
    RESULT_FIGURE = N_("Score")  # the results table's last column (an English id: the results translate it)

    def __init__(self, app, match, demo: bool = False, net: Any = None) -> None:
        super().__init__(app)
        self.net = net  # a LAN match's part of the table (``arcade.client.net.prompts.NetTable``); None for a local one
        self.match, self.rules = match, match.rules
        self.definition = definition_of(match.game_id)
        self.board = SpriteBoard()
        self.over_ticks = 0
        self.changed_tick = 0  # this scene's tick when the match state last changed (a window's frame pacing)
        inp, audio, name = app.input, app.audio, self.seat_name
        self.seating = seating = Seating(match, inp, demo)
        self.curtain = Curtain(seating, inp, audio, name)
        self.pointer = Pointer(seating, inp)
        self.choices = Choices(seating, match, inp, audio, name, self.definition.describe_action)
        self.coach = Coach(seating, inp, audio, lambda: self.ticks, lambda: leave_to_title(app))
        self.tooltips = Tooltips(seating, inp, lambda: app.top is self)
        self.hud = Hud(seating, inp, name, definition_of(match.game_id).spec.name, match.turn_based)
        self.coach.notices, self.coach.layout = self.hud.notice_rects, lambda: [self.hud.name_rect()]
        if net is not None:
            self.hud.esc_hint = net.ESC_HINT
        self.wire()
        self.setup()

    @property
    def demo(self) -> bool:
        """Attract mode: bots only, no controls, no hint bar (held by ``seating``, which every component asks)."""
        return self.seating.demo

    @demo.setter
    def demo(self, value: bool) -> None:
        self.seating.demo = value

    # --- hooks for a game's own table ---------------------------------------------------------------------------
    def wire(self) -> None:
        """Connect the game's hooks to the components (``coach.about = self.coach_about``...); once, at creation."""

    def setup(self) -> None:
        """Called at creation and on restart."""

    def draw_table(self, surf: pygame.Surface, views, alpha: float) -> None:
        """Paint the game from ``views`` (``TableViews``: the public view and the shown seats'; never the match's
        state). The generic table prints the fields of the view it is drawn around (``views.main``)."""
        panel(surf, (40, 80, W - 480, H - 170), 150)
        y, view = 96, views.main
        for name in getattr(view, "__dataclass_fields__", {}):
            s = f"{name}: {getattr(view, name)}"
            draw_text(surf, s if len(s) <= 110 else s[:107] + "…", (60, y), 16, WHITE)
            y += 22
            if y > H - 110:
                break

    def human_controls(self) -> None:
        """The humans' controls this tick (generic: a cursor over each acting seat's legal actions)."""
        self.choices.controls()

    def on_events(self, events: tuple) -> None:
        """Sounds and effects for the events of the tick just simulated (``state.events``)."""
        for ev in events:
            sound = SOUNDS.get(ev[0] if isinstance(ev, tuple) and ev and isinstance(ev[0], str) else str(ev))
            if sound:
                self.app.audio.play(sound, self.match.tick_count)

    def result_lines(self) -> list[str]:
        """Title and lines of the results screen."""
        scores = self.rules.scores(self.match.state)
        winners = [i for i, s in enumerate(scores) if s == max(scores)]
        lines = [_("Draw") if len(winners) > 1 else _("{player} wins!").format(player=self.seat_name(winners[0]))]
        for i, sc in enumerate(scores):
            lines.append(_("{player} ({who}): {score}").format(player=self.seat_name(i), who=self.match.seats[i].label,
                                                               score=format_number(sc)))
        return lines

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

    @property
    def holding(self) -> bool:
        """True while the table holds the match for an animation (a grenade hopping, coins flying): its ticks pass
        with nobody acting (``Match.idle_tick``, recorded, so a replay keeps the picture's pace) and bots are not
        asked. A LAN match is never held."""
        return False

    def while_held(self) -> None:
        """Bookkeeping for each held tick (e.g. a countdown a player may cut short)."""

    def after_tick(self) -> None:
        """Point sprites at their new places (override in a game's table) and advance tweens."""
        self.board.update()

    # --- the loop -----------------------------------------------------------------------------------------------
    def restart(self, new_seed: bool = False) -> None:
        """The same match again from its start (``new_seed``: dealt anew)."""
        if new_seed:
            self.match.seed = (self.match.seed * 6364136223846793005 + 1442695040888963407) % (1 << 63)
        recorded = self.match.recorder is not None
        self.match.restart()
        if recorded:
            from arcade.client.play import attach_recorder

            attach_recorder(self.app, self.match)
        self.board = SpriteBoard()
        self.choices.clear()
        self.seating.curtain_for = None
        self.over_ticks = 0
        self.setup()

    def update(self) -> None:
        """One tick of the table: a LAN table's network part first (``net``), then the game's ``step``."""
        net = self.net
        if net is None:
            self.step()
        elif not net.before_update(self):
            self.step()
            net.after_update(self)
        self.pointer.follow(self.board)
        self.tooltips.follow()

    def step(self) -> None:
        """The table's own tick (a game's table may extend it): pause, animations held, the end, the humans'
        controls and the match's tick."""
        inp = self.app.input
        if self.coach.active and inp.escape_pressed:
            self.coach.leave()
            return
        if not self.demo and (inp.escape_pressed or any(
                inp.pressed("START", [self.match.seats[s].device]) for s in self.seating.humans())):
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
                sting = results_sting(self.seating.humans(), winners(self.match.rules, self.match.state))
                if sting is not None:  # a win for a person here, a loss when every person lost; bots alone: none
                    self.app.audio.play(sting)
                self.app.open("results", self)
            return
        if not self.demo:
            was_curtained = self.seating.curtain_for is not None
            self.curtain.update()
            if self.seating.curtain_for is None and not was_curtained:  # the A that lifts the curtain chooses nothing
                self.human_controls()
        before = self.match.state
        self.match.tick()
        if self.match.state is not before:  # (compared by identity only)
            self.changed_tick = self.ticks
            self.on_events(getattr(self.seating.public_view(), "events", ()))
        self.after_tick()
        self.hud.tick()

    def log_state(self) -> str:
        """``--scene-log``: the human seats to act now."""
        return f"acting={self.seating.acting_humans()}".replace(" ", "")

    def in_motion(self) -> bool:
        """A covered table (pause, rules) is still; an uncovered one moves while the match runs in real time, the
        match is held for an animation, sprites fly, a notice shows, or its state changed in the last
        ``STILL_AFTER`` ticks (effects of a play); a turn-based table waiting for a human is still."""
        if self.app.top is not self:
            return self.board.busy
        return (not self.match.turn_based or self.holding or self.board.busy or bool(self.hud.message_ticks)
                or self.ticks - self.changed_tick < self.STILL_AFTER or self.match.is_over())

    def draw(self, surf: pygame.Surface, alpha: float) -> None:
        """The frame, layer by layer: felt, the game (behind the curtain: the public view only), the curtain or the
        action panel, the HUD, a LAN match's network part or a tutorial's coach, the tooltip."""
        surf.blit(felt(), (0, 0))
        self.draw_table(surf, self.seating.views(), alpha)
        if self.seating.curtain_for is not None:
            self.curtain.draw(surf)
        elif not self.demo:
            self.choices.panel(surf)
        self.hud.draw(surf, self.app.top is self)
        self.draw_guide(surf)
        self.tooltips.draw(surf)

    def draw_guide(self, surf: pygame.Surface) -> None:
        """The layer over the HUD: a LAN match's network part (``NetTable.draw``: ping, notices, the lost-connection
        prompt), else a tutorial's coach (a tutorial is never a LAN match)."""
        if self.net is not None:
            self.net.draw(self, surf)
        else:
            self.coach.draw(surf)
