"""Rules help is written for players and drawn as a page: Markdown parsed (headings, reflowed paragraphs, bullets,
tables, card pictures), never shown raw, never our spec text; it scrolls."""

from __future__ import annotations

import re

import pygame
import pytest

from arcade.games import definition_of
from arcade.client.render.markdown import render_page
from arcade.client.scenes.rules import RulesScene, rules_page_text
from client_helpers import make_app, run_ticks

FIVE = ["cops_and_robbers", "grass", "grenade", "grisbi", "grit"]
SPEC_WORDS = re.compile(r"as implemented|decision|rulebook's pictures|\bSource:|Corrections", re.I)


@pytest.mark.parametrize("gid", FIVE)
def test_each_game_has_a_players_page_not_the_spec(gid):
    text = rules_page_text(gid)
    assert not SPEC_WORDS.search(text), "the player's page is not our design file"
    for section in ("# ", "Controls"):
        assert section in text
    assert re.search(r"select key|click", text), "the page names this client's keys"


def test_markdown_is_drawn_not_printed():
    """A paragraph hard-wrapped in the source is reflowed to the page width; a table and bold text leave no
    Markdown characters on screen; a card reference draws the game's card."""
    pygame.init()
    src = "# Title\n\nOne two three four five six seven\neight nine ten.\n\n| a | b |\n|---|---|\n| **x** | y |\n"
    narrow = render_page(src, 200)
    wide = render_page(src, 1000)
    assert narrow.get_height() > wide.get_height(), "paragraphs reflow to the width"
    drawn = []
    art = render_page("A card ![Q](card:QH) here.", 600, lambda ref: drawn.append(ref) or pygame.Surface((40, 60)))
    assert set(drawn) == {"QH"} and art.get_height() >= 60


@pytest.mark.parametrize("gid", ["grit", "grass"])
def test_the_rules_scene_scrolls_and_shows_card_pictures(gid, tmp_path):
    app = make_app(tmp_path)
    scene = RulesScene(app, gid)
    app.push(scene)
    run_ticks(app, 2)
    first = app.screen.copy()
    assert scene.max_scroll > 0, "a whole page is longer than the screen"
    scene.scroll_by(300)
    app.draw(1.0)
    assert scene.scroll == 300 and app.screen.get_at((640, 400)) != first.get_at((640, 400)) or \
        pygame.image.tobytes(app.screen, "RGB") != pygame.image.tobytes(first, "RGB")
    scene.scroll_by(10 ** 6)
    assert scene.scroll == scene.max_scroll
    assert definition_of(gid).load_card_art, "the page can draw the game's own cards"


# --- what a player reading the pages meets (issue 29): each fact of the rules as implemented is stated -------------

def page(gid: str) -> str:
    """The page as one line of text (Markdown's hard wraps joined), for finding a sentence."""
    return " ".join(rules_page_text(gid).split())


@pytest.mark.parametrize("gid", FIVE)
def test_no_page_quotes_a_specification_sentence(gid):
    """A player's page says things in its own words: no sentence of a source text in quotation marks."""
    assert not re.search(r"[\"“][^\"”]{25,}[\"”]", page(gid)), re.findall(r"\"[^\"]{25,}\"", page(gid))


def test_cops_and_robbers_says_a_turn_cannot_end_without_its_draw():
    from arcade.games.cops_and_robbers.rules import RULES, Draw, EndTurn

    s = RULES.initial_state(3, 4)
    seat = next(iter(RULES.to_act(s)))
    legal = RULES.legal_actions(s, seat)
    assert Draw() in legal and EndTurn() not in legal, "the rules: no end of turn before the draw"
    assert re.search(r"You \*\*must draw\*\* one card: your turn cannot end before you have drawn", page(
        "cops_and_robbers"))
    assert "Do any of these, in any order" not in page("cops_and_robbers")


def test_cops_and_robbers_describes_the_six_player_reshuffle():
    text = page("cops_and_robbers")
    assert re.search(r"\*\*Six players\*\*: the first time in a round that the player to act finds the draw pile "
                     r"empty, the discard pile is shuffled and half of it \(rounded up\) becomes the new draw pile",
                     text)
    assert "This happens once a round" in text and "empty again after that reshuffle" in text


