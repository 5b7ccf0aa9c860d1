"""Grass's table as a newcomer meets it: a trade that would hand you a penalty card starts on Refuse, the refuse key
refuses at once, a trade you cannot accept says why, the trade dialog is opaque and leaves your own area in view,
the log wraps instead of cutting lines, the Wasted pile's count does not hide its top card, and the setup explains
Learning mode."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from arcade.games.grass.cards import CARDS
from arcade.games.grass.state import Trade
from arcade.core.match import parse_seats
from arcade.client.render.audit import TextAudit
from arcade.games.grass.table.scene import SIZES
from arcade.client.play import start_match
from client_helpers import make_app, press, run_ticks, script

PARANOIA = next(k for k, c in enumerate(CARDS) if c.group == "paranoia")


def _table(tmp_path):
    app = make_app(tmp_path, input_script=script(""), bot_think_ticks=10)
    start_match(app, "grass", parse_seats("human,bot,bot"), 3, {})
    run_ticks(app, 5)
    return app, app.top


def _offer_to_human(app, table, give: int, ask: int | None = None) -> None:
    """Put on the table a trade from Bot 2 to the human: Bot 2 gives ``give`` (put into its hand) for ``ask`` (default:
    the human's first card)."""
    st = table.match.state
    bot = st.seats[1]
    seats = list(st.seats)
    seats[1] = replace(bot, hand=tuple(sorted(bot.hand[1:] + (give,))))
    ask = st.seats[0].hand[0] if ask is None else ask
    trade = Trade(proposer=1, target=0, offer=(give,), ask=(ask,), sent=True)
    st = replace(st, seats=tuple(seats), phase="answer", current=1, trade=trade, events=())
    table.match.sim.load((table.match.tick_count, st))
    run_ticks(app, 2)


def _drawn(table):
    surf = pygame.Surface((1280, 720))
    with TextAudit() as audit:
        table.draw(surf, 1.0)
    return surf, audit.drawn


def _chosen(table) -> str:
    return next(d.text for d in _drawn(table)[1] if d.text.startswith("▶ "))


def test_a_trade_that_gives_you_a_penalty_card_starts_on_refuse(tmp_path):
    """"A Paranoia card still in hand at the end of the hand costs its penalty": a trade offering one has Refuse
    chosen when it arrives, and the dialog says why; a harmless trade starts on Accept."""
    app, table = _table(tmp_path)
    _offer_to_human(app, table, PARANOIA)
    assert _chosen(table) == "▶ Refuse the trade"
    assert any("penalty" in d.text for d in _drawn(table)[1])

    app, table = _table(tmp_path / "b")
    harmless = next(k for k, c in enumerate(CARDS) if c.group == "peddle")
    _offer_to_human(app, table, harmless)
    assert _chosen(table).startswith("▶ Accept")


def test_the_refuse_key_refuses_at_once(tmp_path):
    app, table = _table(tmp_path)
    harmless = next(k for k, c in enumerate(CARDS) if c.group == "peddle")
    _offer_to_human(app, table, harmless)
    press(app, "B")
    run_ticks(app, 2)
    st = table.match.state
    assert st.phase != "answer" and (st.trade is None or st.trade.target != 0 or not st.trade.sent)


def test_a_trade_you_cannot_accept_says_why(tmp_path):
    """Asked for a card you do not hold, you may only refuse: the dialog names the card you lack."""
    app, table = _table(tmp_path)
    hand = table.match.state.seats[0].hand
    lacking = next(k for k, c in enumerate(CARDS) if k not in hand and c.group == "peddle")
    harmless = next(k for k, c in enumerate(CARDS) if c.group == "heat off")
    _offer_to_human(app, table, harmless, ask=lacking)
    texts = " ".join(d.text for d in _drawn(table)[1])
    assert "You cannot accept" in texts and CARDS[lacking].name in texts
    assert _chosen(table) == "▶ Refuse the trade"


def test_the_trade_dialog_is_opaque_and_leaves_your_own_area_in_view(tmp_path):
    app, table = _table(tmp_path)
    _offer_to_human(app, table, PARANOIA)
    surf, drawn = _drawn(table)
    title = next(d for d in drawn if d.text.endswith("proposes a trade"))
    # opaque: the dialog's left margin, over the opponents' areas behind it, is one flat colour
    x = title.rect[0] - 6
    column = {tuple(surf.get_at((x, y))[:3]) for y in range(title.rect[1], title.rect[1] + 250)}
    assert len(column) == 1, column
    # your own area (name, running total, the hand) is drawn over nothing
    for label in ("running total", "Player 1 (you)"):
        d = next(d for d in drawn if d.text == label)
        r = pygame.Rect(d.rect)
        inked = sum(1 for xx in range(r.left, r.right) for yy in range(r.top, r.bottom)
                    if max(abs(a - b) for a, b in zip(surf.get_at((xx, yy))[:3], d.color)) < 40)
        assert inked > r.w, f"{label!r} is hidden"
    first = drawn.index(title)
    last = next(i for i, d in enumerate(drawn) if "refuse at once" in d.text)
    assert last - first >= 4
    assert all(d.rect[1] + d.rect[3] <= 340 for d in drawn[first:last + 1]), "the dialog stays above your own area"


def test_the_log_wraps_long_lines_instead_of_cutting_them(tmp_path):
    app, table = _table(tmp_path)
    long = "Bot 2 plays Steal Your Neighbor's Pot on Bot 3 and takes the largest peddle of the Stash: Panama"
    table.log = ["Bot 3 draws", long]
    _, drawn = _drawn(table)
    rows = [d for d in drawn if d.text and d.text in long]
    assert " ".join(d.text for d in rows) == long
    assert len(rows) >= 2 and all(d.rect[0] + d.rect[2] <= 930 for d in rows)
    assert not any("…" in d.text for d in drawn if d.text.startswith("Bot 2 plays"))


def test_the_wasted_count_does_not_cover_the_wasted_card(tmp_path):
    app, table = _table(tmp_path)
    table.log = [f"Bot {i} draws a card from the Grass stack and plays a long move on the table" for i in range(4)]
    _, drawn = _drawn(table)
    label = next(d for d in drawn if d.text.startswith("Wasted "))
    w, h = SIZES["M"]
    card = pygame.Rect(0, 0, w, h)
    card.center = table.wasted_pos
    assert not card.colliderect(pygame.Rect(label.rect))
    view = table.rules.view(table.match.state, 0)
    badge = next(r for r, text in table.panels.centre_badges(view) if text.startswith("Wasted "))
    assert badge.contains(pygame.Rect(label.rect).clip(badge))
    log = [d for d in drawn if d.text.startswith(("Bot ", "table", "plays"))]
    assert log and not any(badge.colliderect(pygame.Rect(d.rect)) for d in log), "the log is clear of the badge"


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_the_wasted_count_is_clear_of_every_seats_panel(tmp_path, players):
    """The Wasted badge lies on the felt: off every other seat's panel (and its border), off your own area."""
    app = make_app(tmp_path, input_script=script(""), bot_think_ticks=10)
    start_match(app, "grass", parse_seats(",".join(["human"] + ["bot"] * (players - 1))), 3, {})
    run_ticks(app, 5)
    table = app.top
    view = table.rules.view(table.match.state, 0)
    badge = next(r for r, text in table.panels.centre_badges(view) if text.startswith("Wasted "))
    for seat, slot in table.slots(players).items():
        assert not badge.colliderect(slot.rect if slot.big else slot.rect.inflate(4, 4)), (seat, slot.rect, badge)


def test_setup_explains_learning_mode():
    from arcade.games import definition_of

    opt = next(o for o in definition_of("grass").spec.options if o.key == "learning")
    assert "four hands" in opt.help and "trading" in opt.help


def test_every_text_on_the_table_is_readable_mid_trade(tmp_path):
    app, table = _table(tmp_path)
    _offer_to_human(app, table, PARANOIA)
    surf = pygame.Surface((1280, 720))
    with TextAudit() as audit:
        table.draw(surf, 1.0)
    assert audit.problems() == []


def test_the_scoring_breakdown_is_readable_and_leaves_your_total_in_view(tmp_path):
    """The end-of-hand walk-through with six players: every text 16 px or more and AA contrast, no two texts
    overlap (the widest figures fit their columns), and your own name and running total stay in view beside it."""
    from arcade.games.bots import BotSeat
    from arcade.games.grass.table.scene import WALK_TICKS

    app = make_app(tmp_path)
    start_match(app, "grass", parse_seats("human,bot,bot,bot,bot,bot"), 3, {})
    table = app.top
    match = table.match
    match.bots[0] = BotSeat("grass", 0, "normal", 3, think_ticks=0)
    for bot in match.bots.values():
        bot.think_ticks = 0
    for _ in range(20000):
        if match.state.phase == "scoring":
            break
        match.tick()
    table.after_tick()
    table.score_ticks = WALK_TICKS  # every step shown
    surf = pygame.Surface((1280, 720))
    with TextAudit() as audit:
        table.draw(surf, 1.0)
    assert audit.problems() == []
    head = next(i for i, d in enumerate(audit.drawn) if d.text.startswith("Hand 1 — scoring"))
    own = [pygame.Rect(d.rect) for d in audit.drawn[head:]]
    assert len(own) > 40
    assert not any(own[i].colliderect(own[j]) for i in range(len(own)) for j in range(i + 1, len(own)))
    for label in ("running total", "Player 1 (you)"):
        d = next(d for d in audit.drawn if d.text == label)
        r = pygame.Rect(d.rect)
        inked = sum(1 for x in range(r.left, r.right) for y in range(r.top, r.bottom)
                    if max(abs(a - b) for a, b in zip(surf.get_at((x, y))[:3], d.color)) < 40)
        assert inked > r.w, f"{label!r} is covered"


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_card_name_is_printed_inside_its_coloured_band(lang):
    """A card's title is white on its band: a row below the band (white on the card's white) is a name the player
    cannot read. Seen in French: "Steal Your Neighbor’s Pot" on a hand card ran to a third row under the band."""
    from arcade.core.i18n import set_language
    from arcade.games.grass.table import art

    pygame.font.init()
    set_language(lang)
    try:
        for kind in range(len(CARDS)):
            for size, (w, h) in art.SIZES.items():
                title, fs = art.card_title(kind, w)
                rows = art._title_lines(title, w, fs)
                band_bottom = 3 + int(h * 0.3)  # render.cards.label_card's band
                assert 6 + len(rows) * (fs + 2) - 2 <= band_bottom, (CARDS[kind].name, size, rows)
    finally:
        set_language("en")  # (the conftest does it too)
