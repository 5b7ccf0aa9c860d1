#!/usr/bin/env python3
"""Two homes, two real windows, on the simulated internet (issue 34): open them, or drive a failure path.

Run as root from the repository's root (``. /work/venv/bin/activate`` first)::

    python tools/two_homes.py up                    # build everything, open both windows, wait for Ctrl-C
    python tools/two_homes.py host-quits            # drive one path and take the screenshots
    python tools/two_homes.py host-vanishes | relay-down | stranger-code
    python tools/two_homes.py --out /tmp/shots --nat port-restricted up

What it builds (``tests/internet_netns.py``'s ``Internet``, inside a private ``unshare -n`` namespace it enters by
itself, so nothing here can reach a real network): a bridge 203.0.113.0/24, a server namespace at .10 with coturn
(STUN and TURN on UDP 3478) and the Magic Wormhole mailbox server (TCP 4000), and two homes, each a machine
(10.N.0.2) behind its own NAT router (203.0.113.N; ``--nat``: symmetric by default, ``MASQUERADE --random-fully``,
so the two homes can only meet through the relay). Then one Xvfb display per home (``:D`` and ``:D+1``, ``--display``)
with openbox, and in each home ``python -m arcade`` with only the servers given on the command line
(``--online-rendezvous/--online-stun/--online-turn...``; each home has its own empty settings folder): Ana in home 1,
Bruno in home 2. Everything else goes through the menus, by keys and clicks (xdotool).

The X servers listen on their socket files in ``/tmp/.X11-unix`` (a file reaches across network namespaces, the
abstract socket does not): a game in a home namespace and ``xdotool`` outside both reach them. With ``up`` the
state (displays, PIDs, window ids, namespaces) is written to ``OUT/state.json`` so another shell can drive them::

    DISPLAY=:131 xdotool key --window WID Return
    DISPLAY=:131 import -window root shot.png

The paths (each starts with Ana hosting Grit online and Bruno joining by typing her code, both Ready, Ana Start,
a move each):

- ``host-quits``: Ana closes her window (``wmctrl -c``); shots of both screens when Bruno's changes.
- ``host-vanishes``: Ana's game is killed (SIGKILL): no goodbye.
- ``relay-down``: coturn is stopped before Bruno joins (both homes behind routers that need it).
- ``stranger-code``: a stranger claims Ana's nameplate on the mailbox server and opens its mailbox, then says
  nothing; Bruno joins with the code Ana's lobby shows next.

Shots go to ``OUT`` (default ``/tmp/two_homes``): ``PATH-NN-who-what.png``, each window cropped from its screen,
and ``PATH-pair.png`` (and ``host-vanishes-rejoin-pair.png``, ``stranger-code-join-pair.png``): Ana's window on the
left, Bruno's on the right, at half size in 128 colours (docs/netplay.md's ``online_fail_*.png``). The times printed
(and appended to ``OUT/report.txt``) run from the action (close, kill, JOIN, the hold) to the start of the first shot
showing the new screen. Bruno's screen is read by pixels (the lobby's dark seat table, a message's brown panel):
after a change of layout, check the shots. The game's stdout/stderr: ``OUT/gameN.log``; the servers':
``OUT/net/``.
Everything started is stopped by PID and the namespaces are deleted on the way out (also on Ctrl-C).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

PATHS = ("up", "host-quits", "host-vanishes", "relay-down", "stranger-code")
W, H = 1280, 720  # the picture every scene paints; clicks are given in its pixels


def sh(*args: str, env: dict | None = None, check: bool = True, timeout: float = 20) -> str:
    r = subprocess.run(list(args), capture_output=True, text=True, env=env, timeout=timeout)
    if check and r.returncode != 0:
        raise RuntimeError(f"{' '.join(args)}: exit {r.returncode}: {r.stderr.strip()[:300]}")
    return r.stdout


class Display:
    """An Xvfb display with openbox, and the game window on it once ``find_window`` has found it."""

    def __init__(self, num: int, procs: list, logs: Path) -> None:
        self.num = num
        self.name = f":{num}"
        self.env = dict(os.environ, DISPLAY=self.name)
        sock = Path(f"/tmp/.X11-unix/X{num}")
        if sock.exists() or Path(f"/tmp/.X{num}-lock").exists():
            raise RuntimeError(f"display {self.name} is in use (pick another with --display)")
        self.xvfb = subprocess.Popen(["Xvfb", self.name, "-screen", "0", "1300x780x24", "-nolisten", "tcp"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        procs.append(self.xvfb)
        end = time.monotonic() + 10
        while self.x("xdotool", "getdisplaygeometry", check=False).strip() == "":  # the socket file comes first
            if time.monotonic() > end or self.xvfb.poll() is not None:
                raise RuntimeError(f"Xvfb {self.name} did not start")
            time.sleep(0.1)
        self.procs = procs
        self.wm_log = logs / f"openbox{num}.log"
        self.wm_starts = 0
        self.start_wm()
        self.wid: str | None = None

    def start_wm(self) -> None:
        """openbox on this display (it once exited with status 1 right after starting: started again, twice at
        most, by ``find_window``)."""
        self.wm_starts += 1
        with open(self.wm_log, "a") as err:
            self.wm = subprocess.Popen(["openbox"], env=self.env, stdout=subprocess.DEVNULL, stderr=err,
                                       start_new_session=True)
        self.procs.append(self.wm)

    def x(self, *args: str, check: bool = True) -> str:
        return sh(*args, env=self.env, check=check)

    def find_window(self, pid: int, limit: float = 60) -> str:
        end = time.monotonic() + limit
        while time.monotonic() < end:
            out = self.x("xdotool", "search", "--pid", str(pid), check=False).split()
            for wid in out:
                info = self.x("xwininfo", "-id", wid, check=False)
                managed = f"0x{int(wid):08x}" in self.x("wmctrl", "-l", check=False)  # openbox has framed it
                if "IsViewable" in info and ("Width: 1280" in info or "Height: 720" in info) and managed:
                    self.wid = wid
                    return wid
            if self.wm.poll() is not None:
                why = self.wm_log.read_text(errors="replace").strip()[-300:]
                if self.wm_starts >= 3:
                    raise RuntimeError(f"openbox on {self.name} stopped (exit {self.wm.returncode}): {why}")
                print(f"openbox on {self.name} stopped (exit {self.wm.returncode}: {why}): started again", flush=True)
                self.start_wm()
            time.sleep(0.1)
        raise RuntimeError(f"no game window on {self.name} within {limit} s")

    def geometry(self) -> tuple[int, int, int, int]:
        """The window's client area on the screen: x, y, width, height."""
        info = self.x("xwininfo", "-id", self.wid)
        get = {k.strip(): v.strip() for k, v in (l.split(":", 1) for l in info.splitlines() if ":" in l)}
        return (int(get["Absolute upper-left X"]), int(get["Absolute upper-left Y"]), int(get["Width"]),
                int(get["Height"]))

    def key(self, *keys: str, delay: float = 0.12) -> None:
        for k in keys:
            self.x("xdotool", "key", "--window", self.wid, k)
            time.sleep(delay)

    def type(self, text: str) -> None:
        self.x("xdotool", "windowfocus", "--sync", self.wid, check=False)
        self.x("xdotool", "type", "--delay", "60", text)

    def click(self, px: int, py: int) -> None:
        """Click at (px, py) of the 1280×720 picture (mapped through the window's scale and letterbox)."""
        _, _, w, h = self.geometry()
        s = min(w / W, h / H)
        ox, oy = (w - W * s) / 2, (h - H * s) / 2
        self.x("xdotool", "mousemove", "--window", self.wid, str(int(ox + px * s)), str(int(oy + py * s)),
               "click", "1")

    def shot(self, path: Path) -> Path:
        """The whole screen, then cropped to the window (kept at full size: crop and resize later)."""
        full = path.with_suffix(".full.png")
        self.x("import", "-window", "root", str(full))
        try:
            x, y, w, h = self.geometry()
            sh("convert", str(full), "-crop", f"{w}x{h}+{x}+{y}", "+repage", str(path))
            full.unlink()
        except Exception:
            full.rename(path)
        return path

    def close_window(self) -> None:
        self.x("wmctrl", "-i", "-c", self.wid)


