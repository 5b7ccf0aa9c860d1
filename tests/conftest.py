import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


import tempfile

os.environ["GRISBI_ARCADE_HOME"] = tempfile.mkdtemp(prefix="grisbi-arcade-tests-")

import arcade.games  # noqa: E402,F401  registers the games: core code looks them up and never imports arcade.games
