"""Every pair of home routers (issue 34): the real ``grisbi-arcade host --internet`` and ``join --internet``
processes, each behind its own kind of home connection on the simulated internet (``tests/internet_netns.py``),
meet by a code and play a Grit match to the end. The five kinds:

- ``public``: no NAT, the machine on the bridge itself;
- ``full-cone``, ``address-restricted``, ``port-restricted`` (plain ``MASQUERADE``), ``symmetric``
  (``MASQUERADE --random-fully``): a home behind a router of that kind (``Internet(nat=...)``).

First each router is probed with raw UDP: it maps and filters as its kind says. Then each of the 15 unordered pairs
of kinds (the 5 same-kind pairs included) plays twice:

- with the relay (the host sets coturn, the joiner only STUN: a friend's default settings), the kind listed first
  hosting: every pair connects, directly when one side is public, full cone or address-restricted (ICE punches
  through), through the relay when both are port-restricted or symmetric;
- without any relay, the roles swapped: the pairs ICE can punch connect directly and play; the others fail after
  the 15 s attempt, the joiner with one line that says a relay would help (exit 1), the host told and still hosting.

Two port-restricted routers are a race in principle (``RACE``): Linux conntrack lets the first check through only
if both sides send before either's check arrives (otherwise the early arrival holds the port, and the other
router maps that home's checks to a new one). The test takes either outcome there.

``IN_FLIGHT`` matches at a time (each program runs at 60 Hz: more starve two cores), each with a mailbox server
of its own (``play_matrix`` says why), quick bots (``--think-ticks 2``, easy: a duel is over about a second after
the connection). About 50 s of wall time; ``-s`` prints the table of routes and connect times (``docs/netplay.md``,
"Every pair of home routers"). Skipped, with the reason, where namespaces, iptables, coturn or the mailbox server
are not available.
"""

from __future__ import annotations

import itertools
import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from internet_netns import NAT_KINDS, TURN_PASSWORD, TURN_USER, Internet, why_not

pytestmark = [pytest.mark.netns, pytest.mark.slow]

ROOT = str(Path(__file__).resolve().parent.parent)
KINDS = ("public", *NAT_KINDS)
HARD = {"port-restricted", "symmetric"}
RACE = {("port-restricted", "port-restricted")}


def expected_route(host: str, joiner: str) -> str | None:
    """The route ICE finds between ``host``'s and ``joiner``'s kinds of router: "direct" unless both are hard to
    punch (port-restricted or symmetric), "relay" then; None for a race (two port-restricted routers)."""
    if (host, joiner) in RACE:
        return None
    return "relay" if host in HARD and joiner in HARD else "direct"


PAIRS = list(itertools.combinations_with_replacement(KINDS, 2))
"""Every unordered pair of kinds (15, the 5 same-kind pairs included)."""
RELAYED = PAIRS
"""With the relay: each pair once, the kind listed first (the easier one) hosting: every kind hosts and joins."""
UNRELAYED = [(j, h) for h, j in PAIRS]
"""Without any relay: each pair once more, the roles swapped (so each mixed pair is tried both ways round)."""
IN_FLIGHT = 4
"""Matches played at once (each host's and joiner's loops run at 60 Hz: more would starve two cores)."""


