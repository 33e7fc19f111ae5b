"""Finding games on the local network: hosts announce, guests listen (UDP broadcast).

A host sends a small JSON datagram every ANNOUNCE_EVERY seconds to the broadcast
address on DISCOVERY_PORT; the Join scene listens there and lists what it heard in
the last FORGET_AFTER seconds. The join code is never announced: the guest must be
told it. Anything that is not a well-formed announcement of a game this version can
play (a known game with valid options) is ignored.

The list is bounded and hard to poison: entries are keyed by (address, port) and keep
the content first heard (a spoofed packet cannot rename one), one address holds at most
MAX_PER_ADDRESS entries, and when the list is full a newcomer only evicts an entry
heard no more often than itself: a real host announces every second, so it is heard
again and again, while a flood of ever new fake hosts (each heard once) only churns
among itself. How often each key was heard is remembered in bounded memory.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from typing import Any

from engine.core import EngineError
from engine.registry import new_state
from game.net.events import FoundGame
from game.net.protocol import DISCOVERY_PORT, PROTOCOL_VERSION

ANNOUNCE_EVERY = 1.0
FORGET_AFTER = 3.5
MAX_DATAGRAM = 1024
MAX_FOUND = 32  # games listed at most (a noisy network cannot grow the list without end)
MAX_PER_ADDRESS = 4  # games one computer may list (one sender cannot fill the list)
HEARD_ONCE_MEMORY = 4096  # keys heard once, remembered (a flood of new keys churns here)
HEARD_AGAIN_MEMORY = 256  # keys heard more than once, with how often
BROADCAST = "255.255.255.255"


def announcement(game_id: str, options: dict[str, Any], port: int, name: str) -> bytes:
    message = {
        "plateaux": PROTOCOL_VERSION,
        "game": game_id,
        "options": options,
        "port": port,
        "name": name[:40],
    }
    return json.dumps(message, separators=(",", ":")).encode("utf-8")


def read_announcement(data: bytes, address: str) -> FoundGame | None:
    """The game a datagram announces, or None for anything else."""
    if len(data) > MAX_DATAGRAM:
        return None
    try:
        message = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        return None
    if not isinstance(message, dict) or message.get("plateaux") != PROTOCOL_VERSION:
        return None
    game, options, port, name = (message.get(k) for k in ("game", "options", "port", "name"))
    if not isinstance(game, str) or not isinstance(options, dict) or not isinstance(name, str):
        return None
    if not isinstance(port, int) or isinstance(port, bool) or not 0 < port < 65536:
        return None
    if not playable(game, options):
        return None
    return FoundGame(address, port, game, options, name[:40])


def playable(game_id: str, options: dict[str, Any]) -> bool:
    """Whether this version can play the announced game (a newer version's game is not)."""
    if len(game_id) > 20 or any(isinstance(v, list | dict) for v in options.values()):
        return False
    try:
        new_state(game_id, options)
    except (EngineError, TypeError, ValueError):
        return False
    return True


def host_name() -> str:
    try:
        return socket.gethostname()[:40]
    except OSError:
        return ""


class Announcer:
    """Broadcast one hosted game until stopped; errors (no network) are silent."""

    def __init__(
        self, message: bytes, targets: Sequence[tuple[str, int]] = ((BROADCAST, DISCOVERY_PORT),)
    ) -> None:
        self.message = message
        self.targets = tuple(targets)
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_BROADCAST, 1)
            sock.setblocking(False)
            while True:
                for target in self.targets:
                    with contextlib.suppress(OSError):  # no route, no interface: try again later
                        sock.sendto(self.message, target)
                await asyncio.sleep(ANNOUNCE_EVERY)
        finally:
            sock.close()

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None


class _Listening(asyncio.DatagramProtocol):
    def __init__(self, heard: Callable[[bytes, str], None]) -> None:
        self.heard = heard

    def datagram_received(self, data: bytes, addr: tuple[str | Any, int]) -> None:
        self.heard(data, str(addr[0]))

    def error_received(self, exc: Exception) -> None:
        pass  # ICMP noise on a UDP socket: keep listening


