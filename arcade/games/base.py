"""Old import path of the rules contract, kept for tests and tools: the protocols live in ``arcade.core.protocols``,
the tick adapter in ``arcade.core.simulation``, the canonical encoding in ``arcade.core.canonical``."""

from arcade.core.canonical import canonical_bytes, state_checksum, to_plain
from arcade.core.protocols import MAX_INPUT, IllegalAction, RealTimeRules, TurnRules, is_turn_based
from arcade.core.simulation import (ChainedDeals, RealTimeSimulation, Simulation, TurnSimulation, action_input,
                                    input_action, simulation_for)

__all__ = ["IllegalAction", "TurnRules", "RealTimeRules", "Simulation", "TurnSimulation", "RealTimeSimulation",
           "simulation_for", "ChainedDeals", "is_turn_based", "canonical_bytes", "state_checksum", "to_plain",
           "MAX_INPUT", "action_input", "input_action"]
