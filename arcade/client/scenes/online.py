"""The online screens: Title → Play online → Host online, Join online, Online servers.

How it works, for the player: the host's machine asks a meeting server (the Magic Wormhole mailbox server) for a short
code such as ``7-crossover-tiger-guitarist``; friends type it; each pair of machines then finds a way to each other over the
internet (ICE: directly, or through a TURN relay when home routers block that), and the LAN match runs over that
connection, encrypted with a key made from the code (``netplay.online``, ``arcade.client.lan``).

- **Host online** is the LAN host's seat setup (game, options, who sits where, seats open for friends) without a
  port or a code of its own: *Open the lobby* asks for a code (``OnlineWaitScene``), then the LAN lobby runs over
  the ICE transport (``LanLink.host(..., online=...)``) and shows the code large, read out word by word, copyable
  (C, or a click: the clipboard through pygame's ``scrap``). The code stays open for the next friend while seats
  are free (and for a few spectators).
- **Join online**: the code (typed at once, its words completed from Magic Wormhole's list, refused before any
  network when it cannot be one: ``code_problem``) and who plays on this machine (none: watch) → the waiting screen (meeting the host,
  finding a route, each step a line with its seconds; Esc cancels) → the LAN lobby over that connection.
- **Online servers** (also from Settings): the rendezvous URL, the STUN server, a TURN relay with its user and
  password or its shared secret, and "Always use the relay (hide my address)"; each field checked before saving
  (``server_field_problem``).

Failures are one line each with what to do (``failure_line``): a malformed, wrong or unknown code, a full match,
servers unreachable, no route. Nothing waits longer than ``netplay.ice.MAX_TOTAL_TIMEOUT`` (20 s).
"""

from __future__ import annotations

import os
import re
import time
from functools import lru_cache
from typing import Any

import pygame

from netplay.ice import MAX_TOTAL_TIMEOUT
from netplay.online import (DEFAULT_STUN, SPECTATORS, Connected, Failed, OnlineHost, OnlineJoin, OnlineSettings,
                            online_settings)
from netplay.rendezvous import PUBLIC_MAILBOX, warm_up
from netplay.wire import PROTOCOL_VERSION

from arcade.client.lan import LanError, LanLink
from arcade.client.net.script import Script
from arcade.client.net.words import NetLine, Said
from arcade.client.networds import net_line
from arcade.client.render import fonts
from arcade.client.render.fonts import draw_text, fit, size_to_fit, text as text_image, wrap
from arcade.client.render.widgets import (subtitle_y, DIM, GOLD, H, W, WHITE, banner, draw_menu, draw_toast, felt, hint_bar,
                                          panel)
from arcade.client.scenes import Scene
from arcade.client.scenes.lan import (LanHostScene, LanJoinScene, LanLobbyScene, LanMenuScene,
                                      LanMessageScene, TextField, _row, pad_devices, row_bands)
from arcade.client.scenes.menus import duplicate_device
from arcade.core.i18n import N_, _, format_number, ngettext
from arcade.core.match import SeatSpec, options_for_count

__all__ = ["OnlineMenuScene", "OnlineHostScene", "OnlineJoinScene", "OnlineWaitScene", "OnlineSettingsScene",
           "servers_of", "failure_line", "go_online", "start_online_from_cli"]


def servers_of(settings: Any) -> OnlineSettings:
    """The servers of the player's settings (``Settings.online_*``). Raises ValueError with a line to show."""
    return online_settings(settings.online_rendezvous or None, settings.online_stun or None,
                           settings.online_turn or None, settings.online_turn_user or None,
                           settings.online_turn_password or None, getattr(settings, "online_turn_secret", "") or None,
                           bool(getattr(settings, "online_relay_only", False)))


def describe_servers(settings: Any) -> str:
    """One line: which servers are used (in the player's language)."""
    meet = settings.online_rendezvous or PUBLIC_MAILBOX
    stun = settings.online_stun or f"{DEFAULT_STUN[0]}:{DEFAULT_STUN[1]}"
    if settings.online_turn:
        return _("meeting server {meeting} · STUN {stun} · relay {relay}").format(meeting=meet, stun=stun,
                                                                                 relay=settings.online_turn)
    return _("meeting server {meeting} · STUN {stun} · no relay of your own").format(meeting=meet, stun=stun)


_ADVICE = {  # what to do, for the reasons whose own line does not say it (English ids)
    "bad-code": N_("Type it as the host's screen shows it."),
    "server-error": N_("Try again in a moment, or use another rendezvous server (Settings → Online servers)."),
    "unreachable": N_("(Settings → Online servers.)"),
    "timeout": N_("Check both internet connections and try again."),
    "no-route": N_("A TURN relay on either side (Settings → Online servers) carries the match through such routers."),
    "no-address": N_("Check this machine's network connection."),
    "peer-failed": N_("Try again; if it happens again, set a TURN relay (Settings → Online servers)."),
    "bad-signal": N_("Both machines need the same version of Grisbi Arcade."),
}


