"""Issue 29: terms explained where they appear (as Slay the Spire and Balatro do): resting the pointer on a card or a
term, or holding the back key (B) on the card one's keys are on, shows a short tooltip from the game's own rules
text; the tooltip lies beside what it explains (never over it), inside the picture, opaque and readable. One word
per thing on the screen and in the rules."""

from __future__ import annotations

import importlib
import re

import pygame
import pytest

from arcade.client.play import start_match
from arcade.client.render.audit import TextAudit
from arcade.client.render.fonts import wrap
from arcade.client.render.tooltip import TIP_W, Tip, draw_tip, tip_rect
from arcade.core.match import parse_seats
from arcade.games import definition_of
from client_helpers import make_app, run_ticks

FIVE = ["grisbi", "grit", "grenade", "grass", "cops_and_robbers"]
PICTURE = pygame.Rect(0, 0, 1280, 720)


def your_move(gid: str, table) -> bool:
    """The human (seat 0) has a card under their keys now."""
    if gid == "grit":
        v = table.seating.views().public
        return v.phase in ("lay_first", "lay_second") and 0 in v.to_act
    if gid == "grass":
        return 0 in table.panels.prompt_seats(table.seating.views().public)
    if gid == "cops_and_robbers":
        return table.turn_bar_seat(table.seating.views()) == 0
    if gid == "grenade":
        return table.chooser() == 0
    return table.awake()


def at_your_move(gid: str, tmp_path):
    app = make_app(tmp_path)
    start_match(app, gid, parse_seats("human,bot" if gid != "cops_and_robbers" else "human,bot,bot,bot"), 5, {})
    table = app.top
    for _i in range(3000):
        run_ticks(app, 5)
        if your_move(gid, table) and not table.board.busy and not table.holding:
            return app, table
        if gid == "cops_and_robbers" and table.picks.respond_items(0) and not table.holding:
            table.choices.submit_choice(0, table.picks.respond_items(0)[0][1])  # attacked first: answer, then your turn
    raise AssertionError(f"{gid}: the human never got to move")


def shown(app, table) -> tuple[Tip | None, list]:
    """The tooltip the table shows now and the texts of the frame."""
    with TextAudit() as audit:
        table.draw(pygame.Surface((1280, 720)), 1.0)
    return table.tooltips.now(), audit.drawn


def check_tip(tip: Tip, drawn) -> None:
    """The tooltip is drawn (its title and first row of explanation among the frame's texts), inside the picture,
    beside its target and never over it."""
    texts = [d.text for d in drawn]
    assert wrap(tip.title, 18, TIP_W - 24, bold=True)[0] in texts
    assert any(wrap(tip.body, 16, w - 24)[0] in texts for w in (TIP_W, TIP_W + 80, TIP_W - 60))
    r, target = tip_rect(tip), pygame.Rect(tip.target)
    assert PICTURE.contains(r), f"{tip.title}: {r} runs off the picture"
    assert not r.colliderect(target), f"{tip.title}: {r} covers what it explains {target}"
    gap = max(target.left - r.right, r.left - target.right, target.top - r.bottom, r.top - target.bottom)
    assert 0 <= gap <= 12, f"{tip.title}: {r} is not beside {target}"


@pytest.mark.parametrize("gid", FIVE)
def test_holding_b_on_your_card_explains_it(gid, tmp_path):
    app, table = at_your_move(gid, tmp_path)
    assert shown(app, table)[0] is None, "no tooltip before B is held"
    app.input.inject("wasd", "B", True)
    run_ticks(app, table.tooltips.TIP_HOLD + 2)
    tip, drawn = shown(app, table)
    assert tip is not None and tip == table.key_tip(0)
    check_tip(tip, drawn)
    app.input.inject("wasd", "B", False)
    run_ticks(app, 2)
    assert shown(app, table)[0] is None, "the tooltip goes with the key"


@pytest.mark.parametrize("gid", FIVE)
def test_resting_the_pointer_on_a_card_explains_it(gid, tmp_path):
    app, table = at_your_move(gid, tmp_path)
    card = pygame.Rect(table.key_tip(0).target)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=card.center, rel=(0, 0), buttons=(0, 0, 0)))
    run_ticks(app, 2)
    assert shown(app, table)[0] is None, "a pointer passing over a card shows nothing yet"
    run_ticks(app, table.tooltips.TIP_REST + 2)
    tip, drawn = shown(app, table)
    assert tip is not None and pygame.Rect(tip.target).collidepoint(card.center)
    check_tip(tip, drawn)


