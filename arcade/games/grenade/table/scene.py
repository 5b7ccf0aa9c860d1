"""Grenade's table: the wheel of spades and the Joker, the black die, three white grenades hopping card by card, the
explosions, and every player's seat with their hidden heart (rules/grenade.md).

Layout (1280×720):

- The wheel in the middle: the 8 places laid out clockwise as a ring (an ellipse centred at ``WHEEL_C``), place 0 at
  the top. A blown-up card is turned face down; a small tag on its back still names it (everyone saw it go).
- The three white dice (grenades 1-3, each with its own rim colour) sit in a row on the lower half of their card.
- The hub (inside the ring): whose turn it is, the black die (it tumbles when rolled, then shows the roll) and the
  last two things that happened.
- Seats in two columns beside the wheel, clockwise: the left column from the bottom up, then the right column from
  the top down; the bottom-left seat is the human (one human) or seat 0. Each seat shows its name (Player N for a
  human, Bot N for a bot), who fills it, its heart card(s) and a status line. A heart is face up only for its owner
  (one human: always; two or more humans on one screen: while it is their turn behind the shared curtain, or while
  they hold B), once its spade is blown up (the reveal), and for everybody when the game is over. The player to act
  has a gold frame; an eliminated player is greyed out with "OUT".

Animation: each transition of the state is played as a timeline of beats built from ``state.events`` — the chosen
grenade hops card by card along the wheel (skipping blown-up cards, as the rules do: ``advance_place``), its pips
rise (on the Joker every grenade's), a grenade reaching 6 bursts (a burst effect and the explosion sound), the card
turns face down, the grenades on it fly to the next face-up spade showing 1, the owner's heart turns over by their
seat, and the black die tumbles for the next player. While a timeline plays, the table holds the match: its ticks
pass with nobody acting (``TableScene.holding``, ``Match.idle_tick``: recorded, so a replay keeps the same pace) and the bots are not asked, so a
bot's thinking time starts once the roll is shown. A state that does not follow the last one by one move (a replay's
seek) is shown at once, without a timeline.

Controls of the acting human (logical buttons): LEFT/RIGHT (or UP/DOWN) cycle through the three grenades; the chosen
one is ringed in gold on the wheel with a preview of its hops (numbered dots), where it lands and its pips there (red
"BOOM" when it would blow a card up, "+1 all" on the Joker); A throws it. A band under the wheel lists what each
grenade would do, with the keys to press.

Sounds come from the events (``on_events`` arms the timeline; each event's sound plays when its beat starts).

Drawn from views (``Seating.views``): the wheel, the dice, the reveals and the timeline from the public view; a
seat's unrevealed hearts from its own view when this screen shows it face up, else as backs (``hearts_each``).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

import pygame

from arcade.core.i18n import N_, _, ngettext, on_change, pgettext
from arcade.core.results import join_names
from arcade.games.grenade import DICE, JOKER, PLACES, Throw, advance_place, hearts_each, resolve_throw, spade_name
from arcade.games.grenade.terms import grenade_name, term
from arcade.client.render.cards import blit_card, card_back, playing_card
from arcade.client.render import palette as pal
from arcade.client.render.fonts import draw_text, font, pitch, size_to_fit, smallest_readable, wrap
from arcade.client.render.tooltip import Tip
from arcade.client.render.tween import Placed
from arcade.client.render.effects import burst
from arcade.client.render.widgets import DIM, GOLD, RED, W, WHITE, felt, panel
from arcade.client.table import TableScene, level_word

__all__ = ["Table", "Snap", "Beat", "build_beats", "place_xy", "seat_slots", "BEAT_TICKS"]

WHEEL_C = (640, 338)
RX, RY = 250, 205
CW, CH = 80, 112            # wheel cards
HW, HH = 64, 90             # heart cards by the seats
DIE = 34                    # white dice
BLACK = 70                  # the black die
DIE_COLOURS = pal.GRENADES
"""Rim colour of grenade 0, 1 and 2: red, blue, green (their names: ``terms.GRENADE_NAMES``)."""
PANEL_W = 318
AREA_TOP, AREA_BOTTOM = 50, 676
BAND = pygame.Rect(370, 602, 540, 76)
"""The acting human's controls, under the wheel."""

BEAT_TICKS = {"deal": 50, "hop": 8, "raise": 16, "burst": 34, "flip": 20, "reset": 18, "reveal": 40, "out": 6,
              "roll": 34, "win": 30}
"""Length of each kind of beat, in ticks."""
SOUNDS = {"deal": "deal", "hop": "tick", "raise": "select", "burst": "explosion", "flip": "flip", "reset": "slide",
          "reveal": "flip", "out": "lose", "roll": "dice", "win": "stop"}
"""The sound of each beat (named after the events that make it: roll, move, raise, explode, blown, reset, reveal,
out, win/draw)."""


def place_xy(place: int) -> tuple[float, float]:
    """Centre of the card at ``place`` (0 at the top, clockwise)."""
    a = place * 2 * math.pi / PLACES
    return WHEEL_C[0] + RX * math.sin(a), WHEEL_C[1] - RY * math.cos(a)


def card_name(rank: int) -> str:
    """"5♠", "A♠" or "Joker" (in the player's language)."""
    return _("Joker") if rank == JOKER else spade_name(rank) + "♠"


def heart_name(rank: int) -> str:
    return spade_name(rank) + "♥"


# --- sprites (cached) ----------------------------------------------------------------------------------------------

PIPS = {1: ((1, 1),), 2: ((0, 0), (2, 2)), 3: ((0, 0), (1, 1), (2, 2)), 4: ((0, 0), (2, 0), (0, 2), (2, 2)),
        5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)), 6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2))}


