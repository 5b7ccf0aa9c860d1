"""Cops & Robbers' tutorial coach (pure)."""

from __future__ import annotations

from typing import Any, Sequence


def coach(view: Any, seat: int, legal: Sequence[Any]) -> list[str]:
    if getattr(view, "over", False):
        return ["The round is over: your score is your team's coins plus your own."]
    role = "a Cop" if str(view.roles[seat]).upper().startswith("C") else "a Robber"
    pending = getattr(view, "pending", None)
    if pending is not None and legal:
        return [f"You are {role}, under attack! Add one Defence card, or none.",
                "A weaker defence: a Cop pays, a Robber goes to jail."]
    if view.current == seat:
        return [f"You are {role}. Your turn: draw, lay one Defence (shield) if you like,",
                "and attack one player of the other team with an Offence card."]
    return [f"You are {role}. Another player's turn."]