class TwoHomes:
    def __init__(self, out: Path, display: int, nat: str, turn: bool = True) -> None:
        from internet_netns import Internet, why_not

        problem = why_not()
        if problem:
            raise SystemExit(f"two_homes: {problem}")
        self.out = out
        self.out.mkdir(parents=True, exist_ok=True)
        self.procs: list[subprocess.Popen] = []
        self.inet = Internet(self.out / "net", homes=2, publics=1, prefix=f"th{os.getpid() % 100000}",
                             nat={1: nat, 2: nat})
        self.displays: list[Display] = []
        self.games: list[subprocess.Popen] = []
        self.turn = turn
        self.homes_dirs = [Path(tempfile.mkdtemp(prefix=f"two_homes_{n}_")) for n in ("ana", "bruno")]
        for i in range(2):
            self.displays.append(Display(display + i, self.procs, self.out))

    def server_options(self) -> list[str]:
        from internet_netns import TURN_PASSWORD, TURN_USER

        opts = ["--online-rendezvous", self.inet.rendezvous_url, "--online-stun", self.inet.stun]
        if self.turn:
            opts += ["--online-turn", self.inet.turn, "--online-turn-user", TURN_USER,
                     "--online-turn-password", TURN_PASSWORD]
        return opts

    def open_windows(self) -> None:
        for i, d in enumerate(self.displays):
            env = dict(os.environ, DISPLAY=d.name, SDL_AUDIODRIVER="dummy",
                       GRISBI_ARCADE_HOME=str(self.homes_dirs[i]))
            p = self.inet.run(self.inet.home(i + 1), [sys.executable, "-m", "arcade", *self.server_options()],
                              log=self.out / f"game{i + 1}.log", env=env)
            self.games.append(p)
        for d, p in zip(self.displays, self.games):
            d.find_window(p.pid)

    def state(self) -> dict:
        return {"displays": [d.name for d in self.displays], "windows": [d.wid for d in self.displays],
                "games": [p.pid for p in self.games], "homes": [self.inet.home(1), self.inet.home(2)],
                "server": self.inet.server, "servers": [p.pid for p in self.inet.servers],
                "settings": [str(p) for p in self.homes_dirs], "out": str(self.out)}

    def close(self) -> None:
        for p in self.games:
            if p.poll() is None:
                try:
                    os.killpg(p.pid, signal.SIGTERM)
                except OSError:
                    pass
        self.inet.close()
        for p in reversed(self.procs):
            if p.poll() is None:
                p.terminate()
                try:
                    p.wait(3)
                except subprocess.TimeoutExpired:
                    p.kill()
                    p.wait(3)
        for d in self.homes_dirs:
            shutil.rmtree(d, ignore_errors=True)


