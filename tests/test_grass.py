"""Grass (rules/grass.md): every card's effect, trading, every scoring step, the rulebook's worked example, the match,
learning mode, the view, card conservation (hypothesis) and the bot."""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings, strategies as st

from arcade.games import REGISTRY, IllegalAction
from arcade.games.bots import decision_rng, random_choose
from arcade.games.grass import (ANY, CARDS, RULES, Action, Cover, Seat, Stash, choose, describe_action, sample_hidden,
                                score_hand, state_from_view)
from arcade.games.grass.cards import (A_BREEZE_TO_FLY, BANKER, BUST, CATCH_A_BUZZ, CHARGES_DROPPED, COLOMBIA,
                                      DETAINED, DOUBLE_CROSSED, DR_FEELGOOD, EUPHORIA, FELONY, GRAB_A_SNACK,
                                      HEARSAY_EVIDENCE, HOME_GROWN, IMMUNITY, JAMAICA, LUST_CONQUERS_ALL,
                                      MARKET_CLOSE, MARKET_OPEN, MEXICO, NO_CARD, PANAMA, PAY_FINE,
                                      SEARCH_AND_SEIZURE, SOLD_OUT, STEAL_YOUR_NEIGHBORS_POT, STONEHIGH,
                                      UTTERLY_WIPED_OUT, full_deck)
from arcade.games.grass.state import decode_action, encode_action
from arcade.games.rng import Rng, seed_mix

OPEN = (MARKET_OPEN,)
FULL = Counter(full_deck())


# --- helpers -------------------------------------------------------------------------------------------------------


def table(hands, *, current=0, piles=None, heats=None, stashes=None, draws=(), totals=None, wasted=(), **kw):
    """A "play" state with the given hands (the current player's hand holds its 7 cards), Hassle piles, heats,
    stashes; ``draws`` are the next cards of the Grass stack (first drawn first); the rest of the 104 cards lie
    under them, so every card is somewhere."""
    n = len(hands)
    s0 = RULES.initial_state(1, n)
    seats = tuple(Seat(tuple(sorted(hands[i])), tuple(piles[i]) if piles else (),
                       heats[i] if heats else NO_CARD, stashes[i] if stashes else Stash()) for i in range(n))
    used = Counter(wasted) + Counter(draws)
    for p in seats:
        used += Counter(p.hand) + Counter(p.pile) + Counter(p.stash.cards())
    rest = FULL - used
    assert not (used - FULL), f"more cards than the deck holds: {used - FULL}"
    deck = tuple(sorted(rest.elements())) + tuple(reversed(draws))
    return replace(s0, seats=seats, deck=deck, wasted=tuple(wasted), current=current, dealer=(current - 1) % n,
                   totals=totals or (0,) * n, events=(), **kw)


def census(s) -> Counter:
    """Where every card is: Grass stack, Wasted pile, box, hands, Hassle piles, stashes, chosen Paranoia passes."""
    c = Counter(s.deck) + Counter(s.wasted) + Counter(s.box)
    for p in s.seats:
        c += Counter(p.hand) + Counter(p.pile) + Counter(p.stash.cards())
    c += Counter(k for k in s.passes if k != NO_CARD)
    return c


def act(s, seat, a):
    assert a in RULES.legal_actions(s, seat), f"{describe_action(a)} not legal: {RULES.legal_actions(s, seat)}"
    s2 = RULES.apply(s, seat, a)
    assert census(s2) == FULL
    return s2


def play(k):
    return Action("play", k)


FILL = (HOME_GROWN, MEXICO, IMMUNITY, A_BREEZE_TO_FLY, HEARSAY_EVIDENCE, CHARGES_DROPPED)
NOPED = (IMMUNITY, A_BREEZE_TO_FLY, HEARSAY_EVIDENCE, CHARGES_DROPPED, MARKET_OPEN, FELONY)  # no peddle: no step 3


def discard_drawn(s):
    """The current player discards the card it has just drawn."""
    assert s.events[-1][:2] == ("draw", s.current)
    return act(s, s.current, Action("discard", s.events[-1][2]))


# --- the deck ------------------------------------------------------------------------------------------------------


def test_the_deck_has_104_cards_with_the_rulebook_counts_and_values():
    by = {c.name: (c.count, c.value) for c in CARDS}
    assert sum(c.count for c in CARDS) == 104 == len(full_deck())
    assert by["Market Open"][0] == 10 and by["Market Close"][0] == 5
    assert by["Home Grown"] == (6, 5_000) and by["Mexico"] == (6, 5_000)
    assert by["Colombia"] == (5, 25_000) and by["Jamaica"] == (5, 25_000) and by["Panama"] == (5, 50_000)
    assert by["Dr. Feelgood"] == (1, 100_000)
    assert by["Lust Conquers All"] == (2, 50_000)
    assert by["Grab a Snack"] == (2, 25_000) and by["Catch a Buzz"] == (2, 25_000)
    for heat in ("Bust", "Detained", "Felony", "Search & Seizure"):
        assert by[heat][0] == 3
    for off in ("Immunity", "A Breeze to Fly", "Hearsay Evidence", "Charges Dropped"):
        assert by[off][0] == 5
    assert by["Pay Fine / Heat Off"][0] == 4
    assert by["Stonehigh"][0] == 5 and by["Euphoria"][0] == 1
    assert by["Sold Out"] == (4, 25_000) and by["Double Crossed"] == (3, 50_000)
    assert by["Utterly Wiped Out"] == (1, 100_000)
    assert by["Steal Your Neighbor's Pot"][0] == 4 and by["Banker"][0] == 1


def test_registry_and_player_counts():
    assert REGISTRY["grass"] is RULES and (RULES.min_players, RULES.max_players) == (2, 6)
    with pytest.raises(ValueError):
        RULES.initial_state(0, 7)
    with pytest.raises(ValueError):
        RULES.initial_state(0, 1)


@pytest.mark.parametrize("players", range(2, 7))
def test_deal_six_each_and_the_player_left_of_the_dealer_draws_first(players):
    s = RULES.initial_state(5, players)
    assert s.dealer == players - 1 and s.current == 0 and s.phase == "play"
    assert [len(p.hand) for p in s.seats] == [7] + [6] * (players - 1)
    assert len(s.deck) == 104 - 6 * players - 1
    assert census(s) == FULL
    assert s.events[-1][:2] == ("draw", 0)


def test_a_turn_is_draw_then_play_or_discard_and_everyone_ends_with_six():
    s = table([(MARKET_OPEN,) + FILL, FILL[:6]], draws=(PANAMA,))
    s = act(s, 0, play(MARKET_OPEN))
    assert s.seats[0].market_open and len(s.seats[0].hand) == 6
    assert s.current == 1 and len(s.seats[1].hand) == 7 and PANAMA in s.seats[1].hand
    s = act(s, 1, Action("discard", PANAMA))
    assert s.wasted[-1] == PANAMA and len(s.seats[1].hand) == 6 and s.current == 0


# --- market, peddle, heat ------------------------------------------------------------------------------------------


def test_market_open_is_needed_before_peddle_and_extras_are_only_discarded():
    s = table([(MARKET_OPEN, MARKET_OPEN, PANAMA) + FILL[:4], FILL])
    legal = RULES.legal_actions(s, 0)
    assert play(PANAMA) not in legal and play(MARKET_OPEN) in legal
    s = act(s, 0, play(MARKET_OPEN))
    s = act(s, 1, Action("discard", s.seats[1].hand[0]))
    legal = RULES.legal_actions(s, 0)
    assert play(PANAMA) in legal
    assert play(MARKET_OPEN) not in legal and Action("discard", MARKET_OPEN) in legal
    s = act(s, 0, play(PANAMA))
    assert s.seats[0].stash.loose == (PANAMA,) and s.seats[0].stash.total == 50_000


def test_heat_on_goes_on_an_open_unheated_opponent_and_blocks_peddle_close_and_skim():
    hands = [(BUST, DETAINED) + FILL[:5], (PANAMA, MARKET_CLOSE, STEAL_YOUR_NEIGHBORS_POT) + FILL[:3],
             FILL]
    stashes = [Stash(), Stash(), Stash((COLOMBIA,))]
    s = table(hands, piles=[(), OPEN, OPEN], stashes=stashes)
    legal = RULES.legal_actions(s, 0)
    # own market closed: heat may still be played, on open piles only, never on oneself
    assert Action("play_on", BUST, 1) in legal and Action("play_on", BUST, 2) in legal
    assert Action("play_on", BUST, 0) not in legal
    s = act(s, 0, Action("play_on", BUST, 1))
    assert s.seats[1].heat == BUST and s.seats[1].pile[-1] == BUST
    legal1 = RULES.legal_actions(s, 1)
    assert play(PANAMA) not in legal1 and play(MARKET_CLOSE) not in legal1
    assert not any(a.op == "play_on" and a.card == STEAL_YOUR_NEIGHBORS_POT for a in legal1)
    s = act(s, 1, Action("discard", HOME_GROWN))
    s = act(s, 2, Action("discard", HOME_GROWN))
    # a second Heat On cannot go on a pile that already has heat
    assert Action("play_on", DETAINED, 1) not in RULES.legal_actions(s, 0)


def test_the_matching_heat_off_clears_heat_and_the_market_open_goes_back_on_top():
    s = table([(A_BREEZE_TO_FLY, IMMUNITY, PANAMA, HOME_GROWN, MEXICO, HOME_GROWN, MEXICO), FILL],
              piles=[(MARKET_OPEN, BUST), OPEN], heats=[BUST, NO_CARD])
    legal = RULES.legal_actions(s, 0)
    assert play(A_BREEZE_TO_FLY) not in legal and play(IMMUNITY) in legal and play(PANAMA) not in legal
    s = act(s, 0, play(IMMUNITY))
    assert s.seats[0].heat == NO_CARD
    assert s.seats[0].pile == (BUST, IMMUNITY, MARKET_OPEN)  # the heat stays in the pile, Market Open on top
    s = act(s, 1, Action("discard", HOME_GROWN))
    assert play(PANAMA) in RULES.legal_actions(s, 0)


def test_pay_fine_clears_any_heat_and_costs_the_smallest_peddle_not_with_an_empty_stash():
    hand = (PAY_FINE,) + FILL
    s = table([hand, FILL], piles=[(MARKET_OPEN, FELONY), OPEN], heats=[FELONY, NO_CARD])
    assert play(PAY_FINE) not in RULES.legal_actions(s, 0)  # empty stash
    stash = Stash((MEXICO, COLOMBIA), (Cover(GRAB_A_SNACK, (HOME_GROWN,)),))
    s = table([hand, FILL], piles=[(MARKET_OPEN, FELONY), OPEN], heats=[FELONY, NO_CARD], stashes=[stash, Stash()])
    s = act(s, 0, play(PAY_FINE))
    me = s.seats[0]
    assert me.heat == NO_CARD and me.pile[-2:] == (PAY_FINE, MARKET_OPEN)
    # smallest peddle of the Stash: a $5,000; the unprotected one goes first on equal value
    assert me.stash.loose == (COLOMBIA,) and me.stash.covers == (Cover(GRAB_A_SNACK, (HOME_GROWN,)),)
    assert MEXICO in s.wasted


