"""The bot contract, the bot seat of a tick simulation, and the uniformly random legal player used as a baseline by
arenas and tests.

A turn-based game's bot is ``choose(view, legal_actions, rng, level="normal") -> action`` (its definition's
``choose``, also exported by its package): a pure function of what the seat may see (``RULES.view(state, seat)``),
its legal actions and an ``Rng``. A real-time game's bot (Grisbi's ``Bot``, its definition's ``bot``) is built
``(seat, level, seed)`` and has ``input(view, legal_inputs, tick) -> int`` (one 60 Hz tick input).
Bots never see the true state.

``LEVELS`` are the difficulty names every game accepts (a game may treat some alike).
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from .protocols import MAX_INPUT, is_turn_based
from .registry import definition_of
from .rng import Rng, seed_mix
from .simulation import action_input

__all__ = ["LEVELS", "BotSeat", "random_choose", "random_inputs", "decision_rng", "searching_hard"]

LEVELS = ("easy", "normal", "hard")


def random_choose(view: Any, legal_actions: Sequence[Any], rng: Rng, level: str = "normal") -> Any:
    """The uniformly random legal player. Raises ValueError if there is no legal action."""
    return rng.choice(list(legal_actions))[0]


def decision_rng(seed: int, seat: int, tick: int) -> Rng:
    """The generator a bot gets for one decision: a pure function of the match seed, the seat and the tick."""
    return Rng(seed_mix(seed, seat, tick))


def random_inputs(rules: Any, state: Any, players: int, rng: Rng, act_chance: tuple[int, int] = (1, 1)
                  ) -> tuple[tuple[int, ...], Rng]:
    """One tick of random legal inputs for every seat (0 where a seat has nothing to do).

    For a turn-based game every seat in ``to_act`` picks a uniformly random legal action (encoded as a tick input);
    for a real-time game every seat with a legal input acts with probability ``act_chance`` (numerator, denominator).
    Returns the inputs and the advanced generator.
    """
    out = [0] * players
    if rules.is_over(state):
        return tuple(out), rng
    if is_turn_based(rules):
        for seat in sorted(rules.to_act(state)):
            legal = rules.legal_actions(state, seat)
            if legal:
                a, rng = rng.choice(list(legal))
                out[seat] = action_input(rules, a)
    else:
        for seat in range(players):
            legal = rules.legal_actions(state, seat)
            if not legal:
                continue
            go, rng = rng.chance(*act_chance)
            if go:
                n, rng = rng.choice(list(legal))
                assert 0 < n < MAX_INPUT
                out[seat] = n
    return tuple(out), rng


class BotSeat:
    """A bot filling one seat of a tick simulation: turns the game's bot (its registered ``GameDefinition``'s
    ``choose`` or ``bot``) into one tick input per tick. Raises KeyError for a game that is not registered.

    ``input(state, tick)`` looks only at ``RULES.view(state, seat)`` and ``RULES.legal_actions(state, seat)``.
    Turn-based games: once the seat may act, the bot waits ``think_ticks`` ticks (so a watcher can follow), then
    returns the chosen action as a tick input; it sends nothing more until the state has changed (so an input
    delayed by lockstep is never sent twice). Grisbi: the game's own ``Bot`` paces itself (reaction times).

    ``ahead``, if given, runs a decision elsewhere while the bot waits: ``ahead(work)`` starts ``work()`` (a pure
    call, the game's ``choose``) and returns a function that waits for its result and returns it (or raises its
    error). A window's client passes a worker thread (``arcade.client.thinking``), so a searching "hard" bot (up to
    about 150 ms a decision) decides during its ``think_ticks`` instead of holding up one frame. The decision is
    the one the bot would make without ``ahead``: it is worked out for the tick it is due at (``think_ticks`` after
    the seat came to act) on the state of that moment, and made again on the spot if the state changed meanwhile
    or the bot was asked at another tick.
    """

    def __init__(self, game_id: str, seat: int, level: str = "normal", seed: int = 0, think_ticks: int = 30,
                 player: Any = None, ahead: Callable[[Callable[[], Any]], Callable[[], Any]] | None = None) -> None:
        game = definition_of(game_id)
        self.game_id = game_id
        self.seat = seat
        self.level = level
        self.seed = seed
        self.think_ticks = think_ticks
        self.rules = game.rules
        self.turn_based = game.turn_based
        self._choose = game.choose
        self._bot = None if self.turn_based else player or game.bot(seat, level, seed)
        self.ahead = ahead
        self._waiting_since: int | None = None
        self._acted_on: int | None = None  # checksum of the state the last action was chosen on
        self._foreseen: tuple[int, int, Callable[[], Any]] | None = None  # (state checksum, due tick, result)

    def input(self, state: Any, tick: int) -> int:
        """The seat's input for this tick (0 = nothing)."""
        rules = self.rules
        if rules.is_over(state):
            return 0
        if not self.turn_based:
            return self._bot.input(rules.view(state, self.seat), rules.legal_actions(state, self.seat), tick)
        if self.seat not in rules.to_act(state):
            self._waiting_since = self._foreseen = None
            return 0
        if self._acted_on is not None and rules.checksum(state) == self._acted_on:
            return 0  # our last input has not been applied yet (input delay): never send a second one
        if self._waiting_since is None:
            self._waiting_since = tick
            if self.ahead is not None and self.think_ticks > 0:
                due = tick + self.think_ticks
                self._foreseen = (rules.checksum(state), due, self.ahead(lambda: self._decide(state, due)))
        if tick - self._waiting_since < self.think_ticks:
            return 0
        self._waiting_since = None
        self._acted_on = rules.checksum(state)
        foreseen, self._foreseen = self._foreseen, None
        if foreseen is not None and foreseen[:2] == (self._acted_on, tick):
            action = foreseen[2]()
        else:
            action = self._decide(state, tick)
        return action_input(rules, action)

    def _decide(self, state: Any, tick: int) -> Any:
        """The game's bot's choice for this seat in ``state`` at ``tick`` (its generator depends on the tick)."""
        rules = self.rules
        return self._choose(rules.view(state, self.seat), rules.legal_actions(state, self.seat),
                                  decision_rng(self.seed, self.seat, tick), self.level)


def searching_hard(heuristic: Callable[..., Any], search: Callable[..., Any],
                   searches: Callable[[Any, list], bool]) -> Callable[..., Any]:
    """A game's ``choose(view, legal_actions, rng, level="normal")`` whose "hard" level is a search: ``search(view,
    legal, rng)`` where ``searches(view, legal)`` holds, ``heuristic(view, legal, rng, level)`` otherwise (easy and
    normal). The game's ``levels`` module builds it, so its ``bot`` (the heuristic) and its ``search`` (which plays
    that heuristic in its look-ahead) never import each other. The result raises ValueError when nothing is legal."""

    def choose(view: Any, legal_actions: Sequence[Any], rng: Rng, level: str = "normal") -> Any:
        legal = list(legal_actions)
        if not legal:
            raise ValueError("no legal action")
        if level == "hard" and searches(view, legal):
            return search(view, legal, rng)
        return heuristic(view, legal, rng, level)

    return choose