# --- driving (positions in the 1280×720 picture, read off the screens of this version) ---

def clipboard(d: Display) -> str:
    """What the game on ``d`` put on the clipboard (the lobby's C: copy the code), read with tkinter."""
    code = "import tkinter; r = tkinter.Tk(); r.withdraw(); print(r.clipboard_get())"
    return sh(sys.executable, "-c", code, env=d.env).strip()


def changed(a: Path, b: Path) -> float:
    """The fraction of pixels that differ (by more than 10 %) between two shots of the same size."""
    r = subprocess.run(["compare", "-metric", "AE", "-fuzz", "10%", str(a), str(b), "null:"], capture_output=True,
                       text=True)
    try:
        n = float(r.stderr.split()[0])
    except (IndexError, ValueError):
        return 1.0
    w, h = (int(v) for v in sh("identify", "-format", "%w %h", str(a)).split())
    return n / (w * h)


def watch(h: "TwoHomes", d: Display, name: str, t0: float, limit: float, before: Path,
          threshold: float = 0.15) -> tuple[float | None, Path | None]:
    """Shots of ``d`` until its screen differs from ``before`` by more than ``threshold`` of its pixels (a new
    screen, not a ping figure): (seconds from ``t0`` to that shot's start, its path), or (None, None)."""
    k = 0
    while time.monotonic() - t0 < limit:
        k += 1
        t = time.monotonic() - t0
        shot = d.shot(h.out / f"{name}-watch{k:02d}.png")
        if changed(before, shot) > threshold:
            return t, shot
    return None, None


