"""Drawing Grass's table: the seats' areas, the centre, the trade panel, prompts and popups, the end-of-hand
scoring walk-through (a part of ``arcade.games.grass.table.scene.Table``)."""

from __future__ import annotations

import pygame

from arcade.core.i18n import _, format_money, format_percent, ngettext, pgettext
from arcade.core.results import join_names
from arcade.games.grass.cards import NO_CARD
from arcade.games.grass.scoring import BANKER_PERCENT, HAND_BONUS
from arcade.games.grass.terms import card_name
from arcade.client.render.cards import card_back
from arcade.client.render import palette as pal
from arcade.client.table.choices import Choices
from arcade.client.render.fonts import draw_text, font, fit, pitch, size_for_height, size_to_fit, wrap
from arcade.client.render.widgets import DIM, GOLD, W, WHITE, draw_log, panel
from arcade.games.grass.table.art import (HAND_Y, INFO_BOX, OP_LABELS, OWN_PILE, SIZES, STEP_TICKS, SeatUI, Slot,
                                          TRADE_BOX, WALK_TICKS, card_face, heat_glow, trade_button)

__all__ = ["TablePanels"]


class TablePanels:
    """The table's panels (an object the table owns, ``Table.panels``: it reads the table's layout, match and view)."""

    def __init__(self, table) -> None:
        self.t = table  # the game's table, whose layout and components this part reads

    def draw_seat_area(self, surf, view, seat: int, sl: Slot, acting: bool) -> None:
        sv = view.seats[seat]
        cw, ch = SIZES[sl.size]
        name = self.t.seat_name(seat)
        who = self.t.match.seats[seat]
        mine = view.seat == seat and seat in self.t.seating.humans() and not self.t.demo
        tag = _("bot") if who.kind == "bot" else (_("you") if mine else who.label)
        turn = acting and view.phase in ("play", "draft", "answer", "paranoia")
        if sl.big:
            # the bottom player's own area: pile and Stash slot outlines, name and who plays it, total at the left
            self.draw_pile_slot(surf, *OWN_PILE, cw, ch, sv)
            r = pygame.Rect(INFO_BOX)
            if turn:
                pygame.draw.rect(surf, GOLD, r, width=2, border_radius=14)
            y = r.y + 10
            both = _("{player} ({who})").format(player=name, who=tag)
            # rows laid out from the fonts' line heights (the pitches of 100 % at least): at a larger text size
            # they grow apart instead of running into each other
            if font(18, True).size(both)[0] <= r.w - 20:
                draw_text(surf, both, (r.x + 12, y), 18, GOLD, bold=True)
                y += pitch(18, 26, bold=True)
            else:  # who plays the seat on a row of its own: never cut (a long name alone may be)
                draw_text(surf, fit(name, 18, r.w - 20, True), (r.x + 12, y), 18, GOLD, bold=True)
                tag = _("({who})").format(who=tag)
                tsize = size_to_fit(tag, r.w - 20, 16)
                y += pitch(18, 22, bold=True)
                draw_text(surf, tag, (r.x + 12, y), tsize, DIM)
                y += pitch(tsize, 22)
            total = format_money(view.totals[seat])
            size = size_to_fit(total, r.w - 20, 26, bold=True)
            draw_text(surf, total, (r.x + 12, y), size, WHITE, bold=True)
            y += pitch(size, 32, bold=True)
            label = _("running total")
            size = size_to_fit(label, r.w - 20, 16)
            draw_text(surf, label, (r.x + 12, y), size, DIM)
            y += pitch(size, 24)
            stash = _("Stash {amount}").format(amount=format_money(sv.stash.total))
            size = size_to_fit(stash, r.w - 20, 17)
            draw_text(surf, stash, (r.x + 12, y), size, WHITE)
            y += pitch(size, 26)
            for ln in self.seat_status(view, seat):
                for row in wrap(ln, 16, r.w - 20):
                    if y <= r.bottom - 20:
                        draw_text(surf, row, (r.x + 12, y), 16, GOLD if ln.startswith("▶") else WHITE)
                    y += pitch(16, 21)
            return
        r = sl.rect
        if turn:
            pygame.draw.rect(surf, GOLD, r, width=2, border_radius=14)
        total = format_money(view.totals[seat])
        hsize = size_for_height(18, 23, bold=True)  # the header's band above the status line (21 px at 100 %)
        room = r.w - 30 - font(hsize, True).size(total)[0]
        head = ("▶ " if turn else "") + _("{player} · {who}").format(player=name, who=tag)
        size = size_to_fit(head, room, hsize, bold=True)
        if font(size, True).size(head)[0] > room:  # a long name: it alone is cut, never who plays it
            tail = _("{player} · {who}").format(player="", who=tag)
            head = ("▶ " if turn else "") + fit(name, size, room - font(size, True).size(("▶ " if turn else "")
                                                                                         + tail)[0], True) + tail
        draw_text(surf, head, (r.x + 10, r.y + 6), size, GOLD, bold=True)
        draw_text(surf, total, (r.right - 10, r.y + 6), hsize, WHITE, bold=True, anchor="topright")
        status = [s for s in self.seat_status(view, seat) if not s.startswith("▶")]
        line = _("{n} in hand · Stash {amount}").format(n=sv.hand_count, amount=format_money(sv.stash.total))
        for extra in status[:1]:
            longer = _("{line} · {status}").format(line=line, status=extra)
            if font(16).size(longer)[0] <= r.w - 20:
                line = longer
        # above the Hassle pile (at r.y + 50): a band of 22 px
        draw_text(surf, line, (r.x + 10, r.y + 27), size_to_fit(line, r.w - 20, size_for_height(16, 22)), DIM)
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
            # TRANSLATORS: "market" / "closed", on two rows on an empty Hassle pile (a card's width: short words)
            rows = [pgettext("empty hassle pile", "market"), pgettext("empty hassle pile", "closed")]
            size = size_to_fit(rows, rr.w - 4, 16)  # inside the pile's outline (at a larger text size: smaller)
            step = pitch(size, 20)
            for i, row in enumerate(rows):
                draw_text(surf, row, (rr.centerx, rr.centery + step * i - step * (len(rows) - 1) // 2), size, DIM,
                          anchor="center")
        if sv.heat != NO_CARD:
            level = abs((self.t.ticks // 5) % 10 - 5)
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
            label = _("HEAT: {card}").format(card=card_name(sv.heat))
            fs = 16
            wdt = font(fs, True).size(label)[0] + 12
            r = pygame.Rect(0, 0, wdt, fs + 8)
            r.midtop = (int(px), int(py + ch / 2 + 6))
            r.left = max(r.left, (sl.rect.x + 2) if not sl.big else 0)
            panel(surf, r, 255, (150, 20, 20), (255, 120, 100), 6)
            draw_text(surf, label, r.center, fs, WHITE, bold=True, anchor="center")

    def seat_status(self, view, seat: int) -> list[str]:
        sv = view.seats[seat]
        out = []
        if view.phase in ("play", "draft", "answer") and view.current == seat:
            out.append("▶ " + (ngettext("playing (+{n} extra turn)", "playing (+{n} extra turns)", view.extra_turns)
                               .format(n=view.extra_turns) if view.extra_turns else _("playing")))
        if view.phase == "paranoia":
            out.append(_("passed ✓") if sv.passed else _("choosing a card…"))
        if sv.lost_turns and view.phase not in ("scoring", "over"):
            out.append(ngettext("sits out {n} turn", "sits out {n} turns", sv.lost_turns).format(n=sv.lost_turns))
        if view.phase in ("scoring",) and (view.dealer + 1) % view.players == seat:
            out.append(_("deals next"))
        seating = self.t.seating
        if (len(seating.humans()) > 1 and seat == seating.shown_seat and view.phase not in ("scoring", "over")
                and seat not in seating.acting_humans() and not self.t.demo):
            out.append(_("hold {key} to see your hand").format(key=self.t.key(self.t.match.seats[seat].device, "B")))
        return out

    def draw_centre(self, surf, view) -> None:
        w, h = SIZES["M"]
        x, y = self.t.deck_pos
        r = pygame.Rect(0, 0, w, h)
        if view.deck_count:
            for i in range(min(3, (view.deck_count + 19) // 20)):
                r.center = (x - 2 * i, y - 2 * i)
                surf.blit(card_back(w, h), r)
        else:
            r.center = (x, y)
            pygame.draw.rect(surf, (40, 120, 80), r, width=2, border_radius=8)
        r.center = self.t.wasted_pos
        if not view.wasted:
            pygame.draw.rect(surf, (40, 120, 80), r, width=2, border_radius=8)
        if view.trade is None:
            # from the piles' top; the Wasted count under it
            draw_log(surf, self.t.log, (W // 2 - 50, y - SIZES["M"][1] // 2), 336, 4, 20, shadow=True)

    def centre_badges(self, view) -> list[tuple[pygame.Rect, str]]:
        """The counts of the Grass stack and the Wasted pile as (badge px, text): one over the stack's backs, one at
        the right of the Wasted pile's foot (its top card stays in full view, the seats' panels above are clear)."""
        cw, ch = SIZES["M"]
        out = []
        for k, ((x, y), text) in enumerate(((self.t.deck_pos, _("Grass stack {n}").format(n=view.deck_count)),
                                             (self.t.wasted_pos, _("Wasted {n}").format(n=len(view.wasted))))):
            r = pygame.Rect(0, 0, font(16, True).size(text)[0] + 10, 21)
            if k == 1:
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
        hand = (_("Hand {n} of {hands}").format(n=view.hand_no, hands=view.max_hands) if view.max_hands
                else _("Hand {n}").format(n=view.hand_no))
        head = _("{hand} · first to {goal}").format(hand=hand, goal=format_money(view.goal))
        if view.learning and view.hand_no <= 3:
            head = _("{status} · learning hand").format(status=head)
        n = self.t.seat_name
        if view.phase == "play":
            now = _("{player}'s turn").format(player=n(view.current))
        elif view.phase == "draft":
            now = _("{player} builds a trade for {other}").format(player=n(view.current), other=n(view.trade.target))
        elif view.phase == "answer":
            now = _("{player} answers {other}'s trade").format(player=n(view.trade.target), other=n(view.current))
        elif view.phase == "paranoia":
            now = _("Paranoia! Everyone passes a card to the left")
        elif view.phase == "scoring":
            return _("Hand {n} is over · scoring").format(n=view.hand_no)
        else:
            return _("The match is over")
        return _("{status} · {now}").format(status=head, now=now)

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
        if self.t.demo or self.t.seating.curtain_for is not None:
            return None
        for seat in self.t.seating.acting_humans():
            if len(self.t.seating.humans()) > 1 and seat != self.t.seating.shown_seat:
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
            r = panel(surf, (W // 2 - 65, self.t.deck_pos[1] - 94, 352, 140), 255, (30, 25, 10), GOLD, 10)
            head = (_("{player} ⇄ {other}  (proposed)") if t.sent else _("{player} ⇄ {other}  (building)")).format(
                player=self.t.seat_name(t.proposer), other=self.t.seat_name(t.target))
            draw_text(surf, head, (r.x + 10, r.y + 5), size_to_fit(head, r.w - 20, 16, bold=True), GOLD, bold=True)
            for x, label, cards in ((r.x + 10, _("gives"), offer + offer_p), (r.x + 180, _("asks for"), ask + ask_p)):
                draw_text(surf, label, (x, r.y + 25), size_to_fit(label, 160, 16), DIM)
                self.draw_cards_row(surf, cards, x, r.y + 44, "S", _("nothing yet"))
            return
        # the full dialog of the human in the trade
        r = panel(surf, TRADE_BOX, 255, (16, 22, 18), GOLD, 14)  # opaque, above your own area
        proposer = me == t.proposer
        other = t.target if proposer else t.proposer
        title = (_("Trade with {player}") if proposer else _("{player} proposes a trade")).format(
            player=self.t.seat_name(other))
        draw_text(surf, title, (r.x + 20, r.y + 14), size_to_fit(title, r.w - 40, 26, bold=True), GOLD, bold=True)
        if proposer:
            sub = _("proposal {n} of {total} this turn · one for one each way · offers are named openly").format(
                n=len(view.proposed), total=len(view.proposed) + view.proposals_left)
        else:
            sub = _("Accept to swap these cards, or refuse.")
        draw_text(surf, sub, (r.x + 22, r.y + 46), size_to_fit(sub, r.w - 44, 16), DIM)
        gx = r.x + 22
        you_give = (offer, offer_p) if proposer else (ask, ask_p)
        you_get = (ask, ask_p) if proposer else (offer, offer_p)
        for col, (label, (hand_cards, peddle)) in enumerate(((_("You give"), you_give), (_("You get"), you_get))):
            cx, y = gx + col * 250, r.y + 76
            draw_text(surf, label, (cx, y), size_to_fit(label, 240, 20, bold=True), WHITE, bold=True)
            draw_text(surf, _("hand"), (cx, y + 27), 16, DIM)
            end = self.draw_cards_row(surf, hand_cards, cx, y + 50, "S", "—")
            sx = max(end, cx + font(16).size(_("hand"))[0] + 12, cx + 66) + 6
            draw_text(surf, _("Stash"), (sx, y + 27), 16, DIM)
            self.draw_cards_row(surf, peddle, sx, y + 50, "S", "—")
        if view.phase == "answer" and not proposer:
            why = self.t.picks.why_no_accept(me)
            penalty = self.t.picks.penalty_in_trade(me)
            if not why and penalty:
                why = ngettext("Careful: {cards} costs its penalty if you still hold it when the hand ends.",
                               "Careful: {cards} cost their penalties if you still hold them when the hand ends.",
                               len(penalty)).format(cards=join_names([card_name(k) for k in penalty]))
            for k, row in enumerate(wrap(why, 16, 470)[:2] if why else []):
                draw_text(surf, row, (gx, r.y + 222 + 20 * k), 16, (255, 170, 150))
        # the menu side
        mx, my = r.x + 520, r.y + 76
        seat_dev = self.t.match.seats[me].device
        ui = self.t.choices.ui.get(me) or SeatUI()
        if view.phase == "draft" and proposer:
            if ui.dsub is not None:
                items = self.t.picks.draft_list(me, ui.dsub)
                Choices.draw_list(surf, _("{list}:").format(list=_(OP_LABELS[ui.dsub])), [s for s, _a in items],
                               ui.scur, mx, my, 400, 6)
                hint = _("{a} add · {b} back").format(a=self.t.key(seat_dev, "A"), b=self.t.key(seat_dev, "B"))
            else:
                items = self.t.picks.draft_items(me)
                Choices.draw_list(surf, _("Build your proposal:"), [s for s, _a in items], ui.dcur, mx, my, 400, 6)
                hint = _("{a} choose · {b} withdraw").format(a=self.t.key(seat_dev, "A"), b=self.t.key(seat_dev, "B"))
        elif view.phase == "answer" and not proposer:
            items = self.t.picks.answer_items(me)
            cur = ui.cur if ui.answering is view.trade else self.t.picks.default_answer(me)
            Choices.draw_list(surf, _("Your answer:"), [s for s, _a in items], cur, mx, my, 400, 6)
            key = self.t.key
            hint = _("{a} choose · {b} refuse at once").format(a=key(seat_dev, "A"), b=key(seat_dev, "B"))
        else:
            hint = _("waiting for {player}…").format(player=self.t.seat_name(other))
        draw_text(surf, hint, (r.x + 22, r.bottom - 30), size_to_fit(hint, r.w - 44, 16), WHITE)

    def prompt_seats(self, view) -> list[int]:
        """The acting human seats whose hand prompt (banner, menu) this screen shows now."""
        bottom = self.t.bottom_seat()
        if self.t.demo or self.t.seating.curtain_for is not None or view.phase not in ("play", "paranoia"):
            return []
        seating = self.t.seating
        return [s for s in seating.acting_humans() if not (len(seating.humans()) > 1 and s != seating.shown_seat)
                and s == bottom and self.t.hand_slots(s)]

    def banner_text(self, seat: int, view) -> str:
        """The prompt line above ``seat``'s hand: what to do and with which keys (a menu's keys while it is open)."""
        dev = self.t.match.seats[seat].device
        ui = self.t.choices.ui.get(seat) or SeatUI()
        hslots = self.t.hand_slots(seat)
        lr = f"{self.t.key(dev, 'LEFT')}/{self.t.key(dev, 'RIGHT')}"
        if ui.open:
            return _("{updown} choose · {a} confirm · {b} back").format(
                updown=f"{self.t.key(dev, 'UP')}/{self.t.key(dev, 'DOWN')}", a=self.t.key(dev, "A"),
                b=self.t.key(dev, "B"))
        if view.phase == "paranoia":
            return _("Paranoia! Choose a card to pass to {player} on your left: {keys}, then {a} to pass it").format(
                player=self.t.seat_name((seat + 1) % view.players), keys=lr, a=self.t.key(dev, "A"))
        if dev == "mouse":
            return _("Your turn: click a card or Trade") if "trade" in hslots else _("Your turn: click a card")
        line = _("Your turn: choose a card ({keys}) and press {a} to play it").format(keys=lr, a=self.t.key(dev, "A"))
        if "trade" in hslots:
            line = _("{prompt} · or Trade").format(prompt=line)
        if self.t.seating.mouse_seat() == seat:
            line = _("{prompt} · or click one").format(prompt=line)
        return line

    def popup_now(self, seat: int, view) -> tuple[str, list[str], float] | None:
        """``seat``'s open card menu: (title, lines, x of its card), or None."""
        ui = self.t.choices.ui.get(seat) or SeatUI()
        hslots = self.t.hand_slots(seat)
        if not ui.open or not hslots:
            return None
        xs = self.t.hand_x(view.seats[seat].hand_count, view.seats[seat].hand_count + 1)
        slot = hslots[ui.sel % len(hslots)]
        i = ui.sel % len(hslots)
        ax = xs[i] if i < len(xs) else (xs[-1] + 124 if xs else W // 2)
        title = _("Trade with whom?") if slot == "trade" else _("{card}:").format(card=card_name(slot))
        return title, [s for s, _a in self.t.picks.slot_options(seat, slot)], ax

    def draw_prompts(self, surf, view) -> None:
        for seat in self.prompt_seats(view):
            ui = self.t.choices.ui.get(seat) or SeatUI()
            hslots = self.t.hand_slots(seat)
            if "trade" in hslots:
                xs = self.t.hand_x(view.seats[seat].hand_count, view.seats[seat].hand_count + 1)
                tx = (xs[-1] if xs else W // 2) + 124
                sel = ui.sel % len(hslots) == len(hslots) - 1
                img = trade_button(sel, view.proposals_left)
                surf.blit(img, img.get_rect(center=(tx, HAND_Y - (24 if sel else 0))))
            menu = self.popup_now(seat, view)
            if menu is not None:
                self.draw_popup(surf, menu[0], menu[1], ui.cur, menu[2], HAND_Y - 90)
            self.draw_banner(surf, self.banner_text(seat, view))
        if (view.phase == "paranoia" and view.seat is not None and view.my_pass != NO_CARD
                and not self.t.seating.acting_humans()):
            self.draw_banner(surf, self.passed_text(view))

    @staticmethod
    def passed_text(view) -> str:
        return _("You pass {card}; waiting for the others…").format(card=card_name(view.my_pass))

    BANNER_ROOM = pygame.Rect(INFO_BOX[0] + INFO_BOX[2] + 8, 0, W - 16 - INFO_BOX[0] - INFO_BOX[2], 720)
    """Where the prompt line may lie: right of your name box (px)."""

    @classmethod
    def banner_rows(cls, text: str) -> tuple[list[str], int]:
        """The prompt line's rows (one; two when it does not fit one at 16 px as drawn) and their font size."""
        room = cls.BANNER_ROOM.w - 40
        size = size_to_fit(text, room, 18, bold=True)
        if font(size, True).size(text)[0] <= room:
            return [text], size
        return wrap(text, size, room, bold=True), size

    @classmethod
    def banner_rect(cls, text: str) -> pygame.Rect:
        """The prompt line's plate above the hand (px): as wide as its text, right of your name box."""
        rows, size = cls.banner_rows(text)
        step = pitch(size, 18, bold=True)
        r = pygame.Rect(0, 0, max(font(size, True).size(row)[0] for row in rows) + 40, 14 + step * len(rows))
        r.center = (W // 2 - 30, 510 - step // 2 * (len(rows) - 1))
        r.clamp_ip(cls.BANNER_ROOM)
        return r

    def draw_banner(self, surf, text: str) -> None:
        r = self.banner_rect(text)
        panel(surf, r, 255, (60, 45, 10), GOLD, 10)  # opaque: nothing of the table shows through
        rows, size = self.banner_rows(text)
        step = pitch(size, 18, bold=True)
        for k, row in enumerate(rows):
            draw_text(surf, row, (r.centerx, r.y + 7 + step // 2 + step * k), size, WHITE, bold=True,
                      anchor="center")

    def draw_popup(self, surf, title: str, labels: list[str], cur: int, ax: float, bottom: int) -> None:
        r = self.t.popup_rect(title, labels, ax, bottom)
        panel(surf, r, 255, (16, 22, 18), GOLD, 10)  # opaque: nothing of the table shows through the lines
        Choices.draw_list(surf, title, labels, cur, r.x + 14, r.y + 8, r.width - 12, min(len(labels), 9))

    def breakdown_rows(self, view) -> list[tuple[str, str, list[str]]]:
        """(step, explanation, one figure per seat) of the scoring walk-through (rules/grass.md, "Scoring"): steps
        1-5, this hand's sum (``HAND_ROW``), then the running total (the last row)."""
        b = view.breakdown
        m = format_money
        holder = next((i for i, x in enumerate(b) if x.banker > 0), None)
        bank = (_("{player}'s cut: {percent} of unprotected Stashes").format(
            player=self.t.seat_name(holder), percent=format_percent(BANKER_PERCENT))
                if holder is not None else _("nobody took a Banker's cut"))
        rows = [
            (_("1. Stash total"), _("every peddle in the Stash, protected or not"), [m(x.stash) for x in b]),
            (_("2. Banker"), bank, [m(x.banker, True) for x in b]),
            (_("3. Largest peddle in hand"), _("the biggest peddle card still held is lost"),
             [m(x.peddle_in_hand) for x in b]),
            (_("4. Paranoia in hand"), _("penalties of Paranoia cards still held"), [m(x.paranoia) for x in b]),
            (_("5. Bonus"), _("{amount} to the best hand (shared by ties)").format(amount=m(HAND_BONUS)),
             [m(x.bonus, True) for x in b]),
            (_("This hand"), _("the sum of steps 1-5"), [m(x.hand, True) for x in b]),
            (_("6. Running total"), _("before + this hand (it may go below {amount})").format(amount=m(0)),
             [m(x.total) for x in b]),
        ]
        return rows

    HAND_ROW = 5
    """The row of ``breakdown_rows`` that sums the hand (the one after the bonus, a rule drawn above it)."""

    @staticmethod
    def breakdown_rect(players: int) -> pygame.Rect:
        """The scoring walk-through's panel for ``players`` seats (px): clear of your own name and total."""
        colw, lw = TablePanels.breakdown_columns(players)
        wdt = lw + colw * players + 40
        return pygame.Rect(max(INFO_BOX[0] + INFO_BOX[2] + 8, W // 2 - wdt // 2), 50, wdt, 486)

    @staticmethod
    def breakdown_columns(players: int) -> tuple[int, int]:
        """The scoring walk-through's columns (px): each seat's figures, and the steps with their explanations (as
        wide as the picture leaves, right of your own name box, up to 430)."""
        colw = 124 if players <= 4 else 108
        return colw, min(430, W - 8 - (INFO_BOX[0] + INFO_BOX[2] + 8) - colw * players - 40)

    def draw_breakdown(self, surf, view) -> None:
        b = view.breakdown
        n = len(b)
        colw, lw = self.breakdown_columns(n)
        fs = 18 if n <= 4 else 16  # the figures: "−$125,000" fits its column
        r = panel(surf, self.breakdown_rect(n), 255, (14, 20, 16), GOLD, 14)
        wdt = r.w
        over = view.phase == "over"
        head = _("Hand {n} — scoring").format(n=view.hand_no) if not over else _("The match is over — final hand")
        draw_text(surf, head, (r.x + 20, r.y + 12), size_to_fit(head, wdt - 40, 26, bold=True), GOLD, bold=True)
        x0 = r.x + 20 + lw
        names = [self.t.seat_name(s) for s in range(n)]
        ns = size_to_fit(names, colw - 14, min(17, fs), bold=True)
        for s in range(n):
            draw_text(surf, fit(names[s], ns, colw - 14, True), (x0 + colw * s + colw - 10, r.y + 54), ns, GOLD,
                      bold=True, anchor="topright")
        rows = self.breakdown_rows(view)
        before = self.t.totals_before if self.t.totals_before and len(self.t.totals_before) == n else None
        shown = min(len(rows), 1 + self.t.score_ticks // STEP_TICKS) if self.t.score_ticks < WALK_TICKS else len(rows)
        zero = {format_money(0), format_money(0, True)}
        fig_size = size_to_fit([f for _s, _w, figs in rows for f in figs], colw - 14, fs, bold=True)
        y = r.y + 84
        for i, (step, why, figs) in enumerate(rows[:shown]):
            current = i == shown - 1 and self.t.score_ticks < WALK_TICKS
            if current:
                panel(surf, (r.x + 10, y - 4, wdt - 20, 46), 200, (70, 55, 15), None, 8)
            big = i >= self.HAND_ROW
            draw_text(surf, step, (r.x + 20, y), size_to_fit(step, lw - 4, 18, bold=True),
                      GOLD if big or current else WHITE, bold=True)
            draw_text(surf, why, (r.x + 20, y + 22), size_to_fit(why, lw - 4, 16), DIM)
            for s, f in enumerate(figs):
                col = pal.BAD if f.startswith("−") else (pal.GOOD if f.startswith("+") else WHITE)  # AA on dark
                if f in zero:
                    col = DIM
                draw_text(surf, f, (x0 + colw * s + colw - 10, y + 6), fig_size, col, bold=big, anchor="topright")
                if i == len(rows) - 1 and before is not None:
                    was = _("was {amount}").format(amount=format_money(before[s]))
                    draw_text(surf, was, (x0 + colw * s + colw - 10, y + 27), size_to_fit(was, colw - 14, 16), DIM,
                              anchor="topright")
            y += 48
            if i == self.HAND_ROW - 1:
                pygame.draw.line(surf, GOLD, (r.x + 20, y - 6), (r.right - 20, y - 6), 1)
        if shown >= len(rows):
            if over:
                best = max(view.totals)
                win = [self.t.seat_name(i) for i, t in enumerate(view.totals) if t == best]
                msg = ngettext("{players} wins! ({amount})", "{players} win! ({amount})", len(win)).format(
                    players=join_names(win), amount=format_money(best))
            else:
                lead = max(range(n), key=lambda i: view.totals[i])
                msg = _("{player} leads with {amount} · first to {goal}").format(
                    player=self.t.seat_name(lead), amount=format_money(view.totals[lead]), goal=format_money(view.goal))
            draw_text(surf, msg, (r.x + 20, r.bottom - 60), size_to_fit(msg, wdt - 40, 20, bold=True), GOLD,
                      bold=True)  # the key's hint on its own row
            devs = [self.t.match.seats[s].device for s in self.t.seating.humans()]
            if devs and not self.t.demo:
                hint = self.t.key(devs[0], "A")
                line = (_("{key}: results") if over else _("{key}: the next hand")).format(key=hint)
                draw_text(surf, line, (r.right - 20, r.bottom - 32), 18, WHITE, anchor="topright")
        elif not self.t.demo and self.t.seating.humans():
            hint = self.t.key(self.t.match.seats[self.t.seating.humans()[0]].device, "A")
            draw_text(surf, _("{key}: show all").format(key=hint), (r.right - 20, r.bottom - 36), 16, DIM,
                      anchor="topright")
