"""Host and guest classes on loopback: whole games, cut connections that resume the
same game (whoever moved while the link was down), and players who leave."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest
from test_net_helpers import FAST, Recorder, random_mover, run, started_host

from engine.core import GameState
from game.net.events import Ended, Lost, MoveArrived, Resumed, Started
from game.net.guest import Guest
from game.net.host import Host


def moves_of(state: GameState | None) -> list[str]:
    assert state is not None
    return [str(m) for m in state.history]


async def joined(host: Host) -> tuple[Guest, Recorder, asyncio.Task[None]]:
    recorder = Recorder()
    guest = Guest("127.0.0.1", host.port, host.code, report=recorder, timing=FAST)
    task = asyncio.create_task(guest.run())
    await recorder.wait_for(Started)
    return guest, recorder, task


def cut(guest: Guest) -> None:
    """Drop the guest's connection the hard way (as a network failure would)."""
    assert guest.channel is not None
    guest.channel.writer.transport.abort()


async def play_out(
    host: Host,
    guest: Guest,
    choose: Callable[[GameState], str],
    *,
    at_ply: Callable[[int], object] | None = None,
    max_steps: int = 20000,
) -> None:
    """Each side moves when its own state says so; `at_ply(n)` runs once per ply reached."""
    reached = -1
    for _ in range(max_steps):
        state, mirror = host.state, guest.state
        assert mirror is not None
        if state.outcome() is not None and mirror.outcome() is not None and guest.ended:
            return
        if at_ply is not None and len(state.history) > reached:
            reached = len(state.history)
            result = at_ply(reached)
            if asyncio.iscoroutine(result):
                await result
        if state.outcome() is None and state.to_move == host.seat:
            await host.play_local(choose(state))
        elif mirror.outcome() is None and mirror.to_move == guest.seat:
            await guest.play_local(choose(mirror))
        await asyncio.sleep(0.001)
    raise AssertionError("the game did not finish")


@pytest.mark.parametrize("game", ["nine", "teeko", "othello"])
def test_a_whole_game_ends_the_same_on_both_sides(game: str) -> None:
    async def scenario() -> None:
        host, host_events = await started_host(game, seat=1)  # the guest starts this time
        guest, guest_events, task = await joined(host)
        assert guest.seat == 0
        await play_out(host, guest, random_mover(7))
        await host_events.wait_for(Ended)
        assert moves_of(host.state) == moves_of(guest.state)
        assert host.state.outcome() == guest.state.outcome() if guest.state else False
        assert host_events.ended() == Ended("over") and guest_events.ended() == Ended("over")
        arrived = [e.move for e in guest_events.of(MoveArrived)]
        assert arrived == moves_of(host.state)[1::2]  # the host's moves, the odd plies
        await task
        await host.close()

    run(scenario())


@pytest.mark.parametrize("who_moves_while_down", ["nobody", "host", "guest"])
def test_a_cut_connection_resumes_the_same_game(who_moves_while_down: str) -> None:
    async def scenario() -> None:
        host, host_events = await started_host("nine", seat=0)
        guest, guest_events, task = await joined(host)
        choose = random_mover(3)
        cut_at = 6 if who_moves_while_down != "guest" else 7  # host to move at 6, guest at 7

        async def maybe_cut(ply: int) -> None:
            if ply != cut_at:
                return
            cut(guest)
            if who_moves_while_down == "host":
                await host.play_local(choose(host.state))
            elif who_moves_while_down == "guest":
                assert guest.state is not None
                await guest.play_local(choose(guest.state))
            await guest_events.wait_for(Resumed)

        await play_out(host, guest, choose, at_ply=maybe_cut)
        await host_events.wait_for(Ended)
        assert moves_of(host.state) == moves_of(guest.state)
        assert host_events.ended() == Ended("over")
        assert guest_events.of(Lost) and guest_events.of(Resumed)
        assert host_events.of(Lost) and host_events.of(Resumed)
        # Every host move reached the guest exactly once, caught up or not.
        arrived = [e.move for e in guest_events.of(MoveArrived)]
        assert arrived == moves_of(host.state)[0::2]
        await task
        await host.close()

    run(scenario())


def test_the_guest_learns_when_the_host_leaves() -> None:
    async def scenario() -> None:
        host, _ = await started_host()
        _, guest_events, task = await joined(host)
        await host.play_local("d6")
        await guest_events.wait_for(MoveArrived)
        await host.close()
        await task
        assert guest_events.ended() == Ended("left", detail="left")

    run(scenario())


def test_the_host_learns_when_the_guest_leaves() -> None:
    async def scenario() -> None:
        host, host_events = await started_host()
        guest, _, task = await joined(host)
        await guest.close()
        await task
        assert (await host_events.wait_for(Ended)) == Ended("left", detail="left")
        await host.close()

    run(scenario())


def test_a_guest_gives_up_when_the_host_never_comes_back() -> None:
    async def scenario() -> None:
        host, _ = await started_host()
        recorder = Recorder()
        quick = type(FAST)(**{**FAST.__dict__, "resume_window": 0.4})
        guest = Guest("127.0.0.1", host.port, host.code, report=recorder, timing=quick)
        task = asyncio.create_task(guest.run())
        await recorder.wait_for(Started)
        assert host._server is not None
        host._server.close()  # the host vanishes: no bye, no listening socket
        for channel in list(host._channels):
            channel.writer.transport.abort()
        await task
        assert recorder.of(Lost) and recorder.ended() is not None
        assert recorder.ended().reason == "gave_up"  # type: ignore[union-attr]

    run(scenario())