def log(h: "TwoHomes", line: str) -> None:
    print(line, flush=True)
    with open(h.out / "report.txt", "a") as f:
        f.write(line + "\n")


def start_match(h: "TwoHomes", name: str, move: bool = True, bruno_joins: bool = True) -> str:
    """Through the menus: Ana hosts Grit online, Bruno joins with her code, both ready, Ana starts, a move each
    (``move``). Returns the code. With ``bruno_joins`` False it stops at Ana's lobby, with Bruno on Join online."""
    a, b = h.displays
    time.sleep(3)  # the title's first frames
    for d in (a, b):
        d.key(*["Down"] * 7, "Return")  # title → Play online, by keys
    time.sleep(1.0)
    a.click(640, 242)  # Host online, by a click
    b.click(640, 300)  # Join online
    time.sleep(1.0)
    for d, who in ((a, "Ana"), (b, "Bruno")):  # the first time online: "Your name"
        d.key(*["BackSpace"] * 24, delay=0.02)
        d.type(who)
        d.key("Return")
    time.sleep(1.0)
    a.click(300, 140)  # the Game row: a click steps Grisbi → Grit
    time.sleep(0.5)
    a.shot(h.out / f"{name}-01-ana-host-setup.png")
    a.click(420, 368)  # OPEN THE LOBBY
    code = ""
    end = time.monotonic() + 20
    while not code and time.monotonic() < end:
        time.sleep(1.0)
        a.key("c")  # the lobby's C: copy the code
        time.sleep(0.3)
        try:
            code = clipboard(a)
        except RuntimeError:
            code = ""
    if not code:
        raise RuntimeError("Ana's lobby showed no code within 20 s")
    log(h, f"{name}: Ana's code {code}")
    a.shot(h.out / f"{name}-02-ana-lobby.png")
    if not bruno_joins:
        return code
    b.type(code.replace("-", " "))  # as read out: spaces, the field puts the dashes
    b.shot(h.out / f"{name}-03-bruno-code.png")
    before = b.shot(h.out / f"{name}-03-bruno-code.png")
    t0 = time.monotonic()
    b.key("Return")  # JOIN
    joined = lobby_time(h, b, name, t0, before)
    log(h, f"{name}: Bruno's lobby {joined}")
    if not move:
        return code
    b.click(430, 332)  # READY, by a click
    time.sleep(1.0)
    a.key("Return")  # START, by Enter
    time.sleep(4.0)
    a.key("e")  # Ana holds The Word (the higher injuries) in the first deal of this seed? either way: e picks
    time.sleep(1.0)
    for d in (a, b, a, b):
        d.key("e", "e", delay=0.6)
        time.sleep(0.8)
    a.shot(h.out / f"{name}-04-ana-table.png")
    b.shot(h.out / f"{name}-04-bruno-table.png")
    return code


def lobby_time(h, b, name, t0, before) -> str:
    end = t0 + 25
    k = 0
    while time.monotonic() < end:
        k += 1
        t = time.monotonic() - t0
        shot = b.shot(h.out / f"{name}-join{k:02d}.png")
        if in_lobby(shot):
            return f"on screen {t:.1f} s after JOIN ({shot.name})"
        time.sleep(0.3)
    return "not reached in 25 s"


