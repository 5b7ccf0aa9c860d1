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
    options=(Option("learning", "Learning mode", (False, True), ("Off", "On"),
                    help="Teaches in four hands: simple cards first, then trading, then protection, then the whole "
                         "deck"),
             Option("max_hands", "Length", (0, 10, 5), ("Until $250,000", "At most 10 hands", "At most 5 hands"),
                    help="The rules play on until someone reaches $250,000; a limit ends the match sooner.")),
    rules_page="games/grass/howto.md",
    title_card="Panama",
    order=40,
)