# --- Nirvana -------------------------------------------------------------------------------------------------------


def test_stonehigh_takes_everyones_smallest_unprotected_peddle_clears_heat_and_gives_an_extra_turn():
    """Nirvana clears any heat and gives an extra turn; Stonehigh takes every other player's smallest unprotected
    peddle. Corrections: "Nirvana removes the Heat On card it clears to the Wasted pile"."""
    stashes = [Stash(), Stash((HOME_GROWN, PANAMA)), Stash((JAMAICA,), (Cover(GRAB_A_SNACK, (MEXICO,)),)),
               Stash((), (Cover(LUST_CONQUERS_ALL, (PANAMA,)),))]
    hands = [(STONEHIGH,) + FILL, FILL, FILL, FILL]
    s = table(hands, piles=[(MARKET_OPEN, SEARCH_AND_SEIZURE), OPEN, OPEN, OPEN],
              heats=[SEARCH_AND_SEIZURE] + [NO_CARD] * 3, stashes=stashes, draws=(COLOMBIA, JAMAICA))
    s = act(s, 0, play(STONEHIGH))
    me = s.seats[0]
    assert me.heat == NO_CARD and me.pile == (MARKET_OPEN,)  # the heat card left the pile...
    assert s.wasted == (SEARCH_AND_SEIZURE, STONEHIGH)  # ...for the Wasted pile
    assert sorted(me.stash.loose) == sorted((HOME_GROWN, JAMAICA))
    assert s.seats[1].stash.loose == (PANAMA,)
    assert s.seats[2].stash.loose == () and s.seats[2].stash.covers  # protected Mexico stays
    assert s.seats[3].stash.total == 50_000  # protected: safe
    assert STONEHIGH in s.wasted
    # extra turn: the same player draws again
    assert s.current == 0 and COLOMBIA in s.seats[0].hand and len(s.seats[0].hand) == 7
    s = act(s, 0, Action("discard", COLOMBIA))
    assert s.current == 1


def test_euphoria_takes_the_largest_unprotected_peddle_and_gives_two_extra_turns():
    stashes = [Stash(), Stash((HOME_GROWN, DR_FEELGOOD)), Stash((MEXICO, PANAMA))]
    s = table([(EUPHORIA,) + FILL, FILL, FILL], stashes=stashes, draws=(COLOMBIA, JAMAICA, PANAMA))
    s = act(s, 0, play(EUPHORIA))
    assert sorted(s.seats[0].stash.loose) == [PANAMA, DR_FEELGOOD]
    assert s.seats[1].stash.loose == (HOME_GROWN,) and s.seats[2].stash.loose == (MEXICO,)
    for drawn in (COLOMBIA, JAMAICA):
        assert s.current == 0 and s.events[-1] == ("draw", 0, drawn)
        s = act(s, 0, Action("discard", drawn))
    assert s.current == 1


# --- Protection ----------------------------------------------------------------------------------------------------


def test_protection_covers_a_chosen_set_within_its_value_never_dr_feelgood_and_not_later_peddle():
    stash = Stash((HOME_GROWN, MEXICO, COLOMBIA, JAMAICA, DR_FEELGOOD))
    s = table([(CATCH_A_BUZZ, PANAMA) + FILL[2:] + (HOME_GROWN,), FILL], piles=[OPEN, OPEN], stashes=[stash, Stash()])
    covers = {a.cards for a in RULES.legal_actions(s, 0) if a.op == "protect"}
    # $25,000: one of the $25,000 peddle, or both $5,000 ones (nothing else would still fit); never Dr. Feelgood
    assert covers == {(COLOMBIA,), (JAMAICA,), (HOME_GROWN, MEXICO)}
    s = act(s, 0, Action("protect", CATCH_A_BUZZ, cards=(JAMAICA,)))
    me = s.seats[0]
    assert me.stash.covers == (Cover(CATCH_A_BUZZ, (JAMAICA,)),)
    assert me.stash.unprotected == 135_000 and me.stash.total == 160_000
    s = act(s, 1, Action("discard", HOME_GROWN))
    s = act(s, 0, play(PANAMA))
    assert PANAMA in s.seats[0].stash.loose  # laid after the protection: not covered
    with pytest.raises(IllegalAction):
        RULES.apply(s, 1, Action("protect", CATCH_A_BUZZ, cards=(DR_FEELGOOD,)))


def test_protected_peddle_is_safe_from_steal():
    stash = Stash((HOME_GROWN,), (Cover(LUST_CONQUERS_ALL, (PANAMA,)),))
    s = table([(STEAL_YOUR_NEIGHBORS_POT,) + FILL, FILL], piles=[OPEN, OPEN], stashes=[Stash(), stash])
    s = act(s, 0, Action("play_on", STEAL_YOUR_NEIGHBORS_POT, 1))
    assert s.seats[0].stash.loose == (HOME_GROWN,)
    assert s.seats[1].stash.total == 50_000 and s.seats[1].pile[-1] == STEAL_YOUR_NEIGHBORS_POT


# --- Steal, Banker, Market Close, end of the stack -----------------------------------------------------------------


def test_steal_your_neighbors_pot_takes_the_largest_unprotected_peddle_even_from_a_heated_target():
    stashes = [Stash(), Stash((HOME_GROWN, COLOMBIA, PANAMA)), Stash((JAMAICA,))]
    s = table([(STEAL_YOUR_NEIGHBORS_POT,) + FILL, FILL, FILL], piles=[(), (MARKET_OPEN, BUST), ()],
              heats=[NO_CARD, BUST, NO_CARD], stashes=stashes)
    legal = RULES.legal_actions(s, 0)
    assert Action("play_on", STEAL_YOUR_NEIGHBORS_POT, 1) in legal
    assert Action("play_on", STEAL_YOUR_NEIGHBORS_POT, 2) not in legal  # seat 2 has no Hassle pile to lay it on
    s = act(s, 0, Action("play_on", STEAL_YOUR_NEIGHBORS_POT, 1))
    assert s.seats[0].stash.loose == (PANAMA,) and s.seats[1].stash.loose == (HOME_GROWN, COLOMBIA)
    # not playable while you have heat on you
    s = table([(STEAL_YOUR_NEIGHBORS_POT,) + FILL, FILL], piles=[(MARKET_OPEN, FELONY), OPEN],
              heats=[FELONY, NO_CARD], stashes=[Stash(), Stash((PANAMA,))])
    assert not any(a.op == "play_on" for a in RULES.legal_actions(s, 0))


def test_the_banker_is_never_laid_but_may_be_discarded():
    s = table([(BANKER,) + FILL, FILL], piles=[OPEN, OPEN])
    legal = RULES.legal_actions(s, 0)
    assert [a for a in legal if a.card == BANKER] == [Action("discard", BANKER)]


def test_market_close_on_an_open_unheated_pile_ends_the_hand_at_once():
    s = table([(MARKET_CLOSE,) + FILL, FILL], piles=[(), OPEN])
    assert play(MARKET_CLOSE) not in RULES.legal_actions(s, 0)
    assert Action("discard", MARKET_CLOSE) in RULES.legal_actions(s, 0)
    s = table([(MARKET_CLOSE,) + FILL, FILL], piles=[(MARKET_OPEN, BUST), OPEN], heats=[BUST, NO_CARD])
    assert play(MARKET_CLOSE) not in RULES.legal_actions(s, 0)
    s = table([(MARKET_CLOSE,) + NOPED, NOPED], piles=[OPEN, OPEN], stashes=[Stash((PANAMA,)), Stash()])
    s = act(s, 0, play(MARKET_CLOSE))
    assert s.phase == "scoring" and s.totals == (75_000, 0)
    assert s.dealer == 1 and RULES.to_act(s) == frozenset({0})  # the next dealer deals


def test_the_hand_ends_when_the_grass_stack_runs_out():
    s = table([FILL + (MEXICO,), FILL], draws=(PANAMA,))
    s = replace(s, deck=s.deck[-1:], wasted=s.deck[:-1])  # one card left in the Grass stack
    s = act(s, 0, Action("discard", MEXICO))
    assert s.phase == "play" and s.current == 1 and s.deck == ()
    s = act(s, 1, Action("discard", PANAMA))  # the last card drawn: that turn is played out, then the hand ends
    assert s.phase == "scoring" and ("stack_empty",) in s.events


# --- Paranoia ------------------------------------------------------------------------------------------------------


def paranoia_table(card, stash):
    hands = [(card, UTTERLY_WIPED_OUT if card != UTTERLY_WIPED_OUT else SOLD_OUT, HOME_GROWN, MEXICO, IMMUNITY,
              MARKET_OPEN, COLOMBIA),
             (PANAMA, BUST, IMMUNITY, A_BREEZE_TO_FLY, HEARSAY_EVIDENCE, CHARGES_DROPPED),
             (JAMAICA, DETAINED, IMMUNITY, A_BREEZE_TO_FLY, HEARSAY_EVIDENCE, CHARGES_DROPPED)]
    return table(hands, piles=[(MARKET_OPEN, BUST, IMMUNITY), OPEN, OPEN], stashes=[stash, Stash(), Stash()],
                 draws=(PANAMA, HOME_GROWN, MEXICO, COLOMBIA, JAMAICA, FELONY))


def pass_round(s, passes):
    for seat, k in passes:
        assert s.phase == "paranoia"
        s = act(s, seat, Action("pass", k))
    return s


def test_paranoia_may_be_discarded_like_any_card_and_costs_nothing_then():
    """Corrections: "Paranoia cards may be discarded like any other card ("en joue une … ou en défausse une")"."""
    s = paranoia_table(SOLD_OUT, Stash((HOME_GROWN,)))
    legal = RULES.legal_actions(s, 0)
    assert Action("discard", SOLD_OUT) in legal and play(SOLD_OUT) in legal
    s = act(s, 0, Action("discard", SOLD_OUT))
    assert s.phase == "play" and s.current == 1 and s.wasted[-1] == SOLD_OUT  # no pass, no penalty
    assert s.seats[0].stash.loose == (HOME_GROWN,) and s.seats[0].lost_turns == 0


