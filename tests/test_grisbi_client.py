"""Grisbi through the real client, headless: a scripted human against bots to the results screen, the screens a
player sees (START countdown, a busy pile, the reveal, the result, 8 seats), two humans laying on the same tick, the
hand controls and the assist, and the seat layout for every table size.

Set GRISBI_SHOTS=/some/dir to keep the screenshots for looking at them.
"""

from __future__ import annotations

import os
import shutil

import pygame
import pytest

from arcade.games.grisbi import CARDS
from arcade.games.grisbi.cards import KIND, STOP
from arcade.match import parse_seats
from arcade.render import grisbi_cards as gc
from arcade.render.widgets import H, W
from arcade.scenes import grisbi_table as gt
from arcade.scenes.menus import start_match
from client_helpers import make_app, picture_facts, run_ticks, script


def keep(app, tmp_path, name: str) -> None:
    path = tmp_path / f"{name}.png"
    app.save_screenshot(path)
    if os.environ.get("GRISBI_SHOTS"):
        os.makedirs(os.environ["GRISBI_SHOTS"], exist_ok=True)
        shutil.copy(path, os.path.join(os.environ["GRISBI_SHOTS"], f"{name}.png"))


def region_facts(surf: pygame.Surface, rect: pygame.Rect) -> dict:
    """picture_facts of one part of the screen."""
    return picture_facts(surf.subsurface(rect.clip(surf.get_rect())))


def near(c1, c2, tol: int = 40) -> bool:
    return all(abs(a - b) <= tol for a, b in zip(c1[:3], c2[:3]))


def pile_still(table) -> bool:
    """No card of the pile (the last FAN + 1) is moving."""
    pile = table.match.state.pile_cards
    keys = [("loc", c) if i == 0 else ("card", c) for i, c in enumerate(pile)][-gt.FAN - 1:]
    return all(k in table.board.entries and table.board.entries[k].tween is None for k in keys)


def settle(app, table, limit: int = 60) -> None:
    """Run until no card of the pile is moving (or ``limit`` ticks)."""
    for _ in range(limit):
        if pile_still(table):
            break
        run_ticks(app, 1)


HUMAN_SCRIPT = ("200 every 23 times 600 e\n"     # lay the selected card
                "195 every 11 times 1200 d\n"    # next card
                "206 every 41 times 300 s\n")    # jump to the next card that fits


