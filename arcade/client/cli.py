"""The command line: ``grisbi-arcade`` / ``python -m arcade``.

Without arguments the game opens on the title screen (and, left alone, goes into attract mode). Options for tests
and tools: ``--headless`` (no window; the loop runs unpaced unless ``--realtime``), ``--demo``, ``--frames N``,
``--screenshot PATH``, ``--game ID --seats SPEC --seed N`` to start a match directly, ``--input-script FILE``.
Subcommands ``host`` and ``join`` run headless network matches (``arcade.client.netmatch``); ``browse`` lists the matches
on the LAN (``arcade.client.browse``). LAN play from the client: ``--lan-broadcast ADDR``, ``--lan-bind ADDR`` and
``--lan-port N`` set the network for this run; ``--lan MODE`` opens a LAN screen or a
scripted flow (``arcade.client.scenes.lan_menu.start_from_cli``; hidden test hooks: ``--lan-summary``, ``--lan-countdown``,
``--lan-end-after-rounds``, ``--lan-end-when-file``, ``--lan-tick-rate``, ``--lan-timeout``). Online play:
``--online-rendezvous URL``, ``--online-stun``, ``--online-turn``, ``--online-turn-user``, ``--online-turn-password``,
``--online-turn-secret``, ``--online-relay-only`` set the servers for this run; ``--online MODE`` opens an online screen or
flow (``--online-code CODE``; ``arcade.client.scenes.online_menu.start_online_from_cli``; the ``--lan-auto``,
``--lan-summary``, ``--lan-countdown``
and ``--lan-end-after-rounds`` hooks apply to it too). Bad arguments: a one-line error and exit status 2.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

__all__ = ["main", "build_parser"]


class OneLineParser(argparse.ArgumentParser):
    """argparse that reports a bad argument in one line (no usage block) and exits with status 2."""

    def error(self, message: str):  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


def screenshot_problem(path: str | None) -> str | None:
    """Why ``--screenshot PATH`` cannot be written, checked before the run (None if it can)."""
    if not path:
        return None
    target = Path(path).expanduser()
    folder = target.resolve().parent
    if target.is_dir():
        return f"--screenshot {path}: that is a folder; give a file name (e.g. {path.rstrip('/')}/shot.png)"
    if not folder.is_dir():
        return f"--screenshot {path}: the folder {folder} does not exist"
    if not os.access(folder, os.W_OK):
        return f"--screenshot {path}: the folder {folder} is not writable"
    existed = target.exists()
    try:  # os.access says yes to root everywhere (/proc, /sys, a read-only mount): try the file itself
        with open(target, "ab"):
            pass
    except OSError as e:
        return f"--screenshot {path}: cannot write there ({e.strerror or e})"
    if not existed:
        try:
            target.unlink()
        except OSError:
            pass
    return None


def frames_problem(frames: int | None) -> str | None:
    """Why ``--frames N`` is not a run length (None if it is): N must be at least 1."""
    if frames is not None and frames < 1:
        return f"--frames must be at least 1, not {frames}"
    return None


def fall_back_from_missing_pads(seats: list, pads: list[str]) -> tuple[list, list[str]]:
    """Seats naming a gamepad that is not connected get the next free keyboard zone instead; returns the seats and
    one warning line per seat changed."""
    from arcade.core.match import ZONES, SeatSpec

    used = {s.device for s in seats if s.kind == "human"}
    free = [z for z in ZONES if z not in used]
    out, warnings = [], []
    for i, s in enumerate(seats):
        if s.kind == "human" and s.device.startswith("pad") and s.device not in pads and free:
            zone = free.pop(0)
            warnings.append(f"seat {i + 1}: gamepad {int(s.device[3:]) + 1} is not connected; "
                            f"that seat plays with the {zone.upper()} keys")
            s = SeatSpec("human", zone, team=s.team)
        out.append(s)
    return out, warnings


def build_parser() -> argparse.ArgumentParser:
    from arcade.core.i18n import LANGUAGES

    p = OneLineParser(prog="grisbi-arcade", description="Grisbi Arcade: five tabletop games about cops, "
                                "robbers and outlaws, on one keyboard, across a LAN, or as an attract-mode demo.",
                                epilog="Subcommands: 'host' and 'join' run headless LAN matches, 'browse "
                                "--headless' lists the matches on the LAN, 'replay FILE [--verify]' watches or "
                                "verifies a replay (see --help of each).")
    p.add_argument("--headless", action="store_true", help="no window; run as fast as possible unless --realtime")
    p.add_argument("--realtime", action="store_true", help="with --headless: pace the loop at 60 ticks a second")
    p.add_argument("--demo", action="store_true", help="start in attract mode (bots play the games in rotation)")
    p.add_argument("--frames", type=int, metavar="N", help="run N ticks, then exit 0")
    p.add_argument("--screenshot", metavar="PATH", help="save a PNG of the last frame at exit")
    p.add_argument("--game", metavar="ID", help="start a match of this game directly")
    p.add_argument("--seats", metavar="SPEC", help="comma-separated seats: human, human:ZONE, pad:N, mouse, bot, "
                   "bot:LEVEL; Grisbi: add @robbers or @police to choose a seat's team (bot@police)")
    p.add_argument("--seed", type=int, metavar="N", help="the match seed (default: from the clock)")
    p.add_argument("--input-script", metavar="FILE", help="timed key presses to drive the game (see README)")
    p.add_argument("--config-dir", metavar="DIR", help="where settings are read and saved")
    p.add_argument("--data-dir", metavar="DIR", help="where replays are kept (default: your data folder; a match "
                   "started with --game, --headless, --demo or --lan uses a temporary folder unless this is given)")
    p.add_argument("--lang", choices=tuple(LANGUAGES), help="the language for this run (default: Settings → Language, "
                   "else the system's: LANGUAGE, LC_ALL, LC_MESSAGES, LANG; English if none is French)")
    p.add_argument("--exit-on-results", action="store_true", help="exit 0 when a match reaches its results screen")
    p.add_argument("--bot-think", type=int, default=40, metavar="TICKS", help="ticks a turn-based bot waits")
    p.add_argument("--scene-log", metavar="FILE", help=argparse.SUPPRESS)  # tests: the top scene's name on change
    p.add_argument("--frame-stats", metavar="FILE", help=argparse.SUPPRESS)  # bench: each frame's paint/scale/flip
    lan = p.add_argument_group("LAN play", "the LAN menus are on the title screen; these options set the network "
                               "for this run, or open a LAN screen or flow directly (tests, screenshots)")
    lan.add_argument("--lan-broadcast", metavar="ADDR", help="where hosts announce and browsers listen (default from "
                     "settings: every LAN interface; 127.255.255.255: this machine only; or e.g. 192.168.1.255)")
    lan.add_argument("--lan-bind", metavar="ADDR", help="the address the host's game port is bound on (default "
                     "from settings: 0.0.0.0, every interface)")
    lan.add_argument("--lan-port", type=int, metavar="N", help="the host's UDP game port (default 47800)")
    lan.add_argument("--lan", metavar="MODE", choices=("menu", "browse", "host-setup", "host", "join", "watch"),
                     help="open a LAN screen (menu, browse, host-setup) or flow: host (--game, --seats with "
                          "'remote' seats), join/watch (--lan-address, --lan-code; --seats: the players here)")
    lan.add_argument("--lan-address", metavar="HOST:PORT", help="the host to join or watch")
    lan.add_argument("--lan-code", metavar="CODE", help="the join code (host: default a new one)")
    lan.add_argument("--lan-name", metavar="NAME", help="the name the other players see")
    lan.add_argument("--lan-claim", metavar="SEATS", default="", help="watch: seats (1-based, comma-separated) to "
                     "take back once caught up (a dropped player rejoining), played by --seats in order")
    lan.add_argument("--lan-auto", action="store_true", help="joiners are ready at once; the host starts when all "
                     "are ready (after --lan-countdown seconds)")
    lan.add_argument("--lan-countdown", type=float, default=1.0, metavar="S", help=argparse.SUPPRESS)
    lan.add_argument("--lan-summary", metavar="FILE", help=argparse.SUPPRESS)
    lan.add_argument("--lan-end-after-rounds", type=int, metavar="N", help=argparse.SUPPRESS)
    lan.add_argument("--lan-end-when-file", metavar="FILE", help=argparse.SUPPRESS)
    lan.add_argument("--lan-tick-rate", type=int, default=60, metavar="HZ", help=argparse.SUPPRESS)
    lan.add_argument("--lan-timeout", type=float, metavar="S", help=argparse.SUPPRESS)
    net = p.add_argument_group("online play", "Play online is on the title screen; these options set the servers "
                               "for this run, or open an online screen or flow directly (tests, screenshots)")
    net.add_argument("--online", metavar="MODE", choices=("menu", "host-setup", "join-setup", "settings", "host",
                                                          "join"),
                     help="open an online screen (menu, host-setup, join-setup, settings) or flow: host (--game, "
                          "--seats with 'remote' seats: a code, then the lobby), join (--online-code; --seats: the "
                          "players here, none: watch)")
    net.add_argument("--online-code", metavar="CODE", help="the host's internet code (e.g. 7-crossover-tiger-guitarist)")
    net.add_argument("--online-rendezvous", metavar="URL", help="the meeting server (a Magic Wormhole mailbox "
                     "server, ws://HOST:PORT/v1; default from settings: the public one)")
    net.add_argument("--online-stun", metavar="HOST:PORT", help="the STUN server (default from settings)")
    net.add_argument("--online-turn", metavar="HOST:PORT", help="a TURN relay (default from settings: none)")
    net.add_argument("--online-turn-user", metavar="U", help="the TURN relay's user name")
    net.add_argument("--online-turn-password", metavar="P", help="the TURN relay's password (long-term: used by "
                     "this machine only)")
    net.add_argument("--online-turn-secret", metavar="SECRET", help="the TURN relay's shared secret (coturn's "
                     "static-auth-secret), instead of a user and password")
    net.add_argument("--online-relay-only", action="store_true", help="offer relayed candidates only (hide this "
                     "machine's addresses)")
    return p


def replay_main(argv: list[str]) -> int:
    """``grisbi-arcade replay FILE [--verify] [--headless] [--frames N] [--screenshot PATH]``."""
    p = OneLineParser(prog="grisbi-arcade replay", description="Watch or verify a replay file.")
    p.add_argument("file")
    p.add_argument("--verify", action="store_true", help="re-simulate as fast as possible and compare checksums")
    p.add_argument("--headless", action="store_true")
    p.add_argument("--frames", type=int, metavar="N")
    p.add_argument("--screenshot", metavar="PATH")
    p.add_argument("--config-dir", metavar="DIR")
    try:
        args = p.parse_args(argv)
    except SystemExit as e:
        return int(e.code or 0)
    problem = frames_problem(args.frames) or screenshot_problem(args.screenshot)
    if problem:
        return _fail(p, problem)
    if not args.headless and not args.verify and display_missing():
        return 2
    if args.headless:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from arcade.core.replay import ReplayError, read_replay, verify_replay

    try:
        rep = read_replay(args.file)
    except ReplayError as e:
        print(f"grisbi-arcade replay: error: {e}", file=sys.stderr)
        return 1
    if args.verify:
        import time

        t0 = time.perf_counter()
        res = verify_replay(rep)
        dt = time.perf_counter() - t0
        if not res.ok:
            print(f"replay {Path(args.file).name}: DESYNC: {res.message} (first differing tick {res.first_bad_tick})",
                  file=sys.stderr)
            return 1
        speed = (res.ticks / 60) / dt if dt > 0 else float("inf")
        print(f"replay {Path(args.file).name}: OK: {res.message} in {dt:.2f} s ({speed:.0f}x real time)"
              + (" (unfinished match)" if not rep.finished else ""))
        return 0
    from arcade.client.app import App, AppOptions
    from arcade.client.scenes.title import TitleScene
    from arcade.client.scenes.replays import PlaybackScene

    app = App(AppOptions(headless=args.headless, frames=args.frames, screenshot=args.screenshot,
                         config_dir=args.config_dir))
    app.reset_to(TitleScene(app))
    app.push(PlaybackScene(app, rep))
    return app.run()


NO_DISPLAY = "no display found; use --headless for runs without a screen"


def display_missing() -> bool:
    """No screen to open a window on (``app.no_display``): says so in one line on stderr and returns True."""
    from arcade.client.app import no_display

    if no_display():
        print(f"grisbi-arcade: {NO_DISPLAY}", file=sys.stderr)
        return True
    return False


def _fail(parser: argparse.ArgumentParser, msg: str) -> int:
    print(f"{parser.prog}: error: {msg}", file=sys.stderr)
    return 2


class _Usage(Exception):
    """A command-line mistake: the one-line message ``main`` prints (exit status 2)."""


def _check_args(args: argparse.Namespace) -> None:
    """The options' values, in the order a player would fix them. Raises _Usage."""
    from arcade.games import REGISTRY

    problem = frames_problem(args.frames) or screenshot_problem(args.screenshot)
    if problem:
        raise _Usage(problem)
    if args.game is not None and args.game not in REGISTRY:
        raise _Usage(f"unknown game {args.game!r} (choose from {', '.join(sorted(REGISTRY))})")
    if args.seats and not args.game and args.lan not in ("join", "watch") and args.online != "join":
        raise _Usage("--seats needs --game")
    if args.lan and args.online:
        raise _Usage("--lan and --online: choose one")
    for opt, value in (("--lan-broadcast", args.lan_broadcast), ("--lan-bind", args.lan_bind)):
        parts = (value or "").split(".")
        if value and (len(parts) != 4 or not all(x.isdigit() and len(x) <= 3 and int(x) <= 255 for x in parts)):
            raise _Usage(f"{opt} {value!r} is not an IPv4 address")
    if args.lan_port is not None and not 1024 <= args.lan_port <= 65535:
        raise _Usage("--lan-port must be 1024..65535")
    if not 1 <= args.lan_tick_rate <= 240:
        raise _Usage("--lan-tick-rate must be 1..240")


