"""A simulated internet of network namespaces, for tests and manual tries (issue 28).

Inside the test run's private namespace (``.ci/run`` runs pytest in ``unshare -n``; any root shell works), this
builds:

- a switch namespace with a bridge ``inet``: the "internet", 203.0.113.0/24 (a documentation range, existing only
  in here);
- a server namespace at 203.0.113.10 running the real ``turnserver`` (coturn: STUN and TURN on UDP 3478, long-term
  user/password; with ``turn_secret``, coturn's ``use-auth-secret`` with that ``static-auth-secret``) and the real Magic Wormhole mailbox server (``python -m twisted wormhole-mailbox`` on TCP 4000);
- ``homes`` homes, each a router namespace (``wan`` 203.0.113.N on the bridge, ``lan`` 10.N.0.1/24, forwarding, and
  ``iptables -t nat -A POSTROUTING -o wan -j MASQUERADE --random-fully``) with a machine behind it (10.N.0.2,
  default route via the router). ``--random-fully`` (``symmetric=True``, the default) gives each flow its own
  random outside port, as the "hard" NATs of mobile carriers and many routers do, so two homes never reach each
  other directly and must use the relay. Plain MASQUERADE keeps the inside port where it can, and then two homes
  sometimes punch through when both first checks leave before either arrives (a timing race: the relay-or-direct
  outcome of a test would be luck); ``symmetric=False`` builds that;
- ``publics`` public machines straight on the bridge with no NAT (203.0.113.20, .21, ...).

``nat={i: kind}`` gives home ``i`` another kind of router (``NAT_KINDS``, the classic STUN names, RFC 3489):
``"symmetric"`` (``MASQUERADE --random-fully``: a new outside port for each destination), ``"port-restricted"``
(plain ``MASQUERADE``: the inside port kept, inbound only from the address and port the home sent to, as Linux
conntrack does), ``"address-restricted"`` (inbound to the home's outside port from any port of an address the home
already sent to: a ``DNAT`` of inbound UDP to the machine, filtered in ``FORWARD`` by ``-m recent``),
``"full-cone"`` (inbound from anyone to the home's outside port: the same ``DNAT``, no filter). Homes not in
``nat`` follow ``symmetric``. ``set_nat(i, kind)`` changes a router later (for new flows: existing conntrack
entries stay).

``add_mailbox(port)`` starts one more mailbox server (separate nameplates for matches played at once).

``Internet.run(ns, argv)`` starts a program in one of them (``ip netns exec``), and ``close()`` stops every process
it started, then the servers, by PID, and deletes the namespaces. Names start with a per-process prefix (``ice``, or
``$GRISBI_NETNS_PREFIX``, and the PID), so several runs can coexist. ``why_not()`` says why none of this can be built here (not Linux, not root,
no ``ip``/``iptables``/``turnserver``/mailbox server, namespaces not permitted), or None.

``netem(ns, dev, delay_ms, jitter_ms, loss)`` adds ``tc netem`` impairment on an interface where the kernel has it
(False where not: then use the ICE transport's own seeded impairment, ``IceTransport(send_impairment=...)``).
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

__all__ = ["Internet", "why_not", "SERVER_IP", "TURN_USER", "TURN_PASSWORD", "NAT_KINDS"]

SERVER_IP = "203.0.113.10"
TURN_USER, TURN_PASSWORD = "grisbi", "arcade-relay-pass"
MAILBOX_PORT = 4000
TURN_PORT = 3478
NAT_KINDS = ("full-cone", "address-restricted", "port-restricted", "symmetric")
"""The kinds of home router ``Internet(nat=...)`` builds, from the most open to the hardest to punch through."""


def _run(*args: str, check: bool = True, timeout: float = 20) -> subprocess.CompletedProcess:
    return subprocess.run(list(args), capture_output=True, text=True, timeout=timeout, check=check)


def _mailbox_available() -> bool:
    try:
        import wormhole_mailbox_server  # noqa: F401
        import twisted  # noqa: F401
    except ImportError:
        return False
    return True


def why_not() -> str | None:
    """Why the simulated internet cannot be built here, or None."""
    if sys.platform != "linux":
        return "network namespaces are a Linux feature"
    if os.geteuid() != 0:
        return "making network namespaces needs root"
    for tool, package in (("ip", "iproute2"), ("iptables", "iptables"), ("turnserver", "coturn")):
        if shutil.which(tool) is None:
            return f"'{tool}' is not installed (apt-get install {package})"
    if not _mailbox_available():
        return "the mailbox server is not installed (pip install magic-wormhole-mailbox-server)"
    probe = f"{os.environ.get('GRISBI_NETNS_PREFIX', 'ice')}{os.getpid() % 100000}-probe"
    try:
        r = _run("ip", "netns", "add", probe, check=False)
    except (OSError, subprocess.TimeoutExpired) as e:
        return f"'ip netns add' failed: {e}"
    if r.returncode != 0:
        return f"'ip netns add' is not permitted here: {r.stderr.strip()}"
    try:
        r = _run("ip", "netns", "exec", probe, "iptables", "-t", "nat", "-L", check=False)
        if r.returncode != 0:
            return f"iptables NAT does not work in a namespace here: {r.stderr.strip()[:200]}"
    finally:
        _run("ip", "netns", "del", probe, check=False)
    return None


TURN_CONF = """listening-ip={ip}
relay-ip={ip}
listening-port={port}
min-port=49152
max-port=49999
user={user}:{password}
realm=grisbi.test
lt-cred-mech
fingerprint
no-tls
no-dtls
no-cli
no-multicast-peers
allowed-peer-ip=203.0.113.0-203.0.113.255
pidfile={dir}/turnserver.pid
userdb={dir}/turndb
log-file=stdout
simple-log
"""


class Internet:
    """The namespaces and servers (see the module docstring). Raises ``subprocess.CalledProcessError`` or
    ``RuntimeError`` if something cannot be built (everything made so far is removed first)."""

    def __init__(self, workdir: Path, homes: int = 3, publics: int = 1, prefix: str | None = None,
                 symmetric: bool = True, nat: dict[int, str] | None = None, turn_secret: str | None = None) -> None:
        self.dir = Path(workdir)
        self.dir.mkdir(parents=True, exist_ok=True)
        self.prefix = prefix or f"{os.environ.get('GRISBI_NETNS_PREFIX', 'ice')}{os.getpid() % 100000}"
        self.made: list[str] = []
        self.procs: list[subprocess.Popen] = []
        self.servers: list[subprocess.Popen] = []
        self.logs: list = []
        self.homes = homes
        self.publics = publics
        self.symmetric = symmetric
        self.nat = dict(nat or {})
        for i, kind in self.nat.items():
            if kind not in NAT_KINDS or not 1 <= i <= homes:
                raise ValueError(f"nat: home {i} of {homes}, kind {kind!r}: the kinds are {', '.join(NAT_KINDS)}")
        self.turn_secret = turn_secret  # coturn also takes TURN REST API credentials minted from this secret
        try:
            self._build()
            self._start_servers()
        except BaseException:
            self.close()
            raise

    # --- names ---

    def ns(self, name: str) -> str:
        return f"{self.prefix}-{name}"

    def home(self, i: int) -> str:
        """The machine behind home ``i``'s NAT (1-based)."""
        return self.ns(f"h{i}")

    def public(self, i: int) -> str:
        """Public machine ``i`` (1-based), on the bridge without NAT."""
        return self.ns(f"p{i}")

    @property
    def server(self) -> str:
        return self.ns("srv")

    @property
    def rendezvous_url(self) -> str:
        return f"ws://{SERVER_IP}:{MAILBOX_PORT}/v1"

    @property
    def stun(self) -> str:
        return f"{SERVER_IP}:{TURN_PORT}"

    @property
    def turn(self) -> str:
        return f"{SERVER_IP}:{TURN_PORT}"

    def server_args(self, turn: bool = True) -> list[str]:
        """The peer script's server options for this internet."""
        args = ["--rendezvous", self.rendezvous_url, "--stun", self.stun]
        if turn:
            args += ["--turn", self.turn, "--turn-user", TURN_USER, "--turn-password", TURN_PASSWORD]
        return args

    # --- building ---

    def _add(self, name: str) -> str:
        full = self.ns(name)
        _run("ip", "netns", "add", full)
        self.made.append(full)
        _run("ip", "-n", full, "link", "set", "lo", "up")
        return full

    def _plug(self, sw: str, ns: str, port: str, address: str) -> None:
        """A veth from the bridge to ``ns`` (named ``wan`` there) with ``address``/24."""
        _run("ip", "-n", sw, "link", "add", port, "type", "veth", "peer", "name", "wan", "netns", ns)
        _run("ip", "-n", sw, "link", "set", port, "master", "inet")
        _run("ip", "-n", sw, "link", "set", port, "up")
        _run("ip", "-n", ns, "addr", "add", f"{address}/24", "dev", "wan")
        _run("ip", "-n", ns, "link", "set", "wan", "up")

    def _build(self) -> None:
        sw = self._add("sw")
        _run("ip", "-n", sw, "link", "add", "inet", "type", "bridge")
        _run("ip", "-n", sw, "link", "set", "inet", "up")
        self._plug(sw, self._add("srv"), "srv", SERVER_IP)
        for i in range(1, self.homes + 1):
            r, h = self._add(f"r{i}"), self._add(f"h{i}")
            self._plug(sw, r, f"r{i}", f"203.0.113.{i}")
            _run("ip", "-n", r, "link", "add", "lan", "type", "veth", "peer", "name", "eth0", "netns", h)
            _run("ip", "-n", r, "addr", "add", f"10.{i}.0.1/24", "dev", "lan")
            _run("ip", "-n", r, "link", "set", "lan", "up")
            _run("ip", "-n", h, "addr", "add", f"10.{i}.0.2/24", "dev", "eth0")
            _run("ip", "-n", h, "link", "set", "eth0", "up")
            _run("ip", "-n", h, "route", "add", "default", "via", f"10.{i}.0.1")
            _run("ip", "netns", "exec", r, "sysctl", "-qw", "net.ipv4.ip_forward=1")
            self.set_nat(i, self.nat.get(i, "symmetric" if self.symmetric else "port-restricted"))
        for i in range(1, self.publics + 1):
            self._plug(sw, self._add(f"p{i}"), f"p{i}", f"203.0.113.{19 + i}")

    def set_nat(self, i: int, kind: str) -> None:
        """Make home ``i``'s router a NAT of ``kind`` (one of ``NAT_KINDS``, see the module docstring), replacing
        its rules (flows already tracked keep their mapping). Raises ``ValueError`` for an unknown kind,
        ``subprocess.CalledProcessError`` if iptables refuses a rule."""
        if kind not in NAT_KINDS:
            raise ValueError(f"unknown NAT kind {kind!r}: the kinds are {', '.join(NAT_KINDS)}")
        ipt = ("ip", "netns", "exec", self.ns(f"r{i}"), "iptables")
        for table in ("nat", "filter"):
            _run(*ipt, "-t", table, "-F")
        _run(*ipt, "-t", "nat", "-A", "POSTROUTING", "-o", "wan", "-j", "MASQUERADE",
             *(["--random-fully"] if kind == "symmetric" else []))
        if kind in ("full-cone", "address-restricted"):
            _run(*ipt, "-t", "nat", "-A", "PREROUTING", "-i", "wan", "-p", "udp", "-j", "DNAT", "--to-destination",
                 f"10.{i}.0.2")
        if kind == "address-restricted":
            _run(*ipt, "-A", "FORWARD", "-i", "lan", "-o", "wan", "-p", "udp", "-m", "recent", "--name", "sent",
                 "--rdest", "--set")
            _run(*ipt, "-A", "FORWARD", "-i", "wan", "-o", "lan", "-p", "udp", "-m", "recent", "--name", "sent",
                 "--rsource", "--rcheck", "-j", "ACCEPT")
            _run(*ipt, "-A", "FORWARD", "-i", "wan", "-o", "lan", "-p", "udp", "-j", "DROP")
        self.nat[i] = kind

    def _start_servers(self) -> None:
        conf = self.dir / "turn.conf"
        text = TURN_CONF.format(ip=SERVER_IP, port=TURN_PORT, user=TURN_USER, password=TURN_PASSWORD, dir=self.dir)
        if self.turn_secret:
            text += f"use-auth-secret\nstatic-auth-secret={self.turn_secret}\n"
        conf.write_text(text)
        self.servers.append(self._spawn(self.server, ["turnserver", "-c", str(conf)], "turnserver.log"))
        self.servers.append(self._spawn(
            self.server, [sys.executable, "-m", "twisted", "wormhole-mailbox",
                          f"--port=tcp:{MAILBOX_PORT}:interface={SERVER_IP}",
                          f"--channel-db={self.dir / 'mailbox.sqlite'}"], "mailbox.log"))
        self._wait_listening()

    def _spawn(self, ns: str, argv: list[str], log: str) -> subprocess.Popen:
        out = open(self.dir / log, "w")
        self.logs.append(out)
        return subprocess.Popen(["ip", "netns", "exec", ns, *argv], cwd=self.dir, stdout=out,
                                stderr=subprocess.STDOUT, start_new_session=True)

    def _wait_listening(self, limit: float = 20.0) -> None:
        """Poll the server namespace's sockets until TCP 4000 and UDP 3478 listen (bounded)."""
        end = time.monotonic() + limit
        while time.monotonic() < end:
            tcp = _run("ip", "netns", "exec", self.server, "ss", "-Hltn", f"sport = :{MAILBOX_PORT}").stdout
            udp = _run("ip", "netns", "exec", self.server, "ss", "-Hlun", f"sport = :{TURN_PORT}").stdout
            if tcp.strip() and udp.strip():
                return
            for p in self.servers:
                if p.poll() is not None:
                    raise RuntimeError(f"a server stopped at once (exit {p.returncode}): {p.args}\n{self.server_log()}")
            time.sleep(0.05)
        raise RuntimeError(f"the servers did not listen within {limit} s\n{self.server_log()}")

    def add_mailbox(self, port: int) -> str:
        """Start another mailbox server in the server namespace on TCP ``port`` (its own nameplates: matches
        played at once on separate servers cannot draw each other's codes) and wait until it listens (bounded, as
        the first one). Returns its URL; stopped by ``close()``."""
        self.servers.append(self._spawn(
            self.server, [sys.executable, "-m", "twisted", "wormhole-mailbox",
                          f"--port=tcp:{port}:interface={SERVER_IP}",
                          f"--channel-db={self.dir / f'mailbox-{port}.sqlite'}"], f"mailbox-{port}.log"))
        end = time.monotonic() + 20.0
        while not _run("ip", "netns", "exec", self.server, "ss", "-Hltn", f"sport = :{port}").stdout.strip():
            if self.servers[-1].poll() is not None or time.monotonic() > end:
                raise RuntimeError(f"the mailbox server on port {port} did not listen:\n"
                                   + (self.dir / f"mailbox-{port}.log").read_text(errors="replace")[-3000:])
            time.sleep(0.05)
        return f"ws://{SERVER_IP}:{port}/v1"

    def server_log(self) -> str:
        for f in self.logs:
            f.flush()
        return "\n".join(f"--- {n}\n" + (self.dir / n).read_text(errors="replace")[-3000:]
                         for n in ("turnserver.log", "mailbox.log") if (self.dir / n).exists())

    # --- using ---

    def run(self, ns: str, argv: list[str], log: Path | None = None, env: dict | None = None) -> subprocess.Popen:
        """Start ``argv`` in namespace ``ns``; stdout to a pipe (or ``log``), stderr to ``log``'s ``.err`` or a
        pipe. Stopped by ``close()`` if still running."""
        if log is not None:
            out = open(log, "w")
            err = open(str(log) + ".err", "w")
            self.logs += [out, err]
        else:
            out = err = subprocess.PIPE
        p = subprocess.Popen(["ip", "netns", "exec", ns, *argv], stdout=out, stderr=err, env=env, text=True,
                             start_new_session=True)
        self.procs.append(p)
        return p

    def netem(self, ns: str, dev: str, delay_ms: float, jitter_ms: float = 0.0, loss: float = 0.0) -> bool:
        """Impair ``dev`` in ``ns`` with tc netem; False if this kernel or system has no netem."""
        if shutil.which("tc") is None:
            return False
        args = ["ip", "netns", "exec", ns, "tc", "qdisc", "replace", "dev", dev, "root", "netem", "delay",
                f"{delay_ms}ms"]
        if jitter_ms:
            args.append(f"{jitter_ms}ms")
        if loss:
            args += ["loss", f"{loss * 100}%"]
        return _run(*args, check=False).returncode == 0

    def close(self) -> None:
        for p in self.procs + self.servers:
            if p.poll() is None:
                try:
                    os.killpg(p.pid, signal.SIGTERM)
                except OSError:
                    pass
        for p in self.procs + self.servers:
            try:
                p.wait(3)
            except subprocess.TimeoutExpired:
                try:
                    os.killpg(p.pid, signal.SIGKILL)
                except OSError:
                    pass
                p.wait(3)
        self.procs.clear()
        self.servers.clear()
        for f in self.logs:
            f.close()
        self.logs.clear()
        for n in reversed(self.made):
            _run("ip", "netns", "del", n, check=False)
        self.made.clear()
