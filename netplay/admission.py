"""How the host admits joiners (a part of ``netplay.session.HostSession``: ``session.admission``): the open HELLO,
answered first with a stateless cookie (COOKIE: the joiner proves it receives at its address before the host keeps
anything or does any SPAKE2 work), then with the host's SPAKE2 message and its key confirmation (KEYX); the JOIN (the
joiner's first sealed datagram); refusals before any key (never longer than the request, at most 10 a second);
wrong codes counted per validated address and per join code (after ``code_tries`` failed exchanges against a code
it changes: ``CodeChanged``); and the LAN browsers' PROBE answered with a PONG. A joiner of a running match (a
spectator, or a player coming back for a dropped seat) is handed to ``netplay.latejoin.LateJoiners``.
"""

from __future__ import annotations

import hashlib
import secrets
from collections import OrderedDict
from typing import Any, Protocol

from .endpoint import GONE, Pending, ReceivePath, Remote, Router
from .events import CodeChanged, JoinRefused, NetEvent, Notice, NoticeKind, PeerJoined
from .messages import Cookie, ForeignHello, Hello, Join, Keyx, Msg, Pong, Probe, Reason, Refuse, RefuseOpen
from .protocol import DEALING, FINISHING, LOBBY, RUNNING, SPAKE_IDS, fail_kind, new_join_code
from .settings import AUTHORITY, MatchSettings, SessionConfig
from .stats import NetStats
from .transport import Address, Transport
from .wire import PROTOCOL_VERSION, Message, is_real_commit, keyx_confirm, normalize_code, peer_keys, seal_msg

__all__ = ["Admission"]


class _LateJoiners(Protocol):
    """``session.late_joiners`` as this module uses it (``latejoin.LateJoiners``)."""

    def admit(self, index: int, address: Address, p: Pending, msg: Message) -> None: ...


class _Deal(Protocol):
    """``session.deal`` as this module uses it (``fairdeal.HostDeal``)."""

    def take_commit(self, r: Remote, commit: bytes) -> None: ...


class _Lobby(Protocol):
    """``session.lobby`` as this module uses it (``lobby.HostLobby``)."""

    def admitted(self, r: Remote, hello_nonce: bytes, token: bytes, name: str) -> None: ...
    def changed(self) -> None: ...
    def welcome(self, r: Remote) -> None: ...


class AdmissionSession(Protocol):
    """What ``Admission`` reads and calls of its session."""

    config: SessionConfig
    deal: _Deal
    index: int
    late_joiners: _LateJoiners
    lobby: _Lobby
    name: str
    now: float
    owners: list[int | None]
    password: str
    receive: ReceivePath
    remotes: dict[int, Remote]
    router: Router
    settings: MatchSettings
    sid: int
    stats: NetStats
    transport: Transport
    def emit(self, ev: NetEvent) -> None: ...
    def free_seats(self) -> int: ...
    @property
    def phase(self) -> str: ...
    def send(self, r: Remote | Pending, msg: Msg, *, sid: int | None = None, open_: bool = False) -> None: ...


COOKIE_EPOCH = 30.0
"""Seconds a cookie secret's epoch lasts (a cookie is good in its epoch and the next)."""


