"""The match of one machine in a network game, assembled once for the window (``LanLink``) and the headless host
and join (``arcade.client.netmatch``): the runner's ``build``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from netplay.events import Started
from netplay.settings import AUTHORITY

from arcade.games import REGISTRY
from arcade.core.match import Match, SeatSpec
from arcade.core.peerviews import authority_sim
from arcade.client.netseats import NetSeats

__all__ = ["assemble_match"]


def assemble_match(session: Any, started: Started, seat_spec: Callable[[int, int | None], SeatSpec], *,
                   think_ticks: int, bot_level: Callable[[], str], pump: Callable[[], Any] = lambda: None,
                   recordings: Path | None = None, notice: Callable[[str], None] = lambda text: None,
                   bot_ahead: Any = None) -> Match:
    """This machine's ``Match`` once ``started`` says the deal: ``seat_spec(seat, owner)`` for each seat (this
    machine's players and bots, a ``RemoteSeat`` for another machine's), ``NetSeats`` its seat controller (``pump``
    updates the session once: the owner's loop; ``bot_level()`` the level of a dropped player's bot on the host;
    ``recordings`` the replays' folder, None: not recorded; ``notice`` says when a replay cannot be written), and its
    simulation: the whole game in rollback mode; in a host-authoritative turn game the host's whole table or a
    joiner's views (no seed before the end)."""
    settings, seed = started.settings, started.seed
    rules, options = REGISTRY[settings.game], settings.option_dict()
    sim = authority_sim(rules, settings.seats, seed, session.my_seats, **options) \
        if settings.mode == AUTHORITY else None
    seats = [seat_spec(i, o) for i, o in enumerate(started.owners)]
    control = NetSeats(session, settings, seed, pump=pump, bot_level=bot_level, recordings=recordings,
                       notice=notice)
    return Match(settings.game, seats, seed, think_ticks, sim=sim, control=control, bot_ahead=bot_ahead, **options)
