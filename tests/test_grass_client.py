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
from arcade.match import parse_seats
from arcade.scenes.grass_table import WALK_TICKS
from arcade.scenes.menus import start_match
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
                tv = self.rules.view(st, t.target)  # what the bot would make of each card (a player's guess)
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
        reach = t.menu_actions(HUMAN)
        legal = list(self.rules.legal_actions(st, HUMAN))
        assert sorted(map(repr, reach)) == sorted(map(repr, legal)), (st.phase, reach, legal)
        self.menus_checked += 1
        goal = self.goal()
        ui = t.seat_ui(HUMAN)
        if st.phase in ("play", "paranoia"):
            slots = t.hand_slots(HUMAN)
            where = [i for i, s in enumerate(slots) if any(a == goal for _, a in t.slot_options(HUMAN, s))]
            assert where, f"{goal} not reachable from the hand"
            if ui.open and ui.sel % len(slots) not in where:
                press(self.app, "B")
            elif not ui.open:
                press(self.app, "A" if ui.sel % len(slots) in where else "right")
            else:
                items = [a for _, a in t.slot_options(HUMAN, slots[ui.sel % len(slots)])]
                press(self.app, "A" if items[ui.cur % len(items)] == goal else "down")
        elif st.phase == "draft":
            if ui.dsub is None:
                items = [it for _, it in t.draft_items(HUMAN)]
                want = goal.op if goal.op in ("offer", "ask", "offer_peddle", "ask_peddle") else goal
                press(self.app, "A" if items[ui.dcur % len(items)] == want else "down")
            else:
                items = [a for _, a in t.draft_list(HUMAN, ui.dsub)]
                if goal not in items:
                    press(self.app, "B")
                else:
                    press(self.app, "A" if items[ui.scur % len(items)] == goal else "down")
        elif st.phase == "answer":
            items = [a for _, a in t.answer_items(HUMAN)]
            press(self.app, "A" if items[ui.cur % len(items)] == goal else "down")
        return True


def test_a_whole_grass_hand_with_a_trade_reaches_the_breakdown(tmp_path):
    app = make_app(tmp_path, input_script=script(""), bot_think_ticks=3)
    start_match(app, "grass", parse_seats("human,bot,bot,bot", 2, 6), 33, {"max_hands": 2})
    table = app.top
    assert type(table).__module__ == "arcade.scenes.grass_table"
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
                and not table.board.busy \
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
    rows = table.breakdown_rows(view)
    assert [r[0] for r in rows] == ["1. Stash total", "2. Banker", "3. Largest peddle in hand",
                                    "4. Paranoia in hand", "5. Bonus", "This hand", "6. Running total"]
    for s, b in enumerate(view.breakdown):
        assert b.stash + b.banker + b.peddle_in_hand + b.paranoia + b.bonus == b.hand
        assert rows[0][2][s] == f"${b.stash:,}"
        assert rows[-1][2][s] == f"${b.total:,}"

    for name in ("mid", "trade", "heat", "breakdown"):
        assert name in shots, f"no {name} screenshot"
        facts = picture_facts(shots[name])
        assert facts["colours"] > 20, name
        assert facts["white"] > 0.02, f"{name}: cards must be visible"
    assert picture_facts(shots["mid"])["felt"] > 0.35
    # the trade dialog covers the middle of the table with a dark panel
    mid_dark = picture_facts(shots["trade"].subsurface((300, 120, 600, 300)))
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
