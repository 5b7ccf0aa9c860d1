"""Grass through the real client: one human (WASD zone, driven by key presses) and three bots play a whole hand,
trading at least once, to the scoring breakdown; then the next hand is dealt. Screenshots of the hand, the trade
dialog, heat on a Hassle pile and the breakdown are checked.

The human's key presses are added to the app's input script as the hand goes (the driver looks at the menus the
table offers and presses D/A to move along the hand, S to move down a menu, E to choose, Q to go back), so every
action the human takes is reached through the table's own menus.
"""

from __future__ import annotations

import pygame

from arcade.games.grass import ANY, Action, choose
from arcade.games.grass.bot import keep_value
from arcade.games.grass.cards import NO_CARD
from arcade.games.rng import Rng
from arcade.core.match import parse_seats
from arcade.games.grass.table.scene import WALK_TICKS
from arcade.client.play import start_match
from client_helpers import make_app, picture_facts, run_ticks, script

HUMAN = 0
KEYS = {"right": "d", "left": "a", "down": "s", "up": "w", "A": "e", "B": "q"}


def press(app, button: str) -> None:
    """Queue one key press of the human's zone for the next tick (through the input script)."""
    extra = script(f"{app.ticks} {KEYS[button]}")
    for t, evs in extra.events.items():
        app.opts.input_script.events.setdefault(t, []).extend(evs)


def red_share(surf: pygame.Surface, rect: pygame.Rect) -> float:
    """Share of strongly red pixels in ``rect`` (the heat glow and label)."""
    n = red = 0
    for y in range(rect.top, rect.bottom, 3):
        for x in range(rect.left, rect.right, 3):
            r, g, b, *_ = surf.get_at((x, y))
            n += 1
            red += r > 170 and g < 110 and b < 110
    return red / max(1, n)


class Driver:
    """Chooses the human's next action like a player would (the bot's choice, plus a trade proposal that a bot is
    likely to accept) and turns it into key presses through the table's menus."""

    def __init__(self, app, table) -> None:
        self.app, self.table = app, table
        self.rules = table.rules
        self.traded = False  # a proposal of the human's was accepted
        self.tried: set[int] = set()  # turns (deck size) on which a proposal was started
        self.menus_checked = 0
        self._planned: tuple = (None, None)  # (state, action): the goal holds until the state changes

    def goal(self):
        st = self.table.match.state
        if self._planned[0] is st:
            return self._planned[1]
        a = self._plan(st)
        self._planned = (st, a)
        return a

    def _plan(self, st):
        legal = self.rules.legal_actions(st, HUMAN)
        view = self.rules.view(st, HUMAN)
        if st.phase == "play":
            props = [a for a in legal if a.op == "propose"]
            if not self.traded and props and len(st.deck) not in self.tried and len(st.proposed) == 0:
                self.tried.add(len(st.deck))
                return props[len(self.tried) % len(props)]
        if st.phase == "draft":
            t = st.trade
            if not t.offer:
                # the driver peeks at the bot's view and hand to offer a card it wants, so the trade is accepted
                tv = self.rules.view(st, t.target)
                best = max(view.hand, key=lambda k: (keep_value(tv, k, st.seats[t.target].hand + (k,)), k))
                return Action("offer", best)
            if not t.ask:
                return Action("ask", ANY)
            return Action("send")
        if st.phase == "answer":
            acc = [a for a in legal if a.op == "accept"]
            return acc[0] if acc else Action("refuse")
        return choose(view, [a for a in legal if a.op != "propose"], Rng.from_seed(len(st.deck)), "normal")

    def step(self) -> bool:
        """Press the next key towards the goal; False when the human has nothing to do."""
        t = self.table
        st = t.match.state
        if HUMAN not in self.rules.to_act(st) or st.phase == "scoring":
            return False
        # the menus reach exactly the legal actions
        reach = t.picks.menu_actions(HUMAN)
        legal = list(self.rules.legal_actions(st, HUMAN))
        assert sorted(map(repr, reach)) == sorted(map(repr, legal)), (st.phase, reach, legal)
        self.menus_checked += 1
        goal = self.goal()
        ui = t.choices.seat_ui(HUMAN)
        if st.phase in ("play", "paranoia"):
            slots = t.hand_slots(HUMAN)
            where = [i for i, s in enumerate(slots) if any(a == goal for _, a in t.picks.slot_options(HUMAN, s))]
            assert where, f"{goal} not reachable from the hand"
            if ui.open and ui.sel % len(slots) not in where:
                press(self.app, "B")
            elif not ui.open:
                press(self.app, "A" if ui.sel % len(slots) in where else "right")
            else:
                items = [a for _, a in t.picks.slot_options(HUMAN, slots[ui.sel % len(slots)])]
                press(self.app, "A" if items[ui.cur % len(items)] == goal else "down")
        elif st.phase == "draft":
            if ui.dsub is None:
                items = [it for _, it in t.picks.draft_items(HUMAN)]
                want = goal.op if goal.op in ("offer", "ask", "offer_peddle", "ask_peddle") else goal
                press(self.app, "A" if items[ui.dcur % len(items)] == want else "down")
            else:
                items = [a for _, a in t.picks.draft_list(HUMAN, ui.dsub)]
                if goal not in items:
                    press(self.app, "B")
                else:
                    press(self.app, "A" if items[ui.scur % len(items)] == goal else "down")
        elif st.phase == "answer":
            items = [a for _, a in t.picks.answer_items(HUMAN)]
            press(self.app, "A" if items[ui.cur % len(items)] == goal else "down")
        return True


