"""Where the window goes on the desktop: the work area (the desktop less panels, docks and taskbars) and the window
manager's frame around the window, asked of the SDL library pygame already loaded (pygame-ce has no call for
either: ``SDL_GetDisplayUsableBounds`` and ``SDL_GetWindowBordersSize`` through ``ctypes``), and the pure rule
that places a window of a given size in that area (``window_spot``).

Everything here is best effort: when SDL cannot be reached or does not say, the work area is the whole desktop and
the frame's title bar is taken as ``TITLE_BAR_H`` px.
"""

from __future__ import annotations

import ctypes
import glob
import logging
import os
import sys
from functools import lru_cache

import pygame

__all__ = ["TITLE_BAR_H", "window_spot", "work_area", "frame_extents"]

log = logging.getLogger(__name__)

TITLE_BAR_H = 32
"""The title bar's height (px) assumed when the window manager's frame is not known."""


class _Rect(ctypes.Structure):
    _fields_ = [("x", ctypes.c_int), ("y", ctypes.c_int), ("w", ctypes.c_int), ("h", ctypes.c_int)]


def _candidates() -> list[str]:
    """Paths or names of the SDL2 library this process uses, most likely first."""
    out: list[str] = []
    if sys.platform.startswith("linux"):
        try:
            with open("/proc/self/maps", encoding="utf-8", errors="replace") as f:
                out += sorted({ln.split()[-1] for ln in f if "/libSDL2-2" in ln or "/libSDL2.so" in ln})
        except OSError:
            pass
    here = os.path.dirname(pygame.__file__)
    for pattern in ("SDL2.dll", ".dylibs/libSDL2*.dylib", "../pygame_ce.libs/libSDL2-2*.so*"):
        out += sorted(glob.glob(os.path.join(here, pattern)))
    out += ["libSDL2-2.0.so.0", "SDL2", "libSDL2-2.0.0.dylib"]
    return out


@lru_cache(maxsize=1)
def _sdl():
    """The SDL2 library as a ``ctypes.CDLL`` with the two calls typed, or None."""
    for name in _candidates():
        try:
            lib = ctypes.CDLL(name)
            lib.SDL_GetDisplayUsableBounds.argtypes = [ctypes.c_int, ctypes.POINTER(_Rect)]
            lib.SDL_GetWindowFromID.restype = ctypes.c_void_p
            lib.SDL_GetWindowFromID.argtypes = [ctypes.c_uint32]
            lib.SDL_GetWindowBordersSize.argtypes = [ctypes.c_void_p] + [ctypes.POINTER(ctypes.c_int)] * 4
            return lib
        except (OSError, AttributeError):
            continue
    log.info("SDL's work area and window borders are not reachable: the whole desktop is used")
    return None


def work_area(desktop: tuple[int, int] | None) -> pygame.Rect | None:
    """The first display's work area in desktop px (SDL's usable bounds), else the whole ``desktop``, else None."""
    lib = _sdl()
    if lib is not None:
        r = _Rect()
        if lib.SDL_GetDisplayUsableBounds(0, ctypes.byref(r)) == 0 and r.w > 0 and r.h > 0:
            return pygame.Rect(r.x, r.y, r.w, r.h)
    return pygame.Rect(0, 0, *desktop) if desktop else None


def frame_extents(window_id: int) -> tuple[int, int, int, int] | None:
    """The window manager's frame around window ``window_id`` (``pygame.Window.id``) as (top, left, bottom, right)
    px, or None when SDL does not know it (no frame yet, no window manager, another platform)."""
    lib = _sdl()
    if lib is None:
        return None
    win = lib.SDL_GetWindowFromID(window_id)
    if not win:
        return None
    sides = [ctypes.c_int(0) for _ in range(4)]
    if lib.SDL_GetWindowBordersSize(win, *(ctypes.byref(s) for s in sides)) != 0:
        return None
    return tuple(s.value for s in sides)  # type: ignore[return-value]


def window_spot(size: tuple[int, int], area: pygame.Rect,
                frame: tuple[int, int, int, int] | None = None) -> tuple[int, int]:
    """Where the client area of a ``size`` px window goes so that the window with its frame (top, left, bottom,
    right px; ``TITLE_BAR_H`` on top when None) is centred in ``area`` and, if it is too large to fit, keeps its
    title bar and left edge inside it (the title bar is what a player drags)."""
    top, left, bottom, right = frame or (TITLE_BAR_H, 0, 0, 0)
    w, h = size[0] + left + right, size[1] + top + bottom
    x = area.x + max(0, (area.width - w) // 2)
    y = area.y + max(0, (area.height - h) // 2)
    return x + left, y + top
