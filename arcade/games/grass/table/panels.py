"""Drawing Grass's table: the seats' areas, the centre, the trade panel, prompts and popups, the end-of-hand
scoring walk-through (a part of ``arcade.games.grass.table.scene.Table``)."""

from __future__ import annotations

import pygame

from arcade.games.grass import CARDS
from arcade.games.grass.cards import NO_CARD
from arcade.client.render.cards import card_back
from arcade.client.render.fonts import draw_text, font, fit, wrap
from arcade.client.render.widgets import DIM, GOLD, GREEN, W, WHITE, draw_log, panel
from arcade.games.grass.table.art import (HAND_Y, INFO_BOX, OP_LABELS, OWN_PILE, SIZES, STEP_TICKS, SeatUI, Slot,
                                          TRADE_BOX, WALK_TICKS, card_face, heat_glow, money, trade_button)

__all__ = ["TablePanels"]


class TablePanels:
    """The table's panels (a mixin of ``Table``: it reads the table's layout, match and view)."""

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
            panel(surf, r, 255, (150, 20, 20), (255, 120, 100), 6)
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
            cur = ui.cur if ui.answering is view.trade else self.default_answer(me)
            self.draw_list(surf, "Your answer:", [s for s, _ in items], cur, mx, my, 400, 6)
            hint = f"{self.key(seat_dev, 'A')} choose · {self.key(seat_dev, 'B')} refuse at once"
        else:
            hint = f"waiting for {self.seat_name(other)}…"
        draw_text(surf, hint, (r.x + 22, r.bottom - 30), 16, WHITE)

    def prompt_seats(self, view) -> list[int]:
        """The acting human seats whose hand prompt (banner, menu) this screen shows now."""
        bottom = self.bottom_seat()
        if self.demo or self.curtain_for is not None or view.phase not in ("play", "paranoia"):
            return []
        return [s for s in self.acting_humans() if not (len(self.humans()) > 1 and s != self.shown_seat)
                and s == bottom and self.hand_slots(s)]

    def banner_text(self, seat: int, view) -> str:
        """The prompt line above ``seat``'s hand: what to do and with which keys (a menu's keys while it is open)."""
        dev = self.match.seats[seat].device
        ui = self.ui.get(seat) or SeatUI()
        hslots = self.hand_slots(seat)
        lr = f"{self.key(dev, 'LEFT')}/{self.key(dev, 'RIGHT')}"
        if ui.open:
            return (f"{self.key(dev, 'UP')}/{self.key(dev, 'DOWN')} choose · {self.key(dev, 'A')} confirm · "
                    f"{self.key(dev, 'B')} back")
        if view.phase == "paranoia":
            return (f"Paranoia! Choose a card to pass to {self.seat_name((seat + 1) % view.players)} on your "
                    f"left: {lr}, {self.key(dev, 'A')}")
        if dev == "mouse":
            return "Your turn: click a card" + (" or Trade" if "trade" in hslots else "")
        return (f"Your turn: choose a card ({lr}) and press {self.key(dev, 'A')}"
                + (" · or Trade" if "trade" in hslots else "")
                + (" · or click one" if self.mouse_seat() == seat else ""))

    def popup_now(self, seat: int, view) -> tuple[str, list[str], float] | None:
        """``seat``'s open card menu: (title, lines, x of its card), or None."""
        ui = self.ui.get(seat) or SeatUI()
        hslots = self.hand_slots(seat)
        if not ui.open or not hslots:
            return None
        xs = self.hand_x(view.seats[seat].hand_count, view.seats[seat].hand_count + 1)
        slot = hslots[ui.sel % len(hslots)]
        i = ui.sel % len(hslots)
        ax = xs[i] if i < len(xs) else (xs[-1] + 124 if xs else W // 2)
        title = "Trade with whom?" if slot == "trade" else f"{CARDS[slot].name}:"
        return title, [s for s, _a in self.slot_options(seat, slot)], ax

    def draw_prompts(self, surf, view) -> None:
        for seat in self.prompt_seats(view):
            ui = self.ui.get(seat) or SeatUI()
            hslots = self.hand_slots(seat)
            if "trade" in hslots:
                xs = self.hand_x(view.seats[seat].hand_count, view.seats[seat].hand_count + 1)
                tx = (xs[-1] if xs else W // 2) + 124
                sel = ui.sel % len(hslots) == len(hslots) - 1
                img = trade_button(sel, view.proposals_left)
                surf.blit(img, img.get_rect(center=(tx, HAND_Y - (24 if sel else 0))))
            menu = self.popup_now(seat, view)
            if menu is not None:
                self.draw_popup(surf, menu[0], menu[1], ui.cur, menu[2], HAND_Y - 90)
            self.draw_banner(surf, self.banner_text(seat, view))
        if view.phase == "paranoia" and view.seat is not None and view.my_pass != NO_CARD and not self.acting_humans():
            self.draw_banner(surf, self.passed_text(view))

    @staticmethod
    def passed_text(view) -> str:
        return f"You pass {CARDS[view.my_pass].name}; waiting for the others…"

    @staticmethod
    def banner_rect(text: str) -> pygame.Rect:
        """The prompt line's plate above the hand (px)."""
        r = pygame.Rect(0, 0, font(18, True).size(text)[0] + 40, 32)
        r.center = (W // 2 - 30, 510)
        return r

    def draw_banner(self, surf, text: str) -> None:
        r = self.banner_rect(text)
        panel(surf, r, 255, (60, 45, 10), GOLD, 10)  # opaque: nothing of the table shows through
        draw_text(surf, text, r.center, 18, WHITE, bold=True, anchor="center")

    def draw_popup(self, surf, title: str, labels: list[str], cur: int, ax: float, bottom: int) -> None:
        r = self.popup_rect(title, labels, ax, bottom)
        panel(surf, r, 255, (16, 22, 18), GOLD, 10)  # opaque: nothing of the table shows through the lines
        self.draw_list(surf, title, labels, cur, r.x + 14, r.y + 8, r.width - 12, min(len(labels), 9))

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

    @staticmethod
    def breakdown_rect(players: int) -> pygame.Rect:
        """The scoring walk-through's panel for ``players`` seats (px): clear of your own name and total."""
        colw = 124 if players <= 4 else 108
        wdt = 350 + colw * players + 40
        return pygame.Rect(max(INFO_BOX[0] + INFO_BOX[2] + 8, W // 2 - wdt // 2), 50, wdt, 486)

    def draw_breakdown(self, surf, view) -> None:
        b = view.breakdown
        n = len(b)
        colw = 124 if n <= 4 else 108
        fs = 18 if n <= 4 else 16  # the figures: "−$125,000" fits its column
        lw = 350
        r = panel(surf, self.breakdown_rect(n), 255, (14, 20, 16), GOLD, 14)
        wdt = r.w
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
            draw_text(surf, msg, (r.x + 20, r.bottom - 60), 20, GOLD, bold=True)  # the key's hint on its own row
            devs = [self.match.seats[s].device for s in self.humans()]
            if devs and not self.demo:
                hint = self.key(devs[0], "A")
                what = "results" if over else "the next hand"
                draw_text(surf, f"{hint}: {what}", (r.right - 20, r.bottom - 32), 18, WHITE, anchor="topright")
        elif not self.demo and self.humans():
            hint = self.key(self.match.seats[self.humans()[0]].device, "A")
            draw_text(surf, f"{hint}: show all", (r.right - 20, r.bottom - 36), 16, DIM, anchor="topright")
