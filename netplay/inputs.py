"""INPUT datagrams and the reliable notice log, as every role sends and reads them (a part of ``Session``).

Every INPUT datagram carries the sender's unacknowledged inputs (per seat, up to 64 ticks), its per-seat acks, its
frame and frames-ahead estimate, an RTT ping/echo, a contiguous run of the notice log (``Item`` lists, each sent in two
datagrams in a row, then again after an RTO until acknowledged) and the rolling checksums (``netplay.checks``). Field
layout: ``netplay.protocol.InputFields``; cadence: the module doc of ``netplay.session``. What differs by role (which
seats go to whom, what the host does with new inputs, which notices count) is asked of the role through small hooks.
"""

from __future__ import annotations

from typing import Any

from .endpoint import GONE, Remote
from .protocol import RUNNING, InputFields, echo_rtt, item_size, ms_since
from .wire import MAX_ITEMS, MAX_RUN, MAX_SUMS, SEND_LIMIT, MsgType, now_ms, seal

__all__ = ["InputExchange"]

_RUN_BUDGET = 760  # bytes of input runs in one INPUT datagram


class InputExchange:
    """The INPUT datagrams: a part of ``Session`` (a mixin: it reads the session's driver, remotes and stats)."""

    ITEMS: dict[int, str] = {}  # a role's notices: Item kind -> name of its handler method (r, item)

    # ------------------------------------------------------------------ sending

    def _gap(self, r: Remote) -> float:
        """Seconds that must pass after the last datagram to ``r`` before the next one, given what is new."""
        if r.relay:
            return 0.0
        if r.urgent:
            return self.period / 2
        return self.period * (self._send_gap if r.dirty else max(1.0, self._send_gap))

    def _links(self) -> list[Remote]:
        """Every peer we send inputs to: the remotes, and a joiner's direct mesh links."""
        return [*self.remotes.values(), *self.mesh_links.values()]

    def _flush(self) -> None:
        for r in self._links():
            if r.status == GONE or r.bye or not self._live(r):
                continue
            self._hurry(r)
            if self.now >= r.last_send + self._gap(r):
                self._send_input(r)

    def _hurry(self, r: Remote) -> None:
        """A role may mark ``r`` urgent before the gap is checked (the host: a late joiner's backlog)."""

    def _send_seats(self, r: Remote) -> tuple[list[int], dict[int, int]]:
        """The seats whose inputs go to ``r``, and for some of them the last tick to send."""
        return list(self.local_seats), {}

    def _ran(self, r: Remote, seat: int, ticks: int) -> None:
        """``ticks`` inputs of ``seat`` were put in a datagram to ``r`` (the host counts what it relays)."""

    def _input_runs(self, r: Remote) -> tuple[list[list[Any]], int]:
        """The runs ``[seat, start (relative to our frame), values]`` of inputs ``r`` has not acknowledged, within
        the datagram's budget, and the budget left (bytes)."""
        d = self.driver
        seats, upto = self._send_seats(r)
        runs = []
        budget = _RUN_BUDGET
        for s in seats:
            start = r.acked[s] + 1
            last = min(d.known[s], upto.get(s, d.known[s]))
            if start > last or budget <= 40:
                continue
            vals = d.run(s, start, min(MAX_RUN, (budget - 12) // 3, last - start + 1))
            if vals:
                runs.append([s, d.frame - start, vals])
                self._ran(r, s, len(vals))
                budget -= 12 + 3 * len(vals)
        return runs, budget

    def _notices_for(self, r: Remote, room: int) -> tuple[int, list[list[Any]]]:
        """The notice log's run for ``r``: its first index and the items that fit in ``room`` bytes. Notices go out
        in two datagrams in a row (a single loss costs nothing), then again each time they stay unacknowledged for
        an RTO. Items always travel as a contiguous run from the first index."""
        meta = r.log_meta
        rto = max(0.05, 1.2 * self.stats.link(r.index).rtt + 2 * self.period)
        base = r.log_acked
        for i in range(r.log_acked, min(len(r.log_out), r.log_acked + 64)):
            count, last = meta.get(i, (0, float("-inf")))
            if count < 2 or self.now >= last + rto:
                base = i
                break
        else:
            base = len(r.log_out)
        items: list[list[Any]] = []
        for i, it in enumerate(r.log_out[base:base + MAX_ITEMS], base):
            size = item_size(it)
            if size > room:
                break
            items.append(it)
            room -= size
            meta[i] = (meta.get(i, (0, 0.0))[0] + 1, self.now)
        return base, items

    def _sums_for(self, r: Remote) -> list[Any] | None:
        """The rolling checksums for ``r``: ``[what we hold of its sums, first frame, 16-bit sums]`` (relative to
        our frame), or None (desync detection off, or a mesh link)."""
        if not self.config.desync_detection or self.history is None or r.mesh:
            return None
        d = self.driver
        c = d.processed
        start = max(r.sums_acked + 1, c - MAX_SUMS + 1, self.first_frame + 1)
        hs = self.history.sums
        data = b"".join((hs.get(f, 0) & 0xFFFF).to_bytes(2, "big") for f in range(start, c + 1))
        return [d.frame - r.sums_have, d.frame - start, data]

    def _probe(self, r: Remote) -> tuple[int | None, list[int] | None]:
        """The RTT probe of the next datagram to ``r`` (one is counted as sent): our stamp (ms, every
        ``ping_every``-th datagram, else None) and the echo of ``r``'s last stamp with how long we held it (or
        None)."""
        r.sent += 1
        ping = now_ms(self.now) if r.sent % self.config.ping_every == 1 or self.config.ping_every <= 1 else None
        echo = None
        if r.ping_t is not None:
            echo = [r.ping_t, ms_since(self.now, r.ping_at)]
            r.ping_t = None
        return ping, echo

    def _take_probe(self, r: Remote, ping: int | None, echo: list[int] | None) -> Any:
        """A datagram's RTT probe from ``r``: an echo of our stamp is one RTT sample (seconds, the hold time taken
        off); its own stamp is echoed in our next datagram. Returns ``r``'s ``LinkStats``."""
        link = self.stats.link(r.index)
        if echo is not None:
            link.add_rtt(echo_rtt(self.now, echo[0], echo[1]))
        if ping is not None:
            r.ping_t, r.ping_at = ping, self.now
        return link

    def _send_input(self, r: Remote) -> None:
        d = self.driver
        runs, budget = self._input_runs(r)
        ping, echo = self._probe(r)
        room = SEND_LIMIT - 140 - (_RUN_BUDGET - budget) - (2 * MAX_SUMS + 12)  # the rolling checksums below
        base, items = self._notices_for(r, room)
        adv = int(round(self.timesync.advantage(r.index) * 10)) if self.timesync else 0
        adv = max(-100_000, min(100_000, adv))
        fields = list(InputFields(d.frame, adv, [d.frame - k for k in d.known], runs, ping, echo, base, items,
                                  r.log_in, self._sums_for(r)))
        while True:
            r.out_seq += 1
            data = seal(MsgType.INPUT, self.sid, self.index, r.out_seq, fields, r.key_out, self.protocol_version)
            if len(data) <= SEND_LIMIT or not (items or runs):
                break
            if items:  # cannot happen with the budgets above; kept as a guard
                del items[len(items) // 2:]
            else:
                del runs[len(runs) // 2:]
        self.transport.send(data, r.address)
        self.stats.sent(self.now, r.index, len(data))
        r.last_send = self.now
        r.dirty = r.urgent = r.relay = False

    # ------------------------------------------------------------------ receiving

    def _acked_seats(self, r: Remote, acks: list[int]) -> list[int]:
        """The seats of ``acks`` whose inputs we send ``r`` (an ack beyond what we hold of them is a lie)."""
        return [s for s in self.local_seats if s < len(acks)]

    def _acks_beyond(self, r: Remote, acks: list[int]) -> bool:
        """Whether ``r`` acknowledges inputs we never had (so never sent) of a seat we send it."""
        d = self.driver
        return any(acks[s] > d.known[s] for s in self._acked_seats(r, acks))

    def _accepts(self, r: Remote, seat: int) -> bool:
        """Whether inputs of ``seat`` are taken from ``r``."""
        raise NotImplementedError

    def _clamp_ack(self, seat: int, ack: int) -> int:
        """The ack of ``seat`` as we keep it (the host clamps it to the inputs it holds)."""
        return ack

    def _got_inputs(self, r: Remote, new: bool, action: bool) -> None:
        """After the runs of an INPUT datagram from ``r`` were added (``new``: some were new; ``action``: not only
        "nothing"): the host notes progress and relays."""

    def _heard_frame(self, frame: int) -> None:
        """The frame an INPUT datagram from the host said it is at (a late joiner catches up to it)."""

    def _paces(self, r: Remote) -> bool:
        """Whether ``r``'s frame counts for time sync (spectators never slow the match down)."""
        return True

    def _take_runs(self, r: Remote, runs: list[list[Any]]) -> tuple[bool, bool]:
        """Add ``r``'s input runs to the driver: (any new input, any new non-zero input)."""
        d = self.driver
        new = action = False
        for seat, start, vals in runs:
            if not self._accepts(r, seat):
                self.stats.reject("seat")
                continue
            if start > d.frame + 4096:
                continue
            n = d.add_run(seat, start, vals)
            if n:
                new = True
                action = action or any(vals[-n:])
        return new, action

    def _on_input(self, r: Remote, f: list[Any]) -> None:
        m = InputFields(*f)
        d = self.driver
        if self._acks_beyond(r, m.acks) or m.lack > len(r.log_out):
            self.stats.reject("ack")  # it says it holds inputs or notices we never sent: a lie, or another match
            return
        for s in range(min(len(m.acks), d.seats)):
            if m.acks[s] > r.acked[s]:
                r.acked[s] = self._clamp_ack(s, m.acks[s])
        new, action = self._take_runs(r, m.runs)
        self._got_inputs(r, new, action)
        link = self._take_probe(r, m.ping, m.echo)
        if r.mesh:
            return  # pacing, checksums and notices come from the host only
        self._heard_frame(m.frame)
        if self.phase == RUNNING and self._paces(r):
            self.timesync.observe(r.index, m.frame, m.adv / 10.0, d.frame, link.rtt)
        if m.sums is not None and self.config.desync_detection:
            self._on_sums(r, m.sums[0], m.sums[1], m.sums[2])
            if self.done:
                return
        self._take_notices(r, m.base, m.items, m.lack)

    # ------------------------------------------------------------------ notices

    def _take_notices(self, r: Remote, base: int, items: list[list[Any]], lack: int) -> None:
        """``r`` holds ``lack`` of our notices; its log run from ``base``: handle the ones new to us, in order."""
        if lack > r.log_acked:
            for i in range(r.log_acked, min(lack, len(r.log_out))):
                r.log_meta.pop(i, None)
            r.log_acked = min(lack, len(r.log_out))
        if base <= r.log_in < base + len(items):
            for it in items[r.log_in - base:]:
                r.log_in += 1
                self._on_item(r, it)
                if self.done:
                    return

    def _on_item(self, r: Remote, it: list[Any]) -> None:
        """One notice from ``r``, handed to the role's handler for its kind (``ITEMS``); others are ignored."""
        if r.mesh:
            return  # the host is the authority: a mesh peer's notices (checks, drops, seats...) count for nothing
        handler = self.ITEMS.get(it[0])
        if handler is not None:
            getattr(self, handler)(r, it)
