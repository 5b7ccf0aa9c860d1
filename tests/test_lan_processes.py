"""LAN play between real client processes over 127.0.0.1: the real scenes (lobby, the game's table, results) run
headless and paced at 60 Hz, with bots or an input script at the local seats.

- Grit, two processes: host (a human driven by an input script) and a joiner (a bot), through the lobby to the end
  of the match; both stop at the same tick with the same checksum and record the same LAN replay.
- Grisbi, three processes (host + two joiners) through a round; a spectator joins mid-match, one joiner's process
  is killed, the host's bot takes its seat, and a new process rejoins that seat; the host, the other joiner, the
  spectator and the rejoined player all end on the same checksum.

Each process has a timeout; the test polls the processes' summary files (bounded) to know when to act.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from arcade.core.replay import ReplayError, read_replay, verify_replay
from netplay.discovery import lan_interfaces

ROOT = Path(__file__).resolve().parent.parent
# Outside a private network namespace (.ci/run makes one), keep the product's LAN defaults to this machine.
ONE_MACHINE = ["--lan-broadcast", "127.255.255.255"] if lan_interfaces() else []


def free_port() -> int:
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


class Peer:
    """One client process (``python -m arcade --headless --realtime --lan ...``) and its summary file."""

    def __init__(self, tmp: Path, name: str, *args: str, config: Path | None = None) -> None:
        self.dir = tmp / name
        self.dir.mkdir()
        config = config or self.dir / "config"  # another peer's: the same player on a new process
        self.summary = self.dir / "summary.json"
        env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
                   SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
        self.out = open(self.dir / "out.txt", "w")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "arcade", "--headless", "--realtime", "--exit-on-results", "--lan-name", name,
             "--lan-summary", str(self.summary), "--config-dir", str(config), "--data-dir",
             str(self.dir / "data"), *ONE_MACHINE, *args], cwd=ROOT, env=env, stdout=self.out,
            stderr=subprocess.STDOUT)

    def doc(self) -> dict:
        try:
            return json.loads(self.summary.read_text())
        except (OSError, ValueError):
            return {}

    def wait(self, timeout: float) -> int:
        try:
            return self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.kill()
            raise AssertionError(f"{self.dir.name} did not finish in {timeout} s:\n{self.log()}")

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def log(self) -> str:
        self.out.flush()
        return (self.dir / "out.txt").read_text()

    def replays(self) -> list:
        return [read_replay(p) for p in sorted((self.dir / "data" / "replays").glob("*.grr"))]


def poll(cond, seconds: float, what: str, peers: list[Peer]) -> None:
    """Bounded polling of real subprocesses' files."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if cond():
            return
        for p in peers:
            if p.proc.poll() is not None and p.proc.returncode != 0:
                raise AssertionError(f"{p.dir.name} exited {p.proc.returncode} while waiting for {what}:\n{p.log()}")
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}:\n" + "\n".join(f"--- {p.dir.name}\n{p.log()}"
                                                                         for p in peers))


@pytest.fixture
def peers():
    made: list[Peer] = []
    yield made
    for p in made:
        p.kill()
        p.out.close()


def test_two_processes_play_a_whole_grit_match_from_the_lobby_and_agree(tmp_path, peers):
    port = free_port()
    (tmp_path / "script.txt").write_text("5 every 25 times 2000 e\n17 every 75 times 400 d\n30 every 110 times 300 s\n")
    host = Peer(tmp_path, "Ann", "--lan", "host", "--game", "grit", "--seats", "human,remote", "--lan-port", str(port),
                "--lan-code", "GRT-442", "--lan-auto", "--bot-think", "15", "--input-script",
                str(tmp_path / "script.txt"))
    peers.append(host)
    join = Peer(tmp_path, "Bob", "--lan", "join", "--lan-address", f"127.0.0.1:{port}", "--lan-code", "grt442",
                "--seats", "bot", "--lan-auto", "--bot-think", "15")
    peers.append(join)
    assert join.wait(60) == 0, join.log()
    assert host.wait(30) == 0, host.log()
    h, j = host.doc(), join.doc()
    assert h["phase"] == j["phase"] == "ended" and h["reason"] == j["reason"] == "game over"
    assert (h["frame"], h["checksum"], h["seed"], h["scores"]) == (j["frame"], j["checksum"], j["seed"], j["scores"])
    assert h["desyncs"] == j["desyncs"] == 0 and h["local_seats"] == [0] and j["local_seats"] == [1]
    # both recorded the match from the confirmed inputs; the replays agree and re-simulate to the same end
    (rh,), (rj,) = host.replays(), join.replays()
    assert rh.header["lan"] and rj.header["lan"] and rh.runs == rj.runs and rh.end == rj.end
    assert rh.end[:2] == (h["frame"], h["checksum"]) and verify_replay(rh).ok
    assert any(inputs[0] for _, inputs in rh.runs)  # the scripted human really played seat 0


