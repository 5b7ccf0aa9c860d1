"""Player settings and key bindings, saved as msgpack in the user's config folder.

The folder is ``platformdirs.user_config_dir("grisbi-arcade")`` unless ``GRISBI_ARCADE_HOME`` or ``--config-dir``
names another. An unreadable, corrupt or hostile file never crashes the game: defaults are used and
``Settings.notice`` holds a one-line message the title screen shows (in the player's language, which the file itself
may choose: the message is worded when asked for).
"""

from __future__ import annotations

import copy
import logging
import os
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path

import msgpack
import platformdirs

from arcade.client.input import BUTTONS, DEFAULT_BINDINGS, ZONES
from arcade.client.render.fonts import TEXT_SCALES  # Settings → Display… → Text size: 100, 125, 150 (%)
from arcade.core.i18n import LANGUAGES, N_, _

__all__ = ["Settings", "TEXT_SCALES", "grisbi_defaults", "GRISBI_PACES", "default_player_name", "config_dir", "data_dir", "load_settings", "save_settings", "MAX_SETTINGS_BYTES"]

log = logging.getLogger(__name__)
APP = "grisbi-arcade"
MAX_SETTINGS_BYTES = 64 * 1024
SCALES = (0.5, 0.75, 1.0, 1.25, 1.5, 2.0)


def config_dir(override: str | os.PathLike | None = None) -> Path:
    if override:
        return Path(override)
    env = os.environ.get("GRISBI_ARCADE_HOME")
    return Path(env) / "config" if env else Path(platformdirs.user_config_dir(APP))


def data_dir(override: str | os.PathLike | None = None) -> Path:
    if override:
        return Path(override)
    env = os.environ.get("GRISBI_ARCADE_HOME")
    return Path(env) / "data" if env else Path(platformdirs.user_data_dir(APP))


@dataclass
class Settings:
    """Everything the settings screen edits. Volumes are 0..10; ``attract_idle_seconds`` in seconds.

    Grisbi's seat setup starts from ``grisbi_pace`` and ``grisbi_assist``, except for a new player's first match
    (``grisbi_defaults``): ``grisbi_finished`` counts the Grisbi matches played to the end here, ``grisbi_set``
    says the player chose Grisbi's pace or assist in Settings.

    LAN play (edited in LAN → LAN settings): ``lan_name`` (shown to the other players, 1..24 characters; default the
    OS user name), ``lan_name_asked`` (the player confirmed it: the first time they go to play with other machines
    they are asked, ``scenes.lan_name.LanNameScene``), ``lan_broadcast`` (where a host announces its match and a browser listens: ``""``, the default,
    means every LAN interface of this machine, see ``netplay.discovery.broadcast_targets``; 127.255.255.255 keeps
    everything on this machine; or one address such as 192.168.1.255; also ``--lan-broadcast``), ``lan_bind`` (the
    IPv4 address the host's game port is bound on: 0.0.0.0, every interface, by default; also ``--lan-bind``),
    ``lan_port`` (the host's UDP game port, 1024..65535).

    ``language``: a code of ``arcade.core.i18n.LANGUAGES`` chosen in Settings → Language, or "" (the default) to
    follow the OS locale (``--lang`` overrides both for one run).
    Online play (edited in Settings → Online servers, see ``netplay.online.online_settings``): ``online_rendezvous``
    (the Magic Wormhole mailbox server's ``ws://`` URL; "" for the public one), ``online_stun`` (``host:port``; ""
    for the default public STUN server, "none" for none), ``online_turn`` (a TURN relay ``host:port``; "" for none)
    with ``online_turn_user`` and ``online_turn_password`` (long-term, used by this machine only: kept in this file as
    typed) or ``online_turn_secret`` (coturn's ``static-auth-secret``: short-lived credentials are minted from it,
    and joiners without a relay get their own), and ``online_relay_only`` (offer relayed candidates only: hide this
    machine's addresses).

    Display (Settings → Display…): ``text_scale``, every text's size in percent of the size the screens were laid
    out for (``TEXT_SCALES``: 100, 125, 150; ``render.fonts.set_text_scale``); ``reduce_flashing``: Grisbi's flashes
    and shakes become a steady highlight (Game Accessibility Guidelines).
    """

    volume: int = 7
    music_volume: int = 5
    window_scale: float = 1.0
    fullscreen: bool = False
    attract_idle_seconds: int = 30
    grisbi_assist: bool = False
    grisbi_pace: str = "standard"
    grisbi_finished: int = 0
    grisbi_set: bool = False
    bot_level: str = "normal"
    lan_name: str = field(default_factory=lambda: default_player_name())
    lan_name_asked: bool = False
    lan_broadcast: str = ""
    lan_bind: str = "0.0.0.0"
    lan_port: int = 47800
    language: str = ""
    online_rendezvous: str = ""
    online_stun: str = ""
    online_turn: str = ""
    online_turn_user: str = ""
    online_turn_password: str = ""
    online_turn_secret: str = ""
    online_relay_only: bool = False
    text_scale: int = 100
    reduce_flashing: bool = False
    bindings: dict[str, dict[str, list[str]]] = field(default_factory=lambda: copy.deepcopy(DEFAULT_BINDINGS))
    bindings_by: str = "position"  # bindings name key positions (a file without it named key codes: migrated)
    problem: tuple[str, dict[str, str]] | None = field(default=None, compare=False)  # ``notice``: (English, fields)
    path: Path | None = field(default=None, compare=False)

    @property
    def notice(self) -> str:
        """Why the file could not be used (a one-line message the title shows) in the player's language, or ""."""
        if self.problem is None:
            return ""
        message, fields_ = self.problem
        return _(message).format(**fields_)

    def to_plain(self) -> dict:
        d = asdict(self)
        d.pop("problem")
        d.pop("path")
        return d


