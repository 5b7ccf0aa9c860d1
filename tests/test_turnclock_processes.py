"""The headless CLI's turn clock (issue 34): real processes over 127.0.0.1 (run inside a network namespace)."""

from __future__ import annotations

import json

from test_netplay_processes import arcade, finish, free_port


def test_a_silent_joiner_is_played_by_the_hosts_bot_and_the_host_exits_0_saying_who_stalled(tmp_path):
    """A joiner whose bot never acts (it thinks for ever) against ``host --turn-clock 1``: its moves are played by
    the host's bot, at its second clock in a row it is dropped; the host's match ends, its summary says who stalled
    (and ``deal_restarts`` 0) and it exits 0 with a ``stalled:`` line."""
    port = free_port()
    common = ["--code", "GRIT-2", "--headless", "--timeout", "3"]
    host = arcade("host", "--game", "grit", "--port", str(port), "--seats", "bot,remote", *common, "--seed", "1",
                  "--think-ticks", "5", "--turn-clock", "1", "--summary", str(tmp_path / "host.json"),
                  "--lobby-timeout", "30")
    try:
        assert "hosting" in host.stdout.readline()
        join = arcade("join", f"127.0.0.1:{port}", "--seats", "bot", *common, "--seed", "2", "--think-ticks",
                      "1000000", "--summary", str(tmp_path / "join.json"))
        jcode, jout, jerr = finish(join, 90)
        hcode, hout, herr = finish(host, 90)
    finally:
        for p in (host,):
            if p.poll() is None:
                p.kill()
                p.communicate()
    assert hcode == 0, herr
    assert any(line.startswith("stalled: peer 1") for line in hout.splitlines()), hout
    assert "ran out of time" in hout
    h = json.loads((tmp_path / "host.json").read_text())
    assert h["stalled"] == ["peer 1"] and h["turn_timeouts"] >= 2 and h["deal_restarts"] == 0
    assert h["result"]["reason"] == "game over"
    assert jcode == 1 and "turn clock ran out twice" in jerr
    j = json.loads((tmp_path / "join.json").read_text())
    assert j["deal_restarts"] == 0 and j["stalled"] == []
