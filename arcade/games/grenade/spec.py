"""Grenade's declaration: what the game is, for the client and tools (see ``arcade.core.spec``); its code is
brought together with it in ``definition.py``."""

from arcade.core.i18n import N_
from arcade.core.spec import GameSpec

SPEC = GameSpec(
    id="grenade",
    name=N_("Grenade"),
    tagline=N_("Dice, a wheel of cards and hidden identities."),
    player_counts=(2, 3, 4, 5, 6, 7),
    count_options=((7, "seven", True),),
    demo_players=4,
    rules_page="games/grenade/howto.md",
    title_card="JOKER",
    order=30,
)
