"""Grisbi's situation coach (pure): which lesson (hooks, Deny, Stop, the reveal; rules/grisbi.md) the learner's hand
and the pile make the move to play now. The tutorial's scripted round (``tutorial``) says its own lines and falls
back on this one outside that round."""

from __future__ import annotations

from typing import Any, Sequence

from arcade.core.i18n import N_, _
from arcade.games.grisbi.cards import ACTION, CARDS, DENY, KIND, MAIN, STOP, TEAM, TEAMS, describe_card
from arcade.games.grisbi.scoring import is_correct, team_total

__all__ = ["coach", "LESSONS"]

LESSONS = (N_("Hooks"), N_("Deny"), N_("Stop"), N_("The reveal"))
"""The lessons, in the words each one's first line starts with (English ids)."""


def _lesson(view: Any) -> list[str]:
    """The lesson the learner's hand and the top of the pile call for now (empty: nothing to lay)."""
    if not view.pile_cards or view.team is None:
        return []
    top, team = view.pile_cards[-1], TEAMS.index(view.team)
    for c in view.hand:
        if KIND[c] == DENY and KIND[top] == ACTION and TEAM[top] == 1 - team and MAIN[c] == MAIN[top]:
            return [_("Deny: the other team just laid a {object} card.").format(object=_(CARDS[top].main)),
                    _("Your Deny {object} has the same picture: lay it to cancel their card.").format(
                        object=_(CARDS[c].main))]
    total, target = team_total(view.pile_cards, team), view.targets[team]
    if total >= target and any(KIND[c] == STOP for c in view.hand):
        return [_("Stop: your team has {total} of its {target} points on the pile.").format(total=total,
                                                                                           target=target),
                _("Lay your Stop now to end the round before the other team catches up.")]
    fits = [c for c in view.hand if KIND[c] == ACTION and is_correct(c, top)]
    if fits:
        if CARDS[top].main:
            first = _("Hooks: the top card is a {object} card. Its hooks for your team are the small pictures in "
                      "your row.").format(object=_(CARDS[top].main))
        else:  # a Location (or a Stop) by its name
            first = _("Hooks: the top card is {card}. Its hooks for your team are the small pictures in your "
                      "row.").format(card=describe_card(top))
        return [first, _("Your {object} card fits: its big picture is one of those hooks. Lay it.").format(
            object=_(CARDS[fits[0]].main))]
    return []


def coach(view: Any, seat: int, legal: Sequence[Any]) -> list[str]:
    """Up to three lines for the coach panel, from ``view`` (the learner's ``GrisbiView``)."""
    phase = getattr(view, "phase", "")
    if phase == "countdown":
        return [_("Get ready: your cards stay face down until START."),
                _("Then everybody plays at once, no turns.")]
    if phase == "reveal":
        lines = [_("The reveal: only the closing team's cards count."),
                 _("A card counts if its main object is a hook (its team's row) of the card under it."),
                 _("Reach your team's target to win the Location.")]
        if getattr(view, "practice", False):
            lines[2] = _("Reach the target to win the Location; then press your select key for the next round.")
        return lines
    if phase == "over":
        return [_("The game is over: the first team with 3 Locations wins.")]
    lesson = _lesson(view) if legal else []
    if lesson:
        return lesson
    return [_("Watch the top card: you need a card whose big object is one of its hooks."),
            _("Nothing of yours fits yet: wait for the pile to change.")]
