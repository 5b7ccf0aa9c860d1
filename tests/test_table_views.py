"""The sentinel test: a table draws only what the seats shown on its screen may see (issue 26, "tables draw from
views").

Each of the five tables is drawn mid-match in several kinds of screen: one human and bots, two humans sharing the
screen (the curtain lifted by the one deciding, and the curtain down), attract mode, and a replay showing one seat's
cards (or nobody's). Before drawing, every card that no seat shown on that screen may see (the other seats' hands,
the stack, face-down cards laid by others, the hearts of Grenade's hidden identities, Grit's unused cards...) is
replaced in the true state by a *sentinel*: a card value the real deck never has. The game's own views of the shown
seats and the public view are unchanged by this (checked first), so a table drawing from views cannot draw a
sentinel; a table that reads the true state for hidden information does. The card art is watched: a sentinel asked
of it is recorded and drawn in a colour no card has (searched in the picture), its name never reaches a drawn string,
and a table that looks a sentinel up in the real deck fails with that error.

Which seats a screen shows is stated here, not asked of the client: one human -> that seat; two humans -> the one who
lifted the curtain (nobody while it is down); Grisbi's race -> every human at the screen; a demo -> nobody; a replay
-> the seat chosen with Tab. ``test_the_test_can_fail`` shows a sentinel is caught when a table is made to show it.
"""

from __future__ import annotations

import contextlib
import dataclasses

import pygame
import pytest

from arcade.client.render import fonts
from arcade.client.table import table_for
from arcade.core.match import Match, parse_seats
from arcade.games import REGISTRY
from arcade.games.rng import Rng
from client_helpers import make_app

SENTINEL_RGB = (255, 0, 255)
"""What the watched card art paints for a sentinel: no card, felt or panel has this colour."""
WORD = "SENTINEL"
"""What a watched card-naming function returns for a sentinel (searched in every drawn string)."""

GAMES = ("grisbi", "grit", "grenade", "grass", "cops_and_robbers")
SOLO = {"grisbi": "human,bot,bot,bot", "grit": "human,bot", "grenade": "human,bot,bot,bot",
        "grass": "human,bot,bot,bot", "cops_and_robbers": "human,bot,bot,bot"}
DUO = {"grisbi": "human,bot,human:arrows,bot", "grit": "human,human:arrows", "grenade": "human,bot,human:arrows,bot",
       "grass": "human,bot,human:arrows,bot", "cops_and_robbers": "human,bot,human:arrows,bot"}


# --- sentinel states: every card no shown seat may see replaced ------------------------------------------------------

def _grisbi(s, shown):
    from arcade.games.grisbi import CARDS

    base = len(CARDS) + 1000
    hands = tuple(h if p in shown else tuple(base + 100 * p + i for i in range(len(h)))
                  for p, h in enumerate(s.hands))
    later = s.location_order[s.round + 1:]  # the Locations of rounds to come are hidden from everyone
    order = s.location_order[:s.round + 1] + tuple(base + 900 + i for i in range(len(later)))
    return dataclasses.replace(s, hands=hands, location_order=order), lambda c: isinstance(c, int) and c >= base


def _grit(s, shown):
    base = 500
    it = iter(range(base, base + 100))
    complaints = tuple(h if p in shown else tuple(next(it) for _ in h) for p, h in enumerate(s.complaints))
    piles = tuple(tuple(tuple(c if c.face_up or c.laid_by in shown else dataclasses.replace(c, card=next(it))
                              for c in pile) for pile in own) for own in s.piles)
    unused = tuple(next(it) for _ in s.unused)
    return (dataclasses.replace(s, complaints=complaints, piles=piles, unused=unused),
            lambda c: isinstance(c, int) and c >= base)


def _grenade(s, shown):
    base = 40
    hearts = tuple(h if p in shown else tuple(r if r in s.revealed[p] else base + 2 * p + i for i, r in enumerate(h))
                   for p, h in enumerate(s.hearts))
    return dataclasses.replace(s, hearts=hearts), lambda r: isinstance(r, int) and r >= base


def _grass(s, shown):
    from arcade.games.grass.cards import NO_CARD

    base = 700
    it = iter(range(base, base + 500))
    seats = []
    for p, seat in enumerate(s.seats):
        if p in shown:
            seats.append(seat)
            continue
        known = [k for o in shown if s.known for k in s.known[o][p]]  # what a shown seat knows to be there
        hand = []
        for k in seat.hand:
            if k in known:
                known.remove(k)
                hand.append(k)
            else:
                hand.append(next(it))
        seats.append(dataclasses.replace(seat, hand=tuple(hand)))
    passes = tuple(k if p in shown or k == NO_CARD else next(it) for p, k in enumerate(s.passes))
    return (dataclasses.replace(s, seats=tuple(seats), deck=tuple(next(it) for _ in s.deck), passes=passes),
            lambda k: isinstance(k, int) and k >= base)


