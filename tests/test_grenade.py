"""Grenade (shared/rules/grenade.md): one test group per rules section, a worked example, the bot."""

from __future__ import annotations

import time
from dataclasses import replace

import pytest

from arcade.games import REGISTRY, IllegalAction
from arcade.games.bots import decision_rng, random_choose
from arcade.games.grenade import (JOKER, RULES, GrenadeState, Move, Throw, choose, describe_action, sample_hidden,
                                  spade_beliefs)
from arcade.games.grenade.search import determinize
from arcade.games.rng import Rng

# A fixed wheel for hand-made positions: places 0..7 hold spades A,2,3,Joker,4,5,6,7.
WHEEL = (1, 2, 3, JOKER, 4, 5, 6, 7)


def table(dice, roll, hearts=((1,), (2,), (3,), (4,)), blown=(), current=0, wheel=WHEEL) -> GrenadeState:
    """A position laid out by hand: ``dice`` as (place, pips) x3, ``blown`` places, ``hearts`` per seat."""
    s = RULES.initial_state(0, len(hearts))
    return replace(s, wheel=wheel, blown=tuple(p in blown for p in range(8)), dice=tuple(dice), roll=roll,
                   hearts=tuple(hearts), current=current, history=(), events=())


def play(s, die):
    return RULES.apply(s, s.current, Throw(die))


def names(events):
    return [e[0] for e in events]


# --- Components and Setup ----------------------------------------------------------------------------------------


def test_registered_with_the_contract_names():
    assert REGISTRY["grenade"] is RULES
    assert (RULES.min_players, RULES.max_players) == (2, 6)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup_deals_hidden_hearts_lays_a_wheel_and_puts_three_dice_on_the_first_spade(players):
    s = RULES.initial_state(5, players)
    assert sorted(s.wheel) == [JOKER, 1, 2, 3, 4, 5, 6, 7]  # seven spades and the Joker
    per = 2 if players == 2 else 1
    dealt = [h for hs in s.hearts for h in hs]
    assert all(len(hs) == per for hs in s.hearts)
    assert len(set(dealt)) == len(dealt) and set(dealt) <= set(range(1, 8))
    first = 1 if s.wheel[0] == JOKER else 0
    assert s.dice == ((first, 1),) * 3
    assert not any(s.blown) and 1 <= s.roll <= 6
    assert not RULES.is_over(s) and RULES.to_act(s) == {s.current}


def test_dice_start_after_the_joker_when_it_was_laid_first():
    seeds = [seed for seed in range(300) if RULES.initial_state(seed, 4).wheel[0] == JOKER]
    assert seeds, "some shuffle lays the Joker first"
    for seed in seeds[:5]:
        s = RULES.initial_state(seed, 4)
        assert s.dice == ((1, 1),) * 3 and s.wheel[1] != JOKER


def test_shuffles_and_first_player_come_from_the_seed():
    states = [RULES.initial_state(seed, 4) for seed in range(60)]
    assert len({s.wheel for s in states}) > 40
    assert len({s.hearts for s in states}) > 10
    assert {s.current for s in states} == {0, 1, 2, 3}
    assert {s.roll for s in states} == {1, 2, 3, 4, 5, 6}
    assert RULES.checksum(RULES.initial_state(9, 4)) == RULES.checksum(RULES.initial_state(9, 4))


def test_seven_players_only_as_an_option_and_then_every_spade_is_somebodys():
    with pytest.raises(ValueError):
        RULES.initial_state(1, 7)
    for bad in (1, 8):
        with pytest.raises(ValueError):
            RULES.initial_state(1, bad, seven=True)
    s = RULES.initial_state(1, 7, seven=True)
    assert sorted(h for hs in s.hearts for h in hs) == [1, 2, 3, 4, 5, 6, 7]
    while not RULES.is_over(s):  # a 7-player game plays to the end
        s = play(s, random_choose(None, RULES.legal_actions(s, s.current), Rng(len(s.history))).die)
    assert len(RULES.scores(s)) == 7


def test_unknown_option_is_refused():
    with pytest.raises(ValueError):
        RULES.initial_state(1, 4, sevens=True)


