"""Replays: every local and LAN match is recorded as it goes, and can be verified and played back.

A replay file is a stream of msgpack values:

1. a header map: ``format`` (``FORMAT``), ``kind`` ("grisbi-arcade-replay"), ``game``, ``rules_version``,
   ``app_version``, ``options``, ``seed``, ``seats`` (seat SPEC entries), ``players``, ``date`` (ISO 8601, UTC);
2. records, each a list:
   - ``[0, count, inputs]``: ``count`` consecutive ticks with the same inputs (run-length encoded: a Grisbi match is
     mostly ticks where nobody lays a card);
   - ``[1, tick, checksum]``: the state's checksum after ``tick`` ticks, every ``CHECK_EVERY`` (60) ticks;
   - ``[2, tick, checksum, scores]``: the match ended after ``tick`` ticks;
   - ``[3, tick]``: the players left the match before its end (quit to the title): not offered for resume.

The file is appended and flushed as the match goes: at least once a second (every 60 ticks) and whenever a turn
was played, so a crash loses at most the last second. A file whose last record was cut short by a crash still loads
(that record is dropped). An unfinished turn-based replay is what "Resume" continues.

Reading never trusts the file: size limit first, then decoding with limits, then the schema; every problem raises
``ReplayError`` with a one-line message.
"""

from __future__ import annotations

import datetime as _dt
import io
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator, Sequence

import msgpack

from arcade import __version__
from arcade.core.i18n import _
from arcade.core.registry import RULES_BY_ID as REGISTRY
from arcade.core.simulation import simulation_for

__all__ = ["FORMAT", "CHECK_EVERY", "MAX_FILE_BYTES", "ReplayError", "Replay", "ReplayWriter", "read_replay",
           "verify_replay", "replays_folder", "list_replays", "find_resumable"]

FORMAT = 1
KIND = "grisbi-arcade-replay"
CHECK_EVERY = 60
MAX_FILE_BYTES = 64 * 1024 * 1024
MAX_PLAYERS = 8
MAX_TICKS = 60 * 60 * 60 * 6  # six hours of play


class ReplayError(ValueError):
    """A replay that cannot be used; the message is one line a player can read."""


@dataclass
class Replay:
    """A decoded replay. ``runs``: (count, inputs) in order; ``checks``: tick -> checksum; ``end``: (tick,
    checksum, scores) if the match finished. ``truncated``: the last record was cut short (a crash)."""

    path: Path | None
    header: dict[str, Any]
    runs: list[tuple[int, tuple[int, ...]]] = field(default_factory=list)
    checks: dict[int, int] = field(default_factory=dict)
    end: tuple[int, int, tuple[int, ...]] | None = None
    result: str = ""
    truncated: bool = False
    abandoned: bool = False

    @property
    def game(self) -> str:
        return self.header["game"]

    @property
    def ticks(self) -> int:
        return sum(c for c, _ in self.runs)

    @property
    def finished(self) -> bool:
        return self.end is not None

    def inputs(self) -> Iterator[tuple[int, ...]]:
        """Every tick's inputs, in order."""
        for count, inputs in self.runs:
            for _ in range(count):
                yield inputs

    def make_simulation(self):
        rules = REGISTRY[self.game]
        return simulation_for(rules, self.header["seed"], self.header["players"], **self.header["options"])


class ReplayWriter:
    """Appends one match to a replay file. ``record(inputs, sim)`` after every tick; ``finish(sim)`` at the end.

    ``flush_on_input``: flush whenever a tick carries a non-zero input (turn-based games: every turn is on disk).
    Errors writing (disk full, folder gone) are remembered in ``error`` and recording stops; play goes on.
    """

    def __init__(self, path: str | os.PathLike, header: dict[str, Any], flush_on_input: bool = True,
                 append: bool = False) -> None:
        self.path = Path(path)
        self.flush_on_input = flush_on_input
        self.error: str | None = None
        self.run_inputs: tuple[int, ...] | None = None
        self.run_count = 0
        self.ticks_since_flush = 0
        self.closed = False
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self.file: io.BufferedWriter | None = open(self.path, "ab" if append else "wb")
            if not append:
                self.file.write(msgpack.packb(header, use_bin_type=True))
                self.file.flush()
        except OSError as e:
            self.file = None
            self.error = _("Replay not recorded ({reason}).").format(reason=e.strerror)

    def _write(self, obj: Any) -> None:
        if self.file is None:
            return
        try:
            self.file.write(msgpack.packb(obj, use_bin_type=True))
        except OSError as e:
            self.error = _("Replay recording stopped ({reason}).").format(reason=e.strerror)
            self.file = None

    def _write_run(self) -> None:
        if self.run_count:
            self._write([0, self.run_count, list(self.run_inputs)])
        self.run_count = 0
        self.run_inputs = None

    def flush(self) -> None:
        self._write_run()
        self.ticks_since_flush = 0
        if self.file is not None:
            try:
                self.file.flush()
            except OSError as e:
                self.error = _("Replay recording stopped ({reason}).").format(reason=e.strerror)
                self.file = None

    def record(self, inputs: Sequence[int], sim: Any) -> None:
        """One tick's inputs; ``sim`` (after the tick) gives the checkpoint checksums."""
        if self.closed:
            return
        inputs = tuple(inputs)
        if inputs == self.run_inputs:
            self.run_count += 1
        else:
            self._write_run()
            self.run_inputs, self.run_count = inputs, 1
        self.ticks_since_flush += 1
        if sim.tick % CHECK_EVERY == 0:
            self._write_run()
            self._write([1, sim.tick, sim.checksum()])
        if self.ticks_since_flush >= CHECK_EVERY or (self.flush_on_input and any(inputs)):
            self.flush()

    def abandon(self, sim: Any) -> None:
        """The players left before the end: close the file with a ``[3, tick]`` record."""
        if self.closed:
            return
        self._write_run()
        self._write([3, sim.tick])
        self.close()

    def finish(self, sim: Any, scores: Sequence[int], result: str = "") -> None:
        """The match ended: ``[2, tick, checksum, scores, result]`` (``result``: "Robbers won", for the list)."""
        if self.closed:
            return
        self._write_run()
        self._write([2, sim.tick, sim.checksum(), list(scores), result[:80]])
        self.close()

    def close(self) -> None:
        if self.closed:
            return
        self.flush()
        self.closed = True
        if self.file is not None:
            try:
                os.fsync(self.file.fileno())
                self.file.close()
            except OSError:
                pass
            self.file = None


