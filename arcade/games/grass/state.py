"""Values of Grass: stashes, seats, the trade on the table, a hand's score breakdown, the state, actions, the view.

Everything here is a frozen dataclass of ints, strs and tuples (canonical msgpack, no floats). Cards are kinds
(``arcade.games.grass.cards``); hands and loose peddle are sorted tuples of kinds; a Hassle pile is a tuple of kinds
in the order laid (bottom first).
"""

from __future__ import annotations

from dataclasses import dataclass

from arcade.core.protocols import IllegalAction
from arcade.core.rng import Rng
from .cards import (CARDS, DR_FEELGOOD, HOME_GROWN, KINDS, MARKET_OPEN, MEXICO, COLOMBIA, JAMAICA, NO_CARD, PANAMA,
                    PROTECTION, value)

__all__ = ["Cover", "Stash", "Seat", "Trade", "Breakdown", "GrassState", "Action", "SeatView", "GrassView", "ANY",
           "OPS", "encode_action", "decode_action", "MAX_OFFER"]

ANY = KINDS
"""In ``Trade.ask``: "a card of your choice" (the target picks which card when accepting)."""
MAX_OFFER = 1
"""Hand cards trade one for one: at most one hand card each way in a proposal (rules/grass.md, "Corrections").
Stash peddle has no such limit: one or several laid cards each way."""


@dataclass(frozen=True, slots=True)
class Cover:
    """A protection card laid in a Stash and the peddle it covers (sorted kinds; total <= the card's value)."""

    card: int
    peddle: tuple[int, ...]

    @property
    def total(self) -> int:
        """Dollars of peddle under this protection."""
        return sum(value(k) for k in self.peddle)


@dataclass(frozen=True, slots=True)
class Stash:
    """A player's Stash: ``loose`` = unprotected peddle (sorted kinds), ``covers`` = protection cards with the peddle
    under each (rules/grass.md, "Protection")."""

    loose: tuple[int, ...] = ()
    covers: tuple[Cover, ...] = ()

    @property
    def total(self) -> int:
        """Dollars of all peddle in the Stash, protected or not (scoring step 1)."""
        return self.unprotected + sum(c.total for c in self.covers)

    @property
    def unprotected(self) -> int:
        """Dollars of unprotected peddle (what Nirvana, Paranoia, Skim cards and the Banker can reach)."""
        return sum(value(k) for k in self.loose)

    def cards(self) -> tuple[int, ...]:
        """Every card in the Stash: loose peddle, then each protection card and its peddle."""
        out = list(self.loose)
        for c in self.covers:
            out.append(c.card)
            out.extend(c.peddle)
        return tuple(out)


@dataclass(frozen=True, slots=True)
class Seat:
    """One player at the table: ``hand`` (sorted kinds), Hassle ``pile`` (kinds, bottom first), ``heat`` (the Heat On
    kind blocking the pile, or NO_CARD), ``stash``, ``lost_turns`` still to lose (Paranoia)."""

    hand: tuple[int, ...]
    pile: tuple[int, ...] = ()
    heat: int = NO_CARD
    stash: Stash = Stash()
    lost_turns: int = 0

    @property
    def market_open(self) -> bool:
        """True once a Market Open lies in the Hassle pile (until Utterly Wiped Out discards the pile)."""
        return MARKET_OPEN in self.pile

    @property
    def can_peddle(self) -> bool:
        """Market open and no Heat On: may lay peddle, Market Close (rules: "Peddle", "Heat On")."""
        return self.heat == NO_CARD and MARKET_OPEN in self.pile


@dataclass(frozen=True, slots=True)
class Trade:
    """A trade proposal, named openly (rules/grass.md, "Trading").

    ``proposer`` gives ``offer`` (hand cards) and ``offer_peddle`` (from their loose Stash peddle); ``target`` gives
    ``ask`` (hand-card kinds, or ANY = a card of the target's choice) and ``ask_peddle`` (from the target's loose
    peddle). ``sent`` is False while the proposer is still building it, True while the target decides.
    """

    proposer: int
    target: int
    offer: tuple[int, ...] = ()
    ask: tuple[int, ...] = ()
    offer_peddle: tuple[int, ...] = ()
    ask_peddle: tuple[int, ...] = ()
    sent: bool = False

    @property
    def complete(self) -> bool:
        """May be sent: hand cards one for one (or none), Stash peddle one or several each way (or none), and not
        empty (rules/grass.md, "Trading" and "Corrections")."""
        return (len(self.offer) == len(self.ask) and bool(self.offer_peddle) == bool(self.ask_peddle)
                and len(self.offer) + len(self.offer_peddle) > 0)