def pixel(shot: Path, x: int, y: int) -> tuple[int, ...]:
    out = sh("convert", str(shot), "-format", f"%[fx:int(255*p{{{x},{y}}}.r)] %[fx:int(255*p{{{x},{y}}}.g)] "
             f"%[fx:int(255*p{{{x},{y}}}.b)]", "info:")
    return tuple(int(v) for v in out.split())


def in_lobby(shot: Path) -> bool:
    """The lobby's seat table covers (60, 200) with its dark panel; the join screens have the green cloth there."""
    return pixel(shot, 60, 200)[1] < 65


def pair(h: "TwoHomes", left: Path, right: Path, name: str) -> Path:
    """Two shots side by side at half size (Ana's on the left), 128 colours: ``OUT/NAME.png``."""
    out = h.out / f"{name}.png"
    sh("convert", str(left), str(right), "-resize", "50%", "+append", "-colors", "128", str(out))
    return out


def await_exit(p: subprocess.Popen, limit: float) -> str:
    try:
        return f"exit {p.wait(limit)}"
    except subprocess.TimeoutExpired:
        return f"still running after {limit:.0f} s"


def host_quits(h: "TwoHomes") -> None:
    """Ana closes her window (the window manager's close: WM_DELETE_WINDOW)."""
    a, b = h.displays
    start_match(h, "host-quits")
    before = b.shot(h.out / "host-quits-05-bruno-before.png")
    ana = a.shot(h.out / "host-quits-05-ana-before.png")
    t0 = time.monotonic()
    a.close_window()
    t, shot = watch(h, b, "host-quits-bruno", t0, 20, before)
    log(h, f"host-quits: Bruno's screen changed {t:.2f} s after Ana's close ({shot})" if shot else
        "host-quits: Bruno's screen did not change within 20 s")
    log(h, f"host-quits: Ana's game: {await_exit(h.games[0], 10)}")
    if shot:
        time.sleep(1.0)
        after = b.shot(h.out / "host-quits-06-bruno-after.png")
        log(h, f"host-quits: pair {pair(h, ana, after, 'host-quits-pair')}")


def host_vanishes(h: "TwoHomes") -> None:
    """Ana's game is killed (SIGKILL: no goodbye); Bruno waits, then tries Rejoin."""
    a, b = h.displays
    start_match(h, "host-vanishes")
    before = b.shot(h.out / "host-vanishes-05-bruno-before.png")
    ana = a.shot(h.out / "host-vanishes-05-ana-before.png")
    t0 = time.monotonic()
    os.kill(h.games[0].pid, signal.SIGKILL)
    t1, prompt = watch(h, b, "host-vanishes-bruno", t0, 30, before)
    log(h, f"host-vanishes: Bruno's screen changed {t1:.2f} s after the kill ({prompt})" if prompt else
        "host-vanishes: Bruno's screen did not change within 30 s")
    if not prompt:
        return
    a.shot(h.out / "host-vanishes-06-ana-gone.png")
    t2, lost = watch(h, b, "host-vanishes-lost", t0, 30, prompt)
    log(h, f"host-vanishes: and again {t2:.2f} s after the kill ({lost})" if lost else
        "host-vanishes: no other screen within 30 s of the kill")
    if not lost:
        return
    time.sleep(0.5)
    lost = b.shot(h.out / "host-vanishes-07-bruno-lost.png")
    t0 = time.monotonic()
    b.key("Return")  # the first button (Rejoin, if offered)
    t3, trying = watch(h, b, "host-vanishes-rejoin", t0, 30, lost, threshold=0.02)
    if trying:
        t4, end = watch(h, b, "host-vanishes-rejoin-end", t0, 40, trying, threshold=0.05)
        final = b.shot(h.out / "host-vanishes-08-bruno-rejoin.png")
        log(h, f"host-vanishes: Enter on the first button: a new screen at {t3:.2f} s ({trying}), "
            + (f"then another at {t4:.2f} s ({end})" if end else "no other within 40 s") + f"; last {final}")
        log(h, f"host-vanishes: pairs {pair(h, ana, prompt, 'host-vanishes-pair')} "
            f"{pair(h, lost, final, 'host-vanishes-rejoin-pair')}")


