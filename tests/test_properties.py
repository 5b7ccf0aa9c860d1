"""Property tests over every game's rules (hypothesis): random legal play never raises, and actions and states
round-trip through their encodings."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from arcade.games import REGISTRY, is_turn_based
from arcade.games.base import canonical_bytes
from arcade.games.codec import decode, encode

GAMES = ["cops_and_robbers", "grass", "grenade", "grisbi", "grit"]  # written out: a game that disappears fails, never skipped
STEPS = 250


def conserved(gid: str, s, before=None) -> None:
    """Each game's conservation laws, checked on every state of a random playout."""
    if gid == "grit":  # the 12 cards of a deal are each somewhere, once
        cards = [c for hand in s.complaints for c in hand] + list(s.unused)
        cards += [pc.card for side in s.piles for pile in side for pc in pile]
        assert len(cards) == 12 and len(set(cards)) == 12
    elif gid == "grisbi":  # no card in two places; a seat holds only its team's cards; cards in play are constant
        from arcade.games.grisbi import CARDS

        held = [c for hand in s.hands for c in hand]
        assert len(held) + len(s.pile_cards) == len(set(held) | set(s.pile_cards))
        team_names = ("robbers", "police")
        for seat, hand in enumerate(s.hands):
            assert all(CARDS[c].team == team_names[s.teams[seat]] for c in hand)
        if before is not None and before.round == s.round:
            assert len(held) + len(s.pile_cards) == sum(map(len, before.hands)) + len(before.pile_cards)
    elif gid == "grenade":  # three grenades, on the wheel, never on a blown-up card, pips below 6 between moves
        assert len(s.dice) == 3 and len(s.wheel) == 8
        for place, pips in s.dice:
            assert 0 <= place < 8 and not s.blown[place] and 1 <= pips <= 5
    # grass: the 104-card conservation is tests/test_grass.py's own property test, which knows every zone
    elif gid == "cops_and_robbers":  # coins only change hands; the 60 cards are all somewhere
        if before is not None and before.round_no == s.round_no:
            assert sum(s.coins) == sum(before.coins)
        cards = sum(map(len, s.hands)) + len(s.draw_pile) + len(s.discard) + sum(map(len, s.shields))
        cards += sum(map(len, s.jail_shields)) + sum(1 for j in s.jail if j) + (1 if s.pending is not None else 0)
        assert cards == 60, cards


@pytest.mark.parametrize("gid", GAMES)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_legal_play_never_raises_and_round_trips(gid, data):
    rules = REGISTRY[gid]
    counts = list(getattr(rules, "player_counts", range(rules.min_players, rules.max_players + 1)))
    players = data.draw(st.sampled_from(counts), label="players")
    seed = data.draw(st.integers(0, 2 ** 32), label="seed")
    s = rules.initial_state(seed, players)
    conserved(gid, s)
    for step in range(STEPS):
        if rules.is_over(s):
            break
        before = s
        if is_turn_based(rules):
            seat = data.draw(st.sampled_from(sorted(rules.to_act(s))), label="seat")
            legal = list(rules.legal_actions(s, seat))
            a = data.draw(st.sampled_from(legal), label="action")
            n = rules.encode_action(a)
            assert rules.decode_action(n) == a
            s = rules.apply(s, seat, a)
        else:
            inputs = []
            for seat in range(players):
                legal = list(rules.legal_actions(s, seat))
                act = legal and data.draw(st.integers(0, 9), label="act") == 0
                inputs.append(data.draw(st.sampled_from(legal), label="card") if act else 0)
            s = rules.step(s, tuple(inputs))
        conserved(gid, s, before)
        if step % 25 == 0:
            back = decode(encode(s))
            assert back == s
            assert canonical_bytes(back) == canonical_bytes(s)
            for seat in range(players):
                v = rules.view(s, seat)
                assert decode(encode(v)) == v
    assert len(rules.scores(s)) == players
