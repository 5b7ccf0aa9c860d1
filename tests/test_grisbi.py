"""Grisbi: cards, scoring (with the rulebook's worked example), the 60 Hz simulation, views and bots
(rules/grisbi.md)."""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter

import pytest

from arcade.games import REGISTRY
from arcade.games.base import RealTimeSimulation
from arcade.games.bots import BotSeat, random_inputs
from arcade.games.grisbi import (CARDS, RULES, Bot, RoundScore, describe_action, sample_hidden, score_round)
from arcade.games.rng import Rng
from netplay.synctest import run_sync_test
from tool_helpers import load_tool

POLICE_OBJECTS = ("handcuffs", "police car", "dog", "security camera")
ROBBER_OBJECTS = ("pincers", "keys", "gun", "dynamite")
OWN = {"robbers": ROBBER_OBJECTS, "police": POLICE_OBJECTS}
OPP = {"robbers": POLICE_OBJECTS, "police": ROBBER_OBJECTS}
TEAMS = ("robbers", "police")


def deck(team):
    return [c for c in CARDS if c.team == team]


def row(card, team):
    return card.robber_hooks if team == "robbers" else card.police_hooks


def fits(card, previous):
    """The rules file's test of an Action card (or a Stop) laid on ``previous``, written from the card data."""
    objs = card.objects if card.kind == "stop" else (card.main,)
    return any(o in row(previous, card.team) for o in objs)


# --- Components ------------------------------------------------------------------------------------------------------


def test_every_card_has_its_index_as_id_and_the_decks_have_the_rulebook_composition():
    assert [c.id for c in CARDS] == list(range(len(CARDS)))
    assert len(CARDS) == 2 * 52 + 5
    for team in TEAMS:
        kinds = Counter(c.kind for c in deck(team))
        assert kinds == {"action": 40, "deny": 8, "stop": 4}
    locations = [c for c in CARDS if c.kind == "location"]
    assert sorted(c.name for c in locations) == sorted(["Bank", "Jewellery", "Museum", "Casino", "Armoured Truck"])
    for c in locations:
        assert c.team is None and c.main is None and c.points == 0 and c.objects == ()


@pytest.mark.parametrize("team", TEAMS)
def test_action_cards_are_ten_per_own_object_five_ones_three_twos_two_threes(team):
    actions = [c for c in deck(team) if c.kind == "action"]
    for obj in OWN[team]:
        points = sorted(c.points for c in actions if c.main == obj)
        assert points == [1] * 5 + [2] * 3 + [3] * 2
    assert {c.main for c in actions} == set(OWN[team])
    assert sum(c.points for c in actions) == 68


def test_hooked_cards_show_two_different_police_and_two_different_robber_objects():
    for c in CARDS:
        if c.kind == "stop":
            assert c.police_hooks == () and c.robber_hooks == ()
            continue
        assert len(set(c.police_hooks)) == 2 and set(c.police_hooks) <= set(POLICE_OBJECTS)
        assert len(set(c.robber_hooks)) == 2 and set(c.robber_hooks) <= set(ROBBER_OBJECTS)
        assert c.objects == ()


@pytest.mark.parametrize("team", TEAMS)
def test_the_six_hook_pairs_of_each_row_are_spread_evenly_over_the_deck(team):
    hooked = [c for c in deck(team) if c.kind in ("action", "deny")]
    actions = [c for c in hooked if c.kind == "action"]
    for hooks in (lambda c: c.police_hooks, lambda c: c.robber_hooks):
        per_pair = Counter(frozenset(hooks(c)) for c in hooked)
        assert len(per_pair) == 6 and set(per_pair.values()) == {8}
        per_pair_actions = Counter(frozenset(hooks(c)) for c in actions)
        assert len(per_pair_actions) == 6
        assert max(per_pair_actions.values()) - min(per_pair_actions.values()) <= 1


@pytest.mark.parametrize("team", TEAMS)
def test_deny_cards_show_each_opponent_object_twice_and_are_worth_nothing(team):
    denies = [c for c in deck(team) if c.kind == "deny"]
    assert Counter(c.main for c in denies) == {o: 2 for o in OPP[team]}
    assert all(c.points == 0 for c in denies)


@pytest.mark.parametrize("team", TEAMS)
def test_stops_cover_the_four_own_objects_twice_with_no_pair_twice(team):
    stops = [c for c in deck(team) if c.kind == "stop"]
    assert Counter(o for c in stops for o in c.objects) == {o: 2 for o in OWN[team]}
    pairs = [frozenset(c.objects) for c in stops]
    assert len(set(pairs)) == 4 and all(len(p) == 2 for p in pairs)
    assert all(c.main is None and c.points == 0 for c in stops)


# --- End of round (scoring) ------------------------------------------------------------------------------------------


def pick(used, pred):
    for c in CARDS:
        if c.id not in used and pred(c):
            used.add(c.id)
            return c
    raise LookupError("no such card")


def action(team, **kw):
    def pred(c):
        return c.team == team and c.kind == "action" and all(f(c) for f in kw.values())
    return pred


