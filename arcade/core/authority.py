"""Old import path of the turn games' authority, kept for tests: the host's referee is ``arcade.core.referee``
(``HostTurnSim``, the old ``TurnAuthority``), a joiner's views and the deal check ``arcade.core.peerviews``."""

from .peerviews import (DEAL_UNFAIR, DEAL_VERIFIED, DealVerdict, ViewDigests, ViewSim, deal_line, make_view_sim,
                        replay_log, verify_views, view_digest)
from .referee import HostTurnSim, public_actions, view_bytes

TurnAuthority = HostTurnSim

__all__ = ["TurnAuthority", "ViewDigests", "DealVerdict", "ViewSim", "view_bytes", "view_digest", "replay_log",
           "verify_views", "public_actions", "make_view_sim", "deal_line", "DEAL_VERIFIED", "DEAL_UNFAIR"]
