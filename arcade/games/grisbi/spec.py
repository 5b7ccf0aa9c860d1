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
    options=(Option("time_limit", N_("Round time limit"), (None, 60 * 60 * 2, 60 * 60 * 3),
                    (N_("No limit"), N_("2 minutes"), N_("3 minutes"))),
             Option("reveal_ticks", N_("Round-end reveal"), (360, 600),
                    (N_("6 seconds"), N_("10 seconds (beginners)"))),
             Option("pace", N_("Bot pace"), ("standard", "relaxed", "fast"),
                    (N_("Standard"), N_("Relaxed"), N_("Fast")),
                    help=N_("Scales every bot's reaction and decision times (relaxed: 1.6x slower, fast: 0.75x).")),
             Option("assist", N_("Assist"), (False, True), (N_("Off"), N_("On")),
                    help=N_("On: cards that fit glow, your team's total shows (never the other team's)."),
                    setting="grisbi_assist"),
             Option("practice", N_("Practice"), (False, True), (N_("Off"), N_("On")),
                    help=N_("Relaxed bots, assist on, and a pause after each round explaining which cards "
                            "counted."))),
    teams=(N_("Robbers"), N_("Police")),
    team_won=(N_("Robbers won"), N_("Police won")),
    teams_chosen=True,  # rules/grisbi.md, Corrections: "one team may have a member more"
    rules_page="games/grisbi/howto.md",
    title_card="robbers-action-3",
    order=10,
)
