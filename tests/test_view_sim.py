"""Host-authoritative turn games, the joiner's side (issue 12, "Turn games are host-authoritative"): a joiner or a
spectator holds a ``ViewSim`` fed only the views the host sends, and its table draws from the ViewSim's stand-in
state.

For each turn game, a seeded bot match runs on a ``TurnSimulation`` (the host's real state); after every tick that
changed the state, each seat's ViewSim (and a spectator's) receives what the host would send: the view's bytes and
the public actions. What a player would notice:

1. the table shows exactly what it should: the stand-in's view for its seat is the host's view for that seat, and
   the seat's controls (legal actions) are the same, at every step;
2. a joiner's memory holds no other seat's hidden cards: the stand-in's hidden hands differ from the real ones, and
   wherever they differ nothing the ViewSim holds equals a real hidden hand;
3. the public actions never tell a seat what it could not see: a public action is, in every world that seat cannot
   tell from the real one, the only action that shows it the table it now sees.

The expected views are the rules' own ``view`` of the host's state, encoded with ``arcade.games.codec``."""

from __future__ import annotations

import dataclasses
from typing import Any, Iterator

import pygame
import pytest

from arcade.client.scenes import router
from arcade.core.authority import ViewSim, deal_line, make_view_sim, public_actions, DEAL_UNFAIR, DEAL_VERIFIED
from arcade.games import REGISTRY, definition_of, simulation_for
from arcade.core.match import Match, parse_seats
from arcade.games.bots import BotSeat
from arcade.games.codec import encode
from arcade.games.rng import Rng
from client_helpers import make_app, run_ticks, script
from test_netplay_attacks import _reachable  # a peer's memory, as the attack tests walk it

# (game, players, options, seed): short whole matches (Grass: one hand)
MATCHES = [("grit", 2, {}, 3), ("grenade", 3, {}, 5), ("cops_and_robbers", 4, {}, 2),
           ("grass", 3, {"max_hands": 1}, 4)]


def all_hands(game: str, state: Any) -> tuple[tuple, ...]:
    """Every seat's hidden hand (Grenade: hearts), each a tuple of cards."""
    return {"grit": lambda s: s.complaints, "grenade": lambda s: s.hearts,
            "cops_and_robbers": lambda s: s.hands, "grass": lambda s: tuple(x.hand for x in s.seats)}[game](state)


def hidden_hands(game: str, state: Any, seat: int | None) -> list[tuple]:
    """The hands ``seat`` may not see (rules: each game's "Setup"): the other seats'; none once the game is over and
    everything is shown."""
    if REGISTRY[game].is_over(state):
        return []
    return [h for p, h in enumerate(all_hands(game, state)) if p != seat]


def host_match(game: str, players: int, options: dict, seed: int) -> Iterator[tuple[int, Any, list, Any]]:
    """A bot match on the host's ``TurnSimulation``: (step, state before, applied actions, state after) for every
    tick that changed the state, to the end."""
    rules = REGISTRY[game]
    sim = simulation_for(rules, seed, players, **options)
    bots = [BotSeat(game, s, "easy", seed, think_ticks=1) for s in range(players)]
    step = 0
    while not sim.is_over() and sim.tick < 20_000:
        before = sim.state
        sim.advance(tuple(b.input(sim.state, sim.tick) for b in bots))
        if sim.state is not before:
            step += len(sim.last_applied)
            yield step, before, list(sim.last_applied), sim.state
    assert sim.is_over(), "the bots did not finish the match"


def holds(root: object, secret: tuple) -> bool:
    return any(type(o) is tuple and o == secret for o in _reachable(root))


