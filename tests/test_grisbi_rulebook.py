"""Grisbi rulebook facts that rule mutants break (issue #17, "Tests that can fail"; docs/mutation/grisbi.md).

Each test states one sentence of rules/grisbi.md (or of a decision written there) and checks it on states built by
hand, with answers written from the card data, never computed by the code under test.
"""

from __future__ import annotations

import dataclasses

import pytest

from arcade.games.grisbi import CARDS, RULES, sample_hidden, score_round
from arcade.games.rng import Rng

TEAMS = ("robbers", "police")


def row(card, team):
    return card.robber_hooks if team == "robbers" else card.police_hooks


def chain(team, start, n, points=None, used=()):
    """``n`` Action cards of ``team`` (ids), each correct on the one before, the first on card ``start``."""
    out, prev = [], CARDS[start]
    for _ in range(n):
        c = next(c for c in CARDS if c.team == team and c.kind == "action" and c.main in row(prev, team)
                 and (points is None or c.points == points) and c.id not in out and c.id not in used)
        out.append(c.id)
        prev = c
    return out


def fitting_stop(team, top):
    return next(c.id for c in CARDS if c.team == team and c.kind == "stop"
                and any(o in row(CARDS[top], team) for o in c.objects))


def table(s, hands, pile=None, tick=None):
    """``s`` with the hands (and the pile) set by hand."""
    pile = tuple(pile or s.pile_cards[:1])
    t = s.tick if tick is None else tick
    return dataclasses.replace(s, hands=tuple(tuple(sorted(h)) for h in hands), pile_cards=pile,
                               pile_seats=(-1,) + (0,) * (len(pile) - 1), pile_ticks=(t,) * len(pile))


def spare(team, n, avoid=()):
    return [c.id for c in CARDS if c.team == team and c.kind == "action" and c.id not in avoid][:n]


# --- End of round: each team against its own target -------------------------------------------------------------


@pytest.mark.parametrize("closer,points,wins", [("police", 17, False), ("robbers", 17, True),
                                                ("police", 20, True), ("robbers", 15, False)])
def test_uneven_teams_each_closing_team_is_judged_against_its_own_target(closer, points, wins):
    """rules/grisbi.md: "Targets by team size: ... 2: 16, 3: 20 ... Teams may differ in size; each uses its own size"
    and "If the sum reaches the team's target the closing team wins the round". Two Robbers (16) against three
    Police (20): 17 points win for the Robbers and lose for the Police."""
    teams = ["robbers", "police", "police", "robbers", "police"]
    s = RULES.initial_state(2, 5, teams=teams, start_ticks=0)
    loc = s.pile_cards[0]
    # cards worth exactly ``points``: threes then a remainder, each correct on the one before
    cards, prev, left = [], loc, points
    while left:
        p = 3 if left >= 3 else left
        cards += chain(closer, prev, 1, points=p, used=cards)
        prev, left = cards[-1], left - p
    stop = fitting_stop(closer, cards[-1])
    seat = teams.index(closer)
    hands = [spare(t, 2, cards) for t in teams]
    hands[seat] = hands[seat] + [stop]
    s = table(s, hands, [loc] + cards)
    inputs = [0] * 5
    inputs[seat] = stop + 1
    after = RULES.step(s, tuple(inputs))
    assert after.result.points == points and after.result.closing_team == closer
    assert (after.result.winner == closer) is wins


# --- The tick: same-tick order, junk inputs, the time limit ------------------------------------------------------


def test_same_tick_order_rotates_and_a_stop_later_in_the_order_comes_after_the_card_before_it():
    """rules/grisbi.md: "Cards laid in the same simulation tick are stacked in a fixed fair order (seat order rotated
    by the tick number)" and "A Stop card ends the round at once". On tick 1 of two seats, seat 1 comes first: its
    card is laid, then seat 0's Stop ends the round on top of it. On tick 2 seat 0 comes first: its Stop ends the
    round and seat 1's card stays in hand."""
    s0 = RULES.initial_state(5, 2, start_ticks=0)
    loc = s0.pile_cards[0]
    stop = next(c.id for c in CARDS if c.team == "robbers" and c.kind == "stop")
    card = spare("police", 1)[0]
    for tick, laid in ((1, (card, stop)), (2, (stop,))):
        s = table(dataclasses.replace(s0, tick=tick), [[stop] + spare("robbers", 2), [card, spare("police", 2)[1]]],
                  [loc])
        after = RULES.step(s, (stop + 1, card + 1))
        assert after.pile_cards[1:] == laid, tick
        assert after.phase == "reveal" and after.result.closing_team == "robbers"
        assert (card in after.hands[1]) is (tick == 2)


