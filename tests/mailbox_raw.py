"""A Magic Wormhole mailbox client speaking the raw protocol (JSON over a WebSocket), for adversarial tests: it can
claim a nameplate, open its mailbox and then say nothing, never release, list the nameplates, or add messages of its
own: what a stranger or a crashed program does, which the ``magic-wormhole`` library never does by itself.

Blocking, one socket, text frames only (what the mailbox server sends); ``wait(kind)`` returns the next message of
that type (bounded by ``limit`` seconds, else TimeoutError).
"""

from __future__ import annotations

import base64
import json
import os
import socket
import struct
import time
from urllib.parse import urlparse

__all__ = ["RawMailbox"]


class RawMailbox:
    """One connection to the mailbox server at ``url``, bound to ``appid`` as side ``side`` (random by default)."""

    def __init__(self, url: str, appid: str, side: str | None = None, timeout: float = 5.0) -> None:
        u = urlparse(url)
        self.sock = socket.create_connection((u.hostname, u.port), timeout=timeout)
        key = base64.b64encode(os.urandom(16)).decode()
        req = (f"GET {u.path or '/'} HTTP/1.1\r\nHost: {u.hostname}:{u.port}\r\nUpgrade: websocket\r\n"
               f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n")
        self.sock.sendall(req.encode())
        buf = b""
        while b"\r\n\r\n" not in buf:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise ConnectionError("closed during the WebSocket handshake")
            buf += chunk
        head, self.buf = buf.split(b"\r\n\r\n", 1)
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise ConnectionError(head.decode(errors="replace"))
        self.side = side or os.urandom(5).hex()
        self.inbox: list[dict] = []
        self.send(type="bind", appid=appid, side=self.side)
        self.wait("welcome")

    def send(self, **msg) -> None:
        msg.setdefault("id", os.urandom(2).hex())
        data = json.dumps(msg).encode()
        mask = os.urandom(4)
        n = len(data)
        head = bytes([0x81]) + (bytes([0x80 | n]) if n < 126 else bytes([0x80 | 126]) + struct.pack(">H", n))
        self.sock.sendall(head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def _read(self, n: int) -> bytes:
        while len(self.buf) < n:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise ConnectionError("the mailbox server closed the connection")
            self.buf += chunk
        out, self.buf = self.buf[:n], self.buf[n:]
        return out

    def _frame(self) -> tuple[int, bytes]:
        b0, b1 = self._read(2)
        n = b1 & 0x7F
        if n == 126:
            n = struct.unpack(">H", self._read(2))[0]
        elif n == 127:
            n = struct.unpack(">Q", self._read(8))[0]
        return b0 & 0x0F, self._read(n)

    def wait(self, kind: str, limit: float = 5.0) -> dict:
        end = time.monotonic() + limit
        while True:
            for m in self.inbox:
                if m.get("type") in (kind, "error"):
                    self.inbox.remove(m)
                    if m.get("type") == "error" and kind != "error":
                        raise ConnectionError(f"the mailbox server said: {m.get('error')}")
                    return m
            left = end - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no {kind!r} from the mailbox server within {limit} s")
            self.sock.settimeout(left)
            op, payload = self._frame()
            if op == 1:
                self.inbox.append(json.loads(payload))

    def nameplates(self) -> set[str]:
        """The nameplates claimed now (the server must allow listing: no ``--disallow-list``)."""
        self.send(type="list")
        return {n["id"] for n in self.wait("nameplates")["nameplates"]}

    def hold(self, nameplate: str) -> str:
        """Claim ``nameplate`` and open its mailbox, then stay silent (the socket stays open). Returns the
        mailbox id."""
        self.send(type="claim", nameplate=nameplate)
        mailbox = self.wait("claimed")["mailbox"]
        self.send(type="open", mailbox=mailbox)
        return mailbox

    def close(self) -> None:
        self.sock.close()


if __name__ == "__main__":
    # python tests/mailbox_raw.py hold URL APPID NAMEPLATE: claim it, open its mailbox, print "held", then say
    # nothing until stdin closes (a stranger, or a join that crashed without releasing)
    import sys

    _, what, url, appid, nameplate = sys.argv
    box = RawMailbox(url, appid)
    box.hold(nameplate)
    print("held", flush=True)
    sys.stdin.read()
    box.close()
