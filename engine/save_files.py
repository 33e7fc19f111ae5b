"""File and message helpers of engine.saves: atomic writing and short one-line quotes."""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import stat
import time
from pathlib import Path
from typing import Any

STALE_TEMP_SECONDS = 60.0  # a temporary file this old belongs to a write that died
# Our temporary names only: ".<name>.<8 hex>.tmp" beside the file (see write_atomically).
TEMP_NAME = re.compile(r"^\..+\.[0-9a-f]{8}\.tmp$")


def remove_stale_temps(
    folder: Path, pattern: re.Pattern[str] = TEMP_NAME, older_than: float = STALE_TEMP_SECONDS
) -> int:
    """Delete the temporary files a killed write left in `folder` (regular files named
    like ours, untouched for `older_than` seconds); returns how many. Never raises."""
    removed = 0
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        if not pattern.match(entry.name):
            continue
        try:
            info = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(info.st_mode) and now - info.st_mtime > older_than:
                os.unlink(entry.path)
                removed += 1
        except OSError:
            continue
    return removed


def write_atomically(target: Path, data: bytes) -> None:
    """Write a small file so that a crash leaves the old one or the new one, never half."""
    folder = target.parent
    remove_stale_temps(folder)  # left by a write killed mid-way (kill -9, power cut)
    # O_EXCL on a random name: no clash with another writer, and the umask applies.
    temp = folder / f".{target.name}.{secrets.token_hex(4)}.tmp"
    fd = os.open(temp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0), 0o666)
    try:
        with os.fdopen(fd, "wb") as stream:
            stream.write(data)
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
    sync_folder(folder)


def sync_folder(folder: Path) -> None:
    """Make the rename durable where the OS allows opening a folder (not Windows)."""
    if not hasattr(os, "O_DIRECTORY"):
        return
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def brief(value: Any) -> str:
    """A value quoted in a message: scalars shortened, containers named, never a huge repr."""
    if isinstance(value, (list, dict)):
        return f"a {json_type(value)}"
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def json_type(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, (int, float)):
        return "number"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "list"
    return "object" if isinstance(value, dict) else type(value).__name__


def os_reason(error: OSError) -> str:
    return error.strerror or first_line(str(error)) or type(error).__name__


def one_line(text: str, limit: int = 300) -> str:
    """Messages quote file content: keep them on one line and short."""
    flat = " ".join(text.split())
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."


def first_line(text: str) -> str:
    return text.strip().splitlines()[0] if text.strip() else ""
