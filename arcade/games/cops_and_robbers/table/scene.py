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
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import pygame

from arcade.games.cops_and_robbers import (COP, DEFENCE, OFFENCE, ROBBER, Attack, Defend, Draw, EndTurn, Respond,
                                      round_scores)
from arcade.client.render.cards import blit_card, card_back
from arcade.client.render.effects import burst
from arcade.client.render.fonts import draw_text, font, fit
from arcade.client.render.tween import Placed
from arcade.client.render.widgets import DIM, GOLD, GREEN, H, W, WHITE, draw_log, felt, panel
from arcade.client.scenes.table import SeatMenu, TableScene

__all__ = ["Table", "cr_card", "role_card", "SIZES", "area_rects", "ROUND_HOLD"]

SIZES = {"L": (96, 134), "M": (56, 78), "S": (46, 64), "X": (30, 42)}
"""Card sizes: L the hand, M the offence in front of a target and the jail, S shields and the discard pile, X the
other players' hands (backs)."""
ROLE_COLOURS = {COP: (80, 150, 240), ROBBER: (235, 140, 40)}
ROLE_NAMES = {COP: "Cop", ROBBER: "Robber"}
ROLE_TEXT = {COP: (140, 185, 255), ROBBER: (235, 140, 40)}
"""A role's colour for small text on the felt (lighter blue: WCAG AA 4.5:1 there)."""
AREA = (340, 232)
OWN_BOX = pygame.Rect(360, 398, 560, 136)
HAND_Y = 612
CENTRE = pygame.Rect(360, 280, 560, 112)
DRAW_POS = (CENTRE.x + 40, CENTRE.centery + 2)
DISCARD_POS = (CENTRE.x + 110, CENTRE.centery + 2)
ROUND_HOLD = 300
"""Ticks the scores of a finished round stay up before the next round is played (A skips)."""
COIN_GAP = 6
COIN_FLIGHT = 26
BURST_TICKS = 36


# --- cached sprites --------------------------------------------------------------------------------------------------


def _star(cx: float, cy: float, r: float, points: int = 12, inner: float = 0.55) -> list[tuple[float, float]]:
    out = []
    for k in range(points * 2):
        a = k * math.pi / points - math.pi / 2
        rr = r if k % 2 == 0 else r * inner
        out.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return out


def _shield(cx: float, cy: float, w: float, h: float) -> list[tuple[float, float]]:
    return [(cx - w / 2, cy - h / 2), (cx + w / 2, cy - h / 2), (cx + w / 2, cy), (cx, cy + h / 2),
            (cx - w / 2, cy)]


