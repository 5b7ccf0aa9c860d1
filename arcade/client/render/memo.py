"""Memos of pictures: a small one of pictures made from another picture (a card scaled for its flight, squashed
mid-flip), and letting go of a table's pictures when it is no longer shown.

``DerivedPictures(maxsize)`` keeps the ``maxsize`` most recently used of them (least recently used out first), keyed
by the source surface (by identity, never mistaken for a later surface that happens to reuse a freed one's ``id``) and
a small key (a size, a flip step). Bounded by count, never emptied all at once: a long run's memory stays flat (the
caches it replaces held up to 600-2,048 surfaces of up to 180 KB each and were cleared whole when full).

``release(*packages)`` empties the picture caches of the modules of each package (e.g.
``"arcade.games.grisbi.table"``): every ``functools.lru_cache`` function, every ``DerivedPictures`` and every dict
named ``*_cache`` they define at module level; then it asks the C allocator to hand the freed pages back to the system
(glibc's ``malloc_trim``; nothing elsewhere): SDL allocates pixels with ``malloc``, and glibc otherwise keeps the
holes a released table leaves among longer-lived allocations (attract mode: 20-30 MB). Attract mode calls it for the
table it leaves: a table's pictures are built again, as on its first showing, the next time it is on screen, so a
client showing the five tables in turn holds the pictures of one table at a time rather than of all five (Grisbi's
alone are about 35 MB).
"""

from __future__ import annotations

import ctypes
import gc
import sys
import weakref
from collections import OrderedDict
from typing import Callable, Hashable

import pygame

__all__ = ["DerivedPictures", "release"]


class DerivedPictures:
    """The ``maxsize`` most recently used pictures made from other pictures (see the module docstring)."""

    def __init__(self, maxsize: int) -> None:
        self.maxsize = maxsize
        self._items: OrderedDict[tuple[int, Hashable], tuple[weakref.ref, pygame.Surface]] = OrderedDict()

    def get(self, source: pygame.Surface, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        """The picture made from ``source`` for ``key``: remembered, or ``make()`` now (and remembered)."""
        k = (id(source), key)
        hit = self._items.get(k)
        if hit is not None and hit[0]() is source:
            self._items.move_to_end(k)
            return hit[1]
        out = make()
        self._items[k] = (weakref.ref(source), out)
        self._items.move_to_end(k)
        while len(self._items) > self.maxsize:
            self._items.popitem(last=False)
        return out

    def __len__(self) -> int:
        return len(self._items)

    def clear(self) -> None:
        self._items.clear()


def release(*packages: str) -> int:
    """Empty the picture caches of every loaded module of ``packages`` and give the freed memory back to the system
    (see the module docstring); returns how many entries were dropped. Modules not imported yet are left alone."""
    dropped = 0
    for name, module in list(sys.modules.items()):
        if module is None or not any(name == p or name.startswith(p + ".") for p in packages):
            continue
        for obj in list(vars(module).values()):
            if getattr(obj, "__module__", None) == name and callable(getattr(obj, "cache_clear", None)):
                dropped += obj.cache_info().currsize
                obj.cache_clear()
        for attr, obj in list(vars(module).items()):
            if isinstance(obj, DerivedPictures) or (isinstance(obj, dict) and attr.endswith("_cache")):
                dropped += len(obj)
                obj.clear()
    if dropped:
        gc.collect()
        _trim()
    return dropped


def _trim() -> None:
    """glibc's ``malloc_trim(0)``: free pages inside the heap go back to the system. Nothing where there is none."""
    global _malloc_trim
    if _malloc_trim is None:
        try:
            _malloc_trim = ctypes.CDLL(None).malloc_trim
        except (OSError, AttributeError, TypeError):  # no C library by that name, or no malloc_trim in it
            _malloc_trim = False
    if _malloc_trim:
        _malloc_trim(0)


_malloc_trim = None