def failure_line(reason: str, line: str) -> Said:
    """One line for the player: what happened (``line``, from ``netplay.online``, worded by ``net_line`` when shown)
    and what to do (by ``reason``), coded by ``reason`` for the log."""
    advice = "" if reason == "timeout" and "relay" in line else _ADVICE.get(reason, "")
    return Said(reason, "", line=NetLine(line, sentence=True), then=Said(reason, advice) if advice else None)


def go_online(app, problem: str, sound: str, make) -> None:
    """Open the waiting screen ``make()`` with ``sound``, unless there is a ``problem`` (or the servers set cannot
    be used): then the problem as the notice, and nothing else."""
    if not problem:
        try:
            servers_of(app.settings)
        except ValueError as e:
            problem = _("Online servers: {problem}.").format(problem=net_line(str(e)))
    if problem:
        app.notice = problem
        app.audio.play("back")
        return
    app.notice = ""
    app.audio.play(sound)
    app.push(make())


# --- the code as typed: its words, completion, and what cannot be a code ---------------------------------------------

CODE_EXAMPLE = "7-crossover-tiger-guitarist"
"""A code as the host's screen shows one (a number, then three words of the list), for the examples on screen."""


@lru_cache(maxsize=1)
def code_words() -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(odd words, even words): Magic Wormhole's PGP word list (``wormhole._wordlist``), lower case, sorted. A
    code's words alternate between the two lists, starting with an odd word (``PGPWordList.choose_words``)."""
    from wormhole._wordlist import raw_words  # loaded on first use (the online menu warms the library up)
    return (tuple(sorted(w[1].lower() for w in raw_words.values())),
            tuple(sorted(w[0].lower() for w in raw_words.values())))


def code_suggestions(typed: str, limit: int = 6) -> list[str]:
    """The words that complete the last, unfinished word of ``typed`` (a code being typed: ``"5-goss"``), at most
    ``limit``, from the list its place in the code takes (odd, even, odd...; the other list when none there
    does); [] when the last word is not being typed (nothing after the number, a dash last) or is complete."""
    parts = typed.lower().split("-")
    if len(parts) < 2 or not parts[-1] or not parts[0].isdigit() or len(parts) > 4:
        return []
    prefix = parts[-1]
    odd, even = code_words()
    lists = (odd, even) if (len(parts) - 2) % 2 == 0 else (even, odd)
    for words in lists:
        found = [w for w in words if w.startswith(prefix)]
        if found:
            return [] if found == [prefix] else found[:limit]
    return []


def complete_code(typed: str, word: str | None = None) -> str:
    """``typed`` with its last word completed: to ``word`` (a suggestion chosen), else as far as every suggestion
    agrees, else to the first suggestion; a dash follows a whole word while a third word may come (a whole word
    typed already gets its dash). Unchanged when nothing completes it."""
    head, _dash, prefix = typed.rpartition("-")
    if word is None:
        found = code_suggestions(typed, limit=256)
        if not found:
            whole = (head.split("-")[0].isdigit() and typed.count("-") < 3
                     and any(prefix in words for words in code_words()))
            return typed + "-" if whole else typed
        common = os.path.commonprefix(found)
        if len(found) > 1 and len(common) > len(prefix):
            return f"{head}-{common}"
        word = found[0]
    done = f"{head}-{word}"
    return done + "-" if done.count("-") < 3 else done


def code_problem(typed: str) -> str:
    """Why ``typed`` cannot be an online code (one line in the player's language), or "" when it can be: a
    number, then two or three words of Magic Wormhole's list (``code_words``), dashes (or spaces) between."""
    code = typed.strip().lower().replace(" ", "-").strip("-")
    if not code:
        return _("Type the code shown on the host's screen (e.g. {code}).").format(code=CODE_EXAMPLE)
    number, *words = [w for w in code.split("-") if w]
    if not number.isdigit():
        return _("A code starts with the host's number (e.g. {code}).").format(code=CODE_EXAMPLE)
    if len(words) not in (2, 3):
        return ngettext("A code is a number and two or three words: this one has {n} word.",
                        "A code is a number and two or three words: this one has {n} words.",
                        len(words)).format(n=format_number(len(words)))
    odd, even = code_words()
    for w in words:
        if w not in odd and w not in even:
            return _("“{word}” is not a word of the codes: check it with the host.").format(word=w)
    return ""


# --- the online menu -------------------------------------------------------------------------------------------------


