#!/usr/bin/env python3
"""Netplay benchmark: bytes per second per peer, joiner stalls, and the session layer's CPU time per tick.

Runs 2-, 4- and 8-peer rollback matches (every datagram sealed: SPAKE2 keys, ChaCha20-Poly1305) at 60 Hz on the in-memory network (virtual clock, seeded impairment: by
default 120 ms RTT, +-20 ms jitter, 10 % loss, 2 % duplication, 5 % reordering), one bot seat per peer, and prints
for each peer the payload bytes it sent and received per second (UDP/IP headers, 28 bytes a datagram, not
included; also shown separately), then the CPU time per tick of the session layer: everything ``Session.update``
does (decoding, validation, MACs, inputs, rollback bookkeeping, sending, the in-memory network) minus the time
spent inside the game (simulation, checksums, bots), and each peer's stalls as a share of its ticks. Targets: <= 4 KiB/s
a peer for 2 peers; joiner stalls <= 2 % of ticks at 8 peers. Input delay: chosen by the host from the RTT it
measures (``--input-delay`` to force one); joiners exchange inputs directly (the mesh, ``netplay.mesh``), or with
``--relayed`` cannot reach each other (every datagram between two joiners lost): the host relays every input.
Every figure but the CPU time comes from the virtual clock and the seeds, so it does not depend on the machine's
load; the CPU time is real time spent, and does.

Then the turn games' pace (``--turn-peers``, 6 by default): a host-authoritative match (``netplay.authority``) of a
turn game (``--turn-game``, Grass by default; a normal bot at every seat, one seat per peer) under the same
impairment: the ticks per virtual second every peer reaches (target 60 at 6 peers: the host never waits for anyone,
each joiner ticks on its own clock and sends its actions), the host's and the joiners' bytes/s, the actions
applied and refused, and at the end every joiner's verdict on the revealed deal and whether the final checksums
agree. (In lockstep, as turn games ran before, 6 peers reached ~20 ticks/s here: ``--turn-mode lockstep``.)

The game is Grisbi when registered (deals chained so the run lasts ``--seconds``), else a small counter game.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from netplay.harness import VirtualRun  # noqa: E402
from netplay.session import Session  # noqa: E402
from netplay.settings import AUTHORITY, AUTO_INPUT_DELAY, LOCKSTEP, MatchSettings, SessionConfig  # noqa: E402
from netplay.transport import Impairment, MemoryNetwork  # noqa: E402


class Timed:
    """Wraps a simulation and adds the time spent in it to ``clock[0]``."""

    def __init__(self, sim: Any, clock: list[float]) -> None:
        self.sim, self.clock = sim, clock

    def __getattr__(self, name: str) -> Any:
        return getattr(self.sim, name)

    def _t(self, fn: Any, *a: Any) -> Any:
        t0 = time.perf_counter()
        try:
            return fn(*a)
        finally:
            self.clock[0] += time.perf_counter() - t0

    def save(self) -> Any:
        return self._t(self.sim.save)

    def load(self, s: Any) -> None:
        self._t(self.sim.load, s)

    def advance(self, inputs: Any) -> None:
        self._t(self.sim.advance, inputs)

    def checksum(self) -> int:
        return self._t(self.sim.checksum)

    def is_over(self) -> bool:
        return self._t(self.sim.is_over)


def grisbi_series(seed: int, players: int) -> Any:
    """Grisbi deals one after another (a new deal when one ends): a long real-time run."""
    from arcade.games import REGISTRY
    from arcade.core.simulation import ChainedDeals

    return ChainedDeals(REGISTRY["grisbi"], seed, players)


class Counter:
    """A tiny deterministic game: a running hash of every input."""

    def __init__(self, seed: int, players: int) -> None:
        self.h, self.tick = seed, 0

    def save(self) -> Any:
        return (self.tick, self.h)

    def load(self, s: Any) -> None:
        self.tick, self.h = s

    def advance(self, inputs: Any) -> None:
        for i, v in enumerate(inputs):
            self.h = (self.h * 6364136223846793005 + (v + 1) * (i + 7) + self.tick) & (2**64 - 1)
        self.tick += 1

    def checksum(self) -> int:
        return self.h

    def is_over(self) -> bool:
        return False


def run(peers: int, seconds: float, imp: Impairment, seed: int, game: str,
        input_delay: int = AUTO_INPUT_DELAY, mode: str = "rollback", relayed: bool = False) -> list[dict[str, Any]]:
    """One rollback (or lockstep) match of ``peers`` peers; ``relayed``: the joiners cannot reach each other (every
    datagram between two joiners is lost, so the mesh never comes up and the host relays every input)."""
    net = MemoryNetwork(seed=seed, impairment=imp)
    if relayed:
        for a in range(1, peers):
            for b in range(a + 1, peers):
                net.set_path((f"joiner{a}", 1), (f"joiner{b}", 1), Impairment(loss=1.0))
    ticks = int(seconds * 60)
    st = (MatchSettings(game, 1, peers, input_delay=input_delay, end_tick=ticks) if mode != LOCKSTEP
          else MatchSettings(game, 1, peers, input_delay=2, prediction=0, mode=LOCKSTEP, end_tick=ticks))
    game_clock = [0.0]
    sessions: list[Session] = []
    bots: dict[int, Any] = {}

    def build(started: Any) -> Any:
        seed_ = started.seed
        return Timed(grisbi_series(seed_, peers) if game == "grisbi" else Counter(seed_, peers), game_clock)

    def source_for(i: int) -> Any:
        def source(seat: int, tick: int) -> int:
            t0 = time.perf_counter()
            try:
                if game == "grisbi":
                    from arcade.core.bots import BotSeat
                    bot = bots.setdefault(seat, BotSeat("grisbi", seat, "normal", seed + seat))
                    return bot.input(vr.sim(sessions[i]).sim.state, tick)
                return (seat + 1) if (tick * 7919 + seat * 104729 + seed) % 53 == 0 else 0
            finally:
                game_clock[0] += time.perf_counter() - t0
        return source

    cfg = dict(desync_dump=None)
    sessions.append(Session.host(net.transport(("host", 1)), st, [False] + [True] * (peers - 1), "BENCH",
                                 input_source=source_for(0), config=SessionConfig(**cfg), nonce=seed))
    for j in range(1, peers):
        sessions.append(Session.join(net.transport((f"joiner{j}", 1)), ("host", 1), "BENCH", 1,
                                     input_source=source_for(j), config=SessionConfig(**cfg), nonce=seed + j))
    update_clock = [0.0]
    vr = VirtualRun(net)
    for s in sessions:
        runner = vr.add(s, build)
        inner = runner.update

        def timed(now: float, _inner: Any = inner) -> list:
            t0 = time.perf_counter()
            events = _inner(now)  # the session's update and its requests, carried out on the (timed) simulation
            update_clock[0] += time.perf_counter() - t0
            return events
        runner.update = timed  # type: ignore[method-assign]
    end = vr.run(max_time=seconds + 60 if mode != LOCKSTEP else 4 * seconds + 60)
    out = []
    total_ticks = sum(s.stats.ticks for s in sessions)
    layer = (update_clock[0] - game_clock[0]) / max(1, total_ticks)
    for s in sessions:
        el = max(1e-9, (s.end.at if s.end else end) - s.started_at)
        out.append({"peer": s.index, "sent_Bps": s.stats.bytes_sent / el, "recv_Bps": s.stats.bytes_received / el,
                    "datagrams_out_per_s": s.stats.datagrams_sent / el, "ticks": s.end.tick if s.end else None,
                    "checksum": s.end.checksum if s.end else None, "desyncs": len(s.reported_pairs),
                    "max_rollback": s.stats.max_rollback, "rollbacks": s.stats.rollbacks, "stalls": s.stats.stalls,
                    "layer_us_per_tick": layer * 1e6, "input_delay": s.input_delay, "game_s": game_clock[0],
                    "update_s": update_clock[0], "ticks_per_s": (s.end.tick if s.end else 0) / el,
                    "mesh_up": len(s.summary()["mesh_up"])})
    return out


def run_turn(peers: int, seconds: float, imp: Impairment, seed: int, game: str, mode: str = AUTHORITY,
             warmup: float = 5.0) -> dict[str, Any]:
    """A turn game between ``peers`` peers (bots everywhere); ticks per virtual second of every peer between
    ``warmup`` and ``warmup + seconds`` (or the host's end, if sooner), then the run to the end of the match."""
    from arcade.core.peerviews import authority_sim
    from arcade.games import REGISTRY, simulation_for
    from arcade.core.bots import BotSeat

    rules = REGISTRY[game]
    net = MemoryNetwork(seed=seed, impairment=imp)
    ticks = int((warmup + seconds) * 60) + 60
    st = MatchSettings(game, rules.version, peers, input_delay=0 if mode == AUTHORITY else 2, prediction=0,
                       mode=mode, end_tick=ticks)
    sessions: list[Session] = []

    def build(started: Any) -> Any:
        s = started.settings
        if mode != AUTHORITY:
            return simulation_for(rules, started.seed, s.seats)
        return authority_sim(rules, s.seats, started.seed, started.local_seats)

    def source_for(i: int) -> Any:
        bots: dict[int, BotSeat] = {}

        def source(seat: int, tick: int) -> int:
            bot = bots.setdefault(seat, BotSeat(game, seat, "normal", seed + seat, think_ticks=10))
            sim = vr.sim(sessions[i])
            state = sim.state_for(seat) if hasattr(sim, "state_for") else sim.state
            return 0 if state is None else bot.input(state, tick)
        return source

    cfg = dict(desync_dump=None)
    sessions.append(Session.host(net.transport(("host", 1)), st, [False] + [True] * (peers - 1), "BENCH",
                                 input_source=source_for(0), config=SessionConfig(**cfg), nonce=seed))
    for j in range(1, peers):
        sessions.append(Session.join(net.transport((f"joiner{j}", 1)), ("host", 1), "BENCH", 1,
                                     input_source=source_for(j), config=SessionConfig(**cfg), nonce=seed + j))
    vr = VirtualRun(net, [(s, build) for s in sessions])
    vr.run(max_time=warmup)
    t0, start = vr.clock.now, [vr.sim(s).tick if vr.sim(s) is not None else 0 for s in sessions]
    host = sessions[0]
    t1 = vr.run(max_time=warmup + seconds, until=lambda: host.end is not None)
    rates = [(vr.sim(s).tick - a) / max(1e-9, t1 - t0) for s, a in zip(sessions, start)]
    vr.run(max_time=t1 + 60 + (4 * seconds if mode != AUTHORITY else 0))
    el = [max(1e-9, (s.end.at if s.end else vr.clock.now) - s.started_at) for s in sessions]
    return {"rates": rates, "sent": [s.stats.bytes_sent / e for s, e in zip(sessions, el)],
            "recv": [s.stats.bytes_received / e for s, e in zip(sessions, el)],
            "deals": [s.end.deal if s.end else None for s in sessions],
            "checksums": {s.end.checksum if s.end else None for s in sessions},
            "steps": getattr(vr.sim(host), "step", None), "refused": sum(host.stats.rejected[k] for k in ("seat", "illegal")),
            "window": t1 - t0}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seconds", type=float, default=60.0, help="virtual seconds per match (60)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rtt", type=float, default=120.0, help="ms")
    p.add_argument("--jitter", type=float, default=20.0, help="+- ms")
    p.add_argument("--loss", type=float, default=0.10)
    p.add_argument("--duplicate", type=float, default=0.02)
    p.add_argument("--reorder", type=float, default=0.05)
    p.add_argument("--game", choices=("auto", "grisbi", "counter"), default="auto")
    p.add_argument("--peers", default="2,4,8", help="peer counts of the rollback runs (2,4,8; empty: none)")
    p.add_argument("--relayed", action="store_true",
                   help="joiners cannot reach each other (no mesh): the host relays every input")
    p.add_argument("--input-delay", type=int, default=AUTO_INPUT_DELAY,
                   help="ticks 0..4 (default: chosen by the host from the RTT it measures while dealing)")
    p.add_argument("--turn-peers", type=int, default=6, help="peers of the turn-game pace run (6; 0: skip it)")
    p.add_argument("--turn-game", default="grass", help="turn game of the pace run (grass)")
    p.add_argument("--turn-mode", choices=(AUTHORITY, LOCKSTEP), default=AUTHORITY,
                   help="netplay mode of the pace run (authority; lockstep: how turn games ran before)")
    args = p.parse_args(argv)
    game = args.game
    if game == "auto":
        try:
            from arcade.games import REGISTRY
            game = "grisbi" if "grisbi" in REGISTRY else "counter"
        except ImportError:
            game = "counter"
    imp = Impairment.from_rtt(args.rtt / 1000, args.jitter / 1000, args.loss, args.duplicate, args.reorder)
    print(f"game {game}, {args.seconds:g} s at 60 Hz, RTT {args.rtt:g} ms +-{args.jitter:g}, loss {args.loss:.0%}, "
          f"duplication {args.duplicate:.0%}, reordering {args.reorder:.0%}")
    for peers in (int(x) for x in args.peers.split(",") if x.strip()):  # --peers "": the turn-game run only
        rows = run(peers, args.seconds, imp, args.seed, game, args.input_delay, relayed=args.relayed)
        same = len({r["checksum"] for r in rows}) == 1
        how = ", relayed: joiners cannot reach each other" if args.relayed else ""
        print(f"\n{peers} peers (rollback, 1 seat each{how}): final checksums {'equal' if same else 'DIFFER'}, "
              f"desyncs {max(r['desyncs'] for r in rows)}, input delay {rows[0]['input_delay']} ticks "
              f"(peers agree: {len({r['input_delay'] for r in rows}) == 1})")
        print(f"  {'peer':>4} {'sent B/s':>9} {'recv B/s':>9} {'+UDP/IP':>8} {'rollbacks':>9} {'max':>4} {'stalls':>6} "
              f"{'stall %':>7}")
        for r in rows:
            ip = r["datagrams_out_per_s"] * 28
            pct = 100.0 * r["stalls"] / max(1, r["ticks"] or 1)
            print(f"  {r['peer']:>4} {r['sent_Bps']:9.0f} {r['recv_Bps']:9.0f} {ip:8.0f} {r['rollbacks']:9d} "
                  f"{r['max_rollback']:4d} {r['stalls']:6d} {pct:6.1f}%")
        joiners = [100.0 * r["stalls"] / max(1, r["ticks"] or 1) for r in rows if r["peer"] != 0]
        print(f"  joiner stalls: worst {max(joiners):.1f} % of ticks" + (
            "  (target <= 2 % at 8 peers: " + ("met" if max(joiners) <= 2 else "NOT met") + ")" if peers == 8 else ""))
        links = sum(r["mesh_up"] for r in rows[1:])
        print(f"  host sent {rows[0]['sent_Bps']:.0f} B/s = {rows[0]['sent_Bps'] / 1024:.1f} KiB/s (direct links between "
              f"joiners up: {links} of {(peers - 1) * (peers - 2)}); max rollback "
              f"{max(r['max_rollback'] for r in rows)} ticks")
        worst = max(r["sent_Bps"] for r in rows)
        target = "  (target <= 4096 B/s a peer: " + ("met" if worst <= 4096 else "NOT met") + ")" if peers == 2 else ""
        print(f"  most sent by one peer: {worst:.0f} B/s = {worst / 1024:.2f} KiB/s{target}")
        print(f"  session layer CPU: {rows[0]['layer_us_per_tick']:.0f} us per peer-tick "
              f"(update {rows[0]['update_s']:.2f} s, of which game {rows[0]['game_s']:.2f} s)")
    if args.turn_peers:
        r = run_turn(args.turn_peers, args.seconds, imp, args.seed, args.turn_game, args.turn_mode)
        pace = min(r["rates"])
        print(f"\nturn game {args.turn_game} ({args.turn_peers} peers, {args.turn_mode}, a bot a seat): "
              f"{pace:.1f} ticks/s at the slowest peer over {r['window']:.0f} virtual s (target 60: "
              + ("met" if pace >= 59.5 else "NOT met") + ")")
        print("  ticks/s by peer: " + ", ".join(f"{x:.1f}" for x in r["rates"]))
        print(f"  host sent {r['sent'][0]:.0f} B/s, received {r['recv'][0]:.0f} B/s; joiners sent at most "
              f"{max(r['sent'][1:]):.0f} B/s, received at most {max(r['recv'][1:]):.0f} B/s")
        if args.turn_mode == AUTHORITY:
            print(f"  actions applied {r['steps']}, refused {r['refused']} (stale); deal at the end: "
                  f"{', '.join(str(d) for d in r['deals'])}; final checksums "
                  + ("equal" if len(r["checksums"]) == 1 else "DIFFER"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
