"""Play over a simulated internet (issue 28): the real ``grisbi-arcade host --internet`` and ``join --internet``
processes, in homes behind NAT routers, meet by a short code on the real Magic Wormhole mailbox server and play
through ICE, directly or through the real coturn relay.

The internet is ``tests/internet_netns.py``: a bridge 203.0.113.0/24 with a server namespace (.10) running coturn and
the mailbox server, three homes behind MASQUERADE routers (10.1/10.2/10.3.0.0/24), one public machine with no NAT.
Linux MASQUERADE on both routers defeats direct checks between two homes, so such a pair must end on the relay; a
public machine is reached directly. The joiners set only the STUN server (a friend's default settings): the host
lends them its relay.

The matches run in two waves (one module fixture, about 55 s of wall time: the Grisbi rounds are real time; an
ordinary test marked ``netns``, nothing started at collection), each test reads its own:

- Grit, 2 peers, both behind NAT: the relay; a wrong code tried first never connects and says so in one line;
- Grit, 4 peers: a public player (direct) and two spectators at home (the relay), all verifying the deal;
- a Grisbi round, 2 peers behind NAT through the relay, within 4 KiB/s a peer each way (datagrams with their
  UDP/IP and TURN channel headers);
- a Grisbi round, 4 peers (two homes through the relay, the public one directly) with 80 ms added to every round
  trip (the ICE transport's seeded impairment: ``tc netem`` is missing in some kernels), the joiners stalling at
  most 2 % of the ticks;
- a code nobody hosts, an unreachable mailbox server and a malformed code: each one clear line, exit 1, in time.

Every peer's checksums agree, there is no desync, and the connect times (code entered -> welcomed by the host) stay
within the issue's targets: 5 s direct, 8 s through the relay (a friend entering the code while another is still
meeting the host waits for that meeting: within 20 s). ``-s`` prints the figures. Skipped, with the reason,
where namespaces, iptables, coturn or the mailbox server are not available.
"""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from internet_netns import TURN_PASSWORD, TURN_USER, Internet, why_not
from netplay.ice import MAX_TOTAL_TIMEOUT

pytestmark = [pytest.mark.netns]

ROOT = str(Path(__file__).resolve().parent.parent)
DIRECT_TARGET, RELAY_TARGET = 5.0, 8.0
BANDWIDTH_TARGET = 4 * 1024  # bytes a second, a peer, each way
STALL_TARGET = 0.02  # of the ticks, a joiner, 4 peers, 80 ms added round trip
WIRE_HEADERS = 20 + 8 + 4  # IPv4 + UDP + TURN ChannelData, a datagram through the relay
STAGGER = 0.5  # seconds between two friends entering the same code


class Program:
    """One ``grisbi-arcade`` process (``python -m arcade``, this checkout) in a namespace."""

    def __init__(self, net: Internet, ns: str, summary: Path | None, *args: str) -> None:
        env = dict(os.environ, PYTHONPATH=ROOT, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   PYGAME_HIDE_SUPPORT_PROMPT="1")
        self.summary_path = summary
        argv = [sys.executable, "-m", "arcade", *args] + (["--summary", str(summary)] if summary else [])
        self.proc = net.run(ns, argv, env=env)
        self.args = args
        self.out: list[str] = []
        self._pending = b""
        self.err = ""
        self.rc: int | None = None

    def lines_starting(self, prefix: str, count: int = 1, limit: float = 25.0) -> list[str]:
        """The first ``count`` lines the program printed that start with ``prefix``, waiting for them as they are
        printed (read from the raw pipe: a buffered reader would hold lines that ``select`` no longer sees)."""
        end = time.monotonic() + limit
        fd = self.proc.stdout.fileno()
        while True:
            found = [ln for ln in self.out if ln.startswith(prefix)]
            if len(found) >= count:
                return found[:count]
            ready, _, _ = select.select([fd], [], [], max(0.0, end - time.monotonic()))
            chunk = os.read(fd, 4096) if ready else b""
            if not chunk:
                break
            self._pending += chunk
            *lines, self._pending = self._pending.split(b"\n")
            self.out += [ln.decode(errors="replace") for ln in lines]
        self.finish(5)
        raise AssertionError(f"no {count} line(s) {prefix!r} within {limit} s: {self}")

    def code(self) -> str:
        """The host's ``internet code: CODE`` line, as soon as it is printed."""
        return self.lines_starting("internet code: ")[0].split(": ", 1)[1].strip()

    def finish(self, limit: float) -> int:
        try:
            out, self.err = self.proc.communicate(timeout=limit)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            out, self.err = self.proc.communicate()
            self.out += out.splitlines()
            raise AssertionError(f"did not finish in {limit} s: {self}")
        self.out += (self._pending.decode(errors="replace") + out).splitlines()
        self.rc = self.proc.returncode
        return self.rc

    @property
    def summary(self) -> dict:
        assert self.summary_path is not None and self.summary_path.exists(), f"no summary: {self}"
        return json.loads(self.summary_path.read_text())

    def __str__(self) -> str:
        return f"{' '.join(self.args[:3])}... rc={self.rc}\n" + "\n".join(self.out[-30:]) + f"\n{self.err[-2500:]}"


