"""Hostile TCP peers (issue 17, item 8): the seat is the token's, join codes cannot be
tried without limit, the host stops announcing a taken seat, and a hostile host cannot
keep a guest in an endless Lost/Resumed loop. Loopback only, bounded waits."""

from __future__ import annotations

import asyncio
import dataclasses
import socket
import time

from test_net_helpers import FAST, RawClient, Recorder, run, started_host

from game.net.bridge import NetBridge
from game.net.events import Listening, Lost, MoveArrived, Resumed, Started
from game.net.guest import Guest
from game.net.lockout import MAX_CODE_FAILURES
from game.net.protocol import PROTOCOL_VERSION, encode


def test_a_second_connection_with_the_code_cannot_take_a_connected_guests_seat() -> None:
    async def scenario() -> None:
        host, recorder = await started_host("nine", seat=0)
        guest = await RawClient.connect(host.port)
        welcome = await guest.hello(host.code)  # and says nothing yet: its first second
        assert welcome["type"] == "welcome"
        stranger = await RawClient.connect(host.port)
        refusal = await stranger.hello(host.code)
        assert refusal == {**refusal, "type": "refused", "reason": "taken"}
        # The real guest still holds the seat: the host's move reaches it, its reply counts.
        await host.play_local("d6")
        assert (await guest.receive())["move"] == "d6"
        await guest.send({"type": "move", "move": "d2", "ply": 1})
        assert await recorder.wait_for(MoveArrived) == MoveArrived("d2", 1)
        assert not recorder.of(Lost)
        guest.close()
        stranger.close()
        await host.close()

    run(scenario())


def test_wrong_codes_lock_the_address_out_for_a_while() -> None:
    async def scenario() -> None:
        host, _ = await started_host()
        host.timing = dataclasses.replace(FAST, lockout=0.4)
        for _ in range(MAX_CODE_FAILURES):
            client = await RawClient.connect(host.port)
            assert (await client.hello("WRONG2"))["reason"] == "code"
            client.close()
        client = await RawClient.connect(host.port)  # even the right code is refused now
        assert (await client.hello(host.code))["reason"] == "locked"
        client.close()
        assert not host.ready
        await asyncio.sleep(0.5)  # the lockout is over: the right code gets the seat
        client = await RawClient.connect(host.port)
        assert (await client.hello(host.code))["type"] == "welcome"
        client.close()
        await host.close()

    run(scenario())


def test_a_hostile_host_cannot_keep_a_guest_resuming_for_ever() -> None:
    """A host that welcomes then hangs up, again and again: the guest ends, clearly."""
    welcomes = 0

    async def scenario() -> Recorder:
        async def flapping(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            nonlocal welcomes
            await reader.readline()
            welcomes += 1
            welcome = {"type": "welcome", "version": PROTOCOL_VERSION, "game": "nine", "options": {}}
            writer.write(encode(welcome | {"moves": [], "seat": 1, "token": "t", "seq": 1}))
            await writer.drain()
            writer.close()

        server = await asyncio.start_server(flapping, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        recorder = Recorder()
        timing = dataclasses.replace(FAST, retry_cap=0.1, resume_window=600.0)
        await Guest("127.0.0.1", port, "ABCDEF", report=recorder, timing=timing).run()
        server.close()
        return recorder

    recorder = run(scenario())
    ended = recorder.ended()
    assert ended is not None and ended.reason == "gave_up" and "keeps dropping" in ended.detail
    assert welcomes <= FAST.max_resumes + 2
    assert len(recorder.of(Resumed)) <= FAST.max_resumes


def test_the_host_stops_announcing_once_its_seat_is_taken() -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.bind(("127.0.0.1", 0))
        discovery = probe.getsockname()[1]
    bridge = NetBridge(FAST, discovery_port=discovery, announce_to="127.0.0.1")
    heard: list[bytes] = []
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", discovery))
    sock.settimeout(0.05)
    try:
        bridge.host("teeko", {}, port=0)
        listening = None
        deadline = time.monotonic() + 10
        while listening is None and time.monotonic() < deadline:
            listening = next((e for e in bridge.poll() if isinstance(e, Listening)), None)
            time.sleep(0.01)
        assert listening is not None
        heard += _drain(sock, 1.5)  # announcements: one a second
        assert heard, "the host announces while its seat is free"

        async def join() -> None:
            client = await RawClient.connect(listening.port)
            assert (await client.hello(listening.code))["type"] == "welcome"
            await asyncio.sleep(2.5)  # more than two announcement periods
            client.close()

        started: list[object] = []
        run(join())
        started += [e for e in bridge.poll() if isinstance(e, Started)]
        assert started
        _drain(sock, 0.2)  # anything sent before the seat was taken
        assert _drain(sock, 1.5) == [], "no announcement once the seat is taken"
    finally:
        sock.close()
        bridge.close()
        bridge.join_thread()


def _drain(sock: socket.socket, seconds: float) -> list[bytes]:
    got: list[bytes] = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            got.append(sock.recv(2048))
        except TimeoutError:
            continue
    return got