def _lan_seats(args: argparse.Namespace) -> list | None:
    """``--lan host/join/watch``'s (or ``--online host/join``'s) seats on this machine (``SeatSpec`` list; None: a
    joiner who names none). Raises _Usage."""
    mode = args.lan or args.online
    if mode not in ("host", "join", "watch") or not (args.seats or mode == "host"):
        return None
    from arcade.core.match import SpecError, allowed_counts, parse_seats

    try:
        if mode == "host":
            if not args.game:
                raise _Usage(f"--{'lan' if args.lan else 'online'} host needs --game")
            counts = allowed_counts(args.game)
            seats = parse_seats(args.seats or ",".join(["human"] + ["remote"] * (counts[0] - 1)),
                                min(counts), max(counts))
            if len(seats) not in counts:
                raise SpecError(f"{args.game} takes {' or '.join(map(str, counts))} players")
            return seats
        if args.online == "join" and args.seats.strip().lower() == "none":
            return []
        seats = parse_seats(args.seats, 1, 7)
        if any(s.kind == "remote" for s in seats):
            raise SpecError("a joiner's --seats lists the players on this machine (no 'remote')")
        return seats
    except SpecError as e:
        raise _Usage(str(e)) from None


def _local_seats(args: argparse.Namespace) -> list | None:
    """``--game``'s seats for a local match (default: one human, bots for the rest; None without ``--game`` or in
    LAN play). Raises _Usage."""
    if not args.game or args.lan or args.online:
        return None
    from arcade.core.match import SpecError, allowed_counts, parse_seats, seat_teams

    counts = allowed_counts(args.game)
    spec = args.seats or ",".join(["human"] + ["bot"] * (counts[0] - 1))
    try:
        seats = parse_seats(spec, min(counts), max(counts))
        if len(seats) not in counts:
            raise SpecError(f"{args.game} takes {' or '.join(map(str, counts))} players, the SPEC names "
                            f"{len(seats)}")
        seat_teams(args.game, seats)  # teams chosen with @TEAM: known names, at most one player more
    except SpecError as e:
        raise _Usage(str(e)) from None
    return seats


