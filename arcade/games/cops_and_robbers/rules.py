"""Cops & Robbers: the pure rules (shared/rules/cops_and_robbers.md).

Cards are ``(kind, value)`` tuples: ``("O", 1..4)`` an Offence (explosion) card, ``("D", 1..4)`` a Defence (shield)
card; 60 in all ("Components"). Coins are ints. Seats are 0..players-1, clockwise.

Decisions taken where the rules file is silent (its own **decision** lines are followed as written)
--------------------------------------------------------------------------------------------------
- Roles and seats ("Setup"; "Score", option): at every deal the role cards are dealt at random (half Cops, half
  Robbers: any split of the players is possible) and then the players change places so that Cops and Robbers
  alternate. A seat index (0..players-1) names a *player* for the whole match (its controller, its scores); where
  they sit this round is ``state.order``, the seats in clockwise order around the table: the Cops and the Robbers each
  in increasing seat number, interleaved starting with seat 0's role (seat 0 keeps place 0). Turns pass along
  ``order``. Roles are public (the seating and the Cops' coins show them anyway).
- The dealer is drawn from the state's generator; play starts with the first Robber clockwise (along ``order``) from
  the dealer's left. With the 5-round option the dealer is the next seat number each round (``(dealer + 1) %
  players``: everyone deals in turn whatever the seating) and roles are dealt again; coins go back to 12 a Cop and 0
  a Robber and all 60 cards are shuffled and dealt again. Each seat's round scores add up, whatever its role.
- Drawing is compulsory: a turn cannot end before its draw (the draw may come before, between or after the Defence
  and the Offensive). This also bounds the round: every turn uses up a card of the draw pile.
- A Defence card laid for a jailed player (oneself or a teammate) always goes on their jail offence; for a free player
  it goes in front of them. A teammate may be given a shield whether or not they are in jail.
- The target's answer to an Offensive is one action ``Respond(hand, shield)``: ``hand`` is the value of the Defence
  card added from hand (0: none); ``shield`` is the value of the single shield used when one shield in front of them
  (the added card included) alone equals or beats the offence (the target picks which, among those that do), or 0
  when none does and all of them are used together. The target is always asked, even with nothing to add.
- A failed defence (defence < offence) uses all the shields in front of the target plus the card from hand. A Cop's
  offence and those shields are then discarded. A Robber's offence stays in front of them as their jail with those
  shields on it ("goes to jail until they (or a fellow robber) add enough defence cards to counter the offence"):
  the Robber is freed when the shields on it add up to the offence's value, and then all those cards are discarded.
- 6 players: the reshuffle happens at the start of a turn whose player finds the draw pile empty (once a round): the
  discard pile is shuffled and half of it (rounded up) becomes the draw pile; the other half stays face up as the
  discard pile. Only if the pile is still empty does the round end.
- The discard pile is public (every card in it was played face up).
- Score of a round (per seat): the team's total coins + the seat's own coins, at the moment the round ends.
  ``scores`` gives the sum over the rounds played, plus the running round while the game is not over.
  A "team win" (tools, tests) is the team of the seat with the highest score; a tie across teams is nobody's win.
- Events (``state.events``, for the table): ("deal", round, dealer, roles, order), ("turn", seat), ("draw", seat) (the card
  is not named: it is hidden), ("defence", seat, value, to_seat, on_jail), ("offensive", seat, value, target),
  ("respond", seat, hand, shield), ("discard", cards), ("pay", from_seat, to_seat, coins), ("steal", by_seat,
  from_seat, coins), ("jail", seat, value, shields_kept_on_it), ("free", seat), ("reshuffle", cards_back), ("round_end", round, scores),
  ("game_over", scores).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Union

from arcade.core.canonical import state_checksum
from arcade.core.i18n import _
from arcade.core.protocols import IllegalAction
from arcade.core.rng import Rng

__all__ = [
    "COP", "ROBBER", "OFFENCE", "DEFENCE", "COUNTS", "START_COINS", "HAND_SIZE", "Card", "Draw", "Defend", "Attack",
    "Respond", "EndTurn", "Action", "Offensive", "CRState", "CRView", "CopsAndRobbersRules", "RULES", "full_deck",
    "teammates", "seating", "round_scores", "describe_action", "sample_hidden",
    "table_from_view", "state_from_view",
]

COP = "cop"
ROBBER = "robber"
OFFENCE = "O"
DEFENCE = "D"
COUNTS = {1: 9, 2: 9, 3: 7, 4: 5}
"""Cards of each value, for Offence and for Defence alike ("Components")."""
START_COINS = 12
HAND_SIZE = 5

Card = tuple[str, int]


def full_deck() -> tuple[Card, ...]:
    """The 60 cards in a fixed order (30 Offence, 30 Defence)."""
    return tuple((k, v) for k in (OFFENCE, DEFENCE) for v in (1, 2, 3, 4) for _ in range(COUNTS[v]))


# --- actions ---------------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw the top card of the draw pile ("A turn")."""


