"""File and message helpers of engine.saves: its error, checked reading, atomic writing
and short one-line quotes."""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import stat
import time
from pathlib import Path
from typing import Any

from engine.basics import EngineError

STALE_TEMP_SECONDS = 60.0  # a temporary file this old belongs to a write that died
# Our temporary names only: ".<name>.<8 hex>.tmp" beside the file (see write_atomically).
TEMP_NAME = re.compile(r"^\..+\.[0-9a-f]{8}\.tmp$")


class SaveError(EngineError):
    """A save file cannot be read or written; the message is one line (for the command
    line and logs). `kind` says what went wrong as data, for the front ends to tell a
    player in their language: 'missing', 'unreadable', 'too_big', 'not_text',
    'not_a_save', 'newer', 'unknown_game', 'damaged' (the default), 'unwritable'."""

    def __init__(self, message: str, kind: str = "damaged") -> None:
        super().__init__(message)
        self.kind = kind


def read_checked_text(path: Path, limit: int, what: str) -> str:
    """The UTF-8 text of a small regular file, read with every check a save gets.

    FileNotFoundError when it does not exist (a dangling link too), else SaveError with
    a one-line reason: a folder, a pipe or socket (opening one could wait forever), over
    `limit` bytes (`what` names the file in the message), unreadable, or not UTF-8."""
    try:
        info = path.stat()
    except FileNotFoundError:
        raise
    except OSError as error:
        raise SaveError(f"cannot read it: {os_reason(error)}", "unreadable") from None
    if stat.S_ISDIR(info.st_mode):
        raise SaveError("it is a folder, not a file", "unreadable")
    if stat.S_ISFIFO(info.st_mode) or stat.S_ISSOCK(info.st_mode):
        raise SaveError("not a regular file", "unreadable")  # opening a pipe could wait forever
    too_big = f"too big for {what} (the limit is {_size_words(limit)})"
    if info.st_size > limit:
        raise SaveError(f"{too_big[:-1]}, it has {info.st_size} bytes)", "too_big")
    try:
        with path.open("rb") as stream:
            # Bounded read: devices such as /dev/zero report size 0 but never end.
            data = stream.read(limit + 1)
    except FileNotFoundError:
        raise
    except OSError as error:
        raise SaveError(f"cannot read it: {os_reason(error)}", "unreadable") from None
    if len(data) > limit:
        raise SaveError(too_big, "too_big")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise SaveError(f"not UTF-8 text (bad byte at offset {error.start})", "not_text") from None


def _size_words(limit: int) -> str:
    return f"{limit >> 20} MiB" if limit >= 1 << 20 else f"{limit >> 10} KiB"


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
