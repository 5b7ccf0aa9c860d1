"""Animated effects shared by several tables (an explosion: Grenade's grenade, Cops & Robbers' offences)."""

from __future__ import annotations

import math
from functools import lru_cache

import pygame

__all__ = ["burst"]


@lru_cache(maxsize=32)
def burst(step: int, size: int) -> pygame.Surface:
    """Frame ``step`` (0..11) of an explosion ``size`` pixels across: a flash that grows, rays, then smoke."""
    s = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size // 2
    t = (step + 1) / 12
    fade = max(0.0, 1.0 - t) ** 0.7
    rad = int(c * (0.25 + 0.75 * t))
    pygame.draw.circle(s, (90, 70, 60, int(150 * t * fade)), (c, c), rad)
    pygame.draw.circle(s, (255, 140, 30, int(230 * fade)), (c, c), int(rad * 0.85))
    pygame.draw.circle(s, (255, 230, 90, int(255 * fade)), (c, c), int(rad * 0.5))
    for k in range(12):
        a = k * math.pi / 6 + step * 0.09
        r0, r1 = rad * 0.6, rad * (1.05 + 0.25 * (k % 2))
        p0 = (c + r0 * math.cos(a), c + r0 * math.sin(a))
        p1 = (c + r1 * math.cos(a), c + r1 * math.sin(a))
        pygame.draw.line(s, (255, 245, 180, int(255 * fade)), p0, p1, max(2, size // 40))
    return s
