"""Grit's table: both players' three Injury piles, the Complaints in hand, The Word, face-down play, the reveal.

Layout (1280×720): seat 0 at the bottom, seat 1 at the top (with one human, the human sits at the bottom). Each
player's three Injury piles sit in a row with covered cards peeking out above the top card; a Marked Complaint lies
sideways. Complaints in hand are fanned at the screen's edge: face up for their owner (with two humans on one screen,
only while the owner holds their B key to peek), backs for everyone else.

Controls of the acting human: The Word holder picks who lays first from a two-line menu. Laying: ←/→ choose the
Complaint, ↑/↓ choose the pile (every pile that may take it, highlighted), A lays; if a Marked Complaint is still
available a last menu asks "face down" or "Marked" (B goes back). At the end of a round in which a player marked one
of their own piles, that player is asked whether it stays face down (↑/↓ and A; the keys are shown on screen).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import pygame

from arcade.core.i18n import N_, _
from arcade.games.grit import ChooseFirst, KeepHidden, PlayComplaint, card_label
from arcade.games.grit.cards import is_heart, rank_of, card_value
from arcade.games.grit.rules import DEAD_AT
from arcade.games.grit.terms import term
from arcade.client.render.cards import CARD_H, CARD_W, INK, blit_card, card_back, playing_card
from arcade.client.render import palette as pal
from arcade.client.render.fonts import draw_text, font, pitch, size_to_fit, wrap
from arcade.client.render.tooltip import Tip
from arcade.client.render.tween import Placed
from arcade.client.render.widgets import DIM, GOLD, H, W, WHITE, panel
from arcade.client.table import TableScene

__all__ = ["Table"]

RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
PILE_X = (W // 2 - 170, W // 2, W // 2 + 170)
PILE_Y = {"bottom": 455, "top": 255}
HAND_Y = {"bottom": 612, "top": 84}
DECK_POS = (110, H // 2 + 10)


@lru_cache(maxsize=64)
def face(card: int) -> pygame.Surface:
    """A Complaint's face; a 6 or a 9 has its ranks underlined, so a Marked (sideways) one still reads right."""
    rank, suit = RANKS[rank_of(card) - 1], "H" if is_heart(card) else "S"
    img = playing_card(rank, suit).copy()
    if rank in ("6", "9"):
        underline_ranks(img, rank, INK[suit])
    return img


