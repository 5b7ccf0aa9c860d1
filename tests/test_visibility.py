"""The one hidden-hand policy, checked on what each table really draws.

Two humans share one screen. Whenever one of them is deciding (the curtain lifted for them), the picture must depend
only on what that player may see: re-dealing every card hidden from them (``sample_hidden(state, acting_seat)``,
which re-deals the other human's hand too) must leave every pixel unchanged. A table that drew the other human's
hidden cards face up — or a bot's — would change pixels. Each case also checks the test can fail: showing the other
human's hand (as a replay may) does change pixels.
"""

from __future__ import annotations

import pygame
import pytest

from arcade.games import REGISTRY, definition_of
from arcade.games.rng import Rng
from arcade.core.match import Match, parse_seats
from arcade.client.table import table_for
from client_helpers import make_app

CASES = {  # game id -> seats (two humans on one screen, bots to fill)
    "grit": "human,human:arrows",
    "grenade": "human,human:arrows,bot",
    "grass": "human,human:arrows,bot",
    "cops_and_robbers": "human,bot,human:arrows,bot",
}


def acting_states(gid: str, seats: str, want: int = 3, seed: int = 5):
    """Up to ``want`` states of a random game where exactly one of the two humans (seats 0 and the other human) is
    to act, a few decisions apart."""
    rules = REGISTRY[gid]
    specs = parse_seats(seats, 1, 8)
    humans = [i for i, s in enumerate(specs) if s.kind == "human"]
    n = len(specs)
    s = rules.initial_state(seed, n)
    rng = Rng.from_seed(seed)
    found, steps, eligible = [], 0, 0
    while not rules.is_over(s) and len(found) < want and steps < 4000:
        acting = sorted(rules.to_act(s))
        human_acting = [h for h in humans if h in acting]
        if len(human_acting) == 1 and steps > 0:
            eligible += 1
            if eligible % 3 == 1:
                found.append((s, human_acting[0]))
        seat = acting[0]
        legal = list(rules.legal_actions(s, seat))
        i, rng = rng.below(len(legal))
        s = rules.apply(s, seat, legal[i])
        steps += 1
    return specs, humans, found


def render(app, gid, specs, state, acting: int, forced="auto") -> pygame.Surface:
    """A fresh table on ``state`` with the curtain lifted by ``acting``, settled, drawn once."""
    match = Match(gid, specs, seed=5)
    match.sim.load((match.sim.tick, state))
    table = table_for(gid)(app, match)
    table.seating.shown_seat, table.seating.curtain_for, table.seating.forced_view = acting, None, forced
    for _ in range(90):  # let every sprite reach the place the view gives it
        table.after_tick()
    surf = pygame.Surface((1280, 720))
    table.draw(surf, 1.0)
    return surf


def differs(a: pygame.Surface, b: pygame.Surface) -> int:
    return sum(1 for y in range(0, 720, 2) for x in range(0, 1280, 2) if a.get_at((x, y)) != b.get_at((x, y)))


@pytest.mark.parametrize("gid", sorted(CASES))
def test_the_other_humans_hidden_cards_are_never_drawn(gid, tmp_path):
    app = make_app(tmp_path)
    specs, humans, states = acting_states(gid, CASES[gid])
    assert len(states) >= 2, "the random game gave the humans turns to look at"
    sample_hidden = definition_of(gid).sample_hidden
    leaks_visible = 0
    for k, (state, acting) in enumerate(states):
        other = next(h for h in humans if h != acting)
        redealt = sample_hidden(state, acting, Rng.from_seed(100 + k))
        assert redealt.__class__ is state.__class__
        real = render(app, gid, specs, state, acting)
        fake = render(app, gid, specs, redealt, acting)
        assert differs(real, fake) == 0, (f"{gid}: with seat {acting} deciding, the screen shows something only "
                                          f"seat {other} or a bot may see")
        # the check can fail: a screen that shows the other human's cards does change when they are re-dealt
        if differs(render(app, gid, specs, state, acting, forced=other),
                   render(app, gid, specs, redealt, acting, forced=other)):
            leaks_visible += 1
    assert leaks_visible, f"{gid}: re-dealing never changed the other human's shown hand; the test proves nothing"


def test_policy_rules_for_each_kind_of_screen():
    from arcade.core.visibility import HandPolicy

    shared = HandPolicy(humans=(0, 2))
    assert not shared.shows(0, curtain=True, shown_seat=0, acting=(0,)), "nothing face up behind the curtain"
    assert shared.shows(0, shown_seat=0, acting=(0,)) and not shared.shows(2, shown_seat=0, acting=(0,))
    assert not shared.shows(1, shown_seat=1, acting=(1,)), "a bot's cards never"
    assert shared.shows(0, shown_seat=0, acting=(2,), peek=True) and not shared.shows(0, shown_seat=0, acting=(2,))
    grit = HandPolicy(humans=(0, 1), show_while_acting=False)
    assert not grit.shows(0, shown_seat=0, acting=(0,)) and grit.shows(0, shown_seat=0, acting=(0,), peek=True)
    assert HandPolicy(humans=(1,)).shows(1) and not HandPolicy(humans=(1,)).shows(0)
    assert not HandPolicy(humans=(0,), demo=True).shows(0)
    race = HandPolicy(humans=(0, 1), real_time=True)
    assert race.shows(0) and race.shows(1) and not race.shows(2)
    assert not race.shows(0, started=False), "a race's hands are face down before the start signal"
    replay = HandPolicy(humans=(), forced=3)
    assert replay.shows(3) and not replay.shows(0) and replay.viewer() == 3
    assert HandPolicy(humans=(), forced=None).viewer() is None
    assert shared.viewer(acting=(2,), shown_seat=0) == 2 and shared.viewer(acting=(), shown_seat=0) == 0
    assert race.viewer(acting=(0, 1)) is None and HandPolicy(humans=(4,)).viewer() == 4


def test_grisbi_hands_are_face_down_during_the_start_countdown(tmp_path):
    """rules/grisbi.md, Corrections: "Players take and look at their cards only at the start signal: hands are face
    down during the countdown." Re-dealing every hand during the countdown (``sample_hidden(state, None)``) leaves
    every pixel unchanged; after START the same re-deal changes the human's hand on screen (the test can fail)."""
    app = make_app(tmp_path)
    gid, seats = "grisbi", "human,bot,human:arrows,bot:hard"
    specs = parse_seats(seats, 2, 8)
    rules = REGISTRY[gid]
    sample_hidden = definition_of(gid).sample_hidden
    state = rules.initial_state(5, len(specs))
    for _ in range(60):
        state = rules.step(state, (0,) * len(specs))
    assert state.phase == "countdown"
    redealt = sample_hidden(state, None, Rng.from_seed(9))
    assert redealt.hands != state.hands
    assert differs(render(app, gid, specs, state, 0), render(app, gid, specs, redealt, 0)) == 0, \
        "a hand's cards can be read before START"
    while state.phase == "countdown":
        state = rules.step(state, (0,) * len(specs))
    redealt = sample_hidden(state, None, Rng.from_seed(9))
    assert differs(render(app, gid, specs, state, 0), render(app, gid, specs, redealt, 0)) > 0, \
        "after START the humans' hands are face up (re-dealing them shows)"
