"""Grenade's declaration for the client (see ``arcade.core.spec``)."""

from arcade.core.i18n import N_
from arcade.core.spec import GameSpec

SPEC = GameSpec(
    id="grenade",
    name=N_("Grenade"),
    tagline=N_("Dice, a wheel of cards and hidden identities."),
    player_counts=(2, 3, 4, 5, 6, 7),
    count_options=((7, "seven", True),),
    package="arcade.games.grenade",
    table="arcade.games.grenade.table.scene:Table",
    demo_players=4,
    rules_page="games/grenade/howto.md",
    title_card="JOKER",
    card_art="arcade.games.grenade.table.scene:card_art",
    tutorial={"seats": "human,bot:easy,bot:easy", "seed": 12, "options": {},
              "coach": "arcade.games.grenade.coach:coach"},
    order=30,
)
