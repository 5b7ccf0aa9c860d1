"""Grisbi's hand as a new player reads it (issue 29): a card's points are readable in the hand (a number at least
8 px high even in a window scaled to 0.75, not 3-5 px pips), and the key-hint line under the hand is never cut by
the cards' glow (the assist's green frame, the raised card's white one)."""

from __future__ import annotations

import pygame
import pytest

from arcade.client.render.palette import FIT as GREEN  # the assist's glow (issue 36: palette)
from arcade.client.play import start_match
from arcade.core.match import parse_seats
from arcade.games.grisbi import CARDS
from arcade.games.grisbi.table import cards as gc

from client_helpers import make_app, run_ticks


def corner(card_id: int) -> pygame.Rect:
    """Where a hand card's points go: the top-left corner, left of the two police hooks."""
    w, h = gc.HAND_SIZE
    m, hook = max(3, w // 24), w * 34 // 100
    return pygame.Rect(m, m, w - 2 * m - 2 * hook - 2, hook + 2)


def ink_height(surf: pygame.Surface, rect: pygame.Rect, ink: tuple[int, int, int]) -> int:
    """How many pixel rows of ``rect`` hold a pixel close to ``ink`` (the number's height)."""
    rows = 0
    for y in range(rect.top, rect.bottom):
        if any(sum(abs(a - b) for a, b in zip(surf.get_at((x, y))[:3], ink)) < 90 for x in range(rect.left,
                                                                                                 rect.right)):
            rows += 1
    return rows


@pytest.mark.parametrize("team", ["robbers", "police"])
def test_a_hand_cards_points_are_a_number_readable_at_a_glance(tmp_path, team):
    """Each Action card of the hand shows its points as a number at least 11 px high at 1280×720 (over 8 px in a
    window scaled to 0.75); cards of the same points show the same corner, of other points another."""
    make_app(tmp_path)  # a display to draw for
    corners: dict[int, set[bytes]] = {}
    for c in CARDS:
        if c.team != team or c.kind != "action":
            continue
        face = gc.card_face(c.id, *gc.HAND_SIZE)
        r = corner(c.id)
        high = ink_height(face, r, gc.POINTS_INK[team])
        assert high >= 11 and high * 0.75 >= 8, f"{c.name} {c.points} point(s): number {high} px high"
        corners.setdefault(c.points, set()).add(pygame.image.tobytes(face.subsurface(r), "RGBA"))
    assert sorted(corners) == [1, 2, 3]
    assert all(len(v) == 1 for v in corners.values()), "the corner shows the points alone"
    assert len({next(iter(v)) for v in corners.values()}) == 3


def test_the_key_hints_under_the_hand_are_never_cut_by_a_cards_glow(tmp_path):
    """Assist on (fitting cards glow, ``palette.FIT``) and the cursor's card raised: the line of key hints under the hand
    is whole, on its plate, with no glow over it."""
    app = make_app(tmp_path)
    start_match(app, "grisbi", parse_seats("human,bot,bot,bot", 2, 8), 4, {"assist": True})
    table = app.top
    run_ticks(app, 260)
    seat = 0
    rect = table.areas[seat].rect
    band = pygame.Rect(rect.x + 10, rect.bottom - 16, rect.width - 20, 14)  # the line's text
    green = sum(1 for y in range(band.top, band.bottom) for x in range(band.left, band.right, 2)
                if sum(abs(a - b) for a, b in zip(app.screen.get_at((x, y))[:3], GREEN)) < 60)
    assert green == 0, f"{green} pixels of the cards' green glow over the key hints"
    white = sum(1 for y in range(band.top, band.bottom) for x in range(band.left, band.right)
                if min(app.screen.get_at((x, y))[:3]) > 200)
    assert white > 150, "the key hints are drawn"
    cards = table.hand_rects(seat, len(table.match.state.hands[seat]))
    assert all(r.bottom <= band.top for r in cards), "the hand's cards (raised or not) stop above the line"
