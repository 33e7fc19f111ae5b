"""What a player needs to come back to a network game after a restart or a crash.

Beside the autosave (which keeps the moves and marks the other side as remote), the
front end keeps one small record: which end we are, the seat, where the host listens,
the join code and the session token the host gave. A restarted host listens again on
the same port with the same code and token; a restarted guest reconnects with its
token. The record is read with a save's checks (regular file, size cap, UTF-8, a JSON
object with known keys of the right types); anything else reads as no record.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from engine.save_files import SaveError, read_checked_text, write_atomically
from game.net.protocol import CODE_ALPHABET, CODE_LENGTH

ROLES = ("host", "guest")
MAX_RECORD_BYTES = 4096


@dataclass(frozen=True)
class NetResume:
    role: str  # "host" or "guest"
    game_id: str
    seat: int  # the local player's seat
    address: str  # the host's address (a guest's record; "" for the host)
    port: int  # where the host listens
    code: str
    token: str

    @property
    def remote_seat(self) -> int:
        return 1 - self.seat


def _valid(data: Any) -> NetResume | None:
    if not isinstance(data, dict):
        return None
    kinds = {"role": str, "game_id": str, "seat": int, "address": str, "port": int, "code": str, "token": str}
    for key, kind in kinds.items():
        value = data.get(key)
        if not isinstance(value, kind) or isinstance(value, bool):
            return None
    record = NetResume(**{key: data[key] for key in kinds})
    checks = (
        record.role in ROLES,
        record.seat in (0, 1),
        0 <= record.port < 65536 and (record.role == "host" or record.port > 0),
        len(record.code) == CODE_LENGTH and all(ch in CODE_ALPHABET for ch in record.code),
        0 < len(record.token) <= 64 and record.token.isalnum() and record.token.isascii(),
        len(record.address) <= 255 and record.address.isprintable(),
        record.role == "host" or bool(record.address),
        0 < len(record.game_id) <= 20 and record.game_id.isprintable(),
    )
    return record if all(checks) else None


def read_resume(path: Path) -> NetResume | None:
    """The record at `path`, or None when there is none or it cannot be trusted."""
    try:
        data = json.loads(read_checked_text(path, MAX_RECORD_BYTES, "a network record"))
    except (FileNotFoundError, SaveError, ValueError, RecursionError):
        return None
    return _valid(data)


def write_resume(path: Path, record: NetResume) -> str | None:
    """Write the record atomically; an error message instead of raising."""
    try:
        write_atomically(path, (json.dumps(asdict(record), sort_keys=True) + "\n").encode("utf-8"))
    except OSError as error:
        return f"cannot write {path.name}: {error.strerror or error}"
    return None


def clear_resume(path: Path) -> None:
    """The game is over (or left): nothing to come back to."""
    with contextlib.suppress(OSError):  # read-only: the record no longer matches an autosave
        path.unlink(missing_ok=True)
