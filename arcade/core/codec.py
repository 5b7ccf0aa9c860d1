"""A safe, self-describing encoding of game states and actions: msgpack with type tags, no code execution.

``encode(obj) -> bytes`` / ``decode(data) -> obj`` round-trip the values game states are made of: frozen dataclasses
of the game packages, tuples, frozensets, enums, ints, str, bytes, bool and None. Decoding accepts only dataclasses
and enums defined in the packages of the games registered from a folder (``arcade.core.registry.MODULES``; a
game's ``table`` folder excepted: no state holds its types) and the seeded generator (``Rng``): a whitelist built
from the registered games. It enforces size and nesting limits and raises ``CodecError`` (a ValueError) for
anything else: a hostile file can never build an arbitrary object. Used for views, desync dumps, spectator
snapshots and tests.

A type is named by ``module:qualname``; ``Rng`` keeps the name it had before it moved into ``arcade.core``
(``arcade.games.rng:Rng``), so encoded states are byte for byte what they were.
"""

from __future__ import annotations

import dataclasses
import enum
import importlib
import pkgutil
import sys
from typing import Any

import msgpack

from .registry import MODULES
from .rng import Rng

__all__ = ["encode", "decode", "CodecError", "MAX_BYTES"]

MAX_BYTES = 4 * 1024 * 1024
MAX_DEPTH = 64
_T, _FS, _DC, _EN = 0, 1, 2, 3  # tags: tuple, frozenset, dataclass, enum


class CodecError(ValueError):
    """Data that is not a valid encoded state (the message says why, in one line)."""


_WIRE_NAMES: dict[type, str] = {Rng: "arcade.games.rng:Rng"}
"""Core types that keep the name they were encoded with before they moved into ``arcade.core``."""


def _name(t: type) -> str:
    return _WIRE_NAMES.get(t) or f"{t.__module__}:{t.__qualname__}"


_TYPES: dict[str, type] = {}
_TYPES_OF: tuple[str, ...] | None = None  # the game packages ``_TYPES`` was built from


def _modules_of(package: Any) -> list[str]:
    """The modules of a game package, its sub-packages included and its ``table`` folder (pygame) left out."""
    out = [package.__name__]
    for info in pkgutil.iter_modules(getattr(package, "__path__", ()), package.__name__ + "."):
        if info.name.rpartition(".")[2] == "table":
            continue
        try:
            mod = importlib.import_module(info.name)
        except ImportError:
            continue
        out.extend(_modules_of(mod) if info.ispkg else [info.name])
    return out


def _types() -> dict[str, type]:
    """Every dataclass and enum defined in the modules of the registered game packages, and ``Rng`` (imported on
    first use, built again when the registered games change)."""
    global _TYPES_OF
    packages = tuple(sorted(m.__name__ for m in MODULES.values()))
    if packages != _TYPES_OF:
        types: dict[str, type] = {_name(Rng): Rng}
        for pkg in sorted(MODULES.values(), key=lambda m: m.__name__):
            for modname in _modules_of(pkg):
                mod = sys.modules.get(modname)
                for obj in vars(mod).values() if mod is not None else ():
                    if isinstance(obj, type) and obj.__module__ == modname and (
                            dataclasses.is_dataclass(obj) or issubclass(obj, enum.Enum)):
                        types[_name(obj)] = obj
        _TYPES.clear()
        _TYPES.update(types)
        _TYPES_OF = packages
    return _TYPES


def _enc(obj: Any) -> Any:
    t = type(obj)
    if obj is None or t in (int, str, bool, bytes):
        return obj
    if t is tuple or t is list:
        return msgpack.ExtType(_T, msgpack.packb([_enc(x) for x in obj], use_bin_type=True)) if t is tuple \
            else [_enc(x) for x in obj]
    if isinstance(obj, enum.Enum):
        return msgpack.ExtType(_EN, msgpack.packb([_name(t), _enc(obj.value)], use_bin_type=True))
    if dataclasses.is_dataclass(obj):
        vals = [_enc(getattr(obj, f.name)) for f in dataclasses.fields(obj)]
        return msgpack.ExtType(_DC, msgpack.packb([_name(t), vals], use_bin_type=True))
    if isinstance(obj, frozenset):
        items = sorted((_enc(x) for x in obj), key=lambda v: msgpack.packb(v, use_bin_type=True))
        return msgpack.ExtType(_FS, msgpack.packb(items, use_bin_type=True))
    if isinstance(obj, tuple):  # NamedTuple
        return msgpack.ExtType(_T, msgpack.packb([_enc(x) for x in obj], use_bin_type=True))
    raise CodecError(f"cannot encode a {t.__name__}")


def encode(obj: Any) -> bytes:
    """Bytes of a state or action. Raises CodecError for a value of a kind rules do not hold (floats, sets...)."""
    return msgpack.packb(_enc(obj), use_bin_type=True)


def _unpack(data: bytes, depth: int) -> Any:
    if depth > MAX_DEPTH:
        raise CodecError("nested too deeply")
    return msgpack.unpackb(data, raw=False, use_list=True, strict_map_key=True,
                           ext_hook=lambda code, d: _ext(code, d, depth + 1), max_ext_len=MAX_BYTES,
                           max_str_len=1 << 20, max_bin_len=MAX_BYTES, max_array_len=1 << 20, max_map_len=1 << 16)


def _ext(code: int, data: bytes, depth: int) -> Any:
    v = _unpack(data, depth)
    if code == _T:
        if not isinstance(v, list):
            raise CodecError("bad tuple")
        return tuple(v)
    if code == _FS:
        if not isinstance(v, list):
            raise CodecError("bad frozenset")
        try:
            return frozenset(v)
        except TypeError:
            raise CodecError("unhashable member in a frozenset") from None
    if code in (_DC, _EN):
        if not (isinstance(v, list) and len(v) == 2 and isinstance(v[0], str)):
            raise CodecError("bad tagged value")
        t = _types().get(v[0])
        if t is None:
            raise CodecError(f"unknown type {v[0][:60]!r}")
        if code == _EN:
            if not issubclass(t, enum.Enum):
                raise CodecError("not an enum")
            try:
                return t(v[1])
            except ValueError:
                raise CodecError(f"bad value for {t.__name__}") from None
        if not dataclasses.is_dataclass(t) or not isinstance(v[1], list):
            raise CodecError("not a dataclass")
        fields = dataclasses.fields(t)
        if len(v[1]) != len(fields):
            raise CodecError(f"{t.__name__} needs {len(fields)} fields, got {len(v[1])}")
        try:
            return t(**{f.name: x for f, x in zip(fields, v[1])})
        except (TypeError, ValueError) as e:
            raise CodecError(f"cannot build {t.__name__}: {e}") from None
    raise CodecError(f"unknown tag {code}")


def decode(data: bytes) -> Any:
    """Inverse of ``encode``. Raises CodecError (never anything else) on bad, oversized or hostile data."""
    if not isinstance(data, (bytes, bytearray)):
        raise CodecError("not bytes")
    if len(data) > MAX_BYTES:
        raise CodecError(f"too large ({len(data)} bytes)")
    try:
        return _unpack(bytes(data), 0)
    except CodecError:
        raise
    except (ValueError, TypeError, msgpack.ExtraData, msgpack.FormatError, msgpack.StackError, RecursionError,
            MemoryError, OverflowError) as e:
        raise CodecError(f"not a valid encoded state ({type(e).__name__})") from None
