"""LAN play between three "machines" with the DEFAULT settings, found automatically: a simulated LAN of network
namespaces (issue 13).

Inside the test run's own private namespace (``.ci/run`` wraps pytest in ``unshare -n``), four network namespaces are
made: a switch (a bridge) and three machines m1, m2, m3 with 192.168.77.11, .12 and .13/24, each with a default
route like a real LAN machine. Every program runs in its machine with default settings: no broadcast, bind or port
option. Only these namespaces have the 192.168.77.0/24 addresses; they are deleted at the end.

- A host in m1 opens a Grit lobby; ``grisbi-arcade browse --headless --json`` in m3 lists it with its
  192.168.77.11:47800 address, its free seat and a ping; ``ss -ulpn`` in m1 shows the game port on 0.0.0.0:47800;
  a joiner in m2 joins by that typed address; both end the match on the same tick and checksum.
- A Grisbi host in m1; m2 browses, joins the address the browse found, and a round is played to the same checksum.
- The same through the client's LAN screens, driven by input scripts on two machines: m1 on the LAN host screen
  (Grit, seat 1 made a bot, open the lobby, START once the joiner is ready) and m2 from the title (LAN → Browse the
  LAN → the listed match → type the join code → a bot plays here → JOIN → READY); both record the match from the
  confirmed inputs and the two replays end on the same tick and checksum.

Skipped, with the reason, where network namespaces cannot be made (not root, no ``ip``, not permitted). Every
process has a time limit; the test polls the processes' files (bounded).
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from arcade.core.replay import read_replay

ROOT = Path(__file__).resolve().parent.parent
PREFIX = f"{os.environ.get('NETNS_PREFIX', 'ga')}{os.getpid() % 100000}"  # NETNS_PREFIX: whose namespaces (shared machines)
SUBNET = "192.168.77"
HOST_IP = f"{SUBNET}.11"


def _run(*args: str, check: bool = True) -> subprocess.CompletedProcess:
    return subprocess.run(list(args), capture_output=True, text=True, timeout=20, check=check)


def _why_not() -> str | None:
    """Why namespaces cannot be made here, or None."""
    if sys.platform != "linux":
        return "network namespaces are a Linux feature"
    if shutil.which("ip") is None:
        return "the 'ip' command (iproute2) is not installed"
    if os.geteuid() != 0:
        return "making network namespaces needs root"
    probe = f"{PREFIX}-probe"
    try:
        r = _run("ip", "netns", "add", probe, check=False)
    except (OSError, subprocess.TimeoutExpired) as e:
        return f"'ip netns add' failed: {e}"
    if r.returncode != 0:
        return f"'ip netns add' is not permitted here: {r.stderr.strip()}"
    _run("ip", "netns", "del", probe, check=False)
    return None


class Lan:
    """The switch and the machines m1..m3 (namespace names ``{PREFIX}-m1``...)."""

    def __init__(self) -> None:
        self.made: list[str] = []
        sw = self.ns("sw")
        _run("ip", "-n", sw, "link", "add", "br0", "type", "bridge")
        _run("ip", "-n", sw, "link", "set", "br0", "up")
        for i in (1, 2, 3):
            m = self.ns(f"m{i}")
            _run("ip", "-n", sw, "link", "add", f"v{i}", "type", "veth", "peer", "name", f"e{i}", "netns", m)
            _run("ip", "-n", sw, "link", "set", f"v{i}", "master", "br0")
            _run("ip", "-n", sw, "link", "set", f"v{i}", "up")
            _run("ip", "-n", m, "link", "set", "lo", "up")
            _run("ip", "-n", m, "link", "set", f"e{i}", "up")
            _run("ip", "-n", m, "addr", "add", f"{SUBNET}.1{i}/24", "dev", f"e{i}")
            _run("ip", "-n", m, "route", "add", "default", "via", f"{SUBNET}.1")

    def ns(self, name: str) -> str:
        full = f"{PREFIX}-{name}"
        _run("ip", "netns", "add", full)
        self.made.append(full)
        return full

    def machine(self, i: int) -> str:
        return f"{PREFIX}-m{i}"

    def close(self) -> None:
        for n in reversed(self.made):
            _run("ip", "netns", "del", n, check=False)
        self.made.clear()


@pytest.fixture(scope="module")
def lan():
    why = _why_not()
    if why:
        pytest.skip(f"no simulated LAN: {why}")
    net = Lan()
    try:
        yield net
    finally:
        net.close()


def _env() -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
                SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")


class Proc:
    """The real program (``python -m arcade ...``) on one machine, with its own settings folder (defaults)."""

    def __init__(self, lan: Lan, machine: int, tmp: Path, name: str, *args: str, summary: bool = True) -> None:
        self.dir = tmp / name
        self.dir.mkdir()
        self.summary = self.dir / "summary.json"
        extra = ["--lan-summary", str(self.summary)] if summary else []
        self.out = open(self.dir / "out.txt", "w")
        self.proc = subprocess.Popen(
            ["ip", "netns", "exec", lan.machine(machine), sys.executable, "-m", "arcade", *args[:1], "--config-dir",
             str(self.dir / "config"), *(["--data-dir", str(self.dir / "data")] if args[:1] != ("browse",) else []),
             *extra, *args[1:]],
            cwd=ROOT, env=_env(), stdout=self.out, stderr=subprocess.STDOUT)

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


@pytest.fixture
def procs():
    made: list[Proc] = []
    yield made
    for p in made:
        p.kill()
        p.out.close()


def poll(cond, seconds: float, what: str, ps: list[Proc]) -> None:
    """Bounded polling of real subprocesses' files."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if cond():
            return
        for p in ps:
            if p.proc.poll() is not None and p.proc.returncode != 0:
                raise AssertionError(f"{p.dir.name} exited {p.proc.returncode} while waiting for {what}:\n{p.log()}")
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what}:\n" + "\n".join(f"--- {p.dir.name}\n{p.log()}" for p in ps))