def test_a_card_not_in_hand_is_ignored_and_does_not_stop_the_next_seat_in_the_order():
    """rules/grisbi.md: a tick's inputs are stacked in seat order; an input for a card that is not in that seat's
    hand "is ignored" (rules module docstring): the seat after it in the order still lays its card."""
    s = RULES.initial_state(6, 3, start_ticks=0)
    loc = s.pile_cards[0]
    r = spare("robbers", 3)
    p = spare("police", 2)
    s = table(dataclasses.replace(s, tick=3), [[r[0]], [p[0], p[1]], [r[1]]], [loc])  # tick 3: seat 0 first
    after = RULES.step(s, (r[2] + 1, p[0] + 1, 0))  # seat 0 names a card it does not hold
    assert after.pile_cards == (loc, p[0]) and after.hands[0] == (r[0],)
    short = RULES.step(s, (0, p[1] + 1))  # fewer inputs than seats: the missing ones are nothing
    assert short.pile_cards == (loc, p[1])
    early = RULES.step(dataclasses.replace(s, tick=2), (r[0] + 1, p[1] + 1))  # tick 2: seat 2 (no input) first
    assert early.pile_cards == (loc, r[0], p[1])


def test_the_time_limit_ends_the_round_on_its_tick_even_with_junk_or_a_card_laid():
    """rules/grisbi.md: "a round may also be given a time limit ... If time runs out ... the round ends without a
    Stop and the team with the higher correct total wins it (Robbers on a tie)". The last tick of play may carry
    nothing, an input that lays nothing, or a card (laid, then time is up); the next round keeps the limit."""
    base = RULES.initial_state(7, 2, start_ticks=0, time_limit=5, reveal_ticks=3)
    loc = base.pile_cards[0]
    police = chain("police", loc, 2, points=2)
    r = spare("robbers", 2)
    s = table(base, [r, police], [loc])
    s = RULES.step(s, (0, police[0] + 1))
    for _ in range(3):
        s = RULES.step(s, (0, 0))
    assert s.phase == "play" and RULES.view(s, 0).time_left == 1
    for last, pile in (((0, 0), (loc, police[0])), ((police[0] + 1, 0), (loc, police[0])),
                       ((0, police[1] + 1), (loc, police[0], police[1]))):
        end = RULES.step(s, last)
        assert end.phase == "reveal" and end.pile_cards == pile, last
        assert end.result.closing_team is None and end.result.winner == "police"
        assert end.result.points == 2 * (len(pile) - 1) and end.result.rival_points == 0
        assert end.events[-1] == ("round_end", "police", -1, "time")
        assert end.hands[0] == tuple(sorted(r)) and RULES.view(end, 0).reveal_left == 3
    for _ in range(3):
        end = RULES.step(end, (0, 0))
    assert end.round == 1 and end.phase == "play" and RULES.view(end, 0).time_left == 5, "the next round is timed"


def test_the_game_is_over_on_the_tick_after_the_third_locations_reveal():
    """rules/grisbi.md: "The first team with 3 Location cards wins the game"; then nothing moves any more."""
    s = RULES.initial_state(8, 2, start_ticks=0, reveal_ticks=2)
    won = s.location_order[:2]
    s = dataclasses.replace(s, locations_won=(won, ()), round=2)
    loc = s.location_order[2]
    cards = chain("robbers", loc, 4, points=3)
    stop = fitting_stop("robbers", cards[-1])
    s = table(dataclasses.replace(s, pile_cards=(loc,)), [[stop] + spare("robbers", 1, cards), spare("police", 2)],
              [loc] + cards)
    s = RULES.step(s, (stop + 1, 0))
    t = s.tick
    for _ in range(2):
        s = RULES.step(s, (0, 0))
    assert s.phase == "over" and s.tick == t + 2 and RULES.is_over(s)
    assert s.phase_end is None and s.locations_won[0] == won + (loc,)
    assert s.events == (("location", "robbers", loc), ("game_over", "robbers"))
    assert RULES.step(s, (0, 0)) is s


