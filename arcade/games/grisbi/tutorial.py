"""Grisbi's tutorial: one scripted, slow round that teaches hooks, Deny, Stop and the reveal (rules/grisbi.md).

The round is a real one. Its deal is ``RULES.initial_state(..., first_deal=DEAL)``: a deal from a chosen order of
the decks, one that the shuffles of "Preparation" could have given; every card is laid through ``step`` and judged by
``score_round``. What is scripted is who lays what, in ``SCRIPT`` order:

1. the learner (seat 0, Robbers) lays a card that fits the Location's hooks (lesson "Hooks");
2. the Police bot (seat 1, ``TutorBot``) answers with an Action card;
3. the learner cancels it with their Deny of the same picture (lesson "Deny");
4. the learner lays a card that fits their own Deny; 5. the bot answers; 6.-7. the learner lays two more fitting
   cards, reaching the target (10 points for a team of one);
8. the learner lays a Stop that fits (lesson "Stop"), which ends the round: the reveal (lesson "The reveal").

At each of the learner's steps only the step's card is asked for (``wanted``: the table makes it glow, and its
"next fit" keys go to it); any other card is not sent and the coach says why (``refuse``). The bot lays its scripted
card ``BOT_DELAY`` ticks after the learner's last card landed and never before the learner has done their step, so a
learner who does nothing holds the round. After the scripted round the bot plays as the real bot of its level.

Everything here is pure (no pygame, no clock): the step is read from the public pile (``stage``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from arcade.core.i18n import N_, _
from arcade.core.results import join_names

from .bot import Bot
from .cards import ACTION, CARDS, DENY, KIND, MAIN, NO_INPUT, STOP, STOP_IDS, TEAM, describe_card, laid_card, lay_input
from .coach import coach as situation_coach
from .scoring import is_correct

__all__ = ["DEAL", "SCRIPT", "Step", "BOT_DELAY", "stage", "wanted", "refuse", "coach", "done", "TutorBot",
           "LESSONS"]

LESSONS = (N_("Hooks"), N_("Deny"), N_("Stop"), N_("The reveal"))
"""The four lessons, in the words the coach's first line starts with when each one is taught (English ids)."""

BOT_DELAY = 100
"""Ticks (60 Hz) from a card landing to the Police bot's scripted answer: slow enough to follow (1.7 s)."""

_BANK, _KEYS3, _COP_CUFFS, _DENY_CUFFS, _DYNAMITE3, _COP_CAMERA, _DYNAMITE2, _PINCERS2 = 104, 18, 55, 40, 38, 82, 36, 5
DEAL = (_BANK,
        (_KEYS3, _DENY_CUFFS, _DYNAMITE3, _DYNAMITE2, _PINCERS2, 0, 1, 2, 42, 43, 44, 45) + STOP_IDS[0],
        (_COP_CUFFS, _COP_CAMERA, 57, 61, 65, 69, 73, 77, 81, 85, 93, 97) + STOP_IDS[1])
"""The scripted round's deal, the ``first_deal`` option (location, Robbers' 12 + 4 Stops, Police 12 + 4 Stops): a
hand-chosen order of each deck in which the lessons come up in order and each step's card is the only one that
glows. Chosen so: the learner holds one Deny of the Police card to cancel (not its twin), and their four scripted
Action cards add up to exactly the target (3 + 3 + 2 + 2 = 10)."""

YOU, THEM = "you", "them"


@dataclass(frozen=True)
class Step:
    """One step of the scripted round: ``who`` lays (``YOU``: the learner, ``THEM``: the Police bot) ``card`` (a
    card id; None: any Stop that fits the top card), and ``lines``, what the coach says while the step waits (a
    ``{A}``/``{DOWN}`` in them is the learner's key, filled in by the table; ``[hooks]`` the top card's bottom row,
    filled in by ``coach``). The lines are English message ids, translated by ``coach``."""

    who: str
    card: int | None
    lines: tuple[str, ...]

    def takes(self, card: int) -> bool:
        """Whether ``card`` laid now is this step done."""
        return card == self.card if self.card is not None else KIND[card] == STOP and TEAM[card] == 0


