import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


import functools
import re
import tempfile
from pathlib import Path

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


IN_CI = os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")
"""CI (``.ci/run``, ``CI=true``): a test that cannot run here (a missing tool, no X server, no permission for
network namespaces, a missing dependency) FAILS the run, with its reason, instead of skipping: green means run."""


@pytest.fixture(scope="session")
def pace():
    """How much slower than the reference machine this run goes right now (``tests/pace.py``): timing bounds are
    ``pace.wall(seconds)`` / ``pace.cpu(seconds)``, measured in the same run, not wall-clock constants."""
    from pace import PACE

    return PACE


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups
def pytest_collection_modifyitems(session, config, items):
    """Nothing starts here (issue 35): collecting is reading the files. Two things only, both bookkeeping:

    - with ``pytest-xdist`` (``-n 2 --dist loadgroup``, what ``.ci/run`` runs), tests are grouped
      (``xdist_group``) so that one worker runs a group in turn: the tests of a module with a module fixture (an X
      server, a simulated LAN or internet, a waiting host: built once), and every test that uses the run's loopback
      network (the LAN discovery port is one port: two LAN tests at once would hear each other). Other tests are
      spread one by one;
    - the long ones go first (the loopback group, a few minutes; the ``@pytest.mark.slow`` tests, a minute or
      two each; the module groups), so that they run beside the short ones instead of ending the run alone (a
      worker takes the next unit in this order when it is free).
    """
    groups = {item: _group(item) for item in items}

    def weight(item) -> int:
        if groups[item] == "loopback":
            return 0
        return 1 if item.get_closest_marker("slow") else 2 if groups[item] else 3

    items.sort(key=weight)  # stable: the files' own order is kept within each weight
    for item in items:
        if groups[item]:
            item.add_marker(pytest.mark.xdist_group(groups[item]))


LOOPBACK_FILES = {
    "test_discovery_attacks.py", "test_ice_transport.py", "test_lan_client.py", "test_lan_deal_results.py",
    "test_lan_discovery.py", "test_lan_names.py", "test_lan_netplay.py", "test_lan_processes.py",
    "test_lan_screens.py", "test_lan_trust.py", "test_net_words.py", "test_netplay_faults.py",
    "test_netplay_processes.py", "test_netplay_wire.py", "test_online_client.py", "test_online_loopback.py",
    "test_online_sessions.py", "test_i18n.py", "test_languages.py", "test_real_window.py",
}
"""Test files that open sockets on the run's own loopback (``tests/scene_walk.py`` too; the real window hosts a LAN
lobby that announces on 127.255.255.255): one worker, in turn. A new file is found by ``_uses_loopback``; a test
file whose programs live in network namespaces of its own (``tests/internet_netns.py``, ``ip netns``) is not one."""
_LOOPBACK_WORDS = re.compile(r'UdpTransport|IceTransport|127\.0\.0\.1|127\.255|LanLink|"--lan"|scene_walk|wormhole|'
                             r"free_port|socket\.socket")


@functools.lru_cache(maxsize=None)
def _uses_loopback(path: Path) -> bool:
    """Whether the test file at ``path`` uses the run's loopback network (named above, or its text says so)."""
    if path.name in LOOPBACK_FILES:
        return True
    text = path.read_text(encoding="utf-8", errors="replace")
    return "netns" not in text and _LOOPBACK_WORDS.search(text) is not None


def _group(item) -> str | None:
    """The ``xdist_group`` of a test, or None (spread alone)."""
    if _uses_loopback(Path(item.path)):
        return "loopback"  # slow ones too: a LAN lobby announced by one is listed by another's browse
    if item.get_closest_marker("slow"):
        return None  # each long test on its own: the two workers take one each
    info = getattr(item, "_fixtureinfo", None)
    defs = info.name2fixturedefs.values() if info is not None else ()
    if any(d and d[-1].scope in ("module", "class", "package") for d in defs):
        return item.path.name  # a module fixture, built once on one worker
    return None


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """In CI a skip is a failure, saying why (``IN_CI``)."""
    outcome = yield
    report = outcome.get_result()
    if IN_CI and report.skipped and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        report.outcome = "failed"
        report.longrepr = f"CI=true: this test could not run, which fails the run instead of skipping it: {reason}"


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector):
    """In CI a module skipped as a whole (``pytest.importorskip``, ``pytest.skip(allow_module_level=True)``) fails."""
    outcome = yield
    report = outcome.get_result()
    if IN_CI and report.skipped:
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        report.outcome = "failed"
        report.longrepr = f"CI=true: this module could not be collected, which fails the run: {reason}"
