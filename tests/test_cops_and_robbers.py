"""Cops & Robbers (shared/rules/cops_and_robbers.md): one test group per rules section, coin conservation, the bot."""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from arcade.games import REGISTRY, IllegalAction
from arcade.games.bots import decision_rng, random_choose
from arcade.games.cops_and_robbers import search
from arcade.games.cops_and_robbers import (COP, ROBBER, RULES, Attack, Defend, Draw, EndTurn, Offensive, Respond,
                                           choose, describe_action, full_deck, round_scores, sample_hidden,
                                           seating, teammates)
from arcade.games.rng import Rng

O = "O"
D = "D"


def position(hands=None, coins=(12, 0, 12, 0), shields=None, jail=None, jail_shields=None, current=1, drawn=True,
             draw_pile=None, players=4, **kw):
    """A hand-made position with seat 0 a Cop, even seats Cops, odd seats Robbers, sitting in seat order."""
    s = RULES.initial_state(0, players)
    empty = ((),) * players
    return replace(
        s, roles=(COP, ROBBER) * (players // 2), order=tuple(range(players)), dealer=0, current=current, coins=tuple(coins),
        hands=tuple(tuple(sorted(h)) for h in (hands or empty)), shields=tuple(tuple(sorted(x)) for x in
                                                                               (shields or empty)),
        jail=tuple(jail or (0,) * players), jail_shields=tuple(jail_shields or empty),
        draw_pile=tuple(draw_pile if draw_pile is not None else [(O, 1)] * 10), discard=(), drawn=drawn,
        defended=False, attacked=False, pending=None, events=(), **kw)


def cards_in_play(s):
    c = Counter()
    for h in s.hands:
        c.update(h)
    c.update(s.draw_pile)
    c.update(s.discard)
    for p in range(s.players):
        c.update((D, v) for v in s.shields[p])
        c.update((D, v) for v in s.jail_shields[p])
        if s.jail[p]:
            c[(O, s.jail[p])] += 1
    if s.pending is not None:
        c[(O, s.pending.value)] += 1
    return c


# --- Components and Setup ----------------------------------------------------------------------------------------


def test_registered_with_the_contract_names():
    assert REGISTRY["cops_and_robbers"] is RULES
    assert RULES.player_counts == (4, 6)


def test_sixty_cards_offence_and_defence_valued_1_to_4():
    deck = Counter(full_deck())
    assert sum(deck.values()) == 60
    for kind in (O, D):
        assert [deck[(kind, v)] for v in (1, 2, 3, 4)] == [9, 9, 7, 5]


@pytest.mark.parametrize("players", [4, 6])
def test_setup_roles_alternate_cops_get_12_coins_everyone_5_cards(players):
    for seed in range(10):
        s = RULES.initial_state(seed, players)
        roles = RULES.roles(s)
        assert roles.count(COP) == roles.count(ROBBER) == players // 2
        around = [roles[p] for p in s.order]  # clockwise around the table
        assert sorted(s.order) == list(range(players))
        assert all(around[k] != around[(k + 1) % players] for k in range(players))
        assert s.coins == tuple(12 if r == COP else 0 for r in roles)
        assert all(len(h) == 5 for h in s.hands)
        assert len(s.draw_pile) == 60 - 5 * players and s.discard == ()
        assert cards_in_play(s) == Counter(full_deck())
        # play starts with the first Robber to the dealer's left
        at = s.order.index(s.dealer)
        left = s.order[(at + 1) % players]
        assert s.current == (left if roles[left] == ROBBER else s.order[(at + 2) % players])
        assert RULES.to_act(s) == {s.current} and roles[s.current] == ROBBER


def test_roles_and_dealer_are_dealt_at_random():
    states = [RULES.initial_state(seed, 4) for seed in range(40)]
    assert len({s.roles for s in states}) == 6
    assert {s.dealer for s in states} == {0, 1, 2, 3}


@pytest.mark.parametrize("players", [1, 2, 3, 5, 7])
def test_only_four_or_six_players(players):
    with pytest.raises(ValueError):
        RULES.initial_state(1, players)


def test_options_are_checked():
    with pytest.raises(ValueError):
        RULES.initial_state(1, 4, rounds=3)
    with pytest.raises(ValueError):
        RULES.initial_state(1, 4, colour="red")


# --- A turn --------------------------------------------------------------------------------------------------------


def test_draw_once_and_end_the_turn_only_after_drawing():
    s = position(hands=[[], [(O, 2)], [], []], drawn=False, draw_pile=[(D, 3), (O, 4)])
    legal = RULES.legal_actions(s, 1)
    assert Draw() in legal and EndTurn() not in legal
    s = RULES.apply(s, 1, Draw())
    assert s.hands[1] == ((D, 3), (O, 2)) and s.draw_pile == ((O, 4),)
    assert ("draw", 1) in s.events and all((D, 3) not in e for e in s.events)  # the drawn card is not announced
    legal = RULES.legal_actions(s, 1)
    assert Draw() not in legal and EndTurn() in legal
    s = RULES.apply(s, 1, EndTurn())
    assert s.current == 2 and RULES.to_act(s) == {2}


def test_offensive_before_the_draw_is_allowed():
    s = position(hands=[[], [(O, 2)], [], []], drawn=False)
    s = RULES.apply(s, 1, Attack(2, 0))
    assert RULES.to_act(s) == {0}
    s = RULES.apply(s, 0, Respond(0, 0))
    assert RULES.to_act(s) == {1} and Draw() in RULES.legal_actions(s, 1)


def test_one_defence_a_turn_in_front_of_oneself_or_a_teammate_never_an_opponent():
    s = position(hands=[[], [(D, 2), (D, 3)], [], []])
    legal = RULES.legal_actions(s, 1)
    assert Defend(2, 1) in legal and Defend(3, 3) in legal
    assert Defend(2, 0) not in legal and Defend(2, 2) not in legal
    with pytest.raises(IllegalAction):
        RULES.apply(s, 1, Defend(2, 0))
    s = RULES.apply(s, 1, Defend(3, 3))
    assert s.shields[3] == (3,) and s.hands[1] == ((D, 2),)
    assert not any(isinstance(a, Defend) for a in RULES.legal_actions(s, 1))


def test_one_offensive_a_turn_on_a_free_player_of_the_other_team():
    s = position(hands=[[], [(O, 1), (O, 2)], [], []], jail=(0, 0, 0, 0))
    legal = RULES.legal_actions(s, 1)
    assert {a for a in legal if isinstance(a, Attack)} == {Attack(v, t) for v in (1, 2) for t in (0, 2)}
    s = RULES.apply(s, 1, Attack(1, 0))
    s = RULES.apply(s, 0, Respond(0, 0))
    assert not any(isinstance(a, Attack) for a in RULES.legal_actions(s, 1))


def test_a_jailed_robber_may_draw_and_defend_but_not_attack_and_cannot_be_targeted():
    s = position(hands=[[(O, 3)], [(O, 2), (D, 1)], [], []], jail=(0, 3, 0, 0), current=1, drawn=False)
    legal = RULES.legal_actions(s, 1)
    assert Draw() in legal and Defend(1, 1) in legal
    assert not any(isinstance(a, Attack) for a in legal)
    s0 = replace(s, current=0)
    assert {a.target for a in RULES.legal_actions(s0, 0) if isinstance(a, Attack)} == {3}


# --- Offensive -----------------------------------------------------------------------------------------------------


def test_the_target_answers_out_of_turn():
    s = position(hands=[[(D, 1), (D, 4)], [(O, 3)], [], []])
    s = RULES.apply(s, 1, Attack(3, 0))
    assert s.pending == Offensive(1, 0, 3)
    assert RULES.to_act(s) == {0}
    assert RULES.legal_actions(s, 1) == ()
    with pytest.raises(IllegalAction):
        RULES.apply(s, 1, EndTurn())
    # no card, the 1 (then all shields: 1 < 3), or the 4 (alone enough)
    assert set(RULES.legal_actions(s, 0)) == {Respond(0, 0), Respond(1, 0), Respond(4, 4)}


def test_single_shield_rule_one_shield_that_is_enough_is_used_alone_and_the_rest_stay():
    s = position(hands=[[], [(O, 2)], [], []], shields=[[1, 3], [], [], []])
    s = RULES.apply(s, 1, Attack(2, 0))
    assert RULES.legal_actions(s, 0) == (Respond(0, 3),)
    s = RULES.apply(s, 0, Respond(0, 3))
    assert s.shields[0] == (1,) and s.coins == (12, 0, 12, 0)
    assert Counter(s.discard) == Counter([(O, 2), (D, 3)])


def test_the_target_picks_which_sufficient_shield_is_used():
    s = position(hands=[[], [(O, 2)], [], []], shields=[[2, 4], [], [], []])
    s = RULES.apply(s, 1, Attack(2, 0))
    assert set(RULES.legal_actions(s, 0)) == {Respond(0, 2), Respond(0, 4)}
    assert RULES.apply(s, 0, Respond(0, 2)).shields[0] == (4,)


def test_otherwise_all_shields_and_the_card_from_hand_add_up_and_are_all_used():
    s = position(hands=[[(D, 1)], [(O, 4)], [], []], shields=[[1, 2], [], [], []])
    s = RULES.apply(s, 1, Attack(4, 0))
    s = RULES.apply(s, 0, Respond(1, 0))
    assert s.shields[0] == () and s.hands[0] == ()
    assert s.coins == (12, 0, 12, 0)  # 1 + 2 + 1 = 4: the defence holds
    assert Counter(s.discard) == Counter([(O, 4), (D, 1), (D, 2), (D, 1)])


def test_a_cop_who_falls_short_pays_the_attacking_robber_the_shortfall():
    s = position(hands=[[], [(O, 4)], [], []], shields=[[1], [], [], []])
    s = RULES.apply(s, 1, Attack(4, 0))
    s = RULES.apply(s, 0, Respond(0, 0))
    assert s.coins == (9, 3, 12, 0)
    assert ("pay", 0, 1, 3) in s.events
    assert s.shields[0] == () and (O, 4) in s.discard


def test_a_cop_pays_only_what_they_have_and_a_cop_with_no_coins_ends_the_round():
    s = position(hands=[[], [(O, 4)], [], []], coins=(2, 5, 12, 3))
    s = RULES.apply(s, 1, Attack(4, 0))
    s = RULES.apply(s, 0, Respond(0, 0))
    assert s.coins == (0, 7, 12, 3)
    assert RULES.is_over(s) and RULES.to_act(s) == frozenset()
    # team coins + own coins: Cops 12, Robbers 10
    assert RULES.scores(s) == (12, 17, 24, 13)


def test_a_robber_whose_defence_exceeds_the_offence_steals_the_difference():
    s = position(hands=[[(O, 1)], [], [], []], shields=[[], [4], [], []], current=0)
    s = RULES.apply(s, 0, Attack(1, 1))
    s = RULES.apply(s, 1, Respond(0, 4))
    assert s.coins == (9, 3, 12, 0) and ("steal", 1, 0, 3) in s.events
    assert s.jail[1] == 0 and s.shields[1] == ()


def test_stolen_coins_add_to_what_the_robber_already_has():
    s = position(hands=[[(O, 1)], [], [], []], shields=[[], [4], [], []], coins=(10, 5, 12, 0), current=0)
    s = RULES.apply(s, 0, Attack(1, 1))
    s = RULES.apply(s, 1, Respond(0, 4))
    assert s.coins == (7, 8, 12, 0)


def test_a_robber_steals_only_what_the_cop_has():
    s = position(hands=[[(O, 1)], [(D, 4)], [], []], coins=(2, 0, 12, 0), current=0)
    s = RULES.apply(s, 0, Attack(1, 1))
    s = RULES.apply(s, 1, Respond(4, 4))
    assert s.coins == (0, 2, 12, 0) and RULES.is_over(s)


def test_an_exact_defence_steals_nothing():
    s = position(hands=[[(O, 3)], [(D, 3)], [], []], current=0)
    s = RULES.apply(s, 0, Attack(3, 1))
    s = RULES.apply(s, 1, Respond(3, 3))
    assert s.coins == (12, 0, 12, 0) and s.jail[1] == 0


def test_a_robber_who_falls_short_goes_to_jail_and_the_offence_stays_with_the_shields_used_on_it():
    """Rules, "Offensive" 4: the Robber "goes to jail until they (or a fellow robber) add enough defence cards to
    counter the offence": the shields of the failed defence stay on the offence."""
    s = position(hands=[[(O, 3)], [(D, 1)], [], []], shields=[[], [1], [], []], current=0)
    s = RULES.apply(s, 0, Attack(3, 1))
    s = RULES.apply(s, 1, Respond(1, 0))
    assert s.jail[1] == 3 and ("jail", 1, 3, (1, 1)) in s.events
    assert s.shields[1] == () and s.jail_shields[1] == (1, 1)
    assert s.discard == ()  # neither the offence nor the shields are thrown away
    assert s.coins == (12, 0, 12, 0)


def test_the_failed_defences_shields_count_toward_freeing_the_robber():
    """Rules, "Offensive" 4: "until they (or a fellow robber) add enough defence cards to counter the offence": an
    offence of 4 met by shields 1 + 2 needs only 1 more."""
    s = position(hands=[[(O, 4)], [(D, 2)], [], [(D, 1)]], shields=[[], [1], [], []], current=0)
    s = RULES.apply(s, 0, Attack(4, 1))
    s = RULES.apply(s, 1, Respond(2, 0))  # 1 + 2 = 3 < 4: jail, with the 1 and the 2 on the offence
    assert s.jail[1] == 4 and s.jail_shields[1] == (1, 2)
    s = replace(s, current=3, drawn=True)
    s = RULES.apply(s, 3, Defend(1, 1))  # the fellow robber's 1 completes it
    assert s.jail[1] == 0 and s.jail_shields[1] == () and ("free", 1) in s.events
    assert Counter(s.discard) == Counter([(O, 4), (D, 1), (D, 2), (D, 1)])


def test_an_unused_shield_added_from_hand_stays_in_front():
    """Rules, "Offensive" 2: "If one shield in front of them alone equals or beats the offence, that one shield is
    used and the rest stay" — the card just added from hand included."""
    s = position(hands=[[(O, 2)], [(D, 1)], [], []], shields=[[], [4], [], []], current=0)
    s = RULES.apply(s, 0, Attack(2, 1))
    s = RULES.apply(s, 1, Respond(1, 4))
    assert s.shields[1] == (1,) and s.hands[1] == ()
    assert Counter(s.discard) == Counter([(O, 2), (D, 4)]) and s.coins == (10, 2, 12, 0)


def test_a_jailed_robber_shields_a_free_teammate_in_front_of_them():
    """Rules, "A turn": a Defence card goes "in front of yourself, in front of a teammate, or on a jailed teammate's
    offence" — from jail too (a jailed Robber "may still draw and lay Defence cards")."""
    s = position(hands=[[], [(D, 2)], [], []], jail=(0, 3, 0, 0), jail_shields=[(), (1,), (), ()], current=1)
    s = RULES.apply(s, 1, Defend(2, 3))
    assert s.shields[3] == (2,) and s.jail == (0, 3, 0, 0) and s.jail_shields[1] == (1,)


def test_shields_from_self_and_teammates_add_up_to_free_a_jailed_robber():
    s = position(hands=[[], [(D, 1)], [], [(D, 2)]], jail=(0, 3, 0, 0), current=3)
    s = RULES.apply(s, 3, Defend(2, 1))  # the teammate lays a 2 on the jail
    assert s.jail == (0, 3, 0, 0) and s.jail_shields[1] == (2,)
    s = RULES.apply(s, 3, EndTurn())
    s = replace(s, current=1, drawn=True)
    s = RULES.apply(s, 1, Defend(1, 1))  # the prisoner adds a 1: 3 reached
    assert s.jail == (0, 0, 0, 0) and s.jail_shields[1] == () and ("free", 1) in s.events
    assert Counter(s.discard) == Counter([(O, 3), (D, 2), (D, 1)])
    assert s.shields[1] == ()
    s = replace(s, current=0, drawn=True, defended=False, attacked=False, hands=((((O, 1),)), (), (), ()))
    assert Attack(1, 1) in RULES.legal_actions(s, 0)  # free again: a target again


def test_a_bigger_shield_frees_at_once():
    s = position(hands=[[], [], [], [(D, 4)]], jail=(0, 2, 0, 0), current=3)
    s = RULES.apply(s, 3, Defend(4, 1))
    assert s.jail[1] == 0


# --- End -----------------------------------------------------------------------------------------------------------


def test_round_ends_when_the_draw_pile_is_empty_and_the_next_player_cannot_draw():
    s = position(hands=[[], [], [], []], draw_pile=[(O, 1)], drawn=False, coins=(10, 1, 11, 2))
    s = RULES.apply(s, 1, Draw())
    assert not RULES.is_over(s)
    s = RULES.apply(s, 1, EndTurn())
    assert RULES.is_over(s)
    assert RULES.scores(s) == (31, 4, 32, 5)
    assert s.events[-2][0] == "round_end" and s.events[-1] == ("game_over", (31, 4, 32, 5))


def test_six_players_reshuffle_half_the_discard_pile_once_a_round():
    s = position(players=6, hands=[[]] * 6, coins=(12, 0, 12, 0, 12, 0), draw_pile=[(D, 1)], drawn=False)
    s = replace(s, discard=tuple([(O, 2)] * 7))
    s = RULES.apply(s, 1, Draw())
    s = RULES.apply(s, 1, EndTurn())
    assert not RULES.is_over(s) and s.reshuffled
    assert len(s.draw_pile) == 4 and len(s.discard) == 3 and ("reshuffle", 4) in s.events
    for seat in (2, 3, 4, 5):  # four more turns empty the pile again
        assert s.current == seat
        s = RULES.apply(s, seat, Draw())
        s = RULES.apply(s, seat, EndTurn())
    assert RULES.is_over(s)  # no second reshuffle


def test_four_players_never_reshuffle():
    s = position(hands=[[]] * 4, draw_pile=[(D, 1)], drawn=False)
    s = replace(s, discard=tuple([(O, 2)] * 7))
    s = RULES.apply(s, 1, RULES.legal_actions(s, 1)[0])
    s = RULES.apply(s, 1, EndTurn())
    assert RULES.is_over(s)


# --- Score ---------------------------------------------------------------------------------------------------------


def test_score_is_team_coins_plus_own_coins():
    s = position(coins=(7, 5, 5, 7))
    assert RULES.scores(s) == (19, 17, 17, 19)
    s6 = position(players=6, coins=(1, 2, 3, 4, 5, 6))
    assert RULES.scores(s6) == (10, 14, 12, 16, 14, 18)


def end_round(s, coins):
    """Finish the running round with these coins: the draw pile runs out before the next player can draw."""
    s = replace(s, coins=tuple(coins), draw_pile=(), drawn=True, pending=None, discard=())
    return RULES.apply(s, s.current, EndTurn())


def test_five_round_option_adds_up_the_rounds_and_deals_roles_again():
    s = RULES.initial_state(3, 4, rounds=5)
    rng = Rng(3)
    round_scores_seen, dealers = [], [s.dealer]
    while not RULES.is_over(s):
        (seat,) = RULES.to_act(s)
        a, rng = rng.choice(list(RULES.legal_actions(s, seat)))
        before = s.round_no
        s = RULES.apply(s, seat, a)
        round_scores_seen += [e[2] for e in s.events if e[0] == "round_end"]
        if s.round_no != before:
            dealers.append(s.dealer)
            assert s.coins == tuple(12 if s.roles[p] == COP else 0 for p in range(4))
            assert all(len(h) == 5 for h in s.hands) and len(s.draw_pile) == 40
    assert len(round_scores_seen) == 5 and s.round_no == 5
    assert RULES.scores(s) == tuple(sum(r[p] for r in round_scores_seen) for p in range(4))
    assert dealers == [(dealers[0] + k) % 4 for k in range(5)]


@pytest.mark.parametrize("players,splits", [(4, 6), (6, 20)])
def test_five_round_option_any_split_of_the_players_into_cops_and_robbers_is_reachable(players, splits):
    """Rules, "Score": "Option: 5 rounds with roles reassigned each round — dealt at random again, then seats
    rearranged so Cops and Robbers alternate; any split of the players is possible"."""
    seen = Counter()
    for seed in range(12):
        s = RULES.initial_state(seed, players, rounds=5)
        while True:
            seen[frozenset(p for p in range(players) if s.roles[p] == COP)] += 1
            around = [s.roles[p] for p in s.order]
            assert all(around[k] != around[(k + 1) % players] for k in range(players)), "seats alternate"
            if s.round_no == 5:
                break
            s = end_round(s, s.coins)
    assert sum(seen.values()) == 60
    assert len(seen) == splits  # 4 players: all 6 ways to pick the Cops; 6 players: all 20
    assert all(len(k) == players // 2 for k in seen)


def test_five_round_option_a_new_round_changes_places_and_turns_follow_the_new_seating():
    """Rules, "Setup": "seats alternate Cop, Robber" and "Play goes clockwise starting with the first Robber to the
    dealer's left": after roles are dealt again the players sit in the new order and turns follow it."""
    s = RULES.initial_state(5, 4, rounds=5)
    moved = 0
    for _ in range(4):
        before = s.order
        s = end_round(s, s.coins)
        moved += s.order != before
        assert s.order == seating(s.roles)
        at = s.order.index(s.dealer)
        robbers_left = [s.order[(at + k) % 4] for k in range(1, 5) if s.roles[s.order[(at + k) % 4]] == ROBBER]
        assert s.current == robbers_left[0]
        s2 = RULES.apply(RULES.apply(s, s.current, Draw()), s.current, EndTurn())
        assert s2.current == s.order[(s.order.index(s.current) + 1) % 4]
    assert moved >= 1


def test_five_round_option_each_players_scores_carry_over_whatever_their_new_role_and_place():
    """Rules, "Score": "each player's scores added up" — the seat (the player) keeps its total when it changes team."""
    s = RULES.initial_state(2, 4, rounds=5)
    totals = [0, 0, 0, 0]
    for k in range(5):
        roles = s.roles
        coins = [3 + k, 1, 7, 2] if roles[0] == COP else [1, 3 + k, 2, 7]
        coins = [coins[p] if roles[p] == ROBBER or coins[p] else 1 for p in range(4)]
        team = {r: sum(coins[p] for p in range(4) if roles[p] == r) for r in (COP, ROBBER)}
        for p in range(4):
            totals[p] += team[roles[p]] + coins[p]
        s = end_round(s, coins)
    assert RULES.is_over(s) and RULES.scores(s) == tuple(totals)


def test_round_scores_count_the_team_by_role_not_by_seat_number():
    roles = (COP, COP, ROBBER, ROBBER)
    assert round_scores(roles, (5, 1, 2, 0)) == (11, 7, 4, 2)
    assert teammates(roles, 1) == (0, 1) and teammates(roles, 3) == (2, 3)
    assert seating(roles) == (0, 2, 1, 3)
    with pytest.raises(ValueError):
        seating((COP, COP, COP, ROBBER))


# --- Conservation (property tests) ---------------------------------------------------------------------------------


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([4, 6]), picks=st.lists(st.integers(0, 1000), max_size=250))
def test_coins_and_cards_are_conserved(seed, players, picks):
    """What a Cop loses a Robber gains: total coins stay 12 a Cop; Cops never gain, Robbers never lose; no card is
    made or lost."""
    s = RULES.initial_state(seed, players)
    total = 12 * players // 2
    for k in picks:
        if RULES.is_over(s):
            break
        (seat,) = RULES.to_act(s)
        legal = RULES.legal_actions(s, seat)
        after = RULES.apply(s, seat, legal[k % len(legal)])
        assert sum(after.coins) == total
        assert cards_in_play(after) == Counter(full_deck())
        if after.round_no == s.round_no and not after.over:
            for p in range(players):
                if s.roles[p] == COP:
                    assert after.coins[p] <= s.coins[p]
                else:
                    assert after.coins[p] >= s.coins[p]
        s = after


# --- View, hidden information, encoding ----------------------------------------------------------------------------


def test_view_shows_own_hand_and_only_counts_of_the_others():
    s = RULES.initial_state(4, 4)
    for seat in range(4):
        v = RULES.view(s, seat)
        assert v.hand == s.hands[seat] and v.hand_counts == (5, 5, 5, 5)
        assert v.roles == RULES.roles(s) and v.coins == s.coins and v.draw_count == 40
    assert RULES.view(s, None).hand == ()
    other = sample_hidden(s, 2, Rng(1))
    assert other.hands[2] == s.hands[2] and other.hands != s.hands
    assert RULES.view(other, 2) == RULES.view(s, 2)


def test_actions_encode_and_decode_and_junk_is_refused():
    actions = [Draw(), EndTurn()] + [Defend(v, t) for v in range(1, 5) for t in range(6)] + \
              [Attack(v, t) for v in range(1, 5) for t in range(6)] + \
              [Respond(h, u) for h in range(5) for u in range(5)]
    codes = [RULES.encode_action(a) for a in actions]
    assert len(set(codes)) == len(codes)
    assert all(RULES.decode_action(RULES.encode_action(a)) == a for a in actions)
    for junk in (-1, 75, 1000):
        with pytest.raises(IllegalAction):
            RULES.decode_action(junk)
    assert describe_action(Attack(3, 2)) == "offence 3 on player 3"
    assert describe_action(Respond(0, 0)) == "add nothing, use all shields"


# --- The bot -------------------------------------------------------------------------------------------------------


def test_bot_frees_a_jailed_teammate():
    s = position(hands=[[], [], [], [(D, 1), (D, 3), (O, 4)]], jail=(0, 3, 0, 0), current=3)
    assert choose(RULES.view(s, 3), RULES.legal_actions(s, 3), Rng(1), "normal") == Defend(3, 1)


def test_bot_cop_answers_to_pay_as_little_as_possible_and_robber_to_steal_most():
    s = position(hands=[[(D, 1), (D, 2)], [(O, 3)], [], []], shields=[[1], [], [], []])
    s = RULES.apply(s, 1, Attack(3, 0))
    assert choose(RULES.view(s, 0), RULES.legal_actions(s, 0), Rng(1), "hard") == Respond(2, 0)  # 1 + 2 = 3
    s = position(hands=[[(O, 1)], [(D, 2), (D, 4)], [], []], current=0)
    s = RULES.apply(s, 0, Attack(1, 1))
    assert choose(RULES.view(s, 1), RULES.legal_actions(s, 1), Rng(1), "hard") == Respond(4, 4)  # steals 3


def test_bot_robber_attacks_the_weakest_cop():
    s = position(hands=[[], [(O, 4)], [], []], shields=[[3, 4], [], [], []], coins=(12, 0, 12, 0))
    a = choose(RULES.view(s, 1), RULES.legal_actions(s, 1), Rng(1), "hard")
    assert a == Attack(4, 2)


def test_bot_cop_does_not_hand_a_robber_coins_to_steal():
    # the Robber shows a 4: an offence of 1 would let them steal 3
    s = position(hands=[[(O, 1)], [], [], []], shields=[[], [4], [], [4]], current=0)
    a = choose(RULES.view(s, 0), RULES.legal_actions(s, 0), Rng(1), "hard")
    assert not isinstance(a, Attack)


def test_bot_decides_fast_and_only_from_its_view(pace):
    """The heuristic levels: re-dealing every hidden card (consistently with the view) never changes a decision."""
    worst = 0.0
    for seed in range(4):
        s = RULES.initial_state(seed, 6)
        step = 0
        while not RULES.is_over(s):
            (seat,) = RULES.to_act(s)
            legal = RULES.legal_actions(s, seat)
            rng = decision_rng(seed, seat, step)
            level = ("easy", "normal")[step % 2]
            t0 = time.process_time()
            a = choose(RULES.view(s, seat), legal, rng, level)
            worst = max(worst, time.process_time() - t0)
            other = sample_hidden(s, seat, Rng(step))
            assert choose(RULES.view(other, seat), legal, rng, level) == a
            s = RULES.apply(s, seat, a)
            step += 1
    assert worst < pace.cpu(0.05), pace  # the target is 20 ms of processor time (tools/bench_rules.py)


def test_hard_bot_searches_the_view_only():
    """The search gets the view and nothing else: every decision is the same on a re-dealt table (same view), and
    its determinizations keep every card the view shows where the view shows it."""
    s = RULES.initial_state(21, 4)
    step = checked = 0
    while not RULES.is_over(s) and checked < 6:
        (seat,) = RULES.to_act(s)
        legal = RULES.legal_actions(s, seat)
        rng = decision_rng(21, seat, step)
        a = choose(RULES.view(s, seat), legal, rng, "normal")
        if len(legal) > 2 and step % 3 == 0:
            view = RULES.view(s, seat)
            mine = search.choose(view, legal, rng, 600)
            other = sample_hidden(s, seat, Rng(step))
            assert search.choose(RULES.view(other, seat), legal, rng, 600) == mine
            for k in range(3):
                det = sample_hidden(search.table_from_view(view), seat, Rng(k))
                assert RULES.view(det, seat) == replace(view, events=())
            checked += 1
        s = RULES.apply(s, seat, a)
        step += 1
    assert checked == 6


def test_bot_team_beats_random_team():
    """Regression guard (tools/arena_cops_and_robbers.py runs the 200-game figure, >= 70% asked)."""
    games = wins = 0
    for g in range(40):
        bot_team = g % 2
        s = RULES.initial_state(9000 + g, 4)
        step = 0
        while not RULES.is_over(s):
            (seat,) = RULES.to_act(s)
            legal = RULES.legal_actions(s, seat)
            rng = decision_rng(g, seat, step)
            bot = s.roles[seat] == (COP, ROBBER)[bot_team]
            a = choose(RULES.view(s, seat), legal, rng, "normal") if bot else random_choose(None, legal, rng)
            s = RULES.apply(s, seat, a)
            step += 1
        sc = RULES.scores(s)
        top = {s.roles[p] for p in range(4) if sc[p] == max(sc)}
        games += 1
        wins += top == {(COP, ROBBER)[bot_team]}
    assert wins >= 0.6 * games


# --- What the table is told (events), and rules the mutation run asked for -----------------------------------------


def test_every_action_tells_the_table_what_happened_and_hides_the_drawn_card():
    """The table animates and logs ``state.events`` (the rules module's event list): each action's own events,
    nothing left over from the action before."""
    s = position(hands=[[(D, 4)], [(O, 3), (D, 2)], [], [(D, 1)]], shields=[[1], [], [], []], drawn=False,
                 draw_pile=[(O, 2), (O, 1)])
    s = RULES.apply(s, 1, Draw())
    assert s.events == (("draw", 1),)
    s = RULES.apply(s, 1, Defend(2, 3))
    assert s.events == (("defence", 1, 2, 3, False),)
    s = RULES.apply(s, 1, Attack(3, 0))
    assert s.events == (("offensive", 1, 3, 0),)
    s = RULES.apply(s, 0, Respond(0, 0))  # the 1 alone: the Cop pays 2
    assert s.events == (("respond", 0, 0, 0), ("pay", 0, 1, 2), ("discard", ((O, 3), (D, 1))))
    s = RULES.apply(s, 1, EndTurn())
    assert s.events == (("turn", 2),)


def test_jail_and_release_are_told_to_the_table():
    s = position(hands=[[(O, 4)], [], [], [(D, 3)]], shields=[[], [1], [], []], current=0)
    s = RULES.apply(s, 0, Attack(4, 1))
    s = RULES.apply(s, 1, Respond(0, 0))
    assert s.events == (("respond", 1, 0, 0), ("jail", 1, 4, (1,)))
    s = replace(s, current=3)
    s = RULES.apply(s, 3, Defend(3, 1))
    assert s.events == (("defence", 3, 3, 1, True), ("discard", ((O, 4), (D, 1), (D, 3))), ("free", 1))


def test_a_steal_and_a_blocked_offence_are_told_to_the_table():
    s = position(hands=[[(O, 1)], [], [], []], shields=[[], [3], [], []], current=0)
    s = RULES.apply(s, 0, Attack(1, 1))
    s = RULES.apply(s, 1, Respond(0, 3))
    assert s.events == (("respond", 1, 0, 3), ("steal", 1, 0, 2), ("discard", ((O, 1), (D, 3))))


def test_a_cop_whose_defence_beats_a_robbers_offence_steals_nothing():
    """Rules, "Offensive" 3: "If the target is a Robber and the defence exceeds the offence, the Robber steals the
    difference" — a Cop's bigger shield only blocks."""
    s = position(hands=[[], [(O, 1)], [], []], shields=[[4], [], [], []], coins=(12, 5, 12, 0))
    s = RULES.apply(s, 1, Attack(1, 0))
    s = RULES.apply(s, 0, Respond(0, 4))
    assert s.coins == (12, 5, 12, 0) and not any(e[0] in ("steal", "pay") for e in s.events)


def test_one_defence_a_turn_also_when_it_goes_on_a_jail():
    """Rules, "A turn": "Play at most one Defence card" — a shield laid on a jail is that turn's Defence."""
    s = position(hands=[[], [(D, 1), (D, 2)], [], []], jail=(0, 0, 0, 4), current=1)
    s = RULES.apply(s, 1, Defend(1, 3))
    assert s.jail[3] == 4 and s.jail_shields[3] == (1,) and s.hands[1] == ((D, 2),)
    assert not any(isinstance(a, Defend) for a in RULES.legal_actions(s, 1))
    with pytest.raises(IllegalAction):
        RULES.apply(s, 1, Defend(2, 1))


def test_an_exact_defence_by_a_robber_only_blocks():
    s = position(hands=[[(O, 3)], [], [], []], shields=[[], [3], [], []], current=0)
    s = RULES.apply(s, 0, Attack(3, 1))
    s = RULES.apply(s, 1, Respond(0, 3))
    assert s.events == (("respond", 1, 0, 3), ("discard", ((O, 3), (D, 3))))


def test_a_new_round_is_told_to_the_table_and_starts_afresh():
    """Rules, "Setup" again at each round of the 5-round option: the first Robber to act may draw, lay a Defence and
    start an Offensive; the last round's scores are shown."""
    s = RULES.initial_state(6, 4, rounds=5)
    assert s.last_round == (0, 0, 0, 0) and s.totals == (0, 0, 0, 0)
    s = replace(s, defended=True, attacked=True)
    cops = [p for p in range(4) if s.roles[p] == COP]
    coins = tuple(5 if p == cops[0] else 7 if p in cops else 6 for p in range(4))  # Cops 12, Robbers 12
    first = RULES.initial_state(6, 4, rounds=5)
    s = end_round(s, coins)
    expected = tuple(12 + coins[p] for p in range(4))
    assert s.round_no == 2 and s.last_round == expected and s.totals == expected and not RULES.is_over(s)
    deal = [e for e in s.events if e[0] == "deal"]
    assert deal == [("deal", 2, (first.dealer + 1) % 4, s.roles, s.order)]
    assert s.events[-1] == ("turn", s.current) and s.events[-2] == deal[0]
    s = RULES.apply(s, s.current, Draw())
    legal = RULES.legal_actions(s, s.current)
    kinds = {k for k, _ in s.hands[s.current]}
    assert any(isinstance(a, Defend) for a in legal) == (D in kinds)
    assert any(isinstance(a, Attack) for a in legal) == (O in kinds)


def test_the_last_round_ends_the_game_with_its_scores():
    s = RULES.initial_state(6, 4)
    cops = [p for p in range(4) if s.roles[p] == COP]
    coins = tuple(4 if p in cops else 8 for p in range(4))
    s = end_round(s, coins)
    assert RULES.is_over(s) and s.pending is None
    assert s.last_round == s.totals == tuple(8 + 4 if p in cops else 16 + 8 for p in range(4))
    assert s.events[-1] == ("game_over", s.totals)


def test_six_players_reshuffle_puts_back_half_rounded_up_and_the_game_goes_on():
    """Rules, "End": "shuffle the discard pile and put half of it back as the draw pile (once per round)"."""
    s = position(players=6, hands=[[]] * 6, coins=(12, 0, 12, 0, 12, 0), draw_pile=[(D, 1)], drawn=False)
    s = replace(s, discard=tuple([(O, 2)] * 4 + [(D, 3)] * 4), rounds=5)
    s = RULES.apply(s, 1, Draw())
    s = RULES.apply(s, 1, EndTurn())
    assert len(s.draw_pile) == 4 and len(s.discard) == 4
    assert s.events == (("turn", 2), ("reshuffle", 4))
    for seat in (2, 3, 4, 5):
        s = RULES.apply(RULES.apply(s, seat, Draw()), seat, EndTurn())
    assert s.round_no == 2 and len(s.draw_pile) == 30  # the next round is dealt from the state's generator


def test_seating_alternates_starting_with_seat_zero_whatever_its_role():
    assert seating((ROBBER, COP, COP, ROBBER)) == (0, 1, 3, 2)
    assert seating((ROBBER, ROBBER, COP, ROBBER, COP, COP)) == (0, 2, 1, 4, 3, 5)


def test_the_view_shows_every_public_part_of_the_table():
    s = position(hands=[[(O, 2)], [(D, 1)], [], []], shields=[[1], [], [2], []], jail=(0, 0, 0, 3),
                 jail_shields=[(), (), (), (1,)], coins=(10, 2, 12, 0), current=1, drawn=True)
    s = replace(s, rounds=5, round_no=2, dealer=3, totals=(5, 6, 7, 8), last_round=(1, 2, 3, 4), reshuffled=True,
                discard=((O, 4),), pending=Offensive(1, 0, 2), defended=True, attacked=True)
    v = RULES.view(s, 2)
    assert (v.rounds, v.round_no, v.dealer, v.current, v.order) == (5, 2, 3, 1, (0, 1, 2, 3))
    assert (v.drawn, v.defended, v.attacked, v.reshuffled, v.over) == (True, True, True, True, False)
    assert (v.totals, v.last_round, v.events) == ((5, 6, 7, 8), (1, 2, 3, 4), s.events)
    assert v.coins == (10, 2, 12, 0) and v.pending == Offensive(1, 0, 2) and v.discard == ((O, 4),)


def test_action_texts_and_refusals_name_the_problem():
    assert describe_action(Draw()) == "draw a card" and describe_action(EndTurn()) == "end turn"
    assert describe_action(Defend(2, 0)) == "shield 2 for player 1"
    assert describe_action(Respond(2, 3)) == "add shield 2, use the 3"
    assert describe_action("pass") == "'pass'"
    for junk in (Defend(5, 0), Defend(1, 6), Attack(5, 0), Attack(1, 6), Respond(5, 0), Respond(0, 5), "junk"):
        with pytest.raises(IllegalAction, match="not a cops_and_robbers action"):
            RULES.encode_action(junk)
    with pytest.raises(IllegalAction, match="no cops_and_robbers action 75"):
        RULES.decode_action(75)
    with pytest.raises(IllegalAction, match="not legal for seat 0"):
        RULES.apply(position(), 0, Draw())
    with pytest.raises(ValueError, match="4 or 6 players"):
        RULES.initial_state(1, 5)
    with pytest.raises(ValueError, match="rounds must be 1 or 5"):
        RULES.initial_state(1, 4, rounds=2)
    with pytest.raises(ValueError, match="unknown options"):
        RULES.initial_state(1, 4, speed=2)
    with pytest.raises(ValueError, match="half Cops, half Robbers"):
        seating((COP, COP, ROBBER, COP))


def test_checksums_tell_states_apart():
    a = RULES.initial_state(1, 4)
    assert RULES.checksum(a) == RULES.checksum(RULES.initial_state(1, 4))
    assert RULES.checksum(a) != RULES.checksum(RULES.apply(a, a.current, Draw()))


def test_sample_hidden_keeps_every_card_and_mixes_the_draw_pile_too():
    s = RULES.initial_state(8, 4)
    mixed = [sample_hidden(s, 0, Rng(k)) for k in range(5)]
    for m in mixed:
        assert cards_in_play(m) == Counter(full_deck())
    assert any(m.draw_pile != s.draw_pile for m in mixed)


def team_wins(deals, role_player):
    """How many of ``deals`` (seeds of 4-player games) the team given to ``role_player`` wins: it holds the Cops in
    even games and the Robbers in odd ones; the other team plays normal."""
    wins = 0
    for g, seed in enumerate(deals):
        s = RULES.initial_state(seed, 4)
        role = (COP, ROBBER)[g % 2]
        step = 0
        while not RULES.is_over(s):
            (seat,) = RULES.to_act(s)
            legal = RULES.legal_actions(s, seat)
            rng = decision_rng(seed, seat, step)
            view = RULES.view(s, seat)
            a = role_player(view, legal, rng) if s.roles[seat] == role else choose(view, legal, rng, "normal")
            s = RULES.apply(s, seat, a)
            step += 1
        sc = RULES.scores(s)
        wins += {s.roles[p] for p in range(4) if sc[p] == max(sc)} == {role}
    return wins


@pytest.mark.slow
def test_hard_team_wins_more_than_half_against_a_normal_team():
    """Issue #18: the searching level beats the heuristic one. tools/ladder.py measures the 200-game figure (quoted in
    ``bot.py``); here a generous bound on 20 seeded deals, the hard team holding the Cops in even deals and the
    Robbers in odd ones, at 8,000 simulated actions a decision (two fifths of ``BUDGET``, to stay under 20 s of
    processor time): 14 of 20 when written."""
    hard = team_wins(range(4000, 4020), lambda v, legal, rng: search.choose(v, legal, rng, 8000,
                                                                           prior=choose(v, legal, rng, "normal")))
    assert hard > 10, hard