def is_message(shot: Path) -> bool:
    """A message screen ("Cannot join", "Connection lost"...): its brown panel covers (130, 260), the green cloth
    of the join screens does not."""
    r, g, _b = pixel(shot, 130, 260)
    return r > g


def screens(h: "TwoHomes", d: Display, name: str, t0: float, limit: float, before: Path, until=None,
            threshold: float = 0.001) -> list[tuple[float, Path]]:
    """Shots of ``d`` for ``limit`` seconds from ``t0`` (or until ``until(shot)``), keeping each that differs from
    the last kept one (at first ``before``): [(seconds from t0, path)]."""
    kept: list[tuple[float, Path]] = []
    last = before
    k = 0
    while time.monotonic() - t0 < limit:
        k += 1
        t = time.monotonic() - t0
        shot = d.shot(h.out / f"{name}{k:02d}.png")
        if changed(last, shot) > threshold:
            kept.append((t, shot))
            last = shot
        else:
            shot.unlink()
        if until is not None and until(shot if shot.exists() else last):
            break
        time.sleep(0.3)
    return kept


def relay_down(h: "TwoHomes") -> None:
    """The relay (coturn) stops after Ana's lobby opens; Bruno then joins: both homes' routers need it."""
    a, b = h.displays
    code = start_match(h, "relay-down", bruno_joins=False)
    coturn = h.inet.servers[0]
    os.kill(coturn.pid, signal.SIGKILL)
    coturn.wait(5)
    log(h, f"relay-down: coturn (PID {coturn.pid}) killed; both routers {h.inet.nat}")
    lobby = a.shot(h.out / "relay-down-05-ana-lobby-before.png")
    b.type(code.replace("-", " "))
    t0 = time.monotonic()
    b.key("Return")
    seen_a: list[tuple[float, Path]] = []
    seen_b: list[tuple[float, Path]] = []
    last_a, last_b = lobby, b.shot(h.out / "relay-down-05-bruno-code.png")
    done_at = None
    k = 0
    while time.monotonic() - t0 < 45 and (done_at is None or time.monotonic() - done_at < 4):
        k += 1
        for d, who, seen, last in ((a, "ana", seen_a, last_a), (b, "bruno", seen_b, last_b)):
            t = time.monotonic() - t0
            shot = d.shot(h.out / f"relay-down-{who}-{k:02d}.png")
            if changed(last, shot) > (0.001 if who == "ana" else 0.02):
                seen.append((t, shot))
                if who == "ana":
                    last_a = shot
                else:
                    last_b = shot
                    if done_at is None and is_message(shot):
                        done_at = time.monotonic()
            else:
                shot.unlink()
        time.sleep(0.4)
    for who, seen in (("Ana", seen_a), ("Bruno", seen_b)):
        for t, shot in seen:
            log(h, f"relay-down: {who}'s screen changed at {t:.1f} s after JOIN ({shot.name})")
    if seen_a and seen_b:
        ana = a.shot(h.out / "relay-down-06-ana-lobby.png")
        bruno = b.shot(h.out / "relay-down-06-bruno.png")
        log(h, f"relay-down: pair {pair(h, ana, bruno, 'relay-down-pair')}")


