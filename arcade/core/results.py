"""Who won a finished match, in words a player reads: the team for a team game, names otherwise.

Pure: reads the rules object, the final state and the seats' names. Used by the results screen and written into the
replay's final record, so the Replays list says "Robbers won" rather than "draw". The replay keeps the English words
(``result_label(..., tr=N_)``, what replays recorded before translation hold too); the list shows them in the
player's language (``shown_label``).
"""

from __future__ import annotations

import re
from typing import Any, Callable, Sequence

from arcade.core.i18n import N_, _

__all__ = ["winners", "seat_teams", "result_label", "shown_label", "join_names", "seat_name_words"]

TEAM_WON = N_("{team} won")
PLAYER_WON = N_("{player} won")
DRAW = N_("Draw: {players}")
AND = N_("{names} and {last}")
PLAYER_N = N_("Player {n}")
BOT_N = N_("Bot {n}")


def winners(rules: Any, state: Any) -> tuple[int, ...]:
    """The winning seats: ``rules.winners(state)`` where the game defines it, else the top scores."""
    own = getattr(rules, "winners", None)
    if own is not None:
        return tuple(own(state))
    scores = rules.scores(state)
    best = max(scores)
    return tuple(i for i, s in enumerate(scores) if s == best)


def seat_teams(rules: Any, state: Any, team_names: Sequence[str]) -> tuple[str, ...] | None:
    """Each seat's team name at the end (Grisbi: ``state.teams``; Cops & Robbers: the last round's roles), or None
    for a game without teams."""
    if not team_names:
        return None
    teams = getattr(state, "teams", None)
    if teams is not None:
        return tuple(team_names[t] for t in teams)
    roles = getattr(rules, "roles", None)
    if roles is not None:
        by_letter = {name[0].upper(): name for name in team_names}
        return tuple(by_letter.get(str(r)[:1].upper(), str(r)) for r in roles(state))
    return None


def join_names(names: Sequence[str], tr: Callable[[str], str] = _) -> str:
    """"Ann", "Ann and Bob", "Ann, Bob and Cy" (``tr``: ``_`` for the current language, ``N_`` for English)."""
    if len(names) < 2:
        return "".join(names)
    return tr(AND).format(names=", ".join(names[:-1]), last=names[-1])


def seat_name_words(kind: str, seat: int, tr: Callable[[str], str] = _) -> str:
    """A seat without a player's name: "Player 2" for a person, "Bot 3" for a bot (``seat`` from 0)."""
    return tr(BOT_N if kind == "bot" else PLAYER_N).format(n=seat + 1)


def result_label(rules: Any, state: Any, names: Sequence[str], team_names: Sequence[str] = (),
                 team_won: Sequence[str] = (), tr: Callable[[str], str] = _) -> str:
    """"Robbers won", "Ann won", "Draw: Ann and Bob", in the current language (``tr=N_``: in English, for the
    replay file; ``names`` then English too). A team game names the team when the winners are all of one team:
    ``team_won`` (``GameSpec.team_won``) words each team's win ("Police won"), else "{team} won"."""
    win = winners(rules, state)
    teams = seat_teams(rules, state, team_names)
    if teams is not None and win and len({teams[s] for s in win}) == 1:
        team = teams[win[0]]
        if team in team_names and len(team_won) == len(team_names):
            return tr(team_won[list(team_names).index(team)])
        return tr(TEAM_WON).format(team=tr(team))
    if len(win) == 1:
        return tr(PLAYER_WON).format(player=names[win[0]])
    return tr(DRAW).format(players=join_names([names[s] for s in win], tr))


_SEAT = re.compile(r"(Player|Bot) (\d+)")


def _shown_name(name: str) -> str:
    m = _SEAT.fullmatch(name)
    return seat_name_words("bot" if m[1] == "Bot" else "human", int(m[2]) - 1) if m else name


def shown_label(label: str, team_names: Sequence[str] = (), team_won: Sequence[str] = ()) -> str:
    """A result label as a replay holds it (English: ``result_label(..., tr=N_)``, or one recorded before the game
    was translated) in the current language: "Robbers won" -> "Les Voleurs gagnent", "Draw: Player 1 and Bot 2" ->
    "Égalité : Joueur 1 et Bot 2". Players' own names stay; a label of another form is shown as it is."""
    if label in team_won:
        return _(label)
    m = re.fullmatch(r"(.+) won", label)
    if m:
        who = m[1]
        if who in team_names:
            return _(TEAM_WON).format(team=_(who))
        return _(PLAYER_WON).format(player=_shown_name(who))
    m = re.fullmatch(r"Draw: (.+) and (.+)", label)
    if m:
        names = [_shown_name(n) for n in m[1].split(", ") + [m[2]]]
        return _(DRAW).format(players=join_names(names))
    return label
