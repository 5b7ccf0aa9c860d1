"""Grisbi's cards: two team decks of 52 and the 5 Locations (rules/grisbi.md, "Components").

Every card is a frozen ``Card`` in the tuple ``CARDS``; a card's ``id`` is its index there, and the simulation
keeps only ids. Ids 0-51 are the Robbers' deck, 52-103 the Police deck, 104-108 the Locations.

Decisions taken here (the rulebook's pictures are not available):

- Objects: Police ``handcuffs``, ``police car``, ``dog``, ``security camera``; Robbers ``pincers``, ``keys``, ``gun``,
  ``dynamite`` (the names the rulebook uses).
- Action cards: 10 per own object; of each ten, five are worth 1 point, three 2 and two 3.
- Deny cards: 2 per opponent object, worth 0, with hooks like Action cards.
- Hooks: each Action and Deny card has two different police objects at the top and two different robber objects at
  the bottom. Over the 48 hooked cards of a deck each of the six possible pairs of a row appears exactly 8 times
  (over the 40 Action cards alone: 7 or 6 times).
- Stops: the four Stops of a deck show the pairs (1st, 2nd), (3rd, 4th), (1st, 3rd), (2nd, 4th) of the team's own
  objects: every object twice, no pair twice. No hooks, worth 0.
- Locations: Bank, Jewellery, Museum, Casino, Armoured Truck; hooks only (five different pairs in each row), no main
  object, worth 0.

Besides ``CARDS`` the module keeps flat per-id tables (``TEAM``, ``KIND``, ``MAIN``, ``POINTS``, ``ROW_BITS``,
``STOP_BITS``) that the 60 Hz simulation and the scoring read instead of the dataclasses.
"""

from __future__ import annotations

from dataclasses import dataclass

from arcade.core.i18n import N_, _

__all__ = [
    "Card", "CARDS", "TEAMS", "ROBBERS", "POLICE", "POLICE_OBJECTS", "ROBBER_OBJECTS", "OBJECTS", "LOCATION_NAMES",
    "LOCATION_IDS", "DECKS", "STOP_IDS", "ACTION", "DENY", "STOP", "LOCATION", "KINDS", "TEAM", "KIND", "MAIN",
    "POINTS", "ROW_BITS", "STOP_BITS", "describe_card", "NO_INPUT", "lay_input", "laid_card",
]

TEAMS = ("robbers", "police")
"""Team names; a team's index here (``ROBBERS`` = 0, ``POLICE`` = 1) is what the simulation stores."""
ROBBERS, POLICE = 0, 1

POLICE_OBJECTS = (N_("handcuffs"), N_("police car"), N_("dog"), N_("security camera"))
ROBBER_OBJECTS = (N_("pincers"), N_("keys"), N_("gun"), N_("dynamite"))
OBJECTS = POLICE_OBJECTS + ROBBER_OBJECTS
"""All eight objects; an object's index here is its bit number in ``ROW_BITS`` / ``STOP_BITS``."""
_TEAM_OBJECTS = (ROBBER_OBJECTS, POLICE_OBJECTS)  # indexed by team

LOCATION_NAMES = (N_("Bank"), N_("Jewellery"), N_("Museum"), N_("Casino"), N_("Armoured Truck"))
"""The Locations (English ids, as ``Card.name``; ``describe_card`` gives them in the player's language)."""

NO_INPUT = 0
"""The tick input that lays nothing."""


def lay_input(card: int) -> int:
    """The tick input that lays ``card`` (a card id): Grisbi's input rule, ``card id + 1`` (0 is ``NO_INPUT``). The
    bot, the table, the tutorial and the rules all read and write tick inputs through this pair."""
    return card + 1


def laid_card(tick_input: int) -> int | None:
    """The card id a tick input lays (the inverse of ``lay_input``), None for ``NO_INPUT`` or a negative input.
    Whether that card is in the seat's hand is the rules' business."""
    return tick_input - 1 if tick_input > NO_INPUT else None


KINDS = ("action", "deny", "stop", "location")
ACTION, DENY, STOP, LOCATION = 0, 1, 2, 3

_PAIRS = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))  # the six pairs of a row of four objects
_ACTION_POINTS = (1, 1, 1, 1, 1, 2, 2, 2, 3, 3)
_STOP_PAIRS = ((0, 1), (2, 3), (0, 2), (1, 3))


@dataclass(frozen=True, slots=True)
class Card:
    """One card.

    ``team`` is "robbers" or "police" (None for a Location); ``kind`` one of "action", "deny", "stop", "location";
    ``main`` the object in the middle (None for Stops and Locations); ``police_hooks`` / ``robber_hooks`` the two
    objects of the top (blue) and bottom (grey) rows (empty for Stops); ``objects`` the Stop's two objects (empty
    otherwise); ``points`` diamonds or sheriff stars (0 but for Action cards); ``name`` a short human label
    (for a Location, its name).
    """

    id: int
    team: str | None
    kind: str
    main: str | None
    police_hooks: tuple[str, ...]
    robber_hooks: tuple[str, ...]
    objects: tuple[str, ...]
    points: int
    name: str


