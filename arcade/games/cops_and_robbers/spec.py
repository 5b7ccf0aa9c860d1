"""Cops & Robbers' declaration for the client (see ``arcade.core.spec``)."""

from arcade.core.i18n import N_
from arcade.core.spec import GameSpec, Option

SPEC = GameSpec(
    id="cops_and_robbers",
    name=N_("Cops & Robbers"),
    tagline=N_("Offence, defence, money and jail."),
    player_counts=(4, 6),
    demo_players=4,
    options=(Option("rounds", N_("Match"), (1, 5), (N_("One round"), N_("5 rounds"))),),
    teams=(N_("Robbers"), N_("Cops")),
    team_won=(N_("Robbers won"), N_("Cops won")),
    rules_page="games/cops_and_robbers/howto.md",
    title_card="O4",
    order=50,
)
