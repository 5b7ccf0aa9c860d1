"""Every screen in English, French and the pseudo-locale (issue 30, "Done when"): the scene walk of
``tests/scene_walk.py`` (title, settings, setup, rules pages, LAN screens, each table mid-match, paused and at its
results, tutorials, replays, attract mode) drawn in each language finds no text cut, overlapping another, running
off the picture or unreadable (16 px, WCAG AA), no missing glyph; in the pseudo-locale no word drawn without
``_()``; in French no string asked for that the catalogue lacks.

Phase 1 (the machinery) passes over what ``tests/i18n_allowlist.py`` lists; an entry no longer needed fails, so the
lists only shrink while phase 2 converts the screens."""

from __future__ import annotations

import pytest

from arcade.client.render.audit import unmarked_words
from arcade.core import i18n
from i18n_allowlist import LAYOUT, UNCONVERTED
from scene_walk import walk
from test_i18n import literal_findings

LANGS = ["en", "fr", i18n.PSEUDO]
TEXT_SIZES = [125, 150]
"""Settings → Display… → Text size above 100 % (issue 36): the walk in English and French at each."""
_walks: dict = {}


@pytest.fixture
def walked(tmp_path_factory):
    """The walk in a language (at a text size, % : 100 unless told), done once per test session."""
    def get(lang: str, text_scale: int = 100):
        if (lang, text_scale) not in _walks:
            _walks[lang, text_scale] = walk(tmp_path_factory.mktemp(f"walk-{lang}-{text_scale}"), lang, text_scale)
        return _walks[lang, text_scale]
    return get


def layout_problems(w) -> dict[str, list[str]]:
    """Screen -> its problems: cut, overlapping, off the picture, unreadable."""
    out: dict[str, list[str]] = {}
    for where, audit in w.frames.items():
        out[where] = ([f"overlap: {p}" for p in audit.overlaps()] + [f"off the picture: {p}" for p in audit.offscreen()]
                      + [f"unreadable: {p}" for p in audit.problems()])
    for original, shown, source, where in w.log.cuts:
        out.setdefault(where, []).append(f"cut: {original!r} shown as {shown!r} ({source})")
    for r in w.log.texts:
        if w.log.cut_short(r.text):
            out.setdefault(r.where, []).append(f"cut short: {r.text!r} ({r.source})")
    return {k: v for k, v in out.items() if v}


def known(where: str, lang: str) -> bool:
    return any(where.startswith(prefix) for prefix in LAYOUT.get(lang, []))


@pytest.mark.parametrize("lang", LANGS)
def test_every_screen_fits(lang, walked):
    w = walked(lang)
    assert len(w.frames) >= 60, "the walk reached every kind of screen"
    problems = layout_problems(w)
    assert {k: v for k, v in problems.items() if not known(k, lang)} == {}
    stale = [p for p in LAYOUT.get(lang, []) if not any(k.startswith(p) for k in problems)]
    assert stale == [], f"these screens fit in {lang} now: delete them from LAYOUT in tests/i18n_allowlist.py"


@pytest.mark.parametrize("text_scale", TEXT_SIZES)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_screen_fits_at_a_larger_text_size(lang, text_scale, walked):
    """The same walk with every text at 125 % and 150 %: no text cut, overlapping, off the picture or unreadable.
    Screens not laid out for it yet are listed in LAYOUT under "<lang> <size>%" (the list only shrinks)."""
    w = walked(lang, text_scale)
    key = f"{lang} {text_scale}%"
    problems = layout_problems(w)
    for where in sorted(problems):
        print(f"{key}: {where}: {problems[where][0]}")
    assert {k: v for k, v in problems.items() if not known(k, key)} == {}
    stale = [p for p in LAYOUT.get(key, []) if not any(k.startswith(p) for k in problems)]
    assert stale == [], f"these screens fit at {key} now: delete them from LAYOUT in tests/i18n_allowlist.py"


