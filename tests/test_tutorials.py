"""Each game's tutorial ("Learn to play") is a seeded match against slow bots with a coach that explains the
situation as it happens; an input script plays each to its end (the whole match, or Grass's first hand)."""

from __future__ import annotations

import pytest

from arcade.games import SPECS
from arcade.client.play import TUTORIAL_THINK_TICKS, start_tutorial
from client_helpers import make_app, run_ticks, script

FIVE = ["cops_and_robbers", "grass", "grenade", "grisbi", "grit"]


@pytest.mark.parametrize("gid", FIVE)
def test_tutorial_plays_to_its_end_with_the_coach_talking(gid, tmp_path):
    # the learner presses their select key every 12 ticks (and right/down now and then): enough to play
    keys = "\n".join(["0 every 12 times 3000 e", "5 every 97 times 400 d", "7 every 131 times 300 s"])
    app = make_app(tmp_path, input_script=script(keys))
    start_tutorial(app, gid)
    table = app.top
    assert table.match.bot_think_ticks == TUTORIAL_THINK_TICKS, "the bots are slow"
    assert table.match.seats[0].kind == "human" and all(s.kind == "bot" for s in table.match.seats[1:])
    said = set()
    for _ in range(600):
        run_ticks(app, 60)
        said.update(table.coach_lines())
        view = table.rules.view(table.match.state, 0)
        if table.match.is_over() or (table.coach_done and table.coach_done(view)):
            break
    assert table.match.is_over() or (table.coach_done and table.coach_done(view)), f"{gid}: tutorial unfinished"
    assert len(said) >= 3, f"{gid}: the coach explained several situations: {sorted(said)}"
    assert not table.match.recorder, "a tutorial is not recorded as a replay"


def test_learn_to_play_is_on_the_title_for_every_game(tmp_path):
    app = make_app(tmp_path)
    assert ("Learn to play", "learn") in app.top.items
    assert all(SPECS[g].tutorial for g in FIVE)


def test_grisbi_coach_names_the_lesson_the_hand_and_pile_call_for():
    """Hooks when a card of yours fits the top card, Deny when the other team's top card can be cancelled by your
    Deny of the same object, Stop when your team has reached its target on the pile and you hold a Stop."""
    import dataclasses

    from arcade.games import REGISTRY
    from arcade.games.grisbi.cards import ACTION, CARDS, DENY, KIND, MAIN, STOP, TEAM
    from arcade.games.grisbi.coach import coach
    from arcade.games.grisbi.scoring import is_correct

    rules = REGISTRY["grisbi"]
    view = rules.view(rules.initial_state(15, 2), 0)
    team = ("robbers", "police").index(view.team)
    police_action = next(c for c in range(len(CARDS)) if KIND[c] == ACTION and TEAM[c] == 1 - team)
    deny = next(c for c in range(len(CARDS)) if KIND[c] == DENY and MAIN[c] == MAIN[police_action])
    v = dataclasses.replace(view, phase="play", pile_cards=(view.location, police_action), hand=(deny,))
    assert coach(v, 0, [1])[0].startswith("Deny")
    fit = next(c for c in range(len(CARDS)) if KIND[c] == ACTION and is_correct(c, police_action))
    v = dataclasses.replace(v, hand=(fit,))
    assert coach(v, 0, [1])[0].startswith("Hooks") and CARDS[fit].main in coach(v, 0, [1])[1]
    stop = next(c for c in range(len(CARDS)) if KIND[c] == STOP)
    v = dataclasses.replace(v, hand=(stop,), targets=(0, 0))
    assert coach(v, 0, [1])[0].startswith("Stop")
    v = dataclasses.replace(v, hand=())
    assert coach(v, 0, [])[0].startswith("Watch the top card")