@pytest.fixture(scope="module")
def net(tmp_path_factory):
    """The simulated internet, built when the first test of this file runs (never at collection) and taken down
    after the last."""
    why = why_not()
    if why:
        pytest.skip(f"no simulated internet: {why}")  # a failure in CI (tests/conftest.py: CI=true)
    internet = Internet(tmp_path_factory.mktemp("internet"), homes=3, publics=1)
    try:
        yield internet
    finally:
        internet.close()


class Played(dict):
    """``play_all``'s programs by match name, and ``factor``: how much slower than the reference machine the run went
    while they played (``tests/pace.py``, the larger of the measures before, between and after the waves), by which
    the time targets are multiplied."""

    factor: float = 1.0


@pytest.fixture(scope="module")
def played(net, tmp_path_factory, pace):
    """The matches and failures (see ``play_all``), played once for the tests of this file."""
    factors = [pace.measure()[0]]
    runs = Played(play_all(net, tmp_path_factory.mktemp("summaries"), between=lambda: factors.append(
        pace.measure()[0])))
    runs.factor = max(factors + [pace.measure()[0]])
    return runs


def play_all(net: Internet, d: Path, between=None) -> dict:
    """The matches and failures (see the module docstring), in two waves so that the connections are not all made
    at once on two cores: the Grit matches with the failures, then the Grisbi rounds (``between()`` is called
    between them). Name -> the programs, host first (their summaries in ``d``)."""
    stun = ["--rendezvous", net.rendezvous_url, "--stun", net.stun]
    turn = ["--turn", net.turn, "--turn-user", TURN_USER, "--turn-password", TURN_PASSWORD]
    common = ["--headless", "--timeout", "5"]
    homes = {"h1": net.home(1), "h2": net.home(2), "h3": net.home(3), "p1": net.public(1)}
    runs: dict[str, list[Program]] = {}

    def wave(plans: dict, before_joiners=None) -> None:
        """plans: name -> (game, host's home, host's seats, [(joiner's home, its seats)], extra options)."""
        for name, (game, home, seats, _, extra) in plans.items():
            runs[name] = [Program(net, homes[home], d / f"{name}-host.json", "host", "--game", game, "--seats",
                                  seats, "--internet", *stun, *turn, *common, "--seed", "1", "--lobby-timeout", "60",
                                  *(["--rounds", "1"] if game == "grisbi" else []), *extra)]
        codes = {name: runs[name][0].code() for name in plans}
        if before_joiners is not None:
            before_joiners(codes)
        for name, (_, _, _, joiners, extra) in plans.items():
            for k, (home, seats) in enumerate(joiners):
                if seats != "none":  # the players after the spectators (a Grit match is over in a few seconds)
                    runs[name][0].lines_starting("peer ", sum(s == "none" for _, s in joiners), limit=30)
                if k:
                    time.sleep(STAGGER)  # friends enter the code a moment apart (at the same moment: test_online_*)
                runs[name].append(Program(net, homes[home], d / f"{name}-join{k}.json", "join", "--internet",
                                          codes[name], *stun, "--seats", seats, *common, "--seed", str(k + 2),
                                          *extra))
        for name in plans:
            for p in runs[name][1:] + runs[name][:1]:
                p.finish(120)

    failures = {"nobody": Program(net, homes["h3"], None, "join", "--internet", "99-tiger-lamp", *stun, "--seats",
                                  "bot", *common),
                "unreachable": Program(net, homes["h1"], None, "join", "--internet", "3-tiger-lamp", "--rendezvous",
                                       "ws://203.0.113.10:4999/v1", "--stun", net.stun, "--seats", "bot", *common),
                "malformed": Program(net, homes["p1"], None, "join", "--internet", "tiger lamp", *stun, "--seats",
                                     "bot", *common)}

    def wrong_code_first(codes: dict) -> None:
        nameplate, words = codes["grit2"].split("-", 1)
        wrong = f"{nameplate}-{'zulu-zebra' if words != 'zulu-zebra' else 'alpha-bravo'}"
        failures["wrong"] = Program(net, homes["h2"], d / "wrong.json", "join", "--internet", wrong, *stun,
                                    "--seats", "bot", *common)
        failures["wrong"].finish(30)

    wave({"grit2": ("grit", "h1", "bot,remote", [("h2", "bot")], ["--think-ticks", "5"]),
          "grit4": ("grit", "h3", "bot,remote", [("h1", "none"), ("h2", "none"), ("p1", "bot")],
                    ["--think-ticks", "5"])}, wrong_code_first)
    for p in failures.values():
        p.finish(30)
    if between is not None:
        between()
    wave({"grisbi2": ("grisbi", "h2", "bot,remote", [("h1", "bot")], []),
          "grisbi4": ("grisbi", "h3", "bot,remote,remote,remote", [("h1", "bot"), ("h2", "bot"), ("p1", "bot")],
                      ["--impair-latency", "40"])})
    runs.update({name: [p] for name, p in failures.items()})
    return runs


