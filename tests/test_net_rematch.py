"""A rematch over the network (issue 17, item 13): after the end the link stays open;
one side asks, the other accepts or declines; an accepted rematch starts the same game
with the colours swapped on both sides. Loopback only, bounded waits."""

from __future__ import annotations

import asyncio

from test_net_helpers import RawClient, Recorder, close_pair, joined_pair, random_mover, run, started_host
from test_net_resume import play_out

from engine.core import EngineError
from game.net.events import Ended, MoveArrived, RematchDeclined, RematchOffered, Started
from game.net.guest import Guest
from game.net.host import Host


async def finished_pair(game: str = "teeko") -> tuple[Host, Recorder, Guest, Recorder, asyncio.Task[None]]:
    host, host_events, guest, guest_events, task = await joined_pair(game)
    await play_out(host, guest, random_mover(3))
    await host_events.wait_for(Ended)
    assert host_events.ended() == Ended("over") and guest_events.ended() == Ended("over")
    assert guest.lingering and not task.done()  # the link stays open after the end
    return host, host_events, guest, guest_events, task


def test_the_guest_asks_the_host_accepts_and_the_colours_swap() -> None:
    async def scenario() -> None:
        host, host_events, guest, guest_events, task = await finished_pair()
        await guest.offer_rematch()
        await host_events.wait_for(RematchOffered)
        await host.answer_rematch(True)
        started = await guest_events.wait_for(Started, 2)
        assert started.seat == 0 and started.moves == () and guest.seat == 0
        assert (await host_events.wait_for(Started, 2)).seat == 1 and host.seat == 1
        assert guest.state is not None and guest.state.history == [] and host.state.history == []
        # The new game is played: the guest now moves first.
        move = str(guest.state.legal_moves()[0])
        seen = len(host_events.of(MoveArrived))
        await guest.play_local(move)
        assert await host_events.wait_for(MoveArrived, seen + 1) == MoveArrived(move, 0)
        await close_pair(host, guest, task)

    run(scenario())


def test_the_host_asks_and_the_guest_declines() -> None:
    async def scenario() -> None:
        host, host_events, guest, guest_events, task = await finished_pair()
        await host.offer_rematch()
        await guest_events.wait_for(RematchOffered)
        await guest.answer_rematch(False)
        await host_events.wait_for(RematchDeclined)
        assert len(host_events.of(Started)) == 1 and host.seat == 0  # nothing restarted
        await close_pair(host, guest, task)
        assert host_events.of(Ended)[-1] == Ended("over")

    run(scenario())


def test_both_asking_at_once_starts_the_rematch() -> None:
    async def scenario() -> None:
        host, host_events, guest, guest_events, task = await finished_pair()
        await asyncio.gather(host.offer_rematch(), guest.offer_rematch())
        await host_events.wait_for(Started, 2)
        await guest_events.wait_for(Started, 2)
        assert (host.seat, guest.seat) == (1, 0)
        await close_pair(host, guest, task)

    run(scenario())


def test_no_rematch_before_the_end() -> None:
    async def scenario() -> None:
        host, _ = await started_host("teeko")
        client = await RawClient.connect(host.port)
        assert (await client.hello(host.code))["type"] == "welcome"
        await client.send({"type": "rematch"})
        assert (await client.receive())["reason"] == "unexpected"
        try:
            await host.offer_rematch()
        except EngineError:
            pass
        else:
            raise AssertionError("a rematch before the end must be refused")
        client.close()
        await host.close()

    run(scenario())
