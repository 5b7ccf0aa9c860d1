"""Grit's declaration for the client (see ``arcade.core.spec``)."""

from arcade.core.i18n import N_
from arcade.core.spec import GameSpec, Option

SPEC = GameSpec(
    id="grit",
    name=N_("Grit"),
    tagline=N_("A blackjack-like pistol duel for two."),
    player_counts=(2,),
    package="arcade.games.grit",
    table="arcade.games.grit.table.scene:Table",
    demo_players=2,
    options=(Option("best_of", "Match", (1, 5), ("Single duel", "Best of 5")),
             Option("prototype_deck", "Deck", (False, True), ("Standard", "Prototype"))),
    rules_page="games/grit/howto.md",
    title_card="KS",
    card_art="arcade.games.grit.table.scene:card_art",
    tutorial={"seats": "human,bot:easy", "seed": 11, "options": {"best_of": 1},
              "coach": "arcade.games.grit.coach:coach"},
    order=20,
)
