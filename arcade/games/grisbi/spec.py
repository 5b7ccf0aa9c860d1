"""Grisbi's declaration for the client (see ``arcade.core.spec``)."""

from arcade.core.spec import GameSpec, Option

SPEC = GameSpec(
    id="grisbi",
    name="Grisbi",
    tagline="Real time! Two teams race to lay cards on one pile.",
    player_counts=tuple(range(2, 9)),
    package="arcade.games.grisbi",
    table="arcade.scenes.grisbi_table:Table",
    demo_players=4,
    options=(Option("time_limit", "Round time limit", (None, 60 * 60 * 2, 60 * 60 * 3),
                    ("Off", "2 minutes", "3 minutes")),
             Option("reveal_ticks", "Round-end reveal", (360, 600), ("6 seconds", "10 seconds (beginners)"))),
    teams=("Robbers", "Police"),
    rules_page="games/grisbi/howto.md",
    title_card="robbers-action-3",
    card_art="arcade.scenes.grisbi_table:card_art",
    tutorial={"seats": "human,bot:easy", "seed": 15, "options": {"reveal_ticks": 600},
              "coach": "arcade.games.grisbi.coach:coach"},
    order=10,
)