_HOW = N_("{DOWN} jumps to the glowing card, {A} lays it (or click it).")
SCRIPT: tuple[Step, ...] = (
    Step(YOU, _KEYS3, (
        N_("Hooks: the small pictures on a card say which cards may go on it. You are a Robber: "
           "your hooks are the bottom row (grey frames)."),
        N_("The Bank's bottom row shows [hooks]. Your glowing card's big picture is keys: it fits, "
           "so it will count its 3 points."), _HOW)),
    Step(THEM, _COP_CUFFS, (
        N_("Well done: that card counts. Nobody takes turns: everybody lays on the same pile as fast as they like."),
        N_("Watch the pile: the Police player answers."))),
    Step(YOU, _DENY_CUFFS, (
        N_("Deny: the Police just laid a handcuffs card. Your glowing Deny card shows handcuffs too."),
        N_("Laid right on it, it cancels their card: if the Police end the round, it will not count for them."),
        _HOW)),
    Step(YOU, _DYNAMITE3, (
        N_("Their card is cancelled. Your Deny is the top card now, and it has hooks too: [hooks] "
           "in the bottom row."),
        N_("Lay the glowing dynamite card on it (3 points). You may lay several cards in a row."), _HOW)),
    Step(THEM, _COP_CAMERA, (
        N_("Good. Watch again: the Police lay on top of your card."),)),
    Step(YOU, _DYNAMITE2, (
        N_("The top card changed under you: that is the race. Its bottom row shows [hooks]."),
        N_("Your glowing dynamite card fits (2 points)."), _HOW)),
    Step(YOU, _PINCERS2, (
        N_("Your own card is on top: its bottom row shows [hooks]."),
        N_("Lay the glowing pincers card (2 points)."), _HOW)),
    Step(YOU, None, (
        N_("Stop: your cards on the pile add up to 10 points, your target. A Stop ends the round at once."),
        N_("It must fit too: one of its two pictures must be in the top card's bottom row ([hooks])."),
        N_("{DOWN} jumps to a glowing Stop, {A} lays it (or click it)."))),
)
"""The scripted round, step by step (see the module docstring)."""


def stage(view: Any) -> int | None:
    """How many steps of ``SCRIPT`` the pile in ``view`` shows done (``len(SCRIPT)`` once the Stop is laid), or None
    when the pile is not the scripted round's (a later round, another deal)."""
    if view.round != 0 or not view.pile_cards or view.pile_cards[0] != DEAL[0]:
        return None
    laid = view.pile_cards[1:]
    if len(laid) > len(SCRIPT) or not all(step.takes(c) for step, c in zip(SCRIPT, laid)):
        return None
    return len(laid)


def wanted(view: Any) -> tuple[int, ...] | None:
    """The cards of the learner's hand (``view``: seat 0's) the coach asks for now: the step's card, or each Stop
    that fits the top card; ``()`` while the learner is to wait; None outside the scripted round's play (then
    every card may be laid)."""
    k = stage(view)
    if k is None or view.phase != "play" or k >= len(SCRIPT):
        return None
    step = SCRIPT[k]
    if step.who != YOU:
        return ()
    top = view.pile_cards[-1]
    return tuple(c for c in view.hand if step.takes(c) and (step.card is not None or is_correct(c, top)))


