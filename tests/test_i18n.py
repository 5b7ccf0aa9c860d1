"""The gettext layer (issue 30): languages, plurals, placeholders, money and numbers per locale, the pseudo-locale,
the catalogues kept in step with the code (extracted strings all in the template, the French catalogue complete,
no fuzzy entry, the compiled .mo that of its .po), fonts that draw every catalogue string, and Settings → Language /
``--lang`` switching the title at once.

Phase 2 wraps the game's strings file by file; ``tests/i18n_allowlist.py`` lists the code not converted yet."""

from __future__ import annotations

import ast
import io
import re
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from arcade.core import i18n
from arcade.core.i18n import _, ngettext, pgettext
from client_helpers import make_app, run_ticks
from i18n_allowlist import UNCONVERTED

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "arcade" / "locale"
NNBSP, NBSP = "\u202f", "\u00a0"
FRENCH_CHARS = "éèêëàâîïôûùüÿçœæÉÈÊËÀÂÎÏÔÛÙÜŸÇŒÆ«»’…" + NNBSP + NBSP
"""What French text needs beyond ASCII: accented letters, œ/æ, guillemets, the apostrophe, the narrow no-break space
(before : ; ! ? and between thousands) and the no-break space (before $ and %)."""


def catalogues() -> list[Path]:
    return sorted(LOCALE.glob("*/LC_MESSAGES/messages.po"))


def read(path: Path):
    with open(path, "rb") as f:
        return read_po(f)


# --- the layer ----------------------------------------------------------------------------------------------------

@pytest.mark.parametrize("env,lang", [
    ({"LANG": "fr_FR.UTF-8"}, "fr"), ({"LANG": "fr_CA"}, "fr"), ({"LANG": "en_GB.UTF-8"}, "en"),
    ({"LANG": "de_DE.UTF-8"}, "en"), ({"LANG": "C.UTF-8"}, "en"), ({}, "en"),
    ({"LC_ALL": "fr_BE.UTF-8", "LANG": "en_US.UTF-8"}, "fr"), ({"LC_ALL": "C", "LANG": "fr_FR.UTF-8"}, "en"),
    ({"LC_MESSAGES": "fr_FR", "LANG": "en_US"}, "fr"), ({"LANGUAGE": "de:fr", "LANG": "en_US"}, "fr"),
    ({"LANGUAGE": "en", "LANG": "fr_FR"}, "en")])
def test_the_default_language_follows_the_os_locale(env, lang):
    assert i18n.system_language(env) == lang


def test_french_text_plurals_and_contexts():
    assert _("Settings") == "Settings"
    i18n.set_language("fr")
    assert _("Settings") == "Réglages"
    assert _("a string no catalogue has") == "a string no catalogue has"
    assert _("") == "", "not the catalogue's header"
    # French: 0 and 1 take the singular
    assert [ngettext("{n} player", "{n} players", n).format(n=n) for n in (0, 1, 2)] == [
        "0 joueur", "1 joueur", "2 joueurs"]
    assert pgettext("a context no catalogue has", "Settings") == "Settings"
    i18n.set_language("en")
    assert [ngettext("{n} player", "{n} players", n).format(n=n) for n in (0, 1, 2)] == [
        "0 players", "1 player", "2 players"]
    with pytest.raises(ValueError):
        i18n.set_language("xx")


def test_a_switch_tells_the_listeners_once():
    heard = []
    i18n.on_change(heard.append)
    try:
        i18n.set_language("fr")
        i18n.set_language("fr")
        i18n.set_language("en")
    finally:
        i18n._listeners.remove(heard.append)
    assert heard == ["fr", "en"]


@pytest.mark.parametrize("lang,money,loss,gain,number,percent,compact", [
    ("en", "$250,000", "−$5,000", "+$5,000", "1,234,567", "70%", "25K"),
    ("fr", f"250{NNBSP}000{NBSP}$", f"−5{NNBSP}000{NBSP}$", f"+5{NNBSP}000{NBSP}$", f"1{NNBSP}234{NNBSP}567",
     f"70{NBSP}%", f"25{NBSP}k")])
