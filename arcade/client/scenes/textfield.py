"""Text entry on the LAN and online screens: the field of the selected row has focus and keys type in it at once
(``TextField.type_keys``), so a zone's letters never move the menu there."""

from __future__ import annotations

import pygame

__all__ = ["TextField"]


_KEYCHARS: dict[int, str] = {getattr(pygame, f"K_{c}"): c for c in "abcdefghijklmnopqrstuvwxyz0123456789"}
_KEYCHARS.update({getattr(pygame, f"K_KP{d}"): str(d) for d in range(10)})
_KEYCHARS.update({pygame.K_PERIOD: ".", pygame.K_KP_PERIOD: ".", pygame.K_MINUS: "-", pygame.K_KP_MINUS: "-",
                  pygame.K_SEMICOLON: ":", pygame.K_COLON: ":", pygame.K_SPACE: " ", pygame.K_SLASH: "/",
                  pygame.K_KP_DIVIDE: "/"})
_LOWER = "abcdefghijklmnopqrstuvwxyz0123456789"
_ALLOWED = {"address": set("0123456789.:"), "code": set("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-"),
            "name": set(_LOWER + " -."), "port": set("0123456789"), "ip": set("0123456789."),
            "words": set(_LOWER + "- "), "url": set(_LOWER + ".:/-_"), "server": set(_LOWER + ".:-"),
            "secret": {chr(c) for c in range(33, 127)}}


FOCUS_KEYS = {pygame.K_UP: "up", pygame.K_DOWN: "down", pygame.K_TAB: "tab", pygame.K_RETURN: "enter",
              pygame.K_KP_ENTER: "enter", pygame.K_ESCAPE: "escape"}
"""The keys that still move or leave a screen while a text field has focus (``TextField.type_keys``), by name."""


def pad_devices(inp) -> list[str]:
    """The gamepads of ``inp``: the devices whose buttons still move a menu while a text field has focus (a
    keyboard zone's keys type there)."""
    return [d for d in inp.devices if d.startswith("pad")]


class TextField:
    """A one-line text field typed with the keyboard (raw keys of the tick, see the module docstring).

    ``kind``: "address", "code" (upper case), "name", "port", "ip", "words" (an internet code: lower case, digits,
    dashes, spaces), "url", "server" (host:port) or "secret" (any printable character, shown masked by its
    screen); ``maxlen`` characters. ``feed`` may also get each key's typed character (``InputMap.key_chars``): it
    is used when the field allows it (upper case, punctuation), else the key's own character is."""

    def __init__(self, value: str, kind: str, maxlen: int = 24) -> None:
        self.value = value
        self.kind = kind
        self.maxlen = maxlen
        self.editing = False
        self._before = value

    def start(self) -> None:
        self.editing = True
        self._before = self.value

    def feed(self, keys: list[int], chars: list[str] | None = None) -> str | None:
        """Apply this tick's keys (and the characters they typed, if known); returns "done" (Enter) or "cancel"
        (Esc) when editing ends."""
        for n, k in enumerate(keys):
            if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.editing = False
                return "done"
            if k == pygame.K_ESCAPE:
                self.value = self._before
                self.editing = False
                return "cancel"
            self.type_key(k, chars[n] if chars is not None and n < len(chars) else "")
        return None

    def type_keys(self, keys: list[int], chars: list[str] | None = None) -> str | None:
        """The field has focus (its row is the selected one: no key is needed to start typing): this tick's keys
        type into it, as ``feed`` does, up to the first key of ``FOCUS_KEYS``, whose name is returned ("up",
        "down", "tab", "enter", "escape"; the scene moves or leaves; the keys after it are dropped). Letters of
        the keyboard zones (W A S D E Q I J K L O U) are letters here, never menu moves."""
        self.editing = True
        for n, k in enumerate(keys):
            if k in FOCUS_KEYS:
                return FOCUS_KEYS[k]
            self.type_key(k, chars[n] if chars is not None and n < len(chars) else "")
        return None

    def type_key(self, k: int, typed: str = "") -> None:
        """One key typed (``typed``: the character it typed, "" if unknown). Backspace deletes the last character,
        Delete clears; in a "words" field a space or a dash is the code's dash (never two in a row, none first)."""
        if k == pygame.K_BACKSPACE:
            self.value = self.value[:-1]
            return
        if k == pygame.K_DELETE:
            self.value = ""
            return
        ch = typed if len(typed) == 1 and typed in _ALLOWED[self.kind] else _KEYCHARS.get(k)
        if ch is None:
            return
        if self.kind == "code":
            ch = ch.upper()
        elif self.kind == "name" and (not self.value or self.value.endswith(" ")):
            ch = ch.upper()
        elif self.kind == "words":
            ch = ch.lower()
            if ch in " -":
                if not self.value or self.value.endswith("-"):
                    return
                ch = "-"
        if (ch in _ALLOWED[self.kind] or (self.kind == "name" and ch.isupper())) and len(self.value) < self.maxlen:
            self.value += ch

    def shown(self, ticks: int) -> str:
        return self.value + ("▌" if self.editing and ticks // 20 % 2 == 0 else (" " if self.editing else ""))
