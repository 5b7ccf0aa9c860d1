"""Grenade through the real client: one human (WASD zone, driven by key presses) and three bots play a whole game to
the results screen; screenshots mid-game (an explosion) and at the end are checked. Also: the chosen grenade hops
card by card skipping blown-up cards, hearts stay hidden from the others, attract mode, two humans behind the curtain.

The human's key presses are added to the app's input script as the game goes: the driver picks the grenade the
"normal" bot would pick from the human's view, then presses D until the table's cursor is on it and E to throw.
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from arcade.games.grenade import DICE, JOKER, PLACES, Throw, advance_place, choose
from arcade.games.rng import Rng
from arcade.core.match import parse_seats
from arcade.games.grenade.table.scene import BEAT_TICKS, WHEEL_C, build_beats, place_xy, seat_slots
from arcade.client.play import start_match
from client_helpers import WASD, make_app, picture_facts, press, run_ticks, script, share

HUMAN = 0
KEYS = WASD




def orange(r, g, b):
    return r > 230 and 110 < g < 240 and b < 120


def heart_red(r, g, b):
    return r > 170 and g < 80 and b < 90


def back_red(r, g, b):
    return 130 < r < 200 and g < 70 and b < 80


class Driver:
    """Throws the grenade the normal bot would choose, through the table's cursor and A."""

    def __init__(self, app, table) -> None:
        self.app, self.table = app, table
        self.throws = 0
        self.cursor_moves = 0

    def step(self) -> None:
        t = self.table
        if t.chooser() != HUMAN:
            return
        st = t.match.state
        legal = t.rules.legal_actions(st, HUMAN)
        assert legal == tuple(Throw(i) for i in range(DICE))
        want = choose(t.rules.view(st, HUMAN), legal, Rng.from_seed(len(st.history)), "normal").die
        if t.die_cursor.get(HUMAN, 0) % DICE != want:
            press(self.app, "right")
            self.cursor_moves += 1
        else:
            press(self.app, "A")
            self.throws += 1


def test_a_whole_grenade_game_human_and_three_bots_reaches_the_results(tmp_path):
    app = make_app(tmp_path, input_script=script(""), bot_think_ticks=4)
    played: list[str] = []
    real_play = app.audio.play
    app.audio.play = lambda name, tick=None: (played.append(name), real_play(name, tick))[1]
    start_match(app, "grenade", parse_seats("human,bot,bot,bot", 2, 6), 21, {})
    table = app.top
    assert type(table).__module__ == "arcade.games.grenade.table.scene"
    drv = Driver(app, table)
    shots: dict[str, pygame.Surface] = {}
    held_ticks = 0
    hidden_checked = 0
    for _ in range(8000):
        if app.top is not table or table.match.is_over():
            break
        before = table.match.state
        drv.step()
        run_ticks(app, 2)
        st = table.match.state
        _, beat, prog = table.shown()
        if beat is not None and table.timeline.busy and st is before:
            held_ticks += 1  # nobody acts while the animation plays
        # hearts: the human's own is face up, the others' only once revealed
        for seat in range(st.players):
            for i, h in enumerate(st.hearts[seat]):
                shown = table.content.get(("heart", seat, i))
                if seat == HUMAN:
                    assert shown is not None
                else:
                    assert shown is None or shown in st.revealed[seat]
                hidden_checked += 1
        if "choose" not in shots and table.chooser() == HUMAN and drv.throws >= 1:
            shots["choose"] = app.screen.copy()
            app.save_screenshot(tmp_path / "grenade_choose.png")
        if "burst" not in shots and beat is not None and beat.kind == "burst" and 0.25 < prog < 0.6 \
                and st.wheel[beat.place] != JOKER:
            shots["burst"] = app.screen.copy()
            burst_place = beat.place
            app.save_screenshot(tmp_path / "grenade_burst.png")
    st = table.match.state
    assert table.match.is_over(), "the game must end"
    assert drv.throws >= 3 and held_ticks > 50
    assert "explosion" in played and "dice" in played
    # the end: every heart shown, the winner named, then the results screen
    for _ in range(200):
        run_ticks(app, 2)
        if not table.timeline.busy:
            break
    run_ticks(app, 20)
    shots["end"] = app.screen.copy()
    app.save_screenshot(tmp_path / "grenade_end.png")
    for seat in range(st.players):
        assert [table.content[("heart", seat, i)] for i in range(len(st.hearts[seat]))] != [None]
    run_ticks(app, table.END_DELAY + 5)
    assert app.top.name == "results"
    app.save_screenshot(tmp_path / "grenade_results.png")
    lines = table.result_lines()
    assert lines[0] == f"{table.seat_name(st.winners[0])} wins!" and len(lines) == 1 + st.players
    assert app.results[-1]["game"] == "grenade"
    log = table.match.input_log
    assert any(inputs[HUMAN] for inputs in log)
    # the held ticks are in the replay: played back, a move's animation has its time (a hop, a raise, a roll at least)
    assert len(log) >= len(st.history) * (BEAT_TICKS["hop"] + BEAT_TICKS["raise"] + BEAT_TICKS["roll"])

    # the pictures: a table with cards on it, the explosion in orange over its card
    for name in ("choose", "burst", "end"):
        assert name in shots, f"no {name} screenshot"
        facts = picture_facts(shots[name])
        assert facts["colours"] > 20, name
        assert facts["white"] > 0.04, f"{name}: cards must be visible"
        assert facts["felt"] > 0.3, name
    x, y = place_xy(burst_place)
    assert share(shots["burst"], (x - 90, y - 90, 180, 180), orange) > 0.1
    # while choosing: the band under the wheel, lit
    assert share(shots["choose"], (380, 610, 520, 40), lambda r, g, b: r > 200 and g > 160 and b < 120) > 0.005
    # the human's heart face up by their seat (red ink), at the end every heart is face up (no card backs)
    slots = seat_slots(4, HUMAN)
    assert share(shots["choose"], slots[HUMAN], heart_red) > 0.005
    for seat, r in slots.items():
        assert share(shots["end"], (r.right - 90, r.y + 10, 80, 94), back_red) < 0.05, seat
    assert hidden_checked > 100