class Admission:
    """The host's key exchanges and admissions: ``pending`` exchanges by hello nonce, failed tries by IP address,
    failed exchanges against the current join code (``wrong``)."""

    def __init__(self, session: AdmissionSession) -> None:
        self.s = session
        self.pending: dict[bytes, Pending] = {}     # key exchanges waiting for their JOIN, by hello nonce
        self.failed_tries: dict[str, list[float]] = {}  # IP -> times of failed key exchanges
        self.exchanges: list[float] = []           # when the last key exchanges started
        self.seen_hellos: OrderedDict[bytes, None] = OrderedDict()  # the last 4,096 answered (replays refused)
        self.open_refusals: list[float] = []
        self.cookies: list[float] = []
        self.pongs: list[float] = []
        self.misc_seq = 0
        self.secret = secrets.token_bytes(32)     # the cookies' key: never on the wire, never from a seed
        self.generation = 0                         # how many times the join code changed
        self.wrong = 0                              # failed exchanges against the current code
        router = session.router
        router.on_open(Probe, self.on_probe)
        router.on_open(Hello, self.on_hello)
        router.on_open(ForeignHello, self.on_foreign_hello)
        router.on_open(Join, self.on_join)

    def open(self) -> None:
        """The lobby opens: a random session id (never from ``--seed``: it travels in clear)."""
        import spake2  # noqa: F401  (its group tables are built now, not while the first joiner waits for KEYX)
        self.s.sid = secrets.randbits(64) | 1

    def send_open(self, address: Address, msg: Msg, sid: int = 0) -> None:
        s = self.s
        self.misc_seq += 1
        data = seal_msg(msg, sid, s.index, self.misc_seq, None)
        s.transport.send(data, address)
        s.stats.sent(s.now, None, len(data))

    def refuse(self, address: Address, code: Reason, text: str, facts: tuple[int, ...] = (),
               limit: int = 1200) -> None:
        """Refuse a joiner before any key: open, at most 10 a second, never longer than the ``limit`` bytes of the
        request it answers (the host is never an amplifier). A joiner believes it only if nothing confirmed comes
        before its handshake's time limit (anyone could have sent it)."""
        s = self.s
        now = s.now
        self.open_refusals = [t for t in self.open_refusals if t > now - 1.0]
        if len(self.open_refusals) < 10:
            self.open_refusals.append(now)
            cut = max(0, min(200, limit - 24))
            self.send_open(address, RefuseOpen(code, text[:cut], list(facts)))
        s.emit(JoinRefused(address, text, fail_kind(code)))

    # ------------------------------------------------------------------ cookies: no state before the joiner proves
    # it receives at its address

    def cookie(self, address: Address, hello_nonce: bytes, epoch: int) -> bytes:
        """The cookie of ``address`` for ``hello_nonce`` in ``epoch``: a keyed blake2b under the host's secret."""
        data = f"{address[0]}|{address[1]}|{epoch}".encode() + hello_nonce
        return hashlib.blake2b(data, key=self.secret, digest_size=16, person=b"grisbi-cookie").digest()

    def cookie_ok(self, cookie: bytes, address: Address, hello_nonce: bytes) -> bool:
        epoch = int(self.s.now // COOKIE_EPOCH)
        return bool(cookie) and cookie in (self.cookie(address, hello_nonce, epoch),
                                           self.cookie(address, hello_nonce, epoch - 1))

    def send_cookie(self, address: Address, hello_nonce: bytes, limit: int) -> None:
        """A COOKIE for a HELLO that has none (or an old one): stateless, at most 100 a second, never longer than
        the HELLO."""
        s = self.s
        now = s.now
        self.cookies = [t for t in self.cookies if t > now - 1.0]
        if len(self.cookies) >= 100:
            s.stats.reject("busy")
            return
        self.misc_seq += 1
        data = seal_msg(Cookie(hello_nonce, self.cookie(address, hello_nonce, int(now // COOKIE_EPOCH))), 0,
                        s.index, self.misc_seq, None)
        if len(data) <= limit:
            self.cookies.append(now)
            s.transport.send(data, address)
            s.stats.sent(now, None, len(data))

    # ------------------------------------------------------------------ key exchanges and failed guesses

    def pending_at(self, address: Address) -> Pending | None:
        found = None
        for p in self.pending.values():
            if p.address == address and (found is None or p.at >= found.at):
                found = p
        return found

    def age(self) -> None:
        """Give up the key exchanges older than the handshake's limit (``hello_timeout``, else ``timeout``): each one
        that never brought a good JOIN counts as a failed guess (a joiner with a wrong code sees the host's key
        confirmation fail and sends no JOIN)."""
        s = self.s
        cfg = s.config
        limit = cfg.timeout if cfg.hello_timeout is None else cfg.hello_timeout
        for h, p in [(h, p) for h, p in self.pending.items() if p.at < s.now - limit]:
            del self.pending[h]
            self.failed_guess(p)

    def failed_guess(self, p: Pending) -> None:
        """An exchange failed: counted once against its (validated) address and against the join code it was
        answered with; the code changes after ``code_tries`` of them."""
        if p.failed:
            return
        p.failed = True
        s = self.s
        address = p.address
        tries = self.failed_tries.setdefault(address[0], [])
        tries.append(s.now)
        s.emit(Notice(NoticeKind.WRONG_CODE, address, "a wrong join code was tried"))
        if len(tries) == s.config.join_tries:
            s.emit(Notice(NoticeKind.TOO_MANY_TRIES, address,
                          f"{address[0]} tried {len(tries)} wrong codes: refused for a minute"))
        if p.generation == self.generation:
            self.wrong += 1
            if s.config.code_tries and self.wrong >= s.config.code_tries:
                self.change_code()

    def change_code(self) -> None:
        """Too many guesses against the join code: a new one (``CodeChanged``); exchanges answered with the old code
        may still finish, nothing new is answered with it."""
        s = self.s
        code = (s.config.new_code or new_join_code)()
        s.password = normalize_code(code)
        self.generation += 1
        wrong, self.wrong = self.wrong, 0
        s.emit(CodeChanged(code, wrong))

    def busy(self, address: Address) -> bool:
        """No new exchange now: too many this second, or too many pending (from that address, or in all: so no more
        than ``code_tries`` + 32 guesses ever test one code)."""
        s = self.s
        cfg = s.config
        now = s.now
        self.exchanges = [t for t in self.exchanges if t > now - 1.0]
        mine = sum(1 for p in self.pending.values() if p.address[0] == address[0])
        return len(self.exchanges) >= cfg.max_exchanges or len(self.pending) >= 32 or mine >= cfg.exchanges_per_address

    def wrong_code(self, address: Address) -> None:
        """A JOIN failed the AEAD with the keys of its exchange: the joiner used another code (and did not heed the
        key confirmation). A failed guess, and refused (open)."""
        p = self.pending_at(address)
        if p is None:
            return
        del self.pending[p.hello_nonce]
        self.failed_guess(p)
        self.refuse(address, Reason.WRONG_CODE, "wrong join code")

    def too_many_tries(self, ip: str) -> bool:
        s = self.s
        window = s.config.join_tries_window
        tries = [t for t in self.failed_tries.get(ip, ()) if t > s.now - window]
        if tries:
            self.failed_tries[ip] = tries
        else:
            self.failed_tries.pop(ip, None)
        return len(tries) >= s.config.join_tries

    def on_probe(self, msg: Message, address: Address) -> None:
        """Answer a LAN browser's PROBE (unauthenticated; never longer than the probe, at most 20 a second)."""
        s = self.s
        now = s.now
        self.pongs = [t for t in self.pongs if t > now - 1.0]
        if len(self.pongs) >= 20 or s.phase not in (LOBBY, DEALING, RUNNING, FINISHING):
            return
        m = msg.body
        self.misc_seq += 1
        data = seal_msg(Pong(m.nonce, m.stamp, 0 if s.phase in (LOBBY, DEALING) else 1, s.free_seats()), 0, 0,
                        self.misc_seq, None)
        if len(data) <= msg.size:
            self.pongs.append(now)
            s.transport.send(data, address)
            s.stats.sent(now, None, len(data))

    def on_foreign_hello(self, msg: Message, address: Address) -> None:
        """A HELLO of another protocol version: refused with both versions named."""
        self.refuse(address, Reason.VERSION, f"protocol version mismatch: the host speaks version "
                                             f"{PROTOCOL_VERSION}, you speak {msg.version}", limit=msg.size)

    def on_hello(self, msg: Message, address: Address) -> None:
        """A joiner opens a key exchange (open HELLO). Everything that can be refused without a key is refused
        here (match started, settings, seats, too many wrong codes from that address); a HELLO without this address's
        cookie is answered with one and nothing is kept; else, when the host is not busy, it answers KEYX with its
        SPAKE2 message and keeps the exchange until the JOIN (its first sealed datagram) or the timeout."""
        s, m = self.s, msg.body
        p = self.pending.get(m.hello_nonce)
        if p is not None:
            if p.address == address:
                s.transport.send(p.keyx, address)  # our KEYX was lost: the same answer (never a second guess)
                s.stats.sent(s.now, None, len(p.keyx))
            return
        if m.hello_nonce in self.seen_hellos or any(r.lobby.hello_nonce == m.hello_nonce for r in s.remotes.values()):
            s.stats.reject("stale")  # a replayed request
            return
        problem = self.problem(address, m.seats, m.digest)
        if problem is not None:
            self.refuse(address, *problem, limit=msg.size)
            return
        if not self.cookie_ok(m.cookie, address, m.hello_nonce):
            self.send_cookie(address, m.hello_nonce, msg.size)
            return
        self.age()
        if self.busy(address):
            s.stats.reject("busy")  # the joiner asks again (its HELLO is resent); nothing is charged
            return
        self.exchanges.append(s.now)
        self.answer(address, m.hello_nonce, m.spake)

    def answer(self, address: Address, hnonce: bytes, spake_msg: bytes) -> None:
        """Our half of the SPAKE2 exchange: derive the pair's keys, keep the exchange, send KEYX with the key
        confirmation."""
        from spake2 import SPAKE2_B  # imported when first needed
        s = self.s
        now = s.now
        side_b = SPAKE2_B(s.password, **SPAKE_IDS)  # the system's randomness
        msg_b = side_b.start()
        try:
            k = side_b.finish(spake_msg)
        except Exception:  # not a group element, a reflected message...: spake2 raises several types
            s.stats.reject("spake")
            return
        keys = peer_keys(k, s.sid, hnonce)
        self.misc_seq += 1
        keyx = seal_msg(Keyx(hnonce, msg_b, keyx_confirm(k, s.sid, hnonce)), s.sid, 0, self.misc_seq, None)
        self.pending[hnonce] = Pending(address, hnonce, keys, keyx, now, self.generation)
        self.seen_hellos[hnonce] = None
        if len(self.seen_hellos) > 4096:
            self.seen_hellos.popitem(last=False)
        s.transport.send(keyx, address)
        s.stats.sent(now, None, len(keyx))

    def problem(self, address: Address, wanted: int, digest: bytes) -> tuple[Any, ...] | None:
        """Why the host refuses a join request now (checked on HELLO and again on JOIN), or None."""
        s = self.s
        cfg = s.config
        if self.too_many_tries(address[0]):
            return Reason.TOO_MANY_TRIES, "too many wrong join codes from your address: wait a minute"
        late = wanted == 0 and s.phase == RUNNING
        takes_late = cfg.allow_late_join and (cfg.snapshot_state or s.settings.mode == AUTHORITY)
        if s.phase != LOBBY and not late:
            watch = wanted and s.phase == RUNNING and takes_late
            return Reason.STARTED, "the match has already started" + (
                " (you may join it as a spectator)" if watch else "")
        if digest and digest != s.settings.digest():
            return Reason.SETTINGS, f"match settings differ: the host plays {s.settings.describe()}"
        if late and not takes_late:
            return Reason.STARTED, "the match has already started and this host takes no spectators"
        free = [seat for seat, o in enumerate(s.owners) if o is None]
        if wanted > len(free):
            return Reason.FULL, f"not enough free seats: {wanted} asked, {len(free)} free", (wanted, len(free))
        if wanted == 0:
            watching = sum(1 for r in s.remotes.values()
                           if r.address[0] == address[0] and not r.seats and r.status != GONE)
            if watching >= cfg.spectators_per_address:
                return Reason.FULL, (f"no room for another spectator from your address "
                                     f"({cfg.spectators_per_address} at most)")
        if self.free_index(late) is None:
            return Reason.FULL, "no room for another peer (7 at most)"
        return None

    def on_join(self, msg: Message, address: Address) -> None:
        """The joiner's first sealed datagram (the AEAD passed: same code): its request; or a JOIN again because our
        WELCOME was lost."""
        s, m = self.s, msg.body
        for r in s.remotes.values():
            if r.address == address and not r.started and r.status != GONE:
                if s.phase == LOBBY or (r.catchup.late and not r.started):
                    if s.receive.accept_seq(r, msg, s.now):
                        s.lobby.welcome(r)
                return
        p = self.pending_at(address)
        if p is None or not p.window.fresh(msg.seq):
            return
        p.window.accept(msg.seq)
        del self.pending[p.hello_nonce]  # a good JOIN: no failed guess
        problem = self.problem(address, m.seats, m.digest)
        if problem is None and not is_real_commit(m.commit):
            problem = (Reason.BAD_COMMIT, "your fair-deal commit is not a real digest")
        if problem is not None:
            facts = list(problem[2]) if len(problem) > 2 else []
            s.send(p, Refuse(problem[0], problem[1][:200], facts))
            s.emit(JoinRefused(address, problem[1], fail_kind(problem[0])))
            return
        late = m.seats == 0 and s.phase == RUNNING
        index = self.free_index(late)
        if late:
            s.late_joiners.admit(index, address, p, msg)
            return
        free = [seat for seat, o in enumerate(s.owners) if o is None]
        r = self.new_remote(index, address, tuple(free[:m.seats]), p, msg)
        for seat in r.seats:
            s.owners[seat] = index
        s.remotes[index] = r
        s.emit(PeerJoined(index, address, r.seats, r.lobby.name))
        s.lobby.welcome(r)
        s.lobby.changed()

    def new_remote(self, index: int, address: Address, seats: tuple[int, ...], p: Pending, msg: Message) -> Remote:
        """The endpoint of an admitted joiner: the keys and sequence of its exchange, what its JOIN said."""
        s, m = self.s, msg.body
        r = Remote(index, address, seats, s.now)
        s.lobby.admitted(r, p.hello_nonce, m.token, self.unique_name(m.name, m.token))
        s.deal.take_commit(r, m.commit)
        r.key_out, r.key_in, r.out_seq = p.key_out, p.key_in, p.out_seq
        r.window.accept(msg.seq)
        s.stats.received(s.now, None, msg.seq, msg.size)
        return r

    def unique_name(self, name: str, token: bytes) -> str:
        """The name a joiner is shown under: the one it gave, or with " 2", " 3"... when another player here already
        has it (two machines logged in as the same user), so no two players of a match share a name. A player coming
        back (same token) keeps the name they had."""
        s = self.s
        taken = {s.name} | {r.lobby.name for r in s.remotes.values() if r.status != GONE and r.lobby.token != token}
        if name not in taken:
            return name
        n = 2
        while f"{name[:29]} {n}" in taken:
            n += 1
        return f"{name[:29]} {n}"

    def free_index(self, late: bool) -> int | None:
        """A peer index for a new joiner: the lowest unused (1..7); while running, also the index of a peer that is
        gone and owns no seat (a spectator who left, a player whose seats were dropped)."""
        s = self.s
        free = set(range(1, 8)) - set(s.remotes)
        if free:
            return min(free)
        if late:
            for i, r in sorted(s.remotes.items()):
                if r.status == GONE and i not in s.owners:
                    return i
        return None
