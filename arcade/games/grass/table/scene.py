"""Grass's table: Hassle piles with their heat, Stashes with protection over what it covers, the hand, the Grass
stack and the Wasted pile, the trade dialog and the end-of-hand scoring walk-through (rules/grass.md).

Layout (1280×720). With one human (or with two or more sharing the screen: the human whose turn it is, behind the
shared pass-the-screen curtain) that player sits at the bottom: their hand in full size, their Hassle pile and Stash
above it, their name and running total at the left. The other players sit clockwise from the bottom player's left
(left side, top, right side) in compact areas: name, running total, cards in hand, Hassle pile (top card; a red glow
and a "HEAT: Bust" label while a Heat On blocks it) and Stash (peddle fanned with its value in the corner, each
protection card laid across the peddle it covers). A spectator (attract mode, bots only) sees every seat compact.
The Grass stack (with its count) and the Wasted pile lie in the middle, next to a log of the last moves; a trade
on the table is shown there too (trades are named openly).

Controls of the acting human (logical buttons only, so keyboard zones and gamepads alike):

- Play or discard: LEFT/RIGHT choose a card of the hand (the last slot, "Trade", proposes a trade while proposals
  are left), A opens a small menu of what may be done with it (lay it, which opponent to heat or rob, which peddle
  to protect, discard...), UP/DOWN and A choose, B goes back.
- Trade dialog (proposer): "Offer a card", "Ask for a card", "Offer peddle", "Ask for peddle" each open the list of
  what may be added; "Send" and "Withdraw"; B withdraws. Trade dialog (target): accept (choosing the cards for "a
  card of your choice" when asked) or refuse.
- Paranoia: LEFT/RIGHT and A choose the card passed to the player on your left (confirmed in a one-line menu).
- End of the hand: the scoring breakdown is walked through step by step (stash, Banker, largest peddle in hand,
  Paranoia penalties, bonus, running total); A skips the walk-through, then A deals the next hand (or lets the bot
  dealer deal it). In attract mode it stays a few seconds, then play goes on.

Every menu is built from ``RULES.legal_actions``: every legal action is reachable and nothing illegal is offered
(``Table.menu_actions`` lists what the menus of a seat reach).

Choices of this table where neither the rules file nor the shared table decides:

- The scoring breakdown holds the match: while the state is in phase "scoring" the table does not advance the match
  until a human presses A (the first press shows every step at once, the second goes on; when the next dealer is a
  human that press is their "deal"). With no human (attract mode, bots only) it stays ``DEMO_HOLD`` ticks. The
  last hand's breakdown (phase "over") stays until A or ``END_DELAY`` ticks, then the results.
- The log of the last moves shows public information only (the spectator's view of the events), so nothing private
  stays on screen when the curtain falls between two humans.
- The bottom seat is the viewer (with two or more humans: the one whose turn it is, rotating behind the curtain);
  hidden hands of the other players are shown as counts, not as card backs.
- The press of A that lifts the curtain does not also choose a card.

Drawn from views (``Seating.views``): the table is laid out from the view it is drawn around (the bottom seat's
when this screen shows it, else the public view: the bottom hand then as counted backs); menus list the acting
seat's own legal actions.
"""

from __future__ import annotations

from typing import Any

import pygame

from arcade.core.i18n import N_, _, format_money, ngettext
from arcade.core.results import join_names
from arcade.games.grass import CARDS, Action
from arcade.games.grass.cards import NO_CARD, value
from arcade.games.grass.terms import GROUP_TERM, card_name, term
from arcade.client.render.cards import blit_card, card_back
from arcade.client.render.fonts import font
from arcade.client.table.choices import Choices
from arcade.client.render.tooltip import Tip
from arcade.client.render.tween import Placed
from arcade.client.render.widgets import H, W
from arcade.client.table import TableScene
# every name of the table module before it was split (art.py now), still importable from here
from arcade.games.grass.table.art import (  # noqa: F401
    _slot_rect, _title_lines, ANY, BREAKDOWN_ROWS, card_art, card_face, card_title, COVER_DROP, DEMO_HOLD, GOLD,
    GROUP_STYLE, HAND_Y, heat_glow, HEAT_OF, ICONS, INFO_BOX, OP_LABELS, OPP_SLOTS, OWN_PILE, panel,
    SeatMenu, SeatUI, SHORT_TITLES, SIZES, Slot, STASH_RIGHT, STEP_TICKS, SUBTEXT, table_background,
    TRADE_BOX, trade_button, WALK_TICKS)
from arcade.games.grass.table.choices import SeatChoices
from arcade.games.grass.table.panels import TablePanels

__all__ = ["Table", "card_face", "card_art", "SIZES", "WALK_TICKS", "DEMO_HOLD"]