def test_the_chosen_grenade_hops_card_by_card_skipping_blown_cards():
    from arcade.games.grenade import RULES

    st = RULES.initial_state(5, 4)
    # blow up two places just ahead of grenade 0, and give the player a 5
    start = st.dice[0][0]
    blown = list(st.blown)
    ahead = [(start + k) % PLACES for k in (1, 3)]
    for p in ahead:
        blown[p] = True
    st = replace(st, blown=tuple(blown), roll=5)
    nxt = RULES.apply(st, st.current, Throw(0))
    beats = build_beats(st, nxt)
    hops = [b for b in beats if b.kind == "hop"]
    assert len(hops) == 5, "one hop a place of the roll"
    places = [b.after.dice[0][0] for b in hops]
    p = start
    for q in places:
        assert q == advance_place(st.blown, p, 1) and not st.blown[q]
        p = q
    assert places[-1] == nxt.history[-1].stop
    assert beats[-1].kind == "roll" and beats[-1].after.roll == nxt.roll
    assert sum(b.ticks for b in beats) >= 5 * BEAT_TICKS["hop"] + BEAT_TICKS["roll"]
    # a state that does not follow by one move (a replay's seek): no animation, the picture jumps
    assert build_beats(st, RULES.apply(nxt, nxt.current, Throw(1))) == []


def test_attract_mode_draws_the_wheel_with_every_heart_hidden(tmp_path):
    from arcade.core.match import Match, SeatSpec
    from arcade.games.grenade.table.scene import Table

    app = make_app(tmp_path)
    match = Match("grenade", [SeatSpec("bot", level="normal")] * 5, 3, bot_think_ticks=20)
    table = Table(app, match, demo=True)
    app.push(table)
    seen_reveal = False
    for _ in range(80):
        run_ticks(app, 10)
        st = match.state
        for seat in range(st.players):
            shown = table.content[("heart", seat, 0)]
            if match.is_over():
                assert shown is not None
            else:
                assert shown is None or shown in st.revealed[seat], "a spectator sees no hidden heart"
                seen_reveal |= shown is not None
    app.save_screenshot(tmp_path / "grenade_demo.png")
    facts = picture_facts(app.screen)
    assert facts["white"] > 0.04 and facts["colours"] > 20
    assert seen_reveal or match.is_over()
    # the hub: the black die shows the roll in the wheel's centre (dark pixels)
    assert share(app.screen, (WHEEL_C[0] - 30, WHEEL_C[1] - 44, 60, 60), lambda r, g, b: r < 40 and g < 40) > 0.2 \
        or match.is_over()