def test_money_and_numbers_are_written_the_language_s_way(lang, money, loss, gain, number, percent, compact):
    """Grass's dollars: "$250,000" in English (what the table printed before), "250 000 $" in French."""
    i18n.set_language(lang)
    assert i18n.format_money(250_000) == money
    assert i18n.format_money(-5_000) == loss and i18n.format_money(5_000, sign=True) == gain
    assert i18n.format_money(0, sign=True) == {"en": "$0", "fr": f"0{NBSP}$"}[lang]
    assert i18n.format_number(1_234_567) == number
    assert i18n.format_percent(70) == percent
    assert i18n.format_compact(25_000) == compact


def test_english_money_is_what_grass_printed_before():
    """Grass's own ``money`` is gone: the English table prints what it printed ("$25,000", "−$5,000", "+$5,000")."""
    assert [i18n.format_money(d) for d in (250_000, 25_000, 5_000, -5_000, 0, 1_500)] == [
        "$250,000", "$25,000", "$5,000", "−$5,000", "$0", "$1,500"]
    assert i18n.format_money(5_000, sign=True) == "+$5,000"


def test_the_pseudo_locale_wraps_accents_lengthens_and_keeps_placeholders():
    i18n.set_language(i18n.PSEUDO)
    s = _("Settings")
    assert s.startswith("⟦") and s.endswith("⟧") and "Settings" not in s
    assert all(i18n.is_pseudo_word(w) for w in re.findall(r"[^\W\d_]+", s))
    line = _("{player} wins {amount}").format(player="Ann", amount=i18n.format_money(250_000))
    assert "Ann" in line and "250" in line and "wins" not in line
    for text in ("Settings", "Resume {game}", "card games of cops, robbers and outlaws"):
        assert len(i18n.pseudo(text)) >= 1.3 * len(text)
    assert ngettext("{n} coin", "{n} coins", 2).format(n=2).startswith("⟦2 ")
    assert i18n.placeholders(_("{player} wins {amount:,}")) == {"player", "amount"}


def test_an_unknown_compiled_catalogue_falls_back_to_english(monkeypatch, tmp_path):
    monkeypatch.setattr(i18n, "locale_dir", lambda: str(tmp_path))
    i18n.set_language("fr")
    assert _("Settings") == "Settings"


# --- the catalogues -----------------------------------------------------------------------------------------------

def extracted() -> dict[tuple[str, str | None], object]:
    """What pybabel extracts from the code (babel.cfg): (id, context) -> the message (plural: a tuple)."""
    with open(ROOT / "babel.cfg", encoding="utf-8") as f:
        method_map, options_map = parse_mapping_cfg(f)
    out = {}
    for _file, _line, message, _comments, context in extract_from_dir(str(ROOT), method_map, options_map,
                                                                      keywords=DEFAULT_KEYWORDS):
        key = message[0] if isinstance(message, tuple) else message
        out[(key, context)] = message
    return out


def test_the_template_holds_every_string_of_the_code_and_nothing_else():
    """Run tools/i18n.sh after wrapping or changing a string."""
    code = extracted()
    template = read(LOCALE / "messages.pot")
    pot = {(m.id[0] if isinstance(m.id, tuple) else m.id, m.context): m.id for m in template if m.id}
    assert sorted(set(code) - set(pot), key=str) == [], "in the code, not in messages.pot: run tools/i18n.sh"
    assert sorted(set(pot) - set(code), key=str) == [], "in messages.pot, gone from the code: run tools/i18n.sh"
    assert {k: (v if isinstance(v, str) else tuple(v)) for k, v in code.items()} == {
        k: (v if isinstance(v, str) else tuple(v)) for k, v in pot.items()}, "plural forms changed"
    assert len(pot) >= 40


