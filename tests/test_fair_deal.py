"""Host-authoritative turn games: the host's validation of actions and the end-of-match check of the fair deal
(issue 12: "the host reveals the seed and full action log; every client re-simulates it and shows 'deal verified'
or 'this match was not dealt fairly'"). A lying host -- one that deals from another seed than the one it committed
to, changes a view, logs an illegal action or reveals other nonces -- is caught.

The honest host here is the rules themselves (``initial_state`` / ``apply`` / ``view`` / ``codec.encode``), not
``TurnAuthority``, so the expected checksums are not computed by the code under test."""

from __future__ import annotations

import pickle
import random
from dataclasses import replace

import pytest

from arcade.core.authority import (DEAL_UNFAIR, DEAL_VERIFIED, TurnAuthority, ViewDigests, verify_views)
from arcade.games import REGISTRY
from arcade.games.codec import encode
from netplay.fairdeal import reveal_problem, revealed_seed
from netplay.wire import commit_of

NONCES = [[0, bytes(range(32))], [1, bytes(range(1, 33))], [2, bytes(range(2, 34))]]
COMMITS = [[p, commit_of(n)] for p, n in NONCES]


def play(game: str, seed: int, players: int, watcher: int | None, tamper=None, pick=7):
    """An honest host's match to the end with random legal actions (fixed generator): returns the action log, what
    ``watcher``'s peer received (``ViewDigests``) and the final state. ``tamper(step, view)`` may change a view."""
    rules = REGISTRY[game]
    rng = random.Random(pick)
    state = rules.initial_state(seed, players)
    got = ViewDigests(watcher)
    log = []
    step = 0
    while True:
        view = rules.view(state, watcher)
        got.receive(step, encode(tamper(step, view) if tamper else view))
        if rules.is_over(state):
            return log, got, state
        seat = min(rules.to_act(state))
        action = rng.choice(list(rules.legal_actions(state, seat)))
        state = rules.apply(state, seat, action)
        log.append((seat, rules.encode_action(action)))
        step += 1


@pytest.mark.parametrize("game,players,watcher", [("grit", 2, 1), ("grenade", 3, 2), ("grenade", 3, None)])
def test_an_honest_host_is_verified_and_every_peer_ends_with_the_hosts_checksum(game, players, watcher):
    seed = revealed_seed(NONCES[:players])
    log, got, final = play(game, seed, players, watcher)
    assert len(log) > 5 and reveal_problem(COMMITS[:players], NONCES[:players]) is None
    verdict = verify_views(REGISTRY[game], seed, players, log, got)
    assert verdict.fair and verdict.label == DEAL_VERIFIED
    assert verdict.checksum == REGISTRY[game].checksum(final)


def test_a_host_dealing_from_another_seed_than_it_committed_to_is_caught():
    seed = revealed_seed(NONCES[:2])
    log, got, _ = play("grit", seed ^ 1, 2, 1)  # the host's real deal: a seed of its choice
    verdict = verify_views(REGISTRY["grit"], seed, 2, log, got)
    assert not verdict.fair and verdict.label == DEAL_UNFAIR and verdict.checksum is None


def test_a_host_that_changes_one_view_is_caught_at_that_step():
    seed = revealed_seed(NONCES[:2])

    def swap_hand(step, view):  # step 4: seat 2 is shown a hand it does not hold
        return replace(view, hand=tuple(reversed(view.hand))[1:]) if step == 4 else view

    log, got, _ = play("grit", seed, 2, 1, tamper=swap_hand)
    verdict = verify_views(REGISTRY["grit"], seed, 2, log, got)
    assert not verdict.fair and "step 4" in verdict.reason


def test_a_log_with_an_illegal_action_two_views_for_one_step_or_views_past_the_log_are_caught():
    seed = revealed_seed(NONCES[:2])
    log, got, _ = play("grit", seed, 2, 1)
    rules = REGISTRY["grit"]
    bad = list(log)
    bad[3] = (1 - bad[3][0], bad[3][1])  # the other seat acting out of turn
    assert not verify_views(rules, seed, 2, bad, got).fair
    assert "action 4" in verify_views(rules, seed, 2, bad, got).reason
    assert not verify_views(rules, seed, 2, log[:-3], got).fair  # views were shown for steps the log never reached
    got.receive(2, b"another view")
    assert not verify_views(rules, seed, 2, log, got).fair


def test_a_reveal_that_is_not_what_was_committed_is_refused():
    assert reveal_problem(COMMITS, NONCES) is None
    other = [[0, bytes(32 * [9])]] + NONCES[1:]
    assert "does not match" in reveal_problem(COMMITS, other)
    assert "other peers" in reveal_problem(COMMITS, NONCES[:2])
    zero = [[0, bytes(32)]] + COMMITS[1:]
    assert "no real digest" in reveal_problem(zero, NONCES)


def test_the_host_accepts_only_the_legal_action_of_the_seat_to_act():
    rules = REGISTRY["grit"]
    host = TurnAuthority(rules, 11, 2)
    seat = min(rules.to_act(host.state))
    legal = [rules.encode_action(a) for a in rules.legal_actions(host.state, seat)]
    illegal = next(c for c in range(400) if c not in legal)
    before = rules.checksum(host.state)
    assert not host.act(1 - seat, legal[0]) and not host.act(seat, illegal) and not host.act(seat, -5)
    assert host.step == 0 and host.checksum() == before
    assert host.act(seat, legal[0]) and host.log == [(seat, legal[0])]


def test_what_a_joiner_keeps_of_its_views_holds_no_card_it_was_not_shown():
    """A joiner's record of the match is digests: no hand (not even its own old ones) survives in it."""
    seed = revealed_seed(NONCES[:2])
    log, got, final = play("grit", seed, 2, 1)
    kept = pickle.dumps(got)
    dealt = REGISTRY["grit"].initial_state(seed, 2)
    opponent, own_view = encode(dealt.complaints[0]), encode(REGISTRY["grit"].view(dealt, 1))
    assert len(opponent) >= 8 and opponent not in kept and own_view not in kept
    assert len(kept) < 40 * (len(log) + 1)
