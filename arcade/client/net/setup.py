"""Setting up a network match in the client: where to bind, what a typed address means, the settings every peer
agrees on and whether this install can play a host's, the late joiner's snapshot codec, and this player's token.

Pure but for ``player_token`` (a file in the settings folder): no pygame, no socket.
"""

from __future__ import annotations

import errno
import logging
import secrets
from pathlib import Path
from typing import Any

from netplay.discovery import is_loopback
from netplay.events import FailReason
from netplay.protocol import new_join_code
from netplay.settings import AUTHORITY, AUTO_INPUT_DELAY, MAX_PREDICTION, ROLLBACK, MatchSettings, SessionConfig
from netplay.transport import UdpTransport

from arcade.games import REGISTRY, definition_of
from arcade.core import codec
from arcade.core.i18n import _
from arcade.core.protocols import is_turn_based

__all__ = ["DEFAULT_PORT", "LAN_TIMEOUT", "HELLO_TIMEOUT", "LanError", "host_transport", "joiner_transport",
           "session_config", "bind_address", "parse_address", "match_settings",
           "accept_settings", "snapshot_bytes", "load_snapshot", "player_token"]

log = logging.getLogger(__name__)

DEFAULT_PORT = 47800
"""The host's UDP game port unless the player chooses another (LAN settings, ``--lan-port``)."""
LAN_TIMEOUT = 15.0
"""Seconds of silence before a player's seats are dropped (a bot takes over). Long enough for the host to choose in
the "lost connection" prompt; the host may drop the seat at once."""
HELLO_TIMEOUT = 5.0
"""Seconds a joiner waits for the host's confirmed key exchange before saying nobody is there (or, if an unsealed
refusal came meanwhile, what it said: anyone could have sent it, so it is believed only then)."""

class LanError(Exception):
    """A LAN action that cannot be done; the message is one line for the player."""


def bind_address(broadcast: str, bind: str = "0.0.0.0") -> str:
    """Where the game port and the announcer bind: ``bind`` (setting ``lan_bind``: every interface by default), or
    127.0.0.1 when the broadcast address is a loopback one (one machine only)."""
    return "127.0.0.1" if broadcast and is_loopback(broadcast) else bind


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """``"HOST:PORT"`` (or ``"HOST"``: the default port) -> ``(host, port)``; raises LanError with a reason."""
    text = text.strip()
    host, sep, port = text.rpartition(":")
    if not sep:
        host, port = text, str(default_port)
    if not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise LanError(_("“{text}” is not an address: type the host's address and port, e.g. {example}").format(
            text=text, example=f"127.0.0.1:{default_port}"))
    parts = host.split(".")
    if len(parts) != 4 or not all(p.isdigit() and 0 <= int(p) <= 255 for p in parts):
        raise LanError(_("“{host}” is not an IPv4 address (four numbers 0-255 with dots, e.g. 127.0.0.1)").format(
            host=host))
    return host, int(port)


def host_transport(bind: str, port: int) -> UdpTransport:
    """The host's game port on ``bind``; raises LanError (in use, or cannot be opened) in one line."""
    try:
        return UdpTransport((bind, port))
    except OSError as e:
        if e.errno in (errno.EADDRINUSE, 10048):  # 10048: WSAEADDRINUSE, as Windows sockets report it
            raise LanError(_("Port {port} is already in use on this machine: choose another port in LAN "
                             "settings (or close the other program).").format(port=port)) from None
        raise LanError(_("Cannot open UDP port {port} on {address}: {error}.").format(
            port=port, address=bind, error=e.strerror or e)) from None


def joiner_transport(bind: str) -> UdpTransport:
    """A joiner's UDP socket on ``bind`` (any port); raises LanError in one line."""
    try:
        return UdpTransport((bind, 0))
    except OSError as e:
        raise LanError(_("Cannot open a UDP socket: {error}.").format(error=e.strerror or e)) from None


