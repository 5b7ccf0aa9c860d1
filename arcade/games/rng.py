"""Old import path of the seeded generator, kept for tests and tools: it lives in ``arcade.core.rng``."""

from arcade.core.rng import Rng, seed_mix

__all__ = ["Rng", "seed_mix"]
