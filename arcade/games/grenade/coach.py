"""Grenade's tutorial coach (pure)."""

from __future__ import annotations

from typing import Any, Sequence


def coach(view: Any, seat: int, legal: Sequence[Any]) -> list[str]:
    if getattr(view, "winners", ()):
        return ["The game is over: the last player standing wins."]
    hearts = view.hearts[seat] if getattr(view, "hearts", None) else ()
    names = {1: "Ace"}
    mine = " and ".join(names.get(h, str(h)) for h in hearts if h) or "your"
    if view.current == seat:
        return [f"Your heart says: keep the {mine} of spades alive.",
                f"The black die shows {view.roll}. Choose a grenade to move that many places.",
                "A grenade reaching 6 blows up the card under it."]
    return ["Another player moves a grenade.", "Watch which cards they threaten: it tells you whose card is whose."]