def session_config(timeout: float, *, lan: bool, turn_clock: float) -> SessionConfig:
    """A window's session: ``timeout`` seconds of silence before a peer is dropped; seat claims asked of the host's
    player; on the LAN a mesh between joiners and a new code after 3 wrong ones; online (``lan`` False) a star
    through the host and the code never changes (the rendezvous code that guards the meeting is the session's);
    ``turn_clock``: seconds a move in a turn game (0: none)."""
    cfg = SessionConfig(timeout=timeout, desync_dump=None, max_ticks_per_update=8, mesh=lan,
                        hello_timeout=HELLO_TIMEOUT, new_code=new_join_code, seat_claims="ask",
                        code_tries=3 if lan else 0, turn_clock=turn_clock)
    cfg.serialize_state = lambda saved: repr(saved)
    return cfg


def match_settings(game_id: str, seats: int, options: dict[str, Any], *, tick_rate: int = 60,
                   input_delay: int | None = None) -> MatchSettings:
    """The settings every peer must agree on for a LAN match of ``game_id`` (host-authoritative for turn games)."""
    rules = REGISTRY[game_id]
    turn = is_turn_based(rules)
    delay = (0 if turn else AUTO_INPUT_DELAY) if input_delay is None else input_delay
    return MatchSettings(game_id, rules.version, seats, tick_rate, delay,
                         0 if turn else MAX_PREDICTION, AUTHORITY if turn else ROLLBACK, 0, 30,
                         MatchSettings.options_of(options)).check()


def accept_settings(st: MatchSettings) -> str | tuple[FailReason, str, dict[str, Any]] | None:
    """Why this install cannot play a host's settings (unknown game, other rules version, bad options), or None. Another
    rules version is typed: ``(FailReason.VERSION, text, {"game", "host_rules", "our_rules"})``."""
    rules = REGISTRY.get(st.game)
    if rules is None:
        return f"the host plays {st.game!r}, which this version of Grisbi Arcade does not have"
    if rules.version != st.rules_version:
        name = (definition_of(st.game).spec.name if st.game in REGISTRY else st.game)
        return (FailReason.VERSION, f"version mismatch: the host plays {name} rules version {st.rules_version}, "
                                    f"this install has version {rules.version}",
                {"game": name, "host_rules": st.rules_version, "our_rules": rules.version})
    if (st.mode == AUTHORITY) != is_turn_based(rules):
        return f"{st.game} must be played in {AUTHORITY if is_turn_based(rules) else ROLLBACK} mode"
    try:
        rules.initial_state(1, st.seats, **st.option_dict())
    except (TypeError, ValueError) as e:
        return f"the host's options cannot be played here ({e})"
    return None


def snapshot_bytes(saved: Any) -> bytes:
    """A saved simulation state ``(tick, state)`` as bytes for a late joiner (``arcade.core.codec``)."""
    return codec.encode(saved)


def load_snapshot(data: bytes) -> Any:
    """Inverse of ``snapshot_bytes``; raises ``CodecError`` (a ValueError) for anything that is not a saved state."""
    v = codec.decode(data)
    if not (isinstance(v, tuple) and len(v) == 2 and type(v[0]) is int and v[0] >= 0):
        raise codec.CodecError("not a saved simulation state")
    return v


def player_token(app: Any) -> bytes:
    """This player's token (16 bytes): who they are to a host across reconnections, so that a dropped seat goes back
    only to them (never to whoever takes their address). Kept in the settings folder (``lan-player-token``), so the
    game restarted on this profile is the same player; a fresh one if the folder cannot be read or written."""
    path = getattr(getattr(app, "settings", None), "path", None)
    if path is None:
        return secrets.token_bytes(16)
    path = Path(path).parent / "lan-player-token"
    try:
        token = bytes.fromhex(path.read_text(encoding="ascii").strip())
        if len(token) == 16:
            return token
    except (OSError, ValueError):
        pass
    token = secrets.token_bytes(16)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(token.hex(), encoding="ascii")
    except OSError as e:
        log.warning("cannot keep the LAN player token in %s: %s", path, e)
    return token
