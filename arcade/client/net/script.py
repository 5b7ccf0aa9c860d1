"""The command line's scripted network runs (``--lan-auto``, ``--lan-countdown``, ``--lan-summary``,
``--lan-end-after-rounds``, ``--lan-end-when-file``): a ``Script`` follows a ``LanLink`` after each of its updates
(``LanLink.script``): joiners ready at once, the host counts down and starts when all are ready, the host ends the
match after some rounds, and a JSON summary of where this machine stands after each step that matters.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from netplay.events import Failed, MatchEnded, NetEvent, SeatClaimed, Started

from arcade.client.net.status import NetStatus, Phase

__all__ = ["Script"]

log = logging.getLogger(__name__)

_SUMMARY_PHASE = {Started: "running", SeatClaimed: "running", MatchEnded: "ended", Failed: "failed"}


@dataclass
class Script:
    """``auto``: ready and Start need no key (the host starts ``countdown`` seconds after all are ready);
    ``summary``: the JSON file written as the match starts, a seat is claimed back, it ends or fails;
    ``end_after_rounds``: the host ends the match for everyone once the state's ``round`` reaches it (and, if given,
    once ``end_when_file`` exists)."""

    auto: bool = False
    countdown: float = 1.0
    summary: str | None = None
    end_after_rounds: int | None = None
    end_when_file: str | None = None

    def step(self, link: Any, events: list[NetEvent], st: NetStatus) -> None:
        """After ``link``'s update that gave ``events`` (its status ``st``)."""
        s, host = link.session, link.role == "host"
        if self.end_after_rounds is not None and host and link.match is not None and s.end is None \
                and st.phase == Phase.PLAYING and (st.table_ready or st.refereed) \
                and getattr(link.match.state, "round", 0) >= self.end_after_rounds \
                and (self.end_when_file is None or Path(self.end_when_file).exists()):
            s.end_match()
        for ev in events:
            if type(ev) in _SUMMARY_PHASE:
                self.write_summary(link, _SUMMARY_PHASE[type(ev)], st)
        if not self.auto or st.phase != Phase.LOBBY:
            return
        if host:
            if s.start_problem() is None:
                left = s.countdown_left()
                if left is None:
                    s.set_countdown(self.countdown)
                elif left <= 0:
                    s.start()
            elif s.countdown_left() is not None:
                s.set_countdown(None)
        elif not s.ready_flag and s.settings is not None:
            s.set_ready(True)

    def write_summary(self, link: Any, phase: str, st: NetStatus) -> None:
        """``--lan-summary``: a JSON file of where this peer stands (written whole, then moved in place)."""
        if not self.summary:
            return
        s = link.session
        doc: dict[str, Any] = {"phase": phase, "role": link.role, "peer": s.index, "game": s.settings.game
                               if s.settings else None, "seed": s.seed, "late": s.late,
                               "first_frame": s.first_tick, "failure": s.failure,
                               "local_seats": list(s.local_seats), "claimed": sorted(set(s.seat_from)),
                               "deal_restarts": st.deal_restarts, "failure_kind": s.failure_kind.value
                               if s.failure_kind else None}
        if s.end is not None:
            m = link.match
            doc.update(frame=s.end.tick, checksum=s.end.checksum, reason=s.end.reason, deal=s.end.deal,
                       scores=list(m.rules.scores(m.state)) if m else None, desyncs=len(s.reported_pairs),
                       rollbacks=st.rollbacks, dropped=sorted(s.dropped), owners=list(s.owners),
                       seats=[sp.spec for sp in m.seats] if m else None)
        try:
            tmp = Path(self.summary + ".tmp")
            tmp.write_text(json.dumps(doc), encoding="utf-8")
            tmp.replace(self.summary)
        except OSError as e:
            log.warning("cannot write %s: %s", self.summary, e)
