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


@pytest.hookimpl(trylast=True)  # after -k / -m have deselected
def pytest_collection_modifyitems(session, config, items):
    """Two long runs that mostly wait start as soon as they are known to be wanted and run beside the other tests,
    one after the other: the soak (``tests/test_soak.py``, a processor's worth for about 70 s), then the matches of
    the simulated internet (``tests/test_internet_namespaces.py``, real-time programs: about 55 s, 60 % of a
    processor). Their tests read the results."""
    from test_internet_namespaces import start_in_background
    from test_soak import SOAK_TEST, soak_ended, start_soak

    if any(item.name == SOAK_TEST for item in items):
        start_soak()
    if any(item.path.name == "test_internet_namespaces.py" for item in items):
        start_in_background(after=soak_ended)


def pytest_sessionfinish(session, exitstatus):
    from test_internet_namespaces import stop_background
    from test_soak import stop_soak

    stop_soak()
    stop_background()