@dataclass(frozen=True, slots=True)
class Breakdown:
    """One player's score for one hand, step by step (rules/grass.md, "Scoring"), all in dollars.

    ``stash`` (step 1, >= 0), ``banker`` (step 2: + for the Banker's holder, - for the others), ``peddle_in_hand``
    (step 3, <= 0), ``paranoia`` (step 4, <= 0), ``bonus`` (step 5: 25,000 or 0), ``hand`` (the sum),
    ``total`` (step 6: running total after this hand; may be negative).
    """

    stash: int
    banker: int
    peddle_in_hand: int
    paranoia: int
    bonus: int
    hand: int
    total: int


@dataclass(frozen=True, slots=True)
class GrassState:
    """The whole game.

    ``phase``: "play" (``current`` holds 7 cards: play, discard or propose a trade), "draft" (``current`` is building
    ``trade``), "answer" (``trade.target`` accepts or refuses), "paranoia" (everyone passes a card left; ``passes``
    holds the cards chosen so far, NO_CARD for not yet), "scoring" (the hand is over, ``breakdown`` shows it; the next
    dealer deals), "over". ``deck`` is the Grass stack (top = last), ``wasted`` the Wasted pile, ``box`` the cards left
    out of a learning-mode hand. ``totals`` are running totals in dollars. ``events`` say what the last transition did.
    ``known[o][i]`` (sorted kinds) are cards seat ``o`` knows to be in seat ``i``'s hand this hand: cards it passed
    to ``i`` in a Paranoia, cards ``i`` took in a trade (trades are named openly), while still there as far as ``o``
    can tell (bots' memory; ``sample_hidden`` keeps them).
    """

    players: int
    phase: str
    seats: tuple[Seat, ...]
    deck: tuple[int, ...]
    wasted: tuple[int, ...]
    box: tuple[int, ...]
    dealer: int
    current: int
    extra_turns: int
    proposed: tuple[int, ...]
    trade: Trade | None
    paranoia_card: int
    passes: tuple[int, ...]
    hand_no: int
    totals: tuple[int, ...]
    breakdown: tuple[Breakdown, ...]
    learning: bool
    max_hands: int
    goal: int
    rng: Rng
    known: tuple[tuple[tuple[int, ...], ...], ...] = ()
    events: tuple[tuple, ...] = ()


# --- actions -------------------------------------------------------------------------------------------------------

OPS = ("discard", "play", "play_on", "protect", "propose", "offer", "ask", "offer_peddle", "ask_peddle", "send",
       "withdraw", "accept", "refuse", "pass", "deal")
"""Action kinds. ``card`` is a card kind, ``target`` a seat, ``cards`` the covered peddle (protect) or the cards
chosen for the ANY slots of a trade (accept)."""


@dataclass(frozen=True, slots=True)
class Action:
    """One decision: ``op`` (see OPS), ``card`` (kind or -1), ``target`` (seat or -1), ``cards`` (sorted kinds)."""

    op: str
    card: int = -1
    target: int = -1
    cards: tuple[int, ...] = ()


_PROTECT_KINDS = tuple(sorted(PROTECTION))
_COVER_KINDS = (HOME_GROWN, MEXICO, COLOMBIA, JAMAICA, PANAMA)
_COVER_RADIX = (7, 7, 3, 3, 2)  # count limits of each kind under a protection card of at most $50,000
_COVER_SPAN = 7 * 7 * 3 * 3 * 2
_OP_INDEX = {op: i for i, op in enumerate(OPS)}
_CARD_OPS = frozenset(("discard", "play", "offer", "offer_peddle", "ask_peddle", "pass"))
_PLAIN_OPS = frozenset(("send", "withdraw", "refuse", "deal"))
_MAX_SEATS = 6


def _cover_index(cover: tuple[int, ...]) -> int:
    idx = 0
    for kind, radix in zip(_COVER_KINDS, _COVER_RADIX):
        n = cover.count(kind)
        if n >= radix:
            raise IllegalAction(f"cannot encode cover {cover}")
        idx = idx * radix + n
    if len(cover) != sum(cover.count(k) for k in _COVER_KINDS):
        raise IllegalAction(f"cover {cover} holds a card protection cannot cover")
    return idx


def _cover_of(idx: int) -> tuple[int, ...]:
    counts = []
    for radix in reversed(_COVER_RADIX):
        idx, n = divmod(idx, radix)
        counts.append(n)
    counts.reverse()
    return tuple(k for k, n in zip(_COVER_KINDS, counts) for _ in range(n))


