"""Long runs stay small (issue 27, item 12): the attract-mode demo, headless, keeps a flat memory once warmed up.

``tools/soak.py`` runs the demo as ``grisbi-arcade --headless --demo`` does, in a fresh process, and samples its RSS
every 2,500 ticks. The first half (25,000 ticks) has every game on the table once and Grisbi a second time; the
peak of the second half may not exceed the first half's by more than a small margin, nor 160 MB. Before the fix the
peaks were 206 and 222 MB (and 350 MB after 2 hours of play).

The soak is an ordinary test (``@pytest.mark.slow``, about 70 s of one processor): nothing starts it at collection.
``.ci/run`` runs the suite on two workers (``pytest -n 2``) and ``conftest.py`` puts the slow tests first, so it runs
on one worker while the other takes the short tests.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
TICKS = 50_000
MARGIN_MB = 4.0  # allocator noise; 3 MB an hour of play would be 0.35 MB over these 25,000 ticks
CEILING_MB = 160.0


def run_soak() -> subprocess.Popen:
    """Start ``tools/soak.py`` over ``TICKS`` ticks in a fresh process, its own settings folder in a temporary
    directory; the process writes its samples as JSON on standard output."""
    home = tempfile.mkdtemp(prefix="grisbi-arcade-soak-")
    env = dict(os.environ, PYTHONPATH=str(ROOT), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               GRISBI_ARCADE_HOME=home)
    return subprocess.Popen(
        [sys.executable, str(ROOT / "tools" / "soak.py"), "--ticks", str(TICKS), "--every", "2500",
         "--warmup", "2500", "--json", "-"], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True)


@pytest.mark.slow
@pytest.mark.timeout(600)  # about 70 s of processor time; more wall time on a loaded machine
def test_the_attract_demo_does_not_grow_in_the_second_half_of_50000_ticks():
    proc = run_soak()
    try:
        out, err = proc.communicate(timeout=580)
    finally:
        if proc.poll() is None:  # the run was stopped (timeout, Ctrl-C): no soak left behind
            proc.kill()
            proc.communicate()
    assert proc.returncode == 0, err
    samples = json.loads(out.strip().splitlines()[-1])["samples"]
    assert [t for t, _ in samples] == list(range(0, TICKS + 1, 2500))
    # peaks, not single samples: RSS rises and falls with the game on the table (Grisbi's pictures are the largest)
    first = max(mb for t, mb in samples if t <= TICKS // 2)
    second = max(mb for t, mb in samples if t > TICKS // 2)
    assert second - first <= MARGIN_MB, samples
    assert max(mb for _, mb in samples) <= CEILING_MB, samples


def test_a_card_squashed_mid_flip_shows_its_own_face_and_the_memo_stays_bounded():
    """The squashed frames of a flip were remembered by the ``id`` of the card's surface, 2,048 of them before all
    were dropped: a new card whose surface took a freed one's address got the old card's picture. Now per surface,
    and only the most recent 128."""
    import pygame

    from arcade.client.render import cards

    pygame.init()

    def card(colour):
        s = pygame.Surface((24, 34))  # small: many may be made below; the surface object is the same size
        s.fill(colour)
        return s

    red = card((200, 0, 0))
    assert cards.squashed(red, 0.5).get_at((3, 3))[:3] == (200, 0, 0)
    old_id = id(red)
    del red
    # a new card in the freed card's place: new cards kept alive fill the allocator's free places in order until one
    # takes the freed card's (freeing each would only swap two places, which other work may have moved away from)
    made = []
    while len(made) < 50_000 and (not made or id(made[-1]) != old_id):
        made.append(card((0, 0, 200)))
    blue = made.pop()
    del made
    assert id(blue) == old_id  # the situation of the bug (else this test would prove nothing)
    assert cards.squashed(blue, 0.5).get_at((3, 3))[:3] == (0, 0, 200)
    keep = [card((k, k, k)) for k in range(200)]
    for c in keep:
        cards.squashed(c, 0.5)
    assert len(cards._squashed) == 128


def test_the_demo_holds_the_pictures_of_the_table_on_screen_only(tmp_path):
    """Leaving a game, attract mode lets go of its table's pictures (Grisbi's: about 35 MB), which are built again
    when the game comes round; the pictures every screen shares (text) stay."""
    from arcade.client.app import App, AppOptions
    from arcade.client.render import fonts
    from arcade.client.scenes.attract import AttractScene
    from arcade.games.grisbi.table import cards as grisbi_cards

    app = App(AppOptions(headless=True, config_dir=str(tmp_path), data_dir=str(tmp_path)))
    demo = AttractScene(app, start_index=AttractScene(app).games.index("grisbi"))
    app.push(demo)
    for _ in range(600):  # the deal and the first cards laid
        app.tick()
        app.draw(1.0)
    assert grisbi_cards.card_face.cache_info().currsize >= 100 and len(grisbi_cards._scaled) > 0
    demo.next_game()
    app.tick()
    app.draw(1.0)
    assert demo.games[demo.index] != "grisbi"
    assert grisbi_cards.card_face.cache_info().currsize == 0 and len(grisbi_cards._scaled) == 0
    assert fonts._render.cache_info().currsize > 0
