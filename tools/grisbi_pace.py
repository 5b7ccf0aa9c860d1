"""How fast Grisbi's bots play, measured against models of a person at the table (issues #16 and 36).

By default (issue 36, "a race at every speed") it prints the race: 4 seats, a person model at seat 0 and three
normal bots that pace themselves on it (``Bot.people``, the rubber band of ``arcade.games.grisbi.pace``), at a new
player's first-match defaults (relaxed pace, assist on) and at the standard pace; two person models with the assist
on (``PersonModel``, the bots' own perception rule): fast (400-600 ms from a card becoming playable for them to
their card) and slow (900-1,300 ms). For each: the person's share of all cards laid, the person's and each bot's
cards per round, the rounds, the share of rounds the person's team won, the bots' time scale at the end of each
match (percent of their level's times) and the person's reaction as the bots measured it (median over the matches). Targets: fast share <= 50 %, slow share >= 20 %, every bot >= 2 cards a
round. ``--matches`` sets the matches a line (24).

Figures (seed 1, 24 matches a line). Before issue 36 the same models against the old bots (every card restarting
their reaction, no rubber band) got: first match fast 82.7 %, slow 78.2 % of the cards (bots 0.6-0.9 cards a
round, the person's team 99 % of the rounds); standard fast 82.4 %, slow 13.0 % (bots 7.5-7.8 a round). Now:

    setting      model  share  person/round  bots cards/round (each) rounds   won  bot scale p10/p50/p90  measured
    first match  fast   42.4 %           6.8          3.3 / 2.8 / 3.2     90   72 %         35/35/42 %    0.45 s
    first match  slow   29.0 %           4.4          3.6 / 3.9 / 3.4    101   56 %         98/103/110 %    1.02 s
    standard     fast   35.2 %           5.8          3.7 / 3.3 / 3.8     98   66 %         30/30/40 %    0.47 s
    standard     slow   28.8 %           4.5          3.6 / 3.7 / 3.7    100   50 %         96/105/113 %    1.03 s
    targets: fast model's share <= 50 %, slow model's >= 20 %, every bot >= 2 cards a round; all met

With ``--levels`` it also prints, for each bot level at the chosen ``--pace`` (issue #16):

- the bot's answer times, p10 / p50 / p90 in seconds: "alone 1v1", from START to its first card when it holds a
  correct card and nobody else lays (a real 2-player deal per seed: its answer to one card, targets: medians about
  easy 1.5 s, normal 1.0 s, hard 0.6 s; at a table of more seats every bot time grows, ``bot.SEAT_PACE``), and
  "busy table", in games of four bots of that level, from the moment the
  card its input lands on was laid (target: never under 18 ticks = 300 ms, the minimum is printed);
- the length of a round with 3 and with 4 bots of that level (from START to the round's end; target for four normal
  bots at the standard pace: 15-45 s);
- the share of rounds a modelled typical person wins 1 vs 1 against a bot of that level (targets: >= 65 % vs easy,
  35-65 % vs normal, 10-40 % vs hard).

The modelled person (``PERSON``) is a ``Bot`` with a person's times, written from published reaction-time figures:

- perception: about 250-300 ms before a person even starts to act on a new card. Simple visual reaction time is
  about 190-250 ms in healthy adults (R. J. Kosinski, "A Literature Review on Reaction Time", Clemson University,
  2013: ~180-200 ms for light stimuli; A. T. Welford, "Choice reaction time: basic concepts", in *Reaction Times*,
  Academic Press 1980; D. L. Woods et al., "Factors influencing the latency of simple reaction time", Frontiers in
  Human Neuroscience 9:131, 2015: mean ~ 231 ms over 1,469 adults). The model's floor is 300 ms (18 ticks),
  the median 18 ticks;
- decision: Hick–Hyman law, RT = a + b·log2(n + 1) (W. E. Hick, "On the rate of gain of information", Quarterly
  Journal of Experimental Psychology 4:11-26, 1952; R. Hyman, "Stimulus information as a determinant of reaction
  time", Journal of Experimental Psychology 45:188-196, 1953: b about 150 ms per bit for unpractised choices, less
  with practice). Matching a card's hooks to a hand of 16 cards is ~4 bits: with a = 170 ms and b = 80 ms a bit
  (5 ticks) the decision takes ~0.5 s, the whole answer a median ~0.8 s (48 ticks) with a slow tail: the "0.8 s per
  decision" of a typical person in the issue, and about what card-matching games (e.g. Dobble/Spot it! speed
  reports, ~1 s a match) show;
- judgement: a person picks the card worth the most among those that fit, denies 3-point cards, counts their team's
  points with a slip one card in ten, and makes a wrong lay one time in twenty.

With ``--rates`` (or ``--rates-only``) it also prints the cards the bots lay a second, all together, at tables of
2 to 8 seats (seat 0 a person, the others bots of one level), over the seconds of play: with a *newcomer* at seat 0
who lays nothing (the most the bots lay: a first-timer's table) and with the modelled person (and the person's share
of the cards laid; a fair share is one card in ``seats``). Target (issue 29): at the relaxed pace (a new player's
first match) three normal bots lay at most ~0.7 cards a second in total.

Everything is seeded (match seed = --seed * 1_000_003 + index); no clocks. The modelled person's times are their
own: the table's pace and seat count scale the bots only.

    python tools/grisbi_pace.py --rounds 60 --seed 1 [--pace standard] [--rates]

Figures (``--levels``, seed 1, --rounds 60, standard pace), after issue 36's perception rule (a card a bot can
play on, landing while it decides, starts a new reaction; no re-check): 1 v 1 alone unchanged, the busy table's
answers longer (no re-check shortcut), every target still met:

    level   alone 1v1 p10/p50/p90 busy table p10/p50/p90 (min)  round: 3 bots  4 bots (p10-p90)    person wins 1v1
    easy    1.42/1.62/2.00 s  1.60/1.80/2.03 s (22 ticks)        32.3 s         47.0 s (38-59 s)        76.2 % of 126
    normal  0.92/1.05/1.28 s  1.07/1.20/1.33 s (27 ticks)        23.2 s         33.8 s (24-42 s)        35.7 % of 126
    hard    0.65/0.73/0.92 s  0.75/0.87/0.97 s (18 ticks)        18.4 s         23.7 s (18-40 s)        22.2 % of 126

Before issue 36 (same command):

    easy    1.42/1.62/2.00 s  1.05/1.18/1.42 s (52 ticks)        26.6 s         33.9 s (27-44 s)        77.0 % of 126
    normal  0.92/1.05/1.28 s  0.75/0.85/0.98 s (38 ticks)        19.0 s         27.6 s (22-35 s)        41.3 % of 126
    hard    0.65/0.73/0.92 s  0.60/0.67/0.83 s (31 ticks)        19.0 s         25.4 s (19-36 s)        17.5 % of 126

The cards-a-second table below is from before issue 36 (``--rates-only`` prints today's; with the issue 36 rule,
``--rounds 6``, relaxed: normal bots with a newcomer 0.52 / 0.54 / 0.52 / 0.50 / 0.47 / 0.44 at 2 / 3 / 4 / 5 / 6 / 8
seats).
Cards the bots lay a second (``--rates-only --rounds 48``), with a newcomer / with a person (the person's share):

    relaxed  seats   2            3            4            5            6            8
    easy            0.37         0.46         0.48         0.48         0.48         0.44
                   0.19 (72 %)  0.32 (51 %)  0.34 (45 %)  0.39 (33 %)  0.40 (27 %)  0.38 (24 %)
    normal          0.54         0.64         0.68         0.68         0.68         0.63
                   0.32 (61 %)  0.46 (48 %)  0.48 (41 %)  0.53 (32 %)  0.54 (28 %)  0.53 (23 %)
    hard            0.75         0.84         0.89         0.86         0.87         0.81
                   0.51 (51 %)  0.63 (43 %)  0.65 (34 %)  0.70 (28 %)  0.71 (23 %)  0.68 (22 %)
    standard
    easy            0.59         0.72         0.78         0.78         0.77         0.72
                   0.39 (58 %)  0.52 (49 %)  0.53 (42 %)  0.60 (31 %)  0.63 (26 %)  0.60 (23 %)
    normal          0.83         0.99         1.12         1.12         1.11         1.03
                   0.56 (48 %)  0.83 (38 %)  0.80 (38 %)  0.84 (31 %)  0.87 (26 %)  0.84 (23 %)
    hard            1.14         1.26         1.40         1.39         1.42         1.35
                   0.83 (34 %)  1.12 (25 %)  1.16 (22 %)  1.20 (23 %)  1.18 (21 %)  1.12 (19 %)
    fast
    easy            0.77         0.94         1.04         1.05         1.04         0.98
                   0.56 (50 %)  0.78 (40 %)  0.76 (37 %)  0.81 (31 %)  0.82 (27 %)  0.79 (23 %)
    normal          1.05         1.26         1.46         1.49         1.50         1.43
                   0.77 (38 %)  1.12 (23 %)  1.26 (21 %)  1.29 (21 %)  1.24 (21 %)  1.14 (23 %)
    hard            1.40         1.58         1.85         1.86         1.91         1.85
                   0.97 (27 %)  1.23 (21 %)  1.71 ( 9 %)  1.76 ( 8 %)  1.83 ( 6 %)  1.74 ( 9 %)

Before the seat pace (every table at its pace's times alone; --rounds 24, with a newcomer): relaxed normal 0.53 /
0.73 / 0.93 / 1.01 / 1.05 / 1.14 cards a second at 2 / 3 / 4 / 5 / 6 / 8 seats, standard normal 0.81 / 1.08 / 1.47 /
1.60 / 1.73 / 1.92, standard hard 1.12 / 1.46 / 1.93 / 1.89 / 2.18 / 2.51: three bots at the relaxed pace laid 0.93
cards a second, a person's share against hard bots at 8 seats was 0 %.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from arcade.core.rng import Rng, seed_mix  # noqa: E402
from arcade.games.grisbi import RULES, Bot  # noqa: E402
from arcade.games.grisbi.bot import BOT_LEVELS, BotLevel  # noqa: E402
from arcade.games.grisbi.cards import ACTION, KIND, POINTS, STOP, TEAMS  # noqa: E402
from arcade.games.grisbi.pace import MIN_PERCEPTION, react  # noqa: E402
from arcade.games.grisbi.scoring import is_correct, team_total  # noqa: E402

PERSON = BotLevel(perception=18, decide_base=15, decide_per_bit=8, spread=30, mistake_permille=50,
                  deny_min_points=3, patience=100, careful=False, count_slip_permille=100, stop_margin=50)
"""A typical person at the table (see the module docstring): median answer ~48 ticks (0.8 s) with 16 cards."""
LEVELS = ("easy", "normal", "hard")
MAX_TICKS = 60 * 60 * 30


class Person(Bot):
    """The modelled person: ``PERSON``'s times whatever the table's pace and seats (those scale the bots only)."""

    def __init__(self, seat: int, seed: int) -> None:
        super().__init__(seat, "normal", seed)
        self.params = PERSON
        self.level = "person"

    def time_scale(self, pace: str, seats: int) -> int:
        return 100


class Newcomer(Person):
    """A first-timer who has not laid a card yet: never sends an input (the most the bots lay at a table)."""

    def input(self, view, legal_inputs, tick: int) -> int:
        return 0


def make_bot(seat: int, level: str, seed: int) -> Bot:
    """A bot of ``level``, the modelled person for level "person", a silent seat for "newcomer"."""
    if level in ("person", "newcomer"):
        return (Person if level == "person" else Newcomer)(seat, seed)
    return Bot(seat, level, seed)


def play_rounds(seed: int, levels: tuple[str, ...], rounds: int, pace: str = "standard"):
    """Play ``rounds`` rounds (or the match) with one player per seat; return (answers, round lengths, winners):
    answers: (ticks from the landing its decision answers, ticks from the top card landing or START) to the input
    for every card sent; round lengths in
    ticks from START to the end; winners: the winning team of each round."""
    s = RULES.initial_state(seed, len(levels), pace=pace, reveal_ticks=2, start_ticks=30)
    bots = [make_bot(p, lv, seed) for p, lv in enumerate(levels)]
    answers, lengths, winners = [], [], []
    start = 0
    for _ in range(MAX_TICKS):
        if RULES.is_over(s) or len(winners) >= rounds:
            break
        views = [RULES.view(s, p) for p in range(len(levels))]
        x = tuple(b.input(views[b.seat], RULES.legal_actions(s, b.seat), s.tick) for b in bots)
        for p, n in enumerate(x):
            if n:
                answers.append((s.tick - bots[p].decision_from, s.tick - max(views[p].pile_ticks[-1], start)))
        s = RULES.step(s, x)
        for ev in s.events:
            if ev[0] == "start":
                start = s.tick
            elif ev[0] == "round_end":
                winners.append(ev[1])
                lengths.append(s.tick - start)
    return answers, lengths, winners


def pct(values: list[int], q: int) -> int:
    v = sorted(values)
    return v[min(len(v) - 1, len(v) * q // 100)] if v else 0


def sec(values: list[int], q: int) -> str:
    return f"{pct(values, q) / 60:.2f}"


def alone(level: str, seeds: range, pace: str, seats: int = 4) -> list[int]:
    """Ticks from START to a lone bot's first card, for the deals (``seats`` players, seat 0) where it holds a
    correct card."""
    from arcade.games.grisbi.scoring import is_correct
    out = []
    for seed in seeds:
        s = RULES.initial_state(seed, seats, start_ticks=0, pace=pace)
        if not any(is_correct(c, s.pile_cards[0]) for c in s.hands[0]):
            continue
        bot = make_bot(0, level, seed)
        for k in range(600):
            if bot.input(RULES.view(s, 0), RULES.legal_actions(s, 0), s.tick):
                out.append(k)
                break
            s = RULES.step(s, (0,) * seats)
    return out


def table_rate(seats: int, level: str, pace: str, rounds: int, seed: int,
               who: str = "person") -> tuple[float, float, float]:
    """A table of ``seats``: the modelled person at seat 0 (Robbers; ``who`` "newcomer": a silent seat), bots of
    ``level`` in the others, teams alternating. Returns (cards the bots lay per second of play, all together; cards the person lays per second;
    the person's share of the cards laid), over about ``rounds`` rounds (seeded)."""
    bots = person = ticks = 0
    k = 0
    while k * 3 < rounds:
        s = RULES.initial_state(seed * 1_000_003 + 7000 + 97 * seats + k, seats, pace=pace, reveal_ticks=2,
                                start_ticks=30)
        players = [make_bot(p, who if p == 0 else level, seed + k) for p in range(seats)]
        done = 0
        for _ in range(MAX_TICKS):
            if RULES.is_over(s) or done >= 3:
                break
            x = tuple(b.input(RULES.view(s, b.seat), RULES.legal_actions(s, b.seat), s.tick) for b in players)
            playing = s.phase == "play"
            s = RULES.step(s, x)
            ticks += playing
            for ev in s.events:
                if ev[0] == "lay":
                    if ev[1] == 0:
                        person += 1
                    else:
                        bots += 1
                elif ev[0] == "round_end":
                    done += 1
        k += 1
    secs = max(1, ticks) / 60
    return bots / secs, person / secs, person / max(1, bots + person)


def level_figures(level: str, rounds: int, seed: int, pace: str) -> dict:
    answers, len3, len4 = [], [], []
    for k in range(rounds // 4 + 1):
        a, lengths, _ = play_rounds(seed * 1_000_003 + k, (level,) * 4, 4, pace)
        answers += a
        len4 += lengths
        _, lengths, _ = play_rounds(seed * 1_000_003 + 500 + k, (level,) * 3, 4, pace)
        len3 += lengths
    won = total = 0
    for k in range(rounds // 3 + 1):
        for person_seat in (0, 1):  # the person plays Robbers, then Police
            levels = ("person", level) if person_seat == 0 else (level, "person")
            _, _, winners = play_rounds(seed * 1_000_003 + 2000 + k, levels, 3, pace)
            team = ("robbers", "police")[person_seat]
            won += sum(1 for w in winners if w == team)
            total += len(winners)
    return {"answers": answers, "len3": len3, "len4": len4, "won": won, "total": total,
            "alone": alone(level, range(seed * 1000, seed * 1000 + 4 * rounds), pace, seats=2)}


# --- the race (issue 36): two models of a person against three bots that pace themselves on them ---------------------

MODELS = {"fast": (24, 36), "slow": (54, 78)}
"""The person models' reaction, in ticks from a card becoming playable for them to their card landing: fast
400-600 ms, slow 900-1,300 ms (uniform)."""
SETTINGS = {"first match": {"pace": "relaxed", "assist": True}, "standard": {"pace": "standard", "assist": True}}
"""The tables measured: a new player's first match (``settings.GENTLE``: relaxed pace, assist on) and the standard
pace (the models play with the assist on at both)."""
PATIENCE = 180
"""Ticks (3 s) a person with nothing that fits waits on a still pile before laying a card anyway."""


class PersonModel:
    """A person at the table with the assist on, reacting ``lo``-``hi`` ticks (uniform) after a top card they can
    play on lands, with the same perception as the bots (``pace.react``: a card landing while they react does not
    send them back to zero, and they never answer a card sooner than 300 ms after it landed).

    What they lay: a Stop that glows (the assist: their team's exact total has reached the target and the Stop
    fits), else their highest Action card that glows (fits the top card). With nothing that fits they wait; after
    ``PATIENCE`` ticks of a still pile they lay their lowest Action or Deny card (a newcomer unblocking the table),
    and holding only Stops, one of those after 5 s. They never deny (the assist does not show Denies)."""

    def __init__(self, seat: int, reaction: tuple[int, int], seed: int) -> None:
        self.seat = seat
        self.lo, self.hi = reaction
        self._rng = Rng(seed_mix(seed, seat, 0x706572))
        self._round = -1
        self._awake: int | None = None
        self._key = -1
        self._due: int | None = None
        self._seen = 0
        self._pending: tuple[int, int] | None = None

    def _glowing(self, view) -> list[int]:
        team = TEAMS.index(view.team)
        top = view.pile_cards[-1]
        stops = [c for c in view.hand if KIND[c] == STOP and is_correct(c, top)]
        if stops and team_total(view.pile_cards, team) >= view.targets[team]:
            return stops[:1]
        fit = [c for c in view.hand if KIND[c] == ACTION and is_correct(c, top)]
        return sorted(fit, key=lambda c: (-POINTS[c], c))

    def input(self, view, legal_inputs, tick: int) -> int:
        if not legal_inputs:
            self._awake = self._pending = None
            return 0
        if view.round != self._round or self._awake is None:
            self._round, self._awake, self._key, self._due = view.round, tick, -1, None
        if self._pending is not None:
            card, sent = self._pending
            if card in view.hand and tick - sent < 30:
                return 0
            self._pending = None
        n = len(view.pile_cards)
        landed = max(view.pile_ticks[-1], self._awake)
        if n != self._key:
            self._key = n
            glow = bool(self._glowing(view))
            r, self._rng = self._rng.below(self.hi - self.lo + 1)
            if glow or (self._due is not None and self._due > tick):
                self._due, self._seen = react(self._due, self._seen, landed, MIN_PERCEPTION, self.lo + r, glow)
            else:
                self._due = None
        if self._due is not None and tick >= self._due:
            self._due = None
            glow = self._glowing(view)
            if glow:
                self._pending = (glow[0], tick)
                return glow[0] + 1
        if self._due is None and tick - landed >= PATIENCE:
            plays = sorted((c for c in view.hand if KIND[c] != STOP), key=lambda c: (POINTS[c], c))
            if plays or tick - landed >= 300:
                card = plays[0] if plays else view.hand[0]
                self._pending = (card, tick)
                return card + 1
        return 0


def race(model: str, pace: str, assist: bool, matches: int, seed: int, level: str = "normal", seats: int = 4
         ) -> dict:
    """``matches`` seeded matches of ``seats`` seats: the ``model`` person at seat 0 (Robbers), bots of ``level``
    in the others (teams alternating), every bot watching seat 0 (``Bot.people``, as ``Match.add_bot`` sets it).
    Returns the cards laid per seat, the rounds played, the rounds the person's team won and the bots' last
    rubber-band scales (percent, one per bot and match) and the person's reaction as the bots measured it at the end
    of each match (ticks)."""
    laid = [0] * seats
    rounds = won = 0
    scales, measured = [], []
    for k in range(matches):
        s = RULES.initial_state(seed * 1_000_003 + 31 * k, seats, pace=pace, assist=assist)
        players = [PersonModel(0, MODELS[model], seed + k)] + [Bot(p, level, seed + k) for p in range(1, seats)]
        for b in players[1:]:
            b.people = (0,)
        for _ in range(MAX_TICKS):
            if RULES.is_over(s):
                break
            x = tuple(b.input(RULES.view(s, b.seat), RULES.legal_actions(s, b.seat), s.tick) for b in players)
            s = RULES.step(s, x)
            for ev in s.events:
                if ev[0] == "lay":
                    laid[ev[1]] += 1
                elif ev[0] == "round_end":
                    rounds += 1
                    won += ev[1] == "robbers"
        scales += [b.scale for b in players[1:]]
        measured.append(players[1].meter.people() or 0)
    return {"laid": laid, "rounds": rounds, "won": won, "scales": scales, "measured": measured}


def print_race(matches: int, seed: int, level: str = "normal") -> bool:
    """The race figures of issue 36 for every setting and model; True when every target holds."""
    ok = True
    print(f"Grisbi race, 4 seats: a person model at seat 0 and three {level} bots pacing themselves on it "
          f"({matches} matches a line, seed {seed})")
    print(f"{'setting':12} {'model':5} {'share':>6} {'person/round':>13} {'bots cards/round (each)':>24} "
          f"{'rounds':>6} {'won':>5} {'bot scale p10/p50/p90':>22} {'measured':>9}")
    for name, opts in SETTINGS.items():
        for model in MODELS:
            f = race(model, opts["pace"], opts["assist"], matches, seed, level)
            laid, r = f["laid"], max(1, f["rounds"])
            share = laid[0] / max(1, sum(laid))
            per_bot = [n / r for n in laid[1:]]
            sc = f["scales"]
            print(f"{name:12} {model:5} {100 * share:5.1f} % {laid[0] / r:13.1f} "
                  f"{' / '.join(f'{b:.1f}' for b in per_bot):>24} {f['rounds']:6} {100 * f['won'] / r:4.0f} % "
                  f"{pct(sc, 10):>10}/{pct(sc, 50)}/{pct(sc, 90)} % {pct(f['measured'], 50) / 60:7.2f} s")
            good = min(per_bot) >= 2 and (share <= 0.5 if model == "fast" else share >= 0.2)
            ok = ok and good
    print("targets: fast model's share <= 50 %, slow model's >= 20 %, every bot >= 2 cards a round; "
          + ("all met" if ok else "NOT MET"))
    return ok


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=60, help="rounds per figure (about)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--pace", default="standard", choices=("relaxed", "standard", "fast"))
    ap.add_argument("--rates", action="store_true", help="also print the cards a second by seat count and level")
    ap.add_argument("--rates-only", action="store_true", help="print only those")
    ap.add_argument("--matches", type=int, default=24, help="matches a line of the race figures")
    ap.add_argument("--levels", action="store_true", help="also print the bot levels' own times (issue 16)")
    ap.add_argument("--level", default="normal", choices=LEVELS, help="the bots' level in the race (normal)")
    args = ap.parse_args(argv)
    if not args.rates_only:
        print_race(args.matches, args.seed, args.level)
        if not (args.levels or args.rates):
            return
        print()
    if args.rates_only:
        print_rates(args.pace, args.rounds, args.seed)
        return
    print(f"Grisbi bots at the {args.pace} pace (seed {args.seed}, ~{args.rounds} rounds a figure; 60 ticks = 1 s)")
    print(f"{'level':7} {'alone 1v1 p10/p50/p90':19} {'busy table p10/p50/p90 (min)':29} {'round: 3 bots':14} "
          f"{'4 bots (p10-p90)':19} {'person wins 1v1'}")
    for level in LEVELS:
        f = level_figures(level, args.rounds, args.seed, args.pace)
        a = f["alone"]
        top = [t for _, t in f["answers"]]
        r3, r4 = pct(f["len3"], 50), pct(f["len4"], 50)
        print(f"{level:7} {sec(a, 10)}/{sec(a, 50)}/{sec(a, 90)} s  {sec(top, 10)}/{sec(top, 50)}/{sec(top, 90)} s "
              f"({min(top)} ticks){'':6} {r3 / 60:5.1f} s{'':7} {r4 / 60:5.1f} s ({pct(f['len4'], 10) / 60:.0f}-"
              f"{pct(f['len4'], 90) / 60:.0f} s){'':6} {100 * f['won'] / max(1, f['total']):5.1f} % of {f['total']}")
    print("targets: answers >= 18 ticks; round of 4 normal bots 15-45 s (standard); person wins >= 65 % vs easy, "
          "35-65 % vs normal, 10-40 % vs hard")
    if args.rates:
        print_rates(args.pace, args.rounds, args.seed)


SEATS = (2, 3, 4, 5, 6, 8)


def print_rates(pace: str, rounds: int, seed: int) -> None:
    """The cards a second the bots lay all together, by seat count and level (``table_rate``)."""
    print(f"\ncards the bots lay a second, all together, at the {pace} pace (seat 0 a person, the other seats bots;"
          f" ~{rounds} rounds a figure):")
    print(f"{'level':7} {'seats':>5} " + " ".join(f"{n:>12}" for n in SEATS))
    for level in LEVELS:
        for who in ("newcomer", "person"):
            cells = []
            for n in SEATS:
                b, _, share = table_rate(n, level, pace, rounds, seed, who)
                cells.append(f"{b:.2f}" + (f" ({100 * share:2.0f} %)" if who == "person" else "      "))
            label = "with a newcomer" if who == "newcomer" else "with a person (their share)"
            print(f"{level:7} {'':5} " + " ".join(f"{c:>12}" for c in cells) + f"   {label}")
    print("target: at the relaxed pace with 3 bots (4 seats, normal) at most ~0.7 cards a second with a newcomer; "
          "a person's share at least 1/seats against normal bots")


if __name__ == "__main__":
    main()