def test_paranoia_everyone_passes_left_at_the_same_time_then_sold_out_costs_a_turn_and_the_smallest_peddle():
    stash = Stash((HOME_GROWN, PANAMA), (Cover(GRAB_A_SNACK, (MEXICO,)),))
    s = act(paranoia_table(SOLD_OUT, stash), 0, play(SOLD_OUT))
    assert s.phase == "paranoia" and RULES.to_act(s) == frozenset({0, 1, 2})
    s = act(s, 1, Action("pass", PANAMA))
    # chosen passes are secret until everyone has chosen
    assert RULES.to_act(s) == frozenset({0, 2})
    assert RULES.view(s, 2).seats[1].passed and RULES.view(s, 2).my_pass == NO_CARD
    assert PANAMA not in RULES.view(s, 2).hand and RULES.view(s, 1).my_pass == PANAMA
    s = pass_round(s, [(2, JAMAICA), (0, UTTERLY_WIPED_OUT)])
    hands = [p.hand for p in s.seats]
    assert JAMAICA in hands[0] and PANAMA in hands[2] and UTTERLY_WIPED_OUT in hands[1]
    # the card passed to you is visible only to you
    v1, v2 = RULES.view(s, 1), RULES.view(s, 2)
    assert ("pass", 0, 1, UTTERLY_WIPED_OUT) in v1.events and ("pass", 0, 1, NO_CARD) in v2.events
    me = s.seats[0]
    assert me.stash.loose == (PANAMA,) and me.stash.covers == stash.covers and HOME_GROWN in s.wasted
    assert SOLD_OUT in s.wasted
    # seat 1 plays, then seat 0 loses its next turn
    assert s.current == 1 and all(len(p.hand) == (7 if i == 1 else 6) for i, p in enumerate(s.seats))
    s = act(s, 1, Action("discard", BUST))
    s = act(s, 2, Action("discard", DETAINED))
    assert s.current == 1 and ("skip", 0) in s.events


def test_double_crossed_costs_two_turns_and_the_largest_unprotected_peddle():
    stash = Stash((HOME_GROWN, COLOMBIA), (Cover(LUST_CONQUERS_ALL, (PANAMA,)),))
    s = act(paranoia_table(DOUBLE_CROSSED, stash), 0, play(DOUBLE_CROSSED))
    s = pass_round(s, [(0, HOME_GROWN), (1, BUST), (2, DETAINED)])
    assert s.seats[0].stash.loose == (HOME_GROWN,) and s.seats[0].stash.total == 55_000
    assert s.seats[0].lost_turns == 2
    order = []
    for _ in range(6):
        order.append(s.current)
        s = discard_drawn(s)
    assert order == [1, 2, 1, 2, 1, 2]
    assert s.current == 0


def test_utterly_wiped_out_discards_all_unprotected_peddle_and_the_hassle_pile():
    stash = Stash((HOME_GROWN, COLOMBIA), (Cover(CATCH_A_BUZZ, (JAMAICA,)),))
    s = act(paranoia_table(UTTERLY_WIPED_OUT, stash), 0, play(UTTERLY_WIPED_OUT))
    s = pass_round(s, [(0, SOLD_OUT), (1, BUST), (2, DETAINED)])
    me = s.seats[0]
    assert me.pile == () and not me.market_open and me.stash.loose == ()
    assert me.stash.covers == (Cover(CATCH_A_BUZZ, (JAMAICA,)),)
    assert me.lost_turns == 2 and Counter(s.wasted) >= Counter((HOME_GROWN, COLOMBIA, MARKET_OPEN, BUST, IMMUNITY))
    for _ in range(6):
        s = discard_drawn(s)
    assert s.current == 0
    legal = RULES.legal_actions(s, 0)
    assert play(MARKET_OPEN) in legal and not any(a.op == "play" and a.card == COLOMBIA for a in legal)


# --- trading -------------------------------------------------------------------------------------------------------


def trade_table():
    hands = [(SOLD_OUT, HOME_GROWN, MEXICO, MARKET_OPEN, MARKET_OPEN, CHARGES_DROPPED, BUST),
             (IMMUNITY, PANAMA, A_BREEZE_TO_FLY, HEARSAY_EVIDENCE, CHARGES_DROPPED, COLOMBIA), FILL]
    stashes = [Stash((HOME_GROWN,)), Stash((MEXICO, DR_FEELGOOD), (Cover(LUST_CONQUERS_ALL, (PANAMA,)),)), Stash()]
    return table(hands, piles=[OPEN, OPEN, ()], stashes=stashes)


def build(s, target, *steps):
    s = act(s, s.current, Action("propose", -1, target))
    for op, k in steps:
        s = act(s, s.current, Action(op, k))
    return act(s, s.current, Action("send"))


def test_a_trade_swaps_a_hand_card_one_for_one_and_stash_peddle_when_the_target_accepts():
    """"A trade swaps cards one for one between hands, and/or swaps peddle from one Stash with peddle from the other
    Stash; the offered cards are named openly. The other player accepts or refuses." """
    s = trade_table()
    s = build(s, 1, ("offer", SOLD_OUT), ("ask", ANY), ("offer_peddle", HOME_GROWN), ("ask_peddle", DR_FEELGOOD))
    assert s.phase == "answer" and RULES.to_act(s) == frozenset({1})  # the target acts out of turn
    assert RULES.view(s, 2).trade == s.trade  # named openly
    legal = RULES.legal_actions(s, 1)
    assert Action("refuse") in legal and Action("accept", cards=(PANAMA,)) in legal
    s = act(s, 1, Action("accept", cards=(COLOMBIA,)))
    p, q = s.seats[0], s.seats[1]
    assert SOLD_OUT in q.hand and COLOMBIA in p.hand and SOLD_OUT not in p.hand
    assert p.stash.loose == (DR_FEELGOOD,) and q.stash.loose == (HOME_GROWN, MEXICO)
    assert q.stash.covers == (Cover(LUST_CONQUERS_ALL, (PANAMA,)),)  # protected peddle cannot be traded
    assert len(p.hand) == 7 and len(q.hand) == 6 and s.phase == "play" and s.current == 0
    s = act(s, 0, Action("discard", MARKET_OPEN))
    assert all(len(x.hand) == 6 for i, x in enumerate(s.seats) if i != s.current)


def test_a_refused_trade_changes_nothing_and_named_cards_must_be_held():
    s0 = trade_table()
    s = build(s0, 1, ("offer", HOME_GROWN), ("ask", SOLD_OUT))  # seat 1 holds no Sold Out
    assert RULES.legal_actions(s, 1) == (Action("refuse"),)
    s = act(s, 1, Action("refuse"))
    assert s.seats == s0.seats and s.phase == "play" and s.proposed == (1,)


def test_a_proposal_must_be_one_for_one_and_only_protected_free_peddle_may_be_named():
    s = act(trade_table(), 0, Action("propose", -1, 1))
    legal = RULES.legal_actions(s, 0)
    assert Action("send") not in legal
    assert Action("ask_peddle", PANAMA) not in legal and Action("ask_peddle", DR_FEELGOOD) in legal
    s = act(s, 0, Action("offer", SOLD_OUT))
    assert Action("send") not in RULES.legal_actions(s, 0)
    s = act(s, 0, Action("ask", ANY))
    legal = RULES.legal_actions(s, 0)
    assert Action("send") in legal and not any(a.op in ("offer", "ask") for a in legal)  # one card for one card


def test_at_most_three_proposals_a_turn_and_only_the_player_holding_seven_proposes():
    s = trade_table()
    assert not any(a.op == "propose" for a in RULES.legal_actions(s, 1))
    for target in (1, 2, 1):
        s = act(s, 0, Action("propose", -1, target))
        s = act(s, 0, Action("withdraw"))
    assert s.proposed == (1, 2, 1)
    assert not any(a.op == "propose" for a in RULES.legal_actions(s, 0))
    s = act(s, 0, Action("discard", MARKET_OPEN))
    assert any(a.op == "propose" for a in RULES.legal_actions(s, 1))


# --- scoring -------------------------------------------------------------------------------------------------------


def seats_with(hands, stashes):
    return [Seat(tuple(sorted(h)), OPEN, NO_CARD, st) for h, st in zip(hands, stashes)]


def test_scoring_step_1_stash_total_counts_protected_peddle():
    b = score_hand(seats_with([FILL[2:], FILL[2:]], [Stash((PANAMA,), (Cover(GRAB_A_SNACK, (JAMAICA,)),)),
                                                     Stash((HOME_GROWN,))]), (0, 0))
    assert (b[0].stash, b[1].stash) == (75_000, 5_000)


def test_scoring_step_2_banker_takes_20_percent_of_other_unprotected_stashes():
    stashes = [Stash((HOME_GROWN,)), Stash((PANAMA, COLOMBIA), (Cover(LUST_CONQUERS_ALL, (PANAMA,)),)),
               Stash((MEXICO,))]
    b = score_hand(seats_with([(BANKER,), (), ()], stashes), (0, 0, 0))
    assert [x.banker for x in b] == [15_000 + 1_000, -15_000, -1_000]
    assert [x.hand for x in b] == [5_000 + 16_000, 125_000 - 15_000 + 25_000, 5_000 - 1_000]


def test_scoring_steps_3_and_4_largest_peddle_in_hand_and_paranoia_penalties():
    b = score_hand(seats_with([(PANAMA, COLOMBIA, HOME_GROWN, SOLD_OUT, DOUBLE_CROSSED), (UTTERLY_WIPED_OUT,)],
                              [Stash((DR_FEELGOOD,)), Stash()]), (0, 0))
    assert b[0].peddle_in_hand == -50_000 and b[0].paranoia == -75_000
    assert b[1].peddle_in_hand == 0 and b[1].paranoia == -100_000


def test_scoring_step_5_bonus_to_the_highest_shared_by_ties_and_step_6_no_floor():
    """Step 5: "The player with the highest score this hand gets a $25,000 bonus" (shared by ties: decision).
    Corrections: "Running totals have no floor: they may go negative"."""
    b = score_hand(seats_with([(), (), (SOLD_OUT,)], [Stash((PANAMA,)), Stash((COLOMBIA, JAMAICA)), Stash()]),
                   (10_000, 0, 20_000))
    assert [x.bonus for x in b] == [25_000, 25_000, 0]
    assert [x.hand for x in b] == [75_000, 75_000, -25_000]
    assert [x.total for x in b] == [85_000, 75_000, -5_000]  # 20,000 - 25,000 goes below zero


EXAMPLE_HANDS = [
    (MARKET_OPEN, STONEHIGH, HOME_GROWN, BANKER, IMMUNITY, PAY_FINE),
    (MARKET_CLOSE, LUST_CONQUERS_ALL, SOLD_OUT, STEAL_YOUR_NEIGHBORS_POT, A_BREEZE_TO_FLY, HEARSAY_EVIDENCE),
    (CHARGES_DROPPED, DOUBLE_CROSSED, PANAMA, MEXICO, JAMAICA, PAY_FINE),
    (UTTERLY_WIPED_OUT, GRAB_A_SNACK, A_BREEZE_TO_FLY, STONEHIGH, MARKET_OPEN, COLOMBIA),
]


def example_after_market_close(stashes):
    """Player 1 (seat 0) ends the hand with a Market Close; the four hands are the rulebook's."""
    hands = [EXAMPLE_HANDS[0] + (MARKET_CLOSE,)] + EXAMPLE_HANDS[1:]
    s = table(hands, piles=[OPEN, OPEN, OPEN, OPEN], stashes=stashes)
    s = act(s, 0, play(MARKET_CLOSE))
    assert s.phase == "scoring" and [p.hand for p in s.seats] == [tuple(sorted(h)) for h in EXAMPLE_HANDS]
    return s


