"""Grass's declaration for the client (see ``arcade.core.spec``)."""

from arcade.core.i18n import N_
from arcade.core.spec import GameSpec, Option

SPEC = GameSpec(
    id="grass",
    name=N_("Grass"),
    tagline=N_("The market game: first to $250,000."),
    player_counts=(2, 3, 4, 5, 6),
    package="arcade.games.grass",
    table="arcade.games.grass.table.scene:Table",
    demo_players=4,
    options=(Option("learning", "Learning mode", (False, True), ("Off", "On"),
                    help="Teaches in four hands: simple cards first, then trading, then protection, then the whole "
                         "deck"),
             Option("max_hands", "Length", (0, 10, 5), ("Until $250,000", "At most 10 hands", "At most 5 hands"),
                    help="The rules play on until someone reaches $250,000; a limit ends the match sooner.")),
    rules_page="games/grass/howto.md",
    title_card="Panama",
    card_art="arcade.games.grass.table.scene:card_art",
    tutorial={"seats": "human,bot:easy", "seed": 14, "options": {"learning": True},
              "coach": "arcade.games.grass.coach:coach"},
    order=40,
)