def browse(lan: Lan, machine: int, seconds: float = 2.5) -> list[dict]:
    """``grisbi-arcade browse --headless --seconds N --json`` on a machine, default settings."""
    r = subprocess.run(["ip", "netns", "exec", lan.machine(machine), sys.executable, "-m", "arcade", "browse",
                        "--headless", "--seconds", str(seconds), "--json"], cwd=ROOT, env=_env(), capture_output=True,
                       text=True, timeout=30)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def lobby_open(p: Proc) -> bool:
    return p.doc().get("phase") == "lobby" or "lobby" in p.log()


def test_default_settings_host_found_by_browse_and_joined_by_address_grit_match(lan, procs, tmp_path):
    host = Proc(lan, 1, tmp_path, "host", "--headless", "--realtime", "--exit-on-results", "--lan", "host", "--game",
                "grit", "--seats", "bot,remote", "--lan-code", "GRT-442", "--lan-auto", "--bot-think", "10",
                "--lan-name", "Ann")
    procs.append(host)
    # m3 browses with default settings: the match is listed with the host's LAN address and a ping
    found: list[dict] = []

    def listed() -> bool:
        found[:] = browse(lan, 3)
        return bool(found)

    poll(listed, 30, "the host to be listed in m3", [host])
    (m,) = found
    assert (m["name"], m["game"], m["address"], m["free_seats"], m["seats"], m["playing"], m["compatible"]) == (
        "Ann", "Grit", f"{HOST_IP}:47800", 1, 2, False, True)
    assert m["ping_ms"] is not None and 0 <= m["ping_ms"] < 1000
    # what the host really bound: the game port on every interface
    ss = _run("ip", "netns", "exec", lan.machine(1), "ss", "-ulpn", check=False).stdout
    if shutil.which("ss"):
        assert "0.0.0.0:47800" in ss, ss
    # m2 joins by the typed address
    join = Proc(lan, 2, tmp_path, "join", "--headless", "--realtime", "--exit-on-results", "--lan", "join",
                "--lan-address", f"{HOST_IP}:47800", "--lan-code", "grt442", "--seats", "bot", "--lan-auto",
                "--bot-think", "10", "--lan-name", "Bob")
    procs.append(join)
    assert join.wait(120) == 0, join.log()
    assert host.wait(30) == 0, host.log()
    h, j = host.doc(), join.doc()
    assert h["phase"] == j["phase"] == "ended" and h["reason"] == j["reason"] == "game over"
    assert (h["frame"], h["checksum"], h["seed"], h["scores"]) == (j["frame"], j["checksum"], j["seed"], j["scores"])
    assert h["desyncs"] == j["desyncs"] == 0