@dataclass(frozen=True, slots=True)
class Defend:
    """Lay the Defence card of ``value`` for ``seat`` (oneself or a teammate): in front of them, or on their jail
    offence if they are in jail ("A turn")."""

    value: int
    seat: int


@dataclass(frozen=True, slots=True)
class Attack:
    """Start an Offensive: lay the Offence card of ``value`` in front of ``target``, a free player of the other team
    ("Offensive")."""

    value: int
    target: int


@dataclass(frozen=True, slots=True)
class Respond:
    """The target's answer ("Offensive", 1-2): ``hand`` = Defence value added from hand (0 none); ``shield`` = value of
    the single shield used, 0 = all shields together (only when no single shield is enough)."""

    hand: int
    shield: int


@dataclass(frozen=True, slots=True)
class EndTurn:
    """End the turn (only after the draw)."""


Action = Union[Draw, Defend, Attack, Respond, EndTurn]


@dataclass(frozen=True, slots=True)
class Offensive:
    """An Offensive waiting for the target's answer."""

    attacker: int
    target: int
    value: int


# --- state -----------------------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CRState:
    """The whole game. Per-seat tuples are indexed by seat (a seat is one player for the whole match). ``roles[seat]``
    is COP or ROBBER this round; ``order`` the seats clockwise around the table this round. Hands are sorted tuples of cards; ``shields[seat]`` the
    Defence values in front of a seat; ``jail[seat]`` the value of the offence holding a Robber in jail (0: free) and
    ``jail_shields[seat]`` the shields laid on it. ``totals`` are the scores of the rounds already finished."""

    players: int
    rounds: int
    round_no: int
    dealer: int
    roles: tuple[str, ...]
    order: tuple[int, ...]
    current: int
    coins: tuple[int, ...]
    hands: tuple[tuple[Card, ...], ...]
    shields: tuple[tuple[int, ...], ...]
    jail: tuple[int, ...]
    jail_shields: tuple[tuple[int, ...], ...]
    draw_pile: tuple[Card, ...]
    discard: tuple[Card, ...]
    reshuffled: bool
    pending: Offensive | None
    drawn: bool
    defended: bool
    attacked: bool
    totals: tuple[int, ...]
    last_round: tuple[int, ...]
    over: bool
    rng: Rng
    events: tuple[tuple[Any, ...], ...]


@dataclass(frozen=True, slots=True)
class CRView:
    """What one seat sees (``seat`` None: a spectator). ``hand`` is the viewer's own hand (empty for a spectator);
    ``hand_counts`` every seat's number of cards. Roles, the seating ``order``, coins, shields, jails, the discard pile, the draw pile's size
    and the pending Offensive are public."""

    seat: int | None
    players: int
    rounds: int
    round_no: int
    dealer: int
    roles: tuple[str, ...]
    order: tuple[int, ...]
    current: int
    coins: tuple[int, ...]
    hand: tuple[Card, ...]
    hand_counts: tuple[int, ...]
    shields: tuple[tuple[int, ...], ...]
    jail: tuple[int, ...]
    jail_shields: tuple[tuple[int, ...], ...]
    draw_count: int
    discard: tuple[Card, ...]
    reshuffled: bool
    pending: Offensive | None
    drawn: bool
    defended: bool
    attacked: bool
    totals: tuple[int, ...]
    last_round: tuple[int, ...]
    over: bool
    events: tuple[tuple[Any, ...], ...]


