"""A network game survives a restart of either side (issue 17, item 11): the player
that comes back with its token (and its autosaved moves) takes its own seat again, a
stranger with the code cannot, and the record that makes it possible is read with
every check. Loopback only; a "kill" drops the connection without a bye."""

from __future__ import annotations

import asyncio
import dataclasses
import os
from pathlib import Path

import pytest
from test_net_helpers import FAST, RawClient, Recorder, run

from engine.core import GameState
from engine.registry import new_state
from game.net.events import Lost, MoveArrived, Resumed, Started
from game.net.guest import Guest
from game.net.host import Host
from game.net.resume import NetResume, read_resume, write_resume


async def kill_guest(guest: Guest, task: asyncio.Task[None]) -> None:
    """What kill -9 does: the socket closes, no bye is said."""
    task.cancel()
    if guest.channel is not None:
        guest.channel.close()
    await asyncio.gather(task, return_exceptions=True)


async def kill_host(host: Host) -> None:
    if host._server is not None:
        host._server.close()
        await host._server.wait_closed()
    for channel in list(host._channels):
        channel.close()


async def play_pair(game: str = "nine") -> tuple[Host, Recorder, Guest, Recorder, asyncio.Task[None]]:
    host_events = Recorder()
    host = Host(game, {}, 0, report=host_events, timing=FAST)
    await host.start(0, "127.0.0.1")
    guest_events = Recorder()
    guest = Guest("127.0.0.1", host.port, host.code, report=guest_events, timing=FAST)
    task = asyncio.create_task(guest.run())
    await guest_events.wait_for(Started)
    await host.play_local("d6")
    await guest_events.wait_for(MoveArrived)
    await guest.play_local("d2")
    await host_events.wait_for(MoveArrived)
    return host, host_events, guest, guest_events, task


def saved_copy(state: GameState | None) -> GameState:
    assert state is not None
    return state.copy()


def test_a_restarted_guest_takes_its_seat_back_with_its_token() -> None:
    async def scenario() -> None:
        host, host_events, guest, guest_events, task = await play_pair()
        started = guest_events.of(Started)[0]
        assert started.token and started.token == host.token
        autosaved, seat = saved_copy(guest.state), guest.seat
        await kill_guest(guest, task)
        await host_events.wait_for(Lost)
        # Without the token, the code alone no longer takes the seat.
        stranger = await RawClient.connect(host.port)
        assert (await stranger.hello(host.code))["reason"] == "taken"
        stranger.close()
        events = Recorder()
        back = Guest(
            "127.0.0.1", host.port, host.code, report=events, timing=FAST,
            token=started.token, state=autosaved, seat=seat,
        )
        task = asyncio.create_task(back.run())
        await events.wait_for(Resumed)
        await host_events.wait_for(Resumed)
        await host.play_local("f4")
        assert await events.wait_for(MoveArrived) == MoveArrived("f4", 2)
        await back.close()
        await task
        await host.close()

    run(scenario())


def test_a_restarted_guest_catches_up_and_resends_the_move_its_host_never_got() -> None:
    async def scenario() -> None:
        host, host_events, guest, guest_events, task = await play_pair()
        token, seat = host.token, guest.seat
        await host.play_local("f4")
        await guest_events.wait_for(MoveArrived, 2)
        autosaved = saved_copy(guest.state)
        autosaved.play("b4")  # played and autosaved, then killed before it was sent
        await kill_guest(guest, task)
        await host_events.wait_for(Lost)
        events = Recorder()
        back = Guest(
            "127.0.0.1", host.port, host.code, report=events, timing=FAST, token=token,
            state=autosaved, seat=seat,
        )
        task = asyncio.create_task(back.run())
        await events.wait_for(Resumed)
        assert await host_events.wait_for(MoveArrived, 2) == MoveArrived("b4", 3)
        assert [str(m) for m in host.state.history] == ["d6", "d2", "f4", "b4"]
        await back.close()
        await task
        await host.close()

    run(scenario())


