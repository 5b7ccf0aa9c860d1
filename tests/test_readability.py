"""Every text a screen draws is at least 16 px at 1280×720 and meets WCAG AA contrast (4.5:1) with the pixels under
it (measured on the real frame: the audit samples the picture under each text before drawing it)."""

from __future__ import annotations

import pygame
import pytest

from arcade.client.render.audit import TextAudit, contrast
from client_helpers import make_app, run_ticks


def screens(app):
    from arcade.client.scenes.bindings import BindingsScene
    from arcade.client.scenes.learn import LearnScene
    from arcade.client.scenes.rules import RulesScene
    from arcade.client.scenes.setup import SeatSetupScene
    from arcade.client.scenes.settings import SettingsScene

    yield "title", app.top
    for gid in ("grisbi", "grit", "cops_and_robbers"):
        yield f"setup {gid}", SeatSetupScene(app, gid)
    yield "settings", SettingsScene(app)
    yield "bindings", BindingsScene(app)
    yield "rules", RulesScene(app, "grass")
    yield "learn", LearnScene(app)


def test_contrast_formula_matches_wcag():
    assert round(contrast((0, 0, 0), (255, 255, 255)), 1) == 21.0
    assert round(contrast((118, 118, 118), (255, 255, 255)), 1) == 4.5  # the WCAG AA limit grey on white


def test_menus_are_readable(tmp_path):
    app = make_app(tmp_path)
    run_ticks(app, 2)
    for name, scene in screens(app):
        surf = pygame.Surface((1280, 720))
        with TextAudit() as audit:
            scene.draw(surf, 1.0)
        assert audit.drawn, f"{name}: the audit saw the texts"
        assert audit.problems() == [], f"{name}: {audit.problems()}"


def test_the_audit_catches_small_and_faint_text(tmp_path):
    from arcade.client.render.fonts import draw_text

    surf = pygame.Surface((1280, 720))
    surf.fill((22, 94, 60))
    import arcade.client.render.fonts as fonts

    with TextAudit() as audit:
        fonts.draw_text(surf, "tiny", (10, 10), 12, (255, 255, 255))
        fonts.draw_text(surf, "faint", (10, 100), 20, (60, 120, 80))
    assert len(audit.problems()) == 2 and draw_text is fonts.draw_text


TABLES = [("grit", "human,bot"), ("grenade", "human,bot,bot,bot"), ("grass", "human,bot,bot,bot"),
          ("cops_and_robbers", "human,bot,bot,bot"), ("grisbi", "human,bot,bot,bot")]


def _audit(scene, fresh: bool = True) -> TextAudit:
    if fresh and hasattr(scene, "_bg"):
        scene._bg = None  # Grisbi caches its fixed labels: draw them again, under the audit
    surf = pygame.Surface((1280, 720))
    with TextAudit() as audit:
        scene.draw(surf, 1.0)
    return audit


def _overlaps(drawn) -> list[str]:
    """Pairs of texts whose rectangles overlap (one would hide part of the other)."""
    rects = [pygame.Rect(d.rect) for d in drawn]
    return [f"{drawn[i].text!r} / {drawn[j].text!r}" for i in range(len(rects))
            for j in range(i + 1, len(rects)) if rects[i].colliderect(rects[j])]


@pytest.mark.parametrize("game,seats", TABLES)
def test_tables_are_readable(tmp_path, game, seats):
    """Every text each table draws mid-match (a human and bots, seed 3, 900 ticks in), and its results screen over
    the finished table, is at least 16 px and meets WCAG AA contrast with the pixels under it; no two texts of the
    table, or of the results panel, overlap."""
    from arcade.games.bots import BotSeat
    from arcade.core.match import parse_seats
    from arcade.client.play import start_match

    app = make_app(tmp_path)
    start_match(app, game, parse_seats(seats), 3, {})
    table = app.top
    run_ticks(app, 900)
    assert app.top is table and not table.match.is_over()
    audit = _audit(table)
    assert len(audit.drawn) >= 8, f"{game}: the audit saw the table's texts"
    assert audit.problems() == [], f"{game} mid-match: {audit.problems()}"
    assert _overlaps(audit.drawn) == [], game
    # a bot finishes the human's match; the results come up over the finished table
    match = table.match
    match.bots[0] = BotSeat(game, 0, "normal", match.seed, think_ticks=0)
    for bot in match.bots.values():
        bot.think_ticks = 0
    for _ in range(20000):
        if match.is_over():
            break
        match.tick()
    assert match.is_over()
    table.after_tick()
    results = app.open("results", table)
    audit = _audit(results)
    assert any(d.text == "Play again" for d in audit.drawn)
    assert audit.problems() == [], f"{game} results: {audit.problems()}"
    own = audit.drawn[len(_audit(table, fresh=False).drawn):]  # what the results draw over the dimmed table
    assert len(own) >= 8 and _overlaps(own) == [], game