class Program:
    """One ``python -m arcade`` process (this checkout) in a namespace; its output read as it comes (threads)."""

    def __init__(self, net: Internet, ns: str, summary: Path, *args: str) -> None:
        env = dict(os.environ, PYTHONPATH=ROOT, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   PYGAME_HIDE_SUPPORT_PROMPT="1")
        self.args, self.summary_path = args, summary
        self.proc = net.run(ns, [sys.executable, "-m", "arcade", *args, "--summary", str(summary)], env=env)
        self.out: list[str] = []
        self.err: list[str] = []
        self.changed = threading.Condition()
        self.readers = [threading.Thread(target=self._read, args=(f, lines), daemon=True)
                        for f, lines in ((self.proc.stdout, self.out), (self.proc.stderr, self.err))]
        for t in self.readers:
            t.start()
        self.rc: int | None = None

    def _read(self, f, lines: list[str]) -> None:
        for line in f:
            with self.changed:
                lines.append(line.rstrip("\n"))
                self.changed.notify_all()
        with self.changed:
            lines.append("")  # end of the stream
            self.changed.notify_all()

    def line_starting(self, prefix: str, limit: float, having: str = "") -> str | None:
        """The first line printed that starts with ``prefix`` (and holds ``having``), waiting for it (at most
        ``limit`` s, or until the program ends); None if none came."""
        def found() -> list[str]:
            return [ln for ln in self.out if ln.startswith(prefix) and having in ln] or (
                [""] if self.out[-1:] == [""] else [])
        with self.changed:
            self.changed.wait_for(found, timeout=limit)
            lines = found()
        return (lines[0] or None) if lines else None

    def code(self, limit: float = 30.0) -> str:
        """The host's ``internet code: CODE`` line, as soon as it is printed."""
        line = self.line_starting("internet code: ", limit)
        assert line, f"no code within {limit} s: {self}"
        return line.split(": ", 1)[1].strip()

    def finish(self, limit: float) -> int:
        try:
            self.rc = self.proc.wait(limit)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.rc = self.proc.wait()
        for t in self.readers:
            t.join(5)
        return self.rc

    @property
    def summary(self) -> dict:
        assert self.summary_path.exists(), f"no summary: {self}"
        return json.loads(self.summary_path.read_text())

    @property
    def error_lines(self) -> list[str]:
        return [ln for ln in self.err if ln.strip()]

    def __str__(self) -> str:
        return (f"{' '.join(self.args[:4])}... rc={self.rc}\n" + "\n".join(self.out[-25:]) + "\n"
                + "\n".join(self.err[-25:]))


def play_matrix(net: Internet, where: dict[tuple[str, str], str], d: Path) -> dict:
    """Every match, ``IN_FLIGHT`` at a time: (host kind, joiner kind, relay?) -> (host, joiner), both ended.
    ``where[(side, kind)]`` is the namespace of that side's machine of that kind."""
    # One mailbox server per match in flight: a waiting host releases and re-claims its nameplate every 2 s
    # (netplay.rendezvous.RECYCLE_S), and a host asking for a code in that gap can be given the same nameplate
    # (the server draws among 1-9 first): two hosts on one nameplate, and a joiner meeting the wrong one hears
    # "wrong code". That is a matter for the codes, not the routers: here each match has a server of its own.
    free = queue.Queue()
    for k in range(IN_FLIGHT):
        free.put(net.rendezvous_url if k == 0 else net.add_mailbox(4000 + k))
    turn = ["--turn", net.turn, "--turn-user", TURN_USER, "--turn-password", TURN_PASSWORD]
    quick = ["--headless", "--timeout", "5", "--think-ticks", "2", "--level", "easy"]
    # the ones that wait longest first (no relay between hard routers: the direct checks get the whole 15 s)
    plans = sorted([(h, j, False) for h, j in UNRELAYED] + [(h, j, True) for h, j in RELAYED],
                   key=lambda p: (p[2], expected_route(p[0], p[1]) == "direct"))
    runs: dict = {}
    slots = threading.Semaphore(IN_FLIGHT)

    def play(h: str, j: str, relay: bool) -> None:
        name = f"{h}-{j}-{'relay' if relay else 'norelay'}"
        mailbox = free.get()
        stun = ["--rendezvous", mailbox, "--stun", net.stun]
        try:
            host = Program(net, where[("host", h)], d / f"{name}-host.json", "host", "--game", "grit", "--seats",
                           "bot,remote", "--internet", *stun, *(turn if relay else []), *quick, "--seed", "1",
                           "--lobby-timeout", "60")
            joiner = Program(net, where[("joiner", j)], d / f"{name}-join.json", "join", "--internet", host.code(),
                             *stun, "--seats", "bot", *quick, "--seed", "2")
            runs[(h, j, relay)] = (host, joiner)
            joiner.finish(90)
            if joiner.rc != 0:  # the host still waits for a joiner that gave up: what did it say?
                host.line_starting("online: ", 10, having=" could not connect: ")  # the joiner names itself
                host.proc.terminate()
            host.finish(30)
        except BaseException as e:  # raised in the pair's test
            runs[(h, j, relay)] = e
        finally:
            free.put(mailbox)
            slots.release()

    threads = []
    for plan in plans:
        slots.acquire()
        threads.append(threading.Thread(target=play, args=plan, name="-".join(map(str, plan)), daemon=True))
        threads[-1].start()
    for t in threads:
        t.join(180)
    return runs


