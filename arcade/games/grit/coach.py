"""Grit's tutorial coach: what is happening now and what the player may do, from their view (pure), in the player's
language."""

from __future__ import annotations

from typing import Any, Sequence

from arcade.core.i18n import _


def coach(view: Any, seat: int, legal: Sequence[Any]) -> list[str]:
    """Up to three short lines for ``seat`` in this situation."""
    phase = getattr(view, "phase", "")
    if getattr(view, "result", None) is not None or phase == "over":
        return [_("The duel is over."), _("The top card of each of your three piles adds up to your Injuries."),
                _("Closest to 21 without reaching 22 wins.")]
    if phase == "word":
        if view.word == seat:
            return [_("You hold The Word: your visible Injuries are higher (or won the tie)."),
                    _("Choose who lays a Complaint first this round."),
                    _("Laying second lets you answer what you see.")]
        return [_("Your opponent holds The Word and chooses who lays first.")]
    if phase == "keep" and seat in getattr(view, "to_act", ()):
        return [_("The round is over: your Marked Complaint is on your own pile."),
                _("Face down, it stays hidden until the duel ends, but does not count towards The Word."),
                _("You may also turn it face up.")]
    if seat in getattr(view, "to_act", ()):
        return [_("Lay one Complaint face down on any pile: yours or your opponent's."),
                _("Only the top card of a pile counts."),
                _("Push your opponent over 21, or bring your own total close to 21 without going over.")]
    return [_("Your opponent is laying a Complaint."), _("When both cards are down they turn face up.")]
