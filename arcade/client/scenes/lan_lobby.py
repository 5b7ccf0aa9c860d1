"""The LAN lobby: the seats, who holds them, the ready flags, the settings digest, the countdown."""

from __future__ import annotations

import pygame

from netplay.discovery import is_loopback, lan_addresses
from netplay.events import FailReason
from netplay.settings import AUTHORITY
from netplay.turnclock import TURN_CLOCKS

from arcade.games import REGISTRY, definition_of
from arcade.core.match import SeatSpec, BOT_LEVELS
from arcade.core.i18n import N_, _, format_number, ngettext
from arcade.client.render import fonts
from arcade.client.render.fonts import draw_text, font, size_to_fit, wrap, text as text_image
from arcade.client.render.widgets import (DIM, GOLD, H, W, WHITE, banner, draw_menu, draw_toast, felt, hint_bar,
                                          menu_rects, panel, menu_spacing, GREEN, RED)
from arcade.client.scenes import Scene, router
from arcade.client.lan import LanLink
from arcade.client.net.prompts import NetTable, back_item, failure_title, go_lan_menu
from arcade.client.net.status import Phase
from arcade.client.net.words import restarts_line
from arcade.client.networds import net_line
from arcade.client.scenes.lan_message import LanMessageScene
from arcade.client.scenes.lan_common import _spec_label, draw_subtitle
from arcade.client.scenes.setup import seat_label

__all__ = ["LanLobbyScene"]


_REFUSALS = (FailReason.WRONG_CODE, FailReason.TOO_MANY_TRIES, FailReason.FULL, FailReason.STARTED,
             FailReason.VERSION, FailReason.SETTINGS, FailReason.UNFAIR_DEAL)


COUNTDOWN = 3.0


def code_lines(code: str, width: int, height: int) -> tuple[list[str], int, int]:
    """An internet code drawn as large as it fits in ``width``×``height`` px: one line from 56 px down to 30, else
    two lines broken after the dash that best balances them ("123-stethoscope-" / "watchword-performance"), at the
    largest size whose two lines fit side by side and one above the other (never under 16). Returns (lines, size in
    px, the distance between the lines' centres in px)."""
    def img(s: str, size: int) -> pygame.Surface:
        return text_image(s, size, GOLD, True)

    for size in range(56, 29, -2):
        if img(code, size).get_width() <= width:
            return [code], size, 0
    dashes = [i for i, ch in enumerate(code) if ch == "-"]
    if not dashes:
        return [code], size_to_fit(code, width, 30, bold=True), 0
    cut = min(dashes, key=lambda i: abs(img(code[:i + 1], 20).get_width() - img(code[i + 1:], 20).get_width()))
    lines = [code[:cut + 1], code[cut + 1:]]
    size = 40
    while size > 16 and (max(img(s, size).get_width() for s in lines) > width
                         or 2 * img(lines[0], size).get_height() > height):
        size -= 1
    return lines, size, img(lines[0], size).get_height()


def centred_lines(surf: pygame.Surface, text: str, center: tuple[int, int], width: int, size: int, color,
                  bold: bool = False, pitch: int = 0) -> int:
    """``text`` centred on ``center`` (px), at most ``width`` px wide: a little smaller if that is enough (never
    under 16 px), else broken into lines ``pitch`` px apart (default: the size + 3) from ``center``'s height down.
    Returns how many lines it took."""
    fitted = size_to_fit(text, width, size, bold=bold)
    lines = [text] if text_image(text, fitted, color, bold).get_width() <= width else wrap(text, 16, width, bold)
    size = fitted if len(lines) == 1 else 16
    step = pitch or size + 3
    if fonts.text_scale() > 100:  # taller rows at a larger text size
        step = max(step, fonts.line_height(size, bold))
    for k, line in enumerate(lines):
        draw_text(surf, line, (center[0], center[1] + step * k), size, color, bold=bold, anchor="center")
    return len(lines)


