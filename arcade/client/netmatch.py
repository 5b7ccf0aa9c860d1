"""Headless network matches between processes: ``grisbi-arcade host ...`` and ``grisbi-arcade join ...``.

::

    grisbi-arcade host --game grisbi --port 7777 --code ABCD --seats bot,remote,bot,remote --headless
    grisbi-arcade join 127.0.0.1:7777 --code ABCD --seats bot --headless

Over the internet (``netplay.online``: a short code on a Magic Wormhole mailbox server, then ICE, directly or
through a TURN relay; the same session, keyed by that code, runs on top)::

    grisbi-arcade host --game grit --seats bot,remote --internet --headless     # prints "internet code: 7-crossover-tiger-guitarist"
    grisbi-arcade join --internet 7-crossover-tiger-guitarist --seats bot --headless

with the servers ``--rendezvous URL`` (the mailbox server), ``--stun HOST:PORT``, ``--turn HOST:PORT`` with either
``--turn-user U --turn-password P`` (long-term: used by this machine only, never sent) or ``--turn-secret SECRET``
(coturn's ``static-auth-secret``: the host mints short-lived credentials for each joiner without a relay, sent on
its encrypted meeting channel), ``--relay-only`` (offer relayed candidates only: hide this machine's addresses)
(defaults: ``netplay.online``'s; a joiner without a TURN server reaches the host's relay, or uses the credentials it
granted). The host prints ``internet code: CODE`` on its own line as soon as the code exists, and again each time
the code changes (someone held it, or too many wrong codes were tried: a line says why), keeps it open for the next
joiner up to the free seats (and ``netplay.online.SPECTATORS`` watchers), and plays a star through itself; the
summary adds ``route`` ("direct" or "relay"), ``connect_s`` (a joiner: code entered -> welcomed by the host) and
``online`` (routes per joiner, datagrams and payload bytes of the transport, seconds of play). ``--rounds N`` (host)
ends the match for everyone after N rounds (Grisbi).

The host's ``--seats`` lists every seat: ``bot`` (or ``bot:hard``...) for its own, ``remote`` for one a joiner fills.
A joiner's ``--seats`` lists its own seats (``bot``...), which take the first free remote seats. Real-time games
(Grisbi) run in rollback mode, turn-based ones host-authoritative (``netplay.authority``: the host alone holds the
whole table; a joiner's bots play from their seats' views). Bots play the local seats in real time (60 Hz); a seat
dropped by a lost peer is taken over by a bot on the host.

Options: ``--input-delay`` (ticks, 0..4; by default the host picks it for Grisbi from the round trip it measures
while dealing, ``ceil(RTT / 2 * 60)`` ticks at most 4, and sends it with the start), ``--prediction`` (rollback
window, 1..8), ``--timeout`` (seconds of silence before a peer is dropped, and the handshake's limit), ``--seed``
(makes this peer's fair-deal nonce reproducible, so the same seeds give the same deal: for tests and benchmarks, not
against someone who knows your seed; the match seed still comes from every peer's nonce, and the handshake's randomness
and session id always from the system),
``--frames N`` (every peer stops at the same confirmed tick N), ``--summary FILE`` (JSON: game, ticks,
final_checksum, desyncs, rollbacks, max_rollback, stalls, bytes_sent, bytes_received, disconnects, result,
input_delay, mesh_up: the joiners reached directly, relayed_ticks: inputs the host relayed, deal: for a turn game
"verified" or "unfair", a joiner's verdict on the host's end-of-match reveal, whose ``final_checksum`` is then the
checksum of its own re-simulation of the revealed seed and action log, deal_restarts: how many times the deal
started over because a player left after it began, turn_timeouts: turn clocks run out, stalled: who stalled the
match, "peer N" or "host"), ``--bind-address`` (0.0.0.0, every interface). ``--turn-clock SECONDS`` (host, turn
games; 60 by default, 0 = off): the time each player has for a move (``netplay.turnclock``): when it runs out the
host's bot plays the move, and a joiner whose clock runs out twice in a row is dropped (a bot plays its seat).
A joiner's ``--input-delay``, ``--prediction`` and ``--frames``, when given, must match the host's or it refuses.

The host announces its match on the LAN as the client's host does (``netplay.discovery.announce_session``: every
second, on every interface's broadcast address, or this machine only when ``--bind-address`` is a loopback address),
under this machine's name; ``grisbi-arcade browse`` lists it and its session answers the browsers' pings.

Exit status: 0 when the match ended (game over or ``--frames``), also when a stalled peer ended it (a joiner whose
host's match stopped moving: "the host is not answering"; a line starting ``stalled:`` says who), 1 for a network
failure (no host, wrong code,
version mismatch, host lost), 2 for bad arguments; errors are one line on stderr.
"""

