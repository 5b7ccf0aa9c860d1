"""Fuzzing of the decoders that read untrusted bytes: replay files, encoded states, and network datagrams.

Random and mutated bytes must only ever raise the decoder's own error type (never anything else), within a bounded
number of cases so CI time stays small.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from arcade.games import REGISTRY
from arcade.games.codec import CodecError, decode, encode
from arcade.core.match import Match, parse_seats
from arcade.core.replay import ReplayError, ReplayWriter, make_header, parse_replay, verify_replay


@pytest.fixture(scope="module")
def replay_bytes(tmp_path_factory) -> bytes:
    d = tmp_path_factory.mktemp("fuzz")
    m = Match("grit", parse_seats("bot,bot", 2, 2), 4, bot_think_ticks=1)
    path = d / "r.grr"
    m.recorder = ReplayWriter(path, make_header("grit", 4, m.seat_specs(), m.options))
    while not m.is_over():
        m.tick()
    m.close_recording()
    return path.read_bytes()


def mutate(data: bytes, rnd: random.Random) -> bytes:
    b = bytearray(data)
    for _ in range(rnd.randint(1, 8)):
        op = rnd.randrange(4)
        i = rnd.randrange(max(1, len(b)))
        if op == 0 and b:
            b[i] = rnd.randrange(256)
        elif op == 1:
            b[i:i] = bytes(rnd.randrange(256) for _ in range(rnd.randint(1, 16)))
        elif op == 2 and b:
            del b[i:i + rnd.randint(1, 16)]
        else:
            b = b[:i]
    return bytes(b)


def test_mutated_replays_raise_only_replay_error(replay_bytes):
    """A damaged replay file is refused with a readable ReplayError, or it loads and can be checked: checking it
    never crashes, and a damaged file that still checks out as a finished match shows the original match's result
    (a player is never shown a wrong winner from a file whose damage went unnoticed)."""
    original = parse_replay(replay_bytes)
    assert original.finished and verify_replay(original).ok
    rnd = random.Random(1234)
    refused = finished_ok = 0
    for _ in range(3000):
        data = mutate(replay_bytes, rnd)
        try:
            rep = parse_replay(data)
        except ReplayError:
            refused += 1
            continue
        result = verify_replay(rep)  # must not raise: the replay viewer checks every file it lists
        if result.ok and rep.finished:
            finished_ok += 1
            assert rep.game == original.game and rep.end == original.end
    assert refused > 1000  # most damage is noticed at load time
    assert finished_ok > 0  # damage to the header's free text (the date...) leaves a usable replay


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.binary(max_size=2048))
def test_random_bytes_raise_only_the_decoders_errors(data):
    try:
        parse_replay(data)
    except ReplayError:
        pass
    try:
        decode(data)
    except CodecError:
        pass


def test_mutated_states_raise_only_codec_error():
    rnd = random.Random(99)
    samples = [encode(r.initial_state(3, r.max_players)) for r in REGISTRY.values()]
    for _ in range(2000):
        try:
            decode(mutate(rnd.choice(samples), rnd))
        except CodecError:
            pass