def encode_action(a: Action) -> int:
    """The int ``0 <= n < 61440`` carrying action ``a`` (op index * 4096 + payload). Raises IllegalAction for an
    action that has no encoding."""
    op = _OP_INDEX.get(a.op)
    if op is None:
        raise IllegalAction(f"unknown op {a.op!r}")
    if a.op in _CARD_OPS:
        if not 0 <= a.card < KINDS:
            raise IllegalAction(f"bad card in {a}")
        payload = a.card
    elif a.op == "ask":
        if not 0 <= a.card <= ANY:
            raise IllegalAction(f"bad card in {a}")
        payload = a.card
    elif a.op == "play_on":
        if not (0 <= a.card < KINDS and 0 <= a.target < _MAX_SEATS):
            raise IllegalAction(f"bad play_on {a}")
        payload = a.card + KINDS * a.target
    elif a.op == "protect":
        if a.card not in PROTECTION:
            raise IllegalAction(f"bad protect {a}")
        payload = _PROTECT_KINDS.index(a.card) * _COVER_SPAN + _cover_index(a.cards)
    elif a.op == "propose":
        if not 0 <= a.target < _MAX_SEATS:
            raise IllegalAction(f"bad propose {a}")
        payload = a.target
    elif a.op == "accept":
        c = a.cards
        if len(c) == 0:
            payload = 0
        elif len(c) == 1 and 0 <= c[0] < KINDS:
            payload = 1 + c[0]
        elif len(c) == 2 and 0 <= c[0] <= c[1] < KINDS:
            payload = 1 + KINDS + c[0] * KINDS + c[1]
        else:
            raise IllegalAction(f"bad accept {a}")
    else:
        payload = 0
    n = op * 4096 + payload
    if decode_action(n) != a:
        raise IllegalAction(f"action {a} is not in canonical form")
    return n


def decode_action(n: int) -> Action:
    """Inverse of ``encode_action``. Raises IllegalAction for an int that encodes no action."""
    if not isinstance(n, int) or n < 0:
        raise IllegalAction(f"bad action code {n!r}")
    op_i, payload = divmod(n, 4096)
    if op_i >= len(OPS):
        raise IllegalAction(f"bad action code {n}")
    op = OPS[op_i]
    if op in _CARD_OPS:
        if payload >= KINDS:
            raise IllegalAction(f"bad action code {n}")
        return Action(op, payload)
    if op == "ask":
        if payload > ANY:
            raise IllegalAction(f"bad action code {n}")
        return Action(op, payload)
    if op == "play_on":
        target, card = divmod(payload, KINDS)
        if target >= _MAX_SEATS:
            raise IllegalAction(f"bad action code {n}")
        return Action(op, card, target)
    if op == "protect":
        p, idx = divmod(payload, _COVER_SPAN)
        if p >= len(_PROTECT_KINDS):
            raise IllegalAction(f"bad action code {n}")
        cover = _cover_of(idx)
        card = _PROTECT_KINDS[p]
        if not cover or sum(value(k) for k in cover) > value(card):
            raise IllegalAction(f"bad action code {n}")
        return Action(op, card, -1, cover)
    if op == "propose":
        if payload >= _MAX_SEATS:
            raise IllegalAction(f"bad action code {n}")
        return Action(op, -1, payload)
    if op == "accept":
        if payload == 0:
            return Action(op)
        if payload <= KINDS:
            return Action(op, cards=(payload - 1,))
        a, b = divmod(payload - 1 - KINDS, KINDS)
        if a >= KINDS or a > b:
            raise IllegalAction(f"bad action code {n}")
        return Action(op, cards=(a, b))
    if payload:
        raise IllegalAction(f"bad action code {n}")
    return Action(op)


# --- the view ------------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class SeatView:
    """What everyone sees of one seat: hand size, Hassle pile, heat, Stash (with what each protection covers),
    turns still to lose, and whether they have chosen their Paranoia pass."""

    hand_count: int
    pile: tuple[int, ...]
    market_open: bool
    heat: int
    stash: Stash
    lost_turns: int
    passed: bool


@dataclass(frozen=True, slots=True)
class GrassView:
    """What one seat may see (``seat`` None = a spectator: public information only).

    ``hand`` is the seat's own hand (empty for a spectator), ``my_pass`` its own chosen Paranoia pass (NO_CARD if none).
    Other hands appear only as counts in ``seats``. ``trade`` is public (offers are named openly). ``totals`` are the
    running totals, ``breakdown`` the last hand's scoring, ``events`` the last transition with hidden cards as NO_CARD
    (a card passed to you during Paranoia is shown to you only). ``known[i]`` are the cards this seat knows to be in
    seat ``i``'s hand (see ``GrassState.known``; empty for a spectator).
    """

    seat: int | None
    players: int
    phase: str
    hand_no: int
    max_hands: int
    goal: int
    learning: bool
    trading: bool
    dealer: int
    current: int
    extra_turns: int
    proposed: tuple[int, ...]
    proposals_left: int
    hand: tuple[int, ...]
    my_pass: int
    seats: tuple[SeatView, ...]
    deck_count: int
    wasted: tuple[int, ...]
    box: tuple[int, ...]
    trade: Trade | None
    paranoia_card: int
    totals: tuple[int, ...]
    breakdown: tuple[Breakdown, ...]
    events: tuple[tuple, ...]
    known: tuple[tuple[int, ...], ...] = ()


assert DR_FEELGOOD not in _COVER_KINDS and len(CARDS) == KINDS
