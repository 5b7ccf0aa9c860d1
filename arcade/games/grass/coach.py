"""Grass's tutorial coach (pure): what to do now, from the learner's view, in the player's language."""

from __future__ import annotations

from typing import Any, Sequence

from arcade.core.i18n import _, format_money


def coach(view: Any, seat: int, legal: Sequence[Any]) -> list[str]:
    phase = getattr(view, "phase", "")
    me = view.seats[seat] if getattr(view, "seats", None) else None
    if phase in ("scoring", "over"):
        return [_("The hand is scored: your Stash, minus the largest peddle and any Paranoia still in your hand."),
                _("First to {goal} over the hands wins.").format(goal=format_money(getattr(view, "goal", 250_000)))]
    if phase == "paranoia":
        return [_("Paranoia! Choose one card to pass to the player on your left.")]
    if phase == "answer":
        return [_("A trade is offered to you: accept it or refuse it.")]
    if getattr(view, "current", -1) != seat:
        return [_("Another player's turn. Watch their Hassle pile and Stash.")]
    if me is not None and not me.market_open:
        return [_("Your turn: you hold 7 cards."),
                _("First open your market: lay a Market Open card."), _("If you have none, discard a card.")]
    if me is not None and me.heat >= 0:  # a Heat On card on your pile (NO_CARD is -1)
        return [_("Heat is on you!"),
                _("Lay the matching Heat Off (or Pay Fine) before you can lay peddle again.")]
    return [_("Your market is open: lay peddle in your Stash, put heat on a rival, or discard."),
            _("You always end your turn with 6 cards.")]


def done(view: Any) -> bool:
    """The tutorial teaches one hand: it ends once the first hand is scored."""
    return getattr(view, "hand_no", 1) > 1 or getattr(view, "phase", "") == "over"