# --- Turn ----------------------------------------------------------------------------------------------------------


def test_the_black_die_is_rolled_for_the_next_player_and_shown():
    s = RULES.initial_state(3, 4)
    assert ("roll", s.current, s.roll) in s.events
    rolls = set()
    for _ in range(40):
        if RULES.is_over(s):
            break
        before = s.current
        s = play(s, 0)
        if not RULES.is_over(s):
            assert s.current != before
            assert s.events[-1] == ("roll", s.current, s.roll)
            rolls.add(s.roll)
    assert len(rolls) >= 4


def test_the_black_die_is_a_fair_six_sided_die_on_every_turn():
    """"1. Roll the black die." (a six-sided die): on every turn, the first and every later one, each face comes up
    about 1 time in 6, and a roll does not depend on the one before."""
    first = [0] * 7
    later = [0] * 7
    pairs = set()
    for seed in range(400):
        s = RULES.initial_state(seed, 4)
        first[s.roll] += 1
        prev = s.roll
        for turn in range(12):
            if RULES.is_over(s):
                break
            s = play(s, turn % 3)
            if RULES.is_over(s):
                break
            assert s.history[-1].roll == prev  # the move went as far as the roll shown
            later[s.roll] += 1
            pairs.add((prev, s.roll))
            prev = s.roll
    n = sum(later)
    assert n > 3000
    for face in range(1, 7):  # binomial: sd ~ 21 for n = 3000, the bound is over 5 sd
        assert abs(6 * later[face] - n) <= 6 * n // 25, (face, later)
        assert 400 // 6 - 35 <= first[face] <= 400 // 6 + 35, (face, first)
    assert later[0] == first[0] == 0 and len(pairs) == 36


def test_the_player_chooses_any_of_the_three_white_dice_and_only_they_may():
    s = table([(0, 1), (4, 2), (6, 3)], roll=2)
    assert RULES.legal_actions(s, 0) == (Throw(0), Throw(1), Throw(2))
    assert RULES.legal_actions(s, 1) == ()
    with pytest.raises(IllegalAction):
        RULES.apply(s, 1, Throw(0))
    with pytest.raises(IllegalAction):
        RULES.apply(s, 0, Throw(3))
    assert [play(s, d).dice for d in range(3)] == [
        ((2, 2), (4, 2), (6, 3)),
        ((0, 1), (6, 3), (6, 3)),
        ((0, 1), (4, 2), (0, 4)),  # clockwise around the wheel: 6 -> 7 -> 0
    ]


def test_a_move_raises_the_moved_die_by_one_pip():
    s = play(table([(0, 1), (0, 1), (0, 1)], roll=1), 1)
    assert s.dice == ((0, 1), (1, 2), (0, 1))
    assert s.history == (Move(0, 1, 1, 0, 1),)


def test_blown_up_cards_are_skipped_when_counting_but_the_joker_counts():
    # places 1 and 2 are blown; from place 0, four places: (skip 1, 2) 3=Joker, 4, 5, 6
    s = table([(0, 1), (7, 1), (7, 1)], roll=4, blown=(1, 2))
    assert play(s, 0).dice[0] == (6, 2)
    # landing exactly on the Joker: it is a place like any other
    s = table([(0, 1), (7, 1), (7, 1)], roll=1, blown=(1, 2))
    assert play(s, 0).dice[0][0] == 3


def test_stopping_on_the_joker_raises_every_die_once():
    s = table([(1, 2), (5, 3), (6, 1)], roll=2)
    after = play(s, 0)
    assert after.dice == ((3, 3), (5, 4), (6, 2))  # the moved die too, once only
    assert "raise_all" in names(after.events)


def test_a_die_reaching_six_blows_the_card_up_and_every_die_on_it_goes_to_the_next_face_up_spade():
    # die 0 (5 pips) moves 1 place onto the 2 (place 1) where die 1 sits at 2 pips; place 2 is already blown
    s = table([(0, 5), (1, 2), (6, 1)], roll=1, blown=(2,), hearts=((7,), (5,), (6,), (4,)))
    after = play(s, 0)
    assert after.blown[1] and after.blown[2]
    # next face-up spade after place 1: place 2 blown, place 3 the Joker (not a spade): place 4
    assert after.dice == ((4, 1), (4, 1), (6, 1))
    assert ("blown", 1, 2) in after.events
    assert not any(after.out_move)  # the 2 of spades was a decoy: nobody is out


