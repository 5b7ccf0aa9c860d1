"""Cops & Robbers' table: role cards, coin stacks, shields, the explosion laid in front of a target, jail bars, the
defend prompt and the scores (rules/cops_and_robbers.md).

Layout (1280×720). The players sit clockwise around the table from the bottom: with one human (or, with two or more
sharing the screen, the human whose decision it is, behind the shared pass-the-screen curtain) that player's hand
is the row of cards at the bottom and their own box (role card, coins, shields, jail) just above it; a spectator
(attract mode) sees every seat as a compact area. Seats alternate Cop and Robber, so a teammate sits across the
table (4 players) or every second seat (6 players). Each area is framed in its role's colour (Cops blue, Robbers
orange) and shows: name (Player N for a human, Bot N for a bot) and score (team coins + own coins, with the earlier
rounds' totals added in the 5-round game), the role card, the coin stack with its count, the cards in hand (backs,
counted), the shields in front (Defence cards laid), and a slot that holds either the Offence laid against them (with
a burst) or, for a jailed Robber, the jail offence with the shields laid on it, under jail bars. The middle of the
table holds the draw pile (with its count), the discard pile, the round ("Round 2 of 5"), both teams' coins and a log
of the last moves.

Animation: card sprites tween from where they were (a Defence card from the hand to the shields, the Offence to its
target, used cards to the discard pile); coins fly one by one from the payer's stack to the receiver's when money
changes hands (a Cop paying a Robber, a Robber stealing from a Cop); an Offence bursts when laid; jail bars drop. The
table holds the match while coins fly and while the burst plays (its ticks pass with nobody acting: ``idle_tick``,
recorded, so a replay keeps the same pace), so a bot's thinking starts after them. Between rounds of the 5-round game the round's scores stay up for ``ROUND_HOLD`` ticks (A skips).

Controls of the acting human (every menu is built from ``RULES.legal_actions``: every legal action is reachable and
nothing illegal is offered; ``Table.menu_actions`` lists what the menus reach):

- Their turn (draw, at most one Defence, at most one Offensive, end the turn, in any order): LEFT/RIGHT choose a
  card of the hand or one of the "Draw" / "End turn" buttons after it; A on a card opens a small menu of what may be
  done with it and for or against whom (UP/DOWN, A confirms, B goes back); A on a button does it.
- The target of an Offensive: a prompt lists the answers (which Defence card to add from the hand, if any, and which
  single shield to use or all of them) with what each leads to (blocked, coins stolen or paid, jail); UP/DOWN and A.

Decisions of this table where the brief is silent: hidden hands of the other players are drawn as counted backs; with
two or more humans on one screen a hand is face up only during its owner's decision (behind the curtain) or while
they hold B; the log shows public information only.

Drawn from views (``Seating.views``): everything but the bottom seat's hand comes from the public view (every
other hand as a count); that hand from its seat's view when this screen shows it, else as counted backs.
"""

from __future__ import annotations

from typing import Any

import pygame

from arcade.core.i18n import N_, _, ngettext
from arcade.core.results import join_names
from arcade.games.cops_and_robbers import COP, DEFENCE, OFFENCE, Attack, Defend, Draw, EndTurn
from arcade.games.cops_and_robbers.terms import term
from arcade.client.render.cards import blit_card, card_back
from arcade.client.render.effects import burst
from arcade.client.render.fonts import draw_text, font, pitch
from arcade.client.table.choices import Choices
from arcade.client.render.tooltip import Tip
from arcade.client.render.tween import Placed
from arcade.client.render.widgets import GOLD, H, W, WHITE, panel
from arcade.client.table import SeatMenu, TableScene
# every name of the table module before it was split (art.py now), still importable from here
from arcade.games.cops_and_robbers.table.art import (  # noqa: F401
    _shield, _star, AREA, area_rects, background, big_coin, BURST_TICKS, button, card_art, CENTRE, coin,
    COIN_FLIGHT, COIN_GAP, coin_stack, cr_card, DISCARD_POS, DRAW_POS, Effects, felt, Flight, HAND_Y, jail_bars,
    OWN_BOX, own_coins, ROBBER, role_card, ROLE_COLOURS, ROLE_NAMES, ROLE_TEXT, ROUND_HOLD, SIZES)
from arcade.games.cops_and_robbers.table.choices import SeatChoices
from arcade.games.cops_and_robbers.table.panels import TablePanels

__all__ = ["Table", "cr_card", "role_card", "SIZES", "area_rects", "ROUND_HOLD", "OWN_BOX", "card_art"]