def test_a_restarted_guest_with_an_old_autosave_catches_up() -> None:
    async def scenario() -> None:
        host, host_events, guest, _, task = await play_pair()
        token, seat = host.token, guest.seat
        await kill_guest(guest, task)
        await host_events.wait_for(Lost)
        await host.play_local("f4")  # the host moved while the guest was away
        events = Recorder()
        back = Guest(
            "127.0.0.1", host.port, host.code, report=events, timing=FAST, token=token,
            state=new_state("nine"), seat=seat,
        )
        task = asyncio.create_task(back.run())
        await events.wait_for(Resumed)
        assert [e.move for e in events.of(MoveArrived)] == ["d6", "d2", "f4"]
        await back.close()
        await task
        await host.close()

    run(scenario())


def test_a_restarted_host_takes_its_guest_back_on_the_same_port() -> None:
    async def scenario() -> None:
        host, _, guest, guest_events, task = await play_pair()
        port, code, token = host.port, host.code, host.token
        moves = [str(m) for m in host.state.history]
        await kill_host(host)
        await guest_events.wait_for(Lost)
        again_events = Recorder()
        again = Host("nine", {}, 0, report=again_events, timing=FAST, code=code, token=token, moves=moves)
        await again.start(port, "127.0.0.1")
        await again_events.wait_for(Resumed)
        await guest_events.wait_for(Resumed)
        await again.play_local("f4")
        assert await guest_events.wait_for(MoveArrived, 2) == MoveArrived("f4", 2)
        # The restarted host keeps the seat for the token: a stranger with the code is refused.
        stranger = await RawClient.connect(port)
        assert (await stranger.hello(code))["reason"] == "taken"
        stranger.close()
        await guest.close()
        await task
        await again.close()

    run(scenario())


def test_a_guest_whose_host_never_returns_gives_up_in_the_window() -> None:
    async def scenario() -> None:
        events = Recorder()
        state = new_state("nine")
        timing = dataclasses.replace(FAST, resume_window=0.3)
        guest = Guest("127.0.0.1", 1, "ABCDEF", report=events, timing=timing, token="ab12", state=state)
        await guest.run()
        ended = events.ended()
        assert ended is not None and ended.reason == "gave_up"

    run(scenario())


# ----- the record ---------------------------------------------------------------------------
RECORD = NetResume("guest", "nine", 1, "192.168.1.5", 47470, "ABC234", "0123456789abcdef")


def test_the_record_round_trips(tmp_path: Path) -> None:
    path = tmp_path / "autosave.network.json"
    assert write_resume(path, RECORD) is None
    assert read_resume(path) == RECORD
    assert read_resume(tmp_path / "missing.json") is None


@pytest.mark.parametrize(
    "text",
    [
        b"\xff\xfe",
        b"[" * 5000,
        b"[]",
        b'{"role": "spy"}',
        b'{"role":"guest","game_id":"nine","seat":2,"address":"h","port":1,"code":"ABC234","token":"ab"}',
        b'{"role":"guest","game_id":"nine","seat":1,"address":"h","port":0,"code":"ABC234","token":"ab"}',
        b'{"role":"guest","game_id":"nine","seat":1,"address":"h","port":1,"code":"ABC2","token":"ab"}',
        b'{"role":"guest","game_id":"nine","seat":true,"address":"h","port":1,"code":"ABC234","token":"ab"}',
        b'{"role":"host","game_id":"nine","seat":0,"address":"","port":1,"code":"ABC234","token":"a b"}',
    ],
)
def test_a_damaged_record_reads_as_none(tmp_path: Path, text: bytes) -> None:
    path = tmp_path / "autosave.network.json"
    path.write_bytes(text)
    assert read_resume(path) is None


def test_a_record_that_is_a_pipe_or_a_device_reads_as_none(tmp_path: Path) -> None:
    if not hasattr(os, "mkfifo") or not Path("/dev/zero").exists():
        pytest.skip("POSIX only")
    pipe, zero = tmp_path / "pipe", tmp_path / "zero"
    os.mkfifo(pipe)
    zero.symlink_to("/dev/zero")
    assert read_resume(pipe) is None and read_resume(zero) is None
