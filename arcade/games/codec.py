"""Old import path of the safe state encoding, kept for tests and tools: it lives in ``arcade.core.codec``."""

from arcade.core.codec import MAX_BYTES, MAX_DEPTH, CodecError, decode, encode

__all__ = ["encode", "decode", "CodecError", "MAX_BYTES", "MAX_DEPTH"]