@pytest.mark.parametrize("po", catalogues(), ids=lambda p: p.parts[-3])
def test_each_catalogue_translates_every_string_of_the_template(po):
    """No missing, empty or fuzzy entry; each translation keeps the placeholders of its English."""
    cat, template = read(po), read(LOCALE / "messages.pot")
    problems = []
    for m in template:
        if not m.id:
            continue
        t = cat.get(m.id, m.context)
        forms = [] if t is None else ([t.string] if isinstance(t.string, str) else list(t.string))
        if t is None:
            problems.append(f"missing: {m.id!r}")
        elif t.fuzzy:
            problems.append(f"fuzzy (check it, then remove the flag): {m.id!r}")
        elif not all(forms):
            problems.append(f"untranslated: {m.id!r}")
        else:  # the same placeholders (a plural form may leave out the count: "un joueur")
            want = set().union(*(i18n.placeholders(i) for i in ([m.id] if isinstance(m.id, str) else m.id)))
            for f in forms:
                have = i18n.placeholders(f)
                if not (have == want or (len(forms) > 1 and have | {"n"} == want)):
                    problems.append(f"placeholders {sorted(have)} for {sorted(want)}: {f!r}")
    assert problems == []
    assert not cat.fuzzy, "the catalogue's header is marked fuzzy: it would not be compiled"


FRENCH_SPACING = [
    (re.compile(r"[ \u00a0][:;!?]"), "a narrow no-break space (U+202F) goes before : ; ! ?"),
    (re.compile(r"[^\s\u202f\u00a0\d/(][;!?](?:\s|$)"), "a narrow no-break space (U+202F) goes before ; ! ?"),
    (re.compile(r"\w:(?:\s|$)"), "a narrow no-break space (U+202F) goes before :"),
    (re.compile(r"«[^\u202f\u00a0]|[^\u202f\u00a0]»"), "« and » take a no-break space inside (U+202F or U+00A0)"),
    (re.compile(r"'"), "the French apostrophe is ’ (U+2019)"),
    (re.compile(r"\d [$%]"), "a no-break space (U+00A0) goes before $ and %"),
]


def test_french_typography():
    """The French catalogue spaces its punctuation the French way (glossary: docs/glossary.fr.md)."""
    problems = []
    for m in read(LOCALE / "fr" / "LC_MESSAGES" / "messages.po"):
        for s in ([m.string] if isinstance(m.string, str) else m.string) if m.id else []:
            problems += [f"{why}: {s!r}" for rx, why in FRENCH_SPACING if rx.search(s)]
    assert problems == []


def test_the_french_spacing_check_sees_plain_spaces():
    bad = ["Réglages : retour", "Prêt?", "« Heat On »", "l'accueil", "250 000 $", "Esc: back"]
    assert all(any(rx.search(s) for rx, _why in FRENCH_SPACING) for s in bad)
    good = [f"Réglages{NNBSP}: retour", f"«{NNBSP}Heat On{NNBSP}»", "l’accueil", f"250{NNBSP}000{NBSP}$",
            "↑/↓ choisir", "Touches du clavier…", "10:30"]
    assert not any(rx.search(s) for s in good for rx, _why in FRENCH_SPACING)


@pytest.mark.parametrize("po", catalogues(), ids=lambda p: p.parts[-3])
def test_the_compiled_catalogue_is_that_of_its_po(po):
    """messages.mo is committed (so a checkout, an editable install and a wheel all have it): it must be the
    compilation of messages.po (tools/i18n.sh compile)."""
    buf = io.BytesIO()
    write_mo(buf, read(po))
    mo = po.with_suffix(".mo")
    assert mo.exists() and mo.read_bytes() == buf.getvalue(), f"{mo}: run tools/i18n.sh compile"


def test_every_language_has_a_catalogue_and_names_itself():
    have = {p.parts[-3] for p in catalogues()}
    assert have == set(i18n.LANGUAGES) - {i18n.DEFAULT}
    assert i18n.LANGUAGES["fr"] == "Français"


