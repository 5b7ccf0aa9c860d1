"""tools/ladder.py: a long pair split over runs and logged game by game gives the table one run gives."""

from __future__ import annotations

import json

import pytest
from tool_helpers import load_tool


def _ladder():
    return load_tool("ladder")


def _table(ladder, capsys, *argv):
    assert ladder.main(["--game", "grit", "--levels", "easy,normal", "--json", *argv]) == 0
    return json.loads(capsys.readouterr().out)["games"]["grit"]


def test_split_logged_runs_rank_like_one_run(tmp_path, capsys):
    """Games 0-3 in one run, or games 0-1 and 2-3 in two logged runs put together with --from-log: the same wins,
    the same Elo, and the table says how many games each pair got."""
    ladder = _ladder()
    whole = _table(ladder, capsys, "--games", "4")
    a, b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    _table(ladder, capsys, "--games", "2", "--log", str(a))
    _table(ladder, capsys, "--games", "2", "--start", "2", "--log", str(b))
    assert len(a.read_text().splitlines()) == 2 and len(b.read_text().splitlines()) == 2
    merged = _table(ladder, capsys, "--from-log", str(a), str(b))
    assert merged == whole and merged["games_per_pair"] == 4
    # a stopped run keeps what it logged: the first log alone is a two-game table
    assert _table(ladder, capsys, "--from-log", str(a))["games_per_pair"] == 2


def test_a_game_logged_twice_with_two_results_is_refused(tmp_path):
    """Logs of different code or seeds must not be mixed silently."""
    ladder = _ladder()
    log = tmp_path / "x.jsonl"
    log.write_text('["grit", "normal", "easy", 0, 1.0, 0.0]\n["grit", "normal", "easy", 0, 0.0, 1.0]\n')
    with pytest.raises(ValueError, match="two results"):
        ladder.read_logs([str(log)])


def test_a_decider_replaces_the_game_s_bot_for_its_level():
    """tools/grenade_ceiling.py plays the ladder's games with its own bot through ``play_one(task, decide)``: a
    "hard" that always moves the first grenade wins fewer of 12 Grenade games against "normal" than hard as shipped,
    and the decider is asked for every seat (it plays the other level as the game's bot would)."""
    ladder = _ladder()
    asked = []

    def first_grenade(state, view, legal, rng, level):
        asked.append(level)
        from arcade.games import grenade
        return legal[0] if level == "hard" else grenade.choose(view, legal, rng, level)

    tasks = [("grenade", "hard", "normal", g, 4, 1) for g in range(12)]
    shipped = sum(ladder.play_one(t)[3] for t in tasks)
    naive = sum(ladder.play_one(t, first_grenade)[3] for t in tasks)
    assert set(asked) == {"hard", "normal"}
    assert naive < shipped, (naive, shipped)