def test_the_checksum_tells_two_states_apart():
    a = RULES.initial_state(1, 2)
    b = RULES.step(a, (0, 0))
    assert RULES.checksum(a) != RULES.checksum(b) and RULES.checksum(a) == RULES.checksum(RULES.initial_state(1, 2))


# --- Preparation: Locations in a shuffled order -------------------------------------------------------------------


def test_the_locations_come_in_an_order_shuffled_per_game():
    """rules/grisbi.md: "One [Location] starts the common pile of each round"; the Locations come in an order
    shuffled when the game starts (rules module docstring): every Location opens some games."""
    firsts = {RULES.initial_state(seed, 2).pile_cards[0] for seed in range(40)}
    locations = {c.id for c in CARDS if c.kind == "location"}
    assert firsts == locations
    order = RULES.initial_state(3, 2).location_order
    assert sorted(order) == sorted(locations)


# --- Scoring: errors say what is wrong ----------------------------------------------------------------------------


def test_scoring_a_pile_that_is_not_a_round_says_why():
    loc = next(c.id for c in CARDS if c.kind == "location")
    r = spare("robbers", 1)[0]
    stop = next(c.id for c in CARDS if c.team == "robbers" and c.kind == "stop")
    with pytest.raises(ValueError, match="^a pile starts with its Location$"):
        score_round([r, stop], "robbers", 10)
    with pytest.raises(ValueError, match="^a round with a Stop in its pile ended with that Stop$"):
        score_round([loc, stop], None)
    with pytest.raises(ValueError, match="^the pile must end with a police Stop$"):
        score_round([loc, r, stop], "police", 10)


# --- sample_hidden: only what the seat may not see changes ---------------------------------------------------------


def test_sample_hidden_redeals_only_the_cards_a_seat_has_not_seen():
    """A searching bot samples hidden cards "consistent with its view" (DESIGN.md): its own hand, the pile, every
    hand's size, the Locations seen so far stay; the others' hands are re-dealt from their team's unseen cards, the
    unplayed Stops (always in hand) stay in the team's hands; later Locations and the deal generator change."""
    s = RULES.initial_state(12, 4, start_ticks=0)
    for _ in range(3):  # a few cards on the pile
        s = RULES.step(s, tuple(next(c for c in h if CARDS[c].kind == "action") + 1 for h in s.hands))
    s = dataclasses.replace(s, round=1, location_order=s.location_order)
    changed_hands = changed_locs = 0
    for k in range(6):
        for seat in (0, 1, None):
            x = sample_hidden(s, seat, Rng.from_seed(k))
            assert x.pile_cards == s.pile_cards and [len(h) for h in x.hands] == [len(h) for h in s.hands]
            if seat is not None:
                assert x.hands[seat] == s.hands[seat]
            assert x.location_order[:2] == s.location_order[:2]
            assert sorted(x.location_order) == sorted(s.location_order)
            assert type(x.rng) is Rng and type(x.rng.state) is int and x.rng != s.rng
            allc = [c for h in x.hands for c in h] + list(x.pile_cards)
            assert len(allc) == len(set(allc)), "no card twice"
            for team in (0, 1):
                seats = [p for p in range(4) if s.teams[p] == team]
                stops = lambda st: sorted(c for p in seats for c in st.hands[p] if CARDS[c].kind == "stop")  # noqa
                assert stops(x) == stops(s), "the team's unplayed Stops stay in its hands"
                assert all(CARDS[c].team == TEAMS[team] for p in seats for c in x.hands[p])
            others = [p for p in range(4) if p != seat]
            changed_hands += any(x.hands[p] != s.hands[p] for p in others)
            changed_locs += x.location_order != s.location_order
    assert changed_hands >= 15 and changed_locs >= 1
    # both teams' hidden hands are re-dealt, and the first Location not yet seen is among what changes
    xs = [sample_hidden(s, 0, Rng.from_seed(k)) for k in range(8)]
    assert any(x.hands[2] != s.hands[2] for x in xs) and any(x.hands[1] != s.hands[1] for x in xs)
    assert any(x.location_order[2] != s.location_order[2] for x in xs)
    assert len({x.rng for x in xs}) == 8, "a new deal generator per sample"
    # two players: the other seat is alone in its team and is still re-dealt
    two = RULES.initial_state(13, 2)
    assert any(sample_hidden(two, 0, Rng.from_seed(k)).hands[1] != two.hands[1] for k in range(4))
    # six players seen by nobody: three hands a team, no card twice
    six = RULES.initial_state(14, 6)
    x = sample_hidden(six, None, Rng.from_seed(1))
    allc = [c for h in x.hands for c in h]
    assert len(allc) == len(set(allc)) and [len(h) for h in x.hands] == [len(h) for h in six.hands]
    # a seat's own team-mate's hand comes from the cards that seat has not seen (not its own hand)
    x = sample_hidden(s, 0, Rng.from_seed(99))
    assert not set(x.hands[2]) & set(s.hands[0])