class Table(TableScene):
    END_DELAY = WALK_TICKS + 300
    RESULT_FIGURE = N_("Running total")

    def wire(self) -> None:
        """The game's hooks and settings given to the table's components."""
        self.picks = SeatChoices(self.seating, self.seat_name, self.hand_slots, self.choices.seat_ui)
        self.panels = TablePanels(self)
        self.choices.on_submit = self.picks.on_submit
        self.choices.menu_class = SeatUI
        self.hud.mouse_hint = N_("click or drag a card")
        c, t = self.coach, self.tooltips  # the coach's and the tooltips' hooks
        c.about, c.panels, c.prompts = self.coach_about, self.coach_panels, self.open_prompts
        c.layout, c.status = self.layout_rects, self.status_rects
        self.coach.widths = self.coach.WIDTHS + (260,)  # the scoring's coach: in the column right of its panel
        t.sources, t.key_tip = self.tips, self.key_tip
        self.pointer.hand_key = self.hand_key
        self.choices.panel = self.draw_action_panel

    def result_rows(self) -> list[tuple[int, str]]:
        totals = self.rules.scores(self.match.state)
        return [(s, format_money(totals[s])) for s in sorted(range(len(totals)), key=lambda s: (-totals[s], s))]

    def setup(self) -> None:
        self.board.move_ticks = 16
        self.board.stagger = 2
        self.content: dict[Any, int | None] = {}
        self.slots_now: dict | None = None  # the seats' places as last laid out (``after_tick``)
        # the log of the last moves; a resumed match's starts from the moves replayed (``Match.recent_events``)
        self.log: list[str] = [ln for ln in map(self.event_text, self.match.recent_events) if ln][-4:]
        self.match.recent_events = ()  # "Play again" starts a clean log
        self.score_ticks = 0
        self.continued = False
        self.totals_before: tuple[int, ...] | None = None
        self._last_state = None  # the public view the totals were last taken from
        self._hand_places: dict[Any, int] = {}  # the bottom hand's sprite keys -> place in the hand
        self.after_tick()

    @property
    def deck_pos(self) -> tuple[int, int]:
        """Centre of the Grass stack (lower when the spectator layout's bigger areas need the room)."""
        spectator_m = self.seating.viewer() is None and self.seating.views().public.players <= 4
        return (W // 2 - 215, 318 if spectator_m else 290)

    @property
    def wasted_pos(self) -> tuple[int, int]:
        x, y = self.deck_pos
        return (x + 105, y)

    def key(self, device: str, button: str) -> str:
        """The on-screen name of a seat's logical button ("E", "Enter", "pad A"): the shared hint, with the
        gamepad's circled letters spelt out (DejaVu Sans has no Ⓐ/Ⓑ glyphs)."""
        h = self.app.input.hint(device, button)
        return {"Ⓐ": _("pad A"), "Ⓑ": _("pad B")}.get(h, h)

    # --- seating ------------------------------------------------------------------------------------------------
    def bottom_seat(self) -> int:
        v = self.seating.viewer()
        if v is not None:
            return v
        humans = self.seating.humans()
        return humans[0] if humans and not self.demo else 0

    def slots(self, players: int) -> dict[int, Slot]:
        """Every seat's area; the bottom seat first, then clockwise (the bottom player's left first)."""
        bottom = self.bottom_seat()
        spectator = self.seating.viewer() is None
        size = "M" if players <= 4 and spectator else "S"
        out: dict[int, Slot] = {}
        if spectator:
            out[bottom] = Slot(_slot_rect("bottom", size), size, False)
        else:
            out[bottom] = Slot(pygame.Rect(0, 340, W, H - 340), "M", True)
        for i, name in enumerate(OPP_SLOTS[players - 1]):
            seat = (bottom + 1 + i) % players
            out[seat] = Slot(_slot_rect(name, size), size, False)
        return out

    # --- layout: where every card lies, from the view ----------------------------------------------------------------
    def hand_x(self, n: int, slots: int) -> list[int]:
        step = 104 if slots <= 8 else max(60, 760 // slots)
        x0 = W // 2 - 30 - (n - 1) * step // 2
        return [x0 + i * step for i in range(n)]

    def stash_places(self, stash, x: float, y: float, budget: float, size: str, seat: int) -> list[tuple]:
        """(key, kind, x, y, z) of every Stash card: loose peddle fanned, then each protection card across the
        peddle it covers; squeezed together when the Stash is wider than ``budget`` pixels."""
        cw, ch = SIZES[size]
        step = cw * 0.52
        gap = cw * 0.25
        out = []
        cx = 0.0
        occ: dict[int, int] = {}
        for i, k in enumerate(stash.loose):
            o = occ.get(k, 0)
            occ[k] = o + 1
            out.append((("stash", seat, k, o), k, cx, 0.0, 20 + i))
            cx += step
        if stash.loose:
            cx += cw - step + gap
        for ci, c in enumerate(stash.covers):
            g = len(c.peddle)
            gw = max(cw, (g - 1) * step + cw)
            px = cx + (gw - ((g - 1) * step + cw)) / 2
            occ = {}
            for j, k in enumerate(c.peddle):
                o = occ.get(k, 0)
                occ[k] = o + 1
                out.append((("covered", seat, ci, k, o), k, px + j * step, 0.0, 40 + 3 * ci + j))
            out.append((("cover", seat, ci, c.card), c.card, cx + (gw - cw) / 2, ch * COVER_DROP, 60 + ci))
            cx += gw + gap
        right = max((p[2] for p in out), default=0.0) + cw  # natural width
        squeeze = 1.0 if right <= budget else max(0.0, budget - cw) / max(1.0, right - cw)
        return [(key, k, x + cw / 2 + dx * squeeze, y + dy, z) for key, k, dx, dy, z in out]

    def layout(self, views) -> None:
        """Every card's place from ``views`` (``TableViews``): the seats, piles and Stashes from the view the table is
        drawn around, the bottom hand from it when it is the bottom seat's (face up while ``views.face_up`` says so),
        else as backs counted in the public view."""
        view = views.main
        targets: dict[Any, Placed] = {}
        places: dict[Any, int] = {}
        content: dict[Any, int | None] = {}
        slots = self.slots(view.players)
        self.slots_now = slots
        bottom = self.bottom_seat()
        for seat, sl in slots.items():
            sv = view.seats[seat]
            size = sl.size
            cw, ch = SIZES[size]
            if sl.big:
                px, py = OWN_PILE
                sx, budget = px + cw / 2 + 20, STASH_RIGHT - (px + cw / 2 + 20)
            else:
                r = sl.rect
                px, py = r.x + 10 + cw / 2, r.y + 50 + ch / 2
                sx, budget = px + cw / 2 + 20, r.right - (px + cw / 2 + 20) - 10
            # Hassle pile: the top three cards (the lower two peek out)
            n = len(sv.pile)
            for i in range(max(0, n - 3), n):
                depth = n - 1 - i
                key = ("pile", seat, i)
                targets[key] = Placed(px - 3 * depth, py - 3 * depth, True, 10 + i, tag=size)
                content[key] = sv.pile[i]
            for key, kind, x, y, z in self.stash_places(sv.stash, sx, py, budget, size, seat):
                targets[key] = Placed(x, y, True, z, tag=size)
                content[key] = kind
        # the bottom seat's hand
        if bottom in slots and slots[bottom].big:
            hand = list(view.hand) if view.seat == bottom else [None] * view.seats[bottom].hand_count
            ui = self.choices.ui.get(bottom)
            up = views.up(bottom)
            hslots = self.hand_slots(bottom) if up and ui is not None else []
            xs = self.hand_x(len(hand), len(hand) + 1)
            occ: dict[int, int] = {}
            for i, k in enumerate(hand):
                if k is None:
                    key: Any = ("hback", bottom, i)
                else:
                    o = occ.get(k, 0)
                    occ[k] = o + 1
                    key = ("hand", bottom, k, o)
                places[key] = i
                lift = 24 if (ui is not None and hslots and up and ui.sel % len(hslots) == i) else 0
                targets[key] = Placed(xs[i], HAND_Y, up and k is not None, 100 + i, lift=lift, tag="L")
                content[key] = k
        # the Wasted pile: its top two cards
        nw = len(view.wasted)
        for i in range(max(0, nw - 2), nw):
            key = ("wasted", i)
            d = nw - 1 - i
            targets[key] = Placed(self.wasted_pos[0] - 3 * d, self.wasted_pos[1] - 3 * d, True, 5 + i, tag="M")
            content[key] = view.wasted[i]
        # a card that changes place keeps its identity when it can: a new key starts where a vanished card of the
        # same kind was (hand -> Stash, Stash -> Stash, loose -> covered...); otherwise at the Grass stack (a card
        # drawn) or at its owner's area
        gone: dict[int, list[Placed]] = {}
        for key in self.board.entries:
            if key not in targets and self.content.get(key) is not None:
                gone.setdefault(self.content[key], []).append(self.board.current(key))
        # a hand hidden or shown anew (the curtain): each card turns over where its back (or face) lay
        turned = {(k[0], self._hand_places[k]): k for k in self.board.entries
                  if k not in targets and k in self._hand_places}
        self._hand_places = places

        # the player who made the move (the first event's seat): a card from their hidden hand starts at their area
        actor = next((ev[1] for ev in view.events if len(ev) > 1 and isinstance(ev[1], int)
                      and 0 <= ev[1] < view.players), None)

        def origin(key):
            k = content.get(key)
            tag = targets[key].tag
            was = turned.get(("hback" if key[0] == "hand" else "hand", places.get(key)))
            if was is not None:
                return self.board.current(was)
            if k is not None and gone.get(k):
                p = gone[k].pop(0)
                return Placed(p.x, p.y, True, p.z, tag=tag)
            if key[0] in ("hand", "hback"):
                return Placed(self.deck_pos[0], self.deck_pos[1], False, 0, tag="L")
            sl = slots.get(actor if actor is not None else key[1])
            if sl is None:
                return targets[key]
            if sl.big:
                return Placed(W // 2 - 30, HAND_Y, True, 0, tag=tag)
            return Placed(sl.rect.x + 40, sl.rect.y + 24, True, 0, tag=tag)

        self.content = content
        self.board.set_targets(targets, origin)

    def after_tick(self) -> None:
        """Count the ticks of the scoring walk-through, point the sprites at their places, advance the tweens
        (called once a tick by the match loop, and by the replay player)."""
        views = self.seating.views()
        st = views.public
        self.score_ticks = self.score_ticks + 1 if st.phase in ("scoring", "over") else 0
        if st != self._last_state:  # something public changed
            self._last_state = st
            if st.phase not in ("scoring", "over"):
                self.totals_before = st.totals
        self.layout(views)
        self.board.update()

    # --- the match loop: hold the scoring breakdown ------------------------------------------------------------------
    def step(self) -> None:
        st = self.seating.views().public
        if st.phase not in ("scoring", "over"):
            self.continued = False
        inp = self.app.input
        devs = [self.match.seats[s].device for s in self.seating.humans()]
        if st.phase == "over" and not self.demo and devs and self.a_or_click(devs):
            if self.score_ticks < WALK_TICKS:
                self.score_ticks = WALK_TICKS
            elif self.over_ticks < self.END_DELAY - 1:
                self.over_ticks = self.END_DELAY - 1
        if st.phase == "scoring" and not self.continued:
            if not self.demo and (inp.escape_pressed or (devs and inp.pressed("START", devs))):

                self.app.open("pause", self)
                return
            if self.demo or not devs:
                if self.score_ticks >= DEMO_HOLD:
                    self.continued = True
            elif self.a_or_click(devs):
                if self.score_ticks < WALK_TICKS:
                    self.score_ticks = WALK_TICKS
                else:
                    self.continued = True
                    self.app.audio.play("select")
                    dealer = next(iter(self.seating.to_act()))
                    if dealer in self.seating.humans():
                        self.match.submit_action(dealer, Action("deal"))
            if not self.continued:
                self.after_tick()
                return
        super().step()

    def a_or_click(self, devs: list[str]) -> bool:
        """A pressed by a human here, or a click of the mouse's seat (the scoring walk-through goes on)."""
        inp = self.app.input
        return inp.pressed("A", devs) or (self.seating.mouse_seat() is not None and bool(inp.clicks))

    # --- menus from the legal actions ----------------------------------------------------------------------------
    def hand_slots(self, seat: int) -> list[Any]:
        """What LEFT/RIGHT choose among: the hand's cards (kinds, from the seat's own view), then "trade" while a
        proposal may be started. Empty when the seat has no hand choice to make now."""
        st = self.seating.seat_view(seat)
        if seat not in self.seating.to_act() or st.phase not in ("play", "paranoia"):
            return []
        legal = self.seating.legal(seat)
        out: list[Any] = list(st.hand)
        if any(a.op == "propose" for a in legal):
            out.append("trade")
        return out

    # --- controls -------------------------------------------------------------------------------------------------

    def human_controls(self) -> None:
        if self.curtain.just_lifted:
            return  # the press that lifted the curtain does not also choose a card
        inp = self.app.input
        st = self.seating.views().public
        for seat in self.seating.acting_shown():
            dev = [self.match.seats[seat].device]
            ui = self.choices.seat_ui(seat)
            if st.phase in ("play", "paranoia"):
                hslots = self.hand_slots(seat)
                if not hslots:
                    continue
                if self.mouse_controls(seat, hslots):
                    continue
                if ui.open:
                    self.choices.popup_step(seat, dev, self.picks.slot_options(seat, hslots[ui.sel % len(hslots)]))
                    continue
                ui.sel = self.choices.move_cursor(dev, ui.sel, len(hslots), "LEFT", "RIGHT")
                if inp.pressed("A", dev):
                    if self.picks.slot_options(seat, hslots[ui.sel]):
                        ui.open, ui.cur = True, 0
                        self.app.audio.play("select")
                    else:
                        self.hud.flash(_("Nothing can be done with that card now"))
            elif st.phase == "draft":
                items = self.picks.draft_items(seat)
                if ui.dsub is not None:
                    sub = self.picks.draft_list(seat, ui.dsub)
                    if not sub:
                        ui.dsub = None
                        continue
                    ui.scur = self.choices.move_cursor(dev, ui.scur, len(sub), "UP", "DOWN")
                    if inp.pressed("B", dev):
                        ui.dsub = None
                        self.app.audio.play("back")
                    elif inp.pressed("A", dev):
                        self.choices.submit_choice(seat, sub[ui.scur][1])
                    continue
                ui.dcur = self.choices.move_cursor(dev, ui.dcur, len(items), "UP", "DOWN")
                if inp.pressed("B", dev):
                    self.choices.submit_choice(seat, Action("withdraw"))
                    self.app.audio.play("back")
                elif inp.pressed("A", dev):
                    _label, it = items[ui.dcur]
                    if isinstance(it, str):
                        ui.dsub, ui.scur = it, 0
                        self.app.audio.play("select")
                    else:
                        self.choices.submit_choice(seat, it)
                        ui.dcur = 0
            elif st.phase == "answer":
                items = self.picks.answer_items(seat)
                if ui.answering is not st.trade:
                    ui.answering, ui.cur = st.trade, self.picks.default_answer(seat)
                ui.cur = self.choices.move_cursor(dev, ui.cur, len(items), "UP", "DOWN")
                if inp.pressed("B", dev):
                    self.choices.submit_choice(seat, Action("refuse"))  # B refuses at once
                    self.app.audio.play("back")
                elif inp.pressed("A", dev):
                    self.choices.submit_choice(seat, items[ui.cur][1])

    # --- the mouse: click a card of your hand (or Trade), then a line of its menu ------------------------------------

    def hand_rects(self, seat: int, hslots: list) -> list[pygame.Rect]:
        """Where the bottom seat's hand slots lie (px): its cards, then the Trade button."""
        n = self.seating.views().public.seats[seat].hand_count
        xs = self.hand_x(n, n + 1)
        if "trade" in hslots:
            xs.append((xs[-1] if xs else W // 2) + 124)
        cw, ch = SIZES["L"]
        return [pygame.Rect(x - cw // 2, HAND_Y - ch // 2 - 24, cw, ch + 24) for x in xs]

    def popup_rect(self, title: str, labels: list[str], ax: float, bottom: int) -> pygame.Rect:
        """The popup menu's panel (px), as ``draw_popup`` draws it."""
        fw = max([font(17, True).size("▶ " + s)[0] for s in labels] + [font(18, True).size(title)[0]]) + 30
        r = pygame.Rect(0, 0, fw, 14 + Choices.list_height(min(len(labels), 9)))  # 44 + 28 px a line at 100 %
        r.midbottom = (int(ax), bottom - 30)
        r.clamp_ip(pygame.Rect(8, 40, W - 16, H - 48))
        return r

    def popup_rows(self, seat: int, hslots: list) -> list[pygame.Rect | None]:
        """Each line of the open popup menu on screen (px; None for a line scrolled out of view)."""
        ui = self.choices.seat_ui(seat)
        slot = hslots[ui.sel % len(hslots)]
        labels = [lab for lab, _a in self.picks.slot_options(seat, slot)]
        if not labels:
            return []
        rects = self.hand_rects(seat, hslots)
        ax = rects[ui.sel % len(hslots)].centerx
        title = _("Trade with whom?") if slot == "trade" else _("{card}:").format(card=card_name(slot))
        r = self.popup_rect(title, labels, ax, HAND_Y - 90)
        rows = min(len(labels), 9)
        top = max(0, min(ui.cur % len(labels) - rows // 2, len(labels) - rows))
        first, step = r.y + 8 + Choices.title_gap(), Choices.row_pitch()
        return [pygame.Rect(r.x + 6, first + (i - top) * step - 3, r.width - 12, step) if top <= i < top + rows
                else None for i in range(len(labels))]

    def mouse_controls(self, seat: int, hslots: list) -> bool:
        """The mouse's seat at its turn (play or Paranoia): pointing at a line of the open menu moves its cursor, a
        click there does it; a click on a hand card (or Trade) chooses it and opens its menu; a click elsewhere
        closes the menu. True when the mouse acted this tick."""
        if self.seating.mouse_seat() != seat or seat != self.bottom_seat():
            return False
        inp, ui = self.app.input, self.choices.seat_ui(seat)
        if ui.open:
            rows = self.popup_rows(seat, hslots)
            if inp.mouse_moved and inp.hover(rows) is not None:
                ui.cur = inp.hover(rows)
            k = inp.clicked(rows)
            if k is not None:
                self.choices.submit_choice(seat, self.picks.slot_options(seat, hslots[ui.sel % len(hslots)])[k][1])
                return True
        done = self.pointer.let_go(seat)
        if done is not None and done[2]:  # a card dragged and let go: played where it was let go
            self.drop_card(seat, hslots, done[0], done[1])
            return True
        pos = inp.click()
        if pos is None:
            return False
        k = inp.clicked(self.hand_rects(seat, hslots))
        self.pointer.drag_card = (seat, k) if k is not None and hslots[k] != "trade" else None
        if k is None:
            if ui.open:
                ui.open = False
                self.app.audio.play("back")
            return True
        ui.sel = k
        if self.picks.slot_options(seat, hslots[k]):
            ui.open, ui.cur = True, 0
            self.app.audio.play("select")
        else:
            self.hud.flash(_("Nothing can be done with that card now"))
        return True

    def drop_card(self, seat: int, hslots: list, index: int, at: tuple[int, int]) -> None:
        """A hand card dragged and let go at ``at`` (px): on the Wasted pile it is discarded; on an opponent's
        area it is played on them (a Raid, a Heat card...); on your own area it is played for you (peddle,
        protection, a cure); anywhere else, or where that card cannot go, nothing is played (the card goes back)."""
        ui = self.choices.seat_ui(seat)
        ui.open = False
        if not 0 <= index < len(hslots) or hslots[index] == "trade":
            return
        wasted = pygame.Rect(0, 0, 120, 160)
        wasted.center = self.wasted_pos
        options = [a for _l, a in self.picks.slot_options(seat, hslots[index])]
        if any(r.collidepoint(at) for r in self.hand_rects(seat, hslots)):
            return  # back onto the hand: put back
        if wasted.collidepoint(at):
            fits = [a for a in options if a.op == "discard"]
        else:
            slots = self.slots(self.seating.views().public.players)
            onto = next((s for s, sl in slots.items() if sl.rect.collidepoint(at)), None)
            fits = [a for a in options if a.op != "discard" and onto is not None
                    and (a.target == onto or (onto == seat and a.target < 0))]
        if fits:
            self.choices.submit_choice(seat, fits[0])
        else:
            self.hud.flash(_("That card cannot go there"))

    def hand_key(self, seat: int, index: int):
        views = self.seating.views()
        if seat != self.bottom_seat() or not 0 <= index < views.public.seats[seat].hand_count:
            return None
        if not views.up(seat):
            return ("hback", seat, index)
        hand = list(views.of(seat).hand)
        k = hand[index]
        return ("hand", seat, k, hand[:index].count(k))

    # --- the tutorial's coach: beside what its step names, never over it --------------------------------------------
    def own_area(self) -> pygame.Rect:
        """The bottom player's Hassle pile and Stash (px)."""
        cw, ch = SIZES["M"]
        return pygame.Rect(OWN_PILE[0] - cw // 2 - 8, OWN_PILE[1] - ch // 2 - 8,
                           STASH_RIGHT - OWN_PILE[0] + cw // 2 + 16, ch + int(ch * COVER_DROP) + 16)

    def hand_area(self) -> pygame.Rect | None:
        """The bottom player's hand and its Trade button (px), the raised card included; None for a spectator."""
        view = self.seating.views().public
        bottom = self.bottom_seat()
        sl = self.slots_now or self.slots(view.players)
        if bottom not in sl or not sl[bottom].big:
            return None
        n = view.seats[bottom].hand_count
        rects = self.hand_rects(bottom, ["trade"] * (n + 1))
        return rects[0].unionall(rects[1:])

    def seat_rects(self, seat: int) -> list[pygame.Rect]:
        """Where a seat is on the table: the bottom player's name box and pile and Stash; another's area."""
        sl = (self.slots_now or self.slots(self.seating.views().public.players)).get(seat)
        if sl is None:
            return []
        return [pygame.Rect(INFO_BOX), self.own_area()] if sl.big else [sl.rect]

    def centre_area(self) -> pygame.Rect:
        """The Grass stack, the Wasted pile, their counts and the log of the last moves (px)."""
        cw, ch = SIZES["M"]
        x, y = self.deck_pos
        left = x - cw // 2 - 80  # the stack's count badge runs left of it
        return pygame.Rect(left, y - ch // 2 - 50, W // 2 - 50 + 336 + 4 - left, ch + 70)  # to the log's right end

    def coach_about(self) -> list[pygame.Rect]:
        """The scoring panel and the learner's hand at the end of a hand; the trade dialog while the learner is in
        one; their hand, prompt and own area on their turn or in Paranoia; else the area of the player whose turn it
        is."""
        humans = self.seating.humans()
        if not humans:
            return []
        view = self.seating.views().public
        me = humans[0]
        if view.phase in ("scoring", "over"):  # the scoring speaks of the cards still in the learner's hand
            return [self.panels.breakdown_rect(view.players), *filter(None, [self.hand_area()])] \
                if view.breakdown else []
        prompts = self.open_prompts()
        if view.phase in ("draft", "answer") and self.panels.human_in_trade(view) == me:
            return [TRADE_BOX]
        if view.phase == "paranoia" or view.current == me:
            return [*prompts, *filter(None, [self.hand_area()]), *self.seat_rects(me)]
        return self.seat_rects(view.current)

    def coach_panels(self) -> list[pygame.Rect]:
        """The learner's name box, pile and Stash, and the area of the player whose turn it is."""
        view = self.seating.views().public
        return [r for s in sorted({*self.seating.humans()[:1], view.current}) for r in self.seat_rects(s)]

    def open_prompts(self) -> list[pygame.Rect]:
        """The prompt line over the hand, an open card menu, the trade dialog and the scoring panel, as drawn."""
        view = self.seating.views().public
        out = []
        for seat in self.panels.prompt_seats(view):
            menu = self.panels.popup_now(seat, view)
            if menu is not None:
                out.append(self.popup_rect(menu[0], menu[1], menu[2], HAND_Y - 90))
            out.append(self.panels.banner_rect(self.panels.banner_text(seat, view)))
        mine = self.seating.views().main
        if (view.phase == "paranoia" and mine.seat is not None and mine.my_pass != NO_CARD
                and not self.seating.acting_humans()):
            out.append(self.panels.banner_rect(self.panels.passed_text(mine)))
        if view.trade is not None:
            if self.panels.human_in_trade(view) is not None:
                out.append(pygame.Rect(TRADE_BOX))
            else:
                out.append(pygame.Rect(W // 2 - 65, self.deck_pos[1] - 94, 352, 140))
        if view.phase in ("scoring", "over") and view.breakdown:
            out.append(self.panels.breakdown_rect(view.players))
        return out

    def status_rects(self) -> list[pygame.Rect]:
        return [self.hud.status_line_rect(self.panels.status_text(self.seating.views().public))]

    def layout_rects(self) -> list[pygame.Rect]:
        view = self.seating.views().public
        status = self.hud.status_line_rect(self.panels.status_text(view))
        seats = [r for s in range(view.players) for r in self.seat_rects(s)]
        return [self.hud.name_rect()] + [status, self.centre_area(), *seats, *filter(None, [self.hand_area()])]

    # --- tooltips: every card, Heat, Stash and Paranoia explained where they are ------------------------------------
    def card_tip(self, rect, kind: int) -> Tip:
        """The tooltip of a card of ``kind`` lying at ``rect``: its name, its group and what the group does."""
        group_title, body = term(GROUP_TERM[CARDS[kind].group])
        name = card_name(kind)
        title = name if name == group_title else _("{card} · {group}").format(card=name, group=group_title)
        return Tip(tuple(rect), title, body)

    def tips(self) -> list[Tip]:
        """Every card face up on the table (the hand, Hassle piles, Stashes, the Wasted pile), the heat labels, the
        Stash figure of your own box and an empty Hassle pile ("market closed")."""
        views = self.seating.views()
        view = views.main
        out = []
        slots = self.slots_now or self.slots(view.players)
        for seat, sl in slots.items():
            cw, ch = SIZES[sl.size]
            if sl.big:
                px, py = OWN_PILE
                out.append(Tip((INFO_BOX[0] + 8, INFO_BOX[1] + 90, INFO_BOX[2] - 16, 24), *term("stash")))
            else:
                px, py = sl.rect.x + 10 + cw / 2, sl.rect.y + 50 + ch / 2
            pile = self.panels.pile_rect(px, py, cw, ch)
            sv = view.seats[seat]
            if not sv.pile:
                out.append(Tip(tuple(pile), *term("hassle pile")))
            if sv.heat != NO_CARD:
                out.append(Tip((int(px) - 70, int(py + ch / 2 + 6), 140, 24), *term("heat")))
        for key, placed in sorted(((k, e.placed) for k, e in self.board.entries.items()), key=lambda kp: kp[1].z):
            kind = self.content.get(key)
            if kind is None or not placed.face_up or not 0 <= kind < len(CARDS):
                continue
            w, h = SIZES[placed.tag or "M"]
            r = pygame.Rect(0, 0, w, h)
            r.center = (int(placed.x), int(placed.y - placed.lift))
            out.append(self.card_tip(r, kind))
        return out

    def key_tip(self, seat: int) -> Tip | None:
        """The hand card ``seat``'s keys are on (its menu open or not); Paranoia's tip while passing a card."""
        view = self.seating.views().public
        if seat not in self.panels.prompt_seats(view):
            return None
        hslots = self.hand_slots(seat)
        i = self.choices.seat_ui(seat).sel % len(hslots)
        if hslots[i] == "trade":
            return None
        r = self.hand_rects(seat, hslots)[i].inflate(0, -24).move(0, -12)
        return self.card_tip(r, hslots[i])

    # --- sounds and the log -------------------------------------------------------------------------------------
    SOUNDS = {"deal": "deal", "draw": "deal", "discard": "slide", "protect": "slap", "heat_on": "stop",
              "steal": "coin", "open": "slap", "market_close": "stop", "peddle": "coin", "heat_off": "flip",
              "pay_fine": "coin", "nirvana": "start", "give_peddle": "coin", "propose": "select", "send": "select",
              "refuse": "back", "trade": "coin", "paranoia": "lose", "wiped_out": "explosion", "lose_peddle": "lose",
              "skip": "tick", "stack_empty": "stop", "hand_end": "win", "pass": "slide", "withdraw": "back"}

    def on_events(self, events: tuple) -> None:
        tick = self.match.tick_count
        for ev in events:
            snd = self.SOUNDS.get(ev[0]) if ev else None
            if snd:
                self.app.audio.play(snd, tick)
        # the log shows public information only (the spectator's view of the events): with two or more humans on
        # one screen it stays up after the curtain falls
        for ev in self.seating.views().public.events:
            line = self.event_text(ev)
            if line:
                self.log.append(line)
        del self.log[:-4]

    def event_text(self, ev: tuple) -> str:
        """The log's line for event ``ev`` (public facts only; a hidden card is "a card")."""
        n = self.seat_name
        c = lambda k: card_name(k) if 0 <= k < len(CARDS) else _("a card")  # noqa: E731
        op = ev[0]
        if op == "deal":
            return _("Hand {n}: {player} deals").format(n=ev[2], player=n(ev[1]))
        if op == "discard":
            return _("{player} discards {card}").format(player=n(ev[1]), card=c(ev[2]))
        if op == "protect":
            return _("{player} protects {cards}").format(player=n(ev[1]), cards=" + ".join(c(k) for k in ev[3]))
        if op == "heat_on":
            return _("{player}: {card} on {other}!").format(player=n(ev[1]), card=c(ev[2]), other=n(ev[3]))
        if op == "steal":
            return _("{player} robs {other} of {card}").format(player=n(ev[1]), other=n(ev[2]), card=c(ev[3]))
        if op == "open":
            return _("{player} opens their market").format(player=n(ev[1]))
        if op == "market_close":
            return _("{player} closes the market!").format(player=n(ev[1]))
        if op == "peddle":
            return _("{player} lays {card} ({amount})").format(player=n(ev[1]), card=c(ev[2]),
                                                              amount=format_money(value(ev[2])))
        if op == "heat_off":
            return _("{player} clears {heat} with {card}").format(player=n(ev[1]), heat=c(ev[3]), card=c(ev[2]))
        if op == "pay_fine":
            if ev[3] != NO_CARD:
                return _("{player} pays a fine, loses {card}").format(player=n(ev[1]), card=c(ev[3]))
            return _("{player} pays a fine").format(player=n(ev[1]))
        if op == "nirvana":
            return _("{player} plays {card}!").format(player=n(ev[1]), card=c(ev[2]))
        if op == "give_peddle":
            return _("{player} gives {card} to {other}").format(player=n(ev[1]), card=c(ev[3]), other=n(ev[2]))
        if op == "send":
            return _("{player} offers {other} a trade").format(player=n(ev[1]), other=n(ev[2]))
        if op == "refuse":
            return _("{player} refuses the trade").format(player=n(ev[1]))
        if op == "withdraw":
            return _("{player} withdraws the trade").format(player=n(ev[1]))
        if op == "trade":
            return _("{player} and {other} trade").format(player=n(ev[1]), other=n(ev[2]))
        if op == "paranoia":
            return _("{player} plays {card}: pass a card left!").format(player=n(ev[1]), card=c(ev[2]))
        if op == "wiped_out":
            return _("{player} is Utterly Wiped Out").format(player=n(ev[1]))
        if op == "lose_peddle":
            return _("{player} loses {card}").format(player=n(ev[1]), card=c(ev[2]))
        if op == "lose_turns":
            return ngettext("{player} loses {n} turn", "{player} loses {n} turns", ev[2]).format(player=n(ev[1]),
                                                                                               n=ev[2])
        if op == "skip":
            return _("{player} sits out a turn").format(player=n(ev[1]))
        if op == "extra_turn":
            return ngettext("{player} gets {n} extra turn", "{player} gets {n} extra turns", ev[2]).format(
                player=n(ev[1]), n=ev[2])
        if op == "stack_empty":
            return _("The Grass stack is empty: the hand ends")
        return ""

    # --- drawing ------------------------------------------------------------------------------------------------
    def draw_action_panel(self, surf) -> None:
        """Grass draws its own menus and prompts (``draw_prompts``)."""

    def draw_table(self, surf: pygame.Surface, views, alpha: float) -> None:
        view = views.main
        slots = self.slots_now or self.slots(view.players)
        acting = self.seating.to_act()
        panels, piles = [], []
        for sl in slots.values():
            cw, ch = SIZES[sl.size]
            if sl.big:
                panels.append(INFO_BOX)
                piles.append(tuple(self.panels.pile_rect(*OWN_PILE, cw, ch)))
            else:
                panels.append(tuple(sl.rect))
                piles.append(tuple(self.panels.pile_rect(sl.rect.x + 10 + cw / 2, sl.rect.y + 50 + ch / 2, cw, ch)))
        surf.blit(table_background(tuple(panels), tuple(piles)), (0, 0))
        for seat, sl in slots.items():
            self.panels.draw_seat_area(surf, view, seat, sl, seat in acting)
        self.panels.draw_centre(surf, view)
        # cards
        for key, placed, width, moving in self.board.frames(alpha):
            kind = self.content.get(key)
            size = placed.tag or "M"
            w, h = SIZES[size]
            f = card_face(kind, size) if kind is not None else card_back(w, h)
            blit_card(surf, f, card_back(w, h), placed, width, moving)
        self.panels.draw_heat_labels(surf, view, slots)
        self.panels.draw_centre_labels(surf, view)
        self.hud.draw_status(surf, self.panels.status_text(view))
        if view.trade is not None:
            self.panels.draw_trade(surf, view)
        if not self.demo and self.seating.curtain_for is None:
            self.panels.draw_prompts(surf, view)
        if view.phase in ("scoring", "over") and view.breakdown and (self.demo or self.app.top is self):
            self.panels.draw_breakdown(surf, view)  # not under the results screen, which lists the totals

    # trade --------------------------------------------------------------------------------------------------------

    # prompts and menus of the acting human -------------------------------------------------------------------------

    # scoring -----------------------------------------------------------------------------------------------------

    def result_lines(self) -> list[str]:
        st = self.match.state
        totals = self.rules.scores(st)
        win = self.rules.winners(st)
        title = ngettext("{players} wins!", "{players} win!", len(win)).format(
            players=join_names([self.seat_name(i) for i in win]))
        lines = [title]
        for i, t in enumerate(totals):
            lines.append(_("{player} ({who}): {score}").format(player=self.seat_name(i), who=self.match.seats[i].label,
                                                               score=format_money(t)))
        lines.append(ngettext("after {n} hand", "after {n} hands", st.hand_no).format(n=st.hand_no))
        return lines