def make_header(game: str, seed: int, seats: Sequence[str], options: dict[str, Any]) -> dict[str, Any]:
    rules = REGISTRY[game]
    return {"format": FORMAT, "kind": KIND, "game": game, "rules_version": rules.version,
            "app_version": __version__, "options": dict(options), "seed": seed, "seats": list(seats),
            "players": len(seats), "date": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")}


def _check_header(h: Any) -> dict[str, Any]:
    if not isinstance(h, dict) or h.get("kind") != KIND:
        raise ReplayError("not a Grisbi Arcade replay")
    fmt = h.get("format")
    if not isinstance(fmt, int):
        raise ReplayError("replay header has no format version")
    if fmt > FORMAT:
        raise ReplayError(f"replay format {fmt} is newer than this version reads ({FORMAT}); update Grisbi Arcade")
    game = h.get("game")
    if game not in REGISTRY:
        raise ReplayError(f"replay of an unknown game {str(game)[:40]!r}")
    rv = h.get("rules_version")
    if rv != REGISTRY[game].version:
        raise ReplayError(f"replay made with {game} rules version {rv}; this version plays rules version "
                          f"{REGISTRY[game].version}, so it cannot be re-simulated")
    players = h.get("players")
    r = REGISTRY[game]
    if not isinstance(players, int) or not r.min_players <= players <= max(r.max_players, MAX_PLAYERS):
        raise ReplayError("replay header has a bad player count")
    if not isinstance(h.get("seed"), int) or not isinstance(h.get("options"), dict):
        raise ReplayError("replay header has a bad seed or options")
    seats = h.get("seats")
    if not (isinstance(seats, list) and len(seats) == players and all(isinstance(s, str) for s in seats)):
        raise ReplayError("replay header has bad seats")
    for k, v in h["options"].items():
        if not isinstance(k, str) or not (v is None or isinstance(v, (int, bool, str))):
            raise ReplayError("replay header has bad options")
    return h


def read_replay(path: str | os.PathLike) -> Replay:
    """Load and validate a replay file. Raises ReplayError with a one-line reason."""
    p = Path(path)
    try:
        size = p.stat().st_size
    except OSError as e:
        raise ReplayError(f"cannot open {p.name}: {e.strerror}") from None
    if size == 0:
        raise ReplayError(f"{p.name} is empty")
    if size > MAX_FILE_BYTES:
        raise ReplayError(f"{p.name} is too large ({size} bytes) to be a replay")
    try:
        data = p.read_bytes()
    except OSError as e:
        raise ReplayError(f"cannot read {p.name}: {e.strerror}") from None
    return parse_replay(data, p)


def parse_replay(data: bytes, path: Path | None = None) -> Replay:
    """Decode replay bytes (see ``read_replay``)."""
    if len(data) > MAX_FILE_BYTES:
        raise ReplayError("replay too large")
    up = msgpack.Unpacker(raw=False, strict_map_key=True, max_buffer_size=MAX_FILE_BYTES, max_str_len=4096,
                          max_bin_len=0, max_array_len=64, max_map_len=64, max_ext_len=0, use_list=True)
    up.feed(data)
    try:
        header = next(up)
    except StopIteration:
        raise ReplayError("replay is truncated before its header ends") from None
    except (ValueError, TypeError, msgpack.ExtraData, msgpack.FormatError, msgpack.StackError) as e:
        raise ReplayError(f"replay header is corrupt ({type(e).__name__})") from None
    h = _check_header(header)
    rep = Replay(path, h)
    n = h["players"]
    tick = 0
    while True:
        pos = up.tell()
        try:
            rec = next(up)
        except StopIteration:
            if pos < len(data):
                rep.truncated = True  # a record cut short by a crash: drop it
            break
        except (ValueError, TypeError, msgpack.ExtraData, msgpack.FormatError, msgpack.StackError) as e:
            raise ReplayError(f"replay is corrupt after tick {tick} ({type(e).__name__})") from None
        if rep.end is not None:
            raise ReplayError("replay has records after its end")
        if not isinstance(rec, list) or not rec or rec[0] not in (0, 1, 2, 3):
            raise ReplayError(f"replay has a bad record after tick {tick}")
        kind = rec[0]
        if kind == 3:
            if len(rec) != 2 or rec[1] != tick:
                raise ReplayError(f"replay has a bad record at tick {tick}")
            rep.abandoned = True
            continue
        if kind == 0:
            if len(rec) != 3 or not isinstance(rec[1], int) or not 0 < rec[1] <= MAX_TICKS \
                    or not isinstance(rec[2], list) or len(rec[2]) != n \
                    or not all(isinstance(x, int) and not isinstance(x, bool) and 0 <= x < 65536 for x in rec[2]):
                raise ReplayError(f"replay has bad inputs after tick {tick}")
            tick += rec[1]
            if tick > MAX_TICKS:
                raise ReplayError("replay is longer than any match can be")
            if rep.runs and rep.runs[-1][1] == tuple(rec[2]):
                rep.runs[-1] = (rep.runs[-1][0] + rec[1], rep.runs[-1][1])
            else:
                rep.runs.append((rec[1], tuple(rec[2])))
        else:
            if len(rec) not in ((3,) if kind == 1 else (4, 5)) or rec[1] != tick or not isinstance(rec[2], int) \
                    or not 0 <= rec[2] < (1 << 64):
                raise ReplayError(f"replay has a bad checksum record at tick {tick}")
            if kind == 1:
                rep.checks[tick] = rec[2]
            else:
                if not isinstance(rec[3], list) or len(rec[3]) != n or not all(isinstance(x, int) for x in rec[3]):
                    raise ReplayError("replay has a bad final record")
                rep.checks[tick] = rec[2]
                rep.end = (tick, rec[2], tuple(rec[3]))
                rep.result = rec[4] if len(rec) == 5 and isinstance(rec[4], str) else ""
    return rep


@dataclass
class VerifyResult:
    ok: bool
    ticks: int
    checked: int
    first_bad_tick: int | None = None
    message: str = ""


def verify_replay(rep: Replay) -> VerifyResult:
    """Re-simulate as fast as possible and compare every recorded checksum."""
    sim = rep.make_simulation()
    checks = rep.checks
    checked = 0
    advance = sim.advance
    for count, inputs in rep.runs:
        for _ in range(count):
            advance(inputs)
            t = sim.tick
            if t in checks:
                checked += 1
                if sim.checksum() != checks[t]:
                    return VerifyResult(False, t, checked, t, f"checksum differs at tick {t}")
    if rep.end is not None and rep.end[2] != tuple(REGISTRY[rep.game].scores(sim.state)):
        return VerifyResult(False, sim.tick, checked, sim.tick, f"final scores differ at tick {sim.tick}")
    return VerifyResult(True, sim.tick, checked, None, f"{checked} checksums match over {sim.tick} ticks")


def replays_folder(data_dir: Path) -> Path:
    return data_dir / "replays"


def new_replay_path(data_dir: Path, game: str, seed: int) -> Path:
    stamp = _dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    folder = replays_folder(data_dir)
    p = folder / f"{stamp}-{game}-{seed % 100000:05d}.grr"
    k = 1
    while p.exists():
        p = folder / f"{stamp}-{game}-{seed % 100000:05d}-{k}.grr"
        k += 1
    return p


def list_replays(data_dir: Path, limit: int = 200) -> tuple[list[Replay], list[str]]:
    """Readable replays, newest first, and one-line messages for the files that could not be read."""
    folder = replays_folder(data_dir)
    out, bad = [], []
    try:
        files = sorted(folder.glob("*.grr"), reverse=True)[:limit]
    except OSError:
        return [], []
    for f in files:
        try:
            out.append(read_replay(f))
        except ReplayError as e:
            bad.append(f"{f.name}: {e}")
    return out, bad


def find_resumable(data_dir: Path) -> Replay | None:
    """The newest unfinished local match of any game, if any (what "Resume" offers): it was interrupted by a crash,
    a closed window or "Quit to title"."""
    reps, _ = list_replays(data_dir, limit=20)
    for r in reps:
        if not r.finished and not r.header.get("lan") \
                and not r.abandoned and r.ticks > 0:
            return r
    return None
