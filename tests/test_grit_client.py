"""A whole Grit match through the real client: human (input script) vs bot, to the results screen."""

from __future__ import annotations

from arcade.match import parse_seats
from arcade.scenes.menus import start_match
from client_helpers import make_app, picture_facts, run_ticks, script


def test_a_whole_grit_match_human_vs_bot_reaches_results_with_screens_drawn(tmp_path):
    # The human presses E (select) every 25 ticks and sometimes D (next Complaint) and S (next pile).
    app = make_app(tmp_path, input_script=script("5 every 25 times 400 e\n17 every 75 times 100 d\n"
                                                 "30 every 110 times 60 s\n"), bot_think_ticks=15)
    start_match(app, "grit", parse_seats("human,bot"), 2024, {})
    table = app.top
    seen_mid = seen_reveal = False
    for _ in range(400):
        run_ticks(app, 25)
        if app.top is table and not seen_mid and table.match.state.round == 3:
            facts = picture_facts(app.screen)
            assert facts["white"] > 0.03, "cards must be visible on the table"
            assert facts["felt"] > 0.4
            app.save_screenshot(tmp_path / "grit_mid.png")
            seen_mid = True
        if app.top is table and table.match.is_over() and not seen_reveal:
            # the reveal: every pile card face up, totals and the outcome drawn
            view = table.rules.view(table.match.state, 0)
            assert all(cv.face_up for side in view.piles for pile in side for cv in pile)
            run_ticks(app, 40)
            facts = picture_facts(app.screen)
            assert facts["white"] > 0.05
            app.save_screenshot(tmp_path / "grit_reveal.png")
            seen_reveal = True
        if app.top.name == "results":
            break
    assert seen_mid and seen_reveal
    assert app.top.name == "results"
    result = app.results[-1]
    assert result["game"] == "grit"
    assert table.match.is_over()
    assert table.rules.scores(table.match.state) in ((1, 0), (0, 1), (0, 0))
    facts = picture_facts(app.screen)
    assert facts["colours"] > 8
    # the human really played: seat 0's inputs are in the log
    assert any(inputs[0] for inputs in table.match.input_log)


def test_the_end_of_round_question_about_a_marked_complaint_is_a_clear_prompt_with_its_keys(tmp_path):
    """Rules, Marked Complaint: the player chooses "at the end of the round" whether it stays face down: the table
    asks the human then, with the keys on screen, and the select key keeps it face down."""
    import pygame

    from arcade.games.grit import ChooseFirst, KeepHidden, PlayComplaint
    from arcade.render.audit import TextAudit
    from client_helpers import press

    app = make_app(tmp_path, bot_think_ticks=1000, input_script=script(""))
    start_match(app, "grit", parse_seats("human,bot"), 2024, {})
    table = app.top
    rules, s = table.rules, table.match.state
    s = rules.apply(s, s.word, ChooseFirst(0))
    s = rules.apply(s, 0, PlayComplaint(s.complaints[0][0], 0, 1, True))
    s = rules.apply(s, 1, PlayComplaint(s.complaints[1][0], 1, 1))
    assert s.phase == "keep" and rules.to_act(s) == frozenset((0,))
    table.match.sim.load((table.match.sim.tick, s))
    run_ticks(app, 2)
    surf = pygame.Surface((1280, 720))
    with TextAudit() as audit:
        table.draw(surf, 1.0)
    texts = " | ".join(d.text for d in audit.drawn)
    assert "Keep it face down" in texts and "Turn it face up" in texts
    dev = table.match.seats[0].device
    keys_line = next(d.text for d in audit.drawn if "confirm" in d.text)
    assert app.input.hint(dev, "A") in keys_line and app.input.hint(dev, "UP") in keys_line  # the keys are named
    press(app, "A")
    run_ticks(app, 3)
    st = table.match.state
    assert st.round == 2 and not st.piles[0][1][-1].face_up and st.piles[0][1][-1].hidden