def test_a_die_reaching_six_on_the_joker_does_not_blow_it_up():
    s = table([(2, 5), (0, 1), (0, 1)], roll=1)  # die 0 at 5 pips steps onto the Joker (place 3)
    after = play(s, 0)
    assert not any(after.blown)
    assert after.dice == ((4, 1), (0, 2), (0, 2))  # reset to 1 on the next spade; the others were raised


def test_several_dice_exploding_at_once_are_resolved_clockwise_from_the_joker_in_a_chain():
    # Worked example. Dice showing 5 on the 7 (place 7) and on the 4 (place 4); die 2 at 1 pip moves onto the Joker.
    # Every die is raised: both 5s explode. Clockwise from the Joker the 4 goes first: its die goes to the 5 (place 5).
    # Then the 7: its die goes on round the wheel to the A (place 0).
    s = table([(7, 5), (4, 5), (1, 1)], roll=2, hearts=((7,), (4,), (6,), (2,)))
    after = play(s, 2)
    blown_order = [e[1] for e in after.events if e[0] == "blown"]
    assert blown_order == [4, 7]
    assert after.dice == ((0, 1), (5, 1), (3, 2))
    assert after.revealed[0] == (7,) and after.revealed[1] == (4,)
    assert after.out_move[0] == after.out_move[1] == 1
    assert not RULES.is_over(after)  # seats 2 and 3 are still in
    assert after.current == 2  # the mover (seat 0) is out; play passes clockwise


def test_a_reset_die_landing_on_a_card_that_explodes_next_is_sent_on_again():
    # dice showing 5 on the 5 (place 5) and on the 6 (place 6); the Joker raises both: the 5 explodes first and its
    # die lands on the 6, which explodes next: both dice end on the 7 (place 7)
    s = table([(5, 5), (6, 5), (2, 1)], roll=1, hearts=((1,), (2,), (3,), (4,)))
    after = play(s, 2)
    assert [e[1] for e in after.events if e[0] == "blown"] == [5, 6]
    assert after.dice[0] == (7, 1) and after.dice[1] == (7, 1)


def test_resets_skip_blown_cards_and_the_joker():
    # the 3 (place 2) explodes; place 3 is the Joker, 4 and 5 are blown: next face-up spade is place 6
    s = table([(1, 5), (0, 1), (0, 1)], roll=1, blown=(4, 5), hearts=((1,), (2,), (6,), (7,)))
    after = play(s, 0)
    assert after.dice[0] == (6, 1)


def test_the_table_is_told_each_step_of_a_move_in_order():
    """The table animates a move from its events: "move the die, raise it one pip" (Turn 2-3) and, when it reaches 6,
    "the card under it is blown up ... every die that was on that card is reset to 1 on the next face-up spade"."""
    plain = play(table([(0, 1), (4, 2), (6, 3)], roll=2), 1)
    assert plain.events[:2] == (("move", 0, 1, 4, 6), ("raise", 1, 3))
    boom = play(table([(0, 5), (1, 2), (6, 1)], roll=1, blown=(2,), hearts=((7,), (5,), (6,), (4,))), 0)
    assert boom.events[:6] == (("move", 0, 0, 0, 1), ("raise", 0, 6), ("explode", 0, 1), ("blown", 1, 2),
                               ("reset", 0, 4), ("reset", 1, 4))
    joker = play(table([(2, 5), (0, 1), (0, 1)], roll=1), 0)
    assert joker.events[:4] == (("move", 0, 0, 2, 3), ("raise_all",), ("explode", 0, 3), ("reset", 0, 4))