def test_the_fonts_draw_every_catalogue_string_and_french_character(tmp_path):
    """Every string of every catalogue (English and translation), and the characters French needs, has a glyph in
    the bundled fonts, regular and bold (a missing glyph draws as an empty box)."""
    from arcade.client.render import fonts

    make_app(tmp_path)
    strings = [FRENCH_CHARS]
    for po in catalogues():
        for m in read(po):
            if m.id:
                strings += [m.id] if isinstance(m.id, str) else list(m.id)
                strings += [m.string] if isinstance(m.string, str) else list(m.string)
    assert len(strings) > 80
    missing = {(s, bold): fonts.missing_glyphs(s, bold) for s in strings for bold in (False, True)}
    assert {k: v for k, v in missing.items() if v} == {}
    for s in strings:
        assert fonts.text(s, 16).get_width() > 0


def test_the_glyph_check_sees_a_missing_glyph():
    from arcade.client.render import fonts

    pygame.init()
    assert fonts.missing_glyphs("Ω 【x】 é") == "【】"
    assert fonts.missing_glyphs("«\u202fÇa\u202f»") == ""


# --- the code -----------------------------------------------------------------------------------------------------

DRAWING = {"draw_text": (1,), "banner": (1, 2), "hint_bar": (1,), "draw_menu": (1,), "draw_toast": (1,),
           "text": (0,), "fit": (0,), "wrap": (0,), "render": (0,)}
"""Render-kit calls and which positional arguments are text a player reads."""
GETTEXT = {"_", "ngettext", "pgettext", "npgettext", "N_", "format_money", "format_number", "format_percent",
           "format_compact", "language_name"}
WORDS = re.compile(r"[A-Za-z]{2,}")


class _Literals(ast.NodeVisitor):
    """Literal English handed straight to the render kit: ``draw_text(surf, "Back", ...)``, ``f"Round {n}"``."""

    def __init__(self, path: str) -> None:
        self.path, self.stack, self.found = path, [], []

    def _scope(self, node):
        self.stack.append(node.name)
        self.generic_visit(node)
        self.stack.pop()

    visit_ClassDef = visit_FunctionDef = visit_AsyncFunctionDef = _scope

    def _text(self, node) -> list[str]:
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return [node.value] if WORDS.search(node.value) else []
        if isinstance(node, ast.JoinedStr):
            return [v for p in node.values for v in self._text(p)]
        if isinstance(node, ast.FormattedValue):
            return self._text(node.value)
        if isinstance(node, (ast.List, ast.Tuple)):
            return [v for e in node.elts for v in self._text(e)]
        if isinstance(node, ast.BinOp):
            return self._text(node.left) + self._text(node.right)
        if isinstance(node, ast.IfExp):
            return self._text(node.body) + self._text(node.orelse)
        return []  # a call (_() among them), a name: not a literal here

    def visit_Call(self, node):
        name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
        for k in DRAWING.get(name, ()):
            if k < len(node.args):
                for s in self._text(node.args[k]):
                    self.found.append((f"{self.path}::{'.'.join(self.stack)}", node.lineno, s))
        self.generic_visit(node)


def arcade_files():
    for p in sorted((ROOT / "arcade").rglob("*.py")):
        yield p.relative_to(ROOT).as_posix(), p.read_text(encoding="utf-8")


def allowed(source: str) -> bool:
    return any(source.startswith(prefix) for prefix in UNCONVERTED)


def literal_findings() -> list[tuple[str, int, str]]:
    out = []
    for path, src in arcade_files():
        v = _Literals(path)
        v.visit(ast.parse(src))
        out += v.found
    return out


def test_no_literal_english_is_handed_to_the_render_kit():
    """A string a player reads goes through ``_()`` where it is drawn (or where it is made): a literal passed to
    draw_text, banner, hint_bar, draw_menu, draw_toast, text, fit, wrap or Font.render is a string gettext never
    sees. Code still listed in tests/i18n_allowlist.py is passed over."""
    found = [f"{src}:{line}: {s!r}" for src, line, s in literal_findings() if not allowed(src)]
    assert found == []


def test_the_literal_check_sees_literals():
    v = _Literals("x.py")
    v.visit(ast.parse('def f():\n draw_text(s, "Back", p)\n draw_text(s, _("Back"), p)\n'
                      ' hint_bar(s, [f"Esc {k}", "↑/↓"])\n banner(s, name, "Choose a game")\n'))
    assert [(src, s) for src, _line, s in v.found] == [("x.py::f", "Back"), ("x.py::f", "Esc "),
                                                       ("x.py::f", "Choose a game")]