def teammates(roles: tuple[str, ...], seat: int) -> tuple[int, ...]:
    """The seats sharing ``seat``'s role this round (``seat`` included), in increasing order. Teams are the roles
    ("Setup"); with the 5-round option they change from round to round."""
    return tuple(p for p in range(len(roles)) if roles[p] == roles[seat])


def seating(roles: tuple[str, ...]) -> tuple[int, ...]:
    """The seats clockwise around the table once the roles are dealt ("Setup": seats alternate Cop, Robber): each
    team in increasing seat number, interleaved starting with seat 0's team. Raises ValueError unless the roles are
    half COP, half ROBBER."""
    cops = [p for p in range(len(roles)) if roles[p] == COP]
    robbers = [p for p in range(len(roles)) if roles[p] == ROBBER]
    if len(cops) != len(robbers) or len(cops) + len(robbers) != len(roles):
        raise ValueError(f"roles must be half Cops, half Robbers: {roles!r}")
    first, second = (cops, robbers) if roles[0] == COP else (robbers, cops)
    return tuple(p for pair in zip(first, second) for p in pair)


def round_scores(roles: tuple[str, ...], coins: tuple[int, ...]) -> tuple[int, ...]:
    """Per seat: its team's total coins + its own coins ("Score"); the team is the seats of the same role."""
    team = {COP: 0, ROBBER: 0}
    for p, r in enumerate(roles):
        team[r] += coins[p]
    return tuple(team[roles[p]] + coins[p] for p in range(len(roles)))


def _remove(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1:]