def test_a_die_at_six_on_the_joker_does_not_stop_the_others_exploding():
    """"If several dice explode at once (the Joker), resolve them clockwise from the Joker" and "A die that reaches
    6 on the Joker does not blow the Joker up: it is reset to 1 on the next face-up spade" (the others still blow)."""
    # die 0 showing 5 steps onto the Joker (place 3); die 1 shows 5 on the 5 (place 5): both reach 6
    after = play(table([(2, 5), (5, 5), (0, 1)], roll=1, hearts=((1,), (6,), (7,), (2,))), 0)
    assert after.blown == (False,) * 5 + (True, False, False)  # the 5 blows, the Joker stays
    assert after.dice == ((4, 1), (6, 1), (0, 2))  # die 0 to the 4 (after the Joker), die 1 on to the 6
    assert [e for e in after.events if e[0] in ("explode", "blown")] == [
        ("explode", 0, 3), ("explode", 1, 5), ("blown", 5, 5)]


def test_a_reset_goes_round_the_wheel_to_the_last_spade_left_before_the_blown_one():
    """"Every die that was on that card is reset to 1 on the next face-up spade clockwise", however far round."""
    # every card but the A (place 0) and the 7 (place 7) is blown; a die showing 5 moves from the 7 onto the A
    s = table([(7, 5), (7, 1), (7, 1)], roll=1, blown=(1, 2, 4, 5, 6), hearts=((2,), (3,), (4,), (5,)))
    after = play(s, 0)
    assert after.blown[0] and after.dice[0] == (7, 1)  # the only face-up spade left is the 7, seven places on


def test_the_deal_is_announced_to_the_table():
    """"Setup": the table shows the deal, the wheel as laid and the first roll, in that order."""
    for players in (2, 4):
        s = RULES.initial_state(6, players)
        assert s.events == (("deal", players), ("wheel", s.wheel), ("roll", s.current, s.roll))


def test_the_last_two_spades_blowing_together_leave_the_dice_on_the_joker():
    """"If the last two are eliminated by the same move (the Joker), the game is a draw": when that move blows up the
    last face-up spades there is no next spade to reset the dice to; they stay on the Joker and the game ends."""
    s = table([(0, 5), (7, 5), (0, 1)], roll=1, blown=(1, 2, 4, 5, 6), hearts=((1,), (7,), (2,)), current=0)
    s = replace(s, out_move=(0, 0, 1), revealed=((), (), (2,)), history=(Move(2, 1, 0, 0, 1),))
    end = play(s, 2)  # die 2 steps onto the Joker: the 7 blows (its die goes to the A), then the A
    assert end.blown == (True,) * 3 + (False,) + (True,) * 4
    assert end.winners == (0, 1) and end.dice == ((3, 1), (3, 1), (3, 2))  # the mover shows 2 on the Joker


def test_when_the_game_is_over_no_die_is_rolled_and_nobody_plays():
    s = table([(0, 5), (0, 1), (0, 1)], roll=1, hearts=((5,), (2,)), current=0)
    end = play(s, 0)
    assert end.winners == (0,) and end.roll == 0 and not any(e[0] == "roll" for e in end.events)
    assert RULES.view(end, 1).winners == (0,) and RULES.view(end, 1).roll == 0


# --- Elimination and winning ---------------------------------------------------------------------------------------


def test_blowing_up_a_players_spade_reveals_their_heart_and_they_are_out():
    s = table([(0, 5), (0, 1), (0, 1)], roll=1, hearts=((7,), (2,), (3,), (4,)), current=0)
    after = play(s, 0)  # blows the 2 (place 1): seat 1's heart
    assert after.revealed[1] == (2,) and after.out_move[1] == 1
    assert ("reveal", 1, 2) in after.events and ("out", 1) in after.events
    assert after.current == 2  # the eliminated seat is skipped
    assert RULES.view(after, 3).revealed[1] == (2,)
    assert RULES.scores(after) == (1, 0, 1, 1)


def test_an_eliminated_player_never_plays_again():
    s = table([(0, 5), (0, 1), (0, 1)], roll=1, hearts=((7,), (6,), (2,), (4,)), current=1)
    after = play(s, 0)  # seat 1 blows the 2: seat 2 out
    assert after.current == 3
    assert RULES.legal_actions(after, 2) == ()