from __future__ import annotations

import argparse
import json
from dataclasses import replace
import re
import socket
import sys
import time
from typing import Any

from netplay.discovery import announce_session
from netplay.events import (CodeChanged, Desync, Disconnected, FailReason, Failed, Interrupted, MatchEnded,
                            PeerJoined, Resumed, SeatDropped, Started, TurnTimedOut)
from netplay.ice import MAX_TOTAL_TIMEOUT
from netplay.online import (DEFAULT_STUN, SPECTATORS, CodeReady, Connected, OnlineHost, OnlineJoin, PeerFailed,
                            online_settings)
from netplay.online import Failed as OnlineFailed
from netplay.rendezvous import PUBLIC_MAILBOX, warm_up
from netplay.runner import Runner
from netplay.session import Session
from netplay.transport import Impairment
from netplay.wire import PROTOCOL_VERSION
from netplay.settings import AUTHORITY, AUTO_INPUT_DELAY, MAX_PREDICTION, ROLLBACK, MatchSettings, SessionConfig
from netplay.transport import UdpTransport

from arcade.core.bots import LEVELS
from arcade.core.match import Match, RemoteSeat, SeatSpec
from arcade.core.protocols import is_turn_based
from arcade.client.net.assembly import assemble_match
from arcade.games import REGISTRY

__all__ = ["main"]

PROG = "grisbi-arcade"


class _ArgError(Exception):
    pass


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, no usage dump
        raise _ArgError(message)


def _parser(sub: str) -> _Parser:
    p = _Parser(prog=f"{PROG} {sub}", description=__doc__.split("\n\n")[0])
    if sub == "host":
        p.add_argument("--game", required=True, help="game id: " + ", ".join(sorted(REGISTRY)))
        p.add_argument("--port", type=int, default=None, help="UDP port to listen on (0 = any free port; not with "
                       "--internet)")
        p.add_argument("--internet", action="store_true", help="host over the internet: a code such as "
                       "7-crossover-tiger-guitarist from the rendezvous server, printed as 'internet code: CODE'")
        p.add_argument("--rounds", type=int, default=None, help="end the match for everyone once this many rounds "
                       "were played (Grisbi)")
        p.add_argument("--turn-clock", metavar="SECONDS", type=float, default=SessionConfig.turn_clock,
                       help="turn games: seconds each player has for a move; when it runs out the host's bot plays "
                       "it, and a joiner whose clock runs out twice in a row is dropped (0 = no clock; default "
                       f"{SessionConfig.turn_clock:g})")
    else:
        p.add_argument("address", nargs="?", default=None, help="the host, HOST:PORT (not with --internet)")
        p.add_argument("--internet", metavar="CODE", default=None, help="join over the internet with the host's "
                       "code (e.g. 7-crossover-tiger-guitarist)")
    p.add_argument("--code", default=None, help="the match's join code (LAN; with --internet the code is the "
                   "internet code)")
    net = p.add_argument_group("internet servers (with --internet)")
    net.add_argument("--rendezvous", metavar="URL", default=None, help="the Magic Wormhole mailbox server "
                     f"(default {PUBLIC_MAILBOX})")
    net.add_argument("--stun", metavar="HOST:PORT", default=None, help=f"the STUN server (default "
                     f"{DEFAULT_STUN[0]}:{DEFAULT_STUN[1]}; 'none': none)")
    net.add_argument("--turn", metavar="HOST:PORT", default=None, help="the TURN relay (default none; a joiner "
                     "without one reaches the host's)")
    net.add_argument("--turn-user", metavar="U", default=None, help="the TURN relay's user name (long-term: used "
                     "by this machine only)")
    net.add_argument("--turn-password", metavar="P", default=None, help="the TURN relay's password")
    net.add_argument("--turn-secret", metavar="SECRET", default=None, help="the TURN relay's shared secret "
                     "(coturn's static-auth-secret), instead of --turn-user/--turn-password: short-lived "
                     "credentials are minted from it (a host grants them to joiners without a relay)")
    net.add_argument("--relay-only", action="store_true", help="offer relayed candidates only (hide this "
                     "machine's addresses)")
    net.add_argument("--grant-lifetime", type=float, default=None, help=argparse.SUPPRESS)  # s, tests
    # measurements: seeded impairment added to every datagram this peer sends over the internet transport
    net.add_argument("--impair-latency", type=float, default=0.0, help=argparse.SUPPRESS)  # ms, one way
    net.add_argument("--impair-jitter", type=float, default=0.0, help=argparse.SUPPRESS)  # ms
    net.add_argument("--impair-loss", type=float, default=0.0, help=argparse.SUPPRESS)  # 0..1
    p.add_argument("--seats", required=True, help="seat spec, e.g. bot,remote,bot,remote (host), bot (joiner), or "
                   "none (a joiner who watches: a spectator)")
    p.add_argument("--headless", action="store_true", help="no window: bots play the local seats")
    p.add_argument("--input-delay", type=int, default=None,
                   help="ticks of input delay, 0..4 (default: the host picks it from the round trip)")
    p.add_argument("--prediction", type=int, default=None, help="rollback window in ticks, 1..8 (default 8)")
    p.add_argument("--timeout", type=float, default=5.0, help="seconds of silence before a peer is dropped")
    p.add_argument("--seed", type=int, default=None, help="reproducible nonce and bots for this peer")
    p.add_argument("--frames", type=int, default=None, help="stop every peer at this confirmed tick")
    p.add_argument("--summary", default=None, help="write a JSON summary here at the end")
    p.add_argument("--bind-address", default="0.0.0.0", help="local address to bind (default 0.0.0.0: every "
                   "interface; 127.0.0.1: this machine only)")
    p.add_argument("--level", default="normal", choices=LEVELS, help="bot level (default normal)")
    p.add_argument("--think-ticks", type=int, default=30, help="turn-based bots wait this many ticks (30)")
    p.add_argument("--desync-dump", default=None, help="desync report path ({session}, {peer}, {tick} filled in)")
    p.add_argument("--lobby-timeout", type=float, default=300.0, help="host: seconds to wait for joiners")
    p.add_argument("--quiet", action="store_true", help="print only errors")
    return p


