"""Cops & Robbers through the real client: one human (WASD zone, driven by key presses through the table's menus)
and three bots play a whole game to the results screen; screenshots mid-game (coins, shields, an Offensive), of the
defend prompt and at the end are checked. Also: the menus reach exactly the legal actions, coins are conserved while
they fly, the 6-player 5-round game in attract mode shows a round's scores.

The human's key presses are added to the app's input script as the game goes: the driver takes the action the
"normal" bot would take from the human's view (and makes sure the human defends, attacks, draws and ends turns
through the menus), then presses D/A along the hand, E to open a card's menu, S to move down it and E to confirm.
"""

from __future__ import annotations

import pygame

from arcade.games.bots import random_choose
from arcade.games.cops_and_robbers import Attack, Defend, Draw, EndTurn, Respond, choose
from arcade.games.rng import Rng
from arcade.core.match import parse_seats
from arcade.games.cops_and_robbers.table.scene import OWN_BOX, ROUND_HOLD
from arcade.client.play import start_match
from client_helpers import WASD, make_app, picture_facts, press, run_ticks, script, share

HUMAN = 0
KEYS = WASD




def gold(r, g, b):
    return r > 220 and 170 < g < 225 and b < 110


def bar_grey(r, g, b):
    return 40 < r < 80 and 40 < g < 80 and 50 < b < 90 and abs(r - g) < 12


class Driver:
    """Chooses the human's next action like a player would and turns it into key presses through the menus."""

    def __init__(self, app, table) -> None:
        self.app, self.table = app, table
        self.rules = table.rules
        self.done: list[type] = []
        self.menus_checked = 0
        self._planned: tuple = (None, None)

    def goal(self):
        st = self.table.match.state
        if self._planned[0] is st:
            return self._planned[1]
        legal = list(self.rules.legal_actions(st, HUMAN))
        a = choose(self.rules.view(st, HUMAN), legal, Rng.from_seed(len(st.draw_pile)), "normal")
        # a player tries everything once: a Defence and an Offensive early on, if the bot would not
        if isinstance(a, (EndTurn, Draw)):
            for kind in (Defend, Attack):
                if kind not in self.done:
                    alt = [x for x in legal if isinstance(x, kind)]
                    if alt:
                        a = alt[0]
                        break
        self._planned = (st, a)
        return a

    def step(self) -> bool:
        t = self.table
        st = t.match.state
        if HUMAN not in t.seating.acting_shown() or t.holding:
            return False
        reach = t.picks.menu_actions(HUMAN)
        legal = list(self.rules.legal_actions(st, HUMAN))
        assert sorted(map(repr, reach)) == sorted(map(repr, legal))
        self.menus_checked += 1
        goal = self.goal()
        ui = t.choices.seat_ui(HUMAN)
        if st.pending is not None:
            items = [a for _, a in t.picks.respond_items(HUMAN)]
            press(self.app, "A" if items[ui.cur % len(items)] == goal else "down")
            if items[ui.cur % len(items)] == goal:
                self.done.append(Respond)
            return True
        slots = t.hand_slots(HUMAN)
        where = [i for i, s in enumerate(slots) if any(a == goal for _, a in t.picks.slot_options(HUMAN, s))]
        assert where, f"{goal} not reachable"
        sel = ui.sel % len(slots)
        if ui.open and sel not in where:
            press(self.app, "B")
        elif not ui.open:
            if sel in where:
                press(self.app, "A")
                if slots[sel] in ("draw", "end"):
                    self.done.append(type(goal))
            else:
                press(self.app, "right")
        else:
            items = [a for _, a in t.picks.slot_options(HUMAN, slots[sel])]
            if items[ui.cur % len(items)] == goal:
                press(self.app, "A")
                self.done.append(type(goal))
            else:
                press(self.app, "down")
        return True