def _input_script(path: str | None):
    """The ``--input-script`` file, parsed (None without one). Raises _Usage."""
    if not path:
        return None
    from arcade.client.app import InputScript, ScriptError

    try:
        data = Path(path).read_text(encoding="utf-8")
        if len(data) > 4_000_000:
            raise _Usage("input script too large")
        import pygame

        pygame.init()
        return InputScript.parse(data)
    except OSError as e:
        raise _Usage(f"cannot read input script: {e.strerror}") from None
    except (ScriptError, UnicodeDecodeError) as e:
        raise _Usage(str(e)) from None


def _make_app(args: argparse.Namespace, script):
    """The App with the command line's options and LAN settings, on the title screen."""
    from arcade.client.app import App, AppOptions
    from arcade.client.scenes.title import TitleScene

    data_dir = args.data_dir
    if data_dir is None and (args.game or args.headless or args.lan or args.online or args.demo):
        # a match started from the command line, headless or by a tool is not the player's: its replay goes to a
        # temporary folder, so it never shows in Replays or as "Resume" on the title (--data-dir keeps it)
        import tempfile

        data_dir = tempfile.mkdtemp(prefix="grisbi-arcade-run-")
    opts = AppOptions(headless=args.headless, realtime=args.realtime, demo=args.demo, frames=args.frames,
                      screenshot=args.screenshot, game=args.game, seats=args.seats, seed=args.seed,
                      input_script=script, config_dir=args.config_dir, data_dir=data_dir, bot_think_ticks=args.bot_think,
                      exit_on_results=args.exit_on_results, scene_log=args.scene_log,
                      frame_stats=args.frame_stats, language=args.lang)
    app = App(opts)
    if args.lan_broadcast is not None:
        app.settings.lan_broadcast = args.lan_broadcast
    if args.lan_bind:
        app.settings.lan_bind = args.lan_bind
    if args.lan_name:
        app.settings.lan_name = args.lan_name[:24]
        app.settings.lan_name_asked = True
    if args.lan_port is not None:
        app.settings.lan_port = args.lan_port
    if args.online_relay_only:
        app.settings.online_relay_only = True
    for key in ("rendezvous", "stun", "turn", "turn_user", "turn_password", "turn_secret"):
        value = getattr(args, f"online_{key}")
        if value is not None:
            setattr(app.settings, f"online_{key}", value)
    app.reset_to(TitleScene(app))
    return app


