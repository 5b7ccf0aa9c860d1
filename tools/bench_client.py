"""Client benchmark: attract mode headless at 1280×720.

Prints the time of one tick (update and draw together) as p50/p99 in ms over ``--ticks`` ticks (default 3,600 =
one minute of play), the peak memory (max RSS), and the time from launch to the first drawn title frame (a fresh
process, measured from before it starts until it has drawn its first frame and exited: an upper bound).
Targets on a 2-core machine: p99 ≤ 8 ms (half a 60 Hz frame), launch ≤ 1.5 s.

``--game ID --seats SPEC``: one game's table instead of attract mode; ``--realtime`` paces the ticks at 60 a second,
so turn-game bots get their real think time and decide on their worker thread (``arcade.client.thinking``);
``--think-here`` makes them decide on the main thread instead, as before that thread. Four hard bots, 1,800 ticks,
2026-11-27, load average below 0.1:

    python tools/bench_client.py --game cops_and_robbers --seats bot:hard,bot:hard,bot:hard,bot:hard --ticks 1800 --realtime
    (each also with --think-here, and both again with --game grass)
    cops_and_robbers, bots on the main thread    tick p50 1.49 ms   p99 76.01 ms   max 136.21 ms
    cops_and_robbers, bots on a worker thread    tick p50 1.47 ms   p99  6.75 ms   max  18.49 ms
    grass, bots on the main thread               tick p50 1.38 ms   p99 35.90 ms   max  72.38 ms
    grass, bots on a worker thread               tick p50 1.75 ms   p99  6.62 ms   max  55.24 ms

``--window``: the real program in a real X window instead (Xvfb 1920×1080 + openbox, started on a free display and
stopped after), the window resized to ``--size`` (default 1600×900: the 1280×720 picture scaled): the launch to the
first presented frame; the CPU share of one core idle on the title and during an 8-bot Grisbi match (every seat a
bot: cards fly all the time), each measured as the game process's user + system time (``/proc/PID/stat``) over
``--seconds`` of wall time (default 10) after 1.5 s to settle, with the X server's share beside it; each presented
frame's time (paint, compare + scale, update) as p50/p99 in ms; how many painted frames equalled the last presented
picture (not presented). Targets: idle title ≤ 5 %, 8-bot Grisbi ≤ 25 % of one core (the process's CPU, which the
machine's load barely changes: quote ``uptime`` beside it, and the lowest-load of 2-3 runs), exit on close ≤ 0.3 s.

``--window --paths``: the ways of bringing a changed 1280×720 picture to a ``--size`` window, each in a fresh
process and a bare window under Xvfb, as CPU ms a frame (this process; 300 frames): ``smoothscale`` into the window
surface with SDL's MIT-SHM framebuffer (the game's way), the same with SDL's OpenGL texture framebuffer, and an SDL
renderer (default driver, then ``software``) drawing a streaming texture scaled (linear filtering).
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

if "--present-path" not in sys.argv:  # that one runs in the X screen (``paths_main``)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("GRISBI_ARCADE_HOME", __import__("tempfile").mkdtemp(prefix="grisbi-arcade-tool-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def percentile(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))]


def bench_ticks(ticks: int, game: str | None, seats: str | None, realtime: bool = False,
                think_here: bool = False) -> tuple[list[float], list[float]]:
    """Each tick's wall and CPU time (ms), one tick after another or (``realtime``) at 60 ticks a second, so bots
    have their real think time; ``think_here``: the bots decide on the main thread, as without a worker thread."""
    from arcade.client.app import App, AppOptions
    from arcade.client.scenes.attract import AttractScene
    from arcade.client.scenes.title import TitleScene
    from arcade.client.play import start_match

    app = App(AppOptions(headless=True, config_dir=tempfile.mkdtemp(), bot_think_ticks=30, record=False))
    app.reset_to(TitleScene(app))
    if game:
        from arcade.games import REGISTRY
        from arcade.core.match import parse_seats

        r = REGISTRY[game]
        start_match(app, game, parse_seats(seats, r.min_players, r.max_players), 5, {})
        app.top.demo = True
        if think_here:
            for bot in app.top.match.bots.values():
                bot.ahead = None
    else:
        app.push(AttractScene(app))
    times, cpu = [], []
    start = time.perf_counter()
    for i in range(ticks):
        if realtime:
            time.sleep(max(0.0, start + i / 60 - time.perf_counter()))
        t0, c0 = time.perf_counter(), time.thread_time()
        app.pump()
        app.tick()
        app.draw(0.5)
        times.append((time.perf_counter() - t0) * 1000)
        cpu.append((time.thread_time() - c0) * 1000)
    return times, cpu


def launch_time() -> float:
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "arcade", "--headless", "--frames", "1", "--config-dir",
                    tempfile.mkdtemp()], check=True, capture_output=True, cwd=Path(__file__).resolve().parent.parent)
    return time.perf_counter() - t0


class XScreen:
    """Xvfb (1920×1080) on a free display number, with openbox when installed; ``stop()`` ends both."""

    def __init__(self) -> None:
        import shutil

        missing = [t for t in ("Xvfb", "xdotool", "xwininfo") if shutil.which(t) is None]
        if missing:
            raise SystemExit(f"--window needs {', '.join(missing)} (apt-get install xvfb xdotool x11-utils openbox)")
        self.n = next(n for n in range(91, 200) if not Path(f"/tmp/.X{n}-lock").exists()
                      and not Path(f"/tmp/.X11-unix/X{n}").exists())
        self.display = f":{self.n}"
        self.procs = [subprocess.Popen(["Xvfb", self.display, "-screen", "0", "1920x1080x24", "-nolisten", "tcp"],
                                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
        self.wait(lambda: subprocess.run(["xprop", "-root"], env=self.env(), capture_output=True).returncode == 0, 20)
        for _ in range(3):  # openbox gives up when the server is slow to answer: start it again
            if not shutil.which("openbox"):
                break
            wm = subprocess.Popen(["openbox"], env=self.env(), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            self.procs.append(wm)
            if self.wait(lambda: wm.poll() is not None
                         or "window id" in self.run("xprop", "-root", "_NET_SUPPORTING_WM_CHECK"), 20) \
                    and wm.poll() is None:
                break

    @staticmethod
    def wait(what, timeout: float):
        end = time.monotonic() + timeout
        while not (got := what()) and time.monotonic() < end:
            time.sleep(0.01)
        return got

    def env(self, **extra) -> dict:
        env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_VIDEO")}
        env.update(DISPLAY=self.display, SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1", **extra)
        return env

    def run(self, *argv: str) -> str:
        return subprocess.run(argv, env=self.env(), capture_output=True, text=True, timeout=10).stdout

    def stop(self) -> None:
        for p in reversed(self.procs):
            if p.poll() is None:
                p.terminate()
                p.wait(5)


def cpu_seconds(pid: int) -> float:
    f = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(f[11]) + int(f[12])) / os.sysconf("SC_CLK_TCK")


def window_run(x: XScreen, args: list[str], seconds: float, size: tuple[int, int]) -> dict:
    """Launch the game in the X screen, resize its window to ``size``, measure, close it politely."""
    import json
    import msgpack

    home = Path(tempfile.mkdtemp(prefix="grisbi-arcade-bench-"))
    (home / "config").mkdir()
    (home / "config" / "settings.msgpack").write_bytes(msgpack.packb({"attract_idle_seconds": 3600}))
    log, stats = home / "scenes.log", home / "frames.json"
    t0 = time.perf_counter()
    p = subprocess.Popen([sys.executable, "-m", "arcade", "--scene-log", str(log), "--frame-stats", str(stats),
                          *args], cwd=Path(__file__).resolve().parent.parent,
                         env=x.env(GRISBI_ARCADE_HOME=str(home)), stdout=subprocess.DEVNULL)
    x.wait(lambda: log.exists() and log.stat().st_size > 0, 30)
    first = time.perf_counter() - t0
    wid = x.wait(lambda: next((w for w in x.run("xdotool", "search", "--pid", str(p.pid)).split()
                               if "IsViewable" in x.run("xwininfo", "-id", w)), None), 10)
    x.wait(lambda: "=" in x.run("xprop", "-id", wid, "_NET_FRAME_EXTENTS"), 20)  # managed by the window manager
    x.run("xdotool", "windowsize", wid, str(size[0]), str(size[1]))
    x.run("xdotool", "windowmove", wid, "0", "0")
    time.sleep(1.5)  # settle: the resize and the table's first deal
    c0, x0, w0 = cpu_seconds(p.pid), cpu_seconds(x.procs[0].pid), time.perf_counter()
    time.sleep(seconds)
    share = (cpu_seconds(p.pid) - c0) / (time.perf_counter() - w0)
    xshare = (cpu_seconds(x.procs[0].pid) - x0) / (time.perf_counter() - w0)
    t1 = time.perf_counter()
    x.run("wmctrl", "-i", "-c", wid) if __import__("shutil").which("wmctrl") else x.run(
        "xdotool", "key", "--window", wid, "alt+F4")
    try:
        p.wait(10)
    except subprocess.TimeoutExpired:
        print(f"the window {wid} did not close: windows of the game {x.run('xdotool', 'search', '--pid', str(p.pid))!r}"
              f", window manager's list {x.run('wmctrl', '-l')!r}", file=sys.stderr)
        p.kill()
    closed = time.perf_counter() - t1
    data = json.loads(stats.read_text()) if stats.exists() else {}
    return {"first": first, "cpu": share, "xcpu": xshare, "close": closed, "frames": data.get("frames", []),
            "unchanged": data.get("unchanged", 0)}


PATHS = {"smoothscale, MIT-SHM window surface (the game's)": ("surface", {"SDL_FRAMEBUFFER_ACCELERATION": "0"}),
         "smoothscale, OpenGL texture window surface": ("surface", {"SDL_FRAMEBUFFER_ACCELERATION": "1"}),
         "renderer + texture, default driver": ("renderer", {}),
         "renderer + texture, software driver": ("renderer", {"SDL_RENDER_DRIVER": "software"})}


def present_path(how: str, size: tuple[int, int], frames: int = 300) -> float:
    """CPU ms a frame of bringing a picture with a small change to a window of ``size`` px by ``how`` (``PATHS``)."""
    import pygame

    pygame.init()
    picture = pygame.Surface((1280, 720))
    for y in range(0, 720, 8):
        picture.fill((y % 250, 90, 60), (0, y, 1280, 8))
    if how == "renderer":
        from pygame._sdl2.video import Renderer, Texture, Window

        os.environ.setdefault("SDL_RENDER_SCALE_QUALITY", "linear")
        renderer = Renderer(Window("bench", size=size, resizable=True))
        texture = Texture(renderer, (1280, 720), streaming=True)
    else:
        win = pygame.display.set_mode(size, pygame.RESIZABLE)
        picture = picture.convert()
    pygame.event.pump()
    c0 = time.process_time()
    for i in range(frames):
        picture.fill((i % 250, 30, 30), (600, 340, 80, 40))
        if how == "renderer":
            texture.update(picture)
            renderer.clear()
            texture.draw(dstrect=pygame.Rect((0, 0), size))
            renderer.present()
        else:
            pygame.transform.smoothscale(picture, size, win)
            pygame.display.update(win.get_rect())
        pygame.event.pump()
    return (time.process_time() - c0) / frames * 1000


def paths_main(size: tuple[int, int]) -> int:
    x = XScreen()
    try:
        print(f"bringing a changed 1280x720 picture to a {size[0]}x{size[1]} window under Xvfb (CPU ms a frame):")
        for name, (how, env) in PATHS.items():
            out = subprocess.run([sys.executable, __file__, "--present-path", how, "--size", f"{size[0]}x{size[1]}"],
                                 env=x.env(**env), capture_output=True, text=True, timeout=120)
            print(f"  {name}: {out.stdout.strip() or out.stderr.strip().splitlines()[-1:]}")
    finally:
        x.stop()
    return 0


def window_main(seconds: float, size: tuple[int, int]) -> int:
    x = XScreen()
    try:
        title = window_run(x, [], seconds, size)
        grisbi = window_run(x, ["--game", "grisbi", "--seats", ",".join(["bot"] * 8)], seconds, size)
    finally:
        x.stop()
    print(f"real window under Xvfb + openbox, resized to {size[0]}x{size[1]} (the picture scaled from 1280x720):")
    print(f"  launch to first presented frame {title['first']:.2f} s (target <= 1.5 s)")
    for name, r, target in (("idle title", title, 5), ("8-bot Grisbi", grisbi, 25)):
        fr = r["frames"]
        total = [sum(f) for f in fr] or [0.0]
        print(f"  {name}: CPU {r['cpu'] * 100:.1f} % of a core (target <= {target} %; the X server "
              f"{r['xcpu'] * 100:.1f} % more), {len(fr)} frames presented "
              f"({r['unchanged']} painted but not presented: no pixel changed), "
              f"exit {r['close']:.2f} s after the window closed (target <= 0.3 s)")
        if fr:
            print(f"    frame time p50 {percentile(total, 50):.2f} ms  p99 {percentile(total, 99):.2f} ms  "
                  f"(paint p50 {percentile([f[0] for f in fr], 50):.2f}, compare + scale p50 "
                  f"{percentile([f[1] for f in fr], 50):.2f}, update p50 {percentile([f[2] for f in fr], 50):.2f} ms)")
    return 0


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ticks", type=int, default=3600)
    ap.add_argument("--game", help="bench one game's table (all seats bots) instead of the attract rotation")
    ap.add_argument("--seats", default="bot,bot,bot,bot,bot,bot,bot,bot")
    ap.add_argument("--realtime", action="store_true", help="60 ticks a second (bots get their real think time)")
    ap.add_argument("--think-here", action="store_true", help="bots decide on the main thread (no worker thread)")
    ap.add_argument("--window", action="store_true", help="the real program in a real window under Xvfb")
    ap.add_argument("--seconds", type=float, default=10.0, help="--window: seconds of each CPU measurement")
    ap.add_argument("--size", default="1600x900", help="--window: the window's size, WxH")
    ap.add_argument("--paths", action="store_true", help="--window: time the ways of presenting a picture")
    ap.add_argument("--present-path", help=argparse.SUPPRESS)  # one of them, in the X screen (``paths_main``)
    a = ap.parse_args()
    w, _, h = a.size.partition("x")
    if a.present_path:
        print(f"{present_path(a.present_path, (int(w), int(h))):.2f} ms")
        return 0
    if a.window:
        return paths_main((int(w), int(h))) if a.paths else window_main(a.seconds, (int(w), int(h)))
    times, cpu = bench_ticks(a.ticks, a.game, a.seats, a.realtime, a.think_here)
    peak_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    launches = [launch_time() for _ in range(3)]
    what = f"{a.game} table ({len(a.seats.split(','))} seats)" if a.game else "attract mode"
    pace = "60 ticks a second" if a.realtime else "one after another"
    where = "; bots decide on the main thread" if a.think_here else ""
    print(f"{what}, {a.ticks} ticks at 1280x720, {pace}{where} (update + draw per tick):")
    print(f"  tick p50 {percentile(times, 50):.2f} ms   p99 {percentile(times, 99):.2f} ms   "
          f"max {max(times):.2f} ms   mean {statistics.fmean(times):.2f} ms   (target p99 <= 8 ms)")
    print(f"  CPU time of the tick (this thread; not inflated by other processes on a shared machine): "
          f"p50 {percentile(cpu, 50):.2f} ms   p99 {percentile(cpu, 99):.2f} ms")
    print(f"  peak memory (max RSS) {peak_mib:.0f} MiB")
    print(f"  launch to first title frame (whole process, median of 3) {statistics.median(launches):.2f} s "
          f"(target <= 1.5 s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
