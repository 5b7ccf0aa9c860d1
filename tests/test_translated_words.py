"""The words the core and the games' pure modules give the screens, in the player's language (issue 30): seat names
and devices, who won, a replay's result (kept in English in the file, worded again in the list), moves as the
action lists say them, option labels, and the notices of a damaged settings file."""

from __future__ import annotations

import pytest

from arcade.core import i18n
from arcade.core.i18n import _
from arcade.core.match import Match, SeatSpec, parse_seats
from arcade.core.results import result_label, seat_name_words, shown_label
from arcade.games import REGISTRY, definition_of

NNBSP = "\u202f"


class Scripted:
    """A rules stand-in: fixed winners and the teams a Grisbi-like state carries."""

    def __init__(self, win, teams=None):
        self.win, self.teams = win, teams

    def winners(self, state):
        return self.win


def label(win, teams=None, game="grisbi", english=False):
    spec = definition_of(game).spec
    tr = i18n.N_ if english else _
    names = [seat_name_words("bot" if k % 2 else "human", k, tr) for k in range(4)]
    state = type("S", (), {"teams": teams})() if teams is not None else object()
    return result_label(Scripted(win), state, names, spec.teams if teams is not None else (), spec.team_won,
                        tr)


@pytest.mark.parametrize("win,teams,en,fr", [
    ((0, 2), (0, 1, 0, 1), "Robbers won", "Les Voleurs gagnent"),
    ((1,), (0, 1, 0, 1), "Police won", "La Police gagne"),
    ((1,), None, "Bot 2 won", "Bot 2 gagne"),
    ((0, 1, 2), None, "Draw: Player 1, Bot 2 and Player 3", f"Égalité{NNBSP}: Joueur 1, Bot 2 et Joueur 3"),
])
def test_who_won_in_each_language_and_in_the_replay_list(win, teams, en, fr):
    """The results title in English and French; the replay keeps the English words, and the Replays list shows them
    in the player's language exactly as the results said them."""
    spec = definition_of("grisbi").spec
    assert label(win, teams) == en
    i18n.set_language("fr")
    assert label(win, teams) == fr
    recorded = label(win, teams, english=True)
    assert recorded == en, "the file keeps English whatever the player's language"
    assert shown_label(recorded, spec.teams, spec.team_won) == fr
    i18n.set_language("en")
    assert shown_label(recorded, spec.teams, spec.team_won) == en
    assert shown_label("Ann won") == "Ann won" and shown_label("something else") == "something else"


def test_cops_and_robbers_words_each_team_s_win():
    spec = definition_of("cops_and_robbers").spec
    i18n.set_language("fr")
    assert shown_label("Cops won", spec.teams, spec.team_won) == "Les Flics gagnent"
    assert shown_label("Robbers won", spec.teams, spec.team_won) == "Les Voleurs gagnent"


def test_a_finished_match_records_english_and_names_seats_in_the_player_s_language():
    match = Match("grit", parse_seats("human,bot"), 3)
    i18n.set_language("fr")
    assert [match.seat_name(s) for s in (0, 1)] == ["Joueur 1", "Bot 2"]
    assert [match.seat_name(s, english=True) for s in (0, 1)] == ["Player 1", "Bot 2"]
    assert [s.label for s in parse_seats("human:wasd,human:arrows,pad:0,mouse,bot:hard,remote")] == [
        "Touches WASD", "Flèches", "Manette 1", "Souris", "Bot (difficile)", "Joueur distant"]


def test_moves_are_described_in_french():
    """What the action lists and the logs show of a move, for each game (a legal move of a fresh deal)."""
    i18n.set_language("fr")
    from arcade.games.cops_and_robbers.rules import Attack, Draw, Respond
    from arcade.games.grenade.rules import Throw
    from arcade.games.grisbi import CARDS
    from arcade.games.grit.rules import ChooseFirst

    cr, grenade, grisbi, grit = (definition_of(g).describe_action for g in ("cops_and_robbers", "grenade", "grisbi",
                                                                           "grit"))
    assert cr(Draw()) == "piocher une carte" and cr(Attack(3, 2)) == "attaque 3 sur Joueur 3"
    assert cr(Respond(0, 0)) == "ne rien ajouter, utiliser tous les boucliers"
    assert grenade(Throw(1)) == "déplacer la grenade 2"
    assert grit(ChooseFirst(1)) == "J2 pose en premier"
    assert grisbi(0) == "rien" and grisbi(len(CARDS)) == "poser Fourgon blindé"
    keys = next(c for c in CARDS if c.team == "robbers" and c.main == "keys" and c.points == 2)
    assert grisbi(keys.id + 1) == "poser Action clés des Voleurs (2)"
    stop = next(c for c in CARDS if c.kind == "stop" and c.team == "police")
    assert grisbi(stop.id + 1).startswith("poser Stop de la Police (")
    rules = definition_of("grass").rules
    s = rules.initial_state(3, 3)
    seat = next(iter(rules.to_act(s)))
    said = [definition_of("grass").describe_action(a) for a in rules.legal_actions(s, seat)]
    i18n.set_language("en")
    english = [definition_of("grass").describe_action(a) for a in rules.legal_actions(s, seat)]
    assert said != english and all(said)


def test_option_labels_and_help_are_marked_for_translation():
    """Every setup row's label, value and help is in the French catalogue (shown with ``_()`` by seat setup)."""
    i18n.set_language("fr")
    i18n.MISSING = missing = set()
    try:
        for spec in (definition_of(g).spec for g in REGISTRY):
            for o in spec.options:
                for text in (o.label, *o.labels, o.help):
                    _(text)
    finally:
        i18n.MISSING = None
    assert missing == set()


def test_a_damaged_settings_file_is_reported_in_the_language_it_chose(tmp_path):
    """A settings file choosing French with a bad value: the title's notice is French (worded when asked for,
    after the file's language is known)."""
    import msgpack

    from client_helpers import make_app

    cfg = tmp_path / "config"
    cfg.mkdir()
    (cfg / "settings.msgpack").write_bytes(msgpack.packb({"language": "fr", "volume": 99}))
    app = make_app(tmp_path)
    assert i18n.language() == "fr"
    assert app.notice == f"Certains réglages étaient invalides (volume){NNBSP}; valeurs par défaut pour ceux-là."
    i18n.set_language("en")
    assert app.settings.notice == "Some settings were invalid (volume); defaults used for those."
