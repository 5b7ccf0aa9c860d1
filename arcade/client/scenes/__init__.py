"""Scenes on a stack: title, attract, seat setup, tables, pause, results, settings, rules help.

A scene reads logical buttons from ``app.input`` in ``update()`` (one 60 Hz tick) and paints in ``draw(surface,
alpha)``; draw never changes state. A ``transparent`` scene (pause) is drawn over the one below it.
"""

from __future__ import annotations

from typing import Any

import pygame

__all__ = ["Scene"]


class Scene:
    transparent = False
    name = "scene"
    still = False  # True: the picture changes only with input or state (menus), see ``in_motion``
    music: str | None = None
    """The music loop under this scene ("title", "play": ``arcade.client.audio.MUSIC``); None keeps the one playing."""

    def __init__(self, app: Any) -> None:  # the App (not imported: the app imports scenes)
        self.app = app
        self.ticks = 0

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack (pushed, or uncovered)."""

    def leave(self) -> None:
        """Called when another scene covers it or it is popped."""

    def update(self) -> None:
        """One simulation tick."""

    def in_motion(self) -> bool:
        """Whether the picture changes with time alone (a window then presents at the display rate); False: it
        changes only with input or the scene's own state, and is presented on those (and at a low idle rate)."""
        return not self.still

    def log_state(self) -> str:
        """A few words on what this scene waits for, for ``--scene-log`` (e.g. "acting=[0]" at a table)."""
        return ""

    def draw(self, surf: pygame.Surface, alpha: float) -> None:
        """Paint the scene; ``alpha`` (0..1) is the fraction of the next tick elapsed, for interpolation."""
