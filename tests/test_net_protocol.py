"""The host against hostile and broken connections: every one is refused with a reason
and closed, the host never crashes, and the seat stays for the real guest."""

from __future__ import annotations

import asyncio
import json

import pytest
from test_net_helpers import FAST, RawClient, Recorder, refusal_of, run, started_host

from game.net.events import Ended, MoveArrived, Started
from game.net.guest import Guest
from game.net.protocol import (
    MAX_FRAME,
    PROTOCOL_VERSION,
    ProtocolError,
    decode,
    encode,
    new_code,
    normalise_code,
    parse_address,
)


def test_frames_are_json_lines_with_a_cap() -> None:
    assert encode({"type": "ping", "seq": 1}) == b'{"type":"ping","seq":1}\n'
    assert decode(b'{"type":"ping","seq":1}\n') == {"type": "ping", "seq": 1}
    for bad in (b"\xff\xfe\n", b"[1,2]\n", b'{"seq":1}\n', b'{"type":3}\n', b"{" * 5000 + b"\n"):
        with pytest.raises(ProtocolError) as caught:
            decode(bad)
        assert caught.value.reason == "frame"
    with pytest.raises(ProtocolError) as caught:
        encode({"type": "move", "move": "x" * MAX_FRAME})
    assert caught.value.reason == "too_big"


def test_codes_and_addresses() -> None:
    code = new_code()
    assert len(code) == 6 and code == normalise_code(code.lower())
    assert normalise_code(" ab-c 234 ") == "ABC234"
    assert parse_address("192.168.1.5") == ("192.168.1.5", 47470)
    assert parse_address("host.lan:5000") == ("host.lan", 5000)
    assert parse_address("[::1]:6000") == ("::1", 6000)
    for bad in ("", ":80", "host:x", "host:70000"):
        with pytest.raises(ValueError):
            parse_address(bad)


def hello(code: str, **extra: object) -> bytes:
    message = {"type": "hello", "version": PROTOCOL_VERSION, "code": code, "seq": 1, **extra}
    return (json.dumps(message) + "\n").encode()


def test_bad_first_messages_are_refused_with_their_reason() -> None:
    async def scenario() -> None:
        host, recorder = await started_host()
        port, code = host.port, host.code
        assert await refusal_of(port, b"GET / HTTP/1.1\r\n") == "frame"
        assert await refusal_of(port, b"\x00\xff garbage\n") == "frame"
        assert await refusal_of(port, b'["hello"]\n') == "frame"
        assert await refusal_of(port, b"x" * (MAX_FRAME + 10)) == "too_big"
        assert await refusal_of(port, hello("AAAAAA")) == "code"
        assert await refusal_of(port, hello(code, version=PROTOCOL_VERSION + 1)) == "version"
        assert await refusal_of(port, hello(code, version=True)) == "frame"
        assert await refusal_of(port, hello(code, seq=5)) == "sequence"
        assert await refusal_of(port, hello(code, game="teeko")) == "game"
        assert await refusal_of(port, hello(code, token="forged")) == "token"
        assert await refusal_of(port, hello(code, type="move")) == "unexpected"
        assert await refusal_of(port, b"\n") == "frame"
        assert not host.ready and host.refused == 12
        assert recorder.of(Started) == []
        await host.close()

    run(scenario())


def test_slowloris_is_cut_at_the_handshake_deadline() -> None:
    async def scenario() -> None:
        host, _ = await started_host()
        client = await RawClient.connect(host.port)
        started = asyncio.get_running_loop().time()
        for byte in b'{"type":"hel':  # a byte at a time, never a whole line
            await client.raw(bytes([byte]))
            await asyncio.sleep(0.02)
        message = await client.receive()
        assert message["reason"] == "timeout"
        assert await client.closed_by_peer()
        assert asyncio.get_running_loop().time() - started < FAST.handshake + 1.0
        client.close()
        await host.close()

    run(scenario())


async def join_by_hand(port: int, code: str) -> tuple[RawClient, dict[str, object]]:
    client = await RawClient.connect(port)
    welcome = await client.hello(code)
    assert welcome["type"] == "welcome", welcome
    return client, welcome


