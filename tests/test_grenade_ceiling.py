"""tools/grenade_ceiling.py's look-ahead row (``--depth``): hard seeing every heart, N moves ahead, a position at the
horizon scored by its chance of outlasting everyone (``race_leaf``)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from tool_helpers import load_tool

from arcade.games.grenade import JOKER, RULES, Throw
from arcade.games.rng import Rng

WHEEL = (1, 2, 3, 4, 5, 6, 7, JOKER)


@pytest.fixture(scope="module")
def tool():
    return load_tool("grenade_ceiling")


def position(dice, hearts=((7,), (2,), (1,), (3,)), roll=1, blown=(), out_move=None, revealed=None, current=0):
    s = RULES.initial_state(1, len(hearts))
    n = len(hearts)
    return replace(s, wheel=WHEEL, blown=tuple(p in blown for p in range(8)), dice=tuple(dice), hearts=hearts,
                   current=current, roll=roll, history=(), out_move=out_move or (0,) * n,
                   revealed=revealed or ((),) * n, events=())


def test_with_every_spade_as_safe_each_of_four_players_outlasts_the_rest_a_quarter_of_the_time(tool):
    s = position(((7, 1), (7, 1), (7, 1)))  # every grenade on the Joker at 1 pip: no spade in danger
    chances = [tool.race_leaf(s, p) for p in range(4)]
    assert chances == pytest.approx([0.25] * 4)
    assert sum(chances) == pytest.approx(1)


def test_the_spade_out_of_reach_of_a_grenade_showing_5_is_the_likeliest_to_outlast_the_rest(tool):
    """A grenade showing 5 on the 4 (place 3) reaches places 4 to 7 and 0, 1 on the next roll: the spades of seats 0,
    1 and 2 (the 7, 2 and A) are in its reach and each falls below a quarter; seat 3's 3 (place 2) is not and rises
    above; the chances still add up to one."""
    s = position(((3, 5), (7, 1), (7, 1)))
    chances = [tool.race_leaf(s, p) for p in range(4)]
    assert max(chances[:3]) < 0.25 < chances[3]
    assert sum(chances) == pytest.approx(1)


def test_a_decided_game_scores_the_winner_one_and_the_others_nothing(tool):
    s = position(((7, 1), (7, 1), (7, 1)), blown=(1, 0, 2), out_move=(0, 3, 2, 1))
    s = replace(s, winners=(0,))
    assert [tool.race_leaf(s, p) for p in range(4)] == [1, 0, 0, 0]


def test_with_two_players_two_spades_outlast_one(tool):
    """Two players, two spades each: the player who lost one already is the likelier to go out first."""
    s = position(((7, 1), (7, 1), (7, 1)), hearts=((1, 2), (3, 4)), blown=(2,), revealed=((), (3,)))
    assert tool.race_leaf(s, 0) > 0.5 > tool.race_leaf(s, 1)


@pytest.mark.parametrize("depth", [1, 2, 4])
def test_looking_ahead_with_every_heart_known_it_blows_up_an_opponent_s_spade_not_a_discard(tool, depth):
    """Roll 1, grenades showing 5 one place before the 2 and before the 4: the look-ahead blows up the 2 when the 2
    is an opponent's heart and the 4 a discard, and the 4 when the deal is the other way round."""
    s = position(((0, 5), (2, 5), (4, 1)))
    decide = tool.looks_ahead(depth)
    view, legal = RULES.view(s, 0), RULES.legal_actions(s, 0)
    assert decide(s, view, legal, Rng(5), "hard") == Throw(0)
    other = replace(s, hearts=((7,), (4,), (1,), (3,)))
    assert decide(other, RULES.view(other, 0), legal, Rng(5), "hard") == Throw(1)