def _start_local(app, args: argparse.Namespace, seats: list) -> None:
    """``--game``: the match on this machine, a missing gamepad's seat given to the keyboard (a warning)."""
    from arcade.client.play import start_match
    from arcade.core.match import options_for_count

    seats, warnings = fall_back_from_missing_pads(seats, app.input.pads())
    for w in warnings:
        print(f"grisbi-arcade: warning: {w}", file=sys.stderr)
        app.notice = w
    seed = args.seed if args.seed is not None else int.from_bytes(__import__("os").urandom(4), "big")
    start_match(app, args.game, seats, seed, options_for_count(args.game, len(seats)))


def main(argv: list[str] | None = None) -> int:
    """``grisbi-arcade [options]`` (the title, or ``--game``'s match, a LAN lobby, attract mode), or one of the
    subcommands ``host``, ``join`` (headless LAN peers), ``browse`` (LAN matches), ``replay``. Returns the exit
    status: 0, 1 (a LAN error, a failed replay check), 2 (a command-line mistake, no display)."""
    import arcade.games  # noqa: F401  registers the games (core code looks them up and never imports them)

    argv = list(sys.argv[1:] if argv is None else argv)
    if argv and argv[0] in ("host", "join"):
        from arcade.client import netmatch

        return netmatch.main(argv)
    if argv and argv[0] == "browse":
        from arcade.client import browse

        return browse.main(argv[1:], open_screen=main)
    if argv and argv[0] == "replay":
        return replay_main(argv[1:])
    parser = build_parser()
    if "--headless" in argv:
        import os

        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    try:
        args = parser.parse_args(argv)
    except SystemExit as e:  # argparse already printed a one-line error (or the help)
        return int(e.code or 0)
    try:  # the arguments first: a mistake is named whether or not there is a screen
        _check_args(args)
        lan_seats = _lan_seats(args)
        try:
            claim = [int(x) for x in args.lan_claim.split(",") if x.strip()]
        except ValueError:
            raise _Usage(f"--lan-claim {args.lan_claim!r}: seat numbers, e.g. 2 or 2,4") from None
        seats = _local_seats(args)
        if not args.headless and display_missing():
            return 2
        script = _input_script(args.input_script)
    except _Usage as e:
        return _fail(parser, str(e))
    app = _make_app(args, script)
    if args.lan:
        from arcade.client.scenes.lan_menu import start_from_cli

        err = start_from_cli(app, args.lan, game=args.game, seats=lan_seats, address=args.lan_address,
                             code=args.lan_code, name=args.lan_name, claim=claim, auto=args.lan_auto,
                             countdown=args.lan_countdown, summary=args.lan_summary,
                             end_after_rounds=args.lan_end_after_rounds, tick_rate=args.lan_tick_rate,
                             timeout=args.lan_timeout, nonce=args.seed, end_when_file=args.lan_end_when_file)
        if err:
            print(f"grisbi-arcade: error: {err}", file=sys.stderr)
            return 1
    if args.online:
        from arcade.client.scenes.online_menu import start_online_from_cli

        from arcade.client.net.script import Script

        err = start_online_from_cli(app, args.online, game=args.game, seats=lan_seats, code=args.online_code,
                                    script=Script(auto=args.lan_auto, countdown=args.lan_countdown,
                                                  summary=args.lan_summary,
                                                  end_after_rounds=args.lan_end_after_rounds))
        if err:
            print(f"grisbi-arcade: error: {err}", file=sys.stderr)
            return 1
    if args.demo:
        from arcade.client.scenes.attract import AttractScene

        app.push(AttractScene(app))
    if seats is not None:
        _start_local(app, args, seats)
    return app.run()