def test_the_rulebook_worked_example():
    """Robbers, 2 players, target 16, Robbers closed: 4 points < 16, the Police win."""
    used: set[int] = set()
    loc = pick(used, lambda c: c.kind == "location")
    p1 = pick(used, action("police"))
    r1 = pick(used, action("robbers", a=lambda c: c.points == 1, b=lambda c: c.main in p1.robber_hooks))
    r2 = pick(used, action("robbers", a=lambda c: c.points == 2, b=lambda c: c.main in r1.robber_hooks))
    r3 = pick(used, action("robbers", a=lambda c: c.main not in r2.robber_hooks))
    r4 = pick(used, action("robbers", a=lambda c: c.main in r3.robber_hooks))
    pd = pick(used, lambda c: c.team == "police" and c.kind == "deny" and c.main == r4.main)
    p2 = pick(used, action("police"))
    p3 = pick(used, action("police", a=lambda c: c.main == "dog"))
    rd = pick(used, lambda c: c.team == "robbers" and c.kind == "deny" and c.main == "security camera")
    p4 = pick(used, action("police"))
    r5 = pick(used, action("robbers", a=lambda c: c.points == 1, b=lambda c: c.main in p4.robber_hooks))
    rs = pick(used, lambda c: c.team == "robbers" and c.kind == "stop" and fits(c, r5))
    pile = [loc, p1, r1, r2, r3, r4, pd, p2, p3, rd, p4, r5, rs]

    score = score_round(pile, "robbers", 16)

    assert score.verdicts == ("location", "opponent's", "correct", "correct", "wrong", "cancelled", "opponent's",
                              "opponent's", "opponent's", "wrong", "opponent's", "correct", "stop correct")
    assert score.points == 4
    assert score.winner == "police"
    assert score.closing_team == "robbers"
    # the same pile as ids scores the same
    assert score_round([c.id for c in pile], "robbers", 16) == score
    # with a target of 4 the Robbers would have won it
    assert score_round(pile, "robbers", 4).winner == "robbers"


def chain(team, start, n, used=None, points=None):
    """``n`` cards of ``team`` each correct on the one before, starting on ``start`` (a greedy walk)."""
    used = set() if used is None else used
    out, prev = [], start
    for _ in range(n):
        c = pick(used, action(team, a=lambda c, prev=prev: c.main in row(prev, team),
                              b=lambda c: points is None or c.points == points))
        out.append(c)
        prev = c
    return out


def test_a_wrong_stop_gives_the_other_team_the_round_even_above_the_target():
    used: set[int] = set()
    loc = CARDS[-1]
    cards = chain("police", loc, 5, used, points=3)  # 15 points, all correct
    wrong_stop = pick(used, lambda c: c.team == "police" and c.kind == "stop" and not fits(c, cards[-1]))
    score = score_round([loc, *cards, wrong_stop], "police", 10)
    assert score.points == 15
    assert score.verdicts[-1] == "stop wrong"
    assert score.winner == "robbers"
    right_stop = pick(used, lambda c: c.team == "police" and c.kind == "stop" and fits(c, cards[-1]))
    assert score_round([loc, *cards, right_stop], "police", 10).winner == "police"
    assert score_round([loc, *cards, right_stop], "police", 16).winner == "robbers"  # 15 < 16


def test_a_correct_deny_cancels_the_action_card_it_covers_and_a_wrong_one_does_not():
    used: set[int] = set()
    loc = CARDS[-1]
    r = chain("robbers", loc, 1, used, points=3)[0]
    right_deny = pick(used, lambda c: c.team == "police" and c.kind == "deny" and c.main == r.main)
    wrong_deny = pick(used, lambda c: c.team == "police" and c.kind == "deny" and c.main != r.main)
    own_deny = pick(used, lambda c: c.team == "robbers" and c.kind == "deny")
    stop = pick(used, lambda c: c.team == "robbers" and c.kind == "stop")

    cancelled = score_round([loc, r, right_deny, stop], "robbers", 1)
    assert cancelled.verdicts[1] == "cancelled" and cancelled.points == 0
    assert score_round([loc, r, wrong_deny, stop], "robbers", 1).points == 3
    assert score_round([loc, r, own_deny, stop], "robbers", 1).points == 3  # one's own Deny cancels nothing
    # a Police card in between: the Deny no longer covers the Robbers' card
    p = pick(used, action("police"))
    assert score_round([loc, r, p, right_deny, stop], "robbers", 1).points == 3


def test_without_a_stop_both_teams_are_judged_and_the_higher_total_wins_robbers_on_a_tie():
    used: set[int] = set()
    loc = CARDS[-1]
    r = chain("robbers", loc, 1, used, points=2)[0]
    p = chain("police", r, 1, used, points=3)[0]
    score = score_round([loc, r, p], None)
    assert score.verdicts == ("location", "correct", "correct")
    assert (score.winner, score.points, score.rival_points, score.closing_team) == ("police", 3, 2, None)
    p2 = chain("police", r, 1, used, points=2)[0]
    assert score_round([loc, r, p2], None).winner == "robbers"  # 2 - 2: the Robbers on a tie
    assert score_round([loc], None).winner == "robbers"


