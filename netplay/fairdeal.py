"""The fair deal's end-of-match reveal for host-authoritative turn games (DESIGN.md "Fair deal"), game-agnostic.

In a turn game the host alone knows the seed while the match runs (its joiners get only their seats' views). At the
end it reveals every peer's nonce and the full action log; each joiner checks here that the nonces are the ones
committed before any was revealed and gives the seed they make, then re-simulates the match on the game side
(``arcade.core.authority.verify_views``).
"""

from __future__ import annotations

from typing import Any

from .wire import commit_of, is_real_commit, seed_from_nonces

__all__ = ["reveal_problem", "revealed_seed"]


def reveal_problem(commits: list[list[Any]], nonces: list[list[Any]]) -> str | None:
    """Why a reveal does not prove a fair deal, or None. ``commits``: ``[[peer, commit (32 bytes)], ...]`` as
    received before the deal; ``nonces``: ``[[peer, nonce (32 bytes)], ...]`` as revealed. Refused: other peers
    than committed (or in another order), a commit that is no real digest (all zero), a nonce whose blake2b-256 is
    not its commit."""
    if [p for p, _ in nonces] != [p for p, _ in commits]:
        return "the host revealed other peers than it committed"
    for (peer, n), (_, c) in zip(nonces, commits):
        if not is_real_commit(c):
            return f"peer {peer}'s commit is no real digest"
        if type(n) is not bytes or commit_of(n) != c:
            return f"peer {peer}'s revealed nonce does not match its commit"
    return None


def revealed_seed(nonces: list[list[Any]]) -> int:
    """The match seed the revealed nonces make (``wire.seed_from_nonces``, nonces in peer order)."""
    return seed_from_nonces([n for _, n in nonces])
