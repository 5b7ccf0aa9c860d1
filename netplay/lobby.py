"""The host's lobby and fair deal (a part of ``netplay.host.HostSession``): seats open or the host's own, bots, ready
flags, the ROSTER every joiner is sent, the countdown, Start, removing a joiner; then the deal: the commits of the host
and of every seat owner (COMMITS), each reveal checked against its commit (REVEAL), the input delay chosen from the
RTT measured meanwhile, and START with every nonce.
"""

from __future__ import annotations

from typing import Any

from .endpoint import GONE, Remote
from .events import Disconnected, PeerLeft
from .protocol import DEALING, FINISHING, LOBBY, RUNNING, echo_rtt, roster_fields
from .session import PeerInfo
from .settings import AUTO_INPUT_DELAY, MAX_SEATS, ROLLBACK, input_delay_for_rtt
from .wire import BOT_LEVEL_CHARS, MsgType, Reason, commit_of, commits_digest, seed_from_nonces

__all__ = ["HostLobby"]


class HostLobby:
    """The host's lobby and fair deal (a mixin of ``HostSession``)."""

    def peers(self) -> list[PeerInfo]:
        mine = tuple(s for s, o in enumerate(self.owners) if o == 0)
        out = [PeerInfo(0, self.name, mine, True, bots=self._bots_of(0, mine))]
        for i, r in sorted(self.remotes.items()):
            seats = tuple(s for s, o in enumerate(self.owners) if o == i)
            out.append(PeerInfo(i, r.name, seats, r.ready, r.status, r.late))
        return out

    def set_bots(self, levels: dict[int, str]) -> bool:
        """Host in the lobby: which of its own seats a bot plays (seat -> level, e.g. {2: "normal"}); joiners get it
        with the roster and name those seats "Bot (level)" in the lobby and as bots at the table. False (nothing
        changed) outside the lobby, for a seat the host does not hold, or a level that is empty or over 16 chars."""
        if self.phase != LOBBY:
            return False
        if not all(0 <= seat < len(self.owners) and self.owners[seat] == 0 and 0 < len(level) <= BOT_LEVEL_CHARS
                   for seat, level in levels.items()):
            return False
        if levels != self.bots:
            self.bots = dict(levels)
            self._roster_changed()
        return True

    def set_open(self, seat: int, open_: bool) -> bool:
        """Host in the lobby: make a seat open for a joiner (True) or the host's own (False). False if a joiner holds
        it or the lobby is closed."""
        if self.phase != LOBBY or not 0 <= seat < len(self.owners):
            return False
        if self.owners[seat] not in (None, 0):
            return False
        self.owners[seat] = None if open_ else 0
        self._roster_changed()
        return True

    def set_countdown(self, seconds: float | None) -> None:
        """Host in the lobby: show every peer a countdown ending ``seconds`` from now (None: no countdown)."""
        self.countdown_until = None if seconds is None else self.now + seconds
        self._roster_changed()

    def start_problem(self) -> str | None:
        """Host: why the match cannot start now (open seats, a joiner not ready), or None."""
        if self.phase != LOBBY:
            return "the lobby is closed"
        open_ = [s + 1 for s, o in enumerate(self.owners) if o is None]
        if open_:
            return "seat" + ("s " if len(open_) > 1 else " ") + ", ".join(map(str, open_)) + " still open"
        waiting = [r.name or f"peer {r.index}" for r in self.remotes.values() if not r.ready]
        if waiting:
            return "waiting for " + ", ".join(waiting) + " to be ready"
        return None

    def start(self) -> str | None:
        """Host without ``auto_start``: begin the fair deal now. Returns None, or why it cannot start yet."""
        problem = self.start_problem()
        if problem:
            return problem
        self.start_requested = True
        self._maybe_deal()
        return None

    def _roster_changed(self) -> None:
        self._roster_dirty = True
        self._next_resend = self.now

    def kick(self, peer: int, reason: str = "removed by the host") -> bool:
        """Host in the lobby (or a spectator at any time): send ``peer`` away; its seats are open again. The peer is
        told (its session fails with ``FailReason.REMOVED``). False if there is no such peer."""
        r = self.remotes.get(peer)
        if r is None or r.status == GONE:
            return False
        if self.phase == RUNNING and r.seats:
            return self.drop_peer(peer, reason)
        self._send(r, MsgType.REFUSE, [int(Reason.KICKED), reason[:200]])
        if self.phase in (LOBBY, DEALING):
            self._remove(r, reason)
        else:
            r.status = GONE
            self._emit(Disconnected(r.index, reason))
        return True

    def _remove(self, r: Remote, reason: str) -> None:
        """Take a joiner out of the lobby (or the deal, which then starts over): its seats are free again."""
        self.remotes.pop(r.index, None)
        for s, o in enumerate(self.owners):
            if o == r.index:
                self.owners[s] = None
        self._emit(PeerLeft(r.index, reason))
        self.start_requested = False
        self.countdown_until = None
        self._roster_changed()
        if self.phase == DEALING:
            self.phase = LOBBY

    def _send_welcome(self, r: Remote) -> None:
        st = self.settings
        self._send(r, MsgType.WELCOME, [r.hello_nonce, r.index, list(r.seats), st.to_wire(), st.digest()])

    def _roster_fields(self) -> list[Any]:
        left = self.countdown_left()
        ms = 0 if left is None else max(1, min(600_000, int(left * 1000)))
        peers = [[0, self.name[:32], 1]] + [[i, r.name[:32], int(r.ready)] for i, r in sorted(self.remotes.items())]
        peers = [p for p in peers if p[0] < MAX_SEATS][:MAX_SEATS]  # the schema's bound (spectators may be more)
        bots = [[seat, level] for seat, level in sorted(self.bots.items()) if self.owners[seat] == 0]
        return roster_fields(ms, self.owners, peers, bots)

    def _on_ready(self, r: Remote, f: list[Any]) -> None:
        if self.phase != LOBBY:
            return
        if f[0] != self.settings.digest():
            self._send(r, MsgType.REFUSE, [int(Reason.SETTINGS), "your settings digest differs from the host's"])
            self._remove(r, "settings differ")
            return
        ready = len(f) == 1 or f[1] == 1
        if ready != r.ready:
            r.ready = ready
            self._roster_changed()
        self._maybe_deal()

    def _maybe_deal(self) -> None:
        if self.phase != LOBBY or any(o is None for o in self.owners):
            return
        if not (self.auto_start or self.start_requested):
            return
        if not all(r.ready for r in self.remotes.values()):
            return
        self.phase = DEALING
        for r in self.remotes.values():  # a deal started over (someone left) needs every reveal again
            r.revealed = False
        players = sorted({o for o in self.owners if o} & set(self.remotes))
        self.commits = [[0, self.commit]] + [[i, self.remotes[i].commit] for i in players]
        self._next_resend = self.now
        self._host_resend()

    def _on_reveal(self, r: Remote, f: list[Any]) -> None:
        if self.phase == DEALING:
            if f[2] != commits_digest(self.commits):
                return  # a reveal answering an older commit list (the deal started over): wait for the new one
            if r.seats and commit_of(f[0]) != r.commit:
                self._send(r, MsgType.REFUSE, [int(Reason.BAD_REVEAL), "your nonce does not match your commit"])
                self._remove(r, "bad reveal")
                return
            r.nonce, r.revealed, r.reveal_t, r.reveal_at = f[0], True, f[1], self.now
            if len(f) == 5:
                rtt = echo_rtt(self.now, f[3], f[4])
                if 0 <= rtt < 10:
                    self.stats.link(r.index).add_rtt(rtt)
            if all(o.revealed for o in self.remotes.values()):
                self._host_start()
        elif self.phase in (RUNNING, FINISHING) and not r.started:
            r.reveal_t, r.reveal_at = f[1], self.now

    def _host_start(self) -> None:
        nonces = [[0, self.nonce]] + [[i, self.remotes[i].nonce] for i, _ in self.commits[1:]]
        self.start_nonces = nonces
        self.input_delay = self._chosen_input_delay()
        self._start(seed_from_nonces([n for _, n in nonces]))
        if self.settings.mode == ROLLBACK and self.config.mesh:
            self._introduce()
        for r in self.remotes.values():
            r.started = False
        self._next_resend = self.now
        self._host_resend()

    def _chosen_input_delay(self) -> int:
        """Host: the settings' input delay, or when it is ``AUTO_INPUT_DELAY`` the delay for the slowest player's
        RTT measured while dealing (COMMITS stamp echoed in REVEAL); 2 ticks if nothing was measured."""
        st = self.settings
        if st.input_delay != AUTO_INPUT_DELAY:
            return st.input_delay
        rtts = [self.stats.link(i).rtt for i, _ in self.commits[1:] if self.stats.link(i).rtt_samples]
        return input_delay_for_rtt(max(rtts), st.tick_rate) if rtts else 2