_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef, ast.ListComp, ast.SetComp, ast.DictComp,
           ast.GeneratorExp)


def _binds_underscore(scope) -> list[int]:
    """Lines where ``scope`` itself (not a nested scope) binds the name ``_``."""
    out = []
    todo = list(ast.iter_child_nodes(scope))
    if isinstance(scope, (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)):
        todo = [g.target for g in scope.generators]
    while todo:
        n = todo.pop()
        if isinstance(n, ast.Name) and n.id == "_" and isinstance(n.ctx, (ast.Store, ast.Del)):
            out.append(n.lineno)
        elif isinstance(n, ast.arg) and n.arg == "_":
            out.append(n.lineno)
        elif isinstance(n, ast.ExceptHandler) and n.name == "_":
            out.append(n.lineno)
        if not isinstance(n, _SCOPES):
            todo.extend(ast.iter_child_nodes(n))
    return out


def shadowed_gettext(src: str) -> list[int]:
    """Lines binding ``_`` in a scope that also calls ``_`` (or holds a nested scope that does): there ``_()`` is
    no longer gettext (``for _ in range(3)`` then ``_("Back")``: a TypeError or an UnboundLocalError)."""
    tree = ast.parse(src)
    bad = []
    for scope in [tree] + [n for n in ast.walk(tree) if isinstance(n, _SCOPES)]:
        lines = _binds_underscore(scope)
        uses = any(isinstance(n, ast.Name) and n.id == "_" and isinstance(n.ctx, ast.Load) for n in ast.walk(scope))
        if lines and uses:
            bad += lines
    return sorted(bad)


def test_gettext_s_underscore_is_never_shadowed():
    """In a module that imports ``_`` from arcade.core.i18n, no scope that calls ``_()`` also uses ``_`` as a
    throwaway name (use ``_i``, ``_x``...)."""
    bad = [f"{path}:{ln}" for path, src in arcade_files() if imports_gettext(ast.parse(src))
           for ln in shadowed_gettext(src)]
    assert bad == []


def imports_gettext(tree) -> bool:
    return any(isinstance(n, ast.ImportFrom) and n.module == "arcade.core.i18n" and any(a.name == "_" for a in n.names)
               for n in ast.walk(tree))


def test_the_shadow_check_sees_a_throwaway_underscore():
    assert shadowed_gettext("from x import _\ndef f():\n    for _ in range(3):\n        pass\n    return _('a')\n") == [3]
    assert shadowed_gettext("from x import _\ndef f():\n    a, _, b = 'x:y'.partition(':')\n    return a\n"
                            "def g():\n    return [0 for _ in range(2)] + [_('b')]\n") == []


# --- the client ---------------------------------------------------------------------------------------------------

def title_texts(app) -> list[str]:
    from arcade.client.render.audit import TextAudit

    with TextAudit() as audit:
        app.top.draw(pygame.Surface((1280, 720)), 1.0)
    return [d.text for d in audit.drawn]


def test_settings_language_switches_the_title_at_once_and_is_saved(tmp_path):
    """Settings → Language, → on it: the settings screen is French on its next frame, and so is the title behind
    it; the choice is saved and the next start opens in French."""
    from arcade.client.scenes.settings import SettingsScene
    from arcade.client.settings import load_settings

    app = make_app(tmp_path)
    assert "Settings" in title_texts(app) and i18n.language() == "en"
    settings = SettingsScene(app)
    app.push(settings)
    k = SettingsScene.ROWS.index("language")
    row = [k for k, (label, _v) in enumerate(settings.rows()) if label == "Language"]
    assert row == [k] and settings.rows()[k][1] == "English"
    settings.sel = k
    app.opts.input_script = __import__("client_helpers").script(f"{app.ticks + 1} d\n")
    run_ticks(app, 3)
    assert i18n.language() == "fr" and settings.rows()[k] == ("Langue", "Français")
    app.pop()
    texts = title_texts(app)
    assert {"Réglages", "Quitter", "Apprendre à jouer", "GRISBI ARCADE"} <= set(texts)
    assert "Settings" not in texts and "Quit" not in texts
    app.save_settings()
    assert load_settings(tmp_path / "config").language == "fr"
    i18n.set_language("en")
    again = make_app(tmp_path)
    assert i18n.language() == "fr" and "Réglages" in title_texts(again)


