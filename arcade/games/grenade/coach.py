"""Grenade's tutorial coach (pure), from the learner's view as the table shows it: while a move plays, ``current`` is
the player whose grenade hops and ``history[-1]`` that move (``Table.coach_view``). In the player's language."""

from __future__ import annotations

from typing import Any, Sequence

from arcade.core.i18n import _, ngettext
from arcade.core.results import join_names

from .rules import spade_name
from .terms import grenade_name


def coach(view: Any, seat: int, legal: Sequence[Any]) -> list[str]:
    if getattr(view, "winners", ()):
        return [_("The game is over: the last player standing wins.")]
    hearts = [h for h in (view.hearts[seat] if getattr(view, "hearts", None) else ()) if h]
    history = getattr(view, "history", ())
    if history and history[-1].seat == view.current:  # the move just made still plays on the table
        if view.current == seat:
            return [_("You threw the {grenade}: watch it hop, and what it blows up if it reaches 6.").format(
                        grenade=grenade_name(history[-1].die)),
                    _("Then the other players move a grenade each, one after another.")]
        return [_("Another player throws the {grenade}.").format(grenade=grenade_name(history[-1].die)),
                _("Watch which cards they threaten: it tells you whose card is whose.")]
    if view.current == seat:
        keep = (ngettext("Your heart says: keep the {cards} alive.", "Your hearts say: keep the {cards} alive.",
                         len(hearts)).format(cards=join_names([spade_name(h) + "♠" for h in hearts]))
                if hearts else _("Your heart says which spade to keep alive."))
        return [keep,
                _("The black die shows {n}. Choose a grenade to move that many places.").format(n=view.roll),
                _("A grenade reaching 6 blows up the card under it.")]
    return [_("Another player moves a grenade."),
            _("Watch which cards they threaten: it tells you whose card is whose.")]