@pytest.mark.parametrize("lang", LANGS)
def test_every_glyph_is_in_the_fonts(lang, walked):
    from arcade.client.render.fonts import missing_glyphs

    w = walked(lang)
    missing = {(r.text, r.where): missing_glyphs(r.text, r.bold) for r in w.log.texts}
    assert {k: v for k, v in missing.items() if v} == {}


def unmarked(w) -> dict[str, set[str]]:
    """Drawing code -> the words it drew without ``_()`` (pseudo-locale)."""
    out: dict[str, set[str]] = {}
    for r in w.log.texts:
        words = unmarked_words(r.text, w.names)
        if words:
            out.setdefault(r.source, set()).update(words)
    return out


def allowed(source: str) -> bool:
    return any(source.startswith(prefix) for prefix in UNCONVERTED)


def test_every_word_drawn_came_through_gettext(walked):
    """In the pseudo-locale every string from ``_()`` is accented: a plain word on screen (other than a player's
    name, a language's own name, a single letter such as a card rank) is a hard-coded string."""
    found = unmarked(walked(i18n.PSEUDO))
    assert {src: sorted(words)[:8] for src, words in found.items() if not allowed(src)} == {}


def test_the_allowlist_of_unconverted_code_only_shrinks(walked):
    """An entry of UNCONVERTED that neither the walk nor the static check needs any more must go."""
    sources = set(unmarked(walked(i18n.PSEUDO))) | {src for src, _line, _s in literal_findings()}
    stale = [p for p in UNCONVERTED if not any(s.startswith(p) for s in sources)]
    assert stale == [], "converted: delete these from UNCONVERTED in tests/i18n_allowlist.py"


def test_the_french_catalogue_has_every_string_the_screens_ask_for(walked):
    """A string wrapped in ``_()`` that extraction did not see (inside an f-string's braces, built from pieces) or
    that nobody translated shows in English on a French screen."""
    assert sorted(walked("fr").missing) == []


def test_the_title_and_settings_are_french_in_french(walked):
    """The screens phase 1 converted show their French words."""
    texts = {r.text for r in walked("fr").log.texts}
    assert {"Réglages", "Apprendre à jouer", "Langue", "Enregistrer et revenir", "2 à 8 joueurs", "Reprendre Grit"} <= {
        t for text in texts for t in [text] + text.split("  ·  ")}


def test_the_checks_see_overlaps_hidden_text_cuts_and_text_off_the_picture(tmp_path):
    import pygame

    from arcade.client.render import fonts
    from arcade.client.render.audit import TextAudit, TextLog
    from arcade.client.render.widgets import panel
    from client_helpers import make_app

    make_app(tmp_path)
    surf = pygame.Surface((1280, 720))
    with TextLog() as log, TextAudit() as audit:
        fonts.draw_text(surf, "Hello there", (100, 100), 24)
        fonts.draw_text(surf, "General", (150, 104), 24)  # over the first
        fonts.draw_text(surf, "Under a panel", (420, 400), 24)
        panel(surf, (400, 380, 400, 80), 255)  # hides it
        fonts.draw_text(surf, "On the panel", (430, 404), 24)
        fonts.draw_text(surf, "Far right", (1250, 300), 24)
        fonts.draw_text(surf, fonts.fit("A very long label indeed", 24, 120), (600, 600), 24)
    assert audit.overlaps() == ["'Hello there' / 'General'"]
    assert [p.split("'")[1] for p in audit.offscreen()] == ["Far right"]
    assert [c[:2] for c in log.cuts] == [("A very long label indeed", fonts.fit("A very long label indeed", 24, 120))]
    assert unmarked_words("⟦Šéţţîñĝšẋ⟧ Grass 2 Q Ann ⟦ẋ⟧", frozenset({"Ann"})) == ["Grass"]
    i18n.set_language(i18n.PSEUDO)
    with TextLog() as log:
        rows = fonts.wrap(i18n._("a long sentence that the layout breaks into several rows"), 20, 200)
        fonts.text(rows[0], 20)
        fonts.text(i18n._("Settings")[:5], 20)
    assert len(rows) > 1 and not log.cut_short(rows[0]) and log.cut_short(i18n._("Settings")[:5])