def test_score_round_refuses_piles_that_no_round_can_leave():
    stop = next(c for c in CARDS if c.kind == "stop" and c.team == "robbers")
    a = next(c for c in CARDS if c.kind == "action")
    with pytest.raises(ValueError):
        score_round([a, stop], "robbers", 10)  # no Location first
    with pytest.raises(ValueError):
        score_round([CARDS[-1], a], "robbers", 10)  # not closed by a Stop
    with pytest.raises(ValueError):
        score_round([CARDS[-1], stop], "police", 10)  # closed by the other team's Stop
    with pytest.raises(ValueError):
        score_round([CARDS[-1], stop], None)


# --- Preparation -----------------------------------------------------------------------------------------------------

DEALS = {1: 12, 2: 24, 3: 35, 4: 48}
TARGETS = {1: 10, 2: 16, 3: 20, 4: 22}


@pytest.mark.parametrize("teams", [
    ("robbers", "police"),
    ("robbers", "police") * 2,
    ("robbers", "police") * 3,
    ("robbers", "police") * 4,
    ("robbers", "police", "police", "robbers", "police"),
    ("police", "robbers", "robbers", "robbers", "police"),
    ("robbers",) * 4 + ("police",) * 3,
])
def test_each_team_is_dealt_by_its_own_size_with_its_four_stops(teams):
    s = RULES.initial_state(5, len(teams), teams=teams)
    view = RULES.view(s, None)
    assert view.teams == teams
    for team in TEAMS:
        seats = [p for p, t in enumerate(teams) if t == team]
        size = len(seats)
        hands = [s.hands[p] for p in seats]
        cards = [c for h in hands for c in h]
        assert len(cards) == len(set(cards)) == DEALS[size] + 4
        assert all(CARDS[c].team == team for c in cards)
        assert sum(CARDS[c].kind == "stop" for c in cards) == 4
        assert max(map(len, hands)) - min(map(len, hands)) <= 1
        assert view.targets[TEAMS.index(team)] == TARGETS[size]


def test_default_teams_alternate_and_bad_tables_are_refused():
    assert RULES.view(RULES.initial_state(1, 5), None).teams == ("robbers", "police", "robbers", "police", "robbers")
    for players, teams in [(1, None), (9, None), (3, ("robbers", "police")), (5, ("robbers",) * 5),
                           (2, ("robbers", "thieves"))]:
        with pytest.raises(ValueError):
            RULES.initial_state(1, players, teams=teams)


def test_a_first_deal_from_chosen_deck_orders_is_dealt_as_given_and_later_rounds_are_shuffled():
    """``first_deal`` (the tutorial's scripted round): the Location and each team's cards as the shuffles could have
    left them, dealt round-robin; anything no shuffle could give is refused."""
    robbers = [c.id for c in CARDS if c.team == "robbers" and c.kind != "stop"][5:29]
    stops = {t: [c.id for c in CARDS if c.team == t and c.kind == "stop"] for t in TEAMS}
    police = [c.id for c in CARDS if c.team == "police" and c.kind != "stop"][:24]
    bank = next(c.id for c in CARDS if c.name == "Bank")
    r_order, p_order = robbers[:3] + stops["robbers"] + robbers[3:], police + stops["police"]
    s = RULES.initial_state(3, 4, first_deal=(bank, r_order, p_order))
    assert s.pile_cards == (bank,) and s.phase == "countdown"
    assert s.hands[0] == tuple(sorted(r_order[0::2])) and s.hands[2] == tuple(sorted(r_order[1::2]))
    assert s.hands[1] == tuple(sorted(p_order[0::2])) and s.hands[3] == tuple(sorted(p_order[1::2]))
    for bad in [(bank, r_order[:-1], p_order),                       # a Stop missing
                (bank, r_order[:-1] + [police[-1]], p_order),        # the other team's card
                (bank, r_order + [r_order[0]], p_order),             # a card twice
                (bank, r_order, p_order + [police[0] + 30]),         # one card too many
                (r_order[0], r_order, p_order)]:                     # not a Location
        with pytest.raises(ValueError):
            RULES.initial_state(3, 4, first_deal=bad)
    dealt = set(r_order + p_order)
    for _ in range(4000):  # both teams lay everything but their Stops, then a Stop: round 2 is shuffled
        if s.round:
            break
        s = RULES.step(s, tuple(next((c + 1 for c in h if c not in stops["robbers"] + stops["police"]),
                                     h[0] + 1 if h else 0) if s.phase == "play" else 0 for h in s.hands))
    assert s.round == 1 and s.pile_cards[0] != bank
    assert set(c for h in s.hands for c in h) != dealt


def test_deals_differ_between_rounds_and_seeds():
    """"Preparation (each round)": every round is a new deal from shuffled decks, with a new Location turned up."""
    a, b = RULES.initial_state(1, 4), RULES.initial_state(2, 4)
    assert a.hands != b.hands
    assert RULES.initial_state(1, 4) == a
    for seed in range(1, 6):
        s = RULES.initial_state(seed, 4, time_limit=1, start_ticks=0, reveal_ticks=1)
        first_hands, first_location = s.hands, s.pile_cards[0]
        s = run(s, (0, 0, 0, 0))  # nobody lays a card: the time limit ends round 0 unplayed
        assert s.phase == "reveal" and s.hands == first_hands
        s = run(s, (0, 0, 0, 0))  # the reveal ends: round 1 is dealt
        assert s.round == 1 and ("deal", 1, s.pile_cards[0]) in s.events
        assert s.hands != first_hands and s.pile_cards[0] != first_location
        for seat in range(4):  # a full new hand, not what was left of round 0's
            assert len(s.hands[seat]) == len(first_hands[seat])
            assert set(s.hands[seat]) != set(first_hands[seat])