def _parse_seats(spec: str, host: bool) -> list[str | None]:
    """Seat spec -> list of bot levels, None for a remote seat; a joiner's ``none``: no seat (a spectator).
    Raises _ArgError."""
    out: list[str | None] = []
    if not host and spec.strip().lower() == "none":
        return out
    for tok in (t.strip().lower() for t in spec.split(",")):
        if tok == "remote" and host:
            out.append(None)
        elif tok == "bot" or tok.startswith("bot:"):
            level = tok[4:] or "normal" if ":" in tok else ""
            if level and level not in LEVELS:
                raise _ArgError(f"bad bot level {level!r} in --seats (choose from {', '.join(LEVELS)})")
            out.append(level)
        elif tok in ("human", "keyboard", "pad"):
            raise _ArgError(f"--seats {spec!r}: a headless match has no {tok} seats (use bot)")
        else:
            allowed = "bot, remote" if host else "bot, or none alone to watch"
            raise _ArgError(f"--seats {spec!r}: unknown seat {tok!r} (use {allowed})")
    if not out:
        raise _ArgError("--seats is empty")
    return out


def _parse_address(text: str) -> tuple[str, int]:
    host, sep, port = text.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise _ArgError(f"bad address {text!r}: expected HOST:PORT")
    try:
        infos = socket.getaddrinfo(host, int(port), socket.AF_INET, socket.SOCK_DGRAM)
    except (OSError, UnicodeError):
        raise _ArgError(f"bad address {text!r}: cannot resolve {host!r}") from None
    return infos[0][4][0], int(port)