def test_a_whole_grass_hand_with_a_trade_reaches_the_breakdown(tmp_path):
    app = make_app(tmp_path, input_script=script(""), bot_think_ticks=3)
    start_match(app, "grass", parse_seats("human,bot,bot,bot", 2, 6), 33, {"max_hands": 2})
    table = app.top
    assert type(table).__module__ == "arcade.games.grass.table.scene"
    drv = Driver(app, table)
    shots: dict[str, pygame.Surface] = {}
    trade_events = 0
    last = None
    for _ in range(6000):
        st = table.match.state
        if st is not last:
            last = st
            for ev in st.events:
                if ev[0] == "trade" and HUMAN in (ev[1], ev[2]):
                    trade_events += 1
                    drv.traded = drv.traded or ev[1] == HUMAN
        if st.phase == "scoring":
            break
        drv.step()
        run_ticks(app, 2)
        st = table.match.state
        if "trade" not in shots and st.phase == "draft" and st.trade.proposer == HUMAN and st.trade.offer \
                and st.trade.ask:
            shots["trade"] = app.screen.copy()
            app.save_screenshot(tmp_path / "grass_trade.png")
        if "mid" not in shots and st.phase == "play" and st.current == HUMAN and len(st.deck) < 70 \
                and table.choices.seat_ui(HUMAN).open \
                and sum(len(s.stash.loose) + len(s.stash.covers) for s in st.seats) >= 2:
            shots["mid"] = app.screen.copy()
            app.save_screenshot(tmp_path / "grass_mid.png")
        heated = [i for i, s in enumerate(st.seats) if s.heat != NO_CARD]
        if "heat" not in shots and heated and not table.board.busy and st.phase == "play":
            shots["heat"] = app.screen.copy()
            heat_seat = heated[0]
            app.save_screenshot(tmp_path / "grass_heat.png")
    st = table.match.state
    assert st.phase == "scoring", "the hand must end"
    assert drv.traded and trade_events >= 1, "the human proposed a trade that was accepted"
    assert drv.menus_checked > 20

    # the breakdown is walked through step by step, then waits for the human
    run_ticks(app, WALK_TICKS + 30)
    assert table.match.state.phase == "scoring", "the breakdown waits for the human"
    shots["breakdown"] = app.screen.copy()
    app.save_screenshot(tmp_path / "grass_breakdown.png")
    view = table.rules.view(table.match.state, HUMAN)
    rows = table.panels.breakdown_rows(view)
    assert [r[0] for r in rows] == ["1. Stash total", "2. Banker", "3. Largest peddle in hand",
                                    "4. Paranoia in hand", "5. Bonus", "This hand", "6. Running total"]
    for s, b in enumerate(view.breakdown):
        assert b.stash + b.banker + b.peddle_in_hand + b.paranoia + b.bonus == b.hand
        assert rows[0][2][s] == f"${b.stash:,}"
        assert rows[-1][2][s] == (f"${b.total:,}" if b.total >= 0 else f"−${-b.total:,}")  # totals may go negative

    for name in ("mid", "trade", "heat", "breakdown"):
        assert name in shots, f"no {name} screenshot"
        facts = picture_facts(shots[name])
        assert facts["colours"] > 20, name
        assert facts["white"] > 0.02, f"{name}: cards must be visible"
    assert picture_facts(shots["mid"])["felt"] > 0.35
    # the trade dialog covers the upper middle of the table with a dark panel (above the human's own area)
    mid_dark = picture_facts(shots["trade"].subsurface((300, 60, 600, 260)))
    assert mid_dark["felt"] < 0.2
    # heat: a red glow and label around the heated pile
    sl = table.slots(4)[heat_seat]
    area = sl.rect if not sl.big else pygame.Rect(300, 330, 200, 200)
    assert red_share(shots["heat"], area) > 0.01

    # A: the next hand is dealt
    press(app, "A")
    run_ticks(app, 40)
    assert table.match.state.hand_no == 2
    assert table.match.state.phase in ("play", "draft", "answer", "paranoia")


