"""Drawing Cops & Robbers' table: the seats' areas, jail, the centre, flying cards and coins, the hand's
buttons, prompts and popups, the round's scores (a part of ``arcade.games.cops_and_robbers.table.scene.Table``)."""

from __future__ import annotations

import pygame

import math
from arcade.core.i18n import _, ngettext, pgettext
from arcade.games.cops_and_robbers import COP, DEFENCE, ROBBER, round_scores
from arcade.client.render.cards import card_back
from arcade.client.render import fonts
from arcade.client.table.choices import Choices
from arcade.client.render.fonts import draw_text, font, fit, pitch, size_for_height, size_to_fit, wrap
from arcade.client.render.widgets import DIM, GOLD, GREEN, W, WHITE, draw_log, panel, shade
from arcade.client.table import SeatMenu
from arcade.games.cops_and_robbers.table.art import (CENTRE, CENTRE_TEXT_X, COIN_FLIGHT, COIN_GAP, DISCARD_POS,
                                                     DRAW_POS, HAND_Y, OWN_BOX, ROLE_COLOURS, ROLE_NAMES, ROLE_TEXT,
                                                     SIZES, big_coin, button, coin_stack, own_coins, role_card)

__all__ = ["TablePanels"]


class TablePanels:
    """The table's panels (an object the table owns, ``Table.panels``: it reads the table's layout, match and view)."""

    def __init__(self, table) -> None:
        self.t = table  # the game's table, whose layout and components this part reads

    def status_text(self, st=None) -> str:
        """The line at the top: the round and whose turn it is (``st``: the public view)."""
        st = st or self.t.seating.views().public
        head = (_("Round {n} of {rounds} (5-round game)") if st.rounds > 1 else _("Round {n} of {rounds}")).format(
            n=st.round_no, rounds=st.rounds)
        if st.over:
            now = _("the game is over")
        elif st.pending is not None:
            now = _("{player} answers the attack").format(player=self.t.seat_name(st.pending.target))
        else:
            now = _("{player}'s turn").format(player=self.t.seat_name(st.current))
        return _("{status} · {now}").format(status=head, now=now)

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
        total = self.t.scores(st)[seat]
        pts = ngettext("{n} pt", "{n} pts", total).format(n=total)
        head = size_for_height(18, 26, bold=True)  # the header's band above the role card: 24 px at 100 %
        pts_w = font(head, True).size(pts)[0]
        room = r.w - 26 - pts_w  # from the left margin to 6 px before the points
        mark = "▶ " if turn else ""
        name = mark + _("{player} · {role}").format(player=self.t.seat_name(seat), role=_(ROLE_NAMES[role]))
        size = size_to_fit(name, room, head, bold=True)
        if font(size, True).size(name)[0] > room:  # too long with the role: the role card under it says it
            name = mark + self.t.seat_name(seat)
            size = size_to_fit(name, room, head, bold=True)
            name = fit(name, size, room, True)
        draw_text(surf, name, (r.x + 10, r.y + 6), size, col, bold=True)
        draw_text(surf, pts, (r.right - 10, r.y + 6), head, WHITE, bold=True, anchor="topright")
        surf.blit(role_card(role), (r.x + 10, r.y + 30))
        # coins
        cs = coin_stack(max(0, coins[seat]))
        surf.blit(cs, (r.x + 76, r.y + 44))
        held = ngettext("{n} coin", "{n} coins", coins[seat]).format(n=coins[seat])
        if own:  # under the coin stack
            draw_text(surf, held, (r.x + 102, r.y + 108), 16, GOLD, bold=True, anchor="midtop")
        else:  # under the role card and the coins, left of the hand's count
            draw_text(surf, held, (r.x + 12, r.y + 112), size_to_fit(held, 130, 16, bold=True), GOLD, bold=True)
        sub = _("team {team} + own {own}").format(team=team, own=st.coins[seat])
        if st.rounds > 1:
            sub = _("{coins} · round {score}").format(coins=sub, score=round_sc[seat])
        if own:
            draw_text(surf, sub, (r.x + 190, r.y + 112), size_to_fit(sub, r.w - 200, 16), DIM)
            line = _("shields in front of you") if st.shields[seat] else _("no shields in front of you")
            draw_text(surf, line, (r.x + 190, r.y + 6 + pitch(head, 24, bold=True)), size_to_fit(line, r.w - 200, 16),
                      DIM)  # under the name (24 px at 100 %, a line of the name's font at a larger text size)
        else:
            # under the points, above the hand's backs (28 px from the top at 100 %; the backs start at 50)
            y = r.y + 6 + max(22, font(head, True).get_height())
            draw_text(surf, sub, (r.right - 10, y), size_to_fit(sub, r.w - 160, size_for_height(16, r.y + 52 - y)),
                      DIM, anchor="topright")
            # the hand: counted backs
            n = st.hand_counts[seat]
            bw, bh = SIZES["X"]
            back = card_back(bw, bh)
            for i in range(min(n, 8)):
                surf.blit(back, (r.x + 150 + i * 11, r.y + 50))
            held = ngettext("{n} card in hand", "{n} cards in hand", n).format(n=n)
            draw_text(surf, held, (r.x + 150, r.y + 98), size_to_fit(held, r.w - 160, 16), DIM)
            if not st.shields[seat]:
                draw_text(surf, _("no shields"), (r.x + 12, r.y + 162), 16, DIM, anchor="midleft")

    def draw_jail_labels(self, surf, st) -> None:
        for seat in range(st.players):
            if st.jail[seat]:
                x, y = self.t.slot_xy(seat)
                need = st.jail[seat] - sum(st.jail_shields[seat])
                on = st.jail_shields[seat]
                label = (_("JAIL {value} · shields {shields} · {n} more to free") if on else
                         _("JAIL {value} · {n} more to free")).format(value=st.jail[seat], n=need,
                                                                      shields="+".join(map(str, on)))
                room = self.t.areas[seat].w - 20
                label = fit(label, size_to_fit(label, room, 16, bold=True), room, True)
                r = pygame.Rect(0, 0, font(16, True).size(label)[0] + 12, 23)
                r.center = (int(x), int(y + 52))
                r.right = min(r.right, self.t.areas[seat].right - 4)
                r.left = max(r.left, self.t.areas[seat].left + 4)
                panel(surf, r, 255, (110, 20, 15), (255, 120, 100), 6)
                draw_text(surf, label, r.center, 16, WHITE, bold=True, anchor="center")

    def draw_centre(self, surf, st) -> None:
        w, h = SIZES["S"]
        if st.draw_count:
            for i in range(min(3, (st.draw_count + 9) // 10)):
                rr = pygame.Rect(0, 0, w, h)
                rr.center = (DRAW_POS[0] - 2 * i, DRAW_POS[1] - 2 * i)
                surf.blit(card_back(w, h), rr)
        half = (DISCARD_POS[0] - DRAW_POS[0]) - 6  # each count's room under its pile (px)
        for (x, y), label in ((DRAW_POS, _("draw {n}").format(n=st.draw_count)),
                              (DISCARD_POS, _("discard {n}").format(n=len(st.discard)))):
            size = size_to_fit(label, half, 16)  # on one row when it can, else every word within the room
            if font(size).size(label)[0] > half:
                size = size_to_fit(label.split(" "), half, 16)
            rows = [label] if font(size).size(label)[0] <= half else wrap(label, size, half)
            for k, row in enumerate(rows[:2]):
                draw_text(surf, row, (x, y + h // 2 + 1 + pitch(size, 17) * k), size, WHITE, anchor="midtop")
        x = CENTRE_TEXT_X
        roles = st.roles
        teams = {}
        for p in range(st.players):
            teams.setdefault(roles[p], []).append(p)
        y = CENTRE.y + 8
        for role in (COP, ROBBER):  # who is on which team: each area's header names its role
            seats = teams.get(role, [])
            tot = sum(st.coins[p] for p in seats)
            line = (ngettext("Cops: {n} coin", "Cops: {n} coins", tot) if role == COP else
                    ngettext("Robbers: {n} coin", "Robbers: {n} coins", tot)).format(n=tot)
            size = size_to_fit(line, CENTRE.right - 10 - x, 16, bold=True)
            draw_text(surf, line, (x, y), size, ROLE_TEXT[role], bold=True)
            y += pitch(size, 22, bold=True)
        # always: why coins moved (3 rows under the teams' lines; fewer when a larger text size leaves no room)
        top = max(CENTRE.y + 54, y + 2)
        rows = max(1, min(3, (CENTRE.bottom - top) // pitch(16, 19)))
        draw_log(surf, self.t.log, (x, top), CENTRE.right - x - 10, rows, 19)

    def draw_flights(self, surf, alpha: float) -> None:
        fx = self.t.fx
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
        r = self.t.areas[seat]
        return (r.x + 100, r.y + 90)

    def draw_hand_buttons(self, surf, views) -> None:
        """The "Draw" and "End turn" buttons after the hand, on the viewer's turn."""
        if self.t.spectator():
            return
        seat = self.t.bottom_seat()
        slots = self.t.hand_slots(seat, views)
        if not slots or not views.up(seat):
            return
        xs = self.t.hand_x(len(slots))
        ui = self.t.choices.ui.get(seat) or SeatMenu()
        for i, s in enumerate(slots):
            if s not in ("draw", "end"):
                continue
            sel = ui.sel % len(slots) == i and self.t.seating.acting_shown()
            img = button(s, bool(sel))
            surf.blit(img, img.get_rect(center=(int(xs[i]), HAND_Y - (22 if sel else 0))))

    def draw_prompts(self, surf, views) -> None:
        st = views.public
        for seat in self.t.seating.acting_shown():
            if views.of(seat) is None:
                continue
            dev = self.t.match.seats[seat].device
            ui = self.t.choices.seat_ui(seat)
            k = lambda b: self.t.key(dev, b)  # noqa: E731
            if st.pending is not None:
                self.draw_defend_prompt(surf, seat, ui, k, views)
                continue
            slots = self.t.hand_slots(seat, views)
            if not slots:
                continue
            # the turn's steps and the keys on a plate at the top, in the status line's place: the log stays seen
            head, hint = self.bar_parts(seat, st)
            hint = hint if not ui.open else self.turn_hint(seat, ui)
            r = self.turn_bar(seat, st)
            panel(surf, r, 255, (10, 20, 16), GOLD, 8)
            sx = r.x + 12
            if head:
                sx = draw_text(surf, head, (sx, r.y + 5), 16, GOLD, bold=True).right + 8
            for name, done in self.turn_steps(seat, st):
                lab = ("✓ " if done else "○ ") + name
                sx = draw_text(surf, lab, (sx, r.y + 5), 16, GREEN if done else WHITE, bold=not done).right + 10
            if not ui.open:
                draw_text(surf, "· " + hint, (sx, r.y + 5), 16, WHITE)
            else:  # the open menu shows its own keys
                slot = slots[ui.sel % len(slots)]
                items = self.t.picks.slot_options(seat, slot)
                xs = self.t.hand_x(len(slots))
                i = ui.sel % len(slots)
                self.draw_popup(surf, self.card_title(slot), [s for s, _a in items], ui.cur, xs[i], HAND_Y - 80,
                                hint)

    @staticmethod
    def card_title(slot) -> str:
        """The title of a hand card's menu: "Defence 3:", "Offence 2:"."""
        return (_("Defence {value}:") if slot[0] == DEFENCE else _("Offence {value}:")).format(value=slot[1])

    @staticmethod
    def turn_steps(seat: int, st) -> list[tuple[str, bool]]:
        """The steps of a turn and whether each is done (``st``: the public view): draw, one Defence, one attack
        (done, or impossible from jail)."""
        return [(pgettext("draw a card", "Draw"), st.drawn), (_("Defence"), st.defended),
                (_("Attack"), st.attacked or bool(st.jail[seat]))]

    def turn_bar(self, seat: int, st) -> pygame.Rect:
        """The plate of ``seat``'s turn at the top (px): its steps, then its keys (none while a menu is open)."""
        head, hint = self.bar_parts(seat, st)
        ui = self.t.choices.ui.get(seat) or SeatMenu()
        r = pygame.Rect(0, 0, self.bar_width(seat, st, head, "" if ui.open else hint), 30)
        r.midtop = (W // 2, 6)
        r.left = max(r.left, (W - self.t.hud.status_width()) // 2)  # clear of the game's name in the corner
        return r

    def bar_width(self, seat: int, st, head: str, hint: str) -> int:
        """The turn's plate's width (px) with the words ``head`` ("Your turn:") and the keys ``hint``."""
        steps = [("✓ " if done else "○ ") + name for name, done in self.turn_steps(seat, st)]
        words = ([head] if head else []) + steps
        w = sum(font(16, True).size(t)[0] for t in words) + 10 * len(words) + 14
        return w + font(16).size("· " + hint)[0] + 4 if hint else w

    def bar_parts(self, seat: int, st) -> tuple[str, str]:
        """The turn plate's head ("Your turn:") and keys (``turn_hint``), the longest that fit the picture right of
        the game's name: without the mouse's part (the hint bar says what the mouse does), then without the head
        (the plate's gold frame says it is your turn)."""
        ui = self.t.choices.ui.get(seat) or SeatMenu()
        room = W - 8 - (W - self.t.hud.status_width()) // 2
        tries = [(_("Your turn:"), self.turn_hint(seat, ui)), (_("Your turn:"), self.turn_hint(seat, ui, mouse=False)),
                 ("", self.turn_hint(seat, ui, mouse=False))]
        return next((t for t in tries if self.bar_width(seat, st, *t) <= room), tries[-1])

    def turn_hint(self, seat: int, ui: SeatMenu, mouse: bool = True) -> str:
        """The keys (or clicks) of ``seat`` on its turn: along the hand, or in a card's open menu (``mouse``: saying
        that a click works too, for the mouse's seat)."""
        dev = self.t.match.seats[seat].device
        k = lambda b: self.t.key(dev, b)  # noqa: E731
        if dev == "mouse":
            return _("click a line") if ui.open else _("click a card, Draw or End turn")
        if ui.open:
            return _("{updown} choose · {a} confirm · {b} back").format(updown=f"{k('UP')}/{k('DOWN')}", a=k("A"),
                                                                       b=k("B"))
        hint = _("{keys} choose a card · {a} play it").format(keys=f"{k('LEFT')}/{k('RIGHT')}", a=k("A"))
        return _("{keys} (or click it)").format(keys=hint) if mouse and self.t.seating.mouse_seat() == seat else hint

    def draw_defend_prompt(self, surf, seat: int, ui: SeatMenu, k, views) -> None:
        st = views.public
        off = st.pending
        items = self.t.picks.respond_items(seat)
        labels = [s for s, _ in items]
        rows = min(7, len(labels))
        r = self.t.defend_rect(labels)
        areas = dict(enumerate(self.t.areas) if isinstance(self.t.areas, list) else self.t.areas)
        if fonts.text_scale() > 100 and any(r.colliderect(a) for s, a in areas.items() if s != seat):
            surf.blit(shade(150), (0, 0))  # at a larger text size the prompt runs over the side seats: the table
            # behind is veiled, no seat's words half under it (at 100 % it is laid out as it always was)
        panel(surf, r, 255, (40, 14, 10), (255, 120, 90), 14)  # opaque: nothing shows through
        dy_have, dy_list, _keys = self.t.defend_offsets()
        head = _("{player} attacks you with offence {value}!").format(player=self.t.seat_name(off.attacker),
                                                                      value=off.value)
        draw_text(surf, head, (r.x + 20, r.y + 12), size_to_fit(head, r.w - 40, 22, bold=True), (255, 200, 150),
                  bold=True)
        sh = st.shields[seat]
        hand = sorted({v for kd, v in views.of(seat).hand if kd == DEFENCE})
        have = _("Shields in front of you: {shields} · Defence in hand: {hand}").format(
            shields="+".join(map(str, sh)) if sh else _("none"), hand=", ".join(map(str, hand)) if hand else _("none"))
        draw_text(surf, have, (r.x + 22, r.y + dy_have), size_to_fit(have, r.w - 44, 16), WHITE)
        costly = self.t.picks.costly(seat)
        self.draw_list(surf, _("Choose your defence:"), labels, ui.cur, r.x + 22, r.y + dy_list, r.w - 36, rows,
                       costly=costly)
        keys = _("{updown} choose · {a} confirm").format(updown=f"{k('UP')}/{k('DOWN')}", a=k("A"))
        draw_text(surf, keys, (r.right - 20, r.bottom - max(24, font(16).get_height() + 2)), 16, GOLD,
                  anchor="topright")

    def draw_list(self, surf, title: str, labels: list[str], cur: int, x: int, y: int, w: int, rows: int,
                  costly: set[str] = frozenset()) -> None:
        """The shared list, smaller title, ``costly`` answers (jail, paying) in red."""
        Choices.draw_list(surf, title, labels, cur, x, y, w, rows, title_size=17,
                          color_of=lambda lab: (255, 170, 150) if lab in costly else WHITE)

    def draw_popup(self, surf, title: str, labels: list[str], cur: int, ax: float, bottom: int, hint: str) -> None:
        """A card's menu (``popup_rect``) with its keys ``hint`` on the last line."""
        r = self.t.popup_rect(title, labels, ax, bottom, hint)
        panel(surf, r, 255, (16, 22, 18), GOLD, 10)  # opaque: nothing of the table shows through the lines
        self.draw_list(surf, title, labels, cur, r.x + 14, r.y + 8, r.width - 12, min(len(labels), 8))
        draw_text(surf, hint, (r.x + 14, r.bottom - 28), 16, GOLD)

    def draw_round_scores(self, surf, st) -> None:
        """The scores of the round just over: why it ended, each seat's role, team coins + own coins = the round's
        score, and the running totals of the 5-round game (``st``: the public view)."""
        rnd, scores, roles, _coins, players, reason = self.t.round_info
        r = pygame.Rect(0, 0, 660, 120 + 30 * players)
        r.center = (W // 2, 300)
        panel(surf, r, 255, (14, 20, 16), GOLD, 14)
        over = st.over
        head = (_("Round {n} of {rounds} is over").format(n=rnd, rounds=st.rounds) if not over or st.rounds > 1
                else _("The game is over"))
        draw_text(surf, head, (r.x + 20, r.y + 12), size_to_fit(head, r.w - 40, 24, bold=True), GOLD, bold=True)
        draw_text(surf, reason, (r.x + 22, r.y + 42), size_to_fit(reason, r.w - 44, 16), WHITE)
        own = own_coins(scores)
        cols = {"role": r.x + 200, "team": r.x + 350, "own": r.x + 430, "round": r.x + 520, "total": r.x + 620}
        labels = {"role": _("role"), "team": _("team coins"), "own": _("+ own"), "round": _("= score"),
                  "total": _("total")}
        y = r.y + 72
        role_w = font(size_to_fit(labels["role"], 70, 16)).size(labels["role"])[0]
        for name, x in cols.items():
            if name == "total" and st.rounds == 1:
                continue
            # each label's room: from the column before's (the role's: its label's) right edge, 8 px apart
            room = cols["team"] - cols["role"] - role_w - 8 if name == "team" else 70 if name == "role" else 72
            draw_text(surf, labels[name], (x, y), size_to_fit(labels[name], room, 16), DIM,
                      anchor="topright" if name != "role" else "topleft")
        totals = self.t.scores(st) if over else st.totals
        ranking = totals if st.rounds > 1 else scores
        best = max(ranking)
        for s in range(players):
            y = r.y + 96 + 30 * s
            win = ranking[s] == best
            draw_text(surf, ("★ " if win else "") + self.t.seat_name(s), (r.x + 24, y), 18, GOLD if win else WHITE,
                      bold=win)
            draw_text(surf, _(ROLE_NAMES[roles[s]]), (cols["role"], y), 17, ROLE_COLOURS[roles[s]], bold=True)
            draw_text(surf, str(scores[s] - own[s]), (cols["team"], y), 17, WHITE, anchor="topright")
            draw_text(surf, str(own[s]), (cols["own"], y), 17, WHITE, anchor="topright")
            draw_text(surf, str(scores[s]), (cols["round"], y), 18, WHITE, bold=True, anchor="topright")
            if st.rounds > 1:
                draw_text(surf, str(totals[s]), (cols["total"], y), 18, GOLD, bold=True, anchor="topright")
        if not over and self.t.seating.humans() and not self.t.demo:
            dev = self.t.match.seats[self.t.seating.humans()[0]].device
            draw_text(surf, _("{key}: next round").format(key=self.t.key(dev, "A")), (r.right - 20, r.bottom - 26), 16,
                      WHITE, anchor="topright")