GRISBI_PACES = ("relaxed", "standard", "fast")
"""Grisbi's pace choices (the game's ``pace`` option; kept here so settings never import a game)."""
GENTLE = ("relaxed", True)
"""A new player's first Grisbi match: relaxed pace, assist on."""


def grisbi_defaults(s: Settings) -> tuple[str, bool, bool]:
    """Where Grisbi's seat setup starts: (pace, assist, gentle). ``gentle``: the first match of a new player (no
    Grisbi match finished here, nothing chosen in Settings), which starts at ``GENTLE``; else the Settings'
    ``grisbi_pace`` and ``grisbi_assist``."""
    if s.grisbi_finished == 0 and not s.grisbi_set:
        return GENTLE[0], GENTLE[1], True
    return s.grisbi_pace, s.grisbi_assist, False


def default_player_name() -> str:
    """The OS user name (``getpass.getuser()``), made printable and cut to 24 characters; "Player" if unknown."""
    import getpass

    try:
        name = getpass.getuser()
    except Exception:  # no user name in the environment nor the password database
        return "Player"
    name = "".join(c for c in str(name) if c.isprintable()).strip()[:24]
    return name or "Player"


def _is_ipv4(v: object) -> bool:
    parts = v.split(".") if isinstance(v, str) else []
    return len(parts) == 4 and all(p.isdigit() and len(p) <= 3 and int(p) <= 255 for p in parts)


