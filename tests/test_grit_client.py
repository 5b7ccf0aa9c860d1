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
