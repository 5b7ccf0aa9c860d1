"""Drawing Grisbi's table: the status strip, the seats' areas and hands, the pile, the cards in motion, the
verdicts, the reveal's header, the START countdown (a part of ``arcade.games.grisbi.table.scene.Table``)."""

from __future__ import annotations

import pygame

import math
from arcade.core.i18n import _, ngettext
from arcade.games.grisbi import CARDS, OVER, TEAMS
from arcade.games.grisbi.cards import ACTION, KIND, POINTS, describe_card
from arcade.games.grisbi.table import cards as gc
from arcade.client.render import palette as pal
from arcade.client.render.fonts import draw_text, fit, font, pitch, size_to_fit, smallest_readable, text, wrap
from arcade.client.render.widgets import DIM, GOLD, GREEN, RED, W, WHITE, panel
from arcade.client.table import level_word
from arcade.games.grisbi.table.art import (Area, CENTRE, CHIP, FH, FW, HAND_SCALE, HH, HW, PH, PLATE_H, PW, PX, PY,
                                           ROW_CLASSES, STRIP, start_sign_size, _backs, _badge, _cross, _fit_text,
                                           _pace_word, _team_cards, _team_word)

__all__ = ["TablePanels"]


class TablePanels:
    """The table's panels (an object the table owns, ``Table.panels``: it reads the table's layout and the views it
    is handed)."""

    def __init__(self, table) -> None:
        self.t = table  # the game's table, whose layout and components this part reads

    def draw_strip_base(self, surf, view) -> None:
        panel(surf, STRIP, 200, (8, 16, 12), radius=0)
        for team in (0, 1):
            col = gc.TEAM_COLOURS[TEAMS[team]]
            for j in range(3):
                r = pygame.Rect(0, 0, *CHIP)
                r.center = self.t.chip_pos(team, j)
                panel(surf, r, 120, (30, 40, 34), (90, 110, 96), CHIP[1] // 3)
            room = self.t.chip_pos(0, 0)[0] - CHIP[0] // 2 - 22  # left of the first chip (px)
            name = _("ROBBERS") if team == 0 else _("POLICE")
            target = _("target {n}").format(n=view.targets[team])
            x, anchor = (14, "midleft") if team == 0 else (W - 14, "midright")
            draw_text(surf, name, (x, STRIP.centery - 10), size_to_fit(name, room, 20, bold=True), col, bold=True,
                      anchor=anchor)
            draw_text(surf, target, (x, STRIP.centery + 11), 16, DIM, anchor=anchor)

    def draw_strip(self, surf, view) -> None:
        msg = _("Round {n} · {location}").format(n=view.round + 1, location=describe_card(view.location))
        if view.time_left is not None:
            secs = (view.time_left + 59) // 60
            msg = _("{status} · {time}").format(status=msg, time=f"{secs // 60}:{secs % 60:02d}")
        _fit_text(surf, msg, (W // 2, STRIP.centery), 2 * (self.t.chip_pos(1, 2)[0] - CHIP[0] // 2 - W // 2) - 12,
                  18, GOLD, bold=True)

    def draw_area_base(self, surf, seat: int, area: Area, view) -> None:
        """A seat's panel in its team colour (cached in the background; a bot box's words are drawn each frame:
        ``draw_box_words``)."""
        rect = area.rect
        team = view.teams[seat]
        col = gc.TEAM_COLOURS[team]
        if area.kind == "hand":
            panel(surf, rect, 150, (10, 20, 16), col, 12)
            return
        panel(surf, rect, 170, (10, 20, 16), col, 12)

    def draw_box_words(self, surf, seat: int, rect: pygame.Rect, view) -> int:
        """A bot's box's words: its name, its team, its level and pace, "cards" under the count (drawn each frame,
        so that what covers them, a tutorial's coach, hides them). Returns where its rows end (px)."""
        team = view.teams[seat]
        col = gc.TEAM_COLOURS[team]
        spec = self.t.match.seats[seat]
        word = _team_word(team).upper()
        name = self.t.seat_name(seat)
        room = rect.w - 28 - font(16, True).size(word)[0]  # the name, left of the team's word
        rows = []
        if font(16, True).size(name)[0] <= room:
            draw_text(surf, word, (rect.right - 10, rect.y + 7), 16, col, bold=True, anchor="topright")
        else:  # a long name and team: the team's word on the next row
            room = rect.w - 20
            rows.append((word, col, True))
        size = size_to_fit(name, room, 18, bold=True)
        draw_text(surf, fit(name, size, room, True), (rect.x + 10, rect.y + 5), size, WHITE, bold=True)
        rsize = 16
        if spec.kind == "bot":
            line = _("{level} bot · {pace} pace").format(level=level_word(spec.level), pace=_pace_word(view.pace))
            rsize = size_to_fit(line, rect.w - 20, 16)  # one row when it can (at a larger text size: smaller)
            rows += [(row, DIM, False) for row in wrap(line, rsize, rect.w - 16)]
        top = rect.y + 5 + pitch(size, 22, bold=True)  # under the name (27 px from the top at 100 %)
        bottom = top
        for k, (row, colour, bold) in enumerate(rows):
            bottom = draw_text(surf, row, (rect.x + 10, top + pitch(rsize, 19) * k), rsize, colour, bold=bold).bottom
        draw_text(surf, _("cards"), (rect.right - 10, rect.bottom - 5), 16, DIM, anchor="bottomright")
        return bottom

    def draw_box(self, surf, seat: int, rect: pygame.Rect, view) -> None:
        team = view.teams[seat]
        words = self.draw_box_words(surf, seat, rect, view)
        if self.laid_recently(view, seat):
            pygame.draw.rect(surf, GOLD, rect, 4, border_radius=12)
        count = view.hand_counts[seat]
        backs = rect.bottom - 12 - gc.BACK_SMALL[1]  # lower by up to 8 px under a bot's line on two rows
        surf.blit(_backs(team, min(count, 10)), (rect.x + 10, min(max(backs, words + 2), backs + 8)))
        draw_text(surf, str(count), (rect.right - 30, rect.bottom - 44), 30, WHITE, bold=True, anchor="center")

    @staticmethod
    def laid_recently(view, seat: int, ticks: int = 24) -> bool:
        for i in range(len(view.pile_seats) - 1, max(0, len(view.pile_seats) - 12), -1):
            if view.tick - view.pile_ticks[i] > ticks:
                return False
            if view.pile_seats[i] == seat:
                return True
        return False

    def hand_keys(self, seat: int) -> str:
        """The key hints under a human's hand."""
        dev = self.t.match.seats[seat].device
        h = self.t.app.input.hint
        keys = {"lr": f"{h(dev, 'LEFT')}/{h(dev, 'RIGHT')}", "ud": f"{h(dev, 'UP')}/{h(dev, 'DOWN')}",
                "a": h(dev, "A"), "b": h(dev, "B")}
        hint = (_("{lr} card · {ud} next fit · {a} LAY · {b} sort") if self.t.assist() else
                _("{lr} card · {ud} next object · {a} LAY · {b} sort")).format(**keys)
        if dev == "mouse":
            hint = _("point at a card · click to LAY it · right-click sort")
        elif self.t.seating.mouse_seat() == seat:
            hint = _("{keys} · or click a card").format(keys=hint)
        return hint

    KEYS_H = 16  # the key hints' plate under a hand (px): over the glow of the cards, never under it

    def draw_hand_labels(self, surf, seat: int, rect: pygame.Rect, view) -> None:
        """A human area's name, team, counts and key hints (drawn over the hand's cards and their glow). Their plates
        are as high as 16 px text: at a larger text size they stay 16 px, so the cards' hooks stay in sight."""
        ts = smallest_readable(16)
        if not self.t.demo:  # a replay's chosen hand: nobody plays it here, no keys to show
            keys = pygame.Rect(rect.x + 6, rect.bottom - self.KEYS_H - 1, rect.width - 12, self.KEYS_H)
            panel(surf, keys, 235, (10, 20, 16), None, 6)
            _fit_text(surf, self.hand_keys(seat), keys.center, keys.width - 8, ts, WHITE)
        team = view.teams[seat]
        col = gc.TEAM_COLOURS[team]
        word = _team_word(team).upper()
        nx = rect.x + 16 + text(self.t.seat_name(seat), ts, WHITE, True).get_width()
        tw = text(word, ts, col, True).get_width()
        panel(surf, (rect.x + 4, rect.y + 2, nx + tw + 6 - rect.x - 4, PLATE_H), 220, (10, 20, 16), None, 6)
        draw_text(surf, self.t.seat_name(seat), (rect.x + 10, rect.y + 3), ts, WHITE, bold=True, shadow=True)
        draw_text(surf, word, (nx, rect.y + 4), ts, col, bold=True, shadow=True)
        right = self.hand_status(seat, view)
        draw_text(surf, right, (rect.right - 10, rect.y + 4), ts, DIM, anchor="topright", shadow=True)
        note = self.t.notes.get(seat)
        if note and note[1] > view.tick:
            draw_text(surf, note[0], (rect.centerx, rect.y + 4), ts, GOLD, bold=True, anchor="midtop", shadow=True)

    def hand_status(self, seat: int, view) -> str:
        """The line at the top right of a human's area: the cards held and, assist on, the seat's own team's total
        against its target (never the other team's: "it's very difficult to be sure" of what they have)."""
        n = view.hand_counts[seat]
        right = ngettext("{n} card", "{n} cards", n).format(n=n)
        if self.t.assist() and self.t.awake():
            t = self.t.team_of(seat)
            right = _("team {total}/{target} · {cards}").format(total=self.t.team_totals(view)[t],
                                                                target=view.targets[t], cards=right)
        return right

    def draw_pile_base(self, surf, view) -> None:
        r = pygame.Rect(0, 0, PW + 16, PH + 16)
        r.center = (PX, PY)
        pygame.draw.rect(surf, (14, 70, 45), r, border_radius=14)
        pygame.draw.rect(surf, (40, 120, 80), r, width=2, border_radius=14)

    def draw_pile_labels(self, surf, view, st) -> None:
        pile = view.pile_cards
        n = len(pile)
        if n <= 1:
            draw_text(surf, _("The Location opens the pile"), (PX, PY + PH // 2 + 20), 16, DIM, anchor="center")
            return
        seat = view.pile_seats[-1]
        team = view.teams[seat]
        msg = _("laid by {player}").format(player=self.t.seat_name(seat))
        y = PY + PH // 2 + 15
        plate = pygame.Rect((0, 0), font(17, True).size(msg)).inflate(16, 4)
        plate.center = (PX, y)
        panel(surf, plate, 220, (10, 20, 16), None, 8)  # the team colour reads on it (WCAG AA), not on the felt
        draw_text(surf, msg, (PX, y), 17, gc.TEAM_COLOURS[team], bold=True, anchor="center", shadow=True)
        if n >= 3 and view.pile_ticks[-1] == view.pile_ticks[-2] and view.tick - view.pile_ticks[-1] < 90:
            draw_text(surf, _("same instant as {player}!").format(player=self.t.seat_name(view.pile_seats[-2])),
                      (PX, y + 19), 16, GOLD, bold=True, anchor="center", shadow=True)
        count = _("pile: {n}").format(n=n - 1)
        plate = pygame.Rect((0, 0), font(16).size(count)).inflate(10, 4)
        plate.midleft = (PX + PW // 2 + 9, PY + PH // 2 - 10)
        panel(surf, plate, 200, (10, 20, 16), None, 6)  # readable over a long pile's fanned cards
        draw_text(surf, count, (PX + PW // 2 + 14, PY + PH // 2 - 10), 16, DIM, anchor="midleft")

    def draw_sprites(self, surf, alpha: float) -> None:
        content = self.t.content
        for key, p, width, moving in self.t.board.frames(alpha):
            card = key[1]
            info = content.get(key, ())
            tag = p.tag
            if tag == "chip" and not moving:
                img = gc.location_chip(card, *CHIP)
                surf.blit(img, img.get_rect(center=(int(p.x), int(p.y))))
                continue
            team = CARDS[card].team
            if not moving and p.scale == HAND_SCALE and tag == "hand":
                img = gc.card_face(card, HW, HH) if p.face_up else gc.card_back(team, HW, HH)
            elif not moving and tag in ROW_CLASSES:
                w, h = ROW_CLASSES[tag][0]
                img = gc.card_face(card, w, h)
            elif not moving and tag == "pile" and p.scale == 1.0:
                img = gc.rotated(card, PW, PH, p.angle) if p.face_up else gc.card_back(team, PW, PH)
            elif not moving and tag == "fan" and p.face_up:
                img = gc.rotated(card, FW, FH, p.angle)
            else:
                w = max(4, int(PW * p.scale * width))
                h = max(4, int(PH * p.scale))
                if p.face_up:
                    src = gc.card_face(card, PW, PH) if p.scale > 0.5 else gc.card_face(card, HW, HH)
                else:
                    src = gc.card_back(team, HW, HH)
                img = gc.scaled(src, w, h)
            r = img.get_rect(center=(int(p.x), int(p.y - p.lift)))
            if moving:
                sh = gc.dimmer(r.width, r.height, 80)
                surf.blit(sh, r.move(5, 7))
            if tag == "hand" and len(info) == 3:
                seat, glow, sel = info
                if glow is not None and not moving:
                    o = gc.outline(r.width, r.height, glow, 3)
                    surf.blit(o, o.get_rect(center=r.center))
                surf.blit(img, r)
                if sel and not moving:
                    self.draw_cursor(surf, r)
                continue
            verdict = info[1] if tag in ROW_CLASSES and len(info) == 2 and not moving else None
            if verdict in ("correct", "stop correct", "location"):
                o = gc.outline(r.width, r.height, pal.FIT_STOP if verdict == "location" else pal.FIT, 3)
                surf.blit(o, o.get_rect(center=r.center))
            surf.blit(img, r)
            if verdict is not None:
                self.draw_verdict(surf, r, verdict, card)

    def draw_cursor(self, surf, r: pygame.Rect) -> None:
        o = gc.outline(r.width, r.height, WHITE, 3)
        surf.blit(o, o.get_rect(center=r.center))
        pygame.draw.polygon(surf, GOLD, [(r.centerx - 9, r.bottom + 2), (r.centerx + 9, r.bottom + 2),
                                         (r.centerx, r.bottom - 8)])

    def draw_verdict(self, surf, r: pygame.Rect, v: str | None, card: int) -> None:
        if v is None:
            return
        by = r.top - 10 if r.height >= 70 else r.top + 7  # badges sit above a card, on a small one's top edge
        if v in ("opponent's",):
            surf.blit(gc.dimmer(r.width, r.height, 150), r)
        elif v == "correct" and KIND[card] == ACTION:
                _badge(surf, f"+{POINTS[card]}", (r.centerx, by), GREEN)
        elif v in ("wrong", "stop wrong"):
            surf.blit(gc.dimmer(r.width, r.height, 110), r)
            _cross(surf, r, RED)
        elif v == "cancelled":
            surf.blit(gc.dimmer(r.width, r.height, 80), r)
            _cross(surf, r, (245, 150, 30))
            _badge(surf, _("denied"), (r.centerx, by), (245, 150, 30))

    def draw_reveal_header(self, surf, view, st) -> None:
        res = st.result
        info = self.t.reveal_info
        closing = res.closing_team
        counts = info["counts"]
        x0 = CENTRE.x + 26
        room = (W - 460 if closing is None else W - 280) - x0  # left of the counters (px)
        if info["done"]:
            w = res.winner
            if st.phase == OVER:
                msg = _("THE ROBBERS WIN THE GAME!") if w == "robbers" else _("THE POLICE WIN THE GAME!")
            else:
                msg = (_("THE ROBBERS WIN THE {location}!") if w == "robbers" else
                       _("THE POLICE WIN THE {location}!")).format(location=describe_card(view.pile_cards[0]).upper())
            draw_text(surf, msg, (x0, CENTRE.y + 8), size_to_fit(msg, room, 30, bold=True), gc.TEAM_COLOURS[w],
                      bold=True, shadow=True)
        else:
            msg = _("Round over — judging the pile")
            draw_text(surf, msg, (x0, CENTRE.y + 10), size_to_fit(msg, room, 26, bold=True), GOLD, bold=True)
        if closing is not None:
            seat = view.pile_seats[-1]
            ok = res.verdicts[-1] == "stop correct"
            sub = _("{player} ({team}) laid a Stop").format(player=self.t.seat_name(seat), team=_team_word(closing))
            if info["stop_shown"]:
                sub = (_("{stop} — correct: count the {cards}") if ok else
                       _("{stop} — WRONG: it does not fit!")).format(stop=sub, cards=_team_cards(closing))
            draw_text(surf, sub, (x0, CENTRE.y + 44), size_to_fit(sub, room, 16), WHITE if ok else (255, 140, 120))
            t = TEAMS.index(closing)
            if ok or not info["stop_shown"]:
                self.draw_counter(surf, closing, counts[t], view.targets[t], (W - 40, CENTRE.y + 10))
            else:  # rule 1: a wrong Stop loses the round whatever the count
                wrong = _("WRONG STOP")
                draw_text(surf, wrong, (W - 40, CENTRE.y + 10), size_to_fit(wrong, 220, 30, bold=True), (255, 110, 90),
                          bold=True, anchor="topright", shadow=True)
                draw_text(surf, ngettext("({n} point does not count)", "({n} points do not count)", counts[t]).format(
                    n=counts[t]), (W - 40, CENTRE.y + 44), 16, DIM, anchor="topright")
        else:
            reason = {"time": _("Time is up"), "empty": _("Every hand is empty")}.get(self.round_reason(st),
                                                                                       _("Round over"))
            line = _("{reason}: both teams' cards count, the higher total wins (Robbers on a tie)").format(
                reason=reason)
            rows = [line] if font(16).size(line)[0] <= room else wrap(line, 16, room)
            for k, row in enumerate(rows[:2]):
                draw_text(surf, row, (x0, CENTRE.y + 44 + 18 * k - 9 * (len(rows[:2]) - 1)), 16, WHITE)
            self.draw_counter(surf, "robbers", counts[0], None, (W - 260, CENTRE.y + 10))
            self.draw_counter(surf, "police", counts[1], None, (W - 40, CENTRE.y + 10))

    def round_reason(self, st) -> str:
        for ev in st.events:
            if ev[0] == "round_end":
                return ev[3]
        return "time" if st.time_limit is not None else "empty"

    def draw_counter(self, surf, team: str, value: int, target: int | None, topright) -> None:
        col = gc.TEAM_COLOURS[team]
        label = f"{value} / {target}" if target is not None else str(value)
        r = draw_text(surf, label, topright, 30, col, bold=True, anchor="topright", shadow=True)
        p = gc.pip(team, 30)
        surf.blit(p, p.get_rect(midright=(r.left - 6, r.centery)))
        if target is not None:
            bar = pygame.Rect(topright[0] - 300, topright[1] + 40, 300, 10)
            pygame.draw.rect(surf, (40, 50, 44), bar, border_radius=5)
            fill = bar.copy()
            fill.width = max(0, min(bar.width, bar.width * value // max(1, target)))
            pygame.draw.rect(surf, GREEN if value >= target else col, fill, border_radius=5)
            pygame.draw.rect(surf, WHITE, bar, 1, border_radius=5)

    def draw_countdown(self, surf, view) -> None:
        secs = (view.countdown + 59) // 60
        draw_text(surf, _("Get ready!"), (PX, PY - PH // 2 - 26), 24, WHITE, bold=True, anchor="center", shadow=True)
        pygame.draw.circle(surf, (20, 20, 20), (PX, PY), 52)
        pygame.draw.circle(surf, GOLD, (PX, PY), 52, 4)
        frac = (view.countdown % 60) / 60
        if frac:
            pygame.draw.arc(surf, WHITE, pygame.Rect(PX - 47, PY - 47, 94, 94), math.pi / 2,
                            math.pi / 2 + 2 * math.pi * frac, 4)
        draw_text(surf, str(secs), (PX, PY), 64, GOLD, bold=True, anchor="center")

    def draw_start(self, surf, age: int) -> None:
        start = _("START!")
        size = start_sign_size(start)
        calm = self.t.app.settings.reduce_flashing  # Settings → Display… → Reduce flashing: no beat, a steady sign
        size = size if age < 6 and not calm else size * 84 // 92  # a beat: large for 6 ticks, then settled
        plate = pygame.Rect((0, 0), font(size, True).size(start)).inflate(24, 6)
        plate.center = (PX, PY)
        panel(surf, plate, 240, (40, 12, 8), None, 12)  # the signal stays readable over the pile's cards
        r = draw_text(surf, start, (PX, PY), size, (255, 80, 60), bold=True, anchor="center", shadow=True)
        pygame.draw.rect(surf, GOLD, r.inflate(24, 6), 4, border_radius=12)
