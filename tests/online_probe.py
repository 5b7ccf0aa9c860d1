"""A joiner written with our own code that records what the host tells it, for adversarial tests: it meets the host
by code (``netplay.online.OnlineJoin``: the host's hello, every message on the meeting channel, the relay grant),
prints one JSON line and ends (releasing what it claimed). Run inside a namespace of the simulated internet::

    python tests/online_probe.py URL CODE [STUN [connect]]  # {"hello": {...}, "messages": [...], "grant": {...} |
                                                            #  null, "allocate": {"ok": ...} | null, "line": "...",
                                                            #  "route": "relay" | "direct" | null}

``allocate``: with a grant, whether the relay accepts it now (``turn_raw.allocate``); ``connect``: go on until
connected or failed (the messages then include the host's ICE offers), ``route`` the route found.
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from netplay import rendezvous  # noqa: E402
from netplay.ice import IceServers, parse_server  # noqa: E402
from netplay.online import OnlineJoin, OnlineSettings  # noqa: E402
from turn_raw import allocate  # noqa: E402


def main() -> int:
    url, code = sys.argv[1], sys.argv[2]
    stun = parse_server(sys.argv[3]) if len(sys.argv) > 3 else None
    connect = len(sys.argv) > 4 and sys.argv[4] == "connect"
    seen: list = []
    original = rendezvous.Meeting._got

    def got(self, data: bytes) -> None:  # every message the host sent on the meeting channel, as it came
        seen.append(data.decode(errors="replace"))
        original(self, data)

    rendezvous.Meeting._got = got
    rendezvous.warm_up(10.0)
    j = OnlineJoin(code, OnlineSettings(rendezvous=url, servers=IceServers(stun=stun), meet_timeout=15),
                   info={"seats": 0, "name": "Probe"})  # a watcher: it takes no seat
    end = time.monotonic() + 20
    while time.monotonic() < end and j.result is None and (connect or j.host_address is None):
        j.poll()
        time.sleep(0.02)
    grant = j.grant
    result = {"hello": j.host_info, "messages": seen, "line": j.line,
              "grant": None if grant is None else grant.to_meeting(), "allocate": None,
              "route": getattr(j.result, "route", None)}
    if grant is not None:
        server = parse_server(grant.server)
        result["allocate"] = allocate(server, grant.user, grant.password)
    j.close()
    print(json.dumps(result), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
