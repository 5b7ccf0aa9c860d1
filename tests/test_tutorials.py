"""Each game's tutorial ("Learn to play") is a seeded match against slow bots with a coach that explains the
situation as it happens; an input script plays each to its end (the whole match, or Grass's first hand)."""

from __future__ import annotations

import pytest

from arcade.games import definition_of
from arcade.client.play import TUTORIAL_THINK_TICKS, start_tutorial
from client_helpers import make_app, press, run_ticks, script

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
        said.update(table.coach.lines())
        view = table.rules.view(table.match.state, 0)
        if table.match.is_over() or (table.coach.done and table.coach.done(view)):
            break
    assert table.match.is_over() or (table.coach.done and table.coach.done(view)), f"{gid}: tutorial unfinished"
    assert len(said) >= 3, f"{gid}: the coach explained several situations: {sorted(said)}"
    assert not table.match.recorder, "a tutorial is not recorded as a replay"


def test_learn_to_play_is_on_the_title_for_every_game(tmp_path):
    app = make_app(tmp_path)
    assert ("Learn to play", "learn") in app.top.items
    assert all(definition_of(g).tutorial for g in FIVE)


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


# --- Grisbi: one scripted, slow round teaching hooks, Deny, Stop and the reveal -----------------------------------

def _grisbi_tutorial(tmp_path, keys: str = ""):
    app = make_app(tmp_path, input_script=script(keys) if keys else None)
    start_tutorial(app, "grisbi")
    return app, app.top


def test_grisbi_tutorial_teaches_hooks_then_deny_then_stop_then_the_reveal_in_one_round(tmp_path):
    """A learner who moves to the glowing card (S) and lays it (E) every 50 ticks meets the four lessons in order,
    in one round, and the round ends with the reveal: the Robbers' Stop, their cards judged, the Bank won."""
    app, table = _grisbi_tutorial(tmp_path, "200 every 50 times 400 s\n225 every 50 times 400 e")
    firsts: list[str] = []  # each coach text's first line, in the order they were first shown
    reveal = None
    for _ in range(3000):
        run_ticks(app, 5)
        lines = table.coach.lines()
        if lines and lines[0] not in firsts:
            firsts.append(lines[0])
        st = table.match.state
        if st.phase == "reveal":
            reveal = st
        if st.round > 0:
            break
    order = [next((i for i, ln in enumerate(firsts) if ln.startswith(w)), None)
             for w in ("Hooks", "Deny", "Stop", "The reveal")]
    assert None not in order and order == sorted(order), firsts
    assert reveal is not None and reveal.round == 0, "the lessons came in round 1, which ended in a reveal"
    res = reveal.result
    assert res.closing_team == "robbers" and res.verdicts[-1] == "stop correct"
    assert res.winner == "robbers" and res.points == 10, "the learner's four cards reached the target of 10"
    pile = reveal.pile_cards
    from arcade.games.grisbi.cards import CARDS

    kinds = [(CARDS[c].team, CARDS[c].kind) for c in pile[1:]]
    k = kinds.index(("robbers", "deny"))
    assert kinds[k - 1] == ("police", "action") and CARDS[pile[k]].main == CARDS[pile[k + 1]].main, \
        "the learner's Deny covers the Police card with the same picture"
    assert "cancelled" not in res.verdicts and res.verdicts.count("correct") == 5  # 4 Action cards and the Deny
    assert table.coach.lines()[0].startswith("Tutorial complete")
    assert not table.match.recorder


def test_grisbi_tutorial_waits_for_a_learner_who_does_nothing(tmp_path):
    """No key for a whole minute after START: the Police bot lays nothing, the pile is the Location alone and the
    coach is still on the first lesson."""
    app, table = _grisbi_tutorial(tmp_path)
    run_ticks(app, 180 + 60 * 60)
    st = table.match.state
    assert st.phase == "play" and len(st.pile_cards) == 1, "nobody laid a card"
    assert len(st.hands[1]) == 16, "the bot is held at the first lesson"
    assert table.coach.lines()[0].startswith("Hooks")
    table.restart()  # Pause → Restart: the same scripted round, the bot still held
    run_ticks(app, 180 + 60 * 20)
    assert len(table.match.state.pile_cards) == 1 and table.match.state.pile_cards[0] == st.pile_cards[0]


def test_grisbi_tutorial_refuses_a_card_that_does_not_fit_with_a_hint(tmp_path):
    """E on a card the lesson does not ask for lays nothing and the coach says why; then S, E lays the right one."""
    app, table = _grisbi_tutorial(tmp_path, "200 e")
    run_ticks(app, 230)
    st = table.match.state
    assert len(st.pile_cards) == 1, "the wrong card stayed in the hand"
    hint = table.coach.hint_shown()
    assert "does not fit" in hint
    app.draw(1.0)
    press(app, "down")
    run_ticks(app, 2)
    press(app, "A")
    run_ticks(app, 3)
    assert len(table.match.state.pile_cards) == 2 and table.match.state.pile_seats[-1] == 0
    assert table.coach.hint_shown() == "", "the hint went with the lesson it was about"


@pytest.mark.parametrize("when", ["play", "reveal pause"])
def test_esc_leaves_the_grisbi_tutorial_for_the_title_with_nothing_to_resume(tmp_path, when):
    import pygame

    app, table = _grisbi_tutorial(tmp_path, "200 every 50 times 12 s\n225 every 50 times 12 e")
    run_ticks(app, 600)
    assert len(table.match.state.pile_cards) > 1
    if when == "reveal pause":
        for _ in range(200):
            if table.practice_pause():
                break
            run_ticks(app, 10)
        assert table.practice_pause()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b", scancode=0))
    run_ticks(app, 3)
    assert app.top.name == "title"
    assert not any(label.startswith("Resume") for label, _ in app.top.items)
    data = tmp_path / "data"
    assert not data.exists() or not [p for p in data.rglob("*") if p.is_file()], "no replay written"


def test_grisbi_tutorial_names_each_card_it_asks_for_in_plain_words():
    """Each step the learner is to do names the big picture of its card (or says Stop); no spec words anywhere."""
    from arcade.games.grisbi.cards import CARDS
    from arcade.games.grisbi.tutorial import SCRIPT

    spec_words = ("main object", "closing team", "verdict", "decision", "team's row", "as implemented", "correct")
    for step in SCRIPT:
        text = " ".join(step.lines)
        if step.who == "you":
            assert (CARDS[step.card].main if step.card is not None else "Stop") in text, text
        assert not [w for w in spec_words if w in text.lower()], text


def test_grisbi_tutorial_by_mouse_a_click_on_another_card_gives_the_hint_a_click_on_the_glowing_one_lays_it(tmp_path):
    import pygame

    app, table = _grisbi_tutorial(tmp_path)
    run_ticks(app, 200)
    order = table.hand_order(0)
    rects = table.hand_rects(0, len(order))
    glowing = [j for j, c in enumerate(order) if table.content.get(("card", c), (0, None))[1] is not None]
    assert len(glowing) == 1, "one card glows: the one the lesson asks for"

    def click(j):
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, pos=rects[j].center, button=1))
            app.pump()
            app.tick()
        run_ticks(app, 2)

    click((glowing[0] + 1) % len(order))
    assert len(table.match.state.pile_cards) == 1 and table.coach.hint_shown()
    click(glowing[0])
    assert table.match.state.pile_cards[1:] == (order[glowing[0]],)
