"""Grass (Jeff London, 1979): registry id ``grass``, 2-6 players, a ``TurnRules`` game (rules/grass.md).

Exports: ``RULES`` (a ``GrassRules``), ``CARDS`` (the 27 kinds with counts and dollar values; 104 cards),
``sample_hidden``, ``describe_action``, ``choose`` (the bot), and the state, view and action types.

Decisions where the rules file is silent (or where we had to choose), as a player of the physical game would expect:

- Dealing and turns: the first dealer is the last seat, so seat 0 plays first; the deal passes left (next seat)
  every hand. The draw that begins a turn is automatic (an event ``("draw", seat, card)``), so a turn is one play or
  discard, optionally preceded by trade proposals.
- The Grass stack running out: the player who draws the last card finishes that turn; the hand ends when the next
  turn should begin with the stack empty. Every turn draws a card, so every hand ends.
- Every card may be discarded at any time, Paranoia cards and the Banker included ("en joue une ... ou en défausse
  une").
- Heat On goes only on an opponent's open Hassle pile with no Heat On already on it.
- Steal Your Neighbor's Pot needs a target whose market is open (the card is laid on their Hassle pile) with at least
  one unprotected peddle; the thief needs no open market, only no heat. It takes the largest unprotected peddle.
- Nirvana may be played at any time on your turn, market open or not; the Heat On it clears goes to the Wasted pile
  (the Market Open back on top); the peddle it takes goes into your Stash.
  Players give in turn order from your left. An extra turn is a full turn (draw, then play). Equal-value peddle:
  Home Grown counts as smaller than Mexico, Colombia than Jamaica.
- Protection may be laid whenever the Stash holds peddle it can cover (market open or not, heat or not). The player
  chooses the set it covers among the *maximal* sets (total within its value, never Dr. Feelgood, and no other loose
  peddle would still fit): a smaller set would only give up protection. Later peddle is not covered.
- Pay Fine takes the smallest peddle of the whole Stash (protection guards against Nirvana, Paranoia and Skim cards,
  not fines); on equal value an unprotected card goes first. A protection card left covering nothing stays in the
  Stash, covering nothing. Pay Fine needs at least one peddle in the Stash.
- Paranoia: every seat holding cards chooses a card to pass at the same time (the player of the Paranoia card too);
  the cards move when all have chosen; then the player's penalty applies (Sold Out: smallest unprotected peddle,
  1 lost turn; Double Crossed: largest unprotected peddle, 2 lost turns; Utterly Wiped Out: all unprotected peddle
  and the Hassle pile to the Wasted pile, 2 lost turns). Lost turns also eat Nirvana extra turns still owed, and
  turns still owed carry into the next hand (its first turns skip that player).
- Trading: a proposal is built step by step (choose the partner, then add items, then send, or withdraw it), at
  most 3 proposals a turn (each one counts when started). Hand cards go one for one (one each way, or none); Stash
  peddle goes one or several laid (unprotected) cards each way, or none ("une ou plusieurs cartes déjà posées"). It is
  named openly. The proposer may ask for a card kind or for "a card of your choice" (ANY): the target, accepting,
  picks which card. The target accepts (only if it holds the named cards) or refuses. Protected peddle cannot be
  traded. Hand cards offered stay in hand until accepted. Every seat remembers the cards it saw go into a hand
  (``GrassState.known``): bots use it, ``sample_hidden`` keeps them.
- Scoring: the $25,000 bonus goes in full to every player tied for the hand's highest score. The Banker's cut is
  20% of each other player's unprotected Stash (always whole dollars).
- End of the match: after a hand in which someone's running total reaches the goal ($250,000), hand after hand with
  no cap; running totals have no floor (they may go negative). The optional length limit (option ``max_hands``,
  0 = off, the default) ends the match after that hand. The highest running total wins; players tied for it share
  the win (``RULES.winners``).
- Learning mode (``learning=True``): hands 1-4 are the rulebook's teaching hands (cards left out lie in the ``box``);
  hand 5 and later use the whole deck with trading.
- Between hands the state is in phase "scoring" with ``breakdown`` (every scoring step per player); the next dealer
  acts (``deal``) to deal the next hand.
"""

from __future__ import annotations

from arcade.core.i18n import _
from arcade.core.results import join_names

from .cards import CARDS, KINDS, NO_CARD, name
from .rules import GrassRules, sample_hidden, state_from_view
from .scoring import score_hand, winners
from .state import ANY, Action, Breakdown, Cover, GrassState, GrassView, Seat, SeatView, Stash, Trade
from .levels import choose

__all__ = ["RULES", "CARDS", "KINDS", "NO_CARD", "sample_hidden", "state_from_view", "describe_action", "choose", "GrassRules", "GrassState",
           "GrassView", "Seat", "SeatView", "Stash", "Cover", "Trade", "Breakdown", "Action", "ANY", "score_hand",
           "winners"]

RULES = GrassRules()


def _card(k: int) -> str:
    return _("a card of their choice") if k == ANY else name(k)


def describe_action(a: Action) -> str:
    """Short human text of an action in the player's language (the cards keep their printed English names), e.g.
    "play Panama", "Bust on player 3", "protect Colombia+Mexico with Catch a Buzz", "ask for Immunity"."""
    op = a.op
    card = name(a.card)
    if op == "discard":
        return _("discard {card}").format(card=card)
    if op == "play":
        return _("play {card}").format(card=card)
    if op == "play_on":
        return _("{card} on player {n}").format(card=card, n=a.target + 1)
    if op == "protect":
        return _("protect {cards} with {card}").format(cards="+".join(name(k) for k in a.cards), card=card)
    if op == "propose":
        return _("propose a trade to player {n}").format(n=a.target + 1)
    if op == "offer":
        return _("offer {card}").format(card=card)
    if op == "ask":
        return _("ask for {card}").format(card=_card(a.card))
    if op == "offer_peddle":
        return _("offer {card} from the Stash").format(card=card)
    if op == "ask_peddle":
        return _("ask for {card} from their Stash").format(card=card)
    if op == "send":
        return _("send the proposal")
    if op == "withdraw":
        return _("withdraw the proposal")
    if op == "accept":
        if a.cards:
            return _("accept the trade, giving {cards}").format(cards=join_names([name(k) for k in a.cards]))
        return _("accept the trade")
    if op == "refuse":
        return _("refuse the trade")
    if op == "pass":
        return _("pass {card} left").format(card=card)
    if op == "deal":
        return _("deal the next hand")
    return str(a)