class Table(TableScene):
    END_DELAY = 300
    RESULT_FIGURE = N_("Points")

    def wire(self) -> None:
        """The game's hooks and settings given to the table's components."""
        self.picks = SeatChoices(self.seating, self.seat_name, self.hand_slots, self.roles)
        self.panels = TablePanels(self)
        self.hud.mouse_hint = N_("click or drag a card")
        c, t = self.coach, self.tooltips  # the coach's and the tooltips' hooks
        c.about, c.panels, c.prompts = self.coach_about, self.coach_panels, self.open_prompts
        c.layout, c.status = self.layout_rects, self.status_rects
        t.sources, t.key_tip = self.tips, self.key_tip
        self.pointer.hand_key = self.hand_key
        self.choices.panel = self.draw_action_panel

    def setup(self) -> None:
        self.board.move_ticks = 16
        self.board.stagger = 2
        self.content: dict[Any, tuple[str, int] | None] = {}
        self.log: list[str] = []
        self.fx = Effects()
        self.round_hold = 0
        self.round_info: tuple | None = None  # (round, scores, roles, coins at the end) of the round just over
        self._last_public = self.seating.views().public  # the public view the effects were last started from
        self.areas = self.compute_areas()
        self.layout(initial=True)

    # --- seats ----------------------------------------------------------------------------------------------------
    def bottom_seat(self) -> int:
        v = self.seating.viewer()
        if v is not None:
            return v
        humans = self.seating.humans()
        return humans[0] if humans and not self.demo else 0

    def spectator(self) -> bool:
        return self.seating.viewer() is None

    def compute_areas(self) -> dict[int, pygame.Rect]:
        v = self.seating.views().public
        return area_rects(v.players, self.bottom_seat(), self.spectator(), v.order)

    def roles(self) -> tuple[str, ...]:
        """Every seat's role this round (public)."""
        return self.seating.views().public.roles

    def scores(self, view) -> tuple[int, ...]:
        """Per seat, the points of ``RULES.scores``: a function of public facts only (finished rounds' totals, roles,
        coins), which every view holds."""
        return self.rules.scores(view)

    # --- the match loop -----------------------------------------------------------------------------------------
    @property
    def holding(self) -> bool:
        """The match waits: coins are flying, an Offence is bursting, or a finished round's scores are up."""
        return self.fx.busy or self.round_hold > 0

    def while_held(self) -> None:
        """A finished round's scores stay up for ``ROUND_HOLD`` ticks, or until a human's A cuts them short."""
        if self.round_hold and not self.fx.busy:
            devs = [self.match.seats[s].device for s in self.seating.humans()]
            if not self.demo and devs and self.app.input.pressed("A", devs) and self.round_hold < ROUND_HOLD - 20:
                self.round_hold = 0
            else:
                self.round_hold -= 1

    SOUNDS = {"draw": "deal", "defence": "slap", "offensive": "explosion", "respond": "flip", "pay": "coin",
              "steal": "coin", "jail": "stop", "free": "start", "reshuffle": "deal", "round_end": "win",
              "deal": "deal"}

    def on_events(self, events: tuple) -> None:
        """Sounds of the events, and their lines in the log (public information only)."""
        tick = self.match.tick_count
        for ev in events:
            snd = self.SOUNDS.get(ev[0])
            if snd and not (ev[0] == "deal" and ev[1] == 1):
                self.app.audio.play(snd, tick)
        for ev in events:
            line = self.event_text(ev)
            if line:
                self.log.append(line)
        del self.log[:-3]

    def event_text(self, ev: tuple) -> str:
        n = self.seat_name
        k = ev[0]
        if k == "defence":
            _k, seat, v, to, on_jail = ev
            if on_jail:
                if to == seat:
                    return _("{player} lays shield {value} on their own jail").format(player=n(seat), value=v)
                return _("{player} lays shield {value} on {other}'s jail").format(player=n(seat), value=v,
                                                                                  other=n(to))
            if to == seat:
                return _("{player} lays shield {value}").format(player=n(seat), value=v)
            return _("{player} lays shield {value} for {other}").format(player=n(seat), value=v, other=n(to))
        if k == "offensive":
            return _("{player} attacks {other} with offence {value}!").format(player=n(ev[1]), other=n(ev[3]),
                                                                              value=ev[2])
        if k == "respond":
            if ev[2]:
                return _("{player} answers, adding shield {value}").format(player=n(ev[1]), value=ev[2])
            return _("{player} answers").format(player=n(ev[1]))
        if k == "pay":
            return ngettext("{player} pays {n} coin to {other}", "{player} pays {n} coins to {other}", ev[3]).format(
                player=n(ev[1]), n=ev[3], other=n(ev[2]))
        if k == "steal":
            if ev[3]:
                return ngettext("{player} steals {n} coin from {other}", "{player} steals {n} coins from {other}",
                                ev[3]).format(player=n(ev[1]), n=ev[3], other=n(ev[2]))
            return _("{player} blocks it").format(player=n(ev[1]))
        if k == "jail":
            kept = ev[3] if len(ev) > 3 else ()
            if kept:
                return _("{player} goes to jail on offence {value}: shields {shields} stay on it, {n} more to "
                         "free").format(player=n(ev[1]), value=ev[2], shields="+".join(map(str, kept)),
                                        n=ev[2] - sum(kept))
            return _("{player} goes to jail on offence {value}!").format(player=n(ev[1]), value=ev[2])
        if k == "free":
            return _("{player} is freed").format(player=n(ev[1]))
        if k == "reshuffle":
            return ngettext("Reshuffle: {n} card back in the draw pile", "Reshuffle: {n} cards back in the draw pile",
                            ev[1]).format(n=ev[1])
        if k == "round_end":
            return _("Round {n} is over").format(n=ev[1])
        if k == "deal" and ev[1] > 1:
            return _("Round {n}: roles dealt again, players change places").format(n=ev[1])
        return ""

    def after_tick(self) -> None:
        st = self.seating.views().public
        if st != self._last_public:  # something public changed: its events start the effects
            self.start_effects(self._last_public, st)
            self._last_public = st
        elif self.fx.busy:
            self.fx.t += 1
        self.areas = self.compute_areas()
        self.layout()
        self.board.update()

    def start_effects(self, prev, st) -> None:
        """Coin flights, bursts and jail bars for the events of ``st`` (``prev``: the public view before)."""
        fx = Effects(coins_before=prev.coins if prev.players == st.players else st.coins)
        t = 0
        for ev in st.events:
            if ev[0] in ("pay", "steal") and ev[3] > 0:
                src, dst = (ev[1], ev[2]) if ev[0] == "pay" else (ev[2], ev[1])
                fx.flights.append(Flight(src, dst, ev[3], t))
                t += COIN_GAP * ev[3] + COIN_FLIGHT
            elif ev[0] == "offensive":
                fx.bursts.append((ev[3], t))
                t = max(t, BURST_TICKS)
            elif ev[0] == "jail":
                fx.jailed.append(ev[1])
                t = max(t, 14)
            elif ev[0] == "round_end":
                self.round_info = (ev[1], ev[2], prev.roles, fx.coins_before, prev.players,
                                   self.round_end_reason(ev[2], prev.roles))
                if not st.over:
                    self.round_hold = ROUND_HOLD
        fx.total = t
        # the money changes hands coin by coin: the stacks show the coins before, then each landing
        self.fx = fx

    def round_end_reason(self, scores: tuple[int, ...], roles: tuple[str, ...]) -> str:
        own = own_coins(scores)
        broke = [s for s in range(len(scores)) if roles[s] == COP and own[s] == 0]
        if broke:
            return _("{player} has no coins left").format(player=self.seat_name(broke[0]))
        return _("The draw pile ran out")

    def shown_coins(self) -> tuple[int, ...]:
        """The coins in each stack as drawn now (mid-flight: the coins not yet landed are in the air)."""
        st = self.seating.views().public
        fx = self.fx
        if not fx.busy or not fx.flights:
            return st.coins
        coins = list(fx.coins_before)
        for f in fx.flights:
            for k in range(f.n):
                leave = f.start + k * COIN_GAP
                if fx.t >= leave:
                    coins[f.src] -= 1
                if fx.t >= leave + COIN_FLIGHT:
                    coins[f.dst] += 1
        return tuple(coins)

    # --- layout: sprites for every card on the table ---------------------------------------------------------------
    def slot_xy(self, seat: int) -> tuple[float, float]:
        """The centre of a seat's offence/jail slot."""
        r = self.areas[seat]
        if r == OWN_BOX:
            return (r.x + 470, r.y + 74)
        return (r.x + 284, r.y + 160)

    def shield_xy(self, seat: int, i: int, n: int) -> tuple[float, float]:
        r = self.areas[seat]
        w = SIZES["S"][0]
        if r == OWN_BOX:
            x0, budget, y = r.x + 190, 230, r.y + 80
        else:
            x0, budget, y = r.x + 12 + w // 2, 230, r.y + 170
        step = min(w + 6, (budget - w) / max(1, n - 1)) if n > 1 else 0
        return (x0 + i * step, y)

    def hand_cards(self, seat: int, views=None) -> list[Any]:
        """``seat``'s hand as drawn from ``views``: from its view when this screen shows it, else None for each card
        (counted backs). Without ``views``: the seat's own hand (``seat_view``), for its controls."""
        if views is None:
            return list(self.seating.seat_view(seat).hand)
        mine = views.of(seat)
        return list(mine.hand) if mine is not None else [None] * views.public.hand_counts[seat]

    def hand_slots(self, seat: int, views=None) -> list[Any]:
        """What LEFT/RIGHT choose among on ``seat``'s turn: the hand's cards (``hand_cards``), then "draw" and "end"
        when legal (public facts: whether the seat has drawn, whether the draw pile is empty)."""
        st = (views or self.seating.views()).public
        if st.over or st.pending is not None or seat != st.current:
            return []
        legal = self.seating.legal(seat)
        out: list[Any] = self.hand_cards(seat, views)
        if Draw() in legal:
            out.append("draw")
        if EndTurn() in legal:
            out.append("end")
        return out

    def hand_x(self, n: int) -> list[float]:
        step = 104 if n <= 10 else max(60, 1040 // n)
        x0 = W // 2 - (n - 1) * step / 2
        return [x0 + i * step for i in range(n)]

    def layout(self, initial: bool = False) -> None:
        views = self.seating.views()
        st = views.public
        targets: dict[Any, Placed] = {}
        content: dict[Any, tuple[str, int] | None] = {}
        bottom = self.bottom_seat()
        own = not self.spectator()
        for seat in range(st.players):
            n = len(st.shields[seat])
            occ: dict[int, int] = {}
            for i, v in enumerate(st.shields[seat]):
                o = occ.get(v, 0)
                occ[v] = o + 1
                key = ("shield", seat, v, o)
                x, y = self.shield_xy(seat, i, n)
                targets[key] = Placed(x, y, True, 20 + i, tag="S")
                content[key] = (DEFENCE, v)
            if st.jail[seat]:
                x, y = self.slot_xy(seat)
                targets[("jail", seat)] = Placed(x, y, True, 40, tag="M")
                content[("jail", seat)] = (OFFENCE, st.jail[seat])
                for i, v in enumerate(st.jail_shields[seat]):
                    key = ("jsh", seat, i)
                    targets[key] = Placed(x - 14 + 14 * i, y + 22, True, 41 + i, tag="S")
                    content[key] = (DEFENCE, v)
        if st.pending is not None:
            x, y = self.slot_xy(st.pending.target)
            targets[("pending",)] = Placed(x, y, True, 60, tag="M")
            content[("pending",)] = (OFFENCE, st.pending.value)
        nd = len(st.discard)
        for i in range(max(0, nd - 3), nd):
            d = nd - 1 - i
            key = ("discard", i)
            targets[key] = Placed(DISCARD_POS[0] - 3 * d, DISCARD_POS[1] - 3 * d, True, 5 + i, tag="S")
            content[key] = st.discard[i]
        if own:
            hand = self.hand_cards(bottom, views)
            up = views.up(bottom)
            ui = self.choices.ui.get(bottom)
            slots = self.hand_slots(bottom, views)
            xs = self.hand_x(len(slots) if slots else len(hand))
            occ2: dict[tuple[str, int], int] = {}
            for i, c in enumerate(hand):
                o = occ2.get(c, 0)
                occ2[c] = o + 1
                key = ("hand", bottom, c, o) if up else ("hback", bottom, i)
                lift = 22 if (up and ui is not None and slots and ui.sel % len(slots) == i) else 0
                targets[key] = Placed(xs[i], HAND_Y, up, 100 + i, lift=lift, tag="L")
                content[key] = c if up else None
        gone: dict[tuple[str, int], list[Placed]] = {}
        for key in self.board.entries:
            if key not in targets and self.content.get(key) is not None:
                gone.setdefault(self.content[key], []).append(self.board.current(key))
        other = "hback" if own and views.up(bottom) else "hand"
        flipped = any(k[0] == other and k not in targets for k in self.board.entries)
        actor = next((ev[1] for ev in st.events if len(ev) > 1 and isinstance(ev[1], int)
                      and ev[0] in ("defence", "offensive", "respond", "draw")), None)

        def origin(key):
            c = content.get(key)
            tag = targets[key].tag
            if initial:
                return targets[key]
            if c is not None and gone.get(c):
                p = gone[c].pop(0)
                return Placed(p.x, p.y, True, p.z, tag=tag)
            if key[0] in ("hand", "hback"):
                if flipped:  # the hand was shown face down (or face up) a tick ago: it turns over where it lies
                    t = targets[key]
                    return Placed(t.x, t.y, key[0] == "hback", t.z, tag=t.tag)
                return Placed(DRAW_POS[0], DRAW_POS[1], False, 0, tag="S")
            if key[0] == "discard":
                return Placed(CENTRE.centerx, CENTRE.centery, True, 0, tag=tag)
            who = actor if actor is not None else key[1] if isinstance(key[1], int) else bottom
            r = self.areas.get(who)
            if r is None:
                return targets[key]
            if r == OWN_BOX:
                return Placed(W // 2, HAND_Y, True, 0, tag=tag)
            return Placed(r.x + 210, r.y + 60, True, 0, tag=tag)

        self.content = content
        self.board.set_targets(targets, origin)

    # --- menus from the legal actions -------------------------------------------------------------------------------

    # --- controls -------------------------------------------------------------------------------------------------
    def human_controls(self) -> None:
        inp = self.app.input
        st = self.seating.views().public
        for seat in self.seating.acting_shown():
            dev = [self.match.seats[seat].device]
            ui = self.choices.seat_ui(seat)
            if self.mouse_controls(seat):
                continue
            if st.pending is not None:
                items = self.picks.respond_items(seat)
                if not items:
                    continue
                ui.cur = self.choices.move_cursor(dev, ui.cur, len(items), "UP", "DOWN")
                if inp.pressed("A", dev):
                    self.choices.submit_choice(seat, items[ui.cur][1])
                continue
            slots = self.hand_slots(seat)
            if not slots:
                continue
            if ui.open:
                self.choices.popup_step(seat, dev, self.picks.slot_options(seat, slots[ui.sel % len(slots)]))
                continue
            ui.sel = self.choices.move_cursor(dev, ui.sel, len(slots), "LEFT", "RIGHT")
            if inp.pressed("A", dev):
                self.choose_slot(seat, ui, slots[ui.sel])

    # --- the mouse: click a card (or Draw / End turn), then a line of its menu; click your defence -----------------

    def hand_rects(self, slots: list) -> list[pygame.Rect]:
        """The hand's cards and its Draw / End turn buttons (px), as laid out at the bottom."""
        cw, ch = SIZES["L"]
        return [pygame.Rect(int(x) - cw // 2, HAND_Y - ch // 2 - 22, cw, ch + 22) for x in self.hand_x(len(slots))]

    def popup_rect(self, title: str, labels: list[str], ax: float, bottom: int, hint: str = "") -> pygame.Rect:
        """The popup menu's panel (px), as ``draw_popup`` draws it: beside your own panel (``OWN_BOX``) on the
        side of the card at ``ax`` when it fits there, else above it; never over it."""
        fw = max([font(17, True).size("▶ " + s)[0] for s in labels] + [font(17, True).size(title)[0],
                                                                          font(16).size(hint)[0]]) + 30
        # the list (44 - 28 px around it at 100 %), then the keys line
        r = pygame.Rect(0, 0, fw, 16 + Choices.list_height(min(len(labels), 8), 17) + pitch(16, 26))
        r.bottom = min(bottom - 20, OWN_BOX.top - 8)
        side = r.copy()  # beside your own panel, on the card's side, when it fits there
        if ax < OWN_BOX.centerx:
            side.right = OWN_BOX.left - 8
        else:
            side.left = OWN_BOX.right + 8
        side.bottom = OWN_BOX.bottom
        if pygame.Rect(8, 40, W - 16, H - 48).contains(side):
            return side
        r.centerx = int(ax)  # else above it, over the centre
        r.clamp_ip(pygame.Rect(8, 40, W - 16, OWN_BOX.top - 48))
        return r

    def defend_rect(self, labels: list[str]) -> pygame.Rect:
        """The defend prompt's panel (px), as ``draw_defend_prompt`` draws it."""
        wdt = max([font(17, True).size("▶ " + s)[0] for s in labels] + [420]) + 40
        _have, top, keys = self.defend_offsets()  # the keys line under the list
        r = pygame.Rect(0, 0, min(W - 40, wdt), top + Choices.list_height(min(7, len(labels)), 17) + keys)
        r.midtop = (W // 2, 150)
        r.bottom = min(r.bottom, OWN_BOX.top - 8)  # above your own panel, never over it
        return r

    @staticmethod
    def defend_offsets() -> tuple[int, int, int]:
        """The defend prompt's layout (px): from its top to the shields line (42 at 100 %), to the list (68), and
        from the list's last line to the bottom, the keys line there (32); at a larger text size from the fonts'
        line heights."""
        have = 12 + pitch(22, 30, bold=True)
        return have, have + pitch(16, 26), pitch(16, 32)

    def popup_rows(self, seat: int, slots: list) -> list[pygame.Rect | None]:
        """The lines of the open card menu of ``seat`` (px)."""
        ui = self.choices.seat_ui(seat)
        slot = slots[ui.sel % len(slots)]
        items = self.picks.slot_options(seat, slot)
        r = self.popup_rect(self.panels.card_title(slot), [s for s, _a in items],
                            self.hand_x(len(slots))[ui.sel % len(slots)], HAND_Y - 80, self.panels.turn_hint(seat, ui))
        return self.choices.list_rects(r.x + 14, r.y + 8, r.width - 12, len(items), 8, ui.cur, 17)

    def mouse_controls(self, seat: int) -> bool:
        """The mouse's seat: a click on a line of the defend prompt answers; on its turn a click on a card opens its
        menu when the button is let go without a drag (so no menu flashes while a card is dragged; a click on Draw /
        End turn does it at once), a click on a line of the open menu plays it, a click elsewhere closes the menu.
        True when the mouse acted this tick."""
        if self.seating.mouse_seat() != seat or seat != self.bottom_seat():
            return False
        inp, ui, st = self.app.input, self.choices.seat_ui(seat), self.seating.views().public
        if st.pending is not None:
            items = self.picks.respond_items(seat)
            r = self.defend_rect([s for s, _ in items])
            rows = self.choices.list_rects(r.x + 22, r.y + self.defend_offsets()[1], r.w - 36, len(items), 7, ui.cur,
                                           17)
            k = self.pointer.mouse_list(seat, ui, rows)
            if k is not None:
                self.choices.submit_choice(seat, items[k][1])
            return k is not None
        slots = self.hand_slots(seat)
        if not slots:
            return False
        if ui.open:
            k = self.pointer.mouse_list(seat, ui, self.popup_rows(seat, slots))
            if k is not None:
                self.choices.submit_choice(seat, self.picks.slot_options(seat, slots[ui.sel % len(slots)])[k][1])
                return True
        done = self.pointer.let_go(seat)
        if done is not None:
            index, at, dragged = done
            if dragged:  # a card dragged and let go: on a player's area, played there
                self.drop_card(seat, slots, index, at)
            elif index < len(slots):  # let go without a drag: a click on the card opens its menu now
                ui.sel = index
                self.choose_slot(seat, ui, slots[index])
            return True
        if inp.click() is None:
            return False
        k = inp.clicked(self.hand_rects(slots))
        self.pointer.drag_card = None
        if k is None:
            ui.open = False
            return True
        ui.sel = k
        if slots[k] in ("draw", "end"):
            self.choose_slot(seat, ui, slots[k])
        else:  # picked up: dragged onto a player it is played there, let go where it was its menu opens
            self.pointer.drag_card = (seat, k)
            ui.open = False
        return True

    def choose_slot(self, seat: int, ui: SeatMenu, slot: Any) -> None:
        """A card (or Draw / End turn) chosen by key or click: Draw / End turn are done at once, a card opens its
        menu, and a card that cannot be played now says why."""
        items = self.picks.slot_options(seat, slot)
        if slot in ("draw", "end") and items:
            self.choices.submit_choice(seat, items[0][1])
        elif items:
            ui.open, ui.cur = True, 0
            self.app.audio.play("select")
        else:
            self.hud.flash(self.picks.why_not(seat, slot))

    def drop_card(self, seat: int, slots: list, index: int, at: tuple[int, int]) -> None:
        """A hand card dragged and let go at ``at`` (px): an Offence on an opponent's area attacks them, a Defence
        on your own or a teammate's area is laid for them; anywhere else nothing is played (the card goes back).
        A card let go on a player's area that it cannot be played on there says why (a notice): a second Defence
        in a turn, a second Offensive, an attack from jail, a Defence for an opponent, an Offence on a teammate."""
        ui = self.choices.seat_ui(seat)
        ui.open = False
        if index >= len(slots):
            return
        onto = next((s for s, r in self.compute_areas().items() if r.collidepoint(at)), None)
        options = self.picks.slot_options(seat, slots[index])
        fits = [a for _, a in options
                if (isinstance(a, Attack) and a.target == onto) or (isinstance(a, Defend) and a.seat == onto)]
        if fits:
            self.choices.submit_choice(seat, fits[0])
        elif onto is not None and slots[index] not in ("draw", "end"):
            if not options:
                self.hud.flash(self.picks.why_not(seat, slots[index]))
            elif slots[index][0] == DEFENCE:
                self.hud.flash(_("A Defence card goes in front of you or a teammate"))
            else:
                self.hud.flash(_("An Offence card goes on an opponent who is not in jail"))

    def hand_key(self, seat: int, index: int):
        views = self.seating.views()
        hand = self.hand_cards(seat, views)
        if not 0 <= index < len(hand):
            return None
        c = hand[index]
        return ("hand", seat, c, hand[:index].count(c)) if views.up(seat) else ("hback", seat, index)

    # --- drawing --------------------------------------------------------------------------------------------------
    def draw_action_panel(self, surf) -> None:
        """Cops & Robbers draws its own menus and prompts (``draw_prompts``)."""

    def draw_table(self, surf: pygame.Surface, views, alpha: float) -> None:
        st = views.public
        roles = st.roles
        rects = tuple((tuple(r), ROLE_COLOURS[roles[s]]) for s, r in sorted(self.areas.items()))
        surf.blit(background(rects), (0, 0))
        coins = self.shown_coins()
        for seat, r in self.areas.items():
            self.panels.draw_area(surf, seat, r, coins, st)
        self.panels.draw_centre(surf, st)
        # bursts behind the laid offence
        fx = self.fx
        for seat, start in fx.bursts:
            age = fx.t + alpha - start
            if 0 <= age < BURST_TICKS and fx.busy:
                x, y = self.slot_xy(seat)
                img = burst(min(11, int(age * 12 / BURST_TICKS)), 170)
                surf.blit(img, img.get_rect(center=(int(x), int(y))))
        if st.pending is not None and not (fx.busy and fx.bursts):
            x, y = self.slot_xy(st.pending.target)
            img = burst(3 + (self.ticks // 8) % 3, 110)
            surf.blit(img, img.get_rect(center=(int(x), int(y))))
        # jail bars (under the jail cards, over the rest of the area)
        for seat, r in self.areas.items():
            if st.jail[seat]:
                step = 12
                if seat in fx.jailed and fx.busy:
                    step = max(1, min(12, int((fx.t + alpha) * 12 / 14)))
                surf.blit(jail_bars(r.w, r.h - 28, step), (r.x, r.y + 28))
        # cards: the Draw / End turn buttons over the resting cards (the last hand card, overlapped by them as each
        # card overlaps the one before), under the moving ones (a card sliding along the hand passes over them)
        frames = list(self.board.frames(alpha))
        for moving_pass in (False, True):
            if moving_pass:
                self.panels.draw_hand_buttons(surf, views)
            for key, placed, width, moving in frames:
                if moving != moving_pass:
                    continue
                c = self.content.get(key)
                size = placed.tag or "S"
                w, h = SIZES[size]
                f = cr_card(c[0], c[1], size) if c is not None else card_back(w, h)
                blit_card(surf, f, card_back(w, h), placed, width, moving)
        self.panels.draw_jail_labels(surf, st)
        self.panels.draw_flights(surf, alpha)
        seat = self.bottom_seat()
        if (not self.spectator() and seat in self.seating.humans() and not self.demo and not views.up(seat)
                and self.seating.curtain_for is None and self.seating.forced_view == "auto" and st.hand_counts[seat]):
            hint = _("hold {key} to see your hand").format(key=self.key(self.match.seats[seat].device, "B"))
            r = pygame.Rect(0, 0, font(17, True).size(hint)[0] + 24, 32)
            r.center = (W // 2, HAND_Y)
            panel(surf, r, 255, (20, 20, 20), GOLD, 10)
            draw_text(surf, hint, r.center, 17, WHITE, bold=True, anchor="center")
        if self.turn_bar_seat(views) is None:  # on your turn the turn's plate takes the status line's place
            self.hud.draw_status(surf, self.panels.status_text(st), 20)
        if not self.demo and self.seating.curtain_for is None:
            self.panels.draw_prompts(surf, views)
        if self.round_info is not None and (self.round_hold > 0 or (st.over and (self.demo or self.app.top is self))):
            self.panels.draw_round_scores(surf, st)

    def turn_bar_seat(self, views) -> int | None:
        """The seat whose turn's plate (``turn_bar``) is drawn now: the acting human here on their turn, no attack
        pending; else None."""
        if self.demo or self.seating.curtain_for is not None or views.public.pending is not None:
            return None
        return next((s for s in self.seating.acting_shown() if views.of(s) is not None and self.hand_slots(s, views)),
                    None)

    # --- the tutorial's coach: beside what its step names, never over it --------------------------------------------
    def status_rect(self) -> pygame.Rect:
        """The status line at the top (or the turn's plate in its place), px."""
        views = self.seating.views()
        seat = self.turn_bar_seat(views)
        if seat is not None:
            return self.panels.turn_bar(seat, views.public)
        return self.hud.status_line_rect(self.panels.status_text(views.public), 20)

    def status_rects(self) -> list[pygame.Rect]:
        return [self.status_rect()]

    def hand_area(self) -> pygame.Rect | None:
        """The bottom row: the viewer's hand and its Draw / End turn buttons (px; raised card included)."""
        if self.spectator():
            return None
        views = self.seating.views()
        seat = self.bottom_seat()
        n = len(self.hand_slots(seat, views)) or views.public.hand_counts[seat]
        if not n:
            return None
        rects = self.hand_rects([None] * n)
        return rects[0].unionall(rects[1:])

    def coach_about(self) -> list[pygame.Rect]:
        """The defend prompt while the learner answers an attack; their own panel, hand and turn's plate on their
        turn; the round's scores once it is over; else the area of the player whose turn it is."""
        humans = self.seating.humans()
        if not humans:
            return []
        st = self.seating.views().public
        if st.over or (self.round_info is not None and self.round_hold > 0):
            return [self.round_rect()]
        prompts = self.open_prompts()
        if st.pending is not None and st.pending.target == humans[0] and prompts:
            return prompts
        if st.pending is None and st.current == humans[0]:
            return [self.areas[humans[0]], *filter(None, [self.hand_area()]), self.status_rect(), *prompts]
        now = st.pending.target if st.pending is not None else st.current
        return [self.areas[now]]

    def coach_panels(self) -> list[pygame.Rect]:
        """The learner's own panel and that of the player whose turn (or answer) it is."""
        st = self.seating.views().public
        now = st.pending.target if st.pending is not None else st.current
        return [self.areas[s] for s in sorted({*self.seating.humans()[:1], now}) if s in self.areas]

    def round_rect(self) -> pygame.Rect:
        """The panel of the round's scores (``draw_round_scores``), px."""
        players = self.round_info[4] if self.round_info is not None else self.seating.views().public.players
        r = pygame.Rect(0, 0, 660, 120 + 30 * players)
        r.center = (W // 2, 300)
        return r

    def open_prompts(self) -> list[pygame.Rect]:
        """The defend prompt, an open card menu, the turn's plate and the round's scores, as drawn now."""
        views = self.seating.views()
        st = views.public
        out = []
        for seat in self.seating.acting_shown():
            if views.of(seat) is None:
                continue
            ui = self.choices.seat_ui(seat)
            if st.pending is not None:
                items = self.picks.respond_items(seat)
                if items:
                    out.append(self.defend_rect([lab for lab, _a in items]))
                continue
            slots = self.hand_slots(seat, views)
            if not slots:
                continue
            out.append(self.panels.turn_bar(seat, st))
            if ui.open:
                slot = slots[ui.sel % len(slots)]
                items = self.picks.slot_options(seat, slot)
                ax = self.hand_x(len(slots))[ui.sel % len(slots)]
                out.append(self.popup_rect(self.panels.card_title(slot), [lab for lab, _a in items], ax, HAND_Y - 80,
                                           self.panels.turn_hint(seat, ui)))
        if self.round_info is not None and (self.round_hold > 0 or st.over):
            out.append(self.round_rect())
        return out

    def layout_rects(self) -> list[pygame.Rect]:
        return [self.hud.name_rect()] + [self.status_rect(), CENTRE, *self.areas.values(),
                                         *filter(None, [self.hand_area()])]

    # --- tooltips: Offence and Defence cards, jail, the roles explained where they are ----------------------------
    def card_tip(self, rect, card: tuple[str, int]) -> Tip:
        """The tooltip of an Offence or Defence card of some value lying at ``rect``."""
        kind, value = card
        title, body = term("offence" if kind == OFFENCE else "defence")
        return Tip(tuple(rect), _("{term} {value}").format(term=title, value=value), body)

    def tips(self) -> list[Tip]:
        """Every card on the table face up (hand, shields, attacks, jails, discard), the role cards and the jail
        labels."""
        views = self.seating.views()
        st = views.public
        out = []
        for seat, r in self.areas.items():
            out.append(Tip((r.x + 10, r.y + 30, 56, 78), *term("cop" if st.roles[seat] == COP else "robber")))
        for key, placed in sorted(((k, e.placed) for k, e in self.board.entries.items()), key=lambda kp: kp[1].z):
            c = self.content.get(key)
            if c is None or not placed.face_up:
                continue
            w, h = SIZES[placed.tag or "S"]
            r = pygame.Rect(0, 0, w, h)
            r.center = (int(placed.x), int(placed.y - placed.lift))
            out.append(self.card_tip(r, c) if key[0] != "jail" else Tip(tuple(r), *term("jail")))
        for seat in range(st.players):
            if st.jail[seat] and seat in self.areas:
                x, y = self.slot_xy(seat)
                out.append(Tip((int(x) - 90, int(y) + 40, 180, 24), *term("jail")))
        return out

    def key_tip(self, seat: int) -> Tip | None:
        """The hand card ``seat``'s keys are on (its menu open or not); the Defence while it answers an attack."""
        views = self.seating.views()
        if seat not in self.seating.acting_shown() or views.of(seat) is None:
            return None
        st = views.public
        if st.pending is not None:
            items = self.picks.respond_items(seat)
            return Tip(tuple(self.defend_rect([lab for lab, _a in items])), *term("defence")) if items else None
        slots = self.hand_slots(seat, views)
        if not slots:
            return None
        i = self.choices.seat_ui(seat).sel % len(slots)
        if slots[i] in ("draw", "end"):
            return None
        return self.card_tip(self.hand_rects(slots)[i].inflate(0, -22).move(0, -11), slots[i])

    def key(self, device: str, button: str) -> str:
        h = self.app.input.hint(device, button)
        return {"Ⓐ": _("pad A"), "Ⓑ": _("pad B")}.get(h, h)

    # --- results --------------------------------------------------------------------------------------------------
    def result_lines(self) -> list[str]:
        st = self.match.state
        scores = self.rules.scores(st)
        best = max(scores)
        win = [s for s in range(st.players) if scores[s] == best]
        title = ngettext("{players} wins!", "{players} win!", len(win)).format(
            players=join_names([self.seat_name(s) for s in win]))
        lines = [title]
        roles = self.roles()
        own = own_coins(st.last_round)
        for s in sorted(range(st.players), key=lambda s: (-scores[s], s)):
            who = dict(player=self.seat_name(s), who=self.match.seats[s].label, score=scores[s])
            if st.rounds > 1:
                lines.append(ngettext("{player} ({who}): {score} points over {n} round",
                                      "{player} ({who}): {score} points over {n} rounds", st.rounds).format(
                    n=st.rounds, **who))
            else:
                line = (_("{player} ({who}), Cop: {score} points (team {team} + own {own})") if roles[s] == COP else
                        _("{player} ({who}), Robber: {score} points (team {team} + own {own})"))
                lines.append(line.format(team=st.last_round[s] - own[s], own=own[s], **who))
        if st.rounds == 1:
            lines.append(_("score = the team's coins + your own coins"))
        return lines
