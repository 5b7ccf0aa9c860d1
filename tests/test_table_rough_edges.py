"""Issue 29, the tables' rough edges a new player meets: see-through popups, a log hidden on your own turn, "DEAD"
before the end, a click ignored without a word, a grenade named by a number the screen does not show."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from arcade.client.play import start_match, start_tutorial
from arcade.client.render.audit import TextAudit
from arcade.core.match import parse_seats
from client_helpers import make_app, run_ticks
from test_tooltips import at_your_move


def opaque(draw, rect: pygame.Rect) -> bool:
    """Whether ``draw(surf)`` paints every pixel of ``rect`` (its rounded corners aside) the same over a black and a
    white picture: nothing under it shows through."""
    pics = []
    for colour in ((0, 0, 0), (255, 255, 255)):
        surf = pygame.Surface((1280, 720))
        surf.fill(colour)
        draw(surf)
        pics.append(surf.subsurface(pygame.Rect(rect).inflate(-16, -16)).copy())
    a, b = pics
    return all(a.get_at((x, y)) == b.get_at((x, y)) for x in range(0, a.get_width(), 2)
               for y in range(0, a.get_height(), 2))


def open_a_card_menu(table, seat: int = 0) -> None:
    """Open the menu of the first card of ``seat``'s hand that has one (as its select key would)."""
    slots = table.hand_slots(seat)
    k = next(i for i, s in enumerate(slots) if s not in ("draw", "end", "trade") and table.picks.slot_options(seat, s))
    ui = table.choices.seat_ui(seat)
    ui.sel, ui.open, ui.cur = k, True, 0


def test_grass_popup_menu_and_prompt_are_opaque(tmp_path):
    app, table = at_your_move("grass", tmp_path)
    open_a_card_menu(table)
    view = table.seating.views().public
    rects = table.open_prompts()
    assert len(rects) == 2, "the card's menu and the prompt line over the hand"
    for r in rects:
        assert opaque(lambda surf: table.panels.draw_prompts(surf, view), r), r


def test_cops_and_robbers_popup_menu_turn_plate_and_defend_prompt_are_opaque(tmp_path):
    app, table = at_your_move("cops_and_robbers", tmp_path)
    open_a_card_menu(table)
    views = table.seating.views()
    rects = table.open_prompts()
    assert len(rects) == 2, "the card's menu and your turn's plate"
    for r in rects:
        assert opaque(lambda surf: table.panels.draw_prompts(surf, views), r), r
    app = make_app(tmp_path / "attacked")
    start_match(app, "cops_and_robbers", parse_seats("human,bot,bot,bot"), 5, {})
    table = app.top
    for _i in range(3000):
        run_ticks(app, 5)
        if table.picks.respond_items(0) and not table.holding:
            break
        if table.turn_bar_seat(table.seating.views()) == 0:
            from arcade.games.cops_and_robbers import Draw, EndTurn

            legal = table.seating.legal(0)
            table.match.submit_action(0, Draw() if Draw() in legal else EndTurn())
    else:
        raise AssertionError("never attacked")
    views = table.seating.views()
    (r,) = table.open_prompts()
    assert opaque(lambda surf: table.panels.draw_prompts(surf, views), r), r


def test_the_grit_and_grenade_prompts_are_opaque(tmp_path):
    app, table = at_your_move("grit", tmp_path)
    views = table.seating.views()
    for r in table.open_prompts():
        assert opaque(lambda surf: table.draw_prompts(surf, views), r), r
    app, table = at_your_move("grenade", tmp_path / "g")
    from arcade.games.grenade.table.scene import BAND

    assert opaque(lambda surf: table.draw_band(surf, 0), BAND)


def test_cops_and_robbers_after_your_own_attack_the_log_says_what_happened(tmp_path):
    """Right after your attack (still your turn), the log under the teams' coins shows how it went: the answer and
    the coins that moved; your turn's steps are up in the status line, not over the log."""
    from arcade.games.cops_and_robbers import Attack

    app, table = at_your_move("cops_and_robbers", tmp_path)
    attack = next(a for a in table.seating.legal(0) if isinstance(a, Attack))
    table.match.submit_action(0, attack)
    for _i in range(600):
        run_ticks(app, 5)
        st = table.seating.views().public
        if st.pending is None and st.attacked and not table.holding and table.turn_bar_seat(table.seating.views()) == 0:
            break
    else:
        raise AssertionError("never back to your turn after the attack")
    assert any("attacks" in ln for ln in table.log) and any("answers" in ln for ln in table.log)
    with TextAudit() as audit:
        table.draw(pygame.Surface((1280, 720)), 1.0)
    seen = {d.text for d in audit.visible()}
    assert table.log[-1] in seen, f"the log's last line {table.log[-1]!r} is in view"
    assert "Your turn:" in seen and "✓ Attack" in seen