@pytest.mark.parametrize("game,players,options,seed", MATCHES)
def test_each_seat_is_shown_the_hosts_view_and_holds_no_other_seats_hidden_cards(game, players, options, seed):
    rules = REGISTRY[game]
    seats: list[int | None] = [*range(players), None]
    sims = {w: ViewSim(rules, players, w, **options) for w in seats}
    assert not any(s.ready for s in sims.values())
    differed = dict.fromkeys(seats, 0)
    checked = 0
    steps = 0
    for step, before, applied, after in host_match(game, players, options, seed):
        public = public_actions(rules, before, applied)
        for w, sim in sims.items():
            shown = rules.view(after, w)
            sim.receive(step, encode(shown), public)
            assert sim.ready and sim.step == step
            assert rules.view(sim.state, w) == shown, f"step {step}: seat {w}'s table differs from the host's view"
            if w is not None and not rules.is_over(after):
                assert rules.legal_actions(sim.state, w) == rules.legal_actions(after, w)
            real, stand_in = hidden_hands(game, after, w), hidden_hands(game, sim.state, w)
            assert [len(h) for h in real] == [len(h) for h in stand_in]  # the table counts the cards it hides
            if real == stand_in:
                continue
            differed[w] += 1
            if step % 4 == 0:  # the memory walk is slow: every 4th step
                # what the real state holds and the stand-in does not: the whole hands tuple, and each hand of 3 or
                # more cards (a short hand may be in the stand-in by chance, as any card may)
                secrets = [h for h in real if len(h) >= 3 and h not in stand_in]
                if game != "grass":
                    secrets.append(all_hands(game, after))
                assert all(holds(after, h) for h in secrets)  # the walk finds them where they are
                assert not any(holds(sim, h) for h in secrets), f"step {step}: seat {w}'s ViewSim holds a hidden hand"
                checked += len(secrets)
        steps += 1
    assert steps > 10 and checked > 0
    assert all(differed[w] > 0 for w in seats), differed  # the stand-in's hidden cards are not the real ones
    for w, sim in sims.items():
        assert sim.is_over() and sim.view == rules.view(after, w)  # the end (everything revealed) is the host's


def told_only_what_every_seat_sees(game: str, before: Any, seat: int, action: Any, after: Any) -> bool:
    """True when no other seat (nor a spectator) learns anything from being told ``action``: in every world it cannot
    tell from ``before`` (the real one and 4 re-deals of what it cannot see), ``action`` is the only action of
    ``seat`` that shows it the table it now sees."""
    rules = REGISTRY[game]
    redeal = definition_of(game).sample_hidden
    for w in [p for p in range(before.players) if p != seat] + [None]:
        now = rules.view(after, w)
        for world in [before] + [redeal(before, w, Rng.from_seed(k)) for k in range(4)]:
            for other in rules.legal_actions(world, seat):
                if other != action and rules.view(rules.apply(world, seat, other), w) == now:
                    return False
    return True


@pytest.mark.parametrize("game,players,options,seed", MATCHES)
def test_the_public_actions_never_tell_a_seat_a_card_it_cannot_see(game, players, options, seed):
    rules = REGISTRY[game]
    shown = hidden = 0
    for step, before, applied, after in host_match(game, players, options, seed):
        state = before
        for (seat, action), (told_seat, code) in zip(applied, public_actions(rules, before, applied)):
            nxt = rules.apply(state, seat, action)
            assert told_seat == seat and code in (0, rules.encode_action(action) + 1)
            if code:
                shown += 1
                assert told_only_what_every_seat_sees(game, state, seat, action, nxt), \
                    f"step {step}: {action!r} of seat {seat} is told to every seat but hides something"
            else:
                hidden += 1
            state = nxt
    assert shown >= 4  # the tables can animate what happened (in Grit: the four Word choices)
    if game == "grit":
        assert hidden >= 8  # Complaints go face down


def test_a_rule_that_told_every_grit_action_would_be_caught():
    """The check above has teeth: a Complaint laid face down, told to everyone, is caught."""
    rules = REGISTRY["grit"]
    caught = 0
    for step, before, applied, after in host_match("grit", 2, {}, 3):
        for seat, action in applied:
            if type(action).__name__ == "PlayComplaint":
                caught += not told_only_what_every_seat_sees("grit", before, seat, action, after)
    assert caught >= 4