def test_the_mouse_switches_the_language_on_its_arrows(tmp_path):
    """Click ▶ on the Language row: French; click ◀: English again (the row's arrows, as the other rows')."""
    from arcade.client.render.widgets import W
    from arcade.client.scenes.settings import SettingsScene
    from test_mouse_and_window import click

    app = make_app(tmp_path)
    settings = SettingsScene(app)
    app.push(settings)
    row = settings.row_rects()[SettingsScene.ROWS.index("language")]
    click(app, (W // 2 + 390, row.centery))
    assert i18n.language() == "fr" and app.settings.language == "fr"
    click(app, (W // 2 + 30, row.centery))
    assert i18n.language() == "en" and app.settings.language == "en"


def test_a_screen_switched_at_run_time_equals_one_drawn_fresh_in_that_language(tmp_path):
    """No cache keeps the old language: the title and settings drawn after switching are, pixel for pixel, those
    drawn once every cache is emptied."""
    from arcade.client.scenes.settings import SettingsScene
    from scene_walk import clear_caches

    app = make_app(tmp_path)
    settings = SettingsScene(app)
    for lang in ("fr", i18n.PSEUDO, "en"):
        shots = []
        for fresh in (False, True):
            if fresh:
                clear_caches()
            else:
                for scene in (app.top, settings):
                    scene.draw(pygame.Surface((1280, 720)), 1.0)  # drawn (and cached) in the language before
                i18n.set_language(lang)
            pics = []
            for scene in (app.top, settings):
                surf = pygame.Surface((1280, 720))
                scene.draw(surf, 1.0)
                pics.append(pygame.image.tobytes(surf, "RGB"))
            shots.append(pics)
        assert shots[0] == shots[1], lang


def test_settings_keep_only_a_known_language(tmp_path):
    import msgpack

    from arcade.client.settings import load_settings

    folder = tmp_path / "cfg"
    folder.mkdir()
    (folder / "settings.msgpack").write_bytes(msgpack.packb({"language": "xx", "volume": 3}))
    s = load_settings(folder)
    assert s.language == "" and s.volume == 3 and "language" in s.notice
    (folder / "settings.msgpack").write_bytes(msgpack.packb({"language": "fr"}))
    assert load_settings(folder).language == "fr"


@pytest.mark.parametrize("args,lang", [(["--lang", "fr"], "fr"), (["--lang", "en"], "en"), ([], "fr")])
def test_the_lang_option_wins_over_the_system_s_language(tmp_path, args, lang):
    """``--lang`` over the OS locale (here French) for this run; the title's texts are in that language."""
    import os

    shot = tmp_path / "t.png"
    env = dict(os.environ, LANG="fr_FR.UTF-8", GRISBI_ARCADE_HOME=str(tmp_path / "home"))
    code = ("import sys; from arcade.client import cli; from arcade.client.render import fonts; from arcade.core "
            "import i18n; r = cli.main(sys.argv[1:]); print(i18n.language()); sys.exit(r)")
    out = subprocess.run([sys.executable, "-c", code, "--headless", "--frames", "3", "--screenshot", str(shot), *args],
                         capture_output=True, text=True, env=env, cwd=ROOT, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split()[-1] == lang
    assert shot.exists()


def test_an_unknown_lang_is_a_one_line_error():
    from arcade.client import cli

    out = subprocess.run([sys.executable, "-m", "arcade", "--headless", "--lang", "xx"], capture_output=True,
                         text=True, cwd=ROOT, timeout=60)
    assert out.returncode == 2 and len(out.stderr.strip().splitlines()) == 1 and "--lang" in out.stderr
    assert cli.build_parser().parse_args(["--lang", "fr"]).lang == "fr"
