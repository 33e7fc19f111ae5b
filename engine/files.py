"""Small files read and written safely: saves, settings, the network resume record.

Reading checks what could hang or exhaust the app before reading a byte (a folder, a
pipe, a huge file; a device is read with a bound), then decodes UTF-8. Writing goes
through a temporary file and a rename, so a crash never leaves half a file, and the
temporary files a killed write left behind are removed once they are a minute old.
Standard library only, like the rest of the engine.
"""

from __future__ import annotations

import contextlib
import os
import re
import secrets
import stat
import time
from pathlib import Path

from engine.core import EngineError

STALE_TEMP_SECONDS = 60.0  # a temporary file this old belongs to a write that died
# Our temporary names only: ".<name>.<8 hex>.tmp" beside the file (see write_atomically).
_TEMP_NAME = re.compile(r"^\..+\.[0-9a-f]{8}\.tmp$")


class FileCheckError(EngineError):
    """A file cannot be read as asked; the message is one line."""


def remove_stale_temps(
    folder: Path, pattern: re.Pattern[str] = _TEMP_NAME, older_than: float = STALE_TEMP_SECONDS
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
    """Write a small file atomically: the previous one stays whole if anything fails
    (OSError then). Stale temporary files of killed writes are removed first."""
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
    _sync_folder(folder)


def _sync_folder(folder: Path) -> None:
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


def read_checked_text(path: Path, limit: int, what: str) -> str:
    """The UTF-8 text of a small regular file, read with every check a save gets.

    FileNotFoundError when it does not exist (a dangling link too), else FileCheckError with
    a one-line reason: a folder, a pipe or socket (opening one could wait forever), over
    `limit` bytes (`what` names the file in the message), unreadable, or not UTF-8."""
    try:
        info = path.stat()
    except FileNotFoundError:
        raise
    except OSError as error:
        raise FileCheckError(f"cannot read it: {_os_reason(error)}") from None
    if stat.S_ISDIR(info.st_mode):
        raise FileCheckError("it is a folder, not a file")
    if stat.S_ISFIFO(info.st_mode) or stat.S_ISSOCK(info.st_mode):
        raise FileCheckError("not a regular file")  # opening a pipe could wait forever
    too_big = f"too big for {what} (the limit is {_size_words(limit)})"
    if info.st_size > limit:
        raise FileCheckError(f"{too_big[:-1]}, it has {info.st_size} bytes)")
    try:
        with path.open("rb") as stream:
            # Bounded read: devices such as /dev/zero report size 0 but never end.
            data = stream.read(limit + 1)
    except FileNotFoundError:
        raise
    except OSError as error:
        raise FileCheckError(f"cannot read it: {_os_reason(error)}") from None
    if len(data) > limit:
        raise FileCheckError(too_big)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise FileCheckError(f"not UTF-8 text (bad byte at offset {error.start})") from None


def _size_words(limit: int) -> str:
    return f"{limit >> 20} MiB" if limit >= 1 << 20 else f"{limit >> 10} KiB"


def _os_reason(error: OSError) -> str:
    text = str(error).strip().splitlines()
    return error.strerror or (text[0] if text else "") or type(error).__name__
