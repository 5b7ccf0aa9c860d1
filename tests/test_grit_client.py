"""A whole Grit match through the real client: human (input script) vs bot, to the results screen."""

from __future__ import annotations

from arcade.core.match import parse_seats
from arcade.client.play import start_match
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


def _lay_turn(app, table, seat: int, limit: int = 3000) -> None:
    """Run the table until ``seat`` (a human) is to lay a Complaint (the Word holder's choice is made with A)."""
    from client_helpers import press

    for _ in range(limit):
        st = table.match.state
        if st.phase in ("lay_first", "lay_second") and seat in table.rules.to_act(st):
            return
        if st.phase == "word" and seat in table.rules.to_act(st) and app.ticks % 10 == 0:
            press(app, "A")
        run_ticks(app, 1)
    raise AssertionError("the human never came to lay")


def test_piles_are_chosen_in_screen_order_own_row_first_left_to_right(tmp_path):
    """The pile cursor walks the piles as the screen shows them: the player's own row (at the bottom) from left to
    right, then the opponent's row (at the top) from left to right."""
    from arcade.games.grit.table.scene import PILE_X, PILE_Y
    from client_helpers import press

    app = make_app(tmp_path, input_script=script(""), bot_think_ticks=5)
    start_match(app, "grit", parse_seats("bot,human"), 11, {})  # the human is seat 1, drawn at the bottom
    table = app.top
    _lay_turn(app, table, 1)
    walk: list[tuple[int, int]] = []
    for _ in range(7):  # at most 6 piles, then the cursor wraps to the first
        owner, pile = table.current_target()
        here = (PILE_Y[table.side(owner)], PILE_X[pile])
        if walk and here == walk[0]:
            break
        walk.append(here)
        press(app, "down")
        run_ticks(app, 2)
    assert len(walk) >= 4, walk
    assert walk[0] == (PILE_Y["bottom"], PILE_X[0]), "the cursor starts on your own leftmost pile"
    rows = [y for y, _ in walk]
    assert rows == sorted(rows, reverse=True), f"own row (bottom) first, then the top row: {walk}"
    for row in set(rows):
        xs = [x for y, x in walk if y == row]
        assert xs == sorted(xs), f"left to right within a row: {walk}"


def test_two_humans_are_told_which_key_peeks_at_their_hand(tmp_path):
    """With two players at one keyboard the curtain says which of the seat's own keys shows its hidden hand (the
    seat's B key, from the bindings), not a generic "see your cards"."""
    import pygame

    from arcade.client.render.audit import TextAudit

    app = make_app(tmp_path)
    start_match(app, "grit", parse_seats("human:wasd,human:arrows"), 3, {})
    table = app.top
    for _ in range(60):
        if table.seating.curtain_for is not None:
            break
        run_ticks(app, 5)
    seat = table.seating.curtain_for
    assert seat is not None
    peek = app.input.hint(table.match.seats[seat].device, "B")
    surf = pygame.Surface((1280, 720))
    with TextAudit() as audit:
        table.draw(surf, 1.0)
    texts = [d.text for d in audit.drawn]
    assert any(f"hold {peek} to peek" in t for t in texts), texts
    assert not any("see your cards" in t for t in texts), texts


def test_a_sideways_six_and_nine_are_told_apart_by_an_underline():
    """A Marked Complaint lies sideways, where a 6 and a 9 look alike: their rank figures are underlined (the
    usual card convention), an 8's are not."""
    import pygame

    from arcade.games.grit.cards import rank_of
    from arcade.games.grit.table.scene import face

    pygame.init()
    pygame.display.set_mode((1, 1))

    def ink_under_corner(card: int) -> int:
        img = face(card)
        from arcade.client.render.fonts import font

        y = 3 + font(22, True).get_ascent() + 1
        return sum(1 for x in range(8, 20) if sum(img.get_at((x, y))[:3]) < 500)

    spade = {rank_of(c): c for c in range(26) if rank_of(c) in (6, 8, 9)}
    assert ink_under_corner(spade[6]) >= 8 and ink_under_corner(spade[9]) >= 8
    assert ink_under_corner(spade[8]) == 0


def test_the_end_of_round_question_about_a_marked_complaint_is_a_clear_prompt_with_its_keys(tmp_path):
    """Rules, Marked Complaint: the player chooses "at the end of the round" whether it stays face down: the table
    asks the human then, with the keys on screen, and the select key keeps it face down."""
    import pygame

    from arcade.games.grit import ChooseFirst, KeepHidden, PlayComplaint
    from arcade.client.render.audit import TextAudit
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


def test_the_results_say_the_rule_that_decided_the_duel(tmp_path):
    """Issue 36: the results showed "Injuries 19 / 13" and not why 19 won; they now say the end rule that applied
    (both alive: closest to 21 wins; one dead; both dead: the lower; equal: a draw)."""
    app = make_app(tmp_path, bot_think_ticks=2)
    start_match(app, "grit", parse_seats("bot,bot"), 7, {})
    table = app.top
    for _ in range(400):
        run_ticks(app, 25)
        if app.top.name == "results":
            break
    assert app.top.name == "results"
    totals = table.rules.view(table.match.state, 0).totals
    a, b = totals
    if a == b:
        want = "Equal totals: a draw."
    elif (a >= 22) != (b >= 22):
        want = "loses, the one alive wins."
    elif a >= 22:
        want = "Both dead (22 or more): the lower total wins."
    else:
        want = "Both alive: the total closest to 21 wins."
    assert any(want in note for note in app.top.notes), (totals, app.top.notes)
    app.save_screenshot(tmp_path / "grit_results.png")