# --- Setup and views -----------------------------------------------------------------------------------------------


def test_initial_state_defaults_options_and_refusals():
    """rules/grisbi.md: a START countdown (3 s) and a round-end reveal (6 s) by default; "each team 1-4 players"
    and (Corrections) one team at most one member more; a time limit is a positive number of ticks; the table's
    pace is relaxed, standard or fast; practice means relaxed bots and the assist on."""
    s = RULES.initial_state(1, 2)
    v = RULES.view(s, 0)
    assert v.phase == "countdown" and v.countdown == 180 and s.reveal_ticks == 360 and s.time_limit is None
    assert (v.pace, v.assist, v.practice) == ("standard", False, False)
    assert s.events == (("deal", 0, s.pile_cards[0]),) and s.pile_seats == (-1,) and v.pile_seats == (-1,)
    now = RULES.initial_state(1, 2, start_ticks=0)
    assert now.phase == "play" and now.events == (("deal", 0, now.pile_cards[0]), ("start", 0))
    one = RULES.initial_state(1, 2, start_ticks=1)
    assert one.phase == "countdown" and RULES.step(one, (0, 0)).phase == "play"
    p = RULES.view(RULES.initial_state(1, 2, practice=True, pace="fast"), 1)
    assert (p.pace, p.assist, p.practice) == ("relaxed", True, True)
    assert RULES.initial_state(1, 3, teams="police,robbers,police").teams == (1, 0, 1)
    assert RULES.initial_state(1, 2, time_limit=1).time_limit == 1
    assert RULES.initial_state(1, 2, reveal_ticks=1).reveal_ticks == 1
    for kw, msg in (({"players": 9}, "^Grisbi is for 2-8 players, not 9$"),
                    ({"teams": ["robbers", "thieves"]}, "^teams must name 'robbers' or 'police' for each of the 2"),
                    ({"players": 3, "teams": "robbers,robbers,robbers"}, "^each team has 1 to 4 players, and one"),
                    ({"time_limit": 0}, "^time_limit is a positive number of ticks, or None$"),
                    ({"reveal_ticks": 0}, "^start_ticks is >= 0 and reveal_ticks >= 1 "),
                    ({"start_ticks": -1}, "^start_ticks is >= 0 and reveal_ticks >= 1 "),
                    ({"pace": "slow"}, "^pace is one of relaxed, standard, fast, not 'slow'$")):
        args = {"players": 2, **kw}
        with pytest.raises(ValueError, match=msg):
            RULES.initial_state(1, args.pop("players"), **args)


def test_a_seats_view_holds_the_public_facts_of_the_table():
    """The view is "what one seat may see": its seat and team, the tick, the round, the Locations won and each
    seat's count of them, what the last tick did, the table's options; no reveal or result during play."""
    s = RULES.initial_state(21, 4, start_ticks=0, pace="fast", assist=True)
    s = dataclasses.replace(s, round=1, locations_won=((s.location_order[0],), ()))
    s = RULES.step(s, tuple(next(c for c in h if CARDS[c].kind == "action") + 1 for h in s.hands))
    v = RULES.view(s, 1)
    assert (v.seat, v.team, v.tick, v.round) == (1, "police", s.tick, 1)
    assert v.locations_won == s.locations_won and v.scores == (1, 0, 1, 0)
    assert v.events == s.events and len(v.events) == 4
    assert (v.pace, v.assist, v.practice) == ("fast", True, False)
    assert v.reveal_left == 0 and v.result is None and v.countdown == 0
    for bad in (4, -1):
        with pytest.raises(IndexError, match=f"^no seat {bad}$"):
            RULES.view(s, bad)


