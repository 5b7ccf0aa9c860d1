"""What netplay's typed events do at this machine's table, in one table: ``EFFECTS`` maps an event type to its
effect ``(link, event, now)``, which changes the match's seats through its seat controller (``NetSeats.seat_to``)
and ``Match``'s own methods, and tells the players (``link.tell(Said)``: the notice, and its code in the log).
``react(link, event, now)`` looks the effect up; an event with no effect is only logged by the caller's loop.

Adding an event: write its effect here and put it in ``EFFECTS`` (its notice's English message id marked ``N_``).
"""

from __future__ import annotations

from typing import Any, Callable

from netplay.events import (CaughtUp, ClaimAsked, ClaimRefused, CodeChanged, Desync, Disconnected, FailReason,
                            Failed, Interrupted, JoinRefused, MatchEnded, NetEvent, Notice, NoticeKind, PeerJoined,
                            PeerLeft, Resumed, SeatClaimed, SeatDropped, Started, TurnTimedOut)
from netplay.online import CodeReady, Connected, PeerFailed
from netplay.online import Failed as OnlineFailed
from netplay.settings import AUTHORITY

from arcade.client.net.words import NetLine, Num, Said, code_of, failure_said, peer_said, said, seat_said
from arcade.core.i18n import N_

__all__ = ["EFFECTS", "react"]

Effect = Callable[[Any, Any, float], None]


def _seat_owners(link: Any) -> None:
    """Every seat of the match to who plays it as the session says (this machine's player or bot, another
    machine's ``RemoteSeat``)."""
    s, m = link.session, link.match
    for i, o in enumerate(s.owners):
        spec = link.spec_for(i) if o == s.index else link.remote_spec(o, i)
        if spec != m.seats[i] or type(spec) is not type(m.seats[i]):
            m.control.seat_to(i, spec)


def join_refused(link: Any, ev: JoinRefused, now: float) -> None:
    link.log(f"refused a join from {ev.address[0]}: {ev.reason}")  # the joiner is told (its Failed)


def started(link: Any, ev: Started, now: float) -> None:
    m = link.match
    if m is not None:
        _seat_owners(link)
        m.control.start_recording(ev.tick)
    catching = ev.late and ev.settings.mode != AUTHORITY  # a turn game's late joiner is sent the view: no catch-up
    link.log(f"match started: seed {ev.seed}, tick {ev.tick}, our seats {list(ev.local_seats)}"
             + (" (late: catching up)" if catching else " (late)" if ev.late else ""))
    if catching:
        link.tell(said("catching-up", N_("Catching up with the match…")))


def peer_joined(link: Any, ev: PeerJoined, now: float) -> None:
    watching = ev.late or not ev.seats
    if ev.name:
        msg = N_("{name} is watching") if watching else N_("{name} joined")
        link.tell(said("peer-watching" if watching else "peer-joined", msg, name=ev.name))
    else:
        msg = N_("A player is watching") if watching else N_("A player joined")
        link.tell(said("peer-watching" if watching else "peer-joined", msg))


def peer_left(link: Any, ev: PeerLeft, now: float) -> None:
    link.tell(said("peer-left", N_("{name} left"), name=peer_said(link.session, ev.peer)))


def code_changed(link: Any, ev: CodeChanged, now: float) -> None:
    link.code = ev.code  # the lobby shows the new one
    link.tell(said("code-changed", N_("Wrong codes were tried: the join code is now {code}"), code=ev.code))


_NOTICES = {NoticeKind.WRONG_CODE: N_("Someone at {address} tried a wrong join code"),
            NoticeKind.TOO_MANY_TRIES: N_("Too many wrong codes from {address}: refused for a minute")}


def notice(link: Any, ev: Notice, now: float) -> None:
    if ev.kind in _NOTICES:
        link.tell(said(code_of(ev.kind), _NOTICES[ev.kind], address=ev.address[0]))
    else:
        link.tell(Said(code_of(ev.kind), "", line=NetLine(ev.detail)))


def interrupted(link: Any, ev: Interrupted, now: float) -> None:
    link.silent.setdefault(ev.peer, now)


def resumed(link: Any, ev: Resumed, now: float) -> None:
    link.silent.pop(ev.peer, None)


def disconnected(link: Any, ev: Disconnected, now: float) -> None:
    link.silent.pop(ev.peer, None)
    link.gone.add(ev.peer)
    if ev.left:
        link.left.add(ev.peer)
    if link.seats_of(ev.peer) or ev.peer == 0:
        if ev.left:  # its player closed the game or left the match: not a network problem
            link.tell(said("peer-left", N_("{name} left"), name=peer_said(link.session, ev.peer)))
        else:
            link.tell(said("peer-lost", N_("{name} lost connection"), name=peer_said(link.session, ev.peer)))


_DROPPED = {(True, True): N_("{name} left: a bot plays the seat"),
            (True, False): N_("{name} lost connection: a bot plays the seat"),
            (False, True): N_("{name} left: the host's bot plays the seat"),
            (False, False): N_("{name} lost connection: the host's bot plays the seat")}


def seat_dropped(link: Any, ev: SeatDropped, now: float) -> None:
    m, host = link.match, link.role == "host"
    # the player's name (on the host the bot may already sit there, named "Bot N")
    named = {p.peer: p.name for p in link.session.peers() if p.name}.get(ev.peer)
    if m is not None and host and m.seats[ev.seat].kind != "bot":
        m.drop_to_bot(ev.seat, link.app.settings.bot_level)
    link.tell(said("seat-dropped", _DROPPED[host, ev.peer in link.left], name=named or seat_said(link.match, ev.seat)))


