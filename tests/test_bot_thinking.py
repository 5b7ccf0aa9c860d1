"""Bots think while they wait (``BotSeat``'s ``ahead``; a window's client: ``arcade.client.thinking``).

What a player or a peer would notice: the same moves at the same ticks as a bot that thinks on the spot (replays,
LAN peers and seeded matches stay exact), the search done during the bot's think ticks rather than in the one tick
it acts at, and a decision made again when the table changed while the bot was thinking."""

from __future__ import annotations

from dataclasses import replace

import pytest

from arcade.client.thinking import in_background
from arcade.core.match import Match, parse_seats
from arcade.games import REGISTRY
from arcade.games.bots import BotSeat
from arcade.games.grenade import RULES as GRENADE, Throw


def whole_match(game: str, seats: str, seed: int, ahead, think: int = 12) -> list[tuple[int, ...]]:
    rules = REGISTRY[game]
    match = Match(game, parse_seats(seats, rules.min_players, rules.max_players), seed, bot_think_ticks=think,
                  bot_ahead=ahead)
    for _ in range(60_000):
        if rules.is_over(match.sim.state):
            break
        match.tick()
    assert rules.is_over(match.sim.state), "the bots did not finish"
    return match.input_log


@pytest.mark.parametrize("game,seats,seed", [("grit", "bot:hard,bot:normal", 4), ("grenade", "bot:hard,bot:easy,bot:hard", 9)])
def test_bots_thinking_on_a_worker_thread_play_the_same_moves_at_the_same_ticks(game, seats, seed):
    on_the_spot = whole_match(game, seats, seed, None)
    assert whole_match(game, seats, seed, in_background) == on_the_spot
    assert sum(1 for inputs in on_the_spot if any(inputs)) > 4  # the bots did play


class Recorder:
    """An ``ahead`` that runs the work at once but notes when it was asked, and can hand back a planted answer."""

    def __init__(self, planted=None):
        self.asked = 0
        self.planted = planted

    def __call__(self, work):
        self.asked += 1
        result = work()
        return lambda: self.planted if self.planted is not None else result


def grenade_turn(seed: int = 3):
    """A Grenade position three moves in (the grenades on different places: the choices differ), and its player."""
    s = GRENADE.initial_state(seed, 3)
    for die in (0, 1, 2):
        s = GRENADE.apply(s, s.current, Throw(die))
    return s, s.current


def elsewhere(s, seat, level, think):
    """A grenade other than the one a bot thinking on the spot moves (so a planted answer can be told from it)."""
    plain = BotSeat("grenade", seat, level, seed=5, think_ticks=think)
    plain.input(s, 0)
    mine = GRENADE.decode_action(plain.input(s, think) - 1)
    return next(Throw(d) for d in range(3) if s.dice[d] != s.dice[mine.die])


def test_the_decision_is_asked_for_when_the_seat_comes_to_act_and_its_answer_played_when_due():
    s, seat = grenade_turn()
    plain = BotSeat("grenade", seat, "hard", seed=5, think_ticks=30)
    on_the_spot = [plain.input(s, t) for t in range(100, 131)][-1]
    think = Recorder()
    bot = BotSeat("grenade", seat, "hard", seed=5, think_ticks=30, ahead=think)
    assert bot.input(s, 100) == 0
    assert think.asked == 1  # started at once, 30 ticks before it is due
    assert all(bot.input(s, t) == 0 for t in range(101, 130))
    assert bot.input(s, 130) == on_the_spot and think.asked == 1
    planted = elsewhere(s, seat, "hard", 30)
    ahead = BotSeat("grenade", seat, "hard", seed=5, think_ticks=30, ahead=Recorder(planted))
    assert [ahead.input(s, t) for t in range(100, 131)][-1] == GRENADE.encode_action(planted) + 1  # what was worked out


def test_a_table_that_changed_while_the_bot_was_thinking_gets_a_fresh_decision():
    """The seat is still to act but the position moved on (here: another roll): the answer worked out for the old
    position is dropped, and the bot decides on the position it now sees."""
    s, seat = grenade_turn()
    other = replace(s, roll=s.roll % 6 + 1, dice=((1, 5), (3, 2), (5, 4)))
    planted = elsewhere(other, seat, "normal", 10)
    bot = BotSeat("grenade", seat, "normal", seed=5, think_ticks=10, ahead=Recorder(planted))
    bot.input(s, 0)
    acted = bot.input(other, 10)
    plain = BotSeat("grenade", seat, "normal", seed=5, think_ticks=10)
    plain.input(s, 0)
    assert acted == plain.input(other, 10)
    same = BotSeat("grenade", seat, "normal", seed=5, think_ticks=10, ahead=Recorder(planted))
    same.input(s, 0)
    assert same.input(s, 10) == GRENADE.encode_action(planted) + 1  # unchanged table: the worked-out answer


def test_a_bot_s_error_reaches_the_tick_it_acts_at():
    def broken():
        raise RuntimeError("no move")

    result = in_background(broken)
    with pytest.raises(RuntimeError, match="no move"):
        result()
    assert in_background(lambda: 42)() == 42