def _cops_and_robbers(s, shown):
    base = 9000
    it = iter(range(base, base + 500))
    hands = tuple(h if p in shown else tuple((kind, next(it)) for kind, _ in h) for p, h in enumerate(s.hands))
    pile = tuple((kind, next(it)) for kind, _ in s.draw_pile)
    return (dataclasses.replace(s, hands=hands, draw_pile=pile),
            lambda v: isinstance(v, int) and v >= base)


SENTINELS = {"grisbi": _grisbi, "grit": _grit, "grenade": _grenade, "grass": _grass,
             "cops_and_robbers": _cops_and_robbers}


def with_sentinels(gid, state, shown):
    """``state`` with every card no seat of ``shown`` may see replaced by a sentinel, and the test for a sentinel.
    The views of the shown seats and the public view are those of ``state``: a table drawing from views draws the
    same picture."""
    rules = REGISTRY[gid]
    fake, is_sentinel = SENTINELS[gid](state, frozenset(shown))
    for seat in (None, *shown):
        assert rules.view(fake, seat) == rules.view(state, seat), f"{gid}: the sentinels changed seat {seat}'s view"
    return fake, is_sentinel


# --- mid-match positions ---------------------------------------------------------------------------------------------

def positions(gid, players, want=4, seed=3):
    """``want`` states of a game played at random, spread over the match (several points of it, never the end)."""
    rules = REGISTRY[gid]
    rng = Rng.from_seed(seed)
    s = rules.initial_state(seed, players)
    found = []
    if gid == "grisbi":
        for t in range(6000):
            if s.phase == "play" and t % 97 == 0 or s.phase == "reveal" and t % 151 == 0:
                found.append(s)
            inputs = []
            for p in range(players):
                legal = rules.legal_actions(s, p)
                k, rng = rng.below(40)
                inputs.append(legal[k % len(legal)] if legal and k < 2 else 0)
            s = rules.step(s, tuple(inputs))
            if rules.is_over(s) or len(found) >= want:
                break
        return found
    steps, gap = 0, 3 if gid == "grit" else 9  # a duel of Grit is a dozen decisions
    while not rules.is_over(s) and len(found) < want and steps < 3000:
        if steps % gap == gap // 2:
            found.append(s)
        seat = min(rules.to_act(s))
        legal = list(rules.legal_actions(s, seat))
        k, rng = rng.below(len(legal))
        s = rules.apply(s, seat, legal[k])
        steps += 1
    return found


# --- watching the card art -------------------------------------------------------------------------------------------

def _painted(w, h):
    img = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    img.fill((*SENTINEL_RGB, 255))
    return img


def _art(gid):
    """(module, name, which argument is the card, picture maker or None for a name) of the card art a table asks."""
    if gid == "grisbi":
        from arcade.games.grisbi.table import cards as gc

        return [(gc, "card_face", 0, lambda a: _painted(a[1], a[2])), (gc, "rotated", 0, lambda a: _painted(a[1], a[2])),
                (gc, "location_chip", 0, lambda a: _painted(a[1], a[2]))]
    if gid == "grit":
        from arcade.games.grit.table import scene

        return [(scene, "face", 0, lambda a: _painted(100, 140)), (scene, "card_label", 0, None)]
    if gid == "grenade":
        from arcade.games.grenade.table import scene

        return [(scene, "heart_card", 0, lambda a: _painted(scene.HW, scene.HH)), (scene, "card_name", 0, None),
                (scene, "heart_name", 0, None), (scene, "wheel_card", 0, lambda a: _painted(scene.CW, scene.CH))]
    if gid == "grass":
        from arcade.games.grass.table import panels, scene

        return [(m, "card_face", 0, lambda a: _painted(*scene.SIZES[a[1] if len(a) > 1 else "L"]))
                for m in (scene, panels)]
    from arcade.games.cops_and_robbers.table import scene

    return [(scene, "cr_card", 1, lambda a: _painted(*scene.SIZES[a[2] if len(a) > 2 else "L"]))]