def test_the_menus_reach_exactly_the_legal_actions_in_every_phase(tmp_path):
    # States from random legal play (random players trade, protect, play Paranoia... far more than bots do): for every
    # seat that may act, the hand's menus, the trade dialog or the answer menu offer each legal action, and nothing
    # else. Every seat is a human here, so each one's menus exist.
    from arcade.games.bots import random_choose

    app = make_app(tmp_path)
    start_match(app, "grass", parse_seats("human,human,human,human:numpad", 2, 6), 1, {})
    table = app.top
    rules = table.rules
    phases: set[str] = set()
    for seed in range(6):
        st = rules.initial_state(seed, 4, max_hands=2)
        rng = Rng.from_seed(seed)
        for _ in range(400):
            if rules.is_over(st):
                break
            table.match.sim.load((0, st))
            for seat in sorted(rules.to_act(st)):
                legal = list(rules.legal_actions(st, seat))
                reach = table.picks.menu_actions(seat)
                assert len(reach) == len(set(map(repr, reach))), "no action offered twice"
                assert sorted(map(repr, reach)) == sorted(map(repr, legal)), (st.phase, seat)
                phases.add(st.phase)
            seat = sorted(rules.to_act(st))[0]
            a, rng = random_choose(None, rules.legal_actions(st, seat), rng), rng.below(2)[1]
            st = rules.apply(st, seat, a)
    assert phases >= {"play", "draft", "answer", "paranoia", "scoring"}


def test_learning_hand_against_a_bot_ends_the_match_and_shows_the_results(tmp_path):
    # Learning mode's first hand has no trading: the hand offers no "Trade" slot. One hand: the match ends.
    app = make_app(tmp_path, input_script=script(""), bot_think_ticks=3)
    start_match(app, "grass", parse_seats("human,bot", 2, 6), 8, {"max_hands": 1, "learning": True})
    table = app.top
    drv = Driver(app, table)
    for _ in range(6000):
        if table.match.is_over():
            break
        if drv.step():
            assert "trade" not in table.hand_slots(HUMAN)
        run_ticks(app, 2)
    assert table.match.is_over() and drv.menus_checked > 10
    run_ticks(app, 60)
    assert app.top is table, "the final breakdown stays until it is read"
    press(app, "A")  # show every step at once
    run_ticks(app, 3)
    assert table.score_ticks >= WALK_TICKS
    facts = picture_facts(app.screen)
    assert facts["colours"] > 20
    assert picture_facts(app.screen.subsurface((440, 120, 400, 300)))["felt"] < 0.1  # the breakdown panel
    app.save_screenshot(tmp_path / "grass_over.png")
    press(app, "A")
    run_ticks(app, 5)
    assert app.top.name == "results"
    lines = table.result_lines()
    assert lines[0].endswith(("wins!", "win!")) and all("$" in ln for ln in lines[1:3])
    assert app.results[-1]["game"] == "grass"
    press(app, "A")  # "Play again": a fresh table
    run_ticks(app, 5)
    assert app.top is table and table.match.state.hand_no == 1 and not table.log and table.score_ticks == 0


def test_two_humans_on_one_screen_pass_the_screen_between_turns(tmp_path):
    app = make_app(tmp_path, input_script=script(""), bot_think_ticks=3)
    start_match(app, "grass", parse_seats("human,human,bot", 2, 6), 4, {})
    table = app.top
    run_ticks(app, 3)
    assert table.seating.curtain_for == 0 and not table.seating.peeking(0)
    dark = picture_facts(app.screen)
    assert dark["felt"] < 0.1, "the curtain hides the table"
    press(app, "A")  # player 1 lifts the curtain
    run_ticks(app, 30)
    assert table.seating.curtain_for is None and table.seating.peeking(0) and table.bottom_seat() == 0
    assert picture_facts(app.screen)["white"] > 0.05  # player 1's hand face up
    # player 1 discards a card: A, then down to "Discard" (always the last line), A
    press(app, "A")
    run_ticks(app, 2)
    items = table.picks.slot_options(0, table.hand_slots(0)[table.choices.seat_ui(0).sel])
    for _ in range(len(items) - 1):
        press(app, "down")
        run_ticks(app, 2)
    press(app, "A")
    seen_curtain_for_2 = False
    for _ in range(200):
        run_ticks(app, 2)
        if table.seating.curtain_for == 1:
            seen_curtain_for_2 = True
            assert not table.seating.peeking(0) and not table.seating.peeking(1)
            break
        if 0 in table.rules.to_act(table.match.state):
            break  # a Paranoia card was played: player 1 passes again (fine, the curtain is tested below)
    if seen_curtain_for_2:
        app.opts.input_script.events.setdefault(app.ticks, []).append(("return", True))
        app.opts.input_script.events.setdefault(app.ticks + 1, []).append(("return", False))
        run_ticks(app, 3)
        assert table.seating.curtain_for is None and table.seating.shown_seat == 1 and table.bottom_seat() == 1
        assert table.seating.peeking(1) and not table.seating.peeking(0)