def describe_settings(st) -> str:
    """The lobby's line about the match: game, seats, mode, options in the setup screen's words (the player's
    language)."""
    parts = [_(definition_of(st.game).spec.name) if st.game in REGISTRY else st.game,
             ngettext("{n} seat", "{n} seats", st.seats).format(n=format_number(st.seats))]
    parts.append(_("turn by turn") if st.mode in ("lockstep", "authority") else _("real time"))
    opts = st.option_dict()
    for o in definition_of(st.game).spec.options if st.game in REGISTRY else ():
        if o.key in opts and opts[o.key] in o.values:
            parts.append(_("{option}: {value}").format(option=_(o.label),
                                                      value=_(o.labels[o.values.index(opts[o.key])])))
    if st.tick_rate != 60:
        parts.append(_("{rate} Hz").format(rate=format_number(st.tick_rate)))
    return " · ".join(parts)


def host_addresses(link: LanLink) -> tuple[str, list[str]]:
    """(heading, addresses) of what friends type to join this host: ``"IP:PORT"`` for each non-loopback IPv4
    address of this machine the game port is bound on; when there is none, "this machine only" and 127.0.0.1."""
    bound, port = link.transport.address
    ips = [] if is_loopback(bound) else [ip for ip in lan_addresses() if bound in ("0.0.0.0", ip)]
    if ips:
        return _("Friends type this address to join"), [f"{ip}:{port}" for ip in ips]
    if is_loopback(bound):
        return _("This machine only (see LAN settings)"), [f"127.0.0.1:{port}"]
    return _("This machine only: no network found"), [f"127.0.0.1:{port}"]