@pytest.fixture(scope="module")
def internet(tmp_path_factory):
    """The internet, built when the first test runs: homes 1-4 the hosts' routers, 5-8 the joiners', one of each
    kind (``NAT_KINDS`` order); public machines p1 (hosts), p2 (joiners), p3 and p4 (``probe_router``)."""
    why = why_not()
    if why:
        pytest.skip(f"no simulated internet: {why}")
    n = len(NAT_KINDS)
    nat = {i + 1 + side * n: kind for side in (0, 1) for i, kind in enumerate(NAT_KINDS)}
    net = Internet(tmp_path_factory.mktemp("internet"), homes=2 * n, publics=4, nat=nat)
    try:
        yield net
    finally:
        net.close()


@pytest.fixture(scope="module")
def matrix(internet, tmp_path_factory):
    """Every match played on the internet (``play_matrix``)."""
    n = len(NAT_KINDS)
    where = {("host", "public"): internet.public(1), ("joiner", "public"): internet.public(2)}
    for i, kind in internet.nat.items():
        where[("host" if i <= n else "joiner", kind)] = internet.home(i)
    started = time.monotonic()
    runs = play_matrix(internet, where, tmp_path_factory.mktemp("summaries"))
    print(f"\nNAT matrix: {len(runs)} matches played in {time.monotonic() - started:.1f} s")
    print(table(runs))
    return runs


def outcome(runs: dict, key: tuple) -> str:
    """What the joiner got: "direct 0.6 s" (route, connect time), or its error line."""
    if isinstance(runs.get(key), BaseException) or key not in runs:
        return f"not played: {runs.get(key)!r}"
    host, joiner = runs[key]
    doc = json.loads(joiner.summary_path.read_text()) if joiner.summary_path.exists() else {}
    if joiner.rc == 0 and doc.get("route"):
        return f"{doc['route']} {doc['connect_s']:.1f} s"
    return "fails: " + (joiner.error_lines[-1] if joiner.error_lines else f"exit {joiner.rc}")


def table(runs: dict) -> str:
    """The Markdown table of ``docs/netplay.md``: each unordered pair of kinds, with the relay (the first kind
    hosting) and without (the second hosting): the route and the joiner's connect time, or its error line."""
    rows = ["| router kinds | with the relay (first hosts): route, connect | without a relay (second hosts) |",
            "|---|---|---|"]
    rows += [f"| {a} x {b} | {outcome(runs, (a, b, True))} | {outcome(runs, (b, a, False))} |" for a, b in PAIRS]
    return "\n".join(rows)


def pair(matrix: dict, key: tuple) -> tuple[Program, Program]:
    got = matrix.get(key)
    if isinstance(got, BaseException):
        raise got
    assert got is not None, f"{key} was not played"
    return got


PROBE = r"""
import ctypes, json, os, socket, sys
os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one CPU: datagrams sent in turn arrive in turn
libc = ctypes.CDLL(None, use_errno=True)

def sock(ns, port):
    fd = os.open("/run/netns/" + ns, os.O_RDONLY)
    if libc.setns(fd, 0x40000000) != 0:  # CLONE_NEWNET: the sockets made now live in that namespace
        raise OSError(ctypes.get_errno(), "setns " + ns)
    os.close(fd)
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.bind(("0.0.0.0", port))
    s.settimeout(10)
    return s

home_ns, far_ns, far_ip, stranger_ns, stranger_ip = sys.argv[1:6]
home, far, far_other_port = sock(home_ns, 40000), sock(far_ns, 5000), sock(far_ns, 5001)
stranger, stranger_fresh = sock(stranger_ns, 5000), sock(stranger_ns, 5002)
home.sendto(b"out", (far_ip, 5000))
_, mapped = far.recvfrom(100)
far_other_port.sendto(b"other port", mapped)
stranger.sendto(b"other address", mapped)
far.sendto(b"reply", mapped)
got = []
while not got or got[-1] != "reply":
    got.append(home.recv(100).decode())
home.sendto(b"out", (stranger_ip, 5002))
_, mapped2 = stranger_fresh.recvfrom(100)
print(json.dumps({"port": mapped[1], "inbound": got[:-1], "same_mapping": mapped == mapped2}))
"""


