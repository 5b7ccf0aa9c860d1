"""Mesh for rollback matches: joiners send their inputs straight to each other when they can reach each other.

Star routing costs a joiner's input two hops (joiner -> host -> joiner) and makes the host upload every input to
every joiner. In a rollback match with two joiners or more, the host *introduces* every pair of players when it
starts the match: a notice ``[Item.INTRO, peer, address host, port, key out, key in]`` sealed in the host's datagram
to each of the two. The pair's keys are derived by the host (HKDF-SHA256 over both joiners' keys with it, the
session id as salt), one key per direction, so each direction's nonces (the sequence numbers) never repeat under a
key, and nothing outside the session can compute them.

A joiner then sends its inputs to the introduced peer as it does to the host (INPUT datagrams, AEAD-sealed with the
pair key, replay window), and accepts from that peer only: INPUT datagrams from the introduced address, sealed with
the pair key, carrying only that peer's own seats. A link counts as *up* from the first datagram that passes, and
*down* after ``interrupt_after`` seconds (0.5) without one; each change is reported to the host in a notice
``[Item.LINK, peer, 1 up | 0 down]``. While B reports A up, the host stops relaying A's seats to B (B's
acknowledgements still tell the host what B holds); when B reports it down (the path failed or went silent), the
host relays again from what B acknowledged. A link that never comes up costs nothing but the probes.

The host stays the authority: drops, seat changes, the end, checksums and desync detection travel only between host
and joiner; a joiner ignores every notice and checksum a mesh peer sends.

A joiner's side is ``MeshLinks`` (a part of ``netplay.session.JoinerSession``); the host's, ``netplay.relay``.
"""

from __future__ import annotations

from typing import Protocol

from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

from .endpoint import Remote, Router
from .messages import Input, IntroItem, LinkItem, MsgType
from .protocol import FINISHING, RUNNING
from .rollback import TickDriver
from .settings import ROLLBACK, MatchSettings, SessionConfig
from .stats import NetStats
from .transport import Address
from .wire import Message

__all__ = ["pair_keys", "introductions", "MeshLinks"]


class _Inputs(Protocol):
    """``session.inputs`` as this module uses it (``inputs.InputExchange``)."""

    def acked_from(self, r: Remote, tick: int) -> None: ...
    def mark(self, r: Remote, urgent: bool = False) -> None: ...


class _Sync(Protocol):
    """``session.sync`` as this module uses it (``ticks.TickLoop``)."""

    driver: TickDriver | None
    first_tick: int
    input_delay: int


class _Checks(Protocol):
    """``session.checks`` as this module uses it (``checks.ChecksumExchange``)."""

    def follow(self, r: Remote, tick: int) -> None: ...


class MeshLinksSession(Protocol):
    """What ``MeshLinks`` reads and calls of its session."""

    checks: _Checks
    config: SessionConfig
    index: int
    inputs: _Inputs
    now: float
    owners: list[int | None]
    remotes: dict[int, Remote]
    router: Router
    settings: MatchSettings
    sid: int
    stats: NetStats
    sync: _Sync
    @property
    def done(self) -> bool: ...
    @property
    def phase(self) -> str: ...


def pair_keys(sid: int, a: int, key_a: bytes, b: int, key_b: bytes) -> tuple[bytes, bytes]:
    """Keys of the direct link between joiners ``a`` < ``b`` (peer indexes): ``(a_to_b, b_to_a)``, 32 bytes each.

    ``key_a`` / ``key_b``: each joiner's key with the host (32 bytes, from its SPAKE2 exchange); ``sid``: the session
    id (salt). Raises ValueError unless ``a < b``.
    """
    if not a < b:
        raise ValueError("pair_keys wants a < b")
    out = HKDF(algorithm=hashes.SHA256(), length=64, salt=sid.to_bytes(8, "big"),
               info=b"grisbi-arcade/netplay/v3/mesh" + bytes((a, b))).derive(key_a + key_b)
    return out[:32], out[32:]


