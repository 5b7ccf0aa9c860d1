"""Cops & Robbers' tutorial coach (pure), in the player's language."""

from __future__ import annotations

from typing import Any, Sequence

from arcade.core.i18n import _


def coach(view: Any, seat: int, legal: Sequence[Any]) -> list[str]:
    if getattr(view, "over", False):
        return [_("The round is over: your score is your team's coins plus your own.")]
    cop = str(view.roles[seat]).upper().startswith("C")
    pending = getattr(view, "pending", None)
    if pending is not None and legal:
        return [_("You are a Cop, under attack! Add one Defence card, or none.") if cop else
                _("You are a Robber, under attack! Add one Defence card, or none."),
                _("A weaker defence: a Cop pays, a Robber goes to jail.")]
    if view.current == seat:
        return [_("You are a Cop.") if cop else _("You are a Robber."),
                _("Your turn: draw, and lay one Defence (shield) if you like."),
                _("Then attack one player of the other team with an Offence card.")]
    return [_("You are a Cop. Another player's turn.") if cop else _("You are a Robber. Another player's turn.")]
