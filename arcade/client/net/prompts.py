"""The network prompts of a table (``NetTable``): what a network match adds to a game's own table, given to it as
``TableScene(app, match, net=NetTable(link))`` — the network HUD and notices, the turn clocks, the lost-connection
prompt, a spectator's catch-up and seat claims, the host's answer to a claim, the pause and results menus' network
items. It reads the link's status (``LanLink.status()``), never the session's phase or stats, and opens the LAN
screens by name (``arcade.client.scenes.router``).
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from netplay.events import EndReason, FailReason

from arcade.client.net.link import LanLink
from arcade.client.net.status import NetStatus, Phase
from arcade.client.net.words import HOST_TIMEOUT, restarts_line
from arcade.client.render import fonts
from arcade.client.render.fonts import draw_text, size_to_fit, text as text_image, wrap
from arcade.client.render.widgets import GOLD, GREEN, H, RED, W, WHITE, draw_menu, menu_spacing, panel, shade
from arcade.client.scenes import router
from arcade.core.i18n import N_, _, format_number
from arcade.core.match import SeatSpec
from arcade.core.peerviews import DEAL_VERIFIED, deal_line

__all__ = ["NetTable", "failure_title", "back_item", "go_lan_menu"]


def go_lan_menu(app, notice: str = "") -> None:
    """Back to the LAN menu, or the online menu for a match online (under it, the title), closing nothing (the
    caller closes its link)."""
    while len(app.stack) > 1 and app.stack[-1].name not in ("lan", "online", "title"):
        app.pop()
    if not app.stack or app.stack[-1].name not in ("lan", "online"):
        app.push(router.make(app, "lan"))
    app.notice = notice


def failure_title(link: LanLink) -> str:
    """The title of a running match's failure (an English message id): the host left, is not answering, or the
    connection was lost."""
    if link.failure_kind == FailReason.HOST_STALLED:
        return N_("The host is not answering")
    if link.failure_kind == FailReason.HOST_LOST and link.failure_facts.get("left"):
        return N_("The host left")
    if link.failure_kind == FailReason.REMOVED and link.failure_facts.get("clock"):
        return N_("Out of time")
    return N_("Connection lost")


def back_item(link: LanLink) -> str:
    """The failure screen's way out: "Leave" when the host still holds the match (not answering), else "Back"."""
    return N_("Leave") if link.failure_kind == FailReason.HOST_STALLED else N_("Back")


