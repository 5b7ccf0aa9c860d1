"""The Grenade bot: a pure function of one seat's view (never the true state), integers only.

How it plays:

- Moves (every level but "easy"'s random half). For each grenade it may move it looks at the immediate result
  (spades blown up), then at every roll and choice of the next player (18 outcomes) and at the danger left on the
  table after that ("heat": how likely each spade is to be hit next by a die showing 5, by the Joker raising a 5 where
  it stands, or, a little, by a die showing 4). Spades are weighted: its own spade(s) -1000, every other face-up
  spade by its per-mille chance of being a live opponent's. The worst roll for its own spade counts extra (the next
  player might aim at it).
- "hard" searches (``arcade.games.grenade.search``): it weighs every deal of the hidden hearts by how well it explains
  the public history (what "normal" would have played in each mover's seat), then scores each grenade in worlds drawn
  from that posterior with a two-ply expectimax in which the next player replies as "normal" would, holding the
  hearts that world gives them.
- ``spade_beliefs(view, read_history=True)`` reads identities from the history by regret (the older, lighter
  reading; exported): a move that put a spade in more danger than another choice would have is evidence that it
  is not the mover's; declining to blow a spade up when a grenade could have is evidence that it is.
- Not being obvious: its own spade only counts when it is really in danger. A grenade landing on it at low pips is
  harmless, so the bot does that about as often as on any other spade (measured: 12% of its moves stop on its own
  spade; a spade is 1/8 of the wheel), and the history gives the others little to read.

Levels and measured strength (tools/ladder.py --game grenade: 4 players, two seats a level, seats rotated, 200
seeded games a pair, seed 1, 2026-11-24; Elo easy 1405, normal 1527, hard 1568: docs/ladder.md):

- "easy": "normal" half of the time, a random grenade the other half; normal beats it 71.5 %;
- "normal": the heuristic above; about 60% wins against three random players (baseline 25%);
- "hard": the information-set search; beats easy 67.5 % and normal 60.2 % (120.5 - 79.5) on the ladder's seed 1, on
  which it was tuned; on other deals 59.5 % and 57.2 %, and on seeds never tuned on (3 to 6) 50.5 %, 54.5 %,
  54.5 %, 51.5 %; seeds 13 to 20: 53.7 % (1,600 games), and 57.1 % when the search is handed every heart
  (``arcade.games.grenade.search``, tools/grenade_ceiling.py); a full round ahead with every heart known, 59.6 %.
  Decision time (tools/bench_rules.py, CPU, load average
  4.8): p50 13 ms, p99 55 ms.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Sequence

from arcade.core.rng import Rng
from .rules import DICE, JOKER, PLACES, GrenadeView, Throw, resolve_throw

__all__ = ["choose", "spade_beliefs", "heat", "move_values", "Style", "STYLES"]


@dataclass(frozen=True, slots=True)
class Style:
    """How a level plays. ``own``: weight of the bot's own spade (per-mille scale: an opponent's spade for sure is
    +1000); ``read_history``: read identities from the history;
    ``greedy_next``: expect the next player to blow a spade up when they can (else: any grenade alike);
    ``suspicion``: the worst case for its own spade counts 1/suspicion as much as the average; ``random_half``: play
    a random grenade half of the time."""

    own: int = -1000
    read_history: bool = False
    greedy_next: bool = False
    suspicion: int = 2
    random_half: bool = False


STYLES = {
    "easy": Style(random_half=True),
    "normal": Style(),
    "hard": Style(read_history=True, greedy_next=True),
}
BLOWN_HARM = 36 * 6
"""Harm (in heat units) of a spade actually blown, for the reading of identities."""
REGRET_UNIT = 48
"""Heat units of regret that halve the weight of "this spade is that player's"."""
SPARED = 48
"""Regret taken off (evidence for ownership) when a player could have blown a spade up and chose not to."""
TILT = 1
"""Most halvings (or doublings) the regret may apply to a weight."""


def heat(wheel: Sequence[int], blown: Sequence[bool], dice: Sequence[tuple[int, int]]) -> list[int]:
    """Danger per place, in 1/36ths: for the next roll, the chance that a grenade showing 5 is moved onto the spade
    (1/6 a roll per die, times 6), or that a move onto the Joker makes a grenade showing 5 on the spade explode; a die
    showing 4 adds a little (it can become a 5 in one move)."""
    h = [0] * PLACES
    joker = wheel.index(JOKER)
    ring = [p for p in range(PLACES) if not blown[p]]  # face-up places clockwise (the Joker included)
    n = len(ring)
    at = {p: i for i, p in enumerate(ring)}
    fives_on = [p for p, q in dice if q == 5]
    joker_reach = 0
    for p, q in dice:
        i = at[p] if p in at else 0
        if q >= 4:
            for r in range(1, 7):
                t = ring[(i + r) % n]
                if q == 5:
                    if t == joker:
                        joker_reach += 1
                    else:
                        h[t] += 6
                else:
                    j = (i + r) % n
                    for r2 in range(1, 7):
                        t2 = ring[(j + r2) % n]
                        if t2 != joker:
                            h[t2] += 1
        else:
            # any die can reach the Joker: that raises every die showing 5 where it stands
            for r in range(1, 7):
                if ring[(i + r) % n] == joker:
                    joker_reach += 1
    if joker_reach:
        for p in fives_on:
            if p != joker:
                h[p] += 2 * min(joker_reach, 3)
    return h


def _replay(view: GrenadeView):
    """Yield (move, blown_before, dice_before) for every move of the history, from the setup on."""
    first = 1 if view.wheel[0] == JOKER else 0
    blown: tuple[bool, ...] = (False,) * PLACES
    dice: tuple[tuple[int, int], ...] = ((first, 1),) * DICE
    for mv in view.history:
        yield mv, blown, dice
        blown, dice, _, _ = resolve_throw(view.wheel, blown, dice, mv.die, mv.roll)


def _harm(wheel, blown_after, dice_after, newly) -> list[int]:
    h = heat(wheel, blown_after, dice_after)
    for p in newly:
        h[p] += BLOWN_HARM
    return h


def spade_beliefs(view: GrenadeView, read_history: bool = True) -> list[int]:
    """Per place, the per-mille chance that the face-up spade there is a live opponent's heart (0 for the Joker,
    blown spades and the viewer's own spades)."""
    me = view.seat
    mine = set(view.hearts[me]) if me is not None else set()
    per = 2 if view.players == 2 else 1
    candidates = [p for p in range(PLACES)
                  if not view.blown[p] and view.wheel[p] != JOKER and view.wheel[p] not in mine]
    opponents = [o for o in range(view.players) if o != me and view.out_move[o] == 0]
    hidden = {o: per - len(view.revealed[o]) for o in opponents}
    regret = {o: [0] * PLACES for o in opponents}
    if read_history and candidates:
        for mv, blown, dice in _replay(view):
            if mv.seat not in regret:
                continue
            outcomes = {}
            for d in range(DICE):
                if dice[d] in outcomes:
                    continue
                b2, d2, newly, _ = resolve_throw(view.wheel, blown, dice, d, mv.roll)
                outcomes[dice[d]] = _harm(view.wheel, b2, d2, newly)
            chosen = outcomes[dice[mv.die]]
            if len(outcomes) < 2:
                continue
            reg = regret[mv.seat]
            for p in candidates:
                harms = [o[p] for o in outcomes.values()]
                reg[p] += chosen[p] - min(harms)
                if max(harms) >= BLOWN_HARM > chosen[p]:
                    reg[p] -= SPARED  # it could have blown this spade up and did not
    belief = [0] * PLACES
    for o in opponents:
        low = min(regret[o][p] for p in candidates)
        weights = {p: _weight(regret[o][p] - low) for p in candidates}
        total = sum(weights.values())
        if not total:
            continue
        for p in candidates:
            belief[p] += hidden[o] * 1000 * weights[p] // total
    return [min(b, 1000) for b in belief]