# --- The round -------------------------------------------------------------------------------------------------------


def run(s, inputs, ticks=1):
    for _ in range(ticks):
        s = RULES.step(s, inputs)
    return s


def non_stops(s, seat):
    return [c for c in s.hands[seat] if CARDS[c].kind != "stop"]


def test_the_start_countdown_blocks_every_card_then_play_starts():
    s = RULES.initial_state(3, 2, start_ticks=30)
    card = non_stops(s, 0)[0]
    assert RULES.view(s, 0).phase == "countdown" and RULES.view(s, 0).countdown == 30
    for k in range(30):
        assert RULES.legal_actions(s, 0) == ()
        assert RULES.view(s, 1).countdown == 30 - k
        s = RULES.step(s, (card + 1, 0))
        assert card in s.hands[0] and len(s.pile_cards) == 1
    assert ("start", 0) in s.events
    view = RULES.view(s, 0)
    assert view.phase == "play" and view.countdown == 0
    assert set(RULES.legal_actions(s, 0)) == {c + 1 for c in s.hands[0]}
    s = RULES.step(s, (card + 1, 0))
    assert s.pile_cards[-1] == card and card not in s.hands[0]


def test_one_seat_lays_several_cards_in_a_row_one_a_tick():
    s = RULES.initial_state(4, 2, start_ticks=0)
    cards = non_stops(s, 1)[:3]
    for c in cards:
        s = RULES.step(s, (0, c + 1))
    assert list(s.pile_cards[1:]) == cards
    assert list(s.pile_seats[1:]) == [1, 1, 1]
    assert list(s.pile_ticks[1:]) == [0, 1, 2]
    assert not set(cards) & set(s.hands[1])
    assert s.events == (("lay", 1, cards[2], 3),)


@pytest.mark.parametrize("start", [0, 1, 2, 5])
def test_cards_laid_on_the_same_tick_are_stacked_in_seat_order_rotated_by_the_tick(start):
    s = RULES.initial_state(6, 4, start_ticks=start)
    s = run(s, (0, 0, 0, 0), start)
    inputs = tuple(non_stops(s, p)[0] + 1 for p in range(4))
    after = RULES.step(s, inputs)
    first = s.tick % 4
    order = [(first + k) % 4 for k in range(4)]
    assert list(after.pile_seats[1:]) == order
    assert list(after.pile_cards[1:]) == [inputs[p] - 1 for p in order]
    assert [e[1] for e in after.events] == order
    assert [e[3] for e in after.events] == [1, 2, 3, 4]


def test_inputs_for_cards_not_in_the_hand_are_ignored():
    s = RULES.initial_state(7, 2, start_ticks=0)
    other = non_stops(s, 1)[0]
    out_of_round = next(c.id for c in CARDS if c.team == "robbers" and c.id not in s.hands[0])
    for junk in (other + 1, out_of_round + 1, len(CARDS) + 1, 60000, -3):
        after = RULES.step(s, (junk, 0))
        assert after.hands == s.hands and after.pile_cards == s.pile_cards and after.events == ()


def with_table(s, hands, pile=None):
    """The state ``s`` with hands (and the pile) set by hand."""
    pile = pile or s.pile_cards[:1]
    return dataclasses.replace(s, hands=tuple(tuple(sorted(h)) for h in hands), pile_cards=tuple(pile),
                               pile_seats=(-1,) + (0,) * (len(pile) - 1), pile_ticks=(0,) * len(pile))


def test_a_stop_ends_the_round_at_once_and_later_cards_of_that_tick_stay_in_hand():
    s = RULES.initial_state(8, 4, start_ticks=0, reveal_ticks=100)
    stop = next(c for c in s.hands[0] if CARDS[c].kind == "stop")
    inputs = (stop + 1,) + tuple(non_stops(s, p)[0] + 1 for p in (1, 2, 3))
    after = RULES.step(s, inputs)  # tick 0: seat 0 is first
    assert after.pile_cards[1:] == (stop,)
    for p in (1, 2, 3):
        assert inputs[p] - 1 in after.hands[p]
    assert after.events[-1][:3] == ("round_end", after.result.winner, 0)
    view = RULES.view(after, 2)
    assert view.phase == "reveal" and view.reveal_left == 100
    assert isinstance(view.result, RoundScore) and view.result.closing_team == "robbers"
    assert all(RULES.legal_actions(after, p) == () for p in range(4))
    later = RULES.step(after, tuple(non_stops(after, p)[0] + 1 for p in range(4)))
    assert later.pile_cards == after.pile_cards and later.hands == after.hands  # the reveal blocks play too


