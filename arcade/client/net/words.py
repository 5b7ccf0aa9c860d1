"""What the network tells the players, worded once: a ``Said`` is a message's code (a short id, for the log), its
English message id (``N_``, the one wording) and its values; the screen shows ``text()`` (translated when it is
drawn), the log ``log()`` (the code and the English). A value may itself be a ``Said`` (a seat's "Player 2") or a
``NetLine`` (a line ``netplay`` said in English, worded by ``arcade.client.networds.net_line`` on screen).

``failure_said`` words a session's typed failure (``netplay.events.FailReason`` and its facts, never its free text);
``explain`` is its text in the player's language.

Pure: no pygame, no network.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from netplay.events import FailReason, Failed
from netplay.settings import SessionConfig

from arcade.client.networds import net_line
from arcade.core.i18n import N_, _, format_number, ngettext
from arcade.core.results import BOT_N, PLAYER_N

__all__ = ["Said", "NetLine", "Num", "code_of", "said", "peer_said", "seat_said", "failure_said", "explain",
           "restarts_line", "where_line", "HOST_TIMEOUT", "ONLINE_UNREACHABLE"]

HOST_TIMEOUT = 5.0
"""Seconds of silence before a joiner gives the host up ("lost the host", with Rejoin): a host that quits says
goodbye (its joiners know at once), so silence this long is a host gone."""

ONLINE_UNREACHABLE = N_("The host stopped answering over the internet connection. Ask the host whether the lobby is "
                        "still open, then join again with the code.")
"""A joiner's failure when the host goes silent over the internet (the LAN's says to check an address)."""


@dataclass(frozen=True)
class NetLine:
    """A line ``netplay`` said in English ("no route to the other player"): on screen in the player's language
    (``net_line``), in the log as it is. ``sentence``: capitalised, with a full stop."""

    line: str
    sentence: bool = False

    def _shape(self, text: str) -> str:
        if not self.sentence:
            return text
        text = text[:1].upper() + text[1:]
        return text if text.endswith(".") else text + "."

    def text(self) -> str:
        return self._shape(net_line(self.line))

    def plain(self) -> str:
        return self._shape(self.line)


@dataclass(frozen=True)
class Said:
    """One message for the players: ``code`` (a short id such as ``"seat-dropped"``, what the log names),
    ``msgid`` (its English message id, marked ``N_`` where it is written), ``values`` (name -> str, number,
    ``Said`` or ``NetLine``; numbers are written the language's way on screen). ``then``: a message that follows
    it after a space (the advice of a failure). ``line``: instead of a message id, a line of netplay's."""

    code: str
    msgid: str
    values: tuple[tuple[str, Any], ...] = ()
    then: "Said | None" = None
    line: NetLine | None = None

    def text(self) -> str:
        """The message in the player's language (call it when drawing)."""
        out = self.line.text() if self.line is not None else \
            _(self.msgid).format(**{k: _shown(v) for k, v in self.values})
        return f"{out} {self.then.text()}" if self.then is not None else out

    def plain(self) -> str:
        """The message in English, as its message id is written (filled in)."""
        out = self.line.plain() if self.line is not None else \
            self.msgid.format(**{k: _plain(v) for k, v in self.values})
        return f"{out} {self.then.plain()}" if self.then is not None else out

    def log(self) -> str:
        """The log's line: ``"seat-dropped: Player 2 lost connection: a bot plays the seat"``."""
        return f"{self.code}: {self.plain()}"

    def __str__(self) -> str:
        return self.text()


def code_of(kind: Any) -> str:
    """A netplay enum member as a message code: ``FailReason.HOST_LOST`` -> ``"host-lost"``."""
    return kind.name.lower().replace("_", "-")


def said(code: str, msgid: str, /, **values: Any) -> Said:
    """``Said(code, msgid, values)`` with the values as keywords."""
    return Said(code, msgid, tuple(values.items()))


class Num(int):
    """A count or a number of seconds in a message: written the language's way on screen (``format_number``), as
    digits in the log (a port or a version number stays a plain ``int``)."""


def _shown(v: Any) -> Any:
    if isinstance(v, (Said, NetLine)):
        return v.text()
    return format_number(int(v)) if isinstance(v, Num) else v


def _plain(v: Any) -> Any:
    if isinstance(v, (Said, NetLine)):
        return v.plain()
    return int(v) if isinstance(v, Num) else v


def peer_said(session: Any, peer: int) -> Said | str:
    """A peer's player's name as ``session``'s roster says, else "the host" or "peer N" (worded when shown)."""
    name = next((p.name for p in session.peers() if p.peer == peer and p.name), "")
    return name or (said("peer", N_("the host")) if peer == 0 else said("peer", N_("peer {n}"), n=peer))


def seat_said(match: Any, seat: int) -> Said | str:
    """A seat as the table names it (``Match.seat_name``): its player's name, else "Player N" / "Bot N" worded when
    shown; "Player N" before the match is built (``match`` None)."""
    if match is not None and 0 <= seat < len(match.seats):
        spec = match.seats[seat]
        if spec.name:
            return match.seat_name(seat)  # a name: the same in every language
        return said("seat", BOT_N if spec.kind == "bot" else PLAYER_N, n=seat + 1)
    return said("seat", PLAYER_N, n=seat + 1)


def where_line(online: bool, route: str | None, address: tuple[str, int] | None) -> str:
    """Where the host is, for the lobby: ``"192.168.1.20:47800"``, or over the internet by ``route`` ("relay",
    "direct", None: not known yet) "over the internet (through the relay)", in the player's language."""
    if online:
        said = {"relay": N_("over the internet (through the relay)"),
                "direct": N_("over the internet (directly)")}.get(route, N_("over the internet"))
        return _(said)
    return "{}:{}".format(*address) if address else ""


def restarts_line(n: int) -> str:
    """"The deal started over 2 times: a player left after the deal began" in the player's language, or "" (none:
    ``n`` is 0). For the screen only (the log counts restarts in the summary)."""
    if not n:
        return ""
    return ngettext("The deal started over once: a player left after the deal began",
                    "The deal started over {n} times: a player left after the deal began", n).format(
        n=format_number(n))


# --- failures


def explain(failure: Failed | FailReason, port: int | None = None) -> str:
    """One line for the player from a session's typed failure: what happened and what to do, in the player's
    language (``failure_said(...).text()``). Never reads the free text."""
    return failure_said(failure, port).text()


def failure_said(failure: Failed | FailReason, port: int | None = None, online: bool = False) -> Said:
    """A session's typed failure (``netplay.events.FailReason`` and its facts) as a ``Said`` coded by the reason;
    ``online``: over the internet (a host gone silent is not an address to check)."""
    kind = failure.kind if isinstance(failure, Failed) else failure
    facts = failure.facts if isinstance(failure, Failed) else {}
    if online and kind == FailReason.UNREACHABLE:
        return said(code_of(kind), ONLINE_UNREACHABLE)
    message, values = _explained(kind, facts, port)
    if "game" in values:
        values["game"] = Said("game", values["game"])  # a game's name (its spec's ``name``), as the setup shows it
    return said(code_of(kind), message, **values)


def _explained(kind: FailReason, facts: dict[str, Any], port: int | None) -> tuple[str, dict[str, Any]]:
    """``failure_said``'s English message id and its placeholders' values."""
    F = FailReason
    if kind == F.WRONG_CODE:
        return N_("Wrong join code: check the code shown on the host's screen and type it again."), {}
    if kind == F.TOO_MANY_TRIES:
        return N_("Too many wrong codes from this machine: the host refuses it for a minute. Check the code, then "
                  "retry."), {}
    if kind == F.VERSION:
        if "host_rules" in facts:
            return N_("Version mismatch: the host plays {game} rules version {host_rules}, this machine has version "
                      "{our_rules}. Update Grisbi Arcade on both machines."), {
                "game": facts["game"], "host_rules": facts["host_rules"], "our_rules": facts["our_rules"]}
        if "host_version" in facts:
            return N_("Version mismatch: the host speaks version {host_version}, this machine {our_version}. Update "
                      "Grisbi Arcade on both machines."), {"host_version": facts["host_version"],
                                                             "our_version": facts["our_version"]}
        return N_("Version mismatch. Update Grisbi Arcade on both machines."), {}
    if kind == F.FULL:
        if "asked" in facts:
            return N_("The match is full ({asked} asked, {free} free). Ask the host to open a seat, or join with no "
                      "players here to watch."), {"asked": facts["asked"], "free": facts["free"]}
        return N_("The match is full. Ask the host to open a seat, or join with no players here to watch."), {}
    if kind == F.STARTED:
        return N_("That match has already started. You may watch it as a spectator."), {}
    if kind == F.UNREACHABLE:
        if "address" in facts:
            return N_("No host answered at {address}. Check the address on the host's screen, that its lobby is "
                      "open, and that its firewall lets UDP in."), {"address": facts["address"]}
        return N_("No host answered at that address. Check the address on the host's screen, that its lobby is "
                  "open, and that its firewall lets UDP in."), {}
    if kind == F.HOST_LOST:
        if facts.get("rejoin"):
            return N_("Lost the host: nothing came from it for {seconds} s. If the host is still playing, you may "
                      "rejoin your seat."), {"seconds": Num(round(HOST_TIMEOUT))}
        if facts.get("left") and facts.get("name"):
            return N_("{name} (the host) left the match."), {"name": facts["name"]}
        if facts.get("left"):
            return N_("The host left the match (its player closed the game or went back to the menus)."), {}
        if facts.get("gone"):
            return N_("Could not rejoin: the host is gone (nothing answers at {address} any more)."), {
                "address": facts["gone"]}
        return N_("The host is gone: the connection was lost."), {}
    if kind == F.HOST_STALLED:
        return N_("The host is not answering: its match has not moved for {seconds} s."), {
            "seconds": Num(round(SessionConfig.host_watch))}
    if kind == F.REMOVED:
        if facts.get("clock"):
            return N_("Your turn clock ran out twice in a row: the host's bot plays your seat. You may rejoin it."), {}
        if facts.get("rejoin"):
            return N_("The host gave your seat to a bot after the connection was lost. You may rejoin it."), {}
        return N_("The host removed you from the match."), {}
    if kind == F.SETTINGS:
        return N_("The host's match changed since it was listed, or this machine cannot play it: browse again."), {}
    if kind == F.UNFAIR_DEAL:
        return N_("This match was not dealt fairly: the host's deal could not be verified, so the match was "
                  "refused."), {}
    if kind == F.BAD_SNAPSHOT:
        return N_("The host sent a state this machine cannot use: the match was refused."), {}
    if kind == F.PROTOCOL:
        return N_("The host sent something this machine does not understand: the connection was closed."), {}
    if kind == F.PORT_IN_USE:
        return N_("Port {port} is already in use on this machine: choose another port in LAN settings."), {"port": port}
    return N_("The connection failed."), {}