def stranger_code(h: "TwoHomes") -> None:
    """A stranger (tests/mailbox_raw.py, from a public machine) claims Ana's nameplate, opens its mailbox and says
    nothing; Ana's lobby should show a new code; Bruno joins with it."""
    from netplay.rendezvous import APPID

    a, b = h.displays
    code = start_match(h, "stranger-code", bruno_joins=False)
    lobby = a.shot(h.out / "stranger-code-05-ana-lobby-before.png")
    stranger = subprocess.Popen(["ip", "netns", "exec", h.inet.public(1), sys.executable,
                                 str(ROOT / "tests" / "mailbox_raw.py"), "hold", h.inet.rendezvous_url, APPID,
                                 code.split("-")[0]], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True,
                                start_new_session=True)
    h.procs.append(stranger)
    held = stranger.stdout.readline().strip()
    t0 = time.monotonic()
    log(h, f"stranger-code: the stranger says {held!r} (nameplate {code.split('-')[0]})")
    seen = screens(h, a, "stranger-code-ana-", t0, 25, lobby)
    for t, shot in seen:
        log(h, f"stranger-code: Ana's lobby changed at {t:.1f} s after the hold ({shot.name})")
    ana = a.shot(h.out / "stranger-code-06-ana-new-code.png")
    a.key("c")
    time.sleep(0.5)
    new = clipboard(a)
    log(h, f"stranger-code: Ana's code now {new}")
    b.type(new.replace("-", " "))
    before = b.shot(h.out / "stranger-code-06-bruno-code.png")
    t0 = time.monotonic()
    b.key("Return")
    log(h, f"stranger-code: Bruno's lobby {lobby_time(h, b, 'stranger-code', t0, before)}")
    time.sleep(1.0)
    ana2 = a.shot(h.out / "stranger-code-07-ana-lobby.png")
    bruno = b.shot(h.out / "stranger-code-07-bruno-lobby.png")
    log(h, f"stranger-code: pairs {pair(h, lobby, ana, 'stranger-code-pair')} "
        f"{pair(h, ana2, bruno, 'stranger-code-join-pair')}")
    stranger.stdin.close()


PATH_STEPS = {"host-quits": host_quits, "host-vanishes": host_vanishes, "relay-down": relay_down,
              "stranger-code": stranger_code}


def enter_private_namespace(argv: list[str]) -> None:
    """Re-run this script inside ``unshare -n`` (once), loopback up."""
    if os.environ.get("TWO_HOMES_INSIDE") == "1":
        sh("ip", "link", "set", "lo", "up")
        return
    if os.geteuid() != 0:
        raise SystemExit("two_homes: run as root (network namespaces)")
    os.environ["TWO_HOMES_INSIDE"] = "1"
    os.execvp("unshare", ["unshare", "-n", sys.executable, str(Path(__file__).resolve()), *argv])


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    p = argparse.ArgumentParser(prog="two_homes", description=__doc__.split("\n")[0])
    p.add_argument("path", choices=PATHS)
    p.add_argument("--out", default="/tmp/two_homes", help="screenshots, logs and state.json")
    p.add_argument("--display", type=int, default=131, help="the first of the two X displays")
    p.add_argument("--nat", default="symmetric", help="both routers' kind (tests/internet_netns.py NAT_KINDS)")
    args = p.parse_args(argv)
    enter_private_namespace(argv)
    os.chdir(ROOT)
    homes = TwoHomes(Path(args.out), args.display, args.nat)
    stop = []
    signal.signal(signal.SIGTERM, lambda *_: stop.append(1))
    try:
        homes.open_windows()
        (homes.out / "state.json").write_text(json.dumps(homes.state(), indent=1))
        print(json.dumps(homes.state(), indent=1), flush=True)
        if args.path == "up":
            stop_file = homes.out / "stop"
            print(f"up: drive the windows; touch {stop_file} (or Ctrl-C) to stop", flush=True)
            while not stop and not stop_file.exists():
                time.sleep(0.5)
            stop_file.unlink(missing_ok=True)
        else:
            PATH_STEPS[args.path](homes)
    except KeyboardInterrupt:
        pass
    finally:
        homes.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