def test_out_of_turn_and_illegal_moves_are_refused_and_the_seat_kept() -> None:
    async def scenario() -> None:
        host, recorder = await started_host("nine", seat=0)  # the host plays first
        client, welcome = await join_by_hand(host.port, host.code)
        token = str(welcome["token"])
        assert welcome["seat"] == 1 and welcome["moves"] == [] and welcome["game"] == "nine"
        # Out of turn: White (the host) has not moved yet.
        await client.send({"type": "move", "move": "d6", "ply": 0})
        assert (await client.receive())["reason"] == "out_of_turn"
        assert await client.closed_by_peer()
        assert host.state.history == []
        # A stranger with the code cannot take the seat the guest spoke from.
        assert await refusal_of(host.port, hello(host.code)) == "taken"
        # The guest resumes with its token; the host moves; an illegal reply is refused.
        client = await RawClient.connect(host.port)
        resumed = await client.hello(host.code, token)
        assert resumed["type"] == "welcome" and resumed["token"] == token
        await host.play_local("d6")
        assert (await client.receive())["move"] == "d6"
        await client.send({"type": "move", "move": "d6", "ply": 1})  # occupied
        refusal = await client.receive()
        assert refusal["reason"] == "illegal" and "d6" in str(refusal["detail"])
        assert await client.closed_by_peer()
        # A move at a stale ply is out of turn too; then a good move goes through.
        client = await RawClient.connect(host.port)
        await client.hello(host.code, token)
        await client.send({"type": "move", "move": "d2", "ply": 0})
        assert (await client.receive())["reason"] == "out_of_turn"
        client = await RawClient.connect(host.port)
        await client.hello(host.code, token)
        await client.send({"type": "move", "move": "d2", "ply": 1})
        arrived = await recorder.wait_for(MoveArrived)
        assert arrived == MoveArrived("d2", 1)
        assert [str(m) for m in host.state.history] == ["d6", "d2"]
        client.close()
        await host.close()

    run(scenario())


def test_a_burst_of_garbage_does_not_stop_the_real_guest() -> None:
    async def scenario() -> None:
        host, _ = await started_host()

        async def pest(index: int) -> None:
            try:
                reader, writer = await asyncio.open_connection("127.0.0.1", host.port)
                # (Wrong codes lock the address out: test_hostile_tcp covers them.)
                wrong_version = hello("ZZZZZZ", version=99)
                junk = [b"\x00" * 64, b"{not json}\n", b"x" * (MAX_FRAME * 2), wrong_version, b"{"]
                writer.write(junk[index % len(junk)])
                await writer.drain()
                await asyncio.wait_for(reader.read(), 2.0)
                writer.close()
            except (ConnectionError, TimeoutError):
                pass  # the host may cut a flood short: that is the point

        await asyncio.gather(*(pest(i) for i in range(40)))
        # Idle sockets that never say hello fill every handshake slot: they are evicted.
        idle = [await asyncio.open_connection("127.0.0.1", host.port) for _ in range(30)]
        recorder = Recorder()
        guest = Guest("127.0.0.1", host.port, host.code.lower(), report=recorder, timing=FAST)
        task = asyncio.create_task(guest.run())
        started = await recorder.wait_for(Started, timeout=FAST.handshake / 2)  # before any deadline
        assert started.seat == 1 and host.ready
        for _, writer in idle:
            writer.close()
        await host.play_local("d6")
        await recorder.wait_for(MoveArrived)
        await guest.close()
        await task
        await host.close()

    run(scenario())


@pytest.mark.parametrize(
    ("moves", "move", "ply", "reason"),
    [([], "zz9", 0, "illegal"), ([], "d6-d5", 0, "illegal"), (["d6"], "d2", 1, "out_of_turn")],
)
def test_the_guest_checks_the_hosts_moves_too(moves: list[str], move: str, ply: int, reason: str) -> None:
    """A lying host (a raw server) sending a bad move is caught by the guest."""

    async def scenario() -> None:
        async def lying_host(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            await reader.readline()
            welcome = {"type": "welcome", "version": PROTOCOL_VERSION, "game": "nine", "options": {}}
            welcome |= {"moves": moves, "seat": 1, "token": "t", "seq": 1}
            writer.write(encode(welcome))
            writer.write(encode({"type": "move", "move": move, "ply": ply, "seq": 2}))
            await writer.drain()
            await reader.read()

        server = await asyncio.start_server(lying_host, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]
        recorder = Recorder()
        guest = Guest("127.0.0.1", port, "ABCDEF", report=recorder, timing=FAST)
        await guest.run()
        ended = recorder.ended()
        assert ended is not None and ended.reason == "broken" and ended.refusal == reason
        assert guest.state is not None and [str(m) for m in guest.state.history] == moves
        server.close()

    run(scenario())


def test_a_wrong_code_ends_the_guest_with_the_reason() -> None:
    async def scenario() -> None:
        host, _ = await started_host()
        recorder = Recorder()
        await Guest("127.0.0.1", host.port, "WRONG1", report=recorder, timing=FAST).run()
        assert recorder.ended() == Ended("refused", "code", "wrong join code")
        assert not host.ready
        await host.close()

    run(scenario())