def test_a_wrong_stop_in_play_gives_the_other_team_the_round_and_its_location():
    s = run(RULES.initial_state(9, 2, start_ticks=5, reveal_ticks=10), (0, 0), 5)
    loc = CARDS[s.pile_cards[0]]
    wrong = next(c.id for c in CARDS if c.team == "police" and c.kind == "stop" and not fits(c, loc))
    s = with_table(s, [[0], [wrong, 60]])
    s = RULES.step(s, (0, wrong + 1))
    assert s.result.verdicts == ("location", "stop wrong") and s.result.winner == "robbers"
    s = run(s, (0, 0), 9)
    assert RULES.view(s, 0).phase == "reveal" and s.locations_won == ((), ())
    s = RULES.step(s, (0, 0))
    assert s.locations_won == ((loc.id,), ())
    assert ("location", "robbers", loc.id) in s.events
    assert RULES.scores(s) == (1, 0)
    # the next round: a new Location from the five, full hands, the countdown again
    assert s.round == 1 and s.pile_cards == (s.location_order[1],) and s.pile_cards[0] != loc.id
    assert RULES.view(s, 0).phase == "countdown" and RULES.view(s, 0).countdown == 5
    assert sorted(map(len, s.hands)) == [16, 16]


def test_the_first_team_with_three_locations_wins_the_game():
    s = RULES.initial_state(10, 4, start_ticks=5, reveal_ticks=5)
    won = []
    while not RULES.is_over(s):
        if RULES.legal_actions(s, 1):  # the Police close at once: a wrong Stop or 0 points, the Robbers win
            seat, stop = next((p, c) for p in (1, 3) for c in s.hands[p] if CARDS[c].kind == "stop")
            inputs = [0, 0, 0, 0]
            inputs[seat] = stop + 1
            s = RULES.step(s, tuple(inputs))
            assert s.result.winner == "robbers"
            won.append(s.pile_cards[0])
        else:
            s = RULES.step(s, (0, 0, 0, 0))
        assert s.tick < 1000
    assert len(won) == 3 and len(set(won)) == 3
    assert s.locations_won == (tuple(won), ())
    assert RULES.scores(s) == (3, 0, 3, 0)
    assert ("game_over", "robbers") in s.events
    assert RULES.step(s, (1, 2, 3, 4)) == s


def test_a_round_time_limit_ends_the_round_without_a_stop():
    s = RULES.initial_state(11, 2, start_ticks=10, time_limit=120, reveal_ticks=30)
    s = run(s, (0, 0), 10)
    assert RULES.view(s, 0).time_left == 120
    loc = CARDS[s.pile_cards[0]]
    p = next(c.id for c in CARDS if c.team == "police" and c.kind == "action" and fits(c, loc))
    s = with_table(s, [[0, 1], [p, 53]])
    s = RULES.step(s, (0, p + 1))
    s = run(s, (0, 0), 118)
    assert RULES.view(s, 0).phase == "play" and RULES.view(s, 0).time_left == 1
    s = RULES.step(s, (0, 0))
    assert s.events[-1] == ("round_end", "police", -1, "time")
    assert s.result.closing_team is None and s.result.points == CARDS[p].points and s.result.rival_points == 0
    # with nothing laid it is a tie: the Robbers win
    t = run(RULES.initial_state(11, 2, start_ticks=0, time_limit=50), (0, 0), 50)
    assert t.result.winner == "robbers" and t.events[-1][3] == "time"


def test_the_round_ends_without_a_stop_when_every_hand_is_empty():
    s = RULES.initial_state(12, 2, start_ticks=0)
    loc = CARDS[s.pile_cards[0]]
    r = next(c.id for c in CARDS if c.team == "robbers" and c.kind == "action" and fits(c, loc))
    s = with_table(s, [[r], [60, 61]])
    s = RULES.step(s, (r + 1, 60 + 1))
    assert RULES.view(s, 0).phase == "play"
    s = RULES.step(s, (0, 61 + 1))
    assert s.events[-1] == ("round_end", s.result.winner, -1, "empty")
    assert s.hands == ((), ())


def test_cards_are_conserved_within_each_round_of_a_random_game():
    rules = RULES
    for seed in range(3):
        s = rules.initial_state(seed, 6, start_ticks=20, reveal_ticks=20)
        rng = Rng.from_seed(seed)
        dealt = None
        while not rules.is_over(s):
            if any(e[0] == "deal" for e in s.events):
                dealt = sorted(c for h in s.hands for c in h)
            held = [c for h in s.hands for c in h] + list(s.pile_cards[1:])
            assert sorted(held) == dealt
            assert len(s.pile_cards) == len(s.pile_seats) == len(s.pile_ticks)
            inputs, rng = random_inputs(rules, s, 6, rng, (1, 10))
            s = rules.step(s, inputs)


# --- Views, scores, checksums ----------------------------------------------------------------------------------------


