"""Drag and drop of cards by mouse, driven headless through SDL mouse events and the app's event pump.

Press on a card of your hand, move, let go over a place that may take it: the card is played there; let go
elsewhere: no move is made and the card goes back to the hand. While dragging, the card is drawn under the pointer.
"""

from __future__ import annotations

import pygame

from arcade.core.match import SeatSpec
from arcade.client.play import start_match

from client_helpers import make_app, run_ticks


def mouse(app, kind, pos):
    """One SDL mouse event at ``pos`` (window px = picture px headless), read by the app's next pump and tick."""
    extra = {"button": 1} if kind != pygame.MOUSEMOTION else {"rel": (0, 0), "buttons": (1, 0, 0)}
    pygame.event.post(pygame.event.Event(kind, pos=pos, **extra))
    app.pump()
    app.tick()


def drag(app, start, end, steps=6, release=True):
    """Press at ``start``, move in ``steps`` to ``end`` (one tick each), let go there unless ``release`` is False."""
    mouse(app, pygame.MOUSEMOTION, start)
    mouse(app, pygame.MOUSEBUTTONDOWN, start)
    for k in range(1, steps + 1):
        mouse(app, pygame.MOUSEMOTION, (start[0] + (end[0] - start[0]) * k // steps,
                                        start[1] + (end[1] - start[1]) * k // steps))
    if release:
        mouse(app, pygame.MOUSEBUTTONUP, end)


def grit_laying(tmp_path):
    """A Grit table (you against a bot) where you are to lay a Complaint."""
    app = make_app(tmp_path)
    start_match(app, "grit", [SeatSpec("human", "wasd"), SeatSpec("bot")], 7, {})
    table = app.top
    for _ in range(2000):
        app.pump()
        app.tick()
        st = table.match.state
        if 0 in table.rules.to_act(st):
            if st.phase in ("word", "keep"):
                mouse(app, pygame.MOUSEBUTTONDOWN, table.word_rects()[0].center)
                mouse(app, pygame.MOUSEBUTTONUP, table.word_rects()[0].center)
                continue
            break
    assert 0 in table.rules.to_act(table.match.state) and table.match.state.phase not in ("word", "keep")
    return app, table


def test_grit_drag_a_complaint_onto_a_pile_lays_it(tmp_path):
    app, table = grit_laying(tmp_path)
    st = table.match.state
    hand = list(st.complaints[0])
    owner, pile = table.piles_for(table.rules.legal_actions(st, 0), hand[1])[-1]
    card_at = table.hand_rects(0, len(hand))[1].center
    drop_at = table.pile_rect(owner, pile).center
    drag(app, card_at, drop_at, release=False)
    surf = pygame.Surface((1280, 720))
    table.draw(surf, 1.0)
    placed = table.board.current(("hand", 0, hand[1]))
    assert (round(placed.x), round(placed.y)) == drop_at, "the dragged card is drawn under the pointer"
    mouse(app, pygame.MOUSEBUTTONUP, drop_at)
    if 0 in table.mode_menu:  # face down or Marked: the menu asks
        mouse(app, pygame.MOUSEBUTTONDOWN, table.mode_rects(3)[0].center)
        mouse(app, pygame.MOUSEBUTTONUP, table.mode_rects(3)[0].center)
    run_ticks(app, 2)
    after = table.match.state
    assert len(after.complaints[0]) == len(hand) - 1 and hand[1] not in after.complaints[0]


def test_a_whole_drag_arriving_in_one_slow_frame_still_lays_the_card(tmp_path):
    """On a loaded machine the press, the moves and the release can all arrive before one tick: the card is still
    picked up, then let go on the pile."""
    app, table = grit_laying(tmp_path)
    st = table.match.state
    hand = list(st.complaints[0])
    owner, pile = table.piles_for(table.rules.legal_actions(st, 0), hand[1])[-1]
    start, end = table.hand_rects(0, len(hand))[1].center, table.pile_rect(owner, pile).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for k in range(1, 7):
        p = (start[0] + (end[0] - start[0]) * k // 6, start[1] + (end[1] - start[1]) * k // 6)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    app.pump()
    app.tick()
    app.pump()
    app.tick()
    if 0 in table.mode_menu:  # face down or Marked: the menu asks
        mouse(app, pygame.MOUSEBUTTONDOWN, table.mode_rects(3)[0].center)
        mouse(app, pygame.MOUSEBUTTONUP, table.mode_rects(3)[0].center)
    run_ticks(app, 2)
    assert len(table.match.state.complaints[0]) == len(hand) - 1, "the card was laid"


def test_grit_drop_elsewhere_makes_no_move_and_the_card_goes_back(tmp_path):
    app, table = grit_laying(tmp_path)
    st = table.match.state
    hand = list(st.complaints[0])
    card_at = table.hand_rects(0, len(hand))[0].center
    home = table.board.current(("hand", 0, hand[0]))
    drag(app, card_at, (120, 640))  # the bottom-left corner: no pile there
    run_ticks(app, 40)
    assert table.match.state.complaints[0] == st.complaints[0], "no move was made"
    assert 0 not in table.mode_menu
    back = table.board.current(("hand", 0, hand[0]))
    assert (back.x, back.y) == (home.x, home.y), "the card is back in the hand"


def test_grit_press_on_felt_then_drag_onto_a_pile_plays_nothing(tmp_path):
    """Only a card of the hand can be dragged: a drag that starts on the felt lays nothing."""
    app, table = grit_laying(tmp_path)
    st = table.match.state
    hand = list(st.complaints[0])
    owner, pile = table.piles_for(table.rules.legal_actions(st, 0), hand[0])[-1]
    drag(app, (120, 640), table.pile_rect(owner, pile).center)
    run_ticks(app, 2)
    assert table.match.state.complaints[0] == st.complaints[0]
    assert 0 not in table.mode_menu


def grisbi_playing(tmp_path):
    """A Grisbi race (you and three bots) once the start is given."""
    from arcade.games.grisbi.rules import PLAY

    app = make_app(tmp_path)
    start_match(app, "grisbi", [SeatSpec("human", "wasd")] + [SeatSpec("bot")] * 3, 4, {})
    table = app.top
    for _ in range(6000):
        if table.match.state.phase == PLAY:
            break
        app.pump()
        app.tick()
    assert table.match.state.phase == PLAY
    return app, table


def last_card(table):
    """The rightmost card of your Grisbi hand and a point on its visible edge (px)."""
    order = table.hand_order(0)
    rects = table.hand_rects(0, len(order))
    return order[-1], (rects[-1].right - 10, rects[-1].centery)


def test_grisbi_drag_a_card_onto_the_pile_lays_it(tmp_path):
    app, table = grisbi_playing(tmp_path)
    card, start = last_card(table)
    drag(app, start, table.pile_rect().center, release=False)
    assert card in table.match.state.hands[0], "nothing is laid while the card is held"
    placed = table.board.current(("card", card))
    assert (round(placed.x), round(placed.y)) == table.pile_rect().center, "the card is under the pointer"
    mouse(app, pygame.MOUSEBUTTONUP, table.pile_rect().center)
    run_ticks(app, 3)
    assert card not in table.match.state.hands[0]


def test_grisbi_drop_away_from_the_pile_lays_nothing(tmp_path):
    app, table = grisbi_playing(tmp_path)
    card, start = last_card(table)
    away = (start[0], start[1] - 120)
    assert not table.pile_rect().collidepoint(away)
    drag(app, start, away)
    run_ticks(app, 3)
    assert card in table.match.state.hands[0]


def cops_turn_with_an_offence(tmp_path):
    """A Cops & Robbers table (you and three bots) at your turn with an Offence card you may play: (app, table,
    index of that card in the hand, the seat it may attack)."""
    from arcade.games.cops_and_robbers import Attack

    for seed in range(1, 30):
        app = make_app(tmp_path / str(seed))
        start_match(app, "cops_and_robbers", [SeatSpec("human", "wasd")] + [SeatSpec("bot")] * 3, seed, {})
        table = app.top
        for _ in range(3000):
            if table.hand_slots(0):
                break
            app.pump()
            app.tick()
        slots = table.hand_slots(0)
        for k, slot in enumerate(slots):
            if slot in ("draw", "end"):
                continue
            attacks = [a for _, a in table.picks.slot_options(0, slot) if isinstance(a, Attack)]
            if attacks:
                return app, table, k, attacks[0].target
    raise AssertionError("no deal gives an Offence to play")


def test_cops_drag_an_offence_onto_an_opponent_attacks_them(tmp_path):
    app, table, k, target = cops_turn_with_an_offence(tmp_path)
    st = table.match.state
    card = st.hands[0][k]
    start = table.hand_rects(table.hand_slots(0))[k].center
    onto = table.compute_areas()[target].center
    drag(app, start, onto, release=False)
    placed = table.board.current(table.hand_key(0, k))
    assert (round(placed.x), round(placed.y)) == onto, "the card is under the pointer"
    mouse(app, pygame.MOUSEBUTTONUP, onto)
    run_ticks(app, 2)
    after = table.match.state
    assert after.hands[0].count(card) == st.hands[0].count(card) - 1, "the Offence card left the hand"
    assert after.pending is not None and after.pending.target == target, "the opponent is attacked"


def test_cops_drop_on_the_felt_plays_nothing(tmp_path):
    app, table, k, target = cops_turn_with_an_offence(tmp_path)
    st = table.match.state
    start = table.hand_rects(table.hand_slots(0))[k].center
    away = (640, 300)
    assert not any(r.collidepoint(away) for r in table.compute_areas().values())
    drag(app, start, away)
    run_ticks(app, 2)
    assert table.match.state.hands[0] == st.hands[0] and table.match.state.pending is None


def grass_turn(tmp_path):
    """A Grass table (you against two bots) at your turn to play or discard a card of your hand."""
    app = make_app(tmp_path)
    start_match(app, "grass", [SeatSpec("human", "wasd"), SeatSpec("bot"), SeatSpec("bot")], 5, {})
    table = app.top
    for _ in range(3000):
        app.pump()
        app.tick()
        st = table.match.state
        if 0 in table.rules.to_act(st) and st.phase == "play" and table.seating.peeking(0):
            return app, table
        if 0 in table.rules.to_act(st):  # a trade to answer, a hand to deal...: answer it at once
            legal = table.rules.legal_actions(st, 0)
            table.choices.submit_choice(0, next((a for a in legal if a.op in ("refuse", "deal")), legal[0]))
    raise AssertionError("your turn to play never came")


def test_grass_drag_a_card_onto_the_wasted_pile_discards_it(tmp_path):
    app, table = grass_turn(tmp_path)
    st = table.match.state
    slots = table.hand_slots(0)
    card = slots[0]
    start = table.hand_rects(0, slots)[0].center
    drag(app, start, table.wasted_pos, release=False)
    placed = table.board.current(table.hand_key(0, 0))
    assert (round(placed.x), round(placed.y)) == table.wasted_pos, "the card is under the pointer"
    mouse(app, pygame.MOUSEBUTTONUP, table.wasted_pos)
    run_ticks(app, 2)
    after = table.match.state
    assert len(after.wasted) == len(st.wasted) + 1 and after.wasted[-1] == card, "the card went to the Wasted pile"


def test_grass_drop_back_on_the_hand_plays_nothing(tmp_path):
    app, table = grass_turn(tmp_path)
    st = table.match.state
    rects = table.hand_rects(0, table.hand_slots(0))
    drag(app, rects[0].center, (rects[1].centerx, rects[1].centery - 10))
    run_ticks(app, 2)
    after = table.match.state
    assert after.seats[0].hand == st.seats[0].hand and after.wasted == st.wasted


def test_a_drop_and_the_next_click_arriving_together_reach_the_table_in_order():
    """Press, drag, release, then a click on the menu the drop opens, all in one slow frame: the table sees the
    press, then the drop, then the click, one tick each (the click never hides the drop)."""
    from arcade.client.input import InputMap
    inp = InputMap()
    for kind, pos in [(pygame.MOUSEBUTTONDOWN, (100, 600)), (pygame.MOUSEMOTION, (200, 400)),
                      (pygame.MOUSEBUTTONUP, (300, 300)), (pygame.MOUSEBUTTONDOWN, (500, 200)),
                      (pygame.MOUSEBUTTONUP, (500, 200))]:
        inp.handle_mouse(kind, pos, 0 if kind == pygame.MOUSEMOTION else 1)
    seen = []
    for _ in range(4):
        inp.begin_tick()
        seen.append((inp.click(), inp.drops))
    assert seen == [((100, 600), []), (None, [((100, 600), (300, 300))]), ((500, 200), []), (None, [])]


def test_cops_card_menu_opens_when_the_click_is_let_go_never_while_a_card_is_dragged(tmp_path):
    """A card dragged away opens no menu at any tick of the drag (nor when let go on the felt); pressing a hand card
    opens nothing yet; letting go where it was pressed opens its menu."""
    app, table, k, target = cops_turn_with_an_offence(tmp_path)
    start = table.hand_rects(table.hand_slots(0))[k].center
    mouse(app, pygame.MOUSEBUTTONDOWN, start)
    opened = table.choices.seat_ui(0).open
    for i in range(1, 7):
        mouse(app, pygame.MOUSEMOTION, (start[0], start[1] - 40 * i))
        opened |= table.choices.seat_ui(0).open
    mouse(app, pygame.MOUSEBUTTONUP, (640, 300))
    opened |= table.choices.seat_ui(0).open
    assert not opened, "no menu during or after a drag"
    at = table.hand_rects(table.hand_slots(0))[k].center
    mouse(app, pygame.MOUSEBUTTONDOWN, at)
    assert not table.choices.seat_ui(0).open, "the press alone opens no menu"
    mouse(app, pygame.MOUSEBUTTONUP, at)
    assert table.choices.seat_ui(0).open, "a click let go on the card opens its menu"


def cops_turn_after_a_defence(tmp_path):
    """A Cops & Robbers table at your turn, a Defence card already laid this turn and another in your hand:
    (app, table, index of that second Defence card in the hand)."""
    from arcade.games.cops_and_robbers import DEFENCE, Defend

    for seed in range(1, 60):
        app = make_app(tmp_path / str(seed))
        start_match(app, "cops_and_robbers", [SeatSpec("human", "wasd")] + [SeatSpec("bot")] * 3, seed, {})
        table = app.top
        for _ in range(3000):
            if table.hand_slots(0):
                break
            app.pump()
            app.tick()
        if not table.hand_slots(0) or sum(1 for kind, _v in table.match.state.hands[0] if kind == DEFENCE) < 2:
            continue
        first = next(a for slot in table.hand_slots(0) if slot not in ("draw", "end")
                     for _, a in table.picks.slot_options(0, slot) if isinstance(a, Defend) and a.seat == 0)
        table.choices.submit_choice(0, first)
        run_ticks(app, 3)
        assert table.match.state.defended
        slots = table.hand_slots(0)
        k = next(i for i, slot in enumerate(slots) if slot not in ("draw", "end") and slot[0] == DEFENCE)
        return app, table, k
    raise AssertionError("no deal gives two Defence cards")


def test_cops_a_second_defence_in_a_turn_says_why_it_is_not_laid(tmp_path):
    """Issue 36: a second Defence card dragged onto your own area in the same turn was ignored without a word; the
    table now says the rule (one Defence card a turn), by drag and by key alike, and lays nothing."""
    app, table, k = cops_turn_after_a_defence(tmp_path)
    hand = list(table.match.state.hands[0])
    start = table.hand_rects(table.hand_slots(0))[k].center
    drag(app, start, table.compute_areas()[0].center)
    run_ticks(app, 2)
    assert list(table.match.state.hands[0]) == hand, "nothing is laid"
    assert table.hud.message_ticks and "One Defence card a turn" in table.hud.message, table.hud.message
    app.save_screenshot(tmp_path / "second_defence.png")
    table.hud.message_ticks = 0
    ui = table.choices.seat_ui(0)
    ui.sel = k
    table.choose_slot(0, ui, table.hand_slots(0)[k])
    assert table.hud.message_ticks and "One Defence card a turn" in table.hud.message