class _Entry:
    __slots__ = ("game", "last")

    def __init__(self, game: FoundGame, now: float) -> None:
        self.game = game
        self.last = now


class _HeardCounts:
    """How often each (address, port) was heard, in bounded memory."""

    def __init__(self) -> None:
        self._once: OrderedDict[tuple[str, int], None] = OrderedDict()
        self._again: dict[tuple[str, int], int] = {}

    def count(self, key: tuple[str, int]) -> int:
        return self._again.get(key, 1 if key in self._once else 0)

    def hear(self, key: tuple[str, int]) -> int:
        if key in self._again:
            self._again[key] += 1
        elif key in self._once:
            del self._once[key]
            if len(self._again) >= HEARD_AGAIN_MEMORY:
                del self._again[min(self._again, key=self._again.__getitem__)]
            self._again[key] = 2
        else:
            self._once[key] = None
            if len(self._once) > HEARD_ONCE_MEMORY:
                self._once.popitem(last=False)
        return self.count(key)


class Listener:
    """Collect announcements; `games()` lists the fresh ones, `changed()` says when it moved."""

    def __init__(self, port: int = DISCOVERY_PORT) -> None:
        self.port = port
        self._seen: dict[tuple[str, int], _Entry] = {}
        self._counts = _HeardCounts()
        self._transport: asyncio.DatagramTransport | None = None
        self._last: tuple[FoundGame, ...] = ()

    async def start(self) -> None:
        """Listen; OSError if the port cannot be bound (the list then stays empty)."""
        sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
        try:
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            if hasattr(socket, "SO_REUSEPORT"):  # several listeners on one machine
                with contextlib.suppress(OSError):
                    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
            sock.bind(("", self.port))
        except OSError:
            sock.close()
            raise
        loop = asyncio.get_running_loop()
        transport, _ = await loop.create_datagram_endpoint(lambda: _Listening(self._heard), sock=sock)
        self._transport = transport

    def _heard(self, data: bytes, address: str) -> None:
        self.hear(data, address, time.monotonic())

    def hear(self, data: bytes, address: str, now: float) -> None:
        """Take one datagram heard at `now` (monotonic seconds); never raises."""
        game = read_announcement(data, address)
        if game is None:
            return
        self._forget_stale(now)
        key = (game.address, game.port)
        entry = self._seen.get(key)
        if entry is not None:
            if entry.game == game:  # the same announcement again: still there
                entry.last = now
                self._counts.hear(key)
            return  # a different one for a listed key: spoofed, or wait until it is forgotten
        heard = self._counts.hear(key)
        if sum(1 for a, _ in self._seen if a == game.address) >= MAX_PER_ADDRESS:
            return
        if len(self._seen) >= MAX_FOUND:
            victim = min(self._seen, key=lambda k: (self._counts.count(k), self._seen[k].last))
            if self._counts.count(victim) > heard:
                return
            del self._seen[victim]
        self._seen[key] = _Entry(game, now)

    def _forget_stale(self, now: float) -> None:
        self._seen = {k: e for k, e in self._seen.items() if now - e.last <= FORGET_AFTER}

    def games(self, now: float | None = None) -> tuple[FoundGame, ...]:
        self._forget_stale(time.monotonic() if now is None else now)
        return tuple(sorted((e.game for e in self._seen.values()), key=lambda g: (g.name, g.address, g.port)))

    def changed(self) -> tuple[FoundGame, ...] | None:
        """The list when it differs from the last call's, else None."""
        games = self.games()
        if games == self._last:
            return None
        self._last = games
        return games

    def stop(self) -> None:
        if self._transport is not None:
            self._transport.close()
            self._transport = None


def local_addresses() -> list[str]:
    """This computer's IPv4 addresses a guest could type (the LAN one first)."""
    found: list[str] = []
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # a UDP connect sends nothing: it only picks the route
        found.append(str(probe.getsockname()[0]))
    with contextlib.suppress(OSError):
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            address = str(info[4][0])
            if address not in found and not address.startswith("127."):
                found.append(address)
    return [a for a in found if a != "0.0.0.0"] or ["127.0.0.1"]