def test_attract_mode_plays_grass_with_the_spectator_view_and_moves_on_by_itself(tmp_path):
    from arcade.client.scenes.attract import AttractScene
    from arcade.games.grass.table.scene import DEMO_HOLD

    app = make_app(tmp_path)
    probe = AttractScene(app)
    # seed 7: a first hand the demo's bots (two "hard") end quickly, so the breakdown comes within the test's ticks
    attract = AttractScene(app, start_index=probe.games.index("grass"), seed=7)
    app.push(attract)
    table = attract.table
    assert type(table).__module__ == "arcade.games.grass.table.scene" and table.demo
    assert table.seating.viewer() is None and all(not sl.big for sl in table.slots(4).values())
    run_ticks(app, 600)
    facts = picture_facts(app.screen)
    app.save_screenshot(tmp_path / "grass_demo.png")
    assert facts["white"] > 0.01 and facts["colours"] > 20  # every seat's area, pile and Stash
    for _ in range(80):
        if table.match.state.phase == "scoring":
            break
        run_ticks(app, 60)
    assert table.match.state.phase == "scoring" and attract.table is table
    run_ticks(app, DEMO_HOLD - table.score_ticks - 5)
    assert table.match.state.phase == "scoring", "the breakdown stays a few seconds"
    app.save_screenshot(tmp_path / "grass_demo_breakdown.png")
    assert picture_facts(app.screen.subsurface((440, 120, 400, 300)))["felt"] < 0.1  # the breakdown panel
    run_ticks(app, 60)
    assert table.match.state.hand_no == 2, "then the next hand is dealt without a key"


def test_a_gamepad_player_chooses_with_logical_buttons_only(tmp_path):
    app = make_app(tmp_path, input_script=script("20 pad0:RIGHT\n24 pad0:RIGHT\n30 pad0:A\n36 pad0:B\n42 pad0:A\n"
                                                 "48 pad0:DOWN\n"), bot_think_ticks=3)
    start_match(app, "grass", parse_seats("pad:0,bot", 2, 6), 12, {})
    table = app.top
    run_ticks(app, 33)
    ui = table.choices.seat_ui(0)
    assert ui.sel == 2 and ui.open, "RIGHT twice, then A opens the card's menu"
    run_ticks(app, 6)
    assert not ui.open, "B goes back to the hand"
    run_ticks(app, 12)
    items = table.picks.slot_options(0, table.hand_slots(0)[2])
    assert ui.open and ui.cur == (1 % len(items)), "DOWN moves in the menu"
    app.save_screenshot(tmp_path / "grass_pad.png")


def test_the_log_of_the_last_moves_is_back_after_a_resume(tmp_path):
    """Issue 36: a resumed Grass match showed an empty log of the last moves beside the Wasted pile; it now shows
    the same lines as before the match was interrupted."""
    from arcade.client.play import resume_match
    from arcade.core.replay import find_resumable, read_replay

    data = tmp_path / "data"
    app = make_app(tmp_path / "a", data_dir=str(data), bot_think_ticks=2)
    start_match(app, "grass", parse_seats("bot,bot,bot"), 11, {})
    table = app.top
    for _ in range(400):
        run_ticks(app, 10)
        if len(table.log) >= 4 and not table.match.pending and table.match.state.phase == "play":
            break
    before = list(table.log)
    assert len(before) == 4, before
    ticks = table.match.tick_count
    rep = find_resumable(data)  # the match interrupted here (its file is written as it goes)
    assert rep is not None
    app2 = make_app(tmp_path / "b", data_dir=str(data))
    resume_match(app2, read_replay(rep.path))
    resumed = app2.top
    assert resumed.match.tick_count <= ticks
    assert resumed.log == before
    app2.draw(1.0)
    app2.save_screenshot(tmp_path / "resumed.png")
