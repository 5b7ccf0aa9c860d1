"""Screenshots of Grisbi's tutorial at each lesson, settled, at 1280×720 and scaled to 960×540 (what a 960×540 window
shows): the countdown, each step of the scripted round, a refused card's hint, the reveal and its pause.

Run: SDL_VIDEODRIVER=dummy python tools/tutorial_shots.py [--out docs/screenshots/tutorial]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pygame  # noqa: E402

from arcade.client.app import App, AppOptions, InputScript  # noqa: E402
from arcade.client.play import start_tutorial  # noqa: E402
from arcade.client.scenes.title import TitleScene  # noqa: E402
from arcade.games.grisbi.tutorial import stage  # noqa: E402

# a wrong E at tick 230 (the hint), then S (jump to the glowing card) and E (lay it) every 2.5 s, E on the pause
KEYS = "230 e\n330 every 150 times 60 s\n360 every 150 times 7 e\n1900 e\n"


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="docs/screenshots/tutorial")
    out = Path(ap.parse_args().out)
    out.mkdir(parents=True, exist_ok=True)
    home = tempfile.mkdtemp()
    app = App(AppOptions(headless=True, config_dir=home, data_dir=home, input_script=InputScript.parse(KEYS)))
    app.reset_to(TitleScene(app))
    start_tutorial(app, "grisbi")
    table = app.top

    def shot(name: str) -> None:
        app.draw(1.0)
        app.save_screenshot(out / f"{name}.png")
        pygame.image.save(pygame.transform.smoothscale(app.screen, (960, 540)), str(out / f"{name}_960.png"))

    since: dict = {}
    for _ in range(4000):
        app.pump()
        app.tick()
        st = table.match.state
        key = (st.round, st.phase, stage(table.rules.view(st, 0)))
        since.setdefault(key, st.tick)
        if st.tick - since[key] == 45:  # settled: the cards have landed
            shot(f"{len(since):02d}_{st.phase}_step{key[2]}")
        if st.tick == 240:
            shot("hint")
        if table.practice_pause() and "pause" not in since:
            since["pause"] = st.tick
            shot("reveal_pause")
        if st.round == 1:
            break
    print(f"screenshots in {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
