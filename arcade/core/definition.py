"""``GameDefinition``: the one typed object a game folder registers — what the game is (its ``GameSpec``), its rules,
its bots, how its actions read, how its hidden cards are redealt, its table, its rules page, its card art and its
tutorial. Every screen, tool and peer reaches a game through it (``arcade.core.registry.definition_of``); nothing
resolves a "module:name" string or reads a game module's attributes.

A game folder ``arcade/games/<id>/`` builds ``DEFINITION`` in its ``definition.py`` with ``define(...)``, passing its
own objects (its spec, rules, bot, tutorial and a function importing its table module); the registry finds it. The
table and the card art are pygame code: the definition holds functions that import them when called
(``load_table``, ``load_card_art``), so registering a game never imports pygame.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from importlib import resources
from types import MappingProxyType, ModuleType
from typing import Any, Callable, Mapping, Sequence

from . import i18n
from .protocols import is_turn_based
from .spec import GameSpec

__all__ = ["GameDefinition", "Tutorial", "Choose", "BotFactory", "Coach", "define"]

Choose = Callable[[Any, Sequence[Any], Any, str], Any]
"""A turn game's bot: ``choose(view, legal_actions, rng, level) -> action`` (``rng``: an ``arcade.core.rng.Rng``)."""

BotFactory = Callable[[int, str, int], Any]
"""A real-time game's bot: built ``(seat, level, seed)``, with ``input(view, legal_inputs, tick) -> int``."""

Coach = Callable[[Any, int, Sequence[Any]], Sequence[str]]
"""A tutorial's coach: ``coach(view, seat, legal) -> lines`` (up to three short lines for the coach panel)."""


@dataclass(frozen=True)
class Tutorial:
    """A game's "Learn to play" match: seat 0 is the learner.

    - ``seats``: the seat SPEC (``"human,bot:easy"``), ``seed``: the match seed, ``options``: game options (over
      what the seat count implies).
    - ``coach(view, seat, legal) -> lines``: what the coach panel says, from the learner's view.
    - ``done(view) -> bool``: the tutorial ends before the match does (None: at the match's end).
    - ``wanted(view) -> cards or None``: the cards the lesson asks for now (a table makes them glow; None: any).
    - ``refuse(view, seat, tick_input) -> hint or None``: why the learner's input is not sent now (None: send it).
    - ``bot``: what the bot seats play instead of the game's own bot, built ``(seat, level, seed)`` (a real-time
      game's scripted tutor), or None.
    """

    seats: str
    seed: int
    coach: Coach
    options: Mapping[str, Any] = field(default_factory=dict)
    done: Callable[[Any], bool] | None = None
    wanted: Callable[[Any], tuple[int, ...] | None] | None = None
    refuse: Callable[[Any, int, int], str | None] | None = None
    bot: BotFactory | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "options", MappingProxyType(dict(self.options)))


@dataclass(frozen=True)
class GameDefinition:
    """Everything a game is, registered once (``arcade.core.registry.register``).

    - ``spec``: the ``GameSpec`` (id, name, tagline, counts, options, teams, demo seats, title card, rules page...).
    - ``rules``: the ``TurnRules`` or ``RealTimeRules`` object; ``rules.id`` is ``spec.id``.
    - ``describe_action(action) -> str``: a short human text of an action (a real-time game: of a tick input).
    - ``sample_hidden(state, seat, rng) -> state``: ``state`` with what ``seat`` cannot see redealt at random
      (``seat`` None: what a spectator cannot see).
    - ``load_table() -> type``: imports and returns the game's table scene class (its only pygame code).
    - ``choose``: a turn game's bot (``Choose``); ``bot``: a real-time game's bot (``BotFactory``). Exactly the one
      the game's kind needs is given.
    - ``load_card_art() -> card_art``: imports and returns ``card_art(name) -> picture or None``, which draws a card
      a rules page names (``![..](card:NAME)``) and the title card; None: the game has no card art.
    - ``tutorial``: its "Learn to play" match (``Tutorial``), or None.

    Raises ValueError when the parts do not fit (another id on the rules, no bot for the game's kind).
    """

    spec: GameSpec
    rules: Any
    describe_action: Callable[[Any], str]
    sample_hidden: Callable[[Any, int | None, Any], Any]
    load_table: Callable[[], type]
    choose: Choose | None = None
    bot: BotFactory | None = None
    load_card_art: Callable[[], Callable[[str], Any]] | None = None
    tutorial: Tutorial | None = None

    def __post_init__(self) -> None:
        gid = self.spec.id
        if self.rules.id != gid:
            raise ValueError(f"game {gid!r}: its rules' id is {self.rules.id!r}")
        if self.turn_based and self.choose is None:
            raise ValueError(f"game {gid!r}: a turn-based game needs its bot's choose(view, legal, rng, level)")
        if not self.turn_based and self.bot is None:
            raise ValueError(f"game {gid!r}: a real-time game needs its bot (built (seat, level, seed))")

    @property
    def id(self) -> str:
        """The registry key (``spec.id``)."""
        return self.spec.id

    @property
    def turn_based(self) -> bool:
        """A ``TurnRules`` game (else a real-time one)."""
        return is_turn_based(self.rules)

    def rules_text(self, language: str | None = None) -> str:
        """The player's rules page (``spec.rules_page``: a path relative to the ``arcade`` package, or absolute;
        empty: ``games/<id>/howto.md``) in ``language`` (default: the player's, ``arcade.core.i18n.language``): the
        page's translation next to it (``howto.fr.md``) when there is one, else the English page. Raises OSError if
        the English page cannot be read."""
        page = self.spec.rules_page or f"games/{self.id}/howto.md"
        code = language or i18n.language()
        stem, dot, ext = page.rpartition(".")
        if dot and code != i18n.DEFAULT:
            try:
                return _read_page(f"{stem}.{code}.{ext}")
            except OSError:
                pass  # not translated: the English page
        return _read_page(page)


def define(spec: GameSpec, rules: Any, *, describe_action: Callable[[Any], str],
           sample_hidden: Callable[[Any, int | None, Any], Any], bot: Choose | BotFactory,
           table_module: Callable[[], ModuleType], tutorial: Tutorial | None = None) -> GameDefinition:
    """A game folder's ``GameDefinition`` from its own objects (what each ``arcade/games/<id>/definition.py`` calls).

    - ``bot``: the game's bot; it fills ``choose`` for a turn-based game, ``bot`` for a real-time one (the kind
      follows from ``rules``).
    - ``table_module() -> module``: imports and returns the game's table module (pygame code, imported only when
      the table or the card art is asked for). Its ``Table`` is the table scene class; its ``card_art``, when it
      has one, draws the cards a rules page names and the title card.

    Raises ValueError as ``GameDefinition`` does (the rules' id is not the spec's).
    """
    turn_based = is_turn_based(rules)

    def load_table() -> type:
        return table_module().Table

    def load_card_art() -> Callable[[str], Any]:
        return table_module().card_art

    return GameDefinition(spec=spec, rules=rules, describe_action=describe_action, sample_hidden=sample_hidden,
                          load_table=load_table, choose=bot if turn_based else None,
                          bot=None if turn_based else bot, load_card_art=load_card_art, tutorial=tutorial)


def _read_page(page: str) -> str:
    """A rules page's text: ``page`` absolute, or relative to the ``arcade`` package. Raises OSError."""
    if os.path.isabs(page):
        with open(page, encoding="utf-8") as f:
            return f.read()
    return (resources.files("arcade") / page).read_text(encoding="utf-8")