@lru_cache(maxsize=64)
def cr_card(kind: str, value: int, size: str = "L") -> pygame.Surface:
    """The face of an Offence (explosion, red) or Defence (shield, blue) card of ``value`` at a size of SIZES."""
    w, h = SIZES[size]
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    rad = max(4, w // 10)
    offence = kind == OFFENCE
    pygame.draw.rect(s, (252, 246, 236), s.get_rect(), border_radius=rad)
    band = (200, 45, 35) if offence else (45, 100, 200)
    pygame.draw.rect(s, band, s.get_rect(), width=max(3, w // 16), border_radius=rad)
    cx, cy = w / 2, h * 0.5
    if offence:
        pygame.draw.polygon(s, (245, 150, 30), _star(cx, cy, w * 0.42))
        pygame.draw.polygon(s, (250, 220, 70), _star(cx, cy, w * 0.27, 10, 0.6))
    else:
        pygame.draw.polygon(s, (70, 130, 220), _shield(cx, cy, w * 0.62, h * 0.52))
        pygame.draw.polygon(s, (190, 215, 250), _shield(cx, cy, w * 0.62, h * 0.52), width=max(2, w // 24))
    draw_text(s, str(value), (cx, cy + 1), int(h * 0.3), (20, 20, 20) if offence else WHITE, bold=True,
              anchor="center")
    if w >= 50:
        label = "OFFENCE" if offence else "DEFENCE"
        draw_text(s, label, (cx, h * 0.13), max(9, w // 9), band, bold=True, anchor="center")
        draw_text(s, str(value), (7, h - 6), max(11, w // 6), band, bold=True, anchor="bottomleft")
    else:
        draw_text(s, str(value), (5, 2), 12, band, bold=True)
    return s.convert_alpha()


@lru_cache(maxsize=8)
def role_card(role: str, w: int = 56, h: int = 78) -> pygame.Surface:
    """A Cop (blue, star badge) or Robber (orange, mask) role card."""
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    col = ROLE_COLOURS[role]
    pygame.draw.rect(s, (252, 246, 236), s.get_rect(), border_radius=7)
    pygame.draw.rect(s, col, (3, 3, w - 6, h * 0.3), border_radius=5)
    pygame.draw.rect(s, col, s.get_rect(), width=3, border_radius=7)
    draw_text(s, ROLE_NAMES[role].upper(), (w / 2, h * 0.17), max(9, w // 6 - (2 if role == ROBBER else 0)), WHITE,
              bold=True, anchor="center")
    cx, cy = w / 2, h * 0.64
    if role == COP:
        pygame.draw.polygon(s, (215, 170, 40), _star(cx, cy, w * 0.3, 5, 0.45))
        pygame.draw.circle(s, (60, 90, 170), (int(cx), int(cy)), max(3, w // 12))
    else:
        mask = pygame.Rect(0, 0, w * 0.7, h * 0.22)
        mask.center = (int(cx), int(cy))
        pygame.draw.ellipse(s, (25, 25, 30), mask)
        for dx in (-0.16, 0.16):
            eye = pygame.Rect(0, 0, w * 0.16, h * 0.08)
            eye.center = (int(cx + dx * w), int(cy))
            pygame.draw.ellipse(s, (252, 246, 236), eye)
    return s.convert_alpha()


@lru_cache(maxsize=2)
def coin() -> pygame.Surface:
    s = pygame.Surface((26, 12), pygame.SRCALPHA)
    pygame.draw.ellipse(s, (150, 105, 20), s.get_rect())
    pygame.draw.ellipse(s, (245, 200, 70), (0, 0, 26, 10))
    pygame.draw.ellipse(s, (200, 150, 40), (5, 2, 16, 6), width=1)
    return s.convert_alpha()


@lru_cache(maxsize=2)
def big_coin() -> pygame.Surface:
    """A coin in flight (bigger than the stacked ones: it is closer to the eye), with a glint."""
    s = pygame.Surface((36, 36), pygame.SRCALPHA)
    pygame.draw.circle(s, (255, 240, 160, 90), (18, 18), 18)
    pygame.draw.ellipse(s, (150, 105, 20), (3, 10, 30, 16))
    pygame.draw.ellipse(s, (250, 205, 70), (3, 9, 30, 14))
    pygame.draw.ellipse(s, (205, 155, 40), (9, 12, 18, 8), width=2)
    return s.convert_alpha()


@lru_cache(maxsize=64)
def coin_stack(n: int) -> pygame.Surface:
    """Up to 20 coins in two columns of 10 (more are counted, not drawn). Anchor: bottom left."""
    s = pygame.Surface((52, 60), pygame.SRCALPHA)
    c = coin()
    shown = min(n, 20)
    for i in range(shown):
        col, row = divmod(i, 10)
        s.blit(c, (col * 24, 60 - 12 - row * 4))
    return s


@lru_cache(maxsize=16)
def jail_bars(w: int, h: int, step: int = 12) -> pygame.Surface:
    """Jail bars over an area w×h; ``step`` 0..12 of the drop (12: down)."""
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    s.fill((0, 0, 0, 50))
    drop = int(h * (1 - step / 12))
    for x in range(16, w, 34):
        pygame.draw.rect(s, (55, 58, 66, 235), (x, -drop, 7, h))
        pygame.draw.line(s, (150, 155, 170, 235), (x + 2, -drop), (x + 2, h - drop), 2)
    for y in (6, h - 14):
        pygame.draw.rect(s, (55, 58, 66, 235), (0, y - drop, w, 8))
    return s


@lru_cache(maxsize=16)
def background(rects: tuple[tuple[tuple[int, int, int, int], tuple[int, int, int]], ...]) -> pygame.Surface:
    """The felt with the seat areas (rect, role colour) and the centre's places drawn once."""
    s = felt().copy()
    for r, col in rects:
        panel(s, r, 150)
        pygame.draw.rect(s, col, r, width=2, border_radius=14)
    panel(s, CENTRE, 110)
    for pos in (DRAW_POS, DISCARD_POS):
        rr = pygame.Rect(0, 0, SIZES["S"][0] + 6, SIZES["S"][1] + 6)
        rr.center = pos
        pygame.draw.rect(s, (40, 120, 80), rr, width=2, border_radius=8)
    return s.convert()


def area_rects(players: int, bottom: int, spectator: bool, order: tuple[int, ...] | None = None
               ) -> dict[int, pygame.Rect]:
    """Each seat's area, clockwise from ``bottom`` (the viewer, or seat 0 for a spectator) along the round's seating
    ``order`` (default: seat numbers): the viewer's is ``OWN_BOX`` (their hand is the row under it); a spectator sees
    the bottom seat as a compact area too."""
    order = tuple(order) if order is not None else tuple(range(players))
    w, h = AREA
    if players == 4:
        places = [(10, 150), (470, 40), (930, 150)]
    else:
        places = [(10, 292), (10, 52), (470, 40), (930, 52), (930, 292)]
    out = {bottom: pygame.Rect(470, 392, w, h) if spectator else OWN_BOX.copy()}
    at = order.index(bottom)
    for k, (x, y) in enumerate(places):
        out[order[(at + 1 + k) % players]] = pygame.Rect(x, y, w, h)
    return out


@dataclass
class Flight:
    """Coins flying from one seat to another: ``n`` coins, the first leaving at tick ``start`` of the effects."""

    src: int
    dst: int
    n: int
    start: int


@dataclass
class Effects:
    """What plays after a transition: coin ``flights``, a ``burst`` (seat, tick) and jail bars dropping; ``t`` ticks
    since it began, ``total`` its length; ``coins_before`` the coins shown before the flights."""

    flights: list[Flight] = field(default_factory=list)
    bursts: list[tuple[int, int]] = field(default_factory=list)
    jailed: list[int] = field(default_factory=list)
    coins_before: tuple[int, ...] = ()
    t: int = 0
    total: int = 0

    @property
    def busy(self) -> bool:
        return self.t < self.total


class Table(TableScene):
    END_DELAY = 300
    COACH_AT = (8, 46, 455)  # the tutorial coach's free corner
    RESULT_FIGURE = "Points"

    def setup(self) -> None:
        self.board.move_ticks = 16
        self.board.stagger = 2
        self.content: dict[Any, tuple[str, int] | None] = {}
        self.log: list[str] = []
        self.fx = Effects()
        self.round_hold = 0
        self.round_info: tuple | None = None  # (round, scores, roles, coins at the end) of the round just over
        self._last_state = self.match.state
        self.areas = self.compute_areas()
        self.layout(initial=True)

    # --- seats ----------------------------------------------------------------------------------------------------
    def bottom_seat(self) -> int:
        v = self.viewer()
        if v is not None:
            return v
        humans = self.humans()
        return humans[0] if humans and not self.demo else 0

    def spectator(self) -> bool:
        return self.viewer() is None

    def compute_areas(self) -> dict[int, pygame.Rect]:
        st = self.match.state
        return area_rects(st.players, self.bottom_seat(), self.spectator(), st.order)

    def roles(self) -> tuple[str, ...]:
        return self.rules.roles(self.match.state)

    # --- the match loop -----------------------------------------------------------------------------------------
    @property
    def holding(self) -> bool:
        """The match waits: coins are flying, an Offence is bursting, or a finished round's scores are up."""
        return self.fx.busy or self.round_hold > 0

    def while_held(self) -> None:
        """A finished round's scores stay up for ``ROUND_HOLD`` ticks, or until a human's A cuts them short."""
        if self.round_hold and not self.fx.busy:
            devs = [self.match.seats[s].device for s in self.humans()]
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
            _, seat, v, to, on_jail = ev
            if on_jail:
                return f"{n(seat)} lays shield {v} on " + ("their own jail" if to == seat else f"{n(to)}'s jail")
            return f"{n(seat)} lays shield {v}" + ("" if to == seat else f" for {n(to)}")
        if k == "offensive":
            return f"{n(ev[1])} attacks {n(ev[3])} with offence {ev[2]}!"
        if k == "respond":
            return f"{n(ev[1])} answers" + (f", adding shield {ev[2]}" if ev[2] else "")
        if k == "pay":
            return f"{n(ev[1])} pays {ev[3]} coin{'s' if ev[3] != 1 else ''} to {n(ev[2])}"
        if k == "steal":
            return (f"{n(ev[1])} steals {ev[3]} coin{'s' if ev[3] != 1 else ''} from {n(ev[2])}" if ev[3]
                    else f"{n(ev[1])} blocks it")
        if k == "jail":
            kept = ev[3] if len(ev) > 3 else ()
            if kept:
                return (f"{n(ev[1])} goes to jail on offence {ev[2]}: shields {'+'.join(map(str, kept))} stay on it, "
                        f"{ev[2] - sum(kept)} more to free")
            return f"{n(ev[1])} goes to jail on offence {ev[2]}!"
        if k == "free":
            return f"{n(ev[1])} is freed"
        if k == "reshuffle":
            return f"Reshuffle: {ev[1]} cards back in the draw pile"
        if k == "round_end":
            return f"Round {ev[1]} is over"
        if k == "deal" and ev[1] > 1:
            return f"Round {ev[1]}: roles dealt again, players change places"
        return ""

    def after_tick(self) -> None:
        st = self.match.state
        if st is not self._last_state:
            self.start_effects(self._last_state, st)
            self._last_state = st
        elif self.fx.busy:
            self.fx.t += 1
        self.areas = self.compute_areas()
        self.layout()
        self.board.update()

    def start_effects(self, prev, st) -> None:
        """Coin flights, bursts and jail bars for the events of ``st`` (``prev``: the state before)."""
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
                self.round_info = (ev[1], ev[2], self.rules.roles(prev), fx.coins_before, prev.players,
                                   self.round_end_reason(ev[2], self.rules.roles(prev)))
                if not st.over:
                    self.round_hold = ROUND_HOLD
        fx.total = t
        # the money changes hands coin by coin: the stacks show the coins before, then each landing
        self.fx = fx

    def round_end_reason(self, scores: tuple[int, ...], roles: tuple[str, ...]) -> str:
        own = own_coins(scores)
        broke = [s for s in range(len(scores)) if roles[s] == COP and own[s] == 0]
        if broke:
            return f"{self.seat_name(broke[0])} has no coins left"
        return "The draw pile ran out"

    def shown_coins(self) -> tuple[int, ...]:
        """The coins in each stack as drawn now (mid-flight: the coins not yet landed are in the air)."""
        st = self.match.state
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

    def hand_cards(self, seat: int) -> list[tuple[str, int]]:
        return list(self.match.state.hands[seat])

    def hand_slots(self, seat: int) -> list[Any]:
        """What LEFT/RIGHT choose among on ``seat``'s turn: the hand's cards, then "draw" and "end" when legal."""
        st = self.match.state
        if st.over or st.pending is not None or seat != st.current:
            return []
        legal = self.rules.legal_actions(st, seat)
        out: list[Any] = list(st.hands[seat])
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
        st = self.match.state
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
            hand = self.hand_cards(bottom)
            up = self.peeking(bottom)
            ui = self.ui.get(bottom)
            slots = self.hand_slots(bottom)
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
        other = "hback" if own and self.peeking(bottom) else "hand"
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
    def action_label(self, a: Any, seat: int) -> str:
        """What choosing ``a`` does, in the words of the menus."""
        st = self.match.state
        n = self.seat_name
        if isinstance(a, Draw):
            return "Draw a card"
        if isinstance(a, EndTurn):
            return "End your turn"
        if isinstance(a, Defend):
            t = a.seat
            if st.jail[t]:
                need = st.jail[t] - sum(st.jail_shields[t])
                free = ("frees " + ("you" if t == seat else "them") if a.value >= need
                        else f"{need - a.value} more to free")
                return (f"On your jail ({free})" if t == seat else f"On {n(t)}'s jail ({free})")
            return "Shield in front of yourself" if t == seat else f"Shield in front of {n(t)} (teammate)"
        if isinstance(a, Attack):
            sh = st.shields[a.target]
            shields = "no shields" if not sh else "shields " + "+".join(map(str, sh))
            who = f"{ROLE_NAMES[self.roles()[a.target]]} {n(a.target)}"
            return f"Attack {who} ({shields}, {st.coins[a.target]} coins)"
        if isinstance(a, Respond):
            return self.respond_label(a, seat)
        return str(a)

    def respond_outcome(self, a: Respond, seat: int) -> tuple[int, str, int]:
        """(defence value, what happens, worth in coins for the target: jail -100, paying -n, stealing +n) of an
        answer to the pending Offensive ("Offensive", 1-4)."""
        st = self.match.state
        off = st.pending
        front = tuple(st.shields[seat]) + ((a.hand,) if a.hand else ())
        defence = a.shield if a.shield else sum(front)
        role = self.roles()[seat]
        if defence >= off.value:
            if role == ROBBER and defence > off.value:
                amount = min(defence - off.value, st.coins[off.attacker])
                return defence, f"blocked, you steal {amount}", amount
            return defence, "blocked", 0
        if role == COP:
            amount = min(off.value - defence, st.coins[seat])
            return defence, f"you pay {amount} coin{'s' if amount != 1 else ''}", -amount
        return defence, "JAIL", -100

    def respond_label(self, a: Respond, seat: int) -> str:
        st = self.match.state
        front = tuple(st.shields[seat]) + ((a.hand,) if a.hand else ())
        add = f"Add shield {a.hand}" if a.hand else "Add nothing"
        if a.shield:
            use = f"use the {a.shield} alone"
        elif not front:
            use = "no shields"
        elif len(front) == 1:
            use = f"use the {front[0]}"
        else:
            use = f"use all: {'+'.join(map(str, front))} = {sum(front)}"
        _, what, _ = self.respond_outcome(a, seat)
        return f"{add}, {use} → {what}"

    def slot_options(self, seat: int, slot: Any) -> list[tuple[str, Any]]:
        """The menu of one hand slot: what may be done with that card now (or the button's one action)."""
        st = self.match.state
        legal = self.rules.legal_actions(st, seat)
        if slot == "draw":
            acts = [a for a in legal if isinstance(a, Draw)]
        elif slot == "end":
            acts = [a for a in legal if isinstance(a, EndTurn)]
        else:
            kind, v = slot
            if kind == DEFENCE:
                acts = [a for a in legal if isinstance(a, Defend) and a.value == v]
                acts.sort(key=lambda a: (a.seat != seat, a.seat))
            else:
                acts = [a for a in legal if isinstance(a, Attack) and a.value == v]
        return [(self.action_label(a, seat), a) for a in acts]

    def respond_items(self, seat: int) -> list[tuple[str, Respond]]:
        st = self.match.state
        if st.pending is None or st.pending.target != seat:
            return []
        legal = [a for a in self.rules.legal_actions(st, seat) if isinstance(a, Respond)]
        # the best answers first (worth to the target), then the fewest shield points spent
        def spent(a: Respond) -> int:
            front = tuple(st.shields[seat]) + ((a.hand,) if a.hand else ())
            return a.shield if a.shield else sum(front)
        legal.sort(key=lambda a: (-self.respond_outcome(a, seat)[2], spent(a), a.hand))
        return [(self.respond_label(a, seat), a) for a in legal]

    def menu_actions(self, seat: int) -> list[Any]:
        """Every action the menus of ``seat`` reach now (for tests: it must equal the legal actions)."""
        st = self.match.state
        if st.pending is not None:
            return [a for _, a in self.respond_items(seat)]
        out: list[Any] = []
        for slot in dict.fromkeys(self.hand_slots(seat)):
            out += [a for _, a in self.slot_options(seat, slot)]
        return out

    # --- controls -------------------------------------------------------------------------------------------------
    def human_controls(self) -> None:
        inp = self.app.input
        st = self.match.state
        for seat in self.acting_shown():
            dev = [self.match.seats[seat].device]
            ui = self.seat_ui(seat)
            if self.mouse_controls(seat):
                continue
            if st.pending is not None:
                items = self.respond_items(seat)
                if not items:
                    continue
                ui.cur = self.move_cursor(dev, ui.cur, len(items), "UP", "DOWN")
                if inp.pressed("A", dev):
                    self.submit_choice(seat, items[ui.cur][1])
                continue
            slots = self.hand_slots(seat)
            if not slots:
                continue
            if ui.open:
                self.popup_step(seat, dev, self.slot_options(seat, slots[ui.sel % len(slots)]))
                continue
            ui.sel = self.move_cursor(dev, ui.sel, len(slots), "LEFT", "RIGHT")
            if inp.pressed("A", dev):
                self.choose_slot(seat, ui, slots[ui.sel])

    # --- the mouse: click a card (or Draw / End turn), then a line of its menu; click your defence -----------------
    MOUSE_HINT = "click a card or Draw, then a line · or drag a card onto a player"

    def hand_rects(self, slots: list) -> list[pygame.Rect]:
        """The hand's cards and its Draw / End turn buttons (px), as laid out at the bottom."""
        cw, ch = SIZES["L"]
        return [pygame.Rect(int(x) - cw // 2, HAND_Y - ch // 2 - 22, cw, ch + 22) for x in self.hand_x(len(slots))]

    def popup_rect(self, title: str, labels: list[str], ax: float, bottom: int, hint: str = "") -> pygame.Rect:
        """The popup menu's panel (px), as ``draw_popup`` draws it: beside your own panel (``OWN_BOX``) on the
        side of the card at ``ax`` when it fits there, else above it; never over it."""
        fw = max([font(17, True).size("▶ " + s)[0] for s in labels] + [font(17, True).size(title)[0],
                                                                          font(16).size(hint)[0]]) + 30
        r = pygame.Rect(0, 0, fw, 44 + min(len(labels), 8) * 28 + 26)  # the keys line under the list
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
        r = pygame.Rect(0, 0, min(W - 40, wdt), 128 + min(7, len(labels)) * 28)  # the keys line under the list
        r.midtop = (W // 2, 150)
        r.bottom = min(r.bottom, OWN_BOX.top - 8)  # above your own panel, never over it
        return r

    def popup_rows(self, seat: int, slots: list) -> list[pygame.Rect | None]:
        """The lines of the open card menu of ``seat`` (px)."""
        ui = self.seat_ui(seat)
        slot = slots[ui.sel % len(slots)]
        items = self.slot_options(seat, slot)
        title = f"{'Defence' if slot[0] == DEFENCE else 'Offence'} {slot[1]}:"
        r = self.popup_rect(title, [s for s, _ in items], self.hand_x(len(slots))[ui.sel % len(slots)], HAND_Y - 80,
                            self.turn_hint(seat, ui))
        return self.list_rects(r.x + 14, r.y + 8, r.width - 12, len(items), 8, ui.cur, 17)

    def mouse_controls(self, seat: int) -> bool:
        """The mouse's seat: a click on a line of the defend prompt answers; on its turn a click on a card opens its
        menu when the button is let go without a drag (so no menu flashes while a card is dragged; a click on Draw /
        End turn does it at once), a click on a line of the open menu plays it, a click elsewhere closes the menu.
        True when the mouse acted this tick."""
        if self.mouse_seat() != seat or seat != self.bottom_seat():
            return False
        inp, ui, st = self.app.input, self.seat_ui(seat), self.match.state
        if st.pending is not None:
            items = self.respond_items(seat)
            r = self.defend_rect([s for s, _ in items])
            k = self.mouse_list(seat, ui, self.list_rects(r.x + 22, r.y + 68, r.w - 36, len(items), 7, ui.cur, 17))
            if k is not None:
                self.submit_choice(seat, items[k][1])
            return k is not None
        slots = self.hand_slots(seat)
        if not slots:
            return False
        if ui.open:
            k = self.mouse_list(seat, ui, self.popup_rows(seat, slots))
            if k is not None:
                self.submit_choice(seat, self.slot_options(seat, slots[ui.sel % len(slots)])[k][1])
                return True
        done = self.let_go(seat)
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
        self.drag_card = None
        if k is None:
            ui.open = False
            return True
        ui.sel = k
        if slots[k] in ("draw", "end"):
            self.choose_slot(seat, ui, slots[k])
        else:  # picked up: dragged onto a player it is played there, let go where it was its menu opens
            self.drag_card = (seat, k)
            ui.open = False
        return True

    def choose_slot(self, seat: int, ui: SeatMenu, slot: Any) -> None:
        """A card (or Draw / End turn) chosen by key or click: Draw / End turn are done at once, a card opens its
        menu, and a card that cannot be played now says why."""
        items = self.slot_options(seat, slot)
        if slot in ("draw", "end") and items:
            self.submit_choice(seat, items[0][1])
        elif items:
            ui.open, ui.cur = True, 0
            self.app.audio.play("select")
        else:
            self.flash(self.why_not(seat, slot))

    def drop_card(self, seat: int, slots: list, index: int, at: tuple[int, int]) -> None:
        """A hand card dragged and let go at ``at`` (px): an Offence on an opponent's area attacks them, a Defence
        on your own or a teammate's area is laid for them; anywhere else nothing is played (the card goes back)."""
        ui = self.seat_ui(seat)
        ui.open = False
        if index >= len(slots):
            return
        onto = next((s for s, r in self.compute_areas().items() if r.collidepoint(at)), None)
        fits = [a for _, a in self.slot_options(seat, slots[index])
                if (isinstance(a, Attack) and a.target == onto) or (isinstance(a, Defend) and a.seat == onto)]
        if fits:
            self.submit_choice(seat, fits[0])

    def hand_key(self, seat: int, index: int):
        hand = self.hand_cards(seat)
        if not 0 <= index < len(hand):
            return None
        c = hand[index]
        return ("hand", seat, c, hand[:index].count(c)) if self.peeking(seat) else ("hback", seat, index)

    def why_not(self, seat: int, slot: Any) -> str:
        st = self.match.state
        if slot in ("draw", "end"):
            return "Not now"
        kind, _ = slot
        if kind == DEFENCE:
            return "You have laid your Defence card this turn"
        if st.jail[seat]:
            return "In jail: no Offensive until you are freed"
        if st.attacked:
            return "You have started your Offensive this turn"
        return "Nobody to attack: every opponent is in jail"

    # --- drawing --------------------------------------------------------------------------------------------------
    def draw_action_panel(self, surf) -> None:
        """Cops & Robbers draws its own menus and prompts (``draw_prompts``)."""

    def draw_table(self, surf: pygame.Surface, view, alpha: float) -> None:
        st = self.match.state
        roles = self.roles()
        rects = tuple((tuple(r), ROLE_COLOURS[roles[s]]) for s, r in sorted(self.areas.items()))
        surf.blit(background(rects), (0, 0))
        coins = self.shown_coins()
        for seat, r in self.areas.items():
            self.draw_area(surf, seat, r, coins)
        self.draw_centre(surf)
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
                self.draw_hand_buttons(surf)
            for key, placed, width, moving in frames:
                if moving != moving_pass:
                    continue
                c = self.content.get(key)
                size = placed.tag or "S"
                w, h = SIZES[size]
                f = cr_card(c[0], c[1], size) if c is not None else card_back(w, h)
                blit_card(surf, f, card_back(w, h), placed, width, moving)
        self.draw_jail_labels(surf)
        self.draw_flights(surf, alpha)
        seat = self.bottom_seat()
        if (not self.spectator() and seat in self.humans() and not self.demo and not self.peeking(seat)
                and self.curtain_for is None and self.forced_view == "auto" and st.hands[seat]):
            hint = f"hold {self.key(self.match.seats[seat].device, 'B')} to see your hand"
            r = pygame.Rect(0, 0, font(17, True).size(hint)[0] + 24, 32)
            r.center = (W // 2, HAND_Y)
            panel(surf, r, 225, (20, 20, 20), GOLD, 10)
            draw_text(surf, hint, r.center, 17, WHITE, bold=True, anchor="center")
        draw_text(surf, self.status_text(), (W // 2, 20), 19, WHITE, anchor="center", shadow=True)
        if not self.demo and self.curtain_for is None:
            self.draw_prompts(surf)
        if self.round_info is not None and (self.round_hold > 0 or (st.over and (self.demo or self.app.top is self))):
            self.draw_round_scores(surf)

    def status_text(self) -> str:
        st = self.match.state
        head = f"Round {st.round_no} of {st.rounds}" + (" (5-round game)" if st.rounds > 1 else "")
        if st.over:
            return head + " · the game is over"
        if st.pending is not None:
            return head + f" · {self.seat_name(st.pending.target)} answers the Offensive"
        return head + f" · {self.seat_name(st.current)}'s turn"

    def draw_area(self, surf, seat: int, r: pygame.Rect, coins: tuple[int, ...]) -> None:
        st = self.match.state
        roles = self.roles()
        role = roles[seat]
        col = ROLE_COLOURS[role]
        own = r == OWN_BOX
        turn = not st.over and ((st.pending is None and st.current == seat) or
                                (st.pending is not None and st.pending.target == seat))
        if turn:
            pygame.draw.rect(surf, GOLD, r.inflate(4, 4), width=3, border_radius=15)
        who = self.match.seats[seat]
        mine = seat in self.humans() and not self.demo
        tag = "you" if mine and len(self.humans()) == 1 else ("bot" if who.kind == "bot" else who.label)
        round_sc = round_scores(st.roles, st.coins)
        team = sum(st.coins[p] for p in range(st.players) if roles[p] == role)
        total = self.rules.scores(st)[seat]
        name = f"{self.seat_name(seat)} · {ROLE_NAMES[role]}"
        draw_text(surf, ("▶ " if turn else "") + name, (r.x + 10, r.y + 6), 18, col, bold=True)
        draw_text(surf, f"{total} pts", (r.right - 10, r.y + 6), 18, WHITE, bold=True, anchor="topright")
        surf.blit(role_card(role), (r.x + 10, r.y + 30))
        # coins
        cs = coin_stack(max(0, coins[seat]))
        surf.blit(cs, (r.x + 76, r.y + 44))
        draw_text(surf, f"{coins[seat]} coin{'s' if coins[seat] != 1 else ''}", (r.x + 102, r.y + 108), 16, GOLD,
                  bold=True, anchor="midtop")
        sub = f"team {team} + own {st.coins[seat]}" + (f" · round {round_sc[seat]}" if st.rounds > 1 else "")
        if own:
            draw_text(surf, sub, (r.x + 190, r.y + 112), 16, DIM)
            draw_text(surf, "shields in front of you" if st.shields[seat] else "no shields in front of you",
                      (r.x + 190, r.y + 30), 16, DIM)
        else:
            draw_text(surf, sub, (r.right - 10, r.y + 28), 16, DIM, anchor="topright")
            # the hand: counted backs
            n = len(st.hands[seat])
            bw, bh = SIZES["X"]
            back = card_back(bw, bh)
            for i in range(min(n, 8)):
                surf.blit(back, (r.x + 150 + i * 11, r.y + 50))
            draw_text(surf, f"{n} card{'s' if n != 1 else ''} in hand", (r.x + 150, r.y + 98), 16, DIM)
            if not st.shields[seat]:
                draw_text(surf, "no shields", (r.x + 12, r.y + 162), 16, DIM, anchor="midleft")

    def draw_jail_labels(self, surf) -> None:
        st = self.match.state
        for seat in range(st.players):
            if st.jail[seat]:
                x, y = self.slot_xy(seat)
                need = st.jail[seat] - sum(st.jail_shields[seat])
                on = st.jail_shields[seat]
                held = f"shields {'+'.join(map(str, on))} · " if on else ""
                label = fit(f"JAIL {st.jail[seat]} · {held}{need} more to free", 16, self.areas[seat].w - 20, True)
                r = pygame.Rect(0, 0, font(16, True).size(label)[0] + 12, 23)
                r.center = (int(x), int(y + 52))
                r.right = min(r.right, self.areas[seat].right - 4)
                r.left = max(r.left, self.areas[seat].left + 4)
                panel(surf, r, 235, (110, 20, 15), (255, 120, 100), 6)
                draw_text(surf, label, r.center, 16, WHITE, bold=True, anchor="center")

    def draw_centre(self, surf) -> None:
        st = self.match.state
        w, h = SIZES["S"]
        if st.draw_pile:
            for i in range(min(3, (len(st.draw_pile) + 9) // 10)):
                rr = pygame.Rect(0, 0, w, h)
                rr.center = (DRAW_POS[0] - 2 * i, DRAW_POS[1] - 2 * i)
                surf.blit(card_back(w, h), rr)
        draw_text(surf, f"draw {len(st.draw_pile)}", (DRAW_POS[0] - 6, DRAW_POS[1] + h // 2 + 2), 16, WHITE,
                  anchor="midtop")
        draw_text(surf, f"discard {len(st.discard)}", (DISCARD_POS[0] + 6, DISCARD_POS[1] + h // 2 + 2), 16, WHITE,
                  anchor="midtop")
        x = CENTRE.x + 160
        roles = self.roles()
        teams = {}
        for p in range(st.players):
            teams.setdefault(roles[p], []).append(p)
        y = CENTRE.y + 8
        for role in (COP, ROBBER):
            seats = teams.get(role, [])
            tot = sum(st.coins[p] for p in seats)
            draw_text(surf, f"{ROLE_NAMES[role]}s: {tot} coin{'s' if tot != 1 else ''}", (x, y), 16,
                      ROLE_TEXT[role], bold=True)
            draw_text(surf, " & ".join(self.seat_name(p) for p in seats), (x + 172, y + 1), 16, DIM)
            y += 22
        if self.acting_shown() and not self.holding:
            return  # the prompt takes the log's place
        draw_log(surf, self.log, (x, CENTRE.y + 54), CENTRE.right - x - 10, 3, 19)

    def draw_flights(self, surf, alpha: float) -> None:
        fx = self.fx
        if not fx.busy:
            return
        img = big_coin()
        for f in fx.flights:
            a = self.stack_xy(f.src)
            b = self.stack_xy(f.dst)
            for k in range(f.n):
                age = fx.t + alpha - f.start - k * COIN_GAP
                if 0 <= age < COIN_FLIGHT:
                    p = age / COIN_FLIGHT
                    e = p * p * (3 - 2 * p)
                    x = a[0] + (b[0] - a[0]) * e
                    y = a[1] + (b[1] - a[1]) * e - math.sin(math.pi * p) * 80
                    surf.blit(img, img.get_rect(center=(int(x), int(y))))

    def stack_xy(self, seat: int) -> tuple[float, float]:
        r = self.areas[seat]
        return (r.x + 100, r.y + 90)

    def draw_hand_buttons(self, surf) -> None:
        """The "Draw" and "End turn" buttons after the hand, on the viewer's turn."""
        if self.spectator():
            return
        seat = self.bottom_seat()
        slots = self.hand_slots(seat)
        if not slots or not self.peeking(seat):
            return
        xs = self.hand_x(len(slots))
        ui = self.ui.get(seat) or SeatMenu()
        for i, s in enumerate(slots):
            if s not in ("draw", "end"):
                continue
            sel = ui.sel % len(slots) == i and self.acting_shown()
            img = button(s, bool(sel))
            surf.blit(img, img.get_rect(center=(int(xs[i]), HAND_Y - (22 if sel else 0))))

    def draw_prompts(self, surf) -> None:
        st = self.match.state
        for seat in self.acting_shown():
            dev = self.match.seats[seat].device
            ui = self.seat_ui(seat)
            k = lambda b: self.key(dev, b)  # noqa: E731
            if st.pending is not None:
                self.draw_defend_prompt(surf, seat, ui, k)
                continue
            slots = self.hand_slots(seat)
            if not slots:
                continue
            # the turn's steps and the keys, where the log was, on a plate: cards fly under it
            x, y = CENTRE.x + 160, CENTRE.y + 52
            panel(surf, (x - 8, y - 4, CENTRE.right - x, 26 if ui.open else 66), 235, (10, 20, 16), None, 8)
            steps = [("Draw", st.drawn), ("Defence", st.defended), ("Offensive", st.attacked or bool(st.jail[seat]))]
            sx = x
            sx = draw_text(surf, "Your turn:", (sx, y), 16, GOLD, bold=True).right + 8
            for name, done in steps:
                lab = ("✓ " if done else "○ ") + name
                r = draw_text(surf, lab, (sx, y), 16, GREEN if done else WHITE, bold=not done)
                sx = r.right + 10
            hint = self.turn_hint(seat, ui)
            if ui.open:  # the open menu shows its own keys
                slot = slots[ui.sel % len(slots)]
                items = self.slot_options(seat, slot)
                xs = self.hand_x(len(slots))
                i = ui.sel % len(slots)
                title = f"{'Defence' if slot[0] == DEFENCE else 'Offence'} {slot[1]}:"
                self.draw_popup(surf, title, [s for s, _ in items], ui.cur, xs[i], HAND_Y - 80, hint)
                continue
            draw_text(surf, hint, (x, y + 21), 16, WHITE)
            draw_text(surf, "Draw before you end your turn" if not st.drawn and st.draw_pile else
                      "then End turn", (x, y + 40), 16, DIM)

    def turn_hint(self, seat: int, ui: SeatMenu) -> str:
        """The keys (or clicks) of ``seat`` on its turn: along the hand, or in a card's open menu."""
        dev = self.match.seats[seat].device
        k = lambda b: self.key(dev, b)  # noqa: E731
        if dev == "mouse":
            return "click a line" if ui.open else "click a card, Draw or End turn"
        if ui.open:
            return f"{k('UP')}/{k('DOWN')} choose · {k('A')} confirm · {k('B')} back"
        hint = f"{k('LEFT')}/{k('RIGHT')} choose a card · {k('A')} play it"
        return hint + " (or click it)" if self.mouse_seat() == seat else hint

    def draw_defend_prompt(self, surf, seat: int, ui: SeatMenu, k) -> None:
        st = self.match.state
        off = st.pending
        items = self.respond_items(seat)
        labels = [s for s, _ in items]
        rows = min(7, len(labels))
        r = self.defend_rect(labels)
        panel(surf, r, 242, (40, 14, 10), (255, 120, 90), 14)
        draw_text(surf, f"{self.seat_name(off.attacker)} attacks you with offence {off.value}!",
                  (r.x + 20, r.y + 12), 22, (255, 200, 150), bold=True)
        sh = st.shields[seat]
        have = "Shields in front of you: " + ("+".join(map(str, sh)) if sh else "none")
        hand = sorted({v for kd, v in st.hands[seat] if kd == DEFENCE})
        have += " · Defence in hand: " + (", ".join(map(str, hand)) if hand else "none")
        draw_text(surf, have, (r.x + 22, r.y + 42), 16, WHITE)
        self.draw_list(surf, "Choose your defence:", labels, ui.cur, r.x + 22, r.y + 68, r.w - 36, rows)
        draw_text(surf, f"{k('UP')}/{k('DOWN')} choose · {k('A')} confirm", (r.right - 20, r.bottom - 24), 16, GOLD,
                  anchor="topright")

    def draw_list(self, surf, title: str, labels: list[str], cur: int, x: int, y: int, w: int, rows: int) -> None:
        """The shared list, smaller title, costly answers (jail, paying) in red."""
        super().draw_list(surf, title, labels, cur, x, y, w, rows, title_size=17,
                          color_of=lambda lab: (255, 170, 150) if "JAIL" in lab or "pay" in lab else WHITE)

    def draw_popup(self, surf, title: str, labels: list[str], cur: int, ax: float, bottom: int, hint: str) -> None:
        """A card's menu (``popup_rect``) with its keys ``hint`` on the last line."""
        r = self.popup_rect(title, labels, ax, bottom, hint)
        panel(surf, r, 242, (16, 22, 18), GOLD, 10)
        self.draw_list(surf, title, labels, cur, r.x + 14, r.y + 8, r.width - 12, min(len(labels), 8))
        draw_text(surf, hint, (r.x + 14, r.bottom - 28), 16, GOLD)

    def draw_round_scores(self, surf) -> None:
        """The scores of the round just over: why it ended, each seat's role, team coins + own coins = the round's
        score, and the running totals of the 5-round game."""
        rnd, scores, roles, _, players, reason = self.round_info
        st = self.match.state
        r = pygame.Rect(0, 0, 660, 120 + 30 * players)
        r.center = (W // 2, 300)
        panel(surf, r, 242, (14, 20, 16), GOLD, 14)
        over = st.over
        head = f"Round {rnd} of {st.rounds} is over" if not over or st.rounds > 1 else "The game is over"
        draw_text(surf, head, (r.x + 20, r.y + 12), 24, GOLD, bold=True)
        draw_text(surf, reason, (r.x + 22, r.y + 42), 16, WHITE)
        own = own_coins(scores)
        cols = {"role": r.x + 200, "team": r.x + 350, "own": r.x + 430, "round": r.x + 520, "total": r.x + 620}
        y = r.y + 72
        for name, x in cols.items():
            if name == "total" and st.rounds == 1:
                continue
            label = {"team": "team coins", "own": "+ own", "round": "= score"}.get(name, name)
            draw_text(surf, label, (x, y), 16, DIM, anchor="topright" if name != "role" else "topleft")
        totals = self.rules.scores(st) if over else st.totals
        ranking = totals if st.rounds > 1 else scores
        best = max(ranking)
        for s in range(players):
            y = r.y + 96 + 30 * s
            win = ranking[s] == best
            draw_text(surf, ("★ " if win else "") + self.seat_name(s), (r.x + 24, y), 18, GOLD if win else WHITE,
                      bold=win)
            draw_text(surf, ROLE_NAMES[roles[s]], (cols["role"], y), 17, ROLE_COLOURS[roles[s]], bold=True)
            draw_text(surf, str(scores[s] - own[s]), (cols["team"], y), 17, WHITE, anchor="topright")
            draw_text(surf, str(own[s]), (cols["own"], y), 17, WHITE, anchor="topright")
            draw_text(surf, str(scores[s]), (cols["round"], y), 18, WHITE, bold=True, anchor="topright")
            if st.rounds > 1:
                draw_text(surf, str(totals[s]), (cols["total"], y), 18, GOLD, bold=True, anchor="topright")
        if not over and self.humans() and not self.demo:
            dev = self.match.seats[self.humans()[0]].device
            draw_text(surf, f"{self.key(dev, 'A')}: next round", (r.right - 20, r.bottom - 26), 16, WHITE,
                      anchor="topright")

    def key(self, device: str, button: str) -> str:
        h = self.app.input.hint(device, button)
        return {"Ⓐ": "pad A", "Ⓑ": "pad B"}.get(h, h)

    # --- results --------------------------------------------------------------------------------------------------
    def result_lines(self) -> list[str]:
        st = self.match.state
        scores = self.rules.scores(st)
        best = max(scores)
        win = [s for s in range(st.players) if scores[s] == best]
        title = (" and ".join(self.seat_name(s) for s in win) + " win!") if len(win) > 1 else \
            f"{self.seat_name(win[0])} wins!"
        lines = [title]
        roles = self.roles()
        own = own_coins(st.last_round)
        for s in sorted(range(st.players), key=lambda s: (-scores[s], s)):
            who = f"{self.seat_name(s)} ({self.match.seats[s].label})"
            if st.rounds > 1:
                lines.append(f"{who}: {scores[s]} points over {st.rounds} rounds")
            else:
                lines.append(f"{who}, {ROLE_NAMES[roles[s]]}: {scores[s]} points "
                             f"(team {st.last_round[s] - own[s]} + own {own[s]})")
        if st.rounds == 1:
            lines.append("score = the team's coins + your own coins")
        return lines


def own_coins(scores: tuple[int, ...]) -> tuple[int, ...]:
    """Each seat's own coins from a round's scores (score = team coins + own coins; teams are the seat parities, so
    a team of k players scores (k + 1) × its coins in all)."""
    n = len(scores)
    team = [sum(scores[p] for p in range(n) if p % 2 == t) // (len(range(t, n, 2)) + 1) for t in (0, 1)]
    return tuple(scores[p] - team[p % 2] for p in range(n))


@lru_cache(maxsize=8)
def button(kind: str, selected: bool) -> pygame.Surface:
    """The "Draw" / "End turn" buttons after the hand."""
    w, h = SIZES["L"]
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(s, (70, 50, 15) if selected else (40, 35, 20), s.get_rect(), border_radius=10)
    pygame.draw.rect(s, GOLD, s.get_rect(), width=2, border_radius=10)
    if kind == "draw":
        back = card_back(40, 56)
        s.blit(back, (w // 2 - 20, 22))
        draw_text(s, "Draw", (w // 2, 100), 20, GOLD, bold=True, anchor="center")
    else:
        draw_text(s, "⟳", (w // 2, 48), 40, GOLD, anchor="center")
        draw_text(s, "End", (w // 2, 92), 20, GOLD, bold=True, anchor="center")
        draw_text(s, "turn", (w // 2, 114), 18, GOLD, bold=True, anchor="center")
    return s.convert_alpha()


def card_art(ref: str) -> pygame.Surface:
    """A card for the rules page: "O3" (an Offence of 3) or "D2" (a Defence of 2)."""
    return cr_card(OFFENCE if ref[0] == "O" else DEFENCE, int(ref[1:]))