@pytest.mark.parametrize("options,want", [({"pace": "fast", "assist": True}, ("fast", True, False)),
                                          ({"practice": True}, ("relaxed", True, True))])
def test_the_tables_options_stay_the_same_through_every_phase(options, want):
    """The pace, the assist and practice are chosen once in setup and hold for the whole match."""
    s = RULES.initial_state(22, 2, start_ticks=3, reveal_ticks=3, time_limit=40, **options)
    phases = set()
    for t in range(300):
        hand = [c for c in s.hands[t % 2] if CARDS[c].kind != "stop"]
        x = [0, 0]
        if t % 3 == 0 and hand:
            x[t % 2] = hand[0] + 1
        s = RULES.step(s, (x[0], x[1] + 999 * (t % 7 == 0)))
        v = RULES.view(s, 0)
        phases.add(s.phase)
        assert (s.pace, s.assist, s.practice) == want, (t, s.phase)
        assert (v.pace, v.assist, v.practice) == want
    assert {"countdown", "play", "reveal"} <= phases and s.round >= 2


def test_a_round_ended_by_a_stop_says_so():
    s = RULES.initial_state(23, 2, start_ticks=0)
    stop = next(c for c in s.hands[0] if CARDS[c].kind == "stop")
    after = RULES.step(s, (stop + 1, 0))
    assert after.events[-1] == ("round_end", after.result.winner, 0, "stop")
    junk = RULES.step(s, (999, 0))
    assert junk.tick == s.tick + 1 and junk.pile_cards == s.pile_cards and junk.phase == "play"
    short = RULES.step(dataclasses.replace(s, tick=1), (0,))  # tick 1: seat 1 first, and it sent nothing
    assert short.tick == 2 and short.hands == s.hands


def test_a_teams_running_total_counts_only_its_own_correct_cards():
    """The assist and the bots' head count read the team's total "as if it closed now": only that team's correct,
    uncancelled Action cards (rules/grisbi.md, End of round, 2-4)."""
    from arcade.games.grisbi.scoring import team_total

    loc = next(c.id for c in CARDS if c.kind == "location")
    police = chain("police", loc, 2, points=3)
    robbers = chain("robbers", police[-1], 1, points=2)
    pile = [loc] + police + robbers
    assert team_total(pile, 1) == 6 and team_total(pile, 0) == 2


def test_every_card_is_named_by_its_team_object_and_kind():
    """cards.py: a card's ``name`` is "a short human label", e.g. "Robbers' keys Action (2)" (``describe_card``);
    Stops name their two objects, Locations their place (rules/grisbi.md, Components)."""
    from arcade.games.grisbi import describe_card

    for c in CARDS:
        if c.kind == "location":
            expected = c.name
            assert expected in ("Bank", "Jewellery", "Museum", "Casino", "Armoured Truck")
        else:
            who = "Robbers'" if c.team == "robbers" else "Police"
            if c.kind == "stop":
                what = f"Stop ({c.objects[0]} / {c.objects[1]})"
            else:
                what = f"{c.main} Action ({c.points})" if c.kind == "action" else f"{c.main} Deny"
            expected = f"{who} {what}"
        assert describe_card(c.id) == expected
    keys2 = next(c for c in CARDS if c.team == "robbers" and c.main == "keys" and c.points == 2)
    assert describe_card(keys2.id) == "Robbers' keys Action (2)"
    with pytest.raises(IndexError):
        describe_card(-1)


def test_without_a_stop_a_deny_laid_last_still_cancels_the_card_under_it():
    """rules/grisbi.md, End of round 3: "A correct closing-team Action card directly covered by a correct opponent
    Deny card does not count" — also when the round ends by time and that Deny is the pile's last card."""
    loc = next(c.id for c in CARDS if c.kind == "location")
    r = chain("robbers", loc, 2, points=3)
    deny = next(c.id for c in CARDS if c.team == "police" and c.kind == "deny" and c.main == CARDS[r[-1]].main)
    res = score_round([loc] + r + [deny], None)
    assert res.verdicts[-2] == "cancelled" and res.points == 3 and res.winner == "robbers"