class _Headless:
    """Runs one session in real time (``netplay.runner.Runner``) with bots at this machine's seats: the match is an
    ordinary ``Match`` whose seats other machines play are ``RemoteSeat`` (``NetSeats`` is its seat controller)."""

    def __init__(self, args: argparse.Namespace, levels: list[str]) -> None:
        self.args = args
        self.levels = levels  # the bot level of each of this machine's seats, in seat order ("": --level)
        self.session: Session | None = None
        self.runner: Runner | None = None
        self.match: Match | None = None
        # over the internet (--internet): the OnlineHost / OnlineJoin, and what the summary tells of it
        self.online: OnlineHost | OnlineJoin | None = None
        self.connect_s: float | None = None
        self.started_at: float | None = None
        self.ended_at: float | None = None
        self._progress_key = ""
        self.announcer = None  # the host's LAN announcements (``netplay.discovery.announce_session``)
        self.stalled: list[str] = []  # the peers whose turn clock ran out twice in a row ("peer N")

    def build(self, started: Started) -> Any:
        """The runner's ``build``: this machine's ``Match`` once the deal is known (a turn game: the host's whole
        table, or a joiner's views)."""
        s = self.session
        own = dict(zip(started.local_seats, self.levels))
        self.match = assemble_match(
            s, started, lambda i, o: SeatSpec("bot", level=own.get(i) or self.args.level) if o == s.index
            else RemoteSeat("remote"), think_ticks=self.args.think_ticks, bot_level=lambda: self.args.level)
        return self.match.sim

    def input_source(self, seat: int, tick: int) -> int:
        return self.match.seat_input(seat, tick) if self.match is not None else 0

    def say(self, text: str) -> None:
        if not self.args.quiet:
            print(text, flush=True)

    def progress(self, line: str) -> None:
        """An online progress line, printed when its words change (not at each tenth of a second it counts)."""
        key = re.sub(r"\s*\(\d+(\.\d+)? s\)", "", line)
        if key != self._progress_key:
            self._progress_key = key
            since = time.monotonic() - self.online.started if isinstance(self.online, OnlineJoin) else None
            self.say(f"online: {key}" + ("" if since is None else f" ({since:.1f} s)"))

    def step(self, events: list) -> None:
        """Each turn of the loop: report the events; online, follow the connections; end after ``--rounds``."""
        for ev in events:
            self.report(ev)
        s, now = self.session, time.monotonic()
        if isinstance(self.online, OnlineHost):
            for ev in self.online.poll():
                self.report_online(ev)
            self.online.follow(s, events)
        elif isinstance(self.online, OnlineJoin) and self.connect_s is None and s.settings is not None \
                and not s.done:
            self.connect_s = now - self.online.started  # code entered -> the match's channel is up (welcomed)
        if self.announcer is not None:
            self.announcer.follow(s, now)
        rounds = getattr(self.args, "rounds", None)
        if rounds and self.match is not None and s.running and s.end is None \
                and getattr(self.match.state, "round", 0) >= rounds:
            s.end_match()

    def report_online(self, ev: Any) -> None:
        if isinstance(ev, CodeReady) and ev.previous is not None:
            print(f"internet code: {ev.code}", flush=True)  # every new code, even --quiet (tests read it)
            self.say(f"online: {ev.line}")
        elif isinstance(ev, Connected):
            self.say(f"online: a player connected {'directly' if ev.route == 'direct' else 'through the relay'} "
                     f"in {ev.connect_s:.1f} s")
        elif isinstance(ev, PeerFailed):
            self.say(f"online: {ev.name or 'a player'} could not connect: {ev.line}")
        elif isinstance(ev, OnlineFailed):
            self.say(f"online: no more players can join: {ev.line}")

    def run(self, session: Session, transport: Any) -> int:
        self.session = session
        self.runner = Runner(session, self.build)
        try:
            self.runner.run(time.monotonic, self.step)
        except KeyboardInterrupt:
            session.close("interrupted")
            print(f"{PROG}: interrupted", file=sys.stderr)
            return 130
        finally:
            self.write_summary(session)
            if self.announcer is not None:
                self.announcer.close()
            transport.close()
        if session.end is None and session.failure_kind == FailReason.HOST_STALLED:
            self.say(f"stalled: the host (its match stopped moving: {session.failure})")
            return 0  # the match ended because of a stalled peer: said, summary written
        if session.end is None:
            print(f"{PROG}: error: {session.failure or 'the match did not end'}", file=sys.stderr)
            return 1
        return 0

    def report(self, ev: Any) -> None:
        if isinstance(ev, Started):
            self.started_at = time.monotonic()
        elif isinstance(ev, MatchEnded):
            self.ended_at = time.monotonic()
        if isinstance(ev, PeerJoined):
            self.say(f"peer {ev.peer} ({ev.name or ev.address[0]}) took seats {list(ev.seats)}")
        elif isinstance(ev, Started):
            seed = "revealed at the end" if ev.seed is None else ev.seed
            self.say(f"match started: seed {seed}, our seats {list(ev.local_seats)}")
        elif isinstance(ev, TurnTimedOut):
            who = "ours" if ev.seat in self.session.local_seats else f"peer {ev.peer}'s"
            self.say(f"seat {ev.seat} ({who}) ran out of time at tick {ev.tick}: the host's bot played the move"
                     + (f" ({ev.strikes} in a row)" if ev.strikes else ""))
        elif isinstance(ev, Disconnected) and "turn clock" in ev.reason:
            self.stalled.append(f"peer {ev.peer}")
            self.say(f"stalled: peer {ev.peer} ({ev.reason}): a bot plays its seats")
        elif isinstance(ev, (Interrupted, Resumed, Disconnected)):
            self.say(f"peer {ev.peer} {type(ev).__name__.lower()}")
        elif isinstance(ev, SeatDropped):
            who = "a bot" if self.session.role == "host" else "the host's bot"
            self.say(f"seat {ev.seat} dropped at tick {ev.tick}: {who} plays it now")
        elif isinstance(ev, Desync):
            where = f" (report: {ev.dump})" if ev.dump else ""
            print(f"{PROG}: warning: desync between peers {ev.peers} first at tick {ev.tick}{where}",
                  file=sys.stderr)
        elif isinstance(ev, MatchEnded):
            if self.match is not None:
                self.match.ended = ev
            deal = "" if ev.deal is None else f", deal {ev.deal}" + (f" ({ev.deal_reason})" if ev.deal_reason else "")
            self.say(f"match over ({ev.reason}) at tick {ev.tick}, checksum {ev.checksum:#018x}{deal}")
        elif isinstance(ev, CodeChanged):
            self.say(f"{ev.wrong} wrong join codes were tried: the join code is now {ev.code}")
        elif isinstance(ev, Failed):
            pass  # printed once at exit

    def write_summary(self, session: Session) -> None:
        path = self.args.summary
        if not path:
            return
        s = session.summary()
        result: dict[str, Any] = {"reason": s["end_reason"]}
        m = self.match
        if session.end is not None and m is not None:
            state = m.state
            if state is not None:
                result["over"] = bool(m.rules.is_over(state))
                result["scores"] = list(m.rules.scores(state))
        doc = {k: s[k] for k in ("game", "ticks", "final_checksum", "desyncs", "rollbacks", "max_rollback", "stalls",
                                 "bytes_sent", "bytes_received", "disconnects")}
        doc["result"] = result
        doc["seed"] = s["seed"]
        doc["peer"] = s["peer"]
        for k in ("input_delay", "mesh_up", "relayed_ticks", "deal", "deal_restarts", "turn_timeouts"):
            doc[k] = s[k]
        doc["stalled"] = self.stalled + (["host"] if session.failure_kind == FailReason.HOST_STALLED else [])
        if self.online is not None:
            doc.update(self.online_summary())
        self._dump(doc)

    def write_summary_failed(self, line: str) -> None:
        """The summary of a joiner that never reached the host (online): the same keys, nothing played."""
        doc: dict[str, Any] = {k: 0 for k in ("ticks", "desyncs", "rollbacks", "max_rollback", "stalls",
                                              "bytes_sent", "bytes_received", "disconnects")}
        doc.update(game=None, final_checksum=None, result={"reason": line}, seed=None, peer=None, deal_restarts=0,
                   turn_timeouts=0, stalled=[])
        doc.update(self.online_summary())
        self._dump(doc)

    def _dump(self, doc: dict[str, Any]) -> None:
        path = self.args.summary
        if not path:
            return
        try:
            with open(path, "w", encoding="utf-8") as f:
                json.dump(doc, f, indent=1)
        except OSError as e:
            print(f"{PROG}: error: cannot write {path}: {e}", file=sys.stderr)



    def online_summary(self) -> dict[str, Any]:
        """The internet keys of the summary: ``route`` ("direct" or "relay": the nominated pair; a host with
        joiners on both: "relay"; None: not connected), ``connect_s`` (a joiner: code entered -> the match's
        channel up, welcomed by the host; the host: its slowest joiner's connection), and ``online``: each
        joiner's route (host), the datagrams and payload bytes the transport carried, the seconds of play."""
        o = self.online
        if isinstance(o, OnlineHost):
            routes = sorted({c.route for c in o.connected.values()} | set(o.routes().values()))
            route = None if not routes else ("relay" if "relay" in routes else "direct")
            times = [c.connect_s for c in o.connected.values()]
            connect = max(times) if times else None
            per_peer = {str(p): r for p, r in sorted(o.routes().items())}
        else:
            route = o.result.route if isinstance(o.result, Connected) else None
            connect, per_peer = self.connect_s, {}
        traffic = [o.transport.traffic(a) for a in list(o.transport.peers())]
        total = {k: sum(t.get(k, 0) for t in traffic) for k in ("sent", "received", "bytes_sent", "bytes_received")}
        played = (self.ended_at or time.monotonic()) - self.started_at if self.started_at is not None else None
        return {"route": route, "connect_s": None if connect is None else round(connect, 3),
                "online": {"routes": per_peer, "datagrams_sent": total["sent"],
                           "datagrams_received": total["received"], "payload_bytes_sent": total["bytes_sent"],
                           "payload_bytes_received": total["bytes_received"],
                           "match_s": None if played is None else round(played, 3)}}