def test_a_seat_sees_its_own_hand_and_only_the_sizes_of_the_others():
    s = RULES.initial_state(13, 4, start_ticks=0)
    s = RULES.step(s, (non_stops(s, 0)[0] + 1, 0, 0, 0))
    v = RULES.view(s, 2)
    assert v.hand == s.hands[2] and v.team == "robbers"
    assert v.hand_counts == tuple(len(h) for h in s.hands)
    assert v.pile_cards == s.pile_cards and v.pile_seats == s.pile_seats and v.location == s.pile_cards[0]
    spectator = RULES.view(s, None)
    assert spectator.hand == () and spectator.team is None
    assert RULES.view(sample_hidden(s, 2, Rng(5)), 2) == v
    assert RULES.view(sample_hidden(s, None, Rng(5)), None) == spectator
    with pytest.raises(IndexError):
        RULES.view(s, 4)


def test_registry_and_describe_action():
    assert REGISTRY["grisbi"] is RULES
    assert (RULES.min_players, RULES.max_players) == (2, 8)
    assert describe_action(0) == "nothing"
    stop = next(c for c in CARDS if c.kind == "stop")
    assert "Stop" in describe_action(stop.id + 1)
    assert describe_action(len(CARDS)) == "lay Armoured Truck"
    with pytest.raises(IndexError):
        describe_action(len(CARDS) + 1)


def test_a_quiet_tick_shares_the_hands_and_pile_instead_of_rebuilding_them():
    s = RULES.initial_state(14, 8, start_ticks=0)
    after = RULES.step(s, (0,) * 8)
    assert after.tick == s.tick + 1
    assert after.hands is s.hands and after.pile_cards is s.pile_cards


def test_eight_hard_bots_survive_a_sync_test_of_10800_ticks():
    """Rollback 1-8 ticks after every tick; every re-simulated checksum equals the first one."""
    done = 0
    for seed in itertools.count(100):
        sim = RealTimeSimulation(RULES, RULES.initial_state(seed, 8), 8)
        seats = [BotSeat("grisbi", p, "hard", seed) for p in range(8)]

        def next_inputs(sim, tick, seats=seats):
            return tuple(b.input(sim.state, sim.tick) for b in seats)

        result = run_sync_test(sim, next_inputs, ticks=10_800 - done, max_depth=8, seed=seed)
        assert result.rollbacks == result.ticks
        done += result.ticks
        if done >= 10_800:
            break
        assert sim.is_over()  # the match ended: go on with the next one
    assert done == 10_800


# --- Bots ------------------------------------------------------------------------------------------------------------


def careful_bot(seat, level="hard", seed=0):
    bot = Bot(seat, level, seed)
    bot.params = dataclasses.replace(bot.params, mistake_permille=0, count_slip_permille=0, stop_margin=0)
    return bot


def first_card(s, bot, limit=600):
    """Drive one bot until it sends a card; return (card, ticks waited)."""
    for k in range(limit):
        n = bot.input(RULES.view(s, bot.seat), RULES.legal_actions(s, bot.seat), s.tick)
        if n:
            return n - 1, k
        s = RULES.step(s, (0,) * len(s.teams))
    raise AssertionError("the bot laid nothing")


def test_a_bot_lays_a_stop_once_its_team_reaches_the_target_and_not_before():
    base = RULES.initial_state(15, 2, start_ticks=0)
    used: set[int] = set(base.pile_cards)
    loc = CARDS[base.pile_cards[0]]
    cards = chain("robbers", loc, 4, used, points=3)  # 12 points >= 10 (1 player)
    stop = pick(used, lambda c: c.team == "robbers" and c.kind == "stop" and fits(c, cards[-1]))
    spare = pick(used, action("robbers"))
    s = with_table(base, [[stop.id, spare.id], [60]], [loc.id] + [c.id for c in cards])
    assert first_card(s, careful_bot(0))[0] == stop.id
    # three cards (9 points) do not reach 10: no Stop
    top = cards[2]
    stop2 = pick(used, lambda c: c.team == "robbers" and c.kind == "stop" and fits(c, top))
    s = with_table(base, [[stop2.id, spare.id], [60]], [loc.id] + [c.id for c in cards[:3]])
    assert first_card(s, careful_bot(0))[0] == spare.id


def test_a_hard_bot_denies_the_opponents_best_card_and_otherwise_plays_a_correct_card():
    base = RULES.initial_state(16, 2, start_ticks=0)
    used: set[int] = set(base.pile_cards)
    loc = CARDS[base.pile_cards[0]]
    p = chain("police", loc, 1, used, points=3)[0]
    deny = pick(used, lambda c: c.team == "robbers" and c.kind == "deny" and c.main == p.main)
    good = pick(used, action("robbers", a=lambda c: c.main in p.robber_hooks))
    s = with_table(base, [[deny.id, good.id], [60]], [loc.id, p.id])
    assert first_card(s, careful_bot(0))[0] == deny.id
    p1 = chain("police", loc, 1, used, points=1)[0]
    good1 = pick(used, action("robbers", a=lambda c: c.main in p1.robber_hooks))
    deny1 = pick(used, lambda c: c.team == "robbers" and c.kind == "deny" and c.main == p1.main)
    s = with_table(base, [[deny1.id, good1.id], [60]], [loc.id, p1.id])
    assert first_card(s, careful_bot(0))[0] == good1.id  # a 1-point card is not worth a Deny