@lru_cache(maxsize=8)
def warning_icon(size: int) -> pygame.Surface:
    """A warning triangle of ``size`` px."""
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.polygon(s, (250, 190, 40), [(size // 2, 1), (size - 1, size - 2), (1, size - 2)])
    pygame.draw.polygon(s, (40, 20, 0), [(size // 2, 1), (size - 1, size - 2), (1, size - 2)], 2)
    pygame.draw.rect(s, (40, 20, 0), (size // 2 - 2, size // 3, 4, size // 3))
    pygame.draw.rect(s, (40, 20, 0), (size // 2 - 2, size - size // 4 - 2, 4, 4))
    return s


class NetTable:
    """What a network match adds to a game's own table (``TableScene(app, match, net=NetTable(link))``): the session
    drives the match and never pauses (the pause menu and the rules page keep it running); the network HUD and
    notices; the lost-connection prompt; a spectator's catch-up and seat claims; the pause and results menus' LAN
    items ("End the match for everyone", "Back to the lobby"). Local, LAN, attract and replay tables are the same
    class: only this part and the seats' controllers differ."""

    ESC_HINT = N_("Esc LAN menu")  # (the match goes on: the menu says so)
    PAUSE_TITLE = N_("LAN MATCH")
    PAUSE_NOTE = N_("The match goes on while this menu is open.")
    # TRANSLATORS: what Esc does on a LAN match's results screen: "Esc leave"
    RESULT_ESC = N_("leave")
    goes_on = True  # the match goes on under the pause menu and the rules page

    def __init__(self, link: LanLink) -> None:
        self.link = link
        self.prompt_sel = 0
        self.dismissed: set[int] = set()
        if link.online is not None:  # a match over the internet is not a "LAN" one to its players
            self.ESC_HINT, self.PAUSE_TITLE = N_("Esc match menu"), N_("ONLINE MATCH")

    # --- the table's loop
    def before_update(self, table) -> bool:
        """Run before the table's own update; True when this tick is handled here (failure, lost-connection prompt)."""
        link, m = self.link, table.match
        if link.failure_said is not None and m.ended is None:
            link.pump()
            rejoin = link.can_rejoin
            table.app.push(router.make(table.app, "lan_message", failure_title(link), link.failure_said,
                                       link if rejoin else None, back=back_item(link)))
            if not rejoin:
                link.close()
            return True
        prompt = None if m.is_over() else self.lost_prompt()
        link.claim_requests = self.open_claims()
        asked = None if m.is_over() or prompt is not None else self.claim_prompt()
        if prompt is not None or asked is not None:  # the host's (or a joiner's) choice; the match goes on
            if prompt is not None:
                self.prompt_update(table, *prompt)
            else:
                self.claim_prompt_update(table, *asked)
            link.pump()
            table.after_tick()
            return True
        if not m.is_over():
            self.claim_update(table)
        return False

    def after_update(self, table) -> None:
        """The session is updated every tick, whether the table advanced the match or held it (``LanLink.pump``
        updates it once a tick however often it is called)."""
        if not self.link.transport.closed:
            self.link.pump()

    def keep_alive(self) -> None:
        """A screen over the table (pause menu, rules page) keeps the session running."""
        if not self.link.transport.closed:
            self.link.pump()

    def lost_prompt(self) -> tuple[int, list[str]] | None:
        """The silent peer whose seats wait (or the host), and the choices offered here; None if none."""
        link = self.link
        for peer in sorted(link.status().silent):
            if peer in self.dismissed:
                continue
            if link.role == "host":
                return peer, [N_("Keep waiting"), N_("Let a bot take the seat"), N_("End the match")]
            return peer, [N_("Keep waiting"), N_("Leave the match")]
        return None

    def prompt_update(self, table, peer: int, items: list[str]) -> None:
        inp = table.app.input
        if inp.menu("UP"):
            self.prompt_sel = (self.prompt_sel - 1) % len(items)
        if inp.menu("DOWN"):
            self.prompt_sel = (self.prompt_sel + 1) % len(items)
        self.prompt_sel %= len(items)
        if inp.pressed("A"):
            choice = items[self.prompt_sel]
            self.prompt_sel = 0
            s = self.link.session
            if choice == "Keep waiting":
                self.dismissed.add(peer)
            elif choice == "Let a bot take the seat":
                s.drop_peer(peer)
            elif choice == "End the match":
                s.drop_peer(peer)  # its inputs will never come: the host fills its seats up to the end
                s.end_match()
                self.dismissed.add(peer)
            elif choice == "Leave the match":
                self.link.close("left the match")
                go_lan_menu(table.app, _("You left the match."))

    def open_claims(self) -> list:
        """Host: the spectators' requests for a seat another player lost that the host's bot still plays."""
        s = self.link.session
        return [c for c in self.link.claim_requests if c.seat in s.dropped and s.owners[c.seat] == 0]

    def claim_prompt(self) -> tuple[object, list[str]] | None:
        """Host: the first open request to take a dropped seat (a player's token proves nothing of someone else's
        seat: the host decides), and the choices offered."""
        claims = self.open_claims() if self.link.role == "host" else []
        if not claims:
            return None
        who = claims[0].name or self.link.peer_name(claims[0].peer)
        return claims[0], [_("Let {name} play it").format(name=who), _("Keep the bot")]

    def claim_prompt_update(self, table, claim, items: list[str]) -> None:
        inp = table.app.input
        if inp.menu("UP") or inp.menu("DOWN"):
            self.prompt_sel = 1 - self.prompt_sel % 2
        if inp.pressed("A"):
            s = self.link.session
            if self.prompt_sel % 2 == 0:
                s.allow_claim(claim.seat, claim.peer)
            else:
                s.refuse_claim(claim.seat, claim.peer)
            self.prompt_sel = 0
            self.link.claim_requests.remove(claim)

    def draw_claim_prompt(self, table, surf: pygame.Surface, claim, items: list[str]) -> None:
        r = pygame.Rect(0, 0, 760, 120 + 44 * len(items))
        r.center = (W // 2, H // 2)
        panel(surf, r, 235, (20, 14, 8), GOLD, 14)
        link = self.link
        who = claim.name or link.peer_name(claim.peer)
        lost = link.session.dropped.get(claim.seat)
        seat = _("{name}'s seat").format(name=link.peer_name(lost)) if lost else table.seat_name(claim.seat)
        title = _("{name} asks to play {seat}").format(name=who, seat=seat)
        draw_text(surf, title, (r.centerx, r.y + 38), size_to_fit(title, r.width - 40, 24, bold=True), GOLD,
                  bold=True, anchor="center")
        body = _("A bot plays that seat since its player left. The match goes on meanwhile.")
        draw_text(surf, body, (r.centerx, r.y + 74), size_to_fit(body, r.width - 40, 18), WHITE, anchor="center")
        draw_menu(surf, items, self.prompt_sel % 2, (r.centerx, r.y + 100 + 22 * len(items)), size=22, spacing=44)

    def claim_update(self, table) -> None:
        """A spectator may take over a seat the host's bot plays since its player was lost: A on any device."""
        s, m, inp = self.link.session, table.match, table.app.input
        seats = self.claimable()
        if not seats or s.claim_pending:
            return
        for dev in list(inp.devices):
            if inp.pressed("A", [dev]) and m.seat_of_device(dev) is None:
                seat = seats[0]
                self.link.claim_specs[seat] = SeatSpec("human", dev)
                s.request_seats([seat])
                table.app.audio.play("select")
                return

    def claimable(self) -> list[int]:
        s, st = self.link.session, self.link.status()
        if self.link.role == "host" or st.catching_up or st.phase != Phase.PLAYING:
            return []
        return sorted(k for k in s.dropped if s.owners[k] != s.index)

    # --- drawing (over the table, under any overlay)
    def draw(self, table, surf: pygame.Surface) -> None:
        st = self.link.status()
        self.draw_net_hud(surf, st)
        if not table.match.is_over():
            self.draw_clocks(table, surf, st)
        s = self.link.session
        if st.catching_up:
            panel(surf, (W // 2 - 260, H // 2 - 40, 520, 80), 220, border=GOLD)
            line = _("Catching up… tick {tick} of ~{total}").format(
                tick=format_number(st.catch_up[0]), total=format_number(st.catch_up[1]))
            draw_text(surf, line, (W // 2, H // 2), size_to_fit(line, 500, 26, bold=True), GOLD, bold=True,
                      anchor="center")
        seats = self.claimable()
        if seats and not table.match.human_seats():
            msg = _("{seat}'s seat is played by a bot since its player left: press your select key (E, Enter, O, "
                    "Num0 or pad A) to take it").format(seat=table.seat_name(seats[0]))
            if s.claim_pending:
                msg = _("Asking the host for {seat}'s seat…").format(seat=table.seat_name(seats[0]))
            lines = wrap(msg, 17, W - 110)[:2]
            panel(surf, (40, H - 78 - 11 * len(lines) - 10, W - 80, 20 * len(lines) + 16), 220, (60, 45, 10), GOLD, 10)
            for k, line in enumerate(lines):
                draw_text(surf, line, (W // 2, H - 78 - 10 * (len(lines) - 1) + 20 * k), 17, WHITE, anchor="center")
        if not table.match.is_over():
            prompt = self.lost_prompt()
            asked = self.claim_prompt() if prompt is None else None
            if prompt is not None:
                surf.blit(shade(150), (0, 0))  # the table waits behind the question
                self.draw_prompt(table, surf, *prompt)
            elif asked is not None:
                self.draw_claim_prompt(table, surf, *asked)
            self.draw_notices(surf)

    CLOCK_AT = (12, 50)  # px: the turn clock's countdown, top left, under the game's name (clear of the hands)

    def draw_clocks(self, table, surf: pygame.Surface, st: NetStatus) -> None:
        """The turn clocks in their last 15 s (``netplay.turnclock``), one line top left: "Your move: 12 s left" (red
        from 5 s), or "Bo: 12 s to move"; at 0 "Time is up: a bot moves for Bo"."""
        clocks = st.clocks
        if not clocks:
            return
        s = self.link.session
        parts = []
        for seat, left in sorted(clocks.items()):
            secs = format_number(int(left + 0.999))
            mine = s.owners[seat] == s.index and table.match.seats[seat].kind == "human"
            if left <= 0:
                parts.append(_("Time is up: a bot moves for you") if mine else
                             _("Time is up: a bot moves for {seat}").format(seat=table.seat_name(seat)))
            else:
                parts.append(_("Your move: {seconds} s left").format(seconds=secs) if mine else
                             _("{seat}: {seconds} s to move").format(seat=table.seat_name(seat), seconds=secs))
        line = " · ".join(parts)
        low = min(clocks.values()) <= 5
        size = size_to_fit(line, W // 2 - 120, 22, bold=True)
        w = text_image(line, size, WHITE, True).get_width()
        r = pygame.Rect(self.CLOCK_AT, (w + 52, 34))
        col = RED if low else GOLD
        panel(surf, r, 235, (60, 14, 10) if low else (20, 14, 8), col, 10)
        c = (r.x + 20, r.centery)  # a clock face: the time is running
        pygame.draw.circle(surf, col, c, 10, 2)
        pygame.draw.line(surf, col, c, (c[0], c[1] - 6), 2)
        pygame.draw.line(surf, col, c, (c[0] + 5, c[1]), 2)
        draw_text(surf, line, (r.x + 38, r.centery), size, RED if low else WHITE, bold=True, anchor="midleft")

    def draw_notices(self, surf: pygame.Surface) -> None:
        """The last LAN notices (who joined, lost connection, is back...), under the network HUD, each wrapped in
        at most two lines of 16 px in the top right corner (``NOTICE_WIDTH`` px)."""
        now = self.link.clock()
        y = 32
        for t, text in self.link.notices[-2:]:
            if now - t > 5.0:
                continue
            lines = wrap(text, 16, self.NOTICE_WIDTH)
            if len(lines) > 2:
                lines = [lines[0], wrap(" ".join(lines[1:]), 16, self.NOTICE_WIDTH - 20)[0] + "…"]
            for line in lines:
                r = draw_text(surf, line, (W - 10, y), 16, GOLD, anchor="topright", shadow=True)
                y = r.bottom + 1
            y += 3

    NOTICE_WIDTH = 520  # px: the top right corner, clear of the table's title and the turn line

    def draw_net_hud(self, surf: pygame.Surface, st: NetStatus) -> None:
        silent = st.silent
        ms = format_number(st.ping_ms)  # details: the log
        text = _("watching · ping {ms} ms").format(ms=ms) if not self.link.session.local_seats else \
            _("ping {ms} ms").format(ms=ms)
        if st.relayed:
            text += " · " + _("relayed")
        img_w = text_image(text, 16, WHITE).get_width()
        r = pygame.Rect(0, 0, img_w + 12 + (20 if silent else 0), 24)
        r.topright = (W - 4, 4)
        panel(surf, r, 190, (0, 0, 0), GOLD if silent else None, 8)
        x = r.x + 6
        if silent:
            surf.blit(warning_icon(16), (x, r.y + 4))
            x += 20
        draw_text(surf, text, (x, r.centery), 16, GOLD if silent else WHITE, anchor="midleft")

    def draw_prompt(self, table, surf: pygame.Surface, peer: int, items: list[str]) -> None:
        link = self.link
        seats = link.seats_of(peer)
        since = link.silent.get(peer, link.clock())
        waited = max(0.0, link.clock() - since)
        name = link.peer_name(peer)
        if peer == 0 and link.role != "host":
            title = _("The host lost connection — waiting…")
        else:
            seat_names = [table.seat_name(k) for k in seats]
            # the seats in brackets only when they are not named after the player ("Cy", "Cy 2"): no "Cy (Cy)"
            if all(n == name or n.startswith(name + " ") for n in seat_names):
                title = _("{name} lost connection — waiting…").format(name=name)
            else:
                title = _("{seats} ({name}) lost connection — waiting…").format(seats=", ".join(seat_names),
                                                                               name=name)
        left = max(0.0, link.timeout - 0.5 - waited)
        if link.role == "host":
            sub = _("A bot takes the seat in {seconds} s unless the connection comes back.").format(
                seconds=format_number(round(left)))
        elif peer == 0:  # the host itself is silent: nobody decides; after HOST_TIMEOUT the joiner may rejoin
            left = max(0.0, min(link.timeout, HOST_TIMEOUT) - 0.5 - waited)
            sub = _("The match waits {seconds} s more for the host; then you may rejoin or leave.").format(
                seconds=format_number(round(left)))
        else:
            sub = _("The host decides; the match waits ({seconds} s).").format(seconds=format_number(round(waited)))
        subs = wrap(sub, 18, 640)[:2]
        step = fonts.pitch(18, 22)
        r = pygame.Rect(0, 0, 760, 120 + menu_spacing(22, 44) * len(items) + step * (len(subs) - 1))
        r.center = (W // 2, H // 2)
        panel(surf, r, 255, (20, 14, 8), GOLD, 14)  # opaque: nothing of the table shows through
        surf.blit(warning_icon(34), (r.x + 24, r.y + 22))
        draw_text(surf, title, (r.centerx + 20, r.y + 38), size_to_fit(title, r.width - 130, 24, bold=True), GOLD,
                  bold=True, anchor="center")
        for k, line in enumerate(subs):
            draw_text(surf, line, (r.centerx, r.y + 74 + step * k), 18, WHITE, anchor="center")
        labels = [_(i) for i in items]
        sp = menu_spacing(22, 44)
        draw_menu(surf, labels, self.prompt_sel, (r.centerx, r.y + 100 + step * (len(subs) - 1) + sp // 2 * len(items)
                                                   + (step - 22) + (sp - 44) // 2),
                  size=size_to_fit(labels, r.width - 120, 22, bold=True), spacing=44)

    # --- the pause menu (``arcade.client.scenes.pause.PauseScene``): the match goes on underneath
    def pause_items(self) -> list[str]:
        if self.link.role == "host":
            return [N_("Resume"), N_("How to play"), N_("End the match for everyone"), N_("Leave (the match ends)")]
        return [N_("Resume"), N_("How to play"), N_("Leave the match")]

    PAUSE_CONFIRM = {"End the match for everyone": N_("End the match for everyone now?"),
                     "Leave (the match ends)": N_("Leave? The match ends for everyone."),
                     "Leave the match": N_("Leave the match? A bot takes your seat.")}

    def pause_closes(self, table) -> bool:
        """The pause menu closes by itself when the match ends or the connection fails."""
        return table.match.is_over() or bool(self.link.failure)

    def pause_do(self, item: str, pause) -> None:
        """A LAN pause item other than Resume and How to play."""
        if item == "End the match for everyone":
            self.link.session.end_match()
            pause.app.pop()
        else:
            self.link.close("left the match")
            go_lan_menu(pause.app, _("You left the match."))

    # --- the results (``arcade.client.scenes.results.ResultsScene``): back to the lobby for a rematch, or leave
    RESULT_ITEMS = (N_("Back to the lobby"), N_("Leave"))

    def result_title(self, table, title: str) -> str:
        ev = table.match.ended
        return _("Match ended by the host") if ev is not None and ev.kind != EndReason.GAME_OVER else title

    def result_record(self, table) -> dict:
        ev = table.match.ended
        return {"lan": True, "frame": ev.tick if ev else None, "deal": self.result_deal(table)}

    def result_deal(self, table) -> str | None:
        """The results screen's line on the deal of a host-authoritative turn game, from the ``MatchEnded`` event's
        ``deal`` field (``arcade.core.peerviews.deal_line``): "Deal verified", "This match was not dealt fairly", or
        None (no line: Grisbi, no reveal, the match not over)."""
        ev = table.match.ended
        line = deal_line(getattr(ev, "deal", None)) if ev is not None else None
        return line if line is not None or not self.restarts() else ""  # "": only the restarts

    def draw_deal(self, surf, line: str, center: tuple[int, int]) -> None:
        """The deal's line under the results' title: green with a tick when verified, red with a cross when not;
        under it, in gold, how many times the deal started over (a player left after it began), if it did."""
        restarts = self.restarts()
        x, y = center
        if line:
            ok = line == DEAL_VERIFIED
            draw_text(surf, ("✓ " if ok else "✗ ") + _(line), (x, y - 7 if restarts else y), 21 if not restarts
                      else 19, GREEN if ok else RED, bold=True, anchor="center")
        if restarts:
            draw_text(surf, restarts, (x, y + 14 if line else y), size_to_fit(restarts, W - 240, 16), GOLD,
                      anchor="center")

    def restarts(self) -> str:
        """How many times the deal started over, in words ("" if it did not)."""
        return restarts_line(self.link.status().deal_restarts)

    def results_update(self, scene) -> bool:
        """Every results tick: the session goes on (the others may still be finishing); a scripted run exits once
        every peer has stopped. True when the run ends here."""
        self.keep_alive()
        scene.waited = getattr(scene, "waited", 0) + 1
        if scene.app.opts.exit_on_results and (self.link.session.done or scene.waited > 300):
            scene.app.quit(0)
            return True
        return False

    def results_do(self, item: str, scene) -> None:
        app, link = scene.app, self.link
        if item == "Back to the lobby":
            link.rematch()
            while app.stack and app.top.name != "lan_lobby" and len(app.stack) > 1:
                app.pop()
            if app.top.name != "lan_lobby":
                app.push(router.make(app, "lan_lobby", link))
            else:
                app.top.table = None
        else:
            link.close("left")
            go_lan_menu(app)
