"""LAN play in the client: the connection to the other machines (``LanLink``: a netplay ``Session`` and the one
loop that runs it, ``netplay.runner.Runner``), from the lobby through the matches.

A ``LanLink`` lives from the lobby through the match to the rematch. The host binds its game port (UDP,
``Settings.lan_port``, 47800 by default) and announces its match every second to the LAN broadcast address
(``Settings.lan_broadcast``) on the discovery port (UDP 47474); a browser listens there and pings each host it hears
(``netplay.discovery``). Nothing is sent before the player opens the LAN menus. By default the game port is bound on
every interface (``Settings.lan_bind``, 0.0.0.0) and the match is announced on every LAN interface's broadcast
address; with a loopback broadcast address (127.255.255.255, ``--lan-broadcast``: one machine only, as in tests) the
game port is bound on 127.0.0.1 only.

Joining needs the host's address and the match's join code (the datagrams' keys come from it, see
``netplay.wire``). Real-time Grisbi runs in rollback mode, the turn-based games host-authoritative
(``netplay.authority``): the host alone holds the whole table, every other machine gets its seats' views (a
spectator the public view) and sends its players' actions; at the end each checks the host's revealed deal
(``MatchEnded.deal``: "verified" or "unfair").

The client's network side lives in ``arcade.client.net``: ``LanLink`` (``net.link``: the session and its runner,
from the lobby to the rematch), the match assembled once (``net.assembly``, for the window and the headless host and
join), netplay's events turned into table effects once (``net.effects``), the notices worded once (``net.words``),
the status the screens read (``net.status``), the table's network prompts (``net.prompts``), the command line's
scripted runs (``net.script``). This module names them for the LAN screens.

A LAN match is an ordinary ``arcade.core.match.Match`` whose other machines' seats are ``RemoteSeat`` and whose seat
controller is ``arcade.client.netseats.NetSeats`` (assembled by ``arcade.client.net.assembly.assemble_match``):
``tick()`` updates the session once (the session simulates the ticks that are due, by the clock, not by the table),
local human seats' inputs and local bots' choices go to the session through ``Match.seat_input``, remote seats'
hands are never shown (a table shows the view of this machine's humans only). A table that holds its match (Grass's
scoring breakdown, animations in Grenade and Cops & Robbers) does not hold a LAN match: ``idle_tick()`` updates the
session like ``tick()``. Matches are recorded as replays from the confirmed inputs only (header ``"lan": True``); a
late joiner, who never saw the first ticks, records nothing.

Late joiners: a spectator joins a running match from the join screen ("Watch"); a player whose seat was dropped
(their machine went silent and the host let a bot play it) joins as a spectator and claims the seat back. In Grisbi
both get the host's snapshot of a confirmed tick (``arcade.core.codec``, never pickle) and the inputs since, catch
up faster than real time, then follow live; in a turn game they get their seat's (or the public) view, never a
snapshot.
"""

from __future__ import annotations

from netplay.discovery import DISCOVERY_PORT
from netplay.protocol import new_join_code

from arcade.core.match import RemoteSeat
from arcade.client.net.link import LanLink
from arcade.client.net.setup import (DEFAULT_PORT, LAN_TIMEOUT, LanError, accept_settings, bind_address,
                                     load_snapshot, match_settings, parse_address, player_token, snapshot_bytes)
from arcade.client.net.words import HOST_TIMEOUT, explain

__all__ = ["DEFAULT_PORT", "DISCOVERY_PORT", "HOST_TIMEOUT", "LAN_TIMEOUT", "LanError", "LanLink", "RemoteSeat",
           "new_join_code", "bind_address", "explain", "match_settings", "accept_settings", "snapshot_bytes",
           "load_snapshot", "parse_address", "player_token"]
