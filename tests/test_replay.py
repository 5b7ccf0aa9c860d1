"""Replays, resume after a crash, and hardening against bad files (issue: replays, crash-safe resume, hardening)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import msgpack
import pytest

from arcade.games import REGISTRY
from arcade.core.match import Match, parse_seats
from arcade.core.replay import (ReplayError, ReplayWriter, find_resumable, list_replays, make_header, parse_replay,
                           read_replay, verify_replay)
from client_helpers import make_app, run_ticks

BOT_SEATS = {"grisbi": "bot:hard,bot:easy,bot:normal,bot:hard", "grit": "bot,bot", "grenade": "bot,bot,bot",
             "grass": "bot,bot,bot", "cops_and_robbers": "bot,bot,bot,bot"}
LIMIT = {"grisbi": 60 * 60 * 2}


def record_match(tmp_path: Path, gid: str, seed: int = 3, max_ticks: int = 60 * 60 * 3) -> tuple[Path, Match]:
    rules = REGISTRY[gid]
    seats = parse_seats(BOT_SEATS[gid], rules.min_players, rules.max_players)
    m = Match(gid, seats, seed, bot_think_ticks=2)
    path = tmp_path / f"{gid}.grr"
    m.recorder = ReplayWriter(path, make_header(gid, seed, m.seat_specs(), m.options),
                              flush_on_input=m.turn_based)
    for _ in range(LIMIT.get(gid, max_ticks)):
        if m.is_over():
            break
        m.tick()
    m.close_recording()
    return path, m


@pytest.mark.parametrize("gid", ["cops_and_robbers", "grass", "grenade", "grisbi", "grit"])
def test_every_game_records_a_replay_that_verifies(tmp_path, gid):
    path, m = record_match(tmp_path, gid)
    rep = read_replay(path)
    assert rep.game == gid and rep.ticks == m.tick_count
    assert rep.finished == m.is_over()
    res = verify_replay(rep)
    assert res.ok, res.message
    assert res.checked >= m.tick_count // 60
    # a replay re-simulated gives the recorded final checksum
    sim = rep.make_simulation()
    for inputs in rep.inputs():
        sim.advance(inputs)
    assert sim.checksum() == m.checksum()


def test_a_tampered_replay_names_the_first_differing_tick(tmp_path):
    path, m = record_match(tmp_path, "grisbi")
    rep = read_replay(path)
    # change one input in the middle: verification must fail at the next checkpoint at the latest
    runs = rep.runs
    k = next(i for i, (c, inp) in enumerate(runs) if any(inp) and i > len(runs) // 2)
    start = sum(c for c, _ in runs[:k])
    count, inp = runs[k]
    runs[k] = (count, tuple(0 for _ in inp))
    res = verify_replay(rep)
    assert not res.ok
    assert start < res.first_bad_tick <= start + 60 + count


def test_replay_command_verifies_and_reports_a_desync(tmp_path):
    path, _ = record_match(tmp_path, "grit")
    ok = subprocess.run([sys.executable, "-m", "arcade", "replay", str(path), "--verify", "--headless"],
                        capture_output=True, text=True, timeout=120)
    assert ok.returncode == 0 and "OK" in ok.stdout
    # flip the recorded final checksum
    data = bytearray(path.read_bytes())
    up = msgpack.Unpacker(raw=False)
    up.feed(bytes(data))
    objs = list(up)
    objs[-1][2] ^= 1
    bad = tmp_path / "bad.grr"
    bad.write_bytes(b"".join(msgpack.packb(o) for o in objs))
    p = subprocess.run([sys.executable, "-m", "arcade", "replay", str(bad), "--verify", "--headless"],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode != 0
    assert f"tick {objs[-1][1]}" in p.stderr and len(p.stderr.strip().splitlines()) == 1


def _valid_bytes(tmp_path) -> bytes:
    path, _ = record_match(tmp_path, "grit")
    return path.read_bytes()


def test_corrupt_truncated_empty_oversized_and_hostile_replays_give_one_line(tmp_path):
    good = _valid_bytes(tmp_path)
    header = next(_header_only(good))
    cases = {
        "empty": b"",
        "garbage": b"\x00\xffnot a replay at all",
        "header_cut": good[:10],
        "other_kind": msgpack.packb({"kind": "something else"}),
        "future": msgpack.packb({**header, "format": 99}),
        "bad_inputs": msgpack.packb(header) + msgpack.packb([0, 5, [1, 2, 3]]),
        "huge_count": msgpack.packb(header) + msgpack.packb([0, 10 ** 12, [0, 0]]),
        "nested": msgpack.packb(header) + b"\x91" * 5000,
        "after_end": good + msgpack.packb([0, 1, [0, 0]]),
        "old_rules": msgpack.packb({**header, "rules_version": -7}),
        "unknown_game": msgpack.packb({**header, "game": "chess"}),
    }
    for name, data in cases.items():
        p = tmp_path / f"{name}.grr"
        p.write_bytes(data)
        with pytest.raises(ReplayError) as e:
            read_replay(p)
        msg = str(e.value)
        assert msg and "\n" not in msg, name
    assert "newer" in str(pytest.raises(ReplayError, read_replay, tmp_path / "future.grr").value)
    assert "rules version" in str(pytest.raises(ReplayError, read_replay, tmp_path / "old_rules.grr").value)
    big = tmp_path / "big.grr"
    with open(big, "wb") as f:
        f.truncate(65 * 1024 * 1024)
    assert "too large" in str(pytest.raises(ReplayError, read_replay, big).value)
    # a record cut short by a crash is dropped, the rest is kept
    rep = parse_replay(good[:-3])
    assert rep.truncated and rep.ticks > 0


def _header_only(good: bytes):
    up = msgpack.Unpacker(raw=False)
    up.feed(good)
    yield next(up)


def test_bad_files_in_the_replays_folder_do_not_stop_the_game(tmp_path):
    app = make_app(tmp_path)
    folder = app.data_dir / "replays"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "a.grr").write_bytes(b"\xc1\xc1\xc1")
    (folder / "b.grr").write_bytes(b"")
    path, _ = record_match(tmp_path, "grit")
    os.replace(path, folder / "c.grr")
    reps, bad = list_replays(app.data_dir)
    assert len(reps) == 1 and len(bad) == 2
    from arcade.client.scenes.replays import ReplaysScene

    app.push(ReplaysScene(app))
    run_ticks(app, 3)
    assert "could not be read" in app.notice
    assert app.top.name == "replays"


def test_a_killed_match_is_resumed_exactly_where_it_stood(tmp_path):
    data = tmp_path / "data"
    args = [sys.executable, "-m", "arcade", "--headless", "--game", "grit", "--seats", "bot:hard,bot:easy",
            "--seed", "31", "--data-dir", str(data), "--config-dir", str(tmp_path / "cfg"), "--bot-think", "150",
            "--frames", "100000"]
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    folder = data / "replays"
    deadline = time.monotonic() + 60
    try:
        while time.monotonic() < deadline:  # wait (bounded) until a few turns are on disk, then kill it hard
            files = list(folder.glob("*.grr")) if folder.exists() else []
            if files:
                try:
                    rep = parse_replay(files[0].read_bytes())
                    if sum(1 for _, inp in rep.runs if any(inp)) >= 4:
                        break
                except ReplayError:
                    pass
            time.sleep(0.02)
        proc.send_signal(signal.SIGKILL)
    finally:
        proc.wait(timeout=30)
    rep = read_replay(next(folder.glob("*.grr")))
    assert not rep.finished and rep.ticks > 0
    assert find_resumable(data) is not None
    # the reference: the same match, never interrupted
    ref = Match("grit", parse_seats("bot:hard,bot:easy"), 31, bot_think_ticks=150)
    while not ref.is_over():
        ref.tick()
    # resume from the title screen
    app = make_app(tmp_path, data_dir=str(data))
    title = app.top
    assert title.items[0][1] == "resume"
    title.sel = 0
    from client_helpers import script

    app.opts.input_script = script(f"{app.ticks + 1} e\n")
    run_ticks(app, 3)
    table = app.top
    assert table.name == "table"
    while not table.match.is_over():
        run_ticks(app, 200)
    assert table.match.checksum() == ref.checksum()
    assert read_replay(next(folder.glob("*.grr"))).finished