def test_two_players_have_two_lives():
    s = table([(0, 5), (4, 1), (5, 1)], roll=1, hearts=((2, 3), (6, 7)), current=1)
    after = play(s, 0)  # seat 1 blows the 2: seat 0 loses a life, shows that heart and plays on
    assert after.revealed[0] == (2,) and after.out_move[0] == 0
    assert after.current == 0 and not RULES.is_over(after)
    assert RULES.view(after, 1).revealed[0] == (2,)
    assert RULES.view(after, 1).hearts[0] == ()  # the other heart stays hidden
    # later, a die showing 5 one place (the blown 2 skipped) before the 3: seat 0's second spade
    again = replace(after, current=1, roll=1, dice=((0, 5), (4, 1), (5, 1)))
    last = play(again, 0)
    assert last.revealed[0] == (2, 3) and last.out_move[0] == 2 and last.winners == (1,)
    assert RULES.is_over(last) and RULES.to_act(last) == frozenset()
    assert RULES.scores(last) == (0, 1)


def test_last_player_standing_wins_and_the_game_shows_every_heart():
    s = table([(0, 5), (0, 1), (0, 1)], roll=1, hearts=((5,), (2,)), current=0)
    end = play(s, 0)
    assert end.winners == (0,) and ("win", 0) in end.events
    assert RULES.view(end, None).hearts == ((5,), (2,))
    assert RULES.scores(end) == (1, 0)


def test_last_two_eliminated_by_the_same_move_is_a_draw():
    # seat 2 went out earlier with the A; seats 0 (the 7) and 1 (the 4) both have a die showing 5 on their spade
    s = table([(7, 5), (4, 5), (1, 1)], roll=2, hearts=((7,), (4,), (1,)), blown=(0,), current=0)
    s = replace(s, out_move=(0, 0, 1), revealed=((), (), (1,)), history=(Move(2, 1, 0, 7, 0),))
    end = play(s, 2)  # onto the Joker: the 4 and the 7 explode together
    assert end.winners == (0, 1) and ("draw", (0, 1)) in end.events
    assert RULES.scores(end) == (1, 1, 0)
    assert RULES.is_over(end) and RULES.to_act(end) == frozenset()


# --- View, hidden information, encoding ----------------------------------------------------------------------------


def test_view_shows_only_the_seats_own_hearts():
    s = RULES.initial_state(4, 4)
    for seat in range(4):
        v = RULES.view(s, seat)
        assert v.hearts[seat] == s.hearts[seat]
        assert all(v.hearts[p] == () for p in range(4) if p != seat)
        assert v.wheel == s.wheel and v.dice == s.dice and v.roll == s.roll
    assert all(h == () for h in RULES.view(s, None).hearts)


def test_sample_hidden_keeps_reveals_and_the_viewers_hearts():
    s = table([(0, 5), (0, 1), (0, 1)], roll=1, hearts=((7,), (2,), (3,), (4,)))
    s = play(s, 0)  # seat 1 out with the 2
    rng = Rng(5)
    seen = set()
    for _ in range(30):
        other = sample_hidden(s, 0, rng)
        rng = Rng(rng.next64()[0])
        assert RULES.view(other, 0) == RULES.view(s, 0)
        assert other.hearts[1] == (2,) and other.hearts[0] == (7,)
        assert 2 not in other.hearts[2] + other.hearts[3]
        seen.add(other.hearts)
    assert len(seen) > 3


def test_actions_encode_describe_and_junk_is_refused():
    for d in range(3):
        assert RULES.decode_action(RULES.encode_action(Throw(d))) == Throw(d)
        assert describe_action(Throw(d)) == f"move grenade {d + 1}"
    assert "17" in describe_action(17)  # anything else is shown as it is, never as "None"
    for junk in (-1, 3, 400):
        with pytest.raises(IllegalAction, match=str(junk)):
            RULES.decode_action(junk)
    for junk in (Throw(3), Throw(-1), 2, "Throw(1)"):
        with pytest.raises(IllegalAction, match="not a grenade action"):
            RULES.encode_action(junk)