@contextlib.contextmanager
def watched(gid, is_sentinel, asked: list):
    """The game's card art, watched: a sentinel is recorded in ``asked`` and painted ``SENTINEL_RGB`` (a name: the
    word ``WORD``); every real card is drawn as usual."""
    saved = []
    for module, name, arg, make in _art(gid):
        real = getattr(module, name)

        def fake(*a, _real=real, _arg=arg, _make=make, _name=name, **k):
            if len(a) > _arg and is_sentinel(a[_arg]):
                asked.append((_name, a[_arg]))
                return WORD if _make is None else _make(a)
            return _real(*a, **k)

        saved.append((module, name, real))
        setattr(module, name, fake)
    fonts.SEEN = []
    try:
        yield
    finally:
        fonts.SEEN = None
        for module, name, real in saved:
            setattr(module, name, real)


def sentinel_pixels(surf: pygame.Surface) -> int:
    data = pygame.image.tobytes(surf, "RGB")
    key = bytes(SENTINEL_RGB)
    return sum(1 for i in range(0, len(data), 3) if data[i:i + 3] == key)


# --- drawing a table -------------------------------------------------------------------------------------------------

@dataclasses.dataclass(frozen=True)
class Screen:
    """One kind of screen: the seats, demo, who lifted the curtain (``shown_seat``), whether it is down, a replay's
    chosen seat (``forced``: "auto" when not a replay) and the seats whose cards it may show (stated, not asked)."""

    name: str
    seats: str
    shown: tuple[int, ...]
    demo: bool = False
    shown_seat: int | None = None
    curtain: bool = False
    forced: object = "auto"


def screens(gid, state) -> list[Screen]:
    rules = REGISTRY[gid]
    n = len(parse_seats(SOLO[gid], 1, 8))
    bots = ",".join(["bot"] * n)
    out = [Screen("one human", SOLO[gid], (0,)), Screen("attract mode", bots, (), demo=True),
           Screen("replay, nobody's cards", SOLO[gid], (), demo=True, forced=None),
           Screen("replay, seat 2's cards", SOLO[gid], (1,), demo=True, forced=1)]
    humans = [i for i, s in enumerate(parse_seats(DUO[gid], 1, 8)) if s.kind == "human"]
    if gid == "grisbi":
        if state.phase != "countdown":
            out.append(Screen("two humans racing", DUO[gid], tuple(humans)))
        return out
    acting = [h for h in humans if h in rules.to_act(state)]
    if len(acting) == 1:
        other = next(h for h in humans if h != acting[0])
        out.append(Screen("two humans, the curtain lifted", DUO[gid], (acting[0],), shown_seat=acting[0]))
        out.append(Screen("two humans, the curtain down", DUO[gid], (), shown_seat=other, curtain=True))
    return out


def draw(app, gid, screen: Screen, state) -> pygame.Surface:
    """A fresh table on ``state`` as ``screen`` sets it, its sprites settled, drawn once."""
    specs = parse_seats(screen.seats, 1, 8)
    match = Match(gid, specs, seed=5)
    match.sim.load((match.sim.tick, state))
    table = table_for(gid)(app, match, demo=screen.demo)
    table.seating.forced_view = screen.forced
    table.seating.shown_seat = screen.shown_seat
    for _ in range(60):
        table.seating.curtain_for = screen.shown_seat if screen.curtain else None
        table.after_tick()
    table.seating.curtain_for = screen.shown_seat if screen.curtain else None
    surf = pygame.Surface((1280, 720))
    table.draw(surf, 1.0)
    return surf


def check(app, gid, screen, state, where: str) -> None:
    fake, is_sentinel = with_sentinels(gid, state, screen.shown)
    asked: list = []
    with watched(gid, is_sentinel, asked):
        try:
            surf = draw(app, gid, screen, fake)
        except (IndexError, KeyError, ValueError) as e:  # a sentinel looked up in the real deck
            pytest.fail(f"{gid}, {screen.name}, {where}: the table read a hidden card ({e!r})")
        texts = [t for t in fonts.SEEN if WORD in t]
    assert not asked, f"{gid}, {screen.name}, {where}: the card art was asked for hidden cards {asked[:4]}"
    assert not texts, f"{gid}, {screen.name}, {where}: a hidden card is named on screen: {texts[:2]}"
    assert sentinel_pixels(surf) == 0, f"{gid}, {screen.name}, {where}: a hidden card is drawn"


@pytest.mark.parametrize("gid", GAMES)
def test_no_table_draws_a_card_its_screen_may_not_show(gid, tmp_path):
    app = make_app(tmp_path)
    states = positions(gid, len(parse_seats(SOLO[gid], 1, 8)))
    assert len(states) >= 3, "the random match gave several points to draw"
    kinds = set()
    for k, state in enumerate(states):
        for screen in screens(gid, state):
            check(app, gid, screen, state, f"position {k + 1}")
            kinds.add(screen.name)
    assert {"one human", "attract mode", "replay, seat 2's cards"} <= kinds
    assert len(kinds) >= 5, f"{gid}: every kind of screen was drawn: {sorted(kinds)}"