def _clean(raw: object) -> tuple[Settings, list[str]]:
    """Settings from decoded data, keeping only well-typed, in-range values; returns what was dropped."""
    s = Settings()
    bad: list[str] = []
    if not isinstance(raw, dict):
        return s, ["not a settings table"]
    checks = {
        "volume": lambda v: isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 10,
        "music_volume": lambda v: isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 10,
        "window_scale": lambda v: isinstance(v, (int, float)) and not isinstance(v, bool) and v in SCALES,
        "fullscreen": lambda v: isinstance(v, bool),
        "attract_idle_seconds": lambda v: isinstance(v, int) and not isinstance(v, bool) and 5 <= v <= 3600,
        "grisbi_assist": lambda v: isinstance(v, bool),
        "grisbi_pace": lambda v: v in GRISBI_PACES,
        "grisbi_finished": lambda v: isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 10 ** 9,
        "grisbi_set": lambda v: isinstance(v, bool),
        "bot_level": lambda v: v in ("easy", "normal", "hard"),
        "lan_name": lambda v: isinstance(v, str) and 1 <= len(v) <= 24 and v.isprintable(),
        "lan_name_asked": lambda v: isinstance(v, bool),
        "lan_broadcast": lambda v: v == "" or _is_ipv4(v),
        "lan_bind": _is_ipv4,
        "lan_port": lambda v: isinstance(v, int) and not isinstance(v, bool) and 1024 <= v <= 65535,
        "language": lambda v: v == "" or (isinstance(v, str) and v in LANGUAGES),
        "bindings_by": lambda v: v == "position",
    }
    for name in ("online_rendezvous", "online_stun", "online_turn", "online_turn_user", "online_turn_password",
                 "online_turn_secret"):
        checks[name] = lambda v: isinstance(v, str) and len(v) <= 200 and v.isprintable()
    checks["online_relay_only"] = lambda v: isinstance(v, bool)
    checks["text_scale"] = lambda v: isinstance(v, int) and not isinstance(v, bool) and v in TEXT_SCALES
    checks["reduce_flashing"] = lambda v: isinstance(v, bool)
    for f in fields(Settings):
        if f.name not in raw or f.name in ("problem", "path", "bindings"):
            continue
        v = raw[f.name]
        if checks[f.name](v):
            setattr(s, f.name, float(v) if f.name == "window_scale" else v)
        else:
            bad.append(f.name)
    b = raw.get("bindings")
    if b is not None:
        ok = isinstance(b, dict) and all(
            z in ZONES and isinstance(m, dict) and all(
                btn in BUTTONS and isinstance(keys, list) and 0 < len(keys) <= 4
                and all(isinstance(k, str) and 0 < len(k) <= 20 for k in keys) for btn, keys in m.items())
            for z, m in b.items())
        if ok:
            for z, m in b.items():
                s.bindings[z].update({btn: list(keys) for btn, keys in m.items()})
            if raw.get("bindings_by") != "position":  # saved as key codes: now the positions of those keys
                from arcade.client.input import KeyboardLayout, migrate_bindings

                s.bindings = migrate_bindings(s.bindings, KeyboardLayout())
        else:
            bad.append("bindings")
    if "lan_bind" not in raw and raw.get("lan_broadcast") == "127.255.255.255":
        # a file from before LAN play had real-LAN defaults (it saved this machine's loopback as the broadcast
        # address, so no other machine could find or join): today's default, every network of this machine
        s.lan_broadcast = ""
    return s, bad


def load_settings(folder: str | os.PathLike | None = None) -> Settings:
    """Read settings; never raises. Missing file: defaults, no notice. Bad file: defaults and a notice."""
    path = config_dir(folder) / "settings.msgpack"
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        s = Settings()
        s.path = path
        return s
    except OSError as e:
        s = Settings(problem=(N_("Settings unreadable ({reason}); using defaults."), {"reason": str(e.strerror)}))
        s.path = path
        return s
    try:
        if size > MAX_SETTINGS_BYTES:
            raise ValueError(f"file too large ({size} bytes)")
        data = path.read_bytes()
        if not data:
            raise ValueError("file is empty")
        raw = msgpack.unpackb(data, raw=False, strict_map_key=True, max_str_len=4096, max_bin_len=0,
                              max_array_len=256, max_map_len=256, max_ext_len=0)
        s, bad = _clean(raw)
        if bad:
            s.problem = (N_("Some settings were invalid ({names}); defaults used for those."),
                         {"names": ", ".join(bad)})
    except Exception as e:  # any decoding problem: defaults and a notice
        log.warning("settings file %s unreadable: %s", path, e)
        s = Settings(problem=(N_("Settings file was unreadable ({reason}); using defaults."),
                              {"reason": type(e).__name__}))
    s.path = path
    return s


def save_settings(s: Settings) -> str | None:
    """Write settings atomically; returns an error message instead of raising."""
    path = s.path or (config_dir() / "settings.msgpack")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_bytes(msgpack.packb(s.to_plain(), use_bin_type=True))
        os.replace(tmp, path)
        return None
    except OSError as e:
        log.warning("could not save settings: %s", e)
        return _("Could not save settings ({reason}).").format(reason=e.strerror)
