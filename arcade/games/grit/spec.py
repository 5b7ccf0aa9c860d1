"""Grit's declaration: what the game is, for the client and tools (see ``arcade.core.spec``); its code is
brought together with it in ``definition.py``."""

from arcade.core.i18n import N_
from arcade.core.spec import GameSpec, Option

SPEC = GameSpec(
    id="grit",
    name=N_("Grit"),
    tagline=N_("A blackjack-like pistol duel for two."),
    player_counts=(2,),
    demo_players=2,
    options=(Option("best_of", N_("Match"), (1, 5), (N_("Single duel"), N_("Best of 5"))),
             Option("prototype_deck", N_("Deck"), (False, True), (N_("Standard"), N_("Prototype")))),
    rules_page="games/grit/howto.md",
    title_card="KS",
    order=20,
)