def test_rulebook_worked_example_with_empty_stashes():
    s = example_after_market_close([Stash()] * 4)
    b = s.breakdown
    assert [x.peddle_in_hand for x in b] == [-5_000, 0, -50_000, -25_000]
    assert [x.paranoia for x in b] == [0, -25_000, -50_000, -100_000]
    assert [x.banker for x in b] == [0, 0, 0, 0]  # 20% of nothing
    assert [x.hand for x in b] == [-5_000 + 25_000, -25_000, -100_000, -125_000]
    assert s.totals == (20_000, -25_000, -100_000, -125_000)  # no floor at zero


def test_rulebook_worked_example_with_our_stashes():
    # Our stashes (documented here): P1 Panama + Colombia; P2 Jamaica + Home Grown loose, Panama under Lust
    # Conquers All; P3 Dr. Feelgood + Mexico; P4 Home Grown loose, Colombia under Catch a Buzz.
    stashes = [Stash((COLOMBIA, PANAMA)),
               Stash((HOME_GROWN, JAMAICA), (Cover(LUST_CONQUERS_ALL, (PANAMA,)),)),
               Stash((MEXICO, DR_FEELGOOD)),
               Stash((HOME_GROWN,), (Cover(CATCH_A_BUZZ, (COLOMBIA,)),))]
    b = example_after_market_close(stashes).breakdown
    assert [x.stash for x in b] == [75_000, 80_000, 105_000, 30_000]
    # the Banker (player 1) takes 20% of 30,000 + 105,000 + 5,000 unprotected
    assert [x.banker for x in b] == [6_000 + 21_000 + 1_000, -6_000, -21_000, -1_000]
    assert [x.peddle_in_hand for x in b] == [-5_000, 0, -50_000, -25_000]
    assert [x.paranoia for x in b] == [0, -25_000, -50_000, -100_000]
    assert [x.bonus for x in b] == [25_000, 0, 0, 0]
    assert [x.hand for x in b] == [75_000 + 28_000 - 5_000 + 25_000, 80_000 - 6_000 - 25_000,
                                   105_000 - 21_000 - 50_000 - 50_000, 30_000 - 1_000 - 25_000 - 100_000]
    assert [x.total for x in b] == [123_000, 49_000, -16_000, -96_000]


# --- the match -----------------------------------------------------------------------------------------------------


def test_between_hands_the_next_dealer_deals_and_the_dealer_rotates():
    s = table([(MARKET_CLOSE,) + NOPED, NOPED, NOPED], piles=[OPEN, (), ()],
              stashes=[Stash((PANAMA,)), Stash(), Stash()], current=0)
    assert s.dealer == 2
    s = act(s, 0, play(MARKET_CLOSE))
    assert s.phase == "scoring" and len(s.breakdown) == 3 and RULES.to_act(s) == frozenset({0})
    v = RULES.view(s, 1)
    assert v.breakdown == s.breakdown and v.totals == s.totals == (75_000, 0, 0)
    s = act(s, 0, Action("deal"))
    assert s.dealer == 0 and s.current == 1 and s.hand_no == 2 and s.totals == (75_000, 0, 0)
    assert [len(p.hand) for p in s.seats] == [6, 7, 6] and all(p.stash == Stash() for p in s.seats)


def test_the_match_ends_when_someone_reaches_250000_and_the_highest_wins():
    s = table([(MARKET_CLOSE,) + NOPED, NOPED, NOPED], piles=[OPEN, OPEN, ()],
              stashes=[Stash((PANAMA, PANAMA, COLOMBIA, JAMAICA)), Stash((PANAMA, PANAMA, DR_FEELGOOD)), Stash()],
              totals=(100_000, 90_000, 240_000))
    s = act(s, 0, play(MARKET_CLOSE))
    # seat 0: 100k + 150k = 250k; seat 1: 90k + 200k + 25k bonus = 315k; seat 2 stays at 240k
    assert RULES.is_over(s) and s.totals == (250_000, 315_000, 240_000)
    assert RULES.winners(s) == (1,) and RULES.to_act(s) == frozenset()


def test_after_the_last_hand_the_highest_total_wins_and_ties_share():
    s = table([(MARKET_CLOSE,) + NOPED, NOPED], piles=[OPEN, OPEN], stashes=[Stash((PANAMA,)), Stash((PANAMA,))],
              max_hands=1)
    s = act(s, 0, play(MARKET_CLOSE))
    assert RULES.is_over(s) and s.totals == (75_000, 75_000) and RULES.winners(s) == (0, 1)


def test_no_cap_on_hands_the_match_goes_on_until_someone_reaches_250000():
    """Corrections: "No cap on the number of hands: hands follow until a player reaches $250,000 (an optional length
    limit may exist, off by default)"."""
    s = table([(MARKET_CLOSE,) + NOPED, NOPED], piles=[OPEN, OPEN], stashes=[Stash((PANAMA,)), Stash()],
              totals=(170_000, 0), hand_no=30)
    assert s.max_hands == 0  # the limit is off by default
    s = act(s, 0, play(MARKET_CLOSE))
    assert not RULES.is_over(s) and s.phase == "scoring" and s.totals == (245_000, 0)  # hand 30: still playing
    s = act(s, 0, Action("deal"))
    assert s.hand_no == 31 and s.phase == "play"


def test_exactly_250000_wins():
    """"The first player whose running total reaches $250,000 wins"."""
    s = table([(MARKET_CLOSE,) + NOPED, NOPED], piles=[OPEN, OPEN], stashes=[Stash((PANAMA,)), Stash()],
              totals=(175_000, 0))
    s = act(s, 0, play(MARKET_CLOSE))
    assert s.totals == (250_000, 0) and RULES.is_over(s) and RULES.winners(s) == (0,)


def test_the_optional_length_limit_is_offered_in_setup_and_off_by_default():
    """Corrections: "an optional length limit may exist, off by default"."""
    from arcade.games.grass.spec import SPEC

    opt = next(o for o in SPEC.options if o.key == "max_hands")
    assert opt.default == 0 and "250,000" in opt.labels[0]
    s = RULES.initial_state(5, 3, max_hands=opt.values[1])
    assert s.max_hands == opt.values[1] > 0
    assert RULES.initial_state(5, 3).max_hands == 0
    with pytest.raises(ValueError):
        RULES.initial_state(5, 3, max_hands=-1)


def test_turns_still_owed_from_paranoia_carry_into_the_next_hand():
    """Corrections: "Turns still owed from Paranoia carry into the next hand"."""
    s = table([(MARKET_CLOSE,) + NOPED, NOPED, NOPED], piles=[OPEN, OPEN, OPEN], current=0)
    s = replace(s, seats=(s.seats[0], s.seats[1], replace(s.seats[2], lost_turns=2)))
    s = act(s, 0, play(MARKET_CLOSE))
    s = act(s, 0, Action("deal"))  # seat 0 deals: seat 1 plays first
    assert s.current == 1 and s.seats[2].lost_turns == 2
    s = discard_drawn(s)  # seat 2 loses this turn: seat 0 plays
    assert s.current == 0 and s.seats[2].lost_turns == 1 and ("skip", 2) in s.events


def test_a_player_owing_turns_skips_the_first_turn_of_the_next_hand():
    """Corrections: "Turns still owed from Paranoia carry into the next hand" (even the hand's first turn)."""
    s = table([(MARKET_CLOSE,) + NOPED, NOPED, NOPED], piles=[OPEN, OPEN, OPEN], current=0)
    s = replace(s, seats=(s.seats[0], replace(s.seats[1], lost_turns=1), s.seats[2]))
    s = act(s, 0, play(MARKET_CLOSE))
    s = act(s, 0, Action("deal"))  # seat 1 would play first, but owes a turn
    assert s.current == 2 and s.seats[1].lost_turns == 0 and [len(p.hand) for p in s.seats] == [6, 6, 7]


def test_stash_trades_one_or_several_laid_cards_each_way():
    """Corrections: "Stash trades one or several laid peddle cards each way ("une ou plusieurs cartes déjà
    posées")"."""
    hands = [(SOLD_OUT, HOME_GROWN, MARKET_OPEN, MARKET_OPEN, CHARGES_DROPPED, BUST, FELONY),
             (IMMUNITY, PANAMA, A_BREEZE_TO_FLY, HEARSAY_EVIDENCE, CHARGES_DROPPED, COLOMBIA), FILL]
    stashes = [Stash((HOME_GROWN, MEXICO, COLOMBIA)), Stash((MEXICO, DR_FEELGOOD)), Stash()]
    s = table(hands, piles=[OPEN, OPEN, ()], stashes=stashes)
    s = act(s, 0, Action("propose", -1, 1))
    for k in (HOME_GROWN, MEXICO, COLOMBIA):
        assert Action("offer_peddle", k) in RULES.legal_actions(s, 0)
        s = act(s, 0, Action("offer_peddle", k))
    assert not any(a.op == "offer_peddle" for a in RULES.legal_actions(s, 0))  # no more loose peddle to name
    assert Action("send") not in RULES.legal_actions(s, 0)  # each way: nothing asked yet
    s = act(s, 0, Action("ask_peddle", DR_FEELGOOD))
    s = act(s, 0, Action("send"))
    s = act(s, 1, Action("accept"))
    assert s.seats[0].stash.loose == (DR_FEELGOOD,)
    assert s.seats[1].stash.loose == tuple(sorted((HOME_GROWN, MEXICO, COLOMBIA, MEXICO)))


def test_a_stash_trade_must_go_both_ways_and_a_hand_card_needs_a_hand_card():
    """"swaps peddle from one Stash with peddle from the other Stash"; hand cards "one for one"."""
    s = act(trade_table(), 0, Action("propose", -1, 1))
    s = act(s, 0, Action("offer_peddle", HOME_GROWN))
    s = act(s, 0, Action("offer", BUST))
    assert Action("send") not in RULES.legal_actions(s, 0)
    s = act(s, 0, Action("ask", ANY))
    assert Action("send") not in RULES.legal_actions(s, 0)  # still no peddle asked for
    s = act(s, 0, Action("ask_peddle", MEXICO))
    s = act(s, 0, Action("ask_peddle", DR_FEELGOOD))
    assert Action("ask_peddle", DR_FEELGOOD) not in RULES.legal_actions(s, 0)  # it has only one
    assert Action("send") in RULES.legal_actions(s, 0)


def test_a_seat_remembers_what_it_passed_and_what_it_saw_traded_and_sample_hidden_keeps_it():
    """A hidden re-deal stays consistent with what the seat knows: the card it passed left in a Paranoia, the cards
    it saw taken in a trade (named openly)."""
    s = act(paranoia_table(SOLD_OUT, Stash()), 0, play(SOLD_OUT))
    s = pass_round(s, [(0, UTTERLY_WIPED_OUT), (1, BUST), (2, DETAINED)])
    assert RULES.view(s, 0).known[1] == (UTTERLY_WIPED_OUT,)  # seat 0 passed it to seat 1
    assert RULES.view(s, 2).known[1] == ()  # seat 2 did not see it
    for i in range(20):
        other = sample_hidden(s, 0, Rng.from_seed(i))
        assert UTTERLY_WIPED_OUT in other.seats[1].hand and census(other) == FULL
    # a trade: everyone saw seat 0 take a Panama... and the Panama leaves seat 1's known cards when laid
    s = trade_table()
    s = build(s, 1, ("offer", SOLD_OUT), ("ask", PANAMA))
    s = act(s, 1, Action("accept"))
    assert RULES.view(s, 2).known[0] == (PANAMA,) and RULES.view(s, 0).known[1] == (SOLD_OUT,)
    for i in range(20):
        other = sample_hidden(s, 2, Rng.from_seed(i))
        assert PANAMA in other.seats[0].hand and SOLD_OUT in other.seats[1].hand
        assert RULES.view(other, 2) == RULES.view(s, 2)
    s = act(s, 0, play(PANAMA))
    assert RULES.view(s, 2).known[0] == ()


