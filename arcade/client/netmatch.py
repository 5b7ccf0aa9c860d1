"""Headless network matches between processes: ``grisbi-arcade host ...`` and ``grisbi-arcade join ...``.

::

    grisbi-arcade host --game grisbi --port 7777 --code ABCD --seats bot,remote,bot,remote --headless
    grisbi-arcade join 127.0.0.1:7777 --code ABCD --seats bot --headless

The host's ``--seats`` lists every seat: ``bot`` (or ``bot:hard``...) for its own, ``remote`` for one a joiner fills.
A joiner's ``--seats`` lists its own seats (``bot``...), which take the first free remote seats. Real-time games
(Grisbi) run in rollback mode, turn-based ones host-authoritative (``netplay.authority``: the host alone holds the
whole table; a joiner's bots play from their seats' views). Bots play the local seats in real time (60 Hz); a seat
dropped by a lost peer is taken over by a bot on the host.

Options: ``--input-delay`` (ticks, 0..4; by default the host picks it for Grisbi from the round trip it measures
while dealing, ``ceil(RTT / 2 * 60)`` ticks at most 4, and sends it with the start), ``--prediction`` (rollback
window, 1..8), ``--timeout`` (seconds of silence before a peer is dropped, and the handshake's limit), ``--seed``
(makes this peer's fair-deal nonce and session id reproducible; the match seed still comes from every peer's nonce),
``--frames N`` (every peer stops at the same confirmed tick N), ``--summary FILE`` (JSON: game, ticks,
final_checksum, desyncs, rollbacks, max_rollback, stalls, bytes_sent, bytes_received, disconnects, result,
input_delay, mesh_up: the joiners reached directly, relayed_ticks: inputs the host relayed, deal: for a turn game
"verified" or "unfair", a joiner's verdict on the host's end-of-match reveal, whose ``final_checksum`` is then the
checksum of its own re-simulation of the revealed seed and action log), ``--bind-address``
(0.0.0.0, every interface).
A joiner's ``--input-delay``, ``--prediction`` and ``--frames``, when given, must match the host's or it refuses.

The host announces its match on the LAN as the client's host does (``netplay.discovery.announce_session``: every
second, on every interface's broadcast address, or this machine only when ``--bind-address`` is a loopback address),
under this machine's name; ``grisbi-arcade browse`` lists it and its session answers the browsers' pings.

Exit status: 0 when the match ended (game over or ``--frames``), 1 for a network failure (no host, wrong code,
version mismatch, host lost), 2 for bad arguments; errors are one line on stderr.
"""

from __future__ import annotations

import argparse
import json
import socket
import sys
import time
from typing import Any

from netplay.discovery import announce_session
from netplay.events import (Desync, Disconnected, Failed, Interrupted, MatchEnded, PeerJoined, Resumed, SeatDropped,
                            Started)
from netplay.requests import fulfil
from netplay.session import Session
from netplay.settings import AUTHORITY, AUTO_INPUT_DELAY, MAX_PREDICTION, ROLLBACK, MatchSettings, SessionConfig
from netplay.transport import UdpTransport