def test_three_processes_play_a_grisbi_round_with_a_spectator_and_a_rejoin_after_a_kill(tmp_path, peers):
    port = free_port()
    addr = f"127.0.0.1:{port}"
    common = ["--lan-code", "GRS-777", "--lan-timeout", "1.5"]
    go = tmp_path / "end-now"  # the host ends the match after the first round once this file exists
    host = Peer(tmp_path, "Host", "--lan", "host", "--game", "grisbi", "--seats", "bot,remote,bot,remote",
                "--lan-port", str(port), "--lan-auto", "--lan-end-after-rounds", "1", "--lan-end-when-file", str(go),
                *common)
    peers.append(host)
    a = Peer(tmp_path, "Ada", "--lan", "join", "--lan-address", addr, "--seats", "bot", "--lan-auto", *common)
    peers.append(a)
    b = Peer(tmp_path, "Ben", "--lan", "join", "--lan-address", addr, "--seats", "bot", "--lan-auto", *common)
    peers.append(b)
    poll(lambda: host.doc().get("phase") == "running", 30, "the match to start", [host, a, b])

    def host_ticks() -> int:
        """Confirmed ticks so far, from the host's replay (written as the match goes)."""
        try:
            return max((r.ticks for r in host.replays()), default=0)
        except ReplayError:
            return 0

    # the START countdown (180 ticks) and the first cards
    poll(lambda: host_ticks() >= 240, 30, "the first cards of the round", [host, a, b])
    spec = Peer(tmp_path, "Sam", "--lan", "watch", "--lan-address", addr, *common)
    peers.append(spec)
    poll(lambda: spec.doc().get("phase") == "running", 20, "the spectator to start", [host, spec])
    assert spec.doc()["late"] and spec.doc()["first_frame"] > 0
    poll(lambda: host_ticks() >= spec.doc()["first_frame"] + 60, 30, "play after the spectator came", [host, spec])
    lost_seat = b.doc()["local_seats"][0]
    b.kill()
    # the host drops the seat after 1.5 s of silence; then Ben's new process (his settings folder: his player token,
    # the only proof of whose seat it is) watches and claims the seat back
    poll(lambda: "a bot plays the seat" in host.log(), 30, "the host to drop the lost seat", [host, a, spec])
    b2 = Peer(tmp_path, "Ben2", "--lan", "watch", "--lan-address", addr, "--lan-claim", str(lost_seat + 1),
              "--seats", "bot", *common, config=b.dir / "config")
    peers.append(b2)
    poll(lambda: b2.doc().get("claimed") == [lost_seat], 30, "the seat taken back", [host, a, spec, b2])
    go.write_text("")
    for p in (host, a, spec, b2):
        assert p.wait(90) == 0, p.log()
    docs = {p.dir.name: p.doc() for p in (host, a, spec, b2)}
    assert {d["phase"] for d in docs.values()} == {"ended"}, docs
    assert len({(d["frame"], d["checksum"]) for d in docs.values()}) == 1, docs
    assert docs["Host"]["reason"] == "ended by the host" and docs["Host"]["desyncs"] == 0
    assert docs["Sam"]["late"] and docs["Sam"]["local_seats"] == []
    assert docs["Ben2"]["late"] and docs["Ben2"]["claimed"] == docs["Ben2"]["local_seats"] == [lost_seat]
    assert docs["Host"]["owners"][lost_seat] != 0  # the seat is played from Ben's new machine again
    assert "lost connection" in host.log() and "is back" in host.log()
    # a Grisbi round was played in full: the match ended in the second round
    assert docs["Host"]["frame"] > 600