def test_state_from_view_gives_the_same_view_and_every_card():
    """The hard bot searches states built from its view alone: each one shows the seat exactly its view."""
    for seed in range(4):
        s = RULES.initial_state(seed, 3 + seed % 3)
        rng = Rng.from_seed(seed)
        for step in range(100 + 30 * seed):
            if RULES.is_over(s):
                break
            seat = min(RULES.to_act(s))
            if s.phase != "scoring":
                v = RULES.view(s, seat)
                other = state_from_view(v, Rng.from_seed(step))
                assert census(other) == FULL and RULES.view(other, seat) == v
                assert RULES.legal_actions(other, seat) == RULES.legal_actions(s, seat)
            a, rng = rng.choice(RULES.legal_actions(s, seat))
            s = RULES.apply(s, seat, a)


def test_learning_mode_teaches_in_four_hands():
    s = RULES.initial_state(3, 3, learning=True)
    left_out = {STONEHIGH, EUPHORIA, LUST_CONQUERS_ALL, GRAB_A_SNACK, CATCH_A_BUZZ, SOLD_OUT, DOUBLE_CROSSED,
                UTTERLY_WIPED_OUT, STEAL_YOUR_NEIGHBORS_POT, BANKER}
    seen = []
    for hand_no in range(1, 6):
        assert s.hand_no == hand_no and census(s) == FULL
        in_play = Counter(full_deck()) - Counter(s.box)
        seen.append(set(s.box))
        trading = any(a.op == "propose" for a in RULES.legal_actions(s, s.current))
        assert trading == (hand_no > 1)
        if hand_no <= 2:
            assert set(s.box) == left_out and not (set(in_play) & left_out)
        elif hand_no == 3:
            assert set(s.box) == {STONEHIGH, EUPHORIA, SOLD_OUT, DOUBLE_CROSSED, UTTERLY_WIPED_OUT}
        else:
            assert s.box == ()
        s = replace(s, deck=(), wasted=s.wasted + s.deck)  # end the hand: the stack runs out
        s = act(s, s.current, Action("discard", next(k for k in s.seats[s.current].hand if k not in
                                                    (SOLD_OUT, DOUBLE_CROSSED, UTTERLY_WIPED_OUT))))
        s = act(s, next(iter(RULES.to_act(s))), Action("deal"))
    assert seen[3] == set()


# --- view, hidden information, encoding ----------------------------------------------------------------------------


def test_view_shows_own_hand_other_hands_as_counts_and_public_piles_and_stashes():
    stash = Stash((HOME_GROWN,), (Cover(GRAB_A_SNACK, (COLOMBIA,)),))
    s = table([(PANAMA,) + FILL, FILL, FILL], piles=[OPEN, (MARKET_OPEN, BUST), ()], heats=[NO_CARD, BUST, NO_CARD],
              stashes=[Stash(), stash, Stash()], wasted=(FELONY,), totals=(5_000, 10_000, 0))
    v = RULES.view(s, 2)
    assert v.hand == s.seats[2].hand and [x.hand_count for x in v.seats] == [7, 6, 6]
    assert v.seats[1].stash == stash and v.seats[1].heat == BUST and v.seats[1].pile == (MARKET_OPEN, BUST)
    assert v.wasted == (FELONY,) and v.deck_count == len(s.deck) and v.totals == (5_000, 10_000, 0)
    spectator = RULES.view(s, None)
    assert spectator.hand == () and spectator.my_pass == NO_CARD
    s2 = act(s, 0, Action("discard", PANAMA))
    drawn = s2.events[-1]
    assert drawn[0] == "draw" and drawn[1] == 1
    assert RULES.view(s2, 1).events[-1] == drawn and RULES.view(s2, 0).events[-1] == ("draw", 1, NO_CARD)
    assert RULES.view(s2, None).events[-1] == ("draw", 1, NO_CARD)


def test_sample_hidden_keeps_the_view_and_the_cards():
    s = RULES.initial_state(8, 4)
    rng = Rng.from_seed(1)
    for seat in (0, 2, None):
        other = sample_hidden(s, seat, rng)
        assert RULES.view(other, seat) == RULES.view(s, seat) and census(other) == FULL
    assert any(sample_hidden(s, 1, Rng.from_seed(i)).seats[0].hand != s.seats[0].hand for i in range(5))


def test_action_codes_round_trip_and_junk_raises():
    s = act(trade_table(), 0, Action("propose", -1, 1))
    for a in RULES.legal_actions(s, 0) + RULES.legal_actions(trade_table(), 0):
        n = encode_action(a)
        assert 0 <= n < 65535 and decode_action(n) == a
        assert describe_action(a)
    assert encode_action(Action("accept", cards=(PANAMA, SOLD_OUT))) != encode_action(Action("accept"))
    for junk in (-1, 15 * 4096, 27, 4096 * 4 + 6, 4096 * 3 + 0):
        with pytest.raises(IllegalAction):
            decode_action(junk)


# --- conservation (property) ---------------------------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2 ** 32), players=st.integers(2, 6), learning=st.booleans(),
       steps=st.integers(50, 400))
def test_all_104_cards_are_always_somewhere(seed, players, learning, steps):
    s = RULES.initial_state(seed, players, learning=learning, max_hands=3)
    rng = Rng.from_seed(seed)
    for _ in range(steps):
        assert census(s) == FULL
        assert all(len(p.hand) == 6 for i, p in enumerate(s.seats)
                   if s.phase in ("play", "draft", "answer") and i != s.current)
        if RULES.is_over(s):
            break
        seat = sorted(RULES.to_act(s))[0]
        a, rng = rng.choice(list(RULES.legal_actions(s, seat)))
        s = RULES.apply(s, seat, a)
    assert census(s) == FULL


# --- the bot -------------------------------------------------------------------------------------------------------


def bot(s, seat=None):
    seat = s.current if seat is None else seat
    return choose(RULES.view(s, seat), RULES.legal_actions(s, seat), Rng.from_seed(0), "normal")


def test_bot_opens_its_market_and_lays_its_biggest_peddle():
    s = table([(MARKET_OPEN, PANAMA, HOME_GROWN) + FILL[2:6], FILL])
    assert bot(s) == play(MARKET_OPEN)
    s = table([(PANAMA, HOME_GROWN, DR_FEELGOOD) + FILL[2:6], FILL], piles=[OPEN, OPEN])
    assert bot(s) == play(DR_FEELGOOD)


def test_bot_clears_its_heat_and_keeps_the_right_heat_off():
    s = table([(IMMUNITY, IMMUNITY, CHARGES_DROPPED, PANAMA, MARKET_OPEN, MARKET_OPEN, HOME_GROWN), FILL],
              piles=[(MARKET_OPEN, SEARCH_AND_SEIZURE), OPEN], heats=[SEARCH_AND_SEIZURE, NO_CARD])
    assert bot(s) == play(CHARGES_DROPPED)
    s = table([(IMMUNITY, IMMUNITY, CHARGES_DROPPED, HEARSAY_EVIDENCE, MARKET_OPEN, MARKET_OPEN, A_BREEZE_TO_FLY),
               FILL], piles=[OPEN, ()])
    a = bot(s)
    assert a.op == "discard" and a.card in (IMMUNITY, MARKET_OPEN)  # a duplicate, never the only one of a kind


def test_bot_heats_the_leader():
    hands = [(BUST,) + FILL, FILL, FILL, FILL]
    s = table(hands, piles=[OPEN, OPEN, OPEN, OPEN], totals=(0, 20_000, 150_000, 30_000),
              stashes=[Stash(), Stash((PANAMA,)), Stash((HOME_GROWN,)), Stash()])
    assert bot(s) == Action("play_on", BUST, 2)


def test_bot_protects_a_big_stash():
    s = table([(LUST_CONQUERS_ALL, BUST) + FILL[2:] + (MARKET_OPEN,), FILL], piles=[OPEN, OPEN],
              stashes=[Stash((PANAMA, HOME_GROWN)), Stash()])
    s = replace(s, learning=True, hand_no=1)  # no trading: look at the play alone
    assert bot(s) == Action("protect", LUST_CONQUERS_ALL, cards=(PANAMA,))


def test_bot_plays_paranoia_when_its_stash_is_small_and_passes_paranoia_on():
    s = table([(SOLD_OUT, DOUBLE_CROSSED, BUST) + FILL[2:], FILL, FILL], piles=[OPEN, OPEN, OPEN])
    s = replace(s, learning=True, hand_no=1)
    assert bot(s).card in (SOLD_OUT, DOUBLE_CROSSED) and bot(s).op == "play"
    s = RULES.apply(s, 0, bot(s))
    assert bot(s, 0).op == "pass" and bot(s, 0).card in (SOLD_OUT, DOUBLE_CROSSED)


def test_bot_closes_the_market_when_ahead_and_not_when_behind():
    ahead = table([(MARKET_CLOSE,) + FILL, FILL], piles=[OPEN, OPEN], stashes=[Stash((PANAMA,)), Stash((MEXICO,))])
    behind = table([(MARKET_CLOSE,) + FILL, FILL], piles=[OPEN, OPEN], stashes=[Stash((MEXICO,)), Stash((PANAMA,))])
    ahead, behind = (replace(x, learning=True, hand_no=1) for x in (ahead, behind))
    assert bot(ahead) == play(MARKET_CLOSE)
    assert bot(behind) != play(MARKET_CLOSE)


def test_bot_accepts_helpful_trades_and_refuses_harmful_ones():
    hands = [(SOLD_OUT, IMMUNITY, PANAMA) + FILL[2:],
             (MARKET_OPEN, BUST, HOME_GROWN, HEARSAY_EVIDENCE, CHARGES_DROPPED, PANAMA), FILL]
    s = table(hands, piles=[OPEN, (MARKET_OPEN, DETAINED), OPEN], heats=[NO_CARD, DETAINED, NO_CARD],
              stashes=[Stash((HOME_GROWN,)), Stash((PANAMA,)), Stash()])
    bad = build(s, 1, ("offer", SOLD_OUT), ("ask", ANY))
    assert bot(bad, 1) == Action("refuse")
    bad = build(s, 1, ("offer_peddle", HOME_GROWN), ("ask_peddle", PANAMA))
    assert bot(bad, 1) == Action("refuse")
    good = build(s, 1, ("offer", A_BREEZE_TO_FLY), ("ask", ANY))  # seat 1 needs A Breeze to Fly for its Detained
    answer = bot(good, 1)
    assert answer == Action("accept", cards=(MARKET_OPEN,))  # its market is open: the extra one is worth nothing