def test_cops_and_robbers_texts_stay_readable_while_cards_and_coins_move(tmp_path):
    """Mid-animation frames (cards flying, coins flying, bursts; drawn between ticks at alpha 0, ⅓ and ⅔): every
    text of the table, your turn's prompt included, meets WCAG AA contrast with the pixels under it at every step."""
    from arcade.games.bots import BotSeat
    from arcade.core.match import parse_seats
    from arcade.client.play import start_match

    app = make_app(tmp_path)
    start_match(app, "cops_and_robbers", parse_seats("human,bot,bot,bot"), 3, {})
    table = app.top
    # the human's seat is played by a bot, so the match moves on; the table still shows it as yours
    table.match.bots[0] = BotSeat("cops_and_robbers", 0, "normal", table.match.seed, think_ticks=20)
    sampled, prompts, problems = 0, 0, set()
    for _ in range(2500):
        app.pump()
        app.tick()
        if not any(moving for *_, moving in table.board.frames(0.5)) and not table.fx.busy:
            continue
        alpha = (0.0, 1 / 3, 2 / 3)[sampled % 3]  # one moment a tick, in turn: every step of a flight is seen
        with TextAudit() as audit:
            table.draw(pygame.Surface((1280, 720)), alpha)
        sampled += 1
        prompts += any(d.text == "Your turn:" for d in audit.drawn)
        problems.update(audit.problems())
        if app.top is not table or table.match.is_over():
            break
    assert sampled >= 150 and prompts >= 20, (sampled, prompts)
    assert sorted(problems) == []


def test_the_hint_bar_never_runs_off_the_picture(tmp_path):
    """A LAN joiner's Grit table at 1280×720 once showed "ob: W/A/S/D move ..." and "Esc LAN menu (the match goes
    or": the bar's three hints were wider than the picture. Every text of the bar now lies inside it, at 16 px or
    more, and the seat's keys and the way to the menu are still there."""
    from arcade.client.render.fonts import font
    from arcade.client.render.widgets import H, W, hint_bar

    make_app(tmp_path)
    hints = ["Bob: W/A/S/D move · E select · Q back", "or mouse: drag a Complaint onto a pile (or click it, then the pile)",
             "Esc LAN menu (the match goes on)"]
    for shown in (hints, ["Ann: W/A/S/D move · E select · Q back", "Bob: ↑/↓/←/→ move · Enter select · Backspace back"]
                  + hints[1:]):
        surf = pygame.Surface((W, H))
        with TextAudit() as audit:
            hint_bar(surf, shown)
        assert audit.problems() == []
        (d,) = audit.drawn
        assert font(d.size).size(d.text)[0] <= W and d.size >= 16  # (the audit's rect is clipped to the picture)
        assert d.text.startswith(shown[0]) and d.text.endswith(shown[-1])


def test_a_long_lan_notice_is_shown_whole_in_readable_lines(tmp_path):
    """LAN notices were cut at 70 characters in 15 px type ("Someone at 192.168.77.12 tried a wrong join code" fits;
    a seat's claim refused with its reason did not). Now each is wrapped in at most two lines of 16 px inside the
    picture, and a notice that fits two lines is shown word for word."""
    from types import SimpleNamespace

    from arcade.client.render.fonts import font
    from arcade.client.render.widgets import H, W
    from arcade.client.net.prompts import NetTable

    make_app(tmp_path)
    long = "Ann's seat could not be taken: another player plays it (ask the host to drop their seat first)"
    net = NetTable(SimpleNamespace(clock=lambda: 10.0, notices=[(9.0, "Bob joined"), (9.5, long)], online=None))
    surf = pygame.Surface((W, H))
    with TextAudit() as audit:
        net.draw_notices(surf)
    assert audit.problems() == []
    assert [d.text for d in audit.drawn][0] == "Bob joined"
    assert " ".join(d.text for d in audit.drawn[1:]) == long
    for d in audit.drawn:
        assert d.size >= 16 and W - 10 - font(d.size).size(d.text)[0] >= 0
