"""Old import path of the bot contract and bot seat, kept for tests and tools: they live in ``arcade.core.bots``."""

from arcade.core.bots import LEVELS, BotSeat, decision_rng, random_choose, random_inputs, searching_hard

__all__ = ["LEVELS", "BotSeat", "random_choose", "random_inputs", "decision_rng", "searching_hard"]