class OnlineMenuScene(LanMenuScene):
    """Host online, join online, the servers (the LAN menu's behaviour, its own items)."""

    name = "online"
    ITEMS = (N_("Host online"), N_("Join online"), N_("Online servers"), N_("Back"))
    CENTER = (W // 2, 330)

    def __init__(self, app) -> None:
        super().__init__(app)
        warm_up()  # the meeting's libraries load in the background while the player chooses (nothing is sent)

    def draw(self, surf, alpha) -> None:
        surf.blit(felt(), (0, 0))
        sub = _("With friends anywhere: one short code, such as 7-crossover-tiger-guitarist")  # CODE_EXAMPLE
        banner(surf, _("Play online"), "", y=70)
        draw_text(surf, sub, (W // 2, subtitle_y(70)), size_to_fit(sub, W - 60, 22), WHITE, anchor="center",
                  shadow=True)
        labels = [_(i) for i in self.ITEMS]
        draw_menu(surf, labels, self.sel, self.CENTER, size=size_to_fit(labels, 560, 32, bold=True), spacing=58)
        lines = [_("The host gets a code from a meeting server and reads it out; friends type it."),
                 _("The machines then find a way to each other: directly, or through a relay when routers block it."),
                 _("Everything is encrypted with a key made from the code: the servers see only ciphertext.")]
        for k, ln in enumerate(lines):
            draw_text(surf, ln, (W // 2, 520 + fonts.pitch(19, 28) * k - (fonts.pitch(19, 28) - 28) * 2),
                      size_to_fit(ln, W - 60, 19), WHITE, anchor="center")
        line = describe_servers(self.app.settings)
        rows = [line] if fonts.font(16).size(line)[0] <= W - 40 else wrap(line, 16, W - 40)
        for k, ln in enumerate(rows):  # one line at 100 % text
            y = 620 + (fonts.pitch(19, 28) - 28) - (fonts.pitch(16, 20) // 2) * (len(rows) - 1)
            draw_text(surf, ln, (W // 2, y + fonts.pitch(16, 20) * k), 16, DIM, anchor="center")
        draw_toast(surf, self.app.notice, 170)
        hint_bar(surf, [_("↑/↓ choose"), _("Enter/E or click: select"), _("Esc or right-click: back")])


# --- hosting ---------------------------------------------------------------------------------------------------------


class OnlineHostScene(LanHostScene):
    """The LAN host's seat setup, online: no port, and the code comes from the meeting server when the lobby opens."""

    name = "online_host"
    TITLE = N_("Host online")

    def rows(self) -> list[str]:
        return [r for r in super().rows() if r != "code"]

    def open_lobby(self) -> None:
        plan = self.choices[:self.players]
        err = self.problem() or ("" if any(p.kind == "remote" for p in plan) else
                                 _("Open at least one seat for a friend (a seat set to “{open}”).").format(
                                     open=_("Open: remote player")))
        go_online(self.app, err, "start", lambda: OnlineWaitScene(self.app, host=(self.gid, plan, self.options())))

    def draw_side(self, surf) -> None:
        """The right of the screen: what the code will look like, how friends join, the servers, the local players'
        keys; the panel as tall as its notes need."""
        notes = [ln for note in (_("Open the lobby: a meeting server gives a code like this one."),
                                 _("Read it out to your friends: they choose Join online and type it."), "",
                                 _("Open seats are filled by the friends who join."),
                                 _("The code stays open while seats are free.")) for ln in wrap(note, 17, 386)]
        side = self.SIDE.copy()
        side.height = max(side.height, 250 + fonts.pitch(17, 22) * len(notes) - side.y)
        panel(surf, side, 190, border=GOLD)
        cx, width = side.centerx, side.width - 24
        head = _("INTERNET CODE")
        draw_text(surf, head, (cx, 150), size_to_fit(head, width, 24, bold=True), DIM, bold=True, anchor="center")
        sample = _("7-word-word-word")
        draw_text(surf, sample, (cx, 205), size_to_fit(sample, width, 40, bold=True), (150, 140, 105), bold=True,
                  anchor="center")
        pitch = fonts.pitch(17, 24 if side.bottom == self.SIDE.bottom else 22)
        for k, ln in enumerate(notes):
            draw_text(surf, ln, (cx, 250 + pitch * k), 17, WHITE, anchor="center")
        text, ssize = describe_servers(self.app.settings), 16
        while ssize > fonts.smallest_readable() and any(fonts.font(ssize).size(w)[0] > side.width
                                                         for w in text.split(" ")):
            ssize -= 1  # a server's address is one long word: smaller type (never under 16 px as drawn)
        servers = wrap(text, ssize, side.width)
        if side.bottom + 20 + fonts.pitch(16, 20) * len(servers) > H - 50:
            servers = []  # a larger text size leaves no room: the online menu shows them too
        for k, ln in enumerate(servers):
            draw_text(surf, ln, (cx, side.bottom + 20 + fonts.pitch(16, 20) * k), ssize, DIM, anchor="center")
        self.draw_keys(surf, side.bottom + 28 + fonts.pitch(16, 20) * len(servers))


# --- joining ---------------------------------------------------------------------------------------------------------


class OnlineJoinScene(LanJoinScene):
    """The host's code and who plays on this machine (none: watch), then Join: the LAN join screen, code only.

    The code row has focus when the screen opens: every key types at once (the zones' letters too), a space or a
    dash is the code's dash; the word being typed is completed from Magic Wormhole's word list by Tab or a click on
    one of the suggestions shown under the rows; a code that cannot be one (``code_problem``) is refused with its
    line before anything is sent."""

    name = "online_join"
    FIELDS = ("code",)
    TITLE, SUBTITLE = N_("Join online"), N_("Type the code your host reads out (a number, then words)")
    CODE_LABEL = N_("Code")
    SUGGEST_Y = 455  # px: the line of suggested words (under the rows, their note and a refusal's line)
    TOAST_Y = 405  # px: a refusal's line, under the code's note (not over the subtitle)

    def code_hint(self) -> str:
        return _("(e.g. 7-crossover-tiger-guitarist)")  # CODE_EXAMPLE (its words are the word list's: kept as is)

    def __init__(self, app, code: str = "", watch: bool = False) -> None:
        super().__init__(app, watch=watch)
        self.code = TextField(re.sub(r"[\s-]+", "-", code.strip().lower()), "words", 48)
        self.row = 0
        self.code.editing = True  # the code row has focus: keys type at once

    def suggestions(self) -> list[str]:
        """The words offered for the word being typed (none unless the code row has focus)."""
        if self.rows()[min(self.row, len(self.rows()) - 1)] != "code":
            return []
        return code_suggestions(self.code.value)

    def suggestion_rects(self) -> list[pygame.Rect]:
        """Where each suggestion is drawn (px), in ``suggestions`` order: a click takes it."""
        words = self.suggestions()
        widths = [text_image(w, 22, GOLD, True).get_width() + 28 for w in words]
        x = W // 2 - (sum(widths) + 12 * (len(words) - 1)) // 2
        rects = []
        for w in widths:
            rects.append(pygame.Rect(x, self.SUGGEST_Y - 18, w, 36))
            x += w + 12
        return rects

    def complete(self, field: TextField) -> bool:
        done = complete_code(field.value)
        if done == field.value:
            return False
        field.value = done
        return True

    def update(self) -> None:
        inp = self.app.input
        k = inp.clicked(self.suggestion_rects())
        if k is not None:  # a suggestion clicked: the word is typed, the code row keeps focus
            self.code.value = complete_code(self.code.value, self.suggestions()[k])
            self.app.audio.play("move")
            inp.clicks.clear()
        before = self.code.value
        super().update()
        if self.code.value != before and self.app.top is self:
            self.app.notice = ""  # a refusal's line goes once the code is being mended

    def join(self) -> None:
        local = self.players[:self.count]
        err = duplicate_device(local) or code_problem(self.code.value)
        if err:
            self.row = 0 if code_problem(self.code.value) else self.row  # back to the code, to mend it
        go_online(self.app, err, "select",
                  lambda: OnlineWaitScene(self.app, code=self.code.value, local=local, watch=self.count == 0))

    def hints(self) -> list[str]:
        if self.rows()[min(self.row, len(self.rows()) - 1)] == "code":
            return [_("type the code"), _("Tab or click a word: complete"), _("↑/↓ row"), self.enter_hint(),
                    _("Esc back")]
        return super().hints()

    def draw(self, surf, alpha) -> None:
        super().draw(surf, alpha)
        words = self.suggestions()
        if not words:
            return
        over = self.app.input.hover(self.suggestion_rects())
        for k, (word, rect) in enumerate(zip(words, self.suggestion_rects())):
            panel(surf, rect, 220 if k == over else 170, border=GOLD if k == 0 or k == over else None)
            draw_text(surf, word, rect.center, 22, GOLD if k == 0 or k == over else WHITE, bold=True,
                      anchor="center")
        line = _("Tab: {word}").format(word=words[0]) if len(words) == 1 else _("Tab or a click chooses the word")
        draw_text(surf, line, (W // 2, self.SUGGEST_Y + 34), 16, DIM, anchor="center")


# --- waiting: a code (host), or the meeting and the route (joiner) --------------------------------------------------


class OnlineWaitScene(Scene):
    """Asking for a code (``host``: ``(game id, seat plan, options)``), or meeting the host by ``code`` and finding
    a route (``local``: the players here; ``watch``; ``claim`` / ``token``: a player coming back to a dropped seat).
    One line says what is happening, with its seconds, and a bar fills towards the 20 s limit; Esc cancels. Then
    the LAN lobby over that connection, or the failure in one line. ``script``: the command line's scripted run,
    given to the link (``arcade.client.net.script.Script``)."""

    name = "online_wait"
    LIMIT = MAX_TOTAL_TIMEOUT + 2.0  # seconds: past the online part's own limits, never reached in practice

    def __init__(self, app, *, code: str | None = None, local: list[SeatSpec] | None = None, watch: bool = False,
                 claim: dict[int, SeatSpec] | None = None, token: bytes | None = None,
                 host: tuple[str, list[SeatSpec], dict[str, Any]] | None = None,
                 script: Script | None = None) -> None:
        super().__init__(app)
        self.host, self.code = host, code
        self.local, self.watch, self.claim, self.token = list(local or []), watch, dict(claim or {}), token
        self.script = script
        self.clock = app.opts.time_source or time.monotonic
        self.started = self.clock()
        self.online: OnlineHost | OnlineJoin | None = None
        self.done = False
        self.problem = ""  # a setting that cannot be used: said at the first update (this scene is not shown yet)
        try:
            servers = servers_of(app.settings)
        except ValueError as e:
            self.problem = str(e)  # said at the first update
            return
        if host is not None:
            remote = sum(p.kind == "remote" for p in host[1])
            self.online = OnlineHost(servers, joiners=min(7, remote + SPECTATORS),
                                     info={"game": host[0], "seats": len(host[1]), "protocol": PROTOCOL_VERSION})
        else:
            seats = 0 if watch else len(self.local)
            self.online = OnlineJoin(code or "", servers, info={"seats": seats, "protocol": PROTOCOL_VERSION,
                                                                "name": app.settings.lan_name})

    @property
    def title(self) -> str:
        """What is being done, in the player's language."""
        if self.host is not None:
            return _("Hosting online…")
        return _("Rejoining your seat…") if self.claim else (_("Joining to watch…") if self.watch else
                                                              _("Joining online…"))

    def fail(self, reason: str, line: str, shown: str = "") -> None:
        """Stop, and say why: ``line`` (English, netplay's) worded by ``failure_line``, or ``shown``."""
        if self.online is not None:
            self.online.close()
        self.done = True
        title = N_("Cannot host online") if self.host is not None else N_("Cannot join")
        self.app.audio.play("back")
        self.app.replace(LanMessageScene(self.app, title, shown or failure_line(reason, line)))

    def update(self) -> None:
        if self.done:
            return
        if self.problem:
            self.fail("bad-settings", f"Online servers: {self.problem}",
                      _("Online servers: {problem}.").format(problem=net_line(self.problem)))
            return
        inp = self.app.input
        if inp.escape_pressed or inp.pressed("B") or inp.right_click:
            self.online.close()
            self.done = True
            self.app.audio.play("back")
            self.app.pop()
            return
        for ev in self.online.poll():
            if isinstance(ev, Failed) and (self.host is None or self.online.code is None):
                self.fail(ev.reason, ev.line)
                return
            if isinstance(ev, Connected) and self.host is None:
                self.open_lobby()
                return
        if self.host is not None and self.online.code is not None:
            self.open_lobby()
        elif self.clock() - self.started > self.LIMIT:
            self.fail("timeout", f"nothing happened within {MAX_TOTAL_TIMEOUT:g} s")

    def open_lobby(self) -> None:
        s, online = self.app.settings, self.online
        try:
            if self.host is not None:
                gid, plan, options = self.host
                link = LanLink.host(self.app, gid, plan, options, code=online.session_code, port=0, name=s.lan_name,
                                    broadcast=s.lan_broadcast, online=online)
            else:
                link = LanLink.join(self.app, online.host_address, online.session_code, self.local,
                                    name=s.lan_name, broadcast=s.lan_broadcast, watch=self.watch, claim=self.claim,
                                    online=online)
                if self.token is not None:  # the seats go back to the player who lost them
                    link.player_token = link.session.token = self.token
        except LanError as e:
            self.fail("settings", str(e))  # already in the player's language (net_line leaves it as it is)
            return
        link.script = self.script
        if self.host is not None:
            link.log(f"internet code: {online.code}")
        else:
            result = online.result
            link.log(f"online: connected {'directly' if result.route == 'direct' else 'through the relay'} in "
                     f"{result.connect_s:.1f} s")
        self.done = True
        self.app.audio.play("select")
        self.app.replace(LanLobbyScene(self.app, link))

    def draw(self, surf, alpha) -> None:
        surf.blit(felt(), (0, 0))
        code = getattr(getattr(self.online, "rendezvous", None), "code", None) or self.code  # as the host shows it
        sub = _("asking the meeting server for a code") if self.host is not None else _("code {code}").format(
            code=code)
        title = self.title
        banner(surf, title, "", y=80, size=size_to_fit(title, W - 80, 54, bold=True))
        draw_text(surf, sub, (W // 2, subtitle_y(80, size_to_fit(title, W - 80, 54, bold=True))), size_to_fit(sub, W - 60, 22), WHITE, anchor="center",
                  shadow=True)
        elapsed = max(0.0, self.clock() - self.started)
        line = net_line(self.online.line) if self.online is not None else ""
        panel(surf, (W // 2 - 430, 230, 860, 190), 190, border=GOLD)
        size = 26 if len(wrap(line, 26, 800)) <= 2 else 22
        for k, ln in enumerate(wrap(line[:1].upper() + line[1:], size, 800)[:2]):
            draw_text(surf, ln, (W // 2, 285 + 36 * k), size, WHITE, anchor="center")
        bar = pygame.Rect(W // 2 - 360, 360, 720, 14)
        pygame.draw.rect(surf, (40, 50, 44), bar, border_radius=7)
        done = bar.copy()
        done.width = int(bar.width * min(1.0, elapsed / MAX_TOTAL_TIMEOUT))
        pygame.draw.rect(surf, GOLD, done, border_radius=7)
        draw_text(surf, _("{seconds} s (at most {limit} s)").format(seconds=format_number(round(elapsed)),
                                                                  limit=format_number(round(MAX_TOTAL_TIMEOUT))),
                  (W // 2, 395), 17, DIM, anchor="center")
        notes = wrap(_("A direct route is tried first; through home routers that block it, the relay takes a few "
                       "seconds more."), 18, W - 120)
        for k, ln in enumerate(notes[:2]):
            draw_text(surf, ln, (W // 2, 470 + fonts.pitch(18, 26) * k), 18, DIM, anchor="center")
        hint_bar(surf, [_("Esc cancel")])


# --- the servers -----------------------------------------------------------------------------------------------------


SERVER_EXAMPLES = {"online_rendezvous": "ws://relay.example.org:4000/v1", "online_stun": "stun.example.org:3478",
                   "online_turn": "turn.example.org:3478"}
"""How each server field is typed (shown in its line when what was typed cannot be used)."""
_HOST = re.compile(r"^([a-z0-9]([a-z0-9-]*[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$")
_PORT = re.compile(r"^[0-9]{1,5}$")


def server_field_problem(key: str, text: str) -> str:
    """Why ``text`` cannot be the server setting ``key`` (one line in the player's language), or "": the meeting
    server (``online_rendezvous``) is ``ws://host:port/v1`` (or ``wss://``), STUN and TURN (``online_stun``,
    ``online_turn``) are ``host:port`` (STUN may also be "none"); empty is the default (the public server, or no
    relay). A host is a name of letters, digits, dots and dashes, or an IPv4 address; a port is 1 to 65535."""
    text = text.strip()
    example = SERVER_EXAMPLES[key]
    if not text or (key == "online_stun" and text.lower() == "none"):
        return ""
    if key == "online_rendezvous":
        what = _("Rendezvous server")
        scheme, sep, rest = text.partition("://")
        if not sep or scheme.lower() not in ("ws", "wss"):
            return _("{what}: it starts with ws:// (or wss://), e.g. {example}.").format(what=what, example=example)
        where, slash, path = rest.partition("/")
        if path.rstrip("/") != "v1":
            return _("{what}: it ends with /v1, e.g. {example}.").format(what=what, example=example)
    else:
        what = _("STUN server") if key == "online_stun" else _("TURN relay")
        where = text
    host, colon, port = where.rpartition(":")
    if not colon:
        host, port = where, ""
    if not _HOST.match(host.lower()):
        return _("{what}: “{host}” is not a server name, e.g. {example}.").format(what=what, host=host or where,
                                                                                 example=example)
    if not port:
        return _("{what}: the port is missing after the name and a colon, e.g. {example}.").format(
            what=what, example=example)
    if not _PORT.match(port) or not 1 <= int(port) <= 65535:
        return _("{what}: the port “{port}” is not a number from 1 to 65535, e.g. {example}.").format(
            what=what, port=port, example=example)
    return ""


class OnlineSettingsScene(Scene):
    """The rendezvous server, the STUN server, a TURN relay with its user and password or its shared secret
    (coturn's ``static-auth-secret``), and "Always use the relay (hide my address)"; saved with the other settings
    after each server field is checked (``server_field_problem``, then ``netplay.online.online_settings``), the
    first problem said in one line.

    The selected text field has focus: keys type in it at once (the zones' letters too); ↑/↓, Tab and Enter move
    from row to row; Esc leaves without saving."""

    still = True
    name = "online_settings"
    KEYS = ("online_rendezvous", "online_stun", "online_turn", "online_turn_user", "online_turn_password",
            "online_turn_secret")
    MASKED = ("online_turn_password", "online_turn_secret")
    EMPTY = {"online_rendezvous": N_("public ({server})"), "online_stun": N_("public ({server})"),
             "online_turn": N_("none"), "online_turn_user": " ", "online_turn_password": " ",
             "online_turn_secret": N_("none (or a user and password)")}
    """What an empty field means (English ids; ``{server}``: the public server used)."""
    PUBLIC = {"online_rendezvous": "relay.magic-wormhole.io", "online_stun": DEFAULT_STUN[0]}
    Y0, STEP = 160, 44  # px: the first row's centre, between rows

    def __init__(self, app) -> None:
        super().__init__(app)
        s = app.settings
        kinds = ("url", "server", "server", "secret", "secret", "secret")
        labels = (N_("Rendezvous server"), N_("STUN server"), N_("TURN relay"), N_("TURN user"), N_("TURN password"),
                  N_("TURN shared secret"))
        self.fields = [(label, key, TextField(getattr(s, key, ""), kind, 120))
                       for label, key, kind in zip(labels, self.KEYS, kinds)]
        self.relay_only = bool(getattr(s, "online_relay_only", False))
        self.sel = 0
        self.error = ""

    RELAY, PUBLIC_ROW, SAVE = 6, 7, 8  # the rows after the fields

    def rows(self) -> int:
        return len(self.fields) + 3  # the fields, the relay toggle, "Public servers", "Save and back"

    def bands(self) -> list[pygame.Rect]:
        return row_bands(self.Y0, self.STEP, self.rows(), W // 2 - 460, W // 2 + 460)

    def update(self) -> None:
        inp = self.app.input
        f = self.fields[self.sel][2] if self.sel < len(self.fields) else None
        for _label, _key, g in self.fields:
            g.editing = g is f  # the selected field has focus: keys type in it at once
        if f is not None and inp.clicked(self.bands()) in (None, self.sel):
            nav = f.type_keys(inp.key_events, inp.key_chars)
            pads = pad_devices(inp)
            if nav == "escape" or inp.pressed("B", pads) or inp.right_click:
                self.app.pop()
            elif nav == "up" or inp.menu("UP", pads):
                self.sel = (self.sel - 1) % self.rows()
            elif nav in ("down", "tab", "enter") or inp.menu("DOWN", pads) or inp.pressed("A", pads):
                self.sel = (self.sel + 1) % self.rows()
            if nav is not None:
                self.error = ""
            return
        if inp.escape_pressed or inp.pressed("B") or inp.right_click:
            self.app.pop()
            return
        if inp.menu("UP"):
            self.sel = (self.sel - 1) % self.rows()
        if inp.menu("DOWN"):
            self.sel = (self.sel + 1) % self.rows()
        self.sel, clicked = inp.pointed(self.bands(), self.sel)
        flip = inp.menu("LEFT") or inp.menu("RIGHT")
        if self.sel == self.RELAY and (inp.pressed("A") or clicked or flip):
            self.relay_only = not self.relay_only
            self.app.audio.play("move")
        elif inp.pressed("A") or clicked:
            if self.sel == self.PUBLIC_ROW:
                for _label, _key, field in self.fields:
                    field.value = ""
                self.error = _("The public servers (not saved yet).")
            elif self.sel == self.SAVE:
                self.save()

    def problem(self, values: dict[str, str]) -> str:
        """The first thing wrong with ``values`` (the fields by key, stripped), in one line, or ""."""
        for key in ("online_rendezvous", "online_stun", "online_turn"):
            problem = server_field_problem(key, values[key])
            if problem:
                return problem
        login = values["online_turn_user"] and values["online_turn_password"]
        if values["online_turn"] and not (login or values["online_turn_secret"]):
            return _("The TURN relay needs its user name and password, or its shared secret.")
        if bool(values["online_turn_user"]) != bool(values["online_turn_password"]):
            return _("The TURN user name and password go together: type both, or neither.")
        if not values["online_turn_secret"]:  # the rest of netplay's own checks
            try:
                online_settings(values["online_rendezvous"] or None, values["online_stun"] or None,
                                values["online_turn"] or None, values["online_turn_user"] or None,
                                values["online_turn_password"] or None)
            except ValueError as e:
                said = net_line(str(e))
                return said[:1].upper() + said[1:] + "."
        return ""

    def save(self) -> None:
        values = {key: f.value.strip() for _, key, f in self.fields}
        self.error = self.problem(values)
        if self.error:
            self.app.audio.play("back")
            return
        for key, value in values.items():
            setattr(self.app.settings, key, value)
        self.app.settings.online_relay_only = self.relay_only
        self.app.save_settings()
        self.app.pop()

    def draw(self, surf, alpha) -> None:
        surf.blit(felt(), (0, 0))
        banner(surf, _("Online servers"), _("Saved with your settings"), y=60)
        x0, x1 = W // 2 - 460, W // 2 + 460
        panel(surf, (x0, self.Y0 - 32, x1 - x0, self.STEP * self.rows() + 20), 170)
        for i, (label, key, f) in enumerate(self.fields):
            shown = f.shown(self.ticks) if i == self.sel else f.value
            if key in self.MASKED and f.value:
                shown = "•" * len(f.value) + shown[len(f.value):]
            empty = self.EMPTY[key]
            meaning = (_(empty) if empty.strip() else "").format(server=self.PUBLIC.get(key, ""))
            if f.value:
                value = fit(shown, 22, 560, bold=i == self.sel)
            else:  # what empty means, after the cursor when the field has focus
                value = (shown[:1] + " " if f.editing and i == self.sel else "") + meaning or " "
            _row(surf, self.Y0 + self.STEP * i, _(label), value, i == self.sel, x0, x1, size=22, arrows=False,
                 value_color=None if f.value else DIM)
        y = self.Y0 + self.STEP * self.RELAY
        _row(surf, y, _("Always use the relay (hide my address)"), _("Yes") if self.relay_only else _("No"),
             self.sel == self.RELAY, x0, x1, size=22)
        _row(surf, y + self.STEP, _("Use the public servers"), "", self.sel == self.PUBLIC_ROW, x0, x1)
        _row(surf, y + 2 * self.STEP, _("Save and back"), "", self.sel == self.SAVE, x0, x1)
        texts = (_("Friends meet on the rendezvous server and learn their public address from the STUN server."),
                 _("A TURN relay carries the match when two home routers block a direct route. With its shared "
                   "secret, the host gives each friend a login that expires in minutes."),
                 _("Run your own: README, “Play online”. Typing: ; gives : (or type it as is)."))
        top, size = self.Y0 + self.STEP * self.rows() + 8, 17
        notes = [ln for note in texts for ln in wrap(note, size, W - 100)]
        while top + fonts.pitch(size, 21) * (len(notes) - 1) + 12 > H - 40 and fonts.scaled(size - 1) >= 16:
            size -= 1  # a larger text size: smaller notes (never under 16 px as drawn) above the hint bar
            notes = [ln for note in texts for ln in wrap(note, size, W - 100)]
        for k, ln in enumerate(notes):
            draw_text(surf, ln, (W // 2, top + fonts.pitch(size, 21) * k), size, DIM, anchor="center")
        draw_toast(surf, self.error, 120)
        hint_bar(surf, self.hints())

    def hints(self) -> list[str]:
        """The hint bar for the selected row: what Enter does there."""
        if self.sel < len(self.fields):
            return [_("type"), _("↑/↓ or Enter: next row"), _("Esc back without saving")]
        enter = {self.RELAY: _("Enter/E or ←/→: switch"), self.PUBLIC_ROW: _("Enter/E: public servers"),
                 self.SAVE: _("Enter/E: save")}[self.sel]
        return [_("↑/↓ choose"), enter, _("Esc back without saving")]


OnlineMenuScene.NEXT = {"Host online": OnlineHostScene, "Join online": OnlineJoinScene,
                        "Online servers": OnlineSettingsScene}


# --- the command line's flows (tests, screenshots) -----------------------------------------------------------------


def start_online_from_cli(app, mode: str, *, game: str | None, seats: list[SeatSpec] | None, code: str | None,
                          script: Script | None = None) -> str | None:
    """Open an online screen or flow from the command line (``--online MODE``); returns an error line or None.

    ``menu``, ``host-setup``, ``join-setup``, ``settings``: the screens (``join-setup`` with ``code`` typed in).
    ``host``: a code for ``game`` with ``seats`` (``remote`` = open), then its lobby; ``join``: meet the host by
    ``code`` with ``seats`` (the players here; none: watch). ``script``: the command line's scripted run
    (``arcade.client.net.script.Script``: ``--lan-auto``...)."""
    app.push(OnlineMenuScene(app))
    if mode == "menu":
        return None
    if mode == "settings":
        app.push(OnlineSettingsScene(app))
        return None
    if mode == "host-setup":
        app.push(OnlineHostScene(app, game))
        return None
    if mode == "join-setup":
        app.push(OnlineJoinScene(app, code or ""))
        return None
    try:
        servers_of(app.settings)
    except ValueError as e:
        return f"online servers: {e}"
    if mode == "host":
        if not game or not seats or not any(s.kind == "remote" for s in seats):
            return "--online host needs --game and --seats (with at least one 'remote' seat)"
        app.push(OnlineWaitScene(app, host=(game, seats, options_for_count(game, len(seats))), script=script))
        return None
    if mode == "join":
        if not code:
            return "--online join needs --online-code CODE"
        app.push(OnlineWaitScene(app, code=code, local=list(seats or []), watch=not seats, script=script))
        return None
    return f"unknown --online mode {mode!r} (menu, host-setup, join-setup, settings, host, join)"