def test_refusals_say_what_was_wrong():
    """A refused setup or move names the problem (the lobby and the log show the message)."""
    with pytest.raises(ValueError, match="2-6 players, not 8"):
        RULES.initial_state(1, 8)
    with pytest.raises(ValueError, match="2-7 players, not 8"):
        RULES.initial_state(1, 8, seven=True)
    with pytest.raises(ValueError, match="unknown options for grenade: \\['colour'\\]"):
        RULES.initial_state(1, 4, colour=1)
    s = RULES.initial_state(1, 4)
    other = (s.current + 1) % 4
    with pytest.raises(IllegalAction, match=f"not legal for seat {other}"):
        RULES.apply(s, other, Throw(0))


def test_a_running_game_shows_its_current_player_and_no_winner_yet():
    s = RULES.initial_state(2, 3)
    assert s.winners == () and RULES.checksum(s) != RULES.checksum(replace(s, roll=s.roll % 6 + 1))
    for _ in range(3):
        v = RULES.view(s, s.current)
        assert v.current == s.current and v.winners == () and v.events == s.events and v.events
        s = play(s, 0)
    assert s.winners == () or RULES.is_over(s)


def test_sample_hidden_for_a_spectator_and_for_two_players():
    """Re-dealing keeps every card a real heart (A-7, never the Joker), each heart once, two each with two players
    ("Setup": "deal one face down to each player (two each in a 2-player game)")."""
    for players in (2, 3, 4):
        s = RULES.initial_state(11, players)
        rng = Rng(3)
        seen = set()
        for _ in range(40):
            for seat in (None, 0):
                other = sample_hidden(s, seat, rng)
                rng = Rng(rng.next64()[0])
                dealt = [h for hs in other.hearts for h in hs]
                assert len(set(dealt)) == len(dealt) and set(dealt) <= set(range(1, 8))
                assert all(len(hs) == (2 if players == 2 else 1) for hs in other.hearts)
                if seat == 0:
                    assert other.hearts[0] == s.hearts[0]
                seen.add(other.hearts[0])
        assert len(seen) > 3  # a spectator's re-deal moves seat 0's hearts too
    # a blown spade nobody revealed was a discard: it is never re-dealt to anybody
    s = table([(0, 5), (0, 1), (0, 1)], roll=1, hearts=((7,), (3,), (5,), (4,)))
    s = play(s, 0)  # the 2 (place 1) blows: a decoy
    for k in range(30):
        assert all(2 not in hs for hs in sample_hidden(s, None, Rng(k)).hearts)


def test_apply_never_mutates_and_is_deterministic():
    s = RULES.initial_state(8, 3)
    c = RULES.checksum(s)
    a = play(s, 1)
    b = play(s, 1)
    assert RULES.checksum(s) == c and a == b


# --- The bot -------------------------------------------------------------------------------------------------------


def test_bot_does_not_blow_up_its_own_spade_when_another_grenade_is_safe():
    # die 0 showing 5 would land on the A (seat 0's own heart); the others are harmless
    s = table([(7, 5), (4, 1), (5, 1)], roll=1, hearts=((1,), (2,), (3,), (4,)))
    for level in ("normal", "hard"):
        for k in range(10):
            a = choose(RULES.view(s, 0), RULES.legal_actions(s, 0), Rng(k), level)
            assert a.die != 0


def test_bot_blows_up_an_opponents_known_spade_to_win():
    # two players left; seat 1's spade is the 2 (place 1), die 0 showing 5 reaches it with the roll
    s = table([(0, 5), (5, 1), (6, 1)], roll=1, hearts=((7,), (2,)))
    a = choose(RULES.view(s, 0), RULES.legal_actions(s, 0), Rng(1), "hard")
    assert a == Throw(0)


def _spared_moments():
    """Positions right after a player could have blown up a spade with one grenade and moved another, blowing
    nothing up: (state, mover, place of the spared spade)."""
    from arcade.games.grenade import resolve_throw
    for seed in range(200):
        s = RULES.initial_state(seed, 4)
        while not RULES.is_over(s):
            seat = s.current
            outcomes = [resolve_throw(s.wheel, s.blown, s.dice, d, s.roll)[2] for d in range(3)]
            a = random_choose(None, RULES.legal_actions(s, seat), decision_rng(seed, seat, len(s.history)))
            after = RULES.apply(s, seat, a)
            if not outcomes[a.die] and not RULES.is_over(after):
                for newly in outcomes:
                    if len(newly) == 1 and s.wheel[newly[0]] not in s.hearts[seat]:
                        yield after, seat, newly[0]
            s = after