def test_a_tooltip_is_opaque():
    """Drawn over black and over white, every pixel inside a tooltip (its rounded corners aside) is the same."""
    tip = Tip((600, 300, 80, 112), "Complaint · Q♠ (counts 10)", "One of your four hidden cards. " * 3)
    pics = []
    for colour in ((0, 0, 0), (255, 255, 255)):
        surf = pygame.Surface((1280, 720))
        surf.fill(colour)
        r = draw_tip(surf, tip)
        pics.append(surf.subsurface(r.inflate(-12, -12)).copy())
    a, b = pics
    assert all(a.get_at((x, y)) == b.get_at((x, y)) for x in range(0, a.get_width(), 3)
               for y in range(0, a.get_height(), 3))


@pytest.mark.parametrize("gid", FIVE)
def test_every_term_of_the_glossary_is_the_rules_page_s_word(gid):
    """Each glossary entry's title is the word the game's rules page (howto.md) uses for it."""
    terms = importlib.import_module(f"arcade.games.{gid}.terms").TERMS
    page = definition_of(gid).rules_text().lower()
    for title, _body in terms.values():
        word = re.sub(r"^(your|the) ", "", title.lower())
        assert word in page, f"{gid}: {title!r} is not the rules page's word"


def test_the_grit_injuries_and_the_word_are_explained_on_the_table(tmp_path):
    app, table = at_your_move("grit", tmp_path)
    titles = [t.title for t in table.tips()]
    assert "Injuries" in titles and "Complaint" in {t.split(" ·")[0] for t in titles}
    assert "The Word" in titles


def test_grisbi_a_tap_of_b_sorts_the_hand_a_hold_explains_without_sorting(tmp_path):
    app, table = at_your_move("grisbi", tmp_path)
    before = table.sort_mode.get(0, 0)
    app.input.inject("wasd", "B", True)
    run_ticks(app, table.tooltips.TIP_HOLD + 4)
    app.input.inject("wasd", "B", False)
    run_ticks(app, 2)
    assert table.sort_mode.get(0, 0) == before, "held: explained, not sorted"
    app.input.inject("wasd", "B", True)
    run_ticks(app, 2)
    app.input.inject("wasd", "B", False)
    run_ticks(app, 2)
    assert table.sort_mode.get(0, 0) == 1 - before, "a tap sorts"


def test_cops_and_robbers_says_attack_never_offensive(tmp_path):
    """One word per thing: the cards say Offence, the rules page says attack; no screen says "Offensive"."""
    from arcade.games.bots import BotSeat

    app = make_app(tmp_path)
    start_match(app, "cops_and_robbers", parse_seats("human,bot,bot,bot"), 3, {})
    table = app.top
    table.match.bots[0] = BotSeat("cops_and_robbers", 0, "normal", table.match.seed, think_ticks=20)
    texts: set[str] = set()
    for _i in range(400):
        run_ticks(app, 5)
        with TextAudit() as audit:
            table.draw(pygame.Surface((1280, 720)), 1.0)
        texts.update(d.text for d in audit.drawn)
        if table.match.is_over():
            break
    assert any("attack" in t for t in texts) and "Your turn:" in texts
    assert [t for t in texts if "Offensive" in t] == []
    assert "offensive" not in definition_of("cops_and_robbers").rules_text().lower()


