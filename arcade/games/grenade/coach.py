"""Grenade's tutorial coach (pure), from the learner's view as the table shows it: while a move plays, ``current`` is
the player whose grenade hops and ``history[-1]`` that move (``Table.coach_view``)."""

from __future__ import annotations

from typing import Any, Sequence

from arcade.core.i18n import _

from .terms import grenade_name


def coach(view: Any, seat: int, legal: Sequence[Any]) -> list[str]:
    if getattr(view, "winners", ()):
        return ["The game is over: the last player standing wins."]
    hearts = view.hearts[seat] if getattr(view, "hearts", None) else ()
    names = {1: "Ace"}
    mine = " and ".join(names.get(h, str(h)) for h in hearts if h) or "your"
    history = getattr(view, "history", ())
    if history and history[-1].seat == view.current:  # the move just made still plays on the table
        if view.current == seat:
            return [_("You threw the {grenade}: watch it hop, and what it blows up if it reaches 6.").format(
                        grenade=grenade_name(history[-1].die)),
                    _("Then the other players move a grenade each, one after another.")]
        return [_("Another player throws the {grenade}.").format(grenade=grenade_name(history[-1].die)),
                "Watch which cards they threaten: it tells you whose card is whose."]
    if view.current == seat:
        return [f"Your heart says: keep the {mine} of spades alive.",
                f"The black die shows {view.roll}. Choose a grenade to move that many places.",
                "A grenade reaching 6 blows up the card under it."]
    return ["Another player moves a grenade.", "Watch which cards they threaten: it tells you whose card is whose."]