def test_bot_reads_identities_from_the_public_history():
    """A player who could have blown a spade up and did not looks like its owner (to the other seats)."""
    checked = 0
    for s, mover, place in _spared_moments():
        rank = s.wheel[place]
        for seat in range(4):
            if seat == mover or s.out_move[seat] or rank in s.hearts[seat]:
                continue
            v = RULES.view(s, seat)
            read = spade_beliefs(v, read_history=True)
            blind = spade_beliefs(v, read_history=False)
            others = [p for p in range(8) if blind[p] and p != place]
            assert read[place] * len(others) > sum(read[p] for p in others) or not others
            checked += 1
        if checked >= 12:
            break
    assert checked >= 12


def test_bot_lands_on_its_own_spade_when_it_is_harmless():
    """Not obvious: the bot does not keep every grenade away from its own spade."""
    own_stops = moves = 0
    for seed in range(12):
        s = RULES.initial_state(seed, 4)
        while not RULES.is_over(s):
            seat = s.current
            a = choose(RULES.view(s, seat), RULES.legal_actions(s, seat), decision_rng(seed, seat, len(s.history)),
                       "normal")
            s = RULES.apply(s, seat, a)
            moves += 1
            if s.wheel[s.history[-1].stop] in s.hearts[seat]:
                own_stops += 1
    assert own_stops * 15 > moves  # over 1 move in 15 (random players: about 1 in 5; a spade is 1/8 of the wheel)


def test_bot_decides_fast_and_only_from_its_view(pace):
    """The heuristic levels: same view (every hidden heart re-dealt consistently with it), same decision; fast."""
    worst = 0.0
    for seed in range(6):
        s = RULES.initial_state(seed, 4)
        while not RULES.is_over(s):
            v = RULES.view(s, s.current)
            legal = RULES.legal_actions(s, s.current)
            for level in ("easy", "normal"):
                t0 = time.process_time()  # CPU time: other programs loading the machine do not count
                a = choose(v, legal, decision_rng(seed, s.current, len(s.history)), level)
                worst = max(worst, time.process_time() - t0)
                other = sample_hidden(s, s.current, Rng(len(s.history)))
                assert choose(RULES.view(other, s.current), legal, decision_rng(seed, s.current, len(s.history)),
                              level) == a
            s = RULES.apply(s, s.current, a)
    assert worst < pace.cpu(0.05), pace  # the target is 20 ms; generous, and scaled by the run's measured pace


def test_hard_searches_only_the_view():
    """"hard": its determinizations are built from the view alone (two states with the same view give the same
    determinizations and the same move), each one consistent with that view."""
    for seed in (3, 4):
        s = RULES.initial_state(seed, 4)
        for _ in range(5):
            s = play(s, len(s.history) % 3)
        if RULES.is_over(s):
            continue
        seat = s.current
        other = sample_hidden(s, seat, Rng(99))
        view = RULES.view(s, seat)
        assert RULES.view(other, seat) == view
        for k in range(20):
            det = determinize(view, Rng(k))
            assert det == determinize(RULES.view(other, seat), Rng(k))
            assert RULES.view(det, seat) == replace(view, events=())
        rng = decision_rng(seed, seat, len(s.history))
        legal = RULES.legal_actions(s, seat)
        assert choose(view, legal, rng, "hard") == choose(RULES.view(other, seat), legal, rng, "hard")


