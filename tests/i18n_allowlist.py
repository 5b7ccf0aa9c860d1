"""What phase 2 of the translation (issue 30) still has to convert. The language tests (``test_i18n.py``,
``test_languages.py``) pass over these entries, and fail on an entry that is no longer needed, so the lists only
shrink: when you convert a file, delete its lines here. Phase 2 is done when both lists are empty.

``UNCONVERTED``: code that still draws text not wrapped in ``_()``. An entry is a prefix of the drawing code's
``path::qualname`` as ``render.audit.TextLog`` names it: a whole file (``arcade/client/scenes/lan.py``) or a class,
method or function in it (``arcade/client/scenes/menus.py::SeatSetupScene``). Used by the pseudo-locale scene walk
(words drawn without ``_()``) and by the static check of literal strings handed to the render kit.

``LAYOUT``: screens of the scene walk (names from ``tests/scene_walk.py``: "setup grisbi", "grass table",
"grit results"...; an entry is a prefix) whose text does not fit yet in a language (cut, overlapping, off the
picture, unreadable): ``{language: [screen prefix, ...]}``.
"""

UNCONVERTED: list[str] = [
    # the results' column and notes the game's table words (engineer tables' pass)
    "arcade/client/scenes/menus.py::ResultsScene.draw_table_words",
    "arcade/client/scenes/table.py",
    "arcade/games/cops_and_robbers/table/art.py",
    "arcade/games/cops_and_robbers/table/panels.py",
    "arcade/games/cops_and_robbers/table/scene.py",
    "arcade/games/grass/table/art.py",
    "arcade/games/grass/table/panels.py",
    "arcade/games/grass/table/scene.py",
    "arcade/games/grenade/table/scene.py",
    "arcade/games/grisbi/table/art.py",
    "arcade/games/grisbi/table/cards.py",
    "arcade/games/grisbi/table/panels.py",
    "arcade/games/grisbi/table/scene.py",
    "arcade/games/grit/table/scene.py",
]

LAYOUT: dict[str, list[str]] = {
    # a seat's name and device ("Player 1 (WASD keys)") cut in the top seat's area; in the pseudo-locale the seat's
    # name (translated now: "Player 1") and "(you)" too (the Grass table's seat area, engineer tables' pass)
    "en": ["grass 2 humans table"],
    # the table's hint bar: its key names are translated now, the rest of the line is the tables' pass
    "fr": ["grass 2 humans table", "cops_and_robbers table", "cops_and_robbers tutorial"],
    "pseudo": ["grass 2 humans table", "grass results", "grass table", "grass tutorial",
               "grit table", "grit tutorial", "cops_and_robbers table", "cops_and_robbers tutorial", "title: resume",
               # a LAN Grit table's hint bar: the table's mouse hint, untranslated, runs longer than the bar with the
               # LAN keys' hints (the tables' pass, as "grit table")
               "lan table"],
}