def agree(progs: list[Program]) -> list[dict]:
    """Every peer ended the match with exit 0, the same final checksum, scores and tick, and no desync."""
    for p in progs:
        assert p.rc == 0, str(p)
    docs = [p.summary for p in progs]
    first = docs[0]
    for doc in docs:
        assert doc["desyncs"] == 0 and doc["final_checksum"] is not None, doc
        assert (doc["final_checksum"], doc["ticks"], doc["result"]["scores"]) == (
            first["final_checksum"], first["ticks"], first["result"]["scores"]), docs
    return docs


def within(doc: dict, p: Program, factor: float, queued: bool = False) -> None:
    """The connect time within the issue's target for its route, times ``factor`` (``Played.factor``: a loaded
    machine); a friend who entered the code while another was still meeting the host (``queued``) waits for that
    meeting, within the 20 s every wait keeps to (a limit of the program, not scaled)."""
    target = MAX_TOTAL_TIMEOUT if queued else factor * (DIRECT_TARGET if doc["route"] == "direct" else RELAY_TARGET)
    assert doc["connect_s"] is not None and doc["connect_s"] <= target, f"{doc['connect_s']} s, x{factor:.2f}: {p}"


def test_two_homes_behind_nat_play_grit_to_the_end_through_the_relay_after_a_wrong_code(played):
    host, joiner = docs = agree(played["grit2"])
    assert all(d["result"]["over"] and d["result"]["reason"] == "game over" for d in docs), docs
    assert host["deal"] == joiner["deal"] == "verified"
    assert host["route"] == joiner["route"] == "relay" and host["online"]["routes"] == {"1": "relay"}
    within(joiner, played["grit2"][1], played.factor)
    (wrong,) = played["wrong"]
    assert wrong.rc == 1 and "wrong code" in wrong.err and len(wrong.err.strip().splitlines()) == 1, str(wrong)
    assert wrong.summary["route"] is None and wrong.summary["final_checksum"] is None
    print(f"\nGrit, 2 homes behind NAT: relay, joiner welcomed {joiner['connect_s']:.2f} s after entering the code")