def test_hard_given_the_true_deal_blows_up_the_spade_that_deal_makes_an_opponent_s():
    """tools/grenade_ceiling.py measures hard "seeing every heart" by handing the search the true deal: the search
    then follows that deal. Roll 1, grenades showing 5 one place before the 2 and before the 4: it blows up the 2 when
    the 2 is an opponent's heart and the 4 a discard, the 4 in the other deal."""
    from arcade.games.grenade.search import search
    s = RULES.initial_state(1, 4)
    s = replace(s, wheel=(1, 2, 3, 4, 5, 6, 7, JOKER), blown=(False,) * 8, dice=((0, 5), (2, 5), (4, 1)),
                hearts=((7,), (2,), (1,), (3,)), current=0, roll=1, history=(), out_move=(0,) * 4,
                revealed=((),) * 4)
    view = RULES.view(s, 0)
    legal = RULES.legal_actions(s, 0)
    assert search(view, legal, Rng(5), deals=[(s.hearts, 1)]) == Throw(0)  # stops on the 2 at 6 pips
    assert search(view, legal, Rng(5), deals=[(((7,), (4,), (1,), (3,)), 1)]) == Throw(1)  # on the 4


def test_with_four_players_left_hard_takes_a_grenade_off_its_own_spade_rather_than_stack_one_on_it():
    """Losing its spade costs a seat about 1/4 of a win when four are left; blowing up an opponent's gains 1/12. Here
    my spade (the 4 of spades, place 0) holds a grenade showing 3 and the black die shows 2: the grenade on the
    Joker (3 pips) would land on my spade showing 4, next to the 3 (what "normal" plays, and "hard" with its own
    spade weighing one opponent's); the grenade on my spade can leave it instead. Hard leaves it with most
    generators (the search samples worlds: 6 of 8 when written; never with the first weights)."""
    s = RULES.initial_state(905, 4)
    s = replace(s, wheel=(4, 3, 7, 1, 2, 5, JOKER, 6), dice=((0, 3), (6, 4), (6, 3)), roll=2, current=2,
                hearts=((3,), (7,), (4,), (1,)), history=(), events=())
    view, legal = RULES.view(s, 2), RULES.legal_actions(s, 2)
    assert choose(view, legal, Rng.from_seed(0), "normal") == Throw(2)
    off = sum(choose(view, legal, Rng.from_seed(i), "hard") == Throw(0) for i in range(8))
    assert off >= 5, off


@pytest.mark.slow
def test_hard_wins_more_than_normal_on_a_small_seeded_sample():
    """Issue #18: "hard" (information-set search at its real budget, ``search.WORLDS``) wins more than "normal" head
    to head, as tools/ladder.py seats them: four players, two seats a level, alternating. Every one of 24 seeded deals
    is played twice, the levels swapping seats, so the luck of the deal cancels; a shared win is split. Hard's edge is
    small (the ladder measures 60.2 %, quoted in arcade.games.grenade.bot), so this guards against a broken search
    (one that ignores its own spade or plays at random wins far fewer; "hard" playing exactly as "normal" scores
    exactly 24, one game per deal), not for the 60 % target: 30 of 48 now, 29 with the first weights (48 games cannot
    tell 55 % from 60 %)."""
    hard = 0.0
    deals = range(500, 524)
    for seed in deals:
        for swap in (0, 1):
            s = RULES.initial_state(seed, 4)
            level = ["hard" if (p + swap) % 2 == 0 else "normal" for p in range(4)]
            while not RULES.is_over(s):
                seat = s.current
                a = choose(RULES.view(s, seat), RULES.legal_actions(s, seat),
                           decision_rng(seed, seat, len(s.history)), level[seat])
                s = RULES.apply(s, seat, a)
            hard += sum(level[p] == "hard" for p in s.winners) / len(s.winners)
    assert hard > len(deals), hard  # more than half of the 2 x 24 games


def test_bot_beats_random_players():
    """Regression guard (tools/arena_grenade.py runs the full 200-game figure, >= 40% asked)."""
    games, wins2 = 40, 0
    for g in range(games):
        bot = g % 4
        s = RULES.initial_state(7000 + g, 4)
        while not RULES.is_over(s):
            seat = s.current
            rng = decision_rng(g, seat, len(s.history))
            legal = RULES.legal_actions(s, seat)
            a = choose(RULES.view(s, seat), legal, rng, "normal") if seat == bot else random_choose(None, legal, rng)
            s = RULES.apply(s, seat, a)
        if bot in s.winners:
            wins2 += 2 if len(s.winners) == 1 else 1
    assert wins2 / 2 >= 0.35 * games
