"""Grisbi's tutorial coach (pure): hooks, Deny, Stop and the reveal, taught during one slow round."""

from __future__ import annotations

from typing import Any, Sequence


def coach(view: Any, seat: int, legal: Sequence[Any]) -> list[str]:
    phase = getattr(view, "phase", "")
    if phase == "countdown":
        return ["Get ready: your cards stay face down until START.",
                "Then everybody plays at once, no turns."]
    if phase == "reveal":
        lines = ["The reveal: only the closing team's cards count.",
                 "A card counts if its main object is a hook (its team's row) of the card under it.",
                 "Reach your team's target to win the Location."]
        if getattr(view, "practice", False):
            lines.append("Practice: read why at the top, then press your select key for the next round.")
        return lines
    if phase == "over":
        return ["The game is over: the first team with 3 Locations wins."]
    if legal:
        return ["A card fits when its main object is one of the hooks of the top card, in your team's row.",
                "A Deny on the other team's card with the same object cancels it.",
                "A Stop ends the round: lay it when you think your team has enough points."]
    return ["Watch the top card: find a card whose main object is one of its hooks."]
