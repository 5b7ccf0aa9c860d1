"""Render the main screens headless and save them as PNGs (for the README and for looking at what players see).

Run: SDL_VIDEODRIVER=dummy python tools/screenshots.py [--out docs/screenshots]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("GRISBI_ARCADE_HOME", __import__("tempfile").mkdtemp(prefix="grisbi-arcade-tool-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from arcade.client.app import App, AppOptions, InputScript  # noqa: E402
from arcade.games import REGISTRY  # noqa: E402
from arcade.core.match import parse_seats  # noqa: E402
from arcade.client.scenes.attract import AttractScene  # noqa: E402
from arcade.client.scenes.setup import SeatSetupScene  # noqa: E402
from arcade.client.scenes.title import TitleScene  # noqa: E402
from arcade.client.play import start_match  # noqa: E402

PLAYERS = {"grisbi": "human,bot,bot,bot", "grit": "human,bot", "grenade": "human,bot,bot,bot",
           "grass": "human,bot,bot,bot", "cops_and_robbers": "human,bot,bot,bot"}


def run(app: App, ticks: int) -> None:
    for _ in range(ticks):
        app.pump()
        app.tick()
    app.draw(1.0)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="docs/screenshots")
    ap.add_argument("--games", default=",".join(REGISTRY))
    a = ap.parse_args()
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    cfg = tempfile.mkdtemp()
    app = App(AppOptions(headless=True, config_dir=cfg, bot_think_ticks=20))
    app.reset_to(TitleScene(app))
    run(app, 5)
    app.save_screenshot(out / "title.png")
    app.push(SeatSetupScene(app, "grit"))
    run(app, 3)
    app.save_screenshot(out / "setup.png")
    app.reset_to(TitleScene(app))
    app.push(AttractScene(app))
    run(app, 60 * 8)
    app.save_screenshot(out / "attract.png")
    for gid in a.games.split(","):
        app.reset_to(TitleScene(app))
        app.opts.input_script = InputScript.parse(f"{app.ticks + 30} every 29 times 4000 e\n")
        start_match(app, gid, parse_seats(PLAYERS[gid], REGISTRY[gid].min_players, REGISTRY[gid].max_players),
                    11, {})
        table = app.top
        run(app, 60 * 12)
        app.save_screenshot(out / f"{gid}_mid.png")
        for _ in range(600):
            if table.match.is_over() or app.top is not table:
                break
            run(app, 60)
        app.opts.input_script = None  # stop pressing: the results screen must not start a new match
        run(app, 60)
        app.save_screenshot(out / f"{gid}_end.png")
        run(app, 200)
        app.save_screenshot(out / f"{gid}_results.png")
    print(f"screenshots in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
