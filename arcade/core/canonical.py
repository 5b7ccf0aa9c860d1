"""The canonical encoding of a game state: the msgpack bytes that save files and checksums use.

``to_plain`` turns a state into plain msgpack-able values in one canonical order (dataclass fields in declaration
order, frozensets and dict items sorted), ``canonical_bytes`` packs them and ``state_checksum`` is the 64-bit
checksum of those bytes. No type names are written: this is the form to hash, not to decode (``arcade.core.codec``
is the decodable one).
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
from typing import Any

import msgpack

__all__ = ["to_plain", "canonical_bytes", "state_checksum"]

_FIELDS: dict[type, tuple[str, ...]] = {}


def to_plain(obj: Any) -> Any:
    """Turn a state (frozen dataclasses, tuples, frozensets, dicts, enums, ints, str, bytes, bool, None) into plain
    msgpack-able values in a canonical order: dataclass fields in declaration order, frozensets and dict items
    sorted. Floats are refused (TypeError): rules hold no floats."""
    t = type(obj)
    if t is int or t is str or t is bool or obj is None or t is bytes:
        return obj
    if t is tuple or t is list:
        return [to_plain(x) for x in obj]
    names = _FIELDS.get(t)
    if names is None and dataclasses.is_dataclass(obj):
        names = _FIELDS[t] = tuple(f.name for f in dataclasses.fields(obj) if f.compare)
    if names is not None:
        return [to_plain(getattr(obj, n)) for n in names]
    if isinstance(obj, enum.Enum):
        return to_plain(obj.value)
    if isinstance(obj, (frozenset, set)):
        return sorted((to_plain(x) for x in obj), key=msgpack.packb)
    if isinstance(obj, dict):
        return sorted(([to_plain(k), to_plain(v)] for k, v in obj.items()), key=lambda kv: msgpack.packb(kv[0]))
    if isinstance(obj, int):  # IntEnum handled above; bool subclasses handled above
        return int(obj)
    if isinstance(obj, tuple):  # NamedTuple
        return [to_plain(x) for x in obj]
    raise TypeError(f"cannot encode {t.__name__} in a game state")


def canonical_bytes(state: Any) -> bytes:
    """The canonical msgpack encoding of a state (the bytes that save files and checksums use)."""
    return msgpack.packb(to_plain(state), use_bin_type=True)


def state_checksum(state: Any) -> int:
    """64-bit checksum (blake2b, 8 bytes, big-endian int) of ``canonical_bytes(state)``."""
    return int.from_bytes(hashlib.blake2b(canonical_bytes(state), digest_size=8).digest(), "big")