def introductions(sid: int, players: dict[int, tuple[tuple[str, int], bytes]]) -> dict[int, list[list]]:
    """The INTRO notices (without the item code) the host sends to each player: ``{peer: [[other, host, port,
    key_out, key_in], ...]}``, keys from ``peer``'s point of view.

    ``players``: ``{peer index: (address, its key with the host)}`` for every joiner that plays a seat (2 or more, or
    nothing to introduce).
    """
    out: dict[int, list[list]] = {p: [] for p in players}
    order = sorted(players)
    for i, a in enumerate(order):
        for b in order[i + 1:]:
            ab, ba = pair_keys(sid, a, players[a][1], b, players[b][1])
            (ha, pa), (hb, pb) = players[a][0], players[b][0]
            out[a].append([b, str(hb), int(pb), ab, ba])
            out[b].append([a, str(ha), int(pa), ba, ab])
    return out


class MeshLinks:
    """A joiner's direct links to the other joiners it was introduced to (``links``: peer index -> ``Remote`` with
    ``mesh`` set, ``up`` while it answers)."""

    def __init__(self, session: MeshLinksSession) -> None:
        self.s = session
        self.links: dict[int, Remote] = {}
        session.router.on_notice(IntroItem, self.on_intro)

    @property
    def relayed_peers(self) -> list[int]:
        """The other joiners whose inputs reach us only through the host (no direct link up), while running."""
        s = self.s
        if s.settings is None or s.settings.mode != ROLLBACK or s.phase not in (RUNNING, FINISHING):
            return []
        others = {o for o in s.owners if o not in (None, 0, s.index)}
        return sorted(p for p in others if p not in self.links or not self.links[p].mesh_link.up)

    def key_for(self, address: Address, mtype: int, peer: int) -> bytes | None:
        """The key of a datagram from another address than the host's: only an introduced peer, from its address,
        with its pair key, and only INPUT."""
        link = self.links.get(peer)
        return link.key_in if link is not None and link.address == address and mtype == MsgType.INPUT else None

    def known(self, address: Address) -> bool:
        return any(r.address == address for r in self.links.values())

    def on_intro(self, r: Remote, it: IntroItem) -> None:
        """The host introduced another player: send it our inputs directly and accept its own."""
        s = self.s
        if it.peer == s.index or it.peer in self.links or s.sync.driver is None:
            return
        link = Remote(it.peer, (it.host, it.port), tuple(seat for seat, o in enumerate(s.owners) if o == it.peer),
                      s.now)
        link.key_out, link.key_in = it.key_out, it.key_in
        link.mesh_link.link = link.started = True
        s.inputs.acked_from(link, max(s.sync.first_tick, s.sync.input_delay))
        s.checks.follow(link, s.sync.first_tick)
        s.inputs.mark(link, urgent=True)
        self.links[it.peer] = link

    def sender(self, msg: Message, address: Address) -> Remote | None:
        """A datagram from another address than the host's: only INPUT from an introduced peer, from its address,
        while the match runs, counts."""
        s = self.s
        link = self.links.get(msg.peer)
        if link is None or link.address != address or type(msg.body) is not Input or msg.sid != s.sid:
            s.stats.reject("peer")
            return None
        return link if s.sync.driver is not None and not s.done else None

    def heard(self, link: Remote) -> None:
        """A datagram from ``link`` passed: the link is up."""
        if not link.mesh_link.up:
            self.changed(link, True)

    def changed(self, link: Remote, up: bool) -> None:
        """Tell the host a direct link came up (it stops relaying that peer's seats to us) or went down."""
        link.mesh_link.up = up
        self.s.remotes[0].notify(LinkItem(link.index, int(up)))

    def timers(self) -> None:
        s = self.s
        for link in self.links.values():
            if link.mesh_link.up and s.now >= link.last_recv + s.config.interrupt_after:
                self.changed(link, False)  # silent: the host relays that peer's inputs again
