from arcade.core.spec import GameSpec, Option

SPEC = GameSpec(
    id="toy_race",
    name="Toy Race",
    tagline="Add 1, 2 or 3; bring the count to 10 to win.",
    player_counts=(2,),
    demo_players=2,
    options=(Option("goal", "Goal", (10, 15), ("10", "15")),),
    rules_page="",
    order=90,
)
