"""Drawing Cops & Robbers' table: the seats' areas, jail, the centre, flying cards and coins, the hand's
buttons, prompts and popups, the round's scores (a part of ``arcade.games.cops_and_robbers.table.scene.Table``)."""

from __future__ import annotations

import pygame

import math
from arcade.games.cops_and_robbers import COP, DEFENCE, ROBBER, round_scores
from arcade.client.render.cards import card_back
from arcade.client.render.fonts import draw_text, font, fit
from arcade.client.render.widgets import DIM, GOLD, GREEN, W, WHITE, draw_log, panel
from arcade.client.scenes.table import SeatMenu
from arcade.games.cops_and_robbers.table.art import (CENTRE, COIN_FLIGHT, COIN_GAP, DISCARD_POS, DRAW_POS, HAND_Y,
                                                     OWN_BOX, ROLE_COLOURS, ROLE_NAMES, ROLE_TEXT, SIZES, big_coin,
                                                     button, coin_stack, own_coins, role_card)

__all__ = ["TablePanels"]


class TablePanels:
    """The table's panels (a mixin of ``Table``: it reads the table's layout, match and view)."""

    def status_text(self, st=None) -> str:
        """The line at the top: the round and whose turn it is (``st``: the public view)."""
        st = st or self.views().public
        head = f"Round {st.round_no} of {st.rounds}" + (" (5-round game)" if st.rounds > 1 else "")
        if st.over:
            return head + " · the game is over"
        if st.pending is not None:
            return head + f" · {self.seat_name(st.pending.target)} answers the attack"
        return head + f" · {self.seat_name(st.current)}'s turn"

    def draw_area(self, surf, seat: int, r: pygame.Rect, coins: tuple[int, ...], st) -> None:
        """A seat's area from the public view ``st``: its hand only as a count."""
        roles = st.roles
        role = roles[seat]
        col = ROLE_COLOURS[role]
        own = r == OWN_BOX
        turn = not st.over and ((st.pending is None and st.current == seat) or
                                (st.pending is not None and st.pending.target == seat))
        if turn:
            pygame.draw.rect(surf, GOLD, r.inflate(4, 4), width=3, border_radius=15)
        round_sc = round_scores(st.roles, st.coins)
        team = sum(st.coins[p] for p in range(st.players) if roles[p] == role)
        total = self.scores(st)[seat]
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
            n = st.hand_counts[seat]
            bw, bh = SIZES["X"]
            back = card_back(bw, bh)
            for i in range(min(n, 8)):
                surf.blit(back, (r.x + 150 + i * 11, r.y + 50))
            draw_text(surf, f"{n} card{'s' if n != 1 else ''} in hand", (r.x + 150, r.y + 98), 16, DIM)
            if not st.shields[seat]:
                draw_text(surf, "no shields", (r.x + 12, r.y + 162), 16, DIM, anchor="midleft")

    def draw_jail_labels(self, surf, st) -> None:
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
                panel(surf, r, 255, (110, 20, 15), (255, 120, 100), 6)
                draw_text(surf, label, r.center, 16, WHITE, bold=True, anchor="center")

    def draw_centre(self, surf, st) -> None:
        w, h = SIZES["S"]
        if st.draw_count:
            for i in range(min(3, (st.draw_count + 9) // 10)):
                rr = pygame.Rect(0, 0, w, h)
                rr.center = (DRAW_POS[0] - 2 * i, DRAW_POS[1] - 2 * i)
                surf.blit(card_back(w, h), rr)
        draw_text(surf, f"draw {st.draw_count}", (DRAW_POS[0] - 6, DRAW_POS[1] + h // 2 + 2), 16, WHITE,
                  anchor="midtop")
        draw_text(surf, f"discard {len(st.discard)}", (DISCARD_POS[0] + 6, DISCARD_POS[1] + h // 2 + 2), 16, WHITE,
                  anchor="midtop")
        x = CENTRE.x + 160
        roles = st.roles
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
        draw_log(surf, self.log, (x, CENTRE.y + 54), CENTRE.right - x - 10, 3, 19)  # always: why coins moved

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

    def draw_hand_buttons(self, surf, views) -> None:
        """The "Draw" and "End turn" buttons after the hand, on the viewer's turn."""
        if self.spectator():
            return
        seat = self.bottom_seat()
        slots = self.hand_slots(seat, views)
        if not slots or not views.up(seat):
            return
        xs = self.hand_x(len(slots))
        ui = self.ui.get(seat) or SeatMenu()
        for i, s in enumerate(slots):
            if s not in ("draw", "end"):
                continue
            sel = ui.sel % len(slots) == i and self.acting_shown()
            img = button(s, bool(sel))
            surf.blit(img, img.get_rect(center=(int(xs[i]), HAND_Y - (22 if sel else 0))))

    def draw_prompts(self, surf, views) -> None:
        st = views.public
        for seat in self.acting_shown():
            if views.of(seat) is None:
                continue
            dev = self.match.seats[seat].device
            ui = self.seat_ui(seat)
            k = lambda b: self.key(dev, b)  # noqa: E731
            if st.pending is not None:
                self.draw_defend_prompt(surf, seat, ui, k, views)
                continue
            slots = self.hand_slots(seat, views)
            if not slots:
                continue
            # the turn's steps and the keys on a plate at the top, in the status line's place: the log stays seen
            hint = self.turn_hint(seat, ui)
            r = self.turn_bar(seat, st)
            panel(surf, r, 255, (10, 20, 16), GOLD, 8)
            sx = draw_text(surf, "Your turn:", (r.x + 12, r.y + 5), 16, GOLD, bold=True).right + 8
            for name, done in self.turn_steps(seat, st):
                lab = ("✓ " if done else "○ ") + name
                sx = draw_text(surf, lab, (sx, r.y + 5), 16, GREEN if done else WHITE, bold=not done).right + 10
            if not ui.open:
                draw_text(surf, "· " + hint, (sx, r.y + 5), 16, WHITE)
            else:  # the open menu shows its own keys
                slot = slots[ui.sel % len(slots)]
                items = self.slot_options(seat, slot)
                xs = self.hand_x(len(slots))
                i = ui.sel % len(slots)
                title = f"{'Defence' if slot[0] == DEFENCE else 'Offence'} {slot[1]}:"
                self.draw_popup(surf, title, [s for s, _ in items], ui.cur, xs[i], HAND_Y - 80, hint)

    @staticmethod
    def turn_steps(seat: int, st) -> list[tuple[str, bool]]:
        """The steps of a turn and whether each is done (``st``: the public view): draw, one Defence, one attack
        (done, or impossible from jail)."""
        return [("Draw", st.drawn), ("Defence", st.defended), ("Attack", st.attacked or bool(st.jail[seat]))]

    def turn_bar(self, seat: int, st) -> pygame.Rect:
        """The plate of ``seat``'s turn at the top (px): its steps, then its keys (none while a menu is open)."""
        words = ["Your turn:"] + [("✓ " if done else "○ ") + name for name, done in self.turn_steps(seat, st)]
        w = sum(font(16, True).size(t)[0] for t in words) + 10 * len(words) + 14
        ui = self.ui.get(seat) or SeatMenu()
        if not ui.open:
            w += font(16).size("· " + self.turn_hint(seat, ui))[0] + 4
        r = pygame.Rect(0, 0, w, 30)
        r.midtop = (W // 2, 6)
        return r

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

    def draw_defend_prompt(self, surf, seat: int, ui: SeatMenu, k, views) -> None:
        st = views.public
        off = st.pending
        items = self.respond_items(seat)
        labels = [s for s, _ in items]
        rows = min(7, len(labels))
        r = self.defend_rect(labels)
        panel(surf, r, 255, (40, 14, 10), (255, 120, 90), 14)  # opaque: nothing shows through
        draw_text(surf, f"{self.seat_name(off.attacker)} attacks you with offence {off.value}!",
                  (r.x + 20, r.y + 12), 22, (255, 200, 150), bold=True)
        sh = st.shields[seat]
        have = "Shields in front of you: " + ("+".join(map(str, sh)) if sh else "none")
        hand = sorted({v for kd, v in views.of(seat).hand if kd == DEFENCE})
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
        panel(surf, r, 255, (16, 22, 18), GOLD, 10)  # opaque: nothing of the table shows through the lines
        self.draw_list(surf, title, labels, cur, r.x + 14, r.y + 8, r.width - 12, min(len(labels), 8))
        draw_text(surf, hint, (r.x + 14, r.bottom - 28), 16, GOLD)

    def draw_round_scores(self, surf, st) -> None:
        """The scores of the round just over: why it ended, each seat's role, team coins + own coins = the round's
        score, and the running totals of the 5-round game (``st``: the public view)."""
        rnd, scores, roles, _, players, reason = self.round_info
        r = pygame.Rect(0, 0, 660, 120 + 30 * players)
        r.center = (W // 2, 300)
        panel(surf, r, 255, (14, 20, 16), GOLD, 14)
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
        totals = self.scores(st) if over else st.totals
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
