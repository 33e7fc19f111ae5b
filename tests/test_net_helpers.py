"""Shared pieces of the network tests (no tests here): fast timings, a raw client that
speaks the protocol by hand (or breaks it on purpose), and a random player."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from engine.core import GameState
from game.net.events import Ended, NetEvent, Started
from game.net.guest import Guest
from game.net.host import Host
from game.net.protocol import PROTOCOL_VERSION, Timing

T = TypeVar("T")

FAST = Timing(
    heartbeat=0.1, dead_after=1.5, handshake=0.5, resume_window=5.0, retry_every=0.05, send_timeout=1.0
)


def run(coroutine: Awaitable[T], timeout: float = 20.0) -> T:
    """Run a test coroutine with a deadline, so a hang fails instead of blocking pytest."""

    async def guarded() -> T:
        return await asyncio.wait_for(coroutine, timeout)

    return asyncio.run(guarded())


class Recorder:
    """Collect a link's events; wait for one of a kind."""

    def __init__(self) -> None:
        self.events: list[NetEvent] = []
        self._changed = asyncio.Event()

    def __call__(self, event: NetEvent) -> None:
        self.events.append(event)
        self._changed.set()

    def of(self, kind: type) -> list[Any]:
        return [e for e in self.events if isinstance(e, kind)]

    async def wait_for(self, kind: type, count: int = 1, timeout: float = 5.0) -> Any:
        async def waiting() -> Any:
            while len(self.of(kind)) < count:
                self._changed.clear()
                await self._changed.wait()
            return self.of(kind)[count - 1]

        return await asyncio.wait_for(waiting(), timeout)

    def ended(self) -> Ended | None:
        found = self.of(Ended)
        return found[0] if found else None


class RawClient:
    """A hand-driven TCP client: correct framing by default, anything on demand."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader, self.writer = reader, writer
        self.seq = 0

    @classmethod
    async def connect(cls, port: int) -> RawClient:
        reader, writer = await asyncio.open_connection("127.0.0.1", port, limit=1 << 20)
        return cls(reader, writer)

    async def send(self, message: dict[str, Any]) -> None:
        self.seq += 1
        await self.raw((json.dumps({**message, "seq": self.seq}) + "\n").encode())

    async def raw(self, data: bytes) -> None:
        self.writer.write(data)
        await self.writer.drain()

    async def hello(self, code: str, token: str | None = None, **extra: Any) -> dict[str, Any]:
        await self.send({"type": "hello", "version": PROTOCOL_VERSION, "code": code, "token": token, **extra})
        return await self.receive()

    async def receive(self, timeout: float = 3.0) -> dict[str, Any]:
        """The next message other than a ping; {} at end of stream."""
        while True:
            line = await asyncio.wait_for(self.reader.readline(), timeout)
            if not line:
                return {}
            message: dict[str, Any] = json.loads(line)
            if message.get("type") != "ping":
                return message

    async def closed_by_peer(self, timeout: float = 3.0) -> bool:
        """Whether the other end closes the connection (after any last messages)."""
        try:
            while await asyncio.wait_for(self.reader.readline(), timeout):
                pass
        except (TimeoutError, ConnectionError):
            return False
        return True

    def close(self) -> None:
        self.writer.close()


async def refusal_of(port: int, data: bytes) -> str:
    """Send raw bytes as the first thing on a connection; the refusal reason received."""
    client = await RawClient.connect(port)
    try:
        await client.raw(data)
        message = await client.receive()
        assert await client.closed_by_peer(), "the host must close a refused connection"
        return str(message.get("reason", ""))
    finally:
        client.close()


def random_mover(seed: int) -> Callable[[GameState], str]:
    rng = random.Random(seed)

    def choose(state: GameState) -> str:
        return str(rng.choice(state.legal_moves()))

    return choose


async def started_host(game: str = "nine", seat: int = 0) -> tuple[Host, Recorder]:
    recorder = Recorder()
    host = Host(game, {}, seat, report=recorder, timing=FAST)
    await host.start(0, "127.0.0.1")
    return host, recorder


async def joined_pair(game: str = "teeko") -> tuple[Host, Recorder, Guest, Recorder, asyncio.Task[None]]:
    """A host (seat 0) and a lingering guest, joined: the game is on."""
    host, host_events = await started_host(game, seat=0)
    guest_events = Recorder()
    guest = Guest("127.0.0.1", host.port, host.code, report=guest_events, timing=FAST, linger=True)
    task = asyncio.create_task(guest.run())
    await guest_events.wait_for(Started)
    return host, host_events, guest, guest_events, task


async def close_pair(host: Host, guest: Guest, task: asyncio.Task[None]) -> None:
    await guest.close()
    await asyncio.wait_for(task, 5)
    await host.close()