def _grit_midway(tmp_path, over: bool):
    """A Grit table whose state is a duel where a visible Injury total is 22 or more: mid-duel (``over`` False) or
    at its end (bots' duels, seed after seed)."""
    from arcade.core.rng import Rng
    from arcade.games import REGISTRY, definition_of

    app = make_app(tmp_path)
    start_match(app, "grit", parse_seats("human,bot"), 1, {})
    table = app.top
    rules, choose = REGISTRY["grit"], definition_of("grit").choose
    for seed in range(400):
        st, rng = rules.initial_state(seed, 2, best_of=1), Rng.from_seed(seed)
        while not rules.is_over(st):
            v = rules.view(st, None)
            if not over and max(v.visible_totals) >= 22 and v.phase != "over":
                table.match.sim.load((0, st))
                return app, table, v
            seat = min(rules.to_act(st))
            st = rules.apply(st, seat, choose(rules.view(st, seat), rules.legal_actions(st, seat), rng, "easy"))
            rng = Rng.from_seed(rng.state + 1)
        if over and max(rules.view(st, None).totals) >= 22:
            table.match.sim.load((0, st))
            return app, table, rules.view(st, None)
    raise AssertionError("no such duel in 400 seeds")


def test_grit_says_dead_only_when_the_duel_is_over(tmp_path):
    """Rules, "The end": 22 or more is dead after round 4. Mid-duel a total of 22 or more is shown as a number."""
    app, table, v = _grit_midway(tmp_path, over=False)
    with TextAudit() as audit:
        table.draw(pygame.Surface((1280, 720)), 1.0)
    texts = [d.text for d in audit.drawn]
    assert f"Injuries: {max(v.visible_totals)}" in texts
    assert not [t for t in texts if "DEAD" in t.upper()], texts
    app, table, v = _grit_midway(tmp_path / "end", over=True)
    with TextAudit() as audit:
        table.draw(pygame.Surface((1280, 720)), 1.0)
    assert f"Injuries: {max(v.totals)}  DEAD" in [d.text for d in audit.drawn]


def test_grit_a_click_on_a_pile_that_took_a_card_this_round_says_why(tmp_path):
    """Rules, "A round" 2: the two cards of a round go on different piles. A click on the pile the other player just
    laid on lays nothing and says why."""
    from arcade.games.grit import ChooseFirst

    app = make_app(tmp_path)
    start_match(app, "grit", parse_seats("mouse,bot"), 1, {})  # you hold The Word in round 1
    table = app.top
    for _i in range(2000):
        run_ticks(app, 5)
        v = table.seating.views().public
        if v.phase == "word" and 0 in v.to_act:
            table.match.submit_action(0, ChooseFirst(1))  # the bot lays first: you lay second
        elif v.phase in ("lay_first", "keep") and 0 in v.to_act:  # the bot chose you first: lay, wait a round
            table.match.submit_action(0, table.seating.legal(0)[-1])
        if v.phase == "lay_second" and 0 in v.to_act and v.round_plays and not table.board.busy:
            break
    else:
        raise AssertionError("never second to lay")
    owner, pile = v.round_plays[0]
    before = table.match.state
    at = table.pile_rect(owner, pile).center
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=at, button=1))
        app.pump()
        app.tick()
    assert table.match.state is before or table.match.state == before, "nothing laid"
    assert "already took a card this round" in table.hud.message and table.hud.message_ticks > 0
    with TextAudit() as audit:
        table.draw(pygame.Surface((1280, 720)), 1.0)
    assert table.hud.message in {d.text for d in audit.visible()}


def test_grenade_your_own_grenade_is_yours_and_named_by_its_colour(tmp_path):
    """Tutorial: while your grenade hops the coach says it is yours, by its colour, and so does the log."""
    from arcade.games.grenade import Throw

    app = make_app(tmp_path)
    start_tutorial(app, "grenade")
    table = app.top
    for _i in range(2000):
        run_ticks(app, 3)
        if table.chooser() == 0:
            break
    table.match.submit_action(0, Throw(1))
    said, logged = [], set()
    for _i in range(200):
        run_ticks(app, 1)
        if table.timeline.busy and table.shown()[0].current == 0:  # your move plays (the next roll aside)
            said.append(table.coach.lines()[0])
            logged.update(table.log)
    assert said and all(s.startswith("You threw the blue grenade") for s in said), set(said)
    assert any("Player 1 throws the blue grenade" in ln for ln in logged), logged
    assert not any("grenade 1" in ln or "grenade 2" in ln for ln in logged)