def test_a_whole_grisbi_match_one_human_and_bots_to_the_results(tmp_path):
    app = make_app(tmp_path, input_script=script(HUMAN_SCRIPT))
    start_match(app, "grisbi", parse_seats("human,bot:hard,bot:hard,bot:hard", 2, 8), 2024,
                {"reveal_ticks": 300})
    table = app.top
    assert isinstance(table, gt.Table)
    rules = table.rules

    # --- the START countdown
    run_ticks(app, 60)
    st = table.match.state
    assert st.phase == "countdown" and rules.view(st, None).countdown > 0
    facts = picture_facts(app.screen)
    assert facts["felt"] > 0.25 and facts["colours"] > 20
    assert near(app.screen.get_at((gt.PX - 40, gt.PY)), (20, 20, 20), 12), "the countdown disc over the pile"
    # "Players take and look at their cards only at the start signal" (rules/grisbi.md, Corrections)
    hand = [table.board.entries[("card", c)].placed for c in table.match.state.hands[0]]
    assert hand and not any(p.face_up for p in hand), "the human's hand is face down before START"
    assert region_facts(app.screen, table.areas[0].rect)["white"] < 0.1, "no card face shows in the hand (face up: > 0.15)"
    assert not any(table.content[("card", c)][1] for c in table.match.state.hands[0]), "nothing glows yet"
    keep(app, tmp_path, "grisbi_countdown")
    while table.match.state.phase == "countdown":
        run_ticks(app, 1)
    run_ticks(app, 2)
    assert table.start_tick > 0 and table.match.state.tick - table.start_tick < gt.START_TICKS
    assert all(table.board.entries[("card", c)].placed.face_up for c in table.match.state.hands[0]), \
        "the hand turns face up at START"
    keep(app, tmp_path, "grisbi_start")

    # --- a busy pile: the top card large, the cards beneath fanned (a moment when none of them is moving)
    for _ in range(3000):
        run_ticks(app, 1)
        st = table.match.state
        if st.phase == "play" and len(st.pile_cards) >= 8 and pile_still(table):
            break
    assert table.match.state.phase == "play"
    top_rect = pygame.Rect(0, 0, gt.PW, gt.PH)
    top_rect.center = (gt.PX, gt.PY)
    assert region_facts(app.screen, top_rect)["white"] > 0.3, "the top card is drawn large"
    fan = pygame.Rect(gt.PX - gt.PW // 2 - 4 * gt.FAN_STEP, gt.PY - 60, 3 * gt.FAN_STEP, 120)
    assert region_facts(app.screen, fan)["white"] > 0.15, "cards fanned beneath the top card"
    st = table.match.state
    top_key = ("card", st.pile_cards[-1])
    assert (table.board.current(top_key).x, table.board.current(top_key).y) == (gt.PX, gt.PY)
    keep(app, tmp_path, "grisbi_busy")

    # --- the reveal of a round closed by a correct Stop: the closing team's points are counted up
    for _ in range(5):
        while table.match.state.phase != "reveal":
            run_ticks(app, 1)
        res = table.match.state.result
        if res.closing_team is not None and res.verdicts[-1] == "stop correct" and res.points > 0:
            break
        while table.match.state.phase == "reveal":
            run_ticks(app, 1)
    else:
        pytest.fail("no round closed by a correct Stop in five rounds")
    t = ("robbers", "police").index(res.closing_team)
    seen, mid_saved = [], False
    while not table.reveal_info.get("done"):
        run_ticks(app, 1)
        seen.append(table.reveal_info["counts"][t])
        if not mid_saved and 0 < seen[-1] < res.points:
            keep(app, tmp_path, "grisbi_reveal_counting")
            mid_saved = True
    assert seen == sorted(seen) and seen[-1] == res.points, "points counted up, card by card, to the total"
    assert len(set(seen)) > 2
    run_ticks(app, 14)  # the last counted card has lifted
    assert table.match.state.phase == "reveal"
    pile = table.match.state.pile_cards
    assert region_facts(app.screen, gt.CENTRE)["colours"] > 15
    assert all(table.board.entries[("card", c)].placed.tag in gt.ROW_CLASSES for c in pile[1:])
    for c in pile[1:]:  # every card of the pile is drawn in the rows (no bare reveal panel where it lies)
        p = table.board.current(("card", c))
        card_area = pygame.Rect(int(p.x) - 20, int(p.y - p.lift) - 30, 40, 60)
        assert region_facts(app.screen, card_area)["colours"] > 3, "the pile laid out in rows"
    # correct cards are lifted, the others are not
    for i, c in enumerate(pile[1:], 1):
        p = table.board.entries[("card", c)].placed
        assert (p.lift > 0) == (res.verdicts[i] in ("correct", "stop correct")), (i, res.verdicts[i])
    keep(app, tmp_path, "grisbi_reveal")
    loc = pile[0]
    winner = ("robbers", "police").index(res.winner)
    slot = len(table.match.state.locations_won[winner])
    while table.match.state.phase == "reveal" and table.match.state.phase_end - table.match.state.tick > 2:
        run_ticks(app, 1)
    p = table.board.current(("loc", loc))
    assert (p.x, p.y) == table.chip_pos(winner, slot), "the Location card flew to the winner's tally"
    keep(app, tmp_path, "grisbi_reveal_end")

    # --- to the end of the match and the results screen
    for _ in range(400):
        run_ticks(app, 50)
        if app.top.name == "results":
            break
    assert app.top.name == "results"
    assert table.match.is_over()
    won = table.match.state.locations_won
    w = 0 if len(won[0]) == 3 else 1
    assert len(won[w]) == 3
    lines = table.result_lines()
    assert lines[0] == f"The {('Robbers', 'Police')[w]} win the game!"
    assert all(CARDS[c].name in lines[1 + w] for c in won[w])
    assert app.results[-1]["game"] == "grisbi" and app.results[-1]["title"] == f"{('Robbers', 'Police')[w]} won"
    facts = picture_facts(app.screen)
    assert facts["colours"] > 12
    keep(app, tmp_path, "grisbi_results")
    # the human really played: seat 0 laid cards on the pile
    assert sum(1 for inputs in table.match.input_log if inputs[0]) >= 10


def test_eight_seats_are_all_drawn_around_the_pile(tmp_path):
    app = make_app(tmp_path, input_script=script("200 every 29 times 100 e\n190 every 13 times 200 d\n"))
    start_match(app, "grisbi", parse_seats("human," + ",".join(["bot:hard"] * 7), 2, 8), 8, {})
    table = app.top
    for _ in range(400):  # a moment in play with 8+ cards on the pile, none of them moving if one comes
        run_ticks(app, 1)
        st = table.match.state
        if st.phase == "play" and len(st.pile_cards) >= 8 and (pile_still(table) or len(st.pile_cards) >= 14):
            break
    assert table.match.state.phase == "play"
    assert len(table.areas) == 8
    view = table.rules.view(table.match.state, None)
    for seat, area in table.areas.items():
        col = gc.TEAM_COLOURS[view.teams[seat]]
        edge = app.screen.get_at((area.rect.centerx, area.rect.y if area.kind == "hand" else area.rect.y + 1))
        assert near(edge, col, 70) or near(edge, gt.GOLD, 20), (seat, edge, col)  # gold: it just laid a card
        assert region_facts(app.screen, area.rect)["white"] > (0.15 if area.kind == "hand" else 0.02)
    assert picture_facts(app.screen)["colours"] > 30
    keep(app, tmp_path, "grisbi_8_seats")


def test_two_humans_laying_on_the_same_tick_both_show_on_the_pile(tmp_path):
    # WASD's E and the arrows' Enter pressed on the same tick, after START.
    app = make_app(tmp_path, input_script=script("230 e\n230 return\n"))
    start_match(app, "grisbi", parse_seats("human,human", 2, 8), 77, {})
    table = app.top
    run_ticks(app, 232)
    st = table.match.state
    assert len(st.pile_cards) == 3 and st.pile_ticks[1] == st.pile_ticks[2], "two cards laid on one tick"
    assert sorted(st.pile_seats[1:]) == [0, 1]
    settle(app, table)
    a = table.board.current(("card", st.pile_cards[1]))
    b = table.board.current(("card", st.pile_cards[2]))
    assert (b.x, b.y) == (gt.PX, gt.PY)
    assert a.x <= gt.PX - 40 and a.angle != 0, "the lower card peeks out from under the top one, turned"
    left = pygame.Rect(int(a.x) - 30, gt.PY - 40, 20, 80)
    assert region_facts(app.screen, left)["white"] > 0.2
    keep(app, tmp_path, "grisbi_same_tick")


def test_hand_cursor_jump_and_assist(tmp_path):
    app = make_app(tmp_path)
    start_match(app, "grisbi", parse_seats("human,bot", 2, 8), 5, {})
    table = app.top
    run_ticks(app, 5)
    assert not any(table.content[("card", c)][1] for c in table.match.state.hands[0]), "assist asleep before START"
    while table.match.state.phase == "countdown":
        run_ticks(app, 1)
    run_ticks(app, 1)
    st = table.match.state
    top = st.pile_cards[-1]
    order = table.hand_order(0)
    assert sorted(order) == sorted(st.hands[0]) and len(order) == 16
    fits = [c for c in order if gt._fits(c, top, st.teams[0])]
    # assist on: fitting cards glow (Stops only when the team total has reached its target: it has not)
    for c in order:
        glow = table.content[("card", c)][1]
        assert (glow is not None) == (c in fits and KIND[c] != STOP)
    # DOWN jumps to the next fitting card
    if fits:
        j = table.jump(0, order, 0, 1, top)
        assert order[j] in fits
    # the order is the seat's own: B switches it, the hand itself is unchanged
    before = list(order)
    table.sort_mode[0] = 1
    assert sorted(table.hand_order(0)) == sorted(before)
    assert [gc.CARDS[c].points for c in table.hand_order(0) if KIND[c] != STOP] == sorted(
        [gc.CARDS[c].points for c in before if KIND[c] != STOP], reverse=True)
    # assist off: nothing glows
    app.settings.grisbi_assist = False
    run_ticks(app, 1)
    assert all(table.content[("card", c)][1] is None for c in table.hand_order(0))


def test_a_human_lays_the_selected_card_only_after_start(tmp_path):
    app = make_app(tmp_path, input_script=script("20 e\n200 d\n205 e\n"))
    start_match(app, "grisbi", parse_seats("human,bot:easy", 2, 8), 9, {})
    table = app.top
    run_ticks(app, 19)
    order = table.hand_order(0)
    run_ticks(app, 3)
    assert table.match.state.hands[0] == tuple(sorted(order)), "nothing laid during the countdown"
    assert table.notes.get(0, ("",))[0] == "wait for START!"
    run_ticks(app, 200 - 22)
    order = table.hand_order(0)
    chosen = order[1]  # D moved the cursor one card right
    run_ticks(app, 8)
    st = table.match.state
    assert chosen in st.pile_cards and st.pile_seats[st.pile_cards.index(chosen)] == 0


@pytest.mark.parametrize("n", range(2, 9))
def test_seat_areas_fit_the_screen_for_every_table(n):
    for humans in range(0, n + 1):  # up to four keyboard zones plus gamepads
        for demo in ((False, True) if humans == 0 else (False,)):
            areas = gt.seat_areas(n, list(range(humans)), demo)
            assert sorted(areas) == list(range(n))
            rects = [a.rect for a in areas.values()]
            for i, r in enumerate(rects):
                assert pygame.Rect(0, 0, W, H - 40).contains(r), (n, humans, r)
                assert not r.colliderect(gt.STRIP)
                assert r.collidelist(rects[:i]) == -1, (n, humans, "overlap")
            for s in range(humans):
                assert areas[s].kind == "hand" and areas[s].rect.width >= 300
            if demo:  # clear of the DEMO sign at the bottom centre
                sign = pygame.Rect(W // 2 - 260, H - 92, 520, 78)
                assert all(not r.colliderect(sign) for r in rects)
