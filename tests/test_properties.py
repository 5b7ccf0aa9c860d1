"""Property tests over every game's rules (hypothesis): random legal play never raises, and actions and states
round-trip through their encodings."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from arcade.games import REGISTRY, is_turn_based
from arcade.games.base import canonical_bytes
from arcade.games.codec import decode, encode

GAMES = sorted(REGISTRY)
STEPS = 250


@pytest.mark.parametrize("gid", GAMES)
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_random_legal_play_never_raises_and_round_trips(gid, data):
    rules = REGISTRY[gid]
    counts = list(getattr(rules, "player_counts", range(rules.min_players, rules.max_players + 1)))
    players = data.draw(st.sampled_from(counts), label="players")
    seed = data.draw(st.integers(0, 2 ** 32), label="seed")
    s = rules.initial_state(seed, players)
    for step in range(STEPS):
        if rules.is_over(s):
            break
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
        if step % 25 == 0:
            back = decode(encode(s))
            assert back == s
            assert canonical_bytes(back) == canonical_bytes(s)
            for seat in range(players):
                v = rules.view(s, seat)
                assert decode(encode(v)) == v
    assert len(rules.scores(s)) == players
