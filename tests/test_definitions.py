"""One typed game object per game (issue 26): every registered game has a complete ``GameDefinition`` whose parts
work together, specs hold plain data (no "module:name" strings), no code reads a game module's attributes by name,
and the tick-input rule is written once."""

from __future__ import annotations

import ast
import dataclasses
import re
from pathlib import Path

import pytest

from arcade.core.bots import decision_rng
from arcade.core.definition import GameDefinition
from arcade.core.rng import Rng
from arcade.games import REGISTRY, definition_of

ROOT = Path(__file__).resolve().parent.parent
FIVE = ["grisbi", "grit", "grenade", "grass", "cops_and_robbers"]
MODULE_REF = re.compile(r"^[A-Za-z_][\w.]*:[A-Za-z_]\w*$")


def test_the_five_games_are_registered_by_their_definitions_in_title_order():
    assert list(REGISTRY) == FIVE
    for gid in REGISTRY:
        d = definition_of(gid)
        assert isinstance(d, GameDefinition) and d.id == gid == d.spec.id == d.rules.id
        assert REGISTRY[gid] is d.rules


@pytest.mark.parametrize("gid", FIVE)
def test_every_part_of_a_definition_works_on_a_fresh_deal(gid, tmp_path):
    from arcade.client.table import TableScene
    from client_helpers import make_app

    d = definition_of(gid)
    rules, players = d.rules, d.spec.demo_players
    state = rules.initial_state(5, players, **d.spec.options_for_count(players))
    seat = 0
    while not d.turn_based and not rules.legal_actions(state, seat):  # Grisbi: past the START countdown
        state = rules.step(state, (0,) * players)
    legal = list(rules.legal_actions(state, seat))
    view = rules.view(state, seat)
    if d.turn_based:
        seat = min(rules.to_act(state))
        legal, view = list(rules.legal_actions(state, seat)), rules.view(state, seat)
        assert d.choose(view, legal, decision_rng(5, seat, 0), "normal") in legal
        assert d.bot is None
    else:
        bot = d.bot(seat, "normal", 5)
        assert bot.input(view, legal, 0) in [0, *legal]
        assert d.choose is None
    assert legal and all(isinstance(d.describe_action(a), str) and d.describe_action(a) for a in legal)
    redealt = d.sample_hidden(state, seat, Rng.from_seed(9))
    assert rules.view(redealt, seat) == view, "what the seat sees stays as it was"
    assert issubclass(d.load_table(), TableScene)
    make_app(tmp_path)  # a display for the card art
    art = d.load_card_art()
    assert art(d.spec.title_card) is not None, "the title card is drawn by the game's card art"
    assert "#" in d.rules_text()
    tut = d.tutorial
    assert tut is not None and tut.seats.startswith("human") and callable(tut.coach)


def _strings(value):
    if isinstance(value, str):
        yield value
    elif dataclasses.is_dataclass(value):
        for f in dataclasses.fields(value):
            yield from _strings(getattr(value, f.name))
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(k)
            yield from _strings(v)
    elif isinstance(value, (tuple, list)):
        for v in value:
            yield from _strings(v)


@pytest.mark.parametrize("gid", FIVE)
def test_a_spec_holds_plain_data_and_no_module_name_reference(gid):
    refs = [s for s in _strings(definition_of(gid).spec) if MODULE_REF.match(s)]
    assert refs == []
    assert MODULE_REF.match("arcade.games.grit.table.scene:Table"), "the pattern finds the old references"


def _py_files():
    for folder in ("arcade", "tools"):
        yield from sorted((ROOT / folder).rglob("*.py"))


GAME_ATTRIBUTES = {"RULES", "choose", "Bot", "describe_action", "sample_hidden", "done", "wanted", "refuse", "card_art",
                   "Table", "TutorBot", "result_text"}


def test_no_code_reads_a_game_module_attribute_by_name():
    found = []
    for path in _py_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id in ("getattr", "hasattr")
                    and len(node.args) >= 2 and isinstance(node.args[1], ast.Constant)
                    and node.args[1].value in GAME_ATTRIBUTES):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []


def _is_call_of(node, name: str) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == name


def _one(node) -> bool:
    return isinstance(node, ast.Constant) and node.value == 1


def test_the_tick_input_rule_is_written_once():
    """``encode_action(a) + 1`` / ``decode_action(n - 1)`` are spelled out nowhere in arcade/ and tools/: every
    action <-> tick input goes through the tick adapter (``action_input`` / ``input_action``)."""
    found = []
    for path in _py_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            plus = isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add) and (
                (_is_call_of(node.left, "encode_action") and _one(node.right))
                or (_is_call_of(node.right, "encode_action") and _one(node.left)))
            minus = _is_call_of(node, "decode_action") and any(
                isinstance(a, ast.BinOp) and isinstance(a.op, ast.Sub) and _one(a.right) for a in node.args)
            if plus or minus:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert found == []


