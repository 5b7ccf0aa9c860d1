"""Who won a finished match, in words a player reads: the team for a team game, names otherwise.

Pure: reads the rules object, the final state and the seats' names. Used by the results screen and written into the
replay's final record, so the Replays list says "Robbers won" rather than "draw".
"""

from __future__ import annotations

from typing import Any, Sequence

__all__ = ["winners", "seat_teams", "result_label"]


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


def result_label(rules: Any, state: Any, names: Sequence[str], team_names: Sequence[str] = ()) -> str:
    """"Robbers won", "Ann won", "Draw: Ann and Bob". A team game names the team when the winners are all of one
    team."""
    win = winners(rules, state)
    teams = seat_teams(rules, state, team_names)
    if teams is not None and win and len({teams[s] for s in win}) == 1:
        return f"{teams[win[0]]} won"
    if len(win) == 1:
        return f"{names[win[0]]} won"
    return "Draw: " + " and ".join(names[s] for s in win)
