"""One English term, one French term (issue 36, the French review): the French catalogue translates each term of
``docs/glossary.fr.md``'s checked table the one way the glossary gives, and Grass speaks the French rulebook's words
(bonus, négociation, malus, pile « grass », « Heat On »), in the catalogue and on the French rules page."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = ROOT / "docs" / "glossary.fr.md"
PO = ROOT / "arcade" / "locale" / "fr" / "LC_MESSAGES" / "messages.po"
HEADING = "## One French word per term (checked)"


def plain(text: str) -> str:
    """``text`` lower-cased, its no-break spaces as spaces and its apostrophes as ’ (how the table is compared)."""
    return text.replace("\u202f", " ").replace("\u00a0", " ").replace("'", "’").lower()


def cells(line: str) -> list[str]:
    """A Markdown table row's cells, ``\\|`` kept as a ``|`` inside a cell, code ticks removed."""
    parts = re.split(r"(?<!\\)\|", line.strip())[1:-1]
    return [p.strip().replace("\\|", "|").strip("`") for p in parts]


def rows() -> list[tuple[str, list[str], str, str]]:
    """The checked table: (English pattern, French words, never pattern, game) per row."""
    text = GLOSSARY.read_text(encoding="utf-8")
    assert HEADING in text, f"{GLOSSARY.name} has no section {HEADING!r}"
    out = []
    for line in text.split(HEADING, 1)[1].splitlines():
        if line.startswith("## "):
            break
        if not line.startswith("|") or line.startswith("|---"):
            continue
        english, french, never, game = cells(line)
        if english.startswith("English"):
            continue
        out.append((english, [plain(w.strip()) for w in french.split("|") if w.strip()], never, game))
    return out


def entries() -> list[tuple[str, str, list[str]]]:
    """Every translated message of the French catalogue: (English, French, files), a plural once per form."""
    with open(PO, "rb") as f:
        cat = read_po(f)
    out = []
    for m in cat:
        if not m.id:
            continue
        files = sorted({loc for loc, _line in m.locations})
        ids = m.id if isinstance(m.id, tuple) else (m.id,)
        strs = m.string if isinstance(m.string, tuple) else (m.string,)
        out += [(ids[min(k, len(ids) - 1)], s, files) for k, s in enumerate(strs)]
    return out


def test_the_checked_table_is_there_and_each_row_matches_some_message():
    table = rows()
    assert len(table) >= 15
    msgs = entries()
    for english, _french, _never, game in table:
        hits = [e for e, _s, files in msgs if re.search(english, e, re.I) and
                (game == "all" or any(f"/{game}/" in f for f in files))]
        assert hits, f"glossary row {english!r} ({game}) matches no message: a stale row"


@pytest.mark.parametrize("english,french,never,game", rows(), ids=lambda v: v if isinstance(v, str) else None)
def test_one_english_term_has_one_french_translation(english, french, never, game):
    wrong = []
    for msgid, msgstr, files in entries():
        if game != "all" and not any(f"/{game}/" in f for f in files):
            continue
        if not re.search(english, msgid, re.I):
            continue
        fr = plain(msgstr)
        if not any(w in fr for w in french) or (never and re.search(never, fr, re.I)):
            wrong.append(f"{msgid!r} -> {msgstr!r}")
    assert not wrong, (f"{english!r} must be translated {' / '.join(french)!r} (docs/glossary.fr.md), never "
                       f"{never!r}:\n" + "\n".join(wrong))


def test_grass_card_names_in_running_french_text_are_in_guillemets():
    """The glossary's rule for Grass: a card's printed name inside a French sentence stands in « » (« Bust »), as in
    the rulebook; a bare label (a menu's "{card}:", a tooltip's title) shows it as printed."""
    wrong = []
    for msgid, msgstr, files in entries():
        if not any("/grass/" in f for f in files):
            continue
        for name in re.findall(r"\{(card|cards|heat)\}", msgid):
            words = re.sub(r"\{\w+\}", "", msgid)
            if re.search(r"[a-z]{3}", words) and f"«\u202f{{{name}}}\u202f»" not in msgstr:
                wrong.append(f"{msgid!r} -> {msgstr!r}")
    assert not wrong, "\n".join(wrong)


def test_the_french_grass_rules_page_speaks_the_rulebook_s_words():
    """howto.fr.md: « bonus », « négociation », « malus », pile « grass », « Heat On » feminine, the Heat On/Off
    names glossed in French as the rulebook does; never prime, échange (the trade), pénalité, pression."""
    page = plain((ROOT / "arcade" / "games" / "grass" / "howto.fr.md").read_text(encoding="utf-8"))
    for word in ("bonus", "négociation", "malus", "pile « grass »", "faillite", "en détention", "crime",
                 "perquisition et saisie", "immunité", "déposition d’un tiers", "un vent de liberté",
                 "abandon des charges"):
        assert word in page, f"howto.fr.md does not say {word!r}"
    for word in (r"\bprime\b", r"\bles échanges\b", r"pénalité", r"pression", r"\bun « heat on »", r"\ble « heat"):
        assert not re.search(word, page), f"howto.fr.md says {word!r}"


def test_no_coach_sentence_is_split_over_two_messages():
    """One msgid per sentence (docs/i18n.md rule 3): a coach's or a tutorial's line never ends mid-sentence (a comma,
    a colon with nothing after) nor starts as the end of another one ("or …", "and …", "before …"), so the French
    coach never breaks a sentence where the English did (the review's « …au-delà de 21, ⏎ ou amenez… »)."""
    split = [msgid for msgid, _s, files in entries()
             if any(f.endswith(("coach.py", "tutorial.py")) for f in files)
             and (re.search(r"[,:;]\s*$", msgid) or re.match(r"(or|and|but|then|before)\s|\([a-z]", msgid))]
    assert not split, "\n".join(split)
