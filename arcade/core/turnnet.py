"""Old import path of the simulations a turn game runs on each peer in authority mode, kept for tests: the host's
referee is ``arcade.core.referee``, a joiner's views ``arcade.core.peerviews``."""

from .peerviews import PeerViewSim, authority_sim
from .referee import HostTurnSim

__all__ = ["HostTurnSim", "PeerViewSim", "authority_sim"]
