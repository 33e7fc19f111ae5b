"""The wire format: one JSON object per line, capped in size, numbered in sequence.

Every message is an object with a "type" and a "seq" (1, 2, 3... per connection and
direction; a gap or a repeat is a protocol error). Messages:

- guest -> host  hello {version, code, token?, game?}  (the first line, within the handshake time)
- host -> guest  welcome {version, game, options, moves, seat, token, agreed?}
- both           move {move, ply}     ply = moves played before it (catches desyncs)
- both           ping {}              the heartbeat; any message proves the peer alive
- both           draw {ply}           the player to move offers a draw (game.net.draw_talk)
- both           draw_reply {accept, ply}  the answer; the host's accepting one settles it
- both           bye {reason, ply}    "over" (game finished) or "left" (a player quit)
- guest -> host  done {ply}           the game is over and the guest has every move; the
                                      connection stays open for a rematch until a bye
- both           rematch {}           after the end: a rematch, colours swapped (both
                                      asking at once starts it)
- both           rematch_reply {accept}  the answer to the other side's rematch
- host -> guest  refused {reason, detail}, then the host closes the connection

A hello with the session token takes the seat back (a dropped connection, or either
program restarted: game.net.resume); without it, the seat is refused while its guest
is connected or once it has spoken. Five wrong codes lock an address out a while.

Refusal reasons are the stable names in REFUSALS; front ends translate them.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from dataclasses import dataclass
from typing import Any

PROTOCOL_VERSION = 1
MAX_FRAME = 16 * 1024  # bytes of one message, newline included
DEFAULT_PORT = 47470
DISCOVERY_PORT = 47471
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # no 0/O or 1/I to misread
CODE_LENGTH = 6

# Why a connection was refused or closed (stable names, translated as net.refused_<name>).
REFUSALS = (
    "version",  # another protocol version
    "code",  # wrong join code
    "token",  # a resume with an unknown session token
    "taken",  # the seat already has its player
    "game",  # the guest expected another game
    "frame",  # not a JSON object with a type, or a bad field
    "too_big",  # a frame over MAX_FRAME
    "timeout",  # no hello in time
    "sequence",  # a sequence number out of order
    "out_of_turn",  # a move when it is not that player's turn
    "illegal",  # a move the engine refuses
    "busy",  # too many connections waiting for their handshake
    "locked",  # too many wrong join codes from this address: wait a while
    "unexpected",  # a message that makes no sense now
)


@dataclass(frozen=True)
class Timing:
    """Every delay of the protocol, in seconds (tests shorten them)."""

    heartbeat: float = 1.0  # a ping at least this often
    dead_after: float = 6.0  # nothing heard for this long: the connection is gone
    handshake: float = 4.0  # a new connection must say hello within this
    resume_window: float = 120.0  # a guest keeps trying to reconnect this long
    retry_every: float = 0.5  # between two reconnection attempts
    send_timeout: float = 5.0  # a peer that does not read is dropped after this
    lockout: float = 60.0  # an address that gave too many wrong codes is refused this long
    max_resumes: int = 8  # reconnections in a row with no move between them, then give up
    retry_cap: float = 8.0  # the longest wait between two reconnection attempts


class ProtocolError(Exception):
    """The peer broke the protocol; `reason` is one of REFUSALS."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(f"{reason}: {detail}" if detail else reason)
        self.reason = reason
        self.detail = detail


def new_code() -> str:
    """A short join code, read aloud or typed by the guest."""
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalise_code(text: str) -> str:
    """What the guest typed, as the host compares it: upper case, no spaces or dashes."""
    return "".join(ch for ch in text.upper() if ch not in " -")


def new_token() -> str:
    """The secret a guest shows to take its seat back after a dropped connection."""
    return secrets.token_hex(16)


def encode(message: dict[str, Any]) -> bytes:
    data = json.dumps(message, separators=(",", ":"), ensure_ascii=True).encode("ascii") + b"\n"
    if len(data) > MAX_FRAME:
        raise ProtocolError("too_big", f"{len(data)} bytes")
    return data