def test_bot_proposes_to_get_rid_of_paranoia_and_builds_the_proposal_it_planned():
    s = table([(SOLD_OUT,) + FILL, FILL, FILL], piles=[OPEN, OPEN, OPEN])
    a = bot(s)
    assert a.op == "propose"
    for _ in range(8):
        s = RULES.apply(s, 0, a)
        if s.phase != "draft":
            break
        a = bot(s)
    assert s.phase == "answer" and SOLD_OUT in s.trade.offer


def test_bot_beats_random_players_on_a_small_sample_quickly(pace):
    wins, slowest, decisions, total = 0, 0.0, 0, 0.0
    games = 24
    for g in range(games):
        me = g % 4
        s = RULES.initial_state(seed_mix(2024, g), 4)
        rng = Rng.from_seed(g)
        while not RULES.is_over(s):
            seat = sorted(RULES.to_act(s))[0]
            legal = RULES.legal_actions(s, seat)
            rng, sub = Rng(rng.next64()[0]), rng
            if seat == me:
                t0 = time.perf_counter()
                a = choose(RULES.view(s, seat), legal, sub, "normal")
                dt = time.perf_counter() - t0
                slowest, total, decisions = max(slowest, dt), total + dt, decisions + 1
            else:
                a = random_choose(None, legal, sub)
            s = RULES.apply(s, seat, a)
        if RULES.winners(s) == (me,):
            wins += 1
    assert wins >= games // 2  # the arena (tools/arena_grass.py, 200 games) asks for 60%
    assert total / decisions < pace.wall(0.005) and slowest < pace.wall(0.5), pace  # (wall time: scaled by the pace)


# --- rulebook facts the mutation run asked for (docs/mutation/grass.md) -------------------------------------------


@pytest.mark.parametrize("heat,remedy", [(BUST, IMMUNITY), (DETAINED, A_BREEZE_TO_FLY), (FELONY, HEARSAY_EVIDENCE),
                                         (SEARCH_AND_SEIZURE, CHARGES_DROPPED)])
def test_each_heat_off_clears_only_its_own_heat_on(heat, remedy):
    """"Immunity ×5 (cancels Bust), A Breeze to Fly ×5 (Detained), Hearsay Evidence ×5 (Felony), Charges Dropped
    ×5 (Search & Seizure)"; "the matching Heat Off clears the matching Heat On"."""
    offs = (IMMUNITY, A_BREEZE_TO_FLY, HEARSAY_EVIDENCE, CHARGES_DROPPED)
    s = table([offs + (HOME_GROWN, MEXICO, PANAMA), FILL], piles=[(MARKET_OPEN, heat), OPEN], heats=[heat, NO_CARD])
    legal = RULES.legal_actions(s, 0)
    assert [k for k in offs if play(k) in legal] == [remedy]
    s = act(s, 0, play(remedy))
    assert s.seats[0].heat == NO_CARD and s.seats[0].pile == (heat, remedy, MARKET_OPEN)


def test_pay_fine_needs_heat_on_you():
    """"Pay Fine / Heat Off: clears any Heat On" — with no heat on your pile there is nothing to pay for."""
    stash = Stash((COLOMBIA,))
    s = table([(PAY_FINE,) + FILL, FILL], piles=[OPEN, OPEN], stashes=[stash, Stash()])
    legal = RULES.legal_actions(s, 0)
    assert play(PAY_FINE) not in legal and Action("discard", PAY_FINE) in legal


def test_pay_fine_takes_protected_peddle_when_it_is_the_smallest():
    """"Pay Fine ... you must discard your smallest peddle from your Stash" (decision: protection guards against
    Nirvana, Paranoia and Skim cards, not fines)."""
    stash = Stash((PANAMA,), (Cover(GRAB_A_SNACK, (HOME_GROWN,)),))
    s = table([(PAY_FINE,) + FILL, FILL], piles=[(MARKET_OPEN, BUST), OPEN], heats=[BUST, NO_CARD],
              stashes=[stash, Stash()])
    s = act(s, 0, play(PAY_FINE))
    me = s.seats[0]
    assert me.stash.loose == (PANAMA,) and me.stash.covers == (Cover(GRAB_A_SNACK, ()),)
    assert s.wasted[-1] == HOME_GROWN and ("pay_fine", 0, BUST, HOME_GROWN) in s.events


def test_pay_fine_with_only_protected_peddle_and_smallest_by_value():
    stash = Stash((), (Cover(LUST_CONQUERS_ALL, (COLOMBIA, JAMAICA)),))
    s = table([(PAY_FINE,) + FILL, FILL], piles=[(MARKET_OPEN, BUST), OPEN], heats=[BUST, NO_CARD],
              stashes=[stash, Stash()])
    assert play(PAY_FINE) in RULES.legal_actions(s, 0)  # protected peddle is peddle in the Stash
    s = act(s, 0, play(PAY_FINE))
    assert s.seats[0].stash.covers == (Cover(LUST_CONQUERS_ALL, (JAMAICA,)),) and s.wasted[-1] == COLOMBIA
    stash = Stash((PANAMA, COLOMBIA, DR_FEELGOOD))
    s = table([(PAY_FINE,) + FILL, FILL], piles=[(MARKET_OPEN, BUST), OPEN], heats=[BUST, NO_CARD],
              stashes=[stash, Stash()])
    s = act(s, 0, play(PAY_FINE))
    assert s.seats[0].stash.loose == (PANAMA, DR_FEELGOOD) and s.seats[0].stash.total == 150_000


def test_euphoria_clears_heat_too_and_sends_it_to_the_wasted_pile():
    """"Nirvana ...: clears any heat on your pile ... and gives you an extra turn"; Euphoria gives two extra turns;
    Corrections: the Heat On goes to the Wasted pile."""
    s = table([(EUPHORIA,) + FILL, FILL], piles=[(MARKET_OPEN, FELONY), OPEN], heats=[FELONY, NO_CARD],
              draws=(COLOMBIA, JAMAICA, PANAMA))
    s = act(s, 0, play(EUPHORIA))
    assert s.seats[0].heat == NO_CARD and s.seats[0].pile == (MARKET_OPEN,) and s.wasted == (FELONY, EUPHORIA)
    assert s.extra_turns == 1 and s.current == 0  # one extra turn being played, one more owed
    s = act(s, 0, Action("discard", COLOMBIA))
    assert s.current == 0 and s.extra_turns == 0
    s = act(s, 0, Action("discard", JAMAICA))
    assert s.current == 1


def test_stonehigh_without_heat_leaves_the_pile_alone_and_gives_exactly_one_extra_turn():
    s = table([(STONEHIGH,) + FILL, FILL, FILL], piles=[(MARKET_OPEN, BUST, IMMUNITY, MARKET_OPEN)[1:], OPEN, OPEN],
              draws=(COLOMBIA, JAMAICA))
    s = act(s, 0, play(STONEHIGH))
    assert s.seats[0].pile == (BUST, IMMUNITY, MARKET_OPEN) and s.wasted == (STONEHIGH,)
    assert s.current == 0 and s.extra_turns == 0 and ("extra_turn", 0, 1) in s.events
    s = act(s, 0, Action("discard", COLOMBIA))
    assert s.current == 1


def test_sold_out_never_takes_protected_peddle():
    """"protected peddle is safe from Nirvana, Paranoia and Skim cards"; Sold Out "discards their smallest
    unprotected peddle"."""
    stash = Stash((PANAMA,), (Cover(GRAB_A_SNACK, (HOME_GROWN,)),))
    s = act(paranoia_table(SOLD_OUT, stash), 0, play(SOLD_OUT))
    s = pass_round(s, [(0, UTTERLY_WIPED_OUT), (1, BUST), (2, DETAINED)])
    me = s.seats[0]
    assert me.stash.loose == () and me.stash.covers == (Cover(GRAB_A_SNACK, (HOME_GROWN,)),)
    assert s.wasted[-1] == PANAMA and me.lost_turns == 1
    stash = Stash((), (Cover(GRAB_A_SNACK, (HOME_GROWN,)),))
    s = act(paranoia_table(SOLD_OUT, stash), 0, play(SOLD_OUT))
    s = pass_round(s, [(0, UTTERLY_WIPED_OUT), (1, BUST), (2, DETAINED)])
    assert s.seats[0].stash == stash and s.wasted[-1] == SOLD_OUT  # nothing unprotected: nothing lost


def test_lost_turns_are_exactly_one_for_sold_out_and_two_for_the_others():
    """Sold Out "loses their next turn"; Double Crossed and Utterly Wiped Out "lose their next two turns"."""
    for card, lost in ((SOLD_OUT, 1), (DOUBLE_CROSSED, 2), (UTTERLY_WIPED_OUT, 2)):
        s = act(paranoia_table(card, Stash()), 0, play(card))
        other = UTTERLY_WIPED_OUT if card != UTTERLY_WIPED_OUT else SOLD_OUT
        s = pass_round(s, [(0, other), (1, BUST), (2, DETAINED)])
        assert s.seats[0].lost_turns == lost and ("lose_turns", 0, lost) in s.events
        order = []
        for _ in range(2 * lost + 3):
            order.append(s.current)
            s = discard_drawn(s)
        assert order == [1, 2] * (lost + 1) + [0], (card, order)  # seat 0 misses ``lost`` rounds


def test_lost_turns_also_eat_extra_turns_still_owed():
    """Decision: "Lost turns also eat Nirvana extra turns still owed"."""
    s = table([(EUPHORIA, SOLD_OUT) + FILL[:5], FILL, FILL], piles=[OPEN, OPEN, OPEN],
              draws=(COLOMBIA, JAMAICA, PANAMA, HOME_GROWN))
    s = act(s, 0, play(EUPHORIA))  # two extra turns: the first begins now
    s = act(s, 0, play(SOLD_OUT))
    s = pass_round(s, [(0, HOME_GROWN), (1, FILL[2]), (2, FILL[3])])
    assert s.current == 1 and s.seats[0].lost_turns == 0 and ("skip", 0) in s.events


def test_a_stash_trade_cannot_name_protected_peddle_or_more_than_the_stash_holds():
    """"swaps peddle from one Stash with peddle from the other Stash" — only unprotected peddle, never more cards than
    are laid (decision: protected peddle cannot be traded)."""
    s = act(trade_table(), 0, Action("propose", -1, 1))
    s = act(s, 0, Action("offer_peddle", HOME_GROWN))
    legal = RULES.legal_actions(s, 0)
    assert not any(a.op == "offer_peddle" for a in legal)  # seat 0 lays one Home Grown only
    assert {a.card for a in legal if a.op == "ask_peddle"} == {MEXICO, DR_FEELGOOD}  # Panama is protected
    s = act(s, 0, Action("ask_peddle", MEXICO))
    s = act(s, 0, Action("ask_peddle", DR_FEELGOOD))
    assert not any(a.op == "ask_peddle" for a in RULES.legal_actions(s, 0))
    s = act(s, 0, Action("send"))
    s = act(s, 1, Action("accept"))
    assert s.seats[0].stash.loose == (MEXICO, DR_FEELGOOD) and s.seats[1].stash.loose == (HOME_GROWN,)