def seat_claimed(link: Any, ev: SeatClaimed, now: float) -> None:
    s, m = link.session, link.match
    mine = ev.peer == s.index
    if m is not None:
        m.control.seat_to(ev.seat, link.spec_for(ev.seat) if mine else link.remote_spec(ev.peer))
    if mine:
        link.tell(said("seat-back", N_("You play {seat} again"), seat=seat_said(link.match, ev.seat)))
    else:
        link.tell(said("seat-back", N_("{seat} is back ({name})"), seat=seat_said(link.match, ev.seat),
                       name=peer_said(link.session, ev.peer)))


def claim_asked(link: Any, ev: ClaimAsked, now: float) -> None:
    link.claim_requests.append(ev)  # the host's table asks its player
    link.log(f"peer {ev.peer} ({ev.name}) asks to play seat {ev.seat}")


def claim_refused(link: Any, ev: ClaimRefused, now: float) -> None:
    link.claim_specs.pop(ev.seat, None)
    link.tell(said("claim-refused", N_("{seat} could not be taken: {reason}"), seat=seat_said(link.match, ev.seat),
                   reason=NetLine(ev.reason)))


def caught_up(link: Any, ev: CaughtUp, now: float) -> None:
    link.tell(said("caught-up", N_("Caught up: following the match live")))


def desync(link: Any, ev: Desync, now: float) -> None:
    link.tell(said("desync", N_("Desync detected at tick {tick}: the machines disagree (please report it)"),
                   tick=Num(ev.tick)))


def match_ended(link: Any, ev: MatchEnded, now: float) -> None:
    if link.match is not None:
        link.match.control.on_end(ev)
    link.log(f"match over ({ev.reason}) at tick {ev.tick}, checksum {ev.checksum:#018x}")


def turn_timed_out(link: Any, ev: TurnTimedOut, now: float) -> None:
    s, m = link.session, link.match
    mine = s.owners[ev.seat] == s.index and m is not None and m.seats[ev.seat].kind == "human"
    if mine:
        link.tell(said("turn-timeout", N_("Your time ran out: a bot played your move")))
    else:
        link.tell(said("turn-timeout", N_("{seat} ran out of time: a bot played the move"),
                       seat=seat_said(link.match, ev.seat)))


def failed(link: Any, ev: Failed, now: float) -> None:
    s, m = link.session, link.match
    if ev.kind in (FailReason.UNREACHABLE, FailReason.HOST_LOST) and link.claim_specs and s.settings is None:
        ev = Failed(ev.reason, FailReason.HOST_LOST, {"gone": "{}:{}".format(*link.address)})  # a rejoin
    link.failed = ev
    link.failure_said = failure_said(ev, link.transport.address[1], online=link.online is not None)
    if m is not None and m.ended is None:
        m.close_recording(abandoned=True)
    link.log(f"failed: {ev.reason}")


# --- the host's online code (netplay.online): its meetings and connections


def online_code_ready(link: Any, ev: CodeReady, now: float) -> None:
    """A new code (another side held the old one, or too many wrong guesses): the lobby shows it with why."""
    if ev.previous is None:
        return  # the first code: the lobby shows it as it is
    link.code_note = ev.line
    link.log(f"internet code: {ev.code}")
    link.tell(Said("online-new-code", "", line=NetLine(ev.line)))


def online_connected(link: Any, ev: Connected, now: float) -> None:
    link.join_failed = None  # someone made it: the last failure's line is history
    how = "directly" if ev.route == "direct" else "through the relay"
    link.log(f"online: a player connected {how} in {ev.connect_s:.1f} s")


def online_peer_failed(link: Any, ev: PeerFailed, now: float) -> None:
    if ev.name:  # the joiner said who it is and why, through the meeting
        link.join_failed = said("online-peer-failed", N_("{name} could not connect: {reason}"), name=ev.name,
                                reason=NetLine(ev.line))
    else:
        link.join_failed = said("online-peer-failed", N_("A player could not connect: {reason}"),
                                reason=NetLine(ev.line))
    link.tell(link.join_failed)  # a notice, and a line that stays in the host's lobby (until someone connects)


def online_failed(link: Any, ev: OnlineFailed, now: float) -> None:
    link.tell(said("online-closed", N_("No one else can join: {reason}"), reason=NetLine(ev.line)))


EFFECTS: dict[type, Effect] = {
    # the session's events (netplay.events)
    Started: started, PeerJoined: peer_joined, PeerLeft: peer_left, JoinRefused: join_refused,
    CodeChanged: code_changed, Notice: notice, Interrupted: interrupted, Resumed: resumed,
    Disconnected: disconnected, SeatDropped: seat_dropped, SeatClaimed: seat_claimed, ClaimAsked: claim_asked,
    ClaimRefused: claim_refused, CaughtUp: caught_up, Desync: desync, MatchEnded: match_ended,
    TurnTimedOut: turn_timed_out, Failed: failed,
    # the host's online code (netplay.online)
    CodeReady: online_code_ready, Connected: online_connected, PeerFailed: online_peer_failed, OnlineFailed: online_failed,
}
"""Event type -> its effect at this machine's table."""


def react(link: Any, ev: NetEvent, now: float) -> None:
    """The effect of ``ev`` (``EFFECTS``), if it has one."""
    effect = EFFECTS.get(type(ev))
    if effect is not None:
        effect(link, ev, now)