def _team_label(team: str) -> str:
    return "Robbers'" if team == "robbers" else "Police"


def _build() -> tuple[Card, ...]:
    cards: list[Card] = []
    for team_index, team in enumerate(TEAMS):
        own = _TEAM_OBJECTS[team_index]
        opponent = _TEAM_OBJECTS[1 - team_index]
        hooked: list[tuple[str, str, int]] = []  # (kind, main, points) of the 48 hooked cards, in deck order
        for obj in own:
            hooked += [("action", obj, p) for p in _ACTION_POINTS]
        for obj in opponent:
            hooked += [("deny", obj, 0), ("deny", obj, 0)]
        for i, (kind, main, points) in enumerate(hooked):
            pp = _PAIRS[i % 6]
            rp = _PAIRS[(i + i // 6) % 6]  # a different walk through the pairs, so the rows are not tied together
            label = f"{_team_label(team)} {main} " + (f"Action ({points})" if kind == "action" else "Deny")
            cards.append(Card(len(cards), team, kind, main, (POLICE_OBJECTS[pp[0]], POLICE_OBJECTS[pp[1]]),
                              (ROBBER_OBJECTS[rp[0]], ROBBER_OBJECTS[rp[1]]), (), points, label))
        for a, b in _STOP_PAIRS:
            cards.append(Card(len(cards), team, "stop", None, (), (), (own[a], own[b]), 0,
                              f"{_team_label(team)} Stop ({own[a]} / {own[b]})"))
    for k, name in enumerate(LOCATION_NAMES):
        pp, rp = _PAIRS[k], _PAIRS[(k + 3) % 6]
        cards.append(Card(len(cards), None, "location", None, (POLICE_OBJECTS[pp[0]], POLICE_OBJECTS[pp[1]]),
                          (ROBBER_OBJECTS[rp[0]], ROBBER_OBJECTS[rp[1]]), (), 0, name))
    return tuple(cards)


CARDS: tuple[Card, ...] = _build()
"""Every card: Robbers' deck (ids 0-51), Police deck (52-103), Locations (104-108)."""

DECKS: tuple[tuple[int, ...], tuple[int, ...]] = tuple(
    tuple(c.id for c in CARDS if c.team == team) for team in TEAMS)  # type: ignore[assignment]
"""The ids of each team's 52-card deck, indexed by team index."""
STOP_IDS: tuple[tuple[int, ...], tuple[int, ...]] = tuple(
    tuple(c for c in deck if CARDS[c].kind == "stop") for deck in DECKS)  # type: ignore[assignment]
"""The ids of each team's 4 Stops."""
LOCATION_IDS: tuple[int, ...] = tuple(c.id for c in CARDS if c.kind == "location")

# --- flat tables for the hot path -----------------------------------------------------------------------------------


def _bits(names: tuple[str, ...]) -> int:
    out = 0
    for n in names:
        out |= 1 << OBJECTS.index(n)
    return out


TEAM: tuple[int, ...] = tuple(TEAMS.index(c.team) if c.team else -1 for c in CARDS)
"""Team index of each card id (-1 for Locations)."""
KIND: tuple[int, ...] = tuple(KINDS.index(c.kind) for c in CARDS)
"""Kind code of each card id (``ACTION``, ``DENY``, ``STOP``, ``LOCATION``)."""
MAIN: tuple[int, ...] = tuple(OBJECTS.index(c.main) if c.main else -1 for c in CARDS)
"""Main object index of each card id (-1 for none)."""
POINTS: tuple[int, ...] = tuple(c.points for c in CARDS)
ROW_BITS: tuple[tuple[int, ...], tuple[int, ...]] = (
    tuple(_bits(c.robber_hooks) for c in CARDS),
    tuple(_bits(c.police_hooks) for c in CARDS),
)
"""``ROW_BITS[team][card]``: bit set of the objects in that card's hook row for ``team`` (robbers: bottom row)."""
STOP_BITS: tuple[int, ...] = tuple(_bits(c.objects) for c in CARDS)
"""Bit set of a Stop's two objects (0 for other cards)."""


_CARD_WORDS = {  # (kind, team) -> a card's short text; English as ``Card.name``
    ("action", "robbers"): N_("Robbers' {object} Action ({points})"),
    ("action", "police"): N_("Police {object} Action ({points})"),
    ("deny", "robbers"): N_("Robbers' {object} Deny"),
    ("deny", "police"): N_("Police {object} Deny"),
    ("stop", "robbers"): N_("Robbers' Stop ({first} / {second})"),
    ("stop", "police"): N_("Police Stop ({first} / {second})"),
}


def describe_card(card_id: int) -> str:
    """Short human text of a card in the player's language, e.g. "Robbers' keys Action (2)" (English: the card's
    ``name``), "Banque". Raises IndexError for an unknown id."""
    if card_id < 0:
        raise IndexError(card_id)
    c = CARDS[card_id]
    if c.kind == "location":
        return _(c.name)
    words = _(_CARD_WORDS[(c.kind, c.team)])
    if c.kind == "stop":
        return words.format(first=_(c.objects[0]), second=_(c.objects[1]))
    return words.format(object=_(c.main), points=c.points)
