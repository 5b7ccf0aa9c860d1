"""The scene walk of the language tests: every kind of screen the game has, drawn in one language, with what each
frame drew (``TextAudit``: places, overlaps, glyphs) and everything the render kit rendered on the way
(``TextLog``: sources, cuts).

``walk(tmp_path, lang)`` builds a fresh headless app in ``lang`` and visits: the title (each item chosen, so each
game's tagline shows; and with a match to resume), settings, key bindings, seat setup of each game (each option row chosen, so its help line
shows), Learn to play, the rules chooser and each game's rules page, the LAN menu, LAN settings, LAN host setup of
each game, join by address, the LAN browser (this machine only), each table mid-match with its pause menu and at
its results, each tutorial a few steps in, the replays list and a playback, and attract mode. Scenes are built in
``lang``, as a player who chose it would see them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from arcade.client.render.audit import TextAudit, TextLog
from arcade.core import i18n
from client_helpers import make_app, run_ticks

TABLES = [("grit", "human,bot"), ("grenade", "human,bot,bot,bot"), ("grass", "human,bot,bot,bot"),
          ("cops_and_robbers", "human,bot,bot,bot"), ("grisbi", "human,bot,bot,bot"),
          ("grass", "human:wasd,human:arrows")]
"""The tables walked, seed 3, 900 ticks in (as in test_readability): one human and bots; and two humans at one
screen (the curtain between their turns)."""

PLAYER_NAME = "Ann"


@dataclass
class Walk:
    lang: str
    frames: dict[str, TextAudit] = field(default_factory=dict)  # screen -> what its frame drew
    log: TextLog = field(default_factory=TextLog)
    missing: set[str] = field(default_factory=set)  # ids looked up that the language's catalogue lacks
    names: frozenset[str] = frozenset()  # words that are names, not text (players, languages)


def _draw(walk: Walk, where: str, scene) -> None:
    if hasattr(scene, "_bg"):
        scene._bg = None  # Grisbi caches its fixed labels: draw them again, under the audit
    walk.log.where = where
    with TextAudit() as audit:
        scene.draw(pygame.Surface((1280, 720)), 1.0)
    walk.frames[where] = audit


def _menus(app, log):
    from arcade.client.scenes.menus import BindingsScene, LearnScene, RulesScene, SeatSetupScene, SettingsScene
    from arcade.games import GAME_IDS

    title = app.top
    for k, (_label, what) in enumerate(title.items):
        title.sel = k
        yield f"title: {what}", title
    title.sel = 0
    yield "settings", SettingsScene(app)
    yield "bindings", BindingsScene(app)
    for gid in GAME_IDS:
        setup = SeatSetupScene(app, gid)
        yield f"setup {gid}", setup
        for k, r in enumerate(setup.rows()):
            if r.startswith("opt"):
                setup.row = k
                yield f"setup {gid}: {r}", setup
    yield "learn", LearnScene(app)
    yield "rules", RulesScene(app, None)
    for gid in GAME_IDS:
        yield f"rules {gid}", RulesScene(app, gid)


def _lan(app, log):
    from arcade.client.scenes.lan import LanBrowseScene, LanHostScene, LanJoinScene, LanMenuScene, LanSettingsScene
    from arcade.games import GAME_IDS

    app.settings.lan_broadcast = "127.255.255.255"  # the browser listens on this machine only
    yield "lan menu", LanMenuScene(app)
    yield "lan settings", LanSettingsScene(app)
    for gid in GAME_IDS:
        yield f"lan host {gid}", LanHostScene(app, gid)
    yield "lan join", LanJoinScene(app)
    browse = LanBrowseScene(app)
    try:
        yield "lan browse", browse
    finally:
        browse.close()


def _finish(app, table) -> None:
    """Bots play the humans' seats and the match runs to its end."""
    from arcade.games.bots import BotSeat

    match = table.match
    for seat, spec in enumerate(match.seats):
        if spec.kind == "human":
            match.bots[seat] = BotSeat(match.game_id, seat, "normal", match.seed, think_ticks=0)
    for bot in match.bots.values():
        bot.think_ticks = 0
    for _i in range(20000):
        if match.is_over():
            break
        match.tick()
    table.after_tick()


def _tables(app, log):
    from arcade.client.play import start_match
    from arcade.client.scenes.menus import PauseScene, go_title
    from arcade.core.match import parse_seats

    for game, seats in TABLES:
        name = game if seats.count("human") == 1 else f"{game} {seats.count('human')} humans"
        log.where = f"{name} table"
        start_match(app, game, parse_seats(seats), 3, {})
        table = app.top
        run_ticks(app, 900)
        yield f"{name} table", table
        yield f"{name} pause", PauseScene(app, table)
        log.where = f"{name} results"
        _finish(app, table)
        if table.match.is_over():
            yield f"{name} results", app.open("results", table)
        go_title(app)


def _tutorials(app, log):
    from arcade.client.play import start_tutorial
    from arcade.client.scenes.menus import go_title
    from arcade.games import GAME_IDS, definition_of

    for gid in GAME_IDS:
        if definition_of(gid).tutorial:
            log.where = f"{gid} tutorial"
            start_tutorial(app, gid)
            run_ticks(app, 400)
            yield f"{gid} tutorial", app.top
            go_title(app)


def _replays(app, log):
    from arcade.client.play import start_match
    from arcade.client.scenes.attract import AttractScene
    from arcade.client.scenes.menus import go_title
    from arcade.client.scenes.replays import PlaybackScene, ReplaysScene
    from arcade.core.match import parse_seats
    from arcade.core.replay import list_replays

    log.where = "title: resume"
    start_match(app, "grit", parse_seats("human,bot"), 5, {})
    run_ticks(app, 60)
    go_title(app, keep_resumable=True)  # left from the pause: the title offers to resume it
    app.top.build_items()
    yield "title: resume", app.top
    yield "replays", ReplaysScene(app)
    reps, _bad = list_replays(app.data_dir)
    log.where = "playback"
    if reps:
        playback = PlaybackScene(app, reps[0])
        for _i in range(120):
            playback.update()
        yield "playback", playback
    log.where = "attract"
    demo = AttractScene(app)
    for _i in range(300):
        demo.update()
    yield "attract", demo


def walk(tmp_path, lang: str) -> Walk:
    """Every screen in ``lang`` (a code of ``i18n.LANGUAGES`` or ``i18n.PSEUDO``), drawn once each."""
    from arcade.core.i18n import LANGUAGES

    w = Walk(lang)
    app = make_app(tmp_path / lang, language=lang)
    app.settings.lan_name = PLAYER_NAME
    w.names = frozenset([PLAYER_NAME, *LANGUAGES.values()])
    i18n.MISSING = w.missing
    clear_caches()
    try:
        with w.log:
            run_ticks(app, 2)
            for part in (_menus, _lan, _tables, _tutorials, _replays):
                for where, scene in part(app, w.log):
                    _draw(w, where, scene)
    finally:
        i18n.MISSING = None
    return w


def clear_caches() -> None:
    """Empty every module-level ``functools`` cache of the game (text surfaces, card art, hint lines...), so that
    the next walk renders every text again under its ``TextLog``, whatever earlier tests left cached."""
    import sys

    for name, mod in list(sys.modules.items()):
        if not name.startswith("arcade"):
            continue
        for obj in list(vars(mod).values()):
            if callable(getattr(obj, "cache_clear", None)) and getattr(obj, "__module__", "") == name:
                obj.cache_clear()