def test_default_settings_grisbi_round_joined_from_the_browse_result(lan, procs, tmp_path):
    host = Proc(lan, 1, tmp_path, "host", "--headless", "--realtime", "--exit-on-results", "--lan", "host", "--game",
                "grisbi", "--seats", "bot,remote", "--lan-code", "GRS-777", "--lan-auto", "--lan-end-after-rounds",
                "1")
    procs.append(host)
    found: list[dict] = []

    def listed() -> bool:
        found[:] = browse(lan, 2)
        return bool(found)

    poll(listed, 30, "the host to be listed in m2", [host])
    (m,) = found
    assert m["game"] == "Grisbi" and m["address"].startswith(f"{SUBNET}.")
    join = Proc(lan, 2, tmp_path, "join", "--headless", "--realtime", "--exit-on-results", "--lan", "join",
                "--lan-address", m["address"], "--lan-code", "GRS-777", "--seats", "bot", "--lan-auto")
    procs.append(join)
    assert join.wait(150) == 0, join.log()
    assert host.wait(30) == 0, host.log()
    h, j = host.doc(), join.doc()
    assert h["phase"] == j["phase"] == "ended" and h["reason"] == j["reason"]
    assert (h["frame"], h["checksum"], h["seed"]) == (j["frame"], j["checksum"], j["seed"])
    assert h["desyncs"] == j["desyncs"] == 0 and h["frame"] > 600  # a whole round was dealt and played


HOST_SCRIPT = """
30 down            # from the START row to the Game row (the rows wrap)
40 down
46 down            # seat 1
55 left            # human (WASD) -> open -> bot (hard)
65 left
80 tab             # START: open the lobby
100 down
104 down
108 down           # the lobby's START item (under the two seats and the turn clock)
110 wait Bob · 1 seat   # the joiner is in the lobby (however long the network and the other machine take)
350 every 240 times 5 return   # START (refused until the joiner is ready; 240 ticks > the 3 s countdown)
"""

JOIN_SCRIPT = """
30 every 6 times 6 down   # Title: the five games, Learn to play, then LAN
75 return
90 down                   # Browse the LAN
100 return
105 wait free of 2        # the host's match is listed (hosts announce every second)
110 return                # the listed match -> the join screen, on the code row: typed at once
140 a
144 b
148 c
152 d
156 e
160 f
170 down                  # -> players on this machine: 1
180 down                  # player 1 here
190 left                  # WASD keys -> bot (hard)
200 down
210 return                # JOIN
220 wait JOIN CODE        # in the lobby
260 return                # READY
"""


def test_the_same_through_the_lan_screens_with_input_scripts_on_two_machines(lan, procs, tmp_path):
    (tmp_path / "host.txt").write_text(HOST_SCRIPT)
    (tmp_path / "join.txt").write_text(JOIN_SCRIPT)
    host = Proc(lan, 1, tmp_path, "host", "--headless", "--realtime", "--exit-on-results", "--lan-name", "Ann",
                "--bot-think", "5", "--lan", "host-setup", "--game", "grit", "--lan-code", "ABC-DEF",
                "--input-script", str(tmp_path / "host.txt"), summary=False)
    procs.append(host)
    join = Proc(lan, 2, tmp_path, "join", "--headless", "--realtime", "--exit-on-results", "--lan-name", "Bob",
                "--bot-think", "5", "--input-script", str(tmp_path / "join.txt"), summary=False)
    procs.append(join)
    assert join.wait(120) == 0, join.log() + host.log()
    assert host.wait(30) == 0, host.log()
    assert "Bob joined" in host.log()
    (rh,) = [read_replay(p) for p in (host.dir / "data" / "replays").glob("*.grr")]
    (rj,) = [read_replay(p) for p in (join.dir / "data" / "replays").glob("*.grr")]
    assert rh.header["lan"] and rh.header["game"] == "grit" and rh.finished and rj.finished
    assert rh.end == rj.end and rh.runs == rj.runs  # same last tick and checksum, same confirmed inputs


