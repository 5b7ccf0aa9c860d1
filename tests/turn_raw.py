"""A TURN client speaking the raw protocol (RFC 5766 Allocate with the long-term credential mechanism), for
adversarial tests: does this relay accept these credentials now? Uses aioice's STUN message codec, one UDP socket,
blocking, bounded.

As a program (run inside a namespace of the simulated internet, ``ip netns exec``)::

    python tests/turn_raw.py HOST:PORT USER PASSWORD    # prints {"ok": true} or {"ok": false, "code": 401, ...}
"""

from __future__ import annotations

import json
import socket
import sys

from aioice.stun import Class, Message, Method, parse_message
from aioice.turn import UDP_TRANSPORT, make_integrity_key

__all__ = ["allocate"]


def _ask(sock: socket.socket, server: tuple[str, int], msg: Message, timeout: float) -> Message:
    sock.settimeout(timeout)
    for _ in range(3):  # UDP: a lost datagram is asked again
        sock.sendto(bytes(msg), server)
        try:
            while True:
                data, _ = sock.recvfrom(4096)
                answer = parse_message(data)
                if answer.transaction_id == msg.transaction_id:
                    return answer
        except socket.timeout:
            continue
    raise TimeoutError(f"the TURN server {server[0]}:{server[1]} did not answer")


def allocate(server: tuple[str, int], user: str, password: str, timeout: float = 1.0) -> dict:
    """Try to allocate a relay with ``user`` / ``password``: ``{"ok": True}`` (then the allocation is released),
    or ``{"ok": False, "code": ERROR-CODE, "reason": ...}``; ``{"ok": False, "code": None}`` if no answer."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        try:
            first = Message(Method.ALLOCATE, Class.REQUEST)
            first.attributes["REQUESTED-TRANSPORT"] = UDP_TRANSPORT
            challenge = _ask(sock, server, first, timeout)
            realm, nonce = challenge.attributes.get("REALM"), challenge.attributes.get("NONCE")
            if realm is None or nonce is None:
                return {"ok": False, "code": challenge.attributes.get("ERROR-CODE", (None,))[0], "reason": "no realm"}
            key = make_integrity_key(user, realm, password)
            ask = Message(Method.ALLOCATE, Class.REQUEST)
            ask.attributes.update({"USERNAME": user, "REALM": realm, "NONCE": nonce,
                                   "REQUESTED-TRANSPORT": UDP_TRANSPORT})
            ask.add_message_integrity(key)
            answer = _ask(sock, server, ask, timeout)
            if answer.message_class == Class.RESPONSE:
                bye = Message(Method.REFRESH, Class.REQUEST)
                bye.attributes.update({"USERNAME": user, "REALM": realm, "NONCE": nonce, "LIFETIME": 0})
                bye.add_message_integrity(key)
                try:
                    _ask(sock, server, bye, timeout)
                except TimeoutError:
                    pass
                return {"ok": True}
            code, reason = answer.attributes.get("ERROR-CODE", (None, ""))
            return {"ok": False, "code": code, "reason": reason}
        except TimeoutError as e:
            return {"ok": False, "code": None, "reason": str(e)}


if __name__ == "__main__":
    host, _, port = sys.argv[1].rpartition(":")
    print(json.dumps(allocate((host, int(port)), sys.argv[2], sys.argv[3])), flush=True)