def _config(args: argparse.Namespace, online: bool = False) -> SessionConfig:
    if getattr(args, "turn_clock", 0) < 0:
        raise _ArgError(f"--turn-clock {args.turn_clock:g}: seconds a move, 0 or more (0 = no clock)")
    # online, a star through the host: the joiners' ICE connections go to the host only (no mesh introductions),
    # and the code never changes (the rendezvous code that guards the meeting is the session's code)
    cfg = SessionConfig(timeout=args.timeout, lobby_timeout=args.lobby_timeout, mesh=not online,
                        code_tries=0 if online else SessionConfig.code_tries,
                        turn_clock=getattr(args, "turn_clock", SessionConfig.turn_clock))
    cfg.serialize_state = lambda saved: repr(saved)
    if args.desync_dump:
        cfg.desync_dump = args.desync_dump
    return cfg


def _check_common(args: argparse.Namespace) -> None:
    if not args.headless:
        raise _ArgError("only --headless matches run from the command line (the LAN menus host windowed ones)")
    if not args.internet:
        if args.code is None:
            raise _ArgError("the following arguments are required: --code (or play over the internet: --internet)")
        if not args.code.strip():
            raise _ArgError("--code is empty")
    if not 0 <= args.impair_loss < 1 or args.impair_latency < 0 or args.impair_jitter < 0:
        raise _ArgError("bad impairment")
    if args.input_delay is not None and not 0 <= args.input_delay <= 4:
        raise _ArgError("--input-delay must be 0..4")
    if args.prediction is not None and not 1 <= args.prediction <= MAX_PREDICTION:
        raise _ArgError(f"--prediction must be 1..{MAX_PREDICTION}")
    if args.frames is not None and args.frames < 1:
        raise _ArgError("--frames must be at least 1")
    if not args.timeout > 0:
        raise _ArgError("--timeout must be positive")


