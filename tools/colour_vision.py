"""Each game's table as a person with a colour-vision deficiency sees it: the table is rendered headless mid-match
(one human seat and bots, seed 11, 12 s in, as ``tools/screenshots.py``), then every pixel goes through the Machado
et al. (2009) simulation at severity 1.0 (``arcade.client.render.palette.simulate``) and the picture is saved as
``<out>/<game>_<vision>.png``.

Run: python tools/colour_vision.py [--vision deuteranopia] [--games grisbi,grit] [--out docs/screenshots]
     [--text-size 100]
Prints each picture's path and how many distinct colours it holds before and after.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("GRISBI_ARCADE_HOME", tempfile.mkdtemp(prefix="grisbi-arcade-tool-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from arcade.client.app import App, AppOptions, InputScript  # noqa: E402
from arcade.client.render import fonts  # noqa: E402
from arcade.client.render.palette import VISIONS, simulate  # noqa: E402
from arcade.client.scenes.title import TitleScene  # noqa: E402
from arcade.client.play import start_match  # noqa: E402
from arcade.core.match import parse_seats  # noqa: E402
from arcade.games import REGISTRY  # noqa: E402

PLAYERS = {"grisbi": "human,bot,bot,bot", "grit": "human,bot", "grenade": "human,bot,bot,bot",
           "grass": "human,bot,bot,bot", "cops_and_robbers": "human,bot,bot,bot"}


def simulated(surf: pygame.Surface, vision: str) -> tuple[pygame.Surface, int, int]:
    """``surf`` with every pixel as seen with ``vision`` (a new RGB surface), and the distinct colours before and
    after. Each distinct colour is simulated once."""
    w, h = surf.get_size()
    raw = pygame.image.tobytes(surf, "RGB")
    seen: dict[bytes, bytes] = {}
    out = bytearray(len(raw))
    for i in range(0, len(raw), 3):
        px = raw[i:i + 3]
        s = seen.get(px)
        if s is None:
            s = seen[px] = bytes(simulate((px[0], px[1], px[2]), vision))
        out[i:i + 3] = s
    return pygame.image.frombytes(bytes(out), (w, h), "RGB"), len(seen), len(set(seen.values()))


def table_picture(app: App, gid: str) -> pygame.Surface:
    """``gid``'s table 12 s into a match (the human seat pressing A now and then), as the window shows it."""
    app.reset_to(TitleScene(app))
    app.opts.input_script = InputScript.parse(f"{app.ticks + 30} every 29 times 4000 e\n")
    spec = REGISTRY[gid]
    start_match(app, gid, parse_seats(PLAYERS[gid], spec.min_players, spec.max_players), 11, {})
    for _i in range(60 * 12):
        app.pump()
        app.tick()
    app.draw(1.0)
    app.opts.input_script = None
    return app.screen.copy()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--vision", default="deuteranopia", choices=VISIONS[1:])
    ap.add_argument("--games", default=",".join(PLAYERS))
    ap.add_argument("--out", default="docs/screenshots")
    ap.add_argument("--text-size", type=int, default=100, choices=fonts.TEXT_SCALES)
    a = ap.parse_args()
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    app = App(AppOptions(headless=True, config_dir=tempfile.mkdtemp(), bot_think_ticks=20, language="en"))
    app.settings.text_scale = a.text_size
    fonts.set_text_scale(a.text_size)
    for gid in a.games.split(","):
        pic, before, after = simulated(table_picture(app, gid), a.vision)
        path = out / f"{gid}_{a.vision}.png"
        pygame.image.save(pic, str(path))
        print(f"{path}: {before} colours, {after} as seen with {a.vision}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
