"""The conformance suite every registered game runs (issue: rules contract).

Each game package exports ``RULES`` and ``sample_hidden(state, seat, rng) -> state`` (a state that differs from
``state`` only in what ``seat`` may not see). Playouts are random legal play from seeded generators.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from arcade.games import REGISTRY, IllegalAction, definition_of, is_turn_based, simulation_for
from arcade.games.bots import random_inputs
from arcade.games.rng import Rng
from netplay.synctest import run_sync_test

# The five games the design names. Written out (not read from the registry) so that a game that disappears fails
# every parametrised test below with a KeyError instead of silently leaving fewer tests green.
GAMES = ["cops_and_robbers", "grass", "grenade", "grisbi", "grit"]
TURN_GAMES = ["cops_and_robbers", "grass", "grenade", "grit"]
MAX_TURN_ACTIONS = 20_000
MAX_TICKS = 60 * 60 * 30  # a real-time playout ends well before 30 minutes
# Options for random playouts. Grass plays hand after hand until someone reaches $250,000 (no cap, no floor): random
# players drift into the red for ever, so their playouts use the game's optional length limit.
PLAYOUT_OPTIONS = {"grass": {"max_hands": 4}}


def player_counts(rules):
    """Every allowed player count: ``rules.player_counts`` when a game allows only some (Cops & Robbers: 4 or 6),
    else ``min_players..max_players``."""
    return getattr(rules, "player_counts", None) or range(rules.min_players, rules.max_players + 1)


def random_playout(gid: str, seed: int, players: int):
    """Yield (state_before, inputs, state_after) for a whole random game."""
    rules = REGISTRY[gid]
    sim = simulation_for(rules, seed, players, **PLAYOUT_OPTIONS.get(gid, {}))
    rng = Rng.from_seed(seed * 7919 + players)
    limit = MAX_TURN_ACTIONS if is_turn_based(rules) else MAX_TICKS
    for _ in range(limit):
        if sim.is_over():
            return
        before = sim.state
        inputs, rng = random_inputs(rules, before, players, rng, (1, 20))
        sim.advance(inputs)
        yield before, inputs, sim.state
    raise AssertionError(f"{gid} with {players} players did not end within {limit} steps")


def test_registry_has_every_game_id_spelled_as_the_design_says():
    assert set(GAMES) <= set(REGISTRY), f"missing from the registry: {sorted(set(GAMES) - set(REGISTRY))}"
    assert all(definition_of(g).rules is REGISTRY[g] for g in REGISTRY)
    assert [g for g in GAMES if is_turn_based(REGISTRY[g])] == TURN_GAMES
    for gid, rules in REGISTRY.items():
        assert rules.id == gid
        assert 1 <= rules.min_players <= rules.max_players


@pytest.mark.parametrize("gid", GAMES)
def test_random_playouts_end_for_every_player_count(gid):
    rules = REGISTRY[gid]
    for players in player_counts(rules):
        for seed in range(3):
            last = None
            for _, _, last in random_playout(gid, seed, players):
                pass
            assert last is not None and rules.is_over(last)
            assert len(rules.scores(last)) == players


@pytest.mark.parametrize("gid", GAMES)
def test_transitions_never_mutate_their_input(gid):
    rules = REGISTRY[gid]
    players = rules.max_players
    for before, inputs, _ in random_playout(gid, 11, players):
        c = rules.checksum(before)
        if is_turn_based(rules):
            for seat in sorted(rules.to_act(before)):
                for a in list(rules.legal_actions(before, seat))[:3]:
                    rules.apply(before, seat, a)
        else:
            rules.step(before, inputs)
        assert rules.checksum(before) == c


@pytest.mark.parametrize("gid", TURN_GAMES)
def test_seats_to_act_have_a_legal_action_until_the_end(gid):
    rules = REGISTRY[gid]
    for players in player_counts(rules):
        for before, _, after in random_playout(gid, 5, players):
            seats = rules.to_act(before)
            assert seats, "nobody may act but the game is not over"
            for seat in seats:
                assert rules.legal_actions(before, seat)
            for seat in range(players):
                if seat not in seats:
                    assert not rules.legal_actions(before, seat)
        assert rules.is_over(after)
        assert not rules.to_act(after)


@pytest.mark.parametrize("gid", TURN_GAMES)
def test_illegal_actions_raise(gid):
    rules = REGISTRY[gid]
    players = rules.min_players
    checked = 0
    for before, _, _ in random_playout(gid, 3, players):
        acting = sorted(rules.to_act(before))
        idle = [s for s in range(players) if s not in acting]
        legal = list(rules.legal_actions(before, acting[0]))
        if idle:  # a seat acting out of turn
            with pytest.raises(IllegalAction):
                rules.apply(before, idle[0], legal[0])
            checked += 1
        # an action of another seat's or another moment that is not legal now
        for n in range(0, 400):
            try:
                a = rules.decode_action(n)
            except (IllegalAction, ValueError, KeyError, IndexError):
                continue
            if a not in legal:
                with pytest.raises(IllegalAction):
                    rules.apply(before, acting[0], a)
                checked += 1
                break
        if checked > 40:
            break
    assert checked > 0


@pytest.mark.parametrize("gid", TURN_GAMES)
def test_actions_encode_and_decode(gid):
    rules = REGISTRY[gid]
    for before, _, _ in random_playout(gid, 9, rules.max_players):
        for seat in rules.to_act(before):
            for a in rules.legal_actions(before, seat):
                n = rules.encode_action(a)
                assert 0 <= n < (1 << 16) - 1
                assert rules.decode_action(n) == a


_PLAYOUT_SCRIPT = """
import json, sys
sys.path.insert(0, {tests!r})
from test_conformance import random_playout
from arcade.games import REGISTRY
rules = REGISTRY[{gid!r}]
print(json.dumps([rules.checksum(after) for _, _, after in random_playout({gid!r}, 42, {players})]))
"""


@pytest.mark.parametrize("gid", GAMES)
def test_same_seed_and_actions_give_same_checksums_across_processes(gid):
    rules = REGISTRY[gid]
    code = _PLAYOUT_SCRIPT.format(tests=os.path.dirname(__file__), gid=gid, players=rules.max_players)
    runs = []
    for hashseed in ("1", "12345"):
        env = dict(os.environ, PYTHONHASHSEED=hashseed)
        out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
        runs.append(json.loads(out.stdout))
    assert runs[0] == runs[1]
    assert len(runs[0]) > 10


@pytest.mark.parametrize("gid", GAMES)
def test_view_does_not_depend_on_other_seats_hidden_cards(gid):
    rules = REGISTRY[gid]
    sample_hidden = definition_of(gid).sample_hidden
    rng = Rng.from_seed(99)
    differed = 0
    for players in (rules.min_players, rules.max_players):
        for i, (before, _, _) in enumerate(random_playout(gid, 21, players)):
            if i % 7:
                continue
            for seat in range(players):
                other = sample_hidden(before, seat, rng)
                rng = Rng(rng.next64()[0])
                assert rules.view(other, seat) == rules.view(before, seat)
                if rules.checksum(other) != rules.checksum(before):
                    differed += 1
    assert differed > 0, "sample_hidden never changed anything: the test would prove nothing"


@pytest.mark.parametrize("gid", GAMES)
def test_tick_adapter_survives_sync_test(gid):
    rules = REGISTRY[gid]
    players = rules.max_players
    sim = simulation_for(rules, 7, players)
    state = {"rng": Rng.from_seed(7)}

    def next_inputs(s, tick):
        inputs, state["rng"] = random_inputs(rules, s.state, players, state["rng"], (1, 20))
        return inputs

    result = run_sync_test(sim, next_inputs, ticks=3000 if is_turn_based(rules) else 10_800, max_depth=8, seed=1)
    assert result.rollbacks == result.ticks > 0
    assert result.max_depth == 8 or result.ticks < 8