def _online(args: argparse.Namespace) -> tuple[Any, dict[str, Any]]:
    """The servers from the command line (``netplay.online.online_settings``), and the transport's options (seed,
    impairment). Raises _ArgError."""
    try:
        settings = online_settings(args.rendezvous, args.stun, args.turn, args.turn_user, args.turn_password,
                                   args.turn_secret, args.relay_only)
    except ValueError as e:
        raise _ArgError(str(e) + (" (--turn-user, --turn-password, or --turn-secret)" if "password" in str(e)
                                  else "")) from None
    if args.grant_lifetime is not None:
        settings = replace(settings, grant_lifetime=args.grant_lifetime)
    kw: dict[str, Any] = {"seed": args.seed or 0}
    if args.impair_latency or args.impair_jitter or args.impair_loss:
        kw["send_impairment"] = Impairment(latency=args.impair_latency / 1000, jitter=args.impair_jitter / 1000,
                                           loss=args.impair_loss)
    return settings, kw


def _host(args: argparse.Namespace) -> int:
    _check_common(args)
    if args.game not in REGISTRY:
        raise _ArgError(f"unknown game {args.game!r} (choose from {', '.join(sorted(REGISTRY))})")
    if not args.internet and args.port is None:
        raise _ArgError("the following arguments are required: --port (or play over the internet: --internet)")
    if args.port is not None and not 0 <= args.port < 65536:
        raise _ArgError("--port must be 0..65535")
    if args.rounds is not None and args.rounds < 1:
        raise _ArgError("--rounds must be at least 1")
    rules = REGISTRY[args.game]
    seats = _parse_seats(args.seats, host=True)
    if not rules.min_players <= len(seats) <= rules.max_players:
        raise _ArgError(f"{args.game} takes {rules.min_players}..{rules.max_players} seats, --seats has {len(seats)}")
    if all(s is not None for s in seats):
        raise _ArgError("--seats has no remote seat")
    turn = is_turn_based(rules)
    settings = MatchSettings(args.game, rules.version, len(seats), 60,
                             (0 if turn else AUTO_INPUT_DELAY) if args.input_delay is None else args.input_delay,
                             0 if turn else (MAX_PREDICTION if args.prediction is None else args.prediction),
                             AUTHORITY if turn else ROLLBACK, args.frames or 0)
    levels = {i: lv for i, lv in enumerate(seats) if lv is not None}
    if args.internet:
        return _host_online(args, settings, seats, levels)
    try:
        transport = UdpTransport((args.bind_address, args.port))
    except OSError as e:
        print(f"{PROG}: error: cannot listen on {args.bind_address}:{args.port}: {e.strerror or e}", file=sys.stderr)
        return 1
    run = _Headless(args, list(levels.values()))
    session = Session.host(transport, settings, [s is None for s in seats], args.code,
                           input_source=run.input_source, config=_config(args), now=time.monotonic(),
                           nonce=args.seed, name="host", bots={i: lv or args.level for i, lv in levels.items()})
    addr = transport.address
    try:  # listed by every browser on the LAN, as the client's host is; the session answers their pings
        run.announcer = announce_session(session, socket.gethostname()[:24] or "Dedicated host", addr[1],
                                         bind=args.bind_address)
    except OSError as e:
        run.say(f"not announced on the LAN ({e.strerror or e}): join by address")
    run.say(f"hosting {settings.describe()} on {addr[0]}:{addr[1]}; waiting for "
            f"{sum(s is None for s in seats)} remote seat(s)")
    return run.run(session, transport)