def test_a_view_sim_keeps_the_newest_view_and_refuses_what_is_not_its_seats_view():
    rules = REGISTRY["grenade"]
    a = rules.initial_state(9, 3)
    seat = min(rules.to_act(a))
    b = rules.apply(a, seat, rules.legal_actions(a, seat)[0])
    sim = make_view_sim(type("S", (), {"game": "grenade", "seats": 3, "options": ()})(), 1)
    sim.receive(1, encode(rules.view(b, 1)), [(seat, 1)])
    assert sim.last_applied == [(seat, rules.legal_actions(a, seat)[0])]
    saved, sum_b = sim.save(), sim.checksum()
    sim.receive(0, encode(rules.view(a, 1)), [])  # late: an older step changes nothing
    sim.receive(1, encode(rules.view(a, 1)), [])
    assert rules.view(sim.state, 1) == rules.view(b, 1) and sim.checksum() == sum_b
    grit = REGISTRY["grit"]
    for junk, public in [(encode(rules.view(b, 2)), []), (encode(rules.view(b, None)), []), (encode(b), []),
                         (b"\x00junk", []), (encode(grit.view(grit.initial_state(1, 2), 1)), []),
                         (encode(rules.view(b, 1)), [(0, 999)]),
                         (encode(dataclasses.replace(rules.view(b, 1), hearts=((7,), (7,), (7,)))), [])]:
        with pytest.raises(ValueError):
            sim.receive(2, junk, public)
    assert sim.step == 1 and sim.checksum() == sum_b
    sim.advance((0, 0, 0))
    sim.load(saved)
    assert sim.tick == 0 and sim.step == 1 and sim.input_for(rules.legal_actions(a, seat)[0]) == 1


def test_a_results_line_only_for_a_checked_deal():
    assert deal_line("verified") == DEAL_VERIFIED and deal_line("unfair") == DEAL_UNFAIR
    assert deal_line(None) is None and deal_line("") is None


# --- the tables: a joiner's table drawn from its ViewSim is the table drawn from the host's state ------------------


def _table_picture(game: str, players: int, options: dict, seat: int | None, states: list, sim: Any, tmp_path):
    """The table of ``game`` for a screen where ``seat`` is the one local human (None: a spectator, every seat
    remote), its match's simulation ``sim`` given each of ``states`` in turn (a ViewSim: the seat's view of it, with
    its public actions) 20 ticks apart; returns the last frame (1280×720)."""
    rules = REGISTRY[game]
    app = make_app(tmp_path, input_script=script(""))
    match = Match(game, parse_seats(",".join("human" if p == seat else "remote" for p in range(players))), 1,
                  **options)
    match.sim = sim
    app.push(router.table(game)(app, match))
    for step, before, applied, after in states:
        if isinstance(sim, ViewSim):
            sim.receive(step, encode(rules.view(after, seat)), public_actions(rules, before, applied))
        else:
            sim.load((sim.tick, after))
        run_ticks(app, 20)
    surf = pygame.Surface((1280, 720))
    app.top.draw(surf, 1.0)
    return surf


@pytest.mark.parametrize("game,players,options,seed,seat,upto", [
    ("grit", 2, {}, 3, 1, 6), ("grenade", 3, {}, 5, 1, 7), ("cops_and_robbers", 4, {}, 2, 2, 30),
    ("grass", 3, {"max_hands": 1}, 4, 1, 40), ("grit", 2, {}, 3, None, 6), ("grass", 3, {"max_hands": 1}, 4, None, 40)])
def test_a_joiners_table_is_the_table_its_seat_would_see_of_the_hosts_state(game, players, options, seed, seat, upto,
                                                                             tmp_path):
    """Pixel for pixel: what a joiner (or a spectator) sees, drawn from its ViewSim's stand-in, is what the same
    screen would show of the host's real state (no hidden card's face, no placeholder shown oddly)."""

    states = [x for x in host_match(game, players, options, seed) if x[0] <= upto][-4:]
    rules = REGISTRY[game]
    seen = _table_picture(game, players, options, seat, states, ViewSim(rules, players, seat, **options),
                          tmp_path / "joiner")
    real = _table_picture(game, players, options, seat, states, simulation_for(rules, seed, players, **options),
                          tmp_path / "host")
    pygame.image.save(seen, str(tmp_path / f"{game}_{seat}.png"))
    assert pygame.image.tobytes(seen, "RGB") == pygame.image.tobytes(real, "RGB")