def test_two_humans_share_the_screen_behind_the_curtain(tmp_path):
    app = make_app(tmp_path, input_script=script(""), bot_think_ticks=4)
    start_match(app, "grenade", parse_seats("human,human:arrows,bot", 2, 6), 9, {})
    table = app.top
    first = None
    for _ in range(400):
        run_ticks(app, 2)
        if table.seating.curtain_for is not None:
            first = table.seating.curtain_for
            break
    assert first is not None, "a human's turn comes behind the curtain"
    other = 1 - first
    assert not table.seating.peeking(0) and not table.seating.peeking(1)
    assert picture_facts(app.screen)["felt"] < 0.1, "the curtain hides the table"
    key = {0: "e", 1: "return"}[first]
    app.opts.input_script.events.setdefault(app.ticks, []).append((key, True))
    app.opts.input_script.events.setdefault(app.ticks + 1, []).append((key, False))
    run_ticks(app, 4)
    assert table.seating.curtain_for is None and table.seating.peeking(first) and not table.seating.peeking(other)
    assert table.content[("heart", first, 0)] is not None and table.content[("heart", other, 0)] is None
    assert table.chooser() == first and not table.match.is_over()


def _ticks(app, n: int) -> None:
    for _ in range(n):
        app.pump()
        app.tick()


def _play_until_the_human_is_out(app, table, limit: int = 30000) -> None:
    """The human throws the chosen grenade whenever asked, until it is out."""
    for _ in range(limit):
        if table.humans_out():
            return
        if table.chooser() is not None and app.ticks % 5 == 0:
            press(app, "A")
        _ticks(app, 1)
    raise AssertionError("the human was never knocked out")


def _texts(scene) -> list:
    from arcade.client.render.audit import TextAudit

    surf = pygame.Surface((1280, 720))
    with TextAudit() as audit:
        scene.draw(surf, 1.0)
    return audit.drawn


def test_once_the_human_is_out_the_footer_says_so_and_fast_forward_runs_the_bots_to_the_end(tmp_path):
    """An eliminated player is told so at the bottom of the screen, with the key that fast-forwards the bots to the
    end; pressing it ends the game in a fraction of the time it takes at normal speed. The 7-player results fit the
    screen: no text leaves it and no two texts overlap."""
    frames = {}
    for fast in (False, True):
        app = make_app(tmp_path / str(fast), input_script=script(""), bot_think_ticks=20)
        start_match(app, "grenade", parse_seats("human,bot,bot,bot,bot,bot,bot"), 8, {"seven": True})
        table = app.top
        _play_until_the_human_is_out(app, table)
        texts = [d.text for d in _texts(table)]
        assert any("You are out" in t for t in texts), texts
        assert any("E: fast-forward" in t for t in texts) and any("E fast-forward" in t for t in texts), texts
        if fast:
            press(app, "A")
        start = app.ticks
        for _ in range(60000):
            if table.match.is_over():
                break
            _ticks(app, 1)
        frames[fast] = app.ticks - start
    assert table.match.is_over()
    assert frames[True] * 4 < frames[False], frames
    for _ in range(3000):  # the last explosion plays out, the end stays a moment, then the results
        if app.top is not table:
            break
        _ticks(app, 1)
    assert app.top.name == "results"
    drawn = _texts(app.top)[len(_texts(table)):]  # what the results draw over the dimmed table
    rects = [pygame.Rect(d.rect) for d in drawn]
    assert len(rects) >= 7 * 3
    for i, r in enumerate(rects):
        assert pygame.Rect(0, 0, 1280, 720).contains(r)
        assert r.collidelist(rects[i + 1:]) == -1, f"{drawn[i].text!r} overlaps another text"


def test_counts_read_in_the_singular_and_plural():
    """ "1 place", "2 places": a count of one is never followed by a plural noun."""
    from arcade.games.grenade.table.scene import plural

    assert [plural(1, "place"), plural(2, "place"), plural(0, "pip"), plural(1, "player")] == \
        ["1 place", "2 places", "0 pips", "1 player"]