@lru_cache(maxsize=256)
def die_face(pips: int, size: int, rim: tuple[int, int, int] | None = None, black: bool = False,
             alpha: int = 255) -> pygame.Surface:
    """A die showing ``pips`` (1..6): white with black pips (a grenade, rimmed in its colour) or black with white
    pips (the movement die)."""
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    body = (25, 25, 30, alpha) if black else (250, 248, 240, alpha)
    ink = (245, 245, 245, alpha) if black else (20, 20, 25, alpha)
    if pips >= 6 and not black:
        body = (255, 225, 200, alpha)
        ink = (200, 20, 20, alpha)
    rad = max(4, size // 5)
    pygame.draw.rect(s, body, s.get_rect(), border_radius=rad)
    border = (*rim, alpha) if rim else ((200, 200, 200, alpha) if black else (60, 60, 60, alpha))
    pygame.draw.rect(s, border, s.get_rect(), width=max(2, size // 10), border_radius=rad)
    r = max(2, size // 11)
    m = size * 0.26
    for cx, cy in PIPS[max(1, min(6, pips))]:
        pygame.draw.circle(s, ink, (int(m + cx * (size - 2 * m) / 2), int(m + cy * (size - 2 * m) / 2)), r)
    return s


@on_change
def _forget_words(_code: str) -> None:
    """A language switch: the wheel's cards ("JOKER") are drawn again."""
    wheel_card.cache_clear()


@lru_cache(maxsize=16)
def wheel_card(rank: int) -> pygame.Surface:
    return playing_card("JOKER" if rank == JOKER else spade_name(rank), "S", CW, CH)


@lru_cache(maxsize=16)
def heart_card(rank: int) -> pygame.Surface:
    return playing_card(spade_name(rank), "H", HW, HH)


@lru_cache(maxsize=64)
def glow(w: int, h: int, colour: tuple[int, int, int], level: int) -> pygame.Surface:
    """A soft frame around a w×h card (``level`` 0..4 its strength, for a pulse)."""
    pad = 10
    s = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    for i in range(pad, 0, -2):
        a = int((120 + 25 * level) * (1 - i / pad))
        pygame.draw.rect(s, (*colour, max(0, min(255, a))), (pad - i, pad - i, w + 2 * i, h + 2 * i), width=2,
                         border_radius=10 + i)
    pygame.draw.rect(s, (*colour, 255), (pad - 3, pad - 3, w + 6, h + 6), width=3, border_radius=9)
    return s


@lru_cache(maxsize=2)  # 3.5 MB each (the whole picture), one a match's layout
def background(slots: tuple[tuple[int, int, int, int], ...]) -> pygame.Surface:
    """Felt, the ring of the wheel and the seats' panels: one opaque blit a frame."""
    s = felt().copy()
    ring = pygame.Rect(0, 0, 2 * RX + 30, 2 * RY + 30)
    ring.center = WHEEL_C
    pygame.draw.ellipse(s, (16, 70, 46), ring, width=26)
    pygame.draw.ellipse(s, (40, 115, 78), ring.inflate(-26, -26), width=2)
    pygame.draw.ellipse(s, (40, 115, 78), ring.inflate(26, 26), width=2)
    # clockwise arrows between the places
    for p in range(PLACES):
        a = (p + 0.5) * 2 * math.pi / PLACES
        x, y = WHEEL_C[0] + (RX + 2) * math.sin(a), WHEEL_C[1] - (RY + 2) * math.cos(a)
        draw_text(s, "›", (x, y), 26, (140, 210, 165), bold=True, anchor="center")  # direction of play, AA
    for r in slots:
        panel(s, r, 150)
    for p in range(PLACES):
        x, y = place_xy(p)
        r = pygame.Rect(0, 0, CW + 8, CH + 8)
        r.center = (int(x), int(y))
        pygame.draw.rect(s, (14, 62, 40), r, border_radius=10)
    return s.convert()


def seat_slots(n: int, first: int = 0) -> dict[int, pygame.Rect]:
    """Each seat's panel: the left column from the bottom up, then the right column from the top down (clockwise),
    starting with seat ``first`` at the bottom left."""
    left = (n + 1) // 2
    right = n - left
    out: dict[int, pygame.Rect] = {}
    rows = max(left, 1)
    gap = 8
    ph = min(150, (AREA_BOTTOM - AREA_TOP - gap * (rows - 1)) // rows)

    def column(m: int, x: int) -> list[pygame.Rect]:
        total = m * ph + (m - 1) * gap
        top = AREA_TOP + (AREA_BOTTOM - AREA_TOP - total) // 2
        return [pygame.Rect(x, top + i * (ph + gap), PANEL_W, ph) for i in range(m)]

    rects = list(reversed(column(left, 10))) + column(right, W - 10 - PANEL_W)
    for k, r in enumerate(rects):
        out[(first + k) % n] = r
    return out


# --- the timeline --------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Snap:
    """What the table shows at one moment of a timeline: the grenades ``dice`` ((place, pips) each), ``blown``
    places, ``revealed`` hearts per seat, ``out`` seats, the ``current`` player and the black die's ``roll``
    (0: not rolled yet), ``winners`` once the game is decided."""

    dice: tuple[tuple[int, int], ...]
    blown: tuple[bool, ...]
    revealed: tuple[tuple[int, ...], ...]
    out: tuple[bool, ...]
    current: int
    roll: int
    winners: tuple[int, ...] = ()

    @classmethod
    def of(cls, st) -> "Snap":
        return cls(st.dice, st.blown, st.revealed, tuple(m > 0 for m in st.out_move), st.current, st.roll,
                   st.winners)


@dataclass(frozen=True)
class Beat:
    """One step of a timeline: ``kind`` (a key of BEAT_TICKS), the picture ``before`` and ``after`` it, and what it
    is about: ``dice`` moved or raised, ``place`` (burst, flip), ``seat`` (reveal, out, roll), ``frm`` (the places
    the moving dice leave), ``log`` (a line for the hub's log, shown when the beat starts)."""

    kind: str
    before: Snap
    after: Snap
    dice: tuple[int, ...] = ()
    place: int = -1
    seat: int = -1
    frm: tuple[int, ...] = ()
    log: str = ""

    @property
    def ticks(self) -> int:
        return BEAT_TICKS[self.kind]


def _with_dice(snap: Snap, changes: dict[int, tuple[int, int]]) -> Snap:
    dice = list(snap.dice)
    for i, d in changes.items():
        dice[i] = d
    return replace(snap, dice=tuple(dice))


def build_beats(prev, st, name=lambda s: _("Player {n}").format(n=s + 1)) -> list[Beat]:
    """The timeline from state ``prev`` to state ``st`` (one move later), from ``st.events``. ``prev`` None: the
    deal. Empty when ``st`` does not follow ``prev`` by one move (a replay's seek): the picture jumps."""
    beats: list[Beat] = []
    if prev is None or (not st.history and prev.history):
        if st.history:
            return []
        s0 = replace(Snap.of(st), roll=0)
        beats.append(Beat("deal", s0, s0))
        after = Snap.of(st)
        beats.append(Beat("roll", s0, after, seat=st.current,
                          log=_("{player} rolls {n}").format(player=name(st.current), n=st.roll)))
        return beats
    if len(st.history) != len(prev.history) + 1 or st.wheel != prev.wheel:
        return []
    snap = Snap.of(prev)
    events = list(st.events)
    i = 0
    wheel = st.wheel
    while i < len(events):
        ev = events[i]
        kind = ev[0]
        if kind == "move":
            _kind, seat, die, start, stop = ev
            p = start
            pips = snap.dice[die][1]
            for k in range(prev.roll):
                q = advance_place(prev.blown, p, 1)
                nxt = _with_dice(snap, {die: (q, pips)})
                log = ngettext("{player} throws the {grenade}: {n} place", "{player} throws the {grenade}: {n} places",
                               prev.roll).format(player=name(seat), grenade=grenade_name(die), n=prev.roll) \
                    if k == 0 else ""
                beats.append(Beat("hop", snap, nxt, dice=(die,), frm=(p,), log=log))
                snap, p = nxt, q
        elif kind == "raise":
            _kind, die, pips = ev
            nxt = _with_dice(snap, {die: (snap.dice[die][0], pips)})
            beats.append(Beat("raise", snap, nxt, dice=(die,)))
            snap = nxt
        elif kind == "raise_all":
            nxt = replace(snap, dice=tuple((p, q + 1) for p, q in snap.dice))
            beats.append(Beat("raise", snap, nxt, dice=tuple(range(DICE)), log=_("The Joker: every grenade +1")))
            snap = nxt
        elif kind == "explode":
            place = ev[2]
            dice = []
            while i < len(events) and events[i][0] == "explode" and events[i][2] == place:
                dice.append(events[i][1])
                i += 1
            log = (_("BOOM! {card} blows up").format(card=card_name(wheel[place])) if wheel[place] != JOKER
                   else _("A grenade bursts on the Joker: the Joker holds"))
            beats.append(Beat("burst", snap, snap, dice=tuple(dice), place=place, log=log))
            continue
        elif kind == "blown":
            place = ev[1]
            blown = list(snap.blown)
            blown[place] = True
            nxt = replace(snap, blown=tuple(blown))
            beats.append(Beat("flip", snap, nxt, place=place))
            snap = nxt
        elif kind == "reset":
            changes: dict[int, tuple[int, int]] = {}
            frm = []
            while i < len(events) and events[i][0] == "reset":
                _kind, die, place = events[i]
                changes[die] = (place, 1)
                frm.append(snap.dice[die][0])
                i += 1
            nxt = _with_dice(snap, changes)
            beats.append(Beat("reset", snap, nxt, dice=tuple(changes), frm=tuple(frm)))
            snap = nxt
            continue
        elif kind == "reveal":
            _kind, seat, rank = ev
            rev = list(snap.revealed)
            rev[seat] = rev[seat] + (rank,)
            nxt = replace(snap, revealed=tuple(rev))
            beats.append(Beat("reveal", snap, nxt, seat=seat,
                              log=_("{player}'s heart: {card}").format(player=name(seat), card=heart_name(rank))))
            snap = nxt
        elif kind == "out":
            seat = ev[1]
            out = list(snap.out)
            out[seat] = True
            nxt = replace(snap, out=tuple(out))
            beats.append(Beat("out", snap, nxt, seat=seat, log=_("{player} is out!").format(player=name(seat))))
            snap = nxt
        elif kind in ("win", "draw"):
            winners = (ev[1],) if kind == "win" else tuple(ev[1])
            nxt = replace(snap, winners=winners, roll=0)
            log = (_("{player} wins!").format(player=name(ev[1])) if kind == "win"
                   else _("A draw: {players}").format(players=join_names([name(s) for s in winners])))
            beats.append(Beat("win", snap, nxt, log=log))
            snap = nxt
        elif kind == "roll":
            _kind, seat, pips = ev
            nxt = replace(snap, current=seat, roll=pips)
            beats.append(Beat("roll", replace(snap, current=seat), nxt, seat=seat,
                              log=_("{player} rolls {n}").format(player=name(seat), n=pips)))
            snap = nxt
        i += 1
    # the end of the timeline is the state itself (whatever the beats missed)
    if beats:
        last = beats[-1]
        beats[-1] = replace(last, after=Snap.of(st))
    return beats


@dataclass
class Timeline:
    """Beats being played: ``t`` ticks since the first began; ``live`` plays the beats' sounds."""

    beats: list[Beat] = field(default_factory=list)
    starts: list[int] = field(default_factory=list)
    total: int = 0
    t: int = 0
    live: bool = False

    @classmethod
    def of(cls, beats: list[Beat], live: bool) -> "Timeline":
        starts, t = [], 0
        for b in beats:
            starts.append(t)
            t += b.ticks
        return cls(beats, starts, t, 0, live)

    @property
    def busy(self) -> bool:
        return self.t < self.total

    def index(self, t: float) -> int:
        """The beat playing at ``t`` (len(beats) once over)."""
        for k in range(len(self.beats) - 1, -1, -1):
            if self.starts[k] <= t:
                return k if t < self.starts[k] + self.beats[k].ticks else k + 1
        return 0


# --- the table -------------------------------------------------------------------------------------------------------


OUT_RED = (255, 130, 120)
"""An eliminated seat's "OUT" line: red light enough to read on its greyed panel (WCAG AA)."""
FAST_STEPS = 8
"""Table ticks per frame while the bots fast-forward to the end (every human is out)."""


def plural(n: int, noun: str) -> str:
    """``n`` and ``noun`` ("place", "pip" or "player"), in the player's language, plural as the language counts:
    "1 place", "3 places", "0 pips" (French: "0 point"). Raises KeyError for another noun."""
    forms = {"place": lambda: ngettext("{n} place", "{n} places", n), "pip": lambda: ngettext("{n} pip", "{n} pips", n),
             "player": lambda: ngettext("{n} player", "{n} players", n)}
    return forms[noun]().format(n=n)


def outcome(st, seat: int) -> str:
    """How the match went for ``seat`` (``st``: a finished state): "winner", "draw", "out at move 7"."""
    if seat in st.winners:
        return _("winner") if len(st.winners) == 1 else pgettext("the outcome of a seat", "draw")
    return _("out at move {n}").format(n=st.out_move[seat])


class Table(TableScene):
    END_DELAY = 200
    RESULT_FIGURE = N_("Outcome")

    def wire(self) -> None:
        """The game's hooks and settings given to the table's components."""
        self.curtain.prompts = (N_("Click to see your heart"), N_("Press {key} to see your heart"))
        self.hud.mouse_hint = N_("click a grenade to throw it")
        c, t = self.coach, self.tooltips  # the coach's and the tooltips' hooks
        c.about, c.panels, c.prompts = self.coach_about, self.coach_panels, self.open_prompts
        c.layout, c.status, c.view = self.layout_rects, self.status_rects, self.coach_view
        t.sources, t.key_tip = self.tips, self.key_tip
        self.choices.panel = self.draw_action_panel
        self.hud.hints = self.hud_hints

    def result_rows(self) -> list[tuple[int, str]]:
        """Winner first, then who lasted longest (the move each player was knocked out on)."""
        st = self.match.state
        scores = self.rules.scores(st)
        order = sorted(range(st.players), key=lambda s: (-scores[s], s))
        return [(s, outcome(st, s)) for s in order]

    def setup(self) -> None:
        self.fast = False  # the bots play on at FAST_STEPS ticks a frame (every human is out)
        self.board.move_ticks = 18
        self.board.stagger = 0
        self.die_cursor: dict[int, int] = {}
        self.log: list[str] = []
        self.content: dict[Any, int | None] = {}
        self._live = False
        public = self.seating.views().public
        self._last_state = public  # the public view the timeline was last built to
        self._preview_key: Any = None
        self._preview: list[dict] = []
        self.timeline = Timeline.of(build_beats(None, public, self.seat_name), live=True)
        self.slots = seat_slots(public.players, self.bottom_seat())
        self._begin_beats(0)
        self.layout(initial=True)

    # --- seats --------------------------------------------------------------------------------------------------
    def seat_label(self, seat: int) -> str:
        """Who fills a seat, short: "WASD keys", "Gamepad 1", "normal" (a bot's level)."""
        who = self.match.seats[seat]
        return level_word(who.level) if who.kind == "bot" else who.label

    def bottom_seat(self) -> int:
        humans = self.seating.humans()
        return humans[0] if len(humans) == 1 and not self.demo else 0

    # --- the match loop: hold while a timeline plays -------------------------------------------------------------
    def humans_out(self) -> bool:
        """True when this screen has human players, the picture shows every one of them out, and the bots play
        on."""
        humans = self.seating.humans()
        if not humans or self.demo or self.seating.views().public.winners:
            return False
        snap = self.shown()[0]
        return all(snap.out[s] for s in humans)

    def step(self) -> None:
        """Once every human is out, their A key toggles fast-forward: the bots play on ``FAST_STEPS`` times as fast
        (timelines included) to the end."""
        if self.humans_out() and any(self.app.input.pressed("A", [self.match.seats[s].device])
                                     for s in self.seating.humans()):
            self.fast = not self.fast
            self.app.audio.play("select")
        super().step()
        for _i in range(FAST_STEPS - 1 if self.fast else 0):
            if self.app.top is not self:  # paused, or the results are up
                break
            super().step()

    def hud_hints(self) -> list[str]:
        """Once every human is out the hint bar says so and offers fast-forward."""
        if not self.humans_out():
            return self.hud.key_hints()
        key = self.app.input.hint(self.match.seats[self.seating.humans()[0]].device, "A")
        return [_("You are out: the bots play on"),
                (_("{key} normal speed") if self.fast else _("{key} fast-forward to the end")).format(key=key),
                _(self.hud.esc_hint)]

    @property
    def animating(self) -> bool:
        return self.timeline.busy

    @property
    def holding(self) -> bool:
        return self.timeline.busy

    def on_events(self, events: tuple) -> None:
        """The events of a new state: its timeline (built in ``after_tick``) plays their sounds beat by beat."""
        self._live = True

    def after_tick(self) -> None:
        st = self.seating.views().public
        if st != self._last_state:  # a move was made (or a replay jumped): its timeline
            beats = build_beats(self._last_state, st, self.seat_name)
            if self.timeline.busy:  # a new state before the last timeline ended (a replay): its roll is known
                k = self.timeline.index(self.timeline.t)
                if k < len(self.timeline.beats) and self.timeline.beats[k].kind == "roll":
                    self._log(self.timeline.beats[k].log)
            self._last_state = st
            self.timeline = Timeline.of(beats, self._live)
            self._live = False
            self._begin_beats(0)
        elif self.timeline.busy:
            before = self.timeline.index(self.timeline.t)
            self.timeline.t += 1
            now = self.timeline.index(self.timeline.t)
            if now != before:
                self._begin_beats(now, before)
        self.layout()
        self.board.update()

    def _begin_beats(self, k: int, ended: int = -1) -> None:
        """Beat ``k`` starts (``ended``: the beat that just ended): its sound and log line (a roll's line once the
        die has settled)."""
        tl = self.timeline
        if 0 <= ended < len(tl.beats) and tl.beats[ended].kind == "roll":
            self._log(tl.beats[ended].log)
        if k >= len(tl.beats):
            return
        b = tl.beats[k]
        if tl.live and b.kind in SOUNDS:
            self.app.audio.play(SOUNDS[b.kind])
        if b.kind != "roll":
            self._log(b.log)

    def _log(self, line: str) -> None:
        if line:
            self.log.append(line)
            del self.log[:-2]

    def shown(self) -> tuple[Snap, Beat | None, float]:
        """The picture at the timeline's tick (see ``shown_at``)."""
        return self.shown_at(self.timeline.t)

    # --- layout ---------------------------------------------------------------------------------------------------
    def heart_content(self, snap: Snap, seat: int, views=None) -> list[int | None]:
        """The heart card(s) of a seat as shown: revealed ones first, then the rest (None: face down). The rest come
        from the public view once the game is over (every heart is shown), else from the seat's own view while
        this screen shows it face up."""
        views = views or self.seating.views()
        rev = list(snap.revealed[seat])
        if snap.winners and views.public.winners:
            mine = views.public
        else:
            mine = views.of(seat) if views.up(seat) else None
        if mine is not None:
            return rev + [h for h in mine.hearts[seat] if h not in rev]
        return rev + [None] * (hearts_each(views.public.players) - len(rev))

    def layout(self, initial: bool = False) -> None:
        snap, _, _ = self.shown()
        views = self.seating.views()
        st = views.public
        targets: dict[Any, Placed] = {}
        content: dict[Any, int | None] = {}
        for p in range(PLACES):
            x, y = place_xy(p)
            targets[("wheel", p)] = Placed(x, y, not snap.blown[p], z=10 + p)
            content[("wheel", p)] = st.wheel[p]
        for seat, r in self.slots.items():
            cards = self.heart_content(snap, seat, views)
            n = len(cards)
            for i, rank in enumerate(cards):
                x = r.right - 14 - HW // 2 - (n - 1 - i) * (HW + 6)
                y = r.y + 12 + HH // 2
                targets[("heart", seat, i)] = Placed(x, y, rank is not None, z=50 + i, tag="heart")
                content[("heart", seat, i)] = rank
        if initial:
            def origin(key):
                if key[0] == "wheel":
                    return Placed(WHEEL_C[0], WHEEL_C[1], False, 0)
                return targets[key]
            self.board.stagger = 4
            self.board.set_targets(targets, origin, ticks=20)
            self.board.stagger = 0
        else:
            self.board.set_targets(targets)
        self.content = content
        self.update_preview()

    def update_preview(self) -> None:
        """What each grenade would do if thrown now (for the acting human's preview)."""
        st = self.seating.views().public
        key = (len(st.history), st.roll, st.dice, st.blown, st.winners)
        if self._preview_key == key:
            return
        self._preview_key = key
        self._preview = []
        if st.winners or not st.roll:
            return
        for die in range(DICE):
            start, pips = st.dice[die]
            path, p = [], start
            for _ in range(st.roll):
                p = advance_place(st.blown, p, 1)
                path.append(p)
            blown, dice, newly, _ = resolve_throw(st.wheel, st.blown, st.dice, die, st.roll)
            self._preview.append({"path": path, "stop": p, "joker": st.wheel[p] == JOKER,
                                  "pips": pips + 1, "newly": newly})

    # --- controls -------------------------------------------------------------------------------------------------
    def human_controls(self) -> None:
        inp = self.app.input
        for seat in self.seating.acting_shown():
            dev = [self.match.seats[seat].device]
            legal = self.seating.legal(seat)
            if not legal:
                continue
            if self.mouse_controls(seat, legal):
                continue
            c = self.die_cursor.get(seat, 0) % DICE
            if inp.menu("LEFT", dev) or inp.menu("UP", dev):
                c = (c - 1) % DICE
                self.app.audio.play("move")
            if inp.menu("RIGHT", dev) or inp.menu("DOWN", dev):
                c = (c + 1) % DICE
                self.app.audio.play("move")
            self.die_cursor[seat] = c
            if inp.pressed("A", dev) and Throw(c) in legal:
                self.match.submit_action(seat, Throw(c))
                self.app.audio.play("select")

    # --- the mouse: point at a grenade (its button in the band, or the die on the wheel) to see it, click to throw --

    def band_buttons(self) -> list[pygame.Rect]:
        """The three grenades' buttons in the band under the wheel (px)."""
        bw = (BAND.w - 24) // DICE
        return [pygame.Rect(BAND.x + 8 + i * (bw + 4), BAND.y + 6, bw, 40) for i in range(DICE)]

    def grenade_targets(self) -> list[pygame.Rect]:
        """Each grenade's die on the wheel (px)."""
        out = []
        for i, (x, y) in sorted(self.dice_positions(Snap.of(self.seating.views().public)).items()):
            r = pygame.Rect(0, 0, DIE + 6, DIE + 6)
            r.center = (int(x), int(y))
            out.append(r)
        return out

    def mouse_controls(self, seat: int, legal) -> bool:
        """The mouse's seat: pointing at a grenade chooses it (its preview shows), a click throws it. True when the
        mouse acted this tick."""
        if self.seating.mouse_seat() != seat:
            return False
        inp = self.app.input
        buttons, dice = self.band_buttons(), self.grenade_targets()
        k = inp.clicked(buttons)
        k = inp.clicked(dice) if k is None else k
        if k is not None:
            self.die_cursor[seat] = k
            if Throw(k) in legal:
                self.match.submit_action(seat, Throw(k))
                self.app.audio.play("select")
            return True
        if inp.mouse_moved:
            over = inp.hover(buttons)
            over = inp.hover(dice) if over is None else over
            if over is not None and over != self.die_cursor.get(seat, 0) % DICE:
                self.die_cursor[seat] = over
                self.app.audio.play("move")
        return False

    def chooser(self) -> int | None:
        """The human seat choosing a grenade on this screen now (None: nobody, or a timeline is playing)."""
        if self.demo or self.seating.curtain_for is not None or self.timeline.busy:
            return None
        for seat in self.seating.acting_humans():
            if len(self.seating.humans()) > 1 and seat != self.seating.shown_seat:
                continue
            return seat
        return None

    # --- the tutorial's coach: beside what its step names, never over it --------------------------------------------
    WHEEL_AREA = pygame.Rect(WHEEL_C[0] - RX - CW // 2 - 10, WHEEL_C[1] - RY - CH // 2 - 10, 2 * RX + CW + 20,
                             2 * RY + CH + 20)
    """The wheel, its grenades and the hub (px)."""

    def coach_view(self, seat: int):
        """The learner's view as the picture shows it: while a move plays (the match is held), whose turn and roll
        the picture shows (the move's player until the black die rolls for the next one), so the coach speaks of
        the grenade hopping on screen (public facts of the timeline's snapshot)."""
        view = self.seating.seat_view(seat)
        if not self.timeline.busy:
            return view
        snap = self.shown()[0]
        return replace(view, current=snap.current, roll=snap.roll)

    def coach_about(self) -> list[pygame.Rect]:
        """The grenades' band and the learner's seat while they choose; the wheel while a move plays; the seat of
        the player to act otherwise."""
        humans = self.seating.humans()
        if not humans:
            return []
        me = humans[0]
        snap = self.shown()[0]
        if snap.winners:
            return [self.WHEEL_AREA]
        if self.chooser() == me:
            return [BAND, self.slots[me], self.WHEEL_AREA]
        if self.timeline.busy:
            return [self.WHEEL_AREA]
        return [self.slots[snap.current], self.WHEEL_AREA]

    def coach_panels(self) -> list[pygame.Rect]:
        snap = self.shown()[0]
        return [self.slots[s] for s in sorted({*self.seating.humans()[:1], snap.current}) if s in self.slots]

    def open_prompts(self) -> list[pygame.Rect]:
        return [BAND] if self.chooser() is not None or self.humans_out() else []

    def status_rects(self) -> list[pygame.Rect]:
        return [self.hud.status_line_rect(self.status_text(self.shown()[0]))]

    def layout_rects(self) -> list[pygame.Rect]:
        status = self.hud.status_line_rect(self.status_text(self.shown()[0]))
        return [self.hud.name_rect()] + [status, self.WHEEL_AREA, *self.slots.values()]

    # --- tooltips: the wheel's cards, the grenades, the hearts and the black die explained where they are -----------
    def wheel_tip(self, place: int, rect, title: str | None = None) -> Tip:
        """The tooltip of the wheel's card at ``place`` (a spade or the Joker), lying at ``rect``."""
        rank = self.seating.views().public.wheel[place]
        head, body = term("joker" if rank == JOKER else "spade")
        return Tip(tuple(rect), title or _("{card} · {term}").format(card=card_name(rank), term=head), body)

    def tips(self) -> list[Tip]:
        """The wheel's cards, the hearts face up, the black die and the three grenades (on top)."""
        out = []
        for key, placed in sorted(((k, e.placed) for k, e in self.board.entries.items()), key=lambda kp: kp[1].z):
            w, h = (CW, CH) if key[0] == "wheel" else (HW, HH)
            r = pygame.Rect(0, 0, w, h)
            r.center = (int(placed.x), int(placed.y))
            if key[0] == "wheel":
                out.append(self.wheel_tip(key[1], r))
            elif self.content.get(key) is not None and placed.face_up:
                head, body = term("heart")
                out.append(Tip(tuple(r), _("{card} · {term}").format(card=heart_name(self.content[key]), term=head),
                               body))
        black = pygame.Rect(0, 0, BLACK, BLACK)
        black.center = (WHEEL_C[0], WHEEL_C[1] - 14)
        out.append(Tip(tuple(black), *term("black die")))
        snap = self.shown()[0]
        for i, r in enumerate(self.grenade_targets()):
            pips = ngettext("{n} pip", "{n} pips", snap.dice[i][1]).format(n=snap.dice[i][1])
            title = _("{grenade} · {pips}").format(grenade=grenade_name(i).capitalize(), pips=pips)
            out.append(Tip(tuple(r), title, term("grenade")[1]))
        return out

    def key_tip(self, seat: int) -> Tip | None:
        """The card the chosen grenade of ``seat`` would land on (the one the preview lights up)."""
        if self.chooser() != seat:
            return None
        die = self.die_cursor.get(seat, 0) % DICE
        if die >= len(self._preview):
            return None
        stop = self._preview[die]["stop"]
        r = pygame.Rect(0, 0, CW, CH)
        r.center = tuple(int(v) for v in place_xy(stop))
        rank = self.seating.views().public.wheel[stop]
        title = _("{card}: where the {grenade} lands").format(card=card_name(rank), grenade=grenade_name(die))
        return self.wheel_tip(stop, r, title)

    # --- drawing --------------------------------------------------------------------------------------------------
    def draw_action_panel(self, surf) -> None:
        """The grenade choice band (drawn in ``draw_table``)."""

    def draw_table(self, surf: pygame.Surface, views, alpha: float) -> None:
        st = views.public
        surf.blit(background(tuple(tuple(r) for r in self.slots.values())), (0, 0))
        tl = self.timeline
        t = min(tl.t + alpha, tl.total) if tl.busy else tl.total
        snap, beat, prog = self.shown_at(t)
        chooser = self.chooser()
        for seat, r in self.slots.items():
            self.draw_seat(surf, seat, r, snap, views)
        # cards (wheel and hearts)
        for key, placed, width, moving in self.board.frames(alpha):
            rank = self.content.get(key)
            if key[0] == "wheel":
                f = wheel_card(rank) if rank is not None else card_back(CW, CH)
                rr = blit_card(surf, f, card_back(CW, CH), placed, width, moving)
                if not placed.face_up and width >= 1.0 and rank is not None:
                    tag = pygame.Rect(0, 0, 64, 24)
                    tag.center = rr.center
                    panel(surf, tag, 215, (30, 20, 20), (180, 60, 50), 6)
                    draw_text(surf, card_name(rank), tag.center, 16, (255, 200, 180), bold=True, anchor="center")
            else:
                f = heart_card(rank) if rank is not None else card_back(HW, HH)
                rr = blit_card(surf, f, card_back(HW, HH), placed, width, moving)
                seat = key[1]
                if placed.face_up and width >= 1.0 and rank in snap.revealed[seat]:
                    pygame.draw.circle(surf, (150, 20, 20), (rr.centerx, rr.bottom - 16), 12)
                    draw_text(surf, "✖", (rr.centerx, rr.bottom - 16), 16, WHITE, bold=True, anchor="center")
        if chooser is not None:
            self.draw_preview(surf, self.die_cursor.get(chooser, 0) % DICE)
        self.draw_dice(surf, snap, beat, prog, chooser)
        if beat is not None and beat.kind == "burst":
            x, y = place_xy(beat.place)
            size = 230 if st.wheel[beat.place] != JOKER else 150
            img = burst(min(11, int(prog * 12)), size)
            surf.blit(img, img.get_rect(center=(int(x), int(y))))
        self.draw_hub(surf, snap, beat, prog, t)
        if chooser is not None:
            self.draw_band(surf, chooser)
        elif self.humans_out():
            self.draw_out_band(surf)
        self.hud.draw_status(surf, self.status_text(snap))

    def shown_at(self, t: float) -> tuple[Snap, Beat | None, float]:
        """The picture at tick ``t`` of the timeline: the snapshot after every begun beat, the beat in progress (None
        once the timeline is over) and its progress 0..1."""
        tl = self.timeline
        if not tl.beats or t >= tl.total:
            return Snap.of(self.seating.views().public), None, 1.0
        k = tl.index(t)
        if k >= len(tl.beats):
            return tl.beats[-1].after, None, 1.0
        b = tl.beats[k]
        return b.after, b, (t - tl.starts[k]) / max(1, b.ticks)

    def status_text(self, snap: Snap) -> str:
        st = self.seating.views().public
        alive = sum(1 for o in snap.out if not o)
        if snap.winners:
            return _("The game is over")
        line = _("{players} · {alive} still in · move {n}").format(players=plural(st.players, "player"), alive=alive,
                                                                   n=len(st.history) + 1)
        return _("{status} · two hearts each").format(status=line) if st.players == 2 else line

    def dice_positions(self, snap: Snap) -> dict[int, tuple[float, float]]:
        """Where each grenade sits: in a row on the lower half of its card."""
        out: dict[int, tuple[float, float]] = {}
        for p in range(PLACES):
            here = [i for i, (dp, _) in enumerate(snap.dice) if dp == p]
            x, y = place_xy(p)
            m = len(here)
            for k, i in enumerate(here):
                out[i] = (x + (k - (m - 1) / 2) * (DIE - 4), y + 28)
        return out

    def draw_dice(self, surf, snap: Snap, beat: Beat | None, prog: float, chooser: int | None) -> None:
        pos = self.dice_positions(snap)
        moving = set(beat.dice) if beat is not None and beat.kind in ("hop", "reset") else set()
        if moving:
            old = self.dice_positions(beat.before)
        for i in range(DICE):
            x, y = pos[i]
            pips = snap.dice[i][1]
            size = DIE
            if i in moving:
                e = prog * prog * (3 - 2 * prog)
                ox, oy = old[i]
                x, y = ox + (x - ox) * e, oy + (y - oy) * e
                y -= math.sin(math.pi * prog) * (26 if beat.kind == "hop" else 60)
                if beat.kind == "reset" and prog < 0.5:
                    pips = beat.before.dice[i][1]
            elif beat is not None and beat.kind == "raise" and i in beat.dice:
                size = DIE + int(12 * math.sin(math.pi * min(1.0, prog * 1.4)))
            elif beat is not None and beat.kind == "burst" and i in beat.dice:
                size = DIE + 6
            if chooser is not None and i == self.die_cursor.get(chooser, 0) % DICE:
                level = 4 if self.app.settings.reduce_flashing else abs((self.ticks // 6) % 8 - 4)  # steady
                g = glow(size + 4, size + 4, GOLD, level)
                surf.blit(g, g.get_rect(center=(int(x), int(y))))
            img = die_face(pips, size, DIE_COLOURS[i])
            surf.blit(img, img.get_rect(center=(int(x), int(y))))

    def draw_preview(self, surf, die: int) -> None:
        if die >= len(self._preview):
            return
        pv = self._preview[die]
        for k, p in enumerate(pv["path"][:-1]):
            x, y = place_xy(p)
            radius = max(13, font(16, True).get_height() // 2 + 3)  # round the number at any text size
            pygame.draw.circle(surf, (20, 20, 20), (int(x), int(y - 20)), radius)
            pygame.draw.circle(surf, GOLD, (int(x), int(y - 20)), radius, 2)
            draw_text(surf, str(k + 1), (x, y - 20), 16, GOLD, bold=True, anchor="center")
        stop = pv["stop"]
        boom = bool(pv["newly"])
        x, y = place_xy(stop)
        g = glow(CW, CH, RED if boom else GOLD, abs((self.ticks // 6) % 8 - 4))
        surf.blit(g, g.get_rect(center=(int(x), int(y))))
        if pv["joker"]:
            label = _("+1 all")
        else:
            label = f"→ {min(6, pv['pips'])}"
        ghost = die_face(min(6, pv["pips"]), DIE, DIE_COLOURS[die], alpha=200)
        surf.blit(ghost, ghost.get_rect(center=(int(x), int(y - 26))))
        if boom:
            label = _("BOOM!")
        r = pygame.Rect(0, 0, font(16, True).size(label)[0] + 14, 24)
        r.center = (int(x), int(y - CH // 2 - 6))
        panel(surf, r, 230, (120, 20, 20) if boom else (60, 45, 10), GOLD, 8)
        draw_text(surf, label, r.center, 16, WHITE, bold=True, anchor="center")
        for p in pv["newly"]:
            if p != stop:
                gx, gy = place_xy(p)
                g2 = glow(CW, CH, RED, 4)
                surf.blit(g2, g2.get_rect(center=(int(gx), int(gy))))

    def draw_hub(self, surf, snap: Snap, beat: Beat | None, prog: float, t: float) -> None:
        cx, cy = WHEEL_C
        if snap.winners:
            if len(snap.winners) == 1:
                head = _("{player} wins!").format(player=self.seat_name(snap.winners[0]))
            else:
                head = _("Draw: {players}").format(players=join_names([self.seat_name(s) for s in snap.winners]))
            r = pygame.Rect(0, 0, 380, 70)
            r.center = (cx, cy - 30)
            panel(surf, r, 225, (60, 35, 10), GOLD, 14)
            draw_text(surf, head, r.center, size_to_fit(head, r.w - 24, 28, bold=True), GOLD, bold=True,
                      anchor="center")
            shown = _("every heart is shown")
            draw_text(surf, shown, (cx, cy + 22), size_to_fit(shown, 2 * RX - CW - 20, 17), WHITE, anchor="center",
                      shadow=True)
        else:
            who = snap.current
            rolling = beat is not None and beat.kind == "roll"
            chooser = self.chooser()
            if chooser is not None:
                head = (_("Your turn!") if len(self.seating.humans()) == 1 else
                        _("{player}, your turn!").format(player=self.seat_name(chooser)))
            else:
                head = _("{player}'s turn").format(player=self.seat_name(who))
            draw_text(surf, head, (cx, cy - 76), size_to_fit(head, self.HUB_W, 21, bold=True), GOLD, bold=True,
                      anchor="center", shadow=True)
            if rolling:
                # tumbling: faces change, the die bounces and settles
                k = int(t)
                settle = prog > 0.8
                face = snap.roll if settle else 1 + (k // 3 * 5 + snap.current) % 6
                bounce = abs(math.sin(prog * math.pi * 3)) * (1 - prog) * 30
                jx = math.sin(prog * 17) * (1 - prog) * 10
                img = die_face(face, BLACK, black=True)
                surf.blit(img, img.get_rect(center=(int(cx + jx), int(cy - 14 - bounce))))
                line = _("rolling…")
            elif snap.roll:
                img = die_face(snap.roll, BLACK, black=True)
                surf.blit(img, img.get_rect(center=(cx, cy - 14)))
                line = (_("rolled {n} · choose a grenade") if chooser is not None else
                        _("rolled {n} · choosing a grenade") if beat is None else _("rolled {n}")).format(n=snap.roll)
            else:
                line = ""
            if line:
                draw_text(surf, line, (cx, cy + 36), size_to_fit(line, self.HUB_W, 18), WHITE, anchor="center",
                          shadow=True)
        rows = self.log_rows()
        size = self.log_size()
        for k, (row, last) in enumerate(rows):
            draw_text(surf, row, (cx, cy + 64 + pitch(size, 20) * k), size, WHITE if last else DIM, anchor="center",
                      shadow=True)

    HUB_W = 2 * RX - CW - 40  # the hub's lines inside the ring of cards (px)

    def log_rows(self) -> list[tuple[str, bool]]:
        """The hub's log as drawn: the last two lines, each wrapped into the hub (the newest in white), at most three
        rows (the newest kept)."""
        tail = self.log[-2:]
        size = self.log_size()
        rows = [(row, k == len(tail) - 1) for k, ln in enumerate(tail) for row in wrap(ln, size, self.HUB_W)]
        return rows[-3:]

    @staticmethod
    def log_size() -> int:
        """The hub log's font size: 16 px, and as drawn no larger at a larger text size (the ring of cards around
        the hub does not grow: its three rows stay clear of the cards' labels)."""
        return smallest_readable(16)

    def draw_seat(self, surf, seat: int, r: pygame.Rect, snap: Snap, views) -> None:
        st = views.public
        out = snap.out[seat]
        won = seat in snap.winners
        turn = not snap.winners and snap.current == seat and not out
        if turn:
            pygame.draw.rect(surf, GOLD, r, width=3, border_radius=14)
        elif won:
            pygame.draw.rect(surf, GOLD, r, width=3, border_radius=14)
        if out and not won:
            panel(surf, r, 150, (40, 40, 40), (90, 90, 90))
        name_col = DIM if out and not won else GOLD
        who = self.match.seats[seat]
        mine = seat in self.seating.humans() and len(self.seating.humans()) == 1 and not self.demo
        tag = _("you") if mine else (_("bot, {level}").format(level=level_word(who.level)) if who.kind == "bot"
                                     else who.label)
        # the heart card(s) lie at the panel's top right: the name and tag stay left of them
        room = r.w - 28 - hearts_each(st.players) * (HW + 6)
        draw_text(surf, self.seat_name(seat), (r.x + 14, r.y + 10), size_to_fit(self.seat_name(seat), room, 22, True),
                  name_col, bold=True)
        draw_text(surf, tag, (r.x + 14, r.y + 10 + pitch(22, 28, bold=True)), size_to_fit(tag, room, 16), DIM)
        lines: list[tuple[str, tuple[int, int, int]]] = []
        if won:
            lines.append(("★ " + _("WINNER"), GOLD))
        elif out:
            lines.append((ngettext("OUT · spade blown", "OUT · spades blown", hearts_each(st.players)), OUT_RED))
        elif turn:
            lines.append(("▶ " + _("to play"), GOLD))
        if views.up(seat) and not snap.winners:
            alive = [h for h in views.of(seat).hearts[seat] if h not in snap.revealed[seat]]
            if alive:
                lines.append((_("keep {cards} alive").format(cards=join_names([card_name(h) for h in alive])), WHITE))
        elif st.players == 2 and snap.revealed[seat] and not out:
            lines.append((_("one life left"), (230, 180, 120)))
        elif (len(self.seating.humans()) > 1 and seat == self.seating.shown_seat and not self.demo and not out
              and self.seating.curtain_for is None and self.seating.forced_view == "auto"):
            b = self.app.input.hint(self.match.seats[seat].device, "B")
            lines.append((_("hold {key} to see your heart").format(key=_("pad B") if b == "Ⓑ" else b), DIM))
        if snap.winners and self.match.is_over():
            sc = self.rules.scores(st)[seat]  # opponents outlasted: public facts (``out_move``) every view holds
            lines.append((_("outlasted {players}").format(players=plural(sc, "player")), WHITE))
        # under the hearts the lines have the panel's whole width
        rows = [(row, col) for text_, col in lines for row in wrap(text_, 17, r.w - 28, bold=col == GOLD)]
        step = max(pitch(17, 22), pitch(17, 22, bold=True))  # from the fonts' line height at a larger text size
        y = r.bottom - max(24, font(17, True).get_height() + 4) - step * (len(rows) - 1)
        for text_, col in rows:
            draw_text(surf, text_, (r.x + 14, y), 17, col, bold=col == GOLD)
            y += step

    def draw_band(self, surf, seat: int) -> None:
        """The three grenades as buttons (the chosen one lit), what each would do, and the keys."""
        st = self.seating.views().public
        dev = self.match.seats[seat].device
        inp = self.app.input
        panel(surf, BAND, 255, (16, 24, 18), GOLD, 12)  # opaque: nothing of the table shows through
        c = self.die_cursor.get(seat, 0) % DICE
        bw = (BAND.w - 24) // DICE
        for i in range(DICE):
            r = pygame.Rect(BAND.x + 8 + i * (bw + 4), BAND.y + 6, bw, 40)
            sel = i == c
            panel(surf, r, 230 if sel else 160, (90, 70, 15) if sel else (30, 36, 32), GOLD if sel else None, 8)
            img = die_face(st.dice[i][1], 26, DIE_COLOURS[i])
            surf.blit(img, img.get_rect(center=(r.x + 20, r.centery)))
            if i < len(self._preview):
                pv = self._preview[i]
                if pv["newly"]:
                    what = _("BOOM! {cards}").format(cards=", ".join(card_name(st.wheel[p]) for p in pv["newly"]))
                elif pv["joker"]:
                    what = _("→ Joker: all +1")
                else:
                    what = f"→ {card_name(st.wheel[pv['stop']])}, {plural(pv['pips'], 'pip')}"
                draw_text(surf, what, (r.x + 40, r.centery), size_to_fit(what, r.w - 46, 16, bold=sel),
                          WHITE if not pv["newly"] else (255, 170, 150), bold=sel, anchor="midleft")
        keys = _("{lr} or {ud} choose grenade · {a} throw it").format(
            lr=f"{inp.hint(dev, 'LEFT')}/{inp.hint(dev, 'RIGHT')}", ud=f"{inp.hint(dev, 'UP')}/{inp.hint(dev, 'DOWN')}",
            a=inp.hint(dev, "A"))
        if dev == "mouse":
            keys = _("point at a grenade to see where it goes · click it to throw it")
        elif self.seating.mouse_seat() == seat:
            both = _("{keys} · or click one").format(keys=keys)
            if font(size_to_fit(both, BAND.w - 16, 16)).size(both)[0] <= BAND.w - 16:
                keys = both  # (else, at a larger text size, the hint bar's mouse entry says it)
        draw_text(surf, keys, (BAND.centerx, BAND.bottom - 15), size_to_fit(keys, BAND.w - 16, 16), GOLD,
                  anchor="center")

    def draw_out_band(self, surf) -> None:
        """Under the wheel once every human is out: that they are out, and the key that fast-forwards."""
        key = self.app.input.hint(self.match.seats[self.seating.humans()[0]].device, "A")
        panel(surf, BAND, 255, (16, 24, 18), GOLD, 12)
        out = (_("You are out · the bots play on") if len(self.seating.humans()) == 1 else
               _("Every player here is out · the bots play on"))
        draw_text(surf, out, (BAND.centerx, BAND.y + 22), size_to_fit(out, BAND.w - 16, 19, bold=True), WHITE,
                  bold=True, anchor="center")
        what = (_("{key}: back to normal speed") if self.fast else _("{key}: fast-forward to the end")).format(key=key)
        draw_text(surf, what, (BAND.centerx, BAND.bottom - 20), size_to_fit(what, BAND.w - 16, 18), GOLD,
                  anchor="center")

    # --- results --------------------------------------------------------------------------------------------------
    def result_lines(self) -> list[str]:
        st = self.match.state
        if len(st.winners) == 1:
            title = _("{player} wins!").format(player=self.seat_name(st.winners[0]))
        else:
            title = _("A draw: {players}").format(players=join_names([self.seat_name(s) for s in st.winners]))
        scores = self.rules.scores(st)
        lines = [title]
        order = sorted(range(st.players), key=lambda s: (-scores[s], s))
        for s in order:
            hearts = " ".join(heart_name(h) for h in st.hearts[s])
            lines.append(_("{player} ({who}) · {hearts} · {outcome} · outlasted {players}").format(
                player=self.seat_name(s), who=self.seat_label(s), hearts=hearts, outcome=outcome(st, s),
                players=plural(scores[s], "player")))
        return lines


def card_art(ref: str) -> pygame.Surface:
    """A card for the rules page: ``ref`` is rank then suit letter ("4H", "7S") or "JOKER"."""
    return playing_card("JOKER", "S") if ref == "JOKER" else playing_card(ref[:-1], ref[-1])