def _weight(regret: int) -> int:
    """2 ** (-regret / REGRET_UNIT), times 1024, clamped to a factor TILT either way (integers only)."""
    k = regret // REGRET_UNIT
    if k >= 0:
        return 1024 >> min(k, TILT)
    return 1024 << min(-k, TILT)


def _value(weights: list[int], newly: Sequence[int]) -> int:
    return sum(weights[p] for p in newly)


# The memo sizes: a "hard" decision meets at most about 1,000 new throws (median 540) and 520 heat maps; bigger memos
# only kept older games' positions alive for hours in a long-running client (attract mode grew by tens of MB), and
# were no faster (6 four-bot games: 1.5 s of processor time with 65,536 entries, 1.46 s with these).
@lru_cache(maxsize=1 << 12)
def _resolve(wheel, blown, dice, die, roll):
    """``resolve_throw`` memoized (pure; the search asks for the same positions again and again)."""
    return resolve_throw(wheel, blown, dice, die, roll)


@lru_cache(maxsize=1 << 12)
def _heat(wheel, blown, dice) -> tuple[int, ...]:
    return tuple(heat(wheel, blown, dice))


@lru_cache(maxsize=1 << 10)
def _move_scores(wheel: tuple[int, ...], blown: tuple[bool, ...], dice: tuple[tuple[int, int], ...], roll: int,
                 weights: tuple[int, ...], own_places: tuple[int, ...], style: Style) -> tuple[tuple[tuple[int, int], int], ...]:
    """The value of moving each distinct grenade (keyed by its (place, pips)): a pure function of the position and
    the mover's spade weights, memoized (the search of "hard" meets the same positions many times)."""
    outcomes: dict[tuple[int, int], int] = {}
    for die in range(DICE):
        key = dice[die]
        if key in outcomes:
            continue
        b1, d1, newly, _ = _resolve(wheel, blown, dice, die, roll)
        # units: 36ths of a spade's weight, summed over the next player's 18 (roll, grenade) outcomes
        score = _value(weights, newly) * 36 * 18
        for r in range(1, 7):
            seen: dict[tuple[int, int], tuple[int, int, bool]] = {}
            worst = 0
            total = 0
            greedy: list[int] = []
            for d in range(DICE):
                k2 = d1[d]
                if k2 not in seen:
                    b2, d2, newly2, _ = _resolve(wheel, b1, d1, d, r)
                    h = _heat(wheel, b2, d2)
                    later = _value(weights, newly2) * 36 + sum(weights[p] * h[p] for p in range(PLACES)
                                                               if not b2[p]) // 2
                    own = sum(weights[p] for p in newly2 if p in own_places)
                    seen[k2] = (later, own, bool(newly2))
                later, own, blows = seen[k2]
                total += later
                if blows:
                    greedy.append(later)
                worst = min(worst, own)
            if style.greedy_next and greedy:
                # the next player, if not random, blows a spade up whenever a grenade lets them
                total = (total + DICE * sum(greedy) // len(greedy)) // 2
            score += total
            score += worst * 36 * 3 // style.suspicion
        outcomes[key] = score
    return tuple(outcomes.items())


def move_values(view: GrenadeView, style: Style = STYLES["normal"], belief: Sequence[int] | None = None
                ) -> dict[tuple[int, int], int]:
    """How good moving each grenade is for ``view.seat``, keyed by the grenade's (place, pips): spades blown now and
    after every roll and grenade of the next player, and the danger left (units: 36ths of a spade's weight).
    ``belief``: per place, the per-mille chance that the spade is a live opponent's (default: ``spade_beliefs``)."""
    me = view.seat
    mine = set(view.hearts[me]) if me is not None else set()
    if belief is None:
        belief = spade_beliefs(view, read_history=style.read_history)
    weights = [0] * PLACES
    for p in range(PLACES):
        if view.blown[p] or view.wheel[p] == JOKER:
            continue
        weights[p] = style.own if view.wheel[p] in mine else belief[p]
    own_places = tuple(p for p in range(PLACES) if view.wheel[p] in mine and not view.blown[p])
    return dict(_move_scores(view.wheel, view.blown, view.dice, view.roll, tuple(weights), own_places, style))


def choose(view: GrenadeView, legal_actions: Sequence[Throw], rng: Rng, level: str = "normal") -> Throw:
    """Pick the grenade to move. Pure function of ``view`` (its own hearts and the public table), ``legal_actions``
    and ``rng`` (used only to break ties and, at "easy", to play at random). Raises ValueError if nothing is legal.
    "hard" searches (``arcade.games.grenade.search``) through ``arcade.games.grenade.levels.choose``, the package's
    ``choose``; asked here, "hard" plays its heuristic style."""
    legal = list(legal_actions)
    if not legal:
        raise ValueError("no legal action")
    style = STYLES.get(level, STYLES["normal"])
    if style.random_half:
        coin, rng = rng.below(2)
        if coin:
            return rng.choice(legal)[0]
    dice = view.dice
    outcomes = move_values(view, style)
    best = max(outcomes[dice[a.die]] for a in legal)
    top = [a for a in legal if outcomes[dice[a.die]] == best]
    return rng.choice(top)[0]

