import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


import tempfile

os.environ["GRISBI_ARCADE_HOME"] = tempfile.mkdtemp(prefix="grisbi-arcade-tests-")

# The tests read the English text: a developer's French locale must not change what the screens say (the language
# tests set their language themselves). Programs the tests start inherit this environment.
for _var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
    os.environ.pop(_var, None)
os.environ["LANG"] = "C.UTF-8"

import pytest  # noqa: E402

import arcade.games  # noqa: E402,F401  registers the games: core code looks them up and never imports arcade.games


@pytest.fixture(autouse=True)
def _english():
    """Each test starts in English, whatever language an earlier test switched to."""
    from arcade.core import i18n

    i18n.set_language("en")
    yield
    i18n.set_language("en")
