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
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, NamedTuple

import pygame

from arcade.games.grass import ANY, CARDS, Action
from arcade.games.grass.cards import HEAT_OF, NO_CARD, value
from arcade.client.render.cards import blit_card, card_back
from arcade.client.render.fonts import draw_text, font, fit, wrap
from arcade.client.render.tween import Placed
from arcade.client.render.widgets import DIM, GOLD, GREEN, H, W, WHITE, draw_log, panel
from arcade.client.scenes.table import SeatMenu, TableScene

__all__ = ["Table", "card_face", "money", "SIZES"]

SIZES = {"L": (96, 134), "M": (72, 100), "S": (60, 90)}
"""Card sizes in logical pixels: L the hand, M the bottom player's pile and Stash (and everyone's, for a spectator of
up to 4 players), S the other players' and the trade panels."""
COVER_DROP = 0.46
"""A protection card lies this fraction of a card's height below the peddle it covers (their corner stays seen)."""

GROUP_STYLE = {
    "market": ((40, 100, 190), "☀"),  # Market Close: ✖ (ICONS)
    "peddle": ((40, 135, 60), "$"),
    "protection": ((20, 130, 140), "☂"),
    "heat on": ((200, 40, 40), "⚠"),
    "heat off": ((70, 150, 225), "✓"),
    "pay fine": ((70, 150, 225), "⚖"),
    "nirvana": ((140, 60, 180), "☮"),
    "paranoia": ((45, 40, 55), "☠"),
    "skim": ((190, 145, 25), "♛"),
}
ICONS = {"Market Close": "✖", "Steal Your Neighbor's Pot": "⚔", "Euphoria": "★"}
"""Icons that differ from their group's."""
"""Band colour and icon of each card group (pay fine shares the heat-off colour)."""

SUBTEXT = {
    "Market Close": "ends the hand", "Pay Fine / Heat Off": "clears any heat",
    "Stonehigh": "extra turn, clears heat", "Euphoria": "extra turns, clears heat", "Banker": "20% of Stashes", "Steal Your Neighbor's Pot": "largest peddle",
    "Market Open": "opens market",
}

STEP_TICKS = 40
"""Ticks between two rows of the scoring walk-through."""
BREAKDOWN_ROWS = 7
WALK_TICKS = STEP_TICKS * (BREAKDOWN_ROWS + 1)
DEMO_HOLD = WALK_TICKS + 150
"""Ticks the breakdown stays when nobody has to press a key (attract mode, bots only)."""