from arcade.core.turnnet import authority_sim
from arcade.games import REGISTRY, is_turn_based, simulation_for
from arcade.games.bots import LEVELS, BotSeat
from arcade.games.rng import seed_mix

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
        p.add_argument("--port", required=True, type=int, help="UDP port to listen on (0 = any free port)")
    else:
        p.add_argument("address", help="the host, HOST:PORT")
    p.add_argument("--code", required=True, help="the match's join code")
    p.add_argument("--seats", required=True, help="seat spec, e.g. bot,remote,bot,remote (host) or bot (joiner)")
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
    """Seat spec -> list of bot levels, None for a remote seat. Raises _ArgError."""
    out: list[str | None] = []
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
            allowed = "bot, remote" if host else "bot"
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
    """Runs one session in real time with bots at the local seats."""

    def __init__(self, args: argparse.Namespace, levels: dict[int, str]) -> None:
        self.args = args
        self.levels = levels
        self.bots: dict[int, BotSeat] = {}
        self.session: Session | None = None
        self.announcer = None  # the host's LAN announcements (``netplay.discovery.announce_session``)
        self.local_seed = args.seed if args.seed is not None else 0

    def make_sim(self, settings: MatchSettings, seed: int) -> Any:
        self.rules = REGISTRY[settings.game]
        self.seed = seed
        if settings.mode == AUTHORITY:  # the host's full table, or (no seed yet) a joiner's views
            return authority_sim(self.rules, settings.seats, seed, self.session.my_seats)
        return simulation_for(self.rules, seed, settings.seats)

    def input_source(self, seat: int, tick: int) -> int:
        bot = self.bots.get(seat)
        if bot is None:
            level = self.levels.get(seat) or self.args.level
            bot = self.bots[seat] = BotSeat(self.session.settings.game, seat, level,
                                            seed_mix(self.seed or 0, seat, self.local_seed), self.args.think_ticks)
        sim = self.session.sim
        state = sim.state_for(seat) if hasattr(sim, "state_for") else sim.state  # a joiner's: from its seat's view
        return 0 if state is None else bot.input(state, tick)

    def say(self, text: str) -> None:
        if not self.args.quiet:
            print(text, flush=True)

    def run(self, session: Session, transport: UdpTransport) -> int:
        self.session = session
        clock = time.monotonic
        try:
            while not session.done:
                requests = session.update(clock())
                if requests:  # the simulation (``make_sim`` built it) is ours: the session only asks
                    try:
                        fulfil(session.sim, requests, session.stats)
                    except Exception as e:  # a state the game cannot load: fail with the reason, never a traceback
                        session.request_failed(e)
                for ev in session.poll_events():
                    self.report(ev)
                if self.announcer is not None:
                    self.announcer.follow(session, clock())
                wait = session.next_wakeup() - clock()
                if wait > 0:
                    transport.wait(min(wait, 0.05))
            for ev in session.poll_events():
                self.report(ev)
        except KeyboardInterrupt:
            session.close("interrupted")
            print(f"{PROG}: interrupted", file=sys.stderr)
            return 130
        finally:
            self.write_summary(session)
            if self.announcer is not None:
                self.announcer.close()
            transport.close()
        if session.end is None:
            print(f"{PROG}: error: {session.failure or 'the match did not end'}", file=sys.stderr)
            return 1
        return 0

    def report(self, ev: Any) -> None:
        if isinstance(ev, PeerJoined):
            self.say(f"peer {ev.peer} ({ev.name or ev.address[0]}) took seats {list(ev.seats)}")
        elif isinstance(ev, Started):
            seed = "revealed at the end" if ev.seed is None else ev.seed
            self.say(f"match started: seed {seed}, our seats {list(ev.local_seats)}")
        elif isinstance(ev, (Interrupted, Resumed, Disconnected)):
            self.say(f"peer {ev.peer} {type(ev).__name__.lower()}")
        elif isinstance(ev, SeatDropped):
            who = "a bot" if self.session.role == "host" else "the host's bot"
            self.say(f"seat {ev.seat} dropped at tick {ev.tick}: {who} plays it now")
        elif isinstance(ev, Desync):
            where = f" (report: {ev.dump})" if ev.dump else ""
            print(f"{PROG}: warning: desync between peers {ev.peers} first at tick {ev.frame}{where}",
                  file=sys.stderr)
        elif isinstance(ev, MatchEnded):
            deal = "" if ev.deal is None else f", deal {ev.deal}" + (f" ({ev.deal_reason})" if ev.deal_reason else "")
            self.say(f"match over ({ev.reason}) at tick {ev.frame}, checksum {ev.checksum:#018x}{deal}")
        elif isinstance(ev, Failed):
            pass  # printed once at exit

    def write_summary(self, session: Session) -> None:
        path = self.args.summary
        if not path:
            return
        s = session.summary()
        result: dict[str, Any] = {"reason": s["end_reason"]}
        if session.end is not None and session.sim is not None:
            state = session.sim.state
            if state is not None:
                result["over"] = bool(self.rules.is_over(state))
                result["scores"] = list(self.rules.scores(state))
        doc = {k: s[k] for k in ("game", "ticks", "final_checksum", "desyncs", "rollbacks", "max_rollback", "stalls",
                                 "bytes_sent", "bytes_received", "disconnects")}
        doc["result"] = result
        doc["seed"] = s["seed"]
        doc["peer"] = s["peer"]
        for k in ("input_delay", "mesh_up", "relayed_ticks", "deal"):
            doc[k] = s[k]
        try:
            with open(path, "w", encoding="utf-8") as f:
                json.dump(doc, f, indent=1)
        except OSError as e:
            print(f"{PROG}: error: cannot write {path}: {e}", file=sys.stderr)


def _config(args: argparse.Namespace) -> SessionConfig:
    cfg = SessionConfig(timeout=args.timeout, lobby_timeout=args.lobby_timeout)
    cfg.serialize_state = lambda saved: repr(saved)
    if args.desync_dump:
        cfg.desync_dump = args.desync_dump
    return cfg


def _check_common(args: argparse.Namespace) -> None:
    if not args.headless:
        raise _ArgError("only --headless matches run from the command line (the LAN menus host windowed ones)")
    if not args.code.strip():
        raise _ArgError("--code is empty")
    if args.input_delay is not None and not 0 <= args.input_delay <= 4:
        raise _ArgError("--input-delay must be 0..4")
    if args.prediction is not None and not 1 <= args.prediction <= MAX_PREDICTION:
        raise _ArgError(f"--prediction must be 1..{MAX_PREDICTION}")
    if args.frames is not None and args.frames < 1:
        raise _ArgError("--frames must be at least 1")
    if not args.timeout > 0:
        raise _ArgError("--timeout must be positive")


def _host(args: argparse.Namespace) -> int:
    _check_common(args)
    if args.game not in REGISTRY:
        raise _ArgError(f"unknown game {args.game!r} (choose from {', '.join(sorted(REGISTRY))})")
    if not 0 <= args.port < 65536:
        raise _ArgError("--port must be 0..65535")
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
    try:
        transport = UdpTransport((args.bind_address, args.port))
    except OSError as e:
        print(f"{PROG}: error: cannot listen on {args.bind_address}:{args.port}: {e.strerror or e}", file=sys.stderr)
        return 1
    levels = {i: lv for i, lv in enumerate(seats) if lv is not None}
    run = _Headless(args, levels)
    session = Session.host(transport, settings, [s is None for s in seats], args.code, make_sim=run.make_sim,
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


def _join(args: argparse.Namespace) -> int:
    _check_common(args)
    address = _parse_address(args.address)
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

    try:
        transport = UdpTransport((args.bind_address, 0))
    except OSError as e:
        print(f"{PROG}: error: cannot bind {args.bind_address}: {e.strerror or e}", file=sys.stderr)
        return 1
    run = _Headless(args, {})
    session = Session.join(transport, address, args.code, len(seats), make_sim=run.make_sim,
                           input_source=run.input_source, config=_config(args), now=time.monotonic(),
                           nonce=args.seed, accept=accept, name=f"joiner@{transport.address[1]}")
    levels = iter(seats)
    original = run.make_sim

    def make_sim(st: MatchSettings, seed: int) -> Any:  # our seats are known once the host has welcomed us
        for seat in session.my_seats:
            run.levels[seat] = next(levels, "") or ""
        return original(st, seed)

    session.make_sim = make_sim
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