def underline_ranks(img: pygame.Surface, rank: str, ink) -> None:
    """Underline the three rank figures ``playing_card`` draws (corner, centre, upside-down corner), in place."""
    w, h = img.get_size()
    corner, mid = max(12, int(h * 0.17)), int(h * 0.16)
    cw, ch = font(corner, True).size(rank)
    base = 3 + font(corner, True).get_ascent() + 1
    pygame.draw.line(img, ink, (7, base), (7 + cw - 1, base), 2)
    mw, mh = font(mid, True).size(rank)
    cy = h // 2 + int(h * 0.36) // 2 + 6
    mbase = cy - mh // 2 + font(mid, True).get_ascent() + 1
    pygame.draw.line(img, ink, (w // 2 - mw // 2, mbase), (w // 2 + mw // 2, mbase), 2)
    tail = h - 3 - ch + (ch - base + 3)
    pygame.draw.line(img, ink, (w - 7 - cw, tail), (w - 8, tail), 2)


@lru_cache(maxsize=64)
def sideways(img: pygame.Surface) -> pygame.Surface:
    return pygame.transform.rotate(img, 90)


class Table(TableScene):
    END_DELAY = 240
    RESULT_FIGURE = N_("Injuries")

    def wire(self) -> None:
        """The game's hooks and settings given to the table's components."""
        self.seating.show_while_acting = False  # placement is secret: a hand shows only while its owner peeks (B)
        self.hud.notice_y = H // 2 - 5  # a notice goes between the two rows of piles, where the round's plate is
        self.hud.mouse_hint = N_("drag a Complaint onto a pile")
        c, t = self.coach, self.tooltips  # the coach's and the tooltips' hooks
        c.about, c.panels, c.prompts = self.coach_about, self.coach_panels, self.open_prompts
        c.layout, c.status = self.layout_rects, self.status_rects
        t.sources, t.key_tip = self.tips, self.key_tip
        self.choices.panel = self.draw_action_panel
        self.seating.mouse_peek = self.mouse_peek
        self.curtain.prompt = self.curtain_prompt

    def result_rows(self) -> list[tuple[int, str]]:
        """Each duellist's final Injury total (22 or more is dead), winner first."""
        v = self.seating.views().public
        if v.totals is None:
            return super().result_rows()
        order = sorted((0, 1), key=lambda s: s != v.result)
        return [(s, _("{total} — dead").format(total=v.totals[s]) if v.totals[s] >= DEAD_AT else str(v.totals[s]))
                for s in order]

    def setup(self) -> None:
        self.board.move_ticks = 18
        self.board.stagger = 3
        self.content: dict[Any, tuple[int | None, bool, bool]] = {}  # key -> (card, marked, known_face_down)
        self.sel_card: dict[int, int] = {}
        self.sel_pile: dict[int, int] = {}
        self.mode_menu: dict[int, int] = {}  # seat -> cursor in the marked-mode menu (absent: menu closed)
        self.word_cursor: dict[int, int] = {}
        self.keep_cursor: dict[int, int] = {}  # seat -> 0 keep face down, 1 turn it up (end-of-round question)
        self.hand_places: dict[Any, tuple[int, int]] = {}  # hand sprite key -> (owner, place in the hand)
        self.layout(self.seating.views(), initial=True)

    # --- who sits where ---------------------------------------------------------------------------------------------
    def bottom_seat(self) -> int:
        humans = self.seating.humans()
        return humans[0] if len(humans) == 1 else 0

    def side(self, seat: int) -> str:
        return "bottom" if seat == self.bottom_seat() else "top"

    # --- layout: the views say where every card lies ----------------------------------------------------------------
    def layout(self, views, initial: bool = False) -> None:
        """Every card's place from ``views`` (``TableViews``): the piles from the view the table is drawn around, a
        hand's Complaints from its owner's view when this screen shows it (face up while ``views.face_up`` says so),
        else backs counted in the public view (keys ``("hback", owner, place)``)."""
        view = views.main
        targets: dict[Any, Placed] = {}
        places: dict[Any, tuple[int, int]] = {}
        content: dict[Any, tuple[int | None, bool, bool]] = {}
        following, follow = None, None
        for owner in (0, 1):
            side = self.side(owner)
            for p, pile in enumerate(view.piles[owner]):
                n = len(pile)
                for i, cv in enumerate(pile):
                    key = ("pile", owner, p, i)
                    back = n - 1 - i  # covered cards peek out to the upper left
                    shown = cv.card is not None and cv.face_up
                    targets[key] = Placed(PILE_X[p] - back * 12, PILE_Y[side] - back * 9, shown, z=10 + i,
                                          angle=90 if cv.marked else 0)
                    content[key] = (cv.card, cv.marked, cv.card is not None and not cv.face_up)
            # hand
            count = view.complaint_counts[owner]
            own = view.seat == owner
            cards = list(view.hand) if own else [None] * count
            x0 = W // 2 - (count - 1) * 62
            for i, card in enumerate(cards):
                key = ("hand", owner, card) if card is not None else ("hback", owner, i)
                places[key] = (owner, i)
                up = card is not None and views.up(owner)
                lift = 0
                if own and card is not None and owner in self.sel_card and self.sel_card[owner] % count == i \
                        and self.is_laying(owner, view):
                    lift = 24
                targets[key] = Placed(x0 + i * 124, HAND_Y[side], up, z=50 + i, lift=lift,
                                      scale=1.0 if side == "bottom" else 0.8)
                drag = self.pointer.dragged(owner) if own else None
                if drag is not None and drag[0] == i:  # dragged by the mouse: under the pointer, above all
                    targets[key] = follow = Placed(drag[1][0], drag[1][1], up, z=200)
                    following = key
                content[key] = (card, False, False)
        # when a hand card leaves, the new pile card starts where that hand card was
        gone = [k for k in self.board.entries if k[0] in ("hand", "hback") and k not in targets]
        was = {(k[0], self.hand_places[k]): k for k in gone if k in self.hand_places}
        self.content = content
        self.hand_places = places

        def origin(key):
            if key[0] in ("hand", "hback"):  # a hand seen or hidden anew (the curtain) turns over where it lies
                g = was.get(("hback" if key[0] == "hand" else "hand", places[key]))
                return self.board.current(g) if g is not None else Placed(*DECK_POS, False, 0)
            for g in gone:
                if g[1] == self.layer_of(view, key):
                    return self.board.current(g)
            seat_side = self.side(self.layer_of(view, key))
            return Placed(W // 2, HAND_Y[seat_side], False, 0)

        moved = self.board.set_targets(targets, origin, ticks=None)
        if following is not None:  # no easing: the card stays under the pointer
            self.board.entries[following].tween = None
            self.board.entries[following].placed = follow
        if moved and not initial:
            pass

    @staticmethod
    def layer_of(view, key) -> int:
        """Who laid a pile card: this round's first/second player when it is one of this round's plays."""
        _, owner, pile, idx = key
        if (owner, pile) in view.round_plays:
            k = view.round_plays.index((owner, pile))
            first = view.first if view.first >= 0 else 0
            return first if k == 0 else 1 - first
        return owner

    def after_tick(self) -> None:
        self.layout(self.seating.views())
        self.board.update()

    # --- controls ---------------------------------------------------------------------------------------------------
    @staticmethod
    def is_laying(seat: int, view) -> bool:
        """Whether ``seat`` is laying a Complaint now (``view``: any view of the table)."""
        return seat in view.to_act and view.phase not in ("word", "keep")

    def human_controls(self) -> None:
        inp = self.app.input
        for seat in self.seating.acting_shown():
            st = self.seating.seat_view(seat)  # the acting seat's own view: its phase, its Complaints
            dev = [self.match.seats[seat].device]
            legal = self.seating.legal(seat)
            if self.mouse_controls(seat, legal):
                continue
            if st.phase == "word":
                c = self.word_cursor.get(seat, 0)
                if inp.menu("UP", dev) or inp.menu("DOWN", dev) or inp.menu("LEFT", dev) or inp.menu("RIGHT", dev):
                    c = 1 - c
                    self.app.audio.play("move")
                self.word_cursor[seat] = c
                if inp.pressed("A", dev):
                    first = seat if c == 0 else 1 - seat
                    self.match.submit_action(seat, ChooseFirst(first))
                    self.app.audio.play("select")
                continue
            if st.phase == "keep":
                c = self.keep_cursor.get(seat, 0)
                if inp.menu("UP", dev) or inp.menu("DOWN", dev) or inp.menu("LEFT", dev) or inp.menu("RIGHT", dev):
                    c = 1 - c
                    self.app.audio.play("move")
                self.keep_cursor[seat] = c
                if inp.pressed("A", dev):
                    self.match.submit_action(seat, KeepHidden(c == 0))
                    self.app.audio.play("select")
                continue
            hand = list(st.hand)
            if not hand:
                continue
            ci = self.sel_card.get(seat, 0) % len(hand)
            card = hand[ci]
            piles = self.piles_for(legal, card, seat)
            pi = self.sel_pile.get(seat, 0) % max(1, len(piles))
            if seat in self.mode_menu:
                modes = self.modes_for(legal, card, piles[pi])
                m = self.mode_menu[seat] % len(modes)
                if inp.menu("UP", dev):
                    m = (m - 1) % len(modes)
                if inp.menu("DOWN", dev):
                    m = (m + 1) % len(modes)
                self.mode_menu[seat] = m
                if inp.pressed("B", dev):
                    del self.mode_menu[seat]
                elif inp.pressed("A", dev):
                    del self.mode_menu[seat]
                    self.match.submit_action(seat, modes[m][1])
                    self.app.audio.play("select")
                continue
            if inp.menu("LEFT", dev):
                ci = (ci - 1) % len(hand)
                self.app.audio.play("move")
            if inp.menu("RIGHT", dev):
                ci = (ci + 1) % len(hand)
                self.app.audio.play("move")
            if inp.menu("UP", dev):
                pi = (pi - 1) % len(piles)
                self.app.audio.play("move")
            if inp.menu("DOWN", dev):
                pi = (pi + 1) % len(piles)
                self.app.audio.play("move")
            self.sel_card[seat], self.sel_pile[seat] = ci, pi
            if inp.pressed("A", dev):
                card = hand[ci]
                piles = self.piles_for(legal, card, seat)
                target = piles[pi % len(piles)]
                modes = self.modes_for(legal, card, target)
                if len(modes) > 1:
                    self.mode_menu[seat] = 0
                else:
                    self.match.submit_action(seat, modes[0][1])
                    self.app.audio.play("select")

    # --- the mouse: click a Complaint in your hand, then a pile that may take it ------------------------------------
    PROMPT_X, PROMPT_Y = W - 330, H // 2 - 60  # the prompt panel's text origin (px)
    PROMPT_W = 260  # the laying keys' rows are wrapped to this width (px)

    PEEK_BUTTON = pygame.Rect(W - 350, H // 2 + 130, 300, 56)  # "Show my cards", several humans on one screen (px)

    def peek_button_shown(self) -> bool:
        """Several humans on one screen, the curtain lifted by the seat now acting: the "Show my cards" button is
        there for that seat's player (held down with the mouse, it shows that seat's hand, as holding B does)."""
        return (not self.demo and len(self.seating.humans()) > 1 and self.seating.curtain_for is None
                and self.seating.shown_seat in self.seating.acting_humans() and not self.match.is_over())

    def mouse_peek(self, seat: int) -> bool:
        """The left mouse button is held down on the "Show my cards" button (``PEEK_BUTTON``) for ``seat``."""
        inp = self.app.input
        return (seat == self.seating.shown_seat and inp.mouse_held and inp.mouse_pos is not None
                and self.PEEK_BUTTON.collidepoint(inp.mouse_pos) and self.peek_button_shown())

    def draw_peek_button(self, surf) -> None:
        r = self.PEEK_BUTTON
        held = self.mouse_peek(self.seating.shown_seat)
        hover = self.app.input.hover([r]) == 0
        panel(surf, r, 235, (60, 90, 60) if held else (40, 60, 40) if hover else (20, 40, 28), GOLD, 10)
        show, hold = _("Show my cards"), _("hold the mouse button down here")
        draw_text(surf, show, (r.centerx, r.y + 18), size_to_fit(show, r.w - 16, 20, bold=True), GOLD, bold=True,
                  anchor="center")
        draw_text(surf, hold, (r.centerx, r.y + 40), size_to_fit(hold, r.w - 16, 16), WHITE, anchor="center")

    def word_rects(self) -> list[pygame.Rect]:
        """The two lines of The Word's menu and of the keep-it-hidden menu (px)."""
        return [pygame.Rect(self.PROMPT_X - 10, self.PROMPT_Y + 30 + 32 * k, 280, 32) for k in range(2)]

    def mode_rects(self, n: int) -> list[pygame.Rect]:
        """The lines of the "how do you lay it" menu (px)."""
        return [pygame.Rect(self.PROMPT_X - 10, self.PROMPT_Y + 28 + 52 * k, 320, 52) for k in range(n)]

    def hand_rects(self, seat: int, count: int) -> list[pygame.Rect]:
        """Where the seat's Complaints lie in hand (px), as ``layout`` places them."""
        x0 = W // 2 - (count - 1) * 62
        y = HAND_Y[self.side(seat)]
        return [pygame.Rect(x0 + i * 124 - CARD_W // 2, y - CARD_H // 2 - 24, CARD_W, CARD_H + 24)
                for i in range(count)]

    def pile_rect(self, owner: int, pile: int) -> pygame.Rect:
        r = pygame.Rect(0, 0, CARD_W + 40, CARD_H + 40)
        r.center = (PILE_X[pile] - 10, PILE_Y[self.side(owner)] - 8)
        return r

    def mouse_controls(self, seat: int, legal) -> bool:
        """A click of the mouse's seat: in The Word's menu, in the laying mode menu, on a Complaint in hand (chosen)
        or on a pile that may take it (laid there). True when the click was used."""
        pos = self.pointer.mouse_click(seat)
        if pos is None:
            return False
        if self.app.input.click() is not None:
            self.pointer.drag_card = None  # a new press: a drag starts only on a card of the hand (below)
        st = self.seating.seat_view(seat)
        if st.phase in ("word", "keep"):  # two-line menus at the same place
            k = next((k for k, r in enumerate(self.word_rects()) if r.collidepoint(pos)), None)
            if k is not None:
                self.match.submit_action(seat, ChooseFirst(seat if k == 0 else 1 - seat) if st.phase == "word"
                                         else KeepHidden(k == 0))
                self.app.audio.play("select")
            return True
        hand = list(st.hand)
        if not hand:
            return False
        ci = self.sel_card.get(seat, 0) % len(hand)
        if seat in self.mode_menu:
            piles = self.piles_for(legal, hand[ci])
            modes = self.modes_for(legal, hand[ci], piles[self.sel_pile.get(seat, 0) % len(piles)])
            k = next((k for k, r in enumerate(self.mode_rects(len(modes))) if r.collidepoint(pos)), None)
            del self.mode_menu[seat]  # a click elsewhere closes the menu
            if k is not None:
                self.match.submit_action(seat, modes[k][1])
                self.app.audio.play("select")
            return True
        k = next((k for k, r in enumerate(self.hand_rects(seat, len(hand))) if r.collidepoint(pos)), None)
        if k is not None:
            self.sel_card[seat] = k
            self.pointer.drag_card = (seat, k)  # held and moved, the card follows the pointer (``dragged``)
            self.app.audio.play("move")
            return True
        piles = self.piles_for(legal, hand[ci])
        hit = next((t for t in piles if self.pile_rect(*t).collidepoint(pos)), None)
        if hit is None:
            shut = next(((o, p) for o in (0, 1) for p in range(3) if self.pile_rect(o, p).collidepoint(pos)), None)
            if shut is None:
                return False
            self.hud.flash(self.why_not_pile(st, *shut))
            self.app.audio.play("back")
            return True
        self.sel_pile[seat] = piles.index(hit)
        modes = self.modes_for(legal, hand[ci], hit)
        if len(modes) > 1:
            self.mode_menu[seat] = 0
        else:
            self.match.submit_action(seat, modes[0][1])
            self.app.audio.play("select")
        return True

    @staticmethod
    def why_not_pile(view, owner: int, pile: int) -> str:
        """Why a pile cannot take the Complaint now (rules, "A round" 2 and "Marked Complaint"), from any view."""
        if (owner, pile) in view.round_plays:
            return _("That pile already took a card this round: lay on another pile.")
        cards = view.piles[owner][pile]
        if cards and cards[-1].marked:
            return _("Nothing can be laid on a Marked Complaint.")
        return _("That pile cannot take this Complaint now.")

    def piles_for(self, legal, card, seat: int | None = None) -> list[tuple[int, int]]:
        """Piles (owner, pile) that may take ``card`` now, in the order the laying seat sees them: its own row left
        to right, then the opponent's row left to right (``seat``: the laying seat; default the one to act)."""
        out = []
        for a in legal:
            if isinstance(a, PlayComplaint) and a.card == card and not a.marked and (a.owner, a.pile) not in out:
                out.append((a.owner, a.pile))
        if seat is None:
            acting = sorted(self.seating.to_act())
            seat = acting[0] if acting else self.bottom_seat()
        return sorted(out, key=lambda op: (op[0] != seat, op[1]))

    def modes_for(self, legal, card, target) -> list[tuple[str, PlayComplaint]]:
        names = {False: _("Lay it face down"), True: _("Lay it Marked (sideways, never covered)")}
        out = []
        for a in legal:
            if isinstance(a, PlayComplaint) and a.card == card and (a.owner, a.pile) == tuple(target):
                out.append((names[a.marked], a))
        return out

    # --- drawing ----------------------------------------------------------------------------------------------------
    def draw_table(self, surf: pygame.Surface, views, alpha: float) -> None:
        view = views.main
        # pile slots and labels
        for owner in (0, 1):
            side = self.side(owner)
            y = PILE_Y[side]
            for p in range(3):
                r = pygame.Rect(0, 0, CARD_W + 10, CARD_H + 10)
                r.center = (PILE_X[p], y)
                pygame.draw.rect(surf, (14, 70, 45), r, border_radius=10)
                pygame.draw.rect(surf, (40, 120, 80), r, width=2, border_radius=10)
            name = self.seat_name(owner)
            tot = view.totals[owner] if view.totals is not None else view.visible_totals[owner]
            dead = view.totals is not None and tot >= DEAD_AT  # judged after round 4 only (rules, "The end")
            col = pal.BAD if dead else (pal.GOOD if tot == 21 else WHITE)
            tx = 60
            draw_text(surf, name, (tx, self.name_y(y)), 24, GOLD, bold=True)
            line = self.injuries_text(tot, dead)
            ls = size_to_fit(line, self.LABEL_W, 24, bold=dead)
            if dead or tot == 21:  # red and green read on a dark plate, not on the felt
                panel(surf, (tx - 8, y, font(ls, dead).size(line)[0] + 16, 32), 215, (10, 30, 20), None, 8)
            draw_text(surf, line, (tx, y + 2), ls, col, bold=dead)
            if view.best_of > 1:
                won = _("Duels won: {n}").format(n=view.wins[owner])
                draw_text(surf, won, (tx, y + 32), size_to_fit(won, self.LABEL_W, 20), WHITE)
            if view.phase != "over" and view.word == owner:
                self.draw_word_badge(surf, (tx + 75, y + 58))
            if view.phase != "over" and view.first == owner:
                first = _("▶ lays first this round")
                draw_text(surf, first, (tx, y + 84), size_to_fit(first, self.LABEL_W, 18), WHITE)
        # highlight of the target pile for the acting human
        target = self.current_target(views)
        if target is not None:
            owner, p = target
            r = pygame.Rect(0, 0, CARD_W + 22, CARD_H + 22)
            r.center = (PILE_X[p], PILE_Y[self.side(owner)])
            pygame.draw.rect(surf, GOLD, r, width=4, border_radius=12)
        # cards
        for key, placed, width, moving in self.board.frames(alpha):
            card, marked, known_down = self.content.get(key, (None, False, False))
            f = face(card) if card is not None else card_back()
            b = card_back()
            if placed.angle:
                f, b = sideways(f), sideways(b)
            r = blit_card(surf, f, b, placed, width, moving)
            if known_down and not placed.face_up and card is not None:
                tag = pygame.Rect(0, 0, 56, 26)
                tag.center = r.center
                panel(surf, tag, 220, (250, 248, 240), radius=6)
                draw_text(surf, card_label(card), tag.center, 18, (20, 20, 20), bold=True, anchor="center")
        # centre: round, phase
        info = (_("Duel {duel} · Round {n} of 4").format(duel=view.duel, n=view.round) if view.best_of > 1
                else _("Round {n} of 4").format(n=view.round))
        if view.phase == "over":
            info = _("Satisfaction!")
        if view.phase != "over":
            plate = pygame.Rect(0, 0, font(24, True).size(info)[0] + 28, 36)
            plate.center = (W // 2, H // 2 - 5)
            panel(surf, plate, 200, (10, 30, 20), None, 10)
            draw_text(surf, info, (W // 2, H // 2 - 5), 24, GOLD, bold=True, anchor="center", shadow=True)
        self.hud.draw_status(surf, self.phase_text(view))
        if view.phase == "over" and view.totals is not None:
            self.draw_outcome(surf, view)
        if not self.demo and self.seating.curtain_for is None:
            self.draw_prompts(surf, views)
            if self.peek_button_shown():
                self.draw_peek_button(surf)

    def draw_action_panel(self, surf) -> None:
        """Grit draws its own prompts (``draw_prompts``)."""

    def curtain_prompt(self, dev: str) -> str:
        """Grit's hands show only while their owner holds B: the curtain names both of the seat's keys."""
        inp = self.app.input
        return _("Press {a} to take your turn, then hold {b} to peek at your hand").format(a=inp.hint(dev, "A"),
                                                                                           b=inp.hint(dev, "B"))

    def draw_word_badge(self, surf, center) -> None:
        word = _("THE WORD")
        size = size_to_fit(word, 150 - 24, 20, bold=True)
        r = pygame.Rect(0, 0, max(150, font(size, True).size(word)[0] + 24), 40)
        r.center = center
        panel(surf, r, 230, (120, 20, 30), GOLD, 20)
        draw_text(surf, word, r.center, size, GOLD, bold=True, anchor="center")

    def phase_text(self, view) -> str:
        if view.phase == "word":
            reason = _(WORD_REASONS[view.word_reason]) if view.word_reason in WORD_REASONS else view.word_reason
            return _("{player} holds The Word ({reason}) and picks who lays first").format(
                player=self.seat_name(view.word), reason=reason)
        if view.phase in ("lay_first", "lay_second"):
            acting = view.to_act[0] if view.to_act else -1
            return _("{player} lays a Complaint face down").format(player=self.seat_name(acting))
        if view.phase == "keep":
            acting = view.to_act[0] if view.to_act else -1
            return _("End of the round: {player} decides whether their Marked Complaint stays face down").format(
                player=self.seat_name(acting))
        return ""

    def draw_outcome(self, surf, view) -> None:
        t0, t1 = view.totals
        if view.result == -1:
            text = _("Draw — {a} to {b}").format(a=t0, b=t1)
        else:
            text = _("{player} wins — {a} to {b}").format(player=self.seat_name(view.result), a=t0, b=t1)
        r = pygame.Rect(0, 0, 620, 54)
        r.center = (W // 2, H // 2 - 5)
        panel(surf, r, 220, (60, 20, 10), GOLD)
        draw_text(surf, text, r.center, size_to_fit(text, r.w - 24, 26, bold=True), GOLD, bold=True, anchor="center")

    def current_target(self, views=None) -> tuple[int, int] | None:
        """The pile the acting human's chosen Complaint would go on (highlighted), from that seat's view."""
        if self.demo:
            return None
        views = views or self.seating.views()
        for seat in self.seating.acting_humans():
            view = views.of(seat)
            shared = len(self.seating.humans()) > 1
            if view is None or view.phase in ("word", "keep") or (shared and seat != self.seating.shown_seat):
                continue
            hand = list(view.hand)
            if not hand:
                return None
            card = hand[self.sel_card.get(seat, 0) % len(hand)]
            piles = self.piles_for(self.seating.legal(seat), card, seat)
            if piles:
                return piles[self.sel_pile.get(seat, 0) % len(piles)]
        return None

    def prompting(self, views) -> list[int]:
        """The acting human seats whose prompt this screen draws now."""
        if self.demo or self.seating.curtain_for is not None:
            return []
        return [s for s in self.seating.acting_humans()
                if not (len(self.seating.humans()) > 1 and s != self.seating.shown_seat) and views.of(s) is not None]

    def control_lines(self, seat: int) -> list[str]:
        """The laying prompt's lines for ``seat``: its keys (or the mouse's way)."""
        inp = self.app.input
        dev = self.match.seats[seat].device
        if dev == "mouse":
            lines = [_("Drag a Complaint from your hand onto a pile, or click it, then click the pile")]
        else:
            lines = [_("{keys} choose Complaint").format(keys=f"{inp.hint(dev, 'LEFT')}/{inp.hint(dev, 'RIGHT')}"),
                     _("{keys} choose pile").format(keys=f"{inp.hint(dev, 'UP')}/{inp.hint(dev, 'DOWN')}"),
                     _("{key} lay it").format(key=inp.hint(dev, "A"))]
            if self.seating.mouse_seat() == seat:
                lines.append(_("or click a card, then a pile"))
        if len(self.seating.humans()) > 1:
            lines.append(_("hold {key} to peek at your hand").format(key=inp.hint(dev, "B")))
        return [row for ln in lines for row in wrap(ln, 19, self.PROMPT_W)]

    def prompt_box(self, seat: int, views) -> pygame.Rect:
        """The panel of ``seat``'s prompt as ``draw_prompts`` draws it (px): The Word's menu, the keep-it-hidden
        question, the laying mode menu or the laying keys."""
        x, y = self.PROMPT_X, self.PROMPT_Y
        phase = views.public.phase
        head, item, mode, sub, line = self.prompt_pitches()
        if phase == "word":
            return pygame.Rect(x - 20, y - 20, 300, 20 + head + 2 * item + 12)  # 130 at 100 %
        if phase == "keep":
            rows, size = self.keep_note()
            return pygame.Rect(x - 20, y - 20, 320, 20 + head + 2 * item + 6 + pitch(size, 26) * len(rows)
                               + pitch(18, 40))
        if seat in self.mode_menu:
            return pygame.Rect(x - 20, y - 20, 340, 60 + mode * len(self.current_modes(seat, views)))
        return pygame.Rect(x - 20, y - 20, 300, 40 + line * len(self.control_lines(seat)))

    @staticmethod
    def keep_note() -> tuple[list[str], int]:
        """The keep question's note (what face down means): its rows in the prompt (one; more when it does not fit
        one at 16 px as drawn) and their font size."""
        note, width = _("face down: hidden to the end of the duel"), 320 - 40
        size = size_to_fit(note, width, 16)
        return ([note] if font(size).size(note)[0] <= width else wrap(note, size, width)), size

    @staticmethod
    def prompt_pitches() -> tuple[int, int, int, int, int]:
        """Px in a prompt: from its heading to the first item (34 at 100 %), between items (32), between laying
        modes (52), from a mode to its explanation (26), between lines of keys (28); at a larger text size at least
        a line of their fonts."""
        sub = pitch(20, 26, bold=True)
        return (pitch(20, 34, bold=True), pitch(20, 32, bold=True), max(52, sub + pitch(16, 26)), sub,
                pitch(19, 28))

    def current_modes(self, seat: int, views) -> list[tuple[str, PlayComplaint]]:
        """The laying modes offered for ``seat``'s chosen Complaint on its chosen pile."""
        hand = list(views.of(seat).hand)
        card = hand[self.sel_card.get(seat, 0) % len(hand)]
        return self.modes_for(self.seating.legal(seat), card, self.current_target(views))

    def draw_prompts(self, surf, views) -> None:
        st = views.public
        inp = self.app.input
        for seat in self.prompting(views):
            dev = self.match.seats[seat].device
            x, y = self.PROMPT_X, self.PROMPT_Y
            box = self.prompt_box(seat, views)
            panel(surf, box, 255, (10, 20, 16), GOLD)  # opaque: nothing of the table shows through
            w = box.w - 40
            hp, ip, mp, sp, lp = self.prompt_pitches()
            if st.phase == "word":
                items = [_("I lay first"), _("{player} lays first").format(player=self.seat_name(1 - seat))]
                c = self.word_cursor.get(seat, 0)
                head = _("You hold The Word:")
                draw_text(surf, head, (x, y), size_to_fit(head, w, 20, bold=True), GOLD, bold=True)
                size = size_to_fit(["▶ " + it for it in items], w, 20, bold=True)
                for k, it in enumerate(items):
                    draw_text(surf, ("▶ " if k == c else "   ") + it, (x, y + hp + ip * k), size,
                              GOLD if k == c else WHITE, bold=k == c)
            elif st.phase == "keep":
                items = [_("Keep it face down"), _("Turn it face up")]
                c = self.keep_cursor.get(seat, 0)
                head = _("Your Marked Complaint:")
                draw_text(surf, head, (x, y), size_to_fit(head, w, 20, bold=True), GOLD, bold=True)
                size = size_to_fit(["▶ " + it for it in items], w, 20, bold=True)
                for k, it in enumerate(items):
                    draw_text(surf, ("▶ " if k == c else "   ") + it, (x, y + hp + ip * k), size,
                              GOLD if k == c else WHITE, bold=k == c)
                ny = y + hp + 2 * ip + 6  # y + 104 at 100 %
                rows, size = self.keep_note()
                for row in rows:
                    draw_text(surf, row, (x, ny), size, DIM)
                    ny += pitch(size, 26)
                keys = _("{updown} choose, {a} confirm").format(
                    updown=f"{inp.hint(dev, 'UP')}/{inp.hint(dev, 'DOWN')}", a=inp.hint(dev, "A"))
                draw_text(surf, keys, (x, ny), size_to_fit(keys, w, 18), WHITE)
            elif seat in self.mode_menu:
                hand = list(views.of(seat).hand)
                card = hand[self.sel_card.get(seat, 0) % len(hand)]
                modes = self.current_modes(seat, views)
                m = self.mode_menu[seat] % len(modes)
                head = _("How do you lay {card}?").format(card=card_label(card))
                draw_text(surf, head, (x, y), size_to_fit(head, w, 20, bold=True), GOLD, bold=True)
                for k, (_name, a) in enumerate(modes):
                    head, sub = (_("Marked"), _("sideways, never covered")) if a.marked else (_("Face down"), "")
                    draw_text(surf, ("▶ " if k == m else "   ") + head, (x, y + hp + mp * k), 20,
                              GOLD if k == m else WHITE, bold=k == m)
                    if sub:
                        draw_text(surf, sub, (x + 30, y + hp + sp + mp * k), size_to_fit(sub, w - 30, 16), DIM)
            else:
                for k, ln in enumerate(self.control_lines(seat)):
                    draw_text(surf, ln, (x, y + lp * k), 19, WHITE)

    # --- the tutorial's coach: beside what its step names, never over it ------------------------------------------
    @staticmethod
    def name_y(y: int) -> int:
        """The top of a player's name (px) above their Injuries line at ``y`` + 2: 32 px above it at 100 %, a line
        of the name's font at a larger text size."""
        return y + 2 - pitch(24, 32, bold=True)

    def label_rect(self, seat: int) -> pygame.Rect:
        """A player's labels at the left of their row (name, Injuries, duels won, The Word, "lays first")."""
        y = PILE_Y[self.side(seat)]
        top = self.name_y(y) - 4
        return pygame.Rect(52, top, 240, y + 108 - top)

    def hand_area(self, seat: int) -> pygame.Rect:
        """Where a player's Complaints lie in hand (px), raised card included."""
        count = max(1, self.seating.views().public.complaint_counts[seat])
        rects = self.hand_rects(seat, count)
        r = rects[0].unionall(rects[1:])
        return r if self.side(seat) == "bottom" else r.inflate(-0.2 * CARD_W, -0.2 * CARD_H).move(0, 12)

    def piles_area(self, seat: int) -> pygame.Rect:
        """A player's row of three Injury piles (px), covered cards peeking out to the upper left included."""
        y = PILE_Y[self.side(seat)]
        return pygame.Rect(PILE_X[0] - CARD_W // 2 - 60, y - CARD_H // 2 - 40, PILE_X[2] - PILE_X[0] + CARD_W + 70,
                           CARD_H + 48)

    def coach_about(self) -> list[pygame.Rect]:
        """What the coach's words are about: The Word's menu or the keep question while the learner answers it; the
        learner's prompt, hand and both rows of piles while they lay; the opponent's hand while they lay; the
        totals at the end."""
        humans = self.seating.humans()
        if not humans:
            return []
        me, views = humans[0], self.seating.views()
        v = views.public
        mine = self.prompting(views)
        if v.phase == "over":
            return [self.label_rect(0), self.label_rect(1)]
        if me in mine:
            out = [self.prompt_box(me, views)]
            if v.phase not in ("word", "keep"):
                out += [self.hand_area(me), self.piles_area(0), self.piles_area(1)]
            return out
        if v.phase == "word":
            return [self.label_rect(v.word)]
        return [self.hand_area(1 - me)]

    def coach_panels(self) -> list[pygame.Rect]:
        """The learner's labels and those of the player to act."""
        v = self.seating.views().public
        return [self.label_rect(s) for s in sorted({*self.seating.humans()[:1], *v.to_act})]

    def open_prompts(self) -> list[pygame.Rect]:
        views = self.seating.views()
        out = [self.prompt_box(s, views) for s in self.prompting(views)]
        if self.peek_button_shown():
            out.append(self.PEEK_BUTTON)
        if views.public.phase == "over":
            out.append(pygame.Rect(W // 2 - 310, H // 2 - 32, 620, 54))
        return out

    def status_rects(self) -> list[pygame.Rect]:
        text = self.phase_text(self.seating.views().public)
        return [self.hud.status_line_rect(text)] if text else []

    def layout_rects(self) -> list[pygame.Rect]:
        v = self.seating.views().public
        top = self.hud.status_line_rect(self.phase_text(v))
        plate = pygame.Rect(0, 0, 260, 40)
        plate.center = (W // 2, H // 2 - 5)
        return [self.hud.name_rect()] + [top, plate] + [
            r for s in (0, 1) for r in (self.label_rect(s), self.hand_area(s), self.piles_area(s))]

    # --- tooltips: Complaints, piles, Injuries and The Word explained where they are ---------------------------------
    def complaint_tip(self, rect, card: int | None) -> Tip:
        title, body = term("complaint")
        if card is not None:
            title = _("{term} · {card} (counts {value})").format(term=title, card=card_label(card),
                                                                value=card_value(card))
        return Tip(tuple(rect), title, body)

    def tips(self) -> list[Tip]:
        """The Injuries and The Word labels, every pile's top card (a Marked one as such), and the hands'
        Complaints (face up ones by their card)."""
        views = self.seating.views()
        v = views.main
        out = []
        for owner in (0, 1):
            y = PILE_Y[self.side(owner)]
            tot = v.totals[owner] if v.totals is not None else v.visible_totals[owner]
            line = self.injuries_text(tot, v.totals is not None and tot >= DEAD_AT)
            out.append(Tip((52, y, font(size_to_fit(line, self.LABEL_W, 24)).size(line)[0] + 16, 32),
                           *term("injuries")))
            if v.phase != "over" and v.word == owner:
                out.append(Tip((60, y + 38, 150, 40), *term("the word")))
            for p, pile in enumerate(v.piles[owner]):
                if pile:
                    r = pygame.Rect(0, 0, CARD_W, CARD_H) if not pile[-1].marked else pygame.Rect(0, 0, CARD_H,
                                                                                                     CARD_W)
                    r.center = (PILE_X[p], y)
                    out.append(Tip(tuple(r), *term("marked" if pile[-1].marked else "injury pile")))
            count = v.complaint_counts[owner]
            if count:
                cards = list(views.of(owner).hand) if views.up(owner) and views.of(owner) is not None else []
                for i, r in enumerate(self.hand_rects(owner, count)):
                    if self.side(owner) == "top":
                        r = r.inflate(-0.2 * CARD_W, -0.2 * CARD_H - 24).move(0, 12)
                    out.append(self.complaint_tip(r, cards[i] if i < len(cards) else None))
        for seat in self.prompting(views):
            if seat in self.mode_menu:
                rects = self.mode_rects(len(self.current_modes(seat, views)))
                modes = self.current_modes(seat, views)
                for r, (name, a) in zip(rects, modes):
                    if a.marked:
                        out.append(Tip(tuple(r), *term("marked")))
        return out

    def key_tip(self, seat: int) -> Tip | None:
        """The Complaint ``seat``'s keys are on (the Marked line when its menu is on it; The Word's menu while it
        chooses who lays first)."""
        views = self.seating.views()
        if seat not in self.prompting(views):
            return None
        mine = views.of(seat)
        if mine.phase == "word":
            return Tip(tuple(self.prompt_box(seat, views)), *term("the word"))
        if mine.phase == "keep":
            return Tip(tuple(self.prompt_box(seat, views)), *term("marked"))
        hand = list(mine.hand)
        if not hand:
            return None
        i = self.sel_card.get(seat, 0) % len(hand)
        if seat in self.mode_menu:
            modes = self.current_modes(seat, views)
            m = self.mode_menu[seat] % len(modes)
            if modes[m][1].marked:
                return Tip(tuple(self.mode_rects(len(modes))[m]), *term("marked"))
        r = self.hand_rects(seat, len(hand))[i]
        return self.complaint_tip(r, hand[i])

    def result_lines(self) -> list[str]:
        v = self.seating.views().public
        if v.result == -1:
            title = _("A draw!")
        elif v.result is None:  # ended before a winner (a LAN host ended the match for everyone)
            title = _("The match was ended")
        else:
            title = _("{player} wins!").format(player=self.seat_name(v.result))
        lines = [title]
        if v.totals is not None:
            lines.append(self.deciding_rule(v.totals))
            for s in (0, 1):
                t = v.totals[s]
                line = (_("{player} ({who}): {total} — dead") if t >= DEAD_AT
                        else _("{player} ({who}): {total} — alive"))
                lines.append(line.format(player=self.seat_name(s), who=self.match.seats[s].label, total=t))
        if v.best_of > 1:
            lines.append(_("Duels won: {a} – {b}").format(a=v.wins[0], b=v.wins[1]))
        return lines

    def deciding_rule(self, totals) -> str:
        """The end-of-duel rule that decided ``totals`` (two Injury totals, seat order), as the results say it: one
        dead (22 or more) loses; both alive, the total closest to 21 wins; both dead, the lower; equal, a draw."""
        a, b = totals
        if a == b:
            return _("Equal totals: a draw.")
        dead = [s for s in (0, 1) if totals[s] >= DEAD_AT]
        if len(dead) == 1:
            return _("22 or more is dead: {player} loses, the one alive wins.").format(player=self.seat_name(dead[0]))
        if dead:
            return _("Both dead (22 or more): the lower total wins.")
        return _("Both alive: the total closest to 21 wins.")

    LABEL_W = 230  # a player's labels at the left of their row: Injuries, duels won, "lays first" (px)

    @staticmethod
    def injuries_text(total: int, dead: bool) -> str:
        """A player's Injuries label: "Injuries: 18", "Injuries: 23  DEAD"."""
        return (_("Injuries: {total}  DEAD") if dead else _("Injuries: {total}")).format(total=total)


WORD_REASONS = {"total": N_("higher Injury total"), "top card": N_("highest top card"), "heart": N_("top heart"),
                "last round": N_("did not hold it last round"), "random": N_("drawn at random")}
"""Why a player holds The Word (``view.word_reason``), as the status line says it (English ids)."""


def card_art(ref: str) -> pygame.Surface:
    """A card for the rules page: ``ref`` is rank then suit letter ("QH", "10S", "AS")."""
    return playing_card(ref[:-1], ref[-1])