def _add(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    return tuple(sorted(hand + (card,)))


def _respond_options(shields: tuple[int, ...], hand: tuple[Card, ...], offence: int) -> tuple[Respond, ...]:
    out: list[Respond] = []
    hands = [0] + sorted({v for k, v in hand if k == DEFENCE})
    for h in hands:
        front = shields + ((h,) if h else ())
        singles = sorted({v for v in front if v >= offence})
        if singles:
            out.extend(Respond(h, v) for v in singles)
        else:
            out.append(Respond(h, 0))
    return tuple(out)


def describe_action(action: Any) -> str:
    """Short human text of an action, in the player's language."""
    if isinstance(action, Draw):
        return _("draw a card")
    if isinstance(action, EndTurn):
        return _("end turn")
    if isinstance(action, Defend):
        return _("shield {value} for player {n}").format(value=action.value, n=action.seat + 1)
    if isinstance(action, Attack):
        return _("offence {value} on player {n}").format(value=action.value, n=action.target + 1)
    if isinstance(action, Respond):
        add = _("add shield {value}").format(value=action.hand) if action.hand else _("add nothing")
        use = _("use the {value}").format(value=action.shield) if action.shield else _("use all shields")
        # TRANSLATORS: a defender's answer to an attack: "add shield 2, use the 3"
        return _("{add}, {use}").format(add=add, use=use)
    return repr(action)


# --- the rules object ------------------------------------------------------------------------------------------------


class CopsAndRobbersRules:
    """``TurnRules`` of Cops & Robbers: 4 or 6 players (a 5-player game is refused)."""

    id = "cops_and_robbers"
    min_players = 4
    max_players = 6
    player_counts = (4, 6)
    """The allowed player counts ("Setup": 4 or 6); 5 is refused."""
    version = 2
    """2: roles dealt again at random every round with a seating order; jail keeps the failed defence's shields."""

    # -- setup ------------------------------------------------------------------------------------------------------

    def initial_state(self, seed: int, players: int, **options: Any) -> CRState:
        """Deal the first round ("Setup"). Options: ``rounds`` = 1 (default) or 5 ("Score", option). Raises ValueError
        for 5 players, a count outside 4..6, or an unknown option."""
        rounds = options.pop("rounds", 1)
        if options:
            raise ValueError(f"unknown options for cops_and_robbers: {sorted(options)}")
        if players not in (4, 6):
            raise ValueError(f"cops_and_robbers takes 4 or 6 players, not {players}")
        if rounds not in (1, 5):
            raise ValueError(f"rounds must be 1 or 5, not {rounds!r}")
        rng = Rng.from_seed(seed)
        dealer, rng = rng.below(players)
        return self._deal(players, rounds, 1, dealer, (0,) * players, (0,) * players, rng, ())

    def _deal(self, players: int, rounds: int, round_no: int, dealer: int, totals: tuple[int, ...],
              last_round: tuple[int, ...], rng: Rng, events: tuple) -> CRState:
        roles, rng = rng.shuffle((COP, ROBBER) * (players // 2))
        order = seating(roles)
        deck, rng = rng.shuffle(full_deck())
        hands = tuple(tuple(sorted(deck[i * HAND_SIZE:(i + 1) * HAND_SIZE])) for i in range(players))
        coins = tuple(START_COINS if roles[p] == COP else 0 for p in range(players))
        at = order.index(dealer)
        left = order[(at + 1) % players]  # seats alternate: the first Robber is the dealer's left or the next one
        first = left if roles[left] == ROBBER else order[(at + 2) % players]
        return CRState(
            players=players, rounds=rounds, round_no=round_no, dealer=dealer, roles=roles, order=order, current=first,
            coins=coins, hands=hands, shields=((),) * players, jail=(0,) * players, jail_shields=((),) * players,
            draw_pile=deck[players * HAND_SIZE:], discard=(), reshuffled=False, pending=None, drawn=False,
            defended=False, attacked=False, totals=totals, last_round=last_round, over=False, rng=rng,
            events=events + (("deal", round_no, dealer, roles, order), ("turn", first)))

    # -- queries ----------------------------------------------------------------------------------------------------

    def roles(self, s: CRState) -> tuple[str, ...]:
        """Every seat's role this round, COP or ROBBER (``arcade.core.results`` names the teams from it)."""
        return s.roles

    def is_over(self, s: CRState) -> bool:
        """True after the last round ends ("End")."""
        return s.over

    def to_act(self, s: CRState) -> frozenset[int]:
        """The current player; the target alone while an Offensive waits for their answer."""
        if s.over:
            return frozenset()
        if s.pending is not None:
            return frozenset((s.pending.target,))
        return frozenset((s.current,))

    def legal_actions(self, s: CRState, seat: int) -> tuple[Action, ...]:
        """Everything ``seat`` may do now ("A turn", "Offensive")."""
        if s.over:
            return ()
        if s.pending is not None:
            if seat != s.pending.target:
                return ()
            return _respond_options(s.shields[seat], s.hands[seat], s.pending.value)
        if seat != s.current:
            return ()
        out: list[Action] = []
        hand = s.hands[seat]
        if not s.drawn and s.draw_pile:
            out.append(Draw())
        if not s.defended:
            for v in sorted({v for k, v in hand if k == DEFENCE}):
                for t in teammates(s.roles, seat):
                    out.append(Defend(v, t))
        if not s.attacked and not s.jail[seat]:
            targets = [t for t in range(s.players) if s.roles[t] != s.roles[seat] and not s.jail[t]]
            for v in sorted({v for k, v in hand if k == OFFENCE}):
                for t in targets:
                    out.append(Attack(v, t))
        if s.drawn:
            out.append(EndTurn())
        return tuple(out)

    # -- transitions ------------------------------------------------------------------------------------------------

    def apply(self, s: CRState, seat: int, a: Action) -> CRState:
        """Carry out one action. Raises IllegalAction for anything ``legal_actions(s, seat)`` does not list."""
        if a not in self.legal_actions(s, seat):
            raise IllegalAction(f"{a!r} is not legal for seat {seat} now")
        if isinstance(a, Draw):
            card = s.draw_pile[0]
            hands = list(s.hands)
            hands[seat] = _add(hands[seat], card)
            return replace(s, hands=tuple(hands), draw_pile=s.draw_pile[1:], drawn=True, events=(("draw", seat),))
        if isinstance(a, Defend):
            return self._defend(s, seat, a)
        if isinstance(a, Attack):
            hands = list(s.hands)
            hands[seat] = _remove(hands[seat], (OFFENCE, a.value))
            return replace(s, hands=tuple(hands), attacked=True, pending=Offensive(seat, a.target, a.value),
                           events=(("offensive", seat, a.value, a.target),))
        if isinstance(a, Respond):
            return self._respond(s, seat, a)
        return self._next_turn(replace(s, events=()))

    def _defend(self, s: CRState, seat: int, a: Defend) -> CRState:
        hands = list(s.hands)
        hands[seat] = _remove(hands[seat], (DEFENCE, a.value))
        t = a.seat
        if s.jail[t]:
            jail = list(s.jail)
            js = list(s.jail_shields)
            js[t] = js[t] + (a.value,)
            events: list[tuple] = [("defence", seat, a.value, t, True)]
            discard = s.discard
            if sum(js[t]) >= jail[t]:
                freed = ((OFFENCE, jail[t]),) + tuple((DEFENCE, v) for v in js[t])
                discard = discard + freed
                jail[t] = 0
                js[t] = ()
                events += [("discard", freed), ("free", t)]
            return replace(s, hands=tuple(hands), jail=tuple(jail), jail_shields=tuple(js), discard=discard,
                           defended=True, events=tuple(events))
        shields = list(s.shields)
        shields[t] = tuple(sorted(shields[t] + (a.value,)))
        return replace(s, hands=tuple(hands), shields=tuple(shields), defended=True,
                       events=(("defence", seat, a.value, t, False),))

    def _respond(self, s: CRState, seat: int, a: Respond) -> CRState:
        off = s.pending
        assert off is not None
        hands = list(s.hands)
        front = s.shields[seat]
        if a.hand:
            hands[seat] = _remove(hands[seat], (DEFENCE, a.hand))
            front = tuple(sorted(front + (a.hand,)))
        events: list[tuple] = [("respond", seat, a.hand, a.shield)]
        if a.shield:
            used: tuple[int, ...] = (a.shield,)
            rest = _remove(front, a.shield)  # type: ignore[arg-type]
            defence = a.shield
        else:
            used, rest, defence = front, (), sum(front)
        shields = list(s.shields)
        shields[seat] = rest
        coins = list(s.coins)
        jail = list(s.jail)
        js = list(s.jail_shields)
        gone: tuple[Card, ...] = tuple((DEFENCE, v) for v in used)
        attacker = off.attacker
        if defence >= off.value:
            gone = ((OFFENCE, off.value),) + gone
            if s.roles[seat] == ROBBER and defence > off.value:
                amount = min(defence - off.value, coins[attacker])
                if amount:
                    coins[attacker] -= amount
                    coins[seat] += amount
                events.append(("steal", seat, attacker, amount))
        elif s.roles[seat] == COP:
            gone = ((OFFENCE, off.value),) + gone
            amount = min(off.value - defence, coins[seat])
            coins[seat] -= amount
            coins[attacker] += amount
            events.append(("pay", seat, attacker, amount))
        else:  # "goes to jail until they (or a fellow robber) add enough defence cards": the shields stay on it
            jail[seat] = off.value
            js[seat] = used
            gone = ()
            events.append(("jail", seat, off.value, used))
        if gone:
            events.append(("discard", gone))
        s2 = replace(s, hands=tuple(hands), shields=tuple(shields), coins=tuple(coins), jail=tuple(jail),
                     jail_shields=tuple(js), discard=s.discard + gone, pending=None)
        if any(coins[p] == 0 for p in range(s.players) if s.roles[p] == COP):
            return self._end_round(s2, tuple(events))
        return replace(s2, events=tuple(events))

    def _next_turn(self, s: CRState) -> CRState:
        """Pass the turn clockwise (along ``order``); reshuffle (6 players) or end the round if the new player cannot draw ("End")."""
        nxt = s.order[(s.order.index(s.current) + 1) % s.players]
        events = s.events + (("turn", nxt),)
        s = replace(s, current=nxt, drawn=False, defended=False, attacked=False)
        if not s.draw_pile and s.players == 6 and not s.reshuffled and s.discard:
            shuffled, rng = s.rng.shuffle(s.discard)
            back = (len(shuffled) + 1) // 2
            s = replace(s, draw_pile=shuffled[:back], discard=shuffled[back:], reshuffled=True, rng=rng)
            events += (("reshuffle", back),)
        if not s.draw_pile:
            return self._end_round(s, events)
        return replace(s, events=events)

    def _end_round(self, s: CRState, events: tuple) -> CRState:
        score = round_scores(s.roles, s.coins)
        totals = tuple(t + x for t, x in zip(s.totals, score))
        events = events + (("round_end", s.round_no, score),)
        if s.round_no >= s.rounds:
            return replace(s, totals=totals, last_round=score, over=True, pending=None,
                           events=events + (("game_over", totals),))
        return self._deal(s.players, s.rounds, s.round_no + 1, (s.dealer + 1) % s.players, totals, score, s.rng,
                          events)

    # -- views and scores -------------------------------------------------------------------------------------------

    def view(self, s: CRState, seat: int | None) -> CRView:
        """The table as ``seat`` sees it: its own hand, the others' hand sizes, everything public."""
        return CRView(
            seat=seat, players=s.players, rounds=s.rounds, round_no=s.round_no, dealer=s.dealer, roles=s.roles, order=s.order,
            current=s.current, coins=s.coins, hand=s.hands[seat] if seat is not None else (),
            hand_counts=tuple(len(h) for h in s.hands), shields=s.shields, jail=s.jail, jail_shields=s.jail_shields,
            draw_count=len(s.draw_pile), discard=s.discard, reshuffled=s.reshuffled, pending=s.pending,
            drawn=s.drawn, defended=s.defended, attacked=s.attacked, totals=s.totals, last_round=s.last_round,
            over=s.over, events=s.events)

    def scores(self, s: CRState) -> tuple[int, ...]:
        """Per seat, in points: the finished rounds' scores, plus the running round's (team coins + own coins)."""
        if s.over:
            return s.totals
        now = round_scores(s.roles, s.coins)
        return tuple(t + x for t, x in zip(s.totals, now))

    # -- encoding ---------------------------------------------------------------------------------------------------
    # 0 Draw, 1 EndTurn, 2..25 Defend (value-1)*6+seat, 26..49 Attack (value-1)*6+target, 50..74 Respond hand*5+shield

    def encode_action(self, a: Action) -> int:
        """The action's small int (see the table above). Raises IllegalAction for something that is not an action."""
        if isinstance(a, Draw):
            return 0
        if isinstance(a, EndTurn):
            return 1
        if isinstance(a, Defend) and 1 <= a.value <= 4 and 0 <= a.seat < 6:
            return 2 + (a.value - 1) * 6 + a.seat
        if isinstance(a, Attack) and 1 <= a.value <= 4 and 0 <= a.target < 6:
            return 26 + (a.value - 1) * 6 + a.target
        if isinstance(a, Respond) and 0 <= a.hand <= 4 and 0 <= a.shield <= 4:
            return 50 + a.hand * 5 + a.shield
        raise IllegalAction(f"not a cops_and_robbers action: {a!r}")

    def decode_action(self, n: int) -> Action:
        """Inverse of ``encode_action``. Raises IllegalAction for an int that names no action."""
        if not isinstance(n, int) or not 0 <= n < 75:
            raise IllegalAction(f"no cops_and_robbers action {n!r}")
        if n == 0:
            return Draw()
        if n == 1:
            return EndTurn()
        if n < 26:
            return Defend((n - 2) // 6 + 1, (n - 2) % 6)
        if n < 50:
            return Attack((n - 26) // 6 + 1, (n - 26) % 6)
        return Respond((n - 50) // 5, (n - 50) % 5)

    def checksum(self, s: CRState) -> int:
        """64-bit checksum of the canonical encoding (``base.state_checksum``)."""
        return state_checksum(s)

    def state_from_view(self, view: CRView, rng: Rng) -> CRState:
        """A stand-in full state showing ``view`` to its seat (see the module's ``state_from_view``)."""
        return state_from_view(view, rng)

    def action_is_public(self, s: CRState, seat: int, a: Action) -> bool:
        """Every action is public ("A turn", "Offensive"): a draw names no card, shields and offences are laid face
        up and the answer to an Offensive is laid in everyone's sight: True."""
        return True


RULES = CopsAndRobbersRules()


def sample_hidden(state: CRState, seat: int | None, rng: Rng) -> CRState:
    """Shuffle what ``seat`` cannot see (the other seats' hands and the draw pile) among themselves, keeping every hand
    size and the draw pile's size. Everything ``view(state, seat)`` shows is unchanged."""
    others = [p for p in range(state.players) if p != seat]
    pool = [c for p in others for c in state.hands[p]] + list(state.draw_pile)
    mixed, _ = rng.shuffle(pool)
    hands = list(state.hands)
    i = 0
    for p in others:
        n = len(state.hands[p])
        hands[p] = tuple(sorted(mixed[i:i + n]))
        i += n
    return replace(state, hands=tuple(hands), draw_pile=tuple(mixed[i:]))


def table_from_view(view: CRView, rng: Rng) -> CRState:
    """A state that ``view`` (a seat's, or a spectator's: ``seat`` None) could come from: every public card where the
    view shows it, the viewer's hand, and the unseen cards (60 less every card the view shows) dealt in a fixed order
    to the other hands (by their sizes) and the draw pile; the state's generator is ``rng``. Its hidden part is
    meaningless until ``sample_hidden`` re-deals it. (A view of a made-up table that does not hold 60 cards gets
    what is left: the bots' tests use such tables.)"""
    left = {(k, v): COUNTS[v] for k in (OFFENCE, DEFENCE) for v in (1, 2, 3, 4)}
    seen = list(view.hand) + list(view.discard)
    for p in range(view.players):
        seen += [(DEFENCE, v) for v in view.shields[p]] + [(DEFENCE, v) for v in view.jail_shields[p]]
        if view.jail[p]:
            seen.append((OFFENCE, view.jail[p]))
    if view.pending is not None:
        seen.append((OFFENCE, view.pending.value))
    for c in seen:
        left[c] -= 1
    pool = [c for c in sorted(left) for _ in range(max(0, left[c]))]
    hands = []
    for p in range(view.players):
        if p == view.seat:
            hands.append(view.hand)
        else:
            n = view.hand_counts[p]
            hands.append(tuple(sorted(pool[:n])))
            pool = pool[n:]
    return CRState(
        players=view.players, rounds=view.rounds, round_no=view.round_no, dealer=view.dealer, roles=view.roles,
        order=view.order, current=view.current, coins=view.coins, hands=tuple(hands), shields=view.shields,
        jail=view.jail, jail_shields=view.jail_shields, draw_pile=tuple(pool[:view.draw_count]),
        discard=view.discard, reshuffled=view.reshuffled, pending=view.pending, drawn=view.drawn, defended=view.defended,
        attacked=view.attacked, totals=view.totals, last_round=view.last_round, over=view.over, rng=rng,
        events=view.events)


def state_from_view(view: CRView, rng: Rng) -> CRState:
    """A full state whose ``view`` for ``view.seat`` (a seat or None, a spectator) is ``view``: ``table_from_view``
    with the cards the view does not show (the other hands, the draw pile) dealt at random by ``sample_hidden`` with
    ``rng``. ``rng`` is also the state's generator (the true one, which shuffles later rounds, is hidden)."""
    return sample_hidden(table_from_view(view, rng), view.seat, rng)