def test_a_whole_cops_and_robbers_game_through_the_menus_reaches_the_results(tmp_path):
    app = make_app(tmp_path, input_script=script(""), bot_think_ticks=3)
    played: list[str] = []
    real_play = app.audio.play
    app.audio.play = lambda name, tick=None: (played.append(name), real_play(name, tick))[1]
    start_match(app, "cops_and_robbers", parse_seats("human,bot,bot,bot", 4, 6), 4, {})
    table = app.top
    assert type(table).__module__ == "arcade.games.cops_and_robbers.table.scene"
    drv = Driver(app, table)
    shots: dict[str, pygame.Surface] = {}
    flights_seen = 0
    total_coins = sum(table.match.state.coins)
    for _ in range(6000):
        if table.match.is_over():
            break
        drv.step()
        run_ticks(app, 2)
        st = table.match.state
        fx = table.fx
        if fx.busy and fx.flights:
            flights_seen += 1
            in_air = sum(1 for f in fx.flights for k in range(f.n)
                         if f.start + k * 6 <= fx.t < f.start + k * 6 + 26)
            assert sum(table.shown_coins()) + in_air == total_coins, "coins are never lost in flight"
            if "coins" not in shots and in_air:
                shots["coins"] = app.screen.copy()
                app.save_screenshot(tmp_path / "cr_coins.png")
        if "prompt" not in shots and st.pending is not None and st.pending.target == HUMAN and not table.holding:
            shots["prompt"] = app.screen.copy()
            app.save_screenshot(tmp_path / "cr_prompt.png")
        if "mid" not in shots and st.current == HUMAN and st.pending is None and table.choices.seat_ui(HUMAN).open \
                and sum(len(s) for s in st.shields) >= 2:
            shots["mid"] = app.screen.copy()
            app.save_screenshot(tmp_path / "cr_mid.png")
        if "jail" not in shots and any(st.jail) and not table.holding:
            shots["jail"] = app.screen.copy()
            jailed = next(s for s in range(st.players) if st.jail[s])
            app.save_screenshot(tmp_path / "cr_jail.png")
    st = table.match.state
    assert st.over, "the round must end"
    assert {Draw, Defend, Attack, EndTurn} <= set(drv.done), drv.done
    assert drv.menus_checked > 30 and flights_seen > 0
    assert {"coin", "explosion", "deal"} <= set(played)
    run_ticks(app, 60)
    shots["end"] = app.screen.copy()
    app.save_screenshot(tmp_path / "cr_end.png")
    run_ticks(app, table.END_DELAY)
    assert app.top.name == "results"
    app.save_screenshot(tmp_path / "cr_results.png")
    lines = table.result_lines()
    scores = table.rules.scores(st)
    assert lines[0].endswith(("wins!", "win!")) and len(lines) == 2 + st.players
    assert all(f"{sc} points" in " ".join(lines) for sc in scores)
    assert app.results[-1]["game"] == "cops_and_robbers"

    for name in ("mid", "coins", "prompt", "end"):
        assert name in shots, f"no {name} screenshot"
        facts = picture_facts(shots[name])
        assert facts["colours"] > 20, name
        assert facts["white"] > 0.02, f"{name}: cards must be visible"
    assert picture_facts(shots["mid"])["felt"] > 0.25
    # coins: the gold stacks in the areas; the human's hand face up at the bottom
    assert share(shots["mid"], (0, 0, 1280, 540), gold) > 0.004
    assert picture_facts(shots["mid"].subsurface((300, 545, 680, 130)))["white"] > 0.2
    # the defend prompt: a dark red panel over the middle of the table, with the answers
    assert picture_facts(shots["prompt"].subsurface((420, 160, 440, 140)))["felt"] < 0.1
    # the end: the round's scores over the table
    assert picture_facts(shots["end"].subsurface((340, 180, 600, 200)))["felt"] < 0.1
    if "jail" in shots:
        r = table.areas[jailed] if jailed in table.areas else OWN_BOX
        assert share(shots["jail"], r, bar_grey) > 0.05, "jail bars over the jailed player's area"


def test_the_menus_reach_exactly_the_legal_actions(tmp_path):
    # States from random legal play (every seat human, so each one's menus exist): for every seat that may act, the
    # hand's menus and buttons, or the defend prompt, offer each legal action once and nothing else.
    app = make_app(tmp_path)
    start_match(app, "cops_and_robbers", parse_seats("human,human,human,human:numpad", 4, 6), 1, {})
    table = app.top
    rules = table.rules
    kinds: set[str] = set()
    for seed in range(5):
        st = rules.initial_state(seed, 4)
        rng = Rng.from_seed(seed)
        for _ in range(300):
            if rules.is_over(st):
                break
            table.match.sim.load((0, st))
            for seat in range(4):
                legal = list(rules.legal_actions(st, seat))
                reach = table.picks.menu_actions(seat)
                assert len(reach) == len(set(map(repr, reach))), "no action offered twice"
                assert sorted(map(repr, reach)) == sorted(map(repr, legal)), (seat, legal)
                kinds |= {type(a).__name__ for a in legal}
                for a in legal:
                    assert table.picks.action_label(a, seat)
            seat = sorted(rules.to_act(st))[0]
            a = random_choose(None, rules.legal_actions(st, seat), rng)
            rng = rng.below(2)[1]
            st = rules.apply(st, seat, a)
    assert kinds == {"Draw", "Defend", "Attack", "Respond", "EndTurn"}