def test_grisbi_describes_the_round_time_limit_and_who_wins_when_it_runs_out():
    from arcade.games.grisbi import CARDS
    from arcade.games.grisbi.scoring import score_round

    loc = next(c.id for c in CARDS if c.kind == "location")
    assert score_round([loc], None).winner == "robbers", "the rules: a tie without a Stop goes to the Robbers"
    text = page("grisbi")
    assert "# Round time limit" in rules_page_text("grisbi")
    assert "2 or 3 minutes from START (off by default)" in text
    assert re.search(r"When it runs out before anyone lays a Stop, the round ends and \*\*both\*\* teams' cards are "
                     r"counted", text)
    assert "the team with **more points wins the round**; on a tie, the Robbers win it" in text


def test_grit_describes_the_prototype_deck_how_to_mark_and_once_a_duel():
    from arcade.games.grit.cards import card_label, deck_spades, heart_ranks
    from arcade.games.grit.rules import _deal
    from arcade.games.rng import Rng

    assert [card_label(c) for c in deck_spades(True)] == [f"{r}♠" for r in "A 2 3 4 5 6 7 8 9 10 J".split()]
    assert heart_ranks(True) == tuple(range(1, 10)) and heart_ranks(False) == tuple(range(1, 14))
    assert _deal(Rng.from_seed(1), False)[0]["marked_used"] == (False, False), "every duel: a mark again"
    text = page("grit")
    assert re.search(r"\*\*Prototype deck\*\* \(an option in setup\): the spades A to 9, 10 and Jack instead \(no "
                     r"Queen, no King\), and the random heart is drawn from Ace to 9 only", text)
    assert "once a duel you may lay a Complaint sideways (in a best of 5, once in each duel)" in text
    assert "once a game" not in text
    assert "a menu asks **Lay it face down** or **Lay it Marked**" in text


def test_grass_states_each_paranoia_penalty_and_what_protection_does_not_save():
    text = page("grass")
    assert "**Sold Out**: loses their next turn and their smallest unprotected peddle" in text
    assert "**Double Crossed**: loses their next two turns and their largest unprotected peddle" in text
    assert re.search(r"\*\*Utterly Wiped Out\*\*: loses their next two turns and all their unprotected peddle, and "
                     r"their whole Hassle pile \(Market Open and any heat\) goes to the Wasted pile: they must lay a "
                     r"new Market Open", text)
    assert "$25,000 (Sold Out), $50,000 (Double Crossed) or $100,000 (Utterly Wiped Out)" in text
    assert "Protected peddle is safe." not in text
    assert "but not from Pay Fine, which takes it when it is your smallest peddle" in text
    assert "you can only play it with peddle in your Stash" in text


def test_grass_pay_fine_takes_the_smallest_peddle_protected_or_not_and_needs_peddle():
    """What the page says of Pay Fine, in the rules: the smallest peddle goes even when protected; no peddle, no
    Pay Fine."""
    from arcade.games.grass import rules as gr
    from arcade.games.grass.cards import BUST, HOME_GROWN, GRAB_A_SNACK, PANAMA, PAY_FINE
    from arcade.games.grass.state import Cover, Seat, Stash

    me = Seat(hand=(PAY_FINE,), pile=(BUST,), heat=BUST,
              stash=Stash(loose=(PANAMA,), covers=(Cover(GRAB_A_SNACK, (HOME_GROWN,)),)))
    after, lost = gr._pay_fine(me)
    assert lost == HOME_GROWN and after.stash.loose == (PANAMA,)


def test_grenade_says_the_next_face_up_spade_and_what_the_joker_does_with_a_six():
    from arcade.games.grenade.rules import JOKER, resolve_throw

    wheel = (1, JOKER, 2, 3, 4, 5, 6, 7)
    blown = (False,) * 8
    _, dice, newly, _ = resolve_throw(wheel, blown, ((7, 5), (7, 1), (3, 1)), 0, 2)  # 7 -> Joker at 5 -> 6
    assert newly == () and dice[0] == (2, 1), "the rules: back to 1 on the next face-up spade, the Joker kept"
    _, dice, newly, _ = resolve_throw(wheel, blown, ((6, 5), (0, 1), (3, 1)), 0, 1)  # the 7 blows up
    assert newly == (7,) and dice[0] == (0, 1)
    text = page("grenade")
    assert "moves to the next card" not in text
    assert re.search(r"moves on to the \*\*next face-up spade\*\* clockwise \(blown-up cards and the Joker are "
                     r"skipped\), back to 1", text)
    assert "A grenade reaching 6 on the Joker does not blow it up: that grenade goes back to 1 on the next face-up " \
           "spade clockwise" in text