OWN_PILE = (W // 2 - 240, 402)
"""Centre of the bottom player's Hassle pile; their Stash runs to its right (up to STASH_RIGHT)."""
STASH_RIGHT = 922
HAND_Y = 616


def money(d: int, sign: bool = False) -> str:
    """Dollars as printed: "$25,000", "−$5,000" (with ``sign``: "+$5,000" for a gain)."""
    if d < 0:
        return f"−${-d:,}"
    return f"+${d:,}" if sign and d > 0 else f"${d:,}"


def short_money(d: int) -> str:
    """Dollars in thousands: "25K"."""
    return f"{d // 1000}K" if d % 1000 == 0 else f"{d:,}"


SHORT_TITLES = {
    "Lust Conquers All": ("Lust Conq. All", "Lust"), "Search & Seizure": ("Search Seizure", "Seizure"),
    "A Breeze to Fly": ("Breeze to Fly",), "Pay Fine / Heat Off": ("Pay Fine",), "Stonehigh": ("Stone high",),
    "Utterly Wiped Out": ("Wiped Out",), "Steal Your Neighbor's Pot": ("Neighbor's Pot", "Steal Pot"),
}
"""Shorter titles tried in turn when a card's name does not fit its band in two lines (small cards)."""


def _title_lines(title: str, w: int) -> list[str]:
    """How ``label_card`` wraps ``title`` on a card ``w`` pixels wide."""
    f = font(max(10, w // 8), True)
    lines, cur = [], ""
    for word in title.split():
        if cur and f.size(cur + " " + word)[0] > w - 10:
            lines.append(cur)
            cur = word
        else:
            cur = f"{cur} {word}".strip()
    lines.append(cur)
    return lines


@lru_cache(maxsize=128)
def card_title(name: str, w: int) -> str:
    """The title printed on a card ``w`` pixels wide: the name, or a shorter form that fits two lines."""
    f = font(max(10, w // 8), True)
    for t in (name,) + SHORT_TITLES.get(name, ()):
        lines = _title_lines(t, w)
        if len(lines) <= 2 and all(f.size(ln)[0] <= w - 6 for ln in lines):
            return t
    return (SHORT_TITLES.get(name) or (name,))[-1]


@lru_cache(maxsize=256)
def card_face(kind: int, size: str = "L") -> pygame.Surface:
    """The face of a card kind at a size of SIZES, coloured by its group; peddle also carries its value in the
    top-left corner (readable when fanned in a Stash)."""
    w, h = SIZES[size]
    if kind == ANY:
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(s, (235, 230, 210), s.get_rect(), border_radius=max(4, w // 12))
        pygame.draw.rect(s, GOLD, s.get_rect(), width=2, border_radius=max(4, w // 12))
        draw_text(s, "?", (w // 2, h // 2 - 6), int(h * 0.4), (120, 90, 20), bold=True, anchor="center")
        draw_text(s, "their", (w // 2, h - 26), max(10, w // 7), (60, 60, 60), anchor="center")
        draw_text(s, "choice", (w // 2, h - 12), max(10, w // 7), (60, 60, 60), anchor="center")
        return s.convert_alpha()
    c = CARDS[kind]
    band, icon = GROUP_STYLE[c.group]
    icon = ICONS.get(c.name, icon)
    from arcade.client.render.cards import label_card

    val, sub = "", SUBTEXT.get(c.name, "")
    if c.group == "peddle":
        val = money(c.value)
    elif c.group == "protection":
        val, sub = money(c.value), "protects"
    elif c.group == "paranoia":
        val, sub = money(-c.value), "if held"
    elif c.group == "heat off":
        heat = CARDS[HEAT_OF[kind]].name
        sub = ("clears " + heat) if len(heat) <= 9 else heat
    elif c.group == "heat on":
        sub = "heat on"
    two = c.group == "nirvana" and size == "L"  # "extra turn(s), clears heat": two lines
    img = label_card(card_title(c.name, w), val, band, w, h, icon, sub if size == "L" and not two else "")
    if two:
        img = img.copy()
        for i, line in enumerate(sub.split(", ")):
            draw_text(img, line, (w // 2, int(h * 0.74) + i * 12), max(9, w // 10), (70, 70, 70), anchor="center")
    if c.group == "peddle":
        img = img.copy()
        fs = 13 if size == "L" else 11
        draw_text(img, short_money(c.value), (5, int(h * 0.3) + 4), fs, (20, 90, 30), bold=True)
    return img


@lru_cache(maxsize=32)
def heat_glow(w: int, h: int, level: int) -> pygame.Surface:
    """A red glow around a card of size w×h; ``level`` 0..5 is its strength (a pulse steps through them)."""
    pad = 18
    s = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    for i in range(pad, 0, -2):
        a = int((150 + 20 * level) * (1 - i / pad) ** 1.2)
        r = pygame.Rect(pad - i, pad - i, w + 2 * i, h + 2 * i)
        pygame.draw.rect(s, (255, 40, 30, min(255, a)), r, width=2, border_radius=12 + i)
    pygame.draw.rect(s, (255, 50, 30, 255), (pad - 4, pad - 4, w + 8, h + 8), width=4, border_radius=10)
    return s


@lru_cache(maxsize=8)
def trade_button(selected: bool, left: int) -> pygame.Surface:
    w, h = SIZES["L"]
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(s, (70, 50, 15) if selected else (40, 35, 20), s.get_rect(), border_radius=10)
    pygame.draw.rect(s, GOLD, s.get_rect(), width=2, border_radius=10)
    draw_text(s, "⇄", (w // 2, 44), 40, GOLD, anchor="center")
    draw_text(s, "Trade", (w // 2, 86), 20, GOLD, bold=True, anchor="center")
    draw_text(s, f"{left} left", (w // 2, 110), 16, WHITE, anchor="center")
    return s.convert_alpha()


@lru_cache(maxsize=4)
def table_background(panels: tuple[tuple[int, int, int, int], ...], piles: tuple[tuple[int, int, int, int], ...]
                     ) -> pygame.Surface:
    """The felt with the seats' areas (``panels``) and the empty Hassle pile places (``piles``) drawn once: one
    opaque blit a frame instead of several translucent ones."""
    from arcade.client.render.widgets import felt

    s = felt().copy()
    for r in panels:
        panel(s, r, 150)
    for r in piles:
        pygame.draw.rect(s, (14, 70, 45), r, border_radius=8)
        pygame.draw.rect(s, (40, 120, 80), r, width=2, border_radius=8)
    return s


INFO_BOX = (10, 418, 190, 254)
"""The bottom player's name, running total and status, at the left of their hand."""


class Slot(NamedTuple):
    """Where a seat sits: ``rect`` of its area, card ``size`` for its pile and Stash, ``big`` (the bottom player's
    layout with the hand in full size) or compact."""

    rect: pygame.Rect
    size: str
    big: bool


@dataclass
class SeatUI(SeatMenu):
    """A human seat's place in the menus (``SeatMenu``: hand slot, popup open, popup cursor) plus the trade dialog's
    cursor ``dcur``, open list ``dsub`` and list cursor ``scur``."""

    dcur: int = 0
    dsub: str | None = None
    scur: int = 0
    answering: Any = None  # the trade whose answer cursor was last placed (a new trade gets its default answer)


OPP_SLOTS = {
    1: ("top",),
    2: ("topleft2", "topright2"),
    3: ("left", "top", "right"),
    4: ("left", "topleft", "topright", "right"),
    5: ("left", "top3l", "top3c", "top3r", "right"),
}


def _slot_rect(name: str, size: str) -> pygame.Rect:
    cw, ch = SIZES[size]
    h = 48 + ch + int(ch * COVER_DROP) + 10
    top, side = 44, 44 + h + 4
    return pygame.Rect({
        "top": (400, top, 480, h), "topleft2": (140, top, 480, h), "topright2": (660, top, 480, h),
        "topleft": (220, top, 410, h), "topright": (650, top, 410, h),
        "top3l": (8, top, 415, h), "top3c": (432, top, 415, h), "top3r": (857, top, 415, h),
        "left": (8, side, 340, h), "right": (W - 348, side, 340, h),
        "bottom": (W // 2 - 240, side + 132, 480, h),
    }[name])


TRADE_BOX = pygame.Rect(170, 44, 940, 292)
"""The full trade dialog of a human in the trade: opaque, above the bottom player's own area (which starts at 340)."""

OP_LABELS = {"offer": "Offer a card from your hand", "ask": "Ask for a card", "offer_peddle":
             "Offer peddle from your Stash", "ask_peddle": "Ask for peddle from their Stash"}


class Table(TableScene):
    MENU_CLASS = SeatUI
    END_DELAY = WALK_TICKS + 300
    COACH_AT = (10, 60, 370)  # the tutorial coach's free corner
    RESULT_FIGURE = "Running total"

    def result_rows(self) -> list[tuple[int, str]]:
        totals = self.rules.scores(self.match.state)
        return [(s, money(totals[s])) for s in sorted(range(len(totals)), key=lambda s: (-totals[s], s))]

    def setup(self) -> None:
        self.board.move_ticks = 16
        self.board.stagger = 2
        self.content: dict[Any, int | None] = {}
        self.log: list[str] = []
        self.score_ticks = 0
        self.continued = False
        self.totals_before: tuple[int, ...] | None = None
        self._last_state = None
        self.after_tick()

    @property
    def deck_pos(self) -> tuple[int, int]:
        """Centre of the Grass stack (lower when the spectator layout's bigger areas need the room)."""
        spectator_m = self.viewer() is None and self.match.state.players <= 4
        return (W // 2 - 215, 318 if spectator_m else 290)

    @property
    def wasted_pos(self) -> tuple[int, int]:
        x, y = self.deck_pos
        return (x + 105, y)

    def key(self, device: str, button: str) -> str:
        """The on-screen name of a seat's logical button ("E", "Enter", "pad A"): the shared hint, with the
        gamepad's circled letters spelt out (DejaVu Sans has no Ⓐ/Ⓑ glyphs)."""
        h = self.app.input.hint(device, button)
        return {"Ⓐ": "pad A", "Ⓑ": "pad B"}.get(h, h)

    # --- seating ------------------------------------------------------------------------------------------------
    def bottom_seat(self) -> int:
        v = self.viewer()
        if v is not None:
            return v
        humans = self.humans()
        return humans[0] if humans and not self.demo else 0

    def slots(self, players: int) -> dict[int, Slot]:
        """Every seat's area; the bottom seat first, then clockwise (the bottom player's left first)."""
        bottom = self.bottom_seat()
        spectator = self.viewer() is None
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

    def layout(self, view) -> None:
        targets: dict[Any, Placed] = {}
        content: dict[Any, int | None] = {}
        slots = self.slots(view.players)
        self._slots = slots
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
            ui = self.ui.get(bottom)
            hslots = self.hand_slots(bottom)
            xs = self.hand_x(len(hand), len(hand) + 1)
            up = self.peeking(bottom)
            occ: dict[int, int] = {}
            for i, k in enumerate(hand):
                if k is None:
                    key: Any = ("hback", bottom, i)
                else:
                    o = occ.get(k, 0)
                    occ[k] = o + 1
                    key = ("hand", bottom, k, o)
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

        # the player who made the move (the first event's seat): a card from their hidden hand starts at their area
        actor = next((ev[1] for ev in view.events if len(ev) > 1 and isinstance(ev[1], int)
                      and 0 <= ev[1] < view.players), None)

        def origin(key):
            k = content.get(key)
            tag = targets[key].tag
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
        st = self.match.state
        self.score_ticks = self.score_ticks + 1 if st.phase in ("scoring", "over") else 0
        if st is not self._last_state:
            self._last_state = st
            if st.phase not in ("scoring", "over"):
                self.totals_before = st.totals
        self.layout(self.rules.view(st, self.viewer()))
        self.board.update()

    # --- the match loop: hold the scoring breakdown ------------------------------------------------------------------
    def step(self) -> None:
        st = self.match.state
        if st.phase not in ("scoring", "over"):
            self.continued = False
        inp = self.app.input
        devs = [self.match.seats[s].device for s in self.humans()]
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
                    dealer = next(iter(self.rules.to_act(st)))
                    if dealer in self.humans():
                        self.match.submit_action(dealer, Action("deal"))
            if not self.continued:
                self.after_tick()
                return
        super().step()

    def a_or_click(self, devs: list[str]) -> bool:
        """A pressed by a human here, or a click of the mouse's seat (the scoring walk-through goes on)."""
        return self.app.input.pressed("A", devs) or (self.mouse_seat() is not None and bool(self.app.input.clicks))

    # --- menus from the legal actions ----------------------------------------------------------------------------
    def hand_slots(self, seat: int) -> list[Any]:
        """What LEFT/RIGHT choose among: the hand's cards (kinds), then "trade" while a proposal may be started.
        Empty when the seat has no hand choice to make now."""
        st = self.match.state
        if seat not in self.rules.to_act(st) or st.phase not in ("play", "paranoia"):
            return []
        legal = self.rules.legal_actions(st, seat)
        out: list[Any] = list(st.seats[seat].hand)
        if any(a.op == "propose" for a in legal):
            out.append("trade")
        return out

    def action_label(self, a: Action, seat: int) -> str:
        """What choosing ``a`` does, in the words of the menu."""
        k = a.card
        name = CARDS[k].name if 0 <= k < len(CARDS) else ""
        st = self.match.state
        if a.op == "discard":
            return "Discard it (Wasted pile)"
        if a.op == "pass":
            return f"Pass it to {self.seat_name((seat + 1) % st.players)} (on your left)"
        if a.op == "propose":
            return f"Propose a trade to {self.seat_name(a.target)}"
        if a.op == "play_on":
            if CARDS[k].group == "heat on":
                return f"{name} on {self.seat_name(a.target)}"
            loose = st.seats[a.target].stash.loose
            taken = max(loose, key=lambda x: (value(x), x)) if loose else NO_CARD
            return f"Rob {self.seat_name(a.target)} (takes {CARDS[taken].name if taken >= 0 else '?'})"
        if a.op == "protect":
            return f"Protect {' + '.join(CARDS[x].name for x in a.cards)} ({money(sum(value(x) for x in a.cards))})"
        if a.op == "play":
            g = CARDS[k].group
            if k == 0:
                return "Open your market"
            if g == "peddle":
                return f"Lay it in your Stash ({money(value(k))})"
            if name == "Market Close":
                return "Close the market: the hand ends"
            if g == "heat off":
                return f"Clear your {CARDS[HEAT_OF[k]].name}"
            if g == "pay fine":
                return "Pay the fine: clear your heat, lose your smallest peddle"
            if g == "nirvana":
                turns = "2 extra turns" if name == "Euphoria" else "extra turn"
                big = "largest" if name == "Euphoria" else "smallest"
                return f"Play {name}: {turns}, clears heat, {big} peddle from everyone"
            if g == "paranoia":
                return f"Play {name}: everyone passes a card left"
            return f"Play {name}"
        if a.op in ("offer", "offer_peddle"):
            return name
        if a.op == "ask":
            return "A card of their choice" if k == ANY else name
        if a.op == "ask_peddle":
            return f"{name} ({money(value(k))})"
        if a.op == "accept":
            if not a.cards:
                return "Accept the trade"
            return "Accept, giving " + " and ".join(CARDS[x].name for x in a.cards)
        if a.op == "refuse":
            return "Refuse the trade"
        if a.op == "send":
            return "Send the proposal"
        if a.op == "withdraw":
            return "Withdraw the proposal"
        return a.op

    def slot_options(self, seat: int, slot: Any) -> list[tuple[str, Action]]:
        """The menu of one hand slot: every legal action with that card (discard last), or the trade partners."""
        st = self.match.state
        legal = self.rules.legal_actions(st, seat)
        if slot == "trade":
            acts = [a for a in legal if a.op == "propose"]
        else:
            acts = [a for a in legal if a.op in ("play", "play_on", "protect", "pass") and a.card == slot]
            acts += [a for a in legal if a.op == "discard" and a.card == slot]
        return [(self.action_label(a, seat), a) for a in acts]

    def draft_items(self, seat: int) -> list[tuple[str, Any]]:
        """The trade dialog's main menu for the proposer: the op lists that have something to add, send, withdraw."""
        legal = self.rules.legal_actions(self.match.state, seat)
        ops = [a.op for a in legal]
        out: list[tuple[str, Any]] = []
        for op in ("offer", "ask", "offer_peddle", "ask_peddle"):
            if op in ops:
                out.append((OP_LABELS[op] + " …", op))
        for a in legal:
            if a.op in ("send", "withdraw"):
                out.append((self.action_label(a, seat), a))
        return out

    def draft_list(self, seat: int, op: str) -> list[tuple[str, Action]]:
        legal = self.rules.legal_actions(self.match.state, seat)
        acts = [a for a in legal if a.op == op]
        if op == "ask":
            acts.sort(key=lambda a: (a.card != ANY, a.card))
        return [(self.action_label(a, seat), a) for a in acts]

    def answer_items(self, seat: int) -> list[tuple[str, Action]]:
        legal = self.rules.legal_actions(self.match.state, seat)
        return [(self.action_label(a, seat), a) for a in legal]

    def penalty_in_trade(self, seat: int) -> list[int]:
        """The Paranoia cards (each costs its penalty if still held when the hand ends) that accepting the trade on
        the table would give ``seat``, its target."""
        t = self.match.state.trade
        if t is None or t.target != seat:
            return []
        return [k for k in t.offer if 0 <= k < len(CARDS) and CARDS[k].group == "paranoia"]

    def default_answer(self, seat: int) -> int:
        """Where the answer cursor starts: on "Refuse" when accepting would give ``seat`` a penalty card (or when
        refusing is all it can do), else on the first way to accept."""
        items = self.answer_items(seat)
        refuse = next((i for i, (_, a) in enumerate(items) if a.op == "refuse"), 0)
        return refuse if self.penalty_in_trade(seat) or not self.can_accept(seat) else 0

    def can_accept(self, seat: int) -> bool:
        return any(a.op == "accept" for _, a in self.answer_items(seat))

    def why_no_accept(self, seat: int) -> str:
        """Why the trade on the table cannot be accepted by ``seat`` (empty when it can): the asked cards it does not
        hold (rules: a trade swaps cards the players really hold)."""
        if self.can_accept(seat):
            return ""
        t = self.match.state.trade
        hand = list(self.match.state.seats[seat].hand)
        missing = []
        for k in t.ask:
            if k != ANY and k in hand:
                hand.remove(k)
            elif k != ANY:
                missing.append(CARDS[k].name)
        if missing:
            return f"You cannot accept: they ask for {' and '.join(missing)}, which you do not hold. Refuse it."
        return "You cannot accept: you have no card to give for \"a card of your choice\". Refuse it."

    def menu_actions(self, seat: int) -> list[Action]:
        """Every action the menus of ``seat`` reach now (for tests: it must equal the legal actions)."""
        st = self.match.state
        out: list[Action] = []
        if st.phase in ("play", "paranoia"):
            for slot in dict.fromkeys(self.hand_slots(seat)):
                out += [a for _, a in self.slot_options(seat, slot)]
        elif st.phase == "draft" and seat in self.rules.to_act(st):
            for _, it in self.draft_items(seat):
                out += [a for _, a in self.draft_list(seat, it)] if isinstance(it, str) else [it]
        elif st.phase == "answer" and seat in self.rules.to_act(st):
            out += [a for _, a in self.answer_items(seat)]
        elif st.phase == "scoring" and seat in self.rules.to_act(st):
            out.append(Action("deal"))
        return out

    # --- controls -------------------------------------------------------------------------------------------------
    def submit_choice(self, seat: int, a: Action) -> None:
        super().submit_choice(seat, a)
        self.seat_ui(seat).dsub = None

    def update_curtain(self) -> None:
        before = self.curtain_for
        super().update_curtain()
        self._just_lifted = before is not None and self.curtain_for is None

    def human_controls(self) -> None:
        if getattr(self, "_just_lifted", False):
            return  # the press that lifted the curtain does not also choose a card
        inp = self.app.input
        st = self.match.state
        for seat in self.acting_shown():
            dev = [self.match.seats[seat].device]
            ui = self.seat_ui(seat)
            if st.phase in ("play", "paranoia"):
                hslots = self.hand_slots(seat)
                if not hslots:
                    continue
                if self.mouse_controls(seat, hslots):
                    continue
                if ui.open:
                    self.popup_step(seat, dev, self.slot_options(seat, hslots[ui.sel % len(hslots)]))
                    continue
                ui.sel = self.move_cursor(dev, ui.sel, len(hslots), "LEFT", "RIGHT")
                if inp.pressed("A", dev):
                    if self.slot_options(seat, hslots[ui.sel]):
                        ui.open, ui.cur = True, 0
                        self.app.audio.play("select")
                    else:
                        self.flash("Nothing can be done with that card now")
            elif st.phase == "draft":
                items = self.draft_items(seat)
                if ui.dsub is not None:
                    sub = self.draft_list(seat, ui.dsub)
                    if not sub:
                        ui.dsub = None
                        continue
                    ui.scur = self.move_cursor(dev, ui.scur, len(sub), "UP", "DOWN")
                    if inp.pressed("B", dev):
                        ui.dsub = None
                        self.app.audio.play("back")
                    elif inp.pressed("A", dev):
                        self.submit_choice(seat, sub[ui.scur][1])
                    continue
                ui.dcur = self.move_cursor(dev, ui.dcur, len(items), "UP", "DOWN")
                if inp.pressed("B", dev):
                    self.submit_choice(seat, Action("withdraw"))
                    self.app.audio.play("back")
                elif inp.pressed("A", dev):
                    _, it = items[ui.dcur]
                    if isinstance(it, str):
                        ui.dsub, ui.scur = it, 0
                        self.app.audio.play("select")
                    else:
                        self.submit_choice(seat, it)
                        ui.dcur = 0
            elif st.phase == "answer":
                items = self.answer_items(seat)
                if ui.answering is not st.trade:
                    ui.answering, ui.cur = st.trade, self.default_answer(seat)
                ui.cur = self.move_cursor(dev, ui.cur, len(items), "UP", "DOWN")
                if inp.pressed("B", dev):
                    self.submit_choice(seat, Action("refuse"))  # B refuses at once
                    self.app.audio.play("back")
                elif inp.pressed("A", dev):
                    self.submit_choice(seat, items[ui.cur][1])

    # --- the mouse: click a card of your hand (or Trade), then a line of its menu ------------------------------------
    MOUSE_HINT = "click a card, or drag it where it goes"

    def hand_rects(self, seat: int, hslots: list) -> list[pygame.Rect]:
        """Where the bottom seat's hand slots lie (px): its cards, then the Trade button."""
        n = len(self.match.state.seats[seat].hand)
        xs = self.hand_x(n, n + 1)
        if "trade" in hslots:
            xs.append((xs[-1] if xs else W // 2) + 124)
        cw, ch = SIZES["L"]
        return [pygame.Rect(x - cw // 2, HAND_Y - ch // 2 - 24, cw, ch + 24) for x in xs]

    def popup_rect(self, title: str, labels: list[str], ax: float, bottom: int) -> pygame.Rect:
        """The popup menu's panel (px), as ``draw_popup`` draws it."""
        fw = max([font(17, True).size("▶ " + s)[0] for s in labels] + [font(18, True).size(title)[0]]) + 30
        r = pygame.Rect(0, 0, fw, 44 + min(len(labels), 9) * 28)
        r.midbottom = (int(ax), bottom - 30)
        r.clamp_ip(pygame.Rect(8, 40, W - 16, H - 48))
        return r

    def popup_rows(self, seat: int, hslots: list) -> list[pygame.Rect | None]:
        """Each line of the open popup menu on screen (px; None for a line scrolled out of view)."""
        ui = self.seat_ui(seat)
        slot = hslots[ui.sel % len(hslots)]
        labels = [lab for lab, _ in self.slot_options(seat, slot)]
        if not labels:
            return []
        rects = self.hand_rects(seat, hslots)
        ax = rects[ui.sel % len(hslots)].centerx
        title = "Trade with whom?" if slot == "trade" else f"{CARDS[slot].name}:"
        r = self.popup_rect(title, labels, ax, HAND_Y - 90)
        rows = min(len(labels), 9)
        top = max(0, min(ui.cur % len(labels) - rows // 2, len(labels) - rows))
        first = r.y + 8 + 19 + 11
        return [pygame.Rect(r.x + 6, first + (i - top) * 28 - 3, r.width - 12, 28) if top <= i < top + rows else None
                for i in range(len(labels))]

    def mouse_controls(self, seat: int, hslots: list) -> bool:
        """The mouse's seat at its turn (play or Paranoia): pointing at a line of the open menu moves its cursor, a
        click there does it; a click on a hand card (or Trade) chooses it and opens its menu; a click elsewhere
        closes the menu. True when the mouse acted this tick."""
        if self.mouse_seat() != seat or seat != self.bottom_seat():
            return False
        inp, ui = self.app.input, self.seat_ui(seat)
        if ui.open:
            rows = self.popup_rows(seat, hslots)
            if inp.mouse_moved and inp.hover(rows) is not None:
                ui.cur = inp.hover(rows)
            k = inp.clicked(rows)
            if k is not None:
                self.submit_choice(seat, self.slot_options(seat, hslots[ui.sel % len(hslots)])[k][1])
                return True
        done = self.let_go(seat)
        if done is not None and done[2]:  # a card dragged and let go: played where it was let go
            self.drop_card(seat, hslots, done[0], done[1])
            return True
        pos = inp.click()
        if pos is None:
            return False
        k = inp.clicked(self.hand_rects(seat, hslots))
        self.drag_card = (seat, k) if k is not None and hslots[k] != "trade" else None
        if k is None:
            if ui.open:
                ui.open = False
                self.app.audio.play("back")
            return True
        ui.sel = k
        if self.slot_options(seat, hslots[k]):
            ui.open, ui.cur = True, 0
            self.app.audio.play("select")
        else:
            self.flash("Nothing can be done with that card now")
        return True

    def drop_card(self, seat: int, hslots: list, index: int, at: tuple[int, int]) -> None:
        """A hand card dragged and let go at ``at`` (px): on the Wasted pile it is discarded; on an opponent's
        area it is played on them (a Raid, a Heat card...); on your own area it is played for you (peddle,
        protection, a cure); anywhere else, or where that card cannot go, nothing is played (the card goes back)."""
        ui = self.seat_ui(seat)
        ui.open = False
        if not 0 <= index < len(hslots) or hslots[index] == "trade":
            return
        wasted = pygame.Rect(0, 0, 120, 160)
        wasted.center = self.wasted_pos
        options = [a for _, a in self.slot_options(seat, hslots[index])]
        if any(r.collidepoint(at) for r in self.hand_rects(seat, hslots)):
            return  # back onto the hand: put back
        if wasted.collidepoint(at):
            fits = [a for a in options if a.op == "discard"]
        else:
            onto = next((s for s, sl in self.slots(self.match.state.players).items() if sl.rect.collidepoint(at)),
                        None)
            fits = [a for a in options if a.op != "discard" and onto is not None
                    and (a.target == onto or (onto == seat and a.target < 0))]
        if fits:
            self.submit_choice(seat, fits[0])
        else:
            self.flash("That card cannot go there")

    def hand_key(self, seat: int, index: int):
        hand = list(self.match.state.seats[seat].hand)
        if seat != self.bottom_seat() or not 0 <= index < len(hand):
            return None
        k = hand[index]
        return ("hand", seat, k, hand[:index].count(k)) if self.peeking(seat) else ("hback", seat, index)

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
        for ev in self.rules.view(self.match.state, None).events:
            line = self.event_text(ev)
            if line:
                self.log.append(line)
        del self.log[:-4]

    def event_text(self, ev: tuple) -> str:
        n = self.seat_name
        c = lambda k: CARDS[k].name if 0 <= k < len(CARDS) else "a card"  # noqa: E731
        op = ev[0]
        if op == "deal":
            return f"Hand {ev[2]}: {n(ev[1])} deals"
        if op == "discard":
            return f"{n(ev[1])} discards {c(ev[2])}"
        if op == "protect":
            return f"{n(ev[1])} protects {' + '.join(c(k) for k in ev[3])}"
        if op == "heat_on":
            return f"{n(ev[1])}: {c(ev[2])} on {n(ev[3])}!"
        if op == "steal":
            return f"{n(ev[1])} robs {n(ev[2])} of {c(ev[3])}"
        if op == "open":
            return f"{n(ev[1])} opens their market"
        if op == "market_close":
            return f"{n(ev[1])} closes the market!"
        if op == "peddle":
            return f"{n(ev[1])} lays {c(ev[2])} ({money(value(ev[2]))})"
        if op == "heat_off":
            return f"{n(ev[1])} clears {c(ev[3])} with {c(ev[2])}"
        if op == "pay_fine":
            lost = f", loses {c(ev[3])}" if ev[3] != NO_CARD else ""
            return f"{n(ev[1])} pays a fine{lost}"
        if op == "nirvana":
            return f"{n(ev[1])} plays {c(ev[2])}!"
        if op == "give_peddle":
            return f"{n(ev[1])} gives {c(ev[3])} to {n(ev[2])}"
        if op == "send":
            return f"{n(ev[1])} offers {n(ev[2])} a trade"
        if op == "refuse":
            return f"{n(ev[1])} refuses the trade"
        if op == "withdraw":
            return f"{n(ev[1])} withdraws the trade"
        if op == "trade":
            return f"{n(ev[1])} and {n(ev[2])} trade"
        if op == "paranoia":
            return f"{n(ev[1])} plays {c(ev[2])}: pass a card left!"
        if op == "wiped_out":
            return f"{n(ev[1])} is Utterly Wiped Out"
        if op == "lose_peddle":
            return f"{n(ev[1])} loses {c(ev[2])}"
        if op == "lose_turns":
            return f"{n(ev[1])} loses {ev[2]} turn{'s' if ev[2] > 1 else ''}"
        if op == "skip":
            return f"{n(ev[1])} sits out a turn"
        if op == "extra_turn":
            return f"{n(ev[1])} gets {ev[2]} extra turn{'s' if ev[2] > 1 else ''}"
        if op == "stack_empty":
            return "The Grass stack is empty: the hand ends"
        return ""

    # --- drawing ------------------------------------------------------------------------------------------------
    def draw_action_panel(self, surf) -> None:
        """Grass draws its own menus and prompts (``draw_prompts``)."""

    def draw_table(self, surf: pygame.Surface, view, alpha: float) -> None:
        slots = getattr(self, "_slots", None) or self.slots(view.players)
        acting = self.rules.to_act(self.match.state)
        panels, piles = [], []
        for sl in slots.values():
            cw, ch = SIZES[sl.size]
            if sl.big:
                panels.append(INFO_BOX)
                piles.append(tuple(self.pile_rect(*OWN_PILE, cw, ch)))
            else:
                panels.append(tuple(sl.rect))
                piles.append(tuple(self.pile_rect(sl.rect.x + 10 + cw / 2, sl.rect.y + 50 + ch / 2, cw, ch)))
        surf.blit(table_background(tuple(panels), tuple(piles)), (0, 0))
        for seat, sl in slots.items():
            self.draw_seat_area(surf, view, seat, sl, seat in acting)
        self.draw_centre(surf, view)
        # cards
        for key, placed, width, moving in self.board.frames(alpha):
            kind = self.content.get(key)
            size = placed.tag or "M"
            w, h = SIZES[size]
            f = card_face(kind, size) if kind is not None else card_back(w, h)
            blit_card(surf, f, card_back(w, h), placed, width, moving)
        self.draw_heat_labels(surf, view, slots)
        self.draw_centre_labels(surf, view)
        draw_text(surf, self.status_text(view), (W // 2, 22), 19, WHITE, anchor="center", shadow=True)
        if view.trade is not None:
            self.draw_trade(surf, view)
        if not self.demo and self.curtain_for is None:
            self.draw_prompts(surf, view)
        if view.phase in ("scoring", "over") and view.breakdown and (self.demo or self.app.top is self):
            self.draw_breakdown(surf, view)  # not under the results screen, which lists the totals

    def draw_seat_area(self, surf, view, seat: int, sl: Slot, acting: bool) -> None:
        sv = view.seats[seat]
        cw, ch = SIZES[sl.size]
        name = self.seat_name(seat)
        who = self.match.seats[seat]
        mine = view.seat == seat and seat in self.humans() and not self.demo
        tag = "bot" if who.kind == "bot" else ("you" if mine else who.label)
        turn = acting and view.phase in ("play", "draft", "answer", "paranoia")
        if sl.big:
            # the bottom player's own area: pile and Stash slot outlines, name and total at the left
            self.draw_pile_slot(surf, *OWN_PILE, cw, ch, sv)
            r = pygame.Rect(INFO_BOX)
            if turn:
                pygame.draw.rect(surf, GOLD, r, width=2, border_radius=14)
            draw_text(surf, fit(f"{name} ({tag})", 18, r.w - 20, True), (r.x + 12, r.y + 10), 18, GOLD, bold=True)
            draw_text(surf, money(view.totals[seat]), (r.x + 12, r.y + 36), 26, WHITE, bold=True)
            draw_text(surf, "running total", (r.x + 12, r.y + 68), 16, DIM)
            draw_text(surf, f"Stash {money(sv.stash.total)}", (r.x + 12, r.y + 92), 17, WHITE)
            y = r.y + 118
            for ln in self.seat_status(view, seat):
                draw_text(surf, fit(ln, 16, r.w - 20), (r.x + 12, y), 16, GOLD if ln.startswith("▶") else WHITE)
                y += 21
            return
        r = sl.rect
        if turn:
            pygame.draw.rect(surf, GOLD, r, width=2, border_radius=14)
        head = fit(("▶ " if turn else "") + f"{name} · {tag}", 18, r.w - 130, True)
        draw_text(surf, head, (r.x + 10, r.y + 6), 18, GOLD, bold=True)
        draw_text(surf, money(view.totals[seat]), (r.right - 10, r.y + 6), 18, WHITE, bold=True, anchor="topright")
        status = [s for s in self.seat_status(view, seat) if not s.startswith("▶")]
        line = f"{sv.hand_count} in hand · Stash {money(sv.stash.total)}" + ("" if not status else " · " + status[0])
        draw_text(surf, fit(line, 16, r.w - 20), (r.x + 10, r.y + 27), 16, DIM)
        px, py = r.x + 10 + cw / 2, r.y + 50 + ch / 2
        self.draw_pile_slot(surf, px, py, cw, ch, sv)

    @staticmethod
    def pile_rect(px: float, py: float, cw: int, ch: int) -> pygame.Rect:
        rr = pygame.Rect(0, 0, cw + 6, ch + 6)
        rr.center = (int(px), int(py))
        return rr

    def draw_pile_slot(self, surf, px, py, cw, ch, sv) -> None:
        """The words on an empty Hassle pile and the glow of heat (the pile's place is in the background)."""
        rr = self.pile_rect(px, py, cw, ch)
        if not sv.pile:
            draw_text(surf, "market", (rr.centerx, rr.centery - 10), 16, DIM, anchor="center")
            draw_text(surf, "closed", (rr.centerx, rr.centery + 10), 16, DIM, anchor="center")
        if sv.heat != NO_CARD:
            level = abs((self.ticks // 5) % 10 - 5)
            g = heat_glow(cw, ch, level)
            surf.blit(g, g.get_rect(center=rr.center))

    def draw_heat_labels(self, surf, view, slots) -> None:
        for seat, sl in slots.items():
            sv = view.seats[seat]
            if sv.heat == NO_CARD:
                continue
            cw, ch = SIZES[sl.size]
            if sl.big:
                px, py = OWN_PILE
            else:
                px, py = sl.rect.x + 10 + cw / 2, sl.rect.y + 50 + ch / 2
            label = f"HEAT: {CARDS[sv.heat].name}"
            fs = 16
            wdt = font(fs, True).size(label)[0] + 12
            r = pygame.Rect(0, 0, wdt, fs + 8)
            r.midtop = (int(px), int(py + ch / 2 + 6))
            r.left = max(r.left, (sl.rect.x + 2) if not sl.big else 0)
            panel(surf, r, 235, (150, 20, 20), (255, 120, 100), 6)
            draw_text(surf, label, r.center, fs, WHITE, bold=True, anchor="center")

    def seat_status(self, view, seat: int) -> list[str]:
        sv = view.seats[seat]
        out = []
        if view.phase in ("play", "draft", "answer") and view.current == seat:
            out.append("▶ playing" + (f" (+{view.extra_turns} extra)" if view.extra_turns else ""))
        if view.phase == "paranoia":
            out.append("passed ✓" if sv.passed else "choosing a card…")
        if sv.lost_turns and view.phase not in ("scoring", "over"):
            out.append(f"sits out {sv.lost_turns} turn{'s' if sv.lost_turns > 1 else ''}")
        if view.phase in ("scoring",) and (view.dealer + 1) % view.players == seat:
            out.append("deals next")
        if (len(self.humans()) > 1 and seat == self.shown_seat and view.phase not in ("scoring", "over")
                and seat not in self.acting_humans() and not self.demo):
            out.append(f"hold {self.key(self.match.seats[seat].device, 'B')} to see your hand")
        return out

    def draw_centre(self, surf, view) -> None:
        w, h = SIZES["M"]
        x, y = self.deck_pos
        r = pygame.Rect(0, 0, w, h)
        if view.deck_count:
            for i in range(min(3, (view.deck_count + 19) // 20)):
                r.center = (x - 2 * i, y - 2 * i)
                surf.blit(card_back(w, h), r)
        else:
            r.center = (x, y)
            pygame.draw.rect(surf, (40, 120, 80), r, width=2, border_radius=8)
        r.center = self.wasted_pos
        if not view.wasted:
            pygame.draw.rect(surf, (40, 120, 80), r, width=2, border_radius=8)
        if view.trade is None:
            # from the piles' top; the Wasted count under it
            draw_log(surf, self.log, (W // 2 - 50, y - SIZES["M"][1] // 2), 336, 4, 20, shadow=True)

    def centre_badges(self, view) -> list[tuple[pygame.Rect, str]]:
        """The counts of the Grass stack and the Wasted pile as (badge px, text): one over the stack's backs, one at
        the right of the Wasted pile's foot (its top card stays in full view, the seats' panels above are clear)."""
        cw, ch = SIZES["M"]
        out = []
        for (x, y), text in ((self.deck_pos, f"Grass stack {view.deck_count}"),
                             (self.wasted_pos, f"Wasted {len(view.wasted)}")):
            r = pygame.Rect(0, 0, font(16, True).size(text)[0] + 10, 21)
            if text.startswith("Wasted"):
                r.bottomleft = (x + cw // 2 + 6, y + ch // 2)
            else:
                r.midtop = (x, y + ch // 2 - 14)
            out.append((r, text))
        return out

    def draw_centre_labels(self, surf, view) -> None:
        """The badges of ``centre_badges``."""
        for r, text in self.centre_badges(view):
            panel(surf, r, 225, (10, 10, 10), None, 6)
            draw_text(surf, text, r.center, 16, WHITE, bold=True, anchor="center")

    def status_text(self, view) -> str:
        head = (f"Hand {view.hand_no} of {view.max_hands}" if view.max_hands else f"Hand {view.hand_no}") + \
            f" · first to {money(view.goal)}"
        if view.learning and view.hand_no <= 3:
            head += " · learning hand"
        n = self.seat_name
        if view.phase == "play":
            return f"{head} · {n(view.current)}'s turn"
        if view.phase == "draft":
            return f"{head} · {n(view.current)} builds a trade for {n(view.trade.target)}"
        if view.phase == "answer":
            return f"{head} · {n(view.trade.target)} answers {n(view.current)}'s trade"
        if view.phase == "paranoia":
            return f"{head} · Paranoia! Everyone passes a card to the left"
        if view.phase == "scoring":
            return f"Hand {view.hand_no} is over · scoring"
        return "The match is over"

    # trade --------------------------------------------------------------------------------------------------------
    def trade_rows(self, view) -> tuple[list[int], list[int], list[int], list[int]]:
        t = view.trade
        return list(t.offer), list(t.offer_peddle), list(t.ask), list(t.ask_peddle)

    def draw_cards_row(self, surf, kinds: list[int], x: int, y: int, size: str = "S", empty: str = "") -> int:
        w, h = SIZES[size]
        if not kinds and empty:
            draw_text(surf, empty, (x, y + h // 2), 16, DIM, anchor="midleft")
        for i, k in enumerate(kinds):
            surf.blit(card_face(k, size), (x + i * (w + 6), y))
        return x + len(kinds) * (w + 6)

    def human_in_trade(self, view) -> int | None:
        """The human seat whose trade dialog is open (proposer while drafting, target while answering)."""
        if self.demo or self.curtain_for is not None:
            return None
        for seat in self.acting_humans():
            if len(self.humans()) > 1 and seat != self.shown_seat:
                continue
            if view.phase in ("draft", "answer"):
                return seat
        return None

    def draw_trade(self, surf, view) -> None:
        t = view.trade
        me = self.human_in_trade(view)
        offer, offer_p, ask, ask_p = self.trade_rows(view)
        if me is None:
            # compact: the proposal on the table, for everyone to read
            r = panel(surf, (W // 2 - 65, self.deck_pos[1] - 94, 352, 140), 255, (30, 25, 10), GOLD, 10)
            head = f"{self.seat_name(t.proposer)} ⇄ {self.seat_name(t.target)}"
            draw_text(surf, head + ("  (proposed)" if t.sent else "  (building)"), (r.x + 10, r.y + 5), 16, GOLD,
                      bold=True)
            draw_text(surf, "gives", (r.x + 10, r.y + 25), 16, DIM)
            self.draw_cards_row(surf, offer + offer_p, r.x + 10, r.y + 44, "S", "nothing yet")
            draw_text(surf, "asks for", (r.x + 180, r.y + 25), 16, DIM)
            self.draw_cards_row(surf, ask + ask_p, r.x + 180, r.y + 44, "S", "nothing yet")
            return
        # the full dialog of the human in the trade
        r = panel(surf, TRADE_BOX, 255, (16, 22, 18), GOLD, 14)  # opaque, above your own area
        proposer = me == t.proposer
        other = t.target if proposer else t.proposer
        title = (f"Trade with {self.seat_name(other)}" if proposer else
                 f"{self.seat_name(other)} proposes a trade")
        draw_text(surf, title, (r.x + 20, r.y + 14), 26, GOLD, bold=True)
        if proposer:
            draw_text(surf, f"proposal {len(view.proposed)} of {len(view.proposed) + view.proposals_left} this turn"
                      " · one for one each way · offers are named openly", (r.x + 22, r.y + 46), 16, DIM)
        else:
            draw_text(surf, "Accept to swap these cards, or refuse.", (r.x + 22, r.y + 46), 16, DIM)
        gx = r.x + 22
        you_give = (offer, offer_p) if proposer else (ask, ask_p)
        you_get = (ask, ask_p) if proposer else (offer, offer_p)
        for col, (label, (hand_cards, peddle)) in enumerate((("You give", you_give), ("You get", you_get))):
            cx, y = gx + col * 250, r.y + 76
            draw_text(surf, label, (cx, y), 20, WHITE, bold=True)
            draw_text(surf, "hand", (cx, y + 27), 16, DIM)
            end = self.draw_cards_row(surf, hand_cards, cx, y + 50, "S", "—")
            draw_text(surf, "Stash", (max(end, cx + 66) + 6, y + 27), 16, DIM)
            self.draw_cards_row(surf, peddle, max(end, cx + 66) + 6, y + 50, "S", "—")
        if view.phase == "answer" and not proposer:
            why = self.why_no_accept(me)
            if not why and self.penalty_in_trade(me):
                why = (f"Careful: {' and '.join(CARDS[k].name for k in self.penalty_in_trade(me))} costs its "
                       "penalty if you still hold it when the hand ends.")
            for k, row in enumerate(wrap(why, 16, 470)[:2] if why else []):
                draw_text(surf, row, (gx, r.y + 222 + 20 * k), 16, (255, 170, 150))
        # the menu side
        mx, my = r.x + 520, r.y + 76
        seat_dev = self.match.seats[me].device
        ui = self.ui.get(me) or SeatUI()
        if view.phase == "draft" and proposer:
            if ui.dsub is not None:
                items = self.draft_list(me, ui.dsub)
                self.draw_list(surf, OP_LABELS[ui.dsub] + ":", [s for s, _ in items], ui.scur, mx, my, 400, 6)
                hint = f"{self.key(seat_dev, 'A')} add · {self.key(seat_dev, 'B')} back"
            else:
                items = self.draft_items(me)
                self.draw_list(surf, "Build your proposal:", [s for s, _ in items], ui.dcur, mx, my, 400, 6)
                hint = f"{self.key(seat_dev, 'A')} choose · {self.key(seat_dev, 'B')} withdraw"
        elif view.phase == "answer" and not proposer:
            items = self.answer_items(me)
            cur = ui.cur if ui.answering is self.match.state.trade else self.default_answer(me)
            self.draw_list(surf, "Your answer:", [s for s, _ in items], cur, mx, my, 400, 6)
            hint = f"{self.key(seat_dev, 'A')} choose · {self.key(seat_dev, 'B')} refuse at once"
        else:
            hint = f"waiting for {self.seat_name(other)}…"
        draw_text(surf, hint, (r.x + 22, r.bottom - 30), 16, WHITE)

    # prompts and menus of the acting human -------------------------------------------------------------------------
    def draw_prompts(self, surf, view) -> None:
        st = self.match.state
        bottom = self.bottom_seat()
        for seat in self.acting_humans():
            if len(self.humans()) > 1 and seat != self.shown_seat:
                continue
            dev = self.match.seats[seat].device
            ui = self.ui.get(seat) or SeatUI()
            hslots = self.hand_slots(seat)
            lr = f"{self.key(dev, 'LEFT')}/{self.key(dev, 'RIGHT')}"
            if st.phase in ("play", "paranoia") and hslots and seat == bottom:
                xs = self.hand_x(len(st.seats[seat].hand), len(st.seats[seat].hand) + 1)
                if "trade" in hslots:
                    tx = (xs[-1] if xs else W // 2) + 124
                    sel = ui.sel % len(hslots) == len(hslots) - 1
                    img = trade_button(sel, view.proposals_left)
                    surf.blit(img, img.get_rect(center=(tx, HAND_Y - (24 if sel else 0))))
                if st.phase == "paranoia":
                    text = (f"Paranoia! Choose a card to pass to {self.seat_name((seat + 1) % st.players)} on your "
                            f"left: {lr}, {self.key(dev, 'A')}")
                elif dev == "mouse":
                    text = "Your turn: click a card" + (" or Trade" if "trade" in hslots else "")
                else:
                    text = (f"Your turn: choose a card ({lr}) and press {self.key(dev, 'A')}"
                            + (" · or Trade" if "trade" in hslots else "")
                            + (" · or click one" if self.mouse_seat() == seat else ""))
                if ui.open:
                    slot = hslots[ui.sel % len(hslots)]
                    items = self.slot_options(seat, slot)
                    i = ui.sel % len(hslots)
                    ax = xs[i] if i < len(xs) else (xs[-1] + 124 if xs else W // 2)
                    title = "Trade with whom?" if slot == "trade" else f"{CARDS[slot].name}:"
                    self.draw_popup(surf, title, [s for s, _ in items], ui.cur, ax, HAND_Y - 90)
                    text = (f"{self.key(dev, 'UP')}/{self.key(dev, 'DOWN')} choose · {self.key(dev, 'A')} confirm · "
                            f"{self.key(dev, 'B')} back")
                self.draw_banner(surf, text)
            elif st.phase == "scoring":
                pass
        if st.phase == "paranoia" and view.seat is not None and view.my_pass != NO_CARD and not self.acting_humans():
            self.draw_banner(surf, f"You pass {CARDS[view.my_pass].name}; waiting for the others…")

    def draw_banner(self, surf, text: str) -> None:
        wdt = font(18, True).size(text)[0] + 40
        r = pygame.Rect(0, 0, wdt, 32)
        r.center = (W // 2 - 30, 510)
        panel(surf, r, 225, (60, 45, 10), GOLD, 10)
        draw_text(surf, text, r.center, 18, WHITE, bold=True, anchor="center")

    def draw_popup(self, surf, title: str, labels: list[str], cur: int, ax: float, bottom: int) -> None:
        r = self.popup_rect(title, labels, ax, bottom)
        panel(surf, r, 240, (16, 22, 18), GOLD, 10)
        self.draw_list(surf, title, labels, cur, r.x + 14, r.y + 8, r.width - 12, min(len(labels), 9))

    # scoring -----------------------------------------------------------------------------------------------------
    def breakdown_rows(self, view) -> list[tuple[str, str, list[str]]]:
        """(step, explanation, one figure per seat) of the scoring walk-through (rules/grass.md, "Scoring")."""
        b = view.breakdown
        holder = next((i for i, x in enumerate(b) if x.banker > 0), None)
        bank = (f"{self.seat_name(holder)}'s cut: 20% of unprotected Stashes"
                if holder is not None else "nobody took a Banker's cut")
        rows = [
            ("1. Stash total", "every peddle in the Stash, protected or not", [money(x.stash) for x in b]),
            ("2. Banker", bank, [money(x.banker, True) for x in b]),
            ("3. Largest peddle in hand", "the biggest peddle card still held is lost",
             [money(x.peddle_in_hand) for x in b]),
            ("4. Paranoia in hand", "penalties of Paranoia cards still held", [money(x.paranoia) for x in b]),
            ("5. Bonus", "$25,000 to the best hand (shared by ties)", [money(x.bonus, True) for x in b]),
            ("This hand", "the sum of steps 1-5", [money(x.hand, True) for x in b]),
            ("6. Running total", "before + this hand, never below $0", [money(x.total) for x in b]),
        ]
        return rows

    def draw_breakdown(self, surf, view) -> None:
        b = view.breakdown
        n = len(b)
        colw = 124 if n <= 4 else 108
        fs = 18 if n <= 4 else 16  # the figures: "−$125,000" fits its column
        lw = 350
        wdt = lw + colw * n + 40
        left = max(INFO_BOX[0] + INFO_BOX[2] + 8, W // 2 - wdt // 2)  # your own name and total stay in view
        r = panel(surf, (left, 50, wdt, 486), 255, (14, 20, 16), GOLD, 14)
        over = view.phase == "over"
        draw_text(surf, f"Hand {view.hand_no} — scoring" if not over else "The match is over — final hand",
                  (r.x + 20, r.y + 12), 26, GOLD, bold=True)
        x0 = r.x + 20 + lw
        for s in range(n):
            draw_text(surf, self.seat_name(s), (x0 + colw * s + colw - 10, r.y + 54), min(17, fs), GOLD, bold=True,
                      anchor="topright")
        rows = self.breakdown_rows(view)
        before = self.totals_before if self.totals_before and len(self.totals_before) == n else None
        shown = min(len(rows), 1 + self.score_ticks // STEP_TICKS) if self.score_ticks < WALK_TICKS else len(rows)
        y = r.y + 84
        for i, (step, why, figs) in enumerate(rows[:shown]):
            current = i == shown - 1 and self.score_ticks < WALK_TICKS
            if current:
                panel(surf, (r.x + 10, y - 4, wdt - 20, 46), 200, (70, 55, 15), None, 8)
            big = step in ("This hand", "6. Running total")
            draw_text(surf, step, (r.x + 20, y), 18, GOLD if big or current else WHITE, bold=True)
            draw_text(surf, fit(why, 16, lw - 4), (r.x + 20, y + 22), 16, DIM)
            for s, f in enumerate(figs):
                col = (255, 120, 110) if f.startswith("−") else (GREEN if f.startswith("+") else WHITE)  # AA on dark
                if f in ("$0", "+$0"):
                    col = DIM
                draw_text(surf, f, (x0 + colw * s + colw - 10, y + 6), fs, col, bold=big, anchor="topright")
                if step.startswith("6.") and before is not None:
                    draw_text(surf, f"was {money(before[s])}", (x0 + colw * s + colw - 10, y + 27), 16, DIM,
                              anchor="topright")
            y += 48
            if step == "5. Bonus":
                pygame.draw.line(surf, GOLD, (r.x + 20, y - 6), (r.right - 20, y - 6), 1)
        if shown >= len(rows):
            if over:
                best = max(view.totals)
                win = [self.seat_name(i) for i, t in enumerate(view.totals) if t == best]
                msg = (" and ".join(win) + (" win!" if len(win) > 1 else " wins!")) + f" ({money(best)})"
            else:
                lead = max(range(n), key=lambda i: view.totals[i])
                msg = f"{self.seat_name(lead)} leads with {money(view.totals[lead])} · first to {money(view.goal)}"
            draw_text(surf, msg, (r.x + 20, r.bottom - 38), 20, GOLD, bold=True)
            devs = [self.match.seats[s].device for s in self.humans()]
            if devs and not self.demo:
                hint = self.key(devs[0], "A")
                what = "results" if over else "the next hand"
                draw_text(surf, f"{hint}: {what}", (r.right - 20, r.bottom - 36), 18, WHITE, anchor="topright")
        elif not self.demo and self.humans():
            hint = self.key(self.match.seats[self.humans()[0]].device, "A")
            draw_text(surf, f"{hint}: show all", (r.right - 20, r.bottom - 36), 16, DIM, anchor="topright")

    def result_lines(self) -> list[str]:
        st = self.match.state
        totals = self.rules.scores(st)
        win = self.rules.winners(st)
        title = (" and ".join(self.seat_name(i) for i in win) + " win!") if len(win) > 1 else \
            f"{self.seat_name(win[0])} wins!"
        lines = [title]
        for i, t in enumerate(totals):
            lines.append(f"{self.seat_name(i)} ({self.match.seats[i].label}): {money(t)}")
        lines.append(f"after {st.hand_no} hand{'s' if st.hand_no > 1 else ''}")
        return lines


def card_art(ref: str) -> pygame.Surface | None:
    """A card for the rules page, by its printed name ("Bust", "Panama"); None for an unknown name."""
    for kind, c in enumerate(CARDS):
        if c.name.lower() == ref.replace("_", " ").lower():
            return card_face(kind)
    return None