def test_protection_may_be_laid_with_a_closed_or_heated_market():
    """"Protection: laid on peddle in your own Stash" — nothing asks for an open market (decision: market open or
    not, heat or not)."""
    stash = Stash((COLOMBIA,))
    s = table([(GRAB_A_SNACK,) + FILL, FILL], piles=[(), OPEN], stashes=[stash, Stash()])
    assert Action("protect", GRAB_A_SNACK, cards=(COLOMBIA,)) in RULES.legal_actions(s, 0)
    s = table([(GRAB_A_SNACK,) + FILL, FILL], piles=[(MARKET_OPEN, BUST), OPEN], heats=[BUST, NO_CARD],
              stashes=[stash, Stash()])
    assert Action("protect", GRAB_A_SNACK, cards=(COLOMBIA,)) in RULES.legal_actions(s, 0)


# --- the levels ----------------------------------------------------------------------------------------------------


def test_every_level_decides_from_its_view_only():
    """Re-dealing every card the seat cannot see (consistently with its view) never changes a decision; the hard
    bot's search builds its deals from the view alone."""
    s = RULES.initial_state(31, 3)
    rng = Rng.from_seed(5)
    checked = 0
    for step in range(160):
        if RULES.is_over(s):
            break
        seat = min(RULES.to_act(s))
        legal = RULES.legal_actions(s, seat)
        if len(legal) > 1 and step % 4 == 0:
            other = sample_hidden(s, seat, Rng.from_seed(step))
            assert other.seats != s.seats or other.deck != s.deck
            for level in ("easy", "normal") + (("hard",) if step % 40 == 0 else ()):
                r = decision_rng(31, seat, step)
                assert choose(RULES.view(other, seat), legal, r, level) == choose(RULES.view(s, seat), legal, r, level)
                checked += 1
        a, rng = rng.choice(legal)
        s = RULES.apply(s, seat, a)
    assert checked > 40


def test_every_action_of_a_played_match_has_its_own_code_and_junk_actions_have_none():
    """Actions travel as ints (replays, lockstep): every legal action of every phase round-trips, distinct actions
    get distinct codes, and an action naming a card, seat or cover that does not exist has no code."""
    from arcade.games.grass.cards import KINDS

    seen: dict[int, Action] = {}
    for seed in range(2):
        s = RULES.initial_state(seed, 6 if seed == 0 else 3, max_hands=2)
        rng = Rng.from_seed(seed)
        for _ in range(250):
            if RULES.is_over(s):
                break
            for seat in sorted(RULES.to_act(s)):
                for a in RULES.legal_actions(s, seat):
                    n = encode_action(a)
                    assert 0 <= n < 15 * 4096 and decode_action(n) == a and RULES.decode_action(n) == a
                    assert seen.setdefault(n, a) == a
            seat = min(RULES.to_act(s))
            a, rng = rng.choice(RULES.legal_actions(s, seat))
            s = RULES.apply(s, seat, a)
    for k in range(KINDS):  # every card, and "a card of your choice", in every slot
        for op in ("discard", "play", "offer", "offer_peddle", "ask_peddle", "pass", "ask"):
            assert decode_action(encode_action(Action(op, k))) == Action(op, k)
        assert decode_action(encode_action(Action("accept", cards=(k,)))) == Action("accept", cards=(k,))
        assert decode_action(encode_action(Action("accept", cards=(k, KINDS - 1)))) == Action("accept",
                                                                                              cards=(k, KINDS - 1))
        for t in range(6):
            assert decode_action(encode_action(Action("play_on", k, t))) == Action("play_on", k, t)
    assert decode_action(encode_action(Action("ask", ANY))) == Action("ask", ANY)
    for t in range(6):
        assert decode_action(encode_action(Action("propose", -1, t))) == Action("propose", -1, t)
    for p in (LUST_CONQUERS_ALL, GRAB_A_SNACK, CATCH_A_BUZZ):
        a = Action("protect", p, -1, (HOME_GROWN, MEXICO, MEXICO) if p != LUST_CONQUERS_ALL else (PANAMA,))
        assert decode_action(encode_action(a)) == a
    junk = [Action("discard", KINDS), Action("discard", -1), Action("play", KINDS), Action("ask", ANY + 1),
            Action("ask", -1), Action("play_on", KINDS, 0), Action("play_on", 0, 6), Action("play_on", -1, 0),
            Action("play_on", 0, -1), Action("propose", -1, 6), Action("propose", -1, -1),
            Action("accept", cards=(KINDS,)), Action("accept", cards=(-1,)), Action("accept", cards=(3, 2)),
            Action("accept", cards=(0, KINDS)), Action("accept", cards=(1, 2, 3)),
            Action("protect", PANAMA, -1, (MEXICO,)),
            Action("protect", GRAB_A_SNACK, -1, (DR_FEELGOOD,)), Action("protect", GRAB_A_SNACK, -1, (MEXICO,) * 7),
            Action("protect", GRAB_A_SNACK, -1, (PANAMA,)), Action("protect", GRAB_A_SNACK, -1, ()),
            Action("send", 3), Action("fly"), Action("discard", 2, 1)]
    for a in junk:
        with pytest.raises(IllegalAction):
            encode_action(a)
    for n in (-1, 15 * 4096, 27, 28, 4096 * 4 + 6, 4096 * 3 + 0, 4096 * 6 + ANY + 1, 4096 * 2 + KINDS * 6,
              4096 * 9 + 1, 4096 * 14 + 1, 4096 * 10 + 1, "7", 4096 * 11 + 1 + KINDS + KINDS * KINDS,
              4096 * 11 + 1 + KINDS + 3 * KINDS + 2, 4096 * 3 + 3 * 882):
        with pytest.raises(IllegalAction):
            decode_action(n)


def test_hard_closes_the_market_that_wins_the_match_where_normal_does_not():
    """The search sees what the heuristic's rule of thumb misses: tied stashes share the hand's bonus ("shared by all
    tied players"), which takes this player past $250,000 now."""
    hands = [(MARKET_CLOSE,) + NOPED, NOPED]
    s = table(hands, piles=[OPEN, OPEN], stashes=[Stash((PANAMA,)), Stash((PANAMA,))], totals=(200_000, 100_000))
    legal = RULES.legal_actions(s, 0)
    assert choose(RULES.view(s, 0), legal, Rng.from_seed(3), "normal") != play(MARKET_CLOSE)
    assert choose(RULES.view(s, 0), legal, Rng.from_seed(3), "hard") == play(MARKET_CLOSE)
    s = act(s, 0, play(MARKET_CLOSE))
    assert RULES.is_over(s) and RULES.winners(s) == (0,)


@pytest.mark.slow
def test_hard_beats_normal_on_a_small_seeded_sample(monkeypatch):
    """Hard (search) against normal (heuristic), two-player matches of one hand, seats swapped every match. The
    search runs on a reduced budget here to keep the test fast; tools/ladder.py measures the real one (four players,
    200 games: 60.2 %, LEVEL_STRENGTH). Generous bound: hard must win more matches than it loses."""
    from arcade.games.grass import search as search_mod

    monkeypatch.setattr(search_mod, "BUDGET_STEPS", 200)
    score = 0
    for g in range(4):
        levels = ("hard", "normal") if g % 2 == 0 else ("normal", "hard")
        s = RULES.initial_state(seed_mix(77, g), 2, max_hands=1)
        n = 0
        while not RULES.is_over(s):
            seat = min(RULES.to_act(s))
            legal = RULES.legal_actions(s, seat)
            s = RULES.apply(s, seat, choose(RULES.view(s, seat), legal, decision_rng(g, seat, n), levels[seat]))
            n += 1
        hard = levels.index("hard")
        score += (s.totals[hard] > s.totals[1 - hard]) - (s.totals[hard] < s.totals[1 - hard])
    assert score > 0


def test_card_names_as_printed_and_a_hidden_card_shows_a_question_mark():
    """"Market Open", "Panama", "Banker"... as printed; a card you may not see has no name."""
    from arcade.games.grass.cards import KINDS, name

    assert name(MARKET_OPEN) == "Market Open" and name(PANAMA) == "Panama" and name(BANKER) == "Banker"
    assert name(NO_CARD) == "?" and name(KINDS) == "?" and name(KINDS + 5) == "?"


def test_state_from_view_leaves_out_the_box_and_my_chosen_pass():
    """Learning mode's box and the card I chose to pass are not hidden cards: no re-deal puts them in a hand."""
    s = RULES.initial_state(4, 3, learning=True)
    v = RULES.view(s, 1)
    for i in range(5):
        other = state_from_view(v, Rng.from_seed(i))
        assert census(other) == FULL and other.box == s.box and RULES.view(other, 1) == v
    s = act(paranoia_table(SOLD_OUT, Stash()), 0, play(SOLD_OUT))
    s = act(s, 0, Action("pass", UTTERLY_WIPED_OUT))
    v = RULES.view(s, 0)
    assert v.my_pass == UTTERLY_WIPED_OUT
    for i in range(5):
        other = state_from_view(v, Rng.from_seed(i))
        assert census(other) == FULL and other.passes[0] == UTTERLY_WIPED_OUT
        assert UTTERLY_WIPED_OUT not in other.seats[1].hand + other.seats[2].hand + other.deck


def test_a_refused_action_code_says_what_was_wrong():
    """A replay or a peer sending junk gets an error naming the problem (shown in the log and the network error)."""
    from arcade.games.grass.cards import KINDS

    cases = [(Action("fly"), "unknown op 'fly'"), (Action("discard", KINDS), "bad card in"),
             (Action("ask", ANY + 1), "bad card in"), (Action("play_on", 0, 6), "bad play_on"),
             (Action("protect", PANAMA, -1, (MEXICO,)), "bad protect"),
             (Action("protect", GRAB_A_SNACK, -1, (MEXICO,) * 7), "cannot encode cover"),
             (Action("protect", GRAB_A_SNACK, -1, (DR_FEELGOOD,)), "protection cannot cover"),
             (Action("propose", -1, 6), "bad propose"), (Action("accept", cards=(1, 2, 3)), "bad accept"),
             (Action("send", 3), "not in canonical form")]
    for a, words in cases:
        with pytest.raises(IllegalAction, match=words):
            encode_action(a)
    for n in (-1, "7", 15 * 4096, 27, 4096 * 6 + ANY + 1, 4096 * 2 + KINDS * 6, 4096 * 3 + 3 * 882, 4096 * 4 + 6,
              4096 * 11 + 1 + KINDS + 3 * KINDS + 2, 4096 * 9 + 1):
        with pytest.raises(IllegalAction, match="bad action code"):
            decode_action(n)


