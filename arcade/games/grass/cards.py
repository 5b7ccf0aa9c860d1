"""The 104 cards of Grass (rules/grass.md, "The deck: 104 cards").

A card is identified by its kind, a small int ``0 <= kind < KINDS``; cards of one kind are interchangeable, so hands,
piles and stashes are tuples of kinds. ``CARDS[kind]`` gives the name, group, count in the deck and dollar value:
the peddle value for peddle cards, the value a protection card covers, the penalty of a Paranoia card, 0 otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = [
    "Card", "CARDS", "KINDS", "DECK_SIZE", "NO_CARD",
    "MARKET_OPEN", "MARKET_CLOSE", "HOME_GROWN", "MEXICO", "COLOMBIA", "JAMAICA", "PANAMA", "DR_FEELGOOD",
    "LUST_CONQUERS_ALL", "GRAB_A_SNACK", "CATCH_A_BUZZ", "BUST", "DETAINED", "FELONY", "SEARCH_AND_SEIZURE",
    "IMMUNITY", "A_BREEZE_TO_FLY", "HEARSAY_EVIDENCE", "CHARGES_DROPPED", "PAY_FINE", "STONEHIGH", "EUPHORIA",
    "SOLD_OUT", "DOUBLE_CROSSED", "UTTERLY_WIPED_OUT", "STEAL_YOUR_NEIGHBORS_POT", "BANKER",
    "PEDDLE", "PROTECTION", "HEAT_ON", "HEAT_OFF", "NIRVANA", "PARANOIA", "REMEDY_OF", "HEAT_OF",
    "value", "name", "full_deck",
]

NO_CARD = -1
"""Marks "no card" in int fields (no heat on a Hassle pile, no Paranoia pass chosen yet...)."""

(MARKET_OPEN, MARKET_CLOSE, HOME_GROWN, MEXICO, COLOMBIA, JAMAICA, PANAMA, DR_FEELGOOD, LUST_CONQUERS_ALL,
 GRAB_A_SNACK, CATCH_A_BUZZ, BUST, DETAINED, FELONY, SEARCH_AND_SEIZURE, IMMUNITY, A_BREEZE_TO_FLY, HEARSAY_EVIDENCE,
 CHARGES_DROPPED, PAY_FINE, STONEHIGH, EUPHORIA, SOLD_OUT, DOUBLE_CROSSED, UTTERLY_WIPED_OUT,
 STEAL_YOUR_NEIGHBORS_POT, BANKER) = range(27)


@dataclass(frozen=True, slots=True)
class Card:
    """One kind of card: ``name``, ``group`` (market, peddle, protection, heat on, heat off, pay fine, nirvana,
    paranoia, skim), ``count`` in the 104-card deck and ``value`` in dollars (see the module docstring)."""

    kind: int
    name: str
    group: str
    count: int
    value: int = 0


CARDS: tuple[Card, ...] = (
    Card(MARKET_OPEN, "Market Open", "market", 10),
    Card(MARKET_CLOSE, "Market Close", "market", 5),
    Card(HOME_GROWN, "Home Grown", "peddle", 6, 5_000),
    Card(MEXICO, "Mexico", "peddle", 6, 5_000),
    Card(COLOMBIA, "Colombia", "peddle", 5, 25_000),
    Card(JAMAICA, "Jamaica", "peddle", 5, 25_000),
    Card(PANAMA, "Panama", "peddle", 5, 50_000),
    Card(DR_FEELGOOD, "Dr. Feelgood", "peddle", 1, 100_000),
    Card(LUST_CONQUERS_ALL, "Lust Conquers All", "protection", 2, 50_000),
    Card(GRAB_A_SNACK, "Grab a Snack", "protection", 2, 25_000),
    Card(CATCH_A_BUZZ, "Catch a Buzz", "protection", 2, 25_000),
    Card(BUST, "Bust", "heat on", 3),
    Card(DETAINED, "Detained", "heat on", 3),
    Card(FELONY, "Felony", "heat on", 3),
    Card(SEARCH_AND_SEIZURE, "Search & Seizure", "heat on", 3),
    Card(IMMUNITY, "Immunity", "heat off", 5),
    Card(A_BREEZE_TO_FLY, "A Breeze to Fly", "heat off", 5),
    Card(HEARSAY_EVIDENCE, "Hearsay Evidence", "heat off", 5),
    Card(CHARGES_DROPPED, "Charges Dropped", "heat off", 5),
    Card(PAY_FINE, "Pay Fine / Heat Off", "pay fine", 4),
    Card(STONEHIGH, "Stonehigh", "nirvana", 5),
    Card(EUPHORIA, "Euphoria", "nirvana", 1),
    Card(SOLD_OUT, "Sold Out", "paranoia", 4, 25_000),
    Card(DOUBLE_CROSSED, "Double Crossed", "paranoia", 3, 50_000),
    Card(UTTERLY_WIPED_OUT, "Utterly Wiped Out", "paranoia", 1, 100_000),
    Card(STEAL_YOUR_NEIGHBORS_POT, "Steal Your Neighbor's Pot", "skim", 4),
    Card(BANKER, "Banker", "skim", 1),
)
KINDS = len(CARDS)
DECK_SIZE = sum(c.count for c in CARDS)
assert DECK_SIZE == 104

PEDDLE = frozenset(c.kind for c in CARDS if c.group == "peddle")
PROTECTION = frozenset(c.kind for c in CARDS if c.group == "protection")
HEAT_ON = frozenset(c.kind for c in CARDS if c.group == "heat on")
HEAT_OFF = frozenset(c.kind for c in CARDS if c.group == "heat off")
NIRVANA = frozenset((STONEHIGH, EUPHORIA))
PARANOIA = frozenset((SOLD_OUT, DOUBLE_CROSSED, UTTERLY_WIPED_OUT))

REMEDY_OF = {BUST: IMMUNITY, DETAINED: A_BREEZE_TO_FLY, FELONY: HEARSAY_EVIDENCE, SEARCH_AND_SEIZURE: CHARGES_DROPPED}
"""The Heat Off that clears each Heat On."""
HEAT_OF = {v: k for k, v in REMEDY_OF.items()}
"""The Heat On that each Heat Off clears."""


def value(kind: int) -> int:
    """The dollar value printed on a card (peddle value, protection value, Paranoia penalty; 0 for the others)."""
    return CARDS[kind].value


def name(kind: int) -> str:
    """The card's name as printed ("?" for NO_CARD, a hidden card)."""
    return CARDS[kind].name if 0 <= kind < KINDS else "?"


def full_deck() -> tuple[int, ...]:
    """All 104 cards as kinds, in kind order (unshuffled)."""
    return tuple(c.kind for c in CARDS for _ in range(c.count))
