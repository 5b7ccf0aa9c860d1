"""``grisbi-arcade browse``: the matches announced on the LAN, listed from the command line.

``grisbi-arcade browse --headless --seconds N [--json]`` listens for N seconds (0.5..60, default 3) on the discovery
port (UDP 47474) on every interface (or where ``--lan-broadcast`` says: 127.255.255.255 for this machine only), pings
each host it hears announce twice (``netplay.discovery.Prober``, at most one small datagram a second to each), and
prints one line a match heard in the last 3.5 s (``netplay.discovery.EXPIRE``: a host announces every second; one
that fell silent is not listed, however long the listening): name, game, host address:port, free seats, ping. ``--json`` prints a JSON list instead, one object a match:
``{"name", "game", "game_id", "address", "free_seats", "seats", "playing", "ping_ms" (null: no answer), "compatible"}``.
No match heard: "no match found" (JSON: ``[]``). Exit status 0 in both cases, 1 when the discovery port cannot be
opened, 2 for bad arguments. Without ``--headless`` the LAN browse screen opens in a window.
"""

from __future__ import annotations

import argparse
import json
import select
import sys
import time
from typing import Any, Callable

from netplay.discovery import DISCOVERY_PORT, Listener, Prober, is_loopback, listen_address

__all__ = ["browse", "main"]

PROG = "grisbi-arcade browse"


def browse(seconds: float, broadcast: str = "", *, discovery_port: int = DISCOVERY_PORT,
           clock: Callable[[], float] = time.monotonic) -> list[dict[str, Any]]:
    """Listen ``seconds`` for announcements (see the module docstring) and return the matches heard, sorted by name,
    as the dicts ``--json`` prints. Raises ``OSError`` when the discovery port cannot be opened."""
    from arcade.games import REGISTRY, definition_of

    listener = Listener(bind=listen_address(broadcast), discovery_port=discovery_port)
    try:
        prober = Prober(bind="127.0.0.1" if broadcast and is_loopback(broadcast) else "0.0.0.0")
    except OSError:
        listener.close()
        raise
    try:
        start = clock()
        end = start + seconds
        found = []
        while True:
            now = clock()
            found = listener.update(now)
            prober.update(now, found)
            if now >= end:
                break
            _wait_either(listener.transport, prober.transport, min(0.05, max(0.0, end - now)))
        out = []
        for a in found:
            pong = prober.results.get(a.address)
            game = definition_of(a.game).spec.name if a.game in REGISTRY else a.game
            out.append({"name": a.name, "game": game, "game_id": a.game,
                        "address": f"{a.address[0]}:{a.address[1]}",
                        "free_seats": pong.free_seats if pong is not None else a.free_seats, "seats": a.seats,
                        "playing": pong.playing if pong is not None else a.playing,
                        "ping_ms": round(pong.rtt * 1000, 1) if pong is not None else None,
                        "compatible": a.compatible})
        return out
    finally:
        listener.close()
        prober.close()


def _wait_either(a: Any, b: Any, timeout: float) -> None:
    """Wait until either UDP transport has a datagram (a host's PONG is read at once: the ping is not rounded up
    to the loop's 50 ms), at most ``timeout`` seconds. Transports without a socket (tests' fakes): no wait."""
    socks = [t.sock for t in (a, b) if getattr(t, "sock", None) is not None]
    if socks:
        select.select(socks, [], [], timeout)


def _line(m: dict[str, Any]) -> str:
    ping = f"{m['ping_ms']:.0f} ms" if m["ping_ms"] is not None else "no answer"
    state = "playing (watch)" if m["playing"] else "in lobby"
    extra = "" if m["compatible"] else "  (other version of Grisbi Arcade: update to join)"
    return (f"{m['name'][:24]:<24}  {m['game'][:16]:<16}  {m['address']:<21}  "
            f"{m['free_seats']} of {m['seats']} seats free  {state:<15}  ping {ping}{extra}")


def _ipv4(text: str) -> bool:
    parts = text.split(".")
    return len(parts) == 4 and all(x.isdigit() and len(x) <= 3 and int(x) <= 255 for x in parts)


def main(argv: list[str], open_screen: Callable[[list[str]], int] | None = None) -> int:
    """``argv`` after ``browse``; returns the exit status. Without ``--headless`` the client's browse screen opens
    through ``open_screen(client_args)`` (the command line's own entry, so this module does not import it)."""
    p = argparse.ArgumentParser(prog=PROG, description="List the Grisbi Arcade matches announced on the LAN.")
    p.add_argument("--headless", action="store_true", help="print the list instead of opening the browse screen")
    p.add_argument("--seconds", type=float, default=3.0, metavar="N", help="listen this long (0.5..60, default 3)")
    p.add_argument("--json", action="store_true", help="print a JSON list (see the README)")
    p.add_argument("--lan-broadcast", metavar="ADDR", default=None,
                   help="listen for this broadcast address only (127.255.255.255: this machine only)")
    p.add_argument("--config-dir", metavar="DIR", help="where settings are read")
    try:
        args = p.parse_args(argv)
    except SystemExit as e:
        return int(e.code or 0)
    if not 0.5 <= args.seconds <= 60:
        print(f"{PROG}: error: --seconds must be 0.5..60", file=sys.stderr)
        return 2
    if args.lan_broadcast and not _ipv4(args.lan_broadcast):
        print(f"{PROG}: error: --lan-broadcast {args.lan_broadcast!r} is not an IPv4 address", file=sys.stderr)
        return 2
    if not args.headless:
        if open_screen is None:
            print(f"{PROG}: error: use --headless (no screen to open here)", file=sys.stderr)
            return 2
        extra = ["--config-dir", args.config_dir] if args.config_dir else []
        extra += ["--lan-broadcast", args.lan_broadcast] if args.lan_broadcast is not None else []
        return open_screen(["--lan", "browse", *extra])
    broadcast = args.lan_broadcast
    if broadcast is None:
        from arcade.client.settings import load_settings

        broadcast = load_settings(args.config_dir).lan_broadcast
    try:
        found = browse(args.seconds, broadcast)
    except OSError as e:
        print(f"{PROG}: error: cannot listen on UDP port {DISCOVERY_PORT}: {e.strerror or e}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(found, ensure_ascii=False))
    elif not found:
        print("no match found")
    else:
        for m in found:
            print(_line(m))
    return 0
