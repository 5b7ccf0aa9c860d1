"""Grit with two humans on one screen: the "Show my cards" button shows the acting player's hand by mouse.

The curtain lifted by the seat to act, its Complaints are face down until its player holds B or holds the left mouse
button down on the button. Checked on the picture: the hand turns face up only while the button is held (a player
sees their cards appear), and even then re-dealing every card hidden from the acting seat (the other human's hand
included) changes no pixel.
"""

from __future__ import annotations

import pygame

from arcade.games import definition_of
from arcade.games.rng import Rng
from arcade.core.match import Match
from arcade.client.table import table_for
from client_helpers import make_app
from test_visibility import acting_states, differs

SEATS = "human,human:arrows"


def mouse(app, kind: int, pos: tuple[int, int]) -> None:
    """One SDL mouse event through the app's event pump, then the input's tick."""
    extra = {"button": 1} if kind != pygame.MOUSEMOTION else {"rel": (0, 0), "buttons": (0, 0, 0)}
    pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))
    app.pump()
    app.input.begin_tick()


def table_on(app, specs, state, acting):
    match = Match("grit", specs, seed=5)
    match.sim.load((match.sim.tick, state))
    table = table_for("grit")(app, match)
    app.push(table)
    table.seating.shown_seat, table.seating.curtain_for = acting, None
    return table


def picture(table) -> pygame.Surface:
    for _ in range(90):  # let every card reach its place
        table.after_tick()
    surf = pygame.Surface((1280, 720))
    table.draw(surf, 1.0)
    return surf


def test_holding_show_my_cards_shows_only_the_acting_hand(tmp_path):
    app = make_app(tmp_path)
    specs, humans, states = acting_states("grit", SEATS)
    assert states
    state, acting = states[0]
    table = table_on(app, specs, state, acting)
    button = table.PEEK_BUTTON.center
    assert "Show my cards" in "".join(_texts(table))
    mouse(app, pygame.MOUSEMOTION, button)  # pointing at the button (it lights up) shows nothing yet
    hidden = picture(table)

    mouse(app, pygame.MOUSEBUTTONDOWN, button)
    shown = picture(table)
    assert differs(hidden, shown) > 200, "holding the button turns the acting player's hand face up"

    redealt = definition_of("grit").sample_hidden(state, acting, Rng.from_seed(77))
    other = table_on(app, specs, redealt, acting)
    assert differs(shown, picture(other)) == 0, "the other human's hidden cards are never drawn"
    app.pop()

    mouse(app, pygame.MOUSEBUTTONUP, button)
    assert differs(hidden, picture(table)) == 0, "letting go hides the hand again"


def test_the_button_held_elsewhere_or_under_the_curtain_shows_nothing(tmp_path):
    app = make_app(tmp_path)
    specs, humans, states = acting_states("grit", SEATS)
    state, acting = states[0]
    table = table_on(app, specs, state, acting)
    hidden = picture(table)
    mouse(app, pygame.MOUSEBUTTONDOWN, (640, 360))  # held away from the button
    assert differs(hidden, picture(table)) == 0
    mouse(app, pygame.MOUSEBUTTONUP, (640, 360))
    table.seating.curtain_for = acting  # the curtain down: no button, nothing shown
    mouse(app, pygame.MOUSEBUTTONDOWN, table.PEEK_BUTTON.center)
    assert not table.peek_button_shown()
    assert not table.seating.peeking(acting)


def _texts(table) -> list[str]:
    from arcade.client.render import fonts

    fonts.SEEN = []
    try:
        table.draw(pygame.Surface((1280, 720)), 1.0)
        return list(fonts.SEEN)
    finally:
        fonts.SEEN = None