def test_protection_may_cover_exactly_its_value():
    """Protection "covers any set of those cards whose total does not exceed its value": $25,000 of peddle fits
    under a $25,000 card (and no smaller set of them is offered, since another card would still fit)."""
    stash = Stash((HOME_GROWN, HOME_GROWN, HOME_GROWN, MEXICO, MEXICO))
    s = table([(GRAB_A_SNACK,) + FILL, FILL], piles=[OPEN, OPEN], stashes=[stash, Stash()])
    covers = {a.cards for a in RULES.legal_actions(s, 0) if a.op == "protect"}
    assert covers == {(HOME_GROWN, HOME_GROWN, HOME_GROWN, MEXICO, MEXICO)}


def test_a_seat_number_not_at_the_table_sees_only_public_information():
    s = RULES.initial_state(2, 3)
    for seat in (3, -1, None):
        v = RULES.view(s, seat)
        assert v.hand == () and v.my_pass == NO_CARD and v.known == ()
        assert replace(v, seat=None) == replace(RULES.view(s, None), seat=None)


def test_the_view_shows_every_public_fact_of_the_table():
    """Everything on the table is public: hand number, goal, dealer, whose turn, extra turns owed, proposals made,
    the Grass stack's size, the Wasted pile, the box, the trade, the Paranoia card, totals and the last scoring."""
    s = act(trade_table(), 0, Action("propose", -1, 1))
    s = replace(s, extra_turns=1, totals=(5_000, -10_000, 0), hand_no=3, max_hands=7, learning=True,
                box=(BANKER,), wasted=(FELONY,))
    for seat in (0, 2, None):
        v = RULES.view(s, seat)
        assert (v.players, v.phase, v.hand_no, v.max_hands, v.goal, v.learning) == (3, "draft", 3, 7, 250_000, True)
        assert (v.dealer, v.current, v.extra_turns, v.proposed, v.proposals_left) == (s.dealer, 0, 1, (1,), 2)
        assert v.trading and v.deck_count == len(s.deck) and v.wasted == (FELONY,) and v.box == (BANKER,)
        assert v.trade == s.trade and v.paranoia_card == NO_CARD and v.totals == (5_000, -10_000, 0)
        assert v.breakdown == () and [x.hand_count for x in v.seats] == [7, 6, 6]
        assert [x.market_open for x in v.seats] == [True, True, False] and not any(x.passed for x in v.seats)
    a = Action("offer", SOLD_OUT)
    assert RULES.encode_action(a) == encode_action(a) and RULES.decode_action(encode_action(a)) == a
    assert RULES.checksum(s) == RULES.checksum(replace(s)) != RULES.checksum(replace(s, extra_turns=0))


def test_stonehigh_takes_from_everyone_even_past_a_player_with_nothing_to_give():
    """Stonehigh: "every other player gives you their smallest unprotected peddle" — a player with none gives
    nothing, the others still give."""
    stashes = [Stash(), Stash(), Stash((COLOMBIA, PANAMA)), Stash((MEXICO,))]
    s = table([(STONEHIGH,) + FILL, FILL, FILL, FILL], piles=[OPEN] * 4, stashes=stashes, draws=(JAMAICA,))
    s = act(s, 0, play(STONEHIGH))
    assert s.seats[0].stash.loose == (MEXICO, COLOMBIA) and s.seats[2].stash.loose == (PANAMA,)


def test_nirvana_clears_heat_buried_under_a_skim_card():
    """A Steal Your Neighbor's Pot may be laid on a heated pile; Nirvana still clears that heat card."""
    s = table([(EUPHORIA,) + FILL, FILL], piles=[(MARKET_OPEN, BUST, STEAL_YOUR_NEIGHBORS_POT), OPEN],
              heats=[BUST, NO_CARD], draws=(JAMAICA, COLOMBIA))
    s = act(s, 0, play(EUPHORIA))
    assert s.seats[0].pile == (STEAL_YOUR_NEIGHBORS_POT, MARKET_OPEN) and s.wasted == (BUST, EUPHORIA)


def test_a_refusal_clears_the_proposal_and_says_so():
    """"The other player accepts or refuses": a refused proposal leaves the table."""
    s = build(trade_table(), 1, ("offer", HOME_GROWN), ("ask", ANY))
    s = act(s, 1, Action("refuse"))
    assert s.trade is None and s.phase == "play" and s.events == (("refuse", 1, 0),)


def test_the_banker_cut_is_whole_dollars_and_the_giver_sees_its_own_pass():
    """"All figures are whole dollars" (20 % of multiples of $5,000); a Paranoia pass is seen by its giver."""
    b = score_hand(seats_with([(BANKER,), ()], [Stash(), Stash((HOME_GROWN, MEXICO, COLOMBIA))]), (0, 0))
    assert b[0].banker == 7_000 and all(type(x.banker) is int and type(x.total) is int for x in b)
    s = act(paranoia_table(SOLD_OUT, Stash()), 0, play(SOLD_OUT))
    s = pass_round(s, [(0, UTTERLY_WIPED_OUT), (1, BUST), (2, DETAINED)])
    assert ("pass", 0, 1, UTTERLY_WIPED_OUT) in RULES.view(s, 0).events
    assert ("pass", 0, 1, NO_CARD) in RULES.view(s, 2).events
    assert [x.lost_turns for x in RULES.view(s, 2).seats] == [1, 0, 0]


def test_a_re_deal_keeps_the_cards_offered_in_the_trade_on_the_table():
    """"the offered cards are named openly": while the proposal waits, they are known to be in the proposer's hand."""
    s = build(trade_table(), 1, ("offer", SOLD_OUT), ("ask", ANY))
    v = RULES.view(s, 2)
    for i in range(8):
        other = state_from_view(v, Rng.from_seed(i))
        assert SOLD_OUT in other.seats[0].hand and census(other) == FULL


def test_events_tell_the_table_what_happened():
    """The table animates and logs from ``events``: a withdrawn proposal, a trade, Nirvana's gifts, the hand's end
    and the match's end are each announced, and nothing is still owed once the hand is over."""
    s = act(trade_table(), 0, Action("propose", -1, 1))
    w = act(s, 0, Action("withdraw"))
    assert w.events == (("withdraw", 0),) and w.trade is None and w.phase == "play"
    s = build(trade_table(), 1, ("offer", SOLD_OUT), ("ask", PANAMA))
    s = act(s, 1, Action("accept"))
    assert s.events == (("trade", 0, 1, (SOLD_OUT,), (PANAMA,), (), ()),)
    assert RULES.view(s, 2).known[1] == (SOLD_OUT,) and RULES.view(s, 2).known[0] == (PANAMA,)
    s = table([(STONEHIGH,) + FILL, FILL], piles=[OPEN, OPEN], stashes=[Stash(), Stash((MEXICO,))], draws=(JAMAICA,))
    s = act(s, 0, play(STONEHIGH))
    assert s.events[:3] == (("nirvana", 0, STONEHIGH, NO_CARD), ("give_peddle", 1, 0, MEXICO), ("extra_turn", 0, 1))
    s = table([(MARKET_CLOSE,) + NOPED, NOPED], piles=[OPEN, OPEN], stashes=[Stash((PANAMA,)), Stash()],
              totals=(175_000, 0), extra_turns=1)
    s = act(s, 0, play(MARKET_CLOSE))
    assert s.events == (("market_close", 0), ("hand_end", 1), ("game_over", (0,))) and s.extra_turns == 0


# --- facts the full mutation run of 2026-11-24 found unchecked (docs/mutation/grass.md) --------------------------


def test_the_first_hand_adds_to_running_totals_that_start_at_zero():
    """"6. Add to the running total" (rules/grass.md, "Scoring"): before the first hand every running total is $0, so
    after it each total is exactly that hand's score ($25,000 here: two empty Stashes tie for the bonus)."""
    s = RULES.initial_state(3, 2)
    assert RULES.view(s, 0).totals == (0, 0)
    s = table([(MARKET_CLOSE,) + NOPED, NOPED], piles=[OPEN, OPEN])
    s = replace(s, totals=RULES.initial_state(3, 2).totals)
    s = act(s, 0, play(MARKET_CLOSE))
    assert s.totals == (25_000, 25_000)


def test_a_sent_proposal_shows_as_proposed_to_everyone():
    """"The other player accepts or refuses" (rules/grass.md, "Trading"): once sent, the proposal is on the table
    for the target to answer, and every view shows it as sent (the table writes "(proposed)", not "(building)")."""
    s = build(trade_table(), 1, ("offer", SOLD_OUT), ("ask", PANAMA))
    assert s.phase == "answer" and s.events == (("send", 0, 1),)
    assert all(RULES.view(s, seat).trade.sent for seat in (0, 1, 2))


def test_every_event_the_rules_announce_is_one_the_table_knows():
    """The table plays a sound and animates from each event's name; a name it does not know would pass in silence.
    Random legal play over many seeded matches (2-6 players, two hands each) announces only names the table's
    sound list holds, or the few it shows without a sound (proposal steps, turns owed, the match's end)."""
    import random

    from arcade.games.grass.table.scene import Table

    silent = {"offer", "ask", "offer_peddle", "ask_peddle", "extra_turn", "lose_turns", "passed", "game_over"}
    known = set(Table.SOUNDS) | silent
    seen = set()
    for seed in range(40):
        rnd = random.Random(seed)
        s = RULES.initial_state(seed, 2 + seed % 5, max_hands=2)
        for _ in range(5000):
            if s.phase == "over":
                break
            seat = min(RULES.to_act(s))
            s = RULES.apply(s, seat, rnd.choice(RULES.legal_actions(s, seat)))
            seen |= {e[0] for e in s.events}
        assert s.phase == "over"
    assert seen <= known, seen - known
    assert {"steal", "wiped_out", "protect", "pay_fine", "heat_on", "paranoia", "lose_peddle"} <= seen


def test_a_heat_off_is_announced_as_a_heat_off_not_as_a_fine():
    """"the matching Heat Off clears the matching Heat On" (rules/grass.md, "The cards"): the table is told which heat
    left and by which card, and no peddle is named as lost (that is Pay Fine's event)."""
    s = table([(IMMUNITY,) + FILL, FILL], piles=[(MARKET_OPEN, BUST), OPEN], heats=[BUST, NO_CARD])
    s = act(s, 0, play(IMMUNITY))
    assert s.events[0] == ("heat_off", 0, IMMUNITY, BUST)


def test_every_hand_is_dealt_from_a_fresh_shuffle():
    """"The dealer deals 6 cards to each player" (rules/grass.md, "Turn"), from the whole deck shuffled again: the
    second hand's Grass stack is not the first hand's in the same order."""
    s = RULES.initial_state(11, 3)
    first = s.deck
    s = table([(MARKET_CLOSE,) + NOPED, NOPED, FILL], piles=[OPEN, OPEN, OPEN])
    s = replace(s, rng=RULES.initial_state(11, 3).rng, dealer=2)
    s = act(s, 0, play(MARKET_CLOSE))
    s = act(s, 0, Action("deal"))
    assert s.hand_no == 2 and len(s.deck) == len(first) and s.deck != first