def decode(line: bytes) -> dict[str, Any]:
    """A received line as a message, or ProtocolError("frame")."""
    try:
        message = json.loads(line.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise ProtocolError("frame", "not JSON") from None
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise ProtocolError("frame", "not an object with a type")
    return message


def field(message: dict[str, Any], name: str, kind: type) -> Any:
    """A required field of a given type (bool never passes for int)."""
    value = message.get(name)
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise ProtocolError("frame", f"{message.get('type')}: {name} must be a {kind.__name__}")
    return value


def parse_address(text: str, default_port: int = DEFAULT_PORT) -> tuple[str, int]:
    """'host', 'host:port' or '[v6]:port' as (host, port); ValueError when unreadable."""
    text = text.strip()
    if not text:
        raise ValueError("no address")
    host, port_text = text, ""
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        port_text = rest.removeprefix(":")
    elif text.count(":") == 1:
        host, _, port_text = text.partition(":")
    if not host:
        raise ValueError("no host name")
    port = int(port_text) if port_text else default_port
    if not 0 < port < 65536:
        raise ValueError(f"port {port} is out of range")
    return host, port


class Channel:
    """One TCP connection: framing, the size cap, sequence numbers and timeouts."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter, timing: Timing) -> None:
        self.reader = reader
        self.writer = writer
        self.timing = timing
        self.sent = 0
        self.received = 0
        self.closed = False

    @property
    def peer_host(self) -> str:
        """The peer's address without the port ('?' when unknown)."""
        try:
            name = self.writer.get_extra_info("peername")
        except Exception:  # a transport already gone
            return "?"
        return str(name[0]) if isinstance(name, tuple) and name else "?"

    @property
    def peer(self) -> str:
        try:
            name = self.writer.get_extra_info("peername")
        except Exception:  # a transport already gone has no peer: only for logs
            return "?"
        return f"{name[0]}:{name[1]}" if isinstance(name, tuple) and len(name) >= 2 else "?"

    async def send(self, message: dict[str, Any]) -> None:
        """Write one message; ConnectionError if the peer is gone or stops reading."""
        if self.closed:
            raise ConnectionError("connection closed")
        self.sent += 1
        self.writer.write(encode({**message, "seq": self.sent}))
        try:
            await asyncio.wait_for(self.writer.drain(), self.timing.send_timeout)
        except (TimeoutError, OSError) as error:
            self.close()
            raise ConnectionError(f"send failed: {error}") from None

    async def receive(self, timeout: float) -> dict[str, Any]:
        """The next message within `timeout` seconds.

        TimeoutError when nothing complete arrived in time (a trickle of bytes does not
        count: slowloris), ConnectionError at end of stream, ProtocolError otherwise."""
        try:
            line = await asyncio.wait_for(self.reader.readline(), timeout)
        except ValueError:  # asyncio's own limit: a line longer than MAX_FRAME
            raise ProtocolError("too_big", f"over {MAX_FRAME} bytes") from None
        except TimeoutError:  # an OSError too: keep it apart from a broken connection
            raise
        except OSError as error:
            raise ConnectionError(str(error)) from None
        if not line.endswith(b"\n"):
            raise ConnectionError("connection closed by the peer")
        if len(line) > MAX_FRAME:
            raise ProtocolError("too_big", f"{len(line)} bytes")
        message = decode(line)
        seq = message.get("seq")
        if seq != self.received + 1 or isinstance(seq, bool):
            raise ProtocolError("sequence", f"expected {self.received + 1}, got {seq!r}")
        self.received += 1
        return message

    async def refuse(self, reason: str, detail: str = "") -> None:
        """Tell the peer why, then close; never raises."""
        with contextlib.suppress(ConnectionError, ProtocolError):
            await self.send({"type": "refused", "reason": reason, "detail": detail[:200]})
        self.close()

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        with contextlib.suppress(Exception):  # closing a broken transport must not raise
            self.writer.close()


async def open_channel(host: str, port: int, timing: Timing) -> Channel:
    reader, writer = await asyncio.wait_for(
        asyncio.open_connection(host, port, limit=MAX_FRAME), timing.handshake
    )
    return Channel(reader, writer, timing)
