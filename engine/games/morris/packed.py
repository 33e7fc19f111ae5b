"""The file container of Morris's data (the endgame database, the opening book): MAGIC,
a 4-byte little-endian header length, a JSON header holding at least the SHA-256 of the
payload, then the lzma-compressed payload. Written by the tools, read with every check."""

from __future__ import annotations

import hashlib
import json
import lzma
import struct
from typing import Any

LENGTH = struct.Struct("<I")


def pack(magic: bytes, payload: bytes, header: dict[str, Any]) -> bytes:
    """The file for `payload`, with `header`'s fields and the compressed payload's digest."""
    packed = lzma.compress(payload, preset=9)
    fields = json.dumps({**header, "sha256": hashlib.sha256(packed).hexdigest()}, sort_keys=True).encode()
    return magic + LENGTH.pack(len(fields)) + fields + packed


def unpack(data: bytes, magic: bytes, error: type[Exception], what: str) -> tuple[dict[str, Any], bytes]:
    """(header, payload) of a whole, intact file; `error` naming `what` otherwise."""
    if not data.startswith(magic):
        raise error(f"not a {what}")
    try:
        (length,) = LENGTH.unpack_from(data, len(magic))
        start = len(magic) + LENGTH.size
        header = json.loads(data[start : start + length])
        packed = data[start + length :]
        if not isinstance(header, dict) or hashlib.sha256(packed).hexdigest() != header.get("sha256"):
            raise error(f"the {what} is damaged (checksum)")
        return header, lzma.decompress(packed)
    except (struct.error, ValueError, lzma.LZMAError) as problem:
        raise error(f"the {what} is damaged: {problem}") from problem
