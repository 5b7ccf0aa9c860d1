"""A replay shows the hidden cards of the seat chosen with Tab (README: "Tab whose cards"; issue 29: Grisbi's
replays cycled the label but every hand stayed face down).

A Grisbi match of four bots is recorded, then watched paused in the middle of a round: each press of Tab names the
next seat, and the hand drawn face up is exactly that seat's cards at that tick (the card art is watched: which
cards it is asked to draw at hand size); "public cards" shows no hand at all.
"""

from __future__ import annotations

import pygame

from arcade.core.match import Match, parse_seats
from arcade.core.replay import ReplayWriter, make_header, read_replay
from arcade.client.scenes.replays import PlaybackScene
from arcade.games.grisbi.table import cards as gc
from client_helpers import make_app, run_ticks, script


def record(tmp_path, ticks: int):
    seats = parse_seats("bot:hard,bot:easy,bot:normal,bot:hard", 2, 8)
    m = Match("grisbi", seats, 7, bot_think_ticks=2)
    path = tmp_path / "grisbi.grr"
    m.recorder = ReplayWriter(path, make_header("grisbi", 7, m.seat_specs(), m.options), flush_on_input=False)
    for _ in range(ticks):
        m.tick()
    m.close_recording()
    return read_replay(path)


def hand_cards_drawn(app, monkeypatch) -> set[int]:
    """The cards the table asks the card art for at hand size while one frame is drawn."""
    asked: set[int] = set()
    real = gc.card_face

    def watch(card, w, h):
        if (w, h) == tuple(gc.HAND_SIZE):
            asked.add(card)
        return real(card, w, h)

    monkeypatch.setattr(gc, "card_face", watch)
    app.draw(1.0)
    monkeypatch.setattr(gc, "card_face", real)
    return asked


def test_grisbi_replay_shows_the_chosen_seats_hand(tmp_path, monkeypatch):
    rep = record(tmp_path, 60 * 5)  # START is at 3 s: two seconds into the first round
    app = make_app(tmp_path)
    scene = PlaybackScene(app, rep)
    app.push(scene)
    scene.paused = True
    scene.seek(60 * 4)
    state = scene.match.state
    assert state.phase == "play" and all(state.hands), "a round is being played and every seat holds cards"
    seen = {}
    for press in range(5):  # public -> seat 1 -> 2 -> 3 -> 4 -> public
        app.opts.input_script = script(f"{app.ticks} tab")
        run_ticks(app, 40)  # paused: the table stays on this tick while the hand's sprites settle
        assert scene.match.state is state
        seen[scene.view_choice] = hand_cards_drawn(app, monkeypatch)
    for seat in range(4):
        assert seen[seat] == set(state.hands[seat]), f"Tab to seat {seat + 1} shows that seat's hand, face up"
    assert seen[-1] == set(), "public cards: no hand is face up"
