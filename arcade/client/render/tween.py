"""Sprites that tween toward where the state says they lie, counted in ticks.

A ``SpriteBoard`` holds one ``Placed`` value per key (a card id, a coin, a die). Each tick the table computes the
target placement of every key from the game's view and calls ``set_targets``; a key whose target changed starts a
tween from where it is now (a deal, a slide, a flip), a new key appears at its ``origin`` and slides in. ``draw``
interpolates between the last two ticks with the clock's alpha, so motion is smooth at any frame rate. Draw never
changes state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Hashable, Iterable

from arcade.client.render.easing import ease_out_cubic, lerp

__all__ = ["Placed", "Tween", "SpriteBoard"]


@dataclass(frozen=True)
class Placed:
    """Where a sprite should be: centre ``x, y`` (logical pixels), ``face_up``, ``z`` (draw order), ``scale``
    (1.0 = normal), ``lift`` (pixels raised, e.g. a scoring card), ``tag`` (free: highlight, marked...)."""

    x: float
    y: float
    face_up: bool = True
    z: int = 0
    scale: float = 1.0
    lift: float = 0.0
    tag: str = ""
    angle: int = 0


@dataclass
class Tween:
    start: Placed
    end: Placed
    ticks: int
    delay: int = 0
    elapsed: int = 0
    ease: Callable[[float], float] = ease_out_cubic

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.ticks

    def at(self, elapsed: float) -> tuple[float, float, float, float, float]:
        """(x, y, flip, scale, lift) at ``elapsed`` ticks; flip runs 0 (start face) .. 1 (end face)."""
        t = 0.0 if elapsed <= self.delay else min(1.0, (elapsed - self.delay) / max(1, self.ticks))
        e = self.ease(t)
        return (lerp(self.start.x, self.end.x, e), lerp(self.start.y, self.end.y, e), t,
                lerp(self.start.scale, self.end.scale, e), lerp(self.start.lift, self.end.lift, e))


@dataclass
class _Entry:
    placed: Placed
    tween: Tween | None = None


@dataclass
class SpriteBoard:
    """Keyed sprites with tweens. ``move_ticks``: default tween length; ``stagger``: extra delay per moved key
    (a deal lands card after card)."""

    move_ticks: int = 16
    stagger: int = 0
    entries: dict[Hashable, _Entry] = field(default_factory=dict)

    def set_targets(self, targets: dict[Hashable, Placed], origin: Callable[[Hashable], Placed] | None = None,
                    ticks: int | None = None) -> list[Hashable]:
        """Point every key at its new placement; returns the keys that started moving (in the order given)."""
        moved: list[Hashable] = []
        n = 0
        for key, target in targets.items():
            e = self.entries.get(key)
            if e is None:
                start = origin(key) if origin else target
                e = self.entries[key] = _Entry(start)
                if start == target:
                    e.placed = target
                    continue
            if e.placed != target and (e.tween is None or e.tween.end != target):
                current = self.current(key)
                delay = n * self.stagger
                e.tween = Tween(current, target, ticks if ticks is not None else self.move_ticks, delay)
                e.placed = target
                moved.append(key)
                n += 1
        for key in [k for k in self.entries if k not in targets]:
            del self.entries[key]
        return moved

    def current(self, key: Hashable) -> Placed:
        """The placement of a key now (mid-tween: where it is on the way)."""
        e = self.entries[key]
        if e.tween is None or e.tween.done:
            return e.placed
        x, y, flip, scale, lift = e.tween.at(e.tween.elapsed)
        face = e.tween.end.face_up if flip >= 0.5 else e.tween.start.face_up
        return Placed(x, y, face, e.tween.end.z, scale, lift, e.tween.end.tag, e.tween.end.angle)

    def update(self) -> None:
        """Advance every tween by one tick."""
        for e in self.entries.values():
            if e.tween is not None:
                e.tween.elapsed += 1
                if e.tween.done:
                    e.tween = None

    @property
    def busy(self) -> bool:
        return any(e.tween is not None for e in self.entries.values())

    def frames(self, alpha: float) -> Iterable[tuple[Hashable, Placed, float, bool]]:
        """For drawing: (key, placement, flip_width 0..1, moving) sorted by z, interpolated by ``alpha``.

        ``flip_width`` is the horizontal squash of a card turning over (1 = flat).
        """
        out = []
        for key, e in self.entries.items():
            tw = e.tween
            if tw is None:
                out.append((e.placed.z, key, e.placed, 1.0, False))
                continue
            x, y, flip, scale, lift = tw.at(tw.elapsed + alpha)
            flipping = tw.start.face_up != tw.end.face_up
            face = tw.end.face_up if (not flipping or flip >= 0.5) else tw.start.face_up
            width = abs(1.0 - 2.0 * flip) if flipping else 1.0
            z = tw.end.z + 1000
            out.append((z, key, Placed(x, y, face, z, scale, lift, tw.end.tag, tw.end.angle), width, True))
        out.sort(key=lambda r: r[0])
        return [(k, p, w, m) for _, k, p, w, m in out]
