"""Grass's declaration: what the game is, for the client and tools (see ``arcade.core.spec``); its code is
brought together with it in ``definition.py``."""

from arcade.core.i18n import N_
from arcade.core.spec import GameSpec, Option

SPEC = GameSpec(
    id="grass",
    name=N_("Grass"),
    tagline=N_("The market game: first to $250,000."),
    player_counts=(2, 3, 4, 5, 6),
    demo_players=4,
    options=(Option("learning", N_("Learning mode"), (False, True), (N_("Off"), N_("On")),
                    help=N_("Teaches in four hands: simple cards first, then trading, then protection, then the "
                            "whole deck")),
             Option("max_hands", N_("Length"), (0, 10, 5),
                    (N_("Until $250,000"), N_("At most 10 hands"), N_("At most 5 hands")),
                    help=N_("The rules play on until someone reaches $250,000; a limit ends the match sooner."))),
    rules_page="games/grass/howto.md",
    title_card="Panama",
    order=40,
)