def test_six_players_five_rounds_in_attract_mode_show_the_round_scores(tmp_path):
    from arcade.core.match import Match, SeatSpec
    from arcade.games.cops_and_robbers.table.scene import Table

    app = make_app(tmp_path)
    match = Match("cops_and_robbers", [SeatSpec("bot", level="normal")] * 6, 4, bot_think_ticks=2, rounds=5)
    table = Table(app, match, demo=True)
    app.push(table)
    assert table.spectator() and len(table.areas) == 6
    seen_round = None
    for _ in range(3000):
        run_ticks(app, 5)
        if table.round_hold and table.round_hold < ROUND_HOLD - 30:
            seen_round = app.screen.copy()
            app.save_screenshot(tmp_path / "cr_round.png")
            break
    assert seen_round is not None, "round 1 ends and its scores stay up"
    st = match.state
    assert st.round_no == 2 and table.round_info[0] == 1
    run_ticks(app, 20)
    assert match.state is st, "nobody acts while the round's scores are up"
    tick = match.tick_count
    assert picture_facts(seen_round.subsurface((340, 180, 600, 200)))["felt"] < 0.1
    assert table.panels.status_text().startswith("Round 2 of 5")
    run_ticks(app, ROUND_HOLD)
    assert match.tick_count > tick and not table.round_hold
    facts = picture_facts(app.screen)
    assert facts["colours"] > 20 and facts["white"] > 0.02
    assert share(app.screen, (0, 0, 1280, 640), gold) > 0.002
    app.save_screenshot(tmp_path / "cr_demo6.png")


def test_two_humans_share_the_screen_each_hand_seen_by_its_owner_only(tmp_path):
    app = make_app(tmp_path, input_script=script(""), bot_think_ticks=3)
    start_match(app, "cops_and_robbers", parse_seats("human,bot,human:arrows,bot", 4, 6), 6, {})
    table = app.top
    first = None
    for _ in range(600):
        run_ticks(app, 2)
        if table.seating.curtain_for is not None:
            first = table.seating.curtain_for
            break
    assert first in (0, 2), "a human's turn comes behind the curtain"
    assert not table.seating.peeking(0) and not table.seating.peeking(2)
    assert picture_facts(app.screen)["felt"] < 0.1, "the curtain hides the table"
    assert not any(k[0] == "hand" for k in table.content), "no hand face up behind the curtain"
    key = {0: "e", 2: "return"}[first]
    app.opts.input_script.events.setdefault(app.ticks, []).append((key, True))
    app.opts.input_script.events.setdefault(app.ticks + 1, []).append((key, False))
    run_ticks(app, 30)
    other = 2 - first
    assert table.seating.curtain_for is None and table.seating.peeking(first) and not table.seating.peeking(other)
    assert table.bottom_seat() == first
    hand_keys = [k for k in table.content if k[0] == "hand"]
    assert hand_keys and all(k[1] == first for k in hand_keys)
    assert picture_facts(app.screen.subsurface((300, 545, 680, 130)))["white"] > 0.2


def test_popups_never_cover_your_own_panel(tmp_path):
    """The defend prompt at its longest (7 rows) and a card's menu at its longest (8 rows), short or wide, opened
    from any card of a full hand: the panel and every text it draws stay off your own panel, inside the screen."""
    from arcade.client.render.audit import TextAudit

    app = make_app(tmp_path)
    start_match(app, "cops_and_robbers", parse_seats("human,bot,bot,bot"), 3, {})
    table = app.top
    screen = pygame.Rect(0, 0, 1280, 720)
    wide = [f"Attack Robber Player {i} (shields 4+4+4, 100 coins)" for i in range(8)]
    for labels in (["Add nothing, use the 3 → blocked"] * 7, wide[:7]):
        r = table.defend_rect(labels)
        assert not r.colliderect(OWN_BOX) and screen.contains(r), r
    for labels in (["Shield in front of yourself"] * 8, wide):
        for ax in table.hand_x(11):
            surf = pygame.Surface((1280, 720))
            with TextAudit() as audit:
                table.panels.draw_popup(surf, "Offence 4:", labels, 0, ax, 532, "W/S choose · E confirm · Q back")
            r = table.popup_rect("Offence 4:", labels, ax, 532, "W/S choose · E confirm · Q back")
            assert not r.colliderect(OWN_BOX) and screen.contains(r), (ax, r)
            assert len(audit.drawn) == 10
            assert [d.text for d in audit.drawn if pygame.Rect(d.rect).colliderect(OWN_BOX)] == [], ax
