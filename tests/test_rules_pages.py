"""Rules help is written for players and drawn as a page: Markdown parsed (headings, reflowed paragraphs, bullets,
tables, card pictures), never shown raw, never our spec text; it scrolls."""

from __future__ import annotations

import re

import pygame
import pytest

from arcade.games import DEFINITIONS
from arcade.client.render.markdown import render_page
from arcade.client.scenes.menus import RulesScene, rules_page_text
from client_helpers import make_app, run_ticks

FIVE = ["cops_and_robbers", "grass", "grenade", "grisbi", "grit"]
SPEC_WORDS = re.compile(r"as implemented|decision|rulebook's pictures|\bSource:|Corrections", re.I)


@pytest.mark.parametrize("gid", FIVE)
def test_each_game_has_a_players_page_not_the_spec(gid):
    text = rules_page_text(gid)
    assert not SPEC_WORDS.search(text), "the player's page is not our design file"
    for section in ("# ", "Controls"):
        assert section in text
    assert re.search(r"select key|click", text), "the page names this client's keys"


def test_markdown_is_drawn_not_printed():
    """A paragraph hard-wrapped in the source is reflowed to the page width; a table and bold text leave no
    Markdown characters on screen; a card reference draws the game's card."""
    pygame.init()
    src = "# Title\n\nOne two three four five six seven\neight nine ten.\n\n| a | b |\n|---|---|\n| **x** | y |\n"
    narrow = render_page(src, 200)
    wide = render_page(src, 1000)
    assert narrow.get_height() > wide.get_height(), "paragraphs reflow to the width"
    drawn = []
    art = render_page("A card ![Q](card:QH) here.", 600, lambda ref: drawn.append(ref) or pygame.Surface((40, 60)))
    assert set(drawn) == {"QH"} and art.get_height() >= 60


@pytest.mark.parametrize("gid", ["grit", "grass"])
def test_the_rules_scene_scrolls_and_shows_card_pictures(gid, tmp_path):
    app = make_app(tmp_path)
    scene = RulesScene(app, gid)
    app.push(scene)
    run_ticks(app, 2)
    first = app.screen.copy()
    assert scene.max_scroll > 0, "a whole page is longer than the screen"
    scene.scroll_by(300)
    app.draw(1.0)
    assert scene.scroll == 300 and app.screen.get_at((640, 400)) != first.get_at((640, 400)) or \
        pygame.image.tobytes(app.screen, "RGB") != pygame.image.tobytes(first, "RGB")
    scene.scroll_by(10 ** 6)
    assert scene.scroll == scene.max_scroll
    assert DEFINITIONS[gid].load_card_art, "the page can draw the game's own cards"
