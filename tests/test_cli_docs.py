"""README tells the truth about the command line (issue: "every CLI flag documented"): every option the game's
parsers accept (the game, ``replay``, ``browse``, ``host``/``join``) is named in README.md."""

from __future__ import annotations

import re
from pathlib import Path

import arcade.client.browse
import arcade.client.cli
import arcade.client.netmatch

ROOT = Path(__file__).resolve().parent.parent


def options_in(module) -> set[str]:
    src = Path(module.__file__).read_text(encoding="utf-8")
    return set(re.findall(r"add_argument\(\s*\"(--[a-z][a-z0-9-]*)\"", src))


def test_every_command_line_option_is_in_the_readme():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    options = options_in(arcade.client.cli) | options_in(arcade.client.browse) | options_in(arcade.client.netmatch)
    assert {"--headless", "--seats", "--lan-bind", "--json", "--input-delay"} <= options  # the scan sees them
    missing = sorted(o for o in options if not re.search(re.escape(o) + r"(?![a-z-])", readme))
    assert missing == []