def probe_router(net: Internet, i: int) -> dict:
    """Home ``i`` sends from port 40000 to a far machine (p3); then the far machine from another port, a stranger
    (p4, never sent to) and the far machine from the port the home sent to each send one datagram to the
    mapping, in that order; last the home sends to the stranger's fresh port. -> {"port": the outside port the far
    machine saw, "inbound": what the home received before the reply, "same_mapping": the stranger saw the same
    outside address and port}."""
    out = subprocess.run([sys.executable, "-c", PROBE, net.home(i), net.public(3), "203.0.113.22", net.public(4),
                          "203.0.113.23"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_each_router_maps_and_filters_as_its_kind_says(internet):
    seen = {kind: probe_router(internet, i) for i, kind in internet.nat.items() if i <= len(NAT_KINDS)}
    # full cone: anyone reaches the mapping; address-restricted: any port of an address the home sent to
    assert seen["full-cone"]["inbound"] == ["other port", "other address"], seen
    assert seen["address-restricted"]["inbound"] == ["other port"], seen
    assert seen["port-restricted"]["inbound"] == seen["symmetric"]["inbound"] == [], seen
    # the first three keep the inside port for every destination; symmetric picks a new one for each
    for kind in ("full-cone", "address-restricted", "port-restricted"):
        assert seen[kind]["port"] == 40000 and seen[kind]["same_mapping"], seen
    assert not seen["symmetric"]["same_mapping"], seen


def ended_together(host: Program, joiner: Program) -> list[dict]:
    """Both exited 0, the Grit match over ("game over") on both sides at the same tick and checksum, deal verified."""
    assert host.rc == 0 and joiner.rc == 0, f"{host}\n---\n{joiner}"
    docs = [host.summary, joiner.summary]
    for doc in docs:
        assert doc["result"]["over"] and doc["result"]["reason"] == "game over", docs
        assert doc["desyncs"] == 0 and doc["deal"] == "verified", docs
    assert docs[0]["final_checksum"] == docs[1]["final_checksum"] and docs[0]["ticks"] == docs[1]["ticks"], docs
    assert docs[0]["result"]["scores"] == docs[1]["result"]["scores"], docs
    return docs


@pytest.mark.parametrize("host_kind, joiner_kind", RELAYED)
def test_every_pair_of_routers_connects_and_plays_grit_to_the_end_with_a_relay(matrix, host_kind, joiner_kind):
    host, joiner = pair(matrix, (host_kind, joiner_kind, True))
    h, j = ended_together(host, joiner)
    expected = expected_route(host_kind, joiner_kind)
    assert h["route"] == j["route"] and h["online"]["routes"] == {"1": j["route"]}, (h, j)
    assert j["route"] == expected if expected else j["route"] in ("direct", "relay"), f"{j['route']}: {joiner}"
    assert j["connect_s"] is not None and j["connect_s"] > 0, j
    print(f"\n{host_kind} host, {joiner_kind} joiner: {j['route']}, connected in {j['connect_s']:.2f} s")


@pytest.mark.parametrize("host_kind, joiner_kind", [p for p in UNRELAYED if expected_route(*p) == "direct"])
def test_without_a_relay_the_pairs_ice_can_punch_still_play(matrix, host_kind, joiner_kind):
    host, joiner = pair(matrix, (host_kind, joiner_kind, False))
    h, j = ended_together(host, joiner)
    assert h["route"] == j["route"] == "direct", (h, j)


@pytest.mark.parametrize("host_kind, joiner_kind", [p for p in UNRELAYED if expected_route(*p) != "direct"])
def test_without_a_relay_two_hard_routers_fail_with_one_line_that_asks_for_a_relay(matrix, host_kind, joiner_kind):
    host, joiner = pair(matrix, (host_kind, joiner_kind, False))
    if (host_kind, joiner_kind) in RACE and joiner.rc == 0:
        h, j = ended_together(host, joiner)  # both checks left before either arrived: punched through
        assert h["route"] == j["route"] == "direct", (h, j)
        print(f"\n{host_kind} x {joiner_kind} without a relay: punched through this time")
        return
    lines = joiner.error_lines
    assert joiner.rc == 1 and len(lines) == 1 and "relay" in lines[0], str(joiner)
    assert joiner.summary["route"] is None and joiner.summary["final_checksum"] is None, joiner.summary
    told = [ln for ln in host.out if ln.startswith("online: ") and " could not connect: " in ln]
    assert told and host.rc == -signal.SIGTERM, f"the host was not told, or stopped hosting: {host}"
    print(f"\n{host_kind} x {joiner_kind} without a relay: joiner: {lines[0]}\n  host: {told[0]}")
