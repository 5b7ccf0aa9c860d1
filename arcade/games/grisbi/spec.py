"""Grisbi's declaration: what the game is, for the client and tools (see ``arcade.core.spec``); its code is
brought together with it in ``definition.py``."""

from arcade.core.i18n import N_
from arcade.core.spec import GameSpec, Option

SPEC = GameSpec(
    id="grisbi",
    name=N_("Grisbi"),
    tagline=N_("Real time! Two teams race to lay cards on one pile."),
    player_counts=tuple(range(2, 9)),
    demo_players=4,
    options=(Option("time_limit", "Round time limit", (None, 60 * 60 * 2, 60 * 60 * 3),
                    ("Off", "2 minutes", "3 minutes")),
             Option("reveal_ticks", "Round-end reveal", (360, 600), ("6 seconds", "10 seconds (beginners)")),
             Option("pace", "Bot pace", ("standard", "relaxed", "fast"), ("Standard", "Relaxed", "Fast"),
                    help="Scales every bot's reaction and decision times (relaxed: 1.6x slower, fast: 0.75x)."),
             Option("assist", "Assist", (False, True), ("Off", "On"),
                    help="On: cards that fit glow, your team's total shows (never the other team's).",
                    setting="grisbi_assist"),
             Option("practice", "Practice", (False, True), ("Off", "On"),
                    help="Relaxed bots, assist on, and a pause after each round explaining which cards counted.")),
    teams=("Robbers", "Police"),
    teams_chosen=True,  # rules/grisbi.md, Corrections: "one team may have a member more"
    rules_page="games/grisbi/howto.md",
    title_card="robbers-action-3",
    order=10,
)