def _wait(online: Any, run: _Headless, done: Any, limit: float) -> None:
    """Poll ``online`` (an OnlineHost before its code, an OnlineJoin before its connection) until ``done()``, at most
    ``limit`` seconds, printing its progress line when it changes."""
    end = time.monotonic() + limit
    while not done() and time.monotonic() < end:
        online.poll()  # the events say what ``done`` and ``line`` read
        run.progress(online.line)
        time.sleep(0.02)


def _host_online(args: argparse.Namespace, settings: MatchSettings, seats: list[str | None],
                 levels: dict[int, str]) -> int:
    """``host --internet``: a code from the rendezvous server (printed ``internet code: CODE`` at once), then the
    session over the ICE transport; the code stays open for the next joiner up to the free seats."""
    servers, kw = _online(args)
    remote = [s is None for s in seats]
    run = _Headless(args, list(levels.values()))
    info = {"game": args.game, "seats": len(seats), "protocol": PROTOCOL_VERSION}
    online = OnlineHost(servers, joiners=min(7, sum(remote) + SPECTATORS), info=info, **kw)
    run.online = online
    run.say(f"online: asking {servers.rendezvous} for a code ({servers.servers.describe()})")
    _wait(online, run, lambda: online.code is not None or online.rendezvous.failure is not None,
          MAX_TOTAL_TIMEOUT + 2)
    if online.code is None:
        failure = online.rendezvous.failure
        online.close()
        print(f"{PROG}: error: {failure.line if failure else 'the meeting server gave no code'}", file=sys.stderr)
        return 1
    print(f"internet code: {online.code}", flush=True)
    session = Session.host(online.transport, settings, remote, online.session_code, input_source=run.input_source,
                           config=_config(args, online=True), now=time.monotonic(), nonce=args.seed, name="host",
                           bots={i: lv or args.level for i, lv in levels.items()})
    run.say(f"hosting {settings.describe()} over the internet; waiting for {sum(remote)} remote seat(s)")
    return run.run(session, online)