def test_a_bot_holding_only_stops_below_its_target_waits_then_concedes_rather_than_freeze_the_table():
    s = RULES.initial_state(17, 2, start_ticks=0)
    stop = next(c.id for c in CARDS if c.team == "robbers" and c.kind == "stop")
    s = with_table(s, [[stop], [60]])
    card, waited = first_card(s, careful_bot(0))
    assert card == stop and waited >= 300  # 5 s of a still pile


def answer_ticks(level, seeds, hand_size=12, pace="standard"):
    """Ticks from a card landing (START, the Location on top) to a careful bot's answer, one per seed; the bot holds
    ``hand_size`` cards of which three are correct on the top card."""
    out = []
    for seed in seeds:
        s = RULES.initial_state(seed, 2, start_ticks=0, pace=pace)
        loc = CARDS[s.pile_cards[0]]
        good = [c.id for c in CARDS if c.team == "robbers" and c.kind == "action" and fits(c, loc)][:3]
        rest = [c.id for c in CARDS if c.team == "robbers" and c.kind == "action" and c.id not in good]
        s = with_table(s, [good + rest[:hand_size - 3], [60]])
        out.append(first_card(s, careful_bot(0, level, seed))[1])
    return sorted(out)


@pytest.mark.parametrize("level,low,high", [("hard", 28, 46), ("normal", 48, 72), ("easy", 75, 110)])
def test_bot_median_answer_time_per_level_is_a_persons(level, low, high):
    """Issue #16: "easy ≈ 1.5 s, normal ≈ 1.0 s, hard ≈ 0.6 s median answer" (90 / 60 / 36 ticks at 60 Hz), with a
    hand of 12 cards, at the standard pace; every answer at least 18 ticks (300 ms) after the card landed."""
    waits = answer_ticks(level, range(40))
    assert waits[0] >= 18, waits
    assert low <= waits[len(waits) // 2] <= high, waits
    assert len(set(waits)) > 5  # times vary like a person's


def test_bot_decisions_take_longer_with_more_cards_to_compare_hick_hyman():
    """Issue #16: the decision "grows with what it has to compare (more candidate cards, longer)"."""
    few = answer_ticks("normal", range(40), hand_size=3)
    many = answer_ticks("normal", range(40), hand_size=16)
    assert many[20] >= few[20] + 8, (few, many)


def test_pace_scales_every_bot_time_and_fast_never_goes_under_300_ms():
    """Issue #16: "A pace setting in Grisbi setup (relaxed / standard / fast) that scales every bot's times"; "no
    answer to a card faster than 300 ms at any level, p10 included"."""
    relaxed = answer_ticks("hard", range(30), pace="relaxed")
    standard = answer_ticks("hard", range(30))
    fast = answer_ticks("hard", range(30), pace="fast")
    assert relaxed[15] > standard[15] > fast[15]
    assert fast[0] >= 18 and relaxed[15] >= 50
    with pytest.raises(ValueError):
        RULES.initial_state(1, 2, pace="lightning")


@pytest.mark.parametrize("pace", ["standard", "fast"])
def test_no_bot_answers_a_card_sooner_than_18_ticks_over_many_seeded_rounds(pace):
    """Issue #16: "no bot answer under 18 ticks (over many seeded rounds)": every card a bot sends comes at least 18
    ticks (300 ms) after the top card it lands on was laid, and after START."""
    answers = 0
    for seed in range(6):
        levels = ("hard", "hard", "normal", "easy") if seed % 2 else ("hard", "easy", "hard", "normal", "hard")
        s = RULES.initial_state(seed, len(levels), pace=pace, start_ticks=30, reveal_ticks=5)
        bots = [Bot(p, lv, seed) for p, lv in enumerate(levels)]
        start = None
        for _ in range(4000):
            if RULES.is_over(s):
                break
            if s.phase == "play" and start is None:
                start = s.tick
            elif s.phase != "play":
                start = None
            views = [RULES.view(s, p) for p in range(len(levels))]
            x = tuple(b.input(views[b.seat], RULES.legal_actions(s, b.seat), s.tick) for b in bots)
            for p, n in enumerate(x):
                if n:
                    answers += 1
                    assert s.tick - views[p].pile_ticks[-1] >= 18, (seed, p, s.tick, views[p].pile_ticks[-1])
                    assert s.tick - start >= 18
            s = RULES.step(s, x)
    assert answers > 200


def test_bots_count_their_team_total_in_their_head_with_level_dependent_error_hard_counts_best():
    """Issue #16: "Bots estimate their team's total with level-dependent error, like a person counting in their head
    (hard counts best), not exactly" (rules/grisbi.md, Corrections: "it's very difficult to be sure")."""
    robber_actions = [c.id for c in CARDS if c.team == "robbers" and c.kind == "action"]
    mean_error = {}
    for level in ("easy", "normal", "hard"):
        errors = []
        for seed in range(60):
            s = RULES.initial_state(seed, 2, start_ticks=0)
            pile = (s.pile_cards[0],) + tuple(robber_actions[seed % 7::3][:12])
            s = with_table(s, [[robber_actions[-1]], [60]], list(pile))
            bot = Bot(0, level, seed)
            bot.input(RULES.view(s, 0), RULES.legal_actions(s, 0), s.tick)
            exact = sum(CARDS[c].points for i, c in enumerate(pile[1:], 1) if fits(CARDS[c], CARDS[pile[i - 1]]))
            errors.append(abs(bot.head_count(RULES.view(s, 0)) - exact))
        mean_error[level] = sum(errors) / len(errors)
    assert 0 < mean_error["hard"] < mean_error["normal"] < mean_error["easy"], mean_error


def test_bots_are_deterministic_for_a_seed():
    def inputs(seed):
        s = RULES.initial_state(3, 4)
        bots = [Bot(p, "normal", seed) for p in range(4)]
        log = []
        for _ in range(900):
            x = tuple(b.input(RULES.view(s, b.seat), RULES.legal_actions(s, b.seat), s.tick) for b in bots)
            log.append(x)
            s = RULES.step(s, x)
        return log
    assert inputs(1) == inputs(1)
    assert inputs(1) != inputs(2)


def _arena():
    return load_tool("arena_grisbi")


def test_hard_bots_win_most_rounds_against_easy_bots():
    hard_rounds, rounds, _ = _arena().hard_vs_easy(12, seed=77)
    assert rounds >= 36
    assert hard_rounds * 100 >= 65 * rounds


def test_uneven_teams_one_member_more_at_most_each_with_its_own_size():
    """rules/grisbi.md: "Teams may differ in size; each uses its own size" and (Corrections) "Teams are chosen at the
    table (one team may have a member more); seats do not have to alternate"."""
    s = RULES.initial_state(4, 5, teams=["robbers", "police", "police", "police", "robbers"])
    assert s.teams == (0, 1, 1, 1, 0)
    assert RULES.view(s, 0).targets == (16, 20)
    assert sorted(c for p in (0, 4) for c in s.hands[p]).__len__() == 24 + 4
    assert sum(len(s.hands[p]) for p in (1, 2, 3)) == 35 + 4
    for teams in (["police"] * 4 + ["robbers"], ["robbers"] * 3 + ["police"], ["police"] * 2):
        with pytest.raises(ValueError):
            RULES.initial_state(4, len(teams), teams=teams)


def test_with_three_bots_at_the_gentle_pace_the_table_lays_at_most_about_0_7_cards_a_second():
    """Issue 29: "with 3 bots at the gentle setting (relaxed pace) the table lays at most ~0.7 cards a second in
    total, so a person gets a fair share of the pile". Measured as ``tools/grisbi_pace.py`` does: a newcomer who lays
    nothing at seat 0 (the most the bots lay) and three normal bots; then the modelled person, whose share of the
    cards laid is at least a fair one (a quarter)."""
    pace = load_tool("grisbi_pace")
    bots, _, _ = pace.table_rate(4, "normal", "relaxed", 12, 1, who="newcomer")
    assert bots <= 0.75, f"the three bots lay {bots:.2f} cards a second"
    _, _, share = pace.table_rate(4, "normal", "relaxed", 12, 1, who="person")
    assert share >= 0.25, f"a person lays {share:.0%} of the cards"


def test_bot_pace_is_set_per_seat_count_and_one_v_one_keeps_the_levels_own_times():
    """A bot's times grow with the seats at the table (``SEAT_PACE``), not with each bot: 1 v 1 keeps the times
    of the levels (the figures of ``test_bot_median_answer_time_per_level_is_a_persons``)."""
    from arcade.games.grisbi.bot import PACES, SEAT_PACE, time_scale

    assert all(time_scale(p, 2) == PACES[p] for p in PACES)
    assert [SEAT_PACE[n] for n in range(2, 9)] == sorted(SEAT_PACE[n] for n in range(2, 9))
    assert SEAT_PACE[2] == 100 < SEAT_PACE[4]
    # a bot at a table of 4 answers later than the same bot at a table of 2, same deal and seed
    alone, busy = Bot(0, "normal", 5), Bot(0, "normal", 5)
    assert busy.answer_time(12, "relaxed", 4) > alone.answer_time(12, "relaxed", 2)


def test_pace_is_the_bots_timing_only_the_same_inputs_give_the_same_game():
    """The pace option changes when bots send their cards, never what the rules do with an input: the inputs of a
    relaxed 4-seat match replayed at every pace give the same table, tick by tick (only ``pace`` differs)."""
    s = RULES.initial_state(12, 4, pace="relaxed", start_ticks=30, reveal_ticks=30)
    bots = [Bot(p, "normal", 12) for p in range(4)]
    log = []
    for _ in range(2400):
        x = tuple(b.input(RULES.view(s, b.seat), RULES.legal_actions(s, b.seat), s.tick) for b in bots)
        log.append(x)
        s = RULES.step(s, x)
    assert sum(1 for x in log for n in x if n) > 10
    for other in ("standard", "fast"):
        t = RULES.initial_state(12, 4, pace=other, start_ticks=30, reveal_ticks=30)
        for x in log:
            t = RULES.step(t, x)
        assert dataclasses.replace(t, pace="relaxed") == s
        assert RULES.checksum(dataclasses.replace(t, pace="relaxed")) == RULES.checksum(s)
