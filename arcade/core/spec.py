"""``GameSpec``: one frozen declaration of what a game is — its name, tagline, player counts, options, teams, demo
seats, title card and rules page: plain data, no code. Every screen that lists games (title, seat setup, rules help,
attract rotation, LAN host, the CLI's ``--game``, replays) reads the specs; nothing else names a game.

A game folder ``arcade/games/<id>/`` declares ``SPEC`` in its ``spec.py``; its ``GameDefinition``
(``arcade.core.definition``) holds it with the game's code, and the registry (``arcade.core.registry``) finds that.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from arcade.core.i18n import _, ngettext

__all__ = ["GameSpec", "Option"]


@dataclass(frozen=True)
class Option:
    """A match option offered in seat setup: ``key`` (the keyword passed to ``initial_state``), the ``label`` shown,
    the ``values`` it may take with a player-facing label each (``labels``, same length), the first value being the
    default, an optional one-line ``help`` shown under the row, and ``setting``: the name of a player setting (a
    yes/no one) that, when on, starts this option at ``True`` in seat setup ("" for none)."""

    key: str
    label: str
    values: tuple[Any, ...]
    labels: tuple[str, ...]
    help: str = ""
    setting: str = ""

    def __post_init__(self) -> None:
        if len(self.values) != len(self.labels) or not self.values:
            raise ValueError(f"option {self.key!r}: {len(self.values)} values but {len(self.labels)} labels")

    @property
    def default(self) -> Any:
        return self.values[0]


@dataclass(frozen=True)
class GameSpec:
    """What a game is, for the client and tools.

    - ``id``: the registry key (``grisbi``, ``grit``...), also the CLI's ``--game`` value.
    - ``name`` / ``tagline``: shown on the title and in setup.
    - ``player_counts``: the seat counts a match may have, ascending (e.g. ``(4, 6)``).
    - ``count_options``: options implied by a seat count, as ``((count, key, value), ...)``: 7-player Grenade is
      ``(7, "seven", True)``.
    - ``options``: the setup rows (``Option``), in order.
    - ``teams``: team names if the game is played in teams, else empty (English, marked ``N_``: translated when
      shown).
    - ``team_won``: how the results say each team of ``teams`` won ("Police won"; ``N_``), in the same order, so
      that a language words each team's win its own way ("La Police gagne", "Les Voleurs gagnent"); empty: "{team}
      won".
    - ``teams_chosen``: the players choose each seat's team at the table (seat setup, ``@TEAM`` in a seat SPEC:
      the ``teams`` option, ``arcade.core.match.seat_teams``); False: the rules give the teams.
    - ``demo_players``: seats of an attract-mode demo.
    - ``rules_page``: resource path (relative to the ``arcade`` package, or absolute) of the player's rules page.
    - ``order``: position on the title screen (lower first).
    - ``title_card``: the card (a name the game's card art draws) that stands for the game on the title screen, or
      "".
    """

    id: str
    name: str
    tagline: str
    player_counts: tuple[int, ...]
    demo_players: int
    options: tuple[Option, ...] = ()
    count_options: tuple[tuple[int, str, Any], ...] = ()
    teams: tuple[str, ...] = ()
    team_won: tuple[str, ...] = ()
    teams_chosen: bool = False
    rules_page: str = ""
    order: int = 100
    title_card: str = ""
    extra: dict[str, Any] = field(default_factory=dict, compare=False)

    def __post_init__(self) -> None:
        if not self.player_counts or list(self.player_counts) != sorted(set(self.player_counts)):
            raise ValueError(f"game {self.id!r}: player_counts must be ascending and distinct")
        if self.demo_players not in self.player_counts:
            raise ValueError(f"game {self.id!r}: demo_players {self.demo_players} is not an allowed count")
        if self.team_won and len(self.team_won) != len(self.teams):
            raise ValueError(f"game {self.id!r}: team_won must word each of the {len(self.teams)} teams")
        if self.teams_chosen and not self.teams:
            raise ValueError(f"game {self.id!r}: teams chosen at the table, but no teams named")

    @property
    def min_players(self) -> int:
        return self.player_counts[0]

    @property
    def max_players(self) -> int:
        return self.player_counts[-1]

    def options_for_count(self, players: int) -> dict[str, Any]:
        """Options a seat count implies (e.g. ``{"seven": True}`` for 7-player Grenade)."""
        return {key: value for count, key, value in self.count_options if count == players}

    def default_options(self) -> dict[str, Any]:
        """Every setup option at its default."""
        return {o.key: o.default for o in self.options}

    def player_range(self) -> str:
        """"2 players", "2–6 players", "4 or 6 players", "2–6 players (7 as an option)", in the current language
        (``arcade.core.i18n``): counts that only an option allows (``count_options``) are named apart."""
        optional = sorted({n for n, _x, _y in self.count_options})
        c = [n for n in self.player_counts if n not in optional]
        if len(c) == 1:
            out = ngettext("{n} player", "{n} players", c[0]).format(n=c[0])
        elif c == list(range(c[0], c[-1] + 1)):
            out = _("{low}–{high} players").format(low=c[0], high=c[-1])
        else:
            out = _("{counts} or {last} players").format(counts=", ".join(str(n) for n in c[:-1]), last=c[-1])
        if optional:
            either = " " + _("or") + " "
            out = _("{players} ({counts} as an option)").format(players=out, counts=either.join(map(str, optional)))
        return out

    def seats_phrase(self) -> str:
        """For errors: "this game takes 2 seats", "2 to 6 seats", "4 or 6 seats"."""
        c = self.player_counts
        if len(c) == 1:
            return f"{c[0]} seats"
        if list(c) == list(range(c[0], c[-1] + 1)):
            return f"{c[0]} to {c[-1]} seats"
        return ", ".join(str(n) for n in c[:-1]) + f" or {c[-1]} seats"
