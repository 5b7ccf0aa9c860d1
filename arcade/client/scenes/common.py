"""Helpers every menu screen shares: the menus' hints, leaving a screen, moving in a menu, a game's card art."""

from __future__ import annotations

from arcade.games import definition_of
from arcade.core.i18n import _

__all__ = ["menu_hints", "backed", "card_art_of", "menu_step"]


def menu_hints(app) -> list[str]:
    """The title's key hints, with the letters of the player's keyboard layout ("Z/S" on AZERTY)."""
    h = app.input.hint
    # TRANSLATORS: {keys}: the up/down keys of the letter zones, "W/S I/K" ("Z/S I/K" on AZERTY)
    return [_("Any keys: ↑/↓ {keys} choose").format(keys=" ".join(f"{h(z, 'UP')}/{h(z, 'DOWN')}"
                                                                 for z in ("wasd", "ijkl"))),
            # TRANSLATORS: {keys}: every keyboard zone's select key, "Enter / E / O / Num0"
            _("{keys} or click: select").format(keys=" / ".join(h(z, "A") for z in ("arrows", "wasd", "ijkl",
                                                                                    "numpad"))),
            _("Esc or right-click: back")]


def backed(inp) -> bool:
    """Esc, any B button or a right-click: leave this screen."""
    return inp.escape_pressed or inp.pressed("B") or inp.right_click


def card_art_of(gid: str):
    """The game's card-art function for its rules page (its definition's ``load_card_art``), or None."""
    load = definition_of(gid).load_card_art
    return load() if load is not None else None


def menu_step(inp, cur: int, n: int, audio=None) -> int:
    """``cur`` moved by the UP/DOWN menu buttons of every device (with auto-repeat), wrapping in ``0..n-1``;
    ``audio`` given: a "move" sound at each step."""
    for button, d in (("UP", -1), ("DOWN", 1)):
        if inp.menu(button):
            cur = (cur + d) % n
            if audio is not None:
                audio.play("move")
    return cur