class LanLobbyScene(Scene):
    """The peers, their seats, ready flags and the settings digest; Ready (joiners), Start (host), the countdown."""

    name = "lan_lobby"

    def __init__(self, app, link: LanLink) -> None:
        super().__init__(app)
        self.link = link
        self.sel = 0
        self.table = None
        self.counting = False

    # rows: host: one per seat, then Start, Leave; joiner: Ready, Leave
    def items(self) -> list[str]:
        s = self.link.session
        if self.link.role == "host":
            clock = ["clock"] if self.link.settings is not None and self.link.settings.mode == AUTHORITY else []
            return [f"seat{i}" for i in range(len(s.owners))] + clock + ["start", "leave"]
        if self.link.watch:
            return ["leave"]
        return ["ready", "leave"]

    def enter(self) -> None:
        if self.table is not None and self.link.match is not None and self.link.match is self.table.match \
                and self.link.session.done:
            self.table = None  # back from a match without a rematch request: stay on the last lobby

    def update(self) -> None:
        link, inp = self.link, self.app.input
        link.pump()
        s, st = link.session, link.status()
        if link.failure_said is not None:
            failure = link.failure_said
            rejoin = link.can_rejoin
            title = N_("Cannot join") if s.settings is None or link.failure_kind in _REFUSALS else \
                N_("Connection lost")
            title = failure_title(link) if s.settings is not None and link.failure_kind not in _REFUSALS else title
            self.app.replace(LanMessageScene(self.app, title, failure, link if rejoin else None,
                                             back=back_item(link)))
            if not rejoin:
                link.close()
            return
        if inp.escape_pressed:
            self.leave_lobby()
            return
        if link.online is not None and (pygame.K_c in inp.key_events or inp.clicked([self.CODE_RECT]) is not None):
            self.copy_code()
        copied = getattr(self, "copied", None)
        if copied is not None and (link.clock() - copied[0] > self.COPIED_S or copied[1] != st.code):
            if self.app.notice == copied[2]:  # "Copied CODE" goes after a while, at once if the code changed
                self.app.notice = ""
            self.copied = None
        if st.in_match:
            if st.table_ready and (self.table is None or self.table.match is not link.match):
                self.table = router.table(link.match.game_id)(self.app, link.match, net=NetTable(link))
                self.app.push(self.table)
            return
        if st.scripted:
            return  # scripted (--lan-auto): ready and Start need no key (a script's keys are for the match)
        items = self.items()
        self.sel = min(self.sel, len(items) - 1)
        if inp.menu("UP"):
            self.sel = (self.sel - 1) % len(items)
        if inp.menu("DOWN"):
            self.sel = (self.sel + 1) % len(items)
        self.sel, clicked = inp.pointed(self.item_rects(), self.sel)
        it = items[self.sel]
        a = inp.pressed("A") or clicked
        if link.role == "host":
            self.host_update(it, a)
        elif a and st.in_lobby:
            if it == "ready":
                s.set_ready(not s.ready_flag)
                self.app.audio.play("select")
            elif it == "leave":
                self.leave_lobby()
        elif a and it == "leave":
            self.leave_lobby()

    def item_rects(self) -> list[pygame.Rect]:
        """Each item on screen (px), in ``items`` order: the host's seat rows, then the menu under them."""
        items = self.items()
        n = len(self.link.session.owners)
        seats = [pygame.Rect(48, 195 + 40 * i - 20, 764, 40) for i in range(n)] if self.link.role == "host" else []
        m = len(items) - len(seats)
        return seats + menu_rects(m, (430, self.menu_centre(215 + 40 * n, m, 26)), 46, size=26)

    @staticmethod
    def menu_centre(y: int, m: int, size: int) -> int:
        """The centre line (px) of the lobby's menu of ``m`` items of ``size`` px under the status line at ``y``:
        ``y + 30 * m``, lower when a larger text size makes the status line and the items taller."""
        centre = y + 30 * m
        if fonts.text_scale() > 100:
            first = y - 3 + font(19).get_height() // 2 + font(size, True).get_height() // 2 + 10
            centre = max(centre, first + (m - 1) * menu_spacing(size, 46) // 2)
        return centre

    def host_update(self, it: str, a: bool | None = None) -> None:
        s, inp = self.link.session, self.app.input
        a = inp.pressed("A") if a is None else a
        if self.link.status().phase != Phase.LOBBY:
            return
        left = s.countdown_left()
        if left is not None:
            if s.start_problem():
                s.set_countdown(None)
                self.app.notice = _("Countdown stopped: {problem}").format(problem=net_line(s.start_problem()))
            elif left <= 0:
                s.start()
            elif a or inp.pressed("B"):
                s.set_countdown(None)  # the host changed their mind
            return
        local = [k for k, sp in enumerate(self.link.plan) if sp.kind != "remote"]  # seats this machine plays
        if it == "clock" and (inp.menu("RIGHT") or inp.menu("LEFT") or a):
            k = TURN_CLOCKS.index(self.link.turn_clock) if self.link.turn_clock in TURN_CLOCKS else 2
            self.link.set_turn_clock(TURN_CLOCKS[(k + (-1 if inp.menu("LEFT") else 1)) % len(TURN_CLOCKS)])
            self.app.audio.play("move")
            return
        if a and it.startswith("seat") and int(it[4:]) in local:
            it = "start"  # Enter on one's own seat: nothing to change there, so it starts (as the hint bar says)
        step = inp.menu("RIGHT") or inp.menu("LEFT") or (a and it.startswith("seat"))
        if step and it.startswith("seat"):
            i = int(it[4:])
            o = s.owners[i]
            if o in (None, 0) and i not in local:
                s.set_open(i, o == 0)
                self.app.audio.play("move")
            elif o not in (None, 0):
                self.app.notice = _("{name} holds this seat (the back button removes them).").format(
                    name=self.link.peer_name(o))
        if it.startswith("seat") and inp.pressed("B"):
            o = s.owners[int(it[4:])]
            if o not in (None, 0):
                name = self.link.peer_name(o)
                if s.kick(o):  # the seat is open again; the player is told they were removed
                    self.app.notice = _("{name} was removed from the lobby.").format(name=name)
                    self.app.audio.play("back")
        if a and it == "start":
            problem = s.start_problem()
            if problem:
                self.app.notice = _("Cannot start yet: {problem}.").format(problem=net_line(problem))
                self.app.audio.play("back")
            else:
                self.app.notice = ""
                s.set_countdown(COUNTDOWN)
                self.app.audio.play("start")
        elif a and it == "leave":
            self.leave_lobby()

    def leave_lobby(self) -> None:
        self.link.close("left the lobby")
        self.app.audio.play("back")
        go_lan_menu(self.app)

    CODE_RECT = pygame.Rect(860, 160, 370, 72)  # the online code, large: a click copies it
    COPIED_S = 4.0  # s: how long "Copied CODE" stays (gone at once when the code changes: it would name the old one)

    def draw_online_code(self, surf: pygame.Surface) -> None:
        """The internet code as large as fits (copyable: C or a click), read out word by word, and how the code's
        meetings are going (host); the route to the host (joiner)."""
        link = self.link
        width = self.CODE_RECT.width
        head = _("INTERNET CODE")
        draw_text(surf, head, (1045, 142), size_to_fit(head, width, 20, bold=True), DIM, bold=True, anchor="center")
        code = link.status().code
        lines, size, pitch = code_lines(code, width, self.CODE_RECT.height)
        cx, cy = self.CODE_RECT.center
        for k, part in enumerate(lines):
            draw_text(surf, part, (cx, cy + (k - (len(lines) - 1) / 2) * pitch), size, GOLD, bold=True,
                      anchor="center", shadow=True)
        line = _("say: {words}").format(words=" · ".join(code.split("-")))
        draw_text(surf, line, (1045, 240), size_to_fit(line, width, 18), WHITE, anchor="center")
        if link.role == "host":  # how friends join (how the code's meetings go: ``draw_online_line``)
            y = 266
            if link.status().code_note:  # the code changed: why, in one line ("someone else held the code: ...")
                y += 21 * centred_lines(surf, net_line(link.status().code_note), (1045, y), width, 17, GOLD, pitch=19)
            for text in (_("Friends: Play online → Join online, type it"), _("C or click the code: copy it")):
                y += fonts.pitch(17, 21) * centred_lines(surf, text, (1045, y), width, 17, DIM, pitch=19)
        else:
            draw_text(surf, _("Host"), (1045, 272), 17, DIM, anchor="center")
            draw_text(surf, link.where, (1045, 298), size_to_fit(link.where, width, 18), WHITE, anchor="center")

    def draw_online_line(self, surf: pygame.Surface, y: int) -> None:
        """Host online: how the code's meetings and a friend's connection go (``netplay.online``'s line, worded),
        from ``y`` (px) down, under the list of who is connected; once every seat is filled, nothing (its "waiting
        for players" would be stale: the status line under the seats says where the seats stand)."""
        if all(o is not None for o in self.link.session.owners):
            return
        failed = self.link.join_failed  # a friend who could not connect, and why: it stays until someone connects
        lines = [(ln, WHITE) for ln in wrap(failed.text(), 16, 390)[:3]] if failed is not None else []
        lines += [(ln, GOLD) for ln in wrap(net_line(self.link.online.line), 16, 390)[:4]]
        for k, (line, color) in enumerate(lines):
            draw_text(surf, line, (1045, y + fonts.pitch(16, 20) * k), 16, color, anchor="center")

    def copy_code(self) -> None:
        """The code to the clipboard (pygame's scrap), or a line saying it could not be."""
        code = self.link.status().code
        try:
            pygame.scrap.put_text(code)  # pygame-ce: SDL's clipboard, no init needed
            self.app.notice = _("Copied {code}: paste it to your friends.").format(code=code)
            self.copied = (self.link.clock(), code, self.app.notice)
        except (pygame.error, AttributeError, NotImplementedError) as e:
            self.app.notice = _("Could not copy ({error}): read the code out instead.").format(error=e)

    def seat_holder(self, i: int) -> tuple[str, str, bool | None]:
        """(who, how, ready) of a seat as this peer knows it, in the player's language ("Bot (hard)", "on the
        host"); an open seat: ("open", "waiting for a player", None)."""
        link, s = self.link, self.link.session
        owners = s.owners if s.owners else []
        o = owners[i] if i < len(owners) else None
        peers = {p.peer: p for p in s.peers()}
        if o is None:
            return _("open"), _("waiting for a player"), None
        mine = (link.role == "host" and o == 0) or (link.role != "host" and o == s.index)
        if mine:
            spec = link.spec_for(i) if link.role == "host" else (
                link.local[sorted(s.my_seats).index(i)] if i in s.my_seats and
                sorted(s.my_seats).index(i) < len(link.local) else SeatSpec("bot"))
            p = peers.get(o)
            if spec.kind == "bot":  # a bot is never shown under a player's name
                return _bot(spec.level), _("on this machine"), (p.ready if p else True)
            return _("{name} (here)").format(name=link.shown_name), _spec_label(spec), (p.ready if p else True)
        p = peers.get(o)
        level = dict(p.bots).get(i) if p else None
        if level:  # the host's bot: shown as a bot on every peer, as the host shows it
            return _bot(level), _("on the host"), p.ready
        return (p.name if p and p.name else (_("host") if o == 0 else _("peer {n}").format(n=o))), (
            _("on the host") if o == 0 else _("on their machine")), (p.ready if p else None)

    def draw(self, surf, alpha) -> None:
        surf.blit(felt(), (0, 0))
        link, s, ns = self.link, self.link.session, self.link.status()
        st = s.settings or link.settings
        gid = st.game if st else link.game_id
        game = _(definition_of(gid).spec.name) if gid in REGISTRY else gid
        title = _("Lobby · {game}").format(game=game) if gid else _("Lobby")
        if link.role != "host" and (ns.phase == Phase.JOINING or (ns.phase == Phase.PLAYING and self.table is None)):
            banner(surf, _("Joining the match in play…") if ns.late else _("Starting the match…"),
                   _("at {where}").format(where=link.where) if link.online is None else link.where, y=60)
            if ns.refereed:  # a turn game: the host's first view of our seats is on its way
                text = _("Waiting for the host's table")
            else:
                text = _("Receiving the state of the table ({done}/{total})").format(
                    done=format_number(ns.snapshot[0]), total=format_number(ns.snapshot[1]))
            draw_text(surf, text, (W // 2, 300), 24, WHITE, anchor="center")
            hint_bar(surf, [_("Esc cancel")])
            return
        if ns.phase == Phase.CONNECTING:
            banner(surf, _("Connecting…"), _("to {where}").format(where=link.where) if link.online is None else
                   link.where, y=60)
            wait = (_("Waiting for the host to open a new lobby (Back to the lobby on the host's screen)…")
                    if link.matches else _("Waiting for the host to answer."))
            for k, line in enumerate(wrap(wait, 24, W - 120)[:2]):
                draw_text(surf, line, (W // 2, 300 + 34 * k), 24, WHITE, anchor="center")
            draw_toast(surf, self.app.notice, 120)
            hint_bar(surf, [_("Esc cancel")])
            return
        banner(surf, title, "", y=44, size=size_to_fit(title, W - 80, 44, bold=True))
        draw_subtitle(surf, describe_settings(st) if st else "", 92)
        # seats
        x0, x1 = 40, 820
        n = len(s.owners)
        panel(surf, (x0, 135, x1 - x0, 60 + 40 * n), 170)
        for t, x, room in ((_("Seat"), x0 + 24, 196), (_("Player"), x0 + 230, 200), (_("Plays with"), x0 + 440, 220),
                           (_("Ready"), x1 - 110, 100)):
            draw_text(surf, t, (x, 150), size_to_fit(t, room, 17, bold=True), DIM, bold=True)
        items = self.items()
        for i in range(n):
            y = 195 + 40 * i
            sel = link.role == "host" and items[self.sel] == f"seat{i}"
            if sel:
                pygame.draw.rect(surf, (80, 60, 10), (x0 + 8, y - 17, x1 - x0 - 16, 36), border_radius=8)
            who, how, ready = self.seat_holder(i)
            is_open = s.owners[i] is None
            col = GOLD if sel else WHITE
            label = seat_label(gid, i)
            draw_text(surf, label, (x0 + 24, y), size_to_fit(label, 196, 20), col, anchor="midleft")
            draw_text(surf, who, (x0 + 230, y), size_to_fit(who, 200, 20, bold=sel), GREEN if is_open else col,
                      bold=sel, anchor="midleft")
            draw_text(surf, how, (x0 + 440, y), size_to_fit(how, 220, 18), DIM if is_open else col, anchor="midleft")
            mark = "" if ready is None else (_("✔ ready") if ready else _("not yet"))
            draw_text(surf, mark, (x1 - 110, y), size_to_fit(mark, 100, 18), GREEN if ready else DIM,
                      anchor="midleft")
        # menu, under the status line that follows the seats
        y = 215 + 40 * n
        status = self.seat_status()
        draw_text(surf, status, ((x0 + x1) // 2, y - 3), size_to_fit(status, x1 - x0 - 40, 19), GOLD, anchor="center")
        labels = []
        counting = ns.countdown is not None
        for it in items:
            if it == "start":
                labels.append(_("Stop the countdown") if counting else _("START"))
            elif it == "ready":
                labels.append(_("I'm not ready") if s.ready_flag else _("READY"))
            elif it == "leave":
                labels.append(_("Leave the lobby"))
            elif it == "clock":
                labels.append(clock_label(self.link.turn_clock))
        if labels:
            k = self.sel - (len(items) - len(labels))
            size = size_to_fit(labels, x1 - x0 - 80, 26, bold=True)
            draw_menu(surf, labels, k if k >= 0 else -1, ((x0 + x1) // 2, self.menu_centre(y, len(labels), size)),
                      size=size, spacing=46)
        # the code and the peers
        panel(surf, (850, 120, 390, 245), 190, border=GOLD)
        if link.online is not None:
            self.draw_online_code(surf)
        elif link.role == "host":
            draw_text(surf, _("JOIN CODE"), (1045, 142), 20, DIM, bold=True, anchor="center")
            draw_text(surf, link.code, (1045, 194), 68, GOLD, bold=True, anchor="center", shadow=True)
            head, addrs = host_addresses(link)
            below = fonts.pitch(16, 19) * (centred_lines(surf, head, (1045, 246), 370, 17, DIM) - 1)
            for k, a in enumerate(addrs[:3]):
                y = 246 + below + fonts.pitch(24, 26, True) + fonts.pitch(20, 26) * k
                draw_text(surf, a, (1045, y), 24 if k == 0 else 20, WHITE, bold=k == 0, anchor="center")
        else:
            draw_text(surf, _("JOIN CODE"), (1045, 142), 20, DIM, bold=True, anchor="center")
            draw_text(surf, link.code, (1045, 194), 68, GOLD, bold=True, anchor="center", shadow=True)
            draw_text(surf, _("Host"), (1045, 246), 17, DIM, anchor="center")
            draw_text(surf, f"{link.address[0]}:{link.address[1]}", (1045, 272), 24, WHITE, bold=True,
                      anchor="center")
        panel(surf, (850, 380, 390, 40 + 30 * max(1, len(ns.peers))), 170)
        draw_text(surf, _("Connected"), (870, 392), 18, DIM, bold=True)
        first = 392 + max(36, font(18, True).get_linesize() + font(18).get_linesize() // 2 + 2)  # row 0's centre
        for k, p in enumerate(ns.peers):
            ms = ns.pings.get(p.peer if link.role == "host" else 0)
            ping = _("{ms} ms").format(ms=format_number(ms)) if (ms is not None and p.peer != s.index) else (
                _("you") if (p.peer == s.index or (link.role == "host" and p.peer == 0)) else _("connected"))
            role = _("host") if p.peer == 0 else (_("watching") if not p.seats else ngettext(
                "{n} seat", "{n} seats", len(p.seats)).format(n=format_number(len(p.seats))))
            ping_w = text_image(ping, 16, DIM).get_width()
            line = _("{name} · {role}").format(name=p.name or "?", role=role)
            draw_text(surf, line, (870, first + fonts.pitch(18, 30) * k),
                      size_to_fit(line, 1225 - ping_w - 12 - 870, 18), WHITE if p.status == "connected" else RED,
                      anchor="midleft")
            draw_text(surf, ping, (1225, first + fonts.pitch(18, 30) * k), 16, DIM, anchor="midright")
        if link.online is not None and link.role == "host":
            self.draw_online_line(surf, 380 + 40 + 30 * max(1, len(ns.peers)) + 22)
        if ns.countdown is not None:
            self.draw_countdown(surf, ns.countdown)
        elif ns.phase == Phase.DEALING:
            line = _("Dealing (every machine adds its share of the shuffle)…")
            draw_text(surf, line, (W // 2, H - 70), size_to_fit(line, W - 60, 20), GOLD, anchor="center")
        restarts = restarts_line(ns.deal_restarts)
        if restarts:  # a deal given up because a player left after it began: every player sees it
            draw_text(surf, restarts, (W // 2, H - 98), size_to_fit(restarts, W - 60, 18), GOLD, anchor="center")
        details = [] if ns.phase == Phase.DEALING else \
            [trust_line(link)] + ([relayed_line(link)] if link.relayed else [])
        for k, line in enumerate(reversed(details)):  # the details: what a host can still see, who is relayed
            draw_text(surf, line, (W // 2, H - 54 - 20 * k), size_to_fit(line, W - 60, 16), DIM, anchor="center")
        draw_toast(surf, self.app.notice, 660)
        if link.role == "host":
            hint_bar(surf, [_("↑/↓ choose"), _("←/→ seat open / bot"), self.enter_hint(), _("Esc leave")])
        else:
            hint_bar(surf, [_("↑/↓ choose"), self.enter_hint(), _("Esc leave")])

    def enter_hint(self) -> str:
        """What Enter does on the selected row (``host_update``), for the hint bar."""
        s, items = self.link.session, self.items()
        it = items[min(self.sel, len(items) - 1)]
        if it == "leave":
            return _("Enter/E leave")
        if it == "ready":
            return _("Enter/E not ready") if s.ready_flag else _("Enter/E ready")
        if s.countdown_left() is not None:
            return _("Enter/E stop the countdown")
        if it.startswith("seat") and self.link.plan[int(it[4:])].kind == "remote":
            o = s.owners[int(it[4:])]
            if o not in (None, 0):
                return _("{key} remove {name}").format(key=self.app.input.hint("wasd", "B"),
                                                        name=self.link.peer_name(o))
            return _("Enter/E a bot here") if o is None else _("Enter/E open the seat")
        return _("Enter/E start") if s.start_problem() is None else _("Enter/E start when all are ready")

    def seat_status(self) -> str:
        """The lobby's status line, following the seats: "2 of 3 seats filled", "all seats filled: waiting for Bob
        to be ready", "all ready: Start" (the countdown: nothing)."""
        s = self.link.session
        owners = list(s.owners)
        filled = sum(o is not None for o in owners)
        if s.countdown_left() is not None or not owners:
            return ""
        if filled < len(owners):
            return ngettext("{n} of {total} seat filled", "{n} of {total} seats filled", len(owners)).format(
                n=format_number(filled), total=format_number(len(owners)))
        problem = s.start_problem() if self.link.role == "host" else None
        if problem:
            return _("All seats filled: {problem}").format(problem=net_line(problem))
        if self.link.role == "host":
            return _("All ready: Start")
        if not self.link.watch and not s.ready_flag:
            return _("All seats filled: press Ready")
        return _("All seats filled: the host starts")

    COUNTDOWN_BOX = pygame.Rect(850, 120, 390, 245)  # over the join code: the seats and the menu stay in view

    def draw_countdown(self, surf, left: float) -> None:
        """The seconds before the match starts, large, in the join code's box (nobody needs the code any more):
        the seats and the START button (now "Stop the countdown") stay uncovered."""
        box = self.COUNTDOWN_BOX
        panel(surf, box, 255, (16, 24, 20), GOLD, 16)
        draw_text(surf, format_number(max(1, int(left + 0.999))), (box.centerx, box.y + 105), 150, GOLD, bold=True,
                  anchor="center", shadow=True)
        line = _("The match starts…")
        draw_text(surf, line, (box.centerx, box.bottom - 34), size_to_fit(line, box.width - 20, 26), WHITE,
                  anchor="center")


def clock_label(seconds: float) -> str:
    """The host lobby's turn clock row: "Turn clock: 60 s a move" or "Turn clock: off"."""
    if not seconds:
        return _("Turn clock: off")
    return _("Turn clock: {seconds} s a move").format(seconds=format_number(round(seconds)))


def _bot(level: str) -> str:
    """A bot of ``level`` as the lobby names it: "Bot (hard)", in the player's language."""
    return _(BOT_LEVELS[level]) if level in BOT_LEVELS else _("Bot ({level})").format(level=level)


def trust_line(link: LanLink) -> str:
    """One short line for the players on what the host (or any machine) can still see, whatever the defences
    (``docs/netplay.md``)."""
    st = (link.session.settings if link.session is not None else None) or link.settings
    if st is not None and st.mode == "authority":
        return _("The host's machine holds every hand (it deals and referees): host with someone you trust.")
    return _("Every machine holds every hand (a real-time game): play with people you trust.")


def relayed_line(link: LanLink) -> str:
    """Which players' inputs the host relays because their machines cannot reach each other (the last match's)."""
    names = ", ".join(link.peer_name(p) for p in link.relayed)
    return _("Relayed by the host: {names} (their machines cannot reach each other)").format(names=names)