def _join_online(args: argparse.Namespace, seats: list[str | None], accept: Any) -> int:
    """``join --internet CODE``: meet the host by code, connect (directly or through the relay), then the session."""
    servers, kw = _online(args)
    run = _Headless(args, [lv or "" for lv in seats])
    warm_up(wait=10.0)  # the meeting's libraries load before the code counts as entered (as in the menus)
    online = OnlineJoin(args.internet, servers, info={"seats": len(seats), "protocol": PROTOCOL_VERSION,
                                                      "name": (socket.gethostname() or "joiner")[:24]}, **kw)
    run.online = online
    _wait(online, run, lambda: online.result is not None, MAX_TOTAL_TIMEOUT + 2)
    result = online.result
    if not isinstance(result, Connected):
        line = result.line if result is not None else f"no connection within {MAX_TOTAL_TIMEOUT:g} s"
        print(f"{PROG}: error: {line}", file=sys.stderr)
        online.close()
        if args.summary:
            run.write_summary_failed(line)
        return 1
    run.say(f"online: connected {'directly' if result.route == 'direct' else 'through the relay'} in "
            f"{result.connect_s:.1f} s")
    session = Session.join(online.transport, online.host_address, online.session_code, len(seats),
                           input_source=run.input_source, config=_config(args, online=True), now=time.monotonic(),
                           nonce=args.seed, accept=accept, name="joiner")
    return run.run(session, online)


def _join(args: argparse.Namespace) -> int:
    _check_common(args)
    if args.internet is None and args.address is None:
        raise _ArgError("the following arguments are required: address (or play over the internet: --internet "
                        "CODE)")
    if args.internet is not None and args.address is not None:
        raise _ArgError("give the host's address or --internet CODE, not both")
    seats = _parse_seats(args.seats, host=False)
    if len(seats) > 7:
        raise _ArgError("a joiner takes at most 7 seats")

    def accept(st: MatchSettings) -> str | None:
        rules = REGISTRY.get(st.game)
        if rules is None:
            return f"the host plays {st.game!r}, which this install does not have"
        if rules.version != st.rules_version:
            return f"{st.game} rules version {st.rules_version} at the host, {rules.version} here"
        if (st.mode == AUTHORITY) != is_turn_based(rules):
            return f"{st.game} must be played in {AUTHORITY if is_turn_based(rules) else ROLLBACK} mode"
        for name, mine, theirs in (("input delay", args.input_delay, st.input_delay),
                                   ("prediction", args.prediction, st.prediction if st.mode == ROLLBACK else None),
                                   ("frames", args.frames, st.end_tick)):
            if name == "input delay" and mine is not None and theirs == AUTO_INPUT_DELAY:
                return f"the host chooses the input delay from the measured round trip, {mine} asked here"
            if mine is not None and theirs is not None and mine != theirs:
                if name == "frames" and theirs == 0:
                    return f"no frame limit at the host, {mine} frames asked here"
                return f"{name} {theirs} at the host, {mine} asked here"
        return None

    if args.internet is not None:
        return _join_online(args, seats, accept)
    address = _parse_address(args.address)
    try:
        transport = UdpTransport((args.bind_address, 0))
    except OSError as e:
        print(f"{PROG}: error: cannot bind {args.bind_address}: {e.strerror or e}", file=sys.stderr)
        return 1
    run = _Headless(args, [lv or "" for lv in seats])
    session = Session.join(transport, address, args.code, len(seats), input_source=run.input_source,
                           config=_config(args), now=time.monotonic(), nonce=args.seed, accept=accept,
                           name=f"joiner@{transport.address[1]}")
    run.say(f"joining {address[0]}:{address[1]} with {len(seats)} seat(s)")
    return run.run(session, transport)


def main(argv: list[str]) -> int:
    """``argv`` starts with ``host`` or ``join`` (no program name). Returns the exit status."""
    if not argv or argv[0] not in ("host", "join"):
        print(f"{PROG}: error: expected 'host' or 'join'", file=sys.stderr)
        return 2
    sub = argv[0]
    parser = _parser(sub)
    try:
        args = parser.parse_args(argv[1:])
        return _host(args) if sub == "host" else _join(args)
    except _ArgError as e:
        print(f"{PROG} {sub}: error: {e}", file=sys.stderr)
        return 2
