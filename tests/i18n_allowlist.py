"""What phase 2 of the translation (issue 30) still has to convert. The language tests (``test_i18n.py``,
``test_languages.py``) pass over these entries, and fail on an entry that is no longer needed, so the lists only
shrink: when you convert a file, delete its lines here. Phase 2 is done when both lists are empty.

``UNCONVERTED``: code that still draws text not wrapped in ``_()``. An entry is a prefix of the drawing code's
``path::qualname`` as ``render.audit.TextLog`` names it: a whole file (``arcade/client/scenes/lan_lobby.py``) or a
class, method or function in it (``arcade/client/scenes/setup.py::SeatSetupScene``). Used by the pseudo-locale scene
walk (words drawn without ``_()``) and by the static check of literal strings handed to the render kit.

``LAYOUT``: screens of the scene walk (names from ``tests/scene_walk.py``: "setup grisbi", "grass table",
"grit results"...; an entry is a prefix) whose text does not fit yet in a language (cut, overlapping, off the
picture, unreadable): ``{language: [screen prefix, ...]}``; "<language> <size>%" for a larger text size
(``test_languages.test_every_screen_fits_at_a_larger_text_size``).
"""

UNCONVERTED: list[str] = [
]

LAYOUT: dict[str, list[str]] = {
    # Settings → Display… → Text size (issue 36): screens not yet laid out for 125 % / 150 % text
    "en 125%": [],
    "en 150%": [],
    "fr 125%": [],
    "fr 150%": [],
}
