"""The command line's mistakes, as a player meets them: one clear line on stderr and exit status 2, whether or not
there is a screen (issue 29, "Window and command line")."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from client_helpers import make_app


def run(args: list[str], display: bool) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    if display:
        env["SDL_VIDEODRIVER"] = "dummy"  # a screen SDL can always open
    return subprocess.run([sys.executable, "-m", "arcade", *args], capture_output=True, text=True, timeout=60,
                          env=env)


def error_lines(p: subprocess.CompletedProcess) -> list[str]:
    return [ln for ln in p.stderr.splitlines() if ln.strip() and not ln.startswith(("ALSA", "pygame-ce"))]


UNWRITABLE = "/proc/grisbi-arcade-shot.png"  # nobody may create a file there, not even root


@pytest.mark.parametrize("display", [True, False], ids=["with a display", "without a display"])
@pytest.mark.parametrize("args, needle", [
    (["--frames", "-5"], "--frames must be at least 1"),
    (["--game", "grit", "--seats", "human,human,human"], "this game takes 2 seats"),
    (["--game", "grisbi", "--seats", "human,bot:godlike"], "godlike"),
    (["--screenshot", UNWRITABLE, "--frames", "2"], f"--screenshot {UNWRITABLE}: cannot write there"),
    (["replay", "no-such-file.grr", "--frames", "-5"], "--frames must be at least 1"),
])
def test_a_mistake_is_named_in_one_line_with_status_2(args, needle, display):
    """The mistake itself is named, not "no display" (a screen would not fix it), and never a traceback."""
    p = run(args, display)
    err = error_lines(p)
    assert p.returncode == 2, (p.returncode, p.stderr)
    assert len(err) == 1 and needle in err[0], err
    assert "Traceback" not in p.stderr


def test_without_a_display_good_arguments_say_no_display():
    p = run(["--game", "grit", "--seats", "human,bot"], display=False)
    assert p.returncode == 2 and error_lines(p) == [
        "grisbi-arcade: no display found; use --headless for runs without a screen"]


def test_a_screenshot_that_cannot_be_saved_at_exit_is_one_line_and_status_2(tmp_path, capsys):
    """The folder checked at start may be gone at exit (or refuse the file): one line, status 2, no traceback."""
    app = make_app(tmp_path, frames=2, screenshot="/proc/no-such-folder/shot.png")
    assert app.run() == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "cannot save the screenshot to /proc/no-such-folder/shot.png" in err[0], err