@pytest.mark.parametrize("gid", GAMES)
def test_the_test_can_fail(gid, tmp_path):
    """A screen that shows a seat the sentinels were put for (a replay of seat 2 drawn on a state whose sentinels
    assume nobody is shown) is caught: the watching sees the sentinel drawn or named, or the table trips on it."""
    app = make_app(tmp_path)
    states = positions(gid, len(parse_seats(SOLO[gid], 1, 8)))
    caught = 0
    for state in states:
        fake, is_sentinel = with_sentinels(gid, state, ())
        asked: list = []
        screen = Screen("replay, seat 2's cards", SOLO[gid], (1,), demo=True, forced=1)
        with watched(gid, is_sentinel, asked):
            try:
                surf = draw(app, gid, screen, fake)
            except (IndexError, KeyError, ValueError):
                caught += 1
                continue
            named = any(WORD in t for t in fonts.SEEN)
        caught += bool(asked or named or sentinel_pixels(surf))
    assert caught, f"{gid}: showing a sentineled hand was never caught; the test proves nothing"


# --- where views come from: whoever holds the state ------------------------------------------------------------------

def test_each_kind_of_screen_is_handed_the_views_of_the_seats_it_shows():
    """The seats whose views a table gets, screen by screen (rules/DESIGN "Hidden hands on a shared screen")."""
    from arcade.core.visibility import HandPolicy, table_views

    asked = []

    def source(seats):
        seats = tuple(seats)
        asked.append(seats)
        return {s: ("view of", s) for s in seats}

    def shown(policy, **kw):
        tv = table_views(policy, source, **kw)
        assert tv.public == ("view of", None), "the public view always"
        return sorted(tv.seats), sorted(tv.face_up)

    assert shown(HandPolicy((0,))) == ([0], [0]), "one human: that human's hand, face up"
    assert shown(HandPolicy((0,), demo=True)) == ([], []), "attract mode: nobody's"
    assert shown(HandPolicy((), forced=2)) == ([2], [2]) and shown(HandPolicy((), forced=None)) == ([], [])
    shared = HandPolicy((0, 2))
    assert shown(shared, curtain=True, shown_seat=0, acting=(2,)) == ([], []), "behind the curtain: nobody's"
    assert shown(shared, shown_seat=2, acting=(2,)) == ([2], [2]), "the seat that lifted the curtain"
    assert shown(shared, shown_seat=2, acting=(0,)) == ([2], []), "...not the next one before it lifts it"
    grit = HandPolicy((0, 2), show_while_acting=False)
    assert shown(grit, shown_seat=2, acting=(2,)) == ([2], [])
    assert shown(grit, shown_seat=2, acting=(2,), peeking=(2,)) == ([2], [2]), "Grit: face up while peeking"
    race = HandPolicy((0, 2), real_time=True)
    assert shown(race, started=False) == ([0, 2], []) and shown(race) == ([0, 2], [0, 2])
    assert all(1 not in seats and 3 not in seats for seats in asked), "a bot's view is never asked for"


@pytest.mark.parametrize("gid, players", [("grass", 3), ("grit", 2), ("cops_and_robbers", 4)])
def test_a_lan_joiner_answers_the_views_the_hosts_state_gives(gid, players):
    """The table asks ``Match.views``; on a LAN joiner (which holds only its seat's views) the answer is the view the
    host's state gives that seat, and the public view: the same as a local match's. Another seat's view is not
    there to give."""
    from arcade.core.turnnet import HostTurnSim, PeerViewSim

    rules = REGISTRY[gid]
    specs = parse_seats(",".join(["bot"] * players), 1, 8)
    host = HostTurnSim(rules, 11, players)
    joiner = PeerViewSim(rules, players, [1])
    local, remote = Match(gid, specs, 11, sim=host), Match(gid, specs, None, sim=joiner)
    rng = Rng.from_seed(4)
    for _ in range(12):
        seat = min(rules.to_act(host.state))
        legal = list(rules.legal_actions(host.state, seat))
        k, rng = rng.below(len(legal))
        since = host.step
        inputs = [0] * players
        inputs[seat] = host.input_for(legal[k])
        host.advance(inputs)
        joiner.receive_view(1, host.step, host.view(1), host.public(since))
        assert remote.views([1, None]) == local.views([1, None])
    with pytest.raises(KeyError):
        remote.views([0])