class Headless(Proc):
    """The headless ``grisbi-arcade host`` / ``join`` on one machine, writing its ``--summary`` JSON."""

    def __init__(self, lan: Lan, machine: int, tmp: Path, name: str, *args: str) -> None:
        self.dir = tmp / name
        self.dir.mkdir()
        self.summary = self.dir / "summary.json"
        self.out = open(self.dir / "out.txt", "w")
        self.proc = subprocess.Popen(
            ["ip", "netns", "exec", lan.machine(machine), sys.executable, "-m", "arcade", *args, "--headless",
             "--summary", str(self.summary)], cwd=ROOT, env=_env(), stdout=self.out, stderr=subprocess.STDOUT)


def test_three_machine_grisbi_joiners_send_inputs_to_each_other_directly(lan, procs, tmp_path):
    """The mesh on a real LAN: host in m1, joiners in m2 and m3; the joiners reach each other, so the host relays
    (almost) none of their inputs, and the three end on the same tick and checksum."""
    host = Headless(lan, 1, tmp_path, "host", "host", "--game", "grisbi", "--port", "47900", "--code", "MESH-77",
                    "--seats", "bot,remote,remote", "--frames", "1200")
    procs.append(host)
    poll(lambda: "hosting" in host.log(), 30, "the host to listen", [host])
    joiners = [Headless(lan, i, tmp_path, f"join{i}", "join", f"{HOST_IP}:47900", "--code", "MESH-77", "--seats",
                        "bot") for i in (2, 3)]
    procs.extend(joiners)
    for p in (*joiners, host):
        assert p.wait(120) == 0, p.log()
    h, a, b = host.doc(), joiners[0].doc(), joiners[1].doc()
    assert h["ticks"] == a["ticks"] == b["ticks"] == 1200
    assert h["final_checksum"] == a["final_checksum"] == b["final_checksum"]
    assert h["desyncs"] == a["desyncs"] == b["desyncs"] == 0
    assert sorted(a["mesh_up"] + b["mesh_up"]) == [1, 2]  # each joiner reached the other directly
    assert h["relayed_ticks"] < 60  # of 2 x 1200 ticks of joiner inputs, only the first answer's worth went via m1
    assert h["input_delay"] == a["input_delay"] == b["input_delay"]


def test_a_dedicated_host_is_listed_by_browse_on_another_machine_with_its_ping(lan, procs, tmp_path):
    """``grisbi-arcade host ... --headless`` (default bind, no seat of its own) announces its match like the client's
    host: ``browse`` in m2 lists it under the machine's name, at m1's LAN address, with a ping (issue 27, item 11)."""
    host = Headless(lan, 1, tmp_path, "host", "host", "--game", "grit", "--port", "47810", "--code", "DEDI-42",
                    "--seats", "remote,remote", "--lobby-timeout", "60")
    procs.append(host)
    poll(lambda: "hosting" in host.log(), 30, "the host to listen", [host])
    found: list[dict] = []

    def listed_with_ping() -> bool:
        found[:] = browse(lan, 2)
        return bool(found) and found[0]["ping_ms"] is not None

    poll(listed_with_ping, 20, "the dedicated host to be listed in m2 with a ping", [host])
    (m,) = found
    assert (m["name"], m["game"], m["address"], m["free_seats"], m["seats"], m["playing"], m["compatible"]) == (
        socket.gethostname()[:24], "Grit", f"{HOST_IP}:47810", 2, 2, False, True)
    assert 0 <= m["ping_ms"] < 1000