# --- the pages in French (issue 30): one per game, chosen by the player's language -----------------------------------

def sections(text: str) -> list[str]:
    """A page's shape: its headings' levels, its card pictures and its tables' rows, in order."""
    out = []
    for line in text.splitlines():
        if line.startswith("#"):
            out.append(line.split(" ", 1)[0])
        elif line.startswith("|"):
            out.append("|" * line.count("|"))
        out += re.findall(r"\]\((card:[^)]+)\)", line)
    return out


@pytest.mark.parametrize("gid", FIVE)
def test_each_game_has_a_french_page_with_the_same_sections(gid):
    """howto.fr.md next to howto.md: the same headings, card pictures and table rows, in French words (the English
    page's facts are tested above; the French page says them in the glossary's terms, docs/glossary.fr.md)."""
    from arcade.core import i18n

    english = definition_of(gid).rules_text("en")
    french = definition_of(gid).rules_text("fr")
    assert french != english and "# Commandes" in french and "# Controls" not in french
    assert sections(french) == sections(english)
    assert re.search(r"touche de validation|clic", french), "the page names this client's keys"
    assert "'" not in french and " :" not in french, "French typography: ’ and U+202F before a colon"
    i18n.set_language("fr")
    assert rules_page_text(gid) == french, "the rules screen reads the player's language's page"
    i18n.set_language(i18n.PSEUDO)
    assert rules_page_text(gid) == english, "a language without a page reads the English one"


@pytest.mark.parametrize("gid", FIVE)
def test_the_french_page_draws_with_every_glyph(gid, tmp_path):
    """Every character of the French page (accents, « », U+202F, ’, $ amounts) has a glyph in the bundled fonts,
    regular and bold, and the page draws as a page."""
    from arcade.client.render.fonts import missing_glyphs
    from arcade.client.scenes.common import card_art_of

    make_app(tmp_path)
    text = definition_of(gid).rules_text("fr")
    letters = "".join(sorted(set(text) - set("\n")))
    assert missing_glyphs(letters) == "" and missing_glyphs(letters, True) == ""
    page = render_page(text, 1000, card_art_of(gid))
    assert page.get_height() > 720


def test_the_rules_scene_shows_the_french_page_and_title(tmp_path):
    from arcade.client.render.audit import TextAudit
    from arcade.core import i18n

    app = make_app(tmp_path, language="fr")
    assert i18n.language() == "fr"
    scene = RulesScene(app, "grit")
    french = RulesScene(app, "grit").page
    i18n.set_language("en")
    english = RulesScene(app, "grit").page
    assert pygame.image.tobytes(french, "RGB") != pygame.image.tobytes(english, "RGB")
    i18n.set_language("fr")
    with TextAudit() as audit:
        scene.draw(pygame.Surface((1280, 720)), 1.0)
    assert "Comment jouer à Grit" in [d.text for d in audit.drawn]


def test_page_down_up_home_and_end_move_the_rules_page(tmp_path):
    """Issue 36: a reader presses Page Down and the page moves by a screen; Page Up back; End to the last line,
    Home to the top (these keys used to do nothing)."""
    app = make_app(tmp_path)
    scene = RulesScene(app, "grass")
    app.push(scene)
    run_ticks(app, 2)
    top = pygame.image.tobytes(app.screen, "RGB")

    def key(code: int) -> None:
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            app.input.handle_event(pygame.event.Event(kind, key=code, mod=0, unicode="", scancode=0))
            run_ticks(app, 1)

    key(pygame.K_PAGEDOWN)
    assert scene.scroll > RulesScene.VIEW.height // 2, "Page Down moves about one screen"
    assert pygame.image.tobytes(app.screen, "RGB") != top
    key(pygame.K_PAGEUP)
    assert scene.scroll == 0
    key(pygame.K_END)
    assert scene.scroll == scene.max_scroll > 0
    key(pygame.K_HOME)
    assert scene.scroll == 0 and pygame.image.tobytes(app.screen, "RGB") == top