def test_the_setup_screen_reads_teams_and_a_setting_started_option_from_the_spec(tmp_path):
    """Grisbi's spec says its teams are chosen at the table and its assist starts as the player's setting says;
    Cops & Robbers has teams the rules give; no game id decides it."""
    from arcade.client.scenes.setup import SeatSetupScene
    from arcade.core.match import SpecError, parse_seats, seat_teams
    from client_helpers import make_app

    app = make_app(tmp_path)
    app.settings.grisbi_finished = 1  # not a new player's first match (that one starts gentle, assist on)
    grisbi, cr = SeatSetupScene(app, "grisbi"), SeatSetupScene(app, "cops_and_robbers")
    assert [grisbi.seat_label(i) for i in range(3)] == ["Seat 1 (Robbers)", "Seat 2 (Police)", "Seat 3 (Robbers)"]
    assert [cr.seat_label(i) for i in range(2)] == ["Player 1", "Player 2"] and not cr.seat_team
    grisbi.activate("seat1", start=False)
    assert grisbi.seat_label(1) == "Seat 2 (Robbers)"
    assert grisbi.options()["assist"] is False
    app.settings.grisbi_assist = True
    assert SeatSetupScene(app, "grisbi").options()["assist"] is True
    assert seat_teams("grisbi", parse_seats("bot@police,bot@robbers,bot", 2, 8)) == {"teams": "police,robbers,robbers"}
    with pytest.raises(SpecError, match="no teams to choose"):
        seat_teams("cops_and_robbers", parse_seats("bot@cops,bot,bot,bot", 4, 6))


def test_a_game_is_found_one_way():
    """Issue 35: ``definition_of(id)`` finds a game (``REGISTRY`` says which games there are); the seven other public
    lookups are gone, and an unknown id is a KeyError that names it and the registered games."""
    import arcade.core
    import arcade.core.registry
    import arcade.games

    for name in ("SPECS", "DEFINITIONS", "GAME_IDS", "GAME_NAMES", "spec_of", "game_module"):
        assert not hasattr(arcade.games, name), f"arcade.games.{name} is another way to look a game up"
    for name in ("SPECS", "DEFINITIONS"):
        assert name not in arcade.core.__all__ and not hasattr(arcade.core.registry, "SPECS")
    with pytest.raises(KeyError, match="'chess'.*grisbi"):
        definition_of("chess")


def test_no_module_outside_the_registry_spells_a_removed_lookup():
    """Client, tools and tests reach a game through ``definition_of``/``REGISTRY`` only."""
    removed = re.compile(r"\b(SPECS|DEFINITIONS|GAME_IDS|GAME_NAMES|spec_of|game_module)\b")
    here = Path(__file__).resolve()
    for path in [*(ROOT / "arcade").rglob("*.py"), *(ROOT / "tools").rglob("*.py"), *(ROOT / "tests").rglob("*.py")]:
        if path == here or path == ROOT / "arcade/core/registry.py":
            continue
        hits = [n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if removed.search(line)]
        assert not hits, f"{path.relative_to(ROOT)}:{hits[0]} looks a game up another way"


@pytest.mark.parametrize("gid", FIVE)
def test_every_term_of_a_game_s_glossary_reads_in_french(gid):
    """The glossary is data (``terms.toml``): each title and text reaches the catalogue and shows translated."""
    import importlib

    from arcade.core import i18n

    terms = importlib.import_module(f"arcade.games.{gid}.terms")
    assert len(terms.TERMS) >= 5
    try:
        i18n.set_language("fr")
        for key, (title, text) in terms.TERMS.items():
            shown = terms.term(key)
            assert shown[1] != text and shown[0], f"{gid}: {key!r} is not translated"
    finally:
        i18n.set_language("en")
    assert terms.term(next(iter(terms.TERMS))) == next(iter(terms.TERMS.values()))
    with pytest.raises(KeyError):
        terms.term("no such term")


def test_a_glossary_file_that_does_not_fit_is_an_error_naming_it(tmp_path):
    from arcade.core.glossary import read_glossary

    good = tmp_path / "terms.toml"
    good.write_text('[hooks]\ntitle = "Hooks"\ntext = "The four small pictures."\n', encoding="utf-8")
    assert read_glossary(good) == {"hooks": ("Hooks", "The four small pictures.")}
    bad = tmp_path / "bad.toml"
    bad.write_text('[hooks]\ntitle = "Hooks"\n', encoding="utf-8")
    with pytest.raises(ValueError, match="bad.toml.*'hooks'"):
        read_glossary(bad)
