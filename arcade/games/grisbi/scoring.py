"""End-of-round scoring of the common pile (rules/grisbi.md, "End of round (scoring)").

Every card is judged against the card right before it (its left neighbour in play order), whoever laid that one and
whether or not that one was correct:

- an Action card is correct if its main object is among the previous card's hooks in its team's row;
- a Deny card is correct if its main object equals the previous card's main object;
- a Stop card is correct if one of its two objects is among the previous card's hooks in its team's row.

A correct Action card directly covered by a correct Deny card of the other team is cancelled (it does not count).

Verdicts, one per card of the pile (decision for the Location, which is never judged: ``"location"``):
``"location"``, ``"correct"``, ``"wrong"``, ``"cancelled"``, ``"opponent's"`` (a card of the team that is not judged),
``"stop correct"``, ``"stop wrong"``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from .cards import ACTION, DENY, KIND, LOCATION, MAIN, POINTS, ROBBERS, ROW_BITS, STOP, STOP_BITS, TEAM, TEAMS

__all__ = ["RoundScore", "score_round", "is_correct", "team_total", "VERDICTS"]

VERDICTS = ("location", "correct", "wrong", "cancelled", "opponent's", "stop correct", "stop wrong")


@dataclass(frozen=True, slots=True)
class RoundScore:
    """The result of a round.

    ``winner``: "robbers" or "police". ``points``: the closing team's total of correct, uncancelled Action cards
    (after a round ended without a Stop: the winner's total). ``verdicts``: one per pile card, in play order (see the
    module docstring). ``closing_team``: the team whose Stop ended the round, or None when the round ended without a
    Stop (time limit, every hand empty). ``rival_points``: None after a Stop (the other team's cards are not judged);
    without a Stop, the loser's total.
    """

    winner: str
    points: int
    verdicts: tuple[str, ...]
    closing_team: str | None = None
    rival_points: int | None = None


def is_correct(card: int, previous: int) -> bool:
    """Whether the card with id ``card`` is correct laid on the card with id ``previous`` (Location: never)."""
    kind = KIND[card]
    if kind == ACTION:
        return bool((1 << MAIN[card]) & ROW_BITS[TEAM[card]][previous])
    if kind == DENY:
        return MAIN[card] == MAIN[previous]
    if kind == STOP:
        return bool(STOP_BITS[card] & ROW_BITS[TEAM[card]][previous])
    return False


def _judge(ids: Sequence[int], judged: tuple[bool, bool]) -> tuple[list[str], list[int]]:
    """Verdicts of a pile of ids, judging the cards of the teams flagged in ``judged``; and the totals per team."""
    n = len(ids)
    verdicts = ["location"] * n
    totals = [0, 0]
    for i in range(1, n):
        c = ids[i]
        t = TEAM[c]
        if t < 0:
            continue  # a Location (only ever first)
        if not judged[t]:
            verdicts[i] = "opponent's"
            continue
        ok = is_correct(c, ids[i - 1])
        if KIND[c] == STOP:
            verdicts[i] = "stop correct" if ok else "stop wrong"
        else:
            verdicts[i] = "correct" if ok else "wrong"
    for i in range(1, n):
        c = ids[i]
        if verdicts[i] != "correct" or KIND[c] != ACTION:
            continue
        if i + 1 < n:
            d = ids[i + 1]
            if KIND[d] == DENY and TEAM[d] != TEAM[c] and MAIN[d] == MAIN[c]:
                verdicts[i] = "cancelled"
                continue
        totals[TEAM[c]] += POINTS[c]
    return verdicts, totals


def team_total(pile: Sequence[int], team: int) -> int:
    """Points of ``team``'s (team index) correct, uncancelled Action cards in a pile of card ids, as if that team
    closed now. The bots use it on the public pile."""
    judged = (team == ROBBERS, team != ROBBERS)
    return _judge(pile, judged)[1][team]


def _ids(pile: Sequence) -> list[int]:
    return [c if type(c) is int else c.id for c in pile]


def score_round(pile: Sequence, closing_team: str | None, target: int = 0) -> RoundScore:
    """Score a round (rules/grisbi.md, "End of round (scoring)").

    ``pile``: the cards (``Card`` or card ids) in play order, the Location first. ``closing_team``: the team whose
    Stop is the pile's last card, and ``target`` that team's target in points: a wrong Stop gives the other team the
    round; otherwise the closing team wins if its correct, uncancelled Action points reach the target.

    ``closing_team=None`` scores a round that ended without a Stop (time limit, every hand empty; a digital-table
    decision): both teams' cards are judged (no "opponent's" verdicts), and the team with the higher total wins,
    the Robbers on a tie; ``target`` is not used.

    Raises ValueError if the pile does not start with a Location, or does not end with a Stop of ``closing_team``
    (or, without a closing team, holds a Stop).
    """
    ids = _ids(pile)
    if not ids or KIND[ids[0]] != LOCATION:
        raise ValueError("a pile starts with its Location")
    if closing_team is None:
        if any(KIND[c] == STOP for c in ids):
            raise ValueError("a round with a Stop in its pile ended with that Stop")
        verdicts, totals = _judge(ids, (True, True))
        w = ROBBERS if totals[0] >= totals[1] else 1 - ROBBERS
        return RoundScore(TEAMS[w], totals[w], tuple(verdicts), None, totals[1 - w])
    team = TEAMS.index(closing_team)
    last = ids[-1]
    if len(ids) < 2 or KIND[last] != STOP or TEAM[last] != team:
        raise ValueError(f"the pile must end with a {closing_team} Stop")
    verdicts, totals = _judge(ids, (team == 0, team == 1))
    points = totals[team]
    if verdicts[-1] == "stop wrong" or points < target:
        winner = TEAMS[1 - team]
    else:
        winner = closing_team
    return RoundScore(winner, points, tuple(verdicts), closing_team, None)