def refuse(view: Any, seat: int, action: int) -> str | None:
    """Why the learner's ``action`` (``card id + 1``) is not sent now, in a short hint; None to send it."""
    want = wanted(view)
    card = laid_card(action)
    if want is None or card is None or card in want:
        return None
    if not want:
        return _("Wait a moment: watch the Police player's card land first.")
    top = view.pile_cards[-1]
    if KIND[card] == STOP:
        if KIND[want[0]] == STOP:
            return _("That Stop does not fit: neither of its pictures is in the top card's bottom row.")
        return _("Not yet: a Stop ends the round at once. Lay cards that count first.")
    if KIND[card] == DENY:
        if KIND[top] == ACTION and TEAM[top] == 1 and MAIN[card] == MAIN[top]:
            return _("That Deny works too, but lay the glowing one.")
        return _("A Deny only cancels a Police card with the same big picture: not this one.")
    if KIND[want[0]] == STOP:
        return _("You have your 10 points: lay a glowing Stop to end the round.")
    if is_correct(card, top):
        return _("That one fits too, but the glowing card is worth more ({points}): lay it.").format(
            points=CARDS[want[0]].points)
    return _("That card does not fit: its big picture is not in the top card's bottom row. Lay the glowing one.")


def _reveal_lines(view: Any) -> list[str]:
    res = view.result
    if res is None:
        return []
    if view.reveal_left > 1:
        return [_("The reveal: your Stop ended the round, so only the Robbers' cards are judged, one by one."),
                _("A card counts when its big picture is in the bottom row of the card under it: green frame, "
                  "+points. Your Deny is worth nothing itself; the Police cards are not judged at all."),
                _("Reach your target (10) and the Robbers win the Location.")]
    loc = describe_card(view.pile_cards[0])
    target = view.targets[0]
    won = (_("The Robbers win this Location: {location}.") if res.winner == "robbers"
           else _("The Police win this Location: {location}.")).format(location=loc)
    if res.closing_team == "robbers" and res.verdicts[-1] == "stop correct":
        count = (_("The reveal: your cards count {points} points, which reaches your target of {target}.")
                 if res.points >= target else
                 _("The reveal: your cards count {points} points, which does not reach your target of {target}."))
        first = _("{count} {won}").format(count=count.format(points=res.points, target=target), won=won)
    else:
        first = _("The reveal: {won}").format(won=won)
    return [first,
            _("Tutorial complete! Press {A} to play on (real rounds against the bot, first team to 3 Locations), "
              "or Esc to go back to the title.")]


def coach(view: Any, seat: int, legal: Sequence[Any]) -> list[str]:
    """What the coach panel says now, from the learner's view: the scripted round's step (see ``SCRIPT``), the
    reveal, or outside the scripted round what the situation calls for (``coach.coach``)."""
    k = stage(view)
    if k is None:
        return situation_coach(view, seat, legal)
    if view.phase == "countdown":
        return [_("Get ready: your cards are face down until START."),
                _("This round goes at your pace: the Police player waits for you at each step.")]
    if view.phase in ("reveal", "over"):
        return _reveal_lines(view)
    if k >= len(SCRIPT):
        return []
    hooks = join_names([_(h) for h in CARDS[view.pile_cards[-1]].robber_hooks])
    return [_(ln).replace("[hooks]", hooks) for ln in SCRIPT[k].lines]


def done(view: Any) -> bool:
    """The tutorial is over once the scripted round's reveal has been left (the next round, or the game's end)."""
    return view.round > 0 or view.phase == "over"


class TutorBot:
    """The Police seat of the tutorial: in the scripted round it lays its step's card ``BOT_DELAY`` ticks after the
    last card landed, and nothing else (it waits for the learner); afterwards it is the real ``Bot`` of its level.
    Same interface as ``Bot``: ``input(view, legal_inputs, tick) -> card id + 1 or 0``."""

    def __init__(self, seat: int, level: str = "easy", seed: int = 0) -> None:
        self.bot = Bot(seat, level, seed)

    def input(self, view: Any, legal_inputs: Sequence[int], tick: int) -> int:
        k = stage(view)
        if k is None:
            return self.bot.input(view, legal_inputs, tick)
        if not legal_inputs or k >= len(SCRIPT):
            return NO_INPUT
        step = SCRIPT[k]
        card = step.card
        if (step.who != THEM or card is None or lay_input(card) not in legal_inputs
                or tick - view.pile_ticks[-1] < BOT_DELAY):
            return NO_INPUT
        return lay_input(card)
