"""Pure easing functions of progress ``t`` in [0, 1] -> eased progress (may overshoot for ``back``)."""

from __future__ import annotations

__all__ = ["linear", "ease_in_quad", "ease_out_quad", "ease_in_out_quad", "ease_out_cubic", "ease_out_back",
           "lerp", "clamp01"]


def clamp01(t: float) -> float:
    return 0.0 if t < 0.0 else 1.0 if t > 1.0 else t


def linear(t: float) -> float:
    return clamp01(t)


def ease_in_quad(t: float) -> float:
    t = clamp01(t)
    return t * t


def ease_out_quad(t: float) -> float:
    t = clamp01(t)
    return 1.0 - (1.0 - t) * (1.0 - t)


def ease_in_out_quad(t: float) -> float:
    t = clamp01(t)
    return 2 * t * t if t < 0.5 else 1.0 - 2 * (1.0 - t) * (1.0 - t)


def ease_out_cubic(t: float) -> float:
    t = clamp01(t)
    return 1.0 - (1.0 - t) ** 3


def ease_out_back(t: float, s: float = 1.70158) -> float:
    t = clamp01(t) - 1.0
    return t * t * ((s + 1.0) * t + s) + 1.0


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t