def test_four_peers_play_grit_a_public_player_directly_two_spectators_through_the_relay(played):
    host, *joiners = docs = agree(played["grit4"])
    assert all(d["result"]["over"] and d["deal"] == "verified" for d in docs), docs
    assert [d["route"] for d in joiners] == ["relay", "relay", "direct"], docs
    assert sorted(host["online"]["routes"].values()) == ["direct", "relay", "relay"], host
    for k, (d, p) in enumerate(zip(joiners, played["grit4"][1:])):
        within(d, p, played.factor, queued=k == 1)  # the second spectator came 0.5 s after the first; the player once both were in
    times = ", ".join(f"{d['connect_s']:.2f} s" for d in joiners)
    print(f"\nGrit, 4 peers: joiners welcomed in {times} (relay, relay, direct)")


def test_two_homes_play_a_grisbi_round_through_the_relay_within_the_bandwidth(played):
    host, joiner = docs = agree(played["grisbi2"])
    assert sum(host["result"]["scores"]) >= 1, "a round was scored"
    assert host["route"] == joiner["route"] == "relay"
    within(joiner, played["grisbi2"][1], played.factor)
    rates = []
    for d in docs:
        o = d["online"]
        for n, size in ((o["datagrams_sent"], o["payload_bytes_sent"]),
                        (o["datagrams_received"], o["payload_bytes_received"])):
            rates.append((size + n * WIRE_HEADERS) / o["match_s"])
    print(f"\nGrisbi round, 2 peers through the relay: {host['ticks']} ticks, joiner welcomed in "
          f"{joiner['connect_s']:.2f} s; per peer and direction {min(rates) / 1024:.2f}-{max(rates) / 1024:.2f} "
          f"KiB/s on the wire ({host['online']['datagrams_sent'] / host['online']['match_s']:.0f} datagrams/s)")
    assert max(rates) <= BANDWIDTH_TARGET, rates


def test_four_peers_play_a_grisbi_round_with_80ms_added_round_trip_and_the_joiners_hardly_stall(played):
    host, *joiners = docs = agree(played["grisbi4"])
    assert sum(host["result"]["scores"]) >= 1, "a round was scored"
    assert [d["route"] for d in joiners] == ["relay", "relay", "direct"], docs
    for k, (d, p) in enumerate(zip(joiners, played["grisbi4"][1:])):
        within(d, p, played.factor, queued=k > 0)
    stalls = [d["stalls"] / d["ticks"] for d in joiners]
    shown = ", ".join(f"{x:.2%}" for x in stalls)
    times = ", ".join(f"{d['connect_s']:.2f} s" for d in joiners)
    print(f"\nGrisbi round, 4 peers, +80 ms RTT: {host['ticks']} ticks, joiner stalls {shown}; welcomed in {times}")
    assert max(stalls) <= STALL_TARGET * played.factor, (stalls, played.factor)  # a starved joiner stalls more


@pytest.mark.parametrize("case, words", [
    ("nobody", "no one is hosting with code 99-tiger-lamp"),
    ("unreachable", "cannot reach the meeting server ws://203.0.113.10:4999/v1"),
    ("malformed", "is not a code: a code looks like 7-crossover-tiger-guitarist"),
])
def test_a_code_nobody_hosts_an_unreachable_server_and_a_malformed_code_each_say_so_in_one_line(played, case, words):
    (p,) = played[case]
    lines = [ln for ln in p.err.splitlines() if ln.strip()]
    assert p.rc == 1 and len(lines) == 1 and words in lines[0], str(p)