def test_the_deal_verified_line_of_lan_results_is_explained(tmp_path):
    """A LAN turn game's results say "Deal verified": resting the pointer on that line (or holding B) explains it."""
    import types

    from arcade.client.net.prompts import NetTable
    from arcade.client.scenes.results import DEAL_HELP, ResultsScene

    from arcade.games.bots import BotSeat

    app = make_app(tmp_path)
    start_match(app, "grit", parse_seats("human,bot"), 5, {})
    table = app.top
    table.match.bots[0] = BotSeat("grit", 0, "normal", table.match.seed, think_ticks=5)
    while not table.match.is_over():
        table.match.tick()
    scene = ResultsScene(app, table)
    scene.deal = "Deal verified"
    scene.mode.draw_deal = types.MethodType(NetTable.draw_deal, scene.mode)  # a LAN match's line, on this table
    scene.mode.restarts = lambda: ""  # a deal that never started over
    app.push(scene)

    def texts() -> list[str]:
        with TextAudit() as audit:
            scene.draw(pygame.Surface((1280, 720)), 1.0)
        return [d.text for d in audit.drawn]

    title, body = DEAL_HELP["Deal verified"]
    first = wrap(body, 16, TIP_W - 24)[0]
    assert "✓ Deal verified" in texts() and first not in texts()
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 138), rel=(0, 0), buttons=(0, 0, 0)))
    run_ticks(app, 2)
    assert first in texts()


def grisbi_pile_under_the_pointer(tmp_path):
    """A Grisbi table (you and three bots) at your move with a card on the pile, the pointer moved onto that card:
    (app, table, the pile's top card tooltip)."""
    app = make_app(tmp_path)
    start_match(app, "grisbi", parse_seats("human,bot,bot,bot"), 5, {})
    table = app.top
    for _i in range(3000):
        run_ticks(app, 5)
        if table.awake() and not table.board.busy and table.seating.public_view().pile_cards:
            break
    pile = table.pile_area()
    top = [t for t in table.tips() if pile.contains(pygame.Rect(t.target))][-1]
    app.input.handle_mouse(pygame.MOUSEMOTION, pygame.Rect(top.target).center)
    app.input.begin_tick()
    return app, table, top


def test_a_grisbi_tooltip_never_covers_the_round_line_nor_a_seat_s_box(tmp_path):
    """Issue 36: the pile's tooltip lay over the round line and the bots' boxes; it now lies beside the pile."""
    from arcade.games.grisbi.table.art import STRIP

    app, table, top = grisbi_pile_under_the_pointer(tmp_path)
    for _i in range(table.tooltips.TIP_REST + 2):
        table.tooltips.follow()  # the pointer rests; the match is not advanced (what it explains stays)
    tip, drawn = shown(app, table)
    assert tip == top
    title = next(d for d in drawn if d.text == wrap(tip.title, 18, TIP_W - 24, bold=True)[0])
    words = [pygame.Rect(d.rect) for d in drawn if d.text in wrap(tip.body, 16, TIP_W - 24)
             + wrap(tip.body, 16, TIP_W + 56) + wrap(tip.body, 16, TIP_W - 84)] + [pygame.Rect(title.rect)]
    boxes = [a.rect for a in table.areas.values() if a.kind == "box"]
    assert boxes, "bots sit in boxes"
    for r in words:
        assert not r.colliderect(STRIP), f"the tooltip's words {r} lie on the round line"
        assert r.collidelist(boxes) == -1, f"the tooltip's words {r} lie on a bot's box"


def test_a_resting_pointer_s_tooltip_goes_when_read_or_when_its_card_changes(tmp_path):
    """Issue 36: a pointer left resting kept a Grisbi tooltip up all match. It goes once what it explains changes
    (another card laid on the pile under the still pointer) and does not come back for the new card until the
    pointer moves; and a tooltip left up goes after TIP_LAST ticks."""
    app, table, top = grisbi_pile_under_the_pointer(tmp_path)
    tips = table.tooltips
    for _i in range(tips.TIP_REST + 2):
        tips.follow()
    assert tips.now() == top
    for _i in range(2000):  # the match goes on under the still pointer until a card is laid over the top card
        run_ticks(app, 1)
        if top not in table.tips():
            break
    assert top not in table.tips(), "a card was laid"
    run_ticks(app, tips.TIP_REST * 3)
    assert shown(app, table)[0] is None, "the tooltip went with its card, no new one while the pointer stays still"
    centre = pygame.Rect(top.target).center
    app.input.handle_mouse(pygame.MOUSEMOTION, (centre[0] + 3, centre[1]))
    app.input.begin_tick()
    for _i in range(tips.TIP_REST + 2):
        tips.follow()
    assert tips.now() is not None, "moving the pointer brings the explanation back"
    for _i in range(tips.TIP_LAST):
        tips.follow()
    assert tips.now() is None, "read long enough: it goes"
