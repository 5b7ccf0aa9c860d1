"""Grit's cards (rules/grit.md, "Deck (12 cards)").

A card is an int ``suit * 13 + rank - 1``: suit 0 = spades, 1 = hearts; rank 1 = Ace ... 13 = King. So the spades
are 0..12 and the hearts 13..25. The deck of a duel holds eleven spades and one heart:

- standard deck: the spades A, 2-9, Q, K (no 10, no J), plus one heart drawn at random from A-K;
- prototype deck (option ``prototype_deck=True``): the spades A, 2-9, 10, J (no Q, no K), plus one heart drawn at
  random from A-9.

Values (decision, as in blackjack): Ace 1, 2-9 face value, 10, J, Q and K count 10.
"""

from __future__ import annotations

__all__ = [
    "SPADES",
    "HEARTS",
    "make_card",
    "rank_of",
    "suit_of",
    "is_heart",
    "card_value",
    "card_label",
    "CARD_NAMES",
    "spade_ranks",
    "heart_ranks",
    "deck_spades",
]

SPADES = 0
HEARTS = 1

_RANK_LABELS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_SUIT_SYMBOLS = ("\u2660", "\u2665")  # ♠ ♥


def make_card(rank: int, suit: int = SPADES) -> int:
    """The card int of ``rank`` (1 = Ace ... 13 = King) in ``suit`` (SPADES or HEARTS). Raises ValueError otherwise."""
    if not 1 <= rank <= 13 or suit not in (SPADES, HEARTS):
        raise ValueError(f"no such card: rank {rank}, suit {suit}")
    return suit * 13 + rank - 1


def rank_of(card: int) -> int:
    """Rank 1 (Ace) .. 13 (King)."""
    return card % 13 + 1


def suit_of(card: int) -> int:
    """SPADES (0) or HEARTS (1)."""
    return card // 13


def is_heart(card: int) -> bool:
    """True for the random heart."""
    return card >= 13


def card_value(card: int) -> int:
    """Injury points of a card: Ace 1, 2-9 face value, 10/J/Q/K 10 (rules: "Values")."""
    r = card % 13 + 1
    return r if r < 10 else 10


def card_label(card: int) -> str:
    """Short label for the table, e.g. ``"A♠"``, ``"Q♠"``, ``"7♥"``. Raises ValueError for a non-card."""
    if not 0 <= card < 26:
        raise ValueError(f"no such card: {card}")
    return _RANK_LABELS[card % 13] + _SUIT_SYMBOLS[card // 13]


CARD_NAMES: dict[int, str] = {c: card_label(c) for c in range(26)}
"""Label of every card int (0..25), as ``card_label`` gives it."""


def spade_ranks(prototype_deck: bool = False) -> tuple[int, ...]:
    """Ranks of the eleven spades in the deck: A-9, Q, K (standard) or A-9, 10, J (prototype deck)."""
    return tuple(range(1, 10)) + ((10, 11) if prototype_deck else (12, 13))


def heart_ranks(prototype_deck: bool = False) -> tuple[int, ...]:
    """Ranks the random heart is drawn from: A-K (standard) or A-9 (prototype deck)."""
    return tuple(range(1, 10 if prototype_deck else 14))


def deck_spades(prototype_deck: bool = False) -> tuple[int, ...]:
    """The eleven spade cards of the deck, in rank order."""
    return tuple(make_card(r, SPADES) for r in spade_ranks(prototype_deck))
