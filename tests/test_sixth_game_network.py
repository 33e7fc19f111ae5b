"""The sixth game from the tests folder plays over the network protocol too: a host and
a guest on loopback play tic-tac-toe to its end, with no change to shared code."""

from __future__ import annotations

import asyncio

from plugins.tictactoe import TICTACTOE
from test_net_helpers import FAST, Recorder, run

from engine.registry import register, unregister
from game.net.events import MoveArrived, Started
from game.net.guest import Guest
from game.net.host import Host

X_WINS = ("a1", "a2", "b2", "b1", "c3")  # the diagonal a1-b2-c3: the host (first) wins


def test_tic_tac_toe_is_played_to_its_end_over_the_network() -> None:
    register(TICTACTOE)

    async def scenario() -> None:
        host_events, guest_events = Recorder(), Recorder()
        host = Host(TICTACTOE.id, {}, 0, report=host_events, timing=FAST)
        await host.start(0, "127.0.0.1")
        guest = Guest("127.0.0.1", host.port, host.code, report=guest_events, timing=FAST)
        task = asyncio.create_task(guest.run())
        started = await guest_events.wait_for(Started)
        assert started.game_id == TICTACTOE.id
        for ply, move in enumerate(X_WINS):
            if ply % 2 == 0:
                await host.play_local(move)
                await guest_events.wait_for(MoveArrived, count=ply // 2 + 1)
            else:
                await guest.play_local(move)
                await host_events.wait_for(MoveArrived, count=ply // 2 + 1)
        assert guest.state is not None and host.state is not None
        assert [str(m) for m in guest.state.history] == [str(m) for m in host.state.history] == list(X_WINS)
        outcome = guest.state.outcome()
        assert outcome is not None and outcome.winner == 0
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        await host.close()

    try:
        run(scenario())
    finally:
        unregister(TICTACTOE.id)
